"""The new-table form offers Ascendancy for 1 and 2 players, played against the Borg in the Delta Quadrant
(ascendancy:R266-R268, RULINGS B40); without the Borg such a count is refused with a clear, translated text
next to the player count."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Table
from tests.support.tables import state_of, submit

pytestmark = pytest.mark.django_db


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def _post(user, players: int, **options: str):  # type: ignore[no-untyped-def]
    data = {"game": "ascendancy", "shown_game": "ascendancy", "num_players": str(players),
            **{f"opt_{k}": v for k, v in options.items()}}
    return _client(user).post(reverse("table_create"), data)


def test_the_form_offers_one_to_seven_players(alice) -> None:  # type: ignore[no-untyped-def]
    body = _client(alice).get(reverse("table_create") + "?game=ascendancy").content.decode()
    select = re.search(r'<select name="num_players".*?</select>', body, re.S)
    assert select is not None
    assert re.findall(r'<option value="(\d+)"', select.group(0)) == [str(n) for n in range(1, 8)]
    assert 'value="delta_quadrant"' in body


@pytest.mark.rules("ascendancy:R268")
def test_one_or_two_players_without_the_borg_are_refused_next_to_the_player_count(alice) -> None:  # type: ignore[no-untyped-def]
    for players in (1, 2):
        response = _post(alice, players, borg_mode="none")
        assert response.status_code == 200
        errors = response.context["form"].errors
        assert errors["num_players"] == [
            f"A game of {players} players is played against the Borg, in the Delta Quadrant. (rule ascendancy:R268)"]
    assert not Table.objects.exists()
    alice.language = "it"
    alice.save()
    response = _post(alice, 1, borg_mode="discovered")
    text = response.context["form"].errors["num_players"][0]
    assert "Borg" in text and "regola ascendancy:R268" in text and "played against" not in text


@pytest.mark.rules("ascendancy:R266", "ascendancy:R267")
def test_a_one_player_table_against_the_borg_is_created_and_starts(alice) -> None:  # type: ignore[no-untyped-def]
    response = _post(alice, 1, borg_mode="delta_quadrant")
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.num_players == 1 and table.options["borg_mode"] == "delta_quadrant"
    services.table_start(table_id=table.pk, user=alice)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    submit(table, alice, "choose_civ", civ="federation")  # the Borg are set up once the civilization is chosen
    state = state_of(table)
    assert state["n"] == 1 and "borg" in state and state["options"]["borg_mode"] == "delta_quadrant"
