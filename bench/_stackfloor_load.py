"""The stack ceiling: the site's load shape against an app made only of the mandated stack (bench/stackfloor/).

Daphne (the site's command-line flags) serves a plain sync Django view, ``POST /move/<table>/``, that
INCRs a Redis counter (the table's "version") and ``group_send``s ``table.updated`` to the table's group
through channels_redis, as ``games/broadcast.py`` does; each of the table's 4 websockets (an
``AsyncWebsocketConsumer``) answers the group message with one fixed ~2 KB text frame. No game, no
database, no rendering: what is left is the cost of the stack itself, the ceiling of any site built on it.
The ``ws`` variants send the move as one frame over the mover's own websocket instead (the site's
``ws-send`` path): its consumer INCRs and ``group_send``s, and the mover's answer is its own push.

The client is ``_load.py``'s, cut down: asyncio + httpx + websockets, 127.0.0.1 only. A move's latency
runs from sending its POST to the moment all 4 of its table's websockets have a frame at (or past) the
version the POST answer shows. Phases: open loop at the offered rate (a move offered while every table
is busy is skipped), then closed loop (each table posts again as soon as its last move reached its 4
sockets). CPU per move: Daphne's and Redis's (``/proc/<pid>/stat``) and the load generator's own.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import httpx
from _common import ROOT, TICK, cpu_seconds, offer_open_loop, pct
from websockets.asyncio.client import ClientConnection, connect

from tests.live.harness import free_port

VERSION_RE = re.compile(r'data-version="(\d+)"')
TIMEOUT = 10.0

class Variant(NamedTuple):
    middleware: str  # the app's MIDDLEWARE: none, or the site's
    hop: bool  # one sync_to_async hop in each consumer before its send
    label: str
    socket: bool = False  # the move over the mover's open websocket instead of an HTTP POST
    layer: str = "core"  # channels_redis's layer: core (the site's default) or pubsub


#: Cumulative up to ``mw``: each adds one cost of the site's HTTP path. ``ws`` and ``ws-pubsub``: the move
#: over the socket (issue 12's path), with the site's channel layer and with channels_redis's pub/sub one.
VARIANTS: dict[str, Variant] = {
    "bare": Variant("none", False, "no middleware, the consumer sends at once"),
    "hop": Variant("none", True, "+ one sync_to_async(thread_sensitive=False) hop in the consumer before its send"),
    "mw": Variant(
        "site",
        True,
        "+ the site's middleware minus the database ones (Security, WhiteNoise, Locale,"
        " Common, CSRF on an exempt view, XFrame, Htmx)",
    ),
    "ws": Variant(
        "none", True, "the move sent over the mover's open websocket: one hop runs it (the counter's INCR),"
        " group_send, each seat's consumer sends after one hop (its answer, for the mover)", socket=True,
    ),
    "ws-pubsub": Variant("none", True, "as ws, on channels_redis's pub/sub layer (RedisPubSubChannelLayer)",
                         socket=True, layer="pubsub"),
}


class StackApp:
    """``servers`` Daphnes serving bench/stackfloor (same flags as the site's, see tests/live/harness)."""

    def __init__(self, redis_url: str, log_dir: Path, middleware: str, layer: str = "core") -> None:
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
        self.env.update(
            {
                "DJANGO_SETTINGS_MODULE": "stackfloor.settings",
                "REDIS_URL": redis_url,
                "STACKFLOOR_MIDDLEWARE": middleware,
                "STACKFLOOR_LAYER": layer,
                "PYTHONPATH": str(ROOT / "bench"),
            }
        )
        self.log_dir = log_dir
        self.middleware = middleware
        self.name = f"{middleware}-{layer}"
        self.procs: list[subprocess.Popen[bytes]] = []
        self.ports: list[int] = []

    def start(self, servers: int) -> None:
        for i in range(servers):
            port = free_port()
            log = open(self.log_dir / f"stack-{self.name}-web{i}.log", "ab")  # noqa: SIM115 - the process keeps it
            self.procs.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "daphne",
                        "-b",
                        "127.0.0.1",
                        "-p",
                        str(port),
                        "stackfloor.asgi:application",
                    ],
                    cwd=ROOT / "bench",
                    env=self.env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
            self.ports.append(port)
        for port, proc in zip(self.ports, self.procs, strict=True):
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(f"http://127.0.0.1:{port}/", timeout=2)  # 404: it answers
                    break
                except httpx.HTTPError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(
                            f"stack app on port {port} did not start; see {self.log_dir}"
                        ) from None
                    time.sleep(0.2)

    def stop(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)

    def errors(self) -> list[str]:
        out = []
        for path in sorted(self.log_dir.glob(f"stack-{self.name}-web*.log")):
            out += [
                line
                for line in path.read_text(errors="replace").splitlines()
                if ("Error" in line or "Exception" in line or "failed" in line)
                and not line.startswith((" ", "\t"))
            ]
        return out


