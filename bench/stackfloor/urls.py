from __future__ import annotations

from django.urls import path

from stackfloor import views

urlpatterns = [path("move/<int:table>/", views.move)]
