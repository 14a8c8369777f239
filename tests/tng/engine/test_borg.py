"""The Borg Invasion scenario (tng:R40-R55a)."""

from __future__ import annotations

import copy

import pytest

from games.engine.core import AUTO_SEAT, IllegalCommand
from games.engine.core.errors import RulesError
from games.tng.engine.borg import lead
from games.tng.engine.content import card

from .helpers import RULES, build, cmd, inst, kinds, legal, player, refused, run, setup, space_inst

BORG = {"scenario": "borg", "options": {"starting_ships": "assigned"}, "first": 0}


def borg(**kw: object) -> dict:
    args = dict(BORG)
    args.update(kw)
    return build(**args)  # type: ignore[arg-type]


def setup_borg(players: int, **options: object) -> dict:
    return setup(players, scenario="borg_invasion", **options)


def actions_step(**kw: object) -> dict:
    return borg(group_set={"step": "actions"}, **kw)


def nborg(state: dict, seat: int) -> int:
    return sum(1 for c in player(state, seat)["hand"] if card(c).type == "borg")


@pytest.mark.rules("tng:R43", "tng:R46")
def test_the_group_explores_once_at_the_start_of_the_turn_and_players_cannot_explore() -> None:
    state = borg(space=["starfleet_reinforcements"])
    assert RULES.pending(state)[0].automatic and RULES.auto_command(state).kind == "explore"
    refused(state, cmd(0, "explore"), "automatic_step_only")
    state, _ = run(state, auto=True)
    assert player(state, 0)["xp"] == 2 and player(state, 1)["xp"] == 2
    assert RULES.pending(state)[0].prompt == "group_actions"
    assert RULES.pending(state)[0].seats == frozenset({0, 1})
    refused(state, cmd(0, "explore"), "no_exploration_left")


@pytest.mark.rules("tng:R44")
def test_the_group_shares_three_searches_per_turn() -> None:
    state = actions_step()
    state, _ = run(state, cmd(0, "search", slot=0), cmd(1, "search", slot=1), cmd(1, "search", slot=2))
    refused(state, cmd(0, "search", slot=3), "no_search_left")


@pytest.mark.rules("tng:R46")
def test_players_act_in_any_order_and_the_turn_ends_when_all_are_done() -> None:
    state = actions_step(hands={0: ["crewman"], 1: ["crewman"]})
    state, _ = run(state, cmd(1, "play", card=inst(state, 1, "crewman")), cmd(1, "done"))
    assert RULES.pending(state)[0].seats == frozenset({0})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "crewman")), cmd(0, "done"))
    assert RULES.auto_command(state).kind == "end_round"
    state, _ = run(state, RULES.auto_command(state))
    assert state["round"] == 2 and all(len(p["hand"]) == 5 and p["played"] == [] for p in state["players"])
    assert RULES.pending(state)[0].prompt == "group_explore"


@pytest.mark.rules("tng:R46")
def test_the_discard_phase_only_for_a_player_who_did_nothing_and_then_no_more_actions() -> None:
    """Digest scenario 41."""
    state = actions_step(hands={0: ["crewman", "duty_officer"], 1: ["crewman", "duty_officer"]})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "crewman")))
    refused(state, cmd(0, "discard", card=inst(state, 0, "duty_officer")), "action_phase_chosen")
    c = inst(state, 1, "duty_officer")
    state, _ = run(state, cmd(1, "discard", card=c))
    assert c in state["removed"]  # a starting card leaves the game (R17, RULINGS B21)
    assert 1 not in RULES.pending(state)[0].seats
    refused(state, cmd(1, "play", card=inst(state, 1, "crewman")), "not_your_turn")


@pytest.mark.rules("tng:R47")
def test_a_defeated_player_gains_a_borg_card_sits_out_and_still_draws_at_the_end() -> None:
    """Digest scenario 43: the Cube's on-reveal damage defeats player 0 (Defense 7, damage 6)."""
    state = borg(hands={0: ["borg_card"]}, damage={0: 6}, space=["borg_cube_1"])
    area = len(state["space"]["borg"])
    state, events = run(state, auto=True)
    p = player(state, 0)
    assert p["defeated"] and p["damage"] == 0
    assert len(state["space"]["borg"]) == area - 1 and "ensign" not in [card(c).id for c in p["deck"] + p["hand"]]
    assert sum(1 for c in p["deck"] + p["hand"] if card(c).type == "borg") == 2
    assert RULES.pending(state)[0].seats == frozenset({1})
    state, _ = run(state, cmd(1, "ready"))
    if state["stage"] is not None:
        state, _ = run(state, cmd(1, "assign_damage", target=1))
    assert 0 not in RULES.pending(state)[0].seats
    refused(state, cmd(0, "done"), "not_your_turn")
    state, _ = run(state, cmd(1, "done"), auto=False)
    state, _ = run(state, RULES.auto_command(state))
    assert len(player(state, 0)["hand"]) == 5 and not player(state, 0)["defeated"]


