"""The expansion civilizations' special rules that are not combat: Vulcan Ambassadors, Honest Meddling, the
Vulcan Advancements, Andorian Pride and Field Testing, the Ferengi Culture purchase; and a few exploration
and phenomenon rules (ascendancy:R35, R65, R76, R77, R179-R214)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import agendas, board, catalog, commands, conflict, movement, rounds
from games.ascendancy.engine.state import Ctx, command_total
from games.engine.core import Rng

from .helpers import RULES, build, cmd, ev, legal, refused, run

VULCANS = ("vulcan", "klingon", "romulan")
# vulcan_home (45, 71.5) -l1- vega -l2- rigel -l3- deneb, each lane 2 sectors; deneb only joins rigel
VEGA = {"id": "vega", "slots": ["production", "open"], "xy": [45.0, 56.5], "warp_level": 1,
        "nodes": ["production", None]}
RIGEL = {"id": "rigel", "slots": ["research"], "xy": [45.0, 41.5], "control": 1, "fixed": True}
DENEB = {"id": "deneb", "slots": ["culture"], "xy": [45.0, 26.5]}
LANES = [("l1", "vulcan_home", "vega", 2), ("l2", "vega", "rigel", 2), ("l3", "rigel", "deneb", 2)]
CONSULAR = ("vul_consular_fleet", 3)


def vulcan_game(**kw: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {"civs": VULCANS, "turn": 0, "phase": "command", "systems": [VEGA, RIGEL, DENEB],
                            "lanes": LANES}
    spec.update(kw)
    state: dict[str, Any] = build(**spec)
    return state


def consular_at(sector: str) -> dict[int, dict[str, tuple[str, int, str]]]:
    return {0: {"vul_fleet_1": (CONSULAR[0], CONSULAR[1], sector)}}


def ambassadors_on(state: dict[str, Any], *sids: str, seat: int = 0) -> dict[str, Any]:
    for sid in sids:
        state["systems"][sid]["ambassador"] = seat
    return state


# --- Vulcan Ambassadors -------------------------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R206", "ascendancy:R199")
def test_the_consular_fleet_places_ambassadors_on_independent_or_peaceful_systems() -> None:
    state = vulcan_game(fleets=consular_at("S:vega"))
    place = ("place_ambassador", {"at": "vega", "fleet": "vul_fleet_1"})
    assert place in legal(state, 0)
    assert RULES.view(state, 1)["players"][0]["ambassadors_supply"] == 5  # R199: five Ambassadors
    state, events = run(state, cmd(0, *place[:1], **place[1]))
    assert state["players"][0]["ready"] == 4  # the Consular Fleet's ability costs 1 Command
    view = RULES.view(state, 2)
    assert view["systems"]["vega"]["ambassador"] == 0 and view["systems"]["rigel"]["ambassador"] is None
    assert view["players"][0]["ambassadors_supply"] == 4 and ev(events, "ambassador_placed")
    refused(state, cmd(0, "place_ambassador", at="vega", fleet="vul_fleet_1"), "ambassador_there",
            "ascendancy:R206")
    # Peaceful: Controlled by a rival whose Trade Agreement the Vulcan holds; without it, refused
    hostile = vulcan_game(fleets=consular_at("S:rigel"))
    refused(hostile, cmd(0, "place_ambassador", at="rigel", fleet="vul_fleet_1"), "not_independent_or_peaceful",
            "ascendancy:R206")
    peaceful = vulcan_game(fleets=consular_at("S:rigel"), trade_held={0: {1: 0}})
    peaceful, _ = run(peaceful, cmd(0, "place_ambassador", at="rigel", fleet="vul_fleet_1"))
    assert peaceful["systems"]["rigel"]["ambassador"] == 0
    # an empty uncontrolled world is neither Independent nor Peaceful
    empty = vulcan_game(fleets=consular_at("S:deneb"))
    refused(empty, cmd(0, "place_ambassador", at="deneb", fleet="vul_fleet_1"), "not_independent_or_peaceful")
    # the fleet must be there, and be the Consular side
    away = vulcan_game(fleets=consular_at("S:deneb"))
    refused(away, cmd(0, "place_ambassador", at="vega", fleet="vul_fleet_1"), "consular_fleet_not_there")
    survey = vulcan_game(fleets={0: {"vul_fleet_1": ("vul_survey_fleet", 3, "S:vega")}})
    refused(survey, cmd(0, "place_ambassador", at="vega", fleet="vul_fleet_1"), "no_consular_fleet")
    assert not any(k == "place_ambassador" for k, _ in legal(survey, 0))
    # at most 5 in play
    full = ambassadors_on(vulcan_game(fleets=consular_at("S:vega")), "rigel", "deneb", "vulcan_home", "qonos",
                          "romulus")
    refused(full, cmd(0, "place_ambassador", at="vega", fleet="vul_fleet_1"), "no_ambassadors_left")
    refused(vulcan_game(fleets=consular_at("S:vega"), ready={0: 0}),
            cmd(0, "place_ambassador", at="vega", fleet="vul_fleet_1"), "no_command_left")
    refused(vulcan_game(fleets=consular_at("S:vega"), phase="build"),
            cmd(0, "place_ambassador", at="vega", fleet="vul_fleet_1"), "command_phase_only")


@pytest.mark.rules("ascendancy:R206")
def test_the_consular_fleet_places_an_ambassador_while_moving_at_impulse() -> None:
    state = vulcan_game(fleets=consular_at("L:l1:2"))
    state, _ = run(state, cmd(0, "impulse", unit="fleet:vul_fleet_1"), cmd(0, "step", to="S:vega"))
    assert state["turn"]["move"] is not None  # one sector of Impulse left
    assert ("place_ambassador", {"at": "vega", "fleet": "vul_fleet_1"}) in legal(state, 0)
    state, _ = run(state, cmd(0, "place_ambassador", at="vega", fleet="vul_fleet_1"))
    assert state["systems"]["vega"]["ambassador"] == 0 and state["players"][0]["ready"] == 3
    assert state["turn"]["move"] is not None  # the move goes on
    state, _ = run(state, cmd(0, "step", to="L:l2:1"))
    assert state["turn"]["move"] is None
    # in Warp it may not
    warp = vulcan_game(fleets=consular_at("S:vulcan_home"))
    warp, _ = run(warp, cmd(0, "enter_warp", unit="fleet:vul_fleet_1"))
    wid = warp["players"][0]["warp"][0]["id"]
    warp, _ = run(warp, cmd(0, "exit_warp", warp=wid))
    warp, _ = run(warp, cmd(0, "step", to="L:l1:1"), cmd(0, "step", to="L:l1:2"), cmd(0, "step", to="S:vega"))
    if warp["turn"]["move"] is not None:
        refused(warp, cmd(0, "place_ambassador", at="vega", fleet="vul_fleet_1"), "consular_fleet_not_there")


@pytest.mark.rules("ascendancy:R208", "ascendancy:R209")
def test_an_ambassador_moves_to_an_adjacent_system_or_with_the_high_council_to_a_connected_own_system() -> None:
    state = ambassadors_on(vulcan_game(), "vega")
    assert ("move_ambassador", {"from": "vega", "to": "rigel"}) in legal(state, 0)
    moved, events = run(state, cmd(0, "move_ambassador", **{"from": "vega", "to": "rigel"}))
    assert moved["systems"]["rigel"]["ambassador"] == 0 and moved["systems"]["vega"].get("ambassador") is None
    assert moved["players"][0]["ready"] == 4 and ev(events, "ambassador_moved")
    # deneb is Connected, not Adjacent: only the High Council reaches it, and only if the Vulcan Controls it
    refused(state, cmd(0, "move_ambassador", **{"from": "vega", "to": "deneb"}), "ambassador_cannot_go_there",
            "ascendancy:R208")
    own = ambassadors_on(vulcan_game(systems=[VEGA, RIGEL, {**DENEB, "control": 0}]), "vega")
    assert own["players"][0]["advancements"][0]["card"] == "vul_high_council"
    far, _ = run(own, cmd(0, "move_ambassador", **{"from": "vega", "to": "deneb"}))
    assert far["systems"]["deneb"]["ambassador"] == 0 and far["players"][0]["ready"] == 4
    own["players"][0]["advancements"][0]["exhausted"] = True  # an Exhausted card cannot be used (R40)
    refused(own, cmd(0, "move_ambassador", **{"from": "vega", "to": "deneb"}), "ambassador_cannot_go_there")
    refused(state, cmd(0, "move_ambassador", **{"from": "rigel", "to": "vega"}), "no_ambassador_there")
    busy = ambassadors_on(vulcan_game(), "vega", "rigel")
    refused(busy, cmd(0, "move_ambassador", **{"from": "vega", "to": "rigel"}), "ambassador_there")
    refused(ambassadors_on(vulcan_game(ready={0: 0}), "vega"),
            cmd(0, "move_ambassador", **{"from": "vega", "to": "rigel"}), "no_command_left")
    refused(ambassadors_on(vulcan_game(phase="build"), "vega"),
            cmd(0, "move_ambassador", **{"from": "vega", "to": "rigel"}), "command_phase_only")
    klingon = ambassadors_on(build(civs=VULCANS, turn=1, phase="command", systems=[VEGA, RIGEL, DENEB],
                                   lanes=LANES), "vega")
    refused(klingon, cmd(1, "move_ambassador", **{"from": "vega", "to": "rigel"}), "no_ambassador_there")


@pytest.mark.rules("ascendancy:R207")
def test_a_rival_sends_an_ambassador_away_from_his_own_system_on_his_turn() -> None:
    state = ambassadors_on(build(civs=VULCANS, turn=1, phase="build", systems=[VEGA, RIGEL, DENEB],
                                 lanes=LANES), "rigel", "vega")
    assert ("remove_ambassador", {"at": "rigel"}) in legal(state, 1)
    refused(state, cmd(1, "remove_ambassador", at="vega"), "not_your_system", "ascendancy:R207")
    state, events = run(state, cmd(1, "remove_ambassador", at="rigel"))
    assert state["systems"]["rigel"]["ambassador"] is None and state["players"][1]["ready"] == 5  # free
    assert RULES.view(state, 0)["players"][0]["ambassadors_supply"] == 4  # back to the Vulcan
    assert ev(events, "ambassador_removed") == [{"seat": 1, "system": "rigel", "owner": 0}]
    refused(state, cmd(1, "remove_ambassador", at="rigel"), "no_rival_ambassador_there")
    # not on the Vulcan's turn: the decision is his
    vul = ambassadors_on(vulcan_game(), "rigel")
    refused(vul, cmd(1, "remove_ambassador", at="rigel"), "not_your_turn")


@pytest.mark.rules("ascendancy:R210", "ascendancy:R211", "ascendancy:R79")
def test_ambassadors_give_trade_adjacency_are_no_structures_and_stay_through_invasions() -> None:
    state = vulcan_game()
    assert not conflict.trade_adjacent(state, 0, 1)
    before = conflict.resistance(state, "rigel")
    state = ambassadors_on(state, "rigel")
    assert conflict.trade_adjacent(state, 0, 1) and conflict.trade_adjacent(state, 1, 0)
    assert conflict.resistance(state, "rigel") == before  # not a Structure (R112)
    for high_command in (False, True):
        for seed in range(6):
            game = build(civs=VULCANS, turn=1, phase="command", systems=[VEGA, RIGEL, DENEB], lanes=LANES,
                         ships={1: {"S:vega": 4}}, advancements={0: ["vul_high_command"]} if high_command else None)
            game = ambassadors_on(game, "vega")
            game, events = run(game, cmd(1, "invade", at="vega"), seed=seed)
            defence = [e["dice"] for e in ev(events, "dice_rolled") if e["why"] == "planet_defence"]
            assert len(defence[0]) == 1 + int(high_command)  # 1 node (+1 die with Vulcan High Command)
            while game["prompt"] is not None:  # fight on to the end
                game, _ = run(game, RULES.legal_commands(game, game["prompt"]["seat"])[0], seed=seed)
            assert game["systems"]["vega"]["ambassador"] == 0  # whatever the result (R101)


@pytest.mark.rules("ascendancy:R200", "ascendancy:R206")
def test_the_ambassador_agenda_counts_ambassadors_in_play() -> None:
    card = next(a for a in catalog.AGENDAS.values() if a["goal"]["kind"] == "ambassadors")
    need = int(card["goal"]["count"])
    state = vulcan_game()
    sids = ["vega", "rigel", "deneb", "vulcan_home", "qonos"][:need]
    ambassadors_on(state, *sids[:-1])
    assert not agendas.goal_met(state, state["players"][0], card["id"])
    ambassadors_on(state, sids[-1])
    assert agendas.goal_met(state, state["players"][0], card["id"])


# --- Honest Meddling --------------------------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R212")
def test_honest_meddling_moves_a_peaceful_players_ships_with_his_consent_and_the_results_are_his() -> None:
    hazard_rigel = {**RIGEL, "control": None, "hazard": 5, "slots": ["research"]}
    spec: dict[str, Any] = {"systems": [VEGA, hazard_rigel, DENEB], "ships": {1: {"L:l2:2": 3}},
                            "trade_held": {0: {1: 0}}}
    state = vulcan_game(**spec)
    ask = {"owner": 1, "unit": "ship:L:l2:2", "to": "S:rigel"}
    assert ("meddle", ask) in legal(state, 0)
    asked, events = run(state, cmd(0, "meddle", **ask))
    assert asked["players"][0]["ready"] == 4 and asked["prompt"]["kind"] == "meddle_consent"
    assert RULES.decision_for(asked, 1).prompt == "meddle_consent"
    refused_, _ = run(asked, cmd(1, "refuse_meddling"))
    assert refused_["players"][1]["ships"] == {"L:l2:2": 3} and refused_["players"][0]["ready"] == 4
    moved, events = run(asked, cmd(1, "accept_meddling"))
    assert board.ships_in(moved["players"][1], "S:rigel") + board.ships_in(moved["players"][1], "L:l2:2") <= 3
    assert moved["players"][1]["ships"].get("L:l2:2", 0) == 2  # one loose ship moved
    faced, = ev(events, "hazard_faced")
    assert faced["seat"] == 1  # the hazard is the owner's
    assert moved["prompt"] is None and moved["turn"]["seat"] == 0 and moved["turn"]["move"] is None
    refused(vulcan_game(ships={1: {"L:l2:2": 3}}), cmd(0, "meddle", **ask), "no_trade_agreement",
            "ascendancy:R212")
    refused(state, cmd(0, "meddle", **{**ask, "to": "S:deneb"}), "step_not_possible")
    klingon = build(civs=("klingon", "vulcan", "romulan"), turn=0, phase="command", trade_held={0: {1: 0}})
    refused(klingon, cmd(0, "meddle", owner=1, unit="ship:S:vulcan_home", to="L:l1:1"), "no_honest_meddling")


# --- the Vulcan Advancements and console ----------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R202", "ascendancy:R201")
def test_vulcan_fleets_above_authority_are_disbanded_at_once() -> None:
    fleets = {0: {"vul_fleet_1": (CONSULAR[0], 3, "S:vulcan_home"),
                  "vul_fleet_2": ("vul_defense_fleet", 3, "S:vulcan_home")}}
    state = vulcan_game(phase="build", authority={0: 2}, fleets=fleets)
    state, events = run(state, cmd(0, "colonize", at="deneb"))
    p = state["players"][0]
    assert p["authority"] == 1 and list(p["fleets"]) == ["vul_fleet_1"]  # RULINGS E6: the last id goes
    assert p["ships"]["S:vulcan_home"] == 3 + 3  # the home's 3 and the disbanded fleet's
    assert ev(events, "fleet_disbanded")[0]["reason"] == "fleet_cap"


@pytest.mark.rules("ascendancy:R125", "ascendancy:R202")
def test_fleet_cap_always_disbands_anyone_s_fleets_above_authority() -> None:
    """RULINGS A27: a non-Vulcan keeps his fleets after losing Authority; ``fleet_cap`` ``always``: he disbands
    like the Vulcans."""
    def fleets_after_losing_authority(**options: Any) -> list[str]:
        state = build(turn=0, phase="command", authority={0: 2}, options=options,
                      fleets={0: {"fed_fleet_1": ("fed_exploration_fleet", 3, "S:earth"),
                                  "fed_fleet_2": ("fed_defense_fleet", 3, "S:earth")}})
        ctx = Ctx(state=state, rng=Rng.from_seed(0))
        movement.apply_effect(ctx, 0, "earth", {"kind": "lose_authority", "amount": 1})
        assert state["players"][0]["authority"] == 1
        return sorted(state["players"][0]["fleets"])

    assert fleets_after_losing_authority() == ["fed_fleet_1", "fed_fleet_2"]
    assert fleets_after_losing_authority(fleet_cap="always") == ["fed_fleet_1"]


@pytest.mark.rules("ascendancy:R203")
def test_the_ancient_reliquary_colonizes_at_once_without_authority() -> None:
    cost = catalog.ADVANCEMENTS["vul_ancient_reliquary"]["cost"]
    state = vulcan_game(phase="build", projects={0: [("vul_ancient_reliquary", cost - 1)]})
    state, _ = run(state, cmd(0, "fund", project="vul_ancient_reliquary"))
    assert RULES.decision_for(state, 0).prompt == "reliquary_colonize"
    options = {c.args["at"] for c in RULES.legal_commands(state, 0)}
    assert "deneb" in options and "vega" not in options and "rigel" not in options  # Undeveloped, uncontrolled
    state, _ = run(state, cmd(0, "free_colonize", at="deneb"))
    p = state["players"][0]
    assert state["systems"]["deneb"]["control"] == 0 and p["authority"] == 3
    assert p["resources"]["culture"] == 3 - 0 and state["prompt"] is None
    refused(vulcan_game(phase="build"), cmd(0, "colonize", at="deneb", free=True), "bad_argument")


@pytest.mark.rules("ascendancy:R204")
def test_the_communication_network_builds_a_free_node_on_each_colonized_system() -> None:
    open_world = {"id": "deneb", "slots": ["research", "open"], "xy": [45.0, 26.5]}
    state = vulcan_game(phase="build", systems=[VEGA, RIGEL, open_world],
                        advancements={0: ["vul_communication_network"]})
    res = dict(state["players"][0]["resources"])
    state, _ = run(state, cmd(0, "colonize", at="deneb"))
    assert RULES.decision_for(state, 0).prompt == "free_node"
    options = [dict(c.args) for c in RULES.legal_commands(state, 0)]
    assert {"slot": 0, "node": "research"} in options and {"slot": 1, "node": "culture"} in options
    assert {"slot": 0, "node": "production"} not in options
    state, _ = run(state, cmd(0, "free_node", slot=1, node="culture"))
    assert state["systems"]["deneb"]["nodes"] == [None, "culture"]
    assert state["players"][0]["resources"] == res and state["prompt"] is None
    plain = vulcan_game(phase="build")
    plain, _ = run(plain, cmd(0, "colonize", at="deneb"))
    assert plain["prompt"] is None and plain["systems"]["deneb"]["nodes"] == [None]


@pytest.mark.rules("ascendancy:R205", "ascendancy:R35")
def test_vulcans_build_no_starbases_but_one_they_control_serves_them() -> None:
    state = vulcan_game(systems=[VEGA, {**RIGEL, "control": 0}, DENEB])
    refused(state, cmd(0, "starbase", at="rigel"), "vulcans_build_no_starbases", "ascendancy:R205")
    assert not any(k == "starbase" for k, _ in legal(state, 0))
    taken = vulcan_game(phase="build", systems=[VEGA, {**RIGEL, "control": 0, "starbase": True}, DENEB])
    assert command_total(taken, 0) == 6  # the captured Starbase's Command
    assert ("build_ship", {"at": "rigel"}) in legal(taken, 0)
    theirs = vulcan_game(phase="build", systems=[VEGA, {**RIGEL, "starbase": True}, DENEB])
    assert command_total(theirs, 0) == 5 and command_total(theirs, 1) == 6  # R35: who Controls the system
    assert ("build_ship", {"at": "rigel"}) not in legal(theirs, 0)


@pytest.mark.rules("ascendancy:R214", "ascendancy:R142", "ascendancy:R39")
def test_vulcan_exodus_moves_the_home_system() -> None:
    mine = {**RIGEL, "control": 0}
    state = vulcan_game(phase="build", systems=[VEGA, mine, {**DENEB, "control": 0}],
                        advancements={0: ["vul_exodus"]})
    refused(state, cmd(0, "exodus", to="deneb"), "new_home_must_be_fixed", "ascendancy:R58")
    refused(state, cmd(0, "exodus", to="vega"), "not_your_system")
    assert ("exodus", {"to": "rigel"}) in legal(state, 0)
    state, events = run(state, cmd(0, "exodus", to="rigel"))
    assert board.home_of(state, 0) == "rigel" and state["systems"]["vulcan_home"]["home_of"] is None
    assert ev(events, "home_moved") == [{"seat": 0, "src": "vulcan_home", "dst": "rigel"}]
    assert ("build_ship", {"at": "rigel"}) in legal(state, 0)  # a Home is a shipyard (R39)
    refused(state, cmd(0, "exodus", to="rigel"), "no_exodus_card")  # the card is Exhausted
    refused(vulcan_game(systems=[VEGA, mine, DENEB], advancements={0: ["vul_exodus"]}),
            cmd(0, "exodus", to="rigel"), "build_phase_over")
    # S67: the old Vulcan home no longer counts toward a Military victory
    kl = build(civs=VULCANS, turn=0, phase="build", systems=[VEGA, mine, DENEB], lanes=LANES,
               advancements={0: ["vul_exodus"]})
    kl["systems"]["vulcan_home"]["control"] = 1
    kl["systems"]["romulus"]["control"] = 1
    assert rounds.victory_check(Ctx(state=RULES.load(RULES.dump(kl)), rng=Rng.from_seed(0)))
    kl, _ = run(kl, cmd(0, "exodus", to="rigel"))
    ctx = Ctx(state=kl, rng=Rng.from_seed(0))
    assert not rounds.victory_check(ctx) and kl["phase"] != "over"


@pytest.mark.rules("ascendancy:R215")
def test_vulcan_honesty_is_not_enforced_their_commands_are_the_ordinary_ones() -> None:
    """RULINGS E22: nothing the Vulcan says is recorded or checked; he has no command to declare, promise or
    reveal anything, and the others answer his offers as anyone's."""
    vul = ambassadors_on(vulcan_game(fleets=consular_at("S:vega"), trade_held={0: {1: 0}},
                                     ships={1: {"L:l2:2": 1}}), "rigel")
    vulcan_kinds = {k for k, _ in legal(vul, 0)}
    specials = {"place_ambassador", "move_ambassador", "meddle", "exodus"}  # from the Vulcan data only
    ordinary = set(commands.TURN_ACTIONS) - specials - {"buy_culture"} | {"end_build", "end_turn"}
    assert {"place_ambassador", "move_ambassador", "meddle"} <= vulcan_kinds
    assert vulcan_kinds - specials <= ordinary  # nothing to declare, promise or prove
    offer = build(civs=VULCANS, turn=0, phase="command", contact=[0, 1], ships={0: {"S:qonos": 1}})
    offer, _ = run(offer, cmd(0, "offer_trade", to=1, card=0))
    refused_, events = run(offer, cmd(1, "refuse_trade"))  # the receiver is free, whatever was said
    assert "0" not in refused_["players"][1]["trade_held"] and ev(events, "trade_refused")