@dataclass
class Seat:
    ws: ClientConnection
    version: int = -1
    frames: int = 0
    waiters: list[tuple[int, asyncio.Future[float]]] = field(default_factory=list)

    def take(self, version: int, now: float) -> None:
        if version <= self.version:
            return
        self.version = version
        still = []
        for wanted, fut in self.waiters:
            if wanted <= version:
                if not fut.done():
                    fut.set_result(now)
            else:
                still.append((wanted, fut))
        self.waiters = still

    def reached(self, version: int) -> asyncio.Future[float]:
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        if self.version >= version:
            fut.set_result(time.perf_counter())
        else:
            self.waiters.append((version, fut))
        return fut


@dataclass
class Table:
    table_id: int
    port: int
    seats: list[Seat] = field(default_factory=list)
    busy: bool = False
    version: int = 0  # the last version every seat reached (the socket path's next move is one above)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    post_latencies: list[float] = field(default_factory=list)
    status: dict[int, int] = field(default_factory=dict)
    lost: int = 0
    offered: int = 0
    skipped: int = 0
    errors: list[str] = field(default_factory=list)
    last_done: float = 0.0  # when the last move reached its 4 websockets

    def summary(self, elapsed: float) -> dict[str, Any]:
        ms = [x * 1000 for x in self.latencies]
        post = [x * 1000 for x in self.post_latencies]
        return {
            "moves": len(ms),
            "elapsed": elapsed,
            "rate": len(ms) / elapsed if elapsed else 0.0,
            "p50": pct(ms, 0.5),
            "p95": pct(ms, 0.95),
            "p99": pct(ms, 0.99),
            "post_p50": pct(post, 0.5),
            "post_p95": pct(post, 0.95),
            "post_p99": pct(post, 0.99),
            "status": dict(sorted(self.status.items())),
            "lost": self.lost,
            "offered": self.offered,
            "skipped": self.skipped,
            "errors": self.errors[:5],
        }


