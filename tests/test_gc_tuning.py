"""The web processes' garbage collector (config/gc_tuning.py): start-up's objects frozen out of every
collection, and a young generation large enough that a render's objects die before they are promoted."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from config.gc_tuning import settle_server_process


@pytest.fixture
def collector():  # type: ignore[no-untyped-def]
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_settling_freezes_what_is_loaded_and_sets_the_thresholds(collector):  # type: ignore[no-untyped-def]
    gc.unfreeze()
    settle_server_process("10000,10,10")
    assert gc.get_threshold() == (10000, 10, 10)
    assert gc.get_freeze_count() > 10_000  # the test process's modules, Django, the games
    frozen = gc.get_freeze_count()
    settle_server_process("")  # empty: the thresholds are left as they are
    assert gc.get_threshold() == (10000, 10, 10) and gc.get_freeze_count() >= frozen


def test_the_asgi_application_settles_its_process_with_the_setting():
    """A fresh process that loads the site's ASGI application (as Daphne does) has it applied."""
    code = (
        "import gc, os; os.environ['HYPERLANE_GC_THRESHOLDS'] = '12345,11,9'; import config.asgi; "
        "print(gc.get_threshold(), gc.get_freeze_count() > 50_000)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "(12345, 11, 9) True"
