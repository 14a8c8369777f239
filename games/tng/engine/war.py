"""Battles between players, started by a War event (tng:R25, R29-R33, R61).

Stage ``war``: from the active player clockwise, the seat ``order[idx]`` plays one Character or Maneuver or
passes; the loop ends when every participant has passed in succession (R29). Stage ``war_fire``: ships fire in
Speed order, equal Speeds at once with the assignments made clockwise from the active player (R30); each
attacker picks a target among the undefeated opponents (RULINGS B11), never a teammate (R61).
"""

from __future__ import annotations

from typing import Any

from games.engine.core import IllegalCommand
from games.tng.engine.actions import play_card, use_ability
from games.tng.engine.mechanics import (
    battle_hit,
    close_battle,
    draw,
    fresh_shields,
    open_battle,
    stats,
    to_points,
)
from games.tng.engine.state import HAND_SIZE, Ctx, State, bump, clockwise_from, team_of


def participants(state: State, active: int) -> list[int]:
    """RULINGS R31: every player still in the game takes part, in clockwise order from the active player."""
    return [s for s in clockwise_from(state, active) if not state["players"][s]["resigned"]]


def start(ctx: Ctx, seat: int, inst: str) -> None:
    s = ctx.state
    order = participants(s, seat)
    s["stage"] = {"kind": "war", "card": inst, "seat": seat, "order": order, "idx": 0, "passes": 0,
                  "played": {str(x): 0 for x in order}}
    ctx.emit("war_started", seat=seat, card=inst, order=order)
    open_battle(ctx, "war", inst)


def current(stage: dict[str, Any]) -> int:
    seat: int = stage["order"][stage["idx"]]
    return seat


def war_play(ctx: Ctx, seat: int, inst: str) -> None:
    stage = ctx.state["stage"]
    play_card(ctx, seat, inst)
    stage["played"][str(seat)] += 1
    stage["passes"] = 0
    _advance(ctx)


def war_ability(ctx: Ctx, seat: int, target: int) -> None:
    """R29: a go in the loop is "1 card/effect": the starting ship's effect (R41, R56) counts like a card
    played (RULINGS: starting ship effects in a War)."""
    stage = ctx.state["stage"]
    use_ability(ctx, seat, target)
    stage["passes"] = 0
    _advance(ctx)


def war_pass(ctx: Ctx, seat: int) -> None:
    stage = ctx.state["stage"]
    stage["passes"] += 1
    ctx.emit("battle_passed", seat=seat)
    if stage["passes"] >= len(stage["order"]):
        start_fire(ctx)
    else:
        _advance(ctx)


def _advance(ctx: Ctx) -> None:
    stage = ctx.state["stage"]
    stage["idx"] = (stage["idx"] + 1) % len(stage["order"])
    bump(ctx.state)


def opponents(state: State, seat: int, among: list[int]) -> list[int]:
    mates = set(team_of(state, seat))
    return [x for x in among if x not in mates]


def start_fire(ctx: Ctx) -> None:
    s = ctx.state
    stage = s["stage"]
    order = stage["order"]
    speeds = {x: stats(s, x)["speed"] for x in order}
    groups: list[list[int]] = []
    for speed in sorted(set(speeds.values()), reverse=True):
        groups.append([x for x in order if speeds[x] == speed])  # clockwise from the active player
    s["stage"] = {"kind": "war_fire", "card": stage["card"], "seat": stage["seat"], "order": order,
                  "played": stage["played"], "groups": groups, "gi": 0, "ai": 0, "hits": [], "defeated": [],
                  "alive_at_group": list(order)}
    ctx.emit("war_fire_started", groups=groups)
    fresh_shields(ctx, order)
    _fire_loop(ctx)


def targets(state: State, seat: int) -> list[int]:
    stage = state["stage"]
    return opponents(state, seat, [x for x in stage["alive_at_group"] if x not in stage["defeated"]])


