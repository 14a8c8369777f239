"""The New Caprica board on the page (bsg:R820, R826, R833): once the phase begins the page shows the planet's
locations with the characters and the occupation forces, every seat's forms are its legal commands (the
planet's moves among them), and no secret leaks."""

from __future__ import annotations

import pytest

from games.bsg.engine import new_caprica
from games.bsg.engine.state import Ctx
from games.engine.core import Rng
from tests.bsg.engine.helpers import to_step
from tests.bsg.engine.test_new_caprica import nc_game
from tests.bsg.site.test_bsg_page import RULES, _check_page
from tests.support.pages import load_state, logged_in_clients, seeded_table

pytestmark = pytest.mark.django_db


@pytest.mark.rules("bsg:R820", "bsg:R826", "bsg:R833")
def test_the_page_shows_the_new_caprica_board_and_its_moves(make_user):  # type: ignore[no-untyped-def]
    users = [make_user(f"colonist{i}") for i in range(5)]
    table = seeded_table("bsg", users, seed=1, pegasus=True)
    state = nc_game()
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    new_caprica.begin(ctx)
    new_caprica.activate_occupation(ctx)
    state = to_step(state, "move")
    load_state(RULES, table, state)
    clients = logged_in_clients(users)
    for seat, client in enumerate(clients):
        html = _check_page(client, table, seat)
        assert 'id="bsg-loc-resistance_hq"' in html and 'id="bsg-loc-shipyard"' in html
        assert "occupation forces: 1" in html
    html = _check_page(clients[state["current"]], table, state["current"])
    assert "Move to Shipyard" in html and "Move to Command" not in html
