"""Template tags of the Kemble board. The board is drawn by the Jinja2 templates of
``games/kemble/jinja2/kemble/``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.template import engines
from django.utils.safestring import SafeString, mark_safe

from games.kemble import presenter as kemble

register = template.Library()


def _env() -> Any:
    return engines["jinja2"].env  # type: ignore[attr-defined]


@register.simple_tag(takes_context=True)
def kemble_board(context: template.Context) -> SafeString:
    """The whole board (context: ``kemble`` from ``KemblePresenter.extra_context``, ``controls``, ``seats``
    and what the command forms post)."""
    k = context["kemble"]
    my_row, cols = kemble.my_row_and_cols(k["rows"])
    legend = _env().get_template("kemble/legend.jinja").render({"legend": kemble.legend()})
    html = _env().get_template("kemble/board.jinja").render(
        {
            "kemble": k,
            "controls": kemble.controls_by_cell(context.get("controls")),
            "forms": kemble.board_forms(context),
            "names": kemble.seat_names_of(context),
            "legend": mark_safe(legend),
            "my_row": my_row,
            "cols": cols,
        }
    )
    return mark_safe(html)


@register.simple_tag
def kemble_sensor_card(card: Mapping[str, Any]) -> SafeString:
    """A sensor card (the bid buttons of the decision panel, ``_sensor_button.html``)."""
    return mark_safe(_env().get_template("kemble/_cards.jinja").module.sensor_card(card))
