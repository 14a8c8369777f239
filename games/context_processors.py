from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def badges(request: HttpRequest) -> dict[str, Any]:
    """How many started tables wait on the signed-in user (the header badge)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    from games.models import Seat, Table

    count = Seat.objects.filter(
        user=user, waiting_since__isnull=False, resigned=False, table__status=Table.Status.ACTIVE
    ).count()
    return {"waiting_count": count}
