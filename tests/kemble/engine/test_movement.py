"""Movement, entering, dodging, overloads and the turret (kemble:R19-R23, R26, R52, R64, R71, R80-R81)."""

from __future__ import annotations

import pytest

from games.kemble.engine.content import CONTENT

from .helpers import RULES, bid_all, build, cmd, legal_kinds, player, refused, run, setup


@pytest.mark.rules("kemble:R22", "kemble:R18")
def test_round_one_entry_uses_the_only_move_and_only_the_bottom_row() -> None:
    state = build(players=2, round=1, turn=0)
    entries = [a["col"] for k, a in legal_kinds(state, 0) if k == "enter"]
    assert entries == list(range(1, 7))
    state, _ = run(state, cmd(0, "enter", col=3))
    assert player(state, 0)["pos"] == [5, 3] and player(state, 0)["energy"] == 5
    refused(state, cmd(0, "move", dir="n"), "no_move_left")
    state, _ = run(state, cmd(0, "overload", gain="move"), cmd(0, "move", dir="n"))
    assert player(state, 0)["pos"] == [4, 3]


@pytest.mark.rules("kemble:R22")
def test_entering_elsewhere_than_the_bottom_row_is_impossible() -> None:
    state = build(players=2, round=1, turn=0, board={(5, 1): "asteroid"})
    refused(state, cmd(0, "enter", col=1), "quadrant_blocked")
    refused(state, cmd(0, "enter", col=0), "quadrant_blocked")
    assert not any(k == "move" for k, _ in legal_kinds(state, 0))


@pytest.mark.rules("kemble:R19")
def test_solid_objects_and_ships_cannot_be_entered() -> None:
    for obj in ("asteroid", "wall", "singularity", "mosquito", "bomb", {"object": "boss_part", "threat": 1}):
        state = build(players=2, ships={0: (5, 2)}, board={(4, 2): obj}, turn=0)
        refused(state, cmd(0, "move", dir="n"), "quadrant_blocked")
    state = build(players=2, ships={0: (5, 2), 1: (4, 2)}, turn=0)
    refused(state, cmd(0, "move", dir="n"), "quadrant_blocked")
    refused(state, cmd(0, "move", dir="s"), "off_board")
    dirs = {a["dir"] for k, a in legal_kinds(state, 0) if k == "move"}
    assert dirs == {"ne", "e", "w", "nw"}


@pytest.mark.rules("kemble:R19", "kemble:R20")
def test_all_eight_directions_including_diagonals_between_obstacles() -> None:
    state = build(players=2, ships={0: (3, 3)}, board={(2, 3): "asteroid", (3, 4): "asteroid"}, turn=0)
    state, events = run(state, cmd(0, "move", dir="ne"))
    assert player(state, 0)["pos"] == [2, 4]
    assert [e.kind for e in events][:2] == ["ship_moved", "ship_arrived"]


@pytest.mark.rules("kemble:R21", "kemble:R31", "kemble:R32")
def test_two_moves_dodge_two_levels_then_new_threat_from_the_final_position() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(2, 1): "fighter"},
                  players_set={0: {"threat": 3, "upgrades": {"turret": 1, "engine": 1}}}, turn=0)
    state, _ = run(state, cmd(0, "move", dir="n"), cmd(0, "move", dir="n"))
    assert player(state, 0)["threat"] == [1, 0]
    state, _ = run(state, cmd(0, "end_turn"))
    assert player(state, 0)["energy"] == 4
    assert player(state, 0)["threat"] == [1, 0]  # the fighter at (2,1) is adjacent to (3,2)


@pytest.mark.rules("kemble:R23")
def test_two_overloads_cost_one_then_two_and_a_third_is_refused() -> None:
    state = build(players=2, ships={0: (5, 2)}, turn=0)
    state, _ = run(state, cmd(0, "overload", gain="move"), cmd(0, "overload", gain="fire"))
    assert player(state, 0)["energy"] == 2
    assert state["turn"]["moves"] == 2 and state["turn"]["fires"] == 2
    refused(state, cmd(0, "overload", gain="move"), "overload_limit")


@pytest.mark.rules("kemble:R23", "kemble:R14")
def test_sensor_card_overload_costs_replace_the_defaults() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"overload_costs": [0, 2]}}, turn=0)
    state, _ = run(state, cmd(0, "overload", gain="move"), cmd(0, "overload", gain="move"))
    assert player(state, 0)["energy"] == 3
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"overload_costs": [1, 3]}}, turn=0)
    state, _ = run(state, cmd(0, "overload", gain="move"), cmd(0, "overload", gain="move"))
    assert player(state, 0)["energy"] == 1
    card = next(k for k, s in CONTENT.sensors.items()
                if {"verb": "overload_costs", "first": 0, "second": 2} in s.effects)
    state = build(players=2, ships={0: (5, 2), 1: (5, 5)}, players_set={0: {"hand": [card]}})
    state = bid_all(state)
    assert player(state, 0)["played"] == card and player(state, 0)["overload_costs"] == [0, 2]


