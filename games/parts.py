"""The board as parts: what a game's presenter gives the platform to draw, and the platform draws.

A game's board is a list of ``Part``s (``Presenter.board_parts``), in page order. Each part is one
Jinja2 template (``games/<game>/jinja2/<game>/...``) and the JSON-able ``data`` that is its whole
context: the same template, data and language always give the same HTML. That makes a part's HTML
cacheable by its data's digest, and lets the platform send a seat only the parts whose digest changed
since the version its page shows (issue 12).

The template renders exactly one root element whose opening tag carries ``id="{{ part_id }}"`` (the
part's stable DOM id, unique in the page). A part marked ``public`` is drawn from what every viewer sees
alike (the spectator's view): its data must be equal for every seat and the spectator, and never carries
a seat's secret (the leak harness checks it).
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.template import engines
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language


@dataclass(frozen=True)
class Part:
    id: str
    template: str
    data: Mapping[str, Any] = field(default_factory=dict)
    public: bool = False

    @property
    def digest(self) -> str:
        """What the part's HTML depends on besides the language: its id, template and data."""
        blob = json.dumps([self.id, self.template, self.data], sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.blake2b(blob.encode(), digest_size=12).hexdigest()


#: Rendered parts by (digest, language), most recently used last: a bounded, per-process cache.
_RENDERED: OrderedDict[tuple[str, str], str] = OrderedDict()
RENDERED_MAX = 20000


def render_part(part: Part) -> SafeString:
    """The part's HTML in the active language, rendered once per (id, template, data, language)."""
    key = (part.digest, get_language() or "")
    html = _RENDERED.get(key)
    if html is None:
        env = engines["jinja2"].env  # type: ignore[attr-defined]
        html = env.get_template(part.template).render({**part.data, "part_id": part.id})
        _RENDERED[key] = html
        if len(_RENDERED) > RENDERED_MAX:
            _RENDERED.popitem(last=False)
    else:
        _RENDERED.move_to_end(key)
    return mark_safe(html)


def render_parts(parts: Iterable[Part]) -> SafeString:
    """The parts' HTML, in order: a board, or the changed parts of one."""
    return mark_safe("".join(render_part(p) for p in parts))
