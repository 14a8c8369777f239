"""The Borg turn as automatic steps: Hub roll, Build Phase, Command Phase, movement, combat, Assimilation
(ascendancy:R217-R259)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import RULES, board, layout
from games.engine.core import AUTO_SEAT, Command, Rng
from tests.ascendancy.engine.borg_helpers import borg, borg_turn, ctx_for, the_cube
from tests.ascendancy.engine.helpers import ev

AUTO = Command(AUTO_SEAT, "automaton_turn")
VEGA = {"id": "vega", "slots": ["production", "research"], "nodes": ["production", "research"], "control": 1,
        "xy": [45.0, 60.0]}
RIGEL = {"id": "rigel", "slots": ["culture"], "nodes": ["culture"], "control": 0, "xy": [60.0, 45.0]}


ANSWERED = ("borg_lose_structure", "borg_allocate_hits", "borg_retreat")


def auto(state: dict[str, Any], seed: int = 0) -> tuple[dict[str, Any], list[Any]]:
    """One automatic step; an open Structure, hit or retreat prompt is answered with its first choice."""
    prompt = state["prompt"]
    if prompt is not None and prompt["kind"] in ANSWERED:
        out = RULES.apply(state, RULES.legal_commands(state, prompt["seat"])[0], Rng.from_seed(seed))
    else:
        out = RULES.apply(state, AUTO, Rng.from_seed(seed))
    return out.state, list(out.events)


def until(state: dict[str, Any], kind: str, seed: int = 0, limit: int = 60) -> tuple[dict[str, Any], list[Any]]:
    """Apply automatic steps until an event of ``kind`` (each step one command)."""
    events: list[Any] = []
    for i in range(limit):
        state, evs = auto(state, seed + i)
        events += evs
        if any(e.kind == kind for e in evs):
            return state, events
    raise AssertionError(f"no {kind}")


@pytest.mark.rules("ascendancy:R217", "ascendancy:R216")
def test_a_borg_turn_is_one_step_per_automatic_command_with_a_progress_line() -> None:
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[VEGA], lanes=[("l1", "transwarp_hub", "vega", 1)])
    assert RULES.auto_command(state) == AUTO
    state, events = auto(state)
    assert [e.kind for e in events] == ["borg_turn_started"]
    assert state["borg"]["cursor"]["stage"] == "hub"
    state, events = auto(state)
    assert ev(events, "borg_hub_no_roll")[0]["reason"] == "hub_has_cube"
    state, events = auto(state)  # no Spire: the Command Phase begins
    assert ev(events, "borg_command_phase") == [{"cubes": 1, "rule": "ascendancy:R222"}]
    state, events = auto(state)
    assert ev(events, "borg_cube_activated")[0]["number"] == 1
    assert borg.progress(state) == {"stage": "command", "cube": 1, "of": 1, "active": "cube1", "act": "engage",
                                    "spire": 0, "spires": 0}
    assert RULES.view(state, 0)["borg"]["progress"]["of"] == 1


@pytest.mark.rules("ascendancy:R218")
def test_the_hub_roll_makes_a_cube_on_the_borg_symbol_only() -> None:
    made = 0
    for seed in range(30):
        state = borg_turn()
        state, _ = auto(state)
        state, events = auto(state, seed)
        roll = ev(events, "borg_hub_roll")[0]
        assert roll["cube"] == (roll["dice"] == [6])
        assert bool(state["borg"]["cubes"]) == roll["cube"]
        made += roll["cube"]
    assert 0 < made < 30


@pytest.mark.rules("ascendancy:R219", "ascendancy:R220")
def test_each_spire_takes_one_action_per_build_phase() -> None:
    spires = [{"system": "vega", "nodes": 1}, {"system": "rigel", "nodes": 3},
              {"system": "deneb", "nodes": 0, "cube": "cube9"}]
    deneb = {"id": "deneb", "slots": [], "xy": [30.0, 45.0]}
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, spires=spires, systems=[VEGA, RIGEL, deneb])
    for _ in range(2):
        state, _ = auto(state)
    state, events = auto(state)
    assert ev(events, "borg_spire_node")[0] == {"system": "vega", "nodes": 2, "rule": "ascendancy:R219"}
    state, events = auto(state)
    assert ev(events, "borg_spire_cube")[0]["system"] == "rigel"
    state, events = auto(state)
    assert ev(events, "borg_cube_launched")[0]["system"] == "deneb"
    sp = {s["system"]: s for s in state["borg"]["spires"]}
    assert sp["vega"]["nodes"] == 2 and sp["rigel"]["cube"] and sp["rigel"]["nodes"] == 3
    assert sp["deneb"]["cube"] is None and sp["deneb"]["nodes"] == 0
    assert any(c["sector"] == "S:deneb" for c in state["borg"]["cubes"])


@pytest.mark.rules("ascendancy:R220")
def test_five_cubes_stop_building_and_a_cube_in_orbit_stops_a_launch() -> None:
    cubes = {f"cube{i}": f"L:l{i}:1" for i in range(1, 5)}
    lanes = [(f"l{i}", "earth", None, 1) for i in range(1, 4)] + [("l4", "qonos", None, 1)]
    spires = [{"system": "vega", "nodes": 3}, {"system": "rigel", "nodes": 0, "cube": "cube9"}]
    state = borg_turn(cubes=cubes, spires=spires, systems=[VEGA, RIGEL], lanes=lanes)
    state["borg"]["cubes"].append({"id": "cube5", "sector": "S:rigel", "placed": 5})
    ctx = ctx_for(state)
    borg.spire_action(ctx, state["borg"]["spires"][0])
    borg.spire_action(ctx, state["borg"]["spires"][1])
    waits = ev(ctx.events, "borg_spire_waits")
    assert [w["reason"] for w in waits] == ["five_cubes", "cube_in_orbit"]
    assert state["borg"]["spires"][0]["nodes"] == 3 and state["borg"]["spires"][0]["cube"] is None
    assert state["borg"]["spires"][1]["cube"] == "cube9"


@pytest.mark.rules("ascendancy:R222", "ascendancy:R223")
def test_players_choose_the_next_cube_in_turn_order() -> None:
    state = borg_turn(cubes={"cube1": "S:transwarp_hub", "cube2": "S:vega"}, systems=[VEGA])
    state, _ = until(state, "borg_cube_choice")
    assert state["prompt"]["kind"] == "borg_choose_cube" and state["prompt"]["seat"] == 0
    assert RULES.auto_command(state) is None
    legal = RULES.legal_commands(state, 0)
    assert {c.args["cube"] for c in legal} == {"cube1", "cube2"}
    state = RULES.apply(state, Command(0, "choose_cube", {"cube": "cube2"}), Rng.from_seed(1)).state
    assert state["borg"]["cursor"]["active"] == "cube2"
    state, _ = until(state, "borg_cube_marked")
    state, events = auto(state)
    assert ev(events, "borg_cube_activated")[0] == {"cube": "cube1", "number": 2, "of": 2, "chosen_by": None,
                                                    "rule": "ascendancy:R222"}


@pytest.mark.rules("ascendancy:R244", "ascendancy:R245")
def test_a_cube_moves_toward_the_nearest_target_with_the_turn_order_tie_break() -> None:
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[VEGA, RIGEL],
                      lanes=[("l1", "transwarp_hub", "vega", 1), ("l2", "transwarp_hub", "rigel", 1)])
    ctx = ctx_for(state)
    borg.move_cube(ctx, "cube1", "developed", 2, None, reactivate=True)
    moved = ev(ctx.events, "borg_cube_moved")[0]
    assert moved["goal"] == "rigel" and moved["tiebreak"] == "lowest_turn_order"  # seat 0 holds card 1
    assert the_cube(state, "cube1")["sector"] == "S:rigel"


@pytest.mark.rules("ascendancy:R244", "ascendancy:R245", "ascendancy:R263")
def test_warp_value_counts_systems_and_spires_are_never_targets() -> None:
    mid = {"id": "mid", "slots": [], "xy": [45.0, 55.0]}
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[mid, VEGA, RIGEL],
                      spires=[{"system": "rigel"}],
                      lanes=[("l1", "transwarp_hub", "mid", 2), ("l2", "mid", "vega", 1),
                             ("l3", "transwarp_hub", "rigel", 1)])
    ctx = ctx_for(state)
    borg.move_cube(ctx, "cube1", "developed", 1, None, reactivate=True)
    assert the_cube(state, "cube1")["sector"] == "S:mid"  # Warp 1: one system entered
    assert ev(ctx.events, "borg_cube_moved")[0]["goal"] == "vega"


@pytest.mark.rules("ascendancy:R246", "ascendancy:R247")
def test_ships_and_other_cubes_stop_a_cube_in_the_sector_before() -> None:
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[VEGA],
                      lanes=[("l1", "transwarp_hub", "vega", 2)], ships={2: {"L:l1:2": 1}})
    ctx = ctx_for(state)
    borg.move_cube(ctx, "cube1", "developed", 2, None, reactivate=True)
    assert the_cube(state, "cube1")["sector"] == "L:l1:1"
    assert ev(ctx.events, "borg_cube_moved")[0]["blocked"] == "ships"
    state = borg_turn(cubes={"cube1": "S:transwarp_hub", "cube2": "L:l1:2"}, systems=[VEGA],
                      lanes=[("l1", "transwarp_hub", "vega", 2)])
    state["borg"]["cursor"] = borg._new_cursor(extra=False)
    ctx = ctx_for(state)
    borg.move_cube(ctx, "cube1", "developed", 2, None, reactivate=True)
    assert the_cube(state, "cube1")["sector"] == "L:l1:1"
    assert state["borg"]["cursor"]["again"] == ["cube2"]  # R247: the other Cube activates again


@pytest.mark.rules("ascendancy:R249", "ascendancy:R250")
def test_an_unconnected_cube_opens_a_lane_toward_the_first_players_home_and_places_a_system() -> None:
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"})
    ctx = ctx_for(state, 3)
    top = state["stack"][-1]
    borg.move_cube(ctx, "cube1", "developed", 2, None, reactivate=True)
    lane = ev(ctx.events, "borg_lane_placed")[0]
    assert lane["toward"] == "earth" and lane["rule"] == "ascendancy:R249"  # seat 0: the lowest card
    assert the_cube(state, "cube1")["sector"] == f"S:{top}"
    assert ev(ctx.events, "borg_system_discovered")[0]["system"] == top


def fight_state(ships: int, civ_weapons: int = 0, **kw: Any) -> dict[str, Any]:
    state = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA], lanes=[("l1", "vega", "earth", 1)],
                      ships={0: {"L:l1:1": ships}}, weapons={0: civ_weapons}, **kw)
    return state


@pytest.mark.rules("ascendancy:R229", "ascendancy:R230", "ascendancy:R231", "ascendancy:R236",
                   "ascendancy:R239")
def test_players_fire_first_and_the_cube_rolls_its_remaining_dice() -> None:
    for seed in range(8):
        state = fight_state(6)
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), borg.engaged(state, "S:vega"), "card")
        assert f["seats"] == [0] and f["damage"] == 0 and f["shield"] == 0
        borg.space_round(ctx, f)
        hit = ev(ctx.events, "borg_cube_hit")[0]["hits"]
        fired = ev(ctx.events, "borg_fired")
        kinds = [e.kind for e in ctx.events]
        assert kinds.index("borg_cube_hit") < kinds.index("borg_fired")  # first strike (R230)
        assert len(fired[0]["dice"]) == 9 - hit  # the damaged dice do not roll (R231, R239)
        assert fired[0]["need"] == 6  # no Spire: hits on the Borg symbol only (R232)
        assert f["shield"] == 1  # adaptive shields (R236)


@pytest.mark.rules("ascendancy:R232", "ascendancy:R233", "ascendancy:R234")
@pytest.mark.scenarios("ascendancy:S77")
def test_borg_hits_ignore_shields_and_fall_on_the_lowest_turn_order_first() -> None:
    spires = [{"system": f"s{i}"} for i in range(3)]
    systems = [VEGA] + [{"id": f"s{i}", "slots": [], "xy": [10.0 + 8 * i, 10.0]} for i in range(3)]
    for seed in range(10):
        state = borg_turn(cubes={"cube1": "S:vega"}, systems=systems, spires=spires,
                          lanes=[("l1", "vega", "earth", 1)], ships={0: {"L:l1:1": 2}, 1: {"S:vega": 5}},
                          shields={0: 3, 1: 3})
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), borg.engaged(state, "S:vega"), "card")
        f["first_strike"] = False
        f["round"] = 2
        borg.space_round(ctx, f)
        fired = ev(ctx.events, "borg_fired")[0]
        assert fired["need"] == 4  # 3 Spires (BN1)
        hits = sum(1 for d in fired["dice"] if d >= 4)
        lost0 = 2 - board.ships_in(state["players"][0], "L:l1:1")
        lost1 = 5 - board.ships_in(state["players"][1], "S:vega")
        assert lost0 + lost1 == min(hits, 7)  # shields 3 do not matter (R233)
        assert lost0 == min(hits, 2)  # seat 0 holds card 1 (R234)


@pytest.mark.rules("ascendancy:R235")
def test_sixes_regenerate_damage() -> None:
    for seed in range(20):
        state = fight_state(1)
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
        f["damage"], f["round"], f["first_strike"] = 5, 2, False
        borg.space_round(ctx, f)
        dice = ev(ctx.events, "borg_fired")[0]["dice"]
        hit = ev(ctx.events, "borg_cube_hit")[0]["hits"]
        assert f["damage"] == max(0, 5 + hit - dice.count(6))


@pytest.mark.rules("ascendancy:R240", "ascendancy:R262", "ascendancy:R264")
def test_a_destroyed_cube_gives_every_participant_a_tech_card() -> None:
    state = fight_state(20, civs=("federation", "klingon", "romulan"))
    state["players"][1]["ships"] = {"S:vega": 3}
    ctx = ctx_for(state, 1)
    f = borg.start_fight(ctx, the_cube(state, "cube1"), borg.engaged(state, "S:vega"), "card")
    f["damage"] = 8
    culture = state["players"][1]["resources"]["culture"]
    assert borg.space_round(ctx, f)
    assert borg.cube(state, "cube1") is None
    assert [e["seat"] for e in ev(ctx.events, "borg_tech_drawn")] == [0, 1]
    assert len(borg.tech_held(state["players"][0])) == 1 and len(state["borg"]["tech"]["deck"]) == 18
    assert state["players"][1]["resources"]["culture"] == culture + 1  # Klingon bonus (R264)


@pytest.mark.rules("ascendancy:R237", "ascendancy:R238")
def test_needing_seven_forces_a_retreat_and_the_cube_never_retreats() -> None:
    state = fight_state(3)
    ctx = ctx_for(state, 2)
    f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
    f["shield"], f["round"] = 1, 2  # 5+ weapons + 2 after this round = 7
    over = borg.space_round(ctx, f)
    if board.ships_in(state["players"][0], "L:l1:1") or ev(ctx.events, "borg_forced_retreat"):
        moved = ev(ctx.events, "borg_forced_retreat")
        assert moved and moved[0]["to"] not in borg.battle_area(state, "S:vega")
        assert over
    assert the_cube(state, "cube1")["sector"] == "S:vega"


@pytest.mark.rules("ascendancy:R253", "ascendancy:R255", "ascendancy:R254")
def test_a_lone_cube_assimilates_a_developed_system_into_a_borg_system() -> None:
    for seed in range(6):
        state = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA])
        state["borg"]["cursor"] = {**borg._new_cursor(False), "stage": "command", "active": "cube1",
                                   "act": "assimilate"}
        state, events = until(state, "borg_battle_started", seed)
        assert ev(events, "borg_battle_started")[0]["system"] == "vega"
        for i in range(40):
            state, evs = auto(state, seed * 100 + i)
            events += evs
            if state["borg"]["cursor"] is None or (state["borg"]["cursor"]["act"] != "fight"
                                                   and state["prompt"] is None):
                break
        if borg.cube(state, "cube1") is not None:
            assert "vega" in borg.spire_systems(state)
            assert state["systems"]["vega"]["control"] is None
            assert state["systems"]["vega"]["nodes"] == [None, None]
        else:
            assert ev(events, "borg_cube_destroyed") and ev(events, "borg_tech_drawn")[0]["seat"] == 1


@pytest.mark.rules("ascendancy:R256", "ascendancy:R257", "ascendancy:R258")
def test_a_home_system_assimilated_assimilates_its_player() -> None:
    state = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA], spires=[{"system": "rigel", "nodes": 1}])
    state["systems"]["rigel"] = {**state["systems"]["vega"], "control": None, "nodes": [None, None]}
    state["systems"]["earth"]["nodes"] = [None] * len(state["systems"]["earth"]["nodes"])
    state["systems"]["earth"]["starbase"] = True
    ctx = ctx_for(state)
    borg.destroy_structures(ctx, "earth", 1)
    borg.assimilated(ctx, "earth")
    assert state["players"][0]["exterminated"] and state["players"][0]["assimilated"]
    assert state["players"][0]["ships"] == {}
    assert {sp["system"]: sp["nodes"] for sp in state["borg"]["spires"]} == {"rigel": 2, "earth": 1}  # A40
    assert ev(ctx.events, "player_assimilated")[0]["seat"] == 0


@pytest.mark.rules("ascendancy:R221", "ascendancy:R270")
@pytest.mark.scenarios("ascendancy:S85")
def test_a_sixth_spire_wins_the_galaxy_for_the_borg() -> None:
    for option, count in ((False, 5), (True, 3)):
        spires = [{"system": f"s{i}"} for i in range(count)]
        systems = [VEGA] + [{"id": f"s{i}", "slots": [], "xy": [10.0 + 8 * i, 10.0]} for i in range(count)]
        state = borg_turn(cubes={"cube1": "S:vega"}, systems=systems, spires=spires,
                          options={"borg_three_spires": option})
        ctx = ctx_for(state)
        borg.assimilated(ctx, "vega")
        assert state["phase"] == "over" and state["end"]["reason"] == "borg_victory"
        result = RULES.result(state)
        assert result is not None and result.winners == frozenset()
        assert ev(ctx.events, "borg_spire_limit")[0]["rule"] == ("ascendancy:R270" if option else "ascendancy:R221")


@pytest.mark.rules("ascendancy:R259")
def test_a_home_connected_to_a_cube_has_first_contact() -> None:
    state = borg_turn(cubes={"cube1": "L:l1:1"}, systems=[VEGA], lanes=[("l1", "vega", "romulus", 2)])
    assert borg.contact(state, 2) and not borg.contact(state, 0)


@pytest.mark.rules("ascendancy:R234")
def test_the_player_hit_chooses_which_of_his_ships_the_borg_hits_destroy() -> None:
    spires = [{"system": f"s{i}"} for i in range(4)]
    systems = [VEGA] + [{"id": f"s{i}", "slots": [], "xy": [10.0 + 8 * i, 10.0]} for i in range(4)]
    asked = 0
    for seed in range(12):
        state = borg_turn(cubes={"cube1": "S:vega"}, systems=systems, spires=spires,
                          lanes=[("l1", "vega", "earth", 1)], ships={0: {"L:l1:1": 4, "S:vega": 4}})
        state["borg"]["cursor"] = {**borg._new_cursor(False), "stage": "command", "active": "cube1",
                                   "act": "engage"}
        state, _ = auto(state, seed)  # engage
        state, events = auto(state, seed)  # round 1
        if state["prompt"] is None:
            continue
        asked += 1
        prompt = state["prompt"]
        assert prompt["kind"] == "borg_allocate_hits" and prompt["seat"] == 0
        assert RULES.auto_command(state) is None
        hits = prompt["hits"]
        assert {c.args["unit"] for c in RULES.legal_commands(state, 0)} == {"ship:S:vega", "ship:L:l1:1"}
        answered = 0
        while state["prompt"] is not None and state["prompt"]["kind"] == "borg_allocate_hits":
            state = RULES.apply(state, Command(0, "borg_hit", {"unit": "ship:S:vega"}), Rng.from_seed(1)).state
            answered += 1
        assert answered == min(hits, 4)  # asked while there is a choice, one hit at a time
        assert state["players"][0]["ships"].get("S:vega", 0) == max(0, 4 - hits)
        assert state["players"][0]["ships"].get("L:l1:1", 0) == min(4, 8 - hits)
    assert asked


@pytest.mark.rules("ascendancy:R96", "ascendancy:R238")
def test_engaged_players_may_retreat_after_each_round_the_cube_never_does() -> None:
    asked = 0
    for seed in range(10):
        state = fight_state(5)
        state["borg"]["cursor"] = {**borg._new_cursor(False), "stage": "command", "active": "cube1",
                                   "act": "engage"}
        state, _ = auto(state, seed)
        state, _ = auto(state, seed)
        while state["prompt"] is not None and state["prompt"]["kind"] == "borg_allocate_hits":
            state = RULES.apply(state, RULES.legal_commands(state, 0)[0], Rng.from_seed(seed)).state
        if state["prompt"] is None or state["prompt"]["kind"] != "borg_retreat":
            continue
        asked += 1
        assert state["prompt"]["seat"] == 0 and RULES.auto_command(state) is None
        out = RULES.apply(state, Command(0, "borg_retreat", {"retreat": True}), Rng.from_seed(seed))
        state = out.state
        assert ev(list(out.events), "borg_retreat") and ev(list(out.events), "borg_battle_won")
        area = borg.battle_area(state, "S:vega")
        assert not any(board.ships_in(state["players"][0], x) for x in area)
        assert the_cube(state, "cube1")["sector"] == "S:vega"
        assert state["borg"]["cursor"]["act"] == "card"
    assert asked


@pytest.mark.rules("ascendancy:R169", "ascendancy:R237")
def test_the_klingon_is_never_asked_nor_forced_to_retreat() -> None:
    for seed in range(6):
        state = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA], lanes=[("l1", "vega", "qonos", 1)],
                          ships={1: {"L:l1:1": 5}})
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), [1], "card")
        f["shield"] = 3
        borg.space_round(ctx, f)
        assert not ev(ctx.events, "borg_forced_retreat")
        assert state["prompt"] is None or state["prompt"]["kind"] != "borg_retreat"


@pytest.mark.rules("ascendancy:R242", "ascendancy:R230")
def test_a_player_attacks_a_cube_on_his_turn_and_nobody_joins() -> None:
    from games.ascendancy.engine.scenario import build

    state = build(options={"borg_mode": "delta_quadrant"}, turn=0, phase="command", systems=[VEGA],
                  lanes=[("l1", "vega", "earth", 1)], ships={0: {"L:l1:1": 4}, 1: {"S:vega": 0, "L:l1:1": 3}})
    state["players"][1]["ships"] = {"L:l1:1": 3}
    state["borg"]["cubes"].append({"id": "cube1", "sector": "S:vega", "placed": 1})
    assert ("attack_cube", {"cube": "cube1"}) in [(c.kind, dict(c.args)) for c in RULES.legal_commands(state, 0)]
    ready = state["players"][0]["ready"]
    out = RULES.apply(state, Command(0, "attack_cube", {"cube": "cube1"}), Rng.from_seed(2))
    events = list(out.events)
    assert out.state["players"][0]["ready"] == ready - 1
    assert ev(events, "borg_battle_started")[0]["seats"] == [0]
    assert {e["seat"] for e in ev(events, "borg_cube_hit")} == {0}  # seat 1 does not join (R242)
    kinds = [e.kind for e in events]
    assert kinds.index("borg_cube_hit") < kinds.index("borg_fired") if "borg_fired" in kinds else True
    far = build(options={"borg_mode": "delta_quadrant"}, turn=0, phase="command", systems=[VEGA])
    far["borg"]["cubes"].append({"id": "cube1", "sector": "S:vega", "placed": 1})
    from tests.ascendancy.engine.helpers import refused

    refused(far, Command(0, "attack_cube", {"cube": "cube1"}), "target_not_adjacent", "ascendancy:R242")
    refused(far, Command(0, "attack_cube", {"cube": "cube9"}), "no_such_cube", "ascendancy:R242")


@pytest.mark.rules("ascendancy:R258", "ascendancy:R223", "ascendancy:R234")
def test_an_assimilated_player_gets_a_borg_turn_and_makes_the_borg_choices() -> None:
    state = borg_turn(cubes={"cube1": "S:vega", "cube2": "S:transwarp_hub"}, systems=[VEGA])
    ctx = ctx_for(state)
    borg.home_assimilated(ctx, 2)
    assert state["automata"] == ["borg", "borg:2"] and state["players"][2]["exterminated"]
    assert borg.borg_master(state) == 2  # the first Assimilated player takes control at once (A43)
    state, _ = until(state, "borg_cube_choice")
    assert state["prompt"]["seat"] == 2
    from games.ascendancy.engine.rounds import participants

    assert "borg:2" in participants(state)
    state2 = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA], lanes=[("l1", "vega", "earth", 1)],
                       ships={0: {"L:l1:1": 3, "S:vega": 0}})
    state2["players"][0]["ships"] = {"L:l1:1": 3, "S:earth": 3}
    ctx = ctx_for(state2)
    borg.home_assimilated(ctx, 1)
    f = borg.start_fight(ctx, the_cube(state2, "cube1"), [0], "card")
    f["allocs"], f["taken"], f["destroyed"], f["sixes"] = [{"seat": 0, "count": 1}], {}, False, 0
    f["sector"] = "L:l1:1"  # the area holds both of seat 0's groups: a choice
    borg.finish_round(ctx, f)
    assert state2["prompt"]["kind"] == "borg_allocate_hits" and state2["prompt"]["seat"] == 1
    assert state2["prompt"]["target"] == 0


@pytest.mark.rules("ascendancy:R258")
def test_an_assimilated_players_borg_turn_is_played_at_his_card() -> None:
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"})
    ctx = ctx_for(state)
    borg.home_assimilated(ctx, 1)
    state["order"] = [0, 2, "borg", "borg:1"]
    state["cards"] = {"0": 1, "2": 2, "borg": 3, "borg:1": 4}
    state["turn_index"] = 3
    state["turn"] = {"automaton": "borg:1"}
    state, events = auto(state)
    started = ev(events, "borg_turn_started")[0]
    assert state["borg"]["cursor"]["player"] == 1 and started["card"] == 4 and started["player"] == 1


@pytest.mark.rules("ascendancy:R251")
def test_with_no_target_and_no_new_system_the_cube_takes_a_random_lane() -> None:
    seen = set()
    for seed in range(12):
        mid = {"id": "mid", "slots": [], "xy": [30.0, 45.0]}
        state = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA, mid],
                          lanes=[("l1", "vega", "earth", 1), ("l2", "vega", "mid", 1)], ships={0: {}})
        state["stack"] = []
        ctx = ctx_for(state, seed)
        borg.move_cube(ctx, "cube1", "starbase", 2, None, reactivate=True)  # no Starbase anywhere
        moved = ev(ctx.events, "borg_cube_moved")[0]
        assert moved["rule"] == "ascendancy:R251" and moved["tiebreak"] == "random_lane"
        assert the_cube(state, "cube1")["sector"] in ("S:earth", "S:mid")
        seen.add(the_cube(state, "cube1")["sector"])
    assert seen == {"S:earth", "S:mid"}


@pytest.mark.rules("ascendancy:R241")
def test_a_cube_that_wins_makes_no_maneuver_and_starts_its_next_battle_whole() -> None:
    for seed in range(10):
        state = fight_state(1)
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
        f["damage"] = 4
        over = None
        for _ in range(20):
            over = borg.space_round(ctx, f)
            if over is None and state["prompt"]["kind"] == "borg_retreat":
                state["prompt"] = None
                f["asks"].pop(0)
                over = borg.finish_round(ctx, f)
            if over:
                break
        if borg.cube(state, "cube1") is None:
            continue
        assert the_cube(state, "cube1")["sector"] == "S:vega"  # no Tactical Maneuver
        again = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
        assert again["damage"] == 0 and again["shield"] == 0  # 9 dice, Shield Modifier 0


@pytest.mark.rules("ascendancy:R253", "ascendancy:R256")
def test_the_controller_chooses_which_structures_the_borg_hits_destroy() -> None:
    asked = 0
    for seed in range(20):
        state = borg_turn(cubes={"cube1": "S:vega"}, systems=[{**VEGA, "starbase": True}],
                          spires=[{"system": f"s{i}"} for i in range(4)])
        for i in range(4):
            state["systems"][f"s{i}"] = {**state["systems"]["vega"], "control": None, "nodes": [None, None],
                                         "starbase": False}
        state["borg"]["cursor"] = {**borg._new_cursor(False), "stage": "command", "active": "cube1",
                                   "act": "assimilate"}
        state = RULES.apply(state, AUTO, Rng.from_seed(seed)).state
        state = RULES.apply(state, AUTO, Rng.from_seed(seed)).state
        prompt = state["prompt"]
        if prompt is None:
            continue
        asked += 1
        assert prompt["kind"] == "borg_lose_structure" and prompt["seat"] == 1
        assert prompt["options"] == ["node:production", "node:research", "starbase"]
        assert RULES.auto_command(state) is None
        state = RULES.apply(state, Command(1, "borg_lose_structure", {"structure": "starbase"}), Rng.from_seed(1)).state
        assert state["systems"]["vega"]["starbase"] is False
        if state["prompt"] is not None:
            state = RULES.apply(state, Command(1, "borg_lose_structure", {"structure": "node:research"}),
                                Rng.from_seed(1)).state
            assert state["systems"]["vega"]["nodes"][1] is None
    assert asked


@pytest.mark.rules("ascendancy:R258")
def test_an_assimilated_player_assigns_command_cards_from_his_hidden_hand() -> None:
    from tests.support.engine import strings

    state = borg_turn(cubes={"cube1": "S:transwarp_hub", "cube2": "S:vega"}, systems=[VEGA])
    ctx = ctx_for(state)
    borg.home_assimilated(ctx, 1)
    state["turn"] = {"automaton": "borg:1"}
    state, events = until(state, "borg_command_phase")
    hand = list(state["borg"]["hand"])
    assert len(hand) == 2
    drawn = [e for e in events if e.kind == "borg_hand_drawn"][0]
    assert drawn.for_seat(1)["cards"] == hand and drawn.for_seat(0) == {"seat": 1, "cards": 2}
    assert RULES.view(state, 1)["borg"]["hand"] == hand and RULES.view(state, 0)["borg"]["hand"] is None
    assert not set(hand) & strings(RULES.view(state, 0)["borg"])
    state, _ = auto(state)
    assert state["prompt"]["kind"] == "borg_choose_cube" and state["prompt"]["seat"] == 1
    state = RULES.apply(state, Command(1, "choose_cube", {"cube": "cube1"}), Rng.from_seed(1)).state
    for _ in range(5):
        if state["prompt"] is not None:
            break
        state, _ = auto(state)
    assert state["prompt"]["kind"] == "borg_assign_command" and state["prompt"]["seat"] == 1
    assert {c.args["card"] for c in RULES.legal_commands(state, 1)} == set(hand)
    out = RULES.apply(state, Command(1, "borg_assign_command", {"card": hand[0]}), Rng.from_seed(1))
    assert ev(list(out.events), "borg_command_drawn")[0] == {"cube": "cube1", "card": hand[0],
                                                            "rule": "ascendancy:R243"}
    assert out.state["borg"]["hand"] == hand[1:]
    other = RULES.rerandomise(out.state, 0, Rng.from_seed(3))
    assert len(other["borg"]["hand"]) == 1


@pytest.mark.rules("ascendancy:R228", "ascendancy:R224")
def test_the_telemetry_node_has_a_revealed_command_redrawn() -> None:
    for use in (True, False):
        state = borg_turn(cubes={"cube1": "S:transwarp_hub"})
        state["players"][1]["borg_tech"] = ["borg_tech_telemetry_node"]
        state["borg"]["tech"]["deck"].remove("borg_tech_telemetry_node")
        state["borg"]["cursor"] = {**borg._new_cursor(False), "stage": "command", "active": "cube1", "act": "card"}
        first = state["borg"]["commands"]["deck"][-1]
        state = RULES.apply(state, AUTO, Rng.from_seed(1)).state
        prompt = state["prompt"]
        assert prompt["kind"] == "borg_telemetry" and prompt["seat"] == 1 and prompt["card"] == first
        out = RULES.apply(state, Command(1, "borg_telemetry", {"use": use}), Rng.from_seed(1))
        drawn = [e["card"] for e in ev(list(out.events), "borg_command_drawn")]
        if use:
            assert ev(list(out.events), "borg_telemetry_used")
            assert out.state["borg"]["tech"]["deck"][0] == "borg_tech_telemetry_node"
            assert out.state["players"][1]["borg_tech"] == []
            assert first in out.state["borg"]["commands"]["discard"] and drawn and drawn[0] != first
        else:
            assert out.state["players"][1]["borg_tech"] == ["borg_tech_telemetry_node"]
            assert out.state["borg"]["commands"]["discard"][-1] == first and not drawn
        assert out.state["prompt"] is None or out.state["prompt"]["kind"] != "borg_telemetry"


@pytest.mark.rules("ascendancy:R249", "ascendancy:R59")
def test_an_unconnected_cube_swings_a_floating_system_onto_its_new_lane_when_that_connects_it() -> None:
    """R249 step 3 (RULINGS B31, B45): Deneb floats off Earth; swung round Earth it lies at the end of the lane
    the Hub's Cube lays toward Earth, so no disc is placed and the Cube moves on toward its target."""
    deneb = {"id": "deneb", "slots": ["research"], "xy": [60.0, 71.5]}
    for seed in range(4):
        state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[deneb], lanes=[("l1", "earth", "deneb", 2)])
        assert board.is_floating(state, "deneb")
        stack = list(state["stack"])
        ctx = ctx_for(state, seed)
        borg.move_cube(ctx, "cube1", "developed", 2, None, reactivate=True)
        swung, = ev(ctx.events, "borg_system_swung")
        assert swung["system"] == "deneb" and swung["a"] == "transwarp_hub" and swung["toward"] == "earth"
        assert state["systems"]["deneb"]["xy"] == [45.0, 56.5]  # now between the Hub and Earth
        assert state["lanes"][swung["lane"]] == {"a": "transwarp_hub", "b": "deneb", "length": swung["length"]}
        assert state["stack"] == stack and not ev(ctx.events, "borg_system_discovered")  # no disc (step 4)
        moved, = ev(ctx.events, "borg_cube_moved")
        assert moved["goal"] == "earth" and moved["path"][0] == f"L:{swung['lane']}:1"
        assert not board.is_floating(state, "deneb") and layout.violations(state) == []
    # no target at all (no Spire in play): nothing to Connect to, no swing
    lone = {"id": "deneb", "slots": ["research"], "xy": [60.0, 71.5]}
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[lone], lanes=[("l1", "earth", "deneb", 2)])
    ctx = ctx_for(state, 0)
    borg.move_cube(ctx, "cube1", "spire", 2, None, reactivate=True)
    assert not ev(ctx.events, "borg_system_swung")


