"""Combat effects and decisions: dice split, First Strike, re-rolls, fleets, starbases, bombardment, captures,
cancelling, mines (ascendancy:R42-R189, the combat rules)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import board
from games.ascendancy.engine.conflict import PROMPTS

from .helpers import RULES, build, cmd, ev, legal, refused, run

VEGA = {"id": "vega", "slots": ["production", "research"], "xy": [45.0, 56.5], "max_lanes": 3}
LANE = ("l1", "earth", "vega", 2)
QUIET = ("stay", "keep_dice", "decline", "hold", "fight", "continue", "no_bombard")


def dice(events: list[Any], why: str) -> list[list[int]]:
    return [e["dice"] for e in ev(events, "dice_rolled") if e["why"] == why]


def settle(state: dict[str, Any], seed: int = 0, stop: tuple[str, ...] = (), **prefer: str
           ) -> tuple[dict[str, Any], list[Any]]:
    """Answer every combat decision with the quiet choice (stay, keep the dice, the first casualty...),
    unless ``prefer`` names another command for that prompt."""
    events: list[Any] = []
    while state["prompt"] is not None and state["prompt"]["kind"] in PROMPTS and state["prompt"]["kind"] not in stop:
        seat = state["prompt"]["seat"]
        options = legal(state, seat)
        wanted = prefer.get(state["prompt"]["kind"])
        pick = next((o for o in options if o[0] == wanted), None) or next(
            (o for o in options if o[0] in QUIET), options[0])
        state, more = run(state, cmd(seat, pick[0], **pick[1]), seed=seed)
        events += more
    return state, events


def three_way(**kw: Any) -> dict[str, Any]:
    return build(civs=kw.pop("civs", ("federation", "klingon", "cardassian")), turn=0, phase="command",
                 systems=[VEGA], lanes=[LANE], **kw)


@pytest.mark.rules("ascendancy:R88")
def test_the_attacker_declares_how_his_dice_are_split_among_the_defenders() -> None:
    state = three_way(ships={0: {"S:earth": 4}, 1: {"L:l1:1": 2}, 2: {"L:l1:1": 2}})
    state, _ = run(state, cmd(0, "attack", target="L:l1:1"))
    decision = RULES.decision_for(state, 0)
    assert decision.prompt == "split_dice" and decision.params["defender"] == 1
    assert legal(state, 0) == [("split", {"dice": k}) for k in range(5)]
    refused(state, cmd(0, "split", dice=5), "bad_dice_split", "ascendancy:R88")
    state, events = run(state, cmd(0, "split", dice=3))
    rolled = {e["on"]: len(e["dice"]) for e in ev(events, "combat_dice") if e["seat"] == 0}
    assert rolled == {1: 3, 2: 1}  # the last Defender takes the rest
    assert {e["seat"] for e in ev(events, "combat_dice") if e["on"] == 0} <= {1, 2}  # all their hits on him


@pytest.mark.rules("ascendancy:R95")
@pytest.mark.scenarios("ascendancy:S44")
def test_first_strike_takes_casualties_before_the_opponent_rolls_and_cancels_out_when_both_have_it() -> None:
    for seed in range(10):
        state = build(civs=("federation", "klingon", "romulan"), turn=0, phase="command", systems=[VEGA],
                      lanes=[LANE], ships={0: {"S:earth": 4}, 2: {"L:l1:1": 3}}, weapons={2: 3})
        state, _ = run(state, cmd(0, "attack", target="L:l1:1"))
        assert RULES.decision_for(state, 2).prompt == "first_strike"  # the Romulan Cloaking Device
        state, events = run(state, cmd(2, "first_strike"), seed=seed)
        assert state["players"][2]["advancements"][0]["exhausted"]
        first, = dice(events, "defend")
        state, more = settle(state, seed=seed)
        events += more
        hits = sum(1 for d in first if d >= 2)
        attack = dice(events, "attack")
        assert len(attack[0]) == 4 - min(4, hits)  # he rolls only with his survivors
        if hits >= 4:
            assert not attack or not attack[0]
    kli = build(civs=("klingon", "federation", "romulan"), turn=0, phase="command",
                systems=[{**VEGA, "id": "vega"}], lanes=[("l1", "qonos", "vega", 2)],
                ships={0: {"S:qonos": 1}, 2: {"L:l1:1": 3}}, fleets={0: {"kli_fleet_2": ("kli_strike_fleet", 3,
                                                                                       "S:qonos")}})
    kli, _ = run(kli, cmd(0, "attack", target="L:l1:1"))
    kli, events = run(kli, cmd(2, "first_strike"))
    assert ev(events, "first_strike_cancelled") and dice(events, "defend")[0].__len__() == 3
    assert sum(len(d) for d in dice(events, "attack")) == 4  # both roll in full


@pytest.mark.rules("ascendancy:R99", "ascendancy:R177", "ascendancy:R164")
@pytest.mark.scenarios("ascendancy:S49")  # the cancelled battle; the wins: the next test
def test_the_advanced_cloaking_device_cancels_a_battle_with_no_winner() -> None:
    state = build(civs=("klingon", "federation", "romulan"), turn=0, phase="command", systems=[VEGA],
                  lanes=[("l1", "qonos", "vega", 2)], ships={0: {"S:qonos": 4}, 2: {"L:l1:1": 3}},
                  advancements={2: ["rom_advanced_cloaking_device"]})
    state, _ = run(state, cmd(0, "attack", target="L:l1:1"))
    assert RULES.decision_for(state, 2).prompt == "cancel_battle"
    assert legal(state, 2) == [("cancel_battle", {}), ("decline", {})]
    culture = state["players"][0]["resources"]["culture"]
    state, events = run(state, cmd(2, "cancel_battle"))
    assert ev(events, "battle_ended")[0]["winner"] is None and not dice(events, "attack")
    assert state["turn"]["battle"] is None and state["prompt"] is None
    assert state["players"][0]["ready"] == 4  # the Command stays spent
    assert state["players"][0]["resources"]["culture"] == culture  # nothing for Never Defeated
    card = next(a for a in state["players"][2]["advancements"] if a["card"] == "rom_advanced_cloaking_device")
    assert card["exhausted"]


@pytest.mark.rules("ascendancy:R164")
@pytest.mark.scenarios("ascendancy:S49")  # 3 ships: +1 Culture, 2 ships: nothing; cancelled: the test above
def test_never_defeated_pays_the_klingon_when_he_wins_as_a_defender() -> None:
    for seed in range(5):
        state = build(civs=("federation", "klingon", "cardassian"), turn=0, phase="command", systems=[VEGA],
                      lanes=[LANE], ships={0: {"S:earth": 3}, 1: {"L:l1:1": 6}}, weapons={1: 3},
                      shields={1: 3})  # the Federation needs 8: it cannot hit
        culture = state["players"][1]["resources"]["culture"]
        state, events = run(state, cmd(0, "attack", target="L:l1:1"), seed=seed)
        state, more = settle(state, seed=seed)
        assert ev(events + more, "battle_ended")[-1]["winner"] == 1
        assert state["players"][1]["resources"]["culture"] == culture + 1
        small = build(civs=("federation", "klingon", "cardassian"), turn=0, phase="command", systems=[VEGA],
                      lanes=[LANE], ships={0: {"S:earth": 2}, 1: {"L:l1:1": 6}}, weapons={1: 3}, shields={1: 3})
        small, _ = run(small, cmd(0, "attack", target="L:l1:1"), seed=seed)
        small, _ = settle(small, seed=seed)
        assert small["players"][1]["resources"]["culture"] == culture  # fewer than 3 ships: nothing


@pytest.mark.rules("ascendancy:R92", "ascendancy:R123", "ascendancy:R187")
def test_a_starbase_adds_a_die_and_the_armed_starbase_three_when_an_involved_ship_orbits_it() -> None:
    def attack_dice(advancements: dict[int, list[str]], ships: dict[str, int]) -> int:
        state = build(civs=("cardassian", "klingon", "federation"), turn=0, phase="command", systems=[VEGA],
                      lanes=[("l1", "cardassia_prime", "vega", 2)], ships={0: ships, 1: {"L:l1:1": 1}},
                      advancements=advancements)
        state["systems"]["cardassia_prime"]["starbase"] = True
        state, events = run(state, cmd(0, "attack", target="L:l1:1"))
        return sum(len(d) for d in dice(events, "attack"))

    assert attack_dice({}, {"S:cardassia_prime": 2}) == 3
    assert attack_dice({0: ["car_armed_starbase"]}, {"S:cardassia_prime": 2}) == 5
    assert attack_dice({}, {"L:l1:2": 2}) == 2  # no ship of the battle orbits the Starbase: no die


@pytest.mark.rules("ascendancy:R130", "ascendancy:R172", "ascendancy:R42", "ascendancy:R93", "ascendancy:R175")
def test_the_battle_group_rolls_apart_and_rerolls_its_ones_each_rule_once_per_die() -> None:
    for seed in range(60):
        state = build(civs=("romulan", "klingon", "federation"), turn=0, phase="command", systems=[VEGA],
                      lanes=[("l1", "romulus", "vega", 2)], ships={0: {"S:romulus": 2}, 1: {"L:l1:1": 3}},
                      fleets={0: {"rom_fleet_1": ("rom_battle_group", 3, "S:romulus")}},
                      advancements={0: ["rom_advanced_targeting_vector"]})
        state, _ = run(state, cmd(0, "attack", target="L:l1:1"))
        state, events = run(state, cmd(0, "decline"), seed=seed)  # no First Strike card this time
        ships, fleet = dice(events, "attack")  # R130: the fleet's dice apart from the ships'
        assert (len(ships), len(fleet)) == (2, 3)
        if 1 not in fleet or RULES.decision_for(state, 0) is None or RULES.decision_for(state, 0).prompt != "reroll":
            continue
        options = [a for k, a in legal(state, 0) if k == "reroll"]
        group = [a["die"] for a in options if a["card"] == "rom_battle_group"]
        assert sorted(group) == [2 + i for i, d in enumerate(fleet) if d == 1]  # its own ones only
        assert all(a["card"] == "rom_advanced_targeting_vector" for a in options
                   if a["die"] < 2)  # the ships' dice: only the Targeting Vector
        die = group[0]
        refused(state, cmd(0, "reroll", card="rom_mining_fleet", die=die), "reroll_not_allowed",
                "ascendancy:R42")
        state, events = run(state, cmd(0, "reroll", card="rom_battle_group", die=die), seed=seed)
        new = ev(events, "die_rerolled")[0]
        assert new["old"] == 1 and new["new"] == dice(events, "reroll")[0][0]  # the new face replaces it
        again = [a for k, a in legal(state, 0) if k == "reroll" and a["die"] == die]
        assert {"card": "rom_battle_group", "die": die} not in again  # R42: once per rule per die
        assert {"card": "rom_advanced_targeting_vector", "die": die} in again  # another rule may
        state, _ = run(state, cmd(0, "reroll", card="rom_advanced_targeting_vector", die=die), seed=seed)
        assert not [a for k, a in legal(state, 0) if k == "reroll" and a["card"] == "rom_advanced_targeting_vector"]  # R175: 1
        return
    raise AssertionError("no seed rolled a 1 for the fleet")


@pytest.mark.rules("ascendancy:R42", "ascendancy:R172")
def test_reroll_limit_once_per_die_stops_a_second_rule_from_rerolling_the_same_die() -> None:
    """RULINGS A8: by default another rule may re-roll a re-rolled die (the test above); ``once_per_die``: no."""
    for seed in range(60):
        state = build(civs=("romulan", "klingon", "federation"), turn=0, phase="command", systems=[VEGA],
                      lanes=[("l1", "romulus", "vega", 2)], ships={0: {"S:romulus": 2}, 1: {"L:l1:1": 3}},
                      fleets={0: {"rom_fleet_1": ("rom_battle_group", 3, "S:romulus")}},
                      advancements={0: ["rom_advanced_targeting_vector"]}, options={"reroll_limit": "once_per_die"})
        state, _ = run(state, cmd(0, "attack", target="L:l1:1"))
        state, events = run(state, cmd(0, "decline"), seed=seed)
        _, fleet = dice(events, "attack")
        decision = RULES.decision_for(state, 0)
        if 1 not in fleet or decision is None or decision.prompt != "reroll":
            continue
        die = next(a["die"] for k, a in legal(state, 0) if k == "reroll" and a["card"] == "rom_battle_group")
        assert {"card": "rom_advanced_targeting_vector", "die": die} in [a for k, a in legal(state, 0) if k == "reroll"]
        state, _ = run(state, cmd(0, "reroll", card="rom_battle_group", die=die), seed=seed)
        decision = RULES.decision_for(state, 0)
        if decision is not None and decision.prompt == "reroll":
            assert not [a for k, a in legal(state, 0) if k == "reroll" and a["die"] == die]
        refused(state, cmd(0, "reroll", card="rom_advanced_targeting_vector", die=die), "reroll_not_allowed",
                "ascendancy:R42")
        return
    raise AssertionError("no seed rolled a 1 for the fleet")


@pytest.mark.rules("ascendancy:R86")
def test_a_fleet_rule_in_one_sector_applies_to_the_whole_side() -> None:
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE],
                  ships={0: {"L:l1:2": 1}, 1: {"L:l1:1": 2}},
                  fleets={0: {"fed_fleet_2": ("fed_defense_fleet", 3, "S:earth")}})
    state, events = run(state, cmd(0, "attack", target="L:l1:1"))
    state, more = settle(state)
    klingon = [e for e in ev(events + more, "combat_dice") if e["seat"] == 1]
    assert klingon and klingon[0]["need"] == 5 + 1  # the Defense Fleet's shield covers the loose ship too


@pytest.mark.rules("ascendancy:R168", "ascendancy:R94")
def test_the_marauder_fleet_takes_production_for_the_ships_it_destroys() -> None:
    seen = False
    for seed in range(20):
        state = build(civs=("klingon", "federation", "cardassian"), turn=0, phase="command", systems=[VEGA],
                      lanes=[("l1", "qonos", "vega", 2)], ships={0: {}, 1: {"L:l1:1": 2}}, weapons={0: 3},
                      fleets={0: {"kli_fleet_1": ("kli_marauder_fleet", 3, "S:qonos")}})
        production = state["players"][0]["resources"]["production"]
        state, events = run(state, cmd(0, "attack", target="L:l1:1"), seed=seed)
        state, more = settle(state, seed=seed)
        events += more
        first = [e for e in ev(events, "combat_dice") if e["seat"] == 0][0]
        earned = min(first["hits"], 2)
        plunder = ev(events, "fleet_plunder")
        assert state["players"][0]["resources"]["production"] == production + sum(e["ships"] for e in plunder)
        assert earned == 0 or plunder[0]["ships"] == earned
        seen = seen or earned > 0
    assert seen


@pytest.mark.rules("ascendancy:R96")
def test_each_sector_of_a_retreating_side_retreats_as_its_own_group() -> None:
    state = build(civs=("federation", "cardassian", "romulan"), turn=0, phase="command",
                  systems=[VEGA, {"id": "deneb", "slots": [], "xy": [60.0, 71.5]}],
                  lanes=[LANE, ("l2", "earth", "deneb", 2)],
                  ships={0: {"S:earth": 2, "L:l1:2": 1}, 1: {"L:l1:1": 3}}, shields={0: 3, 1: 3})
    state, _ = run(state, cmd(0, "attack", target="L:l1:1"))  # the round: nobody hits
    assert RULES.decision_for(state, 0).prompt == "retreat"
    moves = [a for k, a in legal(state, 0) if k == "retreat"]
    assert {"src": "L:l1:2", "to": "S:vega"} in moves and {"src": "S:earth", "to": "L:l2:2"} in moves
    state, _ = run(state, cmd(0, "retreat", src="S:earth", to="L:l2:2"))
    assert RULES.decision_for(state, 0).prompt == "retreat_more"
    assert all(a["src"] == "L:l1:2" for k, a in legal(state, 0))
    state, events = run(state, cmd(0, "retreat", src="L:l1:2", to="S:vega"))
    assert state["players"][0]["ships"] == {"L:l2:2": 2, "S:vega": 1}
    assert ev(events, "battle_ended")[0]["winner"] == 1


@pytest.mark.rules("ascendancy:R96", "ascendancy:R32")
def test_a_retreat_may_not_end_adjacent_to_the_enemy_unless_the_table_allows_it() -> None:
    """RULINGS A9: through his own system Vega (R49) the attacker could reach L:l2:1, Adjacent to the enemy
    ships in Vega: refused by default, a destination with ``retreat_adjacent`` ``allowed``."""
    def destinations(**options: Any) -> set[str]:
        state = build(civs=("federation", "cardassian", "romulan"), turn=0, phase="command",
                      systems=[{**VEGA, "control": 0}, {"id": "deneb", "slots": [], "xy": [60.0, 71.5]}],
                      lanes=[LANE, ("l2", "vega", "deneb", 2)],
                      ships={0: {"L:l1:2": 2}, 1: {"S:vega": 3}}, shields={0: 3, 1: 3}, options=options)
        state, _ = run(state, cmd(0, "attack", target="S:vega"))  # the round: nobody hits
        decision = RULES.decision_for(state, 0)
        assert decision is not None and decision.prompt == "retreat"
        return {a["to"] for k, a in legal(state, 0) if k == "retreat"}

    assert destinations() == {"L:l1:1", "S:earth"}
    assert destinations(retreat_adjacent="allowed") == {"L:l1:1", "S:earth", "L:l2:1"}


def _invasion(civ: str, advancements: list[str], ships: int, nodes: list[str | None], **kw: Any) -> dict[str, Any]:
    home = {"klingon": "qonos", "cardassian": "cardassia_prime"}[civ]
    system = {"id": "vega", "slots": ["production"] * len(nodes), "xy": [45.0, 56.5], "max_lanes": 3,
              "nodes": nodes, "control": 2}
    return build(civs=(civ, "federation", "romulan"), turn=0, phase="command", systems=[system],
                 lanes=[("l1", home, "vega", 2)], ships={0: {"S:vega": ships}},
                 advancements={0: advancements}, **kw)


@pytest.mark.rules("ascendancy:R105", "ascendancy:R167")
def test_planetary_bombardment_destroys_a_node_per_ship_and_never_captures() -> None:
    state = _invasion("klingon", ["kli_planetary_bombardment"], 2, ["production", "research", None])
    state, _ = run(state, cmd(0, "invade", at="vega"), cmd(2, "fight"))
    assert RULES.decision_for(state, 0).prompt == "bombard"
    state, events = run(state, cmd(0, "bombard"))
    assert not dice(events, "invade") and ev(events, "invasion_round")[0]["hits"] == 2
    assert state["systems"]["vega"]["nodes"] == [None, None, None] and state["systems"]["vega"]["control"] == 2
    state = _invasion("klingon", ["kli_planetary_bombardment"], 5, ["production", None])
    state, events = run(state, cmd(0, "invade", at="vega"), cmd(2, "fight"), cmd(0, "bombard"))
    assert ev(events, "invasion_ended")[0]["outcome"] == "total_destruction"  # 5 > N, yet no capture
    assert state["systems"]["vega"]["control"] is None


@pytest.mark.rules("ascendancy:R188", "ascendancy:R189", "ascendancy:R105")
def test_metagenic_weapons_with_annexation_protocols_take_the_emptied_system() -> None:
    state = _invasion("cardassian", ["car_metagenic_weapons", "car_annexation_protocols"], 3, ["production", None])
    state, events = run(state, cmd(0, "invade", at="vega"), cmd(2, "fight"), cmd(0, "bombard"))
    assert ev(events, "invasion_ended")[0]["outcome"] == "annexed"
    assert state["systems"]["vega"]["control"] == 0 and state["systems"]["vega"]["nodes"] == [None, None]
    state = _invasion("cardassian", ["car_metagenic_weapons"], 3, ["production", None])
    state, events = run(state, cmd(0, "invade", at="vega"), cmd(2, "fight"), cmd(0, "bombard"))
    assert ev(events, "invasion_ended")[0]["outcome"] == "total_destruction"


@pytest.mark.rules("ascendancy:R103")
def test_the_attacker_chooses_the_nodes_collateral_damage_destroys() -> None:
    for seed in range(60):
        state = _invasion("klingon", [], 3, ["production", "research", "production"], shields={2: 1})
        state, _ = run(state, cmd(0, "invade", at="vega"))
        state, events = run(state, cmd(2, "fight"), seed=seed)
        if RULES.decision_for(state, 0) is None or RULES.decision_for(state, 0).prompt != "collateral":
            continue
        assert legal(state, 0) == [("destroy_node", {"slot": i}) for i in range(3)]
        refused(state, cmd(0, "destroy_node", slot=5), "node_not_destroyable", "ascendancy:R103")
        hits = ev(events, "invasion_round")[0]["hits"]
        for _ in range(hits):
            state, _ = run(state, cmd(0, "destroy_node", slot=legal(state, 0)[-1][1]["slot"]))
        assert state["systems"]["vega"]["nodes"][:3 - hits] == ["production", "research", "production"][:3 - hits]
        assert state["systems"]["vega"]["control"] == 2
        return
    raise AssertionError("no seed left a choice of nodes")


@pytest.mark.rules("ascendancy:R118", "ascendancy:R132", "ascendancy:R120", "ascendancy:R109")
def test_a_captured_research_node_brings_a_project_of_the_losers_choice() -> None:
    for seed in range(40):
        state = _invasion("klingon", [], 8, ["research", None], weapons={0: 3},
                          projects={2: [("rom_plasma_torpedoes", 2), ("rom_shield_harmonics", 1)],
                                    0: [("kli_ablative_armor", 0)]})
        state["systems"]["vega"]["starbase"] = True
        from games.ascendancy.engine.state import command_total

        state["players"][2]["commands"] = commands = command_total(state, 2)
        state, _ = run(state, cmd(0, "invade", at="vega"))
        state, events = run(state, cmd(2, "fight"), seed=seed)
        state, more = settle(state, seed=seed, stop=("give_project",))
        events += more
        if state["systems"]["vega"]["control"] != 0 or state["prompt"] is None:
            continue
        assert state["players"][2]["commands"] == commands - 1  # R120: the Starbase's Command changes hands
        assert RULES.decision_for(state, 2).prompt == "give_project"
        state, _ = run(state, cmd(2, "give_project", card="rom_shield_harmonics"))
        assert {"card": "rom_shield_harmonics", "research": 0} in state["players"][0]["projects"]
        assert [pr["card"] for pr in state["players"][2]["projects"]] == ["rom_plasma_torpedoes"]
        assert RULES.decision_for(state, 0).prompt == "discard_project"  # R132: over his limit now
        return
    raise AssertionError("no seed took the system")


@pytest.mark.rules("ascendancy:R116", "ascendancy:R118", "ascendancy:R117")
def test_hegemony_betrays_and_captures_projects_too() -> None:
    for seed in range(30):
        vega = {**VEGA, "nodes": ["production", "research"], "control": 1}
        state = build(civs=("federation", "klingon", "romulan"), turn=0, phase="command", systems=[vega],
                      ships={0: {"S:vega": 1}}, authority={0: 4}, trade_held={0: {1: 2}},
                      projects={1: [("kli_ablative_armor", 3)]})
        state, events = run(state, cmd(0, "hegemony", at="vega"), seed=seed)
        assert ev(events, "betrayal") == [{"seat": 0, "victim": 1}]
        attempt = ev(events, "hegemony_attempted")[0]
        assert attempt["total"] == attempt["die"] + 4 + 1  # R117: the Universal Translator
        if not attempt["success"]:
            continue
        assert state["players"][0]["projects"][-1] == {"card": "kli_ablative_armor", "research": 0}
        return
    raise AssertionError("no seed succeeded")


@pytest.mark.rules("ascendancy:R119")
def test_a_captured_card_works_for_its_new_owner() -> None:
    state = build(civs=("andorian", "klingon", "romulan"), turn=2, phase="command",
                  systems=[{**VEGA, "nodes": ["production", None], "control": 1}], ships={2: {"S:vega": 2}},
                  advancements={1: ["and_imperial_guard"]})
    state, events = run(state, cmd(2, "invade", at="vega"), cmd(1, "fight"))
    assert len(dice(events, "planet_defence")[0]) == 2 + 2  # the Andorian card's two dice, for the Klingon


@pytest.mark.rules("ascendancy:R122", "ascendancy:R120")
def test_total_destruction_leaves_the_starbase_uncontrolled_and_costs_its_command() -> None:
    state = _invasion("klingon", ["kli_planetary_bombardment"], 2, ["production", None])
    state["systems"]["vega"]["starbase"] = True
    from games.ascendancy.engine.state import command_total

    state["players"][2]["commands"] = command_total(state, 2)
    before = state["players"][2]["commands"]
    state, events = run(state, cmd(0, "invade", at="vega"), cmd(2, "fight"), cmd(0, "bombard"))
    assert ev(events, "invasion_ended")[0]["outcome"] == "total_destruction"
    assert state["systems"]["vega"]["starbase"] and state["systems"]["vega"]["control"] is None
    assert state["players"][2]["commands"] == before - 1


@pytest.mark.rules("ascendancy:R176")
def test_cloaked_orbital_mines_roll_for_hostile_ships_ending_a_move_in_orbit() -> None:
    vega = {**VEGA, "nodes": ["production", None], "control": 2}
    hits = []
    for seed in range(12):
        state = build(civs=("klingon", "federation", "romulan"), turn=0, phase="command", systems=[vega],
                      lanes=[("l1", "qonos", "vega", 1)], ships={0: {"L:l1:1": 1}},
                      advancements={2: ["rom_cloaked_orbital_mines"]})
        state, _ = run(state, cmd(0, "impulse", unit="ship:L:l1:1"))
        state, events = run(state, cmd(0, "step", to="S:vega"), seed=seed)
        if state["turn"]["move"] is not None:
            state, more = run(state, cmd(0, "stop"), seed=seed)
            events += more
        mine, = dice(events, "mines")
        assert [e["seat"] for e in ev(events, "dice_rolled") if e["why"] == "mines"] == [2]
        assert board.ships_in(state["players"][0], "S:vega") == (0 if mine[0] >= 5 else 1)
        hits.append(mine[0] >= 5)
    assert any(hits) and not all(hits)
    peace = build(civs=("klingon", "federation", "romulan"), turn=0, phase="command", systems=[vega],
                  lanes=[("l1", "qonos", "vega", 1)], ships={0: {"L:l1:1": 1}}, trade_held={2: {0: 1}},
                  advancements={2: ["rom_cloaked_orbital_mines"]})
    peace, _ = run(peace, cmd(0, "impulse", unit="ship:L:l1:1"))
    peace, events = run(peace, cmd(0, "step", to="S:vega"))
    assert not dice(events, "mines")  # at Peace: not Hostile


@pytest.mark.rules("ascendancy:R83")
def test_no_trade_agreements_change_hands_between_the_participants_of_a_conflict() -> None:
    from games.ascendancy.engine.conflict import check_offer_trade, check_swap_trade
    from games.engine.core import IllegalCommand

    state = build(civs=("federation", "cardassian", "romulan"), turn=0, phase="command",
                  systems=[VEGA, {"id": "deneb", "slots": [], "xy": [60.0, 71.5]}],
                  lanes=[LANE, ("l2", "earth", "deneb", 2)],
                  ships={0: {"S:earth": 3}, 1: {"L:l1:1": 3}, 2: {"L:l2:2": 1}},
                  shields={0: 3, 1: 3}, contact=[0, 1, 2], trade_held={1: {0: 0}})
    state, _ = run(state, cmd(0, "attack", target="L:l1:1"))
    assert state["turn"]["battle"] is not None
    for check, seat, args in ((check_offer_trade, 1, {"to": 0, "card": 0}),
                              (check_swap_trade, 0, {"to": 1, "card": 1})):
        with pytest.raises(IllegalCommand) as err:
            check(state, seat, args)
        assert err.value.code == "conflict_under_way" and err.value.rule == "ascendancy:R83"


@pytest.mark.rules("ascendancy:R95", "ascendancy:R101")
def test_first_strike_in_an_invasion_takes_the_nodes_before_the_planet_rolls() -> None:
    seen = set()
    for seed in range(40):
        system = {"id": "vega", "slots": ["production", "research", "culture"], "xy": [45.0, 56.5],
                  "max_lanes": 3, "nodes": ["production", "research", "culture"], "control": 2}
        state = build(civs=("andorian", "federation", "romulan"), turn=0, phase="command", systems=[system],
                      ships={0: {"S:vega": 5}}, advancements={0: ["and_tactical_academy"]}, weapons={0: 2})
        state, _ = run(state, cmd(0, "invade", at="vega"))
        state, events = run(state, cmd(2, "fight"), seed=seed)
        state, more = settle(state, seed=seed, stop=("collateral", "invasion_continue"))
        events += more
        if state["prompt"] and state["prompt"]["kind"] == "collateral":
            while state["prompt"] and state["prompt"]["kind"] == "collateral":
                state, more = run(state, cmd(0, "destroy_node", slot=legal(state, 0)[0][1]["slot"]), seed=seed)
                events += more
        hits = ev(events, "invasion_round")[0]["hits"]
        planet = dice(events, "planet_defence")
        if hits >= 4:  # taken or destroyed before the planet fires
            assert not planet
            seen.add("no_fire")
        else:
            assert len(planet[0]) == 4 - hits  # the planet rolls with the nodes left
            seen.add("fewer")
    assert seen == {"no_fire", "fewer"}


@pytest.mark.rules("ascendancy:R166")
def test_the_cult_of_kahless_sacrifices_ships_for_sure_kills_instead_of_rolling() -> None:
    for seed in range(5):
        state = build(civs=("klingon", "federation", "romulan"), turn=0, phase="command", systems=[VEGA],
                      lanes=[("l1", "qonos", "vega", 2)], ships={0: {"S:qonos": 4}, 1: {"L:l1:1": 3}},
                      advancements={0: ["kli_cult_of_kahless"]})
        state, _ = run(state, cmd(0, "attack", target="L:l1:1"))
        assert RULES.decision_for(state, 0).prompt == "sacrifice"
        assert legal(state, 0) == [("roll_dice", {})] + [("sacrifice", {"ships": k}) for k in range(1, 5)]
        refused(state, cmd(0, "sacrifice", ships=5), "too_many_sacrificed", "ascendancy:R166")
        state, events = run(state, cmd(0, "sacrifice", ships=2), seed=seed)
        assert not dice(events, "attack")  # no Klingon ship rolls this round
        back = sum(1 for d in dice(events, "defend")[0] if d >= 5)  # the Federation rolls in full
        assert board.ships_in(state["players"][1], "L:l1:1") == 1
        assert board.ships_in(state["players"][0], "S:qonos") == max(0, 4 - 2 - back)


@pytest.mark.rules("ascendancy:R130", "ascendancy:R96", "ascendancy:R89")
def test_the_honor_guard_rolls_an_extra_die_apart_and_never_retreats() -> None:
    state = build(civs=("klingon", "federation", "romulan"), turn=0, phase="command",
                  systems=[VEGA, {"id": "deneb", "slots": [], "xy": [60.0, 71.5]}],
                  lanes=[("l1", "qonos", "vega", 2), ("l2", "qonos", "deneb", 2)],
                  ships={0: {"L:l1:2": 1}, 1: {"L:l1:1": 3}}, shields={0: 3, 1: 3},
                  fleets={0: {"kli_fleet_3": ("kli_honor_guard", 3, "S:qonos")}})
    state, events = run(state, cmd(0, "attack", target="L:l1:1"))
    assert sorted(len(d) for d in dice(events, "attack")) == [1, 3 + 1]  # the fleet's own roll, one die more
    assert RULES.decision_for(state, 0).prompt == "retreat"
    assert {a["src"] for k, a in legal(state, 0) if k == "retreat"} == {"L:l1:2"}  # never the Honor Guard


@pytest.mark.rules("ascendancy:R90", "ascendancy:R17")
def test_shield_advancements_raise_the_rivals_hit_roll_in_space_battles_only() -> None:
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE], ships={0: {"S:earth": 2}, 1: {"L:l1:1": 2}},
                  advancements={0: ["fed_multiphasic_shields"]})
    state, events = run(state, cmd(0, "attack", target="L:l1:1"))
    state, more = settle(state)
    klingon = [e for e in ev(events + more, "combat_dice") if e["seat"] == 1]
    assert klingon[0]["need"] == 5 + 1


@pytest.mark.rules("ascendancy:R181")
def test_andorian_field_testing_claims_a_ship_when_the_andorian_attacker_wins() -> None:
    for seed in range(10):
        state = build(civs=("andorian", "federation", "romulan"), turn=0, phase="command", systems=[VEGA],
                      lanes=[("l1", "andor", "vega", 2)], ships={0: {"S:andor": 4}, 1: {"L:l1:1": 1}},
                      weapons={0: 3}, shields={0: 3})  # the Federation needs 8: he cannot hit back
        state, events = run(state, cmd(0, "attack", target="L:l1:1"), seed=seed)
        state, more = settle(state, seed=seed)
        events += more
        won = ev(events, "battle_ended")[-1]["winner"] == 0
        assert state["players"][0]["claimed_ships"] == (1 if won else 0)
        if won:
            return
    raise AssertionError("the Andorian never won")


@pytest.mark.rules("ascendancy:R94", "ascendancy:R138")
def test_an_advancement_paid_per_enemy_ship_destroyed_plays_once_per_ship() -> None:
    """effects.trigger ``on_enemy_destroyed`` (Salvage Operations: 1 Production a ship) is played for every
    enemy ship the owner's hits destroy (asc-effects' trigger, wired in combat's scoring)."""
    home = "ferenginar"
    seen = False
    for seed in range(20):
        state = build(civs=("ferengi", "federation", "romulan"), turn=0, phase="command", systems=[VEGA],
                      lanes=[("l1", home, "vega", 2)], ships={0: {f"S:{home}": 4}, 1: {"L:l1:1": 2}},
                      weapons={0: 3}, advancements={0: ["fer_salvage_operations"]})
        production = state["players"][0]["resources"]["production"]
        state, events = run(state, cmd(0, "attack", target="L:l1:1"), seed=seed)
        state, more = settle(state, seed=seed)
        events += more
        destroyed = sum(e["ships"] for e in ev(events, "casualties") if e["seat"] == 1)
        gains = [e for e in ev(events, "effect_gain") if e["card"] == "fer_salvage_operations"]
        assert len(gains) == destroyed
        assert state["players"][0]["resources"]["production"] == production + destroyed
        seen = seen or destroyed > 0
    assert seen


