"""What each seat may see (hidden information, digest section 8) and the zones the site mirrors.

View JSON shape (``seat`` None = spectator, public only)::

    {"you", "scenario", "phase", "round", "first", "options",
     "players": [{"seat", "team", "ship": {"card", "damage", "stats"}, "shields_left", "hand_count",
                  "hand"? (own seat only),
                  "deck_count", "discard", "played", "points", "mp", "influence", "xp", "ability",
                  "ability_used", "defeated", "assimilated", "done", "acted", "resigned", "discard_phase"}],
     "turn": {"seat", "phase", "searches", "explores", "allies"} | None,
     "group": {"searches", "step", "forced", "team"} | None,
     "stage": {"kind", "card", ...public details} | None,
     "starbase": {"deck_count", "search": [card|None x9], "discard", "basic": {kind: count}, "ensigns"},
     "space": {"deck_count", "missions", "revealed", "box", "cubes", "borg_area", "borg_areas", "queue"},
     "removed", "waiting_on": [seats], "end": {"reason", "winners"} | None,
     "quiet_rounds", "battles": [...]}

Keys added for the page (issue 4; also listed in RULINGS.md, "View keys for the page"):

- ``players[i].shields_left``: the damage that ship's Shields still stop this turn (R34; with the option
  ``shields: battle``, in the current battle). Public, like the ship and its damage.
- ``stage.hits`` (stage ``war_fire``): ``[[attacker, target], ...]``, the targets already chosen in the Speed
  group now firing; they land together when the group is complete (R30).
- ``battles``: the battles of the latest turn that had any (a later turn's battle replaces them), oldest
  first: ``{"kind": "ship" | "war" | "cube", "card", "round", "seat" (active seat, None in the Borg group
  turn), "over", "hits": [{"seat", "card", "target", "target_card", "amount", "absorbed", "taken",
  "defeated"}], ...}``. A hit comes from a player (``seat``) or a Space Deck ship / Cube (``card``) and lands
  on a player's ship (``target``) or on that ship / Cube (``target_card``); ``amount`` is the Attack fired,
  ``absorbed`` what Shields stopped, ``taken`` the damage marked, ``defeated`` whether it defeated the target.
  When over: ``enemy_defeated`` (ship, cube) or ``winner`` and ``defeated`` (war).
- ``quiet_rounds``: whole rounds since a card last entered a Points Area (the stalemate clock, RULINGS B14;
  the limit is ``options.stall_rounds``).
- ``players[i].discard_phase``: the player took the Discard Phase this Borg group turn and is out of the other
  players' reach until the next one (R46.3, RULINGS B33).
- Borg team play (RULINGS B29): ``group.team`` (the team taking its group turn, None with one group),
  ``space.borg_area`` (the Borg Card Area count of the team on turn), ``space.borg_areas`` (both teams'
  counts, None with one group).
"""

from __future__ import annotations

from typing import Any

from games.engine.core import Zone
from games.tng.engine.commands import pending
from games.tng.engine.ending import mission_points
from games.tng.engine.mechanics import shields_left, stats
from games.tng.engine.state import State, borg_area, in_game
from games.tng.engine.turns import quiet_rounds


def _stage_view(state: State) -> dict[str, Any] | None:
    stage = state["stage"]
    if stage is None:
        return None
    keep = ("kind", "card", "seat", "order", "idx", "passes", "played", "groups", "gi", "ai", "defeated", "ready",
            "maneuvers", "bonus", "remaining", "dealt", "held", "hits")
    return {k: stage[k] for k in keep if k in stage}


