"""Mission Points and the end of the game (tng:R38-R39; RULINGS B14, B26)."""

from __future__ import annotations

import pytest

from games.tng.engine.content import card

from .helpers import RULES, build, cmd, inst, run

HIGH = ["enterprise_d", "dderidex", "yamato", "vorcha", "excelsior", "sutherland", "ferengi_marauder", "hood"]


@pytest.mark.rules("tng:R39")
def test_reaching_400_mission_points_wins_at_once() -> None:
    """Digest scenario 31: 380 MP, then a 20 MP ship."""
    state = build(turn=0, points={0: HIGH}, space=["romulan_scout"], hands={0: ["photon_spread"]})
    assert sum(card(c).mp for c in state["players"][0]["points"]) == 380
    state, _ = run(state, cmd(0, "explore"), cmd(0, "play", card=inst(state, 0, "photon_spread")))
    state, events = run(state, cmd(0, "fight"))
    result = RULES.result(state)
    assert result is not None and result.winners == frozenset({0}) and result.reason == "mp_goal_reached"
    assert result.scores[0]["total"] == 400 and result.scores[0]["ships"] == 400
    assert result.ranking[0] == [0]
    assert RULES.pending(state) == [] and events[-1].kind == "game_ended"


@pytest.mark.rules("tng:R39", "tng:R38")
def test_points_count_every_card_in_the_points_area_including_old_ships() -> None:
    state = build(turn=0, ships={1: "excelsior"}, points={0: ["hood", "science_survey", "shore_leave", "uss_renown"]})
    assert RULES.view(state, 0)["players"][0]["mp"] == 30 + 15 + 10 + 5
    assert RULES.result(state) is None


@pytest.mark.rules("tng:R39")
def test_the_table_may_play_to_a_lower_goal() -> None:
    state = build(turn=0, options={"mp_goal": 200}, points={0: ["enterprise_d", "dderidex", "yamato"]},
                  space=["romulan_scout"], hands={0: ["photon_spread"]})
    state, _ = run(state, cmd(0, "explore"), cmd(0, "play", card=inst(state, 0, "photon_spread")), cmd(0, "fight"))
    assert RULES.result(state).winners == frozenset({0})


def test_an_empty_space_deck_at_the_end_of_a_turn_ends_the_game_on_points() -> None:
    """RULINGS B26."""
    state = build(players=3, turn=0, space_exact=["shore_leave"], points={2: ["hood"]})
    state, _ = run(state, cmd(0, "explore"), cmd(0, "end_turn"))
    result = RULES.result(state)
    assert result.reason == "space_deck_exhausted" and result.winners == frozenset({2})
    assert result.ranking == [[2], [0], [1]]


def test_the_round_limit_ends_the_game_with_the_most_points_and_ties_share() -> None:
    """RULINGS B14 safeguard."""
    state = build(players=2, turn=1, first=0, options={"round_limit": 60}, points={0: ["hood"], 1: ["tholian_spinner"]})
    state["round"] = 60
    state, _ = run(state, cmd(1, "end_turn"))
    result = RULES.result(state)
    assert result.reason == "round_limit" and result.winners == frozenset({0, 1})
    assert result.tiebreak == "tiebreak_shared" and result.ranking == [[0, 1]]


@pytest.mark.rules("tng:R39")
def test_a_stalemate_of_quiet_rounds_ends_the_game_on_points() -> None:
    """RULINGS B14 stalemate guard: 20 whole rounds in which no card enters a Points Area end the game
    (also with no round limit, the rulebook reading); the most Mission Points win."""
    state = build(players=2, turn=1, first=0, options={"round_limit": 0}, points={1: ["hood"]})
    state["round"], state["scored_round"] = 21, 2  # rounds 3..20 were quiet (18), round 21 is ending
    assert RULES.view(state, 0)["quiet_rounds"] == 18
    state, _ = run(state, cmd(1, "end_turn"))
    assert RULES.result(state) is None and state["round"] == 22  # 19 quiet rounds: play on
    state, _ = run(state, cmd(0, "end_turn"), cmd(1, "end_turn"))
    result = RULES.result(state)
    assert result is not None and result.reason == "stalemate" and result.winners == frozenset({1})
    assert state["round"] == 23 and RULES.view(state, 0)["quiet_rounds"] == 20


@pytest.mark.rules("tng:R39")
def test_a_card_won_restarts_the_stalemate_clock_and_the_table_may_choose_its_length() -> None:
    state = build(players=2, turn=0, first=0, options={"round_limit": 0, "stall_rounds": 10},
                  space=["romulan_scout"], hands={0: ["photon_spread"]})
    state["round"], state["scored_round"] = 11, 1  # 9 quiet rounds behind, the 10th is being played
    state, _ = run(state, cmd(0, "explore"), cmd(0, "play", card=inst(state, 0, "photon_spread")), cmd(0, "fight"))
    assert state["scored_round"] == 11 and RULES.view(state, 0)["quiet_rounds"] == 0
    state, _ = run(state, cmd(0, "end_turn"), cmd(1, "end_turn"))
    assert RULES.result(state) is None and state["round"] == 12
    # Without the won card this round would have been the 10th quiet one: the game would be over.
    state["scored_round"] = 1
    state["round"] = 11
    state, _ = run(state, cmd(0, "end_turn"), cmd(1, "end_turn"))
    assert RULES.result(state).reason == "stalemate"


