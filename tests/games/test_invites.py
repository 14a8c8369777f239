"""Invite tokens never travel in a URL the server sees (issue 11, item 7): Daphne's access log writes each
request's path *and query string* (``daphne/http_protocol.py``: ``self.uri``), and proxies do the same.

The invite link is ``/tables/<id>/invite/#<token>``: the fragment stays in the browser, the invite page
posts the token, the session keeps it, and the table page, its fragments and its websocket find it there.
"""

from __future__ import annotations

import re

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.sessions import SessionMiddlewareStack
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games import services
from games.routing import websocket_urlpatterns

URL_ATTRIBUTES = re.compile(r'(?:href|action|src|hx-get|hx-post|ws-connect)="([^"]*)"')


def _private_table(alice):  # type: ignore[no-untyped-def]
    return services.table_create(user=alice, game="toy", num_players=2, options={}, is_private=True)


class _Logged(Client):
    """A test client that keeps what an access log would: every request's path and query string."""

    def __init__(self, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(**kwargs)
        self.lines: list[str] = []

    def request(self, **request):  # type: ignore[no-untyped-def]
        self.lines.append(request["PATH_INFO"] + "?" + request.get("QUERY_STRING", ""))
        return super().request(**request)


@pytest.mark.django_db
@pytest.mark.parametrize("signed_in", [True, False], ids=["player", "visitor"])
def test_following_an_invite_never_puts_the_token_in_a_url(alice, bob, signed_in):
    table = _private_table(alice)
    token = table.invite_token
    owner = Client()
    owner.force_login(alice)
    link = owner.get(reverse("lobby")).content.decode()
    assert f"/tables/{table.pk}/invite/#{token}" in link

    guest = _Logged()
    if signed_in:
        guest.force_login(bob)
    page = guest.get(f"/tables/{table.pk}/invite/")  # what the browser requests for the link
    assert page.status_code == 200 and token not in page.content.decode()
    assert "data-invite-from-fragment" in page.content.decode()
    response = guest.post(f"/tables/{table.pk}/invite/", {"token": token})  # what app.js posts
    assert response.status_code == 302 and response["Location"] == reverse("table", args=[table.pk])
    body = guest.get(response["Location"]).content.decode()
    assert "Take a seat" in body or "Log in" in body
    urls = URL_ATTRIBUTES.findall(body) + [response["Location"]]
    assert guest.get(reverse("table_fragments", args=[table.pk])).status_code == 200
    if signed_in:
        guest.post(reverse("table_join", args=[table.pk]), {"invite": token})  # the join form's body
        assert table.seats.filter(user=bob).exists()
    assert all(token not in line for line in guest.lines), guest.lines
    assert all(token not in url for url in urls), urls


@pytest.mark.django_db
def test_a_wrong_token_opens_nothing(alice, charlie):
    table = _private_table(alice)
    guest = Client()
    guest.force_login(charlie)
    response = guest.post(f"/tables/{table.pk}/invite/", {"token": "not-the-token"})
    assert response.status_code == 404
    assert "This invite link is not valid" in response.content.decode()
    assert guest.get(reverse("table", args=[table.pk])).status_code == 404
    assert guest.post("/tables/999999/invite/", {"token": table.invite_token}).status_code == 404
    assert guest.post(f"/tables/{table.pk}/invite/", {}).status_code == 404


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_websocket_finds_the_invite_in_the_session(alice, charlie):
    table = await sync_to_async(_private_table)(alice)
    guest = Client()
    await sync_to_async(guest.force_login)(charlie)
    app = SessionMiddlewareStack(URLRouter(websocket_urlpatterns))

    async def connect() -> bool:
        cookie = f"{settings.SESSION_COOKIE_NAME}={guest.cookies[settings.SESSION_COOKIE_NAME].value}"
        comm = WebsocketCommunicator(app, f"/ws/tables/{table.pk}/", headers=[(b"cookie", cookie.encode())])
        comm.scope["user"] = charlie
        connected, _ = await comm.connect()
        await comm.disconnect()
        return connected

    assert not await connect()
    response = await sync_to_async(guest.post)(f"/tables/{table.pk}/invite/", {"token": table.invite_token})
    assert response.status_code == 302
    assert await connect()
