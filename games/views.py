"""The table page and the move pipeline's edge: parse, authorize, call one service, render."""

from __future__ import annotations

import json

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from games import broadcast, commands, ratelimit, services
from games.engine.core import IllegalCommand
from games.invites import remember_invite, session_invite
from games.presenters import seat_names
from games.rendering import (
    render_chat,
    render_fragment,
    render_fragments,
    render_log_entries,
    render_log_page,
    with_parts_html,
)
from games.selectors import NotAllowed, Viewer, board_context, chat_for_table, error_text, viewer_for


def _viewer_or_404(request: HttpRequest, table_id: int) -> Viewer:
    from django.http import Http404

    try:
        invite = request.GET.get("invite", "")
        viewer = viewer_for(
            table_id=table_id, user=request.user, invite_token=invite or session_invite(request.session, table_id)
        )
        if invite and viewer.invite_token == invite:
            # An old ``?invite=`` link: the page's socket and forms find it in the session from now on.
            remember_invite(request.session, table_id, invite)
        return viewer
    except NotAllowed:
        raise Http404(_("No such table, or it is private.")) from None


@require_GET
def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    viewer = _viewer_or_404(request, table_id)
    ctx = board_context(viewer=viewer)
    entries_html, last_id = render_log_page(viewer)
    ctx.update(
        {
            "oob": False,
            "log_html": entries_html,
            "log_last_id": last_id,
            "chat": chat_for_table(table=viewer.table),
            "heartbeat_seconds": _heartbeat_seconds(),
        }
    )
    with seat_names(ctx["seat_names"]):
        with_parts_html(ctx, oob=False)
        ctx["status_html"] = render_fragment("status", ctx)
        ctx["decision_html"] = render_fragment("decision", ctx)
        response = render(request, "games/table.html", ctx)
    if settings.HYPERLANE_PLANT_LEAK == "page":  # TEST-ONLY planted leak (tests/proof/leakcheck.py)
        response.content += str(viewer.table.state).encode()
    if viewer.seat is not None and viewer.table.version:
        services.seat_mark_seen(table_id=table_id, user=request.user, version=viewer.table.version)
    return response


@require_GET
def table_fragments(request: HttpRequest, table_id: int) -> HttpResponse:
    """All live fragments as out-of-band swaps (the page's resync path when its socket is down)."""
    viewer = _viewer_or_404(request, table_id)
    return HttpResponse("".join(render_fragments(viewer, oob=True).values()))


def _heartbeat_seconds() -> int:
    from django.conf import settings

    return settings.HYPERLANE_HEARTBEAT_SECONDS


def _error_response(request: HttpRequest, viewer: Viewer | None, message: str, status: int) -> HttpResponse:
    """A refused table POST (the chat's): the message next to the control that posted, and in the table's
    error area (``commands.answer_html``)."""
    answer = commands.Answer(status, message, viewer)
    return HttpResponse(commands.answer_html(answer, {}), status=status)


@login_required
@require_POST
def table_command(request: HttpRequest, table_id: int) -> HttpResponse:
    """Post one command: ``commands.submit``, the path the table's websocket takes too. The answer is
    rendered from the table and seats the service holds, so a move reads the table once (bench/queries.py)."""
    invite = session_invite(request.session, table_id)
    answer = commands.submit(user=request.user, table_id=table_id, fields=request.POST, invite_token=invite)
    if answer.status == 404:
        raise Http404(answer.message)
    html = commands.answer_html(answer, commands.answer_fragments(answer))
    return HttpResponse(html, status=answer.status)


