"""The end of a 4-player Battlestar Galactica game in four browsers: the last Crisis, its skill check answered
from every seat's own page, the last jump, and the humans' victory on every page.

Alice opens the table through the form, Bob, Carol and Dave join from the lobby, Alice starts it; the position of
tests/browser/bsg_victory_scenario.py is put on the table (the fleet has travelled 8, the Kobol objective is
reached, the fleet token one space before Auto Jump; a hidden Cylon at the table). Every move after that is a click
on the page of the player who must act: the current player draws the Crisis (Scouting for Fuel, a skill check
with the jump preparation icon); each seat in turn, from the left of the current player (R501), puts its card
into the check from its own page (the hidden Cylon one against it) and says it is done; the worker reveals the
check; the current player activates the Cylon ships and prepares the jump: the fleet token reaches Auto Jump
(R250, R702) and the fleet makes the jump after the objective: the humans win (R709, R704), and the end reveals
every loyalty card (R711). Every page then shows the result, the winners, both teams and every player's loyalty
cards in its reader's language (Bob and Dave read Italian; Dave on a phone), and offers no command.

The test waits for each move to reach every page (the version they show) and never sleeps; controls are found by
structure (data-kind, data-args), never by their words. Screenshots (desktop and phone, English and Italian) go to
test-artifacts/screenshots/<test>/.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.asc_helpers import load_scenario
from tests.browser.bsg_victory_scenario import CHARACTERS, CYLON_CARD, CYLON_SEAT, choose
from tests.browser.helpers import LIVE_TIMEOUT, join_from_lobby, open_table, start_game, version

#: The site the module's ``players`` log in to (tests/browser/conftest.py).
LIVE_SITE = "bsg_site"

RESULT = "#frag-result:not(.empty)"
#: The controls of the page's decision panel (the seat's interrupts in its own part aside), in page order.
READ_CONTROLS = """() => Array.from(document.querySelectorAll('#frag-decision form.command:not(.undo) button[data-kind]'))
  .map(b => ({kind: b.dataset.kind, args: b.dataset.args || '{}'}))"""
NAMES = ("alice", "bob", "carol", "dave")
LANGUAGE = {"alice": "en", "bob": "it", "carol": "en", "dave": "it"}


def _controls(page) -> list[tuple[str, dict[str, Any]]]:  # type: ignore[no-untyped-def]
    return [(c["kind"], json.loads(c["args"])) for c in page.evaluate(READ_CONTROLS)]


def _wait_all(pages: dict[str, Any], above: int) -> None:
    for page in pages.values():
        page.wait_for_function(
            f"() => Number(document.querySelector('#frag-status').dataset.version) > {above}", timeout=LIVE_TIMEOUT)


def _settled(pages: dict[str, Any]) -> tuple[int, dict[str, list[tuple[str, dict[str, Any]]]]]:
    """Every page's controls read at one version (a push landing meanwhile makes it read them again)."""
    while True:
        newest = max(version(p) for p in pages.values())
        _wait_all(pages, newest - 1)
        offered = {name: _controls(page) for name, page in pages.items()}
        if {version(p) for p in pages.values()} == {newest}:
            return newest, offered


def _shoot(page, folder, name: str) -> None:  # type: ignore[no-untyped-def]
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def _expected_texts(language: str) -> dict[str, Any]:
    """What a reader of ``language`` must see: the result's words and the loyalty cards' names."""
    from django.utils import translation

    from games.bsg import presenter as bsg
    from games.engine import registry
    from games.presenters import presenter_for

    rules = registry.get("bsg")
    with translation.override(language):
        return {"reason": presenter_for("bsg").message_text(rules, "kobol_reached"),
                "log_reason": translation.gettext(bsg.REASONS["kobol_reached"]),
                "over": translation.gettext("Game over"),
                "humans_win": translation.gettext("The %(winner)s win.") % {
                    "winner": translation.gettext(bsg.WINNERS["humans"])},
                "winners": translation.ngettext("Winner:", "Winners:", 3),
                "teams": translation.gettext("Teams:"),
                "revealed": translation.gettext("Revealed:"),
                "human_card": bsg.name_of("not_a_cylon"), "cylon_card": bsg.name_of(CYLON_CARD)}


