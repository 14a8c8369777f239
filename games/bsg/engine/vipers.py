"""Vipers and the humans' guns (bsg:R620, R621, R618, R610-R615): activating vipers (Command, a pilot's own
viper, CAG, Maximum Firepower, the pilots' launch abilities), attacks on Cylon ships by vipers and by
Galactica (Weapons Control), basestar damage and destruction, the Admiral's nukes, and repairs of damaged
Galactica locations and vipers.

``state["viper_acts"]`` while a seat has viper activations to spend::

    {"seat": s, "left": n, "mode": "unpiloted" | "own" | "own_attack"}

``unpiloted``: launch from the Reserves, move or attack with unpiloted vipers (R620; Command, CAG); ``bay``: move
or attack only the vipers a Raider Bay just placed, counted per area in ``bay`` (R1065, Daybreak's Earth); ``own``:
move or attack with the seat's own piloted viper (R621, R220 D); ``own_attack``: attacks only (Maximum
Firepower). The same viper may act any number of times (R620). The seat may stop early.
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import acted, cylon_fleet, daybreak, earth, planet, trauma
from games.bsg.engine.dice import human_roll
from games.bsg.engine.effects import change_resources, send_to
from games.bsg.engine.options import CYLON_SHIPS, EVERY_SHIP, NUKE_EIGHT
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
    pile = trauma.basestar_tokens(state)
    tokens = {t.id: t for t in pile}
    for _ in range(times):
        if basestar not in state["space"][area]["basestar"]:
            return
        held = {t for w in state["space"].values() for b in w["basestar"] for t in b["damage"]}
        held |= cylon_fleet.carried_tokens(state)  # carried on the Cylon Fleet board (RULINGS G74)
        free = [t.id for t in pile if t.id not in held]
        if free:
            token = free[ctx.rng.below(len(free))]
            basestar["damage"].append(token)
            ctx.emit("basestar_damaged", area=area, token=token)
            trauma.basestar_token_drawn(ctx, area, token)
        if not free or sum(tokens[t].damage for t in basestar["damage"]) >= board.basestar_destroyed_at:
            destroy_basestar(ctx, area, basestar)


def destroy_basestar(ctx: Ctx, area: str, basestar: dict[str, Any]) -> None:
    ctx.state["space"][area]["basestar"].remove(basestar)
    ctx.state["supply"]["basestar"] += 1
    ctx.emit("basestar_destroyed", area=area)


# --- R618 nukes -------------------------------------------------------------------------------------


def nuke_targets(state: State) -> list[dict[str, Any]]:
    """The basestars a nuke may hit; with the Cylon Fleet, any area holding a Cylon ship, at its basestar if it
    has one (``target``: ``basestar.<i>``), else at the area (``area``: R618, RULINGS G78). None before
    Galactica's return to New Caprica: the ships around her are unaffected until then (R821 step 2, R834)."""
    if planet.before_return(state):
        return []
    if cylon_fleet.active(state):
        return [{"area": area, "target": t}
                for area, w in state["space"].items() if ship_targets(state, area)
                for t in ([f"basestar.{i}" for i in range(len(w["basestar"]))] or ["area"])]
    return [
        {"area": area, "target": f"basestar.{i}"}
        for area, w in state["space"].items()
        for i in range(len(w["basestar"]))
    ]


def launch_nuke(ctx: Ctx, seat: int, area: str, target: str) -> None:
    """R618: the Admiral spends a nuke on a basestar: the nuke table (R161 row 7) damages it twice,
    destroys it, or destroys it with up to 3 raiders of its area; its Structural Damage adds 2 to the roll
    (R162, RULINGS G210). The token is spent whatever the roll."""
    state = ctx.state
    if state["admiral"] != seat:
        raise IllegalCommand("only_the_admiral", "bsg:R618")
    p = ctx.player(seat)
    if p["nukes"] <= 0:
        raise IllegalCommand("no_nukes_left", "bsg:R618")
    if {"area": area, "target": target} not in nuke_targets(state):
        raise IllegalCommand("no_such_target", "bsg:R618", area=area, target=target)
    p["nukes"] -= 1
    if cylon_fleet.active(state):
        _nuke_area(ctx, seat, area, target)
        return
    basestar = state["space"][area]["basestar"][int(target.split(".")[1])]
    bonus = _structural(basestar)  # R162: every attack against it, the nuke's too (RULINGS G210)
    roll = min(human_roll(ctx, lambda r: r + bonus <= 2), CONTENT.board.die_faces)  # 1-2: only damaged twice
    row = next(r for r in CONTENT.board.nuke_table if min(roll + bonus, CONTENT.board.die_faces) in r.rolls)
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


