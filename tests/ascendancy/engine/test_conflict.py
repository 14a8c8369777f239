"""Space battles, invasions, Cultural Hegemony, Trade Agreements (ascendancy:R78-R117)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import board

from .helpers import RULES, build, cmd, ev, legal, refused, run

VEGA = {"id": "vega", "slots": ["production", "research"], "xy": [45.0, 56.5], "max_lanes": 3}
LANE = ("l1", "earth", "vega", 2)


def dice(events: list, why: str) -> list[list[int]]:
    return [e["dice"] for e in ev(events, "dice_rolled") if e["why"] == why]


@pytest.mark.rules("ascendancy:R85", "ascendancy:R87", "ascendancy:R89", "ascendancy:R90", "ascendancy:R94",
                   "ascendancy:R32")
def test_a_battle_rolls_a_die_per_ship_hits_on_weapons_plus_shields_and_losses_are_simultaneous() -> None:
    for seed in range(8):
        state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE],
                      ships={0: {"S:earth": 2, "L:l1:2": 1}, 1: {"L:l1:1": 2}}, shields={1: 1})
        state, events = run(state, cmd(0, "attack", target="L:l1:1"), seed=seed)
        assert state["players"][0]["ready"] == 4
        while state["prompt"] and state["prompt"]["kind"] == "allocate_hits":  # the Klingon picks sectors
            assert state["prompt"]["seat"] == 1
            state, _ = run(state, RULES.legal_commands(state, 1)[0])
        att, = dice(events, "attack")
        dfn, = dice(events, "defend")
        assert len(att) == 3 and len(dfn) == 2  # ships in adjacent sectors join in (R87)
        hits = sum(1 for d in att if d >= 6)  # 5+ against Shields 1
        back = sum(1 for d in dfn if d >= 5)
        assert board.ships_in(state["players"][1], "L:l1:1") == max(0, 2 - hits)
        assert sum(board.ships_in(state["players"][0], s) for s in ("S:earth", "L:l1:2")) == max(0, 3 - back)
    refused(build(turn=0, phase="command", systems=[VEGA], lanes=[LANE], ships={1: {"S:vega": 1}}),
            cmd(0, "attack", target="S:vega"), "target_not_adjacent", "ascendancy:R85")


@pytest.mark.rules("ascendancy:R91", "ascendancy:R165")
def test_targets_above_six_cannot_be_hit_except_by_the_klingon_six() -> None:
    from games.ascendancy.engine.conflict import is_hit

    state = build(turn=0)
    fed, kli = state["players"][0], state["players"][1]
    assert not is_hit(fed, 6, 2)  # 5 + 2 = 7
    assert is_hit(kli, 6, 2) and not is_hit(kli, 5, 2)


@pytest.mark.rules("ascendancy:R96", "ascendancy:R97", "ascendancy:R98")
def test_after_a_round_the_attacker_then_each_defender_may_retreat_up_to_two_sectors() -> None:
    for seed in range(20):
        state = build(civs=("federation", "cardassian", "romulan"), turn=0, phase="command",
                      systems=[VEGA, {"id": "deneb", "slots": [], "xy": [60.0, 71.5]}],
                      lanes=[LANE, ("l2", "earth", "deneb", 2)],
                      ships={0: {"S:earth": 3}, 1: {"L:l1:1": 3}}, shields={0: 3, 1: 3})  # both need 8: no hits
        state, events = run(state, cmd(0, "attack", target="L:l1:1"), seed=seed)
        decision = RULES.decision_for(state, 0)
        assert decision is not None and decision.prompt == "retreat"
        assert legal(state, 0) == [("stay", {}), ("retreat", {"src": "S:earth", "to": "L:l2:1"}),
                                   ("retreat", {"src": "S:earth", "to": "L:l2:2"})]
        state, _ = run(state, cmd(0, "stay"))
        assert RULES.decision_for(state, 1).prompt == "retreat"
        options = [a["to"] for k, a in legal(state, 1) if k == "retreat"]
        assert options == ["L:l1:2", "S:vega"]  # never through the enemy's sector
        state, events = run(state, cmd(1, "retreat", src="L:l1:1", to="S:vega"))
        assert state["players"][1]["ships"] == {"S:vega": 3}
        assert ev(events, "battle_ended")[0]["winner"] == 0
        assert state["turn"]["battle"] is None
        # R98: the winner may make a Tactical Maneuver, without a Command
        assert RULES.decision_for(state, 0).prompt == "maneuver"
        assert ("maneuver", {"src": "S:earth", "to": "L:l1:1"}) in legal(state, 0)
        refused(state, cmd(0, "maneuver", src="S:earth", to="S:vega"), "maneuver_not_possible",
                "ascendancy:R98")  # through the enemy's retreated ships: blocked
        ready = state["players"][0]["ready"]
        state, _ = run(state, cmd(0, "maneuver", src="S:earth", to="L:l1:2"))
        assert state["players"][0]["ships"] == {"L:l1:2": 3} and state["players"][0]["ready"] == ready
        assert state["prompt"] is None
        break


@pytest.mark.rules("ascendancy:R82", "ascendancy:R37")
def test_attacking_a_player_whose_card_you_hold_betrays_him() -> None:
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE],
                  ships={0: {"S:earth": 3}, 1: {"L:l1:1": 1}}, trade_held={0: {1: 2}})
    assert board.at_peace(state, 0, 1) and not board.at_peace(state, 1, 0)
    state, events = run(state, cmd(0, "attack", target="L:l1:1"))
    assert ev(events, "betrayal") == [{"seat": 0, "victim": 1}]
    assert "1" not in state["players"][0]["trade_held"] and 2 in state["players"][1]["trade_hand"]


@pytest.mark.rules("ascendancy:R100", "ascendancy:R101", "ascendancy:R102", "ascendancy:R103",
                   "ascendancy:R104", "ascendancy:R106")
def test_invasion_outcomes_follow_hits_against_nodes() -> None:
    seen = set()
    for seed in range(30):
        vega = {**VEGA, "nodes": ["production", None], "control": 2}
        state = build(turn=1, phase="command", systems=[vega], lanes=[("l1", "qonos", "vega", 2)],
                      ships={1: {"S:vega": 6}})
        state, _ = run(state, cmd(1, "invade", at="vega"))
        assert RULES.decision_for(state, 2).prompt == "surrender"
        state, events = run(state, cmd(2, "fight"), seed=seed)
        att, = dice(events, "invade")
        dfn, = dice(events, "planet_defence")
        assert len(att) == 6 and len(dfn) == 2  # a die per ship; a die per node, Control Node included
        hits = sum(1 for d in att if d >= 5)
        lost = sum(1 for d in dfn if d >= 5)
        sys = state["systems"]["vega"]
        if hits > 2:
            assert sys["control"] == 1 and sys["nodes"] == ["production", None]
            seen.add("success")
        elif hits == 2:
            assert sys["control"] is None and sys["nodes"] == [None, None]
            seen.add("total")
        else:
            assert sys["control"] == 2 and sys["nodes"] == ([None, None] if hits == 1 else ["production", None])
            if 6 - lost > 0:
                assert RULES.decision_for(state, 1).prompt == "invasion_continue"
            else:
                assert ev(events, "invasion_ended")[0]["outcome"] == "invasion_failed"
            seen.add("collateral")
        assert board.ships_in(state["players"][1], "S:vega") == max(0, 6 - lost)
    assert seen == {"success", "total", "collateral"}
    refused(build(turn=0, phase="command", systems=[{**VEGA, "control": 2}], ships={0: {"S:vega": 3}}),
            cmd(0, "invade", at="vega"), "prime_directive", "ascendancy:R159")


@pytest.mark.rules("ascendancy:R108", "ascendancy:R107", "ascendancy:R109")
def test_the_defender_may_surrender_at_the_start_of_any_round() -> None:
    vega = {**VEGA, "nodes": ["production", "research"], "control": 2}
    state = build(civs=("federation", "cardassian", "romulan"), turn=1, phase="command", systems=[vega],
                  ships={1: {"S:vega": 3}})
    state, events = run(state, cmd(1, "invade", at="vega"))
    assert RULES.decision_for(state, 2).prompt == "surrender" and not dice(events, "invade")  # before round 1
    state, events = run(state, cmd(2, "surrender"))
    assert state["systems"]["vega"]["control"] == 1 and ev(events, "invasion_ended")[0]["outcome"] == "surrendered"
    for seed in range(40):
        vega = {**VEGA, "nodes": ["production", "research"], "control": 2}
        state = build(civs=("federation", "cardassian", "romulan"), turn=1, phase="command", systems=[vega],
                      lanes=[("l1", "cardassia_prime", "vega", 2)], ships={1: {"S:vega": 3}},
                      shields={2: 3})  # needs 8: no hits
        state, _ = run(state, cmd(1, "invade", at="vega"))
        state, _ = run(state, cmd(2, "fight"), seed=seed)
        if RULES.decision_for(state, 1) is None:
            continue
        refused(state, cmd(2, "retreat", src="S:vega", to="L:l1:1"), "defender_never_retreats", "ascendancy:R107")
        ready = state["players"][1]["ready"]
        state, _ = run(state, cmd(1, "continue"))  # R109: another round, no Command spent
        assert state["players"][1]["ready"] == ready
        assert RULES.decision_for(state, 2).prompt == "surrender"
        state, events = run(state, cmd(2, "surrender"))
        assert state["systems"]["vega"]["control"] == 1
        assert state["systems"]["vega"]["nodes"] == ["production", "research"]
        return
    raise AssertionError("no seed left the invader alive")


@pytest.mark.rules("ascendancy:R110", "ascendancy:R71")
def test_independent_warp_civilizations_defend_with_their_nodes_at_six_minus_level() -> None:
    vega = {**VEGA, "nodes": ["production", "research"], "warp_level": 2}
    for seed in range(10):
        state = build(turn=1, phase="command", systems=[vega], ships={1: {"S:vega": 3}})
        state, events = run(state, cmd(1, "invade", at="vega"), seed=seed)
        att, = dice(events, "invade")
        hits = sum(1 for d in att if d >= 5 + 2 or d == 6)  # the civ's Shields = level; the Klingon 6
        assert ev(events, "invasion_round")[0]["hits"] == hits
        assert [e["seat"] for e in ev(events, "dice_rolled") if e["why"] == "planet_defence"] == [0]
        assert len(dice(events, "planet_defence")[0]) == 2


@pytest.mark.rules("ascendancy:R111", "ascendancy:R112", "ascendancy:R115", "ascendancy:R160", "ascendancy:R191")
def test_hegemony_beats_structures_plus_authority_and_always_costs_two_culture_on_success() -> None:
    for civ, bonus in (("romulan", 2), ("federation", 2 + 1), ("ferengi", 0)):
        for seed in range(6):
            vega = {**VEGA, "nodes": ["production", "research"], "control": 1}
            civs = (civ, "klingon", "vulcan")
            state = build(civs=civs, turn=0, phase="command", systems=[vega], ships={0: {"S:vega": 1}},
                          authority={0: 2})
            state, events = run(state, cmd(0, "hegemony", at="vega"), seed=seed)
            attempt = ev(events, "hegemony_attempted")[0]
            assert attempt["resistance"] == 2 + 1 + 1  # nodes + Control Node + Klingon Authority
            assert attempt["total"] == attempt["die"] + bonus
            success = attempt["total"] > 4
            assert state["systems"]["vega"]["control"] == (0 if success else 1)
            assert state["players"][0]["resources"]["culture"] == (1 if success else 2)


@pytest.mark.rules("ascendancy:R113", "ascendancy:R114", "ascendancy:R213")
def test_hegemony_targets() -> None:
    warp = {**VEGA, "nodes": ["production", "research"], "warp_level": 3}
    state = build(turn=0, phase="command", systems=[warp], ships={0: {"S:vega": 1}})
    from games.ascendancy.engine.conflict import resistance

    assert resistance(state, "vega") == 2 + 3
    pre = build(turn=0, phase="command", systems=[{**VEGA, "prewarp": {"production": 2}}], ships={0: {"S:vega": 1}})
    refused(pre, cmd(0, "hegemony", at="vega"), "no_hegemony_on_prewarp", "ascendancy:R114")
    vul = build(civs=("vulcan", "klingon", "romulan"), turn=0, phase="command",
                systems=[{**VEGA, "nodes": ["production", None], "control": 1}], ships={0: {"S:vega": 1}})
    refused(vul, cmd(0, "hegemony", at="vega"), "logical_observers", "ascendancy:R213")


@pytest.mark.rules("ascendancy:R78", "ascendancy:R79", "ascendancy:R80", "ascendancy:R81", "ascendancy:R84",
                   "ascendancy:R171", "ascendancy:R27")
def test_trade_agreements_need_contact_and_adjacency_are_answered_off_turn_and_can_be_swapped() -> None:
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE], ships={2: {"L:l1:1": 1}})
    refused(state, cmd(0, "offer_trade", to=2, card=0), "no_first_contact", "ascendancy:R79")
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE], ships={2: {"L:l1:1": 1}},
                  contact=[0, 1, 2])
    refused(state, cmd(0, "offer_trade", to=1, card=0), "not_adjacent", "ascendancy:R79")
    state, _ = run(state, cmd(0, "offer_trade", to=2, card=0))
    assert RULES.seats_to_act(state) == {2} and RULES.decision_for(state, 2).prompt == "trade_offer"
    state, _ = run(state, cmd(2, "accept_trade"))
    assert state["players"][2]["trade_held"]["0"] == {"card": 0, "exhausted": True}  # Romulan Distrust
    refused(state, cmd(0, "swap_trade", to=2, card=1), "trade_card_exhausted", "ascendancy:R84")
    refused(state, cmd(0, "offer_trade", to=2, card=1), "already_holds_your_card", "ascendancy:R78")
    state["players"][2]["trade_held"]["0"]["exhausted"] = False
    state, _ = run(state, cmd(0, "swap_trade", to=2, card=1))
    assert state["players"][2]["trade_held"]["0"]["card"] == 1 and state["players"][0]["trade_hand"] == [0, 2]
    from games.ascendancy.engine.rounds import trade_income

    assert trade_income(state, 2) == {"production": 0, "research": 0, "culture": 0}  # exhausted again
    state["players"][2]["trade_held"]["0"]["exhausted"] = False
    assert trade_income(state, 2)["research"] == 1 and trade_income(state, 0)["research"] == 0
    state["turn"]["seat"] = 2
    state, _ = run(state, cmd(2, "cancel_trade", owner=0))
    assert "0" not in state["players"][2]["trade_held"] and state["players"][0]["trade_hand"] == [0, 1, 2]


@pytest.mark.rules("ascendancy:R171", "ascendancy:R84")
def test_romulan_distrust_all_exhausts_every_trade_agreement_the_romulans_hold() -> None:
    """RULINGS A13: by default only the card received enters Exhausted; ``romulan_distrust`` ``all``: every
    Trade Agreement the Romulans hold is Exhausted with it."""
    def held_after_accepting(**options: Any) -> dict[str, bool]:
        state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE], ships={2: {"L:l1:1": 1}},
                      contact=[0, 1, 2], options=options)
        state["players"][2]["trade_held"]["1"] = {"card": state["players"][1]["trade_hand"].pop(0),
                                                  "exhausted": False}
        state, _ = run(state, cmd(0, "offer_trade", to=2, card=0), cmd(2, "accept_trade"))
        return {owner: held["exhausted"] for owner, held in state["players"][2]["trade_held"].items()}

    assert held_after_accepting() == {"0": True, "1": False}
    assert held_after_accepting(romulan_distrust="all") == {"0": True, "1": True}


@pytest.mark.rules("ascendancy:R132", "ascendancy:R131", "ascendancy:R133")
@pytest.mark.scenarios("ascendancy:S64")
def test_launching_projects_draws_two_and_the_excess_over_research_nodes_is_discarded_under_the_deck() -> None:
    state = build(turn=0, phase="command")
    assert state["players"][0]["projects"] == []
    top = state["players"][0]["deck"][-2:]
    rest = state["players"][0]["deck"][:-2]
    state, events = run(state, cmd(0, "launch"))
    assert sorted(pr["card"] for pr in state["players"][0]["projects"]) == sorted(top)
    assert RULES.decision_for(state, 0).prompt == "discard_project"  # Earth has one Research Node
    state, _ = run(state, cmd(0, "discard_project", card=top[0]))
    assert state["players"][0]["deck"][0] == top[0] and len(state["players"][0]["projects"]) == 1
    assert state["players"][0]["deck"] == [top[0], *rest]  # under the deck, the rest unshuffled
    assert state["prompt"] is None


@pytest.mark.rules("ascendancy:R94", "ascendancy:R129")
def test_the_player_who_scores_the_hits_chooses_where_they_land_and_losses_are_simultaneous() -> None:
    from games.ascendancy.engine import catalog

    fleet = catalog.FLEETS["klingon"][0]
    side = fleet["sides"][0]["side"]
    for seed in range(40):
        state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE], weapons={0: 3},
                      ships={0: {"S:earth": 4}, 1: {"L:l1:1": 1}},
                      fleets={1: {fleet["id"]: (side, 3, "L:l1:1")}})
        state, events = run(state, cmd(0, "attack", target="L:l1:1"), seed=seed)
        hits = sum(1 for d in dice(events, "attack")[0] if d >= 2)
        if hits < 2:
            continue
        assert RULES.decision_for(state, 0).prompt == "allocate_hits"
        assert legal(state, 0) == [("hit", {"unit": "ship:L:l1:1"}), ("hit", {"unit": f"fleet:{fleet['id']}"})]
        before = state["players"][1]["fleets"][fleet["id"]]["ships"]
        state, events = run(state, cmd(0, "hit", unit=f"fleet:{fleet['id']}"))
        assert state["players"][1]["fleets"][fleet["id"]]["ships"] == before  # nothing lands before the end
        while RULES.decision_for(state, 0) is not None and RULES.decision_for(state, 0).prompt == "allocate_hits":
            state, more = run(state, cmd(0, "hit", unit=f"fleet:{fleet['id']}"))
            events += more
        # all on the fleet: it drops below 3 ships and is disbanded, its survivors loose
        assert fleet["id"] not in state["players"][1]["fleets"]
        assert "fleet_disbanded" in [e.kind for e in events]
        return
    raise AssertionError("no seed scored two hits")


@pytest.mark.rules("ascendancy:R132", "ascendancy:R118", "ascendancy:R133")
def test_every_player_over_the_project_limit_discards_in_turn_the_capturer_first() -> None:
    from games.ascendancy.engine.build import over_project_limit

    vega = {"id": "vega", "slots": ["research"], "nodes": ["research"], "control": 0, "xy": [45.0, 56.5]}
    rom = ["rom_advanced_targeting_vector", "rom_cloaked_orbital_mines", "rom_tal_shiar"]
    state = build(civs=("klingon", "federation", "romulan"), turn=0, phase="command", systems=[vega],
                  projects={0: [("kli_cult_of_kahless", 0)], 2: [(c, 0) for c in rom]})
    # the Romulan hands over one Project (R118) after losing Research Nodes: both end over their limit
    state["prompt"] = {"kind": "give_project", "seat": 2, "to": 0, "left": 1}
    state, events = run(state, cmd(2, "give_project", card="rom_tal_shiar"))
    assert over_project_limit(state, 0) == 1 and over_project_limit(state, 2) == 1
    assert RULES.decision_for(state, 0).prompt == "discard_project"  # the capturer first (RULINGS E45)
    assert RULES.decision_for(state, 2) is None
    refused(state, cmd(2, "discard_project", card=rom[0]), "not_your_turn")
    state, events = run(state, cmd(0, "discard_project", card="rom_tal_shiar"))
    assert state["players"][2]["deck"][0] == "rom_tal_shiar"  # R133: under its owner's deck
    assert RULES.decision_for(state, 2).prompt == "discard_project"  # then the second player (RULINGS E53)
    state, _ = run(state, cmd(2, "discard_project", card=rom[0]))
    assert over_project_limit(state, 2) == 0 and state["prompt"] is None and "discards_due" not in state
    assert RULES.decision_for(state, 0).prompt == "command_phase"


# --- Acceptance scenarios of the digest: trade ----------------------------------------------------------------


@pytest.mark.rules("ascendancy:R78")
@pytest.mark.scenarios("ascendancy:S37")
def test_a_rival_holds_at_most_one_of_your_trade_agreement_cards() -> None:
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE], ships={2: {"L:l1:1": 1}},
                  contact=[0, 1, 2], trade_held={2: {0: 0}})
    refused(state, cmd(0, "offer_trade", to=2, card=1), "already_holds_your_card", "ascendancy:R78")
    assert not [a for k, a in legal(state, 0) if k == "offer_trade" and a["to"] == 2]
    assert state["players"][2]["trade_held"] == {"0": {"card": 0, "exhausted": False}}


@pytest.mark.rules("ascendancy:R27")
@pytest.mark.scenarios("ascendancy:S38")
def test_trade_income_is_the_sum_of_the_rivals_cards_held_and_ready() -> None:
    from games.ascendancy.engine import catalog
    from games.ascendancy.engine.rounds import trade_income

    assert catalog.TRADE["federation"][0] == {"production": 1} and catalog.TRADE["romulan"][0] == {"production": 2}
    assert catalog.TRADE["klingon"][0] == {"production": 3}
    state = build(turn=0, trade_held={1: {0: 0, 2: 0}})  # the Federation card and the Romulan card
    kli = state["players"][1]
    assert kli["trade_hand"] == [0, 1, 2]  # his own cards stay his: they pay him nothing
    assert trade_income(state, 1) == {"production": 3, "research": 0, "culture": 0}
    kli["trade_held"]["2"]["exhausted"] = True
    assert trade_income(state, 1) == {"production": 1, "research": 0, "culture": 0}
    state["order"] = [0]
    state, events = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))
    gen = {e["seat"]: e for e in ev(events, "resources_generated")}
    assert gen[1]["production"] == 2 + 1  # Qo'noS's two Production Nodes + the ready Federation card


@pytest.mark.rules("ascendancy:R171", "ascendancy:R84")
@pytest.mark.scenarios("ascendancy:S40")
def test_the_romulans_receive_a_trade_agreement_exhausted_get_nothing_from_it_and_cannot_return_it() -> None:
    state = build(turn=0, phase="command", systems=[VEGA], lanes=[LANE], ships={2: {"L:l1:1": 1}},
                  contact=[0, 1, 2])
    state, _ = run(state, cmd(0, "offer_trade", to=2, card=0), cmd(2, "accept_trade"))
    assert state["players"][2]["trade_held"]["0"] == {"card": 0, "exhausted": True}
    romulan_turn = {**state, "turn": {**state["turn"], "seat": 2}}
    refused(romulan_turn, cmd(2, "cancel_trade", owner=0), "trade_card_exhausted", "ascendancy:R84")
    from games.ascendancy.engine.rounds import trade_income

    assert trade_income(state, 2) == {"production": 0, "research": 0, "culture": 0}
    state["order"] = [0]
    state, events = run(state, cmd(0, "end_turn"))
    without = build(turn=0, phase="command")
    without["order"] = [0]
    without, plain = run(without, cmd(0, "end_turn"))
    romulan = [e for e in ev(events, "resources_generated") if e["seat"] == 2]
    assert romulan == [e for e in ev(plain, "resources_generated") if e["seat"] == 2]  # as if he had no card


def _ten_control_nodes(**kw: Any) -> Any:
    """Seat 0 with all 10 of its Control Nodes in play (Earth and x0..x8, one with a Starbase)."""
    colonies = [{"id": f"x{k}", "slots": ["research", "culture"], "nodes": ["research", "culture"], "control": 0,
                 "xy": [8.0 + 9.0 * k, 8.0], "starbase": k == 0} for k in range(9)]
    from games.ascendancy.engine.state import command_total

    state = build(turn=0, phase="command", systems=[*colonies, *kw.pop("systems", [])], **kw)
    state["players"][0]["commands"] = state["players"][0]["ready"] = command_total(state, 0)  # the Starbase's
    return state


@pytest.mark.rules("ascendancy:R41", "ascendancy:R100", "ascendancy:R111")
def test_with_all_ten_control_nodes_in_play_a_system_is_taken_only_after_dismantling_one() -> None:
    vega = {**VEGA, "nodes": ["production", "research"], "warp_level": 1}
    state = _ten_control_nodes(civs=("klingon", "federation", "romulan"), systems=[vega], ships={0: {"S:vega": 3}})
    refused(state, cmd(0, "hegemony", at="vega"), "no_control_nodes_left", "ascendancy:R41")
    refused(state, cmd(0, "invade", at="vega"), "no_control_nodes_left", "ascendancy:R41")
    assert ("dismantle", {"system": "x0"}) in legal(state, 0)
    p = state["players"][0]
    commands, ready = p["commands"], p["ready"]
    state, events = run(state, cmd(0, "dismantle", system="x0"))
    x0 = state["systems"]["x0"]
    # RULINGS A20: the system loses its Control Node and its Resource Nodes; its Starbase is no longer controlled
    assert x0["control"] is None and x0["nodes"] == [None, None] and x0["starbase"]
    assert ev(events, "control_node_dismantled") == [{"seat": 0, "system": "x0"}]
    p = state["players"][0]
    assert p["commands"] == commands - 1 and p["ready"] == min(ready, commands - 1)
    state, _ = run(state, cmd(0, "hegemony", at="vega"))  # the attempt is allowed now
    assert state["players"][0]["ready"] == min(ready, commands - 1) - 1


@pytest.mark.rules("ascendancy:R41")
def test_a_ship_or_control_node_is_dismantled_only_when_all_of_them_are_in_play() -> None:
    state = build(turn=0)
    refused(state, cmd(0, "dismantle", system="earth"), "components_left", "ascendancy:R41")
    refused(state, cmd(0, "dismantle", ship="S:earth"), "components_left", "ascendancy:R41")
    state = build(turn=0, ships={0: {"S:earth": 30}})
    refused(state, cmd(0, "build_ship", at="earth"), "no_ships_left", "ascendancy:R41")
    refused(state, cmd(0, "dismantle", ship="S:qonos"), "no_ship_there", "ascendancy:R41", sector="S:qonos")
    state, events = run(state, cmd(0, "dismantle", ship="S:earth"), cmd(0, "build_ship", at="earth"))
    assert ev(events, "ship_dismantled") == [{"seat": 0, "sector": "S:earth"}]
    assert state["players"][0]["ships"] == {"S:earth": 30}
    state = _ten_control_nodes()
    refused(state, cmd(0, "dismantle", system="qonos"), "not_your_system", "ascendancy:R41", system="qonos")


@pytest.mark.rules("ascendancy:R96", "ascendancy:R51", "ascendancy:R52", "ascendancy:R53", "ascendancy:R76")
def test_a_retreat_ending_in_a_hazardous_system_faces_the_hazard() -> None:
    neb = {"id": "vega", "kind": "phenomenon", "slots": [], "hazard": 2, "research": 1, "xy": [45.0, 56.5]}
    state = build(civs=("federation", "cardassian", "romulan"), turn=0, phase="command",
                  systems=[neb, {"id": "deneb", "slots": [], "xy": [60.0, 71.5]}],
                  lanes=[LANE, ("l2", "earth", "deneb", 2)], ships={0: {"S:earth": 3}, 1: {"L:l1:1": 3}},
                  shields={0: 3, 1: 3})  # both need 8: no hits; the Hazard needs 2 + 3
    state, _ = run(state, cmd(0, "attack", target="L:l1:1"), cmd(0, "stay"))
    state, events = run(state, cmd(1, "retreat", src="L:l1:1", to="S:vega"))
    faced, = ev(events, "hazard_faced")
    assert faced["seat"] == 1 and faced["target"] == 5 and len(faced["dice"]) == 3  # a die per retreating ship
    lost = sum(1 for d in faced["dice"] if d >= 5)
    assert faced["destroyed"] == lost and state["players"][1]["ships"] == ({"S:vega": 3 - lost} if lost < 3 else {})
    assert state["systems"]["vega"]["research"] == (1 if lost == 3 else 0)  # survivors take the token (R76)
    assert state["players"][1]["resources"]["research"] == 3 + (lost < 3)


@pytest.mark.rules("ascendancy:R98", "ascendancy:R51", "ascendancy:R53")
def test_a_tactical_maneuver_ending_in_a_hazardous_system_faces_the_hazard_with_the_ships_that_moved() -> None:
    deneb = {"id": "deneb", "slots": ["production"], "hazard": 4, "xy": [60.0, 71.5]}
    for seed in range(40):
        state = build(turn=0, phase="command", systems=[deneb], lanes=[("l2", "earth", "deneb", 2)],
                      ships={0: {"L:l2:1": 5, "S:deneb": 2}, 1: {"L:l2:2": 1}})
        state, _ = run(state, cmd(0, "attack", target="L:l2:2"), seed=seed)
        decision = RULES.decision_for(state, 0)
        if decision is None or decision.prompt != "maneuver" or state["players"][0]["ships"].get("L:l2:1", 0) < 3:
            continue
        moved = state["players"][0]["ships"]["L:l2:1"]
        state, events = run(state, cmd(0, "maneuver", src="L:l2:1", to="S:deneb"), seed=seed)
        faced, = ev(events, "hazard_faced")
        assert faced["seat"] == 0 and faced["target"] == 4 and len(faced["dice"]) == moved  # not the 2 already there
        assert state["players"][0]["ships"]["S:deneb"] == 2 + moved - faced["destroyed"]
        break
    else:
        raise AssertionError("no seed reached the Tactical Maneuver")


def _maneuver_offered(fleet_ships: int = 3) -> tuple[dict[str, Any], str]:
    """Player 0 (3 loose ships and a fleet at Earth) wins against a Cardassian who retreats: the maneuver prompt."""
    from games.ascendancy.engine import catalog

    fleet = catalog.FLEETS["federation"][0]
    state = build(civs=("federation", "cardassian", "romulan"), turn=0, phase="command",
                  systems=[VEGA, {"id": "deneb", "slots": [], "xy": [60.0, 71.5]}],
                  lanes=[LANE, ("l2", "earth", "deneb", 2)], ships={0: {"S:earth": 3}, 1: {"L:l1:1": 3}},
                  fleets={0: {fleet["id"]: (fleet["sides"][0]["side"], fleet_ships, "S:earth")}},
                  shields={0: 3, 1: 3})  # both need 8: no hits
    state, _ = run(state, cmd(0, "attack", target="L:l1:1"))
    state, _ = run(state, cmd(0, "stay"))
    state, _ = run(state, cmd(1, "retreat", src="L:l1:1", to="S:vega"))
    assert RULES.decision_for(state, 0).prompt == "maneuver"
    return state, fleet["id"]


@pytest.mark.rules("ascendancy:R98")
def test_the_winner_maneuvers_with_some_or_all_of_his_ships() -> None:
    state, fid = _maneuver_offered()
    options = legal(state, 0)
    assert ("maneuver", {"src": "S:earth", "to": "L:l2:1"}) in options  # the old shape: every ship there
    assert ("maneuver", {"src": "S:earth", "to": "L:l2:1", "ships": 1, "fleets": []}) in options
    assert ("maneuver", {"src": "S:earth", "to": "L:l2:1", "ships": 0, "fleets": [fid]}) in options
    assert ("maneuver", {"src": "S:earth", "to": "L:l2:1", "ships": 3, "fleets": [fid]}) not in options  # = all
    refused(state, cmd(0, "maneuver", src="S:earth", to="L:l2:1", ships=4, fleets=[]), "maneuver_not_possible",
            "ascendancy:R98")
    refused(state, cmd(0, "maneuver", src="S:earth", to="L:l2:1", ships=0, fleets=[]), "maneuver_not_possible",
            "ascendancy:R98")
    # two loose ships and the fleet go; one loose ship stays at Earth
    after, events = run(state, cmd(0, "maneuver", src="S:earth", to="L:l2:2", ships=2, fleets=[fid]))
    p = after["players"][0]
    assert p["ships"] == {"S:earth": 1, "L:l2:2": 2} and p["fleets"][fid]["sector"] == "L:l2:2"
    assert after["prompt"] is None and ev(events, "tactical_maneuver")[0]["ships"] == 2
    # the fleet stays, the loose ships go
    after, _ = run(state, cmd(0, "maneuver", src="S:earth", to="L:l2:1", ships=3, fleets=[]))
    p = after["players"][0]
    assert p["ships"] == {"L:l2:1": 3} and p["fleets"][fid]["sector"] == "S:earth"
    # the old command moves everything, as before
    after, _ = run(state, cmd(0, "maneuver", src="S:earth", to="L:l2:1"))
    p = after["players"][0]
    assert p["ships"] == {"L:l2:1": 3} and p["fleets"][fid]["sector"] == "L:l2:1"
