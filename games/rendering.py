"""Render a table's live fragments for one viewer: used by the page, the POST answers and the websocket.

Fragments are rendered separately so that a push replaces only what changed for this viewer: a
half-made choice in my decision panel survives another seat's move when my decision did not change.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.template import engines
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import SafeData, SafeString, mark_safe

from games.models import Event, Seat, Table
from games.parts import digest_of, keep_shared, marking_parts, out_of_band_part, part_mark, rendered_parts
from games.presenters import seat_names, zone_named
from games.selectors import Viewer, board_context, chat_for_table, log_for_seat, log_page, waiting_count

#: The fragments of the table page, each an element whose id is ``frag-<name>``.
FRAGMENTS = ("status", "seats", "board", "decision", "result")


@dataclass(frozen=True)
class View:
    """A viewer's fragments by name (``FRAGMENTS``), and the parts its board is made of: (id, digest,
    HTML) in page order, the HTML an out-of-band swap when the fragments are; None for a game without
    parts (its board goes whole)."""

    fragments: dict[str, str]
    parts: tuple[tuple[str, str, str], ...] | None = None
    #: The board fragment's digest when its board is made of parts (``board_html``): worked out from its
    #: outline and its parts' digests, not by hashing the whole board's HTML again.
    board_digest: str | None = None

    @functools.cached_property
    def digests(self) -> dict[str, str]:
        """Each fragment's ``html_digest``, worked out once per render: what the page will show
        (``shown_of``) and what changed for each socket (``view_changes``) both read it, and a render
        kept in the fragments cache keeps them."""
        return {
            name: self.board_digest if name == "board" and self.board_digest is not None else html_digest(html)
            for name, html in self.fragments.items()
        }


@dataclass(frozen=True)
class Shown:
    """What a page shows, as digests: of each fragment's HTML, and of each part of its board (in page
    order; None: a board without parts). Kept per socket, and per (table, version, viewer kind,
    language) in the ``fragments`` cache for a page that reconnects (``remember_shown``)."""

    fragments: dict[str, str]
    parts: tuple[tuple[str, str], ...] | None = None


def html_digest(html: str) -> str:
    return digest_of(html)


def shown_of(view: View) -> Shown:
    parts = None if view.parts is None else tuple((pid, digest) for pid, digest, _ in view.parts)
    return Shown(dict(view.digests), parts)


def view_changes(view: View, shown: Shown | None) -> dict[str, str]:
    """What of ``view`` a page that shows ``shown`` (None: nothing known) must be sent, by fragment name
    or part id, in page order: the fragments whose HTML changed; for the board, when its parts are the
    same ids in the same order, only the parts whose digest changed, else the whole board."""
    out: dict[str, str] = {}
    digests = view.digests
    for name, html in view.fragments.items():
        if shown is not None and shown.fragments.get(name) == digests[name]:
            continue
        if (
            name == "board"
            and shown is not None
            and view.parts is not None
            and shown.parts is not None
            and [pid for pid, _, _ in view.parts] == [pid for pid, _ in shown.parts]
        ):
            before = dict(shown.parts)
            out.update((pid, part_html) for pid, digest, part_html in view.parts if before[pid] != digest)
            continue
        out[name] = html
    return out


def render_fragments(
    viewer: Viewer, *, oob: bool, seats: Sequence[Seat] | None = None, store: bool = True, lookup: bool = True
) -> dict[str, str]:
    """This viewer's fragments by name (``render_view``)."""
    return render_view(viewer, oob=oob, seats=seats, store=store, lookup=lookup).fragments


