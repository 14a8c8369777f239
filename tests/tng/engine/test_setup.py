"""Setup (tng:R1-R8) and the scenario setups (R40-R41, R45, R56)."""

from __future__ import annotations

import pytest

from games.tng.engine.content import CONTENT, card

from .helpers import RULES, player, setup


def ids(cards: list[str]) -> list[str]:
    return sorted(card(c).id for c in cards)


@pytest.mark.rules("tng:R3", "tng:R5", "tng:R8")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_exploration_setup_space_deck_search_area_and_hands(players: int) -> None:
    """Digest scenario 1."""
    state = setup(players)
    deck = state["space"]["deck"]
    assert len(deck) == 40
    assert sum(1 for c in deck if card(c).type == "ship") == 15
    assert sum(1 for c in deck if card(c).type in ("mission", "event")) == 25
    assert len([c for c in state["starbase"]["search"] if c]) == 9
    assert state["space"]["missions"] == []
    assert all(len(p["hand"]) == 5 for p in state["players"])


@pytest.mark.rules("tng:R1")
@pytest.mark.parametrize("scenario", ["exploration", "borg_invasion", "klingon_civil_war"])
def test_every_player_starts_with_the_same_starting_deck_in_every_scenario(scenario: str) -> None:
    state = setup(4, scenario=scenario)
    expected = sorted(c.id for c in CONTENT.starting_deck for _ in range(c.copies))
    for p in state["players"]:
        assert ids(p["deck"] + p["hand"]) == expected
        assert all(card(c).classification == "starting" for c in p["deck"] + p["hand"])


@pytest.mark.rules("tng:R1", "tng:R19")
def test_starting_deck_order_depends_on_the_shuffle() -> None:
    a, b = setup(2, seed=1), setup(2, seed=2)
    assert player(a, 0)["deck"] + player(a, 0)["hand"] != player(b, 0)["deck"] + player(b, 0)["hand"]


@pytest.mark.rules("tng:R2")
def test_exploration_players_start_with_the_basic_ship() -> None:
    state = setup(3)
    assert all(card(p["ship"]).id == CONTENT.starting_ship.id for p in state["players"])
    assert all(p["damage"] == 0 for p in state["players"])


@pytest.mark.rules("tng:R4", "tng:R5")
def test_starbase_deck_holds_every_blue_card_minus_the_nine_face_up() -> None:
    state = setup(2)
    sb = state["starbase"]
    total = sum(c.copies for c in CONTENT.starbase)
    assert len(sb["deck"]) + 9 == total
    assert sb["discard"] == []
    assert setup(2, seed=1)["starbase"]["deck"] != setup(2, seed=3)["starbase"]["deck"]


@pytest.mark.rules("tng:R6")
def test_basic_area_has_three_separate_piles() -> None:
    state = setup(2)
    basic = state["starbase"]["basic"]
    assert sorted(basic) == sorted(c.id for c in CONTENT.basic) and len(basic) == 3
    for kind, pile in basic.items():
        assert pile and all(card(c).id == kind for c in pile)


@pytest.mark.rules("tng:R7")
def test_discard_and_mission_areas_start_empty_and_borg_area_only_in_borg() -> None:
    state = setup(3)
    assert state["starbase"]["discard"] == [] and state["space"]["missions"] == []
    assert state["space"]["borg"] == []
    assert len(setup(3, scenario="borg_invasion")["space"]["borg"]) == 20


@pytest.mark.rules("tng:R8", "tng:R25")
def test_first_player_is_random_and_play_goes_clockwise() -> None:
    firsts = {setup(4, seed=s)["first"] for s in range(12)}
    assert len(firsts) > 1
    state = setup(3, seed=4)
    assert state["turn"]["seat"] == state["first"]
    assert RULES.pending(state)[0].seats == frozenset({state["first"]})


