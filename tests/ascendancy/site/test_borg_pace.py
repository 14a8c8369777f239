"""The Borg turn on the site: each automatic step is queued with the site's pause (its Decision's ``pace``
times ``HYPERLANE_AUTOMATON_PACE_SECONDS``), a seated player's ``borg_skip`` has the rest of the turn queued
without it (RULINGS B41), and a duplicate of a paced task still does nothing."""

from __future__ import annotations

import uuid
from typing import Any
from unittest import mock

import pytest
from django.test import override_settings

from games import queueing, services
from games.engine import registry
from games.engine.core import Decision
from games.models import Command
from tests.support.borg import borg_table, player_move
from tests.support.pages import seeded_table
from tests.support.tables import state_of

pytestmark = pytest.mark.django_db

RULES = registry.get("ascendancy")
_player_move = player_move


@pytest.fixture
def cast(alice, bob, charlie):  # type: ignore[no-untyped-def]
    return [alice, bob, charlie]


@override_settings(HYPERLANE_AUTOMATON_PACE_SECONDS=2.0)
def test_automatic_pace_is_the_decisions_pace_times_the_setting() -> None:
    auto = Decision(key="k", seats=frozenset(), prompt="automaton_turn", automatic=True, params={"pace": 1})
    assert services.automatic_pace([auto]) == 2.0
    assert services.automatic_pace([Decision(key="k", seats=frozenset(), prompt="x", automatic=True)]) == 0.0
    assert services.automatic_pace([Decision(key="k", seats=frozenset(), prompt="x", automatic=True,
                                             params={"pace": 0})]) == 0.0
    assert services.automatic_pace([Decision(key="k", seats=frozenset({0}), prompt="x", params={"pace": 3})]) == 0.0


def test_a_task_with_a_countdown_goes_through_apply_async(django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    from games.tasks import advance_table_task

    with (mock.patch.object(advance_table_task, "apply_async") as apply_async,
          django_capture_on_commit_callbacks(execute=True)):
        queueing.enqueue_on_commit(queueing.ADVANCE_TABLE, 7, 12, countdown=1.5)
    assert apply_async.call_count == 1
    assert tuple(apply_async.call_args.args[0]) == (7, 12) and apply_async.call_args.kwargs == {"countdown": 1.5}


@pytest.mark.rules("ascendancy:R217")
@override_settings(HYPERLANE_AUTOMATON_PACE_SECONDS=1.5)
def test_borg_steps_are_paced_until_a_player_skips_to_the_end_of_the_turn(cast) -> None:  # type: ignore[no-untyped-def]
    table = borg_table(cast)
    queued: list[tuple[int, float]] = []

    def record(name: str, *args: Any, countdown: float = 0) -> None:
        if name == queueing.ADVANCE_TABLE:
            queued.append((args[1], countdown))

    with mock.patch.object(queueing, "enqueue_on_commit", side_effect=record):
        services.automatic_step_apply(table_id=table.pk, expected_version=table.version)  # the turn begins
        table.refresh_from_db()
        assert queued == [(table.version, 1.5)]
        paced_version = table.version
        services.command_submit(table_id=table.pk, user=cast[1], kind="borg_skip", args={},
                                expected_version=table.version, idempotency_key=uuid.uuid4())
        table.refresh_from_db()
        assert queued[-1] == (table.version, 0.0)  # the same step, queued again without the pause
        assert state_of(table)["borg"]["skip"] is True
        # the paced task for the version before the skip arrives late: it does nothing
        assert services.automatic_step_apply(table_id=table.pk, expected_version=paced_version) is None
        steps = 0
        while "skip" in state_of(table)["borg"] and steps < 300:
            if table.auto_step_since is not None:
                services.automatic_step_apply(table_id=table.pk, expected_version=table.version)
            else:
                assert _player_move(table, cast)  # a player's decision in the Borg turn: answered
            table.refresh_from_db()
            steps += 1
        skipped = [c for v, c in queued if v > paced_version]
        assert skipped and all(c == 0.0 for c in skipped[:-1])
    kinds = list(Command.objects.filter(table=table, kind="borg_skip").values_list("seat", flat=True))
    assert kinds == [1]


@pytest.mark.rules("ascendancy:R217")
def test_a_skip_is_refused_outside_a_borg_turn(cast) -> None:  # type: ignore[no-untyped-def]
    from games.engine.core import IllegalCommand

    table = seeded_table("ascendancy", cast, 5, borg_mode="delta_quadrant")
    with pytest.raises(IllegalCommand) as refused:
        services.command_submit(table_id=table.pk, user=cast[1], kind="borg_skip", args={},
                                expected_version=table.version, idempotency_key=uuid.uuid4())
    assert refused.value.code == "no_borg_turn"
