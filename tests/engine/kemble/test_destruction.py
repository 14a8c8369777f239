"""Destruction, astral players and the glory it pays (kemble:R48-R52, RULINGS A17)."""

from __future__ import annotations

import pytest

from .helpers import RULES, build, cmd, legal_kinds, player, run


@pytest.mark.rules("kemble:R50")
def test_destruction_pays_two_to_on_board_players_and_one_per_token() -> None:
    state = build(players=4, ships={0: (5, 2), 1: (5, 4), 3: (3, 6)},
                  players_set={1: {"tokens": {"0": 3, "2": 1}, "threat": 5}}, turn=1)
    state, _ = run(state, cmd(1, "end_turn"))
    assert player(state, 1)["pos"] is None
    assert [player(state, s)["glory"] for s in range(4)] == [5, 0, 1, 2]
    assert player(state, 1)["tokens"] == {}


@pytest.mark.rules("kemble:R49", "kemble:R50")
def test_destroyed_current_player_ends_the_turn_at_once() -> None:
    state = build(players=2, ships={0: (5, 2), 1: (3, 5)}, board={(4, 2): "mine"},
                  players_set={0: {"energy": 2, "threat": 3}}, turn=0)
    state, events = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["pos"] is None and player(state, 0)["threat"] == [0, 0]
    assert state["turn"]["seat"] == 1
    assert "threat_resolved" not in [e.kind for e in events]


@pytest.mark.rules("kemble:R51")
def test_astral_players_get_no_threat_no_global_bellonium_and_no_damage() -> None:
    state = build(players=2, ships={1: (5, 2)}, turn=1)
    from games.engine.core import Rng
    from games.engine.kemble.destruction import damage_ship
    from games.engine.kemble.space import pay_global_bellonium
    from games.engine.kemble.state import Ctx
    from games.engine.kemble.threat import give_threat

    ctx = Ctx(state=state, rng=Rng(0))
    give_threat(ctx, 0, 3, "test")
    assert not damage_ship(ctx, 0, 3, "test")
    assert player(state, 0)["threat"] == [0, 0]
    pay_global_bellonium(ctx, 2)
    assert player(state, 0)["bellonium"] == 0 and player(state, 1)["bellonium"] == 2


@pytest.mark.rules("kemble:R51", "kemble:R13")
def test_astral_players_still_bid_sensor_cards() -> None:
    state = build(players=2, ships={1: (5, 2)})
    assert RULES.pending(state)[0].seats == frozenset({0, 1})
    assert legal_kinds(state, 0)[0][0] == "bid"


@pytest.mark.rules("kemble:R52")
def test_re_entry_with_generator_one_sets_energy_to_five() -> None:
    state = build(players=2, players_set={0: {"energy": 0, "upgrades": {"turret": 1, "generator": 1}}}, turn=0)
    state, _ = run(state, cmd(0, "enter", col=3))
    assert player(state, 0)["energy"] == 5 and player(state, 0)["pos"] == [5, 3]
    state, _ = run(state, cmd(0, "overload", gain="move"), cmd(0, "move", dir="n"))
    assert player(state, 0)["pos"] == [4, 3]


@pytest.mark.rules("kemble:R48")
def test_no_lives_limit_a_ship_can_be_destroyed_and_return_again() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): "black_hole"}, turn=0,
                  players_set={0: {"destroyed": 3}})
    state, _ = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["destroyed"] == 4 and player(state, 0)["pos"] is None
    state, _ = run(state, cmd(1, "end_turn"), auto=True)
    assert state["phase"] == "bid"
