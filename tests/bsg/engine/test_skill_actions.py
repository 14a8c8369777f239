"""Skill cards played for their action (bsg:R220 B, R221, R300, R435, R624, R260): Consolidate Power, Repair,
Launch Scout, Maximum Firepower, Executive Order; cards of another timing are not actions."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.state import skill_of
from games.engine.core import Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import State, act, act_events, skill_card, start_game, to_step

FIVE = ["gaius_baltar", "william_adama", "kara_thrace", "tom_zarek", "galen_tyrol"]


def at_action(cards: list[tuple[str, str, int]], characters: list[str] | None = None) -> State:
    """The first player's Action step, holding the given (skill, card id, strength) cards."""
    state = to_step(start_game(5, characters or FIVE), "action")
    seat = state["current"]
    for skill, cid, strength in cards:
        for held in [c for c in state["players"][seat]["hand"] if c.startswith(cid + ".")]:
            state["players"][seat]["hand"].remove(held)
            state["decks"]["skill_discard"][skill].append(held)
        card = skill_card(state, skill, strength)
        assert card.startswith(cid + "."), card
        state["players"][seat]["hand"].append(card)
    return state


def card_in_hand(state: State, cid: str) -> str:
    return str(next(c for c in state["players"][state["current"]]["hand"] if c.startswith(cid + ".")))


def plays(state: State, seat: int, cid: str | None = None) -> list[dict[str, Any]]:
    return [
        dict(c.args)
        for c in RULES.legal_commands(state, seat)
        if c.kind == "play_skill" and (cid is None or c.args["card"].startswith(cid + "."))
    ]


def seeded(state: State, seat: int, wanted: bool, **args: Any) -> tuple[State, list[Any]]:
    for seed in range(1, 300):
        out = RULES.apply(state, Command(seat, "play_skill", args), Rng.from_seed(seed))
        risked = [e for e in out.events if e.kind == "raptor_risked"]
        if risked and risked[0].data["success"] == wanted:
            return out.state, list(out.events)
    raise AssertionError("no seed gives that roll")


@pytest.mark.rules("bsg:R220", "bsg:R221")
def test_consolidate_power_draws_two_cards_of_any_types_and_is_discarded() -> None:
    state = at_action([("politics", "consolidate_power", 1)])
    seat = state["current"]
    card = card_in_hand(state, "consolidate_power")
    assert {"card": card, "picks": ["tactics", "piloting"]} in plays(state, seat)
    before = list(state["players"][seat]["hand"])
    state = act(state, seat, "play_skill", card=card, picks=["tactics", "piloting"])
    new = [c for c in state["players"][seat]["hand"] if c not in before]
    assert sorted(skill_of(c) for c in new) == ["piloting", "tactics"]
    assert card in state["decks"]["skill_discard"]["politics"] and state["step"] == "crisis"


@pytest.mark.rules("bsg:R221")
def test_cards_of_another_timing_are_not_actions() -> None:
    state = at_action([("leadership", "declare_emergency", 3), ("engineering", "scientific_research", 3)])
    seat = state["current"]
    played = {a["card"].split(".")[0] for a in plays(state, seat)}
    assert not played & {"declare_emergency", "scientific_research"}
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "play_skill", card=card_in_hand(state, "declare_emergency"))
    assert (info.value.code, info.value.rule) == ("skill_card_not_playable", "bsg:R221")


@pytest.mark.rules("bsg:R435", "bsg:R260")
def test_no_skill_card_action_in_the_brig() -> None:
    state = at_action([("politics", "consolidate_power", 1)])
    seat = state["current"]
    state["players"][seat]["location"] = "brig"
    assert plays(state, seat) == []
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "play_skill", card=card_in_hand(state, "consolidate_power"), picks=["politics"] * 2)
    assert info.value.code == "abilities_blocked"


