"""The public development key never runs a production site (issue 11, item 3).

Outside the embedded default (DATABASE_URL or REDIS_URL set) the settings refuse to load without a real
DJANGO_SECRET_KEY, or with the development key itself; ``check --deploy`` reports the development key
wherever it runs. Each case is a fresh process: settings are read once per process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST_", "DJANGO_", "DATABASE_URL", "REDIS_URL", "HYPERLANE_"))
    }
    base.update({"DJANGO_SETTINGS_MODULE": "config.settings.base", **env})
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=base, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "outside",
    [
        {"DATABASE_URL": "postgres://hyperlane@127.0.0.1:5432/hyperlane"},
        {"REDIS_URL": "redis://127.0.0.1:6379/0"},
    ],
    ids=["database", "redis"],
)
@pytest.mark.parametrize("key", ["", settings.DEV_SECRET_KEY], ids=["no-key", "dev-key"])
def test_outside_the_embedded_default_the_site_refuses_to_start_without_a_real_key(tmp_path, outside, key):
    env = {**outside, "HYPERLANE_VAR_DIR": str(tmp_path)}
    if key:
        env["DJANGO_SECRET_KEY"] = key
    out = _manage("check", **env)
    assert out.returncode != 0
    assert "ImproperlyConfigured" in out.stderr and "DJANGO_SECRET_KEY" in out.stderr, out.stderr[-2000:]


def test_a_real_key_outside_the_embedded_default_starts(tmp_path):
    out = _manage(
        "check",
        DATABASE_URL="postgres://hyperlane@127.0.0.1:5432/hyperlane",
        DJANGO_SECRET_KEY="a-real-key-" + "q7" * 30,
        HYPERLANE_VAR_DIR=str(tmp_path),
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_check_deploy_reports_the_development_key(tmp_path):
    """The embedded default may run on it; the deploy check says it must not be deployed so."""
    out = _manage("check", "--deploy", HYPERLANE_VAR_DIR=str(tmp_path))
    assert out.returncode != 0
    assert "hyperlane.E001" in out.stdout + out.stderr
    out = _manage(
        "check", "--deploy", HYPERLANE_VAR_DIR=str(tmp_path), DJANGO_SECRET_KEY="a-real-key-" + "q7" * 30
    )
    assert "hyperlane.E001" not in out.stdout + out.stderr
