"""The secrets check: everything a seat can receive is the same in every world it cannot tell apart.

A random playout runs through the real site (HTTP posts through the views, automatic steps through
the service). After each checked command, for every seat and a spectator, every surface that viewer
can receive is collected twice, each time inside a savepoint that is rolled back:

1. as stored;
2. after re-randomising, in the database, everything that viewer may not know: the engine state
   (``Rules.rerandomise``: other hands, draw piles including its own, face-down cards, unrevealed
   choices, hidden roles) and with it the deck rows, the table's seed, RNG state and invite token, the
   data of every event the viewer may not read, the arguments of every other seat's command and every
   stored past state. Public facts (seats, versions, decisions, event kinds and redactions) are kept.

The two collections must be identical once per-request tokens (CSRF) are removed. Surfaces: the table
page, the fragments endpoint, the log endpoint, the websocket (the frame on connect and the resync a
heartbeat brings), the lobby, a stale post (409 + fresh board) and a refused post (422), the emails
the viewer would get. The answer to each real move post must equal the fragments fetched right after
it (so it carries nothing the checked fragments do not).

``settings.HYPERLANE_PLANT_LEAK = <surface>`` plants a leak on one surface; the tests prove each is
seen. Used by tests/proof/test_leaks.py (bounded) and bench/leaks.py (thousands of states).

``LeakCheck(start=state)`` checks from a given position instead of the opening: the state (of a seeded
game, or built by a scenario) is put on the started table as a new version (``load_position``), and the
random play goes on from there (tests/proof/test_bsg_leak_positions.py).
"""

from __future__ import annotations

import contextlib
import difflib
import json
import re
import uuid
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.core import mail
from django.core.cache import caches
from django.db import transaction
from django.test import Client

from games import services
from games.consumers import SNAPSHOTS
from games.engine import registry
from games.engine.core import Rng
from games.models import Command, Deck, Event, Seat, StateVersion, Table
from games.presenters import presenter_for
from games.routing import websocket_urlpatterns
from tests.support.htmlpatch import elements
from tests.support.sockets import CAP
from tests.support.toyparts import ToyPartsPresenter

WS_APP = URLRouter(websocket_urlpatterns)
SURFACES = ("page", "fragments", "log", "websocket", "lobby", "stale_post", "refused_post", "email", "command",
            "ws_command", "ws_push", "public_part")
_CSRF = [
    (re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'), 'name="csrfmiddlewaretoken" value="-"'),
    (re.compile(r'"X-CSRFToken": "[^"]*"'), '"X-CSRFToken": "-"'),
    (re.compile(r'"X-CSRFToken": &quot;[^&]*&quot;'), '"X-CSRFToken": "-"'),
]


def normalise(text: str) -> str:
    for pattern, repl in _CSRF:
        text = pattern.sub(repl, text)
    return text


@dataclass
class Leak:
    game: str
    seed: int
    version: int
    viewer: str
    surface: str
    diff: str

    def __str__(self) -> str:
        return f"{self.game} seed {self.seed} v{self.version} {self.viewer} {self.surface}:\n{self.diff}"


@dataclass
class Stats:
    playouts: int = 0
    states: int = 0
    comparisons: int = 0
    stuck: int = 0
    surfaces: Counter = field(default_factory=Counter)
    leaks: list[Leak] = field(default_factory=list)

    def add(self, other: Stats) -> None:
        self.playouts += other.playouts
        self.states += other.states
        self.comparisons += other.comparisons
        self.stuck += other.stuck
        self.surfaces.update(other.surfaces)
        self.leaks += other.leaks

    def summary(self) -> str:
        per = ", ".join(f"{k} {v}" for k, v in sorted(self.surfaces.items()))
        return (f"{self.playouts} playouts, {self.states} states, {self.comparisons} surface comparisons "
                f"({per}); {len(self.leaks)} leaked" + (f"; {self.stuck} games stuck before the end" if self.stuck else ""))


def _diff(a: str, b: str) -> str:
    lines = list(difflib.unified_diff(a.splitlines(), b.splitlines(), "stored", "rerandomised", lineterm="", n=0))
    return "\n".join(line[:300] for line in lines[:12])


@contextmanager
def _rolled_back():
    sid = transaction.savepoint()
    try:
        yield
    finally:
        transaction.savepoint_rollback(sid)


@contextmanager
def in_test_transaction():
    """Run the websocket consumer's database calls on this thread's connection, inside the test's
    transaction: no closing of "old" connections around them, and thread-sensitive (the consumer may
    use the thread pool in production, where each thread has its own connection)."""
    from channels.db import DatabaseSyncToAsync

    import games.consumers

    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch("channels.db.close_old_connections", lambda: None))
        if hasattr(games.consumers, "database_sync_to_async"):
            stack.enter_context(mock.patch.object(
                games.consumers, "database_sync_to_async", lambda fn: DatabaseSyncToAsync(fn, thread_sensitive=True)))
        yield


