"""The moderators' admin: listed and searchable, read-only where a change breaks a game, secrets hidden.

Secrets are shown only by the "Reveal secrets" view, which wants a reason, writes a SecretAccess row and
a log line, and refuses a moderator who holds a seat at the table.
"""

from __future__ import annotations

import logging
import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from games import services
from games.models import (
    ChatMessage,
    Command,
    Deck,
    Event,
    Notification,
    Seat,
    SecretAccess,
    StateVersion,
    Table,
)
from tests.support.tables import hand_of, started_table, submit

pytestmark = pytest.mark.django_db

CARD = re.compile(r"\bc(?:[1-9]|1\d|20)\b")

MODELS = [Table, Seat, Command, Event, StateVersion, Deck, ChatMessage, Notification, SecretAccess]


def _admin(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def _url(model, action: str, *args) -> str:  # type: ignore[no-untyped-def]
    return reverse(f"admin:games_{model._meta.model_name}_{action}", args=args)


@pytest.fixture
def game(alice, bob):  # type: ignore[no-untyped-def]
    """A started toy game where alice has placed a secret bid and chatted."""
    table = started_table(alice, bob)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    services.chat_post(table_id=table.pk, user=bob, text="good luck")
    table.refresh_from_db()
    return table


def test_every_model_is_listed_for_a_moderator(mod, game):
    client = _admin(mod)
    for model in MODELS:
        response = client.get(_url(model, "changelist"))
        assert response.status_code == 200, model


def test_the_admin_index_names_each_section_once(make_user):
    """Two sections called "Accounts" (allauth's e-mail addresses and our users) left moderators guessing."""
    root = make_user("root", is_staff=True, is_superuser=True)  # as the demo moderator: sees every section
    apps = _admin(root).get(reverse("admin:index")).context["app_list"]
    names = [str(app["name"]) for app in apps]
    assert len(names) == len(set(names)), names


def test_the_admin_has_the_sites_icon(mod, game):
    """Without one the browser asks for /favicon.ico on every admin page: a 404 in its console."""
    for url in (reverse("admin:index"), _url(Table, "changelist"), _url(Table, "change", game.pk)):
        body = _admin(mod).get(url).content.decode()
        assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in body, url
        assert "Hyperlane moderation" in body


def test_every_model_is_searchable(mod, game):
    client = _admin(mod)
    for model in MODELS:
        response = client.get(_url(model, "changelist"), {"q": str(game.pk)})
        assert response.status_code == 200, model


def test_the_table_list_finds_a_table_by_player(mod, game, charlie):
    other = started_table(charlie)
    response = _admin(mod).get(_url(Table, "changelist"), {"q": "bob"})
    ids = [t.pk for t in response.context["cl"].result_list]
    assert ids == [game.pk] and other.pk not in ids


@pytest.mark.parametrize("user_name", ["alice", "charlie"])
def test_players_and_strangers_are_kept_out(request, game, user_name):
    user = request.getfixturevalue(user_name)
    response = _admin(user).get(_url(Table, "changelist"))
    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]
    response = _admin(user).get(reverse("admin:games_table_secrets", args=[game.pk]))
    assert response.status_code == 302
    assert not SecretAccess.objects.exists()


def test_no_secret_on_any_list_or_detail_page(mod, game):
    client = _admin(mod)
    seed = str(game.seed)
    pages = [_url(model, "changelist") for model in MODELS]
    for model in (Command, Event, StateVersion, Deck):
        pages += [_url(model, "change", row.pk) for row in model.objects.filter(table=game)]
    pages.append(_url(Table, "change", game.pk))
    assert Deck.objects.filter(table=game).exclude(cards=[]).exists()  # there is something to leak
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        body = response.content.decode()
        assert not CARD.findall(body), page
        assert seed not in body, page
        assert "hands" not in body, page


def test_search_does_not_look_inside_secrets(mod, game):
    card = Event.objects.get(table=game, kind="bid_placed").data["card"]
    client = _admin(mod)
    for model in (Event, Deck, Command, StateVersion):
        response = client.get(_url(model, "changelist"), {"q": card})
        assert list(response.context["cl"].result_list) == [], model


def test_a_public_pile_shows_its_cards(mod, game):
    Deck.objects.create(
        table=game, name="market", visibility=Deck.Visibility.PUBLIC, cards=["m1", "m2"], size=2
    )
    body = _admin(mod).get(_url(Deck, "change", Deck.objects.get(name="market").pk)).content.decode()
    assert "m1, m2" in body


def test_public_event_data_is_shown(mod, game):
    event = Event.objects.get(table=game, kind="game_started")
    body = _admin(mod).get(_url(Event, "change", event.pk)).content.decode()
    assert "players" in body


@pytest.mark.parametrize("model", [Command, Event, StateVersion, Deck, Seat, Notification, SecretAccess])
def test_the_logs_cannot_be_added_changed_or_deleted(mod, game, model):
    client = _admin(mod)
    assert client.get(_url(model, "add")).status_code == 403
    row = model.objects.first()
    if row is None:
        return
    assert client.post(_url(model, "delete", row.pk), {"post": "yes"}).status_code == 403
    client.post(_url(model, "change", row.pk), {})
    assert model.objects.filter(pk=row.pk).exists()


def test_a_table_cannot_be_added_or_deleted(mod, game):
    client = _admin(mod)
    assert client.get(_url(Table, "add")).status_code == 403
    assert client.post(_url(Table, "delete", game.pk), {"post": "yes"}).status_code == 403
    assert Table.objects.filter(pk=game.pk).exists()


