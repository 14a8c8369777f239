"""Concurrency and faults against the real processes (Daphne, Celery worker and beat; PostgreSQL and
Redis when DATABASE_URL/REDIS_URL are set, else the embedded default). F7-F11, F13.

Bounded for CI (``RACES`` races); ``bench/races.py`` runs a thousand.
"""

from __future__ import annotations

import os
import re
import signal
import time
import uuid

import pytest

from tests.live.harness import SAFETY_CAP, LiveSite
from tests.proof.live_support import (
    REDIS,
    LiveView,
    commands,
    forms,
    post_form,
    race,
    redis_restart,
    redis_start,
    shown_version,
    table_row,
    toy_table,
    wait_for,
)

pytestmark = pytest.mark.live

RACES = int(os.environ.get("HYPERLANE_PROOF_RACES", "50"))


@pytest.fixture
def site(proof_site):  # type: ignore[no-untyped-def]
    return proof_site


def _steps_received(site: LiveSite) -> int:
    path = site.var_dir / "worker.log"
    text = path.read_text(errors="replace") if path.exists() else ""
    return len(re.findall(r"advance_table_task\[[^\]]+\] received", text))


def _steps_done(site: LiveSite) -> int:
    path = site.var_dir / "worker.log"
    text = path.read_text(errors="replace") if path.exists() else ""
    return len(re.findall(r"advance_table_task\[[^\]]+\] succeeded", text))


def _page_forms(player, table):  # type: ignore[no-untyped-def]
    return [f for f in forms(player.page(table)) if f.kind != "undo"]


def run_races(site: LiveSite, count: int) -> dict[str, int]:
    """``count`` races of two tabs of one player on one decision, each posting a different choice.

    Returns how many races ran with the page's shared key and with separate keys. Every race must
    apply exactly one command; the loser gets 409 with the fresh board."""
    tab1 = site.player("alice")
    tab2 = site.player("alice", port=site.ports[-1])  # the second tab talks to the other server, if any
    table = toy_table(site, ["alice"], endless=True)
    applied = len(commands(site, table, seat=0))
    stats = {"shared_key": 0, "own_keys": 0}
    races = 0
    while races < count:
        choices = wait_for(lambda: _page_forms(tab1, table), SAFETY_CAP, 0.05, "a decision")
        version = table_row(site, table)[0]
        if len(choices) < 2:
            assert post_form(tab1, table, choices[0]).status_code == 200
            applied += 1
            continue
        shared = races % 2 == 0
        key1, key2 = (None, None) if shared else (str(uuid.uuid4()), str(uuid.uuid4()))
        r1, r2 = race(lambda a=choices[0], k=key1: post_form(tab1, table, a, key=k),
                      lambda b=choices[-1], k=key2: post_form(tab2, table, b, key=k))
        codes = sorted([r1.status_code, r2.status_code])
        assert codes == [200, 409], (codes, r1.text[:300], r2.text[:300])
        loser = r1 if r1.status_code == 409 else r2
        assert 'role="alert"' in loser.text and (shown_version(loser.text) or 0) >= version + 1
        applied += 1
        mine = commands(site, table, seat=0)
        assert len(mine) == applied, f"race {races}: {len(mine)} commands applied, expected {applied}"
        races += 1
        stats["shared_key" if shared else "own_keys"] += 1
    seqs = [seq for seq, _seat, _kind in commands(site, table)]
    assert seqs == list(range(2, table_row(site, table)[0] + 1)), "a gap or a duplicate in the command log"
    return stats


def test_two_tabs_racing_one_decision_apply_exactly_once(site):
    stats = run_races(site, RACES)
    assert stats["shared_key"] and stats["own_keys"]


def test_double_and_retried_posts_apply_once(site):
    alice, bob = site.player("alice"), site.player("bob")
    table = toy_table(site, ["alice", "bob"], target=5)
    form = _page_forms(alice, table)[0]
    results = race(*[lambda: post_form(alice, table, form) for _ in range(4)])  # a quadruple click
    assert [r.status_code for r in results] == [200] * 4
    assert post_form(alice, table, form).status_code == 200  # a retry long after
    assert len(commands(site, table, seat=0)) == 1
    assert table_row(site, table)[0] == 2
    form = _page_forms(bob, table)[0]
    assert post_form(bob, table, form).status_code == 200
    wait_for(lambda: table_row(site, table)[0] == 4, SAFETY_CAP, what="the reveal")
    assert post_form(bob, table, form).status_code == 200  # a retry after the game moved on
    assert len(commands(site, table)) == 3


def test_many_users_joining_at_once_never_overfill_or_lose_a_seat(site):
    alice = site.player("alice")
    table = alice.create_table("toy", 4)
    joiners = [site.player(f"j{i}", port=site.ports[i % len(site.ports)]) for i in range(8)]
    codes = race(*[lambda p=p: p.post(f"/tables/{table}/join/", {}).status_code for p in joiners])
    assert all(c == 302 for c in codes), codes
    from tests.proof.live_support import sql

    seats = sql(site, "SELECT position, user_id FROM games_seat WHERE table_id = ? ORDER BY position", (table,))
    assert [p for p, _u in seats] == [0, 1, 2, 3]
    assert len({u for _p, u in seats}) == 4