@pytest.mark.rules("ascendancy:R237", "ascendancy:R96")
def test_the_forced_retreat_leaves_the_cubes_reach_whatever_the_retreat_adjacent_option() -> None:
    """RULINGS B44: a group retreating from a Cube never ends in a sector Adjacent to it, even with
    ``retreat_adjacent`` ``allowed`` (Adjacent ships are engaged: they would still be in the battle)."""
    rigel = {**RIGEL, "xy": [60.0, 50.0]}
    for option in ("forbidden", "allowed"):
        state = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA, rigel],
                          lanes=[("l1", "vega", "earth", 1), ("l2", "vega", "rigel", 2)], ships={0: {"S:vega": 3}},
                          options={"retreat_adjacent": option})
        area = borg.battle_area(state, "S:vega")
        assert set(area) == {"S:vega", "L:l1:1", "L:l2:1"}
        ctx = ctx_for(state)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
        borg.forced_retreat(ctx, f, 0, area)
        moved, = ev(ctx.events, "borg_forced_retreat")
        assert moved["to"] == "L:l2:2" and state["players"][0]["ships"] == {"L:l2:2": 3}  # nearest, then sorted


@pytest.mark.rules("ascendancy:R264", "ascendancy:R168", "ascendancy:R193")
def test_a_marauder_fleet_takes_one_production_per_cube_and_ferengi_count_ships_orbiting_borg_systems() -> None:
    for seed in range(20):
        state = fight_state(2, civs=("federation", "klingon", "ferengi"),
                            fleets={1: {"kli_fleet_1": ("kli_marauder_fleet", 4, "S:vega")}})
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), borg.engaged(state, "S:vega"), "card")
        f["damage"] = 8
        production = state["players"][1]["resources"]["production"]
        if borg.space_round(ctx, f):  # the first strike's hit destroys it
            break
    assert borg.cube(state, "cube1") is None
    assert ev(ctx.events, "borg_marauder_production") == [
        {"seat": 1, "fleets": 1, "production": 1, "rule": "ascendancy:R264"}]  # none for seat 0 (no Marauder)
    assert state["players"][1]["resources"]["production"] == production + 1  # one, however many dice hit
    # Ferengi Trade Authority: a ship in Orbit of a Borg System counts like one orbiting a rival's system
    from games.ascendancy.engine import effects

    ferengi = borg_turn(civs=("federation", "klingon", "ferengi"), systems=[{**VEGA, "control": None}],
                        spires=[{"system": "vega", "nodes": 1}], ships={2: {"S:vega": 2}})
    assert effects.counter(ferengi, 2, "ship_orbiting_rival") == 2
    ferengi["borg"]["spires"] = []
    assert effects.counter(ferengi, 2, "ship_orbiting_rival") == 0


