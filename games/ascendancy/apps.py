from __future__ import annotations

from games.apps import GameAppConfig


class AscendancyConfig(GameAppConfig):
    default = True
    name = "games.ascendancy"
    label = "ascendancy"
