"""Battlestar Galactica: the pure-Python rules engine (digest: shared/rules/bsg.md).

So far only its content: ``content.py`` loads and validates the data files under ``data/`` (SCHEMA.md).
"""
