"""Daybreak's Earth objective, "Search for Home" (bsg:R1050-R1066, R147, R231, R315, R316, R617, R510): the option
and its setup, the Demetrius and its Bridge, the Mission checks and their results, the Active Mission at the jump,
the distance and the win, the Rebel Basestar and its allegiance marker, the Raider Bay and Apollo's interrupt."""

from __future__ import annotations

import pytest

from games.bsg.engine import earth
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, damaged_locations
from games.bsg.engine.turns import jump, move_targets
from games.engine.core import IllegalCommand, Rng
from games.engine.core.context import Ctx
from tests.bsg.engine.helpers import State, act, act_events, new_game, skill_card, start_game, to_step

EARTH = {"daybreak": True, "objective": "earth"}
FOUR = ["galen_tyrol", "laura_roslin", "kara_thrace", "saul_tigh"]
DEMETRIUS = {"demetrius_bridge", "tactical_plot", "captains_cabin"}
REBEL = {"hybrid_tank", "datastream", "raider_bay"}


def earth_game(characters: list[str] = FOUR, seed: int = 1) -> State:
    return start_game(len(characters), characters, seed, EARTH)


def at_bridge(state: State, mission: str | None = None) -> State:
    """The current player at his Action step, standing on the Demetrius Bridge; ``mission`` on top of the deck."""
    state = to_step(state, "action")
    state["players"][state["current"]]["location"] = earth.BRIDGE
    if mission is not None:
        state["decks"]["mission"].remove(mission)
        state["decks"]["mission"].append(mission)
    return state


def finish_check(state: State, cards: dict[int, list[str]] | None = None) -> State:
    """Every seat puts in ``cards`` (given to its hand first) or nothing; then the automatic reveal."""
    cards = cards or {}
    while state["check"] is not None and state["check"]["at"] < len(state["check"]["order"]):
        seat = state["check"]["order"][state["check"]["at"]]
        for card in cards.get(seat, []):
            state["players"][seat]["hand"].append(card)
            state = act(state, seat, "contribute", card=card)
        state = act(state, seat, "finish_contributing")
    cmd = RULES.auto_command(state)
    assert cmd is not None
    return act(state, cmd.seat, cmd.kind)


def no_destiny(state: State) -> State:
    """The open check's Destiny cards weigh nothing (put back on their deck)."""
    state["decks"]["destiny"] += state["check"]["destiny"]
    state["check"]["destiny"] = []
    return state


def strong(state: State, skill: str, total: int) -> list[str]:
    """Cards of one skill worth at least ``total``, taken out of the decks."""
    cards: list[str] = []
    while sum(int(c.split(".")[1]) for c in cards) < total:
        cards.append(skill_card(state, skill))
    return cards


@pytest.mark.rules("bsg:R147", "bsg:R150", "bsg:R1050", "bsg:R1051")
def test_the_earth_objective_needs_daybreak_and_sets_up_the_mission_deck_and_the_demetrius() -> None:
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(4, {"objective": "earth"})
    assert info.value.code == "earth_needs_daybreak" and info.value.rule == "bsg:R150"
    state = new_game(4, options=EARTH)
    assert state["options"]["objective"] == "earth"
    assert sorted(state["decks"]["mission"]) == sorted(CONTENT.missions)
    assert state["decks"]["mission_discard"] == []
    assert state["earth"] == {"active": None, "beside": [], "allegiance": None, "bay": None}
    base = new_game(4, options={"daybreak": True})  # Kobol: no Mission deck, no Demetrius, "objective" unrecorded
    assert "mission" not in base["decks"] and "earth" not in base and "objective" not in base["options"]
    assert earth.objective_card(state).distance == 10 and earth.objective_card(base).id == "kobol"