@pytest.mark.rules("kemble:R23", "kemble:R78")
def test_generator_two_makes_the_second_overload_cost_one() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"upgrades": {"turret": 1, "generator": 2},
                                                                   "energy": 7}}, turn=0)
    state, _ = run(state, cmd(0, "overload", gain="move"), cmd(0, "overload", gain="move"))
    assert player(state, 0)["energy"] == 5


@pytest.mark.rules("kemble:R23", "kemble:R49")
def test_paying_the_last_energy_is_refused_unless_the_table_allows_it() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"energy": 1}}, turn=0)
    refused(state, cmd(0, "overload", gain="move"), "not_enough_energy")
    assert not any(k == "overload" for k, _ in legal_kinds(state, 0))
    state = build(players=2, options={"fatal_payments": True}, ships={0: (5, 2)},
                  players_set={0: {"energy": 1}}, turn=0)
    state, events = run(state, cmd(0, "overload", gain="move"))
    assert player(state, 0)["pos"] is None and "ship_destroyed" in [e.kind for e in events]
    assert state["turn"]["seat"] == 1


@pytest.mark.rules("kemble:R26", "kemble:R80")
def test_rotating_costs_one_energy_on_board_and_is_free_with_turret_two_or_astral() -> None:
    state = build(players=2, ships={0: (5, 2)}, turn=0)
    state, _ = run(state, cmd(0, "rotate", dir="e"))
    assert player(state, 0)["facing"] == "e" and player(state, 0)["energy"] == 4
    refused(state, cmd(0, "rotate", dir="ne"), "diagonal_fire_forbidden")
    refused(state, cmd(0, "rotate", dir="e"), "already_facing")
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"upgrades": {"turret": 2}}}, turn=0)
    state, _ = run(state, cmd(0, "rotate", dir="e"), cmd(0, "rotate", dir="w"))
    assert player(state, 0)["energy"] == 5
    state = build(players=2, turn=0)  # astral
    state, events = run(state, cmd(0, "rotate", dir="s"))
    assert player(state, 0)["facing"] == "s" and player(state, 0)["energy"] == 5
    assert [e.data["cost"] for e in events if e.kind == "turret_rotated"] == [0]


@pytest.mark.rules("kemble:R52", "kemble:R51")
def test_astral_player_may_buy_then_enters_at_max_energy_minus_one() -> None:
    state = build(players=2, players_set={0: {"energy": 0, "bellonium": 5, "upgrades": {"turret": 1}}}, turn=0)
    assert state["turn"]["mode"] == "astral" and RULES.pending(state)[0].prompt == "astral_turn"
    state, _ = run(state, cmd(0, "buy_upgrade", upgrade="generator"))
    state, _ = run(state, cmd(0, "enter", col=2))
    assert player(state, 0)["energy"] == 5 and state["turn"]["mode"] == "battle"
    refused(state, cmd(0, "buy_powerup"), "buying_not_allowed_now")
    state = build(players=2, players_set={0: {"energy": 0}}, turn=0)
    state, _ = run(state, cmd(0, "enter", col=2))
    assert player(state, 0)["energy"] == 4


@pytest.mark.rules("kemble:R52")
def test_astral_player_who_does_not_enter_does_nothing_else() -> None:
    state = build(players=2, players_set={0: {"energy": 0}}, turn=0)
    kinds = {k for k, _ in legal_kinds(state, 0)}
    assert "move" not in kinds and "fire" not in kinds and "end_turn" in kinds
    state, _ = run(state, cmd(0, "end_turn"))
    assert player(state, 0)["pos"] is None and state["turn"]["seat"] == 1


@pytest.mark.rules("kemble:R64", "kemble:R21")
def test_wormhole_jump_is_optional_free_and_does_not_dodge() -> None:
    state = build(players=3, ships={0: (4, 2), 2: (1, 6)},
                  board={(3, 2): "wormhole", (1, 5): "wormhole", (1, 6): "wormhole"},
                  players_set={0: {"threat": 2}}, turn=0)
    state, _ = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["threat"] == [1, 0]
    targets = [(a["row"], a["col"]) for k, a in legal_kinds(state, 0) if k == "teleport"]
    assert targets == [(1, 5)]  # the wormhole at (1, 6) is occupied
    refused(state, cmd(0, "teleport", row=1, col=6), "bad_wormhole_target")
    state, _ = run(state, cmd(0, "teleport", row=1, col=5))
    assert player(state, 0)["pos"] == [1, 5] and player(state, 0)["threat"] == [1, 0]
    assert state["turn"]["moves"] == 0
    assert not any(k == "teleport" for k, _ in legal_kinds(state, 0))  # no chained jump


