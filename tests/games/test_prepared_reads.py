"""Prepared reads (config/prepared.py) give what the ORM queries they replace give, compiled once.

Run on SQLite (datetimes as text, booleans as 0/1) and on PostgreSQL (JSONB, FOR UPDATE) in CI.
"""

from __future__ import annotations

import random

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth import get_user
from django.db import connection, transaction
from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.backends import USER_BY_PK, PreparedAuthenticationBackend
from config.prepared import PreparedRead
from games import services
from games.engine import registry
from games.engine.core.replay import UNDO_KIND
from games.models import Command, Event, Seat, StateVersion, Table
from games.selectors import (
    SEATS_WITH_USERS,
    TABLE_BY_PK,
    UNDO_CANDIDATES,
    WAITING_SEATS,
    event_rows,
    undo_target,
    waiting_count,
)
from tests.support.tables import run_automatic_steps, started_table, submit

pytestmark = pytest.mark.django_db(transaction=False)


def _fields(obj) -> dict:
    """Every loaded field value (deferred ones left out), as the instance holds it."""
    loaded = obj.get_deferred_fields()
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields if f.attname not in loaded}


def _same(prepared: list, orm: list) -> None:
    assert len(prepared) == len(orm)
    for p, o in zip(prepared, orm, strict=True):
        assert type(p) is type(o)
        assert _fields(p) == _fields(o)
        assert {k: type(v) for k, v in _fields(p).items()} == {k: type(v) for k, v in _fields(o).items()}
        assert p.get_deferred_fields() == o.get_deferred_fields()
        assert p._state.adding is False and p._state.db == o._state.db


def _played_kemble(make_user, moves: int = 25) -> tuple[Table, list]:
    users = [make_user(f"prep{i}") for i in range(3)]
    table = started_table(*users, game="kemble")
    rules = registry.get("kemble")
    rng = random.Random(3)
    for _ in range(moves):
        run_automatic_steps(table)
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        state = rules.load(table.state)
        seat = rng.choice(sorted(rules.seats_to_act(state)))
        command = rng.choice(list(rules.legal_commands(state, seat)))
        submit(table, users[seat], command.kind, **command.args)
    table.refresh_from_db()
    return table, users


def test_each_prepared_read_equals_the_orm_query_it_replaces(make_user):
    table, users = _played_kemble(make_user)
    # Values of every kind on real rows: JSON state, NULL and set datetimes, booleans both ways.
    Seat.objects.filter(table=table, position=1).update(resigned=True, waiting_since=None)
    Table.objects.filter(pk=table.pk).update(finished_at=timezone.now(), result=None)
    Command.objects.filter(table=table, seq=3).update(undone=True)
    assert table.state and Event.objects.filter(table=table, visible_to__isnull=False).exists()

    _same(TABLE_BY_PK(table_id=table.pk), list(Table.objects.filter(pk=table.pk)[:1]))
    loaded = TABLE_BY_PK(table_id=table.pk)[0]
    assert loaded.state == Table.objects.get(pk=table.pk).state and isinstance(loaded.state, dict)
    assert TABLE_BY_PK(table_id=table.pk + 1000) == []

    seats = SEATS_WITH_USERS(table_id=table.pk)
    orm_seats = list(Seat.objects.filter(table=table).select_related("user").order_by("position"))
    _same(seats, orm_seats)
    assert [s.resigned for s in seats] == [False, True, False]
    _same([s.user for s in seats], [s.user for s in orm_seats])
    with CaptureQueriesContext(connection) as no_more:
        assert [s.user.username for s in seats] == ["prep0", "prep1", "prep2"]
    assert len(no_more) == 0  # the users came with the seats

    for after, limit in [(0, 200), (0, 7), (Event.objects.filter(table=table).order_by("id")[5].id, 200)]:
        orm = list(Event.objects.filter(table_id=table.pk, id__gt=after).order_by("-seq", "-index")[:limit])
        _same(event_rows(table.pk, after_id=after, limit=limit), orm)
    assert any(e.visible_to is None for e in orm) and any(e.visible_to for e in orm)

    orm = list(
        Command.objects.filter(table_id=table.pk)
        .order_by("-seq")
        .only("seq", "seat", "kind", "undoable", "undone")[:50]
    )
    prepared = UNDO_CANDIDATES(table_id=table.pk)
    _same(prepared, orm)
    assert {c.undone for c in prepared} == {True, False}

    # A user's seats that started tables wait on (the header's badge), against the count it replaces.
    Seat.objects.filter(table=table, position=0).update(waiting_since=timezone.now())
    for u in users:
        orm = list(Seat.objects.filter(user_id=u.pk, waiting_since__isnull=False, resigned=False,
                                       table__status=Table.Status.ACTIVE).only("pk"))
        _same(WAITING_SEATS(user_id=u.pk), orm)
        assert waiting_count(u.pk) == len(orm)
    assert sum(waiting_count(u.pk) for u in users) >= 1  # some seat is waited on: the read finds rows
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    assert [waiting_count(u.pk) for u in users] == [0, 0, 0]
    Table.objects.filter(pk=table.pk).update(status=Table.Status.ACTIVE)

    for version in (1, table.version):  # the state log, read by undo
        _same(services.STATE_AT(table_id=table.pk, version=version),
              list(StateVersion.objects.filter(table_id=table.pk, version=version)[:1]))
    assert services.STATE_AT(table_id=table.pk, version=table.version + 1) == []
    # A version beyond the column's range (the ORM sends it as a 4-byte integer): the ORM's own answer.
    assert services.STATE_AT(table_id=table.pk, version=2**40) == []
    assert services.STATE_AT(table_id=table.pk, version=-(2**40)) == []

    with transaction.atomic():
        _same(
            services.TABLE_FOR_UPDATE(table_id=table.pk), [Table.objects.select_for_update().get(pk=table.pk)]
        )

    user = users[1]
    _same(USER_BY_PK(user_id=user.pk), [type(user)._default_manager.get(pk=user.pk)])


