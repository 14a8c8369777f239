"""The lobby, table creation, invites and the open-table actions: parse, authorize, call one service.

Every action is a POST that ends in a redirect: to the table page when it worked (``HX-Redirect`` for
htmx requests), back where the player came from with a translated message when the rules refused.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.crypto import constant_time_compare
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from accounts.models import User
from games import lobby_selectors, ratelimit, services
from games.engine import registry
from games.engine.core import IllegalCommand
from games.invites import remember_invite
from games.lobby_forms import CloseForm, InviteForm, ResignForm, SeatForm, TableCreateForm, refusal_text
from games.messages import error_message
from games.models import Table

log = logging.getLogger(__name__)

FormT = TypeVar("FormT", bound=forms.Form)


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthedRequest(HtmxHttpRequest):
    user: User


# --- pages ----------------------------------------------------------------------------------------


@require_GET
def lobby(request: HtmxHttpRequest) -> HttpResponse:
    user = request.user if request.user.is_authenticated else None
    context = {
        "open_groups": lobby_selectors.lobby_open_tables(user=user),
        "my_tables": lobby_selectors.lobby_my_tables(user=user) if user is not None else [],
        "watch": lobby_selectors.lobby_watch_tables(user=user),
        "finished": lobby_selectors.lobby_finished_tables(user=user),
    }
    template = "games/lobby.html"
    if request.htmx and not request.htmx.boosted:
        template += "#lobby-content"
    return render(request, template, context)


@login_required
@require_http_methods(["GET", "POST"])
def table_create(request: AuthedRequest) -> HttpResponse:
    rules_list = registry.all_rules()
    status = 200
    if request.method == "POST":
        form = TableCreateForm(request.POST, rules_list=rules_list)
        if form.game_switched:
            # The options on the page belonged to another game: show the new game's, create nothing.
            initial = {k: request.POST.get(k) for k in ("game", "title", "is_private")}
            form = TableCreateForm(initial=initial, rules_list=rules_list)
        elif ratelimit.over_limit(
            "table_create", request.user.pk, limit=settings.HYPERLANE_TABLE_CREATE_RATE_PER_HOUR, window=3600
        ):
            form.add_error(None, _("You opened many tables in the last hour; wait a while before opening another."))
            status = 429
        elif form.is_valid() and form.rules is not None:
            try:
                table = services.table_create(
                    user=request.user,
                    game=form.rules.slug,
                    num_players=form.cleaned_data["num_players"],
                    options=form.options(),
                    is_private=form.cleaned_data["is_private"],
                    title=form.cleaned_data["title"].strip(),
                    faction=form.cleaned_data.get("faction") or "",
                )
            except IllegalCommand as exc:
                form.add_refusal(exc)
            else:
                messages.success(request, _("Your table is open. Share it and wait for the other players."))
                return _redirect(request, reverse("table", args=[table.pk]))
    else:
        form = TableCreateForm.shown_again(request.GET, rules_list=rules_list)
    template = "games/table_create.html"
    if request.htmx and not request.htmx.boosted:
        template += "#create-form"
    return render(request, template, {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
def table_invite_page(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """The invite link, ``/tables/<id>/invite/#<token>`` (``games/invites.py``): the token is in the
    fragment, which the browser never sends. The page posts it (GET: the page; POST: the token), the
    session keeps it, and the table page opens without it in its URL."""
    if request.method == "GET":
        return render(request, "games/invite.html", {"table_id": table_id, "form": InviteForm()})
    form = InviteForm(request.POST)
    table = Table.objects.only("pk", "invite_token").filter(pk=table_id).first()
    if not form.is_valid() or table is None or not constant_time_compare(form.cleaned_data["token"], table.invite_token):
        form.add_error(None, error_message("bad_invite"))
        return render(request, "games/invite.html", {"table_id": table_id, "form": form}, status=404)
    remember_invite(request.session, table.pk, table.invite_token)
    return _redirect(request, reverse("table", args=[table.pk]))


@login_required
@require_http_methods(["GET", "POST"])
def table_invite(request: AuthedRequest, table_id: int, token: str) -> HttpResponse:
    """The old invite link (the token in the path, hence in access logs): the session keeps the invite
    and the table page opens without it (GET), or a seat is taken at once (POST)."""
    table = get_object_or_404(Table.objects.only("pk", "invite_token", "is_private", "game"), pk=table_id)
    if not constant_time_compare(token, table.invite_token):
        raise Http404(error_message("bad_invite"))
    if request.method == "GET":
        remember_invite(request.session, table.pk, table.invite_token)
        return HttpResponseRedirect(reverse("table", args=[table.pk]))
    try:
        return _take_seat(request, table, _valid(SeatForm(request.POST)), invite_token=token)
    except IllegalCommand as exc:
        return _refused(request, table, exc)


# --- open-table actions ---------------------------------------------------------------------------


def _open_table_action(
    action: Callable[[AuthedRequest, Table], HttpResponse],
) -> Callable[[AuthedRequest, int], HttpResponse]:
    """A logged-in POST on the table ``table_id`` (404 if there is none); the action raises
    ``IllegalCommand`` to refuse, which goes back where the player came from with the reason."""

    @login_required
    @require_POST
    @wraps(action)
    def view(request: AuthedRequest, table_id: int) -> HttpResponse:
        table = _table_or_404(table_id)
        try:
            return action(request, table)
        except IllegalCommand as exc:
            return _refused(request, table, exc)

    return view


@_open_table_action
def table_join(request: AuthedRequest, table: Table) -> HttpResponse:
    form = _valid(SeatForm(request.POST))
    # A private table is joined only with its invite token (from the invite link's page).
    if table.is_private and not constant_time_compare(form.cleaned_data["invite"], table.invite_token):
        raise IllegalCommand("private_table")
    return _take_seat(request, table, form, invite_token=form.cleaned_data["invite"] or "")


@_open_table_action
def seat_change(request: AuthedRequest, table: Table) -> HttpResponse:
    form = _valid(SeatForm(request.POST))
    services.seat_change(
        table_id=table.pk,
        user=request.user,
        position=form.cleaned_data["position"],
        faction=form.faction_value(),
    )
    return _done(request, table, _("Your seat was changed."))


@_open_table_action
def table_leave(request: AuthedRequest, table: Table) -> HttpResponse:
    services.seat_leave(table_id=table.pk, user=request.user)
    # Without a seat a private table is out of sight: go back to the lobby instead.
    return _done(request, table, _("You left the table."), url=reverse("lobby") if table.is_private else None)


@_open_table_action
def table_start(request: AuthedRequest, table: Table) -> HttpResponse:
    services.table_start(table_id=table.pk, user=request.user)
    return _done(request, table, _("The game has started. Good luck!"))


@_open_table_action
def table_cancel(request: AuthedRequest, table: Table) -> HttpResponse:
    services.table_cancel(table_id=table.pk, user=request.user)
    return _done(request, table, _("The table was cancelled."))


@_open_table_action
def table_resign(request: AuthedRequest, table: Table) -> HttpResponse:
    form = _valid(ResignForm(request.POST))
    services.table_resign(
        table_id=table.pk, user=request.user, idempotency_key=form.cleaned_data["idempotency_key"]
    )
    return _done(request, table, _("You resigned from the game."))


@_open_table_action
def table_rematch(request: AuthedRequest, table: Table) -> HttpResponse:
    rematch = services.table_rematch(table_id=table.pk, user=request.user)
    if not rematch.seats.filter(user=request.user).exists():
        text = _("Another player asked for the rematch first: take a seat to accept it.")
    elif rematch.created_by_id == request.user.pk:
        text = _("Your rematch is open: the other players find it on the finished game's page.")
    else:
        text = _("You already have a seat at the rematch.")
    # A private table: the old table's players are its guests. The session keeps the invite (as the
    # invite page does), so that the token is in no URL and no access log.
    remember_invite(request.session, rematch.pk, rematch.invite_token)
    return _done(request, rematch, text, url=reverse("table", args=[rematch.pk]))


@_open_table_action
def table_close(request: AuthedRequest, table: Table) -> HttpResponse:
    if not request.user.is_staff:
        raise IllegalCommand("only_moderators")
    form = _valid(CloseForm(request.POST), refusal="reason_required")
    services.table_close(table_id=table.pk, moderator=request.user, reason=form.cleaned_data["reason"])
    return _done(request, table, _("The table was closed."))


# --- helpers --------------------------------------------------------------------------------------


def _table_or_404(table_id: int) -> Table:
    return get_object_or_404(
        Table.objects.only("pk", "game", "is_private", "invite_token", "status", "created_by"), pk=table_id
    )


def _valid(form: FormT, refusal: str = "bad_request") -> FormT:
    """The form, validated; a refusal (``IllegalCommand(refusal)``) when it is not valid."""
    if not form.is_valid():
        raise IllegalCommand(refusal)
    return form


def _take_seat(request: AuthedRequest, table: Table, form: SeatForm, invite_token: str) -> HttpResponse:
    services.seat_take(
        table_id=table.pk,
        user=request.user,
        position=form.cleaned_data["position"],
        faction=form.cleaned_data["faction"] or "",
        invite_token=invite_token,
    )
    return _done(request, table, _("You took a seat. The game starts when the creator starts it."))


def _done(request: AuthedRequest, table: Table, success: str, url: str | None = None) -> HttpResponse:
    """The action worked: say so, and go to the table page (or ``url``)."""
    messages.success(request, success)
    return _redirect(request, url or reverse("table", args=[table.pk]))


def _refused(request: AuthedRequest, table: Table, exc: IllegalCommand) -> HttpResponse:
    log.info("lobby action refused: table=%s user=%s code=%s", table.pk, request.user.pk, exc.code)
    messages.error(request, refusal_text(exc, table.game))
    return _redirect(request, _back_url(request, table))


def _back_url(request: AuthedRequest, table: Table) -> str:
    """Where the form was posted from (same site only); else the table page or the lobby."""
    for candidate in (request.POST.get("next", ""), request.headers.get("referer", "")):
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return candidate
    if not table.is_private or request.user.is_staff or table.seats.filter(user=request.user).exists():
        return reverse("table", args=[table.pk])
    return reverse("lobby")


def _redirect(request: HtmxHttpRequest, url: str) -> HttpResponse:
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return HttpResponseRedirect(url)
