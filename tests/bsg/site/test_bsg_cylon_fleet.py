"""The Exodus options on the site (bsg:R910, R915, R150): the Cylon Fleet chosen on the lobby's form, the other
Exodus modules refused by name in the player's language, the board showing the Cylon Fleet board, its pursuit
track and the Viper Mark VII, in English and Italian; the Exodus cards offering their characters."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from games.bsg.presenter import name_of, players_data
from games.engine import registry
from games.models import Table
from tests.bsg.engine.helpers import exodus_game
from tests.support.pages import logged_in_clients, seeded_table, table_page
from tests.support.tables import state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast(alice, bob, charlie):  # type: ignore[no-untyped-def]
    return [alice, bob, charlie]


@pytest.mark.rules("bsg:R150", "bsg:R910")
def test_the_cylon_fleet_is_chosen_on_the_form_and_the_other_modules_are_refused(alice):
    alice.language = "it"
    alice.save()
    client = logged_in_clients([alice])[0]
    body = client.get(reverse("table_create") + "?game=bsg").content.decode()
    assert 'name="opt_exodus_cylon_fleet"' in body and "Exodus: la Flotta cylon" in body
    assert 'name="opt_exodus_conflicted_loyalties"' in body and "Entrambi i mazzi" in body
    assert 'name="opt_exodus_ionian_nebula"' not in body  # an objective now (R146)
    lonely = client.post(reverse("table_create"), {"game": "bsg", "shown_game": "bsg", "num_players": "4",
                                                    "opt_exodus_conflicted_loyalties": "both"})
    errors = " ".join(e for errs in lonely.context["form"].errors.values() for e in errs)
    assert "servono" not in errors and "scegli anche le carte di Exodus" in errors and "bsg:R127" in errors
    made = client.post(reverse("table_create"), {"game": "bsg", "shown_game": "bsg", "num_players": "4",
                                                  "opt_exodus_cylon_fleet": "on", "opt_exodus": "on",
                                                  "opt_exodus_conflicted_loyalties": "both"})
    assert made.status_code == 302
    options = Table.objects.get().options
    assert options["exodus_cylon_fleet"] is True and options["exodus_conflicted_loyalties"] == "both"


@pytest.mark.rules("bsg:R910", "bsg:R915", "bsg:R916")
def test_the_board_shows_the_cylon_fleet_and_its_pursuit_track(cast):
    table = seeded_table("bsg", cast, seed=4, exodus_cylon_fleet=True)
    assert "fleet" in state_of(table)
    alice, bob = logged_in_clients(cast[:2])
    html = table_page(alice, table)
    assert 'class="bsg-cylon-fleet"' in html and 'class="bsg-pursuit"' in html
    assert html.count('class="bsg-pursuit-space') == 7 and html.count('class="bsg-fleet-area"') == 6
    assert "Vipers Mark VII: 0 in the Reserves, 4 damaged" in html
    cast[1].language = "it"
    cast[1].save()
    italian = unescape(table_page(bob, table))
    assert "Flotta cylon" in italian and "Contatore dell'inseguimento" in italian
    assert "Viper Mark VII: 0 nelle Riserve, 4 danneggiati" in italian
    base = seeded_table("bsg", cast, seed=4)
    assert 'class="bsg-cylon-fleet"' not in table_page(alice, base)


@pytest.mark.rules("bsg:R150", "bsg:R104")
def test_a_table_with_the_exodus_cards_offers_the_exodus_characters(cast):
    table = seeded_table("bsg", cast, seed=4, exodus=True)
    state = state_of(table)
    chooser = cast[state["chooser"]]
    html = unescape(table_page(logged_in_clients([chooser])[0], table))
    assert "Felix Gaeta" in html and "Tory Foster" in html
    base = seeded_table("bsg", cast, seed=4)
    chooser = cast[state_of(base)["chooser"]]
    assert "Felix Gaeta" not in unescape(table_page(logged_in_clients([chooser])[0], base))


@pytest.mark.rules("bsg:R913", "bsg:R915")
def test_the_cylon_fleet_log_reads_in_words():
    from django.utils import translation

    from games.presenters import presenter_for

    rules, presenter = registry.get("bsg"), presenter_for("bsg")
    placed = {"ship": "basestar", "area": "upper_aft", "roll": 3}
    with translation.override("en"):
        assert presenter.event_text(rules, "fleet_ship_placed", placed) == (
            "A basestar went to the Cylon Fleet board, area Upper aft (rolled 3)."
        )
        assert presenter.event_text(rules, "pursuit_advanced", {"step": 2, "last": 6}) == (
            "The Cylon pursuit marker advanced to space 2 of 6."
        )
    with translation.override("it"):
        assert presenter.event_text(rules, "fleet_ship_placed", placed) == (
            "Un basestar va sul tabellone della Flotta cylon, area Poppa superiore (tiro: 3)."
        )


@pytest.mark.rules("bsg:R410")
def test_a_final_five_card_shown_to_everyone_stays_named_on_the_players_panel():
    rules = registry.get("bsg")
    state = exodus_game(3, ["gaius_baltar", "william_adama", "kara_thrace"], exodus_conflicted_loyalties="both")
    card = next(c for c in state["decks"]["loyalty_box"] if c.startswith("final_five_"))
    state["decks"]["loyalty_box"].remove(card)
    state["players"][1]["loyalty"].append(card)
    assert not players_data(rules.view(state, 0), {})["players"][1]["shown"]
    state["public_loyalty"] = [card]
    shown = players_data(rules.view(state, 0), {})["players"][1]["shown"]
    assert [s["name"] for s in shown] == [name_of(card)]
