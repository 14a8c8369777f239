"""The Jinja2 environment of the game boards (``games/<game>/jinja2/``): Django's Jinja2 backend with
autoescaping, Django's translations (``{{ _("text") }}``, ``{% trans %}``, ``ngettext``) and the few
helpers a board needs. Undefined names raise, so a template's mistake fails its tests, never a page
silently.

Values are escaped as Django's ``{{ value }}`` escapes them (``games.board_html.escape_value``: ``&#x27;`` and
``&quot;``, integers as Django writes them, floats unlocalized), in ``{{ }}`` and in the values of ``_("... %(n)s", n=value)``: markupsafe
alone would write ``&#39;`` and ``&#34;``, the same characters but not the bytes the rest of the site (and
its tests and leak checks, which look for ``&quot;``) writes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.formats import localize
from jinja2 import Environment, StrictUndefined, pass_context
from jinja2.ext import Extension
from jinja2.runtime import Context
from markupsafe import Markup

from games.board_html import escape_value

_LINE_BREAKS = re.compile(r"[ \t]*\n\s*")


class CollapseLineBreaks(Extension):
    """A template's own indentation and blank lines are not sent: in its source, every run of white space
    that holds a line break becomes one line break, before it is compiled (so at no cost per render).
    HTML renders such a run as one space either way, and the values a template prints are not touched.
    (A board's templates hold no ``<pre>``, ``<textarea>`` or string literal that spans lines; the test
    ``tests/test_jinja2_environment.py`` checks it.)"""

    @staticmethod
    def collapse(source: str) -> str:
        return _LINE_BREAKS.sub("\n", source)

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return self.collapse(source)


def _finalize(value: Any) -> Any:
    """``{{ value }}``: escaped as Django escapes it (markupsafe then leaves the result alone), except a float:
    written as Python writes it, never with a localized decimal comma, since boards print floats into
    attributes (SVG coordinates, sizes). A float shown to a person goes through ``|localize``."""
    if hasattr(value, "__html__"):
        return value
    if isinstance(value, float):
        return Markup(repr(value))
    return Markup(escape_value(value))


def _escaped(variables: dict[str, Any]) -> dict[str, Any]:
    return {k: v.__html__() if hasattr(v, "__html__") else escape_value(v) for k, v in variables.items()}


#: The language the board's parts are rendering in, while ``rendering_in`` says it: their texts' translations
#: are then looked up in ``_TRANSLATED`` without asking Django for the active language again (a lookup
#: under a lock, about two hundred times a move).
_RENDERING_IN: ContextVar[str | None] = ContextVar("jinja_rendering_in", default=None)
#: Translations by (language, what Django's ``gettext``/``ngettext`` was asked): a bounded memo.
_TRANSLATED: dict[tuple[Any, ...], str] = {}
TRANSLATED_MAX = 20000


@contextmanager
def rendering_in(language: str) -> Iterator[None]:
    """Around renders made in ``language``, the active one (``games.parts.rendered_parts``)."""
    token = _RENDERING_IN.set(language or None)
    try:
        yield
    finally:
        _RENDERING_IN.reset(token)


def _translated(key: tuple[Any, ...], translate: Any, *args: Any) -> str:
    """``translate(*args)`` in the active language, kept under ``key`` (which names the language)."""
    rv = _TRANSLATED.get(key)
    if rv is None:
        rv = translate(*args)
        if len(_TRANSLATED) >= TRANSLATED_MAX:
            _TRANSLATED.clear()
        _TRANSLATED[key] = rv
    return rv


@pass_context
def _gettext(context: Context, message: str, **variables: Any) -> str:
    """``_("text %(n)s", n=value)``: the translation, not escaped, with its values escaped (as blocktranslate)."""
    language = _RENDERING_IN.get()
    if language is None:
        rv = translation.gettext(message)
    else:
        rv = _translated((language, message), translation.gettext, message)
    if context.eval_ctx.autoescape:
        return Markup(rv % _escaped(variables) if variables else rv)
    return rv % variables if variables else rv


@pass_context
def _ngettext(context: Context, singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    language = _RENDERING_IN.get()
    if language is None or type(num) is not int:
        rv = translation.ngettext(singular, plural, num)
    else:
        rv = _translated((language, singular, plural, num), translation.ngettext, singular, plural, num)
    if context.eval_ctx.autoescape:
        return Markup(rv % _escaped(variables))
    return rv % variables


#: What a dict's attribute access finds on the dict itself (its methods): the key is looked up only after.
_DICT_ATTRIBUTES = frozenset(dir(dict))


class BoardEnvironment(Environment):
    """Jinja2's environment, with ``{{ p.colour }}`` on a dict looked up as ``p["colour"]`` first.

    A board part's data is JSON: dicts, read by attribute in the templates. Jinja2 tries the attribute
    first, and for a dict that is an ``AttributeError`` raised and caught before every key is found
    (hundreds per board). A name that is not an attribute of dicts can only be found as the key, so it is
    looked up as the key first: the same value, without the exception. ``d.items`` and the other names of
    dict's own methods keep Jinja2's meaning (the method, even if the dict has such a key)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def environment(**options: Any) -> Environment:
    options.setdefault("undefined", StrictUndefined)
    options.setdefault("finalize", _finalize)
    env = BoardEnvironment(extensions=["jinja2.ext.i18n", CollapseLineBreaks], **options)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=translation.gettext,
        ngettext=translation.ngettext,
        pgettext=translation.pgettext,
        npgettext=translation.npgettext,
        newstyle=True,
    )
    env.globals.update(_=_gettext, gettext=_gettext, ngettext=_ngettext)
    env.globals.update(static=static, url=lambda name, *args: reverse(name, args=args))
    env.filters["localize"] = localize
    return env