def test_the_sql_is_compiled_once_per_shape(make_user, monkeypatch):
    table, _ = _played_kemble(make_user, moves=3)
    read = PreparedRead(
        "test read",
        lambda table_id, limit: Event.objects.filter(table_id=table_id)[:limit],
        params=["table_id"],
    )
    calls = []
    as_sql = SQLCompiler.as_sql

    def counting(self, *args, **kwargs):
        calls.append(self.query.model)
        return as_sql(self, *args, **kwargs)

    monkeypatch.setattr(SQLCompiler, "as_sql", counting)
    for _ in range(3):
        assert len(read(table_id=table.pk, limit=2)) == 2
        assert read(table_id=table.pk + 1000, limit=2) == []
    assert read.compilations == 1 and len(calls) == 1
    assert len(read(table_id=table.pk, limit=5)) == 5  # another LIMIT, another SQL
    assert read.compilations == 2 and len(calls) == 2

    # The hot reads, once they have run: a whole render compiles no SELECT of them again.
    event_rows(table.pk)
    undo_target(table=table, seat=0)
    fresh = Table.objects.get(pk=table.pk)  # undo_target keeps its read on the table it was given
    calls.clear()
    with CaptureQueriesContext(connection) as captured:
        TABLE_BY_PK(table_id=table.pk)
        SEATS_WITH_USERS(table_id=table.pk)
        event_rows(table.pk)
        undo_target(table=fresh, seat=0)
    assert calls == [] and len(captured) == 4  # and the queries are seen, as the ORM's are


def test_undo_target_reads_once_per_table_version_for_every_seat(make_user):
    table, _ = _played_kemble(make_user, moves=3)
    last = (
        Command.objects.filter(table=table, undone=False).exclude(kind=UNDO_KIND).order_by("-seq").first()
    )
    Command.objects.filter(pk=last.pk).update(undoable=True)
    with CaptureQueriesContext(connection) as captured:
        found = {seat: undo_target(table=table, seat=seat) for seat in range(table.num_players)}
    assert len(captured) == 1
    assert {seat: row.seq if row else None for seat, row in found.items()} == {
        seat: last.seq if seat == last.seat else None for seat in range(table.num_players)
    }
    # The table at another version: read again (here the last command was undone meanwhile, so the one
    # before it is the candidate, for its own seat only).
    Command.objects.filter(pk=last.pk).update(undone=True)
    before = (
        Command.objects.filter(table=table, undone=False).exclude(kind=UNDO_KIND).order_by("-seq").first()
    )
    Command.objects.filter(pk=before.pk).update(undoable=True)
    table.version += 1
    with CaptureQueriesContext(connection) as captured:
        found = {seat: undo_target(table=table, seat=seat) for seat in range(table.num_players)}
    assert len(captured) == 1
    assert {seat: row.seq if row else None for seat, row in found.items()} == {
        seat: before.seq if seat == before.seat else None for seat in range(table.num_players)
    }


def test_an_unusual_parameter_goes_through_the_orm(make_user):
    table, _ = _played_kemble(make_user, moves=1)
    # A string id, and one beyond any column (a URL can carry it): the ORM's own answer.
    assert [t.pk for t in TABLE_BY_PK(table_id=str(table.pk))] == [table.pk]
    assert TABLE_BY_PK(table_id=10**30) == []
    with pytest.raises(ValueError):
        TABLE_BY_PK(table_id="x")
    with pytest.raises(TypeError):
        TABLE_BY_PK(pk=1)


def test_the_table_lock_is_for_update(make_user):
    table, _ = _played_kemble(make_user, moves=1)
    with transaction.atomic(), CaptureQueriesContext(connection) as captured:
        services._lock_table_with_seats(table.pk)
    sql = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SELECT")]
    assert len(sql) == 2
    if connection.features.has_select_for_update:
        assert sql[0].rstrip().endswith("FOR UPDATE") and "FOR UPDATE" not in sql[1]
    else:
        assert "FOR UPDATE" not in sql[0]