@pytest.mark.rules("tng:R40")
def test_borg_space_deck_is_the_borg_set_and_the_ships() -> None:
    state = setup(2, scenario="borg_invasion")
    deck = state["space"]["deck"]
    assert len(deck) == 40
    assert sum(1 for c in deck if card(c).type == "ship") == 15
    assert {card(c).id for c in deck if card(c).type != "ship"} == {c.id for c in CONTENT.space_sets["borg"]}


@pytest.mark.rules("tng:R41")
def test_borg_starting_ships_are_dealt_randomly_or_by_seat() -> None:
    pool = [c.id for c in CONTENT.start_ships["borg"]]
    assigned = setup(4, scenario="borg_invasion", starting_ships="assigned")
    assert [card(p["ship"]).id for p in assigned["players"]] == pool
    dealt = {tuple(card(p["ship"]).id for p in setup(4, seed=s, scenario="borg_invasion")["players"])
             for s in range(8)}
    assert len(dealt) > 1
    assert all(p["ability"] == card(p["ship"]).id for p in assigned["players"])


@pytest.mark.rules("tng:R45")
@pytest.mark.parametrize(("players", "cards"), [(2, 15), (3, 20), (4, 25)])
def test_borg_card_area_holds_five_per_player_plus_five(players: int, cards: int) -> None:
    """Digest scenario 32."""
    state = setup(players, scenario="borg_invasion")
    assert len(state["space"]["borg"]) == cards
    assert all(card(c).type == "borg" for c in state["space"]["borg"])


@pytest.mark.rules("tng:R56")
def test_klingon_four_players_are_two_teams_not_side_by_side_with_klingon_ships() -> None:
    state = setup(4, scenario="klingon_civil_war")
    teams = [p["team"] for p in state["players"]]
    assert teams == [0, 1, 0, 1]
    assert all(card(p["ship"]).affiliation == "klingon" and p["ability"] for p in state["players"])
    deck = state["space"]["deck"]
    assert len(deck) == 40 and sum(1 for c in deck if card(c).type == "ship") == 15


@pytest.mark.rules("tng:R3", "tng:R8")
@pytest.mark.parametrize("scenario,players", [("exploration", 3), ("borg_invasion", 2), ("klingon_civil_war", 4)])
def test_a_new_game_has_every_part_of_the_state_and_an_unknown_space_deck(scenario: str, players: int) -> None:
    """state.py's layout: every key a fresh game holds, each player's fresh counters; the whole Space Deck
    is in an order nobody knows (``space.unknown``, what rerandomise may shuffle), every card numbered once."""
    state = setup(players, scenario=scenario)
    assert set(state) == {"n", "options", "scenario", "phase", "round", "dseq", "first", "turn", "group", "stage",
                          "queue", "players", "starbase", "space", "removed", "end", "scored_round"}
    assert state["space"]["unknown"] == len(state["space"]["deck"]) == 40
    assert set(state["space"]) == {"deck", "unknown", "missions", "revealed", "box", "cubes", "borg"}
    assert (state["round"], state["scored_round"], state["end"], state["removed"]) == (1, 0, None, [])
    everything = [c for p in state["players"] for c in p["hand"] + p["deck"] + [p["ship"]]]
    assert len(everything) == len(set(everything)) and all(int(c.split("#")[1]) >= 1 for c in everything)
    for p in state["players"]:
        assert set(p) == {"seat", "team", "ship", "damage", "deck", "hand", "discard", "played", "points",
                          "influence", "ability", "ability_used", "xp", "shield_used", "boost", "defeated",
                          "assimilated", "done", "acted", "resigned", "discard_phase"}
        assert (p["damage"], p["xp"], p["shield_used"], p["boost"], p["discard"], p["played"], p["points"]) == (
            0, 0, 0, {}, [], [], [])
        assert not (p["defeated"] or p["assimilated"] or p["done"] or p["acted"] or p["resigned"] or p["ability_used"]
                    or p["discard_phase"])
