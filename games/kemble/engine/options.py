"""Table options: the variants (kemble:R82-R86) and the rulings players may want the other way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import IllegalCommand
from games.kemble.engine.content import CONTENT

#: ``players``: the counts an option applies to; ``detail``: a ruling shown folded away (see ``Rules.option_schema``).
OPTION_SCHEMA: list[dict[str, Any]] = [
    {"name": "tunnel_vision", "type": "bool", "default": False, "label": "option_tunnel_vision"},
    {"name": "wingmen", "type": "bool", "default": False, "label": "option_wingmen", "players": [4]},
    {"name": "special_cards", "type": "bool", "default": False, "label": "option_special_cards"},
    {"name": "tunnel_deck", "type": "bool", "default": False, "label": "option_tunnel_deck"},
    {"name": "solo_scenario", "type": "choice", "default": "random_deck",
     "choices": ["random_deck", *sorted(CONTENT.solo)], "label": "option_solo_scenario", "players": [1]},
    {"name": "solo_goal", "type": "choice", "default": "survive", "choices": ["survive", "destroy_boss"],
     "label": "option_solo_goal", "players": [1]},
    {"name": "fire_action", "type": "choice", "default": "one_weapon", "choices": ["one_weapon", "volley"],
     "label": "option_fire_action", "detail": True},
    {"name": "black_hole_entry", "type": "choice", "default": "allowed", "choices": ["allowed", "forbidden"],
     "label": "option_black_hole_entry", "detail": True},
    {"name": "fatal_payments", "type": "bool", "default": False, "label": "option_fatal_payments",
     "detail": True},
    {"name": "end_check", "type": "choice", "default": "before_push", "choices": ["before_push", "after_removal"],
     "label": "option_end_check", "detail": True},
    {"name": "drone_reuse", "type": "choice", "default": "stays", "choices": ["stays", "covered"],
     "label": "option_drone_reuse", "detail": True},
    {"name": "adjacent_distant", "type": "choice", "default": "counts", "choices": ["counts", "ignored"],
     "label": "option_adjacent_distant", "detail": True},
]


def check_combination(num_players: int, options: Mapping[str, Any]) -> None:
    """Refused mixes (RULINGS): Wingmen is two teams of two (R83); scenarios are for solo play (R84)."""
    if options["wingmen"] and num_players != 4:
        raise IllegalCommand("wingmen_needs_4_players", "kemble:R83", given=num_players)
    if options["solo_scenario"] != "random_deck" and num_players != 1:
        raise IllegalCommand("solo_scenario_needs_1_player", "kemble:R84", given=num_players)
    if options["solo_goal"] != "survive" and num_players != 1:
        raise IllegalCommand("solo_goal_needs_1_player", "kemble:R84", given=num_players)


def schema() -> Sequence[Mapping[str, Any]]:
    return OPTION_SCHEMA
