"""The end of the game (bsg:R708, R709): the winning side, every loyalty card turned face up."""

from __future__ import annotations

from typing import Any

from games.bsg.engine import motives
from games.bsg.engine.state import CONTENT, Ctx, State, is_cylon, next_key


def agenda_met(state: State, seat: int, winner: str) -> bool:
    """R805: the Leader's Agenda card is met: its side won and every condition holds at the end (RULINGS
    G59)."""
    p = state["players"][seat]
    agenda = CONTENT.agendas[p["agenda"]] if p.get("agenda") else None
    if agenda is None or agenda.side != winner:
        return False
    for cond in agenda.conditions:
        kind = cond["kind"]
        if kind == "infiltrated" and p["cylon"]:
            return False
        if kind == "outside_brig" and p["location"] in ("brig", "detention"):  # and Detention (R805, R825)
            return False
        if kind == "resource_at_most" and state["resources"][cond["resource"]] > cond["amount"]:
            return False
        if kind == "resource_at_least" and state["resources"][cond["resource"]] < cond["amount"]:
            return False
        if kind == "galactica_damaged_at_least" and len(state["damage"]) < cond["amount"]:
            return False
        if kind == "pegasus_destroyed" and not state.get("pegasus", {}).get("destroyed"):
            return False
        if kind == "boarding_at_least" and len(state["boarding"]) < cond["amount"]:
            return False
    return True


def end_game(ctx: Ctx, winner: str, reason: str) -> None:
    """The end reveals every loyalty card (issue 16) and names the winning side."""
    state = ctx.state
    state["phase"] = "over"
    state["step"] = None
    state["prompt"] = None
    state["check"] = None
    state["discards"] = []
    state["forced"] = {}
    state["activation"] = None
    if "standing" in state:  # no check comes any more: the standing passes lapse (RULINGS G43)
        state["standing"] = {}
    loyalty: dict[str, Any] = {}
    for p in state["players"]:
        p["revealed"] += p["loyalty"]
        p["loyalty"] = []
        loyalty[str(p["seat"])] = list(p["revealed"])
    # Leaders (an Agenda, or Motive cards with Daybreak: R804), Sympathetic Cylons (R406)
    leaders = [p["seat"] for p in state["players"] if p.get("agenda") or motives.holder(p)]
    cylons = [p["seat"] for p in state["players"] if is_cylon(state, p["seat"]) and p["seat"] not in leaders]
    state["result"] = {"winner": winner, "reason": reason, "cylons": cylons}
    if leaders:  # R805: each Leader shows his Agenda and wins by it alone; R804: or by his Motives
        motives.reveal_at_end(ctx)  # R711 step 3 (RULINGS G138)
        state["result"]["leaders"] = {
            str(s): motives.wins(state, s, winner) if motives.holder(state["players"][s])
            else agenda_met(state, s, winner) for s in leaders}
        agendas = {str(s): state["players"][s]["agenda"] for s in leaders if state["players"][s].get("agenda")}
        if agendas:
            ctx.emit("agendas_revealed", agendas=agendas, met={s: state["result"]["leaders"][s] for s in agendas})
        for s in leaders:
            if motives.holder(state["players"][s]):
                ctx.emit("motives_won" if state["result"]["leaders"][str(s)] else "motives_lost", seat=s)
    next_key(state)
    ctx.emit("game_over", winner=winner, reason=reason, loyalty=loyalty)