# --- Andorians ------------------------------------------------------------------------------------------------
ANDOR = ("andorian", "klingon", "romulan")


@pytest.mark.rules("ascendancy:R179", "ascendancy:R18")
def test_andorian_pride_gives_culture_at_the_start_of_the_turn() -> None:
    def start(weapons: dict[int, int], shields: dict[int, int], strict: bool = False) -> int:
        state = build(civs=ANDOR, turn=2, phase="command", weapons=weapons, shields=shields)
        if strict:
            state["options"]["andorian_pride"] = "strictly_best"
        before = state["players"][0]["resources"]["culture"]
        state, events = run(state, cmd(2, "end_turn"))
        assert state["turn"]["seat"] == 0
        gained = state["players"][0]["resources"]["culture"] - before
        assert [e["culture"] for e in ev(events, "andorian_pride")] == ([gained] if gained else [])
        return gained

    assert start({0: 1}, {1: 1}) == 1  # best Weapons; Shields 0 against a rival's 1
    assert start({0: 1}, {0: 1}) == 2  # both
    assert start({0: 1, 1: 2}, {1: 1}) == 0
    assert start({}, {}) == 2  # RULINGS A23: a tie counts
    assert start({}, {}, strict=True) == 0  # the option: strictly the best
    other = build(civs=("klingon", "andorian", "romulan"), turn=2, phase="command", weapons={0: 2})
    culture = other["players"][0]["resources"]["culture"]
    other, _ = run(other, cmd(2, "end_turn"))
    assert other["players"][0]["resources"]["culture"] == culture  # only the Andorian console has Pride


