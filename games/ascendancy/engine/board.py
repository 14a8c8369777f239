"""The galaxy as a graph: systems, lanes with their sectors, adjacency, presence, connection, movement rules.

Sectors are ``S:<system>`` (a disc is one sector, R31) and ``L:<lane>:<k>`` (k = 1..length from the lane's
``a`` end). Everything here works on the graph; where a rule needs the table's geometry (does a lane or a
disc fit, is a connection long enough) it asks ``layout`` (a stand-in until asc-geo's geometry is merged).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from games.ascendancy.engine.state import Player, State


def sys_sector(sid: str) -> str:
    return f"S:{sid}"


def lane_sector(lid: str, k: int) -> str:
    return f"L:{lid}:{k}"


def parse(sector: str) -> tuple[str, str, int]:
    """``("S", system, 0)`` or ``("L", lane, k)``."""
    parts = sector.split(":")
    if parts[0] == "S":
        return "S", parts[1], 0
    return "L", parts[1], int(parts[2])


def exists(state: State, sector: str) -> bool:
    kind, ident, k = parse(sector)
    if kind == "S":
        return ident in state["systems"]
    lane = state["lanes"].get(ident)
    return lane is not None and 1 <= k <= lane["length"]


def neighbours(state: State, sector: str) -> list[str]:
    """Sectors one step away (R32, without the sector itself), sorted."""
    kind, ident, k = parse(sector)
    out: list[str] = []
    if kind == "S":
        for lid, lane in state["lanes"].items():
            if lane["a"] == ident:
                out.append(lane_sector(lid, 1))
            if lane["b"] == ident:
                out.append(lane_sector(lid, lane["length"]))
    else:
        lane = state["lanes"][ident]
        out.append(sys_sector(lane["a"]) if k == 1 else lane_sector(ident, k - 1))
        if k < lane["length"]:
            out.append(lane_sector(ident, k + 1))
        elif lane["b"] is not None:
            out.append(sys_sector(lane["b"]))
    return sorted(set(out))


def adjacent(state: State, a: str, b: str) -> bool:
    """R32: a sector is adjacent to itself and to the sectors it touches."""
    return a == b or b in neighbours(state, a)


def lanes_at(state: State, sid: str) -> list[str]:
    return sorted(lid for lid, lane in state["lanes"].items() if sid in (lane["a"], lane["b"]))


def linked_systems(state: State, sid: str) -> set[str]:
    """Systems joined to ``sid`` by a single lane with both ends placed (adjacent systems, R32)."""
    out: set[str] = set()
    for lane in state["lanes"].values():
        if lane["b"] is None:
            continue
        if lane["a"] == sid:
            out.add(lane["b"])
        elif lane["b"] == sid:
            out.add(lane["a"])
    return out


def connected_systems(state: State, sid: str) -> set[str]:
    """R33: every system a chain of systems and lanes links to ``sid`` (itself included)."""
    seen = {sid}
    todo = deque([sid])
    while todo:
        cur = todo.popleft()
        for nxt in linked_systems(state, cur):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def is_fixed(state: State, sid: str) -> bool:
    """R58: home systems, and discs ever connected to two or more other systems, are Fixed."""
    from games.ascendancy.engine.layout import kind

    return kind(state, sid) == "fixed"


def is_floating(state: State, sid: str) -> bool:
    """R58: connected to exactly one system, which is Fixed."""
    from games.ascendancy.engine.layout import kind

    return kind(state, sid) == "floating"


# --- presence -------------------------------------------------------------------------------------------
def ships_in(p: Player, sector: str) -> int:
    """The player's ships present in a sector (loose and in fleets; not in warp, R46)."""
    in_fleets: int = sum(f["ships"] for f in p["fleets"].values() if f["sector"] == sector)
    return int(p["ships"].get(sector, 0)) + in_fleets


def present(state: State, sector: str) -> list[int]:
    """Seats with ships in the sector, in seat order."""
    return [p["seat"] for p in state["players"] if not p["exterminated"] and ships_in(p, sector) > 0]