def render_view(
    viewer: Viewer, *, oob: bool, seats: Sequence[Seat] | None = None, store: bool = True, lookup: bool = True
) -> View:
    """This viewer's fragments and board parts, rendered once per table version and kind of viewer.

    After a move the mover's POST answer, the mover's own websocket (on any server) and every spectator
    of the table share one render: it is kept in the ``fragments`` cache under a key naming the table's
    version, the seat (or the spectator's standing) and the language. ``store=False``: look it up, but
    do not keep a new render (a seat's own websocket: nobody else would read it, and storing it costs a
    tenth of the render). ``lookup=False``: do not look it up either (a viewer nobody stores a render
    for: another seat's websocket after a move). A board's public parts are shared between every viewer
    and server whatever the key (``games.parts.rendered_parts``).
    """
    key = _fragments_key(viewer, oob) if lookup or store else ""
    out = caches["fragments"].get(key) if key and lookup else None
    if not isinstance(out, View):  # None, or kept by a server of an older release
        ctx = board_context(viewer=viewer, seats=seats)
        ctx["oob"] = oob
        with seat_names(ctx["seat_names"]):
            parts = with_parts_html(ctx, oob=oob)
            fragments: dict[str, str] = {}
            board_digest = None
            for name in FRAGMENTS:
                if name == "board" and parts is not None:
                    fragments[name], board_digest = board_html(ctx)
                else:
                    fragments[name] = render_fragment(name, ctx)
            out = View(fragments, parts, board_digest)
        if key and store:
            out.digests  # noqa: B018  (kept with the render: its readers need them)
            caches["fragments"].set(key, out, timeout=settings.HYPERLANE_FRAGMENT_CACHE_SECONDS)
    if settings.HYPERLANE_PLANT_LEAK == "fragments":  # TEST-ONLY planted leak (tests/proof/leakcheck.py)
        out = View({**out.fragments, "board": out.fragments["board"] + str(viewer.table.state)}, out.parts)
    if settings.HYPERLANE_PLANT_LEAK == "part_push" and out.parts:  # TEST-ONLY (tests/proof/leakcheck.py)
        planted = tuple((pid, digest, html + str(viewer.table.state)) for pid, digest, html in out.parts)
        out = View(out.fragments, planted)
    return out


#: Fragments whose HTML depends on a few values that rarely change (``_steady_key``), by those values:
#: the seat list, and an empty decision panel or result. A bounded, per-process memo.
_STEADY: dict[tuple[Any, ...], str] = {}
STEADY_MAX = 5000


def render_fragment(name: str, ctx: dict[str, Any]) -> str:
    """One of the table page's fragments (``FRAGMENTS``) for the viewer ``ctx`` describes. The seat list
    and the empty decision and result panels are the same render after render (most seats have nothing
    to decide after another seat's move), and the status line the same for every seat of a version but
    the ones it waits for: rendered once per the values they show (``_steady_key``)."""
    if name == "decision" and ctx.get("my_decision"):
        return _decision_panel(ctx)
    key = _steady_key(name, ctx)
    if key is None:
        return _render_fragment(name, ctx)
    html = _STEADY.get(key)
    if html is None:
        html = _render_fragment(name, ctx)
        _keep_steady(key, html)
    return html


#: What stands for the forms' version and idempotency key in a kept decision panel (``_decision_panel``):
#: NULs never occur in HTML, and Jinja2 leaves them as they are.
_FORM_VERSION, _FORM_KEY = "\x00form-version\x00", "\x00form-key\x00"


def _decision_panel(ctx: dict[str, Any]) -> str:
    """A seat's decision panel when it has a decision: drawn once per what it shows besides its forms'
    version and key (the prompt, the controls, the undo, the seat and the names its buttons may show), with
    marks where those two go, then filled in. A player's decision moves on with each of its moves (a new
    version and key) while its controls often stay the same (the next move of the same turn)."""
    language = translation.get_language()
    key = (
        "decision", language, bool(ctx.get("oob")), ctx["table"].pk, ctx.get("position"), str(ctx["decision_prompt"]),
        bool(ctx.get("can_undo")), bool(ctx.get("is_active")), ctx.get("my_seat") is not None,
        tuple(sorted((ctx.get("seat_names") or {}).items())),
        json.dumps(ctx.get("panel_controls") or [], sort_keys=True, separators=(",", ":"), default=str),
    )  # fmt: skip
    html = _STEADY.get(key)
    if html is None:
        html = _render_fragment("decision", {**ctx, "form_version": _FORM_VERSION, "idempotency_key": _FORM_KEY})
        _keep_steady(key, html)
    return mark_safe(html.replace(_FORM_VERSION, str(ctx["form_version"])).replace(_FORM_KEY, str(ctx["idempotency_key"])))


#: The fragments that change with most moves (the status line, the decision panel), as Jinja2 templates
#: (``games/jinja2/games/table/``): a third of what Django's template engine took for them.
_JINJA_FRAGMENTS = {"status": "games/table/status.html", "decision": "games/table/decision.html"}


def _render_fragment(name: str, ctx: dict[str, Any]) -> str:
    template = _JINJA_FRAGMENTS.get(name)
    if template is None:
        return render_to_string(f"games/table.html#{name}", ctx)
    return render_jinja(template, {**ctx, "control_html": functools.partial(_control_html, ctx)})


