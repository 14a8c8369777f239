"""Daybreak's reckless checks on the page (bsg:R507, R508): the window before any card is added has its own
controls, the crisis panel says who may make the check reckless and then shows the Reckless card face up with
its owner, and the Treachery draw's log line names its cards, in English and Italian."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.bsg.engine.rules import RULES
from games.bsg.presenter import BsgPresenter, crisis_data
from tests.bsg.engine.helpers import act
from tests.bsg.engine.test_reckless import at_check, seat_of

LABELS = {s: f"P{s}" for s in range(4)}


@pytest.mark.rules("bsg:R507")
def test_the_reckless_window_has_its_controls_and_the_panel_shows_the_reckless_card() -> None:
    state, _ = at_check({1: [("hard_landing", 2), ("restore_order", 3)]}, [("jury_rig", 2), ("jury_rig", 1)])
    seat = seat_of(state)
    presenter = BsgPresenter("bsg")
    view = RULES.view(state, seat)
    legal = RULES.legal_commands(state, seat)
    labels = [c["label"] for c in presenter.controls(RULES, view, legal, seat)]
    assert labels == ["Do not make the check reckless",
                      "Make the check reckless: put Hard Landing 2 face up into it",
                      "Play Restore Order 3: the check can no longer be made reckless"]
    panel = crisis_data(view, LABELS)["check"]
    assert panel["before"] == f"P{seat}" and panel["reckless"] is None
    assert all(o["state"] != "waiting" for o in panel["order"])  # nobody contributes yet
    card = next(c for c in state["players"][seat]["hand"] if c.startswith("hard_landing"))
    state = act(state, seat, "before_check", card=card)
    panel = crisis_data(RULES.view(state, None), LABELS)["check"]
    assert panel["reckless"]["who"] == f"P{seat}" and panel["reckless"]["card"] == "Hard Landing 2"
    assert panel["before"] == "" and panel["order"][0]["state"] == "waiting"
    with translation.override("it"):
        labels = [c["label"] for c in presenter.controls(RULES, view, legal, seat)]
        assert labels[0] == "Non rendere impulsiva la prova"


@pytest.mark.rules("bsg:R508")
def test_the_treachery_draw_is_told_with_the_cards_names() -> None:
    text = BsgPresenter("bsg").event_text(RULES, "reckless_treachery",
                                     {"cards": ["faulty_wiring.0.3", "sow_discord.2.14"], "resolved": True})
    assert "Faulty Wiring" in text and "Sow Discord" in text and "faulty_wiring" not in text
