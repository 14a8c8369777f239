"""Bad input (hypothesis): malformed and random commands, forms, URLs and websocket frames, against every
endpoint and every game. Every answer is a 4xx with a clear message or a normal page, never a 500, and
a refused request changes nothing."""

from __future__ import annotations

import json
import string
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import registry
from games.models import ChatMessage, Command, Seat, Table
from tests.proof.leakcheck import WS_APP, in_test_transaction
from tests.support.sockets import CAP
from tests.support.tables import started_table

pytestmark = pytest.mark.django_db

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                       HealthCheck.too_slow])
GAMES = [r.slug for r in registry.all_rules()]

text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60)
json_scalar = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | text
json_value = st.recursive(json_scalar, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(text, inner, max_size=4), max_leaves=12)
weird_int = st.one_of(st.integers(-(2**70), 2**70).map(str), text, st.sampled_from(["", "1e3", "0x10", "-0", " 1"]))


def _snapshot(table_id: int) -> Any:
    t = Table.objects.get(pk=table_id)
    return (t.version, json.dumps(t.state, sort_keys=True), t.status, Command.objects.filter(table_id=table_id).count(),
            list(Seat.objects.filter(table_id=table_id).order_by("position").values_list("user_id", "position")))


def _assert_clear(r: Any) -> None:
    assert r.status_code < 500, (r.status_code, r.content[:500])
    if 400 <= r.status_code < 500 and r.status_code not in (403, 404, 405):
        assert r.content.strip(), "a refusal without a message"


@pytest.fixture(params=GAMES)
def game_table(request, alice, bob, make_user):  # type: ignore[no-untyped-def]
    # Two seats, or as many as the game needs at least (Ascendancy: 3).
    extra = [make_user(f"fuzz{i}") for i in range(registry.get(request.param).min_players - 2)]
    table = started_table(alice, bob, *extra, game=request.param)
    c = Client(raise_request_exception=False)
    c.force_login(alice)
    return table, c


def _legal_kinds(table: Table) -> list[str]:
    rules = registry.get(table.game)
    state = rules.load(table.state)
    kinds = {c.kind for seat in range(table.num_players) for c in rules.legal_commands(state, seat)}
    return sorted(kinds | {"undo", "resign", "reveal", "bid"})


@FUZZ
@given(data=st.data())
def test_random_commands_are_refused_clearly_and_change_nothing(game_table, data):
    table, c = game_table
    kinds = _legal_kinds(table)
    kind = data.draw(st.sampled_from(kinds) | text, label="kind")
    args = data.draw(st.dictionaries(st.sampled_from(["card", "by", "row", "col", "seat", "target", "x"]) | text,
                                     json_value, max_size=4) | json_value, label="args")
    raw_args = data.draw(st.just(json.dumps(args)) | text, label="raw")
    form = {"kind": kind, "args": raw_args,
            "version": data.draw(st.sampled_from(["1", str(table.version)]) | weird_int, label="version"),
            "idempotency_key": data.draw(st.uuids().map(str) | text, label="key")}
    for name, value in data.draw(st.dictionaries(st.text(string.ascii_lowercase, min_size=1, max_size=6),
                                                 weird_int, max_size=3), label="extra").items():
        form["arg_" + name] = value
    before = _snapshot(table.pk)
    r = c.post(f"/tables/{table.pk}/command/", form, HTTP_HX_REQUEST="true")
    _assert_clear(r)
    if r.status_code != 200:
        assert _snapshot(table.pk) == before


@FUZZ
@given(path=st.sampled_from(["", "fragments/", "log/", "command/", "chat/", "join/", "seat/", "leave/", "start/",
                             "cancel/", "resign/", "close/", "join/x/", "nope/"]),
       table_part=st.one_of(st.just("{id}"), st.integers(0, 2**80).map(str)),
       query=st.dictionaries(st.sampled_from(["after", "invite", "v", "log", "game", "page"]) | text, text, max_size=3),
       method=st.sampled_from(["get", "post"]))
