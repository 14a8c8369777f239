"""Notifications: a badge and an email when the game waits on you; reminders; the hourly throttle."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games.models import Notification, Seat
from games.notifications import notifications_send, reminders_create
from tests.support.tables import hand_of, started_table, submit

pytestmark = pytest.mark.django_db


def test_starting_a_game_notifies_everyone_it_waits_on(alice, bob):
    table = started_table(alice, bob)
    assert notifications_send(table_id=table.pk, version=table.version) == 2
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.org", "bob@example.org"]
    assert f"/tables/{table.pk}/" in mail.outbox[0].body


def test_a_player_who_turned_emails_off_gets_none(alice, bob):
    bob.email_on_turn = False
    bob.save()
    table = started_table(alice, bob)
    notifications_send(table_id=table.pk, version=table.version)
    assert [m.to[0] for m in mail.outbox] == ["alice@example.org"]
    assert Notification.objects.filter(user=bob, table=table).exists()  # the in-site badge remains


def test_at_most_one_turn_email_per_user_and_table_per_hour(alice, bob):
    table = started_table(alice, bob)
    notifications_send(table_id=table.pk, version=table.version)
    mail.outbox.clear()
    Notification.objects.create(user=alice, table=table, kind=Notification.Kind.YOUR_TURN, version=99)
    assert notifications_send(table_id=table.pk, version=99) == 0
    Notification.objects.filter(email_sent=True).update(emailed_at=timezone.now() - timedelta(hours=2))
    Notification.objects.create(user=alice, table=table, kind=Notification.Kind.YOUR_TURN, version=100)
    assert notifications_send(table_id=table.pk, version=100) == 1


def test_players_waited_on_for_a_day_get_one_reminder(alice, bob):
    table = started_table(alice, bob)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    Notification.objects.update(read_at=timezone.now())  # both had looked at the table since
    Seat.objects.filter(table=table, user=bob).update(waiting_since=timezone.now() - timedelta(hours=25))
    assert reminders_create() == 1
    assert reminders_create() == 0
    note = Notification.objects.get(kind=Notification.Kind.REMINDER)
    assert note.user == bob and note.email_sent
    assert any("bob@example.org" in m.to for m in mail.outbox)


def test_a_title_stored_with_a_newline_still_gets_its_mails_on_one_subject_line(alice, bob):
    """Issue 11 item 7: Django refused the Subject (BadHeaderError) and the mails of the table failed
    every minute. Titles are refused at the form now; one stored before still mails, on one line."""
    from games.models import Table

    table = started_table(alice, bob)
    Table.objects.filter(pk=table.pk).update(title="Friday\r\nBcc: everyone@example.org\tnight")
    assert notifications_send(table_id=table.pk, version=table.version) == 2
    subjects = {m.subject for m in mail.outbox}
    assert subjects == {f"Hyperlane: your move in Friday Bcc: everyone@example.org night (#{table.pk})"}
    assert all(m.bcc == [] for m in mail.outbox)