@pytest.mark.rules("ascendancy:R264", "ascendancy:R240", "ascendancy:R241")
def test_sirillium_warheads_damage_a_cube_and_the_damage_waits_for_its_next_battle() -> None:
    """RULINGS B49: a card that destroys a rival ship deals a Cube 1 damage; it stays until the Cube's next
    battle, which starts with it (fewer dice); 9 destroy the Cube and its user draws the Tech card."""
    from games.ascendancy.engine.scenario import build, cmd, run

    def table() -> dict[str, Any]:
        state = build(civs=("klingon", "federation", "romulan"), options={"borg_mode": "delta_quadrant"},
                      lanes=[("l1", "qonos", None, 3)], turn=0, phase="command", ships={0: {"S:qonos": 1}},
                      advancements={0: ["kli_sirillium_warheads"]})
        state["borg"]["cubes"].append({"id": "cube1", "sector": "L:l1:1", "placed": 1})
        return state

    state = table()
    use = {"card": "kli_sirillium_warheads", "effect": 0, "rival": "borg", "unit": "cube:cube1"}
    assert ("use_ability", use) in [(c.kind, dict(c.args)) for c in RULES.legal_commands(state, 0)]
    state, events = run(state, cmd(0, "use_ability", **use))
    assert ev(events, "borg_cube_damaged") == [{"seat": 0, "cube": "cube1", "damage": 1, "rule": "ascendancy:R264"}]
    assert the_cube(state, "cube1")["damage"] == 1 and not ev(events, "betrayal")
    ctx = ctx_for(state)
    f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
    assert f["damage"] == 1 and "damage" not in the_cube(state, "cube1")  # the battle takes it over
    state = table()
    the_cube(state, "cube1")["damage"] = 8
    state, events = run(state, cmd(0, "use_ability", **use))
    assert borg.cube(state, "cube1") is None and ev(events, "borg_cube_destroyed")
    assert [e["seat"] for e in ev(events, "borg_tech_drawn")] == [0]


