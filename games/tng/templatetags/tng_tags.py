"""Template helpers of the TNG board. The repeated parts are drawn in ``games/tng/html.py``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.tng import html as tng_html

register = template.Library()


def _page(context: template.Context) -> tng_html.Page:
    """The render's ``tng_html.Page``, made once per board render (kept in the template's render context)."""
    page = context.render_context.get("tng_html.Page")
    if page is None:
        page = context.render_context["tng_html.Page"] = tng_html.Page.from_context(context)
    return page


@register.simple_tag(takes_context=True)
def tng_head(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    """The board's opening ``<div class="tng">`` and its header (``t``: the ``tng`` context)."""
    return mark_safe(tng_html.head(t, _page(context)))


@register.simple_tag(takes_context=True)
def tng_stage(context: template.Context, st: Mapping[str, Any]) -> SafeString:
    """What the turn is resolving now (``st``: ``tng.stage``)."""
    return mark_safe(tng_html.stage(st, _page(context)))


@register.simple_tag(takes_context=True)
def tng_battles(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    """The latest battles, hit by hit."""
    return mark_safe(tng_html.battles(t, _page(context)))


@register.simple_tag(takes_context=True)
def tng_mine(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    """My ship and cards, with the Discard Phase forms on my hand."""
    return mark_safe(tng_html.mine(t, _page(context)))


@register.simple_tag(takes_context=True)
def tng_table(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    """The Starbase and Space, with the obtain, search and complete forms on their cards."""
    return mark_safe(tng_html.table(t, _page(context)))


@register.simple_tag(takes_context=True)
def tng_others(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    """The other players' panels."""
    return mark_safe(tng_html.others(t, _page(context)))


@register.simple_tag(takes_context=True)
def tng_borg(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    """Borg Invasion's panel."""
    return mark_safe(tng_html.borg(t, _page(context)))


@register.simple_tag(takes_context=True)
def tng_klingon(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    """Klingon Civil War's panel."""
    return mark_safe(tng_html.klingon(t, _page(context)))


@register.simple_tag
def tng_card_button(c: Mapping[str, Any]) -> SafeString:
    """The inside of a decision-panel button that plays or takes a card (``c``: a control)."""
    return mark_safe(tng_html.card_button(c))


@register.filter
def tng_who(seats: Iterable[Any] | None, position: int) -> str:
    """The seated user's shown name, or "Player N" when nobody sits there."""
    for s in seats or ():
        if s.position == position:
            return str(s.user.shown_name)
    return gettext("Player %(n)s") % {"n": position + 1}
