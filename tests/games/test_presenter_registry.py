"""Every built-in game gets its own presenter, whatever a process imports first (games/presenters)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("first", ["games.kemble.templatetags.kemble_tags", "games.tng.templatetags.tng_tags", "games.views"])
def test_each_game_has_its_presenter_in_a_fresh_process(first):
    """A server loads template tag libraries (which import one game's presenter) before any page asks for
    a presenter: the registry must still load every built-in one, not only while it is empty."""
    code = (
        "import django; django.setup(); import importlib; "
        f"importlib.import_module({first!r}); "
        "from games.engine import registry; from games.presenters import Presenter, presenter_for; "
        "print(' '.join(f'{r.slug}={type(presenter_for(r.slug)).__name__}' for r in registry.all_rules()))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    shown = dict(item.split("=") for item in out.stdout.split())
    assert shown.get("kemble") == "KemblePresenter", (shown, out.stderr[-2000:])
    assert shown.get("tng") == "TngPresenter", (shown, out.stderr[-2000:])
