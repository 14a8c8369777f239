"""Players in the admin: Django's user admin plus the preferences Hyperlane adds."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from config.secret_columns import SecretColumnsAdmin


@admin.register(User)
class UserAdmin(SecretColumnsAdmin, DjangoUserAdmin):
    """No filter, search or ordering by the password hash (``config.secret_columns``)."""

    list_display = ("username", "display_name", "email", "language", "is_staff", "is_active", "date_joined")
    list_filter = ("is_staff", "is_superuser", "is_active", "language")
    search_fields = ("username", "display_name", "email")
    fieldsets = (
        *DjangoUserAdmin.fieldsets,
        (
            _("Hyperlane preferences"),
            {"fields": ("display_name", "language", "time_zone", "email_on_turn", "email_on_game_end")},
        ),
    )