def view(state: State, seat: int | None) -> dict[str, Any]:
    players = []
    for p in state["players"]:
        s = p["seat"]
        entry: dict[str, Any] = {
            "seat": s, "team": p["team"],
            "ship": {"card": p["ship"], "damage": p["damage"], "stats": stats(state, s)},
            "shields_left": shields_left(state, s),
            "hand_count": len(p["hand"]), "deck_count": len(p["deck"]), "discard": list(p["discard"]),
            "played": list(p["played"]), "points": list(p["points"]), "mp": mission_points(p),
            "influence": list(p["influence"]), "xp": p["xp"], "ability": p["ability"],
            "ability_used": p["ability_used"], "defeated": p["defeated"], "assimilated": p["assimilated"],
            "done": p["done"], "acted": p["acted"], "resigned": p["resigned"],
            "discard_phase": bool(p.get("discard_phase", False)),
        }
        if seat is not None and s == seat:
            entry["hand"] = sorted(p["hand"])
        players.append(entry)
    turn = state["turn"]
    sb = state["starbase"]
    sp = state["space"]
    waiting: set[int] = set()
    for d in pending(state):
        waiting |= d.seats
    return {
        "you": seat, "scenario": state["options"]["scenario"], "phase": state["phase"], "round": state["round"],
        "first": state["first"], "options": dict(state["options"]), "players": players,
        "turn": ({k: turn[k] for k in ("seat", "phase", "searches", "explores", "allies")}
                 if turn is not None and state["phase"] == "turn" else None),
        "group": dict(state["group"]) if state["group"] is not None and state["phase"] == "group" else None,
        "stage": _stage_view(state),
        "starbase": {"deck_count": len(sb["deck"]), "search": list(sb["search"]), "discard": list(sb["discard"]),
                     "basic": {k: len(v) for k, v in sorted(sb["basic"].items())}, "ensigns": len(sb["ensigns"])},
        "space": {"deck_count": len(sp["deck"]), "missions": list(sp["missions"]), "revealed": list(sp["revealed"]),
                  "box": list(sp["box"]), "cubes": list(sp["cubes"]), "borg_area": len(borg_area(state)),
                  "borg_areas": [len(a) for a in sp["borg_areas"]] if sp.get("borg_areas") else None,
                  "queue": list(state["queue"])},
        "removed": list(state["removed"]), "in_game": in_game(state), "waiting_on": sorted(waiting),
        "quiet_rounds": quiet_rounds(state),
        "battles": [dict(b, hits=[dict(h) for h in b["hits"]]) for b in state.get("battles") or []],
        "end": dict(state["end"]) if state["end"] else None,
    }


def zones(state: State) -> list[Zone]:
    sb, sp = state["starbase"], state["space"]
    out = [
        Zone("starbase_deck", tuple(sb["deck"]), visibility="hidden"),
        Zone("search_area", tuple(c for c in sb["search"] if c), visibility="public"),
        Zone("starbase_discard", tuple(sb["discard"]), visibility="public"),
        Zone("ensigns", tuple(sb["ensigns"]), visibility="public"),
        Zone("space_deck", tuple(sp["deck"]), visibility="hidden"),
        Zone("missions", tuple(sp["missions"]), visibility="public"),
        Zone("space_revealed", tuple(sp["revealed"]), visibility="public"),
        Zone("space_queue", tuple(state["queue"]), visibility="public"),
        Zone("box", tuple(sp["box"]), visibility="public"),
        Zone("cubes_defeated", tuple(sp["cubes"]), visibility="public"),
        Zone("borg_area", tuple(sp["borg"]), visibility="public"),
        Zone("removed", tuple(state["removed"]), visibility="public"),
    ]
    for team, area in enumerate(sp.get("borg_areas") or []):  # Borg team play (RULINGS B29)
        out.append(Zone(f"borg_area:{team}", tuple(area), visibility="public"))
    for kind, pile in sorted(sb["basic"].items()):
        out.append(Zone(f"basic:{kind}", tuple(pile), visibility="public"))
    for p in state["players"]:
        s = p["seat"]
        out.append(Zone(f"ship:{s}", (p["ship"],), owner=s, visibility="public"))
        out.append(Zone(f"deck:{s}", tuple(p["deck"]), owner=s, visibility="hidden"))
        out.append(Zone(f"hand:{s}", tuple(sorted(p["hand"])), owner=s, visibility="owner"))
        for pile in ("discard", "played", "points", "influence"):
            out.append(Zone(f"{pile}:{s}", tuple(p[pile]), owner=s, visibility="public"))
    return out
