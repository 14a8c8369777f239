"""The Celery app. Tasks live beside their services in ``games/tasks.py`` (thin: ids in, service call)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

app = Celery("hyperlane")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
