"""Daybreak (bsg:R145, R124, R1010, R1020-R1028, R402b, R251, R405, R426): Miracle tokens paying for the
once-per-game abilities, the Mutiny deck and its Brig limit, the Mutineer's loyalty card. These games are
set up with Daybreak on through ``setup_game`` (daybreak_helpers)."""

from __future__ import annotations

import pytest

from games.bsg.engine import daybreak, mutiny
from games.bsg.engine.content import walk
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, card_id
from games.engine.core import IllegalCommand, Rng
from games.engine.core.context import Ctx
from tests.bsg.engine.daybreak_helpers import State, start_daybreak
from tests.bsg.engine.helpers import act, skill_card, start_game, to_step

MUTINEER = "you_are_a_mutineer"
FOUR = ["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol"]


def mutiny_card(state: State, name: str) -> str:
    """A Mutiny card of that name taken out of the deck or the discards."""
    for pile in (state["decks"]["mutiny"], state["decks"]["mutiny_discard"]):
        for card in pile:
            if card_id(card) == name:
                pile.remove(card)
                return card
    raise AssertionError(name)


def top_mutiny(state: State, name: str) -> str:
    card = mutiny_card(state, name)
    state["decks"]["mutiny"].append(card)
    return card


def seat_of(state: State, character: str) -> int:
    return int(next(p["seat"] for p in state["players"] if p["character"] == character))


def mutineer_seat(state: State) -> int | None:
    return next((p["seat"] for p in state["players"] if any(card_id(c) == MUTINEER for c in p["revealed"])), None)


def clear_mutineer(state: State) -> None:
    """Nobody is the Mutineer: the card back to the box, Mutiny hands emptied."""
    for p in state["players"]:
        for card in [c for c in p["revealed"] if card_id(c) == MUTINEER]:
            p["revealed"].remove(card)
            state["decks"]["loyalty_box"].append(card)
        state["decks"]["mutiny_discard"] += p["mutiny"]
        p["mutiny"] = []


def make_mutineer(state: State, seat: int) -> None:
    clear_mutineer(state)
    card = next(c for c in state["decks"]["loyalty_box"] + state["decks"]["loyalty"] if card_id(c) == MUTINEER)
    for pile in (state["decks"]["loyalty_box"], state["decks"]["loyalty"]):
        if card in pile:
            pile.remove(card)
    state["players"][seat]["revealed"].append(card)


def take_loyalty(state: State, kind: str) -> str:
    """A loyalty card of that kind taken out of wherever it is (the deck, the box, a hand)."""
    piles = [state["decks"]["loyalty"], state["decks"]["loyalty_box"]] + [p["loyalty"] for p in state["players"]]
    pile = next(pile for pile in piles if any(card_id(c) == kind for c in pile))
    card = next(c for c in pile if card_id(c) == kind)
    pile.remove(card)
    return card


def draw_mutiny(state: State, seat: int) -> None:
    """The seat draws a Mutiny card, as the Mutineer's receipt or R251 would have him do."""
    mutiny.draw(Ctx(state=state, rng=Rng.from_seed(1)), seat)


def prompt(state: State) -> str:
    return RULES.pending(state)[0].prompt


# --- setup (R145, R124) -------------------------------------------------------------------------------


@pytest.mark.rules("bsg:R145", "bsg:R1010", "bsg:R1000")
def test_setup_gives_every_player_a_miracle_token_and_shuffles_the_mutiny_deck() -> None:
    state = start_daybreak(4, FOUR)
    assert [p["miracles"] for p in state["players"]] == [1, 1, 1, 1]
    total = len(state["decks"]["mutiny"]) + sum(len(p["mutiny"]) for p in state["players"])
    assert total == len(CONTENT.mutiny_deck()) == 18
    assert "sympathizer" not in {card_id(c) for c in state["decks"]["loyalty"] + state["decks"]["loyalty_box"]}


@pytest.mark.rules("bsg:R124", "bsg:R1025", "bsg:R150")
@pytest.mark.parametrize(("players", "cylon", "not_cylon", "mutineer"),
                         [(3, 1, 5, False), (4, 1, 7, True), (5, 2, 8, False), (6, 2, 10, True)])
