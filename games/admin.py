"""The moderators' admin: every table row listed and searchable; nothing secret shown by default.

What a change would break (commands, events, state versions, decks; a table's state, RNG, seed and
version) is read-only, with no add or delete. Secrets (``Table.state``/``rng_state``/``seed``,
``StateVersion.state``, the cards of non-public decks, the data of non-public events, command
arguments) are only shown by the "Reveal secrets" view, which asks for a reason, writes a
``SecretAccess`` row and a log line, and refuses a moderator seated at the table. No filter, search,
ordering or ``_to_field`` touches a secret column either (``config.secret_columns``, where the secret
columns are listed): a query string would otherwise answer "is card X in this hand?".
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config.secret_columns import SecretColumnsAdmin
from games import moderation, services
from games.engine.core import IllegalCommand
from games.messages import error_message
from games.models import (
    ChatMessage,
    Command,
    Deck,
    Event,
    Notification,
    Seat,
    SecretAccess,
    StateVersion,
    Table,
)

HIDDEN = _("hidden (use “Reveal secrets” on the table)")

admin.site.site_header = _("Hyperlane moderation")
admin.site.site_title = _("Hyperlane moderation")
admin.site.index_title = _("Tables, players and logs")


def _is_moderator(request: HttpRequest) -> bool:
    user = request.user
    return bool(user.is_active and user.is_staff)


class ModeratorAdmin(SecretColumnsAdmin):
    """Visible to every active staff member (moderators need no per-model permissions); read-only; its
    lists never filter, search or sort by a secret column."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return _is_moderator(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _is_moderator(request)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def _table_link(table_id: int) -> str:
    return format_html('<a href="{}">#{}</a>', reverse("admin:games_table_change", args=[table_id]), table_id)


# --- tables ---------------------------------------------------------------------------------------


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = ("position", "user", "faction", "resigned", "waiting_since", "seen_version", "joined_at")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _is_moderator(request)


class CloseTablesForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300, widget=forms.Textarea(attrs={"rows": 3}))


class RevealForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"),
        max_length=300,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Why do you need to see this table's secrets? The reason is kept with your name."),
    )
    version = forms.IntegerField(
        label=_("State version"),
        required=False,
        min_value=0,
        help_text=_("Leave empty for the current state."),
    )


class NeedsModeratorFilter(admin.SimpleListFilter):
    """Tables whose automatic step kept failing and is no longer retried (``services.automatic_step_failed``)."""

    title = _("needs a moderator")
    parameter_name = "needs_moderator"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("yes", _("automatic step stopped"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Table]) -> QuerySet[Table]:
        if self.value() == "yes":
            return queryset.filter(needs_moderator_since__isnull=False)
        return queryset


