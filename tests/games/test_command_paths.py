"""A command posted over HTTP and the same command sent over the page's open websocket (issue 12) take one
path (``games.commands.submit``) and come to the same thing: applied, or refused with the same message."""

from __future__ import annotations

import asyncio
import json
import re
import uuid
from dataclasses import dataclass
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import cache
from django.test import Client, override_settings

from games.models import Command, Seat, Table
from games.routing import websocket_urlpatterns
from tests.support.sockets import CAP, before_marker, receive_until
from tests.support.tables import hand_of, run_automatic_steps, started_table, state_of, submit

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

APP = URLRouter(websocket_urlpatterns)
REFUSED = 'id="table-error"'


@dataclass
class Answer:
    applied: bool
    html: str
    status: int | None = None  # the POST's status; None on the socket
    location: str = ""  # the POST's redirect

    @property
    def message(self) -> str:
        found = re.search(r'role="alert">([^<]*)<', self.html)
        return found.group(1) if found else ""


def fields(kind: str, args: dict[str, Any] | None = None, *, version: int = 1, key: Any = None) -> dict[str, str]:
    return {"kind": kind, "args": json.dumps(args or {}), "version": str(version),
            "idempotency_key": str(key or uuid.uuid4())}


class Post:
    """A player's browser posting the command form (the socket is down)."""

    name = "post"

    def __init__(self, user: Any, table: Table) -> None:
        self.client, self.table, self.user = Client(), table, user

    async def open(self) -> Post:
        await sync_to_async(self.client.force_login)(self.user)
        return self

    async def send(self, data: dict[str, str]) -> Answer:
        r = await sync_to_async(self.client.post)(f"/tables/{self.table.pk}/command/", data, HTTP_HX_REQUEST="true")
        html = r.content.decode()
        return Answer(r.status_code == 200, html, r.status_code, r.get("Location", ""))

    async def close(self) -> None:
        pass


class Socket:
    """A player's page sending the command form over its open table socket (``ws-send``)."""

    name = "socket"

    def __init__(self, user: Any, table: Table, session_key: str | None = None) -> None:
        self.comm = WebsocketCommunicator(APP, f"/ws/tables/{table.pk}/")
        self.comm.scope["user"] = user
        if session_key is not None:
            self.comm.scope["session"] = SessionStore(session_key)

    async def open(self) -> Socket:
        connected, _ = await self.comm.connect(timeout=CAP)
        assert connected
        await receive_until(self.comm, lambda got: 'id="frag-status"' in got)
        return self

    async def send(self, data: dict[str, Any] | str) -> Answer:
        await self.comm.send_to(text_data=data if isinstance(data, str) else json.dumps(data))
        # The answer: a refusal (the table's error area) or the move's fragments (the status names the
        # version). The user group's badge may come along after it.
        html = await receive_until(self.comm, lambda got: REFUSED in got or 'id="frag-status"' in got)
        return Answer(REFUSED not in html, html)

    async def close(self) -> None:
        await self.comm.disconnect()


PATHS = [Post, Socket]


@pytest.fixture(params=PATHS, ids=lambda p: p.name)
def path(request):  # type: ignore[no-untyped-def]
    return request.param


async def _table(alice, bob) -> Table:  # type: ignore[no-untyped-def]
    return await sync_to_async(started_table)(alice, bob)


async def _commands(table: Table) -> list[tuple[int, str]]:
    return await sync_to_async(lambda: list(Command.objects.filter(table=table).order_by("seq")
                                            .values_list("seat", "kind")))()


async def test_a_legal_move_is_applied_and_answered_with_the_fresh_fragments(path, alice, bob):
    table = await _table(alice, bob)
    card = (await sync_to_async(hand_of)(table, 0))[0]
    mover = await path(alice, table).open()
    answer = await mover.send(fields("bid", {"card": card}))
    await mover.close()
    assert answer.applied and 'data-version="2"' in answer.html and 'id="frag-board"' in answer.html
    assert (await sync_to_async(state_of)(table))["bids"][0] == card
    assert await _commands(table) == [(0, "bid")]


