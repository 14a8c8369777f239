"""F14: an engine update never breaks or silently changes a game in progress (``replay_tables``)."""

from __future__ import annotations

import copy
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.engine import registry
from games.engine.core import IllegalCommand
from games.models import Table
from tests.support.tables import hand_of, run_automatic_steps, started_table, submit
from tests.support.toygame import TOY, ToyRules

pytestmark = pytest.mark.django_db


class ToyV2Same(ToyRules):
    """Version 2, same rules: every table replays identically."""

    engine_version = 2


class ToyV2Changed(ToyRules):
    """Version 2 with a rules change: a revealed bid now scores two points."""

    engine_version = 2

    def apply(self, state, command, rng):  # type: ignore[no-untyped-def]
        out = super().apply(state, command, rng)
        if command.kind == "reveal":
            s = copy.deepcopy(out.state)
            best = max(range(s["n"]), key=lambda i: s["points"][i] - state["points"][i])
            s["points"][best] += 1
            out.state = s
        return out


@pytest.fixture
def installed():  # type: ignore[no-untyped-def]
    def install(rules):  # type: ignore[no-untyped-def]
        registry.register(rules)

    yield install
    registry.register(TOY)


def _table_mid_game(alice, bob) -> Table:  # type: ignore[no-untyped-def]
    table = started_table(alice, bob, target=5)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    submit(table, bob, "bid", card=hand_of(table, 1)[0])
    run_automatic_steps(table)
    table.refresh_from_db()
    return table


def _replay(*args: str) -> tuple[str, str, int]:
    out, err = StringIO(), StringIO()
    try:
        call_command("replay_tables", *args, stdout=out, stderr=err)
        code = 0
    except CommandError as exc:
        code = exc.returncode
    return out.getvalue(), err.getvalue(), code


def test_installed_engine_replays_every_table_identically(alice, bob):
    table = _table_mid_game(alice, bob)
    out, err, code = _replay()
    assert code == 0 and f"table {table.pk}" in out and "identical" in out and not err


def test_a_table_keeps_its_engine_until_migrated_then_plays_on(alice, bob, installed):
    table = _table_mid_game(alice, bob)
    installed(ToyV2Same())
    with pytest.raises(IllegalCommand) as exc:
        submit(table, alice, "end_turn") if table.state["active"] == 0 else submit(table, bob, "end_turn")
    assert exc.value.code == "engine_version_mismatch"
    out, _err, code = _replay()
    assert code == 0 and "--migrate" in out
    assert Table.objects.get(pk=table.pk).engine_version == 1
    out, _err, code = _replay("--migrate")
    assert code == 0 and "moved to v2" in out
    table.refresh_from_db()
    assert table.engine_version == 2
    player = alice if table.state["active"] == 0 else bob
    submit(table, player, "end_turn")
    assert Table.objects.get(pk=table.pk).version == table.version + 1


def test_a_rules_change_that_alters_a_game_is_reported_and_not_migrated(alice, bob, installed):
    table = _table_mid_game(alice, bob)
    untouched = started_table(*_more_users(), target=5)  # no reveal yet: replays identically
    installed(ToyV2Changed())
    out, err, code = _replay("--migrate")
    assert code == 1
    assert f"table {table.pk}" in err and "DIFFERS" in err
    assert Table.objects.get(pk=table.pk).engine_version == 1
    assert Table.objects.get(pk=untouched.pk).engine_version == 2
    assert "1 differ" in out


def _more_users():  # type: ignore[no-untyped-def]
    from accounts.models import User

    return [User.objects.create_user(f"u{i}", f"u{i}@example.org", "pw") for i in range(2)]
