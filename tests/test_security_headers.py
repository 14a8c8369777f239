"""A strict Content-Security-Policy and a Permissions-Policy on every page, and pages the policy does not
break: no inline script or style, no inline event handler, nothing htmx would have to eval (issue 11,
item 7)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import registry
from tests.support.tables import started_table

pytestmark = pytest.mark.django_db


class _Inline(HTMLParser):
    """Collects what a strict policy blocks: inline scripts and styles, handler and style attributes,
    htmx attributes that run code (``hx-on``, ``hx-vals="js:…"``, trigger filters ``[…]``)."""

    def __init__(self) -> None:
        super().__init__()
        self.blocked: list[str] = []
        self._in_inline_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "script" and not attributes.get("src") and attributes.get("type") != "application/json":
            self._in_inline_script = True
            self.blocked.append("<script> without src")
        if tag == "style":
            self.blocked.append("<style>")
        for name, value in attrs:
            value = value or ""
            if name == "style" or re.fullmatch(r"on[a-z]+", name) or name.startswith(("hx-on", "data-hx-on")):
                self.blocked.append(f"{tag} {name}={value[:40]!r}")
            if name in ("hx-vals", "hx-vars", "hx-headers") and value.lstrip().startswith("js:"):
                self.blocked.append(f"{tag} {name}={value[:40]!r}")
            if name == "hx-trigger" and "[" in value:
                self.blocked.append(f"{tag} {name}={value[:40]!r}")
            if value.lstrip().lower().startswith("javascript:"):
                self.blocked.append(f"{tag} {name}={value[:40]!r}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_inline_script = False


def _blocked(html: str) -> list[str]:
    parser = _Inline()
    parser.feed(html)
    return parser.blocked


def _check(response) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 200, response.status_code
    csp = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in csp
    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]
    assert _blocked(response.content.decode()) == [], response.request["PATH_INFO"]


def test_the_checker_sees_what_the_policy_blocks():
    page = (
        '<script>alert(1)</script><style>p{}</style><p style="color:red" onclick="x()"></p>'
        '<form hx-on::after-request="x"></form><div hx-trigger="every 1s [ok()]"></div>'
        '<script src="/static/js/app.js"></script>'
    )
    assert len(_blocked(page)) == 6


def test_public_and_account_pages(alice):
    anonymous = Client()
    for url in (
        "lobby",
        "account_login",
        "account_signup",
        "account_reset_password",
        "account_email_verification_sent",
    ):
        _check(anonymous.get(reverse(url)))
    me = Client()
    me.force_login(alice)
    for url in ("lobby", "table_create", "profile"):
        _check(me.get(reverse(url)))


@pytest.mark.parametrize("slug", sorted(r.slug for r in registry.all_rules()))
def test_every_games_table_page_and_its_fragments(alice, bob, slug):
    rules = registry.get(slug)
    if not rules.min_players <= 2 <= rules.max_players:
        pytest.skip("not a two-player game")
    table = started_table(alice, bob, game=slug)
    client = Client()
    client.force_login(alice)
    _check(client.get(reverse("table", args=[table.pk])))
    _check(client.get(reverse("table_fragments", args=[table.pk])))
    _check(client.get(reverse("lobby")))


def test_an_open_table_and_the_admin(alice, bob, mod):
    from games import services

    open_table = services.table_create(user=alice, game="toy", num_players=2, options={}, is_private=True)
    client = Client()
    client.force_login(alice)
    _check(client.get(reverse("table", args=[open_table.pk])))
    _check(client.get(reverse("lobby")))
    table = started_table(alice, bob)
    staff = Client()
    staff.force_login(mod)
    for url in (
        reverse("admin:index"),
        reverse("admin:games_table_changelist"),
        reverse("admin:games_table_change", args=[table.pk]),
        reverse("admin:games_table_secrets", args=[table.pk]),
    ):
        _check(staff.get(url))
    _check(staff.post(reverse("admin:games_table_secrets", args=[table.pk]), {"reason": "a report"}))
