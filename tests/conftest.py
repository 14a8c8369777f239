"""Shared fixtures: the named cast (alice and bob play, charlie is a stranger, mod moderates)."""

from __future__ import annotations

import pytest

from games.engine import registry
from tests.support.toygame import TOY

registry.register(TOY)


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
