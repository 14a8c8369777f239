"""CPU per call of three parts of a move that no render is in, each beside a prototype of a cheaper way
(issue 12: how far the non-render half of a move could go; bench/RESULTS.md, session 15).

- the service's locked read (``services._lock_table_with_seats``: the table row ``FOR UPDATE`` and its seats
  with their users, in one transaction) against the same two statements as raw SQL through a cursor, with
  and without the state columns, and against a transaction with one ``SELECT 1`` (what any read costs);
- a thread hop: Channels' ``database_sync_to_async`` against asgiref's ``sync_to_async`` and the event
  loop's own ``run_in_executor``;
- the per-command session check of a socket (``consumers._session_user_id``) against one GET of a key
  from the Redis cache (what a session generation number kept in Redis would cost).

On a scratch PostgreSQL database (``DATABASE_URL`` names the server) with one Kemble table played
``--moves`` random moves. Every variant runs twice, alternately, ``--calls`` calls each after a warm-up.

    .venv/bin/python bench/move_parts.py [--calls 400] [--moves 60]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ScratchDatabase, bench_redis_url, django_setup, machine, use_redis_caches  # noqa: E402


def per_call_ms(fn: Callable[[], object], calls: int) -> float:
    for _ in range(max(calls // 10, 5)):
        fn()
    started = time.process_time()
    for _ in range(calls):
        fn()
    return (time.process_time() - started) / calls * 1000


def show(rows: list[tuple[str, Callable[[], object]]], calls: int) -> None:
    figures: dict[str, list[float]] = {name: [] for name, _fn in rows}
    for _round in range(2):
        for name, fn in rows:
            figures[name].append(per_call_ms(fn, calls))
    for name, values in figures.items():
        print(f"    {name:58s} {', '.join(f'{v:.3f}' for v in values)} ms")


def locked_reads(table_id: int, calls: int) -> None:
    from django.db import connection, transaction

    from games import services
    from games.models import Seat, Table

    columns = [f.column for f in Table._meta.concrete_fields]
    without_state = [c for c in columns if c not in ("state", "rng_state")]
    seat_table, user_table = Seat._meta.db_table, Seat._meta.get_field("user").related_model._meta.db_table

    def raw(table_columns: list[str]) -> Callable[[], object]:
        table_sql = f"SELECT {', '.join(table_columns)} FROM {Table._meta.db_table} WHERE id = %s FOR UPDATE"
        seats_sql = (
            f"SELECT s.*, u.* FROM {seat_table} s JOIN {user_table} u ON u.id = s.user_id "
            "WHERE s.table_id = %s ORDER BY s.position"
        )

        def read() -> None:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(table_sql, [table_id])
                cursor.fetchall()
                cursor.execute(seats_sql, [table_id])
                cursor.fetchall()

        return read

    def orm() -> None:
        with transaction.atomic():
            services._lock_table_with_seats(table_id)

    def select_one() -> None:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT 1")

    print("  (a) the service's locked read, per transaction")
    show([
        ("the site: _lock_table_with_seats (ORM, prepared)", orm),
        ("prototype: the same two statements, raw SQL", raw(columns)),
        ("prototype: raw SQL without the state columns", raw(without_state)),
        ("a transaction with one SELECT 1", select_one),
    ], calls)


def thread_hops(calls: int) -> None:
    from asgiref.sync import sync_to_async
    from channels.db import database_sync_to_async

    def nothing() -> int:
        return 1

    async def hops() -> None:
        loop = asyncio.get_running_loop()
        variants = [
            ("the site: channels' database_sync_to_async", lambda: database_sync_to_async(nothing)()),
            ("prototype: asgiref's sync_to_async", lambda: sync_to_async(nothing)()),
            ("prototype: loop.run_in_executor", lambda: loop.run_in_executor(None, nothing)),
        ]
        figures: dict[str, list[float]] = {name: [] for name, _call in variants}
        for _round in range(2):
            for name, call in variants:
                for _ in range(max(calls // 10, 5)):
                    await call()
                started = time.process_time()
                for _ in range(calls):
                    await call()
                figures[name].append((time.process_time() - started) / calls * 1000)
        for name, values in figures.items():
            print(f"    {name:58s} {', '.join(f'{v:.3f}' for v in values)} ms")

    print("  (b) a thread hop from the event loop and back")
    asyncio.run(hops())


def session_checks(user: object, calls: int) -> None:
    from django.conf import settings
    from django.core.cache import caches
    from django.test import Client

    from games.consumers import _session_user_id

    client = Client()
    client.force_login(user)
    session_key = client.cookies[settings.SESSION_COOKIE_NAME].value
    cache = caches["default"]
    cache.set("bench-session-generation", 1)
    print("  (c) a socket command's session check")
    show([
        ("the site: _session_user_id (database)", lambda: _session_user_id(session_key)),
        ("prototype: one Redis cache GET", lambda: cache.get("bench-session-generation")),
    ], calls)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=400)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    print(f"bench/move_parts.py  {machine()}")
    with ScratchDatabase("hyperlane_bench_move_parts") as db:
        django_setup(db.url, REDIS_URL=bench_redis_url())
        from django.core.management import call_command

        redis_caches = use_redis_caches(("default", "fragments"), "bench-move-parts")
        call_command("migrate", verbosity=0)
        from queries import Game

        game = Game("kemble", {}, 4, seed=5)
        for _ in range(args.moves):
            if not game.step():
                break
        print(f"  one Kemble table after {game.moves} moves; caches: {'Redis' if redis_caches else 'in-process'}")
        locked_reads(game.table_id, args.calls)
        thread_hops(args.calls * 5)
        session_checks(game.users[0], args.calls * 2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
