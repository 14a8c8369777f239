"""Celery tasks: thin, idempotent, taking ids and the version they were made for.

They sit above the services they call; the services queue them by name (games/queueing.py)."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from games.engine.core import IllegalCommand
from games.services import (
    automatic_step_apply,
    automatic_step_failed,
    away_answers_resend,
    away_orders_lapse,
    seat_away_answer,
)

log = logging.getLogger(__name__)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def advance_table_task(table_id: int, expected_version: int) -> None:
    """Apply the automatic step due at ``expected_version`` (does nothing for an old version).

    A failure is logged and counted (``automatic_step_failed``): after a bounded number the step is no
    longer retried and the table is marked as needing a moderator, instead of failing for ever.
    """
    try:
        automatic_step_apply(table_id=table_id, expected_version=expected_version)
    except Exception as exc:
        code = failure_code(exc)
        log.exception("automatic step failed: table=%s version=%s error=%s", table_id, expected_version, code)
        automatic_step_failed(table_id=table_id, expected_version=expected_version, error=code)


def failure_code(exc: BaseException) -> str:
    """What a moderator is shown of a failure: the refusal's code, or the exception's class. Never the
    exception's text (it may quote the hidden state)."""
    if isinstance(exc, IllegalCommand):
        return f"refused:{exc.code}"
    return type(exc).__name__


@shared_task(ignore_result=True)
def sweep_automatic_steps() -> int:
    """Re-send automatic steps still pending after a while: a lost message delays a step, never loses it."""
    from games.models import Table

    cutoff = timezone.now() - timedelta(seconds=settings.HYPERLANE_AUTO_STEP_RESEND_AFTER)
    stuck = list(
        Table.objects.filter(status=Table.Status.ACTIVE, auto_step_since__lt=cutoff).values_list("pk", "version")
    )
    for table_id, version in stuck:
        advance_table_task.delay(table_id, version)
    return len(stuck)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def answer_away_task(table_id: int, position: int, expected_version: int) -> None:
    """Make the answer due at ``expected_version`` for seat ``position``, whose player is away (RULINGS bsg
    G45); does nothing for an old version, a seat back or no longer waited on, or a second delivery. A
    failure is logged: nothing is lost, the seat answers for itself as if it were not away."""
    try:
        seat_away_answer(table_id=table_id, position=position, expected_version=expected_version)
    except Exception as exc:
        log.exception(
            "away answer failed: table=%s seat=%s version=%s error=%s",
            table_id, position, expected_version, failure_code(exc),
        )


@shared_task(ignore_result=True)
def sweep_away_seats() -> int:
    """Clear the away orders whose time is up, and re-send the answers of away seats still waited on after
    a while (a lost message delays an answer, never loses it). Returns how many answers were re-sent."""
    away_orders_lapse()
    cutoff = timezone.now() - timedelta(seconds=settings.HYPERLANE_AUTO_STEP_RESEND_AFTER)
    due = away_answers_resend(older_than=cutoff)
    for table_id, position, version in due:
        answer_away_task.delay(table_id, position, version)
    return len(due)


@shared_task(acks_late=True, ignore_result=True)
def notify_users_task(table_id: int, version: int) -> None:
    from games.notifications import notifications_send

    notifications_send(table_id=table_id, version=version)


@shared_task(ignore_result=True)
def remind_waiting_players() -> int:
    from games.notifications import reminders_create

    return reminders_create()


@shared_task(ignore_result=True)
def send_turn_notifications() -> None:
    """Periodic catch-up for emails whose task was lost."""
    from games.notifications import notifications_send_pending

    notifications_send_pending()
