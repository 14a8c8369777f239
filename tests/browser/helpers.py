"""What the browser tests do again and again: log in (a new browser context per player), open, join and
start a table through the visible forms, and follow a page that updates live, without a reload.

Controls are found by structure where Bob (who reads Italian) uses them, never by their words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin

#: A safety cap (ms) on waiting for a page to follow a change made elsewhere (the websocket, the worker):
#: the tests wait for the change itself; the cap only runs out when it is truly lost (issue 11 item 19).
LIVE_TIMEOUT = 120_000
TABLE_URL = re.compile(r"/tables/(\d+)/$")


def login(context, site, username: str):  # type: ignore[no-untyped-def]
    """A new page of ``context``, logged in as ``username`` (the demo password)."""
    page = context.new_page()
    page.goto(site.url + "/accounts/login/")
    page.locator("input[name=login]").fill(username)
    page.locator("input[name=password]").fill("hyperlane-demo")
    page.locator("form button[type=submit], form input[type=submit]").last.click()
    page.wait_for_url(lambda url: "/accounts/login" not in url)
    return page


def new_table_form(page, site, game: str, num_players: int) -> None:  # type: ignore[no-untyped-def]
    """Go to the new-table form and choose ``game`` and ``num_players``, waiting each time for the form to
    come back from the server with that game's counts and that count's options (a POST of a form that
    still shows another game only shows the new game's options again, and stays on the page)."""
    page.goto(site.url + "/tables/new/")
    page.locator("select[name=game]").select_option(game)
    wait_form_settled(page, "shown_game", game)
    page.locator("select[name=num_players]").select_option(str(num_players))
    wait_form_settled(page, "num_players", str(num_players))


def open_table(page, site, game: str, num_players: int) -> str:  # type: ignore[no-untyped-def]
    """Open a table of ``game`` through the visible form (the page's user reads English); its id."""
    new_table_form(page, site, game, num_players)
    return submit_new_table(page)


def submit_new_table(page) -> str:  # type: ignore[no-untyped-def]
    """Press "Open the table" (the page's user reads English) and wait for the table's page; its id."""
    page.get_by_role("button", name=re.compile("Open the table")).click()
    page.wait_for_url(TABLE_URL, timeout=LIVE_TIMEOUT)  # the event, not a time budget (a busy machine)
    return TABLE_URL.search(page.url).group(1)  # type: ignore[union-attr]


def wait_form_settled(page, field: str, value: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the create form shows ``field`` at ``value`` and no htmx request of it is in flight."""
    page.wait_for_function(
        """([field, value]) => {
            const form = document.getElementById('create-form');
            return !!form && !form.classList.contains('htmx-request')
                && !document.querySelector('.htmx-request')
                && form.elements[field] && form.elements[field].value === value;
        }""", arg=[field, value], timeout=LIVE_TIMEOUT)


def join_from_lobby(page, table_id: str) -> None:  # type: ignore[no-untyped-def]
    """Join table ``table_id`` with its join button on a freshly loaded lobby (a lobby page loaded before the
    table was opened shows it only at its next 30-second refresh); waits for the table page."""
    page.goto(urljoin(page.url, "/"))
    page.locator(f"#lobby-table-{table_id} form[action$='/join/'] button").click()
    page.wait_for_url(TABLE_URL, timeout=LIVE_TIMEOUT)


def start_game(page) -> None:  # type: ignore[no-untyped-def]
    """The creator starts the game from the table page (the page's user reads English), and waits until the
    started table's page has loaded. The answer is an ``HX-Redirect``, which htmx follows with a whole
    navigation; the table's push may replace the open table's board (and its button) before that navigation
    begins, so the button's going is no sign of it. A ``goto`` or ``reload`` sent before the navigation ends
    would abort it (``net::ERR_ABORTED``): wait for the navigation itself."""
    button = page.get_by_role("button", name=re.compile("Start the game"))
    with page.expect_navigation(wait_until="load", timeout=LIVE_TIMEOUT):
        button.click()


def follow_live(*pages: Any) -> None:
    """Wait until each page's websocket is open, and mark the page so that ``unreloaded`` can tell."""
    for page in pages:
        page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
        mark(page)


def mark(page) -> None:  # type: ignore[no-untyped-def]
    page.evaluate("window.__noReloadMarker = 'still-here'")


def unreloaded(page) -> bool:  # type: ignore[no-untyped-def]
    """The page was not reloaded since ``mark``."""
    return page.evaluate("window.__noReloadMarker") == "still-here"


def version(page) -> int:  # type: ignore[no-untyped-def]
    """The table version the page shows."""
    return int(page.locator("#frag-status").get_attribute("data-version") or "0")


def wait_version_above(page, above: int, timeout: int = LIVE_TIMEOUT) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function(
        f"() => Number(document.querySelector('#frag-status').dataset.version) > {above}", timeout=timeout
    )


def names_card(html: str, card: str) -> bool:
    """Whether ``html`` names the card ``card`` itself, not only a card whose id it begins (``sensor_30`` in
    ``sensor_300``, ``c1`` in ``c12``): a secret card is looked for in another seat's page by this."""
    return re.search(rf"(?<![\w]){re.escape(card)}(?![\w])", html) is not None


def has_decision(page) -> bool:  # type: ignore[no-untyped-def]
    """The page offers its player a command (undo aside): the game waits on them."""
    return page.locator("#frag-decision form.command:not(.undo)").count() > 0


def click_visible_button(form) -> None:  # type: ignore[no-untyped-def]
    button = form.locator("button")
    assert button.is_visible()
    button.click()


def act(page, other, selector: str, click: Callable[[Any], None] = click_visible_button) -> bool:  # type: ignore[no-untyped-def]
    """Use the first control matching ``selector`` (``click(form)``); both pages must then show a newer
    version, the other one live. False if the page has no such control."""
    forms = page.locator(selector)
    if not forms.count():
        return False
    before = version(other)
    mine = version(page)
    click(forms.first)
    wait_version_above(page, mine)
    wait_version_above(other, before)
    return True
