"""Move posting, chat, table creation and login (the site's and the admin's) are rate-limited through the
cache every server shares; the limits are settings (HYPERLANE_MOVE_RATE_PER_MINUTE,
HYPERLANE_CHAT_RATE_PER_MINUTE, HYPERLANE_TABLE_CREATE_RATE_PER_HOUR, HYPERLANE_LOGIN_RATE ->
ACCOUNT_RATE_LIMITS). Failed logins lock a login name for one client only."""

from __future__ import annotations

import json

import httpx
import pytest
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from games.models import ChatMessage, Table
from tests.proof.conftest import LOGIN_FAILURES, MOVE_LIMIT
from tests.proof.live_support import toy_table
from tests.support.tables import hand_of, started_table


def _post_move(client: Client, table, card: str = "c0"):  # type: ignore[no-untyped-def]
    return client.post(f"/tables/{table.pk}/command/", {"kind": "bid", "args": json.dumps({"card": card}),
                                                        "version": 1, "idempotency_key": "not-a-key"})


@pytest.mark.django_db
def test_the_move_limit_is_a_setting(alice, bob):
    table = started_table(alice, bob)
    cache.delete(f"rate:move:{alice.pk}")
    c = Client()
    c.force_login(alice)
    with override_settings(HYPERLANE_MOVE_RATE_PER_MINUTE=3):
        answers = [_post_move(c, table) for _ in range(4)]
    assert [a.status_code for a in answers] == [400, 400, 400, 429]
    assert "Too many moves" in answers[-1].content.decode()
    cache.delete(f"rate:move:{alice.pk}")
    with override_settings(HYPERLANE_MOVE_RATE_PER_MINUTE=100):
        assert _post_move(c, table, hand_of(table, 0)[0]).status_code == 400  # shape, not the limit


def _expires(key: str) -> bool:
    """Whether the shared cache will drop ``key`` by itself (Redis TTL, or the local cache's expiry)."""
    full = cache.make_and_validate_key(key)
    if hasattr(cache, "_expire_info"):  # LocMemCache: None means never
        return cache._expire_info.get(full) is not None
    return cache._cache.get_client(full).ttl(full) > 0


@pytest.mark.django_db
def test_a_move_counter_left_without_an_expiry_gets_one_at_its_first_count(alice, bob):
    """A counter made by an INCR that raced the key's expiry has no expiry: it would count for ever."""
    table = started_table(alice, bob)
    key = f"rate:move:{alice.pk}"
    cache.set(key, 0, timeout=None)  # what the race leaves: a counter that never expires
    assert not _expires(key)
    c = Client()
    c.force_login(alice)
    _post_move(c, table)
    assert cache.get(key) == 1 and _expires(key)
    cache.delete(key)


@pytest.mark.django_db
def test_the_login_limit_is_a_setting(alice):
    cache.clear()
    c = Client()
    with override_settings(ACCOUNT_RATE_LIMITS={"login_failed": "2/m/ip"}):
        for _ in range(2):
            r = c.post("/accounts/login/", {"login": "alice", "password": "wrong"})
            assert r.status_code == 200 and "Too many" not in r.content.decode()
        r = c.post("/accounts/login/", {"login": "alice", "password": "pw-alicealice"})
    assert r.status_code != 302 and "Too many failed login attempts" in r.content.decode()
    cache.clear()


@pytest.mark.django_db
def test_chat_is_rate_limited(alice, bob):
    table = started_table(alice, bob)
    cache.delete(f"rate:chat:{alice.pk}")
    c = Client()
    c.force_login(alice)
    with override_settings(HYPERLANE_CHAT_RATE_PER_MINUTE=3):
        answers = [c.post(f"/tables/{table.pk}/chat/", {"text": f"hello {i}"}) for i in range(5)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429, 429]
    assert "Too many messages" in answers[-1].content.decode()
    assert ChatMessage.objects.filter(table=table).count() == 3
    cache.delete(f"rate:chat:{alice.pk}")


@pytest.mark.django_db
def test_table_creation_is_rate_limited(alice):
    cache.delete(f"rate:table_create:{alice.pk}")
    c = Client()
    c.force_login(alice)
    form = {"game": "toy", "shown_game": "toy", "num_players": "2", "opt_target": "5"}
    with override_settings(HYPERLANE_TABLE_CREATE_RATE_PER_HOUR=2):
        answers = [c.post(reverse("table_create"), form) for _ in range(3)]
    assert [a.status_code for a in answers] == [302, 302, 429]
    assert "opened many tables" in answers[-1].content.decode()
    assert Table.objects.filter(created_by=alice).count() == 2
    cache.delete(f"rate:table_create:{alice.pk}")