async def _ws_frames(table_id: int, user: Any) -> list[str]:
    comm = WebsocketCommunicator(WS_APP, f"/ws/tables/{table_id}/")
    comm.scope["user"] = user
    connected, _ = await comm.connect(timeout=CAP)
    assert connected
    frames = [await comm.receive_from(timeout=CAP)]
    await comm.send_to(text_data=json.dumps({"heartbeat": 0}))  # a page behind: the full resync
    frames.append(await comm.receive_from(timeout=CAP))
    await comm.disconnect()
    return frames


async def _ws_move(table_id: int, user: Any, fields: dict[str, str]) -> tuple[str, int]:
    """Send a move over a table socket of ``user``: its answer, and the last log line the socket showed
    before it."""
    comm = WebsocketCommunicator(WS_APP, f"/ws/tables/{table_id}/")
    comm.scope["user"] = user
    connected, _ = await comm.connect(timeout=CAP)
    assert connected
    first = await comm.receive_from(timeout=CAP)
    ids = [int(i) for i in re.findall(r'<li data-id="(\d+)"', first)]
    await comm.send_to(text_data=json.dumps(fields))
    answer = ""
    while 'id="frag-status"' not in answer and 'id="table-error"' not in answer:
        answer += await comm.receive_from(timeout=CAP)
    await comm.disconnect()
    return answer, max(ids, default=0)


_OOB = ' hx-swap-oob="true"'


async def _ws_pushes(table_id: int, users: list[Any], version: int, move: Any) -> list[str]:
    """Open a table socket per user on a page showing ``version``, make the move (``move()``: the new
    version), tell the table's group as the move's commit would, and answer what each socket sent."""
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer

    from games.broadcast import table_group

    comms = []
    for user in users:
        comm = WebsocketCommunicator(WS_APP, f"/ws/tables/{table_id}/?v={version}")
        comm.scope["user"] = user
        connected, _ = await comm.connect(timeout=CAP)
        assert connected
        comms.append(comm)
    new_version = await sync_to_async(move)()
    layer = get_channel_layer()
    # In the test's transaction nothing commits: the group is told here, as ``on_commit`` would.
    await layer.group_send(table_group(table_id), {"type": "table.updated", "version": new_version})
    await layer.group_send(table_group(table_id), {"type": "chat.updated"})  # a marker after the push
    out = []
    for comm in comms:
        frames = []
        while True:
            frame = await comm.receive_from(timeout=CAP)
            if frame.lstrip().startswith('<ol id="frag-chat"'):
                break
            frames.append(frame)
        out.append("".join(frames))
        await comm.disconnect()
    return out


def _board_parts(table_id: int, user: Any) -> dict[str, Any] | None:
    """The parts of the board this user sees (by id), or None for a board without parts."""
    from games.selectors import board_context, viewer_for

    ctx = board_context(viewer=viewer_for(table_id=table_id, user=user))
    parts = ctx.get("parts")
    return None if parts is None else {p.id: p for p in parts}


