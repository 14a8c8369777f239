"""The President's Quorum hand (bsg:R420, R220 E, R422): the President's Office, playing Quorum cards as the
President's action, Roslin's Skilled Politician, cards that lie on a character."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import title_holder
from games.bsg.engine.state import CONTENT, skill_of
from games.engine.core import Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import State, act, act_events, play, start_game, to_step

# Baltar is first player and, without Roslin, President; Adama is Admiral.
FIVE = ["gaius_baltar", "william_adama", "kara_thrace", "tom_zarek", "galen_tyrol"]


def at_action(characters: list[str] | None = None, hand: list[str] | None = None) -> State:
    state = to_step(start_game(5, characters or FIVE), "action")
    president = state["president"]
    state["decks"]["quorum"] += state["players"][president]["quorum"]
    state["players"][president]["quorum"] = []
    for card in hand or []:
        state["decks"]["quorum"].remove(card)
        state["players"][president]["quorum"].append(card)
    return state


def seat_of(state: State, character: str) -> int:
    return int(next(p["seat"] for p in state["players"] if p["character"] == character))


def plays(state: State, seat: int) -> list[dict[str, Any]]:
    return [dict(c.args) for c in RULES.legal_commands(state, seat) if c.kind == "play_quorum"]


def seeded(state: State, seat: int, kind: str, wanted: bool, **args: Any) -> State:
    """Apply with the first seed whose roll succeeds (or fails) as wanted."""
    for seed in range(1, 300):
        out = RULES.apply(state, Command(seat, kind, args), Rng.from_seed(seed))
        rolls = [e for e in out.events if e.kind == "die_rolled"]
        if rolls and rolls[0].data["success"] == wanted:
            after: State = out.state
            return after
    raise AssertionError("no seed gives that roll")


@pytest.mark.rules("bsg:R420", "bsg:R220")
def test_presidents_office_draws_one_then_another_or_plays_one() -> None:
    state = at_action(hand=["food_rationing"])
    seat = state["current"]
    assert state["president"] == seat
    state["players"][seat]["location"] = "presidents_office"
    state, events = act_events(state, seat, "activate_location")
    drawn = [e for e in events if e.kind == "quorum_drawn"]
    assert (
        len(drawn) == 1 and drawn[0].visible_to == frozenset({seat}) and drawn[0].redacted == {"seat": seat}
    )
    assert len(state["players"][seat]["quorum"]) == 2
    decision = RULES.pending(state)[0]
    assert decision.prompt == "presidents_office_choice" and decision.seats == {seat}
    assert {c.kind for c in RULES.legal_commands(state, seat)} == {"quorum_draw", "play_quorum"}
    again = act(state, seat, "quorum_draw")
    assert len(again["players"][seat]["quorum"]) == 3 and RULES.pending(again)[0].prompt == "draw_crisis"
    played = seeded(state, seat, "play_quorum", True, card="food_rationing")
    assert "food_rationing" in played["decks"]["quorum_discard"] and played["step"] == "crisis"
    assert played["resources"]["food"] == state["resources"]["food"] + 1


@pytest.mark.rules("bsg:R420", "bsg:R220")
def test_only_the_president_plays_quorum_cards_and_the_hand_follows_the_title() -> None:
    state = at_action(hand=["arrest_order"])
    president = state["current"]
    other = (president + 1) % 5
    state["players"][other]["quorum"] = ["fuel_allocation"]
    state["decks"]["quorum"].remove("fuel_allocation")
    state["current"] = other
    assert plays(state, other) == []
    with pytest.raises(IllegalCommand) as info:
        act(state, other, "play_quorum", card="fuel_allocation")
    assert (info.value.code, info.value.rule) == ("only_the_president", "bsg:R420")
    state["current"] = president
    state["president"] = other
    state = act(state, president, "pass_action")
    assert sorted(state["players"][other]["quorum"]) == ["arrest_order", "fuel_allocation"]
    assert state["players"][president]["quorum"] == []


@pytest.mark.rules("bsg:R420", "bsg:R423")
def test_arrest_order_sends_the_named_character_to_the_brig() -> None:
    state = at_action(hand=["arrest_order"])
    seat = state["current"]
    jailed = dict(
        state, players=[dict(p, location="brig") if p["seat"] == seat else p for p in state["players"]]
    )
    assert plays(jailed, seat)  # the President keeps his title's abilities in the Brig (R423)
    adama = seat_of(state, "william_adama")
    assert {"card": "arrest_order", "target": adama} in plays(state, seat)
    state = act(state, seat, "play_quorum", card="arrest_order", target=adama)
    assert state["players"][adama]["location"] == "brig" and state["admiral"] != adama
    assert state["decks"]["quorum_discard"] == ["arrest_order"] and state["step"] == "crisis"


@pytest.mark.rules("bsg:R420")
def test_inspirational_speech_leaves_the_game_when_it_works() -> None:
    state = at_action(hand=["inspirational_speech"])
    seat = state["current"]
    won = seeded(state, seat, "play_quorum", True, card="inspirational_speech")
    assert won["decks"]["quorum_removed"] == ["inspirational_speech"]
    assert won["resources"]["morale"] == state["resources"]["morale"] + 1
    lost = seeded(state, seat, "play_quorum", False, card="inspirational_speech")
    assert (
        lost["decks"]["quorum_discard"] == ["inspirational_speech"] and lost["decks"]["quorum_removed"] == []
    )


@pytest.mark.rules("bsg:R420", "bsg:R306")
def test_presidential_pardon_frees_a_character_from_the_brig() -> None:
    state = at_action(hand=["presidential_pardon"])
    seat = state["current"]
    assert plays(state, seat) == []  # nobody in the Brig
    zarek = seat_of(state, "tom_zarek")
    state["players"][zarek]["location"] = "brig"
    assert plays(state, seat) == [{"card": "presidential_pardon", "target": zarek}]
    state = act(state, seat, "play_quorum", card="presidential_pardon", target=zarek)
    assert RULES.pending(state)[0].prompt == "move_anywhere" and RULES.pending(state)[0].seats == {zarek}
    state = act(state, zarek, "move_anywhere", location="command")
    assert state["players"][zarek]["location"] == "command"


@pytest.mark.rules("bsg:R420", "bsg:R401")
def test_release_cylon_mugshots_shows_one_loyalty_card_to_the_president_alone() -> None:
    state = at_action(hand=["release_cylon_mugshots"])
    seat = state["current"]
    zarek = seat_of(state, "tom_zarek")
    state, events = act_events(state, seat, "play_quorum", card="release_cylon_mugshots", target=zarek)
    look = next(e for e in events if e.kind == "loyalty_looked_at")
    assert look.visible_to == frozenset({seat}) and look.data["cards"] == state["players"][zarek]["loyalty"]
    assert "cards" not in (look.redacted or {})
    assert RULES.view(state, seat)["players"][seat]["known_loyalty"] == sorted(
        state["players"][zarek]["loyalty"]
    )
    third = (seat + 2) % 5
    assert RULES.view(state, third)["players"][third]["known_loyalty"] == []


@pytest.mark.rules("bsg:R420", "bsg:R422")
def test_vice_president_comes_first_and_encourage_mutiny_hands_over_the_admiral() -> None:
    state = at_action(hand=["assign_vice_president", "encourage_mutiny"])
    seat = state["current"]
    tyrol = seat_of(state, "galen_tyrol")
    assert {"card": "assign_vice_president", "target": seat} not in plays(state, seat)
    vp = act(state, seat, "play_quorum", card="assign_vice_president", target=tyrol)
    assert vp["attached"] == [{"card": "assign_vice_president", "seat": tyrol}]
    assert title_holder(vp, "president") == tyrol
    zarek = seat_of(state, "tom_zarek")
    targets = [a["target"] for a in plays(state, seat) if a["card"] == "encourage_mutiny"]
    assert zarek not in targets and state["admiral"] not in targets  # barred, already Admiral
    mutiny = act(state, seat, "play_quorum", card="encourage_mutiny", target=tyrol)
    assert mutiny["admiral"] == tyrol and mutiny["players"][tyrol]["nukes"] == 2


@pytest.mark.rules("bsg:R420", "bsg:R704")
def test_roslin_draws_one_more_quorum_card_and_puts_one_at_the_bottom() -> None:
    state = at_action(["laura_roslin", "william_adama", "kara_thrace", "tom_zarek", "galen_tyrol"])
    seat = state["current"]
    state["players"][seat]["location"] = "presidents_office"
    state = act(state, seat, "activate_location")
    assert RULES.pending(state)[0].prompt == "put_quorum_card_at_bottom"
    drawn = state["prompt"]["cards"]
    assert len(drawn) == 2 and "cards" not in RULES.view(state, (seat + 1) % 5)["prompt"]
    state = act(state, seat, "bottom_quorum", card=drawn[0])
    assert state["decks"]["quorum"][0] == drawn[0] and state["players"][seat]["quorum"] == [drawn[1]]
    assert RULES.pending(state)[0].prompt == "presidents_office_choice"


@pytest.mark.rules("bsg:R008")
def test_the_president_discards_down_to_ten_quorum_cards_at_the_end_of_the_turn() -> None:
    state = at_action()
    seat = state["current"]
    president = state["president"]
    hand = state["players"][president]["quorum"]
    while len(hand) < 12:
        hand.append(state["decks"]["quorum"].pop())
    state["step"] = "jump"
    state = act(state, seat, "prepare_jump")
    decision = RULES.pending(state)[0]
    assert decision.prompt == "discard_quorum_to_hand_limit" and decision.seats == {president}
    assert state["current"] == seat
    state = act(state, president, "discard_quorum", card=state["players"][president]["quorum"][0])
    assert RULES.pending(state)[0].prompt == "discard_quorum_to_hand_limit"
    state = act(state, president, "discard_quorum", card=state["players"][president]["quorum"][0])
    assert len(state["players"][president]["quorum"]) == 10 and len(state["decks"]["quorum_discard"]) == 2
    assert state["current"] == (seat + 1) % 5


@pytest.mark.rules("bsg:R704", "bsg:R420")
def test_the_mission_specialist_chooses_the_next_destination_from_three() -> None:
    state = to_step(start_game(5, FIVE), "crisis")
    seat = state["current"]
    specialist = seat_of(state, "galen_tyrol")
    state["decks"]["quorum"].remove("assign_mission_specialist")
    state["attached"] = [{"card": "assign_mission_specialist", "seat": specialist}]
    state["decks"]["crisis"].append("water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state = play(state, seat, "draw_crisis", "activate_cylons")
    state = act(state, seat, "prepare_jump")
    decision = RULES.pending(state)[0]
    assert decision.prompt == "choose_destination" and decision.seats == {specialist}
    assert len(state["prompt"]["cards"]) == 3 and state["attached"] == []
    assert state["decks"]["quorum_discard"] == ["assign_mission_specialist"]


@pytest.mark.rules("bsg:R420", "bsg:R611")
def test_brutal_force_destroys_three_raiders_and_accept_prophecy_draws_two_picked_cards() -> None:
    state = at_action(hand=["authorization_of_brutal_force", "accept_prophecy"])
    seat = state["current"]
    for area in state["space"]:
        state["supply"]["raider"] += state["space"][area]["raider"]
        state["space"][area]["raider"] = 0
    state["space"]["upper_fore"]["raider"], state["space"]["aft"]["raider"] = 2, 2
    state["supply"]["raider"] -= 4
    after = act(state, seat, "play_quorum", card="authorization_of_brutal_force")
    assert after["space"]["upper_fore"]["raider"] == 0 and after["space"]["aft"]["raider"] == 1
    held = len(state["players"][seat]["hand"])
    assert {"card": "accept_prophecy", "picks": ["tactics", "engineering"]} in plays(state, seat)
    after = act(state, seat, "play_quorum", card="accept_prophecy", picks=["tactics", "engineering"])
    new = after["players"][seat]["hand"][held:]
    assert sorted(skill_of(c) for c in new) == ["engineering", "tactics"]


@pytest.mark.rules("bsg:R008", "bsg:R704")
def test_the_quorum_hand_limit_waits_for_the_destinations_raptor_question() -> None:
    """R008 at the end of a turn whose Auto Jump reached Tylium Planet: the Admiral is asked whether he risks a
    raptor (RULINGS C6), and only then does the President, holding 12 Quorum cards, discard down to 10; the
    question is not lost to the hand limit."""
    state = at_action()
    seat = state["current"]
    president, admiral = state["president"], state["admiral"]
    hand = state["players"][president]["quorum"]
    while len(hand) < 12:
        hand.append(state["decks"]["quorum"].pop())
    state["step"] = "jump"
    state["jump"] = len(CONTENT.board.jump_track) - 1
    state = act(state, seat, "prepare_jump")
    if "tylium_planet" not in state["prompt"]["cards"]:
        state["prompt"]["cards"][0] = "tylium_planet"
    state = act(state, state["prompt"]["seat"], "choose_destination", card="tylium_planet")
    decision = RULES.pending(state)[0]
    assert decision.prompt == "risk_raptor" and decision.seats == {admiral}
    state = act(state, admiral, "risk_raptor", risk=False)
    decision = RULES.pending(state)[0]
    assert decision.prompt == "discard_quorum_to_hand_limit" and decision.seats == {president}
    for _ in range(2):
        state = act(state, president, "discard_quorum", card=state["players"][president]["quorum"][0])
    assert len(state["players"][president]["quorum"]) == 10 and state["current"] == (seat + 1) % 5
