"""Template source checks that no page test can cover for every template at once."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "templates"
TEMPLATES = sorted(ROOT.rglob("*.html"))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_comment_tag_stays_on_one_line(path):
    """Django's ``{# … #}`` is single-line only: one that goes on to the next line is printed on the page
    as text (it was, in every lobby row)."""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        tail = line
        while "{#" in tail:
            tail = tail[tail.index("{#") + 2 :]
            assert "#}" in tail, f"{path.name}:{number}"
            tail = tail[tail.index("#}") + 2 :]
