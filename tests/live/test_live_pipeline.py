"""The move pipeline against real processes: Daphne, a Celery worker and beat, over HTTP and websockets."""

from __future__ import annotations

import re
import threading
import time
import uuid

import pytest

from tests.live.harness import receive_until


def _two_player_toy(site, **options):  # type: ignore[no-untyped-def]
    alice, bob = site.player("alice"), site.player("bob")
    table = alice.create_table("toy", 2, **options)
    bob.join(table)
    alice.start(table)
    return alice, bob, table


def _bid(player, table):  # type: ignore[no-untyped-def]
    version, controls = player.controls(table)
    kind, args = next(c for c in controls if c[0] == "bid")
    return player.command(table, kind, args, version)


def test_a_move_reaches_the_other_players_websocket(live_site):
    alice, bob, table = _two_player_toy(live_site)
    with bob.websocket(table) as ws:
        receive_until(ws, lambda f: 'id="frag-status"' in f)
        assert _bid(alice, table).status_code == 200
        # Pushed, not polled: this client sends no heartbeat. (Latency is bench/server.py's to measure.)
        frame = receive_until(ws, lambda f: 'data-version="2"' in f)
        assert re.search(r'id="frag-status"[^>]*data-version="2"', frame)
        assert 'id="frag-seats"' not in frame  # nobody joined or left: the seat list is not sent again


def test_a_socket_left_idle_still_receives_the_next_move(live_site):
    """An idle socket's consumer waits on the channel layer (5-second BZPOPMIN reads on Redis). With
    redis-py's 5-second default read timeout that wait crashed the consumer (config/settings/base.py)."""
    alice, bob, table = _two_player_toy(live_site)
    with bob.websocket(table) as ws:
        receive_until(ws, lambda f: 'id="frag-status"' in f)
        time.sleep(12)
        assert _bid(alice, table).status_code == 200
        receive_until(ws, lambda f: 'data-version="2"' in f)


def test_a_foreign_origin_websocket_is_refused(live_site):
    alice, _bob, table = _two_player_toy(live_site)
    from websockets.exceptions import InvalidStatus

    with pytest.raises(InvalidStatus):
        alice.websocket(table, origin="http://evil.example").close()


def test_racing_submissions_of_one_decision_apply_exactly_once(live_site):
    alice, _bob, table = _two_player_toy(live_site)
    second_tab = live_site.player("alice")
    version, controls = alice.controls(table)
    bids = [c for c in controls if c[0] == "bid"]
    results = []

    def go(player, args):  # type: ignore[no-untyped-def]
        results.append(player.command(table, "bid", args, version).status_code)

    threads = [threading.Thread(target=go, args=(p, b[1])) for p, b in zip((alice, second_tab), bids, strict=False)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) in ([200, 409], [200, 422])
    new_version, _ = alice.controls(table)
    assert new_version == version + 1


def test_a_retried_post_with_the_same_key_applies_once(live_site):
    alice, _bob, table = _two_player_toy(live_site)
    version, controls = alice.controls(table)
    kind, args = next(c for c in controls if c[0] == "bid")
    key = str(uuid.uuid4())
    assert alice.command(table, kind, args, version, key=key).status_code == 200
    assert alice.command(table, kind, args, version, key=key).status_code == 200
    assert alice.controls(table)[0] == version + 1


def test_an_automatic_step_runs_in_the_worker_and_the_post_does_not_wait(live_site):
    # The step takes 5 s; a POST that waited for it could not answer within half of that, even on a
    # machine busy enough to slow every answer down.
    alice, bob, table = _two_player_toy(live_site, auto_delay=5)
    assert _bid(alice, table).status_code == 200
    with alice.websocket(table) as ws:
        receive_until(ws, lambda f: 'id="frag-status"' in f)
        started = time.monotonic()
        response = _bid(bob, table)
        elapsed = time.monotonic() - started
        assert response.status_code == 200
        assert elapsed < 2.5, f"the POST waited {elapsed:.2f}s for the automatic step"
        receive_until(ws, lambda f: "resolving" in f)
        receive_until(ws, lambda f: 'data-version="4"' in f)


def test_many_players_joining_at_once_never_overfill_a_table(live_site):
    alice = live_site.player("alice")
    table = alice.create_table("toy", 3)
    others = [live_site.player(name) for name in ("bob", "carol", "dave")]
    codes = []

    def join(p):  # type: ignore[no-untyped-def]
        codes.append(p.post(f"/tables/{table}/join/", {}).status_code)

    threads = [threading.Thread(target=join, args=(p,)) for p in others]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    page = alice.page(table)
    seated = sum(name in page for name in ("Bob", "Carol", "Dave"))
    assert seated == 2