class StackDriver:
    """``tables`` tables x ``seats`` websockets, tables spread round-robin over ``ports``."""

    def __init__(self, tables: int, ports: list[int], first_table: int, hop: bool, seats: int = 4,
                 socket: bool = False) -> None:
        self.tables = [Table(first_table + i, ports[i % len(ports)]) for i in range(tables)]
        self.seats_per_table = seats
        self.suffix = "move/" if socket else "hop/" if hop else ""
        self.socket = socket
        self.http: dict[int, httpx.AsyncClient] = {}  # by table
        self.readers: list[asyncio.Task[None]] = []
        self.errors: list[str] = []

    async def open(self, concurrency: int = 20) -> None:
        # One client (one keep-alive connection) per table: a table has one move in flight at a time, and
        # httpx's pool scans every connection and queued request of a client on each request, which made
        # one client shared by 100 tables cost the load generator several ms per move at saturation.
        for t in self.tables:
            self.http[t.table_id] = httpx.AsyncClient(base_url=f"http://127.0.0.1:{t.port}", timeout=30)
        gate = asyncio.Semaphore(concurrency)

        async def open_seat(table: Table) -> None:
            async with gate:
                ws = await connect(
                    f"ws://127.0.0.1:{table.port}/ws/table/{table.table_id}/{self.suffix}",
                    open_timeout=60,
                    max_size=None,
                    ping_interval=None,
                )
                first = await asyncio.wait_for(ws.recv(), 60)  # sent once the consumer is in the group
            seat = Seat(ws)
            seat.take(_version(first), time.perf_counter())
            table.seats.append(seat)
            self.readers.append(asyncio.create_task(self._read(seat)))

        await asyncio.gather(*[open_seat(t) for t in self.tables for _ in range(self.seats_per_table)])

    async def _read(self, seat: Seat) -> None:
        try:
            async for frame in seat.ws:
                seat.frames += 1
                seat.take(_version(frame), time.perf_counter())
        except Exception as exc:  # noqa: BLE001 - a dropped socket is reported, not raised
            self.errors.append(f"websocket: {exc!r}")

    async def close(self) -> None:
        for t in self.tables:
            for s in t.seats:
                await s.ws.close()
        for task in self.readers:
            task.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)
        for client in self.http.values():
            await client.aclose()

    async def move(self, table: Table, stats: Stats | None) -> None:
        if self.socket:
            return await self.move_over_socket(table, stats)
        table.busy = True
        try:
            started = time.perf_counter()
            response = await self.http[table.table_id].post(f"/move/{table.table_id}/")
            answered = time.perf_counter()
            if stats is not None:
                stats.status[response.status_code] = stats.status.get(response.status_code, 0) + 1
            if response.status_code != 200:
                if stats is not None and len(stats.errors) < 20:
                    stats.errors.append(f"{response.status_code}: {response.text[:200]}")
                return
            version = _version(response.text)
            try:
                done = await asyncio.wait_for(
                    asyncio.gather(*[s.reached(version) for s in table.seats]), TIMEOUT
                )
            except TimeoutError:
                if stats is not None:
                    stats.lost += 1
                return
            if stats is not None:
                stats.latencies.append(max(done) - started)
                stats.post_latencies.append(answered - started)
                stats.last_done = time.perf_counter()
        except Exception as exc:  # noqa: BLE001
            if stats is not None:
                stats.errors.append(f"move on table {table.table_id}: {exc!r}")
        finally:
            table.busy = False

    async def move_over_socket(self, table: Table, stats: Stats | None) -> None:
        """The move as one frame over the first seat's socket; done when every seat (the mover's own
        socket brings its answer) shows the next version. Counted as status 200 for the CPU per move."""
        table.busy = True
        try:
            started = time.perf_counter()
            wanted = table.version + 1
            await table.seats[0].ws.send("move")
            try:
                done = await asyncio.wait_for(asyncio.gather(*[s.reached(wanted) for s in table.seats]), TIMEOUT)
            except TimeoutError:
                if stats is not None:
                    stats.lost += 1
                table.version = max(s.version for s in table.seats)
                return
            table.version = wanted
            if stats is not None:
                stats.status[200] = stats.status.get(200, 0) + 1
                stats.latencies.append(max(done) - started)
                stats.post_latencies.append(done[0] - started)
                stats.last_done = time.perf_counter()
        except Exception as exc:  # noqa: BLE001
            if stats is not None:
                stats.errors.append(f"move on table {table.table_id}: {exc!r}")
        finally:
            table.busy = False

    async def offered(self, rate: float, seconds: float, record: bool = True) -> dict[str, Any]:
        """Open loop: ``rate`` moves per second, each to the next table not busy (none: skipped)."""
        stats = Stats() if record else None
        offered, skipped, elapsed = await offer_open_loop(
            self.tables, rate, seconds, free=lambda t: not t.busy, start=lambda t: self.move(t, stats), timeout=TIMEOUT + 5
        )
        if stats is None:
            return {}
        stats.offered, stats.skipped = offered, skipped
        return stats.summary(seconds) | {"elapsed": elapsed}

    async def saturate(self, seconds: float) -> dict[str, Any]:
        """Closed loop: every table posts again as soon as its last move reached its 4 websockets."""
        stats = Stats()
        started = time.perf_counter()
        deadline = started + seconds

        async def loop(table: Table) -> None:
            while time.perf_counter() < deadline:
                await self.move(table, stats)

        await asyncio.gather(*[loop(t) for t in self.tables])
        # Up to the last move that arrived: a lost move's 10 s wait past the end is no part of the phase.
        return stats.summary(max(seconds, stats.last_done - started))


def _version(text: str | bytes) -> int:
    if isinstance(text, bytes):
        text = text.decode()
    match = VERSION_RE.search(text, 0, 200)
    return int(match.group(1)) if match else -1


