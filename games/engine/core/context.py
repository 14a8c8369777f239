"""What every engine's ``apply`` works on, shared by the games: the copied state, the Rng and the events.

Each game's ``state.py`` re-exports these as its own ``Ctx`` and ``copy_state``, so a rule module imports
them from its game (``from games.kemble.engine.state import Ctx``), as before they were written once here.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import Any

from games.engine.core.rng import Rng
from games.engine.core.types import Event

State = dict[str, Any]
Player = dict[str, Any]


def copy_state(state: State) -> State:
    """A deep copy of a JSON-only dict; pickle is several times faster than ``copy.deepcopy``."""
    copied: State = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    return copied


@dataclass
class Ctx:
    """What one ``apply`` works on: the copied state, the Rng and the events produced so far."""

    state: State
    rng: Rng
    events: list[Event] = field(default_factory=list)
    #: Set when the command showed something hidden (a drawn card, a disc, a revealed bid) or passed play to
    #: someone else: such a command cannot be undone.
    revealing: bool = False

    def emit(self, kind: str, visible_to: frozenset[int] | None = None, redacted: dict[str, Any] | None = None,
             **data: Any) -> None:
        self.events.append(Event(kind=kind, data=data, visible_to=visible_to, redacted=redacted))

    def player(self, seat: int) -> Player:
        found: Player = self.state["players"][seat]
        return found

    @property
    def options(self) -> dict[str, Any]:
        opts: dict[str, Any] = self.state["options"]
        return opts
