"""Shared helpers for the TNG engine tests."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.core import Command, IllegalCommand, Rng
from games.engine.tng import RULES
from games.engine.tng.scenario import build, cmd, inst, kinds, run, space_inst

__all__ = ["RULES", "build", "cmd", "inst", "kinds", "run", "space_inst", "setup", "refused", "legal", "player"]


def setup(players: int = 2, seed: int = 1, **options: Any) -> dict[str, Any]:
    opts = RULES.validate_options(players, options)
    return RULES.setup(num_players=players, options=opts, rng=Rng.from_seed(seed)).state


def refused(state: dict[str, Any], command: Command, code: str) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as info:
        RULES.apply(state, command, Rng.from_seed(0))
    assert info.value.code == code, info.value.as_json()
    return info.value


def legal(state: dict[str, Any], seat: int) -> list[tuple[str, dict[str, Any]]]:
    return [(c.kind, dict(c.args)) for c in RULES.legal_commands(state, seat)]


def player(state: dict[str, Any], seat: int) -> dict[str, Any]:
    return state["players"][seat]