async def test_a_stale_move_gets_the_message_and_the_current_board(path, alice, bob):
    table = await _table(alice, bob)
    mover = await path(alice, table).open()
    answer = await mover.send(fields("bid", {"card": (await sync_to_async(hand_of)(table, 0))[0]}, version=0))
    await mover.close()
    assert not answer.applied and answer.status in (409, None)
    assert answer.message == "The game moved on while you were choosing: here is the current board."
    assert await _commands(table) == []


@pytest.mark.rules("toy:R3")
async def test_an_illegal_move_is_refused_with_its_rule(path, alice, bob):
    table = await _table(alice, bob)
    mover = await path(alice, table).open()
    answer = await mover.send(fields("bid", {"card": "c999"}))
    await mover.close()
    assert not answer.applied and answer.status in (422, None)
    assert "toy:R3" in answer.message
    assert await _commands(table) == []


async def test_too_many_moves_are_refused(path, alice, bob):
    table = await _table(alice, bob)
    await sync_to_async(cache.delete)(f"rate:move:{alice.pk}")
    mover = await path(alice, table).open()
    try:
        with override_settings(HYPERLANE_MOVE_RATE_PER_MINUTE=2):
            answers = [await mover.send(fields("bid", {"card": "c999"})) for _ in range(3)]
    finally:
        await mover.close()
        await sync_to_async(cache.delete)(f"rate:move:{alice.pk}")
    assert [a.applied for a in answers] == [False, False, False]
    assert "toy:R3" in answers[1].message
    assert answers[2].message == "Too many moves in a minute; wait a moment."


async def test_a_replayed_key_applies_once(path, alice, bob):
    table = await _table(alice, bob)
    card, key = (await sync_to_async(hand_of)(table, 0))[0], uuid.uuid4()
    mover = await path(alice, table).open()
    first = await mover.send(fields("bid", {"card": card}, key=key))
    again = await mover.send(fields("bid", {"card": card}, key=key))
    other = await mover.send(fields("bid", {"card": "c1" if card != "c1" else "c2"}, key=key))
    await mover.close()
    assert first.applied and again.applied
    assert not other.applied and other.message.startswith("The game moved on")
    assert await _commands(table) == [(0, "bid")]


async def _ready_to_undo(alice, bob) -> tuple[Table, Any]:  # type: ignore[no-untyped-def]
    def setup():  # type: ignore[no-untyped-def]
        table = started_table(alice, bob)
        submit(table, alice, "bid", card=hand_of(table, 0)[0])
        submit(table, bob, "bid", card=hand_of(table, 1)[0])
        run_automatic_steps(table)
        player = (alice, bob)[state_of(table)["active"]]
        submit(table, player, "advance", by=1)
        table.refresh_from_db()
        return table, player

    return await sync_to_async(setup)()


async def test_undo(path, alice, bob):
    table, player = await _ready_to_undo(alice, bob)
    mover = await path(player, table).open()
    answer = await mover.send(fields("undo", version=table.version))
    await mover.close()
    assert answer.applied and f'data-version="{table.version + 1}"' in answer.html
    assert (await _commands(table))[-1][1] == "undo"


async def test_resign(path, alice, bob):
    table = await _table(alice, bob)
    mover = await path(alice, table).open()
    answer = await mover.send(fields("resign"))
    await mover.close()
    assert answer.applied
    assert await sync_to_async(lambda: Seat.objects.get(table=table, user=alice).resigned)()
    assert (await _commands(table))[-1] == (0, "resign")


async def test_a_move_by_someone_without_a_seat_is_refused(path, alice, bob, charlie):
    table = await _table(alice, bob)
    stranger = await path(charlie, table).open()
    answer = await stranger.send(fields("bid", {"card": (await sync_to_async(hand_of)(table, 0))[0]}))
    await stranger.close()
    assert not answer.applied and answer.status in (403, None)
    assert answer.message == "You do not have a seat at this table."
    assert await _commands(table) == []