def _control_html(ctx: dict[str, Any], control: dict[str, Any]) -> SafeString:
    """A decision panel's button drawn by its game's own Django template (``control["template"]``), with
    the panel's context and the control as ``c``, as an ``{% include %}`` in the panel would draw it."""
    return mark_safe(render_to_string(control["template"], {**ctx, "c": control}))


def render_jinja(template: str, context: dict[str, Any]) -> SafeString:
    """A table template of Jinja2 (``games/jinja2/games/table/``) rendered with ``context``, as safe HTML."""
    env = engines["jinja2"].env  # type: ignore[attr-defined]
    return mark_safe(env.get_template(template).render(context))


def _steady(key: tuple[Any, ...], template: str, ctx: dict[str, Any]) -> str:
    """Jinja2's ``template`` rendered with ``ctx``, kept in ``_STEADY`` under ``key`` (everything the
    render shows)."""
    html = _STEADY.get(key)
    if html is None:
        html = render_jinja(template, ctx)
        _keep_steady(key, html)
    return html


def _keep_steady(key: tuple[Any, ...], html: str) -> None:
    if len(_STEADY) >= STEADY_MAX:
        _STEADY.clear()
    _STEADY[key] = html


def _steady_key(name: str, ctx: dict[str, Any]) -> tuple[Any, ...] | None:
    """Everything fragment ``name`` shows, for the ones ``render_fragment`` keeps; None for the others.
    Keep in step with the partials of ``games/table.html`` (and ``_table_actions.html``)."""
    oob = bool(ctx.get("oob"))
    language = translation.get_language()
    if name == "seats":
        table, me, user = ctx["table"], ctx["my_seat"], ctx["viewer_user"]
        seats = tuple((s.pk, s.position, s.user.shown_name, s.faction, s.resigned) for s in ctx["seats"])
        mine = None if me is None else (me.pk, me.resigned)
        staff = user is not None and user.is_staff
        return ("seats", table.pk, table.status, seats, mine, staff, oob, language)
    if name == "status":
        table, me = ctx["table"], ctx["my_seat"]
        waiting = tuple((s.pk, s.position, s.user.shown_name, me is not None and s.pk == me.pk) for s in ctx.get("waiting_on") or ())
        return (
            "status", table.pk, table.title, str(ctx["game_label"]), table.version, table.status, table.num_players,
            len(ctx["seats"]), bool(ctx.get("is_creator")), bool(ctx.get("automatic_running")),
            table.needs_moderator_since is not None, waiting, ctx["version"], oob, language,
            bool(ctx.get("my_decision") and ctx.get("panel_controls")),
        )  # fmt: skip
    if name == "decision" and not ctx.get("my_decision"):
        return ("decision", ctx.get("my_seat") is not None, bool(ctx.get("is_active")), oob, language)
    if name == "result" and not ctx.get("result"):
        return ("result", oob, language)
    return None


def with_parts_html(ctx: dict[str, Any], *, oob: bool) -> tuple[tuple[str, str, str], ...] | None:
    """Render the board's parts (``ctx["parts"]``, from the presenter) into ``ctx`` for the page's board
    fragment (``has_parts``, ``parts_html``, and ``parts_rendered``: each part's HTML in page order, for
    ``board_html``), and answer them as (id, digest, HTML) in page order, the HTML an out-of-band swap
    when ``oob``; None for a board without parts."""
    board_parts = ctx.get("parts")
    if board_parts is None:
        return None
    htmls = rendered_parts(board_parts)
    ctx["has_parts"] = True
    ctx["parts_html"] = mark_safe("".join(htmls))
    ctx["parts_rendered"] = htmls
    if not oob:
        return tuple((p.id, p.digest, html) for p, html in zip(board_parts, htmls, strict=True))
    language = translation.get_language() or ""
    return tuple(
        (p.id, p.digest, out_of_band_part(p, html, language)) for p, html in zip(board_parts, htmls, strict=True)
    )


#: Board outlines (``board_html``) by what they depend on: a bounded, per-process memo.
_OUTLINES: dict[tuple[Any, ...], tuple[str, tuple[str, ...]]] = {}
OUTLINES_MAX = 2000
#: Off only to check that an outline depends on nothing but its key (tests/games/test_push_parts.py).
OUTLINES_KEPT = True