def test_the_daybreak_loyalty_deck_follows_its_table(players: int, cylon: int, not_cylon: int,
                                                    mutineer: bool) -> None:
    """R124: the Daybreak rows (no Baltar, no Boomer here); the Mutineer only at 4 and 6 players; no
    Sympathizer ever. Every card dealt or in the deck is counted back."""
    lineup = ["william_adama", "laura_roslin", "kara_thrace", "galen_tyrol", "lee_adama", "saul_tigh"][:players]
    state = start_daybreak(players, lineup)
    cards = list(state["decks"]["loyalty"]) + [c for p in state["players"] for c in p["loyalty"] + p["revealed"]]
    kinds = [CONTENT.loyalty[card_id(c)].side for c in cards]
    assert kinds.count("cylon") == cylon and kinds.count("human") == not_cylon
    assert kinds.count("mutineer") == (1 if mutineer else 0) and "sympathizer" not in kinds
    assert RULES.validate_options(players, {"daybreak": True})["daybreak"]  # a table may choose it (R150)


@pytest.mark.rules("bsg:R124")
def test_baltar_and_boomer_each_add_a_not_a_cylon_card_and_baltar_is_dealt_two() -> None:
    lineup = ["gaius_baltar", "william_adama", "kara_thrace", "laura_roslin", "sharon_valerii", "galen_tyrol"]
    state = start_daybreak(6, lineup)
    cards = list(state["decks"]["loyalty"]) + [c for p in state["players"] for c in p["loyalty"] + p["revealed"]]
    kinds = [CONTENT.loyalty[card_id(c)].side for c in cards]
    assert (kinds.count("cylon"), kinds.count("human"), kinds.count("mutineer")) == (2, 12, 1)
    baltar = state["players"][seat_of(state, "gaius_baltar")]
    assert len(baltar["loyalty"]) + len(baltar["revealed"]) >= 2


@pytest.mark.rules("bsg:R124", "bsg:R1026", "bsg:R426")
@pytest.mark.scenarios("bsg:AS-05")
def test_an_admiral_dealt_the_mutineer_reveals_it_draws_a_mutiny_card_and_an_extra_loyalty_card() -> None:
    """AS-05: the test table's deal gives the fourth player the Mutineer; he is the Admiral."""
    state = start_daybreak(4, ["laura_roslin", "kara_thrace", "galen_tyrol", "william_adama"])
    adama = seat_of(state, "william_adama")
    p = state["players"][adama]
    assert [card_id(c) for c in p["revealed"]] == [MUTINEER]
    assert len(p["mutiny"]) == 1 and len(p["loyalty"]) == 1  # his other card is the extra one (R1026)
    assert state["admiral"] != adama and state["admiral"] is not None
    assert state["players"][state["admiral"]]["nukes"] == 2 and p["nukes"] == 0
    assert len(state["decks"]["loyalty"]) == 9 - 4 - 1  # 1 + 7 + the Mutineer, 4 dealt, 1 extra


# --- Miracle tokens (R1010, R402b) ------------------------------------------------------------------------


@pytest.mark.rules("bsg:R1010", "bsg:R220")
def test_a_once_per_game_ability_costs_the_miracle_token_and_a_new_token_allows_it_again() -> None:
    state = to_step(start_daybreak(5, ["tom_zarek", "william_adama", "kara_thrace", "laura_roslin", "galen_tyrol"]),
                    "action")
    zarek = state["current"]
    assert state["players"][zarek]["character"] == "tom_zarek"
    state = act(state, zarek, "use_ability")
    assert state["president"] == zarek and state["players"][zarek]["miracles"] == 0
    assert zarek not in state["once_used"]
    state["step"] = "action"
    with pytest.raises(IllegalCommand) as info:
        act(state, zarek, "use_ability")
    assert info.value.code == "no_miracle_token" and info.value.rule == "bsg:R1010"
    state["president"] = seat_of(state, "laura_roslin")
    state["players"][zarek]["miracles"] = 1  # gained during play (a Mutiny card, below)
    state = act(state, zarek, "use_ability")
    assert state["president"] == zarek and state["players"][zarek]["miracles"] == 0


@pytest.mark.rules("bsg:R1010")
@pytest.mark.scenarios("bsg:AS-88")
def test_a_miracle_token_goes_only_to_a_player_who_holds_none() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    seat = state["current"]
    clear_mutineer(state)
    card = mutiny_card(state, "mutiny_prayers_for_the_fleet")
    state["players"][seat]["mutiny"] = [card]
    other = (seat + 2) % 4
    state["players"][other]["miracles"] = 0
    state = act(state, seat, "play_mutiny", card=card)
    assert prompt(state) == "give_miracle_token"
    assert [c.args["to"] for c in RULES.legal_commands(state, seat)] == [other]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "give_miracle", to=(seat + 1) % 4)
    assert info.value.code == "miracle_already_held"
    state = act(state, seat, "give_miracle", to=other)
    assert state["players"][other]["miracles"] == 1 and prompt(state) == "draw_crisis"
    # everyone holds one: the token is not given, nobody is asked
    state["step"] = "action"
    card = mutiny_card(state, "mutiny_prayers_for_the_fleet")
    state["players"][seat]["mutiny"] = [card]
    state = act(state, seat, "play_mutiny", card=card)
    assert prompt(state) == "draw_crisis" and all(p["miracles"] == 1 for p in state["players"])


