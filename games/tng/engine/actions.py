"""Actions a player takes with their own cards: play (R11-R12, R23, R25, R49.3, R52), obtain with XP (R13),
repair (R14), search (R15), use the starting ship's ability (R41, R56), and whether diplomacy wins a ship
(R26). Shared by the standard turn, a War and the Borg group turn."""

from __future__ import annotations

from games.engine.core import IllegalCommand
from games.tng.engine.content import CONTENT, card
from games.tng.engine.mechanics import apply_effects, effects_matter, in_battle, refill_search, stats
from games.tng.engine.state import Ctx, State, group_seats, out_of_reach, team_of


def play_refusal(state: State, seat: int, inst: str) -> IllegalCommand | None:
    p = state["players"][seat]
    if inst not in p["hand"]:
        return IllegalCommand("card_not_in_hand", "tng:R11", card=inst)
    c = card(inst)
    if c.type == "borg":
        return IllegalCommand("borg_card_unplayable", "tng:R49", card=inst)
    stage = state["stage"]
    if c.type in ("setup", "special"):
        if in_battle(state):
            return IllegalCommand("setup_not_in_battle", "tng:R25", card=inst)
        if stage is not None and stage["kind"] == "event":
            return IllegalCommand("setup_not_for_event", "tng:R23", card=inst)
    if stage is not None and stage["kind"] == "cube" and c.type == "maneuver":
        by = stage["maneuvers"].get(c.id)
        if by is not None and by != seat:  # R52: no *other* player may play the same Maneuver
            return IllegalCommand("maneuver_already_played", "tng:R52", card=inst)
    return None


def play_card(ctx: Ctx, seat: int, inst: str) -> None:
    refusal = play_refusal(ctx.state, seat, inst)
    if refusal is not None:
        raise refusal
    p = ctx.player(seat)
    p["hand"].remove(inst)
    p["played"].append(inst)
    p["acted"] = True
    stage = ctx.state["stage"]
    if stage is not None and stage["kind"] == "cube" and card(inst).type == "maneuver":
        stage["maneuvers"].setdefault(card(inst).id, seat)
    ctx.emit("card_played", seat=seat, card=inst)
    apply_effects(ctx, seat, card(inst).effects, inst)


def buy_refusal(state: State, seat: int, slot: int) -> IllegalCommand | None:
    search = state["starbase"]["search"]
    if not 0 <= slot < len(search) or search[slot] is None:
        return IllegalCommand("empty_slot", "tng:R13", slot=slot)
    cost = card(search[slot]).cost
    if state["players"][seat]["xp"] < cost:
        return IllegalCommand("not_enough_xp", "tng:R13", cost=cost, xp=state["players"][seat]["xp"])
    return None


def buy(ctx: Ctx, seat: int, slot: int) -> None:
    refusal = buy_refusal(ctx.state, seat, slot)
    if refusal is not None:
        raise refusal
    sb = ctx.state["starbase"]
    inst = sb["search"][slot]
    p = ctx.player(seat)
    p["xp"] -= card(inst).cost
    p["discard"].append(inst)  # RULINGS B3: obtained cards go to the discard pile
    p["acted"] = True
    sb["search"][slot] = None
    ctx.emit("card_obtained", seat=seat, card=inst, cost=card(inst).cost, slot=slot, xp=p["xp"])
    refill_search(ctx)  # R5


def buy_basic_refusal(state: State, seat: int, kind: str) -> IllegalCommand | None:
    piles = state["starbase"]["basic"]
    if kind not in piles:
        return IllegalCommand("unknown_basic", "tng:R6", kind=kind)
    if not piles[kind]:
        return IllegalCommand("basic_pile_empty", "tng:R6", kind=kind)
    cost = CONTENT.cards[kind].cost
    if state["players"][seat]["xp"] < cost:
        return IllegalCommand("not_enough_xp", "tng:R13", cost=cost, xp=state["players"][seat]["xp"])
    return None


def buy_basic(ctx: Ctx, seat: int, kind: str) -> None:
    refusal = buy_basic_refusal(ctx.state, seat, kind)
    if refusal is not None:
        raise refusal
    inst = ctx.state["starbase"]["basic"][kind].pop()
    p = ctx.player(seat)
    p["xp"] -= CONTENT.cards[kind].cost
    p["discard"].append(inst)
    p["acted"] = True
    ctx.emit("card_obtained", seat=seat, card=inst, cost=CONTENT.cards[kind].cost, slot=None, xp=p["xp"])


