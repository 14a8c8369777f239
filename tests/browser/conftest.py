"""Playwright with Debian's Chromium (its own browser download does not work here)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import login
from tests.live.harness import LiveSite

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def _live_site(tmp_path_factory, folder: str):  # type: ignore[no-untyped-def]
    """A live site (Daphne, a Celery worker, its own database) in a new temporary ``folder``, stopped after."""
    site = LiveSite.create(tmp_path_factory.mktemp(folder))
    try:
        yield site
    finally:
        site.stop()


@pytest.fixture(scope="session")
def browser_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    yield from _live_site(tmp_path_factory, "browser")


@pytest.fixture(scope="session")
def browser():  # type: ignore[no-untyped-def]
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (bin/test installs it when run as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def shots(request):  # type: ignore[no-untyped-def]
    """``shots(page, "name")`` saves a screenshot under test-artifacts/screenshots/<test>/."""
    folder = ARTIFACTS / request.node.name
    folder.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:  # type: ignore[no-untyped-def]
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@contextlib.contextmanager
def logged_in_pages(browser, site, *init_scripts: str):  # type: ignore[no-untyped-def]
    """``open_page("alice", **context_options)``: a page in a new browser context (its own cookies, so one per
    player), logged in as alice, with ``init_scripts`` run in every page before its own. The contexts close at
    the end, and the test fails if the Content-Security-Policy refused anything on any page (an inline script,
    style or handler, an eval) or a page logged an error (JavaScript, htmx, a failed request) that the test did
    not cause on purpose (``_expected``)."""
    contexts = []
    refused: list[str] = []
    errors: list[str] = []

    def on_console(msg) -> None:  # type: ignore[no-untyped-def]
        if "Content Security Policy" in msg.text:
            refused.append(msg.text)
        elif msg.type == "error" and not _expected(msg.text):
            errors.append(f"{msg.location.get('url', '')}: {msg.text}")

    def open_page(username: str, **context_options: Any):  # type: ignore[no-untyped-def]
        context = browser.new_context(**context_options)
        contexts.append(context)
        for script in init_scripts:
            context.add_init_script(script)
        context.on("console", on_console)
        context.on("weberror", lambda error: errors.append(f"page error: {error.error}"))
        return login(context, site, username)

    try:
        yield open_page
    finally:
        for context in contexts:
            context.close()
    assert refused == [], refused
    assert errors == [], errors


@pytest.fixture
def new_player(browser, browser_site):  # type: ignore[no-untyped-def]
    """``new_player("alice", **context_options)``: a logged-in page of its own (``logged_in_pages``) on the
    session's site."""
    with logged_in_pages(browser, browser_site) as open_page:
        yield open_page


@pytest.fixture(scope="module")
def asc_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A live site of the module's own for the Ascendancy browser tests."""
    yield from _live_site(tmp_path_factory, "asc-browser")


@pytest.fixture(scope="module")
def bsg_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A live site of the module's own for the Battlestar Galactica browser tests."""
    yield from _live_site(tmp_path_factory, "bsg-browser")


@pytest.fixture
def players(request, browser):  # type: ignore[no-untyped-def]
    """``players("alice", **context_options)``: a logged-in page of its own (``logged_in_pages``) on the site
    the test module names in ``LIVE_SITE`` (a fixture's name: ``asc_site``, ``bsg_site``...), with the
    module's ``PAGE_SCRIPTS`` run in every page."""
    site = request.getfixturevalue(request.module.LIVE_SITE)
    with logged_in_pages(browser, site, *getattr(request.module, "PAGE_SCRIPTS", ())) as open_page:
        yield open_page


def _expected(text: str) -> bool:
    """Console errors a test causes on purpose: a refused move answers 4xx (its message is shown on the
    page), and a socket the server closes (a sign-out, a restart) is reported by the browser."""
    return text.startswith("Failed to load resource: the server responded with a status of 4") or (
        "WebSocket" in text and ("closed" in text or "failed" in text)
    )


def pytest_collection_modifyitems(items):  # type: ignore[no-untyped-def]
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
