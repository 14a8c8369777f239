"""Database queries per move: the whole move POST stays within 10, and nothing grows with the log.

bench/queries.py measures the same at move 10,000; these check it at two points of a short game so that
a change that adds a query per move, or one per log line, fails in CI.
"""

from __future__ import annotations

import json
import random
import uuid

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import services
from games.engine import registry
from games.models import Event, Seat, Table
from games.rendering import render_fragments, render_log_entries
from games.selectors import decision_idempotency_key, viewer_for
from tests.support.tables import run_automatic_steps, started_table

pytestmark = pytest.mark.django_db(transaction=False)

#: Sessions live in the database only (issue 11 item 6), read with their user in one query (accounts/sessions.py).
POST_LIMIT = 10


def _play(table: Table, users: list, rng: random.Random, moves: int) -> None:
    rules = registry.get(table.game)
    for _ in range(moves):
        run_automatic_steps(table)
        table.refresh_from_db()
        state = rules.load(table.state)
        seat = rng.choice(sorted(rules.seats_to_act(state)))
        command = rng.choice(list(rules.legal_commands(state, seat)))
        services.command_submit(table_id=table.pk, user=users[seat], kind=command.kind, args=dict(command.args),
                                expected_version=table.version, idempotency_key=uuid.uuid4())
    run_automatic_steps(table)


def _queries(captured: CaptureQueriesContext) -> int:
    """Statements other than transaction control (BEGIN, COMMIT, savepoints)."""
    control = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")
    return sum(1 for q in captured.captured_queries if not q["sql"].lstrip().upper().startswith(control))


def _post_and_renders(table: Table, users: list, rng: random.Random) -> tuple[int, list[int]]:
    """Queries of one move POST, then of each other seat's re-render."""
    rules = registry.get(table.game)
    table.refresh_from_db()
    state = rules.load(table.state)
    seat = rng.choice(sorted(rules.seats_to_act(state)))
    command = rng.choice(list(rules.legal_commands(state, seat)))
    seat_row = Seat.objects.get(table=table, position=seat)
    last_event = Event.objects.filter(table=table).order_by("-id").values_list("id", flat=True).first() or 0
    client = Client()
    client.force_login(users[seat])
    client.get("/")  # a player who has a page open (the session row is read by every request)
    data = {"kind": command.kind, "args": json.dumps(dict(command.args)), "version": seat_row.decision_since,
            "idempotency_key": str(decision_idempotency_key(table, seat_row))}
    with CaptureQueriesContext(connection) as post:
        response = client.post(f"/tables/{table.pk}/command/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content[:300]
    renders = []
    for position, user in enumerate(users):
        if position == seat:
            continue
        with CaptureQueriesContext(connection) as render:
            viewer = viewer_for(table_id=table.pk, user=user)
            render_fragments(viewer, oob=True)
            render_log_entries(viewer, after_id=last_event)
        renders.append(_queries(render))
    return _queries(post), renders


@pytest.mark.parametrize(("game", "options"), [("toy", {"endless": True}), ("kemble", {})])
def test_a_move_post_takes_at_most_ten_queries_early_and_late(game, options, make_user):
    users = [make_user(f"q{game}{i}") for i in range(4)]
    table = started_table(*users, game=game, **options)
    rng = random.Random(5)
    _play(table, users, rng, 5)
    early_post, early_renders = _post_and_renders(table, users, rng)
    _play(table, users, rng, 60)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    late_post, late_renders = _post_and_renders(table, users, rng)
    # Moves differ (an event or a seat update more or less), so each is held to the bound, early and late.
    assert early_post <= POST_LIMIT and late_post <= POST_LIMIT, (early_post, late_post)
    # A seat's re-render: the table, its seats, its undo check and the new log lines, whatever the log's length.
    assert max(early_renders) <= 4 and max(late_renders) <= 4, (early_renders, late_renders)


@pytest.mark.parametrize(("game", "players", "moves"), [("tng", 2, 60), ("kemble", 4, 60)])
def test_every_move_post_of_a_game_takes_at_most_ten_queries(game, players, moves, make_user):
    """Every kind of move, not one sample: the ones that also make a seat newly waiting (a notification
    row), end a pile, or finish a round. Before: a TNG move that passed the turn took 11."""
    from games.models import Notification

    users = [make_user(f"e{game}{i}") for i in range(players)]
    table = started_table(*users, game=game)
    rules = registry.get(game)
    rng = random.Random(11)
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    counts, notifying = [], []
    for _ in range(moves):
        run_automatic_steps(table)
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        state = rules.load(table.state)
        seat = rng.choice(sorted(rules.seats_to_act(state)))
        command = rng.choice(list(rules.legal_commands(state, seat)))
        seat_row = Seat.objects.get(table=table, position=seat)
        data = {"kind": command.kind, "args": json.dumps(dict(command.args)), "version": seat_row.decision_since,
                "idempotency_key": str(decision_idempotency_key(table, seat_row))}
        notifications = Notification.objects.count()
        with CaptureQueriesContext(connection) as post:
            response = clients[seat].post(f"/tables/{table.pk}/command/", data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.content[:300]
        counts.append(_queries(post))
        if Notification.objects.count() > notifications:
            notifying.append(counts[-1])
    assert len(counts) >= 20 and notifying, (len(counts), notifying)
    assert max(counts) <= POST_LIMIT, sorted(counts)
