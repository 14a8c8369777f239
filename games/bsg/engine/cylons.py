"""Raiders' activation (bsg:R602, R604): area by area in the order the active player picks, each raider of
the area activated once, doing the first of: attack a viper in its area (an unpiloted one first), destroy a
civilian ship in its area (one at random), move one area toward the nearest civilian ship (ties:
clockwise), attack Galactica when no civilian ship is in space.

``state["activation"]`` while areas are left: ``{"icon": "raiders", "todo": {area: raiders to activate},
"rest": [icons still to resolve]}``; raiders that move into an area are not activated again (R602), nor,
with the table's limit, any raider activated earlier in the turn (``acted``, RULINGS A3).
"""

from __future__ import annotations

from games.bsg.engine import acted, cylon_fleet, daybreak
from games.bsg.engine.dice import evade
from games.bsg.engine.effects import change_resources, damage_galactica, send_to
from games.bsg.engine.ending import end_game
from games.bsg.engine.state import CONTENT, Ctx, State, next_key


def start_raiders(ctx: Ctx, rest: list[str]) -> bool:
    """Open the raiders' activation over the areas whose raiders are due; False when none is (every raider
    in play was activated earlier in the turn: RULINGS A3)."""
    state = ctx.state
    todo = {area: acted.due(state, "raider", area) for area in state["space"]}
    skipped_before(ctx, sum(w["raider"] for w in state["space"].values()) - sum(todo.values()))
    todo = {area: n for area, n in todo.items() if n}
    if not todo:
        return False
    state["activation"] = {"icon": "raiders", "todo": todo, "rest": rest}
    next_key(state)
    return True


def skipped_before(ctx: Ctx, count: int) -> None:
    """Tell the log that ``count`` ships activated earlier in the turn do not act again (RULINGS A3)."""
    if count:
        ctx.emit("ships_already_activated", count=count)


def areas_left(state: State) -> list[str]:
    act = state["activation"]
    return sorted(act["todo"], key=lambda a: CONTENT.board.area(a).number) if act is not None else []


def _distance(start: str, goal: str) -> tuple[int, int]:
    """(steps, direction) from ``start`` to ``goal`` on the ring: direction 1 clockwise, -1 counter."""
    ring = sorted(CONTENT.board.space_areas, key=lambda a: a.number)
    n = len(ring)
    i = next(k for k, a in enumerate(ring) if a.id == start)
    j = next(k for k, a in enumerate(ring) if a.id == goal)
    cw = (j - i) % n
    ccw = (i - j) % n
    return (cw, 1) if cw <= ccw else (ccw, -1)


def _step_toward_civilians(state: State, area: str) -> str | None:
    """The next area toward the nearest civilian ship in space (R604c; equally near: clockwise)."""
    targets = [a for a, w in state["space"].items() if w["civilian"]]
    if not targets:
        return None
    best = min((_distance(area, t) for t in targets), key=lambda d: (d[0], -d[1]))
    ccw, cw = CONTENT.board.adjacent(area)
    return cw if best[1] == 1 else ccw


def _attack_viper(ctx: Ctx, area: str) -> bool:
    """R604a: an unpiloted viper first (a normal one before a Viper Mark VII, RULINGS G79), else a piloted
    one (G17). A Mark VII is damaged on 6-7 and destroyed on 8 (CF-1, R916)."""
    state = ctx.state
    where = state["space"][area]
    pilots = [p for p in state["players"] if p["viper"] == area]
    mk7_free = cylon_fleet.mk7_in(state, area)
    if not where["viper"] and not mk7_free and daybreak.assault_raptors_in(state, area):  # R604a, R1030 (G101)
        return _attack_assault_raptor(ctx, area)
    if not where["viper"] and not mk7_free and not pilots:
        return False
    pilot = None if where["viper"] or mk7_free else pilots[0]["seat"]
    mk7 = not where["viper"] and (bool(mk7_free) or bool(pilot is not None and pilots[0].get("mk7")))
    row = CONTENT.cylon_fleet.mk7_attacked if mk7 else CONTENT.board.attack("raider", "viper")
    roll = evade(ctx, ctx.rng.die(CONTENT.board.die_faces), lambda r: r in row.destroyed | row.damaged)
    result = "destroyed" if roll in row.destroyed else "damaged" if roll in row.damaged else "missed"
    ctx.emit("attack_rolled", attacker="raider", target="viper_mk7" if mk7 else "viper", area=area, roll=roll,
             result=result, pilot=pilot)
    if result == "missed":
        return True
    if pilot is not None and daybreak.flies_assault_raptor(state["players"][pilot]):
        # R432: the pilot goes to Sickbay; his Assault Raptor is destroyed, damaged or not (R623)
        daybreak.lose_craft(ctx, state["players"][pilot], result == "damaged")
        send_to(ctx, pilot, "sickbay")
        return True
    if pilot is None and not mk7:
        where["viper"] -= 1
    elif pilot is None:
        state["mk7"]["space"][area] -= 1
    else:  # R432: the pilot goes to Sickbay
        state["players"][pilot]["viper"] = None
        state["players"][pilot].pop("mk7", None)
        send_to(ctx, pilot, "sickbay")
    if mk7:
        state["mk7"]["damaged" if result == "damaged" else "lost"] += 1
    elif result == "damaged":
        state["damaged_vipers"] += 1
    else:
        state["vipers_lost"] += 1
    return True