@pytest.mark.scenarios("bsg:AS-91")
@pytest.mark.rules("bsg:R1053", "bsg:R1061", "bsg:R1060", "bsg:R212")
def test_moving_to_the_demetrius_costs_a_card_and_the_rebel_basestar_waits_for_the_civil_war() -> None:
    state = to_step(earth_game(), "move")
    seat = state["current"]
    targets = dict(move_targets(state, seat))
    assert {loc: targets[loc] for loc in DEMETRIUS} == dict.fromkeys(DEMETRIUS, True)  # a ship change (R1053)
    assert not REBEL & set(targets)  # not in play before "Cylon Civil War" (R1060)
    kobol = to_step(start_game(4, FOUR, 1, {"daybreak": True}), "move")
    assert not (DEMETRIUS | REBEL) & {loc for loc, _ in move_targets(kobol, kobol["current"])}
    card = state["players"][seat]["hand"][0]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "move", location="tactical_plot")
    assert info.value.code == "ship_change_needs_discard"
    after = act(state, seat, "move", location="tactical_plot", discard=card)
    assert after["players"][seat]["location"] == "tactical_plot" and card not in after["players"][seat]["hand"]
    state["earth"]["allegiance"] = "human"  # human side up: one more ship for the humans (R1061)
    targets = dict(move_targets(state, seat))
    assert {loc: targets[loc] for loc in REBEL} == dict.fromkeys(REBEL, True)
    after = act(state, seat, "move", location="datastream", discard=card)  # from Galactica: 1 card (AS-91)
    assert after["players"][seat]["location"] == "datastream" and card not in after["players"][seat]["hand"]


@pytest.mark.scenarios("bsg:AS-91")
@pytest.mark.rules("bsg:R1062", "bsg:R1061", "bsg:R212")
def test_a_cylon_rebel_basestar_is_the_cylons_and_costs_them_a_card() -> None:
    state = to_step(earth_game(), "move")
    seat = state["current"]
    state["earth"]["allegiance"] = "cylon"
    assert not REBEL & {loc for loc, _ in move_targets(state, seat)}  # humans may not go there
    p = state["players"][seat]
    p["cylon"], p["location"] = True, "caprica"
    targets = dict(move_targets(state, seat))
    assert {loc: targets[loc] for loc in REBEL} == dict.fromkeys(REBEL, True)
    assert targets["human_fleet"] is False  # between the Cylon locations: free as before
    state["earth"]["allegiance"] = "human"
    assert not REBEL & set(dict(move_targets(state, seat)))
    with pytest.raises(IllegalCommand) as info:  # AS-91: a Cylon player may not go to a human Rebel Basestar
        act(state, seat, "move", location="datastream", discard=p["hand"][0])
    assert info.value.code == "cannot_move_there"


@pytest.mark.scenarios("bsg:AS-89")
@pytest.mark.rules("bsg:R315", "bsg:R1053", "bsg:R231", "bsg:R1055", "bsg:R1052")
def test_the_bridge_turns_up_a_mission_its_check_follows_and_no_crisis_is_drawn() -> None:
    state = at_bridge(earth_game(), "search_for_home")
    seat = state["current"]
    state["distance"] = 8
    state, events = act_events(state, seat, "activate_location")
    assert state["earth"]["active"] == {"card": "search_for_home", "face_up": True}
    assert "search_for_home" not in state["decks"]["mission"]
    assert state["check"]["source"] == {"mission": "search_for_home", "target": None}
    assert [e.kind for e in events].count("crisis_skipped") == 1
    state = no_destiny(state)
    state = finish_check(state, {seat: strong(state, "leadership", 16)})
    assert state["distance"] == 10 and state["objective_reached"]  # at once (R1055), the next jump wins (R1052)
    assert state["crisis"] is None and state["current"] != seat  # no Crisis, the turn is over (R231)
    assert state["earth"]["active"] == {"card": "search_for_home", "face_up": True}  # until the jump


