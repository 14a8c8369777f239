"""The load generator of the server benchmarks: asyncio + httpx.AsyncClient + websockets, 127.0.0.1 only.

Every seat of every table is a signed-in player with a websocket open on its table. Moves are the
forms of the page: each seat keeps the command forms (kind, args, version, idempotency key) of the
fragments it was last sent (over its websocket, or in its own POST answer) and posts one of them, as
htmx would. A move's latency is the time from sending its POST to the moment every *other* seat's
websocket has received a view at (or past) the version the POST answer shows.

``Driver(via_socket=True)``: each move is sent as the page sends it while its socket is open (issue 12:
the form's fields as one JSON frame over the mover's own websocket, ``ws-send``), and its answer is the
next frame on that socket with the table's status or a refusal in it.
"""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from _common import offer_open_loop, pct
from _site import TableSpec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidMessage

VERSION_RE = re.compile(r'id="frag-status"[^>]*data-version="(\d+)"')
SECTION_RE = re.compile(r'(?=<section id="frag-)')
NAME_RE = re.compile(r'<section id="frag-([a-z_]+)"')
FORM_RE = re.compile(
    r'name="kind" value="([^"]+)">\s*<input type="hidden" name="args" value="([^"]*)">\s*'
    r'<input type="hidden" name="version" value="(\d+)">\s*<input type="hidden" name="idempotency_key" value="([^"]+)">'
)
TIMEOUT = 10.0


#: Where an element swapped out of band starts in a frame (``games.parts.out_of_band`` puts the attribute
#: right after the tag's name), and its id.
OOB_RE = re.compile(r'<([a-zA-Z][a-zA-Z0-9-]*) hx-swap-oob="true"[^>]*?\bid="([^"]+)"')


def parse_view(text: str) -> tuple[int | None, dict[str, str]]:
    """The version a frame (or POST answer) shows, and the raw HTML of the fragments that can carry
    command forms (parsed only when the seat is about to move: ``parse_forms``)."""
    match = VERSION_RE.search(text)
    version = int(match.group(1)) if match else None
    pieces: dict[str, str] = {}
    if 'id="frag-board"' in text or 'id="frag-decision"' in text:
        for piece in SECTION_RE.split(text):
            name = NAME_RE.match(piece)
            if name and name.group(1) in ("board", "decision"):
                pieces[name.group(1)] = piece
    return version, pieces


def part_swaps(text: str) -> dict[str, str]:
    """The board's parts a frame swaps in by id (a push or an answer sends only the parts that changed),
    each as the page will hold it (without its ``hx-swap-oob``)."""
    if 'hx-swap-oob="true"' not in text:
        return {}
    out: dict[str, str] = {}
    for found in OOB_RE.finditer(text):
        tag, part_id = found.group(1), found.group(2)
        if part_id.startswith(("frag-", "table-error", "waiting-badge", "log-")):
            continue
        end = element_end(text, found.start(), tag)
        if end is not None:
            out[part_id] = text[found.start():end].replace(' hx-swap-oob="true"', "", 1)
    return out


_TAGS: dict[str, re.Pattern[str]] = {}


def element_end(html_text: str, start: int, tag: str) -> int | None:
    """Where the element of ``tag`` opening at ``start`` ends (its matching close tag), or None."""
    pattern = _TAGS.get(tag) or _TAGS.setdefault(tag, re.compile(rf"<(/?){tag}\b[^>]*>"))
    depth = 0
    for found in pattern.finditer(html_text, start):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return found.end()
    return None


def swap_part(board: str, part_id: str, part_html: str) -> str | None:
    """``board`` with the element of id ``part_id`` replaced by ``part_html``, as htmx swaps it; None
    when the board has no such element."""
    at = board.find(f' id="{part_id}"')
    start = board.rfind("<", 0, at) if at >= 0 else -1
    tag = _TAG_NAME.match(board, start + 1) if start >= 0 else None
    if tag is None:
        return None
    end = element_end(board, start, tag.group(0))
    return None if end is None else board[:start] + part_html + board[end:]


_TAG_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9-]*")


def parse_forms(piece: str) -> list[tuple[str, str, str, str]]:
    """The command forms (kind, args, version, idempotency key) of one fragment's HTML."""
    if 'name="kind"' not in piece:
        return []
    return [(k, html.unescape(a), v, key) for k, a, v, key in FORM_RE.findall(piece)]


