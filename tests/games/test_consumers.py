"""The table websocket: each seat receives only its own view; resync on connect and on heartbeat."""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from config.ws_origin import SameOriginValidator
from games.routing import websocket_urlpatterns
from tests.support.sockets import CAP, before_marker, before_resend, receive_until
from tests.support.tables import hand_of, started_table, submit

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

APP = SameOriginValidator(URLRouter(websocket_urlpatterns))

def _communicator(table_id: int | str, user, origin: bytes = b"http://127.0.0.1:8000", query: str = "",
                  headers: list[tuple[bytes, bytes]] | None = None, app=APP):
    comm = WebsocketCommunicator(
        app, f"/ws/tables/{table_id}/{query}",
        headers=[(b"origin", origin), (b"host", b"127.0.0.1:8000"), *(headers or [])],
    )
    if user is not None:
        comm.scope["user"] = user
    return comm


async def _first_view(comm) -> str:  # type: ignore[no-untyped-def]
    """The view a socket sends on connect."""
    return await receive_until(comm, lambda got: 'id="frag-status"' in got)


async def test_each_seat_receives_only_its_own_view(alice, bob):
    table = await sync_to_async(started_table)(alice, bob)
    alice_hand = await sync_to_async(hand_of)(table, 0)
    bob_hand = await sync_to_async(hand_of)(table, 1)
    comm = _communicator(table.pk, alice)
    connected, _ = await comm.connect()
    assert connected
    first = await _first_view(comm)
    assert all(card in first for card in alice_hand)
    assert not any(f"{card}<" in first or f'"{card}"' in first for card in bob_hand)
    await comm.disconnect()


async def test_a_move_reaches_the_other_seat(alice, bob):
    table = await sync_to_async(started_table)(alice, bob)
    comm = _communicator(table.pk, bob)
    await comm.connect()
    await _first_view(comm)
    card = (await sync_to_async(hand_of)(table, 0))[0]
    await sync_to_async(submit)(table, alice, "bid", card=card)
    pushed = await receive_until(comm, lambda got: 'data-version="2"' in got)
    assert 'id="frag-status"' in pushed
    assert not re.search(rf"\b{re.escape(card)}\b", pushed)  # bob never sees alice's secret bid (c1, not c12)
    await comm.disconnect()


async def test_a_heartbeat_behind_the_version_gets_the_current_view(alice, bob):
    table = await sync_to_async(started_table)(alice, bob)
    comm = _communicator(table.pk, bob)
    await comm.connect()
    await _first_view(comm)
    await comm.send_to(text_data=json.dumps({"heartbeat": 0}))
    resent = await receive_until(comm, lambda got: 'id="frag-board"' in got)
    assert 'id="frag-board"' in resent
    await comm.send_to(text_data="garbage")  # refused, not a crash (tests/games/test_command_paths.py)
    refused = await receive_until(comm, lambda got: 'id="table-error"' in got)
    assert "This command is malformed." in refused and 'id="frag-' not in refused
    await comm.send_to(text_data=json.dumps({"heartbeat": 1}))
    assert await before_resend(comm) == ""
    await comm.disconnect()


async def test_a_foreign_origin_is_refused(alice, bob):
    table = await sync_to_async(started_table)(alice, bob)
    comm = _communicator(table.pk, alice, origin=b"http://evil.example")
    connected, _ = await comm.connect()
    assert not connected


