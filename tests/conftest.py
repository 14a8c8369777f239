"""Shared fixtures: the named cast (alice and bob play, charlie is a stranger, mod moderates)."""

from __future__ import annotations

import pytest

from games.engine import registry
from tests.support.toygame import TOY

registry.register(TOY)


def _patient_communicators() -> None:
    """Channels' test communicator gives a socket 1 s to connect, answer or close, a wall-clock budget a
    busy machine (2 shared cores, two test workers) overruns. Tests wait for events: the defaults here are
    the safety cap that only a lost event reaches (tests/support/sockets.py)."""
    from channels.testing import WebsocketCommunicator

    from tests.support.sockets import CAP

    connect, receive_from, disconnect = (
        WebsocketCommunicator.connect, WebsocketCommunicator.receive_from, WebsocketCommunicator.disconnect
    )

    async def patient_connect(self, timeout=CAP):  # type: ignore[no-untyped-def]
        return await connect(self, timeout)

    async def patient_receive_from(self, timeout=CAP):  # type: ignore[no-untyped-def]
        return await receive_from(self, timeout)

    async def patient_disconnect(self, code=1000, timeout=CAP):  # type: ignore[no-untyped-def]
        return await disconnect(self, code, timeout)

    WebsocketCommunicator.connect = patient_connect  # type: ignore[method-assign]
    WebsocketCommunicator.receive_from = patient_receive_from  # type: ignore[method-assign]
    WebsocketCommunicator.disconnect = patient_disconnect  # type: ignore[method-assign]


_patient_communicators()


@pytest.hookimpl(tryfirst=True)
def pytest_itemcollected(item):  # type: ignore[no-untyped-def]
    """Browser tests are ``exclusive`` (before ``-m`` selects: see ``pytest_collection_modifyitems``)."""
    if "tests/browser/" in str(item.fspath):
        item.add_marker(pytest.mark.exclusive)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):  # type: ignore[no-untyped-def]
    """The browser tests run last. Playwright's sync API keeps an event loop running in the main thread
    while its (session-wide) browser is open, so a test after the first browser test that calls
    ``async_to_sync`` or runs its own loop would fail. pytest's own ordering by session fixtures could
    otherwise put them anywhere; the sort is stable, so everything else keeps its order.

    Browser tests are ``exclusive`` too: ``bin/test`` runs the rest on two workers, then the exclusive
    tests in one process of their own (tests/browser/, and tests that restart the shared Redis)."""
    items.sort(key=lambda item: "tests/browser/" in str(item.fspath))


@pytest.fixture
def make_user(db):  # type: ignore[no-untyped-def]
    from accounts.models import User

    def make(name: str, **extra):  # type: ignore[no-untyped-def]
        return User.objects.create_user(username=name, email=f"{name}@example.org", password="pw-" + name * 2, **extra)

    return make


@pytest.fixture
def alice(make_user):  # type: ignore[no-untyped-def]
    return make_user("alice")


@pytest.fixture
def bob(make_user):  # type: ignore[no-untyped-def]
    return make_user("bob")


@pytest.fixture
def charlie(make_user):  # type: ignore[no-untyped-def]
    return make_user("charlie")


@pytest.fixture
def mod(make_user):  # type: ignore[no-untyped-def]
    return make_user("mod", is_staff=True)


@pytest.fixture(autouse=True)
def _empty_fragment_cache():  # type: ignore[no-untyped-def]
    """Rendered fragments and the websockets' shared table reads are kept by table id and version: a
    rolled-back test's table may share an id."""
    from django.core.cache import caches

    from games.consumers import SNAPSHOTS

    caches["fragments"].clear()
    SNAPSHOTS.clear()
    yield


@pytest.fixture(autouse=True)
def _default_language():  # type: ignore[no-untyped-def]
    """Each test starts in the site's default language: a request of a user who reads Italian leaves
    Italian active in the thread (the locale middleware activates it and nothing deactivates it), and
    the next test on the same worker would read its texts in Italian."""
    yield
    from django.utils import translation

    translation.deactivate()
