"""The galaxy: System discs and Space Lanes on the table, as geometry and as a graph (R31-R33, R54-R62).

A ``Galaxy`` is a value: every operation returns a new one and leaves the old one as it was (the engine
state keeps ``Galaxy.dump()``; ``Galaxy.load`` reads it back). It knows where pieces are and how they are
joined, never who owns what or where ships are: the engine passes that in (``occupied`` lanes for R56,
``blocked`` sectors for R49).

* A **System** is a disc (``geometry.DISC_RADIUS``) with its centre, the maximum number of lanes printed on
  it (R54), whether it is a Home System, and a sticky ``fixed`` flag (R58: pinned at setup for homes, set
  for good once the disc is joined to two systems: "non può più essere mosso").
* A **Lane** joins system ``a`` to system ``b`` and has ``length`` sectors (2-4, R31). A lane whose far end
  has no system yet (the ship is in it, R55) is **open**: ``b`` is None and ``end`` is its far end's point.
  It is drawn from disc edge to disc edge (or to ``end``).
* **Sectors** (R31) are named ``S:<system>`` and ``L:<lane>:<k>``, k = 1..length counted from the ``a`` end.

Rulings on what the rulebook leaves open: RULINGS.md §2.1 (G1-G19). Refusals raise ``IllegalCommand(code,
rule=...)`` with the codes in ``CODES``; each ``*_problem`` query gives the code without raising, so the
engine can offer only what is legal.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.ascendancy.engine.geometry import (
    CLEARANCE,
    DIRECTIONS,
    DISC_RADIUS,
    EPS,
    LANE_LENGTHS,
    SECTOR_LENGTH,
    UNIT,
    Point,
    Table,
    along,
    direction_of,
    dist,
    nearest_direction,
    new_disc_offset,
    point_segment_distance,
    rotate_about,
    segment_distance,
    unit,
)
from games.engine.core.errors import IllegalCommand

#: Every refusal code of this module and the rule it cites ("" for a reference to nothing that exists).
CODES: Mapping[str, str] = {
    "unknown_system": "",
    "unknown_lane": "",
    "unknown_sector": "",
    "system_exists": "",
    "bad_system_id": "",
    "bad_lane_length": "ascendancy:R31",
    "bad_direction": "ascendancy:R55",
    "lane_limit_reached": "ascendancy:R54",
    "lane_off_table": "ascendancy:R55",
    "lane_blocked": "ascendancy:R55",
    "lane_not_open": "ascendancy:R57",
    "system_off_table": "ascendancy:R57",
    "system_blocked": "ascendancy:R57",
    "lane_not_abandoned": "ascendancy:R56",
    "system_not_floating": "ascendancy:R58",
    "home_system_fixed": "ascendancy:R58",
    "swing_same_place": "ascendancy:R59",
    "swing_off_table": "ascendancy:R59",
    "swing_blocked": "ascendancy:R59",
    "connection_needs_floating": "ascendancy:R60",
    "connection_to_itself": "ascendancy:R60",
    "already_adjacent": "ascendancy:R32",
    "lane_too_short": "ascendancy:R60",
    "connection_blocked": "ascendancy:R61",
}


#: A disc (id, x, y) and a drawn lane (id, p, q, xmin, xmax, ymin, ymax), as the fit tests take them.
Disc = tuple[str, float, float]
Seg = tuple[str, Point, Point, float, float, float, float]


def refuse(code: str, **params: Any) -> IllegalCommand:
    return IllegalCommand(code, rule=CODES[code], **params)


@dataclass(frozen=True, slots=True)
class System:
    id: str
    x: float
    y: float
    max_lanes: int
    home: bool = False
    fixed: bool = False

    @property
    def centre(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Lane:
    id: str
    a: str
    b: str | None
    length: int
    end: Point | None = None  # the open end's point, while b is None

    @property
    def open(self) -> bool:
        return self.b is None

    def other(self, sid: str) -> str | None:
        return self.b if sid == self.a else self.a


@dataclass(frozen=True, slots=True)
class LaneOption:
    """A direction a new lane fits in (R55), and whether a disc would fit at its far end (R57)."""

    direction: int
    disc_fits: bool


def sys_sector(sid: str) -> str:
    return f"S:{sid}"


def lane_sector(lid: str, k: int) -> str:
    return f"L:{lid}:{k}"


def parse_sector(sector: str) -> tuple[str, str, int]:
    """``("S", system, 0)`` or ``("L", lane, k)``."""
    parts = sector.split(":")
    if len(parts) == 2 and parts[0] == "S":
        return "S", parts[1], 0
    if len(parts) == 3 and parts[0] == "L" and parts[2].isdigit():
        return "L", parts[1], int(parts[2])
    raise refuse("unknown_sector", sector=sector)


class Galaxy:
    """The map. Treat it as immutable: operations return a new Galaxy."""

    __slots__ = ("table", "systems", "lanes", "next_lane", "warp_links", "_memo")

    def __init__(
        self,
        table: Table,
        systems: Mapping[str, System] | None = None,
        lanes: Mapping[str, Lane] | None = None,
        next_lane: int = 1,
        warp_links: Iterable[tuple[str, str]] = (),
    ) -> None:
        self.table = table
        self.systems: dict[str, System] = dict(systems or {})
        self.lanes: dict[str, Lane] = dict(lanes or {})
        self.next_lane = next_lane
        #: Pairs of systems joined for Warp travel without a lane (the Transwarp Hub and its Conduits, R248).
        self.warp_links: frozenset[tuple[str, str]] = frozenset(
            (min(a, b), max(a, b)) for a, b in warp_links
        )
        self._memo: dict[str, Any] = {}

    def _with(
        self,
        systems: Mapping[str, System] | None = None,
        lanes: Mapping[str, Lane] | None = None,
        next_lane: int | None = None,
        warp_links: Iterable[tuple[str, str]] | None = None,
    ) -> Galaxy:
        return Galaxy(
            self.table,
            self.systems if systems is None else systems,
            self.lanes if lanes is None else lanes,
            self.next_lane if next_lane is None else next_lane,
            self.warp_links if warp_links is None else warp_links,
        )

    # --- JSON ---------------------------------------------------------------------------------------------

    def dump(self) -> dict[str, Any]:
        return {
            "table": [self.table.width, self.table.height],
            "next_lane": self.next_lane,
            "systems": [
                {"id": s.id, "x": s.x, "y": s.y, "max_lanes": s.max_lanes, "home": s.home, "fixed": s.fixed}
                for s in sorted(self.systems.values(), key=lambda s: s.id)
            ],
            "lanes": [
                {"id": ln.id, "a": ln.a, "b": ln.b, "length": ln.length, "end": list(ln.end) if ln.end else None}
                for ln in sorted(self.lanes.values(), key=_lane_order)
            ],
            "warp_links": [list(pair) for pair in sorted(self.warp_links)],
        }

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Galaxy:
        w, h = data["table"]
        systems = {
            s["id"]: System(s["id"], float(s["x"]), float(s["y"]), int(s["max_lanes"]), bool(s["home"]), bool(s["fixed"]))
            for s in data["systems"]
        }
        lanes = {
            ln["id"]: Lane(ln["id"], ln["a"], ln["b"], int(ln["length"]), _point(ln["end"]))
            for ln in data["lanes"]
        }
        links = [(str(a), str(b)) for a, b in data.get("warp_links", [])]
        return cls(Table(float(w), float(h)), systems, lanes, int(data["next_lane"]), links)

    def view(self) -> dict[str, Any]:
        """What a board drawing needs: discs with their status, lanes as drawn segments with sector points."""
        systems = []
        for s in sorted(self.systems.values(), key=lambda s: s.id):
            systems.append({
                "id": s.id, "x": s.x, "y": s.y, "home": s.home, "kind": self.kind(s.id), "anchor": self.anchor(s.id),
                "max_lanes": s.max_lanes, "lanes_used": len(self.lanes_at(s.id)),
            })
        lanes = []
        for ln in sorted(self.lanes.values(), key=_lane_order):
            p, q = self.segment(ln.id)
            lanes.append({
                "id": ln.id, "a": ln.a, "b": ln.b, "length": ln.length, "from": list(p), "to": list(q),
                "sectors": [list(self.sector_point(lane_sector(ln.id, k))) for k in range(1, ln.length + 1)],
            })
        return {
            "table": [self.table.width, self.table.height], "systems": systems, "lanes": lanes,
            "warp_links": [list(pair) for pair in sorted(self.warp_links)],
        }

    # --- lookups ------------------------------------------------------------------------------------------

    def system(self, sid: str) -> System:
        try:
            return self.systems[sid]
        except KeyError:
            raise refuse("unknown_system", system=sid) from None

    def lane(self, lid: str) -> Lane:
        try:
            return self.lanes[lid]
        except KeyError:
            raise refuse("unknown_lane", lane=lid) from None

    def _index(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """(lanes at each system, systems linked to each system), both sorted."""
        idx = self._memo.get("idx")
        if idx is None:
            at: dict[str, list[str]] = {sid: [] for sid in self.systems}
            linked: dict[str, list[str]] = {sid: [] for sid in self.systems}
            for ln in sorted(self.lanes.values(), key=_lane_order):
                at[ln.a].append(ln.id)
                if ln.b is not None:
                    at[ln.b].append(ln.id)
                    linked[ln.a].append(ln.b)
                    linked[ln.b].append(ln.a)
            for v in linked.values():
                v.sort()
            idx = self._memo["idx"] = (at, linked)
        return idx

    def lanes_at(self, sid: str) -> list[str]:
        """Every lane attached to the system, open ones included (R54 counts them)."""
        self.system(sid)
        return list(self._index()[0][sid])

    def linked(self, sid: str) -> list[str]:
        """The systems joined to ``sid`` by a single lane: its Adjacent Systems (R32)."""
        self.system(sid)
        return list(self._index()[1][sid])

    def free_lane_slots(self, sid: str) -> int:
        return self.system(sid).max_lanes - len(self._index()[0][sid])

    def lane_between(self, a: str, b: str) -> str | None:
        for lid in self._index()[0].get(a, ()):
            if self.lanes[lid].other(a) == b:
                return lid
        return None

    # --- Fixed and Floating (R58) -------------------------------------------------------------------------

    def _is_fixed(self, sid: str) -> bool:
        return self.systems[sid].fixed or len(self._index()[1][sid]) >= 2

    def kind(self, sid: str) -> str:
        """``fixed``, ``floating`` (joined to exactly one system, which is Fixed) or ``unanchored`` (R58; a disc
        joined only to a system that is not Fixed, or to none, is neither: RULINGS G9 / digest A6)."""
        self.system(sid)
        if self._is_fixed(sid):
            return "fixed"
        linked = self._index()[1][sid]
        if len(linked) == 1 and self._is_fixed(linked[0]):
            return "floating"
        return "unanchored"

    def anchor(self, sid: str) -> str | None:
        """The system a Floating disc swings around (R59), else None."""
        return self._index()[1][sid][0] if self.kind(sid) == "floating" else None

    def _settle(self, systems: dict[str, System], lanes: Mapping[str, Lane], ends: Iterable[str]) -> None:
        """Mark Fixed, for good, the given systems now joined to two or more systems (R58, R59)."""
        for sid in ends:
            n = sum(1 for ln in lanes.values() if ln.b is not None and sid in (ln.a, ln.b))
            if n >= 2 and not systems[sid].fixed:
                systems[sid] = replace(systems[sid], fixed=True)

    # --- shapes -------------------------------------------------------------------------------------------

    def segment(self, lid: str) -> tuple[Point, Point]:
        """The drawn lane: from the edge of disc ``a`` to the edge of disc ``b`` (or to the open end)."""
        segs: dict[str, tuple[Point, Point]] = self._memo.setdefault("segs", {})
        seg = segs.get(lid)
        if seg is None:
            ln = self.lane(lid)
            a = self.systems[ln.a].centre
            if ln.b is None:
                assert ln.end is not None
                u = unit(a, ln.end)
                seg = (along(a, u, DISC_RADIUS), ln.end)
            else:
                b = self.systems[ln.b].centre
                u = unit(a, b)
                seg = (along(a, u, DISC_RADIUS), along(b, u, -DISC_RADIUS))
            segs[lid] = seg
        return seg

    def _shapes(self) -> tuple[list[Disc], list[tuple[Seg, Point, float]]]:
        """Discs and lanes (with each lane's midpoint and half length, for the bounding-circle filter)."""
        shapes = self._memo.get("shapes")
        if shapes is None:
            discs = [(s.id, s.x, s.y) for s in self.systems.values()]
            segs = []
            for lid in self.lanes:
                p, q = self.segment(lid)
                mid = ((p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0)
                segs.append((_seg(lid, p, q), mid, dist(p, q) / 2.0))
            shapes = self._memo["shapes"] = (discs, segs)
        return shapes

    def _near(self, c: Point, radius: float) -> tuple[list[Disc], list[Seg]]:
        """The discs and lanes that come within ``radius`` of ``c`` (a superset of those that matter)."""
        discs, segs = self._shapes()
        reach = radius + DISC_RADIUS + CLEARANCE
        cx, cy = c
        near_discs = [d for d in discs if dist(c, (d[1], d[2])) <= reach]
        near_segs = [sg for sg, m, h in segs if abs(cx - m[0]) <= radius + h + CLEARANCE
                     and abs(cy - m[1]) <= radius + h + CLEARANCE]
        return near_discs, near_segs

    @staticmethod
    def _disc_clear(c: Point, discs: list[Disc], segs: list[Seg], skip_discs: Iterable[str] = (),
                    skip_lanes: Iterable[str] = ()) -> bool:
        """Whether a disc centred at ``c`` keeps the clearance from every disc and lane not skipped."""
        cx, cy = c
        far = 2 * DISC_RADIUS + CLEARANCE - EPS
        for i, x, y in discs:
            if abs(cx - x) < far and abs(cy - y) < far and i not in skip_discs and dist(c, (x, y)) < far:
                return False
        near = DISC_RADIUS + CLEARANCE - EPS
        for i, p, q, x0, x1, y0, y1 in segs:
            if cx + near <= x0 or cx - near >= x1 or cy + near <= y0 or cy - near >= y1 or i in skip_lanes:
                continue
            if point_segment_distance(c, p, q) < near:
                return False
        return True

    @staticmethod
    def _lane_clear(p: Point, q: Point, discs: list[Disc], segs: list[Seg], skip_discs: Iterable[str] = (),
                    skip_lanes: Iterable[str] = ()) -> bool:
        """Whether a lane drawn from ``p`` to ``q`` keeps the clearance from every disc and lane not skipped."""
        _, _, _, x0, x1, y0, y1 = _seg("", p, q)
        near = DISC_RADIUS + CLEARANCE - EPS
        for i, x, y in discs:
            if x + near <= x0 or x - near >= x1 or y + near <= y0 or y - near >= y1 or i in skip_discs:
                continue
            if point_segment_distance((x, y), p, q) < near:
                return False
        gap = CLEARANCE - EPS
        for i, a, b, u0, u1, v0, v1 in segs:
            if u0 - x1 >= gap or x0 - u1 >= gap or v0 - y1 >= gap or y0 - v1 >= gap or i in skip_lanes:
                continue
            if segment_distance(p, q, a, b) < gap:
                return False
        return True

    # --- setup --------------------------------------------------------------------------------------------

    def with_system(self, sid: str, centre: Point, max_lanes: int, home: bool = False, fixed: bool = False) -> Galaxy:
        """A disc laid on the table with no lane (setup: Home Systems, a Hub placed at the centre)."""
        if not sid or ":" in sid:
            raise refuse("bad_system_id", system=sid)
        if sid in self.systems:
            raise refuse("system_exists", system=sid)
        if not self.table.holds_disc(centre):
            raise refuse("system_off_table", system=sid)
        discs, segs = self._near(centre, DISC_RADIUS)
        if not self._disc_clear(centre, discs, segs):
            raise refuse("system_blocked", system=sid)
        systems = dict(self.systems)
        systems[sid] = System(sid, float(centre[0]), float(centre[1]), max_lanes, home, fixed or home)
        return self._with(systems=systems)

    # --- new lanes (R54, R55) -----------------------------------------------------------------------------

    def _check_length(self, length: int) -> None:
        if length not in LANE_LENGTHS:
            raise refuse("bad_lane_length", length=length)

    def lane_problem(self, src: str, direction: int, length: int) -> str | None:
        """Why a new ``length``-sector lane cannot leave ``src`` in ``direction`` (a code), or None."""
        self._check_length(length)
        if not 0 <= direction < DIRECTIONS:
            return "bad_direction"
        if self.free_lane_slots(src) <= 0:
            return "lane_limit_reached"
        c = self.systems[src].centre
        discs, segs = self._near(c, new_disc_offset(length))
        return self._lane_problem(c, src, direction, length, discs, segs)

    def _lane_problem(
        self, c: Point, src: str, direction: int, length: int, discs: list[Disc], segs: list[Seg]
    ) -> str | None:
        u = UNIT[direction]
        p, q = along(c, u, DISC_RADIUS), along(c, u, DISC_RADIUS + length * SECTOR_LENGTH)
        if not self.table.holds_point(q):
            return "lane_off_table"
        if not self._lane_clear(p, q, discs, segs, skip_discs=(src,)):
            return "lane_blocked"
        return None

    def lane_options(self, src: str, length: int) -> list[LaneOption]:
        """Every direction a new lane of this length fits in from ``src`` (R55), each with whether the disc at its
        far end would fit too (R57). Empty when the system has no free lane connection (R54)."""
        self._check_length(length)
        if self.free_lane_slots(src) <= 0:
            return []
        c = self.systems[src].centre
        off = new_disc_offset(length)
        discs, segs = self._near(c, off + DISC_RADIUS)
        out = []
        for d in range(DIRECTIONS):
            if self._lane_problem(c, src, d, length, discs, segs) is None:
                end = along(c, UNIT[d], off)
                fits = self.table.holds_disc(end) and self._disc_clear(end, discs, segs)
                out.append(LaneOption(d, fits))
        return out

    def placements(self, src: str, length: int) -> list[int]:
        """The directions where both the new lane and a disc at its end fit."""
        return [o.direction for o in self.lane_options(src, length) if o.disc_fits]

    def place_lane(self, src: str, direction: int, length: int) -> tuple[Galaxy, str]:
        """A new open lane from ``src`` (R55). Returns the new galaxy and the lane's id."""
        problem = self.lane_problem(src, direction, length)
        if problem:
            raise refuse(problem, system=src, direction=direction, length=length)
        lid = f"l{self.next_lane}"
        end = along(self.systems[src].centre, UNIT[direction], DISC_RADIUS + length * SECTOR_LENGTH)
        lanes = dict(self.lanes)
        lanes[lid] = Lane(lid, src, None, length, end)
        return self._with(lanes=lanes, next_lane=self.next_lane + 1), lid

    # --- new systems (R57) --------------------------------------------------------------------------------

    def disc_position(self, lid: str) -> Point:
        """Where the disc at the open end of ``lid`` would go."""
        ln = self.lane(lid)
        if not ln.open:
            raise refuse("lane_not_open", lane=lid)
        assert ln.end is not None
        a = self.systems[ln.a].centre
        return along(ln.end, unit(a, ln.end), DISC_RADIUS)

    def disc_problem(self, lid: str) -> str | None:
        c = self.disc_position(lid)
        if not self.table.holds_disc(c):
            return "system_off_table"
        discs, segs = self._near(c, DISC_RADIUS)
        if not self._disc_clear(c, discs, segs, skip_lanes=(lid,)):
            return "system_blocked"
        return None

    def place_system(self, lid: str, sid: str, max_lanes: int) -> Galaxy:
        """Lay disc ``sid`` at the open end of lane ``lid`` (R57). If it does not fit it does not exist: the
        engine abandons the lane (RULINGS G8)."""
        if not sid or ":" in sid:
            raise refuse("bad_system_id", system=sid)
        if sid in self.systems:
            raise refuse("system_exists", system=sid)
        problem = self.disc_problem(lid)
        if problem:
            raise refuse(problem, lane=lid, system=sid)
        c = self.disc_position(lid)
        systems = dict(self.systems)
        systems[sid] = System(sid, c[0], c[1], max_lanes)
        lanes = dict(self.lanes)
        lanes[lid] = replace(lanes[lid], b=sid, end=None)
        self._settle(systems, lanes, (lanes[lid].a, sid))
        return self._with(systems=systems, lanes=lanes)

    # --- abandoned lanes (R56) and destroyed systems (R62) ------------------------------------------------

    def abandoned(self, occupied: Iterable[str] = ()) -> list[str]:
        """Open lanes with no ship in them (``occupied``: ids of lanes holding ships not in warp)."""
        occ = set(occupied)
        return [ln.id for ln in sorted(self.lanes.values(), key=_lane_order) if ln.open and ln.id not in occ]

    def remove_lanes(self, lids: Iterable[str]) -> Galaxy:
        """Remove open lanes (R56). A lane joined to two systems is never abandoned."""
        lanes = dict(self.lanes)
        for lid in lids:
            if not self.lane(lid).open:
                raise refuse("lane_not_abandoned", lane=lid)
            lanes.pop(lid, None)
        return self._with(lanes=lanes)

    def destroy_system(self, sid: str) -> tuple[Galaxy, list[str]]:
        """Remove a destroyed system and every lane attached to it (R62); returns the removed lanes' ids. Moving
        the ships that were on it is the engine's business (RULINGS G17)."""
        removed = self.lanes_at(sid)
        systems = dict(self.systems)
        del systems[sid]
        lanes = {lid: ln for lid, ln in self.lanes.items() if lid not in removed}
        links = [pair for pair in self.warp_links if sid not in pair]
        return self._with(systems=systems, lanes=lanes, warp_links=links), removed

    def with_warp_link(self, a: str, b: str) -> Galaxy:
        """Join two systems for Warp travel without a lane (the Hub and a Conduit, R248). They do not become
        Adjacent, Connected or Fixed by it; for Warp and for the Borg's distance counting they are one system
        apart."""
        self.system(a)
        self.system(b)
        if a == b:
            raise refuse("connection_to_itself", system=a, target=b)
        return self._with(warp_links=[*self.warp_links, (a, b)])

    def _linked_by_warp(self, sector: str) -> list[str]:
        if not self.warp_links or not sector.startswith("S:"):
            return []
        sid = sector[2:]
        return sorted(sys_sector(b if a == sid else a) for a, b in self.warp_links if sid in (a, b))

    # --- swinging a Floating system (R59) -----------------------------------------------------------------

    def swing_problem(self, sid: str, direction: int) -> str | None:
        """Why Floating ``sid`` cannot swing so that its anchor lane points in ``direction`` (a code), or None.
        Remembered per galaxy: ``legal_commands`` lists the swings and then checks each one again."""
        memo: dict[tuple[str, int], str | None] = self._memo.setdefault("swing", {})
        key = (sid, direction)
        if key not in memo:
            memo[key] = self._swing_problem(sid, direction)
        return memo[key]

    def _swing_problem(self, sid: str, direction: int) -> str | None:
        s = self.system(sid)
        if s.home:
            return "home_system_fixed"
        if self.kind(sid) != "floating":
            return "system_not_floating"
        if not 0 <= direction < DIRECTIONS:
            return "bad_direction"
        moved = self._swung(sid, direction)
        if moved is None:
            return "swing_same_place"
        centre, segs_new = moved
        if not self.table.holds_disc(centre) or not all(self.table.holds_point(q) for _, _, q, _ in segs_new):
            return "swing_off_table"
        g = self.anchor(sid)
        assert g is not None
        skip_lanes = {lid for lid, _, _, _ in segs_new}
        gc = self.systems[g].centre
        reach = max([dist(gc, centre) + DISC_RADIUS] + [dist(gc, q) for _, _, q, _ in segs_new])
        discs, segs = self._near(gc, reach)
        near_discs = [d for d in discs if d[0] != sid]
        near_segs = [sg for sg in segs if sg[0] not in skip_lanes]
        if not self._disc_clear(centre, near_discs, near_segs):
            return "swing_blocked"
        for _lid, p, q, ends in segs_new:
            if not self._lane_clear(p, q, near_discs, near_segs, skip_discs=ends):
                return "swing_blocked"
        return None

    def _swung(self, sid: str, direction: int) -> tuple[Point, list[tuple[str, Point, Point, tuple[str, ...]]]] | None:
        """Where the disc and its lanes go when its anchor lane turns to ``direction``; None if it is there."""
        g = self.anchor(sid)
        assert g is not None
        gc, fc = self.systems[g].centre, self.systems[sid].centre
        u, v = unit(gc, fc), UNIT[direction]
        if abs(u[0] - v[0]) < 1e-12 and abs(u[1] - v[1]) < 1e-12:
            return None
        cos, sin = u[0] * v[0] + u[1] * v[1], u[0] * v[1] - u[1] * v[0]
        centre = along(gc, v, dist(gc, fc))
        segs: list[tuple[str, Point, Point, tuple[str, ...]]] = []
        for lid in self._index()[0][sid]:
            ln = self.lanes[lid]
            if ln.open:
                assert ln.end is not None
                end = rotate_about(ln.end, gc, cos, sin)
                segs.append((lid, along(centre, unit(centre, end), DISC_RADIUS), end, (sid,)))
            else:
                segs.append((lid, along(gc, v, DISC_RADIUS), along(centre, v, -DISC_RADIUS), (sid, g)))
        return centre, segs

    def swing_options(self, sid: str) -> list[int]:
        """The directions a Floating system can swing to (its current one excluded); [] when it cannot move."""
        if self.kind(sid) != "floating" or self.systems[sid].home:
            return []
        return [d for d in range(DIRECTIONS) if self.swing_problem(sid, d) is None]

    def swing(self, sid: str, direction: int) -> Galaxy:
        """Swing a Floating system around its anchor so that the lane to it points in ``direction`` (R59): the
        lane keeps its length and the disc's open lanes turn with it."""
        problem = self.swing_problem(sid, direction)
        if problem:
            raise refuse(problem, system=sid, direction=direction)
        moved = self._swung(sid, direction)
        assert moved is not None
        centre, segs = moved
        systems = dict(self.systems)
        systems[sid] = replace(systems[sid], x=centre[0], y=centre[1])
        lanes = dict(self.lanes)
        for lid, _p, q, _ends in segs:
            if lanes[lid].open:
                lanes[lid] = replace(lanes[lid], end=q)
        return self._with(systems=systems, lanes=lanes)

    # --- connections (R60) --------------------------------------------------------------------------------

    def connection_problem(self, src: str, dst: str, length: int, from_any: bool = False) -> str | None:
        """Why a new ``length``-sector lane cannot join ``src`` to ``dst`` (a code), or None. R60 allows it when
        leaving a Floating system; ``from_any`` (a table option, RULINGS G11) allows it from any system."""
        self._check_length(length)
        self.system(src)
        self.system(dst)
        if src == dst:
            return "connection_to_itself"
        if not from_any and self.kind(src) != "floating":
            return "connection_needs_floating"
        if self.lane_between(src, dst) is not None:
            return "already_adjacent"
        if self.free_lane_slots(src) <= 0 or self.free_lane_slots(dst) <= 0:
            return "lane_limit_reached"
        a, b = self.systems[src].centre, self.systems[dst].centre
        gap = dist(a, b) - 2 * DISC_RADIUS
        if gap > length * SECTOR_LENGTH + EPS:
            return "lane_too_short"
        u = unit(a, b)
        p, q = along(a, u, DISC_RADIUS), along(b, u, -DISC_RADIUS)
        discs, segs = self._near(a, dist(a, b))
        if not self._lane_clear(p, q, discs, segs, skip_discs=(src, dst)):
            return "connection_blocked"
        return None

    def connect(self, src: str, dst: str, length: int, from_any: bool = False) -> tuple[Galaxy, str]:
        """Join two systems with a new lane of ``length`` sectors (R60); both ends may become Fixed (R58)."""
        problem = self.connection_problem(src, dst, length, from_any)
        if problem:
            raise refuse(problem, system=src, target=dst, length=length)
        lid = f"l{self.next_lane}"
        lanes = dict(self.lanes)
        lanes[lid] = Lane(lid, src, dst, length)
        systems = dict(self.systems)
        self._settle(systems, lanes, (src, dst))
        return self._with(systems=systems, lanes=lanes, next_lane=self.next_lane + 1), lid

    def connection_swings(self, src: str, dst: str, length: int) -> list[int]:
        """Directions to swing Floating ``src`` to first so that a ``length``-sector lane then joins it to ``dst``
        (R59: a Floating system may be moved "to create a Connection"); its current direction included."""
        if self.kind(src) != "floating":
            return []
        anchor = self.anchor(src)
        assert anchor is not None
        here = direction_of(self.systems[anchor].centre, self.systems[src].centre)
        out = []
        for d in range(DIRECTIONS):
            if d == here:
                g: Galaxy = self
            elif self.swing_problem(src, d) is None:
                g = self.swing(src, d)
            else:
                continue
            if g.connection_problem(src, dst, length) is None:
                out.append(d)
        return out

    def gap(self, a: str, b: str) -> float:
        """Edge-to-edge distance between two discs, in centimetres (what a connecting lane must bridge)."""
        return dist(self.system(a).centre, self.system(b).centre) - 2 * DISC_RADIUS

    # --- the graph of sectors (R31-R33) -------------------------------------------------------------------

    def has_sector(self, sector: str) -> bool:
        try:
            kind, ident, k = parse_sector(sector)
        except IllegalCommand:
            return False
        if kind == "S":
            return ident in self.systems
        ln = self.lanes.get(ident)
        return ln is not None and 1 <= k <= ln.length

    def sectors(self) -> list[str]:
        out = [sys_sector(s) for s in sorted(self.systems)]
        for ln in sorted(self.lanes.values(), key=_lane_order):
            out.extend(lane_sector(ln.id, k) for k in range(1, ln.length + 1))
        return out

    def step_neighbours(self, sector: str) -> list[str]:
        """The sectors one step away (R32's adjacency without the sector itself), sorted."""
        cache: dict[str, list[str]] = self._memo.setdefault("nbrs", {})
        out = cache.get(sector)
        if out is None:
            if not self.has_sector(sector):
                raise refuse("unknown_sector", sector=sector)
            kind, ident, k = parse_sector(sector)
            found: list[str] = []
            if kind == "S":
                for lid in self._index()[0][ident]:
                    ln = self.lanes[lid]
                    if ln.a == ident:
                        found.append(lane_sector(lid, 1))
                    if ln.b == ident:
                        found.append(lane_sector(lid, ln.length))
            else:
                ln = self.lanes[ident]
                found.append(sys_sector(ln.a) if k == 1 else lane_sector(ident, k - 1))
                if k < ln.length:
                    found.append(lane_sector(ident, k + 1))
                elif ln.b is not None:
                    found.append(sys_sector(ln.b))
            out = cache[sector] = sorted(set(found))
        return out

    def adjacent(self, a: str, b: str) -> bool:
        """R32: sectors that touch are adjacent, and a sector is adjacent to itself."""
        return a == b or b in self.step_neighbours(a)

    def connected(self, a: str, b: str) -> bool:
        """R33: whether a chain of lanes and systems links system ``a`` to system ``b`` (open lanes lead nowhere)."""
        return b in self.component(a)

    def component(self, sid: str) -> set[str]:
        self.system(sid)
        seen, todo = {sid}, [sid]
        linked = self._index()[1]
        while todo:
            for n in linked[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    def distances(
        self, start: str, blocked: Iterable[str] = (), limit: int | None = None, warp_links: bool = False
    ) -> dict[str, int]:
        """Steps from ``start`` to every sector it can reach (each step enters one sector: Impulse, R45),
        never entering a ``blocked`` sector (R49). ``warp_links``: count a Hub-Conduit link as one step (the
        Borg's distance counting, R248; players cannot cross it at Impulse)."""
        if not self.has_sector(start):
            raise refuse("unknown_sector", sector=start)
        stop = set(blocked)
        out = {start: 0}
        frontier = deque([start])
        while frontier:
            s = frontier.popleft()
            if limit is not None and out[s] >= limit:
                continue
            for n in self.step_neighbours(s) + (self._linked_by_warp(s) if warp_links else []):
                if n not in out and n not in stop:
                    out[n] = out[s] + 1
                    frontier.append(n)
        return out

    def impulse_reach(self, start: str, speed: int = 2, blocked: Iterable[str] = ()) -> dict[str, int]:
        """Sectors a ship can end in moving at most ``speed`` sectors over existing lanes (R45), with the steps."""
        return self.distances(start, blocked, speed)

    def sector_distance(self, a: str, b: str, blocked: Iterable[str] = (), warp_links: bool = False) -> int | None:
        """Fewest sectors entered to go from ``a`` to ``b``, or None when no path avoids ``blocked``."""
        return self.distances(a, blocked, warp_links=warp_links).get(b)

    def shortest_path(self, a: str, b: str, blocked: Iterable[str] = ()) -> list[str] | None:
        """The sectors entered on a shortest way from ``a`` to ``b`` (``b`` last), the first in sorted order on
        ties; None when there is none."""
        if not self.has_sector(a) or not self.has_sector(b):
            raise refuse("unknown_sector", sector=b if self.has_sector(a) else a)
        stop = set(blocked)
        parent: dict[str, str | None] = {a: None}
        frontier = deque([a])
        while frontier and b not in parent:
            s = frontier.popleft()
            for n in self.step_neighbours(s):
                if n not in parent and n not in stop:
                    parent[n] = s
                    frontier.append(n)
        if b not in parent:
            return None
        path = []
        cur: str | None = b
        while cur is not None and cur != a:
            path.append(cur)
            cur = parent[cur]
        return path[::-1]

    def _warp_search(self, start: str, blocked: Iterable[str]) -> tuple[dict[str, int], dict[str, str | None]]:
        """0-1 search: entering a system costs 1, entering a lane sector 0 (Warp counts Systems, R48)."""
        kind, ident, _ = parse_sector(start)
        if not self.has_sector(start):
            raise refuse("unknown_sector", sector=start)
        stop = set(blocked)
        if kind == "S":
            starts = [start]
        else:  # a ship that entered warp from a lane leaves from anywhere along that lane
            starts = [lane_sector(ident, k) for k in range(1, self.lanes[ident].length + 1)]
        cost: dict[str, int] = {}
        parent: dict[str, str | None] = {}
        dq: deque[tuple[int, str, str | None]] = deque((0, s, None) for s in starts)
        while dq:
            c, s, par = dq.popleft()
            if s in cost:
                continue
            cost[s], parent[s] = c, par
            for n in self.step_neighbours(s) + self._linked_by_warp(s):
                if n in cost or n in stop:
                    continue
                if n.startswith("S:"):
                    dq.append((c + 1, n, s))
                else:
                    dq.appendleft((c, n, s))
        return cost, parent

    def warp_reach(self, start: str, warp_range: int, blocked: Iterable[str] = ()) -> dict[str, int]:
        """Sectors a ship exiting Warp can stop in, with the number of Systems it travels through to get there
        (R48: the system it entered warp from is not counted; it may stop in any sector of a lane on the way,
        including a lane beyond the last system its range reaches, RULINGS G12)."""
        cost, _ = self._warp_search(start, blocked)
        return {s: c for s, c in cost.items() if c <= warp_range}

    def warp_path(self, start: str, dest: str, blocked: Iterable[str] = ()) -> list[str] | None:
        """The sectors passed on a way from ``start`` to ``dest`` through the fewest Systems (``dest`` last)."""
        cost, parent = self._warp_search(start, blocked)
        if dest not in cost:
            return None
        path = []
        cur: str | None = dest
        while cur is not None:
            path.append(cur)
            cur = parent[cur]
        path.reverse()
        return path[1:] if path and path[0] == start else path

    # --- the table as a place ("physically closest", R72, R252, R249) -------------------------------------

    def sector_point(self, sector: str) -> Point:
        """A disc's centre, or the middle of the lane sector (a lane's sectors split its drawn length evenly)."""
        kind, ident, k = parse_sector(sector)
        if not self.has_sector(sector):
            raise refuse("unknown_sector", sector=sector)
        if kind == "S":
            return self.systems[ident].centre
        p, q = self.segment(ident)
        t = (k - 0.5) / self.lanes[ident].length
        return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)

    def physical_distance(self, a: str | Point, b: str | Point) -> float:
        pa = self.sector_point(a) if isinstance(a, str) else a
        pb = self.sector_point(b) if isinstance(b, str) else b
        return dist(pa, pb)

    def closest(self, target: str | Point, candidates: Iterable[str]) -> list[str]:
        """``candidates`` (sectors) ordered from the physically closest to ``target`` (a sector or a point); ties
        in sorted order."""
        t = self.sector_point(target) if isinstance(target, str) else target
        return sorted(candidates, key=lambda s: (dist(t, self.sector_point(s)), s))

    def direction_towards(self, src: str, target: str | Point) -> int:
        """The direction of the set pointing most nearly at ``target`` from system ``src`` (a lane "pointed
        directly at" a Home System, R249)."""
        t = self.sector_point(target) if isinstance(target, str) else target
        return nearest_direction(self.system(src).centre, t)

    # --- invariants ---------------------------------------------------------------------------------------

    def violations(self) -> list[str]:
        """Everything wrong with the map (empty for every galaxy built through this module's operations)."""
        missing = [ln.id for ln in self.lanes.values() if ln.a not in self.systems or ln.b not in (None, *self.systems)]
        missing += ["-".join(pair) for pair in self.warp_links if not set(pair) <= self.systems.keys()]
        if missing:
            return [f"lane {lid} ends at a missing system" for lid in sorted(missing)]
        out: list[str] = []
        ss = sorted(self.systems.values(), key=lambda s: s.x)  # a sweep along x: pairs too far apart stop early
        far = 2 * DISC_RADIUS + CLEARANCE - EPS
        for i, s in enumerate(ss):
            if not self.table.holds_disc(s.centre):
                out.append(f"disc {s.id} off the table")
            if len(self._index()[0][s.id]) > s.max_lanes:
                out.append(f"disc {s.id} has more than {s.max_lanes} lanes")
            for t in ss[i + 1:]:
                if t.x - s.x >= far:
                    break
                if dist(s.centre, t.centre) < far:
                    out.append(f"discs {min(s.id, t.id)} and {max(s.id, t.id)} touch")
        discs, shapes = self._shapes()
        segs = sorted((sg for sg, _, _ in shapes), key=lambda sg: sg[3])
        for i, (lid, p, q, _x0, x1, _y0, _y1) in enumerate(segs):
            ln = self.lanes[lid]
            if ln.length not in LANE_LENGTHS:
                out.append(f"lane {lid} has {ln.length} sectors")
            if ln.b is not None:
                if ln.b == ln.a or self.lane_between(ln.a, ln.b) != lid:
                    out.append(f"lane {lid} doubles a link")
                if dist(p, q) > ln.length * SECTOR_LENGTH + EPS:
                    out.append(f"lane {lid} is too short for its gap")
            elif not self.table.holds_point(q):
                out.append(f"lane {lid} leaves the table")
            if not self._lane_clear(p, q, [d for d in discs if d[0] not in (ln.a, ln.b)], []):
                out += [f"lane {lid} touches disc {d[0]}" for d in sorted(discs)
                        if d[0] not in (ln.a, ln.b) and not self._lane_clear(p, q, [d], [])]
            for other in segs[i + 1:]:
                if other[3] - x1 >= CLEARANCE:
                    break
                if not self._lane_clear(p, q, [], [other]):
                    out.append(f"lanes {min(lid, other[0])} and {max(lid, other[0])} cross or touch")
        return sorted(out)


def _point(value: Any) -> Point | None:
    return (float(value[0]), float(value[1])) if value else None


def _seg(lid: str, p: Point, q: Point) -> Seg:
    return (lid, p, q, min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1]))


def _lane_order(ln: Lane) -> tuple[int, str]:
    digits = ln.id[1:]
    return (int(digits), ln.id) if digits.isdigit() else (1 << 30, ln.id)
