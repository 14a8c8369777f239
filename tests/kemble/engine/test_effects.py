"""The effect verbs of data/SCHEMA.md section 9, one by one (power-ups R38, sensor texts R14, board rules)."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.core import Rng
from games.kemble.engine.effects import apply_effect
from games.kemble.engine.state import Ctx

from .helpers import build, cmd, player, run


def effect(state: dict[str, Any], seat: int, **eff: Any) -> tuple[dict[str, Any], list[tuple[str, dict]]]:
    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    apply_effect(ctx, seat, eff, "card#1")
    return ctx.state, [(e.kind, dict(e.data)) for e in ctx.events]


def my_turn(**players_set: Any) -> dict[str, Any]:
    """Seat 0's Battle turn, seat 1 on the board too."""
    return build(players=2, ships={0: (5, 2), 1: (3, 5)}, turn=0, players_set={0: players_set})


@pytest.mark.rules("kemble:R38")
def test_gain_glory() -> None:
    state, events = effect(my_turn(glory=4), 0, verb="gain_glory", amount=2)
    assert player(state, 0)["glory"] == 6
    assert events == [("glory_gained", {"seat": 0, "amount": 2, "source": "card#1"})]


@pytest.mark.rules("kemble:R39")
def test_lose_bellonium_never_below_zero() -> None:
    state, events = effect(my_turn(bellonium=5), 0, verb="lose_bellonium", amount=3)
    assert player(state, 0)["bellonium"] == 2
    assert events == [("bellonium_lost", {"seat": 0, "amount": 3, "source": "card#1"})]
    state, events = effect(my_turn(bellonium=2), 0, verb="lose_bellonium", amount=3)
    assert player(state, 0)["bellonium"] == 0 and events[0][1]["amount"] == 2


@pytest.mark.rules("kemble:R49")
def test_lose_energy_damages_a_ship_in_the_play_area_only() -> None:
    state, events = effect(my_turn(energy=5), 0, verb="lose_energy", amount=2)
    assert player(state, 0)["energy"] == 3
    assert events == [("ship_damaged", {"seat": 0, "amount": 2, "energy": 3, "cause": "card#1"})]
    state = build(players=2, turn=0, players_set={0: {"energy": 4}})
    state, events = effect(state, 0, verb="lose_energy", amount=2)
    assert player(state, 0)["energy"] == 4 and events == []


@pytest.mark.rules("kemble:R23")
def test_free_overloads_on_your_own_turn_only() -> None:
    state, _ = effect(my_turn(energy=5), 0, verb="free_overloads", amount=2)
    state, events = run(state, cmd(0, "overload", gain="move"), cmd(0, "overload", gain="fire"))
    assert player(state, 0)["energy"] == 5 and [e.data["cost"] for e in events if e.kind == "ship_overloaded"] == [0, 0]
    assert state["turn"]["free_overloads"] == 0
    state, _ = effect(my_turn(), 1, verb="free_overloads", amount=2)
    assert state["turn"]["free_overloads"] == 0


@pytest.mark.rules("kemble:R26")
def test_free_rotation_on_your_own_turn_only() -> None:
    state, _ = effect(my_turn(energy=5), 0, verb="free_rotation")
    state, _ = run(state, cmd(0, "rotate", dir="e"), cmd(0, "rotate", dir="s"))
    assert player(state, 0)["energy"] == 5 and player(state, 0)["facing"] == "s"
    state, _ = effect(my_turn(), 1, verb="free_rotation")
    assert not state["turn"]["free_rotation"]


@pytest.mark.rules("kemble:R31")
def test_shield_lowers_the_next_threat_resolution_and_is_used_up() -> None:
    state, events = effect(my_turn(shield_bonus=1, threat=4, energy=5), 0, verb="shield", amount=2)
    assert player(state, 0)["shield_bonus"] == 3 and events == []
    state, _ = run(state, cmd(0, "end_turn"))
    assert player(state, 0)["energy"] == 4 and player(state, 0)["shield_bonus"] == 0


@pytest.mark.rules("kemble:R14", "kemble:R38")
@pytest.mark.parametrize(("verb", "turn_key", "round_key"), [("extra_moves", "moves", "round_moves"),
                                                              ("extra_fire", "fires", "round_fires")])
def test_extra_moves_and_fire_this_turn_or_on_your_turn_of_the_round(verb: str, turn_key: str,
                                                                       round_key: str) -> None:
    state = my_turn()
    before = state["turn"][turn_key]
    state, _ = effect(state, 0, verb=verb, amount=2)
    assert state["turn"][turn_key] == before + 2 and player(state, 0)[round_key] == 0
    state, _ = effect(state, 1, verb=verb, amount=2)
    assert state["turn"][turn_key] == before + 2 and player(state, 1)[round_key] == 2


@pytest.mark.rules("kemble:R21", "kemble:R33")
def test_reduce_threat_lowers_levels_and_clears_the_partial_level() -> None:
    state, events = effect(my_turn(threat=[6, 1]), 0, verb="reduce_threat", amount=2)
    assert player(state, 0)["threat"] == [4, 0]
    assert events == [("threat_reduced", {"seat": 0, "levels": 2, "level": 4, "source": "card#1"})]
    state, _ = effect(my_turn(threat=[1, 0]), 0, verb="reduce_threat", amount=3)
    assert player(state, 0)["threat"] == [0, 0]


@pytest.mark.rules("kemble:R51", "kemble:R58")
def test_gain_energy_charges_a_ship_up_to_its_maximum_and_an_astral_player_not_at_all() -> None:
    state, events = effect(my_turn(energy=4), 0, verb="gain_energy", amount=3)
    assert player(state, 0)["energy"] == 5
    assert events == [("energy_gained", {"seat": 0, "amount": 1, "energy": 5, "source": "card#1"})]
    state = build(players=2, turn=0, players_set={0: {"energy": 2}})
    state, events = effect(state, 0, verb="gain_energy", amount=2)
    assert player(state, 0)["energy"] == 2 and events == []
