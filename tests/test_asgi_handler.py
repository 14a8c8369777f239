"""Issue 11 item 4: every request gets an answer. Under ASGI a StopIteration escaping a synchronous view
used to leave the request hanging for ever (it cannot be set on the asyncio future that awaits the view);
the site's handler (config/handlers.py) turns it into an error Django answers with a 500.

Each request runs in a child process: a request left hanging takes its event loop's threads with it, and
those must not keep the test run from ending.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Only fires when an answer is truly lost (the unguarded handler never answers at all).
SAFETY_CAP = 120

CHILD = """
import asyncio, json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
from config.asgi import django_asgi_app
from asgiref.testing import ApplicationCommunicator
from django.test.utils import override_settings

async def get(path):
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"localhost")], "client": ("127.0.0.1", 50000), "server": ("localhost", 80)}
    app = ApplicationCommunicator(django_asgi_app, scope)
    await app.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await app.receive_output(3600)
    body = b""
    while True:
        message = await app.receive_output(3600)
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    return start["status"], body.decode()

with override_settings(ROOT_URLCONF="tests.support.stop_iteration_urls", DEBUG=False, ALLOWED_HOSTS=["localhost"]):
    print(json.dumps(asyncio.run(get(sys.argv[1]))), flush=True)
os._exit(0)
"""


def _answer(path: str) -> tuple[int, str]:
    """The site's ASGI application's answer to a GET of ``path``."""
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, path], cwd=ROOT, capture_output=True, text=True,
                              timeout=SAFETY_CAP, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{path}: no answer")
    assert done.returncode == 0, done.stderr[-2000:]
    status, body = json.loads(done.stdout.strip().splitlines()[-1])
    return status, body


@pytest.mark.parametrize("path", ["/bare-next/", "/bare-next-view/"])
def test_a_view_raising_stop_iteration_is_answered_500_not_left_hanging(path):
    status, _body = _answer(path)
    assert status == 500


def test_other_views_answer_as_before():
    assert _answer("/fine/") == (200, "fine")