@pytest.mark.rules("ascendancy:R264", "ascendancy:R176")
def test_cloaked_orbital_mines_roll_once_per_cube_ending_its_move_in_orbit() -> None:
    hit = missed = 0
    for seed in range(16):
        state = borg_turn(civs=("federation", "romulan", "klingon"), cubes={"cube1": "S:transwarp_hub"},
                          systems=[{**VEGA, "control": 1}], lanes=[("l1", "transwarp_hub", "vega", 1)],
                          advancements={1: ["rom_cloaked_orbital_mines"]})
        ctx = ctx_for(state, seed)
        borg.move_cube(ctx, "cube1", "developed", 2, None, reactivate=False)
        assert the_cube(state, "cube1")["sector"] == "S:vega"
        rolls = [e for e in ev(ctx.events, "dice_rolled") if e["why"] == "mines"]
        assert len(rolls) == 1 and rolls[0]["seat"] == 1 and len(rolls[0]["dice"]) == 1  # once per Cube
        if rolls[0]["dice"][0] >= 5:
            hit += 1
            assert the_cube(state, "cube1")["damage"] == 1
        else:
            missed += 1
            assert "damage" not in the_cube(state, "cube1")
    assert hit and missed


@pytest.mark.rules("ascendancy:R264", "ascendancy:R166")
def test_the_cult_of_kahless_sacrifices_ships_against_a_cube_one_damage_each() -> None:
    state = fight_state(4, civs=("klingon", "federation", "romulan"), advancements={0: ["kli_cult_of_kahless"]})
    state["players"][0]["ships"] = {"L:l1:1": 4}
    ctx = ctx_for(state)
    f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
    f["driver"] = "attack"
    state["borg"]["attack"] = f
    assert borg.space_round(ctx, f) is None
    assert state["prompt"] == {"kind": "borg_sacrifice", "seat": 0, "cube": "cube1", "ships": 4}
    assert [(c.kind, dict(c.args)) for c in RULES.legal_commands(state, 0)] == [
        ("borg_sacrifice", {"ships": k}) for k in range(5)]
    out = RULES.apply(state, Command(0, "borg_sacrifice", {"ships": 3}), Rng.from_seed(1))
    events = list(out.events)
    assert ev(events, "borg_sacrificed") == [{"seat": 0, "cube": "cube1", "ships": 3, "rule": "ascendancy:R264"}]
    assert not [e for e in ev(events, "dice_rolled") if e["seat"] == 0]  # he did not roll
    fired = ev(events, "borg_fired")
    assert len(fired[0]["dice"]) == 9 - 3  # first strike (R230): the 3 damage before the Cube rolls


