"""What players add to a skill check besides their cards (bsg:R221, R509, RULINGS G36): Skill cards played
before a check (Investigative Committee, Scientific Research), and, once the cards are revealed and totalled,
a window for Declare Emergency and Helo's Against the Odds before the result is applied.

``check["open"]``: Investigative Committee was played (every contribution face up, with its owner);
``check["extra_colors"]``: colours that count positive too (Scientific Research);
``check["window"]``: ``{"queue": [seats still to answer], "total", ...}`` while the after-reveal window is open.
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import daybreak
from games.bsg.engine.decks import discard_skill
from games.bsg.engine.state import CONTENT, Ctx, State, card_id, next_key, skill_of, strength_of
from games.bsg.engine.traits import abilities_blocked, ability_of, skill_text_blocked
from games.engine.core import IllegalCommand

RULE = "bsg:R509"


def _timing(card: str) -> str:
    return CONTENT.skill_cards[card_id(card)].timing


def _used(check: dict[str, Any], card: str) -> bool:
    return card_id(card) in check.get("check_cards", [])


def _arbitrator(state: State, seat: int) -> str | None:
    """The Assign Arbitrator card lying on the seat's character, usable on an Admiral's Quarters check."""
    if state["check"]["source"].get("location") != "admirals_quarters":
        return None
    for entry in state.get("attached", []):
        effects = CONTENT.quorum[entry["card"]].effects
        if entry["seat"] == seat and any(
            e.kind == "check_difficulty" and e.get("scope") == "admirals_quarters" for e in effects
        ):
            return str(entry["card"])
    return None


def mission_check(check: dict[str, Any]) -> bool:
    """A Mission card's check (Search for Home, R510): abilities and cards that affect skill checks do not
    affect it (Investigative Committee, Restore Order, Declare Emergency), nor is it made reckless, nor do its
    skill check abilities resolve. The Mission module names its checks' source ``{"mission": card}``."""
    return "mission" in check["source"]


def before_options(state: State, seat: int) -> list[dict[str, str]]:
    """``play_check_card`` arguments the seat may send now, on its own turn to contribute and before it has
    put a card in (G36): a ``before_check`` Skill card (one of each kind per check, not from the Brig, C16),
    or the Arbitrator on an Admiral's Quarters check, making it easier or harder (G32)."""
    check = state["check"]
    if check is None or check["played"][str(seat)] or mission_check(check):  # R510: not on a Mission
        return []
    out: list[dict[str, str]] = []
    arbitrator = _arbitrator(state, seat)
    if arbitrator is not None:
        out += [{"card": arbitrator, "pick": way} for way in ("easier", "harder")]
    if skill_text_blocked(state, seat):  # R260: no Skill card text for a revealed Cylon (a Leader's too)
        return out
    seen: dict[str, str] = {}
    for card in sorted(state["players"][seat]["hand"]):
        if _timing(card) == "before_check" and not _used(check, card) and not _restore_refused(check, card):
            seen.setdefault(card_id(card), card)
    return out + [{"card": c} for c in sorted(seen.values())]


def play_before(ctx: Ctx, seat: int, card: str, pick: str | None = None) -> None:
    state = ctx.state
    args = {"card": card} if pick is None else {"card": card, "pick": pick}
    if args not in before_options(state, seat):
        raise IllegalCommand("check_card_not_playable", RULE, card=card)
    check = state["check"]
    if card in CONTENT.quorum:  # the Arbitrator: discarded for 3 easier or harder
        amount = next(
            int(e.get("amount")) for e in CONTENT.quorum[card].effects if e.kind == "check_difficulty"
        )
        check["difficulty"] += amount if pick == "harder" else -amount
        state["attached"] = [e for e in state["attached"] if e["card"] != card]
        state["decks"]["quorum_discard"].append(card)
        ctx.emit("arbitrator_used", seat=seat, pick=pick, difficulty=check["difficulty"])
        next_key(state)
        return
    state["players"][seat]["hand"].remove(card)
    discard_skill(ctx, card)
    check.setdefault("check_cards", []).append(card_id(card))
    ctx.emit("check_card_announced", seat=seat, card=card)
    for effect in CONTENT.skill_cards[card_id(card)].effects:
        if effect.kind == "open_contributions":
            check["open"] = True
            ctx.emit(
                "check_contributions_opened", played={s: list(c) for s, c in check["played"].items() if c}
            )
        elif effect.kind == "count_positive":
            check.setdefault("extra_colors", []).append(effect.get("skill"))
        elif effect.kind == "no_reckless":  # Restore Order (R507): reckless.py reads it
            check["restored"] = True
    next_key(state)


def colors(check: dict[str, Any]) -> list[str]:
    return list(check["colors"]) + list(check.get("extra_colors", []))


def total(check: dict[str, Any], cards: list[str]) -> tuple[int, int]:
    good = colors(check)
    removed = check.get("removed", [])
    kept = [c for c in cards if skill_of(c) not in removed]
    positive = sum(strength_of(c) for c in kept if skill_of(c) in good)
    negative = sum(strength_of(c) for c in kept if skill_of(c) not in good)
    return positive, negative


