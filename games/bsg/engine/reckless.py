"""Daybreak's reckless skill checks (bsg:R507, R508, R510; RULINGS G144, G145, G147): before any card is added
to a check, one player may put a Reckless Skill card face up into it, making the check reckless; Restore Order
played before a check forbids it, and is refused on a reckless check. After the skill check abilities of a
reckless check at a Daybreak table, the top Treachery card is revealed (R508).

``check["before"]``: ``{"queue": [seats]}`` while the window before the contributions is open (the seats that
hold a Reckless card or Restore Order they may play, in contribution order); ``check["reckless"]``:
``{"seat", "card"}`` once the check is reckless; ``check["restored"]``: Restore Order was played on it.

R510 (Mission checks, Search for Home): no check of a Mission card can be made reckless, takes Restore Order,
or resolves skill check abilities (``check_cards.mission_check`` is the one test for it).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import check_cards, daybreak
from games.bsg.engine.content import TREACHERY
from games.bsg.engine.decks import discard_skill, take_skill
from games.bsg.engine.effects import apply_effects
from games.bsg.engine.standing import in_force
from games.bsg.engine.state import CONTENT, Ctx, State, card_id, next_key, strength_of
from games.bsg.engine.traits import skill_text_blocked
from games.engine.core import IllegalCommand

RULE = "bsg:R507"


def is_reckless_card(card: str) -> bool:
    return CONTENT.skill_cards[card_id(card)].reckless


def is_restore_order(card: str) -> bool:
    return any(e.kind == "no_reckless" for e in CONTENT.skill_cards[card_id(card)].effects)


def may_become_reckless(check: dict[str, Any]) -> bool:
    """Not yet reckless, no Restore Order played on it, no card added yet, not a Mission's (R507, R510)."""
    return (not check.get("reckless") and not check.get("restored") and not check_cards.mission_check(check)
            and check["at"] == 0 and not any(check["played"].values()))


def window_options(state: State, seat: int) -> list[dict[str, str]]:
    """``before_check {card}`` arguments: one Reckless card of each kind in the hand, and Restore Order
    (R507). Not for a revealed Cylon or from the Brig: a card's text serves neither (R260, RULINGS C16)."""
    check = state["check"]
    if check is None or not daybreak.on(state) or not may_become_reckless(check) or skill_text_blocked(state, seat):
        return []
    found: dict[str, str] = {}
    for card in sorted(state["players"][seat]["hand"]):
        if is_reckless_card(card) or is_restore_order(card):
            found.setdefault(card_id(card), card)
    return [{"card": c} for c in sorted(found.values())]


def open_window(ctx: Ctx) -> None:
    """R501 step 3, after the Destiny draw: the seats that could make the check reckless, or forbid it with
    Restore Order, are asked in contribution order (RULINGS G144); a seat that could not, or that passes the
    check in advance (RULINGS G43), is not asked."""
    state = ctx.state
    check = state["check"]
    queue = [seat for seat in check["order"] if window_options(state, seat) and not in_force(state, seat)]
    if queue:
        check["before"] = {"queue": queue}
        next_key(state)


def window_seat(state: State) -> int | None:
    check = state["check"]
    if check is None or not check.get("before"):
        return None
    queue = check["before"]["queue"]
    return int(queue[0]) if queue else None


def answer(ctx: Ctx, seat: int, card: str | None) -> None:
    """The window's seat makes the check reckless, plays Restore Order, or lets it be."""
    state = ctx.state
    check = state["check"]
    if window_seat(state) != seat:
        raise IllegalCommand("not_your_contribution", RULE)
    if card is None:
        check["before"]["queue"].pop(0)
        ctx.emit("reckless_window_passed", seat=seat)
    elif {"card": card} not in window_options(state, seat):
        raise IllegalCommand("check_card_not_playable", RULE, card=card)
    elif is_reckless_card(card):
        state["players"][seat]["hand"].remove(card)
        check["reckless"] = {"seat": seat, "card": card}
        check["before"]["queue"] = []
        ctx.emit("check_made_reckless", seat=seat, card=card)
    else:  # Restore Order: the check can no longer be made reckless
        state["players"][seat]["hand"].remove(card)
        discard_skill(ctx, card)
        check.setdefault("check_cards", []).append(card_id(card))
        restore(check)
        check["before"]["queue"] = []
        ctx.emit("check_card_announced", seat=seat, card=card)
    if not check["before"]["queue"]:
        check["before"] = None
    next_key(state)


def restore(check: dict[str, Any]) -> None:
    """Restore Order's effects on the check (R507, RULINGS G144)."""
    check["restored"] = True


def restore_refused(check: dict[str, Any], card: str) -> bool:
    """Restore Order cannot be played before a reckless check (R507), nor on a Mission's (R510)."""
    return is_restore_order(card) and (bool(check.get("reckless")) or check_cards.mission_check(check))


def cards_in(check: dict[str, Any]) -> list[str]:
    """The Reckless card put face up into the check, which is revealed and counted with the others."""
    reckless = check.get("reckless")
    return [str(reckless["card"])] if reckless else []


def seat_in(check: dict[str, Any]) -> list[int]:
    reckless = check.get("reckless")
    return [int(reckless["seat"])] if reckless else []


def abilities(check: dict[str, Any], pile: list[str]) -> list[str]:
    """The skill check abilities that resolve (R505): none on a Mission (R510) or after Restore Order."""
    if check.get("restored") or check_cards.mission_check(check):
        return []
    return daybreak.skill_check_abilities(pile)


def treachery_draw(ctx: Ctx, check: dict[str, Any]) -> None:
    """R508: after the skill check abilities of a reckless check at a Daybreak table, the top Treachery card is
    revealed. Strength above 0: discarded, nothing more. Strength 0: the next one is revealed too and the
    abilities of both resolve, even of a kind already resolved in this check. Neither counts in the total."""
    if not check.get("reckless") or not daybreak.on(ctx.state) or check_cards.mission_check(check):
        return
    first = take_skill(ctx, TREACHERY)
    if first is None:
        return
    cards = [first]
    if strength_of(first) == 0:
        second = take_skill(ctx, TREACHERY)
        if second is not None:
            cards.append(second)
    ctx.emit("reckless_treachery", cards=cards, resolved=strength_of(first) == 0)
    for card in cards:
        discard_skill(ctx, card)
    if strength_of(first) != 0:
        return
    for card in cards:
        sca = CONTENT.skill_cards[card_id(card)].sca
        if sca:
            ctx.emit("skill_check_ability", card=card_id(card))
            apply_effects(ctx, sca, card_id(card))
