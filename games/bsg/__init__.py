"""Battlestar Galactica (issue 16): the engine in ``games.bsg.engine``, the site's side (presenter, board parts,
translations, the secrets hook of the proof harness) here."""
