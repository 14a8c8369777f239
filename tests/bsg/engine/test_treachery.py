"""The Treachery deck (bsg:R140, R801, R109; RULINGS A34, G55): the sixth Skill deck of a Pegasus table, 2 of
its cards in a 12-card Destiny deck (AS-14), always negative in a skill check, its text for revealed Cylons
only (AS-80's refusal of a Treachery card's text to a human)."""

from __future__ import annotations

import pytest

from games.bsg.engine.content import SKILLS
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, card_id, skill_of, strength_of
from games.engine.core import AUTO_SEAT, Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, PEGASUS, State, act, start_game, to_step

TREACHERY_CARDS = {c.id for c in CONTENT.skill_cards.values() if c.skill == "treachery" and c.set == "pegasus"}


def treachery(state: State, strength: int | None = None) -> str:
    pile = state["decks"]["skill"]["treachery"]
    card = next(c for c in reversed(pile) if strength is None or strength_of(c) == strength)
    pile.remove(card)
    return card


@pytest.mark.rules("bsg:R140", "bsg:R801", "bsg:R109")
@pytest.mark.scenarios("bsg:AS-14")
def test_a_pegasus_table_has_a_treachery_deck_and_two_of_its_cards_in_a_twelve_card_destiny_deck() -> None:
    state = start_game(5, BASE_5, options=PEGASUS)
    deck = state["decks"]["skill"]["treachery"] + state["decks"]["destiny"]
    assert sum(1 for c in deck if skill_of(c) == "treachery") == 21
    assert {card_id(c) for c in deck if skill_of(c) == "treachery"} == TREACHERY_CARDS
    assert len(state["decks"]["destiny"]) == 12
    assert sum(1 for c in state["decks"]["destiny"] if skill_of(c) == "treachery") == 2
    base = start_game(5, BASE_5)
    assert "treachery" not in base["decks"]["skill"] and len(base["decks"]["destiny"]) == 10
    # nobody's starting hand holds one: humans draw from their five colours only (G55)
    assert not any(skill_of(c) == "treachery" for p in state["players"] for c in p["hand"])


@pytest.mark.rules("bsg:R801", "bsg:R502")
def test_a_treachery_card_always_counts_against_the_check() -> None:
    state = to_step(start_game(5, BASE_5, options=PEGASUS), "action")
    me = state["current"]
    state["players"][me]["location"] = "engine_room"
    state = act(state, me, "activate_location")
    card = treachery(state, 3)
    state["players"][me]["hand"].append(card)
    state["check"]["destiny"] = []
    while RULES.auto_command(state) is None:
        seat = RULES.pending(state)[0].seats
        (waiting,) = seat
        if waiting == me and card in state["players"][me]["hand"]:
            state = act(state, me, "contribute", card=card)
        else:
            state = act(state, waiting, "finish_contributing")
    out = RULES.apply(state, Command(AUTO_SEAT, "reveal_check", {}), Rng.from_seed(1))
    revealed = next(e.data for e in out.events if e.kind == "check_revealed")
    assert revealed["positive"] == 0 and revealed["negative"] == 3 and revealed["total"] == -3


@pytest.mark.rules("bsg:R801", "bsg:R220")
@pytest.mark.scenarios("bsg:AS-80")
def test_a_human_cannot_use_a_treachery_cards_text() -> None:  # AS-80
    state = to_step(start_game(5, BASE_5, options=PEGASUS), "action")
    me = state["current"]
    card = treachery(state)
    state["players"][me]["hand"] = [card]
    assert not [c for c in RULES.legal_commands(state, me) if c.kind == "play_skill"]
    with pytest.raises(IllegalCommand) as refused:
        act(state, me, "play_skill", card=card)
    assert refused.value.code == "treachery_not_for_humans"


@pytest.mark.rules("bsg:R801", "bsg:R261", "bsg:R263")
def test_a_revealed_cylon_draws_and_plays_treachery_as_his_action() -> None:
    state = to_step(start_game(5, BASE_5, options=PEGASUS), "receive")
    me = state["current"]
    state["players"][me]["cylon"] = True
    state["players"][me]["location"] = "resurrection_ship"
    picks = {tuple(c.args["picks"]) for c in RULES.legal_commands(state, me)}
    assert ("politics", "treachery") in picks  # RULINGS A34
    assert all(len(set(pick)) == 2 for pick in picks) and ("treachery", "treachery") not in picks  # R261
    state = act(state, me, "receive_skills", picks=["politics", "tactics"])
    state = act(state, me, "stay")
    sabotage = next(c for c in state["decks"]["skill"]["treachery"] if card_id(c) == "sabotage")
    vices = next(c for c in state["decks"]["skill"]["treachery"] if card_id(c) == "personal_vices")
    for card in (sabotage, vices):
        state["decks"]["skill"]["treachery"].remove(card)
    state["players"][me]["hand"] = [sabotage, vices] + [c for c in state["players"][me]["hand"]
                                                          if skill_of(c) in SKILLS]
    playable = {card_id(c.args["card"]) for c in RULES.legal_commands(state, me) if c.kind == "play_skill"}
    assert playable == {"sabotage", "personal_vices"}  # his colour cards have no text for him (R260)
    pile = len(state["decks"]["galactica_damage"])
    after = act(state, me, "play_skill", card=sabotage)
    assert len(after["decks"]["galactica_damage"]) == pile - 1 and sabotage in after["decks"]["skill_discard"][
        "treachery"]
    assert after["current"] != me  # a revealed Cylon's turn ends after his action (R232)
    after = act(state, me, "play_skill", card=vices)
    humans = [p["seat"] for p in after["players"] if not p["cylon"] and p["hand"]]
    assert after["forced"] == {str(s): 1 for s in humans} and humans


@pytest.mark.rules("bsg:R261", "bsg:R140")
def test_a_revealed_cylon_at_a_pegasus_table_draws_from_two_different_decks() -> None:
    """R261 (L167 "con Pegasus e/o Exodus è possibile pescare carte solo da mazzi abilità differenti"): two
    cards of one deck are refused; without Pegasus or Exodus they are not."""
    state = to_step(start_game(5, BASE_5, options=PEGASUS), "receive")
    me = state["current"]
    state["players"][me]["cylon"] = True
    state["players"][me]["location"] = "resurrection_ship"
    picks = [tuple(c.args["picks"]) for c in RULES.legal_commands(state, me)]
    assert len(picks) == 15 and ("politics", "politics") not in picks  # 2 of the 6 decks, never twice one
    with pytest.raises(IllegalCommand) as refused:
        act(state, me, "receive_skills", picks=["politics", "politics"])
    assert refused.value.code == "bad_skill_picks"
    base = to_step(start_game(5, BASE_5), "receive")
    me = base["current"]
    base["players"][me]["cylon"] = True
    base["players"][me]["location"] = "resurrection_ship"
    assert ["politics", "politics"] in [c.args["picks"] for c in RULES.legal_commands(base, me)]
