"""The Redis channel layer, outliving a Redis outage.

channels-redis raises out of ``receive`` when Redis cannot be reached, which ends the consumer: every
open table socket of the server closed and every new one answered the handshake with a server error
(its ``group_add`` raised too) until Redis was back. Here a socket's ``receive`` waits and tries again
(a page's heartbeat still brings it the table from the database meanwhile), and group changes are
bounded by ``HYPERLANE_BROADCAST_TIMEOUT`` and given up with a warning: the next heartbeat joins again
(``TableConsumer._answer_beat``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels_redis.core import RedisChannelLayer
from django.conf import settings

from config.redis_cache import UNREACHABLE

log = logging.getLogger(__name__)


class OutageTolerantRedisChannelLayer(RedisChannelLayer):
    #: Seconds between tries of a socket's ``receive`` while Redis is away (doubling up to the last).
    RETRY_DELAYS = (0.5, 1.0, 2.0, 5.0)

    async def receive(self, channel: str) -> Any:
        failures = 0
        while True:
            try:
                return await super().receive(channel)
            except UNREACHABLE as exc:
                if failures == 0:
                    log.warning("channel layer unreachable (%r); socket %s waits for it", exc, channel)
                await asyncio.sleep(self.RETRY_DELAYS[min(failures, len(self.RETRY_DELAYS) - 1)])
                failures += 1

    async def group_add(self, group: str, channel: str) -> None:
        await self._bounded("group_add", super().group_add(group, channel), group)

    async def group_discard(self, group: str, channel: str) -> None:
        await self._bounded("group_discard", super().group_discard(group, channel), group)

    async def _bounded(self, what: str, call: Any, group: str) -> None:
        try:
            await asyncio.wait_for(call, timeout=settings.HYPERLANE_BROADCAST_TIMEOUT)
        except (TimeoutError, *UNREACHABLE) as exc:
            log.warning("%s %s failed (%r); the next heartbeat joins again", what, group, exc)
