"""Die cards readied ahead (bsg:R221, R610, RULINGS G39): Strategic Planning adds 2 to the next roll made for
the humans, Evasive Maneuvers rerolls the next raider attack that hits a viper; readying is no decision and
any seat may send it."""

from __future__ import annotations

import pytest

from games.bsg.engine.rules import RULES
from games.engine.core import Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, State, act, place_only, skill_card, start_game, to_step


def at_weapons_control() -> State:
    state = place_only(to_step(start_game(5, BASE_5), "action"), fore={"raider": 1})
    state["players"][state["current"]]["location"] = "weapons_control"
    return state


@pytest.mark.rules("bsg:R221", "bsg:R610")
def test_strategic_planning_readied_by_another_seat_adds_two_to_the_next_human_roll() -> None:
    state = at_weapons_control()
    other = (state["current"] + 2) % 5
    card = skill_card(state, "tactics", 3)
    state["players"][other]["hand"].append(card)
    assert {"kind": "ready_card", "card": card} in RULES.view(state, other)["players"][other]["interrupts"]
    assert RULES.legal_commands(state, other) == []  # no decision of his: readying is an interrupt
    state = act(state, other, "ready_card", card=card)
    assert state["readied"] == [{"seat": other, "card": card}] and card not in state["players"][other]["hand"]
    for seed in range(1, 300):
        out = RULES.apply(
            state,
            Command(state["current"], "activate_location", {"area": "fore", "pick": "raider"}),
            Rng.from_seed(seed),
        )
        modified = [e for e in out.events if e.kind == "roll_modified"]
        rolled = next(e for e in out.events if e.kind == "attack_rolled")
        if modified and modified[0].data["roll"] == 1:
            assert modified[0].data["result"] == 3 and rolled.data["result"] == "destroyed"
            assert out.state["readied"] == [] and card in out.state["decks"]["skill_discard"]["tactics"]
            break
    else:
        raise AssertionError("no seed rolls a 1")


@pytest.mark.rules("bsg:R221", "bsg:R435")
def test_no_die_card_is_readied_from_the_brig() -> None:
    state = at_weapons_control()
    other = (state["current"] + 1) % 5
    card = skill_card(state, "piloting", 1)
    state["players"][other]["hand"].append(card)
    state["players"][other]["location"] = "brig"
    offered = RULES.view(state, other)["players"][other]["interrupts"]
    assert [i for i in offered if i["kind"] != "check_standing"] == []  # passing checks ahead stays (G43)
    with pytest.raises(IllegalCommand) as info:
        act(state, other, "ready_card", card=card)
    assert (info.value.code, info.value.rule) == ("card_cannot_be_readied", "bsg:R221")


@pytest.mark.rules("bsg:R221", "bsg:R604")
def test_evasive_maneuvers_rerolls_a_raider_hit_on_a_viper() -> None:
    state = place_only(to_step(start_game(5, BASE_5), "crisis"), fore={"raider": 1, "viper": 1})
    state["decks"]["crisis"].append("water_sabotaged")
    state = act(state, state["current"], "draw_crisis")
    other = (state["current"] + 1) % 5
    card = skill_card(state, "piloting", 1)
    state["players"][other]["hand"].append(card)
    state = act(state, other, "ready_card", card=card)
    state = act(state, state["current"], "activate_cylons")
    for seed in range(1, 300):
        out = RULES.apply(
            state, Command(state["current"], "activate_area", {"area": "fore"}), Rng.from_seed(seed)
        )
        modified = [e for e in out.events if e.kind == "roll_modified"]
        if modified:
            rolled = next(e for e in out.events if e.kind == "attack_rolled")
            assert modified[0].data["roll"] >= 5 and rolled.data["roll"] == modified[0].data["result"]
            assert out.state["readied"] == []
            break
    else:
        raise AssertionError("no seed makes the raider hit")


@pytest.mark.rules("bsg:R221", "bsg:R610")
def test_zarek_has_this_turns_next_failing_human_roll_rolled_again_once() -> None:
    zarek = ["tom_zarek", "william_adama", "kara_thrace", "laura_roslin", "galen_tyrol"]
    state = place_only(to_step(start_game(5, zarek), "action"), fore={"raider": 2})
    state["players"][state["current"]]["location"] = "weapons_control"
    seat = state["current"]
    assert state["players"][seat]["character"] == "tom_zarek"
    assert {"kind": "arm_reroll"} in RULES.view(state, seat)["players"][seat]["interrupts"]
    state = act(state, seat, "arm_reroll")
    assert state["armed"] == {"seat": seat, "turn": state["turn_no"]}
    for seed in range(1, 300):
        out = RULES.apply(
            state,
            Command(state["current"], "activate_location", {"area": "fore", "pick": "raider"}),
            Rng.from_seed(seed),
        )
        rerolled = [e for e in out.events if e.kind == "roll_rerolled"]
        if rerolled:
            rolled = next(e for e in out.events if e.kind == "attack_rolled")
            assert rerolled[0].data["roll"] <= 2 and rolled.data["roll"] == rerolled[0].data["result"]
            after = out.state
            assert (
                after["armed"] is None
                and {"kind": "arm_reroll"} not in RULES.view(after, seat)["players"][seat]["interrupts"]
            )
            break
    else:
        raise AssertionError("no seed misses first")
