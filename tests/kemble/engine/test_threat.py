"""Threat: resolution, adding new threat, the uneven track (kemble:R31-R33, R51, R79)."""

from __future__ import annotations

import pytest

from games.kemble.engine.threat import add_points, new_threat_points, reduce_levels

from .helpers import build, cmd, player, run


def points_at(board: dict, pos: tuple[int, int], ships: dict | None = None) -> int:
    state = build(players=3, board=board, ships={0: pos, **(ships or {})})
    return new_threat_points(state, 0)


@pytest.mark.rules("kemble:R33")
def test_threat_track_costs_two_points_from_five_to_six_and_six_to_seven() -> None:
    p = {"threat": [0, 0]}
    add_points(p, 5)
    assert p["threat"] == [5, 0]
    add_points(p, 1)
    assert p["threat"] == [5, 1]
    add_points(p, 1)
    assert p["threat"] == [6, 0]
    add_points(p, 2)
    assert p["threat"] == [7, 0]
    reduce_levels(p, 1)
    assert p["threat"] == [6, 0]
    p = {"threat": [5, 1]}
    reduce_levels(p, 1)
    assert p["threat"] == [4, 0]


@pytest.mark.rules("kemble:R31")
def test_resolving_loses_energy_equal_to_the_level_and_resets_it() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"threat": [3, 0]}}, turn=0)
    state, _ = run(state, cmd(0, "end_turn"))
    assert player(state, 0)["energy"] == 2 and player(state, 0)["threat"] == [0, 0]


@pytest.mark.rules("kemble:R31", "kemble:R49")
def test_threat_can_destroy_the_ship() -> None:
    state = build(players=2, ships={0: (5, 2), 1: (5, 5)}, players_set={0: {"threat": [6, 0]}}, turn=0)
    state, events = run(state, cmd(0, "end_turn"))
    assert player(state, 0)["pos"] is None and "ship_destroyed" in [e.kind for e in events]
    assert player(state, 1)["glory"] == 2


@pytest.mark.rules("kemble:R32")
def test_regular_threat_comes_from_all_eight_neighbours() -> None:
    board = {(2, 1): "fighter", (2, 3): "fighter", (4, 2): "fighter", (3, 3): {"object": "cruiser", "threat": 2},
             (1, 2): "fighter"}
    assert points_at(board, (3, 2)) == 1 + 1 + 1 + 2


@pytest.mark.rules("kemble:R32", "kemble:R56")
def test_distant_threat_passes_enemies_but_not_asteroids_or_ships() -> None:
    shooter = {"object": "turret", "energy": 2, "distant": [{"dir": "s", "count": 1}]}
    assert points_at({(1, 2): shooter, (2, 2): "fighter"}, (4, 2)) == 1
    assert points_at({(1, 2): shooter, (2, 2): "asteroid"}, (4, 2)) == 0
    assert points_at({(1, 2): shooter}, (4, 2), ships={1: (2, 2)}) == 0
    gamma = {"object": "turret", "energy": 2, "gamma_distant": [{"dir": "s", "count": 1}]}
    assert points_at({(1, 2): gamma, (2, 2): "asteroid"}, (4, 2)) == 1
    assert points_at({(1, 2): shooter}, (4, 3)) == 0  # not on the line of fire
    assert points_at({(5, 2): shooter}, (3, 2)) == 0  # it shoots down, not up


@pytest.mark.rules("kemble:R32")
def test_regular_and_distant_on_one_quadrant_do_not_add_up() -> None:
    both = {"object": "cruiser", "energy": 3, "threat": 1, "distant": [{"dir": "s", "count": 2}]}
    assert points_at({(2, 2): both}, (3, 2)) == 1
    assert points_at({(2, 2): both}, (4, 2)) == 2
    only_distant = {"object": "turret", "energy": 2, "distant": [{"dir": "e", "count": 2}]}
    assert points_at({(2, 2): only_distant}, (3, 2)) == 2  # RULINGS A6


@pytest.mark.rules("kemble:R32")
def test_the_adjacent_distant_option_reads_the_importante_paragraph_literally() -> None:
    only_distant = {"object": "turret", "energy": 2, "distant": [{"dir": "e", "count": 2}]}
    state = build(players=3, board={(2, 2): only_distant}, ships={0: (3, 2)}, options={"adjacent_distant": "ignored"})
    assert new_threat_points(state, 0) == 0
    both = {"object": "cruiser", "energy": 3, "threat": 1, "distant": [{"dir": "s", "count": 2}]}
    state = build(players=3, board={(2, 2): both}, ships={0: (3, 2)}, options={"adjacent_distant": "ignored"})
    assert new_threat_points(state, 0) == 1  # regular threat is unaffected


@pytest.mark.rules("kemble:R32", "kemble:R51")
def test_omni_threat_reaches_every_on_board_player_but_not_astral_ones() -> None:
    omni = {"object": "fighter", "energy": 1, "omni": 1}
    assert points_at({(1, 6): omni}, (5, 1)) == 1
    state = build(players=2, board={(1, 6): omni})
    assert new_threat_points(state, 0) == 0


@pytest.mark.rules("kemble:R32")
def test_a39_omni_and_regular_threat_on_one_quadrant_add_up_for_an_adjacent_ship() -> None:
    """RULINGS A39: the non-summing rule names regular and distant threat only; omni counts wherever the ship is."""
    both = {"object": "cruiser", "energy": 3, "threat": 1, "omni": 1}
    assert points_at({(2, 2): both}, (3, 2)) == 2
    assert points_at({(2, 2): both}, (5, 5)) == 1
    every = {"object": "boss_part", "energy": 7, "threat": 2, "distant": [{"dir": "s", "count": 2}], "omni": 1}
    assert points_at({(2, 2): every}, (3, 2)) == 3  # regular + omni, the distant symbols ignored
    assert points_at({(2, 2): every}, (5, 2)) == 3  # in the line of fire: distant + omni
    only_distant = {"object": "turret", "energy": 2, "distant": [{"dir": "e", "count": 2}], "omni": 1}
    assert points_at({(2, 2): only_distant}, (3, 2)) == 3  # RULINGS A6 (counts) + omni


@pytest.mark.rules("kemble:R79", "kemble:R34", "kemble:R31")
def test_shield_lowers_the_level_before_resolution_in_a_power_down() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"threat": 3, "energy": 2,
                                                                   "upgrades": {"turret": 1, "shield": 1}}},
                  turn=0, mode="choose")
    state, events = run(state, cmd(0, "power_down"))
    assert player(state, 0)["energy"] == 2 and player(state, 0)["threat"] == [0, 0]
    resolved = next(e for e in events if e.kind == "threat_resolved")
    assert resolved.data["level"] == 2 and resolved.data["shield"] == 1


@pytest.mark.rules("kemble:R79")
def test_shield_two_reduces_by_two() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"threat": 3, "upgrades": {"shield": 2}}}, turn=0)
    state, _ = run(state, cmd(0, "end_turn"))
    assert player(state, 0)["energy"] == 4


@pytest.mark.rules("kemble:R32")
def test_every_line_of_one_quadrant_that_reaches_the_ship_adds_up() -> None:
    gunner = {"object": "turret", "energy": 2, "distant": [{"dir": "s", "count": 1}],
              "gamma_distant": [{"dir": "s", "count": 2}]}
    state = build(players=2, ships={0: (5, 2)}, board={(2, 2): gunner})
    assert new_threat_points(state, 0) == 3
