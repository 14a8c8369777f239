"""ASGI entry point of the stack ceiling's app: HTTP to Django, websockets to the consumers (no auth)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stackfloor.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from stackfloor.consumers import HopTableConsumer, SocketMoveConsumer, TableConsumer  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": URLRouter(
            [
                path("ws/table/<int:table>/", TableConsumer.as_asgi()),
                path("ws/table/<int:table>/hop/", HopTableConsumer.as_asgi()),
                path("ws/table/<int:table>/move/", SocketMoveConsumer.as_asgi()),
            ]
        ),
    }
)
