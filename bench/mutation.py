"""Mutation score of a game's engine: mutmut 3.8.1 on a seeded, stratified sample of each engine file's
mutants, each mutant against that game's engine tests only.

    .venv/bin/python bench/mutation.py kemble                       # every kemble/*.py and core/*.py
    .venv/bin/python bench/mutation.py kemble --files economy.py,firing.py --per-file 50 --seed 1
    .venv/bin/python bench/mutation.py tng --files core/rng.py --per-file 0   # 0: all of a file's mutants

The run happens in a temporary copy of the project (so runs for different games, or two engineers, do not
collide, and the worktree gets no `mutants/`), with its own `[tool.mutmut]` section:

* `source_paths = ["games"]`, `only_mutate` = the chosen files (a bare name is looked up in
  `games/<game>/engine/`, `core/x.py` in `games/engine/core/`);
* test selection: `tests/<game>/engine` and `tests/engine/core`, without the random-game tests
  (`RANDOM_TESTS`: `test_playouts.py`, `test_legal_commands.py`): they are what makes a survivor slow (a
  survivor runs every test that reaches its function), and the focused tests must kill the mutants on their
  own; `--with-random` keeps them;
* a wall-clock timeout of about 3 x the mutant's tests' time + 5 s (mutmut's default is 15 x + 15 s, so a
  looping mutant held a core for minutes). On a busy machine a slow survivor can pass that limit, so every
  mutant that timed out is run once more, alone, with 10 x + 20 s: only one that times out again counts as
  timed out (detected). `mutmut print-time-estimates` is never run: in 3.8.1 it empties the test map that
  `mutmut run` needs.

Sampling: per file, the mutants are grouped by the function they mutate; the file's sample (`--per-file`, all
of them if the file has fewer) is spread over its functions in proportion to their size (largest remainder),
and drawn at random within each function with `random.Random(seed)`, so the same seed and the same code give
the same sample.

Per file it prints: mutants sampled, killed, survived (with "no tests": a function no selected test calls),
timed out, excluded, and the score = (killed + timed out) / (sampled - excluded); then every survivor's diff.
Survivors that cannot change behaviour are listed, with the reason, in `bench/mutation_exclusions.toml`; an
entry names the mutant and its mutated line, and applies only while that line is still what the mutant
makes (mutmut numbers a function's mutants in order, so an edited function renumbers them: a stale entry
is reported, not applied). Exit status 1 when a file is below `--target` (default 90 %). `--json FILE` keeps
the figures, the survivors and the raw results; `--from-json FILE` reports them again without a run, with the
exclusion list as it is now.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXCLUSIONS = ROOT / "bench" / "mutation_exclusions.toml"
PYTHON = sys.executable

# exit codes of mutmut 3.8.1 (mutmut.stats.status_by_exit_code)
KILLED = {1, 3}
TIMEOUT = {36, -24, 24, 152, 255}
SURVIVED = {0}
NO_TESTS = {5, 33}

# top-level folders of the project not copied into the temporary project
SKIP_TOP = {"bench", "static", ".venv", "var", "mutants"}
# random-game tests of tests/<game>/engine/ left out of the mutation selection unless --with-random
RANDOM_TESTS = ("test_playouts.py", "test_legal_commands.py")


def engine_files(game: str) -> list[str]:
    """Every engine file of a game: its own package and the shared core (repository-relative paths)."""
    own = sorted(p for p in (ROOT / "games" / game / "engine").glob("*.py"))
    core = sorted(p for p in (ROOT / "games" / "engine" / "core").glob("*.py"))
    return [str(p.relative_to(ROOT)) for p in own + core]


def resolve_files(game: str, names: str | None) -> list[str]:
    if not names:
        return engine_files(game)
    out = []
    for name in (n.strip() for n in names.split(",") if n.strip()):
        if name.startswith("games/"):
            path = name
        elif "/" in name:
            path = f"games/engine/{name}"
        else:
            path = f"games/{game}/engine/{name}"
        if not path.endswith(".py"):
            path += ".py"
        if not (ROOT / path).is_file():
            raise SystemExit(f"no such engine file: {path}")
        out.append(path)
    return out


def copy_project(dest: Path) -> None:
    """The project's files as they are on disk (tracked and untracked, not ignored), minus the bench."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.decode()
    for rel in filter(None, listed.split("\0")):
        if rel.split("/", 1)[0] in SKIP_TOP:
            continue
        src = ROOT / rel
        if not src.is_file():
            continue
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)