@pytest.mark.parametrize(
    ("origin", "headers", "allowed"),
    [
        (b"http://127.0.0.1:8000", [], True),
        (b"http://127.0.0.1:8001", [], False),  # another port of the same host: another site
        (b"http://127.0.0.1", [], False),
        (b"https://127.0.0.1:8000", [], False),  # another scheme
        (b"null", [], False),
        (b"http://[::1", [], False),  # malformed: refused, not a server error
        (b"http://127.0.0.1:99999", [], False),
        (b"http://127.0.0.1:8000/path", [], False),
        (b"https://127.0.0.1:8000", [(b"x-forwarded-proto", b"https")], True),  # behind the TLS proxy
        (b"http://127.0.0.1:8000", [(b"x-forwarded-proto", b"https")], False),
        (b"https://play.example.org", [], True),  # CSRF_TRUSTED_ORIGINS
        (b"http://play.example.org", [], False),
        (b"https://a.games.example.org", [], True),
        (b"https://a.games.example.org:444", [], False),
    ],
)
async def test_the_origin_check_compares_scheme_host_and_port(alice, bob, settings, origin, headers, allowed):
    """Before: channels' AllowedHostsOriginValidator compared the host alone."""
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.org", "https://*.games.example.org"]
    table = await sync_to_async(started_table)(alice, bob)
    comm = _communicator(table.pk, alice, origin=origin, headers=headers)
    connected, _ = await comm.connect()
    assert connected is allowed
    if connected:
        await comm.disconnect()


async def test_a_socket_without_an_origin_or_with_a_foreign_host_is_refused(alice, bob):
    table = await sync_to_async(started_table)(alice, bob)
    comm = WebsocketCommunicator(APP, f"/ws/tables/{table.pk}/", headers=[(b"host", b"127.0.0.1:8000")])
    comm.scope["user"] = alice
    assert (await comm.connect())[0] is False
    comm = WebsocketCommunicator(APP, f"/ws/tables/{table.pk}/",
                                 headers=[(b"host", b"evil.example"), (b"origin", b"http://evil.example")])
    comm.scope["user"] = alice
    assert (await comm.connect())[0] is False


@pytest.mark.parametrize("path", ["-1", "0", "99999999999999999999999", "abc", "1/extra", "%00"])
async def test_a_websocket_url_naming_no_table_is_closed_cleanly(alice, path):
    """Before: ``ws/tables/-1/`` matched no route and the router raised (a 500 to the handshake)."""
    comm = _communicator(path, alice)
    connected, code = await comm.connect()
    assert not connected and code in (4403, 4404)
    comm = WebsocketCommunicator(APP, "/ws/nothing/", headers=[(b"origin", b"http://127.0.0.1:8000"),
                                                               (b"host", b"127.0.0.1:8000")])
    assert await comm.connect() == (False, 4404)


async def test_a_private_table_refuses_a_stranger(alice, bob, charlie):
    from games import services

    table = await sync_to_async(services.table_create)(
        user=alice, game="toy", num_players=2, options={}, is_private=True
    )
    comm = _communicator(table.pk, charlie)
    connected, code = await comm.connect()
    assert not connected
    comm = _communicator(table.pk, charlie, query=f"?invite={table.invite_token}")
    connected, _ = await comm.connect()
    assert connected
    await comm.disconnect()


async def test_at_most_the_configured_number_of_renders_run_at_once(alice, bob, charlie, settings, monkeypatch):
    """Renders hold the GIL; the server queues them instead of starving its event loop (games/consumers.py)."""
    import asyncio
    import threading

    import games.consumers as consumers
    from games.consumers import TableConsumer

    settings.HYPERLANE_RENDER_CONCURRENCY = 2
    running, peak, asked, lock = [0], [0], [0], threading.Lock()
    gate = threading.Event()
    original = TableConsumer._render
    real_slots = consumers.render_slots

    def held_render(self, at_least=None):  # type: ignore[no-untyped-def]
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
        try:
            assert gate.wait(timeout=CAP), "the test never opened the gate"
            return original(self, at_least)
        finally:
            with lock:
                running[0] -= 1

    class CountedSlots:
        """The real render slots, counting the renders that asked for one."""

        def __init__(self) -> None:
            self.slots = real_slots()

        async def __aenter__(self) -> None:
            asked[0] += 1
            await self.slots.acquire()

        async def __aexit__(self, *exc: object) -> None:
            self.slots.release()

    monkeypatch.setattr(TableConsumer, "_render", held_render)
    monkeypatch.setattr(consumers, "render_slots", CountedSlots)
    table = await sync_to_async(started_table)(alice, bob)
    comms = [_communicator(table.pk, user) for user in (alice, bob, charlie, charlie, alice)]
    for comm in comms:
        await comm.connect()
    # Every socket asked for a slot while the first renders are held: exactly two got one.
    for _ in range(int(CAP * 100)):
        if asked[0] == 5 and running[0] == 2:
            break
        await asyncio.sleep(0.01)
    assert (asked[0], running[0]) == (5, 2)
    gate.set()
    for comm in comms:
        assert 'id="frag-status"' in await _first_view(comm)
    assert peak[0] == 2
    for comm in comms:
        await comm.disconnect()


