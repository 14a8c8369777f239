"""The Cylon Leader's Motive cards on the page (bsg:R804; RULINGS G137, G138): his own part lists them face
down and revealed, the players panel shows everyone how many he holds and which he revealed, the reveal is an
"at any time" control in his words, and the log reads in words."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.bsg.engine.rules import RULES
from games.bsg.presenter import hand_data, name_of, players_data
from games.engine.core import Command
from games.presenters import presenter_for
from tests.bsg.engine.test_motives import give, leader_game


@pytest.mark.rules("bsg:R804")
def test_the_leaders_part_and_the_players_panel_show_his_motives() -> None:
    state, leader, _ = leader_game()
    give(state, leader, ["thin_the_herd", "a_debt_repaid"], ["wound_the_flagship"])
    own = hand_data(RULES.view(state, leader), leader)
    assert [c["name"] for c in own["motives"]] == [name_of("a_debt_repaid"), name_of("thin_the_herd")]
    assert [c["name"] for c in own["motives_revealed"]] == ["Wound the Flagship"]
    assert "if the game is over" in own["motives"][0]["text"]
    other = (leader + 1) % 5
    assert hand_data(RULES.view(state, other), other)["motives"] == []
    panel = next(p for p in players_data(RULES.view(state, other), {})["players"] if p["seat"] == leader)
    assert panel["motive_count"] == 2 and [m["name"] for m in panel["motives_revealed"]] == ["Wound the Flagship"]
    assert next(p for p in players_data(RULES.view(state, other), {})["players"]
                if p["seat"] == other)["motive_count"] is None


@pytest.mark.rules("bsg:R804")
def test_the_reveal_and_its_log_read_in_words_in_english_and_italian() -> None:
    presenter = presenter_for("bsg")
    command = Command(3, "reveal_motive", {"card": "break_their_spirit"})
    assert presenter.command_label(RULES, command, {}) == "Reveal your Motive card Break Their Spirit"
    data = {"seat": 3, "card": "break_their_spirit", "side": "cylons"}
    assert "points to the Cylons" in presenter.event_text(RULES, "motive_revealed", data)
    with translation.override("it"):
        assert presenter.command_label(RULES, command, {}) == "Rivela la tua Carta Motivazione Spezzare il Loro Spirito"
        assert presenter.event_text(RULES, "motive_revealed", data).endswith("schieramento indicato: Cylon.")
