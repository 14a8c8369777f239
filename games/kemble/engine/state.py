"""The game state: a plain JSON dict, copied once per command, plus the mutation context ``Ctx``.

Layout (all positions are 1-based ``[row, col]``; row 1 is the top of the play area, columns count
quadrants from the left, so a row of W cards has 2W columns):

- ``board``: rows top to bottom; each row a list of card slots
  ``{"card": id | None, "flip": bool, "cover": [c, c], "marks": [[seat...], [seat...]]}`` where a cover is
  None (uncovered), a sensor card id, or "" (covered while the sensor piles were empty).
- ``players``: one dict per seat (see ``new_player``).
- ``decks``: ordered piles, top of a draw pile = last element.
- ``phase``: ``bid`` | ``turn`` | ``scroll`` | ``upkeep`` | ``over``; ``turn`` holds the active turn.
- ``prompts``: open sub-decisions (side step, wormhole, mosquito swap), first one answered first.
"""

from __future__ import annotations

from typing import Any

from games.engine.core.context import Ctx as Ctx
from games.engine.core.context import copy_state as copy_state

State = dict[str, Any]
Player = dict[str, Any]

START_ENERGY = 5  # R10
BASE_MAX_ENERGY = 5  # R34


def new_player(seat: int, colour: str) -> Player:
    return {
        "seat": seat,
        "colour": colour,
        "team": None,
        "energy": START_ENERGY,
        "threat": [0, 0],  # (level, partial points toward the next level), R33
        "bellonium": 0,
        "glory": 0,
        "upgrades": {},  # type -> level
        "facing": "n",  # R10: the Rotary Cage faces the top
        "pos": None,  # None = off the board (astral, or not yet entered in round 1)
        "hand": [],  # sensor cards
        "bid": None,
        "played": None,
        "powerups": [],
        "mission": None,
        "mission_done": False,
        "achievements": [],
        "tokens": {},  # str(giver seat) -> PvP tokens of that giver on this board (R30)
        "stats": {},
        "tstats": {},  # this player's stats within their current/last turn
        "overload_costs": [1, 2],  # this round's costs (R23, sensor text R14)
        "round_moves": 0,  # sensor "extra move" for this round
        "round_fires": 0,
        "shield_bonus": 0,  # from power-ups, used at the next threat resolution
        "destroyed": 0,
        "resigned": False,
    }




def bump_stat(p: Player, stat: str, amount: int = 1) -> None:
    p["stats"][stat] = p["stats"].get(stat, 0) + amount
    p["tstats"][stat] = p["tstats"].get(stat, 0) + amount


def team_of(state: State, seat: int) -> list[int]:
    """The seats sharing power-ups with ``seat`` (Wingmen, R83), itself included."""
    team = state["players"][seat]["team"]
    if team is None:
        return [seat]
    return [p["seat"] for p in state["players"] if p["team"] == team]


def active_seats(state: State) -> list[int]:
    return [p["seat"] for p in state["players"] if not p["resigned"]]


def next_key(state: State) -> None:
    """A new decision replaced the open one: bump the counter its key is built from."""
    state["dseq"] += 1