@pytest.mark.rules("kemble:R71", "kemble:R66", "kemble:R21")
def test_minus_m_labyrinth_needs_extra_moves_that_do_not_dodge() -> None:
    lab = {"object": "labyrinth", "extra_moves": 1, "reward": {"glory": 3}}
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): lab}, players_set={0: {"threat": 3}}, turn=0,
                  turn_set={"moves": 2})
    state, _ = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["glory"] == 0 and ("spend_move", {}) in legal_kinds(state, 0)
    state, _ = run(state, cmd(0, "spend_move"))
    assert player(state, 0)["glory"] == 3 and player(state, 0)["threat"] == [2, 0]
    assert state["board"][3][0]["marks"][1] == [0] and state["turn"]["moves"] == 0  # the extra move is spent
    double = {"object": "labyrinth", "extra_moves": 2, "reward": {"glory": 3}}
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): double}, turn=0, turn_set={"moves": 2})
    state, _ = run(state, cmd(0, "move", dir="n"), cmd(0, "spend_move"))
    assert player(state, 0)["glory"] == 0 and state["turn"]["claim"]["left"] == 1  # -MM: one more needed
    refused(state, cmd(0, "spend_move"), "no_move_left")


@pytest.mark.rules("kemble:R81")
def test_engine_adds_moves_per_battle_turn() -> None:
    for level, moves in ((1, 2), (2, 3)):
        state = build(players=2, ships={0: (5, 2)}, players_set={0: {"upgrades": {"engine": level}}}, turn=0)
        assert state["turn"]["moves"] == moves


@pytest.mark.rules("kemble:R86")
def test_tunnel_deck_gives_two_base_moves() -> None:
    state = build(players=2, options={"tunnel_deck": True}, ships={0: (5, 2)}, turn=0)
    assert state["turn"]["moves"] == 2
    state = build(players=2, options={"tunnel_deck": True}, ships={0: (5, 2)}, turn=0, mode="buy",
                  players_set={0: {"bellonium": 20}})
    refused(state, cmd(0, "buy_upgrade", upgrade="engine"), "engine_not_sold")  # R86: no Engine in the shop
    assert ("buy_upgrade", {"upgrade": "engine"}) not in legal_kinds(state, 0)
    assert ("buy_upgrade", {"upgrade": "shield"}) in legal_kinds(state, 0)


def test_setup_round_one_lists_all_entries() -> None:
    state = bid_all(setup(3))
    seat = state["turn"]["seat"]
    assert any(k == "enter" for k, _ in legal_kinds(state, seat))


@pytest.mark.rules("kemble:R23", "kemble:R22")
def test_round_one_overload_needs_the_ship_in_the_play_area_and_costs_energy() -> None:
    """Audit: overloading before entering used to add a move without paying any energy."""
    state = build(players=2, round=1, turn=0)
    assert not any(k == "overload" for k, _ in legal_kinds(state, 0))
    refused(state, cmd(0, "overload", gain="move"), "ship_not_on_board")
    state, _ = run(state, cmd(0, "enter", col=2), cmd(0, "overload", gain="move"))
    assert player(state, 0)["energy"] == 4 and state["turn"]["moves"] == 1


@pytest.mark.rules("kemble:R71", "kemble:R66")
def test_a_ship_starting_its_battle_turn_on_a_minus_m_reward_may_spend_the_moves() -> None:
    """Audit: the claim used to open only when moving onto the quadrant, so a ship pushed onto a -M labyrinth
    (or short of moves last turn) could never score it without leaving and coming back."""
    lab = {"object": "labyrinth", "extra_moves": 1, "reward": {"glory": 3}}
    state = build(players=2, ships={0: (4, 2)}, board={(4, 2): lab}, players_set={0: {"threat": 2}}, turn=0,
                  mode="choose", achievements_up=[])
    state, _ = run(state, cmd(0, "battle"))
    assert ("spend_move", {}) in legal_kinds(state, 0)
    state, _ = run(state, cmd(0, "spend_move"))
    assert player(state, 0)["glory"] == 3 and player(state, 0)["threat"] == [2, 0]
    state = build(players=2, ships={0: (4, 2)}, board={(4, 2): lab}, turn=0, mode="choose")
    state["board"][3][0]["marks"][1] = [0]  # already scored: once per labyrinth per player
    state, _ = run(state, cmd(0, "battle"))
    assert ("spend_move", {}) not in legal_kinds(state, 0)
