"""Daybreak's Treachery cards discarded by choice (bsg:R1022, RULINGS G148): a ``mutiny_on_discard`` card its owner
discards of his own choice makes him draw a Mutiny card, at most one a turn this way."""

from __future__ import annotations

import pytest

from games.bsg.engine.state import CONTENT, card_id
from games.bsg.engine.turns import hand_limit
from tests.bsg.engine.daybreak_helpers import start_daybreak
from tests.bsg.engine.helpers import act, act_events
from tests.bsg.engine.test_daybreak_skills import FOUR, take


@pytest.mark.rules("bsg:R1022", "bsg:R145")
def test_the_data_marks_some_treachery_cards_and_only_treachery_cards() -> None:
    marked = {c.id for c in CONTENT.skill_cards.values() if c.mutiny_on_discard}
    assert marked and all(CONTENT.skill_cards[c].skill == "treachery" for c in marked)
    assert {c.id for c in CONTENT.skill_cards.values() if c.skill == "treachery" and c.set == "daybreak"} - marked


@pytest.mark.rules("bsg:R1022")
@pytest.mark.scenarios("bsg:AS-85")
def test_two_marked_treachery_cards_discarded_in_one_turn_draw_one_mutiny_card() -> None:
    state = start_daybreak(4, FOUR)
    seat = state["current"]
    p = state["players"][seat]
    p["mutiny"] = []
    marked = [take(state, "sow_discord", 1), take(state, "sow_discord", 2)]
    while len(p["hand"]) + len(marked) < hand_limit(state, seat) + 2:  # two over the limit
        p["hand"].append(state["decks"]["skill"]["politics"].pop())
    p["hand"] += marked
    state["discards"] = [seat]  # the hand limit (R008): each card of his own choice
    state, events = act_events(state, seat, "discard_excess", card=marked[0])
    assert [e.kind for e in events].count("mutiny_drawn") == 1 and len(state["players"][seat]["mutiny"]) == 1
    assert state["discards"] == [seat]  # still one over: the same turn
    state, events = act_events(state, seat, "discard_excess", card=marked[1])
    assert "mutiny_drawn" not in [e.kind for e in events]
    assert "treachery_mutiny_spent" in [e.kind for e in events]
    assert len(state["players"][seat]["mutiny"]) == 1


@pytest.mark.rules("bsg:R1022")
def test_a_forced_discard_of_ones_choice_counts_and_an_unmarked_card_does_not() -> None:
    state = start_daybreak(4, FOUR)
    seat = (state["current"] + 1) % 4
    p = state["players"][seat]
    p["mutiny"] = []
    plain, marked = take(state, "faulty_wiring", 1), take(state, "sow_discord", 0)
    p["hand"] += [plain, marked]
    state["forced"] = {str(seat): 2}
    state, events = act_events(state, seat, "discard_forced", card=plain)
    assert "mutiny_drawn" not in [e.kind for e in events]
    state, events = act_events(state, seat, "discard_forced", card=marked)
    drawn = [dict(e.data) for e in events if e.kind == "mutiny_drawn"]
    assert [d["seat"] for d in drawn] == [seat] and card_id(state["players"][seat]["mutiny"][0]) in CONTENT.mutiny
    # in the next turn the limit starts again
    state["turn_no"] += 1
    again = take(state, "sow_discord", 1)
    state["players"][seat]["hand"].append(again)
    state["forced"] = {str(seat): 1}
    state = act(state, seat, "discard_forced", card=again)
    assert len(state["players"][seat]["mutiny"]) == 2 or state["players"][seat]["location"] == "brig"
