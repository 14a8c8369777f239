"""Standing answers (RULINGS E50): off-turn decisions answered in advance, stored per seat in the state, set
and cleared by commands, applied by the engine when the decision comes up, and logged."""

from __future__ import annotations

import pytest

from games.ascendancy.engine import board

from .helpers import RULES, build, cmd, ev, kinds, legal, refused, run

VEGA = {"id": "vega", "slots": ["production", "research"], "xy": [45.0, 56.5], "max_lanes": 3}
LANE = ("l1", "earth", "vega", 2)
PASSAGE = {"turn": 0, "phase": "command", "systems": [VEGA], "lanes": [LANE], "ships": {1: {"L:l1:1": 1}},
           "trade_held": {0: {1: 0}}}  # the Klingon is at peace with the Federation (R49: ask for passage)


def move_in(state: dict) -> tuple[dict, list]:
    return run(state, cmd(0, "impulse", unit="ship:S:earth"), cmd(0, "step", to="L:l1:1"))


@pytest.mark.rules("ascendancy:R49")
def test_a_standing_refusal_of_passage_answers_for_the_peaceful_player_and_is_logged() -> None:
    state = build(**PASSAGE)
    assert ("standing", {"answer": "refuse_passage", "to": 0}) in legal(state, 1)  # off-turn: may answer ahead
    state, events = run(state, cmd(1, "standing", answer="refuse_passage", to=0))
    assert state["standing"] == {"1": [{"answer": "refuse_passage", "to": 0}]}
    assert ev(events, "standing_answer_set") == [{"seat": 1, "answer": "refuse_passage", "to": 0}]
    assert events[0].visible_to == frozenset({1})  # the order is the Klingon's own
    assert RULES.view(state, 1)["standing"] == [{"answer": "refuse_passage", "to": 0}]
    assert RULES.view(state, 0)["standing"] == [] and RULES.view(state, None)["standing"] == []
    moved, events = move_in(state)
    seen = kinds(events)
    assert seen[seen.index("passage_asked"):][:3] == ["passage_asked", "standing_answer_applied", "passage_answered"]
    assert ev(events, "standing_answer_applied") == [{"seat": 1, "answer": "refuse_passage", "to": 0,
                                                       "command": "refuse_passage"}]
    assert ev(events, "passage_answered")[0]["allowed"] is False
    assert moved["prompt"] is None and moved["turn"]["move"] is None  # R49: refused, the move ends
    assert moved["players"][0]["ships"]["S:earth"] == 3 and RULES.seats_to_act(moved) == {0}


@pytest.mark.rules("ascendancy:R49")
def test_a_standing_permission_lets_the_move_go_on_and_replaces_a_refusal() -> None:
    state = build(**PASSAGE)
    state, _ = run(state, cmd(1, "standing", answer="refuse_passage", to=0),
                   cmd(1, "standing", answer="allow_passage", to=0))
    assert state["standing"]["1"] == [{"answer": "allow_passage", "to": 0}]  # one answer per rival
    moved, events = move_in(state)
    assert "standing_answer_applied" in kinds(events) and ev(events, "passage_answered")[0]["allowed"] is True
    assert moved["players"][0]["ships"] == {"S:earth": 2, "L:l1:1": 1} and moved["prompt"] is None
    # An answer for another rival does not apply: the Klingon is asked as usual.
    other = build(**PASSAGE)
    other, _ = run(other, cmd(1, "standing", answer="refuse_passage", to=2))
    asked, events = move_in(other)
    assert "standing_answer_applied" not in kinds(events)
    assert RULES.decision_for(asked, 1).prompt == "passage"


@pytest.mark.rules("ascendancy:R49", "ascendancy:R79")
def test_standing_answers_are_cleared_by_command_and_refused_when_the_decision_is_open() -> None:
    state = build(**PASSAGE)
    state, _ = run(state, cmd(1, "standing", answer="refuse_passage", to=0))
    assert ("clear_standing", {"answer": "refuse_passage", "to": 0}) in legal(state, 1)
    refused(state, cmd(1, "standing", answer="refuse_passage", to=0), "standing_answer_already_given",
            "ascendancy:R49")
    state, events = run(state, cmd(1, "clear_standing", answer="refuse_passage", to=0))
    assert "1" not in state["standing"] and kinds(events) == ["standing_answer_cleared"]
    refused(state, cmd(1, "clear_standing", answer="refuse_passage", to=0), "no_such_standing_answer",
            "ascendancy:R49")
    refused(state, cmd(1, "standing", answer="refuse_trade", to=1), "bad_argument")
    refused(state, cmd(1, "standing", answer="always_win"), "unknown_standing_answer")
    asked, _ = move_in(state)  # now the Klingon is asked: the open decision is answered, not a standing one
    assert all(c.kind not in ("standing", "clear_standing") for c in RULES.legal_commands(asked, 1))
    refused(asked, cmd(1, "standing", answer="refuse_trade", to=0), "answer_the_open_decision", "ascendancy:R79")
    assert all(c.kind not in ("standing", "clear_standing") for c in RULES.legal_commands(state, 0))  # on turn


