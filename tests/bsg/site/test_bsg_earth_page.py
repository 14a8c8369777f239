"""Daybreak's Earth objective on the page (bsg:R1050, R1053, R1060, R1052): the Demetrius with its locations and
the Active Mission space, the Rebel Basestar once "Cylon Civil War" has put it in play, the moves to them among
the seat's forms, the Earth card's distance; in English and Italian, and no secret leaks."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.bsg import presenter
from games.bsg.engine.rules import RULES
from tests.bsg.engine.helpers import start_game, to_step
from tests.bsg.engine.test_earth import EARTH, earth_game
from tests.bsg.site.test_bsg_page import _check_page
from tests.support.pages import load_state, logged_in_clients, seeded_table


@pytest.mark.rules("bsg:R1050", "bsg:R1053", "bsg:R1060")
def test_the_board_shows_the_demetrius_its_active_mission_and_the_rebel_basestar_when_in_play() -> None:
    state = earth_game()
    ships = presenter.ships_data(RULES.view(state, 0), {0: "Ann"})["ships"]
    ids = [s["id"] for s in ships]
    assert "demetrius" in ids and "rebel_basestar" not in ids
    demetrius = next(s for s in ships if s["id"] == "demetrius")
    assert [loc["id"] for loc in demetrius["locations"]] == ["demetrius_bridge", "tactical_plot", "captains_cabin"]
    assert demetrius["lines"][0]["value"] == "none: the Bridge is open"
    state["earth"]["active"] = {"card": "search_for_home", "face_up": True}
    state["earth"]["allegiance"] = "cylon"
    ships = presenter.ships_data(RULES.view(state, 0), {0: "Ann"})["ships"]
    demetrius = next(s for s in ships if s["id"] == "demetrius")
    assert demetrius["lines"][0]["value"] == "Search for Home · distance 2"
    rebel = next(s for s in ships if s["id"] == "rebel_basestar")
    assert rebel["name"] == "Rebel Basestar (allied with the Cylons)"
    with translation.override("it"):
        ships = presenter.ships_data(RULES.view(state, 0), {0: "Ann"})["ships"]
        rebel = next(s for s in ships if s["id"] == "rebel_basestar")
        assert rebel["name"] == "Base Stellare Ribelle (alleata con i Cyloni)"
        assert next(s for s in ships if s["id"] == "demetrius")["lines"][0]["label"] == "Missione Attiva"
    status = presenter.status_data(RULES.view(state, 0), {})
    assert status["goal"] == 10
    kobol = start_game(4, ["galen_tyrol", "laura_roslin", "kara_thrace", "saul_tigh"], 1, {"daybreak": True})
    assert presenter.status_data(RULES.view(kobol, 0), {})["goal"] == 8
    assert all(s["id"] not in ("demetrius", "rebel_basestar")
               for s in presenter.ships_data(RULES.view(kobol, 0), {})["ships"])


@pytest.mark.django_db
@pytest.mark.rules("bsg:R1053", "bsg:R1061")
def test_the_page_shows_the_demetrius_and_the_moves_to_it(make_user):  # type: ignore[no-untyped-def]
    users = [make_user(f"seeker{i}") for i in range(4)]
    table = seeded_table("bsg", users, seed=1, **EARTH)
    state = to_step(earth_game(), "move")
    load_state(RULES, table, state)
    clients = logged_in_clients(users)
    for seat, client in enumerate(clients):
        html = _check_page(client, table, seat)
        assert 'id="bsg-loc-demetrius_bridge"' in html and "Active Mission" in html
        assert 'id="bsg-loc-raider_bay"' not in html
    html = _check_page(clients[state["current"]], table, state["current"])
    assert "Move to Bridge, discarding" in html
