"""One whole 4-player Battlestar Galactica game in four headless Chromium browsers against a live site, from the
table form to the result, every move a random click among the controls the acting player's page offers (found by
structure: data-kind, data-args, never by their words); now and then a seat also sends one of the controls of its
own private part that it may send whoever the game waits for (the interrupts: a standing pass on skill checks,
readying a die card, Religious Visions...).

Alice opens the table through the form, Bob, Carol and Dave join from the lobby, Alice starts it; Alice and Carol
read English, Bob and Dave Italian, Dave on a phone-sized viewport. The script waits for each click to reach every
page (the version on #frag-status) and never sleeps. It starts its own live site (Daphne, a Celery worker and beat,
a private Redis when ``redis-server`` is installed; SQLite unless DATABASE_URL is set) with the development
settings (where a game still in preview would be offered).

    .venv/bin/python bench/bsg_browser_game.py [--seed 1] [--table-seed N] [--max-clicks 3000]
                                               [--interrupts 0.05] [--shots-every 50]
                                               [--out bench/out/bsg_browser_game] [--option NAME ...]
                                               [--choice NAME=VALUE ...] [--scenario MODULE:FUNCTION]

Prints the clicks (by kind and player), the refusals, the turns reached, the time and how the game ended
(the winning side and the reason) or where it stalled. Screenshots: the start, every N clicks (the acting page),
each refusal, and every page at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import random
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

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, _expected  # noqa: E402
from tests.browser.helpers import (  # noqa: E402
    LIVE_TIMEOUT,
    join_from_lobby,
    login,
    new_table_form,
    start_game,
    submit_new_table,
    version,
)
from tests.live.harness import LiveSite  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _site import start_private_redis  # noqa: E402

RESULT = "#frag-result:not(.empty)"
#: Every command control of a page (the undo aside), and whether it lies in the seat's own part's interrupts.
READ_CONTROLS = """() => Array.from(document.querySelectorAll('form.command:not(.undo) button[data-kind]'))
  .map(b => ({kind: b.dataset.kind, args: b.dataset.args || '{}', interrupt: !!b.closest('.bsg-interrupts')}))"""
#: The page moved on past ``v``, or one of its forms shows a refusal.
MOVED_OR_REFUSED = """v => Number(document.querySelector('#frag-status').dataset.version) > v
  || Array.from(document.querySelectorAll('.form-error')).some(e => e.textContent.trim())"""
REFUSAL = """() => Array.from(document.querySelectorAll('.form-error')).map(e => e.textContent.trim())
  .filter(t => t).join(' | ')"""

#: A control: its kind, its arguments, whether it is an interrupt, its index among the page's buttons.
Control = tuple[str, dict[str, Any], bool, int]


def controls(page) -> list[Control]:  # type: ignore[no-untyped-def]
    return [
        (c["kind"], json.loads(c["args"]), c["interrupt"], i)
        for i, c in enumerate(page.evaluate(READ_CONTROLS))
    ]


def wait_all(pages: dict[str, Any], above: int) -> None:
    for page in pages.values():
        page.wait_for_function(
            f"() => Number(document.querySelector('#frag-status').dataset.version) > {above}",
            timeout=LIVE_TIMEOUT,
        )


def settled(pages: dict[str, Any]) -> tuple[int, dict[str, list[Control]]]:
    """Every page's controls read at one version: a push that lands while the pages are read (another page's
    move, the worker's step) makes it read them again, never mix two versions."""
    while True:
        newest = max(version(p) for p in pages.values())
        wait_all(pages, newest - 1)
        offered = {name: controls(page) for name, page in pages.items()}
        if {version(p) for p in pages.values()} == {newest}:
            return newest, offered


