"""The decision panel is drawn once per what it shows besides its forms' version and key, which are filled in
(``games.rendering._decision_panel``): a player's next move of the same turn keeps its controls."""

from __future__ import annotations

import uuid

import pytest

from games import rendering
from games.presenters import seat_names
from games.rendering import render_fragment
from games.selectors import board_context, viewer_for
from tests.support.tables import started_table

pytestmark = pytest.mark.django_db


def _deciding_context(alice, bob):  # type: ignore[no-untyped-def]
    table = started_table(alice, bob)
    ctx = board_context(viewer=viewer_for(table_id=table.pk, user=alice))
    assert ctx["my_decision"] and ctx["panel_controls"]
    ctx["oob"] = True
    return ctx


def test_the_panel_is_filled_with_each_versions_version_and_key_and_drawn_once(alice, bob, monkeypatch):
    ctx = _deciding_context(alice, bob)
    draws: list[object] = []
    draw = rendering._render_fragment
    monkeypatch.setattr(rendering, "_render_fragment", lambda name, c: draws.append(name) or draw(name, c))
    with seat_names(ctx["seat_names"]):
        first = render_fragment("decision", ctx)
        later = {**ctx, "form_version": ctx["form_version"] + 3, "idempotency_key": uuid.uuid4()}
        second = render_fragment("decision", later)
        # Each is what the template draws with its own version and key, byte for byte.
        assert first == draw("decision", ctx)
        assert second == draw("decision", later)
    assert draws == ["decision"]  # the second came from the first's drawing, filled in
    forms = len(ctx["panel_controls"]) + int(bool(ctx["can_undo"]))
    assert second.count(f'name="version" value="{later["form_version"]}"') == forms
    assert second.count(f'name="idempotency_key" value="{later["idempotency_key"]}"') == forms
    assert f'value="{ctx["idempotency_key"]}"' not in second and "\x00" not in second


def test_other_controls_or_another_language_draw_the_panel_again(alice, bob):
    from django.utils import translation

    ctx = _deciding_context(alice, bob)
    fewer = {**ctx, "panel_controls": ctx["panel_controls"][:1]}
    with seat_names(ctx["seat_names"]):
        whole, one = render_fragment("decision", ctx), render_fragment("decision", fewer)
        with translation.override("it"):
            italian = render_fragment("decision", ctx)
    assert whole.count('class="command"') == len(ctx["panel_controls"])
    assert one.count('class="command"') == 1
    assert "La tua decisione" in italian and "Your decision" in whole
