"""Executions at a Daybreak table (bsg:R450, R455, R456, R1010, R1023; RULINGS G130, G131): the executed
character's Miracle token, the executed Mutineer, Tom Zarek as a replacement. The games are set up with
Daybreak on through ``setup_game`` (daybreak_helpers); "Summary Justice" (Pegasus) calls the execution."""

from __future__ import annotations

import pytest

from games.bsg.engine import daybreak, executions
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import card_id
from tests.bsg.engine.daybreak_helpers import State, start_daybreak
from tests.bsg.engine.helpers import act, to_step
from tests.bsg.engine.test_executions import execute, pending_prompt
from tests.bsg.engine.test_loyalty import set_loyalty
from tests.bsg.engine.test_motives import ctx_of, leader_game

FOUR = ["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol"]


def at_crisis() -> tuple[State, int]:
    """The first player at his Crisis step, "Summary Justice" on top; the seat to execute (neither the current
    player nor the Admiral), a human holding one Not-a-Cylon card and no Mutineer."""
    state = to_step(start_daybreak(4, FOUR), "crisis")
    state["decks"]["crisis"].append("summary_justice")
    target = next(p["seat"] for p in state["players"] if p["seat"] not in (state["current"], state["admiral"]))
    for p in state["players"]:
        for c in [c for c in p["revealed"] if card_id(c) == daybreak.MUTINEER]:
            p["revealed"].remove(c)
            state["decks"]["loyalty_box"].append(c)
    set_loyalty(state, target, "not_a_cylon")
    state["players"][target]["mutiny"] = []
    return state, target


def make_mutineer(state: State, seat: int) -> str:
    card = next(c for pile in (state["decks"]["loyalty"], state["decks"]["loyalty_box"]) for c in pile
                if card_id(c) == daybreak.MUTINEER)
    for pile in (state["decks"]["loyalty"], state["decks"]["loyalty_box"]):
        if card in pile:
            pile.remove(card)
    state["players"][seat]["revealed"].append(card)
    return card


@pytest.mark.rules("bsg:R450", "bsg:R1010")
def test_an_executed_characters_miracle_token_is_discarded_and_the_replacement_starts_without_one() -> None:
    state, target = at_crisis()
    assert state["players"][target]["miracles"] == 1
    state = execute(state, target)
    assert state["players"][target]["miracles"] == 0
    assert pending_prompt(state) == "choose_new_character"
    state = act(state, target, "choose_new_character", character="saul_tigh")
    p = state["players"][target]
    assert p["character"] == "saul_tigh" and p["miracles"] == 0
    assert not daybreak.once_available(state, target)


@pytest.mark.rules("bsg:R455", "bsg:R452")
@pytest.mark.scenarios("bsg:AS-74")
def test_an_executed_mutineer_with_only_not_a_cylon_cards_keeps_the_mutineer_face_up() -> None:
    state, target = at_crisis()
    card = make_mutineer(state, target)
    assert daybreak.is_mutineer(state, target)
    state = execute(state, target)
    p = state["players"][target]
    assert p["revealed"] == [card] and card not in state["decks"]["loyalty_discard"]
    state = act(state, target, "choose_new_character", character="saul_tigh")
    p = state["players"][target]
    assert p["revealed"] == [card] and daybreak.is_mutineer(state, target)
    assert len(p["loyalty"]) == 1  # R452 E only: the Mutineer is not received anew (RULINGS G130)


@pytest.mark.rules("bsg:R455", "bsg:R1028")
def test_an_executed_mutineer_who_reveals_a_cylon_card_gives_the_mutineer_to_a_human() -> None:
    state, target = at_crisis()
    set_loyalty(state, target, "cylon_reduce_morale")
    make_mutineer(state, target)
    state = execute(state, target)
    assert state["players"][target]["cylon"]
    assert pending_prompt(state) == "pass_mutineer_card"


