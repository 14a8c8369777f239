from __future__ import annotations

from django.urls import path, re_path

from games.badge_consumer import BadgeConsumer
from games.consumers import NoSuchSocket, TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/me/", BadgeConsumer.as_asgi()),
    # Anything else (``ws/tables/-1/``, a typo) is refused with a clean close, not a server error.
    re_path(r"", NoSuchSocket.as_asgi()),
]