@dataclass
class SeatClient:
    spec: Any
    table: TableClient
    version: int = -1
    forms_version: int = -1
    #: The raw HTML of the fragments that carry forms, as last received, and their parsed forms (parsed
    #: lazily: the load generator must stay cheap next to the site it measures).
    pieces: dict[str, str] = field(default_factory=dict)
    parsed: dict[str, list[tuple[str, str, str, str]]] = field(default_factory=dict)
    waiters: list[tuple[int, asyncio.Future[float]]] = field(default_factory=list)
    ws: ClientConnection | None = None
    frames: int = 0
    #: A move sent over this socket waits here for its answer (the next frame with a status or refusal).
    answer: asyncio.Future[tuple[str, float]] | None = None

    #: The board's parts received since the board was last put together, by id (``take_view``): swapped
    #: into it only when the seat is about to move (most seats receive many pushes between two moves).
    swaps: dict[str, str] = field(default_factory=dict)

    def _apply_swaps(self) -> None:
        board = self.pieces.get("board")
        if self.swaps and board is not None:
            for part_id, part_html in self.swaps.items():
                board = swap_part(board, part_id, part_html) or board
            self.pieces["board"] = board
            self.parsed.pop("board", None)
        self.swaps.clear()

    @property
    def forms(self) -> dict[str, list[tuple[str, str, str, str]]]:
        self._apply_swaps()
        for name, piece in self.pieces.items():
            if name not in self.parsed:
                self.parsed[name] = parse_forms(piece)
        return self.parsed

    def all_forms(self) -> list[tuple[str, str, str, str]]:
        return [f for forms in self.forms.values() for f in forms]

    def has_forms(self) -> bool:
        """``bool(all_forms())`` without parsing what was not parsed yet."""
        if any('name="kind"' in part for part in self.swaps.values()):
            return True
        return any(bool(self.parsed[name]) if name in self.parsed else 'name="kind"' in piece
                   for name, piece in self.pieces.items())

    def drop_form(self, kind: str, args: str, key: str) -> None:
        for name, forms in self.forms.items():
            self.parsed[name] = [f for f in forms if f[3] != key or f[0] != kind or f[1] != args]

    def take_view(self, text: str, now: float) -> None:
        version, pieces = parse_view(text)
        if version is None:
            version = self.version
        # Only a board whose forms the load generator can post (``FORM_RE``: their version among their
        # fields) needs its parts swapped in: Kemble's board forms take theirs from the board's wrapper.
        board = self.pieces.get("board")
        wanted = 'name="version"' in text or (board is not None and 'name="version"' in board)
        swaps = part_swaps(text) if "board" not in pieces and wanted else {}
        if version >= self.forms_version and (pieces or swaps):
            for name, piece in pieces.items():
                if self.pieces.get(name) != piece:
                    self.pieces[name] = piece
                    self.parsed.pop(name, None)
            # The board's changed parts, to be swapped into the board this seat holds (its forms with
            # them): the load generator's forms are the page's, not those of the last whole board it got.
            if "board" in pieces:
                self.swaps.clear()
            self.swaps.update(swaps)
            self.forms_version = version
        if version > self.version:
            self.version = version
            still = []
            for wanted, fut in self.waiters:
                if wanted <= version:
                    if not fut.done():
                        fut.set_result(now)
                else:
                    still.append((wanted, fut))
            self.waiters = still
        self.table.driver.wake()

    def reached(self, version: int) -> asyncio.Future[float]:
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        if self.version >= version:
            fut.set_result(time.perf_counter())
        else:
            self.waiters.append((version, fut))
        return fut


@dataclass
class TableClient:
    spec: TableSpec
    driver: Driver
    seats: list[SeatClient] = field(default_factory=list)
    busy: bool = False

    def ready(self) -> bool:
        return not self.busy and any(s.has_forms() for s in self.seats)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    post_latencies: list[float] = field(default_factory=list)
    status: dict[int, int] = field(default_factory=dict)
    lost: int = 0
    offered: int = 0
    skipped: int = 0
    errors: list[str] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)

    def summary(self, elapsed: float) -> dict[str, Any]:
        ms = [x * 1000 for x in self.latencies]
        post = [x * 1000 for x in self.post_latencies]
        return {
            "moves": len(ms), "elapsed": elapsed, "rate": len(ms) / elapsed if elapsed else 0.0,
            "p50": pct(ms, .5), "p95": pct(ms, .95), "p99": pct(ms, .99),
            "post_p50": pct(post, .5), "post_p95": pct(post, .95), "post_p99": pct(post, .99),
            "status": dict(sorted(self.status.items())), "lost": self.lost, "offered": self.offered,
            "skipped": self.skipped, "errors": self.errors[:5],
        }


