"""``{% ascendancy_board %}``: the Ascendancy board, drawn as parts (games/parts.py) from the table page's
context (games.selectors.board_context)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from games.parts import render_parts
from games.presenters import presenter_for, seat_names

register = template.Library()


@register.simple_tag(takes_context=True)
def ascendancy_board(context: Any) -> SafeString:
    ctx = context.flatten()
    presenter = presenter_for("ascendancy")
    with seat_names(ctx.get("seat_names") or {}):
        parts = presenter.board_parts(ctx["rules"], ctx)  # type: ignore[attr-defined]
        return render_parts(parts)
