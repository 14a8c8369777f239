"""Table options: the player count (bsg:R150) and the expansions, reserved until their issue."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import IllegalCommand

EXPANSIONS = ("pegasus", "exodus", "daybreak")

OPTION_SCHEMA: list[dict[str, Any]] = [
    {"name": name, "type": "bool", "default": False, "label": f"option_{name}"} for name in EXPANSIONS
]


def schema() -> Sequence[Mapping[str, Any]]:
    return OPTION_SCHEMA


def check_combination(num_players: int, options: Mapping[str, Any]) -> None:
    """Refused mixes (R150). The expansions are not built yet: asking for one is refused by name."""
    for name in EXPANSIONS:
        if options[name]:
            raise IllegalCommand("expansion_not_available", "bsg:R150", expansion=name)