@login_required
@require_POST
def table_away(request: HttpRequest, table_id: int) -> HttpResponse:
    """The seat's away order (RULINGS bsg G45): ``hours`` one of ``services.AWAY_HOURS``, or ``back``;
    ``seat`` the position the page sets it for. Answers the seat's fresh fragments, or the refusal."""
    viewer = _viewer_or_404(request, table_id)
    if ratelimit.over_limit("move", request.user.pk, limit=settings.HYPERLANE_MOVE_RATE_PER_MINUTE, window=60):
        return _error_response(request, viewer, _("Too many moves in a minute; wait a moment."), 429)
    try:
        services.seat_away_set(
            table_id=table_id,
            user=request.user,
            hours=_away_hours(request.POST.get("hours", "")),
            position=_away_position(request.POST.get("seat")),
        )
    except IllegalCommand as exc:
        return _error_response(request, viewer, error_text(exc, viewer.table.game), 422)
    return HttpResponse("".join(render_fragments(_viewer_or_404(request, table_id), oob=True).values()))


def _away_hours(raw: str) -> int | None:
    """``back``: None; a number of hours the service checks; anything else is refused as a bad duration."""
    if raw == "back":
        return None
    if raw.isascii() and raw.isdigit() and len(raw) <= 4:
        return int(raw)
    raise IllegalCommand("bad_away_duration")


def _away_position(raw: str | None) -> int | None:
    """The seat the form names (absent: the user's own); anything but a seat number is not the user's."""
    if raw is None:
        return None
    if raw.isascii() and raw.isdigit() and len(raw) <= 3:
        return int(raw)
    raise IllegalCommand("not_your_seat")


@login_required
@require_POST
def table_chat(request: HttpRequest, table_id: int) -> HttpResponse:
    viewer = _viewer_or_404(request, table_id)
    if ratelimit.over_limit("chat", request.user.pk, limit=settings.HYPERLANE_CHAT_RATE_PER_MINUTE, window=60):
        return _error_response(request, viewer, _("Too many messages in a minute; wait a moment."), 429)
    try:
        services.chat_post(table_id=table_id, user=request.user, text=request.POST.get("text", ""))
    except IllegalCommand as exc:
        return _error_response(request, viewer, error_text(exc, ""), 422)
    return HttpResponse(render_chat(viewer, oob=True))


@require_GET
def table_log(request: HttpRequest, table_id: int) -> HttpResponse:
    """The log as this viewer may read it: ``?before=<id>`` the page before that line (as list items,
    headed by the control for the page before it), ``?after=<id>`` the lines after it (appended out of
    band). Anyone who may see the page may read its log, as on the page."""
    viewer = _viewer_or_404(request, table_id)
    before = request.GET.get("before")
    try:
        position = _log_position(before if before is not None else request.GET.get("after", "0"))
    except ValueError:
        return HttpResponseBadRequest(_("Bad log position."))
    if before is not None:
        html, _last = render_log_page(viewer, before_id=position)
    else:
        html, _last = render_log_entries(viewer, after_id=position)
    return HttpResponse(html)


def _log_position(raw: str) -> int:
    """An event id from the query string: a whole number an id column can hold, else ValueError."""
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise ValueError(raw)
    return int(raw)


@login_required
@require_POST
def table_seen(request: HttpRequest, table_id: int) -> HttpResponse:
    """The page was read up to ``version`` (sent as the reader leaves or hides it): the log lines up to
    there are not "new since your last visit" next time. Spectators' visits are not kept."""
    viewer = _viewer_or_404(request, table_id)
    raw = request.POST.get("version", "")
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        return HttpResponseBadRequest(_("Bad table version."))
    if viewer.seat is not None:
        services.seat_mark_seen(table_id=table_id, user=request.user, version=min(int(raw), viewer.table.version))
    return HttpResponse(status=204)


@csrf_exempt
def internal_broadcast(request: HttpRequest) -> HttpResponse:
    """Relay a signed group message into this process's channel layer (embedded default only).

    To anyone without the internal key (``settings.HYPERLANE_INTERNAL_KEY``) this is a page that does
    not exist: a 404 whatever is wrong (method, signature, payload), and nothing reaches the sockets.
    """
    if request.method != "POST" or not broadcast.verify_signature(
        request.body, request.headers.get("X-Hyperlane-Signature", "")
    ):
        raise Http404
    try:
        relayed = broadcast.relayed_message(json.loads(request.body))
    except ValueError:
        relayed = None
    if relayed is None:
        raise Http404
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(*relayed)
    return JsonResponse({"ok": True})
