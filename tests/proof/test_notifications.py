"""F15: one "your turn" email per user and table per hour, never two for one notification (two workers,
the catch-up task), never suppressed by an idle open tab; the game's end always mailed; preferences kept."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.core import mail
from django.utils import timezone

from games.models import Notification
from games.notifications import notifications_send, notifications_send_pending
from tests.proof.leakcheck import WS_APP, in_test_transaction
from tests.support.sockets import CAP, before_resend
from tests.support.tables import hand_of, run_automatic_steps, started_table, submit

pytestmark = pytest.mark.django_db


def _to(user) -> list[str]:  # type: ignore[no-untyped-def]
    return [m.subject for m in mail.outbox if user.email in m.to]


def _send_all() -> None:
    notifications_send_pending()


def _play_round(table, alice, bob) -> None:  # type: ignore[no-untyped-def]
    """Both bid; the reveal runs; the round's winner ends the turn."""
    submit(table, alice, "bid", card=hand_of(table, 0)[0], version=table.seats.get(user=alice).decision_since)
    submit(table, bob, "bid", card=hand_of(table, 1)[0], version=table.seats.get(user=bob).decision_since)
    run_automatic_steps(table)
    table.refresh_from_db()
    if table.status == table.Status.ACTIVE:
        winner = alice if table.state["active"] == 0 else bob
        submit(table, winner, "end_turn", version=table.seats.get(user=winner).decision_since)


def test_one_email_per_user_and_table_per_hour(alice, bob):
    table = started_table(alice, bob, target=5)
    mail.outbox = []
    assert notifications_send(table_id=table.pk, version=1) == 2  # both must bid
    for _ in range(3):
        _play_round(table, alice, bob)
        _send_all()
    assert len(_to(alice)) == 1 and len(_to(bob)) == 1  # many turns within the hour: one email each
    assert Notification.objects.filter(user=alice, email_sent=False).exists()

    other = started_table(alice, bob, target=5)  # another table is another thread of emails
    notifications_send(table_id=other.pk, version=1)
    assert len(_to(alice)) == 2 and len(_to(bob)) == 2

    Notification.objects.filter(email_sent=True).update(emailed_at=timezone.now() - timedelta(hours=2))
    _play_round(table, alice, bob)
    _send_all()
    assert len(_to(alice)) == 3 and len(_to(bob)) == 3  # an hour later: mailed again


def test_a_notification_is_mailed_once_even_when_sent_twice(alice, bob):
    table = started_table(alice, bob)
    mail.outbox = []
    assert notifications_send(table_id=table.pk, version=1) == 2
    assert notifications_send(table_id=table.pk, version=1) == 0  # a duplicate task
    assert notifications_send_pending() == 0  # the periodic catch-up
    assert len(mail.outbox) == 2


def test_an_idle_open_tab_does_not_suppress_the_email(alice, bob):
    """Bob's page stays open (its websocket beating) while he is away: he is still mailed."""
    table = started_table(alice, bob)
    Notification.objects.all().delete()

    async def idle_tab() -> None:
        from channels.testing import WebsocketCommunicator

        comm = WebsocketCommunicator(WS_APP, f"/ws/tables/{table.pk}/")
        comm.scope["user"] = bob
        assert (await comm.connect(timeout=CAP))[0]
        await comm.receive_from(timeout=CAP)
        for _ in range(3):
            await comm.send_to(text_data=json.dumps({"heartbeat": 1}))
        await before_resend(comm)  # every beat was handled before the tab closes
        await comm.disconnect()

    with in_test_transaction():
        async_to_sync(idle_tab)()
    mail.outbox = []
    submit(table, bob, "bid", card=hand_of(table, 1)[0])
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    run_automatic_steps(table)
    table.refresh_from_db()
    with in_test_transaction():
        async_to_sync(idle_tab)()
    _send_all()
    active = alice if table.state["active"] == 0 else bob
    assert len(_to(active)) == 1


def test_opening_the_page_marks_it_read_and_nothing_is_sent(alice, bob, client):
    table = started_table(alice, bob)
    mail.outbox = []
    client.force_login(alice)
    client.get(f"/tables/{table.pk}/")
    _send_all()
    assert _to(alice) == [] and len(_to(bob)) == 1


def test_the_end_of_the_game_is_mailed_even_within_the_hour_and_preferences_hold(alice, bob):
    bob.email_on_turn = False
    bob.save()
    table = started_table(alice, bob, target=1)
    mail.outbox = []
    _send_all()
    assert len(_to(alice)) == 1 and _to(bob) == []  # bob does not want turn emails
    _play_round(table, alice, bob)
    table.refresh_from_db()
    assert table.status == table.Status.FINISHED
    _send_all()
    assert len(_to(alice)) == 2 and len(_to(bob)) == 1  # the end: to both, despite the hour