def turn_of(page) -> int:  # type: ignore[no-untyped-def]
    status = page.locator("#bsg-status")
    return int(status.get_attribute("data-turn") or "0") if status.count() else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the random clicks' seed")
    parser.add_argument(
        "--table-seed", type=int, default=None, help="the table's own seed (default: the site's)"
    )
    parser.add_argument("--max-clicks", type=int, default=3000, help="stop after this many clicks")
    parser.add_argument(
        "--interrupts",
        type=float,
        default=0.05,
        help="the odds, each move, that a seat sends one of its private part's interrupts instead",
    )
    parser.add_argument("--shots-every", type=int, default=50, help="a screenshot every N clicks")
    parser.add_argument("--out", default=str(ROOT / "bench" / "out" / "bsg_browser_game"))
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME",
        help="tick the table option NAME on the form (a yes/no option; repeatable), e.g. exodus_cylon_fleet",
    )
    parser.add_argument(
        "--choice", action="append", default=[], metavar="NAME=VALUE",
        help="pick VALUE for the table option NAME on the form (a choice; repeatable), e.g. objective=new_caprica",
    )
    parser.add_argument(
        "--scenario", default=None, metavar="MODULE:FUNCTION",
        help="once the table has started, put the position this builder makes on it (a 4-player one), e.g. "
        "tests.browser.bsg_crossroads_scenario:scenario_state (the Ionian Nebula's Crossroads)",
    )
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        print(f"no {CHROMIUM}: apt-get install chromium", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()

    def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
        page.screenshot(path=str(out / f"{len(list(out.glob('*.png'))):03d}-{name}.png"), full_page=True)

    rng = random.Random(args.seed)
    redis = start_private_redis()
    var_dir = Path(tempfile.mkdtemp(prefix="bsg-browser-game-"))
    started = time.monotonic()
    site = LiveSite.create(var_dir, extra_env={"DJANGO_SETTINGS_MODULE": "config.settings.dev"})
    print(f"site up in {time.monotonic() - started:.1f} s at {site.url}")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    kinds: Counter[str] = Counter()
    by_player: Counter[str] = Counter()
    refusals: Counter[str] = Counter()
    problems: list[str] = []
    turns_seen: list[int] = []
    ending = "stopped at the click limit"
    clicks = 0
    seconds = 0.0
    table_id = "?"
    final = ""
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)

            def player(username: str, **options: Any):  # type: ignore[no-untyped-def]
                context = browser.new_context(**options)
                context.on(
                    "console",
                    lambda msg: (
                        problems.append(f"{username}: {msg.text}")
                        if "Content Security Policy" in msg.text
                        or (msg.type == "error" and not _expected(msg.text))
                        else None
                    ),
                )
                return login(context, site, username)

            desktop = {"viewport": {"width": 1280, "height": 900}}
            pages = {
                "alice": player("alice", **desktop),
                "bob": player("bob", **desktop),  # Italian
                "carol": player("carol", **desktop),
                "dave": player(
                    "dave", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
                ),
            }
            alice = pages["alice"]
            new_table_form(alice, site, "bsg", 4)
            for name in args.option:
                alice.locator(f"input[name=opt_{name}]").check()
            for choice in args.choice:
                name, _, value = choice.partition("=")
                alice.locator(f"select[name=opt_{name}]").select_option(value)
            table_id = submit_new_table(alice)
            if args.table_seed is not None:
                site.manage(
                    "shell",
                    "-c",
                    "from games.models import Table; "
                    f"Table.objects.filter(pk={table_id}).update(seed={args.table_seed})",
                )
            for name in ("bob", "carol", "dave"):
                join_from_lobby(pages[name], table_id)
            alice.goto(f"{site.url}/tables/{table_id}/")
            start_game(alice)
            # the start's answer reloads the page: a goto while it is on its way aborted (net::ERR_ABORTED, seed 4)
            alice.wait_for_selector("#bsg-status", timeout=LIVE_TIMEOUT)
            if args.scenario:
                from tests.browser.asc_helpers import load_scenario

                load_scenario(site, table_id, builder=args.scenario)
            for page in pages.values():
                page.goto(f"{site.url}/tables/{table_id}/")
                page.wait_for_selector("#bsg-status", timeout=LIVE_TIMEOUT)
                page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
            shoot(alice, "start-alice")
            shoot(pages["dave"], "start-dave-phone-it")
            play_started = time.monotonic()
            while clicks < args.max_clicks:
                try:
                    newest, offered = settled(pages)
                except PlaywrightTimeout:
                    ending = "stalled: the pages did not agree on a version"
                    break
                if all(page.locator(RESULT).count() for page in pages.values()):
                    ending = "result"
                    break
                turn = turn_of(alice)
                if turn and turn not in turns_seen:
                    turns_seen.append(turn)
                acting = [n for n, c in offered.items() if any(not ctl[2] for ctl in c)]
                interrupting = [n for n, c in offered.items() if any(ctl[2] for ctl in c)]
                if interrupting and rng.random() < args.interrupts:
                    name = rng.choice(interrupting)
                    choices = [c for c in offered[name] if c[2]]
                elif acting:
                    name = rng.choice(acting)
                    choices = [c for c in offered[name] if not c[2]]
                else:  # an automatic step (the worker's) is on its way: wait for it
                    try:
                        wait_all(pages, newest)
                    except PlaywrightTimeout:
                        ending = f"stalled at version {newest}: nobody to act and no automatic step came"
                        break
                    continue
                page = pages[name]
                kind, cmd_args, interrupt, index = rng.choice(choices)
                page.locator("form.command:not(.undo) button[data-kind]").nth(index).click()
                clicks += 1
                kinds[kind + (" (interrupt)" if interrupt else "")] += 1
                by_player[name] += 1
                try:
                    page.wait_for_function(MOVED_OR_REFUSED, arg=newest, timeout=LIVE_TIMEOUT)
                except PlaywrightTimeout:
                    ending = f"stalled after {name}'s {kind} {cmd_args} at version {newest}: no answer"
                    break
                if version(page) <= newest:
                    text = page.evaluate(REFUSAL)
                    refusals[f"{kind}: {text}"] += 1
                    print(f"refused: {name} {kind} {cmd_args} at version {newest}: {text}")
                    shoot(page, f"refused-{clicks}-{name}")
                    if sum(refusals.values()) > 20:
                        ending = "stopped: more than 20 refusals"
                        break
                    page.reload()  # the refusal stays next to its form: a fresh page reads again
                    page.wait_for_selector("#bsg-status", timeout=LIVE_TIMEOUT)
                    page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
                    continue
                try:
                    wait_all(pages, newest)
                except PlaywrightTimeout:
                    ending = f"stalled: {name}'s {kind} did not reach every page"
                    break
                if clicks % args.shots_every == 0:
                    shoot(page, f"click-{clicks}-{name}")
            seconds = time.monotonic() - play_started
            for name, page in pages.items():
                shoot(page, f"end-{name}")
            result = alice.locator(RESULT)
            if result.count():
                over = alice.locator("#bsg-status .bsg-over")
                final = (over.inner_text() if over.count() else "") + "\n" + result.inner_text()
            else:
                final = (
                    alice.locator("#bsg-status").inner_text()
                    + "\n"
                    + alice.locator("#bsg-crisis").inner_text()
                )
                for name, page in pages.items():
                    decision = page.locator("#frag-decision")
                    final += f"\n{name}: " + " ".join(decision.inner_text().split())[:300]
            turn = turn_of(alice)
            if turn and turn not in turns_seen:
                turns_seen.append(turn)
            browser.close()
    finally:
        site.stop()
        if redis is not None:
            redis.terminate()
            redis.wait(timeout=10)
        shutil.rmtree(var_dir, ignore_errors=True)
    print(f"table {table_id} (4 players), clicks seed {args.seed}, table seed {args.table_seed}: {ending}")
    print(f"{clicks} clicks in {seconds:.1f} s ({clicks / max(seconds, 1e-9):.2f} per second)")
    print("by kind:", dict(kinds.most_common()))
    print("by player:", dict(by_player))
    print("refusals:", dict(refusals) or "none")
    print("turns reached:", max(turns_seen, default=0))
    print("console problems:", problems[:20] or "none")
    print(("result:\n" if ending == "result" else "where it stopped:\n") + final)
    print(f"screenshots: {out} ({len(list(out.glob('*.png')))})")
    return 0 if ending == "result" and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
