"""The Borg Invasion scenario (tng:R40-R55a): one group turn per round, cooperative.

A round: the group explores (automatic step ``explore``), resolves the card (events with the group's goal,
Borg Cube battles, a face-up non-Borg ship), then every player acts on their own in any order and declares
``done``; when all have, the automatic ``end_round`` discards and draws 5 for everyone.
"""

from __future__ import annotations

from typing import Any

from games.engine.core import IllegalCommand
from games.engine.core.errors import RulesError
from games.tng.engine.actions import diplomacy_ok
from games.tng.engine.content import STATS, card
from games.tng.engine.ending import end_game, group_loses
from games.tng.engine.mechanics import (
    apply_effects,
    battle_hit,
    close_battle,
    discard_to_supply,
    draw,
    enemy_hit,
    fresh_shields,
    goal_met,
    open_battle,
    shields_left,
    stats,
    to_points,
)
from games.tng.engine.state import (
    HAND_SIZE,
    Ctx,
    State,
    bump,
    fighters,
    group_seats,
    in_game,
    pop_space,
    teams_play,
)

GROUP_SEARCHES = 3  # R44


def start_round(ctx: Ctx, team: int | None = None) -> None:
    """A group turn begins: the whole group's, or in team play the given team's (RULINGS B29)."""
    s = ctx.state
    s["phase"] = "group"
    if teams_play(s) and team is None:
        team = s["players"][s["first"]]["team"]
    s["group"] = {"searches": GROUP_SEARCHES, "forced": 0, "step": "explore", "team": team}
    for x in group_seats(s):
        s["players"][x].update({"done": False, "defeated": False, "discard_phase": False, "acted": False, "xp": 0,
                                "boost": {}, "shield_used": 0, "ability_used": False})
    bump(s)
    if team is None:
        ctx.emit("round_started", round=s["round"])
    else:
        ctx.emit("team_turn_started", round=s["round"], team=team, order=group_seats(s))


def lead(state: State) -> int:
    """RULINGS R54: the group's choices are entered by the first player still in the game (not defeated this
    round if any is, else in the group, else in the game). With nobody left in the game it has already
    ended (R49.2, a resignation), so no choice is asked for: a state asking it is broken (RulesError)."""
    order: list[int] = [(state["first"] + i) % state["n"] for i in range(state["n"])]
    live = fighters(state) or group_seats(state) or in_game(state)
    for seat in order:
        if seat in live:
            return seat
    raise RulesError("no seat is left in the game to lead the Borg group")


def group_values(state: State) -> dict[str, int]:
    """RULINGS R46/B19: a group goal is met by the group's combined ships and played cards."""
    total = dict.fromkeys((*STATS, "characters"), 0)
    for seat in fighters(state):
        for k, v in stats(state, seat).items():
            total[k] += v
    return total


def group_goal(state: State, goal: dict[str, int]) -> dict[str, int]:
    """RULINGS B19: Borg goals are printed per captain: the group needs them times the captains in the game."""
    return {k: v * len(group_seats(state)) for k, v in goal.items()}


# --- exploring ---------------------------------------------------------------------------------------

def explore(ctx: Ctx) -> None:
    s = ctx.state
    g = s["group"]
    if not s["space"]["deck"]:
        group_loses(ctx, "space_deck_exhausted")  # RULINGS B26
        return
    inst = pop_space(s)
    ctx.revealing = True
    ctx.emit("card_explored", seat=None, card=inst, card_type=card(inst).type)
    if card(inst).invasion:
        invade(ctx, inst)
    else:
        s["queue"].insert(0, inst)
    g["step"] = "resolve"
    advance(ctx)


def _rank(inst: str) -> int:
    """R55: the order in which the cards an Invasion drew are resolved: Events, Borg ships, Locutus, the
    other (fleeing) ships."""
    k = card(inst)
    if k.type == "event" and not k.locutus:
        return 0
    if k.type == "cube":
        return 1
    if k.locutus:
        return 2
    return 3