def _chunks(html: str) -> dict[str, str]:
    """An answer cut into its top-level elements, by id (a fragment ``frag-…``, a board's part), as the
    page holds them (without ``hx-swap-oob="true"``), the new log lines (``log``) and any text between
    (``text``). Elements with an id nested in a fragment are named too (a board's parts): an answer's
    part is compared with the same part inside the fresh board."""
    out: dict[str, str] = {}
    last, text = 0, []
    for el in elements(html):
        element_id = el.attrs.get("id")
        if el.depth == 0:
            text.append(html[last : el.start].strip())
            last = el.end
        if element_id:
            out.setdefault(element_id, html[el.start : el.end].replace(_OOB, "", 1))
        elif el.depth == 0 and (el.attrs.get("hx-swap-oob") or "").startswith("beforeend:#log-entries"):
            out["log"] = html[el.start : el.end]
    text.append(html[last:].strip())
    if "".join(text):
        out["text"] = "".join(text)
    return out


def _top_level(html: str) -> list[str]:
    """The ids of an answer's top-level elements, in order (``log`` for the new log lines)."""
    names = []
    for el in elements(html):
        if el.depth == 0:
            names.append(el.attrs.get("id") or ("log" if el.attrs.get("hx-swap-oob", "").startswith("beforeend") else "?"))
    return names


class DataShowingPresenter(ToyPartsPresenter):
    """For the toy game: every log line shows all the event data it is given, so that the log check
    sees exactly what the redaction lets through (the base presenter would print the kind only). Its
    board is made of parts (tests/support/toyparts.py): the out-of-band parts are checked too."""

    def event_text(self, rules: Any, kind: str, data: Any) -> str:
        return f"{kind} {json.dumps(dict(data), sort_keys=True)}"


@contextmanager
def toy_presenter():
    import games.presenters as presenters

    before = dict(presenters._PRESENTERS)
    presenters.register_presenter("toy", DataShowingPresenter)
    try:
        yield
    finally:
        presenters._PRESENTERS.clear()
        presenters._PRESENTERS.update(before)
        presenters.presenter_for.cache_clear()


class Viewer:
    def __init__(self, user: Any, seat: int | None) -> None:
        self.user = user
        self.seat = seat
        self.client = Client()
        self.client.force_login(user)

    @property
    def name(self) -> str:
        return "spectator" if self.seat is None else f"seat {self.seat}"


def collect(table_id: int, viewer: Viewer) -> dict[str, str]:
    """Everything this viewer can receive about the table now. Leaves the database as it found it."""
    out: dict[str, str] = {}
    with _rolled_back():
        from games.notifications import notifications_send_pending

        mail.outbox = []  # first: opening the page marks this seat's notifications read
        notifications_send_pending()
        out["email"] = "\n====\n".join(f"{m.subject}\n{m.body}" for m in mail.outbox if viewer.user.email in m.to)
        c = viewer.client
        base = f"/tables/{table_id}/"
        out["page"] = c.get(base).content.decode()
        out["fragments"] = c.get(base + "fragments/").content.decode()
        out["log"] = c.get(base + "log/?after=0").content.decode()
        out["lobby"] = c.get("/").content.decode()
        out["websocket"] = "\n----\n".join(async_to_sync(_ws_frames)(table_id, viewer.user))
        if viewer.seat is not None:
            since = Seat.objects.get(table_id=table_id, user=viewer.user).decision_since
            r = c.post(base + "command/", {"kind": "bid", "args": "{}", "version": -1,
                                           "idempotency_key": str(uuid.uuid4())}, HTTP_HX_REQUEST="true")
            out["stale_post"] = f"{r.status_code} {r.content.decode()}"
            r = c.post(base + "command/", {"kind": "no_such_move", "args": '{"x": 1}', "version": since,
                                           "idempotency_key": str(uuid.uuid4())}, HTTP_HX_REQUEST="true")
            out["refused_post"] = f"{r.status_code} {r.content.decode()}"
    return {k: normalise(v) for k, v in out.items()}


