"""End to end: PostgreSQL + Redis + Daphne + a Celery worker (+ beat), 100 live tables x 4 websockets.

For each game (Kemble's Cascade, 4 players; TNG deck-building, 4 players, exploration; the test toy
game, 4 players, ``endless``) and each number of Daphne servers (``--servers 1,2``: tables spread
round-robin over the servers; every server shares the Redis channel layer), 100 fresh tables are
started and their 400 seats connect a websocket. Then:

- a light load first (``--low-rate``, default 5 moves/s): the latency of a move on an idle site;
- offered load: ``--rate`` (default 100) moves per second for ``--seconds``, open loop (a move offered
  when no table is ready, e.g. all wait for an automatic step, is counted as skipped): latency from a
  move's POST to the moment every other seat's websocket has its new view, p50/p95/p99 (target: p95 <
  60 ms), and the POST's own round trip;
- saturation: closed loop, every table moves again as soon as its last move reached every seat, for
  ``--seconds``: the moves per second completed (target: >= 300);
- a floor: the same clients posting a move form with no command to a table that does not exist, which
  the site refuses (404) after the whole request cycle (session, CSRF, sign-in, rate limit, parsing,
  the table lookup) before any write or render: requests per second and Daphne CPU per request.

``--profile DIR`` samples every Daphne with py-spy (the thread holding the GIL) during the saturated
phase and the floor, as collapsed stacks in DIR.

Baselines in the same run: (a) the bare PostgreSQL transaction of a move (SELECT ... FOR UPDATE of the
table row, INSERT of a command row, UPDATE of the table) with psycopg, one connection in sequence and 8
in parallel (target: a move's server cost at most 4x that); (b) boardgame.io 0.50's server running a
four-player counter game (bench/bgio/), with the same 100 x 4 clients and the same offered loads;
(c) the stack ceiling, measured first: the same 100 x 4 load (offered rate, then closed loop) against
bench/stackfloor/, an app made only of the mandated stack (a sync Django view through Daphne that INCRs
a Redis counter and group_sends through channels_redis; 4 AsyncWebsocketConsumers per table each sending
one ~2 KB frame per move), no game, database or rendering (``_stackfloor_load.py``). Variants
(``--stack-variants``, cumulative): ``bare`` (no middleware), ``hop`` (+ a sync_to_async hop in the
consumer before its send, as the site's render), ``mw`` (+ the site's middleware minus the database
ones). ``--no-stack`` skips it, ``--only-stack`` runs only it.

Everything listens on and talks to 127.0.0.1 only. ``DATABASE_URL`` / ``REDIS_URL`` name the servers
(default postgres@127.0.0.1:5432 and 127.0.0.1:6379). A scratch database is used, and a Redis of our
own on a free port when redis-server is installed (else database 12 of REDIS_URL).

    .venv/bin/python bench/server.py [--seconds 20] [--rate 100] [--servers 1,2] [--workers 1]
                                     [--tables 100] [--games kemble,tng,toy] [--no-bgio]
                                     [--no-stack | --only-stack] [--stack-variants bare,hop,mw]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import ROOT, cpu_seconds, loadavg, machine, pct  # noqa: E402
from _load import Driver  # noqa: E402
from _site import BenchSite, make_tables, start_private_redis  # noqa: E402
from _stackfloor_load import VARIANTS as STACK_VARIANTS  # noqa: E402
from _stackfloor_load import run_stack  # noqa: E402

GAMES = {
    "kemble": ({}, "Kemble's Cascade 4p"),
    "tng": ({}, "Star Trek TNG deck-building 4p (exploration)"),
    "toy": ({"endless": True}, "toy game 4p (endless)"),
}
BGIO_DIR = ROOT / "bench" / ".bgio"


def fmt(r: dict[str, Any]) -> str:
    return (f"{r['moves']:>6} moves  {r['rate']:>6.1f}/s  p50 {r['p50']:>6.1f}  p95 {r['p95']:>6.1f}"
            f"  p99 {r['p99']:>6.1f} ms  (POST alone p50 {r.get('post_p50', float('nan')):.1f}"
            f" p95 {r.get('post_p95', float('nan')):.1f} ms)  status {r.get('status', {})}"
            f"  lost {r.get('lost', 0)}  skipped {r.get('skipped', 0)}/{r.get('offered', 0)}"
            + (("\n      CPU ms per move applied: " + ", ".join(f"{k} {v:.1f}" for k, v in r["cpu"].items())
                + f"  -> server total {server_cpu(r):.1f} ms, a 2-core ceiling of {2000 / server_cpu(r):.0f} moves/s")
               if r.get("cpu") and r["moves"] else ""))


def server_cpu(r: dict[str, Any]) -> float:
    return sum(v for k, v in r["cpu"].items() if k != "bench") or float("nan")


# --- baseline (a): the bare transaction ------------------------------------------------------------

def bare_transactions(database_url: str, table_ids: list[int], seconds: float) -> dict[str, Any]:
    import psycopg

    # Every column, as Django's select_for_update() reads the row (the state JSON included).
    sql_lock = "SELECT *, version FROM games_table WHERE id = %s FOR UPDATE"
    sql_insert = ("INSERT INTO games_command (table_id, seq, seat, user_id, kind, args, idempotency_key,"
                  " undoable, undone, created_at) VALUES (%s, %s, 0, NULL, 'bench', '{\"n\": 1}',"
                  " gen_random_uuid(), false, false, now())")
    sql_update = "UPDATE games_table SET version = %s, updated_at = now() WHERE id = %s"

    def one(conn: Any, table_id: int) -> float:
        t0 = time.perf_counter()
        with conn.transaction():
            row = conn.execute(sql_lock, (table_id,)).fetchone()
            new = row[-1] + 1
            conn.execute(sql_insert, (table_id, new))
            conn.execute(sql_update, (new, table_id))
        return time.perf_counter() - t0

    out: dict[str, Any] = {}
    with psycopg.connect(database_url, autocommit=True) as conn:
        for i in range(200):  # warm-up
            one(conn, table_ids[i % len(table_ids)])
        times = []
        deadline = time.perf_counter() + seconds / 2
        i = 0
        while time.perf_counter() < deadline:
            times.append(one(conn, table_ids[i % len(table_ids)]))
            i += 1
        ms = [t * 1000 for t in times]
        out["serial"] = {"n": len(ms), "rate": len(ms) / sum(times), "p50": pct(ms, .5), "p95": pct(ms, .95),
                         "p99": pct(ms, .99), "mean": statistics.fmean(ms)}
    # 8 connections in parallel, each on its own tables (no lock waits): the database's own ceiling here.
    counts = [0] * 8
    stop = time.perf_counter() + seconds / 2

    def worker(k: int) -> None:
        with psycopg.connect(database_url, autocommit=True) as conn:
            mine = table_ids[k::8]
            j = 0
            while time.perf_counter() < stop:
                one(conn, mine[j % len(mine)])
                counts[k] += 1
                j += 1

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out["parallel8_rate"] = sum(counts) / (time.perf_counter() - started)
    return out


# --- baseline (b): boardgame.io --------------------------------------------------------------------

def ensure_bgio() -> str | None:
    """Install boardgame.io 0.50 into bench/.bgio (gitignored) if needed; None when it works."""
    if not shutil.which("node") or not shutil.which("npm"):
        return "node/npm not found"
    if not (BGIO_DIR / "node_modules" / "boardgame.io").exists():
        BGIO_DIR.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "bench" / "bgio" / "package.json", BGIO_DIR / "package.json")
        r = subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=BGIO_DIR, capture_output=True,
                           text=True, timeout=600)
        if r.returncode != 0:
            return f"npm install failed: {r.stderr[-2000:]}"
    return None


def run_bgio(tables: int, rate: float, seconds: float) -> dict[str, Any]:
    from tests.live.harness import free_port

    problem = ensure_bgio()
    if problem:
        return {"error": problem}
    env = dict(os.environ, NODE_PATH=str(BGIO_DIR / "node_modules"))
    port = free_port()
    log = open(BGIO_DIR / "server.log", "wb")  # noqa: SIM115 - closed below
    server = subprocess.Popen(["node", str(ROOT / "bench" / "bgio" / "server.js"), str(port)], env=env,
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        import httpx

        for _ in range(100):
            try:
                httpx.get(f"http://127.0.0.1:{port}/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        out = {}
        for label, r in (("offered", rate), ("saturated", 0)):
            proc = subprocess.run(["node", str(ROOT / "bench" / "bgio" / "load.js"), str(port), str(tables), str(r),
                                   str(seconds)], env=env, capture_output=True, text=True, timeout=seconds + 300)
            if proc.returncode != 0:
                return {"error": f"load script failed: {proc.stderr[-2000:]}"}
            out[label] = json.loads(proc.stdout.strip().splitlines()[-1])
        return out
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


# --- baseline (c): the stack ceiling ---------------------------------------------------------------

STACK_HEADING = "stack ceiling: Django view + Channels group_send + 4 websocket frames, no game"


def stack_ceiling(args: argparse.Namespace, server_counts: list[int]) -> dict[str, Any]:
    """bench/stackfloor/ under the site's load shape, on a Redis of its own (stopped at the end)."""
    from _common import DEFAULT_REDIS_URL, with_path

    saved = os.environ.get("REDIS_URL")
    os.environ.setdefault("REDIS_URL", DEFAULT_REDIS_URL)
    redis_proc = start_private_redis()  # names itself in REDIS_URL (database 0)
    redis_url = os.environ["REDIS_URL"] if redis_proc else with_path(os.environ["REDIS_URL"], "/13")
    if redis_proc is None:
        subprocess.run(["redis-cli", "-u", redis_url, "flushdb"], check=False, capture_output=True)
    print(f"\n(c) {STACK_HEADING}   [{loadavg()}]", flush=True)
    for name in args.stack_variants.split(","):
        print(f"  {name}: {STACK_VARIANTS[name][2]}")

    def report(key: str, r: dict[str, Any]) -> None:
        name, count = key.split("/")
        print(f"  {name}, {count} daphne server(s)  ({args.tables * 4} websockets opened in {r['open_seconds']:.1f} s,"
              f" {r['frames']} frames)   [{loadavg()}]")
        for phase, label in (("offered", f"offered {args.rate:g}/s:"), ("saturated", "saturated:     ")):
            if r[phase]:
                print(f"    {label} {fmt(r[phase])}\n      {stack_cores(r[phase]['cores'])}")
        if r["errors"] or r["saturated"].get("errors"):
            print(f"    errors: {r['errors']} {r['saturated'].get('errors')}")
        sys.stdout.flush()

    log_dir = Path(tempfile.mkdtemp(prefix="hyperlane-stack-"))
    try:
        return run_stack(tables=args.tables, server_counts=server_counts, rate=args.rate, seconds=args.seconds,
                         variants=args.stack_variants.split(","), redis_url=redis_url,
                         redis_pid=redis_proc.pid if redis_proc else None, log_dir=log_dir, report=report)
    finally:
        if redis_proc is not None:
            redis_proc.terminate()
            redis_proc.wait(timeout=10)
        if saved is None:
            os.environ.pop("REDIS_URL", None)
        else:
            os.environ["REDIS_URL"] = saved
        shutil.rmtree(log_dir, ignore_errors=True)


