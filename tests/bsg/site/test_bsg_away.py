"""Away from a BSG table for a while (bsg:R501 step 4, RULINGS G45, issue 16): the seat says so from its own
console ("contribute nothing to checks for 12 hours / 1 day / 2 days"); while it is away, whenever a check waits
on its contribution the site makes an empty one for it, as the seat's own command, from a worker task that
applies once however often it is delivered; when the time is up, or the seat is back, it answers for itself
again. Nobody else's contribution is touched, and nothing of the away seat's hand shows."""

from __future__ import annotations

import datetime
import uuid
from typing import Any
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from games import queueing, services
from games.engine import registry
from games.engine.core import IllegalCommand
from games.models import Command, Event, Notification, Seat, Table
from games.presenters import moment_text
from games.rendering import render_log_entries
from games.replaying import table_replay_check
from games.selectors import viewer_for
from games.tasks import answer_away_task, sweep_away_seats
from tests.bsg.site.test_bsg_page import HX, _form_fields, _page
from tests.bsg.site.test_bsg_standing import _hand, _to_a_check
from tests.support.pages import logged_in_clients, seeded_table
from tests.support.tables import state_of

pytestmark = pytest.mark.django_db
RULES = registry.get("bsg")


@pytest.fixture
def cast(make_user):  # type: ignore[no-untyped-def]
    return [
        make_user("alice", time_zone="America/New_York"),
        make_user("bruno", language="it", time_zone="Europe/Rome"),
        make_user("charlie"),
    ]


@pytest.fixture
def queued() -> Any:
    """The answers queued for away seats, as (table, position, version): recorded, not run (a test runs them
    as the worker would, by calling the task)."""
    found: list[tuple[int, int, int]] = []
    real = queueing.enqueue_on_commit

    def record(name: str, *args: Any, countdown: float = 0) -> None:
        if name == queueing.ANSWER_AWAY:
            found.append(tuple(args))  # type: ignore[arg-type]
        else:
            real(name, *args, countdown=countdown)

    with mock.patch.object(queueing, "enqueue_on_commit", side_effect=record):
        yield found


def _finish(table: Table, user: Any) -> None:
    table.refresh_from_db()
    services.command_submit(
        table_id=table.pk, user=user, kind="finish_contributing", args={},
        expected_version=table.version, idempotency_key=uuid.uuid4(),
    )


def _later(hours: float) -> Any:
    """The clock ``hours`` from now, for everything that reads it (the services' ``timezone.now``)."""
    moment = timezone.now() + datetime.timedelta(hours=hours)
    return mock.patch("django.utils.timezone.now", return_value=moment)


@pytest.mark.rules("bsg:R501")
def test_an_away_seats_contribution_is_made_for_it_once_and_nobody_elses(cast: list[Any], queued: Any) -> None:
    table = seeded_table("bsg", cast, seed=7)
    state = _to_a_check(table, cast, logged_in_clients(cast))
    first, second, current = state["check"]["order"]
    hand = list(state["players"][second]["hand"])
    services.seat_away_set(table_id=table.pk, user=cast[second], hours=24)
    assert queued == []  # the check does not wait on the seat yet
    _finish(table, cast[first])
    table.refresh_from_db()
    assert queued == [(table.pk, second, table.version)]
    assert RULES.seats_to_act(state_of(table)) == {second}  # nothing happens before the worker's task
    version = table.version
    # the away player is not called for what the site answers for them
    assert not Notification.objects.filter(table=table, user=cast[second], version=version).exists()
    seen = Seat.objects.get(table=table, position=second).seen_version
    answer_away_task(table.pk, second, version)
    answer_away_task(table.pk, second, version)  # delivered twice: applied once
    table.refresh_from_db()
    assert table.version == version + 1
    state = state_of(table)
    assert state["check"]["played"][str(second)] == [] and state["players"][second]["hand"] == hand
    assert RULES.seats_to_act(state) == {current}  # the current player's own contribution still waits for him
    assert queued == [(table.pk, second, version)]  # nothing is queued for anyone else
    row = Command.objects.get(table=table, seq=table.version)
    assert (row.seat, row.kind, row.args, row.user_id) == (second, "finish_contributing", {}, cast[second].pk)
    assert row.idempotency_key == services.away_answer_key(table_id=table.pk, position=second, version=version)
    kinds = list(Event.objects.filter(table=table, seq=table.version).values_list("kind", "data", "visible_to"))
    seat = Seat.objects.get(table=table, position=second)
    assert seat.seen_version == seen  # the log since their last visit is still new to them
    assert kinds[0] == ("away_answered", {"seat": second, "until": seat.away_until.isoformat()}, None)
    assert kinds[1][0] == "check_contribution_done" and kinds[1][1] == {"seat": second, "count": 0}
    # the same answer at a version already past does nothing, even straight through the service
    assert services.seat_away_answer(table_id=table.pk, position=second, expected_version=version) is None
    assert Command.objects.filter(table=table, kind="finish_contributing", seat=second).count() == 1
    assert table_replay_check(table).identical  # the move log replays as any other
    log = logged_in_clients([cast[current]])[0].get(reverse("table_log", args=[table.pk])).content.decode()
    assert f"Player {second + 1} ({cast[second].username}) is away until" in log
    assert "the site answered for them, adding nothing" in log


