"""Exploring the Space Deck: missions, events, ships (tng:R20-R24)."""

from __future__ import annotations

import pytest

from games.tng.engine.content import card

from .helpers import RULES, build, cmd, inst, legal, player, refused, run, space_inst


def ids(cards: list[str]) -> list[str]:
    return sorted(card(c).id for c in cards)


@pytest.mark.rules("tng:R20")
def test_a_revealed_mission_goes_face_up_in_the_mission_area_not_completed() -> None:
    state = build(turn=0, space=["science_survey"])
    state, _ = run(state, cmd(0, "explore"))
    assert ids(state["space"]["missions"]) == ["science_survey"]
    assert player(state, 0)["points"] == []


@pytest.mark.rules("tng:R21")
def test_a_third_mission_sends_one_of_the_two_under_the_space_deck() -> None:
    state = build(turn=0, missions=["survey_neutral_zone", "peace_talks"], space=["science_survey"])
    state, _ = run(state, cmd(0, "explore"))
    assert RULES.pending(state)[0].prompt == "choose_mission_to_bottom"
    up = list(state["space"]["missions"])
    assert sorted(a["card"] for k, a in legal(state, 0)) == sorted(up)
    state, _ = run(state, cmd(0, "bottom", card=up[1]))
    assert state["space"]["deck"][0] == up[1]
    assert ids(state["space"]["missions"]) == ["science_survey", "survey_neutral_zone"]


@pytest.mark.rules("tng:R22")
def test_completing_a_mission_uses_an_exploration_and_applies_the_reward_once() -> None:
    """Digest scenario 16."""
    state = build(turn=0, missions=["survey_neutral_zone"], hands={0: ["full_impulse"]})
    m = state["space"]["missions"][0]
    refused(state, cmd(0, "complete_mission", card=m), "goal_not_met")
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "full_impulse")))
    state, _ = run(state, cmd(0, "complete_mission", card=m))
    p = player(state, 0)
    assert p["points"] == [m] and p["xp"] == 2 and state["turn"]["explores"] == 0
    assert state["space"]["missions"] == []


@pytest.mark.rules("tng:R22")
def test_completing_a_mission_needs_an_unused_exploration() -> None:
    state = build(turn=0, missions=["science_survey"], hands={0: ["full_impulse"]}, turn_set={"explores": 0})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "full_impulse")))
    refused(state, cmd(0, "complete_mission", card=state["space"]["missions"][0]), "no_exploration_left")


@pytest.mark.rules("tng:R22")
def test_mission_goal_counts_played_characters() -> None:
    state = build(turn=0, missions=["away_team"], hands={0: ["crewman", "crewman", "duty_officer"]})
    m = state["space"]["missions"][0]
    for cid in ("crewman", "crewman"):
        state, _ = run(state, cmd(0, "play", card=inst(state, 0, cid)))
    assert ("complete_mission", {"card": m}) not in legal(state, 0)
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "duty_officer")))
    assert ("complete_mission", {"card": m}) in legal(state, 0)


@pytest.mark.rules("tng:R23")
def test_an_unmet_event_goal_applies_the_failure_and_does_not_score() -> None:
    """Digest scenario 17."""
    state = build(turn=0, space=["qs_test"], hands={0: ["crewman", "crewman", "stellar_cartography"]})
    state, _ = run(state, cmd(0, "explore"))
    assert RULES.pending(state)[0].prompt == "event_goal"
    assert sorted(k if k != "play" else card(a["card"]).id for k, a in legal(state, 0)) == [
        "crewman", "resolve_event"]  # Characters and Maneuvers, not the Setup (R23)
    for _ in range(2):
        state, _ = run(state, cmd(0, "play", card=inst(state, 0, "crewman")))
    refused(state, cmd(0, "play", card=inst(state, 0, "stellar_cartography")), "setup_not_for_event")
    ensigns = len(state["starbase"]["ensigns"])
    state, _ = run(state, cmd(0, "resolve_event"))
    p = player(state, 0)
    assert p["points"] == [] and ids(p["discard"]) == ["ensign"]
    assert len(state["starbase"]["ensigns"]) == ensigns - 1
    assert card(state["space"]["deck"][0]).id == "qs_test"


@pytest.mark.rules("tng:R23")
def test_a_met_event_goal_puts_the_event_in_the_points_area() -> None:
    state = build(turn=0, space=["distress_call"], hands={0: ["full_impulse"]})
    state, _ = run(state, cmd(0, "explore"), cmd(0, "play", card=inst(state, 0, "full_impulse")))
    state, _ = run(state, cmd(0, "resolve_event"))
    assert ids(player(state, 0)["points"]) == ["distress_call"]


@pytest.mark.rules("tng:R23")
def test_an_event_without_goal_benefits_the_player_who_drew_it() -> None:
    state = build(turn=0, space=["shore_leave"])
    state, _ = run(state, cmd(0, "explore"))
    p = player(state, 0)
    assert p["xp"] == 3 and len(p["hand"]) == 6 and ids(p["points"]) == ["shore_leave"]


@pytest.mark.rules("tng:R23", "tng:R31")
def test_a_war_event_starts_a_battle_between_the_players() -> None:
    state = build(players=3, turn=0, space=["war_cardassian"])
    state, _ = run(state, cmd(0, "explore"))
    assert state["stage"]["kind"] == "war" and state["stage"]["order"] == [0, 1, 2]


@pytest.mark.rules("tng:R24")
def test_a_revealed_ship_starts_a_battle_with_the_explorer() -> None:
    state = build(turn=0, space=["hood"])
    state, _ = run(state, cmd(0, "explore"))
    assert RULES.pending(state)[0].prompt == "ship_encounter"
    assert {k for k, _ in legal(state, 0)} <= {"play", "diplomacy", "fight"}
    assert space_inst(state, "hood") in state["space"]["revealed"]
