"""Table options: the optional rules (R145-R157) the engine plays, and its own rulings' switches."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def schema() -> Sequence[Mapping[str, Any]]:
    return (
        {"name": "extra_resources", "type": "bool", "default": False,
         "label": "Extra starting resources (8 Production, 6 Research, 4 Culture)"},  # R146
        {"name": "random_turn_order", "type": "bool", "default": False,
         "label": "Random turn order: no bidding"},  # R149
        {"name": "easier_authority", "type": "bool", "default": False,
         "label": "Easier Authority: 4 Culture"},  # R151
        {"name": "random_galaxy", "type": "bool", "default": False,
         "label": "Random galaxy: every disc shuffled together"},  # R153
        {"name": "free_trade_routes", "type": "bool", "default": False,
         "label": "Free Trade Routes"},  # R154
        {"name": "humble_origins", "type": "bool", "default": False,
         "label": "Humble Origins: no starting resources or Authority"},  # R155
        {"name": "focused_research", "type": "bool", "default": False,
         "label": "Focused Research: choose one Project"},  # R156
        {"name": "starbase_limit", "type": "choice", "default": "highest_authority",
         "choices": ["highest_authority", "current_authority"],
         "label": "Starbases allowed by the highest Authority reached, or by the Authority held now",
         "detail": True},  # R121, RULINGS A15
        {"name": "round_limit", "type": "choice", "default": "none", "choices": ["none", "15", "25", "40"],
         "label": "End after this many rounds (most Authority wins)", "detail": True},
    )
