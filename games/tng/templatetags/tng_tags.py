"""Template helpers of the TNG board: its parts are Jinja2 templates (``games/tng/jinja2/tng/``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.template import engines
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.tng import board

register = template.Library()


def _jinja(name: str, **data: Any) -> SafeString:
    return mark_safe(engines["jinja2"].env.get_template(name).render(data))  # type: ignore[attr-defined]


def _common(context: template.Context) -> dict[str, Any]:
    cached = context.render_context.get("tng.common")
    if cached is None:
        table = context.get("table")
        url = reverse("table_command", args=[table.pk]) if table is not None else ""
        controls = context.get("controls") or ()
        cached = context.render_context["tng.common"] = {
            "names": board.seat_names(context.get("seats")),
            "position": context.get("position"),
            "forms": board.on_card_forms(controls, url, context.get("form_version", ""),
                                         context.get("idempotency_key", "")),
            "discard_hint": any(c.get("kind") == "discard" for c in controls),
        }
    return cached


@register.simple_tag(takes_context=True)
def tng_head(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    return _jinja("tng/head.html", t=t, names=_common(context)["names"])


@register.simple_tag(takes_context=True)
def tng_stage(context: template.Context, st: Mapping[str, Any]) -> SafeString:
    return _jinja("tng/stage.html", st=st, names=_common(context)["names"])


@register.simple_tag(takes_context=True)
def tng_battles(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    c = _common(context)
    return _jinja("tng/battles.html", battles=t.get("battles") or (), names=c["names"], position=c["position"])


@register.simple_tag(takes_context=True)
def tng_mine(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    c = _common(context)
    return _jinja("tng/mine.html", p=t["me"], hand=(t.get("mine") or {}).get("hand") or (), forms=c["forms"],
                  discard_hint=c["discard_hint"], final=bool(t.get("final")))


@register.simple_tag(takes_context=True)
def tng_table(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    return _jinja("tng/table.html", t=t, forms=_common(context)["forms"])


@register.simple_tag(takes_context=True)
def tng_others(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    return _jinja("tng/others.html", players=t.get("players") or (), group=t.get("group"),
                  final=bool(t.get("final")), names=_common(context)["names"])


@register.simple_tag(takes_context=True)
def tng_borg(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    return _jinja("tng/borg.html", t=t, names=_common(context)["names"])


@register.simple_tag(takes_context=True)
def tng_klingon(context: template.Context, t: Mapping[str, Any]) -> SafeString:
    return _jinja("tng/klingon.html", t=t, names=_common(context)["names"])


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