@pytest.mark.rules("ascendancy:R264", "ascendancy:R181")
def test_andorians_claim_no_ship_from_a_destroyed_cube() -> None:
    for seed in range(20):
        state = fight_state(4, civs=("andorian", "federation", "romulan"))
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
        f["damage"] = 8
        if borg.space_round(ctx, f):
            break
    assert borg.cube(state, "cube1") is None
    assert state["players"][0]["claimed_ships"] == 0 and not ev(ctx.events, "andorian_field_testing")


# --- Acceptance scenarios of the digest: the Borg ---------------------------------------------------------------


@pytest.mark.rules("ascendancy:R220")
@pytest.mark.scenarios("ascendancy:S73")
def test_a_full_spire_waits_while_five_cubes_are_in_play_and_builds_once_one_is_destroyed() -> None:
    cubes = {f"cube{i}": f"L:l{i}:1" for i in range(1, 6)}
    lanes = [(f"l{i}", "earth", None, 1) for i in range(1, 4)] + [("l4", "qonos", None, 1), ("l5", "romulus", None, 1)]
    state = borg_turn(cubes=cubes, spires=[{"system": "vega", "nodes": 3}], systems=[VEGA], lanes=lanes)
    ctx = ctx_for(state)
    borg.spire_action(ctx, state["borg"]["spires"][0])
    assert [w["reason"] for w in ev(ctx.events, "borg_spire_waits")] == ["five_cubes"]
    assert len(state["borg"]["cubes"]) == 5 and state["borg"]["spires"][0]["nodes"] == 3  # the Nodes stay
    state["borg"]["cubes"] = [c for c in state["borg"]["cubes"] if c["id"] != "cube5"]  # one is destroyed
    ctx = ctx_for(state)
    borg.spire_action(ctx, state["borg"]["spires"][0])  # the next Build Phase
    assert ev(ctx.events, "borg_spire_cube")[0]["system"] == "vega"
    assert state["borg"]["spires"][0]["cube"] is not None


