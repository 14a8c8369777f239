"""Movement, warp, hazards, building the galaxy, exploration and phenomena (ascendancy:R31-R77)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import board, catalog
from games.engine.core import Rng

from .helpers import RULES, build, cmd, ev, legal, refused, run

# Earth is at (45, 71.5) on the 90 cm table of a 3-player game; Qo'noS at (22.05, 31.75).
VEGA = {"id": "vega", "slots": ["production"], "xy": [45.0, 56.5], "max_lanes": 3}
LANE = ("l1", "earth", "vega", 2)


def steps(state: dict, seat: int) -> list[dict]:
    return [args for kind, args in legal(state, seat) if kind == "step"]


@pytest.mark.rules("ascendancy:R31", "ascendancy:R32", "ascendancy:R44", "ascendancy:R45")
def test_impulse_moves_one_ship_up_to_two_sectors_one_step_at_a_time() -> None:
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[("l1", "earth", "vega", 3)])
    assert board.neighbours(state, "S:earth") == ["L:l1:1"]
    assert board.adjacent(state, "L:l1:2", "L:l1:2") and board.adjacent(state, "L:l1:3", "S:vega")
    state, _ = run(state, cmd(0, "impulse", unit="ship:S:earth"))
    assert state["players"][0]["ready"] == 4
    assert {"to": "L:l1:1"} in steps(state, 0)
    state, events = run(state, cmd(0, "step", to="L:l1:1"), cmd(0, "step", to="L:l1:2"))
    assert state["turn"]["move"] is None and "move_ended" in [e.kind for e in events]  # no Impulse left
    assert state["players"][0]["ships"] == {"S:earth": 2, "L:l1:2": 1}  # one ship moved (R44)


@pytest.mark.rules("ascendancy:R49", "ascendancy:R34", "ascendancy:R37")
def test_hostile_ships_block_unless_the_system_is_yours() -> None:
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE], ships={1: {"L:l1:1": 1}})
    state, _ = run(state, cmd(0, "impulse", unit="ship:S:earth"))
    assert steps(state, 0) == [] or all(s.get("to") != "L:l1:1" for s in steps(state, 0))
    refused(state, cmd(0, "step", to="L:l1:1"), "step_not_possible", "ascendancy:R49")
    mine = build(turn=0, phase="command", systems=[{**VEGA, "control": 0}], lanes=[LANE],
                 ships={0: {"L:l1:2": 1}, 1: {"S:vega": 1}})
    mine, _ = run(mine, cmd(0, "impulse", unit="ship:L:l1:2"), cmd(0, "step", to="S:vega"))
    assert board.present(mine, "S:vega") == [0, 1] and not board.occupies(mine, 0, "S:vega")


@pytest.mark.rules("ascendancy:R154", "ascendancy:R49")
def test_peaceful_ships_ask_permission_unless_free_trade_routes() -> None:
    spec = {"turn": 0, "phase": "command", "systems": [VEGA], "lanes": [LANE], "ships": {1: {"L:l1:1": 1}},
            "trade_held": {0: {1: 0}}}
    strict = build(**spec)
    strict, events = run(strict, cmd(0, "impulse", unit="ship:S:earth"), cmd(0, "step", to="L:l1:1"))
    assert RULES.decision_for(strict, 1).prompt == "passage" and RULES.seats_to_act(strict) == {1}
    refused_move, _ = run(strict, cmd(1, "refuse_passage"))
    assert refused_move["turn"]["move"] is None and refused_move["players"][0]["ships"]["S:earth"] == 3
    allowed, _ = run(strict, cmd(1, "allow_passage"))
    assert allowed["players"][0]["ships"] == {"S:earth": 2, "L:l1:1": 1}
    assert {"to": "L:l1:2"} in steps(allowed, 0)
    free = build(**spec, options={"free_trade_routes": True})
    free, _ = run(free, cmd(0, "impulse", unit="ship:S:earth"), cmd(0, "step", to="L:l1:1"))
    assert free["prompt"] is None and free["players"][0]["ships"]["L:l1:1"] == 1


@pytest.mark.rules("ascendancy:R46", "ascendancy:R47", "ascendancy:R48", "ascendancy:R29")
def test_warp_leaves_the_board_grows_and_exits_through_systems() -> None:
    systems = [VEGA, {"id": "deneb", "slots": ["research"], "xy": [45.0, 41.5]}]
    lanes = [LANE, ("l2", "vega", "deneb", 2)]
    state = build(turn=0, phase="command", systems=systems, lanes=lanes)
    state, _ = run(state, cmd(0, "enter_warp", unit="ship:S:earth"))
    p = state["players"][0]
    assert p["ships"] == {"S:earth": 2} and p["warp"][0]["origin"] == "S:earth"
    wid = p["warp"][0]["id"]
    state, _ = run(state, cmd(0, "warp_boost", warp=wid))
    assert state["players"][0]["warp"][0]["tokens"] == 2
    state, _ = run(state, cmd(0, "exit_warp", warp=wid))
    assert state["turn"]["move"]["left"] == 2  # two systems, the origin not counted
    state, _ = run(state, *[cmd(0, "step", to=t) for t in ("L:l1:1", "L:l1:2", "S:vega", "L:l2:1", "L:l2:2",
                                                            "S:deneb")])
    assert {"to": "L:l2:2"} in steps(state, 0) and state["turn"]["move"]["left"] == 0
    state, _ = run(state, cmd(0, "stop"))
    assert state["players"][0]["warp"] == [] and state["players"][0]["ships"]["S:deneb"] == 1
    old = build(turn=0, phase="command")
    old["players"][0]["warp"] = [{"id": "w1", "fleet": None, "ships": 1, "origin": "S:earth", "tokens": 1,
                                  "fresh": False}]
    refused(old, cmd(0, "warp_boost", warp="w1"), "not_just_entered_warp", "ascendancy:R47")


@pytest.mark.rules("ascendancy:R51", "ascendancy:R52", "ascendancy:R53", "ascendancy:R43")
def test_ending_a_move_in_a_hazard_rolls_a_die_per_moved_ship_against_level_plus_shields() -> None:
    hazard = {**VEGA, "hazard": 4}
    for seed in range(6):
        state = build(turn=0, phase="command", systems=[hazard], lanes=[("l1", "earth", "vega", 1)],
                      shields={0: 1})
        state, events = run(state, cmd(0, "impulse", unit="ship:S:earth"), cmd(0, "step", to="L:l1:1"),
                            cmd(0, "step", to="S:vega"), seed=seed)
        faced = ev(events, "hazard_faced")[0]
        assert faced["target"] == 5 and len(faced["dice"]) == 1
        assert faced["destroyed"] == sum(1 for d in faced["dice"] if d >= 5)
        assert state["players"][0]["ships"].get("S:vega", 0) == 1 - faced["destroyed"]
        assert ev(events, "dice_rolled")[0]["seat"] == 2  # the player to the right rolls
    through = build(turn=0, phase="command", systems=[hazard, {"id": "deneb", "slots": [], "xy": [45, 41.5]}],
                    lanes=[("l1", "earth", "vega", 1), ("l2", "vega", "deneb", 1)])
    through["turn"]["move"] = {"unit": "ship", "kind": "warp", "at": "S:earth", "left": 3, "moved": False,
                               "warp": None}
    through, events = run(through, cmd(0, "step", to="L:l1:1"), cmd(0, "step", to="S:vega"),
                          cmd(0, "step", to="L:l2:1"), cmd(0, "stop"))
    assert not ev(events, "hazard_faced")  # passing through does not trigger it


@pytest.mark.rules("ascendancy:R54", "ascendancy:R55", "ascendancy:R56")
def test_new_lanes_need_a_free_connection_and_abandoned_lanes_are_removed() -> None:
    state = build(turn=0, phase="command")
    state, _ = run(state, cmd(0, "impulse", unit="ship:S:earth"))
    assert {"lane": True} in steps(state, 0)
    state, events = run(state, cmd(0, "step", lane=True))
    rolled = ev(events, "lane_rolled")[0]["length"]
    assert rolled in catalog.LANE_DIE and state["lanes"] == {}
    directions = steps(state, 0)
    assert directions and all(set(s) == {"direction"} for s in directions)
    assert ("stop", {}) not in legal(state, 0)  # the lane must be placed
    state, events = run(state, cmd(0, "step", **directions[0]))
    (lid, lane), = state["lanes"].items()
    assert lane["length"] == rolled and lane["b"] is None
    assert state["players"][0]["ships"][f"L:{lid}:1"] == 1
    state, _ = run(state, cmd(0, "step", to="S:earth"))
    assert state["lanes"] == {}  # no ship left in it and one end open
    full = build(turn=0, phase="command", systems=[{**VEGA, "max_lanes": 1}], lanes=[LANE],
                 ships={0: {"S:vega": 1}})
    full, _ = run(full, cmd(0, "impulse", unit="ship:S:vega"))
    assert {"lane": True} not in steps(full, 0)


@pytest.mark.rules("ascendancy:R57", "ascendancy:R63", "ascendancy:R64", "ascendancy:R66")
def test_the_open_end_of_a_lane_discovers_the_top_disc_and_its_exploration_card() -> None:
    disc = next(d for d, v in catalog.DISCS.items() if v["kind"] == "planet" and not v["hazard"])
    card = next(c for c, v in catalog.EXPLORATION.items() if v["type"] == "discovery" and v["effects"]
                and all(e["kind"] == "gain" for e in v["effects"]) and not v.get("recurring"))
    state = build(turn=0, phase="command", stack=[disc], exploration=[card], ships={0: {"L:l9:2": 1}},
                  lanes=[("l9", "earth", None, 2)])
    state, _ = run(state, cmd(0, "impulse", unit="ship:L:l9:2"))
    assert {"explore": True} in steps(state, 0)
    state, events = run(state, cmd(0, "step", explore=True))
    assert disc in state["systems"] and state["lanes"]["l9"]["b"] == disc
    assert state["turn"]["move"] is None  # entering a new system ends the move
    assert state["players"][0]["ships"] == {f"S:{disc}": 1}
    gain = catalog.EXPLORATION[card]["effects"][0]["bundle"]
    assert ev(events, "exploration_card")[0]["card"] == card
    for res, amount in gain.items():
        assert state["players"][0]["resources"][res] == 3 + amount
    assert card in state["exploration"]["discard"]


@pytest.mark.rules("ascendancy:R73", "ascendancy:R74", "ascendancy:R158")
def test_a_new_phenomenon_gets_a_research_token_that_survivors_take() -> None:
    disc = next(d for d, v in catalog.DISCS.items() if v["kind"] == "phenomenon")
    for seed in range(4):
        state = build(turn=0, phase="command", stack=[disc], ships={0: {"L:l9:2": 1}},
                      lanes=[("l9", "earth", None, 2)])
        deck = len(state["exploration"]["deck"])
        state, events = run(state, cmd(0, "impulse", unit="ship:L:l9:2"), cmd(0, "step", explore=True), seed=seed)
        assert len(state["exploration"]["deck"]) == deck  # no exploration card
        p = state["players"][0]
        assert p["resources"]["culture"] == 4  # Federation: +1 Culture for a new phenomenon
        survived = ev(events, "hazard_faced")[0]["destroyed"] == 0
        assert p["resources"]["research"] == (4 if survived else 3)
        assert state["systems"][disc]["research"] == (0 if survived else 1)


@pytest.mark.rules("ascendancy:R75")
def test_a_ship_that_starts_on_a_phenomenon_may_research_it_for_a_command() -> None:
    neb = {"id": "neb", "kind": "phenomenon", "slots": [], "hazard": 7, "xy": [45, 56.5], "research": 1}
    state = build(turn=0, phase="command", systems=[neb], lanes=[("l1", "earth", "neb", 2)],
                  ships={0: {"S:neb": 1, "S:earth": 3}})
    state, events = run(state, cmd(0, "research", at="neb"))
    assert state["players"][0]["resources"]["research"] == 4 and state["players"][0]["ready"] == 4
    refused(state, cmd(0, "research", at="neb"), "no_research_token", "ascendancy:R75")


@pytest.mark.rules("ascendancy:R58", "ascendancy:R59", "ascendancy:R60", "ascendancy:R33", "ascendancy:R38")
def test_connecting_a_floating_system_fixes_it_and_makes_first_contact() -> None:
    systems = [VEGA, {"id": "deneb", "slots": ["research"], "xy": [45.0, 41.5]}]
    state = build(turn=0, phase="command", systems=systems, lanes=[LANE, ("l2", "qonos", "deneb", 4)],
                  ships={0: {"S:vega": 1}})
    assert board.is_floating(state, "vega") and board.is_fixed(state, "earth")
    assert not board.first_contact(state, 0)
    state, _ = run(state, cmd(0, "impulse", unit="ship:S:vega"))
    assert {"connect": "deneb"} in steps(state, 0)
    state, events = run(state, cmd(0, "step", connect="deneb"))
    assert "deneb" in board.linked_systems(state, "vega") and board.is_fixed(state, "vega")
    assert board.connected_systems(state, "earth") >= {"earth", "vega", "deneb", "qonos"}
    assert {e["seat"] for e in ev(events, "first_contact")} == {0, 1}
    assert state["players"][0]["first_contact"] and not state["players"][2]["first_contact"]


@pytest.mark.rules("ascendancy:R70", "ascendancy:R71")
@pytest.mark.scenarios("ascendancy:S34")
def test_warp_civilizations_develop_production_then_research_then_culture() -> None:
    from games.ascendancy.engine.movement import develop_warp_civilization
    from games.ascendancy.engine.setup import new_system

    ardana = new_system("ardana", {"slots": ["production", "research", "open"], "max_lanes": 3}, [0, 0])
    develop_warp_civilization(ardana, 3, 3)
    assert ardana["nodes"] == ["production", "research", "production"] and ardana["warp_level"] == 3
    delta = new_system("delta", {"slots": ["research", "research", "open"], "max_lanes": 3}, [0, 0])
    develop_warp_civilization(delta, 2, 2)
    assert delta["nodes"] == ["research", None, "production"]
    assert RULES  # the engine instance imports


@pytest.mark.rules("ascendancy:R67", "ascendancy:R68")
def test_allies_need_a_diplomacy_test_and_go_under_the_deck_on_failure() -> None:
    from games.ascendancy.engine.movement import resolve_exploration
    from games.ascendancy.engine.state import Ctx
    from games.engine.core import Rng

    ally = next(c for c, v in catalog.EXPLORATION.items() if v["type"] == "ally" and v.get("diplomacy"))
    number = catalog.EXPLORATION[ally]["diplomacy"]["number"]
    outcomes = set()
    for seed in range(12):
        state = build(turn=0, systems=[VEGA], ships={0: {"S:vega": 1}})
        ctx = Ctx(state=state, rng=Rng.from_seed(seed))
        resolve_exploration(ctx, 0, "vega", ally)
        test = ev(ctx.events, "diplomacy_test")[0]
        assert test["passed"] == (test["die"] + 1 > number)
        if test["passed"]:
            assert state["players"][0]["allies"] == [ally]
        else:
            assert state["exploration"]["deck"][0] == ally
        outcomes.add(test["passed"])
    assert outcomes == {True, False}


@pytest.mark.rules("ascendancy:R59")
def test_a_floating_system_swings_around_its_anchor_once_a_turn() -> None:
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE])
    options = [a for k, a in legal(state, 0) if k == "swing"]
    assert options and all(a["system"] == "vega" for a in options)  # Earth is a home: Fixed
    before = state["systems"]["vega"]["xy"]
    state, _ = run(state, cmd(0, "swing", **options[0]))
    assert state["systems"]["vega"]["xy"] != before and state["lanes"]["l1"]["b"] == "vega"
    refused(state, cmd(0, "swing", **options[-1]), "already_swung", "ascendancy:R59", system="vega")


@pytest.mark.rules("ascendancy:R127", "ascendancy:R50", "ascendancy:R128")
def test_ships_join_and_leave_a_fleet_within_its_limits_but_not_while_it_moves() -> None:
    from games.ascendancy.engine import catalog

    fleet = catalog.FLEETS["federation"][0]
    side = fleet["sides"][0]
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE], ships={0: {"S:earth": 1}},
                  fleets={0: {fleet["id"]: (side["side"], side["min"], "S:earth")}})
    refused(state, cmd(0, "fleet_join", fleet=fleet["id"], leave=True), "bad_fleet_size", "ascendancy:R127",
            minimum=side["min"], maximum=side["max"])
    state, _ = run(state, cmd(0, "fleet_join", fleet=fleet["id"]))
    assert state["players"][0]["fleets"][fleet["id"]]["ships"] == side["min"] + 1
    assert state["players"][0]["ships"] == {}
    moving, _ = run(state, cmd(0, "impulse", unit=f"fleet:{fleet['id']}"))
    refused(moving, cmd(0, "disband", fleet=fleet["id"]), "finish_the_move")
    state, _ = run(state, cmd(0, "disband", fleet=fleet["id"]))
    assert state["players"][0]["ships"] == {"S:earth": side["min"] + 1} and state["players"][0]["ready"] == 5


@pytest.mark.rules("ascendancy:R55", "ascendancy:R57", "ascendancy:R63", "ascendancy:R54")
def test_the_traveler_places_a_new_system_where_it_fits_and_the_ships_cross_into_it() -> None:
    from games.ascendancy.engine import layout

    discs = [d for d, v in catalog.DISCS.items() if v["kind"] == "planet" and not v["hazard"]][:2]
    quiet = next(c for c, v in catalog.EXPLORATION.items() if v["type"] == "discovery" and v["effects"]
                 and all(e["kind"] == "gain" for e in v["effects"]) and not v.get("recurring"))
    state = build(turn=0, phase="command", stack=discs, exploration=["the_traveler", quiet],
                  ships={0: {"L:l9:2": 1}}, lanes=[("l9", "earth", None, 2)],
                  fleets={0: {"fed_fleet_2": ("fed_defense_fleet", 3, "L:l9:2")}})
    state, _ = run(state, cmd(0, "impulse", unit="fleet:fed_fleet_2"), cmd(0, "step", explore=True))
    first, second = discs
    state["players"][0]["ships"] = {f"S:{first}": 1}  # a loose ship there too: every ship of his crosses
    decision = RULES.decision_for(state, 0)
    assert decision is not None and decision.prompt == "place_system"
    length = state["prompt"]["length"]
    fitting = layout.placements(state, first, length)
    # only the directions where the lane and the disc both fit are offered (R54, R57)
    assert fitting and legal(state, 0) == [("place_system", {"direction": d}) for d in fitting]
    assert len(fitting) < 24
    blocked = next(d for d in range(24) if d not in fitting)
    refused(state, cmd(0, "place_system", direction=blocked), "not_now")
    assert all(kind != "place_system" for kind, _ in legal(state, 1))
    state, events = run(state, cmd(0, "place_system", direction=fitting[0]))
    assert second in state["systems"] and board.linked_systems(state, first) >= {second}
    p = state["players"][0]
    assert p["ships"] == {f"S:{second}": 1} and p["fleets"]["fed_fleet_2"]["sector"] == f"S:{second}"
    assert ev(events, "traveler_moved") == [{"seat": 0, "src": first, "system": second, "ships": 4}]
    assert ev(events, "exploration_card")[0]["card"] == quiet  # the new system is explored (R63)
    assert layout.violations(state) == []
    assert RULES.decision_for(state, 0).prompt == "command_phase"
    # no free lane connection left: the card does nothing
    from games.ascendancy.engine.movement import resolve_exploration
    from games.ascendancy.engine.state import Ctx
    from games.engine.core import Rng

    full = build(turn=0, phase="command", systems=[{**VEGA, "max_lanes": 1}], lanes=[LANE], ships={0: {"S:vega": 1}})
    ctx = Ctx(state=full, rng=Rng.from_seed(0))
    resolve_exploration(ctx, 0, "vega", "the_traveler")
    assert [e.kind for e in ctx.events][-1] == "traveler_no_room" and full["prompt"] is None
    assert full["players"][0]["ships"] == {"S:vega": 1}


# --- Acceptance scenarios of the digest: movement, warp and the map ---------------------------------------

X = {"id": "x", "slots": ["production"], "xy": [67.95, 46.75]}  # one 2-sector lane below Romulus
Y = {"id": "y", "slots": ["research"], "xy": [67.95, 61.75]}  # and one below X
ROMULUS_X_Y = [("l1", "romulus", "x", 2), ("l2", "x", "y", 2)]


def quiet_card() -> str:
    return next(c for c, v in catalog.EXPLORATION.items() if v["type"] == "discovery" and v["effects"]
                and all(e["kind"] == "gain" for e in v["effects"]) and not v.get("recurring"))


@pytest.mark.rules("ascendancy:R57", "ascendancy:R48")
@pytest.mark.scenarios("ascendancy:S19")
def test_a_new_system_placed_while_exiting_warp_ends_the_move_and_the_rest_of_the_range_is_lost() -> None:
    disc = next(d for d, v in catalog.DISCS.items() if v["kind"] == "planet" and not v["hazard"])
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE, ("l9", "vega", None, 2)], stack=[disc],
                  exploration=[quiet_card()], ships={0: {"S:earth": 2}})
    state["players"][0]["warp"] = [{"id": "w1", "fleet": None, "ships": 1, "origin": "S:earth", "tokens": 3,
                                    "fresh": False}]
    state, _ = run(state, cmd(0, "exit_warp", warp="w1"))
    assert state["turn"]["move"]["left"] == 3  # three systems of range
    state, _ = run(state, *[cmd(0, "step", to=t) for t in ("L:l1:1", "L:l1:2", "S:vega", "L:l9:1", "L:l9:2")])
    assert state["turn"]["move"]["left"] == 2  # one system passed
    state, events = run(state, cmd(0, "step", explore=True))
    assert ev(events, "system_discovered") and "move_ended" in [e.kind for e in events]
    assert state["turn"]["move"] is None  # two systems of range are lost
    p = state["players"][0]
    assert p["warp"] == [] and p["ships"] == {"S:earth": 2, f"S:{disc}": 1}  # its Warp tokens are discarded


@pytest.mark.rules("ascendancy:R48", "ascendancy:R137")
@pytest.mark.scenarios("ascendancy:S20")
def test_warp_range_is_the_tokens_plus_the_ready_warp_icons_not_counting_the_origin() -> None:
    systems = [VEGA, {"id": "deneb", "slots": ["research"], "xy": [45.0, 41.5]},
               {"id": "altair", "slots": ["culture"], "xy": [45.0, 26.5]}]
    lanes = [LANE, ("l2", "vega", "deneb", 2), ("l3", "deneb", "altair", 2)]
    assert catalog.ADVANCEMENTS["fed_warp_core_refinement"]["warp"] == 1
    for exhausted, left in ((False, 3), (True, 2)):
        state = build(turn=0, phase="command", systems=systems, lanes=lanes, ships={0: {"S:earth": 2}},
                      advancements={0: ["fed_warp_core_refinement"]})
        state["players"][0]["advancements"][-1]["exhausted"] = exhausted
        state["players"][0]["warp"] = [{"id": "w1", "fleet": None, "ships": 1, "origin": "S:earth", "tokens": 2,
                                        "fresh": False}]
        state, _ = run(state, cmd(0, "exit_warp", warp="w1"))
        assert state["turn"]["move"]["left"] == left
        path = ["L:l1:1", "L:l1:2", "S:vega", "L:l2:1", "L:l2:2", "S:deneb", "L:l3:1", "L:l3:2"]
        state, _ = run(state, *[cmd(0, "step", to=t) for t in path])
        reaches_altair = {"to": "S:altair"} in steps(state, 0)
        assert reaches_altair == (left == 3)  # Earth, the origin, is not counted


@pytest.mark.rules("ascendancy:R49")
@pytest.mark.scenarios("ascendancy:S22")
def test_a_hostile_ship_blocks_passage_through_a_system_unless_you_control_it() -> None:
    spec = {"turn": 2, "phase": "command", "lanes": ROMULUS_X_Y, "ships": {2: {"L:l1:2": 1}, 1: {"S:x": 1}}}
    state = build(systems=[X, Y], **spec)
    state, _ = run(state, cmd(2, "impulse", unit="ship:L:l1:2"))
    assert {"to": "S:x"} not in steps(state, 2)
    refused(state, cmd(2, "step", to="S:x"), "step_not_possible", "ascendancy:R49")
    mine = build(systems=[{**X, "control": 2}, Y], **spec)
    mine, _ = run(mine, cmd(2, "impulse", unit="ship:L:l1:2"), cmd(2, "step", to="S:x"), cmd(2, "step", to="L:l2:1"))
    assert mine["players"][2]["ships"] == {"L:l2:1": 1}  # through X


@pytest.mark.rules("ascendancy:R49")
@pytest.mark.scenarios("ascendancy:S23")
def test_a_refused_passage_at_warp_ends_the_move_in_the_sector_before_for_good() -> None:
    state = build(turn=2, phase="command", systems=[X, Y], lanes=ROMULUS_X_Y,
                  ships={2: {"S:romulus": 2}, 0: {"L:l2:1": 2}}, trade_held={2: {0: 0}})  # at Peace
    state["players"][2]["warp"] = [{"id": "w1", "fleet": None, "ships": 1, "origin": "S:romulus", "tokens": 2,
                                    "fresh": False}]
    state, _ = run(state, cmd(2, "exit_warp", warp="w1"),
                   *[cmd(2, "step", to=t) for t in ("L:l1:1", "L:l1:2", "S:x", "L:l2:1")])
    assert RULES.decision_for(state, 0).prompt == "passage" and RULES.seats_to_act(state) == {0}
    state, events = run(state, cmd(0, "refuse_passage"))
    assert ev(events, "passage_answered")[0]["allowed"] is False
    p = state["players"][2]
    assert state["turn"]["move"] is None and p["ships"] == {"S:romulus": 2, "S:x": 1}  # the sector before L
    assert p["warp"] == [] and p["ready"] == 4  # the Warp tokens are spent: no second try
    refused(state, cmd(2, "exit_warp", warp="w1"), "no_such_warp", "ascendancy:R47")
    refused(state, cmd(2, "step", to="L:l2:1"), "unknown_command")  # no move open


@pytest.mark.rules("ascendancy:R60")
@pytest.mark.scenarios("ascendancy:S26")
def test_a_lane_too_short_for_a_connection_at_impulse_lets_the_ship_return_with_its_second_point() -> None:
    deneb = {"id": "deneb", "slots": ["research"], "xy": [45.0, 37.5]}  # 3 sectors of gap above Vega
    state = build(turn=0, phase="command", systems=[VEGA, deneb], lanes=[LANE], ships={0: {"S:vega": 1}})
    assert board.is_floating(state, "vega")
    state, _ = run(state, cmd(0, "impulse", unit="ship:S:vega"))
    short = next(seed for seed in range(20)
                 if "connection_too_short" in [e.kind for e in run(state, cmd(0, "step", connect="deneb"),
                                                                   seed=seed)[1]])
    state, events = run(state, cmd(0, "step", connect="deneb"), seed=short)
    assert ev(events, "lane_rolled")[0]["length"] == 2
    direction = steps(state, 0)[0]
    state, _ = run(state, cmd(0, "step", **direction))  # into the new lane: the 1st point
    (lid,) = set(state["lanes"]) - {"l1"}
    assert state["turn"]["move"]["left"] == 1 and {"to": "S:vega"} in steps(state, 0)
    state, events = run(state, cmd(0, "step", to="S:vega"))  # back with the 2nd point
    assert state["players"][0]["ships"] == {"S:vega": 1} and state["turn"]["move"] is None
    assert lid not in state["lanes"]  # the abandoned lane goes (R56)
    assert "deneb" not in board.linked_systems(state, "vega")


# --- Acceptance scenarios of the digest: hazards, exploration, phenomena ----------------------------------


@pytest.mark.rules("ascendancy:R51")
@pytest.mark.scenarios("ascendancy:S28")
def test_only_ending_an_impulse_move_in_a_hazard_rolls_not_building_there_nor_warping_through() -> None:
    hazard = {**VEGA, "hazard": 4, "control": 0, "starbase": True}
    built = build(turn=0, systems=[hazard], lanes=[LANE])
    built, events = run(built, cmd(0, "build_ship", at="vega"), cmd(0, "build_ship", at="vega"))
    assert built["players"][0]["ships"]["S:vega"] == 2 and not ev(events, "hazard_faced")
    deneb = {"id": "deneb", "slots": ["research"], "xy": [45.0, 41.5]}
    warp = build(turn=0, phase="command", systems=[hazard, deneb], lanes=[LANE, ("l2", "vega", "deneb", 2)],
                 ships={0: {"S:earth": 2}})
    warp["players"][0]["warp"] = [{"id": "w1", "fleet": None, "ships": 1, "origin": "S:earth", "tokens": 2,
                                   "fresh": False}]
    warp, events = run(warp, cmd(0, "exit_warp", warp="w1"),
                       *[cmd(0, "step", to=t) for t in ("L:l1:1", "L:l1:2", "S:vega", "L:l2:1", "L:l2:2", "S:deneb")],
                       cmd(0, "stop"))
    assert warp["players"][0]["ships"]["S:deneb"] == 1 and not ev(events, "hazard_faced")
    impulse = build(turn=0, phase="command", systems=[hazard], lanes=[LANE], ships={0: {"S:earth": 1}})
    impulse, events = run(impulse, cmd(0, "impulse", unit="ship:S:earth"), cmd(0, "step", to="L:l1:1"),
                          cmd(0, "step", to="L:l1:2"))
    impulse, events = run(impulse, cmd(0, "impulse", unit="ship:L:l1:2"), cmd(0, "step", to="S:vega"),
                          cmd(0, "stop"))
    assert len(ev(events, "hazard_faced")) == 1 and len(ev(events, "hazard_faced")[0]["dice"]) == 1


def _discoverer_died(disc: str = "ceti_alpha_v") -> tuple[dict[str, Any], list[Any], int]:
    """The Federation's lone ship discovers the hazardous ``disc`` and dies there (R63): the first seed that
    kills it. The state, the move's events and the Exploration deck's size before."""
    assert catalog.DISCS[disc]["kind"] == "planet" and catalog.DISCS[disc]["hazard"] == 5
    for seed in range(60):
        state = build(turn=0, phase="command", stack=[disc], ships={0: {"L:l9:2": 1}},
                      lanes=[("l9", "earth", None, 2)])
        deck = len(state["exploration"]["deck"])
        state, events = run(state, cmd(0, "impulse", unit="ship:L:l9:2"), cmd(0, "step", explore=True), seed=seed)
        if ev(events, "hazard_faced")[0]["destroyed"]:
            return state, events, deck
    raise AssertionError("no roll destroyed the discoverer")


@pytest.mark.rules("ascendancy:R63")
@pytest.mark.scenarios("ascendancy:S29")
def test_an_exploration_card_lies_face_down_unseen_where_the_discoverers_died_until_a_survivor_ends_there() -> None:
    disc = "ceti_alpha_v"
    state, events, deck = _discoverer_died(disc)
    card = state["systems"][disc]["face_down"]
    assert card and len(state["exploration"]["deck"]) == deck - 1 and not ev(events, "exploration_card")
    assert state["players"][0]["ships"] == {}  # the discoverer died
    for seat in (None, 0, 1, 2):  # no one sees it, the discoverer included
        view = RULES.view(state, seat)
        assert view["systems"][disc]["face_down"] is True
        assert card not in str(view)
    seen = set()
    for seed in range(12):  # the next ship to end a move there and survive resolves it
        x = {"id": "x", "slots": ["production"], "xy": [67.95, 46.75], "hazard": 5}
        nxt = build(turn=2, phase="command", systems=[x], lanes=[("l1", "romulus", "x", 2)], ships={2: {"L:l1:2": 1}})
        nxt["systems"]["x"]["face_down"] = card
        nxt["exploration"]["deck"].remove(card)
        nxt, events = run(nxt, cmd(2, "impulse", unit="ship:L:l1:2"), cmd(2, "step", to="S:x"), cmd(2, "stop"),
                          seed=seed)
        survived = ev(events, "hazard_faced")[0]["destroyed"] == 0
        assert (nxt["systems"]["x"]["face_down"] is None) == survived
        assert [e["card"] for e in ev(events, "exploration_card")] == ([card] if survived else [])
        seen.add(survived)
    assert seen == {True, False}


@pytest.mark.rules("ascendancy:R63", "ascendancy:R68")
def test_a_face_down_exploration_card_is_drawn_again_with_the_unseen_deck_for_a_seat_that_never_saw_it() -> None:
    disc = "ceti_alpha_v"
    state, _, _ = _discoverer_died(disc)
    card = state["systems"][disc]["face_down"]
    unseen = sorted([*state["exploration"]["deck"], card])
    for seat in (None, 0, 1, 2):  # nobody saw it, the discoverer included
        drawn = set()
        for seed in range(20):
            other = RULES.rerandomise(state, seat, Rng.from_seed(seed))
            assert RULES.view(other, seat) == RULES.view(state, seat)
            assert sorted([*other["exploration"]["deck"], other["systems"][disc]["face_down"]]) == unseen
            drawn.add(other["systems"][disc]["face_down"])
        assert len(drawn) > 1, seat  # the card may be any unseen one
    state["players"][1]["peeked"] = {"exploration": [card]}  # had seat 1 looked at it (RULINGS E32), he knows it
    assert all(RULES.rerandomise(state, 1, Rng.from_seed(seed))["systems"][disc]["face_down"] == card
               for seed in range(20))
    assert any(RULES.rerandomise(state, 0, Rng.from_seed(seed))["systems"][disc]["face_down"] != card
               for seed in range(20))


@pytest.mark.rules("ascendancy:R75", "ascendancy:R30")
@pytest.mark.scenarios("ascendancy:S31")
def test_researching_a_phenomenon_takes_its_one_token_with_one_ship_that_started_there() -> None:
    neb = {"id": "neb", "kind": "phenomenon", "slots": [], "hazard": 4, "xy": [45, 56.5], "research": 1}
    outcomes = set()
    for seed in range(12):
        state = build(turn=0, phase="command", systems=[neb], lanes=[("l1", "earth", "neb", 2)],
                      ships={0: {"S:neb": 3, "S:earth": 3}})
        state, events = run(state, cmd(0, "research", at="neb"), seed=seed)
        faced = ev(events, "hazard_faced")[0]
        assert len(faced["dice"]) == 1 and state["players"][0]["ready"] == 4  # 1 Command, 1 ship faces it
        survived = faced["destroyed"] == 0
        assert state["players"][0]["resources"]["research"] == 3 + survived
        assert state["systems"]["neb"]["research"] == (0 if survived else 1)
        outcomes.add(survived)
        if survived:
            refused(state, cmd(0, "research", at="neb"), "no_research_token", "ascendancy:R75")
    assert outcomes == {True, False}
    arrived = build(turn=0, phase="command", systems=[neb], lanes=[("l1", "earth", "neb", 2)],
                    ships={0: {"L:l1:2": 1}})
    arrived["systems"]["neb"]["hazard"] = 0
    arrived, _ = run(arrived, cmd(0, "impulse", unit="ship:L:l1:2"), cmd(0, "step", to="S:neb"), cmd(0, "stop"))
    arrived["systems"]["neb"]["research"] = 1
    refused(arrived, cmd(0, "research", at="neb"), "no_ship_started_there", "ascendancy:R75")
    empty = {**neb, "id": "empty", "research": 0, "xy": [30, 56.5]}
    recharge = build(turn=0, systems=[neb, empty], lanes=[("l1", "earth", "neb", 2)])
    recharge["order"] = [0]
    recharge, _ = run(recharge, cmd(0, "end_build"), cmd(0, "end_turn"))
    assert recharge["systems"]["empty"]["research"] == 1 and recharge["systems"]["neb"]["research"] == 1


@pytest.mark.rules("ascendancy:R67")
@pytest.mark.scenarios("ascendancy:S32")
def test_a_diplomacy_test_needs_a_total_strictly_above_the_number() -> None:
    from games.ascendancy.engine.movement import resolve_exploration
    from games.ascendancy.engine.state import Ctx
    from games.engine.core import Rng

    assert catalog.EXPLORATION["coridanite_miners"]["diplomacy"]["number"] == 5
    results: dict[int, bool] = {}
    for seed in range(40):
        state = build(turn=0, systems=[VEGA], ships={0: {"S:vega": 1}}, authority={0: 2})
        ctx = Ctx(state=state, rng=Rng.from_seed(seed))
        resolve_exploration(ctx, 0, "vega", "coridanite_miners")
        test = ev(ctx.events, "diplomacy_test")[0]
        assert test["authority"] == 2 and test["number"] == 5
        results[test["die"]] = test["passed"]
        assert (state["players"][0]["allies"] == ["coridanite_miners"]) == test["passed"]
    assert results[3] is False and results[4] is True  # 3 + 2 = 5 fails, 4 + 2 = 6 passes


@pytest.mark.rules("ascendancy:R158")
@pytest.mark.scenarios("ascendancy:S35")
def test_the_federation_gains_a_culture_per_phenomenon_discovered_and_civilization_card_drawn() -> None:
    phenomenon = next(d for d, v in catalog.DISCS.items() if v["kind"] == "phenomenon" and not v.get("transwarp"))
    planet = next(d for d, v in catalog.DISCS.items() if v["kind"] == "planet" and not v["hazard"])
    for civ, gain in (("federation", 1), ("klingon", 0)):
        seat = 0 if civ == "federation" else 1
        home = "earth" if civ == "federation" else "qonos"
        for disc, card in ((phenomenon, None), (planet, "valakis")):
            state = build(turn=seat, phase="command", stack=[disc], exploration=[card] if card else [],
                          lanes=[("l9", home, None, 2)], ships={seat: {"L:l9:2": 1}})
            before = state["players"][seat]["resources"]["culture"]
            state, events = run(state, cmd(seat, "impulse", unit="ship:L:l9:2"), cmd(seat, "step", explore=True))
            if card:
                assert ev(events, "exploration_card")[0]["card"] == card
            assert state["players"][seat]["resources"]["culture"] == before + gain, (civ, disc)


@pytest.mark.rules("ascendancy:R74", "ascendancy:R75", "ascendancy:R16")
def test_research_taken_from_a_phenomenon_goes_on_projects_at_most_one_each_or_to_the_reserve() -> None:
    neb = {"id": "neb", "kind": "phenomenon", "slots": [], "hazard": 7, "xy": [45, 56.5], "research": 2}

    def taken(research_on_project: int = 0) -> dict[str, Any]:
        state = build(turn=0, phase="command", systems=[neb], lanes=[("l1", "earth", "neb", 2)],
                      ships={0: {"S:neb": 1}}, projects={0: [("fed_multiphasic_shields", research_on_project)]})
        state, _ = run(state, cmd(0, "research", at="neb"))
        return state

    state = taken()
    assert RULES.decision_for(state, 0).prompt == "place_research"
    assert sorted(map(str, legal(state, 0))) == sorted(map(str, [("place_research", {"project": "fed_multiphasic_shields"}),
                                                               ("place_research", {})]))
    on_project, _ = run(state, cmd(0, "place_research", project="fed_multiphasic_shields"))
    p = on_project["players"][0]
    assert p["projects"] == [{"card": "fed_multiphasic_shields", "research": 1}]
    assert p["resources"]["research"] == 3 + 1 and on_project["prompt"] is None  # the second: one per Project
    in_reserve, _ = run(state, cmd(0, "place_research"))
    assert in_reserve["players"][0]["resources"]["research"] == 3 + 2
    assert in_reserve["players"][0]["projects"] == [{"card": "fed_multiphasic_shields", "research": 0}]
    done, events = run(taken(3), cmd(0, "place_research", project="fed_multiphasic_shields"))  # its 4th: complete
    assert ev(events, "advancement_completed") == [{"seat": 0, "card": "fed_multiphasic_shields"}]
    without = build(turn=0, phase="command", systems=[neb], lanes=[("l1", "earth", "neb", 2)], ships={0: {"S:neb": 1}})
    without, _ = run(without, cmd(0, "research", at="neb"))  # no Project: straight to the Reserve
    assert without["prompt"] is None and without["players"][0]["resources"]["research"] == 5
    two = build(turn=0, phase="command", systems=[neb], lanes=[("l1", "earth", "neb", 2)], ships={0: {"S:neb": 1}},
                projects={0: [("fed_multiphasic_shields", 0), ("fed_subspace_telescopes", 0)]})
    two, _ = run(two, cmd(0, "research", at="neb"), cmd(0, "place_research", project="fed_subspace_telescopes"))
    assert [args for kind, args in legal(two, 0)] == [{"project": "fed_multiphasic_shields"}, {}]
    refused(two, cmd(0, "place_research", project="fed_subspace_telescopes"), "not_now")
    two, _ = run(two, cmd(0, "place_research", project="fed_multiphasic_shields"))
    assert [pr["research"] for pr in two["players"][0]["projects"]] == [1, 1] and two["prompt"] is None
    assert two["players"][0]["resources"]["research"] == 3


@pytest.mark.rules("ascendancy:R75")
def test_researching_a_phenomenon_the_player_chooses_how_many_of_his_ships_there_face_the_hazard() -> None:
    neb = {"id": "neb", "kind": "phenomenon", "slots": [], "hazard": 4, "xy": [45, 56.5], "research": 1}
    state = build(turn=0, phase="command", systems=[neb], lanes=[("l1", "earth", "neb", 2)],
                  ships={0: {"S:neb": 3}}, fleets={0: {"fed_fleet_1": ("fed_colonization_fleet", 3, "S:neb")}})
    offered = [a for k, a in legal(state, 0) if k == "research"]
    assert offered == [{"at": "neb", "ships": 1}, {"at": "neb", "ships": 2}, {"at": "neb", "ships": 3},
                       {"at": "neb", "fleet": "fed_fleet_1"}]
    refused(state, cmd(0, "research", at="neb", ships=4), "not_enough_ships_there", "ascendancy:R75")
    for seed in range(6):
        after, events = run(state, cmd(0, "research", at="neb", ships=3), seed=seed)
        faced, = ev(events, "hazard_faced")
        assert len(faced["dice"]) == 3 and after["players"][0]["ready"] == 4
        assert after["players"][0]["ships"].get("S:neb", 0) == 3 - faced["destroyed"]
        assert after["players"][0]["fleets"]["fed_fleet_1"]["ships"] == 3  # the fleet did not face it
        assert after["players"][0]["resources"]["research"] == 3 + (faced["destroyed"] < 3)
