"""Battlestar Galactica engine tests (pure Python, no Django)."""
