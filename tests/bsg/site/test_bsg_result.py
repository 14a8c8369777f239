"""The end of a Battlestar Galactica game on the page (bsg:R708, RULINGS G44): a Cylon victory with no Cylon at
the table reads as every player's loss, with no empty first place and no team of nobody, in English and
Italian; with a Cylon at the table, his win and both teams."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from games import services
from games.engine import registry
from games.models import Table
from tests.bsg.engine.helpers import BASE_5, act, start_game, to_step
from tests.bsg.engine.test_loyalty import set_loyalty
from tests.support.pages import load_state, logged_in_clients, seeded_table, table_page

pytestmark = pytest.mark.django_db
RULES = registry.get("bsg")
NAMES = ("alice", "bob", "carol", "dave", "erin")


def _ended(make_user: Any, cylon: int | None) -> tuple[Table, list[Any]]:
    """A 5-player table whose food runs out at the end of the current turn (Water Sabotaged with 2 food): the
    last command, the jump preparation, goes through the services; ``cylon``: the one seat holding a Cylon card."""
    users = [make_user(n) for n in NAMES]
    table = seeded_table("bsg", users, seed=1)
    state = to_step(start_game(5, BASE_5), "crisis")
    for s in range(5):
        set_loyalty(state, s, "not_a_cylon")
    if cylon is not None:
        set_loyalty(state, cylon, "cylon_send_to_brig")
    seat = state["current"]
    state["decks"]["crisis"].append("water_sabotaged")
    state["resources"]["food"] = 2
    state = act(state, seat, "draw_crisis")
    state = act(state, seat, "activate_cylons")
    while state["activation"] is not None:
        state = act(state, seat, "activate_area", area=RULES.legal_commands(state, seat)[0].args["area"])
    load_state(RULES, table, state)
    services.command_submit(
        table_id=table.pk,
        user=users[seat],
        kind="prepare_jump",
        args={},
        expected_version=table.version,
        idempotency_key=uuid.uuid4(),
    )
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table, users


def _result_text(html: str) -> str:
    found = re.search(r'<section id="frag-result".*?</section>', html, re.S)
    assert found is not None
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(0)).split())


@pytest.mark.rules("bsg:R708")
def test_a_cylon_victory_with_no_cylon_at_the_table_reads_as_everyones_loss(make_user):
    table, users = _ended(make_user, cylon=None)
    alice, bob = logged_in_clients(users[:2])
    text = _result_text(table_page(alice, table))
    assert "The players lost together." in text
    assert "Nobody won" not in text and "Teams:" not in text
    # one shared place: the five players listed once, all at place 1
    html = table_page(alice, table)
    standings = re.search(r'<ol class="standings".*?</ol>', html, re.S)
    assert standings is not None
    assert re.findall(r'value="(\d+)"', standings.group(0)) == ["1"] * 5
    users[1].language = "it"  # Bob reads the same in Italian
    users[1].save(update_fields=["language"])
    italian = _result_text(table_page(bob, table))
    assert "I giocatori hanno perso insieme." in italian
    assert "Nessuno ha vinto" not in italian and "Squadre" not in italian


@pytest.mark.rules("bsg:R708")
def test_a_cylon_victory_with_a_cylon_at_the_table_names_him_and_both_teams(make_user):
    table, users = _ended(make_user, cylon=3)
    (alice,) = logged_in_clients(users[:1])
    text = _result_text(table_page(alice, table))
    assert "Winner: dave" in text
    assert re.search(r"Teams: alice bob carol erin · dave", text), text


@pytest.mark.rules("bsg:R711")
def test_after_the_end_each_seat_reads_its_own_revealed_loyalty_cards_not_none_yet(make_user):
    """The end reveals every loyalty card: a seat's own part listed its face-down cards only, and so said
    "none yet" under "Your Loyalty" on the result page (seen in the human-victory browser test)."""
    table, users = _ended(make_user, cylon=3)
    dave = logged_in_clients(users[3:4])[0]
    own = re.search(r'<ul class="bsg-loyalty">.*?</ul>', table_page(dave, table), re.S)
    assert own is not None
    text = " ".join(re.sub(r"<[^>]+>", " ", own.group(0)).split())
    assert "none yet" not in text
    assert "Revealed: You Are a Cylon: frame-up" in text
