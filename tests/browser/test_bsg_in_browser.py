"""Three players play Battlestar Galactica in three browsers, with visible controls only (a preview game: the
development settings offer it).

Alice opens the table through the form, Bob (who reads Italian) and Carol join from the lobby, Alice starts; then
the game is played through each page's own forms for a few turns: characters, starting cards, movement, actions,
Crisis cards, a Cylon attack (the seed's first Crisis card is Ambush: its basestar and raiders appear on every
page), and a skill check to which every seat puts a card, while the other pages show whose cards the check awaits;
every page follows live, without a reload. Controls are found by structure (data-kind), never by text.
"""

from __future__ import annotations

import json
import random
from typing import Any

from tests.browser.helpers import (
    LIVE_TIMEOUT,
    follow_live,
    has_decision,
    join_from_lobby,
    open_table,
    start_game,
    unreloaded,
    version,
    wait_version_above,
)

SEED = 7
DECISION = "#frag-decision form.command:not(.undo)"
ATTACK = "#bsg-crisis .bsg-crisis-card[data-type=cylon_attack]"
#: The site the module's ``players`` log in to (tests/browser/conftest.py).
LIVE_SITE = "bsg_site"


def _controls(page) -> list[tuple[str, dict[str, Any]]]:  # type: ignore[no-untyped-def]
    found = page.locator(f"{DECISION} button").evaluate_all(
        "buttons => buttons.map(b => [b.dataset.kind, b.dataset.args])"
    )
    return [(kind, json.loads(args)) for kind, args in found]


def _pick(page, rnd: random.Random) -> int:  # type: ignore[no-untyped-def]
    """Which of the page's forms to use: in a skill check one card, then done; else anything but passing."""
    controls = _controls(page)
    kinds = [k for k, _ in controls]
    if "finish_contributing" in kinds:
        played = page.locator("#bsg-hand .bsg-played li").count()
        if not played and "contribute" in kinds:
            return kinds.index("contribute")
        return kinds.index("finish_contributing")
    choices = [i for i, k in enumerate(kinds) if k != "pass_action"] or list(range(len(kinds)))
    return rnd.choice(choices)


def test_three_players_play_bsg_in_the_browser(bsg_site, players, shots):
    site = bsg_site
    alice = players("alice", viewport={"width": 1280, "height": 1000})
    bob = players("bob", viewport={"width": 1280, "height": 1000})
    carol = players("carol", viewport={"width": 1280, "height": 1000})
    pages = [alice, bob, carol]

    table_id = open_table(alice, site, "bsg", 3)
    site.manage(
        "shell",
        "-c",
        f"from games.models import Table; Table.objects.filter(pk={table_id}).update(seed={SEED})",
    )
    for page in (bob, carol):
        join_from_lobby(page, table_id)
    alice.reload()
    start_game(alice)
    for page in pages:
        page.reload()
        page.wait_for_selector("#bsg-status", timeout=LIVE_TIMEOUT)
    follow_live(*pages)
    for page in pages:
        assert page.locator("#bsg-hand").count() == 1  # my own cards
        assert page.locator("#bsg-space .bsg-area").count() == 6
    shots(alice, "1-alice-start")

    rnd = random.Random(SEED)
    checks_seen: set[int] = set()
    shot_check = False
    attack_seen = False
    for _ in range(160):
        shown = version(alice)
        active = next((p for p in pages if has_decision(p)), None)
        if active is None:  # the worker is revealing a check: wait for the version it makes
            wait_version_above(alice, shown)
            continue
        awaiting = [p.locator("#bsg-crisis .bsg-awaiting").count() for p in pages]
        if all(awaiting) and active.locator(f"{DECISION}:has(button[data-kind=finish_contributing])").count():
            checks_seen.add(pages.index(active))
            if not shot_check:
                shots(alice, "2-alice-sees-whose-cards-the-check-awaits")
                shots(active, "2-the-contributing-seat")
                shot_check = True
        before = {id(p): version(p) for p in pages}
        active.locator(DECISION).nth(_pick(active, rnd)).locator("button").click()
        for page in pages:  # every page follows the move live
            wait_version_above(page, before[id(page)])
        if not attack_seen and alice.locator(ATTACK).count():
            # a Cylon attack Crisis card: its ships are placed on every page's board at once (R601)
            for page in pages:
                assert page.locator(ATTACK).count() == 1
                assert page.locator("#bsg-space .bsg-basestar").count() >= 1
                assert page.locator("#bsg-space .bsg-raider").count() >= 1
            shots(alice, "2-alice-sees-a-cylon-attack")
            # Bob reads Italian: the Crisis card's rules text too, not only its name (issue 16)
            text = "#bsg-crisis .bsg-card-text"
            assert bob.locator(text).inner_text() != alice.locator(text).inner_text()
            shots(bob, "2-bob-sees-the-crisis-and-his-hand-in-italian")
            attack_seen = True
        turn = int(alice.locator("#bsg-status").get_attribute("data-turn") or "0")
        if turn >= 4 and checks_seen == {0, 1, 2} and attack_seen:
            break
    shots(alice, "3-alice-later")
    shots(bob, "3-bob-later-in-italian")
    assert checks_seen == {0, 1, 2}, checks_seen  # each seat contributed to a check from its own page
    assert attack_seen, "a Cylon attack Crisis card was drawn and shown"
    for page in pages:
        assert unreloaded(page)
        assert page.locator("#log-entries li").count() > 20
    assert "Carburante" in bob.locator("#bsg-status").inner_text()
