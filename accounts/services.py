"""Writes for accounts: the profile and preferences a player sets."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.models import User, validate_time_zone

PROFILE_FIELDS = ("display_name", "language", "time_zone", "email_on_turn", "email_on_game_end")


@transaction.atomic
def user_profile_update(
    *,
    user: User,
    display_name: str,
    language: str,
    time_zone: str,
    email_on_turn: bool,
    email_on_game_end: bool,
) -> User:
    """Save the player's profile. Raises ValidationError for an unknown time zone or language."""
    from django.conf import settings

    validate_time_zone(time_zone)
    if language not in dict(settings.LANGUAGES):
        raise ValidationError("unknown language %(language)s", params={"language": language})
    user.display_name = display_name.strip()
    user.language = language
    user.time_zone = time_zone
    user.email_on_turn = email_on_turn
    user.email_on_game_end = email_on_game_end
    user.save(update_fields=list(PROFILE_FIELDS))
    return user


@transaction.atomic
def user_language_set(*, user: User, language: str) -> User:
    """Store the player's language (the header's switch). Raises ValidationError for an unknown one."""
    from django.conf import settings

    if language not in dict(settings.LANGUAGES):
        raise ValidationError("unknown language %(language)s", params={"language": language})
    user.language = language
    user.save(update_fields=["language"])
    return user