@pytest.mark.rules("bsg:R300", "bsg:R612")
def test_repair_fixes_the_damaged_location_or_two_vipers_on_the_hangar_deck() -> None:
    state = at_action([("engineering", "repair", 1)])
    seat = state["current"]
    card = card_in_hand(state, "repair")
    assert plays(state, seat, "repair") == []  # nothing to repair here
    token = "dmg_armory"
    state["decks"]["galactica_damage"].remove(token)
    state["damage"].append("armory")
    state["players"][seat]["location"] = "armory"
    assert plays(state, seat, "repair") == [{"card": card, "pick": "location"}]
    fixed = act(state, seat, "play_skill", card=card, pick="location")
    assert fixed["damage"] == [] and token in fixed["decks"]["galactica_damage"]
    state["damage"], state["players"][seat]["location"] = [], "hangar_deck"
    state["decks"]["galactica_damage"].append(token)
    state["damaged_vipers"], state["reserves"]["viper"] = 3, state["reserves"]["viper"] - 3
    fixed = act(state, seat, "play_skill", card=card, pick="vipers")
    assert fixed["damaged_vipers"] == 1 and fixed["reserves"]["viper"] == state["reserves"]["viper"] + 2


@pytest.mark.rules("bsg:R612")
def test_tyrol_repairs_two_more_vipers() -> None:
    tyrol_first = ["galen_tyrol", "laura_roslin", "william_adama", "kara_thrace", "gaius_baltar"]
    state = at_action([("engineering", "repair", 1)], tyrol_first)
    seat = state["current"]
    state["players"][seat]["location"] = "hangar_deck"
    state["damaged_vipers"], state["reserves"]["viper"] = 4, state["reserves"]["viper"] - 4
    state = act(state, seat, "play_skill", card=card_in_hand(state, "repair"), pick="vipers")
    assert state["damaged_vipers"] == 0


@pytest.mark.rules("bsg:R624", "bsg:R221")
def test_launch_scout_looks_at_the_top_card_or_loses_the_raptor() -> None:
    state = at_action([("tactics", "launch_scout", 1)])
    seat = state["current"]
    card = card_in_hand(state, "launch_scout")
    assert {"card": card, "pick": "destination"} in plays(state, seat)
    top = state["decks"]["crisis"][-1]
    won, events = seeded(state, seat, True, card=card, pick="crisis")
    look = next(e for e in events if e.kind == "deck_looked_at")
    assert (
        look.data["cards"] == [top] and look.visible_to == frozenset({seat}) and "cards" not in look.redacted
    )
    assert RULES.pending(won)[0].prompt == "arrange_cards"
    assert "cards" not in RULES.view(won, (seat + 1) % 5)["prompt"]
    bottom = act(won, seat, "arrange_cards", order=[])
    assert bottom["decks"]["crisis"][0] == top and bottom["decks"]["crisis"][-1] != top
    lost, _ = seeded(state, seat, False, card=card, pick="crisis")
    assert lost["reserves"]["raptor"] == state["reserves"]["raptor"] - 1 and lost["prompt"] is None


@pytest.mark.rules("bsg:R621", "bsg:R620")
def test_maximum_firepower_lets_a_pilot_attack_four_times() -> None:
    apollo = ["lee_adama", "william_adama", "laura_roslin", "gaius_baltar", "saul_tigh"]
    state = at_action([("piloting", "maximum_firepower", 3)], apollo)
    seat = state["current"]
    area = state["players"][seat]["viper"]
    card = card_in_hand(state, "maximum_firepower")
    state["space"][area]["raider"] += 4
    state["supply"]["raider"] -= 4
    state = act(state, seat, "play_skill", card=card)
    assert state["viper_acts"] == {"seat": seat, "left": 4, "mode": "own_attack"}
    assert {c.kind for c in RULES.legal_commands(state, seat)} == {"viper_attack", "viper_done"}


