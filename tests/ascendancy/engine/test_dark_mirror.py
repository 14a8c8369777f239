"""Dark Mirror (ascendancy:R276, RULINGS A44, B43): the player opposite moves the explorer's ships."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import catalog, mirror
from games.ascendancy.engine.movement import resolve_exploration
from games.ascendancy.engine.state import Ctx
from games.engine.core import Rng

from .helpers import RULES, build, cmd, ev, legal, refused, run

VEGA = {"id": "vega", "slots": ["production"], "xy": [45.0, 56.5], "max_lanes": 3}
RIGEL = {"id": "rigel", "slots": ["research"], "xy": [45.0, 41.5], "control": 1}
DENEB = {"id": "deneb", "slots": ["culture"], "xy": [45.0, 26.5]}
LANES = [("l1", "earth", "vega", 2), ("l2", "vega", "rigel", 2), ("l3", "rigel", "deneb", 2)]


def mirrored(seed: int = 0, **kw: Any) -> tuple[dict[str, Any], Ctx]:
    """Seat 0 has explored Vega with 2 loose ships and a fleet, and drawn Dark Mirror."""
    spec: dict[str, Any] = {
        "turn": 0,
        "phase": "command",
        "systems": [VEGA, RIGEL, DENEB],
        "lanes": LANES,
        "ships": {0: {"S:vega": 2}, 1: {"S:rigel": 1}},
        "fleets": {0: {"fed_fleet_2": ("fed_defense_fleet", 3, "S:vega")}},
    }
    spec.update(kw)
    state: dict[str, Any] = build(**spec)
    ctx = Ctx(state=state, rng=Rng.from_seed(seed))
    resolve_exploration(ctx, 0, "vega", "dark_mirror")
    return state, ctx


@pytest.mark.rules("ascendancy:R276", "ascendancy:R43")
def test_the_player_opposite_is_found_in_seat_order_and_an_odd_count_draws_one_of_the_two() -> None:
    four = build(civs=("federation", "klingon", "romulan", "andorian"))
    assert [mirror.opposite(four, s) for s in range(4)] == [[2], [3], [0], [1]]
    three = build()
    assert [mirror.opposite(three, s) for s in range(3)] == [[1, 2], [0, 2], [0, 1]]
    five = build(civs=("federation", "klingon", "romulan", "andorian", "ferengi"))
    assert mirror.opposite(five, 0) == [2, 3] and mirror.opposite(five, 4) == [1, 2]
    five["players"][2]["exterminated"] = True  # an Exterminated (or Assimilated) seat is skipped
    assert mirror.opposite(five, 0) == [3] and mirror.opposite(five, 2) == []
    assert catalog.EXPLORATION["dark_mirror"]["solo_excluded"]  # alone at the table: never drawn (A18)
    controllers = {mirrored(seed)[0]["prompt"]["seat"] for seed in range(12)}
    assert controllers == {1, 2}  # the seeded RNG picks either of the two across


@pytest.mark.rules("ascendancy:R276")
def test_the_controller_moves_the_explorers_ships_in_that_system_and_may_start_one_battle() -> None:
    state, ctx = mirrored()
    controller = state["prompt"]["seat"]
    assert ev(ctx.events, "dark_mirror") == [
        {"seat": 0, "controller": controller, "system": "vega", "among": [1, 2]}
    ]
    assert RULES.decision_for(state, controller).prompt == "dark_mirror_move"
    assert RULES.decision_for(state, 0) is None  # the explorer's turn waits
    moves = legal(state, controller)
    # 2 sectors along existing lanes; Hostile Rigel and the sector past it are out of reach (RULINGS E16)
    assert moves == [("mirror_move", {"to": to}) for to in ["L:l1:1", "L:l1:2", "L:l2:1", "L:l2:2"]] + [
        ("mirror_stay", {})
    ]
    refused(state, cmd(0, "mirror_stay"), "not_your_turn")
    refused(state, cmd(controller, "mirror_move", to="S:rigel"), "not_now")
    ready = state["players"][0]["ready"]
    moved, events = run(state, cmd(controller, "mirror_move", to="L:l2:2"))
    p = moved["players"][0]
    assert p["ships"] == {"L:l2:2": 2} and p["fleets"]["fed_fleet_2"]["sector"] == "L:l2:2"  # the whole group
    assert ev(events, "dark_mirror_moves") == [
        {"seat": controller, "owner": 0, "src": "S:vega", "dst": "L:l2:2", "ships": 5}
    ]
    assert RULES.decision_for(moved, controller).prompt == "dark_mirror_battle"
    assert legal(moved, controller) == [("mirror_attack", {"target": "S:rigel"}), ("mirror_hold", {})]
    held, _ = run(moved, cmd(controller, "mirror_hold"))
    assert held["prompt"] is None and held["turn"]["battle"] is None
    assert RULES.decision_for(held, 0).prompt == "command_phase" and held["players"][0]["ready"] == ready
    fought, events = run(moved, cmd(controller, "mirror_attack", target="S:rigel"))
    battle = fought["turn"]["battle"]
    assert ev(events, "battle_started") == [{"seat": 0, "target": "S:rigel", "defenders": [1]}]
    assert battle["attacker"] == 0 and battle["from"] == ["L:l2:2"]
    assert fought["players"][0]["ready"] == ready  # no Command spent


@pytest.mark.rules("ascendancy:R276")
def test_no_betrayal_no_ships_left_behind_and_nothing_without_ships() -> None:
    # at peace with the Klingon (a held Trade Agreement): a Dark Mirror battle betrays nobody (A44)
    state, _ = mirrored(trade_held={0: {1: 0}}, ships={0: {"S:vega": 1, "S:earth": 2}, 1: {"L:l2:1": 1}})
    controller = state["prompt"]["seat"]
    assert ("mirror_move", {"to": "L:l2:1"}) not in legal(state, controller)  # passage is never asked
    stayed, events = run(state, cmd(controller, "mirror_stay"))
    assert ev(events, "dark_mirror_stays") == [{"seat": controller, "owner": 0, "at": "S:vega"}]
    assert legal(stayed, controller) == [("mirror_attack", {"target": "L:l2:1"}), ("mirror_hold", {})]
    fought, events = run(stayed, cmd(controller, "mirror_attack", target="L:l2:1"))
    assert not ev(events, "betrayal") and "1" in fought["players"][0]["trade_held"]
    assert fought["players"][0]["ships"]["S:earth"] == 2  # only the ships of the explored system fight
    assert ev(events, "battle_started") == [{"seat": 0, "target": "L:l2:1", "defenders": [1]}]
    # no ship of the explorer in the system (a hazard took them): nobody takes control
    empty = build(turn=0, phase="command", systems=[VEGA], lanes=LANES[:1])
    ctx = Ctx(state=empty, rng=Rng.from_seed(0))
    resolve_exploration(ctx, 0, "vega", "dark_mirror")
    assert empty["prompt"] is None and ev(ctx.events, "dark_mirror_idle") == [{"seat": 0, "system": "vega"}]
