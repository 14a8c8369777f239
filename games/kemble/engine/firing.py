"""Firing: weapons, damage that adds up within a turn, destruction rewards, PvP (kemble:R24-R30, R74-R77)."""

from __future__ import annotations

from games.engine.core import IllegalCommand
from games.kemble.engine import board
from games.kemble.engine.boss import trigger_destroyed
from games.kemble.engine.content import DIRS4, UPGRADE_WEAPONS, WEAPON_IMMUNITY
from games.kemble.engine.ship import gain_energy, level_value
from games.kemble.engine.space import remove_object
from games.kemble.engine.state import Ctx, State, bump_stat, next_key
from games.kemble.engine.threat import add_points

KILL_STAT = {"fighter": "kills_fighter", "turret": "kills_turret", "cruiser": "kills_cruiser",
             "boss_part": "kills_boss_part", "mini_boss": "kills_mini_boss", "asteroid": "kills_asteroid",
             "wall": "kills_asteroid", "mine": "kills_mine"}


def fire_refusal(state: State, seat: int, weapon: str) -> IllegalCommand | None:
    """R25 (upgrade weapons once per turn, turret gun as often as fire actions allow), R74 laser shots."""
    turn = state["turn"]
    p = state["players"][seat]
    if weapon == "turret":
        return None if turn["fires"] > 0 else IllegalCommand("no_fire_action_left", "kemble:R18")
    if weapon not in UPGRADE_WEAPONS:
        return IllegalCommand("unknown_weapon", "kemble:R24", weapon=weapon)
    if not p["upgrades"].get(weapon):
        return IllegalCommand("weapon_not_owned", "kemble:R25", weapon=weapon)
    if weapon == "laser" and turn["laser_shots"] > 0:
        return None  # R74: the remaining shots of this turn's laser fire action
    if weapon in turn["weapons_used"]:
        return IllegalCommand("weapon_already_used", "kemble:R25", weapon=weapon)
    if turn["fires"] > 0:
        return None
    if state["options"]["fire_action"] == "volley" and turn["fires_spent"] > 0:
        return None  # RULINGS A3 option: one fire action fires every weapon once
    return IllegalCommand("no_fire_action_left", "kemble:R18")


def splash_options(state: State, seat: int) -> list[str]:
    """R75: the missile blast may reach one orthogonal neighbour of the target (never the firer, A21)."""
    p = state["players"][seat]
    target = board.first_target(state, p["pos"][0], p["pos"][1], p["facing"])
    if target is None:
        return ["none"]
    out = []
    for d in DIRS4:
        r, c = board.step(target[0], target[1], d)
        if board.on_board(state, r, c) and [r, c] != p["pos"]:
            out.append(d)
    return out + ["none"]


def fire(ctx: Ctx, seat: int, weapon: str, splash: str) -> None:
    state = ctx.state
    refusal = fire_refusal(state, seat, weapon)
    if refusal is not None:
        raise refusal
    turn = state["turn"]
    p = ctx.player(seat)
    r, c = p["pos"]
    facing = p["facing"]
    if weapon == "missile" and splash not in splash_options(state, seat):
        raise IllegalCommand("bad_splash_direction", "kemble:R75", direction=splash)
    if weapon == "laser" and turn["laser_shots"] > 0:
        turn["laser_shots"] -= 1
    else:
        volley = weapon != "turret" and state["options"]["fire_action"] == "volley" and turn["fires_spent"] > 0
        if not volley:
            turn["fires"] -= 1
            turn["fires_spent"] += 1
        if weapon != "turret":
            turn["weapons_used"].append(weapon)
        if weapon == "laser":
            turn["laser_shots"] = int(level_value(p, "laser", "shots")) - 1
    ctx.emit("weapon_fired", seat=seat, weapon=weapon, direction=facing)
    if weapon in ("turret", "laser"):
        target = board.first_target(state, r, c, facing)
        if target is not None:
            deal(ctx, seat, target[0], target[1], 1, weapon)  # R74 / RULINGS A4: 1 per laser shot
    elif weapon == "missile":
        target = board.first_target(state, r, c, facing)
        if target is not None:
            splash_pos = board.step(target[0], target[1], splash) if splash != "none" else None
            deal(ctx, seat, target[0], target[1], int(level_value(p, "missile", "damage")), weapon)
            if splash_pos is not None and ctx.player(seat)["pos"] is not None:
                deal(ctx, seat, splash_pos[0], splash_pos[1], int(level_value(p, "missile", "splash")), weapon)
    elif weapon == "gamma":
        dmg = int(level_value(p, "gamma", "damage"))
        for rr, cc in list(board.line(state, r, c, facing)):  # R76: through everything, to the edge
            deal(ctx, seat, rr, cc, dmg, weapon)
    else:  # flamethrower, R77: the first quadrant only
        rr, cc = board.step(r, c, facing)
        if board.on_board(state, rr, cc) and board.blocks_shot(state, rr, cc, board.ships(state)):
            deal(ctx, seat, rr, cc, int(level_value(p, "flamethrower", "damage")), weapon)


