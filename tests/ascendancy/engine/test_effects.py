"""Card effects: the effects in play, their envelope, triggers, modifiers and activated abilities
(games/ascendancy/engine/effects.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import build as build_mod
from games.ascendancy.engine import catalog, effects
from games.ascendancy.engine.state import adv_total, command_total
from games.engine.core import Rng

from .helpers import RULES, build, cmd, ev, fresh, kinds, legal, refused, run

#: combat kinds are asc-combat's (combat.py, battle.py, invasion.py); ambassador and Vulcan/Andorian console kinds asc-civs'
COMBAT_KINDS = {"shield", "always_hit", "extra_dice", "starbase_dice", "reroll", "first_strike", "node_strike",
                "annexation", "sacrifice_attack", "mines", "cancel_battle", "capture_ship",
                "never_retreat", "never_defeated"}
#: the Borg Tech cards' kinds against the Borg, played by borg.py (RULINGS B47)
BORG_KINDS = {"adaptive_shield", "borg_shields", "hit_roll"}
CIVS_KINDS = {"move_ambassador", "place_ambassador", "ambassador_defense", "logical_observers",
              "vulcan_colonization", "distrust", "independence", "swap_home", "pride", "move_rival_ships"}
#: kinds played outside effects.py, by the function named here
ELSEWHERE = {"colonize": build_mod.colonize_effect, "base_commands": command_total}


def _all_effects() -> list[tuple[str, dict[str, Any]]]:
    out = [(a["id"], e) for a in catalog.ADVANCEMENTS.values() for e in a["effects"]]
    out += [(sid, e) for sid, side in catalog.FLEET_SIDES.items() for e in side.get("effects", [])]
    out += [(r["id"], e) for civ in catalog.CIV.values() for r in civ["rules"] for e in r["effects"]]
    return out


def _my_turn(state: dict[str, Any], seat: int, phase: str = "command") -> dict[str, Any]:
    state["turn"]["phase"] = phase
    return state


def _ability(state: dict[str, Any], seat: int, card: str) -> list[dict[str, Any]]:
    return [args for kind, args in legal(state, seat) if kind == "use_ability" and args["card"] == card]


@pytest.mark.rules("ascendancy:R135", "ascendancy:R138")
def test_every_effect_kind_on_a_card_has_a_handler_or_an_owner() -> None:
    missing = sorted({e["kind"] for _, e in _all_effects()} - set(effects.HANDLERS) - set(ELSEWHERE)
                     - COMBAT_KINDS - CIVS_KINDS - BORG_KINDS)
    assert missing == []
    assert all(callable(fn) for fn in (*effects.HANDLERS.values(), *ELSEWHERE.values()))
    activated = {e["kind"] for _, e in _all_effects() if e.get("when") in effects.ACTIVATED}
    # every activated kind that is ours is a use_ability command
    assert activated - COMBAT_KINDS - CIVS_KINDS - set(ELSEWHERE) <= set(effects.ABILITIES)
    triggered = {e["kind"] for _, e in _all_effects() if str(e.get("when", "passive")).startswith("on_")
                 or e.get("when") in ("generation", "turn_start")}
    assert triggered - COMBAT_KINDS - CIVS_KINDS - set(ELSEWHERE) <= set(effects.TRIGGERED)


@pytest.mark.rules("ascendancy:R26", "ascendancy:R163", "ascendancy:R193", "ascendancy:R138")
def test_generation_effects_add_to_the_nodes_income() -> None:
    systems = [{"id": "vega", "slots": ["research"], "nodes": [None], "control": 0, "starbase": True, "xy": [3, 0]},
               {"id": "rigel", "slots": ["research"], "nodes": [None], "control": 0, "starbase": True,
                "xy": [0, 3]}]
    state = build(turn=0, systems=systems, advancements={0: ["fed_starbase_science_labs"]})
    from games.ascendancy.engine.rounds import node_income

    assert node_income(state, 0)["research"] == 1 + 2  # Earth's node + 1 per Starbase (R163)
    state["players"][0]["advancements"][-1]["exhausted"] = True
    assert node_income(state, 0)["research"] == 1  # an Exhausted card gives nothing (R137)
    # R193: 1 Production per Ferengi ship orbiting a rival's system, whatever the agreements
    fer = build(civs=("ferengi", "federation", "klingon"), turn=0,
                ships={0: {"S:earth": 2, "S:qonos": 1, "S:ferenginar": 3}})
    assert node_income(fer, 0)["production"] == 2 + 3
    # R138: a Federation that completed a captured Cardassian card takes its gain
    fed = build(civs=("federation", "cardassian", "klingon"), turn=0, advancements={0: ["car_uridium_processing"]})
    assert node_income(fed, 0)["production"] == 1 + 2


@pytest.mark.rules("ascendancy:R134")
def test_nobody_starts_with_projects_they_come_from_launching() -> None:
    state = fresh(("federation", "klingon", "romulan"))
    assert all(p["projects"] == [] for p in state["players"])
    state = build(turn=0, phase="command", systems=[{"id": "vega", "slots": ["research"], "nodes": ["research"],
                                                      "control": 0, "xy": [3, 0]}])
    state, events = run(state, cmd(0, "launch"))
    assert len(state["players"][0]["projects"]) == 2 and "projects_launched" in kinds(events)


@pytest.mark.rules("ascendancy:R135", "ascendancy:R174", "ascendancy:R22")
def test_mining_fleet_takes_production_for_each_command_without_facing_the_hazard() -> None:
    neb = {"id": "neb", "kind": "phenomenon", "slots": [], "hazard": 4, "xy": [3, 0]}
    state = build(civs=("romulan", "federation", "klingon"), turn=0, phase="command", systems=[neb],
                  fleets={0: {"rom_fleet_2": ("rom_mining_fleet", 3, "S:neb")}}, ready={0: 2})
    ability = {"card": "rom_mining_fleet", "effect": 0}
    assert _ability(state, 0, "rom_mining_fleet") == [ability]
    before = state["players"][0]["resources"]["production"]
    state, events = run(state, cmd(0, "use_ability", **ability), cmd(0, "use_ability", **ability))
    p = state["players"][0]
    assert p["resources"]["production"] == before + 4 and p["ready"] == 0  # R135: once per Command paid
    assert "hazard_faced" not in kinds(events) and p["fleets"]["rom_fleet_2"]["ships"] == 3
    refused(state, cmd(0, "use_ability", **ability), "no_command_left", "ascendancy:R135", commands=1)
    build_phase = build(civs=("romulan", "federation", "klingon"), turn=0, systems=[neb],
                        fleets={0: {"rom_fleet_2": ("rom_mining_fleet", 3, "S:neb")}})
    refused(build_phase, cmd(0, "use_ability", **ability), "command_phase_only", "ascendancy:R22")
    away = build(civs=("romulan", "federation", "klingon"), turn=0, phase="command", systems=[neb],
                 fleets={0: {"rom_fleet_2": ("rom_mining_fleet", 3, "S:romulus")}})
    refused(away, cmd(0, "use_ability", **ability), "fleet_not_on_phenomenon", "ascendancy:R174")
    assert _ability(away, 0, "rom_mining_fleet") == []


@pytest.mark.rules("ascendancy:R9", "ascendancy:R18", "ascendancy:R192")
def test_own_turn_abilities_are_build_phase_actions_too() -> None:
    state = build(civs=("ferengi", "federation", "klingon"), turn=0, resources={0: {"production": 11}})
    convert = {"card": "fer_only_latinum", "effect": 1}
    assert ("use_ability", convert) in legal(state, 0)
    state, _ = run(state, cmd(0, "use_ability", **convert), cmd(0, "build_ship", at="ferenginar"))
    p = state["players"][0]
    assert p["resources"]["production"] == 11 - 5 - 1 and p["resources"]["culture"] == 3 + 1
    state, _ = run(state, cmd(0, "end_build"), cmd(0, "use_ability", **convert))
    assert state["players"][0]["resources"]["culture"] == 5
    refused(state, cmd(0, "use_ability", **convert), "not_enough_resources", "ascendancy:R192",
            cost={"production": 5})
    refused(state, cmd(0, "use_ability", card="fer_only_latinum", effect=0), "no_such_ability",
            "ascendancy:R135", card="fer_only_latinum")
    other = build(civs=("ferengi", "federation", "klingon"), turn=1, resources={0: {"production": 11}})
    # not his turn: nothing offered (RULINGS E30) but his standing answers (RULINGS E50)
    assert {kind for kind, _ in legal(other, 0)} == {"standing"}


@pytest.mark.rules("ascendancy:R40", "ascendancy:R136", "ascendancy:R137", "ascendancy:R28")
def test_exhaust_abilities_work_once_per_round_and_an_exhausted_card_is_out_of_play() -> None:
    state = build(turn=0, advancements={0: ["fed_subspace_telescopes"]})
    top = list(reversed(state["stack"][-3:]))
    peek = {"card": "fed_subspace_telescopes", "effect": 0}
    assert adv_total(state["players"][0], "warp") == 1
    state, events = run(state, cmd(0, "use_ability", **peek))
    shown = ev(events, "deck_peeked")[0]
    assert shown["cards"] == top and next(e for e in events if e.kind == "deck_peeked").visible_to == {0}
    assert RULES.decision_for(state, 0).prompt == "arrange_deck"
    assert len(legal(state, 0)) == 6  # every order of the three discs
    state, _ = run(state, cmd(0, "arrange_deck", order=[2, 1, 0]))
    assert list(reversed(state["stack"][-3:])) == top[::-1]
    for seed in range(5):  # the owner knows the three discs now; the others do not (RULINGS E32)
        assert RULES.rerandomise(state, 0, Rng.from_seed(seed))["stack"][-3:] == state["stack"][-3:]
    assert any(RULES.rerandomise(state, 1, Rng.from_seed(seed))["stack"][-3:] != state["stack"][-3:]
               for seed in range(5))
    p = state["players"][0]
    assert p["advancements"][-1] == {"card": "fed_subspace_telescopes", "exhausted": True}
    assert adv_total(p, "warp") == 0  # R137: no warp range while Exhausted
    refused(state, cmd(0, "use_ability", **peek), "card_exhausted", "ascendancy:R137", card="fed_subspace_telescopes")
    assert _ability(state, 0, "fed_subspace_telescopes") == []
    state["order"] = [0]
    state, _ = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))  # the Recharge refreshes it (R28, R40)
    assert state["players"][0]["advancements"][-1]["exhausted"] is False


@pytest.mark.rules("ascendancy:R139", "ascendancy:R178", "ascendancy:R136")
def test_tal_shiar_exhausts_a_rival_espionage_card_once_per_round() -> None:
    state = build(civs=("romulan", "klingon", "federation"), turn=0, advancements={
        0: ["rom_tal_shiar"], 1: ["kli_cloaking_device", "kli_disruptor_banks"]})
    tal = {"card": "rom_tal_shiar", "effect": 0}
    assert _ability(state, 0, "rom_tal_shiar") == [{**tal, "rival": 1, "rival_card": "kli_cloaking_device"}]
    refused(state, cmd(0, "use_ability", **tal, rival=1, rival_card="kli_disruptor_banks"), "not_an_exhaustable_card",
            "ascendancy:R139", category="espionage")
    state, events = run(state, cmd(0, "use_ability", **tal, rival=1, rival_card="kli_cloaking_device"))
    cards = {a["card"]: a["exhausted"] for a in state["players"][1]["advancements"]}
    assert cards["kli_cloaking_device"] is True and cards["kli_disruptor_banks"] is False
    assert not effects.sources(state, 1, "first_strike")  # its effect is out of play (R137)
    assert ev(events, "rival_card_exhausted")[0]["card"] == "kli_cloaking_device"
    assert state["players"][0]["advancements"][-1]["exhausted"] is True


@pytest.mark.rules("ascendancy:R197", "ascendancy:R139")
def test_ferengi_espionage_is_repeatable_while_its_cost_is_paid() -> None:
    state = build(civs=("ferengi", "klingon", "federation"), turn=0, resources={0: {"production": 5}},
                  advancements={0: ["fer_espionage"], 1: ["kli_plunder", "kli_ablative_armor"]})
    spy = {"card": "fer_espionage", "effect": 0}
    state, _ = run(state, cmd(0, "use_ability", **spy, rival=1, rival_card="kli_plunder"),
                   cmd(0, "use_ability", **spy, rival=1, rival_card="kli_ablative_armor"))
    assert state["players"][0]["resources"]["production"] == 1
    assert all(a["exhausted"] for a in state["players"][1]["advancements"] if a["card"] != "kli_warrior_tradition")
    assert state["players"][0]["advancements"][-1]["exhausted"] is False  # not an "Exhaust this card" ability
    refused(state, cmd(0, "use_ability", **spy, rival=1, rival_card="kli_warrior_tradition"), "not_enough_resources",
            "ascendancy:R135", cost={"production": 2})


@pytest.mark.rules("ascendancy:R162", "ascendancy:R160")
def test_diplomatic_corps_makes_the_hegemony_attempt_free() -> None:
    target = {"id": "vega", "slots": ["production"] * 3, "nodes": ["production"] * 3, "warp_level": 5,
              "xy": [3, 0]}

    def attempt(advs: list[str]) -> tuple[int, dict[str, Any]]:
        state = build(turn=0, phase="command", systems=[target], ships={0: {"S:vega": 1}}, authority={0: 0},
                      resources={0: {"culture": 1}}, advancements={0: advs})
        if not advs:
            refused(state, cmd(0, "hegemony", at="vega"), "not_enough_resources", "ascendancy:R111", cost={"culture": 2})
            state["players"][0]["resources"]["culture"] = 2
        state, events = run(state, cmd(0, "hegemony", at="vega"))
        return state["players"][0]["resources"]["culture"], ev(events, "hegemony_attempted")[0]

    culture, tried = attempt(["fed_diplomatic_corps"])
    assert culture == 1 and not tried["success"]  # resistance 8 beats 6 + 1: nothing paid for the attempt
    assert tried["total"] == tried["die"] + 1  # Universal Translator (R160)
    culture, _ = attempt([])
    assert culture == 1  # without the card: 1 of the 2 Culture spent


@pytest.mark.rules("ascendancy:R170", "ascendancy:R16")
def test_romulan_culture_icons_pay_only_the_romulan_player() -> None:
    romulan = build(civs=("romulan", "federation", "klingon"), turn=0, projects={0: [("rom_senate", 4)]},
                    resources={0: {"culture": 0}})
    romulan, events = run(romulan, cmd(0, "fund", project="rom_senate"))
    assert romulan["players"][0]["resources"]["culture"] == 1 and "romulan_culture" in kinds(events)
    fed = build(civs=("federation", "romulan", "klingon"), turn=0, projects={0: [("rom_senate", 4)]},
                resources={0: {"culture": 0}})
    fed, events = run(fed, cmd(0, "fund", project="rom_senate"))
    assert fed["players"][0]["resources"]["culture"] == 0 and "romulan_culture" not in kinds(events)
    assert any(a["card"] == "rom_senate" for a in fed["players"][0]["advancements"])


@pytest.mark.rules("ascendancy:R173", "ascendancy:R75")
def test_science_fleet_faces_a_hazard_for_research_one_ship_at_a_time() -> None:
    neb = {"id": "neb", "kind": "phenomenon", "slots": [], "hazard": 4, "research": 1, "xy": [3, 0]}
    seen = set()
    for seed in range(40):
        state = build(civs=("romulan", "federation", "klingon"), turn=0, phase="command", systems=[neb],
                      fleets={0: {"rom_fleet_1": ("rom_science_fleet", 4, "S:neb")}}, ships={0: {}})
        state["turn"]["starts"] = ["S:neb"]
        state, events = run(state, cmd(0, "research", at="neb"), seed=seed)
        faced = ev(events, "hazard_faced")[0]
        dice = faced["dice"]
        # every die but the last destroyed a ship; the last one survived (or the ships ran out)
        assert all(d >= faced["target"] for d in dice[:-1])
        assert dice[-1] < faced["target"] or len(dice) == 4
        assert len(ev(events, "phenomenon_researched")) == (1 if dice[-1] < faced["target"] else 0)
        seen.add(len(dice))
    assert 1 in seen and max(seen) > 1  # sometimes the first ship survives, sometimes the next one tries
    plain = build(civs=("romulan", "federation", "klingon"), turn=0, phase="command", systems=[neb],
                  fleets={0: {"rom_fleet_1": ("rom_battle_group", 4, "S:neb")}}, ships={0: {}})
    plain["turn"]["starts"] = ["S:neb"]
    plain, events = run(plain, cmd(0, "research", at="neb"))
    assert len(ev(events, "hazard_faced")[0]["dice"]) == 4  # other fleets roll all their dice at once


@pytest.mark.rules("ascendancy:R182")
def test_recon_fleet_leaves_tokens_on_nearby_systems_but_not_on_phenomena() -> None:
    systems = [{"id": "vega", "slots": ["production"], "control": 1, "xy": [3, 0]},
               {"id": "neb", "kind": "phenomenon", "slots": [], "hazard": 4, "xy": [0, 3]}]
    lanes = [("l1", "vega", "neb", 2)]
    state = build(civs=("andorian", "klingon", "federation"), turn=0, phase="command", systems=systems, lanes=lanes,
                  fleets={0: {"and_fleet_1": ("and_recon_fleet", 3, "L:l1:1")}})
    recon = {"card": "and_recon_fleet", "effect": 0}
    assert _ability(state, 0, "and_recon_fleet") == [{**recon, "at": "vega"}]  # a lane end, never the phenomenon
    refused(state, cmd(0, "use_ability", **recon, at="neb"), "recon_target_not_possible", "ascendancy:R182",
            system="neb")
    state, _ = run(state, cmd(0, "use_ability", **recon, at="vega"))
    p = state["players"][0]
    assert p["recon"] == ["vega"] and p["ready"] == 4
    assert effects.hegemony_bonus(state, 0, "vega") == 1  # RULINGS A24
    from games.ascendancy.engine.conflict import piece_sectors

    assert "S:vega" in piece_sectors(state, 0)  # a presence for Trade Agreements (A24)
    assert _ability(state, 0, "and_recon_fleet") == []
    state["players"][0]["fleets"] = {}  # removable at any time, even without the fleet
    assert ("remove_recon", {"at": "vega"}) in legal(state, 0)
    refused(state, cmd(0, "remove_recon", at="neb"), "no_recon_token_there", "ascendancy:R182", system="neb")
    state, _ = run(state, cmd(0, "remove_recon", at="vega"))
    assert state["players"][0]["recon"] == [] and effects.hegemony_bonus(state, 0, "vega") == 0


@pytest.mark.rules("ascendancy:R183")
def test_command_fleet_swaps_places_with_another_fleet_for_a_command() -> None:
    state = build(civs=("andorian", "klingon", "federation"), turn=0, phase="command",
                  fleets={0: {"and_fleet_2": ("and_command_fleet", 3, "S:andor"),
                              "and_fleet_3": ("and_vanguard", 3, "S:qonos")}})
    swap = {"card": "and_command_fleet", "effect": 0}
    assert _ability(state, 0, "and_command_fleet") == [{**swap, "other": "and_fleet_3"}]
    refused(state, cmd(0, "use_ability", **swap, other="and_fleet_2"), "no_fleet_to_swap", "ascendancy:R183",
            fleet="and_fleet_2")
    state, _ = run(state, cmd(0, "use_ability", **swap, other="and_fleet_3"))
    fleets = state["players"][0]["fleets"]
    assert fleets["and_fleet_2"]["sector"] == "S:qonos" and fleets["and_fleet_3"]["sector"] == "S:andor"
    assert state["players"][0]["ready"] == 4


@pytest.mark.rules("ascendancy:R184", "ascendancy:R138", "ascendancy:R119")
def test_imperial_guard_serves_whoever_holds_it() -> None:
    state = build(civs=("klingon", "andorian", "federation"), turn=0, advancements={0: ["and_imperial_guard"]})
    mine = effects.sources(state, 0, "extra_dice", scope="invasion_defense")
    assert [(s.card, s.effect["amount"]) for s in mine] == [("and_imperial_guard", 2)]
    assert effects.sources(state, 1, "extra_dice", scope="invasion_defense") == []
    assert effects.sources(state, 0, "extra_dice", scope="space_battle") == []


@pytest.mark.rules("ascendancy:R195", "ascendancy:R46", "ascendancy:R49")
def test_trade_support_squadron_warps_for_free_and_slips_past_rivals() -> None:
    lanes = [("l1", "ferenginar", None, 3)]
    fleet = {0: {"fer_fleet_1": ("fer_trade_support_squadron", 3, "S:ferenginar")}}
    state = build(civs=("ferengi", "klingon", "federation"), turn=0, phase="command", fleets=fleet, lanes=lanes,
                  ready={0: 1}, ships={0: {}, 1: {"L:l1:1": 1}})
    state, _ = run(state, cmd(0, "enter_warp", unit="fleet:fer_fleet_1"))
    assert state["players"][0]["ready"] == 1  # no Command for entering
    warp = state["players"][0]["warp"][0]["id"]
    state, _ = run(state, cmd(0, "exit_warp", warp=warp), cmd(0, "stop"))
    assert state["players"][0]["ready"] == 0
    refused(state, cmd(0, "enter_warp", unit="fleet:fer_fleet_1"), "no_command_left", "ascendancy:R21")
    # past a hostile ship: it may enter, the move ends there
    state = build(civs=("ferengi", "klingon", "federation"), turn=0, phase="command", fleets=fleet, lanes=lanes,
                  ships={0: {}, 1: {"L:l1:1": 1}})
    state, _ = run(state, cmd(0, "impulse", unit="fleet:fer_fleet_1"))
    assert {"to": "L:l1:1"} in [a for k, a in legal(state, 0) if k == "step"]
    state, events = run(state, cmd(0, "step", to="L:l1:1"))
    assert state["turn"]["move"] is None and state["players"][0]["fleets"]["fer_fleet_1"]["sector"] == "L:l1:1"
    assert "passed_rivals" in kinds(events)
    other = build(civs=("ferengi", "klingon", "federation"), turn=0, phase="command", lanes=lanes,
                  fleets={0: {"fer_fleet_1": ("fer_merchant_convoy", 3, "S:ferenginar")}},
                  ships={0: {}, 1: {"L:l1:1": 1}})
    other, _ = run(other, cmd(0, "impulse", unit="fleet:fer_fleet_1"))
    assert {"to": "L:l1:1"} not in [a for k, a in legal(other, 0) if k == "step"]  # R49: blocked


@pytest.mark.rules("ascendancy:R196", "ascendancy:R131")
def test_rule_of_acquisition_draws_one_card_from_a_rival_deck() -> None:
    systems = [{"id": "vega", "slots": ["research"] * 3, "nodes": ["research"] * 3, "control": 0, "xy": [3, 0]}]
    state = build(civs=("ferengi", "klingon", "federation"), turn=0, phase="command", systems=systems,
                  advancements={0: ["fer_rule_of_acquisition_21"]})
    assert ("launch", {"from": 1}) in legal(state, 0) and ("launch", {"from": 0}) not in legal(state, 0)
    top = state["players"][1]["deck"][-1]
    state, _ = run(state, cmd(0, "launch", **{"from": 1}))
    assert [pr["card"] for pr in state["players"][0]["projects"]] == [top]
    assert top not in state["players"][1]["deck"] and state["players"][0]["ready"] == 4
    plain = build(civs=("ferengi", "klingon", "federation"), turn=0, phase="command", systems=systems)
    refused(plain, cmd(0, "launch", **{"from": 1}), "no_rival_launch", "ascendancy:R196")


def _fight(state: dict[str, Any], *first: Any) -> tuple[dict[str, Any], list[Any]]:
    state, events = run(state, *first)
    for _ in range(200):
        decision = RULES.pending(state)[0]
        if decision.prompt in ("command_phase", "build_phase"):
            break
        seat = next(iter(decision.seats))
        options = RULES.legal_commands(state, seat)
        choice = next((c for c in options if c.kind in ("stay", "continue")), options[0])
        state, more = run(state, choice)
        events += more
    return state, events


@pytest.mark.rules("ascendancy:R198", "ascendancy:R98")
def test_war_is_good_for_business_pays_for_every_space_battle_won() -> None:
    def battle(advs: list[str]) -> tuple[int, list[Any]]:
        state = build(civs=("ferengi", "klingon", "federation"), turn=0, phase="command", advancements={0: advs},
                      ships={0: {"S:ferenginar": 12}, 1: {"S:ferenginar": 1}}, resources={0: {"production": 0}})
        state, events = _fight(state, cmd(0, "attack", target="S:ferenginar"))
        return state["players"][0]["resources"]["production"], events

    for _ in range(3):
        got, events = battle(["fer_war_good_for_business"])
        ended = ev(events, "battle_ended")[0]
        if ended["winner"] == 0:
            assert got == 2 and ev(events, "effect_gain")[0]["card"] == "fer_war_good_for_business"
            break
    else:
        pytest.fail("twelve ships never beat one")
    got, events = battle([])
    assert ev(events, "battle_ended")[0]["winner"] == 0 and got == 0


@pytest.mark.rules("ascendancy:R10", "ascendancy:R126")
def test_build_site_advancements_add_shipyards_and_fleet_bases() -> None:
    systems = [{"id": "vega", "slots": ["production"], "nodes": ["production"], "control": 0, "xy": [3, 0]},
               {"id": "rigel", "slots": ["research"], "nodes": ["research"], "control": 0, "xy": [0, 3]}]
    state = build(turn=0, systems=systems, advancements={0: ["fed_utopia_planitia"]})
    assert build_mod.ship_yards(state, 0) == ["earth", "vega"]
    state, _ = run(state, cmd(0, "build_ship", at="vega"))
    refused(state, cmd(0, "build_ship", at="rigel"), "not_a_shipyard", "ascendancy:R10", system="rigel")
    andor = build(civs=("andorian", "klingon", "federation"), turn=0, systems=systems,
                  advancements={0: ["and_forward_bases"]})
    assert build_mod.ship_yards(andor, 0, "fleets") == ["andor", "rigel", "vega"]
    assert build_mod.ship_yards(andor, 0) == ["andor"]


@pytest.mark.rules("ascendancy:R17", "ascendancy:R277")
def test_cost_changes_and_paying_with_another_resource() -> None:
    state = build(civs=("andorian", "klingon", "federation"), turn=0, advancements={0: ["and_weapons_lab"]},
                  resources={0: {"research": 2}})
    assert build_mod.upgrade_price(state, 0, "weapons") == {"research": 2}  # 3 less 1
    state, _ = run(state, cmd(0, "upgrade", track="weapons"))
    assert state["players"][0]["weapons"] == 1 and state["players"][0]["resources"]["research"] == 0
    fer = build(civs=("ferengi", "klingon", "federation"), turn=0, advancements={0: ["fer_arms_brokers"]},
                resources={0: {"research": 0, "production": 5}})
    assert ("upgrade", {"track": "weapons", "pay": "production"}) in legal(fer, 0)
    fer, _ = run(fer, cmd(0, "upgrade", track="weapons", pay="production"))
    assert fer["players"][0]["resources"]["production"] == 0 and fer["players"][0]["weapons"] == 1
    refused(build(turn=0), cmd(0, "upgrade", track="weapons", pay="production"), "cannot_pay_with",
            "ascendancy:R17", resource="production")


@pytest.mark.rules("ascendancy:R12", "ascendancy:R204", "ascendancy:R158")
def test_on_colonize_and_discovery_triggers() -> None:
    vega = {"id": "vega", "slots": ["research", "open"], "xy": [3, 0]}
    state = build(turn=0, systems=[vega], ships={0: {"S:vega": 2}}, advancements={0: ["fed_terraforming"]})
    state, events = run(state, cmd(0, "colonize", at="vega"))
    assert RULES.decision_for(state, 0).prompt == "free_node"  # the holder chooses slot and type (E31)
    state, events = run(state, cmd(0, "free_node", slot=0, node="research"))
    assert state["systems"]["vega"]["nodes"] == ["research", None]  # one free node
    assert ev(events, "free_node_built")[0]["node"] == "research"
    fed = build(turn=0, phase="command", stack=["murasaki_312"], lanes=[("l1", "earth", None, 2)],
                ships={0: {"L:l1:2": 1}}, resources={0: {"culture": 0}})
    fed, events = run(fed, cmd(0, "impulse", unit="ship:L:l1:2"), cmd(0, "step", explore=True))
    assert ev(events, "system_discovered")[0]["system"] == "murasaki_312"
    assert ev(events, "effect_gain")[0]["card"] == "fed_strange_new_worlds"  # R158: a new Phenomenon
    assert fed["players"][0]["resources"]["culture"] >= 1


@pytest.mark.rules("ascendancy:R132")
def test_project_limit_cards_raise_the_limit() -> None:
    state = build(civs=("romulan", "klingon", "federation"), turn=0,
                  projects={0: [("rom_senate", 0), ("rom_propaganda", 0)]}, advancements={0: ["rom_science_directorate"]})
    assert build_mod.over_project_limit(state, 0) == 0  # Romulus's Research Node + the card: 2 Projects
    state["players"][0]["advancements"][-1]["exhausted"] = True
    assert build_mod.over_project_limit(state, 0) == 1


@pytest.mark.rules("ascendancy:R13", "ascendancy:R45", "ascendancy:R52", "ascendancy:R111")
def test_passive_modifiers_change_costs_impulse_hazards_and_take_control_gains() -> None:
    fer = build(civs=("ferengi", "klingon", "federation"), turn=0, advancements={0: ["fer_nagus_decree"]},
                systems=[{"id": "vega", "slots": ["production"], "control": 0, "xy": [3, 0]}],
                resources={0: {"production": 1}})
    fer, _ = run(fer, cmd(0, "build_node", at="vega", slot=0, node="production"))
    assert fer["players"][0]["resources"]["production"] == 0  # 2 less 1
    lanes = [("l1", "andor", None, 4)]
    andor = build(civs=("andorian", "klingon", "federation"), turn=0, phase="command", lanes=lanes,
                  advancements={0: ["and_kumari_class"]}, ships={0: {"S:andor": 1}})
    andor, _ = run(andor, cmd(0, "impulse", unit="ship:S:andor"))
    assert andor["turn"]["move"]["left"] == 3  # 2 + 1 sector
    andor["turn"]["move"] = None
    andor["players"][0]["fleets"]["and_fleet_3"] = {"side": "and_vanguard", "ships": 3, "sector": "S:andor"}
    andor, _ = run(andor, cmd(0, "impulse", unit="fleet:and_fleet_3"))
    assert andor["turn"]["move"]["left"] == 4  # and the Vanguard's own sector
    neb = {"id": "neb", "kind": "phenomenon", "slots": [], "hazard": 5, "research": 0, "xy": [3, 0]}
    kli = build(civs=("klingon", "andorian", "federation"), turn=0, phase="command", systems=[neb],
                lanes=[("l1", "qonos", "neb", 2)], ships={0: {"L:l1:2": 1}},
                advancements={0: ["kli_long_range_sensors"]})
    kli, events = run(kli, cmd(0, "impulse", unit="ship:L:l1:2"), cmd(0, "step", to="S:neb"), cmd(0, "stop"))
    assert ev(events, "hazard_faced")[0]["target"] == 5 + 1
    target = {"id": "vega", "slots": ["production"], "nodes": ["production"], "xy": [3, 0]}
    for seed in range(30):
        state = build(civs=("cardassian", "klingon", "federation"), turn=0, phase="command", systems=[target],
                      ships={0: {"S:vega": 1}}, authority={0: 3}, advancements={0: ["car_labor_camps"]},
                      resources={0: {"culture": 2, "production": 0}})
        state, events = run(state, cmd(0, "hegemony", at="vega"), seed=seed)
        if ev(events, "hegemony_attempted")[0]["success"]:
            assert state["players"][0]["resources"]["production"] == 2  # on_take_control
            break
    else:
        pytest.fail("no successful Hegemony")


@pytest.mark.rules("ascendancy:R77")
def test_temporal_anomaly_refreshes_a_command_once_per_turn_for_each_ship() -> None:
    anomaly = {"id": "temporal_anomaly", "kind": "phenomenon", "slots": [], "hazard": 6, "research": 0, "xy": [3, 0]}

    def visit(options: dict[str, Any]) -> dict[str, Any]:
        state = build(turn=0, phase="command", systems=[anomaly], lanes=[("l1", "earth", "temporal_anomaly", 2)],
                      ships={0: {"L:l1:2": 1}}, ready={0: 3}, shields={0: 1})
        state["options"].update(options)  # A17's option (the lobby's schema is asc-options')
        state["systems"]["temporal_anomaly"]["disc"] = "temporal_anomaly"
        state, events = run(state, cmd(0, "impulse", unit="ship:L:l1:2"), cmd(0, "step", to="S:temporal_anomaly"),
                            cmd(0, "stop"))
        assert ev(events, "hazard_faced")[0]["destroyed"] == 0  # 6 + Shields 1: nobody is lost
        return state

    state = visit({})
    assert state["players"][0]["ready"] == 3  # 1 spent, 1 refreshed
    state, events = run(state, cmd(0, "impulse", unit="ship:S:temporal_anomaly"),
                        cmd(0, "step", to="L:l1:2"), cmd(0, "step", to="S:temporal_anomaly"))
    assert "commands_refreshed" not in kinds(events) and state["players"][0]["ready"] == 2  # once per turn
    every = visit({"temporal_anomaly": "all"})
    assert every["players"][0]["ready"] == 5


@pytest.mark.rules("ascendancy:R32", "ascendancy:R136", "ascendancy:R129", "ascendancy:R82")
def test_sirillium_warheads_destroy_one_rival_ship_adjacent_to_a_klingon_ship() -> None:
    lanes = [("l1", "qonos", None, 3)]

    def table(**kw: Any) -> dict[str, Any]:
        spec: dict[str, Any] = {"turn": 0, "phase": "command", "ships": {0: {"S:qonos": 1},
                                                                        1: {"L:l1:1": 2, "L:l1:3": 1}}}
        spec.update(kw)
        return build(civs=("klingon", "federation", "romulan"), lanes=lanes,
                     advancements={0: ["kli_sirillium_warheads"]}, **spec)

    state = table(fleets={1: {"fed_fleet_2": ("fed_defense_fleet", 3, "L:l1:1")}})
    warheads = {"card": "kli_sirillium_warheads", "effect": 0}
    # only the sector Adjacent to a Klingon ship (R32): the loose ships or the fleet there, never L:l1:3
    assert _ability(state, 0, "kli_sirillium_warheads") == [
        {**warheads, "rival": 1, "unit": "ship:L:l1:1"}, {**warheads, "rival": 1, "unit": "fleet:fed_fleet_2"}]
    refused(state, cmd(0, "use_ability", **warheads, rival=1, unit="ship:L:l1:3"), "no_rival_ship_adjacent",
            "ascendancy:R32", unit="ship:L:l1:3")
    state, events = run(state, cmd(0, "use_ability", **warheads, rival=1, unit="fleet:fed_fleet_2"))
    fed = state["players"][1]
    assert "fed_fleet_2" not in fed["fleets"] and fed["ships"]["L:l1:1"] == 2 + 2  # R129: 2 ships left, disbanded
    assert ev(events, "ship_destroyed_by_card") == [{"seat": 0, "card": "kli_sirillium_warheads", "player": 1,
                                                     "sector": "L:l1:1", "ships": 1}]
    assert state["players"][0]["ready"] == 5  # no Command: the card is Exhausted instead (R136)
    refused(state, cmd(0, "use_ability", **warheads, rival=1, unit="ship:L:l1:1"), "card_exhausted",
            "ascendancy:R137", card="kli_sirillium_warheads")
    assert _ability(state, 0, "kli_sirillium_warheads") == []
    # a loose ship, in the Build Phase too ("during your turn"); the held Trade Agreement goes back (R82)
    state = table(phase="build", trade_held={0: {1: table()["players"][1]["trade_hand"][0]}})
    state, events = run(state, cmd(0, "use_ability", **warheads, rival=1, unit="ship:L:l1:1"))
    assert state["players"][1]["ships"]["L:l1:1"] == 1 and "betrayal" in kinds(events)
    assert state["players"][0]["trade_held"] == {}
    # never in another player's turn, and never with no Klingon ship near
    other = table(turn=1)
    assert ("use_ability", {**warheads, "rival": 1, "unit": "ship:L:l1:1"}) not in legal(other, 0)
    alone = table(ships={0: {}, 1: {"L:l1:1": 2}})
    assert _ability(alone, 0, "kli_sirillium_warheads") == []


@pytest.mark.rules("ascendancy:R135", "ascendancy:R178", "ascendancy:R95", "ascendancy:R137")
def test_any_time_abilities_are_offered_off_turn_and_void_a_battle_offer() -> None:
    lanes = [("l1", "qonos", None, 2)]
    state = build(civs=("klingon", "romulan", "ferengi"), turn=0, phase="command", lanes=lanes,
                  ships={0: {"S:qonos": 3}, 1: {"L:l1:1": 1}}, resources={2: {"production": 5}},
                  advancements={0: ["kli_cloaking_device"], 1: ["rom_tal_shiar"], 2: ["fer_espionage"]})
    tal = {"card": "rom_tal_shiar", "effect": 0, "rival": 0, "rival_card": "kli_cloaking_device"}
    # the game waits on the Klingon: the Romulan may still use Tal Shiar ("any time", R135)
    assert ("use_ability", tal) in legal(state, 1)
    # an "own turn" ability is neither offered nor accepted off-turn
    assert not [a for k, a in legal(state, 2) if k == "use_ability"]
    refused(state, cmd(2, "use_ability", card="fer_espionage", effect=0, rival=0, rival_card="kli_cloaking_device"),
            "not_your_turn_for_ability", "ascendancy:R135", card="fer_espionage")
    # in the battle, while the Klingon is asked whether to exhaust his Cloaking Device for First Strike
    state, _ = run(state, cmd(0, "attack", target="L:l1:1"))
    assert RULES.decision_for(state, 0).prompt == "first_strike" and RULES.decision_for(state, 1) is None
    assert ("use_ability", tal) in legal(state, 1)
    state, events = run(state, cmd(1, "use_ability", **tal))
    assert "offer_withdrawn" in kinds(events)  # the card is out of play (R137): the offer is void
    kli = {a["card"]: a["exhausted"] for a in state["players"][0]["advancements"]}
    assert kli["kli_cloaking_device"] is True
    # the battle went on: now the Romulan's own Cloaking Device is offered; Tal Shiar is spent for the round
    assert RULES.decision_for(state, 1).prompt == "first_strike"
    assert {k for k, _ in legal(state, 1)} == {"first_strike", "decline"}
    refused(state, cmd(1, "use_ability", **tal), "card_exhausted", "ascendancy:R137", card="rom_tal_shiar")


@pytest.mark.rules("ascendancy:R135", "ascendancy:R132", "ascendancy:R137", "ascendancy:R139")
def test_obsidian_order_off_turn_can_push_a_rival_over_his_project_limit() -> None:
    state = build(civs=("klingon", "romulan", "cardassian"), turn=0, advancements={
        1: ["rom_science_directorate"], 2: ["car_obsidian_order"]},
        projects={1: [("rom_tal_shiar", 0), ("rom_senate", 0)]})
    order = {"card": "car_obsidian_order", "effect": 0, "rival": 1, "rival_card": "rom_science_directorate"}
    assert ("use_ability", order) in legal(state, 2)
    state, events = run(state, cmd(2, "use_ability", **order))
    assert ev(events, "rival_card_exhausted")[0]["card"] == "rom_science_directorate"
    assert RULES.decision_for(state, 1).prompt == "discard_project"  # one Research Node, two Projects (R132)
    state, _ = run(state, cmd(1, "discard_project", card="rom_senate"))
    assert RULES.decision_for(state, 0).prompt == "build_phase"


@pytest.mark.rules("ascendancy:R135")
def test_an_any_time_look_at_a_deck_waits_until_no_other_decision_is_open(monkeypatch: pytest.MonkeyPatch) -> None:
    telescopes = [{"kind": "peek_deck", "deck": "systems", "count": 3, "when": "any_time", "exhaust": True}]
    plain = catalog.effects_of
    monkeypatch.setattr(catalog, "effects_of", lambda card: telescopes if card == "fed_subspace_telescopes"
                        else plain(card))
    state = build(civs=("klingon", "federation", "romulan"), turn=0, advancements={1: ["fed_subspace_telescopes"]})
    peek = {"card": "fed_subspace_telescopes", "effect": 0}
    state["prompt"] = {"kind": "trade_offer", "seat": 2, "from": 0, "card": 0}  # the game waits on the Romulan
    assert ("use_ability", peek) not in legal(state, 1)
    refused(state, cmd(1, "use_ability", **peek), "not_now", "ascendancy:R135")
    state["prompt"] = None  # the Klingon's Build Phase only: the look opens the Federation's own decision
    assert ("use_ability", peek) in legal(state, 1)
    state, _ = run(state, cmd(1, "use_ability", **peek))
    assert RULES.decision_for(state, 1).prompt == "arrange_deck" and RULES.decision_for(state, 0) is None