class Driver:
    def __init__(self, specs: list[TableSpec], seed: int = 1, via_socket: bool = False) -> None:
        self.tables = [TableClient(spec, self) for spec in specs]
        self.via_socket = via_socket
        self.random = random.Random(seed)
        #: One HTTP client per table (keep-alive to its server): one client shared by 100 tables cost the
        #: load generator 4-13 ms of CPU per move at saturation in its connection pool, against 1.5-2 ms
        #: (measured with the stack ceiling's clients, bench/_stackfloor_load.py).
        self.http: dict[int, httpx.AsyncClient] = {}
        self.readers: list[asyncio.Task[None]] = []
        self._wake = asyncio.Event()
        self.stats = Stats()
        self.moves_done = 0

    def wake(self) -> None:
        self._wake.set()

    async def open(self, concurrency: int = 20) -> None:
        for t in self.tables:
            self.http[t.spec.table_id] = httpx.AsyncClient(base_url=f"http://127.0.0.1:{t.spec.port}", timeout=30)
        gate = asyncio.Semaphore(concurrency)

        async def open_seat(table: TableClient, spec: Any) -> None:
            seat = SeatClient(spec, table)
            table.seats.append(seat)
            async with gate:
                for attempt in range(3):  # a handshake dropped by a server swamped by others' work: again
                    try:
                        seat.ws = await connect(
                            f"ws://127.0.0.1:{table.spec.port}/ws/tables/{table.spec.table_id}/",
                            additional_headers={"Cookie": spec.cookie}, origin=f"http://127.0.0.1:{table.spec.port}",
                            open_timeout=60, max_size=None, ping_interval=None,
                        )
                        break
                    except (OSError, InvalidMessage):
                        if attempt == 2:
                            raise
                        await asyncio.sleep(1.0)
                first = await asyncio.wait_for(seat.ws.recv(), 60)
            seat.take_view(str(first), time.perf_counter())
            self.readers.append(asyncio.create_task(self._read(seat)))

        await asyncio.gather(*[open_seat(t, s) for t in self.tables for s in t.spec.seats])
        for t in self.tables:
            t.seats.sort(key=lambda s: s.spec.position)

    async def _read(self, seat: SeatClient) -> None:
        assert seat.ws is not None
        try:
            async for frame in seat.ws:
                seat.frames += 1
                text, now = str(frame), time.perf_counter()
                seat.take_view(text, now)
                waiting = seat.answer
                if waiting is not None and not waiting.done() and ('id="frag-status"' in text or 'id="table-error"' in text):
                    waiting.set_result((text, now))
        except Exception as exc:  # noqa: BLE001 - a dropped socket is reported, not raised
            self.stats.errors.append(f"websocket of table {seat.table.spec.table_id}: {exc!r}")

    async def close(self) -> None:
        for t in self.tables:
            for s in t.seats:
                if s.ws is not None:
                    await s.ws.close()
        for task in self.readers:
            task.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)
        for client in self.http.values():
            await client.aclose()

    async def move(self, table: TableClient, stats: Stats | None) -> None:
        table.busy = True
        try:
            seats = [s for s in table.seats if s.all_forms()]
            if not seats:
                return
            seat = self.random.choice(seats)
            kind, args, version, key = self.random.choice(seat.all_forms())
            spec = seat.spec
            started = time.perf_counter()
            fields = {"kind": kind, "args": args, "version": version, "idempotency_key": key}
            if self.via_socket:
                text, answered, status = await self._send_over_socket(seat, fields)
            else:
                response = await self.http[table.spec.table_id].post(
                    f"/tables/{table.spec.table_id}/command/",
                    data=fields,
                    headers={"Cookie": spec.cookie, "X-CSRFToken": spec.csrf, "HX-Request": "true"},
                )
                text, answered, status = response.text, time.perf_counter(), response.status_code
            if stats is not None:
                stats.status[status] = stats.status.get(status, 0) + 1
            if status not in (200, 409):
                if stats is not None and len(stats.errors) < 20:
                    stats.errors.append(f"{status} {kind} {args}: {text[:200]}")
                # Drop the form that failed; the next frame brings fresh ones.
                seat.drop_form(kind, args, key)
                return
            seat.take_view(text, answered)
            if status != 200:
                return
            new_version, _ = parse_view(text)
            if new_version is None:
                return
            others = [s.reached(new_version) for s in table.seats if s is not seat]
            try:
                done = await asyncio.wait_for(asyncio.gather(*others), TIMEOUT)
            except TimeoutError:
                if stats is not None:
                    stats.lost += 1
                return
            self.moves_done += 1
            if stats is not None:
                stats.latencies.append(max(done) - started)
                stats.post_latencies.append(answered - started)
                stats.kinds[kind] = stats.kinds.get(kind, 0) + 1
        except Exception as exc:  # noqa: BLE001
            if stats is not None:
                stats.errors.append(f"move on table {table.spec.table_id}: {exc!r}")
        finally:
            table.busy = False
            self.wake()

    async def _send_over_socket(self, seat: SeatClient, fields: dict[str, str]) -> tuple[str, float, int]:
        """A move as the page sends it over its open socket: its answer, when it came, and the status the
        POST would have answered (200 applied, 409 stale: the refusal with the fresh board, 422 other)."""
        assert seat.ws is not None
        seat.answer = asyncio.get_running_loop().create_future()
        try:
            await seat.ws.send(json.dumps(fields))
            text, answered = await asyncio.wait_for(seat.answer, TIMEOUT)
        finally:
            seat.answer = None
        if 'id="table-error"' not in text:
            return text, answered, 200
        return text, answered, 409 if 'id="frag-status"' in text else 422

    async def offered(self, rate: float, seconds: float, record: bool = True) -> dict[str, Any]:
        """Open loop: ``rate`` moves per second, each to the next ready table (none ready: skipped)."""
        stats = Stats() if record else None
        offered, skipped, elapsed = await offer_open_loop(
            self.tables, rate, seconds, free=TableClient.ready, start=lambda t: self.move(t, stats), timeout=TIMEOUT + 5
        )
        if stats is None:
            return {}
        stats.offered, stats.skipped = offered, skipped
        return stats.summary(seconds) | {"elapsed": elapsed}

    async def saturate(self, seconds: float) -> dict[str, Any]:
        """Closed loop: every table moves again as soon as its last move reached every seat."""
        stats = Stats()
        started = time.perf_counter()
        deadline = started + seconds

        async def loop(table: TableClient) -> None:
            while time.perf_counter() < deadline:
                if table.ready():
                    await self.move(table, stats)
                else:
                    await asyncio.sleep(0.005)

        await asyncio.gather(*[loop(t) for t in self.tables])
        elapsed = time.perf_counter() - started
        return stats.summary(elapsed)

    async def refused_posts(self, seconds: float) -> dict[str, Any]:
        """Closed loop, one client per table: a move POST with no command in it to a table that does not
        exist, which the site refuses (404) after the whole request cycle (session, CSRF, sign-in, move
        rate limit, form parsing, looking the table up) but before any write or render: the floor under
        any move the site could apply."""
        stats = Stats()
        started = time.perf_counter()
        deadline = started + seconds

        async def loop(table: TableClient) -> None:
            spec = table.seats[0].spec
            while time.perf_counter() < deadline:
                t0 = time.perf_counter()
                response = await self.http[table.spec.table_id].post(
                    "/tables/999999999/command/", data={"kind": ""},
                    headers={"Cookie": spec.cookie, "X-CSRFToken": spec.csrf, "HX-Request": "true"},
                )
                stats.status[response.status_code] = stats.status.get(response.status_code, 0) + 1
                stats.latencies.append(time.perf_counter() - t0)

        await asyncio.gather(*[loop(t) for t in self.tables])
        elapsed = time.perf_counter() - started
        return {"requests": sum(stats.status.values()), "rate": sum(stats.status.values()) / elapsed,
                "p50": pct(stats.latencies, 0.5) * 1000, "status": dict(stats.status), "elapsed": elapsed}

    async def closed_moves(self, count: int, record: Stats | None = None) -> None:
        """Closed loop until ``count`` more moves reached every seat (memory benchmark)."""
        target = self.moves_done + count

        async def loop(table: TableClient) -> None:
            while self.moves_done < target:
                if table.ready():
                    await self.move(table, record)
                else:
                    await asyncio.sleep(0.005)

        await asyncio.gather(*[loop(t) for t in self.tables])
