"""Ship values derived from upgrades (kemble:R78, R79, R80, R81) and energy gains (R58, R73)."""

from __future__ import annotations

from typing import Any

from games.kemble.engine.content import CONTENT
from games.kemble.engine.state import BASE_MAX_ENERGY, Ctx, Player, State


def level_value(p: Player, kind: str, key: str) -> Any:
    lvl = p["upgrades"].get(kind, 0)
    return CONTENT.upgrades[kind]["levels"][lvl - 1][key] if lvl else None


def max_energy(p: Player) -> int:
    """5, or the Generator's 6 / 7 (R34, R78)."""
    return level_value(p, "generator", "max_energy") or BASE_MAX_ENERGY


def recharge(p: Player) -> int:
    """Power Down recharge: 2, or 3 with a Generator (R34)."""
    return level_value(p, "generator", "recharge") or 2


def engine_moves(p: Player) -> int:
    """R81: +1 / +2 moves per Battle turn."""
    return level_value(p, "engine", "moves") or 0


def gain_energy(ctx: Ctx, seat: int, amount: int, source: str) -> None:
    """+energy capped at the maximum (R58, R73); astral players have no ship to charge."""
    p = ctx.player(seat)
    if p["pos"] is None or amount <= 0:
        return
    before = p["energy"]
    p["energy"] = min(max_energy(p), p["energy"] + amount)
    ctx.emit("energy_gained", seat=seat, amount=p["energy"] - before, energy=p["energy"], source=source)


def can_rotate(state: State, p: Player) -> bool:
    """Rotating needs the Rotary Cage / Turret (R26, R80); in Tunnel Vision it must be bought (R82)."""
    return int(p["upgrades"].get("turret", 0)) >= 1


def rotation_cost(state: State, p: Player) -> int:
    """R26: free while off the board or with Turret L2 or a free-rotation power-up; else 1 energy."""
    turn = state["turn"]
    if p["pos"] is None or p["upgrades"].get("turret", 0) >= 2:
        return 0
    if turn is not None and turn["seat"] == p["seat"] and turn["free_rotation"]:
        return 0
    return 1
