"""The closed effect vocabulary of data/SCHEMA.md section 9, interpreted generically for any card."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.engine.core.errors import RulesError
from games.engine.kemble import threat
from games.engine.kemble.state import Ctx, bump_stat

#: Named engine routines for ``{"verb": "custom", "name": ...}`` (the escape hatch; keep this short).
CUSTOM: dict[str, Callable[[Ctx, int, dict[str, Any]], None]] = {}


def apply_effects(ctx: Ctx, seat: int, effects: Iterable[dict[str, Any]], source: str) -> None:
    for eff in effects:
        apply_effect(ctx, seat, eff, source)


def apply_effect(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    from games.engine.kemble.destruction import damage_ship
    from games.engine.kemble.economy import draw_powerups
    from games.engine.kemble.ship import gain_energy

    p = ctx.player(seat)
    verb = eff["verb"]
    amount = int(eff.get("amount", 0))
    turn = ctx.state["turn"]
    my_turn = turn is not None and turn["seat"] == seat
    if verb == "gain_glory":
        p["glory"] += amount
        ctx.emit("glory_gained", seat=seat, amount=amount, source=source)
    elif verb == "gain_bellonium":
        p["bellonium"] += amount
        bump_stat(p, "bellonium_gained", amount)
        ctx.emit("bellonium_gained", seat=seat, amount=amount, source=source)
    elif verb == "lose_bellonium":
        lost = min(amount, p["bellonium"])
        p["bellonium"] -= lost
        ctx.emit("bellonium_lost", seat=seat, amount=lost, source=source)
    elif verb == "gain_energy":
        gain_energy(ctx, seat, amount, source)
    elif verb == "lose_energy":
        damage_ship(ctx, seat, amount, source)
    elif verb == "add_threat":
        threat.give_threat(ctx, seat, amount, source)
    elif verb == "reduce_threat":
        threat.reduce_levels(p, amount)
        ctx.emit("threat_reduced", seat=seat, levels=amount, level=p["threat"][0], source=source)
    elif verb == "extra_moves":
        if my_turn:
            turn["moves"] += amount
        else:
            p["round_moves"] += amount  # a sensor text: for this round's turn (R14)
    elif verb == "extra_fire":
        if my_turn:
            turn["fires"] += amount
        else:
            p["round_fires"] += amount
    elif verb == "free_overloads":
        if my_turn:
            turn["free_overloads"] += amount
    elif verb == "overload_costs":
        p["overload_costs"] = [int(eff["first"]), int(eff["second"])]
    elif verb == "free_rotation":
        if my_turn:
            turn["free_rotation"] = True
    elif verb == "draw_powerups":
        draw_powerups(ctx, seat, amount, source)
    elif verb == "shield":
        p["shield_bonus"] += amount
    elif verb == "end_glory":
        pass  # scored by scoring.final_scores (R55)
    elif verb == "custom":
        routine = CUSTOM.get(eff["name"])
        if routine is None:
            raise RulesError(f"unknown custom effect {eff['name']!r}")
        routine(ctx, seat, eff)
    else:  # pragma: no cover - content.py rejects unknown verbs
        raise RulesError(f"unknown verb {verb!r}")