# --- Acceptance scenarios of the digest: space battles -------------------------------------------------------

X = {"id": "x", "slots": ["production"], "xy": [67.95, 46.75]}  # one 2-sector lane below Romulus
Y = {"id": "y", "slots": ["research"], "xy": [67.95, 61.75]}  # and one below X
ROMULUS_X_Y = [("l1", "romulus", "x", 2), ("l2", "x", "y", 2)]


@pytest.mark.rules("ascendancy:R90", "ascendancy:R91", "ascendancy:R165")
@pytest.mark.scenarios("ascendancy:S41")
def test_the_hit_roll_is_weapons_plus_shields_and_above_six_only_the_klingon_six_hits() -> None:
    from games.ascendancy.engine import catalog
    from games.ascendancy.engine.combat import is_hit

    assert catalog.WEAPONS["klingon"][2]["hit"] == 3
    state = build(turn=1, phase="command", systems=[VEGA], lanes=[("l1", "qonos", "vega", 2)],
                  ships={1: {"S:qonos": 6}, 2: {"L:l1:1": 6}}, weapons={1: 2}, shields={2: 1})
    state, events = run(state, cmd(1, "attack", target="L:l1:1"), cmd(2, "decline"))
    klingon = next(e for e in ev(events, "combat_dice") if e["seat"] == 1)
    assert klingon["need"] == 4 and klingon["hits"] == sum(1 for d in klingon["dice"] if d >= 4)
    kli, fed = state["players"][1], state["players"][0]
    assert [d for d in range(1, 7) if is_hit(kli, d, 1)] == [4, 5, 6]
    kli["weapons"] = fed["weapons"] = 0  # 5+ against Shields 2: the target is 7
    assert [d for d in range(1, 7) if is_hit(fed, d, 2)] == []
    assert [d for d in range(1, 7) if is_hit(kli, d, 2)] == [6]  # the Klingon Starting Advancement


