"""A move's writes (services._Writes): one statement on PostgreSQL, the same rows and the same answers
as ever, and a conflict on the command row (a reused key, a lost race) still a stale page that writes
nothing, while a conflict anywhere else is not passed off as one."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services
from games.engine import registry
from games.models import Command, Deck, Event, Notification, Seat, StateVersion, Table
from games.selectors import decision_idempotency_key, undo_target
from tests.support.tables import hand_of, play_moves, run_automatic_steps, started_table, submit

pytestmark = pytest.mark.django_db


def _written(table: Table) -> tuple[int, ...]:
    return (
        Command.objects.filter(table=table).count(),
        Event.objects.filter(table=table).count(),
        StateVersion.objects.filter(table=table).count(),
        Notification.objects.filter(table=table).count(),
        Table.objects.get(pk=table.pk).version,
    )


def test_a_fresh_page_sending_a_key_its_seat_used_before_is_stale_and_writes_nothing(alice, bob):
    """The key's check is the command insert itself (no lookup on a fresh page): the conflict is a
    StaleDecision naming the table's version, and the move's other rows are not written."""
    table = started_table(alice, bob)
    used = {0: uuid.uuid4(), 1: uuid.uuid4()}
    submit(table, alice, "bid", key=used[0], card=hand_of(table, 0)[0])
    submit(table, bob, "bid", key=used[1], card=hand_of(table, 1)[0])
    run_automatic_steps(table)
    table.refresh_from_db()
    seat = Seat.objects.filter(table=table).exclude(decision_key="").select_related("user").first()
    assert seat is not None  # a seat has a decision open, and its page for it is fresh
    rules = registry.get(table.game)
    command = next(iter(rules.legal_commands(rules.load(table.state), seat.position)))
    decks = list(Deck.objects.filter(table=table).order_by("name").values_list("name", "cards"))
    before = _written(table)
    with pytest.raises(services.StaleDecision) as raised:
        services.command_submit(table_id=table.pk, user=seat.user, kind=command.kind, args=dict(command.args),
                                expected_version=seat.decision_since, idempotency_key=used[seat.position])
    assert raised.value.current_version == table.version
    assert _written(table) == before
    assert list(Deck.objects.filter(table=table).order_by("name").values_list("name", "cards")) == decks
    # The decision's own key still works afterwards.
    services.command_submit(table_id=table.pk, user=seat.user, kind=command.kind, args=dict(command.args),
                            expected_version=seat.decision_since,
                            idempotency_key=decision_idempotency_key(table, seat))
    assert _written(table)[-1] == table.version + 1


def test_a_conflict_on_another_row_is_an_error_not_a_stale_page(alice, bob):
    """Only the command row's uniqueness means "stale": a version already stored (a bug, or a write
    behind the services' back) fails the move loudly, and nothing of it is written."""
    table = started_table(alice, bob)
    StateVersion.objects.create(table=table, version=table.version + 1, state={}, rng_state={})
    before = _written(table)
    with pytest.raises(IntegrityError), transaction.atomic():
        submit(table, alice, "bid", card=hand_of(table, 0)[0])
    assert _written(table) == before


@pytest.mark.skipif(connection.vendor != "postgresql", reason="one statement: PostgreSQL")
def test_on_postgresql_a_move_writes_its_rows_in_one_statement(alice, bob):
    """Before: the command, its events, the state version, the deck rows, the seats, the notification and
    the table went out one statement each (6 to 8 round trips); now one."""
    table = started_table(alice, bob)
    table.refresh_from_db()
    with CaptureQueriesContext(connection) as captured:
        submit(table, alice, "bid", card=hand_of(table, 0)[0])
    writes = [q["sql"] for q in captured.captured_queries
              if not q["sql"].lstrip().upper().startswith(("SELECT", "SAVEPOINT", "RELEASE", "BEGIN", "COMMIT"))]
    assert len(writes) == 1, writes
    for table_name in ("games_command", "games_event", "games_stateversion", "games_seat", "games_table"):
        assert table_name in writes[0]


def _writes(captured: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in captured.captured_queries
            if not q["sql"].lstrip().upper().startswith(("SELECT", "SAVEPOINT", "RELEASE", "BEGIN", "COMMIT"))]