@pytest.mark.rules("tng:R48")
def test_a_fleeing_ship_is_won_only_by_diplomacy_or_leaves_at_the_end_of_the_turn() -> None:
    """Digest scenario 40."""
    state = borg(space=["enterprise_d"])
    state, _ = run(state, auto=True)
    e = space_inst(state, "enterprise_d")
    assert not [a for k, a in legal(state, 0) if k == "win_ship"]
    refused(state, cmd(0, "fight"), "no_battle_with_fleeing_ships")
    refused(state, cmd(0, "win_ship", card=e), "diplomacy_fails")
    state, _ = run(state, cmd(0, "done"), cmd(1, "done"), auto=True)
    assert e in state["space"]["box"] and e not in state["space"]["deck"]


@pytest.mark.rules("tng:R48", "tng:R41")
def test_winning_a_fleeing_ship_makes_it_yours_and_the_starting_effect_stays() -> None:
    """Digest scenario 44 (Pakled Freighter: Speed 1, Diplomacy 2)."""
    state = borg(space=["pakled_freighter"])
    state, _ = run(state, auto=True)
    old = player(state, 0)["ship"]
    state, _ = run(state, cmd(0, "win_ship", card=space_inst(state, "pakled_freighter")))
    assert card(player(state, 0)["ship"]).id == "pakled_freighter" and player(state, 0)["points"] == [old]
    assert ("ship_ability", {"target": 1}) in legal(state, 0)
    before = state["group"]["searches"]
    state, _ = run(state, cmd(0, "ship_ability", target=0))
    assert state["group"]["searches"] == before + 1
    refused(state, cmd(0, "ship_ability", target=0), "ability_used")


@pytest.mark.rules("tng:R49")
def test_five_borg_cards_in_hand_assimilate_the_player() -> None:
    """Digest scenario 34."""
    state = actions_step(players=3, hands={0: ["borg_card"] * 4 + ["guinan"]}, decks={0: ["borg_card", "crewman"]})
    state, events = run(state, cmd(0, "play", card=inst(state, 0, "guinan")))
    p = player(state, 0)
    assert p["assimilated"] and p["hand"] == [] and p["deck"] == []
    assert "player_assimilated" in [e.kind for e in events] and state["phase"] == "group"
    assert RULES.pending(state)[0].seats == frozenset({1, 2})


@pytest.mark.rules("tng:R49")
def test_borg_cards_cannot_be_played_or_discarded_but_effects_return_them() -> None:
    """Digest scenario 35."""
    state = actions_step(hands={0: ["borg_card", "beverly_crusher"]})
    b = inst(state, 0, "borg_card")
    refused(state, cmd(0, "play", card=b), "borg_card_unplayable")
    refused(state, cmd(0, "discard", card=b), "borg_card_not_discardable")
    assert ("discard", {"card": b}) not in legal(state, 0)
    area = len(state["space"]["borg"])
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "beverly_crusher")))
    assert b in state["space"]["borg"] and len(state["space"]["borg"]) == area + 1 and nborg(state, 0) == 0


@pytest.mark.rules("tng:R49")
def test_an_empty_borg_card_area_loses_the_game_for_everyone() -> None:
    state = borg(space=["assimilation_drones"], borg_area=1)
    state, _ = run(state, auto=True)
    result = RULES.result(state)
    assert result is not None and result.winners == frozenset() and result.cooperative
    assert result.reason == "borg_area_empty"


@pytest.mark.rules("tng:R49", "tng:R50")
def test_a_cube_reveals_borg_hands_and_hits_only_their_holders() -> None:
    """Digest scenario 37 (Borg Cube: strike 2; player 0 Shields 1)."""
    state = borg(hands={0: ["borg_card"]}, space=["borg_cube_1"])
    state, events = run(state, auto=True)
    revealed = next(e for e in events if e.kind == "borg_cards_revealed")
    assert revealed.data["counts"] == {"0": 1, "1": 0} and revealed.data["bonus"] == 1
    hits = [e.data["seat"] for e in events if e.kind == "ship_damaged"]
    assert hits == [0] and player(state, 0)["damage"] == 1 and player(state, 1)["damage"] == 0


@pytest.mark.rules("tng:R51", "tng:R53")
def test_cubes_grow_with_each_defeated_cube_and_a_destroyed_cube_is_set_aside() -> None:
    state = borg(space=["borg_cube_1"], hands={0: ["photon_spread", "attack_pattern_omega"],
                                              1: ["riker", "worf"]})
    cubes = [c for c in state["space"]["deck"] if card(c).type == "cube" and card(c).id != "borg_cube_1"][:2]
    for c in cubes:
        state["space"]["deck"].remove(c)
        state["space"]["cubes"].append(c)
    state, _ = run(state, auto=True)
    assert state["stage"]["bonus"] == 2
    for seat, cid in ((0, "photon_spread"), (0, "attack_pattern_omega"), (1, "riker"), (1, "worf")):
        state, _ = run(state, cmd(seat, "play", card=inst(state, seat, cid)))
    # Cube: Attack 7, Speed 5, Defense 12, Shields 3; the group deals 3+3+2+3+3+3 = 17 - 3 = 14.
    state, _ = run(state, cmd(0, "ready"), cmd(1, "ready"))
    if state["stage"] is not None:
        state, _ = run(state, cmd(0, "assign_damage", target=1))
    assert len(state["space"]["cubes"]) == 3 and card(state["space"]["cubes"][-1]).id == "borg_cube_1"


