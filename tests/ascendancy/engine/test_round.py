"""The round: setup, Initiative, the Action Stage's phases and the Recharge (ascendancy:R1-R30)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import catalog
from games.engine.core import Rng

from .helpers import RULES, build, cmd, ev, fresh, kinds, legal, refused, run


@pytest.mark.rules("ascendancy:R1", "ascendancy:R6", "ascendancy:R7")
def test_civilizations_are_chosen_in_seat_order_then_round_one_deals_every_card_at_random() -> None:
    state = RULES.setup(num_players=4, options={}, rng=Rng.from_seed(3)).state
    assert RULES.decision_for(state, 0).prompt == "choose_civ"
    state, _ = run(state, cmd(0, "choose_civ", civ="vulcan"))
    assert ("choose_civ", {"civ": "vulcan"}) not in legal(state, 1)
    refused(state, cmd(1, "choose_civ", civ="vulcan"), "civ_taken")
    state, events = run(state, cmd(1, "choose_civ", civ="klingon"), cmd(2, "choose_civ", civ="ferengi"),
                        cmd(3, "choose_civ", civ="andorian"))
    assert state["phase"] == "agenda" and RULES.decision_for(state, 0).prompt == "reveal_agenda"
    public, secret = state["players"][0]["agendas"]
    assert RULES.view(state, 1)["players"][0]["agendas"] == []
    state, more = run(state, cmd(0, "reveal_agenda", card=public))
    events += more
    assert RULES.view(state, 1)["players"][0]["agendas"] == [public]
    assert RULES.view(state, 0)["players"][0]["agendas"] == [public, secret]
    assert state["round"] == 1 and state["phase"] == "turn"
    assert sorted(state["cards"].values()) == [1, 2, 3, 4]  # cards 1..N
    assert not ev(events, "bid_placed")  # nobody has First Contact: no bids at all
    assert state["order"] == sorted(range(4), key=lambda s: state["cards"][str(s)])
    assert state["turn"]["seat"] == state["order"][0]


@pytest.mark.rules("ascendancy:R24", "ascendancy:R185", "ascendancy:R199")
def test_setup_gives_resources_authority_commands_ships_and_a_full_home() -> None:
    state = fresh(("cardassian", "vulcan", "klingon"))
    card, vul, kli = state["players"]
    assert card["commands"] == 6 and vul["commands"] == 5  # Totalitarian Regime
    assert vul["authority"] == 3 and kli["authority"] == 1
    assert kli["resources"] == {"production": 3, "research": 3, "culture": 3}
    home = state["systems"]["qonos"]
    assert home["control"] == 2 and None not in home["nodes"]
    assert kli["ships"] == {"S:qonos": 3}
    assert len(kli["deck"]) == 14 and kli["projects"] == []
    assert len(state["stack"]) == len(catalog.discs_in_play(["cardassian", "vulcan", "klingon"]))


@pytest.mark.rules("ascendancy:R155")
def test_humble_origins_and_extra_resources() -> None:
    humble = fresh(("federation", "vulcan", "klingon"), humble_origins=True)
    assert humble["players"][0]["resources"] == {"production": 0, "research": 0, "culture": 0}
    assert humble["players"][0]["authority"] == 0 and humble["players"][1]["authority"] == 3
    rich = fresh(extra_resources=True)
    assert rich["players"][0]["resources"] == {"production": 8, "research": 6, "culture": 4}


@pytest.mark.rules("ascendancy:R2", "ascendancy:R3")
def test_only_players_with_first_contact_bid_in_the_previous_turn_order() -> None:
    state = build(bidding=[2, 0, 1], contact=[0, 2], turn=None)
    assert state["phase"] == "bid"
    assert state["initiative"]["bidders"] == [2, 0]
    assert RULES.seats_to_act(state) == {2}
    refused(state, cmd(0, "bid", production=1), "not_your_turn", "ascendancy:R3")
    refused(state, cmd(1, "bid"), "bid_without_first_contact", "ascendancy:R2")
    assert {kind for kind, _ in legal(state, 1)} == {"standing"}  # no bid: only standing answers (RULINGS E50)


@pytest.mark.rules("ascendancy:R4")
@pytest.mark.scenarios("ascendancy:S1")
def test_a_total_already_committed_is_barred_but_nothing_is_always_allowed() -> None:
    state = build(bidding=[0, 1, 2], contact=[0, 1, 2], turn=None)
    state, _ = run(state, cmd(0, "bid", production=2))
    refused(state, cmd(1, "bid", research=1, culture=1), "bid_total_taken", "ascendancy:R4", total=2)
    assert all(sum(c.args.values()) != 2 for c in RULES.legal_commands(state, 1))
    state, _ = run(state, cmd(1, "bid"))
    state, _ = run(state, cmd(2, "bid"))  # two players may both commit nothing
    assert state["phase"] == "pick_card"


@pytest.mark.rules("ascendancy:R2", "ascendancy:R6")
@pytest.mark.scenarios("ascendancy:S2")
def test_a_player_without_first_contact_cannot_bid_and_is_dealt_a_card_left_by_the_bidders() -> None:
    state = build(civs=("federation", "klingon", "romulan", "andorian"), bidding=[0, 1, 2, 3], contact=[0, 1, 2],
                  turn=None)
    assert 3 not in state["initiative"]["bidders"]
    refused(state, cmd(3, "bid", production=1), "bid_without_first_contact", "ascendancy:R2")
    refused(state, cmd(3, "bid"), "bid_without_first_contact", "ascendancy:R2")
    refused(state, cmd(1, "bid"), "not_your_turn", "ascendancy:R3")  # a bidder, before his turn
    state, _ = run(state, cmd(0, "bid", production=1), cmd(1, "bid", production=2), cmd(2, "bid"))
    refused(state, cmd(3, "bid"), "bid_without_first_contact", "ascendancy:R2")
    refused(state, cmd(3, "pick_card", card=3), "card_dealt_at_random", "ascendancy:R6")
    refused(state, cmd(2, "pick_card", card=3), "card_dealt_at_random", "ascendancy:R6")  # committed nothing
    refused(state, cmd(0, "pick_card", card=3), "not_your_turn", "ascendancy:R5")  # the higher bid picks first
    dealt: set[int] = set()
    for seed in range(8):
        after, events = run(state, cmd(1, "pick_card", card=1), cmd(0, "pick_card", card=2), seed=seed)
        assert after["cards"]["1"] == 1 and after["cards"]["0"] == 2
        assert after["cards"]["3"] in {3, 4}  # one of the cards left after the bidders chose
        assert {e["seat"] for e in ev(events, "turn_order_card_dealt")} == {2, 3}
        dealt.add(after["cards"]["3"])
    assert dealt == {3, 4}  # at random


@pytest.mark.rules("ascendancy:R5", "ascendancy:R6")
def test_bidders_choose_cards_by_amount_and_the_rest_are_dealt_at_random() -> None:
    state = build(bidding=[0, 1, 2], contact=[0, 1, 2], turn=None)
    state, _ = run(state, cmd(0, "bid", production=1), cmd(1, "bid", research=2, culture=1), cmd(2, "bid"))
    assert state["players"][1]["resources"] == {"production": 3, "research": 1, "culture": 2}  # discarded
    assert RULES.seats_to_act(state) == {1}  # highest first
    state, _ = run(state, cmd(1, "pick_card", card=3))  # need not take card 1
    assert RULES.seats_to_act(state) == {0}
    refused(state, cmd(0, "pick_card", card=3), "card_not_available")
    state, _ = run(state, cmd(0, "pick_card", card=2))
    assert state["cards"] == {"1": 3, "0": 2, "2": 1}
    assert state["order"] == [2, 0, 1] and state["turn"]["seat"] == 2


@pytest.mark.rules("ascendancy:R149")
def test_random_turn_order_has_no_bidding() -> None:
    state = build(bidding=[0, 1, 2], contact=[0, 1, 2], turn=None, options={"random_turn_order": True})
    assert state["phase"] == "turn" and sorted(state["cards"].values()) == [1, 2, 3]


@pytest.mark.rules("ascendancy:R8", "ascendancy:R19", "ascendancy:R21")
def test_a_turn_is_a_build_phase_then_a_command_phase_then_the_next_card() -> None:
    state = build(turn=0)
    assert RULES.decision_for(state, 0).prompt == "build_phase"
    refused(state, cmd(1, "end_build"), "not_your_turn", "ascendancy:R8")  # card 2 waits for card 1
    refused(state, cmd(0, "launch"), "command_phase_only", "ascendancy:R22")
    state, _ = run(state, cmd(0, "end_build"))
    assert RULES.decision_for(state, 0).prompt == "command_phase"
    refused(state, cmd(0, "build_ship", at="earth"), "build_phase_over", "ascendancy:R19")
    state["players"][0]["ready"] = 0
    refused(state, cmd(0, "launch"), "no_command_left", "ascendancy:R21")
    state, events = run(state, cmd(0, "end_turn"))
    assert state["turn"]["seat"] == 1 and "turn_started" in kinds(events)


@pytest.mark.rules("ascendancy:R10", "ascendancy:R39", "ascendancy:R41")
def test_ships_are_built_at_home_or_a_starbase_for_one_production_up_to_thirty() -> None:
    state = build(turn=0, systems=[{"id": "vega", "slots": ["production"], "control": 0, "xy": [3, 0]},
                                   {"id": "rigel", "slots": ["research"], "control": 0, "starbase": True,
                                    "xy": [5, 5]}])
    state, _ = run(state, cmd(0, "build_ship", at="earth"), cmd(0, "build_ship", at="rigel"))
    assert state["players"][0]["ships"] == {"S:earth": 4, "S:rigel": 1}
    assert state["players"][0]["resources"]["production"] == 1
    refused(state, cmd(0, "build_ship", at="vega"), "not_a_shipyard", "ascendancy:R10", system="vega")
    state["players"][0]["ships"] = {"S:earth": 30}
    refused(state, cmd(0, "build_ship", at="earth"), "no_ships_left", "ascendancy:R41")
    captured = build(turn=0, systems=[])
    captured["systems"]["qonos"]["control"] = 0  # a rival's home you captured is no shipyard
    refused(captured, cmd(0, "build_ship", at="qonos"), "not_a_shipyard")


@pytest.mark.rules("ascendancy:R11", "ascendancy:R125", "ascendancy:R126")
def test_three_new_ships_form_a_fleet_for_free_within_the_authority_cap() -> None:
    card, second = (f["id"] for f in catalog.FLEETS["klingon"][:2])
    side = catalog.FLEETS["klingon"][0]["sides"][0]["side"]
    side2 = catalog.FLEETS["klingon"][1]["sides"][0]["side"]
    state = build(turn=1, resources={1: {"production": 5}}, civs=("federation", "klingon", "romulan"))
    refused(state, cmd(1, "form_fleet", at="qonos", card=card, side=side, ships=3),
            "fleet_needs_new_ships", "ascendancy:R11")
    state, _ = run(state, *[cmd(1, "build_ship", at="qonos")] * 3)
    state, _ = run(state, cmd(1, "form_fleet", at="qonos", card=card, side=side, ships=3))
    p = state["players"][1]
    assert p["fleets"][card] == {"side": side, "ships": 3, "sector": "S:qonos"}
    assert p["ships"] == {"S:qonos": 3} and p["ready"] == 5
    state, _ = run(state, *[cmd(1, "build_ship", at="qonos")] * 2, cmd(1, "end_build"))
    refused(state, cmd(1, "form_fleet", at="qonos", card=second, side=side2, ships=3),
            "fleet_cap", "ascendancy:R125", authority=1)


@pytest.mark.rules("ascendancy:R10", "ascendancy:R39")
@pytest.mark.scenarios("ascendancy:S5")
def test_no_ship_is_built_at_a_captured_rival_home_nor_at_your_own_home_once_lost() -> None:
    state = build(turn=1, resources={1: {"production": 5}})
    state["systems"]["earth"]["control"] = 1  # the Klingon captured the Federation home
    assert not state["systems"]["earth"]["starbase"]
    refused(state, cmd(1, "build_ship", at="earth"), "not_a_shipyard", "ascendancy:R10", system="earth")
    state["systems"]["qonos"]["control"] = 2  # and lost his own
    refused(state, cmd(1, "build_ship", at="qonos"), "not_a_shipyard", "ascendancy:R10", system="qonos")
    assert ("build_ship", {"at": "qonos"}) not in legal(state, 1)


@pytest.mark.rules("ascendancy:R12", "ascendancy:R34")
@pytest.mark.scenarios("ascendancy:S7")
def test_a_contested_undeveloped_system_cannot_be_colonized() -> None:
    state = build(turn=2, systems=[{"id": "vega", "slots": ["production"], "xy": [3, 0]}],
                  ships={2: {"S:vega": 1}, 1: {"S:vega": 1}})
    refused(state, cmd(2, "colonize", at="vega"), "not_occupied", "ascendancy:R12")
    assert state["systems"]["vega"]["control"] is None


@pytest.mark.rules("ascendancy:R12")
@pytest.mark.scenarios("ascendancy:S8")
def test_colonizing_pays_one_culture_uses_up_one_ship_and_places_a_control_node() -> None:
    state = build(turn=2, systems=[{"id": "vega", "slots": ["production", "research"], "xy": [3, 0]}],
                  ships={2: {"S:vega": 2}}, resources={2: {"culture": 1}})
    state, events = run(state, cmd(2, "colonize", at="vega"))
    p, vega = state["players"][2], state["systems"]["vega"]
    assert p["resources"]["culture"] == 0 and p["ships"]["S:vega"] == 1
    assert vega["control"] == 2 and vega["nodes"] == [None, None]  # Developed by the Control Node alone
    assert kinds(events) == ["system_controlled"]


@pytest.mark.rules("ascendancy:R12", "ascendancy:R69", "ascendancy:R159")
@pytest.mark.scenarios("ascendancy:S10")
def test_colonizing_costs_a_culture_and_a_ship_and_takes_prewarp_resources() -> None:
    systems = [{"id": "vega", "slots": ["production"], "xy": [3, 0], "prewarp": {"production": 2}},
               {"id": "deneb", "slots": ["research"], "xy": [0, 3]}]
    state = build(turn=1, systems=systems, ships={1: {"S:vega": 2, "S:deneb": 1}, 0: {"S:deneb": 1}})
    refused(state, cmd(1, "colonize", at="deneb"), "not_occupied", "ascendancy:R12")
    state, _ = run(state, cmd(1, "colonize", at="vega"))
    p = state["players"][1]
    assert state["systems"]["vega"]["control"] == 1 and p["ships"]["S:vega"] == 1
    assert p["resources"] == {"production": 5, "research": 3, "culture": 2}
    refused(state, cmd(1, "colonize", at="vega"), "system_developed", "ascendancy:R12")
    fed = build(turn=0, systems=systems, ships={0: {"S:vega": 1}})
    refused(fed, cmd(0, "colonize", at="vega"), "prime_directive", "ascendancy:R159")


@pytest.mark.rules("ascendancy:R201")
def test_vulcans_colonize_any_undeveloped_system_with_authority() -> None:
    state = build(civs=("vulcan", "klingon", "romulan"), turn=0,
                  systems=[{"id": "vega", "slots": ["production"], "xy": [3, 0]}])
    state, _ = run(state, cmd(0, "colonize", at="vega"))
    assert state["systems"]["vega"]["control"] == 0 and state["players"][0]["authority"] == 2
    assert state["players"][0]["resources"]["culture"] == 3


@pytest.mark.rules("ascendancy:R13", "ascendancy:R14", "ascendancy:R190", "ascendancy:R192")
def test_resource_nodes_follow_slot_types_and_open_slots_may_be_rebuilt() -> None:
    systems = [{"id": "vega", "slots": ["production", "open"], "control": 0, "xy": [3, 0]}]
    state = build(turn=0, systems=systems, resources={0: {"production": 9}})
    refused(state, cmd(0, "build_node", at="vega", slot=0, node="research"), "wrong_slot_type")
    state, _ = run(state, cmd(0, "build_node", at="vega", slot=1, node="research"))
    refused(state, cmd(0, "build_node", at="vega", slot=1, node="research"), "slot_taken", "ascendancy:R14")
    state, _ = run(state, cmd(0, "build_node", at="vega", slot=1, node="culture"))  # full cost again
    assert state["systems"]["vega"]["nodes"] == [None, "culture"]
    paid = catalog.COSTS["research_node"].get("production", 0) + catalog.COSTS["culture_node"].get("production", 0)
    assert state["players"][0]["resources"]["production"] == 9 - paid
    fer = build(civs=("ferengi", "klingon", "romulan"), turn=0, resources={0: {"production": 9}},
                systems=[{"id": "vega", "slots": ["research", "culture"], "control": 0, "xy": [3, 0]}])
    refused(fer, cmd(0, "build_node", at="vega", slot=1, node="culture"), "ferengi_no_culture_nodes")
    fer, _ = run(fer, cmd(0, "build_node", at="vega", slot=0, node="production"))
    assert fer["systems"]["vega"]["nodes"] == ["production", None]


@pytest.mark.rules("ascendancy:R13", "ascendancy:R192", "ascendancy:R190")
@pytest.mark.scenarios("ascendancy:S11")
def test_only_the_ferengi_build_production_nodes_on_any_slot_up_to_the_capacity_and_never_culture() -> None:
    systems = [{"id": "vega", "slots": ["research", "research", "culture"], "control": 0, "xy": [3, 0]}]
    rich = {0: {"production": 20, "research": 5, "culture": 5}}
    state = build(turn=0, systems=systems, resources=rich)
    for slot, kind in enumerate(("research", "research", "culture")):
        refused(state, cmd(0, "build_node", at="vega", slot=slot, node="production"), "wrong_slot_type",
                "ascendancy:R13", slot=kind, kind="production")
    fer = build(civs=("ferengi", "klingon", "romulan"), turn=0, systems=systems, resources=rich)
    refused(fer, cmd(0, "build_node", at="vega", slot=2, node="culture"), "ferengi_no_culture_nodes",
            "ascendancy:R190")
    refused(fer, cmd(0, "build_node", at="ferenginar", slot=2, node="culture"), "ferengi_no_culture_nodes",
            "ascendancy:R190")
    fer, _ = run(fer, *[cmd(0, "build_node", at="vega", slot=k, node="production") for k in range(3)])
    assert fer["systems"]["vega"]["nodes"] == ["production"] * 3
    assert not [args for kind, args in legal(fer, 0) if kind == "build_node" and args["at"] == "vega"]
    refused(fer, cmd(0, "build_node", at="vega", slot=0, node="production"), "slot_taken", "ascendancy:R14")
    refused(fer, cmd(0, "build_node", at="vega", slot=3, node="production"), "bad_argument")  # Capacity 3


@pytest.mark.rules("ascendancy:R15")
@pytest.mark.scenarios("ascendancy:S13")
def test_one_research_per_project_per_build_phase_and_a_placed_token_stays() -> None:
    state = build(turn=0, projects={0: [("fed_utopia_planitia", 0), ("fed_multiphasic_shields", 0)]})
    assert catalog.ADVANCEMENTS["fed_utopia_planitia"]["cost"] == 4
    state, _ = run(state, cmd(0, "fund", project="fed_utopia_planitia"))
    refused(state, cmd(0, "fund", project="fed_utopia_planitia"), "project_already_funded", "ascendancy:R15")
    assert state["players"][0]["resources"]["research"] == 2
    assert {kind for kind, _ in legal(state, 0)} <= {"build_ship", "fund", "end_build"}  # nothing moves a token
    state, _ = run(state, cmd(0, "fund", project="fed_multiphasic_shields"))
    assert state["players"][0]["projects"] == [{"card": "fed_utopia_planitia", "research": 1},
                                               {"card": "fed_multiphasic_shields", "research": 1}]


@pytest.mark.rules("ascendancy:R16", "ascendancy:R23")
@pytest.mark.scenarios("ascendancy:S14")
def test_a_completed_project_with_a_command_icon_gives_an_exhausted_command_token_at_once() -> None:
    assert catalog.ADVANCEMENTS["kli_subjugation"]["command"] and catalog.ADVANCEMENTS["kli_subjugation"]["cost"] == 4
    state = build(turn=1, projects={1: [("kli_subjugation", 3)]})
    state["order"] = [1]
    state, events = run(state, cmd(1, "fund", project="kli_subjugation"))
    p = state["players"][1]
    assert kinds(events) == ["project_funded", "advancement_completed"]
    assert p["projects"] == [] and p["advancements"][-1] == {"card": "kli_subjugation", "exhausted": False}
    assert p["commands"] == 6 and p["ready"] == 5  # the new token is Exhausted
    state, _ = run(state, cmd(1, "end_build"), cmd(1, "end_turn"))  # the Recharge
    assert state["players"][1]["ready"] == 6


@pytest.mark.rules("ascendancy:R15", "ascendancy:R16", "ascendancy:R23")
def test_projects_take_one_research_per_build_phase_and_complete_with_their_icons() -> None:
    card = next(a for a in catalog.ADVANCEMENTS.values() if a["civ"] == "federation" and a["command"])
    state = build(turn=0, projects={0: [(card["id"], card["cost"] - 1)]})
    state, events = run(state, cmd(0, "fund", project=card["id"]))
    p = state["players"][0]
    assert any(a["card"] == card["id"] for a in p["advancements"]) and p["projects"] == []
    assert p["commands"] == 6 and p["ready"] == 5  # the new token enters exhausted
    slow = next(a["id"] for a in catalog.ADVANCEMENTS.values() if a["civ"] == "federation" and a["cost"] >= 2)
    other = build(turn=0, projects={0: [(slow, 0)]})
    other, _ = run(other, cmd(0, "fund", project=slow))
    assert other["players"][0]["projects"] == [{"card": slow, "research": 1}]
    refused(other, cmd(0, "fund", project=slow), "project_already_funded", "ascendancy:R15")


@pytest.mark.rules("ascendancy:R17")
def test_upgrades_are_paid_in_full_with_research() -> None:
    state = build(turn=0, resources={0: {"research": 2}})
    refused(state, cmd(0, "upgrade", track="weapons"), "not_enough_resources", "ascendancy:R17",
            cost={"research": catalog.WEAPONS["federation"][1]["cost"]})
    state["players"][0]["resources"]["research"] = catalog.WEAPONS["federation"][1]["cost"]
    state, _ = run(state, cmd(0, "upgrade", track="weapons"))
    assert state["players"][0]["weapons"] == 1 and state["players"][0]["resources"]["research"] == 0


@pytest.mark.rules("ascendancy:R19", "ascendancy:R20")
@pytest.mark.scenarios("ascendancy:S16")
def test_no_building_in_the_command_phase_but_authority_may_be_bought() -> None:
    systems = [{"id": "vega", "slots": ["production"], "control": 0, "xy": [3, 0]}]
    state = build(turn=0, phase="command", systems=systems, resources={0: {"culture": 5, "production": 9}})
    refused(state, cmd(0, "build_node", at="vega", slot=0, node="production"), "build_phase_over", "ascendancy:R19")
    state, _ = run(state, cmd(0, "buy_authority"))
    assert state["players"][0]["authority"] == 2 and state["players"][0]["resources"]["culture"] == 0


@pytest.mark.rules("ascendancy:R17", "ascendancy:R277")
@pytest.mark.scenarios("ascendancy:S17")
def test_the_weapons_dealer_takes_a_whole_upgrade_in_production_never_a_mix() -> None:
    assert catalog.SHIELDS["federation"][1]["cost"] == 3
    state = build(turn=0, resources={0: {"production": 2, "research": 1}})
    state["players"][0]["allies"] = ["weapons_dealer"]
    refused(state, cmd(0, "upgrade", track="shields", pay="production"), "not_enough_resources", "ascendancy:R17",
            cost={"production": 3})
    refused(state, cmd(0, "upgrade", track="shields"), "not_enough_resources", "ascendancy:R17",
            cost={"research": 3})
    assert not [args for kind, args in legal(state, 0) if kind == "upgrade"]  # 2 + 1 is no payment
    state["players"][0]["resources"] = {"production": 3, "research": 0, "culture": 0}
    state, _ = run(state, cmd(0, "upgrade", track="shields", pay="production"))
    assert state["players"][0]["shields"] == 1 and state["players"][0]["resources"]["production"] == 0


@pytest.mark.rules("ascendancy:R20", "ascendancy:R151")
def test_authority_costs_five_culture_in_either_phase_or_four_when_easier() -> None:
    state = build(turn=0, phase="command", resources={0: {"culture": 5}})
    state, _ = run(state, cmd(0, "buy_authority"))
    assert state["players"][0]["authority"] == 2 and state["players"][0]["resources"]["culture"] == 0
    easy = build(turn=0, resources={0: {"culture": 4}}, options={"easier_authority": True})
    easy, _ = run(easy, cmd(0, "buy_authority"))
    assert easy["players"][0]["authority"] == 2


@pytest.mark.rules("ascendancy:R121", "ascendancy:R23", "ascendancy:R24", "ascendancy:R180")
def test_a_starbase_costs_a_command_needs_authority_and_adds_an_exhausted_command() -> None:
    systems = [{"id": "vega", "slots": ["production"], "control": 0, "xy": [3, 0]}]
    state = build(turn=0, phase="command", systems=systems)
    state, _ = run(state, cmd(0, "starbase", at="vega"))
    p = state["players"][0]
    assert state["systems"]["vega"]["starbase"] and p["commands"] == 6 and p["ready"] == 4
    refused(state, cmd(0, "starbase", at="earth"), "starbase_needs_authority", "ascendancy:R121", authority=1)
    andor = build(civs=("andorian", "klingon", "romulan"), turn=0, phase="command", systems=systems)
    andor, _ = run(andor, cmd(0, "starbase", at="vega"))
    assert andor["players"][0]["ready"] == 3


@pytest.mark.rules("ascendancy:R121")
def test_starbases_are_capped_by_the_highest_authority_reached_or_by_the_current_one_as_an_option() -> None:
    systems = [{"id": "vega", "slots": ["production"], "control": 0, "xy": [3, 0]}]
    for limit, allowed in (("highest_authority", True), ("current_authority", False)):
        state = build(turn=0, phase="command", systems=systems, authority={0: 2},
                      options={"starbase_limit": limit})
        state["players"][0]["authority"] = 1  # reached 2, lost one since (RULINGS A15)
        state, _ = run(state, cmd(0, "starbase", at="vega"))
        assert state["players"][0]["starbases_built"] == 1
        if allowed:
            state, _ = run(state, cmd(0, "starbase", at="earth"))
            assert state["systems"]["earth"]["starbase"]
        else:
            refused(state, cmd(0, "starbase", at="earth"), "option_starbase_limit", "ascendancy:R121",
                    authority=1, option="starbase_limit")  # the refusal names the table option


@pytest.mark.rules("ascendancy:R25", "ascendancy:R26", "ascendancy:R27", "ascendancy:R28", "ascendancy:R29",
                   "ascendancy:R30", "ascendancy:R186")
def test_recharge_generates_refreshes_adds_warp_and_seeds_phenomena() -> None:
    systems = [{"id": "neb", "kind": "phenomenon", "slots": [], "hazard": 4, "xy": [3, 0]},
               {"id": "vega", "slots": ["research"], "nodes": ["research"], "control": 2, "xy": [0, 3]}]
    state = build(turn=0, systems=systems, trade_held={1: {0: 0}})
    state["players"][1]["ready"] = 0
    state["players"][0]["warp"] = [{"id": "w9", "fleet": None, "ships": 1, "origin": "S:earth", "tokens": 1,
                                    "fresh": True}]
    state["players"][2]["trade_held"]["1"] = {"card": 0, "exhausted": True}
    state["players"][1]["trade_hand"].remove(0)
    state["order"] = [0]
    state["cards"] = {"0": 1}
    state, events = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))
    gen = {e["seat"]: e for e in ev(events, "resources_generated")}
    assert gen[0] == {"seat": 0, "production": 1, "research": 1, "culture": 1}  # Earth: P, R, C
    assert gen[1]["production"] == 2 + 1  # Qo'noS P, P, C + the Federation card (1 Production)
    assert gen[2]["research"] == 1 + 1 and gen[2]["production"] == 1  # exhausted Klingon card: nothing
    assert state["players"][1]["ready"] == 5 and state["players"][0]["warp"][0]["tokens"] == 2
    assert state["systems"]["neb"]["research"] == 1
    assert not state["players"][2]["trade_held"]["1"]["exhausted"]
    cards = build(civs=("cardassian", "klingon", "romulan"), turn=0, ships={0: {}})
    cards["order"] = [0]
    cards, events = run(cards, cmd(0, "end_build"), cmd(0, "end_turn"))
    assert {e["seat"]: e["production"] for e in ev(events, "resources_generated")}[0] == 0  # no ship in orbit


@pytest.mark.rules("ascendancy:R140", "ascendancy:R141", "ascendancy:R143")
def test_victory_check_at_the_end_of_the_round_needs_the_home_and_ties_go_to_systems() -> None:
    state = build(turn=0, authority={0: 5, 1: 5}, systems=[
        {"id": "vega", "slots": ["production"], "control": 1, "xy": [3, 0]}])
    state["order"] = [0]
    state, _ = run(state, cmd(0, "end_build"))
    assert RULES.result(state) is None  # nothing before the Recharge
    state, events = run(state, cmd(0, "end_turn"))
    result = RULES.result(state)
    assert result is not None and result.winners == {1} and result.reason == "authority_victory"
    assert result.tiebreak == "tiebreak_systems"
    lost_home = build(turn=0, authority={0: 5})
    lost_home["systems"]["earth"]["control"] = 1
    lost_home["order"] = [0]
    lost_home, _ = run(lost_home, cmd(0, "end_build"), cmd(0, "end_turn"))
    assert RULES.result(lost_home) is None


@pytest.mark.rules("ascendancy:R142")
def test_military_victory_three_homes_including_your_own() -> None:
    state = build(turn=0)
    state["systems"]["qonos"]["control"] = 0
    state["systems"]["romulus"]["control"] = 0
    state["order"] = [0]
    state, _ = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))
    assert RULES.result(state).reason == "military_victory"


@pytest.mark.rules("ascendancy:R144")
@pytest.mark.scenarios("ascendancy:S71")
def test_a_civilization_with_no_ships_and_no_systems_is_exterminated() -> None:
    state = build(turn=0, ships={2: {}}, trade_held={0: {2: 1}})
    state["systems"]["romulus"]["control"] = 1
    state["order"] = [0]
    state, events = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))
    assert state["players"][2]["exterminated"] and "2" not in state["players"][0]["trade_held"]
    assert 2 not in state["order"]


@pytest.mark.rules("ascendancy:R200")
def test_the_vulcan_wins_by_completing_either_agenda_without_his_home() -> None:
    from games.ascendancy.engine.agendas import goal_met

    state = build(civs=("vulcan", "klingon", "romulan"), turn=0)
    p = state["players"][0]
    p["agendas"], p["agenda_public"] = ["agenda_logical_expansion", "agenda_web_of_trade"], "agenda_web_of_trade"
    assert not goal_met(state, p, "agenda_logical_expansion")
    for k in range(7):
        state["systems"][f"x{k}"] = {**state["systems"]["qonos"], "home_of": None, "control": 0}
    state["systems"]["vulcan_home"]["control"] = 1  # his home is lost: no matter
    state["order"] = [0]
    state, _ = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))
    result = RULES.result(state)
    assert result is not None and result.winners == {0} and result.reason == "agenda_victory"
    state2 = build(civs=("vulcan", "klingon", "romulan"), turn=0, authority={0: 6})
    state2["players"][0]["agendas"] = ["agenda_logical_expansion", "agenda_web_of_trade"]
    state2["order"] = [0]
    state2, _ = run(state2, cmd(0, "end_build"), cmd(0, "end_turn"))
    assert RULES.result(state2) is None  # never an Authority victory for the Vulcan


@pytest.mark.rules("ascendancy:R161", "ascendancy:R64", "ascendancy:R12")
def test_colonization_fleets_and_exploration_cards_change_how_a_system_is_colonized() -> None:
    vega = {"id": "vega", "slots": ["production", "culture"], "xy": [45.0, 56.5]}
    state = build(turn=0, systems=[vega], fleets={0: {"fed_fleet_1": ("fed_colonization_fleet", 4, "S:vega")}},
                  ships={0: {}}, resources={0: {"culture": 0}})
    refused(state, cmd(0, "colonize", at="vega"), "not_enough_resources", "ascendancy:R12", cost={"culture": 1})
    state, events = run(state, cmd(0, "colonize", at="vega", fleet="fed_fleet_1"))
    assert state["systems"]["vega"]["control"] == 0 and state["players"][0]["resources"]["culture"] == 0
    assert "fed_fleet_1" not in state["players"][0]["fleets"] and state["players"][0]["ships"] == {"S:vega": 3}
    garden = build(turn=1, systems=[{**vega}], ships={1: {"S:vega": 2}})
    garden["systems"]["vega"]["card"] = "garden_world"
    garden["exploration"]["deck"].remove("garden_world")
    garden, _ = run(garden, cmd(1, "colonize", at="vega"))
    assert garden["systems"]["vega"]["nodes"] == [None, "culture"] and "garden_world" in garden["exploration"]["discard"]
    harsh = build(turn=1, systems=[{**vega}], ships={1: {"S:vega": 2}}, resources={1: {"culture": 1}})
    harsh["systems"]["vega"]["card"] = "harsh_frontier"
    refused(harsh, cmd(1, "colonize", at="vega"), "not_enough_resources", "ascendancy:R12", cost={"culture": 2})


# --- Acceptance scenarios of the digest: starbases, fleets, projects, Recharge, victory ----------------------

VEGA_MINE = {"id": "vega", "slots": ["production"], "control": 0, "xy": [45.0, 56.5]}


@pytest.mark.rules("ascendancy:R121", "ascendancy:R205", "ascendancy:R180")
@pytest.mark.scenarios("ascendancy:S61")
def test_starbases_one_per_authority_one_per_system_none_for_vulcans_two_commands_for_andorians() -> None:
    state = build(turn=0, phase="command", systems=[VEGA_MINE])
    state, _ = run(state, cmd(0, "starbase", at="vega"))
    refused(state, cmd(0, "starbase", at="earth"), "starbase_needs_authority", "ascendancy:R121", authority=1)
    there = build(turn=0, phase="command", systems=[{**VEGA_MINE, "starbase": True}], authority={0: 3})
    refused(there, cmd(0, "starbase", at="vega"), "starbase_there", "ascendancy:R121")
    vulcan = build(civs=("vulcan", "klingon", "romulan"), turn=0, phase="command", systems=[VEGA_MINE],
                   authority={0: 3})
    refused(vulcan, cmd(0, "starbase", at="vega"), "vulcans_build_no_starbases", "ascendancy:R205")
    andor = build(civs=("andorian", "klingon", "romulan"), turn=0, phase="command", systems=[VEGA_MINE],
                  ready={0: 1})
    refused(andor, cmd(0, "starbase", at="vega"), "no_command_left", "ascendancy:R21")
    andor["players"][0]["ready"] = 2
    andor, _ = run(andor, cmd(0, "starbase", at="vega"))
    assert andor["players"][0]["ready"] == 0 and andor["systems"]["vega"]["starbase"]


@pytest.mark.rules("ascendancy:R129")
@pytest.mark.scenarios("ascendancy:S62")
def test_a_fleet_below_three_ships_is_disbanded_at_once_and_its_special_rule_ends() -> None:
    from tests.ascendancy.engine.test_combat import settle

    assert catalog.FLEET_SIDES["fed_defense_fleet"]["min_ships"] == 3
    for seed in range(60):
        state = build(turn=1, phase="command", systems=[{"id": "vega", "slots": ["production"], "xy": [45.0, 56.5]}],
                      lanes=[("l1", "earth", "vega", 2)], ships={0: {}, 1: {"S:vega": 6}}, shields={1: 3},
                      fleets={0: {"fed_fleet_2": ("fed_defense_fleet", 3, "L:l1:2")}})
        state, events = run(state, cmd(1, "attack", target="L:l1:2"), seed=seed)
        first = [e for e in ev(events, "combat_dice") if e["seat"] == 1]
        if not first or first[0]["hits"] != 1 or state["prompt"] is None:
            continue
        assert first[0]["need"] == 5 + 1  # the Defense Fleet: Rivals need 1 more
        assert "fleet_disbanded" in kinds(events) and state["players"][0]["fleets"] == {}
        assert state["players"][0]["ships"] == {"L:l1:2": 2}
        state, more = settle(state, seed=seed, stop=("maneuver",))
        second = [e for e in ev(more, "combat_dice") if e["seat"] == 1]
        assert second and second[0]["need"] == 5  # round 2: no Defense Fleet any more
        return
    raise AssertionError("no seed scored exactly one hit")


@pytest.mark.rules("ascendancy:R128", "ascendancy:R127", "ascendancy:R50")
@pytest.mark.scenarios("ascendancy:S65")
def test_a_fleet_in_warp_can_be_neither_disbanded_nor_joined() -> None:
    fleet = catalog.FLEETS["federation"][0]
    state = build(turn=0, phase="command", ships={0: {"S:earth": 1}},
                  fleets={0: {fleet["id"]: (fleet["sides"][0]["side"], 3, "S:earth")}})
    state, _ = run(state, cmd(0, "enter_warp", unit=f"fleet:{fleet['id']}"))
    assert state["players"][0]["fleets"][fleet["id"]]["sector"] is None
    refused(state, cmd(0, "disband", fleet=fleet["id"]), "fleet_in_warp", "ascendancy:R128")
    refused(state, cmd(0, "fleet_join", fleet=fleet["id"]), "fleet_moving", "ascendancy:R50")
    assert not [a for k, a in legal(state, 0) if k in ("disband", "fleet_join")]


@pytest.mark.rules("ascendancy:R142", "ascendancy:R214")
@pytest.mark.scenarios("ascendancy:S67")
def test_a_home_left_by_the_vulcan_exodus_no_longer_counts_for_a_military_victory() -> None:
    def round_end(own_home: bool) -> Any:
        state = build(civs=("federation", "klingon", "romulan", "vulcan"), turn=1,
                      systems=[{"id": "rigel", "slots": ["production"], "control": 3, "xy": [20.0, 70.0]}])
        state["systems"]["vulcan_home"]["home_of"] = None  # the Exodus moved the Vulcan home to Rigel
        state["systems"]["rigel"]["home_of"] = 3
        for home in ("earth", "romulus", "vulcan_home"):
            state["systems"][home]["control"] = 1
        if not own_home:
            state["systems"]["qonos"]["control"] = 0
        state["order"] = [1]
        state, _ = run(state, cmd(1, "end_build"), cmd(1, "end_turn"))
        return RULES.result(state)

    won = round_end(own_home=True)
    assert won is not None and won.winners == {1} and won.reason == "military_victory"
    assert won.scores[1]["homes"] == 3  # Earth, Romulus and Qo'noS; not the former Vulcan home
    assert round_end(own_home=False) is None


@pytest.mark.rules("ascendancy:R143")
@pytest.mark.scenarios("ascendancy:S68")
def test_a_shared_victory_check_goes_to_the_most_systems_and_a_tie_there_is_shared() -> None:
    def round_end(first: int, second: int) -> Any:
        systems = [{"id": f"a{k}", "slots": ["production"], "control": 0, "xy": [5.0 + 6 * k, 5.0]}
                   for k in range(first - 1)] + [
                  {"id": f"b{k}", "slots": ["production"], "control": 1, "xy": [5.0 + 6 * k, 85.0]}
                   for k in range(second - 1)]  # with the homes: first and second systems
        state = build(turn=0, authority={0: 5, 1: 5}, systems=systems)
        state["order"] = [0]
        state, _ = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))
        return RULES.result(state)

    result = round_end(7, 6)
    assert result.winners == {0} and (result.scores[0]["systems"], result.scores[1]["systems"]) == (7, 6)
    shared = round_end(7, 7)
    assert shared.winners == {0, 1} and shared.reason == "authority_victory"


@pytest.mark.rules("ascendancy:R186")
@pytest.mark.scenarios("ascendancy:S70")
def test_a_cardassian_system_without_a_cardassian_ship_in_orbit_generates_nothing() -> None:
    def generated(ships: dict[str, int]) -> dict[str, int]:
        vega = {"id": "vega", "slots": ["production", "production"], "nodes": ["production", "production"],
                "control": 0, "xy": [45.0, 56.5]}
        state = build(civs=("cardassian", "klingon", "romulan"), turn=0, systems=[vega], ships={0: ships})
        state["order"] = [0]
        state, events = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))
        return next(e for e in ev(events, "resources_generated") if e["seat"] == 0)

    home_only = generated({"S:cardassia_prime": 3})
    with_vega = generated({"S:cardassia_prime": 3, "S:vega": 1})
    assert with_vega["production"] == home_only["production"] + 2  # Vega's 2 nodes pay only with a ship there


@pytest.mark.rules("ascendancy:R144", "ascendancy:R133")
def test_an_exterminated_civilization_discards_the_rival_advancements_it_completed_under_their_owners_decks() -> None:
    state = build(turn=0, ships={2: {}}, advancements={2: ["fed_multiphasic_shields", "kli_plunder"],
                                                      1: ["rom_infiltration"]})
    state["systems"]["romulus"]["control"] = 1
    state["order"] = [0]
    state, _ = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))
    fed, kli, rom = state["players"]
    assert rom["exterminated"]
    assert fed["deck"][0] == "fed_multiphasic_shields" and kli["deck"][0] == "kli_plunder"  # the bottom
    assert not any(a["card"] in ("fed_multiphasic_shields", "kli_plunder") for a in rom["advancements"])
    assert any(a["card"] == "rom_infiltration" for a in kli["advancements"])  # his own card stays in play


@pytest.mark.rules("ascendancy:R144", "ascendancy:R140")
def test_extermination_is_checked_in_the_recharge_stage_not_in_mid_round() -> None:
    state = build(turn=0, ships={2: {}})
    state["systems"]["romulus"]["control"] = 1
    state["order"] = [0, 2]
    state, events = run(state, cmd(0, "end_build"), cmd(0, "end_turn"))
    assert not state["players"][2]["exterminated"] and state["turn"]["seat"] == 2  # his turn still comes
    assert not ev(events, "civilization_exterminated")
    state, events = run(state, cmd(2, "end_build"), cmd(2, "end_turn"))
    assert state["players"][2]["exterminated"]  # at the Recharge Stage that follows
    assert [e["seat"] for e in ev(events, "civilization_exterminated")] == [2]
