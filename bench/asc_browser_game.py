"""One whole 3-player Star Trek: Ascendancy game in three headless Chromium browsers against a live site,
from the table form to the result, every move a random click among the controls the acting player's page
offers (found by structure: data-kind, data-args; the Initiative bid's form filled with random amounts). With ``--borg``: one person's whole 1-player game against
the Borg in the Delta Quadrant (ascendancy:R268), the Borg turns played by the site's Celery worker, paced
(``--pace`` seconds a step); now and then the player skips to the end of a Borg turn (RULINGS B41).

Alice opens the table through the form (with the round limit option, so that random play ends), Bob and
Carol join from the lobby, Alice starts it; the players choose their civilizations and play on in their own
pages. The script waits for each click to reach every page (the version on #frag-status) and never sleeps.
It starts its own live site (Daphne, a Celery worker and beat, a private Redis when ``redis-server`` is
installed; SQLite unless DATABASE_URL is set) with the development settings (Ascendancy is a preview game).

    .venv/bin/python bench/asc_browser_game.py [--rounds 15] [--seed 1] [--max-clicks 4000]
                                               [--out bench/out/asc_browser_game] [--borg [--pace 0.2]]

Prints the clicks (by kind and player), the rounds reached, the time and how the game ended (reason,
winners) or where it stopped; with ``--borg`` also the Borg turns' steps seen and the skips asked for.
Screenshots: the start, each new round's first page, and every page at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.browser.asc_helpers import RESOURCES, bid_limits, send_bid  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.browser.helpers import (  # noqa: E402
    join_from_lobby,
    login,
    new_table_form,
    start_game,
    submit_new_table,
    version,
)
from tests.browser.test_ascendancy_in_browser import READ_CONTROLS, _button, _wait_all  # noqa: E402
from tests.live.harness import LiveSite  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _site import start_private_redis  # noqa: E402

#: Commands that move the game on (a phase, a turn, a move ends): taken more often than the others, so that a
#: random game does not spend its rounds on offers and fleets.
ONWARD = ("end_build", "end_turn", "stop", "end")
RESULT = "#frag-result:not(.empty)"
#: The "skip to the end of the Borg turn" control (the player's standing part, RULINGS B41).
SKIP = "#asc-standing button[data-kind='borg_skip']"


def open_table(page, site: LiveSite, rounds: int, players: int = 3) -> str:  # type: ignore[no-untyped-def]
    """Alice's table through the visible form, with the round limit (a table of 1: against the Borg in the
    Delta Quadrant); its id."""
    new_table_form(page, site, "ascendancy", players)
    if players < 3:
        page.locator("select[name=opt_borg_mode]").select_option("delta_quadrant")
    page.locator("details.options-details > summary").click()  # the detail options, folded
    page.locator("select[name=opt_round_limit]").select_option(str(rounds))
    return submit_new_table(page)  # Alice reads English


def controls(page) -> list[tuple[str, dict[str, Any]]]:  # type: ignore[no-untyped-def]
    return [(c["kind"], json.loads(c["args"] or "{}")) for c in page.evaluate(READ_CONTROLS)]


def settled(pages: dict[str, Any]) -> tuple[int, dict[str, list[tuple[str, dict[str, Any]]]]]:
    """Every page's controls read at one version (as the browser test reads them)."""
    while True:
        newest = max(version(p) for p in pages.values())
        _wait_all(pages, newest - 1)
        offered = {name: controls(page) for name, page in pages.items()}
        if {version(p) for p in pages.values()} == {newest}:
            return newest, offered


def pick(rng: random.Random, legal: list[tuple[str, dict[str, Any]]]) -> tuple[str, dict[str, Any]]:
    onward = [c for c in legal if c[0] in ONWARD]
    if onward and rng.random() < 0.4:
        return rng.choice(onward)
    return rng.choice(legal)


