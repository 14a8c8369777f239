"""Fixed-window rate limits counted in the cache every server shares (Redis in production).

One counter per action and key (``rate:<action>:<key>``): the first hit of a window creates it with the
window as its expiry, each hit adds one, and a hit past ``limit`` is refused until the window ends.
"""

from __future__ import annotations

from django.core.cache import cache


def over_limit(action: str, key: object, *, limit: int, window: int) -> bool:
    """Count one more ``action`` by ``key``; True when that is more than ``limit`` in ``window`` seconds."""
    name = f"rate:{action}:{key}"
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