def test_an_undo_marks_its_target_and_a_retry_of_it_replays(alice, bob):
    table = started_table(alice, bob)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    submit(table, bob, "bid", card=hand_of(table, 1)[0])
    run_automatic_steps(table)
    table.refresh_from_db()
    seat = Seat.objects.filter(table=table).exclude(decision_key="").select_related("user").get()
    submit(table, seat.user, "advance", by=2)
    table.refresh_from_db()
    seat.refresh_from_db()
    key = uuid.uuid4()
    with CaptureQueriesContext(connection) as captured:
        result = services.command_undo(table_id=table.pk, user=seat.user, expected_version=seat.decision_since,
                                       idempotency_key=key)
    assert Command.objects.get(table=table, kind="advance").undone
    assert result.version == table.version + 1 and not result.replayed
    # Its retry (the same page, now stale) answers as applied, and changes nothing.
    again = services.command_undo(table_id=table.pk, user=seat.user, expected_version=seat.decision_since,
                                  idempotency_key=key)
    assert again.replayed and again.version == result.version
    if connection.vendor == "postgresql":
        assert len(_writes(captured)) == 1, _writes(captured)


def test_a_move_leaves_its_table_object_free_of_reference_cycles(alice, bob):
    """The table object a move writes (which the mover's answer and this server's other sockets then
    render from) is freed by reference counting alone, with its state, as soon as nobody holds it. A cycle
    through it (a command kept on the table that holds the table) would leave every move's table and
    state to the garbage collector's full passes, which stop a server for a tenth of a second and more."""
    import gc
    import weakref

    table = started_table(alice, bob)
    card = hand_of(table, 0)[0]
    gc.collect()
    gc.disable()
    try:
        result = submit(table, alice, "bid", card=card)
        # The command just logged is the table object's undo candidate (what the mover's answer reads).
        with CaptureQueriesContext(connection) as reads:
            undo_target(table=result.table, seat=0)
        assert len(reads) == 0
        ref = weakref.ref(result.table)
        del result
        assert ref() is None
    finally:
        gc.enable()


def test_every_write_sent_through_its_compiled_sql_is_what_the_orm_compiles(
    alice, bob, django_user_model, monkeypatch
):
    """``services._COMPILED``: a write's SQL is compiled by the ORM once per shape and then reused with the
    write's own parameters. Over a played Kemble game (events of every count, piles and seats upserted,
    notifications, the table with and without an automatic step due), each write is also compiled afresh
    by the ORM, and the two must be the same statement with the same parameters."""
    fixed = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: fixed)  # both paths stamp ``auto_now`` fields alike
    compared: list[str] = []

    def both(real: Any, name: str) -> Any:
        def write(self: services._Writes, *args: Any, **kwargs: Any) -> None:
            learnt = dict(services._COMPILED)
            services._COMPILED.clear()
            orm = services._Writes(self.using)
            real(orm, *args, **kwargs)  # compiled afresh (and learnt, if it can be)
            compiled_path = bool(services._COMPILED)
            services._COMPILED.update(learnt)
            before = len(self.statements)
            real(self, *args, **kwargs)
            ours = self.statements[before:]
            assert [s for s, _p, _c in ours] == [s for s, _p, _c in orm.statements]
            for (_s, ours_params, _c), (_s2, orm_params, _c2) in zip(ours, orm.statements, strict=True):
                assert services._same_params(ours_params, orm_params)
            if compiled_path:
                compared.append(name)

        return write

    monkeypatch.setattr(services._Writes, "insert", both(services._Writes.insert, "insert"))
    monkeypatch.setattr(services._Writes, "update", both(services._Writes.update, "update"))
    users = [
        alice,
        bob,
        django_user_model.objects.create_user(username="carol", password="x"),
        django_user_model.objects.create_user(username="dave", password="x"),
    ]
    table = started_table(*users, game="kemble")
    play_moves(table, users, 120, lambda legal: legal[-1])
    assert compared.count("insert") > 100 and compared.count("update") > 50


def test_an_update_whose_values_turn_none_is_its_own_compiled_shape(alice, bob):
    """The ORM writes ``col = NULL`` for a None, not a parameter: the table's update with an automatic step
    due and without one are two statements, each sent with its own parameters."""
    table = started_table(alice, bob)
    writes = services._Writes("default")
    for since in (None, timezone.now(), None, timezone.now()):
        table.auto_step_since = since
        writes.update(table, ["version", "auto_step_since"])
    sqls = [sql for sql, _p, _c in writes.statements]
    assert sqls[0] == sqls[2] and sqls[1] == sqls[3] and sqls[0] != sqls[1]
    assert "NULL" in sqls[0] and len(writes.statements[0][1]) == 2 and len(writes.statements[1][1]) == 3