@pytest.mark.rules("tng:R52")
def test_a_maneuver_played_in_a_cube_battle_cannot_be_played_by_another_player() -> None:
    state = borg(space=["borg_cube_1"], hands={0: ["full_impulse", "full_impulse"], 1: ["full_impulse"]})
    state, _ = run(state, auto=True)
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "full_impulse")))
    refused(state, cmd(1, "play", card=inst(state, 1, "full_impulse")), "maneuver_already_played")
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "full_impulse")))
    assert len(player(state, 0)["played"]) == 2


@pytest.mark.rules("tng:R53", "tng:R54")
def test_cube_damage_must_defeat_a_ship_before_moving_to_another() -> None:
    """Digest scenario 38: Cube Attack 7; player 0's Pakled (Defense 4, Shields 0) takes 4, the rest 3."""
    state = borg(ships={0: "pakled_freighter", 1: "enterprise_d"}, space=["borg_cube_1"])
    for c in [c for c in state["space"]["deck"] if card(c).id in ("borg_cube_2", "borg_cube_3")]:
        state["space"]["deck"].remove(c)
        state["space"]["cubes"].append(c)
    state, _ = run(state, auto=True)
    state, _ = run(state, cmd(0, "ready"), cmd(1, "ready"))
    assert state["stage"]["kind"] == "allocate" and state["stage"]["remaining"] == 7
    assert RULES.pending(state)[0].seats == frozenset({0})
    refused(state, cmd(0, "assign_damage", target=0, amount=2), "must_take_until_defeated")
    state, events = run(state, cmd(0, "assign_damage", target=0))
    assigned = [(e.data["target"], e.data["amount"]) for e in events if e.kind == "cube_damage_assigned"]
    assert assigned == [(0, 4), (1, 3)]
    assert player(state, 0)["defeated"] and player(state, 1)["damage"] == 1  # Shields 2 stop 2


@pytest.mark.rules("tng:R42")
def test_meeting_locutus_goal_wins_for_the_group() -> None:
    state = borg(space=["locutus"], hands={0: ["photon_spread", "troi"], 1: ["attack_pattern_omega", "riker"]})
    state, _ = run(state, auto=True)
    assert RULES.pending(state)[0].prompt == "group_event_goal"
    for seat, cid in ((0, "photon_spread"), (0, "troi"), (1, "attack_pattern_omega"), (1, "riker")):
        state, _ = run(state, cmd(seat, "play", card=inst(state, seat, cid)))
    state, _ = run(state, cmd(0, "ready"), cmd(1, "ready"))
    result = RULES.result(state)
    assert result is not None and result.reason == "locutus_defeated" and result.winners == frozenset({0, 1})
    assert result.cooperative


@pytest.mark.rules("tng:R42")
def test_failing_locutus_gives_everyone_a_borg_card_and_locutus_returns_under_the_deck() -> None:
    state = borg(space=["locutus"])
    area = len(state["space"]["borg"])
    state, _ = run(state, auto=True)
    state, _ = run(state, cmd(0, "ready"), cmd(1, "ready"))
    assert RULES.result(state) is None and len(state["space"]["borg"]) == area - 2
    assert card(state["space"]["deck"][0]).id == "locutus"


@pytest.mark.rules("tng:R55")
def test_borg_invasion_resolves_events_then_battles_then_locutus_then_ships() -> None:
    state = borg(space=["borg_invasion", "enterprise_d", "borg_cube_1"])
    state, events = run(state, auto=True)
    assert state["stage"]["kind"] == "cube"
    assert [card(c).id for c in state["queue"]] == ["enterprise_d"]
    refused(state, cmd(0, "win_ship", card=state["queue"][0]), "not_now")
    state = borg(space=["borg_invasion", "locutus", "borg_cube_1"])
    state, _ = run(state, auto=True)
    assert card(state["stage"]["card"]).id == "borg_cube_1" and [card(c).id for c in state["queue"]] == ["locutus"]
    state = borg(space=["borg_invasion", "borg_cube_1", "starfleet_reinforcements"])
    state, _ = run(state, auto=True)
    assert player(state, 0)["xp"] == 2 and state["stage"]["kind"] == "cube"


@pytest.mark.rules("tng:R55a")
def test_without_starting_ship_effects_nobody_has_an_ability() -> None:
    state = build(scenario="borg", options={"starting_ship_effects": False}, group_set={"step": "actions"})
    assert all(p["ability"] is None for p in state["players"])
    assert not [k for k, _ in legal(state, 0) if k == "ship_ability"]
    assert AUTO_SEAT == -1


@pytest.mark.rules("tng:R54")
def test_shields_count_in_what_a_ship_must_take_before_the_next_one() -> None:
    # Bird-of-Prey: Defense 6, Shields 1: the Cube's 7 damage all go to it (1 stopped, 6 defeat it).
    state = borg(ships={0: "bird_of_prey", 1: "pakled_freighter"}, space=["borg_cube_1"])
    for c in [c for c in state["space"]["deck"] if card(c).id in ("borg_cube_2", "borg_cube_3")]:
        state["space"]["deck"].remove(c)
        state["space"]["cubes"].append(c)
    state, _ = run(state, auto=True)
    state, _ = run(state, cmd(0, "ready"), cmd(1, "ready"))
    state, events = run(state, cmd(0, "assign_damage", target=0))
    assigned = [(e.data["target"], e.data["amount"]) for e in events if e.kind == "cube_damage_assigned"]
    assert assigned == [(0, 7)] and player(state, 1)["damage"] == 0


