"""The one HTTP view: a move that only bumps a shared counter and tells the table's group."""

from __future__ import annotations

import logging

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

#: A cheap store every server shares, standing in for the table's version (the site's is a row in
#: PostgreSQL). redis-py's pool is thread-safe: Django runs this sync view in its sync thread.
_counters = redis.Redis.from_url(settings.REDIS_URL)
log = logging.getLogger(__name__)


def bump(table: int) -> int:
    """The table's next version (the counter every server shares)."""
    return int(_counters.incr(f"stackfloor:version:{table}"))


@csrf_exempt
@require_POST
def move(request: HttpRequest, table: int) -> HttpResponse:
    version = bump(table)
    # As games/broadcast.send_group does it after a move's commit: a failed broadcast is logged, the move
    # stands (its frames never come: the load generator counts the move as lost).
    try:
        async_to_sync(get_channel_layer().group_send)(
            f"table.{table}", {"type": "table.updated", "version": version}
        )
    except Exception:
        log.exception("group_send to table.%s failed", table)
    return HttpResponse(f'<div id="frag-status" data-version="{version}"></div>')
