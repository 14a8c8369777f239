"""CSRF is enforced on every form: a POST without the token to any URL the site routes is refused, for
every game's table; the only exemption is the signed internal broadcast, which refuses unsigned posts."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from games.engine import registry
from tests.support.tables import started_table

pytestmark = pytest.mark.django_db

EXEMPT = {"internal/broadcast/"}


def _routes(patterns=None, prefix: str = ""):  # type: ignore[no-untyped-def]
    for p in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(p, URLResolver):
            yield from _routes(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern), p


def _concrete(route: str, table_id: int, token: str) -> str | None:
    route = re.sub(r"\(\?P<[a-z_0-9]+>[^)]*\)", "1", route)
    route = route.replace("^", "").replace("$", "").replace("\\Z", "").replace("\\", "")
    route = re.sub(r"<(int:)?(id|[a-z_]*_id)>", str(table_id), route)
    route = re.sub(r"<(str:)?token>|<(str:)?key>|<(str:)?uidb36>", token, route)
    route = re.sub(r"<(str|slug|path):[a-z_]+>", "x", route)
    if re.search(r"[<(?*+\[]", route):
        return None
    return "/" + route


def test_every_post_without_a_token_is_refused(alice, bob, mod, make_user):
    more = [make_user(f"csrf{i}") for i in range(max(r.min_players for r in registry.all_rules()) - 2)]
    tables = [started_table(alice, bob, game=r.slug) if r.min_players <= 2 <= r.max_players
              else started_table(alice, game=r.slug) if r.min_players == 1
              else started_table(alice, bob, *more[:r.min_players - 2], game=r.slug) for r in registry.all_rules()]
    checked = 0
    for user in (alice, mod, None):
        c = Client(enforce_csrf_checks=True, raise_request_exception=False)
        if user is not None:
            c.force_login(user)
        for route, _pattern in _routes():
            for table in tables:
                url = _concrete(route, table.pk, table.invite_token)
                if url is None:
                    continue
                r = c.post(url, {"text": "hi", "kind": "bid", "args": "{}", "version": 1, "reason": "x"})
                checked += 1
                if route in EXEMPT:
                    assert r.status_code == 404  # unsigned: a page that does not exist
                else:
                    assert r.status_code == 403 and b"CSRF" in r.content, (url, r.status_code)
    assert checked > 40


def test_the_command_and_chat_forms_work_with_the_token(alice, bob):
    table = started_table(alice, bob)
    c = Client(enforce_csrf_checks=True)
    c.force_login(alice)
    page = c.get(f"/tables/{table.pk}/").content.decode()
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    r = c.post(f"/tables/{table.pk}/chat/", {"text": "hello"}, HTTP_X_CSRFTOKEN=token)
    assert r.status_code == 200
    r = c.post(f"/tables/{table.pk}/chat/", {"text": "hello"}, HTTP_X_CSRFTOKEN="x" * 64)
    assert r.status_code == 403
