"""Shared helpers for the TNG engine tests."""

from __future__ import annotations

from functools import partial
from typing import Any

from games.engine.core import Command, Event
from games.tng.engine import RULES
from games.tng.engine.scenario import build, cmd, inst, kinds, space_inst
from games.tng.engine.scenario import run as _run
from tests.support import engine
from tests.support.engine import legal_pairs, new_state, player

from .checks import check_position
from .events import check_events

__all__ = ["RULES", "build", "cmd", "inst", "kinds", "run", "space_inst", "setup", "refused", "legal", "player"]


def run(state: dict[str, Any], *commands: Command, seed: int = 0, auto: bool = False
        ) -> tuple[dict[str, Any], list[Event]]:
    """``scenario.run``, checking every event against the event contract (``events.py``)."""
    state, events = _run(state, *commands, seed=seed, auto=auto)
    check_events(state, events)
    check_position(state)
    return state, events


def setup(players: int = 2, seed: int = 1, **options: Any) -> dict[str, Any]:
    return new_state(RULES, players, seed, **options)


refused = partial(engine.refused, RULES)
legal = partial(legal_pairs, RULES)
