"""A revealed Cylon's turn at the Cylon locations (bsg:R260-R265, R309-R312) and the Super Crisis cards
(R402e, R404): Caprica's Super Crisis or its choice of two crises (a jump icon, no Cylon ship activation:
RULINGS G24), the Cylon Fleet's activations and launches, the Human Fleet's look at a hand, the
Resurrection Ship's draw and swap."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, skill_of
from games.engine.core import Event, IllegalCommand, Rng
from tests.bsg.engine.helpers import (
    BASE_5,
    State,
    act,
    act_events,
    place_only,
    skill_card,
    start_game,
    to_step,
)
from tests.support.engine import strings


def seen(event: Event, seat: int | None) -> Mapping[str, Any]:
    """What ``seat`` sees of an event (it must see it)."""
    data = event.for_seat(seat)
    assert data is not None
    return data


def cylon_at(location: str, players: int = 5) -> State:
    """The current seat is a revealed Cylon standing in ``location``, at his Action."""
    state = start_game(players, BASE_5[:players])
    seat = state["current"]
    p = state["players"][seat]
    p["cylon"] = True
    p["location"] = "resurrection_ship"
    state["president"] = next(q["seat"] for q in state["players"] if q["character"] == "gaius_baltar")
    state = act(state, seat, "receive_skills", picks=["politics", "tactics"])
    if location != "resurrection_ship":
        state = act(state, seat, "move", location=location)
    else:
        state = act(state, seat, "stay")
    assert state["step"] == "action"
    return state


def give_super_crisis(state: State, seat: int, card: str) -> None:
    state["decks"]["super_crisis"].remove(card)
    state["players"][seat]["super_crisis"].append(card)


def options(state: State, seat: int) -> list[dict[str, object]]:
    return [dict(c.args) for c in RULES.legal_commands(state, seat) if c.kind == "activate_cylon_location"]


@pytest.mark.rules("bsg:R263", "bsg:R309", "bsg:R404", "bsg:R001")
def test_caprica_plays_the_super_crisis_from_hand() -> None:
    state = cylon_at("caprica")
    seat = state["current"]
    assert options(state, seat) == [{"option": 1}]  # no Super Crisis held: only the two crises
    give_super_crisis(state, seat, "inbound_nukes")
    assert {"option": 0, "card": "inbound_nukes"} in options(state, seat)
    before = dict(state["resources"])
    state, events = act_events(state, seat, "activate_cylon_location", option=0, card="inbound_nukes")
    assert state["players"][seat]["super_crisis"] == []
    assert state["decks"]["super_crisis_discard"] == ["inbound_nukes"]
    assert (
        state["resources"]["fuel"] == before["fuel"] - 1
        and state["resources"]["population"] == before["population"] - 1
    )
    assert seen(next(e for e in events if e.kind == "super_crisis_played"), None)["card"] == "inbound_nukes"
    assert state["current"] == (seat + 1) % 5  # no activation, no jump, no Crisis (R232, R264)


@pytest.mark.rules("bsg:R309", "bsg:R404", "bsg:R502", "bsg:R625")
def test_a_super_crisis_check_runs_round_the_table_and_its_failure_applies() -> None:
    state = cylon_at("caprica")
    seat = state["current"]
    give_super_crisis(state, seat, "cylon_intruders")
    state = act(state, seat, "activate_cylon_location", option=0, card="cylon_intruders")
    check = state["check"]
    assert check is not None and check["source"] == {"card": "cylon_intruders", "option": None}
    assert check["order"][-1] == seat and check["difficulty"] == 18
    for s in check["order"]:
        state = act(state, s, "finish_contributing")
    auto = RULES.auto_command(state)  # the reveal is automatic
    assert auto is not None
    state = RULES.apply(state, auto, Rng.from_seed(3)).state
    assert len(state["boarding"]) == 1 and state["boarding"] == [0]  # a fail: a centurion boards
    assert state["current"] == (seat + 1) % 5


@pytest.mark.rules("bsg:R309", "bsg:R264", "bsg:R250")
def test_caprica_resolves_one_of_two_crises_and_its_jump_icon() -> None:
    """The two crises are the Cylon's to see; the other one goes to the bottom; the chosen card's jump icon
    moves the fleet token, and no Cylon ship activation happens."""
    state = cylon_at("caprica")
    seat = state["current"]
    state["decks"]["crisis"] += ["cylon_swarm", "water_sabotaged"]
    state = act(state, seat, "activate_cylon_location", option=1)
    assert RULES.pending(state)[0].prompt == "choose_caprica_crisis"
    assert {c.args["card"] for c in RULES.legal_commands(state, seat)} == {"cylon_swarm", "water_sabotaged"}
    other = (seat + 1) % 5
    assert "cards" not in RULES.view(state, other)["prompt"]
    assert "water_sabotaged" in strings(RULES.view(state, seat)["prompt"])
    food, raiders = state["resources"]["food"], sum(w["raider"] for w in state["space"].values())
    state = act(state, seat, "choose_caprica_crisis", card="water_sabotaged")
    assert state["decks"]["crisis"][0] == "cylon_swarm"
    assert state["resources"]["food"] == food - 2 and state["step"] == "jump"
    assert sum(w["raider"] for w in state["space"].values()) == raiders  # its raider icon is not resolved
    state = act(state, seat, "prepare_jump")
    assert state["jump"] == 1 and state["current"] == other
    assert "water_sabotaged" in state["decks"]["crisis_discard"]


@pytest.mark.rules("bsg:R309", "bsg:R264")
def test_a_caprica_crisis_without_a_jump_icon_ends_the_turn() -> None:
    state = cylon_at("caprica")
    seat = state["current"]
    state["decks"]["crisis"] += ["water_sabotaged", "cylon_swarm"]
    state = act(state, seat, "activate_cylon_location", option=1)
    state = act(state, seat, "choose_caprica_crisis", card="cylon_swarm")
    assert state["space"]["aft"]["basestar"] and state["jump"] == 0
    assert state["current"] == (seat + 1) % 5 and state["decks"]["crisis"][0] == "water_sabotaged"


@pytest.mark.rules("bsg:R312", "bsg:R263", "bsg:R605", "bsg:R162")
def test_the_cylon_fleet_has_each_basestar_launch_two_raiders_and_a_heavy_raider() -> None:
    state = cylon_at("cylon_fleet")
    seat = state["current"]
    assert [o["option"] for o in options(state, seat)] == [0, 1, 2, 3]
    raiders = state["space"]["fore"]["raider"]
    state = act(state, seat, "activate_cylon_location", option=3)
    assert state["space"]["fore"]["raider"] == raiders + 2 and state["space"]["fore"]["heavy_raider"] == 1
    assert state["current"] == (seat + 1) % 5


@pytest.mark.rules("bsg:R312", "bsg:R605", "bsg:R003")
def test_short_of_raiders_the_cylon_fleet_launches_first_where_the_cylon_says() -> None:
    """RULINGS G221 (L420, as G213): basestars in Fore and Aft and 3 raiders left for their 2 each: the
    revealed Cylon, the active player, picks the basestar that launches first; the heavy raiders follow."""
    state = cylon_at("cylon_fleet")
    seat = state["current"]
    state = place_only(state, fore={"basestar": 1}, aft={"basestar": 1})
    state["supply"]["raider"] = 3
    asked = act(state, seat, "activate_cylon_location", option=3)
    decision = RULES.pending(asked)[0]
    assert decision.prompt == "choose_basestar_to_launch_first" and decision.seats == {seat}
    assert {c.args["area"] for c in RULES.legal_commands(asked, seat)} == {"fore", "aft"}
    after = act(asked, seat, "launch_first", area="aft")
    assert (after["space"]["fore"]["raider"], after["space"]["aft"]["raider"]) == (1, 2)
    assert (after["space"]["fore"]["heavy_raider"], after["space"]["aft"]["heavy_raider"]) == (1, 1)
    assert after["current"] == (seat + 1) % 5 and after["prompt"] is None


@pytest.mark.rules("bsg:R309", "bsg:R605", "bsg:R003")
def test_short_of_raiders_fleet_mobilization_launches_first_where_the_active_player_says() -> None:
    """RULINGS G221: the Super Crisis's Launch Raiders icon, short of raiders, asks the active player too;
    the rest of the card follows his answer (here the basestar and raiders astern find none left, R003)."""
    state = cylon_at("caprica")
    seat = state["current"]
    give_super_crisis(state, seat, "fleet_mobilization")
    state = place_only(state, fore={"basestar": 1}, upper_aft={"basestar": 1})
    state["supply"]["raider"] = 5  # 5 for the two launches of 3
    asked = act(state, seat, "activate_cylon_location", option=0, card="fleet_mobilization")
    decision = RULES.pending(asked)[0]
    assert decision.prompt == "choose_basestar_to_launch_first" and decision.seats == {seat}
    assert not asked["space"]["aft"]["basestar"]  # the card waits for the answer
    after = act(asked, seat, "launch_first", area="upper_aft")
    assert (after["space"]["fore"]["raider"], after["space"]["upper_aft"]["raider"]) == (2, 3)
    assert not after["space"]["aft"]["basestar"] and after["space"]["aft"]["raider"] == 0  # the box is empty
    assert after["supply"]["raider"] == 0 and after["current"] == (seat + 1) % 5


@pytest.mark.rules("bsg:R312", "bsg:R602", "bsg:R604")
def test_the_cylon_fleet_activates_the_raiders_area_by_area_in_the_cylons_order() -> None:
    state = cylon_at("cylon_fleet")
    seat = state["current"]
    state = act(state, seat, "activate_cylon_location", option=0)
    decision = RULES.pending(state)[0]
    assert decision.prompt == "activate_area" and decision.seats == {seat}
    state = act(state, seat, "activate_area", area="fore")
    assert state["activation"] is None and state["current"] == (seat + 1) % 5


@pytest.mark.rules("bsg:R311", "bsg:R263", "bsg:R401")
def test_the_human_fleet_looks_at_a_hand_takes_a_card_then_rolls() -> None:
    state = cylon_at("human_fleet")
    seat = state["current"]
    assert {o["target"] for o in options(state, seat)} == set(range(5)) - {seat}
    target = (seat + 2) % 5
    hand = sorted(state["players"][target]["hand"])
    state = act(state, seat, "activate_cylon_location", target=target)
    assert RULES.pending(state)[0].prompt == "take_skill_card"
    assert sorted(c.args["card"] for c in RULES.legal_commands(state, seat)) == sorted(set(hand))
    bystander = (seat + 1) % 5
    assert not set(hand) & strings(RULES.view(state, bystander))
    damage = len(state["damage"]) + len(state["decks"]["damage_removed"])
    state, events = act_events(state, seat, "take_skill", card=hand[0])
    assert hand[0] in state["players"][seat]["hand"] and hand[0] not in state["players"][target]["hand"]
    taken = next(e for e in events if e.kind == "skill_taken")
    assert seen(taken, seat)["card"] == hand[0] and "card" not in seen(taken, target)
    roll = next(e for e in events if e.kind == "die_rolled").data["roll"]
    hit = len(state["damage"]) + len(state["decks"]["damage_removed"]) - damage
    assert hit == (1 if roll >= 5 else 0)
    assert state["current"] == bystander


@pytest.mark.rules("bsg:R310", "bsg:R402", "bsg:R404")
def test_the_resurrection_ship_draws_a_super_crisis_or_swaps_the_one_held() -> None:
    state = cylon_at("resurrection_ship")
    seat = state["current"]
    assert options(state, seat) == [{}]
    drawn = act(state, seat, "activate_cylon_location")
    assert len(drawn["players"][seat]["super_crisis"]) == 1 and len(drawn["decks"]["super_crisis"]) == 4
    give_super_crisis(state, seat, "massive_assault")
    assert options(state, seat) == [{"card": "massive_assault"}]
    swapped = act(state, seat, "activate_cylon_location", card="massive_assault")
    held = swapped["players"][seat]["super_crisis"]
    assert len(held) == 1 and held != ["massive_assault"]
    assert swapped["decks"]["super_crisis_discard"] == ["massive_assault"]


@pytest.mark.rules("bsg:R212", "bsg:R263", "bsg:R260")
def test_humans_have_no_cylon_location_action_and_cylons_no_human_one() -> None:
    state = to_step(start_game(5, BASE_5), "action")
    seat = state["current"]
    assert options(state, seat) == []
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_cylon_location", option=0)
    assert info.value.code == "cylon_location_not_available" and info.value.rule == "bsg:R263"
    cylon = cylon_at("caprica")
    assert not [c for c in RULES.legal_commands(cylon, cylon["current"]) if c.kind == "activate_location"]
    assert not [c for c in RULES.legal_commands(cylon, cylon["current"]) if c.kind == "reveal_loyalty"]


@pytest.mark.rules("bsg:R261", "bsg:R008", "bsg:R265")
def test_a_revealed_cylon_keeps_the_hand_limit_at_the_end_of_his_turn() -> None:
    state = cylon_at("cylon_fleet")
    seat = state["current"]
    state["players"][seat]["hand"] += [skill_card(state, "piloting") for _ in range(10)]
    state = act(state, seat, "pass_action")
    assert RULES.pending(state)[0].prompt == "discard_to_hand_limit" and state["discards"] == [seat]
    assert len(CONTENT.super_crisis_deck()) == 5


@pytest.mark.rules("bsg:R311")
def test_the_human_fleet_on_an_empty_hand_takes_nothing_and_still_rolls() -> None:
    state = cylon_at("human_fleet")
    seat = state["current"]
    target = (seat + 1) % 5
    for card in state["players"][target]["hand"]:
        state["decks"]["skill_discard"][skill_of(card)].append(card)
    state["players"][target]["hand"] = []
    hand = len(state["players"][seat]["hand"])
    state, events = act_events(state, seat, "activate_cylon_location", target=target)
    assert [e.kind for e in events].count("die_rolled") == 1 and "skill_taken" not in [e.kind for e in events]
    assert len(state["players"][seat]["hand"]) == hand and state["current"] == target


@pytest.mark.rules("bsg:R600", "bsg:R626", "bsg:R003")
def test_a_cylon_fleet_launch_places_only_what_the_supply_holds() -> None:
    state = cylon_at("cylon_fleet")
    seat = state["current"]
    state["supply"]["raider"], state["supply"]["heavy_raider"] = 1, 0
    raiders = state["space"]["fore"]["raider"]
    state = act(state, seat, "activate_cylon_location", option=3)
    assert state["space"]["fore"]["raider"] == raiders + 1 and state["space"]["fore"]["heavy_raider"] == 0
    assert state["supply"]["raider"] == 0 and state["supply"]["heavy_raider"] == 0


@pytest.mark.rules("bsg:R401", "bsg:R404")
def test_super_crisis_cards_are_a_zone_only_their_holder_sees() -> None:
    state = cylon_at("caprica")
    seat = state["current"]
    give_super_crisis(state, seat, "massive_assault")
    zones = {z.name: z for z in RULES.zones(state)}
    held = zones[f"super_crisis:{seat}"]
    assert held.cards == ("massive_assault",)
    assert [held.visible_to(s) for s in [None, *range(5)]] == [s == seat for s in [None, *range(5)]]
    assert (
        zones["super_crisis"].visibility == "hidden" and zones["super_crisis_discard"].visibility == "public"
    )
