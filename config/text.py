"""Single-line text from users (table titles, display names) and the mail headers made from it.

A newline in a table title went into every notification's Subject and made Django refuse each of
those mails (``BadHeaderError``) every minute. Forms refuse control characters in one-line fields
(``single_line``); whatever is already stored is made safe where a header is built (``header_safe``).
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

#: Unicode categories that are not printable text on one line: controls (newline, tab, NUL...), format
#: characters (bidi overrides), line and paragraph separators, surrogates, private use and unassigned.
_NOT_ONE_LINE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def _is_control(char: str) -> bool:
    return unicodedata.category(char) in _NOT_ONE_LINE


def single_line(value: str) -> None:
    """Form validator: refuse text with control characters (a newline, a tab, a bidi override...)."""
    if any(_is_control(c) for c in value):
        raise ValidationError(_("Use one line of text, without control characters."), code="control_characters")


def header_safe(value: str) -> str:
    """``value`` as one line for a mail header: control characters become spaces, runs of spaces one."""
    return " ".join("".join(" " if _is_control(c) else c for c in value).split())