@pytest.mark.rules("tng:R41", "tng:R49")
def test_a_borg_starting_ship_effect_is_offered_only_for_players_it_could_help() -> None:
    """USS Saratoga returns a Borg card from hand: for another player whose hand is secret, offered by the
    hand's size alone, so the offer never tells whether a Borg card is in it (RULINGS B31); the
    Endeavour's repair only for damaged ships."""
    state = actions_step(players=3, hands={0: ["crewman"], 1: ["borg_card", "crewman"], 2: ["crewman"]},
                         damage={2: 2})
    state["players"][0]["ability"] = "bi_saratoga"
    assert [a["target"] for k, a in legal(state, 0) if k == "ship_ability"] == [1, 2]
    # The same offers whether or not the secret hands hold a Borg card.
    swapped = copy.deepcopy(state)
    swapped["players"][1]["hand"], swapped["players"][2]["hand"] = ["crewman", "crewman"], ["borg_card", "crewman"]
    assert legal(swapped, 0) == legal(state, 0)
    used, _ = run(state, cmd(0, "ship_ability", target=2))  # no Borg card there: nothing happens to the hand
    assert sorted(card(c).id for c in player(used, 2)["hand"]) == ["crewman"]
    state["players"][2]["hand"] = []
    refused(state, cmd(0, "ship_ability", target=2), "ability_no_effect")  # an empty hand is public
    refused(state, cmd(0, "ship_ability", target=0), "ability_no_effect")  # my own hand: I know it
    state["players"][0]["ability"] = "bi_endeavour"
    assert [a["target"] for k, a in legal(state, 0) if k == "ship_ability"] == [2]
    state, _ = run(state, cmd(0, "ship_ability", target=2))
    assert player(state, 2)["damage"] == 0


# --- team play (R55a.1, RULINGS B29) ------------------------------------------------------------------

def teams(players: int = 4, team: int = 0, **kw: object) -> dict:
    """Borg team play; the group turn of ``team`` (player 0 first), 4 players: 0+2 against 1+3."""
    args = {"scenario": "borg", "players": players, "first": 0, "group_set": {"team": team},
            "options": {"starting_ships": "assigned", "borg_teams": "teams"}}
    args.update(kw)
    return build(**args)  # type: ignore[arg-type]


@pytest.mark.rules("tng:R55a", "tng:R45")
def test_team_play_is_two_teams_each_with_its_own_borg_card_area() -> None:
    four = setup_borg(4, borg_teams="teams")
    assert [p["team"] for p in four["players"]] == [0, 1, 0, 1]
    assert [len(a) for a in four["space"]["borg_areas"]] == [15, 15] and four["space"]["borg"] == []
    assert four["group"]["team"] == four["players"][four["first"]]["team"]
    assert RULES.view(four, None)["space"]["borg_areas"] == [15, 15]
    two = setup_borg(2, borg_teams="teams")
    assert [p["team"] for p in two["players"]] == [0, 1] and [len(a) for a in two["space"]["borg_areas"]] == [10, 10]
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(3, {"scenario": "borg_invasion", "borg_teams": "teams"})
    assert info.value.code == "borg_teams_player_count"
    one = setup_borg(3)
    assert [p["team"] for p in one["players"]] == [None] * 3 and len(one["space"]["borg"]) == 20


@pytest.mark.rules("tng:R55a", "tng:R46")
def test_teams_take_separate_group_turns_and_only_the_team_on_turn_acts() -> None:
    state = teams(space=["starfleet_reinforcements", "tactical_analysis"])
    state, _ = run(state, auto=True)
    assert RULES.pending(state)[0].seats == frozenset({0, 2})
    assert player(state, 0)["xp"] == 2 and player(state, 1)["xp"] == 0  # the event helps the team on turn
    refused(state, cmd(1, "done"), "not_your_turn")
    state, events = run(state, cmd(0, "done"), cmd(2, "done"), auto=True)
    started = next(e for e in events if e.kind == "team_turn_started")
    assert started.data == {"round": 1, "team": 1, "order": [1, 3]}
    assert state["group"]["team"] == 1 and RULES.pending(state)[0].seats == frozenset({1, 3})
    assert len(player(state, 0)["hand"]) == 5  # team 0's turn ended: discard and draw 5
    assert len(player(state, 1)["hand"]) == 6 and len(player(state, 2)["hand"]) == 5  # Tactical Analysis: team 1
    state, events = run(state, cmd(1, "done"), cmd(3, "done"), auto=True)
    assert state["group"]["team"] == 0 and state["round"] == 2
    assert "round_ended" in kinds(events)