@pytest.mark.rules("ascendancy:R95", "ascendancy:R94", "ascendancy:R168")
@pytest.mark.scenarios("ascendancy:S43")
def test_a_fleet_disbanded_by_first_strike_never_fires_but_one_disbanded_in_the_same_round_still_plunders() -> None:
    def battle(choice: str, seed: int) -> tuple[dict[str, Any], list[Any], int]:
        state = build(turn=2, phase="command", systems=[X], lanes=[("l1", "romulus", "x", 2)],
                      ships={2: {"S:romulus": 6}, 1: {}}, weapons={1: 3},
                      fleets={1: {"kli_fleet_1": ("kli_marauder_fleet", 4, "L:l1:1")}})
        production = state["players"][1]["resources"]["production"]
        state, events = run(state, cmd(2, "attack", target="L:l1:1"), cmd(2, choice), seed=seed)
        return state, events, state["players"][1]["resources"]["production"] - production

    def romulan_hits(events: list[Any]) -> int:
        return int(next(e for e in ev(events, "combat_dice") if e["seat"] == 2)["hits"])

    first = next(seed for seed in range(60) if romulan_hits(battle("first_strike", seed)[1]) == 2)
    state, events, plunder = battle("first_strike", first)
    kinds_ = [e.kind for e in events]
    assert kinds_.index("fleet_disbanded") < [i for i, e in enumerate(events) if e.kind == "combat_dice"
                                              and e.data["seat"] == 1][0]  # disbanded before it fires
    assert "kli_fleet_1" not in state["players"][1]["fleets"] and state["players"][1]["ships"] == {"L:l1:1": 2}
    klingon = next(e for e in ev(events, "combat_dice") if e["seat"] == 1)
    assert len(klingon["dice"]) == 2  # the two loose survivors
    assert plunder == 0 and not ev(events, "fleet_plunder")  # their hits are not the fleet's
    same = next(seed for seed in range(60) if romulan_hits(battle("decline", seed)[1]) == 2
                and next(e for e in ev(battle("decline", seed)[1], "combat_dice") if e["seat"] == 1)["hits"] > 0)
    state, events, plunder = battle("decline", same)
    hits = next(e for e in ev(events, "combat_dice") if e["seat"] == 1)["hits"]
    assert "kli_fleet_1" not in state["players"][1]["fleets"]  # disbanded at the end of the round
    assert plunder == min(hits, 6) and ev(events, "fleet_plunder")[0]["production"] == plunder


