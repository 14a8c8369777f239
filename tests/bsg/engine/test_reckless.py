"""Daybreak's reckless skill checks (bsg:R507, R508, R510, R501; RULINGS G144-G147): before any card is added,
one player may put a Reckless card face up into the check; Restore Order forbids it and is refused on a reckless
check; after the skill check abilities of a reckless check, the Treachery deck's top card is revealed."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine import check_cards, reckless
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import card_id
from games.engine.core import Command, Event, IllegalCommand, Rng
from tests.bsg.engine.daybreak_helpers import State, start_daybreak
from tests.bsg.engine.helpers import act, act_events, to_step
from tests.bsg.engine.test_daybreak_skills import FOUR, take

CRISIS = "tylium_refinery_fire"  # engineering and tactics, 11; Consequence: -1 fuel


def clear_hands(state: State) -> None:
    for p in state["players"]:
        state["decks"]["skill_discard"]["politics"] += p["hand"]
        p["hand"], p["revealed"], p["mutiny"] = [], [], []


def at_check(hands: dict[int, list[tuple[str, int]]], destiny: list[tuple[str, int]],
             treachery: list[tuple[str, int]] = ()) -> tuple[State, list[Event]]:
    """The check of CRISIS just drawn: ``hands`` (by place in the contribution order) hold only these cards, the
    two Destiny cards are ``destiny``, the Treachery deck's top cards ``treachery`` (the first on top)."""
    state = to_step(start_daybreak(4, FOUR), "crisis")
    clear_hands(state)
    order = [(state["current"] + 1 + i) % 4 for i in range(4)]
    for place, cards in hands.items():
        state["players"][order[place]]["hand"] = [take(state, n, s) for n, s in cards]
    state["decks"]["destiny"] += [take(state, n, s) for n, s in destiny]
    state["decks"]["skill"]["treachery"] += [take(state, n, s) for n, s in reversed(treachery)]
    state["decks"]["crisis"].append(CRISIS)
    return act_events(state, state["current"], "draw_crisis")


def decision(state: State) -> Any:
    return RULES.pending(state)[0]


def seat_of(state: State) -> int:
    return int(next(iter(decision(state).seats)))


def finish(state: State) -> tuple[State, list[Event]]:
    """Nobody adds more cards; the check is revealed and resolved."""
    while decision(state).prompt in ("contribute_to_check", "reckless_window"):
        kind = "before_check" if decision(state).prompt == "reckless_window" else "finish_contributing"
        state = act(state, seat_of(state), kind)
    command = RULES.auto_command(state)
    assert command is not None
    out = RULES.apply(state, command, Rng.from_seed(3))
    return out.state, list(out.events)


def of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]


@pytest.mark.rules("bsg:R507", "bsg:R501")
def test_a_reckless_card_is_offered_before_any_card_is_added_and_goes_face_up_into_the_check() -> None:
    state, _ = at_check({2: [("calculated_risk", 2), ("jury_rig", 1)]}, [("jury_rig", 2), ("jury_rig", 1)])
    assert decision(state).prompt == "reckless_window"  # after the Destiny draw, before the first contribution
    seat = seat_of(state)
    assert seat == state["check"]["order"][2]  # only a seat that holds one is asked
    card = state["players"][seat]["hand"][0]
    legal = RULES.legal_commands(state, seat)
    assert Command(seat, "before_check", {"card": card}) in legal
    assert Command(seat, "before_check", {}) in legal
    first = state["check"]["order"][0]
    with pytest.raises(IllegalCommand):  # the first contributor waits for the window
        act(state, first, "finish_contributing")
    state, events = act_events(state, seat, "before_check", card=card)
    assert of(events, "check_made_reckless") == [{"seat": seat, "card": card}]
    assert all(e.for_seat(s) is not None for e in events for s in range(4))  # face up: everyone sees it
    assert state["check"]["reckless"] == {"seat": seat, "card": card}
    assert RULES.view(state, first)["check"]["reckless"] == {"seat": seat, "card": card}
    assert decision(state).prompt == "contribute_to_check" and seat_of(state) == first
    before = state["resources"]["fuel"]
    state, events = finish(state)
    revealed = of(events, "check_revealed")[0]
    assert card in revealed["cards"] and revealed["positive"] == 2 + 2 + 1  # its strength counts (tactics)
    assert {"card": "calculated_risk"} in of(events, "skill_check_ability")  # its SCA resolves
    assert state["resources"]["fuel"] == before - 1 - 2 - 1  # its SCA, the failure, the Consequence


