"""The Ascendancy browser game's start and its players' plan (no Django: the engine alone can play it too).

Three players: seat 0 the Federation, seat 1 the Klingons, seat 2 the Romulans, all in First Contact, around
Terra Nova (a hub one or three sectors from each home). A new round starts with the Initiative bids. In their
turns: the Federation colonizes Terra Nova (its ships are there) and offers the Romulans a Trade Agreement,
which the Romulans accept off-turn; the Romulan scout at the open end of the lane above Romulus explores (Risa,
then a Discovery card); the Klingons attack the Federation ships at Terra Nova from two lanes, and the Federation, defending,
chooses which Klingon ships its hits destroy. ``choose`` is the plan: which legal command a seat takes now.
"""

from __future__ import annotations

import json
from typing import Any

HUB = "terra_nova"

SPEC: dict[str, Any] = {
    "civs": ("federation", "klingon", "romulan"),
    "bidding": [0, 1, 2],
    "systems": [{"id": HUB, "slots": ["production", "research", "culture"], "xy": [45.0, 51.5], "max_lanes": 4}],
    "lanes": [("l1", "earth", HUB, 2), ("l2", "qonos", HUB, 3), ("l3", "romulus", HUB, 3),
              ("l4", "romulus", None, 1)],
    "ships": {0: {"S:earth": 3, f"S:{HUB}": 3}, 1: {"S:qonos": 3, "L:l2:3": 2, "L:l1:2": 2},
              2: {"S:romulus": 3, "L:l3:3": 1, "L:l4:1": 1}},
    "resources": {0: {"production": 6, "research": 4, "culture": 4}, 1: {"production": 6, "research": 4, "culture": 4},
                  2: {"production": 6, "research": 4, "culture": 4}},
    "weapons": {0: 3},  # the Federation hits often: its hits, its choice of Klingon casualties
    "contact": [0, 1, 2],
    "stack": ["risa"],
    "exploration": ["dilithium_deposits"],
}


def scenario_state(seed: int = 0) -> dict[str, Any]:
    from games.ascendancy.engine.scenario import build

    spec = dict(SPEC)
    spec["lanes"] = [tuple(ln) for ln in SPEC["lanes"]]
    state: dict[str, Any] = build(seed=seed, **spec)
    return state


def choose(seat: int, legal: list[tuple[str, dict[str, Any]]], memo: dict[str, Any]) -> int:
    """The index in ``legal`` (kind, args: what the seat's page offers) of the command the plan takes for
    ``seat`` now; ``memo`` (kept by the caller) remembers what the plan did already."""
    def find(kind: str, **args: Any) -> int | None:
        for i, (k, a) in enumerate(legal):
            if k == kind and all(a.get(key) == v for key, v in args.items()):
                return i
        return None

    def first(*options: int | None) -> int:
        for o in options:
            if o is not None:
                return o
        raise AssertionError(f"seat {seat}: nothing to do among {legal}")

    kinds = {k for k, _ in legal}
    if "bid" in kinds:  # distinct totals: the Federation 3, the Klingons 2, the Romulans 1, all Production
        # the page's one bid form (asc_helpers.send_bid fills it with these amounts)
        memo["bid"] = {"production": {0: 3, 1: 2, 2: 1}[seat], "research": 0, "culture": 0}
        return first(find("bid"))
    # the quiet answers, the combat decisions' included (asc-combat: keep the dice, hold after a victory...)
    for answer in ("pick_card", "accept_trade", "stay", "allow_passage", "fight", "discard_project", "keep_dice",
                   "decline", "roll_dice", "hold"):
        if answer in kinds:
            return first(find(answer))
    if "hit" in kinds:  # the defender chooses: the ships on Qo'noS's lane first
        return first(find("hit", unit="ship:L:l2:3"), find("hit"))
    if "step" in kinds or "stop" in kinds:  # a move under way: out along the open lane, then explore
        chosen = first(find("step", explore=True), find("step", to="L:l4:1"), find("stop"))
        if legal[chosen][1].get("explore"):
            memo[f"explored_{seat}"] = True
        return chosen
    build = "end_build" in kinds
    if seat == 0:
        if build:
            return first(find("colonize", at=HUB), find("end_build"))
        if not memo.get("offered"):
            chosen = first(find("offer_trade", to=2, card=0), find("end_turn"))
            memo["offered"] = legal[chosen][0] == "offer_trade"
            return chosen
        return first(find("end_turn"))
    if build:
        return first(find("end_build"))
    if seat == 2 and not memo.get("explored_2"):
        return first(find("impulse", unit="ship:L:l4:1"), find("end_turn"))
    if seat == 1 and not memo.get("attacked"):
        chosen = first(find("attack", target=f"S:{HUB}"), find("end_turn"))
        memo["attacked"] = legal[chosen][0] == "attack"
        return chosen
    return first(find("end_turn"))


def args_json(args: dict[str, Any]) -> str:
    """A command's arguments as the page's controls carry them (``data-args``)."""
    return json.dumps(dict(args), sort_keys=True, separators=(",", ":"))
