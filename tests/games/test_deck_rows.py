"""For every game: after each command of a playout through the services, the deck rows equal the state."""

from __future__ import annotations

import uuid

import pytest

from games import services
from games.engine import registry
from games.engine.core import Rng
from games.models import Deck, Table
from tests.support.tables import run_automatic_steps

pytestmark = pytest.mark.django_db


def _rows_equal_zones(table: Table) -> None:
    table.refresh_from_db()
    rules = registry.get(table.game)
    zones = {z.name: z for z in rules.zones(rules.load(table.state))}
    rows = {d.name: d for d in Deck.objects.filter(table=table)}
    assert set(rows) == set(zones)
    for name, zone in zones.items():
        row = rows[name]
        assert (row.cards, row.size, row.owner, row.visibility) == (
            list(zone.cards),
            len(zone.cards),
            zone.owner,
            zone.visibility,
        ), name


@pytest.mark.parametrize("game", [r.slug for r in registry.all_rules() if r.slug != "toy"])
def test_deck_rows_follow_every_command_of_a_playout(game, make_user):
    rules = registry.get(game)
    players = max(rules.min_players, 2)
    users = [make_user(f"p{i}") for i in range(players)]
    table = services.table_create(user=users[0], game=game, num_players=players, options={})
    for u in users[1:]:
        services.seat_take(table_id=table.pk, user=u)
    services.table_start(table_id=table.pk, user=users[0])
    _rows_equal_zones(table)
    bot = Rng.from_seed(11)
    for _ in range(60):
        run_automatic_steps(table)
        _rows_equal_zones(table)
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        state = rules.load(table.state)
        seats = sorted(rules.seats_to_act(state))
        seat = seats[bot.below(len(seats))]
        legal = rules.legal_commands(state, seat)
        command = legal[bot.below(len(legal))]
        services.command_submit(
            table_id=table.pk,
            user=users[seat],
            kind=command.kind,
            args=dict(command.args),
            expected_version=table.version,
            idempotency_key=uuid.uuid4(),
        )
        _rows_equal_zones(table)
