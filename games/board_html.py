"""What the boards drawn in Python (``kemble_html``, ``tng_html``) share: a value escaped as a Django
template's ``{{ value }}`` renders it, byte for byte."""

from __future__ import annotations

import html
from functools import cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData

_escape = html.escape  # what django.utils.html.escape does, without its lazy-string wrapper


@cache
def _thousand_separator() -> bool:
    """``settings.USE_THOUSAND_SEPARATOR``, read once (a board reads it a few hundred times)."""
    return bool(settings.USE_THOUSAND_SEPARATOR)


def _setting_changed(*, setting: str, **kwargs: Any) -> None:
    if setting == "USE_THOUSAND_SEPARATOR":  # override_settings in tests
        _thousand_separator.cache_clear()


setting_changed.connect(_setting_changed)


def escape_value(value: Any) -> str:
    """``value`` as ``{{ value }}`` renders it: text escaped, whole numbers as plain digits."""
    if type(value) is str:
        return _escape(value)
    if type(value) is int and not _thousand_separator():
        return str(value)  # what localize() gives an int without thousand separators
    if isinstance(value, str):
        return value if isinstance(value, SafeData) else _escape(value)
    return str(conditional_escape(localize(value)))
