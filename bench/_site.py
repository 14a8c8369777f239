"""The live site for the server benchmarks: tests/live/harness.LiveSite, with its own Redis database
number (the live tests use 7; a worker of theirs must never take our tasks), quieter logs, several
Daphne servers and Celery workers, and players made directly in the database (400 logins through
allauth would take minutes).
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _common import DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, ROOT, django_setup, pg_admin, with_path

from tests.live.harness import LiveSite, free_port


class BenchSite(LiveSite):
    redis_proc: subprocess.Popen[bytes] | None = None
    #: The ASGI server of the web processes: "daphne" (the stack's) or "uvicorn" (a comparison only;
    #: ``pip install 'uvicorn[standard]'`` first, it is not a dependency of the site).
    asgi = "daphne"

    @classmethod
    def start(cls, var_dir: Path, *, servers: int = 1, workers: int = 1, redis_db: int = 12,
              private_redis: bool = True, asgi: str = "daphne") -> BenchSite:
        os.environ.setdefault("DATABASE_URL", DEFAULT_DATABASE_URL)
        os.environ.setdefault("REDIS_URL", DEFAULT_REDIS_URL)
        # A Redis of our own: the shared one was flushed and restarted by other people's runs mid-way.
        redis_proc = start_private_redis() if private_redis else None
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_SETTINGS"))}
        env.update(
            {
                "DJANGO_SETTINGS_MODULE": "config.settings.base",
                "DJANGO_SECRET_KEY": "bench-secret-" + secrets.token_hex(24),
                "HYPERLANE_VAR_DIR": str(var_dir),
                "HYPERLANE_EXTRA_GAMES": "tests.support.toygame.TOY",
                "HYPERLANE_MOVE_RATE_PER_MINUTE": "1000000",
                "HYPERLANE_LOG_LEVEL": "WARNING",
                "PYTHONPATH": str(ROOT),
            }
        )
        site = cls(env=env, var_dir=var_dir)
        site.redis_proc = redis_proc
        site.asgi = asgi
        site.db_name = f"hyperlane_bench_{uuid.uuid4().hex[:10]}"
        pg_admin(f'CREATE DATABASE "{site.db_name}"')
        env["DATABASE_URL"] = with_path(os.environ["DATABASE_URL"], "/" + site.db_name)
        env["REDIS_URL"] = with_path(os.environ["REDIS_URL"], f"/{redis_db}")
        subprocess.run(["redis-cli", "-u", env["REDIS_URL"], "flushdb"], check=False, capture_output=True)
        site.ports = [free_port() for _ in range(servers)]
        env["HYPERLANE_SITE_URL"] = f"http://127.0.0.1:{site.ports[0]}"
        site.manage("migrate", "--noinput")
        for i, port in enumerate(site.ports):
            site.start_web(i, port)
        for i in range(workers):
            site.start_worker(f"worker{i}")
        site.start_beat()
        for port in site.ports:
            site.wait_http(port)
        return site

    def start_web(self, index: int, port: int) -> None:
        if self.asgi == "daphne":
            super().start_web(index, port)
            return
        self._spawn(
            f"web{index}",
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port", str(port),
             "--no-access-log", "--log-level", "warning", "--ws-per-message-deflate", "false"],
        )

    def start_worker(self, name: str = "worker") -> None:
        self._spawn(
            name,
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=WARNING",
             "--without-gossip", "--without-mingle", "-n", f"bench-{name}-{uuid.uuid4().hex[:6]}@%h"],
        )

    def start_beat(self) -> None:
        self._spawn(
            "beat",
            [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=WARNING",
             "-s", str(self.var_dir / "beat-schedule")],
        )

    def restart(self, env: dict[str, str], workers: int = 1) -> None:
        """The web servers, Celery workers and beat again, with ``env`` added (the same database and Redis):
        an A/B of a setting within one run, e.g. the channel layer."""
        self.stop_processes()
        self.env.update(env)
        for i, port in enumerate(self.ports):
            self.start_web(i, port)
        for i in range(workers):
            self.start_worker(f"worker{i}")
        self.start_beat()
        for port in self.ports:
            self.wait_http(port)

    def stop(self) -> None:
        super().stop()
        if self.redis_proc is not None:
            self.redis_proc.terminate()
            self.redis_proc.wait(timeout=10)

    def web_pids(self) -> list[int]:
        return [p.pid for name, p in sorted(self.procs.items()) if name.startswith("web")]

    def use_django(self) -> None:
        """Configure Django in this process against the site's database (same secret key: sessions)."""
        django_setup(self.env["DATABASE_URL"], settings="config.settings.base",
                     DJANGO_SECRET_KEY=self.env["DJANGO_SECRET_KEY"], REDIS_URL=self.env["REDIS_URL"],
                     HYPERLANE_EXTRA_GAMES=self.env["HYPERLANE_EXTRA_GAMES"],
                     HYPERLANE_VAR_DIR=self.env["HYPERLANE_VAR_DIR"], HYPERLANE_LOG_LEVEL="WARNING")


def start_private_redis() -> subprocess.Popen[bytes] | None:
    """A Redis of our own on a free 127.0.0.1 port (no persistence), named in ``REDIS_URL``; None if
    redis-server is not installed. The caller stops it."""
    if not shutil.which("redis-server"):
        return None
    port = free_port()
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        if subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).returncode == 0:
            break
        time.sleep(0.05)
    os.environ["REDIS_URL"] = f"redis://127.0.0.1:{port}/0"
    return proc


@dataclass
class SeatLogin:
    user_id: int
    position: int
    cookie: str
    csrf: str


@dataclass
class TableSpec:
    table_id: int
    seats: list[SeatLogin]
    port: int


_user_counter = 0


def make_tables(game: str, count: int, players: int, options: dict[str, Any], ports: list[int]) -> list[TableSpec]:
    """``count`` started tables, each with ``players`` new users signed in (a session row each)."""
    global _user_counter
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.hashers import make_password

    from accounts.models import User
    from accounts.sessions import SessionStore
    from games import services

    unusable = make_password(None)
    users = []
    for _ in range(count * players):
        _user_counter += 1
        users.append(User(username=f"b{_user_counter}", email=f"b{_user_counter}@bench.invalid", password=unusable))
    users = User.objects.bulk_create(users)
    logins: dict[int, tuple[str, str]] = {}
    for user in users:
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "accounts.backends.PreparedAuthenticationBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        csrf = secrets.token_hex(16)
        logins[user.pk] = (f"sessionid={session.session_key}; csrftoken={csrf}", csrf)
    out = []
    for t in range(count):
        group = users[t * players:(t + 1) * players]
        table = services.table_create(user=group[0], game=game, num_players=players, options=options,
                                      title=f"bench {game} {t}")
        for u in group[1:]:
            services.seat_take(table_id=table.pk, user=u)
        services.table_start(table_id=table.pk, user=group[0])
        seats = [SeatLogin(u.pk, i, *logins[u.pk]) for i, u in enumerate(group)]
        out.append(TableSpec(table.pk, seats, ports[t % len(ports)]))
    return out
