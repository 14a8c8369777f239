#!/usr/bin/env python
"""Races at scale against the real site (Daphne + Celery worker + beat, tests/live/harness.py): two tabs
of one player racing the same decision, each posting a different choice, many times over. Every race
must apply exactly once and the loser must get 409 with the fresh board.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/hyperlane REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/races.py --races 1000

With REDIS_URL the two tabs talk to two different ASGI servers. Prints the races run, how many applied
exactly once, and the time per race; exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--races", type=int, default=1000)
    args = parser.parse_args()

    from tests.live.harness import LiveSite
    from tests.proof.live_support import REDIS
    from tests.proof.test_faults import run_races

    with tempfile.TemporaryDirectory(prefix="hyperlane-races-") as var:
        site = LiveSite.create(Path(var), servers=2 if REDIS else 1)
        try:
            started = time.monotonic()
            try:
                stats = run_races(site, args.races)
            except AssertionError as exc:
                print(f"FAILED: {exc}")
                return 1
            took = time.monotonic() - started
        finally:
            site.stop()
    print(f"{args.races} races ({stats['shared_key']} with the page's shared key, {stats['own_keys']} with own keys) "
          f"on {'PostgreSQL+Redis, 2 servers' if REDIS else 'the embedded default'}: every one applied exactly "
          f"once, every loser got 409 + the fresh board; {took:.0f}s, {1000 * took / args.races:.0f} ms per race")
    return 0


if __name__ == "__main__":
    sys.exit(main())