@pytest.mark.rules("ascendancy:R88")
@pytest.mark.scenarios("ascendancy:S46")
def test_the_attacker_splits_his_dice_between_two_defenders_who_each_hit_him_and_retreat_alone() -> None:
    state = build(turn=2, phase="command", systems=[X], lanes=[("l1", "romulus", "x", 2)],
                  ships={2: {"S:romulus": 5}, 1: {"L:l1:1": 2}, 0: {"L:l1:1": 2}}, shields={0: 3, 1: 3, 2: 3})
    state, _ = run(state, cmd(2, "attack", target="L:l1:1"), cmd(2, "decline"))
    decision = RULES.decision_for(state, 2)
    assert decision.prompt == "split_dice" and decision.params == {"defender": 0, "dice": 5}
    state, events = run(state, cmd(2, "split", dice=3))
    rolled = {(e["seat"], e["on"]): len(e["dice"]) for e in ev(events, "combat_dice")}
    assert rolled == {(2, 0): 3, (2, 1): 2, (0, 2): 2, (1, 2): 2}  # every Defender hit lands on the Romulan
    assert RULES.decision_for(state, 0).prompt == "retreat" and RULES.seats_to_act(state) == {0}
    state, _ = run(state, cmd(0, "stay"))
    assert RULES.decision_for(state, 1).prompt == "retreat" and RULES.seats_to_act(state) == {1}
    state, events = run(state, cmd(1, "retreat", src="L:l1:1", to="S:x"))
    assert state["players"][1]["ships"] == {"S:x": 2} and state["players"][0]["ships"] == {"L:l1:1": 2}