@pytest.mark.rules("bsg:R402", "bsg:R1010", "bsg:R1023")
def test_a_revealed_cylon_discards_his_miracle_token_and_mutiny_cards_and_never_receives_any() -> None:
    """AS-26 (Daybreak part): the revealer's Miracle token and Mutiny card are discarded; he is no longer a
    recipient of either."""
    state = to_step(start_daybreak(4, FOUR), "action")
    seat = state["current"]
    clear_mutineer(state)
    p = state["players"][seat]
    cylon = take_loyalty(state, "cylon_reduce_morale")
    p["loyalty"].append(cylon)
    held = mutiny_card(state, "mutiny_jailbreak")
    p["mutiny"] = [held]
    state = act(state, seat, "reveal_loyalty", card=cylon)
    p = state["players"][seat]
    assert p["cylon"] and p["miracles"] == 0 and p["mutiny"] == []
    assert held in state["decks"]["mutiny_discard"]
    assert seat not in daybreak.miracle_recipients(state)
    assert mutiny.play_options(state, seat) == []


# --- Mutiny cards (R1020, R1021, R1027) ------------------------------------------------------------------


@pytest.mark.rules("bsg:R1020", "bsg:R1021")
@pytest.mark.scenarios("bsg:AS-83")
def test_a_second_mutiny_card_sends_a_player_to_the_brig_where_he_keeps_one() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    clear_mutineer(state)
    seat = seat_of(state, "laura_roslin")
    first = mutiny_card(state, "mutiny_jailbreak")
    state["players"][seat]["mutiny"] = [first]
    second = top_mutiny(state, "mutiny_black_market")
    draw_mutiny(state, seat)
    assert state["players"][seat]["location"] == "brig"
    assert RULES.pending(state)[0].prompt == "keep_mutiny_cards" and RULES.pending(state)[0].seats == {seat}
    state = act(state, seat, "discard_mutiny", card=second)
    assert state["players"][seat]["mutiny"] == [first] and second in state["decks"]["mutiny_discard"]
    # already in the Brig with one: a second is drawn, one is kept, and he does not move
    third = top_mutiny(state, "mutiny_rogue_repairs")
    draw_mutiny(state, seat)
    assert state["players"][seat]["location"] == "brig" and prompt(state) == "keep_mutiny_cards"
    state = act(state, seat, "discard_mutiny", card=first)
    assert state["players"][seat]["mutiny"] == [third]


@pytest.mark.rules("bsg:R1027", "bsg:R1021", "bsg:R1020")
def test_the_mutineer_goes_to_the_brig_on_his_third_mutiny_card_and_keeps_two() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    seat = seat_of(state, "kara_thrace")
    make_mutineer(state, seat)
    state["players"][seat]["mutiny"] = [mutiny_card(state, "mutiny_jailbreak")]
    top_mutiny(state, "mutiny_black_market")
    draw_mutiny(state, seat)
    assert state["players"][seat]["location"] != "brig" and len(state["players"][seat]["mutiny"]) == 2
    third = top_mutiny(state, "mutiny_rogue_repairs")
    draw_mutiny(state, seat)
    assert state["players"][seat]["location"] == "brig" and prompt(state) == "keep_mutiny_cards"
    state = act(state, seat, "discard_mutiny", card=third)
    assert len(state["players"][seat]["mutiny"]) == 2 and prompt(state) != "keep_mutiny_cards"


@pytest.mark.rules("bsg:R1020", "bsg:R220")
def test_a_mutiny_card_is_played_as_the_action_and_discarded_face_up() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    seat = state["current"]
    clear_mutineer(state)
    card = mutiny_card(state, "mutiny_black_market")
    state["players"][seat]["mutiny"] = [card]
    hand, food = len(state["players"][seat]["hand"]), state["resources"]["food"]
    assert any(c.kind == "play_mutiny" for c in RULES.legal_commands(state, seat))
    state = act(state, seat, "play_mutiny", card=card)
    assert len(state["players"][seat]["hand"]) == hand + 2 and state["resources"]["food"] == food - 1
    assert state["decks"]["mutiny_discard"][-1] == card and state["step"] == "crisis"
    with pytest.raises(IllegalCommand):
        state["step"] = "action"
        act(state, seat, "play_mutiny", card=card)


