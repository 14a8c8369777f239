"""Which Cylon ships have already been activated in this player's turn (bsg:R602, RULINGS A3).

The rulebook lets each Cylon ship be activated only once in a given player's turn (L87); the table option
``ship_activation_limit`` keeps that text (``per_turn``, the default) or lets every activation move or fire
every ship again (``per_activation``). With the limit on, an activation skips the ships already activated.

An activation is what the text calls one: a ship moving or attacking (R602); a heavy raider's boarding is
its move (R606). Launching is not: a basestar that fired may still launch, and a launched ship is a new
ship, not yet activated (RULINGS A3). Centurions are tokens on Galactica's track, not ships: they advance
whenever the heavy raiders' icon resolves (R606).

Raiders and heavy raiders are interchangeable tokens, counted per area, so the record is a count per area,
``state["acted"] = {"raider": {area: n}, "heavy_raider": {area: n}}``, moved along with a ship that moves
in its activation. A basestar carries its own ``"acted": True``. Ships that leave an area otherwise (shot
down, removed by a card) are taken from the ones not yet activated first: the attacker would pick one that
can still act. The record is emptied when the turn passes to the next player and when the fleet jumps.
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine.options import PER_TURN, SHIP_ACTIVATION_LIMIT
from games.bsg.engine.state import State

TOKENS = ("raider", "heavy_raider")


def limited(state: State) -> bool:
    """Whether a ship activated earlier in this turn is skipped (the table's ``ship_activation_limit``)."""
    return bool(state["options"].get(SHIP_ACTIVATION_LIMIT, PER_TURN) == PER_TURN)


def empty() -> dict[str, dict[str, int]]:
    return {ship: {} for ship in TOKENS}


def acted(state: State, ship: str, area: str) -> int:
    """How many ``ship`` tokens in ``area`` were activated this turn (none while the limit is off)."""
    if not limited(state):
        return 0
    return min(int(state["acted"][ship].get(area, 0)), int(state["space"][area][ship]))


def due(state: State, ship: str, area: str) -> int:
    """How many ``ship`` tokens in ``area`` an activation may still activate."""
    return int(state["space"][area][ship]) - acted(state, ship, area)


def mark(state: State, ship: str, area: str) -> None:
    """One ``ship`` token activated this turn now stands in ``area`` (where it acted, or moved to)."""
    if limited(state):
        record = state["acted"][ship]
        record[area] = record.get(area, 0) + 1


def settle(state: State, area: str) -> None:
    """After tokens left ``area`` other than by their activation: the ones not activated went first."""
    for ship in TOKENS:
        record = state["acted"][ship]
        if area in record:
            left = min(record[area], state["space"][area][ship])
            if left:
                record[area] = left
            else:
                del record[area]


def basestar_due(state: State, basestar: dict[str, Any]) -> bool:
    return not (limited(state) and basestar.get("acted"))


def mark_basestar(state: State, basestar: dict[str, Any]) -> None:
    if limited(state):
        basestar["acted"] = True


def forget(state: State) -> None:
    """A new turn (or a jump that took every ship away): no ship has been activated."""
    state["acted"] = empty()
    for where in state["space"].values():
        for basestar in where["basestar"]:
            basestar.pop("acted", None)