def attacker(stage: dict[str, Any]) -> int | None:
    if stage["gi"] >= len(stage["groups"]):
        return None
    seat: int = stage["groups"][stage["gi"]][stage["ai"]]
    return seat


def _fire_loop(ctx: Ctx) -> None:
    """Run the fire sequence until an attacker must choose a target or the battle is over."""
    s = ctx.state
    while s["phase"] != "over":
        stage = s["stage"]
        if stage["gi"] >= len(stage["groups"]):
            finish(ctx)
            return
        group = stage["groups"][stage["gi"]]
        if stage["ai"] >= len(group):
            _apply_group_hits(ctx)
            continue
        seat = group[stage["ai"]]
        options = targets(s, seat)
        if seat in stage["defeated"] or not options or stats(s, seat)["attack"] <= 0:
            stage["ai"] += 1
            continue
        if len(options) == 1:
            stage["hits"].append([seat, options[0]])
            ctx.emit("target_chosen", seat=seat, target=options[0])
            stage["ai"] += 1
            continue
        bump(s)
        return  # the attacker chooses (command ``target``)


def choose_target(ctx: Ctx, seat: int, target: int) -> None:
    s = ctx.state
    stage = s["stage"]
    if target not in targets(s, seat):
        raise IllegalCommand("bad_target", "tng:R61", target=target)
    stage["hits"].append([seat, target])
    ctx.emit("target_chosen", seat=seat, target=target)
    stage["ai"] += 1
    _fire_loop(ctx)


def _apply_group_hits(ctx: Ctx) -> None:
    """Equal Speeds fire at once: every assignment of the group lands after all were chosen (R30)."""
    s = ctx.state
    stage = s["stage"]
    amounts = [(a, t, stats(s, a)["attack"]) for a, t in stage["hits"]]
    for a, t, amount in amounts:
        if t in stage["defeated"]:
            continue
        if battle_hit(ctx, t, amount, by=a):
            stage["defeated"].append(t)
    stage["hits"] = []
    stage["gi"] += 1
    stage["ai"] = 0
    stage["alive_at_group"] = [x for x in stage["order"] if x not in stage["defeated"]]


def war_winner(state: State, stage: dict[str, Any]) -> int | None:
    """R31: the undefeated ship with the highest Attack, then Speed, then Diplomacy, then the player
    closest clockwise to the active player (the active player first). A player who resigned cannot win it;
    a battle ended in its card-play loop (a resignation) has no defeated ship yet."""
    defeated = stage.get("defeated", [])
    alive: list[int] = [x for x in stage["order"] if x not in defeated and not state["players"][x]["resigned"]]
    if not alive:
        return None

    def key(x: int) -> tuple[int, int, int, int]:
        st = stats(state, x)
        return (-st["attack"], -st["speed"], -st["diplomacy"], stage["order"].index(x))

    return min(alive, key=key)


def finish(ctx: Ctx) -> None:
    s = ctx.state
    stage = s["stage"]
    inst = stage["card"]
    active = stage["seat"]
    winner = war_winner(s, stage)
    defeated = list(stage.get("defeated", []))
    s["stage"] = None
    bump(s)
    s["space"]["revealed"].remove(inst)
    # R32: everyone but the active player discards what they played and draws as many (at most 5)
    for x in stage["order"]:
        if x == active or x in defeated or s["players"][x]["resigned"]:
            continue
        p = ctx.player(x)
        n_played = len(p["played"])
        p["discard"] += p["played"]
        p["played"] = []
        if s["options"]["battle_draw"] == "refill_hand":
            want = max(0, HAND_SIZE - len(p["hand"]))
        else:
            want = min(HAND_SIZE, n_played)
        if want:
            draw(ctx, x, want, "after_battle")
    ctx.emit("war_ended", card=inst, winner=winner, defeated=defeated)
    close_battle(ctx, winner=winner, defeated=defeated)
    if winner is None:
        s["space"]["deck"].insert(0, inst)
    else:
        to_points(ctx, winner, inst, "war")
