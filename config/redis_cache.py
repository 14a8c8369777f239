"""Django's Redis cache backend with one connection pool per process and server, that degrades while
Redis is away.

Django keeps its cache objects per async context, so under ASGI every request and every websocket
render gets a fresh ``RedisCache`` whose client builds a fresh pool: one new TCP connection (and its
handshake) per request. Profiling a loaded Daphne put a fifth of its time there. Here the pools live for
the process, shared by every cache object that names the same server with the same options; redis-py's
pools are thread-safe and reset themselves in a forked child.

The cache holds nothing the site cannot do without (rate-limit counters, rendered fragments): while
Redis cannot be reached, reads miss, writes are dropped, ``incr`` finds no key (``ValueError``, as for an
expired counter) and the request goes on. Every call is bounded by a short connect and read timeout
(``HYPERLANE_REDIS_CACHE_TIMEOUT``), and after a failure the server is not tried again for
``HYPERLANE_REDIS_CACHE_RETRY_SECONDS``, so an outage costs each request nothing, not a timeout.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

T = TypeVar("T")

_pools: dict[tuple[str, str], Any] = {}
#: One redis-py client per pool (``get_client``): thread-safe, and building one costs more than the
#: command it sends (a profiled Daphne spent 1.5 % of its time in ``Redis.__init__``).
_clients: dict[int, Any] = {}
_pools_lock = threading.Lock()
#: Server URL -> monotonic time before which it is not tried again (it failed just now).
_down_until: dict[str, float] = {}

#: What an unreachable or silent server raises (redis-py wraps socket errors in its own).
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)


class SharedPoolRedisCacheClient(RedisCacheClient):
    def __init__(self, servers: Any, **options: Any) -> None:
        timeout = float(getattr(settings, "HYPERLANE_REDIS_CACHE_TIMEOUT", 1.0))
        options.setdefault("socket_connect_timeout", timeout)
        options.setdefault("socket_timeout", timeout)
        super().__init__(servers, **options)

    def _get_connection_pool(self, write: bool) -> Any:
        index = self._get_connection_pool_index(write)
        key = (self._servers[index], repr(sorted(self._pool_options.items(), key=lambda kv: kv[0])))
        pool = _pools.get(key)
        if pool is None:
            with _pools_lock:
                pool = _pools.get(key)
                if pool is None:
                    pool = _pools[key] = self._pool_class.from_url(self._servers[index], **self._pool_options)
        return pool

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = _clients.get(id(pool))
        if client is None or client.connection_pool is not pool:
            client = _clients[id(pool)] = self._client(connection_pool=pool)
        return client

    def _degrade(self, call: Callable[[], T], fallback: Callable[[], T]) -> T:
        """``call()``, or ``fallback()`` while the server cannot be reached."""
        server = self._servers[0]
        if _down_until.get(server, 0.0) > time.monotonic():
            return fallback()
        try:
            result = call()
        except UNREACHABLE as exc:
            retry = float(getattr(settings, "HYPERLANE_REDIS_CACHE_RETRY_SECONDS", 2.0))
            if server not in _down_until:
                log.warning("cache server unreachable (%s); going on without it, retrying every %ss", exc, retry)
            _down_until[server] = time.monotonic() + retry
            return fallback()
        if _down_until.pop(server, None) is not None:
            log.warning("cache server reachable again")
        return result

    def add(self, key: Any, value: Any, timeout: Any) -> bool:
        return self._degrade(lambda: super(SharedPoolRedisCacheClient, self).add(key, value, timeout), lambda: False)

    def get(self, key: Any, default: Any) -> Any:
        return self._degrade(lambda: super(SharedPoolRedisCacheClient, self).get(key, default), lambda: default)

    def set(self, key: Any, value: Any, timeout: Any) -> None:
        self._degrade(lambda: super(SharedPoolRedisCacheClient, self).set(key, value, timeout), lambda: None)

    def touch(self, key: Any, timeout: Any) -> bool:
        return self._degrade(lambda: super(SharedPoolRedisCacheClient, self).touch(key, timeout), lambda: False)

    def delete(self, key: Any) -> bool:
        return self._degrade(lambda: super(SharedPoolRedisCacheClient, self).delete(key), lambda: False)

    def get_many(self, keys: Any) -> dict[Any, Any]:
        return self._degrade(lambda: super(SharedPoolRedisCacheClient, self).get_many(keys), dict)

    def has_key(self, key: Any) -> bool:
        return self._degrade(lambda: super(SharedPoolRedisCacheClient, self).has_key(key), lambda: False)

    def incr(self, key: Any, delta: int) -> Any:
        def missing() -> Any:
            raise ValueError(f"Key '{key}' not found (the cache server is unreachable).")

        return self._degrade(lambda: super(SharedPoolRedisCacheClient, self).incr(key, delta), missing)

    def set_many(self, data: Any, timeout: Any) -> None:
        self._degrade(lambda: self._set_many(data, timeout), lambda: None)

    def _set_many(self, data: Any, timeout: Any) -> None:
        """Django's ``set_many`` sends MULTI, MSET, an EXPIRE per key and EXEC; this sends one ``SET ... EX``
        per key in a pipeline without a transaction (each key is written whole either way): half the
        commands, and the CPU of a push's writes (the pages' records, the fresh public parts) a third less."""
        if timeout == 0:  # as Django's: an entry that expires at once is no entry
            self.delete_many(list(data))
            return
        pipeline = self.get_client(None, write=True).pipeline(transaction=False)
        for key, value in data.items():
            pipeline.set(key, self._serializer.dumps(value), ex=timeout)
        pipeline.execute()

    def delete_many(self, keys: Any) -> None:
        self._degrade(lambda: super(SharedPoolRedisCacheClient, self).delete_many(keys), lambda: None)

    def clear(self) -> bool:
        return self._degrade(lambda: super(SharedPoolRedisCacheClient, self).clear(), lambda: False)


class SharedPoolRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedPoolRedisCacheClient
