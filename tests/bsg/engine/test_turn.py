"""The player's turn (bsg:R200-R255): the six steps as decisions of the active seat, movement, the crisis,
Cylon ship launches, jump preparation and the jump, the Sleeper Agent phase and the end of the turn."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine.effects import change_resources
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, Ctx, skill_of
from games.engine.core import IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, State, act, act_events, play, skill_card, start_game, to_step


def _top_crisis(state: State, card: str) -> State:
    state["decks"]["crisis"].append(card)
    return state


def _by_char(state: State, character: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in state["players"] if p["character"] == character)
    return found


@pytest.mark.rules("bsg:R200", "bsg:R255", "bsg:R010")
def test_the_six_steps_are_decisions_of_the_active_seat() -> None:
    state = start_game(5, BASE_5)
    seat = state["current"]
    prompts = []
    state = _top_crisis(state, "water_sabotaged")  # an event: no check, no choice
    steps: list[tuple[str, dict[str, Any]]] = [
        ("receive_skills", {"picks": []}), ("stay", {}), ("pass_action", {}), ("draw_crisis", {}),
        ("activate_cylons", {}), ("activate_area", {"area": "fore"}), ("prepare_jump", {})]
    for kind, args in steps:
        decision = RULES.pending(state)[0]
        assert decision.seats == {seat}
        prompts.append(decision.prompt)
        others = [s for s in range(5) if s != seat]
        assert all(RULES.legal_commands(state, s) == [] for s in others)
        state = act(state, seat, kind, **args)
    assert prompts == ["receive_skills", "movement", "action", "draw_crisis", "activate_cylon_ships",
                       "activate_area", "jump_preparation"]
    assert state["current"] == (seat + 1) % 5 and state["step"] == "receive"  # play passes to the left
    assert state["decks"]["crisis_discard"] == ["water_sabotaged"]  # R255: the crisis is discarded


@pytest.mark.rules("bsg:R201", "bsg:R008")
@pytest.mark.scenarios("bsg:AS-16")
def test_receive_skills_then_the_hand_limit_at_the_end_of_the_turn() -> None:
    """AS-16: 9 cards and a sheet of 5: he draws 5 (14) and discards down to 10 before play passes."""
    state = start_game(5, BASE_5)
    seat = state["current"]
    p = state["players"][seat]
    p["hand"] = [skill_card(state, "engineering") for _ in range(9)]
    sheet = CONTENT.characters[p["character"]]
    state = act(state, seat, "receive_skills", picks=[])
    assert len(state["players"][seat]["hand"]) == 9 + sheet.draw_count
    drawn = sorted(skill_of(c) for c in state["players"][seat]["hand"] if skill_of(c) != "engineering")
    assert drawn == sorted(t for d in sheet.skills for t in d.types for _ in range(d.count))
    state = _top_crisis(state, "water_sabotaged")
    state = play(state, seat, "stay", "pass_action", "draw_crisis", "activate_cylons", "prepare_jump")
    assert state["discards"] == [seat] and state["current"] == seat
    assert RULES.pending(state)[0].prompt == "discard_to_hand_limit"
    for _ in range(3):
        card = state["players"][seat]["hand"][0]
        state = act(state, seat, "discard_excess", card=card)
        assert state["current"] == seat
    state = act(state, seat, "discard_excess", card=state["players"][seat]["hand"][0])
    assert len(state["players"][seat]["hand"]) == 10
    assert state["current"] == (seat + 1) % 5


@pytest.mark.rules("bsg:R201")
def test_a_draw_of_either_type_is_the_players_pick() -> None:
    """Starbuck draws 1 leadership or engineering card; the pick is hers, and nothing else is accepted."""
    state = start_game(3, ["kara_thrace", "william_adama", "laura_roslin"])
    seat = state["current"]
    picks = sorted(c.args["picks"] for c in RULES.legal_commands(state, seat))
    assert picks == [["engineering"], ["leadership"]]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "receive_skills", picks=["politics"])
    assert info.value.code == "bad_skill_picks"
    state = act(state, seat, "receive_skills", picks=["engineering"])
    assert sorted(skill_of(c) for c in state["players"][seat]["hand"]) == [
        "engineering", "piloting", "piloting", "tactics", "tactics"]


@pytest.mark.rules("bsg:R211", "bsg:R210")
@pytest.mark.scenarios("bsg:AS-17")
def test_changing_ship_costs_a_skill_card() -> None:
    """AS-17: Tigh (Galactica) with no cards cannot reach Administration (Colonial One); with one card he pays
    it."""
    state = start_game(3, ["saul_tigh", "laura_roslin", "kara_thrace"])  # Tigh is not held on Galactica
    seat = state["current"]
    state = to_step(state, "move")
    state["players"][seat]["hand"] = []
    offered = {c.args["location"] for c in RULES.legal_commands(state, seat) if c.kind == "move"}
    assert "administration" not in offered and "weapons_control" in offered
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "move", location="administration")
    assert (info.value.code, info.value.rule) == ("ship_change_needs_discard", "bsg:R211")
    card = skill_card(state, "tactics")
    state["players"][seat]["hand"] = [card]
    after = act(state, seat, "move", location="administration", discard=card)
    assert after["players"][seat]["location"] == "administration" and after["players"][seat]["hand"] == []
    assert card in after["decks"]["skill_discard"]["tactics"]
    after = act(state, seat, "move", location="weapons_control")  # same ship: free
    assert after["players"][seat]["hand"] == [card] and after["step"] == "action"


@pytest.mark.rules("bsg:R212", "bsg:R214", "bsg:R007")
def test_humans_stay_out_of_cylon_and_hazardous_locations() -> None:
    """AS-19: a human cannot move to Caprica; nobody moves into Sickbay or the Brig of his own will."""
    state = to_step(start_game(3, ["saul_tigh", "laura_roslin", "kara_thrace"]), "move")
    seat = state["current"]
    offered = {c.args["location"] for c in RULES.legal_commands(state, seat) if c.kind == "move"}
    assert not offered & {"caprica", "cylon_fleet", "human_fleet", "resurrection_ship", "sickbay", "brig"}
    for loc in ("caprica", "sickbay", "brig", "command"):  # Tigh is in Command already
        with pytest.raises(IllegalCommand) as info:
            act(state, seat, "move", location=loc)
        assert info.value.code == "cannot_move_there"


@pytest.mark.rules("bsg:R213")
@pytest.mark.scenarios("bsg:AS-20")
def test_a_pilot_moves_his_viper_to_an_adjacent_area() -> None:
    """AS-20: adjacent is free, farther is refused, a location costs a card and returns the viper (the
    scenario's Pegasus location is an expansion's: here Command, on Galactica)."""
    state = to_step(start_game(3, ["lee_adama", "william_adama", "laura_roslin"]), "move")
    seat = state["current"]
    assert state["players"][seat]["viper"] == "lower_fore"
    areas = sorted(c.args["area"] for c in RULES.legal_commands(state, seat) if c.kind == "move_viper")
    assert areas == sorted(CONTENT.board.adjacent("lower_fore"))
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "move_viper", area="upper_aft")
    assert info.value.code == "viper_not_adjacent"
    after = act(state, seat, "move_viper", area="fore")
    assert after["players"][seat]["viper"] == "fore"
    card = state["players"][seat]["hand"][0]
    reserves = state["reserves"]["viper"]
    after = act(state, seat, "move", location="command", discard=card)
    assert after["players"][seat]["viper"] is None and after["players"][seat]["location"] == "command"
    assert after["reserves"]["viper"] == reserves + 1


@pytest.mark.rules("bsg:R230", "bsg:R005")
def test_a_choice_crisis_waits_for_its_chooser() -> None:
    state = start_game(5, BASE_5)
    president = state["president"]
    state = _top_crisis(to_step(state, "crisis"), "food_shortage")
    state = act(state, state["current"], "draw_crisis")
    assert state["crisis"] == "food_shortage"
    decision = RULES.pending(state)[0]
    assert decision.seats == {president} and decision.prompt == "choose_crisis_option"
    assert [c.args["option"] for c in RULES.legal_commands(state, president) if c.kind == "choose_option"] == [0, 1]
    state = act(state, president, "choose_option", option=0)
    assert state["resources"]["food"] == 6 and state["step"] == "activation"


@pytest.mark.rules("bsg:R230", "bsg:R240", "bsg:R601", "bsg:R605", "bsg:R003")
def test_a_cylon_attack_places_its_ships_and_raiders_launch() -> None:
    state = _top_crisis(to_step(start_game(5, BASE_5), "crisis"), "cylon_swarm")
    seat = state["current"]
    state = act(state, seat, "draw_crisis")
    assert len(state["space"]["aft"]["basestar"]) == 1 and state["space"]["aft"]["raider"] == 4
    assert state["space"]["lower_aft"]["raider"] == 2
    assert state["step"] == "activation"
    state = act(state, seat, "activate_cylons")  # launch raiders: each basestar launches 3 into its area
    assert state["space"]["fore"]["raider"] == 3 + 3 and state["space"]["aft"]["raider"] == 4 + 3
    # R003: a launch beyond the supply launches what is left, first where the active player says (G213)
    state["supply"]["raider"] = 2
    state["step"] = "activation"
    state = act(state, seat, "activate_cylons")
    assert state["prompt"] == {"kind": "launch_first", "seat": seat, "areas": ["fore", "aft"], "rest": []}
    state = act(state, seat, "launch_first", area="aft")
    assert sum(w["raider"] for w in state["space"].values()) == 6 + 7 + 2 + 2 and state["supply"]["raider"] == 0
    assert (state["space"]["fore"]["raider"], state["space"]["aft"]["raider"]) == (6, 9)


@pytest.mark.rules("bsg:R250", "bsg:R702")
def test_the_jump_icon_moves_the_fleet_token() -> None:
    state = _top_crisis(to_step(start_game(5, BASE_5), "crisis"), "water_sabotaged")
    seat = state["current"]
    state = play(state, seat, "draw_crisis", "activate_cylons", "prepare_jump")
    assert state["jump"] == 1
    state = _top_crisis(to_step(state, "crisis"), "jammed_assault")  # no jump icon
    state = play(state, state["current"], "draw_crisis", "activate_cylons", "prepare_jump")
    assert state["jump"] == 1


@pytest.mark.rules("bsg:R704", "bsg:R705", "bsg:R250", "bsg:R706")
def test_auto_jump_the_admiral_chooses_a_destination() -> None:
    state = start_game(5, BASE_5)
    admiral = state["admiral"]
    state = _top_crisis(to_step(state, "crisis"), "water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state["decks"]["destination"] += ["cylon_ambush", "ragnar_anchorage", "deep_space"]
    seat = state["current"]
    state = play(state, seat, "draw_crisis", "activate_cylons")
    state, events = act_events(state, seat, "prepare_jump")
    assert all(sum(w[k] if k != "basestar" else len(w[k]) for k in ("raider", "viper", "basestar")) == 0
               and not w["civilian"] for w in state["space"].values())  # every ship removed
    assert state["reserves"]["viper"] == 8
    assert RULES.pending(state)[0].seats == {admiral}
    drawn = next(e for e in events if e.kind == "destinations_drawn")
    assert drawn.visible_to == frozenset({admiral}) and drawn.redacted == {"seat": admiral}
    offered = sorted(c.args["card"] for c in RULES.legal_commands(state, admiral))
    assert offered == ["cylon_ambush", "deep_space", "ragnar_anchorage"]  # Adama draws 3 (Command Experience)
    assert "cards" not in RULES.view(state, seat if seat != admiral else (admiral + 1) % 5)["prompt"]
    fuel = state["resources"]["fuel"]
    state = act(state, admiral, "choose_destination", card="deep_space")
    assert state["distance"] == 3 and state["destinations"] == ["deep_space"]
    assert state["decks"]["destination"][0] == "ragnar_anchorage"  # the other one, to the bottom
    assert state["resources"]["fuel"] < fuel and state["jump"] == 0
    assert state["current"] == (seat + 1) % 5


@pytest.mark.rules("bsg:R405")
def test_the_sleeper_agent_phase_deals_a_loyalty_card_each() -> None:
    state = start_game(3, ["william_adama", "laura_roslin", "sharon_valerii"])
    admiral = state["admiral"]
    state = _top_crisis(to_step(state, "crisis"), "water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state["distance"] = 3
    state["decks"]["destination"] += ["tylium_planet", "icy_moon"]
    state = play(state, state["current"], "draw_crisis", "activate_cylons", "prepare_jump")
    before = [len(p["loyalty"]) for p in state["players"]]
    state = act(state, admiral, "choose_destination", card="icy_moon")
    assert state["sleeper_done"] and state["distance"] == 4
    boomer = _by_char(state, "sharon_valerii")["seat"]
    after = [len(p["loyalty"]) for p in state["players"]]
    assert [a - b for a, b in zip(after, before, strict=True)] == [2 if s == boomer else 1 for s in range(3)]
    assert state["decks"]["loyalty"] == []  # R126: the kept-back cards are exactly used up


@pytest.mark.rules("bsg:R708")
def test_a_resource_at_zero_at_the_end_of_a_turn_wins_for_the_cylons() -> None:
    state = _top_crisis(to_step(start_game(4, BASE_5[:4]), "crisis"), "water_sabotaged")
    state["resources"]["food"] = 2
    state = play(state, state["current"], "draw_crisis", "activate_cylons", "prepare_jump")
    assert state["phase"] == "over"
    result = RULES.result(state)
    assert result is not None and result.reason == "resource_exhausted"
    cylons = {p["seat"] for p in state["players"] if any(c.startswith("cylon_") for c in p["revealed"])}
    assert result.winners == cylons and cylons
    assert all(p["loyalty"] == [] for p in state["players"])  # the end reveals every loyalty card


@pytest.mark.rules("bsg:R709")
def test_kobol_the_jump_after_distance_8_wins_for_the_humans() -> None:
    state = _top_crisis(to_step(start_game(4, BASE_5[:4]), "crisis"), "water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state["distance"], state["objective_reached"], state["sleeper_done"] = 8, True, True
    state = play(state, state["current"], "draw_crisis", "activate_cylons", "prepare_jump")
    result = RULES.result(state)
    assert result is not None and result.reason == "kobol_reached"
    assert result.winners and all(not any(c.startswith("cylon_") for c in state["players"][s]["revealed"])
                                  for s in result.winners)


@pytest.mark.rules("bsg:R456")
def test_helo_stranded_skips_movement_and_action_then_is_placed() -> None:
    """RULINGS C4: Helo's first turn goes from Receive Skills to the Crisis; then he picks a Galactica
    location that is not hazardous."""
    state = start_game(3, ["karl_agathon", "laura_roslin", "kara_thrace"])
    seat = state["current"]
    state = act(state, seat, "receive_skills", picks=[])
    assert state["step"] == "crisis"
    state = _top_crisis(state, "water_sabotaged")
    state = play(state, seat, "draw_crisis", "activate_cylons", "prepare_jump")
    assert RULES.pending(state)[0].prompt == "place_stranded" and state["current"] == seat
    offered = {c.args["location"] for c in RULES.legal_commands(state, seat)}
    assert "sickbay" not in offered and "press_room" not in offered and "command" in offered
    state = act(state, seat, "place_stranded", location="command")
    assert state["players"][seat]["location"] == "command" and not state["players"][seat]["stranded"]
    assert state["current"] == (seat + 1) % 3


# --- the digest's acceptance scenarios that no test above plays as written -------------------------------


@pytest.mark.rules("bsg:R212")
@pytest.mark.scenarios("bsg:AS-19")
def test_a_human_cannot_enter_caprica_nor_a_revealed_cylon_command() -> None:
    """AS-19: a human's move to Caprica is refused; a revealed Cylon's move to Command is refused."""
    state = to_step(start_game(5, BASE_5), "move")
    human = state["current"]
    with pytest.raises(IllegalCommand) as info:
        act(state, human, "move", location="caprica")
    assert info.value.code == "cannot_move_there"
    state = start_game(5, BASE_5)
    cylon = state["current"]
    state["players"][cylon]["cylon"] = True
    state["players"][cylon]["location"] = "resurrection_ship"
    state = act(state, cylon, "receive_skills", picks=["politics", "tactics"])
    offered = {c.args["location"] for c in RULES.legal_commands(state, cylon) if c.kind == "move"}
    assert "command" not in offered and "caprica" in offered
    with pytest.raises(IllegalCommand) as info:
        act(state, cylon, "move", location="command")
    assert info.value.code == "cannot_move_there"


@pytest.mark.rules("bsg:R704")
@pytest.mark.scenarios("bsg:AS-61")
def test_a_jump_clears_space_and_brings_the_pilots_home() -> None:
    """AS-61: vipers back to the Reserves, civilian ships shuffled back into their pile, a pilot to the Hangar
    Deck, the centurions where they are, the Cylon ships off the board (the scenario's Cylon Fleet option is
    Exodus's)."""
    state = start_game(5, ["lee_adama", "william_adama", "laura_roslin", "gaius_baltar", "saul_tigh"])
    apollo = next(p["seat"] for p in state["players"] if p["character"] == "lee_adama")
    state = _top_crisis(to_step(state, "crisis"), "water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state["boarding"] = [1]
    seat = state["current"]
    state = play(state, seat, "draw_crisis", "activate_cylons")
    assert state["players"][apollo]["viper"] is not None
    on_board = [c for w in state["space"].values() for c in w["civilian"]]
    pile = list(state["decks"]["civilians"])
    supply = dict(state["supply"])
    in_space = {k: sum(w[k] for w in state["space"].values()) for k in ("raider", "heavy_raider")}
    basestars = sum(len(w["basestar"]) for w in state["space"].values())
    assert on_board and in_space["raider"] and basestars
    state = act(state, seat, "prepare_jump")
    assert all(w["viper"] == 0 and w["raider"] == 0 and w["heavy_raider"] == 0 and not w["basestar"]
               and not w["civilian"] for w in state["space"].values())
    assert state["reserves"]["viper"] == CONTENT.board.setup_reserves["viper"]  # Apollo's too
    assert sorted(state["decks"]["civilians"]) == sorted(pile + on_board)
    p = state["players"][apollo]
    assert p["viper"] is None and p["location"] == "hangar_deck"
    assert state["boarding"] == [1]
    assert state["supply"]["raider"] == supply["raider"] + in_space["raider"]
    assert state["supply"]["basestar"] == supply["basestar"] + basestars


@pytest.mark.rules("bsg:R704")
@pytest.mark.scenarios("bsg:AS-62")
def test_the_admiral_draws_two_destinations_and_the_others_see_only_the_chosen_one() -> None:
    """AS-62: Tigh, Admiral, draws 2 Destinations; the other players never see the one he puts back, which
    goes to the bottom of the deck; everybody sees the chosen one."""
    state = start_game(5, ["laura_roslin", "saul_tigh", "kara_thrace", "gaius_baltar", "galen_tyrol"])
    admiral = state["admiral"]
    assert state["players"][admiral]["character"] == "saul_tigh"
    state = _top_crisis(to_step(state, "crisis"), "water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state["decks"]["destination"] += ["ragnar_anchorage", "deep_space"]
    seat = state["current"]
    state = play(state, seat, "draw_crisis", "activate_cylons")
    state, events = act_events(state, seat, "prepare_jump")
    assert sorted(state["prompt"]["cards"]) == ["deep_space", "ragnar_anchorage"]
    others = [s for s in range(5) if s != admiral]
    drawn = next(e for e in events if e.kind == "destinations_drawn")
    for other in others:
        assert "ragnar_anchorage" not in str(drawn.for_seat(other))
        assert "ragnar_anchorage" not in str(RULES.view(state, other))
    state, events = act_events(state, admiral, "choose_destination", card="deep_space")
    assert state["decks"]["destination"][0] == "ragnar_anchorage"
    for other in others:
        view = RULES.view(state, other)
        assert view["destinations"] == ["deep_space"]
        assert "ragnar_anchorage" not in str(view)
        assert all("ragnar_anchorage" not in str(e.for_seat(other)) for e in events)


@pytest.mark.rules("bsg:R708")
@pytest.mark.scenarios("bsg:AS-65")
def test_food_at_zero_loses_only_if_still_at_zero_when_the_turn_ends() -> None:
    """AS-65: Water Sabotaged takes food from 2 to 0 in the Crisis phase; an effect gives 1 back before the
    turn ends and the game goes on. Left at 0, the turn's end is the Cylons' win."""
    start = _top_crisis(to_step(start_game(4, BASE_5[:4]), "crisis"), "water_sabotaged")
    start["resources"]["food"] = 2
    seat = start["current"]
    state = act(start, seat, "draw_crisis")
    assert state["resources"]["food"] == 0 and state["phase"] == "turn"
    change_resources(Ctx(state=state, rng=Rng.from_seed(1)), {"food": 1})
    state = play(state, seat, "activate_cylons", "prepare_jump")
    assert state["phase"] == "turn" and RULES.result(state) is None
    assert state["current"] == (seat + 1) % 4
    state = play(start, seat, "draw_crisis", "activate_cylons", "prepare_jump")
    result = RULES.result(state)
    assert result is not None and result.reason == "resource_exhausted"


@pytest.mark.rules("bsg:R709", "bsg:R708", "bsg:R303")
def test_the_kobol_jump_with_a_resource_at_zero_is_no_win_and_the_turn_goes_on() -> None:
    """R709: past distance 8 the next jump wins only if no resource is at 0; R708a: a resource at 0 wins for
    the Cylons only at the end of a turn (RULINGS G200). An FTL jump with food at 0 is no win and draws no
    Destination: the turn goes on with its Crisis; food given back before the turn ends, the game goes on and
    the following jump wins. Left at 0, the turn's end is the Cylons' win."""
    start = to_step(start_game(4, BASE_5[:4]), "action")
    seat = start["current"]
    start["players"][seat]["location"] = "ftl_control"
    start["jump"] = next(i for i, s in enumerate(CONTENT.board.jump_track) if s.blue)
    start["distance"], start["objective_reached"], start["sleeper_done"] = 8, True, True
    start["resources"]["food"] = 0
    start["resources"]["population"] = 12
    state = act(start, seat, "activate_location")
    assert RULES.result(state) is None and state["phase"] == "turn"
    assert state["step"] == "crisis" and state["prompt"] is None and state["jump"] == 0
    assert state["distance"] == 8 and state["destinations"] == start["destinations"]
    lost = _top_crisis(state, "water_sabotaged")
    lost = play(lost, seat, "draw_crisis", "activate_cylons", "prepare_jump")
    result = RULES.result(lost)
    assert result is not None and result.reason == "resource_exhausted"
    change_resources(Ctx(state=state, rng=Rng.from_seed(1)), {"food": 5})
    state["decks"]["crisis"].append("water_sabotaged")
    state = play(state, seat, "draw_crisis", "activate_cylons", "prepare_jump")
    assert RULES.result(state) is None and state["current"] == (seat + 1) % 4
    state = _top_crisis(to_step(state, "crisis"), "water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state = play(state, state["current"], "draw_crisis", "activate_cylons", "prepare_jump")
    result = RULES.result(state)
    assert result is not None and result.reason == "kobol_reached" and result.winners
