"""The table websocket: one connection per open table page, re-rendering its own seat's view.

Group messages say only "table N is at version V". On each, and on connect, and whenever the page's
heartbeat shows it is behind, the consumer renders this viewer's fragments from the database and
sends the ones that changed since its last send (htmx's ws extension swaps them in by id).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import threading
import weakref
from collections import OrderedDict
from typing import Any

from channels.consumer import get_handler_name
from channels.db import aclose_old_connections
from channels.db import database_sync_to_async as _database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import connection
from django.utils import translation

from games import commands
from games.broadcast import sending_from, session_digest, table_group, user_group
from games.invites import session_invite
from games.models import Event, Seat, Table
from games.parts import sharing_once
from games.rendering import (
    Shown,
    View,
    remember_records,
    render_chat,
    render_log_entries,
    render_view,
    render_waiting_badge,
    scope_language,
    shown_at,
    shown_of,
    shown_record,
    view_changes,
    with_language,
)
from games.selectors import NotAllowed, Viewer, event_rows, table_with_seats, viewer_at, viewer_for

log = logging.getLogger(__name__)


def database_sync_to_async(func: Any) -> Any:
    """Run a read in the thread pool. Consumers get no per-connection thread context (Django's HTTP
    handler does), so the default thread-sensitive call would run every websocket render of the
    process, one after another, in a single thread: a move's re-renders queued behind each other's
    database round trips. These calls only read and touch no thread-bound state."""
    @functools.wraps(func)
    def read(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        finally:
            # Back to the pool now: a pool thread's connection would otherwise stay checked out for as
            # long as the thread lives (and for ever once the thread is gone with its event loop).
            connection.close()

    return _database_sync_to_async(read, thread_sensitive=False)


MAX_FRAME = 4096

_render_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def render_slots() -> asyncio.Semaphore:
    """At most ``HYPERLANE_RENDER_CONCURRENCY`` websocket renders run at once in this server.

    Renders are CPU work that holds the GIL: more of them in parallel do not finish sooner, they only
    starve the event loop that reads from Redis and writes to the sockets (under load its Redis reads
    then time out). Waiting renders queue here instead, in order.
    """
    loop = asyncio.get_running_loop()
    slots = _render_slots.get(loop)
    if slots is None:
        slots = _render_slots[loop] = asyncio.Semaphore(max(1, settings.HYPERLANE_RENDER_CONCURRENCY))
    return slots


class SessionBoundSocket(AsyncWebsocketConsumer):
    """A socket that lives only as long as the session it was opened with signs in its user.

    Told through the user's group (``broadcast.sessions_changed_on_commit``, from ``games.signals``) when
    a session of theirs may have ended, and re-checked on heartbeats: a sign-out, a ban or a new password
    elsewhere closes it (4401), so it stops streaming what only that user may see.
    """

    async def session_check(self, event: dict[str, Any]) -> None:
        """This user signed out somewhere or was deactivated (games.signals)."""
        key = self.scope["session"].session_key if self._signed_in() else None
        if key and event.get("ended") == session_digest(key):
            await self.close(code=4401)
            return
        await self._session_still_valid()

    def _authenticated(self) -> bool:
        return bool(self.user is not None and self.user.is_authenticated)

    def _signed_in(self) -> bool:
        """Authenticated through a session (the site's sockets; tests may give a user without one)."""
        return self._authenticated() and "session" in self.scope

    async def _session_still_valid(self) -> bool:
        """Whether the session this socket was opened with still signs in its user; if not, the socket
        is closed (4401): it stops streaming that seat's view. The page's next load or reconnect is
        whoever its cookie names now (the public view, for a signed-out visitor)."""
        if not self._signed_in():
            return True
        session_key = self.scope["session"].session_key
        if await database_sync_to_async(_session_user_id)(session_key) == self.user.pk:
            return True
        await self.close(code=4401)
        return False


class TableConsumer(SessionBoundSocket):
    #: After a group message, the sockets of a table on this server render in one thread hop (``_Batch``).
    #: Off only to compare with one hop per socket (bench/push.py, tests).
    share_renders = True
    #: After a group message, a seat that did not make the move skips the fragments cache: only the
    #: mover's POST answer stores a seat's render. Off only to compare (bench/push.py, tests).
    skip_cache_lookup = True
    #: channels' hop before every message to close the sync thread's old connections (see ``dispatch``).
    #: Off but to compare (bench/push.py).
    close_connections_per_message = False

    async def dispatch(self, message: dict[str, Any]) -> None:
        """channels' ``dispatch`` without its hop into the one thread-sensitive thread before every
        message (4 per move), to close old database connections there: this consumer reads only in
        ``database_sync_to_async``, which closes its thread's old connections before and after each read."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        if self.close_connections_per_message:
            await aclose_old_connections()
        await handler(message)

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.user = self.scope.get("user")
        self.language = scope_language(self.scope, self.user)  # every push in the page's own language
        #: What the page shows, as digests (None: unknown, so the next push sends everything).
        self.shown: Shown | None = None
        #: What this socket's page showed at the last version it was sent, as the record a page of its kind
        #: that reconnects from that version looks up (``rendering.shown_at``): kept when the socket closes.
        self.shown_record: tuple[str, Shown] | None = None
        self.sent_version = -1
        self.sent_status = ""
        self.answered_version = -1
        self.log_last_id = 0
        self.prepared: _Batch | None = None
        self.pushing = False
        self.answering = False
        self.push_lock = asyncio.Lock()
        self.beat_shown = 0
        #: How many messages the page said it had applied when it sent its heartbeat (None: not said).
        self.beat_applied: int | None = None
        #: How many messages this socket sent (``send``): a heartbeat's count below it was sent before
        #: the page had them all.
        self.frames_sent = 0
        self.beat_next = 0.0
        self.beat_later: asyncio.Task[None] | None = None
        invite = _query_param(self.scope, "invite")
        try:
            self.viewer = await database_sync_to_async(_viewer_with_invite)(
                self.scope, table_id=self.table_id, user=self.user, invite_token=invite
            )
        except NotAllowed:
            await self.close(code=4403)
            return
        try:
            self.log_last_id = max(0, int(_query_param(self.scope, "log") or 0))
        except ValueError:
            self.log_last_id = 0
        await self.channel_layer.group_add(table_group(self.table_id), self.channel_name)
        # The header's badge of games waiting for this user: pushed here too (``badge_updated``), and
        # sent with the first view this socket sends.
        self.sent_badge = ""
        self.badge_due = ""
        if self._authenticated():  # the badge, and told when this user's sessions may have ended (games.signals)
            await self.channel_layer.group_add(user_group(self.user.pk), self.channel_name)
            self.badge_due = await database_sync_to_async(self._render_badge)()
        table_sockets(self.table_id).add(self)
        await self.accept()
        # A page that was just rendered at the current version already shows these fragments: remember
        # them without sending, so a half-made choice is not swapped away the moment the socket opens.
        try:
            page_version = int(_query_param(self.scope, "v") or -1)
        except ValueError:
            page_version = -1
        await self.push_view(send=page_version < 0)
        if page_version >= 0 and page_version != self.sent_version:
            # A page that reconnects from an older version: what changed since, in one message.
            await self._catch_up(page_version)

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False) -> None:
        if text_data is not None or bytes_data is not None:
            self.frames_sent += 1
        await super().send(text_data=text_data, bytes_data=bytes_data, close=close)

    async def _catch_up(self, page_version: int) -> None:
        """Send what changed since ``page_version``, the version the page shows: against what pages of
        this viewer's kind showed at that version (``rendering.shown_at``), else everything.

        In one hold of the push lock: what the page shows is replaced by that record only until the push
        that follows it. A command answered in between would otherwise be diffed against the record, not
        against what the page shows, and leave out a fragment that went A, B, A (issue 12)."""
        async with self.push_lock:
            self.shown = await database_sync_to_async(self._shown_at)(page_version)
            await self._push_view(True, None)

    def _shown_at(self, version: int) -> Shown | None:
        try:  # as this viewer is now (the table's status and seats may have changed since the connect)
            viewer = viewer_for(table_id=self.table_id, user=self.user, invite_token=self.viewer.invite_token)
        except NotAllowed:
            return None
        return with_language(self.language, shown_at, viewer, version)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "viewer"):
            _forget_socket(self)
            self.prepared = None
            if self.beat_later is not None:
                self.beat_later.cancel()
            await self.channel_layer.group_discard(table_group(self.table_id), self.channel_name)
            if self._authenticated():
                await self.channel_layer.group_discard(user_group(self.user.pk), self.channel_name)
            if self.shown_record is not None:
                # Kept once, as the page goes: not at every version it was sent (four cache writes a move).
                await database_sync_to_async(remember_records)([self.shown_record])

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A frame from the page: its heartbeat, ``{"heartbeat": <version shown>}``, or a command from one
        of its forms (htmx's ``ws-send``: the form's fields and ``HEADERS``), run as the POST view runs it
        (``commands.submit``) and answered on this socket. Every frame is hostile: one that is neither is
        answered with a refusal, never an exception or a closed socket.

        A heartbeat behind the table's version: everything is sent again. Otherwise, while the table is
        open for seats, or when its status is not the one last sent, what changed is sent: seats taken or
        left and a table cancelled or closed keep the version, and their group message may have been lost.
        """
        try:
            kind, payload = _read_frame(text_data, bytes_data)
            if kind == "command":
                await self._command(payload)
                return
            if kind == "refused":
                await self.send(text_data=with_language(self.language, _refusal_html, payload))
                return
        except Exception:  # a bug must not close the page's socket: the mover is told, the log has it
            log.exception("table %s: a websocket frame failed", self.table_id)
            await self.send(text_data=with_language(self.language, _refusal_html, _FAILED))
            return
        # At most one answered beat per HYPERLANE_HEARTBEAT_MIN_SECONDS (each may re-render everything):
        # beats that come sooner are answered once, together, when the interval is over.
        self.beat_shown, self.beat_applied = payload
        if self.beat_later is not None:
            return
        wait = self.beat_next - asyncio.get_running_loop().time()
        if wait > 0:
            self.beat_later = asyncio.ensure_future(self._beat_after(wait))
            return
        await self._beat()

    async def _command(self, fields: dict[str, Any]) -> None:
        """Run one command from this socket's page and answer it here: what changed of this seat's view
        (the fragments and the new log lines it has not been sent), or the refusal next to the form that
        sent it. The group message the move makes is not sent to this socket again (``table_updated``)."""
        async with self.push_lock:  # the answer moves what this socket was sent, as a push does
            # Its own move's group message may reach the table's other sockets here first: none of their
            # batches renders for this one, whose answer shows that version (``_Batch.start``).
            self.answering = True
            try:
                done = await database_sync_to_async(self._submit)(fields, asyncio.get_running_loop())
            finally:
                self.answering = False
            if done is None:  # the session that opened this socket no longer signs its user in
                await self.close(code=4401)
                return
            html, shown, moved = done
            if shown is not None:  # a move's view, or the fresh board a stale command gets
                self.shown = shown
            if moved is not None:
                self.log_last_id, self.sent_version, self.sent_status, self.shown_record = moved
                self.answered_version = max(self.answered_version, self.sent_version)
            await self.send(text_data=html)

    def _submit(
        self, fields: dict[str, Any], loop: asyncio.AbstractEventLoop
    ) -> tuple[str, Shown | None, Moved | None] | None:
        """In one thread hop: the session re-checked (a user signed out or banned elsewhere cannot move
        on a socket left open), the command submitted, its answer rendered in the page's language. None:
        the session ended. Else the answer's HTML, what the page shows after it (None: unchanged), and
        after a move the log position, version and status it shows, and its record (``shown_record``)."""
        if self._signed_in() and _session_user_id(self.scope["session"].session_key) != self.user.pk:
            return None
        with translation.override(self.language):
            with sending_from(loop):  # the move's group messages go out as this block ends
                answer = commands.submit(
                    user=self.user, table_id=self.table_id, fields=fields, invite_token=self.viewer.invite_token
                )
                result = answer.result if answer.applied else None
                if result is not None and result.table is not None and result.seats:
                    # The table and seats the move just wrote: this server's other sockets of the table
                    # render from them when its group message comes, instead of reading them back.
                    SNAPSHOTS.offer(result.table, result.seats)
            with sharing_once():  # the answer's fresh public parts in one round trip
                return self._answer(fields, answer)

    def _answer(self, fields: dict[str, Any], answer: commands.Answer) -> tuple[str, Shown | None, Moved | None]:
        """``_submit``'s answer to ``answer``, rendered in the page's language (the caller's)."""
        view = commands.answer_view(answer, store=False)
        # Only what this socket has not been sent (a push may have brought it already): changed
        # fragments, or of the board only its changed parts; a move's answer always names the
        # version it shows (the status fragment).
        changes = {} if view is None else view_changes(view, self.shown)
        if answer.applied and view is not None:
            changes.setdefault("status", view.fragments["status"])
        html = commands.answer_html(answer, changes, slot=commands.error_slot(fields.get("HEADERS")))
        shown = None if view is None else shown_of(view)
        if not answer.applied or answer.viewer is None:
            return html, shown, None
        viewer = answer.viewer
        record = None if shown is None else with_language(self.language, shown_record, viewer, shown)
        # The new log lines through the shared read: the table's other sockets here, which have shown
        # the log up to the same line, filter the same rows for their own seats.
        rows = SNAPSHOTS.events_after(viewer.table, self.log_last_id)
        log_html, last_id = render_log_entries(viewer, after_id=self.log_last_id, rows=rows)
        return html + log_html, shown, (last_id, viewer.table.version, viewer.table.status, record)

    async def _beat_after(self, wait: float) -> None:
        try:  # kept in ``beat_later`` until done: a socket that closes meanwhile cancels it
            await asyncio.sleep(wait)
            await self._beat()
        finally:
            self.beat_later = None

    async def _beat(self) -> None:
        loop, interval = asyncio.get_running_loop(), settings.HYPERLANE_HEARTBEAT_MIN_SECONDS
        self.beat_next = loop.time() + interval  # no other beat is answered while this one is
        try:
            await self._answer_beat()
        finally:
            self.beat_next = loop.time() + interval

    async def _answer_beat(self) -> None:
        shown, applied = self.beat_shown, self.beat_applied
        if not await self._session_still_valid():
            return
        # Group memberships can expire or be lost (a Redis restart): rejoin on every beat.
        await self.channel_layer.group_add(table_group(self.table_id), self.channel_name)
        if self.user is not None and self.user.is_authenticated:
            await self.channel_layer.group_add(user_group(self.user.pk), self.channel_name)
        stamp = await database_sync_to_async(_table_stamp)(self.table_id)
        if stamp is None:
            await self.close(code=4404)
            return
        current, status = stamp
        # A heartbeat sent before the page had applied every message this socket sent names a version
        # the page no longer shows (a frame is never lost on an open socket): not news.
        lagging = applied is not None and applied < self.frames_sent
        if applied is None and (shown < current or self.sent_version < current):
            # A page that does not count what it applied (an older script): as before, resend what
            # changed since the version it says it shows.
            await self._catch_up(shown)
        elif shown != self.sent_version and not lagging:
            # The page shows another version than this socket sent it: more (a POST's answer), or less
            # (an older answer it did not swap in). What changed since the version it shows.
            await self._catch_up(shown)
        elif self.sent_version < current or status == Table.Status.OPEN or status != self.sent_status:
            # A group message that did not come (a Redis restart), or a change that kept the version.
            await self.push_view()

    async def table_updated(self, event: dict[str, Any]) -> None:
        version = int(event.get("version", 0))
        if version < self.sent_version:
            return
        if version <= self.answered_version and not event.get("reread"):
            # This socket's own move: its answer showed this version already (``_command``).
            self.prepared = None
            return
        if event.get("reread"):  # a change that kept the version: a shared read of it is out of date
            await self.push_view()
        else:
            await self.push_view(at_least=version)

    async def chat_updated(self, event: dict[str, Any]) -> None:
        html = await database_sync_to_async(self._render_chat)()
        await self.send(text_data=html)

    async def badge_updated(self, event: dict[str, Any]) -> None:
        """The games waiting for this user changed (at this table or any other)."""
        html = await database_sync_to_async(self._render_badge)()
        if html != self.sent_badge:
            self.sent_badge, self.badge_due = html, ""
            await self.send(text_data=html)

    async def push_view(self, send: bool = True, at_least: int | None = None) -> None:
        """Render and send what changed. ``at_least``: the version a group message announced; a table
        read at that version or later by another socket of this server is shared instead of read again,
        and so is the thread hop that renders it (``_Batch``)."""
        async with self.push_lock:  # a late heartbeat's answer (``_beat_after``) runs beside the handlers
            await self._push_view(send, at_least)

    async def _push_view(self, send: bool, at_least: int | None) -> None:
        self.pushing = True  # its log position is about to move: no batch renders for it meanwhile
        try:
            if at_least is not None and self.share_renders:
                rendered = await self._shared_render(at_least)
            else:
                self.prepared = None  # a fresh read: nothing rendered before it may be shown after it
                async with render_slots():
                    rendered = await database_sync_to_async(self._render)(at_least)
        finally:
            self.pushing = False
        view, shown, log_html, self.log_last_id, version, status, record = rendered
        changed = list(view_changes(view, self.shown).values())
        self.shown, self.shown_record = shown, record
        self.sent_version = version
        self.sent_status = status
        if log_html:
            changed.append(log_html)
        if self.badge_due and send:
            changed.append(self.badge_due)
            self.sent_badge, self.badge_due = self.badge_due, ""
        if changed and send:
            await self.send(text_data="".join(changed))

    async def _shared_render(self, at_least: int) -> Rendered:
        """This socket's render at ``at_least`` or later, from the batch another socket of the table
        started for it, else from one it starts for itself and the other sockets of the table here."""
        batch, self.prepared = self.prepared, None
        if batch is None or batch.at_least < at_least:
            batch = _Batch.start(self, at_least)
        after_id, rendered = await batch.result(self)
        if after_id == self.log_last_id:
            return rendered
        # This socket was sent newer log lines after the batch began: its log render starts too early.
        async with render_slots():
            return await database_sync_to_async(self._render)(at_least)

    def _render(self, at_least: int | None = None, after_id: int | None = None) -> Rendered:
        """This viewer's fragments, its log lines after ``after_id`` (default: the last it was sent),
        and the last log id, version and status they show, and the record of what the page shows
        (``shown_record``, kept when the socket closes). Changes nothing on the consumer: a batch renders
        for several sockets in one thread (``_Batch``)."""
        after_id = self.log_last_id if after_id is None else after_id
        rows = None
        lookup = True
        if at_least is None:
            viewer = viewer_for(table_id=self.table_id, user=self.user, invite_token=self.viewer.invite_token)
        else:
            table, seats = SNAPSHOTS.at_least(self.table_id, at_least)
            viewer = viewer_at(table, seats, user=self.user, invite_token=self.viewer.invite_token)
            rows = SNAPSHOTS.events_after(table, after_id)
            # Only the mover's POST answer stores a seat's render (a spectator's is shared with the
            # other spectators): another seat's socket cannot find its own in the cache. A move marks
            # its mover's seat as having seen the version it made.
            seat = viewer.seat
            lookup = seat is None or not self.skip_cache_lookup or seat.seen_version >= table.version
        # A seat's own render is kept for nobody else; a spectator's is shared with the other spectators.
        view = with_language(
            self.language, render_view, viewer, oob=True, store=viewer.seat is None, lookup=lookup
        )
        shown = shown_of(view)
        # For a page of this kind of viewer that reconnects from this version (``_catch_up``).
        record = with_language(self.language, shown_record, viewer, shown)
        log_html, last_id = with_language(self.language, render_log_entries, viewer, after_id=after_id, rows=rows)
        if settings.HYPERLANE_PLANT_LEAK == "websocket":  # TEST-ONLY planted leak (tests/proof/leakcheck.py)
            log_html += str(viewer.table.state)
        return view, shown, log_html, last_id, viewer.table.version, viewer.table.status, record

    def _render_badge(self) -> str:
        return with_language(self.language, render_waiting_badge, self.user.pk)

    def _render_chat(self) -> str:
        return with_language(self.language, render_chat, self.viewer, oob=True)


#: the view, what it shows (digests), new log lines, the last log id, the table version and status, and the
#: record of what the page shows (``shown_record``)
Rendered = tuple[View, Shown, str, int, int, str, tuple[str, Shown]]
#: after a move's answer: the log position, the table version and status it shows, and its record
Moved = tuple[int, int, str, tuple[str, Shown] | None]

_Sockets = dict[int, weakref.WeakSet[TableConsumer]]
_table_sockets: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Sockets] = weakref.WeakKeyDictionary()


