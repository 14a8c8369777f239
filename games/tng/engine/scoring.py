"""The Result of an ended game: its ranking and score breakdown (tng:R39, R42, R58; RULINGS B26, B29).
The end itself is in ending.py."""

from __future__ import annotations

from typing import Any

from games.engine.core import Result
from games.tng.engine.content import card
from games.tng.engine.ending import mission_points, side_mp
from games.tng.engine.state import State, team_of


def breakdown(state: State, seat: int) -> dict[str, Any]:
    p = state["players"][seat]
    out = {"total": mission_points(p), "ships": 0, "missions": 0, "events": 0, "allies": 0,
           "cards": len(p["points"])}
    for inst in p["points"]:
        c = card(inst)
        key = {"ship": "ships", "mission": "missions", "event": "events", "ally": "allies"}.get(c.type)
        if key:
            out[key] += c.mp
    if p["team"] is not None:
        out["team_total"] = side_mp(state, seat)
    return out


def build_result(state: State) -> Result:
    end = state["end"]
    winners = frozenset(end["winners"])
    scores = {p["seat"]: breakdown(state, p["seat"]) for p in state["players"]}
    n = state["n"]
    if state["scenario"] == "borg" and state["options"].get("borg_teams") != "teams":
        return Result(winners=winners, reason=end["reason"], ranking=[sorted(range(n))], scores=scores,
                      teams=[list(range(n))], cooperative=True)
    if state["scenario"] == "borg":  # RULINGS B29: two teams race; the winners (if any) rank first
        won = [x for x in range(n) if x in winners]
        lost = [x for x in range(n) if x not in winners]
        return Result(winners=winners, reason=end["reason"], ranking=[g for g in (won, lost) if g], scores=scores,
                      teams=[sorted(team_of(state, 0)), sorted(team_of(state, 1))])
    teams: list[list[int]] = []
    if any(p["team"] is not None for p in state["players"]):
        teams = [sorted(team_of(state, 0)), sorted(team_of(state, 1))]

    def key(x: int) -> tuple[int, int]:
        return (0 if x in winners else 1, -side_mp(state, x))

    ranking: list[list[int]] = []
    for x in sorted(range(n), key=key):
        if ranking and key(ranking[-1][0]) == key(x):
            ranking[-1].append(x)
        else:
            ranking.append([x])
    tiebreak = "tiebreak_shared" if len(winners) > 1 and not teams else ""
    return Result(winners=winners, reason=end["reason"], ranking=ranking, scores=scores, tiebreak=tiebreak,
                  teams=teams)