@pytest.mark.rules("ascendancy:R230", "ascendancy:R231", "ascendancy:R239")
@pytest.mark.scenarios("ascendancy:S74")
def test_the_players_hits_land_first_and_the_cube_rolls_only_its_undamaged_dice() -> None:
    for seed in range(60):
        state = fight_state(4)  # the Federation hits on 5+ against Cube Shields 0
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), borg.engaged(state, "S:vega"), "card")
        assert f["shield"] == 0 and f["damage"] == 0
        borg.space_round(ctx, f)
        hit = ev(ctx.events, "borg_cube_hit")[0]
        if hit["hits"] != 2:
            continue
        assert hit["need"] == 5
        kinds = [e.kind for e in ctx.events]
        assert kinds.index("borg_cube_hit") < kinds.index("borg_fired")
        assert len(ev(ctx.events, "borg_fired")[0]["dice"]) == 7
        return
    raise AssertionError("no seed scored exactly two hits")


@pytest.mark.rules("ascendancy:R236", "ascendancy:R237", "ascendancy:R169")
@pytest.mark.scenarios("ascendancy:S76")
def test_adaptive_shields_push_a_four_plus_hitter_to_six_then_to_a_forced_retreat_but_never_the_klingon() -> None:
    state = fight_state(3, civ_weapons=1)
    fed = state["players"][0]
    assert not borg.must_retreat(fed, borg.shield_against(fed, 2)) and borg.must_retreat(fed, borg.shield_against(fed, 3))
    ctx = ctx_for(state, 1)
    f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
    f["shield"], f["round"], f["first_strike"] = 2, 3, False  # after round 2: Shields 2
    borg.space_round(ctx, f)
    assert ev(ctx.events, "borg_cube_hit")[0]["need"] == 6
    assert f["shield"] == 3 and ev(ctx.events, "borg_forced_retreat")  # then 7: he must retreat
    assert not any(board.ships_in(state["players"][0], x) for x in borg.battle_area(state, "S:vega"))
    kli = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA], lanes=[("l1", "vega", "qonos", 1)],
                    ships={1: {"L:l1:1": 5}})
    assert not borg.must_retreat(kli["players"][1], 3)  # the Klingon always hits on 6
    ctx = ctx_for(kli, 1)
    f = borg.start_fight(ctx, the_cube(kli, "cube1"), [1], "card")
    f["shield"], f["round"], f["first_strike"] = 3, 4, False
    borg.space_round(ctx, f)
    assert not ev(ctx.events, "borg_forced_retreat")
    assert kli["prompt"] is None or kli["prompt"]["kind"] != "borg_retreat"  # and may not retreat


