"""CPU per move of the whole websocket move path, in one process: the mover's command frame in, its answer
and every other seat's frame out.

On a scratch PostgreSQL database (``DATABASE_URL`` names the server), ``--tables`` seeded 4-player games
of ``--game`` are set up (``queries.Game``), and every seat opens a ``channels.testing.WebsocketCommunicator``
on ``games.consumers.TableConsumer`` with a signed-in session (so the socket re-checks it on each command,
as on the site). The channel layer is the in-memory one and the fragments cache Redis (database 12 of
``REDIS_URL``, as in production) when one answers.

Each round, every table's deciding seat sends one random command of those its page offers (its legal
commands and its undo) over its own socket, as the page's form does with htmx's ``ws-send`` (kind, args,
the decision's version and idempotency key), all tables at once; the round ends when every mover has its answer and every other seat its push. The CPU time of the
whole process (the event loop and the thread pool) over the round, per move, is the move path's cost
without Daphne's own framing and the real sockets (``bench/server.py`` measures those). A table whose
next step is automatic takes it outside the measured time. Choosing the commands (a read of each table)
is outside it too.

``--floor free-renders`` makes every view and log render free (a fixed frame naming the version): what the
rest of the path costs. ``--floor ceiling`` runs bench/stackfloor's socket move in this process instead of
the site (a counter bumped, the group told, a fixed frame per seat): the stack's own cost, the same measure
as ``server.py``'s stack ceiling. Their ratio bounds the share of the ceiling any render could reach.

Compare code versions by running this from two checkouts alternately; profile it with py-spy (every
thread: ``py-spy record --format raw -o FILE -- .venv/bin/python bench/socket_move.py``).

    .venv/bin/python bench/socket_move.py [--game kemble|tng|bsg|ascendancy] [--tables 10] [--rounds 60]
                                          [--floor none|free-renders|ceiling] [--attribute]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ScratchDatabase, bench_redis_url, django_setup, machine, use_redis_caches  # noqa: E402

OPTIONS = {"kemble": {}, "tng": {}, "bsg": {}, "ascendancy": {}}

#: What ``--attribute`` times (a tree: the service holds its writes, a render its board context and parts).
ATTRIBUTED = [
    "games.consumers:_session_user_id",
    "games.commands:submit",
    "games.commands:parse_command",
    "games.services:command_submit",
    "games.services:command_undo",
    "games.services:_Writes.insert",
    "games.services:_Writes.update",
    "games.services:_Writes.send",
    "games.consumers:TableConsumer._answer",
    "games.consumers:_Batch._render_all",
    "games.commands:answer_view",
    "games.commands:answer_html",
    "games.consumers:TableSnapshots.events_after",
    "games.selectors:event_rows",
    "games.selectors:log_for_seat",
    "games.rendering:render_view",
    "games.selectors:board_context",
    "games.parts:rendered_parts",
    "games.rendering:board_html",
    "games.rendering:render_fragment",
    "games.rendering:view_changes",
    "games.rendering:shown_of",
    "games.rendering:render_log_entries",
    "games.rendering:remember_records",
    "games.rendering:remember_shown",
    "games.parts:digest_of",
    "games.fields:json_bytes",
    "games.fields:JSONField.from_db_value",
    "games.kemble.presenter:KemblePresenter.board_parts",
    "games.kemble.presenter:KemblePresenter.extra_context",
    "games.kemble.presenter:KemblePresenter.controls",
    "jinja2.environment:Template.render",
    "django.core.cache.backends.redis:RedisCache.get_many",
    "django.core.cache.backends.redis:RedisCache.set_many",
    "django.core.cache.backends.redis:RedisCache.get",
    "games.services:_lock_table_with_seats",
    "games.services:_check_arguments",
    "games.services:_apply_checked",
    "games.services:_persist",
    "games.services:_sync_decks",
    "games.services:_sync_seat_decisions",
    "games.kemble.engine.rules:KembleRules.dump",
    "games.kemble.engine.rules:KembleRules.load",
    "games.kemble.engine.rules:KembleRules.pending",
    "games.kemble.engine.rules:KembleRules.zones",
    "games.kemble.engine.rules:KembleRules.result",
    "games.kemble.engine.rules:KembleRules.view",
    "games.kemble.engine.rules:KembleRules.legal_commands",
    "games.selectors:undo_target",
    "django.db.transaction:Atomic.__exit__",
]


async def run(args: argparse.Namespace) -> tuple[list[float], list[int]]:
    from asgiref.sync import sync_to_async
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator
    from django.test import Client
    from django.urls import path
    from queries import Game

    from games import services
    from games.consumers import TableConsumer
    from games.engine.core.replay import UNDO_KIND
    from games.models import Seat
    from games.selectors import decision_idempotency_key, undo_target

    consumer = _CeilingConsumer if args.floor == "ceiling" else TableConsumer
    app = URLRouter([path("ws/tables/<int:table_id>/", consumer.as_asgi())])

    def setup() -> tuple[list[Game], dict[int, Any]]:
        from importlib import import_module

        from django.conf import settings

        store = import_module(settings.SESSION_ENGINE).SessionStore
        games, sessions = [], {}
        for i in range(args.tables):
            game = Game(args.game, OPTIONS[args.game], 4, seed=2000 + i)
            games.append(game)
            for user in game.users:
                client = Client()
                client.force_login(user)
                sessions[user.pk] = store(client.cookies[settings.SESSION_COOKIE_NAME].value)
        return games, sessions

    games, sessions = await sync_to_async(setup)()
    comms: dict[tuple[int, int], Any] = {}
    for game in games:
        for position, user in enumerate(game.users):
            comm = WebsocketCommunicator(app, f"/ws/tables/{game.table_id}/")
            comm.scope["user"] = user
            comm.scope["session"] = sessions[user.pk]
            connected, _ = await comm.connect(timeout=60)
            assert connected
            comms[(game.table_id, position)] = comm
    await _settle(list(comms.values()))
    if args.floor == "free-renders":
        _free_renders()

    def choose() -> list[tuple[Game, int, dict[str, str]]]:
        """Each table's move this round: (game, mover, the frame its form sends); automatic steps taken."""
        moves = []
        for game in games:
            while True:
                choice = game.next_choice()
                if choice is None:
                    break
                table, state, seat = choice
                if seat is None:
                    services.automatic_step_apply(table_id=table.pk, expected_version=table.version)
                    continue
                # What the page offers: the seat's legal commands, and its undo when it has one (as the
                # load generator of ``server.py`` picks among the page's forms).
                offered = [(c.kind, dict(c.args)) for c in game.rules.legal_commands(state, seat)]
                if undo_target(table=table, seat=seat) is not None:
                    offered.append((UNDO_KIND, {}))
                kind, args = game.rng.choice(offered)
                row = Seat.objects.get(table_id=table.pk, position=seat)
                frame = {
                    "kind": kind,
                    "args": json.dumps(args, sort_keys=True, separators=(",", ":")),
                    "version": str(row.decision_since),
                    "idempotency_key": str(decision_idempotency_key(table, row)),
                    "HEADERS": {"HX-Request": "true"},
                }
                moves.append((game, seat, frame))
                break
        return moves

    cpu: list[float] = []
    sizes: list[int] = []
    args.measured_moves = 0
    for round_number in range(args.rounds):
        counting = getattr(args, "counters", None) is not None
        if counting:
            from _attribute import counting as count_now
            from _attribute import reset

            if round_number == args.skip:
                reset(args.counters)
            count_now(False)
        moves = await sync_to_async(choose)()
        await _settle(list(comms.values()))  # the automatic steps' pushes, unmeasured
        if not moves:
            break
        if counting:
            count_now(True)
        t0 = time.process_time()
        waits = []
        for game, mover, frame in moves:
            await comms[(game.table_id, mover)].send_to(text_data=json.dumps(frame))
        for game, _mover, _frame in moves:
            for position in range(4):
                waits.append(comms[(game.table_id, position)].receive_output(timeout=120))
        outputs = await asyncio.gather(*waits)
        spent = time.process_time() - t0
        if counting:
            count_now(False)
        cpu.append(1000 * spent / len(moves))
        if round_number >= args.skip:
            args.measured_moves += len(moves)
        sizes.extend(len(o.get("text", "")) for o in outputs)
        await _settle(list(comms.values()))
    for comm in comms.values():
        await comm.disconnect()
    return cpu, sizes


