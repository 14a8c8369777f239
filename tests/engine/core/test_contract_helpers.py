"""The shared engine contract's plain types, helpers, replay and random playouts, on the toy game."""

from __future__ import annotations

import json

import pytest

from games.engine.core import AUTO_SEAT, Command, Event, IllegalCommand, Result, Rng, Rules, Zone
from games.engine.core.replay import RESIGN_KIND, UNDO_KIND, replay
from games.engine.core.testing import StepCapReached, play_random
from tests.support.toygame import TOY


def new_toy(players: int = 2, seed: int = 1, **options: object) -> dict:
    return TOY.setup(num_players=players, options=TOY.validate_options(players, options), rng=Rng.from_seed(seed)).state


def test_command_json_round_trip_and_defaults() -> None:
    c = Command(1, "move", {"dir": "n"})
    assert c.as_json() == {"seat": 1, "kind": "move", "args": {"dir": "n"}}
    assert Command.from_json(json.loads(json.dumps(c.as_json()))) == c
    assert Command.from_json({"seat": "2", "kind": "end_turn"}) == Command(2, "end_turn", {})
    assert Command.from_json({"seat": 0, "kind": "x", "args": None}).args == {}


def test_event_json_round_trip_keeps_who_sees_what() -> None:
    public = Event("ship_moved", {"seat": 0})
    secret = Event("card_drawn", {"seat": 1, "card": "c4"}, frozenset({1, 3}), {"seat": 1})
    hidden = Event("peeked", {"card": "c1"}, frozenset({0}))
    assert public.as_json() == {"kind": "ship_moved", "data": {"seat": 0}, "visible_to": None, "redacted": None}
    assert secret.as_json() == {"kind": "card_drawn", "data": {"seat": 1, "card": "c4"}, "visible_to": [1, 3],
                                "redacted": {"seat": 1}}
    for e in (public, secret, hidden):
        assert Event.from_json(json.loads(json.dumps(e.as_json()))) == e
    assert Event.from_json({"kind": "x"}) == Event("x", {}, None, None)
    assert secret.for_seat(3) == {"seat": 1, "card": "c4"} and secret.for_seat(0) == {"seat": 1}
    assert secret.for_seat(None) == {"seat": 1} and hidden.for_seat(1) is None and public.for_seat(None) == {"seat": 0}


def test_result_and_refusal_as_json() -> None:
    r = Result(frozenset({2, 0}), "final_scoring", ranking=[(0, 2), (1,)], scores={0: {"total": 3}},
               tiebreak="tiebreak_energy", teams=[(0, 2)], cooperative=True)
    assert r.as_json() == {"winners": [0, 2], "reason": "final_scoring", "ranking": [[0, 2], [1]],
                           "scores": {"0": {"total": 3}}, "tiebreak": "tiebreak_energy", "teams": [[0, 2]],
                           "cooperative": True}
    assert Result(frozenset(), "x").as_json()["cooperative"] is False
    e = IllegalCommand("off_board", "kemble:R19", direction="n")
    assert e.as_json() == {"code": "off_board", "rule": "kemble:R19", "params": {"direction": "n"}}
    assert str(e) == "off_board (kemble:R19)" and str(IllegalCommand("game_over")) == "game_over"
    assert IllegalCommand("game_over").as_json() == {"code": "game_over", "rule": "", "params": {}}


def test_zone_visibility() -> None:
    assert Zone("market", ("a",), visibility="public").visible_to(None)
    owner = Zone("hand", ("a",), owner=1, visibility="owner")
    assert owner.visible_to(1) and not owner.visible_to(0) and not owner.visible_to(None)
    team = Zone("hand", ("a",), owner=1, visibility="team", seen_by=frozenset({1, 3}))
    assert team.visible_to(3) and not team.visible_to(2)
    assert not Zone("deck", ("a",)).visible_to(0)


def test_rng_copy_die_and_choice() -> None:
    a = Rng.from_seed(5)
    a.next_u32()
    b = a.copy()
    assert (b.state, b.draws) == (a.state, 1) and b is not a
    assert [a.next_u32() for _ in range(3)] == [b.next_u32() for _ in range(3)]
    rolls = [Rng.from_seed(s).die() for s in range(200)]
    assert set(rolls) == set(range(1, 7))
    assert {Rng.from_seed(s).die(2) for s in range(50)} == {1, 2}
    c, d = Rng.from_seed(9), Rng.from_seed(9)
    assert c.choice(["x", "y", "z"]) == ["x", "y", "z"][d.below(3)] and c.draws == 1