@pytest.mark.rules("bsg:R709", "bsg:R704", "bsg:R250", "bsg:R702", "bsg:R711", "bsg:R501")
def test_the_last_jump_wins_for_the_humans_on_every_page(players, bsg_site, request):  # type: ignore[no-untyped-def]
    from tests.browser.conftest import ARTIFACTS

    texts = {"en": _expected_texts("en"), "it": _expected_texts("it")}
    assert texts["en"]["reason"] != texts["it"]["reason"]  # the catalogue translates it
    folder = ARTIFACTS / request.node.name
    folder.mkdir(parents=True, exist_ok=True)
    desktop = {"viewport": {"width": 1280, "height": 900}}
    pages = {name: players(name, **desktop) for name in NAMES[:3]}
    pages["dave"] = players("dave", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    alice = pages["alice"]
    table_id = open_table(alice, bsg_site, "bsg", 4)
    for name in NAMES[1:]:
        join_from_lobby(pages[name], table_id)
    alice.goto(f"{bsg_site.url}/tables/{table_id}/")
    start_game(alice)
    alice.wait_for_selector("#bsg-status", timeout=LIVE_TIMEOUT)
    load_scenario(bsg_site, table_id, builder="tests.browser.bsg_victory_scenario:scenario_state")
    seat_of: dict[str, int] = {}
    for name, page in pages.items():
        page.goto(f"{bsg_site.url}/tables/{table_id}/")
        page.wait_for_selector(".bsg-board[data-seat]", timeout=LIVE_TIMEOUT)
        page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
        seat_of[name] = int(page.locator(".bsg-board").get_attribute("data-seat") or "-1")
        assert page.locator("#bsg-status .bsg-here.bsg-auto").count() == 0  # one space before Auto Jump
        assert page.locator("#bsg-status .bsg-jump li").nth(-2).get_attribute("aria-current") == "step"
    assert sorted(seat_of.values()) == [0, 1, 2, 3]
    by_seat = {s: n for n, s in seat_of.items()}
    cylon = by_seat[CYLON_SEAT]
    humans = sorted(n for n in NAMES if n != cylon)
    _shoot(alice, folder, "start-alice-en-desktop")

    memo: dict[str, Any] = {}
    clicked: list[tuple[int, str]] = []
    for _ in range(40):
        newest, offered = _settled(pages)
        if all(page.locator(RESULT).count() for page in pages.values()):
            break
        acting = [name for name, controls in offered.items() if controls]
        if not acting:  # the worker reveals the check: wait for the version it makes
            _wait_all(pages, newest)
            continue
        assert len(acting) == 1, offered  # the game waits on one seat at a time
        name = acting[0]
        page, legal = pages[name], offered[name]
        for other in pages.values():  # nobody has won before the last jump
            assert other.locator(RESULT).count() == 0
        index = choose(seat_of[name], legal, memo)
        kind = legal[index][0]
        if kind == "finish_contributing" and seat_of[name] == 0:  # the last contribution: every page says whose
            for other in pages.values():
                assert other.locator("#bsg-crisis .bsg-awaiting").count() == 1
            _shoot(page, folder, f"check-{name}-{LANGUAGE[name]}")
        if kind == "prepare_jump":
            _shoot(page, folder, f"last-jump-{name}-{LANGUAGE[name]}")
        page.locator("#frag-decision form.command:not(.undo) button[data-kind]").nth(index).click()
        clicked.append((seat_of[name], kind))
        _wait_all(pages, newest)
    else:
        raise AssertionError(f"no result after {clicked}")

    # R501: the check asks the seats from the left of the current player (seat 0) round to him, one by one
    assert clicked[0] == (0, "draw_crisis")
    contributions = [(s, k) for s, k in clicked if k in ("contribute", "finish_contributing")]
    assert contributions == [(1, "contribute"), (1, "finish_contributing"), (2, "contribute"),
                             (2, "finish_contributing"), (3, "finish_contributing"), (0, "contribute"),
                             (0, "finish_contributing")]
    assert clicked[-1] == (0, "prepare_jump")
    for name, page in pages.items():
        said = texts[LANGUAGE[name]]
        result = page.locator(RESULT)
        assert result.locator("h2").inner_text().strip() == said["over"]
        assert result.locator(".result-reason").inner_text().strip() == said["reason"]
        assert said["winners"] in result.locator(".winners").inner_text()
        assert sorted(t.strip().lower() for t in result.locator(".winners strong").all_inner_texts()) == humans
        teams = [sorted(t.lower().split()) for t in result.locator(".teams .team").all_inner_texts()]
        assert teams == [humans, [cylon]]  # the humans' team, the Cylons' (the hidden Cylon, revealed by the end)
        assert page.locator("#frag-decision form.command:not(.undo) button[data-kind]").count() == 0
        assert page.locator("#bsg-status .bsg-over").inner_text().strip() == said["humans_win"]
        assert said["log_reason"] in page.locator("#log-entries li").last.inner_text()
        # R711: the end reveals every loyalty card, on every page: the hidden Cylon's and every "Not a Cylon"
        rows = page.locator("#bsg-players li")
        assert rows.count() == 4
        for seat in range(4):
            row = page.locator(f"#bsg-players li.seat-{seat}")
            shown = [t.replace(said["revealed"], "").strip() for t in row.locator(".bsg-revealed").all_inner_texts()]
            held = 3 if CHARACTERS[seat] == "gaius_baltar" else 2
            expected = [said["human_card"]] * held if seat != CYLON_SEAT else [said["human_card"], said["cylon_card"]]
            assert sorted(shown) == sorted(expected), (name, seat, shown)
        device = "phone" if name == "dave" else "desktop"
        page.evaluate("() => window.scrollTo(0, 0)")
        if device == "phone":
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # nothing overflows
            page.screenshot(path=str(folder / f"result-{name}-{LANGUAGE[name]}-phone-screen.png"))
        _shoot(page, folder, f"result-{name}-{LANGUAGE[name]}-{device}")
    for name in ("alice", "bob"):  # the other form factor: Alice (English) and Bob (Italian) on a phone
        page = pages[name]
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("() => window.scrollTo(0, 0)")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        _shoot(page, folder, f"result-{name}-{LANGUAGE[name]}-phone")
    pages["dave"].set_viewport_size({"width": 1280, "height": 900})
    _shoot(pages["dave"], folder, "result-dave-it-desktop")
