"""The closed effect vocabulary of data/SCHEMA.md section 9, interpreted generically for any card.

Each verb is one small handler in ``HANDLERS``; ``SUPPORTED_VERBS`` lists them for the data tests.
Drawing power-ups lives here too (R38): an "immediate" power-up applies its effects as it is drawn, and an
effect may draw power-ups, so the two recurse within this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from games.kemble.engine import decks, threat
from games.kemble.engine.content import CONTENT
from games.kemble.engine.destruction import damage_ship
from games.kemble.engine.ship import gain_energy
from games.kemble.engine.state import Ctx, Player, bump_stat, team_of

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
    gain_energy(ctx, seat, _amount(eff), source)


def _lose_energy(ctx: Ctx, seat: int, eff: dict[str, Any], source: str) -> None:
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


def draw_powerups(ctx: Ctx, seat: int, count: int, source: str) -> None:
    """Draw power-ups into the (team) hand; "immediate" cards resolve at once, even in Power Down (R38)."""
    for _ in range(count):
        card = decks.draw_powerup_card(ctx)
        if card is None:
            ctx.emit("powerup_deck_exhausted", seat=seat)
            return
        pu = CONTENT.powerups[card]
        seen = frozenset(team_of(ctx.state, seat))
        if pu.timing == "immediate":
            ctx.emit("powerup_drawn", seat=seat, card=card, source=source)
            ctx.emit("powerup_played", seat=seat, card=card, immediate=True)
            ctx.state["decks"]["powerup_discard"].append(card)
            apply_effects(ctx, seat, pu.effects, card)
            continue
        ctx.player(seat)["powerups"].append(card)
        ctx.emit("powerup_drawn", visible_to=seen, redacted={"seat": seat, "source": source}, seat=seat, card=card,
                 source=source)
