"""Issue 11 item 6: a Redis outage must not take down signed-in pages or moves.

The cache (rate limits, rendered fragments), the channel layer and the Celery broker all point at a
Redis that is away: a closed port (connections refused) or a silent server (accepts, never answers).
Sessions live in the database, the cache degrades to misses, a broadcast and a task that cannot leave
are logged, and a committed move answers as committed.
"""

from __future__ import annotations

import contextlib
import json
import uuid

import pytest
from django.core.cache import caches
from django.test import Client, override_settings

from config import redis_cache
from games.models import Command
from tests.support.outage import SilentServer, closed_port
from tests.support.tables import hand_of, started_table


def _caches(url: str) -> dict[str, dict[str, str]]:
    return {
        "default": {"BACKEND": "config.redis_cache.SharedPoolRedisCache", "LOCATION": url},
        "fragments": {"BACKEND": "config.redis_cache.SharedPoolRedisCache", "LOCATION": url, "KEY_PREFIX": "frag"},
    }


@pytest.fixture(autouse=True)
def _forget_outages():  # type: ignore[no-untyped-def]
    redis_cache._down_until.clear()
    yield
    redis_cache._down_until.clear()


@pytest.fixture
def broker_away(monkeypatch):  # type: ignore[no-untyped-def]
    """The Celery app's broker is a Redis on a closed port."""
    from config.celery import app

    monkeypatch.setattr(app.conf, "broker_url", f"redis://127.0.0.1:{closed_port()}/0")
    monkeypatch.setattr(app, "_pool", None)
    monkeypatch.setattr(app.amqp, "_producer_pool", None)
    yield
    app._pool = None


def test_a_cache_whose_server_refuses_connections_misses_and_drops_writes():
    with override_settings(CACHES=_caches(f"redis://127.0.0.1:{closed_port()}/0")):
        cache = caches["default"]
        assert cache.get("k") is None and cache.get("k", 7) == 7
        cache.set("k", 1)
        assert cache.add("k", 1) is False
        with pytest.raises(ValueError):
            cache.incr("k")
        assert cache.get_many(["k"]) == {} and not cache.has_key("k") and cache.delete("k") is False
        assert cache.touch("k") is False


def test_a_silent_cache_server_costs_one_timeout_then_is_left_alone(settings):
    server = SilentServer()
    settings.HYPERLANE_REDIS_CACHE_TIMEOUT = 0.3
    settings.HYPERLANE_REDIS_CACHE_RETRY_SECONDS = 3600  # never tried again within this test
    try:
        with override_settings(CACHES=_caches(f"redis://127.0.0.1:{server.port}/0")):
            assert caches["default"].get("k", "miss") == "miss"  # one connection, read timed out
            for _ in range(5):
                assert caches["default"].get("k", "miss") == "miss"
                assert caches["fragments"].get("k") is None
            assert server.connections_before_a_marker() == 1
    finally:
        server.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("away", ["refused", "silent"])
@pytest.mark.parametrize("layer", ["core", "pubsub"])
def test_signed_in_pages_and_moves_answer_while_redis_is_away(
    away, layer, alice, bob, settings, broker_away, caplog
):
    """Before: the session store read the cache, so every signed-in request answered 500, and a move
    whose broadcast or task could not leave answered 500 after it was committed."""
    table = started_table(alice, bob)
    client, bobs = Client(), Client()
    client.force_login(alice)
    bobs.force_login(bob)
    server = SilentServer() if away == "silent" else None
    url = f"redis://127.0.0.1:{server.port if server else closed_port()}/0"
    settings.HYPERLANE_REDIS_CACHE_TIMEOUT = 0.3
    settings.HYPERLANE_BROADCAST_TIMEOUT = 0.5
    try:
        with override_settings(CACHES=_caches(url), CHANNEL_LAYERS=_tolerant_layers(url, layer)):
            page = client.get(f"/tables/{table.pk}/")
            assert page.status_code == 200 and "alice" in page.content.decode()
            assert client.get("/").status_code == 200
            card = hand_of(table, 0)[0]
            posted = client.post(
                f"/tables/{table.pk}/command/",
                {"kind": "bid", "args": json.dumps({"card": card}), "version": table.version,
                 "idempotency_key": str(uuid.uuid4())},
                headers={"HX-Request": "true"},
            )
            assert posted.status_code == 200, posted.content[:300]
            assert 'data-version="2"' in posted.content.decode()  # the answer says the move is committed
            assert Command.objects.filter(table=table).count() == 1
            table.refresh_from_db()
            posted = bobs.post(  # bob's bid: its automatic step (the reveal) cannot be queued either
                f"/tables/{table.pk}/command/",
                {"kind": "bid", "args": json.dumps({"card": hand_of(table, 1)[0]}), "version": table.version,
                 "idempotency_key": str(uuid.uuid4())},
                headers={"HX-Request": "true"},
            )
            assert posted.status_code == 200, posted.content[:300]
            assert Command.objects.filter(table=table).count() == 2
    finally:
        if server:
            server.close()
    said = [r.getMessage() for r in caplog.records]
    assert any("group_send to table" in m for m in said)
    assert any("could not queue games.tasks.advance_table_task" in m for m in said)


