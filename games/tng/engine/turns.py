"""The standard turn (tng:R9-R24, R57): Action Phase or Discard Phase, exploration of the Space Deck,
missions and events, the battle against a Space Deck ship (R26-R28), Klingon allies and influence (R59-R60)."""

from __future__ import annotations

from games.engine.core import IllegalCommand
from games.tng.engine import war
from games.tng.engine.actions import diplomacy_ok
from games.tng.engine.content import card
from games.tng.engine.ending import end_game
from games.tng.engine.mechanics import (
    apply_effects,
    battle_hit,
    close_battle,
    defeat,
    discard_to_supply,
    draw,
    enemy_hit,
    fresh_shields,
    goal_met,
    open_battle,
    stats,
    to_points,
)
from games.tng.engine.state import HAND_SIZE, MAX_MISSIONS, Ctx, State, bump, pop_space, team_of


def stall_rounds(state: State) -> int:
    """RULINGS B14: the stalemate guard's number of rounds (tables created before the option: 20)."""
    return int(state["options"].get("stall_rounds", 20))


def quiet_rounds(state: State) -> int:
    """Whole rounds completed since a card last entered a Points Area (RULINGS B14, stalemate)."""
    rounds: int = max(0, state["round"] - 1 - state.get("scored_round", state["round"] - 1))
    return rounds


def start_turn(ctx: Ctx, seat: int) -> None:
    s = ctx.state
    s["phase"] = "turn"
    s["turn"] = {"seat": seat, "phase": None, "searches": 1, "explores": 1, "defeated": False, "allies": []}
    for p in s["players"]:
        p["shield_used"] = 0  # R34 (B9): shields are a budget for the turn
        p["ability_used"] = False
    bump(s)
    ctx.emit("turn_started", seat=seat, round=s["round"])


def choose_action(ctx: Ctx, seat: int) -> None:
    turn = ctx.state["turn"]
    if turn["phase"] == "discard":
        raise IllegalCommand("discard_phase_chosen", "tng:R9")
    if turn["phase"] is None:
        turn["phase"] = "action"


def discard_phase(ctx: Ctx, seat: int, inst: str) -> None:
    """R17: one card from the hand, by type: starting card removed, basic back to its pile, others to the
    Starbase discard. Only as the whole turn (R9)."""
    turn = ctx.state["turn"]
    p = ctx.player(seat)
    if turn["phase"] == "discard":
        raise IllegalCommand("already_discarded", "tng:R17")
    if turn["phase"] == "action" or ctx.state["stage"] is not None:
        raise IllegalCommand("action_phase_chosen", "tng:R9")
    if inst not in p["hand"]:
        raise IllegalCommand("card_not_in_hand", "tng:R17", card=inst)
    turn["phase"] = "discard"
    p["hand"].remove(inst)
    where = discard_to_supply(ctx, seat, inst)
    ctx.emit("card_discarded", seat=seat, card=inst, to=where)


def end_turn(ctx: Ctx, seat: int, *, cleanup: bool = True) -> None:
    """R18: discard hand and played cards, lose XP/searches/explorations, draw 5, next player clockwise."""
    s = ctx.state
    p = ctx.player(seat)
    if cleanup:
        p["discard"] += p["hand"] + p["played"]
        p["hand"], p["played"] = [], []
    for q in s["players"]:
        q["xp"] = 0
        q["boost"] = {}
    for ally in s["turn"]["allies"]:  # R59: an ally not obtained goes under the Space Deck
        s["space"]["revealed"].remove(ally)
        s["space"]["deck"].insert(0, ally)
        ctx.emit("card_to_bottom", card=ally)
    ctx.emit("turn_ended", seat=seat, defeated=not cleanup)
    if cleanup:
        draw(ctx, seat, HAND_SIZE, "end_of_turn")
    if not s["space"]["deck"]:  # RULINGS B26: nothing left to explore ends the game
        end_game(ctx, "space_deck_exhausted")
        return
    nxt = (seat + 1) % s["n"]
    while s["players"][nxt]["resigned"]:
        nxt = (nxt + 1) % s["n"]
    if nxt == s["first"] or (s["players"][s["first"]]["resigned"] and nxt <= seat):
        s["round"] += 1
        limit = s["options"]["round_limit"]
        if limit and s["round"] > limit:  # RULINGS B14: the safeguard against a game that cannot end
            end_game(ctx, "round_limit")
            return
        if quiet_rounds(s) >= stall_rounds(s):  # RULINGS B14: stalemate, nobody wins a card any more
            end_game(ctx, "stalemate")
            return
    start_turn(ctx, nxt)