@pytest.mark.django_db
def test_the_admin_login_is_the_rate_limited_site_login(mod):
    """Django's admin login counts nothing: it must not take passwords at all."""
    c = Client()
    response = c.post("/admin/login/", {"username": "mod", "password": "pw-modmod"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
    assert SESSION_KEY not in c.session
    cache.clear()
    with override_settings(ACCOUNT_RATE_LIMITS={"login_failed": "100/m/ip,2/m/key"}):
        for _ in range(2):
            c.post(response["Location"], {"login": "mod", "password": "wrong"})
        r = c.post(response["Location"], {"login": "mod", "password": "pw-modmod"})
    assert "Too many failed login attempts" in r.content.decode()
    assert SESSION_KEY not in c.session
    cache.clear()


@pytest.mark.django_db
def test_a_login_name_is_locked_for_the_guessing_client_only(alice):
    """Failing on purpose from one address does not lock alice out of her account from hers."""
    cache.clear()
    guesser, owner = Client(REMOTE_ADDR="203.0.113.7"), Client(REMOTE_ADDR="198.51.100.2")
    with override_settings(ACCOUNT_RATE_LIMITS={"login_failed": "100/m/ip,2/m/key"}):
        for _ in range(2):
            r = guesser.post("/accounts/login/", {"login": "alice", "password": "wrong"})
            assert "Too many" not in r.content.decode()
        r = guesser.post("/accounts/login/", {"login": "alice", "password": "pw-alicealice"})
        assert "Too many failed login attempts" in r.content.decode()  # the guesser is stopped
        r = owner.post("/accounts/login/", {"login": "alice", "password": "pw-alicealice"})
        assert r.status_code == 302 and owner.session[SESSION_KEY] == str(alice.pk)
    cache.clear()


@pytest.mark.django_db
def test_behind_a_proxy_the_client_is_the_forwarded_address(alice):
    """Behind a load balancer every request comes from its address: the limits count the client's."""
    cache.clear()
    proxy = "10.0.0.1"
    guesser = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.7")
    owner = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="198.51.100.2")
    with override_settings(
        ACCOUNT_RATE_LIMITS={"login_failed": "100/m/ip,2/m/key"}, ALLAUTH_TRUSTED_PROXY_COUNT=1
    ):
        for _ in range(3):
            guesser.post("/accounts/login/", {"login": "alice", "password": "wrong"})
        r = owner.post("/accounts/login/", {"login": "alice", "password": "pw-alicealice"})
        assert r.status_code == 302 and owner.session[SESSION_KEY] == str(alice.pk)
    cache.clear()


@pytest.mark.live
def test_the_move_limit_holds_across_two_servers(proof_site):
    site = proof_site
    table = toy_table(site, ["j10", "j11"])
    one, two = site.player("j10", port=site.ports[0]), site.player("j10", port=site.ports[1])
    codes = [(one, two)[i % 2].command(table, "no such move!", {}, 1).status_code for i in range(MOVE_LIMIT + 2)]
    assert set(codes[:MOVE_LIMIT]) == {400}, codes  # malformed, but counted: the limit comes first
    assert codes[MOVE_LIMIT:] == [429, 429], codes[MOVE_LIMIT - 2:]


@pytest.mark.live
def test_the_login_limit_holds_across_two_servers(proof_site):
    site = proof_site
    clients = [httpx.Client(base_url=f"http://127.0.0.1:{p}", timeout=30) for p in site.ports]

    def attempt(client: httpx.Client, password: str) -> httpx.Response:
        client.get("/accounts/login/")
        return client.post("/accounts/login/", data={"login": "j9", "password": password},
                           headers={"X-CSRFToken": client.cookies.get("csrftoken") or "",
                                    "Referer": str(client.base_url) + "/accounts/login/"})

    for i in range(LOGIN_FAILURES):
        r = attempt(clients[i % 2], "wrong password")
        assert r.status_code == 200 and "Too many" not in r.text
    for client in clients:  # now even the right password is refused, on either server
        r = attempt(client, "hyperlane-demo")
        assert r.status_code != 302 and "Too many failed login attempts" in r.text
    assert attempt(clients[0], "hyperlane-demo").status_code != 302
    site.player("j8")  # another login name is not held up (the limit is per name here)
