"""The profile page: display name, language, time zone and email preferences."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _client(user, **kwargs) -> Client:  # type: ignore[no-untyped-def]
    client = Client(**kwargs)
    client.force_login(user)
    return client


def _form(**overrides: object) -> dict[str, object]:
    data: dict[str, object] = {
        "display_name": "Alice W.",
        "language": "en",
        "time_zone": "Europe/Rome",
        "email_on_turn": "on",
    }
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not None}


def test_the_profile_page_shows_the_current_settings(alice):
    response = _client(alice).get(reverse("profile"))
    assert response.status_code == 200
    assert response.context["form"].instance == alice
    assert "Europe/Rome" in response.content.decode()  # a suggestion in the time zone list


def test_saving_the_profile(alice):
    response = _client(alice).post(reverse("profile"), _form())
    assert response.status_code == 302
    assert response["Location"] == reverse("profile")
    alice.refresh_from_db()
    assert (alice.display_name, alice.time_zone, alice.email_on_turn, alice.email_on_game_end) == (
        "Alice W.",
        "Europe/Rome",
        True,
        False,
    )
    assert alice.shown_name == "Alice W."


def test_an_unknown_time_zone_is_refused_with_a_message(alice):
    response = _client(alice).post(reverse("profile"), _form(time_zone="Mars/Olympus_Mons"))
    assert response.status_code == 200
    assert "is not a time zone we know" in response.content.decode()
    alice.refresh_from_db()
    assert alice.time_zone == "UTC"
    assert alice.display_name == ""  # nothing of a refused form is saved


def test_an_unknown_language_is_refused(alice):
    response = _client(alice).post(reverse("profile"), _form(language="xx"))
    assert response.status_code == 200
    assert "language" in response.context["form"].errors
    alice.refresh_from_db()
    assert alice.language == "en"


def test_switching_to_italian_translates_the_site(alice):
    client = _client(alice)
    response = client.post(reverse("profile"), _form(language="it"), follow=True)
    alice.refresh_from_db()
    assert alice.language == "it"
    body = response.content.decode()
    assert "Il tuo profilo è stato salvato." in body
    assert 'lang="it"' in body


def test_the_time_zone_is_used_for_the_signed_in_player(alice):
    alice.time_zone = "Asia/Tokyo"
    alice.save()
    response = _client(alice).get(reverse("profile"))
    assert response.context["TIME_ZONE"] == "Asia/Tokyo"


def test_another_players_display_name_is_refused(alice, bob):
    bob.display_name = "Captain"
    bob.save()
    response = _client(alice).post(reverse("profile"), _form(display_name="captain"))
    assert response.status_code == 200
    assert "display_name" in response.context["form"].errors


def test_a_blank_display_name_falls_back_to_the_username(alice):
    _client(alice).post(reverse("profile"), _form(display_name="   "))
    alice.refresh_from_db()
    assert alice.display_name == "" and alice.shown_name == "alice"


def test_the_profile_needs_a_login():
    response = Client().get(reverse("profile"))
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]


def test_charlie_only_ever_edits_his_own_profile(alice, charlie):
    _client(charlie).post(reverse("profile"), _form(display_name="Charlie", user=alice.pk, id=alice.pk))
    alice.refresh_from_db()
    charlie.refresh_from_db()
    assert alice.display_name == "" and charlie.display_name == "Charlie"


def test_the_profile_enforces_csrf(alice):
    response = _client(alice, enforce_csrf_checks=True).post(reverse("profile"), _form())
    assert response.status_code == 403
    alice.refresh_from_db()
    assert alice.display_name == ""


def test_a_display_name_with_control_characters_is_refused(alice):
    response = _client(alice).post(reverse("profile"), _form(display_name="Alice\nBcc: x"))
    assert response.status_code == 200
    assert "control characters" in str(response.context["form"].errors["display_name"])
    alice.refresh_from_db()
    assert alice.display_name == ""
