"""Moving: the 8 directions, entering from the bottom row, dodging, overloads, the turret, wormholes
(kemble:R19-R23, R26, R52, R64, R66, R71)."""

from __future__ import annotations

from games.engine.core import IllegalCommand
from games.kemble.engine import board, threat
from games.kemble.engine.content import DIRS4, DIRS8
from games.kemble.engine.destruction import damage_ship
from games.kemble.engine.ship import can_rotate, max_energy, rotation_cost
from games.kemble.engine.space import arrive, claim_reward, enterable, wormhole_targets
from games.kemble.engine.state import Ctx, State, bump_stat


def payment_refusal(state: State, seat: int, amount: int, rule: str) -> IllegalCommand | None:
    """Energy payments may not take the last energy unless the table allows it (RULINGS A15)."""
    p = state["players"][seat]
    if amount <= 0 or p["pos"] is None:
        return None
    if p["energy"] < amount or (p["energy"] == amount and not state["options"]["fatal_payments"]):
        return IllegalCommand("not_enough_energy", rule, cost=amount, energy=p["energy"])
    return None


def pay_energy(ctx: Ctx, seat: int, amount: int, reason: str) -> None:
    p = ctx.player(seat)
    if amount <= 0 or p["pos"] is None:
        return
    ctx.emit("energy_paid", seat=seat, amount=amount, reason=reason)
    damage_ship(ctx, seat, amount, reason)  # can destroy only with the fatal_payments option (R49)


def move_refusal(state: State, seat: int, direction: str) -> IllegalCommand | None:
    """R18/R19: a move needs a move left and an enterable neighbour on the board."""
    if direction not in DIRS8:
        return IllegalCommand("unknown_direction", "kemble:R19", direction=direction)
    p = state["players"][seat]
    if p["pos"] is None:
        return IllegalCommand("ship_not_on_board", "kemble:R22")
    if state["turn"]["moves"] <= 0:
        return IllegalCommand("no_move_left", "kemble:R18")
    r, c = board.step(p["pos"][0], p["pos"][1], direction)
    if not board.on_board(state, r, c):
        return IllegalCommand("off_board", "kemble:R19", direction=direction)
    if not enterable(state, r, c):
        return IllegalCommand("quadrant_blocked", "kemble:R19", row=r, col=c)
    return None


def move(ctx: Ctx, seat: int, direction: str) -> None:
    refusal = move_refusal(ctx.state, seat, direction)
    if refusal is not None:
        raise refusal
    p = ctx.player(seat)
    turn = ctx.state["turn"]
    turn["moves"] -= 1
    turn["wormhole"] = None
    threat.reduce_levels(p, 1)  # R21: each move dodges one threat level
    bump_stat(p, "moves")
    r, c = board.step(p["pos"][0], p["pos"][1], direction)
    ctx.emit("ship_moved", seat=seat, direction=direction, row=r, col=c, threat=p["threat"][0])
    arrive(ctx, seat, r, c, "move")


def enter(ctx: Ctx, seat: int, col: int) -> None:
    """R22: spend one move to enter any legal quadrant of the bottom row; R52: energy max - 1 on re-entry."""
    state = ctx.state
    p = ctx.player(seat)
    turn = state["turn"]
    if p["pos"] is not None:
        raise IllegalCommand("ship_already_on_board", "kemble:R22")
    if turn["moves"] <= 0:
        raise IllegalCommand("no_move_left", "kemble:R22")
    row = board.num_rows(state)
    if not enterable(state, row, col):
        raise IllegalCommand("quadrant_blocked", "kemble:R22", row=row, col=col)
    turn["moves"] -= 1
    if turn["mode"] == "astral":
        turn["mode"] = "battle"
        p["energy"] = max_energy(p) - 1  # R52.3
    bump_stat(p, "moves")
    ctx.emit("ship_entered", seat=seat, row=row, col=col, energy=p["energy"])
    arrive(ctx, seat, row, col, "enter")


