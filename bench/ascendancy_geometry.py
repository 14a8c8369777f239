"""Ascendancy galaxy geometry: CPU per call of the legal-placement queries on a 40-system galaxy.

A 7-player galaxy (the largest table, 135 x 135 cm) is grown by random legal steps from a seed until it holds
40 systems (homes included), with some open lanes, swings and connections on the way. Then, for every system
with a free lane connection and every lane length (2-4), ``Galaxy.lane_options`` (every direction where a new lane fits, each with whether
its disc fits: what the engine offers a player leaving that system) is timed in CPU time:

* cold: on a galaxy just read from the engine state (``Galaxy.load`` of its JSON dump, as each command does),
  so nothing is cached yet; the load itself is timed apart and subtracted;
* warm: again on the same Galaxy object (its shape index already built).

Also timed per call: ``swing_options`` for every Floating system, ``connection_problem`` for every pair of
systems, ``warp_reach`` (range 3) and ``impulse_reach`` from every system. Baseline, in the same run: the load
of the galaxy from its dump, and ``json.loads(json.dumps(dump))`` of it.

    .venv/bin/python bench/ascendancy_geometry.py [--seed 1] [--systems 40] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.ascendancy.engine.galaxy import Galaxy  # noqa: E402
from games.ascendancy.engine.geometry import home_positions, suggested_table  # noqa: E402
from games.engine.core import Rng  # noqa: E402


def build(seed: int, players: int, systems: int) -> Galaxy:
    rng = Rng.from_seed(seed)
    table = suggested_table(players)
    g = Galaxy(table)
    for i, p in enumerate(home_positions(players, table)):
        g = g.with_system(f"h{i}", p, 4, home=True)
    n = 0
    for _ in range(20000):
        if len(g.systems) >= systems:
            break
        roll = rng.below(10)
        if roll < 8:
            sources = sorted(s for s in g.systems if g.free_lane_slots(s) > 0)
            src, length = rng.choice(sources), rng.choice((2, 3, 4))
            options = g.lane_options(src, length)
            if options:
                opt = rng.choice(options)
                g, lid = g.place_lane(src, opt.direction, length)
                if opt.disc_fits and rng.below(6):
                    n += 1
                    g = g.place_system(lid, f"s{n}", 2 + rng.below(4))
        elif roll == 8:
            floating = sorted(s for s in g.systems if g.kind(s) == "floating")
            ways = g.swing_options(floating[0]) if floating else []
            if ways:
                g = g.swing(floating[0], rng.choice(ways))
        else:
            floating = sorted(s for s in g.systems if g.kind(s) == "floating")
            for src in floating[:1]:
                for dst in sorted(g.systems):
                    if g.connection_problem(src, dst, 4) is None:
                        g, _ = g.connect(src, dst, 4)
                        break
    if len(g.systems) < systems or g.violations():
        raise SystemExit(f"could not grow a valid galaxy of {systems} systems from seed {seed}")
    return g


def cpu_us(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.process_time_ns()
        fn()
        out.append((time.process_time_ns() - t0) / 1000.0)
    return out


def line(name: str, samples: list[float], calls: int) -> None:
    per = [s / calls for s in samples]
    print(f"  {name:<44} {statistics.median(per):9.1f} us/call (min {min(per):.1f}, {calls} calls per run)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--systems", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    g = build(args.seed, 7, args.systems)
    dump = g.dump()
    ids = sorted(g.systems)
    floating = [s for s in ids if g.kind(s) == "floating"]
    open_lanes = sum(1 for ln in g.lanes.values() if ln.open)
    print(f"galaxy: seed {args.seed}, {len(g.systems)} systems, {len(g.lanes)} lanes ({open_lanes} open), "
          f"{len(floating)} floating, table {g.table.width:g} x {g.table.height:g} cm")
    # only systems with a free lane connection: on a full one the query answers at once (R54)
    queries = [(s, n) for s in ids if g.free_lane_slots(s) > 0 for n in (2, 3, 4)]
    offered = [g.lane_options(s, n) for s, n in queries]
    print(f"lane_options: {len(queries)} queries (systems with a free lane connection x lengths 2-4), "
          f"{sum(map(len, offered)) / len(queries):.1f} of 24 directions offered on average, "
          f"{sum(o.disc_fits for opts in offered for o in opts) / len(queries):.1f} with room for the disc")

    print("baseline")
    line("json.loads(json.dumps(dump))", cpu_us(lambda: json.loads(json.dumps(dump)), args.repeat * 20), 1)
    load = cpu_us(lambda: Galaxy.load(dump), args.repeat * 20)
    line("Galaxy.load(dump)", load, 1)

    print("legal placements (lane_options)")

    def cold() -> None:
        for s, n in queries:
            Galaxy.load(dump).lane_options(s, n)

    samples = [t - statistics.median(load) * len(queries) for t in cpu_us(cold, args.repeat)]
    line("cold: fresh Galaxy.load each call (load subtracted)", samples, len(queries))
    warm = Galaxy.load(dump)
    warm.lane_options(ids[0], 2)
    line("warm: one Galaxy, shape index built", cpu_us(lambda: [warm.lane_options(s, n) for s, n in queries],
                                                        args.repeat), len(queries))

    print("other queries (warm)")
    if floating:
        line("swing_options (floating systems)", cpu_us(lambda: [warm.swing_options(s) for s in floating],
                                                         args.repeat), len(floating))
    pairs = [(a, b) for a in ids for b in ids if a != b]
    line("connection_problem (every pair, from_any)",
         cpu_us(lambda: [warm.connection_problem(a, b, 4, from_any=True) for a, b in pairs], args.repeat), len(pairs))
    line("warp_reach range 3", cpu_us(lambda: [warm.warp_reach(f"S:{s}", 3) for s in ids], args.repeat), len(ids))
    line("impulse_reach speed 2", cpu_us(lambda: [warm.impulse_reach(f"S:{s}") for s in ids], args.repeat), len(ids))
    line("violations() (the playout invariant)", cpu_us(warm.violations, args.repeat), 1)


if __name__ == "__main__":
    main()
