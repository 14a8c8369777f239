"""One live site for all the live proof tests (starting one costs tens of seconds): two ASGI servers, a
worker and beat; limits low enough to test, high enough for the races."""

from __future__ import annotations

import pytest

MOVE_LIMIT = 200  # per user and minute: the races post about 130 in well under a minute
LOGIN_FAILURES = 5  # per login name and minute


@pytest.fixture(scope="session")
def proof_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    from django.conf import settings

    from tests.live.harness import LiveSite
    from tests.proof.live_support import make_users

    site = LiveSite.create(tmp_path_factory.mktemp("proof"), servers=2, extra_env={
        # The production default, not the harness's 5 s: the worker-kill test proves the real bound.
        "HYPERLANE_AUTO_STEP_RESEND_AFTER": str(settings.HYPERLANE_AUTO_STEP_RESEND_AFTER),
        "HYPERLANE_MOVE_RATE_PER_MINUTE": str(MOVE_LIMIT),
        "HYPERLANE_LOGIN_RATE": f"1000/m/ip,{LOGIN_FAILURES}/m/key",
    })
    make_users(site, [f"j{i}" for i in range(12)])
    yield site
    site.stop()
