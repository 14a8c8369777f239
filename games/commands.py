"""Submit a command as a user: the one path both the POST view and the table websocket take.

``submit`` runs every check of a move (the rate limit, the shape of what the client sent, the seat, the
version, the idempotency key, the decision and argument checks, the last two in ``services``) and calls
the one service; it answers an ``Answer``: applied (the viewer to render the fresh fragments for), or
refused (a translated message, an HTTP-like status, and for a stale page the viewer whose fresh board
comes along). ``answer_html`` renders it the same way for both paths; only where the refusal's message is
swapped in differs (the POST's own target, or the sending form's error slot by id on the socket).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from games import ratelimit, services
from games.engine.core import IllegalCommand
from games.engine.core.replay import RESIGN_KIND, UNDO_KIND
from games.rendering import View, render_view
from games.selectors import NotAllowed, Viewer, error_text, viewer_for

MAX_ARGS_BYTES = 2000

#: A form's error slot the socket's answer may name (``hx-target``'s element, sent as ``HX-Target``).
_SLOT = re.compile(r"cmd-err-[a-z0-9]{1,12}")


class BadPost(Exception):
    """A command of the wrong shape. Its one argument is the translated message shown to the player;
    nothing else (no Python error text) ever reaches the answer."""

    @property
    def message(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Answer:
    """What a submitted command comes to. ``status``: 200 applied, else the refusal's HTTP status (404:
    no such table, or a private one: the POST view answers its 404 page). ``viewer``: whose fragments the
    answer carries (the mover's after a move; the fresh board of a stale page), or None."""

    status: int
    message: str = ""
    viewer: Viewer | None = None
    result: services.CommandResult | None = None

    @property
    def applied(self) -> bool:
        return self.status == 200


def submit(*, user: Any, table_id: int, fields: Mapping[str, Any], invite_token: str = "") -> Answer:
    """Submit the command ``fields`` describe (a form's fields: ``kind``, ``args`` as JSON, ``version``,
    ``idempotency_key``, ``arg_<name>`` fields: a select's or a number input's value, the argument
    ``<name>``; optionally ``table``) as ``user`` at ``table_id``.
    Every refusal is an ``Answer``; nothing the client sent raises."""
    if user is None or not user.is_authenticated:
        return Answer(403, _("Sign in to play at this table."))
    if _rate_limited(user.pk):
        return Answer(429, _("Too many moves in a minute; wait a moment."))
    try:
        kind, args, version, key = parse_command(fields, table_id)
    except BadPost as exc:
        viewer = _viewer(table_id, user, invite_token)  # an unknown or private table is a 404 first
        if viewer is None:
            return _not_found()
        return Answer(400, exc.message)
    try:
        if kind == UNDO_KIND:
            result = services.command_undo(
                table_id=table_id, user=user, expected_version=version, idempotency_key=key
            )
        elif kind == RESIGN_KIND:
            result = services.table_resign(table_id=table_id, user=user, idempotency_key=key)
        else:
            result = services.command_submit(
                table_id=table_id, user=user, kind=kind, args=args, expected_version=version, idempotency_key=key
            )
    except services.StaleDecision:
        return _refused(table_id, user, invite_token, 409, _("The game moved on while you were choosing: here is the current board."))
    except services.NotSeated:
        return _refused(table_id, user, invite_token, 403, _("You do not have a seat at this table."))
    except IllegalCommand as exc:
        viewer = _viewer(table_id, user, invite_token)
        if viewer is None:
            return _not_found()
        return Answer(422, error_text(exc, viewer.table.game), viewer)
    if result.table is None:  # a resign answers no table: read it as the mover sees it now
        viewer = _viewer(table_id, user, invite_token)
        if viewer is None:
            return _not_found()
        return Answer(200, viewer=viewer, result=result)
    # The service answers only a seated user's command, so the seat is there; were it not, the answer is
    # the spectator's view rather than an exception escaping into the server.
    seat = next((s for s in result.seats if s.user_id == user.pk), None)
    viewer = Viewer(table=result.table, user=user, seat=seat, seats=result.seats)
    return Answer(200, viewer=viewer, result=result)


def answer_fragments(answer: Answer) -> dict[str, str]:
    """The fragments an answer carries, by name, as out-of-band swaps: the mover's after a move, the
    fresh board of a stale page, none for other refusals."""
    view = answer_view(answer)
    return {} if view is None else view.fragments


def answer_view(answer: Answer, *, store: bool = True) -> View | None:
    """The view an answer carries (``answer_fragments``), with its board's parts; None if none.
    ``store``: keep it in the fragments cache for the mover's socket, which a POST's move reaches as a
    group message (the socket's own answer needs no copy: its move's group message is not rendered).
    Not looked up there: nobody keeps a seat's render of the version its own move has just made."""
    if answer.viewer is None or not (answer.applied or answer.status == 409):
        return None
    seats = answer.result.seats if answer.result is not None and answer.result.seats else None
    return render_view(answer.viewer, oob=True, seats=seats, store=store, lookup=not answer.applied)


def answer_html(answer: Answer, fragments: Mapping[str, str], *, slot: str = "") -> str:
    """The answer's HTML: after a move, the fragments; for a refusal, the message for the control that
    sent it, and for the table's error area (``#table-error``, never part of a fragment: a push may have
    replaced the form meanwhile), then the fragments. ``slot``: the sending form's error slot, swapped by
    id (the socket's answer has no target of its own); empty for a POST, whose answer goes to its target."""
    if answer.applied:
        html = "".join(fragments.values())
        if settings.HYPERLANE_PLANT_LEAK == "command" and answer.viewer is not None:  # TEST-ONLY (tests/proof)
            html += str(answer.viewer.table.state)
        return html
    body = render_to_string(
        "games/_post_error.html",
        {"message": answer.message, "fragments": mark_safe("".join(fragments.values())), "slot": slot},
    )
    if settings.HYPERLANE_PLANT_LEAK == "error" and answer.viewer is not None:  # TEST-ONLY (tests/proof)
        body += str(answer.viewer.table.state)
    return body


def error_slot(headers: Any) -> str:
    """The sending form's error slot from the ``HX-Target`` header htmx's websocket extension sends along,
    if it names one of the page's command forms' slots; else "" (the message goes to ``#table-error``)."""
    target = headers.get("HX-Target") if isinstance(headers, Mapping) else None
    return target if isinstance(target, str) and _SLOT.fullmatch(target) else ""


def parse_command(fields: Mapping[str, Any], table_id: int) -> tuple[str, dict[str, Any], int, uuid.UUID]:
    """Shape checks only; the rules are the engine's. Raises BadPost with a user-facing message."""
    table = fields.get("table")
    if table is not None and str(table) != str(table_id):
        raise BadPost(_("This command was sent for another table; reload the page."))
    kind = fields.get("kind", "")
    if not isinstance(kind, str) or not kind or len(kind) > 40 or not kind.isascii() or not kind.replace("_", "").isalnum():
        raise BadPost(_("This control sent an unknown command."))
    raw_args = fields.get("args", "") or "{}"
    if not isinstance(raw_args, str):
        raise BadPost(_("This command is malformed."))
    if len(raw_args) > MAX_ARGS_BYTES:
        raise BadPost(_("This command is too long."))
    try:
        args = json.loads(raw_args)
    except (json.JSONDecodeError, RecursionError):
        raise BadPost(_("This command is malformed.")) from None
    if not isinstance(args, dict) or not all(isinstance(k, str) for k in args):
        raise BadPost(_("This command is malformed."))
    # Extra form fields (a chosen option from a select, a typed number) join the args; docs/adding-a-game.md.
    for name, value in fields.items():
        if name.startswith("arg_"):
            if not isinstance(value, str):
                raise BadPost(_("This command is malformed."))
            args[name[4:]] = _form_value(value)
    if kind in (UNDO_KIND, RESIGN_KIND) and args:
        # Undo and resign take nothing from the page: what undo takes back is the server's to know.
        raise BadPost(_("This command does not take “%(argument)s”.") % {"argument": sorted(args)[0][:40]})
    version, raw_key = fields.get("version", ""), fields.get("idempotency_key", "")
    if not isinstance(version, str) or not isinstance(raw_key, str):
        raise BadPost(_("This page is out of date; reload it."))
    try:
        return kind, args, int(version), uuid.UUID(raw_key)
    except ValueError:
        raise BadPost(_("This page is out of date; reload it.")) from None


def _form_value(value: str) -> int | str:
    """A select's value: a whole number (ASCII digits, optional minus) as an int, anything else as text."""
    digits = value[1:] if value.startswith("-") else value
    if digits.isascii() and digits.isdigit() and len(digits) <= 18:
        return int(value)
    return value


def _rate_limited(user_id: int) -> bool:
    return ratelimit.over_limit("move", user_id, limit=settings.HYPERLANE_MOVE_RATE_PER_MINUTE, window=60)


def _viewer(table_id: int, user: Any, invite_token: str) -> Viewer | None:
    try:
        return viewer_for(table_id=table_id, user=user, invite_token=invite_token)
    except NotAllowed:
        return None


def _not_found() -> Answer:
    return Answer(404, _("No such table, or it is private."))


def _refused(table_id: int, user: Any, invite_token: str, status: int, message: str) -> Answer:
    viewer = _viewer(table_id, user, invite_token)  # a private table stays a 404 to outsiders
    return _not_found() if viewer is None else Answer(status, message, viewer)