async def test_sockets_of_one_server_share_a_table_read_at_the_announced_version_or_later(alice, bob):
    """games.consumers.TableSnapshots: one read serves every socket of the table; never an older one."""
    from games.consumers import TableSnapshots

    table = await sync_to_async(started_table)(alice, bob)
    snapshots = TableSnapshots(size=1)
    first, _seats = await database_sync_to_async(snapshots.at_least)(table.pk, table.version)
    again, _ = await database_sync_to_async(snapshots.at_least)(table.pk, table.version)
    assert again is first  # shared, not read again
    card = (await sync_to_async(hand_of)(table, 0))[0]
    await sync_to_async(submit)(table, alice, "bid", card=card)
    newer, _ = await database_sync_to_async(snapshots.at_least)(table.pk, first.version + 1)
    assert newer is not first and newer.version == first.version + 1  # announced a newer version: read it
    older_request, _ = await database_sync_to_async(snapshots.at_least)(table.pk, first.version)
    assert older_request is newer  # a late message for an older version gets the newer read
    other = await sync_to_async(started_table)(bob, alice)
    await database_sync_to_async(snapshots.at_least)(other.pk, other.version)
    evicted, _ = await database_sync_to_async(snapshots.at_least)(table.pk, first.version)
    assert evicted is not newer  # size 1: the other table's read pushed this one out


async def test_sockets_of_one_server_share_the_new_log_lines_read_and_each_filters_its_own(alice, bob):
    """TableSnapshots.events_after: one read of the new events per table version and starting point;
    each seat's log lines are still filtered for that seat (a secret bid is named only to its bidder)."""
    from games.consumers import TableSnapshots
    from games.rendering import render_log_entries
    from games.selectors import viewer_at

    table = await sync_to_async(started_table)(alice, bob)
    snapshots = TableSnapshots()
    before, _ = await database_sync_to_async(snapshots.at_least)(table.pk, table.version)
    start = max(e.id for e in await database_sync_to_async(snapshots.events_after)(before, 0))
    card = (await sync_to_async(hand_of)(table, 0))[0]
    await sync_to_async(submit)(table, alice, "bid", card=card)
    now, seats = await database_sync_to_async(snapshots.at_least)(table.pk, table.version + 1)
    rows = await database_sync_to_async(snapshots.events_after)(now, start)
    assert rows and await database_sync_to_async(snapshots.events_after)(now, start) is rows  # read once, shared
    lines = {}
    for user in (alice, bob):
        viewer = viewer_at(now, seats, user=user)
        lines[user.username], last = await database_sync_to_async(render_log_entries)(viewer, after_id=start, rows=rows)
        assert last == max(r.id for r in rows)
    assert lines[alice.username] != lines[bob.username]
    assert not re.search(rf"\b{re.escape(card)}\b", lines[bob.username])