@pytest.mark.rules("ascendancy:R96")
@pytest.mark.scenarios("ascendancy:S47")
def test_a_blocked_side_cannot_retreat_and_a_retreat_keeps_to_existing_lanes_and_moves_a_sector_together() -> None:
    from games.ascendancy.engine.battle import retreat_moves

    state = build(turn=1, phase="command", systems=[X, Y], lanes=ROMULUS_X_Y,
                  ships={1: {"L:l1:2": 2, "L:l2:1": 2}, 0: {"S:x": 3}}, shields={0: 3, 1: 3})
    assert state["systems"]["x"]["max_lanes"] > 2  # X has room for a new lane
    state, _ = run(state, cmd(1, "attack", target="S:x"))
    assert retreat_moves(state, 0) == []  # every lane out of X is blocked
    state, _ = run(state, cmd(1, "stay"))
    assert RULES.decision_for(state, 0) is None or RULES.decision_for(state, 0).prompt != "retreat"
    refused(state, cmd(0, "retreat", src="S:x", to="L:l2:2"), "retreat_blocked", "ascendancy:R96")
    one_way = build(turn=1, phase="command", systems=[X, Y], lanes=ROMULUS_X_Y,
                    ships={1: {"L:l1:2": 2}, 0: {"S:x": 3}}, shields={0: 3, 1: 3})
    one_way, _ = run(one_way, cmd(1, "attack", target="S:x"), cmd(1, "stay"))
    assert legal(one_way, 0) == [("stay", {}), ("retreat", {"src": "S:x", "to": "L:l2:1"}),
                                 ("retreat", {"src": "S:x", "to": "L:l2:2"})]  # no new lane
    left = one_way["players"][0]["ships"]["S:x"]
    one_way, _ = run(one_way, cmd(0, "retreat", src="S:x", to="L:l2:2"))
    assert one_way["players"][0]["ships"] == {"L:l2:2": left} and set(one_way["lanes"]) == {"l1", "l2"}