@pytest.mark.rules("bsg:R501")
def test_after_its_time_the_seat_answers_for_itself_again(cast: list[Any], queued: Any) -> None:
    table = seeded_table("bsg", cast, seed=7)
    state = _to_a_check(table, cast, logged_in_clients(cast))
    first, second, _current = state["check"]["order"]
    services.seat_away_set(table_id=table.pk, user=cast[second], hours=12)
    with _later(13):
        _finish(table, cast[first])
        table.refresh_from_db()
        assert queued == []  # the order ran out: nothing is queued
        answer_away_task(table.pk, second, table.version)  # a task from before, arriving late, does nothing
        table.refresh_from_db()
        assert RULES.seats_to_act(state_of(table)) == {second}
        assert services.away_orders_lapse() == 1  # the sweeper clears it
    assert Seat.objects.get(table=table, position=second).away_until is None


@pytest.mark.rules("bsg:R501")
def test_a_seat_the_check_waits_on_is_answered_as_it_goes_away_and_not_once_back(
    cast: list[Any], queued: Any
) -> None:
    table = seeded_table("bsg", cast, seed=7)
    state = _to_a_check(table, cast, logged_in_clients(cast))
    first = state["check"]["order"][0]
    services.seat_away_set(table_id=table.pk, user=cast[first], hours=48)
    table.refresh_from_db()
    assert queued == [(table.pk, first, table.version)]
    services.seat_away_set(table_id=table.pk, user=cast[first], hours=None)  # back before the worker ran it
    answer_away_task(table.pk, first, table.version)
    table.refresh_from_db()
    assert RULES.seats_to_act(state_of(table)) == {first} and table.version == queued[0][2]


@pytest.mark.rules("bsg:R501")
def test_the_sweeper_resends_an_answer_whose_task_was_lost(cast: list[Any], queued: Any) -> None:
    table = seeded_table("bsg", cast, seed=7)
    state = _to_a_check(table, cast, logged_in_clients(cast))
    first = state["check"]["order"][0]
    services.seat_away_set(table_id=table.pk, user=cast[first], hours=24)
    table.refresh_from_db()
    with mock.patch.object(answer_away_task, "delay") as delay:
        assert sweep_away_seats() == 0  # not waited on for long yet
        with _later(1):
            assert sweep_away_seats() == 1
    delay.assert_called_once_with(table.pk, first, table.version)


def test_away_orders_are_refused_clearly(cast: list[Any], make_user: Any, mod: Any) -> None:
    table = seeded_table("bsg", cast, seed=7)
    clients = logged_in_clients([*cast, make_user("stranger")])
    url = reverse("table_away", args=[table.pk])

    def refusal(client: Any, **fields: str) -> str:
        response = client.post(url, fields, headers=HX)
        assert response.status_code == 422, response.content.decode()[:300]
        return response.content.decode()

    assert "12 hours, 1 day or 2 days" in refusal(clients[0], hours="36", seat="0")
    assert "12 hours, 1 day or 2 days" in refusal(clients[0], hours="forever")
    assert "12 ore, 1 giorno o 2 giorni" in refusal(clients[1], hours="-12")  # in the player's language
    assert "your own seat" in refusal(clients[0], hours="24", seat="1")  # another seat's id
    assert "your own seat" in refusal(clients[0], hours="24", seat="x")
    assert "You are not away" in refusal(clients[0], hours="back")
    assert "do not have a seat" in refusal(clients[3], hours="24")
    assert Seat.objects.filter(table=table, away_until__isnull=False).count() == 0
    assert clients[0].get(url).status_code == 405
    with pytest.raises(IllegalCommand) as info:
        services.seat_away_set(table_id=table.pk, user=cast[0], hours=1)
    assert info.value.code == "bad_away_duration"
    services.table_close(table_id=table.pk, moderator=mod)
    assert "not in play" in refusal(clients[0], hours="24")