@pytest.mark.rules("ascendancy:R181", "ascendancy:R15")
@pytest.mark.scenarios("ascendancy:S50")
def test_andorian_field_testing_claims_a_destroyed_ship_when_they_win() -> None:
    andor = catalog.HOMES["andorian"]["disc"]
    vega = {"id": "vega", "slots": ["production"], "xy": [45.0, 56.5], "max_lanes": 3}
    seen = set()
    for attacker in (0, 1):
        for seed in range(30):
            state = build(civs=ANDOR, turn=attacker, phase="command", systems=[vega],
                          lanes=[("l1", andor, "vega", 2)], ships={0: {"L:l1:1": 3}, 1: {"L:l1:2": 2}},
                          weapons={0: 2})
            target = "L:l1:2" if attacker == 0 else "L:l1:1"
            state, events = run(state, cmd(attacker, "attack", target=target), seed=seed)
            while state["prompt"] is not None:
                pr = state["prompt"]
                kind = "retreat" if pr["kind"] == "retreat" else None
                choice = next((c for c in RULES.legal_commands(state, pr["seat"]) if c.kind == "stay"), None) \
                    if kind else None
                state, more = run(state, choice or RULES.legal_commands(state, pr["seat"])[0], seed=seed)
                events += more
            winner = ev(events, "battle_ended")[-1]["winner"]
            klingon_lost = sum(e["ships"] for e in ev(events, "casualties") if e["seat"] == 1)
            claimed = state["players"][0]["claimed_ships"]
            assert claimed == (1 if winner == 0 and klingon_lost > 0 else 0)
            assert state["players"][1]["claimed_ships"] == 0
            if claimed:
                seen.add(attacker)
    assert seen == {0, 1}  # as Attacker and as Defender
    fund = build(civs=ANDOR, turn=0, projects={0: [("and_particle_cannons", 0)]}, resources={0: {"research": 2}})
    fund["players"][0]["claimed_ships"] = 1
    fund, _ = run(fund, cmd(0, "fund", project="and_particle_cannons"))
    assert fund["players"][0]["claimed_ships"] == 0 and fund["players"][0]["resources"]["research"] == 2


