"""The turn: Action Phase or Discard Phase (tng:R9-R19)."""

from __future__ import annotations

import pytest

from games.tng.engine.content import CONTENT, card

from .helpers import RULES, build, cmd, inst, legal, player, refused, run


def ids(cards: list[str]) -> list[str]:
    return sorted(card(c).id for c in cards)


@pytest.mark.rules("tng:R9", "tng:R17")
def test_after_the_discard_phase_no_action_is_allowed() -> None:
    """Digest scenario 4."""
    state = build(turn=0, hands={0: ["crewman", "duty_officer", "evasive_pattern"]})
    state, _ = run(state, cmd(0, "discard", card=inst(state, 0, "evasive_pattern")))
    refused(state, cmd(0, "play", card=inst(state, 0, "crewman")), "discard_phase_chosen")
    refused(state, cmd(0, "explore"), "discard_phase_chosen")
    assert legal(state, 0) == [("end_turn", {})]


@pytest.mark.rules("tng:R9")
def test_after_any_action_the_discard_phase_is_refused() -> None:
    state = build(turn=0, hands={0: ["crewman", "duty_officer"]})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "crewman")))
    refused(state, cmd(0, "discard", card=inst(state, 0, "duty_officer")), "action_phase_chosen")
    assert "discard" not in [k for k, _ in legal(state, 0)]


@pytest.mark.rules("tng:R10", "tng:R11")
def test_characters_are_played_in_any_number_and_stay_until_end_of_turn() -> None:
    state = build(turn=0, hands={0: ["crewman", "crewman", "duty_officer"]}, xp={0: 0})
    for cid in ("crewman", "duty_officer", "crewman"):
        state, _ = run(state, cmd(0, "play", card=inst(state, 0, cid)))
    p = player(state, 0)
    assert ids(p["played"]) == ["crewman", "crewman", "duty_officer"] and p["xp"] == 2
    state, _ = run(state, cmd(0, "end_turn"))
    assert player(state, 0)["played"] == [] and len(player(state, 0)["discard"]) >= 3


@pytest.mark.rules("tng:R12")
def test_maneuvers_and_setups_are_played_and_apply_their_effects() -> None:
    state = build(turn=0, hands={0: ["evasive_pattern", "stellar_cartography"]})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "evasive_pattern")),
                   cmd(0, "play", card=inst(state, 0, "stellar_cartography")))
    assert player(state, 0)["xp"] == 1 and state["turn"]["searches"] == 2
    assert RULES.view(state, 0)["players"][0]["ship"]["stats"]["speed"] == 3


@pytest.mark.rules("tng:R13", "tng:R5")
def test_obtaining_from_the_search_area_refills_from_the_starbase_deck_top() -> None:
    """Digest scenario 2; RULINGS B3: the card goes to the discard pile."""
    state = build(turn=0, search=["barclay"], xp={0: 5})
    top = state["starbase"]["deck"][-1]
    state, _ = run(state, cmd(0, "buy", slot=0))
    p = player(state, 0)
    assert ids(p["discard"]) == ["barclay"] and p["xp"] == 2
    assert state["starbase"]["search"][0] == top and all(state["starbase"]["search"])


@pytest.mark.rules("tng:R13")
def test_obtaining_needs_enough_xp() -> None:
    state = build(turn=0, search=["picard"], xp={0: 7})
    refused(state, cmd(0, "buy", slot=0), "not_enough_xp")
    assert ("buy", {"slot": 0}) not in legal(state, 0)


@pytest.mark.rules("tng:R6", "tng:R13")
def test_basic_characters_are_always_available_until_the_pile_runs_out() -> None:
    state = build(turn=0, xp={0: 4})
    state, _ = run(state, cmd(0, "buy_basic", pile="engineering_crew"), cmd(0, "buy_basic", pile="engineering_crew"))
    assert ids(player(state, 0)["discard"]) == ["engineering_crew", "engineering_crew"]
    assert len(state["starbase"]["basic"]["engineering_crew"]) == 10
    state["starbase"]["basic"]["security_team"] = []
    state["players"][0]["xp"] = 5
    refused(state, cmd(0, "buy_basic", pile="security_team"), "basic_pile_empty")


@pytest.mark.rules("tng:R14")
def test_repair_costs_one_xp_per_damage() -> None:
    """Digest scenario 10."""
    state = build(turn=0, damage={0: 3}, xp={0: 2})
    state, _ = run(state, cmd(0, "repair", amount=2))
    assert player(state, 0)["damage"] == 1 and player(state, 0)["xp"] == 0
    state = build(turn=0, damage={0: 3}, xp={0: 1})
    refused(state, cmd(0, "repair", amount=2), "not_enough_xp")
    assert [a for k, a in legal(state, 0) if k == "repair"] == [{"amount": 1}]
    refused(build(turn=0, damage={0: 0}, xp={0: 3}), cmd(0, "repair", amount=1), "bad_repair")


@pytest.mark.rules("tng:R15")
def test_one_search_per_turn_sends_a_card_to_the_starbase_discard() -> None:
    state = build(turn=0, search=["picard"])
    top = state["starbase"]["deck"][-1]
    state, _ = run(state, cmd(0, "search", slot=0))
    assert ids(state["starbase"]["discard"]) == ["picard"] and state["starbase"]["search"][0] == top
    refused(state, cmd(0, "search", slot=1), "no_search_left")


