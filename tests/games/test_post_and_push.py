"""A table POST's answer and the socket's pushes do not race (issue 11, item 11), server side: every answer
targets ids that a push never removes. The client side (socket messages wait for the POST in flight,
older versions are dropped) is tests/browser/test_races_in_browser.py."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.test import Client

from games.rendering import render_chat, render_fragments
from games.selectors import viewer_for
from tests.support.tables import started_table

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
OOB_ID = re.compile(r'<[a-z]+ id="([^"]+)"[^>]*hx-swap-oob="true"')


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user)
    return c


def test_a_refused_post_sends_its_message_to_the_stable_error_area_as_well(alice, bob):
    table = started_table(alice, bob)
    r = _client(alice).post(f"/tables/{table.pk}/command/", {
        "kind": "bid", "args": json.dumps({"card": "c999"}), "version": 1, "idempotency_key": str(uuid.uuid4()),
    }, headers=HX)
    assert r.status_code == 422
    body = r.content.decode()
    message = re.search(r'<span class="error-text" role="alert">([^<]+)</span>', body).group(1)
    assert re.search(rf'<div id="table-error" class="table-error" hx-swap-oob="true">{re.escape(message)}</div>', body)


def test_a_stale_post_brings_the_board_and_its_message_for_the_stable_area(alice, bob):
    table = started_table(alice, bob)
    r = _client(alice).post(f"/tables/{table.pk}/command/", {
        "kind": "bid", "args": "{}", "version": -1, "idempotency_key": str(uuid.uuid4()),
    }, headers=HX)
    assert r.status_code == 409
    assert set(OOB_ID.findall(r.content.decode())) == {"table-error", "frag-status", "frag-seats", "frag-board", "frag-decision",
                                                        "frag-result"}


def test_every_id_an_answer_targets_is_on_the_page_outside_the_fragments(alice, bob):
    """A push replaces a fragment with its new render: an id inside one may be gone when an answer
    arrives. The answers target only the fragments themselves and ids outside them."""
    table = started_table(alice, bob)
    c = _client(alice)
    page = c.get(f"/tables/{table.pk}/").content.decode()
    viewer = viewer_for(table_id=table.pk, user=alice)
    fragments = render_fragments(viewer, oob=False)
    chat = render_chat(viewer, oob=False)
    answers = [
        c.post(f"/tables/{table.pk}/command/", {"kind": "bid", "args": "{}", "version": -1,
                                                 "idempotency_key": str(uuid.uuid4())}, headers=HX),
        c.post(f"/tables/{table.pk}/command/", {"kind": "nope", "args": "{}", "version": 1,
                                                 "idempotency_key": str(uuid.uuid4())}, headers=HX),
        c.post(f"/tables/{table.pk}/chat/", {"text": "hi"}, headers=HX),
        c.post(f"/tables/{table.pk}/chat/", {"text": "   "}, headers=HX),
    ]
    for answer in answers:
        for target in OOB_ID.findall(answer.content.decode()):
            assert f'id="{target}"' in page, target
            pushed = [html for html in [*fragments.values(), chat] if f'id="{target}"' in html]
            # the id is a fragment's own (its root element), or in no fragment at all
            assert all(re.match(rf'\s*<[a-z]+ id="{target}"', html) for html in pushed), target


def test_the_chat_form_is_not_part_of_the_pushed_chat(alice, bob):
    """A push of the chat replaces its lines only: a message being typed survives the others' messages,
    and the form that posted is still there when its answer arrives."""
    table = started_table(alice, bob)
    viewer = viewer_for(table_id=table.pk, user=alice)
    pushed = render_chat(viewer, oob=True)
    assert pushed.lstrip().startswith('<ol id="frag-chat"') and "<form" not in pushed
    page = _client(alice).get(f"/tables/{table.pk}/").content.decode()
    assert re.search(r'<form hx-post="/tables/\d+/chat/"', page)


def test_the_site_has_a_favicon(client):
    page = client.get("/accounts/login/").content.decode()
    href = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', page).group(1)
    assert href.endswith("favicon.svg")
