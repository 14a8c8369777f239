"""What each seat may see (kemble:R13 secret bids, R37 secret power-ups, 7 hidden information) and the
zones the site mirrors.

View JSON shape (``seat`` None = spectator, public only)::

    {"you": seat|None, "round", "phase", "width", "rows", "cols",
     "board": [[{"card", "flipped", "covered": [bool, bool], "marks": [[seat], [seat]]}, ...], ...],
     "players": [{"seat", "colour", "team", "energy", "max_energy", "threat": {"level", "partial"},
                  "bellonium", "glory", "upgrades", "facing", "pos": [row, col]|None, "astral",
                  "hand_count", "hand"?, "chosen", "bid"?, "played", "powerup_count", "powerups"?,
                  "mission", "mission_done", "mission_progress", "achievements", "tokens", "resigned",
                  "overload_costs"}],
     "order", "turn": {...}|None, "prompt": {...}|None, "boss", "warning", "boss_parts": {"total", "destroyed"},
     "decks": {name: count}, "achievements_up", "upgrade_piles", "final": scores|None}

``hand``/``bid`` appear only for the seat itself, ``powerups`` for the seat and its Wingmen partner.
"""

from __future__ import annotations

from typing import Any

from games.engine.core import Zone
from games.kemble.engine import board
from games.kemble.engine.content import CONTENT
from games.kemble.engine.goals import goal_value
from games.kemble.engine.ship import max_energy
from games.kemble.engine.state import State, team_of


def view(state: State, seat: int | None) -> dict[str, Any]:
    players = []
    for p in state["players"]:
        s = p["seat"]
        mine = seat is not None and s == seat
        team = seat is not None and seat in team_of(state, s)
        entry: dict[str, Any] = {
            "seat": s, "colour": p["colour"], "team": p["team"], "energy": p["energy"], "max_energy": max_energy(p),
            "threat": {"level": p["threat"][0], "partial": p["threat"][1]}, "bellonium": p["bellonium"],
            "glory": p["glory"], "upgrades": dict(p["upgrades"]), "facing": p["facing"],
            "pos": list(p["pos"]) if p["pos"] is not None else None, "astral": p["pos"] is None,
            "hand_count": len(p["hand"]), "chosen": p["bid"] is not None, "played": p["played"],
            "powerup_count": len(p["powerups"]), "mission": p["mission"], "mission_done": p["mission_done"],
            "mission_progress": goal_value(state, p, CONTENT.missions[p["mission"]]) if p["mission"] else 0,
            "achievements": list(p["achievements"]), "tokens": dict(p["tokens"]), "resigned": p["resigned"],
            "overload_costs": list(p["overload_costs"]),
        }
        if mine:
            entry["hand"] = sorted(p["hand"])
            entry["bid"] = p["bid"]
        if team:
            entry["powerups"] = sorted(p["powerups"])
        players.append(entry)
    turn = state["turn"]
    turn_view = None
    if turn is not None:
        turn_view = {k: turn[k] for k in ("seat", "mode", "moves", "fires", "overloads", "weapons_used",
                                          "laser_shots", "damage", "claim", "wormhole", "merchant_paid")}
    decks = state["decks"]
    return {
        "you": seat, "round": state["round"], "phase": state["phase"], "width": state["width"],
        "rows": board.num_rows(state), "cols": board.num_cols(state),
        "board": [[_slot(slot) for slot in row] for row in state["board"]],
        "players": players, "order": list(state["order"]), "turn": turn_view,
        "prompt": dict(state["prompts"][0]) if state["prompts"] else None,
        "boss": state["boss"], "warning": state["warning"],
        "boss_parts": {"total": state["boss_parts"], "destroyed": state["boss_parts_destroyed"]},
        "decks": {k: len(decks[k]) for k in ("space", "space_discard", "sensor", "sensor_discard", "powerup",
                                             "powerup_discard", "mission", "achievement", "box")},
        "achievements_up": list(decks["achievements_up"]), "box": list(decks["box"]),
        "space_discard": list(decks["space_discard"]), "sensor_discard": list(decks["sensor_discard"]),
        "upgrade_piles": dict(state["upgrade_piles"]), "options": dict(state["options"]),
        "final": state["final"],
    }


def _slot(slot: dict[str, Any]) -> dict[str, Any]:
    """A card slot of the board as the view shows it (covers as booleans: what lies under is hidden)."""
    cover, marks = slot["cover"], slot["marks"]  # a card has two quadrants: no loops, it runs per slot
    return {"card": slot["card"], "flipped": slot["flip"],
            "covered": [cover[0] is not None, cover[1] is not None], "marks": [list(marks[0]), list(marks[1])]}


def zones(state: State) -> list[Zone]:
    d = state["decks"]
    out = [
        Zone("space_draw", tuple(d["space"]), visibility="hidden"),
        Zone("space_discard", tuple(d["space_discard"]), visibility="public"),
        Zone("sensor_draw", tuple(d["sensor"]), visibility="hidden"),
        Zone("sensor_discard", tuple(d["sensor_discard"]), visibility="public"),
        Zone("powerup_draw", tuple(d["powerup"]), visibility="hidden"),
        Zone("powerup_discard", tuple(d["powerup_discard"]), visibility="public"),
        Zone("mission_draw", tuple(d["mission"]), visibility="hidden"),
        Zone("achievement_draw", tuple(d["achievement"]), visibility="hidden"),
        Zone("achievements_up", tuple(d["achievements_up"]), visibility="public"),
        Zone("box", tuple(d["box"]), visibility="public"),
        Zone("board", tuple(s["card"] for row in state["board"] for s in row if s["card"]), visibility="public"),
        Zone("covers", tuple(c for row in state["board"] for s in row for c in s["cover"] if c),
             visibility="hidden"),
    ]
    if state["warning"]:
        out.append(Zone("boss_warning", (state["warning"],), visibility="public"))
    for p in state["players"]:
        s = p["seat"]
        team = frozenset(team_of(state, s))
        out.append(Zone(f"hand:{s}", tuple(sorted(p["hand"])), owner=s, visibility="owner"))
        out.append(Zone(f"bid:{s}", (p["bid"],) if p["bid"] else (), owner=s, visibility="owner"))
        out.append(Zone(f"played:{s}", (p["played"],) if p["played"] else (), owner=s, visibility="public"))
        if p["team"] is None:
            out.append(Zone(f"powerups:{s}", tuple(sorted(p["powerups"])), owner=s, visibility="owner"))
        else:
            out.append(Zone(f"powerups:{s}", tuple(sorted(p["powerups"])), owner=s, visibility="team",
                            seen_by=team))
        out.append(Zone(f"mission:{s}", (p["mission"],) if p["mission"] else (), owner=s, visibility="public"))
        out.append(Zone(f"achievements:{s}", tuple(p["achievements"]), owner=s, visibility="public"))
    return out