def _nuke_area(ctx: Ctx, seat: int, area: str, target: str) -> None:
    """R618 with the Cylon Fleet, CF-2 (RULINGS A18, G78): a nuke against a space area. 1-2 damage its
    basestar twice, 3-6 destroy it, 7 destroy it and 3 raiders, 8 destroy every ship in the area, the
    humans' too (vipers, their pilots to Sickbay, civilian ships with their losses). With no basestar there,
    only the raiders and the 8 are felt."""
    state = ctx.state
    where = state["space"][area]
    roll = min(human_roll(ctx, lambda r: r <= 2), CONTENT.board.die_faces)
    row = next(r for r in CONTENT.cylon_fleet.nuke_table if roll in r.rolls)
    result = "every_ship" if row.every_ship else row.basestar
    ctx.emit("nuke_launched_at_area", seat=seat, area=area, roll=roll, result=result, nukes=ctx.player(seat)["nukes"])
    basestar = where["basestar"][int(target.split(".")[1])] if target.startswith("basestar.") else None
    if row.every_ship:
        _destroy_everything(ctx, area)
        return
    if basestar is not None and row.basestar == "damaged_twice":
        damage_basestar(ctx, area, basestar, 2)
    elif basestar is not None:
        destroy_basestar(ctx, area, basestar)
    raiders = min(row.raiders_destroyed, where["raider"])
    if raiders:
        where["raider"] -= raiders
        state["supply"]["raider"] += raiders
        acted.settle(state, area)
        ctx.emit("raiders_destroyed", area=area, count=raiders)


def _destroy_everything(ctx: Ctx, area: str) -> None:
    """A nuke's 8 with the Cylon Fleet: every ship of the area; at a table that reads it as the Cylon ships
    only (``cylon_fleet_nuke_eight``), the vipers and civilian ships are spared (RULINGS G78)."""
    state = ctx.state
    where = state["space"][area]
    for basestar in list(where["basestar"]):
        destroy_basestar(ctx, area, basestar)
    for kind in ("raider", "heavy_raider"):
        state["supply"][kind] += where[kind]
        where[kind] = 0
    acted.settle(state, area)
    if state["options"].get(NUKE_EIGHT, EVERY_SHIP) == CYLON_SHIPS:
        ctx.emit("area_wiped_out", area=area)
        return
    state["vipers_lost"] += where["viper"]
    where["viper"] = 0
    state["mk7"]["lost"] += state["mk7"]["space"][area]
    state["mk7"]["space"][area] = 0
    for p in state["players"]:
        if p["viper"] == area:  # R432: the pilot goes to Sickbay, his viper is destroyed
            p["viper"] = None
            if p.pop("mk7", False):
                state["mk7"]["lost"] += 1
            else:
                state["vipers_lost"] += 1
            send_to(ctx, p["seat"], "sickbay")
    for civ in list(where["civilian"]):
        where["civilian"].remove(civ)
        state["decks"]["civilians_destroyed"].append(civ)
        loss = next(c.loss for c in CONTENT.board.civilians if c.id == civ)
        ctx.emit("civilian_destroyed", area=area, civilian=civ, loss=dict(loss))
        if loss:
            change_resources(ctx, {k: -v for k, v in loss.items()})
    ctx.emit("area_wiped_out", area=area)


def sync_nukes(state: State) -> None:
    """The nukes go with the Admiral title (RULINGS G26): whoever holds it holds every nuke left."""
    admiral = state["admiral"]
    if admiral is None:
        return
    total = sum(p["nukes"] for p in state["players"])
    for p in state["players"]:
        p["nukes"] = total if p["seat"] == admiral else 0


# --- R620, R621 viper activations ---------------------------------------------------------------------


