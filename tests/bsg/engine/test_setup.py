"""Setup (bsg:R101-R110, R120, R150): dials, ships, decks, character choice, titles, loyalty, skills."""

from __future__ import annotations

from collections import Counter

import pytest

from games.bsg.engine.content import SKILLS
from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import title_holder
from games.bsg.engine.state import CONTENT, card_id, skill_of
from games.engine.core import Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, act, all_loyalty, choose_all, new_game, start_game


@pytest.mark.rules("bsg:R101", "bsg:R102", "bsg:R110")
@pytest.mark.scenarios("bsg:AS-10")
def test_dials_reserves_and_opening_ships() -> None:
    """AS-10: 8 fuel, 8 food, 10 morale, 12 population; fleet token on Start; basestar and 3 raiders in
    front, 2 vipers below (taken from the 8 in Reserves), 2 face-down civilians behind; 4 raptors."""
    state = new_game(4)
    assert state["resources"] == {"fuel": 8, "food": 8, "morale": 10, "population": 12}
    assert state["jump"] == 0
    space = state["space"]
    assert len(space["fore"]["basestar"]) == 1 and space["fore"]["raider"] == 3
    assert space["lower_fore"]["viper"] == 2
    assert len(space["aft"]["civilian"]) == 2
    assert state["reserves"] == {"viper": 6, "raptor": 4}
    assert sum(w["raider"] for w in space.values()) == 3


@pytest.mark.rules("bsg:R103")
def test_first_player_is_random_and_chooses_first() -> None:
    firsts = {new_game(5, seed)["first"] for seed in range(30)}
    assert firsts == set(range(5))
    state = new_game(5, 3)
    assert RULES.seats_to_act(state) == {state["first"]}
    other = (state["first"] + 1) % 5
    with pytest.raises(IllegalCommand) as info:
        act(state, other, "choose_character", character="laura_roslin")
    assert info.value.code == "not_your_turn"


@pytest.mark.rules("bsg:R104")
def test_character_choice_by_most_available_type() -> None:
    """After Roslin (political) the next player takes a military leader, a pilot or the support character;
    another political character is refused."""
    state = choose_all(new_game(4, 2), ["laura_roslin"])
    chooser = state["chooser"]
    assert chooser == (state["first"] + 1) % 4  # clockwise, R010
    offered = {c.args["character"] for c in RULES.legal_commands(state, chooser)}
    types = {CONTENT.characters[c].type for c in offered}
    assert types == {"military", "pilot", "support"}
    assert "gaius_baltar" not in offered and "laura_roslin" not in offered
    with pytest.raises(IllegalCommand) as info:
        act(state, chooser, "choose_character", character="tom_zarek")
    assert (info.value.code, info.value.rule) == ("character_type_not_most_available", "bsg:R104")
    with pytest.raises(IllegalCommand) as info:
        act(state, chooser, "choose_character", character="laura_roslin")
    assert info.value.code == "character_not_available"
    # support is exempt: Tyrol keeps the three types level, so any of them stays open
    state = act(state, chooser, "choose_character", character="galen_tyrol")
    offered = {c.args["character"] for c in RULES.legal_commands(state, state["chooser"])}
    assert {CONTENT.characters[c].type for c in offered} == {"military", "pilot"}


@pytest.mark.rules("bsg:R104")
def test_characters_start_at_their_sheet_location() -> None:
    state = start_game(5, ["laura_roslin", "william_adama", "lee_adama", "karl_agathon", "galen_tyrol"])
    by_char = {p["character"]: p for p in state["players"]}
    assert by_char["laura_roslin"]["location"] == "presidents_office"
    assert by_char["william_adama"]["location"] == "admirals_quarters"
    assert by_char["galen_tyrol"]["location"] == "hangar_deck"
    assert by_char["lee_adama"]["location"] is None and by_char["lee_adama"]["viper"] == "lower_fore"
    assert by_char["karl_agathon"]["stranded"] and by_char["karl_agathon"]["location"] is None
    assert state["reserves"]["viper"] == 5  # RULINGS C3: Apollo's viper after the two setup vipers


@pytest.mark.rules("bsg:R105", "bsg:R421")
@pytest.mark.scenarios("bsg:AS-13")
def test_titles_by_succession() -> None:
    """AS-13: Tigh, Zarek and Apollo: Tigh is Admiral with 2 nukes, Zarek President with 1 Quorum card."""
    state = start_game(3, ["saul_tigh", "tom_zarek", "lee_adama"])
    by_char = {p["character"]: p for p in state["players"]}
    assert state["admiral"] == by_char["saul_tigh"]["seat"]
    assert state["president"] == by_char["tom_zarek"]["seat"]
    assert by_char["saul_tigh"]["nukes"] == 2
    assert len(by_char["tom_zarek"]["quorum"]) == 1
    assert len(state["decks"]["quorum"]) == len(CONTENT.quorum_deck()) - 1


