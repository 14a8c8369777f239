"""Settings of the stack ceiling's app. ``REDIS_URL`` names the channel layer's Redis (and the counters');
``STACKFLOOR_MIDDLEWARE``: ``none`` (default: no middleware at all) or ``site`` (the site's list without
the middleware that needs the database, the session or allauth)."""

from __future__ import annotations

import os
import sys

DEBUG = False
SECRET_KEY = os.environ.get("STACKFLOOR_SECRET_KEY", "stackfloor-bench-only-" + "k" * 40)
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "stackfloor.urls"
ASGI_APPLICATION = "stackfloor.asgi.application"
INSTALLED_APPS = ["django_htmx", "channels"]
DATABASES: dict[str, dict[str, str]] = {}
USE_TZ = True
USE_I18N = True
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("it", "Italian")]
STATIC_URL = "static/"
X_FRAME_OPTIONS = "DENY"
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/13")

# An experiment only (the site never sets it): a shorter GIL switch interval than Python's 5 ms, to see
# how much of a move's time is the sync view's thread waiting for the GIL held by the event loop.
if os.environ.get("STACKFLOOR_SWITCH_INTERVAL"):
    sys.setswitchinterval(float(os.environ["STACKFLOOR_SWITCH_INTERVAL"]))

MIDDLEWARE: list[str] = []
if os.environ.get("STACKFLOOR_MIDDLEWARE", "none") == "site":
    # The site's MIDDLEWARE (config/settings/base.py) in its order, minus sessions, authentication, the
    # user preferences, messages (session storage) and allauth. The move view is CSRF-exempt.
    MIDDLEWARE = [
        "django.middleware.security.SecurityMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
        "django.middleware.locale.LocaleMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.middleware.clickjacking.XFrameOptionsMiddleware",
        "django_htmx.middleware.HtmxMiddleware",
    ]
    # An experiment: leave some out, e.g. STACKFLOOR_MIDDLEWARE_DROP=WhiteNoiseMiddleware (its class names).
    drop = {name for name in os.environ.get("STACKFLOOR_MIDDLEWARE_DROP", "").split(",") if name}
    MIDDLEWARE = [m for m in MIDDLEWARE if m.rsplit(".", 1)[1] not in drop]

# The site's channel layer, as config/settings/base.py configures it on Redis; STACKFLOOR_LAYER=pubsub:
# channels_redis's pub/sub layer instead (one PUBLISH per group message, at most once).
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [{"address": REDIS_URL, "socket_timeout": 60}],
            "group_expiry": 86400,
            "capacity": 1000,
        },
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

if os.environ.get("STACKFLOOR_LAYER") == "pubsub":
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": REDIS_URL}]},
        }
    }