@pytest.mark.rules("bsg:R507")
def test_only_one_reckless_card_per_check_and_none_once_a_card_is_in() -> None:
    state, _ = at_check({0: [("calculated_risk", 1)], 1: [("hard_landing", 1)]}, [("jury_rig", 2), ("jury_rig", 1)])
    first = seat_of(state)
    state = act(state, first, "before_check", card=state["players"][first]["hand"][0])
    assert decision(state).prompt == "contribute_to_check"  # the other holder is not asked any more
    second = state["check"]["order"][1]
    assert reckless.window_options(state, second) == []
    with pytest.raises(IllegalCommand):
        act(state, second, "before_check", card=state["players"][second]["hand"][0])
    # a check where the first seat passed and then put a card in cannot be made reckless either
    state, _ = at_check({0: [("calculated_risk", 1), ("jury_rig", 1)], 1: [("hard_landing", 1)]},
                        [("jury_rig", 2), ("jury_rig", 1)])
    state = act(state, seat_of(state), "before_check")
    state = act(state, seat_of(state), "before_check")
    assert decision(state).prompt == "contribute_to_check"
    state = act(state, first, "contribute", card=next(c for c in state["players"][first]["hand"]
                                                      if card_id(c) == "jury_rig"))
    assert not reckless.may_become_reckless(state["check"])


@pytest.mark.rules("bsg:R507", "bsg:R509")
@pytest.mark.scenarios("bsg:AS-37")
def test_restore_order_forbids_a_reckless_check_and_is_refused_on_one() -> None:
    # played before the check (in the window): the check cannot be made reckless any more
    state, _ = at_check({0: [("restore_order", 3)], 1: [("calculated_risk", 1)]}, [("jury_rig", 2), ("jury_rig", 1)])
    first = seat_of(state)
    order_card = state["players"][first]["hand"][0]
    state, events = act_events(state, first, "before_check", card=order_card)
    assert state["check"]["restored"] and decision(state).prompt == "contribute_to_check"
    holder = state["check"]["order"][1]
    assert reckless.window_options(state, holder) == []
    with pytest.raises(IllegalCommand):
        act(state, holder, "before_check", card=state["players"][holder]["hand"][0])
    # no skill check ability resolves in it (its authored second effect, G144)
    state, events = finish(state)
    assert of(events, "skill_check_ability") == []
    # a reckless check: Restore Order is not playable before it
    state, _ = at_check({0: [("calculated_risk", 1)], 1: [("restore_order", 4)]}, [("jury_rig", 2), ("jury_rig", 1)])
    first = seat_of(state)
    state = act(state, first, "before_check", card=state["players"][first]["hand"][0])
    state = act(state, first, "finish_contributing")
    second = seat_of(state)
    restore = state["players"][second]["hand"][0]
    assert {"card": restore} not in check_cards.before_options(state, second)
    assert Command(second, "play_check_card", {"card": restore}) not in RULES.legal_commands(state, second)
    with pytest.raises(IllegalCommand):
        act(state, second, "play_check_card", card=restore)


@pytest.mark.rules("bsg:R508")
@pytest.mark.scenarios("bsg:AS-38")
def test_a_treachery_card_above_zero_is_discarded_unresolved_and_uncounted() -> None:
    state, _ = at_check({0: [("calculated_risk", 1)]}, [("jury_rig", 2), ("jury_rig", 1)],
                        treachery=[("faulty_wiring", 2), ("faulty_wiring", 0)])
    top = state["decks"]["skill"]["treachery"][-1]
    state = act(state, seat_of(state), "before_check", card=state["players"][seat_of(state)]["hand"][0])
    morale = state["resources"]["morale"]
    state, events = finish(state)
    assert of(events, "reckless_treachery") == [{"cards": [top], "resolved": False}]
    assert of(events, "check_revealed")[0]["total"] == 1 + 2 + 1  # the Treachery card is not in the total
    assert state["resources"]["morale"] == morale  # Faulty Wiring's ability did not resolve
    assert top in state["decks"]["skill_discard"]["treachery"]


