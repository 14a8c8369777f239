"""The header's "games waiting for you" badge is pushed, on a table page and on every other page (issue 11,
item 10). It used to be rendered at page load and never again: it showed "1" rounds after the player had
moved, and nothing while it was their turn."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from games import services
from games.routing import websocket_urlpatterns
from tests.support.tables import hand_of, started_table, submit

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

APP = URLRouter(websocket_urlpatterns)
BADGE = re.compile(r'<span id="waiting-badge" data-count="(\d+)" hx-swap-oob="true">(.*?)</span>(?=<|$)', re.S)


async def _open(path: str, user):  # type: ignore[no-untyped-def]
    comm = WebsocketCommunicator(APP, path)
    comm.scope["user"] = user
    connected, _ = await comm.connect()
    assert connected
    return comm


async def _badge(comm) -> int:  # type: ignore[no-untyped-def]
    """The count of the next frame that carries the badge (other frames are the table's pushes)."""
    while True:
        found = BADGE.search(await comm.receive_from(timeout=10))
        if found:
            return int(found.group(1))


async def _bid(table, user, seat: int) -> None:  # type: ignore[no-untyped-def]
    card = (await sync_to_async(hand_of)(table, seat))[0]
    await sync_to_async(submit)(table, user, "bid", card=card, version=1)


async def test_the_table_socket_pushes_the_badge_when_the_player_moves_and_when_the_game_needs_them(alice, bob):
    table = await sync_to_async(started_table)(alice, bob)  # both must bid: the game waits on both
    sockets = [await _open(f"/ws/tables/{table.pk}/", user) for user in (alice, bob)]
    assert [await _badge(comm) for comm in sockets] == [1, 1]  # with the first view
    await _bid(table, alice, 0)
    assert await _badge(sockets[0]) == 0  # alice moved: nothing waits on her
    await _bid(table, bob, 1)
    assert await _badge(sockets[1]) == 0
    await sync_to_async(_run_steps)(table)  # the bids are revealed: the winner's turn
    winner = [await sync_to_async(_waits_on)(table, user) for user in (alice, bob)].index(True)
    assert await _badge(sockets[winner]) == 1
    for comm in sockets:
        await comm.disconnect()


async def test_other_pages_get_the_badge_over_their_own_socket(alice, bob, charlie):
    first = await sync_to_async(started_table)(alice, bob)
    comm = await _open("/ws/me/", alice)
    assert await _badge(comm) == 1
    await sync_to_async(started_table)(alice, charlie)  # a second game that waits on her
    assert await _badge(comm) == 2
    await _bid(first, alice, 0)
    assert await _badge(comm) == 1
    await comm.send_to(text_data='{"heartbeat": 0}')  # a heartbeat with nothing changed: nothing sent
    assert await comm.receive_nothing(timeout=0.5)
    await comm.disconnect()


async def test_a_player_never_receives_another_players_badge(alice, bob):
    table = await sync_to_async(started_table)(alice, bob)
    comm = await _open("/ws/me/", bob)
    assert await _badge(comm) == 1
    await _bid(table, alice, 0)  # alice's badge changes; bob still has to bid
    assert await comm.receive_nothing(timeout=0.5)
    await comm.disconnect()


async def test_a_moderator_closing_a_table_updates_the_badge(alice, bob, mod):
    table = await sync_to_async(started_table)(alice, bob)
    comm = await _open("/ws/me/", alice)
    assert await _badge(comm) == 1
    await sync_to_async(services.table_close)(table_id=table.pk, moderator=mod)
    assert await _badge(comm) == 0
    await comm.disconnect()


async def test_the_badge_is_in_the_players_language(make_user):
    alice = await sync_to_async(make_user)("alice", language="it")
    bob = await sync_to_async(make_user)("bob")
    await sync_to_async(started_table)(alice, bob)
    comm = await _open("/ws/me/", alice)
    frame = await comm.receive_from(timeout=10)
    assert "Partite che ti aspettano" in frame and "Games waiting for you" not in frame
    await comm.disconnect()


async def test_anonymous_visitors_get_no_badge_socket():
    comm = WebsocketCommunicator(APP, "/ws/me/")
    comm.scope["user"] = AnonymousUser()
    connected, code = await comm.connect()
    assert not connected and code == 4401


async def test_the_page_marks_the_tab_and_has_a_badge_slot_that_is_always_there(alice, bob):
    table = await sync_to_async(started_table)(alice, bob)
    html = await sync_to_async(_page)(alice, f"/tables/{table.pk}/")
    assert re.search(r"<title>\(1\) ", html)
    assert '<span id="waiting-badge" data-count="1">' in html
    await _bid(table, alice, 0)
    lobby = await sync_to_async(_page)(alice, "/")
    assert '<span id="waiting-badge" data-count="0"></span>' in lobby  # the slot a push swaps
    assert "<title>(" not in lobby and 'ws-connect="/ws/me/"' in lobby
    assert 'ws-connect="/ws/me/"' not in html  # the table's own socket brings the badge there


def _page(user, path: str) -> str:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user)
    return c.get(path).content.decode()


def _run_steps(table) -> None:  # type: ignore[no-untyped-def]
    from tests.support.tables import run_automatic_steps

    run_automatic_steps(table)


def _waits_on(table, user) -> bool:  # type: ignore[no-untyped-def]
    from games.models import Seat

    return Seat.objects.get(table=table, user=user).waiting_since is not None
