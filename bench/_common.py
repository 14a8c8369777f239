"""Shared helpers for the benchmark scripts (not a benchmark itself)."""

from __future__ import annotations

import asyncio
import os
import platform
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


#: Clock ticks per second of /proc's CPU times.
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """utime + stime of one process, from /proc (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


async def offer_open_loop(
    tables: Sequence[Any],
    rate: float,
    seconds: float,
    *,
    free: Callable[[Any], bool],
    start: Callable[[Any], Awaitable[None]],
    timeout: float,
) -> tuple[int, int, float]:
    """Open loop: ``rate`` moves per second for ``seconds``, each to the next table (round robin) that
    ``free`` accepts, started as a task of ``start(table)``; a move no table accepts is skipped. A table
    is marked ``busy`` as it is taken, before its task runs, so that one pass cannot give it two moves.
    Waits up to ``timeout`` for the moves still running. Returns (offered, skipped, elapsed seconds)."""
    tasks: set[asyncio.Task[None]] = set()
    started = time.perf_counter()
    offered = skipped = cursor = 0
    n = len(tables)
    while (now := time.perf_counter()) - started < seconds:
        due = int((now - started) * rate)
        while offered < due:
            offered += 1
            for k in range(n):
                table = tables[(cursor + k) % n]
                if free(table):
                    cursor = (cursor + k + 1) % n
                    table.busy = True
                    task = asyncio.create_task(start(table))  # type: ignore[arg-type]
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
                    break
            else:
                skipped += 1
        await asyncio.sleep(0.002)
    if tasks:
        await asyncio.wait(tasks, timeout=timeout)
    return offered, skipped, time.perf_counter() - started


def engines() -> list[Any]:
    """Every game engine in the project, the preview ones (Ascendancy) included, registered and sorted by
    slug. The registry is filled by the games' Django apps when the site starts; a script without Django
    asks for each ``games/<slug>/engine`` package by its slug (``registry.get`` imports it)."""
    from games.engine import registry

    for package in sorted((ROOT / "games").glob("*/engine/__init__.py")):
        slug = package.parent.parent.name
        if slug != "engine":
            registry.get(slug)
    return registry.all_rules()


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def machine() -> str:
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
        mem_kb = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                      if line.startswith("MemTotal"))
    except (OSError, StopIteration):
        mem_kb = 0
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"nproc {os.cpu_count()}, CPU {model}, memory {mem_kb / 1024 / 1024:.1f} GiB, "
            f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, load average {load}")


def loadavg() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def with_path(url: str, path: str) -> str:
    return urlunparse(urlparse(url)._replace(path=path))


def bench_redis_url() -> str:
    """Database 12 of ``REDIS_URL``: the in-process benches' caches, away from a site's own data."""
    return with_path(os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL, "/12")


def use_redis_caches(names: tuple[str, ...], prefix: str) -> bool:
    """Keep the caches ``names`` in Redis (``bench_redis_url``), as production does, if Redis answers;
    call before any cache is made. False (the settings' caches kept) when it does not answer."""
    import redis
    from django.conf import settings

    url = bench_redis_url()
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError:
        return False
    for name in names:
        settings.CACHES[name] = {
            "BACKEND": "config.redis_cache.SharedPoolRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": f"{prefix}-{name}-{os.getpid()}",
        }
    return True


def pg_admin(sql: str, base_url: str | None = None) -> None:
    import psycopg

    url = with_path(base_url or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL, "/postgres")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql)


class ScratchDatabase:
    """A fresh PostgreSQL database for one run, dropped at the end."""

    def __init__(self, prefix: str) -> None:
        self.base = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
        self.name = f"{prefix}_{uuid.uuid4().hex[:8]}"
        self.url = with_path(self.base, "/" + self.name)

    def __enter__(self) -> ScratchDatabase:
        pg_admin(f'CREATE DATABASE "{self.name}"', self.base)
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            from django.db import connections

            connections.close_all()
            for conn in connections.all():
                pool = getattr(conn, "pool", None)
                if pool is not None:
                    conn.close_pool()
        except Exception:  # noqa: BLE001 - best effort before the drop
            pass
        pg_admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)', self.base)


def django_setup(database_url: str, settings: str = "config.settings.test", **env: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["DJANGO_SETTINGS_MODULE"] = settings
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
    os.environ.update(env)
    os.chdir(ROOT)
    import django

    django.setup()