# --- exploring -------------------------------------------------------------------------------------

def explore(ctx: Ctx, seat: int) -> None:
    s = ctx.state
    turn = s["turn"]
    if turn["explores"] < 1:
        raise IllegalCommand("no_exploration_left", "tng:R16")
    if not s["space"]["deck"]:
        raise IllegalCommand("space_deck_empty", "tng:R16")
    turn["explores"] -= 1
    inst = pop_space(s)
    ctx.revealing = True
    ctx.emit("card_explored", seat=seat, card=inst, card_type=card(inst).type)
    reveal(ctx, seat, inst)


def reveal(ctx: Ctx, seat: int, inst: str) -> None:
    """The explored card: first its Flip (card field I, "effects applied when the card is drawn", on a card
    of any type: R20, RULINGS B28), then what its type does."""
    s = ctx.state
    c = card(inst)
    sp = s["space"]
    sp["revealed"].append(inst)
    bump(s)
    apply_effects(ctx, seat, c.flip, inst)
    if s["phase"] == "over":
        return
    if c.type == "mission":  # R20-R21
        if len(sp["missions"]) >= MAX_MISSIONS:
            s["stage"] = {"kind": "mission_bottom", "card": inst, "seat": seat}
        else:
            place_mission(ctx, inst)
    elif c.type == "event":  # R23, R31, R58
        if c.war:
            war.start(ctx, seat, inst)
        elif c.goal is not None:
            s["stage"] = {"kind": "event", "card": inst, "seat": seat}
        else:
            apply_effects(ctx, seat, c.effects, inst)
            sp["revealed"].remove(inst)
            if s["phase"] != "over":
                to_points(ctx, seat, inst, "event")  # RULINGS B15: a goal-less event is the drawer's
    elif c.type == "ship":  # R24
        s["stage"] = {"kind": "ship", "card": inst, "seat": seat}
    elif c.type == "ally":  # R59: face up for the turn
        s["turn"]["allies"].append(inst)
    else:  # R60: an Influence card (the only other type in these Space Decks: tests/tng/engine/test_data_files.py)
        take_influence(ctx, seat, inst)


def place_mission(ctx: Ctx, inst: str) -> None:
    sp = ctx.state["space"]
    sp["revealed"].remove(inst)
    sp["missions"].append(inst)
    ctx.emit("mission_placed", card=inst)


def bottom_mission(ctx: Ctx, seat: int, inst: str) -> None:
    """R21: with two missions up, the explorer sends one of them under the Space Deck."""
    s = ctx.state
    stage = s["stage"]
    if inst not in s["space"]["missions"]:
        raise IllegalCommand("not_a_face_up_mission", "tng:R21", card=inst)
    s["space"]["missions"].remove(inst)
    s["space"]["deck"].insert(0, inst)
    ctx.emit("card_to_bottom", card=inst)
    s["stage"] = None
    bump(s)
    place_mission(ctx, stage["card"])


def complete_mission(ctx: Ctx, seat: int, inst: str) -> None:
    """R22 (B5): completing costs one exploration; goal = ship + played cards; reward once."""
    s = ctx.state
    turn = s["turn"]
    if inst not in s["space"]["missions"]:
        raise IllegalCommand("not_a_face_up_mission", "tng:R22", card=inst)
    if s["options"]["mission_cost"] == "exploration" and turn["explores"] < 1:
        raise IllegalCommand("no_exploration_left", "tng:R22")
    c = card(inst)
    if not goal_met(s, seat, c.goal or {}):
        raise IllegalCommand("goal_not_met", "tng:R22", card=inst)
    if s["options"]["mission_cost"] == "exploration":
        turn["explores"] -= 1
    s["space"]["missions"].remove(inst)
    ctx.emit("mission_completed", seat=seat, card=inst)
    to_points(ctx, seat, inst, "mission")
    apply_effects(ctx, seat, c.reward, inst)