@pytest.mark.rules("bsg:R105")
def test_a_character_barred_from_a_title_is_skipped() -> None:
    """Zarek may never be Admiral (his weakness): with only Baltar below him on the list, Baltar is."""
    state = new_game(3)
    for seat, character in enumerate(["tom_zarek", "gaius_baltar", "laura_roslin"]):
        state["players"][seat]["character"] = character
    assert title_holder(state, "admiral") == 1
    assert title_holder(state, "president") == 2


@pytest.mark.rules("bsg:R106", "bsg:R120")
@pytest.mark.scenarios("bsg:AS-01", "bsg:AS-02")
@pytest.mark.parametrize(("players", "cylon", "human", "sympathizer"),
                         [(3, 1, 5, False), (4, 1, 6, True), (5, 2, 8, False), (6, 2, 9, True)])
def test_loyalty_deck_by_player_count(players: int, cylon: int, human: int, sympathizer: bool) -> None:
    """AS-01, AS-02: the deck is built by the table, 1 card dealt each, the Sympathizer shuffled in after
    the deal at 4 and 6; the rest is kept back for the Sleeper Agent phase, the unused cards boxed."""
    chars = ["laura_roslin", "william_adama", "kara_thrace", "tom_zarek", "saul_tigh", "galen_tyrol"][:players]
    state = start_game(players, chars)
    dealt = [c for p in state["players"] for c in p["loyalty"]]
    assert [len(p["loyalty"]) for p in state["players"]] == [1] * players
    kept = state["decks"]["loyalty"]
    built = dealt + kept
    sides = Counter(CONTENT.loyalty[card_id(c)].side for c in built)
    assert sides["cylon"] == cylon and sides["human"] == human
    assert sides["sympathizer"] == (1 if sympathizer else 0)
    assert "sympathizer" not in {card_id(c) for c in dealt}
    assert len(kept) == cylon + human - players + (1 if sympathizer else 0)
    # every loyalty card is in exactly one place
    assert sorted(all_loyalty(state)) == sorted(
        f"{c}.{k}" for side in ("cylon", "human", "sympathizer")
        for k, c in enumerate(CONTENT.loyalty_cards(side)))


@pytest.mark.rules("bsg:R120", "bsg:R408")
def test_baltar_adds_a_not_a_cylon_card_and_takes_two() -> None:
    state = start_game(3, ["gaius_baltar", "william_adama", "kara_thrace"])
    by_char = {p["character"]: p for p in state["players"]}
    assert len(by_char["gaius_baltar"]["loyalty"]) == 2
    built = [c for p in state["players"] for c in p["loyalty"]] + state["decks"]["loyalty"]
    assert len(built) == 1 + 5 + 1
    assert len(state["decks"]["loyalty"]) == 3


@pytest.mark.rules("bsg:R107")
def test_decks_are_shuffled_from_the_seed() -> None:
    a, b, c = new_game(4, 11), new_game(4, 11), new_game(4, 12)
    assert a["decks"] == b["decks"]
    assert a["decks"]["crisis"] != c["decks"]["crisis"]
    assert sorted(a["decks"]["crisis"]) == sorted(CONTENT.crisis_deck())
    for skill in SKILLS:
        pile = a["decks"]["skill"][skill]
        assert len(pile) == len(CONTENT.skill_deck(skill)) == len(set(pile))
        assert {skill_of(card) for card in pile} == {skill}


@pytest.mark.rules("bsg:R108")
def test_starting_skills() -> None:
    """AS-11: the first player holds none; each other player draws 3 from his own skill set's decks."""
    state = choose_all(new_game(3, 4), ["laura_roslin", "william_adama", "kara_thrace"])
    assert state["phase"] == "starting_skills"
    first = state["first"]
    assert RULES.seats_to_act(state) == {s for s in range(3) if s != first}
    seat = (first + 1) % 3  # Adama: leadership and tactics
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "draw_starting_skills", types=["politics", "leadership", "tactics"])
    assert info.value.code == "bad_starting_skills"
    with pytest.raises(IllegalCommand):
        act(state, seat, "draw_starting_skills", types=["leadership", "tactics"])
    state = act(state, seat, "draw_starting_skills", types=["leadership", "tactics", "tactics"])
    assert sorted(skill_of(c) for c in state["players"][seat]["hand"]) == ["leadership", "tactics", "tactics"]
    state = act(state, (first + 2) % 3, "draw_starting_skills", types=["piloting"] * 3)
    assert state["players"][first]["hand"] == []
    assert state["phase"] == "turn" and state["current"] == first and state["step"] == "receive"


