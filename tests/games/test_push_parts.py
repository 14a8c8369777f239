"""Send only what changed (issue 12): after a random playout, each seat's and a spectator's page,
assembled by applying every push it received (out-of-band swaps by id, as htmx does:
tests/support/htmlpatch.py), equals a fresh render of its page byte for byte: the board, the status, the
decision and the result. For every game whose board is made of parts (the toy game's test presenter,
and each registered game with ``board_parts``), and for a game without parts (whole fragments).

Moves go over the mover's socket (its answer is all it gets for its own move) and through the services
(as a POST or the worker would); a socket that drops and reconnects catches up in one message."""

from __future__ import annotations

import contextlib
import json
import random
import uuid
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import path

from games import rendering
from games.broadcast import table_group
from games.consumers import TableConsumer
from games.engine import registry
from games.models import Table
from games.presenters import _PRESENTERS, Presenter
from games.rendering import FRAGMENTS, render_fragments
from games.selectors import viewer_for
from tests.support.htmlpatch import apply_message, by_id
from tests.support.sockets import CAP, receive_until
from tests.support.tables import run_automatic_steps, started_table
from tests.support.toyparts import toy_with_parts

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

APP = URLRouter([path("ws/tables/<int:table_id>/", TableConsumer.as_asgi())])

#: Ids a push may carry that are not the table's fragments (the header's badge, the chat).
OUTSIDE = ("waiting-badge", "frag-chat", "table-error")


def games_with_parts() -> list[str]:
    return ["toy"] + sorted(
        slug for slug, cls in _PRESENTERS.items() if slug != "toy" and cls.board_parts is not Presenter.board_parts
    )


@contextlib.contextmanager
def presented(game: str) -> Iterator[None]:
    if game == "toy":
        with toy_with_parts():
            yield
    else:
        yield


def fresh_page(table_id: int, user: Any) -> str:
    """The table's fragments as a fresh page load draws them (not out of band), in a wrapper; the board
    drawn whole, not from a kept outline (``rendering.board_html``): a page assembled from pushes, whose
    boards came from kept outlines, must equal it, so an outline that depends on more than its key fails."""
    viewer = viewer_for(table_id=table_id, user=user)
    with mock.patch.object(rendering, "OUTLINES_KEPT", False):
        fragments = render_fragments(viewer, oob=False, store=False, lookup=False)
    return "<div>" + "".join(fragments[name] for name in FRAGMENTS) + "</div>"


def shown_version(page: str) -> int:
    status = by_id(page, "frag-status")
    assert status is not None
    return int(status.attrs["data-version"] or 0)


async def connect(table_id: int, user: Any, version: int) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(APP, f"/ws/tables/{table_id}/?v={version}")
    comm.scope["user"] = user
    connected, _ = await comm.connect()
    assert connected
    return comm


async def frames_before_marker(comms: list[WebsocketCommunicator], table_id: int) -> list[list[str]]:
    """Each socket's frames sent before now (a chat message to the table's group is answered after every
    earlier group message's push), without the marker."""
    await get_channel_layer().group_send(table_group(table_id), {"type": "chat.updated"})
    out = []
    for comm in comms:
        frames: list[str] = []
        while True:
            frame = await comm.receive_from(timeout=CAP)
            if frame.lstrip().startswith('<ol id="frag-chat"'):
                break
            frames.append(frame)
        out.append(frames)
    return out


def random_move(table_id: int, rnd: random.Random) -> tuple[int, str, dict[str, Any], int] | None:
    """A legal command of a seat the game waits on (seat, kind, args, table version), or None when over."""
    table = Table.objects.get(pk=table_id)
    if table.status != Table.Status.ACTIVE:
        return None
    rules = registry.get(table.game)
    state = rules.load(table.state)
    seats = sorted({s for d in rules.pending(state) for s in d.seats})
    if not seats:
        return None
    seat = rnd.choice(seats)
    command = rnd.choice(list(rules.legal_commands(state, seat)))
    return seat, command.kind, dict(command.args), table.version


def submit_move(table_id: int, user: Any, kind: str, args: dict[str, Any], version: int) -> None:
    from games import services

    services.command_submit(
        table_id=table_id, user=user, kind=kind, args=args, expected_version=version, idempotency_key=uuid.uuid4()
    )


def one_automatic_step(table_id: int) -> bool:
    from games import services

    table = Table.objects.get(pk=table_id)
    if table.auto_step_since is None:
        return False
    services.automatic_step_apply(table_id=table_id, expected_version=table.version)
    return True


