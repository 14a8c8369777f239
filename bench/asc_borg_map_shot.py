"""Screenshots of the Ascendancy star map with the Borg on it, at each zoom, to check by eye that the Borg's pieces
(Cubes, Spires, the Transwarp Hub) read on a large map: a random 1-player game in the Delta Quadrant and a random
7-player game with the Delta Quadrant Probe, each played on until its galaxy is large and the Borg have Cubes and
Spires on it. The map is drawn by the site's own templates and stylesheet (the board's zoom buttons and map
frame, as ``ascendancy/board.html`` lays them out), in Debian's Chromium; no live site is needed.

    .venv/bin/python bench/asc_borg_map_shot.py [--out bench/out/asc_borg_map] [--width 1280]
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from games.ascendancy.engine import RULES  # noqa: E402
from games.ascendancy.presenter import map_data, map_parts  # noqa: E402
from games.engine.core.testing import StepCapReached, play_random  # noqa: E402
from games.parts import render_parts  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

CSS = ROOT / "games" / "ascendancy" / "static" / "ascendancy" / "ascendancy.css"
#: (name, players, options, seed, steps): the games whose maps are shot.
GAMES = [
    ("solo", 1, {"borg_mode": "delta_quadrant"}, 1, 4000),
    ("seven", 7, {"borg_mode": "delta_quadrant"}, 1, 20000),
]


def borg_state(players: int, options: dict[str, Any], seed: int, steps: int) -> dict[str, Any]:
    """The state of a random game, within ``steps`` commands, with the most systems and Borg pieces. When the
    Borg never got a piece on that map (random 7-player games end before the Hub makes a Cube), two Cubes and
    a Spire are put on it for the picture: one Cube on the Hub, one Cube and the Spire on the systems farthest
    from it."""
    best: dict[str, Any] = {"score": -1, "state": None}

    def keep(state: Any, _command: Any) -> None:
        borg = state.get("borg") or {}
        pieces = len(borg.get("cubes") or []) + len(borg.get("spires") or [])
        score = len(state["systems"]) * 10 + 5 * pieces
        if score > best["score"]:
            best.update(score=score, state=state)

    with contextlib.suppress(StepCapReached):  # a game that has not ended yet: its best state will do
        play_random(RULES, seed=seed, num_players=players, options=options, max_steps=steps, after_each=keep)
    found: dict[str, Any] = copy.deepcopy(best["state"])
    borg = found["borg"]
    if not borg["cubes"] and not borg["spires"]:
        hub = borg.get("hub")
        hx, hy = found["systems"][hub]["xy"] if hub in found["systems"] else (0.0, 0.0)
        far = sorted(
            (sid for sid in found["systems"] if sid != hub and found["systems"][sid].get("home_of") is None),
            key=lambda sid: (
                -((found["systems"][sid]["xy"][0] - hx) ** 2 + (found["systems"][sid]["xy"][1] - hy) ** 2)
            ),
        )
        borg["cubes"] = [
            {"id": "cube1", "sector": f"S:{hub or far[1]}", "placed": 1},
            {"id": "cube2", "sector": f"S:{far[1]}", "placed": 2},
        ]
        borg["spires"] = [{"system": far[0], "nodes": 2, "cube": None, "placed": 3}]
        borg["next_piece"] = 4
    return found


def page(state: dict[str, Any], zoom: int) -> str:
    view = RULES.view(state, None)
    labels = {p["seat"]: f"Player {p['seat'] + 1}" for p in view["players"]}
    parts = map_parts(map_data(view, labels), [p["seat"] for p in view["players"]])
    radios = "".join(
        f'<input type="radio" name="asc-zoom" id="asc-zoom-{z}"{" checked" if z == zoom else ""}>'
        for z in (1, 2, 3)
    )
    return (
        f'<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="{CSS.as_uri()}">'
        "<style>body{background:#0b1026;color:#e2e8f0;margin:8px}</style></head><body>"
        f'<div class="asc-board">{radios}<section class="asc-map"><div class="asc-map-scroll">'
        f'<div class="asc-map-stack">{render_parts(parts)}</div></div></section></div></body></html>'
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "bench" / "out" / "asc_borg_map"))
    parser.add_argument("--width", type=int, default=1280, help="the browser window's width (px)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": args.width, "height": 900})
        for name, players, options, seed, steps in GAMES:
            state = borg_state(players, options, seed, steps)
            borg = state["borg"]
            print(
                f"{name}: {len(state['systems'])} systems, {len(borg['cubes'])} cubes, {len(borg['spires'])} spires"
            )
            for zoom in (1, 2):
                html = out / f"{name}-zoom{zoom}.html"
                html.write_text(page(state, zoom), encoding="utf-8")
                tab.goto(html.as_uri())
                if zoom > 1:  # the frame scrolled to the Borg's Hub (or their first piece)
                    tab.locator(".asc-layer-borg a").first.scroll_into_view_if_needed()
                tab.screenshot(path=str(out / f"{name}-zoom{zoom}.png"), full_page=zoom == 1)
                print("  ", out / f"{name}-zoom{zoom}.png")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
