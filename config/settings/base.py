"""Hyperlane settings. Everything lives here; environment variables decide (see .env.example).

With no variables set, the site runs on the embedded default: SQLite (WAL, immediate transactions),
an in-process channel layer, a filesystem Celery broker and a filesystem cache, all under ``var/``.
``DATABASE_URL`` and ``REDIS_URL`` switch to PostgreSQL and Redis for production.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_float, env_int, env_list, env_str, persistent_random_key

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(env_str("HYPERLANE_VAR_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("DJANGO_DEBUG", False)
#: The embedded default: no DATABASE_URL and no REDIS_URL (one machine, files under ``var/``).
EMBEDDED_DEFAULT = not env_str("DATABASE_URL", "") and not env_str("REDIS_URL", "")
#: Public (it is in this file): signs nothing that matters. Only the embedded default may run on it, and
#: ``check --deploy`` refuses it (``config/checks.py``; Django's own check sees the prefix too).
DEV_SECRET_KEY = "django-insecure-hyperlane-dev-only-key-" + "x" * 32
SECRET_KEY = env_str("DJANGO_SECRET_KEY", "")
if not SECRET_KEY or SECRET_KEY == DEV_SECRET_KEY:
    if not EMBEDDED_DEFAULT:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY (or DJANGO_SECRET_KEY_FILE) must be set to a long random value when "
            "DATABASE_URL or REDIS_URL is set: the development key is public, and with it anyone can "
            "forge form keys, sessions and signed messages."
        )
    SECRET_KEY = DEV_SECRET_KEY
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])
SITE_URL = env_str("HYPERLANE_SITE_URL", "http://127.0.0.1:8000")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "django_htmx",
    "template_partials",
    "channels",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    # The games: one line each (docs/adding-a-game.md).
    "games.kemble",
    "games.tng",
    "games.ascendancy",
    "games.bsg",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.headers.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, taking the user read with the session row (accounts/sessions.py): one query, not two.
    "accounts.sessions.SessionUserAuthenticationMiddleware",
    "accounts.middleware.UserPreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
                "games.context_processors.badges",
            ],
        },
    },
    {
        # The game boards: each game's templates in games/<game>/jinja2/<game>/ (config/jinja2.py).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"environment": "config.jinja2.environment"},
    },
]

# --- database ------------------------------------------------------------------------------------
DATABASE_URL = env_str("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # psycopg 3's pool, one per process (Django >= 5.1); persistent connections must then be off.
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": env_int("HYPERLANE_DB_POOL_MIN", 2),
            "max_size": env_int("HYPERLANE_DB_POOL_MAX", 20),
            "timeout": 10,
        }
        if env_int("HYPERLANE_DB_PREPARE_THRESHOLD", 1) > 0:
            # Server-side binding and prepared statements (psycopg prepares only server-bound queries):
            # -28 to -31 % PostgreSQL CPU per move in bench/queries.py (bench/RESULTS.md, issue 12). 0 turns
            # it off (e.g. behind a transaction-mode PgBouncer); it needs pooled (long-lived) connections.
            DATABASES["default"]["OPTIONS"]["server_side_binding"] = True
            DATABASES["default"]["OPTIONS"]["prepare_threshold"] = env_int("HYPERLANE_DB_PREPARE_THRESHOLD", 1)
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "hyperlane.sqlite3",
            "OPTIONS": {
                # Several processes (server, worker) write: WAL lets readers go on while one writes, and
                # BEGIN IMMEDIATE takes the write lock up front, so two writers queue instead of failing
                # with "database is locked" half-way through (select_for_update is a no-op on SQLite).
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
IS_SQLITE = DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"

# --- redis: channel layer, cache, broker ---------------------------------------------------------


def _redis_db(url: str) -> int:
    """The database number of a ``redis://host:port/<db>`` URL (0 when it names none)."""
    path = urlparse(url).path.strip("/")
    return int(path) if path.isdigit() else 0