@pytest.mark.rules("bsg:R1020", "bsg:R306")
def test_in_the_brig_a_mutiny_card_can_still_be_played() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    seat = state["current"]
    clear_mutineer(state)
    state["players"][seat]["location"] = "brig"
    card = mutiny_card(state, "mutiny_jailbreak")
    state["players"][seat]["mutiny"] = [card]
    state = act(state, seat, "play_mutiny", card=card)
    assert prompt(state) == "move_anywhere"
    state = act(state, seat, "move_anywhere", location="command")
    assert state["players"][seat]["location"] == "command"


@pytest.mark.rules("bsg:R1020", "bsg:R401")
def test_mutiny_cards_in_hand_are_their_holders_alone() -> None:
    state = start_daybreak(4, FOUR)
    holder = mutineer_seat(state)
    assert holder is not None
    card = state["players"][holder]["mutiny"][0]
    mine = RULES.view(state, holder)["players"][holder]
    assert mine["mutiny"] == [card] and mine["mutiny_count"] == 1
    for seat in [None, *[s for s in range(4) if s != holder]]:
        view = RULES.view(state, seat)
        assert "mutiny" not in view["players"][holder] and view["players"][holder]["mutiny_count"] == 1
        assert card not in str(view)


# --- the Mutineer (R251, R405, R1026, R1028) -----------------------------------------------------------


@pytest.mark.rules("bsg:R251")
@pytest.mark.scenarios("bsg:AS-86")
def test_the_mutineer_draws_a_mutiny_card_on_a_crisis_jump_icon() -> None:
    state = to_step(start_daybreak(4, FOUR), "crisis")
    seat = state["current"]
    make_mutineer(state, seat)
    jumping = next(c.id for c in CONTENT.crises.values() if c.jump and c.type == "event"
                   and all(e.kind == "resources" for e in walk(c.effects)))
    state["decks"]["crisis"].append(jumping)
    state = act(state, seat, "draw_crisis")
    while state["step"] != "jump":
        state = act(state, seat, RULES.legal_commands(state, seat)[0].kind, **RULES.legal_commands(state, seat)[0].args)
    before = len(state["players"][seat]["mutiny"])
    state = act(state, seat, "prepare_jump")
    assert len(state["players"][seat]["mutiny"]) == before + 1
    # not the Mutineer: no draw
    state2 = to_step(start_daybreak(4, FOUR), "crisis")
    seat2 = state2["current"]
    clear_mutineer(state2)
    state2["decks"]["crisis"].append(jumping)
    state2 = act(state2, seat2, "draw_crisis")
    while state2["step"] != "jump":
        cmd = RULES.legal_commands(state2, seat2)[0]
        state2 = act(state2, seat2, cmd.kind, **cmd.args)
    state2 = act(state2, seat2, "prepare_jump")
    assert state2["players"][seat2]["mutiny"] == []


@pytest.mark.rules("bsg:R1028", "bsg:R402", "bsg:R426")
def test_a_mutineer_who_reveals_as_a_cylon_gives_the_card_to_a_human_who_draws_a_mutiny_card() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    seat = state["current"]
    make_mutineer(state, seat)
    state["distance"] = 7  # beyond the give-away distance: the Mutineer is passed anyway
    p = state["players"][seat]
    cylon = take_loyalty(state, "cylon_reduce_morale")
    p["loyalty"].append(cylon)
    state = act(state, seat, "reveal_loyalty", card=cylon)
    while prompt(state) == "discard_skill_cards":
        state = act(state, seat, "discard_forced", card=state["players"][seat]["hand"][0])
    assert prompt(state) == "pass_mutineer_card"
    president = state["president"]
    assert president is not None and president != seat
    loyalty_before = len(state["players"][president]["loyalty"])
    with pytest.raises(IllegalCommand):
        act(state, seat, "pass_mutineer", to=seat)
    state = act(state, seat, "pass_mutineer", to=president)
    q = state["players"][president]
    assert [card_id(c) for c in q["revealed"]] == [MUTINEER] and len(q["mutiny"]) == 1
    assert len(q["loyalty"]) == loyalty_before and state["president"] != president
    assert mutineer_seat(state) == president and not any(card_id(c) == MUTINEER for c in
                                                          state["players"][seat]["revealed"])