def _scramble(value: Any, rng: Rng) -> dict[str, Any]:
    return {str(k): f"scrambled-{rng.next_u32():08x}" for k in (value or {"x": 0})}


def rerandomise_world(table_id: int, seat: int | None, rng: Rng) -> None:
    """Replace, in the database, everything ``seat`` may not know (see the module docstring)."""
    table = Table.objects.get(pk=table_id)
    rules = registry.get(table.game)
    state = rules.load(table.state)
    other = presenter_for(table.game).rerandomise(rules, state, seat, rng)
    updates: dict[str, Any] = {
        "state": rules.dump(other),
        "seed": rng.next_u32() << 20 | rng.next_u32(),
        "rng_state": Rng.from_seed(rng.next_u32()).dump(),
    }
    if seat is None or not table.is_private:
        updates["invite_token"] = uuid.UUID(int=rng.next_u32() << 96 | rng.next_u32()).hex
    Table.objects.filter(pk=table_id).update(**updates)
    old_zones = {z.name: z for z in rules.zones(state)}
    new_zones = {z.name: z for z in rules.zones(other)}
    assert old_zones.keys() == new_zones.keys(), "rerandomise changed the set of piles (public)"
    for name, z in new_zones.items():
        o = old_zones[name]
        assert (o.owner, o.visibility, o.seen_by, len(o.cards)) == (z.owner, z.visibility, z.seen_by, len(z.cards))
        if z.cards != o.cards:
            Deck.objects.filter(table_id=table_id, name=name).update(cards=list(z.cards))
    for ev in Event.objects.filter(table_id=table_id, visible_to__isnull=False):
        if seat is None or seat not in ev.visible_to:
            Event.objects.filter(pk=ev.pk).update(data=_scramble(ev.data, rng))
    # The world was rewritten under the same version, which the site itself never does: renders kept
    # for this version (games/rendering.py) describe the old world, so collect afresh.
    caches["fragments"].clear()
    SNAPSHOTS.clear()
    for cmd in Command.objects.filter(table_id=table_id).exclude(seat=-2 if seat is None else seat):
        Command.objects.filter(pk=cmd.pk).update(args=_scramble(cmd.args, rng))
    StateVersion.objects.filter(table_id=table_id).update(
        state={"scrambled": rng.next_u32()}, rng_state=Rng.from_seed(rng.next_u32()).dump()
    )


