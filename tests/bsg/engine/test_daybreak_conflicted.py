"""Conflicted Loyalties at a Daybreak table (bsg:R124, R127, RULINGS G134): the Final Five and Personal Goal cards
a table chooses are shuffled into R124's Not-a-Cylon deck before its cards are counted out, so they count as
"You Are Not a Cylon" cards among the row's number; the Mutineer is added as the row says."""

from __future__ import annotations

from collections import Counter

import pytest

from games.bsg.engine import daybreak
from games.bsg.engine.state import CONTENT, card_id
from tests.bsg.engine.helpers import State, start_game

FOUR = ["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol"]
TABLE = {"daybreak": True, "exodus": True, "exodus_conflicted_loyalties": "both"}


def table(seed: int, decks: str = "both") -> State:
    return start_game(4, FOUR, seed, {**TABLE, "exodus_conflicted_loyalties": decks})


def every_loyalty_card(state: State) -> list[str]:
    d = state["decks"]
    return sorted(d["loyalty"] + d["loyalty_box"] + [c for p in state["players"] for c in p["loyalty"] + p["revealed"]])


@pytest.mark.rules("bsg:R124", "bsg:R127")
@pytest.mark.parametrize(("decks", "five", "goals"), [("both", 3, 4), ("final_five", 3, 0), ("personal_goals", 0, 4)])
def test_the_chosen_decks_join_the_daybreak_not_a_cylon_deck(decks: str, five: int, goals: int) -> None:
    state = table(1, decks)
    kinds = Counter(CONTENT.loyalty[card_id(c)].kind for c in every_loyalty_card(state))
    assert (kinds["final_five"], kinds["personal_goal"]) == (five, goals)
    assert every_loyalty_card(state) == sorted(c for side in daybreak.LOYALTY_SIDES
                                               for c in daybreak.table_loyalty(state, side))
    assert not any(CONTENT.loyalty[card_id(c)].side == "sympathizer" for c in every_loyalty_card(state))  # R124 A


@pytest.mark.rules("bsg:R124", "bsg:R127")
def test_they_are_counted_out_as_not_a_cylon_cards_of_the_row() -> None:
    dealt_kinds: Counter[str | None] = Counter()
    for seed in range(1, 13):
        state = table(seed)
        built = state["decks"]["loyalty"] + [c for p in state["players"] for c in p["loyalty"] + p["revealed"]]
        sides = Counter(CONTENT.loyalty[card_id(c)].side for c in built)
        # R124, 4 players: 1 Cylon, 7 Not a Cylon +1 with Exodus, the Mutineer included
        assert (sides["cylon"], sides["human"], sides["mutineer"]) == (1, 8, 1), seed
        dealt_kinds.update(CONTENT.loyalty[card_id(c)].kind for c in built)
    assert dealt_kinds["final_five"] > 0 and dealt_kinds["personal_goal"] > 0  # they are among the counted cards