@pytest.mark.rules("bsg:R220", "bsg:R221")
def test_executive_order_gives_another_player_a_move_and_an_action() -> None:
    state = at_action([("leadership", "executive_order", 1)])
    seat = state["current"]
    card = card_in_hand(state, "executive_order")
    other = (seat + 1) % 5
    state, events = act_events(state, seat, "play_skill", card=card, target=other, pick="move")
    decision = RULES.pending(state)[0]
    assert decision.prompt == "ordered_movement" and decision.seats == {other}
    state = act(state, other, "move", location="research_lab")
    assert state["players"][other]["location"] == "research_lab" and state["step"] == "crisis"
    assert RULES.pending(state)[0].prompt == "ordered_action"
    state = act(state, other, "activate_location", pick="tactics")
    assert state["ordered"] is None and RULES.pending(state)[0].prompt == "draw_crisis"
    assert RULES.pending(state)[0].seats == {seat}


@pytest.mark.rules("bsg:R220")
def test_executive_order_for_two_actions() -> None:
    state = at_action([("leadership", "executive_order", 1)])
    seat = state["current"]
    other = (seat + 2) % 5
    state = act(
        state, seat, "play_skill", card=card_in_hand(state, "executive_order"), target=other, pick="actions"
    )
    assert RULES.pending(state)[0].prompt == "ordered_action"
    state = act(state, other, "pass_action")
    assert state["ordered"]["left"] == 1
    state = act(state, other, "pass_action")
    assert state["ordered"] is None and state["step"] == "crisis"


@pytest.mark.rules("bsg:R220", "bsg:R420")
def test_an_ordered_presidents_office_counts_as_one_action() -> None:
    lineup = ["william_adama", "laura_roslin", "kara_thrace", "gaius_baltar", "galen_tyrol"]
    state = at_action([("leadership", "executive_order", 1)], lineup)
    seat = state["current"]
    roslin = state["president"]
    assert roslin != seat
    state["players"][roslin]["location"] = "presidents_office"
    state["decks"]["quorum"].remove("food_rationing")
    state["players"][roslin]["quorum"].append("food_rationing")
    state = act(
        state, seat, "play_skill", card=card_in_hand(state, "executive_order"), target=roslin, pick="actions"
    )
    state = act(state, roslin, "activate_location")
    assert state["ordered"]["left"] == 1
    state = act(state, roslin, "bottom_quorum", card=state["prompt"]["cards"][0])
    state = act(state, roslin, "play_quorum", card="food_rationing")
    assert state["ordered"] == {"seat": roslin, "left": 1, "move": False}
    assert RULES.pending(state)[0].prompt == "ordered_action"


@pytest.mark.rules("bsg:R220")
def test_an_ordered_action_is_no_reveal() -> None:
    """RULINGS G34: a hidden Cylon given an Executive Order cannot reveal with it (the reveal ends one's own
    turn); on his own Action he could."""
    from games.bsg.engine import revealed

    state = at_action([("leadership", "executive_order", 1)])
    seat = state["current"]
    other = (seat + 2) % 5
    held = next(c for p in state["players"] for c in p["loyalty"] if c.startswith("cylon_"))
    owner = next(p for p in state["players"] if held in p["loyalty"])
    mine = state["players"][other]["loyalty"]
    if owner["seat"] != other:  # swap one of his cards for the Cylon card
        owner["loyalty"][owner["loyalty"].index(held)] = mine[0]
        mine[0] = held
    assert revealed.reveal_options(state, other)
    state = act(
        state, seat, "play_skill", card=card_in_hand(state, "executive_order"), target=other, pick="actions"
    )
    assert RULES.pending(state)[0].prompt == "ordered_action"
    assert not [
        c
        for c in RULES.legal_commands(state, other)
        if c.kind in ("reveal_loyalty", "activate_cylon_location")
    ]
    with pytest.raises(IllegalCommand) as refused:
        RULES.apply(state, Command(other, "reveal_loyalty", {"card": held}), Rng.from_seed(1))
    assert refused.value.code == "not_now"