def board_html(ctx: dict[str, Any]) -> tuple[str, str]:
    """The board fragment of a board made of parts (after ``with_parts_html``), and its digest.

    A board is its game's outline around its parts, and the outline depends only on the viewer's
    position, the language, ``oob`` and the parts' ids in order (``Presenter.board_parts``' contract):
    it is drawn once per those (and per table), with each part's mark in its place (``games.parts.marking_parts``), and
    kept. Each render then puts the parts' HTML in the marks' places, and the board's digest is the
    outline's and the parts' digests': the 40 KB board is neither drawn nor hashed again per seat.
    """
    board_parts = ctx["parts"]
    language = translation.get_language() or ""
    # The table too: an outline holds no data by contract, but one that broke it must not show one table's
    # data at another.
    key = (
        ctx["table"].pk, ctx["game_template"], ctx["position"], bool(ctx.get("oob")), language,
        tuple(p.id for p in board_parts),
    )
    kept = _OUTLINES.get(key) if OUTLINES_KEPT else None
    if kept is None:
        with marking_parts():
            marked = {**ctx, "parts_html": mark_safe("".join(part_mark(p.id) for p in board_parts))}
            outline = render_to_string("games/table.html#board", marked)
        pieces = outline.split("\x00")  # text, part id, text, part id, ..., text
        if len(pieces) % 2 == 0 or sorted(pieces[1::2]) != sorted(p.id for p in board_parts):
            # An outline that does not draw each part once through games.parts: drawn whole, never kept.
            html = render_fragment("board", ctx)
            return html, html_digest(html)
        kept = (outline, tuple(pieces))
        if OUTLINES_KEPT:
            if len(_OUTLINES) >= OUTLINES_MAX:
                _OUTLINES.clear()
            _OUTLINES[key] = kept
    outline, pieces = kept
    by_id = {p.id: html for p, html in zip(board_parts, ctx["parts_rendered"], strict=True)}
    html = "".join(piece if i % 2 == 0 else by_id[piece] for i, piece in enumerate(pieces))
    digest = digest_of("\x00".join([language, outline, *(p.digest for p in board_parts)]))
    return html, digest


def remember_shown(viewer: Viewer, shown: Shown) -> None:
    """Keep what this viewer's pages show at the table's version, for a page that reconnects from it
    (``shown_at``): it is then sent only what changed since. Small (digests only)."""
    remember_records([shown_record(viewer, shown)])


def shown_record(viewer: Viewer, shown: Shown) -> tuple[str, Shown]:
    """``remember_shown``'s cache entry, to keep several in one round trip (``remember_records``); its
    key is empty when there is nothing to keep (an open table)."""
    return _shown_key(viewer.table, viewer, viewer.table.version), shown


def remember_records(records: Sequence[tuple[str, Shown]]) -> None:
    kept = {key: shown for key, shown in records if key}
    if kept:
        keep_shared(kept)


def shown_at(viewer: Viewer, version: int) -> Shown | None:
    """What this viewer's page showed at ``version``, if some socket of its kind showed it lately."""
    key = _shown_key(viewer.table, viewer, version)
    return caches["fragments"].get(key) if key else None


def _shown_key(table: Table, viewer: Viewer, version: int) -> str:
    if table.status == Table.Status.OPEN or settings.HYPERLANE_FRAGMENT_CACHE_SECONDS <= 0 or version < 0:
        return ""
    staff = int(viewer.user is not None and viewer.user.is_staff)
    # The table's creation time beside its id: a cache that outlives a database (a test site's, a reset
    # development site's) must never take another table's record for this one's.
    born = table.created_at.timestamp() if table.created_at else 0
    return f"shown:{table.pk}:{born}:{version}:{_who(viewer)}:{staff}:{translation.get_language()}"


def _who(viewer: Viewer) -> str:
    if viewer.seat is not None:
        return f"seat{viewer.seat.position}"
    user, table = viewer.user, viewer.table
    creator = user is not None and user.pk == table.created_by_id
    return f"watch{int(user is not None)}{int(creator)}{int(bool(viewer.invite_token))}"


def _fragments_key(viewer: Viewer, oob: bool) -> str:
    """Everything the fragments depend on besides the table's version: who looks, and in which language.

    Open tables are never cached (seats come and go without a new version). The version and the time of
    the table's last write change with every move, every step of the worker and every moderator action.
    Display names are not in the key: a renamed player shows up at the table's next version.
    """
    table = viewer.table
    if table.status == Table.Status.OPEN or settings.HYPERLANE_FRAGMENT_CACHE_SECONDS <= 0:
        return ""
    user = viewer.user
    who = _who(viewer)
    staff = int(user is not None and user.is_staff)
    stamp = table.updated_at.timestamp() if table.updated_at else 0
    return f"frag:{table.pk}:{table.version}:{stamp}:{table.status}:{who}:{staff}:{translation.get_language()}:{int(oob)}"