@pytest.mark.rules("ascendancy:R245")
@pytest.mark.scenarios("ascendancy:S79")
def test_a_cube_heads_for_the_nearest_starbase_by_sectors_then_the_lowest_turn_order_card() -> None:
    a = {"id": "a", "slots": ["production"], "control": 2, "starbase": True, "xy": [68.0, 45.0]}  # card 3
    b = {"id": "b", "slots": ["production"], "control": 0, "starbase": True, "xy": [22.0, 45.0]}  # card 1
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[a, b],
                      lanes=[("l1", "transwarp_hub", "a", 4), ("l2", "transwarp_hub", "b", 4)])
    assert state["cards"]["0"] == 1 and state["cards"]["2"] == 3
    ctx = ctx_for(state)
    borg.move_cube(ctx, "cube1", "starbase", 1, None, reactivate=True)
    moved = ev(ctx.events, "borg_cube_moved")[0]
    assert moved["goal"] == "b" and moved["tiebreak"] == "lowest_turn_order" and len(moved["path"]) == 5
    mid = {"id": "m", "slots": [], "xy": [45.0, 34.0]}
    near = {**a, "xy": [45.0, 23.0]}  # 4 sectors over 2 lanes
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[near, b, mid],
                      lanes=[("l1", "transwarp_hub", "m", 1), ("l3", "m", "a", 1), ("l2", "transwarp_hub", "b", 4)])
    ctx = ctx_for(state)
    borg.move_cube(ctx, "cube1", "starbase", 2, None, reactivate=True)
    moved = ev(ctx.events, "borg_cube_moved")[0]
    assert moved["goal"] == "a" and moved["tiebreak"] == "fewest_sectors" and moved["to"] == "S:a"


@pytest.mark.rules("ascendancy:R247")
@pytest.mark.scenarios("ascendancy:S80")
def test_a_cube_stopped_by_another_is_marked_and_the_other_is_activated_unmarked_then_again_later() -> None:
    state = borg_turn(cubes={"cube1": "S:transwarp_hub", "cube2": "L:l1:2"}, systems=[VEGA],
                      lanes=[("l1", "transwarp_hub", "vega", 2)])
    state["borg"]["cursor"] = {**borg._new_cursor(False), "stage": "command", "todo": ["cube2"], "total": 2,
                               "index": 1, "active": "cube1", "act": "done"}  # cube1 is moving
    ctx = ctx_for(state)
    borg.move_cube(ctx, "cube1", "developed", 2, None, reactivate=True)
    assert the_cube(state, "cube1")["sector"] == "L:l1:1"  # the sector before cube2
    events: list[Any] = []
    for i in range(40):
        state, evs = auto(state, i)
        events += evs
        if any(e.kind == "borg_cube_marked" and e.data["cube"] == "cube2" for e in evs):
            break
    steps = [(e.kind, e.data.get("cube")) for e in events
             if e.kind in ("borg_cube_marked", "borg_cube_reactivated", "borg_cube_activated")]
    assert steps == [("borg_cube_marked", "cube1"), ("borg_cube_reactivated", "cube2"),  # no marker for it
                     ("borg_cube_activated", "cube2"), ("borg_cube_marked", "cube2")]  # its own activation