def _attack_assault_raptor(ctx: Ctx, area: str) -> bool:
    """A raider attacks an unpiloted Assault Raptor as a viper; a damage destroys it (R623)."""
    row = CONTENT.board.attack("raider", daybreak.ASSAULT_RAPTOR)
    roll = evade(ctx, ctx.rng.die(CONTENT.board.die_faces), lambda r: r in row.destroyed | row.damaged)
    result = "destroyed" if row.result(roll) != "miss" else "missed"
    ctx.emit("attack_rolled", attacker="raider", target=daybreak.ASSAULT_RAPTOR, area=area, roll=roll,
             result=result, pilot=None)
    if result == "destroyed":
        daybreak.lose_assault_raptor(ctx, area)
    return True


def _destroy_civilian(ctx: Ctx, area: str) -> bool:
    state = ctx.state
    where = state["space"][area]
    if not where["civilian"]:
        return False
    civ = where["civilian"].pop(ctx.rng.below(len(where["civilian"])))
    state["decks"]["civilians_destroyed"].append(civ)
    loss = next(c.loss for c in CONTENT.board.civilians if c.id == civ)
    ctx.emit("civilian_destroyed", area=area, civilian=civ, loss=dict(loss))
    if loss:
        change_resources(ctx, {k: -v for k, v in loss.items()})
    return True


def activate_area(ctx: Ctx, area: str) -> None:
    """Every raider of ``area`` that is due acts once (R604)."""
    state = ctx.state
    count = state["activation"]["todo"].pop(area)
    ctx.emit("area_activated", area=area, raiders=count)
    for _ in range(count):
        if state["phase"] != "turn" or state["space"][area]["raider"] <= 0:
            break
        if _attack_viper(ctx, area) or _destroy_civilian(ctx, area):
            acted.mark(state, "raider", area)
            continue
        step = _step_toward_civilians(state, area)
        if step is not None:
            state["space"][area]["raider"] -= 1
            state["space"][step]["raider"] += 1
            acted.mark(state, "raider", step)
            ctx.emit("raider_moved", area=area, to=step)
            continue
        acted.mark(state, "raider", area)
        attack_galactica(ctx, "raider", area)
    next_key(state)


def attack_galactica(ctx: Ctx, attacker: str, area: str) -> None:
    """One ``attacker`` (a raider, a basestar) in ``area`` attacks Galactica: a die on the attack table
    (R161), logged; a hit damages her."""
    row = CONTENT.board.attack(attacker, "galactica")
    roll = ctx.rng.die(CONTENT.board.die_faces)
    hit = roll in row.damaged
    ctx.emit("attack_rolled", attacker=attacker, target="galactica", area=area, roll=roll,
             result="damaged" if hit else "missed")
    if hit:
        damage_galactica(ctx, 1)


def _toward_launch(area: str) -> str | None:
    """The next area toward the nearest launch area (ties: clockwise); None when already in one."""
    launch = CONTENT.board.launch_areas()
    if area in launch:
        return None
    best = min((_distance(area, t) for t in launch), key=lambda d: (d[0], -d[1]))
    ccw, cw = CONTENT.board.adjacent(area)
    return cw if best[1] == 1 else ccw


def boarding_choice(state: State) -> list[str]:
    """R003 (RULINGS G220): the launch areas the active player picks from, the one whose heavy raiders board
    first, when more heavy raiders would board than centurion tokens are left and they stand in more than one
    launch area; empty when there is nothing to pick."""
    board = CONTENT.board
    if state["boarding"] and max(state["boarding"]) + 1 >= board.boarding_win_at:
        return []  # the centurions advancing first win: nobody boards
    due = {area: acted.due(state, "heavy_raider", area) for area in state["space"]}
    boarding = sorted((a for a, n in due.items() if n and _toward_launch(a) is None),
                      key=lambda a: board.area(a).number)
    left = board.components["centurion"] - len(state["boarding"])
    return boarding if len(boarding) > 1 and 0 < left < sum(due[a] for a in boarding) else []


def heavy_raiders(ctx: Ctx, first: str | None = None) -> bool:
    """R606 (RULINGS A15, G19): the centurions already aboard advance one space, a centurion at the end of
    the track wins for the Cylons (R708c); then each heavy raider in a launch area boards (a centurion on
    the track's first space, the heavy raider back to the supply) and every other one moves one area
    toward the nearest launch area. False when no heavy raider is in play (the basestars launch then).
    With the table's limit, heavy raiders activated earlier in the turn stay where they are (RULINGS A3).
    ``first``: the launch area whose heavy raiders board first when centurions run short (R003, G220)."""
    state = ctx.state
    board = CONTENT.board
    if state["boarding"]:
        state["boarding"] = [c + 1 for c in state["boarding"]]
        ctx.emit("centurions_advanced", positions=list(state["boarding"]))
        if max(state["boarding"]) >= board.boarding_win_at:
            end_game(ctx, "cylons", "centurions_boarded")
            return True
    if not any(w["heavy_raider"] for w in state["space"].values()):
        return False
    due = {area: acted.due(state, "heavy_raider", area) for area in state["space"]}
    skipped_before(ctx, sum(w["heavy_raider"] for w in state["space"].values()) - sum(due.values()))
    for area in sorted(due, key=lambda a: (a != first, board.area(a).number)):
        for _ in range(due[area]):
            step = _toward_launch(area)
            if step is not None:
                state["space"][area]["heavy_raider"] -= 1
                state["space"][step]["heavy_raider"] += 1
                acted.mark(state, "heavy_raider", step)
                ctx.emit("heavy_raider_moved", area=area, to=step)
            elif len(state["boarding"]) < board.components["centurion"]:
                state["space"][area]["heavy_raider"] -= 1
                state["supply"]["heavy_raider"] += 1
                state["boarding"].append(0)
                ctx.emit("centurion_boarded", area=area)
            else:  # no centurion left to board with: activated, it stays (R003)
                acted.mark(state, "heavy_raider", area)
    return True