@pytest.mark.rules("bsg:R508", "bsg:R505")
@pytest.mark.scenarios("bsg:AS-38")
def test_a_zero_treachery_card_reveals_the_next_and_both_abilities_resolve_even_if_already_resolved() -> None:
    # a Faulty Wiring among the Destiny cards resolves once (R505); the reckless draw's two resolve again
    state, _ = at_check({0: [("calculated_risk", 1)]}, [("faulty_wiring", 3), ("jury_rig", 1)],
                        treachery=[("faulty_wiring", 0), ("faulty_wiring", 1)])
    pair = state["decks"]["skill"]["treachery"][-2:][::-1]
    state = act(state, seat_of(state), "before_check", card=state["players"][seat_of(state)]["hand"][0])
    morale = state["resources"]["morale"]
    state, events = finish(state)
    assert of(events, "reckless_treachery") == [{"cards": pair, "resolved": True}]
    assert [e["card"] for e in of(events, "skill_check_ability")].count("faulty_wiring") == 3
    assert state["resources"]["morale"] == morale - 3
    assert of(events, "check_revealed")[0]["negative"] == 3  # only the Destiny Treachery card counts
    assert set(pair) <= set(state["decks"]["skill_discard"]["treachery"])


@pytest.mark.rules("bsg:R507", "bsg:R508")
def test_a_check_nobody_makes_reckless_draws_no_treachery() -> None:
    state, _ = at_check({0: [("calculated_risk", 1)]}, [("jury_rig", 2), ("jury_rig", 1)])
    seat = seat_of(state)
    state, events = act_events(state, seat, "before_check")
    assert of(events, "reckless_window_passed") == [{"seat": seat}] and not state["check"].get("reckless")
    treachery = len(state["decks"]["skill"]["treachery"])
    state, events = finish(state)
    assert of(events, "reckless_treachery") == [] and len(state["decks"]["skill"]["treachery"]) == treachery


@pytest.mark.rules("bsg:R510")
def test_a_mission_check_takes_no_reckless_card_no_restore_order_and_resolves_no_ability() -> None:
    """The hook the Mission cards use (Search for Home): a check whose source names a mission."""
    state, _ = at_check({0: [("calculated_risk", 1), ("restore_order", 3), ("investigative_committee", 3)]},
                        [("jury_rig", 2), ("inspiring_words", 1)])
    first = seat_of(state)
    check = state["check"]
    assert reckless.window_options(state, first)  # on the Crisis card's check it is offered
    check["source"] = {"mission": "any_mission"}
    assert check_cards.mission_check(check)
    assert not reckless.may_become_reckless(check)
    assert reckless.window_options(state, first) == []
    assert check_cards.before_options(state, first) == []  # nor Investigative Committee, nor Restore Order
    assert reckless.restore_refused(check, state["players"][first]["hand"][1])
    pile = [take(state, "inspiring_words", 2), take(state, "jury_rig", 1)]
    assert reckless.abilities(check, pile) == []  # no skill check ability resolves
    check["source"] = {"card": CRISIS, "option": None}
    assert reckless.abilities(check, pile) == ["inspiring_words", "jury_rig"]


@pytest.mark.rules("bsg:R507", "bsg:R230")
def test_once_a_reckless_card_is_in_the_check_religious_visions_can_no_longer_cancel_the_crisis() -> None:
    """A Reckless card put face up into the check is a card in it (R507): Roslin cancels a Crisis only while its
    check has no card in (RULINGS G37), so the Reckless card is never lost with a cancelled check."""
    state, _ = at_check({2: [("calculated_risk", 2)]}, [("jury_rig", 2), ("jury_rig", 1)])
    roslin = next(p["seat"] for p in state["players"] if p["character"] == "laura_roslin")
    assert {"kind": "cancel_crisis"} in RULES.view(state, roslin)["players"][roslin]["interrupts"]
    seat = seat_of(state)
    card = state["players"][seat]["hand"][0]
    state = act(state, seat, "before_check", card=card)
    assert {"kind": "cancel_crisis"} not in RULES.view(state, roslin)["players"][roslin]["interrupts"]
    with pytest.raises(IllegalCommand):
        act(state, roslin, "cancel_crisis")
