"""Meeting the Borg through the Exploration deck and the Borg discs (ascendancy:R72, R252, R255, R262, R273,
R275, §2.3 step 2)."""

from __future__ import annotations

import pytest

from games.ascendancy.engine import RULES, catalog
from games.ascendancy.engine.movement import resolve_exploration
from games.engine.core import Rng
from tests.ascendancy.engine.borg_helpers import borg, borg_turn, ctx_for, the_cube
from tests.ascendancy.engine.helpers import ev

VEGA = {"id": "vega", "slots": ["production"], "xy": [45.0, 60.0]}


def deck(n: int, **options: object) -> list[str]:
    civs = ["federation", "klingon", "romulan", "andorian"][:n]
    state = RULES.setup_with_civs(civs, options, Rng.from_seed(4)).state
    found: list[str] = state["exploration"]["deck"]
    return found


@pytest.mark.rules("ascendancy:R273", "ascendancy:R275", "ascendancy:R268")
def test_the_borg_cards_are_shuffled_in_below_the_safe_cards() -> None:
    plain = deck(3)
    assert not set(plain) & set(catalog.BORG_EXPLORATION)
    discovered = deck(3, borg_mode="discovered")
    borg_cards = [c for c in discovered if c in catalog.BORG_EXPLORATION]
    assert len(borg_cards) == 10 and not any(catalog.EXPLORATION[c]["red"] for c in borg_cards)
    assert not set(discovered[-6:]) & set(catalog.BORG_EXPLORATION)  # 2 x players on top (top = last)
    assert len([c for c in deck(3, borg_mode="delta_quadrant") if c in catalog.BORG_EXPLORATION]) == 20
    out_there = deck(3, borg_mode="discovered", borg_out_there=True)
    assert not set(out_there[-9:]) & set(catalog.BORG_EXPLORATION)
    humble = deck(3, borg_mode="discovered", humble_origins=True, borg_humble_origins=True)
    assert not set(humble[-12:]) & set(catalog.BORG_EXPLORATION)
    solo = deck(1, borg_mode="delta_quadrant")
    assert not [c for c in solo if catalog.EXPLORATION[c].get("solo_excluded")]
    assert [c for c in deck(3, borg_mode="delta_quadrant") if catalog.EXPLORATION[c].get("solo_excluded")]


@pytest.mark.rules("ascendancy:R252")
def test_a_new_cube_card_puts_a_cube_in_the_explored_system() -> None:
    state = borg_turn(systems=[VEGA], lanes=[("l1", "earth", "vega", 1)], ships={0: {"S:vega": 1}})
    ctx = ctx_for(state)
    resolve_exploration(ctx, 0, "vega", "borg_lone_cube")
    assert [c["sector"] for c in state["borg"]["cubes"]] == ["S:vega"]
    assert "borg_lone_cube" in state["exploration"]["discard"]


@pytest.mark.rules("ascendancy:R72", "ascendancy:R252")
def test_the_nearest_cube_jumps_into_the_explored_system() -> None:
    far = {"id": "far", "slots": [], "xy": [20.0, 20.0]}
    near = {"id": "near", "slots": [], "xy": [60.0, 70.0]}
    lanes = [("l1", "earth", "vega", 1), ("l2", "vega", "near", 1), ("l3", "earth", "far", 3)]
    state = borg_turn(cubes={"cube1": "S:far", "cube2": "S:near"}, systems=[VEGA, far, near], lanes=lanes)
    ctx = ctx_for(state)
    resolve_exploration(ctx, 0, "vega", "borg_scout_probe")
    assert the_cube(state, "cube2")["sector"] == "S:vega" and the_cube(state, "cube1")["sector"] == "S:far"
    assert ev(ctx.events, "borg_cube_moved")[0]["tiebreak"] == "fewest_sectors"
    alone = {"id": "alone", "slots": [], "xy": [75.0, 60.0]}
    state = borg_turn(cubes={"cube1": "S:far", "cube2": "S:near"}, systems=[VEGA, far, near, alone])
    ctx = ctx_for(state)
    borg.nearest_cube(ctx, "alone")  # none Connected: the physically closest
    assert the_cube(state, "cube2")["sector"] == "S:alone"
    assert ev(ctx.events, "borg_cube_moved")[0]["tiebreak"] == "physically_closest"


@pytest.mark.rules("ascendancy:R255", "ascendancy:R262")
def test_spire_and_tech_cards() -> None:
    state = borg_turn(systems=[VEGA])
    ctx = ctx_for(state)
    resolve_exploration(ctx, 0, "vega", "borg_assimilated_outpost")
    assert borg.spire_systems(state) == {"vega"}
    resolve_exploration(ctx, 1, "vega", "borg_shattered_cube")
    assert len(borg.tech_held(state["players"][1])) == 2
    assert [e["seat"] for e in ev(ctx.events, "borg_tech_drawn")] == [1, 1]


@pytest.mark.rules("ascendancy:R248")
def test_the_hub_and_a_conduit_are_one_system_apart_at_warp_only() -> None:
    from games.ascendancy.engine import layout
    from games.ascendancy.engine.movement import step_options
    from games.ascendancy.engine.scenario import build

    conduit = {"id": "transwarp_conduit_alpha", "kind": "phenomenon", "slots": [], "xy": [20.0, 20.0]}
    state = build(options={"borg_mode": "delta_quadrant"}, turn=0, phase="command", systems=[conduit],
                  ships={0: {"S:transwarp_hub": 1}})
    state["systems"]["transwarp_conduit_alpha"]["transwarp"] = "conduit"
    layout.link_transwarp(state, "transwarp_conduit_alpha")
    assert layout.warp_linked(state, "S:transwarp_hub") == ["S:transwarp_conduit_alpha"]
    state["turn"]["move"] = {"unit": "ship", "kind": "warp", "at": "S:transwarp_hub", "left": 1, "moved": False}
    assert {"to": "S:transwarp_conduit_alpha"} in step_options(state, 0)
    state["turn"]["move"]["kind"] = "impulse"
    assert {"to": "S:transwarp_conduit_alpha"} not in step_options(state, 0)
    state["borg"]["cubes"].append({"id": "cube1", "sector": "S:transwarp_conduit_alpha", "placed": 1})
    assert borg._distances(state, "S:transwarp_hub")["S:transwarp_conduit_alpha"] == 1  # the Borg count 1 sector


@pytest.mark.rules("ascendancy:R262")
def test_a_free_tech_card_with_a_one_off_gain_pays_it_at_once() -> None:
    state = borg_turn(systems=[VEGA])
    state["borg"]["tech"]["deck"].remove("borg_tech_sensor_logs")
    state["borg"]["tech"]["deck"].append("borg_tech_sensor_logs")
    research = state["players"][0]["resources"]["research"]
    ctx = ctx_for(state)
    borg.draw_tech(ctx, 0)
    assert borg.tech_held(state["players"][0]) == ["borg_tech_sensor_logs"]
    assert state["players"][0]["advancements"][-1] == {"card": "borg_tech_sensor_logs", "exhausted": False}
    assert state["players"][0]["resources"]["research"] == research + 2
    state["borg"]["tech"]["deck"].remove("borg_tech_rotating_frequencies")
    state["borg"]["tech"]["deck"].append("borg_tech_rotating_frequencies")
    before = dict(state["players"][0]["resources"])
    borg.draw_tech(ctx, 0)
    assert state["players"][0]["resources"] == before  # a Research-cost card pays nothing on drawing
    assert state["players"][0]["projects"][-1] == {"card": "borg_tech_rotating_frequencies", "research": 0}