def invade(ctx: Ctx, inst: str) -> None:
    """R55: a Borg Invasion reveals the cards printed on it; they join the cards still to resolve, in the
    Invasion order (``_rank``, drawing order within a kind). A Borg Invasion drawn by another one is an Event
    of the Invasion: its effect, drawing its cards, applies too."""
    s = ctx.state
    c = card(inst)
    s["space"]["box"].append(inst)
    apply_effects(ctx, lead(s), c.flip, inst)
    drawn = []
    for _ in range(c.invasion):
        if s["space"]["deck"]:
            drawn.append(pop_space(s))
    ctx.emit("invasion_revealed", cards=drawn)
    s["queue"] = sorted(s["queue"] + drawn, key=_rank)  # stable: cards drawn earlier first


def advance(ctx: Ctx) -> None:
    """Resolve queued cards until one needs the players; then explore again if forced, else act."""
    s = ctx.state
    g = s["group"]
    while s["phase"] == "group" and s["stage"] is None:
        if s["queue"]:
            if _rank(s["queue"][0]) in (1, 2):
                _draw_borg_ships(ctx)
                if s["phase"] != "group":
                    return
            reveal(ctx, s["queue"].pop(0))
            continue
        if g["step"] == "resolve":
            if g["forced"] > 0:
                g["forced"] -= 1
                g["step"] = "explore"
            else:
                g["step"] = "actions"
            bump(s)
        return


def _draw_borg_ships(ctx: Ctx) -> None:
    """R55.2-3 (R49.5, R50): before the first battle, every Borg ship still to resolve has what it does when
    drawn (the Borg cards in hand are revealed, its strike, its Flip), in order, and then Locutus its Flip:
    the battles start after the Invasion is resolved, Locutus's goal after every battle. A Cube drawn alone
    is the same: drawn, then fought."""
    s = ctx.state
    drawn = s["space"].setdefault("drawn", {})
    for inst in [x for x in s["queue"] if _rank(x) in (1, 2) and x not in drawn]:
        if s["phase"] != "group":
            return
        c = card(inst)
        if c.type == "cube":
            drawn[inst] = _cube_drawn(ctx, inst)
        else:
            drawn[inst] = {}
            apply_effects(ctx, lead(s), c.flip, inst)


def _cube_drawn(ctx: Ctx, inst: str) -> dict[str, Any]:
    """R49.5: the group's Borg cards in hand are revealed (+1 each to the Cube); R50: the Cube strikes every
    holder; then its Flip. The strikes open the Cube's battle record, kept aside until its battle starts. The
    reveal event's ``bonus`` is the revealed cards' part only: the Cubes defeated before the battle (R51) are
    known when it starts (``cube_battle_started``), under an Invasion after other battles."""
    s = ctx.state
    c = card(inst)
    group = group_seats(s)  # RULINGS B29: in team play, the team on turn fights the Cube
    counts = {str(x): sum(1 for h in s["players"][x]["hand"] if card(h).type == "borg") for x in group}
    revealed = sum(counts.values())
    ctx.emit("borg_cards_revealed", counts=counts, bonus=revealed, card=inst)
    fresh_shields(ctx, group)
    open_battle(ctx, "cube", inst)
    for x in group:
        if counts[str(x)] > 0 and s["phase"] == "group" and c.strike > 0:
            battle_hit(ctx, x, c.strike, by_card=inst)  # R50: the Cube's strike on reveal
    if s["phase"] == "group":
        apply_effects(ctx, lead(s), c.flip, inst)
    battles = s.get("battles") or []
    record = None
    if s["phase"] == "group" and battles and battles[-1]["card"] == inst and not battles[-1]["over"]:
        record = battles.pop()  # (a game the strike ended keeps it on show)
    return {"revealed": revealed, "battle": record}


