"""The board as parts: what a game's presenter gives the platform to draw, and the platform draws.

A game's board is a list of ``Part``s (``Presenter.board_parts``), in page order. Each part is one
Jinja2 template (``games/<game>/jinja2/<game>/...``) and the JSON-able ``data`` that is its whole
context: the same template, data and language always give the same HTML. That makes a part's HTML
cacheable by its data's digest, and lets the platform send a seat only the parts whose digest changed
since the version its page shows (issue 12). Every digest also names the templates' and translations' text
this process draws with (``drawing_version``): after a deployment that changes them, every part is drawn
anew, not served from the shared cache or left on the pages as the old text drew it.

The template renders exactly one root element whose opening tag carries ``id="{{ part_id }}"`` (the
part's stable DOM id, unique in the page). A part marked ``public`` is drawn from what every viewer sees
alike (the spectator's view): its data must be equal for every seat and the spectator, and never carries
a seat's secret (the leak harness checks it).
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from django.conf import settings
from django.core.cache import caches
from django.template import engines
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from config.jinja2 import rendering_in


@dataclass(frozen=True)
class Part:
    id: str
    template: str
    data: Mapping[str, Any] = field(default_factory=dict)
    public: bool = False
    #: Values written into the part's HTML after it is drawn, as (mark, value) pairs: the data holds the
    #: mark where the value goes (a command form's version and idempotency key, which change with every
    #: decision while the form does not). The part is drawn once per data and language whatever the values;
    #: its ``digest`` names both. A mark is text no data otherwise holds (``"\x00...\x00"``); a public part
    #: has none.
    fills: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.public and self.fills:
            raise ValueError(f"public part {self.id} with values of its own to fill in")

    @functools.cached_property
    def drawn_digest(self) -> str:
        """What the part's drawing (before its ``fills``) depends on besides the language: its id, template
        and data. Worked out once per part (a render asks for it several times): a part's data is never
        changed once made."""
        return drawn_digest_of(part_json([self.id, self.template, self.data]))

    @functools.cached_property
    def digest(self) -> str:
        """What the part's HTML depends on besides the language: its drawing and its fills' values."""
        if not self.fills:
            return self.drawn_digest
        return digest_of("\x00".join([self.drawn_digest, *(value for _, value in self.fills)]))

    def filled(self, html: str) -> str:
        """The part's drawing with its fills' values in their marks' places."""
        for mark, value in self.fills:
            html = html.replace(mark, value)
        return html


#: Keys sorted (and integer keys written as text), anything else JSON cannot hold written as its text.
_PART_JSON = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def part_json(value: Any) -> str:
    """The JSON text a part's digest is worked out from: one text for one data, whatever the order of its
    keys. orjson's, a fifth of the standard library's time on a board's parts. A digest an older release worked
    out from the standard library's text differs from this one for the same data: a server of each (a rolling
    deployment) only misses the other's cached drawings and sends those parts again, never a wrong one."""
    return orjson.dumps(value, option=_PART_JSON, default=str).decode()


def drawn_digest_of(text: str) -> str:
    """A part's drawn digest from its JSON text (``[id, template, data]``, as ``Part.drawn_digest`` writes
    it), with the drawing version of this process."""
    hasher = _drawing_hasher().copy()
    hasher.update(text.encode())
    return hasher.hexdigest()[:24]


@functools.cache
def _drawing_hasher() -> Any:
    return hashlib.sha256(f"{drawing_version()}\x00".encode())


@functools.cache
def drawing_version() -> str:
    """What every part's drawing depends on besides its id, template name, data and language: the text of
    the Jinja2 templates (every folder the board environment loads from) and of the translations
    (``LOCALE_PATHS``) this process draws with. Worked out once per process."""
    loader = engines["jinja2"].env.loader  # type: ignore[attr-defined]
    roots = [*getattr(loader, "searchpath", ()), *settings.LOCALE_PATHS]
    return files_digest(Path(root) for root in roots)


def files_digest(roots: Iterable[Path]) -> str:
    """A digest of the names and bytes of every file under ``roots`` (compiled ``.po`` catalogues, not their
    sources: a ``.mo`` is what gettext reads)."""
    hasher = hashlib.sha256()
    for root in roots:
        for path in sorted(root.rglob("*")):
            if not path.is_file() or path.suffix == ".po" or "__pycache__" in path.parts:
                continue
            hasher.update(f"{path.relative_to(root)}\x00{path.stat().st_size}\x00".encode())
            hasher.update(path.read_bytes())
    return hasher.hexdigest()[:24]


def digest_of(text: str) -> str:
    """A short digest of a text (a part's data as JSON, a fragment's HTML): what the pages' records
    compare. SHA-256 because CPUs hash it in hardware (about three times blake2b's speed on this
    project's servers, for a board of 40 KB); nothing here is a security boundary."""
    return hashlib.sha256(text.encode()).hexdigest()[:24]


#: Rendered parts by (digest, language), most recently used last: a bounded, per-process cache.
_RENDERED: OrderedDict[tuple[str, str], str] = OrderedDict()
RENDERED_MAX = 20000


def render_part(part: Part) -> SafeString:
    """The part's HTML in the active language, rendered once per (id, template, data, language)."""
    return rendered_parts([part])[0]


