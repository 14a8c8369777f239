from __future__ import annotations

from django.urls import path

from games import views
from games.lobby_urls import lobby_urlpatterns

urlpatterns = [
    *lobby_urlpatterns,
    path("tables/<int:table_id>/", views.table_detail, name="table"),
    path("tables/<int:table_id>/fragments/", views.table_fragments, name="table_fragments"),
    path("tables/<int:table_id>/command/", views.table_command, name="table_command"),
    path("tables/<int:table_id>/chat/", views.table_chat, name="table_chat"),
    path("tables/<int:table_id>/away/", views.table_away, name="table_away"),
    path("tables/<int:table_id>/log/", views.table_log, name="table_log"),
    path("tables/<int:table_id>/seen/", views.table_seen, name="table_seen"),
    path("internal/broadcast/", views.internal_broadcast, name="internal_broadcast"),
]
