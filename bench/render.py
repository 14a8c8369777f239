"""CPU per seat render of a table's live fragments, split into ``board_context`` and templates.

On a scratch PostgreSQL database (created and dropped here; ``DATABASE_URL`` names the server), seeded
games are played through the real services (random legal commands, automatic steps as the Celery task
does them; see ``queries.Game``). Every ``--every`` moves, and at the end, every seat and a spectator
get their fragments rendered the way the websocket consumer does it (``viewer_for`` +
``with_language(user.language, render_fragments, viewer, oob=True)``), in English and in Italian.

Each render is also timed in two parts, in CPU time of this thread: ``board_context`` (ORM, engine,
presenter) and the templates (the four ``games/table.html`` partials with that context, as
``render_fragments`` renders them). Baseline, measured in the same run: ``json.dumps`` of the seat's
engine view (``rules.view(state, seat)``), the least any render of that view could cost. Cold: at each
checkpoint, each seat's render in English again with the process's rendered parts and the fragments cache
emptied first (the whole board drawn from nothing: the most one seat render can cost).

``--save DIR`` writes every rendered fragment to ``DIR/<game>/<config>/...html`` (a golden corpus);
``--compare DIR`` renders the same seeded states and reports each fragment whose HTML differs (exit 1;
``--loose`` ignores whitespace between tags). Games are deterministic: the table seed, the users and the
random choices all come from the config. Before changing how a board is rendered, save a corpus with
the old code, then compare the new code with it (the corpus is about 50 MB for Kemble: keep it outside
the repository).

    .venv/bin/python bench/render.py [--game kemble|tng|toy|ascendancy] [--every 10] [--save DIR | --compare DIR]
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
import time
import types
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ScratchDatabase, django_setup, machine, pct  # noqa: E402
from queries import Game  # noqa: E402

LANGUAGES = ("en", "it")

#: Per game: (config name, options, players, seed, (move, seat) that resigns then or None). The order
#: matters for --compare (table ids).
Config = tuple[str, dict[str, Any], int, int, tuple[int, int] | None]
CONFIGS: dict[str, list[Config]] = {
    "kemble": [
        ("4p", {}, 4, 7, None),
        ("2p", {}, 2, 8, None),
        ("4p-wingmen", {"wingmen": True, "tunnel_vision": True}, 4, 9, (150, 1)),
    ],
    "tng": [("4p", {}, 4, 7, None), ("2p", {}, 2, 8, None)],
    "toy": [("4p", {"endless": True}, 4, 7, None), ("2p", {}, 2, 8, None)],
    # Issue 14's check: the seat render of a 7-player galaxy (and a 3-player one with the optional rules).
    "ascendancy": [
        ("7p", {}, 7, 7, None),
        ("3p-options", {"extra_resources": True, "starting_advancement": True, "random_galaxy": True,
                        "free_trade_routes": True, "allied_cooperation": True}, 3, 8, None),
    ],
}


class SeededGame(Game):
    """``queries.Game`` with a fixed table seed, so that a later run plays the very same game."""

    def __init__(self, slug: str, options: dict[str, Any], players: int, seed: int) -> None:  # noqa: D107
        import random

        from accounts.models import User
        from games import services
        from games.engine import registry
        from games.models import Table

        self.rules = registry.get(slug)
        self.rng = random.Random(seed)
        self.users = [
            User.objects.create_user(username=f"{slug}{seed}p{i}", email=f"{slug}{seed}p{i}@bench.invalid",
                                     password="bench-password")
            for i in range(players)
        ]
        table = services.table_create(user=self.users[0], game=slug, num_players=players, options=options)
        Table.objects.filter(pk=table.pk).update(seed=seed * 1_000_003)
        for u in self.users[1:]:
            services.seat_take(table_id=table.pk, user=u)
        services.table_start(table_id=table.pk, user=self.users[0])
        self.table_id = table.pk
        self.moves = 0


def _cpu() -> float:
    return time.thread_time()


def render_all(game: SeededGame, label: str, timings: dict[str, list[float]]) -> dict[str, str]:
    """Render every viewer's fragments at the table's current version; timings appended in ms (CPU)."""
    from django.utils import translation

    from games.presenters import seat_names
    from games.rendering import FRAGMENTS, render_fragment, render_fragments, with_language
    from games.selectors import board_context, viewer_for

    table = game.table()
    state = game.rules.load(table.state) if table.state is not None else None
    out: dict[str, str] = {}
    viewers: list[tuple[str, Any, int | None]] = [(f"seat{i}", u, i) for i, u in enumerate(game.users)]
    viewers.append(("spectator", None, None))
    for name, user, position in viewers:
        for lang in LANGUAGES:
            speaker = user if user is not None else types.SimpleNamespace(language=lang)
            if user is not None:
                user.language = lang  # in memory only: with_language reads it
            # The real thing, as the websocket consumer does it: its HTML is the corpus.
            w0, c0 = time.perf_counter(), _cpu()
            viewer = viewer_for(table_id=table.pk, user=user)
            c1 = _cpu()
            fragments = with_language(speaker.language, render_fragments, viewer, oob=True)
            c2 = _cpu()
            timings["wall_total"].append((time.perf_counter() - w0) * 1000)
            timings["cpu_viewer"].append((c1 - c0) * 1000)
            timings["cpu_fragments"].append((c2 - c1) * 1000)
            for frag, html in fragments.items():
                out[f"{label}/v{table.version:04d}-{name}-{lang}-{frag}.html"] = html
            # The same work in two parts.
            with translation.override(lang):
                c0 = _cpu()
                ctx = board_context(viewer=viewer)
                c1 = _cpu()
                ctx["oob"] = True
                with seat_names(ctx["seat_names"]):
                    for frag in FRAGMENTS:
                        render_fragment(frag, ctx)
                c2 = _cpu()
            timings["cpu_context"].append((c1 - c0) * 1000)
            timings["cpu_templates"].append((c2 - c1) * 1000)
            if state is not None:
                view = game.rules.view(state, position)
                c0 = _cpu()
                json.dumps(view)
                timings["cpu_baseline"].append((_cpu() - c0) * 1000)
    # Cold: each seat in English with every rendered part forgotten (the process's parts and the fragments
    # cache emptied first), as after a move that changed the whole board, or on a server that never drew it.
    from django.core.cache import caches

    from games import parts

    for user in game.users:
        parts._RENDERED.clear()
        caches["fragments"].clear()
        c0 = _cpu()
        viewer = viewer_for(table_id=table.pk, user=user)
        with_language("en", render_fragments, viewer, oob=True)
        timings["cpu_cold"].append((_cpu() - c0) * 1000)
    return out


def play(slug: str, config: Config, every: int, max_moves: int,
         timings: dict[str, list[float]]) -> tuple[dict[str, str], int, int]:
    """Play one seeded game, rendering every ``every`` moves and at the end. (fragments, moves, checkpoints)."""
    import uuid

    from games import services

    name, options, players, seed, resign = config
    game = SeededGame(slug, options, players, seed)
    label = f"{slug}/{name}"
    out: dict[str, str] = {}
    checkpoints = 0
    while True:
        if game.moves % every == 0:
            out.update(render_all(game, label, timings))
            checkpoints += 1
        if resign is not None and game.moves == resign[0]:
            # A resigned seat shows differently on every page: keep it in the corpus.
            services.table_resign(table_id=game.table_id, user=game.users[resign[1]],
                                  idempotency_key=uuid.UUID(int=seed))
        if game.moves >= max_moves or not game.step():
            break
    if game.moves % every:
        out.update(render_all(game, label, timings))
        checkpoints += 1
    return out, game.moves, checkpoints


_BETWEEN_TAGS = re.compile(r">\s+<")
_SPACES = re.compile(r"\s+")


def normalise(html: str) -> str:
    """Whitespace-insensitive form (``--loose``): runs of whitespace become one space, none between tags."""
    return _BETWEEN_TAGS.sub("><", _SPACES.sub(" ", html)).strip()


def compare(fragments: dict[str, str], directory: Path, loose: bool) -> list[str]:
    problems = []
    for key, html in sorted(fragments.items()):
        path = directory / key
        if not path.exists():
            problems.append(f"{key}: not in the corpus")
            continue
        golden = path.read_text(encoding="utf-8")
        a, b = (normalise(golden), normalise(html)) if loose else (golden, html)
        if a != b:
            diff = difflib.unified_diff(a.splitlines() or [a], b.splitlines() or [b], "golden", "now", lineterm="",
                                        n=0)
            lines = list(diff)[2:10]
            problems.append(f"{key}: differs\n      " + "\n      ".join(line[:300] for line in lines))
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(CONFIGS), default="kemble")
    parser.add_argument("--every", type=int, default=10, help="render every N moves (and at the end)")
    parser.add_argument("--max-moves", type=int, default=600, help="stop a game after N moves")
    parser.add_argument("--save", type=Path, help="write every rendered fragment under this directory")
    parser.add_argument("--compare", type=Path, help="report fragments that differ from a saved corpus")
    parser.add_argument("--loose", action="store_true", help="--compare ignores whitespace between tags")
    args = parser.parse_args()
    print(f"bench/render.py --game {args.game}  {machine()}", flush=True)
    timings: dict[str, list[float]] = {k: [] for k in (
        "wall_total", "cpu_viewer", "cpu_fragments", "cpu_context", "cpu_templates", "cpu_baseline", "cpu_cold")}
    fragments: dict[str, str] = {}
    started = time.perf_counter()
    with ScratchDatabase("hyperlane_bench_render") as db:
        django_setup(db.url)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        from games.engine import registry

        registry.get(args.game)  # registers the game (and fails early when it is unknown)
        for config in CONFIGS[args.game]:
            before = len(timings["cpu_cold"])
            out, moves, checkpoints = play(args.game, config, args.every, args.max_moves, timings)
            fragments.update(out)
            cold = timings["cpu_cold"][before:]
            print(f"  {args.game} {config[0]:<11} {moves:>4} moves, {checkpoints:>3} checkpoints, "
                  f"{len(out):>5} fragments   [{time.perf_counter() - started:.0f} s]   cold seat render, CPU:"
                  f" p50 {pct(cold, 0.5):.2f}  p95 {pct(cold, 0.95):.2f}  max {max(cold):.2f} ms", flush=True)
    timings["cpu_split"] = [a + b for a, b in zip(timings["cpu_context"], timings["cpu_templates"], strict=True)]
    renders = len(timings["cpu_split"])
    print(f"\n{renders} seat renders (every seat and a spectator, en + it, at each checkpoint); ms per render:")
    print(f"  {'':<44}{'p50':>8}{'p95':>8}{'mean':>8}{'max':>8}")
    rows = (
        ("board_context + templates, CPU", "cpu_split"),
        ("  board_context, CPU", "cpu_context"),
        ("  templates (4 fragments), CPU", "cpu_templates"),
        ("as the websocket does it, CPU: viewer_for", "cpu_viewer"),
        ("  + render_fragments (first render)", "cpu_fragments"),
        ("viewer_for + render_fragments, wall", "wall_total"),
        ("cold (parts forgotten), each seat in en, CPU", "cpu_cold"),
        ("baseline: json.dumps(engine view), CPU", "cpu_baseline"),
    )
    for title, key in rows:
        v = timings[key]
        if v:
            print(f"  {title:<44}{pct(v, 0.5):>8.2f}{pct(v, 0.95):>8.2f}{sum(v) / len(v):>8.2f}{max(v):>8.2f}")
    base = pct(timings["cpu_baseline"], 0.5)
    if timings["cpu_baseline"] and base > 0:
        print(f"  board_context + templates ÷ baseline (p50): {pct(timings['cpu_split'], 0.5) / base:.0f}×")
    status = 0
    if args.save:
        for key, html in fragments.items():
            path = args.save / key
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(html, encoding="utf-8")
        print(f"\nsaved {len(fragments)} fragments under {args.save}")
    if args.compare:
        problems = compare(fragments, args.compare, args.loose)
        mode = "whitespace-insensitive" if args.loose else "exact"
        if problems:
            print(f"\n{len(problems)} of {len(fragments)} fragments differ from {args.compare} ({mode}):")
            for p in problems[:40]:
                print("  " + p)
            status = 1
        else:
            print(f"\nall {len(fragments)} fragments identical to {args.compare} ({mode})")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
