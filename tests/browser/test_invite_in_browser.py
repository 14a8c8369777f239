"""The invite link carries its token in the fragment: in a real browser the invite page reads it, posts
it and opens the private table, and the token is in no URL the browser requested (issue 11, item 7)."""

from __future__ import annotations

import re

from tests.browser.helpers import TABLE_URL, new_table_form


def test_an_invite_link_opens_a_private_table_and_takes_a_seat(browser_site, new_player, shots):
    site = browser_site
    alice, bob = new_player("alice"), new_player("bob")
    new_table_form(alice, site, "toy", 2)
    alice.locator("input[name=is_private]").check()
    alice.get_by_role("button", name=re.compile("Open the table")).click()
    alice.wait_for_url(TABLE_URL)
    link = alice.locator("code.invite-link").inner_text().strip()
    path, token = link.split("#", 1)
    assert token and token not in path

    requested: list[str] = []
    bob.on("request", lambda request: requested.append(request.url))
    bob.goto(link)
    bob.wait_for_url(TABLE_URL)
    assert "#" not in bob.url
    shots(bob, "1-bob-invited")
    bob.locator("form[hx-post$='/join/'] button").click()
    bob.wait_for_selector("form[hx-post$='/leave/']")
    shots(bob, "2-bob-seated")
    assert requested and all(token not in url for url in requested), requested
