"""Set up tables through the real services (never by writing rows by hand)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Any

from games import services
from games.engine import registry
from games.models import Table


def started_table(*users: Any, game: str = "toy", **options: Any) -> Table:
    creator, *others = users
    table = services.table_create(user=creator, game=game, num_players=len(users), options=options)
    for u in others:
        services.seat_take(table_id=table.pk, user=u)
    services.table_start(table_id=table.pk, user=creator)
    table.refresh_from_db()
    return table


def submit(table: Table, user: Any, kind: str, key: uuid.UUID | None = None, version: int | None = None, **args: Any):
    table.refresh_from_db()
    return services.command_submit(
        table_id=table.pk,
        user=user,
        kind=kind,
        args=args,
        expected_version=table.version if version is None else version,
        idempotency_key=key or uuid.uuid4(),
    )


def state_of(table: Table) -> Any:
    table.refresh_from_db()
    return registry.get(table.game).load(table.state)


def hand_of(table: Table, seat: int) -> list[str]:
    return list(state_of(table)["hands"][seat])


def run_automatic_steps(table: Table) -> int:
    """Drain the automatic steps the way the worker would (tests never make the whole suite eager)."""
    done = 0
    while True:
        table.refresh_from_db()
        if table.auto_step_since is None:
            return done
        services.automatic_step_apply(table_id=table.pk, expected_version=table.version)
        done += 1


def play_moves(table: Table, users: Sequence[Any], moves: int, pick: Callable[[list[Any]], Any]) -> None:
    """Up to ``moves`` commands through the services, as the seats' pages send them: each time the lowest
    seat the game waits on sends ``pick(its legal commands)`` with its decision's version and key. The
    automatic steps left to the worker are taken first, as it would; stops when the game is over."""
    from games.models import Seat
    from games.selectors import decision_idempotency_key

    rules = registry.get(table.game)
    for _ in range(moves):
        run_automatic_steps(table)
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            return
        state = rules.load(table.state)
        seat = min(s for d in rules.pending(state) for s in d.seats)
        command = pick(list(rules.legal_commands(state, seat)))
        row = Seat.objects.get(table=table, position=seat)
        services.command_submit(
            table_id=table.pk, user=users[seat], kind=command.kind, args=dict(command.args),
            expected_version=row.decision_since, idempotency_key=decision_idempotency_key(table, row),
        )
