"""The table page and the move pipeline's edge: parse, authorize, call one service, render."""

from __future__ import annotations

import json
import uuid
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from games import broadcast, ratelimit, services
from games.engine.core import IllegalCommand
from games.invites import remember_invite, session_invite
from games.presenters import seat_names
from games.rendering import render_chat, render_fragments, render_log_entries, render_log_page
from games.selectors import NotAllowed, Viewer, board_context, chat_for_table, error_text, viewer_for

MAX_ARGS_BYTES = 2000


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
    """The message goes next to the control that posted (the form's own error slot), and to the table's
    error area, which is never part of a fragment: a socket push may have replaced the form meanwhile.

    ``viewer`` is needed only for a 409 (the fresh board comes along, swapped in out of band).
    """
    fragments = ""
    if status == 409 and viewer is not None:
        fragments = mark_safe("".join(render_fragments(viewer, oob=True).values()))  # rendered templates
    body = render_to_string("games/_post_error.html", {"message": message, "fragments": fragments})
    if settings.HYPERLANE_PLANT_LEAK == "error" and viewer is not None:  # TEST-ONLY planted leak (tests/proof)
        body += str(viewer.table.state)
    return HttpResponse(body, status=status)


def _rate_limited(user_id: int) -> bool:
    return ratelimit.over_limit("move", user_id, limit=settings.HYPERLANE_MOVE_RATE_PER_MINUTE, window=60)


class BadPost(Exception):
    """A command post of the wrong shape. Its one argument is the translated message shown to the player;
    nothing else (no Python error text) ever reaches the answer."""

    @property
    def message(self) -> str:
        return str(self.args[0])


def _parse_command_post(request: HttpRequest) -> tuple[str, dict[str, Any], int, uuid.UUID]:
    """Shape checks only; the rules are the engine's. Raises BadPost with a user-facing message."""
    kind = request.POST.get("kind", "")
    if not kind or len(kind) > 40 or not kind.isascii() or not kind.replace("_", "").isalnum():
        raise BadPost(_("This control sent an unknown command."))
    raw_args = request.POST.get("args", "") or "{}"
    if len(raw_args) > MAX_ARGS_BYTES:
        raise BadPost(_("This command is too long."))
    try:
        args = json.loads(raw_args)
    except (json.JSONDecodeError, RecursionError):
        raise BadPost(_("This command is malformed.")) from None
    if not isinstance(args, dict) or not all(isinstance(k, str) for k in args):
        raise BadPost(_("This command is malformed."))
    # Extra form fields (a chosen option from a select) join the args.
    for name, value in request.POST.items():
        if name.startswith("arg_"):
            args[name[4:]] = _form_value(value)
    if kind == "undo" and args:
        # Undo takes nothing from the page: what it takes back is the server's to know.
        raise BadPost(_("This command does not take “%(argument)s”.") % {"argument": sorted(args)[0][:40]})
    try:
        version = int(request.POST.get("version", ""))
        key = uuid.UUID(request.POST.get("idempotency_key", ""))
    except ValueError:
        raise BadPost(_("This page is out of date; reload it.")) from None
    return kind, args, version, key


def _form_value(value: str) -> int | str:
    """A select's value: a whole number (ASCII digits, optional minus) as an int, anything else as text."""
    digits = value[1:] if value.startswith("-") else value
    if digits.isascii() and digits.isdigit() and len(digits) <= 18:
        return int(value)
    return value


@login_required
@require_POST
def table_command(request: HttpRequest, table_id: int) -> HttpResponse:
    """Post one command. The service checks the seat; the answer is rendered from the table and seats the
    service holds, so a move reads the table once (see bench/queries.py)."""
    if _rate_limited(request.user.pk):
        return _error_response(request, None, _("Too many moves in a minute; wait a moment."), 429)
    try:
        kind, args, version, key = _parse_command_post(request)
    except BadPost as exc:
        _viewer_or_404(request, table_id)  # an unknown or private table is a 404 before anything else
        return _error_response(request, None, exc.message, 400)
    try:
        if kind == "undo":
            result = services.command_undo(
                table_id=table_id, user=request.user, expected_version=version, idempotency_key=key
            )
        else:
            result = services.command_submit(
                table_id=table_id,
                user=request.user,
                kind=kind,
                args=args,
                expected_version=version,
                idempotency_key=key,
            )
    except services.StaleDecision:
        viewer = _viewer_or_404(request, table_id)
        return _error_response(
            request, viewer, _("The game moved on while you were choosing: here is the current board."), 409
        )
    except services.NotSeated:
        viewer = _viewer_or_404(request, table_id)  # a private table stays a 404 to outsiders
        return _error_response(request, viewer, _("You do not have a seat at this table."), 403)
    except IllegalCommand as exc:
        viewer = _viewer_or_404(request, table_id)
        return _error_response(request, viewer, error_text(exc, viewer.table.game), 422)
    # The service answers only a seated user's command, so the seat is there; were it not, the answer is
    # the spectator's view rather than an exception escaping into the server.
    seat = next((s for s in result.seats if s.user_id == request.user.pk), None)
    viewer = Viewer(table=result.table, user=request.user, seat=seat, seats=result.seats)
    answer = "".join(render_fragments(viewer, oob=True, seats=result.seats).values())
    if settings.HYPERLANE_PLANT_LEAK == "command":  # TEST-ONLY planted leak (tests/proof/leakcheck.py)
        answer += str(viewer.table.state)
    return HttpResponse(answer)


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