def test_decisions_helpers_and_check_turn() -> None:
    state = new_toy(3)
    assert TOY.seats_to_act(state) == frozenset({0, 1, 2}) and not TOY.is_automatic_due(state)
    assert TOY.decision_for(state, 1).prompt == "choose_bid"
    for seat in range(3):
        state = TOY.apply(state, TOY.legal_commands(state, seat)[0], Rng.from_seed(0)).state
    assert TOY.seats_to_act(state) == frozenset() and TOY.is_automatic_due(state)
    assert TOY.decision_for(state, 0) is None
    with pytest.raises(IllegalCommand) as info:
        TOY.check_turn(state, Command(0, "bid", {}), "toy:R2")
    assert info.value.as_json() == {"code": "not_your_turn", "rule": "toy:R2", "params": {}}
    TOY.check_turn(state, Command(AUTO_SEAT, "reveal"))
    with pytest.raises(IllegalCommand) as info:
        TOY.check_turn(new_toy(), Command(AUTO_SEAT, "reveal"), "toy:R9")
    assert info.value.as_json() == {"code": "no_automatic_step_due", "rule": "toy:R9", "params": {}}


def test_base_rules_defaults() -> None:
    class Bare(Rules):
        slug = "bare"

    with pytest.raises(IllegalCommand) as info:
        Bare().resign({}, 0)
    assert info.value.code == "resign_not_supported"
    assert Bare().auto_command({}) is None and Bare().zones({}) == () and Bare().option_schema() == ()


def test_replay_applies_undoes_and_resigns() -> None:
    state = new_toy(2, seed=4)
    bids = [TOY.legal_commands(state, s)[0] for s in (0, 1)]
    commands = [*bids, Command(AUTO_SEAT, "reveal")]
    after, _, events = replay(TOY, seed=4, num_players=2, options=TOY.validate_options(2, {}), commands=commands)
    mover = after["active"]
    step = Command(mover, "advance", {"by": 2})
    undone, rng, events2 = replay(TOY, seed=4, num_players=2, options=TOY.validate_options(2, {}),
                                  commands=[*commands, step, Command(mover, UNDO_KIND, {"target": 3})])
    assert undone == after and undone["track"][mover] == 0
    assert [e.kind for e in events2][: len(events)] == [e.kind for e in events]
    kept, _, _ = replay(TOY, seed=4, num_players=2, options=TOY.validate_options(2, {}),
                        commands=[*commands, step, step])
    assert kept["track"][mover] == 4
    resigned, _, last = replay(TOY, seed=4, num_players=2, options=TOY.validate_options(2, {}),
                               commands=[Command(1, RESIGN_KIND)])
    assert resigned["winner"] == 0 and last[-1].kind == "player_resigned"
    assert rng.draws > 0


def test_replay_of_an_undo_restores_the_rng_too() -> None:
    opts = TOY.validate_options(2, {})
    state = new_toy(2, seed=6)
    bids = [TOY.legal_commands(state, s)[0] for s in (0, 1)]
    base = [*bids, Command(AUTO_SEAT, "reveal")]
    _, rng_before, _ = replay(TOY, seed=6, num_players=2, options=opts, commands=bids)
    _, rng_after, _ = replay(TOY, seed=6, num_players=2, options=opts,
                             commands=[*base, Command(0, UNDO_KIND, {"target": 2})])
    assert rng_after.dump() == rng_before.dump()


def test_play_random_plays_to_the_result_and_reports_every_step() -> None:
    seen: list[str] = []
    after: list[Command] = []
    playout = play_random(TOY, seed=2, num_players=3, options={"target": 2},
                          on_events=lambda events: seen.extend(e.kind for e in events),
                          after_each=lambda state, command: after.append(command))
    assert TOY.result(playout.state) is not None
    assert after == playout.commands and sum(playout.kinds.values()) == len(playout.commands)
    assert playout.kinds == {k: [c.kind for c in playout.commands].count(k) for k in playout.kinds}
    assert seen[0] == "game_started" and seen[-1] == "game_won"
    again = play_random(TOY, seed=2, num_players=3, options={"target": 2})
    assert again.commands == playout.commands and again.state == playout.state


