"""Reads for the lobby: open tables by game, the viewer's tables (waiting on them first), finished ones.

Only table metadata is read here (``.only``/``.defer``): the lobby never loads ``Table.state``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F, Prefetch, QuerySet

from accounts.models import User
from games.engine import registry
from games.engine.core import Rules
from games.messages import game_name, option_label, option_value_label
from games.models import Seat, Table

#: Heavy or secret columns the lobby never needs.
_DEFERRED = ("state", "rng_state", "seed", "result")


@dataclass
class TableRow:
    """One table as a lobby line shows it."""

    table: Table
    game_label: str
    seats: list[Seat]
    options: list[tuple[str, str]]
    my_seat: Seat | None = None
    waiting_on: list[Seat] = field(default_factory=list)
    #: A finished table's winners (empty: none, or not finished).
    winners: list[Seat] = field(default_factory=list)
    #: A rematch of this finished table waits for the viewer (open, and they have no seat at it yet).
    rematch_waiting: bool = False

    @property
    def seated(self) -> int:
        return len(self.seats)

    @property
    def is_full(self) -> bool:
        return self.seated >= self.table.num_players

    @property
    def has_news(self) -> bool:
        """Something happened since this viewer last looked at the table."""
        return self.my_seat is not None and self.my_seat.seen_version < self.table.version


@dataclass
class GameGroup:
    slug: str
    label: str
    rows: list[TableRow]


def _rules(slug: str) -> Rules | None:
    try:
        return registry.get(slug)
    except LookupError:
        return None


def option_summary(*, game: str, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The options a table changed from the game's defaults, as (label, value), in schema order."""
    rules = _rules(game)
    if rules is None:
        return []
    return [
        (option_label(game, spec), option_value_label(game, spec, options[spec["name"]]))
        for spec in rules.option_schema()
        if spec["name"] in options and options[spec["name"]] != spec.get("default")
    ]


def _tables(*, with_result: bool = False) -> QuerySet[Table]:
    """Tables with their seats; ``with_result`` reads a finished table's (public) result too."""
    deferred = [name for name in _DEFERRED if not (with_result and name == "result")]
    return Table.objects.defer(*deferred).prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
    )


def _winners(table: Table, seats: list[Seat]) -> list[Seat]:
    if table.status != Table.Status.FINISHED or "result" in table.get_deferred_fields():
        return []
    won = set((table.result or {}).get("winners") or ())
    return [s for s in seats if s.position in won]


def _row(table: Table, user: User | None) -> TableRow:
    seats = list(table.seats.all())
    mine = next((s for s in seats if user is not None and s.user_id == user.pk), None)
    return TableRow(
        table=table,
        game_label=game_name(table.game, _rules(table.game)),
        seats=seats,
        options=option_summary(game=table.game, options=table.options or {}),
        my_seat=mine,
        waiting_on=[s for s in seats if s.waiting_since is not None]
        if table.status == Table.Status.ACTIVE
        else [],
        winners=_winners(table, seats),
        rematch_waiting=mine is not None and _rematch_waiting(table, user),
    )


def _rematch_waiting(table: Table, user: User | None) -> bool:
    """Read only from the prefetched ``open_rematches`` (``lobby_finished_tables``); False elsewhere."""
    rematches = getattr(table, "open_rematches", None)
    if not rematches or user is None:
        return False
    return any(all(s.user_id != user.pk for s in r.seats.all()) for r in rematches)


def lobby_open_tables(*, user: User | None) -> list[GameGroup]:
    """Public open tables, grouped by game (games in name order, newest tables first).

    The viewer's own tables are left out: they are at the top of "my tables" already.
    """
    tables = _tables().filter(status=Table.Status.OPEN, is_private=False).order_by("game", "-created_at")
    if user is not None:
        tables = tables.exclude(seats__user=user)
    groups: dict[str, GameGroup] = {}
    for table in tables:
        row = _row(table, user)
        group = groups.setdefault(table.game, GameGroup(slug=table.game, label=row.game_label, rows=[]))
        group.rows.append(row)
    return sorted(groups.values(), key=lambda g: g.label.lower())


def lobby_my_tables(*, user: User) -> list[TableRow]:
    """The viewer's open and running tables: those waiting on them first (longest waiting first)."""
    seats = (
        Seat.objects.filter(user=user, table__status__in=(Table.Status.OPEN, Table.Status.ACTIVE))
        .annotate(table_updated=F("table__updated_at"))
        .order_by(F("waiting_since").asc(nulls_last=True), "-table_updated", "-table_id")
        .values_list("table_id", flat=True)
    )
    order = list(seats)
    by_id = {t.pk: t for t in _tables().filter(pk__in=order)}
    return [_row(by_id[pk], user) for pk in order if pk in by_id]


def lobby_watch_tables(*, user: User | None, limit: int = 20) -> list[TableRow]:
    """Public games in progress anyone may watch, latest move first; the viewer's own are left out
    (they are in "my tables")."""
    tables = _tables().filter(status=Table.Status.ACTIVE, is_private=False)
    if user is not None:
        tables = tables.exclude(seats__user=user)
    return [_row(t, user) for t in tables.order_by("-updated_at", "-pk")[:limit]]


def lobby_finished_tables(*, user: User | None, limit: int = 20) -> list[TableRow]:
    """Finished tables, with their winners: the viewer's own; for a visitor, the latest public ones."""
    over = (Table.Status.FINISHED, Table.Status.CLOSED)
    qs = _tables(with_result=True).filter(status__in=over)
    if user is not None:
        qs = qs.prefetch_related(
            Prefetch(
                "rematches",
                queryset=Table.objects.filter(status=Table.Status.OPEN).only("pk", "rematch_of").prefetch_related(
                    Prefetch("seats", queryset=Seat.objects.only("pk", "table", "user"))
                ),
                to_attr="open_rematches",
            )
        )
    if user is not None:
        qs = qs.filter(seats__user=user)
    else:
        qs = qs.filter(is_private=False)
    return [_row(t, user) for t in qs.order_by(F("finished_at").desc(nulls_last=True), "-pk")[:limit]]
