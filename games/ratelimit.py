"""Fixed-window rate limits counted in the cache every server shares (Redis in production).

One counter per action and key (``rate:<action>:<key>``): the first hit of a window creates it with the
window as its expiry, each hit adds one, and a hit past ``limit`` is refused until the window ends.
"""

from __future__ import annotations

from django.core.cache import cache

from config.redis_cache import SharedPoolRedisCacheClient


def over_limit(action: str, key: object, *, limit: int, window: int) -> bool:
    """Count one more ``action`` by ``key``; True when that is more than ``limit`` in ``window`` seconds."""
    name = f"rate:{action}:{key}"
    client = getattr(cache, "_cache", None)
    if isinstance(client, SharedPoolRedisCacheClient):
        return _count_in_redis(client, cache.make_and_validate_key(name), window) > limit
    cache.add(name, 0, timeout=window)
    try:
        count = cache.incr(name)
    except ValueError:  # the counter expired between add and incr: this hit starts a new window
        return False
    if count == 1:
        # The first hit of a window: make sure the window ends. An INCR can race the key's expiry (the
        # Redis backend checks EXISTS, then INCRs) and make a counter without one, which would count the
        # key's hits for ever and refuse them all once past the limit.
        cache.touch(name, timeout=window)
    return count > limit


def _count_in_redis(client: SharedPoolRedisCacheClient, key: str, window: int) -> int:
    """The counter after this hit, in one round trip (two at a window's first hit): a transaction that
    creates it with its expiry when it is missing (SET NX EX), then adds one, so no counter is left
    without an expiry. While Redis cannot be reached: 0 (nothing is refused), as the cache's other reads
    degrade."""

    def count() -> int:
        redis = client.get_client(key, write=True)
        pipe = redis.pipeline(transaction=True)
        pipe.set(key, 0, ex=window, nx=True)
        pipe.incr(key)
        counted = int(pipe.execute()[1])
        if counted == 1:  # the window's first hit: a counter some older code left without an expiry gets one
            redis.expire(key, window)
        return counted

    return client._degrade(count, lambda: 0)
