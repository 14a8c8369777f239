"""The 1-player Ascendancy game against the Borg of the Borg browser test, and its player's plan (no Django:
the engine alone can play it too, tests/ascendancy/engine/test_borg_browser_scenario.py).

One player, the Federation (seat 0), in the Delta Quadrant (the Transwarp Hub on the table, ascendancy:R266,
R268). Terra Nova lies between Earth and the Hub, one two-sector lane on each side. Two Borg Cubes are in play:
``cube1`` at Terra Nova, ``cube2`` on the Hub. The Federation's ships wait on both lanes next to Terra Nova
(3 on Earth's lane, 2 on the Hub's) and 2 at Earth. A new round starts (round 2): the Federation has no First
Contact yet, so the Turn Order cards are dealt at once, the Federation plays first and ends its turn, then the
Borg turn runs on the worker, a step at a time. With two Cubes to activate the player chooses which goes first
(R223); ``cube1`` engages both groups of ships (R229) and, with seed ``SEED``, its hits fall on fewer ships
than the player has there, so the player chooses which of them each one destroys (R234); the player then
retreats (R96). Round 3 has a Borg turn of its own (the player's choice of Cube again), and round 4 begins.
``choose`` is the plan: which legal command the player takes now.
"""

from __future__ import annotations

from typing import Any

#: The scenario's seed (its state's and the table's random numbers): it reaches both Borg decisions of the
#: player in round 2 and the start of round 4 with the player still in the game.
SEED = 4
HUB = "transwarp_hub"
COLONY = "terra_nova"
#: The Cube the player activates first (the one next to its ships), and the ships the first hit destroys.
FIRST_CUBE = "cube1"
FIRST_HIT = "ship:L:l2:1"

SPEC: dict[str, Any] = {
    "civs": ("federation",),
    "options": {"borg_mode": "delta_quadrant"},
    "bidding": [0],
    "systems": [
        {"id": COLONY, "slots": ["production", "research", "culture"], "xy": [45.0, 49.0], "max_lanes": 4}
    ],
    "lanes": [("l1", "earth", COLONY, 2), ("l2", COLONY, HUB, 2)],
    "ships": {0: {"S:earth": 2, "L:l1:2": 3, "L:l2:1": 2}},
}
CUBES = [
    {"id": "cube1", "sector": f"S:{COLONY}", "placed": 1},
    {"id": "cube2", "sector": f"S:{HUB}", "placed": 2},
]


def scenario_state(seed: int = SEED) -> dict[str, Any]:
    from games.ascendancy.engine.scenario import build

    spec = dict(SPEC)
    spec["lanes"] = [tuple(ln) for ln in SPEC["lanes"]]
    state: dict[str, Any] = build(seed=seed, **spec)
    state["borg"]["cubes"] = [dict(c) for c in CUBES]
    state["borg"]["next_piece"] = len(CUBES) + 1
    return state


def choose(legal: list[tuple[str, dict[str, Any]]], memo: dict[str, Any]) -> int:
    """The index in ``legal`` (kind, args: what the player's page offers) of the command the plan takes now;
    ``memo`` (kept by the caller) counts the Borg decisions answered (``memo["borg"]``: their kinds)."""

    def find(kind: str, **args: Any) -> int | None:
        for i, (k, a) in enumerate(legal):
            if k == kind and all(a.get(key) == v for key, v in args.items()):
                return i
        return None

    def first(*options: int | None) -> int:
        for o in options:
            if o is not None:
                return o
        raise AssertionError(f"nothing to do among {legal}")

    kinds = {k for k, _ in legal}
    if "bid" in kinds:  # the page's one bid form (asc_helpers.send_bid fills it with these amounts)
        memo["bid"] = {"production": 0, "research": 0, "culture": 0}
        return first(find("bid"))
    borg = [
        k
        for k in (
            "choose_cube",
            "borg_hit",
            "borg_retreat",
            "borg_telemetry",
            "borg_lose_structure",
            "borg_reclaim",
        )
        if k in kinds
    ]
    if borg:
        memo.setdefault("borg", []).append(borg[0])
        if borg[0] == "choose_cube":
            return first(find("choose_cube", cube=FIRST_CUBE), find("choose_cube"))
        if borg[0] == "borg_hit":
            return first(find("borg_hit", unit=FIRST_HIT), find("borg_hit"))
        if borg[0] == "borg_retreat":
            return first(find("borg_retreat", retreat=True), find("borg_retreat"))
        return first(find(borg[0]))
    return first(find("end_build"), find("end_turn"), find("stop"), find("pick_card"))