def test_a_task_delivered_twice_applies_once(site, tmp_path):
    gate = tmp_path / "go"
    table = toy_table(site, ["alice", "bob"], target=5, auto_wait_file=str(gate))
    alice, bob = site.player("alice"), site.player("bob")
    assert post_form(alice, table, _page_forms(alice, table)[0]).status_code == 200
    assert post_form(bob, table, _page_forms(bob, table)[0]).status_code == 200
    version = table_row(site, table)[0]
    done = _steps_done(site)
    # Two more deliveries of the very same task (a broker re-delivery, a sweeper re-send).
    from tests.proof.live_support import shell

    shell(site, f"from games.tasks import advance_table_task as t\nt.delay({table}, {version})\nt.delay({table}, {version})")
    gate.touch()
    wait_for(lambda: table_row(site, table)[0] == version + 1, SAFETY_CAP, what="the automatic step")
    # The worker has run all three deliveries (the step and both duplicates), not just waited a while.
    wait_for(lambda: _steps_done(site) >= done + 3, SAFETY_CAP, what="the duplicates to run")
    assert table_row(site, table)[0] == version + 1
    assert [k for _s, seat, k in commands(site, table) if seat == -1] == ["reveal"]


def test_a_worker_killed_mid_step_the_step_happens_once_within_60s(site, tmp_path):
    gate = tmp_path / "go"
    table = toy_table(site, ["carol", "dave"], target=5, auto_wait_file=str(gate))
    carol, dave = site.player("carol"), site.player("dave")
    before = _steps_received(site)
    assert post_form(carol, table, _page_forms(carol, table)[0]).status_code == 200
    assert post_form(dave, table, _page_forms(dave, table)[0]).status_code == 200
    version = table_row(site, table)[0]
    wait_for(lambda: _steps_received(site) > before, SAFETY_CAP, 0.1, "the worker to take the step")
    # Inside the step (it holds the table's row lock, waiting for the gate): the toy engine says so.
    wait_for(lambda: os.path.exists(f"{gate}.waiting"), SAFETY_CAP, 0.05, "the step to be under way")
    killed_at = time.monotonic()
    site.kill("worker", signal.SIGKILL)
    assert table_row(site, table)[0] == version
    site.start_worker("worker")
    gate.touch()
    wait_for(lambda: table_row(site, table)[0] == version + 1, 60, 0.5, "the step after the kill")
    took = time.monotonic() - killed_at
    assert took < 60, took
    # Every delivery the new worker took has run (the killed one never will): no late duplicate left.
    wait_for(lambda: _steps_done(site) >= _steps_received(site) - 1, SAFETY_CAP, what="the worker to be idle")
    assert table_row(site, table)[0] == version + 1
    assert [k for _s, seat, k in commands(site, table) if seat == -1] == ["reveal"]
    assert table_row(site, table)[2] is None  # nothing left pending
    site.manage("replay_tables", "--game", "toy")  # every active table replays to its stored state


def test_an_asgi_server_restart_pages_resync_and_pending_steps_still_happen(site):
    table = toy_table(site, ["alice", "bob"], target=5, auto_delay=2)
    alice, bob = site.player("alice"), site.player("bob", port=site.ports[-1])
    assert post_form(alice, table, _page_forms(alice, table)[0]).status_code == 200
    view = LiveView(alice, table)
    assert view.shown == 2
    assert post_form(bob, table, _page_forms(bob, table)[0]).status_code == 200  # the 2 s step starts
    site.kill("web0", signal.SIGKILL)
    if len(site.ports) > 1:  # the other server keeps serving meanwhile
        wait_for(lambda: shown_version(bob.page(table)) == 4, SAFETY_CAP, what="the step, seen on the other server")
    site.start_web(0, site.ports[0])
    site.wait_http(site.ports[0])
    # The page reconnects and resyncs by itself (how fast includes the restarted server's boot: not a
    # property to time on a busy machine).
    view.wait_version(4, timeout=SAFETY_CAP)
    assert view.reconnects >= 1
    assert len(commands(site, table)) == 3
    view.close()


@pytest.mark.skipif(not REDIS, reason="two ASGI servers share a Redis channel layer (REDIS_URL)")
def test_a_move_posted_on_one_server_reaches_a_websocket_on_the_other(site):
    from tests.live.harness import receive_until

    table = toy_table(site, ["alice", "bob"], target=5)
    alice, bob = site.player("alice", port=site.ports[0]), site.player("bob", port=site.ports[1])
    with bob.websocket(table) as ws:
        ws.recv(timeout=SAFETY_CAP)
        assert post_form(alice, table, _page_forms(alice, table)[0]).status_code == 200
        # This client never sends a heartbeat, so the new view can only come from the push itself.
        # (How fast it comes is bench/server.py's to measure, not a test's.)
        receive_until(ws, lambda f: shown_version(f) == 2)


@pytest.mark.exclusive  # the other tests' live sites share that Redis
@pytest.mark.skipif(not REDIS, reason="restarts the real redis-server on 127.0.0.1:6379 (REDIS_URL)")
def test_a_redis_restart_mid_game_loses_no_move_and_pages_resync(site):
    table = toy_table(site, ["alice", "bob"], target=5)
    alice, bob = site.player("alice"), site.player("bob", port=site.ports[-1])
    view = LiveView(alice, table)
    try:
        redis_restart()  # channel layer groups, queued tasks and cached counters are gone
        assert post_form(bob, table, _page_forms(bob, table)[0]).status_code == 200
        view.wait_version(2, timeout=SAFETY_CAP)  # the heartbeat rejoins the group and resyncs
        assert post_form(alice, table, _page_forms(alice, table)[0]).status_code == 200
        view.wait_version(4, timeout=SAFETY_CAP)  # the worker reconnected (or the sweeper re-sent the step)
        assert [k for _s, _seat, k in commands(site, table)] == ["bid", "bid", "reveal"]
    finally:
        redis_start()
        view.close()
