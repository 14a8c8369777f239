"""The error pages (400, 403, 404, 500), in the site's look, each with a way back.

They are rendered without the request's context processors: one of those (the header badge reads the
database) may be what failed, and an error page must not fail in turn.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template import loader


def _page(template: str, status: int) -> HttpResponse:
    return HttpResponse(loader.get_template(template).render({}), status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page("400.html", 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page("403.html", 403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page("404.html", 404)


def server_error(request: HttpRequest) -> HttpResponse:
    return _page("500.html", 500)
