"""Websocket bytes per seat per move (issue 12's target: at most 5 KB median), beside the figure when
each changed fragment goes whole (the board as one fragment, as before the board was made of parts).

On a scratch PostgreSQL database (``DATABASE_URL`` names the server), ``--tables`` seeded games of
``--game`` with 4 seats each (``queries.Game``) are played, every seat with a
``channels.testing.WebsocketCommunicator`` open on the real ``games.consumers.TableConsumer`` (in-memory
channel layer, the fragments cache of the test settings). Each round moves every table once through the
services (a seat's random legal command, or the automatic step), then sends the moves' group messages
and reads every socket's frames up to a marker. Counted per socket and move: the UTF-8 bytes of its
frames (fragments or parts, new log lines, the header's badge); and, from the same pushes, what they
would have been had each changed fragment gone whole (``whole``). A game whose presenter has no parts
yet prints the same figure twice. ``--game toy`` draws the toy game with the test presenter's parts
(tests/support/toyparts.py). Not counted: the mover's own answer (a POST's answer; over its socket it is
that socket's push, counted the same way).

    .venv/bin/python bench/bytes.py [--game kemble|tng|toy] [--tables 5] [--rounds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ScratchDatabase, django_setup, machine, pct  # noqa: E402

OPTIONS = {"kemble": {}, "tng": {}, "toy": {"endless": True}}
#: Bytes sent by fragment name or part id (numbers as #), over the whole run.
BY_PART: Counter[str] = Counter()
#: How many times each (numbered) part id was sent.
SENDS: Counter[str] = Counter()


async def run(args: argparse.Namespace) -> tuple[list[int], list[int], bool]:
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator
    from django.urls import path
    from queries import Game

    from games import consumers
    from games.broadcast import table_group
    from games.rendering import Shown, View, view_changes

    pending: dict[str, int] = {"delta": 0}
    by_part = BY_PART
    has_parts = {"seen": False}

    def counting_changes(view: View, shown: Shown | None) -> dict[str, str]:
        """The consumer's ``view_changes``, noting how many more bytes whole fragments would have been."""
        now = view_changes(view, shown)
        for name, html in now.items():  # by part id without its number (k-row-3 -> k-row-#)
            by_part[re.sub(r"\d+", "#", name)] += len(html.encode())
            SENDS[re.sub(r"\d+", "#", name)] += 1
        whole = {n: h for n, h in view.fragments.items() if shown is None or shown.fragments.get(n) != view.digests[n]}
        has_parts["seen"] |= view.parts is not None
        pending["delta"] = len("".join(whole.values()).encode()) - len("".join(now.values()).encode())
        return now

    class CountingConsumer(consumers.TableConsumer):
        bytes_now = 0
        bytes_whole = 0

        async def send(self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False) -> None:
            if text_data is not None and not text_data.lstrip().startswith('<ol id="frag-chat"'):
                self.bytes_now += len(text_data.encode())
                self.bytes_whole += len(text_data.encode()) + pending["delta"]
            pending["delta"] = 0
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)

    app = URLRouter([path("ws/tables/<int:table_id>/", CountingConsumer.as_asgi())])
    games = await sync_to_async(lambda: [Game(args.game, OPTIONS[args.game], 4, seed=2000 + i) for i in range(args.tables)])()
    comms: list[tuple[Any, Any]] = []
    for game in games:
        for user in game.users:
            comm = WebsocketCommunicator(app, f"/ws/tables/{game.table_id}/")
            comm.scope["user"] = user
            connected, _ = await comm.connect()
            assert connected
            comms.append((game, comm))
    layer = get_channel_layer()
    per_move_now: list[int] = []
    per_move_whole: list[int] = []
    held: list[tuple[str, dict[str, Any]]] = []

    def move_all() -> int:
        with mock.patch("games.broadcast.send_group", lambda group, message: held.append((group, message))):
            return sum(1 for game in games if game.step())

    async def until_marker(comm: Any) -> None:
        while True:
            frame = await comm.receive_from(timeout=120)
            if frame.lstrip().startswith('<ol id="frag-chat"'):
                return

    await _marker(layer, games, comms, until_marker, table_group)
    for _ in range(args.rounds):
        held.clear()
        if not await sync_to_async(move_all)():
            break
        all_sockets = [s for g in games for s in consumers.table_sockets(g.table_id)]
        for s in all_sockets:
            s.bytes_now = s.bytes_whole = 0
        with mock.patch.object(consumers, "view_changes", counting_changes):
            for group, message in held:
                if message.get("type") == "table.updated":
                    await layer.group_send(group, message)
            await _marker(layer, games, comms, until_marker, table_group)
        moves = {g.table_id: sum(1 for grp, m in held if m.get("type") == "table.updated" and grp == table_group(g.table_id)) for g in games}
        for s in all_sockets:
            n = moves.get(s.table_id, 0)
            if n:
                per_move_now.append(s.bytes_now // n)
                per_move_whole.append(s.bytes_whole // n)
    for _, comm in comms:
        await comm.disconnect()
    return per_move_now, per_move_whole, has_parts["seen"]


async def _marker(layer: Any, games: list[Any], comms: list[tuple[Any, Any]], until: Any, group: Any) -> None:
    for game in games:
        await layer.group_send(group(game.table_id), {"type": "chat.updated"})
    for _, comm in comms:
        await until(comm)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(OPTIONS), default="kemble")
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=60, help="rounds of one move per table")
    args = parser.parse_args()
    print(machine())
    with ScratchDatabase("hyperlane_bench_bytes") as db:
        django_setup(db.url)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        if args.game == "toy":
            from games.engine import registry
            from games.presenters import register_presenter
            from tests.support.toygame import TOY
            from tests.support.toyparts import ToyPartsPresenter

            registry.register(TOY)
            register_presenter("toy", ToyPartsPresenter)
        now, whole, parts = asyncio.run(run(args))
    print(f"{args.game}: {args.tables} tables x 4 seats, {len(now)} seat-moves; board made of parts: {'yes' if parts else 'no'}")
    print(f"{'bytes per seat per move':<28} {'median':>8} {'p95':>8} {'mean':>8}")
    for label, values in (("sent (parts)", now), ("whole fragments", whole)):
        if values:
            print(f"{label:<28} {statistics.median(values):>8.0f} {pct(values, 0.95):>8.0f} {statistics.fmean(values):>8.0f}")
    total = sum(BY_PART.values()) or 1
    print("sent, by fragment or part (ids with numbers as #): " + ", ".join(
        f"{name} {100 * n / total:.0f} %" for name, n in BY_PART.most_common(8)))
    print("average bytes of one send, and sends per seat-move: " + ", ".join(
        f"{name} {n / SENDS[name]:.0f} B x {SENDS[name] / max(len(now), 1):.2f}" for name, n in BY_PART.most_common(8)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