REDIS_URL = env_str("REDIS_URL", "")
if REDIS_URL:
    # The channel layer: channels-redis's pub/sub layer by default (one PUBLISH per group message, read
    # by one subscriber connection per server), or ``HYPERLANE_CHANNEL_LAYER=core``, its queues (a Redis
    # queue per socket, a BZPOPMIN per reader). Pub/sub delivers at most once: a message published while
    # a server's subscriber is cut off is lost, and the page's heartbeat brings back what it missed.
    # bench/RESULTS.md (issue 12, sessions 7 and 9; bench/server.py ``--layers core,pubsub``).
    CHANNEL_LAYER = env_str("HYPERLANE_CHANNEL_LAYER", "pubsub")
    if CHANNEL_LAYER == "pubsub":
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "config.channel_layer.OutageTolerantRedisPubSubChannelLayer",
                "CONFIG": {
                    # Bounded connects and commands (the subscriber's reads wait 0.1 s at a time).
                    "hosts": [{"address": REDIS_URL, "socket_connect_timeout": 2, "socket_timeout": 5}],
                    # Pub/sub channels ignore the database number: two sites sharing a Redis server
                    # (the live tests' sites, staging beside production) would hear each other's tables.
                    "prefix": f"asgi{_redis_db(REDIS_URL)}:",
                },
            }
        }
    elif CHANNEL_LAYER == "core":
        CHANNEL_LAYERS = {
            "default": {
                # channels-redis's layer, waiting out a Redis outage instead of ending every socket.
                "BACKEND": "config.channel_layer.OutageTolerantRedisChannelLayer",
                "CONFIG": {
                    # redis-py 6+ reads with a 5 s socket timeout by default, the same 5 s that
                    # channels-redis blocks for on an idle channel (BZPOPMIN): the read timed out first
                    # and killed the socket's consumer after 5 idle seconds. Reads may block longer than
                    # the layer ever does.
                    "hosts": [{"address": REDIS_URL, "socket_timeout": 60}],
                    "group_expiry": 86400,
                    "capacity": 1000,
                },
            }
        }
    else:
        raise ImproperlyConfigured(f"HYPERLANE_CHANNEL_LAYER is pubsub or core, not {CHANNEL_LAYER!r}")
    CACHES = {
        "default": {"BACKEND": "config.redis_cache.SharedPoolRedisCache", "LOCATION": REDIS_URL},
        # Rendered table fragments, shared by every ASGI server (games/rendering.py).
        "fragments": {
            "BACKEND": "config.redis_cache.SharedPoolRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "frag",
        },
    }
    CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL)
    # A task taken by a worker that died comes back after this long (the sweeper is faster for steps);
    # every task checks the version it was made for, so a late duplicate does nothing.
    # Bounded connects and reads: a broker that stops answering must not hold a committed move's answer
    # (games.tasks.enqueue_on_commit gives up and the periodic tasks catch up). The worker's BRPOP
    # waits 1 s at a time, well inside the read timeout.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": env_int("HYPERLANE_VISIBILITY_TIMEOUT", 600),
        "socket_connect_timeout": 2,
        "socket_timeout": 5,
    }
    CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.5}
else:
    # One ASGI process only: the worker reaches it through HYPERLANE_INTERNAL_URL (games/broadcast.py).
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        },
        # Rendered table fragments: only the one ASGI process renders them.
        "fragments": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": {"MAX_ENTRIES": 2000}},
    }
    CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
    for sub in ("in", "processed", "control"):
        (VAR_DIR / "broker" / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(VAR_DIR / "broker" / "in"),
        "data_folder_out": str(VAR_DIR / "broker" / "in"),
        "processed_folder": str(VAR_DIR / "broker" / "processed"),
        "control_folder": str(VAR_DIR / "broker" / "control"),
        "store_processed": False,
    }

#: Where a process without a shared channel layer (a Celery worker on the embedded default) sends
#: "table N is at version V" so that the one ASGI server can tell its websockets. Empty: use the layer.
HYPERLANE_INTERNAL_URL = env_str("HYPERLANE_INTERNAL_URL", "" if REDIS_URL else SITE_URL)
#: What signs those internal POSTs: never the SECRET_KEY (the embedded default may run on the public
#: development key), but a random key the processes sharing ``var/`` read from one file. Empty (no
#: internal URL): the endpoint answers 404 to everyone.
HYPERLANE_INTERNAL_KEY = env_str("HYPERLANE_INTERNAL_KEY", "") or (
    persistent_random_key(VAR_DIR / "internal_key") if HYPERLANE_INTERNAL_URL else ""
)