def random_bid(rng: random.Random, page: Any) -> dict[str, int]:
    """Random amounts for the page's Initiative bid form: each up to what the player has, the total not one
    the form names as taken (R4: the bench's tables bid openly, so the form names every taken total)."""
    most, taken = bid_limits(page)
    amounts = {r: rng.randint(0, most[r]) if rng.random() < 0.5 else 0 for r in RESOURCES}
    return amounts if sum(amounts.values()) not in taken else dict.fromkeys(RESOURCES, 0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15, choices=(15, 25, 40), help="the round limit option")
    parser.add_argument("--seed", type=int, default=1, help="the random clicks' seed")
    parser.add_argument("--max-clicks", type=int, default=4000, help="stop after this many clicks")
    parser.add_argument("--out", default=None, help="screenshots (default bench/out/asc_browser_game[_borg])")
    parser.add_argument("--borg", action="store_true", help="one player against the Borg (Delta Quadrant)")
    parser.add_argument("--pace", type=float, default=0.2, help="--borg: seconds between two Borg steps")
    args = parser.parse_args()
    if args.out is None:
        args.out = str(ROOT / "bench" / "out" / ("asc_browser_game_borg" if args.borg else "asc_browser_game"))
    if not os.path.exists(CHROMIUM):
        print(f"no {CHROMIUM}: apt-get install chromium", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()

    def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
        page.evaluate("() => window.scrollTo(0, 0)")  # the sticky map at its place in a full-page shot
        page.screenshot(path=str(out / f"{len(list(out.glob('*.png'))):03d}-{name}.png"), full_page=True)

    rng = random.Random(args.seed)
    redis = start_private_redis()
    var_dir = Path(tempfile.mkdtemp(prefix="asc-browser-game-"))
    started = time.monotonic()
    env = {"DJANGO_SETTINGS_MODULE": "config.settings.dev"}
    if args.borg:
        env["HYPERLANE_AUTOMATON_PACE_SECONDS"] = str(args.pace)
    site = LiveSite.create(var_dir, extra_env=env)
    print(f"site up in {time.monotonic() - started:.1f} s at {site.url}")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    kinds: Counter[str] = Counter()
    by_player: Counter[str] = Counter()
    rounds_seen: list[str] = []
    borg_lines: Counter[str] = Counter()
    skips = skips_missed = 0
    ending = "stopped"
    clicks = 0
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            alice = login(browser.new_context(viewport={"width": 1280, "height": 900}), site, "alice")
            if args.borg:
                table_id = open_table(alice, site, args.rounds, players=1)
                pages = {"alice": alice}
            else:
                bob = login(browser.new_context(viewport={"width": 1280, "height": 900}), site, "bob")  # Italian
                carol = login(browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                                  has_touch=True), site, "carol")
                table_id = open_table(alice, site, args.rounds)
                for page in (bob, carol):
                    join_from_lobby(page, table_id)
                alice.goto(f"{site.url}/tables/{table_id}/")
                pages = {"alice": alice, "bob": bob, "carol": carol}
            start_game(alice)
            for page in pages.values():
                page.goto(f"{site.url}/tables/{table_id}/")
                page.wait_for_selector("#frag-status")
                page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=120_000)
            shoot(alice, "start-alice")
            play_started = time.monotonic()
            while clicks < args.max_clicks:
                newest, offered = settled(pages)
                if all(page.locator(RESULT).count() for page in pages.values()):
                    ending = "result"
                    break
                acting = [name for name, legal in offered.items() if legal]
                if args.borg:  # the Borg turn's progress line, as the player sees it (read at once: it goes)
                    line = alice.evaluate(
                        "() => (document.querySelector('.asc-borg-progress') || {}).textContent || ''")
                    if line.strip():
                        borg_lines[re.sub(r"\d+", "n", " ".join(line.split()))] += 1
                if not acting:  # an automatic step (the worker's) is on its way: wait for it
                    if args.borg and alice.locator(SKIP).count() and rng.random() < 0.3:
                        try:  # refused if a Borg decision came first: then the refusal shows
                            alice.locator(SKIP).click(timeout=5_000)
                            skips += 1
                        except PlaywrightTimeout:  # each step's update replaced it while Playwright waited
                            skips_missed += 1  # for it to stand still (a short --pace)
                        alice.wait_for_function(
                            f"() => !document.querySelector(\"{SKIP}\") || "
                            f"Number(document.querySelector('#frag-status').dataset.version) > {newest}",
                            timeout=120_000)
                        continue
                    _wait_all(pages, newest)
                    continue
                name = rng.choice(acting)
                page = pages[name]
                kind, cmd_args = pick(rng, offered[name])
                round_line = page.locator(".asc-round strong").first
                shown = round_line.inner_text() if round_line.count() else ""
                if shown and shown not in rounds_seen:
                    rounds_seen.append(shown)
                    shoot(page, f"round-{len(rounds_seen)}-{name}")
                if kind == "bid":  # one form: random amounts typed, then sent
                    send_bid(page, random_bid(rng, page))
                else:
                    _button(page, kind, cmd_args).click()
                clicks += 1
                kinds[kind] += 1
                by_player[name] += 1
                _wait_all(pages, newest)
            seconds = time.monotonic() - play_started
            for name, page in pages.items():
                shoot(page, f"end-{name}")
            result = alice.locator(RESULT)
            final = result.inner_text() if result.count() else alice.locator("#frag-status").inner_text()
            browser.close()
    finally:
        site.stop()
        if redis is not None:
            redis.terminate()
            redis.wait(timeout=10)
        shutil.rmtree(var_dir, ignore_errors=True)
    mode = f"1 player against the Borg (pace {args.pace} s)" if args.borg else "3 players"
    print(f"table {table_id} ({mode}), round limit {args.rounds}, seed {args.seed}: {ending}")
    print(f"{clicks} clicks in {seconds:.1f} s ({clicks / max(seconds, 1e-9):.2f} per second)")
    print("by kind:", dict(kinds.most_common()))
    print("by player:", dict(by_player))
    print("rounds seen:", len(rounds_seen))
    if args.borg:
        print(f"Borg progress lines seen: {dict(borg_lines.most_common())}; skips asked: {skips} "
              f"(and {skips_missed} clicks that missed the control)")
    print(("result:\n" if ending == "result" else "where it stopped:\n") + final)
    print(f"screenshots: {out} ({len(list(out.glob('*.png')))})")
    return 0 if ending == "result" else 1


if __name__ == "__main__":
    sys.exit(main())
