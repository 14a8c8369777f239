"""Communications (bsg:R220 A, RULINGS C15, G38): the backs of up to 2 civilian ships, seen by the player
alone, then each may move one area."""

from __future__ import annotations

import pytest

from games.bsg.engine.rules import RULES
from games.engine.core import IllegalCommand
from tests.bsg.engine.helpers import BASE_5, State, act, act_events, place_only, start_game, to_step


def at_communications() -> State:
    state = place_only(to_step(start_game(5, BASE_5), "action"))
    state["players"][state["current"]]["location"] = "communications"
    return state


@pytest.mark.rules("bsg:R220")
def test_communications_looks_at_two_civilian_ships_and_moves_them() -> None:
    state = at_communications()
    seat = state["current"]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location")
    assert info.value.code == "no_civilian_ship_in_space"
    state["space"]["aft"]["civilian"] = [state["decks"]["civilians"].pop(), state["decks"]["civilians"].pop()]
    state["space"]["fore"]["civilian"] = [state["decks"]["civilians"].pop()]
    offered = [dict(c.args) for c in RULES.legal_commands(state, seat) if c.kind == "activate_location"]
    assert {"area": "fore", "pick": "aft"} in offered and {"area": "aft", "pick": "aft"} in offered
    aft = list(state["space"]["aft"]["civilian"])
    state, events = act_events(state, seat, "activate_location", area="aft", pick="aft")
    look = next(e for e in events if e.kind == "civilians_looked_at")
    assert look.data["cards"] == aft and look.visible_to == frozenset({seat}) and "cards" not in (look.redacted or {})
    assert RULES.pending(state)[0].prompt == "move_civilian_ships"
    assert "cards" not in RULES.view(state, (seat + 1) % 5)["prompt"]
    assert RULES.view(state, seat)["prompt"]["cards"] == aft
    state = act(state, seat, "move_civilians", to=["upper_aft", "aft"])
    assert state["space"]["upper_aft"]["civilian"] == [aft[0]] and state["space"]["aft"]["civilian"] == [
        aft[1]
    ]
    assert state["prompt"] is None and RULES.pending(state)[0].prompt == "draw_crisis"
