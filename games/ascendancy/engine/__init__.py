"""Star Trek: Ascendancy, the pure engine (no Django): ``RULES`` is the contract's instance."""

from games.ascendancy.engine.rules import AscendancyRules

RULES = AscendancyRules()

__all__ = ["RULES", "AscendancyRules"]
