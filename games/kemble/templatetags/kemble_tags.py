"""Template tags of the Kemble board. The board is drawn as parts (``KemblePresenter.board_parts``), each
a Jinja2 template of ``games/kemble/jinja2/kemble/``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.template import engines
from django.utils.safestring import SafeString, mark_safe

from games.parts import render_parts
from games.presenters import presenter_for

register = template.Library()

@register.simple_tag(takes_context=True)
def kemble_board(context: template.Context) -> SafeString:
    """The whole board (context: ``kemble`` from ``KemblePresenter.extra_context``, ``rules``, ``controls``,
    ``seats``, ``table`` and what the command forms post)."""
    return render_parts(presenter_for("kemble").board_parts(  # type: ignore[attr-defined]
        context.get("rules"), context))


@register.simple_tag
def kemble_sensor_card(card: Mapping[str, Any]) -> SafeString:
    """A sensor card (the bid buttons of the decision panel, ``_sensor_button.html``)."""
    env: Any = engines["jinja2"].env  # type: ignore[attr-defined]
    return mark_safe(env.get_template("kemble/_cards.jinja").module.sensor_card(card))
