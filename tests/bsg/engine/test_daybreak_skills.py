"""Daybreak's Skill cards with a skill check ability (bsg:R505, R145, A8, A13): three of each colour join the
decks of a Daybreak table; revealed in a skill check, each kind's ability resolves once, whatever colour the
card counted as, before the check's result."""

from __future__ import annotations

import pytest

from games.bsg.engine.content import SKILLS
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, card_id
from games.engine.core import Rng
from tests.bsg.engine.daybreak_helpers import State, start_daybreak
from tests.bsg.engine.helpers import act, to_step

FOUR = ["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol"]


def take(state: State, name: str, strength: int = 1) -> str:
    """A physical card of that name out of wherever it is."""
    d = state["decks"]
    piles = [*d["skill"].values(), *d["skill_discard"].values(), d["destiny"], *[p["hand"] for p in state["players"]]]
    for pile in piles:
        for card in pile:
            if card_id(card) == name and int(card.split(".")[1]) == strength:
                pile.remove(card)
                return card
    raise AssertionError(name)


def check_with(destiny: list[tuple[str, int]], damaged: int = 0) -> tuple[State, State]:
    """(before, after) a Tylium Refinery Fire check whose two Destiny cards are ``destiny`` and to which nobody
    adds a card; ``damaged`` vipers wait in the Damaged Vipers box."""
    state = to_step(start_daybreak(4, FOUR), "crisis")
    state["reserves"]["viper"] -= damaged
    state["damaged_vipers"] += damaged
    for p in state["players"]:
        p["revealed"], p["mutiny"] = [], []
    cards = [take(state, name, strength) for name, strength in destiny]
    state["decks"]["destiny"] += cards
    state["decks"]["crisis"].append("tylium_refinery_fire")
    before = act(state, state["current"], "draw_crisis")
    after = before
    while RULES.pending(after)[0].prompt == "contribute_to_check":
        seat = next(iter(RULES.pending(after)[0].seats))
        after = act(after, seat, "finish_contributing")
    command = RULES.auto_command(after)
    assert command is not None
    return before, RULES.apply(after, command, Rng.from_seed(3)).state


@pytest.mark.rules("bsg:R145", "bsg:R505")
def test_daybreak_adds_three_cards_with_a_skill_check_ability_to_each_colour() -> None:
    state = start_daybreak(4, FOUR)
    d = state["decks"]
    for skill in SKILLS:
        day = [c for c, _ in CONTENT.skill_deck(skill, ("daybreak",)) if CONTENT.skill_cards[c].timing == "sca"]
        assert len(day) == 3
        others = len(CONTENT.skill_deck(skill, ("daybreak",))) - 3  # Restore Order's 2 Leadership cards (G144)
        assert others == (2 if skill == "leadership" else 0)
        everywhere = d["skill"][skill] + d["skill_discard"][skill] + d["destiny"] + [
            c for p in state["players"] for c in p["hand"]]
        assert sum(1 for c in everywhere if CONTENT.skill_cards[card_id(c)].skill == skill) == 24 + others
    assert len({c for pile in d["skill"].values() for c in pile}) == sum(len(p) for p in d["skill"].values())


@pytest.mark.rules("bsg:R505", "bsg:R506")
def test_each_kind_of_ability_resolves_once_whatever_its_colour_counted() -> None:
    # two Inspiring Words (leadership, negative in an engineering and tactics check): +1 morale, once
    before, after = check_with([("inspiring_words", 1), ("inspiring_words", 2)])
    assert after["resources"]["morale"] == before["resources"]["morale"] + 1
    assert after["resources"]["fuel"] == before["resources"]["fuel"] - 3  # failed, and the Consequence
    # two different kinds: both resolve (the morale, and a damaged viper back to the Reserves)
    before, after = check_with([("inspiring_words", 1), ("jury_rig", 1)], damaged=1)
    assert after["resources"]["morale"] == before["resources"]["morale"] + 1
    assert after["damaged_vipers"] == 0 and after["reserves"]["viper"] == before["reserves"]["viper"] + 1


@pytest.mark.rules("bsg:R505", "bsg:R1020")
def test_a_whisper_campaign_in_a_check_hands_the_current_player_a_mutiny_card() -> None:
    before, after = check_with([("whisper_campaign", 1), ("hard_landing", 1)])
    current = after["current"]
    assert len(after["players"][current]["mutiny"]) == 1
    assert after["damaged_vipers"] == before["damaged_vipers"] + 1  # Hard Landing: 1 viper in the Reserves


@pytest.mark.rules("bsg:R505")
@pytest.mark.scenarios("bsg:AS-34")
def test_two_identical_abilities_and_a_different_one_resolve_twice_in_all() -> None:
    """AS-34: two Inspiring Words and a Jury-Rig in one check: two resolutions (the order is fixed, G107)."""
    state = to_step(start_daybreak(4, FOUR), "crisis")
    for p in state["players"]:
        p["revealed"], p["mutiny"] = [], []
    state["decks"]["destiny"] += [take(state, "inspiring_words", 1), take(state, "inspiring_words", 2)]
    state["decks"]["crisis"].append("tylium_refinery_fire")
    state = act(state, state["current"], "draw_crisis")
    first = next(iter(RULES.pending(state)[0].seats))
    card = take(state, "jury_rig", 1)
    state["players"][first]["hand"].append(card)
    state = act(state, first, "contribute", card=card)
    while RULES.pending(state)[0].prompt == "contribute_to_check":
        seat = next(iter(RULES.pending(state)[0].seats))
        state = act(state, seat, "finish_contributing")
    command = RULES.auto_command(state)
    assert command is not None
    out = RULES.apply(state, command, Rng.from_seed(3))
    resolved = [e.data["card"] for e in out.events if e.kind == "skill_check_ability"]
    assert resolved == ["inspiring_words", "jury_rig"]
