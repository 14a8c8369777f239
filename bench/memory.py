"""The server's resident size stays flat: Daphne's VmRSS after 10,000 moves within 10 % of it after 1,000.

One Daphne server (+ a Celery worker and beat) on PostgreSQL + Redis, as in bench/server.py; ``--tables``
toy tables (4 players, ``endless``, so no game ends) with a websocket per seat; moves are posted closed
loop from the pages' forms. VmRSS of the Daphne process (/proc/<pid>/status) is read after
``--first`` (1,000) and after ``--moves`` (10,000) moves, with readings in between. Exit code 1 when
the growth passes 10 %. ``--game kemble`` plays Kemble's Cascade instead (games end; new tables are
not started, so keep ``--moves`` within what 100 tables play, about 40,000).

    .venv/bin/python bench/memory.py [--moves 10000] [--first 1000] [--tables 50]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import loadavg, machine  # noqa: E402
from _load import Driver  # noqa: E402
from _site import BenchSite, make_tables  # noqa: E402


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def run(specs: list, pid: int, first: int, total: int, step: int) -> list[tuple[int, int, float]]:
    driver = Driver(specs)
    await driver.open()
    readings = [(0, rss_kib(pid), 0.0)]
    started = time.perf_counter()
    marks = sorted({first, total, *range(step, total + 1, step)})
    for mark in marks:
        await driver.closed_moves(mark - driver.moves_done)
        readings.append((driver.moves_done, rss_kib(pid), time.perf_counter() - started))
        print(f"  after {driver.moves_done:>6} moves: VmRSS {readings[-1][1] / 1024:7.1f} MiB"
              f"   [{readings[-1][2]:.0f} s, {loadavg()}]", flush=True)
    await driver.close()
    return readings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=1_000)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--game", choices=["toy", "kemble"], default="toy")
    args = parser.parse_args()
    print(f"bench/memory.py  {machine()}")
    var_dir = Path(tempfile.mkdtemp(prefix="hyperlane-bench-mem-"))
    site = BenchSite.start(var_dir, servers=1, workers=1)
    try:
        site.use_django()
        options = {"endless": True} if args.game == "toy" else {}
        specs = make_tables(args.game, args.tables, 4, options, site.ports)
        pid = site.web_pids()[0]
        print(f"  {args.tables} {args.game} tables x 4 websockets on one Daphne server (pid {pid})")
        readings = asyncio.run(run(specs, pid, args.first, args.moves, max(1000, args.moves // 10)))
    finally:
        site.stop()
        shutil.rmtree(var_dir, ignore_errors=True)
    at_first = next(r for m, r, _ in readings if m >= args.first)
    at_end = readings[-1][1]
    growth = (at_end - at_first) / at_first * 100
    ok = growth <= 10
    print(f"\nVmRSS after {args.first:,} moves {at_first / 1024:.1f} MiB, after {readings[-1][0]:,} moves"
          f" {at_end / 1024:.1f} MiB: {growth:+.1f} % (target within 10 %: {'met' if ok else 'MISSED'})")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
