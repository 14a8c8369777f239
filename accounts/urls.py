"""The player's own pages, mounted at ``/me/``."""

from __future__ import annotations

from django.urls import path

from accounts import views

urlpatterns = [
    path("", views.profile, name="profile"),
    path("language/", views.language_set, name="language_set"),
]
