"""The Daybreak option on the site (bsg:R145, R1010, R1020, R623, R150): chosen on the lobby's form, the board
showing every player's Miracle tokens and Mutiny card count, the Assault Raptors, and a player's own Mutiny
cards to him alone, in English and Italian; a Cylon Leader refused with Daybreak until its Motives exist."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from games.bsg.engine.state import CONTENT, card_id
from games.bsg.presenter import name_of
from games.engine import registry
from games.models import Table
from tests.support.pages import load_state, logged_in_clients, seeded_table, table_page
from tests.support.tables import state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast(alice, bob, charlie):  # type: ignore[no-untyped-def]
    return [alice, bob, charlie]


@pytest.mark.rules("bsg:R150", "bsg:R804")
def test_daybreak_is_chosen_on_the_form_with_or_without_a_cylon_leader(alice):
    client = logged_in_clients([alice])[0]
    made = client.post(reverse("table_create"), {"game": "bsg", "shown_game": "bsg", "num_players": "4",
                                                  "opt_daybreak": "on", "opt_pegasus": "on"})
    assert made.status_code == 302 and Table.objects.get().options["daybreak"] is True
    leader = client.post(reverse("table_create"), {"game": "bsg", "shown_game": "bsg", "num_players": "4",
                                                    "opt_daybreak": "on", "opt_pegasus": "on",
                                                    "opt_cylon_leader": "on"})  # his Motive cards (RULINGS G134)
    assert leader.status_code == 302
    assert Table.objects.order_by("-pk").first().options["cylon_leader"] is True


@pytest.mark.rules("bsg:R1010", "bsg:R1020", "bsg:R623")
def test_the_board_shows_miracle_tokens_mutiny_counts_and_assault_raptors(cast):
    table = seeded_table("bsg", cast, seed=4, daybreak=True)
    state = state_of(table)
    card = state["decks"]["mutiny"].pop()
    state["players"][1]["mutiny"].append(card)
    state["daybreak"]["assault_raptors"]["space"]["fore"] = 1
    state["daybreak"]["assault_raptors"]["reserves"] -= 1
    load_state(registry.get("bsg"), table, state)
    alice, bob = logged_in_clients(cast[:2])
    html = unescape(table_page(alice, table))
    assert html.count("Miracle tokens: 1") == 3 and "Mutiny cards: 1" in html and "Mutiny cards: 0" in html
    assert "1 Assault Raptor" in html and "Assault Raptors in the Reserves:" in html
    name = name_of(card_id(card))
    assert "Your Mutiny cards" not in html and f'data-card="{card}"' not in html
    mine = unescape(table_page(bob, table))
    assert "Your Mutiny cards" in mine and f'data-card="{card}"' in mine and name in mine
    cast[1].language = "it"
    cast[1].save()
    italian = unescape(table_page(bob, table))
    assert "Segnalini Miracolo: 1" in italian and "Carte Ammutinamento: 1" in italian
    assert "Le tue carte Ammutinamento" in italian


@pytest.mark.rules("bsg:R1020")
def test_a_mutiny_card_in_the_log_is_named_by_its_card_not_its_id():
    """A Mutiny card's physical id (``mutiny_<name>.<copy>``) reads as its card's name, as every other card."""
    card = next(iter(CONTENT.mutiny))
    assert name_of(f"{card}.8") == CONTENT.mutiny[card].name != f"{card}.8"
