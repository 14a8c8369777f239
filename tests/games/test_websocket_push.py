"""The websocket push after a group message: one thread hop per table (games.consumers._Batch), and no
fragments-cache lookup for a seat that could never find its render there."""

from __future__ import annotations

import asyncio
import re
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.core.cache.backends.locmem import LocMemCache
from django.urls import path

from games import consumers
from games.consumers import TableConsumer
from tests.support.sockets import before_marker, receive_until
from tests.support.tables import hand_of, run_automatic_steps, started_table, state_of, submit

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


class UnsharedConsumer(TableConsumer):
    """The consumer as it was: one thread hop per socket, every socket looks up the fragments cache."""

    share_renders = False
    skip_cache_lookup = False


APP = URLRouter(
    [
        path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
        path("ws/unshared/<int:table_id>/", UnsharedConsumer.as_asgi()),
    ]
)


async def _connect(table_id: int, user, prefix: str = "tables"):  # type: ignore[no-untyped-def]
    from channels.testing import WebsocketCommunicator

    comm = WebsocketCommunicator(APP, f"/ws/{prefix}/{table_id}/")
    comm.scope["user"] = user
    connected, _ = await comm.connect()
    assert connected
    await receive_until(comm, lambda got: 'id="frag-status"' in got)  # the view on connect
    return comm


async def _version(comm, version: int) -> str:  # type: ignore[no-untyped-def]
    """The frames up to the one that shows the table at ``version``."""
    return await receive_until(comm, lambda got: f'data-version="{version}"' in got)


@pytest.fixture
def batches(monkeypatch):  # type: ignore[no-untyped-def]
    """The members of every batch started, leader first."""
    started: list[list[TableConsumer]] = []
    original = consumers._Batch.__init__

    def spy(self, at_least, members):  # type: ignore[no-untyped-def]
        started.append(list(members))
        original(self, at_least, members)

    monkeypatch.setattr(consumers._Batch, "__init__", spy)
    return started


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
        assert 'id="frag-status"' in await _version(comm, 2)
    who = sorted(key.split(":")[5] for key in cache_gets)
    assert who == ["seat0", "watch100"]  # alice moved; charlie watches; bob's render is nobody's to store
    for comm in comms:
        await comm.disconnect()


async def test_the_movers_socket_still_finds_its_post_answer_in_the_cache(alice, bob, monkeypatch):
    """The move POST keeps the mover's render; the mover's own socket sends it without rendering again.

    The group message goes out when the move commits, before the POST renders its answer: a socket that
    handles it first renders for itself (a race that costs a render, never a wrong page). Here it is held
    until the POST has answered, the case this checks.
    """
    from django.test import Client

    from games import broadcast, rendering

    table = await sync_to_async(started_table)(alice, bob)
    comm = await _connect(table.pk, alice)
    client = Client()
    await sync_to_async(client.force_login)(alice)
    renders: list[object] = []
    original = rendering.board_context
    monkeypatch.setattr(rendering, "board_context", lambda **kw: renders.append(kw) or original(**kw))
    held: list[tuple[str, dict[str, object]]] = []
    send_group = broadcast.send_group
    monkeypatch.setattr(broadcast, "send_group", lambda group, message: held.append((group, message)))
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
    assert len(renders) == 1 and held  # the POST answer's render
    for group, message in held:
        await sync_to_async(send_group)(group, message)
    pushed = await _version(comm, 2)
    assert 'data-version="2"' in pushed
    assert len(renders) == 1  # the socket found the POST answer's render in the cache
    await comm.disconnect()


