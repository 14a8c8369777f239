"""Template helpers of the TNG board."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.translation import gettext

# Registers the TNG presenter whenever the templates load: the presenters' registry loads the built-in
# presenters only while it is empty, and kemble_tags registers Kemble's first.
from games.presenters import tng as _tng_presenter  # noqa: F401

register = template.Library()


@register.filter
def tng_who(seats: Iterable[Any] | None, position: int) -> str:
    """The seated user's shown name, or "Player N" when nobody sits there."""
    for s in seats or ():
        if s.position == position:
            return str(s.user.shown_name)
    return gettext("Player %(n)s") % {"n": position + 1}


@register.filter
def tng_has(controls: Iterable[dict[str, Any]] | None, kind: str) -> bool:
    """Whether some control posts this command kind."""
    return any(c.get("kind") == kind for c in controls or ())
