"""A 1-player Star Trek: Ascendancy game against the Borg in the browser, through the real site (issue 15).

Alice opens a table of one through the form, against the Borg in the Delta Quadrant, and starts it; the
position of tests/browser/asc_borg_scenario.py is put on the table (asc_helpers.load_scenario). From there
every move is a click on her page, for three rounds: her own turns, and the Borg turns that the Celery
worker plays a step at a time, paced (``HYPERLANE_AUTOMATON_PACE_SECONDS``), which she watches unfold: the
progress line ("Borg turn: the Transwarp Hub roll", "cube 1 of 2", ...), the acting Cube marked on the map,
the Borg's log lines naming their rules. The Borg turn stops on the decisions the rules give the player: which
Cube activates next (ascendancy:R223) and which of her ships the Borg hits destroy (R234); she answers them
from her page. In the next Borg turn she skips to its end (RULINGS B41). Bob, who reads Italian, follows the
game on a phone as a spectator, live: the progress line in Italian. The test waits for each change to reach
the pages (the version they show, the DOM) and never sleeps; no page may log an error.

Screenshots (desktop and phone) go to test-artifacts/screenshots/<test>/.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.asc_borg_scenario import FIRST_CUBE, FIRST_HIT, SEED, choose
from tests.browser.asc_helpers import load_scenario, send_bid
from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import (
    LIVE_TIMEOUT,
    new_table_form,
    start_game,
    submit_new_table,
    version,
)
from tests.browser.test_ascendancy_in_browser import WS_TRACE, _button, _controls, _wait_all
from tests.live.harness import LiveSite

#: The pause between two Borg steps on the live site: long enough for a page to show every step.
PACE_SECONDS = "1.0"
#: The Initiative bids the test plays to: round 3's and round 4's (round 2, the scenario's, has none: no
#: First Contact yet); the test stops at round 4's.
BIDS = 2
SKIP = "#asc-standing button[data-kind='borg_skip']"

#: Keeps every text the Borg turn's progress line shows, in order (a DOM observer: no polling).
PROGRESS_TRACE = """(function () {
  function note() {
    var line = document.querySelector('.asc-borg-progress');
    var text = line ? line.textContent.replace(/\\s+/g, ' ').trim() : '';
    var seen = (window.__borgProgress = window.__borgProgress || []);
    if (text && seen[seen.length - 1] !== text) seen.push(text);
  }
  document.addEventListener('DOMContentLoaded', function () {
    note();
    new MutationObserver(note).observe(document.body, {childList: true, subtree: true, characterData: true});
  });
})();"""


@pytest.fixture(scope="module")
def borg_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A live site of the module's own whose Borg steps are paced."""
    site = LiveSite.create(
        tmp_path_factory.mktemp("borg-browser"), extra_env={"HYPERLANE_AUTOMATON_PACE_SECONDS": PACE_SECONDS}
    )
    yield site
    site.stop()


#: The site the module's ``players`` log in to (tests/browser/conftest.py), and what each page runs first.
LIVE_SITE = "borg_site"
PAGE_SCRIPTS = (WS_TRACE, PROGRESS_TRACE)


def _open_solo_table(page, site: LiveSite) -> str:  # type: ignore[no-untyped-def]
    """A table of one against the Borg in the Delta Quadrant, through the visible form (Alice reads English)."""
    new_table_form(page, site, "ascendancy", 1)
    page.locator("select[name=opt_borg_mode]").select_option("delta_quadrant")
    return submit_new_table(page)


def _progress(page) -> str:  # type: ignore[no-untyped-def]
    line = page.locator(".asc-borg-progress")
    return " ".join(line.inner_text().split()) if line.count() else ""


def _settled(pages: dict[str, Any]) -> int:
    """Every page at one version (a push landing while they are read makes them read again)."""
    while True:
        newest = max(version(p) for p in pages.values())
        _wait_all(pages, newest - 1)
        if {version(p) for p in pages.values()} == {newest}:
            return newest


