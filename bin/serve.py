"""Start the ASGI server, a Celery worker and Celery beat together; stop all when one stops or on Ctrl-C.

For development and the embedded default. In production run each as its own service (see README).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time


def main() -> int:
    port = os.environ.get("HYPERLANE_PORT", "8000")
    bind = os.environ.get("HYPERLANE_BIND", "127.0.0.1")
    py = sys.executable
    commands = {
        "web": [py, "-m", "daphne", "-b", bind, "-p", port, "config.asgi:application"],
        "worker": [py, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=WARNING",
                   "--without-gossip", "--without-mingle", "-n", f"worker-{port}@%h"],
        "beat": [py, "-m", "celery", "-A", "config", "beat", "--loglevel=WARNING",
                 "-s", os.path.join(os.environ.get("HYPERLANE_VAR_DIR", "var"), f"celerybeat-{port}")],
    }
    procs = {name: subprocess.Popen(cmd) for name, cmd in commands.items()}
    print(f"Hyperlane is running at http://{bind}:{port}/  (Ctrl-C stops it)", flush=True)

    stopping = False

    def stop(*_args: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    code = 0
    while not stopping:
        for name, proc in procs.items():
            if proc.poll() is not None:
                print(f"{name} stopped (exit {proc.returncode}); stopping the others", file=sys.stderr)
                code = proc.returncode or 1
                stopping = True
        time.sleep(0.5)
    for proc in procs.values():
        if proc.poll() is None:
            proc.terminate()
    deadline = time.time() + 10
    for proc in procs.values():
        try:
            proc.wait(timeout=max(0.1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            proc.kill()
    return code


if __name__ == "__main__":
    raise SystemExit(main())