async def test_sockets_rendering_side_by_side_read_a_new_version_once(monkeypatch):
    """TableSnapshots.at_least: renders running at the same time (HYPERLANE_RENDER_CONCURRENCY) wait for
    the first one's read of the announced version instead of reading it again."""
    import threading
    import time
    from types import SimpleNamespace

    import games.consumers as consumers

    reads: list[int] = []

    def slow_read(table_id: int):
        reads.append(table_id)
        time.sleep(0.2)
        return SimpleNamespace(pk=table_id, version=5), ()

    monkeypatch.setattr(consumers, "table_with_seats", slow_read)
    snapshots = consumers.TableSnapshots()
    got: list[object] = []
    threads = [threading.Thread(target=lambda: got.append(snapshots.at_least(7, 5)[0])) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert reads == [7]
    assert len(got) == 3 and all(g is got[0] for g in got)
    snapshots.at_least(8, 1)
    assert reads == [7, 8]  # another table is read on its own


async def test_seats_taken_one_after_the_other_reach_an_open_pages_socket(alice, bob, charlie):
    """Taking a seat keeps the table's version: the socket must not reuse a read of that version made
    for the previous seat taken (games.broadcast ``reread``)."""
    from games import services
    from games.consumers import SNAPSHOTS

    table = await database_sync_to_async(services.table_create)(user=alice, game="toy", num_players=3, options={})
    comm = _communicator(table.pk, alice)
    await comm.connect()
    await _first_view(comm)
    await database_sync_to_async(services.seat_take)(table_id=table.pk, user=bob)
    assert "bob" in await receive_until(comm, lambda got: "bob" in got)
    await database_sync_to_async(SNAPSHOTS.at_least)(table.pk, table.version)  # a read of this version is kept
    await database_sync_to_async(services.seat_take)(table_id=table.pk, user=charlie)
    assert "charlie" in await receive_until(comm, lambda got: "charlie" in got)
    await comm.disconnect()


async def test_a_heartbeat_shows_seat_changes_and_a_closing_whose_message_was_lost(alice, bob, mod):
    """Seats taken and a table closed keep the version: if their group message never arrives (Redis
    restarted), the next heartbeat still brings them, without sending what did not change."""
    from unittest import mock

    from games import services

    table = await database_sync_to_async(services.table_create)(user=alice, game="toy", num_players=3, options={})
    comm = _communicator(table.pk, alice)
    await comm.connect()
    await _first_view(comm)
    with mock.patch("games.broadcast.send_group"):  # the group message is lost
        await database_sync_to_async(services.seat_take)(table_id=table.pk, user=bob)
    assert await before_marker([comm], table.pk) == [""]
    await comm.send_to(text_data=json.dumps({"heartbeat": table.version}))
    beat = await receive_until(comm, lambda got: "bob" in got)
    assert "bob" in beat
    await comm.send_to(text_data=json.dumps({"heartbeat": table.version}))
    assert await before_resend(comm) == ""  # nothing changed since: nothing sent
    with mock.patch("games.broadcast.send_group"):
        await database_sync_to_async(services.table_close)(table_id=table.pk, moderator=mod, reason="test")
    await comm.send_to(text_data=json.dumps({"heartbeat": table.version}))
    closed = await receive_until(comm, lambda got: 'id="frag-status"' in got)
    assert 'id="frag-status"' in closed
    await comm.disconnect()


# --- the session behind a socket (issue 11 item 7) -----------------------------------------------


def _signed_in_client(user):  # type: ignore[no-untyped-def]
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


async def _session_socket(table_id: int, client):  # type: ignore[no-untyped-def]
    """A socket through the site's own ASGI stack, signed in by the client's session cookie."""
    from config.asgi import application

    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    comm = _communicator(table_id, None, headers=[(b"cookie", cookie)], app=application)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def _closed_with(comm) -> int:  # type: ignore[no-untyped-def]
    """Frames until the server closes the socket; its close code."""
    while True:
        message = await comm.receive_output(timeout=CAP)
        if message["type"] == "websocket.close":
            return message.get("code", 1000)


@pytest.mark.parametrize("how", ["log_out", "deactivate", "new_password", "delete_session"])
async def test_a_socket_stops_streaming_a_seat_whose_session_ended(alice, bob, how):
    """Before: a socket kept its user for as long as it stayed open, signed out or banned."""
    from accounts.models import UserSession

    table = await sync_to_async(started_table)(alice, bob)
    client = await sync_to_async(_signed_in_client)(alice)
    comm = await _session_socket(table.pk, client)
    first = await _first_view(comm)
    assert all(card in first for card in await sync_to_async(hand_of)(table, 0))
    if how == "log_out":
        assert (await sync_to_async(client.post)("/accounts/logout/")).status_code == 302
    elif how == "deactivate":  # banned by a moderator
        alice.is_active = False
        await database_sync_to_async(alice.save)()
    elif how == "new_password":  # set elsewhere (or by an administrator): older sessions end at the beat
        alice.set_password("a-new-password-1")
        await database_sync_to_async(alice.save)()
        await comm.send_to(text_data=json.dumps({"heartbeat": 0}))
    else:  # the session ends with no message to the socket (e.g. expired, removed by hand): the beat checks
        await database_sync_to_async(UserSession.objects.all().delete)()
        await comm.send_to(text_data=json.dumps({"heartbeat": 0}))
    assert await _closed_with(comm) == 4401


async def test_another_session_of_the_same_user_signing_out_leaves_this_one_open(alice, bob):
    table = await sync_to_async(started_table)(alice, bob)
    here = await sync_to_async(_signed_in_client)(alice)
    there = await sync_to_async(_signed_in_client)(alice)
    comm = await _session_socket(table.pk, here)
    await _first_view(comm)
    assert (await sync_to_async(there.post)("/accounts/logout/")).status_code == 302
    # The socket re-checks its own session (still signed in): no close. A heartbeat behind the version
    # is then answered with the view, which could not happen on a closed socket.
    await comm.send_to(text_data=json.dumps({"heartbeat": 0}))
    message = await comm.receive_output(timeout=CAP)
    assert message["type"] == "websocket.send" and 'id="frag-board"' in message["text"]
    await comm.disconnect()


async def test_heartbeats_are_answered_at_most_once_per_interval(alice, bob, charlie, settings, monkeypatch):
    """Before: every heartbeat re-rendered the whole view, so a spectator could make the server render
    as fast as it could send. Beats sooner than HYPERLANE_HEARTBEAT_MIN_SECONDS are answered once,
    together, when the interval is over."""
    from games.consumers import TableConsumer

    settings.HYPERLANE_HEARTBEAT_MIN_SECONDS = 2
    renders: list[object] = []
    original = TableConsumer._render
    monkeypatch.setattr(
        TableConsumer, "_render", lambda self, *a, **kw: renders.append(self) or original(self, *a, **kw)
    )
    table = await sync_to_async(started_table)(alice, bob)
    comm = _communicator(table.pk, charlie)  # an anonymous-like spectator: not seated
    await comm.connect()
    await _first_view(comm)
    renders.clear()
    for _ in range(30):
        await comm.send_to(text_data=json.dumps({"heartbeat": 0}))
    first = await comm.receive_from(timeout=CAP)  # the first beat, answered at once
    second = await comm.receive_from(timeout=CAP)  # all the others, answered once at the interval's end
    assert 'id="frag-board"' in first and 'id="frag-board"' in second
    # Nothing more comes: a beat sent now is answered after the interval, and it is the third render.
    await comm.send_to(text_data=json.dumps({"heartbeat": 0}))
    assert 'id="frag-board"' in await comm.receive_from(timeout=CAP)
    assert len(renders) == 3
    await comm.disconnect()


async def test_changing_the_password_never_signs_out_the_session_that_changed_it(alice, bob):
    """Django gives the changing session a new key: the socket opened under the old one closes (4401),
    and the page, loaded again, is still signed in and gets the seat's view. The socket's check only
    reads: it never flushes a session (``django.contrib.auth.get_user`` would)."""
    table = await sync_to_async(started_table)(alice, bob)
    client = await sync_to_async(_signed_in_client)(alice)
    comm = await _session_socket(table.pk, client)
    await _first_view(comm)
    changed = await sync_to_async(client.post)("/accounts/password/change/", {
        "oldpassword": "pw-alicealice", "password1": "a-new-password-1", "password2": "a-new-password-1"})
    assert changed.status_code == 302
    await comm.send_to(text_data=json.dumps({"heartbeat": 0}))
    assert await _closed_with(comm) == 4401
    assert (await sync_to_async(client.get)("/")).context["user"] == alice  # still signed in
    again = await _session_socket(table.pk, client)
    view = await _first_view(again)
    assert all(card in view for card in await sync_to_async(hand_of)(table, 0))
    await again.disconnect()


async def test_the_badge_socket_of_other_pages_closes_when_its_session_signs_out(alice, bob):
    """``/ws/me/`` (the header's badge on every page but a table's) is bound to its session like a table's
    socket: a sign-out elsewhere closes it (4401), and the page reloads signed out."""
    from config.asgi import application

    await sync_to_async(started_table)(alice, bob)
    client = await sync_to_async(_signed_in_client)(alice)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    comm = WebsocketCommunicator(
        application, "/ws/me/",
        headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000"), (b"cookie", cookie)],
    )
    connected, _ = await comm.connect()
    assert connected
    assert 'id="waiting-badge"' in await comm.receive_from(timeout=CAP)  # the badge comes first
    assert (await sync_to_async(client.post)("/accounts/logout/")).status_code == 302
    assert await _closed_with(comm) == 4401


async def test_a_heartbeat_sent_before_the_page_had_the_last_messages_is_not_news(alice, bob):
    """The page counts the messages of its socket it applied; a heartbeat that names an older version
    because the socket's last messages were still on their way is not a page left behind: nothing is
    resent, and above all what the socket believes the page shows is not replaced by that older version's
    record (a later answer diffed against it would leave out a fragment that went A, B, A: issue 12)."""
    table = await sync_to_async(started_table)(alice, bob)
    comm = _communicator(table.pk, bob, query=f"?v={table.version}")
    await comm.connect()
    card = (await sync_to_async(hand_of)(table, 0))[0]
    await sync_to_async(submit)(table, alice, "bid", card=card)
    await receive_until(comm, lambda got: f'data-version="{table.version + 1}"' in got)  # the one message
    # Sent while that message was on its way: the version before it, none of its messages applied.
    await comm.send_to(text_data=json.dumps({"heartbeat": table.version, "applied": 0}))
    # Sent after: the version it brought, one message applied.
    await comm.send_to(text_data=json.dumps({"heartbeat": table.version + 1, "applied": 1}))
    assert await before_resend(comm) == ""
    # A page that applied everything and still shows an older version (an older POST answer swapped in
    # after the push): what changed since the version it shows comes again.
    await comm.send_to(text_data=json.dumps({"heartbeat": table.version, "applied": 2}))
    resent = await receive_until(comm, lambda got: 'id="frag-status"' in got)
    assert f'data-version="{table.version + 1}"' in resent
    await comm.disconnect()


async def test_a_sockets_session_check_reads_the_session_with_its_user_in_one_query(alice, bob):
    """Every command on a socket re-checks its session (``consumers._session_user_id``): the session's row
    brings its user along (``accounts.sessions``), as for a request, and a banned user is still refused."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts.models import User
    from games.consumers import _session_user_id

    client = await sync_to_async(_signed_in_client)(alice)
    key = client.cookies["sessionid"].value

    def check() -> tuple[int | None, int]:
        with CaptureQueriesContext(connection) as queries:
            found = _session_user_id(key)
        return found, len(queries)

    assert await sync_to_async(check)() == (alice.pk, 1)
    await sync_to_async(lambda: User.objects.filter(pk=alice.pk).update(is_active=False))()
    assert await sync_to_async(check)() == (None, 1)
