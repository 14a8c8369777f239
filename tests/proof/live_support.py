"""Helpers for the fault tests against the real site (tests/live/harness.py): reading the site's own
database, making tables and users in its environment, forms as a page carries them, and a websocket
client that behaves as the page does (heartbeats with the version shown, reconnects when dropped)."""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
import sqlite3
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.live.harness import SAFETY_CAP, LiveSite, Player

REDIS = bool(os.environ.get("REDIS_URL"))


def sql(site: LiveSite, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Read the live site's database directly (never through its processes)."""
    if site.db_name:
        import psycopg

        with psycopg.connect(site.env["DATABASE_URL"], autocommit=True) as conn:
            return list(conn.execute(query.replace("?", "%s"), params).fetchall())
    conn = sqlite3.connect(f"file:{site.var_dir / 'hyperlane.sqlite3'}?mode=ro", uri=True, timeout=30)
    try:
        return list(conn.execute(query, params).fetchall())
    finally:
        conn.close()


def shell(site: LiveSite, code: str) -> str:
    """Run Python in the site's own environment (``manage.py shell -c``); return what it printed."""
    return site.manage("shell", "-c", code).strip()


def make_users(site: LiveSite, names: list[str]) -> None:
    shell(site, "from accounts.models import User\n" + "".join(
        f"User.objects.filter(username={n!r}).exists() or User.objects.create_user({n!r}, {n + '@example.org'!r}, "
        f"'hyperlane-demo')\n" for n in names))


def toy_table(site: LiveSite, players: list[str], **options: Any) -> int:
    """A started toy table made through the services in the site's environment (for options the lobby
    form does not offer, like ``auto_wait_file``)."""
    out = shell(site, f"""
from accounts.models import User
from games import services
users = [User.objects.get(username=n) for n in {players!r}]
t = services.table_create(user=users[0], game="toy", num_players=len(users), options={options!r})
for u in users[1:]:
    services.seat_take(table_id=t.pk, user=u)
services.table_start(table_id=t.pk, user=users[0])
print(t.pk)
""")
    return int(out.splitlines()[-1])


def table_row(site: LiveSite, table_id: int) -> tuple[int, str, Any]:
    """(version, status, auto_step_since)"""
    return sql(site, "SELECT version, status, auto_step_since FROM games_table WHERE id = ?", (table_id,))[0]


def commands(site: LiveSite, table_id: int, seat: int | None = None) -> list[tuple[int, int, str]]:
    rows = sql(site, "SELECT seq, seat, kind FROM games_command WHERE table_id = ? ORDER BY seq", (table_id,))
    return [r for r in rows if seat is None or r[1] == seat]


def wait_for(predicate: Callable[[], Any], timeout: float, interval: float = 0.2, what: str = "") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout}s for {what or predicate}")
        time.sleep(interval)


@dataclass
class Form:
    kind: str
    args: dict[str, Any]
    version: int
    key: str


_FORM = re.compile(
    r'name="kind" value="([^"]+)">\s*<input type="hidden" name="args" value="([^"]*)">\s*'
    r'<input type="hidden" name="version" value="(\d+)">\s*<input type="hidden" name="idempotency_key" value="([^"]+)"'
)


def forms(page: str) -> list[Form]:
    return [Form(k, json.loads(html.unescape(a)), int(v), key) for k, a, v, key in _FORM.findall(page)]


def post_form(player: Player, table_id: int, form: Form, key: str | None = None) -> Any:
    return player.command(table_id, form.kind, form.args, form.version, key=key or form.key)


def shown_version(text: str) -> int | None:
    found = re.findall(r'id="frag-status"[^>]*data-version="(\d+)"', text)
    return max(int(v) for v in found) if found else None


class LiveView:
    """A table page's websocket as the browser keeps it: it sends ``{"heartbeat": shown}`` every
    ``beat`` seconds, reconnects when the socket drops, and remembers the newest version it was shown."""

    def __init__(self, player: Player, table_id: int, beat: float = 1.0) -> None:
        self.player, self.table_id, self.beat = player, table_id, beat
        self.shown = 0
        self.reconnects = 0
        self.ws: Any = None
        self._connect()

    def _connect(self) -> None:
        self.close()
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(self.player.websocket(self.table_id))
        first = self.ws.recv(timeout=SAFETY_CAP)
        self.shown = max(self.shown, shown_version(first) or 0)

    def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self._stack.close()

    def wait_version(self, version: int, timeout: float) -> float:
        """Wait until the page shows at least ``version``; return the seconds it took."""
        from websockets.exceptions import ConnectionClosed

        started = time.monotonic()
        deadline = started + timeout
        while self.shown < version:
            if time.monotonic() > deadline:
                raise TimeoutError(f"page still shows version {self.shown}, wanted {version}")
            try:
                frame = self.ws.recv(timeout=self.beat)
                self.shown = max(self.shown, shown_version(frame) or 0)
            except TimeoutError:
                with contextlib.suppress(Exception):
                    self.ws.send(json.dumps({"heartbeat": self.shown}))
            except (ConnectionClosed, OSError):
                time.sleep(0.5)  # the htmx ws extension reconnects with a back-off
                with contextlib.suppress(Exception):
                    self._connect()
                    self.reconnects += 1
        return time.monotonic() - started


def race(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls at the same moment (a barrier), each in its own thread; return their results."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int, fn: Callable[[], Any]) -> None:
        barrier.wait()
        results[i] = fn()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def redis_running() -> bool:
    return subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", "6379", "ping"], capture_output=True,
                          text=True).stdout.strip() == "PONG"


def redis_start() -> None:
    if not redis_running():
        subprocess.run(["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--port", "6379",
                        "--save", "", "--appendonly", "no"], check=True, capture_output=True)
    wait_for(redis_running, 20, what="redis to answer")


def redis_restart() -> None:
    subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", "6379", "shutdown", "nosave"], capture_output=True)
    wait_for(lambda: not redis_running(), 10, what="redis to stop")
    redis_start()
