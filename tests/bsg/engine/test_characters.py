"""Character sheets (bsg:R220 C, R454, R201, R008, R260, R435, RULINGS C3, G3): the once-per-game actions, and
the abilities and weaknesses the engine keeps in force."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.state import skill_of
from games.bsg.engine.turns import receive_choices
from games.engine.core import Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import State, act, act_events, start_game, to_step

LINEUPS = {  # valid choices (R104): the first character is the first player's
    "tom_zarek": ["tom_zarek", "william_adama", "kara_thrace", "laura_roslin", "galen_tyrol"],
    "gaius_baltar": ["gaius_baltar", "william_adama", "kara_thrace", "laura_roslin", "galen_tyrol"],
    "kara_thrace": ["kara_thrace", "laura_roslin", "william_adama", "gaius_baltar", "galen_tyrol"],
    "saul_tigh": ["saul_tigh", "laura_roslin", "kara_thrace", "william_adama", "galen_tyrol"],
    "william_adama": ["william_adama", "laura_roslin", "lee_adama", "gaius_baltar", "galen_tyrol"],
    "sharon_valerii": ["sharon_valerii", "laura_roslin", "william_adama", "gaius_baltar", "galen_tyrol"],
    "galen_tyrol": ["galen_tyrol", "laura_roslin", "william_adama", "kara_thrace", "gaius_baltar"],
    "lee_adama": ["lee_adama", "william_adama", "laura_roslin", "gaius_baltar", "saul_tigh"],
    "laura_roslin": ["laura_roslin", "william_adama", "kara_thrace", "gaius_baltar", "galen_tyrol"],
}


def game(first: str, step: str = "action") -> State:
    return to_step(start_game(5, LINEUPS[first]), step)


def seat_of(state: State, character: str) -> int:
    return int(next(p["seat"] for p in state["players"] if p["character"] == character))


def uses(state: State, seat: int) -> list[dict[str, Any]]:
    return [dict(c.args) for c in RULES.legal_commands(state, seat) if c.kind == "use_ability"]


@pytest.mark.rules("bsg:R220", "bsg:R454")
def test_zarek_takes_the_presidency_once_per_game() -> None:
    state = game("tom_zarek")
    seat = state["current"]
    assert state["president"] != seat and uses(state, seat) == [{}]
    state = act(state, seat, "use_ability")
    assert state["president"] == seat and seat in state["once_used"] and state["step"] == "crisis"
    assert uses(state, seat) == []
    state["step"] = "action"
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "use_ability")
    assert (info.value.code, info.value.rule) == ("ability_already_used", "bsg:R454")


@pytest.mark.rules("bsg:R220", "bsg:R423")
def test_adama_sends_a_character_to_the_brig_without_a_check() -> None:
    state = game("william_adama")
    seat = state["current"]
    tyrol = seat_of(state, "galen_tyrol")
    assert {"target": tyrol} in uses(state, seat) and {"target": seat} not in uses(state, seat)
    state = act(state, seat, "use_ability", target=tyrol)
    assert state["players"][tyrol]["location"] == "brig"


@pytest.mark.rules("bsg:R220", "bsg:R401")
def test_baltar_looks_at_every_loyalty_card_of_another_player_in_secret() -> None:
    state = game("gaius_baltar")
    seat = state["current"]
    roslin = seat_of(state, "laura_roslin")
    state, events = act_events(state, seat, "use_ability", target=roslin)
    look = next(e for e in events if e.kind == "loyalty_looked_at")
    assert look.visible_to == frozenset({seat}) and look.data["cards"] == state["players"][roslin]["loyalty"]
    assert RULES.view(state, seat)["players"][seat]["known_loyalty"] == sorted(
        state["players"][roslin]["loyalty"]
    )


@pytest.mark.rules("bsg:R220", "bsg:R230")
def test_boomer_reorders_the_top_three_crisis_cards() -> None:
    state = game("sharon_valerii")
    seat = state["current"]
    top = list(reversed(state["decks"]["crisis"][-3:]))
    state, events = act_events(state, seat, "use_ability")
    assert next(e for e in events if e.kind == "deck_looked_at").data["cards"] == top
    orders = [c.args["order"] for c in RULES.legal_commands(state, seat)]
    assert len(orders) == 6 and all(sorted(o) == sorted(top) for o in orders)
    state = act(state, seat, "arrange_cards", order=[top[2], top[0], top[1]])
    assert list(reversed(state["decks"]["crisis"][-3:])) == [top[2], top[0], top[1]]
    state = act(state, seat, "draw_crisis")
    assert state["crisis"] == top[2] or state["check"] is not None


@pytest.mark.rules("bsg:R220", "bsg:R300")
def test_tyrol_repairs_every_damaged_location() -> None:
    state = game("galen_tyrol")
    seat = state["current"]
    assert uses(state, seat) == []  # nothing damaged
    for token, loc in (("dmg_armory", "armory"), ("dmg_command", "command")):
        state["decks"]["galactica_damage"].remove(token)
        state["damage"].append(loc)
    state = act(state, seat, "use_ability")
    assert state["damage"] == [] and len(state["decks"]["galactica_damage"]) == 8


@pytest.mark.rules("bsg:R220", "bsg:R250")
def test_starbuck_moves_the_fleet_token_and_tigh_hands_the_presidency_to_the_admiral() -> None:
    state = game("kara_thrace")
    seat = state["current"]
    state = act(state, seat, "use_ability")
    assert state["jump"] == 1
    state = game("saul_tigh")
    seat = state["current"]
    assert state["admiral"] != state["president"]
    state = act(state, seat, "use_ability")
    assert state["president"] == state["admiral"]


@pytest.mark.rules("bsg:R220", "bsg:R620")
def test_apollo_cag_activates_six_unpiloted_vipers() -> None:
    state = game("lee_adama")
    state = act(state, state["current"], "use_ability")
    assert state["viper_acts"] == {"seat": state["current"], "left": 6, "mode": "unpiloted"}


@pytest.mark.rules("bsg:R435", "bsg:R260")
def test_no_character_ability_in_the_brig() -> None:
    state = game("tom_zarek")
    seat = state["current"]
    state["players"][seat]["location"] = "brig"
    assert uses(state, seat) == []
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "use_ability")
    assert info.value.code == "ability_not_usable"


@pytest.mark.rules("bsg:R220")
def test_roslin_discards_two_cards_at_random_after_using_a_location() -> None:
    state = game("laura_roslin")
    seat = state["current"]
    state["players"][seat]["location"] = "press_room"
    held = len(state["players"][seat]["hand"])
    state = act(state, seat, "activate_location")
    assert len(state["players"][seat]["hand"]) == held + 2 - 2


@pytest.mark.rules("bsg:R201")
def test_baltar_draws_one_card_of_any_type_and_tigh_one_fewer_when_morale_is_low() -> None:
    state = game("gaius_baltar", "receive")
    seat = state["current"]
    choices = receive_choices(state, seat)
    assert len(choices) == 5 and ["piloting"] in choices
    held = len(state["players"][seat]["hand"])
    after = act(state, seat, "receive_skills", picks=["piloting"])
    new = after["players"][seat]["hand"][held:]
    assert len(new) == 5 and "piloting" in [skill_of(c) for c in new]
    state = game("saul_tigh", "receive")
    seat = state["current"]
    held = len(state["players"][seat]["hand"])
    assert len(act(state, seat, "receive_skills", picks=[])["players"][seat]["hand"]) == held + 5
    state["resources"]["morale"] = 5
    assert len(act(state, seat, "receive_skills", picks=[])["players"][seat]["hand"]) == held + 4


@pytest.mark.rules("bsg:R008")
def test_apollo_may_hold_only_eight_cards_at_the_end_of_a_turn() -> None:
    state = game("william_adama", "action")
    apollo = seat_of(state, "lee_adama")
    deck = state["decks"]["skill"]["piloting"]
    for seat in range(5):
        hand = state["players"][seat]["hand"]
        while len(hand) > 5:
            state["decks"]["skill_discard"][skill_of(hand[-1])].append(hand.pop())
    while len(state["players"][apollo]["hand"]) < 9:
        state["players"][apollo]["hand"].append(deck.pop())
    state["step"] = "jump"
    state = act(state, state["current"], "prepare_jump")
    assert state["discards"] == [apollo]
    state = act(state, apollo, "discard_excess", card=state["players"][apollo]["hand"][0])
    assert state["discards"] == [] and len(state["players"][apollo]["hand"]) == 8


@pytest.mark.rules("bsg:R305")
def test_starbuck_is_easier_to_send_to_the_brig() -> None:
    state = game("laura_roslin")
    seat = state["current"]
    state["players"][seat]["location"] = "admirals_quarters"
    starbuck = seat_of(state, "kara_thrace")
    tyrol = seat_of(state, "galen_tyrol")
    assert act(state, seat, "activate_location", target=starbuck)["check"]["difficulty"] == 5
    assert act(state, seat, "activate_location", target=tyrol)["check"]["difficulty"] == 7


@pytest.mark.rules("bsg:R230")
def test_roslin_cancels_a_crisis_before_anyone_has_put_a_card_in() -> None:
    state = game("william_adama", "crisis")
    roslin = seat_of(state, "laura_roslin")
    state["decks"]["crisis"] += ["food_shortage", "security_breach"]
    state = act(state, state["current"], "draw_crisis")
    assert state["check"] is not None
    assert {"kind": "cancel_crisis"} in RULES.view(state, roslin)["players"][roslin]["interrupts"]
    assert all(v.get("interrupts") is None for v in RULES.view(state, roslin)["players"] if v["seat"] != roslin)
    destiny = len(state["decks"]["destiny"])
    state = act(state, roslin, "cancel_crisis")
    assert state["crisis"] == "food_shortage" and state["check"] is None
    assert state["decks"]["crisis_discard"] == ["security_breach"] and roslin in state["once_used"]
    assert len(state["decks"]["destiny"]) == destiny + 2
    assert RULES.pending(state)[0].prompt == "choose_crisis_option"
    assert {"kind": "cancel_crisis"} not in RULES.view(state, roslin)["players"][roslin]["interrupts"]
    with pytest.raises(IllegalCommand) as info:
        act(state, roslin, "cancel_crisis")
    assert info.value.code == "ability_not_usable"


@pytest.mark.rules("bsg:R308", "bsg:R610")
def test_helo_adds_one_to_the_armory_roll() -> None:
    helo = ["laura_roslin", "karl_agathon", "kara_thrace", "william_adama", "galen_tyrol"]
    for lineup, hit in ((helo, "destroyed"), (LINEUPS["laura_roslin"], "missed")):
        state = to_step(start_game(5, lineup), "action")
        seat = (state["current"] + 1) % 5  # Helo, or Adama
        state["current"] = seat
        state["players"][seat]["location"] = "armory"
        state["players"][seat]["stranded"] = False
        state["boarding"] = [1]
        for seed in range(1, 200):
            out = RULES.apply(state, Command(seat, "activate_location", {}), Rng.from_seed(seed))
            rolled = next(e for e in out.events if e.kind == "attack_rolled")
            if rolled.data["roll"] == 6:
                assert rolled.data["result"] == hit
                break
        else:
            raise AssertionError("no seed rolls a 6")
