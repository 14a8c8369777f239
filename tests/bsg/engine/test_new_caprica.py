"""Pegasus's New Caprica objective (bsg:R820-R838; RULINGS G110-G115): the board's data, the phase's setup,
the occupation forces and the Shipyard, destroying civilians, the attack and arrest rolls, and where Sickbay,
the Brig and the Resurrection Ship lead on the planet."""

from __future__ import annotations

import copy
import json

import pytest

from games.bsg.engine import new_caprica
from games.bsg.engine.content import DATA_DIR, ContentError, load
from games.bsg.engine.state import CONTENT, Ctx
from games.engine.core import Rng
from tests.bsg.engine.helpers import BASE_5, PEGASUS, State, start_game


def began(state: State | None = None) -> tuple[State, Ctx]:
    state = copy.deepcopy(state or start_game(5, BASE_5, options=PEGASUS))
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    new_caprica.begin(ctx)
    return state, ctx


@pytest.mark.rules("bsg:R317", "bsg:R827", "bsg:R833")
def test_the_board_has_six_locations_and_a_track_ending_at_the_shipyard() -> None:
    nc = CONTENT.new_caprica
    assert nc is not None and nc.set == "pegasus"
    assert len(nc.locations) == 6 and sorted(nc.occupation_track) == sorted(nc.locations)
    assert nc.occupation_track[-1] == nc.roles["shipyard"] == "shipyard"
    assert nc.locations["occupation_authority"].cylon_action == "activate_occupation"
    assert nc.locations["occupation_authority"].human_action is None
    assert nc.trigger_distance == 7


@pytest.mark.rules("bsg:R317", "bsg:R833")
def test_a_track_that_does_not_end_at_the_shipyard_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    for f in DATA_DIR.glob("*.json"):
        (tmp_path / f.name).write_text(f.read_text())
    raw = json.loads((DATA_DIR / "new_caprica.json").read_text())
    raw["occupation_track"] = list(reversed(raw["occupation_track"]))
    (tmp_path / "new_caprica.json").write_text(json.dumps(raw))
    with pytest.raises(ContentError, match="Shipyard ends the occupation track"):
        load(tmp_path)


@pytest.mark.rules("bsg:R820")
def test_the_phase_is_triggered_at_seven_distance_once() -> None:
    state = start_game(5, BASE_5, options=PEGASUS)
    state["distance"] = 6
    assert not new_caprica.triggered(state)
    state["distance"] = 7
    assert new_caprica.triggered(state)
    state, _ = began(state)
    assert not new_caprica.triggered(state) and new_caprica.active(state)


@pytest.mark.rules("bsg:R821")
def test_setup_moves_everyone_and_grounds_every_civilian_ship() -> None:
    state = start_game(5, BASE_5, options=PEGASUS)
    state["players"][1]["cylon"] = True
    state["space"]["fore"]["civilian"] = ["civ_pop1_a"]
    state["decks"]["civilians"].remove("civ_pop1_a")
    in_space = [c for a in sorted(CONTENT.board.space_areas, key=lambda a: a.number)
                for c in state["space"][a.id]["civilian"]]
    assert "civ_pop1_a" in in_space and len(in_space) > 1  # R110's two civilians as well
    pile = list(state["decks"]["civilians"])
    piloting = state["players"][2]  # Starbuck, launched from the Hangar Deck
    state["reserves"]["viper"] -= 1
    piloting["viper"], piloting["location"] = "lower_aft", None
    reserves = state["reserves"]["viper"]
    state["jump"] = 3
    state, ctx = began(state)
    for p in state["players"]:
        assert p["location"] == ("occupation_authority" if p["cylon"] else "resistance_hq")
    assert state["players"][piloting["seat"]]["viper"] is None and state["reserves"]["viper"] == reserves + 1
    nc = state["new_caprica"]
    assert nc["locked_down"] == [*in_space, *pile] and nc["operational"] == [] and nc["occupation"] == []
    assert state["decks"]["civilians"] == [] and all(not s["civilian"] for s in state["space"].values())
    assert state["jump"] == 0 and not nc["returned"]
    assert json.loads(json.dumps(state)) == state


@pytest.mark.rules("bsg:R833")
@pytest.mark.scenarios("bsg:AS-101")
def test_occupation_forces_enter_then_move_right_and_the_shipyard_destroys() -> None:
    state, ctx = began()
    nc = state["new_caprica"]
    new_caprica.activate_occupation(ctx)  # none on the board: one enters
    assert nc["occupation"] == ["occupation_authority"]
    new_caprica.activate_occupation(ctx)
    assert nc["occupation"] == ["detention"]
    nc["occupation"] = ["breeders_canyon", "medical_center"]
    nc["locked_down"] = []
    nc["operational"] = ["civ_pop1_a", "civ_pop1_b"]
    population = state["resources"]["population"]
    new_caprica.activate_occupation(ctx)  # RULINGS G111: moved, then the token now in the Shipyard acts
    assert nc["occupation"] == ["resistance_hq"]
    assert nc["operational"] == ["civ_pop1_a"] and state["decks"]["civilians_destroyed"][-1] == "civ_pop1_b"
    assert state["resources"]["population"] == population - 1


@pytest.mark.rules("bsg:R837")
def test_destroying_a_civilian_takes_the_locked_down_top_first_then_operational_then_nothing() -> None:
    state, ctx = began()
    nc = state["new_caprica"]
    nc["locked_down"], nc["operational"] = ["civ_pop1_a"], ["civ_pop1_b"]
    assert new_caprica.destroy_civilian(ctx) == "civ_pop1_a"
    assert new_caprica.destroy_civilian(ctx) == "civ_pop1_b"
    before = copy.deepcopy(state)
    assert new_caprica.destroy_civilian(ctx) is None and state == before


@pytest.mark.rules("bsg:R003")
def test_effects_place_no_more_tokens_than_the_supply() -> None:
    state, ctx = began()
    for _ in range(CONTENT.new_caprica.occupation_tokens):  # type: ignore[union-attr]
        assert new_caprica.place_occupation(ctx, "shipyard")
    assert not new_caprica.place_occupation(ctx, "shipyard")


@pytest.mark.rules("bsg:R829", "bsg:R830")
def test_attack_hits_on_five_and_arrest_sends_by_the_roll() -> None:
    assert [new_caprica.attack_hits(r) for r in range(1, 9)] == [False] * 4 + [True] * 4
    assert [new_caprica.arrest_destination(r) for r in range(1, 9)] == (
        ["detention"] * 3 + ["medical_center"] * 4 + [None])
    assert new_caprica.arrest_destination(10) is None  # a modified roll above 8 counts as 8


@pytest.mark.rules("bsg:R825")
def test_sickbay_brig_and_resurrection_ship_lead_elsewhere_on_the_planet() -> None:
    state, _ = began()
    human = next(p["seat"] for p in state["players"] if not p["cylon"])
    assert new_caprica.redirect(state, "sickbay", human) == "medical_center"
    assert new_caprica.redirect(state, "brig", human) == "detention"
    assert new_caprica.redirect(state, "resurrection_ship", human) == "medical_center"
    state["players"][human]["cylon"] = True
    assert new_caprica.redirect(state, "brig", human) == "brig"  # R825g: never a Cylon in Detention
    state["players"][human]["location"] = "command"  # on Galactica after the return
    state["new_caprica"]["returned"] = True
    assert new_caprica.redirect(state, "sickbay", human) == "sickbay"
    assert new_caprica.redirect(state, "resurrection_ship", human) == "resurrection_ship"
