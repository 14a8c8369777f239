"""The table page and the command endpoint: permissions, htmx answers, errors next to the control."""

from __future__ import annotations

import json
import re
import uuid
from html import unescape as html_unescape

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import registry
from games.models import Command
from tests.support.tables import hand_of, started_table, state_of

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _post_command(client, table, kind, args, version=None, key=None):
    return client.post(
        reverse("table_command", args=[table.pk]),
        {
            "kind": kind,
            "args": json.dumps(args),
            "version": table.version if version is None else version,
            "idempotency_key": str(key or uuid.uuid4()),
        },
        headers=HX,
    )


def posted_controls(html: str) -> set[tuple[str, str]]:
    """Every (kind, args) that a form on the page posts."""
    out = set()
    for form in re.findall(r"<form[^>]*table_command[^>]*>.*?</form>|<form[^>]*/command/[^>]*>.*?</form>", html, re.S):
        kind = re.search(r'name="kind" value="([^"]*)"', form)
        args = re.search(r'name="args" value="([^"]*)"', form)
        if kind:
            out.add((kind.group(1), html_unescape(args.group(1)) if args else "{}"))
    return out


def test_a_player_sees_their_hand_and_not_the_others(alice, bob):
    table = started_table(alice, bob)
    html = _client(alice).get(reverse("table", args=[table.pk])).content.decode()
    for card in hand_of(table, 0):
        assert card in html
    for card in hand_of(table, 1):
        assert f"'{card}'" not in html and f'"{card}"' not in html


def test_every_legal_command_has_a_control_posting_exactly_it(alice, bob):
    table = started_table(alice, bob)
    html = _client(alice).get(reverse("table", args=[table.pk])).content.decode()
    rules = registry.get("toy")
    legal = {
        (c.kind, json.dumps(dict(c.args), sort_keys=True, separators=(",", ":")))
        for c in rules.legal_commands(state_of(table), 0)
    }
    assert legal and legal <= posted_controls(html)


def test_a_command_post_applies_and_returns_the_fresh_fragments(alice, bob):
    table = started_table(alice, bob)
    card = hand_of(table, 0)[0]
    response = _post_command(_client(alice), table, "bid", {"card": card})
    assert response.status_code == 200
    assert 'id="frag-board"' in response.content.decode()
    assert Command.objects.filter(table=table).count() == 1


def test_an_illegal_command_answers_422_with_a_message_and_changes_nothing(alice, bob):
    table = started_table(alice, bob)
    response = _post_command(_client(alice), table, "bid", {"card": "c999"})
    assert response.status_code == 422
    assert "role=\"alert\"" in response.content.decode()
    assert "toy:R3" in response.content.decode()
    assert not Command.objects.filter(table=table).exists()


@pytest.mark.parametrize(
    "payload",
    [
        {"kind": "", "args": "{}", "version": "1"},
        {"kind": "bid", "args": "not json", "version": "1"},
        {"kind": "bid", "args": "[1,2]", "version": "1"},
        {"kind": "bid", "args": "{}", "version": "x"},
        {"kind": "bid<script>", "args": "{}", "version": "1"},
        {"kind": "bid", "args": "{}" + " " * 3000, "version": "1"},
    ],
)
def test_malformed_posts_get_a_clear_400(alice, bob, payload):
    table = started_table(alice, bob)
    data = {"idempotency_key": str(uuid.uuid4()), **payload}
    response = _client(alice).post(reverse("table_command", args=[table.pk]), data, headers=HX)
    assert response.status_code == 400
    assert "role=\"alert\"" in response.content.decode()


def test_a_stale_post_gets_the_fresh_board_with_409(alice, bob):
    table = started_table(alice, bob)
    response = _post_command(_client(alice), table, "bid", {"card": hand_of(table, 0)[0]}, version=0)
    assert response.status_code == 409
    assert 'id="frag-board"' in response.content.decode()


def test_a_double_post_applies_once(alice, bob):
    table = started_table(alice, bob)
    key = uuid.uuid4()
    card = hand_of(table, 0)[0]
    client = _client(alice)
    first = _post_command(client, table, "bid", {"card": card}, version=1, key=key)
    second = _post_command(client, table, "bid", {"card": card}, version=1, key=key)
    assert first.status_code == second.status_code == 200
    assert Command.objects.filter(table=table).count() == 1


def test_strangers_may_watch_a_public_table_but_not_post(alice, bob, charlie):
    table = started_table(alice, bob)
    client = _client(charlie)
    assert client.get(reverse("table", args=[table.pk])).status_code == 200
    response = _post_command(client, table, "bid", {"card": hand_of(table, 0)[0]})
    assert response.status_code == 403
    assert not Command.objects.filter(table=table).exists()


