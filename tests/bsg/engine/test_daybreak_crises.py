"""Daybreak's Crisis cards (bsg:R145, R506, R1020, R1010): 20 cards of the daybreak set join the Crisis deck of a
Daybreak table; their Consequences apply whatever the outcome (R506), and some hand out Mutiny cards or
Miracle tokens."""

from __future__ import annotations

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT
from games.engine.core import Rng
from tests.bsg.engine.daybreak_helpers import State, start_daybreak
from tests.bsg.engine.helpers import act, skill_card, to_step

FOUR = ["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol"]


def failed_check(card: str) -> State:
    """The current player draws ``card``; two piloting Destiny cards (negative here), nobody contributes."""
    state = to_step(start_daybreak(4, FOUR), "crisis")
    for p in state["players"]:  # nobody is the Mutineer: no Brig from a second Mutiny card
        p["revealed"], p["mutiny"] = [], []
    state["decks"]["destiny"] += [skill_card(state, "piloting", 1), skill_card(state, "piloting", 1)]
    state["decks"]["crisis"].append(card)
    state = act(state, state["current"], "draw_crisis")
    while RULES.pending(state)[0].prompt == "contribute_to_check":
        seat = next(iter(RULES.pending(state)[0].seats))
        state = act(state, seat, "finish_contributing")
    command = RULES.auto_command(state)
    assert command is not None
    state = RULES.apply(state, command, Rng.from_seed(3)).state
    return state


@pytest.mark.rules("bsg:R145", "bsg:R506")
def test_twenty_daybreak_crises_with_consequences_join_the_deck() -> None:
    day = [CONTENT.crises[c] for c in CONTENT.crisis_deck(("daybreak",))]
    assert len(day) == 20 and sum(c.type == "cylon_attack" for c in day) == 3
    assert sum(1 for c in day if c.check is not None and c.check.consequence) >= 5
    state = start_daybreak(4, FOUR)
    assert len(state["decks"]["crisis"]) == 90


@pytest.mark.rules("bsg:R506")
def test_a_daybreak_consequence_applies_on_top_of_the_failure() -> None:
    fuel = start_daybreak(4, FOUR)["resources"]["fuel"]
    state = failed_check("tylium_refinery_fire")
    assert state["resources"]["fuel"] == fuel - 3  # -2 for the failure, -1 for the Consequence


@pytest.mark.rules("bsg:R1020", "bsg:R506")
def test_dissent_in_the_ranks_hands_the_current_player_a_mutiny_card() -> None:
    state = failed_check("dissent_in_the_ranks")
    current = state["current"]
    assert len(state["players"][current]["mutiny"]) == 1
    assert RULES.pending(state)[0].prompt == "discard_skill_cards"  # the Consequence, his own pick
