"""allauth hooks: a new account starts in the language the visitor was browsing in; the messages allauth
adds are written in the language of the player they are for; failed logins are counted per login name
*and* client, so nobody can keep someone else's account locked out."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils import translation

from accounts.services import NAME_CLASH, name_clash


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        language = translation.get_language() or settings.LANGUAGE_CODE
        language = language.split("-")[0]
        if language in dict(settings.LANGUAGES):
            user.language = language
        user.needs_confirmed_email = True
        return super().save_user(request, user, form, commit=commit)

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        # allauth's key is the login name alone ("5 failures in 5 minutes for alice"): anyone could keep
        # alice locked out by failing on purpose. Keyed by the name and the client together, a guesser
        # is stopped on their own address while alice still signs in from hers (the per-client limit,
        # ``/ip`` in ACCOUNT_RATE_LIMITS, stops one client trying many names).
        return f"{self.get_client_ip(request)}:{super()._get_login_attempts_cache_key(request, **credentials)}"

    def get_login_stages(self) -> list[str]:
        return [
            "accounts.stages.SignupEmailVerificationStage"
            if stage == "allauth.account.stages.EmailVerificationStage"
            else stage
            for stage in super().get_login_stages()
        ]

    def clean_username(self, username: str, shallow: bool = False) -> str:
        username = super().clean_username(username, shallow=shallow)
        if not shallow and name_clash(username):
            raise ValidationError(NAME_CLASH, code="name_clash")
        return username
    def add_message(self, request: HttpRequest, level: int, *args: Any, **kwargs: Any) -> None:
        """The request that logs a player in was begun in the visitor's language (the preferences
        middleware ran before the login): "signed in as …" is written in the player's own language."""
        user = getattr(request, "user", None)
        language = getattr(user, "language", "") if user is not None and user.is_authenticated else ""
        if language in dict(settings.LANGUAGES):
            with translation.override(language):
                return super().add_message(request, level, *args, **kwargs)
        return super().add_message(request, level, *args, **kwargs)