async def test_a_move_after_signing_out_is_not_made(path, alice, bob):
    table = await _table(alice, bob)
    browser = Client()
    await sync_to_async(browser.force_login)(alice)
    key = browser.cookies["sessionid"].value
    card = (await sync_to_async(hand_of)(table, 0))[0]
    if path is Post:
        mover = Post(alice, table)
        mover.client = browser
    else:
        mover = await Socket(alice, table, session_key=key).open()
    await sync_to_async(browser.logout)()  # signed out (in this browser, or elsewhere for the socket)
    if path is Post:
        answer = await mover.send(fields("bid", {"card": card}))
        assert answer.status == 302 and "login" in answer.location
    else:
        await mover.comm.send_to(text_data=json.dumps(fields("bid", {"card": card})))
        while True:  # the session's end may reach the socket first (games.signals): either way, it closes
            out = await mover.comm.receive_output(timeout=CAP)
            if out["type"] == "websocket.close":
                assert out["code"] == 4401
                break
            assert REFUSED not in out.get("text", "") and 'data-version="2"' not in out.get("text", "")
    assert await _commands(table) == []


async def test_a_socket_left_open_by_a_banned_user_cannot_move(alice, bob):
    """Banned without any signal reaching the socket (a bulk update): the move's own session check
    closes it (4401) before anything is applied."""
    from accounts.models import User

    table = await _table(alice, bob)
    browser = Client()
    await sync_to_async(browser.force_login)(alice)
    mover = await Socket(alice, table, session_key=browser.cookies["sessionid"].value).open()
    await sync_to_async(lambda: User.objects.filter(pk=alice.pk).update(is_active=False))()
    await mover.comm.send_to(text_data=json.dumps(fields("bid", {"card": (await sync_to_async(hand_of)(table, 0))[0]})))
    out = await mover.comm.receive_output(timeout=CAP)
    assert out == {"type": "websocket.close", "code": 4401}
    assert await _commands(table) == []


async def test_another_seats_key_is_that_seats_own_new_key(path, alice, bob):
    """A key alice used, sent by bob: bob's own bid, applied; neither a collision nor alice's replay."""
    table = await _table(alice, bob)
    key = uuid.uuid4()
    await sync_to_async(submit)(table, alice, "bid", key=key, version=1, card=(await sync_to_async(hand_of)(table, 0))[0])
    bobs_card = (await sync_to_async(hand_of)(table, 1))[0]
    mover = await path(bob, table).open()
    answer = await mover.send(fields("bid", {"card": bobs_card}, key=key))
    await mover.close()
    assert answer.applied
    assert (await sync_to_async(state_of)(table))["bids"][1] == bobs_card
    assert await _commands(table) == [(0, "bid"), (1, "bid")]


# --- the socket path only ----------------------------------------------------------------------------

HOSTILE = [
    "garbage",
    "[]",
    "null",
    "7",
    json.dumps({"kind": "bid"} | {f"x{i}": "1" for i in range(30)}),
    json.dumps({"kind": "bid", "args": "{}", "version": "1", "idempotency_key": str(uuid.uuid4()), "evil": "1"}),
    json.dumps({"kind": ["bid"], "args": "{}", "version": "1", "idempotency_key": str(uuid.uuid4())}),
    json.dumps({"kind": "bid", "args": {"card": "c1"}, "version": "1", "idempotency_key": str(uuid.uuid4())}),
    json.dumps({"kind": "bid", "args": "{}", "version": 1, "idempotency_key": str(uuid.uuid4())}),
    json.dumps({"kind": "bid", "args": "{}", "version": "1", "idempotency_key": "not-a-key"}),
    json.dumps({"kind": "bid", "args": "{}", "version": "1", "idempotency_key": str(uuid.uuid4()), "HEADERS": "x"}),
    json.dumps({"kind": "bid", "args": "{}", "version": "1", "idempotency_key": str(uuid.uuid4()), "arg_x": 5}),
    json.dumps({"kind": "bid", "args": "[" * 3000 + "]" * 3000, "version": "1", "idempotency_key": str(uuid.uuid4())}),
    json.dumps({"kind": "bid", "args": "{}", "pad": "x" * 5000}),
    json.dumps({"heartbeat": "x"}),
    json.dumps({"kind": "bid", "args": '{"card": "c1"}', "version": "1", "idempotency_key": str(uuid.uuid4()),
                "table": "999999"}),
]