@pytest.mark.rules("ascendancy:R253", "ascendancy:R256", "ascendancy:R255")
@pytest.mark.scenarios("ascendancy:S82")
def test_assimilating_a_system_with_a_starbase_takes_four_structures_and_feeds_every_spire() -> None:
    """RULINGS B51: the Control Node rolls and must be destroyed, as in an Invasion (the engine had left it out)."""
    others = [{"system": "s0", "nodes": 3}, {"system": "s1", "nodes": 1}]
    for seed in range(30):
        state = borg_turn(cubes={"cube1": "S:vega"}, systems=[{**VEGA, "starbase": True}], spires=others)
        for i in range(2):
            state["systems"][f"s{i}"] = {**state["systems"]["vega"], "control": None, "nodes": [None, None],
                                         "starbase": False, "xy": [10.0 + 8 * i, 10.0]}
        assert borg.structures(state["systems"]["vega"]) == 4
        state["borg"]["cursor"] = {**borg._new_cursor(False), "stage": "command", "active": "cube1",
                                   "act": "assimilate"}
        events: list[Any] = []
        for i in range(40):
            state, evs = auto(state, seed * 100 + i)
            events += evs
            if any(e.kind in ("borg_system_assimilated", "borg_cube_destroyed") for e in evs):
                break
        defence = [e["dice"] for e in ev(events, "dice_rolled") if e["why"] == "assimilation_defence"]
        assert len(defence[0]) == 4
        if not ev(events, "borg_system_assimilated"):
            continue
        assert sum(e["count"] for e in ev(events, "borg_structures_destroyed")) == 4
        vega = state["systems"]["vega"]
        assert vega["control"] is None and vega["nodes"] == [None, None] and not vega["starbase"]
        assert "borg_starbase" not in vega  # out of the game
        assert {sp["system"]: sp["nodes"] for sp in state["borg"]["spires"]} == {"s0": 3, "s1": 2, "vega": 1}
        return
    raise AssertionError("no seed assimilated Vega")


@pytest.mark.rules("ascendancy:R257")
@pytest.mark.scenarios("ascendancy:S83")
def test_an_assimilated_home_turns_its_players_systems_into_independent_civilizations() -> None:
    one = {"id": "one", "slots": ["production", "research"], "nodes": ["production", None], "control": 2,
           "xy": [75.0, 60.0]}
    three = {"id": "three", "slots": ["production", "research", "culture"], "nodes": ["production", "research",
             "culture"], "control": 2, "xy": [80.0, 75.0]}
    state = borg_turn(cubes={"cube1": "S:romulus"}, systems=[one, three],
                      ships={2: {"S:romulus": 2, "S:one": 1}})
    state["systems"]["romulus"]["nodes"] = [None] * len(state["systems"]["romulus"]["nodes"])
    ctx = ctx_for(state)
    borg.assimilated(ctx, "romulus")
    rom = state["players"][2]
    assert rom["ships"] == {} and rom["fleets"] == {} and rom["assimilated"] and rom["exterminated"]
    for sid, level in (("one", 1), ("three", 3)):
        sys = state["systems"][sid]
        assert sys["control"] is None and sys["warp_level"] == level
        assert sum(1 for n in sys["nodes"] if n) == level  # its Resource Nodes stay
    assert ev(ctx.events, "player_assimilated")[0]["seat"] == 2


@pytest.mark.rules("ascendancy:R262", "ascendancy:R196")
@pytest.mark.scenarios("ascendancy:S86")
def test_rule_of_acquisition_never_draws_from_the_borg_tech_deck() -> None:
    from games.ascendancy.engine.scenario import build
    from tests.ascendancy.engine.helpers import refused

    systems = [{"id": "vega", "slots": ["research"] * 3, "nodes": ["research"] * 3, "control": 0, "xy": [3, 0]}]
    state = build(civs=("ferengi", "klingon", "federation"), options={"borg_mode": "delta_quadrant"}, turn=0,
                  phase="command", systems=systems, advancements={0: ["fer_rule_of_acquisition_21"]})
    launches = [dict(c.args) for c in RULES.legal_commands(state, 0) if c.kind == "launch"]
    assert {"from": 1} in launches and all(a.get("from") in (None, 1, 2) for a in launches)
    for source in ("borg", "borg_tech"):
        refused(state, Command(0, "launch", {"from": source}), "borg_tech_not_an_advancement_deck", "ascendancy:R262")
    refused(state, Command(0, "launch", {"from": 3}), "bad_argument", "ascendancy:R196", argument="from")  # no seat
    tech = list(state["borg"]["tech"]["deck"])
    state = RULES.apply(state, Command(0, "launch", {"from": 1}), Rng.from_seed(0)).state
    assert state["borg"]["tech"]["deck"] == tech


@pytest.mark.rules("ascendancy:R242")
@pytest.mark.scenarios("ascendancy:S88")
def test_a_player_attacking_a_cube_fights_alone_but_the_borg_engage_every_ship_around() -> None:
    from games.ascendancy.engine.scenario import build

    state = build(options={"borg_mode": "delta_quadrant"}, turn=1, phase="command", systems=[VEGA],
                  lanes=[("l1", "vega", "earth", 1)], ships={1: {"L:l1:1": 4}, 0: {"L:l1:1": 3}})
    state["borg"]["cubes"].append({"id": "cube1", "sector": "S:vega", "placed": 1})
    assert sorted(borg.engaged(state, "S:vega")) == [0, 1]  # on the Borg turn the Cube engages both
    assert not [c for c in RULES.legal_commands(state, 0) if c.kind == "attack_cube"]  # not his turn
    out = RULES.apply(state, Command(1, "attack_cube", {"cube": "cube1"}), Rng.from_seed(2))
    events = list(out.events)
    assert ev(events, "borg_battle_started")[0]["seats"] == [1]
    assert {e["seat"] for e in ev(events, "borg_cube_hit")} == {1}  # the Federation does not join
    if out.state["prompt"] is not None:
        assert out.state["prompt"]["seat"] == 1


@pytest.mark.rules("ascendancy:R245", "ascendancy:R246")
def test_between_equally_short_routes_a_cube_takes_the_one_no_ship_blocks() -> None:
    m1 = {"id": "m1", "slots": [], "xy": [30.0, 30.0]}
    m2 = {"id": "m2", "slots": [], "xy": [60.0, 30.0]}
    far = {**VEGA, "xy": [45.0, 15.0]}
    lanes = [("l1", "transwarp_hub", "m1", 1), ("l2", "transwarp_hub", "m2", 1), ("l3", "m1", "vega", 1),
             ("l4", "m2", "vega", 1)]
    for blocked, free in (("L:l1:1", "L:l2:1"), ("L:l4:1", "L:l3:1")):
        for seed in range(12):
            state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[m1, m2, far], lanes=lanes,
                              ships={2: {blocked: 1}})
            ctx = ctx_for(state, seed)
            borg.move_cube(ctx, "cube1", "developed", 3, None, reactivate=True)
            moved = ev(ctx.events, "borg_cube_moved")[0]
            assert moved["goal"] == "vega" and moved["blocked"] is None and free in moved["path"], (blocked, seed)
            assert the_cube(state, "cube1")["sector"] == "S:vega"