class CpuMeter:
    def __init__(self, daphne_pids: list[int], redis_pid: int | None) -> None:
        self.daphne_pids = daphne_pids
        self.redis_pid = redis_pid

    def snapshot(self) -> dict[str, float]:
        out = {f"daphne{i}": cpu_seconds(pid) for i, pid in enumerate(self.daphne_pids)}
        if self.redis_pid is not None:
            out["redis"] = cpu_seconds(self.redis_pid)
        out["bench"] = sum(os.times()[:2])
        out["machine"] = machine_busy_seconds()
        out["clock"] = time.perf_counter()
        return out

    @staticmethod
    def per_move(before: dict[str, float], after: dict[str, float], moves: int) -> dict[str, float]:
        """CPU ms per move: daphne (all servers), redis, bench (the load generator)."""
        out = {
            "daphne": sum(after[k] - before[k] for k in before if k.startswith("daphne"))
            * 1000
            / max(1, moves)
        }
        out |= {k: (after[k] - before[k]) * 1000 / max(1, moves) for k in ("redis", "bench") if k in before}
        return out

    @staticmethod
    def cores(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
        """Cores busy on average over the phase: each Daphne, Redis, the load generator, the whole machine
        (everyone's processes: what was left for ours)."""
        elapsed = after["clock"] - before["clock"]
        return {k: (after[k] - before[k]) / elapsed for k in before if k != "clock"}


def machine_busy_seconds() -> float:
    """CPU seconds every core of the machine spent not idle (all processes, everyone's), from /proc/stat."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError, IndexError):
        return 0.0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / TICK


async def drive(
    app: StackApp,
    count: int,
    variant: Variant,
    tables: int,
    rate: float,
    seconds: float,
    first_table: int,
    redis_pid: int | None,
) -> dict[str, Any]:
    driver = StackDriver(tables, app.ports[:count], first_table, variant.hop, socket=variant.socket)
    meter = CpuMeter([p.pid for p in app.procs[:count]], redis_pid)
    t0 = time.perf_counter()
    await driver.open()
    opened = time.perf_counter() - t0
    await driver.offered(min(rate, 20.0), min(3.0, seconds / 4), record=False)  # warm-up
    c0 = meter.snapshot()
    offered = await driver.offered(rate, seconds) if rate else None
    c1 = meter.snapshot()
    if offered is not None:
        offered["cpu"] = meter.per_move(c0, c1, offered["status"].get(200, 0))
        offered["cores"] = meter.cores(c0, c1)
    saturated = await driver.saturate(seconds)
    c2 = meter.snapshot()
    saturated["cpu"] = meter.per_move(c1, c2, saturated["status"].get(200, 0))
    saturated["cores"] = meter.cores(c1, c2)
    frames = sum(s.frames for t in driver.tables for s in t.seats)
    await driver.close()
    return {
        "open_seconds": opened,
        "offered": offered,
        "saturated": saturated,
        "frames": frames,
        "errors": driver.errors[:5],
    }


def run_stack(
    *,
    tables: int,
    server_counts: list[int],
    rate: float,
    seconds: float,
    variants: list[str],
    redis_url: str,
    redis_pid: int | None,
    log_dir: Path,
    report: Any = None,
) -> dict[str, dict[str, Any]]:
    """Every variant at every server count; ``report(key, result)`` is called as each one ends."""
    results: dict[str, dict[str, Any]] = {}
    first_table = 1
    by_app: dict[tuple[str, str], list[str]] = {}
    for name in variants:
        by_app.setdefault((VARIANTS[name].middleware, VARIANTS[name].layer), []).append(name)
    for (middleware, layer), names in by_app.items():
        app = StackApp(redis_url, log_dir, middleware, layer)
        try:
            app.start(max(server_counts))
            for name in names:
                for count in server_counts:
                    r = asyncio.run(
                        drive(app, count, VARIANTS[name], tables, rate, seconds, first_table, redis_pid)
                    )
                    first_table += tables  # fresh groups for every measurement
                    results[f"{name}/{count}"] = r
                    if report is not None:
                        report(f"{name}/{count}", r)
        finally:
            app.stop()
            errors = app.errors()
            if errors:
                print(f"  stack app ({app.name}) logs: {len(errors)} error lines, e.g. {errors[-1][:300]}")
    return results
