"""CPU per seat of the push path's render, in one thread: what a batch of a table's sockets does for each
seat after a move (``consumers._Batch``: one read of the table, ``render_view`` with ``store=False,
lookup=False`` and the page's digests, ``shown_of``), for every seat after every move of a seeded game
played through the real services (``render.SeededGame``), in English. No sockets, no channel layer, no
fragments cache: the render alone, which is what grows with the seats at a table.

Baseline, measured in the same run: ``json.dumps`` of each seat's engine view (the least any render of it
could cost). Compare code versions by running this script from two checkouts alternately; the game, its
moves and the renders are the same from run to run (a seeded game).

    .venv/bin/python bench/push_seat.py [--game kemble|tng|bsg|ascendancy] [--players 4] [--moves 300] [--skip 50]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ScratchDatabase, django_setup, machine  # noqa: E402


def run(game: str, players: int, moves: int, skip: int) -> tuple[list[float], list[float]]:
    from render import SeededGame

    from games.rendering import render_view, shown_of, with_language
    from games.selectors import table_with_seats, viewer_at

    seeded = SeededGame(game, {}, players, 7)
    renders: list[float] = []
    baseline: list[float] = []
    while seeded.moves < moves and seeded.step():
        if seeded.moves < skip:
            continue
        table, seats = table_with_seats(seeded.table_id)
        for user in seeded.users:
            viewer = viewer_at(table, seats, user=user)
            start = time.thread_time()
            shown_of(with_language("en", render_view, viewer, oob=True, store=False, lookup=False))
            renders.append((time.thread_time() - start) * 1000)
            view = seeded.rules.view(seeded.rules.load(table.state), viewer.position)
            start = time.thread_time()
            json.dumps(view)
            baseline.append((time.thread_time() - start) * 1000)
    return renders, baseline


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="kemble")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=300, help="stop after this many moves")
    parser.add_argument("--skip", type=int, default=50, help="render only after this many moves (warm caches)")
    args = parser.parse_args()
    print(f"bench/push_seat.py --game {args.game}  {machine()}")
    with ScratchDatabase("hyperlane_bench_push_seat") as db:
        django_setup(db.url)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        renders, baseline = run(args.game, args.players, args.moves, args.skip)
    if not renders:
        print("no render: the game ended before --skip moves")
        return 1
    p50, mean = statistics.median(renders), statistics.fmean(renders)
    print(f"  {len(renders)} seat renders, CPU ms: p50 {p50:.2f}  mean {mean:.2f}  "
          f"p95 {statistics.quantiles(renders, n=20)[-1]:.2f}")
    print(f"  baseline json.dumps(view), CPU ms: p50 {statistics.median(baseline):.3f}  "
          f"render / baseline (p50): {p50 / max(statistics.median(baseline), 1e-6):.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