def resolve_event(ctx: Ctx, seat: int) -> None:
    """R23: goal met -> Points Area (the Arbiter wins for the team, R58); else the failure effect and the
    event goes under the Space Deck (RULINGS B15)."""
    s = ctx.state
    stage = s["stage"]
    inst = stage["card"]
    c = card(inst)
    s["stage"] = None
    bump(s)
    s["space"]["revealed"].remove(inst)
    if goal_met(s, seat, c.goal or {}):
        ctx.emit("event_succeeded", seat=seat, card=inst)
        if c.arbiter:
            s["space"]["box"].append(inst)
            end_game(ctx, "arbiter_satisfied", winners=team_of(s, seat))
            return
        to_points(ctx, seat, inst, "event")
    else:
        ctx.emit("event_failed", seat=seat, card=inst)
        s["space"]["deck"].insert(0, inst)
        apply_effects(ctx, seat, c.failure, inst)


# --- battle against a Space Deck ship (R26-R28) ----------------------------------------------------

def take_ship(ctx: Ctx, seat: int, inst: str) -> None:
    """R26 option 1 (B7): the new ship becomes yours with no damage; the old one goes to the Points Area. The
    new ship has received no damage this turn, so its Shields are whole (R34, B9: a budget per ship)."""
    p = ctx.player(seat)
    old = p["ship"]
    p["ship"] = inst
    p["damage"] = 0
    p["shield_used"] = 0
    ctx.emit("ship_replaced", seat=seat, old=old, new=inst)
    to_points(ctx, seat, old, "old_ship")


def diplomacy(ctx: Ctx, seat: int, keep: str) -> None:
    s = ctx.state
    inst = s["stage"]["card"]
    if keep not in ("ship", "points"):
        raise IllegalCommand("bad_argument", "", argument="keep")
    if not diplomacy_ok(s, seat, inst):
        raise IllegalCommand("diplomacy_fails", "tng:R26", card=inst)
    s["stage"] = None
    bump(s)
    s["space"]["revealed"].remove(inst)
    ctx.emit("ship_won_by_diplomacy", seat=seat, card=inst, keep=keep)
    if keep == "ship":
        take_ship(ctx, seat, inst)
    else:
        to_points(ctx, seat, inst, "diplomacy")


def exchange(ctx: Ctx, seat: int, enemy: dict[str, int], cause: str) -> tuple[int, bool]:
    """R27: the faster ship fires first; on a tie both fire at once; the slower fires only if it survives.
    Returns (damage dealt to the enemy after its shields, whether the player's ship was defeated)."""
    mine = stats(ctx.state, seat)
    dealt = 0
    defeated = False

    def player_fires() -> int:
        done = max(0, mine["attack"] - enemy["shields"])
        if mine["attack"] > 0:
            enemy_hit(ctx, seat, cause, mine["attack"], done, done >= enemy["defense"])
        return done

    def enemy_fires() -> bool:
        return battle_hit(ctx, seat, enemy["attack"], by_card=cause) if enemy["attack"] > 0 else False

    if mine["speed"] > enemy["speed"]:
        dealt = player_fires()
        if dealt < enemy["defense"]:
            defeated = enemy_fires()
    elif mine["speed"] < enemy["speed"]:
        defeated = enemy_fires()
        if not defeated:
            dealt = player_fires()
    else:
        dealt = player_fires()
        defeated = enemy_fires()
    return dealt, defeated


