"""Skill cards played for their text (bsg:R220 B, R221, RULINGS C2, G34-G36): the ``action`` cards as the
turn's action, read from skills.json by their effect kinds.

``play_skill {card, target?, pick?, picks?}``: ``target`` the player an Executive Order sends, ``pick`` its
mode (``actions``: two actions; ``move``: a move, then one action), the deck a scout looks at, or what a
Repair fixes (``location`` / ``vipers``); ``picks`` the types of an any-type draw (Consolidate Power).

An Executive Order opens ``state["ordered"]`` ``{"seat", "left", "move"}``: that player's movement (when
``move``) and then ``left`` actions, taken at once, out of turn (commands.py offers them).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from games.bsg.engine import cylon_fleet, looks, vipers
from games.bsg.engine.content import SKILLS, TREACHERY, Effect
from games.bsg.engine.decks import discard_skill, draw_skill
from games.bsg.engine.dice import human_roll
from games.bsg.engine.effects import apply_effect
from games.bsg.engine.state import CONTENT, Ctx, State, card_id, damaged_locations, next_key, skill_of
from games.bsg.engine.traits import abilities_blocked
from games.engine.core import IllegalCommand

RULE = "bsg:R220"


def _effect_options(state: State, seat: int, effect: Effect) -> list[dict[str, Any]] | None:
    """The argument sets one action effect allows now; None when it cannot be used."""
    p = state["players"][seat]
    kind = effect.kind
    if kind == "draw_skills" and effect.get("types") == "any":
        return [{"picks": list(c)} for c in combinations_with_replacement(SKILLS, int(effect.get("count")))]
    if kind in ("damage_galactica", "discard_skills"):  # Treachery cards (R801)
        return [{}]
    if kind == "extra_actions":
        if state.get("ordered") is not None:  # RULINGS G34: no order inside an order
            return None
        others = [
            q["seat"]
            for q in state["players"]
            if q["seat"] != seat and not q["cylon"] and (q["location"] is not None or q["viper"] is not None)
        ]
        modes = ["actions", "move"] if effect.get("move") else ["actions"]
        return [{"target": s, "pick": m} for s in others for m in modes]
    if kind == "risk_raptor":
        if state["reserves"]["raptor"] <= 0:
            return None
        decks = [e.get("deck") for e in effect.get("success", ()) if e.kind == "look_deck"]
        if decks == ["crisis_or_destination"]:
            return [{"pick": "crisis"}, {"pick": "destination"}]
        return [{"pick": d} for d in decks]
    if kind == "attack" and effect.get("attacker") == "own_viper":
        mode = {"seat": seat, "left": 1, "mode": "own_attack"}
        return [{}] if p["viper"] is not None and vipers.options(state, seat, mode) else None
    if kind == "choose":
        out = []
        for option in effect.get("options"):
            for e in option:
                if (
                    e.kind == "repair_location"
                    and e.get("where") == "own_location"
                    and p["location"] in damaged_locations(state)
                ):
                    out.append({"pick": "location"})
                damaged = state["damaged_vipers"] + (state["mk7"]["damaged"] if cylon_fleet.active(state) else 0)
                if e.kind == "repair_vipers" and p["location"] == e.get("where") and damaged:
                    out.append({"pick": "vipers"})
        return out or None
    return None


def card_options(state: State, seat: int, card: str) -> list[dict[str, Any]]:
    """Every argument set the seat may play this physical card with as an action."""
    skill = CONTENT.skill_cards[card_id(card)]
    if skill.timing != "action":
        return []
    found: list[dict[str, Any]] = [{}]
    for effect in skill.effects:
        options = _effect_options(state, seat, effect)
        if options is None:
            return []
        found = [{**a, **b} for a in found for b in options]
    return [{"card": card, **a} for a in found]


def usable(state: State, seat: int, card: str) -> bool:
    """R801: a Treachery card's text serves revealed Cylons only, and a revealed Cylon has no other Skill card
    text (R260); a human's abilities are blocked in the Brig (RULINGS C16)."""
    cylon = bool(state["players"][seat]["cylon"])
    if (skill_of(card) == TREACHERY) != cylon:
        return False
    return cylon or not abilities_blocked(state, seat)


def options(state: State, seat: int) -> list[dict[str, Any]]:
    """``play_skill`` arguments for the Action step: not in the Brig (RULINGS C16); a revealed Cylon only
    Treachery cards (R260, R801). One physical card per kind and strength is offered (the others play the
    same)."""
    seen: set[str] = set()
    out: list[dict[str, Any]] = []
    for card in sorted(state["players"][seat]["hand"]):
        face = card.rsplit(".", 1)[0]
        if face in seen or not usable(state, seat, card):
            continue
        seen.add(face)
        out += card_options(state, seat, card)
    return out


def play(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    """Play a Skill card from the hand for its action; it is discarded once its text is resolved (R220 B)."""
    state = ctx.state
    card = args.get("card")
    p = ctx.player(seat)
    if card not in p["hand"]:
        raise IllegalCommand("card_not_in_hand", RULE)
    if skill_of(str(card)) == TREACHERY and not p["cylon"]:
        raise IllegalCommand("treachery_not_for_humans", "bsg:R801")
    if not usable(state, seat, str(card)):
        raise IllegalCommand("abilities_blocked", "bsg:R260")
    if args not in card_options(state, seat, str(card)):
        raise IllegalCommand("skill_card_not_playable", "bsg:R221", card=card)
    p["hand"].remove(card)
    ctx.emit("skill_card_played", seat=seat, card=card)
    for effect in CONTENT.skill_cards[card_id(str(card))].effects:
        _apply(ctx, seat, effect, args)
    discard_skill(ctx, str(card))


def _apply(ctx: Ctx, seat: int, effect: Effect, args: dict[str, Any]) -> None:
    state = ctx.state
    kind = effect.kind
    if kind == "draw_skills":
        for skill in args["picks"]:
            draw_skill(ctx, seat, skill)
    elif kind == "extra_actions":
        state["ordered"] = {
            "seat": args["target"],
            "left": 1 if args["pick"] == "move" else int(effect.get("count")),
            "move": args["pick"] == "move",
        }
        next_key(state)
        ctx.emit("executive_order", seat=seat, target=args["target"], mode=args["pick"])
    elif kind == "risk_raptor":
        roll = human_roll(ctx, lambda r: r < int(effect.get("at_least")))
        ok = roll >= int(effect.get("at_least"))
        ctx.emit("raptor_risked", roll=roll, at_least=effect.get("at_least"), success=ok)
        if not ok:
            state["reserves"]["raptor"] -= 1
            return
        for e in effect.get("success", ()):
            if e.kind == "look_deck":
                looks.peek(
                    ctx,
                    seat,
                    args["pick"],
                    int(e.get("count")),
                    bool(e.get("reorder")),
                    bool(e.get("bottom")),
                )
    elif kind == "attack":
        vipers.start(ctx, seat, int(effect.get("count")), "own_attack")
    elif kind in ("damage_galactica", "discard_skills"):  # Treachery cards (R801)
        apply_effect(ctx, effect, card_id(str(args["card"])), actor=seat)
    elif kind == "choose" and args["pick"] == "location":
        vipers.repair_location(ctx, ctx.player(seat)["location"])
    elif kind == "choose":
        count = next(
            int(e.get("count")) for o in effect.get("options") for e in o if e.kind == "repair_vipers"
        )
        vipers.repair_vipers(ctx, seat, count)