# --- the floors (``--floor``): what the move path would cost with parts of it made free ----------------

#: About the size of a seat's status and board update (bench/stackfloor's frame).
_FILLER = "".join(
    f'<li class="seat seat-{i % 4}"><span class="name">player {i}</span><span class="score">{i * 7}</span></li>'
    for i in range(20)
)


def _free_renders() -> None:
    """Every seat's view and log lines made free from here on: a fixed ~2 KB status fragment that names the
    table's version (so that each version is still sent to every seat), no board parts, no log lines. The
    command, the service, the session check, the channel layer, the thread hops and the frames stay."""
    from games import commands, consumers
    from games.rendering import View

    def view(viewer: Any, **_kwargs: Any) -> Any:
        version = viewer.table.version
        status = f'<section id="frag-status" data-version="{version}" hx-swap-oob="true"><ul>{_FILLER}</ul></section>'
        return View({"status": status})

    def log_entries(viewer: Any, *, after_id: int, rows: Any = None, **_kwargs: Any) -> tuple[str, int]:
        return "", max((r.pk for r in rows), default=after_id) if rows else after_id  # goes on from the rows read

    consumers.render_view = view  # type: ignore[assignment]
    commands.render_view = view  # type: ignore[assignment]
    consumers.render_log_entries = log_entries  # type: ignore[assignment]