async def test_hostile_frames_are_each_refused_and_the_socket_stays_open(alice, bob):
    table = await _table(alice, bob)
    mover = await Socket(alice, table).open()
    for frame in HOSTILE:
        answer = await mover.send(frame)
        assert not answer.applied and answer.message, frame[:80]
        assert "Traceback" not in answer.html and "Error" not in answer.message
    assert (await mover.send(json.dumps({"kind": "bid", "args": "{}", "version": "1", "idempotency_key": "x",
                                          "table": "999999"}))).message == (
        "This command was sent for another table; reload the page.")
    card = (await sync_to_async(hand_of)(table, 0))[0]
    assert (await mover.send(fields("bid", {"card": card}) | {"table": str(table.pk)})).applied  # still open
    await mover.close()
    assert await _commands(table) == [(0, "bid")]


async def test_a_signed_out_visitors_socket_cannot_move(alice, bob):
    from django.contrib.auth.models import AnonymousUser

    table = await _table(alice, bob)
    visitor = await Socket(AnonymousUser(), table).open()
    answer = await visitor.send(fields("bid", {"card": (await sync_to_async(hand_of)(table, 0))[0]}))
    await visitor.close()
    assert not answer.applied and answer.message == "Sign in to play at this table."
    assert await _commands(table) == []


async def test_a_refusal_goes_next_to_the_form_that_sent_it(alice, bob):
    table = await _table(alice, bob)
    mover = await Socket(alice, table).open()
    sent = fields("bid", {"card": "c999"}) | {"HEADERS": {"HX-Request": "true", "HX-Target": "cmd-err-w1"}}
    answer = await mover.send(sent)
    assert re.search(r'<span id="cmd-err-w1" class="form-error" hx-swap-oob="innerHTML"><span class="error-text" '
                     r'role="alert">[^<]*toy:R3', answer.html)
    hostile = fields("bid", {"card": "c999"}) | {"HEADERS": {"HX-Target": 'x" onclick="alert(1)'}}
    answer = await mover.send(hostile)
    assert "onclick" not in answer.html and 'hx-swap-oob="innerHTML"' not in answer.html and REFUSED in answer.html
    await mover.close()


async def test_the_mover_gets_its_board_once_and_the_other_seat_its_own_view(alice, bob):
    table = await _table(alice, bob)
    mover = await Socket(alice, table).open()
    other = await Socket(bob, table).open()
    card = (await sync_to_async(hand_of)(table, 0))[0]
    answer = await mover.send(fields("bid", {"card": card}))
    assert answer.applied and 'data-version="2"' in answer.html
    # Everything each socket was sent for the move's group message, up to a marker after it.
    after_mover, after_other = await before_marker([mover.comm, other.comm], table.pk)
    assert 'id="frag-board"' not in after_mover and 'id="frag-status"' not in after_mover
    assert 'data-version="2"' in after_other and not re.search(rf"\b{re.escape(card)}\b", after_other)
    await mover.close()
    await other.close()


