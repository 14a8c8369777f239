"""STAND-IN table geometry, in sector units, until asc-geo's ``geometry.py`` is merged.

Systems are points with a radius of half a sector; a lane of length L leaves a disc in one of 12 directions
(every 30 degrees) and a new disc sits L + 1 sectors from the disc it leaves. The table is a circle of
radius ``TABLE_RADIUS``. Only three questions are asked of it: may a new lane leave this system in this
direction (R54, R55), does a new disc fit at the end of a lane (R57), is a rolled lane long enough to
connect two systems (R60). Crossing lanes are not checked here (the real geometry will).
"""

from __future__ import annotations

import math

from games.ascendancy.engine.state import State

DIRECTIONS = 12
TABLE_RADIUS = 14.0
MIN_GAP = 1.5  # discs may not touch (R61)
HOME_RING = 8.0


def home_positions(n: int) -> list[list[float]]:
    """Homes equidistant from each other (setup 2.1.1)."""
    return [[round(HOME_RING * math.cos(2 * math.pi * i / n), 3), round(HOME_RING * math.sin(2 * math.pi * i / n), 3)]
            for i in range(n)]


def _end(state: State, sid: str, direction: int, length: int) -> list[float]:
    x, y = state["systems"][sid]["xy"]
    ang = 2 * math.pi * direction / DIRECTIONS
    return [round(x + (length + 1) * math.cos(ang), 3), round(y + (length + 1) * math.sin(ang), 3)]


def used_directions(state: State, sid: str) -> set[int]:
    return {int(lane["dir"]) for lane in state["lanes"].values() if lane["a"] == sid and "dir" in lane}


def lane_directions(state: State, sid: str) -> list[int]:
    """Directions a new lane may leave ``sid`` in: not already used, and a short lane's end on the table."""
    used = used_directions(state, sid)
    out = []
    for d in range(DIRECTIONS):
        if d in used:
            continue
        x, y = _end(state, sid, d, 1)
        if math.hypot(x, y) <= TABLE_RADIUS:
            out.append(d)
    return out


def disc_position(state: State, lane: dict) -> list[float] | None:
    """Where the disc at the open end of ``lane`` goes, or None when it does not fit (R57)."""
    x, y = _end(state, lane["a"], int(lane["dir"]), int(lane["length"]))
    if math.hypot(x, y) > TABLE_RADIUS:
        return None
    for other in state["systems"].values():
        ox, oy = other["xy"]
        if math.hypot(ox - x, oy - y) < MIN_GAP:
            return None
    return [x, y]


def gap(state: State, a: str, b: str) -> float:
    """Sectors a lane needs to join ``a`` and ``b`` (R60)."""
    ax, ay = state["systems"][a]["xy"]
    bx, by = state["systems"][b]["xy"]
    return math.hypot(ax - bx, ay - by) - 1.0


def reachable(state: State, a: str, b: str) -> bool:
    """A connection to ``b`` is worth trying: a 4-sector lane (the longest, R55) would bridge the gap."""
    return gap(state, a, b) <= 4


def direction_to(state: State, a: str, b: str) -> int:
    ax, ay = state["systems"][a]["xy"]
    bx, by = state["systems"][b]["xy"]
    return round(math.atan2(by - ay, bx - ax) / (2 * math.pi) * DIRECTIONS) % DIRECTIONS
