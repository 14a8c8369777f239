"""Vipers and the humans' guns (bsg:R620, R621, R618, R610-R615): activating vipers (Command, a pilot's own
viper, CAG, Maximum Firepower, the pilots' launch abilities), attacks on Cylon ships by vipers and by
Galactica (Weapons Control), basestar damage and destruction, the Admiral's nukes, and repairs of damaged
Galactica locations and vipers.

``state["viper_acts"]`` while a seat has viper activations to spend::

    {"seat": s, "left": n, "mode": "unpiloted" | "own" | "own_attack"}

``unpiloted``: launch from the Reserves, move or attack with unpiloted vipers (R620; Command, CAG); ``own``:
move or attack with the seat's own piloted viper (R621, R220 D); ``own_attack``: attacks only (Maximum
Firepower). The same viper may act any number of times (R620). The seat may stop early.
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import acted, daybreak
from games.bsg.engine.dice import human_roll
from games.bsg.engine.state import CONTENT, Ctx, State, next_key
from games.bsg.engine.traits import attack_bonus, repair_bonus
from games.engine.core import IllegalCommand

RULE = "bsg:R620"
TARGETS = ("raider", "heavy_raider", "basestar")


# --- attacks on Cylon ships -------------------------------------------------------------------------


def ship_targets(state: State, area: str) -> list[str]:
    """The Cylon ships of an area an attack may aim at: ``raider``, ``heavy_raider``, ``basestar.<i>``."""
    where = state["space"][area]
    out = [kind for kind in ("raider", "heavy_raider") if where[kind]]
    out += [f"basestar.{i}" for i in range(len(where["basestar"]))]
    return out


def _structural(basestar: dict[str, Any]) -> int:
    return sum(t.attack_bonus for t in CONTENT.board.basestar_damage if t.id in basestar["damage"])


def attack_ship(ctx: Ctx, attacker: str, area: str, target: str, seat: int | None = None) -> str:
    """Roll an attack on the attack table (R610, R161): a destroyed raider or heavy raider goes back to the
    supply (R611); a hit basestar draws a damage token (R614). Structural Damage adds its bonus against that
    basestar (R162); a character's attack bonus (Helo) adds to Galactica's. The result."""
    state = ctx.state
    where = state["space"][area]
    if target not in ship_targets(state, area):
        raise IllegalCommand("no_such_target", "bsg:R610", area=area, target=target)
    kind = target.split(".")[0]
    row = CONTENT.board.attack(attacker, kind)
    bonus = attack_bonus(state, seat, attacker) if seat is not None else 0
    basestar = where["basestar"][int(target.split(".")[1])] if kind == "basestar" else None
    if basestar is not None:
        bonus += _structural(basestar)
    roll = human_roll(ctx, lambda r: row.result(r + bonus) == "miss")
    result = row.result(roll + bonus)
    ctx.emit("attack_rolled", attacker=attacker, target=kind, area=area, roll=roll, result=result)
    if result == "destroyed" and basestar is None:
        where[kind] -= 1
        state["supply"][kind] += 1
        acted.settle(state, area)
    elif result in ("damaged", "destroyed") and basestar is not None:
        damage_basestar(ctx, area, basestar, 1)
    return result


def damage_basestar(ctx: Ctx, area: str, basestar: dict[str, Any], times: int) -> None:
    """R614, R615 (RULINGS G25): each hit draws at random one basestar damage token that no basestar holds;
    at ``basestar_destroyed_at`` damage (a Critical Hit counts 2), or with no token left to draw, the basestar
    is destroyed and its tokens go back."""
    state = ctx.state
    board = CONTENT.board
    tokens = {t.id: t for t in board.basestar_damage}
    for _ in range(times):
        if basestar not in state["space"][area]["basestar"]:
            return
        held = {t for w in state["space"].values() for b in w["basestar"] for t in b["damage"]}
        free = [t.id for t in board.basestar_damage if t.id not in held]
        if free:
            token = free[ctx.rng.below(len(free))]
            basestar["damage"].append(token)
            ctx.emit("basestar_damaged", area=area, token=token)
        if not free or sum(tokens[t].damage for t in basestar["damage"]) >= board.basestar_destroyed_at:
            destroy_basestar(ctx, area, basestar)


def destroy_basestar(ctx: Ctx, area: str, basestar: dict[str, Any]) -> None:
    ctx.state["space"][area]["basestar"].remove(basestar)
    ctx.state["supply"]["basestar"] += 1
    ctx.emit("basestar_destroyed", area=area)


# --- R618 nukes -------------------------------------------------------------------------------------


def nuke_targets(state: State) -> list[dict[str, Any]]:
    return [
        {"area": area, "target": f"basestar.{i}"}
        for area, w in state["space"].items()
        for i in range(len(w["basestar"]))
    ]


def launch_nuke(ctx: Ctx, seat: int, area: str, target: str) -> None:
    """R618: the Admiral spends a nuke on a basestar: the nuke table (R161 row 7) damages it twice,
    destroys it, or destroys it with up to 3 raiders of its area. The token is spent whatever the roll."""
    state = ctx.state
    if state["admiral"] != seat:
        raise IllegalCommand("only_the_admiral", "bsg:R618")
    p = ctx.player(seat)
    if p["nukes"] <= 0:
        raise IllegalCommand("no_nukes_left", "bsg:R618")
    if {"area": area, "target": target} not in nuke_targets(state):
        raise IllegalCommand("no_such_target", "bsg:R618", area=area, target=target)
    p["nukes"] -= 1
    basestar = state["space"][area]["basestar"][int(target.split(".")[1])]
    roll = min(human_roll(ctx, lambda r: r <= 2), CONTENT.board.die_faces)  # 1-2: only damaged twice
    row = next(r for r in CONTENT.board.nuke_table if roll in r.rolls)
    ctx.emit("nuke_launched", seat=seat, area=area, roll=roll, result=row.result, nukes=p["nukes"])
    if row.result == "damaged_twice":
        damage_basestar(ctx, area, basestar, 2)
        return
    destroy_basestar(ctx, area, basestar)
    raiders = min(row.raiders_destroyed, state["space"][area]["raider"])
    if raiders:
        state["space"][area]["raider"] -= raiders
        state["supply"]["raider"] += raiders
        acted.settle(state, area)
        ctx.emit("raiders_destroyed", area=area, count=raiders)


def sync_nukes(state: State) -> None:
    """The nukes go with the Admiral title (RULINGS G26): whoever holds it holds every nuke left."""
    admiral = state["admiral"]
    if admiral is None:
        return
    total = sum(p["nukes"] for p in state["players"])
    for p in state["players"]:
        p["nukes"] = total if p["seat"] == admiral else 0


# --- R620, R621 viper activations ---------------------------------------------------------------------


def start(ctx: Ctx, seat: int, count: int, mode: str) -> None:
    """Give ``seat`` ``count`` viper activations of a mode (Command, CAG, own viper, Maximum Firepower)."""
    if count <= 0 or not options(ctx.state, seat, {"seat": seat, "left": count, "mode": mode}):
        ctx.emit("no_viper_activation", seat=seat)
        return
    ctx.state["viper_acts"] = {"seat": seat, "left": count, "mode": mode}
    next_key(ctx.state)
    ctx.emit("vipers_to_activate", seat=seat, count=count, mode=mode)


def options(state: State, seat: int, acts: dict[str, Any] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """(command kind, args) of every viper activation the seat may make now, ``viper_done`` not included."""
    acts = acts if acts is not None else state.get("viper_acts")
    if acts is None or acts["seat"] != seat:
        return []
    out: list[tuple[str, dict[str, Any]]] = []
    if acts["mode"] == "unpiloted":
        if state["reserves"]["viper"] > 0:
            out += [("viper_launch", {"to": a}) for a in CONTENT.board.launch_areas()]
        out += _assault_raptor_options(state)
        areas = [a for a, w in state["space"].items() if w["viper"]]
    else:
        own = state["players"][seat]["viper"]
        areas = [own] if own is not None else []
    for area in areas:
        if acts["mode"] != "own_attack":
            out += [("viper_move", {"area": area, "to": to}) for to in CONTENT.board.adjacent(area)]
        out += [("viper_attack", {"area": area, "target": t}) for t in ship_targets(state, area)]
    return out


def _assault_raptor_options(state: State) -> list[tuple[str, dict[str, Any]]]:
    """Daybreak's Assault Raptors count as vipers (R1030, R623): launched from the Reserves, moved and fired
    like unpiloted vipers, with their own row against basestars."""
    ship = {"ship": daybreak.ASSAULT_RAPTOR}
    out: list[tuple[str, dict[str, Any]]] = []
    if daybreak.assault_raptors_in_reserves(state) > 0:
        out += [("viper_launch", {"to": a, **ship}) for a in CONTENT.board.launch_areas()]
    for area in state["space"]:
        if daybreak.assault_raptors_in(state, area):
            out += [("viper_move", {"area": area, "to": to, **ship}) for to in CONTENT.board.adjacent(area)]
            out += [("viper_attack", {"area": area, "target": t, **ship}) for t in ship_targets(state, area)]
    return out


def _spend(ctx: Ctx) -> None:
    acts = ctx.state["viper_acts"]
    acts["left"] -= 1
    next_key(ctx.state)
    if acts["left"] <= 0 or not options(ctx.state, acts["seat"]) or ctx.state["phase"] != "turn":
        ctx.state["viper_acts"] = None


def _need(ctx: Ctx, seat: int, kind: str, args: dict[str, Any]) -> None:
    if (kind, args) not in options(ctx.state, seat):
        raise IllegalCommand("viper_activation_not_possible", RULE, **args)


def _ship(ship: str | None) -> dict[str, Any]:
    return {} if ship is None else {"ship": ship}


def launch(ctx: Ctx, seat: int, to: str, ship: str | None = None) -> None:
    """R620 1: a viper (or an Assault Raptor, R1030) from the Reserves into a launch area."""
    _need(ctx, seat, "viper_launch", {"to": to, **_ship(ship)})
    if ship is not None:
        ctx.state["daybreak"]["assault_raptors"]["reserves"] -= 1
        daybreak.place_assault_raptor(ctx.state, to, 1)
        ctx.emit("assault_raptor_launched", area=to)
        _spend(ctx)
        return
    ctx.state["reserves"]["viper"] -= 1
    ctx.state["space"][to]["viper"] += 1
    ctx.emit("viper_launched", area=to)
    _spend(ctx)


def move(ctx: Ctx, seat: int, area: str, to: str, ship: str | None = None) -> None:
    """R620 2, R621: a viper to an adjacent area (the seat's own one outside ``unpiloted`` mode)."""
    _need(ctx, seat, "viper_move", {"area": area, "to": to, **_ship(ship)})
    if ship is not None:  # an Assault Raptor (R1030)
        daybreak.place_assault_raptor(ctx.state, area, -1)
        daybreak.place_assault_raptor(ctx.state, to, 1)
        ctx.emit("assault_raptor_moved", area=area, to=to)
    elif ctx.state["viper_acts"]["mode"] == "unpiloted":
        ctx.state["space"][area]["viper"] -= 1
        ctx.state["space"][to]["viper"] += 1
        ctx.emit("viper_moved_to", area=area, to=to)
    else:
        ctx.player(seat)["viper"] = to
        ctx.emit("viper_moved", seat=seat, area=to)
    _spend(ctx)


def attack(ctx: Ctx, seat: int, area: str, target: str, ship: str | None = None) -> None:
    """R620 3: a viper attacks a Cylon ship in its area (R610); an Assault Raptor reads its own rows (R623:
    a basestar is damaged on 7-8)."""
    _need(ctx, seat, "viper_attack", {"area": area, "target": target, **_ship(ship)})
    own = ctx.state["viper_acts"]["mode"] != "unpiloted" and daybreak.flies_assault_raptor(ctx.player(seat))
    attack_ship(ctx, "viper" if ship is None and not own else daybreak.ASSAULT_RAPTOR, area, target, seat)
    _spend(ctx)


def done(ctx: Ctx, seat: int) -> None:
    """The seat leaves its remaining activations unused."""
    acts = ctx.state.get("viper_acts")
    if acts is None or acts["seat"] != seat:
        raise IllegalCommand("no_viper_activation_due", RULE)
    ctx.state["viper_acts"] = None
    next_key(ctx.state)
    ctx.emit("viper_activations_ended", seat=seat, left=acts["left"])


# --- repairs ------------------------------------------------------------------------------------------


def repair_location(ctx: Ctx, location: str) -> None:
    """A damaged Galactica location is usable again (R300): its token goes back into the damage pile,
    which is shuffled (RULINGS G27)."""
    state = ctx.state
    if location not in state["damage"]:
        raise IllegalCommand("location_not_damaged", "bsg:R300", location=location)
    state["damage"].remove(location)
    token = next(t.id for t in CONTENT.board.galactica_damage if t.location == location)
    state["decks"]["galactica_damage"].append(token)
    ctx.rng.shuffle(state["decks"]["galactica_damage"])
    ctx.emit("location_repaired", location=location)


def repair_vipers(ctx: Ctx, seat: int | None, count: int) -> None:
    """Damaged vipers back to the Reserves (RULINGS C17), up to ``count`` plus the seat's repair bonus
    (Tyrol)."""
    state = ctx.state
    fixed = min(count + (repair_bonus(state, seat) if seat is not None else 0), state["damaged_vipers"])
    state["damaged_vipers"] -= fixed
    state["reserves"]["viper"] += fixed
    ctx.emit("vipers_repaired", count=fixed)
