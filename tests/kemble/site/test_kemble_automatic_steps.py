"""Kemble's automatic steps (the reveal of the bids, the upkeep, the scroll) are applied in the transaction of
the move that makes them due, each logged as its own version (``Rules.automatic_steps_inline``, issue 12):
the seats are told once, of the version the steps end at, and the worker is not asked."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest

from games import broadcast, queueing, services
from games.engine import registry
from games.engine.core import AUTO_SEAT
from games.models import Command, Table
from games.replaying import table_replay_check
from tests.support.tables import play_moves, run_automatic_steps, started_table, state_of, submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], list[tuple[Any, ...]]]:
    """The versions the table's pages are told of, and the tasks queued for the worker, as the services ask."""
    announced: list[int] = []
    queued: list[tuple[Any, ...]] = []

    def announce(*, table_id: int, version: int, reread: bool = False) -> None:
        announced.append(version)

    def enqueue(name: str, *args: Any, countdown: float = 0) -> None:
        queued.append((name, *args))

    monkeypatch.setattr(broadcast, "table_updated_on_commit", announce)
    monkeypatch.setattr(queueing, "enqueue_on_commit", enqueue)
    return announced, queued


def _bid(table: Table, user: Any, seat: int) -> None:
    submit(table, user, "bid", card=state_of(table)["players"][seat]["hand"][0])


def _advance_table_tasks(queued: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    return [q for q in queued if q[0] == queueing.ADVANCE_TABLE]


@pytest.mark.rules("kemble:R13")
def test_the_last_bid_reveals_the_bids_in_its_own_transaction_and_the_seats_are_told_once(alice, bob, told):
    announced, queued = told
    table = started_table(alice, bob, game="kemble")
    announced.clear()
    start = table.version
    _bid(table, alice, 0)
    assert state_of(table)["phase"] == "bid"
    _bid(table, bob, 1)
    table.refresh_from_db()
    assert table.version == start + 3  # two bids, then the reveal as its own version
    assert state_of(table)["phase"] != "reveal"
    last = Command.objects.filter(table=table).order_by("-seq").values_list("seq", "seat", "kind", "idempotency_key")[0]
    assert last == (start + 3, AUTO_SEAT, "reveal", services.automatic_step_key(table_id=table.pk, version=start + 2))
    assert announced == [start + 1, start + 3]  # the second bid's own version is never announced
    assert not _advance_table_tasks(queued) and table.auto_step_since is None
    assert table_replay_check(table).identical


def _play(table: Table, users: list[Any], moves: int) -> None:
    """Seeded random legal commands, a ship's rotation only when nothing else is legal (rounds end soon)."""
    choose = random.Random(5)
    play_moves(table, users, moves, lambda legal: choose.choice([c for c in legal if c.kind != "rotate"] or legal))


@pytest.mark.rules("kemble:R12", "kemble:R41")
def test_a_round_end_scrolls_and_upkeeps_with_the_last_turn_and_the_log_replays(alice, bob, told):
    """The scroll and the upkeep follow each other: both are applied with the move that ends the round, and
    no version in between is announced. The table still replays from its log to the byte."""
    announced, queued = told
    table = started_table(alice, bob, game="kemble")
    _play(table, [alice, bob], 40)
    table.refresh_from_db()
    kinds = list(Command.objects.filter(table=table).order_by("seq").values_list("seq", "seat", "kind"))
    automatic = [(seq, kind) for seq, seat, kind in kinds if seat == AUTO_SEAT]
    assert {"reveal", "upkeep", "scroll"} <= {kind for _seq, kind in automatic}
    announced_set = set(announced)
    for seq, _kind in automatic:  # each step's version follows a move's in one transaction: not announced
        assert seq - 1 not in announced_set
    assert not _advance_table_tasks(queued)
    assert table_replay_check(table).identical


def test_a_step_the_engine_fails_on_inline_is_left_to_the_worker_and_the_move_stands(alice, bob, told, monkeypatch):
    announced, queued = told
    table = started_table(alice, bob, game="kemble")
    _bid(table, alice, 0)
    rules = registry.get("kemble")
    real = type(rules).apply

    def failing(self: Any, state: Any, command: Any, rng: Any) -> Any:
        if command.seat == AUTO_SEAT:
            raise KeyError("a bug in the step")
        return real(self, state, command, rng)

    monkeypatch.setattr(type(rules), "apply", failing)
    _bid(table, bob, 1)
    table.refresh_from_db()
    assert state_of(table)["phase"] == "reveal" and table.auto_step_since is not None
    assert announced[-1] == table.version
    assert _advance_table_tasks(queued)[-1] == (queueing.ADVANCE_TABLE, table.pk, table.version)
    monkeypatch.setattr(type(rules), "apply", real)
    assert run_automatic_steps(table) == 1  # the worker's turn, as for any step
    table.refresh_from_db()
    assert state_of(table)["phase"] != "reveal"


def test_after_as_many_steps_in_a_row_as_allowed_the_worker_takes_the_next(alice, bob, told, monkeypatch):
    announced, queued = told
    monkeypatch.setattr(services, "INLINE_AUTOMATIC_STEPS_MAX", 1)
    # a fixed seed: the game the 40 seeded moves reach has its upkeep right after its first scroll
    table = services.table_create(user=alice, game="kemble", num_players=2, options={})
    Table.objects.filter(pk=table.pk).update(seed=1)
    services.seat_take(table_id=table.pk, user=bob)
    services.table_start(table_id=table.pk, user=alice)
    table.refresh_from_db()
    _play(table, [alice, bob], 40)
    kinds = list(Command.objects.filter(table=table).order_by("seq").values_list("seq", "seat", "kind"))
    # The scroll went with the round's last move; the upkeep after it was the worker's.
    scroll = next(seq for seq, seat, kind in kinds if kind == "scroll")
    assert {seq: kind for seq, _seat, kind in kinds}[scroll + 1] == "upkeep"
    assert (queueing.ADVANCE_TABLE, table.pk, scroll) in _advance_table_tasks(queued)
    assert scroll in announced and scroll - 1 not in announced


def test_a_game_that_leaves_its_steps_to_the_worker_still_does(alice, bob, told):
    """The toy game's steps are the worker's (``automatic_steps_inline`` off, the default)."""
    announced, queued = told
    table = started_table(alice, bob)
    table.refresh_from_db()
    assert not registry.get("toy").automatic_steps_inline
    rules = registry.get("toy")
    for _ in range(6):
        table.refresh_from_db()
        state = rules.load(table.state)
        if any(d.automatic for d in rules.pending(state)):
            break
        seat = min(s for d in rules.pending(state) for s in d.seats)
        command = rules.legal_commands(state, seat)[0]
        user = alice if seat == 0 else bob
        submit(table, user, command.kind, key=uuid.uuid4(), **dict(command.args))
    table.refresh_from_db()
    assert table.auto_step_since is not None
    assert _advance_table_tasks(queued)[-1] == (queueing.ADVANCE_TABLE, table.pk, table.version)
