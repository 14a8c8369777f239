"""Template helpers of the TNG board: its parts are Jinja2 templates (``games/tng/jinja2/tng/``), drawn by
``games.tng.board``; the decision panel's card buttons (``_card_button.html``) and seat buttons."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.template import engines
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.presenters import presenter_for
from games.tng import board

register = template.Library()


def _jinja(name: str, **data: Any) -> SafeString:
    return mark_safe(engines["jinja2"].env.get_template(name).render(data))  # type: ignore[attr-defined]


@register.simple_tag(takes_context=True)
def tng_board(context: template.Context) -> SafeString:
    """The board: the presenter's parts in their outline (the platform's ``parts``, which the sockets'
    digests describe; made here only when a page is drawn without them)."""
    parts = context.get("parts") or presenter_for("tng").board_parts(context.get("rules"), context)
    return board.render_board(parts)


@register.simple_tag
def tng_card_button(c: Mapping[str, Any]) -> SafeString:
    """The inside of a decision-panel button that plays or takes a card (``c``: a control)."""
    return _jinja("tng/card_button.html", c=c)


@register.filter
def tng_who(seats: Iterable[Any] | None, position: int) -> str:
    """The seated user's shown name, or "Player N" when nobody sits there."""
    for s in seats or ():
        if s.position == position:
            return str(s.user.shown_name)
    return gettext("Player %(n)s") % {"n": position + 1}
