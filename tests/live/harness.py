"""Run the real site (Daphne + Celery worker + beat) in subprocesses, and talk to it as players do.

The site gets a database of its own (a fresh PostgreSQL database when ``DATABASE_URL`` is set, else a
SQLite file) and, with ``REDIS_URL``, its own Redis database number, so the live tests never see the
unit tests' rows. Players are plain HTTP clients with a session cookie, and websocket clients.
"""

from __future__ import annotations

import html
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse, urlunparse

import httpx

ROOT = Path(__file__).resolve().parents[2]
#: Seconds a test waits for an event that must come before it gives up: only a lost event gets there,
#: never a slow one on a busy machine (issue 11 item 19).
SAFETY_CAP = 120.0
DEMO_PASSWORD = "hyperlane-demo"


class RedisDatabases:
    """The Redis database numbers live sites may take, handed out one per running site and taken back
    when it stops. Unit tests use one number per pytest-xdist worker (``config/settings/test.py``); each
    worker takes its live sites' numbers from its own share of the rest, so two workers' sites never
    share (and never empty) one database."""

    FIRST, LAST = 4, 15

    def __init__(self) -> None:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
        count = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1))
        index = int(worker[2:]) if worker[2:].isdigit() else 0
        numbers = list(range(self.FIRST, self.LAST + 1))
        share = max(1, len(numbers) // count)
        self.free = numbers[index * share:(index + 1) * share] or numbers[-1:]
        self.taken: list[int] = []

    def take(self) -> int:
        # The least recently given back first; were every one taken, the oldest taken is shared.
        number = self.free.pop(0) if self.free else self.taken[0]
        self.taken.append(number)
        return number

    def give_back(self, number: int) -> None:
        if number in self.taken:
            self.taken.remove(number)
            if number not in self.taken:
                self.free.append(number)


REDIS_DBS = RedisDatabases()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _with_path(url: str, path: str) -> str:
    parts = urlparse(url)
    return urlunparse(parts._replace(path=path))


@dataclass
class LiveSite:
    env: dict[str, str]
    var_dir: Path
    ports: list[int] = field(default_factory=list)
    procs: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    db_name: str | None = None
    redis_db: int | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.ports[0]}"

    # --- lifecycle ------------------------------------------------------------------------------
    @classmethod
    def create(cls, var_dir: Path, *, servers: int = 1, extra_env: dict[str, str] | None = None) -> LiveSite:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_SETTINGS"))}
        env.update(
            {
                "DJANGO_SETTINGS_MODULE": "config.settings.base",
                "DJANGO_SECRET_KEY": "live-test-secret-" + "k" * 40,
                "HYPERLANE_VAR_DIR": str(var_dir),
                "HYPERLANE_EXTRA_GAMES": "tests.support.toygame.TOY",
                "HYPERLANE_MOVE_RATE_PER_MINUTE": "1000000",
                "HYPERLANE_LOGIN_RATE": "1000/m/ip",
                "HYPERLANE_AUTO_STEP_RESEND_AFTER": "5",
                "HYPERLANE_HEARTBEAT_SECONDS": "2",
                "PYTHONPATH": str(ROOT),
            }
        )
        env.update(extra_env or {})
        site = cls(env=env, var_dir=var_dir)
        if os.environ.get("DATABASE_URL"):
            site.db_name = f"hyperlane_live_{uuid.uuid4().hex[:10]}"
            _pg_admin(f'CREATE DATABASE "{site.db_name}"')
            env["DATABASE_URL"] = _with_path(os.environ["DATABASE_URL"], "/" + site.db_name)
        if os.environ.get("REDIS_URL") and "REDIS_URL" not in (extra_env or {}):
            # Each site of a test session gets its own Redis database (its broker queues, channel layer
            # and cache): two sites sharing one would take each other's tasks and group messages.
            site.redis_db = REDIS_DBS.take()
            env["REDIS_URL"] = _with_path(os.environ["REDIS_URL"], f"/{site.redis_db}")
            subprocess.run(["redis-cli", "-u", env["REDIS_URL"], "flushdb"], check=False, capture_output=True)
        site.ports = [free_port() for _ in range(servers)]
        env["HYPERLANE_SITE_URL"] = f"http://127.0.0.1:{site.ports[0]}"
        site.manage("migrate", "--noinput")
        site.manage("demo_setup")
        for i, port in enumerate(site.ports):
            site.start_web(i, port)
        site.start_worker()
        site.start_beat()
        for port in site.ports:
            site.wait_http(port)
        return site

    def manage(self, *args: str) -> str:
        out = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=300
        )
        if out.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{out.stdout}\n{out.stderr}")
        return out.stdout

    def _spawn(self, name: str, cmd: list[str]) -> None:
        log = open(self.var_dir / f"{name}.log", "ab")  # noqa: SIM115 - kept open for the process
        self.procs[name] = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)

    def start_web(self, index: int, port: int) -> None:
        self._spawn(
            f"web{index}", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"]
        )

    def start_worker(self, name: str = "worker") -> None:
        self._spawn(
            name,
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=INFO",
             "--without-gossip", "--without-mingle", "-n", f"{name}-{uuid.uuid4().hex[:6]}@%h"],
        )

    def start_beat(self) -> None:
        self._spawn(
            "beat",
            [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
             "-s", str(self.var_dir / "beat-schedule")],
        )

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        proc = self.procs.pop(name)
        proc.send_signal(sig)
        proc.wait(timeout=30)

    def wait_http(self, port: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/", timeout=2).status_code < 500:
                    return
            except httpx.HTTPError:
                pass
            for name, proc in self.procs.items():
                if proc.poll() is not None:
                    raise RuntimeError(f"{name} died: {self.log(name)}")
            time.sleep(0.3)
        raise RuntimeError(f"site on port {port} did not answer: {self.log('web0')}")

    def log(self, name: str) -> str:
        path = self.var_dir / f"{name}.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    def stop_processes(self) -> None:
        """Stop the servers, workers and beat (the database stays)."""
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs.values():
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        self.procs.clear()

    def stop(self) -> None:
        self.stop_processes()
        if self.db_name:
            _pg_admin(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')
        if self.redis_db is not None:
            REDIS_DBS.give_back(self.redis_db)
            self.redis_db = None

    # --- players --------------------------------------------------------------------------------
    def player(self, username: str, port: int | None = None) -> Player:
        base = f"http://127.0.0.1:{port or self.ports[0]}"
        p = Player(base, username)
        p.login()
        return p


def _pg_admin(sql: str) -> None:
    import psycopg

    admin_url = _with_path(os.environ["DATABASE_URL"], "/postgres")
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql)


class Player:
    """A signed-in player speaking HTTP (and websockets) to the live site, as a browser would."""

    def __init__(self, base: str, username: str) -> None:
        self.base = base
        self.username = username
        self.http = httpx.Client(base_url=base, follow_redirects=False, timeout=30)

    def csrf(self) -> str:
        token = self.http.cookies.get("csrftoken")
        if not token:
            self.http.get("/accounts/login/")
            token = self.http.cookies.get("csrftoken")
        return token or ""

    def post(self, path: str, data: dict[str, Any], htmx: bool = False) -> httpx.Response:
        headers = {"X-CSRFToken": self.csrf(), "Referer": self.base + path}
        if htmx:
            headers["HX-Request"] = "true"
        return self.http.post(path, data=data, headers=headers)

    def login(self) -> None:
        self.http.get("/accounts/login/")
        r = self.post("/accounts/login/", {"login": self.username, "password": DEMO_PASSWORD})
        if r.status_code != 302:
            raise RuntimeError(f"login failed for {self.username}: {r.status_code}")

    def create_table(self, game: str, players: int, **options: Any) -> int:
        data: dict[str, Any] = {"game": game, "shown_game": game, "num_players": players, "title": f"{game} live"}
        for name, value in options.items():
            if isinstance(value, bool):
                if value:
                    data[f"opt_{name}"] = "on"
            else:
                data[f"opt_{name}"] = value
        r = self.post("/tables/new/", data)
        if r.status_code != 302:
            raise RuntimeError(f"create failed: {r.status_code} {r.text[:2000]}")
        match = re.search(r"/tables/(\d+)/", r.headers["location"])
        assert match, r.headers["location"]
        return int(match.group(1))

    def join(self, table_id: int) -> None:
        r = self.post(f"/tables/{table_id}/join/", {})
        assert r.status_code == 302, r.status_code

    def start(self, table_id: int) -> None:
        r = self.post(f"/tables/{table_id}/start/", {})
        assert r.status_code == 302, r.status_code

    def page(self, table_id: int) -> str:
        r = self.http.get(f"/tables/{table_id}/")
        assert r.status_code == 200, r.status_code
        return r.text

    def controls(self, table_id: int) -> tuple[int, list[tuple[str, dict[str, Any]]]]:
        """The version the page shows and the commands its forms post."""
        text = self.page(table_id)
        version = int(re.search(r'id="frag-status"[^>]*data-version="(\d+)"', text).group(1))  # type: ignore[union-attr]
        found = []
        for kind, args in re.findall(r'name="kind" value="([^"]+)">\s*<input type="hidden" name="args" value="([^"]*)"', text):
            found.append((kind, json.loads(html.unescape(args))))
        return version, found

    def command(
        self, table_id: int, kind: str, args: dict[str, Any], version: int, key: str | None = None
    ) -> httpx.Response:
        return self.post(
            f"/tables/{table_id}/command/",
            {"kind": kind, "args": json.dumps(args), "version": version, "idempotency_key": key or str(uuid.uuid4())},
            htmx=True,
        )

    def ws_url(self, table_id: int) -> str:
        return self.base.replace("http://", "ws://") + f"/ws/tables/{table_id}/"

    def websocket(self, table_id: int, origin: str | None = None):  # type: ignore[no-untyped-def]
        from websockets.sync.client import connect

        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        return connect(
            self.ws_url(table_id),
            additional_headers={"Cookie": cookie},
            origin=origin or self.base,
            open_timeout=SAFETY_CAP,
        )


def receive_until(ws, predicate, timeout: float | None = None) -> str:  # type: ignore[no-untyped-def]
    """Read websocket frames until one satisfies ``predicate``; return it. ``timeout`` (default
    ``SAFETY_CAP``) only runs out when the frame is truly lost (raises TimeoutError)."""
    timeout = SAFETY_CAP if timeout is None else timeout
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("no matching websocket frame")
        frame = ws.recv(timeout=remaining)
        if predicate(frame):
            return frame
