"""Space effects: what happens on entering a quadrant, covers and flips (kemble:R20, R28, R57-R73)."""

from __future__ import annotations

from games.kemble.engine import board, decks
from games.kemble.engine.boss import trigger_destroyed, trigger_entered
from games.kemble.engine.content import CONTENT, NO_ENTRY, side
from games.kemble.engine.destruction import damage_ship, destroy_player
from games.kemble.engine.effects import draw_powerups
from games.kemble.engine.ship import gain_energy
from games.kemble.engine.state import Ctx, State, bump_stat, next_key

#: Arrivals a player chose (they may spend -M moves and use wormholes on their own turn).
CHOSEN = ("move", "enter")


def cover(ctx: Ctx, r: int, c: int) -> None:
    """Cover a quadrant whose object stopped existing with a sensor card from the draw pile (1.5, R28)."""
    slot, half = board.slot_of(ctx.state, r, c)
    card = decks.draw_sensor(ctx)
    slot["cover"][half] = card if card is not None else ""
    ctx.emit("quadrant_covered", row=r, col=c)


def remove_object(ctx: Ctx, r: int, c: int) -> None:
    """An object stops existing: flip its card if it is a Flip card (R28, RULINGS A11), else cover it."""
    slot, _half = board.slot_of(ctx.state, r, c)
    q = board.quad(ctx.state, r, c)
    if q.object == "boss_part" and q.energy is not None:
        ctx.state["boss_parts_destroyed"] += 1  # for the solo goal "destroy_boss" (R84)
    card = slot["card"]
    if card is not None and not slot["flip"] and CONTENT.card(card).back is not None:
        flip_card(ctx, r, (c - 1) // 2 + 1)
    else:
        cover(ctx, r, c)


def flip_card(ctx: Ctx, row: int, card_col: int) -> None:
    state = ctx.state
    slot = state["board"][row - 1][card_col - 1]
    for half in (0, 1):
        if slot["cover"][half]:
            state["decks"]["sensor_discard"].append(slot["cover"][half])
        slot["cover"][half] = None
    slot["flip"] = True
    slot["marks"] = [[], []]
    if state["turn"] is not None:  # R27 (RULINGS A11): the back shows new objects, this turn's damage is gone
        for half in (1, 2):
            state["turn"]["damage"].pop(f"{row},{2 * (card_col - 1) + half}", None)
    ctx.emit("card_flipped", row=row, card_col=card_col, card=slot["card"])
    back = side(slot["card"], True)
    pay_global_bellonium(ctx, sum(q.global_bellonium for q in back))  # R72, RULINGS A30
    for half in (0, 1):
        col = 2 * (card_col - 1) + half + 1
        seat = board.ship_at(state, row, col)
        if seat is not None:
            arrive(ctx, seat, row, col, "flip")


def pay_global_bellonium(ctx: Ctx, symbols: int) -> None:
    """R42/R72: each revealed Global Bellonium symbol gives 1 to every player in the play area."""
    if symbols <= 0:
        return
    for p in ctx.state["players"]:
        if p["pos"] is not None:
            p["bellonium"] += symbols
            bump_stat(p, "bellonium_gained", symbols)
            ctx.emit("bellonium_gained", seat=p["seat"], amount=symbols, source="global")


def enterable(state: State, r: int, c: int) -> bool:
    """R19: may a ship deliberately move (or enter) onto this quadrant?"""
    if not board.on_board(state, r, c) or board.ship_at(state, r, c) is not None:
        return False
    q = board.quad(state, r, c)
    if q.object in NO_ENTRY:
        return False
    if q.object in ("boss_part", "mini_boss") and q.energy is None:
        return False
    return not (q.object == "black_hole" and state["options"]["black_hole_entry"] == "forbidden")


def arrive(ctx: Ctx, seat: int, r: int, c: int, how: str) -> None:
    """Resolve the quadrant a ship just reached (R20). ``how``: move, enter, push, side, teleport, flip."""
    state = ctx.state
    p = ctx.player(seat)
    other = next((o["seat"] for o in state["players"]
                  if o["seat"] != seat and o["pos"] is not None and o["pos"] == [r, c]), None)
    p["pos"] = [r, c]
    ctx.emit("ship_arrived", seat=seat, row=r, col=c, how=how)
    q = board.quad(state, r, c)
    if other is not None:
        bump(ctx, seat, r, c, "ship")  # R61
        return
    obj = q.object
    if q.special:
        trigger_entered(ctx, seat, q.special)
        if p["pos"] != [r, c]:
            return
    if obj in NO_ENTRY or (obj in ("boss_part", "mini_boss") and q.energy is None):
        bump(ctx, seat, r, c, obj)  # R57, R65, R67, R68, R69
    elif q.enemy:
        # R60: first the damage equal to its threat (regular, else distant), "then" the enemy is destroyed
        # with no reward and covered (or flipped) - even when the damage destroyed the ship.
        bump_stat(p, "rams")
        ctx.emit("enemy_rammed", seat=seat, row=r, col=c, object=obj)
        damage_ship(ctx, seat, q.ram_damage, "ram")
        remove_object(ctx, r, c)
        if q.special and CONTENT.rules[q.special].target not in ("actor", "actor_if_adjacent"):
            # RULINGS A36: a "when destroyed" rule for the destroyer is its reward (none when rammed);
            # one that reaches other ships is the boss losing that part, and happens all the same.
            trigger_destroyed(ctx, seat, q.special, r, c)
    elif obj == "mine":
        ctx.emit("mine_exploded", seat=seat, row=r, col=c)  # R62: 2 damage, then the mine is destroyed
        damage_ship(ctx, seat, 2, "mine")
        remove_object(ctx, r, c)
    elif obj == "black_hole":
        ctx.emit("black_hole_entered", seat=seat, row=r, col=c)  # R63
        destroy_player(ctx, seat, "black_hole")
    elif obj in ("powerup", "drone", "labyrinth"):
        if obj == "labyrinth" and seat in board.slot_of(state, r, c)[0]["marks"][(c - 1) % 2]:
            return  # R66: once per labyrinth per player
        if q.extra_moves:
            turn = state["turn"]
            if turn is not None and turn["seat"] == seat and turn["mode"] == "battle":
                # R71: on your own Battle turn, however you got here (a move, or a side step after a flip).
                turn["claim"] = {"pos": [r, c], "left": q.extra_moves}
            return  # a push cannot spend moves: no reward now (R66, RULINGS)
        claim_reward(ctx, seat, r, c)
    elif obj == "wormhole" and how not in ("teleport", "flip"):
        targets = wormhole_targets(state, seat)
        if not targets:
            return
        turn = state["turn"]
        if how in CHOSEN and turn is not None and turn["seat"] == seat:
            turn["wormhole"] = [r, c]  # R64: the teleport is optional, offered as a command
        else:
            state["prompts"].append({"kind": "wormhole", "seat": seat})
            next_key(state)


def open_standing_claim(state: State, seat: int) -> None:
    """R71/R66: "players on a quadrant with -M/-MM must spend the extra moves to get the reward" - a ship
    that starts its Battle turn on an unclaimed -M power-up or labyrinth (pushed there, or short of moves
    last turn) may spend them now. A drone pays on arrival (R58), so it is not re-offered."""
    p = state["players"][seat]
    turn = state["turn"]
    if p["pos"] is None or turn is None or turn["seat"] != seat:
        return
    r, c = p["pos"]
    q = board.quad(state, r, c)
    if not q.extra_moves or q.object not in ("powerup", "labyrinth"):
        return
    if q.object == "labyrinth" and seat in board.slot_of(state, r, c)[0]["marks"][(c - 1) % 2]:
        return
    turn["claim"] = {"pos": [r, c], "left": q.extra_moves}


def claim_reward(ctx: Ctx, seat: int, r: int, c: int) -> None:
    """The reward of a power-up (R59), recharge drone (R58) or labyrinth (R66) quadrant."""
    state = ctx.state
    q = board.quad(state, r, c)
    p = ctx.player(seat)
    if q.object == "powerup":
        bump_stat(p, "powerups_collected")
        draw_powerups(ctx, seat, 1, "quadrant")
        cover(ctx, r, c)
    elif q.object == "drone":
        bump_stat(p, "drones_used")
        gain_energy(ctx, seat, max(1, q.energy_reward), "drone")
        if state["options"]["drone_reuse"] == "covered":
            cover(ctx, r, c)
    elif q.object == "labyrinth":
        slot, half = board.slot_of(state, r, c)
        slot["marks"][half].append(seat)
        bump_stat(p, "labyrinths_scored")
        p["glory"] += q.glory
        ctx.emit("glory_gained", seat=seat, amount=q.glory, source="labyrinth")


def wormhole_targets(state: State, seat: int) -> list[list[int]]:
    """R64: other visible, unoccupied wormholes. R41: during the scroll's pushes the bottom row is leaving
    the play area with every ship pushed out of it, so its wormholes are no destination (audit: a jump
    there used to drop the ship off the board with the row)."""
    pos = state["players"][seat]["pos"]
    leaving = board.num_rows(state) if state["phase"] == "scroll" else None
    out = []
    for r, c, q in board.all_quadrants(state):
        if r == leaving:
            continue
        if q.object == "wormhole" and [r, c] != pos and board.ship_at(state, r, c) is None:
            out.append([r, c])
    return out


def bump(ctx: Ctx, seat: int, r: int, c: int, what: str) -> None:
    """R57/R61: pushed onto something solid: 1 damage, then a forced side step left or right."""
    ctx.emit("ship_bumped", seat=seat, row=r, col=c, object=what)
    if damage_ship(ctx, seat, 1, "collision"):
        return
    sides = side_options(ctx.state, r, c)
    if len(sides) == 1:
        side_step(ctx, seat, sides[0])
    elif sides:
        ctx.state["prompts"].append({"kind": "side", "seat": seat})
        next_key(ctx.state)


def side_options(state: State, r: int, c: int) -> list[str]:
    """R57: only left or right, never off the board."""
    return [s for s, dc in (("left", -1), ("right", 1)) if board.on_board(state, r, c + dc)]


def side_step(ctx: Ctx, seat: int, direction: str) -> None:
    r, c = ctx.player(seat)["pos"]
    arrive(ctx, seat, r, c + (-1 if direction == "left" else 1), "side")
