"""Battlestar Galactica: the pure-Python rules engine (digest: shared/rules/bsg.md).

``content.py`` loads and validates the data files under ``data/`` (SCHEMA.md); ``rules.RULES`` is the
engine (setup, the turn skeleton and skill checks so far).
"""