def stack_cores(cores: dict[str, float]) -> str:
    """Where the phase's CPU went, in cores busy on average (the machine's 2 are shared with others)."""
    daphnes = [v for k, v in sorted(cores.items()) if k.startswith("daphne")]
    ours = sum(v for k, v in cores.items() if k != "machine")
    return (f"cores busy: daphne {' + '.join(f'{v:.2f}' for v in daphnes)}, redis {cores.get('redis', 0):.2f},"
            f" load generator {cores['bench']:.2f}; the whole machine {cores['machine']:.2f}"
            f" (others {max(0.0, cores['machine'] - ours):.2f})")


def stack_summary(stack: dict[str, Any], rate: float) -> None:
    for key, r in stack.items():
        off, sat = r["offered"], r["saturated"]
        name, count = key.split("/")
        print(f"  stack {name}/{count}: saturated {sat['rate']:.0f} moves/s seen by all 4 sockets"
              f" (target >= 300: {'met' if sat['rate'] >= 300 else 'MISSED'}), daphne CPU"
              f" {sat['cpu']['daphne']:.2f} ms per move (2-core ceiling of the server alone"
              f" {2000 / server_cpu(sat):.0f}/s), load generator {sat['cpu']['bench']:.2f} ms per move"
              + (f"; p95 at {rate:g}/s {off['p95']:.1f} ms (target < 60: {'met' if off['p95'] < 60 else 'MISSED'})"
                 if off else ""))


