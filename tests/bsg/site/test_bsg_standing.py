"""Answering skill checks in advance on the site (bsg:R501, RULINGS G43): the seat's own part offers "Pass on
this check", "Pass on every check until my next turn" and "Stop passing" whoever the game waits for; the order
shows in that part alone, and the check goes past the seat by itself, the log saying it passed in advance."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from games.engine import registry
from games.engine.core import Command
from games.models import Table
from games.presenters import presenter_for
from tests.bsg.site.test_bsg_page import HX, _choose, _form_fields, _page
from tests.support.pages import logged_in_clients, posted_controls, seeded_table
from tests.support.tables import run_automatic_steps, state_of

pytestmark = pytest.mark.django_db
RULES = registry.get("bsg")


@pytest.fixture
def cast(alice, bob, charlie):  # type: ignore[no-untyped-def]
    return [alice, bob, charlie]


def _hand(html: str) -> str:
    return html.split('id="bsg-hand"')[1].split("</section>")[0]


def _to_a_check(table: Table, cast: list[Any], clients: list[Any]) -> dict[str, Any]:
    rnd = random.Random(1)
    for _ in range(300):
        run_automatic_steps(table)
        table.refresh_from_db()
        state: dict[str, Any] = state_of(table)
        if state["check"] is not None and state["check"]["at"] == 0:
            return state
        seat = sorted(RULES.seats_to_act(state))[0]
        html = _page(clients[seat], table)
        controls = [c for c in posted_controls(html) if c[0] != "check_standing"]
        kind, args = _choose(controls, state, seat, rnd)
        clients[seat].post(
            reverse("table_command", args=[table.pk]), _form_fields(html, kind, args), headers=HX
        )
    raise AssertionError("no skill check reached")


@pytest.mark.rules("bsg:R501")
def test_a_seat_passes_on_the_check_in_advance_from_its_own_part(cast: list[Any]) -> None:
    table = seeded_table("bsg", cast, seed=7)
    clients = logged_in_clients(cast)
    state = _to_a_check(table, cast, clients)
    first, second, current = state["check"]["order"]
    assert current == state["current"]
    html = _page(clients[second], table)
    hand = _hand(html)
    assert "Pass on this check" in hand and "Pass on every check until my next turn" in hand
    before = table.version
    response = clients[second].post(
        reverse("table_command", args=[table.pk]),
        _form_fields(html, "check_standing", '{"mode":"pass_this_check"}'),
        headers=HX,
    )
    assert response.status_code == 200, response.content.decode()[:300]
    table.refresh_from_db()
    assert table.version == before + 1
    mine = _hand(_page(clients[second], table))
    assert "You pass on this check in advance." in mine and "Stop passing" in mine
    assert "Pass on this check" not in mine
    for other in (first, current):  # nobody else learns of it
        page = _page(clients[other], table)
        assert "in advance" not in page
    # the first seat finishes; the check goes past the second by itself and waits on the current player
    html = _page(clients[first], table)
    response = clients[first].post(
        reverse("table_command", args=[table.pk]), _form_fields(html, "finish_contributing", "{}"), headers=HX
    )
    assert response.status_code == 200, response.content.decode()[:300]
    table.refresh_from_db()
    state = state_of(table)
    assert RULES.seats_to_act(state) == {current} and state["check"]["played"][str(second)] == []
    log = clients[current].get(reverse("table_log", args=[table.pk])).content.decode()
    assert f"({cast[second].username}) passed in advance (0 cards)" in log
    assert "You pass on this check in advance" not in _hand(_page(clients[second], table))


@pytest.mark.rules("bsg:R501")
def test_a_pass_until_the_next_turn_is_shown_and_withdrawn(cast: list[Any]) -> None:
    table = seeded_table("bsg", cast, seed=7)
    clients = logged_in_clients(cast)
    state = _to_a_check(table, cast, clients)
    seat = state["current"]  # on his own turn: it covers the checks of the turns to come
    html = _page(clients[seat], table)
    clients[seat].post(
        reverse("table_command", args=[table.pk]),
        _form_fields(html, "check_standing", '{"mode":"pass_until_my_turn"}'),
        headers=HX,
    )
    table.refresh_from_db()
    assert state_of(table)["standing"] == {str(seat): state["turn_no"]}
    html = _page(clients[seat], table)
    assert "You pass on every check until your next turn begins." in _hand(html)
    clients[seat].post(
        reverse("table_command", args=[table.pk]),
        _form_fields(html, "check_standing", '{"mode":"off"}'),
        headers=HX,
    )
    table.refresh_from_db()
    assert state_of(table)["standing"] == {}
    assert "until your next turn begins" not in _page(clients[seat], table)


def test_the_standing_pass_controls_read_in_italian() -> None:
    presenter: Any = presenter_for("bsg")
    labels = [
        presenter.command_label(RULES, Command(0, "check_standing", {"mode": m}), {})
        for m in ("pass_this_check", "pass_until_my_turn", "off")
    ]
    assert labels == ["Pass on this check", "Pass on every check until my next turn", "Stop passing"]
    with translation.override("it"):
        labels = [
            presenter.command_label(RULES, Command(0, "check_standing", {"mode": m}), {})
            for m in ("pass_this_check", "pass_until_my_turn", "off")
        ]
    assert labels == [
        "Passo su questa prova",
        "Passo su ogni prova fino al mio prossimo turno",
        "Smetto di passare",
    ]