# --- celery ---------------------------------------------------------------------------------------
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BEAT_SCHEDULE = {
    "sweep-automatic-steps": {"task": "games.tasks.sweep_automatic_steps", "schedule": 10.0},
    # away seats (RULINGS bsg G45): lapsed orders cleared, lost answers re-sent
    "sweep-away-seats": {"task": "games.tasks.sweep_away_seats", "schedule": 30.0},
    "send-turn-notifications": {"task": "games.tasks.send_turn_notifications", "schedule": 60.0},
    "remind-waiting-players": {"task": "games.tasks.remind_waiting_players", "schedule": 3600.0},
}
#: An automatic step still pending after this many seconds is sent again by the sweeper (every 10 s): a
#: step lost with a killed worker runs again within about 30 s (the Redis broker itself re-delivers an
#: unacknowledged task only after its visibility timeout, an hour). A duplicate does nothing.
HYPERLANE_AUTO_STEP_RESEND_AFTER = env_int("HYPERLANE_AUTO_STEP_RESEND_AFTER", 20)
#: After this many failed attempts at one automatic step it is no longer retried: the table is marked as
#: needing a moderator (games.services.automatic_step_failed), who sees it in the admin with the error code.
HYPERLANE_AUTO_STEP_MAX_FAILURES = env_int("HYPERLANE_AUTO_STEP_MAX_FAILURES", 5)
#: The pause, in seconds, before an automatic step that asks to be paced (its Decision's ``pace`` param,
#: a multiple of this) is applied: players follow an automaton's turn (the Borg's) step by step. The task
#: is queued with this countdown; a duplicate still does nothing (the version check).
HYPERLANE_AUTOMATON_PACE_SECONDS = env_float("HYPERLANE_AUTOMATON_PACE_SECONDS", 1.5)

# --- auth -----------------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    # allauth's backend (username or email) with the user of every request read by a prepared query
    # (accounts/backends.py): sessions signed in from now on name it.
    "accounts.backends.PreparedAuthenticationBackend",
    # A session keeps the path of the backend that signed it in, and stays signed in only while that path
    # is listed: sessions signed in before the line above (and bench/_site.py's) name these two. Their
    # cost: a refused sign-in checks the password once more.
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
SITE_ID = 1
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "lobby"
ACCOUNT_LOGOUT_REDIRECT_URL = "lobby"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
# Mandatory, so that signing up never tells whether an address is registered (allauth then mails the
# owner instead of refusing the form); accounts made before it have no address row and sign in as before
# (accounts/stages.py). Password reset answers the same for a known and an unknown address.
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_RATE_LIMITS = {"login_failed": env_str("HYPERLANE_LOGIN_RATE", "10/m/ip,5/5m/key")}
ACCOUNT_ADAPTER = "accounts.adapters.AccountAdapter"
# Who the client is, for the login limits (per client, and per login name and client): behind N proxies
# (a load balancer, a TLS terminator) the client is the Nth address from the right of X-Forwarded-For,
# or the value of the header the proxy sets. With neither, REMOTE_ADDR: every client would be the proxy.
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("HYPERLANE_TRUSTED_PROXY_COUNT", 0)
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = env_str("HYPERLANE_CLIENT_IP_HEADER", "") or None
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Hyperlane] "
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# --- i18n -----------------------------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("it", _("Italian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# --- static and email -----------------------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

EMAIL_BACKEND = env_str("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.filebased.EmailBackend")
EMAIL_FILE_PATH = str(VAR_DIR / "mail")
EMAIL_HOST = env_str("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", 25)
DEFAULT_FROM_EMAIL = env_str("DJANGO_DEFAULT_FROM_EMAIL", "Hyperlane <noreply@hyperlane.invalid>")

# --- security -------------------------------------------------------------------------------------
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
#: Sessions live in the database only: a signed-in page must not depend on Redis (an outage answered every
#: signed-in request 500), and a session ended (sign-out) while the cache was away must stay ended. Django's
#: database store, whose rows name their user so that a request reads session and user in one query.
SESSION_ENGINE = "accounts.sessions"
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
X_FRAME_OPTIONS = "DENY"

