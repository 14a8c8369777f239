"""Helpers for tests and benchmarks: random playouts driven by the engine's own legal commands."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.core.rng import Rng
from games.engine.core.rules import Rules
from games.engine.core.types import Command, Event


class StepCapReached(AssertionError):
    """A random playout did not finish within its step cap: counts as a failure."""


@dataclass
class Playout:
    state: Any
    rng: Rng
    commands: list[Command] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)


def _off_turn_command(rules: Rules, state: Any, num_players: int, waited_on: Sequence[int], bot_rng: Rng
                      ) -> Command | None:
    """One of the ``bot_off_turn_kinds`` commands the seats the game does not wait on may send now (Ascendancy's
    "any time" abilities, RULINGS E54), chosen uniformly; None when there is none."""
    offered = [c for seat in range(num_players) if seat not in waited_on
               for c in rules.legal_commands(state, seat) if c.kind in rules.bot_off_turn_kinds]
    return offered[bot_rng.below(len(offered))] if offered else None


def play_random(
    rules: Rules,
    *,
    seed: int,
    num_players: int,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 20_000,
    after_each: Callable[[Any, Command], None] | None = None,
    on_events: Callable[[Sequence[Event]], None] | None = None,
    start: Any = None,
) -> Playout:
    """Play a whole game choosing uniformly among the legal commands of the seats the game waits for.

    Now and then (1 step in ``Rules.bot_off_turn_odds``) a game with ``Rules.bot_off_turn_kinds`` lets a seat it does not
    wait on send one of those commands instead, when one is legal, so that playouts exercise them too.

    The bots' choices come from a second Rng (seeded from ``seed``), so the game's own Rng sees exactly
    what it would see in a real game. ``on_events`` sees the events of the setup and of every command.
    ``start``: play on from this state (a scenario) instead of a new game's setup.
    """
    game_rng = Rng.from_seed(seed)
    bot_rng = Rng.from_seed(seed ^ 0x5EED_B07)
    if start is None:
        opts = rules.validate_options(num_players, options or {})
        out = rules.setup(num_players=num_players, options=opts, rng=game_rng)
        if on_events is not None:
            on_events(out.events)
        start = out.state
    playout = Playout(state=start, rng=game_rng)
    for _ in range(max_steps):
        if rules.result(playout.state) is not None:
            return playout
        command = rules.auto_command(playout.state)
        if command is None:
            seats = sorted(rules.seats_to_act(playout.state))
            if not seats:
                raise AssertionError(f"seed {seed}: nobody to act and no automatic step, game not over")
            if rules.bot_off_turn_kinds and bot_rng.below(rules.bot_off_turn_odds) == 0:
                command = _off_turn_command(rules, playout.state, num_players, seats, bot_rng)
            if command is None:
                seat = seats[bot_rng.below(len(seats))]
                legal = rules.legal_commands(playout.state, seat)
                if not legal:
                    raise AssertionError(f"seed {seed}: seat {seat} must act but has no legal command")
                command = legal[bot_rng.below(len(legal))]
        out = rules.apply(playout.state, command, playout.rng)
        playout.state = out.state
        playout.commands.append(command)
        playout.kinds[command.kind] = playout.kinds.get(command.kind, 0) + 1
        if on_events is not None:
            on_events(out.events)
        if after_each is not None:
            after_each(playout.state, command)
    raise StepCapReached(f"seed {seed}: no result after {max_steps} commands")