# --- the Ferengi ----------------------------------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R192")
def test_the_ferengi_buy_culture_with_production_in_either_phase() -> None:
    fer = ("ferengi", "klingon", "romulan")
    for phase in ("build", "command"):
        state = build(civs=fer, turn=0, phase=phase, resources={0: {"production": 11, "culture": 0}})
        assert ("buy_culture", {}) in legal(state, 0)
        state, events = run(state, cmd(0, "buy_culture"), cmd(0, "buy_culture"))
        assert state["players"][0]["resources"]["production"] == 1
        assert state["players"][0]["resources"]["culture"] == 2 and len(ev(events, "culture_bought")) == 2
        refused(state, cmd(0, "buy_culture"), "not_enough_resources", "ascendancy:R192", cost={"production": 5})
        assert ("buy_culture", {}) not in legal(state, 0)
    refused(build(turn=0, resources={0: {"production": 9}}), cmd(0, "buy_culture"), "ferengi_only")


# --- phenomena and exploration ---------------------------------------------------------------------------------
def _phenomenon(sid: str, research: int = 1) -> dict[str, Any]:
    return {"id": sid, "kind": "phenomenon", "slots": [], "hazard": 5, "research": research, "xy": [45.0, 56.5]}


@pytest.mark.rules("ascendancy:R76", "ascendancy:R51", "ascendancy:R74")
def test_entering_a_discovered_phenomenon_faces_its_hazard_and_a_survivor_takes_the_token() -> None:
    outcomes = set()
    for seed in range(12):
        state = build(turn=0, phase="command", systems=[_phenomenon("nebula")], lanes=[("l1", "earth", "nebula", 2)],
                      ships={0: {"L:l1:2": 1}})
        state, events = run(state, cmd(0, "impulse", unit="ship:L:l1:2"), cmd(0, "step", to="S:nebula"),
                            cmd(0, "stop"), seed=seed)
        faced, = ev(events, "hazard_faced")
        survived = faced["destroyed"] == 0
        assert state["systems"]["nebula"]["research"] == (0 if survived else 1)
        assert state["players"][0]["resources"]["research"] == 3 + (1 if survived else 0)
        outcomes.add(survived)
    assert outcomes == {True, False}
    stay = build(turn=0, phase="command", systems=[_phenomenon("nebula")], lanes=[("l1", "earth", "nebula", 2)],
                 ships={0: {"S:nebula": 1}})
    stay, events = run(stay, cmd(0, "impulse", unit="ship:S:nebula"), cmd(0, "stop"))
    assert not ev(events, "hazard_faced")  # no movement, no hazard


