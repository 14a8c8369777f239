"""Daybreak's characters (bsg:R1001, R104, R160, R1010, A39): eight new sheets, four of them alternate
versions of base characters; only one version of a character plays, though the other still counts in the
totals of its type; the alternate Gaius Baltar holds up to 3 Miracle tokens and spends all 3 on Broadcast."""

from __future__ import annotations

import pytest

from games.bsg.engine import daybreak
from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import available_characters
from games.engine.core import IllegalCommand
from tests.bsg.engine.daybreak_helpers import new_daybreak_game, start_daybreak
from tests.bsg.engine.helpers import act, new_game, place_only, to_step


@pytest.mark.rules("bsg:R1001", "bsg:R104")
def test_only_one_version_of_a_character_plays_and_the_other_still_counts_for_its_type() -> None:
    state = new_daybreak_game(4)
    first = state["chooser"]
    assert {"romo_lampkin", "tom_zarek_alt", "gaius_baltar_alt"} <= set(available_characters(state))
    state = act(state, first, "choose_character", character="tom_zarek")
    offered = available_characters(state)
    # military 5 (with the blocked Tom Zarek), pilots 5, political 4: military, pilots and support
    assert "tom_zarek_alt" not in offered and "william_adama" in offered and "louis_hoshi" in offered
    assert "kara_thrace" in offered and "karl_agathon_alt" in offered and "sherman_cottle" in offered
    assert "laura_roslin" not in offered and "romo_lampkin" not in offered
    with pytest.raises(IllegalCommand) as info:
        act(state, state["chooser"], "choose_character", character="tom_zarek_alt")
    assert info.value.code == "character_version_in_play" and info.value.rule == "bsg:R1001"


@pytest.mark.rules("bsg:R104", "bsg:R150")
def test_a_base_table_offers_no_daybreak_character() -> None:
    state = new_game(4)
    assert not {"romo_lampkin", "lee_adama_alt"} & set(available_characters(state))
    with pytest.raises(IllegalCommand):
        act(state, state["chooser"], "choose_character", character="romo_lampkin")


@pytest.mark.rules("bsg:R105", "bsg:R160")
def test_daybreak_characters_take_titles_where_r160_ranks_them() -> None:
    state = start_daybreak(3, ["lee_adama_alt", "louis_hoshi", "kara_thrace"])
    seat = {p["character"]: p["seat"] for p in state["players"]}
    assert state["president"] == seat["lee_adama_alt"] and state["admiral"] == seat["louis_hoshi"]


@pytest.mark.rules("bsg:R1010", "bsg:R124")
@pytest.mark.scenarios("bsg:AS-88")
def test_the_alternate_baltar_holds_three_miracle_tokens_and_broadcasts_with_all_three() -> None:
    state = to_step(start_daybreak(3, ["gaius_baltar_alt", "william_adama", "kara_thrace"]), "action")
    baltar = state["current"]
    p = state["players"][baltar]
    assert p["character"] == "gaius_baltar_alt" and p["miracles"] == 1
    assert len(p["loyalty"]) + len(p["revealed"]) == 1  # the original Baltar's second card is not his
    assert daybreak.miracle_limit(state, baltar) == 3
    assert not [c for c in RULES.legal_commands(state, baltar) if c.kind == "use_ability"]
    p["miracles"] = 2
    assert baltar in daybreak.miracle_recipients(state)  # fewer than 3: he may be chosen
    p["miracles"] = 3
    assert baltar not in daybreak.miracle_recipients(state)
    morale, population = state["resources"]["morale"], state["resources"]["population"]
    state = act(state, baltar, "use_ability")
    assert state["players"][baltar]["miracles"] == 0
    assert state["resources"]["morale"] == morale + 2 and state["resources"]["population"] == population + 1


@pytest.mark.rules("bsg:R301", "bsg:R1001")
def test_hoshi_activates_one_more_viper_from_command() -> None:
    state = to_step(start_daybreak(3, ["louis_hoshi", "laura_roslin", "kara_thrace"]), "action")
    hoshi = state["current"]
    assert state["players"][hoshi]["character"] == "louis_hoshi"
    state = place_only(state, lower_fore={"viper": 1})
    state = act(state, hoshi, "activate_location")
    assert state["viper_acts"]["left"] == 3
