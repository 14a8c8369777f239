"""Two players in separate browsers: create, join, start, play; each page updates live, no reload."""

from __future__ import annotations

import re

from tests.browser.conftest import login


def _mark(page) -> None:  # type: ignore[no-untyped-def]
    page.evaluate("window.__noReloadMarker = 'still-here'")


def _unreloaded(page) -> bool:  # type: ignore[no-untyped-def]
    return page.evaluate("window.__noReloadMarker") == "still-here"


def _version(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.locator("#frag-status").get_attribute("data-version") or "0")


def test_two_players_create_join_start_and_play_live(browser, browser_site, shots):
    site = browser_site
    alice_ctx, bob_ctx = browser.new_context(), browser.new_context()
    alice = login(alice_ctx, site, "alice")
    bob = login(bob_ctx, site, "bob")

    # Alice opens a table of the test game through the visible form.
    alice.goto(site.url + "/tables/new/")
    alice.locator("select[name=game]").select_option("toy")
    alice.wait_for_load_state("networkidle")
    alice.locator("select[name=num_players]").select_option("2")
    alice.get_by_role("button", name=re.compile("Open the table")).click()
    alice.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_url = alice.url
    shots(alice, "1-alice-open-table")

    # Bob finds it in the lobby and joins; Alice starts it.
    bob.goto(site.url + "/")
    shots(bob, "1b-bob-lobby")
    table_id = re.search(r"/tables/(\d+)/$", table_url).group(1)
    # Bob reads the site in Italian: find controls by what they do, not by their words.
    bob.locator(f"#lobby-table-{table_id} form[action$='/join/'] button").click()
    bob.wait_for_url(re.compile(r"/tables/\d+/$"))
    alice.reload()
    alice.get_by_role("button", name=re.compile("Start the game")).click()
    alice.wait_for_selector("#frag-decision button")
    bob.reload()
    bob.wait_for_selector("#frag-decision button")
    _mark(alice)
    _mark(bob)
    shots(alice, "2-alice-first-decision")

    # Alice bids: Bob's page shows it (a new version) without a reload, and never shows her card.
    alice_card = alice.locator("#frag-decision button[data-kind=bid]").first.get_attribute("data-args")
    alice.locator("#frag-decision button[data-kind=bid]").first.click()
    bob.wait_for_function("() => document.querySelector('#frag-status').dataset.version === '2'", timeout=5000)
    assert _unreloaded(bob)
    assert alice_card not in bob.content()
    shots(bob, "3-bob-after-alice-bid")

    # Bob bids: the automatic reveal runs in the worker; both pages move on by themselves.
    bob.locator("#frag-decision button[data-kind=bid]").first.click()
    for page in (alice, bob):
        page.wait_for_function("() => Number(document.querySelector('#frag-status').dataset.version) >= 4", timeout=15000)
        assert _unreloaded(page)
    # Whoever won the bid takes a turn of steps and ends it; the other page follows live.
    active, other = (alice, bob) if alice.locator("#frag-decision button[data-kind=advance]").count() else (bob, alice)
    before = _version(other)
    active.locator("#frag-decision button[data-kind=advance]").first.click()
    other.wait_for_function(f"() => Number(document.querySelector('#frag-status').dataset.version) > {before}", timeout=5000)
    before_undo = _version(active)
    active.locator("#frag-decision form.undo button").click()
    active.wait_for_function(
        f"() => Number(document.querySelector('#frag-status').dataset.version) > {before_undo}", timeout=5000
    )
    shots(active, "3b-after-undo")
    active.locator("#frag-decision button[data-kind=end_turn]").click()
    for page in (alice, bob):
        page.wait_for_selector("#frag-decision button[data-kind=bid]", timeout=5000)
        assert _unreloaded(page)
    shots(alice, "4-alice-next-round")
    shots(bob, "4-bob-next-round")
    alice_ctx.close()
    bob_ctx.close()


def test_an_illegal_post_shows_its_message_next_to_the_control(browser, browser_site, shots):
    site = browser_site
    ctx = browser.new_context()
    alice = login(ctx, site, "alice")
    alice.goto(site.url + "/tables/new/")
    alice.locator("select[name=game]").select_option("toy")
    alice.wait_for_load_state("networkidle")
    alice.locator("select[name=num_players]").select_option("1")
    alice.get_by_role("button", name=re.compile("Open the table")).click()
    alice.wait_for_url(re.compile(r"/tables/\d+/$"))
    alice.get_by_role("button", name=re.compile("Start the game")).click()
    button = alice.locator("#frag-decision button[data-kind=bid]").first
    button.wait_for()
    alice.wait_for_function("() => document.body.dataset.ws === 'open'")
    # Tamper with the control as a confused client might: the server refuses, the message shows in place.
    alice.evaluate("""() => { const f = document.querySelector('#frag-decision form.command');
        f.querySelector('input[name=args]').value = '{"card": "c999"}'; }""")
    button.click()
    error = alice.locator("#frag-decision .form-error [role=alert]").first
    error.wait_for(timeout=5000)
    assert "toy:R3" in error.inner_text()
    shots(alice, "illegal-move-message")
    ctx.close()