def deal(ctx: Ctx, seat: int, r: int, c: int, amount: int, weapon: str) -> None:
    """Damage one quadrant (R27): a ship takes threat (R30), an object adds it to this turn's total."""
    state = ctx.state
    victim = board.ship_at(state, r, c)
    if victim is not None and victim != seat:
        pvp_hit(ctx, seat, victim, amount)
        return
    q = board.quad(state, r, c)
    if not q.blocking:
        return
    if WEAPON_IMMUNITY.get(weapon) in q.immune:
        ctx.emit("shot_absorbed", seat=seat, row=r, col=c, weapon=weapon)  # R29
        return
    key = f"{r},{c}"
    turn = state["turn"]
    total = turn["damage"].get(key, 0) + amount
    turn["damage"][key] = total
    bump_stat(ctx.player(seat), "damage_dealt", amount)
    ctx.emit("object_hit", seat=seat, row=r, col=c, amount=amount, total=total, weapon=weapon)
    if q.object == "singularity":
        slot, half = board.slot_of(state, r, c)
        if q.energy is not None and total >= q.energy and seat not in slot["marks"][half]:
            slot["marks"][half].append(seat)  # R65: once per singularity per player
            p = ctx.player(seat)
            p["glory"] += q.glory
            bump_stat(p, "singularities_scored")
            ctx.emit("glory_gained", seat=seat, amount=q.glory, source="singularity")
    elif q.object == "mosquito":
        targets = mosquito_targets(state, r, (c - 1) // 2 + 1)
        if targets and not any(pr["kind"] == "mosquito" for pr in state["prompts"]):
            state["prompts"].append({"kind": "mosquito", "seat": seat, "row": r, "card_col": (c - 1) // 2 + 1})
            next_key(state)
    elif q.destructible and total >= int(q.energy or 0):
        destroy_object(ctx, seat, r, c)


def destroy_object(ctx: Ctx, seat: int, r: int, c: int) -> None:
    """R28: reward to the destroyer at once, then cover (or flip) the quadrant."""
    q = board.quad(ctx.state, r, c)
    p = ctx.player(seat)
    ctx.emit("object_destroyed", seat=seat, row=r, col=c, object=q.object)
    bump_stat(p, "kills")
    if q.object in KILL_STAT:
        bump_stat(p, KILL_STAT[q.object])
    if q.bellonium:
        p["bellonium"] += q.bellonium
        bump_stat(p, "bellonium_gained", q.bellonium)
        ctx.emit("bellonium_gained", seat=seat, amount=q.bellonium, source="reward")
    if q.glory:
        p["glory"] += q.glory
        ctx.emit("glory_gained", seat=seat, amount=q.glory, source="reward")
    if q.energy_reward:
        gain_energy(ctx, seat, q.energy_reward, "reward")  # R73
    ctx.state["turn"]["damage"].pop(f"{r},{c}", None)
    remove_object(ctx, r, c)
    if q.special:
        trigger_destroyed(ctx, seat, q.special, r, c)


def pvp_hit(ctx: Ctx, seat: int, victim: int, amount: int) -> None:
    """R30: threat symbols instead of energy; one PvP token per attacker per victim per turn."""
    v = ctx.player(victim)
    add_points(v, amount)
    bump_stat(ctx.player(seat), "damage_dealt", amount)
    ctx.emit("player_hit", seat=seat, victim=victim, amount=amount, level=v["threat"][0], partial=v["threat"][1])
    given = ctx.state["turn"]["tokens_given"]
    if victim not in given:
        given.append(victim)
        v["tokens"][str(seat)] = v["tokens"].get(str(seat), 0) + 1
        bump_stat(ctx.player(seat), "pvp_tokens_given")
        ctx.emit("pvp_token_given", seat=seat, victim=victim)


def mosquito_targets(state: State, row: int, card_col: int) -> list[list[int]]:
    """R68: cards orthogonally adjacent to the mosquito's card."""
    out = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        r, cc = row + dr, card_col + dc
        if 1 <= r <= board.num_rows(state) and 1 <= cc <= state["width"]:
            out.append([r, cc])
    return out


def swap_cards(ctx: Ctx, row: int, card_col: int, row2: int, card_col2: int) -> None:
    """R68: swap the two cards; ships on either card travel with it (RULINGS A28)."""
    state = ctx.state
    b = state["board"]
    b[row - 1][card_col - 1], b[row2 - 1][card_col2 - 1] = b[row2 - 1][card_col2 - 1], b[row - 1][card_col - 1]
    for p in state["players"]:
        if p["pos"] is None:
            continue
        r, c = p["pos"]
        cc, half = (c - 1) // 2 + 1, (c - 1) % 2
        if (r, cc) == (row, card_col):
            p["pos"] = [row2, 2 * (card_col2 - 1) + half + 1]
        elif (r, cc) == (row2, card_col2):
            p["pos"] = [row, 2 * (card_col - 1) + half + 1]
    _swap_damage(state, row, card_col, row2, card_col2)
    ctx.emit("cards_swapped", row=row, card_col=card_col, row2=row2, card_col2=card_col2)


def _swap_damage(state: State, row: int, card_col: int, row2: int, card_col2: int) -> None:
    """R27: damage dealt this turn belongs to the target, so it travels with its card (audit: it used to stay
    on the position and count toward whatever card the mosquito swapped in)."""
    turn = state["turn"]
    if turn is None:
        return
    damage = turn["damage"]
    for half in (1, 2):
        a = f"{row},{2 * (card_col - 1) + half}"
        b = f"{row2},{2 * (card_col2 - 1) + half}"
        da, db = damage.pop(a, None), damage.pop(b, None)
        if da is not None:
            damage[b] = da
        if db is not None:
            damage[a] = db
