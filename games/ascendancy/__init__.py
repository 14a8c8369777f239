"""Star Trek: Ascendancy (issue 14): the engine lives in ``games.ascendancy.engine``."""
