"""Ferengi console rules played as a Command of the turn: Only Latinum Remains, buying Culture with
Production (R192, RULINGS A25: during the Ferengi's own turn, either phase, as often as paid). The price is
the console's ``convert`` effect (``when`` ``own_turn``)."""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine.state import Ctx, Player, State, civ_effects
from games.engine.core import IllegalCommand


def _convert(p: Player) -> dict[str, Any] | None:
    return next((e for e in civ_effects(p, "convert") if e.get("when") == "own_turn"), None)


def check_buy_culture(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    eff = _convert(p)
    if eff is None:
        raise IllegalCommand("ferengi_only", "ascendancy:R192")
    if state["turn"]["move"] is not None:
        raise IllegalCommand("finish_the_move", "ascendancy:R44")
    if any(p["resources"][r] < int(n) for r, n in eff["pay"].items()):
        raise IllegalCommand("not_enough_resources", "ascendancy:R192", cost=dict(eff["pay"]))


def buy_culture(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    eff = _convert(p)
    assert eff is not None
    for res, n in eff["pay"].items():
        p["resources"][res] -= int(n)
    for res, n in eff["get"].items():
        p["resources"][res] += int(n)
    ctx.emit("culture_bought", seat=seat, culture=int(eff["get"].get("culture", 0)),
             production=int(eff["pay"].get("production", 0)))
