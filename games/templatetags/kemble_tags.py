"""Template tags of the Kemble board. The repeated parts are drawn in ``games/presenters/kemble_html.py``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

# Registers the Kemble presenter whenever the templates load (as tng_tags does TNG's): the presenters'
# registry loads the built-in presenters only while it is empty (games/presenters/__init__.py), so once
# any game's tags have registered theirs, every other game must have registered its own too.
from games.presenters import kemble, kemble_html

register = template.Library()


@register.simple_tag(takes_context=True)
def kemble_grid(context: template.Context, k: Mapping[str, Any]) -> SafeString:
    """The rows of space cards and their quadrants, with the command forms placed on them."""
    return mark_safe(
        kemble_html.grid(k["rows"], context.get("controls"), kemble_html.Forms.from_context(context))
    )


@register.simple_tag(takes_context=True)
def kemble_player_panel(context: template.Context, p: Mapping[str, Any]) -> SafeString:
    """One player's panel (``p``: an item of ``kemble.players``)."""
    bidding = bool((context.get("kemble") or {}).get("bidding"))
    return mark_safe(kemble_html.player_panel(p, seat_name(context.get("seats"), p["seat"]), bidding))


@register.simple_tag
def kemble_sensor_card(card: Mapping[str, Any]) -> SafeString:
    return mark_safe(kemble_html.sensor_card(card))


@register.simple_tag
def kemble_powerup_card(card: Mapping[str, Any]) -> SafeString:
    return mark_safe(kemble_html.powerup_card(card))


@register.simple_tag
def kemble_legend() -> SafeString:
    """The symbols legend (``_legend.html``), the same on every board: rendered once per language."""
    return _legend_in(get_language())


@cache
def _legend_in(language: str | None) -> SafeString:
    html = render_to_string("games/kemble/_legend.html", {"legend": kemble.legend()})
    return mark_safe(html.removesuffix("\n"))  # the file's last newline: board.html has its own


@register.filter
def seat_name(seats: Iterable[Any] | None, position: int) -> str:
    """The shown name of the user in seat ``position`` (empty when nobody sits there)."""
    for s in seats or ():
        if getattr(s, "position", None) == position:
            return str(s.user.shown_name)
    return ""