# --- Acceptance scenarios of the digest: invasion, Hegemony, captures ------------------------------------------


def _invade_until(outcome: str, ships: int, nodes: list[str | None], *, extra: tuple[str, ...] = (),
                  bombard: bool = False, **kw: Any) -> tuple[dict[str, Any], list[Any]]:
    """The Klingon (seat 0) invades the Romulan Vega: the first seed whose invasion ends in ``outcome``."""
    for seed in range(200):
        state = _invasion("klingon", [], ships, nodes, **kw)
        state, events = run(state, cmd(0, "invade", at="vega"), cmd(2, "fight"), seed=seed)
        state, more = settle(state, seed=seed, stop=extra)
        events += more
        ended = ev(events, "invasion_ended")
        if ended and ended[0]["outcome"] == outcome:
            return state, events
    raise AssertionError(f"no seed ended in {outcome}")


@pytest.mark.rules("ascendancy:R104")
@pytest.mark.scenarios("ascendancy:S52")
def test_an_invasion_succeeds_on_its_hits_even_when_the_defence_kills_the_invaders() -> None:
    found = set()
    for seed in range(300):
        for extra in ([], ["car_orbital_platforms"]):  # 3 dice, or 4 with one extra (the card works for its holder)
            state = _invasion("klingon", [], 4, ["production", "research"], weapons={0: 3, 2: 3})
            state["players"][2]["advancements"] += [{"card": c, "exhausted": False} for c in extra]
            state, events = run(state, cmd(0, "invade", at="vega"), cmd(2, "fight"), seed=seed)
            rounds, defence = ev(events, "invasion_round"), dice(events, "planet_defence")
            lost = sum(e["ships"] for e in ev(events, "casualties") if e["seat"] == 0)
            if not rounds or rounds[0]["hits"] != 4 or lost != 3 + len(extra):
                continue
            assert rounds[0]["nodes"] == 3 and len(defence[0]) == 3 + len(extra)
            assert ev(events, "invasion_ended")[0]["outcome"] == "invasion_succeeded"
            assert state["systems"]["vega"]["control"] == 0
            assert state["players"][0]["ships"] == ({"S:vega": 1} if not extra else {})
            found.add(len(extra))
        if found == {0, 1}:
            return
    raise AssertionError(f"seeds found for {found} only")


