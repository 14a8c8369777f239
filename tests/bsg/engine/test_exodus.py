"""The Exodus cards used by every Exodus table (bsg:R122 and the Exodus decks): the loyalty deck, the
characters, the crises, Quorum cards and Destinations of the ``exodus`` set."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import available_characters, setup_game
from games.bsg.engine.state import CONTENT, card_id
from games.bsg.engine.turns import move_targets, receive_choices
from games.engine.core import Command, Rng
from tests.bsg.engine.helpers import act, all_loyalty, choose_all, exodus_game, new_game, to_step

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


SIX = ["felix_gaeta", "tory_foster", "samuel_anders", "callandra_tyrol", "laura_roslin", "kara_thrace"]


def seat_of(state: dict[str, Any], character: str) -> int:
    return next(p["seat"] for p in state["players"] if p["character"] == character)


@pytest.mark.rules("bsg:R104", "bsg:R160")
def test_the_exodus_characters_are_chosen_only_with_the_exodus_cards() -> None:
    exodus = {c.id for c in CONTENT.characters.values() if c.set == "exodus"}
    assert exodus == {"felix_gaeta", "tory_foster", "samuel_anders", "callandra_tyrol"}
    opts = {**{o["name"]: o["default"] for o in RULES.option_schema()}, "exodus": True}
    with_cards = setup_game(5, opts, Rng.from_seed(1)).state
    assert exodus <= set(available_characters(with_cards))
    assert not exodus & set(available_characters(new_game(5)))
    # R104 counts them: after Gaeta (military), the types with most left are political and pilot (4 each)
    state = act(with_cards, with_cards["chooser"], "choose_character", character="felix_gaeta")
    assert {CONTENT.characters[c].type for c in available_characters(state)} == {"political", "pilot", "support"}
    state = exodus_game(6, SIX)
    assert [p["character"] for p in state["players"]] == [SIX[(i - state["first"]) % 6] for i in range(6)]
    assert state["president"] == seat_of(state, "laura_roslin") and state["admiral"] == seat_of(state, "felix_gaeta")


@pytest.mark.rules("bsg:R301", "bsg:R201")
def test_gaeta_activates_one_more_viper_from_command_and_tory_draws_one_of_any_type() -> None:
    state = exodus_game(6, SIX)
    gaeta, tory = seat_of(state, "felix_gaeta"), seat_of(state, "tory_foster")
    state["current"] = gaeta
    state = to_step(state, "action")
    assert state["players"][gaeta]["location"] == "command"
    state = act(state, gaeta, "activate_location")
    assert state["viper_acts"] == {"seat": gaeta, "left": 3, "mode": "unpiloted"}
    # Tory: 4 cards of her sheet and 1 of any type (5 choices)
    assert sorted(len(p) for p in receive_choices(state, tory)) == [1] * 5


@pytest.mark.rules("bsg:R220", "bsg:R302")
def test_anders_activates_his_viper_after_launching_and_rallies_the_pilots_once() -> None:
    state = exodus_game(6, SIX)
    anders = seat_of(state, "samuel_anders")
    state["current"] = anders
    state = to_step(state, "action")
    launch = next(a.id for a in CONTENT.board.space_areas if a.launch)
    out = act(state, anders, "activate_location", area=launch)
    assert out["players"][anders]["viper"] == launch
    assert out["viper_acts"] == {"seat": anders, "left": 1, "mode": "own"}
    assert {"kind": "use_ability", "args": {}} in [{"kind": c.kind, "args": c.args}
                                                    for c in RULES.legal_commands(state, anders)]
    used = act(state, anders, "use_ability")
    assert used["viper_acts"] == {"seat": anders, "left": 4, "mode": "unpiloted"} and anders in used["once_used"]


@pytest.mark.rules("bsg:R220", "bsg:R210")
def test_cally_punches_someone_to_sickbay_and_never_leaves_galactica() -> None:
    state = exodus_game(6, SIX)
    cally, roslin = seat_of(state, "callandra_tyrol"), seat_of(state, "laura_roslin")
    state["current"] = cally
    state = to_step(state, "move")
    ships = {CONTENT.locations[loc].ship for loc, _ in move_targets(state, cally)}
    assert ships == {"galactica"}
    state = to_step(state, "action")
    state = act(state, cally, "use_ability", target=roslin)
    assert state["players"][roslin]["location"] == "sickbay"


@pytest.mark.rules("bsg:R220", "bsg:R401")
def test_gaeta_arranges_destinations_and_tory_looks_at_one_loyalty_card() -> None:
    state = exodus_game(6, SIX)
    gaeta, tory, kara = seat_of(state, "felix_gaeta"), seat_of(state, "tory_foster"), seat_of(state, "kara_thrace")
    state["current"] = gaeta
    state = to_step(state, "action")
    top = list(state["decks"]["destination"][-4:])
    looked = act(state, gaeta, "use_ability")
    assert looked["prompt"]["kind"] == "arrange" and sorted(looked["prompt"]["cards"]) == sorted(top)
    state["current"] = tory
    state["step"] = "action"
    state = act(state, tory, "use_ability", target=kara)
    assert len(state["known"][str(tory)]) == 1
    assert set(state["known"][str(tory)]) <= set(state["players"][kara]["loyalty"])


@pytest.mark.rules("bsg:R107", "bsg:R919")
def test_the_exodus_decks() -> None:
    """The Exodus cards join every deck of an Exodus table (RULINGS G83); with the Cylon Fleet too, the "CAG
    chooses" cards replace the Cylon attacks."""
    state = exodus_game(6, SIX)
    d = state["decks"]
    every = {name: d[name] + d[f"{name}_discard"] for name in ("crisis", "super_crisis", "quorum", "destination")}
    every["crisis"] += [state["crisis"]] if state["crisis"] else []
    every["quorum"] += [c for p in state["players"] for c in p["quorum"]]
    every["super_crisis"] += [c for p in state["players"] for c in p["super_crisis"]]
    assert {k: len(v) for k, v in every.items()} == {"crisis": 80, "super_crisis": 6, "quorum": 24, "destination": 27}
    sets = {name: {CONTENT.lookup(c).set for c in cards} for name, cards in every.items()}
    assert all(s == {"base", "exodus"} for s in sets.values())
    both = exodus_game(6, SIX, exodus_cylon_fleet=True)
    deck = both["decks"]["crisis"] + ([both["crisis"]] if both["crisis"] else [])
    assert len(deck) == 80 and not [c for c in deck if CONTENT.crises[c].type == "cylon_attack"]
    assert {CONTENT.crises[c].module for c in deck} == {None, "cylon_fleet"}


