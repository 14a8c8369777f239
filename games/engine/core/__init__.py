"""The contract every game engine implements, and the tools shared by all of them."""

from games.engine.core.errors import IllegalCommand
from games.engine.core.rng import Rng
from games.engine.core.rules import Rules
from games.engine.core.types import (
    AUTO_SEAT,
    JSON,
    Command,
    Decision,
    Event,
    Outcome,
    Result,
    Zone,
)

__all__ = [
    "AUTO_SEAT",
    "JSON",
    "Command",
    "Decision",
    "Event",
    "IllegalCommand",
    "Outcome",
    "Result",
    "Rng",
    "Rules",
    "Zone",
]
