from __future__ import annotations

from importlib import import_module

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Extra engines named in settings (a test-only game in the test suite and its live servers).
        from django.conf import settings
        from django.utils.module_loading import import_string

        import config.checks  # noqa: F401  (registers the deployment checks)
        from games import (
            signals,  # noqa: F401  (connects the receivers)
            tasks,  # noqa: F401  (registers the Celery tasks the services queue by name)
        )
        from games.engine import registry

        for dotted in getattr(settings, "HYPERLANE_EXTRA_GAMES", []):
            registry.register(import_string(dotted))


class GameAppConfig(AppConfig):
    """A game's Django app (``games.<slug>``): naming it in ``INSTALLED_APPS`` is what puts the game on the
    site. Its ``ready`` registers the engine (``games.<slug>.engine.RULES``) and imports the presenter
    (``games.<slug>.presenter``, which registers itself); its templates, static files, template tags and
    management commands are found as any app's are. The platform imports no game."""

    default = False  # a base class, never an app by itself
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.engine import registry

        registry.register(import_module(f"{self.name}.engine").RULES)
        import_module(f"{self.name}.presenter")
