"""How the game ends for the Cylon side (bsg:R708, R711, R002, R401): the end reveals every loyalty card to
everyone, the teams count unrevealed Cylons with the Cylons and a human Sympathizer with the humans, a
reveal's sabotage can destroy Galactica on the spot; and a Caprica crisis whose choice falls to the President,
Boomer's second card after her reveal (R402g)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.state import card_id
from games.engine.core import Event
from tests.bsg.engine.helpers import BASE_5, act, act_events, start_game, to_step
from tests.bsg.engine.test_loyalty import set_loyalty, sleeper_turn, trim_hand
from tests.bsg.engine.test_revealed import cylon_at


def seen(event: Event, seat: int | None) -> Mapping[str, Any]:
    data = event.for_seat(seat)
    assert data is not None
    return data


@pytest.mark.rules("bsg:R708", "bsg:R711", "bsg:R401", "bsg:R002")
def test_the_end_reveals_every_loyalty_card_and_names_both_teams() -> None:
    """The food runs out at the end of a turn: the Cylons win, the revealed one and the hidden one; the
    Sympathizer in the Brig is on the humans' side; the last event shows every seat's cards to everyone."""
    state = to_step(start_game(5, BASE_5), "crisis")
    seat = state["current"]
    revealed, hidden, sympathizer = (seat + 1) % 5, (seat + 2) % 5, (seat + 3) % 5
    for s in range(5):
        set_loyalty(state, s, "not_a_cylon")
    set_loyalty(state, revealed, "cylon_reduce_morale")
    state["players"][revealed]["revealed"] = state["players"][revealed]["loyalty"]
    state["players"][revealed]["loyalty"] = []
    state["players"][revealed]["cylon"] = True
    (hidden_card,) = set_loyalty(state, hidden, "cylon_send_to_brig")
    (symp,) = set_loyalty(state, sympathizer, "sympathizer")
    state["players"][sympathizer]["revealed"] = [symp]
    state["players"][sympathizer]["loyalty"] = []
    state["decks"]["crisis"].append("water_sabotaged")
    state["resources"]["food"] = 2
    state = act(state, seat, "draw_crisis")
    state = act(state, seat, "activate_cylons")
    while state["activation"] is not None:
        area = RULES.legal_commands(state, seat)[0].args["area"]
        state = act(state, seat, "activate_area", area=area)
    state, events = act_events(state, seat, "prepare_jump")
    result = RULES.result(state)
    assert result is not None and result.reason == "resource_exhausted"
    assert result.winners == {revealed, hidden}
    assert result.teams == [sorted(set(range(5)) - {revealed, hidden}), sorted({revealed, hidden})]
    over = next(e for e in events if e.kind == "game_over")
    for s in [None, *range(5)]:
        shown = seen(over, s)["loyalty"]
        assert hidden_card in shown[str(hidden)] and shown[str(sympathizer)] == [symp]
    assert all(p["loyalty"] == [] for p in state["players"])
    assert RULES.pending(state) == [] and RULES.legal_commands(state, seat) == []


def _food_runs_out(state: dict[str, Any]) -> dict[str, Any]:
    """The current seat's turn on from its Crisis step, drawing Water Sabotaged with 2 food left."""
    seat = state["current"]
    state["decks"]["crisis"].append("water_sabotaged")
    state["resources"]["food"] = 2
    state = act(state, seat, "draw_crisis")
    state = act(state, seat, "activate_cylons")
    while state["activation"] is not None:
        area = RULES.legal_commands(state, seat)[0].args["area"]
        state = act(state, seat, "activate_area", area=area)
    return act(state, seat, "prepare_jump")


@pytest.mark.rules("bsg:R708")
def test_a_cylon_victory_with_no_cylon_at_the_table_is_everyones_loss() -> None:
    """RULINGS G44: every player holds only "You Are Not a Cylon" when the food runs out: nobody wins, the
    players lose together, in one place and with no team of nobody."""
    state = to_step(start_game(5, BASE_5), "crisis")
    for s in range(5):
        set_loyalty(state, s, "not_a_cylon")
    state = _food_runs_out(state)
    result = RULES.result(state)
    assert result is not None and result.reason == "resource_exhausted"
    assert state["result"]["winner"] == "cylons"
    assert result.winners == frozenset()
    assert result.cooperative
    assert [list(group) for group in result.ranking] == [[0, 1, 2, 3, 4]]
    assert list(result.teams) == []


