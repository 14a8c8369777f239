"""F9 in-process: a retried post applies once; another command under the same key (a second tab on the
same decision: the page's forms share the decision's key) is told it lost and gets the fresh board."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from games import services
from games.models import Command
from games.selectors import decision_idempotency_key
from tests.support.tables import hand_of, started_table, submit

pytestmark = pytest.mark.django_db


def test_the_same_key_with_another_command_is_stale_not_silently_dropped(alice, bob):
    table = started_table(alice, bob)
    first, second = hand_of(table, 0)
    key = uuid.uuid4()
    submit(table, alice, "bid", key=key, version=1, card=first)
    assert submit(table, alice, "bid", key=key, version=1, card=first).replayed  # a retry: applied once
    with pytest.raises(services.StaleDecision):
        submit(table, alice, "bid", key=key, version=1, card=second)
    assert Command.objects.filter(table=table).count() == 1


def test_two_tabs_posting_different_choices_the_loser_gets_409_and_the_board(alice, bob):
    table = started_table(alice, bob)
    first, second = hand_of(table, 0)
    tab1, tab2 = Client(), Client()
    tab1.force_login(alice)
    tab2.force_login(alice)
    seat = table.seats.get(user=alice)
    key = str(decision_idempotency_key(table, seat))  # what both tabs' forms carry

    def post(c, card):  # type: ignore[no-untyped-def]
        return c.post(f"/tables/{table.pk}/command/", {"kind": "bid", "args": json.dumps({"card": card}),
                                                       "version": 1, "idempotency_key": key}, HTTP_HX_REQUEST="true")

    assert post(tab1, first).status_code == 200
    lost = post(tab2, second)
    assert lost.status_code == 409
    body = lost.content.decode()
    assert 'role="alert"' in body and 'data-version="2"' in body
    assert post(tab1, first).status_code == 200  # the winner's retry is still a plain replay
    assert Command.objects.filter(table=table).count() == 1
