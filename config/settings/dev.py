"""Development settings (``DJANGO_SETTINGS_MODULE=config.settings.dev bin/run``): the base settings with the
games still in preview (not on the public site yet)."""

from __future__ import annotations

from config.settings.base import *  # noqa: F403

#: Games in preview: on the dev site and in the tests, not yet in the base settings.
PREVIEW_GAMES: list[str] = []
INSTALLED_APPS = [*INSTALLED_APPS, *PREVIEW_GAMES]  # noqa: F405
