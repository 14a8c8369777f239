"""Hypothesis strategies for values like a game's JSON: text and integer keys, tuples and lists, every JSON scalar,
text beyond ASCII."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

#: The integers a state holds: 64 bits, as orjson writes them.
INTEGERS_64 = st.integers(-(2**63), 2**63 - 1)


def json_like(integers: st.SearchStrategy[int] = INTEGERS_64) -> st.SearchStrategy[Any]:
    """Nested values of JSON's kinds, their integers drawn from ``integers``."""
    scalars = st.none() | st.booleans() | integers | st.floats(allow_nan=False, allow_infinity=False) | st.text()
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=6) | st.integers(-50, 50), inner, max_size=4),
        max_leaves=20,
    )
