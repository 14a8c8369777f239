"""The websocket origin check: the page that opens a socket must come from this very site.

channels' ``AllowedHostsOriginValidator`` compares only the Origin's host with ``ALLOWED_HOSTS``: a page
served from ``http://play.example.org:8080`` or over plain http could open sockets that carry a signed-in
player's view. Here the Origin (scheme, host and port) must equal the socket's own origin (the scheme
from the connection, ``wss`` being ``https``, or from the proxy header Django trusts,
``SECURE_PROXY_SSL_HEADER``; host and port from the Host header), or be listed in
``CSRF_TRUSTED_ORIGINS``, as for Django's CSRF check of a POST. The Host must be one of ``ALLOWED_HOSTS``.
Anything else, or no Origin at all, is refused before the consumer runs (a 403 to the handshake).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:
        return None
    if not parts.hostname or port is None:
        return None
    return scheme, parts.hostname, port


def _headers(scope: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in scope.get("headers", []):
        out.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
    return out


def socket_origin(scope: dict[str, Any]) -> tuple[str, str, int] | None:
    """The origin (scheme, host, port) a page of this site has, as the socket request names it."""
    headers = _headers(scope)
    host = headers.get("host", "")
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    secure = scope.get("scheme") in ("wss", "https")
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        header, value = proxy
        name = header.removeprefix("HTTP_").replace("_", "-").lower()
        forwarded = headers.get(name)
        if forwarded is not None:
            secure = forwarded.split(",")[0].strip() == value
    return _origin("https" if secure else "http", host)


def origin_allowed(scope: dict[str, Any]) -> bool:
    try:
        return _origin_allowed(scope)
    except ValueError:  # a malformed Origin or Host ("http://[::1"): refused, never a server error
        return False


def _origin_allowed(scope: dict[str, Any]) -> bool:
    origin_header = _headers(scope).get("origin")
    if not origin_header:
        return False
    parts = urlsplit(origin_header)
    if parts.scheme not in DEFAULT_PORTS or parts.path not in ("", "/") or parts.query or parts.username:
        return False
    origin = _origin(parts.scheme, parts.netloc)
    if origin is None:
        return False
    own = socket_origin(scope)
    if own is not None and origin == own:
        return True
    if own is None:  # the Host is not one of ours
        return False
    for trusted in settings.CSRF_TRUSTED_ORIGINS:  # "https://play.example.org", "https://*.example.org"
        t = urlsplit(trusted)
        try:
            t_port = t.port or DEFAULT_PORTS.get(t.scheme)
        except ValueError:
            continue
        if t.scheme != origin[0] or t_port != origin[2] or not t.hostname:
            continue
        if t.hostname.startswith("*.") and is_same_domain(origin[1], t.hostname[1:]):
            return True
        if t.hostname == origin[1]:
            return True
    return False


class SameOriginValidator:
    """ASGI middleware: websockets whose Origin is not this site's (``origin_allowed``) are refused."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
