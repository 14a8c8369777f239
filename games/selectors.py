"""Reads: what a viewer may see of a table. Templates get only what these return, never ``Table.state``."""

from __future__ import annotations

import hashlib
import hmac
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.models import User
from config.prepared import PreparedRead
from games.engine import registry
from games.engine.core import Event as EngineEvent
from games.engine.core import IllegalCommand
from games.engine.core.replay import UNDO_KIND
from games.invites import invite_link
from games.messages import game_name
from games.models import ChatMessage, Command, Event, Seat, Table
from games.parts import Part
from games.presenters import moment_text, presenter_for, seat_names

# The reads of every render and move: the ORM compiles each once (config/prepared.py).
TABLE_BY_PK = PreparedRead("table by pk", lambda table_id: Table.objects.filter(pk=table_id)[:1], params=["table_id"])
SEATS_WITH_USERS = PreparedRead(
    "seats with their users",
    lambda table_id: Seat.objects.filter(table_id=table_id).select_related("user").order_by("position"),
    params=["table_id"],
)
EVENTS_AFTER = PreparedRead(
    "events after an id",
    lambda table_id, after_id, limit: (
        Event.objects.filter(table_id=table_id, id__gt=after_id).order_by("-seq", "-index")[:limit]
    ),
    params=["table_id", "after_id"],
)
EVENTS_BEFORE = PreparedRead(
    "events before an id",
    lambda table_id, before_id, limit: (
        Event.objects.filter(table_id=table_id, id__lt=before_id).order_by("-seq", "-index")[:limit]
    ),
    params=["table_id", "before_id"],
)
WAITING_SEATS = PreparedRead(
    "a user's seats that a started table waits on",
    lambda user_id: Seat.objects.filter(
        user_id=user_id, waiting_since__isnull=False, resigned=False, table__status=Table.Status.ACTIVE
    ).only("pk"),
    params=["user_id"],
)
UNDO_CANDIDATES = PreparedRead(
    "last commands, for undo",
    lambda table_id: (
        Command.objects.filter(table_id=table_id).order_by("-seq").only("seq", "seat", "kind", "undoable", "undone")[:50]
    ),
    params=["table_id"],
)