def test_play_random_stops_at_its_step_cap() -> None:
    with pytest.raises(StepCapReached, match="seed 5: no result after 7 commands"):
        play_random(TOY, seed=5, num_players=2, options={"endless": True}, max_steps=7)


def test_validate_options_fills_defaults_and_refuses_each_bad_value() -> None:
    assert TOY.validate_options(2, {"duel": True}) == {"target": 3, "auto_delay": 0, "duel": True, "endless": False,
                                                       "auto_wait_file": ""}
    for players, options, expected in (
        (5, {}, {"code": "bad_player_count", "rule": "", "params": {"minimum": 1, "maximum": 4, "given": 5}}),
        (0, {}, {"code": "bad_player_count", "rule": "", "params": {"minimum": 1, "maximum": 4, "given": 0}}),
        (2, {"speed": 1}, {"code": "unknown_option", "rule": "", "params": {"option": "speed"}}),
        (2, {"duel": 1}, {"code": "bad_option_value", "rule": "", "params": {"option": "duel"}}),
        (2, {"target": 4}, {"code": "bad_option_value", "rule": "", "params": {"option": "target"}}),
    ):
        with pytest.raises(IllegalCommand) as info:
            TOY.validate_options(players, options)
        assert info.value.as_json() == expected
    assert TOY.validate_options(4, {"target": 5})["target"] == 5


def test_rng_edges_and_draw_counting() -> None:
    assert Rng(5).draws == 0 and Rng.load({"state": 5}).draws == 0 and Rng.load({"state": 5, "draws": 3}).draws == 3
    rng = Rng.from_seed(1)
    assert rng.below(1) == 0 and rng.draws == 0  # one choice needs no draw
    rng.next_u32()
    rng.next_u32()
    assert rng.draws == 2
    for bad in (0, -1):
        with pytest.raises(ValueError, match=r"below\(\) needs n >= 1"):
            rng.below(bad)
    assert {Rng.from_seed(s).below(2) for s in range(40)} == {0, 1}
    big = [Rng.from_seed(s).below(3_000_000_000) for s in range(50)]
    assert max(big) > 2**31 and all(0 <= b < 3_000_000_000 for b in big)


def test_below_rejects_the_biased_low_draws_pinned() -> None:
    """(1 << 32) % n of the lowest outputs are drawn again (no modulo bias): seed 4's first output is one."""
    rng = Rng.from_seed(4)
    assert [rng.below(3_000_000_000) for _ in range(3)] == [239916909, 2774363571, 626712542] and rng.draws == 7


def test_replay_goes_on_after_an_undo_and_resigns_the_named_seat() -> None:
    opts = TOY.validate_options(2, {})
    state = new_toy(2, seed=4)
    bids = [TOY.legal_commands(state, s)[0] for s in (0, 1)]
    base = [*bids, Command(AUTO_SEAT, "reveal")]
    after, _, _ = replay(TOY, seed=4, num_players=2, options=opts, commands=base)
    mover = after["active"]
    one, two = Command(mover, "advance", {"by": 1}), Command(mover, "advance", {"by": 2})
    state, _, _ = replay(TOY, seed=4, num_players=2, options=opts,
                        commands=[*base, one, Command(mover, UNDO_KIND, {"target": 3}), two])
    assert state["track"][mover] == 2 and state["steps"] == 1
    state, _, _ = replay(TOY, seed=4, num_players=2, options=opts,
                        commands=[*base, one, Command(mover, UNDO_KIND, {"target": 3}), two,
                                  Command(mover, UNDO_KIND, {"target": 4}), one])
    assert state["track"][mover] == 1  # the second undo returns to what the first restored (0), then `one`
    resigned, _, _ = replay(TOY, seed=4, num_players=2, options=opts, commands=[Command(0, RESIGN_KIND)])
    assert resigned["winner"] == 1


def test_seats_to_act_joins_every_decision() -> None:
    from games.engine.core import Decision

    class Two(Rules):
        slug = "two"

        def pending(self, state: object) -> list[Decision]:
            return [Decision("a", frozenset({0}), "x"), Decision("b", frozenset({2, 3}), "y")]

    assert Two().seats_to_act({}) == frozenset({0, 2, 3})
    assert Two().decision_for({}, 3).key == "b" and Two().decision_for({}, 1) is None


def test_play_random_without_options_uses_the_defaults() -> None:
    playout = play_random(TOY, seed=8, num_players=2)
    assert TOY.result(playout.state) is not None and playout.state["options"] == TOY.validate_options(2, {})
