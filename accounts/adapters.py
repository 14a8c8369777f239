"""allauth hooks: a new account starts in the language the visitor was browsing in, and the messages
allauth adds are written in the language of the player they are for."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.http import HttpRequest
from django.utils import translation


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        language = translation.get_language() or settings.LANGUAGE_CODE
        language = language.split("-")[0]
        if language in dict(settings.LANGUAGES):
            user.language = language
        return super().save_user(request, user, form, commit=commit)

    def add_message(self, request: HttpRequest, level: int, *args: Any, **kwargs: Any) -> None:
        """The request that logs a player in was begun in the visitor's language (the preferences
        middleware ran before the login): "signed in as …" is written in the player's own language."""
        user = getattr(request, "user", None)
        language = getattr(user, "language", "") if user is not None and user.is_authenticated else ""
        if language in dict(settings.LANGUAGES):
            with translation.override(language):
                return super().add_message(request, level, *args, **kwargs)
        return super().add_message(request, level, *args, **kwargs)
