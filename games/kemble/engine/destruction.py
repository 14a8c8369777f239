"""Damage to ships, destruction and the astral state (kemble:R49, R50, R51)."""

from __future__ import annotations

from games.kemble.engine.state import Ctx, bump_stat


def damage_ship(ctx: Ctx, seat: int, amount: int, cause: str) -> bool:
    """Energy damage; reaching 0 destroys the ship at once (R49). Returns True if it was destroyed."""
    p = ctx.player(seat)
    if amount <= 0 or p["pos"] is None:
        return False
    p["energy"] = max(0, p["energy"] - amount)
    ctx.emit("ship_damaged", seat=seat, amount=amount, energy=p["energy"], cause=cause)
    if p["energy"] == 0:
        destroy_player(ctx, seat, cause)
        return True
    return False


def destroy_player(ctx: Ctx, seat: int, cause: str) -> None:
    """R50: remove the ship (astral), 2 glory to every on-board player, 1 per PvP token to its giver."""
    state = ctx.state
    victim = ctx.player(seat)
    victim["pos"] = None
    victim["energy"] = 0
    victim["threat"] = [0, 0]  # RULINGS A17
    victim["destroyed"] += 1
    ctx.emit("ship_destroyed", seat=seat, cause=cause)
    for p in state["players"]:
        if p["pos"] is not None and p["seat"] != seat:
            p["glory"] += 2
            ctx.emit("glory_gained", seat=p["seat"], amount=2, source="destruction")
    for giver, count in sorted(victim["tokens"].items()):
        g = ctx.player(int(giver))
        g["glory"] += count
        bump_stat(g, "players_destroyed")
        ctx.emit("glory_gained", seat=g["seat"], amount=count, source="pvp_tokens")
    victim["tokens"] = {}
    # Claims and open sub-decisions of the destroyed ship lapse.
    state["prompts"] = [pr for pr in state["prompts"] if pr["seat"] != seat]
    turn = state["turn"]
    if turn is not None and turn["seat"] == seat:
        turn["ended"] = True  # R50.1: the current player's turn ends immediately
        turn["claim"] = None
    if state["options"]["solo"]:
        state["solo_failed"] = True
