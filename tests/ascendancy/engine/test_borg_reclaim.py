"""Reclaiming Borg Systems (ascendancy:R260, R261)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import RULES
from games.ascendancy.engine.scenario import build
from games.engine.core import Command, Rng
from tests.ascendancy.engine.borg_helpers import borg
from tests.ascendancy.engine.helpers import ev, refused

VEGA = {"id": "vega", "slots": ["production", "research"], "xy": [45.0, 60.0]}


def position(ships: int, nodes: int = 0, cube: str | None = None) -> dict[str, Any]:
    state = build(options={"borg_mode": "delta_quadrant"}, turn=0, phase="command", systems=[VEGA],
                  lanes=[("l1", "vega", "earth", 1)], ships={0: {"S:vega": ships}})
    state["borg"]["spires"].append({"system": "vega", "nodes": nodes, "cube": cube, "placed": 1})
    return state


@pytest.mark.rules("ascendancy:R260")
def test_reclaiming_needs_a_ship_per_borg_structure() -> None:
    refused(position(2, nodes=1, cube="cube9"), Command(0, "reclaim", {"at": "vega"}), "too_few_ships_to_reclaim",
            "ascendancy:R260", structures=3)
    refused(position(3), Command(0, "reclaim", {"at": "earth"}), "not_a_borg_system", "ascendancy:R260")
    state = position(3, nodes=1, cube="cube9")
    assert ("reclaim", {"at": "vega"}) in [(c.kind, dict(c.args)) for c in RULES.legal_commands(state, 0)]


@pytest.mark.rules("ascendancy:R260", "ascendancy:R261", "ascendancy:R262")
def test_enough_hits_reclaim_the_system_fewer_do_nothing_and_the_spire_grows() -> None:
    won = lost = 0
    for seed in range(30):
        state = position(6, nodes=0)
        out = RULES.apply(state, Command(0, "reclaim", {"at": "vega"}), Rng.from_seed(seed))
        events = list(out.events)
        rnd = ev(events, "borg_reclaim_round")[0]
        assert rnd["structures"] == 1
        dice = [e["dice"] for e in ev(events, "dice_rolled") if e["why"] == "reclaim"][0]
        assert rnd["hits"] == sum(1 for d in dice if d >= 5)  # hit roll 5 + the Spire's 0 nodes
        if rnd["hits"] >= 1:
            won += 1
            assert not borg.spire_systems(out.state)
            assert len(borg.tech_held(out.state["players"][0])) == 1
            assert out.state["systems"]["vega"]["control"] is None  # to be Colonized again
        else:
            lost += 1
            assert out.state["borg"]["spires"][0]["nodes"] == 1  # R261: +1 node after the round
            assert out.state["prompt"] is None or out.state["prompt"]["kind"] == "borg_reclaim"
    assert won and lost
