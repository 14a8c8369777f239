from __future__ import annotations

from games.apps import GameAppConfig


class TngConfig(GameAppConfig):
    default = True
    name = "games.tng"
    label = "tng"