def _shoot(page, folder, name: str, full: bool = True) -> None:  # type: ignore[no-untyped-def]
    page.evaluate("() => window.scrollTo(0, 0)")  # the sticky map at its place in a full-page shot
    page.screenshot(path=str(folder / f"{name}.png"), full_page=full)


@pytest.mark.rules(
    "ascendancy:R217",
    "ascendancy:R222",
    "ascendancy:R223",
    "ascendancy:R229",
    "ascendancy:R234",
    "ascendancy:R268",
)
def test_one_player_watches_borg_turns_and_answers_their_decisions_in_the_browser(players, borg_site, request):  # type: ignore[no-untyped-def]
    folder = ARTIFACTS / request.node.name
    folder.mkdir(parents=True, exist_ok=True)
    alice = players("alice", viewport={"width": 1280, "height": 800})
    table_id = _open_solo_table(alice, borg_site)
    start_game(alice)
    alice.wait_for_selector(".asc-board")
    load_scenario(borg_site, table_id, seed=SEED, builder="tests.browser.asc_borg_scenario:scenario_state")
    bob = players("bob", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)  # Italian
    pages = {"alice": alice, "bob": bob}
    for page in pages.values():
        page.goto(f"{borg_site.url}/tables/{table_id}/")
        page.wait_for_selector(".asc-board")
        page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
    assert alice.locator(".asc-board").get_attribute("data-seat") == "0"
    for name, page in pages.items():  # the Borg's pieces on the map: two Cubes, the Transwarp Hub
        assert page.locator("#asc-map-borg .asc-borg-cube").count() == 2
        assert page.locator("#asc-map-borg .asc-borg-hub").count() == 1
        # The whole map (a tall one: the Hub straight above Earth) fits its frame, Earth and the Hub both in it.
        assert page.locator("#asc-zoom-1").is_checked()
        frame = page.locator(".asc-map-scroll").bounding_box()
        for piece in ("[data-home-of='0'] .asc-disc", "#asc-map-borg .asc-borg-hub"):
            box = page.locator(piece).bounding_box()
            assert (
                frame
                and box
                and frame["y"] - 1 <= box["y"]
                and box["y"] + box["height"] <= frame["y"] + frame["height"] + 1
            ), (name, piece, frame, box)
    _shoot(alice, folder, "start-alice-en-desktop")
    _shoot(bob, folder, "start-bob-it-phone")

    memo: dict[str, Any] = {}
    clicked: list[tuple[int, str, dict[str, Any]]] = []
    seen: dict[str, str] = {}
    bids = 0
    skipped = False
    for _ in range(120):
        newest = _settled(pages)
        legal = _controls(alice)
        assert _controls(bob) == []  # a spectator has nothing to do
        round_no = int(re.sub(r"\D", "", alice.locator(".asc-round strong").inner_text()) or 0)
        if not legal:  # a Borg step (the worker's) is on its way
            if round_no == 3 and not skipped and alice.locator(SKIP).count():
                alice.locator(SKIP).click()  # the rest of this Borg turn without pauses (RULINGS B41)
                skipped = True
                alice.wait_for_function(
                    "() => !document.querySelector(\"#asc-standing button[data-kind='borg_skip']\")",
                    timeout=LIVE_TIMEOUT,
                )
                continue
            _wait_all(pages, newest)
            continue
        kind, args = legal[choose(legal, memo)]
        if kind == "bid":
            bids += 1
            if bids == BIDS:
                break
        if kind in ("choose_cube", "borg_hit") and f"{kind}-{round_no}" not in seen:
            seen[f"{kind}-{round_no}"] = _progress(alice)
            seen[f"{kind}-{round_no}-it"] = _progress(bob)
            if round_no == 2:
                _check_decision(alice, kind)
                _shoot(alice, folder, f"{kind}-alice-en-desktop")
                _shoot(bob, folder, f"{kind}-bob-it-phone")
                bob.screenshot(path=str(folder / f"{kind}-bob-it-phone-screen.png"))
        if kind == "bid":  # one form: its three amounts typed, then sent
            args = send_bid(alice, memo.pop("bid"))
        else:
            _button(alice, kind, args).click()  # the locator is found again if a live update replaced the form
        clicked.append((round_no, kind, args))
        _wait_all(pages, newest)
    else:
        raise AssertionError(f"the plan did not get to round 4: {clicked[-10:]}")

    # The player answered the Borg decisions that are hers, from her page, in round 2 and again in round 3.
    assert (2, "choose_cube", {"cube": FIRST_CUBE}) in clicked
    assert (2, "borg_hit", {"unit": FIRST_HIT}) in clicked
    assert any(r == 3 and k == "choose_cube" for r, k, _ in clicked)
    # While she chose, the Borg turn stood at its Command Phase; while she placed the hits, at cube 1 of 2
    # (and Bob, following on his phone, read it in Italian).
    assert seen["choose_cube-2"] == "Borg turn: the Command Phase"
    assert seen["choose_cube-2-it"].startswith("Turno dei Borg")
    assert seen["borg_hit-2"] == "Borg turn: cube 1 of 2"
    assert seen["borg_hit-2-it"] == "Turno dei Borg: cubo 1 di 2"
    # The skip asked for in round 3's Borg turn holds until its end (her choice of Cube came in between).
    assert skipped and "running to its end without pauses" in seen["choose_cube-3"]
    # The Borg turn unfolded step by step on both pages: every stage's line, in order, each seen live.
    for name, page in pages.items():
        trace = page.evaluate("() => window.__borgProgress || []")
        expected = (
            [
                "Borg turn: the Transwarp Hub roll",
                "Borg turn: the Command Phase",
                "Borg turn: cube 1 of 2",
                "Borg turn: cube 2 of 2",
            ]
            if name == "alice"
            else ["Turno dei Borg: cubo 1 di 2", "Turno dei Borg: cubo 2 di 2"]
        )
        positions = [next((i for i, t in enumerate(trace) if t.startswith(e)), -1) for e in expected]
        assert -1 not in positions and positions == sorted(positions), (name, trace)
    # The Borg's decisions are in the log, as sentences naming the rule that made them.
    log = alice.locator("#log-entries").inner_text()
    assert "(rule R223)" in log and "(rule R234; tie-break:" in log
    assert "R223" in bob.locator("#log-entries").inner_text()
    assert alice.locator(".asc-borg-progress").count() == 0  # no Borg turn under way at the bids
    _shoot(alice, folder, "round-4-alice-en-desktop")
    _shoot(bob, folder, "round-4-bob-it-phone")
    alice.set_viewport_size({"width": 390, "height": 844})
    _shoot(alice, folder, "round-4-alice-en-phone")


def _check_decision(page, kind: str) -> None:  # type: ignore[no-untyped-def]
    """What the page shows while the Borg turn waits on its player: the question, and the map's Borg layer
    (the acting Cube marked once one is active)."""
    decision = page.locator("#frag-decision")
    assert decision.locator(f"button[data-kind='{kind}']").count() >= 2  # a real choice
    question = {"choose_cube": "Choose which Borg Cube activates next.", "borg_hit": "The Borg score"}[kind]
    assert question in decision.inner_text()
    words = {"choose_cube": "Activate the Borg Cube #", "borg_hit": "The Borg hit destroys a ship at "}[kind]
    for text in decision.locator(f"button[data-kind='{kind}']").all_inner_texts():  # sentences, not ids
        assert text.strip().startswith(words) and "=" not in text, text
    active = page.locator("#asc-map-borg .asc-borg-active")
    assert active.count() == (1 if kind == "borg_hit" else 0)
