"""Star Trek: Ascendancy: the pure-Python rules engine (digest: shared/rules/ascendancy.md).

``RULES`` is the contract's instance (rules.py). geometry.py: the table's constants and shape tests;
galaxy.py: discs and lanes as geometry and as a graph; layout.py: the engine's bridge to them.
"""

from games.ascendancy.engine.rules import AscendancyRules

RULES = AscendancyRules()

__all__ = ["RULES", "AscendancyRules"]