@pytest.mark.rules("bsg:R1055", "bsg:R1054")
def test_a_failed_distance_mission_is_turned_face_down_and_goes_back_into_the_deck_at_the_jump() -> None:
    state = at_bridge(earth_game(), "plot_the_jump_home")
    seat = state["current"]
    fuel = state["resources"]["fuel"]
    state = no_destiny(act(state, seat, "activate_location"))
    state = finish_check(state)
    assert state["distance"] == 0 and state["resources"]["fuel"] == fuel - 1
    assert state["earth"]["active"] == {"card": "plot_the_jump_home", "face_up": False}
    size = len(state["decks"]["mission"])
    ctx = Ctx(state=state, rng=Rng.from_seed(3))
    jump(ctx, then="end")
    assert state["earth"]["active"] is None and "plot_the_jump_home" in state["decks"]["mission"]
    assert len(state["decks"]["mission"]) == size + 1


@pytest.mark.scenarios("bsg:AS-25")
@pytest.mark.rules("bsg:R1054", "bsg:R1053")
def test_the_active_mission_blocks_the_bridge_until_the_jump_then_leaves_by_its_kind() -> None:
    state = at_bridge(earth_game(), "hunt_on_the_planet")
    state["earth"]["active"] = {"card": "search_for_home", "face_up": True}
    seat = state["current"]
    assert not [c for c in RULES.legal_commands(state, seat) if c.kind == "activate_location"]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location")
    assert info.value.code == "mission_already_active" and info.value.rule == "bsg:R1053"
    jump(Ctx(state=state, rng=Rng.from_seed(3)), then="end")  # face up with a distance: beside the Earth card
    assert state["earth"]["beside"] == ["search_for_home"] and state["distance"] == 0  # counted once (R1055)
    state["prompt"] = None
    state["earth"]["active"] = {"card": "hunt_on_the_planet", "face_up": True}
    jump(Ctx(state=state, rng=Rng.from_seed(3)), then="end")  # face up, no distance: the discard pile
    assert state["decks"]["mission_discard"] == ["hunt_on_the_planet"] and state["earth"]["active"] is None


@pytest.mark.rules("bsg:R1053")
def test_an_empty_mission_deck_takes_its_discard_pile_shuffled() -> None:
    state = at_bridge(earth_game())
    state["decks"]["mission_discard"] = list(state["decks"]["mission"])
    state["decks"]["mission"] = []
    state = act(state, state["current"], "activate_location")
    assert state["earth"]["active"]["card"] in CONTENT.missions and state["decks"]["mission_discard"] == []
    assert len(state["decks"]["mission"]) == len(CONTENT.missions) - 1


@pytest.mark.rules("bsg:R1060", "bsg:R1061")
@pytest.mark.parametrize(("passed", "side"), [(True, "human"), (False, "cylon")])
def test_cylon_civil_war_brings_the_rebel_basestar_in_with_its_marker(passed: bool, side: str) -> None:
    state = at_bridge(earth_game(), "cylon_civil_war")
    seat = state["current"]
    state = no_destiny(act(state, seat, "activate_location"))
    state = finish_check(state, {seat: strong(state, "tactics", 12)} if passed else {})
    assert state["earth"]["allegiance"] == side
    nxt = to_step(state, "move")
    human_can = {loc for loc, _ in move_targets(nxt, nxt["current"])} >= REBEL
    assert human_can == (side == "human")


