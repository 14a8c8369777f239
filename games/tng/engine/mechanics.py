"""The shared mechanics: drawing (R18-R19), the Starbase (R5, R13, R15), ship status (R25, R34-R35),
damage and defeat (R34-R37, R47), Points Areas and Mission Points (R39), and the effect vocabulary."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.engine.core.errors import RulesError
from games.tng.engine.content import STATS, card
from games.tng.engine.ending import check_assimilation, end_game, group_loses, mission_points, team_loses
from games.tng.engine.state import HAND_SIZE, Ctx, State, actors, borg_area, group_seats, in_game, team_of

BATTLE_STAGES = ("ship", "war", "war_fire", "cube", "allocate")


# --- drawing -------------------------------------------------------------------------------------

def draw(ctx: Ctx, seat: int, count: int, reason: str = "draw") -> int:
    """Draw ``count`` cards, shuffling the discard into a new deck when the deck runs out (R19)."""
    p = ctx.player(seat)
    drawn: list[str] = []
    for _ in range(count):
        if not p["deck"]:
            if not p["discard"]:
                break
            p["deck"] = ctx.rng.shuffled(p["discard"])
            p["discard"] = []
            ctx.emit("deck_reshuffled", seat=seat, cards=len(p["deck"]))
        drawn.append(p["deck"].pop())
    p["hand"] += drawn
    if drawn:
        ctx.revealing = True
        ctx.emit("cards_drawn", visible_to=frozenset({seat}), redacted={"seat": seat, "count": len(drawn)},
                 seat=seat, count=len(drawn), cards=drawn, reason=reason)
    if ctx.state["scenario"] == "borg":
        check_assimilation(ctx, seat)
    return len(drawn)


def reshuffle_all(ctx: Ctx, seat: int) -> None:
    """R37c: hand, discard, deck and played cards become one new shuffled deck."""
    p = ctx.player(seat)
    pile = p["deck"] + p["hand"] + p["discard"] + p["played"]
    p["hand"], p["discard"], p["played"] = [], [], []
    p["deck"] = ctx.rng.shuffled(sorted(pile))
    ctx.emit("deck_reshuffled", seat=seat, cards=len(pile))


# --- the Starbase --------------------------------------------------------------------------------

def starbase_top(ctx: Ctx) -> str | None:
    sb = ctx.state["starbase"]
    if not sb["deck"] and sb["discard"]:  # R5: the Starbase discard becomes a new deck
        sb["deck"] = ctx.rng.shuffled(sb["discard"])
        sb["discard"] = []
        ctx.emit("starbase_reshuffled", cards=len(sb["deck"]))
    return sb["deck"].pop() if sb["deck"] else None


def refill_search(ctx: Ctx) -> None:
    """R5: every empty slot of the 3x3 Search Area is refilled at once (stays empty only if no card is left)."""
    sb = ctx.state["starbase"]
    for i, slot in enumerate(sb["search"]):
        if slot is None:
            top = starbase_top(ctx)
            if top is None:
                break
            sb["search"][i] = top
            ctx.revealing = True
            ctx.emit("search_area_refilled", slot=i, card=top)


def discard_to_supply(ctx: Ctx, seat: int, inst: str) -> str:
    """R17: a starting card leaves the game, a basic character goes back to its pile, others to the
    Starbase discard. Returns where it went."""
    c = card(inst)
    s = ctx.state
    if c.classification == "starting":
        s["removed"].append(inst)
        return "removed"
    if c.classification == "basic":
        s["starbase"]["basic"][c.id].append(inst)
        return "basic"
    if c.classification == "ensign":  # RULINGS B18: back to the Ensign supply
        s["starbase"]["ensigns"].append(inst)
        return "ensigns"
    # (a Borg card is never discarded this way: R49.4 refuses it, an effect returns it: ``_return_borg``)
    s["starbase"]["discard"].append(inst)
    return "starbase_discard"


# --- status --------------------------------------------------------------------------------------

def in_battle(state: State) -> bool:
    stage = state["stage"]
    return stage is not None and stage["kind"] in BATTLE_STAGES


def stats(state: State, seat: int) -> dict[str, int]:
    """R25: the ship's status bar plus every played card's, Influence cards held (R60), this turn's
    boosts, and in a battle the bonus of Allied Ships in the Points Area (R59)."""
    p = state["players"][seat]
    ship = card(p["ship"])
    out = {k: ship.stat(k) for k in STATS}
    for inst in p["played"] + p["influence"]:
        c = card(inst)
        for k in STATS:
            out[k] += c.stat(k)
    for k, v in p["boost"].items():
        out[k] += v
    if in_battle(state):
        for inst in p["points"]:
            for k, v in card(inst).battle_bonus.items():
                out[k] += v
    out["characters"] = sum(1 for inst in p["played"] if card(inst).type == "character")
    return out


def fresh_shields(ctx: Ctx, seats: Iterable[int]) -> None:
    """RULINGS B9 option ``shields: battle``: every battle starts with full shields."""
    if ctx.state["options"]["shields"] == "battle":
        for seat in seats:
            ctx.player(seat)["shield_used"] = 0


def shields_left(state: State, seat: int) -> int:
    p = state["players"][seat]
    left: int = max(0, stats(state, seat)["shields"] - p["shield_used"])
    return left


def goal_met(state: State, seat: int, goal: dict[str, int], values: dict[str, int] | None = None) -> bool:
    """R22/R23: the ship plus the cards played in front of the player (or the group's total, Borg)."""
    have = values if values is not None else stats(state, seat)
    for key, need in goal.items():
        if key == "team_allies":
            allies = sum(1 for s in team_of(state, seat) for c in state["players"][s]["points"]
                         if card(c).type == "ally")
            if allies < need:
                return False
        elif have.get(key, 0) < need:
            return False
    return True


# --- damage and defeat ---------------------------------------------------------------------------

def hit(ctx: Ctx, seat: int, amount: int, cause: str) -> bool:
    """R34-R35: shields stop the first damage of the turn, the rest is marked; True if this defeats the ship."""
    p = ctx.player(seat)
    if amount <= 0 or p["assimilated"]:
        return False
    absorbed = min(amount, shields_left(ctx.state, seat))
    p["shield_used"] += absorbed
    taken = amount - absorbed
    p["damage"] += taken
    ctx.emit("ship_damaged", seat=seat, amount=amount, absorbed=absorbed, taken=taken, damage=p["damage"],
             cause=cause)
    if taken > 0 and p["damage"] >= stats(ctx.state, seat)["defense"]:
        defeat(ctx, seat, cause)
        return True
    return False


# --- who hit whom: the battle record (view key ``battles``) -------------------------------------------

def open_battle(ctx: Ctx, kind: str, inst: str) -> None:
    """A battle starts (``ship``: against a Space Deck ship, ``war``: between players, ``cube``: a Borg Cube).
    ``state["battles"]`` keeps the battles of the latest turn that had any, public, with who hit whom: a
    battle of a later turn replaces them (so the last battle stays on show after a defeat ends the turn)."""
    s = ctx.state
    seat = s["turn"]["seat"] if s["phase"] == "turn" else None
    battles = s.setdefault("battles", [])
    if battles and (battles[-1]["round"], battles[-1]["seat"]) != (s["round"], seat):
        battles.clear()
    battles.append({"kind": kind, "card": inst, "round": s["round"], "seat": seat, "hits": [], "over": False})


def current_battle(state: State) -> dict[str, Any] | None:
    battles = state.get("battles") or []
    if battles and not battles[-1]["over"]:
        found: dict[str, Any] = battles[-1]
        return found
    return None


def close_battle(ctx: Ctx, **result: Any) -> None:
    battle = current_battle(ctx.state)
    if battle is not None:
        battle["over"] = True
        battle.update(result)


def _record(state: State, **entry: Any) -> None:
    battle = current_battle(state)
    if battle is not None:
        battle["hits"].append({"seat": None, "card": None, "target": None, "target_card": None, **entry})


def battle_hit(ctx: Ctx, target: int, amount: int, *, by: int | None = None, by_card: str | None = None,
               announce: bool = True) -> bool:
    """A ship in a battle hits a player's ship (``by`` a seat, or ``by_card`` a Space Deck ship or Cube): the
    public event says who hit whom, the battle record keeps it; the damage itself is ``hit``."""
    s = ctx.state
    p = ctx.player(target)
    live = amount > 0 and not p["assimilated"]
    absorbed = min(amount, shields_left(s, target)) if live else 0
    if by is not None:
        ctx.emit("ship_fired", seat=by, target=target, amount=amount)
    elif announce:
        ctx.emit("enemy_fired", card=by_card, target=target, amount=amount)
    if by is not None:
        cause = f"seat{by}"
    elif by_card is not None:
        cause = by_card
    else:
        raise RulesError("a battle hit names who fired: a seat (by) or a card (by_card)")
    defeated = hit(ctx, target, amount, cause)
    _record(s, seat=by, card=by_card, target=target, amount=amount, absorbed=absorbed,
            taken=amount - absorbed if live else 0, defeated=defeated)
    return defeated


def enemy_hit(ctx: Ctx, seat: int, inst: str, amount: int, taken: int, defeated: bool) -> None:
    """A player's ship hits a Space Deck ship or a Cube for ``amount``; ``taken`` is what its shields let
    through (the public event and the battle record)."""
    ctx.emit("enemy_hit", seat=seat, card=inst, amount=amount, taken=taken)
    _record(ctx.state, seat=seat, target_card=inst, amount=amount, absorbed=amount - taken, taken=taken,
            defeated=defeated)


def defeat(ctx: Ctx, seat: int, cause: str) -> None:
    """R37 (R47 in the Borg scenario): Ensign (Borg card), damage cleared, everything reshuffled, draw 5;
    on one's own turn the turn ends."""
    s = ctx.state
    p = ctx.player(seat)
    ctx.emit("ship_defeated", seat=seat, cause=cause)
    if s["scenario"] == "borg":
        gain_borg(ctx, seat, 1, "defeat")
        if s["phase"] == "over":  # R49.1: that was the Borg Card Area's last card; nothing changes after the end
            return
        p["defeated"] = True
    else:
        gain_ensign(ctx, seat)
    p["damage"] = 0
    p["shield_used"] = 0
    reshuffle_all(ctx, seat)
    draw(ctx, seat, HAND_SIZE, "defeat")
    if s["phase"] == "turn" and s["turn"]["seat"] == seat:
        s["turn"]["defeated"] = True


def gain_ensign(ctx: Ctx, seat: int) -> None:
    pile = ctx.state["starbase"]["ensigns"]
    if not pile:  # RULINGS B18: an empty supply gives nothing
        ctx.emit("ensign_supply_empty", seat=seat)
        return
    inst = pile.pop()
    ctx.player(seat)["discard"].append(inst)
    ctx.emit("ensign_gained", seat=seat, card=inst)


def gain_borg(ctx: Ctx, seat: int, count: int, cause: str) -> None:
    """R45/R47: Borg cards come from the Borg Card Area into the discard pile; an empty area loses (R49.1)."""
    s = ctx.state
    area = borg_area(s, seat)
    for _ in range(count):
        if not area or s["phase"] == "over":
            break
        ctx.player(seat)["discard"].append(area.pop())
        ctx.emit("borg_card_gained", seat=seat, cause=cause, left=len(area))
        if not area:
            if s["space"].get("borg_areas"):
                team_loses(ctx, seat, "team_borg_area_empty")  # RULINGS B29
            else:
                group_loses(ctx, "borg_area_empty")
            return


# --- points --------------------------------------------------------------------------------------

def to_points(ctx: Ctx, seat: int, inst: str, how: str) -> None:
    """A card enters a Points Area; the 400-point victory is checked at once (R39)."""
    p = ctx.player(seat)
    p["points"].append(inst)
    ctx.state["scored_round"] = ctx.state["round"]  # RULINGS B14: the stalemate clock restarts
    ctx.emit("points_gained", seat=seat, card=inst, mp=card(inst).mp, total=mission_points(p), how=how)
    s = ctx.state
    if s["scenario"] == "exploration" and s["phase"] != "over" and mission_points(p) >= s["options"]["mp_goal"]:
        end_game(ctx, "mp_goal_reached", winners=[seat])


# --- the effect vocabulary -----------------------------------------------------------------------

def _amount(ctx: Ctx, seat: int, eff: dict[str, Any]) -> int:
    amount = int(eff.get("amount", 0))
    if eff.get("plus_borg"):
        amount += sum(1 for c in ctx.player(seat)["hand"] if card(c).type == "borg")
    return amount


def _xp(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    ctx.player(seat)["xp"] += _amount(ctx, seat, eff)
    ctx.emit("xp_gained", seat=seat, amount=_amount(ctx, seat, eff), total=ctx.player(seat)["xp"], source=source)


def _draw(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    draw(ctx, seat, _amount(ctx, seat, eff), source)


def _search(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    s = ctx.state
    holder = s["group"] if s["phase"] == "group" else s["turn"]
    if holder is not None and (s["phase"] == "group" or holder["seat"] == seat):
        holder["searches"] += _amount(ctx, seat, eff)
        ctx.emit("searches_gained", seat=seat, amount=_amount(ctx, seat, eff), source=source)


def _explore(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    s = ctx.state
    if s["phase"] == "turn" and s["turn"]["seat"] == seat:
        s["turn"]["explores"] += _amount(ctx, seat, eff)
        ctx.emit("explorations_gained", seat=seat, amount=_amount(ctx, seat, eff), source=source)
    # RULINGS B20: in the Borg group turn a player card's exploration has no effect (only explore_now).


def _explore_now(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    s = ctx.state
    if s["phase"] == "group":
        s["group"]["forced"] += _amount(ctx, seat, eff)  # R43: effects force more explorations
        ctx.emit("forced_exploration", amount=_amount(ctx, seat, eff), source=source)
    else:
        _explore(ctx, seat, eff, source)


def _repair(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    p = ctx.player(seat)
    fixed = min(p["damage"], _amount(ctx, seat, eff))
    p["damage"] -= fixed
    ctx.emit("ship_repaired", seat=seat, amount=fixed, damage=p["damage"], source=source)


def _damage(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    hit(ctx, seat, _amount(ctx, seat, eff), source)


def _ensign(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    gain_ensign(ctx, seat)


def _mill(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    """The top cards of the deck are discarded; a Borg card discarded so, by an effect, returns to the Borg
    Card Area (R49.4, R49.6)."""
    p = ctx.player(seat)
    milled = []
    for _ in range(_amount(ctx, seat, eff)):
        if not p["deck"]:
            break
        milled.append(p["deck"].pop())
    borgs = [c for c in milled if card(c).type == "borg"]
    p["discard"] += [c for c in milled if c not in borgs]
    if milled:
        ctx.revealing = True
    ctx.emit("cards_milled", seat=seat, cards=milled, source=source)
    if borgs:
        area = borg_area(ctx.state, seat)
        area += borgs
        ctx.emit("borg_cards_returned", seat=seat, count=len(borgs), left=len(area))


def _borg(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    gain_borg(ctx, seat, _amount(ctx, seat, eff), source)


def _return_borg(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    """R49.4/R49.6: an effect discards Borg cards from the hand; they return to the Borg Card Area."""
    p = ctx.player(seat)
    borgs = sorted(c for c in p["hand"] if card(c).type == "borg")[: _amount(ctx, seat, eff)]
    area = borg_area(ctx.state, seat)
    for c in borgs:
        p["hand"].remove(c)
        area.append(c)
    if borgs:
        ctx.emit("borg_cards_returned", seat=seat, count=len(borgs), left=len(area))


def _blockade(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    """R60 Federation Blockade (RULINGS): every holder of Influence cards puts them under the Space Deck
    and takes the damage."""
    s = ctx.state
    for other in in_game(s):
        q = ctx.player(other)
        if q["influence"]:
            for c in q["influence"]:
                s["space"]["deck"].insert(0, c)
            ctx.emit("influence_lost", seat=other, cards=list(q["influence"]))
            q["influence"] = []
            hit(ctx, other, int(eff["amount"]), source)


def _boost(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    p = ctx.player(seat)
    p["boost"][eff["stat"]] = p["boost"].get(eff["stat"], 0) + _amount(ctx, seat, eff)
    ctx.emit("ship_boosted", seat=seat, stat=eff["stat"], amount=_amount(ctx, seat, eff), source=source)


HANDLERS = {
    "xp": _xp, "draw": _draw, "search": _search, "explore": _explore, "explore_now": _explore_now,
    "repair": _repair, "damage": _damage, "ensign": _ensign, "mill": _mill, "borg": _borg,
    "return_borg": _return_borg, "blockade": _blockade, "boost": _boost,
}
SUPPORTED_VERBS = frozenset(HANDLERS)


def _can_spend(state: State, seat: int) -> bool:
    """Whether ``seat`` can still use what it gains now (XP, searches): it is acting this turn."""
    if state["phase"] == "turn":
        return bool(state["turn"]["seat"] == seat)
    if state["phase"] == "group":
        return seat in actors(state)
    return False


def effect_matters(state: State, seat: int, eff: dict[str, Any], *, hand_known: bool = True) -> bool:
    """Whether applying ``eff`` to ``seat`` now would change anything for the game (an effect that would do
    nothing is not offered, e.g. a repair for an undamaged ship, a draw from an empty deck and discard).

    ``hand_known=False``: the player deciding cannot see ``seat``'s hand (another player's), so what depends
    on that hand is judged by what is public, its size, never by the cards in it (RULINGS B31): otherwise
    the offer itself would tell whether a secret hand holds a Borg card.
    """
    p = state["players"][seat]
    verb: str = eff["verb"]
    amount = int(eff.get("amount", 0))
    if eff.get("plus_borg"):
        if hand_known:
            amount += sum(1 for c in p["hand"] if card(c).type == "borg")
        elif p["hand"]:
            amount = max(amount, 1)
    if verb in ("ensign", "blockade"):
        return True
    if amount <= 0:
        return False
    if verb == "repair":
        return bool(p["damage"] > 0)
    if verb in ("draw", "mill"):
        return bool(p["deck"] or (verb == "draw" and p["discard"]))
    if verb == "return_borg":
        if not hand_known:
            return bool(p["hand"])
        return any(card(c).type == "borg" for c in p["hand"])
    if verb == "xp":
        return _can_spend(state, seat)
    if verb == "search":
        if state["phase"] == "turn" and state["turn"]["seat"] != seat:
            return False  # only the active player's searches grow (``_search``)
        return any(c is not None for c in state["starbase"]["search"])
    if verb in ("explore", "explore_now"):
        if state["phase"] == "group":
            return verb == "explore_now"
        return bool(state["phase"] == "turn" and state["turn"]["seat"] == seat)
    if verb == "borg":
        return bool(borg_area(state, seat))
    return True  # damage, boost


def effects_matter(
    state: State, seat: int, effects: Iterable[dict[str, Any]], *, hand_known: bool = True
) -> bool:
    return any(effect_matters(state, seat, eff, hand_known=hand_known) for eff in effects)


def apply_effects(ctx: Ctx, seat: int, effects: Iterable[dict[str, Any]], source: str) -> None:
    for eff in effects:
        if ctx.state["phase"] == "over":
            return
        targets = list(group_seats(ctx.state)) if eff.get("all") else [seat]
        for target in targets:
            if ctx.state["phase"] == "over":
                return
            HANDLERS[eff["verb"]](ctx, target, eff, source)
