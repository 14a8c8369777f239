"""The last turns of an Ascendancy game, for the victory browser test (no Django: the engine alone plays it too).

Three players: seat 0 the Federation, seat 1 the Klingons, seat 2 the Romulans, in the last round of the
game. The Federation (its home and Terra Nova, a colony) and the Klingons (their home only) have 4 Authority
each and Culture enough for a fifth. The Federation's turn comes first, in its Build Phase. The plan: the
Federation and the Klingons each take their fifth Authority token (R20) and end their turn; the Romulans end
theirs. The Victory Check at the start of the Recharge Stage (R140) finds two Authority victories (R141);
the tie goes to the one who controls more systems (R143): the Federation, two systems to one.
"""

from __future__ import annotations

from typing import Any

HUB = "terra_nova"

SPEC: dict[str, Any] = {
    "civs": ("federation", "klingon", "romulan"),
    "turn": 0,
    "phase": "build",
    "systems": [{"id": HUB, "slots": ["production", "research", "culture"], "xy": [45.0, 51.5], "max_lanes": 4,
                 "control": 0, "nodes": ["production", None, None]}],
    "lanes": [("l1", "earth", HUB, 2), ("l2", "qonos", HUB, 3), ("l3", "romulus", HUB, 3)],
    "ships": {0: {"S:earth": 2, f"S:{HUB}": 1}, 1: {"S:qonos": 3}, 2: {"S:romulus": 3}},
    "authority": {0: 4, 1: 4},
    "resources": {0: {"culture": 6}, 1: {"culture": 6}},
}

#: Who wins, why, and how the tie was broken (the engine's message keys).
WINNER, REASON, TIEBREAK = 0, "authority_victory", "tiebreak_systems"


def scenario_state(seed: int = 0) -> dict[str, Any]:
    from games.ascendancy.engine.scenario import build

    state: dict[str, Any] = build(seed=seed, **SPEC)
    return state


def choose(seat: int, legal: list[tuple[str, dict[str, Any]]], memo: dict[str, Any]) -> int:
    """The index in ``legal`` (kind, args: what the seat's page offers) of the command the plan takes for
    ``seat`` now; ``memo`` (kept by the caller) remembers what the plan did already."""
    kinds = [k for k, _ in legal]
    if seat in (0, 1) and "buy_authority" in kinds and not memo.get(f"bought_{seat}"):
        memo[f"bought_{seat}"] = True
        return kinds.index("buy_authority")
    for kind in ("end_build", "end_turn"):
        if kind in kinds:
            return kinds.index(kind)
    raise AssertionError(f"seat {seat}: nothing to do among {legal}")
