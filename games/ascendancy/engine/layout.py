"""The engine's bridge to the table geometry (asc-geo's ``galaxy.py`` / ``geometry.py``).

``state["galaxy"]`` (a ``Galaxy.dump()``) is the truth about where discs and lanes lie; ``state["lanes"]``
and each system's ``xy`` mirror it for the graph code in ``board.py``. Every change to the map goes through
the functions here, which update both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.ascendancy.engine.galaxy import Galaxy, Lane, System
from games.ascendancy.engine.geometry import Table, home_positions, nearest_direction, suggested_table
from games.ascendancy.engine.state import State

#: The galaxies last read back, by the identity of their dump, each kept with that dump (alive, so
#: its id cannot be reused while it is here). ``state["galaxy"]`` is only ever replaced whole (``_store``),
#: never changed in place, so the same dump is the same Galaxy; a Galaxy is a value and keeps its own memo of
#: shapes and answers. ``legal_commands`` asks for the galaxy of one state dozens of times.
_LOADED: dict[int, tuple[Any, Galaxy]] = {}
_LOADED_MAX = 32


def _remember(data: Any, g: Galaxy) -> Galaxy:
    if len(_LOADED) >= _LOADED_MAX:
        _LOADED.clear()  # one step, safe in a threaded server: a few loads again
    _LOADED[id(data)] = (data, g)
    return g


def galaxy(state: State) -> Galaxy:
    data = state["galaxy"]
    hit = _LOADED.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    return _remember(data, Galaxy.load(data))


def _store(state: State, g: Galaxy) -> None:
    state["galaxy"] = g.dump()
    for sid, sys in g.systems.items():
        if sid in state["systems"]:
            state["systems"][sid]["xy"] = [sys.x, sys.y]
    state["lanes"] = {ln.id: {"a": ln.a, "b": ln.b, "length": ln.length} for ln in g.lanes.values()}


def table_for(state: State) -> Table:
    """RULINGS G5: the square table the option ``table_size`` sets (cm), else the one suggested for the count."""
    side = state["options"].get("table_size")
    return Table(float(side), float(side)) if side else suggested_table(state["n"])


def init_galaxy(state: State, homes: list[str]) -> list[list[float]]:
    """Homes equidistant on the table (setup 2.1.1, RULINGS G5: ``table_for``); returns their centres."""
    table = table_for(state)
    g = Galaxy(table, next_lane=1)
    out = []
    for sid, c in zip(homes, home_positions(state["n"], table), strict=True):
        g = g.with_system(sid, c, int(state["systems"][sid]["max_lanes"]), home=True)
        out.append([c[0], c[1]])
    _store(state, g)
    return out


def scenario_galaxy(state: State, width: float, extra_systems: Iterable[Mapping[str, Any]],
                    lanes: Iterable[tuple[str, str, str | None, int]]) -> None:
    """A galaxy laid out by hand (the scenario builder): no fitting checks."""
    g = galaxy(state)
    systems = dict(g.systems)
    for spec in extra_systems:
        x, y = spec["xy"]
        systems[spec["id"]] = System(spec["id"], float(x), float(y), int(spec.get("max_lanes", 4)),
                                     bool(spec.get("home_of") is not None), bool(spec.get("fixed", False)))
    lane_map = dict(g.lanes)
    for lid, a, b, length in lanes:
        end = None
        if b is None:
            ax, ay = systems[a].centre
            end = (ax, ay - 3.5 - 4.0 * length)  # straight up the table
        lane_map[lid] = Lane(lid, a, b, length, end)
    g2 = Galaxy(Table(width, width), systems, lane_map, next_lane=100)
    g2._settle(systems, lane_map, [ln.a for ln in lane_map.values()] + [ln.b for ln in lane_map.values() if ln.b])
    _store(state, Galaxy(Table(width, width), systems, lane_map, next_lane=100))
    for lid, a, _b, _length in lanes:
        state["lanes"][lid]["a"] = a


def place_fixed(state: State, sid: str, centre: tuple[float, float], max_lanes: int) -> None:
    """A disc laid on the table at setup with no lane, Fixed (the Transwarp Hub in the Delta Quadrant, §2.3)."""
    _store(state, galaxy(state).with_system(sid, centre, max_lanes, fixed=True))


def link_transwarp(state: State, sid: str) -> None:
    """R248: the Hub just placed links to every Conduit on the table, a Conduit to the Hub (RULINGS G19)."""
    g = galaxy(state)
    tw = {k: v.get("transwarp") for k, v in state["systems"].items() if v.get("transwarp")}
    mine = tw.get(sid)
    for other, kind_ in sorted(tw.items()):
        if other != sid and {mine, kind_} == {"hub", "conduit"}:
            g = g.with_warp_link(sid, other)
    _store(state, g)
    if mine == "hub" and "borg" in state:  # R218: a Hub discovered from the stack (R272, R275) is now in play
        state["borg"]["hub"] = sid


def warp_linked(state: State, sector: str) -> list[str]:
    """The systems a Hub-Conduit link joins to this system's sector, for Warp travel only (R248, G19)."""
    links = (state.get("galaxy") or {}).get("warp_links") or []
    if not links or not sector.startswith("S:"):
        return []
    sid = sector[2:]
    return sorted(f"S:{b if a == sid else a}" for a, b in links if sid in (a, b))


