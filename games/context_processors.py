from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def badges(request: HttpRequest) -> dict[str, Any]:
    """How many started tables wait on the signed-in user (the header badge)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    from games.selectors import waiting_count

    return {"waiting_count": waiting_count(user.pk)}