# --- the window after the reveal -------------------------------------------------------------------------


def _restore_refused(check: dict[str, Any], card: str) -> bool:
    """Restore Order is not played on a reckless check (R507)."""
    return bool(check.get("reckless")) and any(
        e.kind == "no_reckless" for e in CONTENT.skill_cards[card_id(card)].effects)


def _emergency(state: State, seat: int) -> list[str]:
    if skill_text_blocked(state, seat) or mission_check(state["check"]):  # R260, R510
        return []
    found: dict[str, str] = {}
    for card in sorted(state["players"][seat]["hand"]):
        if _timing(card) == "after_check" and not _used(state["check"], card):
            found.setdefault(card_id(card), card)
    return sorted(found.values())


def _against_the_odds(state: State, seat: int) -> bool:
    ability = ability_of(state, seat, "once_per_game")
    return (
        ability is not None
        and ability.when == "after_check_revealed"
        and daybreak.once_available(state, seat)
        and not abilities_blocked(state, seat)
    )


def _outcome(check: dict[str, Any], total: int, difficulty: int) -> str:
    """R501 step 8 with the check's partial threshold (RULINGS A14)."""
    if total >= difficulty:
        return "pass"
    partial = check.get("partial_at")
    return "partial" if partial is not None and total >= partial else "fail"


def _changes(check: dict[str, Any], difficulty: int = 0, removed: str | None = None) -> bool:
    """Would lowering the difficulty by ``difficulty`` or removing a type change the outcome?"""
    positive, negative = total(check, check["revealed"])
    now = _outcome(check, positive - negative, check["difficulty"])
    if removed is not None:
        check = {**check, "removed": [*check.get("removed", []), removed]}
        positive, negative = total(check, check["revealed"])
    return _outcome(check, positive - negative, check["difficulty"] + difficulty) != now


def _useful(state: State, seat: int) -> list[dict[str, Any]]:
    check = state["check"]
    out: list[dict[str, Any]] = []
    for card in _emergency(state, seat):
        amount = sum(
            int(e.get("amount"))
            for e in CONTENT.skill_cards[card_id(card)].effects
            if e.kind == "check_difficulty"
        )
        if _changes(check, difficulty=amount):
            out.append({"card": card})
    if _against_the_odds(state, seat):
        shown = sorted({skill_of(c) for c in check["revealed"]} - set(check.get("removed", [])))
        out += [{"skill": s} for s in shown if _changes(check, removed=s)]
    return out


def window_options(state: State, seat: int) -> list[dict[str, Any]]:
    """``after_check {card?, skill?}`` arguments: a Declare Emergency card, or Helo's removal of a type,
    each only where it changes the outcome as the check stands."""
    return _useful(state, seat)


def open_window(ctx: Ctx) -> bool:
    """After the total: the seats that could change the result with a card or ability answer in check
    order (G36); a seat whose play would change nothing is not asked. False: nobody is."""
    state = ctx.state
    check = state["check"]
    if mission_check(check):  # R510: Declare Emergency, Helo's ability... do not affect a Mission
        return False
    queue = [seat for seat in check["order"] if _useful(state, seat)]
    if not queue:
        return False
    check["window"] = {"queue": queue}
    next_key(state)
    return True


def window_seat(state: State) -> int | None:
    check = state["check"]
    if check is None or not check.get("window"):
        return None
    queue = check["window"]["queue"]
    return int(queue[0]) if queue else None


def answer(ctx: Ctx, seat: int, card: str | None, skill: str | None) -> None:
    """The window's seat plays Declare Emergency, removes a type (Helo), or lets the result stand."""
    state = ctx.state
    check = state["check"]
    if window_seat(state) != seat:
        raise IllegalCommand("not_your_contribution", RULE)
    args = {k: v for k, v in (("card", card), ("skill", skill)) if v is not None}
    if args and args not in window_options(state, seat):
        raise IllegalCommand("check_card_not_playable", RULE, **args)
    if card is not None:
        state["players"][seat]["hand"].remove(card)
        discard_skill(ctx, card)
        check.setdefault("check_cards", []).append(card_id(card))
        for effect in CONTENT.skill_cards[card_id(card)].effects:
            if effect.kind == "check_difficulty":
                check["difficulty"] += int(effect.get("amount"))
        ctx.emit("check_card_announced", seat=seat, card=card)
    elif skill is not None:
        daybreak.spend_once(ctx, seat)  # a Miracle token on a Daybreak table (R1010)
        check.setdefault("removed", []).append(skill)
        ability = ability_of(state, seat, "once_per_game")
        ctx.emit("ability_used", seat=seat, ability=ability.id if ability else "", target=None, skill=skill)
    else:
        ctx.emit("check_window_passed", seat=seat)
    check["window"]["queue"].pop(0)
    next_key(state)
