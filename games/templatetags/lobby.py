"""Template helpers for the open-table controls (seat choice, factions)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template
from django.utils.translation import gettext

from games.models import Seat, Table

register = template.Library()


@register.simple_tag
def seat_choices(table: Table, seats: Sequence[Seat]) -> list[dict[str, Any]]:
    """Every seat of the table: its position, "Player N" label and who holds it (None: free)."""
    by_position = {s.position: s for s in seats}
    return [
        {
            "position": p,
            "label": gettext("Player %(n)s") % {"n": p + 1},
            "seat": by_position.get(p),
        }
        for p in range(table.num_players)
    ]


@register.simple_tag
def faction_choices(rules: Any, seats: Sequence[Seat], my_seat: Seat | None = None) -> list[dict[str, Any]]:
    """The game's factions, each with who took it (None: free; the viewer's own counts as free)."""
    taken = {s.faction: s for s in seats if s.faction and (my_seat is None or s.pk != my_seat.pk)}
    return [{"id": f, "label": gettext(f), "seat": taken.get(f)} for f in getattr(rules, "factions", ())]
