"""Skill checks (bsg:R500-R506): two Destiny cards, secret face-down contributions in seat order from the
player to the left of the active player to the active player himself, the shuffled anonymous reveal,
strength by colour and the pass / partial pass / fail results.

``state["check"]``::

    {"source": {"card": id, "option": index | None} or {"location": id, "target": seat | None},
     "colors", "difficulty", "partial_at",
     "destiny": [2 cards], "order": [seats], "at": index in order (== len: all have played),
     "played": {"<seat>": [cards]}, "then": the turn step that follows}

Nobody sees the Destiny cards or another seat's cards before the reveal; the reveal shows the shuffled
pile without owners (R501 step 5, 6.1); only the number of cards each seat put in is public.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.bsg.engine import check_cards, daybreak, earth, reckless
from games.bsg.engine.content import Check, Effect
from games.bsg.engine.decks import discard_skill, draw_destiny, draw_skill
from games.bsg.engine.effects import apply_effects
from games.bsg.engine.state import CONTENT, Ctx, State, infiltrator, next_key, skill_of, strength_of
from games.bsg.engine.traits import check_difficulty_change, sheet_effects
from games.engine.core import IllegalCommand

RULE = "bsg:R501"


def location_check(location: str) -> Effect:
    """The ``skill_check`` effect of a location's action (R500: Administration, Admiral's Quarters, Brig)."""
    return next(e for e in CONTENT.locations[location].effects if e.kind == "skill_check")


def check_of(source: dict[str, Any]) -> Check:
    """The check's rules. A location's check has no Consequence (R504); a Mission's is its card's (R1054)."""
    if "mission" in source:
        return CONTENT.missions[source["mission"]].check
    if "location" in source:
        effect = location_check(source["location"])
        return Check(colors=tuple(effect.get("colors")), difficulty=int(effect.get("difficulty")),
                     on_pass=tuple(effect.get("pass", ())), on_fail=tuple(effect.get("fail", ())))
    card: str = source["card"]
    crisis = CONTENT.crises.get(card) or CONTENT.super_crises[card]
    if source.get("option") is not None:
        index: int = source["option"]
        found = crisis.options[index].check
    else:
        found = crisis.check
    assert found is not None, source
    return found


def contribution_order(state: State) -> list[int]:
    """From the player to the left of the active player round to the active player (R501 step 4, R010)."""
    n, current = state["n"], state["current"]
    order = [(current + 1 + i) % n for i in range(n)]
    return [s for s in order if not state["players"][s].get("eliminated")]  # out of the game (R978)


def contribution_limit(state: State, seat: int) -> int | None:
    """At most 1 card for a revealed Cylon (R502) and for a character in the Brig (R435, RULINGS C16); at most
    2 for an infiltrated Cylon Leader (R803g); a sheet's own limit (Aaron Doral's Vanity, which holds in Mission
    checks too: R510, RULINGS G198) lowers it further."""
    p = state["players"][seat]
    limits = [int(e.get("count")) for e in sheet_effects(state, seat, "contribution_limit")]
    if p["cylon"] or p["location"] == "brig":
        limits.append(1)
    elif infiltrator(p):
        limits.append(2)
    return min(limits, default=None)


def start_check(ctx: Ctx, source: dict[str, Any], then: str) -> None:
    check = check_of(source)
    state = ctx.state
    difficulty = check.difficulty + check_difficulty_change(state, source.get("target"), source.get("location"))
    state["check"] = {
        "source": source, "colors": list(check.colors), "difficulty": difficulty,
        "partial_at": check.partial_at, "destiny": draw_destiny(ctx), "order": contribution_order(state),
        "at": 0, "played": {str(p["seat"]): [] for p in state["players"]}, "then": then,
    }
    next_key(state)
    ctx.emit("check_started", card=source.get("card"), option=source.get("option"),
             location=source.get("location"), target=source.get("target"), colors=list(check.colors),
             difficulty=difficulty, partial_at=check.partial_at, order=state["check"]["order"])
    reckless.open_window(ctx)  # R501 step 3, R507: before any card is added


def waiting_for(state: State) -> int | None:
    """The seat whose contribution the check waits for; None once every seat has played."""
    check = state["check"]
    if check is None or check["at"] >= len(check["order"]):
        return None
    seat: int = check["order"][check["at"]]
    return seat


def _need_turn(state: State, seat: int) -> dict[str, Any]:
    check = state["check"]
    if check is None:
        raise IllegalCommand("no_skill_check", RULE)
    if waiting_for(state) != seat or check.get("before"):  # the reckless window first (R507)
        raise IllegalCommand("not_your_contribution", RULE, waiting_for=waiting_for(state))
    found: dict[str, Any] = check
    return found


def contribute(ctx: Ctx, seat: int, card: str) -> None:
    """Put one Skill card from the hand face down on the check (R501 step 4)."""
    check = _need_turn(ctx.state, seat)
    p = ctx.player(seat)
    if card not in p["hand"]:
        raise IllegalCommand("card_not_in_hand", RULE)
    limit = contribution_limit(ctx.state, seat)
    played = check["played"][str(seat)]
    if limit is not None and len(played) >= limit:
        raise IllegalCommand("contribution_limit_reached", "bsg:R502", limit=limit)
    p["hand"].remove(card)
    played.append(card)
    if ctx.state["check"].get("open"):  # Investigative Committee: face up, with its owner
        ctx.emit("check_card_played", seat=seat, card=card, count=len(played))
    else:
        ctx.emit("check_card_played", visible_to=frozenset({seat}), redacted={"seat": seat, "count": len(played)},
                 seat=seat, card=card, count=len(played))


def finish_contributing(ctx: Ctx, seat: int) -> None:
    check = _need_turn(ctx.state, seat)
    check["at"] += 1
    next_key(ctx.state)
    ctx.emit("check_contribution_done", seat=seat, count=len(check["played"][str(seat)]))


def strength(colors: list[str], cards: list[str]) -> tuple[int, int]:
    """(positive, negative) strength of the revealed cards: the check's colours add, every other colour
    subtracts (R501 step 7)."""
    positive = sum(strength_of(c) for c in cards if skill_of(c) in colors)
    negative = sum(strength_of(c) for c in cards if skill_of(c) not in colors)
    return positive, negative


def reveal(ctx: Ctx) -> str:
    """Shuffle the pile, reveal it and total it (R501 steps 5-7); with Investigative Committee the owners are
    shown. Then either the after-reveal window opens (check_cards.py) and the outcome is ``pending``, or
    the result is applied at once (``resolve``)."""
    state = ctx.state
    check = state["check"]
    pile = list(check["destiny"])
    for seat in check["order"]:
        pile += check["played"][str(seat)]
    pile += reckless.cards_in(check)  # the Reckless card, face up in the pile (R507)
    ctx.rng.shuffle(pile)
    contributed = sorted({int(s) for s, cards in check["played"].items() if cards} | set(reckless.seat_in(check)))
    if check.get("open"):
        ctx.emit("check_contributions_opened", played={s: list(c) for s, c in check["played"].items() if c})
    check["revealed"], check["destiny"] = pile, []
    check["played"] = {s: [] for s in check["played"]}
    check["contributed"] = contributed
    positive, negative = check_cards.total(check, pile)
    total = positive - negative
    rules = check_of(check["source"])
    outcome = replace(rules, difficulty=check["difficulty"]).outcome(total)
    ctx.emit("check_revealed", cards=pile, positive=positive, negative=negative, total=total,
             difficulty=check["difficulty"], outcome=outcome, source=source_label(check["source"]))
    if check_cards.open_window(ctx):
        return "pending"
    return resolve(ctx)


def resolve(ctx: Ctx) -> str:
    """Apply the check's result (R501 step 8, R506) with the total and difficulty as they stand now."""
    state = ctx.state
    check = state["check"]
    pile = check["revealed"]
    positive, negative = check_cards.total(check, pile)
    total = positive - negative
    rules = check_of(check["source"])
    outcome = replace(rules, difficulty=check["difficulty"]).outcome(total)  # a sheet or card may change it
    source = check["source"]
    label = source_label(source)
    if check.get("window") is not None:
        ctx.emit("check_result", total=total, difficulty=check["difficulty"], outcome=outcome, source=label)
    for seat in check["contributed"]:  # Boomer's Mysterious Intuition (before the pile is discarded)
        after_contributing(ctx, seat)
    for card in pile:
        discard_skill(ctx, card)
    state["check"] = None
    next_key(state)
    for kind in reckless.abilities(check, pile):  # R505: once per kind, before the result (A13); R510
        ctx.emit("skill_check_ability", card=kind)
        apply_effects(ctx, daybreak.skill_check_ability(kind), kind)
    reckless.treachery_draw(ctx, check)  # R508: a reckless check's Treachery card(s), then the result (A13)
    results = {"pass": rules.on_pass, "partial": rules.on_partial, "fail": rules.on_fail}[outcome]
    apply_effects(ctx, results, label, target=source.get("target"))
    apply_effects(ctx, rules.consequence, label)  # R506: whatever the outcome (never for a location, R504)
    if "mission" in source:  # R1055, R1060: distance, the card turned face down, the Rebel Basestar
        earth.mission_result(ctx, source["mission"], outcome)
    return outcome


def source_label(source: dict[str, Any]) -> str:
    """The card, location or Mission card (R1053) a check comes from."""
    label: str = source.get("card") or source.get("location") or source["mission"]
    return label


def after_contributing(ctx: Ctx, seat: int) -> None:
    """Boomer's Mysterious Intuition: after a check she put cards into, once per turn, 1 card of her skill
    set (its first type, RULINGS G36)."""
    state = ctx.state
    for effect in sheet_effects(state, seat, "draw_skills"):
        if effect.get("types") != "own":
            continue
        mark = f"{seat}:{state['turn_no']}"
        if mark in state.setdefault("intuition", []):
            continue
        state["intuition"].append(mark)
        sheet = CONTENT.characters[state["players"][seat]["character"]]
        draw_skill(ctx, seat, sheet.skill_types[0])
