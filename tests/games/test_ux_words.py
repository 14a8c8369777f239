"""Words the testers read wrong (issue 11, item 14): each sentence says what is true for its reader."""

from __future__ import annotations

import re
import uuid

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from games import services
from tests.support.tables import hand_of, run_automatic_steps, started_table, state_of, submit

pytestmark = pytest.mark.django_db


def _client(user=None, **kwargs) -> Client:  # type: ignore[no-untyped-def]
    client = Client(**kwargs)
    if user is not None:
        client.force_login(user)
    return client


def _page(user, table) -> str:  # type: ignore[no-untyped-def]
    return _client(user).get(reverse("table", args=[table.pk])).content.decode()


def _log(body: str) -> str:
    return body[body.index('id="log-entries"') :]


def test_an_undone_move_is_logged_in_words_in_the_readers_language(alice, bob):
    table = started_table(alice, bob, target=5)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    submit(table, bob, "bid", card=hand_of(table, 1)[0])
    run_automatic_steps(table)
    user = (alice, bob)[state_of(table)["active"]]
    submit(table, user, "advance", by=1, version=table.seats.get(user=user).decision_since)
    table.refresh_from_db()
    services.command_undo(table_id=table.pk, user=user, expected_version=table.version, idempotency_key=uuid.uuid4())
    log = _log(_page(alice, table))
    assert "command undone" not in log
    assert re.search(rf"<li[^>]*>[^<]*{user.shown_name}[^<]*took back their last move.</li>", log)
    bob.language = "it"
    bob.save(update_fields=["language"])
    assert re.search(rf"<li[^>]*>[^<]*{user.shown_name}[^<]*ha ripreso la sua ultima mossa.</li>", _log(_page(bob, table)))


@pytest.mark.parametrize("game", ["kemble", "tng"])
def test_the_player_who_resigned_is_not_told_every_opponent_resigned(alice, bob, game):
    table = started_table(alice, bob, game=game)
    services.table_resign(table_id=table.pk, user=bob)
    table.refresh_from_db()
    assert table.result["reason"] == "others_resigned"
    for user in (alice, bob):
        reason = re.search(r'<p class="result-reason">(.*?)</p>', _page(user, table), re.S).group(1)  # type: ignore[union-attr]
        assert "opponent" not in reason
        assert reason.startswith("Every player but one resigned")


def test_a_full_open_table_does_not_say_it_waits_for_players(alice, bob, charlie):
    table = services.table_create(user=alice, game="toy", num_players=2, options={})
    assert "Waiting for players (1/2)" in _page(alice, table)
    services.seat_take(table_id=table.pk, user=bob)
    for user, words in ((alice, "start the game when you are ready"), (bob, "waiting for the creator")):
        body = _page(user, table)
        assert "Waiting for players" not in body
        assert words in body


def test_the_login_page_offers_the_password_reset_once():
    body = _client().get(reverse("account_login")).content.decode()
    assert body.count(reverse("account_reset_password")) == 1


def test_the_first_message_after_an_italian_player_signs_in_is_italian(make_user):
    make_user("giulia", language="it")
    client = _client(headers={"accept-language": "en"})
    response = client.post(reverse("account_login"), {"login": "giulia", "password": "pw-giuliagiulia"})
    assert response.status_code == 302
    texts = [str(m) for m in get_messages(response.wsgi_request)]
    assert texts == ["Ti sei collegato con successo come giulia."]


def test_a_finished_table_shows_the_standings_best_first_not_the_seat_order(alice, bob):
    table = started_table(alice, bob)
    services.table_resign(table_id=table.pk, user=alice)  # seat 0 resigns: bob (seat 1) wins
    body = _page(alice, table)
    standings = re.search(r'<ol class="standings".*?</ol>', body, re.S).group(0)  # type: ignore[union-attr]
    places = re.findall(r'value="(\d+)">\s*<span class="standing-name">(\w+)</span>', standings)
    assert places == [("1", "bob"), ("2", "alice")]
    scores = body[body.index('<table class="scores"') :]
    assert scores.index("bob") < scores.index("alice")
    # The seats are listed as seats, not numbered like a ranking.
    assert '<ol class="seat-list"' not in body
    assert "Players, in seat order" in body
