"""One activation per Cylon ship per turn (bsg:R602, RULINGS A3): the table option ``ship_activation_limit``,
``per_turn`` (the rulebook's text, the default) or ``per_activation``.

No base card activates a ship twice in one player's turn, so the second activation is built: after the
Cylon ship step, the turn is put back at that step, as a card's text calling for another activation would."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine.messages import CHOICES, OPTIONS
from games.bsg.engine.options import PER_ACTIVATION, PER_TURN, SHIP_ACTIVATION_LIMIT
from games.bsg.engine.rules import RULES
from games.engine.core import Event, IllegalCommand
from tests.bsg.engine.helpers import BASE_5, State, act, act_events, place_only, play, start_game, to_step
from tests.bsg.engine.test_revealed import cylon_at, give_super_crisis


def at_activation(limit: str, card: str = "water_sabotaged", **areas: dict[str, int]) -> State:
    """The current seat at the Cylon ship step after Water Sabotaged (-2 food); with another ``card``, that
    one is the crisis in play instead (its icon), the two swapped in the deck."""
    state = to_step(start_game(5, BASE_5, options={SHIP_ACTIVATION_LIMIT: limit}), "crisis")
    deck = state["decks"]["crisis"]
    deck.remove("water_sabotaged")
    deck.append("water_sabotaged")
    state = act(state, state["current"], "draw_crisis")
    assert state["step"] == "activation"
    if card != "water_sabotaged":
        deck = state["decks"]["crisis"]
        deck[deck.index(card)] = state["crisis"]
        state["crisis"] = card
    return place_only(state, **areas)


def again(state: State) -> State:
    """Back at the Cylon ship step of the same turn: the crisis's icons activate once more."""
    assert state["step"] == "jump"
    state["step"] = "activation"
    return state


def skipped(events: list[Event]) -> list[int]:
    return [e.data["count"] for e in events if e.kind == "ships_already_activated"]


# --- the option ---------------------------------------------------------------------------------------------


@pytest.mark.rules("bsg:R602")
def test_the_limit_is_a_detail_option_whose_default_is_the_rulebooks_text() -> None:
    spec = next(o for o in RULES.option_schema() if o["name"] == SHIP_ACTIVATION_LIMIT)
    assert spec["type"] == "choice" and spec["default"] == PER_TURN and spec["detail"] is True
    assert spec["choices"] == [PER_TURN, PER_ACTIVATION]
    assert {spec["label"], spec["help"]} <= set(OPTIONS)
    assert {f"{SHIP_ACTIVATION_LIMIT}.{c}" for c in spec["choices"]} <= set(CHOICES)
    assert RULES.validate_options(5, {})[SHIP_ACTIVATION_LIMIT] == PER_TURN
    assert RULES.validate_options(5, {SHIP_ACTIVATION_LIMIT: PER_ACTIVATION})[SHIP_ACTIVATION_LIMIT] == PER_ACTIVATION
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(5, {SHIP_ACTIVATION_LIMIT: "never"})
    assert info.value.code == "bad_option_value"


# --- raiders ------------------------------------------------------------------------------------------------


@pytest.mark.rules("bsg:R602", "bsg:R604")
@pytest.mark.scenarios("bsg:AS-49")
def test_a_raider_activated_earlier_in_the_turn_does_not_act_again() -> None:
    """AS-49: two raiders in fore move toward the civilian ship astern (three steps either way: clockwise, to
    upper fore). A second activation in the same turn finds them both spent: no area to pick, they stay."""
    state = at_activation(PER_TURN, fore={"raider": 2}, aft={"civilian": 1})
    seat = state["current"]
    state = play(state, seat, "activate_cylons")
    assert state["space"]["upper_fore"]["raider"] == 2 and state["acted"]["raider"] == {"upper_fore": 2}
    state, events = act_events(again(state), seat, "activate_cylons")
    assert state["activation"] is None and state["step"] == "jump"
    assert state["space"]["upper_fore"]["raider"] == 2 and state["space"]["upper_aft"]["raider"] == 0
    assert skipped(events) == [2] and not [e for e in events if e.kind == "raider_moved"]


@pytest.mark.rules("bsg:R602", "bsg:R604")
def test_a_raider_arriving_after_the_first_activation_still_acts_alone() -> None:
    state = at_activation(PER_TURN, fore={"raider": 2}, aft={"civilian": 1})
    seat = state["current"]
    state = play(state, seat, "activate_cylons")
    state["space"]["upper_fore"]["raider"] += 1  # a raider new to the board, as a launch would bring
    state["supply"]["raider"] -= 1
    state, events = act_events(again(state), seat, "activate_cylons")
    assert state["activation"]["todo"] == {"upper_fore": 1} and skipped(events) == [2]
    state, events = act_events(state, seat, "activate_area", area="upper_fore")
    assert [e.data["to"] for e in events if e.kind == "raider_moved"] == ["upper_aft"]
    assert state["space"]["upper_fore"]["raider"] == 2 and state["space"]["upper_aft"]["raider"] == 1
    assert state["acted"]["raider"] == {"upper_fore": 2, "upper_aft": 1}


@pytest.mark.rules("bsg:R602", "bsg:R604")
def test_per_activation_every_activation_moves_the_raiders_again() -> None:
    state = at_activation(PER_ACTIVATION, fore={"raider": 2}, aft={"civilian": 1})
    seat = state["current"]
    state = play(state, seat, "activate_cylons")
    assert state["acted"]["raider"] == {}
    state, events = act_events(again(state), seat, "activate_cylons")
    assert state["activation"]["todo"] == {"upper_fore": 2} and skipped(events) == []
    state = act(state, seat, "activate_area", area="upper_fore")
    assert state["space"]["upper_aft"]["raider"] == 2 and state["step"] == "jump"