def reveal(ctx: Ctx, inst: str) -> None:
    s = ctx.state
    c = card(inst)
    sp = s["space"]
    sp["revealed"].append(inst)
    bump(s)
    leader = lead(s)
    if c.type == "event" and c.invasion:  # R55: an Invasion drawn by an Invasion draws its cards too
        sp["revealed"].remove(inst)
        invade(ctx, inst)
    elif c.type == "event":  # R46.1
        drawn = sp.get("drawn") or {}
        if inst in drawn:  # R55.3: Locutus's Flip was applied when the Invasion drew it
            del drawn[inst]
        else:
            apply_effects(ctx, leader, c.flip, inst)
        if s["phase"] == "over":
            return
        if not c.locutus:
            apply_effects(ctx, leader, c.effects, inst)
            if s["phase"] == "over":
                return
        if c.goal is not None:
            s["stage"] = {"kind": "event", "card": inst, "ready": []}
            _maybe_resolve(ctx)
        else:
            sp["revealed"].remove(inst)
            sp["box"].append(inst)
    elif c.type == "cube":  # R49.5, R50, R51, R53: drawn (``_draw_borg_ships``), now fought
        drawn = sp.setdefault("drawn", {})
        on_draw = drawn.pop(inst, None) or _cube_drawn(ctx, inst)
        if s["phase"] != "group":
            return
        bonus = on_draw["revealed"] + len(sp["cubes"])  # R51: the Cubes defeated before this battle
        s["stage"] = {"kind": "cube", "card": inst, "ready": [], "maneuvers": {}, "bonus": bonus,
                      "dealt": 0}
        ctx.emit("cube_battle_started", card=inst, bonus=bonus, revealed=on_draw["revealed"],
                 cubes=len(sp["cubes"]))
        if on_draw["battle"] is not None:
            s.setdefault("battles", []).append(on_draw["battle"])
        else:
            open_battle(ctx, "cube", inst)
        _maybe_resolve(ctx)
    else:  # R46.3, R48: a ship (the only other type in this Space Deck), face up for the turn, diplomacy only
        apply_effects(ctx, leader, c.flip, inst)  # RULINGS B28: field I, on any card drawn
        if s["phase"] != "group":
            return
        ctx.emit("ship_face_up", card=inst)


def cube_stats(state: State) -> dict[str, int]:
    stage = state["stage"]
    c = card(stage["card"])
    return {k: c.stat(k) + stage["bonus"] for k in STATS}


def ready(ctx: Ctx, seat: int) -> None:
    stage = ctx.state["stage"]
    stage["ready"].append(seat)  # only a seat still waiting is asked (``waiting_ready``)
    ctx.emit("player_ready", seat=seat)
    _maybe_resolve(ctx)


def waiting_ready(state: State) -> list[int]:
    stage = state["stage"]
    return [x for x in fighters(state) if x not in stage["ready"]]


def _maybe_resolve(ctx: Ctx) -> None:
    s = ctx.state
    if s["phase"] != "group" or s["stage"] is None or waiting_ready(s):
        return
    if s["stage"]["kind"] == "event":
        _resolve_event(ctx)
    else:
        _resolve_cube(ctx)
    if s["phase"] == "group" and s["stage"] is None:
        advance(ctx)


def _resolve_event(ctx: Ctx) -> None:
    s = ctx.state
    inst = s["stage"]["card"]
    c = card(inst)
    s["stage"] = None
    bump(s)
    s["space"]["revealed"].remove(inst)
    if fighters(s) and goal_met(s, lead(s), group_goal(s, c.goal or {}), group_values(s)):
        ctx.emit("event_succeeded", seat=None, card=inst)
        if c.locutus:  # R42
            s["space"]["box"].append(inst)
            end_game(ctx, "locutus_defeated", winners=group_seats(s))
            return
        s["space"]["box"].append(inst)
    else:
        ctx.emit("event_failed", seat=None, card=inst)
        if c.locutus:  # RULINGS B19: Locutus returns under the Space Deck
            s["space"]["deck"].insert(0, inst)
        else:
            s["space"]["box"].append(inst)
        apply_effects(ctx, lead(s), c.failure, inst)