@pytest.mark.rules("bsg:R510")
def test_a_mission_check_takes_no_check_card_no_after_reveal_play_and_no_skill_check_ability() -> None:
    state = at_bridge(earth_game(), "salvage_the_wreck")
    state = no_destiny(act(state, state["current"], "activate_location"))
    order = state["check"]["order"]
    before = next(c for c in CONTENT.skill_cards.values() if c.timing == "before_check")
    state["players"][order[0]]["hand"].append(skill_card(state, before.skill))
    assert not [c for c in RULES.legal_commands(state, order[0]) if c.kind == "play_check_card"]
    sca = next(c for c in CONTENT.skill_cards.values() if c.timing == "sca")
    card = next(c for c in state["decks"]["skill"][sca.skill] if c.split(".")[0] == sca.id)
    state["decks"]["skill"][sca.skill].remove(card)
    state["players"][order[0]]["hand"].append(card)
    state = act(state, order[0], "contribute", card=card)
    for seat in order:
        state = act(state, seat, "finish_contributing")
    cmd = RULES.auto_command(state)
    assert cmd is not None
    state, events = act_events(state, cmd.seat, cmd.kind)
    kinds = [e.kind for e in events]
    assert "check_revealed" in kinds and "skill_check_ability" not in kinds  # no SCA on a Mission
    assert state["check"] is None  # no after-reveal window (Declare Emergency, Against the Odds)


@pytest.mark.rules("bsg:R510", "bsg:R502")
def test_a_mission_check_keeps_the_brigs_limit_of_one_card() -> None:
    state = at_bridge(earth_game(), "salvage_the_wreck")
    state = act(state, state["current"], "activate_location")
    first = state["check"]["order"][0]
    state["players"][first]["location"] = "brig"
    a, b = skill_card(state, "engineering"), skill_card(state, "engineering")
    state["players"][first]["hand"] += [a, b]
    state = act(state, first, "contribute", card=a)
    with pytest.raises(IllegalCommand) as info:
        act(state, first, "contribute", card=b)
    assert info.value.code == "contribution_limit_reached"


@pytest.mark.rules("bsg:R617", "bsg:R1063")
def test_the_demetrius_and_the_rebel_basestar_cannot_be_damaged() -> None:
    assert not CONTENT.ships["demetrius"].damageable and not CONTENT.ships["rebel_basestar"].damageable
    tokens = {t.location for t in CONTENT.board.galactica_damage + CONTENT.board.pegasus_damage}
    assert not (DEMETRIUS | REBEL) & tokens
    state = earth_game()
    state["damage"] = list(state["damage"])
    assert not (DEMETRIUS | REBEL) & set(damaged_locations(state))


@pytest.mark.scenarios("bsg:AS-92")
@pytest.mark.rules("bsg:R316", "bsg:R1065")
def test_a_human_raider_bay_places_four_vipers_and_activates_only_them() -> None:
    state = to_step(earth_game(), "action")
    seat = state["current"]
    state["earth"]["allegiance"] = "human"
    state["players"][seat]["location"] = "raider_bay"
    state["space"]["upper_fore"]["viper"] = 1  # an older viper elsewhere
    reserves, before = state["reserves"]["viper"], state["space"]["lower_fore"]["viper"]
    args = [c.args for c in RULES.legal_commands(state, seat) if c.kind == "activate_location"]
    assert sorted(a["area"] for a in args) == sorted(CONTENT.board.launch_areas())
    state = act(state, seat, "activate_location", area="lower_fore")
    assert state["space"]["lower_fore"]["viper"] == before + 4 and state["reserves"]["viper"] == reserves - 4
    acts = state["viper_acts"]
    assert acts["mode"] == "bay" and acts["left"] == 4 and acts["bay"] == {"lower_fore": 4}
    legal = RULES.legal_commands(state, seat)
    assert {c.args.get("area") for c in legal if c.kind in ("viper_move", "viper_attack")} == {"lower_fore"}
    assert not [c for c in legal if c.kind == "viper_launch"]
    with pytest.raises(IllegalCommand) as info:  # AS-92: a viper that was in space before is not the bay's
        act(state, seat, "viper_move", area="upper_fore", to=CONTENT.board.adjacent("upper_fore")[0])
    assert info.value.code == "viper_activation_not_possible"
    to = CONTENT.board.adjacent("lower_fore")[0]
    state = act(state, seat, "viper_move", area="lower_fore", to=to)
    assert state["viper_acts"]["bay"] == {"lower_fore": 3, to: 1}


