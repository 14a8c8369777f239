"""The error pages (issue 11, item 13): the site's look, a way back, translated, and no dependence on the
request's context processors (the header badge reads the database, which may be what failed)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import DatabaseError
from django.test import Client, RequestFactory
from django.urls import get_resolver, reverse

pytestmark = pytest.mark.django_db


def _is_site_page(body: str) -> bool:
    return 'class="site-header"' in body and f'href="{reverse("lobby")}"' in body and "/static/css/site.css" in body


def test_an_unknown_address_gets_the_sites_404_with_a_way_back():
    response = Client().get("/no/such/page/")
    assert response.status_code == 404
    body = response.content.decode()
    assert _is_site_page(body)
    assert "Page not found" in body and "Back to the lobby" in body


def test_an_error_page_has_the_sites_icon_and_no_script_the_policy_refuses():
    """No javascript: URL (the Content-Security-Policy refuses it: "Go back" did nothing) and the site's
    icon (without one the browser asks for /favicon.ico, a 404 of its own)."""
    body = Client().get("/no/such/page/").content.decode()
    assert "javascript:" not in body and " on" + "click=" not in body
    assert '<link rel="icon" href="/static/favicon.svg"' in body
    assert 'src="/static/js/app.js"' in body and "data-go-back" in body


def test_the_404_is_in_the_players_language(make_user):
    client = Client()
    client.force_login(make_user("giulia", language="it"))
    body = client.get(reverse("table", args=[999999])).content.decode()
    assert "Pagina non trovata" in body and "Torna alla sala" in body


def test_the_404_does_not_need_the_badge_query(alice):
    client = Client()
    client.force_login(alice)
    from games.models import Seat

    with mock.patch.object(Seat.objects, "filter", side_effect=DatabaseError("down")):
        response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert _is_site_page(response.content.decode())


def test_a_crash_gets_the_sites_500_page(alice):
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    with mock.patch("games.lobby_selectors.lobby_open_tables", side_effect=RuntimeError("boom")):
        response = client.get(reverse("lobby"))
    assert response.status_code == 500
    body = response.content.decode()
    assert _is_site_page(body) and "Something went wrong" in body and "boom" not in body


def test_a_bad_host_gets_the_sites_400_page():
    response = Client().get("/", headers={"host": "not a host!"})
    assert response.status_code == 400
    assert _is_site_page(response.content.decode())


def test_the_403_handler_is_the_sites_page():
    handler = get_resolver().resolve_error_handler(403)
    response = handler(RequestFactory().get("/"), exception=PermissionError())
    assert response.status_code == 403
    assert _is_site_page(response.content.decode())


def test_a_stale_csrf_token_gets_the_sites_403_page():
    response = Client(enforce_csrf_checks=True).post(reverse("account_login"), {"login": "x", "password": "y"})
    assert response.status_code == 403
    body = response.content.decode()
    assert _is_site_page(body) and "This form has expired" in body