async def test_a_batched_push_sends_each_socket_exactly_what_its_own_render_would(
    alice, bob, charlie, batches
):
    """Each user has a socket on the batching consumer and one that renders on its own: after every
    change, both receive the very same frames (only what changed for that viewer), and no seat's frames
    name another seat's secret bid."""
    table = await sync_to_async(started_table)(alice, bob)
    users = (alice, bob, charlie)
    shared = [await _connect(table.pk, user) for user in users]
    alone = [await _connect(table.pk, user, prefix="unshared") for user in users]
    bids = {}

    async def compare() -> list[str]:
        """One change is one group message, answered by one frame on each socket (the marker then
        shows that nothing else came)."""
        await database_sync_to_async(table.refresh_from_db)()
        frames = [await _version(comm, table.version) for comm in shared]
        assert frames == [await _version(comm, table.version) for comm in alone]
        assert await before_marker(shared + alone, table.pk) == [""] * len(shared + alone)
        return frames

    for position, user in enumerate((alice, bob)):
        bids[position] = (await sync_to_async(hand_of)(table, position))[0]
        await sync_to_async(submit)(table, user, "bid", card=bids[position])
        frames = await compare()
        assert all('id="frag-status"' in f for f in frames)
        assert not re.search(rf"\b{re.escape(bids[position])}\b", frames[1 - position] + frames[2])
        if position == 0:
            assert 'id="frag-decision"' not in frames[1]  # alice's bid left bob's half-made choice alone
    assert await database_sync_to_async(run_automatic_steps)(table) == 1  # the reveal
    await compare()
    active = (await sync_to_async(state_of)(table))["active"]
    mover = (alice, bob)[active]
    seat = await database_sync_to_async(lambda: table.seats.get(user=mover))()
    await sync_to_async(submit)(table, mover, "advance", by=1, version=seat.decision_since)
    await compare()
    # The shared sockets rendered in one hop per change: the first to get the message for all three.
    assert batches and all(len(members) == 3 for members in batches)
    assert all(not isinstance(m, UnsharedConsumer) for members in batches for m in members)
    for comm in shared + alone:
        await comm.disconnect()


async def test_a_socket_that_closes_mid_batch_leaves_the_others_their_renders(
    alice, bob, charlie, batches, monkeypatch
):
    original = TableConsumer._render
    gate = threading.Event()

    def held_render(self, at_least=None, after_id=None):  # type: ignore[no-untyped-def]
        if at_least is not None:  # the batch's renders wait until the leader's socket has closed
            assert gate.wait(timeout=120), "the test never opened the gate"
        return original(self, at_least, after_id)

    table = await sync_to_async(started_table)(alice, bob)
    comms = {user.pk: await _connect(table.pk, user) for user in (alice, bob, charlie)}
    monkeypatch.setattr(TableConsumer, "_render", held_render)
    await sync_to_async(submit)(table, alice, "bid", card=(await sync_to_async(hand_of)(table, 0))[0])
    for _ in range(12_000):  # the batch starts when the first socket handles the group message
        if batches:
            break
        await asyncio.sleep(0.01)
    leader = batches[0][0].user.pk
    await comms.pop(leader).disconnect(timeout=0.05)  # cancels the leader's handler mid-render
    gate.set()
    for comm in comms.values():
        assert 'data-version="2"' in await _version(comm, 2)
        await comm.disconnect()


async def test_a_socket_whose_log_moved_on_since_the_batch_began_renders_again(alice, bob):
    """A batch renders each socket's log from where that socket was; if it showed more lines since
    (its heartbeat ran in between), that render is not used: the socket renders again."""
    from unittest import mock

    table = await sync_to_async(started_table)(alice, bob)
    comms = [await _connect(table.pk, user) for user in (alice, bob)]
    with mock.patch("games.broadcast.send_group"):  # the batch is started by hand below
        await sync_to_async(submit)(table, alice, "bid", card=(await sync_to_async(hand_of)(table, 0))[0])
    first, other = consumers.table_sockets(table.pk)
    batch = consumers._Batch.start(first, at_least=table.version + 1)
    assert other.prepared is batch
    rendered_from = batch.after_ids[other]
    calls: list[int | None] = []
    own = other._render
    other._render = lambda at_least=None, after_id=None: (calls.append(after_id) or own(at_least, after_id))
    other.log_last_id = rendered_from + 1  # as if a heartbeat had shown a newer line meanwhile
    rendered = await other._shared_render(table.version + 1)
    assert calls == [rendered_from, None]  # the batch's render (not used), then its own
    assert rendered[4] == table.version + 1
    for comm in comms:
        await comm.disconnect()


async def test_messages_reach_the_consumer_without_a_hop_to_close_connections(alice, bob, monkeypatch):
    """TableConsumer.dispatch: no thread hop before each message (channels' close_old_connections): its
    reads close their own thread's old connections (database_sync_to_async)."""
    import json

    import channels.consumer

    hops: list[str] = []

    async def counted() -> None:
        hops.append("close")

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    monkeypatch.setattr(consumers, "aclose_old_connections", counted)
    table = await sync_to_async(started_table)(alice, bob)
    comm = await _connect(table.pk, bob)
    await sync_to_async(submit)(table, alice, "bid", card=(await sync_to_async(hand_of)(table, 0))[0])
    assert 'data-version="2"' in await _version(comm, 2)
    await comm.send_to(text_data=json.dumps({"heartbeat": 0}))
    assert 'id="frag-board"' in await receive_until(comm, lambda got: 'id="frag-board"' in got)
    assert hops == []
    await comm.disconnect()
