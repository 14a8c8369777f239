"""Daybreak's two Cylon Leaders (bsg:R141, R802, R803j-l, R1001, R510; RULINGS G195-G198): Sharon "Athena"
Agathon, who starts infiltrated and whose Resolute activates Cylon locations from anywhere, and Aaron Doral,
whose Vanity limits the cards he puts into a check, Mission checks included."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine import checks, daybreak
from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import available_characters, setup_game, starting_count
from games.bsg.engine.state import CONTENT
from games.engine.core import IllegalCommand, Rng
from games.engine.core.context import Ctx
from tests.bsg.engine.helpers import LEADER, State, _started, act, act_events, choose_all, skill_card, to_step
from tests.bsg.engine.test_earth import at_bridge

DAYBREAK_LEADER = {**LEADER, "daybreak": True}
ATHENA = ["laura_roslin", "william_adama", "kara_thrace", "galen_tyrol", "sharon_agathon"]
DORAL = ["laura_roslin", "william_adama", "kara_thrace", "galen_tyrol", "aaron_doral"]


def table(options: dict[str, Any], seed: int = 1, players: int = 5) -> State:
    state: State = setup_game(players, {**RULES.validate_options(players, options), **options},
                              Rng.from_seed(seed)).state
    return state


def game(characters: list[str], seed: int = 1, **extra: Any) -> tuple[State, int]:
    state = _started(choose_all(table({**DAYBREAK_LEADER, **extra}, seed), characters))
    return state, next(p["seat"] for p in state["players"] if p.get("leader"))


def athena_acts(seed: int = 1) -> tuple[State, int]:
    """Athena, infiltrated, at her own Action step."""
    state, seat = game(ATHENA, seed)
    state["current"], state["step"] = seat, "action"
    return state, seat


def legal(state: State, seat: int, kind: str) -> list[dict[str, Any]]:
    return [c.args for c in RULES.legal_commands(state, seat) if c.kind == kind]


@pytest.mark.rules("bsg:R141", "bsg:R108", "bsg:R802", "bsg:R804")
def test_athena_starts_infiltrated_in_her_human_location_and_draws_3_starting_skill_cards() -> None:
    state = choose_all(table(DAYBREAK_LEADER), ATHENA)
    seat = next(p["seat"] for p in state["players"] if p["character"] == "sharon_agathon")
    p = state["players"][seat]
    assert seat != state["first"] and p["leader"] and not p["cylon"]  # infiltrated from the start (L243)
    assert p["location"] == CONTENT.characters["sharon_agathon"].start == "hangar_deck"
    assert starting_count(state, seat) == 3  # a Leader among the Cylons draws 2 (L237, L241)
    assert p["loyalty"] == [] and len(p["motives"]) == 2  # R802e; R804: her 2 Motive cards
    assert seat not in (state["president"], state["admiral"])  # R803e
    own = CONTENT.characters["sharon_agathon"].skill_types
    with pytest.raises(IllegalCommand) as refused:
        act(state, seat, "draw_starting_skills", types=[own[0]] * 2)
    assert refused.value.code == "bad_starting_skills"
    state = act(state, seat, "draw_starting_skills", types=[own[0], own[1], own[2]])
    assert len(state["players"][seat]["hand"]) == 3
    doral = choose_all(table(DAYBREAK_LEADER), DORAL)
    seat = next(p["seat"] for p in doral["players"] if p["character"] == "aaron_doral")
    assert doral["players"][seat]["cylon"] and starting_count(doral, seat) == 2
    assert doral["players"][seat]["location"] == "human_fleet"


@pytest.mark.rules("bsg:R141", "bsg:R104", "bsg:R1001")
def test_the_daybreak_leaders_are_offered_only_at_daybreak_tables_with_the_leader_option() -> None:
    daybreak_leaders = {"sharon_agathon", "aaron_doral"}
    assert daybreak_leaders <= set(available_characters(table(DAYBREAK_LEADER)))
    assert {"leoben_conoy", "john_cavil", "caprica_six"} <= set(available_characters(table(DAYBREAK_LEADER)))
    assert not daybreak_leaders & set(available_characters(table(LEADER)))  # Pegasus alone
    assert not daybreak_leaders & set(available_characters(table({"daybreak": True, "pegasus": True})))
    state = table(LEADER)
    with pytest.raises(IllegalCommand) as refused:
        act(state, state["chooser"], "choose_character", character="sharon_agathon")
    assert refused.value.code == "character_not_available"


@pytest.mark.rules("bsg:R1001", "bsg:R104")
def test_boomer_and_athena_play_at_the_same_table() -> None:
    state = table(DAYBREAK_LEADER)
    state = act(state, state["chooser"], "choose_character", character="sharon_valerii")
    assert "sharon_agathon" in available_characters(state)  # L379: both may play
    state = choose_all(state, ["laura_roslin", "william_adama", "galen_tyrol", "sharon_agathon"])
    chosen = {p["character"] for p in state["players"]}
    assert {"sharon_valerii", "sharon_agathon"} <= chosen and state["phase"] == "starting_skills"


@pytest.mark.rules("bsg:R803", "bsg:R802")
def test_resolute_activates_another_cylon_location_from_a_human_location() -> None:
    state, seat = athena_acts()
    offered = legal(state, seat, "activate_cylon_location")
    assert {a["location"] for a in offered} >= {"caprica", "cylon_fleet", "human_fleet", "resurrection_ship"}
    assert all("location" in a for a in offered)
    other = next(p["seat"] for p in state["players"] if p["seat"] != seat)
    assert not legal(state, other, "activate_cylon_location")  # a human has no Resolute
    state["players"][seat]["location"] = "brig"  # no ability in the Brig (C16)
    assert not legal(state, seat, "activate_cylon_location")


@pytest.mark.rules("bsg:R803")
def test_r803j_infiltrated_athena_activating_the_human_fleet_may_not_infiltrate_onto_galactica() -> None:
    state, seat = athena_acts()
    targets = {a["location"] for a in legal(state, seat, "infiltrate")}
    galactica = {loc.id for loc in CONTENT.locations.values() if loc.ship == "galactica"}
    assert targets and not targets & galactica and "presidents_office" in targets
    with pytest.raises(IllegalCommand) as refused:
        act(state, seat, "infiltrate", location="command")
    assert refused.value.code == "cannot_infiltrate"
    after = act(state, seat, "infiltrate", location="presidents_office")
    p = after["players"][seat]
    assert p["location"] == "presidents_office" and not p["cylon"]  # still infiltrated: her turn goes on
    assert after["step"] != "action" and after["current"] == seat
    # not infiltrated, Resolute's Human Fleet lets her infiltrate anywhere a human may go, Galactica too
    state["players"][seat].update(cylon=True, location="caprica")
    assert "command" in {a["location"] for a in legal(state, seat, "infiltrate")}


@pytest.mark.rules("bsg:R803", "bsg:R309", "bsg:R264")
def test_r803k_infiltrated_athena_activating_caprica_gets_an_activate_cylon_ships_step() -> None:
    state, seat = athena_acts()
    for card in ("raider_pursuit", "water_sabotaged"):  # 2 event crises on top, each with a raiders icon
        state["decks"]["crisis"].remove(next(c for c in state["decks"]["crisis"] if c.split(".")[0] == card))
        state["decks"]["crisis"].append(next(c for c in CONTENT.crises if c == card))
    option = next(a for a in legal(state, seat, "activate_cylon_location")
                  if a["location"] == "caprica" and "card" not in a)
    state = act(state, seat, "activate_cylon_location", **option)
    assert state["prompt"]["kind"] == "caprica_crisis"
    state = act(state, seat, "choose_caprica_crisis", card="raider_pursuit")
    assert state["current"] == seat and state["step"] == "activation"
    assert legal(state, seat, "activate_cylons")
    # a Leader among the Cylons has none after Caprica's crisis (R264, RULINGS G24)
    state, seat = athena_acts()
    state["players"][seat].update(cylon=True, location="cylon_fleet")
    state["decks"]["crisis"].remove(next(c for c in state["decks"]["crisis"] if c == "raider_pursuit"))
    state["decks"]["crisis"].append("raider_pursuit")
    option = next(a for a in legal(state, seat, "activate_cylon_location")
                  if a.get("location") == "caprica" and "card" not in a)
    state = act(state, seat, "activate_cylon_location", **option)
    state = act(state, seat, "choose_caprica_crisis", card="raider_pursuit")
    assert state["step"] != "activation"


@pytest.mark.rules("bsg:R803", "bsg:R313", "bsg:R319")
def test_r803l_infiltrated_athena_activating_hub_destroyed_goes_to_the_cylon_fleet_and_ends_her_infiltration() -> None:
    state, seat = athena_acts()
    assert "hub_destroyed" not in {a["location"] for a in legal(state, seat, "activate_cylon_location")}
    state["daybreak"]["destroyed"].append("cylon_locations")  # Hub Destroyed in play (R319)
    state["players"][seat]["super_crisis"] = []
    assert {"location": "hub_destroyed"} in legal(state, seat, "activate_cylon_location")
    state = act(state, seat, "activate_cylon_location", location="hub_destroyed")
    p = state["players"][seat]
    assert p["cylon"] and p["location"] == "cylon_fleet" and len(p["super_crisis"]) == 1
    assert state["current"] != seat  # a revealed Cylon again: no Crisis, the turn ended (R232)
    # not infiltrated, Hub Destroyed by Resolute only draws her Super Crisis card
    state, seat = athena_acts()
    state["daybreak"]["destroyed"].append("cylon_locations")
    state["players"][seat].update(cylon=True, location="caprica", super_crisis=[])
    state = act(state, seat, "activate_cylon_location", location="hub_destroyed")
    assert state["players"][seat]["location"] == "caprica" and len(state["players"][seat]["super_crisis"]) == 1


@pytest.mark.rules("bsg:R803", "bsg:R312", "bsg:R602")
def test_infiltrated_athena_activating_the_cylon_fleet_goes_on_to_her_crisis() -> None:
    state, seat = athena_acts()
    raiders = {"location": "cylon_fleet", "option": 0}  # activate the raiders
    assert raiders in legal(state, seat, "activate_cylon_location")
    state, events = act_events(state, seat, "activate_cylon_location", **raiders)
    assert "area_activated" in [e.kind for e in events]  # the raiders in play act
    # at once, area by area (G24), and her turn goes on to its Crisis step (R803b)
    assert state["current"] == seat and state["step"] == "crisis" and not state["players"][seat]["cylon"]
    assert state["activation"] is None


def _doral_contributes(state: State, seat: int) -> None:
    while checks.waiting_for(state) != seat:
        state = act(state, checks.waiting_for(state), "finish_contributing")
    a, b = skill_card(state, "engineering"), skill_card(state, "engineering")
    state["players"][seat]["hand"] += [a, b]
    state = act(state, seat, "contribute", card=a)
    with pytest.raises(IllegalCommand) as refused:
        act(state, seat, "contribute", card=b)
    assert refused.value.code == "contribution_limit_reached" and refused.value.params["limit"] == 1


@pytest.mark.rules("bsg:R803", "bsg:R502")
def test_doral_vanity_puts_at_most_1_card_into_a_check_even_infiltrated() -> None:
    state, seat = game(DORAL)
    p = state["players"][seat]
    assert checks.contribution_limit(state, seat) == 1
    p.update(cylon=False, location="command")  # infiltrated: 2 for any other Leader (R803g)
    assert checks.contribution_limit(state, seat) == 1
    athena, other = game(ATHENA)
    assert checks.contribution_limit(athena, other) == 2
    state = to_step(state, "action")
    ctx = Ctx(state=state, rng=Rng.from_seed(7))
    checks.start_check(ctx, {"card": "cylon_screenings", "option": None}, "activation")
    assert state["check"] is not None and seat in state["check"]["order"]
    _doral_contributes(state, seat)


@pytest.mark.rules("bsg:R510", "bsg:R502")
def test_doral_vanity_holds_in_a_mission_check() -> None:
    state, seat = game(DORAL, objective="earth")
    state = at_bridge(state, "salvage_the_wreck")
    state = act(state, state["current"], "activate_location")
    assert "mission" in state["check"]["source"]
    state["players"][seat].update(cylon=False, location="command")  # infiltrated: 2 but for his Vanity
    _doral_contributes(state, seat)


def test_athena_and_doral_sheets_are_daybreak_leaders_built_from_known_effects() -> None:
    for cid in ("sharon_agathon", "aaron_doral"):
        ch = CONTENT.characters[cid]
        assert ch.type == "cylon_leader" and ch.set == "daybreak" and ch.version_of is None
    assert daybreak.version_root("sharon_agathon") != daybreak.version_root("sharon_valerii")
