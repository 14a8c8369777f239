"""Engine test helpers shared by every game: a new game's state, refused commands, and the random-game
runners of the playout tests (invariants after every command, replay, apply never mutating its input)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from games.engine.core import Command, IllegalCommand, Rng, Rules
from games.engine.core.replay import replay
from games.engine.core.testing import Playout, play_random
from games.engine.core.types import Event, Outcome, Result


def new_state(rules: Rules, players: int, seed: int = 1, **options: Any) -> dict[str, Any]:
    """The state a new game of ``players`` starts from, dealt by ``seed``."""
    opts = rules.validate_options(players, options)
    return rules.setup(num_players=players, options=opts, rng=Rng.from_seed(seed)).state


def refused(rules: Rules, state: dict[str, Any], command: Command, code: str, rule: str | None = None,
            **params: Any) -> IllegalCommand:
    """Assert that ``command`` is refused with ``code`` (and, when given, the rule ID ``rule`` and exactly
    the parameters ``params``, which the player's message is filled from); the refusal."""
    with pytest.raises(IllegalCommand) as info:
        rules.apply(state, command, Rng.from_seed(0))
    assert info.value.code == code, info.value.as_json()
    if rule is not None:
        assert info.value.rule == rule, info.value.as_json()
        assert dict(info.value.params) == params, info.value.as_json()
    return info.value


def legal_pairs(rules: Rules, state: dict[str, Any], seat: int) -> list[tuple[str, dict[str, Any]]]:
    """``seat``'s legal commands as (kind, args)."""
    return [(c.kind, dict(c.args)) for c in rules.legal_commands(state, seat)]


def player(state: dict[str, Any], seat: int) -> dict[str, Any]:
    return state["players"][seat]


def strings(obj: Any) -> set[str]:
    """Every string in a JSON-like value, dict keys included (what a view shows)."""
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings(v) for v in obj.values()), set(obj)) if obj else set()
    if isinstance(obj, list | tuple):
        return set().union(*(strings(v) for v in obj)) if obj else set()
    return set()


Invariants = Callable[[Any, Command], None]


def event_text_check(templates: Mapping[str, str], players: int) -> Callable[[Sequence[Event]], None]:
    """A check of emitted events: each has a known kind (a key of the engine's ``EVENTS`` texts) and its text
    formats with the fields every viewer gets (the full data, each seat's and a spectator's view), with no
    placeholder missing."""

    def check(events: Sequence[Event]) -> None:
        for event in events:
            assert event.kind in templates, f"event {event.kind!r} has no text"
            for seat in (None, *range(players)):
                data = event.for_seat(seat)
                if data is None:
                    continue
                try:
                    templates[event.kind].format(**data)
                except (KeyError, IndexError) as exc:
                    raise AssertionError(f"event {event.kind!r} seen by {seat}: {dict(data)} lacks {exc}") from exc

    return check


def play_to_the_end(
    rules: Rules,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    max_steps: int,
    invariants: Callable[[dict[str, Any]], Invariants],
    event_texts: Mapping[str, str] | None = None,
) -> tuple[Playout, Result]:
    """A random game (``play_random``) with ``invariants(start)`` checked after every command; it must end.
    With ``event_texts`` (the engine's ``EVENTS``), every event must pass ``event_text_check``."""
    start = new_state(rules, players, seed, **options)
    on_events = event_text_check(event_texts, players) if event_texts is not None else None
    playout = play_random(rules, seed=seed, num_players=players, options=options, max_steps=max_steps,
                          after_each=invariants(start), on_events=on_events)
    result = rules.result(playout.state)
    assert result is not None
    return playout, result


def assert_replays(rules: Rules, playout: Playout, players: int, options: Mapping[str, Any], seed: int) -> None:
    """Replaying the playout's commands gives its final state, which survives a JSON dump and load."""
    state, _rng, _events = replay(rules, seed=seed, num_players=players,
                                  options=rules.validate_options(players, options), commands=playout.commands)
    assert state == playout.state
    assert rules.load(json.loads(json.dumps(rules.dump(state)))) == state


def walk_checking_apply(
    rules: Rules, players: int, options: Mapping[str, Any], steps: int, check: Callable[[Outcome], None]
) -> None:
    """Up to ``steps`` random commands (table seed 7, bot seed 99): ``legal_commands`` answers the same twice,
    ``apply`` leaves its input alone and returns a new state and JSON events; then ``check(result)``."""
    rng = Rng.from_seed(7)
    bot = Rng.from_seed(99)
    state = rules.setup(num_players=players, options=rules.validate_options(players, options), rng=rng).state
    playout = Playout(state=state, rng=rng)
    for _ in range(steps):
        if rules.result(playout.state) is not None:
            break
        command = rules.auto_command(playout.state)
        if command is None:
            seats = sorted(rules.seats_to_act(playout.state))
            legal = rules.legal_commands(playout.state, seats[bot.below(len(seats))])
            assert legal == rules.legal_commands(playout.state, legal[0].seat)  # deterministic
            command = legal[bot.below(len(legal))]
        before = json.dumps(playout.state, sort_keys=True)
        out = rules.apply(playout.state, command, playout.rng)
        assert json.dumps(playout.state, sort_keys=True) == before
        assert out.state is not playout.state
        for e in out.events:
            json.dumps(e.as_json())
        playout.state = out.state
        check(out)
