"""The websocket push after a group message: no fragments-cache lookup for a seat that could never find
its render there."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from django.core.cache.backends.locmem import LocMemCache
from django.urls import path

from games.consumers import TableConsumer
from tests.support.tables import hand_of, started_table, submit

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

APP = URLRouter([path("ws/tables/<int:table_id>/", TableConsumer.as_asgi())])


async def _connect(table_id: int, user, prefix: str = "tables"):  # type: ignore[no-untyped-def]
    from channels.testing import WebsocketCommunicator

    comm = WebsocketCommunicator(APP, f"/ws/{prefix}/{table_id}/")
    comm.scope["user"] = user
    connected, _ = await comm.connect()
    assert connected
    await _receive_all(comm)
    return comm


async def _receive_all(comm, timeout: float = 1.0) -> str:  # type: ignore[no-untyped-def]
    out = []
    while not await comm.receive_nothing(timeout=timeout):
        out.append(await comm.receive_from())
        timeout = 0.2
    return "".join(out)


@pytest.fixture
def cache_gets(monkeypatch):  # type: ignore[no-untyped-def]
    """The keys looked up in the fragments cache (the test settings keep it in memory)."""
    keys: list[str] = []
    original = LocMemCache.get

    def spy(self, key, default=None, version=None):  # type: ignore[no-untyped-def]
        if key.startswith("frag:"):
            keys.append(key)
        return original(self, key, default, version)

    monkeypatch.setattr(LocMemCache, "get", spy)
    return keys


async def test_after_a_move_only_the_mover_and_spectators_look_up_the_fragments_cache(
    alice, bob, charlie, cache_gets
):
    table = await sync_to_async(started_table)(alice, bob)
    comms = [await _connect(table.pk, user) for user in (alice, bob, charlie)]
    cache_gets.clear()
    await sync_to_async(submit)(table, alice, "bid", card=(await sync_to_async(hand_of)(table, 0))[0])
    for comm in comms:
        assert 'id="frag-status"' in await _receive_all(comm, timeout=2)
    who = sorted(key.split(":")[5] for key in cache_gets)
    assert who == ["seat0", "watch100"]  # alice moved; charlie watches; bob's render is nobody's to store
    for comm in comms:
        await comm.disconnect()


async def test_the_movers_socket_still_finds_its_post_answer_in_the_cache(alice, bob, monkeypatch):
    """The move POST keeps the mover's render; the mover's own socket sends it without rendering again."""
    from django.test import Client

    from games import rendering

    table = await sync_to_async(started_table)(alice, bob)
    comm = await _connect(table.pk, alice)
    client = Client()
    await sync_to_async(client.force_login)(alice)
    renders: list[object] = []
    original = rendering.board_context
    monkeypatch.setattr(rendering, "board_context", lambda **kw: renders.append(kw) or original(**kw))
    card = (await sync_to_async(hand_of)(table, 0))[0]
    response = await sync_to_async(client.post)(
        f"/tables/{table.pk}/command/",
        {
            "kind": "bid",
            "args": f'{{"card": "{card}"}}',
            "version": table.version,
            "idempotency_key": "8a6e0804-2bd0-4dad-8f12-af5c5e1ac1b2",
        },
    )
    assert response.status_code == 200, response.content
    pushed = await _receive_all(comm, timeout=2)
    assert 'data-version="2"' in pushed
    assert len(renders) == 1  # the POST answer's render; the socket found it in the cache
    await comm.disconnect()