def _fire_at_cube(ctx: Ctx, seats: list[int]) -> None:
    s = ctx.state
    stage = s["stage"]
    cube = cube_stats(s)
    for x in seats:
        amount = stats(s, x)["attack"]
        before = max(0, stage["dealt"] - cube["shields"])
        stage["dealt"] += amount
        after = max(0, stage["dealt"] - cube["shields"])
        if amount > 0:
            enemy_hit(ctx, x, stage["card"], amount, after - before, after >= cube["defense"])
    stage["net"] = max(0, stage["dealt"] - cube["shields"])


def _resolve_cube(ctx: Ctx) -> None:
    """R53: players faster than the Cube fire first; then the Cube and the equal-Speed ships at once; then
    the slower ships that survive. The Cube's damage is allocated by the players (R54)."""
    s = ctx.state
    stage = s["stage"]
    cube = cube_stats(s)
    live = fighters(s)
    speeds = {x: stats(s, x)["speed"] for x in live}
    stage["net"] = 0
    _fire_at_cube(ctx, [x for x in live if speeds[x] > cube["speed"]])
    if stage["net"] >= cube["defense"]:
        _cube_over(ctx, True)
        return
    _fire_at_cube(ctx, [x for x in live if speeds[x] == cube["speed"]])
    stage["slow"] = [x for x in live if speeds[x] < cube["speed"]]
    stage["kind"] = "allocate"
    stage["remaining"] = cube["attack"]
    bump(s)
    ctx.emit("cube_fired", amount=cube["attack"])
    _allocate_loop(ctx)


def allocation_targets(state: State) -> list[int]:
    return fighters(state)


def needed(state: State, seat: int) -> int:
    """Damage it takes to defeat this ship now: what its shields stop plus what its Defense still holds."""
    p = state["players"][seat]
    held: int = max(1, stats(state, seat)["defense"] - p["damage"])
    return shields_left(state, seat) + held


def assign(ctx: Ctx, seat: int, target: int, amount: int | None) -> None:
    """R54: a ship keeps taking the Cube's damage until it is defeated; only the rest goes elsewhere."""
    s = ctx.state
    stage = s["stage"]
    if target not in allocation_targets(s):
        raise IllegalCommand("bad_target", "tng:R54", target=target)
    must = min(stage["remaining"], needed(s, target))
    if amount is not None and amount != must:
        raise IllegalCommand("must_take_until_defeated", "tng:R54", target=target, amount=must)
    stage["remaining"] -= must
    ctx.emit("cube_damage_assigned", seat=seat, target=target, amount=must)
    battle_hit(ctx, target, must, by_card=stage["card"], announce=False)
    _allocate_loop(ctx)


def _allocate_loop(ctx: Ctx) -> None:
    s = ctx.state
    if s["phase"] != "group":
        return
    stage = s["stage"]
    cands = allocation_targets(s)
    if stage["remaining"] > 0 and len(cands) == 1:
        target = cands[0]
        must = min(stage["remaining"], needed(s, target))
        stage["remaining"] -= must
        ctx.emit("cube_damage_assigned", seat=None, target=target, amount=must)
        battle_hit(ctx, target, must, by_card=stage["card"], announce=False)
        _allocate_loop(ctx)
        return
    if stage["remaining"] > 0 and cands:
        return  # the lead player chooses
    if s["phase"] != "group":
        return
    slow = [x for x in stage["slow"] if x in fighters(s)]
    _fire_at_cube(ctx, slow)
    _cube_over(ctx, stage["net"] >= cube_stats(s)["defense"])
    if s["phase"] == "group" and s["stage"] is None:
        advance(ctx)