def start(ctx: Ctx, seat: int, count: int, mode: str, bay: dict[str, int] | None = None) -> None:
    """Give ``seat`` ``count`` viper activations of a mode (Command, CAG, own viper, Maximum Firepower; ``bay``:
    the vipers a Raider Bay placed, by area, R1065)."""
    acts: dict[str, Any] = {"seat": seat, "left": count, "mode": mode, **({"bay": dict(bay)} if bay else {})}
    if count <= 0 or not options(ctx.state, seat, acts):
        ctx.emit("no_viper_activation", seat=seat)
        return
    ctx.state["viper_acts"] = acts
    next_key(ctx.state)
    ctx.emit("vipers_to_activate", seat=seat, count=count, mode=mode)


def options(state: State, seat: int, acts: dict[str, Any] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """(command kind, args) of every viper activation the seat may make now, ``viper_done`` not included."""
    acts = acts if acts is not None else state.get("viper_acts")
    if acts is None or acts["seat"] != seat:
        return []
    out: list[tuple[str, dict[str, Any]]] = []
    own_reach: list[str] = []
    if acts["mode"] == "unpiloted":
        if state["reserves"]["viper"] > 0:
            out += [("viper_launch", {"to": a}) for a in CONTENT.board.launch_areas()]
        if cylon_fleet.mk7_reserves(state):  # R916: a Viper Mark VII instead of a normal one
            out += [("viper_launch", {"to": a, "mk7": True}) for a in CONTENT.board.launch_areas()]
        out += _assault_raptor_options(state)
        areas = [a for a, w in state["space"].items() if w["viper"] or cylon_fleet.mk7_in(state, a)]
    elif acts["mode"] == "bay":  # R1065: only the vipers the Raider Bay placed
        areas = [a for a, n in sorted(acts["bay"].items()) if n > 0 and state["space"][a]["viper"]]
    else:
        own = state["players"][seat]["viper"]
        areas = [own] if own is not None else []
        own_reach = cylon_fleet.pilot_reach(state, seat)
    for area in areas:
        if acts["mode"] == "bay":
            out += [("viper_move", {"area": area, "to": to}) for to in CONTENT.board.adjacent(area)]
        elif acts["mode"] == "unpiloted":
            if state["space"][area]["viper"]:
                out += [("viper_move", {"area": area, "to": to}) for to in CONTENT.board.adjacent(area)]
            if cylon_fleet.mk7_in(state, area):  # R916: up to 2 areas
                out += [("viper_move", {"area": area, "to": to, "mk7": True})
                        for to in cylon_fleet.reach(area, CONTENT.cylon_fleet.mk7_move)]
        elif acts["mode"] != "own_attack":
            out += [("viper_move", {"area": area, "to": to}) for to in own_reach]
        if acts["mode"] != "own_attack" and cylon_fleet.active(state) and state["space"][area]["civilian"]:
            out.append(("viper_escort", {"area": area}))  # R620 4
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
        earth.resume_bay(ctx.state)  # R1066: after Apollo's interrupt, the Raider Bay's activations go on


def _need(ctx: Ctx, seat: int, kind: str, args: dict[str, Any]) -> None:
    if (kind, args) not in options(ctx.state, seat):
        raise IllegalCommand("viper_activation_not_possible", RULE, **args)


def _mk7(mk7: bool) -> dict[str, Any]:
    return {"mk7": True} if mk7 else {}


def _ship(ship: str | None) -> dict[str, Any]:
    return {} if ship is None else {"ship": ship}


def launch(ctx: Ctx, seat: int, to: str, mk7: bool = False, ship: str | None = None) -> None:
    """R620 1: a viper from the Reserves into a launch area (a Viper Mark VII if ``mk7``, R916; an Assault
    Raptor if ``ship`` names one, R1030)."""
    _need(ctx, seat, "viper_launch", {"to": to, **_mk7(mk7), **_ship(ship)})
    if ship is not None:
        ctx.state["daybreak"]["assault_raptors"]["reserves"] -= 1
        daybreak.place_assault_raptor(ctx.state, to, 1)
        ctx.emit("assault_raptor_launched", area=to)
    elif mk7:
        ctx.state["mk7"]["reserves"] -= 1
        ctx.state["mk7"]["space"][to] += 1
        ctx.emit("viper_launched", area=to, mk7=True)
    else:
        ctx.state["reserves"]["viper"] -= 1
        ctx.state["space"][to]["viper"] += 1
        ctx.emit("viper_launched", area=to)
    _spend(ctx)


def move(ctx: Ctx, seat: int, area: str, to: str, mk7: bool = False, ship: str | None = None) -> None:
    """R620 2, R621: a viper to an adjacent area (the seat's own one outside ``unpiloted`` mode); a Viper
    Mark VII up to 2 areas away (R916); an Assault Raptor like a viper (R1030)."""
    _need(ctx, seat, "viper_move", {"area": area, "to": to, **_mk7(mk7), **_ship(ship)})
    if ship is not None:  # an Assault Raptor (R1030)
        daybreak.place_assault_raptor(ctx.state, area, -1)
        daybreak.place_assault_raptor(ctx.state, to, 1)
        ctx.emit("assault_raptor_moved", area=area, to=to)
    elif mk7:
        ctx.state["mk7"]["space"][area] -= 1
        ctx.state["mk7"]["space"][to] += 1
        ctx.emit("viper_moved_to", area=area, to=to, mk7=True)
    elif ctx.state["viper_acts"]["mode"] in ("unpiloted", "bay"):
        ctx.state["space"][area]["viper"] -= 1
        ctx.state["space"][to]["viper"] += 1
        bay = ctx.state["viper_acts"].get("bay")
        if bay is not None:  # R1065: the placed viper is still one of the Raider Bay's
            bay[area] -= 1
            bay[to] = bay.get(to, 0) + 1
        ctx.emit("viper_moved_to", area=area, to=to)
    else:
        ctx.player(seat)["viper"] = to
        ctx.emit("viper_moved", seat=seat, area=to)
    _spend(ctx)


def attack(ctx: Ctx, seat: int, area: str, target: str, ship: str | None = None) -> None:
    """R620 3: a viper attacks a Cylon ship in its area (R610); an Assault Raptor reads its own rows (R623:
    a basestar is damaged on 7-8)."""
    _need(ctx, seat, "viper_attack", {"area": area, "target": target, **_ship(ship)})
    own = ctx.state["viper_acts"]["mode"] not in ("unpiloted", "bay") and daybreak.flies_assault_raptor(
        ctx.player(seat))
    attack_ship(ctx, "viper" if ship is None and not own else daybreak.ASSAULT_RAPTOR, area, target, seat)
    _spend(ctx)


def escort(ctx: Ctx, seat: int, area: str) -> None:
    """R620 4 (Cylon Fleet): a viper escorts a civilian ship of its area to safety: back into the unused
    pile, which is shuffled. The ships of an area look alike: the first one there goes (RULINGS G77)."""
    _need(ctx, seat, "viper_escort", {"area": area})
    state = ctx.state
    state["decks"]["civilians"].append(state["space"][area]["civilian"].pop(0))
    ctx.rng.shuffle(state["decks"]["civilians"])
    ctx.emit("civilian_escorted", seat=seat, area=area)
    _spend(ctx)


def done(ctx: Ctx, seat: int) -> None:
    """The seat leaves its remaining activations unused."""
    acts = ctx.state.get("viper_acts")
    if acts is None or acts["seat"] != seat:
        raise IllegalCommand("no_viper_activation_due", RULE)
    ctx.state["viper_acts"] = None
    next_key(ctx.state)
    ctx.emit("viper_activations_ended", seat=seat, left=acts["left"])
    earth.resume_bay(ctx.state)  # R1066


# --- repairs ------------------------------------------------------------------------------------------


def repair_location(ctx: Ctx, location: str) -> None:
    """A damaged Galactica location is usable again (R300): its token goes back into the damage pile,
    which is shuffled (RULINGS G27)."""
    state = ctx.state
    pegasus = next((t.id for t in CONTENT.board.pegasus_damage if t.location == location), None)
    if pegasus is not None and pegasus in state.get("pegasus", {}).get("damage", []):  # R800: alike
        state["pegasus"]["damage"].remove(pegasus)
        state["decks"]["pegasus_damage"].append(pegasus)
        ctx.rng.shuffle(state["decks"]["pegasus_damage"])
        ctx.emit("location_repaired", location=location)
        return
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
    fixed = cylon_fleet.repair(state, count + (repair_bonus(state, seat) if seat is not None else 0))
    ctx.emit("vipers_repaired", count=fixed)
