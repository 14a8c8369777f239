"""The Vulcan Agenda (setup 2.1.9, R200): two cards, one revealed, one secret; completing either wins."""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import ambassadors, catalog
from games.ascendancy.engine.state import Ctx, Player, State, bump

AGENDAS: dict[str, dict[str, Any]] = catalog.AGENDAS


def deal(ctx: Ctx) -> bool:
    """Deal two Agenda cards to each Vulcan; True when a reveal decision is now open."""
    s = ctx.state
    vulcans = [p for p in s["players"] if p["civ"] == "vulcan"]
    if not vulcans:
        return False
    s["agenda_deck"] = ctx.rng.shuffled(sorted(AGENDAS))
    for p in vulcans:
        p["agendas"] = [s["agenda_deck"].pop(), s["agenda_deck"].pop()]
        p["agenda_public"] = None
    s["phase"] = "agenda"
    bump(s)
    return True


def goal_met(state: State, p: Player, card: str) -> bool:
    goal = AGENDAS[card]["goal"]
    kind = goal["kind"]
    seat = p["seat"]
    rivals = [q for q in state["players"] if q["seat"] != seat and not q["exterminated"]]
    mine = [sid for sid, s in state["systems"].items() if s["control"] == seat]
    if kind == "rival_advancements":  # A21
        own = {p["civ"], catalog.BORG_TECH_CIV}  # RULINGS B26: a Borg Tech card is never a rival's
        owners = {catalog.ADVANCEMENTS[a["card"]]["civ"] for a in p["advancements"]} - own
        done = sum(1 for a in p["advancements"] if catalog.ADVANCEMENTS[a["card"]]["civ"] not in own)
        need = len(rivals) if state["n"] <= 4 else 3
        return done >= int(goal["count"]) and len(owners) >= need
    if kind == "trade_agreements":
        return sum(1 for h in p["trade_held"].values() if not h["exhausted"]) >= int(goal["count"])
    if kind == "peace_with_all":
        return all(str(q["seat"]) in p["trade_held"] for q in rivals)
    if kind == "controlled_systems":
        return len(mine) >= int(goal["count"])
    if kind == "systems_with_node":
        return sum(1 for sid in mine if goal["node"] in state["systems"][sid]["nodes"]) >= int(goal["count"])
    if kind == "advancements":
        cat = goal.get("category")
        return sum(1 for a in p["advancements"] if cat is None or catalog.ADVANCEMENTS[a["card"]]["category"] == cat
                   ) >= int(goal["count"])
    if kind == "phenomena_research":
        return int(p.get("phenomena_research", 0)) >= int(goal["count"])
    if kind == "resources":
        return all(p["resources"][r] >= n for r, n in goal["bundle"].items())
    if kind == "independents_peaceful":
        return int(p.get("independents_peaceful", 0)) >= int(goal["count"])
    if kind == "ambassadors":  # one per system (RULINGS E13), so each is in a different system
        return len(ambassadors.in_play(state, seat)) >= int(goal["count"])
    return False


def agenda_won(state: State, p: Player) -> bool:
    return any(goal_met(state, p, card) for card in p.get("agendas", []))
