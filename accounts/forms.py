"""The profile form: display name, language, time zone and email preferences."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.services import NAME_CLASH, name_clash
from config.text import single_line


@cache
def time_zone_names() -> list[str]:
    """The IANA names offered as suggestions (the field accepts any valid one)."""
    return sorted(tz for tz in zoneinfo.available_timezones() if "/" in tz or tz == "UTC")


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name", "language", "time_zone", "email_on_turn", "email_on_game_end"]
        labels = {
            "display_name": _("Display name"),
            "language": _("Language"),
            "time_zone": _("Time zone"),
            "email_on_turn": _("Email me when a game is waiting for me"),
            "email_on_game_end": _("Email me when a game of mine ends"),
        }
        help_texts = {
            "display_name": _("The name other players see. Leave it empty to use your username."),
            "time_zone": _("An IANA time zone such as Europe/Rome or America/New_York."),
        }
        widgets = {"time_zone": forms.TextInput(attrs={"list": "time-zones", "autocomplete": "off"})}

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data.get("display_name", "").strip()
        single_line(name)  # shown in the lobby, the log and mails: one line
        # Not only the same name: one that looks the same (case, accents, Cyrillic or Greek look-alikes).
        if name and name_clash(name, user=self.instance):
            raise forms.ValidationError(NAME_CLASH, code="name_clash")
        return name

    def clean_time_zone(self) -> str:
        value: str = self.cleaned_data.get("time_zone", "").strip()
        if value not in zoneinfo.available_timezones():
            raise forms.ValidationError(
                _("“%(tz)s” is not a time zone we know. Pick one from the list, for example Europe/Rome."),
                params={"tz": value},
            )
        return value
