"""Shared helpers for the Kemble engine tests."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.core import Command, IllegalCommand, Rng
from games.engine.kemble import RULES
from games.engine.kemble.scenario import build, cmd, kinds, run

__all__ = ["RULES", "build", "cmd", "kinds", "run", "setup", "refused", "legal_kinds", "player"]


def setup(players: int = 3, seed: int = 1, **options: Any) -> dict[str, Any]:
    opts = RULES.validate_options(players, options)
    return RULES.setup(num_players=players, options=opts, rng=Rng.from_seed(seed)).state


def refused(state: dict[str, Any], command: Command, code: str) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as info:
        RULES.apply(state, command, Rng.from_seed(0))
    assert info.value.code == code, info.value.as_json()
    return info.value


def legal_kinds(state: dict[str, Any], seat: int) -> list[tuple[str, dict[str, Any]]]:
    return [(c.kind, dict(c.args)) for c in RULES.legal_commands(state, seat)]


def player(state: dict[str, Any], seat: int) -> dict[str, Any]:
    return state["players"][seat]


def bid_all(state: dict[str, Any]) -> dict[str, Any]:
    """Every seat bids its lowest sensor card, then the reveal runs."""
    for p in state["players"]:
        if not p["resigned"] and p["bid"] is None:
            state, _ = run(state, RULES.legal_commands(state, p["seat"])[0])
    state, _ = run(state, auto=True)
    return state
