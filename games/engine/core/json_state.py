"""A game's state as the database gives it back: JSON's own types only (lists for tuples, text keys).

Every engine's ``dump`` (a move's new state, before it is written) and ``load`` (every render and move
reads one) is this JSON round trip. orjson makes it: on a game's state it gives exactly what the standard
library's ``json.loads(json.dumps(state))`` gives (checked on every game's random states, see
tests/engine/test_json_state.py), three to ten times faster. Like ``json``, it refuses what JSON cannot
hold (a set, an object, a date, a dataclass) rather than guessing a form for it.
"""

from __future__ import annotations

from typing import Any

import orjson

#: Integer keys become text, as ``json.dumps`` writes them; dataclasses and dates are refused as ``json``
#: refuses them (orjson would write them).
_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def json_round_trip(value: Any) -> Any:
    """``value`` after a trip through JSON text: a new object of plain JSON types, sharing nothing."""
    return orjson.loads(orjson.dumps(value, option=_OPTIONS))


__all__ = ["json_round_trip"]
