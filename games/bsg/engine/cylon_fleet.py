"""The Exodus Cylon Fleet option (bsg:R910-R919, R144): the Cylon Fleet board beside the main board, its
pursuit track, the CAG title, activations that always do something, and the ships going back and forth.

State, only at a table that plays the option (``options.cylon_fleet``)::

    state["fleet"] = {"areas": {area: {"raider": n, "heavy_raider": n, "basestar": n}},
                      "pursuit": i,           # the pursuit marker's space on the track (0: Start)
                      "boxed_vipers": n}      # the vipers the setup put back in the box (R144 step 3)
    state["cag"] = seat | None                # the CAG title (R420)
    state["cag_civilians"] = {"left": n} | None   # civilian ships the CAG still has to place: whoever holds
                                                  # the title when he places them (``cag_seat``, R915)

The Cylon Fleet board's areas are the areas around Galactica, under the same ids (R910). A ship on it is on
neither the main board nor in the supply (``state["supply"]`` counts the ships on neither board: R914 step 1).
A basestar leaving the main board for the Cylon Fleet board leaves its damage tokens behind (RULINGS G74), so
the fleet board counts its basestars; at a table that keeps the damage, ``state["fleet"]["damage"]`` holds,
per area, the tokens its damaged basestars carry. ``state["mk7"]``: the Viper Mark VII (R916, below).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import options
from games.bsg.engine.options import BASESTAR_DAMAGE, KEPT, REPAIRED
from games.bsg.engine.state import CONTENT, Ctx, State, next_key
from games.engine.core import IllegalCommand

FLEET = CONTENT.cylon_fleet
KINDS = ("raider", "heavy_raider", "basestar")
#: R912: the ship an activation icon puts on the Cylon Fleet board when the base rules would do nothing
FALLBACK_SHIP = {"raiders": "raider", "heavy_raiders": "heavy_raider", "launch_raiders": "basestar",
                 "basestars": "basestar"}


def active(state: State) -> bool:
    return options.cylon_fleet(state["options"])


def _by_number(descending: bool = False) -> list[str]:
    return [a.id for a in sorted(CONTENT.board.space_areas, key=lambda a: a.number, reverse=descending)]


def empty_fleet_area() -> dict[str, int]:
    return dict.fromkeys(KINDS, 0)


def setup(state: State) -> None:
    """R144 steps 2-3: the board, 2 vipers from the Reserves back in the box, the 4 extra raiders in the
    supply, the pursuit marker on Start. (The Viper Mark VII go to the Damaged Vipers box: vipers.py.)"""
    boxed = min(FLEET.vipers_to_box, state["reserves"]["viper"])
    state["reserves"]["viper"] -= boxed
    state["supply"]["raider"] += FLEET.extra_raiders
    state["fleet"] = {"areas": {a: empty_fleet_area() for a in _by_number()}, "pursuit": 0, "boxed_vipers": boxed}
    state["cag"] = None
    state["cag_civilians"] = None
    state["mk7"] = {"reserves": 0, "damaged": FLEET.mk7, "lost": 0, "space": dict.fromkeys(_by_number(), 0)}


def components(state: State, ship: str) -> int:
    """How many ships of a Cylon kind the table has (the option's 4 extra raiders count: R144)."""
    extra = FLEET.extra_raiders if ship == "raider" and active(state) else 0
    return int(CONTENT.board.components[ship]) + extra


# --- R912 activations that always do something -----------------------------------------------------------


def nothing_happens(state: State, icon: str) -> bool:
    """R912: the base rules would do nothing for this icon, because the main board lacks its ships."""
    space = state["space"].values()
    basestars = any(w["basestar"] for w in space)
    if icon == "raiders":
        return not basestars and not any(w["raider"] for w in space)
    if icon == "heavy_raiders":
        return not basestars and not any(w["heavy_raider"] for w in space) and not state["boarding"]
    return not basestars  # launch_raiders, basestars


def pursue(ctx: Ctx, icon: str) -> None:
    """R912 a-c: one ship of the icon's kind goes on the Cylon Fleet board (R913) and the pursuit marker
    advances one space (R915)."""
    ship = FALLBACK_SHIP[icon]
    ctx.emit("cylon_fleet_pursues", icon=icon, ship=ship)
    place_on_fleet(ctx, ship)
    advance_pursuit(ctx)


def place_on_fleet(ctx: Ctx, ship: str) -> None:
    """R913: the active player rolls and the ship goes to the Cylon Fleet area of that number; with every
    ship of the kind on one board or the other, every ship of the highest-numbered Cylon Fleet area holding
    one of that kind moves to the same area around Galactica instead."""
    state = ctx.state
    areas = state["fleet"]["areas"]
    if state["supply"][ship] > 0:
        roll = ctx.rng.die(CONTENT.board.die_faces)
        area = FLEET.area_for(roll)
        state["supply"][ship] -= 1
        areas[area][ship] += 1
        ctx.emit("fleet_ship_placed", ship=ship, area=area, roll=roll)
        return
    highest = next((a for a in _by_number(descending=True) if areas[a][ship]), None)
    if highest is None:  # every ship of the kind is around Galactica already
        ctx.emit("fleet_ship_unavailable", ship=ship)
        return
    move_to_main(ctx, highest)


def _carried(state: State, area: str) -> list[list[str]]:
    """The damage tokens the basestars of a Cylon Fleet area carry (RULINGS G74, ``kept``): one list per damaged
    basestar, never more lists than basestars."""
    carried: list[list[str]] = state["fleet"].setdefault("damage", {}).setdefault(area, [])
    return carried


def _next_basestar(state: State, area: str) -> dict[str, Any]:
    """A basestar leaving the Cylon Fleet area for the main board: a damaged one first, with its tokens."""
    carried = _carried(state, area)
    return {"damage": carried.pop(0) if carried else []}


def move_to_main(ctx: Ctx, area: str) -> None:
    """Every ship of a Cylon Fleet area to the same area around Galactica (R913, R915)."""
    fleet = ctx.state["fleet"]["areas"][area]
    where = ctx.state["space"][area]
    moved = dict(fleet)
    where["raider"] += fleet["raider"]
    where["heavy_raider"] += fleet["heavy_raider"]
    where["basestar"] += [_next_basestar(ctx.state, area) for _ in range(fleet["basestar"])]
    ctx.state["fleet"]["areas"][area] = empty_fleet_area()
    if any(moved.values()):
        ctx.emit("fleet_area_arrived", area=area, **moved)


# --- R914 placing Cylon ships on the main board -------------------------------------------------------------


def take_from_fleet(state: State, ship: str) -> bool:
    """R914 step 2: one raider or heavy raider taken off the Cylon Fleet board, the lowest-numbered area first
    (to be placed on the main board); False when the board holds none."""
    areas = state["fleet"]["areas"]
    area = next((a for a in _by_number() if areas[a][ship]), None)
    if area is None:
        return False
    areas[area][ship] -= 1
    return True


def take_basestar(state: State) -> dict[str, Any] | None:
    """R914 step 2 for a basestar: the lowest-numbered area's, with the damage it carries (G74); None when
    the Cylon Fleet board holds none."""
    areas = state["fleet"]["areas"]
    area = next((a for a in _by_number() if areas[a]["basestar"]), None)
    if area is None:
        return None
    areas[area]["basestar"] -= 1
    return _next_basestar(state, area)


def carried_tokens(state: State) -> set[str]:
    """The basestar damage tokens on the Cylon Fleet board (none unless the table keeps them: G74)."""
    if not active(state):
        return set()
    return {t for lists in state["fleet"].get("damage", {}).values() for tokens in lists for t in tokens}


# --- R915 the pursuit track -------------------------------------------------------------------------------


def advance_pursuit(ctx: Ctx) -> None:
    """R915: the marker advances one space. At the end of the track every ship of the Cylon Fleet board
    moves to the main board and the marker goes back to Start (RULINGS G73); on a civilian space the CAG
    places that many civilian ships on the main board."""
    state = ctx.state
    fleet = state["fleet"]
    fleet["pursuit"] += 1
    space = FLEET.pursuit[fleet["pursuit"]]
    ctx.emit("pursuit_advanced", step=fleet["pursuit"], last=len(FLEET.pursuit) - 1)
    if fleet["pursuit"] >= len(FLEET.pursuit) - 1:
        for area in _by_number():
            move_to_main(ctx, area)
        fleet["pursuit"] = 0
        ctx.emit("pursuit_reset")
        return
    count = min(space.civilians, len(state["decks"]["civilians"]))
    if count:
        due = state["cag_civilians"]
        if due is not None:  # still placing the ones of an earlier space
            due["left"] += count
        else:
            state["cag_civilians"] = {"left": count}
        next_key(state)
        ctx.emit("cag_to_place_civilians", seat=cag_seat(state), count=count)


def cag_seat(state: State) -> int:
    """The CAG, or the active player while nobody holds the title (RULINGS G16)."""
    cag = state.get("cag")
    return int(state["current"]) if cag is None else int(cag)


def civilians_due(state: State) -> dict[str, int] | None:
    """The civilian ships still to place and who places them (the CAG now, R915), or None."""
    due = state.get("cag_civilians")
    return None if due is None else {"seat": cag_seat(state), "left": int(due["left"])}


def civilian_areas(state: State) -> list[str]:
    """R915: the areas the CAG may put a civilian ship in: one without a civilian ship if there is one."""
    empty = [a for a in _by_number() if not state["space"][a]["civilian"]]
    return empty or _by_number()


def place_civilian(ctx: Ctx, seat: int, area: str) -> None:
    """The CAG puts the next civilian ship (face down, from the unused pile) in an area (R915): the one who holds
    the title now, not the one who held it when the marker reached the space (the title may have passed since,
    R423)."""
    state = ctx.state
    due = state.get("cag_civilians")
    if due is None or cag_seat(state) != seat:
        raise IllegalCommand("no_civilian_to_place", "bsg:R915")
    if area not in civilian_areas(state):
        raise IllegalCommand("civilian_area_has_civilian", "bsg:R915", area=area)
    if state["decks"]["civilians"]:
        state["space"][area]["civilian"].append(state["decks"]["civilians"].pop())
        ctx.emit("ships_placed", ship="civilian", area=area, count=1)
    due["left"] -= 1
    if due["left"] <= 0 or not state["decks"]["civilians"]:
        state["cag_civilians"] = None
    next_key(state)


# --- R704-A the jump ------------------------------------------------------------------------------------------


def jump_cylons(ctx: Ctx) -> None:
    """R704 A with the option (R918): the Cylon ships around Galactica move to the same areas of the Cylon
    Fleet board; a basestar's damage tokens go back to their pile, or go along at a table that keeps them
    (RULINGS G74)."""
    state = ctx.state
    kept = state["options"].get(BASESTAR_DAMAGE, REPAIRED) == KEPT
    for area in _by_number():
        where = state["space"][area]
        fleet = state["fleet"]["areas"][area]
        moved = {"raider": where["raider"], "heavy_raider": where["heavy_raider"], "basestar": len(where["basestar"])}
        if kept:
            _carried(state, area).extend(list(b["damage"]) for b in where["basestar"] if b["damage"])
        for kind in KINDS:
            fleet[kind] += moved[kind]
        where["raider"] = where["heavy_raider"] = 0
        where["basestar"] = []
        if any(moved.values()):
            ctx.emit("fleet_area_left", area=area, **moved)


def view(state: State) -> dict[str, Any] | None:
    """What every seat sees of the option (all of it is public)."""
    if not active(state):
        return None
    fleet = state["fleet"]
    mk7 = state["mk7"]
    return {"areas": {a: dict(w) for a, w in fleet["areas"].items()}, "pursuit": fleet["pursuit"],
            "track": [{"id": s.id, "civilians": s.civilians} for s in FLEET.pursuit],
            "boxed_vipers": fleet["boxed_vipers"], "cag_civilians": civilians_due(state),
            "mk7": {"reserves": mk7["reserves"], "damaged": mk7["damaged"], "lost": mk7["lost"],
                    "space": dict(mk7["space"])}}


# --- R916 the Viper Mark VII ------------------------------------------------------------------------------------
#
# ``state["mk7"] = {"reserves": n, "damaged": n, "lost": n, "space": {area: n}}`` counts the Mark VII apart from
# the normal vipers (``state["reserves"]["viper"]``, ``damaged_vipers``, ``vipers_lost``, the areas' ``viper``);
# a pilot flying one has ``player["mk7"] = True``.


def mk7_in(state: State, area: str) -> int:
    """Unpiloted Viper Mark VII in a space area (none without the option)."""
    return int(state["mk7"]["space"][area]) if active(state) else 0


def mk7_reserves(state: State) -> int:
    return int(state["mk7"]["reserves"]) if active(state) else 0


def reach(area: str, steps: int) -> list[str]:
    """The areas within ``steps`` moves of ``area`` on the ring, ``area`` left out, by number."""
    found = {area}
    edge = {area}
    for _ in range(steps):
        edge = {n for a in edge for n in CONTENT.board.adjacent(a)} - found
        found |= edge
    return [a for a in _by_number() if a in found and a != area]


def pilot_reach(state: State, seat: int) -> list[str]:
    """Where a pilot's viper may move: an adjacent area, up to 2 away in a Mark VII (R213a, R916)."""
    p = state["players"][seat]
    if p["viper"] is None:
        return []
    return reach(p["viper"], FLEET.mk7_move if p.get("mk7") else 1)


def pilot_off(state: State, seat: int) -> None:
    """A pilot's viper back to the Reserves (R213b, R431, R704 A): a Mark VII to the Mark VII's."""
    p = state["players"][seat]
    if p.pop("mk7", False):
        state["mk7"]["reserves"] += 1
    else:
        state["reserves"]["viper"] += 1
    p["viper"] = None


def board_pilot(state: State, seat: int, area: str, mk7: bool) -> None:
    """A pilot takes a viper of the Reserves (a Mark VII if ``mk7``) into ``area``."""
    p = state["players"][seat]
    if mk7:
        state["mk7"]["reserves"] -= 1
        p["mk7"] = True
    else:
        state["reserves"]["viper"] -= 1
    p["viper"] = area


def repair(state: State, count: int) -> int:
    """Damaged vipers back to the Reserves, the Mark VII first (RULINGS G79); how many."""
    fixed = 0
    if active(state):
        fixed = min(count, int(state["mk7"]["damaged"]))
        state["mk7"]["damaged"] -= fixed
        state["mk7"]["reserves"] += fixed
    normal = min(count - fixed, int(state["damaged_vipers"]))
    state["damaged_vipers"] -= normal
    state["reserves"]["viper"] += normal
    return fixed + normal


def mk7_home(state: State) -> None:
    """R704 A: every unpiloted Mark VII in space back to the Reserves."""
    if active(state):
        mk7 = state["mk7"]
        mk7["reserves"] += sum(mk7["space"].values())
        mk7["space"] = dict.fromkeys(mk7["space"], 0)
