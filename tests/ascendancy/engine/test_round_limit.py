"""The round limit table option (RULINGS E11): the game ends after its last round; the most Authority wins,
then the most systems Controlled; the tie-break is named only when the Authority was tied."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import RULES, borg, catalog
from games.ascendancy.engine.scenario import build, cmd, run
from games.ascendancy.engine.state import Ctx
from games.engine.core import Rng

LAST_ROUND = [(seat, kind) for seat in (0, 1, 2) for kind in ("end_build", "end_turn")]


def _last_round(**spec: Any) -> dict[str, Any]:
    state: dict[str, Any] = build(options={"round_limit": "15"}, turn=0, phase="build", **spec)
    state["round"] = 15
    state, _ = run(state, *(cmd(seat, kind) for seat, kind in LAST_ROUND))
    return state


def test_the_most_authority_wins_at_the_round_limit_and_no_tie_break_is_named() -> None:
    result = RULES.result(_last_round(authority={1: 3, 2: 2}))
    assert result is not None
    assert result.reason == "round_limit" and result.winners == frozenset({1})
    assert result.tiebreak == ""


def test_tied_authority_goes_to_the_most_systems_and_names_the_tie_break() -> None:
    hub = {"id": "vega", "slots": ["production"], "xy": [45.0, 51.5], "control": 2, "nodes": ["production"]}
    result = RULES.result(_last_round(authority={1: 3, 2: 3}, systems=[hub], lanes=[("l1", "romulus", "vega", 2)]))
    assert result is not None
    assert result.winners == frozenset({2}) and result.tiebreak == "most_authority"


def _solo_last_round(**spec: Any) -> dict[str, Any]:
    """A 1-player game against the Borg (Delta Quadrant) in its last round, the player ending its turn."""
    options = {"round_limit": "15", "borg_mode": "delta_quadrant"}
    state: dict[str, Any] = build(civs=("federation",), options=options, turn=0, phase="build", **spec)
    state["round"] = 15
    state, _ = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))
    for _ in range(100):  # a Borg turn, if one is due, to its end
        auto = RULES.auto_command(state)
        if auto is None:
            break
        state, _ = run(state, auto)
    return state


@pytest.mark.rules("ascendancy:R268")
def test_alone_against_the_borg_the_round_limit_is_a_loss_not_a_win() -> None:
    """RULINGS B50: the most Authority has nobody to beat; without 5 Authority in time the player loses."""
    state = _solo_last_round(authority={0: 4})
    result = RULES.result(state)
    assert result is not None
    assert result.reason == "round_limit_solo" and result.winners == frozenset()


@pytest.mark.rules("ascendancy:R268", "ascendancy:R140")
def test_alone_against_the_borg_five_authority_at_the_last_round_still_wins() -> None:
    result = RULES.result(_solo_last_round(authority={0: 5}))
    assert result is not None
    assert result.reason == "authority_victory" and result.winners == frozenset({0})


def _borg_last_round(civs: tuple[str, ...], absorbed: tuple[int, ...], authority: dict[int, int]) -> dict[str, Any]:
    """A game against the Borg (Delta Quadrant) in its last round: the ``absorbed`` seats' Homes Assimilated
    (R257, R258) during the first seat's turn, which then ends; the Borg's turns, if due, to the end."""
    options = {"round_limit": "15", "borg_mode": "delta_quadrant"}
    state: dict[str, Any] = build(civs=civs, options=options, turn=0, phase="build", authority=authority)
    state["round"] = 15
    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    for seat in absorbed:
        borg.assimilated(ctx, catalog.HOMES[civs[seat]]["disc"])
    state, _ = run(state, *(cmd(seat, kind) for seat in range(len(civs)) if seat not in absorbed
                            for kind in ("end_build", "end_turn")))
    for _ in range(200):
        auto = RULES.auto_command(state)
        if auto is None:
            break
        state, _ = run(state, auto)
    return state


@pytest.mark.rules("ascendancy:R266", "ascendancy:R267", "ascendancy:R258")
@pytest.mark.parametrize(("civs", "absorbed"), [(("cardassian", "vulcan"), (1,)),
                                                (("cardassian", "vulcan", "klingon"), (1, 2))],
                         ids=["two_players", "three_players"])
def test_the_last_free_player_against_the_borg_does_not_win_at_the_round_limit(
        civs: tuple[str, ...], absorbed: tuple[int, ...]) -> None:
    """RULINGS E57: he had to win before being absorbed (R266); the limit is no easier way to win (B50), and
    the Assimilated players, now of the Collective, are not rivals to out-score."""
    result = RULES.result(_borg_last_round(civs, absorbed, authority={0: 3}))
    assert result is not None
    assert result.reason == "round_limit_borg" and result.winners == frozenset()


@pytest.mark.rules("ascendancy:R266")
def test_against_the_borg_two_free_players_still_end_the_round_limit_on_authority() -> None:
    """RULINGS E11, E57: while two or more are free the most Authority among them wins (never an Assimilated
    player's)."""
    result = RULES.result(_borg_last_round(("cardassian", "vulcan", "klingon"), (1,), authority={0: 2, 1: 4, 2: 3}))
    assert result is not None
    assert result.reason == "round_limit" and result.winners == frozenset({2})


@pytest.mark.rules("ascendancy:R267", "ascendancy:R140")
def test_the_last_free_player_reaching_five_authority_at_the_last_round_still_wins() -> None:
    result = RULES.result(_borg_last_round(("cardassian", "vulcan"), (1,), authority={0: 5}))
    assert result is not None
    assert result.reason == "authority_victory" and result.winners == frozenset({0})
