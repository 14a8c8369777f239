"""The columns that hold secrets, in one place, and the admin guard that keeps every list away from them.

A secret column (a hand, a seed, a stored state, an invite token, a password hash) reaches staff only
through the explicit, logged "Reveal secrets" view (``games.moderation``). The admin lists must not
answer questions about it either: a filter ``?cards__contains=c7`` or ``?seed__lte=N`` says yes or no
without showing the column, and 64 of them recover a seed. ``SecretColumnsAdmin`` refuses any lookup,
``_to_field``, search field or ordering that touches a secret column, on the model itself or through a
relation, and any lookup on a column that the admin does not offer as a filter at all, so a new secret
column is refused even before it is listed here.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.views.main import IGNORED_PARAMS, PAGE_VAR
from django.core.exceptions import FieldDoesNotExist
from django.db.models import Model
from django.db.models.constants import LOOKUP_SEP
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext

log = logging.getLogger("games.moderation")

#: ``app_label.ModelName`` -> the columns whose value, or any question about it, is a secret.
SECRET_COLUMNS: dict[str, frozenset[str]] = {
    "games.Table": frozenset({"state", "rng_state", "seed", "invite_token"}),
    "games.StateVersion": frozenset({"state", "rng_state"}),
    "games.Deck": frozenset({"cards"}),
    "games.Event": frozenset({"data"}),
    "games.Command": frozenset({"args"}),
    "accounts.User": frozenset({"password"}),
}

#: Query-string parameters of a change list that are not lookups (page, search, ordering, popups…).
NOT_LOOKUPS = frozenset({*IGNORED_PARAMS, PAGE_VAR, "e", "_changelist_filters"})


def secret_columns(model: type[Model]) -> frozenset[str]:
    return SECRET_COLUMNS.get(model._meta.label, frozenset())


def touches_secret(model: type[Model], path: str) -> bool:
    """Whether the lookup or field path ``path`` (``seed__lte``, ``table__state__hands``) reads a secret
    column of ``model`` or of a model it reaches through its relations."""
    current: Any = model
    for part in path.split(LOOKUP_SEP):
        if part == "pk":
            part = current._meta.pk.name
        try:
            field = current._meta.get_field(part)
        except FieldDoesNotExist:
            return False  # a transform or a lookup (``lte``, ``contains``, a JSON key): the path ended
        if field.name in secret_columns(current) or getattr(field, "attname", None) in secret_columns(current):
            return True
        if not field.is_relation or field.related_model is None:
            return False
        current = field.related_model
    return False


def _field_path(item: Any) -> str | None:
    """The field path named by a ``list_filter``/``search_fields``/``ordering`` entry (None: a callable)."""
    if isinstance(item, (list, tuple)):
        item = item[0]
    if not isinstance(item, str):
        return getattr(item, "parameter_name", None)
    return item.lstrip("-=^@")


def admin_secret_paths(model_admin: admin.ModelAdmin) -> list[str]:
    """Every field path an admin names in its filters, search, ordering, dates or columns that touches a
    secret column (should always be empty; the proof tests check every registered admin)."""
    model = model_admin.model
    names: list[Any] = [
        *model_admin.list_filter,
        *model_admin.search_fields,
        *(model_admin.ordering or ()),
        *model_admin.list_display,
        *(model_admin.fields or ()),
        model_admin.date_hierarchy,
    ]
    for name in model_admin.list_display:
        target = getattr(getattr(model_admin, str(name), None), "admin_order_field", None)
        if target:
            names.append(target)
    paths = (_field_path(n) for n in names if n)
    return [p for p in paths if p and touches_secret(model, p)]


class SecretColumnsAdmin(admin.ModelAdmin):
    """A ModelAdmin whose lists never filter, search, sort or reference by a secret column, and which
    filters only by what it offers (``list_filter``, ``date_hierarchy``, the primary key)."""

    def _offered_lookups(self, request: HttpRequest | None) -> set[str]:
        offered = {"pk", self.model._meta.pk.name}
        if self.date_hierarchy:
            offered.add(self.date_hierarchy.split(LOOKUP_SEP)[0])
        filters = self.get_list_filter(request) if request is not None else self.list_filter
        for item in filters:
            path = _field_path(item)
            if path:
                offered.add(path.split(LOOKUP_SEP)[0])
        return offered

    def lookup_allowed(self, lookup: str, value: Any, request: HttpRequest | None = None) -> bool:
        if touches_secret(self.model, lookup):
            return False
        if lookup.split(LOOKUP_SEP)[0] not in self._offered_lookups(request):
            return False
        return super().lookup_allowed(lookup, value, request)

    def to_field_allowed(self, request: HttpRequest, to_field: str) -> bool:
        return not touches_secret(self.model, to_field) and super().to_field_allowed(request, to_field)

    def get_search_fields(self, request: HttpRequest) -> list[str]:
        return [f for f in super().get_search_fields(request) if not touches_secret(self.model, _field_path(f) or "")]

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        refused = [
            key
            for key, value in request.GET.items()
            if key not in NOT_LOOKUPS and not self.lookup_allowed(key, value, request)
        ]
        if refused:
            secret = [key for key in refused if touches_secret(self.model, key)]
            if secret:
                log.warning(
                    "secret column lookup refused: moderator=%s (%s) model=%s lookups=%s",
                    request.user.pk,
                    getattr(request.user, "username", ""),
                    self.model._meta.label,
                    ",".join(secret),
                )
            self.message_user(
                request,
                gettext(
                    "This list cannot be filtered by %(fields)s. Secrets are shown only by “Reveal secrets” "
                    "on a table, which asks for a reason and is logged."
                )
                % {"fields": ", ".join(sorted({k.split(LOOKUP_SEP)[0] for k in refused}))},
                messages.ERROR,
            )
            return HttpResponseRedirect(request.path)
        return super().changelist_view(request, extra_context)
