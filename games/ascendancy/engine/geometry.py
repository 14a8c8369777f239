"""The table as plane geometry: the constants of the model and the primitive shape tests.

The rulebook has no grid (issue 14, digest A1 chooses model (a)): round System discs and straight Space Lanes
are laid freely on an agreed play area, lanes may not cross (R61), discs may not touch (R57, R61), a lane
goes "anywhere on the disc's edge where there is room" (R55) and a Floating disc swings around its anchor
(R59). This module fixes the numbers that make those words computable; ``galaxy.py`` builds the map on it.

Units are centimetres, because the rulebook's only measures are (setup, 2.1): a play area of about
90 x 90 cm, Home Systems about 15 cm from its edge.

* ``DISC_RADIUS = 3.5``: a disc 7 cm across. Small enough that a 90 cm table holds the 3-player galaxy
  (about 30 discs with their lanes) and large enough to draw three slots and a fleet on a phone.
* ``SECTOR_LENGTH = 4.0``: a lane of n sectors (n = 2, 3 or 4 from the Space Lane Die, R31; the brief's
  "1-3" is not the rulebook's "dai 2 ai 4 Settori") is n x 4 cm long from disc edge to disc edge, so a new
  disc sits 15, 19 or 23 cm from the centre of the disc it came from: a longer roll reaches visibly further.
* ``CLEARANCE = 1.0``: "may not touch" is read as "at least 1 cm apart" for every pair of pieces that are
  not joined to each other (disc-disc, lane-disc, lane-lane). Lanes have no width in the model; the
  clearance is their width, so no two lanes can cross, and two lanes leaving one disc need a spread of at
  least 2 x asin(0.5 / 3.5), about 16.4 degrees, to have room on its edge: with the angle set below that is
  2 steps (30 degrees), which a 6-lane disc still satisfies all the way round.
* ``DIRECTIONS = 24``: a new lane leaves its disc in one of 24 directions, every 15 degrees, which is also
  the set a Floating disc swings through (the bearing of its anchor lane). 24 keeps a player's aim within
  7.5 degrees of any wish while the list of legal placements stays short enough to offer on a phone and
  cheap to compute (24 directions x 3 lengths). Multiples of 15 degrees have exact closed forms in square
  roots, so every coordinate the engine computes comes from +, -, x, / and sqrt only (IEEE 754 correctly
  rounded operations): the same seed gives the same galaxy to the last bit on every platform, without
  relying on the C library's sin and cos. (Only ``home_positions`` uses them, once at setup, rounded.)
* Coordinates are SVG's: x to the right, y downwards, direction 0 points right and directions turn
  clockwise on screen. The table is the rectangle [0, width] x [0, height]; every piece must lie entirely on
  it (touching its edge is allowed: the rulebook leaves "can you build right on the edge?" to the table).
* ``suggested_table(players)``: 90 cm for 3 players, the area growing with the number of players (a side of
  90 x sqrt(players / 3), to the nearest 5 cm: 105, 115, 125, 135 cm for 4-7). The table is stored in the
  galaxy, so a table option can make it larger or smaller.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

DISC_RADIUS = 3.5
SECTOR_LENGTH = 4.0
CLEARANCE = 1.0
DIRECTIONS = 24
LANE_LENGTHS = (2, 3, 4)
#: Home discs' edges are this far from the table's edge (setup 2.1: "circa 15 cm dal bordo").
HOME_INSET = 15.0
#: Float slack for comparisons of computed distances with the constants above (far below a visible size).
EPS = 1e-9

Point = tuple[float, float]


def _unit_vectors() -> tuple[Point, ...]:
    r2, r3, r6 = math.sqrt(2.0), math.sqrt(3.0), math.sqrt(6.0)
    c15, s15 = (r6 + r2) / 4.0, (r6 - r2) / 4.0
    quarter = [(1.0, 0.0), (c15, s15), (r3 / 2.0, 0.5), (r2 / 2.0, r2 / 2.0), (0.5, r3 / 2.0), (s15, c15)]
    out: list[Point] = []
    for turn in range(4):  # rotate the first quarter by 90 degrees at a time: (x, y) -> (-y, x)
        for x, y in quarter:
            for _ in range(turn):
                x, y = -y, x
            out.append((x, y))
    return tuple(out)


#: ``UNIT[d]`` is the unit vector of direction d (d x 15 degrees, clockwise on screen from "right").
UNIT: tuple[Point, ...] = _unit_vectors()


@dataclass(frozen=True, slots=True)
class Table:
    """The agreed play area, in centimetres."""

    width: float
    height: float

    def holds_disc(self, c: Point) -> bool:
        r = DISC_RADIUS
        return r - EPS <= c[0] <= self.width - r + EPS and r - EPS <= c[1] <= self.height - r + EPS

    def holds_point(self, p: Point) -> bool:
        return -EPS <= p[0] <= self.width + EPS and -EPS <= p[1] <= self.height + EPS

    @property
    def centre(self) -> Point:
        return (self.width / 2.0, self.height / 2.0)


def suggested_table(players: int) -> Table:
    side = 90.0 if players <= 3 else 5.0 * round(90.0 * math.sqrt(players / 3.0) / 5.0)
    return Table(side, side)


def home_positions(players: int, table: Table) -> list[Point]:
    """Home centres equidistant from each other and from the table's centre, each disc's edge ``HOME_INSET``
    from the nearest side of the inscribed circle (setup 2.1), seat 0 at the bottom, seats going clockwise.
    Rounded to 0.001 cm (the one place that uses sin and cos)."""
    cx, cy = table.centre
    ring = min(table.width, table.height) / 2.0 - HOME_INSET - DISC_RADIUS
    out = []
    for i in range(players):
        ang = math.pi / 2.0 + 2.0 * math.pi * i / players
        out.append((round(cx + ring * math.cos(ang), 3), round(cy + ring * math.sin(ang), 3)))
    return out


# --- primitives ---------------------------------------------------------------------------------------------


def dist(p: Point, q: Point) -> float:
    dx, dy = p[0] - q[0], p[1] - q[1]
    return math.sqrt(dx * dx + dy * dy)


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    px, py = p[0] - ax, p[1] - ay
    den = dx * dx + dy * dy
    t = 0.0 if den == 0.0 else max(0.0, min(1.0, (px * dx + py * dy) / den))
    ex, ey = px - t * dx, py - t * dy
    return math.sqrt(ex * ex + ey * ey)


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ab and cd share a point (crossing, or touching end to side)."""
    d1, d2, d3, d4 = _orient(c, d, a), _orient(c, d, b), _orient(a, b, c), _orient(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (d1 == 0 and point_segment_distance(a, c, d) == 0.0)
        or (d2 == 0 and point_segment_distance(b, c, d) == 0.0)
        or (d3 == 0 and point_segment_distance(c, a, b) == 0.0)
        or (d4 == 0 and point_segment_distance(d, a, b) == 0.0)
    )


def segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    if segments_intersect(a, b, c, d):
        return 0.0
    return min(
        point_segment_distance(a, c, d),
        point_segment_distance(b, c, d),
        point_segment_distance(c, a, b),
        point_segment_distance(d, a, b),
    )


def along(p: Point, u: Point, t: float) -> Point:
    return (p[0] + u[0] * t, p[1] + u[1] * t)


def unit(p: Point, q: Point) -> Point:
    """The unit vector from p towards q."""
    d = dist(p, q)
    return ((q[0] - p[0]) / d, (q[1] - p[1]) / d)


def nearest_direction(p: Point, q: Point) -> int:
    """The direction of the set closest to the bearing from p to q (ties: the lower index)."""
    ux, uy = unit(p, q)
    best, best_dot = 0, -2.0
    for d, (vx, vy) in enumerate(UNIT):
        dot = ux * vx + uy * vy
        if dot > best_dot + EPS:
            best, best_dot = d, dot
    return best


def direction_of(p: Point, q: Point) -> int | None:
    """The direction index whose vector is the bearing p -> q, or None when it is not one of the set."""
    d = nearest_direction(p, q)
    u = unit(p, q)
    return d if abs(u[0] - UNIT[d][0]) < 1e-9 and abs(u[1] - UNIT[d][1]) < 1e-9 else None


def rotate_about(p: Point, c: Point, cos: float, sin: float) -> Point:
    dx, dy = p[0] - c[0], p[1] - c[1]
    return (c[0] + dx * cos - dy * sin, c[1] + dx * sin + dy * cos)


def new_disc_offset(length: int) -> float:
    """Centre-to-centre distance from a disc to the disc placed at the end of a new ``length``-sector lane."""
    return 2.0 * DISC_RADIUS + length * SECTOR_LENGTH
