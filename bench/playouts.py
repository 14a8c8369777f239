"""Random playouts of every registered game, for every accepted player count x variant, on all cores.

Cells: for each player count the engine accepts, the default options, each option set to each of its
other values one at a time, and every option at a non-default value at once (each mix kept only when
``validate_options`` accepts it; ``--full-product`` uses the whole cross product instead). ``--games``
playouts in all (default 10,000) are spread round-robin over the cells, seeds 0, 1, 2, ... per cell.

Reports games per second, the end conditions reached (``result.reason`` counts), the command kinds
used, and every failure (an exception, or the step cap: a failure too) with its cell and seed. Exit
code 1 on any failure. Every engine under games/<slug>/engine runs, the preview games' (Ascendancy) too;
``--toy`` adds the test toy game
(tests/support/toygame.py; its test hooks ``auto_delay``/``auto_wait_file`` and its ``endless`` option,
which never ends by design, are left out).

    .venv/bin/python bench/playouts.py [--games 10000] [--workers 2] [--max-steps 6000] [--only tng]
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import signal
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from games.engine.core import IllegalCommand, Rules  # noqa: E402
from games.engine.core.testing import StepCapReached, play_random  # noqa: E402


def all_games(with_toy: bool) -> dict[str, Rules]:
    from _common import engines

    out = {r.slug: r for r in engines()}
    if with_toy:
        from tests.support.toygame import TOY

        out[TOY.slug] = TOY
    return out


def _values(spec: Any) -> list[Any]:
    if spec["type"] == "bool":
        return [False, True]
    if spec["type"] == "int":  # the default (None: the engine's own), then the bounds
        return [spec["default"], spec["min"], spec["max"]]
    return list(spec["choices"])


#: Option mixes added for one game, where an option only matters with another one (tng: the Borg options in
#: the Borg scenario, no round limit in the Klingon scenario too).
EXTRA_CELLS: dict[str, list[dict[str, Any]]] = {
    "tng": [
        {"scenario": "klingon_civil_war", "round_limit": 0},
        {"scenario": "borg_invasion", "borg_teams": "teams"},
        {"scenario": "borg_invasion", "starting_ship_effects": False},
    ],
    # Every optional rule on at once (Humble Origins contradicts Extra Resources, R155: it has its own cell),
    # with the rulings' switches away from their defaults.
    "ascendancy": [
        {"simultaneous_first_turns": True, "simultaneous_second_round": True, "extra_resources": True,
         "starting_project": True, "starting_advancement": True, "starting_cards_chosen": True,
         "random_turn_order": True, "unbridled_culture": True, "easier_authority": True,
         "mysterious_turn_order": True, "random_galaxy": True, "free_trade_routes": True,
         "focused_research": True, "allied_cooperation": True, "starbase_limit": "current_authority",
         "temporal_anomaly": "all", "andorian_pride": "strictly_best"},
        {"humble_origins": True, "random_galaxy": True, "starting_advancement": True, "unbridled_culture": True,
         "simultaneous_first_turns": True, "allied_cooperation": True},
    ],
}


def _borg_cells() -> list[dict[str, Any]]:
    """Ascendancy with the Borg (issue 15): every Borg mode alone; in the Delta Quadrant (the only mode of 1-2
    players, R268) each Borg option alone and all at once, with the rulings' switches away from their
    defaults; every Borg option at once in each other mode; and every optional rule of the base game with the
    Borg in the Delta Quadrant. A cell a player count refuses is left out by ``cells``."""
    borg_bools = ("borg_attack_command_attack", "borg_three_spires", "borg_takes_a_fleet", "borg_out_there",
                  "borg_humble_origins")
    switches = {"borg_hub_roll": "five_up", "borg_resurrection": "command_phase"}
    needs = {"borg_humble_origins": {"humble_origins": True},  # R275
             "borg_mysterious_turn_order": {"mysterious_turn_order": True}}  # R274
    every_borg = {**dict.fromkeys(borg_bools + ("borg_mysterious_turn_order",), True), "humble_origins": True,
                  "mysterious_turn_order": True}
    out: list[dict[str, Any]] = []
    for mode in ("delta_quadrant", "discovered", "delta_probe"):
        out.append({"borg_mode": mode})
        out.append({"borg_mode": mode, **every_borg, **switches})
    dq = {"borg_mode": "delta_quadrant"}
    out += [{**dq, name: True, **needs.get(name, {})} for name in borg_bools + ("borg_mysterious_turn_order",)]
    out += [{**dq, name: value} for name, value in switches.items()]
    out += [{**dq, "borg_hub_distance": d} for d in ("30", "60")]
    out += [{**dq, **cell} for cell in EXTRA_CELLS["ascendancy"] if "borg_mode" not in cell]
    return out


EXTRA_CELLS["ascendancy"] += _borg_cells()


#: A game's own step cap where random games run long: Ascendancy's random bots reach a victory after 1,100
#: commands on average at 7 players, but some games take 80-90 rounds (6,000-7,000 commands) and still end
#: (the engine tests allow 40,000 for the same reason).
MAX_STEPS: dict[str, int] = {"ascendancy": 40_000}


def cells(rules: Rules, full_product: bool) -> list[tuple[int, dict[str, Any]]]:
    """Every (player count, options) mix the engine accepts, deduplicated."""
    schema = [s for s in rules.option_schema() if len(_values(s)) > 1]
    candidates: list[dict[str, Any]] = []
    if full_product:
        for combo in itertools.product(*[_values(s) for s in schema]):
            candidates.append({s["name"]: v for s, v in zip(schema, combo, strict=True)})
    else:
        candidates.append({})
        for s in schema:
            candidates += [{s["name"]: v} for v in _values(s) if v != s["default"]]
        # Every option away from its default at once (the first non-default choice of each).
        candidates.append({s["name"]: next(v for v in _values(s) if v != s["default"]) for s in schema})
        candidates += EXTRA_CELLS.get(rules.slug, [])
    out: list[tuple[int, dict[str, Any]]] = []
    seen: set[str] = set()
    lowest = min(rules.min_players, getattr(rules, "borg_min_players", rules.min_players))  # Ascendancy: 1-2 vs the Borg
    for n in range(lowest, rules.max_players + 1):
        for opts in candidates:
            try:
                full = rules.validate_options(n, opts)
            except IllegalCommand:
                continue
            key = json.dumps([n, full], sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append((n, {k: v for k, v in full.items() if k in opts}))
    return out


def run_one(job: tuple[str, int, dict[str, Any], int, int]) -> dict[str, Any]:
    slug, players, options, seed, max_steps = job
    rules = _GAMES[slug]
    try:
        playout = play_random(rules, seed=seed, num_players=players, options=options, max_steps=max_steps)
    except StepCapReached as exc:
        return {"ok": False, "slug": slug, "players": players, "options": options, "seed": seed,
                "error": f"step cap: {exc}"}
    except Exception as exc:  # noqa: BLE001 - every failure is reported with its seed
        return {"ok": False, "slug": slug, "players": players, "options": options, "seed": seed,
                "error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc(limit=6)}
    result = rules.result(playout.state)
    return {"ok": True, "slug": slug, "players": players, "reason": result.reason if result else "?",
            "kinds": playout.kinds, "steps": len(playout.commands)}


_GAMES: dict[str, Rules] = {}


def _init(with_toy: bool) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a worker is stopped by the parent (``pool.terminate``)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _GAMES.update(all_games(with_toy))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="playouts per game, over all cells")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--max-steps", type=int, default=0,
                        help="step cap per playout (a failure); default 6000, or the game's own (MAX_STEPS)")
    parser.add_argument("--full-product", action="store_true", help="every option combination as a cell")
    parser.add_argument("--toy", action="store_true", help="also run the test toy game")
    parser.add_argument("--only", default="", help="only this game (its slug, e.g. tng)")
    args = parser.parse_args()
    _init(args.toy)
    from _common import machine

    print(f"bench/playouts.py  {machine()}\n  workers={args.workers}"
          f"  games={args.games} per game  max_steps={args.max_steps or 'per game'}")
    failures: list[dict[str, Any]] = []
    interrupted = False
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # ``kill``: stop as Ctrl-C does, with the report
    with multiprocessing.Pool(args.workers, initializer=_init, initargs=(args.toy,)) as pool:
        for slug, rules in _GAMES.items():
            if args.only and slug != args.only:
                continue
            game_cells = cells(rules, args.full_product)
            if slug == "toy":
                game_cells = [c for c in game_cells if not {"auto_delay", "endless"} & set(c[1])]
            jobs = []
            for i in range(args.games):
                players, options = game_cells[i % len(game_cells)]
                jobs.append((slug, players, options, i // len(game_cells),
                             args.max_steps or MAX_STEPS.get(slug, 6000)))
            started = time.perf_counter()
            reasons: Counter[str] = Counter()
            kinds: Counter[str] = Counter()
            per_players: Counter[int] = Counter()
            by_players: dict[int, Counter[str]] = {}
            steps_by_players: Counter[int] = Counter()
            steps = 0
            interrupted = False
            results = pool.imap_unordered(run_one, jobs, chunksize=8)
            while True:
                try:
                    out = next(results)
                except StopIteration:
                    break
                except KeyboardInterrupt:  # SIGINT or SIGTERM: report what was played, then stop
                    interrupted = True
                    pool.terminate()
                    break
                if out["ok"]:
                    reasons[out["reason"]] += 1
                    kinds.update(out["kinds"])
                    steps += out["steps"]
                    by_players.setdefault(out["players"], Counter())[out["reason"]] += 1
                    steps_by_players[out["players"]] += out["steps"]
                else:
                    failures.append(out)
                    print(f"  FAIL players={out['players']} options={json.dumps(out['options'], sort_keys=True)}"
                          f" seed={out['seed']}: {out['error']}", file=sys.stderr, flush=True)
                done = sum(reasons.values()) + len([f for f in failures if f["slug"] == slug])
                if done % 500 == 0:  # a long run shows how far it is (10,000 Ascendancy games: over an hour)
                    print(f"  {slug}: {done:,} of {len(jobs):,} in {time.perf_counter() - started:,.0f} s",
                          file=sys.stderr, flush=True)
            elapsed = time.perf_counter() - started
            played = sum(reasons.values()) + len([f for f in failures if f["slug"] == slug])
            if interrupted:
                print(f"\nINTERRUPTED after {played:,} of {len(jobs):,} playouts: the figures below are those games'")
                jobs = jobs[:played]
            for players, _ in game_cells:
                per_players[players] += 1
            print(f"\n== {slug}: {len(jobs):,} playouts over {len(game_cells)} cells"
                  f" (cells per player count: {dict(sorted(per_players.items()))}) in {elapsed:.1f} s")
            print(f"  {len(jobs) / elapsed:,.1f} games/s   {steps / elapsed:,.0f} commands/s"
                  f"   mean {steps / max(1, len(jobs) - len([f for f in failures if f['slug'] == slug])):,.0f}"
                  " commands/game")
            print("  end conditions: " + ", ".join(f"{k} {v:,}" for k, v in reasons.most_common()))
            for players, ended in sorted(by_players.items()):
                done = sum(ended.values())
                print(f"    {players} players: {done:,} games, mean {steps_by_players[players] / done:,.0f}"
                      " commands: " + ", ".join(f"{k} {v:,}" for k, v in ended.most_common()))
            print("  command kinds:  " + ", ".join(f"{k} {v:,}" for k, v in kinds.most_common()))
            game_failures = [f for f in failures if f["slug"] == slug]
            print(f"  failures: {len(game_failures)}")
            if interrupted:
                break
    for i, f in enumerate(failures):
        print(f"FAIL {f['slug']} players={f['players']} options={json.dumps(f['options'], sort_keys=True)}"
              f" seed={f['seed']}: {f['error']}")
        if f.get("trace") and i < 10:
            print("    " + f["trace"].replace("\n", "\n    "))
    print(f"\n{'FAILED' if failures else 'OK'}: {len(failures)} failure(s)")
    return 1 if failures else (2 if interrupted else 0)


if __name__ == "__main__":
    raise SystemExit(main())
