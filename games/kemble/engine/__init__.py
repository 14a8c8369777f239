"""The Battle at Kemble's Cascade: a pure-Python rules engine (rules digest: shared/rules/kemble.md).

Where each rule lives: setup.py (R1-R11), turns.py (R12-R18, R34, R52), movement.py (R19-R23, R26, R64),
firing.py (R24-R30, R65, R68, R74-R77), threat.py (R31-R33, R42), economy.py (R35-R40, R78),
effects.py (the effect vocabulary; drawing power-ups, R37-R38),
scroll.py (R41-R44, R69), boss.py (R45-R47), destruction.py (R49-R51), space.py (R20, R28, R57-R73),
goals.py (R53-R54), scoring.py (R55, R83-R84), options.py (R82-R86), view.py (hidden information).
"""

from __future__ import annotations

from games.kemble.engine.rules import KembleRules

RULES = KembleRules()

__all__ = ["RULES", "KembleRules"]

