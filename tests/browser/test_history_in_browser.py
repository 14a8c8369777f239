"""What a player sees over days (issue 11, items 8 and 10), in a real browser: the whole log, loaded as the
reader scrolls back; the "games waiting for you" badge and the tab's title, pushed to a page that is not
the table's."""

from __future__ import annotations

import pytest

from tests.browser.helpers import (
    LIVE_TIMEOUT,
    join_from_lobby,
    login,
    mark,
    open_table,
    start_game,
    unreloaded,
    version,
    wait_version_above,
)
from tests.live.harness import LiveSite

PAGE = 3


@pytest.fixture(scope="module")
def paged_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A site whose log pages hold a few lines, so that a short game has many pages."""
    site = LiveSite.create(tmp_path_factory.mktemp("paged"), extra_env={"HYPERLANE_LOG_PAGE_LINES": str(PAGE)})
    yield site
    site.stop()


def _step(page, selector: str) -> None:  # type: ignore[no-untyped-def]
    before = version(page)
    page.locator(selector).first.click()
    wait_version_above(page, before)


def test_scrolling_back_loads_the_whole_log(browser, paged_site, shots):
    context = browser.new_context()
    try:
        alice = login(context, paged_site, "alice")
        errors: list[str] = []
        alice.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        open_table(alice, paged_site, "toy", 1)
        start_game(alice)
        for _ in range(2):  # two rounds: a bid, the automatic reveal, three steps, the end of the turn
            alice.wait_for_selector("#frag-decision button[data-kind=bid]", timeout=LIVE_TIMEOUT)
            _step(alice, "#frag-decision button[data-kind=bid]")
            alice.wait_for_selector("#frag-decision button[data-kind=advance]", timeout=LIVE_TIMEOUT)
            for _ in range(3):
                _step(alice, "#frag-decision button[data-kind=advance]")
            _step(alice, "#frag-decision button[data-kind=end_turn]")
        alice.wait_for_selector("#frag-decision button[data-kind=bid]", timeout=LIVE_TIMEOUT)
        alice.locator("#frag-decision button[data-kind=bid]").first.click()  # the third point ends the game
        alice.wait_for_selector("#frag-result:not(.empty)", timeout=LIVE_TIMEOUT)
        alice.reload()
        lines = alice.locator("#log-entries > li[data-id]")
        # Pages load while the control that loads them shows: until the box is full, or the log complete.
        alice.wait_for_function(
            "() => { const box = document.getElementById('log-entries');"
            " return !box.querySelector('.log-earlier') || box.scrollHeight > box.clientHeight; }",
            timeout=LIVE_TIMEOUT,
        )
        # Scroll back to the top until there is nothing earlier: each page comes in above the lines read.
        for _ in range(40):
            if alice.locator("#log-entries .log-earlier").count() == 0:
                break
            count = lines.count()
            alice.evaluate("document.getElementById('log-entries').scrollTop = 0")
            alice.wait_for_function(
                f"() => document.querySelectorAll('#log-entries > li[data-id]').length > {count}"
                " || !document.querySelector('#log-entries .log-earlier')",
                timeout=LIVE_TIMEOUT,
            )
        assert alice.locator("#log-entries .log-earlier").count() == 0
        ids = [int(i) for i in alice.eval_on_selector_all("#log-entries > li[data-id]", "els => els.map(e => e.dataset.id)")]
        assert ids == sorted(set(ids)) and len(ids) > 3 * PAGE
        assert errors == [], errors
        shots(alice, "whole-log")
    finally:
        context.close()


def test_the_badge_and_the_title_follow_a_page_that_is_not_the_table(browser_site, new_player, shots):
    alice, bob = new_player("alice"), new_player("bob")
    table_id = open_table(alice, browser_site, "toy", 2)
    join_from_lobby(bob, table_id)
    bob.goto(browser_site.url + "/")  # Bob waits in the lobby
    bob.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
    mark(bob)
    assert bob.locator("#waiting-badge").get_attribute("data-count") == "0"
    assert not bob.title().startswith("(")
    alice.reload()
    start_game(alice)  # both must bid: the game now waits on Bob
    bob.wait_for_function("() => document.getElementById('waiting-badge').dataset.count === '1'",
                          timeout=LIVE_TIMEOUT)
    bob.wait_for_function("() => document.title.startsWith('(1) ')", timeout=LIVE_TIMEOUT)
    assert bob.locator("#waiting-badge a.badge").inner_text().startswith("1")
    assert unreloaded(bob)
    shots(bob, "lobby-badge-pushed")
    # Bob opens the table and bids: the table's own socket takes the badge and the title back to none.
    bob.goto(browser_site.url + f"/tables/{table_id}/")
    assert bob.title().startswith("(1) ")
    bob.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
    bob.locator("#frag-decision button[data-kind=bid]").first.click()
    bob.wait_for_function("() => document.getElementById('waiting-badge').dataset.count === '0'",
                          timeout=LIVE_TIMEOUT)
    bob.wait_for_function("() => !document.title.startsWith('(')", timeout=LIVE_TIMEOUT)
