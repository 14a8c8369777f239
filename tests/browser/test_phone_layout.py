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
    grid = _rect(alice.locator(".kb-grid"))
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