@pytest.mark.rules("bsg:R316", "bsg:R1062", "bsg:R1065")
def test_a_cylon_raider_bay_places_two_raiders_that_act_at_once() -> None:
    state = to_step(earth_game(), "action")
    seat = state["current"]
    state["earth"]["allegiance"] = "cylon"
    p = state["players"][seat]
    p["location"] = "raider_bay"
    p["cylon"] = True
    supply = state["supply"]["raider"]
    args = [c.args for c in RULES.legal_commands(state, seat) if c.kind == "activate_location"]
    assert len(args) == len(CONTENT.board.space_areas)
    state, events = act_events(state, seat, "activate_location", area="aft")
    assert state["supply"]["raider"] == supply - 2
    assert [e.data["raiders"] for e in events if e.kind == "area_activated"] == [2]
    assert state["activation"] is None


@pytest.mark.rules("bsg:R1066")
def test_the_original_apollo_may_take_a_raider_bay_viper_interrupting_its_player() -> None:
    chars = ["galen_tyrol", "laura_roslin", "lee_adama", "saul_tigh"]
    state = to_step(earth_game(chars), "action")
    apollo = next(p["seat"] for p in state["players"] if p["character"] == "lee_adama")
    seat = state["current"] if state["current"] != apollo else (apollo + 1) % 4
    if state["current"] == apollo:
        state["current"] = seat
    state["earth"]["allegiance"] = "human"
    state["players"][seat]["location"] = "raider_bay"
    state["players"][apollo]["viper"] = None
    state["players"][apollo]["location"] = "hangar_deck"
    assert not [c for c in RULES.interrupts(state, apollo) if c.kind == "apollo_bay_viper"]
    state = act(state, seat, "activate_location", area="lower_fore")
    offered = [c for c in RULES.interrupts(state, apollo) if c.kind == "apollo_bay_viper"]
    assert [c.args for c in offered] == [{"area": "lower_fore"}]
    assert not [c for c in RULES.interrupts(state, seat) if c.kind == "apollo_bay_viper"]
    state = act(state, apollo, "apollo_bay_viper", area="lower_fore")
    assert state["players"][apollo]["viper"] == "lower_fore" and state["viper_acts"] is not None
    assert state["viper_acts"]["seat"] == apollo and state["viper_acts"]["mode"] == "own"
    state = act(state, apollo, "viper_done")
    assert state["viper_acts"]["seat"] == seat and state["viper_acts"]["bay"] == {"lower_fore": 3}


@pytest.mark.scenarios("bsg:AS-89")
@pytest.mark.rules("bsg:R1052", "bsg:R709", "bsg:R1055")
def test_past_10_distance_the_next_jump_wins_for_the_humans_without_a_destination() -> None:
    state = at_bridge(earth_game(), "search_for_home")
    state["distance"] = 8
    state = no_destiny(act(state, state["current"], "activate_location"))
    state = finish_check(state, {state["current"]: strong(state, "leadership", 16)})
    assert state["objective_reached"] and state["phase"] == "turn"
    destinations = len(state["decks"]["destination"])
    ctx = Ctx(state=state, rng=Rng.from_seed(3))
    jump(ctx, then="end")
    assert state["phase"] == "over" and state["result"]["winner"] == "humans"
    assert state["result"]["reason"] == "earth_reached" and len(state["decks"]["destination"]) == destinations
    assert state["earth"]["beside"] == ["search_for_home"] and state["distance"] == 10


@pytest.mark.rules("bsg:R1052")
def test_at_9_distance_the_jump_draws_destinations_as_usual() -> None:
    state = earth_game()
    state["distance"] = 9
    jump(Ctx(state=state, rng=Rng.from_seed(3)), then="end")
    assert state["phase"] == "turn" and state["prompt"]["kind"] == "destination"
