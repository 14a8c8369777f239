"""CPU per move of the websocket push path, in one process: group message in, every seat's frame out.

On a scratch PostgreSQL database (``DATABASE_URL`` names the server), ``--tables`` seeded games of
``--game`` are set up (4 seats each, ``queries.Game``) and every seat (and ``--spectators`` more users
per table) opens a ``channels.testing.WebsocketCommunicator`` on ``games.consumers.TableConsumer``, on
the in-memory channel layer. The rendered fragments cache is Redis (database 12 of ``REDIS_URL``, as in
production) when one answers, else the in-process cache of the test settings.

Each round moves every table once through the real services (a seat's random legal command through
``services.command_submit``, or the automatic step as the worker applies it) and renders the mover's
POST answer into the fragments cache as the view does, outside the measured time and with the group
message held back; then the held group messages are sent and the round waits until every socket has
pushed its frame. The CPU time of the whole process (every thread: the event loop and the renders in
the thread pool) from the first ``group_send`` to the last socket's frame, per move, is the push
path's cost. The channel layer is in memory and there are no real sockets: Redis round trips of the
channel layer and frame writes, which a real server pays on top, are not in these figures.

Modes, interleaved round by round so that outside load falls on all of them alike, each one adding a
change to the one before:

``floor``  the group message delivered and one small frame sent per socket, no read and no render (the
           baseline: what the channel layer and the sockets cost without any render); the sockets
           then catch up, unmeasured, so that the next round starts as after any other mode
``before`` the code before these changes: channels closes old database connections in a thread hop
           before every message, then every socket reads, looks up the fragments cache and renders in
           a thread hop of its own
``skip``   a seat that did not make the move does not look up the fragments cache (it can never hit
           it: only the mover's POST answer and spectators store renders)
``batch``  the sockets of a table waiting for the same version render in one thread hop
``now``    and no hop to close connections before every message (``TableConsumer.dispatch``): the code
           as it is

    .venv/bin/python bench/push.py [--tables 10] [--rounds 100] [--game kemble|tng|toy] [--spectators 0]
                                   [--modes floor,before,skip,batch,now]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ScratchDatabase, bench_redis_url, django_setup, machine, use_redis_caches  # noqa: E402

MODES = ("floor", "before", "skip", "batch", "now")
OPTIONS = {"kemble": {}, "tng": {}, "toy": {"endless": True}}


async def run(args: argparse.Namespace) -> dict[str, list[float]]:
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator
    from django.urls import path
    from queries import Game

    from accounts.models import User
    from games import consumers
    from games.models import Command
    from games.rendering import render_fragments, with_language
    from games.selectors import Viewer, table_with_seats

    class BenchConsumer(consumers.TableConsumer):
        """The real consumer; tells the bench when it has pushed, and in ``floor`` mode only sends."""

        async def table_updated(self, event: dict[str, Any]) -> None:
            if state["mode"] == "floor":
                await self.send(text_data="x")
            else:
                await super().table_updated(event)
            state["left"] -= 1
            if state["left"] == 0:
                state["done"].set()

    state: dict[str, Any] = {"mode": "now", "left": 0, "done": asyncio.Event()}
    app = URLRouter([path("ws/tables/<int:table_id>/", BenchConsumer.as_asgi())])

    def setup() -> tuple[list[Game], list[list[Any]]]:
        games, watchers = [], []
        for i in range(args.tables):
            game = Game(args.game, OPTIONS[args.game], 4, seed=1000 + i)
            games.append(game)
            watchers.append(
                [
                    User.objects.create_user(
                        username=f"w{i}s{j}", email=f"w{i}s{j}@bench.invalid", password="bench-pw"
                    )
                    for j in range(args.spectators)
                ]
            )
        return games, watchers

    games, watchers = await sync_to_async(setup)()
    comms = []
    for game, extra in zip(games, watchers, strict=True):
        for user in [*game.users, *extra]:
            comm = WebsocketCommunicator(app, f"/ws/tables/{game.table_id}/")
            comm.scope["user"] = user
            connected, _ = await comm.connect(timeout=60)  # a busy or profiled machine: a patient connect
            assert connected
            comms.append(comm)
    await _drain(comms)

    held: list[tuple[str, dict[str, Any]]] = []
    layer = get_channel_layer()
    cpu: dict[str, list[float]] = {m: [] for m in MODES}

    def answer_post(game: Game) -> None:
        """The mover's POST answer, rendered and kept in the fragments cache as ``views.table_command`` does."""
        position = (
            Command.objects.filter(table_id=game.table_id)
            .order_by("-seq")
            .values_list("seat", flat=True)
            .first()
        )
        if position is None or position < 0:  # an automatic step: nobody posted
            return
        table, seats = table_with_seats(game.table_id)
        user = game.users[position]
        viewer = Viewer(table=table, user=user, seat=seats[position], seats=seats)
        with_language(user.language, render_fragments, viewer, oob=True, seats=seats)

    def move_all() -> int:
        with mock.patch("games.broadcast.send_group", lambda group, message: held.append((group, message))):
            moved = 0
            for game in games:
                if game.step():
                    moved += 1
                    answer_post(game)
            return moved

    async def push(messages: list[tuple[str, dict[str, Any]]]) -> float:
        """Send the group messages; the process CPU seconds until every socket has pushed."""
        state["left"] = len(messages) * (4 + args.spectators)
        state["done"] = asyncio.Event()
        t0 = time.process_time()
        for group, message in messages:
            await layer.group_send(group, message)
        await asyncio.wait_for(state["done"].wait(), timeout=120)
        spent = time.process_time() - t0
        await _drain(comms)
        return spent

    modes = [m for m in args.modes.split(",") if m]
    for r in range(args.rounds):
        mode = modes[r % len(modes)]
        state["mode"] = mode
        _configure(consumers.TableConsumer, mode)
        held.clear()
        moved = await sync_to_async(move_all)()
        if not moved:
            break
        messages = [(g, m) for g, m in held if m.get("type") == "table.updated"]
        cpu[mode].append(1000 * await push(messages) / len(messages))
        if mode == "floor":  # the sockets catch up, unmeasured: the next round starts where the others do
            state["mode"] = "now"
            _configure(consumers.TableConsumer, "now")
            await push(messages)
    for comm in comms:
        await comm.disconnect()
    _configure(consumers.TableConsumer, "now")
    return cpu


