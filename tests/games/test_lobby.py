"""The lobby, table creation, invites and the open-table actions (games/lobby_views.py)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Seat, Table
from tests.support.tables import started_table

pytestmark = pytest.mark.django_db

#: The actions on a table's page, by URL name: each a POST by a logged-in player, CSRF-checked.
OPEN_TABLE_ACTIONS = [
    "table_join", "seat_change", "table_leave", "table_start", "table_cancel", "table_resign", "table_close"
]


def _client(user=None, **kwargs) -> Client:  # type: ignore[no-untyped-def]
    client = Client(**kwargs)
    if user is not None:
        client.force_login(user)
    return client


def _open_table(user, num_players: int = 2, **kwargs) -> Table:  # type: ignore[no-untyped-def]
    return services.table_create(user=user, game="toy", num_players=num_players, options={}, **kwargs)


def _messages(response) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(m) for m in get_messages(response.wsgi_request)]


# --- lobby listing --------------------------------------------------------------------------------


def test_the_lobby_lists_open_public_tables_with_seats_and_options(alice, bob):
    table = services.table_create(
        user=alice, game="toy", num_players=3, options={"target": 5}, title="Friday night"
    )
    _open_table(alice, is_private=True, title="Secret club")
    response = _client(bob).get(reverse("lobby"))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Friday night" in body
    assert "Secret club" not in body
    assert "1/3" in body
    assert "Points to win: 5" in body
    assert reverse("table_join", args=[table.pk]) in body


def test_default_options_read_as_standard_rules(alice, bob):
    _open_table(alice)
    body = _client(bob).get(reverse("lobby")).content.decode()
    assert "Standard rules" in body and "Points to win" not in body


def test_a_visitor_sees_the_lobby_but_is_asked_to_log_in_to_join(alice):
    _open_table(alice, title="Open to all")
    response = Client().get(reverse("lobby"))
    assert response.status_code == 200
    assert "Open to all" in response.content.decode()
    assert "Log in to join" in response.content.decode()


def test_my_tables_list_the_ones_waiting_on_me_first(alice, bob):
    quiet = started_table(alice, bob)
    waiting_long = started_table(alice, bob)
    waiting_short = started_table(alice, bob)
    now = timezone.now()
    Seat.objects.filter(user=alice).update(waiting_since=None)
    Seat.objects.filter(user=alice, table=waiting_long).update(waiting_since=now - timedelta(days=2))
    Seat.objects.filter(user=alice, table=waiting_short).update(waiting_since=now - timedelta(hours=1))
    Table.objects.filter(pk=quiet.pk).update(updated_at=now + timedelta(minutes=5))  # most recent, still last
    response = _client(alice).get(reverse("lobby"))
    rows = [row.table.pk for row in response.context["my_tables"]]
    assert rows == [waiting_long.pk, waiting_short.pk, quiet.pk]


def test_my_private_tables_show_their_invite_link_to_me_only(alice, bob):
    table = _open_table(alice, is_private=True, title="Secret club")
    link = reverse("table_invite_page", args=[table.pk]) + "#" + table.invite_token
    assert link in _client(alice).get(reverse("lobby")).content.decode()
    body = _client(bob).get(reverse("lobby")).content.decode()
    assert link not in body and table.invite_token not in body


def test_the_lobby_refreshes_itself_as_an_htmx_fragment(alice, bob):
    _open_table(alice, title="Fresh one")
    response = _client(bob).get(reverse("lobby"), headers={"HX-Request": "true"})
    body = response.content.decode()
    assert "<html" not in body and 'id="lobby-content"' in body and "Fresh one" in body


def test_finished_tables_are_listed_apart(alice, bob, mod):
    table = started_table(alice, bob)
    services.table_close(table_id=table.pk, moderator=mod, reason="test")
    response = _client(alice).get(reverse("lobby"))
    assert [r.table.pk for r in response.context["finished"]] == [table.pk]
    assert [r.table.pk for r in response.context["my_tables"]] == []


def test_the_lobby_never_loads_table_state(alice, bob):
    started_table(alice, bob)
    response = _client(alice).get(reverse("lobby"))
    row = response.context["my_tables"][0]
    assert "state" in row.table.get_deferred_fields()


# --- creating a table -----------------------------------------------------------------------------


def test_the_create_form_shows_the_games_options(alice):
    response = _client(alice).get(reverse("table_create") + "?game=toy")
    assert response.status_code == 200
    body = response.content.decode()
    assert 'name="opt_target"' in body
    assert 'name="opt_duel"' in body


def test_creating_a_table_seats_its_creator(alice):
    response = _client(alice).post(
        reverse("table_create"),
        {"game": "toy", "shown_game": "toy", "num_players": "3", "opt_target": "5", "title": "Mine"},
    )
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[table.pk])
    assert table.options["target"] == 5  # typed as the engine declares it, not "5"
    assert table.num_players == 3 and table.title == "Mine"
    assert list(table.seats.values_list("user__username", flat=True)) == ["alice"]


def test_a_refused_option_combination_is_shown_on_the_form(alice):
    response = _client(alice).post(
        reverse("table_create"),
        {"game": "toy", "shown_game": "toy", "num_players": "3", "opt_target": "3", "opt_duel": "on"},
    )
    assert response.status_code == 200
    assert not Table.objects.exists()
    # The toy engine ships no texts: the form still says what it is about, and which rule refused.
    assert response.context["form"].non_field_errors() == [
        "The game does not allow this combination of players and options (duel_needs_two). (rule toy:R1)"
    ]


def test_a_refusal_uses_the_engines_own_text_when_it_has_one(alice, monkeypatch):
    from games.presenters import Presenter

    monkeypatch.setattr(
        Presenter,
        "error_template",
        lambda self, rules, code: (
            "A duel is for exactly 2 players, not {given}." if code == "duel_needs_two" else None
        ),
    )
    response = _client(alice).post(
        reverse("table_create"),
        {"game": "toy", "shown_game": "toy", "num_players": "3", "opt_duel": "on"},
    )
    assert response.context["form"].non_field_errors() == [
        "A duel is for exactly 2 players, not 3. (rule toy:R1)"
    ]


def test_a_refused_player_count_is_shown_next_to_the_field(alice):
    response = _client(alice).post(
        reverse("table_create"), {"game": "toy", "shown_game": "toy", "num_players": "9"}
    )
    assert response.status_code == 200
    assert "num_players" in response.context["form"].errors
    assert not Table.objects.exists()


def test_the_create_form_is_translated(alice):
    alice.language = "it"
    alice.save()
    response = _client(alice).get(reverse("table_create"))
    assert "Apri il tavolo" in response.content.decode()


def test_an_htmx_create_answers_with_hx_redirect(alice):
    response = _client(alice).post(
        reverse("table_create"),
        {"game": "toy", "shown_game": "toy", "num_players": "2"},
        headers={"HX-Request": "true"},
    )
    table = Table.objects.get()
    assert response["HX-Redirect"] == reverse("table", args=[table.pk])


def test_creating_needs_a_login():
    response = Client().get(reverse("table_create"))
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]


# --- joining --------------------------------------------------------------------------------------


def test_joining_takes_the_first_free_seat(alice, bob):
    table = _open_table(alice)
    response = _client(bob).post(reverse("table_join", args=[table.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[table.pk])
    assert table.seats.get(user=bob).position == 1


def test_joining_a_chosen_position(alice, bob):
    table = _open_table(alice, num_players=3)
    _client(bob).post(reverse("table_join", args=[table.pk]), {"position": "2"})
    assert table.seats.get(user=bob).position == 2


def test_joining_a_full_table_is_refused_with_a_message(alice, bob, charlie):
    table = _open_table(alice)
    services.seat_take(table_id=table.pk, user=bob)
    response = _client(charlie).post(reverse("table_join", args=[table.pk]), HTTP_REFERER="/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert _messages(response) == ["This table is full."]
    assert not table.seats.filter(user=charlie).exists()


def test_the_refusal_is_translated(alice, bob, charlie):
    charlie.language = "it"
    charlie.save()
    table = _open_table(alice)
    services.seat_take(table_id=table.pk, user=bob)
    response = _client(charlie).post(reverse("table_join", args=[table.pk]))
    assert _messages(response) == ["Questo tavolo è al completo."]


def test_an_htmx_refusal_redirects_back_with_hx_redirect(alice, bob):
    table = _open_table(alice)
    response = _client(alice).post(
        reverse("table_join", args=[table.pk]),
        headers={"HX-Request": "true", "Referer": "http://testserver/"},
    )
    assert response["HX-Redirect"] == "http://testserver/"


def test_a_foreign_referer_is_not_followed(alice, bob):
    table = _open_table(alice)
    response = _client(alice).post(
        reverse("table_join", args=[table.pk]), HTTP_REFERER="https://evil.example/"
    )
    assert response["Location"] == reverse("table", args=[table.pk])


def test_the_last_seat_goes_to_the_first_and_the_second_is_told(alice, bob, charlie):
    table = _open_table(alice)
    first, second = _client(bob), _client(charlie)
    # Both players loaded the lobby while one seat was free.
    assert reverse("table_join", args=[table.pk]) in first.get(reverse("lobby")).content.decode()
    assert reverse("table_join", args=[table.pk]) in second.get(reverse("lobby")).content.decode()
    first.post(reverse("table_join", args=[table.pk]))
    response = second.post(reverse("table_join", args=[table.pk]))
    assert _messages(response) == ["This table is full."]
    assert sorted(table.seats.values_list("user__username", flat=True)) == ["alice", "bob"]


def _in_memory_sqlite() -> bool:
    return connection.vendor == "sqlite" and connection.is_in_memory_db()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("_in_memory_sqlite()", reason="shared-cache SQLite refuses concurrent writers outright")
def test_two_players_racing_for_the_last_seat_one_wins(alice, bob, charlie):
    table = _open_table(alice)
    barrier = threading.Barrier(2)
    statuses: dict[str, list[str]] = {}

    def join(user) -> None:  # type: ignore[no-untyped-def]
        client = _client(user)
        barrier.wait()
        response = client.post(reverse("table_join", args=[table.pk]))
        statuses[user.username] = _messages(response)
        connection.close()

    threads = [threading.Thread(target=join, args=(u,)) for u in (bob, charlie)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert table.seats.count() == 2
    winner = table.seats.exclude(user=alice).get().user.username
    loser = "charlie" if winner == "bob" else "bob"
    assert statuses[loser] == ["This table is full."]


def test_the_same_player_cannot_take_two_seats(alice, bob):
    table = _open_table(alice, num_players=3)
    client = _client(bob)
    client.post(reverse("table_join", args=[table.pk]))
    response = client.post(reverse("table_join", args=[table.pk]))
    assert _messages(response)[-1] == "You already have a seat at this table."
    assert table.seats.filter(user=bob).count() == 1


def test_join_only_accepts_post(alice, bob):
    table = _open_table(alice)
    assert _client(bob).get(reverse("table_join", args=[table.pk])).status_code == 405


def test_a_missing_table_is_a_404(bob):
    assert _client(bob).post(reverse("table_join", args=[999999])).status_code == 404


# --- private tables and invites -------------------------------------------------------------------


def test_a_private_table_cannot_be_joined_without_its_invite(alice, charlie):
    table = _open_table(alice, is_private=True)
    response = _client(charlie).post(reverse("table_join", args=[table.pk]))
    assert not table.seats.filter(user=charlie).exists()
    assert "invite link" in _messages(response)[0]
    # Nor with a wrong token
    _client(charlie).post(reverse("table_join", args=[table.pk]), {"invite": "wrong"})
    assert not table.seats.filter(user=charlie).exists()


def test_an_old_invite_link_opens_the_table_without_its_token_in_the_url(alice, bob):
    table = _open_table(alice, is_private=True)
    url = reverse("table_invite", args=[table.pk, table.invite_token])
    client = _client(bob)
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[table.pk])
    assert client.get(response["Location"]).status_code == 200  # the session holds the invite


def test_joining_through_the_invite(alice, bob):
    table = _open_table(alice, is_private=True)
    _client(bob).post(reverse("table_join", args=[table.pk]), {"invite": table.invite_token})
    assert table.seats.filter(user=bob).exists()


def test_posting_to_the_invite_link_takes_a_seat(alice, bob):
    table = _open_table(alice, is_private=True)
    response = _client(bob).post(reverse("table_invite", args=[table.pk, table.invite_token]))
    assert response["Location"] == reverse("table", args=[table.pk])
    assert table.seats.filter(user=bob).exists()


def test_a_wrong_invite_token_is_a_404(alice, charlie):
    table = _open_table(alice, is_private=True)
    client = _client(charlie)
    assert client.get(reverse("table_invite", args=[table.pk, "nope"])).status_code == 404
    assert client.post(reverse("table_invite", args=[table.pk, "nope"])).status_code == 404
    assert not table.seats.filter(user=charlie).exists()


def test_the_invite_link_asks_a_visitor_to_log_in(alice):
    table = _open_table(alice, is_private=True)
    url = reverse("table_invite", args=[table.pk, table.invite_token])
    response = Client().get(url)
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]


# --- seat change, leave, start, cancel, resign, close ---------------------------------------------


def test_changing_seat(alice, bob):
    table = _open_table(alice, num_players=3)
    services.seat_take(table_id=table.pk, user=bob)
    _client(bob).post(reverse("seat_change", args=[table.pk]), {"position": "2"})
    assert table.seats.get(user=bob).position == 2


def test_changing_to_a_taken_seat_is_refused(alice, bob):
    table = _open_table(alice, num_players=3)
    services.seat_take(table_id=table.pk, user=bob)
    response = _client(bob).post(reverse("seat_change", args=[table.pk]), {"position": "0"})
    assert _messages(response) == ["Seat 1 is already taken."]
    assert table.seats.get(user=bob).position == 1


def test_leaving(alice, bob):
    table = _open_table(alice)
    services.seat_take(table_id=table.pk, user=bob)
    response = _client(bob).post(reverse("table_leave", args=[table.pk]))
    assert response["Location"] == reverse("table", args=[table.pk])
    assert not table.seats.filter(user=bob).exists()


def test_leaving_a_private_table_goes_back_to_the_lobby(alice, bob):
    table = _open_table(alice, is_private=True)
    services.seat_take(table_id=table.pk, user=bob, invite_token=table.invite_token)
    response = _client(bob).post(reverse("table_leave", args=[table.pk]))
    assert response["Location"] == reverse("lobby")


def test_the_creator_cannot_leave(alice):
    table = _open_table(alice)
    response = _client(alice).post(reverse("table_leave", args=[table.pk]))
    assert "cancel it instead" in _messages(response)[0]
    assert table.seats.filter(user=alice).exists()


def test_only_the_creator_starts(alice, bob):
    table = _open_table(alice)
    services.seat_take(table_id=table.pk, user=bob)
    response = _client(bob).post(reverse("table_start", args=[table.pk]))
    assert _messages(response) == ["Only the player who created this table can do that."]
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    _client(alice).post(reverse("table_start", args=[table.pk]))
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE


def test_starting_without_enough_players_is_refused(alice):
    table = _open_table(alice, num_players=3)
    response = _client(alice).post(reverse("table_start", args=[table.pk]))
    assert _messages(response) == ["The game needs 3 players and only 1 are seated."]


def test_only_the_creator_cancels(alice, bob):
    table = _open_table(alice)
    services.seat_take(table_id=table.pk, user=bob)
    _client(bob).post(reverse("table_cancel", args=[table.pk]))
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    _client(alice).post(reverse("table_cancel", args=[table.pk]))
    table.refresh_from_db()
    assert table.status == Table.Status.CANCELLED


def test_resigning(alice, bob):
    table = started_table(alice, bob)
    response = _client(bob).post(reverse("table_resign", args=[table.pk]))
    assert response["Location"] == reverse("table", args=[table.pk])
    assert table.seats.get(user=bob).resigned


def test_resigning_twice_is_refused(alice, bob):
    table = started_table(alice, bob, target=5)
    services.table_resign(table_id=table.pk, user=bob)
    table.refresh_from_db()
    if table.status == Table.Status.ACTIVE:
        response = _client(bob).post(reverse("table_resign", args=[table.pk]))
        assert _messages(response)
    assert table.seats.get(user=bob).resigned


def test_a_bad_idempotency_key_is_a_clear_refusal(alice, bob):
    table = started_table(alice, bob)
    response = _client(bob).post(reverse("table_resign", args=[table.pk]), {"idempotency_key": "not-a-uuid"})
    assert response.status_code == 302
    assert "could not be understood" in _messages(response)[0]


def test_a_moderator_closes_a_table(alice, bob, mod):
    table = started_table(alice, bob)
    response = _client(mod).post(reverse("table_close", args=[table.pk]), {"reason": "abandoned"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    assert table.result["note"] == "abandoned"


def test_closing_needs_a_reason(alice, bob, mod):
    table = started_table(alice, bob)
    response = _client(mod).post(reverse("table_close", args=[table.pk]), {"reason": ""})
    assert _messages(response) == ["Please give a reason."]
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE


# --- the stranger, charlie ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("seat_change", {"position": "1"}),
        ("table_leave", {}),
        ("table_start", {}),
        ("table_cancel", {}),
        ("table_close", {"reason": "because"}),
    ],
)
def test_charlie_is_refused_every_open_table_action(alice, bob, charlie, name, data):
    table = _open_table(alice, num_players=3)
    services.seat_take(table_id=table.pk, user=bob)
    response = _client(charlie).post(reverse(name, args=[table.pk]), data)
    assert response.status_code == 302
    assert len(_messages(response)) == 1
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    assert sorted(table.seats.values_list("user__username", "position")) == [("alice", 0), ("bob", 1)]


def test_charlie_cannot_resign_for_others(alice, bob, charlie):
    table = started_table(alice, bob)
    response = _client(charlie).post(reverse("table_resign", args=[table.pk]))
    assert _messages(response) == ["You do not have a seat at this table."]
    assert not table.seats.filter(resigned=True).exists()


def test_charlie_cannot_join_a_started_table(alice, bob, charlie):
    table = started_table(alice, bob)
    response = _client(charlie).post(reverse("table_join", args=[table.pk]))
    assert "no longer open" in _messages(response)[0]


@pytest.mark.parametrize("name", OPEN_TABLE_ACTIONS)
def test_a_visitor_is_sent_to_log_in(alice, name):
    table = _open_table(alice)
    response = Client().post(reverse(name, args=[table.pk]))
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]


# --- CSRF -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", OPEN_TABLE_ACTIONS)
def test_actions_enforce_csrf(alice, bob, name):
    table = _open_table(alice)
    response = _client(bob, enforce_csrf_checks=True).post(reverse(name, args=[table.pk]))
    assert response.status_code == 403
    assert not table.seats.filter(user=bob).exists()


def test_create_enforces_csrf(alice):
    response = _client(alice, enforce_csrf_checks=True).post(
        reverse("table_create"), {"game": "toy", "shown_game": "toy", "num_players": "2"}
    )
    assert response.status_code == 403
    assert not Table.objects.exists()


def test_the_create_form_carries_a_csrf_token_that_works(alice):
    client = _client(alice, enforce_csrf_checks=True)
    page = client.get(reverse("table_create"))
    token = page.context["csrf_token"]
    response = client.post(
        reverse("table_create"),
        {"game": "toy", "shown_game": "toy", "num_players": "2", "csrfmiddlewaretoken": str(token)},
    )
    assert response.status_code == 302
    assert Table.objects.count() == 1


# --- partials the table page includes -------------------------------------------------------------


def test_the_seat_controls_offer_free_seats_only(alice, bob):
    from django.template.loader import render_to_string

    from games.engine import registry

    table = _open_table(alice, num_players=3)
    services.seat_take(table_id=table.pk, user=bob)
    seats = list(table.seats.select_related("user"))
    html = render_to_string(
        "games/_seat_controls.html",
        {"table": table, "seats": seats, "my_seat": seats[1], "rules": registry.get("toy")},
    )
    assert reverse("seat_change", args=[table.pk]) in html
    assert '<option value="0" disabled>' in html
    assert '<option value="1" selected>' in html
    assert '<option value="2">' in html
    assert (
        render_to_string(
            "games/_seat_controls.html", {"table": table, "seats": seats, "my_seat": None}
        ).strip()
        == ""
    )


def test_the_table_actions_offer_resign_to_players_and_close_to_moderators(alice, bob, mod):
    from django.template.loader import render_to_string

    table = started_table(alice, bob)
    seat = table.seats.get(user=alice)
    html = render_to_string("games/_table_actions.html", {"table": table, "my_seat": seat, "user": alice})
    assert reverse("table_resign", args=[table.pk]) in html
    assert reverse("table_close", args=[table.pk]) not in html
    html = render_to_string("games/_table_actions.html", {"table": table, "my_seat": None, "user": mod})
    assert reverse("table_close", args=[table.pk]) in html
    assert reverse("table_resign", args=[table.pk]) not in html


def test_switching_game_reloads_only_the_form(alice):
    response = _client(alice).get(reverse("table_create"), {"game": "toy"}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert "<html" not in body and 'id="create-form"' in body and 'name="opt_target"' in body


def test_a_post_for_another_game_than_shown_creates_nothing(alice):
    response = _client(alice).post(
        reverse("table_create"), {"game": "toy", "shown_game": "othergame", "num_players": "2"}
    )
    assert response.status_code == 200
    assert not Table.objects.exists()
    assert response.context["form"].rules.slug == "toy"


@pytest.mark.parametrize("title", ["Friday\nnight", "x\r\nBcc: y", "tab\there", "rtl\u202eevil", "nul\x00"])
def test_a_title_with_control_characters_is_refused_with_a_message(alice, title):
    """Issue 11 item 7: a newline in a title made every notification mail of the table fail."""
    response = _client(alice).post(
        reverse("table_create"), {"game": "toy", "shown_game": "toy", "num_players": "2", "title": title}
    )
    assert response.status_code == 200
    assert not Table.objects.exists()
    errors = response.context["form"].errors["title"]
    assert errors and ("control characters" in errors[0] or "Null characters" in errors[0])