def kind(state: State, sid: str) -> str:
    return galaxy(state).kind(sid)


def lane_directions(state: State, sid: str, length: int) -> list[int]:
    """Directions a new lane of this length fits in from ``sid`` (R54, R55)."""
    return [o.direction for o in galaxy(state).lane_options(sid, length)]


def placements(state: State, sid: str, length: int) -> list[int]:
    """Directions where a new lane of this length from ``sid`` and a disc at its far end both fit (R54, R57)."""
    return galaxy(state).placements(sid, length)


def place_lane(state: State, sid: str, direction: int, length: int) -> str:
    g, lid = galaxy(state).place_lane(sid, direction, length)
    _store(state, g)
    return lid


def swing_connections(state: State, src: str, direction: int, length: int,
                      candidates: Iterable[str]) -> list[tuple[str, int, Galaxy, str]]:
    """R249 step 3, RULINGS B31: each (Floating system, swing direction) that brings it to the end of a new
    ``length``-sector lane leaving ``src`` in ``direction`` (its bearing from ``src`` is that direction and the
    lane bridges the gap), with the galaxy after the swing and the connection and the new lane's id. Its
    current direction counts (no swing needed)."""
    g = galaxy(state)
    out = []
    for sid in sorted(candidates):
        if sid == src or g.kind(sid) != "floating":
            continue
        anchor = g.anchor(sid)
        assert anchor is not None
        here = nearest_direction(g.systems[anchor].centre, g.systems[sid].centre)
        for d in range(24):
            if d == here:
                swung = g
            elif g.swing_problem(sid, d) is None:
                swung = g.swing(sid, d)
            else:
                continue
            if nearest_direction(swung.systems[src].centre, swung.systems[sid].centre) != direction:
                continue
            if swung.connection_problem(src, sid, length, from_any=True) is not None:
                continue
            joined, lid = swung.connect(src, sid, length, from_any=True)
            out.append((sid, d, joined, lid))
    return out


def store(state: State, g: Galaxy) -> None:
    """Keep a galaxy computed here (``swing_connections``) as the state's map."""
    _store(state, g)


def disc_fits(state: State, lid: str) -> bool:
    return galaxy(state).disc_problem(lid) is None


def place_system(state: State, lid: str, sid: str, max_lanes: int) -> list[float]:
    g = galaxy(state).place_system(lid, sid, max_lanes)
    _store(state, g)
    s = g.systems[sid]
    return [s.x, s.y]


def connections_from_any(state: State) -> bool:
    """RULINGS G11: the option ``connections_from_any_system`` lets a Connection leave a Fixed system too."""
    return bool(state["options"].get("connections_from_any_system"))


def can_connect(state: State, src: str, dst: str, length: int) -> bool:
    return galaxy(state).connection_problem(src, dst, length, connections_from_any(state)) is None


def connect(state: State, src: str, dst: str, length: int) -> str:
    g, lid = galaxy(state).connect(src, dst, length, connections_from_any(state))
    _store(state, g)
    return lid


def direction_to(state: State, src: str, dst: str) -> int:
    g = galaxy(state)
    return nearest_direction(g.systems[src].centre, g.systems[dst].centre)


def swing_options(state: State, sid: str) -> list[int]:
    return galaxy(state).swing_options(sid)


def swing(state: State, sid: str, direction: int) -> None:
    _store(state, galaxy(state).swing(sid, direction))


def remove_lanes(state: State, lids: list[str]) -> None:
    if lids:
        _store(state, galaxy(state).remove_lanes(lids))


def violations(state: State) -> list[str]:
    return galaxy(state).violations()
