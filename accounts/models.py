from __future__ import annotations

import zoneinfo
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.contrib.sessions.base_session import AbstractBaseSession
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.names import skeleton


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("Unknown time zone: %(tz)s"), params={"tz": value})


class User(AbstractUser):
    """A player or moderator (``is_staff``). Preferences live on the row: few, and read on every page."""

    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC", validators=[validate_time_zone])
    email_on_turn = models.BooleanField(_("email me when a game waits for me"), default=True)
    email_on_game_end = models.BooleanField(_("email me when a game of mine ends"), default=True)
    #: Signed up through the sign-up form, which asks for a confirmed address before the first sign-in
    #: (``accounts/stages.py``); accounts made otherwise (before that, by an administrator) sign in as ever.
    needs_confirmed_email = models.BooleanField(default=False, editable=False)
    #: ``accounts.names.skeleton`` of the username and of the display name, kept by ``save``: two players
    #: may not have names that look alike (``services.name_clash``).
    username_skeleton = models.CharField(max_length=150, blank=True, db_index=True, editable=False)
    display_name_skeleton = models.CharField(max_length=150, blank=True, db_index=True, editable=False)

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.username_skeleton = skeleton(self.username or "")
        self.display_name_skeleton = skeleton(self.display_name or "")
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"username", "display_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "username_skeleton", "display_name_skeleton"}
        super().save(*args, **kwargs)

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username

    def __str__(self) -> str:
        return self.shown_name


class UserSession(AbstractBaseSession):
    """A session row that names its signed-in user in a column of its own (``accounts.sessions``), so that
    a request reads its session and its user in one query (a join) instead of two. The session data stays
    the source of truth (``django.contrib.auth.get_user`` checks it as ever); the column is written from it
    on every save. Deleting a user deletes their sessions."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="+")

    @classmethod
    def get_session_store_class(cls) -> type:
        from accounts.sessions import SessionStore

        return SessionStore
