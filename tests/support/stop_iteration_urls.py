"""A URLconf for tests/test_asgi_handler.py: views that let a StopIteration escape, as a bare ``next(...)``
on an empty sequence does."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views import View


def bare_next(request: HttpRequest) -> HttpResponse:
    return HttpResponse(next(iter(())))


class BareNextView(View):
    def get(self, request: HttpRequest) -> HttpResponse:
        return HttpResponse(next(iter(())))


def fine(request: HttpRequest) -> HttpResponse:
    return HttpResponse("fine")


urlpatterns = [path("bare-next/", bare_next), path("bare-next-view/", BareNextView.as_view()), path("fine/", fine)]
