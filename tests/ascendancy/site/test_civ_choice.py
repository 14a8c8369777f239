"""The civilizations chosen in the lobby reach the engine: a table created, joined and started through the
real views plays the civilization each seat chose; the seats that chose nothing get one at random (no two
the same); a table where nobody chose keeps the choice at the table (``choose_civ``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.ascendancy.engine import catalog
from games.models import Table
from tests.support.tables import state_of

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _start(users: list[Any], factions: list[str]) -> Table:
    creator, *others = users
    response = _client(creator).post(reverse("table_create"), {
        "game": "ascendancy", "shown_game": "ascendancy", "num_players": str(len(users)),
        "faction": factions[0]})
    assert response.status_code == 302, response.content.decode()[:2000]
    table = Table.objects.get()
    for user, faction in zip(others, factions[1:], strict=True):
        assert _client(user).post(reverse("table_join", args=[table.pk]), {"faction": faction}).status_code == 302
    assert _client(creator).post(reverse("table_start", args=[table.pk])).status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    return table


def test_the_lobby_civilizations_reach_the_engine(alice, bob, charlie, make_user):  # type: ignore[no-untyped-def]
    dave = make_user("dave")
    table = _start([alice, bob, charlie, dave], ["klingon", "", "romulan", ""])
    state = state_of(table)
    civs = [p["civ"] for p in state["players"]]
    seats = {s.position: s.user.username for s in table.seats.all()}
    assert seats[0] == "alice"
    by_user = {seats[i]: civ for i, civ in enumerate(civs)}
    assert by_user["alice"] == "klingon" and by_user["charlie"] == "romulan"
    assert by_user["bob"] in catalog.CIVS and by_user["dave"] in catalog.CIVS
    assert len(set(civs)) == 4  # random seats never repeat a chosen civilization
    assert state["phase"] != "choose_civ"
    assert all(p["advancements"] for p in state["players"])  # the civilizations' setup was done


def test_a_taken_civilization_is_refused_in_the_lobby(alice, bob):  # type: ignore[no-untyped-def]
    _client(alice).post(reverse("table_create"), {
        "game": "ascendancy", "shown_game": "ascendancy", "num_players": "3", "faction": "ferengi"})
    table = Table.objects.get()
    _client(bob).post(reverse("table_join", args=[table.pk]), {"faction": "ferengi"})
    assert not table.seats.filter(user=bob).exists()


def test_without_lobby_choices_the_civilizations_are_chosen_at_the_table(alice, bob, charlie):  # type: ignore[no-untyped-def]
    table = _start([alice, bob, charlie], ["", "", ""])
    state = state_of(table)
    assert state["phase"] == "choose_civ"
    assert all(p["civ"] is None for p in state["players"])


@pytest.mark.rules("ascendancy:R145", "ascendancy:R150", "ascendancy:R155")
def test_the_new_table_form_offers_the_optional_rules_and_refuses_a_contradiction(alice):  # type: ignore[no-untyped-def]
    from games.ascendancy.engine import RULES

    alice.language = "it"
    alice.save()
    body = _client(alice).get(reverse("table_create") + "?game=ascendancy").content.decode()
    for spec in RULES.option_schema():
        assert f'name="opt_{spec["name"]}"' in body, spec["name"]
    assert "Cultura sfrenata" in body and "Primi turni in contemporanea" in body
    response = _client(alice).post(reverse("table_create"), {
        "game": "ascendancy", "shown_game": "ascendancy", "num_players": "3",
        "opt_extra_resources": "on", "opt_humble_origins": "on"})
    assert response.status_code == 200 and not Table.objects.exists()
    errors = " ".join(response.context["form"].errors["opt_extra_resources"])  # next to the option
    assert "non possono essere usate insieme" in errors, errors
    response = _client(alice).post(reverse("table_create"), {
        "game": "ascendancy", "shown_game": "ascendancy", "num_players": "3",
        "opt_simultaneous_first_turns": "on", "opt_unbridled_culture": "on"})
    assert response.status_code == 302
    assert Table.objects.get().options["unbridled_culture"] is True
