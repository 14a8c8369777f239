from __future__ import annotations

import pytest

from tests.live.harness import LiveSite


@pytest.fixture(scope="session")
def live_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    site = LiveSite.create(tmp_path_factory.mktemp("live"))
    yield site
    site.stop()


def pytest_collection_modifyitems(items):  # type: ignore[no-untyped-def]
    for item in items:
        if "tests/live/" in str(item.fspath):
            item.add_marker(pytest.mark.live)
