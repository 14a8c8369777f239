"""Card piles: drawing with reshuffles, covers from the sensor pile (kemble:R5, R15, R37, A32)."""

from __future__ import annotations

from typing import Any

from games.kemble.engine.state import Ctx


def draw_sensor(ctx: Ctx) -> str | None:
    """Top sensor card; an empty pile is refilled by shuffling the discard (R15, also for covers, A32)."""
    decks = ctx.state["decks"]
    if not decks["sensor"] and decks["sensor_discard"]:
        decks["sensor"] = ctx.rng.shuffled(decks["sensor_discard"])
        decks["sensor_discard"] = []
        ctx.emit("sensor_pile_reshuffled", size=len(decks["sensor"]))
    ctx.revealing = True
    return decks["sensor"].pop() if decks["sensor"] else None


def draw_powerup_card(ctx: Ctx) -> str | None:
    decks = ctx.state["decks"]
    if not decks["powerup"] and decks["powerup_discard"]:
        decks["powerup"] = ctx.rng.shuffled(decks["powerup_discard"])
        decks["powerup_discard"] = []
        ctx.emit("powerup_deck_reshuffled", size=len(decks["powerup"]))
    ctx.revealing = True
    return decks["powerup"].pop() if decks["powerup"] else None


def powerups_available(ctx_state: dict[str, Any]) -> bool:
    decks = ctx_state["decks"]
    return bool(decks["powerup"] or decks["powerup_discard"])
