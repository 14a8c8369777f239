"""Receivers that tell a user's open websockets to re-check their session (``TableConsumer.session_check``):
on sign-out, and when the account is deactivated (banned). The sockets' heartbeats re-check too (a new
password, a session removed), so a message lost with Redis only delays the check."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver

from games import broadcast


@receiver(user_logged_out)
def _signed_out(sender: Any, request: Any = None, user: Any = None, **kwargs: Any) -> None:
    # The signal comes before the session is deleted: name it, so its sockets close without reading it.
    session = getattr(request, "session", None)
    if user is not None and user.pk is not None:
        broadcast.sessions_changed_on_commit(user_id=user.pk, ended=getattr(session, "session_key", None))


@receiver(post_save, sender=get_user_model())
def _account_saved(sender: Any, instance: Any, created: bool = False, **kwargs: Any) -> None:
    # Deactivated (banned): no session signs the user in any more. (A new password ends the other
    # sessions too; their sockets find out on their next heartbeat. Told now, they would race the
    # changing session's own new hash, saved just after the user.)
    if not created and not instance.is_active:
        broadcast.sessions_changed_on_commit(user_id=instance.pk)
