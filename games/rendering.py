"""Render a table's live fragments for one viewer: used by the page, the POST answers and the websocket.

Fragments are rendered separately so that a push replaces only what changed for this viewer: a
half-made choice in my decision panel survives another seat's move when my decision did not change.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from games.presenters import seat_names
from games.selectors import Viewer, board_context, chat_for_table, log_for_seat

#: The fragments of the table page, each an element whose id is ``frag-<name>``.
FRAGMENTS = ("status", "board", "decision", "result")


def render_fragments(viewer: Viewer, *, oob: bool) -> dict[str, str]:
    ctx = board_context(viewer=viewer)
    ctx["oob"] = oob
    with seat_names(ctx["seat_names"]):
        out = {name: render_to_string(f"games/table.html#{name}", ctx) for name in FRAGMENTS}
    if settings.HYPERLANE_PLANT_LEAK == "fragments":  # TEST-ONLY planted leak (tests/proof/leakcheck.py)
        out["board"] += str(viewer.table.state)
    return out


def render_log_entries(viewer: Viewer, *, after_id: int, oob: bool = True) -> tuple[str, int]:
    """New log lines (as an element that appends to ``#log-entries`` when ``oob``), and the last id."""
    entries = log_for_seat(table=viewer.table, seat=viewer.position, after_id=after_id)
    if not entries:
        return "", after_id
    html = render_to_string(
        "games/table.html#log_append" if oob else "games/table.html#log_items",
        {"entries": entries, "seen_version": viewer.seat.seen_version if viewer.seat else 0},
    )
    return html, entries[-1]["id"]


def render_chat(viewer: Viewer, *, oob: bool) -> str:
    return render_to_string(
        "games/table.html#chat",
        {
            "table": viewer.table,
            "chat": chat_for_table(table=viewer.table),
            "oob": oob,
            "my_seat": viewer.seat,
            "viewer_user": viewer.user,
        },
    )


def with_language(user: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a render in the viewer's own language (the websocket has no request to carry it)."""
    language = getattr(user, "language", None) or "en"
    with translation.override(language):
        return fn(*args, **kwargs)
