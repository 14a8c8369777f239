"""Template tags of the Kemble board. The board is drawn as parts (``KemblePresenter.board_parts``), each
a Jinja2 template of ``games/kemble/jinja2/kemble/``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import template
from django.template import engines
from django.utils.safestring import SafeString, mark_safe

from games.parts import rendered_parts
from games.presenters import presenter_for

register = template.Library()

_CARD_PART = re.compile(r"k-card-(\d+)-\d+")


@register.simple_tag(takes_context=True)
def kemble_board(context: template.Context) -> SafeString:
    """The whole board (context: ``kemble`` from ``KemblePresenter.extra_context``, ``rules``, ``controls``,
    ``seats``, ``table`` and what the command forms post): its parts in order, each run of space cards of
    one row (``k-card-<row>-<n>``) inside that row's outline, which holds no data but the row's number."""
    # The platform's parts (``parts``), which the sockets' digests describe; made here only when a page
    # is drawn without them.
    board = context.get("parts") or presenter_for("kemble").board_parts(  # type: ignore[attr-defined]
        context.get("rules"), context)
    row_open = engines["jinja2"].env.get_template("kemble/row_open.jinja")  # type: ignore[attr-defined]
    out: list[str] = []
    row = None
    for part, html in zip(board, rendered_parts(board), strict=True):
        found = _CARD_PART.fullmatch(part.id)
        here = found.group(1) if found else None
        if here != row:
            if row is not None:
                out.append("\n        </div>")
            if here is not None:
                out.append(row_open.render(row=here))
            row = here
        out.append(html)
    if row is not None:
        out.append("\n        </div>")
    return mark_safe("".join(out))


@register.simple_tag
def kemble_sensor_card(card: Mapping[str, Any]) -> SafeString:
    """A sensor card (the bid buttons of the decision panel, ``_sensor_button.html``)."""
    env: Any = engines["jinja2"].env  # type: ignore[attr-defined]
    return mark_safe(env.get_template("kemble/_cards.jinja").module.sensor_card(card))
