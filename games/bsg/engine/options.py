"""Table options: the player count (bsg:R150), the expansions, reserved until their issue, and the rulings a
table may play otherwise (``"detail"``: most tables leave them as they are)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import IllegalCommand

EXPANSIONS = ("pegasus", "exodus", "daybreak")
#: the expansions this engine does not play yet (Pegasus's New Caprica objective is not offered either)
NOT_BUILT = ("exodus", "daybreak")
#: R141, R802-R805: one player plays a Cylon Leader with an Agenda (Pegasus; not with 3 players, R150c)
CYLON_LEADER = "cylon_leader"
#: R128, R406, R806: the Sympathetic Cylon card replaces the Sympathizer (Pegasus; not with Daybreak, R150a)
FRIENDLY_CYLON = "friendly_cylon"
#: options added after engine version 2: recorded in a table's state only when on, so a table that does not
#: use them replays to the very same state (setup.py)
LATER_OPTIONS = (CYLON_LEADER, FRIENDLY_CYLON)

#: R602, RULINGS A3: how often one Cylon ship may be activated. ``per_turn`` is the rulebook's text (once in
#: a given player's turn, L87); ``per_activation`` is the reading the digest believes original (every
#: activation moves or fires every ship again).
SHIP_ACTIVATION_LIMIT = "ship_activation_limit"
PER_TURN = "per_turn"
PER_ACTIVATION = "per_activation"

OPTION_SCHEMA: list[dict[str, Any]] = [
    {"name": name, "type": "bool", "default": False, "label": f"option_{name}"} for name in EXPANSIONS
] + [
    {"name": CYLON_LEADER, "type": "bool", "default": False, "label": "option_cylon_leader",
     "help": "option_cylon_leader_help"},
    {"name": FRIENDLY_CYLON, "type": "bool", "default": False, "label": "option_friendly_cylon",
     "help": "option_friendly_cylon_help"},
] + [
    {"name": SHIP_ACTIVATION_LIMIT, "type": "choice", "default": PER_TURN, "choices": [PER_TURN, PER_ACTIVATION],
     "label": "option_ship_activation_limit", "help": "option_ship_activation_limit_help", "detail": True},
]


def schema() -> Sequence[Mapping[str, Any]]:
    return OPTION_SCHEMA


def check_combination(num_players: int, options: Mapping[str, Any]) -> None:
    """Refused mixes (R150). Pegasus is playable; the expansions not built yet (Exodus, Daybreak) are refused by
    name. A Cylon Leader needs Pegasus (R141) and at least 4 players (R150c); 7 players need a Cylon Leader
    (R125, R150i); the Sympathetic Cylon needs Pegasus and not Daybreak (R150a)."""
    check_leader(num_players, options)
    for name in NOT_BUILT:
        if options[name]:
            raise IllegalCommand("expansion_not_available", "bsg:R150", expansion=name)


def check_leader(num_players: int, options: Mapping[str, Any]) -> None:
    if num_players == 7 and not (options.get("pegasus") and options.get(CYLON_LEADER)):
        raise IllegalCommand("seven_players_need_a_cylon_leader", "bsg:R150")
    if num_players == 7 and options.get("daybreak"):
        raise IllegalCommand("seven_players_not_with_daybreak", "bsg:R150")
    if options.get(CYLON_LEADER) and not options.get("pegasus"):
        raise IllegalCommand("cylon_leader_needs_pegasus", "bsg:R141")
    if options.get(CYLON_LEADER) and num_players < 4:
        raise IllegalCommand("cylon_leader_not_with_3_players", "bsg:R150")
    if options.get(FRIENDLY_CYLON) and not options.get("pegasus"):
        raise IllegalCommand("friendly_cylon_needs_pegasus", "bsg:R806")
    if options.get(FRIENDLY_CYLON) and options.get("daybreak"):
        raise IllegalCommand("friendly_cylon_not_with_daybreak", "bsg:R150")
