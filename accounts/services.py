"""Writes for accounts: the profile and preferences a player sets; whether a name may be taken."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from accounts.models import User, validate_time_zone
from accounts.names import skeleton

NAME_CLASH = _("This name looks too much like another player's name. Choose another one.")

PROFILE_FIELDS = ("display_name", "language", "time_zone", "email_on_turn", "email_on_game_end")


def name_clash(name: str, *, user: User | None = None) -> bool:
    """Whether ``name`` looks like (has the skeleton of) another player's username or display name."""
    key = skeleton(name)
    if not key:
        return False
    others = User.objects.filter(Q(username_skeleton=key) | Q(display_name_skeleton=key))
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    return others.exists()


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
    """Save the player's profile. Raises ValidationError for an unknown time zone or language, or a display
    name that looks like another player's name."""
    from django.conf import settings

    validate_time_zone(time_zone)
    if language not in dict(settings.LANGUAGES):
        raise ValidationError("unknown language %(language)s", params={"language": language})
    display_name = display_name.strip()
    if display_name and name_clash(display_name, user=user):
        raise ValidationError(NAME_CLASH, code="name_clash")
    user.display_name = display_name
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