def table_sockets(table_id: int) -> weakref.WeakSet[TableConsumer]:
    """The open sockets of a table in this server (this event loop)."""
    tables = _table_sockets.setdefault(asyncio.get_running_loop(), {})
    sockets = tables.get(table_id)
    if sockets is None:
        sockets = tables[table_id] = weakref.WeakSet()
    return sockets


def _forget_socket(consumer: TableConsumer) -> None:
    tables = _table_sockets.get(asyncio.get_running_loop(), {})
    sockets = tables.get(consumer.table_id)
    if sockets is not None:
        sockets.discard(consumer)
        if not sockets:
            del tables[consumer.table_id]


class _Batch:
    """One thread hop that renders a new table version for several sockets of the table in this server.

    A group message reaches every socket of the table one after the other. The first to handle it
    starts a batch for itself and every other socket of the table here that has not been shown that
    version, is not in a batch for it already and is neither pushing nor answering its own command right
    now; they find the batch when their own message comes (``TableConsumer.prepared``) and take their own
    render from it. Each render
    is the one that socket would make itself (``TableConsumer._render``, with the log position it had
    when the batch started): a batch shares the hop and its render slot, never a render. The batch runs
    as a task of its own, so a socket that closes while it runs leaves the others their renders.
    """

    def __init__(self, at_least: int, members: list[TableConsumer]) -> None:
        self.at_least = at_least
        self.after_ids = {m: m.log_last_id for m in members}
        self.task = asyncio.ensure_future(self._run())

    @classmethod
    def start(cls, leader: TableConsumer, at_least: int) -> _Batch:
        members = [leader] + [
            m
            for m in table_sockets(leader.table_id)
            if m is not leader
            and m.share_renders
            and not m.pushing
            and not m.answering
            and m.sent_version < at_least
            and (m.prepared is None or m.prepared.at_least < at_least)
        ]
        batch = cls(at_least, members)
        for m in members[1:]:
            m.prepared = batch
        return batch

    async def _run(self) -> dict[TableConsumer, Rendered | Exception]:
        async with render_slots():
            return await database_sync_to_async(self._render_all)()

    def _render_all(self) -> dict[TableConsumer, Rendered | Exception]:
        out: dict[TableConsumer, Rendered | Exception] = {}
        with sharing_once():  # the fresh public parts, in one round trip
            for member, after_id in self.after_ids.items():
                try:
                    out[member] = member._render(self.at_least, after_id)
                except Exception as exc:  # that socket's own failure (e.g. the table is gone), raised in it
                    out[member] = exc
        return out

    async def result(self, member: TableConsumer) -> tuple[int, Rendered]:
        """The log position the render started from, and the render, for ``member``."""
        results = await asyncio.shield(self.task)
        rendered = results[member]
        if isinstance(rendered, Exception):
            raise rendered
        return self.after_ids[member], rendered