@admin.register(Table)
class TableAdmin(ModeratorAdmin):
    list_display = (
        "id",
        "title",
        "game",
        "status",
        "seated",
        "num_players",
        "is_private",
        "created_by",
        "version",
        "needs_moderator",
        "updated_at",
    )
    list_display_links = ("id", "title")
    list_filter = (NeedsModeratorFilter, "status", "game", "is_private")
    search_fields = (
        "=id",
        "title",
        "game",
        "created_by__username",
        "created_by__display_name",
        "seats__user__username",
    )
    date_hierarchy = "created_at"
    # Explicit: the secret columns (state, rng_state, seed) and the invite token never reach the page.
    fields = (
        "game",
        "engine_version",
        "title",
        "status",
        "num_players",
        "options",
        "is_private",
        "created_by",
        "version",
        "result",
        "auto_step_since",
        "needs_moderator_since",
        "auto_step_failures",
        "auto_step_error",
        "created_at",
        "updated_at",
        "started_at",
        "finished_at",
        "secrets",
    )
    readonly_fields = tuple(f for f in fields if f != "title")
    inlines = (SeatInline,)
    actions = ("close_tables", "reveal_secrets", "retry_automatic_steps")
    change_form_template = "admin/games/table/change_form.html"

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Only the title can be edited (an offensive title); everything else is read-only.
        return _is_moderator(request)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        return (
            super()
            .get_queryset(request)
            .defer("state", "rng_state")
            .select_related("created_by")
            .annotate(seat_count=Count("seats", distinct=True))
        )

    @admin.display(description=_("seated"), ordering="seat_count")
    def seated(self, obj: Table) -> str:
        return f"{getattr(obj, 'seat_count', '?')}/{obj.num_players}"

    @admin.display(description=_("needs a moderator"), ordering="needs_moderator_since")
    def needs_moderator(self, obj: Table) -> str:
        """The error code of a given-up automatic step (never the error's text: it may quote secrets)."""
        if obj.needs_moderator_since is None:
            return ""
        return obj.auto_step_error or "?"

    @admin.display(description=_("secrets"))
    def secrets(self, obj: Table) -> str:
        if obj.pk is None:
            return "-"
        url = reverse("admin:games_table_secrets", args=[obj.pk])
        return format_html('<a href="{}">{}</a>', url, gettext("Reveal secrets…"))

    def get_urls(self) -> list[Any]:
        urls = [
            path(
                "<int:table_id>/secrets/",
                self.admin_site.admin_view(self.secrets_view),
                name="games_table_secrets",
            ),
        ]
        return urls + super().get_urls()

    # --- reveal secrets ---------------------------------------------------------------------------

    def secrets_view(self, request: HttpRequest, table_id: int) -> HttpResponse:
        table = get_object_or_404(Table.objects.defer("state", "rng_state"), pk=table_id)
        change_url = reverse("admin:games_table_change", args=[table.pk])
        if not self.has_view_permission(request, table):
            return HttpResponseRedirect(reverse("admin:index"))
        if Seat.objects.filter(table=table, user=request.user).exists():
            messages.error(request, error_message("moderator_seated"))
            return HttpResponseRedirect(change_url)
        form = RevealForm(request.POST or None)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "table": table,
            "form": form,
            "title": gettext("Reveal the secrets of table #%(id)s") % {"id": table.pk},
        }
        if request.method == "POST" and form.is_valid():
            try:
                access = moderation.secret_access_record(
                    table_id=table.pk, moderator=request.user, reason=form.cleaned_data["reason"]
                )
            except IllegalCommand as exc:
                messages.error(request, error_message(exc.code, exc.params))
                return HttpResponseRedirect(change_url)
            secrets = moderation.table_secrets(access=access, version=form.cleaned_data["version"])
            context.update(
                {
                    "access": access,
                    "secrets": secrets,
                    "state_json": _pretty(secrets.state),
                    "rng_json": _pretty(secrets.rng_state),
                    "decks": [(d, _pretty(d.cards)) for d in secrets.decks],
                    "events": [(e, _pretty(e.data)) for e in secrets.hidden_events],
                    "commands": [(c, _pretty(c.args)) for c in secrets.commands],
                }
            )
            response = TemplateResponse(request, "admin/games/table/secrets.html", context)
            # The page holds secrets: never cached, by the browser or anything in between.
            response["Cache-Control"] = "no-store"
            return response
        return TemplateResponse(request, "admin/games/table/secrets_form.html", context)

    @admin.action(description=_("Reveal secrets (one table; asks for a reason)"))
    def reveal_secrets(self, request: HttpRequest, queryset: QuerySet[Table]) -> HttpResponse | None:
        if queryset.count() != 1:
            self.message_user(request, gettext("Choose exactly one table to reveal."), messages.WARNING)
            return None
        return HttpResponseRedirect(reverse("admin:games_table_secrets", args=[queryset.get().pk]))

    # --- a stopped automatic step ------------------------------------------------------------------

    @admin.action(description=_("Retry the stopped automatic step of the selected tables"))
    def retry_automatic_steps(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        retried = 0
        for table in queryset:
            try:
                services.automatic_step_retry(table_id=table.pk, moderator=request.user)
            except IllegalCommand as exc:
                self.message_user(request, f"#{table.pk}: {error_message(exc.code, exc.params)}", messages.WARNING)
            else:
                retried += 1
        if retried:
            self.message_user(
                request, gettext("Automatic steps sent again: %(n)s.") % {"n": retried}, messages.SUCCESS
            )

    # --- close ------------------------------------------------------------------------------------

    @admin.action(description=_("Close the selected tables (asks for a reason)"))
    def close_tables(self, request: HttpRequest, queryset: QuerySet[Table]) -> HttpResponse | None:
        form = CloseTablesForm(request.POST if "apply" in request.POST else None)
        if "apply" in request.POST and form.is_valid():
            closed = 0
            for table in queryset:
                try:
                    services.table_close(
                        table_id=table.pk, moderator=request.user, reason=form.cleaned_data["reason"]
                    )
                except IllegalCommand as exc:
                    self.message_user(
                        request, f"#{table.pk}: {error_message(exc.code, exc.params)}", messages.WARNING
                    )
                else:
                    closed += 1
            if closed:
                self.message_user(request, gettext("Tables closed: %(n)s.") % {"n": closed}, messages.SUCCESS)
            return None
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "form": form,
            "tables": queryset,
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            "title": gettext("Close tables"),
        }
        return TemplateResponse(request, "admin/games/table/close_confirm.html", context)


def _pretty(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)


# --- the logs and piles: read-only ----------------------------------------------------------------


@admin.register(Seat)
class SeatAdmin(ModeratorAdmin):
    list_display = ("table_link", "position", "user", "faction", "resigned", "waiting_since", "joined_at")
    list_filter = ("resigned",)
    search_fields = ("=table__id", "user__username", "user__display_name", "faction")
    list_select_related = ("user",)
    fields = (
        "table",
        "position",
        "user",
        "faction",
        "resigned",
        "waiting_since",
        "seen_version",
        "joined_at",
    )
    readonly_fields = fields

    @admin.display(description=_("table"), ordering="table_id")
    def table_link(self, obj: Seat) -> str:
        return _table_link(obj.table_id)


