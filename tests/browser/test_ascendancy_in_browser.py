"""A 3-player Star Trek: Ascendancy game in three browsers, through the real site.

Alice opens the table through the form, Bob and Carol join from the lobby, Alice starts it; the scenario
builder's position (tests/browser/asc_scenario.py) is then put on the table (asc_helpers.load_scenario),
and from there every move is a click on the page of the player who must act: two rounds and more, with the
Initiative bids, a colony (from the map: the system is clicked, then its action), a Trade Agreement the
Romulans accept off-turn from their own page, an exploration, and a space battle in which the defending
Federation chooses the Klingon casualties from its own page; before all that, the Klingon player gives a
standing answer from his console (always allow passage to the Romulans). The test waits for each move to reach every
page (the version they show) and never sleeps. Controls are found by structure (data-kind, data-args),
never by their words: Bob reads Italian.

Screenshots (desktop and phone, English and Italian) go to test-artifacts/screenshots/<test>/.
"""

from __future__ import annotations

import json
import os
from typing import Any

from tests.browser.asc_helpers import load_scenario, send_bid
from tests.browser.asc_scenario import HUB, args_json, choose
from tests.browser.helpers import LIVE_TIMEOUT, join_from_lobby, open_table, start_game, version

#: Bids of the rounds played: the scenario's round, the next one, and the one after (then the test stops).
ROUNDS = 3

#: The page's command controls (the standing answers' forms aside), in page order.
READ_CONTROLS = """() => Array.from(document.querySelectorAll('form.command:not(.undo) button[data-kind]'))
  .filter(b => !b.closest('.asc-standing'))
  .map(b => ({kind: b.dataset.kind, args: b.dataset.args}))"""


#: The site the module's ``players`` log in to (tests/browser/conftest.py), and what each page runs first.
LIVE_SITE = "asc_site"

#: Keeps the last websocket messages' swapped ids and the version shown after each (for a failure's report).
WS_TRACE = """(function () {
  function keep(line) {
    (window.__wsTrace = window.__wsTrace || []).push(line);
    if (window.__wsTrace.length > 12) window.__wsTrace.shift();
  }
  function shown() { var st = document.querySelector('#frag-status'); return st ? st.dataset.version : '?'; }
  document.addEventListener("htmx:wsAfterMessage", function (evt) {
    var tags = String(evt.detail.message).match(/<[a-z]+[^>]*hx-swap-oob[^>]*>/g) || [];
    var ids = tags.map(function (t) { var m = t.match(/ id="([^"]+)"/); return m ? m[1] : '?'; });
    keep('msg->' + shown() + ':' + ids.join(','));
  });
  document.addEventListener("htmx:wsConfigSend", function (evt) {
    var p = evt.detail.parameters || {};
    keep('send@' + shown() + ':' + (p.kind || p.heartbeat || '') + (evt.defaultPrevented ? ' (POST)' : ''));
  });
  document.addEventListener("htmx:beforeRequest", function (evt) {
    keep('request@' + shown() + ':' + (evt.detail.requestConfig ? evt.detail.requestConfig.path : ''));
  });
  document.addEventListener("htmx:afterSwap", function (evt) { keep('swapped->' + shown()); });
})();"""
PAGE_SCRIPTS = (WS_TRACE,)


def _controls(page) -> list[tuple[str, dict[str, Any]]]:  # type: ignore[no-untyped-def]
    return [(c["kind"], json.loads(c["args"] or "{}")) for c in page.evaluate(READ_CONTROLS)]


def _button(page, kind: str, args: dict[str, Any]):  # type: ignore[no-untyped-def]
    return page.locator(f"form.command button[data-kind=\"{kind}\"][data-args='{args_json(args)}']").first


def _wait_all(pages: dict[str, Any], above: int) -> None:
    for page in pages.values():
        page.wait_for_function(
            f"() => Number(document.querySelector('#frag-status').dataset.version) > {above}", timeout=LIVE_TIMEOUT)


def _settled(pages: dict[str, Any]) -> tuple[int, dict[str, list[tuple[str, dict[str, Any]]]]]:
    """Every page's controls read at one version: a push that lands while the pages are read (another
    page's move, the worker's step) makes it read them again, never mix two versions."""
    while True:
        newest = max(version(p) for p in pages.values())
        _wait_all(pages, newest - 1)
        offered = {name: _controls(page) for name, page in pages.items()}
        if {version(p) for p in pages.values()} == {newest}:
            return newest, offered


def _stale_pages(pages: dict[str, Any], newest: int, offered: dict[str, Any]) -> str:
    """More than one page offers controls: which page differs from a fresh load of itself, and how."""
    report = [f"pages at version {newest} offer controls to more than one player:"]
    for name, page in pages.items():
        before = [k for k, _ in offered[name]]
        trace = page.evaluate("() => window.__wsTrace || []")
        report.append(f"{name} socket messages (version after: ids): {trace}")
        page.reload()
        page.wait_for_selector("#frag-status")
        after = [k for k, _ in _controls(page)]
        state = "as a fresh load" if before == after else f"STALE (a fresh load at {version(page)} offers {after})"
        report.append(f"{name}: {before} {state}")
    return "\n".join(report)


