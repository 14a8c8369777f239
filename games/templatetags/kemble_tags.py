"""Template helpers for the Kemble board: the controls that act on one quadrant."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template

register = template.Library()


@register.filter
def on_cell(controls: Iterable[dict[str, Any]] | None, key: str) -> list[dict[str, Any]]:
    """The on-board controls placed on quadrant ``key`` ("row-col"), turret arrows excluded."""
    return [c for c in controls or () if c.get("on_board") and c.get("cell") == key and not c.get("edge")]


@register.filter
def edges_on_cell(controls: Iterable[dict[str, Any]] | None, key: str) -> list[dict[str, Any]]:
    """The turret arrows drawn on the edges of quadrant ``key``."""
    return [c for c in controls or () if c.get("on_board") and c.get("cell") == key and c.get("edge")]


@register.filter
def seat_name(seats: Iterable[Any] | None, position: int) -> str:
    """The shown name of the user in seat ``position`` (empty when nobody sits there)."""
    for s in seats or ():
        if getattr(s, "position", None) == position:
            return str(s.user.shown_name)
    return ""