@pytest.mark.rules("ascendancy:R105", "ascendancy:R189")
@pytest.mark.scenarios("ascendancy:S53")
def test_metagenic_weapons_cannot_take_a_system_unless_with_annexation_protocols() -> None:
    nodes = ["production", "research"]  # N = 3 with the Control Node
    state = _invasion("cardassian", ["car_metagenic_weapons"], 3, nodes)
    state, events = run(state, cmd(0, "invade", at="vega"), cmd(2, "fight"), cmd(0, "bombard"))
    assert ev(events, "invasion_round")[0]["hits"] == 3 and ev(events, "invasion_round")[0]["nodes"] == 3
    assert ev(events, "invasion_ended")[0]["outcome"] == "total_destruction"
    assert state["systems"]["vega"]["control"] is None and state["systems"]["vega"]["nodes"] == [None, None]
    state = _invasion("cardassian", ["car_metagenic_weapons", "car_annexation_protocols"], 3, nodes)
    state, events = run(state, cmd(0, "invade", at="vega"), cmd(2, "fight"), cmd(0, "bombard"))
    assert ev(events, "invasion_ended")[0]["outcome"] == "annexed" and state["systems"]["vega"]["control"] == 0


@pytest.mark.rules("ascendancy:R118", "ascendancy:R132")
@pytest.mark.scenarios("ascendancy:S55")
def test_a_captured_research_node_brings_a_project_chosen_by_the_loser_without_its_research() -> None:
    """The digest's Romulan and Klingon trade places here (the Klingon takes the Romulan system): the rule
    does not depend on the civilization."""
    projects = {2: [("rom_plasma_torpedoes", 2), ("rom_shield_harmonics", 1)],
                0: [("kli_ablative_armor", 0)]}  # Qo'noS has no Research Node: one Project is his limit
    state, _ = _invade_until("invasion_succeeded", 8, ["research", None], extra=("give_project",),
                             weapons={0: 3}, projects=projects)
    assert RULES.decision_for(state, 2).prompt == "give_project" and RULES.seats_to_act(state) == {2}
    state, _ = run(state, cmd(2, "give_project", card="rom_shield_harmonics"))
    assert {"card": "rom_shield_harmonics", "research": 0} in state["players"][0]["projects"]
    assert RULES.decision_for(state, 0).prompt == "discard_project"  # 2 Projects, 1 Research Node
    deck = list(state["players"][2]["deck"])
    state, _ = run(state, cmd(0, "discard_project", card="rom_shield_harmonics"))
    assert state["players"][2]["deck"] == ["rom_shield_harmonics", *deck]  # under its owner's deck
    assert [pr["card"] for pr in state["players"][0]["projects"]] == ["kli_ablative_armor"]


