"""Shared helpers for the TNG engine tests."""

from __future__ import annotations

from functools import partial
from typing import Any

from games.engine.tng import RULES
from games.engine.tng.scenario import build, cmd, inst, kinds, run, space_inst
from tests.support import engine
from tests.support.engine import legal_pairs, new_state, player

__all__ = ["RULES", "build", "cmd", "inst", "kinds", "run", "space_inst", "setup", "refused", "legal", "player"]


def setup(players: int = 2, seed: int = 1, **options: Any) -> dict[str, Any]:
    return new_state(RULES, players, seed, **options)


refused = partial(engine.refused, RULES)
legal = partial(legal_pairs, RULES)