def write_config(dest: Path, game: str, files: list[str], *, with_random: bool, slow: bool = False) -> None:
    selection = [f"tests/{game}/engine", "tests/engine/core"]
    for name in () if with_random else RANDOM_TESTS:
        if (ROOT / "tests" / game / "engine" / name).exists():
            selection.append(f"--ignore=tests/{game}/engine/{name}")
    multiplier, constant = (10.0, 2.0) if slow else (3.0, 1.7)
    text = (dest / "pyproject.toml").read_text()
    text = re.sub(r"(?ms)^\[tool\.mutmut\].*?(?=^\[|\Z)", "", text)
    text += (
        "\n[tool.mutmut]\n"
        'source_paths = ["games"]\n'
        f"only_mutate = {json.dumps(files)}\n"
        'also_copy = ["config", "accounts", "templates", "locale", "manage.py"]\n'
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q"]\n'
        f"pytest_add_cli_args_test_selection = {json.dumps(selection)}\n"
        # wall-clock limit = (the mutant's tests' time + c) * m: about 3 x + 5 s (10 x + 20 s when re-run)
        f"timeout_multiplier = {multiplier}\n"
        f"timeout_constant = {constant}\n"
        "use_git_change_detection = false\n"
    )
    (dest / "pyproject.toml").write_text(text)


def run_in(dest: Path, args: list[str], *, quiet: bool) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"}}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    out = subprocess.DEVNULL if quiet else None
    result = subprocess.run(args, cwd=dest, env=env, stdout=out, stderr=subprocess.STDOUT if quiet else None)
    if result.returncode != 0:
        raise SystemExit(f"failed ({result.returncode}): {' '.join(args[:4])} … in {dest}")


GENERATE = """
import os, sys
from mutmut.__main__ import copy_src_dir, copy_also_copy_files, create_mutants
os.makedirs("mutants", exist_ok=True)
copy_src_dir(); copy_also_copy_files(); create_mutants(int(sys.argv[1]))
"""

DIFFS = """
import json, sys
from mutmut.mutation.diff_apply import get_diff_for_mutant
names = json.loads(sys.stdin.read())
json.dump({n: get_diff_for_mutant(n) for n in names}, sys.stdout)
"""


def mutants_by_file(dest: Path, files: list[str]) -> dict[str, dict[str, int | None]]:
    out = {}
    for path in files:
        meta = dest / "mutants" / (path + ".meta")
        out[path] = json.loads(meta.read_text())["exit_code_by_key"] if meta.exists() else {}
    return out


def function_of(mutant: str) -> str:
    return mutant.rsplit("__mutmut_", 1)[0]


def stratified_sample(names: list[str], k: int, rng: random.Random) -> list[str]:
    """k of names (all if fewer), spread over their functions in proportion to each one's count."""
    if k <= 0 or len(names) <= k:
        return sorted(names)
    groups: dict[str, list[str]] = defaultdict(list)
    for name in sorted(names):
        groups[function_of(name)].append(name)
    total = len(names)
    quotas = {f: k * len(g) / total for f, g in groups.items()}
    take = {f: int(q) for f, q in quotas.items()}
    left = k - sum(take.values())
    for f in sorted(groups, key=lambda f: (-(quotas[f] - take[f]), rng.random()))[:left]:
        take[f] += 1
    chosen = []
    for f in sorted(groups):
        chosen += rng.sample(groups[f], take[f])
    return sorted(chosen)


def load_exclusions() -> dict[str, dict[str, str]]:
    if not EXCLUSIONS.exists():
        return {}
    data = tomllib.loads(EXCLUSIONS.read_text())
    return {e["mutant"]: e for e in data.get("exclude", [])}


