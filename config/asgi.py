"""ASGI entry point: HTTP goes to Django, websockets through origin and auth checks to the consumers."""

from __future__ import annotations

import os

from config.handlers import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.ws_origin import SameOriginValidator  # noqa: E402
from games import broadcast  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

broadcast.IN_ASGI_PROCESS = True

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# Last, once everything the process will keep for its lifetime is loaded (config/gc_tuning.py).
from django.conf import settings  # noqa: E402

from config.gc_tuning import settle_server_process  # noqa: E402

settle_server_process(settings.HYPERLANE_GC_THRESHOLDS)