def spend_move(ctx: Ctx, seat: int) -> None:
    """R66/R71: spend an extra move on a -M/-MM quadrant; it does not dodge threat."""
    turn = ctx.state["turn"]
    claim = turn["claim"]
    p = ctx.player(seat)
    if claim is None or claim["pos"] != p["pos"]:
        raise IllegalCommand("nothing_to_claim", "kemble:R71")
    if turn["moves"] <= 0:
        raise IllegalCommand("no_move_left", "kemble:R71")
    turn["moves"] -= 1
    claim["left"] -= 1
    ctx.emit("extra_move_spent", seat=seat, left=claim["left"])
    if claim["left"] <= 0:
        turn["claim"] = None
        claim_reward(ctx, seat, p["pos"][0], p["pos"][1])


def overload_cost(state: State, seat: int) -> int:
    """R23: 1 then 2; sensor texts replace the pair; Generator L2 caps the second at 1 (RULINGS A22)."""
    p = state["players"][seat]
    turn = state["turn"]
    if turn["free_overloads"] > 0:
        return 0
    n = turn["overloads"]
    cost = int(p["overload_costs"][n])
    if n == 1 and p["upgrades"].get("generator", 0) >= 2:
        cost = min(cost, 1)
    return cost


def overload_refusal(state: State, seat: int) -> IllegalCommand | None:
    if state["players"][seat]["pos"] is None:
        # R23: an overload is paid in energy; a ship not yet in the play area (round 1) has nothing to pay
        # with yet, so it overloads after entering (audit: it used to be free before the entry).
        return IllegalCommand("ship_not_on_board", "kemble:R23")
    if state["turn"]["overloads"] >= 2:
        return IllegalCommand("overload_limit", "kemble:R23")
    return payment_refusal(state, seat, overload_cost(state, seat), "kemble:R23")


def overload(ctx: Ctx, seat: int, gain: str) -> None:
    """R23: pay energy for one extra move or fire action; at most 2 per turn."""
    if gain not in ("move", "fire"):
        raise IllegalCommand("bad_overload_choice", "kemble:R23", choice=gain)
    refusal = overload_refusal(ctx.state, seat)
    if refusal is not None:
        raise refusal
    turn = ctx.state["turn"]
    cost = overload_cost(ctx.state, seat)
    if turn["free_overloads"] > 0:
        turn["free_overloads"] -= 1
    turn["overloads"] += 1
    turn["moves" if gain == "move" else "fires"] += 1
    bump_stat(ctx.player(seat), "overloads")
    ctx.emit("ship_overloaded", seat=seat, gain=gain, cost=cost, count=turn["overloads"])
    pay_energy(ctx, seat, cost, "overload")


def rotate_refusal(state: State, seat: int, direction: str) -> IllegalCommand | None:
    p = state["players"][seat]
    if direction not in DIRS4:
        return IllegalCommand("diagonal_fire_forbidden", "kemble:R24", direction=direction)
    if not can_rotate(state, p):
        return IllegalCommand("no_rotary_turret", "kemble:R82")
    if direction == p["facing"]:
        return IllegalCommand("already_facing", "kemble:R26", direction=direction)
    return payment_refusal(state, seat, rotation_cost(state, p), "kemble:R26")


def rotate(ctx: Ctx, seat: int, direction: str) -> None:
    """R26: turn the weapons to an orthogonal direction (1 energy on board with L1; free with L2/astral)."""
    refusal = rotate_refusal(ctx.state, seat, direction)
    if refusal is not None:
        raise refusal
    p = ctx.player(seat)
    cost = rotation_cost(ctx.state, p)
    p["facing"] = direction
    bump_stat(p, "rotations")
    ctx.emit("turret_rotated", seat=seat, direction=direction, cost=cost)
    pay_energy(ctx, seat, cost, "rotation")


def teleport(ctx: Ctx, seat: int, row: int, col: int) -> None:
    """R64: jump to another visible, unoccupied wormhole; not a move, no dodge."""
    if [row, col] not in wormhole_targets(ctx.state, seat):
        raise IllegalCommand("bad_wormhole_target", "kemble:R64", row=row, col=col)
    p = ctx.player(seat)
    bump_stat(p, "wormhole_jumps")
    ctx.emit("ship_teleported", seat=seat, row=row, col=col)
    turn = ctx.state["turn"]
    if turn is not None and turn["seat"] == seat:
        turn["wormhole"] = None
    arrive(ctx, seat, row, col, "teleport")
