"""The Andorian console rules that are not combat dice: Andorian Pride at the start of the turn (R179) and
Andorian Field Testing after a Space Battle (R181). Both are read from the console's effects (``pride``,
``capture_ship`` ``on_win_battle``), so they follow the data, not the civilization's name."""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine.state import Ctx, civ_effects, shield_mod, weapons_roll


def pride(ctx: Ctx, seat: int) -> None:
    """R179: 1 Culture for the best Weapons or the best Shields in the galaxy, 2 for both. RULINGS A23, E10:
    Weapons compare the hit roll (lower is better), Shields the modifier; rivals are the other players still
    in the game; a tie counts unless the table option ``andorian_pride`` is ``strictly_best``."""
    s = ctx.state
    me = s["players"][seat]
    if not any(e.get("when", "turn_start") == "turn_start" for e in civ_effects(me, "pride")):
        return
    strict = s["options"].get("andorian_pride") == "strictly_best"
    rivals = [p for p in s["players"] if p["seat"] != seat and not p["exterminated"] and p["civ"]]
    mine_w, mine_s = weapons_roll(me), shield_mod(me)
    best_w = all(mine_w < weapons_roll(r) if strict else mine_w <= weapons_roll(r) for r in rivals)
    best_s = all(mine_s > shield_mod(r) if strict else mine_s >= shield_mod(r) for r in rivals)
    gain = int(best_w) + int(best_s)
    if gain:
        me["resources"]["culture"] += gain
        ctx.emit("andorian_pride", seat=seat, culture=gain)


def record_losses(battle: dict[str, Any], seat: int, lost: int) -> None:
    """Ships each side lost in this battle (for Field Testing)."""
    losses = battle.setdefault("lost", {})
    losses[str(seat)] = losses.get(str(seat), 0) + lost


def field_testing(ctx: Ctx, battle: dict[str, Any], winner: int) -> None:
    """R181: the winner of a Space Battle, Attacker or Defender, claims destroyed enemy ships (``amount``, at
    most as many as the enemy lost in this battle: RULINGS E21). Only player ships are counted, so a Borg Cube
    is never claimed."""
    wp = ctx.state["players"][winner]
    effects = [e for e in civ_effects(wp, "capture_ship") if e.get("when") == "on_win_battle"]
    if not effects:
        return
    losses: dict[str, int] = battle.get("lost", {})
    if winner == battle["attacker"]:
        enemy = sum(n for who, n in losses.items() if int(who) != winner)
    else:
        enemy = losses.get(str(battle["attacker"]), 0)
    claimed = min(enemy, sum(int(e["amount"]) for e in effects))
    if claimed > 0:
        wp["claimed_ships"] += claimed
        ctx.emit("andorian_field_testing", seat=winner, ships=claimed)
