from __future__ import annotations

from games.apps import GameAppConfig


class BsgConfig(GameAppConfig):
    default = True
    name = "games.bsg"
    label = "bsg"
