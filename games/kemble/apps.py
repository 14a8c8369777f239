from __future__ import annotations

from games.apps import GameAppConfig


class KembleConfig(GameAppConfig):
    default = True
    name = "games.kemble"
    label = "kemble"

    def ready(self) -> None:
        super().ready()
        from django.template import engines

        from games.kemble.presenter import card_html

        # The row parts' space cards, kept between renders (``presenter.card_html``).
        engines["jinja2"].env.globals["kemble_card"] = card_html  # type: ignore[attr-defined]
