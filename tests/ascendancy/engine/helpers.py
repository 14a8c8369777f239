"""Shared helpers for the Ascendancy engine tests."""

from __future__ import annotations

from functools import partial
from typing import Any

from games.ascendancy.engine import RULES
from games.ascendancy.engine.scenario import build, cmd, kinds, run
from games.engine.core import Rng
from tests.support import engine
from tests.support.engine import legal_pairs

refused = partial(engine.refused, RULES)
legal = partial(legal_pairs, RULES)

__all__ = ["RULES", "build", "cmd", "kinds", "run", "refused", "legal", "fresh", "ev"]


def fresh(civs: tuple[str, ...] = ("federation", "klingon", "romulan"), seed: int = 1, **options: Any
          ) -> dict[str, Any]:
    state: dict[str, Any] = RULES.setup_with_civs(list(civs), options, Rng.from_seed(seed)).state
    return state


def ev(events: list[Any], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]
