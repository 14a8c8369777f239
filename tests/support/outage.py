"""Stand-ins for a Redis that is away: a closed port (connections refused) and a silent server (it
accepts connections and never answers, as a Redis that hangs or a network that drops packets)."""

from __future__ import annotations

import socket
import threading


def closed_port() -> int:
    """A local port nothing listens on (connections to it are refused)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class SilentServer:
    """Accepts every connection, reads nothing, answers nothing. ``accepted`` counts the connections."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = int(self.sock.getsockname()[1])
        self.accepted = 0
        self.kept: list[socket.socket] = []
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _addr = self.sock.accept()
            except OSError:
                return
            with self._changed:
                self.kept.append(conn)
                self.accepted += 1
                self._changed.notify_all()

    def connections_before_a_marker(self, cap: float = 60) -> int:
        """How many connections reached the server before one opened now: connections are accepted in
        the order they arrive, so this counts exactly those made before the call, without waiting for
        a moment in which nothing else arrives."""
        with self._changed:
            before = len(self.kept)
        marker = socket.create_connection(("127.0.0.1", self.port))
        try:
            with self._changed:
                assert self._changed.wait_for(lambda: any(_same(c, marker) for c in self.kept[before:]), timeout=cap)
                return next(i for i, c in enumerate(self.kept) if _same(c, marker))
        finally:
            marker.close()

    def close(self) -> None:
        self.sock.close()
        for conn in self.kept:
            conn.close()


def _same(accepted: socket.socket, client: socket.socket) -> bool:
    try:
        return accepted.getpeername() == client.getsockname()
    except OSError:
        return False
