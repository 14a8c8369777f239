"""Shared helpers for the Kemble engine tests."""

from __future__ import annotations

from functools import partial
from typing import Any

from games.engine.core import Command, Event
from games.kemble.engine import RULES, scenario
from games.kemble.engine.messages import EVENTS
from games.kemble.engine.scenario import build, cmd, kinds
from tests.support import engine
from tests.support.engine import event_text_check, legal_pairs, new_state, player

__all__ = ["RULES", "build", "cmd", "kinds", "run", "setup", "refused", "legal_kinds", "player"]


def run(state: dict[str, Any], *commands: Command, seed: int = 0, auto: bool = False
        ) -> tuple[dict[str, Any], list[Event]]:
    """``scenario.run``, and every event it emits has a known kind whose text formats for every viewer."""
    state, events = scenario.run(state, *commands, seed=seed, auto=auto)
    event_text_check(EVENTS, state["n"])(events)
    return state, events


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
