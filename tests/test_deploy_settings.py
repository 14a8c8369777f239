"""Production settings (PostgreSQL + Redis from the environment) pass Django's deployment checks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_check_deploy_is_clean_with_production_settings():
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.base",
            "DJANGO_SECRET_KEY": "prod-like-" + "s3cr3t-" * 8,
            "DATABASE_URL": env.get("DATABASE_URL", "postgres://hyperlane@127.0.0.1:5432/hyperlane"),
            "REDIS_URL": env.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
            "DJANGO_ALLOWED_HOSTS": "play.example.org",
            "DJANGO_CSRF_TRUSTED_ORIGINS": "https://play.example.org",
            "DJANGO_SECURE_SSL_REDIRECT": "True",
            "DJANGO_SECURE_COOKIES": "True",
            "DJANGO_SECURE_HSTS_SECONDS": "31536000",
        }
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout
