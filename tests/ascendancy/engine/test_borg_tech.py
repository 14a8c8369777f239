"""Borg Tech cards in play (ascendancy:R262, R263, R228; RULINGS B26, B47, B48): every effect kind of
``borg_tech.json`` really acts, whether it lasts (a completed Tech card), pays once, or is discarded to use."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import RULES, catalog, effects
from games.ascendancy.engine.scenario import build
from games.engine.core import AUTO_SEAT, Command, Rng
from tests.ascendancy.engine.borg_helpers import borg, borg_turn, ctx_for, the_cube
from tests.ascendancy.engine.helpers import ev, legal

VEGA = {
    "id": "vega",
    "slots": ["production", "research"],
    "nodes": ["production", "research"],
    "control": 1,
    "xy": [45.0, 60.0],
}
AUTO = Command(AUTO_SEAT, "automaton_turn")

ROTATING = "borg_tech_rotating_frequencies"
SHIELDING = "borg_tech_multi_adaptive_shielding"
VINCULUM = "borg_tech_vinculum_fragment"
COIL = "borg_tech_transwarp_coil"
MATRIX = "borg_tech_targeting_matrix"
INTERLINK = "borg_tech_interlink_frequency"
PROTOCOLS = "borg_tech_resistance_protocols"
TORPEDOES = "borg_tech_transphasic_torpedoes"
NANOPROBES = "borg_tech_nanoprobe_countermeasures"
ARMOR = "borg_tech_ablative_armor"
CORTICAL = "borg_tech_cortical_interface"
SUPPRESSOR = "borg_tech_neural_suppressor"
SCHEMATICS = "borg_tech_cube_schematics"
INHIBITOR = "borg_tech_adaptation_inhibitor"
COORDINATES = "borg_tech_unimatrix_coordinates"
TACTICAL = "borg_tech_tactical_data"


def completed(state: dict[str, Any], seat: int, *cards: str) -> None:
    """Give the seat these Tech cards completed (as a finished Tech Project leaves them)."""
    for card in cards:
        state["borg"]["tech"]["deck"].remove(card)
        state["players"][seat]["advancements"].append({"card": card, "exhausted": False})


def in_hand(state: dict[str, Any], seat: int, *cards: str) -> None:
    for card in cards:
        state["borg"]["tech"]["deck"].remove(card)
        state["players"][seat].setdefault("borg_tech", []).append(card)


def fight(ships: int = 4, seat_weapons: int = 0, **kw: Any) -> dict[str, Any]:
    state = borg_turn(
        cubes={"cube1": "S:vega"},
        systems=[VEGA],
        lanes=[("l1", "vega", "earth", 1)],
        ships={0: {"L:l1:1": ships}},
        weapons={0: seat_weapons},
        **kw,
    )
    return state


def answer(state: dict[str, Any], kind: str, seed: int = 0) -> tuple[dict[str, Any], list[Any]]:
    seat = state["prompt"]["seat"]
    out = RULES.apply(state, Command(seat, kind, {"card": state["prompt"]["card"]}), Rng.from_seed(seed))
    return out.state, list(out.events)


def test_every_tech_card_effect_kind_is_played_somewhere() -> None:
    """Each kind is either kept in play as an Advancement (B47) or offered at a moment when discarded (B48)."""
    kept = {e["kind"] for t in catalog.BORG_TECH.values() if not t["discard"] for e in t["effects"]}
    discarded = {e["kind"] for t in catalog.BORG_TECH.values() if t["discard"] for e in t["effects"]}
    assert kept == {"adaptive_shield", "borg_shields", "extra_dice", "impulse", "reroll", "hit_roll", "gain"}
    offered = {k for kinds in borg.OFFERS.values() for k in kinds}
    assert discarded == offered | {"redraw_command", "peek_deck"}  # Telemetry (B10) and a Command of his own
    assert all(t["id"] in catalog.ADVANCEMENTS for t in catalog.BORG_TECH.values() if not t["discard"])


@pytest.mark.rules("ascendancy:R262", "ascendancy:R132", "ascendancy:R15")
def test_a_research_cost_tech_card_is_a_project_funded_to_completion_and_dropped_under_the_tech_deck() -> (
    None
):
    state = build(
        options={"borg_mode": "delta_quadrant"}, turn=0, phase="build", resources={0: {"research": 9}}
    )
    state["borg"]["tech"]["deck"].remove(VINCULUM)
    state["borg"]["tech"]["deck"].append(VINCULUM)
    ctx = ctx_for(state)
    borg.draw_tech(ctx, 0)
    p = state["players"][0]
    assert p["projects"] == [{"card": VINCULUM, "research": 0}] and "borg_tech" not in p
    assert ev(ctx.events, "borg_tech_project") == [
        {"seat": 0, "card": VINCULUM, "cost": 3, "rule": "ascendancy:R262"}
    ]
    p["projects"][0]["research"] = 2
    state, events = _run(state, Command(0, "fund", {"project": VINCULUM}))
    assert {"card": VINCULUM, "exhausted": False} in state["players"][0]["advancements"]
    assert borg.tech_held(state["players"][0]) == [VINCULUM]
    # over the Project limit (R132) a Tech Project may be the one dropped: under the Tech deck (B26)
    state = build(options={"borg_mode": "delta_quadrant"}, turn=0, phase="build")
    for card in (ROTATING, SHIELDING, INTERLINK):
        state["borg"]["tech"]["deck"].remove(card)
        state["borg"]["tech"]["deck"].append(card)
        borg.draw_tech(ctx_for(state), 0)
    assert state["prompt"] is not None and state["prompt"]["kind"] == "discard_project"
    state, _ = _run(state, Command(0, "discard_project", {"card": SHIELDING}))
    assert state["borg"]["tech"]["deck"][0] == SHIELDING


def _run(state: dict[str, Any], *commands: Command) -> tuple[dict[str, Any], list[Any]]:
    events: list[Any] = []
    for c in commands:
        out = RULES.apply(state, c, Rng.from_seed(0))
        state = out.state
        events += out.events
    return state, events


@pytest.mark.rules("ascendancy:R262", "ascendancy:R236", "ascendancy:R237")
def test_rotating_frequencies_and_interlink_lower_what_the_player_needs_against_a_cube() -> None:
    state = fight()
    p = state["players"][0]
    assert borg.shield_against(p, 3) == 3
    completed(state, 0, ROTATING)
    assert borg.shield_against(p, 3) == 2 and borg.shield_against(p, 0) == 0  # never below 0
    completed(state, 0, INTERLINK)
    assert borg.shield_against(p, 3) == 1 and borg.shield_against(p, 0) == -1  # the roll itself is 1 lower
    assert borg.shield_against(p, 3, borg.RECLAIM) == 2  # Interlink is for Cubes only
    ctx = ctx_for(state, 3)
    f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
    f["shield"], f["round"], f["first_strike"] = 3, 2, False
    borg.space_round(ctx, f)
    hit = ev(ctx.events, "borg_cube_hit")[0]
    assert hit["need"] == 5 + 1  # the Federation's 5+ against Shield Modifier 3 - 1 - 1
    # needing 7 without the cards forces a retreat; with them the player stays (R237)
    assert borg.must_retreat(p, 2 + 1) and not borg.must_retreat(p, borg.shield_against(p, 3))


@pytest.mark.rules("ascendancy:R262", "ascendancy:R93")
def test_the_targeting_matrix_rerolls_one_missed_die_each_round() -> None:
    rerolled = 0
    for seed in range(10):
        state = fight(ships=4)
        completed(state, 0, MATRIX)
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
        borg.space_round(ctx, f)
        first = next(e for e in ev(ctx.events, "dice_rolled") if e["why"] == "borg_battle")["dice"]
        again = [e for e in ev(ctx.events, "dice_rolled") if e["why"] == "borg_reroll"]
        misses = [d for d in first if d < 5]
        assert len(again) == (1 if misses else 0) and all(len(e["dice"]) == 1 for e in again)
        rerolled += len(again)
    assert rerolled


@pytest.mark.rules("ascendancy:R262", "ascendancy:R233", "ascendancy:R234")
def test_multi_adaptive_shielding_lets_the_shield_modifier_stop_borg_hits() -> None:
    state = fight(ships=3, shields={0: 3})
    f = {"seats": [0]}
    area = borg.battle_area(state, "S:vega")
    dice = [6, 6, 6]  # 0 Spires: every hit is a 6, and a 6 always hits
    assert borg.split_borg_hits(state, f, area, 3, dice) == [{"seat": 0, "count": 3}]
    state["borg"]["spires"] = [{"system": f"s{i}", "nodes": 0, "cube": None, "placed": i} for i in range(3)]
    dice = [4, 5, 6]  # 3 Spires: hits on 4+
    assert borg.split_borg_hits(state, f, area, 3, dice) == [{"seat": 0, "count": 3}]  # R233: shields ignored
    completed(state, 0, SHIELDING)
    modifier = borg.shield_mod(state["players"][0])
    assert modifier >= 1
    counted = [d for d in dice if d >= 4 + modifier or d == 6]
    assert borg.split_borg_hits(state, f, area, 3, dice) == [{"seat": 0, "count": len(counted)}]
    # the dice his shields stop pass on to the next player in turn order
    state["players"][1]["ships"] = {"S:vega": 3}
    both = borg.split_borg_hits(state, {"seats": [0, 1]}, area, 3, dice)
    assert both == [{"seat": 0, "count": len(counted)}, {"seat": 1, "count": 3 - len(counted)}]


@pytest.mark.rules("ascendancy:R262", "ascendancy:R253", "ascendancy:R260")
def test_resistance_protocols_and_the_vinculum_fragment_add_a_die() -> None:
    state = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA])
    ctx = ctx_for(state)
    f = borg.start_fight(ctx, the_cube(state, "cube1"), [1], "done", system="vega")
    borg._system_fires(ctx, f)
    completed(state, 1, PROTOCOLS)
    borg._system_fires(ctx, f)
    rolls = [len(e["dice"]) for e in ev(ctx.events, "dice_rolled") if e["why"] == "assimilation_defence"]
    assert rolls == [3, 4]  # 2 Resource Nodes and the Control Node (RULINGS B51), then 1 more
    reclaim = build(
        options={"borg_mode": "delta_quadrant"},
        turn=0,
        phase="command",
        systems=[{"id": "vega", "slots": ["production"], "xy": [45.0, 60.0]}],
        lanes=[("l1", "vega", "earth", 1)],
        ships={0: {"S:vega": 3}},
    )
    reclaim["borg"]["spires"].append({"system": "vega", "nodes": 0, "cube": None, "placed": 1})
    completed(reclaim, 0, VINCULUM)
    out = RULES.apply(reclaim, Command(0, "reclaim", {"at": "vega"}), Rng.from_seed(1))
    assert [len(e["dice"]) for e in ev(list(out.events), "dice_rolled") if e["why"] == "reclaim"] == [4]


@pytest.mark.rules("ascendancy:R262", "ascendancy:R45")
def test_the_transwarp_coil_moves_impulse_one_sector_further() -> None:
    state = build(options={"borg_mode": "delta_quadrant"}, turn=0, phase="command")
    assert effects.impulse_bonus(state, 0, "ship:S:earth") == 0
    completed(state, 0, COIL)
    assert effects.impulse_bonus(state, 0, "ship:S:earth") == 1
    out = RULES.apply(state, Command(0, "impulse", {"unit": "ship:S:earth"}), Rng.from_seed(0))
    assert out.state["turn"]["move"]["left"] == 3


@pytest.mark.rules("ascendancy:R262", "ascendancy:R239", "ascendancy:R235")
def test_torpedoes_and_nanoprobes_are_offered_as_a_battle_begins() -> None:
    state = fight(ships=1)
    in_hand(state, 0, TORPEDOES, NANOPROBES)
    state["players"][1].setdefault("borg_tech", [])
    ctx = ctx_for(state)
    f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
    state["borg"]["cursor"] = {
        **borg._new_cursor(False),
        "stage": "command",
        "active": "cube1",
        "act": "fight",
        "fight": f,
    }
    state, events = _run(state, AUTO)
    prompt = state["prompt"]
    assert prompt["kind"] == "borg_tech_offer" and prompt["seat"] == 0 and prompt["moment"] == "round"
    first = prompt["card"]
    assert legal(state, 0) == [("borg_tech_use", {"card": first}), ("borg_tech_keep", {"card": first})]
    assert first == NANOPROBES  # in card order
    state, events = answer(state, "borg_tech_use")
    assert state["borg"]["cursor"]["fight"]["no_regeneration"] and state["prompt"]["card"] == TORPEDOES
    assert state["borg"]["tech"]["deck"][0] == NANOPROBES  # under the Tech deck (B26)
    state, events = answer(state, "borg_tech_use")
    assert ev(events, "borg_cube_damaged")[0]["damage"] == 3
    assert state["players"][0]["borg_tech"] == []
    assert ev(events, "borg_fired") or ev(events, "borg_cube_destroyed")  # the round was then fought
    fired = ev(events, "borg_fired")
    if fired:
        assert len(fired[0]["dice"]) <= 9 - 3  # 3 dice fewer (R239)
    assert not ev(events, "borg_regenerated")  # the Nanoprobes: no 6 comes back this battle


@pytest.mark.rules("ascendancy:R262", "ascendancy:R234", "ascendancy:R236")
def test_ablative_armor_cancels_two_hits_and_the_inhibitor_holds_the_shields() -> None:
    for seed in range(30):
        state = fight(ships=6)
        state["borg"]["spires"] = [
            {"system": f"s{i}", "nodes": 0, "cube": None, "placed": i} for i in range(5)
        ]
        in_hand(state, 0, ARMOR, INHIBITOR)
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
        f["round"], f["first_strike"], f["shield"] = 2, False, 1
        f["driver"] = "attack"
        state["borg"]["attack"] = f
        assert borg.space_round(ctx, f) is None
        if state["prompt"]["moment"] == "hits":
            break
    hits = f["allocs"][0]["count"]
    assert hits >= 2 and state["prompt"]["card"] == ARMOR
    state, events = answer(state, "borg_tech_use", seed)
    assert ev(events, "borg_casualties")[0]["ships"] == hits - 2
    assert state["prompt"]["card"] == INHIBITOR and state["prompt"]["moment"] == "adapt"
    state, events = answer(state, "borg_tech_use", seed)
    assert ev(events, "borg_shields_held") and not ev(events, "borg_shields_adapted")


@pytest.mark.rules("ascendancy:R262", "ascendancy:R229", "ascendancy:R253")
def test_the_cortical_interface_evades_an_engagement_and_the_suppressor_an_assimilation() -> None:
    state = fight(ships=2)
    in_hand(state, 0, CORTICAL)
    state["borg"]["cursor"] = {
        **borg._new_cursor(False),
        "stage": "command",
        "active": "cube1",
        "act": "engage",
    }
    state, _ = _run(state, AUTO)
    assert state["prompt"]["card"] == CORTICAL and state["prompt"]["moment"] == "engage"
    kept, _ = answer(state, "borg_tech_keep")
    kept, events = _run(kept, AUTO)
    assert ev(events, "borg_battle_started")  # kept: the Cube engages
    used, _ = answer(state, "borg_tech_use")
    used, events = _run(used, AUTO)
    assert ev(events, "borg_engagement_evaded") == [{"seat": 0, "cube": "cube1", "rule": "ascendancy:R229"}]
    assert not ev(events, "borg_battle_started") and used["borg"]["cursor"]["act"] == "card"
    # a Cube alone in seat 1's Vega: the Neural Suppressor stops the Assimilation this activation
    state = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA])
    in_hand(state, 1, SUPPRESSOR)
    state["borg"]["cursor"] = {
        **borg._new_cursor(False),
        "stage": "command",
        "active": "cube1",
        "act": "assimilate",
    }
    state, _ = _run(state, AUTO)
    assert state["prompt"]["seat"] == 1 and state["prompt"]["card"] == SUPPRESSOR
    state, _ = answer(state, "borg_tech_use")
    state, events = _run(state, AUTO)
    assert ev(events, "borg_assimilation_cancelled")[0]["system"] == "vega"
    assert not ev(events, "borg_battle_started") and state["systems"]["vega"]["control"] == 1


@pytest.mark.rules("ascendancy:R262", "ascendancy:R260", "ascendancy:R261")
def test_the_schematics_give_first_strike_in_a_reclaim_and_the_inhibitor_stops_the_spire_growing() -> None:
    def position() -> dict[str, Any]:
        state = build(
            options={"borg_mode": "delta_quadrant"},
            turn=0,
            phase="command",
            systems=[{"id": "vega", "slots": ["production"], "xy": [45.0, 60.0]}],
            lanes=[("l1", "vega", "earth", 1)],
            ships={0: {"S:vega": 6}},
        )
        state["borg"]["spires"].append({"system": "vega", "nodes": 0, "cube": None, "placed": 1})
        in_hand(state, 0, SCHEMATICS, INHIBITOR)
        return state

    won_clean = 0
    for seed in range(20):
        state = position()
        out = RULES.apply(state, Command(0, "reclaim", {"at": "vega"}), Rng.from_seed(seed))
        assert out.state["prompt"]["card"] == SCHEMATICS and out.state["prompt"]["moment"] == "reclaim"
        state, events = answer(out.state, "borg_tech_use", seed)
        rnd = ev(events, "borg_reclaim_round")[0]
        if rnd["hits"] >= 1:  # reclaimed first: the Borg System never fired
            won_clean += 1
            assert rnd["borg_hits"] == 0 and not [
                e for e in ev(events, "dice_rolled") if e["why"] == "borg_system_defence"
            ]
        else:
            assert state["prompt"]["card"] == INHIBITOR and state["prompt"]["moment"] == "reclaim_adapt"
            held, events = answer(state, "borg_tech_use", seed)
            assert held["borg"]["spires"][0]["nodes"] == 0 and ev(events, "borg_shields_held")
            assert held["prompt"]["kind"] == "borg_reclaim"
    assert won_clean


@pytest.mark.rules("ascendancy:R262", "ascendancy:R224")
def test_unimatrix_coordinates_show_the_top_commands_to_their_user_alone() -> None:
    state = build(options={"borg_mode": "delta_quadrant"}, turn=0, phase="command")
    in_hand(state, 0, COORDINATES)
    assert ("borg_tech_peek", {"card": COORDINATES}) in legal(state, 0)
    assert ("borg_tech_peek", {"card": COORDINATES}) not in legal(state, 1)
    top = list(reversed(state["borg"]["commands"]["deck"][-3:]))
    state, events = _run(state, Command(0, "borg_tech_peek", {"card": COORDINATES}))
    peeked = next(e for e in events if e.kind == "deck_peeked")
    assert peeked.data["cards"] == top and peeked.visible_to == frozenset({0})
    assert state["prompt"] == {"kind": "arrange_deck", "seat": 0, "deck": "borg_commands", "count": 3}
    state, _ = _run(state, Command(0, "arrange_deck", {"order": [2, 1, 0]}))
    assert list(reversed(state["borg"]["commands"]["deck"][-3:])) == list(reversed(top))
    assert state["players"][0]["borg_tech"] == [] and state["borg"]["tech"]["deck"][0] == COORDINATES
    # the seat that looked keeps knowing them when the hidden deck is drawn again (secrets.py)
    other = RULES.rerandomise(state, 0, Rng.from_seed(4))
    assert other["borg"]["commands"]["deck"][-3:] == state["borg"]["commands"]["deck"][-3:]


@pytest.mark.rules("ascendancy:R262", "ascendancy:R93")
def test_tactical_data_rerolls_every_missed_die_of_that_round() -> None:
    for seed in range(20):
        state = fight(ships=5)
        in_hand(state, 0, TACTICAL)
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, the_cube(state, "cube1"), [0], "card")
        f["driver"] = "attack"
        state["borg"]["attack"] = f
        assert borg.space_round(ctx, f) is None and state["prompt"]["card"] == TACTICAL
        state, events = answer(state, "borg_tech_use", seed)
        first = next(e for e in ev(events, "dice_rolled") if e["why"] == "borg_battle")["dice"]
        misses = [d for d in first if d < 5]
        again = [e["dice"] for e in ev(events, "dice_rolled") if e["why"] == "borg_reroll"]
        assert [len(a) for a in again] == ([len(misses)] if misses else [])  # every miss, once
        if misses:
            return
    raise AssertionError("never a miss")


@pytest.mark.rules("ascendancy:R262")
def test_the_commands_a_seat_looked_at_are_in_its_view_alone() -> None:
    state = build(options={"borg_mode": "delta_quadrant"}, turn=0, phase="command")
    in_hand(state, 0, COORDINATES)
    state, _ = _run(
        state,
        Command(0, "borg_tech_peek", {"card": COORDINATES}),
        Command(0, "arrange_deck", {"order": [0, 1, 2]}),
    )
    top = list(reversed(state["borg"]["commands"]["deck"][-3:]))
    assert RULES.view(state, 0)["players"][0]["peeked"] == {"borg_commands": top}
    assert (
        "peeked" not in RULES.view(state, 1)["players"][0]
        and "peeked" not in RULES.view(state, None)["players"][0]
    )
