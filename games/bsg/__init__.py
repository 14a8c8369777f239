"""Battlestar Galactica (issue 16): the content lives in ``games.bsg.engine``; the engine comes next."""
