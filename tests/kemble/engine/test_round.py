"""The round: secret simultaneous sensor bids, order, draw, turn choice (kemble:R12-R18)."""

from __future__ import annotations

import pytest

from games.engine.core import AUTO_SEAT
from games.kemble.engine.content import CONTENT

from .helpers import RULES, bid_all, build, cmd, legal_kinds, player, refused, run, setup


def three_bidders() -> dict:
    return build(players=3, players_set={0: {"hand": ["sensor_250", "sensor_20"]},
                                         1: {"hand": ["sensor_90", "sensor_30"]},
                                         2: {"hand": ["sensor_310", "sensor_40"]}})


@pytest.mark.rules("kemble:R13", "kemble:R15")
def test_highest_sensor_plays_first_and_everyone_draws_back_to_two() -> None:
    state = three_bidders()
    state, _ = run(state, cmd(0, "bid", card="sensor_250"), cmd(1, "bid", card="sensor_90"),
                   cmd(2, "bid", card="sensor_310"), auto=False)
    assert state["phase"] == "reveal"
    state, events = run(state, RULES.auto_command(state))
    assert state["order"] == [2, 0, 1]
    assert all(len(p["hand"]) == 2 for p in state["players"])
    assert [player(state, s)["played"] for s in range(3)] == ["sensor_250", "sensor_90", "sensor_310"]
    assert state["turn"]["seat"] == 2


@pytest.mark.rules("kemble:R13")
def test_bids_are_secret_until_everyone_has_chosen() -> None:
    state = three_bidders()
    decision = RULES.pending(state)[0]
    assert decision.seats == frozenset({0, 1, 2}) and decision.prompt == "choose_sensor"
    state, events = run(state, cmd(0, "bid", card="sensor_250"))
    ev = events[0]
    assert ev.for_seat(1) == {"seat": 0} and ev.for_seat(None) == {"seat": 0}
    assert ev.for_seat(0)["card"] == "sensor_250"
    other = RULES.view(state, 1)
    assert other["players"][0]["chosen"] is True and "bid" not in other["players"][0]
    assert "sensor_250" not in str(other) and "sensor_250" not in str(RULES.view(state, None))
    assert RULES.view(state, 0)["players"][0]["bid"] == "sensor_250"
    assert RULES.pending(state)[0].seats == frozenset({1, 2})
    assert RULES.pending(state)[0].params["chosen"] == [0]
    refused(state, cmd(0, "bid", card="sensor_20"), "not_your_turn")
    refused(state, cmd(1, "bid", card="sensor_250"), "sensor_not_in_hand")


@pytest.mark.rules("kemble:R12")
def test_round_runs_order_draw_turns_then_scroll_and_upkeep() -> None:
    state = build(players=2, ships={0: (3, 2), 1: (3, 5)}, players_set={0: {"threat": 0}})
    state = bid_all(state)
    assert state["phase"] == "turn"
    for _ in range(2):
        seat = state["turn"]["seat"]
        state, _ = run(state, cmd(seat, "battle"), cmd(seat, "end_turn"))
    assert state["phase"] == "scroll"
    assert RULES.pending(state)[0].automatic and RULES.pending(state)[0].seats == frozenset()
    auto = RULES.auto_command(state)
    assert auto.seat == AUTO_SEAT and auto.kind == "scroll"
    state, _ = run(state, auto)
    assert state["phase"] == "upkeep" and RULES.auto_command(state).kind == "upkeep"
    state, _ = run(state, RULES.auto_command(state))
    assert state["phase"] == "bid" and state["round"] == 3


@pytest.mark.rules("kemble:R14")
def test_sensor_texts_take_effect_when_played() -> None:
    move_card = next(k for k, s in CONTENT.sensors.items() if {"verb": "extra_moves", "amount": 1} in s.effects)
    money_card = next(k for k, s in CONTENT.sensors.items()
                      if {"verb": "gain_bellonium", "amount": 1} in s.effects)
    state = build(players=2, ships={0: (4, 2)}, players_set={0: {"hand": [move_card]}, 1: {"hand": [money_card]}})
    state, _ = run(state, cmd(0, "bid", card=move_card), cmd(1, "bid", card=money_card), auto=True)
    assert player(state, 1)["bellonium"] == 1  # paid at the reveal, even off the board (A33)
    if state["turn"]["seat"] == 1:
        state, _ = run(state, cmd(1, "end_turn"))
    assert state["turn"]["seat"] == 0
    state, _ = run(state, cmd(0, "battle"))
    assert state["turn"]["moves"] == 2


@pytest.mark.rules("kemble:R16")
def test_round_one_is_always_battle_and_ships_enter_from_the_bottom() -> None:
    state = bid_all(setup(2))
    seat = state["turn"]["seat"]
    assert state["turn"]["mode"] == "battle"
    kinds = {k for k, _ in legal_kinds(state, seat)}
    assert "power_down" not in kinds and "end_turn" not in kinds and "enter" in kinds
    refused(state, cmd(seat, "power_down"), "battle_required_in_round_1")
    refused(state, cmd(seat, "end_turn"), "must_enter_in_round_1")


@pytest.mark.rules("kemble:R16", "kemble:R17")
def test_later_rounds_offer_battle_or_power_down() -> None:
    state = build(players=2, ships={0: (4, 2), 1: (4, 5)}, turn=0, mode="choose")
    assert legal_kinds(state, 0) == [("battle", {}), ("power_down", {})]
    assert RULES.pending(state)[0].prompt == "choose_action"
    refused(state, cmd(0, "move", dir="n"), "not_now")


@pytest.mark.rules("kemble:R18")
def test_moves_and_fires_interleave_and_unused_ones_are_lost() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(1, 2): "asteroid"},
                  players_set={0: {"upgrades": {"turret": 1, "engine": 1}}}, turn=0)
    assert state["turn"]["moves"] == 2 and state["turn"]["fires"] == 1
    state, _ = run(state, cmd(0, "move", dir="n"), cmd(0, "fire", weapon="turret"), cmd(0, "move", dir="n"))
    refused(state, cmd(0, "move", dir="n"), "no_move_left")
    refused(state, cmd(0, "fire", weapon="turret"), "no_fire_action_left")
    state, _ = run(state, cmd(0, "end_turn"))
    assert state["turn"]["seat"] == 1 and state["turn"]["moves"] == 1
