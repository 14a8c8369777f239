"""A menu the player opened stays open when a push replaces the part it is in (issue 12).

A push replaces whole parts of the board by their ids (htmx's out-of-band swaps): a card's ``<details>``
action menu, open under the player's pointer, would close whenever the card was sent again. static/js/app.js
opens it again in the new element, when it is the same menu (same place, same summary).

The pushes here go through htmx's own out-of-band swap, as a websocket message's do (``htmx.swap`` of a
message holding ``hx-swap-oob`` elements, the path ``app.js`` takes for messages held during a POST).
"""

from __future__ import annotations

from tests.browser.helpers import LIVE_TIMEOUT, open_table, start_game

PART = """() => {
    // Beside the board, not in it: a push of the board itself must not take the test's part away.
    const board = document.querySelector('#table-live .table-main');
    const part = document.createElement('div');
    part.id = 'menu-test-part';
    part.innerHTML = '<details class="q-action menu"><summary>Actions</summary><p>old</p></details>'
        + '<details class="other"><summary>Other</summary></details>';
    board.appendChild(part);
    part.querySelector('details.q-action summary').click();
}"""

PUSH = """(summary) => {
    const html = '<div id="menu-test-part" hx-swap-oob="true">'
        + '<details class="q-action menu"><summary>' + summary + '</summary><p>new</p></details>'
        + '<details class="other"><summary>Other</summary></details></div>';
    htmx.swap(document.getElementById('table-live'), html, { swapStyle: 'none' });
    const part = document.getElementById('menu-test-part');
    return {
        text: part.querySelector('details.q-action p').textContent,
        open: part.querySelector('details.q-action').open,
        other: part.querySelector('details.other').open,
    };
}"""


def test_an_open_menu_stays_open_when_its_part_is_pushed_again(browser_site, new_player):
    alice = new_player("alice")
    open_table(alice, browser_site, "toy", 1)
    start_game(alice)
    alice.locator("#frag-decision button[data-kind=bid]").first.wait_for()  # the started game's page
    alice.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
    alice.evaluate(PART)
    assert alice.evaluate("() => document.querySelector('#menu-test-part details.q-action').open")

    same = alice.evaluate(PUSH, "Actions")
    assert same == {"text": "new", "open": True, "other": False}  # the new content, the menu still open

    changed = alice.evaluate(PUSH, "Fewer actions")
    assert changed == {"text": "new", "open": False, "other": False}  # another menu now: left closed