@pytest.mark.rules("tng:R55a", "tng:R41")
def test_in_team_play_the_starting_ship_effect_helps_only_your_team() -> None:
    state = teams(group_set={"team": 0, "step": "actions"}, damage={0: 2, 1: 2, 2: 2, 3: 2})
    state["players"][0]["ability"] = "bi_endeavour"  # repair 2
    assert [a["target"] for k, a in legal(state, 0) if k == "ship_ability"] == [0, 2]
    refused(state, cmd(0, "ship_ability", target=1), "bad_target")


@pytest.mark.rules("tng:R55a", "tng:R50")
def test_in_team_play_a_cube_fights_the_team_on_turn_only() -> None:
    state = teams(hands={0: ["borg_card"], 1: ["borg_card"]}, space=["borg_cube_1"])
    state, events = run(state, auto=True)
    revealed = next(e for e in events if e.kind == "borg_cards_revealed")
    assert revealed.data["counts"] == {"0": 1, "2": 0} and revealed.data["bonus"] == 1
    assert [e.data["seat"] for e in events if e.kind == "ship_damaged"] == [0]
    assert RULES.pending(state)[0].seats == frozenset({0, 2})


@pytest.mark.rules("tng:R55a", "tng:R49")
def test_a_team_whose_borg_card_area_runs_out_loses_and_the_other_team_wins() -> None:
    state = teams(space=["locutus"])
    area = state["space"]["borg_areas"][0]
    state["removed"] += area[1:]
    del area[1:]
    state, _ = run(state, auto=True)
    state, _ = run(state, cmd(0, "ready"), cmd(2, "ready"))  # Locutus fails: every player of team 0 gains one
    result = RULES.result(state)
    assert result is not None and result.reason == "team_borg_area_empty"
    assert result.winners == frozenset({1, 3}) and not result.cooperative
    assert [sorted(t) for t in result.teams] == [[0, 2], [1, 3]] and result.ranking == [[1, 3], [0, 2]]


@pytest.mark.rules("tng:R55a", "tng:R42")
def test_in_team_play_the_team_that_meets_locutus_goal_wins() -> None:
    """Locutus's goal is per captain: the team's two captains (not all four) must meet it."""
    state = teams(team=1, space=["locutus"], hands={1: ["photon_spread", "troi"], 3: ["attack_pattern_omega", "riker"]})
    state, _ = run(state, auto=True)
    for seat, cid in ((1, "photon_spread"), (1, "troi"), (3, "attack_pattern_omega"), (3, "riker")):
        state, _ = run(state, cmd(seat, "play", card=inst(state, seat, cid)))
    state, _ = run(state, cmd(1, "ready"), cmd(3, "ready"))
    result = RULES.result(state)
    assert result.reason == "locutus_defeated" and result.winners == frozenset({1, 3})


@pytest.mark.rules("tng:R55a", "tng:R49")
def test_in_team_play_a_resigning_player_concedes_for_the_team() -> None:
    state = teams(players=2)
    out = RULES.resign(state, 0)
    result = RULES.result(out.state)
    assert result.reason == "resigned" and result.winners == frozenset({1})


@pytest.mark.rules("tng:R47", "tng:R49")
def test_a_defeat_that_takes_the_last_borg_card_ends_the_game_and_nothing_changes_after() -> None:
    """R47 + R49.1: the defeated player's Borg card is the area's last: the group loses at once; the ship is
    not repaired, no deck is reshuffled, nobody draws and no player is marked defeated after the end."""
    state = borg(hands={0: ["borg_card"]}, damage={0: 6}, space=["borg_cube_1"], borg_area=1)
    before = copy.deepcopy(player(state, 0))
    state, events = run(state, auto=True)
    result = RULES.result(state)
    assert result is not None and result.reason == "borg_area_empty" and result.winners == frozenset()
    ended = kinds(events).index("game_ended")
    assert kinds(events)[ended + 1:] == []
    assert state["stage"] is None and state["phase"] == "over"  # the Cube battle closes with the game
    p = player(state, 0)
    assert p["damage"] == 7 and not p["defeated"] and p["hand"] == before["hand"] and p["deck"] == before["deck"]
    assert len(p["discard"]) == len(before["discard"]) + 1 and state["space"]["borg"] == []


@pytest.mark.rules("tng:R53")
def test_a_ship_as_fast_as_the_cube_fires_with_it_not_before_it() -> None:
    """R53: only ships faster than the Cube fire first; an equal Speed fires at the same time as the Cube, so
    a Cube it destroys still deals its damage (Borg Probe: Attack 3, Speed 6, Defense 6, no Shields)."""
    state = borg(ships={0: "enterprise_d", 1: "pakled_freighter"}, space=["borg_probe"])
    state["players"][0]["boost"] = {"speed": 1}  # Enterprise-D: Attack 6, Speed 6
    state, _ = run(state, auto=True)
    state, events = run(state, cmd(0, "ready"), cmd(1, "ready"))
    assert [(e.data["seat"], e.data["amount"]) for e in events if e.kind == "enemy_hit"] == [(0, 6)]
    assert state["stage"]["kind"] == "allocate" and state["stage"]["remaining"] == 3  # the Probe fires too
    state, _ = run(state, cmd(0, "assign_damage", target=0))
    assert player(state, 0)["damage"] == 1 and card(state["space"]["cubes"][-1]).id == "borg_probe"
    # faster than the Probe: it is destroyed before it fires
    state = borg(ships={0: "enterprise_d", 1: "pakled_freighter"}, space=["borg_probe"])
    state["players"][0]["boost"] = {"speed": 2}
    state, _ = run(state, auto=True)
    state, events = run(state, cmd(0, "ready"), cmd(1, "ready"))
    assert "cube_fired" not in kinds(events) and player(state, 0)["damage"] == 0
    assert card(state["space"]["cubes"][-1]).id == "borg_probe"