class NotAllowed(Exception):
    """The viewer may not see this table (a private table without its invite)."""


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a seated player (``seat`` set) or a spectator (``seat`` None)."""

    table: Table
    user: User | None
    seat: Seat | None
    #: The invite token this viewer came with (private tables), carried into the page's join form.
    invite_token: str = ""
    #: The table's seats by position, with their users (read with the viewer, so that a render does not
    #: read them again). Empty when the caller did not load them.
    seats: tuple[Seat, ...] = ()

    @property
    def position(self) -> int | None:
        return self.seat.position if self.seat is not None else None


def viewer_for(*, table_id: int, user: User | None, invite_token: str = "") -> Viewer:
    """The table as this user may see it. Private tables: only seated players and invite holders.

    A moderator seated at the table sees only their own seat, like anyone else.
    """
    loaded = table_with_seats(table_id)
    if loaded is None:
        raise NotAllowed()
    return viewer_at(*loaded, user=user, invite_token=invite_token)


def table_with_seats(table_id: int) -> tuple[Table, tuple[Seat, ...]] | None:
    """The table and its seats (by position, with their users), in two queries; None if no such table."""
    found = TABLE_BY_PK(table_id=table_id)
    if not found:
        return None
    table = found[0]
    seats = tuple(SEATS_WITH_USERS(table_id=table.pk))
    for s in seats:
        s.table = table
    return table, seats


def viewer_at(table: Table, seats: tuple[Seat, ...], *, user: User | None, invite_token: str = "") -> Viewer:
    """``viewer_for`` on a table and seats already read (see ``table_with_seats``)."""
    seat = None
    if user is not None and user.is_authenticated:
        seat = next((s for s in seats if s.user_id == user.pk), None)
    is_staff = user is not None and user.is_authenticated and user.is_staff
    if seat is None and table.is_private and invite_token != table.invite_token and not is_staff:
        raise NotAllowed()
    return Viewer(
        table=table,
        user=user if user is not None and user.is_authenticated else None,
        seat=seat,
        invite_token=invite_token if invite_token == table.invite_token else "",
        seats=seats,
    )


def event_rows(table_id: int, *, after_id: int = 0, before_id: int | None = None, limit: int = 200) -> list[Event]:
    """The newest ``limit`` events of a table after ``after_id`` (or, given ``before_id``, before that
    one), newest first, for every seat: filter them with ``log_for_seat`` before showing them to anyone."""
    if before_id is not None:
        return EVENTS_BEFORE(table_id=table_id, before_id=before_id, limit=limit)
    return EVENTS_AFTER(table_id=table_id, after_id=after_id, limit=limit)


def log_for_seat(
    *,
    table: Table,
    seat: int | None,
    after_id: int = 0,
    limit: int = 200,
    seats: Sequence[Seat] = (),
    rows: Sequence[Event] | None = None,
) -> list[dict[str, Any]]:
    """The event log as this seat may read it, oldest first; ``after_id`` for what is new.

    ``seats`` (with their users) when the caller holds them: their names are read from there.
    ``rows``: ``event_rows(table.pk, after_id=after_id, limit=limit)`` when the caller has read them.
    """
    rules = registry.get(table.game)
    presenter = presenter_for(table.game)
    if rows is None:
        rows = event_rows(table.pk, after_id=after_id, limit=limit)
    if not rows:
        return []
    if seats:
        names = {s.position: s.user.shown_name for s in seats}
    else:
        names = {
            position: display or username
            for position, display, username in table.seats.values_list(
                "position", "user__display_name", "user__username"
            )
        }
    with seat_names(names):
        return _log_lines(presenter, rules, rows, seat)


@dataclass(frozen=True)
class LogPage:
    """One page of a seat's log, oldest line first (``log_page``)."""

    entries: list[dict[str, Any]]
    #: Where the lines before these begin (``log_page(before_id=earlier)``); None: these reach the first.
    earlier: int | None
    #: The first line this seat had not seen (its ``seen_version``), and how many of the lines are new
    #: since then; 0 and 0 for a spectator, whose visits are not kept, and for pages further back.
    first_new_id: int = 0
    new_count: int = 0


def log_page(
    *, table: Table, seat: Seat | None, before_id: int | None = None, seats: Sequence[Seat] = ()
) -> LogPage:
    """A page of the log as ``seat`` may read it (the same filter as ``log_for_seat``), keyset-paged by
    event id: the newest lines (``before_id`` None), or those before ``before_id``.

    The newest page reaches back to the first line the seat has not seen (at most
    ``HYPERLANE_LOG_UNSEEN_LINES`` lines), so a player coming back reads everything since their last
    visit without paging, and is told where it starts and how much is new.
    """
    limit = settings.HYPERLANE_LOG_PAGE_LINES
    seen = seat.seen_version if seat is not None else None
    if before_id is None and seen is not None:
        unseen = Event.objects.filter(table_id=table.pk, seq__gt=seen).count()
        limit = max(limit, min(unseen, settings.HYPERLANE_LOG_UNSEEN_LINES))
    rows = event_rows(table.pk, before_id=before_id, limit=limit + 1)
    earlier = rows[limit - 1].id if len(rows) > limit else None
    entries = log_for_seat(
        table=table, seat=seat.position if seat is not None else None, seats=seats, rows=rows[:limit]
    )
    if before_id is not None or seen is None:
        return LogPage(entries, earlier)
    new = [e for e in entries if e["seq"] > seen]
    return LogPage(entries, earlier, new[0]["id"] if new else 0, len(new))


