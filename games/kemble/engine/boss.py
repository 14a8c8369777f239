"""Bosses, mini bosses and the special rules their cards carry (kemble:R45, R46, R47)."""

from __future__ import annotations

from games.kemble.engine import board
from games.kemble.engine.content import CONTENT, Rule, side
from games.kemble.engine.effects import apply_effects
from games.kemble.engine.state import Ctx, State


def boss_numbers(state: State) -> list[list[int]]:
    """R46: boss cards by player count: 1-3 (+5-7), all of 1-4 (+5-8), solo 2-3 (+6-7)."""
    boss = CONTENT.bosses[state["boss"]]
    if state["options"]["solo"]:
        rows = [[2, 3], [6, 7]]
    elif state["width"] == 3:
        rows = [[1, 2, 3], [5, 6, 7]]
    else:
        rows = [[1, 2, 3, 4], [5, 6, 7, 8]]
    return rows[: boss.rows]


def reveal_boss(ctx: Ctx, warning: str) -> None:
    """R45: the warning card is placed face up; its boss's rows join the scroll (RULINGS A8)."""
    state = ctx.state
    state["boss"] = CONTENT.warnings[warning]
    rows = [[CONTENT.bosses[state["boss"]].cards[n] for n in numbers] for numbers in boss_numbers(state)]
    state["boss_rows"] = rows
    state["boss_parts"] = sum(1 for row in rows for cid in row for q in CONTENT.card(cid).front
                              if q.object == "boss_part" and q.energy is not None)
    ctx.emit("boss_revealed", boss=state["boss"], warning=warning, rows=len(rows))


def _players_for(state: State, rule: Rule, actor: int | None, spots: list[tuple[int, int]]) -> list[int]:
    t = rule.target
    out: list[int] = []
    for p in state["players"]:
        if p["resigned"]:
            continue
        pos = p["pos"]
        if t == "actor":
            ok = p["seat"] == actor
        elif t == "actor_if_adjacent":
            ok = p["seat"] == actor and pos is not None and any(board.adjacent(s, pos) for s in spots)
        elif t == "all_players":
            ok = True
        elif pos is None:
            ok = False
        elif t == "all_on_board":
            ok = True
        elif t == "adjacent":
            ok = any(board.adjacent(s, pos) for s in spots)
        elif t == "same_row":
            ok = any(s[0] == pos[0] for s in spots)
        else:  # same_column
            ok = any(s[1] == pos[1] for s in spots)
        if ok:
            out.append(p["seat"])
    return out


def fire_rule(ctx: Ctx, rule_id: str, actor: int | None, spots: list[tuple[int, int]]) -> None:
    rule = CONTENT.rules[rule_id]
    targets = _players_for(ctx.state, rule, actor, spots)
    ctx.emit("special_rule_triggered", rule=rule_id, trigger=rule.trigger, targets=targets)
    for seat in targets:
        apply_effects(ctx, seat, rule.effects, rule_id)


def trigger_entered(ctx: Ctx, seat: int, rule_id: str) -> None:
    if CONTENT.rules[rule_id].trigger == "on_entered":
        pos = ctx.player(seat)["pos"]
        fire_rule(ctx, rule_id, seat, [(pos[0], pos[1])])


def trigger_destroyed(ctx: Ctx, seat: int, rule_id: str, r: int, c: int) -> None:
    if CONTENT.rules[rule_id].trigger == "on_destroyed":
        fire_rule(ctx, rule_id, seat, [(r, c)])


def trigger_board(ctx: Ctx, trigger: str, actor: int | None, rows: list[int] | None = None) -> None:
    """Fire ``trigger`` rules once per card carrying them (uncovered quadrants only)."""
    state = ctx.state
    found: list[tuple[str, list[tuple[int, int]]]] = []
    for r in rows or range(1, board.num_rows(state) + 1):
        for cc, slot in enumerate(state["board"][r - 1]):
            per_card: dict[str, list[tuple[int, int]]] = {}
            quads = side(slot["card"], slot["flip"])
            for half in (0, 1):
                q = quads[half]
                if q.special and slot["cover"][half] is None and CONTENT.rules[q.special].trigger == trigger:
                    per_card.setdefault(q.special, []).append((r, 2 * cc + half + 1))
            found.extend(per_card.items())
    for rule_id, spots in found:
        fire_rule(ctx, rule_id, actor, spots)
