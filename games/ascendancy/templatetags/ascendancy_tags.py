"""``{% ascendancy_board_parts as board %}``: the Ascendancy board's parts (games/parts.py) from the table
page's context (games.selectors.board_context), rendered and grouped by where board.html places them:
``board.head`` (the status, then the viewer's first decisions: a civilization, a bid), ``board.map`` (the map's layers, stacked in one frame), ``board.side`` (the
viewer's actions and the consoles)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from games.parts import render_parts
from games.presenters import presenter_for, seat_names

register = template.Library()


def _group(part_id: str) -> str:
    if part_id in ("asc-status", "asc-decide"):
        return "head"
    return "map" if part_id.startswith("asc-map-") else "side"


@register.simple_tag(takes_context=True)
def ascendancy_board_parts(context: Any) -> dict[str, SafeString]:
    ctx = context.flatten()
    presenter = presenter_for("ascendancy")
    with seat_names(ctx.get("seat_names") or {}):
        # The platform's parts (``ctx["parts"]``): what the sockets' digests describe; made here only
        # when a page is drawn without them.
        parts = ctx.get("parts") or presenter.board_parts(ctx["rules"], ctx)  # type: ignore[attr-defined]
        return {g: render_parts(p for p in parts if _group(p.id) == g) for g in ("head", "map", "side")}
