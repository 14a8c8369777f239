"""Two players play Star Trek: The Next Generation (Exploration) in two browsers, with visible controls only.

Create the table through the form, join, start; turns with cards played from the hand, cards obtained,
explorations; a War event starts a battle between the players and the defender plays a card off-turn from
their own page while the active player's page shows who the game waits on; every page follows live, without
a reload. Bob reads Italian: controls are found by structure (data-kind), never by text.
"""

from __future__ import annotations

import re

from tests.browser.conftest import login

LIVE_TIMEOUT = 15_000
#: A table seed whose Space Deck has a mission on top and a War event under it (2 players, default options):
#: Bob (seat 1) plays first and finds the mission, Alice's exploration then starts the battle.
SEED = 163


def _mark(page) -> None:  # type: ignore[no-untyped-def]
    page.evaluate("window.__noReloadMarker = 'still-here'")


def _unreloaded(page) -> bool:  # type: ignore[no-untyped-def]
    return page.evaluate("window.__noReloadMarker") == "still-here"


def _version(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.locator("#frag-status").get_attribute("data-version") or "0")


def _wait_version_above(page, version: int) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function(
        f"() => Number(document.querySelector('#frag-status').dataset.version) > {version}", timeout=LIVE_TIMEOUT
    )


def _my_decision(page) -> bool:  # type: ignore[no-untyped-def]
    return page.locator("#frag-decision form.command:not(.undo)").count() > 0


def _act(page, other, selector: str) -> bool:  # type: ignore[no-untyped-def]
    """Click the first visible control matching ``selector``; both pages must follow live. False if none."""
    forms = page.locator(selector)
    if not forms.count():
        return False
    button = forms.first.locator("button")
    assert button.is_visible()
    before = _version(other)
    mine = _version(page)
    button.click()
    _wait_version_above(page, mine)
    _wait_version_above(other, before)
    return True


def _control(kind: str, where: str = "#frag-decision") -> str:
    return f"{where} form:has(button[data-kind={kind}])"


#: Answers to what an exploration opens (a ship, an event, a third mission, an influence card).
STAGE_ANSWERS = ("diplomacy", "fight", "resolve_event", "bottom", "keep_influence", "target")


def _resolve(page, other) -> None:  # type: ignore[no-untyped-def]
    for _ in range(6):
        if not any(_act(page, other, _control(kind)) for kind in STAGE_ANSWERS):
            return


def _battle(active, defender, shots) -> None:  # type: ignore[no-untyped-def]
    """Play or pass in turn until everyone passed in succession; then the ships fire (each picks a target)."""
    played_off_turn = False
    for _ in range(20):
        acted = False
        for page, other in ((active, defender), (defender, active)):
            if page.locator(_control("pass")).count():
                if page is defender and not played_off_turn:
                    # The defender answers from their own page: play a card from the hand, off-turn.
                    assert active.locator(".tng-stage.stage-war").count() == 1
                    assert active.locator("#frag-decision form.command").count() == 0
                    waiting = active.locator("#frag-status .table-state strong").all_inner_texts()
                    assert [w.lower() for w in waiting] == ["bob"], waiting
                    shots(active, "4-alice-waits-for-bob-in-the-battle")
                    shots(defender, "4-bob-defends-off-turn")
                    _act(defender, active, _control("play"))
                    played_off_turn = True
                else:
                    _act(page, other, _control("pass"))
                acted = True
            elif page.locator(_control("target")).count():
                _act(page, other, _control("target"))
                acted = True
        if not acted:
            break
    assert played_off_turn


def _turn(page, other, shots, name: str) -> None:  # type: ignore[no-untyped-def]
    """A turn with visible controls: play the first card, obtain something, explore, answer, end the turn."""
    _act(page, other, _control("play"))
    _act(page, other, _control("play"))
    _act(page, other, ".tng-basic form:has(button[data-kind=buy_basic])") or _act(
        page, other, ".tng-search form:has(button[data-kind=buy])"
    )
    _act(page, other, _control("explore"))
    _resolve(page, other)
    shots(page, name)
    _act(page, other, _control("end_turn"))


def test_two_players_play_tng_in_the_browser(browser, browser_site, shots):
    site = browser_site
    alice_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    bob_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    alice = login(alice_ctx, site, "alice")
    bob = login(bob_ctx, site, "bob")

    alice.goto(site.url + "/tables/new/")
    alice.locator("select[name=game]").select_option("tng")
    alice.wait_for_load_state("networkidle")
    alice.locator("select[name=num_players]").select_option("2")
    alice.get_by_role("button", name=re.compile("Open the table")).click()
    alice.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_id = re.search(r"/tables/(\d+)/$", alice.url).group(1)  # type: ignore[union-attr]
    site.manage("shell", "-c", f"from games.models import Table; Table.objects.filter(pk={table_id}).update(seed={SEED})")

    bob.goto(site.url + "/")
    bob.locator(f"#lobby-table-{table_id} form[action$='/join/'] button").click()
    bob.wait_for_url(re.compile(r"/tables/\d+/$"))
    alice.reload()
    alice.get_by_role("button", name=re.compile("Start the game")).click()
    alice.wait_for_selector(".tng")
    bob.reload()
    bob.wait_for_selector(".tng")
    for page in (alice, bob):
        page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
        _mark(page)
        assert page.locator(".tng-mine .tng-hand .tng-card").count() == 5  # my hand, readable
        assert page.locator(".tng-others .tng-player .hand-count").count() == 1  # the other's hand: its size
        assert page.locator(".tng-search .tng-slot").count() == 9
    # Bob plays first (the seed): Alice's page says so and offers her nothing.
    assert _my_decision(bob) and not _my_decision(alice)
    shots(alice, "1-alice-waits")
    shots(bob, "1-bob-turn-1")

    # Turn 1, Bob: play cards, obtain one, explore (a mission), end the turn.
    _turn(bob, alice, shots, "2-bob-after-exploring")
    assert alice.locator(".tng-missions .tng-card").count() == 1
    assert _my_decision(alice)

    # Turn 2, Alice: play a card, explore: War! A battle between the players.
    _act(alice, bob, _control("play"))
    shots(alice, "3-alice-played-a-card")
    _act(alice, bob, _control("explore"))
    for page in (alice, bob):
        page.wait_for_selector(".tng-stage.stage-war", timeout=LIVE_TIMEOUT)
    _battle(alice, bob, shots)
    for page in (alice, bob):
        page.wait_for_function("() => !document.querySelector('.tng-stage.stage-war, .tng-stage.stage-war_fire')",
                               timeout=LIVE_TIMEOUT)
    shots(alice, "5-alice-after-the-battle")
    shots(bob, "5-bob-after-the-battle")
    if _my_decision(alice):  # not defeated: the turn goes on
        _resolve(alice, bob)
        _act(alice, bob, _control("end_turn"))

    # Two more turns each.
    for n in range(4):
        bob.wait_for_timeout(200)
        active, other = (alice, bob) if _my_decision(alice) else (bob, alice)
        if not _my_decision(active):
            break
        _turn(active, other, shots, f"6-turn-{n + 3}-" + ("alice" if active is alice else "bob"))
    for page in (alice, bob):
        assert _unreloaded(page)
        assert page.locator("#log-entries li").count() > 10
    shots(alice, "7-alice-later")
    shots(bob, "7-bob-later")
    alice_ctx.close()
    bob_ctx.close()