@pytest.mark.rules("tng:R15")
def test_extra_searches_come_from_effects() -> None:
    state = build(turn=0, hands={0: ["stellar_cartography"]})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "stellar_cartography")),
                   cmd(0, "search", slot=0), cmd(0, "search", slot=1))
    assert len(state["starbase"]["discard"]) == 2


@pytest.mark.rules("tng:R16")
def test_one_exploration_per_turn() -> None:
    """Digest scenario 13."""
    state = build(turn=0, space=["shore_leave", "supply_run"])
    state, _ = run(state, cmd(0, "explore"))
    refused(state, cmd(0, "explore"), "no_exploration_left")
    assert "explore" not in [k for k, _ in legal(state, 0)]


@pytest.mark.rules("tng:R16")
def test_extra_explorations_come_from_effects() -> None:
    state = build(turn=0, hands={0: ["long_range_sensors"]}, space=["supply_run", "shore_leave"])
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "long_range_sensors")), cmd(0, "explore"),
                   cmd(0, "explore"))
    assert ids(player(state, 0)["points"]) == ["shore_leave", "supply_run"]


@pytest.mark.rules("tng:R17")
def test_discard_phase_removes_a_starting_card_from_the_game() -> None:
    """Digest scenario 5."""
    state = build(turn=0, hands={0: ["crewman"]})
    c = inst(state, 0, "crewman")
    state, _ = run(state, cmd(0, "discard", card=c))
    assert c in state["removed"] and c not in player(state, 0)["discard"] + state["starbase"]["discard"]


@pytest.mark.rules("tng:R17")
def test_discard_phase_returns_a_basic_character_to_its_pile() -> None:
    state = build(turn=0, hands={0: ["security_team"]})
    before = len(state["starbase"]["basic"]["security_team"])
    c = inst(state, 0, "security_team")
    state, _ = run(state, cmd(0, "discard", card=c))
    assert c in state["starbase"]["basic"]["security_team"]
    assert len(state["starbase"]["basic"]["security_team"]) == before + 1


@pytest.mark.rules("tng:R17")
def test_discard_phase_sends_other_cards_to_the_starbase_discard() -> None:
    """Digest scenario 7."""
    state = build(turn=0, hands={0: ["full_impulse"]})
    c = inst(state, 0, "full_impulse")
    state, _ = run(state, cmd(0, "discard", card=c))
    assert state["starbase"]["discard"] == [c]


@pytest.mark.rules("tng:R17")
def test_discard_phase_discards_exactly_one_card() -> None:
    """Digest scenario 8."""
    state = build(turn=0, hands={0: ["crewman", "duty_officer"]})
    state, _ = run(state, cmd(0, "discard", card=inst(state, 0, "crewman")))
    refused(state, cmd(0, "discard", card=inst(state, 0, "duty_officer")), "already_discarded")


@pytest.mark.rules("tng:R18")
def test_end_of_turn_discards_hand_and_played_draws_five_and_passes_clockwise() -> None:
    state = build(players=3, turn=1, hands={1: ["crewman", "duty_officer", "evasive_pattern"]})
    state, _ = run(state, cmd(1, "play", card=inst(state, 1, "crewman")))
    state, _ = run(state, cmd(1, "end_turn"))
    p = player(state, 1)
    assert len(p["hand"]) == 5 and p["played"] == [] and len(p["discard"]) == 3
    assert state["turn"]["seat"] == 2
    state, _ = run(state, cmd(2, "end_turn"))
    assert state["turn"]["seat"] == 0


@pytest.mark.rules("tng:R18")
def test_unused_xp_searches_and_explorations_are_lost() -> None:
    """Digest scenario 11."""
    state = build(players=2, turn=0, xp={0: 4})
    state, _ = run(state, cmd(0, "end_turn"), cmd(1, "end_turn"))
    assert player(state, 0)["xp"] == 0
    assert state["turn"] == {"seat": 0, "phase": None, "searches": 1, "explores": 1, "defeated": False,
                             "allies": []}


@pytest.mark.rules("tng:R18", "tng:R19")
def test_an_empty_deck_reshuffles_the_discard_while_drawing() -> None:
    """Digest scenario 14."""
    state = build(turn=0, hands={0: ["crewman"]}, decks={0: ["crewman", "crewman", "duty_officer"]},
                  discards={0: ["evasive_pattern", "evasive_pattern", "stellar_cartography"]})
    state, events = run(state, cmd(0, "end_turn"))
    p = player(state, 0)
    assert len(p["hand"]) == 5
    assert "deck_reshuffled" in [e.kind for e in events]
    assert len(p["deck"]) == 2 and p["discard"] == []
    assert {"crewman", "duty_officer"} <= {card(c).id for c in p["hand"]}


@pytest.mark.rules("tng:R19")
def test_drawing_with_deck_and_discard_empty_draws_what_there_is() -> None:
    state = build(turn=0, hands={0: ["guinan"]}, decks={0: ["crewman"]})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "guinan")))
    assert ids(player(state, 0)["hand"]) == ["crewman"]
    assert CONTENT.cards["guinan"].effects[0]["verb"] == "draw"
