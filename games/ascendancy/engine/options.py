"""Table options: the optional rules (R145-R157) the engine plays, and its own rulings' switches.

``schema`` is the engine's ``option_schema`` (the new-table form shows it); ``check`` refuses the mixes that
make no sense, with a stable code and the rule, after the core has checked each value on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import IllegalCommand


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
        {"name": "temporal_anomaly", "type": "choice", "default": "one", "choices": ["one", "all"],
         "label": "option_temporal_anomaly", "detail": True},  # R77, RULINGS A17
        {"name": "andorian_pride", "type": "choice", "default": "ties_count", "choices": ["ties_count", "strictly_best"],
         "label": "option_andorian_pride", "detail": True},  # R179, RULINGS A23
    )


#: Options that cannot be on together: (a, b, code, rule).
CONFLICTS: tuple[tuple[str, str, str, str], ...] = (
    ("extra_resources", "humble_origins", "options_conflict", "ascendancy:R155"),
)
#: Options that only mean something with another one: (option, needs, rule).
NEEDS: tuple[tuple[str, str, str], ...] = (
    ("simultaneous_second_round", "simultaneous_first_turns", "ascendancy:R145"),
)
#: Options that need at least one of others: (option, any of, rule).
NEEDS_ANY: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("starting_cards_chosen", ("starting_project", "starting_advancement"), "ascendancy:R147"),
)


def check(opts: Mapping[str, Any]) -> None:
    """Refuse a mix of options that contradict each other (RULINGS §5)."""
    for a, b, code, rule in CONFLICTS:
        if opts.get(a) and opts.get(b):
            raise IllegalCommand(code, rule, option=a, other=b)
    for option, needs, rule in NEEDS:
        if opts.get(option) and not opts.get(needs):
            raise IllegalCommand("option_needs_option", rule, option=option, other=needs)
    for option, anyof, rule in NEEDS_ANY:
        if opts.get(option) and not any(opts.get(o) for o in anyof):
            raise IllegalCommand("option_needs_option", rule, option=option, other=" / ".join(anyof))
