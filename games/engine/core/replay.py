"""Replay: seed + options + the command log reproduce a game exactly."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.engine.core.rng import Rng
from games.engine.core.rules import Rules
from games.engine.core.types import Command, Event

#: Command kinds the platform reserves (engines must not use them). An undo's ``args["target"]`` is
#: the index, in the replayed list, of the command it takes back; a resign calls ``Rules.resign``.
UNDO_KIND = "undo"
RESIGN_KIND = "resign"


def replay(
    rules: Rules, *, seed: int, num_players: int, options: Mapping[str, Any], commands: Iterable[Command]
) -> tuple[Any, Rng, list[Event]]:
    """Rebuild the state from scratch. Undo commands roll back to the state before their target."""
    rng = Rng.from_seed(seed)
    out = rules.setup(num_players=num_players, options=options, rng=rng)
    state = out.state
    events = list(out.events)
    history: list[tuple[Any, dict[str, int]]] = []
    for command in commands:
        if command.kind == UNDO_KIND:
            target = int(command.args["target"])
            state, rng_data = history[target]
            rng = Rng.load(rng_data)
            history.append((state, rng.dump()))
            continue
        history.append((state, rng.dump()))
        if command.kind == RESIGN_KIND:
            out = rules.resign(state, command.seat)
        else:
            out = rules.apply(state, command, rng)
        state = out.state
        events.extend(out.events)
    return state, rng, events
