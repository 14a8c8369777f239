"""The engines the site offers, by slug. Pure: the Django side looks games up here."""

from __future__ import annotations

from games.engine.core.rules import Rules

_RULES: dict[str, Rules] = {}
_BUILTIN_LOADED = False


def register(rules: Rules) -> Rules:
    _RULES[rules.slug] = rules
    return rules


def _load_builtin() -> None:
    global _BUILTIN_LOADED
    if _BUILTIN_LOADED:
        return
    from games.engine import kemble, tng

    register(kemble.RULES)
    register(tng.RULES)
    _BUILTIN_LOADED = True


def get(slug: str) -> Rules:
    _load_builtin()
    try:
        return _RULES[slug]
    except KeyError:
        raise LookupError(f"no game called {slug!r}") from None


def all_rules() -> list[Rules]:
    _load_builtin()
    return [_RULES[k] for k in sorted(_RULES)]
