"""The new-table form (issue 11, item 15): it proposes the game's usual player count, shows the options
that apply to the chosen count, folds the rulebook details and the other counts' options away, and the
engine still refuses a wrong mix on the server."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import registry
from games.models import Table

pytestmark = pytest.mark.django_db


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def _section(body: str, css: str) -> str:
    """The inner HTML of the first ``<details>``/``<fieldset>`` with class ``css`` ("" if none)."""
    match = re.search(rf'<(details|fieldset) class="[^"]*\b{css}\b[^"]*"[^>]*>(.*?)</\1>', body, re.S)
    return match.group(2) if match else ""


def _names(html: str) -> set[str]:
    return set(re.findall(r'name="(opt_\w+)"', html))


def test_the_form_proposes_the_usual_count_not_one_player(alice):
    body = _client(alice).get(reverse("table_create"), {"game": "kemble"}).content.decode()
    selected = re.search(r'<select name="num_players"[^>]*>.*?<option value="(\d)" selected', body, re.S)
    assert selected is not None and selected.group(1) == str(registry.get("kemble").default_players()) == "2"


def test_a_two_player_kemble_table_folds_solo_wingmen_and_rulebook_details_away(alice):
    body = _client(alice).get(reverse("table_create"), {"game": "kemble"}).content.decode()
    main = _names(_section(body, "options"))
    details = _names(_section(body, "options-details"))
    others = _names(_section(body, "options-other-counts"))
    assert {"opt_tunnel_vision", "opt_special_cards", "opt_tunnel_deck"} <= main
    assert {"opt_solo_scenario", "opt_solo_goal", "opt_wingmen"} == others
    assert {"opt_fire_action", "opt_black_hole_entry", "opt_fatal_payments"} <= details
    assert not (main & details) and not (main & others)


def test_changing_the_count_brings_that_counts_options_forward_and_keeps_the_choices(alice):
    response = _client(alice).get(
        reverse("table_create"),
        {"game": "kemble", "shown_game": "kemble", "num_players": "1", "title": "Solo night",
         "opt_tunnel_vision": "on", "opt_solo_goal": "destroy_boss"},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert "<html" not in body
    main = _section(body, "options")
    assert {"opt_solo_scenario", "opt_solo_goal", "opt_tunnel_vision"} <= _names(main)
    assert "opt_wingmen" in _names(_section(body, "options-other-counts"))
    assert re.search(r'<option value="destroy_boss" selected>', main)
    assert re.search(r'name="opt_tunnel_vision"[^>]*checked', main)
    assert 'value="Solo night"' in body


def test_a_hostile_count_in_the_query_shows_the_form_anyway(alice):
    response = _client(alice).get(
        reverse("table_create"), {"game": "kemble", "shown_game": "kemble", "num_players": "<x>" * 50}
    )
    assert response.status_code == 200
    assert "opt_wingmen" in _names(_section(response.content.decode(), "options-other-counts"))


def test_a_folded_option_is_still_refused_on_the_server_for_the_wrong_count(alice):
    response = _client(alice).post(
        reverse("table_create"),
        {"game": "kemble", "shown_game": "kemble", "num_players": "2", "opt_solo_goal": "destroy_boss"},
    )
    assert response.status_code == 200
    assert not Table.objects.exists()
    body = response.content.decode()
    assert "The solo goal applies to 1 player only" in body


def test_the_folded_sections_are_translated(make_user):
    body = _client(make_user("giulia", language="it")).get(reverse("table_create"), {"game": "kemble"}).content.decode()
    assert "Dettagli del regolamento" in body and "Solo con questo numero di giocatori: 1." in body


def test_a_detail_kept_by_the_count_reload_reaches_the_table(alice):
    """The reload after a count change keeps a rulebook detail chosen before it (folded, still chosen),
    and the form it sends back creates the table with it (during the reload: the browser test)."""
    client = _client(alice)
    body = client.get(
        reverse("table_create"),
        {"game": "tng", "shown_game": "tng", "num_players": "3", "opt_mission_cost": "free",
         "opt_battle_draw": "refill_hand"},
        headers={"HX-Request": "true"},
    ).content.decode()
    details = _section(body, "options-details")
    assert re.search(r'<option value="free" selected>', details)
    assert re.search(r'<option value="refill_hand" selected>', details)
    # Post back what the reloaded form holds, as the browser would, with one more detail chosen after it.
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', body))
    for name, options in re.findall(r'<select name="(\w+)"(.*?)</select>', body, re.S):
        selected = re.search(r'<option value="([^"]*)" selected', options)
        if selected:
            fields[name] = selected.group(1)
    fields["opt_shields"] = "battle"
    response = client.post(reverse("table_create"), fields)
    assert response.status_code == 302
    table = Table.objects.latest("pk")
    assert table.num_players == 3
    assert table.options["mission_cost"] == "free"
    assert table.options["battle_draw"] == "refill_hand"
    assert table.options["shields"] == "battle"