@pytest.mark.rules("bsg:R708")
def test_a_cylon_victory_with_a_cylon_at_the_table_is_no_shared_loss() -> None:
    """The same end with one hidden Cylon: he wins alone, the others lose, two teams (RULINGS G44)."""
    state = to_step(start_game(5, BASE_5), "crisis")
    for s in range(5):
        set_loyalty(state, s, "not_a_cylon")
    set_loyalty(state, 3, "cylon_send_to_brig")
    result = RULES.result(_food_runs_out(state))
    assert result is not None and result.winners == {3} and not result.cooperative
    assert [list(group) for group in result.ranking] == [[3], [0, 1, 2, 4]]
    assert [list(team) for team in result.teams] == [[0, 1, 2, 4], [3]]


@pytest.mark.rules("bsg:R708", "bsg:R501")
def test_a_standing_pass_lapses_when_the_game_ends() -> None:
    """A seat passing on every check until its next turn (RULINGS G43) is told so no longer once the game is
    over: no check comes any more (its own part showed the order on the result page)."""
    state = to_step(start_game(5, BASE_5), "crisis")
    waiting = (state["current"] + 1) % 5
    state = act(state, waiting, "check_standing", mode="pass_until_my_turn")
    assert RULES.view(state, waiting)["players"][waiting]["standing"] == "pass_until_my_turn"
    state = _food_runs_out(state)
    assert RULES.result(state) is not None
    assert RULES.view(state, waiting)["players"][waiting]["standing"] == "off"


@pytest.mark.rules("bsg:R708", "bsg:R616", "bsg:R402")
def test_a_sabotage_reveal_can_destroy_galactica_at_once() -> None:
    state = to_step(start_game(5, BASE_5), "action")
    seat = state["current"]
    (cylon,) = set_loyalty(state, seat, "cylon_damage_galactica")
    state["damage"] = ["ftl_control", "weapons_control", "command", "armory", "hangar_deck"]
    for token in ("dmg_ftl_control", "dmg_weapons_control", "dmg_command", "dmg_armory", "dmg_hangar_deck"):
        state["decks"]["galactica_damage"].remove(token)
    state["decks"]["galactica_damage"].remove("dmg_admirals_quarters")
    state["decks"]["galactica_damage"] += ["dmg_admirals_quarters", "dmg_lost_food"]
    state = act(state, seat, "reveal_loyalty", card=cylon)
    state = act(state, seat, "choose_damage", card="dmg_admirals_quarters")
    result = RULES.result(state)
    assert result is not None and result.reason == "galactica_destroyed" and seat in result.winners
    assert state["phase"] == "over" and RULES.pending(state) == []


@pytest.mark.rules("bsg:R309", "bsg:R005", "bsg:R264")
def test_a_caprica_choice_crisis_goes_to_its_chooser_then_to_the_jump_icon() -> None:
    state = cylon_at("caprica")
    seat = state["current"]
    state["decks"]["crisis"] += ["cylon_swarm", "food_shortage"]
    state = act(state, seat, "activate_cylon_location", option=1)
    state = act(state, seat, "choose_caprica_crisis", card="food_shortage")
    president = state["president"]
    decision = RULES.pending(state)[0]
    assert decision.prompt == "choose_crisis_option" and decision.seats == {president}
    food = state["resources"]["food"]
    state = act(state, president, "choose_option", option=0)
    assert state["resources"]["food"] == food - 2 and state["step"] == "jump"


@pytest.mark.rules("bsg:R402", "bsg:R405", "bsg:R403")
def test_boomer_revealed_before_the_sleeper_phase_still_draws_two_and_gives_them_away() -> None:
    """R402g (RULINGS A1): a revealed Boomer draws her two cards in the Sleeper phase and, a revealed Cylon
    now, gives them to a human of her choice."""
    state = sleeper_turn(4, ["william_adama", "laura_roslin", "sharon_valerii", "gaius_baltar"])
    boomer = next(p["seat"] for p in state["players"] if p["character"] == "sharon_valerii")
    p = state["players"][boomer]
    p["cylon"], p["location"] = True, "resurrection_ship"
    p["revealed"], p["loyalty"] = p["loyalty"], []
    trim_hand(state, boomer)
    deck = state["decks"]["loyalty"]
    symp = [c for c in deck if card_id(c) == "sympathizer"]
    for c in symp:  # keep the Sympathizer out of this test
        deck.remove(c)
        deck.insert(0, c)
    admiral = state["admiral"]
    state = act(state, admiral, "choose_destination", card="icy_moon")
    assert len(state["players"][boomer]["loyalty"]) == 2 and state["give_away"] == [boomer]
    human = (boomer + 1) % 4
    before = len(state["players"][human]["loyalty"])
    state = act(state, boomer, "give_loyalty", to=human)
    assert len(state["players"][human]["loyalty"]) == before + 2 and state["players"][boomer]["loyalty"] == []
