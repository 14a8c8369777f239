"""Model fields of the games' tables.

``JSONField`` is Django's, with its JSON text written and read by orjson instead of the standard library:
every move writes a table's state, its command, events and a state version, and every move and render
reads a state back (bench/RESULTS.md, "Issue 12, session 18": about a fifth of the time of the standard
library's text on a game's state). The values are the same both ways: what orjson cannot write as
``json.dumps`` would (a date, a dataclass, an integer wider than 64 bits) or read as ``json.loads`` would
(a text with 19 digits in a row: perhaps such an integer) goes through the standard library, as before. A field given its own
``encoder`` or ``decoder`` keeps Django's path, and so does SQLite's writing (the embedded default).
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from django.db import models

#: Integer keys written as text, as ``json.dumps`` writes them; a dataclass or a date is handed to the
#: standard library, which refuses it as before (orjson would write them).
_WRITE = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


#: A text's bytes with every digit as "0" and every other byte as a space (``bytes.translate``), and what such
#: a text holds where the JSON has 19 digits in a row: perhaps an integer wider than 64 bits, which orjson
#: would read as a float. A few microseconds on a state's text, a tenth of a regular expression's search.
_DIGITS_AS_ZEROS = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
_WIDE_NUMBER = b"0" * 19


def json_bytes(value: Any) -> bytes:
    """``value`` as JSON text in UTF-8: orjson's, or the standard library's where orjson cannot write it."""
    try:
        return orjson.dumps(value, option=_WRITE)
    except TypeError:
        return json.dumps(value).encode()


class JSONField(models.JSONField):
    """Django's ``JSONField``, its text written and read by orjson (``json_bytes``, ``from_db_value``)."""

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        adapted = super().get_db_prep_value(value, connection, prepared)
        if self.encoder is not None:
            return adapted
        if connection.vendor == "postgresql":
            from django.db.backends.postgresql.psycopg_any import Jsonb

            if isinstance(adapted, Jsonb):  # psycopg writes it with ``dumps`` as it sends the query
                return Jsonb(adapted.obj, dumps=json_bytes)
        return adapted  # SQLite's text, already written by Django (the embedded default)

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if isinstance(value, str) and self.decoder is None:
            text = value.encode("utf-8", "surrogatepass")  # a lone surrogate: not UTF-8, orjson refuses it
            if _WIDE_NUMBER not in text.translate(_DIGITS_AS_ZEROS):
                try:
                    return orjson.loads(text)
                except orjson.JSONDecodeError:
                    pass  # not JSON at all, or a lone surrogate: the standard library's answer
        return super().from_db_value(value, expression, connection)
