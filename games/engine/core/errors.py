"""Errors raised by engines. Their codes are stable: the site translates them and tests match on them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class IllegalCommand(Exception):
    """A command the rules refuse.

    ``code`` is a stable snake_case identifier (``not_your_turn``, ``quadrant_blocked``); ``rule`` is the
    rule ID it breaks (``kemble:R19``), or ``""`` for a platform-level refusal; ``params`` fill the
    translated message (plain JSON values only, and never a secret the commanding seat may not know).
    """

    def __init__(self, code: str, rule: str = "", **params: Any) -> None:
        self.code = code
        self.rule = rule
        self.params: Mapping[str, Any] = params
        super().__init__(f"{code} ({rule})" if rule else code)

    def as_json(self) -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "params": dict(self.params)}


class RulesError(Exception):
    """An engine bug or a corrupt state: never the player's fault."""