def mutated_lines(diff: str) -> list[str]:
    return [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="kemble, tng, … (games/<game>/engine)")
    parser.add_argument("--files", help="comma-separated: economy.py, core/rng.py, games/x/engine/y.py")
    parser.add_argument("--per-file", type=int, default=50, help="mutants sampled per file (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="mutants run at once")
    parser.add_argument("--with-random", action="store_true", help="keep the random-game tests (RANDOM_TESTS)")
    parser.add_argument("--target", type=float, default=90.0, help="score per file, in %% (exit 1 below)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary project (its path is printed)")
    parser.add_argument("--json", type=Path, help="also write the figures and survivors here")
    parser.add_argument("--verbose", action="store_true", help="show mutmut's own output")
    parser.add_argument("--from-json", type=Path,
                        help="no run: report again what a --json file holds, with the exclusions as they are now")
    args = parser.parse_args()

    if not (ROOT / "games" / args.game / "engine").is_dir():
        raise SystemExit(f"no engine games/{args.game}/engine")
    started = time.monotonic()
    if args.from_json:
        raw = json.loads(args.from_json.read_text())["raw"]
        return report(args, raw["files"], raw["sample"], raw["totals"], raw["codes"], raw["diffs"], started)
    files = resolve_files(args.game, args.files)
    dest = Path(tempfile.mkdtemp(prefix=f"hyperlane-mutation-{args.game}-"))
    try:
        copy_project(dest)
        write_config(dest, args.game, files, with_random=args.with_random)
        mutmut = str(Path(PYTHON).with_name("mutmut"))
        print(f"# generating mutants of {len(files)} files in {dest}", flush=True)
        run_in(dest, [PYTHON, "-c", GENERATE, str(args.jobs)], quiet=not args.verbose)
        every = mutants_by_file(dest, files)
        rng = random.Random(args.seed)
        sample = {path: stratified_sample(list(keys), args.per_file, rng) for path, keys in every.items()}
        names = [n for chosen in sample.values() for n in chosen]
        print(f"# running {len(names)} of {sum(map(len, every.values()))} mutants, {args.jobs} at a time", flush=True)
        if names:
            run_in(dest, [mutmut, "run", "--max-children", str(args.jobs), *names], quiet=not args.verbose)
        codes = mutants_by_file(dest, files)
        slow = [n for path in files for n in sample[path] if codes[path].get(n) in TIMEOUT]
        if slow:
            print(f"# {len(slow)} timed out: running them again, one at a time, with a longer limit", flush=True)
            write_config(dest, args.game, files, with_random=args.with_random, slow=True)
            run_in(dest, [mutmut, "run", "--max-children", "1", *slow], quiet=not args.verbose)
            codes = mutants_by_file(dest, files)
        undetected = [n for path in files for n in sample[path] if codes[path].get(n) not in KILLED]
        diffs = {}
        if undetected:
            diffs = json.loads(
                subprocess.run(
                    [PYTHON, "-c", DIFFS], cwd=dest, input=json.dumps(undetected), capture_output=True, text=True,
                    check=True,
                ).stdout
            )
    finally:
        if args.keep:
            print(f"# kept {dest}")
        else:
            shutil.rmtree(dest, ignore_errors=True)

    totals = {path: len(every[path]) for path in files}
    sampled_codes = {n: codes[path].get(n) for path in files for n in sample[path]}
    return report(args, files, sample, totals, sampled_codes, diffs, started)


def report(args: argparse.Namespace, files: list[str], sample: dict[str, list[str]], totals: dict[str, int],
           codes: dict[str, int | None], diffs: dict[str, str], started: float) -> int:
    """Per file: mutants, killed, survived, timed out, excluded, score; then the survivors' diffs."""
    exclusions = load_exclusions()
    rows, survivors, stale, below = [], [], [], []
    for path in files:
        counts = {"mutants": len(sample[path]), "total": totals[path], "killed": 0, "survived": 0, "no_tests": 0,
                  "timeout": 0, "excluded": 0, "other": 0}
        for name in sample[path]:
            code = codes.get(name)
            if code in KILLED:
                counts["killed"] += 1
                continue
            diff = diffs.get(name, "")
            entry = exclusions.get(name)
            if entry is not None and code in SURVIVED | NO_TESTS:
                if entry.get("mutated", "").strip() in mutated_lines(diff):
                    counts["excluded"] += 1
                    continue
                stale.append(name)
            if code in TIMEOUT:
                counts["timeout"] += 1
                kind = "timed out"
            elif code in NO_TESTS:
                counts["no_tests"] += 1
                counts["survived"] += 1
                kind = "survived (no tests)"
            elif code in SURVIVED:
                counts["survived"] += 1
                kind = "survived"
            else:
                counts["other"] += 1
                kind = f"exit code {code}"
            survivors.append({"file": path, "mutant": name, "status": kind, "diff": diff})
        judged = counts["mutants"] - counts["excluded"]
        counts["score"] = round(100.0 * (counts["killed"] + counts["timeout"]) / judged, 1) if judged else 100.0
        if counts["score"] < args.target:
            below.append(path)
        rows.append({"file": path, **counts})

    print()
    print(f"{'file':42} {'mutants':>9} {'killed':>7} {'survived':>9} {'timeout':>8} {'excluded':>9} {'score':>7}")
    for r in rows:
        sampled = f"{r['mutants']}/{r['total']}"
        surv = f"{r['survived']}" + (f" ({r['no_tests']}nt)" if r["no_tests"] else "")
        print(f"{r['file']:42} {sampled:>9} {r['killed']:>7} {surv:>9} {r['timeout']:>8} {r['excluded']:>9} "
              f"{r['score']:>6.1f}%")
    tot = {k: sum(r[k] for r in rows) for k in ("mutants", "total", "killed", "survived", "timeout", "excluded")}
    judged = tot["mutants"] - tot["excluded"]
    score = 100.0 * (tot["killed"] + tot["timeout"]) / judged if judged else 100.0
    print(f"{'all':42} {tot['mutants']:>4}/{tot['total']:<4} {tot['killed']:>7} {tot['survived']:>9} "
          f"{tot['timeout']:>8} {tot['excluded']:>9} {score:>6.1f}%")
    if args.from_json:
        print(f"# reported again from {args.from_json}")
    else:
        print(f"# seed {args.seed}, --per-file {args.per_file}, {time.monotonic() - started:.0f} s")
    for s in survivors:
        print(f"\n## {s['status']}: {s['mutant']}\n{s['diff']}")
    for name in stale:
        print(f"\n# stale exclusion (its mutated line is no longer what the mutant makes): {name}")
    if args.json:
        raw = {"files": files, "sample": sample, "totals": totals, "codes": codes, "diffs": diffs}
        args.json.write_text(json.dumps({"rows": rows, "survivors": survivors, "seed": args.seed, "raw": raw},
                                        indent=1))
    if below:
        print(f"\n# below {args.target:.0f} %: {', '.join(below)}")
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
