"""The Rebel Basestar's Raider Bay (bsg:R316, R1065, R1066) of Daybreak's Earth objective.

Its other locations (Hybrid Tank, Datastream) act through the common location effects; who may move there and
use them follows the allegiance marker (``earth.ship_side``, R1061, R1062).

Raider Bay (RULINGS G186): allied with the humans, up to 4 vipers come from the Reserves into one launch area
and the player activates those vipers only (``vipers`` mode ``bay``); allied with the Cylons, 2 raiders come into
an area of the player's choice and act at once as raiders do (R604), no other raider with them (R1065).

R1066: while those viper activations are due, the player of the original Apollo (not piloting, not in the Brig,
not a revealed Cylon) may interrupt: he takes one of those vipers as his own and activates it once at once, as
his Alert Viper Pilot does after a launch; that viper is no longer the Raider Bay player's to activate. The Raider
Bay player's activations then go on (``earth.resume_bay``).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import cylons, earth, vipers
from games.bsg.engine.setup import place_ships
from games.bsg.engine.state import CONTENT, Ctx, State, next_key
from games.engine.core import IllegalCommand

APOLLO = "lee_adama"  # the original version (R1066), not Daybreak's alternate one


def _numbers() -> tuple[int, int]:
    effect = next(e for e in CONTENT.locations[earth.RAIDER_BAY].effects if e.kind == "raider_bay")
    return int(effect.get("vipers")), int(effect.get("raiders"))


def bay_refusal(state: State, seat: int) -> tuple[str, str] | None:
    """Nothing to place: no viper in the Reserves (humans), no raider in the supply (Cylons)."""
    if earth.allegiance(state) == "cylon":
        return None if state["supply"]["raider"] > 0 else ("no_raider_to_place", "bsg:R316")
    return None if state["reserves"]["viper"] > 0 else ("no_viper_to_launch", "bsg:R316")


def bay_options(state: State, seat: int) -> list[dict[str, Any]]:
    """The area the Raider Bay's ships go to: a launch area for vipers, any area for raiders."""
    if earth.allegiance(state) == "cylon":
        return [{"area": a.id} for a in CONTENT.board.space_areas]
    return [{"area": a} for a in CONTENT.board.launch_areas()]


def raider_bay(ctx: Ctx, seat: int, area: str) -> None:
    """R316, R1065: place the ships, then activate only them."""
    state = ctx.state
    viper_count, raider_count = _numbers()
    if earth.allegiance(state) == "cylon":
        placed = place_ships(ctx, "raider", area, raider_count)
        ctx.emit("raider_bay_used", seat=seat, ship="raider", area=area, count=placed)
        if placed:
            state["activation"] = {"todo": {area: placed}, "rest": []}
            cylons.activate_area(ctx, area)
            state["activation"] = None
        return
    placed = place_ships(ctx, "viper", area, viper_count)
    ctx.emit("raider_bay_used", seat=seat, ship="viper", area=area, count=placed)
    vipers.start(ctx, seat, placed, "bay", bay={area: placed})


# --- R1066 the original Apollo's interrupt ---------------------------------------------------------------


def apollo_areas(state: State, seat: int) -> list[str]:
    """The areas where the seat's original Apollo may take a Raider Bay viper now (R1066)."""
    acts = state.get("viper_acts")
    p = state["players"][seat]
    if (not earth.on(state) or acts is None or acts.get("mode") != "bay" or acts["seat"] == seat
            or state["phase"] != "turn" or p["character"] != APOLLO or p["cylon"] or p["viper"] is not None
            or p["location"] in (None, "brig") or state["check"] is not None):
        return []
    return [a for a, n in sorted(acts["bay"].items()) if n > 0 and state["space"][a]["viper"]]


def interrupts(state: State, seat: int) -> list[dict[str, Any]]:
    """The interrupt commands this module offers the seat (commands.interrupts)."""
    return [{"kind": "apollo_bay_viper", "area": a} for a in apollo_areas(state, seat)]


def apollo_takes_viper(ctx: Ctx, seat: int, area: str) -> None:
    """R1066: Apollo flies one of the Raider Bay's vipers and activates it once, interrupting the player who
    activated the Raider Bay; that viper is no longer his to activate."""
    state = ctx.state
    if area not in apollo_areas(state, seat):
        raise IllegalCommand("apollo_cannot_take_viper", "bsg:R1066", area=area)
    acts = state["viper_acts"]
    acts["bay"][area] -= 1
    state["space"][area]["viper"] -= 1
    p = ctx.player(seat)
    p["viper"] = area
    p["location"] = None
    ctx.emit("apollo_took_viper", seat=seat, area=area)
    state["earth"]["bay"] = acts
    state["viper_acts"] = None
    next_key(state)
    vipers.start(ctx, seat, 1, "own")
    earth.resume_bay(state)  # nothing to activate: the Raider Bay's activations go on at once