async def test_after_a_socket_move_the_mover_is_rendered_once_and_the_table_is_not_read_back(
    alice, bob, monkeypatch
):
    """The mover's answer is its render of the new version: no batch of another socket renders for it
    meanwhile (it is answering). The other seats' sockets on this server render from the table and
    seats the move has just written (``TableSnapshots.offer``), without reading them back."""
    from games import consumers, rendering

    table = await _table(alice, bob)
    mover = await Socket(alice, table).open()
    other = await Socket(bob, table).open()
    card = (await sync_to_async(hand_of)(table, 0))[0]
    renders: list[int] = []
    reads: list[int] = []
    render, read = rendering.board_context, consumers.table_with_seats
    monkeypatch.setattr(rendering, "board_context", lambda **kw: renders.append(kw["viewer"].user.pk) or render(**kw))
    monkeypatch.setattr(consumers, "table_with_seats", lambda table_id: reads.append(table_id) or read(table_id))
    answer = await mover.send(fields("bid", {"card": card}))
    after_mover, after_other = await before_marker([mover.comm, other.comm], table.pk)
    assert answer.applied and 'data-version="2"' in after_other
    assert sorted(renders) == sorted([alice.pk, bob.pk])
    assert reads == []
    await mover.close()
    await other.close()


async def test_a_socket_moves_cache_writes_go_in_one_round_trip_per_hop(alice, bob, charlie, monkeypatch):
    """The mover's hop keeps its fresh public parts in one write; the other seats' batch keeps theirs in one
    more (``games.parts.sharing_once``). What each page shows is kept once, when its socket closes, for a
    page that reconnects from that version: not at every version (four writes a move)."""
    from django.core.cache import caches

    from games.engine import registry

    table = await sync_to_async(started_table)(alice, bob, charlie, game="kemble")  # a board with public parts

    def first_move() -> tuple[int, dict[str, str]]:
        run_automatic_steps(table)
        table.refresh_from_db()
        rules = registry.get("kemble")
        state = rules.load(table.state)
        seat = min(rules.seats_to_act(state))
        command = next(iter(rules.legal_commands(state, seat)))
        since = Seat.objects.get(table=table, position=seat).decision_since
        return seat, fields(command.kind, dict(command.args), version=since)

    seat, move = await sync_to_async(first_move)()
    users = [alice, bob, charlie]
    mover = await Socket(users[seat], table).open()
    other = await Socket(users[(seat + 1) % 3], table).open()
    backend = type(caches["fragments"])  # every thread has its own cache object: its class is watched
    writes: list[list[str]] = []
    set_many = backend.set_many
    monkeypatch.setattr(
        backend, "set_many", lambda self, data, **kw: writes.append(sorted(data)) or set_many(self, data, **kw)
    )
    answer = await mover.send(move)
    await before_marker([mover.comm, other.comm], table.pk)
    assert answer.applied
    assert 1 <= len(writes) <= 2
    assert any(key.startswith("part:") for keys in writes for key in keys)  # a public part changed
    assert not any(key.startswith("shown:") for keys in writes for key in keys)
    writes.clear()
    await mover.close()
    await other.close()
    assert len(writes) == 2 and all(len(keys) == 1 and keys[0].startswith("shown:") for keys in writes)
    await sync_to_async(table.refresh_from_db)()
    assert all(f"shown:{table.pk}:" in keys[0] and f":{table.version}:" in keys[0] for keys in writes)


def _in_memory_sqlite() -> bool:
    from django.db import connection

    return connection.vendor == "sqlite" and connection.is_in_memory_db()


@pytest.mark.skipif("_in_memory_sqlite()", reason="shared-cache SQLite refuses concurrent writers outright")
async def test_two_tabs_on_the_two_paths_with_one_key_apply_once(alice, bob):
    table = await _table(alice, bob)
    card, key = (await sync_to_async(hand_of)(table, 0))[0], uuid.uuid4()
    socket_tab = await Socket(alice, table).open()
    post_tab = await Post(alice, table).open()
    by_socket, by_post = await asyncio.gather(
        socket_tab.send(fields("bid", {"card": card}, key=key)), post_tab.send(fields("bid", {"card": card}, key=key))
    )
    await socket_tab.close()
    assert by_socket.applied and by_post.applied  # one applied it, the other's is its replay
    assert await _commands(table) == [(0, "bid")]
