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