@admin.register(Command)
class CommandAdmin(ModeratorAdmin):
    list_display = ("table_link", "seq", "seat", "user", "kind", "undoable", "undone", "created_at")
    list_filter = ("undone", "undoable")
    search_fields = ("=table__id", "kind", "user__username")
    list_select_related = ("user",)
    # ``args`` can hold a secret choice (a face-down contribution): shown only by "Reveal secrets".
    fields = (
        "table",
        "seq",
        "seat",
        "user",
        "kind",
        "arguments",
        "undoable",
        "undone",
        "idempotency_key",
        "created_at",
    )
    readonly_fields = fields

    @admin.display(description=_("table"), ordering="table_id")
    def table_link(self, obj: Command) -> str:
        return _table_link(obj.table_id)

    @admin.display(description=_("arguments"))
    def arguments(self, obj: Command) -> str:
        return str(HIDDEN)


@admin.register(Event)
class EventAdmin(ModeratorAdmin):
    list_display = ("table_link", "seq", "index", "kind", "audience", "public_data")
    search_fields = ("=table__id", "kind")
    fields = ("table", "seq", "index", "kind", "audience", "public_data", "redacted")
    readonly_fields = fields

    @admin.display(description=_("table"), ordering="table_id")
    def table_link(self, obj: Event) -> str:
        return _table_link(obj.table_id)

    @admin.display(description=_("seen by"))
    def audience(self, obj: Event) -> str:
        if obj.visible_to is None:
            return gettext("everyone")
        return ", ".join(gettext("Player %(n)s") % {"n": s + 1} for s in obj.visible_to) or "-"

    @admin.display(description=_("data"))
    def public_data(self, obj: Event) -> str:
        if obj.visible_to is not None:
            return str(HIDDEN)
        return json.dumps(obj.data, sort_keys=True, ensure_ascii=False)


@admin.register(StateVersion)
class StateVersionAdmin(ModeratorAdmin):
    list_display = ("table_link", "version", "created_at")
    search_fields = ("=table__id",)
    fields = ("table", "version", "created_at", "state_note")
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[StateVersion]:
        return super().get_queryset(request).defer("state", "rng_state")

    @admin.display(description=_("table"), ordering="table_id")
    def table_link(self, obj: StateVersion) -> str:
        return _table_link(obj.table_id)

    @admin.display(description=_("state"))
    def state_note(self, obj: StateVersion) -> str:
        return str(HIDDEN)


@admin.register(Deck)
class DeckAdmin(ModeratorAdmin):
    list_display = ("table_link", "name", "owner", "visibility", "size")
    list_filter = ("visibility",)
    search_fields = ("=table__id", "name")
    fields = ("table", "name", "owner", "visibility", "seen_by", "size", "shown_cards")
    readonly_fields = fields

    @admin.display(description=_("table"), ordering="table_id")
    def table_link(self, obj: Deck) -> str:
        return _table_link(obj.table_id)

    @admin.display(description=_("cards"))
    def shown_cards(self, obj: Deck) -> str:
        if obj.visibility != Deck.Visibility.PUBLIC:
            return str(HIDDEN)
        return ", ".join(str(c) for c in obj.cards) or "-"


@admin.register(ChatMessage)
class ChatMessageAdmin(ModeratorAdmin):
    list_display = ("table_link", "user", "text", "created_at")
    search_fields = ("=table__id", "text", "user__username", "user__display_name")
    list_select_related = ("user",)
    date_hierarchy = "created_at"
    fields = ("table", "user", "text", "created_at")
    readonly_fields = fields

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Moderators remove abusive messages; nothing in a game depends on the chat.
        return _is_moderator(request)

    @admin.display(description=_("table"), ordering="table_id")
    def table_link(self, obj: ChatMessage) -> str:
        return _table_link(obj.table_id)


@admin.register(Notification)
class NotificationAdmin(ModeratorAdmin):
    list_display = (
        "user",
        "table_link",
        "kind",
        "version",
        "created_at",
        "read_at",
        "emailed_at",
        "email_sent",
    )
    list_filter = ("kind", "email_sent")
    search_fields = ("=table__id", "user__username", "user__email")
    list_select_related = ("user",)
    fields = ("user", "table", "kind", "version", "created_at", "read_at", "emailed_at", "email_sent")
    readonly_fields = fields

    @admin.display(description=_("table"), ordering="table_id")
    def table_link(self, obj: Notification) -> str:
        return _table_link(obj.table_id)


@admin.register(SecretAccess)
class SecretAccessAdmin(ModeratorAdmin):
    """The audit trail of reveals: listed for every moderator, changed by nobody."""

    list_display = ("created_at", "moderator", "table_link", "reason")
    search_fields = ("=table__id", "moderator__username", "reason")
    list_select_related = ("moderator",)
    date_hierarchy = "created_at"
    fields = ("created_at", "moderator", "table", "reason")
    readonly_fields = fields

    @admin.display(description=_("table"), ordering="table_id")
    def table_link(self, obj: SecretAccess) -> str:
        return _table_link(obj.table_id)
