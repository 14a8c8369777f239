"""F13: the beat sweeper re-sends an automatic step still pending after HYPERLANE_AUTO_STEP_RESEND_AFTER,
for the version it is pending at, and nothing else; the default keeps a lost step under a minute. A step
that cannot be applied is not retried for ever: after HYPERLANE_AUTO_STEP_MAX_FAILURES attempts it stops and
the table is shown to the moderators (issue 11 item 1)."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from games import services
from games.engine.core import IllegalCommand
from games.models import Command, Table
from games.tasks import advance_table_task, sweep_automatic_steps
from tests.support.tables import hand_of, started_table, submit

pytestmark = pytest.mark.django_db


def test_the_sweeper_resends_only_old_pending_steps(alice, bob, charlie):
    due = started_table(alice, bob)
    submit(due, alice, "bid", card=hand_of(due, 0)[0])
    submit(due, bob, "bid", card=hand_of(due, 1)[0])
    fresh = started_table(bob, charlie)
    submit(fresh, bob, "bid", card=hand_of(fresh, 0)[0])
    submit(fresh, charlie, "bid", card=hand_of(fresh, 1)[0])
    idle = started_table(alice, charlie)  # waiting on players, no automatic step
    old = timezone.now() - timedelta(seconds=settings.HYPERLANE_AUTO_STEP_RESEND_AFTER + 1)
    Table.objects.filter(pk__in=[due.pk, idle.pk]).update(auto_step_since=old)
    Table.objects.filter(pk=idle.pk).update(status=Table.Status.FINISHED)
    due.refresh_from_db()
    with mock.patch("games.tasks.advance_table_task.delay") as delay:
        assert sweep_automatic_steps() == 1
    delay.assert_called_once_with(due.pk, due.version)


def test_a_lost_step_is_resent_within_a_minute_by_default():
    sweep_every = settings.CELERY_BEAT_SCHEDULE["sweep-automatic-steps"]["schedule"]
    assert settings.HYPERLANE_AUTO_STEP_RESEND_AFTER + sweep_every <= 45


def _logged_in(user):  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def test_a_step_that_keeps_failing_stops_and_is_shown_to_the_moderators(alice, bob, mod):
    table = started_table(alice, bob)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    submit(table, bob, "bid", card=hand_of(table, 1)[0])  # version 3: the reveal step is due
    # A real cause of a step failing on every attempt: the table's engine is not the one installed.
    Table.objects.filter(pk=table.pk).update(engine_version=2)
    limit = settings.HYPERLANE_AUTO_STEP_MAX_FAILURES
    assert 1 < limit <= 10
    for attempt in range(1, limit + 1):
        advance_table_task(table.pk, 3)  # the task as the worker runs it: it does not raise
        table.refresh_from_db()
        assert (table.auto_step_failures, table.auto_step_error) == (attempt, "refused:engine_version_mismatch")
        assert (table.needs_moderator_since is not None) == (attempt == limit)
        assert (table.auto_step_since is None) == (attempt == limit)
    # No more retries: the sweeper skips the table, and a late duplicate task counts nothing.
    with mock.patch("games.tasks.advance_table_task.delay") as delay:
        assert sweep_automatic_steps() == 0
    delay.assert_not_called()
    advance_table_task(table.pk, 3)
    table.refresh_from_db()
    assert table.auto_step_failures == limit and table.version == 3
    # The players are told; the moderators see the table and its error code.
    page = _logged_in(alice).get(f"/tables/{table.pk}/").content.decode()
    assert "A moderator has been alerted." in page and "resolving a step" not in page
    listed = _logged_in(mod).get("/admin/games/table/?needs_moderator=yes").content.decode()
    assert f"/admin/games/table/{table.pk}/change/" in listed and "refused:engine_version_mismatch" in listed
    # Once the cause is fixed, a moderator sends the step again and it is applied.
    with pytest.raises(IllegalCommand):
        services.automatic_step_retry(table_id=table.pk, moderator=alice)
    Table.objects.filter(pk=table.pk).update(engine_version=1)
    services.automatic_step_retry(table_id=table.pk, moderator=mod)
    advance_table_task(table.pk, 3)
    table.refresh_from_db()
    assert table.version == 4 and Command.objects.filter(table=table, seat=-1).count() == 1
    assert (table.needs_moderator_since, table.auto_step_failures, table.auto_step_error) == (None, 0, "")


def test_a_step_failing_fewer_times_than_the_bound_is_still_retried_and_a_new_version_starts_afresh(alice, bob):
    table = started_table(alice, bob)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    submit(table, bob, "bid", card=hand_of(table, 1)[0])
    Table.objects.filter(pk=table.pk).update(engine_version=2)
    advance_table_task(table.pk, 3)
    advance_table_task(table.pk, 2)  # an old version's task: not an attempt at this step
    table.refresh_from_db()
    assert table.auto_step_failures == 1 and table.needs_moderator_since is None
    old = timezone.now() - timedelta(seconds=settings.HYPERLANE_AUTO_STEP_RESEND_AFTER + 1)
    Table.objects.filter(pk=table.pk).update(auto_step_since=old, engine_version=1)
    with mock.patch("games.tasks.advance_table_task.delay") as delay:
        assert sweep_automatic_steps() == 1
    delay.assert_called_once_with(table.pk, 3)
    advance_table_task(table.pk, 3)
    table.refresh_from_db()
    assert table.version == 4 and (table.auto_step_failures, table.auto_step_error) == (0, "")