@pytest.mark.rules("ascendancy:R77")
def test_the_temporal_anomaly_refreshes_a_command_when_a_ship_survives_its_hazard_once_per_turn() -> None:
    refreshed = survived_any = False
    for seed in range(12):
        state = build(turn=0, phase="command", systems=[_phenomenon("temporal_anomaly")],
                      lanes=[("l1", "earth", "temporal_anomaly", 2)],
                      fleets={0: {"fed_fleet_1": ("fed_colonization_fleet", 3, "L:l1:2")}}, ready={0: 3})
        state, events = run(state, cmd(0, "impulse", unit="fleet:fed_fleet_1"), cmd(0, "step", to="S:temporal_anomaly"),
                            cmd(0, "stop"), seed=seed)
        faced, = ev(events, "hazard_faced")
        survived = faced["destroyed"] < 3
        assert state["players"][0]["ready"] == (3 if survived else 2)  # 1 spent, 1 refreshed
        assert bool(ev(events, "commands_refreshed")) == survived
        survived_any |= survived
        if survived and "fed_fleet_1" in state["players"][0]["fleets"]:
            again, more = run(state, cmd(0, "impulse", unit="fleet:fed_fleet_1"), cmd(0, "step", to="L:l1:2"),
                              cmd(0, "stop"), cmd(0, "impulse", unit="fleet:fed_fleet_1"),
                              cmd(0, "step", to="S:temporal_anomaly"), cmd(0, "stop"), seed=seed)
            if any(e["destroyed"] < 3 for e in ev(more, "hazard_faced")):
                assert not ev(more, "commands_refreshed")  # once per turn for this fleet
                refreshed = True
    assert survived_any and refreshed
    plain = build(turn=0, phase="command", systems=[_phenomenon("nebula")], lanes=[("l1", "earth", "nebula", 2)],
                  ships={0: {"L:l1:2": 1}})
    for seed in range(6):
        _, events = run(plain, cmd(0, "impulse", unit="ship:L:l1:2"), cmd(0, "step", to="S:nebula"), cmd(0, "stop"),
                        seed=seed)
        assert not ev(events, "commands_refreshed")  # only the Temporal Anomaly does it