def load_position(table_id: int, state: Any, seed: int) -> int:
    """Put an engine state on a started table as its next version, as a command would (deck rows, seat
    decisions, the result of a finished game): the table's new version. Tests only: the position need
    not follow from the table's command log."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table_id)
        seats = list(table.seats.select_related("user").order_by("position"))
        rules = registry.get(table.game)
        old = rules.load(table.state)
        table.version += 1
        services._persist(table=table, rules=rules, old_state=old, state=state, rng=Rng.from_seed(seed),
                          events=[], seats=seats, acting_seat=None)
        return int(table.version)


class LeakCheck:
    """One playout of one game, checked at the states ``check(index)`` selects; from the opening, or from
    ``start`` (an engine state of that game for ``num_players``)."""

    def __init__(self, *, game: str, seed: int, num_players: int, users: list[Any], spectator: Any,
                 options: dict[str, Any] | None = None, check_every: int = 1, max_commands: int = 5000,
                 start: Any = None) -> None:
        self.game, self.seed, self.num_players = game, seed, num_players
        self.start = start
        self.rules = registry.get(game)
        self.users, self.spectator = users[:num_players], spectator
        self.options = options or {}
        self.check_every = check_every
        self.max_commands = max_commands
        self.stats = Stats(playouts=1)
        self.bot = Rng.from_seed(seed ^ 0xB07)

    def run(self) -> Stats:
        creator, *others = self.users
        table = services.table_create(user=creator, game=self.game, num_players=self.num_players, options=self.options)
        Table.objects.filter(pk=table.pk).update(seed=self.seed)
        for u in others:
            services.seat_take(table_id=table.pk, user=u)
        services.table_start(table_id=table.pk, user=creator)
        if self.start is not None:
            load_position(table.pk, self.start, self.seed)
        self.table_id = table.pk
        self.viewers = [Viewer(u, i) for i, u in enumerate(self.users)] + [Viewer(self.spectator, None)]
        with in_test_transaction(), toy_presenter():
            self._check_state(0)
            if Table.objects.get(pk=self.table_id).status != Table.Status.ACTIVE:  # a finished position
                return self.stats
            for index in range(1, self.max_commands + 1):
                done = self._step(through_http=index % self.check_every == 0)
                if done or index % self.check_every == 0:
                    self._check_state(index)
                if done:
                    break
        return self.stats

    def _step(self, through_http: bool = True) -> bool:
        """One command (an automatic step, or a random legal move by its seat); True when over.

        A move before a checked state is posted through the view (its answer is checked); the others go
        straight to the service, which is what the view calls."""
        table = Table.objects.get(pk=self.table_id)
        if table.status != Table.Status.ACTIVE:
            return True
        if table.auto_step_since is not None:
            services.automatic_step_apply(table_id=table.pk, expected_version=table.version)
        else:
            state = self.rules.load(table.state)
            seats = sorted(self.rules.seats_to_act(state))
            seat = seats[self.bot.below(len(seats))]
            legal = list(self.rules.legal_commands(state, seat))
            if not legal:  # a game that cannot go on (the toy game can run out of cards): stop here
                self.stats.stuck += 1
                return True
            command = legal[self.bot.below(len(legal))]
            viewer = self.viewers[seat]
            since = Seat.objects.get(table_id=table.pk, position=seat).decision_since
            if not through_http:
                services.command_submit(table_id=table.pk, user=viewer.user, kind=command.kind, args=command.args,
                                        expected_version=since, idempotency_key=uuid.uuid4())
                table.refresh_from_db()
                return table.status != Table.Status.ACTIVE
            fields = {"kind": command.kind, "args": json.dumps(dict(command.args)), "version": str(since),
                      "idempotency_key": str(uuid.uuid4())}
            if self.stats.surfaces["ws_command"] < self.stats.surfaces["command"]:
                self._ws_move(table, viewer, fields)
                table.refresh_from_db()
                return table.status != Table.Status.ACTIVE
            if self.stats.surfaces["ws_push"] < self.stats.surfaces["command"]:
                self._ws_push(table, viewer, command.kind, dict(command.args), since)
                table.refresh_from_db()
                return table.status != Table.Status.ACTIVE
            answer = viewer.client.post(
                f"/tables/{table.pk}/command/",
                {"kind": command.kind, "args": json.dumps(dict(command.args)), "version": since,
                 "idempotency_key": str(uuid.uuid4())},
                HTTP_HX_REQUEST="true",
            )
            assert answer.status_code == 200, answer.content.decode()[:500]
            fresh = viewer.client.get(f"/tables/{table.pk}/fragments/").content.decode()
            self.stats.comparisons += 1
            self.stats.surfaces["command"] += 1
            if normalise(answer.content.decode()) != normalise(fresh):
                self._leak(table.version + 1, viewer, "command", _diff(fresh, answer.content.decode()))
        table.refresh_from_db()
        return table.status != Table.Status.ACTIVE

    def _ws_move(self, table: Table, viewer: Viewer, fields: dict[str, str]) -> None:
        """The move sent over the mover's open table socket (issue 12): its answer is what changed of that
        seat's view and the log lines after the ones the socket showed, so each fragment in it must be the
        one the fragments endpoint gives right after, and its log lines those the log endpoint gives after
        the same line: nothing the checked surfaces do not carry."""
        answer, after_id = async_to_sync(_ws_move)(table.pk, viewer.user, fields)
        assert 'id="table-error"' not in answer, answer[:500]
        base = f"/tables/{table.pk}/"
        fresh = _chunks(viewer.client.get(base + "fragments/").content.decode())
        fresh |= _chunks(viewer.client.get(f"{base}log/?after={after_id}").content.decode())
        sent = {name: chunk for name, chunk in _chunks(answer).items() if name in {*_top_level(answer), "text"}}
        expected = "\n".join(fresh.get(name, "") for name in sent)
        self.stats.comparisons += 1
        self.stats.surfaces["ws_command"] += 1
        if normalise("\n".join(sent.values())) != normalise(expected):
            self._leak(table.version + 1, viewer, "ws_command", _diff(expected, "\n".join(sent.values())))

    def _ws_push(self, table: Table, mover: Viewer, kind: str, args: dict[str, Any], since: int) -> None:
        """A move made while every viewer's page is open on the version before it (issue 12): each socket
        pushes what changed of its viewer's view, fragments or a board's parts, out of band. Each element
        pushed must be the one with its id in the fresh fragments that viewer gets right after (checked
        against the re-randomised world as ``fragments``): a pushed part carries nothing else."""

        def move() -> int:
            services.command_submit(table_id=table.pk, user=mover.user, kind=kind, args=args,
                                    expected_version=since, idempotency_key=uuid.uuid4())
            return Table.objects.get(pk=table.pk).version

        pushes = async_to_sync(_ws_pushes)(table.pk, [v.user for v in self.viewers], table.version, move)
        version = Table.objects.get(pk=table.pk).version
        for viewer, pushed in zip(self.viewers, pushes, strict=True):
            fresh = _chunks(viewer.client.get(f"/tables/{table.pk}/fragments/").content.decode())
            sent = _chunks(pushed)
            names = [n for n in _top_level(pushed) if n not in ("log", "waiting-badge")]
            names += ["text"] if "text" in sent else []  # anything between the elements
            if "?" in names:
                self._leak(version, viewer, "ws_push", f"an element without an id was pushed:\n{pushed[:500]}")
            got = "\n".join(sent.get(n, "") for n in names)
            expected = "\n".join(fresh.get(n, "") for n in names)
            self.stats.comparisons += 1
            self.stats.surfaces["ws_push"] += 1
            if normalise(got) != normalise(expected):
                self._leak(version, viewer, "ws_push", _diff(expected, got))

    def _check_public_parts(self, version: int) -> None:
        """A part marked public is the spectator's part with the same id (its data equal): it never
        carries a seat's private view, and may be shared between every viewer and server."""
        spectator = _board_parts(self.table_id, self.spectator)
        for viewer in self.viewers:
            parts = _board_parts(self.table_id, viewer.user)
            for part in (parts or {}).values():
                if not part.public:
                    continue
                self.stats.comparisons += 1
                self.stats.surfaces["public_part"] += 1
                theirs = (spectator or {}).get(part.id)
                if theirs is None or not theirs.public or theirs.data != part.data:
                    self._leak(version, viewer, "public_part", _diff(repr(theirs and theirs.data), repr(part.data)))

    def _leak(self, version: int, viewer: Viewer, surface: str, diff: str) -> None:
        self.stats.leaks.append(Leak(self.game, self.seed, version, viewer.name, surface, diff))

    def _check_state(self, index: int) -> None:
        self.stats.states += 1
        version = Table.objects.get(pk=self.table_id).version
        self._check_public_parts(version)
        for viewer in self.viewers:
            stored = collect(self.table_id, viewer)
            with _rolled_back():
                rerandomise_world(self.table_id, viewer.seat, Rng.from_seed(self.seed * 1_000_003 + index * 17 + 1 + (viewer.seat or 9)))
                other = collect(self.table_id, viewer)
            for surface, text in stored.items():
                self.stats.comparisons += 1
                self.stats.surfaces[surface] += 1
                if other[surface] != text:
                    self._leak(version, viewer, surface, _diff(text, other[surface]))