@pytest.mark.rules("bsg:R405", "bsg:R1026")
def test_with_the_mutineer_still_in_the_deck_the_active_player_names_who_draws_one_more_card() -> None:
    state = to_step(start_daybreak(4, FOUR), "crisis")
    clear_mutineer(state)
    card = next(c for c in state["decks"]["loyalty_box"] if card_id(c) == MUTINEER)
    state["decks"]["loyalty_box"].remove(card)
    state["decks"]["loyalty"].insert(0, card)  # at the bottom: the Sleeper deal leaves it
    while len(state["decks"]["loyalty"]) < 6:
        extra = next(c for c in state["decks"]["loyalty_box"] if card_id(c) == "not_a_cylon")
        state["decks"]["loyalty_box"].remove(extra)
        state["decks"]["loyalty"].insert(1, extra)
    state["decks"]["crisis"].append("water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state["distance"] = 3
    state["decks"]["destination"] += ["tylium_planet", "icy_moon"]
    current = state["current"]
    state = act(state, current, "draw_crisis")
    while state["step"] != "jump":
        cmd = RULES.legal_commands(state, current)[0]
        state = act(state, current, cmd.kind, **cmd.args)
    state = act(state, current, "prepare_jump")
    state = act(state, state["admiral"], "choose_destination", card="icy_moon")
    assert state["sleeper_done"] and prompt(state) == "name_mutineer_draw"
    assert RULES.pending(state)[0].seats == {current}
    # the deck after the deal: [Mutineer, not a Cylon]; the named human draws the top card, not the Mutineer
    target = (current + 1) % 4
    before = len(state["players"][target]["loyalty"]) + len(state["players"][target]["revealed"])
    state = act(state, current, "mutineer_draw", target=target)
    after = len(state["players"][target]["loyalty"]) + len(state["players"][target]["revealed"])
    assert after == before + 1


@pytest.mark.rules("bsg:R1026", "bsg:R403", "bsg:R1028")
def test_a_human_given_the_mutineer_by_a_cylon_reveals_it_without_an_extra_card() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    clear_mutineer(state)
    cylon = (state["current"] + 1) % 4
    human = (state["current"] + 2) % 4
    state["players"][cylon]["cylon"] = True
    state["players"][cylon]["location"] = "resurrection_ship"
    state["players"][cylon]["miracles"] = 0
    card = next(c for c in state["decks"]["loyalty_box"] if card_id(c) == MUTINEER)
    state["decks"]["loyalty_box"].remove(card)
    state["players"][cylon]["loyalty"] = [card]
    state["give_away"] = [cylon]
    loyalty_before = len(state["players"][human]["loyalty"])
    state = act(state, cylon, "give_loyalty", to=human)
    p = state["players"][human]
    assert [card_id(c) for c in p["revealed"]] == [MUTINEER] and len(p["loyalty"]) == loyalty_before
    assert len(p["mutiny"]) == 1


@pytest.mark.rules("bsg:R1010")
def test_a_mutiny_card_can_give_its_player_a_miracle_token_he_lacks() -> None:
    state = to_step(start_daybreak(4, FOUR), "action")
    seat = state["current"]
    clear_mutineer(state)
    state["players"][seat]["miracles"] = 0
    card = mutiny_card(state, "mutiny_a_sign_from_the_gods")
    state["players"][seat]["mutiny"] = [card]
    state["players"][seat]["hand"].append(skill_card(state, "politics"))
    state = act(state, seat, "play_mutiny", card=card)
    assert state["players"][seat]["miracles"] == 1


@pytest.mark.rules("bsg:R426", "bsg:R1026", "bsg:R422")
def test_the_mutineer_passes_the_cag_title_too() -> None:
    """R426: "ogni carta Titolo" — with the Cylon Fleet the CAG is a title card, so a CAG who receives "You Are
    a Mutineer" passes it down its line of succession like the President's and the Admiral's (RULINGS G95)."""
    state = to_step(start_game(4, FOUR, 1, {"daybreak": True, "exodus_cylon_fleet": True}), "action")
    clear_mutineer(state)
    cag = state["cag"]
    assert cag is not None
    card = take_loyalty(state, MUTINEER)
    state["players"][cag]["loyalty"].append(card)
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    daybreak.mutineer_received(ctx, cag, extra=False)
    mutiny.settle(ctx)
    assert daybreak.is_mutineer(state, cag)
    assert state["cag"] is not None and state["cag"] != cag
