"""Shared helpers for the Kemble engine tests."""

from __future__ import annotations

from functools import partial
from typing import Any

from games.engine.kemble import RULES
from games.engine.kemble.scenario import build, cmd, kinds, run
from tests.support import engine
from tests.support.engine import legal_pairs, new_state, player

__all__ = ["RULES", "build", "cmd", "kinds", "run", "setup", "refused", "legal_kinds", "player"]


def setup(players: int = 3, seed: int = 1, **options: Any) -> dict[str, Any]:
    return new_state(RULES, players, seed, **options)


refused = partial(engine.refused, RULES)
legal_kinds = partial(legal_pairs, RULES)


def bid_all(state: dict[str, Any]) -> dict[str, Any]:
    """Every seat bids its lowest sensor card, then the reveal runs."""
    for p in state["players"]:
        if not p["resigned"] and p["bid"] is None:
            state, _ = run(state, RULES.legal_commands(state, p["seat"])[0])
    state, _ = run(state, auto=True)
    return state
