"""Missions and achievements, checked after every command (kemble:R53, R54, RULINGS A24)."""

from __future__ import annotations

from games.kemble.engine.content import CONTENT, UPGRADE_WEAPONS, Goal
from games.kemble.engine.state import Ctx, Player, State


def state_stat(p: Player, stat: str) -> int:
    if stat == "bellonium":
        return int(p["bellonium"])
    if stat == "energy":
        return int(p["energy"]) if p["pos"] is not None else 0
    if stat == "glory":
        return int(p["glory"])
    if stat == "upgrade_levels":
        return sum(p["upgrades"].values())
    if stat == "weapons_owned":
        return sum(1 for w in UPGRADE_WEAPONS if p["upgrades"].get(w))
    if stat == "powerups_held":
        return len(p["powerups"])
    if stat == "in_top_row":
        return 1 if p["pos"] is not None and p["pos"][0] == 1 else 0
    return int(p["threat"][0])  # threat_level


def goal_value(state: State, p: Player, goal: Goal) -> int:
    if goal.scope == "now":
        return state_stat(p, goal.stat)
    if goal.scope == "turn":
        turn = state["turn"]
        if turn is None or turn["seat"] != p["seat"]:
            return 0
        return int(p["tstats"].get(goal.stat, 0))
    return int(p["stats"].get(goal.stat, 0))


def met(state: State, p: Player, goal: Goal) -> bool:
    return not p["resigned"] and goal_value(state, p, goal) >= goal.at_least


def check_goals(ctx: Ctx) -> None:
    """Award completed missions, then achievements; one command is one "same time" (R54)."""
    state = ctx.state
    if state["phase"] == "over":
        return
    for p in state["players"]:
        if p["mission"] and not p["mission_done"] and met(state, p, CONTENT.missions[p["mission"]]):
            goal = CONTENT.missions[p["mission"]]
            p["mission_done"] = True  # R53: covered, no new mission
            p["glory"] += goal.glory
            ctx.emit("mission_completed", seat=p["seat"], mission=goal.id, glory=goal.glory)
    while _claim_one(ctx):  # a card revealed for a claimed one is looked at at once (second audit, R54)
        pass


def _claim_one(ctx: Ctx) -> bool:
    """Award the first face-up achievement somebody meets and reveal its replacement; False if none is met."""
    state = ctx.state
    decks = state["decks"]
    for ach in list(decks["achievements_up"]):
        goal = CONTENT.achievements[ach]
        winners = [p["seat"] for p in state["players"] if met(state, p, goal)]
        if not winners:
            continue
        for seat in winners:
            state["players"][seat]["glory"] += goal.glory
        idx = decks["achievements_up"].index(ach)
        if len(winners) == 1:
            state["players"][winners[0]]["achievements"].append(ach)
        else:
            decks["box"].append(ach)  # R54: shared achievements go back to the box
        ctx.emit("achievement_claimed", seats=winners, achievement=ach, glory=goal.glory, shared=len(winners) > 1)
        if decks["achievement"]:
            new = decks["achievement"].pop()
            decks["achievements_up"][idx] = new
            ctx.emit("achievement_revealed", achievement=new)
        else:
            decks["achievements_up"].pop(idx)
        return True
    return False
