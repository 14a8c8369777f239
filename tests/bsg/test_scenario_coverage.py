"""Every acceptance scenario of the BSG digest (shared/rules/bsg.md, section 7) that the base game can play is
played by a test that names it: ``@pytest.mark.scenarios("bsg:AS-41")``. The scenarios of the expansions (or
that need an expansion's component) are listed below with a one-word reason; a new scenario in the digest, or
a marker dropped from a test, makes this test fail with the ids left uncovered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"

# Scenario id -> why the base game cannot play it (the digest tags its rules [PEG], [EXO] or [DAY], or it
# needs an expansion's component).
OUT_OF_SCOPE = {
    "AS-04": "Daybreak",
    "AS-07": "Daybreak",
    "AS-26": "Daybreak",  # the base part of the reveal is test_loyalty's AS-26 (base) test
    "AS-76": "NewCaprica",
    "AS-100": "NewCaprica",
    "AS-103": "NewCaprica",
    "AS-104": "NewCaprica",
    "AS-107": "NewCaprica",
}

SCENARIO = re.compile(r"^\* \*\*(AS-\d+)\*\*", re.MULTILINE)
MARKER = re.compile(r"mark\.scenarios\(([^)]*)\)")
BSG_ID = re.compile(r"""["']bsg:(AS-\d+)["']""")


def _digest() -> Path | None:
    """shared/rules/bsg.md beside the project's root, or beside one of its parents (a worktree)."""
    for folder in ROOT.parents:
        path = folder / "shared" / "rules" / "bsg.md"
        if path.is_file():
            return path
    return None


def digest_scenarios() -> list[str]:
    path = _digest()
    if path is None:
        pytest.skip("the rules digest shared/rules/bsg.md is not beside the project")
    return SCENARIO.findall(path.read_text(encoding="utf-8"))


def marked_scenarios() -> dict[str, list[str]]:
    """Scenario id -> the test files whose ``scenarios`` markers name it."""
    found: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        if path == Path(__file__).resolve():  # its docstring's example is no marker
            continue
        for args in MARKER.findall(path.read_text(encoding="utf-8")):
            for scenario in BSG_ID.findall(args):
                found.setdefault(scenario, []).append(str(path.relative_to(ROOT)))
    return found


def test_every_base_scenario_is_played_by_a_test() -> None:
    scenarios = digest_scenarios()
    assert len(scenarios) == len(set(scenarios)) and "AS-41" in scenarios
    marked = marked_scenarios()
    missing = [s for s in scenarios if s not in OUT_OF_SCOPE and s not in marked]
    assert not missing, f"acceptance scenarios no test marks with @pytest.mark.scenarios: {', '.join(missing)}"


def test_the_scenario_lists_name_only_the_digests_scenarios() -> None:
    scenarios = set(digest_scenarios())
    marked = marked_scenarios()
    assert not sorted(set(marked) - scenarios), "markers naming no scenario of the digest"
    assert not sorted(set(OUT_OF_SCOPE) - scenarios), "out-of-scope ids the digest does not have"
    played = sorted(set(OUT_OF_SCOPE) & set(marked))
    assert not played, f"now played by a test, take them out of OUT_OF_SCOPE: {played}"
    assert all(re.fullmatch(r"\w+", reason) for reason in OUT_OF_SCOPE.values())  # one word each
