"""The Redis channel layers, outliving a Redis outage.

channels-redis raises out of ``receive`` when Redis cannot be reached, which ends the consumer: every
open table socket of the server closed and every new one answered the handshake with a server error
(its ``group_add`` raised too) until Redis was back. Here a socket's ``receive`` waits and tries again
(a page's heartbeat still brings it the table from the database meanwhile), and group changes are
bounded by ``HYPERLANE_BROADCAST_TIMEOUT`` and given up with a warning: the next heartbeat joins again
(``TableConsumer._answer_beat``).

The pub/sub layer (the default, ``HYPERLANE_CHANNEL_LAYER``) delivers at most once: a message published
while a server's subscriber is cut off is lost, and a server resubscribes by itself when Redis is back
(redis-py's pub/sub resubscribes on reconnect). Its ``receive`` never raises on an outage (it waits on an
in-process queue); its group changes are bounded and forgiven as the default layer's are, and its
subscriber logs an outage once, as a warning, instead of a traceback a second.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

from channels_redis.core import RedisChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer, RedisSingleShardConnection
from channels_redis.utils import _wrap_close, decode_hosts
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
        await _bounded("group_add", super().group_add(group, channel), group)

    async def group_discard(self, group: str, channel: str) -> None:
        await _bounded("group_discard", super().group_discard(group, channel), group)


async def _bounded(what: str, call: Any, group: str) -> None:
    try:
        await asyncio.wait_for(call, timeout=settings.HYPERLANE_BROADCAST_TIMEOUT)
    except (TimeoutError, *UNREACHABLE) as exc:
        log.warning("%s %s failed (%r); the next heartbeat joins again", what, group, exc)


class OutageTolerantRedisPubSubChannelLayer(RedisPubSubChannelLayer):
    """channels-redis's pub/sub layer: one PUBLISH per group message, read by one subscriber connection
    per server, instead of a queue per socket in Redis (bench/RESULTS.md, issue 12)."""

    async def new_channel(self, prefix: str = "specific.") -> str:
        # A socket's own channel: its queue is in this process, its SUBSCRIBE (for a ``send`` to it, which
        # the site never makes) bounded like a group's, so a socket still opens while Redis is away.
        layer = self._get_layer()
        channel = f"{layer.prefix}{prefix}{uuid.uuid4().hex}"
        layer.channels[channel] = asyncio.Queue()
        await _bounded("subscribe", layer._get_shard(channel).subscribe(channel), channel)
        return channel

    async def receive(self, channel: str) -> Any:
        layer = self._get_layer()
        queue = layer.channels.get(channel)
        if queue is None:
            queue = layer.channels[channel] = asyncio.Queue()
            await _bounded("subscribe", layer._get_shard(channel).subscribe(channel), channel)
        try:
            message = await queue.get()
        except (asyncio.CancelledError, TimeoutError, GeneratorExit):
            # The socket's consumer ends (as channels-redis does, but an outage is a warning here).
            if layer.channels.pop(channel, None) is not None:
                await _bounded("unsubscribe", layer._get_shard(channel).unsubscribe(channel), channel)
            raise
        return self.deserialize(message)

    async def group_add(self, group: str, channel: str) -> None:
        # A SUBSCRIBE that could not be sent is tried again by the next heartbeat's group_add (the layer
        # remembers only the channels it sent, and redis-py resubscribes those after a reconnect).
        await _bounded("group_add", self._get_layer().group_add(group, channel), group)

    async def group_discard(self, group: str, channel: str) -> None:
        await _bounded("group_discard", self._get_layer().group_discard(group, channel), group)

    def _get_layer(self) -> RedisPubSubLoopLayer:
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = self._layers[loop] = _QuietLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            _wrap_close(self, loop)
        return layer


class _QuietLoopLayer(RedisPubSubLoopLayer):
    def __init__(self, hosts: Any = None, **kwargs: Any) -> None:
        super().__init__(hosts, **kwargs)
        self._shards = [_QuietShardConnection(host, self) for host in decode_hosts(hosts)]


class _QuietShardConnection(RedisSingleShardConnection):
    """The subscriber's loop, as channels-redis has it but for what it says of an outage: one warning
    when Redis goes away and one line when it is back (channels-redis logs a traceback every second)."""

    async def _do_receiving(self) -> None:
        away = False
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
                    if away:
                        log.warning("channel layer subscriber reconnected; pages resync on their heartbeat")
                        away = False
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (asyncio.CancelledError, TimeoutError, GeneratorExit):
                raise
            except UNREACHABLE as exc:
                if not away:
                    log.warning("channel layer subscriber cut off (%r); it reconnects and resubscribes", exc)
                    away = True
                await asyncio.sleep(1)
            except Exception:
                log.exception("unexpected exception in the channel layer's subscriber")
                await asyncio.sleep(1)
