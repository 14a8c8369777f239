"""Set up tables through the real services (never by writing rows by hand)."""

from __future__ import annotations

import uuid
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
