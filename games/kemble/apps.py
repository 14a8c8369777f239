from __future__ import annotations

from games.apps import GameAppConfig


class KembleConfig(GameAppConfig):
    default = True
    name = "games.kemble"
    label = "kemble"
