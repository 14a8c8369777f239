"""config.redis_cache: one Redis connection pool per process and server, whatever the async context.

Django makes a new cache object for every async context (every ASGI request, every websocket render);
with Django's own Redis backend each one opened its own pool, so a new TCP connection per request.
"""

from __future__ import annotations

import contextvars
import os
import threading

import pytest
from django.core.cache import caches
from django.test import override_settings

REDIS_URL = os.environ.get("REDIS_URL", "")
pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs Redis (REDIS_URL)")

SHARED = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "shared": {"BACKEND": "config.redis_cache.SharedPoolRedisCache", "LOCATION": REDIS_URL, "KEY_PREFIX": "t-pool"},
    "plain": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL, "KEY_PREFIX": "t-pool"},
}


def _pool_in_a_new_context(alias: str) -> object:
    """The pool a cache uses in a fresh context, as a request on a fresh Daphne gets one."""

    def use() -> object:
        cache = caches[alias]
        cache.set("k", "v")
        assert cache.get("k") == "v"
        return cache._cache._get_connection_pool(write=True)

    return contextvars.Context().run(use)


@override_settings(CACHES=SHARED)
def test_every_request_context_and_thread_uses_one_pool():
    pools = [_pool_in_a_new_context("shared") for _ in range(3)]
    out: list[object] = []
    thread = threading.Thread(target=lambda: out.append(_pool_in_a_new_context("shared")))
    thread.start()
    thread.join()
    assert all(p is pools[0] for p in pools + out)


@override_settings(CACHES=SHARED)
def test_djangos_own_backend_makes_a_pool_per_context_which_is_why_ours_exists():
    first, second = _pool_in_a_new_context("plain"), _pool_in_a_new_context("plain")
    assert first is not second


@override_settings(CACHES=SHARED)
def test_every_context_and_thread_uses_one_client_of_that_pool():
    """Building a redis-py client costs more than the command it sends: one per pool, thread-safe."""

    def client_in_a_new_context() -> object:
        return contextvars.Context().run(lambda: caches["shared"]._cache.get_client(write=True))

    clients = [client_in_a_new_context() for _ in range(2)]
    thread = threading.Thread(target=lambda: clients.append(client_in_a_new_context()))
    thread.start()
    thread.join()
    assert all(c is clients[0] for c in clients)
    assert clients[0].connection_pool is _pool_in_a_new_context("shared")


@override_settings(CACHES=SHARED)
def test_set_many_writes_each_key_with_the_caches_timeout_and_zero_removes_them():
    """``set_many`` sends one ``SET ... EX`` per key (not Django's MSET and an EXPIRE per key): the values
    read back as written, each key expires as a ``set`` of it would, and a timeout of 0 leaves no entry."""
    cache = caches["shared"]
    client = cache._cache.get_client(write=True)
    cache.set_many({"a": {"x": 1}, "b": [1, 2]}, timeout=120)
    assert cache.get_many(["a", "b"]) == {"a": {"x": 1}, "b": [1, 2]}
    assert 110 <= client.ttl(cache.make_and_validate_key("a")) <= 120
    cache.set_many({"c": 3})  # the cache's default timeout (300 s)
    assert 290 <= client.ttl(cache.make_and_validate_key("c")) <= 300
    cache.set_many({"d": 4}, timeout=None)  # kept until removed
    assert client.ttl(cache.make_and_validate_key("d")) == -1
    cache.set_many({"a": 5, "d": 6}, timeout=0)
    assert cache.get_many(["a", "b", "d"]) == {"b": [1, 2]}
    cache.delete_many(["b", "c"])