@pytest.mark.rules("tng:R46")
def test_obtaining_or_searching_is_acting_so_the_discard_phase_is_gone_for_that_player() -> None:
    """R46.3: only a player who did nothing this turn may discard; obtaining a card or searching is doing
    something (the XP and the searches are spent)."""
    state = actions_step(xp={0: 9, 1: 0}, hands={0: ["crewman"], 1: ["crewman"]})
    bought, _ = run(state, cmd(0, "buy_basic", pile="engineering_crew"))
    assert player(bought, 0)["acted"] and player(bought, 0)["xp"] == 7
    refused(bought, cmd(0, "discard", card=inst(bought, 0, "crewman")), "action_phase_chosen")
    assert not [k for k, _ in legal(bought, 0) if k == "discard"]
    searched, _ = run(state, cmd(1, "search", slot=0))
    assert player(searched, 1)["acted"] and searched["group"]["searches"] == 2
    refused(searched, cmd(1, "discard", card=inst(searched, 1, "crewman")), "action_phase_chosen")
    slot = next(i for i, c in enumerate(state["starbase"]["search"]) if card(c).cost <= 9)
    got, _ = run(state, cmd(0, "buy", slot=slot))
    assert state["starbase"]["search"][slot] in player(got, 0)["discard"]


@pytest.mark.rules("tng:R46")
def test_a_group_event_whose_goal_is_met_leaves_the_game() -> None:
    """Wolf 359 (goal Attack 5 per captain): met by the group's combined ships and played cards, it is set
    aside (RULINGS B19), no failure applies."""
    state = borg(space=["wolf_359"], hands={0: ["photon_spread", "attack_pattern_omega"], 1: ["riker", "worf"]})
    state, _ = run(state, auto=True)
    event = state["stage"]["card"]
    for seat, cid in ((0, "photon_spread"), (0, "attack_pattern_omega"), (1, "riker"), (1, "worf")):
        state, _ = run(state, cmd(seat, "play", card=inst(state, seat, cid)))
    state, events = run(state, cmd(0, "ready"), cmd(1, "ready"))
    assert "event_succeeded" in kinds(events) and "ship_damaged" not in kinds(events)
    assert event in state["space"]["box"] and event not in state["space"]["deck"] and state["stage"] is None


@pytest.mark.rules("tng:R49", "tng:R55")
def test_in_team_play_a_team_whose_players_are_all_assimilated_loses_and_the_other_survived_longer() -> None:
    state = teams(players=2, group_set={"team": 0, "step": "actions"}, hands={0: ["borg_card"] * 4},
                  decks={0: ["borg_card"]})
    state["players"][0]["ability"] = "bi_melbourne"  # draw 1 (for a player of the team on turn)
    state, events = run(state, cmd(0, "ship_ability", target=0))
    assert "player_assimilated" in kinds(events)
    result = RULES.result(state)
    assert result.reason == "team_assimilated" and result.winners == frozenset({1})


@pytest.mark.rules("tng:R55")
def test_in_team_play_the_view_counts_the_borg_card_area_of_the_team_on_turn() -> None:
    state = teams(players=2, team=1)
    areas = state["space"]["borg_areas"]
    areas[0].pop()
    assert len(areas[0]) != len(areas[1])
    view = RULES.view(state, None)["space"]
    assert view["borg_area"] == len(areas[1]) and view["borg_areas"] == [len(areas[0]), len(areas[1])]


@pytest.mark.rules("tng:R54")
def test_the_group_is_led_by_the_first_player_still_fighting_and_a_state_with_nobody_left_is_an_error() -> None:
    s = borg(players=3, first=1)
    assert lead(s) == 1
    player(s, 1)["defeated"] = True  # the first player sits out this round (R47): the next one leads
    assert lead(s) == 2
    for seat in (0, 2):
        player(s, seat)["defeated"] = True
    assert lead(s) == 1  # all defeated: the first player of the group still in the game
    player(s, 1)["assimilated"] = True
    assert lead(s) == 2
    for seat in (0, 2):
        player(s, seat)["assimilated"] = True
    with pytest.raises(RulesError, match="no seat"):
        lead(s)