# --- hyperlane ------------------------------------------------------------------------------------
#: Moves posted per user per minute, and login attempts per IP per minute (shared cache).
HYPERLANE_MOVE_RATE_PER_MINUTE = env_int("HYPERLANE_MOVE_RATE_PER_MINUTE", 240)
#: Chat messages posted per user per minute, and tables opened per user per hour (shared cache).
HYPERLANE_CHAT_RATE_PER_MINUTE = env_int("HYPERLANE_CHAT_RATE_PER_MINUTE", 20)
HYPERLANE_TABLE_CREATE_RATE_PER_HOUR = env_int("HYPERLANE_TABLE_CREATE_RATE_PER_HOUR", 20)
#: Seconds a Redis cache call may take (connect, then each read) before the request goes on without the
#: cache, and how long an unreachable cache server is left alone before it is tried again
#: (config/redis_cache.py).
HYPERLANE_REDIS_CACHE_TIMEOUT = float(env_str("HYPERLANE_REDIS_CACHE_TIMEOUT", "1.0"))
HYPERLANE_REDIS_CACHE_RETRY_SECONDS = float(env_str("HYPERLANE_REDIS_CACHE_RETRY_SECONDS", "2.0"))
#: Seconds a group message may take to leave (games/broadcast.py): past it, the pages resync on their heartbeat.
HYPERLANE_BROADCAST_TIMEOUT = float(env_str("HYPERLANE_BROADCAST_TIMEOUT", "2.0"))
#: Seconds between the websocket heartbeats that carry the version a page shows.
HYPERLANE_HEARTBEAT_SECONDS = env_int("HYPERLANE_HEARTBEAT_SECONDS", 20)
#: A socket's heartbeats are answered at most once in this many seconds (each may re-render the whole
#: view); sooner ones are answered together when the interval is over (games/consumers.py).
HYPERLANE_HEARTBEAT_MIN_SECONDS = float(env_str("HYPERLANE_HEARTBEAT_MIN_SECONDS", "2"))
#: Websocket renders one ASGI server runs at once (games/consumers.py); more wait their turn.
HYPERLANE_RENDER_CONCURRENCY = env_int("HYPERLANE_RENDER_CONCURRENCY", 2)
# The web processes' garbage collector thresholds (config/gc_tuning.py): a young generation of 10,000
# allocations instead of Python's 700; empty for Python's own.
HYPERLANE_GC_THRESHOLDS = env_str("HYPERLANE_GC_THRESHOLDS", "10000,10,10")
#: Log lines per page of a table's log (the newest on the page; earlier ones load as the reader scrolls
#: back), and at most this many on the page when more are new since the seat's last visit.
HYPERLANE_LOG_PAGE_LINES = env_int("HYPERLANE_LOG_PAGE_LINES", 200)
HYPERLANE_LOG_UNSEEN_LINES = env_int("HYPERLANE_LOG_UNSEEN_LINES", 1000)
#: How long a table's rendered fragments are kept for the other viewers of the same version (0: never).
HYPERLANE_FRAGMENT_CACHE_SECONDS = env_int("HYPERLANE_FRAGMENT_CACHE_SECONDS", 300)
#: A player the game has waited on this long gets a reminder (once per decision).
HYPERLANE_REMINDER_AFTER_HOURS = env_int("HYPERLANE_REMINDER_AFTER_HOURS", 24)
#: At most one "your turn" email per user and table in this many seconds.
HYPERLANE_EMAIL_THROTTLE_SECONDS = env_int("HYPERLANE_EMAIL_THROTTLE_SECONDS", 3600)
#: Extra engines to offer, as dotted paths to Rules instances (the test suite adds its toy game).
HYPERLANE_EXTRA_GAMES = env_list("HYPERLANE_EXTRA_GAMES", [])
#: Test-only switch that plants a leak on one surface, to prove the leak check sees it.
HYPERLANE_PLANT_LEAK = ""

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("HYPERLANE_LOG_LEVEL", "INFO")},
    "loggers": {"daphne": {"level": "WARNING"}, "django.channels.server": {"level": "WARNING"}},
}
