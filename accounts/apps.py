from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    # Not "Accounts": allauth's e-mail addresses already sit under that heading in the admin.
    verbose_name = _("Players")
    default_auto_field = "django.db.models.BigAutoField"
