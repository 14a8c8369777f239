"""Table options: the player count (bsg:R150), the expansions, reserved until their issue, and the rulings a
table may play otherwise (``"detail"``: most tables leave them as they are)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import IllegalCommand

EXPANSIONS = ("pegasus", "exodus", "daybreak")

#: R602, RULINGS A3: how often one Cylon ship may be activated. ``per_turn`` is the rulebook's text (once in
#: a given player's turn, L87); ``per_activation`` is the reading the digest believes original (every
#: activation moves or fires every ship again).
SHIP_ACTIVATION_LIMIT = "ship_activation_limit"
PER_TURN = "per_turn"
PER_ACTIVATION = "per_activation"

OPTION_SCHEMA: list[dict[str, Any]] = [
    {"name": name, "type": "bool", "default": False, "label": f"option_{name}"} for name in EXPANSIONS
] + [
    {"name": SHIP_ACTIVATION_LIMIT, "type": "choice", "default": PER_TURN, "choices": [PER_TURN, PER_ACTIVATION],
     "label": "option_ship_activation_limit", "help": "option_ship_activation_limit_help", "detail": True},
]


def schema() -> Sequence[Mapping[str, Any]]:
    return OPTION_SCHEMA


def check_combination(num_players: int, options: Mapping[str, Any]) -> None:
    """Refused mixes (R150). The expansions are not built yet: asking for one is refused by name."""
    for name in EXPANSIONS:
        if options[name]:
            raise IllegalCommand("expansion_not_available", "bsg:R150", expansion=name)
