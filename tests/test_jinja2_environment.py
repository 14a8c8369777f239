"""The boards' Jinja2 environment (config/jinja2.py): escaping as Django's templates, floats never localized."""

from __future__ import annotations

from django.template import engines
from django.utils import translation


def _render(source: str, **context: object) -> str:
    return engines["jinja2"].from_string(source).render(context)


def test_floats_keep_their_decimal_point_in_every_language():
    """An SVG coordinate printed in an Italian page must stay ``-11.0``: ``-11,0`` is not a length."""
    source = '<rect x="{{ x }}" width="{{ w }}"/>'
    for language in ("en", "it"):
        with translation.override(language):
            assert _render(source, x=-11.0, w=112.5) == '<rect x="-11.0" width="112.5"/>'


def test_a_float_for_people_is_localized_on_request():
    with translation.override("it"):
        assert _render("{{ x|localize }}", x=1.5) == "1,5"


def test_values_are_escaped_as_django_escapes_them():
    assert _render("{{ v }}", v="<b>\"O'Brien\"</b>") == "&lt;b&gt;&quot;O&#x27;Brien&quot;&lt;/b&gt;"
    assert _render("{{ n }}", n=3) == "3"


def test_a_templates_indentation_and_blank_lines_are_not_sent():
    """Issue 12: a board part is sent over every socket; its template's layout is not. Each run of white
    space holding a line break becomes one line break, which HTML shows as the same one space."""
    source = '<ul>\n    <li>{{ a }}</li>\n\n        <li>{{ b }}</li>   \n</ul>\n'
    assert _render(source, a="x", b="y") == "<ul>\n<li>x</li>\n<li>y</li>\n</ul>"


def test_values_keep_their_own_white_space():
    """Only the template's source is collapsed: a value printed into it is sent as it is."""
    assert _render("<p>{{ v }}</p>", v="one\n\n    two") == "<p>one\n\n    two</p>"


def test_no_board_template_holds_text_whose_white_space_counts():
    """Collapsing is safe only where line breaks are layout: no ``<pre>``, ``<textarea>`` or string literal
    spanning lines (a translated text's msgid would change) in any game's Jinja2 templates."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "games"
    sources = [p for p in root.glob("*/jinja2/**/*") if p.is_file()]
    assert len(sources) > 10
    for path in sources:
        text = path.read_text()
        assert "<pre" not in text and "<textarea" not in text, path
        for code in re.findall(r"\{[{%].*?[}%]\}", text, re.S):
            assert not re.search(r"\"[^\"\n]*\n[^\"]*\"|'[^'\n]*\n[^']*'", code), (path, code[:80])


def test_a_boards_texts_are_asked_of_django_once_per_language_and_stay_each_in_its_own(monkeypatch):
    """Issue 12: while a board's parts render (``rendering_in``, the active language), a text's translation is
    kept by language and text: Django's ``gettext`` (a lookup of the active language under a lock) is asked
    once per language, and the next render in the other language still gets its own words."""
    from config import jinja2 as board_env

    asked: list[str] = []
    real = translation.gettext

    def counted(message: str) -> str:
        asked.append(message)
        return real(message)

    monkeypatch.setattr(translation, "gettext", counted)
    monkeypatch.setattr(board_env, "_TRANSLATED", {})
    source = '{{ _("Energy") }}|{{ ngettext("%(n)s move", "%(n)s moves", n, n=n) }}'
    seen = {}
    for _round in range(3):
        for language in ("en", "it"):
            with translation.override(language), board_env.rendering_in(language):
                seen.setdefault(language, set()).add(_render(source, n=2))
    assert seen == {"en": {"Energy|2 moves"}, "it": {"Energia|2 movimenti"}}
    assert asked == ["Energy", "Energy"]
    with translation.override("it"):  # outside a parts render: asked each time, as before
        _render(source, n=2)
    assert asked == ["Energy", "Energy", "Energy"]


def test_a_dicts_keys_read_by_attribute_are_what_jinja2_would_find():
    """``BoardEnvironment.getattr`` looks a dict's key up before its attributes (no exception per key):
    every name reads the same as with Jinja2's own lookup, a dict method's name still the method."""
    from jinja2 import Environment, StrictUndefined, Undefined

    board = engines["jinja2"].env
    plain = Environment(undefined=StrictUndefined)
    data = {"colour": "red", "items": "a key named like a method", "get": 3, "n": 0, "none": None}
    for name in ["colour", "n", "none", "items", "get", "keys", "missing", "__class__"]:
        ours, theirs = board.getattr(data, name), plain.getattr(data, name)
        if isinstance(theirs, Undefined):
            assert isinstance(ours, Undefined)
        else:
            assert type(ours) is type(theirs) and ours == theirs  # a method: the same bound method
    source = "{{ d.colour }}|{{ d.items() | length }}|{{ d.get('n') }}|{{ d.n }}"
    assert _render(source, d=data) == "red|5|0|0"