def fight(ctx: Ctx, seat: int) -> None:
    s = ctx.state
    inst = s["stage"]["card"]
    c = card(inst)
    enemy = {k: c.stat(k) for k in ("attack", "speed", "diplomacy", "defense", "shields")}
    ctx.emit("combat_started", seat=seat, card=inst, player=stats(s, seat), enemy=enemy)
    fresh_shields(ctx, [seat])
    open_battle(ctx, "ship", inst)
    dealt, _defeated = exchange(ctx, seat, enemy, inst)
    close_battle(ctx, enemy_defeated=dealt >= enemy["defense"])
    s["stage"] = None
    bump(s)
    s["space"]["revealed"].remove(inst)
    if dealt >= enemy["defense"]:  # R28/R36
        ctx.emit("enemy_defeated", seat=seat, card=inst, damage=dealt)
        if s["phase"] != "over":
            to_points(ctx, seat, inst, "combat")
    else:
        ctx.emit("enemy_escaped", seat=seat, card=inst, damage=dealt)
        s["space"]["deck"].insert(0, inst)


# --- Klingon Civil War (R59-R60) -------------------------------------------------------------------

def ally_ok(state: State, seat: int, inst: str) -> bool:
    """R59 (B22): Speed and Attack both >=, or Attack and Diplomacy both >=, played cards included."""
    m, t = stats(state, seat), card(inst).status
    atk = m["attack"] >= t.get("attack", 0)
    return atk and (m["speed"] >= t.get("speed", 0) or m["diplomacy"] >= t.get("diplomacy", 0))


def win_ally(ctx: Ctx, seat: int, inst: str) -> None:
    s = ctx.state
    if inst not in s["turn"]["allies"]:
        raise IllegalCommand("no_such_ally", "tng:R59", card=inst)
    if not ally_ok(s, seat, inst):
        raise IllegalCommand("ally_requirements_unmet", "tng:R59", card=inst)
    s["turn"]["allies"].remove(inst)
    s["space"]["revealed"].remove(inst)
    ctx.emit("ally_won", seat=seat, card=inst)
    to_points(ctx, seat, inst, "ally")


def take_influence(ctx: Ctx, seat: int, inst: str) -> None:
    """R60 (B24): one Influence card at a time, the Romulan one apart; a second one asks which to keep."""
    s = ctx.state
    p = ctx.player(seat)
    held = [c for c in p["influence"] if not card(c).romulan]
    if card(inst).romulan or not held:
        s["space"]["revealed"].remove(inst)
        p["influence"].append(inst)
        ctx.emit("influence_taken", seat=seat, card=inst)
        return
    s["stage"] = {"kind": "influence", "card": inst, "seat": seat, "held": held[0]}


def keep_influence(ctx: Ctx, seat: int, inst: str) -> None:
    s = ctx.state
    stage = s["stage"]
    new, old = stage["card"], stage["held"]
    if inst not in (new, old):
        raise IllegalCommand("bad_influence_choice", "tng:R60", card=inst)
    p = ctx.player(seat)
    s["space"]["revealed"].remove(new)
    drop = old if inst == new else new
    if inst == new:
        p["influence"].remove(old)
        p["influence"].append(new)
    s["space"]["deck"].insert(0, drop)
    s["stage"] = None
    bump(s)
    ctx.emit("influence_taken", seat=seat, card=inst)
    ctx.emit("card_to_bottom", card=drop)


def close_after_defeat(ctx: Ctx) -> None:
    """R33/R37d: when the active player's ship was defeated, the turn ends once no stage is open; the hand
    drawn at the defeat is kept (B13). An open single-player stage is abandoned: its card goes under."""
    s = ctx.state
    turn = s["turn"]
    if s["phase"] != "turn" or not turn["defeated"]:
        return
    stage = s["stage"]
    if stage is not None and stage["kind"] in ("event", "ship", "influence"):
        s["space"]["revealed"].remove(stage["card"])
        s["space"]["deck"].insert(0, stage["card"])
        s["stage"] = None
    elif stage is not None and stage["kind"] == "mission_bottom":
        s["stage"] = None
        s["space"]["revealed"].remove(stage["card"])
        s["space"]["deck"].insert(0, stage["card"])
    if s["stage"] is None:
        end_turn(ctx, turn["seat"], cleanup=False)


__all__ = ["defeat"]
