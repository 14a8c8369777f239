"""Two players play Kemble's Cascade in two browsers, with the visible controls only.

Create the table through the form, join, start; a secret sensor bid (the other page shows *that* I chose,
never *what*); turns with entries, moves and shots by clicking quadrants; the scroll run by the worker;
every page follows live, without a reload. Bob reads Italian: controls are found by structure.
"""

from __future__ import annotations

import re

from tests.browser.helpers import (
    LIVE_TIMEOUT,
    act,
    follow_live,
    has_decision,
    join_from_lobby,
    names_card,
    open_table,
    start_game,
    unreloaded,
    version,
    wait_version_above,
)


def _click_opening_its_menu(form) -> None:  # type: ignore[no-untyped-def]
    """Click a control's button; a quadrant with several actions opens its menu first."""
    button = form.locator("button")
    if not button.is_visible():
        menu = form.locator("xpath=ancestor::details[1]")
        if menu.count():
            menu.locator("summary").click()
    button.click()


def _act(page, other, selector: str) -> bool:  # type: ignore[no-untyped-def]
    """Use the first control matching ``selector``; the other page must follow live. False if none."""
    return act(page, other, selector, click=_click_opening_its_menu)


PROMPT_CONTROLS = "#frag-decision form:has(button[data-kind=stay], button[data-kind=choose_side], button[data-kind=swap])"


def _resolve_prompts(page, other) -> None:  # type: ignore[no-untyped-def]
    """A wormhole, a push onto an obstacle or a mosquito asks a question first: take the first answer."""
    while _act(page, other, PROMPT_CONTROLS):
        pass


def _play_turn(page, other, shots, name: str) -> dict[str, bool]:  # type: ignore[no-untyped-def]
    """A Battle turn by clicking the board: choose Battle if asked, enter or move, fire, end the turn."""
    _act(page, other, "#frag-decision form:has(button[data-kind=battle])")
    entered = _act(page, other, ".kb-q form.kb-cmd-enter")
    moved = not entered and _act(page, other, ".kb-q form.kb-cmd-move")
    _resolve_prompts(page, other)
    shots(page, f"{name}-on-board")
    fired = _act(page, other, ".kb-q form.kb-cmd-fire")
    _resolve_prompts(page, other)
    if fired:
        shots(page, f"{name}-after-shot")
    _act(page, other, "#frag-decision form:has(button[data-kind=end_turn])")
    return {"entered": entered, "moved": moved, "fired": fired}


def _finish_round(alice, bob, round_: int) -> None:  # type: ignore[no-untyped-def]
    """Answer the scroll's push questions, if any, until both pages show the next round's bid."""
    for _ in range(20):
        for page, other in ((alice, bob), (bob, alice)):
            _resolve_prompts(page, other)
        done = alice.evaluate(
            f"() => document.querySelector('.kemble').dataset.round === '{round_}' "
            "&& document.querySelector('.kemble').dataset.phase === 'bid'"
        )
        if done:
            break
        alice.wait_for_timeout(400)
    for page in (alice, bob):
        _wait_phase(page, "bid", round_)


def _wait_phase(page, phase: str, round_: int | None = None) -> None:  # type: ignore[no-untyped-def]
    cond = f"document.querySelector('.kemble') && document.querySelector('.kemble').dataset.phase === '{phase}'"
    if round_ is not None:
        cond += f" && document.querySelector('.kemble').dataset.round === '{round_}'"
    page.wait_for_function(f"() => {cond}", timeout=LIVE_TIMEOUT)


def _bid(page, other) -> str:  # type: ignore[no-untyped-def]
    card_button = page.locator("#frag-decision button[data-kind=bid]").first
    args = card_button.get_attribute("data-args") or ""
    before = version(other)
    card_button.click()
    wait_version_above(other, before)
    return re.search(r'"card":"([^"]+)"', args).group(1)  # type: ignore[union-attr]


def test_two_players_play_kemble_in_the_browser(browser_site, new_player, shots):
    site = browser_site
    alice = new_player("alice", viewport={"width": 1280, "height": 900})
    bob = new_player("bob", viewport={"width": 1280, "height": 900})

    table_id = open_table(alice, site, "kemble", 2)
    join_from_lobby(bob, table_id)
    alice.reload()
    start_game(alice)
    alice.wait_for_selector("#frag-decision button[data-kind=bid]")
    bob.reload()
    bob.wait_for_selector("#frag-decision button[data-kind=bid]")
    follow_live(alice, bob)
    shots(alice, "1-alice-bid")

    # Round 1, the secret bid: Bob sees that Alice chose, never what.
    alice_card = _bid(alice, bob)
    bob.wait_for_selector(".kb-player[data-seat='0'] .kb-bid-state.chosen", timeout=LIVE_TIMEOUT)
    assert not names_card(bob.content(), alice_card)  # (sensor_30 is not sensor_300, which Bob may hold)
    assert bob.locator(".kb-player[data-seat='1'] .kb-bid-state.thinking").count() == 1
    assert alice.locator(f".kb-your-bid [data-card='{alice_card}']").count() == 1
    shots(bob, "2-bob-sees-alice-has-chosen")
    _bid(bob, alice)
    for page in (alice, bob):  # the reveal comes with the second bid
        _wait_phase(page, "turn", 1)
        assert unreloaded(page)
    assert names_card(bob.content(), alice_card)  # revealed now: her played card is public
    shots(alice, "3-alice-turns-round-1")

    # Round 1: both enter the play area by clicking a bottom quadrant, move or shoot, end the turn.
    done: list[dict[str, bool]] = []
    for _ in range(2):
        active, other = (alice, bob) if has_decision(alice) else (bob, alice)
        done.append(_play_turn(active, other, shots, "4-round1-" + ("alice" if active is alice else "bob")))
    assert all(turn["entered"] for turn in done)
    # The scroll: an automatic step in the worker, then round 2 opens with a new bid on both pages.
    _finish_round(alice, bob, 2)
    for page in (alice, bob):
        assert unreloaded(page)
        # Both pages draw the same ships (a ship may have been destroyed by then: the layout is random).
        assert page.locator(".kb-ship").count() == alice.locator(".kb-ship").count()
    shots(bob, "5-bob-round-2-after-scroll")

    _bid(bob, alice)
    _bid(alice, bob)
    for page in (alice, bob):
        _wait_phase(page, "turn", 2)
    for _ in range(2):
        active, other = (alice, bob) if has_decision(alice) else (bob, alice)
        done.append(_play_turn(active, other, shots, "6-round2-" + ("alice" if active is alice else "bob")))
    assert any(turn["fired"] for turn in done) and any(turn["entered"] or turn["moved"] for turn in done[2:])
    _finish_round(alice, bob, 3)
    for page in (alice, bob):
        assert unreloaded(page)
    shots(alice, "7-alice-round-3")
    shots(bob, "7-bob-round-3")


def test_the_board_fits_a_phone(browser_site, new_player, shots):
    alice = new_player("alice", viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    open_table(alice, browser_site, "kemble", 1)
    start_game(alice)
    alice.wait_for_selector("#frag-decision button[data-kind=bid]")
    alice.locator("#frag-decision button[data-kind=bid]").first.click()
    _wait_phase(alice, "turn", 1)
    # Nothing wider than the screen: the page does not scroll sideways.
    width = alice.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390 + 1, width
    shots(alice, "phone")