def _ceiling_consumer() -> Any:
    """bench/stackfloor's ``SocketMoveConsumer`` in this process: a move frame bumps the table's counter in
    Redis in one thread hop and tells the table's group; each seat sends a fixed ~2 KB frame after one hop.
    No session, no service, no render: what the stack itself costs per move."""
    import redis
    from asgiref.sync import sync_to_async
    from channels.generic.websocket import AsyncWebsocketConsumer

    counters = redis.Redis.from_url(bench_redis_url())

    def bump(table: int) -> int:
        return int(counters.incr(f"bench-socket-ceiling:{table}"))

    def frame(version: int) -> str:
        return f'<section id="frag-status" data-version="{version}" hx-swap-oob="true"><ul>{_FILLER}</ul></section>'

    class Ceiling(AsyncWebsocketConsumer):
        async def connect(self) -> None:
            self.table = int(self.scope["url_route"]["kwargs"]["table_id"])
            await self.channel_layer.group_add(f"table.{self.table}", self.channel_name)
            await self.accept()

        async def disconnect(self, code: int) -> None:
            await self.channel_layer.group_discard(f"table.{self.table}", self.channel_name)

        async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
            version = await sync_to_async(bump, thread_sensitive=False)(self.table)
            await self.channel_layer.group_send(f"table.{self.table}", {"type": "table.updated", "version": version})

        async def table_updated(self, event: dict[str, Any]) -> None:
            text = await sync_to_async(frame, thread_sensitive=False)(int(event["version"]))
            await self.send(text_data=text)

    return Ceiling


class _LazyCeiling:
    """``_ceiling_consumer()`` made when first asked for (after Django is set up)."""

    def as_asgi(self) -> Any:
        return _ceiling_consumer().as_asgi()


_CeilingConsumer = _LazyCeiling()


async def _settle(comms: list[Any]) -> None:
    """Until no socket has sent anything for a while (the late frames: badges, the automatic steps')."""
    quiet = 0
    while quiet < 3:
        await asyncio.sleep(0.02)
        drained = False
        for comm in comms:
            while not comm.output_queue.empty():
                await comm.receive_output(timeout=60)
                drained = True
        quiet = 0 if drained else quiet + 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=60, help="rounds of one move per table")
    parser.add_argument("--skip", type=int, default=5, help="rounds left out of the figures (warm caches)")
    parser.add_argument("--game", choices=sorted(OPTIONS), default="kemble")
    parser.add_argument(
        "--attribute",
        action="store_true",
        help="also print the CPU per move of the move path's main functions (bench/_attribute.py)",
    )
    parser.add_argument(
        "--floor",
        choices=("none", "free-renders", "ceiling"),
        default="none",
        help="free-renders: every view and log render made free (what the rest of the path costs); ceiling: "
        "bench/stackfloor's socket move in this process (no session, service or render: the stack alone)",
    )
    args = parser.parse_args()
    print(f"bench/socket_move.py --game {args.game} --floor {args.floor}  {machine()}")
    with ScratchDatabase("hyperlane_bench_socket_move") as db:
        django_setup(db.url, REDIS_URL=bench_redis_url(), HYPERLANE_MOVE_RATE_PER_MINUTE="1000000")
        from django.core.management import call_command

        redis_caches = use_redis_caches(("default", "fragments"), "bench-socket")
        call_command("migrate", verbosity=0)
        from django.core.cache import caches

        caches["fragments"].clear()
        print(f"  {args.tables} tables x 4 seats, {args.rounds} rounds; caches: {'Redis' if redis_caches else 'in-process'}")
        if args.attribute:
            from _attribute import attribute

            args.counters = attribute(ATTRIBUTED)
        cpu, sizes = asyncio.run(run(args))
        if redis_caches:
            caches["fragments"].clear()
            caches["default"].clear()
    measured = cpu[args.skip:]
    if not measured:
        print("no round measured")
        return 1
    print(f"  {len(measured)} rounds, CPU ms per move: p50 {statistics.median(measured):.2f}  "
          f"mean {statistics.fmean(measured):.2f}  min {min(measured):.2f}")
    print(f"  frames: {len(sizes)}, median {statistics.median(sizes):,.0f} B")
    if args.attribute:
        from _attribute import report

        print("  CPU per move by function (inclusive, thread CPU, the measured rounds):")
        report(args.counters, per=args.measured_moves)
    return 0


if __name__ == "__main__":
    sys.exit(main())
