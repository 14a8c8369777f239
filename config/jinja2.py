"""The Jinja2 environment of the game boards (``games/<game>/jinja2/``): Django's Jinja2 backend with
autoescaping, Django's translations (``{{ _("text") }}``, ``{% trans %}``, ``ngettext``) and the few
helpers a board needs. Undefined names raise, so a template's mistake fails its tests, never a page
silently."""

from __future__ import annotations

from typing import Any

from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.formats import localize
from jinja2 import Environment, StrictUndefined


def environment(**options: Any) -> Environment:
    options.setdefault("undefined", StrictUndefined)
    env = Environment(extensions=["jinja2.ext.i18n"], **options)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=translation.gettext,
        ngettext=translation.ngettext,
        pgettext=translation.pgettext,
        npgettext=translation.npgettext,
        newstyle=True,
    )
    env.globals.update(static=static, url=lambda name, *args: reverse(name, args=args))
    env.filters["localize"] = localize
    return env