class TableSnapshots:
    """The last table and seats read by this server's sockets, per table, shared between them.

    A move announces "table N is at version V" to every socket of the table; each needs the table at V
    or later. The first to render reads it; the others of this server use that read (at least V, so
    never older than what was announced). Only the group-message path uses it: connects and heartbeats
    always read afresh. The objects are only read by renders, never changed.

    The new log lines are shared the same way: the sockets of a table have all shown the log up to the
    same event, so the first reads the events after it (every seat's, unfiltered) and the others filter
    that read for their own seat (``events_after``).
    """

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._tables: OrderedDict[int, tuple[Table, tuple[Seat, ...]]] = OrderedDict()
        self._reading: dict[int, threading.Lock] = {}
        self._events: OrderedDict[tuple[int, int, int], list[Event]] = OrderedDict()

    def clear(self) -> None:
        with self._lock:
            self._tables.clear()
            self._reading.clear()
            self._events.clear()

    def events_after(self, table: Table, after_id: int) -> list[Event]:
        """The table's events after ``after_id`` as read at this table version or later (``event_rows``)."""
        key = (table.pk, table.version, after_id)
        with self._lock:
            rows = self._events.get(key)
        if rows is not None:
            return rows
        rows = event_rows(table.pk, after_id=after_id)
        with self._lock:
            self._events[key] = rows
            while len(self._events) > self.size:
                self._events.popitem(last=False)
        return rows

    def offer(self, table: Table, seats: tuple[Seat, ...]) -> None:
        """The table and its seats as a move has just written them (committed): kept unless a newer
        version of the table is. Only read by renders from then on, never changed."""
        with self._lock:
            kept = self._tables.get(table.pk)
            if kept is None or kept[0].version < table.version:
                self._keep(table.pk, (table, tuple(seats)))

    def _keep(self, table_id: int, loaded: tuple[Table, tuple[Seat, ...]]) -> None:
        """Keep ``loaded`` as the table's latest read, the oldest tables evicted (the caller holds the lock)."""
        self._tables[table_id] = loaded
        self._tables.move_to_end(table_id)
        while len(self._tables) > self.size:
            evicted, _ = self._tables.popitem(last=False)
            self._reading.pop(evicted, None)

    def at_least(self, table_id: int, version: int) -> tuple[Table, tuple[Seat, ...]]:
        with self._lock:
            kept = self._tables.get(table_id)
            if len(self._reading) > 4 * self.size:  # tables that vanished: a reader holds its own lock
                self._reading.clear()
            reading = self._reading.setdefault(table_id, threading.Lock())
        if kept is not None and kept[0].version >= version:
            return kept
        # One read at a time per table: sockets rendering side by side wait for the first one's read
        # instead of each reading the same version again.
        with reading:
            with self._lock:
                kept = self._tables.get(table_id)
            if kept is not None and kept[0].version >= version:
                return kept
            loaded = table_with_seats(table_id)
            if loaded is None:
                raise NotAllowed()
            with self._lock:
                kept = self._tables.get(table_id)
                if kept is None or kept[0].version <= loaded[0].version:
                    self._keep(table_id, loaded)
        return loaded


