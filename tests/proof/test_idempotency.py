"""F9 in-process: a retried post applies once; another command under the same key (a second tab on the
same decision: the page's forms share the decision's key) is told it lost and gets the fresh board."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from games import services
from games.models import Command
from games.selectors import decision_idempotency_key
from tests.support.tables import hand_of, run_automatic_steps, started_table, state_of, submit

pytestmark = pytest.mark.django_db


def test_the_same_key_with_another_command_is_stale_not_silently_dropped(alice, bob):
    table = started_table(alice, bob)
    first, second = hand_of(table, 0)
    key = uuid.uuid4()
    submit(table, alice, "bid", key=key, version=1, card=first)
    assert submit(table, alice, "bid", key=key, version=1, card=first).replayed  # a retry: applied once
    with pytest.raises(services.StaleDecision):
        submit(table, alice, "bid", key=key, version=1, card=second)
    assert Command.objects.filter(table=table).count() == 1


def test_two_tabs_posting_different_choices_the_loser_gets_409_and_the_board(alice, bob):
    table = started_table(alice, bob)
    first, second = hand_of(table, 0)
    tab1, tab2 = Client(), Client()
    tab1.force_login(alice)
    tab2.force_login(alice)
    seat = table.seats.get(user=alice)
    key = str(decision_idempotency_key(table, seat))  # what both tabs' forms carry

    def post(c, card):  # type: ignore[no-untyped-def]
        return c.post(f"/tables/{table.pk}/command/", {"kind": "bid", "args": json.dumps({"card": card}),
                                                       "version": 1, "idempotency_key": key}, HTTP_HX_REQUEST="true")

    assert post(tab1, first).status_code == 200
    lost = post(tab2, second)
    assert lost.status_code == 409
    body = lost.content.decode()
    assert 'role="alert"' in body and 'data-version="2"' in body
    assert post(tab1, first).status_code == 200  # the winner's retry is still a plain replay
    assert Command.objects.filter(table=table).count() == 1


# --- a client's key never meets the server's or another seat's (issue 11 items 1 and 4) ---------------

def _post(client, table, kind, args, key, version):  # type: ignore[no-untyped-def]
    return client.post(f"/tables/{table.pk}/command/", {"kind": kind, "args": json.dumps(args), "version": version,
                                                        "idempotency_key": str(key)}, HTTP_HX_REQUEST="true")


def _logged_in(user):  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def _coming_step_key(table, version, which):  # type: ignore[no-untyped-def]
    """A key a client could send for the automatic step due at ``version``: the formula the server once
    published (uuid5 of the table and version), or the very key the server uses now."""
    if which == "published-formula":
        return uuid.uuid5(uuid.NAMESPACE_URL, f"hyperlane:auto:{table.pk}:{version}")
    return services.automatic_step_key(table_id=table.pk, version=version)


@pytest.mark.parametrize("which", ["published-formula", "server-key"])
def test_a_client_key_equal_to_the_coming_steps_key_cannot_freeze_the_table(alice, bob, which):
    table = started_table(alice, bob)
    # alice's bid makes version 2, bob's version 3; the reveal step is due at version 3.
    attack = _coming_step_key(table, 3, which)
    assert _post(_logged_in(alice), table, "bid", {"card": hand_of(table, 0)[0]}, attack, 1).status_code == 200
    assert _post(_logged_in(bob), table, "bid", {"card": hand_of(table, 1)[0]}, uuid.uuid4(), 1).status_code == 200
    table.refresh_from_db()
    assert table.version == 3 and table.auto_step_since is not None
    assert services.automatic_step_apply(table_id=table.pk, expected_version=3) is not None
    table.refresh_from_db()
    assert table.version == 4 and table.needs_moderator_since is None
    assert Command.objects.filter(table=table, seat=-1, seq=4).exists()


def test_a_key_replayed_from_an_account_with_no_seat_is_answered_403(alice, bob, charlie):
    table = started_table(alice, bob)
    card, key = hand_of(table, 0)[0], uuid.uuid4()
    assert _post(_logged_in(alice), table, "bid", {"card": card}, key, 1).status_code == 200
    stranger = _logged_in(charlie)
    for version in (1, 2):
        answer = _post(stranger, table, "bid", {"card": card}, key, version)
        assert answer.status_code == 403
        assert "You do not have a seat at this table." in answer.content.decode()
    assert Command.objects.filter(table=table).count() == 1


def test_an_undo_key_replayed_from_an_account_with_no_seat_is_answered_403(alice, bob, charlie):
    table = started_table(alice, bob)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    submit(table, bob, "bid", card=hand_of(table, 1)[0])
    run_automatic_steps(table)
    active = state_of(table)["active"]
    player = (alice, bob)[active]
    submit(table, player, "advance", by=1)
    table.refresh_from_db()
    key = uuid.uuid4()
    assert _post(_logged_in(player), table, "undo", {}, key, table.version).status_code == 200
    table.refresh_from_db()
    answer = _post(_logged_in(charlie), table, "undo", {}, key, table.version)
    assert answer.status_code == 403
    assert Command.objects.filter(table=table, kind="undo").count() == 1


def test_a_key_replayed_by_another_seat_neither_collides_nor_replays(alice, bob):
    table = started_table(alice, bob)
    key = uuid.uuid4()
    assert _post(_logged_in(alice), table, "bid", {"card": hand_of(table, 0)[0]}, key, 1).status_code == 200
    bobs_card = hand_of(table, 1)[0]
    answer = _post(_logged_in(bob), table, "bid", {"card": bobs_card}, key, 1)
    assert answer.status_code == 200  # bob's own bid, applied: not a 409, not alice's answer
    assert state_of(table)["bids"][1] == bobs_card
    assert list(Command.objects.filter(table=table).order_by("seq").values_list("seat", flat=True)) == [0, 1]
    # and each seat's retry is still its own replay
    assert _post(_logged_in(bob), table, "bid", {"card": bobs_card}, key, 1).status_code == 200
    assert Command.objects.filter(table=table).count() == 2
