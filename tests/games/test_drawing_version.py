"""A part's digest names the templates and translations it is drawn with (``games.parts.drawing_version``):
a deployment that changes a template or a translation draws every part anew, instead of serving the old
drawing from the ``fragments`` cache every server shares or leaving it on the pages, whose records of what
they show are digests, for as long as the part's data stays the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from games import parts
from games.parts import Part, files_digest


def _tree(root: Path, files: dict[str, bytes]) -> Path:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    return root


def test_the_files_digest_follows_every_template_and_compiled_catalogue(tmp_path: Path) -> None:
    templates = _tree(tmp_path / "jinja2", {"g/card.jinja": b"<div id='{{ part_id }}'>{{ x }}</div>"})
    locale = _tree(tmp_path / "locale", {"it/LC_MESSAGES/django.mo": b"\x00one", "it/LC_MESSAGES/django.po": b"a"})
    before = files_digest([templates, locale])
    assert files_digest([templates, locale]) == before  # the same files, the same digest

    (templates / "g/card.jinja").write_bytes(b"<div id='{{ part_id }}' class='new'>{{ x }}</div>")
    after_template = files_digest([templates, locale])
    assert after_template != before

    (locale / "it/LC_MESSAGES/django.mo").write_bytes(b"\x00two")
    after_catalogue = files_digest([templates, locale])
    assert after_catalogue != after_template

    # The .po source is not what gettext reads: editing it alone changes no drawing.
    (locale / "it/LC_MESSAGES/django.po").write_bytes(b"b")
    assert files_digest([templates, locale]) == after_catalogue

    # A file moved to another name is another drawing, even with the same bytes.
    (templates / "g/card.jinja").rename(templates / "g/other.jinja")
    assert files_digest([templates, locale]) != after_catalogue


def test_the_site_digest_names_its_own_templates_and_translations() -> None:
    """The process's version is the digest of the board environment's template folders and the site's
    locale folder: every game's jinja2 folder is among them."""
    from django.conf import settings
    from django.template import engines

    searchpath = engines["jinja2"].env.loader.searchpath  # type: ignore[attr-defined]
    games_root = Path(parts.__file__).resolve().parent
    assert {Path(p).resolve() for p in searchpath} >= {games_root / "jinja2", games_root / "kemble" / "jinja2"}
    assert parts.drawing_version() == files_digest([*(Path(p) for p in searchpath), *settings.LOCALE_PATHS])


def test_a_part_drawn_under_another_version_has_another_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    part = Part("k-card-1-1", "kemble/card.jinja", {"c": {"card": "c1"}}, public=True)
    same = Part("k-card-1-1", "kemble/card.jinja", {"c": {"card": "c1"}}, public=True)
    assert part.drawn_digest == same.drawn_digest == part.digest

    parts._drawing_hasher.cache_clear()
    monkeypatch.setattr(parts, "drawing_version", lambda: "a-later-deployment")
    try:
        redeployed = Part("k-card-1-1", "kemble/card.jinja", {"c": {"card": "c1"}}, public=True)
        assert redeployed.drawn_digest != part.drawn_digest
        assert parts.shared_key(redeployed.drawn_digest, "en") != parts.shared_key(part.drawn_digest, "en")
    finally:
        parts._drawing_hasher.cache_clear()
