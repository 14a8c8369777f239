"""Emails for "a game waits on you" and "your game ended", throttled per user and table.

An open browser tab never suppresses an email: players leave tabs open for days.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from config.text import header_safe
from games.models import Notification


def notifications_send(*, table_id: int, version: int) -> int:
    """Email the notifications created at this version that are still unread and unsent."""
    return _send(Notification.objects.filter(table_id=table_id, version=version))


def notifications_send_pending() -> int:
    recent = timezone.now() - timedelta(days=2)
    return _send(Notification.objects.filter(created_at__gte=recent))


def reminders_create() -> int:
    """Remind each player the game has waited on for a long time; once per decision (table version)."""
    from games.models import Seat, Table

    cutoff = timezone.now() - timedelta(hours=settings.HYPERLANE_REMINDER_AFTER_HOURS)
    waiting = Seat.objects.filter(
        waiting_since__lt=cutoff, resigned=False, table__status=Table.Status.ACTIVE
    ).values_list("user_id", "table_id", "table__version")
    waiting = list(waiting)
    reminded = set(
        Notification.objects.filter(
            kind=Notification.Kind.REMINDER, table_id__in={t for _u, t, _v in waiting}
        ).values_list("user_id", "table_id", "version")
    )
    new = [(u, t, v) for u, t, v in waiting if (u, t, v) not in reminded]
    Notification.objects.bulk_create(
        [Notification(user_id=u, table_id=t, kind=Notification.Kind.REMINDER, version=v) for u, t, v in new],
        ignore_conflicts=True,
    )
    notifications_send_pending()
    return len(new)


def _send(queryset) -> int:  # type: ignore[no-untyped-def]
    sent = 0
    throttle = timedelta(seconds=settings.HYPERLANE_EMAIL_THROTTLE_SECONDS)
    for note in queryset.filter(emailed_at__isnull=True, read_at__isnull=True).select_related("user", "table"):
        user = note.user
        wants = user.email_on_game_end if note.kind == Notification.Kind.GAME_ENDED else user.email_on_turn
        with transaction.atomic():
            # Claim the row first (compare-and-set), so two workers never send the same email.
            claimed = Notification.objects.filter(pk=note.pk, emailed_at__isnull=True).update(
                emailed_at=timezone.now()
            )
            if not claimed or not wants or not user.email:
                continue
            recently = (
                Notification.objects.filter(
                    user=user, table=note.table, email_sent=True, emailed_at__gte=timezone.now() - throttle
                )
                .exclude(pk=note.pk)
                .exists()
            )
            if recently and note.kind != Notification.Kind.GAME_ENDED:
                continue
            with translation.override(user.language):
                context = {
                    "user": user,
                    "table": note.table,
                    "kind": note.kind,
                    "url": settings.SITE_URL.rstrip("/") + reverse("table", args=[note.table_id]),
                }
                # One line, whatever the stored title holds (a newline made every one of these mails fail).
                subject = header_safe(render_to_string("games/email/subject.txt", context))
                body = render_to_string("games/email/body.txt", context)
                if settings.HYPERLANE_PLANT_LEAK == "email":  # TEST-ONLY planted leak (tests/proof/leakcheck.py)
                    body += str(note.table.state)
            send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])
            Notification.objects.filter(pk=note.pk).update(email_sent=True)
            sent += 1
    return sent
