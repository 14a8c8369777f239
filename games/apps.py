from __future__ import annotations

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Extra engines named in settings (a test-only game in the test suite and its live servers).
        from django.conf import settings
        from django.utils.module_loading import import_string

        import config.checks  # noqa: F401  (registers the deployment checks)
        from games import signals  # noqa: F401  (connects the receivers)
        from games.engine import registry

        for dotted in getattr(settings, "HYPERLANE_EXTRA_GAMES", []):
            registry.register(import_string(dotted))
