"""The Ionian Nebula on the page (bsg:R945, R963, R964, R944): the allies in their locations, each seat's own
trauma tokens and Crossroads card in its own part only, the commit forms, the Crossroads panel, and no secret
leaking to another seat or a spectator."""

from __future__ import annotations

import pytest

from games.bsg.engine import trauma
from tests.bsg.engine.test_ionian import auto, crossroads_now
from tests.bsg.site.test_bsg_page import RULES, _check_page
from tests.support.pages import load_state, logged_in_clients, seeded_table

pytestmark = pytest.mark.django_db


@pytest.mark.rules("bsg:R945", "bsg:R963", "bsg:R964", "bsg:R944")
def test_the_page_shows_the_allies_and_keeps_the_crossroads_cards_secret(make_user):  # type: ignore[no-untyped-def]
    users = [make_user(f"pilot{i}") for i in range(5)]
    table = seeded_table("bsg", users, seed=1, exodus=True, objective="ionian_nebula")
    state = auto(auto(crossroads_now()))  # the battle, the deal: the commitments are due
    load_state(RULES, table, state)
    clients = logged_in_clients(users)
    cards = state["crossroads"]["cards"]
    names = {seat: trauma.data().crossroads[card].name for seat, card in cards.items()}
    for seat, client in enumerate(clients):
        html = _check_page(client, table, seat)
        assert 'id="bsg-ionian"' in html and "Crossroads card face down" in html
        for a in state["ionian"]["allies"]:
            assert f'data-ally="{a["card"]}"' in html
        assert f'data-card="{cards[str(seat)]}"' in html  # his own card, in his own part
        for other, card in cards.items():
            if int(other) != seat:
                assert f'data-card="{card}"' not in html and names[other] not in html
        assert "beside your Crossroads card" in html  # his commit forms
    anonymous = _check_page(logged_in_clients([make_user("watcher")])[0], table, None)
    assert not any(name in anonymous for name in names.values())