@pytest.mark.rules("ascendancy:R65", "ascendancy:R64")
def test_recurring_exploration_cards_go_back_into_the_deck() -> None:
    state = build(turn=0, phase="command", systems=[{"id": "vega", "slots": ["production"], "xy": [45.0, 56.5]}],
                  lanes=[("l1", "earth", "vega", 2)], ships={0: {"S:vega": 1}})
    by_id = catalog.EXPLORATION
    bottom = next(c for c, i in by_id.items() if i["recurring"] == "bottom" and i["expansion"] is None)
    shuffle = next(c for c, i in by_id.items() if i["recurring"] == "shuffle" and i["expansion"] is None)
    plain = next(c for c, i in by_id.items() if i["recurring"] is None and i["type"] == "discovery"
                 and not i.get("remains_in_play") and i["expansion"] is None)
    deck = state["exploration"]["deck"]
    for card in (bottom, shuffle, plain):
        if card in deck:
            deck.remove(card)
    ctx = Ctx(state=state, rng=Rng.from_seed(4))
    size = len(deck)
    movement.resolve_exploration(ctx, 0, "vega", bottom)
    assert deck[0] == bottom and len(deck) == size + 1  # under the deck, no shuffle
    movement.resolve_exploration(ctx, 0, "vega", shuffle)
    assert shuffle in deck and len(deck) == size + 2 and shuffle not in state["exploration"]["discard"]
    movement.resolve_exploration(ctx, 0, "vega", plain)
    assert plain in state["exploration"]["discard"] and plain not in deck


@pytest.mark.rules("ascendancy:R35", "ascendancy:R12")
def test_control_comes_with_the_control_node_and_phenomena_are_never_controlled() -> None:
    state = build(turn=0, systems=[{"id": "vega", "slots": ["production"], "xy": [45.0, 56.5]},
                                   _phenomenon("nebula")],
                  lanes=[("l1", "earth", "vega", 2)], ships={0: {"S:vega": 2, "S:nebula": 2}})
    assert state["systems"]["vega"]["control"] is None
    state, events = run(state, cmd(0, "colonize", at="vega"))
    assert state["systems"]["vega"]["control"] == 0
    assert ev(events, "system_controlled")[0]["how"] == "colonized"
    refused(state, cmd(0, "colonize", at="nebula"), "not_a_planet", "ascendancy:R12")
    assert state["systems"]["nebula"]["control"] is None


@pytest.mark.rules("ascendancy:R206", "ascendancy:R26")
def test_the_consulate_network_yields_research_per_ambassador_in_play() -> None:
    state = vulcan_game(advancements={0: ["vul_consulates"]},
                        systems=[{**VEGA, "ambassador": 0}, {**RIGEL, "ambassador": 0}, DENEB])
    with_card = rounds.node_income(state, 0)["research"]
    state["players"][0]["advancements"] = [a for a in state["players"][0]["advancements"]
                                           if a["card"] != "vul_consulates"]
    assert with_card == rounds.node_income(state, 0)["research"] + 2


@pytest.mark.rules("ascendancy:R180", "ascendancy:R213")
def test_console_rules_follow_the_data_not_the_civilization_name() -> None:
    andorian = build(civs=ANDOR, turn=0, phase="command")
    from games.ascendancy.engine.build import fleet_command_cost

    assert fleet_command_cost(andorian["players"][0]) == 2 and fleet_command_cost(andorian["players"][1]) == 1
    vul = vulcan_game(systems=[{**VEGA, "control": 1, "warp_level": 0}, RIGEL, DENEB], ships={0: {"S:vega": 2}},
                      authority={1: 1})
    refused(vul, cmd(0, "invade", at="vega"), "logical_observers", "ascendancy:R213")
    vul["players"][1]["authority"] = 3
    assert ("invade", {"at": "vega"}) in legal(vul, 0)


