"""The engine's rulings on what the rulebook leaves open (games/kemble/RULINGS.md)."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.core import Rng
from games.kemble.engine.space import cover
from games.kemble.engine.state import Ctx
from games.kemble.engine.threat import add_points

from .helpers import RULES, bid_all, build, cmd, legal_kinds, player, refused, run


@pytest.mark.rules("kemble:R8")
def test_a1_rows_are_two_quadrants_per_card_side_by_side() -> None:
    state = build(players=3)
    assert RULES.view(state, None)["cols"] == 6 and RULES.view(state, None)["rows"] == 5


@pytest.mark.rules("kemble:R74")
def test_a4_laser_shots_follow_the_current_facing() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(3, 2): "fighter", (5, 5): "fighter"},
                  players_set={0: {"upgrades": {"turret": 2, "laser": 1}}}, turn=0)
    state, _ = run(state, cmd(0, "fire", weapon="laser"), cmd(0, "rotate", dir="e"), cmd(0, "fire", weapon="laser"))
    assert player(state, 0)["bellonium"] == 2


@pytest.mark.rules("kemble:R33")
def test_a5_threat_keeps_costing_two_points_per_level_above_seven() -> None:
    p = {"threat": [7, 0]}
    add_points(p, 3)
    assert p["threat"] == [8, 1]


@pytest.mark.rules("kemble:R57")
def test_a11_a_ship_on_a_flipped_card_resolves_the_new_side() -> None:
    state = build(players=2, ships={0: (5, 1), 1: (3, 2)}, board={(3, 1): {"object": "fighter", "energy": 1}},
                  flips={(3, 1): ["empty", "asteroid"]}, turn=0)
    state, _ = run(state, cmd(0, "fire", weapon="turret"))
    assert player(state, 1)["energy"] == 4
    assert RULES.pending(state)[0].prompt == "choose_side" and RULES.pending(state)[0].seats == frozenset({1})
    state, _ = run(state, cmd(1, "choose_side", side="right"))
    assert player(state, 1)["pos"] == [3, 3] and RULES.pending(state)[0].seats == frozenset({0})


@pytest.mark.rules("kemble:R16", "kemble:R35")
def test_a16_round_one_entry_has_no_buy_action() -> None:
    state = build(players=2, round=1, turn=0, players_set={0: {"bellonium": 9}})
    refused(state, cmd(0, "buy_powerup"), "buying_not_allowed_now")
    assert not any(k.startswith("buy") for k, _ in legal_kinds(state, 0))


@pytest.mark.rules("kemble:R40")
def test_a18_pushed_onto_the_merchant_gives_no_buy_action() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): "merchant"}, phase="scroll", space=[],
                  players_set={0: {"bellonium": 5}})
    state, _ = run(state, auto=True)
    assert state["phase"] == "bid" and player(state, 0)["bellonium"] == 5


@pytest.mark.rules("kemble:R23", "kemble:R78")
def test_a22_generator_two_caps_the_sensor_cards_second_overload_at_one() -> None:
    state = build(players=2, ships={0: (5, 2)}, turn=0,
                  players_set={0: {"overload_costs": [1, 3], "energy": 7, "upgrades": {"generator": 2}}})
    state, events = run(state, cmd(0, "overload", gain="move"), cmd(0, "overload", gain="move"))
    assert [e.data["cost"] for e in events if e.kind == "ship_overloaded"] == [1, 1]


@pytest.mark.rules("kemble:R68")
def test_a28_every_hit_on_the_mosquito_asks_for_a_swap() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(3, 2): "mosquito"}, turn=0, turn_set={"fires": 2})
    state, _ = run(state, cmd(0, "fire", weapon="turret"))
    assert RULES.pending(state)[0].prompt == "choose_mosquito_swap"
    state, _ = run(state, cmd(0, "swap", row=3, card_col=2))
    state, _ = run(state, cmd(0, "fire", weapon="turret"))
    assert RULES.pending(state)[0].prompt == "battle_turn"  # the mosquito moved out of the column


@pytest.mark.rules("kemble:R15", "kemble:R28")
def test_a32_covers_reshuffle_the_sensor_discard_and_never_fail() -> None:
    state = build(players=2, sensor=[])
    state["decks"]["sensor_discard"] = ["sensor_400"]
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    cover(ctx, 3, 3)
    assert state["board"][2][1]["cover"][0] == "sensor_400"
    cover(ctx, 3, 4)
    assert state["board"][2][1]["cover"][1] == ""
    assert RULES.view(state, None)["board"][2][1]["covered"] == [True, True]


@pytest.mark.rules("kemble:R50", "kemble:R30")
def test_a17_threat_resets_and_tokens_return_on_destruction() -> None:
    state = build(players=2, ships={0: (5, 2), 1: (4, 5)}, board={(4, 2): "black_hole"},
                  players_set={0: {"threat": 4, "tokens": {"1": 1}}}, turn=0)
    state, _ = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["threat"] == [0, 0] and player(state, 0)["tokens"] == {}
    assert player(state, 1)["glory"] == 3


def _every_free_sensor_card_covering_the_board(covered: list[tuple[int, int]] | None = None,
                                               **kw: Any) -> dict[str, Any]:
    """Five players (the most cards held: 2 in hand and 1 played each) and every other sensor card lying as a
    cover on a destroyed enemy: the sensor pile and its discard are both empty. By default seat 0 (at 5,2 facing
    up) has a fighter in line at 3,2 and it is the bids of round 3."""
    if covered is None:
        covered = [(r, c) for r in (1, 2) for c in range(1, 9)] + [(3, c) for c in range(1, 9) if c != 2]
        covered += [(4, 7), (4, 8)]
    board = {**dict.fromkeys(covered, "fighter"), **kw.pop("board", {(3, 2): "fighter"})}
    state = build(players=5, round=3, **{"phase": "bid", "ships": {0: (5, 2)}, **kw}, covers=covered, board=board)
    decks = state["decks"]
    for p in state["players"]:
        p["played"] = decks["sensor"].pop()  # last round's card, face up in front of its player (R13)
    assert len(covered) == 25 and decks["sensor"] == [] and decks["sensor_discard"] == []
    return state


@pytest.mark.rules("kemble:R13", "kemble:R15", "kemble:R28")
def test_a38_with_both_sensor_piles_used_up_by_covers_every_hand_still_draws_back_to_two() -> None:
    state = _every_free_sensor_card_covering_the_board()
    kept = {p["seat"]: p["hand"][1] for p in state["players"]}
    for p in state["players"]:
        state, _ = run(state, cmd(p["seat"], "bid", card=p["hand"][0]))
    state, events = run(state, auto=True)
    # last round's cards go to the discard as this round's are revealed; the draw reshuffles them (R15)
    assert ("sensor_pile_reshuffled", {"size": 5}) in [(e.kind, dict(e.data)) for e in events]
    assert [len(p["hand"]) for p in state["players"]] == [2] * 5
    assert all(p["hand"][0] == kept[p["seat"]] for p in state["players"])
    assert state["decks"]["sensor"] == [] and state["decks"]["sensor_discard"] == []
    # a kill with both piles empty still covers its quadrant, without a card (A32); the round goes on
    while state["phase"] == "turn":
        seat = state["turn"]["seat"]
        if seat == 0 and state["board"][2][0]["cover"][1] is None:
            state, _ = run(state, cmd(0, "battle"), cmd(0, "fire", weapon="turret"))
            assert state["board"][2][0]["cover"][1] == "" and player(state, 0)["bellonium"] == 1
        state, _ = run(state, cmd(seat, "end_turn"), auto=True)
    assert state["board"][3][0]["cover"][1] == ""  # scrolled down a row
    # the scroll returned the bottom row's covers to the discard; the next round bids and draws as usual
    assert state["phase"] == "bid" and [len(p["hand"]) for p in state["players"]] == [2] * 5
    state = bid_all(state)
    assert state["phase"] == "turn" and [len(p["hand"]) for p in state["players"]] == [2] * 5


@pytest.mark.rules("kemble:R69", "kemble:R28")
def test_a38_a_bomb_with_fewer_than_five_sensor_cards_left_reveals_what_there_is() -> None:
    covered = [(r, c) for r in (1, 2, 3) for c in range(1, 9)] + [(5, 1)]
    state = _every_free_sensor_card_covering_the_board(covered, phase="scroll", space=[], ships={0: (2, 8)},
                                                      board={(5, 8): "bomb"})
    cover = state["board"][4][0]["cover"][0]
    state, events = run(state, auto=True)
    detonated, = [e.data for e in events if e.kind == "bomb_detonated"]
    assert detonated["cards"] == [cover]  # the removed row's one cover, reshuffled from the discard
    assert state["decks"]["sensor_discard"] == [cover] and state["phase"] == "bid"
