"""Answering skill checks in advance (bsg:R501 step 4, RULINGS G43): a seat's standing pass, given at any time
as an interrupt, finishes its contribution as soon as a check waits on it; the order is the seat's secret."""

from __future__ import annotations

import pytest

from games.bsg.engine.rules import RULES
from games.engine.core import Command, IllegalCommand
from tests.bsg.engine.helpers import BASE_5, State, act, act_events, play, start_game, to_step
from tests.bsg.engine.test_checks import at_check


def _top_crisis(state: State, card: str) -> State:
    state["decks"]["crisis"].append(card)
    return state


def _stand(state: State, seat: int, mode: str) -> State:
    return act(state, seat, "check_standing", mode=mode)


@pytest.mark.rules("bsg:R501", "bsg:R502")
def test_a_pass_on_this_check_finishes_the_seats_contribution_when_the_check_reaches_it() -> None:
    state = at_check()
    first, second, third = state["check"]["order"][:3]
    assert {"kind": "check_standing", "mode": "pass_this_check"} in RULES.view(state, third)["players"][
        third
    ]["interrupts"]
    state = _stand(state, third, "pass_this_check")
    assert RULES.seats_to_act(state) == {first}  # nothing happens before the check reaches the seat
    state = act(state, first, "finish_contributing")
    hand = list(state["players"][third]["hand"])
    state, events = act_events(state, second, "finish_contributing")
    passed = [e for e in events if e.kind == "check_passed_in_advance"]
    assert len(passed) == 1 and passed[0].data == {"seat": third, "count": 0} and passed[0].visible_to is None
    assert state["check"]["played"][str(third)] == [] and state["players"][third]["hand"] == hand
    assert RULES.seats_to_act(state) == {state["check"]["order"][3]}
    assert state["check"]["passing"] == []  # spent


@pytest.mark.rules("bsg:R501")
def test_the_seat_waited_on_may_pass_in_advance_and_is_done_at_once() -> None:
    state = at_check()
    first = state["check"]["order"][0]
    state, events = act_events(state, first, "check_standing", mode="pass_this_check")
    assert [e.kind for e in events] == ["standing_pass_this_check", "check_passed_in_advance"]
    assert events[0].visible_to == frozenset({first})  # the order itself is the seat's own
    assert state["check"]["at"] == 1


@pytest.mark.rules("bsg:R501")
def test_a_pass_on_this_check_is_refused_without_a_check_or_once_the_seat_answered() -> None:
    state = to_step(start_game(5, BASE_5), "crisis")
    with pytest.raises(IllegalCommand) as info:
        _stand(state, state["current"], "pass_this_check")
    assert info.value.code == "standing_order_not_possible" and info.value.rule == "bsg:R501"
    with pytest.raises(IllegalCommand) as info:
        _stand(state, state["current"], "off")  # nothing to withdraw
    assert info.value.code == "standing_order_not_possible"
    with pytest.raises(IllegalCommand) as info:
        _stand(state, state["current"], "always")
    assert info.value.code == "bad_argument"
    state = at_check()
    first = state["check"]["order"][0]
    state = act(state, first, "finish_contributing")
    with pytest.raises(IllegalCommand) as info:
        _stand(state, first, "pass_this_check")
    assert info.value.code == "standing_order_not_possible"


@pytest.mark.rules("bsg:R501")
def test_stop_passing_withdraws_the_order_before_the_check_reaches_the_seat() -> None:
    state = at_check()
    first, second = state["check"]["order"][:2]
    state = _stand(state, second, "pass_this_check")
    state = _stand(state, second, "off")
    state = act(state, first, "finish_contributing")
    assert RULES.seats_to_act(state) == {second}  # he answers himself again


@pytest.mark.rules("bsg:R501", "bsg:R010")
def test_a_pass_until_my_turn_covers_other_turns_checks_not_the_current_players_own() -> None:
    state = to_step(start_game(5, BASE_5), "crisis")
    current = state["current"]
    order = [(current + i) % 5 for i in range(1, 6)]
    state = _stand(state, order[1], "pass_until_my_turn")
    state = _stand(state, current, "pass_until_my_turn")  # given on his own turn: not for this turn's checks
    state = _top_crisis(state, "security_breach")
    state = act(state, current, "draw_crisis")
    assert RULES.seats_to_act(state) == {order[0]}
    state, events = act_events(state, order[0], "finish_contributing")
    assert [e.data["seat"] for e in events if e.kind == "check_passed_in_advance"] == [order[1]]
    for seat in order[2:4]:
        state = act(state, seat, "finish_contributing")
    assert RULES.seats_to_act(state) == {current}  # the current player still decides
    assert state["standing"] == {str(order[1]): state["turn_no"], str(current): state["turn_no"]}


@pytest.mark.rules("bsg:R501", "bsg:R255")
def test_a_pass_until_my_turn_lapses_when_the_seats_turn_begins() -> None:
    state = _top_crisis(to_step(start_game(5, BASE_5), "crisis"), "water_sabotaged")
    current = state["current"]
    nxt = (current + 1) % 5
    state = _stand(state, nxt, "pass_until_my_turn")
    assert RULES.view(state, nxt)["players"][nxt]["interrupts"][-1] == {
        "kind": "check_standing",
        "mode": "off",
    }
    state = play(state, current, "draw_crisis", "activate_cylons")
    state, events = act_events(state, current, "prepare_jump")
    assert state["current"] == nxt and state.get("standing") == {}
    lapsed = [e for e in events if e.kind == "standing_order_lapsed"]
    assert len(lapsed) == 1 and lapsed[0].visible_to == frozenset({nxt})


@pytest.mark.rules("bsg:R501", "bsg:R502")
def test_the_order_is_seen_by_its_seat_alone() -> None:
    state = at_check()
    first, second, third = state["check"]["order"][:3]
    before = {s: RULES.view(state, s) for s in (first, second, None)}
    state = _stand(state, third, "pass_until_my_turn")
    state = _stand(state, second, "pass_this_check") if second != state["current"] else state
    assert RULES.view(state, first) == before[first] and RULES.view(state, None) == before[None]
    mine = RULES.view(state, third)["players"][third]["interrupts"]
    assert {"kind": "check_standing", "mode": "off"} in mine
    assert {"kind": "check_standing", "mode": "pass_until_my_turn"} not in mine


@pytest.mark.rules("bsg:R501")
def test_the_order_is_an_interrupt_not_a_legal_command() -> None:
    state = at_check()
    third = state["check"]["order"][2]
    assert all(c.kind != "check_standing" for c in RULES.legal_commands(state, third))
    assert Command(third, "check_standing", {"mode": "pass_this_check"}) in RULES.interrupts(state, third)