def _shoot(page, folder, name: str) -> None:  # type: ignore[no-untyped-def]
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def test_three_players_bid_colonize_trade_explore_and_fight_in_their_browsers(players, asc_site, request):
    from tests.browser.conftest import ARTIFACTS

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
    load_scenario(asc_site, table_id)
    pages = {"alice": alice, "bob": bob, "carol": carol}
    seat_of: dict[str, int] = {}
    for name, page in pages.items():
        page.goto(f"{asc_site.url}/tables/{table_id}/")
        page.wait_for_selector(".asc-board[data-seat]")
        page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
        seat_of[name] = int(page.locator(".asc-board").get_attribute("data-seat") or "-1")
    assert sorted(seat_of.values()) == [0, 1, 2]
    # The map carries the galaxy: every system of the scenario, and the home of each viewer marked.
    for name, page in pages.items():
        assert page.locator(f"[data-system='{HUB}']").count() == 1
        assert page.locator(f"[data-home-of='{seat_of[name]}']").count() == 1
    _shoot(alice, folder, "start-alice-en-desktop")
    _shoot(bob, folder, "start-bob-it-desktop")
    _shoot(carol, folder, "start-carol-en-phone")

    # A standing answer from the console, off-turn (the bids wait for the Federation first): the Klingon
    # player will always let the Romulans through. It is listed at once, with a form to take it back.
    klingon_page = pages[next(n for n, s in seat_of.items() if s == 1)]
    klingon_page.locator("#asc-standing summary").click()
    allow = args_json({"answer": "allow_passage", "to": 2})
    before = max(version(p) for p in pages.values())
    klingon_page.locator(f"#asc-standing button[data-kind='standing'][data-args='{allow}']").click()
    _wait_all(pages, before)
    klingon_page.locator(f"#asc-standing button[data-kind='clear_standing'][data-args='{allow}']").wait_for()
    _shoot(klingon_page, folder, "standing-answer-given")

    memo: dict[str, Any] = {}
    clicked: list[tuple[str, str, dict[str, Any]]] = []
    bids = 0
    for _ in range(200):
        newest, offered = _settled(pages)
        acting = [name for name, controls in offered.items() if controls]
        if not acting:  # an automatic step (the worker's) is on its way: wait for it
            _wait_all(pages, newest)
            continue
        if len(acting) != 1:
            raise AssertionError(_stale_pages(pages, newest, offered))
        name = acting[0]
        page, legal = pages[name], offered[name]
        kind, args = legal[choose(seat_of[name], legal, memo)]
        if kind == "bid":
            if bids == ROUNDS * 3:
                break
            bids += 1
        if kind == "colonize":  # from the map: the system, then what may be done there
            page.locator(f"a[data-system='{args['at']}']").click()
            anchor = f"#asc-act-S-{args['at']}"
            page.wait_for_url(lambda url, anchor=anchor: url.endswith(anchor))
            _shoot(page, folder, f"colonize-{name}")
        if kind in ("accept_trade", "hit"):
            _shoot(page, folder, f"{kind}-{name}")
        if kind == "bid":  # one form: its three amounts typed, then sent
            if bids <= 3:
                _shoot(page, folder, f"bid-{name}")
            args = send_bid(page, memo.pop("bid"))
        else:
            _button(page, kind, args).click()  # the locator is found again if a live update replaced the form
        clicked.append((name, kind, args))
        _wait_all(pages, newest)
    else:
        raise AssertionError(f"the plan did not get to round {ROUNDS + 1}: {clicked[-10:]}")

    done = [(n, k) for n, k, _ in clicked]
    federation = next(n for n, s in seat_of.items() if s == 0)
    klingon = next(n for n, s in seat_of.items() if s == 1)
    romulan = next(n for n, s in seat_of.items() if s == 2)
    assert (federation, "colonize") in done and (federation, "offer_trade") in done
    assert (romulan, "accept_trade") in done  # off-turn, from the Romulan player's own page
    assert (romulan, "step") in done and memo.get("explored_2")
    assert (klingon, "attack") in done
    assert (federation, "hit") in done  # the defender chose the casualties, from their own page
    assert [k for _, k in done].count("bid") == ROUNDS * 3
    # What everyone sees now: the colony, the explored system, the trade agreement, the battle's losses.
    for page in pages.values():
        assert page.locator(f"[data-system='{HUB}'] g.asc-civ-federation").count() == 1
        assert page.locator("[data-system='risa']").count() == 1
        assert page.locator("#asc-console-2 .asc-cards li.asc-civ-federation").count() == 1
    for name, page in pages.items():
        _shoot(page, folder, f"end-{name}")
    if os.environ.get("ASC_BROWSER_PHONE_SHOTS"):
        for name, page in pages.items():
            page.set_viewport_size({"width": 390, "height": 844})
            _shoot(page, folder, f"end-{name}-phone")
