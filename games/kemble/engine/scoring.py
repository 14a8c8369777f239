"""Final scoring and the result (kemble:R55, R83 Wingmen team glory, R84 solo, RULINGS A25, A26)."""

from __future__ import annotations

from typing import Any

from games.engine.core import Result
from games.kemble.engine.content import CONTENT
from games.kemble.engine.state import State


def final_scores(state: State) -> dict[str, dict[str, Any]]:
    """R55: glory, plus revealed glory power-ups, plus 1 per 3 unspent Bellonium (rounded down)."""
    out = {}
    for p in state["players"]:
        revealed = sorted(card for card in p["powerups"]
                          if any(e["verb"] == "end_glory" for e in CONTENT.powerups[card].effects))
        powerup_glory = sum(int(e.get("amount", 0)) for card in revealed
                            for e in CONTENT.powerups[card].effects if e["verb"] == "end_glory")
        bellonium_glory = p["bellonium"] // 3
        out[str(p["seat"])] = {
            "glory": p["glory"], "powerups": powerup_glory, "bellonium": bellonium_glory,
            "total": p["glory"] + powerup_glory + bellonium_glory,
            "energy": p["energy"] if p["pos"] is not None else 0,
            "achievements": len(p["achievements"]),
            "mission": bool(p["mission_done"]), "resigned": p["resigned"], "revealed_powerups": revealed,
        }
    return out


def _teams(state: State) -> list[list[int]]:
    teams: dict[int, list[int]] = {}
    singles = []
    for p in state["players"]:
        if p["team"] is None:
            singles.append([p["seat"]])
        else:
            teams.setdefault(p["team"], []).append(p["seat"])
    return [teams[k] for k in sorted(teams)] + singles


def build_result(state: State) -> Result:
    scores = state["final"]  # scroll.end_game records them as the game ends
    int_scores = {int(k): v for k, v in scores.items()}
    if state["options"]["solo"]:
        won = not state["solo_failed"]
        if state["options"]["solo_goal"] == "destroy_boss":
            won = won and 0 < state["boss_parts"] <= state["boss_parts_destroyed"]
        return Result(winners=frozenset({0}) if won else frozenset(), reason="solo_survived" if won else
                      "solo_destroyed", ranking=[[0]], scores=int_scores, cooperative=True)
    groups = _teams(state)

    def key(group: list[int]) -> tuple[int, int, int, int]:
        alive = 0 if all(int_scores[s]["resigned"] for s in group) else 1
        return (alive, sum(int_scores[s]["total"] for s in group), sum(int_scores[s]["energy"] for s in group),
                sum(int_scores[s]["achievements"] for s in group))

    ordered = sorted(groups, key=key, reverse=True)
    ranking: list[list[int]] = []
    last = None
    for g in ordered:
        k = key(g)
        if ranking and k == last:
            ranking[-1].extend(g)
        else:
            ranking.append(list(g))
        last = k
    tiebreak = ""
    if len(ordered) > 1:
        a, b = key(ordered[0]), key(ordered[1])
        if a[:2] == b[:2]:
            tiebreak = "tiebreak_energy" if a[2] != b[2] else (
                "tiebreak_achievements" if a[3] != b[3] else "tiebreak_shared")
    winners = frozenset(ranking[0])  # every game has a player, so a first group
    is_team = state["options"]["wingmen"]
    return Result(winners=winners, reason=state["end_reason"] or "final_scoring",
                  ranking=[sorted(r) for r in ranking], scores=int_scores, tiebreak=tiebreak,
                  teams=[sorted(g) for g in groups] if is_team else ())