#: The two Redis channel layers (HYPERLANE_CHANNEL_LAYER): channels-redis's queues, and its pub/sub.
LAYERS = {
    "core": "config.channel_layer.OutageTolerantRedisChannelLayer",
    "pubsub": "config.channel_layer.OutageTolerantRedisPubSubChannelLayer",
}


def _tolerant_layers(url: str, layer: str) -> dict[str, dict[str, object]]:
    return {"default": {"BACKEND": LAYERS[layer], "CONFIG": {"hosts": [url]}}}


@pytest.mark.asyncio
@pytest.mark.parametrize("away", ["refused", "silent"])
@pytest.mark.parametrize("kind", ["core", "pubsub"])
async def test_the_channel_layer_waits_out_an_outage_instead_of_ending_the_socket(
    away, kind, settings, caplog
):
    """Before: channels-redis raised out of ``receive`` and ``group_add``: every socket of the server
    closed, and every new one was answered with a server error, until Redis was back. Its pub/sub layer
    raised out of ``new_channel`` too (a socket's SUBSCRIBE), so no socket opened at all."""
    import asyncio

    from django.utils.module_loading import import_string

    settings.HYPERLANE_BROADCAST_TIMEOUT = 0.3
    server = SilentServer() if away == "silent" else None
    url = f"redis://127.0.0.1:{server.port if server else closed_port()}/0"
    layer = import_string(LAYERS[kind])(hosts=[url])
    try:
        channel = await layer.new_channel()
        await layer.group_add("table.1", channel)  # given up with a warning, not raised
        await layer.group_discard("table.1", channel)
        receiving = asyncio.ensure_future(layer.receive(channel))
        # A silent server never fails a blocking read: it just never answers.
        if server is None and kind == "core":
            for _ in range(12_000):  # until the layer says it waits (the safety cap only if it never does)
                if any("waits for it" in r.getMessage() for r in caplog.records):
                    break
                await asyncio.sleep(0.01)
        else:  # the pub/sub layer's receive waits on its own queue, in this process
            await asyncio.sleep(0.5)
        assert not receiving.done()  # still waiting for Redis, not ended
        receiving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await receiving  # the pub/sub layer's UNSUBSCRIBE on the way out: bounded, not raised
        said = [r.getMessage() for r in caplog.records]
        assert any(m.startswith("group_add table.1 failed") for m in said)
        assert not any(r.exc_info for r in caplog.records)  # warnings, not tracebacks
    finally:
        if server:
            server.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("kind", ["core", "pubsub"])
async def test_a_table_socket_opens_and_answers_its_heartbeat_while_redis_is_away(kind, alice, bob, settings):
    """Before: the handshake failed (group_add raised) for as long as Redis was away."""
    from asgiref.sync import sync_to_async
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator

    from games.routing import websocket_urlpatterns
    from tests.support.sockets import CAP, receive_until

    settings.HYPERLANE_BROADCAST_TIMEOUT = 0.3
    with override_settings(CHANNEL_LAYERS=_tolerant_layers(f"redis://127.0.0.1:{closed_port()}/0", kind)):
        table = await sync_to_async(started_table)(alice, bob)
        comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/tables/{table.pk}/")
        comm.scope["user"] = alice
        connected, _ = await comm.connect(timeout=CAP)
        assert connected
        await receive_until(comm, lambda got: 'id="frag-status"' in got)
        await comm.send_to(text_data=json.dumps({"heartbeat": 0}))
        assert 'id="frag-board"' in await receive_until(comm, lambda got: 'id="frag-board"' in got)
        await comm.disconnect()
