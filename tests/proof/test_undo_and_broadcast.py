"""F12 (undo exploits) and F5 (nothing secret on the shared channel) beyond tests/games."""

from __future__ import annotations

import uuid
from unittest import mock

import pytest

from games import services
from games.engine import registry
from games.engine.core import IllegalCommand
from tests.support.tables import hand_of, run_automatic_steps, started_table, state_of, submit

pytestmark = pytest.mark.django_db


def _to_turn(table, alice, bob):  # type: ignore[no-untyped-def]
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    submit(table, bob, "bid", card=hand_of(table, 1)[0])
    run_automatic_steps(table)
    return (alice, bob)[state_of(table)["active"]]


def _undo(table, user):  # type: ignore[no-untyped-def]
    table.refresh_from_db()
    return services.command_undo(table_id=table.pk, user=user, expected_version=table.version,
                                 idempotency_key=uuid.uuid4())


def test_undo_never_changes_who_must_act_nor_rewinds_the_rng(alice, bob):
    table = started_table(alice, bob, target=5)
    user = _to_turn(table, alice, bob)
    rules = registry.get("toy")
    table.refresh_from_db()
    rng_before, acting_before = table.rng_state, rules.seats_to_act(state_of(table))
    submit(table, user, "advance", by=1, version=table.seats.get(user=user).decision_since)
    submit(table, user, "advance", by=2, version=table.seats.get(user=user).decision_since)
    _undo(table, user)
    _undo(table, user)
    table.refresh_from_db()
    assert rules.seats_to_act(state_of(table)) == acting_before
    assert table.rng_state == rng_before  # no random draw was taken back: none was made
    with pytest.raises(IllegalCommand) as exc:
        _undo(table, user)  # the barrier: the reveal before this turn cannot be undone
    assert exc.value.code == "nothing_to_undo"


def test_an_undo_cannot_take_back_a_step_once_the_turn_passed(alice, bob):
    table = started_table(alice, bob, target=5)
    user = _to_turn(table, alice, bob)
    submit(table, user, "advance", by=1, version=table.seats.get(user=user).decision_since)
    submit(table, user, "end_turn", version=table.seats.get(user=user).decision_since)
    for who in (alice, bob):
        with pytest.raises(IllegalCommand):
            _undo(table, who)


def test_group_messages_carry_versions_only(alice, bob):
    """Everything sent on the shared channel layer: ids and versions, never state, cards or events."""
    sent: list[tuple[str, dict]] = []
    with mock.patch("games.broadcast.send_group", lambda group, message: sent.append((group, message))), \
            mock.patch("django.db.transaction.on_commit", lambda fn, robust=False: fn()):
        table = started_table(alice, bob)
        submit(table, alice, "bid", card=hand_of(table, 0)[0])
        services.chat_post(table_id=table.pk, user=alice, text="secret c7 hi")
    assert sent
    for _group, message in sent:
        # "reread": a change that kept the version (a seat taken); a flag, not a fact about the game.
        assert set(message) <= {"type", "version", "reread"}, message
        assert all(isinstance(v, int | str) and (not isinstance(v, str) or v.endswith("updated"))
                   for v in message.values())
    assert any(m.get("reread") is True for _g, m in sent)  # seats were taken