def rendered_parts(parts: Iterable[Part]) -> list[SafeString]:
    """Each part's HTML, in order, in the active language.

    Drawn once per (drawn digest, language) and kept in this process (its fills written in after); a public
    part is also shared with the other servers
    through the ``fragments`` cache (``shared_key``), looked up in one round trip for the whole list:
    the public board is rendered once per version and language, not once per seat and server.
    """
    parts = list(parts)
    if _MARKING.get():
        return [mark_safe(part_mark(part.id)) for part in parts]
    language = get_language() or ""
    out: list[str | None] = []
    missing_public: dict[str, int] = {}
    for i, part in enumerate(parts):
        key = (part.drawn_digest, language)
        html = _RENDERED.get(key)
        if html is not None:
            _RENDERED.move_to_end(key)
        elif part.public and settings.HYPERLANE_FRAGMENT_CACHE_SECONDS > 0:
            missing_public[shared_key(part.drawn_digest, language)] = i
        out.append(html)
    shared = caches["fragments"].get_many(list(missing_public)) if missing_public else {}
    for cache_key, html in shared.items():
        out[missing_public[cache_key]] = html
        _keep((parts[missing_public[cache_key]].drawn_digest, language), html)
    fresh_public: dict[str, str] = {}
    env = None
    with rendering_in(language):
        for i, part in enumerate(parts):
            if out[i] is not None:
                continue
            env = env or engines["jinja2"].env  # type: ignore[attr-defined]
            html = env.get_template(part.template).render({**part.data, "part_id": part.id})
            out[i] = html
            _keep((part.drawn_digest, language), html)
            if part.public and settings.HYPERLANE_FRAGMENT_CACHE_SECONDS > 0:
                fresh_public[shared_key(part.drawn_digest, language)] = html
    if fresh_public:
        keep_shared(fresh_public)
    return [mark_safe(part.filled(html) if part.fills else html) for part, html in zip(parts, out, strict=True)]


#: The ``fragments`` cache writes held in a thread hop (``sharing_once``), sent together when it ends.
_HELD_WRITES: ContextVar[dict[str, Any] | None] = ContextVar("held_fragment_writes", default=None)


def keep_shared(entries: Mapping[str, Any]) -> None:
    """Keep ``entries`` in the ``fragments`` cache every server shares: now, or with the others of the hop
    when one holds them (``sharing_once``)."""
    held = _HELD_WRITES.get()
    if held is not None:
        held.update(entries)
        return
    caches["fragments"].set_many(dict(entries), timeout=settings.HYPERLANE_FRAGMENT_CACHE_SECONDS)


@contextmanager
def sharing_once() -> Iterator[None]:
    """Around a thread hop that renders for one or several sockets (a move's answer, a batch of pushes):
    what it keeps in the ``fragments`` cache (fresh public parts) goes in one
    round trip at its end instead of one per render. The hop's own renders find its fresh parts in this
    process meanwhile (``_RENDERED``)."""
    held: dict[str, Any] = {}
    token = _HELD_WRITES.set(held)
    try:
        yield
    finally:
        _HELD_WRITES.reset(token)
        if held:
            keep_shared(held)  # no hop holds them now: written at once


#: Set while a board's outline is drawn (``marking_parts``): parts are drawn as their marks.
_MARKING: ContextVar[bool] = ContextVar("marking_parts", default=False)


def part_mark(part_id: str) -> str:
    """What stands for a part in a board's outline (``marking_parts``): NULs never occur in HTML."""
    return f"\x00{part_id}\x00"


@contextmanager
def marking_parts() -> Iterator[None]:
    """Draw every part as its mark (``part_mark``) instead of its HTML, for the board's outline: the board
    template's own markup with a placeholder where each part goes (``games.rendering.board_html``)."""
    token = _MARKING.set(True)
    try:
        yield
    finally:
        _MARKING.reset(token)


def shared_key(digest: str, language: str) -> str:
    """A public part's HTML in the ``fragments`` cache, shared between servers."""
    return f"part:{digest}:{language}"


def _keep(key: tuple[str, str], html: str) -> None:
    _RENDERED[key] = html
    if len(_RENDERED) > RENDERED_MAX:
        _RENDERED.popitem(last=False)


def render_parts(parts: Iterable[Part]) -> SafeString:
    """The parts' HTML, in order: a board, or the changed parts of one."""
    return mark_safe("".join(rendered_parts(parts)))


#: Parts' out-of-band swaps (``out_of_band_part``) by (digest, language): a bounded, per-process memo.
_OUT_OF_BAND: dict[tuple[str, str], str] = {}


def out_of_band_part(part: Part, html: str, language: str) -> str:
    """``out_of_band(html)`` of ``part``'s HTML in ``language``, made once per part digest and language: a
    board's every part is one on each render, and most are the same as on the render before."""
    key = (part.digest, language)
    swap = _OUT_OF_BAND.get(key)
    if swap is None:
        if len(_OUT_OF_BAND) >= RENDERED_MAX:
            _OUT_OF_BAND.clear()
        swap = _OUT_OF_BAND[key] = out_of_band(html)
    return swap


_ROOT_TAG = re.compile(r"\s*<([A-Za-z][A-Za-z0-9-]*)")


def out_of_band(html: str) -> str:
    """A part's HTML as an htmx out-of-band swap: its root element replaced by id (``hx-swap-oob``,
    which htmx removes as it swaps, so the page ends as a fresh render draws it)."""
    found = _ROOT_TAG.match(html)
    if found is None:
        raise ValueError("a part renders one root element")
    end = found.end()
    return f'{html[:end]} hx-swap-oob="true"{html[end:]}'
