"""Test settings: the base settings with fast hashing, in-memory mail and fixed keys."""

from __future__ import annotations

import os

# The base settings refuse to start on PostgreSQL/Redis (the suite may run on them) without a real key.
os.environ.setdefault("DJANGO_SECRET_KEY", "test-secret-key-not-for-production-0123456789abcdef")

# Under pytest-xdist each worker has a Redis database of its own (0, 1, ...): one worker's cache and rate
# limits never meet another's. Live sites take theirs from 4-15 (tests/live/harness.py).
_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker[2:].isdigit() and os.environ.get("REDIS_URL"):
    from urllib.parse import urlparse, urlunparse

    os.environ["REDIS_URL"] = urlunparse(urlparse(os.environ["REDIS_URL"])._replace(path=f"/{int(_worker[2:]) % 4}"))

from config.settings.base import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
SECRET_KEY = "test-secret-key-not-for-production-0123456789abcdef"
HYPERLANE_MOVE_RATE_PER_MINUTE = 100_000
HYPERLANE_CHAT_RATE_PER_MINUTE = 100_000
HYPERLANE_TABLE_CREATE_RATE_PER_HOUR = 100_000
ACCOUNT_RATE_LIMITS = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
if not REDIS_URL:  # noqa: F405
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# One process renders in unit tests; tests/conftest.py empties it before each test.
CACHES["fragments"] = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}  # noqa: F405
HYPERLANE_INTERNAL_URL = ""
CELERY_TASK_ALWAYS_EAGER = False
# Unit tests never reach a real broker: queued tasks are drained by hand where a test needs them.
CELERY_BROKER_URL = "memory://"
HYPERLANE_EXTRA_GAMES = ["tests.support.toygame.TOY"]
# Games in preview (config/settings/dev.py): installed for the tests, not yet in the base settings.
from config.settings.dev import PREVIEW_GAMES  # noqa: E402

INSTALLED_APPS = [*INSTALLED_APPS, *(app for app in PREVIEW_GAMES if app not in INSTALLED_APPS)]  # noqa: F405
# Unit tests of consumers use the in-process layer; the live-server tests start their own processes.
# HYPERLANE_CHANNEL_LAYER=core|pubsub (with REDIS_URL) runs them on that Redis layer instead.
if not (REDIS_URL and os.environ.get("HYPERLANE_CHANNEL_LAYER")):  # noqa: F405
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# Unit tests send heartbeats back to back to check what each brings; the limit has its own test.
HYPERLANE_HEARTBEAT_MIN_SECONDS = 0
# Automatic steps are applied without a pause in tests (a live test may set one in the environment).
HYPERLANE_AUTOMATON_PACE_SECONDS = env_float("HYPERLANE_AUTOMATON_PACE_SECONDS", 0.0)  # noqa: F405
