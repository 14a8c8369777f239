"""Hyperlane's own deployment checks (``manage.py check --deploy``), registered by ``games.apps``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error, Tags, register


@register(Tags.security, deploy=True)
def secret_key_is_not_the_development_key(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    """The development key is public: a site on it lets anyone forge form keys, sessions and signatures."""
    if settings.SECRET_KEY == settings.DEV_SECRET_KEY or not settings.SECRET_KEY:
        return [
            Error(
                "The site runs on the public development SECRET_KEY.",
                hint="Set DJANGO_SECRET_KEY (or DJANGO_SECRET_KEY_FILE) to a long random value, e.g. "
                "python -c 'import secrets; print(secrets.token_urlsafe(50))'.",
                id="hyperlane.E001",
            )
        ]
    return []
