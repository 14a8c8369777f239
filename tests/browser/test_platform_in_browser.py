"""Two players in separate browsers: create, join, start, play; each page updates live, no reload."""

from __future__ import annotations

import json

from tests.browser.helpers import (
    LIVE_TIMEOUT,
    follow_live,
    join_from_lobby,
    names_card,
    open_table,
    start_game,
    unreloaded,
    version,
    wait_form_settled,
)


def test_two_players_create_join_start_and_play_live(browser_site, new_player, shots):
    site = browser_site
    alice, bob = new_player("alice"), new_player("bob")

    # Alice opens a table of the test game through the visible form.
    table_id = open_table(alice, site, "toy", 2)
    shots(alice, "1-alice-open-table")

    # Bob finds it in the lobby and joins; Alice starts it.
    bob.goto(site.url + "/")
    shots(bob, "1b-bob-lobby")
    # Bob reads the site in Italian: find controls by what they do, not by their words.
    join_from_lobby(bob, table_id)
    alice.reload()
    start_game(alice)
    alice.wait_for_selector("#frag-decision button")
    bob.reload()
    bob.wait_for_selector("#frag-decision button")
    follow_live(alice, bob)
    shots(alice, "2-alice-first-decision")

    # Alice bids: Bob's page shows it (a new version) without a reload, and never shows her card.
    alice_card = json.loads(alice.locator("#frag-decision button[data-kind=bid]").first.get_attribute("data-args"))["card"]
    assert names_card(alice.content(), alice_card)  # her own page shows it: what Bob's must not
    alice.locator("#frag-decision button[data-kind=bid]").first.click()
    bob.wait_for_function("() => document.querySelector('#frag-status').dataset.version === '2'", timeout=LIVE_TIMEOUT)
    assert unreloaded(bob)
    assert not names_card(bob.content(), alice_card)
    shots(bob, "3-bob-after-alice-bid")

    # Bob bids: the automatic reveal runs in the worker; both pages move on by themselves.
    bob.locator("#frag-decision button[data-kind=bid]").first.click()
    for page in (alice, bob):
        page.wait_for_function("() => Number(document.querySelector('#frag-status').dataset.version) >= 4", timeout=LIVE_TIMEOUT)
        assert unreloaded(page)
    # Whoever won the bid takes a turn of steps and ends it; the other page follows live.
    active, other = (alice, bob) if alice.locator("#frag-decision button[data-kind=advance]").count() else (bob, alice)
    before = version(other)
    active.locator("#frag-decision button[data-kind=advance]").first.click()
    other.wait_for_function(f"() => Number(document.querySelector('#frag-status').dataset.version) > {before}", timeout=LIVE_TIMEOUT)
    before_undo = version(active)
    active.locator("#frag-decision form.undo button").click()
    active.wait_for_function(
        f"() => Number(document.querySelector('#frag-status').dataset.version) > {before_undo}", timeout=LIVE_TIMEOUT
    )
    shots(active, "3b-after-undo")
    active.locator("#frag-decision button[data-kind=end_turn]").click()
    for page in (alice, bob):
        page.wait_for_selector("#frag-decision button[data-kind=bid]", timeout=LIVE_TIMEOUT)
        assert unreloaded(page)
    shots(alice, "4-alice-next-round")
    shots(bob, "4-bob-next-round")


def test_an_illegal_post_shows_its_message_next_to_the_control(browser_site, new_player, shots):
    alice = new_player("alice")
    open_table(alice, browser_site, "toy", 1)
    start_game(alice)
    button = alice.locator("#frag-decision button[data-kind=bid]").first
    button.wait_for()
    alice.wait_for_function("() => document.body.dataset.ws === 'open'")
    # Tamper with the control as a confused client might: the server refuses, the message shows in place.
    alice.evaluate("""() => { const f = document.querySelector('#frag-decision form.command');
        f.querySelector('input[name=args]').value = '{"card": "c999"}'; }""")
    button.click()
    error = alice.locator("#frag-decision .form-error [role=alert]").first
    error.wait_for(timeout=LIVE_TIMEOUT)
    assert "toy:R3" in error.inner_text()
    shots(alice, "illegal-move-message")


def test_a_one_time_notice_goes_once_the_game_moves_on(browser_site, new_player, shots):
    """"The game has started" is news once; it is not kept at the top for the whole game (static/js/app.js)."""
    site = browser_site
    alice, bob = new_player("alice"), new_player("bob")
    table_id = open_table(alice, site, "toy", 2)
    join_from_lobby(bob, table_id)
    alice.reload()
    start_game(alice)  # two players must both bid: nothing moves until Alice does
    alice.wait_for_selector("#frag-decision button[data-kind=bid]")
    alice.wait_for_function("() => document.body.dataset.ws === 'open'")
    shots(alice, "notice-after-start")
    assert alice.locator("ul.messages").count() == 1
    before = version(alice)
    alice.locator("#frag-decision button[data-kind=bid]").first.click()
    alice.wait_for_function(f"() => Number(document.querySelector('#frag-status').dataset.version) > {before}",
                            timeout=LIVE_TIMEOUT)
    alice.wait_for_function("() => !document.querySelector('ul.messages')", timeout=LIVE_TIMEOUT)
    shots(alice, "notice-gone-after-a-move")


def test_the_error_pages_go_back_link_goes_back(browser_site, new_player):
    """The 404's "Go back" was a javascript: URL, which the Content-Security-Policy refuses: it did nothing
    (and the fixture's check of refused scripts now fails on it)."""
    page = new_player("alice")
    page.goto(browser_site.url + "/tables/new/")
    page.goto(browser_site.url + "/no/such/page/")
    page.locator("a[data-go-back]").click()
    page.wait_for_url(browser_site.url + "/tables/new/")


def test_swapping_a_form_whose_fields_carry_a_style_breaks_no_policy(browser_site, new_player):
    """htmx "settles" a swapped element by copying its old ``style`` attribute onto the new one, which the
    Content-Security-Policy refuses: a field styled by the page's script or a browser extension (a
    password manager's icon, a spell checker) made every change of the new-table form a CSP violation.
    The fixture fails the test on any refusal."""
    page = new_player("alice")
    page.goto(browser_site.url + "/tables/new/")
    page.locator("select[name=game]").select_option("kemble")
    wait_form_settled(page, "shown_game", "kemble")
    page.evaluate("() => document.querySelectorAll('#create-form [id]').forEach(el => { el.style.outline = '1px solid red'; })")
    page.locator("select[name=num_players]").select_option("3")
    page.wait_for_function("() => document.querySelector('select[name=num_players]').value === '3' && "
                           "!document.querySelector('#id_title').hasAttribute('style')")