@pytest.mark.rules("ascendancy:R120")
@pytest.mark.scenarios("ascendancy:S56")
def test_a_starbase_taken_moves_a_command_and_one_destroyed_waits_for_the_next_colonizer() -> None:
    from games.ascendancy.engine.state import command_total

    def with_starbase(**kw: Any) -> dict[str, Any]:
        state = _invasion("klingon", kw.pop("adv", []), kw.pop("ships", 8), ["production", "research"], **kw)
        state["systems"]["vega"]["starbase"] = True
        state["players"][2]["commands"] = command_total(state, 2)
        return state

    before = with_starbase()
    kli, rom = dict(before["players"][0]), dict(before["players"][2])
    for seed in range(100):
        state = with_starbase(weapons={0: 3})
        state, events = run(state, cmd(0, "invade", at="vega"), cmd(2, "fight"), seed=seed)
        state, more = settle(state, seed=seed)
        if ev(events + more, "invasion_ended")[0]["outcome"] == "invasion_succeeded":
            break
    else:
        raise AssertionError("no seed took Vega")
    assert state["systems"]["vega"]["control"] == 0 and state["systems"]["vega"]["starbase"]
    assert state["players"][0]["commands"] == kli["commands"] + 1
    assert state["players"][0]["ready"] == kli["ready"] - 1  # the Invasion's own Command; the new one Exhausted
    assert state["players"][2]["commands"] == rom["commands"] - 1
    wrecked = with_starbase(adv=["kli_planetary_bombardment"], ships=3)
    wrecked, events = run(wrecked, cmd(0, "invade", at="vega"), cmd(2, "fight"), cmd(0, "bombard"))
    assert ev(events, "invasion_ended")[0]["outcome"] == "total_destruction"
    assert wrecked["players"][2]["commands"] == rom["commands"] - 1 and wrecked["players"][0]["commands"] == kli["commands"]
    assert wrecked["systems"]["vega"]["starbase"] and wrecked["systems"]["vega"]["control"] is None
    wrecked["turn"]["phase"] = "build"
    wrecked["players"][0]["ships"] = {"S:vega": 2}
    commands = wrecked["players"][0]["commands"]
    wrecked, _ = run(wrecked, cmd(0, "colonize", at="vega"))
    assert wrecked["systems"]["vega"]["control"] == 0 and wrecked["players"][0]["commands"] == commands + 1


@pytest.mark.rules("ascendancy:R111")
@pytest.mark.scenarios("ascendancy:S58")
def test_hegemony_needs_two_culture() -> None:
    state = build(turn=0, phase="command", ships={0: {"S:vega": 1}}, resources={0: {"culture": 1}},
                  systems=[{**VEGA, "nodes": ["production", None], "control": 1}])
    refused(state, cmd(0, "hegemony", at="vega"), "not_enough_resources", "ascendancy:R111", cost={"culture": 2})
    assert ("hegemony", {"at": "vega"}) not in legal(state, 0)


@pytest.mark.rules("ascendancy:R114", "ascendancy:R191", "ascendancy:R213")
@pytest.mark.scenarios("ascendancy:S59")
def test_hegemony_never_on_pre_warp_the_ferengi_add_no_authority_and_vulcans_spare_weaker_rivals() -> None:
    pre = build(turn=0, phase="command", systems=[{**VEGA, "prewarp": {"production": 2}}], ships={0: {"S:vega": 1}})
    refused(pre, cmd(0, "hegemony", at="vega"), "no_hegemony_on_prewarp", "ascendancy:R114")
    owned = {**VEGA, "nodes": ["production", None], "control": 1}
    fer = build(civs=("ferengi", "klingon", "romulan"), turn=0, phase="command", systems=[owned],
                ships={0: {"S:vega": 1}}, authority={0: 3})
    fer, events = run(fer, cmd(0, "hegemony", at="vega"))
    attempt = ev(events, "hegemony_attempted")[0]
    assert attempt["total"] == attempt["die"]
    for rival, allowed in ((2, False), (3, True)):
        vul = build(civs=("vulcan", "klingon", "romulan"), turn=0, phase="command", systems=[owned],
                    ships={0: {"S:vega": 3}}, authority={0: 3, 1: rival})
        for kind in ("hegemony", "invade"):
            if allowed:
                _, events = run(vul, cmd(0, kind, at="vega"))
                assert ev(events, "hegemony_attempted" if kind == "hegemony" else "invasion_started")
            else:
                refused(vul, cmd(0, kind, at="vega"), "logical_observers", "ascendancy:R213")


@pytest.mark.rules("ascendancy:R176", "ascendancy:R98")
def test_cloaked_orbital_mines_after_a_tactical_maneuver_roll_only_for_the_ships_that_moved() -> None:
    """R176 (RULINGS E46): the mines destroy Hostile ships that enter orbit; the winner's ships already in orbit
    of the Romulan system did not enter it with the Maneuver: they roll nothing and lose nothing."""
    from games.ascendancy.engine import catalog

    fleet = catalog.FLEETS["federation"][0]
    deneb = {"id": "deneb", "slots": ["production"], "nodes": ["production"], "control": 2, "xy": [60.0, 71.5]}
    losses = set()
    for seed in range(12):
        state = build(civs=("federation", "cardassian", "romulan"), turn=0, phase="command",
                      systems=[VEGA, deneb], lanes=[LANE, ("l2", "earth", "deneb", 1)],
                      ships={0: {"S:earth": 3, "S:deneb": 2}, 1: {"L:l1:1": 3}},
                      fleets={0: {fleet["id"]: (fleet["sides"][0]["side"], 3, "S:earth")}},
                      shields={0: 3, 1: 3}, advancements={2: ["rom_cloaked_orbital_mines"]})
        state, _ = run(state, cmd(0, "attack", target="L:l1:1"), seed=seed)  # both need 8: no hits
        state, _ = run(state, cmd(0, "stay"), seed=seed)
        state, _ = run(state, cmd(1, "retreat", src="L:l1:1", to="S:vega"), seed=seed)
        assert RULES.decision_for(state, 0).prompt == "maneuver"
        state["players"][0]["shields"] = 0  # the mines need 5
        state, events = run(state, cmd(0, "maneuver", src="S:earth", to="S:deneb", ships=2, fleets=[fleet["id"]]),
                            seed=seed)
        mine, = dice(events, "mines")
        assert len(mine) == 2 + 3  # the 2 loose ships and the fleet's 3 that moved, not the 2 already there
        assert [e["seat"] for e in ev(events, "dice_rolled") if e["why"] == "mines"] == [2]
        lost = sum(1 for d in mine if d >= 5)
        assert ev(events, "mines_exploded")[0]["destroyed"] == lost
        assert board.ships_in(state["players"][0], "S:deneb") == 2 + 5 - lost
        assert state["players"][0]["ships"]["S:earth"] == 1
        losses.add(lost)
    assert len(losses) > 1
