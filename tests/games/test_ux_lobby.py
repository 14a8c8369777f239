"""The lobby and the finished table (issue 11, item 16): a public list of games in progress to watch,
the language switch in the header for players too, the winner of a finished game, and the rematch."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games import services
from games.engine.core import IllegalCommand
from games.models import Table
from tests.support.tables import started_table

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _section(body: str, section_id: str) -> str:
    return re.search(rf'<section id="{section_id}".*?</section>', body, re.S).group(0)  # type: ignore[union-attr]


def _finished(alice, bob) -> Table:  # type: ignore[no-untyped-def]
    table = started_table(alice, bob, target=1)
    services.table_resign(table_id=table.pk, user=alice)  # bob wins
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table


# --- watching -------------------------------------------------------------------------------------


def test_a_visitor_sees_the_public_games_in_progress_with_a_watch_link(alice, bob, charlie):
    public = started_table(alice, bob)
    private = services.table_create(user=alice, game="toy", num_players=1, options={}, is_private=True)
    services.table_start(table_id=private.pk, user=alice)
    watch = _section(_client().get(reverse("lobby")).content.decode(), "watch")
    assert f'href="{reverse("table", args=[public.pk])}">Watch</a>' in watch
    assert f"lobby-table-{private.pk}" not in watch
    # Its page is open to the visitor, as a spectator.
    assert _client().get(reverse("table", args=[public.pk])).status_code == 200


def test_a_players_own_games_are_not_in_the_watch_list(alice, bob, charlie):
    table = started_table(alice, bob)
    assert f"lobby-table-{table.pk}" not in _section(_client(alice).get(reverse("lobby")).content.decode(), "watch")
    assert f"lobby-table-{table.pk}" in _section(_client(charlie).get(reverse("lobby")).content.decode(), "watch")


def test_a_row_names_its_game_once(alice, bob, charlie):
    """An untitled table is called by its game's name: no second tag with the same name beside it."""
    untitled = started_table(alice, bob)
    titled = started_table(alice, bob)
    Table.objects.filter(pk=titled.pk).update(title="Friday night")
    body = _client(charlie).get(reverse("lobby")).content.decode()
    assert "{#" not in body
    watch = _section(body, "watch")
    rows = {m.group(1): m.group(0) for m in re.finditer(r'<li[^>]*id="lobby-table-(\d+)".*?</li>', watch, re.S)}
    untitled_row, titled_row = rows[str(untitled.pk)], rows[str(titled.pk)]
    assert 'class="tag game"' not in untitled_row
    assert "Friday night" in titled_row and 'class="tag game"' in titled_row


# --- the language switch in the header ------------------------------------------------------------


def test_a_signed_in_player_switches_language_from_the_header_and_it_is_stored(alice):
    client = _client(alice)
    body = client.get(reverse("lobby")).content.decode()
    header = body[body.index("<header") : body.index("</header>")]
    assert f'action="{reverse("language_set")}"' in header and 'name="language"' in header
    response = client.post(reverse("language_set"), {"language": "it", "next": reverse("table_create")})
    assert response.status_code == 302 and response["Location"] == reverse("table_create")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
    assert User.objects.get(pk=alice.pk).language == "it"
    assert "Apri il tavolo" in client.get(reverse("table_create")).content.decode()


@pytest.mark.parametrize("language", ["xx", "", "it" * 50])
def test_an_unknown_language_is_refused_with_a_message(alice, language):
    client = _client(alice)
    response = client.post(reverse("language_set"), {"language": language}, follow=True)
    assert User.objects.get(pk=alice.pk).language == "en"
    assert "This language is not available." in response.content.decode()


def test_the_switch_goes_back_only_to_this_site(alice):
    response = _client(alice).post(reverse("language_set"), {"language": "it", "next": "https://evil.example/"})
    assert response["Location"] == reverse("lobby")


def test_the_switch_needs_a_login_and_a_post(alice):
    assert _client().post(reverse("language_set"), {"language": "it"}).status_code == 302
    assert _client(alice).get(reverse("language_set")).status_code == 405


# --- the winner in the lobby ----------------------------------------------------------------------