@pytest.mark.django_db(transaction=True)
def test_the_table_lock_blocks_another_transaction_on_postgresql(alice, bob):
    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL")
    import threading

    from django.db import connections

    table = started_table(alice, bob)
    with transaction.atomic():
        services.TABLE_FOR_UPDATE(table_id=table.pk)  # compiled (the ORM checks there too)
    with pytest.raises(TransactionManagementError):  # outside one, refused as by the ORM
        services.TABLE_FOR_UPDATE(table_id=table.pk)
    with pytest.raises(TransactionManagementError):
        list(Table.objects.select_for_update().filter(pk=table.pk))
    locked = threading.Event()
    release = threading.Event()
    order = []

    def holder() -> None:
        with transaction.atomic():
            services._lock_table(table.pk)
            order.append("locked")
            locked.set()
            release.wait(5)
            order.append("released")
        connections.close_all()

    thread = threading.Thread(target=holder)
    thread.start()
    assert locked.wait(5)
    threading.Timer(0.3, release.set).start()
    with transaction.atomic():
        services._lock_table(table.pk)  # waits for the holder's commit
        order.append("second")
    thread.join(5)
    assert order == ["locked", "released", "second"]


def test_the_backend_reads_the_user_and_refuses_inactive_ones(make_user):
    backend = PreparedAuthenticationBackend()
    active = make_user("active")
    inactive = make_user("inactive", is_active=False)
    got = backend.get_user(active.pk)
    _same([got], [type(active).objects.get(pk=active.pk)])
    assert backend.get_user(inactive.pk) is None
    assert backend.get_user(inactive.pk + 1000) is None
    assert backend.get_user(str(active.pk)).pk == active.pk  # as the ORM takes it
    assert async_to_sync(backend.aget_user)(active.pk).pk == active.pk
    assert async_to_sync(backend.aget_user)(inactive.pk) is None


def test_a_session_signed_in_through_the_site_uses_the_prepared_backend(make_user):
    user = make_user("sessioned")
    client = Client()
    client.force_login(user)
    assert client.session["_auth_user_backend"] == "accounts.backends.PreparedAuthenticationBackend"
    request = RequestFactory().get("/")
    request.session = client.session
    assert get_user(request).pk == user.pk
    type(user).objects.filter(pk=user.pk).update(is_active=False)
    assert get_user(request).is_authenticated is False
    # Sessions signed in before (through Django's ModelBackend) stay signed in.
    type(user).objects.filter(pk=user.pk).update(is_active=True)
    old = Client()
    old.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    request.session = old.session
    assert get_user(request).pk == user.pk


def test_the_session_read_is_prepared_where_the_driver_takes_its_text_and_moment(make_user):
    """The session row with its user (every signed-in request and socket command), against the ORM's
    ``get``: found while it lasts, not once expired, not for another key; compiled once on PostgreSQL
    (its key and the moment go to the driver as given), the ORM's own query elsewhere."""
    from datetime import timedelta

    from accounts.models import UserSession
    from accounts.sessions import SESSION_WITH_USER

    user = make_user("sessionread")
    client = Client()
    client.force_login(user)
    key = client.session.session_key
    now = timezone.now()
    found = SESSION_WITH_USER(session_key=key, now=now)
    orm = list(UserSession.objects.select_related("user").filter(session_key=key, expire_date__gt=now))
    _same(found, orm)
    _same([found[0].user], [orm[0].user])
    assert found[0].user.pk == user.pk
    assert SESSION_WITH_USER(session_key=key, now=found[0].expire_date + timedelta(seconds=1)) == []
    assert SESSION_WITH_USER(session_key=key + "x", now=now) == []
    assert SESSION_WITH_USER(session_key="", now=now) == []
    compiled = SESSION_WITH_USER._compiled[(None, ())]
    assert compiled.orm_only == (connection.vendor != "postgresql")
    with CaptureQueriesContext(connection) as queries:
        assert SESSION_WITH_USER(session_key=key, now=now)[0].user.pk == user.pk
    assert len(queries) == 1
    if connection.vendor == "postgresql":  # both bound to the kept SQL, neither written into it
        assert {"session_key", "now"} <= set(compiled.slots) and "prepared" not in compiled.sql
        compiles: list[object] = []
        original = SQLCompiler.as_sql
        SQLCompiler.as_sql = lambda self, *a, **k: compiles.append(self) or original(self, *a, **k)  # type: ignore[method-assign]
        try:
            assert SESSION_WITH_USER(session_key=key, now=timezone.now())[0].user.pk == user.pk
        finally:
            SQLCompiler.as_sql = original  # type: ignore[method-assign]
        assert compiles == []  # the kept SQL, not the ORM's