SNAPSHOTS = TableSnapshots()


def _table_stamp(table_id: int) -> tuple[int, str] | None:
    """The table's version and status, or None if there is no such table."""
    return Table.objects.filter(pk=table_id).values_list("version", "status").first()


def _viewer_with_invite(scope: dict[str, Any], *, table_id: int, user: Any, invite_token: str) -> Viewer:
    """``viewer_for`` with the invite the page's session accepted (``games/invites.py``), if the socket's
    URL carries none."""
    invite_token = invite_token or session_invite(scope.get("session"), table_id)
    return viewer_for(table_id=table_id, user=user, invite_token=invite_token)


def _session_user_id(session_key: str | None) -> int | None:
    """The id of the user this session signs in now, as an HTTP request would find it (the backend's
    user, active, with the password the session was made under), or None: the session ended (signed
    out), the user is inactive (banned) or the password changed since. Only reads: unlike
    ``django.contrib.auth.get_user`` it never flushes or rotates the session (a password change in this
    very session updates its hash just after the user is saved)."""
    from importlib import import_module

    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
        load_backend,
    )
    from django.core.exceptions import ValidationError
    from django.utils.crypto import constant_time_compare

    from accounts.sessions import session_in_use

    if not session_key:
        return None
    session = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    try:
        user_id = get_user_model()._meta.pk.to_python(session[SESSION_KEY])
        backend_path = session[BACKEND_SESSION_KEY]
    except (KeyError, ValidationError):
        return None
    if backend_path not in settings.AUTHENTICATION_BACKENDS:
        return None
    with session_in_use(session):  # the user read with the session's row: no second query
        user = load_backend(backend_path).get_user(user_id)
    if user is None:
        return None
    session_hash = session.get(HASH_SESSION_KEY) or ""
    known = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
    return user.pk if session_hash and any(constant_time_compare(session_hash, h) for h in known) else None


