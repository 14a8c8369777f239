"""Moves go over the page's open websocket, and as POSTs while it is down (issue 12).

The page's WebSocket is wrapped before any of its scripts run (an init script): the test counts the
command frames it sends, and can cut the socket and keep it from reconnecting, as a network would.
"""

from __future__ import annotations

from tests.browser.helpers import LIVE_TIMEOUT, open_table, start_game, version, wait_version_above

SOCKETS = """(() => {
    const Real = window.WebSocket;
    window.__sockets = []; window.__wsMoves = 0; window.__blockWs = false;
    function Wrapped(url, protocols) {
        // Cut: every reconnect goes to a port where nothing listens.
        const s = new Real(window.__blockWs ? "ws://127.0.0.1:9/" : url, protocols);
        const send = s.send.bind(s);
        s.send = (data) => { if (String(data).includes('"kind"')) window.__wsMoves += 1; send(data); };
        window.__sockets.push(s);
        return s;
    }
    Wrapped.prototype = Real.prototype;
    Object.assign(Wrapped, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
    window.WebSocket = Wrapped;
})();"""


def _click(page, selector: str) -> int:  # type: ignore[no-untyped-def]
    """Click the first control matching ``selector`` and wait until the page shows a newer version."""
    before = version(page)
    page.locator(selector).first.click()
    wait_version_above(page, before)
    return version(page)


def test_moves_go_over_the_socket_and_as_posts_when_it_is_cut(browser_site, new_player, shots):
    alice = new_player("alice")
    alice.add_init_script(SOCKETS)
    errors: list[str] = []
    alice.on("pageerror", lambda e: errors.append(str(e)))
    posts: list[str] = []
    alice.on("request", lambda r: posts.append(r.url) if r.method == "POST" and "/command/" in r.url else None)
    open_table(alice, browser_site, "toy", 1)
    start_game(alice)
    alice.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)

    # Over the socket: the bid, then (after the worker's reveal, pushed) an advance.
    alice.locator("#frag-decision button[data-kind=bid]").first.wait_for(timeout=LIVE_TIMEOUT)
    _click(alice, "#frag-decision button[data-kind=bid]")
    alice.locator("#frag-decision button[data-kind=advance]").first.wait_for(timeout=LIVE_TIMEOUT)
    # The socket is open when the move is made (on a busy machine it may have been reconnecting after the
    # worker's push: a move made then is rightly posted, which is not what this step checks).
    alice.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
    _click(alice, "#frag-decision button[data-kind=advance]")
    assert alice.evaluate("window.__wsMoves") == 2
    assert posts == []
    shots(alice, "after-socket-moves")

    # A refused move over the socket: its message next to the control that sent it, and in the error area.
    alice.evaluate("""() => { const f = document.querySelector('#frag-decision form.command');
        f.querySelector('input[name=args]').value = '{"by": 99}'; }""")
    form = alice.locator("#frag-decision form.command").first
    form.locator("button").click()
    alice.locator("#table-error").filter(has_text="toy:").wait_for(timeout=LIVE_TIMEOUT)
    form.locator(".form-error .error-text").filter(has_text="toy:").wait_for(timeout=LIVE_TIMEOUT)
    assert posts == [] and alice.evaluate("window.__wsMoves") == 3

    # The socket is cut and cannot come back: the same forms post.
    alice.evaluate("() => { window.__blockWs = true; window.__sockets.forEach((s) => s.close()); }")
    alice.wait_for_function("() => document.body.dataset.ws === 'closed'", timeout=LIVE_TIMEOUT)
    alice.locator("#frag-decision button[data-kind=advance]").first.wait_for(timeout=LIVE_TIMEOUT)
    # (the refused form above still holds its bad value: use one the page rendered afresh)
    alice.evaluate("() => document.querySelector('#frag-decision form.command').remove()")
    _click(alice, "#frag-decision button[data-kind=advance], #frag-decision button[data-kind=end_turn]")
    assert len(posts) == 1 and alice.evaluate("window.__wsMoves") == 3
    assert errors == [], errors
    shots(alice, "after-post-move")


def test_a_refusal_for_a_form_the_page_replaced_meanwhile_shows_in_the_error_area(browser_site, new_player, shots):
    """A command sent over the socket is refused, and its form is gone from the page before the answer comes (a
    push replaced it): the message shows in the table's error area, and nothing goes wrong in the page (the
    answer's swap for the form's own error slot, which no longer exists, is dropped)."""
    alice = new_player("alice")
    problems: list[str] = []
    alice.on("pageerror", lambda e: problems.append(str(e)))
    alice.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    open_table(alice, browser_site, "toy", 1)
    start_game(alice)
    alice.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
    alice.locator("#frag-decision button[data-kind=bid]").first.wait_for(timeout=LIVE_TIMEOUT)
    # The refused command's form leaves the page as soon as the page has named its error slot and sent it
    # (this listener runs after the page's own, which names the slot), as a push replacing it would.
    alice.evaluate("""() => {
        const f = document.querySelector('#frag-decision form.command');
        f.querySelector('input[name=args]').value = '{"card": 999}';
        document.addEventListener('htmx:wsConfigSend', (evt) => {
            if (evt.detail.elt === f) setTimeout(() => f.remove(), 0);
        });
    }""")
    alice.locator("#frag-decision form.command button").first.click()
    alice.locator("#table-error").filter(has_text="toy:").wait_for(timeout=LIVE_TIMEOUT)
    # The answer is swapped whole before the error area shows: every part of it has been dealt with.
    assert alice.locator("[id^=cmd-err-]").count() == 0
    assert problems == [], problems
    shots(alice, "refusal-for-a-replaced-form")