def _cube_over(ctx: Ctx, destroyed: bool) -> None:
    s = ctx.state
    inst = s["stage"]["card"]
    s["stage"] = None
    bump(s)
    s["space"]["revealed"].remove(inst)
    close_battle(ctx, enemy_defeated=destroyed)
    if destroyed:  # R51
        s["space"]["cubes"].append(inst)
        ctx.emit("cube_destroyed", card=inst, defeated=len(s["space"]["cubes"]))
    else:  # RULINGS B19
        s["space"]["deck"].insert(0, inst)
        ctx.emit("enemy_escaped", seat=None, card=inst, damage=0)


# --- the players' actions ------------------------------------------------------------------------------

def ship_diplomacy(ctx: Ctx, seat: int, inst: str) -> None:
    """R48: a face-up non-Borg ship is won by Speed and Diplomacy and becomes the player's ship."""
    s = ctx.state
    if inst not in s["space"]["revealed"] or card(inst).type != "ship" or s["stage"] is not None:
        raise IllegalCommand("no_such_ship", "tng:R48", card=inst)
    if not diplomacy_ok(s, seat, inst):
        raise IllegalCommand("diplomacy_fails", "tng:R48", card=inst)
    s["space"]["revealed"].remove(inst)
    p = ctx.player(seat)
    old = p["ship"]
    p["ship"] = inst
    p["damage"] = 0
    p["shield_used"] = 0  # R34 (B9): the new ship has taken no damage this turn, its Shields are whole
    p["acted"] = True
    ctx.emit("ship_replaced", seat=seat, old=old, new=inst)
    to_points(ctx, seat, old, "old_ship")


def discard(ctx: Ctx, seat: int, inst: str) -> None:
    """R46.3 (B21): only a player who did nothing this turn; one non-Borg card (R49.4); then done, and out of
    the other players' reach until the next group turn (RULINGS B33)."""
    p = ctx.player(seat)
    if p["acted"]:
        raise IllegalCommand("action_phase_chosen", "tng:R46")
    if inst not in p["hand"]:
        raise IllegalCommand("card_not_in_hand", "tng:R46", card=inst)
    if card(inst).type == "borg":
        raise IllegalCommand("borg_card_not_discardable", "tng:R49", card=inst)
    p["hand"].remove(inst)
    where = discard_to_supply(ctx, seat, inst)
    p["done"] = True
    p["discard_phase"] = True
    ctx.emit("card_discarded", seat=seat, card=inst, to=where)


def done(ctx: Ctx, seat: int) -> None:
    ctx.player(seat)["done"] = True
    ctx.emit("player_done", seat=seat)


def end_round(ctx: Ctx) -> None:
    """R46.4: everyone discards hand and played cards and draws 5; unclaimed ships leave the game (R48)."""
    s = ctx.state
    for inst in [c for c in s["space"]["revealed"] if card(c).type == "ship"]:
        s["space"]["revealed"].remove(inst)
        s["space"]["box"].append(inst)
        ctx.emit("ship_left", card=inst)
    group = group_seats(s)
    for x in group:
        p = ctx.player(x)
        p["discard"] += p["hand"] + p["played"]
        p["hand"], p["played"] = [], []
    ctx.emit("round_ended", round=s["round"])
    for x in group:
        if s["phase"] != "group":
            return
        draw(ctx, x, HAND_SIZE, "end_of_turn")
    if s["phase"] != "group":
        return
    team = s["group"].get("team")
    if team is None:
        s["round"] += 1
        start_round(ctx)
        return
    # RULINGS B29: the next team still in the game takes its group turn; a round ends when the first team's
    # turn comes again.
    teams = sorted({s["players"][x]["team"] for x in in_game(s)})
    nxt = next((t for t in teams if t > team), teams[0])
    if nxt == s["players"][s["first"]]["team"]:
        s["round"] += 1
    start_round(ctx, nxt)
