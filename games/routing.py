from __future__ import annotations

from django.urls import path

from games.badge_consumer import BadgeConsumer
from games.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/me/", BadgeConsumer.as_asgi()),
]
