"""The end of a 3-player Star Trek: Ascendancy game in three browsers: the last round's turns, the Victory
Check, and the result on every page.

Alice opens the table through the form, Bob and Carol join from the lobby, Alice starts it; the position of
tests/browser/asc_victory_scenario.py is put on the table (the last round: the Federation and the Klingons
one Authority token short of an Authority victory). Every move after that is a click on the page of the
player who must act: the Federation (Alice) and the Klingons (Bob, who reads Italian) each take their fifth
Authority token, and all three end their turns; the Victory Check (ascendancy:R140) finds two Authority
victories (R141) and gives the game to the Federation, which controls more systems (R143). Every page then
shows the result, the winner, the reason and the tie-break in its reader's language, and offers no command.
The test waits for each move to reach every page (the version they show) and never sleeps; controls are
found by structure (data-kind, data-args), never by their words.

Screenshots (desktop and phone, English and Italian) go to test-artifacts/screenshots/<test>/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.asc_helpers import load_scenario
from tests.browser.asc_victory_scenario import HUB, REASON, TIEBREAK, WINNER, choose
from tests.browser.helpers import join_from_lobby, open_table, start_game
from tests.browser.test_ascendancy_in_browser import (
    WS_TRACE,
    _button,
    _settled,
    _shoot,
    _stale_pages,
    _wait_all,
)

#: The site the module's ``players`` log in to (tests/browser/conftest.py), and what each page runs first.
LIVE_SITE = "asc_site"
PAGE_SCRIPTS = (WS_TRACE,)

#: What each page shows the result with (the platform's result fragment).
RESULT = "#frag-result:not(.empty)"


def _expected_texts(language: str) -> dict[str, Any]:
    """The result's reason and tie-break as a reader of ``language`` must see them (the catalogue's words)."""
    from django.utils import translation

    from games.engine import registry
    from games.presenters import presenter_for

    rules = registry.get("ascendancy")
    presenter = presenter_for("ascendancy")
    with translation.override(language):
        return {"reason": presenter.message_text(rules, REASON), "tiebreak": presenter.message_text(rules, TIEBREAK),
                "over": translation.gettext("Game over"),
                "columns": sorted(presenter.score_label(rules, k) for k in ("total", "authority", "systems", "homes"))}


@pytest.mark.rules("ascendancy:R20", "ascendancy:R140", "ascendancy:R141", "ascendancy:R143")
def test_the_last_round_ends_in_an_authority_victory_on_every_page(players, asc_site, request):  # type: ignore[no-untyped-def]
    from tests.browser.conftest import ARTIFACTS

    texts = {"en": _expected_texts("en"), "it": _expected_texts("it")}
    assert texts["en"]["reason"] != texts["it"]["reason"]  # the catalogue translates them
    folder = ARTIFACTS / request.node.name
    folder.mkdir(parents=True, exist_ok=True)
    alice = players("alice", viewport={"width": 1280, "height": 800})
    bob = players("bob", viewport={"width": 1280, "height": 800})  # reads Italian
    carol = players("carol", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    table_id = open_table(alice, asc_site, "ascendancy", 3)
    for page in (bob, carol):
        join_from_lobby(page, table_id)
    alice.goto(f"{asc_site.url}/tables/{table_id}/")
    start_game(alice)
    alice.wait_for_selector(".asc-board")
    load_scenario(asc_site, table_id, builder="tests.browser.asc_victory_scenario:scenario_state")
    pages = {"alice": alice, "bob": bob, "carol": carol}
    language = {"alice": "en", "bob": "it", "carol": "en"}
    seat_of: dict[str, int] = {}
    for name, page in pages.items():
        page.goto(f"{asc_site.url}/tables/{table_id}/")
        page.wait_for_selector(".asc-board[data-seat]")
        page.wait_for_function("() => document.body.dataset.ws === 'open'")
        seat_of[name] = int(page.locator(".asc-board").get_attribute("data-seat") or "-1")
        assert page.locator(f"[data-system='{HUB}']").count() == 1
    assert sorted(seat_of.values()) == [0, 1, 2]
    winner = next(n for n, s in seat_of.items() if s == WINNER)

    memo: dict[str, Any] = {}
    clicked: list[tuple[str, str]] = []
    for _ in range(30):
        newest, offered = _settled(pages)
        if all(page.locator(RESULT).count() for page in pages.values()):
            break
        acting = [name for name, controls in offered.items() if controls]
        if not acting:  # an automatic step (the worker's) is on its way: wait for it
            _wait_all(pages, newest)
            continue
        if len(acting) != 1:
            raise AssertionError(_stale_pages(pages, newest, offered))
        name = acting[0]
        page, legal = pages[name], offered[name]
        for other in pages.values():  # nobody has won before the round's last turn is over
            assert other.locator(RESULT).count() == 0
        kind, args = legal[choose(seat_of[name], legal, memo)]
        if kind == "end_turn" and seat_of[name] == 2:
            _shoot(page, folder, f"last-turn-{name}")
        _button(page, kind, args).click()  # the locator is found again if a live update replaced the form
        clicked.append((name, kind))
        _wait_all(pages, newest)
    else:
        raise AssertionError(f"no result after {clicked}")

    by_seat = {s: n for n, s in seat_of.items()}
    assert clicked == [(by_seat[0], "buy_authority"), (by_seat[0], "end_build"), (by_seat[0], "end_turn"),
                       (by_seat[1], "buy_authority"), (by_seat[1], "end_build"), (by_seat[1], "end_turn"),
                       (by_seat[2], "end_build"), (by_seat[2], "end_turn")]
    for name, page in pages.items():
        said = texts[language[name]]
        result = page.locator(RESULT)
        assert result.locator("h2").inner_text().strip() == said["over"]
        assert result.locator(".result-reason").inner_text().strip() == said["reason"]
        assert said["tiebreak"] in result.locator(".tiebreak").inner_text()
        champions = result.locator(".winners strong")
        assert champions.count() == 1
        assert champions.get_attribute("class") == f"seat-{WINNER}"
        assert champions.inner_text().strip().lower() == winner
        # the standings: the winner first, then the Klingons (5 Authority), then the Romulans
        standings = result.locator("ol.standings li")
        assert standings.count() == 3
        assert [(standings.nth(i).get_attribute("class") or "").split()[0] for i in range(3)] == [
            f"seat-{WINNER}", "seat-1", "seat-2"]
        columns = sorted(t.strip() for t in result.locator("table.scores thead th").all_inner_texts()[2:])
        assert columns == said["columns"]  # the score table's columns in words, not the engine's keys
        assert page.locator("form.command:not(.undo) button[data-kind]").count() == 0  # nothing left to do
        # The board's status line, at the top of the page, says it too; and the log's last line, in words.
        end = page.locator(".asc-status .asc-end")
        assert said["reason"] in end.inner_text() and said["tiebreak"] in end.inner_text()
        assert end.locator(".asc-who").count() == 1
        assert winner in end.locator(".asc-who").inner_text().lower()
        assert said["reason"].rstrip(".") in page.locator("#log-entries li").last.inner_text()
        page.evaluate("() => window.scrollTo(0, 0)")  # the sticky map at its place in a full-page shot
        device = "phone" if name == "carol" else "desktop"
        page.locator(".asc-map").screenshot(path=str(folder / f"map-{name}-{device}.png"))
        if device == "phone":  # the screen as Carol sees it (a full-page shot scrolls the map's frame back)
            page.screenshot(path=str(folder / f"result-{name}-{language[name]}-phone-screen.png"))
        _shoot(page, folder, f"result-{name}-{language[name]}-{device}")
    for name, page in pages.items():  # the other form factor too: every page on a phone, and Carol's on a desktop
        page.evaluate("() => window.scrollTo(0, 0)")
        if name == "carol":
            page.set_viewport_size({"width": 1280, "height": 800})
            _shoot(page, folder, f"result-{name}-{language[name]}-desktop")
        else:
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(folder / f"result-{name}-{language[name]}-phone-screen.png"))
            _shoot(page, folder, f"result-{name}-{language[name]}-phone")
