"""Away from a BSG table, in three browsers (RULINGS bsg G45, issue 16): Bob (who reads Italian) says from his
own console that he is away for 2 days; his console shows it at once, until when, and nobody else's page does.
The game is played on by the other two; when a skill check waits on Bob's contribution, nobody clicks for him:
the site's worker makes it for him, every page follows live, and the log says so. Back, his console offers the
order again. Controls are found by structure (data-kind, data-away), never by text.
"""

from __future__ import annotations

import random

import pytest

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
from tests.browser.test_bsg_in_browser import DECISION, SEED, _pick

#: The site the module's ``players`` log in to (tests/browser/conftest.py).
LIVE_SITE = "bsg_site"

AWAY = "#bsg-hand .bsg-away"


@pytest.mark.rules("bsg:R501")
def test_an_away_player_is_answered_for_by_the_site_in_the_browser(bsg_site, players, shots):  # type: ignore[no-untyped-def]
    site = bsg_site
    alice, bob, carol = (players(name, viewport={"width": 1280, "height": 1000}) for name in ("alice", "bob", "carol"))
    pages = [alice, bob, carol]
    table_id = open_table(alice, site, "bsg", 3)
    site.manage(
        "shell", "-c", f"from games.models import Table; Table.objects.filter(pk={table_id}).update(seed={SEED})"
    )
    for page in (bob, carol):
        join_from_lobby(page, table_id)
    alice.reload()
    start_game(alice)
    for page in pages:
        page.reload()
        page.wait_for_selector("#bsg-status", timeout=LIVE_TIMEOUT)
    follow_live(*pages)

    assert bob.locator(f"{AWAY} button[data-away=back]").count() == 0
    bob.locator(f"{AWAY} select[name=hours]").select_option("48")
    bob.locator(f"{AWAY} button[data-away=set]").click()
    bob.wait_for_selector(f"{AWAY} .bsg-away-active", timeout=LIVE_TIMEOUT)
    assert bob.locator(f"{AWAY} button[data-away=back]").count() == 1
    shots(bob, "1-bob-is-away")
    for page in (alice, carol):
        assert page.locator(".bsg-away-active").count() == 0

    rnd = random.Random(SEED)
    answered = False
    for _ in range(160):
        shown = version(alice)
        if alice.locator("#log-entries li", has_text="away until").count():
            answered = True
            break
        active = next((p for p in pages if has_decision(p)), None)
        waits_on_bob = active is bob and bob.locator(
            f"{DECISION}:has(button[data-kind=finish_contributing])"
        ).count()
        if active is None or waits_on_bob:  # the worker reveals a check, or answers for Bob: nobody clicks
            wait_version_above(alice, shown)
            continue
        before = {id(p): version(p) for p in pages}
        active.locator(DECISION).nth(_pick(active, rnd)).locator("button").click()
        for page in pages:
            wait_version_above(page, before[id(page)])
    assert answered, "a skill check reached Bob and the site answered for him"
    for page in pages:
        assert unreloaded(page)
    shots(alice, "2-alice-reads-the-answer-made-for-bob")
    assert bob.locator("#log-entries li", has_text="assente fino a").count() >= 1  # in Bob's language

    bob.locator(f"{AWAY} button[data-away=back]").click()
    bob.wait_for_selector(f"{AWAY} .bsg-away-active", state="detached", timeout=LIVE_TIMEOUT)
    assert bob.locator(f"{AWAY} button[data-away=set]").count() == 1
