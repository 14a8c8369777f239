"""The garbage collector of a long-running web process, set for short pauses (issue 12).

With CPython's defaults a loaded Daphne ran a full collection every few seconds, and each one stopped every
socket of the process for 80 to 230 ms while it walked the whole heap: Django, the games' data and rules,
the parts its renders keep. That made the slowest moves (the 95th percentile at 30 moves a second) take
150 to 270 ms to reach the other seats, against 15 ms for the median (bench/RESULTS.md). Two settings,
applied once the application is loaded (``config.asgi``):

- ``gc.freeze()``: everything the start-up made (about 140,000 objects, which live as long as the process)
  moves to the permanent generation, which no collection walks again;
- a youngest generation of ``HYPERLANE_GC_THRESHOLDS``' first number of allocations (10,000 instead of
  700): the objects of a render or a move mostly die before a collection could promote them, so few reach
  the oldest generation and full collections come rarely.

Reference counting frees everything that is not in a cycle as before; the site keeps no cycles on its hot
path (``tests/games/test_move_writes.py``).
"""

from __future__ import annotations

import gc


def settle_server_process(thresholds: str) -> None:
    """Freeze what start-up made and set the collector's thresholds (``"10000,10,10"``; empty: Python's)."""
    if thresholds.strip():
        gc.set_threshold(*(int(part) for part in thresholds.split(",")))
    gc.collect()  # start-up's garbage out first: frozen objects are never collected
    gc.freeze()