class Page:
    """One viewer's page: its fragments as loaded, then patched by every push its socket sent."""

    def __init__(self, user: Any, html: str) -> None:
        self.user, self.html = user, html
        self.messages: list[str] = []
        self.part_swaps = 0
        self.board_swaps = 0

    def apply(self, frames: list[str]) -> None:
        for frame in frames:
            self.messages.append(frame)
            self.html, swapped = apply_message(self.html, frame, ignore=OUTSIDE)
            self.board_swaps += "frag-board" in swapped
            self.part_swaps += sum(1 for i in swapped if not i.startswith("frag-"))


def board_from_kept_outline(table_id: int, user: Any) -> str:
    """The board fragment as a push draws it: from the outline kept by whichever viewer drew it first."""
    return render_fragments(viewer_for(table_id=table_id, user=user), oob=False, store=False, lookup=False)["board"]


async def check_pages(pages: list[Page], table_id: int, step: int) -> None:
    for page in pages:
        fresh = await sync_to_async(fresh_page)(table_id, page.user)
        assert page.html == fresh, f"step {step}: {page.user} page differs from a fresh render"
        # The board a push would send whole (new part ids, a reconnect) is the fresh one too.
        kept = await sync_to_async(board_from_kept_outline)(table_id, page.user)
        assert kept in fresh, f"step {step}: {page.user}'s board from a kept outline differs from a fresh render"


@pytest.mark.parametrize("game", games_with_parts() + ["toy-whole"])
async def test_pages_assembled_from_pushes_equal_a_fresh_render(game, make_user):  # type: ignore[no-untyped-def]
    slug = "toy" if game == "toy-whole" else game
    rules = registry.get(slug)
    with presented(game) if game != "toy-whole" else contextlib.nullcontext():
        n = max(2, rules.min_players)
        players = [await sync_to_async(make_user)(f"p{i}") for i in range(n)]
        watcher = await sync_to_async(make_user)("watcher")
        options = {"target": 5} if slug == "toy" else {}  # long enough for the socket to drop and come back
        table = await sync_to_async(started_table)(*players, game=slug, **options)
        await sync_to_async(run_automatic_steps)(table)
        users = [*players, watcher]
        pages = [Page(u, await sync_to_async(fresh_page)(table.pk, u)) for u in users]
        comms = [await connect(table.pk, p.user, shown_version(p.html)) for p in pages]
        # A page that shows the current version is sent nothing on connect (and the sockets are done
        # reading before the first move writes: SQLite in tests refuses a write while a socket reads).
        assert await frames_before_marker(comms, table.pk) == [[] for _ in comms]
        rnd = random.Random(f"{game}-push")
        dropped: int | None = None
        reconnected = False
        for step in range(60):
            move = await sync_to_async(random_move)(table.pk, rnd)
            if move is None:
                break
            seat, kind, args, version = move
            if step == 10:  # a seat's socket drops; the game goes on without it
                dropped = (seat + 1) % n
                await comms[dropped].disconnect()
            if step % 2 and seat != dropped:  # over the mover's own socket: its answer is what it gets
                frame = {"kind": kind, "args": json.dumps(args), "version": str(version),
                         "idempotency_key": str(uuid.uuid4())}
                await comms[seat].send_to(text_data=json.dumps(frame))
                answer = await receive_until(comms[seat], lambda got: 'id="frag-status"' in got)
                assert answer.count('id="frag-status"') == 1
                pages[seat].apply([answer])
            else:
                await sync_to_async(submit_move)(table.pk, players[seat], kind, args, version)
            # The pushes, then the automatic steps the move led to, one at a time (SQLite in tests
            # refuses a write while a socket reads), and their pushes.
            live = [i for i in range(len(users)) if i != dropped]
            while True:
                for i, frames in zip(live, await frames_before_marker([comms[i] for i in live], table.pk), strict=True):
                    pages[i].apply(frames)
                if not await sync_to_async(one_automatic_step)(table.pk):
                    break
            if step == 14 and dropped is not None:  # it reconnects from the version its page shows
                comms[dropped] = await connect(table.pk, users[dropped], shown_version(pages[dropped].html))
                everyone = await frames_before_marker(comms, table.pk)  # the marker goes to every socket
                assert len(everyone[dropped]) == 1  # everything it missed, in one message
                assert all(not frames for i, frames in enumerate(everyone) if i != dropped)
                pages[dropped].apply(everyone[dropped])
                dropped, reconnected = None, True
            await check_pages([pages[i] for i in range(len(users)) if i != dropped], table.pk, step)
        assert reconnected
        for i, comm in enumerate(comms):
            if i != dropped:
                await comm.disconnect()
    if game == "toy-whole":
        assert all(p.part_swaps == 0 for p in pages)
    else:
        # Parts went alone (the board's other parts unchanged), and each seat got its own.
        assert all(p.part_swaps > 0 for p in pages)
    if game == "toy":  # the hand comes and goes with the bidding: the whole board then
        assert all(p.board_swaps > 0 for p in pages[:-1])
