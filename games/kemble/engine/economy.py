"""Bellonium, buying upgrades and power-ups, the Merchant, playing power-ups (kemble:R35-R40, R78)."""

from __future__ import annotations

from games.engine.core import IllegalCommand
from games.kemble.engine import decks
from games.kemble.engine.content import CONTENT, UPGRADE_TYPES
from games.kemble.engine.effects import apply_effects, draw_powerups
from games.kemble.engine.ship import gain_energy
from games.kemble.engine.state import Ctx, State, bump_stat, team_of


def upgrade_price(state: State, kind: str, level: int) -> int:
    """Price of ``level`` (1-based) of an upgrade; Tunnel Vision turret levels cost 3 (R82)."""
    if kind == "turret" and state["options"]["tunnel_vision"]:
        return CONTENT.prices["tunnel_vision_turret_price"]
    return int(CONTENT.upgrades[kind]["levels"][level - 1]["price"])


def upgrade_refusal(state: State, seat: int, kind: str) -> IllegalCommand | None:
    """Why ``seat`` may not buy the next level of ``kind`` now (None: it may). R36, R86."""
    if kind not in UPGRADE_TYPES:
        return IllegalCommand("unknown_upgrade", "kemble:R36", upgrade=kind)
    if kind == "engine" and state["options"]["tunnel_deck"]:
        return IllegalCommand("engine_not_sold", "kemble:R86")
    p = state["players"][seat]
    have = p["upgrades"].get(kind, 0)
    levels = len(CONTENT.upgrades[kind]["levels"])
    if have >= levels:
        return IllegalCommand("upgrade_at_max_level", "kemble:R36", upgrade=kind, level=have)
    if have == 0 and state["upgrade_piles"][kind] <= 0:
        return IllegalCommand("upgrade_sold_out", "kemble:R36", upgrade=kind)
    price = upgrade_price(state, kind, have + 1)
    if p["bellonium"] < price:
        return IllegalCommand("not_enough_bellonium", "kemble:R39", price=price, have=p["bellonium"])
    return None


def buy_upgrade(ctx: Ctx, seat: int, kind: str) -> None:
    """R36: one card per type; each level is paid separately; some levels give glory; Generator R78."""
    refusal = upgrade_refusal(ctx.state, seat, kind)
    if refusal is not None:
        raise refusal
    p = ctx.player(seat)
    level = p["upgrades"].get(kind, 0) + 1
    price = upgrade_price(ctx.state, kind, level)
    p["bellonium"] -= price
    if level == 1:
        ctx.state["upgrade_piles"][kind] -= 1
    p["upgrades"][kind] = level
    bump_stat(p, "upgrade_levels_bought")
    ctx.emit("upgrade_bought", seat=seat, upgrade=kind, level=level, price=price)
    glory = int(CONTENT.upgrades[kind]["levels"][level - 1].get("glory", 0))
    if glory:
        p["glory"] += glory
        ctx.emit("glory_gained", seat=seat, amount=glory, source="upgrade")
    if kind == "generator" and level == 1:
        gain_energy(ctx, seat, 1, "generator")  # R78: after the maximum is raised to 6
    turn = ctx.state["turn"]
    if kind == "engine" and turn is not None and turn["seat"] == seat and turn["mode"] in ("astral", "battle"):
        # R81 "you get an extra move during the turn": an Engine bought on the Merchant or before entering
        # moves the ship this very turn, as a weapon bought there fires at once (audit).
        before = CONTENT.upgrades["engine"]["levels"][level - 2]["moves"] if level > 1 else 0
        turn["moves"] += int(CONTENT.upgrades["engine"]["levels"][level - 1]["moves"]) - int(before)


def powerup_refusal(state: State, seat: int) -> IllegalCommand | None:
    price = CONTENT.prices["powerup_price"]
    p = state["players"][seat]
    if p["bellonium"] < price:
        return IllegalCommand("not_enough_bellonium", "kemble:R37", price=price, have=p["bellonium"])
    if not decks.powerups_available(state):
        return IllegalCommand("powerup_deck_empty", "kemble:R37")
    return None


def buy_powerup(ctx: Ctx, seat: int) -> None:
    """R37: a random power-up from the top of the deck for 2 Bellonium."""
    refusal = powerup_refusal(ctx.state, seat)
    if refusal is not None:
        raise refusal
    p = ctx.player(seat)
    price = CONTENT.prices["powerup_price"]
    p["bellonium"] -= price
    ctx.emit("powerup_bought", seat=seat, price=price)
    draw_powerups(ctx, seat, 1, "bought")


def play_powerup(ctx: Ctx, seat: int, card: str) -> None:
    """R38: from your own (or, Wingmen R83, your partner's) hand, during your own Battle or astral turn."""
    owner = next((s for s in team_of(ctx.state, seat) if card in ctx.player(s)["powerups"]), None)
    if owner is None:
        raise IllegalCommand("powerup_not_in_hand", "kemble:R38", card=card)
    pu = CONTENT.powerups[card]
    if pu.timing != "turn":
        raise IllegalCommand("powerup_not_playable", "kemble:R38", card=card)
    ctx.player(owner)["powerups"].remove(card)
    ctx.state["decks"]["powerup_discard"].append(card)
    bump_stat(ctx.player(seat), "powerups_played")
    ctx.emit("powerup_played", seat=seat, card=card, owner=owner, immediate=False)
    apply_effects(ctx, seat, pu.effects, card)
