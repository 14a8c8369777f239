"""The stalemate guard (RULINGS E56, table option ``stall_rounds``): at each round's Victory Check a round in which
nothing progressed (no new highest Authority, no system changing hands, found or destroyed, no Spire placed or
taken) counts; after ``stall_rounds`` such rounds in a row the game ends as at the round limit (E11), and with
the Borg and a single free player left nobody wins (R266-R268)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.ascendancy.engine import RULES
from games.ascendancy.engine.rounds import progress_mark, quiet_rounds
from games.ascendancy.engine.scenario import build, cmd, run
from games.ascendancy.engine.scoring import end_by_stalemate
from games.ascendancy.engine.state import Ctx
from games.engine.core import IllegalCommand, Rng
from games.engine.core.testing import play_random

A_ROUND = [(seat, kind) for seat in (0, 1, 2) for kind in ("end_build", "end_turn")]


def _quiet(limit: str = "10", quiet: int = 9, **spec: Any) -> dict[str, Any]:
    """A 3-player game in its Action Stage whose clock stands at ``quiet`` rounds without progress."""
    state: dict[str, Any] = build(options={"stall_rounds": limit}, turn=0, phase="build", **spec)
    state["round"] = 30
    state["stall"] = {"mark": progress_mark(state), "quiet": quiet}
    return state


def _round(state: dict[str, Any], *extra: Any) -> dict[str, Any]:
    state, _ = run(state, *extra, *(cmd(seat, kind) for seat, kind in A_ROUND))
    return state


@pytest.mark.rules("ascendancy:R140")
def test_the_last_quiet_round_ends_the_game_at_its_victory_check_and_the_most_authority_wins() -> None:
    state = _round(_quiet(authority={1: 3, 2: 2}))
    result = RULES.result(state)
    assert result is not None
    assert result.reason == "stalemate" and result.winners == frozenset({1}) and result.tiebreak == ""
    assert state["round"] == 30 and RULES.view(state, 0)["quiet_rounds"] == 10


def test_a_quiet_round_short_of_the_limit_only_moves_the_clock() -> None:
    state = _round(_quiet(quiet=5))
    assert RULES.result(state) is None
    assert RULES.view(state, None)["quiet_rounds"] == 6


@pytest.mark.rules("ascendancy:R20")
def test_buying_authority_restarts_the_clock() -> None:
    state = _round(_quiet(resources={0: {"culture": 5}}), cmd(0, "buy_authority"))
    assert RULES.result(state) is None
    assert RULES.view(state, None)["quiet_rounds"] == 0


def _new_control(state: dict[str, Any]) -> None:
    state["systems"]["vega"]["control"] = 2  # colonized, invaded, annexed


def _lost_control(state: dict[str, Any]) -> None:
    state["systems"]["vega"]["control"] = None  # total destruction, an Assimilation's Control Node


def _destroyed(state: dict[str, Any]) -> None:
    del state["systems"]["vega"]


def _spire(state: dict[str, Any]) -> None:
    state["systems"]["vega"]["control"] = None
    state.setdefault("borg", {}).setdefault("spires", []).append({"system": "vega", "nodes": 0, "cube": None})


@pytest.mark.parametrize("change", [_new_control, _lost_control, _destroyed, _spire],
                         ids=["colonized", "lost", "destroyed", "assimilated"])
def test_a_system_changing_hands_restarts_the_clock(change: Callable[[dict[str, Any]], None]) -> None:
    hub = {"id": "vega", "slots": ["production"], "xy": [45.0, 51.5], "control": 1, "nodes": ["production"]}
    state = _quiet(systems=[hub], lanes=[("l1", "romulus", "vega", 2)])
    change(state)
    state = _round(state)
    assert RULES.result(state) is None
    assert quiet_rounds(state) == 0


def test_spending_authority_and_buying_it_back_is_no_progress() -> None:
    """Only a new highest Authority counts: Authority spent and bought again changes nothing on the board."""
    state = _quiet(authority={0: 3}, resources={0: {"culture": 5}})
    state["players"][0]["authority"] = 2
    state = _round(state, cmd(0, "buy_authority"))
    assert RULES.result(state) is not None and RULES.result(state).reason == "stalemate"  # type: ignore[union-attr]


def test_the_table_chooses_the_length_and_never_switches_it_off() -> None:
    assert RULES.validate_options(3, {})["stall_rounds"] == "20"
    assert RULES.validate_options(3, {"stall_rounds": "40"})["stall_rounds"] == "40"
    with pytest.raises(IllegalCommand):
        RULES.validate_options(3, {"stall_rounds": "none"})
    state = _round(_quiet(limit="40", quiet=30))
    assert RULES.result(state) is None and RULES.view(state, None)["quiet_rounds"] == 31


def _borg_two_players(exterminated: tuple[int, ...]) -> dict[str, Any]:
    state: dict[str, Any] = build(civs=("cardassian", "vulcan"), options={"borg_mode": "delta_quadrant"},
                                  turn=0, phase="build", authority={0: 3, 1: 1})
    for seat in exterminated:
        state["players"][seat]["exterminated"] = True
    end_by_stalemate(Ctx(state=state, rng=Rng.from_seed(0)))
    return state


@pytest.mark.rules("ascendancy:R266", "ascendancy:R267", "ascendancy:R268")
def test_the_last_free_player_against_the_borg_does_not_win_a_stalemate() -> None:
    """R266: the last free player must win before being absorbed; a stalemate is no win, the Borg hold out."""
    result = RULES.result(_borg_two_players(exterminated=(1,)))
    assert result is not None and result.reason == "stalemate_borg" and result.winners == frozenset()


@pytest.mark.rules("ascendancy:R267")
def test_two_free_players_against_the_borg_end_a_stalemate_on_authority() -> None:
    result = RULES.result(_borg_two_players(exterminated=()))
    assert result is not None and result.reason == "stalemate" and result.winners == frozenset({0})


@pytest.mark.rules("ascendancy:R268")
def test_alone_against_the_borg_a_stalemate_is_a_loss() -> None:
    state: dict[str, Any] = build(civs=("federation",), options={"borg_mode": "delta_quadrant"}, turn=0,
                                  phase="build", authority={0: 4})
    end_by_stalemate(Ctx(state=state, rng=Rng.from_seed(0)))
    result = RULES.result(state)
    assert result is not None and result.reason == "stalemate_borg" and result.winners == frozenset()


#: The bench cell that played forever (bench/playouts.py --only ascendancy): 2 players against the Borg.
ENDLESS_CELL = {"allied_cooperation": True, "borg_mode": "delta_quadrant", "humble_origins": True,
                "random_galaxy": True, "simultaneous_first_turns": True, "starting_advancement": True,
                "unbridled_culture": True}


@pytest.mark.rules("ascendancy:R220", "ascendancy:R221", "ascendancy:R258", "ascendancy:R266")
def test_the_random_game_that_never_ended_now_ends_in_a_stalemate() -> None:
    """Seed 10 of the cell (seed 13, and the brief's seed 8, on older engines: the bots' choices and dice changed
    with the rules audits of session 18: a Phenomenon's Research placed on Projects, R74, dismantling, R41, and
    a Cube battle's dice, E72): the Klingon is Assimilated (R258), the Cardassian, with 0 Authority, can neither
    win nor be absorbed; without the guard such a game hit the bench's 40,000-command cap. It now ends at round
    91, 20 rounds after the last progress, and nobody wins (R266)."""
    playout = play_random(RULES, seed=10, num_players=2, options=ENDLESS_CELL, max_steps=40_000)
    result = RULES.result(playout.state)
    assert result is not None and result.reason == "stalemate_borg" and result.winners == frozenset()
    assert quiet_rounds(playout.state) == 20
    assert [p["exterminated"] for p in playout.state["players"]] == [False, True]
    assert RULES.result(play_random(RULES, seed=8, num_players=2, options=ENDLESS_CELL, max_steps=40_000).state)
