"""The engines the site offers, by slug. Pure: each game's Django app registers its engine when the site
starts (``games.apps.GameAppConfig``); a script without Django can ``register`` an engine itself or ask
for one by its slug (``get`` imports ``games.<slug>.engine`` by convention)."""

from __future__ import annotations

import importlib

from games.engine.core.rules import Rules

_RULES: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    _RULES[rules.slug] = rules
    return rules


def get(slug: str) -> Rules:
    try:
        return _RULES[slug]
    except KeyError:
        pass
    if slug.isidentifier():
        try:
            module = importlib.import_module(f"games.{slug}.engine")
        except ImportError:
            module = None
        rules = getattr(module, "RULES", None)
        if isinstance(rules, Rules):
            return register(rules)
    raise LookupError(f"no game called {slug!r}")


def all_rules() -> list[Rules]:
    return [_RULES[k] for k in sorted(_RULES)]
