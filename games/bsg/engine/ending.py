"""The end of the game (bsg:R708, R709): the winning side, every loyalty card turned face up."""

from __future__ import annotations

from typing import Any

from games.bsg.engine.state import Ctx, is_cylon, next_key


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
    cylons = [p["seat"] for p in state["players"] if is_cylon(state, p["seat"])]
    state["result"] = {"winner": winner, "reason": reason, "cylons": cylons}
    next_key(state)
    ctx.emit("game_over", winner=winner, reason=reason, loyalty=loyalty)
