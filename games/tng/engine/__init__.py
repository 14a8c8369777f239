"""Star Trek: The Next Generation Deck Building Game: a pure-Python rules engine (digest: shared/rules/tng.md).

Where each rule lives: setup.py (R1-R8, R41, R45, R56), turns.py (R9-R24, R26-R28, R33, R37d, R59-R60),
actions.py (R11-R15, R25, R26 diplomacy, R41/R56 ship ability, R49.3, R52), mechanics.py (R5, R19, R34-R37,
R39, R47, effects), ending.py (the end of the game, Mission Points, R49 losing to the Borg), war.py (R29-R32,
R61), borg.py (R40-R55), scoring.py (R39, R42, R58: the Result), options.py (R55a, R62, rulings), view.py
(hidden info), secrets.py (rerandomise for the proof harness).
Layers, bottom-up: content -> state -> ending -> mechanics -> actions -> borg/war -> turns -> commands ->
view -> rules (the import-linter contract in pyproject.toml).
Decisions on the rulebook's gaps: RULINGS.md. Card data: data/SCHEMA.md.
"""

from __future__ import annotations

from games.tng.engine.rules import TngRules

RULES = TngRules()

__all__ = ["RULES", "TngRules"]
