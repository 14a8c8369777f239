"""Battlestar Galactica: the pure-Python rules engine (digest: shared/rules/bsg.md).

Where each rule lives: content.py (the data files, SCHEMA.md), setup.py (R101-R110, R120), turns.py
(R200-R255, R300-R306 location actions, R704, R405, R605-R607), checks.py (R500-R506), cylons.py (R602,
R604, R606, R625), effects.py (the effect vocabulary, as far as it is resolved; R162, R614, R616),
ending.py (R708-R709), loyalty.py (R402 a-f, R403, R405 give-aways, R407), revealed.py (R220 G the
reveal, R260-R265 and R309-R312 the Cylon locations, R404 Super Crises), commands.py (decisions and
commands), view.py (hidden information, 6.1), options.py (R150), messages.py (English texts of codes, prompts and events).
The human side: actions.py (R220 B-E), vipers.py (R620, R621, R301, R610-R615, R618, repairs), quorum.py
(R420, the Quorum hand), skill_actions.py (R220 B, R221), characters.py (R220 C, sheets' triggers),
traits.py (sheets in force), check_cards.py (R509: cards and abilities on a skill check), looks.py (secret
looks: loyalty cards, deck tops, civilian ships).
"""

from __future__ import annotations

from games.bsg.engine.rules import RULES, BsgRules

__all__ = ["RULES", "BsgRules"]