def occupied_sectors(p: Player) -> Iterator[str]:
    seen = {s for s, c in p["ships"].items() if c > 0}
    seen |= {f["sector"] for f in p["fleets"].values() if f["sector"] is not None}
    yield from sorted(seen)


#: ``blocked_for``'s answer when a Borg Cube holds the sector (R263: Cubes block like ships).
BORG_BLOCK = -1


def cube_in(state: State, sector: str) -> bool:
    """A Borg Cube in space holds the sector (``state["borg"]["cubes"]``)."""
    borg = state.get("borg")
    return borg is not None and any(c["sector"] == sector for c in borg["cubes"])


def occupies(state: State, seat: int, sector: str) -> bool:
    """R34: the only player with ships there (a Borg Cube Contests it too, RULINGS A47)."""
    return present(state, sector) == [seat] and not cube_in(state, sector)


def at_peace(state: State, seat: int, other: int) -> bool:
    """R37: ``seat`` is at Peace with ``other`` when it holds ``other``'s Trade Agreement card."""
    return str(other) in state["players"][seat]["trade_held"]


def home_of(state: State, seat: int) -> str | None:
    sid: str
    for sid in sorted(state["systems"]):
        if state["systems"][sid]["home_of"] == seat:
            return sid
    return None


def first_contact(state: State, seat: int) -> bool:
    """R38: the home is Connected to another home."""
    home = home_of(state, seat)
    if home is None:
        return False
    reach = connected_systems(state, home)
    return any(s["home_of"] is not None and s["home_of"] != seat for sid, s in state["systems"].items()
               if sid in reach)


def blocked_for(state: State, seat: int, sector: str) -> int | None:
    """R49: the seat whose Hostile ships stop ``seat`` from entering ``sector``, or None. Systems the mover
    controls are always open; ships of a player at Peace ask for permission instead (``passage_from``)."""
    kind, ident, _ = parse(sector)
    if kind == "S" and state["systems"][ident]["control"] == seat:
        return None
    if cube_in(state, sector):  # R263: Cubes block movement exactly like Hostile ships (so not here, R49)
        return BORG_BLOCK
    for other in present(state, sector):
        if other != seat and not at_peace(state, seat, other):
            return other
    return None


def passage_from(state: State, seat: int, sector: str, allowed: list[int]) -> int | None:
    """R49: the Peaceful player whose permission entering ``sector`` still needs (none with Free Trade Routes,
    R154, or in a system the mover controls)."""
    kind, ident, _ = parse(sector)
    if state["options"].get("free_trade_routes") or (kind == "S" and state["systems"][ident]["control"] == seat):
        return None
    for other in present(state, sector):
        if other != seat and other not in allowed and at_peace(state, seat, other):
            return other
    return None


def lane_of_open_end(state: State, sector: str) -> str | None:
    """The lane whose unconnected end this sector is the last of (R57), or None."""
    kind, ident, k = parse(sector)
    if kind != "L":
        return None
    lane = state["lanes"][ident]
    return ident if lane["b"] is None and k == lane["length"] else None


def free_lane_slots(state: State, sid: str) -> int:
    """R54: lanes that may still attach to the system (open-ended lanes count)."""
    return int(state["systems"][sid]["max_lanes"]) - len(lanes_at(state, sid))


def remove_abandoned_lanes(state: State) -> list[str]:
    """R56: lanes connected to one system only and holding no ships go; warp origins in them move to the
    connected system."""
    gone: list[str] = []
    for lid in sorted(state["lanes"]):
        lane = state["lanes"][lid]
        if lane["b"] is not None:
            continue
        sectors = {lane_sector(lid, k) for k in range(1, lane["length"] + 1)}
        if any(present(state, s) for s in sectors):
            continue
        for p in state["players"]:
            for w in p["warp"]:
                if w["origin"] in sectors:
                    w["origin"] = sys_sector(lane["a"])
        gone.append(lid)
    from games.ascendancy.engine.layout import remove_lanes

    remove_lanes(state, gone)
    return gone
