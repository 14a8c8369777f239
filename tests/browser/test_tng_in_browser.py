"""Two players play Star Trek: The Next Generation (Exploration) in two browsers, with visible controls only.

Create the table through the form, join, start; turns with cards played from the hand, cards obtained,
explorations; a War event starts a battle between the players and the defender plays a card off-turn from
their own page while the active player's page shows who the game waits on; every page follows live, without
a reload. Bob reads Italian: controls are found by structure (data-kind), never by text.
"""

from __future__ import annotations

from tests.browser.helpers import (
    LIVE_TIMEOUT,
    act,
    follow_live,
    has_decision,
    join_from_lobby,
    open_table,
    start_game,
    unreloaded,
)

#: A table seed whose Space Deck has a mission on top and a War event under it (2 players, default options):
#: Bob (seat 1) plays first and finds the mission, Alice's exploration then starts the battle.
SEED = 163


def _control(kind: str, where: str = "#frag-decision") -> str:
    return f"{where} form:has(button[data-kind={kind}])"


#: Answers to what an exploration opens (a ship, an event, a third mission, an influence card).
STAGE_ANSWERS = ("diplomacy", "fight", "resolve_event", "bottom", "keep_influence", "target")


def _resolve(page, other) -> None:  # type: ignore[no-untyped-def]
    for _ in range(6):
        if not any(act(page, other, _control(kind)) for kind in STAGE_ANSWERS):
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
                    act(defender, active, _control("play"))
                    played_off_turn = True
                else:
                    act(page, other, _control("pass"))
                acted = True
            elif page.locator(_control("target")).count():
                act(page, other, _control("target"))
                acted = True
        if not acted:
            break
    assert played_off_turn


def _turn(page, other, shots, name: str) -> None:  # type: ignore[no-untyped-def]
    """A turn with visible controls: play the first card, obtain something, explore, answer, end the turn."""
    act(page, other, _control("play"))
    act(page, other, _control("play"))
    act(page, other, ".tng-basic form:has(button[data-kind=buy_basic])") or act(
        page, other, ".tng-search form:has(button[data-kind=buy])"
    )
    act(page, other, _control("explore"))
    _resolve(page, other)
    shots(page, name)
    act(page, other, _control("end_turn"))


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def _page_width(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"))


def test_two_players_play_tng_in_the_browser(browser_site, new_player, shots):
    """Alice on a desktop, Bob on a phone (in Italian): neither page shows a console error (the fixture)."""
    site = browser_site
    alice = new_player("alice", viewport={"width": 1280, "height": 900})
    bob = new_player("bob", **PHONE)

    table_id = open_table(alice, site, "tng", 2)
    site.manage("shell", "-c", f"from games.models import Table; Table.objects.filter(pk={table_id}).update(seed={SEED})")
    join_from_lobby(bob, table_id)
    alice.reload()
    start_game(alice)
    alice.wait_for_selector(".tng")
    bob.reload()
    bob.wait_for_selector(".tng")
    follow_live(alice, bob)
    for page in (alice, bob):
        assert page.locator(".tng-mine .tng-hand .tng-card").count() == 5  # my hand, readable
        assert page.locator(".tng-others .tng-player .hand-count").count() == 1  # the other's hand: its size
        assert page.locator(".tng-search .tng-slot").count() == 9
    # Bob plays first (the seed): Alice's page says so and offers her nothing.
    assert has_decision(bob) and not has_decision(alice)
    shots(alice, "1-alice-waits")
    shots(bob, "1-bob-turn-1")

    # Turn 1, Bob: play cards, obtain one, explore (a mission), end the turn.
    _turn(bob, alice, shots, "2-bob-after-exploring")
    assert alice.locator(".tng-missions .tng-card").count() == 1
    assert has_decision(alice)

    # Turn 2, Alice: play a card, explore: War! A battle between the players.
    act(alice, bob, _control("play"))
    shots(alice, "3-alice-played-a-card")
    act(alice, bob, _control("explore"))
    for page in (alice, bob):
        page.wait_for_selector(".tng-stage.stage-war", timeout=LIVE_TIMEOUT)
    _battle(alice, bob, shots)
    for page in (alice, bob):
        page.wait_for_function("() => !document.querySelector('.tng-stage.stage-war, .tng-stage.stage-war_fire')",
                               timeout=LIVE_TIMEOUT)
    shots(alice, "5-alice-after-the-battle")
    shots(bob, "5-bob-after-the-battle")
    if has_decision(alice):  # not defeated: the turn goes on
        _resolve(alice, bob)
        act(alice, bob, _control("end_turn"))

    # Two more turns each.
    for n in range(4):
        bob.wait_for_timeout(200)
        active, other = (alice, bob) if has_decision(alice) else (bob, alice)
        if not has_decision(active):
            break
        _turn(active, other, shots, f"6-turn-{n + 3}-" + ("alice" if active is alice else "bob"))
    for page in (alice, bob):
        assert unreloaded(page)
        assert page.locator("#log-entries li").count() > 10
    assert _page_width(bob) <= 390, _page_width(bob)  # the phone's page is never wider than its screen
    shots(alice, "7-alice-later")
    shots(bob, "7-bob-later")
