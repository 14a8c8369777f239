"""Template tags of the Kemble board. The board itself is drawn in ``games/kemble/html.py``."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.kemble import html as kemble_html
from games.kemble import presenter as kemble

register = template.Library()


@register.simple_tag(takes_context=True)
def kemble_board(context: template.Context) -> SafeString:
    """The whole board (context: ``kemble`` from ``KemblePresenter.extra_context``, ``controls``, ``seats``
    and what the command forms post)."""
    names: dict[int, str] = {}
    for s in context.get("seats") or ():
        position = getattr(s, "position", None)
        if position is not None and position not in names:
            names[position] = str(s.user.shown_name)
    return mark_safe(
        kemble_html.board(
            context["kemble"],
            context.get("controls"),
            kemble_html.Forms.from_context(context),
            names,
            _legend_in(get_language()),
        )
    )


@register.simple_tag
def kemble_sensor_card(card: Mapping[str, Any]) -> SafeString:
    """A sensor card (the bid buttons of the decision panel, ``_sensor_button.html``)."""
    return mark_safe(kemble_html.sensor_card(card))


@cache
def _legend_in(language: str | None) -> SafeString:
    """The symbols legend (``_legend.html``), the same on every board: rendered once per language."""
    html = render_to_string("kemble/_legend.html", {"legend": kemble.legend()})
    return mark_safe(html.removesuffix("\n"))  # the file's last newline: the board has its own
