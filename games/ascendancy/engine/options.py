"""Table options: the optional rules (R145-R157) the engine plays, and its own rulings' switches.

``schema`` is the engine's ``option_schema`` (the new-table form shows it); ``check`` refuses the mixes that
make no sense, with a stable code and the rule, after the core has checked each value on its own (a choice
among its choices, ``table_size`` a whole number of cm within its ``min`` and ``max``, or None: by players).
RULINGS §5 lists them, each ruling's switch marked "(offered)".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import IllegalCommand

#: RULINGS G5: the sides a table may have (cm), the option ``table_size``.
TABLE_MIN_CM = 75
TABLE_MAX_CM = 150


def schema() -> Sequence[Mapping[str, Any]]:
    return (
        {"name": "simultaneous_first_turns", "type": "bool", "default": False,
         "label": "option_simultaneous_first_turns"},  # R145
        {"name": "simultaneous_second_round", "type": "bool", "default": False,
         "label": "option_simultaneous_second_round", "detail": True},  # R145
        {"name": "extra_resources", "type": "bool", "default": False,
         "label": "option_extra_resources"},  # R146
        {"name": "starting_project", "type": "bool", "default": False,
         "label": "option_starting_project"},  # R147
        {"name": "starting_advancement", "type": "bool", "default": False,
         "label": "option_starting_advancement"},  # R148
        {"name": "starting_cards_chosen", "type": "bool", "default": False,
         "label": "option_starting_cards_chosen", "detail": True},  # R147, R148: experienced players choose
        {"name": "random_turn_order", "type": "bool", "default": False,
         "label": "option_random_turn_order"},  # R149
        {"name": "unbridled_culture", "type": "bool", "default": False,
         "label": "option_unbridled_culture"},  # R150
        {"name": "easier_authority", "type": "bool", "default": False,
         "label": "option_easier_authority"},  # R151
        {"name": "mysterious_turn_order", "type": "bool", "default": False,
         "label": "option_mysterious_turn_order"},  # R152
        {"name": "random_galaxy", "type": "bool", "default": False,
         "label": "option_random_galaxy"},  # R153
        {"name": "free_trade_routes", "type": "bool", "default": False,
         "label": "option_free_trade_routes"},  # R154
        {"name": "humble_origins", "type": "bool", "default": False,
         "label": "option_humble_origins"},  # R155
        {"name": "focused_research", "type": "bool", "default": False,
         "label": "option_focused_research"},  # R156
        {"name": "allied_cooperation", "type": "bool", "default": False,
         "label": "option_allied_cooperation"},  # R157
        {"name": "starbase_limit", "type": "choice", "default": "highest_authority",
         "choices": ["highest_authority", "current_authority"],
         "label": "option_starbase_limit",
         "detail": True},  # R121, RULINGS A15
        {"name": "round_limit", "type": "choice", "default": "none", "choices": ["none", "15", "25", "40"],
         "label": "option_round_limit", "detail": True},
        {"name": "stall_rounds", "type": "choice", "default": "20", "choices": ["20", "10", "40"],
         "label": "option_stall_rounds", "detail": True},  # RULINGS E56: always on
        {"name": "temporal_anomaly", "type": "choice", "default": "one", "choices": ["one", "all"],
         "label": "option_temporal_anomaly", "detail": True},  # R77, RULINGS A17
        {"name": "andorian_pride", "type": "choice", "default": "ties_count", "choices": ["ties_count", "strictly_best"],
         "label": "option_andorian_pride", "detail": True},  # R179, RULINGS A23
        {"name": "warp_boost", "type": "choice", "default": "same_turn", "choices": ["same_turn", "any_time"],
         "label": "option_warp_boost", "detail": True},  # R47, RULINGS A5
        {"name": "reroll_limit", "type": "choice", "default": "once_per_rule", "choices": ["once_per_rule", "once_per_die"],
         "label": "option_reroll_limit", "detail": True},  # R42, RULINGS A8
        {"name": "retreat_adjacent", "type": "choice", "default": "forbidden", "choices": ["forbidden", "allowed"],
         "label": "option_retreat_adjacent", "detail": True},  # R96, RULINGS A9
        {"name": "romulan_distrust", "type": "choice", "default": "received", "choices": ["received", "all"],
         "label": "option_romulan_distrust", "detail": True},  # R171, RULINGS A13
        {"name": "fleet_cap", "type": "choice", "default": "on_forming", "choices": ["on_forming", "always"],
         "label": "option_fleet_cap", "detail": True},  # R125, R202, RULINGS A27
        {"name": "ferengi_trade_authority", "type": "choice", "default": "per_ship", "choices": ["per_ship", "per_system"],
         "label": "option_ferengi_trade_authority", "detail": True},  # R193, RULINGS A48
        {"name": "projects", "type": "choice", "default": "public", "choices": ["public", "private"],
         "label": "option_projects", "detail": True},  # §8.1, RULINGS I38
        {"name": "bids", "type": "choice", "default": "open", "choices": ["open", "secret"],
         "label": "option_bids", "detail": True},  # R3, R4, RULINGS I3
        # RULINGS G5: the table's side in cm; None (left empty): by the player count (geometry.suggested_table)
        {"name": "table_size", "type": "int", "default": None, "min": TABLE_MIN_CM, "max": TABLE_MAX_CM,
         "label": "option_table_size", "help": "option_table_size_help", "detail": True},
        {"name": "connections_from_any_system", "type": "bool", "default": False,
         "label": "option_connections_from_any_system", "detail": True},  # R60, RULINGS G11
        # The Borg Assimilation expansion (R216-R275, RULINGS A30, B27-B30)
        {"name": "borg_mode", "type": "choice", "default": "none",
         "choices": ["none", "discovered", "delta_quadrant", "delta_probe"], "label": "option_borg_mode"},
        {"name": "borg_hub_roll", "type": "choice", "default": "borg_symbol", "choices": ["borg_symbol", "five_up"],
         "label": "option_borg_hub_roll", "detail": True},  # RULINGS BN2
        {"name": "borg_hub_distance", "type": "choice", "default": "45", "choices": ["45", "30", "60"],
         "label": "option_borg_hub_distance", "detail": True, "players": [1]},  # §2.5, RULINGS B27
        {"name": "borg_resurrection", "type": "choice", "default": "full_turn",
         "choices": ["full_turn", "command_phase"], "label": "option_borg_resurrection", "detail": True},  # B9
        {"name": "borg_attack_command_attack", "type": "bool", "default": False,
         "label": "option_borg_attack_command_attack"},  # R269
        {"name": "borg_three_spires", "type": "bool", "default": False,
         "label": "option_borg_three_spires"},  # R270
        {"name": "borg_takes_a_fleet", "type": "bool", "default": False,
         "label": "option_borg_takes_a_fleet"},  # R271
        {"name": "borg_out_there", "type": "bool", "default": False,
         "label": "option_borg_out_there"},  # R273
        {"name": "borg_mysterious_turn_order", "type": "bool", "default": False,
         "label": "option_borg_mysterious_turn_order"},  # R274
        {"name": "borg_humble_origins", "type": "bool", "default": False,
         "label": "option_borg_humble_origins"},  # R275
    )


#: Options that cannot be on together: (a, b, code, rule).
CONFLICTS: tuple[tuple[str, str, str, str], ...] = (
    ("extra_resources", "humble_origins", "options_conflict", "ascendancy:R155"),
)
#: Options that only mean something with another one: (option, needs, rule).
NEEDS: tuple[tuple[str, str, str], ...] = (
    ("simultaneous_second_round", "simultaneous_first_turns", "ascendancy:R145"),
    ("borg_mysterious_turn_order", "mysterious_turn_order", "ascendancy:R274"),
    ("borg_humble_origins", "humble_origins", "ascendancy:R275"),
)
#: The optional Borg rules (R269-R275): only with the Borg in the game.
BORG_ONLY: tuple[tuple[str, str], ...] = (
    ("borg_attack_command_attack", "ascendancy:R269"),
    ("borg_three_spires", "ascendancy:R270"),
    ("borg_takes_a_fleet", "ascendancy:R271"),
    ("borg_out_there", "ascendancy:R273"),
    ("borg_mysterious_turn_order", "ascendancy:R274"),
    ("borg_humble_origins", "ascendancy:R275"),
)
#: Fewest players without the Borg; with 1-2 players the Borg are required (R266-R268, RULINGS B30).
MIN_PLAYERS_WITHOUT_BORG = 3
#: Options that need at least one of others: (option, any of, rule).
NEEDS_ANY: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("starting_cards_chosen", ("starting_project", "starting_advancement"), "ascendancy:R147"),
)


def borg_in_play(opts: Mapping[str, Any]) -> bool:
    return bool(opts.get("borg_mode", "none") != "none")


def check(opts: Mapping[str, Any], players: int | None = None) -> None:
    """Refuse a mix of options that contradict each other (RULINGS §5), and a 1-2 player table without the
    Borg in the Delta Quadrant (§2.5, RULINGS B30)."""
    if players is not None and players < MIN_PLAYERS_WITHOUT_BORG and opts.get("borg_mode") != "delta_quadrant":
        raise IllegalCommand("borg_required", "ascendancy:R268", players=players)
    for option, rule in BORG_ONLY:
        if opts.get(option) and not borg_in_play(opts):
            raise IllegalCommand("option_needs_option", rule, option=option, other="borg_mode")
    for a, b, code, rule in CONFLICTS:
        if opts.get(a) and opts.get(b):
            raise IllegalCommand(code, rule, option=a, other=b)
    for option, needs, rule in NEEDS:
        if opts.get(option) and not opts.get(needs):
            raise IllegalCommand("option_needs_option", rule, option=option, other=needs)
    for option, anyof, rule in NEEDS_ANY:
        if opts.get(option) and not any(opts.get(o) for o in anyof):
            raise IllegalCommand("option_needs_option", rule, option=option, other=" / ".join(anyof))
