"""One whole Star Trek: TNG exploration game (2 players, the default 400 Mission Point goal) in two headless
Chromium browsers against a live site, with visible controls only, and screenshots along the way.

The driver and the scripted policy are the CI browser test's (tests/browser/test_tng_full_game.py, which
plays to 200 MP). This script starts its own live site (Daphne, a Celery worker and beat, a private Redis
when ``redis-server`` is installed; SQLite unless DATABASE_URL is set), logs in the demo players Alice and
Bob, opens the table through the form and plays to the result page.

    .venv/bin/python bench/tng_browser_game.py [--goal 400] [--seed 6] [--out bench/out/tng_browser_game]
                                               [--shots-every 9]
    .venv/bin/python bench/tng_browser_game.py --find-seeds 40 --goal 200   # no browser: pick a seed

Prints the commands clicked (by kind and player), the stages seen, the time and the final scores.
Screenshots: the start, the first of each stage (event, ship, mission choice, battle), the pages after the
first battle, every N-th end of turn and the result of both players.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, login  # noqa: E402
from tests.browser.test_tng_full_game import (  # noqa: E402
    check_result,
    check_table_readable,
    create_table,
    engine_playout,
    play_to_the_end,
)
from tests.live.harness import LiveSite  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _site import start_private_redis  # noqa: E402


def find_seeds(count: int, goal: int) -> int:
    """The policy's game for each seed, in the engine alone: length and off-turn battle answers."""
    rows = []
    for seed in range(1, count + 1):
        n, kinds, off_turn = engine_playout(seed, goal)
        rows.append((n, seed, kinds["end_turn"], off_turn))
    print(f"goal {goal}: seed, commands, turns, cards played off-turn in battles (shortest first)")
    for n, seed, turns, off_turn in sorted(rows):
        print(f"{seed:5d} {n:6d} {turns:5d} {off_turn:4d}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--goal", type=int, default=None, help="mp_goal option (default: the table default, 400)")
    parser.add_argument("--seed", type=int, default=6, help="table seed (default 6)")
    parser.add_argument("--out", default=str(ROOT / "bench" / "out" / "tng_browser_game"))
    parser.add_argument("--shots-every", type=int, default=9, help="a screenshot every N ends of turn")
    parser.add_argument("--find-seeds", type=int, default=0, metavar="N",
                        help="no browser: play seeds 1..N with the policy in the engine alone and list them")
    args = parser.parse_args()
    if args.find_seeds:
        return find_seeds(args.find_seeds, args.goal or 400)
    if not os.path.exists(CHROMIUM):
        print(f"no {CHROMIUM}: apt-get install chromium", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()

    def shoot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
        path = out / f"{len(list(out.glob('*.png'))):03d}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    redis = start_private_redis()
    var_dir = Path(tempfile.mkdtemp(prefix="tng-browser-game-"))
    started = time.monotonic()
    site = LiveSite.create(var_dir)
    print(f"site up in {time.monotonic() - started:.1f} s at {site.url}")
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
            alice = login(contexts[0], site, "alice")
            bob = login(contexts[1], site, "bob")
            table_id = create_table(alice, bob, site, mp_goal=args.goal, seed=args.seed)
            pages = {"alice": alice, "bob": bob}
            for page in pages.values():
                check_table_readable(page)
            run = play_to_the_end(pages, shoot, max_commands=5000, every_turn_shots=args.shots_every)
            for name, page in pages.items():
                shoot(page, f"result-{name}")
                check_result(page, list(pages))
            final = alice.locator(".tng-final").inner_text()
            browser.close()
    finally:
        site.stop()
        if redis is not None:
            redis.terminate()
            redis.wait(timeout=10)
        shutil.rmtree(var_dir, ignore_errors=True)
    print(f"table {table_id}, goal {args.goal or 'default (400)'}, seed {args.seed}")
    print(f"{run.commands} commands in {run.seconds:.1f} s ({run.commands / max(run.seconds, 1e-9):.2f} per second)")
    print("by kind:", dict(run.kinds.most_common()))
    print("by player:", dict(run.by_player))
    print("stages seen:", " → ".join(run.stages_seen))
    print("off-turn plays in battles:", run.off_turn_plays)
    print("result:\n" + final)
    print(f"screenshots: {out} ({len(list(out.glob('*.png')))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