@pytest.mark.rules("ascendancy:R79", "ascendancy:R81")
def test_a_standing_refusal_of_trade_offers_from_one_rival() -> None:
    spec = {"turn": 0, "phase": "command", "systems": [VEGA], "lanes": [LANE], "ships": {2: {"L:l1:1": 1}},
            "contact": [0, 1, 2]}
    state = build(**spec)
    state, _ = run(state, cmd(2, "standing", answer="refuse_trade", to=0))
    offered, events = run(state, cmd(0, "offer_trade", to=2, card=0))
    assert kinds(events) == ["trade_offered", "standing_answer_applied", "trade_refused"]
    assert offered["prompt"] is None and RULES.seats_to_act(offered) == {0}
    assert offered["players"][2]["trade_held"] == {} and 0 in offered["players"][0]["trade_hand"]
    plain = build(**spec)  # without it, the Romulan is asked
    plain, _ = run(plain, cmd(2, "standing", answer="refuse_trade", to=1), cmd(0, "offer_trade", to=2, card=0))
    assert RULES.decision_for(plain, 2).prompt == "trade_offer"


def _retreat_battle(defender_ships: int) -> dict:
    # Both sides need 8 to hit (Shields 3): nobody is hit, every round ends with the retreat questions.
    return build(civs=("federation", "cardassian", "romulan"), turn=0, phase="command",
                 systems=[VEGA, {"id": "deneb", "slots": [], "xy": [60.0, 71.5]}],
                 lanes=[LANE, ("l2", "earth", "deneb", 2)],
                 ships={0: {"S:earth": 4}, 1: {"L:l1:1": defender_ships}}, shields={0: 3, 1: 3})


@pytest.mark.rules("ascendancy:R96", "ascendancy:R97")
def test_retreat_when_outnumbered_two_to_one() -> None:
    state = _retreat_battle(2)  # 4 attacking ships against 2: outnumbered 2:1
    state, _ = run(state, cmd(1, "standing", answer="retreat_outnumbered"))
    state, events = run(state, cmd(0, "attack", target="L:l1:1"))
    assert RULES.decision_for(state, 0).prompt == "retreat"  # the attacker is asked first (R96)
    state, events = run(state, cmd(0, "stay"))
    applied = ev(events, "standing_answer_applied")
    assert applied == [{"seat": 1, "answer": "retreat_outnumbered", "to": -1, "command": "retreat"}]
    to = ev(events, "retreated")[0]["to"]
    assert to == "L:l1:2"  # the first sector (sorted) a retreat from L:l1:1 may reach
    assert board.ships_in(state["players"][1], "L:l1:1") == 0 and board.ships_in(state["players"][1], to) == 2
    assert state["turn"]["battle"] is None  # the battle is over: the winner may make a Tactical Maneuver (E39)
    assert state["prompt"] == {"kind": "maneuver", "seat": 0, "sectors": ["S:earth"]}


@pytest.mark.rules("ascendancy:R96")
def test_no_retreat_when_not_outnumbered_two_to_one() -> None:
    state = _retreat_battle(3)  # 4 against 3
    state, _ = run(state, cmd(1, "standing", answer="retreat_outnumbered"))
    state, _ = run(state, cmd(0, "attack", target="L:l1:1"), cmd(0, "stay"))
    assert RULES.decision_for(state, 1).prompt == "retreat"  # asked as usual
    assert board.ships_in(state["players"][1], "L:l1:1") == 3


def test_standing_answers_replay_the_same() -> None:
    state = build(**PASSAGE)
    commands = [cmd(1, "standing", answer="refuse_passage", to=0), cmd(0, "impulse", unit="ship:S:earth"),
                cmd(0, "step", to="L:l1:1")]
    a, ea = run(state, *commands)
    b, eb = run(state, *commands)
    assert a == b and [e.kind for e in ea] == [e.kind for e in eb]


def test_standing_answers_stay_secret_when_a_position_is_redrawn_for_another_seat() -> None:
    from games.engine.core import Rng

    state = build(**PASSAGE)
    state, _ = run(state, cmd(1, "standing", answer="refuse_passage", to=0), cmd(2, "standing",
                                                                                answer="retreat_outnumbered"))
    assert RULES.rerandomise(state, 1, Rng.from_seed(3))["standing"] == {"1": [{"answer": "refuse_passage", "to": 0}]}
    assert RULES.rerandomise(state, 0, Rng.from_seed(3))["standing"] == {}
    assert RULES.rerandomise(state, None, Rng.from_seed(3))["standing"] == {}