@pytest.mark.rules("bsg:R230", "bsg:R704")
def test_an_exodus_crisis_and_destination_are_carried_out() -> None:
    state = to_step(exodus_game(6, SIX), "crisis")
    state["decks"]["crisis"].remove("exo_tylium_fire")
    state["decks"]["crisis"].append("exo_tylium_fire")
    fuel, pile = state["resources"]["fuel"], len(state["decks"]["civilians"])
    state = act(state, state["current"], "draw_crisis")
    assert state["resources"]["fuel"] == fuel - 1 and len(state["decks"]["civilians"]) == pile - 1
    state["damaged_vipers"], reserves = 3, state["reserves"]["viper"]
    state["prompt"] = {"kind": "destination", "seat": state["admiral"], "cards": ["derelict_station"],
                       "then": "end"}
    state["decks"]["destination"].remove("derelict_station")
    state = act(state, state["admiral"], "choose_destination", card="derelict_station")
    assert state["damaged_vipers"] == 1 and state["reserves"]["viper"] == reserves + 2
    assert state["distance"] == 1


@pytest.mark.rules("bsg:R917", "bsg:R618")
@pytest.mark.scenarios("bsg:AS-98")
def test_the_admiral_never_holds_more_than_three_nukes() -> None:
    """AS-98: holding 3 nukes, the Admiral given one more still holds 3."""
    state = exodus_game(6, SIX)
    admiral = state["admiral"]
    for nukes, after in ((1, 2), (3, 3)):
        state["players"][admiral]["nukes"] = nukes
        state["prompt"] = {"kind": "destination", "seat": admiral, "cards": ["munitions_cache"], "then": "end"}
        out = act(state, admiral, "choose_destination", card="munitions_cache")
        assert out["players"][admiral]["nukes"] == after
