"""An exact HTML patcher for tests: apply a pushed message's out-of-band swaps to a page, as htmx does.

htmx swaps each top-level element of a websocket message (``hx-swap-oob="true"``: its outer HTML
replaces the element with its id in the page, the ``hx-swap-oob`` attribute removed). This does the same
on the page's text with ``html.parser``, so that a page assembled from pushes can be compared with a
fresh render byte for byte. Swaps of another kind (``beforeend:#log-entries``, an error slot's
``innerHTML``) and elements the page does not hold (``ignore``: the header's badge, the chat) are left
out: the pages compared here are the table's fragments.
"""

from __future__ import annotations

from collections.abc import Iterable
from html.parser import HTMLParser

VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)


class Element:
    def __init__(self, tag: str, attrs: dict[str, str | None], start: int, start_end: int) -> None:
        self.tag, self.attrs, self.start, self.start_end = tag, attrs, start, start_end
        self.end = start_end
        self.depth = 0


class _Spans(HTMLParser):
    """Every element of ``text`` with its span (start of its start tag to end of its end tag)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.text = text
        self.line_starts = [0]
        for i, ch in enumerate(text):
            if ch == "\n":
                self.line_starts.append(i + 1)
        self.elements: list[Element] = []
        self.open: list[Element] = []
        self.feed(text)
        self.close()
        if self.open:
            raise ValueError(f"unclosed elements: {[e.tag for e in self.open]}")

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.line_starts[line - 1] + col

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        start = self._offset()
        raw = self.get_starttag_text() or ""
        el = Element(tag, dict(attrs), start, start + len(raw))
        el.depth = len(self.open)
        self.elements.append(el)
        if tag not in VOID:
            self.open.append(el)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        start = self._offset()
        raw = self.get_starttag_text() or ""
        el = Element(tag, dict(attrs), start, start + len(raw))
        el.depth = len(self.open)
        self.elements.append(el)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.open or self.open[-1].tag != tag:
            raise ValueError(f"</{tag}> closes <{self.open[-1].tag if self.open else None}>")
        el = self.open.pop()
        el.end = self.text.index(">", self._offset()) + 1


def elements(text: str) -> list[Element]:
    return _Spans(text).elements


def by_id(text: str, element_id: str) -> Element | None:
    found = [e for e in elements(text) if e.attrs.get("id") == element_id]
    if len(found) > 1:
        raise ValueError(f"id {element_id!r} is not unique in the page")
    return found[0] if found else None


def _without_oob(text: str, el: Element) -> str:
    """The element's outer HTML without its ``hx-swap-oob`` attribute (as htmx removes it)."""
    tag = text[el.start : el.start_end]
    for quote in ('"', "'"):
        marker = f" hx-swap-oob={quote}{el.attrs['hx-swap-oob']}{quote}"
        if marker in tag:
            tag = tag.replace(marker, "", 1)
            break
    else:
        raise ValueError(f"cannot remove hx-swap-oob from {tag!r}")
    return tag + text[el.start_end : el.end]


def apply_message(page: str, message: str, ignore: Iterable[str] = ()) -> tuple[str, list[str]]:
    """The page after a message's out-of-band swaps, and the ids swapped, in order. Raises when a swap
    names an element the page does not hold (htmx would drop it: a push the page cannot show)."""
    ignored = set(ignore)
    swapped: list[str] = []
    for el in [e for e in elements(message) if e.depth == 0]:
        if el.attrs.get("hx-swap-oob") != "true":
            continue
        element_id = el.attrs.get("id") or ""
        if element_id in ignored:
            continue
        target = by_id(page, element_id)
        if target is None:
            raise ValueError(f"a push swaps #{element_id}, which the page does not hold")
        page = page[: target.start] + _without_oob(message, el) + page[target.end :]
        swapped.append(element_id)
    return page, swapped