def _configure(consumer: Any, mode: str) -> None:
    """Switch the consumer's changes on as far as ``mode`` goes (``floor`` renders nothing anyway)."""
    upto = MODES.index(mode) if mode != "floor" else len(MODES) - 1
    consumer.skip_cache_lookup = upto >= MODES.index("skip")
    consumer.share_renders = upto >= MODES.index("batch")
    consumer.close_connections_per_message = upto < MODES.index("now")


async def _drain(comms: list[Any]) -> None:
    for comm in comms:
        while not comm.output_queue.empty():
            await comm.receive_output(timeout=60)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument(
        "--rounds", type=int, default=100, help="rounds of one move per table, modes interleaved"
    )
    parser.add_argument("--game", choices=sorted(OPTIONS), default="kemble")
    parser.add_argument(
        "--spectators", type=int, default=0, help="spectator sockets per table, besides 4 seats"
    )
    parser.add_argument(
        "--modes", default=",".join(MODES), help="which modes to run, in turn (for a profile)"
    )
    args = parser.parse_args()
    if not set(args.modes.split(",")) <= set(MODES):
        parser.error(f"--modes: a comma-separated list of {', '.join(MODES)}")
    print(machine())
    with ScratchDatabase("hyperlane_bench_push") as db:
        django_setup(db.url, REDIS_URL=bench_redis_url())
        from django.core.management import call_command

        redis_fragments = use_redis_caches(("fragments",), "bench-push")
        call_command("migrate", verbosity=0)
        from django.core.cache import caches

        caches["fragments"].clear()
        print(
            f"{args.game}: {args.tables} tables x (4 seats + {args.spectators} spectators), {args.rounds} rounds; "
            f"fragments cache: {'Redis' if redis_fragments else 'in-process'}"
        )
        cpu = asyncio.run(run(args))
        if redis_fragments:
            caches["fragments"].clear()
    print(f"{'mode':<8} {'rounds':>6} {'CPU ms/move p50':>16} {'mean':>7} {'minus floor':>12}")
    floor = statistics.median(cpu["floor"]) if cpu["floor"] else 0.0
    for mode in MODES:
        values = cpu[mode]
        if not values:
            continue
        p50 = statistics.median(values)
        print(
            f"{mode:<8} {len(values):>6} {p50:>16.2f} {statistics.fmean(values):>7.2f} {p50 - floor:>12.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