def test_a_finished_game_in_the_lobby_names_its_winner(alice, bob):
    table = _finished(alice, bob)
    for client in (_client(alice), _client()):
        finished = _section(client.get(reverse("lobby")).content.decode(), "finished")
        row = re.search(rf'<li class="table-row[^"]*" id="lobby-table-{table.pk}".*?</li>', finished, re.S)
        assert row is not None
        assert re.search(r"Winner:\s*<strong>bob</strong>", row.group(0))


# --- the rematch ----------------------------------------------------------------------------------


def test_a_finished_table_offers_its_players_a_rematch_and_not_its_spectators(alice, bob, charlie):
    table = _finished(alice, bob)
    url = reverse("table_rematch", args=[table.pk])
    assert url in _client(alice).get(reverse("table", args=[table.pk])).content.decode()
    assert url not in _client(charlie).get(reverse("table", args=[table.pk])).content.decode()


def test_a_rematch_copies_game_options_and_players_who_accept_by_joining(alice, bob, charlie):
    old = _finished(alice, bob)
    response = _client(bob).post(reverse("table_rematch", args=[old.pk]))
    new = Table.objects.get(rematch_of=old)
    assert response.status_code == 302 and response["Location"].startswith(reverse("table", args=[new.pk]))
    assert (new.game, new.num_players, new.options, new.status) == (old.game, 2, old.options, Table.Status.OPEN)
    assert new.is_private and list(new.seats.values_list("user__username", flat=True)) == ["bob"]
    # Alice's finished page now offers to accept; her press takes the free seat.
    page = _client(alice).get(reverse("table", args=[old.pk])).content.decode()
    assert reverse("table_join", args=[new.pk]) in page and new.invite_token in page
    assert _client(alice).post(reverse("table_rematch", args=[old.pk])).status_code == 302
    assert Table.objects.filter(rematch_of=old).count() == 1  # asking again gives the same table
    _client(alice).post(reverse("table_join", args=[new.pk]), {"invite": new.invite_token})
    assert sorted(new.seats.values_list("user__username", flat=True)) == ["alice", "bob"]
    assert "Go to the rematch" in _client(alice).get(reverse("table", args=[old.pk])).content.decode()
    # A stranger cannot take the rematch's seats: it is invite-only, and they never see the invite.
    assert new.invite_token not in _client(charlie).get(reverse("table", args=[old.pk])).content.decode()


def test_a_rematch_is_refused_to_strangers_and_for_games_not_over(alice, bob, charlie):
    old = _finished(alice, bob)
    with pytest.raises(IllegalCommand) as exc:
        services.table_rematch(table_id=old.pk, user=charlie)
    assert exc.value.code == "not_seated"
    running = started_table(alice, bob)
    response = _client(alice).post(reverse("table_rematch", args=[running.pk]), follow=True)
    assert "A rematch can only be asked for once the game is over." in response.content.decode()
    assert not Table.objects.filter(rematch_of__isnull=False).exists()
    assert _client(alice).post(reverse("table_rematch", args=[999999])).status_code == 404


def test_a_cancelled_rematch_can_be_asked_for_again(alice, bob):
    old = _finished(alice, bob)
    first = services.table_rematch(table_id=old.pk, user=alice)
    services.table_cancel(table_id=first.pk, user=alice)
    second = services.table_rematch(table_id=old.pk, user=bob)
    assert second.pk != first.pk and second.created_by == bob


def test_the_lobby_tells_the_other_players_a_rematch_waits_for_them(alice, bob):
    old = _finished(alice, bob)

    def row(user) -> str:  # type: ignore[no-untyped-def]
        finished = _section(_client(user).get(reverse("lobby")).content.decode(), "finished")
        return re.search(rf'id="lobby-table-{old.pk}".*?</li>', finished, re.S).group(0)  # type: ignore[union-attr]

    assert "Rematch offered" not in row(alice)
    new = services.table_rematch(table_id=old.pk, user=bob)
    assert "Rematch offered" in row(alice)
    assert "Rematch offered" not in row(bob)  # he sits at it already
    services.seat_take(table_id=new.pk, user=alice, invite_token=new.invite_token)
    assert "Rematch offered" not in row(alice)
