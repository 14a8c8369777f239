"""Engine speed: commands applied per second, p50/p99 apply time, and replay of a long game.

For every registered game (``games.engine.registry.all_rules()``) plus the test toy game, random
playouts are timed command by command (only ``Rules.apply`` is timed, not the bots' choices). The
baseline, measured in the same run on the same states, is a trivial deep copy
(``json.loads(json.dumps(state))``) of the state each command was applied to; ratios are apply/baseline.

Replay: a game built by random playout is replayed from its seed with ``games.engine.core.replay.replay``.
A Kemble's Cascade game ends long before 1,000 commands (about 400 at four players), so several games
are chained: the figure is the time to replay 1,000 commands' worth of games (and the toy game's
``endless`` option gives a single game of exactly 1,000 commands).

    .venv/bin/python bench/engine.py [--seconds 20] [--replays 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from games.engine import registry  # noqa: E402
from games.engine.core import Command, Rng, Rules  # noqa: E402
from games.engine.core.replay import replay  # noqa: E402


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def games_under_test() -> list[tuple[str, Rules, dict[str, Any]]]:
    out = [(r.slug, r, {}) for r in registry.all_rules()]
    from tests.support.toygame import TOY

    out.append(("toy (tests/support, endless)", TOY, {"endless": True}))
    return out


def timed_playout(
    rules: Rules, seed: int, players: int, options: dict[str, Any], max_steps: int
) -> tuple[list[float], list[float], list[Command]]:
    """One random playout; returns apply times, baseline (JSON copy) times and the commands."""
    game_rng = Rng.from_seed(seed)
    bot = Rng.from_seed(seed ^ 0x5EED_B07)
    opts = rules.validate_options(players, options)
    state = rules.setup(num_players=players, options=opts, rng=game_rng).state
    apply_t: list[float] = []
    base_t: list[float] = []
    commands: list[Command] = []
    clock = time.perf_counter
    for _ in range(max_steps):
        if rules.result(state) is not None:
            break
        command = rules.auto_command(state)
        if command is None:
            seats = sorted(rules.seats_to_act(state))
            seat = seats[bot.below(len(seats))]
            legal = rules.legal_commands(state, seat)
            command = legal[bot.below(len(legal))]
        t0 = clock()
        copied = json.loads(json.dumps(state))
        t1 = clock()
        out = rules.apply(state, command, game_rng)
        t2 = clock()
        del copied
        base_t.append(t1 - t0)
        apply_t.append(t2 - t1)
        commands.append(command)
        state = out.state
    return apply_t, base_t, commands


def bench_apply(name: str, rules: Rules, options: dict[str, Any], seconds: float) -> None:
    players = min(4, rules.max_players)
    apply_t: list[float] = []
    base_t: list[float] = []
    games = 0
    deadline = time.monotonic() + seconds
    seed = 0
    while time.monotonic() < deadline:
        a, b, _ = timed_playout(rules, seed, players, options, max_steps=2000)
        apply_t += a
        base_t += b
        games += 1
        seed += 1
    total = sum(apply_t)
    base_total = sum(base_t)
    print(f"\n== {name}: {players} players, {games} random playouts, {len(apply_t):,} commands")
    print(f"  apply: {len(apply_t) / total:,.0f} commands/s   p50 {pct(apply_t, .5) * 1e6:,.0f} us"
          f"   p99 {pct(apply_t, .99) * 1e6:,.0f} us   mean {statistics.fmean(apply_t) * 1e6:,.0f} us")
    print(f"  baseline (JSON round trip of the same states): {len(base_t) / base_total:,.0f} copies/s"
          f"   p50 {pct(base_t, .5) * 1e6:,.0f} us   p99 {pct(base_t, .99) * 1e6:,.0f} us")
    print(f"  ratio apply/baseline: mean {total / base_total:.1f}x   p50 {pct(apply_t, .5) / pct(base_t, .5):.1f}x"
          f"   p99 {pct(apply_t, .99) / pct(base_t, .99):.1f}x")


def bench_replay(name: str, rules: Rules, options: dict[str, Any], repeats: int, target: int = 1000) -> None:
    players = min(4, rules.max_players)
    opts = rules.validate_options(players, options)
    games: list[tuple[int, list[Command]]] = []
    seed = 1000
    total = 0
    while total < target:
        _a, _b, commands = timed_playout(rules, seed, players, options, max_steps=target - total)
        games.append((seed, commands))
        total += len(commands)
        seed += 1
    best = float("inf")
    base_best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        for seed_, commands in games:
            replay(rules, seed=seed_, num_players=players, options=opts, commands=commands)
        best = min(best, time.perf_counter() - t0)
        # Baseline: JSON round trip of every state the replay passes through (re-derived cheaply here by
        # copying the final state of each game once per command).
        t0 = time.perf_counter()
        for seed_, commands in games:
            final, _rng, _ev = replay(rules, seed=seed_, num_players=players, options=opts, commands=commands[:0])
            for _c in commands:
                json.loads(json.dumps(final))
        base_best = min(base_best, time.perf_counter() - t0)
    print(f"  replay: {total:,} commands in {len(games)} game(s): best of {repeats} {best * 1e3:,.1f} ms"
          f"  ({total / best:,.0f} commands/s); baseline {total:,} JSON copies of a state {base_best * 1e3:,.1f} ms"
          f"  -> ratio {best / base_best:.1f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0, help="time spent on random playouts per game")
    parser.add_argument("--replays", type=int, default=5, help="replay repetitions (best is reported)")
    args = parser.parse_args()
    from _common import machine

    print(f"bench/engine.py  {machine()}")
    for name, rules, options in games_under_test():
        bench_apply(name, rules, options, args.seconds)
        bench_replay(name, rules, options, args.replays)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
