"""The seats a server renders from one read of a table share one loaded state (``selectors.loaded_state``):
that is safe only while no read changes it. For every registered game, through random moves made by the
services: every seat's and a spectator's render (the engine's view, pending decisions and legal commands,
the presenter's context and parts) leaves the shared state exactly as the table holds it."""

from __future__ import annotations

import json
import random
import uuid

import pytest

from games import services
from games.engine import registry
from games.models import Table
from games.rendering import render_view, with_language
from games.selectors import loaded_state, table_with_seats, viewer_at
from tests.support.tables import run_automatic_steps, started_table

pytestmark = pytest.mark.django_db

MOVES = 40


def _json(rules, state) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(rules.dump(state), sort_keys=True)


@pytest.mark.parametrize("game", ["ascendancy", "bsg", "kemble", "tng", "toy"])
def test_every_render_leaves_the_shared_state_alone(game, make_user):  # type: ignore[no-untyped-def]
    rules = registry.get(game)
    assert {r.slug for r in registry.all_rules()} <= {"ascendancy", "bsg", "kemble", "tng", "toy"}, "a game to add"
    users = [make_user(f"p{i}") for i in range(max(2, rules.min_players, 3 if game == "ascendancy" else 2))]
    table = started_table(*users, game=game)
    rnd = random.Random(5)
    for move in range(MOVES):
        run_automatic_steps(table)
        table, seats = table_with_seats(table.pk)
        state = loaded_state(table, rules)
        before = _json(rules, rules.load(table.state))
        for user in [*users, None]:
            for language in ("en", "it"):
                with_language(language, render_view, viewer_at(table, seats, user=user), oob=True, store=False,
                              lookup=False)
        assert loaded_state(table, rules) is state, "the seats' renders did not share one loaded state"
        assert _json(rules, state) == before, f"move {move}: a render changed the shared state"
        if table.status != Table.Status.ACTIVE:
            break
        pending = sorted({s for d in rules.pending(state) for s in d.seats})
        if not pending:
            continue
        seat = rnd.choice(pending)
        command = rnd.choice(list(rules.legal_commands(state, seat)))
        services.command_submit(table_id=table.pk, user=users[seat], kind=command.kind, args=dict(command.args),
                                expected_version=table.version, idempotency_key=uuid.uuid4())
