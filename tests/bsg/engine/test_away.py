"""What the site may answer for a seat whose player is away (bsg:R501 step 4, RULINGS G45): the engine's
``away_command`` names an empty contribution to the check that waits on that seat, and letting the total stand
in the window after the reveal; nothing for any other seat or any other decision. The clock is the site's: the
engine only says what is answerable in absence, and the answer is one of the seat's legal commands."""

from __future__ import annotations

import pytest

from games.bsg.engine.rules import RULES
from games.engine.core import Command
from tests.bsg.engine.helpers import BASE_5, act, start_game, to_step
from tests.bsg.engine.test_check_cards import at_check as emptied_check
from tests.bsg.engine.test_check_cards import everyone_done, give, reveal
from tests.bsg.engine.test_checks import at_check


@pytest.mark.rules("bsg:R501")
def test_the_answer_in_absence_is_an_empty_contribution_of_the_seat_the_check_waits_on() -> None:
    state = at_check()
    first, second = state["check"]["order"][:2]
    answer = RULES.away_command(state, first)
    assert answer == Command(first, "finish_contributing", {})
    assert answer in RULES.legal_commands(state, first)
    for seat in range(5):  # nobody else's contribution is due, so nothing is answered for them
        if seat != first:
            assert RULES.away_command(state, seat) is None
    hand = list(state["players"][first]["hand"])
    state = act(state, first, "finish_contributing")
    assert state["check"]["played"][str(first)] == [] and state["players"][first]["hand"] == hand
    assert RULES.away_command(state, first) is None
    assert RULES.away_command(state, second) == Command(second, "finish_contributing", {})


@pytest.mark.rules("bsg:R501")
def test_it_covers_the_current_players_own_check_too() -> None:
    state = at_check()
    for seat in state["check"]["order"][:-1]:
        state = act(state, seat, "finish_contributing")
    current = state["current"]
    assert state["check"]["order"][-1] == current
    assert RULES.away_command(state, current) == Command(current, "finish_contributing", {})


@pytest.mark.rules("bsg:R501", "bsg:R509")
def test_after_the_reveal_an_away_seat_lets_the_total_stand() -> None:
    state = emptied_check()
    c = state["current"]
    holder = (c + 1) % 5
    give(state, holder, "leadership", 3)  # Declare Emergency: the window asks its holder
    mine = [give(state, c, "leadership", 4), give(state, c, "leadership", 2)]
    state, _data = reveal(everyone_done(state, {c: mine}))
    assert RULES.pending(state)[0].prompt == "after_check_window"
    answer = RULES.away_command(state, holder)
    assert answer == Command(holder, "after_check", {}) and answer in RULES.legal_commands(state, holder)


def test_nothing_else_is_answered_in_absence() -> None:
    state = to_step(start_game(5, BASE_5), "action")
    assert RULES.away_command(state, state["current"]) is None  # the seat's own turn still waits for it
    assert RULES.answers_in_absence()
