"""Reading a game's data files (``games/<game>/engine/data/*.json``): what every game's loader shares.

A game's loader subclasses ``ContentFiles`` with its own error class and adds the checks of its own
records; this part reads a file's JSON and hands out ids, each unique across all the game's files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, ClassVar

#: An id in a data file: a lowercase slug.
ID = re.compile(r"^[a-z0-9_]+$")


class ContentError(ValueError):
    """A data file breaks its game's SCHEMA.md. The message names the file and the entry."""


class ContentFiles:
    #: What a broken file raises (a game's own subclass of ``ContentError``).
    error: ClassVar[type[ContentError]] = ContentError
    #: Whether a file read by its list's key may hold other keys beside it (notes, a set's name).
    other_keys: ClassVar[bool] = False

    def __init__(self, directory: Path) -> None:
        self.dir = directory
        self.ids: dict[str, str] = {}  # id -> "file: where"

    def read(self, name: str, key: str | None) -> Any:
        """The JSON object of file ``name``, or its list under ``key``."""
        try:
            with (self.dir / name).open(encoding="utf-8") as fh:
                data = json.load(fh)
        except FileNotFoundError:
            raise self.error(f"{name}: file missing") from None
        except json.JSONDecodeError as exc:
            raise self.error(f"{name}: not valid JSON ({exc})") from None
        if not isinstance(data, dict):
            raise self.error(f"{name}: the top level must be an object")
        if key is None:
            return data
        if not isinstance(data.get(key), list) or (not self.other_keys and set(data) != {key}):
            raise self.error(f"{name}: the top level must be {{{key!r}: [...]}}")
        return data[key]

    def claim(self, where: str, value: Any) -> str:
        """``value`` as a new id: a lowercase slug no other entry of the game's files has."""
        if not isinstance(value, str) or not ID.match(value):
            raise self.error(f"{where}: id {value!r} is not a lowercase slug")
        if value in self.ids:
            raise self.error(f"{where}: id {value!r} already used by {self.ids[value]}")
        self.ids[value] = where
        return value
