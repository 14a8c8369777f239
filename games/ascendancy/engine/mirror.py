"""Dark Mirror (R276, RULINGS A44, B43): the player opposite moves the explorer's ships, then may start a battle.

The exploration card (effect ``control_ships``, resolved in movement.py) calls ``dark_mirror`` through
``effects.MECHANICS``; the two decisions it opens (``dark_mirror_move``, ``dark_mirror_battle``) belong to the
controlling seat and are answered here.
"""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import battle, board, effects, movement, vulcans
from games.ascendancy.engine.state import Ctx, State, bump, live_seats
from games.engine.core import Command

PROMPTS = ("dark_mirror_move", "dark_mirror_battle")
RULE = "ascendancy:R276"


def opposite(state: State, seat: int) -> list[int]:
    """The seats sitting opposite ``seat`` around the table, in seat order, among the players still in the game
    (RULINGS B43: the Exterminated and Assimilated are skipped, as for "the player to your right", R258): one
    with an even count, the two across with an odd count, none when the explorer plays alone."""
    seats = live_seats(state)
    if seat not in seats or len(seats) < 2:
        return []
    i, n = seats.index(seat), len(seats)
    across = (
        {seats[(i + n // 2) % n]} if n % 2 == 0 else {seats[(i + n // 2) % n], seats[(i + n // 2 + 1) % n]}
    )
    return sorted(across - {seat})


def group(state: State, seat: int, sector: str) -> list[str]:
    """The explorer's units in ``sector``: each loose ship, then each fleet."""
    p = state["players"][seat]
    return [f"ship:{sector}"] * int(p["ships"].get(sector, 0)) + [
        f"fleet:{fid}" for fid in sorted(p["fleets"]) if p["fleets"][fid]["sector"] == sector
    ]


def dark_mirror(ctx: Ctx, seat: int, sid: str) -> None:
    """Resolve the card: choose the controller (the seeded RNG between the two across, logged) and ask him
    where the explorer's ships in ``sid`` go. Nobody opposite, no ship there or another decision open: the
    card does nothing (logged)."""
    s = ctx.state
    sector = board.sys_sector(sid)
    across = opposite(s, seat)
    if not across or not group(s, seat, sector) or s["prompt"] is not None:
        ctx.emit("dark_mirror_idle", seat=seat, system=sid)
        return
    controller = across[ctx.rng.below(len(across))] if len(across) > 1 else across[0]
    ctx.emit("dark_mirror", seat=seat, controller=controller, system=sid, among=across)
    s["prompt"] = {"kind": "dark_mirror_move", "seat": controller, "owner": seat, "at": sector}
    bump(s)


def move_options(state: State) -> list[str]:
    """Where the group may go: E16's reach of an Impulse move of the owner's (2 sectors along the lanes on
    the map, never into or through a sector that would stop it or need a third player's passage)."""
    prompt = state["prompt"]
    units = group(state, prompt["owner"], prompt["at"])
    return vulcans.meddle_targets(state, prompt["owner"], units[0]) if units else []


def battle_targets(state: State, owner: int, sector: str) -> list[str]:
    """R85, R87: sectors Adjacent to the group's (its own included) holding another player's ships. Only in
    the explorer's own turn (the battle is his, on his turn's battle slot) and with no battle under way."""
    turn = state["turn"]
    if turn is None or turn.get("seat") != owner or turn.get("battle") or not group(state, owner, sector):
        return []
    candidates = [sector, *board.neighbours(state, sector)]
    return sorted(
        t
        for t in set(candidates)
        if board.adjacent(state, sector, t) and [x for x in board.present(state, t) if x != owner]
    )


def prompt_commands(state: State, seat: int) -> list[Command]:
    prompt = state["prompt"]
    if prompt["kind"] == "dark_mirror_move":
        return [Command(seat, "mirror_move", {"to": to}) for to in move_options(state)] + [
            Command(seat, "mirror_stay")
        ]
    return [Command(seat, "mirror_attack", {"target": t}) for t in prompt["targets"]] + [
        Command(seat, "mirror_hold")
    ]


def answer(ctx: Ctx, seat: int, kind: str, args: dict[str, Any]) -> None:
    """The controller's answers (already checked against ``prompt_commands``)."""
    s = ctx.state
    prompt = s["prompt"]
    s["prompt"] = None
    bump(s)
    owner, sector = int(prompt["owner"]), str(prompt["at"])
    if kind == "mirror_attack":
        ctx.emit("dark_mirror_attacks", seat=seat, owner=owner, target=args["target"])
        battle.start_space_battle(ctx, owner, args["target"], [sector], betrayal=False)
        return
    if kind == "mirror_hold":
        ctx.emit("dark_mirror_holds", seat=seat, owner=owner)
        return
    if kind == "mirror_move":
        sector = _move(ctx, seat, owner, sector, str(args["to"]))
    else:
        ctx.emit("dark_mirror_stays", seat=seat, owner=owner, at=sector)
    targets = battle_targets(s, owner, sector)
    if targets and s["prompt"] is None and s["phase"] == "turn":
        s["prompt"] = {
            "kind": "dark_mirror_battle",
            "seat": seat,
            "owner": owner,
            "at": sector,
            "targets": targets,
        }
        bump(s)


def _move(ctx: Ctx, seat: int, owner: int, src: str, dst: str) -> str:
    """Every unit of the group moves to ``dst``, one at a time, each ending its move there as an Impulse move
    of the owner's (his hazards, Research, Exploration, Romulan mines: R212's "the results are his")."""
    s = ctx.state
    p = ctx.player(owner)
    units = group(s, owner, src)
    ctx.emit("dark_mirror_moves", seat=seat, owner=owner, src=src, dst=dst, ships=board.ships_in(p, src))
    turn = s["turn"]
    saved = turn.get("move")
    for unit in units:
        if movement.unit_at(p, unit) != src:
            continue
        movement._relocate(p, unit, src, dst)
        mover = unit if unit.startswith("fleet:") else "ship"
        turn["move"] = {"unit": mover, "kind": "impulse", "at": dst, "left": 0, "moved": True, "warp": None}
        movement.finish_move(ctx, owner)
    turn["move"] = saved
    from games.ascendancy.engine.rounds import update_contact

    update_contact(ctx)
    return dst


effects.MECHANICS.update(dark_mirror=dark_mirror)

__all__ = ["PROMPTS", "answer", "dark_mirror", "opposite", "prompt_commands"]
