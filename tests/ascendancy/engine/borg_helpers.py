"""Helpers for the Borg tests: a position where the Borg turn is due."""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import borg
from games.ascendancy.engine.scenario import build
from games.ascendancy.engine.state import Ctx
from games.engine.core import Rng

DELTA = {"borg_mode": "delta_quadrant"}


def borg_turn(cubes: dict[str, str] | None = None, spires: list[dict[str, Any]] | None = None,
              options: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    """A 3-player position (``scenario.build`` keys) in which the Borg, holding card 4, play now."""
    state = build(options={**DELTA, **(options or {})}, **kw)
    b = state["borg"]
    for n, (cid, sector) in enumerate(sorted((cubes or {}).items()), start=1):
        b["cubes"].append({"id": cid, "sector": sector, "placed": n})
    for n, sp in enumerate(spires or [], start=50):
        b["spires"].append({"system": sp["system"], "nodes": sp.get("nodes", 0), "cube": sp.get("cube"),
                            "placed": n})
    b["next_piece"] = 100
    state["order"] = [0, 1, 2, "borg"]
    state["cards"] = {"0": 1, "1": 2, "2": 3, "borg": 4}
    state["turn_index"] = 3
    state["turn"] = {"automaton": "borg"}
    state["prompt"] = None
    return state


def the_cube(state: dict[str, Any], cid: str) -> dict[str, Any]:
    found = borg.cube(state, cid)
    assert found is not None, cid
    return found


def ctx_for(state: dict[str, Any], seed: int = 0) -> Ctx:
    return Ctx(state=state, rng=Rng.from_seed(seed))


__all__ = ["DELTA", "borg", "borg_turn", "ctx_for", "the_cube"]
