"""Every acceptance scenario of the digest (section 9) is played by a test that names it
(``@pytest.mark.scenarios("ascendancy:S1")``), so that a scenario added to the digest, or a test removed,
is noticed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


def _digest() -> Path:
    """``shared/rules/ascendancy.md`` next to the project's root (``../shared``) or next to a folder above it
    (a git worktree kept in a subfolder)."""
    for folder in TESTS.parents[1:]:
        candidate = folder / "shared" / "rules" / "ascendancy.md"
        if candidate.exists():
            return candidate
    pytest.skip("the rules digest (../shared/rules/ascendancy.md) is not on this machine")


def scenario_ids(text: str) -> list[str]:
    """The scenario ids of the digest's section 9 ("Acceptance scenarios"), in their order."""
    section = text.split("## 9. Acceptance scenarios", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^- \*\*(S\d+)\*\*", section, flags=re.MULTILINE)


def marked_ids(folder: Path) -> set[str]:
    """Every ``ascendancy:S<n>`` named inside a ``scenarios(...)`` marker of the test sources."""
    found: set[str] = set()
    for path in folder.rglob("test_*.py"):
        for args in re.findall(r"mark\.scenarios\(([^)]*)\)", path.read_text(encoding="utf-8")):
            found |= set(re.findall(r"ascendancy:(S\d+)\b", args))
    return found


def test_the_digest_lists_its_scenarios() -> None:
    ids = scenario_ids(_digest().read_text(encoding="utf-8"))
    assert len(ids) >= 50 and ids[:3] == ["S1", "S2", "S4"]


def test_every_acceptance_scenario_of_the_digest_is_played_by_a_marked_test() -> None:
    missing = [s for s in scenario_ids(_digest().read_text(encoding="utf-8")) if s not in marked_ids(TESTS)]
    assert not missing, f"acceptance scenarios no test marks with @pytest.mark.scenarios: {', '.join(missing)}"


def test_every_marked_scenario_exists_in_the_digest() -> None:
    unknown = sorted(marked_ids(TESTS) - set(scenario_ids(_digest().read_text(encoding="utf-8"))),
                     key=lambda s: int(s[1:]))
    assert not unknown, f"tests mark scenarios the digest does not list: {', '.join(unknown)}"
