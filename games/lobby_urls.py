"""The lobby's URLs; ``games/urls.py`` includes ``lobby_urlpatterns``."""

from __future__ import annotations

from django.urls import path

from games import lobby_views

lobby_urlpatterns = [
    path("", lobby_views.lobby, name="lobby"),
    path("tables/new/", lobby_views.table_create, name="table_create"),
    path("tables/<int:table_id>/join/", lobby_views.table_join, name="table_join"),
    path("tables/<int:table_id>/invite/", lobby_views.table_invite_page, name="table_invite_page"),
    path("tables/<int:table_id>/join/<str:token>/", lobby_views.table_invite, name="table_invite"),
    path("tables/<int:table_id>/seat/", lobby_views.seat_change, name="seat_change"),
    path("tables/<int:table_id>/leave/", lobby_views.table_leave, name="table_leave"),
    path("tables/<int:table_id>/start/", lobby_views.table_start, name="table_start"),
    path("tables/<int:table_id>/cancel/", lobby_views.table_cancel, name="table_cancel"),
    path("tables/<int:table_id>/resign/", lobby_views.table_resign, name="table_resign"),
    path("tables/<int:table_id>/close/", lobby_views.table_close, name="table_close"),
    path("tables/<int:table_id>/rematch/", lobby_views.table_rematch, name="table_rematch"),
]
