"""Table options: the scenario (tng:R40, R56, R62) and the rulings players may want the other way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import IllegalCommand

#: ``players``: the counts an option applies to; ``detail``: a ruling shown folded away (see ``Rules.option_schema``).
OPTION_SCHEMA: list[dict[str, Any]] = [
    {"name": "scenario", "type": "choice", "default": "exploration",
     "choices": ["exploration", "borg_invasion", "klingon_civil_war"], "label": "option_scenario"},
    {"name": "mp_goal", "type": "choice", "default": 400, "choices": [400, 300, 200], "label": "option_mp_goal"},
    {"name": "round_limit", "type": "choice", "default": 100, "choices": [100, 60, 0], "label": "option_round_limit"},
    {"name": "stall_rounds", "type": "choice", "default": 20, "choices": [20, 10], "label": "option_stall_rounds",
     "detail": True},
    {"name": "mission_cost", "type": "choice", "default": "exploration", "choices": ["exploration", "free"],
     "label": "option_mission_cost", "detail": True},
    {"name": "battle_draw", "type": "choice", "default": "replace_played", "choices": ["replace_played", "refill_hand"],
     "label": "option_battle_draw", "detail": True},
    {"name": "shields", "type": "choice", "default": "turn", "choices": ["turn", "battle"], "label": "option_shields",
     "detail": True},
    {"name": "starting_ships", "type": "choice", "default": "random", "choices": ["random", "assigned"],
     "label": "option_starting_ships", "detail": True},
    {"name": "starting_ship_effects", "type": "bool", "default": True, "label": "option_starting_ship_effects",
     "detail": True},
    {"name": "borg_teams", "type": "choice", "default": "one_group", "choices": ["one_group", "teams"],
     "label": "option_borg_teams", "players": [2, 4]},
]


def schema() -> Sequence[Mapping[str, Any]]:
    return OPTION_SCHEMA


def check_combination(num_players: int, options: Mapping[str, Any]) -> None:
    """Every scenario takes 2 to 4 players (RULINGS B17; Klingon 4 = two teams, 2-3 = R62). Borg team play
    (R55a.1, RULINGS B29) is two teams: 2 players (one each) or 4 (two each)."""
    if (options.get("scenario") == "borg_invasion" and options.get("borg_teams") == "teams"
            and num_players not in (2, 4)):
        raise IllegalCommand("borg_teams_player_count", given=num_players)
