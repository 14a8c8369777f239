"""The internal relay (a Celery worker telling the one ASGI process of the embedded default that a table
changed) is signed with a random key the processes share, never with the SECRET_KEY, and answers 404,
like a page that does not exist, to anything not signed with that key or not one of its own messages."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.test import Client, override_settings

from config.env import persistent_random_key
from games import broadcast

KEY = "internal-" + "k" * 40


@pytest.fixture(autouse=True)
def _in_process_layer(settings):  # type: ignore[no-untyped-def]
    """The relay exists for the embedded default, whose layer is the in-process one (even when the unit
    tests run on a Redis layer: HYPERLANE_CHANNEL_LAYER, config/settings/test.py)."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


URL = "/internal/broadcast/"


def _post(body: dict[str, object] | bytes, key: str | None = KEY, method: str = "post"):  # type: ignore[no-untyped-def]
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    headers = {}
    if key is not None:
        headers["X-Hyperlane-Signature"] = hmac.new(key.encode(), raw, hashlib.sha256).hexdigest()
    if method == "get":
        return Client().get(URL, headers=headers)
    return Client().post(URL, raw, content_type="application/json", headers=headers)


def _received(group: str) -> list[dict[str, object]]:
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(group, channel)
    return [channel]  # type: ignore[list-item]


def _next(channel: str) -> dict[str, object]:
    return async_to_sync(get_channel_layer().receive)(channel)


GOOD = {"group": "table.7", "message": {"type": "table.updated", "version": 3}}


@override_settings(HYPERLANE_INTERNAL_KEY=KEY)
def test_a_message_signed_with_the_internal_key_reaches_the_group():
    (channel,) = _received("table.7")
    response = _post(GOOD)
    assert response.status_code == 200
    assert _next(channel) == GOOD["message"]  # type: ignore[arg-type]


@override_settings(HYPERLANE_INTERNAL_KEY=KEY)
@pytest.mark.parametrize(
    "case",
    ["unsigned", "secret-key", "wrong-key", "get", "bad-json", "bad-group", "bad-type", "huge-version", "extra"],
)
def test_anything_else_is_a_page_that_does_not_exist(settings, case):
    (channel,) = _received("table.7")
    body: dict[str, object] | bytes = GOOD
    key: str | None = KEY
    method = "post"
    if case == "unsigned":
        key = None
    elif case == "secret-key":  # the old scheme: anyone who knows the (development) SECRET_KEY forged it
        key = settings.SECRET_KEY
    elif case == "wrong-key":
        key = "guess"
    elif case == "get":
        method = "get"
    elif case == "bad-json":
        body = b"{not json"
    elif case == "bad-group":
        body = {"group": "table.7.x", "message": {"type": "table.updated", "version": 3}}
    elif case == "bad-type":
        body = {"group": "table.7", "message": {"type": "websocket.close"}}
    elif case == "huge-version":
        body = {"group": "table.7", "message": {"type": "table.updated", "version": 10**12}}
    elif case == "extra":
        body = {"group": "table.7", "message": {"type": "table.updated", "version": 3, "html": "<b>"}}
    response = _post(body, key, method)
    assert response.status_code == 404
    assert b"signature" not in response.content and b"payload" not in response.content
    # Nothing reached the group: the next thing it gets is a message sent afterwards.
    async_to_sync(get_channel_layer().group_send)("table.7", {"type": "chat.updated"})
    assert _next(channel) == {"type": "chat.updated"}


@override_settings(HYPERLANE_INTERNAL_KEY="")
def test_without_an_internal_key_nothing_is_accepted():
    """The production stack (Redis) relays nothing: even a body "signed" with the empty key is a 404."""
    assert _post(GOOD, key="").status_code == 404
    assert not broadcast.verify_signature(b"{}", hmac.new(b"", b"{}", hashlib.sha256).hexdigest())


def test_the_internal_key_is_random_shared_through_one_file_and_private(tmp_path):
    first = persistent_random_key(tmp_path / "internal_key")
    assert len(first) >= 40
    assert persistent_random_key(tmp_path / "internal_key") == first  # the worker reads the server's key
    assert stat.S_IMODE(os.stat(tmp_path / "internal_key").st_mode) == 0o600
    assert persistent_random_key(tmp_path / "other" / "internal_key") != first


USER_MESSAGES = [
    {"group": "user.4", "message": {"type": "badge.updated"}},
    {"group": "user.4", "message": {"type": "session.check"}},
    {"group": "user.4", "message": {"type": "session.check", "ended": broadcast.session_digest("k" * 32)}},
]


@override_settings(HYPERLANE_INTERNAL_KEY=KEY)
@pytest.mark.parametrize("body", USER_MESSAGES)
def test_a_users_pages_hear_from_the_worker(body):
    """The worker's automatic step changes whose turn it is: the header's "games waiting" badge of that
    player's open pages must follow (it was refused with a 404, so the badge waited for a reload)."""
    (channel,) = _received("user.4")
    assert _post(body).status_code == 200
    assert _next(channel) == body["message"]


@override_settings(HYPERLANE_INTERNAL_KEY=KEY)
@pytest.mark.parametrize(
    "message",
    [
        {"type": "table.updated", "version": 3},  # a table's message to a user group
        {"type": "badge.updated", "ended": "a" * 64},  # a digest only with a session check
        {"type": "session.check", "ended": "not-a-digest"},
        {"type": "session.check", "ended": 7},
        {"type": "session.check", "html": "<b>"},
        {"type": "websocket.close"},
    ],
)
def test_a_user_group_gets_only_its_own_messages(message):
    (channel,) = _received("user.4")
    assert _post({"group": "user.4", "message": message}).status_code == 404
    assert _post({"group": "user.04", "message": {"type": "badge.updated"}}).status_code == 404
    assert _post({"group": "table.4", "message": {"type": "badge.updated"}}).status_code == 404
    async_to_sync(get_channel_layer().group_send)("user.4", {"type": "chat.updated"})
    assert _next(channel) == {"type": "chat.updated"}


@pytest.mark.django_db(transaction=True)
def test_every_message_the_site_sends_can_be_relayed(monkeypatch):
    """The whole class: whatever a worker may send through ``send_group`` passes the relay's check."""
    sent: list[tuple[str, dict[str, object]]] = []
    monkeypatch.setattr(broadcast, "send_group", lambda group, message: sent.append((group, message)))
    broadcast.table_updated_on_commit(table_id=3, version=9)
    broadcast.table_updated_on_commit(table_id=3, version=9, reread=True)
    broadcast.chat_updated_on_commit(table_id=3)
    broadcast.badges_updated_on_commit(user_ids=[2, 5])
    broadcast.sessions_changed_on_commit(user_id=2)
    broadcast.sessions_changed_on_commit(user_id=2, ended="s" * 32)
    assert len(sent) == 7
    for group, message in sent:
        assert broadcast.relayed_message({"group": group, "message": message}) == (group, message)
