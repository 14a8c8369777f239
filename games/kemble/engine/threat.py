"""Threat: the uneven track, resolving threat, adding new threat (kemble:R31, R32, R33, R42)."""

from __future__ import annotations

from games.kemble.engine import board
from games.kemble.engine.content import CONTENT, Quadrant
from games.kemble.engine.destruction import damage_ship
from games.kemble.engine.state import Ctx, Player, State


def step_cost(level: int) -> int:
    """Threat points to go from ``level`` to ``level + 1`` (R33): 1 below 5, then 2 (RULINGS: above 7 too)."""
    return 1 if level < 5 else 2


def add_points(p: Player, points: int) -> None:
    """Move the threat marker right by ``points`` threat symbols (R33)."""
    level, partial = p["threat"]
    for _ in range(points):
        partial += 1
        if partial >= step_cost(level):
            level += 1
            partial = 0
    p["threat"] = [level, partial]


def reduce_levels(p: Player, levels: int) -> None:
    """Dodging (R21) and threat-reducing power-ups: down ``levels`` levels, partial points cleared (R33)."""
    if levels <= 0:
        return
    p["threat"] = [max(0, p["threat"][0] - levels), 0]


def give_threat(ctx: Ctx, seat: int, points: int, source: str) -> None:
    """Threat for an on-board player only: astral players cannot receive threat (R51)."""
    p = ctx.player(seat)
    if points <= 0 or p["pos"] is None:
        return
    add_points(p, points)
    ctx.emit("threat_added", seat=seat, points=points, level=p["threat"][0], partial=p["threat"][1], source=source)


def resolve_threat(ctx: Ctx, seat: int) -> None:
    """R31: Shield first lowers the level, then lose energy equal to the level; the level returns to 0."""
    p = ctx.player(seat)
    level = p["threat"][0]
    shield = _shield(p) + p["shield_bonus"]
    p["shield_bonus"] = 0
    level = max(0, level - shield)
    p["threat"] = [0, 0]
    ctx.emit("threat_resolved", seat=seat, level=level, shield=shield)
    if level:
        damage_ship(ctx, seat, level, "threat")


def _shield(p: Player) -> int:
    lvl = p["upgrades"].get("shield", 0)
    return CONTENT.upgrades["shield"]["levels"][lvl - 1]["reduce"] if lvl else 0


def _enemy_line_clear(state: State, start: tuple[int, int], target: tuple[int, int], direction: str,
                      gamma: bool) -> bool:
    """Is ``target`` on the line of fire from ``start`` (R32)? Enemy fire passes enemies, not other blockers."""
    smap = board.ships(state)
    for r, c in board.line(state, start[0], start[1], direction):
        if (r, c) == target:
            return True
        if gamma:
            continue
        if (r, c) in smap:
            return False
        q = board.quad(state, r, c)
        if q.blocking and not q.enemy:
            return False
    return False


def threat_from(state: State, qr: int, qc: int, pos: tuple[int, int]) -> int:
    """Threat points one quadrant gives a ship at ``pos`` (R32, non-summing rule and RULINGS A6)."""
    q = board.quad(state, qr, qc)
    points = q.omni
    if board.adjacent((qr, qc), pos):
        return points + adjacent_points(state, q)
    points += _line_points(state, qr, qc, pos, q)
    return points


def adjacent_points(state: State, q: Quadrant) -> int:
    """What an enemy gives an adjacent ship (R32, never regular and distant added; RULINGS A6 option)."""
    if q.threat:
        return int(q.threat)
    if state["options"].get("adjacent_distant", "counts") == "ignored":
        return 0
    return sum(n for _, n in q.distant) + sum(n for _, n in q.gamma_distant)


def _line_points(state: State, qr: int, qc: int, pos: tuple[int, int], q: Quadrant) -> int:
    points = 0
    for direction, n in q.distant:
        if _enemy_line_clear(state, (qr, qc), pos, direction, gamma=False):
            points += n
    for direction, n in q.gamma_distant:
        if _enemy_line_clear(state, (qr, qc), pos, direction, gamma=True):
            points += n
    return points


def new_threat_points(state: State, seat: int) -> int:
    p = state["players"][seat]
    if p["pos"] is None:
        return 0
    pos = (p["pos"][0], p["pos"][1])
    total = 0
    for r, c, q in board.all_quadrants(state):
        if (r, c) == pos:
            continue
        if q.threat or q.distant or q.gamma_distant or q.omni:
            total += threat_from(state, r, c, pos)
    return total


def add_new_threat(ctx: Ctx, seat: int) -> None:
    """R32: from the final position, add the threat to dodge next turn."""
    give_threat(ctx, seat, new_threat_points(ctx.state, seat), "position")


def new_row_threat(ctx: Ctx) -> None:
    """R42: the new row's threats go at once to players in the new row 2 (RULINGS A7: adjacency only)."""
    state = ctx.state
    if board.num_rows(state) < 2:
        return
    for p in state["players"]:
        if p["pos"] is None or p["pos"][0] != 2:
            continue
        points = 0
        for c in range(1, board.num_cols(state) + 1):
            q = board.quad(state, 1, c)
            if board.adjacent((1, c), p["pos"]):
                points += adjacent_points(state, q)
        give_threat(ctx, p["seat"], points, "new_row")
