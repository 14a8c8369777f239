"""F13: the beat sweeper re-sends an automatic step still pending after HYPERLANE_AUTO_STEP_RESEND_AFTER,
for the version it is pending at, and nothing else; the default keeps a lost step under a minute."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.conf import settings
from django.utils import timezone

from games.models import Table
from games.tasks import sweep_automatic_steps
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