def repair_refusal(state: State, seat: int, amount: int) -> IllegalCommand | None:
    p = state["players"][seat]
    if amount < 1 or amount > p["damage"]:
        return IllegalCommand("bad_repair", "tng:R14", amount=amount, damage=p["damage"])
    if amount > p["xp"]:
        return IllegalCommand("not_enough_xp", "tng:R14", cost=amount, xp=p["xp"])
    return None


def repair(ctx: Ctx, seat: int, amount: int) -> None:
    refusal = repair_refusal(ctx.state, seat, amount)
    if refusal is not None:
        raise refusal
    p = ctx.player(seat)
    p["xp"] -= amount
    p["damage"] -= amount
    p["acted"] = True
    ctx.emit("ship_repaired", seat=seat, amount=amount, damage=p["damage"], source="xp")


def search_counter(state: State) -> dict[str, int]:
    holder: dict[str, int] = state["group"] if state["phase"] == "group" else state["turn"]
    return holder


def search_refusal(state: State, seat: int, slot: int) -> IllegalCommand | None:
    if search_counter(state)["searches"] < 1:
        return IllegalCommand("no_search_left", "tng:R15")
    search = state["starbase"]["search"]
    if not 0 <= slot < len(search) or search[slot] is None:
        return IllegalCommand("empty_slot", "tng:R15", slot=slot)
    return None


def search(ctx: Ctx, seat: int, slot: int) -> None:
    """R15 (B6): a Search Area card goes to the Starbase discard and is replaced at once."""
    refusal = search_refusal(ctx.state, seat, slot)
    if refusal is not None:
        raise refusal
    sb = ctx.state["starbase"]
    search_counter(ctx.state)["searches"] -= 1
    inst = sb["search"][slot]
    sb["discard"].append(inst)
    sb["search"][slot] = None
    ctx.player(seat)["acted"] = True
    ctx.emit("card_searched_away", seat=seat, card=inst, slot=slot)
    refill_search(ctx)


# --- checks and actions the phases share ----------------------------------------------------------

def diplomacy_ok(state: State, seat: int, inst: str) -> bool:
    mine, theirs = stats(state, seat), card(inst).status
    return mine["speed"] >= theirs.get("speed", 0) and mine["diplomacy"] >= theirs.get("diplomacy", 0)


def use_ability(ctx: Ctx, seat: int, target: int) -> None:
    """R41/R56: the starting ship's effect, once per turn, for yourself or a teammate (the group in Borg)."""
    s = ctx.state
    p = ctx.player(seat)
    if p["ability"] is None:
        raise IllegalCommand("no_ship_ability", "tng:R41")
    if p["ability_used"]:
        raise IllegalCommand("ability_used", "tng:R41")
    allowed = ability_targets(s, seat)
    if s["scenario"] == "borg" and target in group_seats(s):
        if s["players"][target]["defeated"]:
            raise IllegalCommand("target_sits_out", "tng:R47", target=target)  # RULINGS B32
        if s["players"][target].get("discard_phase", False):
            raise IllegalCommand("target_discard_phase", "tng:R46", target=target)  # RULINGS B33
    if target not in allowed:  # the group (R41) or yourself and your teammate (R56)
        raise IllegalCommand("bad_target", "tng:R41" if s["scenario"] == "borg" else "tng:R56", target=target)
    if not ability_matters(s, seat, target):
        raise IllegalCommand("ability_no_effect", "tng:R41", target=target)
    p["ability_used"] = True
    p["acted"] = True
    ctx.emit("ability_used", seat=seat, target=target, ability=p["ability"])
    apply_effects(ctx, target, CONTENT.cards[p["ability"]].ability, p["ability"])


def ability_matters(state: State, seat: int, target: int) -> bool:
    """The effect would change something for ``target`` now (not a repair of an undamaged ship, XP for a
    player who cannot spend it, a draw from nothing...): only then is it offered and accepted. Judged on
    what ``seat`` can see: another player's hand only by its size (RULINGS B31)."""
    effects = CONTENT.cards[state["players"][seat]["ability"]].ability
    return effects_matter(state, target, effects, hand_known=target == seat)


def ability_targets(state: State, seat: int) -> list[int]:
    if state["scenario"] == "borg":  # the group (in team play, your team: RULINGS B29), but not a player
        # sitting out after a defeat (R47, RULINGS B32) or the Discard Phase (R46.3, RULINGS B33)
        return [x for x in group_seats(state) if not out_of_reach(state, x)]
    return team_of(state, seat)