@pytest.mark.rules("tng:R55")
def test_borg_invasion_applies_the_flip_of_locutus_before_the_cube_battles() -> None:
    """R55.2-3: under a Borg Invasion, Borg ships and Locutus have their Flip applied as they are drawn; the
    battles start after the Invasion is resolved and Locutus's goal is resolved after every battle. Locutus's
    Flip (1 damage to every ship, stopped by the Shields) has landed when the Cube battle opens."""
    state = borg(space=["borg_invasion", "locutus", "borg_cube_1"])
    state, events = run(state, auto=True)
    assert card(state["stage"]["card"]).id == "borg_cube_1" and [card(c).id for c in state["queue"]] == ["locutus"]
    assert [player(state, s)["shield_used"] for s in (0, 1)] == [1, 1]
    causes = [e.data["cause"] for e in events if e.kind == "ship_damaged"]
    assert [card(c).id for c in causes] == ["locutus", "locutus"]
    # the Cube battle, then Locutus's goal: its Flip is not applied a second time
    later = []
    state, events = run(state, cmd(0, "ready"), cmd(1, "ready"))
    later += events
    while state["stage"] is not None and state["stage"]["kind"] == "allocate":
        state, events = run(state, RULES.legal_commands(state, lead(state))[0])
        later += events
    assert card(state["stage"]["card"]).id == "locutus"
    assert not [e for e in later if e.kind == "ship_damaged" and e.data["cause"].startswith("locutus")]


@pytest.mark.rules("tng:R55", "tng:R50")
def test_borg_invasion_strikes_with_every_cube_it_draws_before_the_first_battle() -> None:
    """R50: a Cube strikes the holders of Borg cards as soon as it is drawn; R55.2: the battles start after the
    Invasion is resolved. Player 0 holds a Borg card: both Cubes (2 damage each) strike before the first
    battle (4 damage, 1 stopped by the Renown-class Shields)."""
    state = borg(space=["borg_invasion", "borg_cube_1", "borg_cube_2"], hands={0: ["borg_card"]})
    state, events = run(state, auto=True)
    assert state["stage"]["kind"] == "cube" and card(state["stage"]["card"]).id == "borg_cube_1"
    strikes = [(card(e.data["card"]).id, e.data["target"]) for e in events if e.kind == "enemy_fired"]
    assert strikes == [("borg_cube_1", 0), ("borg_cube_2", 0)]
    p = player(state, 0)
    shields = card(p["ship"]).stat("shields")
    assert p["damage"] == 4 - shields


@pytest.mark.rules("tng:R55")
def test_a_borg_invasion_drawn_by_a_borg_invasion_draws_its_own_cards() -> None:
    """R55: every card the Invasion draws follows the Invasion rules, its Events have their Effects applied; a
    second Borg Invasion among them is an Event whose effect is to draw its cards: they are resolved too."""
    state = borg(space=["borg_invasion", "borg_invasion_2", "starfleet_reinforcements", "tactical_analysis",
                        "regroup_at_sector_001"])
    deck = len(state["space"]["deck"])
    state, events = run(state, auto=True)
    assert len(state["space"]["deck"]) == deck - 5
    box = [card(c).id for c in state["space"]["box"]]
    for cid in ("borg_invasion", "borg_invasion_2", "starfleet_reinforcements", "tactical_analysis",
                "regroup_at_sector_001"):
        assert cid in box
    assert [player(state, s)["xp"] for s in (0, 1)] == [2, 2]
    assert state["group"]["step"] == "actions"


@pytest.mark.rules("tng:R49")
def test_a_borg_card_milled_by_an_effect_returns_to_the_borg_card_area() -> None:
    """R49.4/R49.6: Borg cards leave a player only through effects that discard cards, and a Borg card
    discarded by an effect returns to the Borg Card Area. Collective Pressure fails (Diplomacy 4 per captain):
    every player discards the top 2 cards of their deck; player 0's Borg card among them goes back to the area,
    the other card to the discard pile."""
    state = borg(space=["collective_pressure"], decks={0: ["borg_card", "crewman", "crewman"]})
    area = len(state["space"]["borg"])
    state, _ = run(state, auto=True)
    state, events = run(state, cmd(0, "ready"), cmd(1, "ready"))
    assert "event_failed" in kinds(events)
    p = player(state, 0)
    assert [card(c).id for c in p["discard"]] == ["crewman"] and [card(c).id for c in p["deck"]] == ["crewman"]
    assert len(state["space"]["borg"]) == area + 1
    assert "borg_cards_returned" in kinds(events)


@pytest.mark.rules("tng:R47", "tng:R41")
def test_a_player_sitting_out_after_a_defeat_is_no_target_of_another_players_starting_ship_effect() -> None:
    """R47: a player whose ship was defeated cannot act or interact with the other players until the next turn
    (RULINGS B32): the USS Saratoga's effect (return a Borg card from a hand) is not offered for them and is
    refused; it still is for a player who fights on."""
    state = actions_step(players=3, hands={0: ["crewman"], 1: ["borg_card", "crewman"], 2: ["crewman"]})
    state["players"][0]["ability"] = "bi_saratoga"
    state["players"][1]["defeated"] = True
    assert [a["target"] for k, a in legal(state, 0) if k == "ship_ability"] == [2]
    refused(state, cmd(0, "ship_ability", target=1), "target_sits_out")