def _log_lines(presenter: Any, rules: Any, rows: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    out = []
    for row in reversed(rows):
        event = EngineEvent(
            kind=row.kind,
            data=row.data,
            visible_to=frozenset(row.visible_to) if row.visible_to is not None else None,
            redacted=row.redacted,
        )
        data = event.for_seat(seat)
        data = event.data if settings.HYPERLANE_PLANT_LEAK == "log" else data  # TEST-ONLY planted leak (tests/proof)
        if data is None:
            continue
        out.append({"id": row.id, "seq": row.seq, "text": presenter.event_text(rules, row.kind, data)})
    return out


def waiting_count(user_id: int) -> int:
    """How many started tables wait on this user's decision (the header's badge): a handful of rows at
    most (a player's open games), read through a query compiled once."""
    return len(WAITING_SEATS(user_id=user_id))


def chat_for_table(*, table: Table, limit: int = 100) -> list[ChatMessage]:
    rows = ChatMessage.objects.filter(table=table).select_related("user").order_by("-created_at", "-id")[:limit]
    return list(reversed(list(rows)))


def board_context(*, viewer: Viewer, seats: Sequence[Seat] | None = None) -> dict[str, Any]:
    """Everything the table page shows to this viewer, from the database only.

    ``seats`` (ordered by position, with their users) when the caller already holds them, as the move
    POST does. ``seat_names`` is in the context: render templates inside ``presenters.seat_names(...)``.
    """
    if seats is None:
        seats = viewer.seats or list(viewer.table.seats.select_related("user").order_by("position"))
    names = {s.position: s.user.shown_name for s in seats}
    with seat_names(names):
        ctx = _board_context(viewer, seats)
    ctx["seat_names"] = names
    return ctx


def _board_context(viewer: Viewer, seats: Sequence[Seat]) -> dict[str, Any]:
    table = viewer.table
    rules = registry.get(table.game)
    presenter = presenter_for(table.game)
    position = viewer.position
    ctx: dict[str, Any] = {
        "table": table,
        "rules": rules,
        # Before the presenter's parts are made: a part's data must hold the names it shows.
        "seat_names": {s.position: s.user.shown_name for s in seats},
        # Fragments are also rendered for websockets, where there is no request: pass what they need.
        "viewer_user": viewer.user,
        "is_creator": viewer.user is not None and viewer.user.pk == table.created_by_id,
        "invite_token": viewer.invite_token,
        "invite_url": settings.SITE_URL.rstrip("/") + invite_link(table.pk, table.invite_token)
        if viewer.seat is not None and table.is_private
        else "",
        "seats": seats,
        "my_seat": viewer.seat,
        "position": position,
        "game_template": presenter.board_template,
        "game_label": game_name(table.game, rules),
        "game_stylesheet": presenter.stylesheet,
        "idempotency_key": decision_idempotency_key(table, viewer.seat),
        "version": table.version,
        # Forms post the version at which this seat's decision opened: other seats' moves in between
        # leave them valid, and the rendered form stays identical until this seat's decision changes.
        "form_version": viewer.seat.decision_since if viewer.seat is not None else table.version,
        "result": table.result,
        "is_open": table.status == Table.Status.OPEN,
        "is_active": table.status == Table.Status.ACTIVE,
    }
    ctx["away"] = away_context(viewer, rules)
    if table.result:
        ctx["result_reason"] = presenter.message_text(rules, table.result.get("reason", ""))
        tiebreak = table.result.get("tiebreak")
        ctx["result_tiebreak"] = presenter.message_text(rules, tiebreak) if tiebreak else ""
        ctx["standings"] = final_standings(table.result, seats)
        ctx["score_labels"] = {key: presenter.score_label(rules, key)
                               for row in (table.result.get("scores") or {}).values() for key in row}
    if table.status == Table.Status.FINISHED and viewer.seat is not None:
        ctx["rematch"] = rematch_for(table=table, user=viewer.user)
    if table.state is None:
        return ctx
    state = loaded_state(table, rules)
    view = rules.view(state, position)
    pending = rules.pending(state) if table.status == Table.Status.ACTIVE else ()
    waiting_on = sorted({s for d in pending for s in d.seats})
    my_decision = None
    legal: list[Any] = []
    if position is not None and table.status == Table.Status.ACTIVE and not viewer.seat.resigned:
        my_decision = next((d for d in pending if position in d.seats), None)
        if my_decision is not None:
            legal = list(rules.legal_commands(state, position))
    automatic = any(d.automatic for d in pending)
    controls = presenter.controls(rules, view, legal, position)
    can_undo = position is not None and my_decision is not None and undo_target(table=table, seat=position) is not None
    ctx.update(
        {
            "view": view,
            "pending": pending,
            "waiting_on": [s for s in seats if s.position in waiting_on],
            "automatic_running": automatic,
            "my_decision": my_decision,
            "decision_prompt": presenter.prompt_text(rules, my_decision) if my_decision else "",
            "legal": legal,
            "controls": controls,
            # The decision panel lists only the controls not drawn on the board itself.
            "panel_controls": [c for c in controls if not c.get("on_board")],
            "can_undo": can_undo,
            "seen_version": viewer.seat.seen_version if viewer.seat is not None else table.version,
        }
    )
    ctx.update(presenter.extra_context(rules, view, position))
    parts = presenter.board_parts(rules, ctx)
    if parts is not None and settings.HYPERLANE_PLANT_LEAK == "public_part":  # TEST-ONLY (tests/proof/leakcheck.py)
        parts = [_planted_leak(p, view) if p.public else p for p in parts]
    ctx["parts"] = parts
    return ctx


def loaded_state(table: Table, rules: Any) -> Any:
    """The table's state as the engine loads it, loaded once per table object and version: the seats a
    server renders from one read of the table (``consumers.TableSnapshots``) share it. Only for reads
    (views, pending decisions, legal commands, presenters), which never change it
    (``tests/games/test_reads_leave_state_alone.py``); a service loads its own copy to apply to."""
    kept = table.__dict__.get("_loaded_state")
    if kept is not None and kept[0] == table.version and kept[1] is table.state:
        return kept[2]
    state = rules.load(table.state)
    table.__dict__["_loaded_state"] = (table.version, table.state, state)
    return state


def keep_loaded_state(table: Table, state: Any) -> None:
    """``loaded_state`` of ``table`` is ``state``: the state a service has just made and dumped into
    ``table.state`` at ``table.version`` (an engine's ``load(dump(state))`` equals it), for the renders
    that follow on this table object."""
    table.__dict__["_loaded_state"] = (table.version, table.state, state)


#: The lengths of time the away order offers (``services.AWAY_HOURS``), as the console names them.
AWAY_CHOICES = ((12, gettext_noop("12 hours")), (24, gettext_noop("1 day")), (48, gettext_noop("2 days")))


def away_context(viewer: Viewer, rules: Any) -> dict[str, Any] | None:
    """The seat's away order as its own console shows it (RULINGS bsg G45), or None where it offers none
    (a spectator, a resigned seat, a table not in play, a game that answers nothing in absence): where it
    posts, the seat's position, until when it is away (in the reader's time zone and language; "" when it
    is not) and the lengths of time it may choose. Plain JSON: it goes into a board part's data."""
    seat, table = viewer.seat, viewer.table
    if seat is None or seat.resigned or table.status != Table.Status.ACTIVE or not rules.answers_in_absence():
        return None
    away = seat.away_until is not None and seat.away_until > timezone.now()
    zone = getattr(viewer.user, "time_zone", None)
    return {
        "url": reverse("table_away", args=[table.pk]),
        "seat": seat.position,
        "until": moment_text(seat.away_until, zone) if away and seat.away_until is not None else "",
        "choices": [{"hours": hours, "label": _(label)} for hours, label in AWAY_CHOICES],
    }


def _planted_leak(part: Part, view: Any) -> Part:
    """TEST-ONLY: a public part that carries this viewer's own view (its secrets, for a seat)."""
    return Part(part.id, part.template, {**part.data, "leaked": repr(view)}, public=True)


@dataclass
class Rematch:
    """The rematch of a finished table, as one of its players sees it: join it, or go to it."""

    table: Table
    seated: bool


def rematch_for(*, table: Table, user: User | None) -> Rematch | None:
    """The finished table's rematch (not a cancelled one), or None; ``seated``: the user has a seat."""
    found = (
        Table.objects.filter(rematch_of=table).exclude(status=Table.Status.CANCELLED)
        .only("pk", "status", "invite_token", "num_players").order_by("-pk").first()
    )
    if found is None:
        return None
    return Rematch(table=found, seated=user is not None and found.seats.filter(user_id=user.pk).exists())


def final_standings(result: Mapping[str, Any], seats: Sequence[Seat]) -> list[dict[str, Any]]:
    """The seats best first, as the result ranks them: ``{"place", "seat", "total"}`` each, tied seats
    sharing a place. Seats the ranking leaves out (a table closed by a moderator) are not listed."""
    by_position = {s.position: s for s in seats}
    scores = result.get("scores") or {}
    out: list[dict[str, Any]] = []
    for group in result.get("ranking") or ():
        place = len(out) + 1
        for position in group:
            seat = by_position.get(position)
            if seat is None:
                continue
            total = (scores.get(str(position)) or {}).get("total")
            out.append({"place": place, "seat": seat, "total": total})
    return out


def undo_target(*, table: Table, seat: int) -> Command | None:
    """The command ``seat`` may take back now, or None: the table's last command that is neither an
    undo nor undone, when it is this seat's and undoable. Reads at most a handful of rows, in one query,
    once per table version: the seats rendered from one read of the table (the websocket sockets of a
    server, ``consumers.TableSnapshots``) share it.

    Not through ``table.commands``: a related manager sets each row's ``table``, reading the deferred
    ``table_id`` with one more query per row (up to 50 more queries per render).
    """
    kept = getattr(table, "_last_undoable_candidate", None)
    if kept is None or kept[0] != table.version:
        last = next((row for row in UNDO_CANDIDATES(table_id=table.pk) if row.kind != UNDO_KIND and not row.undone), None)
        kept = table._last_undoable_candidate = (table.version, last)
    last = kept[1]
    return last if last is not None and last.seat == seat and last.undoable else None


def note_last_command(table: Table, command: Command) -> None:
    """``command`` (neither an undo nor undone) was just logged as ``table``'s version: ``undo_target`` of
    this table object at this version needs no read (the mover's answer renders from it)."""
    table._last_undoable_candidate = (table.version, command)  # type: ignore[attr-defined]


def decision_idempotency_key(table: Table, seat: Seat | None) -> uuid.UUID:
    """The key a page's forms send for this seat's open decision.

    Fixed while the decision is open (a double click or a retried POST applies once, and the rendered
    form does not change when other seats move) and new for each decision, since a seat's
    ``decision_since`` grows with each of its commands. Keyed with the site secret, so that nobody can
    use up another seat's next key.
    """
    if seat is None:
        return uuid.UUID(int=0)
    digest = hmac.new(
        settings.SECRET_KEY.encode(), f"{table.pk}:{seat.position}:{seat.decision_since}".encode(), hashlib.sha256
    ).digest()
    return uuid.UUID(bytes=digest[:16], version=4)


def error_text(exc: IllegalCommand, game: str) -> str:
    from games.messages import error_message

    presenter = presenter_for(game)
    fallback = presenter.error_template(registry.get(game), exc.code) if game else None
    text = error_message(exc.code, exc.params, fallback=fallback, game=game)
    if exc.rule:
        text = _("%(message)s (rule %(rule)s)") % {"message": text, "rule": exc.rule}
    return text
