"""Daybreak's sheets (bsg:R1040, R318, R319, R313, R145): Colonial One and the Cylon locations can be
destroyed; Daybreak's Bomb on Colonial One takes the base card's place, and its failure destroys Colonial One;
the Strike on the Resurrection Hub destroys the Cylon locations sheet, after which Hub Destroyed stands in the
Resurrection Ship's place in every effect."""

from __future__ import annotations

import pytest

from games.bsg.engine import daybreak, revealed
from games.bsg.engine.effects import apply_effects, destroy_sheet
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, card_id
from games.bsg.engine.turns import move_targets
from games.engine.core import IllegalCommand, Rng
from games.engine.core.context import Ctx
from tests.bsg.engine.daybreak_helpers import State, start_daybreak
from tests.bsg.engine.helpers import BASE_5, act, start_game, to_step

FOUR = ["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol"]


def destroy(state: State, sheet: str) -> None:
    destroy_sheet(Ctx(state=state, rng=Rng.from_seed(1)), sheet)


def seat_of(state: State, character: str) -> int:
    return int(next(p["seat"] for p in state["players"] if p["character"] == character))


@pytest.mark.rules("bsg:R145", "bsg:R1040", "bsg:R318")
def test_daybreak_bomb_on_colonial_one_takes_the_base_cards_place_and_the_strike_joins_the_crises() -> None:
    state = start_daybreak(4, FOUR)
    supers = state["decks"]["super_crisis"] + [c for p in state["players"] for c in p["super_crisis"]]
    assert "bomb_on_colonial_one_daybreak" in supers and "bomb_on_colonial_one" not in supers
    assert len(supers) == len(CONTENT.super_crisis_deck())
    assert state["decks"]["crisis"].count("strike_on_the_resurrection_hub") == 1
    assert len(state["decks"]["crisis"]) == len(CONTENT.crisis_deck()) + len(CONTENT.crisis_deck(("daybreak",)))
    base = start_game(5, BASE_5)  # a base table keeps its decks
    assert "bomb_on_colonial_one" in base["decks"]["super_crisis"] and "daybreak" not in base


@pytest.mark.rules("bsg:R318", "bsg:R433", "bsg:R1040")
def test_a_destroyed_colonial_one_sends_everyone_aboard_to_sickbay_and_its_locations_leave_the_game() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    roslin = seat_of(state, "laura_roslin")
    state["players"][roslin]["location"] = "presidents_office"
    other = (roslin + 1) % 4
    state["players"][other]["location"] = "press_room"
    destroy(state, "colonial_one")
    assert state["players"][roslin]["location"] == "sickbay" and state["players"][other]["location"] == "sickbay"
    assert daybreak.destroyed(state, "colonial_one")
    for seat in range(4):
        assert not {"presidents_office", "press_room", "administration"} & {loc for loc, _ in move_targets(state, seat)}
    current = state["current"]
    state["players"][current]["location"] = "administration"  # standing there by some other way: no action
    assert not [c for c in RULES.legal_commands(state, current) if c.kind == "activate_location"]
    with pytest.raises(IllegalCommand) as info:
        act(state, current, "activate_location", target=(current + 1) % 4)
    assert info.value.code == "location_out_of_play" and info.value.rule == "bsg:R318"


@pytest.mark.rules("bsg:R318", "bsg:R1040")
def test_the_daybreak_bomb_on_colonial_one_destroys_it_when_its_check_fails() -> None:
    card = CONTENT.super_crises["bomb_on_colonial_one_daybreak"]
    assert card.check is not None
    assert [e.kind for e in card.check.on_fail] == ["resources", "destroy_sheet"]
    state = to_step(start_daybreak(4, FOUR), "action")

    roslin = seat_of(state, "laura_roslin")
    state["players"][roslin]["location"] = "presidents_office"
    morale = state["resources"]["morale"]
    apply_effects(Ctx(state=state, rng=Rng.from_seed(1)), card.check.on_fail, card.id)
    assert state["resources"]["morale"] == morale - 2 and state["players"][roslin]["location"] == "sickbay"
    assert daybreak.destroyed(state, "colonial_one")


@pytest.mark.rules("bsg:R319", "bsg:R313", "bsg:R402", "bsg:R1040")
def test_with_the_cylon_sheet_destroyed_hub_destroyed_takes_the_resurrection_ships_place() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    cylon = (state["current"] + 1) % 4
    p = state["players"][cylon]
    p["cylon"], p["location"], p["miracles"] = True, "resurrection_ship", 0
    destroy(state, "cylon_locations")
    assert p["location"] == "hub_destroyed"  # R319: everyone stays where he is, on the flipped side
    targets = {loc for loc, _ in move_targets(state, cylon)}
    assert "resurrection_ship" not in targets and {"caprica", "cylon_fleet", "human_fleet"} <= targets
    # R402d: a new revealed Cylon goes to Hub Destroyed
    seat = state["current"]
    for q in state["players"]:
        q["revealed"] = [c for c in q["revealed"] if card_id(c) != daybreak.MUTINEER]
    piles = [state["decks"]["loyalty"], state["decks"]["loyalty_box"]] + [q["loyalty"] for q in state["players"]]
    pile = next(x for x in piles if any(card_id(c) == "cylon_reduce_morale" for c in x))
    card = next(c for c in pile if card_id(c) == "cylon_reduce_morale")
    pile.remove(card)
    state["players"][seat]["loyalty"].append(card)
    state = act(state, seat, "reveal_loyalty", card=card)
    assert state["players"][seat]["location"] == "hub_destroyed"


@pytest.mark.rules("bsg:R313", "bsg:R263")
def test_hub_destroyed_draws_a_super_crisis_only_for_a_cylon_holding_none() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    seat = state["current"]
    p = state["players"][seat]
    p["cylon"], p["location"], p["miracles"], p["super_crisis"] = True, "resurrection_ship", 0, []

    assert revealed.location_options(state, seat) == [{}]
    destroy(state, "cylon_locations")
    assert revealed.location_options(state, seat) == [{}]
    p["super_crisis"] = [state["decks"]["super_crisis"].pop()]
    assert revealed.location_options(state, seat) == []  # no swapping at the Hub
    p["super_crisis"] = []
    state = act(state, seat, "activate_cylon_location")
    assert len(state["players"][seat]["super_crisis"]) == 1


@pytest.mark.rules("bsg:R319", "bsg:R1040")
def test_the_strike_on_the_hub_destroys_the_cylon_sheet_on_a_pass() -> None:
    crisis = CONTENT.crises["strike_on_the_resurrection_hub"]
    assert crisis.set == "daybreak" and crisis.chooser == "admiral"
    strike = crisis.options[0].check
    assert strike is not None and [e.kind for e in strike.on_pass] == ["destroy_sheet"]
    state = to_step(start_daybreak(4, FOUR), "action")

    apply_effects(Ctx(state=state, rng=Rng.from_seed(1)), strike.on_pass, crisis.id)
    assert daybreak.destroyed(state, "cylon_locations") and not daybreak.destroyed(state, "colonial_one")
    assert daybreak.location_in_play(state, "hub_destroyed")
    assert not daybreak.location_in_play(state, "resurrection_ship")


@pytest.mark.rules("bsg:R1040")
def test_without_daybreak_no_sheet_is_destroyed_and_hub_destroyed_is_not_in_play() -> None:
    state = to_step(start_game(5, BASE_5), "action")
    destroy(state, "colonial_one")
    assert "daybreak" not in state
    assert not daybreak.location_in_play(state, "hub_destroyed")
    assert daybreak.location_in_play(state, "presidents_office")
