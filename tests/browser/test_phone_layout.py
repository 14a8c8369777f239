"""Kemble on a phone (issue 11, item 12), and on a desktop: the page is never wider than the screen,
during the game and once it is over; the turret arrows do not cover the player's own ship; the turn's
controls (end the turn, overload, power-ups) sit next to the board, not a screen above it."""

from __future__ import annotations

import pytest

from tests.browser.helpers import LIVE_TIMEOUT, open_table, start_game, version, wait_version_above

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def _page_width(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"))


def _rect(locator) -> dict[str, float]:  # type: ignore[no-untyped-def]
    box = locator.bounding_box()
    assert box is not None
    return box


def _overlap(a: dict[str, float], b: dict[str, float]) -> float:
    """The area two boxes share (0: they do not touch)."""
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


def _wait_phase(page, phase: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function(
        f"() => document.querySelector('.kemble') && document.querySelector('.kemble').dataset.phase === '{phase}'",
        timeout=LIVE_TIMEOUT,
    )


def _click(page, selector: str) -> None:  # type: ignore[no-untyped-def]
    before = version(page)
    page.locator(selector).first.click()
    wait_version_above(page, before)


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_kemble_fits_the_screen_from_the_first_turn_to_the_end(browser_site, new_player, shots, screen):
    width, height = screen["viewport"]["width"], screen["viewport"]["height"]  # type: ignore[index]
    alice = new_player("alice", **screen)
    open_table(alice, browser_site, "kemble", 1)
    start_game(alice)
    alice.wait_for_selector("#frag-decision button[data-kind=bid]")
    assert _page_width(alice) <= width, _page_width(alice)
    _click(alice, "#frag-decision button[data-kind=bid]")
    _wait_phase(alice, "turn")
    _click(alice, ".kb-q form.kb-cmd-enter button")
    alice.wait_for_selector(".kb-ship.me")
    shots(alice, "1-on-the-board")
    assert _page_width(alice) <= width, _page_width(alice)

    # The turret arrows sit around my ship, not on it.
    ship = _rect(alice.locator(".kb-ship.me"))
    arrows = alice.locator(".kb-edge button")
    assert arrows.count() > 0
    for i in range(arrows.count()):
        assert _overlap(ship, _rect(arrows.nth(i))) == 0, (ship, _rect(arrows.nth(i)))

    # The turn's controls are next to the board: "end the turn" and the whole board fit on one screen,
    # the button above the board (my cards come after the board once the bids are in).
    end_turn = _rect(alice.locator("#frag-decision button[data-kind=end_turn]"))
    top, bottom = _rect(alice.locator("#k-cols")), _rect(alice.locator(".kb-gridrow").last)
    grid = {"y": top["y"], "height": bottom["y"] + bottom["height"] - top["y"]}  # the play area's rows
    assert end_turn["y"] + end_turn["height"] <= grid["y"]
    assert grid["y"] + grid["height"] - end_turn["y"] <= height, (end_turn, grid)
    alice.locator("#frag-decision").scroll_into_view_if_needed()
    shots(alice, "2-turn-controls")

    # Resigning ends the solo game: the finished page fits the screen too.
    alice.on("dialog", lambda dialog: dialog.accept())
    alice.locator(".table-actions form[hx-post$='/resign/'] button").click()
    alice.wait_for_selector("#frag-result:not(.empty)", timeout=LIVE_TIMEOUT)
    alice.reload()
    alice.wait_for_selector("#frag-result h2")
    shots(alice, "3-game-over")
    assert _page_width(alice) <= width, _page_width(alice)


#: Words of a card's name or type that the browser split across two lines (``overflow-wrap: anywhere``
#: breaks a word that does not fit, with no hyphen: "Requisizio / ne", "PERSONAGGI / O").
SPLIT_WORDS = """() => {
  const split = [];
  for (const el of document.querySelectorAll('.tng-card .tc-name, .tng-card .tc-type')) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
        if (tops.size > 1) split.push(m[0]);
      }
    }
  }
  return split;
}"""


def test_tng_cards_keep_their_words_whole_on_a_phone(browser_site, new_player, shots):
    """Bob reads Italian, whose card names and types are long: on a phone the Starbase's cards were three
    to a row, too narrow for them, and the words broke in the middle."""
    alice = new_player("alice", **DESKTOP)
    bob = new_player("bob", **PHONE)
    table_id = open_table(alice, browser_site, "tng", 2)
    bob.goto(browser_site.url + "/")
    bob.locator(f"#lobby-table-{table_id} form[action$='/join/'] button").click()
    bob.wait_for_url(f"**/tables/{table_id}/")
    alice.reload()
    start_game(alice)
    bob.reload()
    bob.wait_for_selector(".tng-search .tng-card")
    shots(bob, "tng-phone")
    assert _page_width(bob) <= 390, _page_width(bob)
    assert bob.evaluate(SPLIT_WORDS) == []
    # Each card of the page (the log, the chat) has its heading at its top, not a blank band above it.
    gaps = bob.evaluate(
        """() => Array.from(document.querySelectorAll('main section > h2:first-child'))
          .filter(h => getComputedStyle(h).position !== 'absolute')
          .map(h => h.getBoundingClientRect().top - h.parentElement.getBoundingClientRect().top)"""
    )
    assert gaps and max(gaps) < 20, gaps