def test_the_consoles_form_sets_the_order_shows_until_when_and_takes_it_back(cast: list[Any]) -> None:
    table = seeded_table("bsg", cast, seed=7)
    clients = logged_in_clients(cast)
    url = reverse("table_away", args=[table.pk])
    hand = _hand(_page(clients[1], table))
    assert f'hx-post="{url}"' in hand and 'name="seat" value="1"' in hand
    values = [v for v in ("12", "24", "48") if f'<option value="{v}">' in hand]
    assert values == ["12", "24", "48"] and "2 giorni" in hand  # bruno reads Italian
    assert 'value="back"' not in hand  # not away: nothing to take back
    before = table.version
    response = clients[1].post(url, {"hours": "24", "seat": "1"}, headers=HX)
    assert response.status_code == 200 and 'id="bsg-hand"' in response.content.decode()
    table.refresh_from_db()
    assert table.version == before  # the engine never sees the order
    until = Seat.objects.get(table=table, position=1).away_until
    assert until is not None and abs((until - timezone.now()) - datetime.timedelta(hours=24)).total_seconds() < 60
    with mock.patch("django.utils.translation.get_language", return_value="it"):
        shown = moment_text(until, "Europe/Rome")
    hand = _hand(_page(clients[1], table))
    assert f"Sei assente fino a {shown}" in hand and shown.endswith(("CET", "CEST")) and 'value="back"' in hand
    for other in (0, 2):  # nobody else learns of it
        page = _page(clients[other], table)
        assert shown not in page and "assente fino" not in page and "away until" not in page
    hand = _hand(_page(clients[0], table))
    assert "You are away" not in hand
    response = clients[1].post(url, {"hours": "back", "seat": "1"}, headers=HX)
    assert response.status_code == 200
    assert Seat.objects.get(table=table, position=1).away_until is None
    assert "Sei assente fino" not in _hand(_page(clients[1], table))


def test_the_log_line_reads_the_time_in_each_readers_zone_on_the_socket_too(cast: list[Any], queued: Any) -> None:
    table = seeded_table("bsg", cast, seed=7)
    state = _to_a_check(table, cast, logged_in_clients(cast))
    first = state["check"]["order"][0]
    services.seat_away_set(table_id=table.pk, user=cast[first], hours=12)
    table.refresh_from_db()
    answer_away_task(table.pk, first, table.version)
    until = Seat.objects.get(table=table, position=first).away_until
    for reader, zone in ((cast[0], "America/New_York"), (cast[2], "UTC")):
        viewer = viewer_for(table_id=table.pk, user=reader)  # as a websocket renders: no request, no middleware
        html, _last = render_log_entries(viewer, after_id=0)
        assert f"is away until {moment_text(until, zone)}:" in html


def test_the_time_reads_in_the_readers_zone() -> None:
    when = datetime.datetime(2026, 11, 27, 17, 0, tzinfo=datetime.UTC)
    assert moment_text(when, "America/New_York") == "11/27/2026 noon EST"
    assert moment_text(when.isoformat(), "Europe/Rome") == "11/27/2026 6 p.m. CET"


def test_the_away_form_is_not_offered_once_the_game_is_over(cast: list[Any], mod: Any) -> None:
    table = seeded_table("bsg", cast, seed=7)
    services.table_close(table_id=table.pk, moderator=mod)
    page = _page(logged_in_clients(cast)[0], table)
    assert reverse("table_away", args=[table.pk]) not in page


def test_a_seats_own_check_form_is_unchanged_beside_the_away_form(cast: list[Any]) -> None:
    table = seeded_table("bsg", cast, seed=7)
    clients = logged_in_clients(cast)
    state = _to_a_check(table, cast, clients)
    first = state["check"]["order"][0]
    html = _page(clients[first], table)
    assert _form_fields(html, "finish_contributing", "{}")
    assert _form_fields(html, "check_standing", '{"mode":"pass_this_check"}')
