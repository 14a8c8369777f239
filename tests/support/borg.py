"""Ascendancy tables against the Borg, set up through the real services: played on (each waited-on seat giving
its quickest answer, automatic steps applied the way the worker would) until a Borg turn is due. Used by the
site tests and, in the live site's own environment (``manage.py shell``), by the worker-kill proof."""

from __future__ import annotations

import uuid
from typing import Any

from games import services
from games.engine import registry
from games.models import Table
from tests.support.pages import seeded_table
from tests.support.tables import state_of

#: What a seat answers while playing on: the shortest way through each decision.
QUICK = ("end_build", "end_turn", "stop")
SIDE = ("standing", "clear_standing", "use_ability", "borg_skip")


def player_move(table: Table, users: list[Any]) -> bool:
    """The first waited-on seat sends its quickest answer; False when no seat is waited on."""
    rules = registry.get("ascendancy")
    table.refresh_from_db()
    state = state_of(table)
    for d in rules.pending(state):
        if d.automatic or not d.seats:
            continue
        seat = min(d.seats)
        legal = [c for c in rules.legal_commands(state, seat) if c.kind not in SIDE]
        command = next((c for c in legal if c.kind in QUICK), legal[0])
        services.command_submit(table_id=table.pk, user=users[seat], kind=command.kind, args=dict(command.args),
                                expected_version=table.version, idempotency_key=uuid.uuid4())
        table.refresh_from_db()
        return True
    return False


def borg_turn_due(state: Any) -> bool:
    return bool(state["phase"] == "turn" and "automaton" in (state["turn"] or {}) and state["borg"]["cursor"] is None)


def borg_table(users: list[Any], seed: int = 5) -> Table:
    """A Delta Quadrant table played on until a Borg turn is due (none of its steps applied yet)."""
    table = seeded_table("ascendancy", users, seed, borg_mode="delta_quadrant")
    for _ in range(400):
        table.refresh_from_db()
        if borg_turn_due(state_of(table)):
            return table
        if table.auto_step_since is not None:
            services.automatic_step_apply(table_id=table.pk, expected_version=table.version)
        else:
            assert player_move(table, users)
    raise AssertionError("no Borg turn came")
