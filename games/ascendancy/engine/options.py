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
         "label": "Simultaneous first turns: everyone plays round 1 at once, no contact"},  # R145
        {"name": "simultaneous_second_round", "type": "bool", "default": False,
         "label": "Round 2 simultaneous too (with Simultaneous first turns)", "detail": True},  # R145
        {"name": "extra_resources", "type": "bool", "default": False,
         "label": "Extra starting resources (8 Production, 6 Research, 4 Culture)"},  # R146
        {"name": "starting_project", "type": "bool", "default": False,
         "label": "Starting Project: one random Project at setup"},  # R147
        {"name": "starting_advancement", "type": "bool", "default": False,
         "label": "Starting Advancements: one random extra completed Advancement"},  # R148
        {"name": "random_turn_order", "type": "bool", "default": False,
         "label": "Random turn order: no bidding"},  # R149
        {"name": "unbridled_culture", "type": "bool", "default": False,
         "label": "Unbridled Culture: Culture may be spent as Production or Research"},  # R150
        {"name": "easier_authority", "type": "bool", "default": False,
         "label": "Easier Authority: 4 Culture"},  # R151
        {"name": "mysterious_turn_order", "type": "bool", "default": False,
         "label": "Mysterious Turn Order: twice the Turn Order cards, half set aside unseen"},  # R152
        {"name": "random_galaxy", "type": "bool", "default": False,
         "label": "Random galaxy: every disc shuffled together"},  # R153
        {"name": "free_trade_routes", "type": "bool", "default": False,
         "label": "Free Trade Routes"},  # R154
        {"name": "humble_origins", "type": "bool", "default": False,
         "label": "Humble Origins: no starting resources or Authority"},  # R155
        {"name": "focused_research", "type": "bool", "default": False,
         "label": "Focused Research: choose one Project"},  # R156
        {"name": "allied_cooperation", "type": "bool", "default": False,
         "label": "Allied Cooperation: a Peaceful rival may let you colonize, invade or attempt Hegemony"},  # R157
        {"name": "starbase_limit", "type": "choice", "default": "highest_authority",
         "choices": ["highest_authority", "current_authority"],
         "label": "Starbases allowed by the highest Authority reached, or by the Authority held now",
         "detail": True},  # R121, RULINGS A15
        {"name": "round_limit", "type": "choice", "default": "none", "choices": ["none", "15", "25", "40"],
         "label": "End after this many rounds (most Authority wins)", "detail": True},
    )


#: Options that cannot be on together: (a, b, code, rule).
CONFLICTS: tuple[tuple[str, str, str, str], ...] = (
    ("extra_resources", "humble_origins", "options_conflict", "ascendancy:R155"),
)
#: Options that only mean something with another one: (option, needs, rule).
NEEDS: tuple[tuple[str, str, str], ...] = (
    ("simultaneous_second_round", "simultaneous_first_turns", "ascendancy:R145"),
)


def check(opts: Mapping[str, Any]) -> None:
    """Refuse a mix of options that contradict each other (RULINGS §5)."""
    for a, b, code, rule in CONFLICTS:
        if opts.get(a) and opts.get(b):
            raise IllegalCommand(code, rule, option=a, other=b)
    for option, needs, rule in NEEDS:
        if opts.get(option) and not opts.get(needs):
            raise IllegalCommand("option_needs_option", rule, option=option, other=needs)
