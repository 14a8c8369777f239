from __future__ import annotations

from games.apps import GameAppConfig


class TngConfig(GameAppConfig):
    default = True
    name = "games.tng"
    label = "tng"

    def ready(self) -> None:
        super().ready()
        from games.tng.board import install_template_globals

        install_template_globals()
