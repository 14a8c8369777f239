"""Issue 12: the pub/sub channel layer (``HYPERLANE_CHANNEL_LAYER=pubsub``) against the real processes.

Pub/sub delivers at most once: a message published while a server's subscriber is cut off from Redis
is lost, where channels-redis's queues kept it. Here the site's Redis is restarted mid-game (all its
data and every subscription gone) with an open page for every seat, on two ASGI servers: every page
catches up (its heartbeat resyncs what a dropped push missed), and once the servers' subscribers are
back, a socket that never beats is pushed the next moves again (redis-py resubscribes on reconnect; a
heartbeat's ``group_add`` could not, as the layer believes it is still subscribed).

The site has a Redis of its own (a redis-server on a free port that the test starts and restarts), so
no other live site, test or engineer sharing 127.0.0.1:6379 loses anything.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.live.harness import SAFETY_CAP, LiveSite, free_port, receive_until
from tests.proof.live_support import (
    LiveView,
    commands,
    forms,
    post_form,
    shown_version,
    table_row,
    toy_table,
    wait_for,
)

pytestmark = [
    pytest.mark.live,
    pytest.mark.skipif(not shutil.which("redis-server"), reason="starts a redis-server of its own"),
]


class PrivateRedis:
    """A redis-server on a free port of 127.0.0.1, no persistence: a restart loses everything."""

    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _answers(self) -> bool:
        ping = ["redis-cli", "-p", str(self.port), "ping"]
        return subprocess.run(ping, capture_output=True, text=True).stdout.strip() == "PONG"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self._answers, SAFETY_CAP, 0.1, "the private redis-server to answer")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=30)
            self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="module")
def pubsub_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    redis = PrivateRedis()
    try:
        site = LiveSite.create(
            tmp_path_factory.mktemp("pubsub"),
            servers=2,
            extra_env={
                "REDIS_URL": redis.url,
                "CELERY_BROKER_URL": redis.url,
                "HYPERLANE_CHANNEL_LAYER": "pubsub",
            },
        )
    except BaseException:
        redis.stop()
        raise
    yield site, redis
    site.stop()
    redis.stop()


def _page_forms(player, table):  # type: ignore[no-untyped-def]
    return [f for f in forms(player.page(table)) if f.kind != "undo"]


def _log(site: LiveSite, name: str) -> str:
    return (site.var_dir / f"{name}.log").read_text(errors="replace")


def test_a_redis_restart_mid_game_every_seats_page_catches_up_and_pushes_resume(pubsub_site):
    site, redis = pubsub_site
    table = toy_table(site, ["alice", "bob", "carol"], target=5)
    web0, web1 = site.ports
    players = {
        "alice": site.player("alice", port=web0),
        "bob": site.player("bob", port=web1),
        "carol": site.player("carol", port=web0),
    }
    views = [LiveView(p, table) for p in players.values()]  # every seat's open page, beating
    quiet_player = site.player("carol", port=web1)  # carol's second tab, on the other server
    with quiet_player.websocket(table) as quiet:  # never sends a heartbeat: only pushes reach it
        assert shown_version(receive_until(quiet, lambda f: shown_version(f) is not None)) == 1
        try:
            redis.restart()  # the channel layer's subscriptions, queued tasks and cached counters are gone
            # Posted while the servers' subscribers may still be cut off: its push may be lost.
            assert post_form(players["bob"], table, _page_forms(players["bob"], table)[0]).status_code == 200
            for view in views:
                view.wait_version(2, timeout=SAFETY_CAP)  # the heartbeat brings what a lost push missed
            # Both servers' subscribers are back (they resubscribed on reconnecting) ...
            for web in ("web0", "web1"):
                wait_for(
                    lambda w=web: "channel layer subscriber reconnected" in _log(site, w),
                    SAFETY_CAP,
                    what=f"{web}'s channel layer subscriber to reconnect",
                )
            # ... so the next moves and the worker's automatic step are pushed again, on both servers.
            for name in ("alice", "carol"):
                player = players[name]
                assert post_form(player, table, _page_forms(player, table)[0]).status_code == 200
            wait_for(lambda: table_row(site, table)[0] == 5, SAFETY_CAP, what="the reveal after the restart")
            receive_until(quiet, lambda f: (shown_version(f) or 0) >= 5)
            for view in views:
                view.wait_version(5, timeout=SAFETY_CAP)
        finally:
            for view in views:
                view.close()
    assert sorted(kind for _s, _seat, kind in commands(site, table)) == ["bid", "bid", "bid", "reveal"]
    for web in ("web0", "web1"):
        assert "Traceback" not in _log(site, web), _log(site, web)[-3000:]
