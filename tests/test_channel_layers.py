"""Issue 12: which channel layer the production settings choose (``HYPERLANE_CHANNEL_LAYER``), and the
pub/sub layer's channel names, which carry the Redis database number because pub/sub ignores it."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _layer_settings(**env_vars: str) -> dict[str, object]:
    """``CHANNEL_LAYERS["default"]`` of the production settings under ``env_vars``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "HYPERLANE_CHANNEL"))}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings.base", "DJANGO_SECRET_KEY": "layers-" + "k" * 40})
    env.update(env_vars)
    code = (
        "import json; from django.conf import settings; print(json.dumps(settings.CHANNEL_LAYERS['default']))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_the_pub_sub_layer_is_the_default_and_its_names_carry_the_database_number():
    layer = _layer_settings(REDIS_URL="redis://127.0.0.1:6379/7")
    assert layer["BACKEND"] == "config.channel_layer.OutageTolerantRedisPubSubChannelLayer"
    assert layer["CONFIG"]["prefix"] == "asgi7:"  # type: ignore[index]
    assert _layer_settings(REDIS_URL="redis://127.0.0.1:6379")["CONFIG"]["prefix"] == "asgi0:"  # type: ignore[index]


def test_the_queue_layer_is_one_setting_away():
    layer = _layer_settings(REDIS_URL="redis://127.0.0.1:6379/7", HYPERLANE_CHANNEL_LAYER="core")
    assert layer["BACKEND"] == "config.channel_layer.OutageTolerantRedisChannelLayer"


def test_an_unknown_layer_is_refused_at_start():
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.base",
            "DJANGO_SECRET_KEY": "layers-" + "k" * 40,
            "REDIS_URL": "redis://127.0.0.1:6379/7",
            "HYPERLANE_CHANNEL_LAYER": "pubsbu",
        }
    )
    out = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; settings.CHANNEL_LAYERS"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode != 0 and "HYPERLANE_CHANNEL_LAYER is pubsub or core" in out.stderr


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs a real Redis (REDIS_URL)")
@pytest.mark.asyncio
async def test_two_sites_on_one_redis_server_do_not_hear_each_others_tables():
    """Before: both sites' pub/sub channels were ``asgi__group__table.1`` whatever their database, so a
    move at one site's table 1 was pushed to the pages of the other's table 1."""
    from config.channel_layer import OutageTolerantRedisPubSubChannelLayer

    url = os.environ["REDIS_URL"]
    here = OutageTolerantRedisPubSubChannelLayer(hosts=[url], prefix="asgi4:")
    there = OutageTolerantRedisPubSubChannelLayer(hosts=[url], prefix="asgi5:")
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add("table.1", mine)
    await there.group_add("table.1", theirs)
    try:
        await there.group_send("table.1", {"type": "table.updated", "version": 9})
        assert await asyncio.wait_for(there.receive(theirs), 30) == {"type": "table.updated", "version": 9}
        await here.group_send("table.1", {"type": "table.updated", "version": 3})
        # The next message this site's socket gets is its own site's: the other's never came.
        assert await asyncio.wait_for(here.receive(mine), 30) == {"type": "table.updated", "version": 3}
    finally:
        await here.flush()
        await there.flush()
