"""Cylon Leaders (bsg:R802, R803, R805; RULINGS G58-G61): infiltrating the humans and coming back.

A Leader is a revealed Cylon from the start (``p["cylon"]``, ``p["leader"]``), with his sheet always in force
(traits.py) and his sheet's action ability besides the Cylon locations' actions (characters.py). Standing in
the Human Fleet, as his action, he may **infiltrate** (R311, R803): he moves to a human location of his choice
and is a human player for every rule until he leaves (``p["cylon"]`` false): he draws a Crisis card, 3 Skill
cards of his set in Receive Skills (turns.py), puts at most 2 cards into a check (checks.py), never holds a
title (effects.py, quorum.py) and uses normal Skill cards' text, not Treachery (skill_actions.py). As his
action he may **return** to the Resurrection Ship (R803h), which ends the infiltration; from the Brig he
keeps only 3 Skill cards of his choice.

Daybreak's Athena starts infiltrated (``infiltrated`` on her sheet, setup.py; RULINGS G196); her Resolute
activates Cylon locations from anywhere (revealed.py), the Human Fleet's infiltration among them, infiltrated
not onto Galactica (R803j, G197).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import daybreak, earth, loyalty, planet, turns
from games.bsg.engine.state import CONTENT, Ctx, State, infiltrator, next_key
from games.bsg.engine.traits import resolute
from games.engine.core import IllegalCommand

HUMAN_FLEET = "human_fleet"
#: R803h: a Leader leaving the Brig keeps this many Skill cards
KEEP_FROM_BRIG = 3


def infiltrate_targets(state: State, seat: int) -> list[str]:
    """The human locations a Leader standing in the Human Fleet may infiltrate (R803): any in play that one
    may move to of his own will (not Sickbay, not the Brig, R214); not a destroyed Colonial One's (R318), the Rebel
    Basestar's only once in play human side up (R1060-R1062). With Resolute (Athena, R803j, RULINGS G197) the
    Human Fleet is activated from anywhere, infiltrated too: then not onto Galactica, nor where she stands."""
    p = state["players"][seat]
    if not infiltrator(p):
        return []
    barred = None
    if not (p["cylon"] and p["location"] == HUMAN_FLEET):
        effect = resolute(state, seat)
        if effect is None or not daybreak.location_in_play(state, HUMAN_FLEET):
            return []
        barred = None if p["cylon"] else effect.get("infiltrated_not_onto")
    closed = "colonial_one" if planet.active(state) else None  # R826: never Colonial One during New Caprica
    return sorted(loc.id for loc in CONTENT.locations.values()
                  if earth.ship_side(state, loc.ship) == "human" and not loc.hazardous
                  and daybreak.location_in_play(state, loc.id) and loc.ship not in (closed, barred)
                  and loc.id != p["location"])


def infiltrate(ctx: Ctx, seat: int, location: str) -> None:
    if location not in infiltrate_targets(ctx.state, seat):
        raise IllegalCommand("cannot_infiltrate", "bsg:R803", location=location)
    p = ctx.player(seat)
    if not p["cylon"]:  # Resolute's Human Fleet, infiltrated already (R803j): she moves, her turn goes on
        p["location"] = location
        ctx.emit("character_moved", seat=seat, location=location)
        turns.go_to(ctx, "crisis")
        return
    p["cylon"] = False
    p["location"] = location
    ctx.emit("leader_infiltrated", seat=seat, location=location)
    turns.go_to(ctx, "crisis")  # a human player now: his turn goes on with a Crisis card (R803b)


def return_options(state: State, seat: int) -> list[dict[str, Any]]:
    p = state["players"][seat]
    return [{}] if infiltrator(p) and not p["cylon"] else []


def return_to_resurrection(ctx: Ctx, seat: int) -> None:
    """R803h (RULINGS A26, G60): back to the Resurrection Ship, a revealed Cylon again; from the Brig he
    discards down to 3 Skill cards of his choice, and so from New Caprica's Detention. The Quorum cards on him are discarded (G42)."""
    state = ctx.state
    if not return_options(state, seat):
        raise IllegalCommand("not_infiltrated", "bsg:R803")
    p = ctx.player(seat)
    excess = len(p["hand"]) - KEEP_FROM_BRIG
    if p["location"] in ("brig", planet.board().roles["brig"]) and excess > 0:  # R803h: the Brig or Detention
        state["forced"][str(seat)] = excess
        next_key(state)
    loyalty.leave_the_human_side(ctx, seat)
    loyalty.leave_infiltration(ctx, seat)
    turns.go_to(ctx, "crisis")  # a revealed Cylon again: no Crisis card, the turn ends (R232)
