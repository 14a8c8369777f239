"""The New Caprica board on the page (bsg:R820, R826, R833): once the phase begins the page shows the planet's
locations with the characters and the occupation forces, every seat's forms are its legal commands (the
planet's moves among them), and no secret leaks."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.bsg.engine import new_caprica
from games.bsg.engine.state import CONTENT, Ctx
from games.engine.core import Rng
from games.models import Table
from tests.bsg.engine.helpers import act, to_step
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


@pytest.mark.rules("bsg:R834", "bsg:R252")
def test_the_active_player_chooses_the_evacuation_area_on_the_page(make_user):  # type: ignore[no-untyped-def]
    users = [make_user(f"evacuee{i}") for i in range(5)]
    table = seeded_table("bsg", users, seed=1, pegasus=True, objective="new_caprica")
    state = nc_game()
    new_caprica.begin(Ctx(state=state, rng=Rng.from_seed(1)))
    state = to_step(state, "crisis")
    state["new_caprica"]["returned"] = True
    state["new_caprica"]["operational"] = ["civ_pop1_a"]
    deck = state["decks"]["crisis"]  # a card of one copy: no other copy in the deck is a secret named on the page
    card = next(c for c in deck if CONTENT.crises[c].evacuation and deck.count(c) == 1)
    state["decks"]["crisis"].remove(card)
    state["crisis"], state["step"] = card, "jump"  # resolved, with its evacuation icon
    seat = state["current"]
    state = act(state, seat, "prepare_jump")
    load_state(RULES, table, state)
    clients = logged_in_clients(users)
    html = _check_page(clients[seat], table, seat)  # its forms are the legal commands: one per launch area
    assert html.count('data-kind="evacuate_civilian"') == len(new_caprica.evacuation_areas()) == 2
    assert "Evacuate the civilian ship to" in html and "civ_pop1_a" not in html
    assert re.search(r"Distance travelled: \d+ of 7", html)  # New Caprica's distance, not Kobol's 8 (R820)
    other = (seat + 1) % 5
    assert 'data-kind="evacuate_civilian"' not in _check_page(clients[other], table, other)


@pytest.mark.rules("bsg:R704", "bsg:R838")
def test_the_gas_cloud_look_shows_the_new_caprica_cards_to_the_admiral_alone(make_user):  # type: ignore[no-untyped-def]
    users = [make_user(f"cloud{i}") for i in range(5)]
    table = seeded_table("bsg", users, seed=1, pegasus=True, objective="new_caprica")
    state = to_step(nc_game(), "action")
    state["distance"] = 5
    admiral = state["admiral"]
    state["decks"]["destination"].remove("gas_cloud")
    state["prompt"] = {"kind": "destination", "seat": admiral, "cards": ["gas_cloud"], "then": "end"}
    state = act(state, admiral, "choose_destination", card="gas_cloud")
    top = state["prompt"]["cards"]
    load_state(RULES, table, state)
    clients = logged_in_clients(users)
    html = _check_page(clients[admiral], table, admiral)
    assert html.count('data-kind="arrange_cards"') == 6  # the 3 New Caprica cards in every order
    other = (admiral + 1) % 5
    assert not any(card in _check_page(clients[other], table, other) for card in top)


@pytest.mark.rules("bsg:R148", "bsg:R150", "bsg:R111")
def test_the_form_offers_new_caprica_with_pegasus_and_refuses_it_without(alice):  # type: ignore[no-untyped-def]
    client = logged_in_clients([alice])[0]
    form = client.get(reverse("table_create"), {"game": "bsg"}).content.decode()
    select = re.search(r'<select[^>]*name="opt_objective".*?</select>', form, re.S)
    assert select is not None and "disabled" not in select.group(0)
    assert re.search(r'<option value="new_caprica"(?![^>]*disabled)', select.group(0))
    made = client.post(reverse("table_create"), {"game": "bsg", "shown_game": "bsg", "num_players": "4",
                                                 "opt_pegasus": "on", "opt_objective": "new_caprica"})
    assert made.status_code == 302 and Table.objects.get().options["objective"] == "new_caprica"
    refused = client.post(reverse("table_create"), {"game": "bsg", "shown_game": "bsg", "num_players": "4",
                                                    "opt_objective": "new_caprica"})
    errors = " ".join(e for errs in refused.context["form"].errors.values() for e in errs)
    assert "bsg:R150" in errors and Table.objects.count() == 1


@pytest.mark.rules("bsg:R834")
def test_after_the_return_the_status_shows_the_return_instead_of_the_jump_track() -> None:
    """R834 (L870): after Galactica's return the jump track is no longer used; the status says so instead."""
    from django.utils import translation

    from games.bsg import presenter

    state = nc_game()
    new_caprica.begin(Ctx(state=state, rng=Rng.from_seed(1)))
    before = presenter.status_data(RULES.view(state, 0), {})
    assert len(before["jump"]) == len(CONTENT.board.jump_track) and before["returned"] == ""
    state["new_caprica"]["returned"] = True
    after = presenter.status_data(RULES.view(state, 0), {})
    assert after["jump"] == [] and "no longer used" in after["returned"]
    with translation.override("it"):
        assert "non è più usato" in presenter.status_data(RULES.view(state, 0), {})["returned"]