#: The fields a command frame may carry: a command form's (``commands.parse_command``), its select
#: values (``arg_<name>``) and the headers htmx's websocket extension sends along.
_COMMAND_FIELDS = frozenset({"kind", "args", "version", "idempotency_key", "table", "HEADERS"})
_MAX_FIELDS = 24
_FAILED = "failed"


def _read_frame(text_data: str | None, bytes_data: bytes | None) -> tuple[str, Any]:
    """("heartbeat", version shown), ("command", its fields) or ("refused", why): a frame of any other
    shape is refused (``_refusal_html``), never an exception."""
    if text_data is None:
        return "refused", "malformed"
    if len(text_data) > MAX_FRAME:
        return "refused", "too_long"
    try:
        message = json.loads(text_data)
    except (ValueError, RecursionError):
        return "refused", "malformed"
    if not isinstance(message, dict):
        return "refused", "malformed"
    if "heartbeat" in message:
        try:
            shown = int(message["heartbeat"])
            applied = message.get("applied")
            return "heartbeat", (shown, None if applied is None else int(applied))
        except (ValueError, TypeError, OverflowError):  # OverflowError: {"heartbeat": Infinity}
            return "refused", "malformed"
    if len(message) > _MAX_FIELDS or "kind" not in message:
        return "refused", "malformed"
    for name, value in message.items():
        if name == "HEADERS":
            if not isinstance(value, dict):
                return "refused", "malformed"
        elif name not in _COMMAND_FIELDS and not (name.startswith("arg_") and len(name) <= 44 and name.isascii()):
            return "refused", "unknown_field"
        elif not isinstance(value, str):
            return "refused", "malformed"
    return "command", message


def _refusal_html(why: str) -> str:
    """The answer to a frame refused before it reaches ``commands.submit``: in the table's error area."""
    from django.utils.translation import gettext as _

    messages = {
        "too_long": _("This command is too long."),
        "unknown_field": _("This command is malformed."),
        "malformed": _("This command is malformed."),
        _FAILED: _("This move could not be made; reload the page."),
    }
    return commands.answer_html(commands.Answer(400, messages[why]), {})


class NoSuchSocket(AsyncWebsocketConsumer):
    """Every websocket URL that names no table (``ws/tables/-1/``, ``ws/nothing/``): refused cleanly."""

    async def connect(self) -> None:
        await self.close(code=4404)


def _query_param(scope: dict[str, Any], name: str) -> str:
    from urllib.parse import parse_qs

    raw = scope.get("query_string", b"").decode("latin-1")
    values = parse_qs(raw).get(name)
    return values[0] if values else ""
