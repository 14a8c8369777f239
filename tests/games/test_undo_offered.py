"""Issue 11 item 18: the page offers an undo only when it works, in a simultaneous decision too.

``Together`` is a minimal game whose one decision is simultaneous and stays open while a seat acts: each
seat marks (undoable) up to twice, then says it is done; the game ends when all are done.
"""

from __future__ import annotations

import copy
import re
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from django.db import transaction
from django.test import Client

from games import services
from games.engine import registry
from games.engine.core import Command, Decision, Event, IllegalCommand, Outcome, Result, Rng, Rules
from games.models import Command as CommandRow
from games.models import Seat
from tests.support.tables import started_table, submit

pytestmark = pytest.mark.django_db


class Together(Rules):
    slug = "together"
    min_players = 2
    max_players = 3

    def setup(self, *, num_players: int, options: Mapping[str, Any], rng: Rng) -> Outcome:
        return Outcome({"n": num_players, "marks": [0] * num_players, "done": [False] * num_players}, [])

    def pending(self, state: Any) -> Sequence[Decision]:
        waiting = frozenset(i for i in range(state["n"]) if not state["done"][i])
        return (Decision("mark", waiting, "mark"),) if waiting else ()

    def legal_commands(self, state: Any, seat: int) -> Sequence[Command]:
        if state["done"][seat]:
            return []
        return ([Command(seat, "mark")] if state["marks"][seat] < 2 else []) + [Command(seat, "done")]

    def apply(self, state: Any, command: Command, rng: Rng) -> Outcome:
        if Command(command.seat, command.kind, dict(command.args)) not in self.legal_commands(state, command.seat):
            raise IllegalCommand("not_your_turn")
        s = copy.deepcopy(state)
        if command.kind == "mark":
            s["marks"][command.seat] += 1
            return Outcome(s, [Event("marked", {"seat": command.seat})], undoable=True)
        s["done"][command.seat] = True
        return Outcome(s, [Event("done", {"seat": command.seat})])

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return copy.deepcopy(state)

    def result(self, state: Any) -> Result | None:
        if not all(state["done"]):
            return None
        return Result(winners=frozenset(range(state["n"])), reason="all_done", ranking=[list(range(state["n"]))])

    def dump(self, state: Any) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: Mapping[str, Any]) -> Any:
        return copy.deepcopy(dict(data))


@pytest.fixture(autouse=True)
def _together(monkeypatch):  # type: ignore[no-untyped-def]
    """Offered only to this module's tests (suites that walk every registered game never see it)."""
    registry.all_rules()  # the built-in games first, so that they are not loaded over it later
    monkeypatch.setitem(registry._RULES, Together.slug, Together())


def _undo_form(client: Client, table_id: int) -> dict[str, str] | None:
    """The undo form's fields as the page renders them, or None when the page offers no undo."""
    html = client.get(f"/tables/{table_id}/").content.decode()
    form = re.search(r'<form class="command undo".*?</form>', html, re.S)
    if form is None:
        return None
    return dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(0)))


def _client(user: Any) -> Client:
    c = Client()
    c.force_login(user)
    return c


class _RolledBack(Exception):
    pass


def _undo_accepted(table_id: int, user: Any) -> bool:
    """Whether the service takes an undo from this seat now, posted as its page would (at the version its
    decision opened), tried inside a transaction that is then rolled back."""
    seat = Seat.objects.get(table_id=table_id, user=user)
    try:
        with transaction.atomic():
            services.command_undo(
                table_id=table_id, user=user, expected_version=seat.decision_since, idempotency_key=uuid.uuid4()
            )
            raise _RolledBack
    except _RolledBack:
        return True
    except (IllegalCommand, services.StaleDecision):
        return False


def test_an_undo_offered_after_another_seat_undid_works(alice, bob):
    table = started_table(alice, bob, game="together")
    submit(table, alice, "mark")
    submit(table, bob, "mark")
    table.refresh_from_db()
    services.command_undo(table_id=table.pk, user=bob, expected_version=table.version, idempotency_key=uuid.uuid4())
    # Bob's mark is undone: alice's is the last command standing, and her decision is still open.
    alices = _client(alice)
    fields = _undo_form(alices, table.pk)
    assert fields is not None
    answer = alices.post(f"/tables/{table.pk}/command/", fields, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200, answer.content.decode()
    assert CommandRow.objects.filter(table=table, seat=0, kind="mark", undone=True).exists()


def test_the_page_offers_an_undo_exactly_when_it_is_accepted(alice, bob, charlie):
    """A game of marks, dones and undos by three seats: after each step, for each seat, the page offers an
    undo exactly when the service would take it; each scripted undo is posted from the page's own form."""
    table = started_table(alice, bob, charlie, game="together")
    users = (alice, bob, charlie)
    clients = [_client(u) for u in users]
    script = [(0, "mark"), (1, "mark"), (1, "undo"), (0, "undo"), (2, "mark"), (2, "undo"), (1, "mark"),
              (1, "done"), (0, "mark"), (0, "undo"), (0, "mark"), (0, "done"), (2, "done")]
    for seat, kind in script:
        if kind == "undo":
            fields = _undo_form(clients[seat], table.pk)
            assert fields is not None, f"seat {seat} was offered no undo"
            answer = clients[seat].post(f"/tables/{table.pk}/command/", fields, HTTP_HX_REQUEST="true")
            assert answer.status_code == 200, answer.content.decode()
        else:
            submit(table, users[seat], kind)
        offered = [_undo_form(c, table.pk) is not None for c in clients]
        accepted = [_undo_accepted(table.pk, u) for u in users]
        assert offered == accepted, (seat, kind, offered, accepted)
    table.refresh_from_db()
    assert table.status == table.Status.FINISHED