def test_only_the_title_of_a_table_can_be_edited(mod, game):
    before = Table.objects.get(pk=game.pk)
    response = _admin(mod).post(
        _url(Table, "change", game.pk),
        {
            "title": "Renamed",
            "status": "finished",
            "version": "99",
            "seats-TOTAL_FORMS": "2",
            "seats-INITIAL_FORMS": "2",
            "seats-MIN_NUM_FORMS": "0",
            "seats-MAX_NUM_FORMS": "1000",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    after = Table.objects.get(pk=game.pk)
    assert after.title == "Renamed"
    assert (after.status, after.version, after.state, after.rng_state, after.seed) == (
        before.status,
        before.version,
        before.state,
        before.rng_state,
        before.seed,
    )


def test_a_moderator_may_delete_an_abusive_chat_message(mod, game):
    message = ChatMessage.objects.get(table=game)
    _admin(mod).post(_url(ChatMessage, "delete", message.pk), {"post": "yes"})
    assert not ChatMessage.objects.filter(pk=message.pk).exists()


# --- reveal secrets -------------------------------------------------------------------------------


def test_revealing_needs_a_reason(mod, game):
    url = reverse("admin:games_table_secrets", args=[game.pk])
    client = _admin(mod)
    form = client.get(url)
    assert form.status_code == 200
    assert not CARD.findall(form.content.decode())
    response = client.post(url, {"reason": "   "})
    assert response.status_code == 200
    assert not SecretAccess.objects.exists()
    assert not CARD.findall(response.content.decode())


def test_revealing_shows_the_secrets_and_records_who_and_why(mod, game, caplog):
    url = reverse("admin:games_table_secrets", args=[game.pk])
    with caplog.at_level(logging.WARNING, logger="games.moderation"):
        response = _admin(mod).post(url, {"reason": "cheating report #12"})
    assert response.status_code == 200
    body = response.content.decode()
    assert set(hand_of(game, 1)) <= set(CARD.findall(body))
    assert str(game.seed) in body
    assert "no-store" in response["Cache-Control"]
    access = SecretAccess.objects.get()
    assert (access.moderator, access.table_id, access.reason) == (mod, game.pk, "cheating report #12")
    assert any(
        "secrets revealed" in r.getMessage() and str(game.pk) in r.getMessage() for r in caplog.records
    )


def test_an_old_state_version_can_be_revealed(mod, game):
    url = reverse("admin:games_table_secrets", args=[game.pk])
    response = _admin(mod).post(url, {"reason": "dispute about round 1", "version": "1"})
    assert response.context["secrets"].version == 1
    assert response.context["secrets"].state == StateVersion.objects.get(table=game, version=1).state


def test_each_reveal_is_recorded(mod, game):
    url = reverse("admin:games_table_secrets", args=[game.pk])
    client = _admin(mod)
    client.post(url, {"reason": "one"})
    client.post(url, {"reason": "two"})
    assert list(SecretAccess.objects.order_by("pk").values_list("reason", flat=True)) == ["one", "two"]


def test_a_seated_moderator_cannot_reveal(make_user, bob):
    seated_mod = make_user("seatedmod", is_staff=True)
    table = started_table(seated_mod, bob)
    url = reverse("admin:games_table_secrets", args=[table.pk])
    client = _admin(seated_mod)
    for response in (client.get(url), client.post(url, {"reason": "just curious"})):
        assert response.status_code == 302
        assert response["Location"] == _url(Table, "change", table.pk)
        assert "hold a seat" in [str(m) for m in get_messages(response.wsgi_request)][-1]
    assert not SecretAccess.objects.exists()


def test_the_reveal_action_needs_one_table(mod, game, alice):
    other = started_table(alice)
    client = _admin(mod)
    data = {"action": "reveal_secrets", "_selected_action": [game.pk, other.pk]}
    response = client.post(_url(Table, "changelist"), data)
    assert response.status_code == 302
    assert not SecretAccess.objects.exists()
    response = client.post(
        _url(Table, "changelist"), {"action": "reveal_secrets", "_selected_action": [game.pk]}
    )
    assert response["Location"] == reverse("admin:games_table_secrets", args=[game.pk])


# --- close ----------------------------------------------------------------------------------------


def test_the_close_action_asks_for_a_reason_then_closes(mod, game):
    client = _admin(mod)
    data = {"action": "close_tables", "_selected_action": [game.pk]}
    response = client.post(_url(Table, "changelist"), data)
    assert response.status_code == 200
    assert "reason" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Table.Status.ACTIVE
    response = client.post(
        _url(Table, "changelist"), {**data, "apply": "1", "reason": "abandoned for a month"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Table.Status.CLOSED
    assert game.result["note"] == "abandoned for a month"


def test_closing_a_finished_table_is_reported_not_crashed(mod, game):
    services.table_close(table_id=game.pk, moderator=mod, reason="first")
    client = _admin(mod)
    data = {"action": "close_tables", "_selected_action": [game.pk], "apply": "1", "reason": "again"}
    response = client.post(_url(Table, "changelist"), data, follow=True)
    assert response.status_code == 200
    assert "already over" in response.content.decode()


def test_admin_forms_enforce_csrf(mod, game):
    client = Client(enforce_csrf_checks=True)
    client.force_login(mod)
    url = reverse("admin:games_table_secrets", args=[game.pk])
    assert client.post(url, {"reason": "x"}).status_code == 403
    assert not SecretAccess.objects.exists()
