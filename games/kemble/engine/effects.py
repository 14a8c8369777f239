"""The closed effect vocabulary of data/SCHEMA.md section 9, interpreted generically for any card.

Each verb is one small handler in ``HANDLERS``; ``SUPPORTED_VERBS`` lists them for the data tests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from games.kemble.engine import threat
from games.kemble.engine.state import Ctx, Player, bump_stat

Handler = Callable[[Ctx, int, dict[str, Any], str], None]

def _amount(eff: dict[str, Any]) -> int:
    return int(eff.get("amount", 0))


def _my_turn(ctx: Ctx, seat: int) -> dict[str, Any] | None:
    turn = ctx.state["turn"]
    return turn if turn is not None and turn["seat"] == seat else None


def _gain_glory(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    ctx.player(seat)["glory"] += _amount(eff)
    ctx.emit("glory_gained", seat=seat, amount=_amount(eff), source=source)


def _gain_bellonium(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    p = ctx.player(seat)
    p["bellonium"] += _amount(eff)
    bump_stat(p, "bellonium_gained", _amount(eff))
    ctx.emit("bellonium_gained", seat=seat, amount=_amount(eff), source=source)


def _lose_bellonium(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    p = ctx.player(seat)
    lost = min(_amount(eff), p["bellonium"])
    p["bellonium"] -= lost
    ctx.emit("bellonium_lost", seat=seat, amount=lost, source=source)


def _gain_energy(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    from games.kemble.engine.ship import gain_energy

    gain_energy(ctx, seat, _amount(eff), source)


def _lose_energy(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    from games.kemble.engine.destruction import damage_ship

    damage_ship(ctx, seat, _amount(eff), source)


def _add_threat(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    threat.give_threat(ctx, seat, _amount(eff), source)


def _reduce_threat(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    p = ctx.player(seat)
    threat.reduce_levels(p, _amount(eff))
    ctx.emit("threat_reduced", seat=seat, levels=_amount(eff), level=p["threat"][0], source=source)


def _budget(turn_key: str, round_key: str, ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    """Extra moves / fire actions: this turn if it is yours, else your turn of this round (sensor texts).
    (Bound with ``partial`` in HANDLERS rather than made by a factory at import time, so that what it does
    runs, and is tested, on every call.)"""
    turn = _my_turn(ctx, seat)
    if turn is not None:
        turn[turn_key] += _amount(eff)
    else:
        ctx.player(seat)[round_key] += _amount(eff)


def _free_overloads(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    turn = _my_turn(ctx, seat)
    if turn is not None:
        turn["free_overloads"] += _amount(eff)


def _overload_costs(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    ctx.player(seat)["overload_costs"] = [int(eff["first"]), int(eff["second"])]  # R14, R23


def _free_rotation(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    turn = _my_turn(ctx, seat)
    if turn is not None:
        turn["free_rotation"] = True


def _draw_powerups(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    from games.kemble.engine.economy import draw_powerups

    draw_powerups(ctx, seat, _amount(eff), source)


def _shield(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    player: Player = ctx.player(seat)
    player["shield_bonus"] += _amount(eff)


def _end_glory(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    """Scored by scoring.final_scores at the end (R55); nothing happens when drawn or played."""


HANDLERS: dict[str, Handler] = {
    "gain_glory": _gain_glory, "gain_bellonium": _gain_bellonium, "lose_bellonium": _lose_bellonium,
    "gain_energy": _gain_energy, "lose_energy": _lose_energy, "add_threat": _add_threat,
    "reduce_threat": _reduce_threat, "extra_moves": partial(_budget, "moves", "round_moves"),
    "extra_fire": partial(_budget, "fires", "round_fires"), "free_overloads": _free_overloads,
    "overload_costs": _overload_costs, "free_rotation": _free_rotation, "draw_powerups": _draw_powerups,
    "shield": _shield, "end_glory": _end_glory,
}
SUPPORTED_VERBS: frozenset[str] = frozenset(HANDLERS)


def apply_effects(ctx: Ctx, seat: int, effects: Iterable[dict[str, Any]], source: str) -> None:
    for eff in effects:
        apply_effect(ctx, seat, eff, source)


def apply_effect(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
    HANDLERS[eff["verb"]](ctx, seat, eff, source)  # content.py accepts only the verbs of HANDLERS
