"""allauth hooks: a new account starts in the language the visitor was browsing in."""

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
