"""Answering skill checks in advance (bsg:R501 step 4, RULINGS G43): a seat's standing pass.

A seat may, at any time (an interrupt), pass in advance on the check in progress (``pass_this_check``) or on
every check until its own next turn begins (``pass_until_my_turn``), or stop passing (``off``). When a check
waits on a seat with a standing pass, the engine finishes that seat's contribution at once, with the cards it
already put in (none, usually), and logs that it passed in advance. The order itself is the seat's secret.

``state["standing"]``: ``{"<seat>": turn_no it was given on}`` for ``pass_until_my_turn``;
``state["check"]["passing"]``: the seats passing on that check alone (gone with the check).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine.state import Ctx, State, next_key
from games.engine.core import IllegalCommand

RULE = "bsg:R501"
MODES = ("pass_this_check", "pass_until_my_turn", "off")


def _passing(state: State) -> list[int]:
    """The seats passing on the check in progress alone (read only)."""
    check = state["check"]
    found: list[int] = [] if check is None else list(check.get("passing", []))
    return found


def still_to_answer(state: State, seat: int) -> bool:
    """The check in progress has not had this seat's contribution yet."""
    check = state["check"]
    return check is not None and seat in check["order"][check["at"] :]


def mode_of(state: State, seat: int) -> str:
    """The seat's standing order as it stands: ``pass_this_check``, ``pass_until_my_turn`` or ``off``."""
    if seat in _passing(state) and still_to_answer(state, seat):
        return "pass_this_check"
    if str(seat) in state.get("standing", {}):
        return "pass_until_my_turn"
    return "off"


def options(state: State, seat: int) -> list[dict[str, Any]]:
    """The standing orders the seat may give now (interrupts)."""
    if state["phase"] != "turn":
        return []
    mode = mode_of(state, seat)
    out: list[dict[str, Any]] = []
    if mode != "pass_this_check" and still_to_answer(state, seat):
        out.append({"kind": "check_standing", "mode": "pass_this_check"})
    if mode != "pass_until_my_turn":
        out.append({"kind": "check_standing", "mode": "pass_until_my_turn"})
    if mode != "off" or seat in _passing(state):
        out.append({"kind": "check_standing", "mode": "off"})
    return out


def set_order(ctx: Ctx, seat: int, mode: str) -> None:
    """Give, change or withdraw the seat's standing pass. Seen by the seat alone."""
    state = ctx.state
    if mode not in MODES:
        raise IllegalCommand("bad_argument", "", argument="mode")
    if {"kind": "check_standing", "mode": mode} not in options(state, seat):
        raise IllegalCommand("standing_order_not_possible", RULE, mode=mode)
    orders: dict[str, int] = state.setdefault("standing", {})
    orders.pop(str(seat), None)
    if state["check"] is not None:
        state["check"]["passing"] = [s for s in _passing(state) if s != seat]
    if mode == "pass_this_check":
        state["check"]["passing"].append(seat)
    elif mode == "pass_until_my_turn":
        orders[str(seat)] = state["turn_no"]
    next_key(state)
    ctx.emit(f"standing_{mode}", visible_to=frozenset({seat}), seat=seat)


def in_force(state: State, seat: int) -> bool:
    """A pass on every check until one's next turn never covers a check of one's own turn: the current
    player still decides (RULINGS G43)."""
    if seat in _passing(state):
        return True
    return str(seat) in state.get("standing", {}) and state["current"] != seat


def lapse(ctx: Ctx) -> None:
    """A ``pass_until_my_turn`` order ends when its seat's next turn begins."""
    state = ctx.state
    orders = state.get("standing") or {}
    current = str(state["current"])
    if state["phase"] == "turn" and current in orders and orders[current] < state["turn_no"]:
        del orders[current]
        ctx.emit("standing_order_lapsed", visible_to=frozenset({state["current"]}), seat=state["current"])


def apply(ctx: Ctx, waiting: int | None) -> bool:
    """Finish the contribution of the seat the check waits on (``waiting``, when the check is its open
    decision) if it passes in advance; True when it did."""
    state = ctx.state
    if waiting is None or not in_force(state, waiting):
        return False
    check = state["check"]
    check["at"] += 1
    check["passing"] = [s for s in _passing(state) if s != waiting]
    next_key(state)
    ctx.emit("check_passed_in_advance", seat=waiting, count=len(check["played"][str(waiting)]))
    return True


__all__ = ["MODES", "apply", "in_force", "lapse", "mode_of", "options", "set_order"]
