"""The README's run command, as a newcomer runs it: the embedded default, demo accounts, open tables."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time

import httpx

from tests.live.harness import ROOT, Player, free_port, receive_until


def test_the_readme_run_command_serves_a_playable_site(tmp_path):
    readme = (ROOT / "README.md").read_text()
    run_command = re.search(r"```bash\n(\S+)\s+#", readme).group(1)  # the first command of the README
    assert run_command == "bin/run"
    port = free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "CELERY_BROKER_URL")
        and not k.startswith("PYTEST_")
    }
    env.update({"HYPERLANE_PORT": str(port), "HYPERLANE_VAR_DIR": str(tmp_path / "var")})
    log = open(tmp_path / "run.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(
        [str(ROOT / run_command)], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 240
        while True:
            assert proc.poll() is None, (tmp_path / "run.log").read_text()[-3000:]
            try:
                if httpx.get(base + "/", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the site did not come up"
            time.sleep(0.5)

        alice, bob = Player(base, "alice"), Player(base, "bob")
        alice.login()
        bob.login()
        lobby = bob.http.get("/").text
        rows = re.findall(r'<li[^>]*id="lobby-table-(\d+)"(.*?)</li>', lobby, re.S)
        assert rows, "the lobby shows no open table"
        table = next(int(pk) for pk, row in rows if 'data-game="kemble"' in row)
        bob.join(table)
        alice.start(table)
        with bob.websocket(table) as ws:
            receive_until(ws, lambda f: 'id="frag-status"' in f)
            version, controls = alice.controls(table)
            kind, args = controls[0]
            assert alice.command(table, kind, args, version).status_code == 200
            receive_until(ws, lambda f: f'data-version="{version + 1}"' in f)
        # A clean start (issue 11 item 20): no broadcast into a server that was not up yet (demo_setup runs
        # before it), no missing staticfiles/ directory, no traceback.
        output = (tmp_path / "run.log").read_text(errors="replace")
        for noise in ("internal broadcast", "No directory at", "Traceback"):
            assert noise not in output, output[-3000:]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
