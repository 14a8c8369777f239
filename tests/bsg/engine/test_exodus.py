"""The Exodus cards used by every Exodus table (bsg:R122 and the Exodus decks): the loyalty deck, the
characters, the crises, Quorum cards and Destinations of the ``exodus`` set."""

from __future__ import annotations

from collections import Counter

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import setup_game
from games.bsg.engine.state import CONTENT, card_id
from games.engine.core import Command, Rng
from tests.bsg.engine.helpers import all_loyalty, choose_all, exodus_game

EXODUS = ("base", "exodus")


@pytest.mark.rules("bsg:R122", "bsg:R106")
@pytest.mark.parametrize(("players", "cylon", "human", "sympathizer"),
                         [(3, 1, 6, False), (4, 1, 7, True), (5, 2, 9, False), (6, 2, 10, True)])
def test_the_exodus_loyalty_deck_holds_one_card_more(players: int, cylon: int, human: int, sympathizer: bool) -> None:
    chars = ["laura_roslin", "william_adama", "kara_thrace", "tom_zarek", "saul_tigh", "galen_tyrol"][:players]
    state = exodus_game(players, chars)
    dealt = [c for p in state["players"] for c in p["loyalty"]]
    assert [len(p["loyalty"]) for p in state["players"]] == [1] * players
    built = dealt + state["decks"]["loyalty"]
    sides = Counter(CONTENT.loyalty[card_id(c)].side for c in built)
    assert (sides["cylon"], sides["human"], sides["sympathizer"]) == (cylon, human, int(sympathizer))
    assert sorted(all_loyalty(state)) == sorted(
        f"{c}.{k}" for side in ("cylon", "human", "sympathizer") for k, c in enumerate(CONTENT.loyalty_cards(side, EXODUS)))


@pytest.mark.rules("bsg:R122")
def test_baltar_and_boomer_add_a_card_each_and_baltar_takes_two() -> None:
    state = exodus_game(3, ["gaius_baltar", "sharon_valerii", "william_adama"])
    by_char = {p["character"]: p for p in state["players"]}
    assert len(by_char["gaius_baltar"]["loyalty"]) == 2
    built = [c for p in state["players"] for c in p["loyalty"]] + state["decks"]["loyalty"]
    assert len(built) == 1 + 6 + 2


@pytest.mark.rules("bsg:R122")
def test_the_exodus_cylon_and_not_a_cylon_cards_are_shuffled_in() -> None:
    """Step 1: the base and Exodus cards make one Cylon pile and one Not-a-Cylon pile: over several deals the
    Exodus cards turn up."""
    six = ["laura_roslin", "william_adama", "kara_thrace", "tom_zarek", "saul_tigh", "galen_tyrol"]
    opts = {**{o["name"]: o["default"] for o in RULES.option_schema()}, "exodus": True}
    state = choose_all(setup_game(6, opts, Rng.from_seed(1)).state, six[:5])
    seen: set[str] = set()
    for seed in range(1, 15):  # the deal is made as the last character is chosen
        out = RULES.apply(state, Command(state["chooser"], "choose_character", {"character": six[5]}),
                          Rng.from_seed(seed)).state
        seen |= {card_id(c) for c in [*out["decks"]["loyalty"], *[c for p in out["players"] for c in p["loyalty"]]]}
    assert {"cylon_fleet_sabotage", "cylon_fuel_leak", "not_a_cylon_exodus"} <= seen
