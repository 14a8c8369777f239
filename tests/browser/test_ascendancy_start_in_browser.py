"""Star Trek: Ascendancy's start, as newcomers meet it in their browsers: the civilization choice (round 0) is
the first thing on the chooser's page, above anything else of the board (no empty map or consoles before the
galaxy exists), each civilization with its special rules' names; then Initiative bids (a later round's), each one
form of three amounts whose total the page keeps up to date, and a total already taken refused next to the
form with its rule (R4). Alice plays on a desktop in English, Bob on a phone in Italian, Carol on a desktop.
Screenshots: test-artifacts/screenshots/<test>/. Controls are found by structure, never by their words."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.asc_helpers import load_scenario, send_bid
from tests.browser.asc_scenario import args_json
from tests.browser.helpers import LIVE_TIMEOUT, join_from_lobby, open_table, start_game, version
from tests.browser.test_ascendancy_in_browser import WS_TRACE, _shoot, _wait_all

#: The site the module's ``players`` log in to (tests/browser/conftest.py), and what each page runs first.
LIVE_SITE = "asc_site"
PAGE_SCRIPTS = (WS_TRACE,)

CIVS = {0: "federation", 1: "klingon", 2: "romulan"}


def _acting(pages: dict[str, Any], selector: str) -> str:
    """The one page (all at one version) that shows ``selector``."""
    newest = max(version(p) for p in pages.values())
    _wait_all(pages, newest - 1)
    found = [name for name, page in pages.items() if page.locator(selector).count()]
    assert len(found) == 1, (selector, found)
    return found[0]


@pytest.mark.rules("ascendancy:R3", "ascendancy:R4")
def test_newcomers_choose_their_civilizations_first_and_bid_with_one_form(players, asc_site, request):  # type: ignore[no-untyped-def]
    from tests.browser.conftest import ARTIFACTS

    folder = ARTIFACTS / request.node.name
    folder.mkdir(parents=True, exist_ok=True)
    alice = players("alice", viewport={"width": 1280, "height": 800})
    bob = players("bob", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)  # reads Italian
    carol = players("carol", viewport={"width": 1280, "height": 800})
    table_id = open_table(alice, asc_site, "ascendancy", 3)
    for page in (bob, carol):
        join_from_lobby(page, table_id)
    alice.goto(f"{asc_site.url}/tables/{table_id}/")
    start_game(alice)
    pages = {"alice": alice, "bob": bob, "carol": carol}
    seat_of: dict[str, int] = {}
    for name, page in pages.items():
        page.goto(f"{asc_site.url}/tables/{table_id}/")
        page.wait_for_selector(".asc-board[data-seat]")
        page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
        seat_of[name] = int(page.locator(".asc-board").get_attribute("data-seat") or "-1")

    # Round 0: one seat after the other chooses, from the box at the top of its page.
    for _ in range(3):
        name = _acting(pages, "#asc-decide .asc-civ-choice")
        page = pages[name]
        for other in pages.values():  # no galaxy yet: no map, no consoles, no deck counts
            assert other.locator(".asc-map").count() == 0 and other.locator(".asc-console").count() == 0
            assert other.locator(".asc-decks").count() == 0
        choices = page.locator("#asc-decide button[data-kind=choose_civ]")
        assert choices.count() == 7 - len([s for s in seat_of.values() if s < seat_of[name]])
        assert page.locator("#asc-decide .asc-flavour").count() == choices.count()  # each with its rules' names
        first = choices.first.bounding_box()
        assert first is not None and first["y"] + first["height"] < page.viewport_size["height"]  # at first sight
        _shoot(page, folder, f"round0-{name}")
        page.screenshot(path=str(folder / f"round0-{name}-screen.png"))
        before = max(version(p) for p in pages.values())
        civ = args_json({"civ": CIVS[seat_of[name]]})
        page.locator(f"#asc-decide button[data-kind=choose_civ][data-args='{civ}']").click()
        _wait_all(pages, before)
    for page in pages.values():
        page.wait_for_selector(".asc-map")  # the galaxy, now that it exists

    # Round 1 has no bids (nobody has made First Contact yet, R2): the bids of a later round, the browser
    # scenario's (the same civilizations, every seat in contact), put on the table.
    load_scenario(asc_site, table_id)
    for page in pages.values():
        page.goto(f"{asc_site.url}/tables/{table_id}/")
        page.wait_for_selector(".asc-board[data-seat]")
        page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
    # The bids: the first takes 2; the second tries 2 in another mix (refused, next to the form), then 1.
    plans = [{"production": 2}, {"production": 1}, {}]
    for i, plan in enumerate(plans):
        name = _acting(pages, "form.asc-bid-form")
        page = pages[name]
        prompt = page.locator("#frag-decision .prompt").inner_text()
        if i == 0:
            assert prompt in ("Commit resources for turn order: no total is taken yet.",
                              "Impegna risorse per l'ordine di turno: nessun totale è ancora preso.")
        else:
            assert "2" in prompt and ": )" not in prompt
        assert page.locator("#asc-decide button[data-kind=bid]").count() == 1  # one form, not a button per mix
        _shoot(page, folder, f"bid-{name}")
        page.screenshot(path=str(folder / f"bid-{name}-screen.png"))
        before = max(version(p) for p in pages.values())
        if i == 1:  # typed by hand (send_bid would not send a total the form names as taken)
            form = page.locator("form.asc-bid-form")
            for res, n in (("production", 0), ("research", 1), ("culture", 1)):
                form.locator(f"input[name=arg_{res}]").fill(str(n))
            assert "asc-bid-taken" in (form.get_attribute("class") or "")  # the page marks it before sending
            form.locator("button[data-kind=bid]").click()
            page.wait_for_function(
                "() => /R4/.test((document.querySelector('form.asc-bid-form .form-error') || {}).textContent || '')",
                timeout=LIVE_TIMEOUT)
            error = page.locator("form.asc-bid-form .form-error").inner_text()
            assert error.startswith(("Another player already committed a total of 2",
                                     "Un altro giocatore ha già impegnato un totale di 2")), error
            assert max(version(p) for p in pages.values()) == before  # nothing was applied
            _shoot(page, folder, f"bid-refused-{name}")
            page.screenshot(path=str(folder / f"bid-refused-{name}-screen.png"))
        send_bid(page, plan)
        _wait_all(pages, before)
    for page in pages.values():  # every bid made: no form left anywhere
        assert page.locator("form.asc-bid-form").count() == 0