@pytest.mark.rules("tng:R39")
def test_a_resigned_player_does_not_lead_on_points_when_the_game_ends_on_them() -> None:
    """RULINGS B26 and Resigning: with 3 players a resigned seat is skipped; when the Space Deck runs out the
    most Mission Points *of the players still in the game* win, even if the resigned one had more."""
    state = build(players=3, turn=0, space_exact=[], points={1: ["pakled_freighter"], 2: ["hood"]})
    assert card("hood#1").mp > card("pakled_freighter#1").mp > 0
    state = RULES.resign(state, 2).state
    assert RULES.result(state) is None
    state, _ = run(state, cmd(0, "end_turn"))
    result = RULES.result(state)
    assert result.reason == "space_deck_exhausted" and result.winners == frozenset({1})


@pytest.mark.rules("tng:R39")
def test_a_state_saved_before_the_stalemate_guard_loads_with_its_defaults() -> None:
    """RULINGS B14: a table started before ``stall_rounds`` and ``scored_round`` existed: the guard is 20
    rounds, and its clock starts when the state is first read (no round counts as quiet before it)."""
    state = build(players=2, turn=1, first=0, options={"round_limit": 0})
    del state["options"]["stall_rounds"], state["scored_round"]
    state["round"] = 50
    state = RULES.load(RULES.dump(state))
    assert RULES.view(state, 0)["quiet_rounds"] == 0
    state, _ = run(state, cmd(1, "end_turn"))
    assert RULES.result(state) is None and RULES.view(state, 0)["quiet_rounds"] == 0
    state["scored_round"] = 31  # 19 whole quiet rounds behind (32..50): the 20th ends the game, not earlier
    state["turn"]["seat"], state["round"] = 1, 51
    assert RULES.view(state, 0)["quiet_rounds"] == 19
    state, _ = run(state, cmd(1, "end_turn"))
    assert RULES.result(state).reason == "stalemate"
    state["scored_round"] = 32
    state["phase"], state["end"] = "turn", None
    state["round"] = 51
    state, _ = run(state, cmd(1, "end_turn"))
    assert RULES.result(state) is None  # 19 quiet rounds: play on


@pytest.mark.rules("tng:R39", "tng:R58")
def test_the_result_breaks_each_score_down_by_the_kind_of_card_and_the_team_total() -> None:
    state = build(players=4, scenario="klingon", turn=0, first=0,
                  points={0: ["hood", "ally_vorn", "kl_council_vote"], 2: ["ally_bortas"], 1: ["galor"]})
    state = RULES.resign(RULES.resign(state, 1).state, 3).state
    result = RULES.result(state)
    assert result.winners == frozenset({0, 2}) and result.teams == [[0, 2], [1, 3]]
    mp = {cid: card(f"{cid}#1").mp for cid in ("hood", "ally_vorn", "kl_council_vote", "ally_bortas", "galor")}
    assert result.scores[0] == {"total": mp["hood"] + mp["ally_vorn"] + mp["kl_council_vote"], "ships": mp["hood"],
                                "missions": 0, "events": mp["kl_council_vote"], "allies": mp["ally_vorn"], "cards": 3,
                                "team_total": mp["hood"] + mp["ally_vorn"] + mp["kl_council_vote"] + mp["ally_bortas"]}
    assert result.scores[1]["team_total"] == mp["galor"] and result.tiebreak == ""
    ex = build(players=2, turn=0, points={0: ["science_survey"]})
    ex = RULES.resign(ex, 1).state
    assert RULES.result(ex).scores[0] == {"total": card("science_survey#1").mp, "ships": 0,
                                          "missions": card("science_survey#1").mp, "events": 0, "allies": 0, "cards": 1}


@pytest.mark.rules("tng:R42")
def test_the_borg_result_is_cooperative_or_a_race_of_two_teams() -> None:
    state = build(players=3, scenario="borg")
    result = RULES.result(RULES.resign(state, 1).state)
    assert result.cooperative and result.winners == frozenset() and result.ranking == [[0, 1, 2]]
    assert result.teams == [[0, 1, 2]] and result.reason == "resigned"
    state = build(players=4, scenario="borg", options={"borg_teams": "teams"})
    result = RULES.result(RULES.resign(state, 1).state)
    assert not result.cooperative and result.winners == frozenset({0, 2})
    assert result.teams == [[0, 2], [1, 3]] and result.ranking == [[0, 2], [1, 3]]
