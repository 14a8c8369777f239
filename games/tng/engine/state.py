"""The game state: one plain JSON dict, copied once per command, plus the mutation context ``Ctx``.

Layout (top of every draw pile = last element):

- ``players``: one dict per seat (see ``new_player``): ``ship`` (a card instance) and its ``damage``,
  ``deck`` / ``hand`` / ``discard`` / ``played`` / ``points`` / ``influence`` piles, the per-turn ``xp``,
  ``shield_used`` and ``boost``, and the Borg flags (``defeated`` this round, ``assimilated``, ``done``,
  ``acted``, ``discard_phase``: took the Discard Phase this group turn).
- ``starbase``: ``deck``, ``search`` (9 slots, None when nothing could refill it), ``discard``, ``basic``
  (kind -> pile), ``ensigns`` (the Ensign supply).
- ``space``: ``deck``, ``missions`` (at most 2), ``revealed`` (face-up cards being resolved or waiting this
  turn), ``box`` (removed from the game), ``cubes`` (defeated Borg Cubes), ``borg`` (the Borg Card Area).
- ``removed``: player cards removed from the game (starting cards discarded, assimilated players' cards).
- ``phase``: ``turn`` (one player's turn), ``group`` (Borg group turn) or ``over``; ``turn`` / ``group``
  hold the per-turn counters; ``stage`` an open sub-decision (battle, event goal, mission choice...).
"""

from __future__ import annotations

from typing import Any

from games.engine.core.context import Ctx as Ctx
from games.engine.core.context import copy_state as copy_state

State = dict[str, Any]
Player = dict[str, Any]

HAND_SIZE = 5  # R8, R18
SEARCH_SLOTS = 9  # R5
MAX_MISSIONS = 2  # R21



def new_player(seat: int, ship: str, team: int | None) -> Player:
    return {
        "seat": seat, "team": team, "ship": ship, "damage": 0, "deck": [], "hand": [], "discard": [],
        "played": [], "points": [], "influence": [], "ability": None, "ability_used": False, "xp": 0,
        "shield_used": 0, "boost": {}, "defeated": False, "assimilated": False, "done": False, "acted": False,
        "resigned": False, "discard_phase": False,
    }




def bump(state: State) -> None:
    """A new decision replaced the open one: change the key it is built from."""
    state["dseq"] += 1


def in_game(state: State) -> list[int]:
    """Seats still playing (not assimilated, not resigned)."""
    return [p["seat"] for p in state["players"] if not p["assimilated"] and not p["resigned"]]


def group_seats(state: State) -> list[int]:
    """The players of the group whose turn it is: everyone in the game, or in Borg team play (R55a.1,
    RULINGS B29) the team taking its group turn."""
    live = in_game(state)
    group = state.get("group")
    if state["phase"] == "group" and group is not None and group.get("team") is not None:
        return [s for s in live if state["players"][s]["team"] == group["team"]]
    return live


def teams_play(state: State) -> bool:
    """R55a.1 (RULINGS B29): teams taking separate group turns (option ``borg_teams: teams``)."""
    return bool(state["options"].get("borg_teams") == "teams")


def fighters(state: State) -> list[int]:
    """Players who may act or fight now: in the game and not defeated this round (R47)."""
    return [s for s in group_seats(state) if not state["players"][s]["defeated"]]


def out_of_reach(state: State, seat: int) -> bool:
    """The player cannot interact with the other players until the next group turn: their ship was defeated
    (R47, RULINGS B32) or they took the Discard Phase (R46.3, RULINGS B33). (``get``: a state saved before the
    Discard Phase flag existed.)"""
    p = state["players"][seat]
    return bool(p["defeated"] or p.get("discard_phase", False))


def actors(state: State) -> list[int]:
    return [s for s in fighters(state) if not state["players"][s]["done"]]


def borg_area(state: State, seat: int | None = None) -> list[str]:
    """The Borg Card Area of ``seat``'s group (R45): the one area, or in Borg team play (RULINGS B29) the area
    of the seat's team (``seat`` None: of the team taking its group turn)."""
    sp = state["space"]
    areas = sp.get("borg_areas")
    if not areas:
        found: list[str] = sp["borg"]
        return found
    if seat is not None:
        team = state["players"][seat]["team"]
    else:
        group = state.get("group") or {}
        team = group.get("team") or 0
    mine: list[str] = areas[team]
    return mine


def team_of(state: State, seat: int) -> list[int]:
    team = state["players"][seat]["team"]
    if team is None:
        return [seat]
    return [p["seat"] for p in state["players"] if p["team"] == team]


def clockwise_from(state: State, start: int) -> list[int]:
    """Seats in play order starting at ``start`` (R8, R25 clockwise = increasing seat numbers)."""
    n = state["n"]
    return [(start + i) % n for i in range(n)]


def pop_space(state: State) -> str:
    """Draw the top card of the Space Deck. ``space.unknown`` counts the top cards whose order nobody knows
    (cards put under the deck later are known to everyone: see secrets.py)."""
    sp = state["space"]
    inst: str = sp["deck"].pop()
    sp["unknown"] = min(max(0, sp["unknown"] - 1), len(sp["deck"]))
    return inst
