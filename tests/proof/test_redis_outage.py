"""Issue 11 item 6 against the real processes: requests during a Redis outage.

The live site's Redis (cache, sessions' former home, channel layer, Celery broker) is reached through a
proxy in this test, in front of the real Redis on 127.0.0.1:6379. The proxy then stops: it refuses
connections (a Redis that is down) or accepts them and never answers (a Redis that hangs, a network that
drops packets). Meanwhile signed-in pages answer 200 and moves answer 200 with the version they
committed, and an open page's websocket stays open and follows the table through its heartbeat; when
Redis is back, the automatic step that could not be queued still happens and reaches that page.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import threading

import pytest

from tests.live.harness import REDIS_DBS, SAFETY_CAP, LiveSite, free_port
from tests.proof.live_support import LiveView, forms, post_form, shown_version, table_row, toy_table, wait_for

pytestmark = pytest.mark.live

UPSTREAM = ("127.0.0.1", 6379)


def _redis_up() -> bool:
    try:
        with socket.create_connection(UPSTREAM, timeout=2) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class RedisProxy:
    """A TCP proxy to the real Redis with three modes: ``pass``, ``refuse`` (nothing listens: connections
    are refused, open ones are cut) and ``silent`` (connections are accepted, nothing is answered)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.mode = "pass"
        self._lock = threading.Lock()
        self._conns: list[socket.socket] = []
        self._listener: socket.socket | None = None
        self._listen()

    def _listen(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(128)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            with self._lock:
                self._conns.append(client)
                if self.mode == "silent":
                    continue  # held open, never answered
            try:
                upstream = socket.create_connection(UPSTREAM)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._conns.append(upstream)
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                if self.mode != "pass":  # silent: swallow; the connection is cut when Redis comes back
                    continue
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.close()

    def _cut_all(self) -> None:
        with self._lock:
            conns, self._conns = self._conns, []
        for s in conns:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def set(self, mode: str) -> None:
        with self._lock:
            old, self.mode = self.mode, mode
        if mode == "refuse" and self._listener is not None:
            self._listener.close()
            self._listener = None
        if old != "pass":  # connections held during the outage never get their answers: cut them
            self._cut_all()
        if mode == "refuse":
            self._cut_all()
        if mode != "refuse" and self._listener is None:
            self._listen()

    def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        self._cut_all()


@pytest.fixture(scope="module")
def outage_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    if not _redis_up():
        pytest.skip("needs the real redis-server on 127.0.0.1:6379")
    proxy = RedisProxy()
    db = REDIS_DBS.take()
    subprocess.run(["redis-cli", "-n", str(db), "flushdb"], check=False, capture_output=True)
    site = LiveSite.create(tmp_path_factory.mktemp("outage"), extra_env={
        "REDIS_URL": f"redis://127.0.0.1:{proxy.port}/{db}",
        "HYPERLANE_AUTO_STEP_RESEND_AFTER": "2",
    })
    yield site, proxy
    proxy.set("pass")
    site.stop()
    proxy.close()
    REDIS_DBS.give_back(db)


@pytest.mark.parametrize("mode", ["refuse", "silent"])
def test_pages_and_moves_answer_while_redis_is_away_and_committed_moves_say_so(outage_site, mode):
    site, proxy = outage_site
    alice, bob = site.player("alice"), site.player("bob")  # signed in while Redis is there
    table = toy_table(site, ["alice", "bob"], target=5)
    version = table_row(site, table)[0]
    view = LiveView(alice, table)  # alice's open table page: its websocket, beating
    proxy.set(mode)
    try:
        assert alice.http.get("/").status_code == 200  # the lobby, signed in
        page = alice.page(table)  # asserts 200
        assert "alice" in page.lower()
        answer = post_form(alice, table, [f for f in forms(page) if f.kind != "undo"][0])
        assert answer.status_code == 200, answer.text[:500]
        assert shown_version(answer.text) == version + 1  # committed, and the answer says so
        answer = post_form(bob, table, [f for f in forms(bob.page(table)) if f.kind != "undo"][0])
        assert answer.status_code == 200, answer.text[:500]
        assert shown_version(answer.text) == version + 2  # its automatic step cannot be queued now
        assert table_row(site, table)[0] == version + 2
        assert bob.http.get(f"/tables/{table}/fragments/").status_code == 200  # the page's resync path
        view.wait_version(version + 2, timeout=SAFETY_CAP)  # no push can come: the heartbeat brings it
    finally:
        proxy.set("pass")
    # Redis is back: the step that could not be queued happens (the worker reconnects, the sweeper re-sends).
    wait_for(lambda: table_row(site, table)[0] == version + 3, SAFETY_CAP, 0.2, "the automatic step after the outage")
    view.wait_version(version + 3, timeout=SAFETY_CAP)
    assert view.reconnects == 0  # the page's socket lived through the outage
    view.close()
    log = (site.var_dir / "web0.log").read_text(errors="replace")
    assert "Internal Server Error" not in log and "Traceback" not in log