@pytest.mark.rules("bsg:R109")
@pytest.mark.scenarios("bsg:AS-14")
def test_destiny_deck() -> None:
    """AS-14: 10 cards, 2 of each skill type, dealt from the skill decks. The scenario's 12-card decks need
    Pegasus or Daybreak, which the base game refuses (test_player_count_and_expansions_refused)."""
    state = start_game(5, BASE_5)
    destiny = state["decks"]["destiny"]
    assert len(destiny) == 10
    assert Counter(skill_of(c) for c in destiny) == dict.fromkeys(SKILLS, 2)
    for skill in SKILLS:
        hands = [c for p in state["players"] for c in p["hand"] if skill_of(c) == skill]
        in_destiny = [c for c in destiny if skill_of(c) == skill]
        assert len(state["decks"]["skill"][skill]) + len(hands) + len(in_destiny) == len(CONTENT.skill_deck(skill))


@pytest.mark.rules("bsg:R150")
def test_player_count_and_expansions_refused() -> None:
    for n in (2, 8):
        with pytest.raises(IllegalCommand) as info:
            RULES.validate_options(n, {})
        assert info.value.code == "bad_player_count"
    with pytest.raises(IllegalCommand) as info:  # R125, R150i: 7 only with Pegasus and a Cylon Leader
        RULES.validate_options(7, {})
    assert (info.value.code, info.value.rule) == ("seven_players_need_a_cylon_leader", "bsg:R150")
    assert RULES.validate_options(5, {"daybreak": True})["daybreak"]  # playable, Kobol its objective
    # R804: a Cylon Leader plays with his Motive cards at a Daybreak table (RULINGS G134)
    assert RULES.validate_options(5, {"daybreak": True, "pegasus": True, "cylon_leader": True})["cylon_leader"]
    with pytest.raises(IllegalCommand) as info:  # the Ionian Nebula is an objective now, no module (R146)
        RULES.validate_options(5, {"exodus_ionian_nebula": True, "exodus": True})
    assert info.value.code == "unknown_option"
    assert "exodus_ionian_nebula" not in RULES.validate_options(5, {"exodus_ionian_nebula": False})  # old tables
    with pytest.raises(IllegalCommand) as info:  # R150g: the Ionian Nebula needs the Exodus cards
        RULES.validate_options(5, {"objective": "ionian_nebula"})
    assert (info.value.code, info.value.rule) == ("ionian_nebula_needs_exodus", "bsg:R150")
    assert RULES.validate_options(5, {"objective": "ionian_nebula", "exodus": True})["objective"] == "ionian_nebula"
    with pytest.raises(IllegalCommand) as info:  # Conflicted Loyalties changes the Exodus loyalty deck (R127)
        RULES.validate_options(5, {"exodus_conflicted_loyalties": "both"})
    assert (info.value.code, info.value.rule) == ("conflicted_loyalties_need_exodus", "bsg:R127")
    assert RULES.validate_options(5, {"exodus_conflicted_loyalties": "final_five", "exodus": True})
    assert RULES.validate_options(5, {"exodus": True})["exodus"]  # the Exodus cards (RULINGS G70)
    fleet = RULES.validate_options(5, {"exodus_cylon_fleet": True})  # the Cylon Fleet is played (R910)
    assert fleet["exodus_cylon_fleet"] and not fleet["exodus"]
    assert "fleet" in RULES.setup(num_players=5, options=fleet, rng=Rng.from_seed(1)).state
    assert RULES.validate_options(3, {}) == {
        "pegasus": False, "exodus": False, "daybreak": False, "cylon_leader": False, "friendly_cylon": False,
        "exodus_cylon_fleet": False, "exodus_conflicted_loyalties": "off",
        "ship_activation_limit": "per_turn", "cylon_fleet_basestar_damage": "repaired",
        "cylon_fleet_nuke_eight": "every_ship", "objective": "kobol", "ionian_eliminated": "out"}
    daybreak = RULES.setup(num_players=4, options={"daybreak": True}, rng=Rng.from_seed(1)).state
    assert daybreak["options"]["daybreak"] and "mutiny" in daybreak["decks"]
    exodus = RULES.setup(num_players=4, options={"exodus": True}, rng=Rng.from_seed(1)).state  # playable
    assert exodus["options"]["exodus"]
    pegasus = RULES.setup(num_players=4, options={"pegasus": True}, rng=Rng.from_seed(1)).state  # playable
    assert pegasus["options"]["pegasus"] and "pegasus" in pegasus
    with pytest.raises(IllegalCommand):
        RULES.apply(new_game(3), Command(0, "no_such_command", {}), Rng.from_seed(1))