def render_log_entries(
    viewer: Viewer, *, after_id: int, oob: bool = True, rows: Sequence[Event] | None = None
) -> tuple[str, int]:
    """New log lines (as an element that appends to ``#log-entries`` when ``oob``), and the last id.

    ``rows``: the table's events after ``after_id``, when the caller has read them (``event_rows``).
    """
    with reader_time_zone(viewer):
        entries = log_for_seat(
            table=viewer.table, seat=viewer.position, after_id=after_id, seats=viewer.seats, rows=rows
        )
    if not entries:
        return "", after_id
    seen = viewer.seat.seen_version if viewer.seat else None
    # Most new lines read the same for every seat: rendered once per lines and language (what the
    # partial shows of each: its id, sequence number, text and whether it is new to this seat).
    key = (
        "log",
        oob,
        translation.get_language(),
        tuple(
            (e["id"], e["seq"], str(e["text"]), isinstance(e["text"], SafeData), seen is not None and e["seq"] > seen)
            for e in entries
        ),
    )
    template = "games/table/log_append.html" if oob else "games/table/log_items.html"
    context = {"entries": entries, "seen_version": seen, "first_new_id": None, "new_count": 0}
    return _steady(key, template, context), entries[-1]["id"]


@contextlib.contextmanager
def reader_time_zone(viewer: Viewer) -> Iterator[None]:
    """The viewer's own time zone (its profile's) active around a render of texts with times in them (an
    away seat's log line): the websocket has no request, so ``accounts.middleware`` did not activate it."""
    zone = zone_named(getattr(viewer.user, "time_zone", None))
    if zone is None:
        yield
        return
    with timezone.override(zone):
        yield


def render_log_page(viewer: Viewer, *, before_id: int | None = None) -> tuple[str, int]:
    """A page of this viewer's log (``selectors.log_page``) as list items: the newest lines, or those
    before ``before_id``, headed by the control that loads the page before them when there is one.
    Also the id of its newest line (0 if none), where the page's websocket goes on from."""
    with reader_time_zone(viewer):
        page = log_page(table=viewer.table, seat=viewer.seat, before_id=before_id, seats=viewer.seats)
    html = render_jinja(
        "games/table/log_page.html",
        {
            "entries": page.entries,
            "earlier": page.earlier,
            "first_new_id": page.first_new_id,
            "new_count": page.new_count,
            "seen_version": viewer.seat.seen_version if viewer.seat else None,
            "table": viewer.table,
            "invite_token": viewer.invite_token,
        },
    )
    return html, page.entries[-1]["id"] if page.entries else 0


def render_chat(viewer: Viewer, *, oob: bool) -> str:
    return render_to_string(
        "games/table.html#chat",
        {
            "table": viewer.table,
            "chat": chat_for_table(table=viewer.table),
            "oob": oob,
            "my_seat": viewer.seat,
            "viewer_user": viewer.user,
        },
    )


def render_waiting_badge(user_id: int) -> str:
    """The header's "games waiting for you" badge, swapped in out of band (``#waiting-badge``)."""
    count = waiting_count(user_id)
    key = ("badge", count, translation.get_language())
    html = _STEADY.get(key)
    if html is None:
        html = render_to_string("games/_waiting_badge.html", {"waiting_count": count, "oob": True})
        _keep_steady(key, html)
    return html


def with_language(language: str, fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a render in the viewer's own language (the websocket has no request to carry it): see
    ``scope_language``."""
    with translation.override(language):
        return fn(*args, **kwargs)


def scope_language(scope: dict[str, Any], user: Any) -> str:
    """The language a websocket's pushes are rendered in: the one its page was rendered in.

    A signed-in user's preference (``accounts.middleware``); for anyone else, what ``LocaleMiddleware``
    reads from the request (the language cookie, then ``Accept-Language``), here from the socket's
    handshake.
    """
    if user is not None and getattr(user, "is_authenticated", False) and getattr(user, "language", ""):
        return translation.get_supported_language_variant(user.language)
    headers = dict(scope.get("headers") or ())
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    request = SimpleNamespace(COOKIES=scope.get("cookies") or {}, META={"HTTP_ACCEPT_LANGUAGE": accept})
    return translation.get_language_from_request(request)  # type: ignore[arg-type]