def test_random_urls_never_answer_500(game_table, path, table_part, query, method):
    table, c = game_table
    url = f"/tables/{table_part.format(id=table.pk)}/{path}"
    before = _snapshot(table.pk)
    r = getattr(c, method)(url, query)
    _assert_clear(r)
    if method == "get" or r.status_code >= 400:  # a 302 is an action that worked (a resign)
        assert _snapshot(table.pk)[:4] == before[:4]


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(["game", "shown_game", "num_players", "title", "is_private",
                                               "faction", "position", "reason", "text", "opt_target", "opt_duel",
                                               "opt_wingmen", "opt_solo_scenario", "idempotency_key"]) | text,
                              weird_int, max_size=6),
       endpoint=st.sampled_from(["/tables/new/", "/tables/{id}/join/", "/tables/{id}/seat/", "/tables/{id}/leave/",
                                 "/tables/{id}/start/", "/tables/{id}/cancel/", "/tables/{id}/resign/",
                                 "/tables/{id}/close/", "/tables/{id}/chat/", "/me/", "/i18n/setlang/"]))
def test_random_forms_never_answer_500(game_table, fields, endpoint):
    table, c = game_table
    r = c.post(endpoint.format(id=table.pk), fields)
    _assert_clear(r)
    assert ChatMessage.objects.filter(text="").count() == 0


async def _ws_session(table_id: Any, user: Any, frames: list[Any]) -> tuple[bool, list[str]]:
    """Connect, send the frames, then a heartbeat that always answers: once its answer is in, the
    consumer has handled every frame before it (it handles them in order)."""
    from channels.testing import WebsocketCommunicator

    comm = WebsocketCommunicator(WS_APP, f"/ws/tables/{table_id}/?v=abc&log=-5&invite=%00")
    comm.scope["user"] = user
    connected, _ = await comm.connect(timeout=CAP)
    if not connected:
        return False, []
    got = [await comm.receive_from(timeout=CAP)]
    for frame in frames:  # raw ASGI messages: the communicator's helper refuses empty frames
        await comm.send_input({"type": "websocket.receive", "bytes" if isinstance(frame, bytes) else "text": frame})
    await comm.send_to(text_data=json.dumps({"heartbeat": -1}))
    while True:
        out = await comm.receive_output(timeout=CAP)
        if out["type"] == "websocket.close":
            return True, got
        got.append(out.get("text", ""))
        if 'id="frag-status"' in got[-1] and got[-1] != got[0] or len(got) > 2 + len(frames):
            break
    await comm.disconnect()
    return True, got


@FUZZ
@given(frames=st.lists(st.binary(max_size=50) | text | json_value.map(json.dumps)
                       | st.dictionaries(st.just("heartbeat"), json_value, min_size=1).map(json.dumps), max_size=5))
def test_random_websocket_frames_are_ignored_safely(game_table, alice, frames):
    table, _c = game_table
    before = _snapshot(table.pk)
    with in_test_transaction():
        connected, got = async_to_sync(_ws_session)(table.pk, alice, frames)
    assert connected and got
    assert _snapshot(table.pk) == before


def test_a_websocket_to_a_huge_or_missing_table_is_closed_not_crashed(alice):
    with in_test_transaction():
        for table_id in (10**30, 999999):
            connected, _ = async_to_sync(_ws_session)(table_id, alice, ["{}"])
            assert not connected


@pytest.mark.parametrize("path", ["", "fragments/", "log/", "command/", "chat/", "join/", "start/", "resign/"])
def test_table_ids_out_of_the_database_range_are_refused_not_crashed(alice, path):
    c = Client(raise_request_exception=False)
    c.force_login(alice)
    for n in (2**31, 2**63, 2**80):
        r = c.get(f"/tables/{n}/{path}") if path in ("", "fragments/", "log/") else c.post(f"/tables/{n}/{path}", {})
        assert 400 <= r.status_code < 500 or r.status_code == 302, (n, path, r.status_code)


@pytest.mark.parametrize("frame", ['{"heartbeat": Infinity}', '{"heartbeat": -Infinity}', '{"heartbeat": NaN}',
                                   '{"heartbeat": 1e400}', '{"heartbeat": "7"}', '{"heartbeat": [1]}', "[]", "null"])
def test_odd_heartbeats_are_ignored_not_crashing_the_socket(alice, bob, frame):
    """Found by the fuzzer: ``{"heartbeat": Infinity}`` crashed the consumer (int(inf) is an OverflowError)."""
    table = started_table(alice, bob)
    with in_test_transaction():
        connected, got = async_to_sync(_ws_session)(table.pk, alice, [frame])
    assert connected and len(got) >= 2  # the socket is alive: the closing heartbeat got its answer