@pytest.mark.rules("ascendancy:R193")
def test_ferengi_trade_authority_yields_per_ship_orbiting_a_rival_system() -> None:
    worlds = [{"id": "vega", "slots": ["research"], "control": 1, "xy": [45.0, 56.5]},
              {"id": "rigel", "slots": ["research"], "control": 2, "xy": [45.0, 41.5]},
              {"id": "deneb", "slots": ["research"], "xy": [45.0, 26.5]}]
    fer = ("ferengi", "klingon", "romulan")
    idle = build(civs=fer, systems=worlds, ships={0: {"S:ferenginar": 3}})
    busy = build(civs=fer, systems=worlds, ships={0: {"S:vega": 2, "S:rigel": 1, "S:deneb": 4}})
    assert rounds.node_income(busy, 0)["production"] == rounds.node_income(idle, 0)["production"] + 3
    assert rounds.trade_income(busy, 0) == rounds.trade_income(idle, 0)  # whatever the trade agreements
    kli = build(civs=("klingon", "ferengi", "romulan"), systems=[{**worlds[0], "control": 2}],
                ships={0: {"S:vega": 2}})
    kli_idle = build(civs=("klingon", "ferengi", "romulan"), systems=[{**worlds[0], "control": 2}])
    assert rounds.node_income(kli, 0) == rounds.node_income(kli_idle, 0)  # the Ferengi card only


@pytest.mark.rules("ascendancy:R193")
def test_ferengi_trade_authority_per_system_counts_each_orbited_rival_system_once() -> None:
    """RULINGS A48: 1 Production per ship by default; ``ferengi_trade_authority`` ``per_system``: per system."""
    worlds = [{"id": "vega", "slots": ["research"], "control": 1, "xy": [45.0, 56.5]},
              {"id": "rigel", "slots": ["research"], "control": 2, "xy": [45.0, 41.5]}]
    fer = ("ferengi", "klingon", "romulan")

    def gained(**options: Any) -> int:
        idle = build(civs=fer, systems=worlds, ships={0: {"S:ferenginar": 3}}, options=options)
        busy = build(civs=fer, systems=worlds, ships={0: {"S:vega": 2, "S:rigel": 1}}, options=options)
        return rounds.node_income(busy, 0)["production"] - rounds.node_income(idle, 0)["production"]

    assert gained() == 3
    assert gained(ferengi_trade_authority="per_system") == 2


# --- audit of the expansion civilizations (RULINGS E58-E60) ---------------------------------------------------
@pytest.mark.rules("ascendancy:R181", "ascendancy:R17")
def test_claimed_ships_pay_a_weapons_or_shields_upgrade_before_real_research() -> None:
    """R181: a claimed ship is spent "as a Research token", first: an upgrade (R17) takes them too."""
    state = build(civs=ANDOR, turn=0, resources={0: {"research": 1}})
    state["players"][0]["claimed_ships"] = 2
    assert ("upgrade", {"track": "weapons"}) in legal(state, 0)  # level 1 costs 3 Research
    state, _ = run(state, cmd(0, "upgrade", track="weapons"))
    p = state["players"][0]
    assert p["weapons"] == 1 and p["claimed_ships"] == 0 and p["resources"]["research"] == 0
    rich = build(civs=ANDOR, turn=0, resources={0: {"research": 5}})
    rich["players"][0]["claimed_ships"] = 1
    rich, _ = run(rich, cmd(0, "upgrade", track="shields"))
    p = rich["players"][0]
    assert p["claimed_ships"] == 0 and p["resources"]["research"] == 5 - 2  # the claimed ship first
    poor = build(civs=ANDOR, turn=0, resources={0: {"research": 1}})
    poor["players"][0]["claimed_ships"] = 1
    refused(poor, cmd(0, "upgrade", track="weapons"), "not_enough_resources", "ascendancy:R17", cost={"research": 3})


@pytest.mark.rules("ascendancy:R202", "ascendancy:R201", "ascendancy:R50")
def test_a_vulcan_fleet_in_warp_does_not_shield_the_others_from_the_fleet_cap() -> None:
    """RULINGS E6, E58: the fleet disbanded is the last card id among the fleets not in Warp; a fleet in Warp
    over the cap is disbanded when its move out of Warp ends."""
    fleets = {0: {"vul_fleet_1": (CONSULAR[0], 3, "S:vulcan_home"),
                  "vul_fleet_2": ("vul_defense_fleet", 3, "S:vulcan_home")}}
    state = vulcan_game(phase="build", authority={0: 2}, fleets=fleets)
    p = state["players"][0]
    p["fleets"]["vul_fleet_2"]["sector"] = None  # in Warp since the last round
    p["warp"].append({"id": "w90", "fleet": "vul_fleet_2", "ships": 3, "origin": "S:vulcan_home", "tokens": 1,
                      "fresh": False})
    state, events = run(state, cmd(0, "colonize", at="deneb"))
    p = state["players"][0]
    assert p["authority"] == 1 and list(p["fleets"]) == ["vul_fleet_2"]  # the fleet not in Warp went
    assert ev(events, "fleet_disbanded") == [{"seat": 0, "card": "vul_fleet_1", "reason": "fleet_cap"}]
    # Only fleets in Warp over the cap: the one that exits is disbanded once its move ends.
    state = vulcan_game(phase="command", authority={0: 0}, fleets={0: {"vul_fleet_2": ("vul_defense_fleet", 3,
                                                                                         "S:vulcan_home")}})
    p = state["players"][0]
    p["fleets"]["vul_fleet_2"]["sector"] = None
    p["warp"].append({"id": "w90", "fleet": "vul_fleet_2", "ships": 3, "origin": "S:vulcan_home", "tokens": 1,
                      "fresh": False})
    state, _ = run(state, cmd(0, "exit_warp", warp="w90"))
    assert state["turn"]["move"] is not None and "vul_fleet_2" in state["players"][0]["fleets"]
    state, events = run(state, cmd(0, "stop"))
    assert state["players"][0]["fleets"] == {}
    assert state["players"][0]["ships"]["S:vulcan_home"] == 3 + 3
    assert ev(events, "fleet_disbanded") == [{"seat": 0, "card": "vul_fleet_2", "reason": "fleet_cap"}]