def test_anonymous_posts_are_sent_to_log_in(alice, bob):
    table = started_table(alice, bob)
    response = _post_command(Client(), table, "bid", {"card": hand_of(table, 0)[0]})
    assert response.status_code == 302
    assert not Command.objects.filter(table=table).exists()


def test_a_private_table_is_hidden_from_strangers(alice, bob, charlie):
    from games import services

    table = services.table_create(user=alice, game="toy", num_players=2, options={}, is_private=True)
    assert _client(charlie).get(reverse("table", args=[table.pk])).status_code == 404
    invited = _client(charlie).get(reverse("table", args=[table.pk]) + f"?invite={table.invite_token}")
    assert invited.status_code == 200


def test_csrf_is_enforced_on_the_command_form(alice, bob):
    table = started_table(alice, bob)
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    response = _post_command(client, table, "bid", {"card": hand_of(table, 0)[0]})
    assert response.status_code == 403
    assert not Command.objects.filter(table=table).exists()


def test_unknown_table_is_404_not_500(alice):
    assert _client(alice).get(reverse("table", args=[999999])).status_code == 404
    assert _client(alice).post(reverse("table_command", args=[999999]), {}).status_code == 404


def test_the_status_line_says_you_where_the_game_waits_on_me(alice, bob, charlie):
    table = started_table(alice, bob)
    status = _client(alice).get(reverse("table", args=[table.pk])).content.decode().split('id="frag-status"')[1]
    status = status.split("</section>")[0]
    assert re.search(r"Waiting for\s*<strong[^>]*me\">you</strong>, <strong[^>]*>bob</strong>", status), status
    watching = _client(charlie).get(reverse("table", args=[table.pk])).content.decode()
    assert ">you</strong>" not in watching and ">alice</strong>" in watching
    _post_command(_client(alice), table, "bid", {"card": hand_of(table, 0)[0]})
    answer = _client(alice).get(reverse("table", args=[table.pk])).content.decode()
    assert "Nothing for you to decide right now." in answer and ">you</strong>" not in answer


# --- issue 11 item 7: no Python error text in an answer; arguments a command does not take refused -----

@pytest.mark.parametrize("value", ["--5", "²", "-", "1" * 40, "٣"])
def test_a_select_value_of_any_shape_gets_a_translated_answer_never_python_text(alice, bob, value):
    alice.language = "it"
    alice.save()
    table = started_table(alice, bob)
    data = {"kind": "bid", "args": "{}", "arg_card": value, "version": 1, "idempotency_key": str(uuid.uuid4())}
    response = _client(alice).post(reverse("table_command", args=[table.pk]), data, headers=HX)
    body = response.content.decode()
    assert response.status_code in (400, 422), body
    assert 'role="alert"' in body
    assert "invalid literal" not in body and "Exceeds the limit" not in body and "int()" not in body
    assert not Command.objects.filter(table=table).exists()


def test_deeply_nested_args_get_a_clear_400(alice, bob):
    table = started_table(alice, bob)
    data = {"kind": "bid", "args": "[" * 990 + "]" * 990, "version": 1, "idempotency_key": str(uuid.uuid4())}
    response = _client(alice).post(reverse("table_command", args=[table.pk]), data, headers=HX)
    assert response.status_code == 400
    assert "This command is malformed." in response.content.decode()


@pytest.mark.parametrize("how", ["json", "form-field"])
def test_an_argument_the_command_does_not_take_is_refused_and_never_logged(alice, bob, how):
    alice.language = "it"
    alice.save()
    table = started_table(alice, bob)
    card = hand_of(table, 0)[0]
    data = {"kind": "bid", "version": 1, "idempotency_key": str(uuid.uuid4())}
    if how == "json":
        data["args"] = json.dumps({"card": card, "note": "x" * 500})
    else:
        data |= {"args": json.dumps({"card": card}), "arg_note": "x" * 500}
    response = _client(alice).post(reverse("table_command", args=[table.pk]), data, headers=HX)
    body = response.content.decode()
    assert response.status_code == 422, body
    assert "Il comando “bid” non accetta “note”" in body
    assert not Command.objects.filter(table=table).exists()
    # the same command without it is applied, and logged with exactly what it takes
    assert _post_command(_client(alice), table, "bid", {"card": card}, version=1).status_code == 200
    assert Command.objects.get(table=table).args == {"card": card}


def test_an_undo_with_arguments_is_refused(alice, bob):
    table = started_table(alice, bob)
    response = _post_command(_client(alice), table, "undo", {"target": 1}, version=1)
    assert response.status_code == 400
    assert "This command does not take “target”." in response.content.decode()
    assert not Command.objects.filter(table=table).exists()