@pytest.mark.rules("bsg:R456", "bsg:R1023")
@pytest.mark.parametrize("character", ["tom_zarek", "tom_zarek_alt"])
def test_tom_zarek_as_a_replacement_draws_a_mutiny_card(character: str) -> None:
    state, target = at_crisis()
    for p in state["players"]:
        assert daybreak.version_root(p["character"]) != "tom_zarek"
    state = execute(state, target)
    deck = len(state["decks"]["mutiny"])
    state = act(state, target, "choose_new_character", character=character)
    assert len(state["players"][target]["mutiny"]) == 1 and len(state["decks"]["mutiny"]) == deck - 1


@pytest.mark.rules("bsg:R456")
def test_another_replacement_draws_no_mutiny_card() -> None:
    state, target = at_crisis()
    state = execute(state, target)
    state = act(state, target, "choose_new_character", character="saul_tigh")
    assert state["players"][target]["mutiny"] == []


@pytest.mark.rules("bsg:R450", "bsg:R1020")
def test_an_executed_human_discards_his_mutiny_cards() -> None:
    """R450 step 1 (L291 "scarta anche la sua carta Ammutinamento"): the executed character's Mutiny cards go
    to their face-up discard pile, and his new character starts with none."""
    state, target = at_crisis()
    cards = [state["decks"]["mutiny"].pop()]
    state["players"][target]["mutiny"] = list(cards)
    discard = list(state["decks"]["mutiny_discard"])
    state = execute(state, target)
    assert state["players"][target]["mutiny"] == []
    assert state["decks"]["mutiny_discard"] == discard + cards
    state = act(state, target, "choose_new_character", character="saul_tigh")
    assert state["players"][target]["mutiny"] == []


@pytest.mark.rules("bsg:R450", "bsg:R802", "bsg:R803")
def test_an_executed_infiltrated_leader_discards_his_miracle_token_and_mutiny_cards() -> None:
    """R450 step 1 holds for every executed character: an infiltrated Leader sent back by an execution (RULINGS
    G61) loses his Miracle token too, unlike one who returns of his own will (R803h keeps it)."""
    state, leader, _ = leader_game()
    p = state["players"][leader]
    p["cylon"], p["location"], p["miracles"] = False, "command", 1
    card = state["decks"]["mutiny"].pop()
    p["mutiny"] = [card]
    ctx = ctx_of(state)
    executions.execute(ctx, leader, same_turn=False)
    p = ctx.state["players"][leader]
    assert p["cylon"] and p["location"] == "resurrection_ship"
    assert p["miracles"] == 0 and p["mutiny"] == [] and card in ctx.state["decks"]["mutiny_discard"]


@pytest.mark.rules("bsg:R803", "bsg:R313", "bsg:R319")
def test_a_leader_returning_after_the_cylon_locations_fall_goes_to_hub_destroyed() -> None:
    """R803h with R313: Hub Destroyed replaces the Resurrection Ship in every effect, the Leader's return (of
    his own will or by an execution) too."""
    state, leader, _ = leader_game()
    state["daybreak"]["destroyed"].append("cylon_locations")
    p = state["players"][leader]
    p["cylon"], p["location"] = False, "command"
    ctx = ctx_of(state)
    executions.execute(ctx, leader, same_turn=False)
    assert ctx.state["players"][leader]["location"] == daybreak.HUB_DESTROYED


@pytest.mark.rules("bsg:R452", "bsg:R1001")
def test_an_executed_humans_new_character_is_never_another_version_of_one_in_play() -> None:
    """R452 D with R1001: only one version of each character may be in play, so the alternate Tom Zarek is no
    replacement while the original plays."""
    state = to_step(start_daybreak(4, ["william_adama", "tom_zarek", "kara_thrace", "galen_tyrol"]), "crisis")
    state["decks"]["crisis"].append("summary_justice")
    target = next(p["seat"] for p in state["players"] if p["seat"] not in (state["current"], state["admiral"])
                  and p["character"] != "tom_zarek")
    for p in state["players"]:
        for c in [c for c in p["revealed"] if card_id(c) == daybreak.MUTINEER]:
            p["revealed"].remove(c)
            state["decks"]["loyalty_box"].append(c)
    set_loyalty(state, target, "not_a_cylon")
    state = execute(state, target)
    offered = {c.args["character"] for c in RULES.legal_commands(state, target)}
    assert "lee_adama_alt" in offered and "tom_zarek_alt" not in offered