# --- heavy raiders and centurions, basestars ---------------------------------------------------------------


@pytest.mark.rules("bsg:R602", "bsg:R606", "bsg:R625")
@pytest.mark.parametrize(("limit", "boarded"), [(PER_TURN, False), (PER_ACTIVATION, True)])
def test_a_heavy_raider_that_moved_this_turn_does_not_board_with_the_limit(limit: str, boarded: bool) -> None:
    """From fore it moves to lower fore, a launch area; a second activation would board it. The centurion
    already aboard is no ship: it advances at every activation of the icon (RULINGS A3)."""
    state = at_activation(limit, card="dradis_contact", fore={"heavy_raider": 1})
    state["boarding"] = [0]
    seat = state["current"]
    state = play(state, seat, "activate_cylons")
    assert state["space"]["lower_fore"]["heavy_raider"] == 1 and state["boarding"] == [1]
    state, events = act_events(again(state), seat, "activate_cylons")
    assert state["boarding"] == ([2, 0] if boarded else [2])
    assert state["space"]["lower_fore"]["heavy_raider"] == (0 if boarded else 1)
    assert skipped(events) == ([] if boarded else [1])


def _basestar_attacks(events: list[Event]) -> int:
    return len([e for e in events if e.kind == "attack_rolled" and e.data["attacker"] == "basestar"])


@pytest.mark.rules("bsg:R602", "bsg:R607")
@pytest.mark.parametrize(("limit", "second"), [(PER_TURN, 0), (PER_ACTIVATION, 1)])
def test_a_basestar_fires_once_in_the_turn_with_the_limit(limit: str, second: int) -> None:
    state = at_activation(limit, card="loss_of_a_friend", fore={"basestar": 1})
    seat = state["current"]
    state, events = act_events(state, seat, "activate_cylons")
    assert _basestar_attacks(events) == 1
    state, events = act_events(again(state), seat, "activate_cylons")
    assert _basestar_attacks(events) == second and skipped(events) == ([1] if second == 0 else [])


# --- the cards and locations that activate ships -----------------------------------------------------------


@pytest.mark.rules("bsg:R602", "bsg:R312")
def test_the_cylon_fleet_leaves_raiders_activated_earlier_in_the_turn_where_they_are() -> None:
    state = cylon_at("cylon_fleet")
    seat = state["current"]
    fore = state["space"]["fore"]["raider"]
    assert fore
    state["acted"]["raider"] = {"fore": fore}  # as if activated earlier in this turn
    state, events = act_events(state, seat, "activate_cylon_location", option=0)
    assert state["space"]["fore"]["raider"] == fore and skipped(events) == [fore]
    assert state["current"] == (seat + 1) % 5 and state["acted"]["raider"] == {}


@pytest.mark.rules("bsg:R602", "bsg:R605", "bsg:R309")
def test_fleet_mobilization_a_basestar_that_fired_earlier_still_launches() -> None:
    """Launching is no activation (RULINGS A3): the basestar activated earlier this turn does not fire
    again, yet launches its 3 raiders; the new basestar and raiders astern are placed as the card says."""
    state = cylon_at("caprica")
    seat = state["current"]
    give_super_crisis(state, seat, "fleet_mobilization")
    state = place_only(state, fore={"basestar": 1})
    state["space"]["fore"]["basestar"][0]["acted"] = True  # as if activated earlier in this turn
    state, events = act_events(state, seat, "activate_cylon_location", option=0, card="fleet_mobilization")
    assert _basestar_attacks(events) == 0 and skipped(events) == [1]
    assert state["space"]["fore"]["raider"] == 3
    assert len(state["space"]["aft"]["basestar"]) == 1 and state["space"]["aft"]["raider"] == 3
    assert state["current"] == (seat + 1) % 5


# --- the record ---------------------------------------------------------------------------------------------


@pytest.mark.rules("bsg:R602", "bsg:R255")
def test_the_record_is_emptied_when_the_turn_passes() -> None:
    state = at_activation(PER_TURN, fore={"basestar": 1, "raider": 1, "civilian": 2})
    seat = state["current"]
    state["space"]["fore"]["basestar"][0]["acted"] = True  # as if it fired earlier in this turn
    state = play(state, seat, "activate_cylons")
    assert state["acted"]["raider"] == {"fore": 1}  # it destroyed a civilian ship where it stands
    for _ in range(10):
        if state["current"] != seat:
            break
        decision = RULES.pending(state)[0]
        command = RULES.legal_commands(state, next(iter(decision.seats)))[0]
        state = act(state, command.seat, command.kind, **dict(command.args))
    assert state["current"] != seat and state["phase"] == "turn"
    assert state["acted"] == {"raider": {}, "heavy_raider": {}}
    assert all("acted" not in b for w in state["space"].values() for b in w["basestar"])


@pytest.mark.rules("bsg:R602")
def test_a_raider_shot_down_is_one_not_yet_activated() -> None:
    """The engine cannot tell raiders apart: one destroyed in an area leaves the activated ones there."""
    from games.bsg.engine import acted

    state: dict[str, Any] = at_activation(PER_TURN, fore={"raider": 3})
    state["acted"]["raider"] = {"fore": 2}
    state["space"]["fore"]["raider"] = 2
    acted.settle(state, "fore")
    assert state["acted"]["raider"] == {"fore": 2} and acted.due(state, "raider", "fore") == 0
    state["space"]["fore"]["raider"] = 0
    acted.settle(state, "fore")
    assert state["acted"]["raider"] == {}