# --- the site ---------------------------------------------------------------------------------------

class CpuMeter:
    """CPU seconds used by the site's processes and by its PostgreSQL backends: a cost per move that
    does not depend on what else the machine is running (it was shared while these figures were taken)."""

    def __init__(self, site: BenchSite) -> None:
        self.site = site

    def snapshot(self) -> dict[str, float]:
        from django.db import connection

        web = self.site.asgi  # the web processes' CPU is named after their server: daphne or uvicorn
        out: dict[str, float] = {web: 0.0, "celery": 0.0, "postgres": 0.0}
        for name, proc in self.site.procs.items():
            out[web if name.startswith("web") else "celery"] += cpu_seconds(proc.pid)
        with connection.cursor() as cur:
            cur.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
            pids = [r[0] for r in cur.fetchall()]
        self.pg = {pid: cpu_seconds(pid) for pid in pids}
        out["postgres"] = sum(self.pg.values())
        out["bench"] = sum(os.times()[:2])
        return out

    def per_move(self, before: dict[str, float], after: dict[str, float], moves: int) -> dict[str, float]:
        # Backends that came and went between the two snapshots are not counted; those present in both are.
        return {k: (after[k] - before[k]) * 1000 / max(1, moves) for k in before}


def start_profilers(site: BenchSite, out_dir: Path | None, seconds: float, label: str) -> list[subprocess.Popen[bytes]]:
    """py-spy sampling every web server for the saturated phase, only the thread holding the GIL (its
    CPU), as collapsed stacks (one ``frame;frame;... count`` line each) in OUT_DIR/<game>-<n>-web<i>.txt."""
    if out_dir is None:
        return []
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    out_dir.mkdir(parents=True, exist_ok=True)
    procs = []
    for name, proc in sorted(site.procs.items()):
        if name.startswith("web"):
            procs.append(subprocess.Popen(
                [spy, "record", "--pid", str(proc.pid), "--duration", str(int(seconds)), "--rate", "250",
                 "--format", "raw", "--output", str(out_dir / f"{label}-{name}.txt"), "--nonblocking", "--gil"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    return procs


async def drive(specs: list[Any], rate: float, seconds: float, meter: CpuMeter, low_rate: float,
                profile: tuple[BenchSite, Path, str] | None = None, via_socket: bool = False) -> dict[str, Any]:
    driver = Driver(specs, via_socket=via_socket)
    t0 = time.perf_counter()
    await driver.open()
    opened = time.perf_counter() - t0
    await driver.offered(low_rate, min(5.0, seconds / 4), record=False)  # warm-up
    low = await driver.offered(low_rate, seconds) if low_rate else None
    c0 = await asyncio.to_thread(meter.snapshot)
    offered = await driver.offered(rate, seconds)
    c1 = await asyncio.to_thread(meter.snapshot)
    # Per move applied (every 200 answer), whether or not its views arrived within the time limit.
    offered["cpu"] = meter.per_move(c0, c1, offered["status"].get(200, 0))
    profilers = start_profilers(profile[0], profile[1], seconds, profile[2]) if profile else []
    saturated = await driver.saturate(seconds)
    for spy in profilers:
        await asyncio.to_thread(spy.wait)
    c2 = await asyncio.to_thread(meter.snapshot)
    saturated["cpu"] = meter.per_move(c1, c2, saturated["status"].get(200, 0))
    floor_seconds = min(seconds, 10.0)
    profilers = start_profilers(profile[0], profile[1], floor_seconds, profile[2] + "-floor") if profile else []
    refused = await driver.refused_posts(floor_seconds)
    for spy in profilers:
        await asyncio.to_thread(spy.wait)
    c3 = await asyncio.to_thread(meter.snapshot)
    refused["cpu"] = meter.per_move(c2, c3, refused["requests"])
    frames = sum(s.frames for t in driver.tables for s in t.seats)
    await driver.close()
    return {"open_seconds": opened, "low": low, "offered": offered, "saturated": saturated, "frames": frames,
            "refused": refused}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each measured phase")
    parser.add_argument("--rate", type=float, default=100.0, help="offered moves per second")
    parser.add_argument("--low-rate", type=float, default=5.0, help="a light load first (0: skip)")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--servers", default="1,2", help="Daphne server counts to measure, e.g. 1,2,3")
    parser.add_argument("--workers", type=int, default=1, help="Celery workers (solo pool each)")
    parser.add_argument("--games", default="kemble,tng,toy")
    parser.add_argument("--move-paths", default="post",
                        help="how moves are sent, measured one after the other on fresh tables: post (the "
                             "form's HTTP POST), socket (over the mover's open websocket, issue 12), or both: post,socket")
    parser.add_argument("--layers", default="core",
                        help="the site's channel layer, measured one after the other (the site's processes restarted"
                             " between): core (channels_redis's queues) and/or pubsub (its pub/sub layer; "
                             "HYPERLANE_CHANNEL_LAYER), e.g. core,pubsub; repeat them to alternate: core,pubsub,core,pubsub")
    parser.add_argument("--no-bgio", action="store_true")
    parser.add_argument("--no-stack", action="store_true", help="skip the stack ceiling (c)")
    parser.add_argument("--only-stack", action="store_true", help="run only the stack ceiling (c)")
    parser.add_argument("--stack-variants", default="bare,hop,mw",
                        help=f"stack ceiling variants, cumulative: {', '.join(STACK_VARIANTS)}")
    parser.add_argument("--asgi", choices=["daphne", "uvicorn"], default="daphne",
                        help="the web processes' ASGI server (uvicorn: a comparison; install it first)")
    parser.add_argument("--profile", type=Path, metavar="DIR",
                        help="sample every Daphne with py-spy during the saturated phase; collapsed stacks in DIR")
    args = parser.parse_args()
    server_counts = [int(x) for x in args.servers.split(",")]
    print(f"bench/server.py  {machine()}")
    print(f"  {args.tables} tables x 4 seats, offered {args.rate:g} moves/s and saturation, {args.seconds:g} s each;"
          f" {args.asgi} servers {server_counts}, Celery workers {args.workers}", flush=True)
    results: dict[str, Any] = {}
    if not args.no_stack or args.only_stack:
        unknown = set(args.stack_variants.split(",")) - set(STACK_VARIANTS)
        if unknown:
            parser.error(f"unknown stack variants {sorted(unknown)}")
        results["stack"] = stack_ceiling(args, server_counts)
    if args.only_stack:
        print("\n== summary")
        stack_summary(results["stack"], args.rate)
        return 0
    var_dir = Path(tempfile.mkdtemp(prefix="hyperlane-bench-"))
    site = BenchSite.start(var_dir, servers=max(server_counts), workers=args.workers, asgi=args.asgi)
    try:
        site.use_django()
        from accounts.models import User
        from games import services

        owner = User.objects.create_user(username="bench-owner", email="owner@bench.invalid", password=None)
        base_tables = [services.table_create(user=owner, game="toy", num_players=4, options={}).pk
                       for _ in range(64)]
        bare = bare_transactions(site.env["DATABASE_URL"], base_tables, 10.0)
        results["bare"] = bare
        s = bare["serial"]
        print(f"\n(a) bare PostgreSQL move transaction (lock, insert, update; psycopg): one connection"
              f" p50 {s['p50']:.2f} ms p95 {s['p95']:.2f} p99 {s['p99']:.2f} ms ({s['rate']:.0f}/s);"
              f" 8 connections {bare['parallel8_rate']:.0f}/s   [{loadavg()}]", flush=True)
        layers = args.layers.split(",")
        runs = [(layer, game, c, p) for layer in layers for game in args.games.split(",")
                for c in server_counts for p in args.move_paths.split(",")]
        for layer, game, count, path in runs:
            if site.env.get("HYPERLANE_CHANNEL_LAYER") != layer:  # named, whatever the settings' default
                site.restart({"HYPERLANE_CHANNEL_LAYER": layer}, workers=args.workers)
                print(f"\n== the site's processes restarted on channels_redis's {layer} layer   [{loadavg()}]", flush=True)
            at = f"@{layer}" if len(layers) > 1 else ""
            options, label = GAMES[game]
            specs = make_tables(game, args.tables, 4, options, site.ports[:count])
            suffix = "/socket" if path == "socket" else ""
            profile = (site, args.profile, f"{game}-{count}{suffix.replace('/', '-')}") if args.profile else None
            r = asyncio.run(drive(specs, args.rate, args.seconds, CpuMeter(site), args.low_rate, profile,
                                  via_socket=path == "socket"))
            results[f"{game}/{count}{suffix}{at}"] = r
            print(f"\n{label}, {count} {args.asgi} server(s), {args.workers} Celery worker(s), moves by {path},"
                  f" channel layer {layer}"
                  f"  ({len(specs) * 4} websockets opened in {r['open_seconds']:.1f} s)   [{loadavg()}]")
            if r["low"]:
                print(f"  offered {args.low_rate:g}/s: {fmt(r['low'])}")
            print(f"  offered {args.rate:g}/s: {fmt(r['offered'])}")
            print(f"  saturated:      {fmt(r['saturated'])}")
            for phase in ("offered", "saturated"):
                c = r[phase]["cpu"]
                print(f"  CPU ms per move applied, {phase}: {args.asgi} {c[args.asgi]:.1f}, PostgreSQL {c['postgres']:.1f},"
                      f" Celery {c['celery']:.1f}; the load generator's own {c['bench']:.1f} (not the site's)")
            f = r["refused"]
            print(f"  floor, a move POST refused before any write or render (404, no such table): {f['rate']:.0f} requests/s,"
                  f" p50 {f['p50']:.1f} ms, {args.asgi} CPU {f['cpu'][args.asgi]:.1f} ms per request  {f['status']}")
            if r["offered"].get("errors") or r["saturated"].get("errors"):
                print(f"  errors: {r['offered'].get('errors')} {r['saturated'].get('errors')}")
            sys.stdout.flush()
    finally:
        for name in sorted(site.procs):
            text = (var_dir / f"{name}.log").read_text(errors="replace") if (var_dir / f"{name}.log").exists() else ""
            errors = [line for line in text.splitlines() if line and not line.startswith((" ", "\t", "Traceback"))
                      and ("Error" in line or "Exception" in line)]
            if errors:
                print(f"  {name}.log: {len(errors)} error lines, e.g. {errors[-1][:300]}")
        site.stop()
        shutil.rmtree(var_dir, ignore_errors=True)
    if not args.no_bgio:
        bg = run_bgio(args.tables, args.rate, args.seconds)
        results["bgio"] = bg
        if "error" in bg:
            print(f"\n(b) boardgame.io 0.50: FAILED: {bg['error']}")
        else:
            print(f"\n(b) boardgame.io 0.50 counter game, 1 node process   [{loadavg()}]")
            for phase in ("offered", "saturated"):
                print(f"  {phase:<9} {fmt(bg[phase])}")
        print("  (boardgame.io's move is the socket.io emit itself, no HTTP; its server keeps matches in memory)")
    # Summary against targets and baselines.
    print("\n== summary")
    stack = results.get("stack", {})
    # Issue 12's targets: web CPU <= 12 ms and PostgreSQL CPU <= 4 ms per move, saturated >= 100 moves/s and
    # >= 20 % of the websocket stack ceiling (``ws`` or ``ws-pubsub``, same server count), p95 < 60 ms at
    # the offered rate (50/s in the issue).
    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    for key, r in results.items():
        if "/" not in key:
            continue
        off, sat = r["offered"], r["saturated"]
        web, pg, gen = sat["cpu"][args.asgi], sat["cpu"]["postgres"], sat["cpu"]["bench"]
        applied = sat["status"].get(200, 0) / sat["elapsed"]
        print(f"  {key:<22} {args.asgi} CPU {web:.1f} ms per move (target <= 12: {verdict(web <= 12)}),"
              f" PostgreSQL {pg:.1f} ms (<= 4: {verdict(pg <= 4)}); saturated {applied:.0f} moves applied/s,"
              f" {sat['rate']:.0f}/s seen by all (>= 100: {verdict(sat['rate'] >= 100)}); p95 at {args.rate:g}/s"
              f" {off['p95']:.1f} ms (< 60: {verdict(off['p95'] < 60)}); load generator {gen:.1f} ms per move")
        count = key.split("/")[1].split("@")[0]
        socket_ceilings = [(name, stack[f"{name}/{count}"]["saturated"]) for name in ("ws", "ws-pubsub")
                           if f"{name}/{count}" in stack]
        for name, c in socket_ceilings:
            share = sat["rate"] / c["rate"] * 100 if c["rate"] else float("nan")
            print(f"  {'':<22} share of the stack ceiling {name}/{count}: {sat['rate']:.0f} / {c['rate']:.0f} moves/s"
                  f" = {share:.0f} % (target >= 20 %: {verdict(share >= 20)}); {args.asgi} CPU per move {web:.1f} /"
                  f" {c['cpu']['daphne']:.1f} ms = {web / c['cpu']['daphne']:.1f}x")
    if stack:
        stack_summary(stack, args.rate)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
