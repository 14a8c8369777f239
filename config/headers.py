"""Security headers Django does not set by itself: a strict Content-Security-Policy and a
Permissions-Policy, on every response the site renders.

The policy allows scripts, styles, images and fonts from the site only, no inline script or style, no
eval (htmx is told not to use it: ``templates/base.html``), websockets to the site itself, and no
framing. Templates therefore carry no ``<script>`` blocks, ``on…=`` handlers, ``hx-on`` or ``style``
attributes; the behaviours they ask for by data attributes live in ``static/js/app.js``.
"""

from __future__ import annotations

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

BASE_POLICY = (
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)

PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "screen-wake-lock",
        "usb",
        "xr-spatial-tracking",
    )
)


def content_security_policy(request: HttpRequest) -> str:
    connect = "connect-src 'self'"
    try:
        host = request.get_host()
    except DisallowedHost:
        host = ""
    if host:  # 'self' covers the site's websockets in current browsers; older ones need them named
        connect += f" ws://{host} wss://{host}"
    return "; ".join((*BASE_POLICY, connect))


class SecurityHeadersMiddleware(MiddlewareMixin):
    """Sync and async (``MiddlewareMixin``): no thread hop under the ASGI server."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response.headers.setdefault("Content-Security-Policy", content_security_policy(request))
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response
