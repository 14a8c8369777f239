"""Display names and usernames cannot impersonate another player: not the same name in another case,
nor with look-alike letters (Cyrillic, Greek, full-width, I/l/1, 0/o), accents, invisible characters or
spaces (issue 11, item 7)."""

from __future__ import annotations

import unicodedata

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from accounts import services
from accounts.models import User
from accounts.names import skeleton

pytestmark = pytest.mark.django_db

LOOK_ALIKES_OF_ALICE = [
    "alice",
    "ALICE",
    "AIice",  # capital i for l
    "a1ice",
    "\u0430lice",  # Cyrillic a
    "\u0391LICE",  # Greek capital alpha
    "\uff21\uff2c\uff29\uff23\uff25",  # full-width
    "Alicé",
    "al\u200bice",  # zero-width space
    "A l i c e",
    "a.lice",
]


@pytest.mark.parametrize("name", LOOK_ALIKES_OF_ALICE)
def test_look_alikes_have_one_skeleton(name):
    assert skeleton(name) == skeleton("alice")


@pytest.mark.parametrize(
    ("one", "other"),
    [("alice", "alicia"), ("bob", "rob"), ("Hank", "Hans"), ("moderator", "moderators"), ("Clara", "Dara")],
)
def test_different_names_stay_different(one, other):
    assert skeleton(one) != skeleton(other)


def test_more_look_alikes():
    assert skeleton("rnoderator") == skeleton("moderator")
    assert skeleton("\u0412\u043e\u0432") == skeleton("BOB")  # Cyrillic Ve, o, ve
    assert skeleton("\u0397ank") == skeleton("hank")  # Greek capital eta
    assert skeleton("vvalter") == skeleton("walter")


def _profile(user: User, display_name: str):  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client.post(
        reverse("profile"),
        {"display_name": display_name, "language": "en", "time_zone": "UTC", "email_on_turn": "on"},
    )


@pytest.mark.parametrize("name", LOOK_ALIKES_OF_ALICE)
def test_a_display_name_cannot_look_like_another_players_username(alice, bob, name):
    response = _profile(bob, name)
    assert response.status_code == 200
    errors = str(response.context["form"].errors["display_name"])
    if any(unicodedata.category(c).startswith("C") for c in name):  # a zero-width space: not one line of text
        assert "without control characters" in errors
    else:
        assert "looks too much like another player" in errors
    bob.refresh_from_db()
    assert bob.display_name == ""


def test_a_display_name_cannot_look_like_another_players_display_name(alice, bob):
    alice.display_name = "Queen"
    alice.save()
    response = _profile(bob, "Qu\u0435\u0435n")  # Cyrillic e
    assert response.status_code == 200 and "display_name" in response.context["form"].errors
    with pytest.raises(ValidationError):
        services.user_profile_update(
            user=bob, display_name="QUEEN", language="en", time_zone="UTC", email_on_turn=True, email_on_game_end=True
        )
    bob.refresh_from_db()
    assert bob.display_name == ""


def test_ones_own_name_and_unlike_names_are_fine(alice, bob):
    assert _profile(alice, "ALICE").status_code == 302
    assert _profile(bob, "Bobby").status_code == 302
    alice.refresh_from_db()
    bob.refresh_from_db()
    assert (alice.display_name, bob.display_name) == ("ALICE", "Bobby")
    assert (alice.display_name_skeleton, bob.display_name_skeleton) == (skeleton("alice"), skeleton("bobby"))


def test_a_new_username_cannot_look_like_an_existing_name(alice, bob):
    bob.display_name = "Captain"
    bob.save()
    for username in ("\u0430lice", "CAPTAlN"):
        response = Client().post(
            reverse("account_signup"),
            {"email": f"{username}@example.net", "username": username, "password1": "a-long-pass-phrase",
             "password2": "a-long-pass-phrase"},
        )
        assert response.status_code == 200
        assert "looks too much like another player" in str(response.context["form"].errors["username"])
        assert not User.objects.filter(username=username).exists()