FERENGI = ("ferengi", "klingon", "romulan")


@pytest.mark.rules("ascendancy:R190", "ascendancy:R192", "ascendancy:R64")
def test_the_ferengi_take_no_culture_node_from_a_colonization_gift() -> None:
    """RULINGS E59: a card's free Culture Node is not built by the Ferengi; a free node "of his choice" on a
    Culture slot is a Production Node (R192)."""
    home = catalog.HOMES["ferengi"]["disc"]

    def colonize(card: str, slots: list[str], civs: tuple[str, ...] = FERENGI) -> list[Any]:
        world = {"id": "vega", "slots": slots, "xy": [45.0, 56.5]}
        home_disc = catalog.HOMES[civs[0]]["disc"]
        state = build(civs=civs, turn=0, systems=[world], lanes=[("l1", home_disc, "vega", 2)],
                      ships={0: {"S:vega": 2}}, resources={0: {"culture": 4}})
        state["systems"]["vega"]["card"] = card
        state, _ = run(state, cmd(0, "colonize", at="vega"))
        assert state["systems"]["vega"]["control"] == 0
        nodes: list[Any] = state["systems"]["vega"]["nodes"]
        return nodes

    assert home == "ferenginar"
    assert colonize("garden_world", ["culture", "production"]) == [None, None]
    assert colonize("garden_world", ["culture", "production"], civs=("klingon", "ferengi", "romulan")) == \
        ["culture", None]
    assert colonize("harsh_frontier", ["culture", "research"]) == ["production", "research"]
    assert colonize("harsh_frontier", ["culture", "research"], civs=("klingon", "ferengi", "romulan")) == \
        ["culture", "research"]


@pytest.mark.rules("ascendancy:R190", "ascendancy:R192", "ascendancy:R204")
def test_a_ferengi_communication_network_never_offers_a_culture_node() -> None:
    """RULINGS E59: the free node of Vulcan Communication Network held by the Ferengi: never Culture, and
    Production on any free slot (R192)."""
    from games.ascendancy.engine import ambassadors

    world = {"id": "vega", "slots": ["culture", "research"], "xy": [45.0, 56.5]}
    state = build(civs=("ferengi", "vulcan", "romulan"), turn=0, systems=[world],
                  advancements={0: ["vul_communication_network"], 1: ["vul_communication_network"]})
    offered = ambassadors.free_node_options(state, 0, "vega")
    assert offered == [{"slot": 0, "node": "production"}, {"slot": 1, "node": "production"},
                       {"slot": 1, "node": "research"}]
    assert ambassadors.free_node_options(state, 1, "vega") == [{"slot": 0, "node": "culture"},
                                                               {"slot": 1, "node": "research"}]


@pytest.mark.rules("ascendancy:R195", "ascendancy:R263", "ascendancy:R49")
def test_the_trade_support_squadron_is_still_blocked_by_a_borg_cube() -> None:
    """RULINGS E60: "whatever the agreements" opens rival players' sectors, not a Cube's (R263)."""
    home = catalog.HOMES["ferengi"]["disc"]
    vega = {"id": "vega", "slots": ["production"], "xy": [45.0, 56.5]}
    state = build(civs=FERENGI, turn=0, phase="command", options={"borg_mode": "delta_quadrant"},
                  systems=[vega], lanes=[("l1", home, "vega", 3)],
                  fleets={0: {"fer_fleet_1": ("fer_trade_support_squadron", 3, f"S:{home}")}})
    state["borg"]["cubes"].append({"id": "c1", "sector": "L:l1:2", "placed": 1})
    state, _ = run(state, cmd(0, "impulse", unit="fleet:fer_fleet_1"), cmd(0, "step", to="L:l1:1"))
    assert {"to": "L:l1:2"} not in movement.step_options(state, 0)
    refused(state, cmd(0, "step", to="L:l1:2"), "step_not_possible", "ascendancy:R49")
    # a Klingon there instead: the squadron enters and stops
    state = build(civs=FERENGI, turn=0, phase="command", systems=[vega], lanes=[("l1", home, "vega", 3)],
                  ships={1: {"L:l1:1": 1}},
                  fleets={0: {"fer_fleet_1": ("fer_trade_support_squadron", 3, f"S:{home}")}})
    state, events = run(state, cmd(0, "impulse", unit="fleet:fer_fleet_1"), cmd(0, "step", to="L:l1:1"))
    assert state["turn"]["move"] is None and ev(events, "passed_rivals") == [{"seat": 0, "sector": "L:l1:1"}]


@pytest.mark.rules("ascendancy:R194", "ascendancy:R27")
def test_a_ferengi_trade_agreement_yields_per_holder_system_with_a_ferengi_ship_in_orbit() -> None:
    """R194 (the book's example: Ferengi ships around 3 Federation systems, 3 Production for the Federation
    holding a Ferengi card): a system of the holder counts once, whatever the Ferengi ships there; another
    player's system or an exhausted card yields nothing."""
    worlds = [{"id": "vega", "slots": ["research"], "control": 0, "xy": [45.0, 56.5]},
              {"id": "rigel", "slots": ["research"], "control": 0, "xy": [45.0, 41.5]},
              {"id": "deneb", "slots": ["research"], "control": 2, "xy": [45.0, 26.5]}]
    civs = ("federation", "ferengi", "romulan")
    ships = {1: {"S:vega": 2, "S:rigel": 1, "S:deneb": 1, "S:earth": 1}}
    state = build(civs=civs, systems=worlds, ships=ships, trade_held={0: {1: 2}, 2: {1: 0}})
    assert rounds.trade_income(state, 0) == {"production": 3, "research": 0, "culture": 0}  # Earth, Vega, Rigel
    assert rounds.trade_income(state, 2) == {"production": 1, "research": 0, "culture": 0}  # Deneb
    state["players"][0]["trade_held"]["1"]["exhausted"] = True
    assert rounds.trade_income(state, 0) == {"production": 0, "research": 0, "culture": 0}