@pytest.mark.rules("tng:R46", "tng:R41")
def test_a_player_who_took_the_discard_phase_is_no_target_of_another_players_starting_ship_effect() -> None:
    """R46.3: a player who took the Discard Phase "cannot then take any other action or interact with the other
    players during that turn", the same words as R47's for a defeated ship (RULINGS B33, as B32): the USS
    Saratoga's effect is not offered for them and is refused; the view says who took it; the next group turn
    they are a target again."""
    state = actions_step(players=3, hands={0: ["crewman"], 1: ["borg_card", "crewman", "duty_officer"],
                                           2: ["crewman"]})
    state["players"][0]["ability"] = "bi_saratoga"
    assert [a["target"] for k, a in legal(state, 0) if k == "ship_ability"] == [1, 2]
    state, _ = run(state, cmd(1, "discard", card=inst(state, 1, "duty_officer")))
    assert [p["discard_phase"] for p in RULES.view(state, None)["players"]] == [False, True, False]
    assert [a["target"] for k, a in legal(state, 0) if k == "ship_ability"] == [2]
    refused(state, cmd(0, "ship_ability", target=1), "target_discard_phase")
    state, _ = run(state, cmd(0, "done"), cmd(2, "done"), auto=True)
    assert not any(p["discard_phase"] for p in state["players"])


@pytest.mark.rules("tng:R55", "tng:R49", "tng:R51")
def test_under_an_invasion_the_log_states_the_bonus_each_cube_battle_uses() -> None:
    """R49.5: the Borg cards revealed when a Cube is drawn give it +1 each; R51: +1 for each Cube defeated
    before it (RULINGS B20: before its battle). Under a Borg Invasion both Cubes are drawn before the first
    battle, so the reveal event states only the revealed cards' part (it cannot know the Cubes defeated in
    between); the battle's own event states the bonus the battle uses: the second Cube's is 1 higher once the
    first is destroyed."""
    state = borg(space=["borg_invasion", "borg_cube_1", "borg_cube_2"],
                 hands={0: ["borg_card", "photon_spread", "attack_pattern_omega"], 1: ["riker", "worf"]})
    state, events = run(state, auto=True)
    reveals = [e.data for e in events if e.kind == "borg_cards_revealed"]
    assert [(card(r["card"]).id, r["bonus"]) for r in reveals] == [("borg_cube_1", 1), ("borg_cube_2", 1)]
    started = [e.data for e in events if e.kind == "cube_battle_started"]
    assert started == [{"card": state["stage"]["card"], "bonus": 1, "revealed": 1, "cubes": 0}]
    for seat, cid in ((0, "photon_spread"), (0, "attack_pattern_omega"), (1, "riker"), (1, "worf")):
        state, _ = run(state, cmd(seat, "play", card=inst(state, seat, cid)))
    state, events = run(state, cmd(0, "ready"), cmd(1, "ready"))
    assert state["stage"]["kind"] == "allocate"  # player 1's ship takes the Cube's damage, player 0 fires after
    state, more = run(state, cmd(0, "assign_damage", target=1))
    events += more
    assert [card(c).id for c in state["space"]["cubes"]] == ["borg_cube_1"]
    assert card(state["stage"]["card"]).id == "borg_cube_2" and state["stage"]["bonus"] == 2
    started = [e.data for e in events if e.kind == "cube_battle_started"]
    assert started == [{"card": state["stage"]["card"], "bonus": 2, "revealed": 1, "cubes": 1}]
    assert "borg_cards_revealed" not in kinds(events)  # revealed once, when drawn


@pytest.mark.rules("tng:R49", "tng:R51")
def test_a_cubes_reveal_event_counts_the_borg_cards_and_its_battle_event_the_whole_bonus() -> None:
    """One Cube already destroyed, one Borg card in hand: the reveal event gives the revealed cards' +1 (R49.5),
    the battle's event the +2 the battle uses (R51 adds the destroyed Cube)."""
    state = borg(space=["borg_cube_1"], hands={0: ["borg_card"]})
    done = next(c for c in state["space"]["deck"] if card(c).type == "cube" and card(c).id != "borg_cube_1")
    state["space"]["deck"].remove(done)
    state["space"]["cubes"].append(done)
    state, events = run(state, auto=True)
    assert [e.data["bonus"] for e in events if e.kind == "borg_cards_revealed"] == [1]
    assert [e.data for e in events if e.kind == "cube_battle_started"] == [
        {"card": state["stage"]["card"], "bonus": 2, "revealed": 1, "cubes": 1}]
    assert state["stage"]["bonus"] == 2


@pytest.mark.rules("tng:R45")
def test_a_borg_card_a_player_gains_goes_to_their_discard_pile() -> None:
    """R45: Space Deck effects "introduce" Borg cards into the players' decks, without saying which pile
    (RULINGS B34): like every card a player gains (B3), a Borg card comes from the Borg Card Area into the
    discard pile; hand and deck are untouched, so it is drawn after the next reshuffle."""
    state = borg(space=["assimilation_drones"])
    before = copy.deepcopy(state["players"])
    area = len(state["space"]["borg"])
    state, _ = run(state, auto=True)
    for seat in (0, 1):
        p, b = player(state, seat), before[seat]
        assert [card(c).type for c in p["discard"][len(b["discard"]):]] == ["borg"]
        assert p["hand"] == b["hand"] and p["deck"] == b["deck"]
    assert len(state["space"]["borg"]) == area - 2
