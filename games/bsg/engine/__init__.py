"""Battlestar Galactica: the pure-Python rules engine (digest: shared/rules/bsg.md).

Where each rule lives: content.py (the data files, SCHEMA.md), setup.py (R101-R110, R120), turns.py
(R200-R255, R704, R405, R708-R709), checks.py (R500-R506), effects.py (the effect vocabulary, as far as it
is resolved), commands.py (decisions and commands), view.py (hidden information, 6.1), options.py (R150).
"""

from __future__ import annotations

from games.bsg.engine.rules import RULES, BsgRules

__all__ = ["RULES", "BsgRules"]
