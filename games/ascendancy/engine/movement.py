"""Movement (R44-R50), hazards (R51-R53), building the galaxy (R54-R61), exploration (R63-R71) and
phenomena (R73-R76).

A Move Command opens a move (``turn["move"]``) that the player walks one sector at a time with ``step``
and ends with ``stop`` (or that ends by itself: no Impulse left, a new system entered). Units are
``fleet:<card>`` or ``ship:<sector>`` (one loose ship in that sector, R44).
"""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import board, catalog, effects, layout
from games.ascendancy.engine.build import (
    check_fleet_sizes,
    complete_project,
    developed,
    project_secrecy,
    take_ship,
)
from games.ascendancy.engine.setup import new_system
from games.ascendancy.engine.state import Ctx, Player, State, adv_effects, adv_total, bump, shield_mod
from games.engine.core import IllegalCommand

IMPULSE = 2  # R45


def unit_at(p: Player, unit: str) -> str | None:
    kind, _, ident = unit.partition(":")
    if kind == "fleet":
        f = p["fleets"].get(ident)
        return f["sector"] if f else None
    return ident if p["ships"].get(ident, 0) > 0 else None


def unit_size(p: Player, unit: str) -> int:
    kind, _, ident = unit.partition(":")
    return int(p["fleets"][ident]["ships"]) if kind == "fleet" else 1


def units(p: Player) -> list[str]:
    out = [f"ship:{sector}" for sector in sorted(p["ships"]) if p["ships"][sector] > 0]
    out += [f"fleet:{fid}" for fid in sorted(p["fleets"]) if p["fleets"][fid]["sector"] is not None]
    return out


def _relocate(p: Player, unit: str, src: str, dst: str) -> None:
    kind, _, ident = unit.partition(":")
    if kind == "fleet":
        p["fleets"][ident]["sector"] = dst
        return
    p["ships"][src] -= 1
    if p["ships"][src] == 0:
        del p["ships"][src]
    p["ships"][dst] = p["ships"].get(dst, 0) + 1


def check_command_phase(state: State, seat: int) -> None:
    """A Command's preconditions: the Command Phase (R22), no move under way (R44), a ready token (R21)."""
    turn = state["turn"]
    if turn["phase"] != "command":
        raise IllegalCommand("command_phase_only", "ascendancy:R22")
    if turn["move"] is not None:
        raise IllegalCommand("finish_the_move", "ascendancy:R44")
    if state["players"][seat]["ready"] < 1:
        raise IllegalCommand("no_command_left", "ascendancy:R21")


# --- Impulse -------------------------------------------------------------------------------------------
def check_impulse(state: State, seat: int, args: dict[str, Any]) -> None:
    check_command_phase(state, seat)
    unit = args.get("unit")
    if not isinstance(unit, str) or unit_at(state["players"][seat], unit) is None:
        raise IllegalCommand("no_such_unit", "ascendancy:R44")


def impulse(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    p["ready"] -= 1
    unit = args["unit"]
    at = unit_at(p, unit)
    assert at is not None
    mover = unit if unit.startswith("fleet:") else "ship"
    reach = IMPULSE + effects.impulse_bonus(ctx.state, seat, unit)
    ctx.state["turn"]["move"] = {"unit": mover, "kind": "impulse", "at": at, "left": reach, "moved": False,
                                 "warp": None}
    ctx.emit("move_started", seat=seat, unit=unit, how="impulse")


def _move_unit_id(move: dict[str, Any]) -> str:
    return move["unit"] if move["unit"].startswith("fleet:") else f"ship:{move['at']}"


# --- Warp ----------------------------------------------------------------------------------------------
def check_enter_warp(state: State, seat: int, args: dict[str, Any]) -> None:
    unit = args.get("unit")
    if isinstance(unit, str) and unit_at(state["players"][seat], unit) is not None and effects.free_warp_entry(
            state, seat, unit):  # R195: no Command needed
        if state["turn"]["phase"] != "command":
            raise IllegalCommand("command_phase_only", "ascendancy:R22")
        if state["turn"]["move"] is not None:
            raise IllegalCommand("finish_the_move", "ascendancy:R44")
        return
    check_impulse(state, seat, args)


def enter_warp(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    """R46: out of the sector, one Warp token, the place it left recorded as its origin."""
    p = ctx.player(seat)
    unit = args["unit"]
    if effects.free_warp_entry(ctx.state, seat, unit):  # R195
        ctx.emit("free_warp_entry", seat=seat, unit=unit)
    else:
        p["ready"] -= 1
    at = unit_at(p, unit)
    assert at is not None
    ident = f"w{ctx.state['next_id']}"
    ctx.state["next_id"] += 1
    if unit.startswith("fleet:"):
        fid = unit.split(":", 1)[1]
        p["fleets"][fid]["sector"] = None
        p["warp"].append({"id": ident, "fleet": fid, "ships": p["fleets"][fid]["ships"], "origin": at,
                          "tokens": 1, "fresh": True})
    else:
        take_ship(p, at)
        p["warp"].append({"id": ident, "fleet": None, "ships": 1, "origin": at, "tokens": 1, "fresh": True})
    ctx.emit("entered_warp", seat=seat, unit=unit, origin=at)
    board.remove_abandoned_lanes(ctx.state)


def _warp_entry(p: Player, ident: Any) -> dict[str, Any]:
    for w in p["warp"]:
        if w["id"] == ident:
            found: dict[str, Any] = w
            return found
    raise IllegalCommand("no_such_warp", "ascendancy:R47")


def check_warp_boost(state: State, seat: int, args: dict[str, Any]) -> None:
    check_command_phase(state, seat)
    w = _warp_entry(state["players"][seat], args.get("warp"))
    if not w["fresh"] and state["options"].get("warp_boost") != "any_time":  # RULINGS A5
        raise IllegalCommand("not_just_entered_warp", "ascendancy:R47")


def warp_boost(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    p["ready"] -= 1
    w = _warp_entry(p, args["warp"])
    w["tokens"] += 1
    ctx.emit("warp_boosted", seat=seat, warp=w["id"], tokens=w["tokens"])


def check_exit_warp(state: State, seat: int, args: dict[str, Any]) -> None:
    check_command_phase(state, seat)
    _warp_entry(state["players"][seat], args.get("warp"))


def exit_warp(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    """R48: range = Warp tokens + Warp icons of ready Advancements; the origin system is not counted."""
    p = ctx.player(seat)
    p["ready"] -= 1
    w = _warp_entry(p, args["warp"])
    p["warp"].remove(w)
    at = w["origin"]
    if w["fleet"] is not None:
        p["fleets"][w["fleet"]]["sector"] = at
        mover = f"fleet:{w['fleet']}"
        ctx.state["turn"].setdefault("warp_exited", []).append(w["fleet"])  # R195
    else:
        p["ships"][at] = p["ships"].get(at, 0) + 1
        mover = "ship"
    reach = int(w["tokens"]) + adv_total(p, "warp")
    ctx.state["turn"]["move"] = {"unit": mover, "kind": "warp", "at": at, "left": reach, "moved": False,
                                 "warp": w["id"]}
    ctx.emit("exited_warp", seat=seat, warp=w["id"], origin=at, reach=reach)


# --- stepping --------------------------------------------------------------------------------------------
def _cost(sector: str, move: dict[str, Any]) -> int:
    """Impulse counts sectors; Warp counts the systems entered (R31, R48)."""
    if move["kind"] == "impulse":
        return 1
    return 1 if sector.startswith("S:") else 0


def step_options(state: State, seat: int) -> list[dict[str, Any]]:
    """Every legal step of the open move, in a fixed order."""
    move = state["turn"]["move"]
    at = move["at"]
    kind, ident, _ = board.parse(at)
    if move.get("lane_roll"):  # R55: the die is rolled, now where the lane goes
        return [{"direction": d} for d in layout.lane_directions(state, ident, move["lane_roll"])]
    out: list[dict[str, Any]] = []
    passing = effects.pass_rivals(state, seat, move["unit"])
    ahead = board.neighbours(state, at)
    if move["kind"] == "warp":  # R248: at Warp the Hub and each Conduit are one system apart
        ahead = sorted(set(ahead) | set(layout.warp_linked(state, at)))
    for nxt in ahead:
        blocked = board.blocked_for(state, seat, nxt)  # R195: rivals' ships, whatever the agreements, not a Cube
        if _cost(nxt, move) <= move["left"] and (blocked is None or passing and blocked != board.BORG_BLOCK):
            out.append({"to": nxt})
    if move["left"] < 1 and move["kind"] == "impulse":
        return out
    if kind == "S" and board.free_lane_slots(state, ident) > 0:
        out.append({"lane": True})
        if board.is_floating(state, ident) or layout.connections_from_any(state):  # R60, RULINGS G11
            longest = max(catalog.LANE_DIE)
            for other in sorted(state["systems"]):
                if other != ident and layout.can_connect(state, ident, other, longest):
                    out.append({"connect": other})
    if board.lane_of_open_end(state, at) is not None and state["stack"] and move["left"] >= 1:
        out.append({"explore": True})
    return out


def check_step(state: State, seat: int, args: dict[str, Any]) -> None:
    move = state["turn"]["move"] if state["turn"] else None
    if move is None:
        raise IllegalCommand("no_move_open", "ascendancy:R44")
    if dict(args) not in step_options(state, seat):
        raise IllegalCommand("step_not_possible", "ascendancy:R49")


def _enter(ctx: Ctx, seat: int, dst: str) -> None:
    p = ctx.player(seat)
    move = ctx.state["turn"]["move"]
    move["left"] -= _cost(dst, move)
    _relocate(p, _move_unit_id(move), move["at"], dst)
    ctx.emit("ship_moved", seat=seat, unit=move["unit"], src=move["at"], dst=dst)
    move["at"] = dst
    move["moved"] = True
    if move["kind"] == "impulse" and move["left"] <= 0:
        finish_move(ctx, seat)


def step(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    s = ctx.state
    move = s["turn"]["move"]
    at = move["at"]
    if "to" in args:
        passing = effects.pass_rivals(s, seat, move["unit"])
        if passing and set(board.present(s, args["to"])) - {seat}:  # R195: whatever the agreements
            _enter(ctx, seat, args["to"])
            if passing.get("stop") and s["turn"]["move"] is not None:
                ctx.emit("passed_rivals", seat=seat, sector=args["to"])
                finish_move(ctx, seat)
            return
        owner = board.passage_from(s, seat, args["to"], move.setdefault("allowed", []))
        if owner is not None:  # R49: ask the Peaceful player
            s["prompt"] = {"kind": "passage", "seat": owner, "mover": seat, "to": args["to"]}
            bump(s)
            ctx.emit("passage_asked", seat=seat, owner=owner, sector=args["to"])
            return
        _enter(ctx, seat, args["to"])
        return
    sid = board.parse(at)[1]
    if "direction" in args:  # R55: the lane goes where there is room, the ship enters it
        length = move.pop("lane_roll")
        lid = layout.place_lane(s, sid, int(args["direction"]), length)
        ctx.emit("lane_placed", seat=seat, lane=lid, system=sid, length=length, direction=args["direction"])
        _enter(ctx, seat, board.lane_sector(lid, 1))
        return
    if "lane" in args or "connect" in args:
        length = catalog.LANE_DIE[ctx.rng.below(len(catalog.LANE_DIE))]  # R55
        ctx.emit("lane_rolled", seat=seat, length=length)
        target = args.get("connect")
        if target is not None:
            if layout.can_connect(s, sid, target, length):  # R60: long enough
                lid = layout.connect(s, sid, target, length)
                ctx.emit("systems_connected", seat=seat, lane=lid, a=sid, b=target, length=length)
                from games.ascendancy.engine.rounds import update_contact

                update_contact(ctx)
                _enter(ctx, seat, board.lane_sector(lid, 1))
                return
            ctx.emit("connection_too_short", seat=seat, a=sid, b=target, length=length)
        if not layout.lane_directions(s, sid, length):  # R55.4: no room, the move ends
            ctx.emit("lane_abandoned", seat=seat, system=sid)
            finish_move(ctx, seat)
            return
        move["lane_roll"] = length
        return
    # explore: the unconnected end of a lane (R57)
    open_lane = board.lane_of_open_end(s, at)
    assert open_lane is not None
    lid = open_lane
    disc_id = s["stack"].pop()
    ctx.revealing = True
    if not layout.disc_fits(s, lid):  # R57: the system does not exist (RULINGS A14: the disc goes under)
        s["stack"].insert(0, disc_id)
        s["stack_known"] = s.get("stack_known", 0) + 1
        ctx.emit("disc_does_not_fit", seat=seat, disc=disc_id, lane=lid)
        back = board.sys_sector(s["lanes"][lid]["a"])  # the ship abandons the lane (RULINGS A14, G8)
        p = ctx.player(seat)
        _relocate(p, _move_unit_id(move), at, back)
        move["at"] = back
        finish_move(ctx, seat)
        return
    disc = catalog.DISCS[disc_id]
    xy = layout.place_system(s, lid, disc_id, int(disc["max_lanes"]))
    s["systems"][disc_id] = new_system(disc_id, disc, xy)
    if disc.get("transwarp"):  # R248: the Hub and the Conduits link for Warp travel
        layout.link_transwarp(s, disc_id)
    dst = board.sys_sector(disc_id)
    p = ctx.player(seat)
    _relocate(p, _move_unit_id(move), at, dst)
    move["at"] = dst
    move["moved"] = True
    move["discovered"] = disc_id
    ctx.emit("system_discovered", seat=seat, system=disc_id, disc_kind=disc["kind"], hazard=disc["hazard"])
    from games.ascendancy.engine.rounds import update_contact

    update_contact(ctx)
    finish_move(ctx, seat)  # R45, R57: entering a new system ends the move


def answer_passage(ctx: Ctx, owner: int, allow: bool) -> None:
    """R49: granted, the move goes on; refused, it ends where it is (the sector before his), for good."""
    s = ctx.state
    prompt = s["prompt"]
    s["prompt"] = None
    bump(s)
    mover = prompt["mover"]
    ctx.emit("passage_answered", seat=owner, mover=mover, allowed=allow)
    if allow:
        s["turn"]["move"]["allowed"].append(owner)
        _enter(ctx, mover, prompt["to"])
    else:
        finish_move(ctx, mover)


def check_stop(state: State, seat: int, args: dict[str, Any]) -> None:
    if state["turn"] is None or state["turn"]["move"] is None:
        raise IllegalCommand("no_move_open", "ascendancy:R44")
    if state["turn"]["move"].get("lane_roll"):
        raise IllegalCommand("place_the_lane", "ascendancy:R55")


def stop(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    finish_move(ctx, seat)


def finish_move(ctx: Ctx, seat: int) -> None:
    s = ctx.state
    move = s["turn"]["move"]
    s["turn"]["move"] = None
    p = ctx.player(seat)
    at = move["at"]
    unit = _move_unit_id(move)
    ctx.emit("move_ended", seat=seat, unit=move["unit"], at=at)
    kind, sid, _ = board.parse(at)
    discovered = move.get("discovered")
    if kind == "S":
        sys = s["systems"][sid]
        hazardous = (sys["hazard"] > 0 or sys["kind"] == "phenomenon") and not sys.get("transwarp")  # RULINGS A46
        survivors = unit_size(p, unit) if unit_at(p, unit) else 0
        if hazardous and (move["moved"] or move["kind"] == "warp"):
            collecting = sys["kind"] == "phenomenon" and (sys["research"] > 0 or bool(discovered))
            survivors = face_hazard(ctx, seat, unit, sid, unit_size(p, unit),
                                    one_at_a_time=collecting and effects.one_at_a_time(s, seat, unit))
            hazard_survived(ctx, seat, unit, sid, survivors)  # R77
        if sys["kind"] == "phenomenon" and not sys.get("transwarp"):  # RULINGS A46: no Research, no card
            if discovered:
                sys["research"] += 1  # R73
                effects.trigger(ctx, seat, "on_discover_phenomenon", sid=sid)  # R158
                for effect in catalog.DISCS[sys["disc"]].get("effects", []):  # the Borg Phenomena (RULINGS BN6)
                    if effect.get("when") == "on_discover_phenomenon" and (survivors > 0 or effect["kind"] != "tech_card"):
                        apply_effect(ctx, seat, sid, effect)
            if survivors > 0 and sys["research"] > 0:  # R74, R76
                take_research(ctx, seat, sid)
        elif discovered:
            effects.trigger(ctx, seat, "on_discover_system", sid=sid)
            if survivors > 0:  # R63
                explore(ctx, seat, sid)
            else:
                sys["face_down"] = draw_exploration(ctx)
        elif survivors > 0 and sys.get("face_down") and hazardous and move["moved"]:
            card = sys["face_down"]
            sys["face_down"] = None
            resolve_exploration(ctx, seat, sid, card)
    board.remove_abandoned_lanes(s)
    romulan_mines(ctx, seat, at, unit)
    if move["kind"] == "warp" and move["unit"].startswith("fleet:"):  # R202, RULINGS E58: out of Warp
        from games.ascendancy.engine.build import vulcan_fleet_cap

        vulcan_fleet_cap(ctx, seat)


def group_move_ended(ctx: Ctx, seat: int, sector: str, loose: int, fleets: list[str], *, in_battle: bool) -> None:
    """R51-R53, R76 (RULINGS E62): a Retreat or a Tactical Maneuver is a move at Impulse; ending it in a
    hazardous system, the ships that moved (``loose`` loose ships and the ``fleets``) Face the Hazard, a unit at a
    time. Survivors take a Phenomenon's Research token (into the Reserve while the battle goes on) and, once the
    battle is over, resolve a face-down Exploration card."""
    s = ctx.state
    kind, sid, _ = board.parse(sector)
    if kind != "S":
        return
    sys = s["systems"][sid]
    if not (sys["hazard"] > 0 or sys["kind"] == "phenomenon") or sys.get("transwarp"):  # RULINGS A46
        return
    p = ctx.player(seat)
    survivors = 0
    for unit in ([f"ship:{sector}"] if loose else []) + [f"fleet:{fid}" for fid in fleets]:
        fid = unit.partition(":")[2]
        size = loose if unit.startswith("ship:") else (
            p["fleets"][fid]["ships"] if fid in p["fleets"] and p["fleets"][fid]["sector"] == sector else 0)
        if size > 0:
            left = face_hazard(ctx, seat, unit, sid, size)
            hazard_survived(ctx, seat, unit, sid, left)  # R77
            survivors += left
    if survivors <= 0:
        return
    if sys["kind"] == "phenomenon":
        if sys["research"] > 0:
            take_research(ctx, seat, sid, ask=not in_battle)
    elif sys.get("face_down") and not in_battle:
        card = sys["face_down"]
        sys["face_down"] = None
        resolve_exploration(ctx, seat, sid, card)


def romulan_mines(ctx: Ctx, seat: int, at: str, unit: str | None = None, *, loose: int = 0,
                  fleets: tuple[str, ...] = ()) -> None:
    """R176, RULINGS E46: a Hostile player's ships that enter orbit of a system controlled by a player with the
    mines: a die each, rolled by the mines' owner; each >= target + the ships' Shields destroys one of them.
    ``unit`` is the unit that ended its move; without it, a Tactical Maneuver's group: ``loose`` of his loose ships
    there and his ``fleets`` moved (ships already there did not enter and roll nothing); losses fall on the loose
    ships first, then on the fleets, smallest first."""
    s = ctx.state
    kind, sid, _ = board.parse(at)
    if kind != "S":
        return
    owner = s["systems"][sid]["control"]
    if owner is None or owner == seat or board.at_peace(s, owner, seat):
        return
    p = ctx.player(seat)
    if unit is not None and unit.startswith("fleet:"):
        loose, fleets = 0, (unit.partition(":")[2],)
    elif unit is not None:
        loose, fleets = 1, ()
    for e in adv_effects(s["players"][owner], "mines"):
        loose = min(loose, p["ships"].get(at, 0))
        moved = [fid for fid in fleets if fid in p["fleets"] and p["fleets"][fid]["sector"] == at]
        n = loose + sum(p["fleets"][fid]["ships"] for fid in moved)
        if not n:
            return
        need = int(e["target"]) + shield_mod(p)
        dice = ctx.roll(owner, "mines", n)
        lost = sum(1 for d in dice if need <= 6 and d >= need)
        for _ in range(lost):
            if loose:
                take_ship(p, at)  # a loose ship first (build.take_ship)
                loose -= 1
            else:
                fid = min(moved, key=lambda f: (p["fleets"][f]["ships"], f))
                p["fleets"][fid]["ships"] -= 1
        ctx.emit("mines_exploded", seat=seat, owner=owner, system=sid, need=need, destroyed=lost)
        check_fleet_sizes(ctx, seat)


def face_hazard(ctx: Ctx, seat: int, unit: str, sid: str, ships: int, level: int | None = None,
                one_at_a_time: bool = False) -> int:
    """R52: one die per ship rolled by the player to the right; each >= Hazard + Shields destroys one."""
    s = ctx.state
    p = ctx.player(seat)
    level = level or s["systems"][sid]["hazard"] or 4
    target = level + shield_mod(p) + effects.hazard_bonus(s, seat, unit)
    if one_at_a_time:  # R173: one ship at a time, stopping at the first survivor
        dice: list[int] = []
        while len(dice) < ships:
            dice += ctx.roll(right_of(s, seat), "hazard", 1)
            if dice[-1] < target or target > 6:
                break
    else:
        dice = ctx.roll(right_of(s, seat), "hazard", ships)
    losses = sum(1 for d in dice if d >= target) if target <= 6 else 0
    sector = board.sys_sector(sid)
    kind, _, ident = unit.partition(":")
    for _ in range(losses):
        if kind == "fleet" and ident in p["fleets"]:
            p["fleets"][ident]["ships"] -= 1
        else:
            take_ship(p, sector)
    ctx.emit("hazard_faced", seat=seat, system=sid, target=target, dice=dice, destroyed=losses)
    check_fleet_sizes(ctx, seat)
    if ships - losses > 0:
        effects.trigger(ctx, seat, "on_hazard_survived", sid=sid, fleet=effects.unit_fleet(unit))
    return ships - losses


def right_of(state: State, seat: int) -> int:
    """R43, R258: the next live seat to the right (decreasing seat numbers)."""
    n: int = state["n"]
    for k in range(1, n):
        other = (seat - k) % n
        if not state["players"][other]["exterminated"]:
            return other
    return seat


def take_research(ctx: Ctx, seat: int, sid: str, *, ask: bool = True) -> None:
    """R74-R76: every Research token on the Phenomenon; a player with Projects is asked where each goes, onto
    his Projects (at most one each) or into his Reserve (``place_research``, RULINGS I7)."""
    s = ctx.state
    sys = s["systems"][sid]
    amount = sys["research"]
    sys["research"] = 0
    p = ctx.player(seat)
    p["phenomena_research"] = p.get("phenomena_research", 0) + amount
    ctx.emit("phenomenon_researched", seat=seat, system=sid, research=amount)
    if ask and amount > 0 and p["projects"] and s["prompt"] is None:
        s["prompt"] = {"kind": "place_research", "seat": seat, "left": amount, "placed": []}
        bump(s)
        return
    p["resources"]["research"] += amount


def place_research_options(state: State, seat: int) -> list[dict[str, str]]:
    prompt = state["prompt"]
    return [{"project": pr["card"]} for i, pr in enumerate(state["players"][seat]["projects"])
            if i not in prompt["placed"]] + [{}]  # positions: the faces may be private (RULINGS I38)


def place_research(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    """R74: one token onto a Project not given one yet (``{"project": card}``), or the rest into the Reserve
    (``{}``). Tokens no Project can take any more (each has one, or one was just completed) go to the Reserve."""
    s = ctx.state
    prompt = s["prompt"]
    p = ctx.player(seat)
    card = args.get("project")
    completed = False
    if card is not None:
        index, project = next((i, pr) for i, pr in enumerate(p["projects"]) if pr["card"] == card)
        project["research"] += 1
        prompt["left"] -= 1
        prompt["placed"].append(index)
        ctx.emit("project_funded", seat=seat, card=card, research=project["research"],
                 **project_secrecy(s, [seat], {"seat": seat, "card": None, "research": project["research"]}))
        completed = project["research"] >= catalog.ADVANCEMENTS[card]["cost"]
    if card is None or completed or prompt["left"] == 0 or place_research_options(s, seat) == [{}]:
        p["resources"]["research"] += prompt["left"]
        s["prompt"] = None
    bump(s)
    if completed:
        complete_project(ctx, seat, str(card))


def check_research(state: State, seat: int, args: dict[str, Any]) -> None:
    """R75: ships that started the turn on a Phenomenon with a token face its Hazard for 1 Command; the player
    chooses how many: ``ships`` (his loose ships there) or a ``fleet`` of his there (neither: one loose ship,
    else his first fleet there)."""
    check_command_phase(state, seat)
    sid = args.get("at")
    if not isinstance(sid, str) or sid not in state["systems"] or state["systems"][sid]["kind"] != "phenomenon":
        raise IllegalCommand("not_a_phenomenon", "ascendancy:R75")
    sector = board.sys_sector(sid)
    p = state["players"][seat]
    if sector not in state["turn"]["starts"] or board.ships_in(p, sector) == 0:
        raise IllegalCommand("no_ship_started_there", "ascendancy:R75")
    if state["systems"][sid]["research"] < 1:
        raise IllegalCommand("no_research_token", "ascendancy:R75")
    if set(args) - {"at", "ships", "fleet"} or ("ships" in args and "fleet" in args):
        raise IllegalCommand("bad_argument", "ascendancy:R75", argument="ships")
    if "ships" in args:
        k = args["ships"]
        if type(k) is not int or k < 1:
            raise IllegalCommand("bad_argument", "ascendancy:R75", argument="ships")
        if p["ships"].get(sector, 0) < k:
            raise IllegalCommand("not_enough_ships_there", "ascendancy:R75")
    if "fleet" in args and (args["fleet"] not in p["fleets"] or p["fleets"][args["fleet"]]["sector"] != sector):
        raise IllegalCommand("no_such_fleet", "ascendancy:R75")


def research_candidates(state: State, seat: int, sid: str) -> list[dict[str, Any]]:
    p = state["players"][seat]
    sector = board.sys_sector(sid)
    return [{"at": sid, "ships": k} for k in range(1, p["ships"].get(sector, 0) + 1)] + [
        {"at": sid, "fleet": fid} for fid in sorted(p["fleets"]) if p["fleets"][fid]["sector"] == sector]


def research(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    p["ready"] -= 1
    sid = args["at"]
    sector = board.sys_sector(sid)
    if "fleet" in args:
        unit, size = f"fleet:{args['fleet']}", None
    elif "ships" in args or p["ships"].get(sector):
        unit, size = f"ship:{sector}", int(args.get("ships", 1))
    else:
        unit, size = next(f"fleet:{fid}" for fid in sorted(p["fleets"]) if p["fleets"][fid]["sector"] == sector), None
    survivors = face_hazard(ctx, seat, unit, sid, unit_size(p, unit) if size is None else size,
                            one_at_a_time=effects.one_at_a_time(ctx.state, seat, unit))
    hazard_survived(ctx, seat, unit, sid, survivors)  # R77
    if survivors > 0:
        take_research(ctx, seat, sid)


def hazard_survived(ctx: Ctx, seat: int, unit: str, sid: str, survivors: int) -> None:
    """R77 Temporal Anomaly: the disc's ``refresh_commands`` effect when a ship survives its Hazard (RULINGS
    A17: 1 Exhausted Command, option ``temporal_anomaly`` ``all``: every one; E20: each fleet once per turn,
    the loose ships once per turn per system)."""
    if survivors <= 0:
        return
    s = ctx.state
    disc = catalog.DISCS.get(s["systems"][sid].get("disc", sid), {})
    refreshes = [e for e in disc.get("effects", []) if e["kind"] == "refresh_commands"
                 and e.get("when") == "on_hazard_survived"]
    if not refreshes:
        return
    key = unit if unit.startswith("fleet:") else f"ships@{sid}"
    done = s["turn"].setdefault("anomaly", [])
    if key in done:
        return
    done.append(key)
    p = ctx.player(seat)
    before = p["ready"]
    if s["options"].get("temporal_anomaly") == "all":
        p["ready"] = p["commands"]
    else:
        p["ready"] = min(p["commands"], p["ready"] + sum(int(e["amount"]) for e in refreshes))
    ctx.emit("commands_refreshed", seat=seat, system=sid, commands=p["ready"] - before)


# --- exploration cards -----------------------------------------------------------------------------------
def draw_exploration(ctx: Ctx) -> str | None:
    ex = ctx.state["exploration"]
    if not ex["deck"]:
        ex["deck"] = ctx.rng.shuffled(sorted(ex["discard"]))  # RULINGS E8: an empty deck is reshuffled
        ex["discard"] = []
        ex["known"] = 0
    if not ex["deck"]:
        return None
    ctx.revealing = True
    card: str = ex["deck"].pop()
    ex["known"] = min(ex.get("known", 0), len(ex["deck"]))
    return card


def explore(ctx: Ctx, seat: int, sid: str) -> None:
    card = draw_exploration(ctx)
    if card is not None:
        resolve_exploration(ctx, seat, sid, card)


def diplomacy_test(ctx: Ctx, seat: int, number: int, sid: str | None = None) -> bool:
    """R67: one die + Authority (+ ``diplomacy_roll`` of the cards and of the fleets in ``sid``), strictly
    greater than the Diplomacy Number."""
    p = ctx.player(seat)
    die = ctx.roll(seat, "diplomacy")[0]
    bonus = effects.total(ctx.state, seat, "diplomacy_roll")
    bonus += sum(effects.fleet_total(ctx.state, seat, "diplomacy_roll", fid) for fid, f in sorted(p["fleets"].items())
                 if sid is not None and f["sector"] == board.sys_sector(sid))
    passed = die + int(p["authority"]) + bonus > number
    ctx.emit("diplomacy_test", seat=seat, die=die, authority=p["authority"], number=number, passed=passed)
    return passed


def resolve_exploration(ctx: Ctx, seat: int, sid: str, card: str) -> None:
    """R64-R71: resolve the card at once; a card that remains in play stays on the system (colonizing it
    discards it); a recurring card goes back under the deck or is shuffled in (R65)."""
    s = ctx.state
    p = ctx.player(seat)
    info = catalog.EXPLORATION[card]
    sys = s["systems"][sid]
    ctx.emit("exploration_card", seat=seat, system=sid, card=card, type=info["type"])
    where = "discard"
    for effect in info.get("effects", []):
        apply_effect(ctx, seat, sid, effect)
    test = info.get("diplomacy")
    if info["type"] == "ally":  # R68: pass, it goes in front of you; fail, under the deck
        passed = diplomacy_test(ctx, seat, int(test["number"]), sid) if test else True
        for effect in (test or {}).get("pass" if passed else "fail", []):
            apply_effect(ctx, seat, sid, effect)
        where = "ally" if passed else "bottom"
    elif test:  # R67
        passed = diplomacy_test(ctx, seat, int(test["number"]), sid)
        for effect in test["pass" if passed else "fail"]:
            apply_effect(ctx, seat, sid, effect)
    if info["type"] == "civilization":
        effects.trigger(ctx, seat, "on_draw_civilization", sid=sid)  # R158
        civ = info["civilization"]
        if civ["stage"] == "pre_warp":  # R69
            sys["prewarp"] = dict(civ["tokens"])
        else:  # R70
            develop_warp_civilization(sys, int(civ["level"]), int(civ["nodes"]))
    if info.get("remains_in_play") and where == "discard":
        sys["card"] = card
        return
    if info.get("recurring") == "bottom" or where == "bottom":
        s["exploration"]["deck"].insert(0, card)
        s["exploration"]["known"] = s["exploration"].get("known", 0) + 1
    elif info.get("recurring") == "shuffle":  # R65: shuffled in with the cards left (the bottom ones too)
        s["exploration"]["deck"].append(card)
        ctx.rng.shuffle(s["exploration"]["deck"])
        s["exploration"]["known"] = 0
    elif where == "ally":
        p.setdefault("allies", []).append(card)
        ctx.emit("ally_joined", seat=seat, card=card)
    else:
        s["exploration"]["discard"].append(card)


def apply_effect(ctx: Ctx, seat: int, sid: str, effect: dict[str, Any]) -> None:
    """The exploration effects the engine plays so far; the others are logged as not played yet."""
    p = ctx.player(seat)
    kind = effect["kind"]
    sector = board.sys_sector(sid)
    if kind == "gain":
        for res, amount in sorted(effect["bundle"].items()):
            p["resources"][res] += int(amount)
    elif kind == "lose":
        for res in catalog.RESOURCES:
            amount = p["resources"][res] if effect.get("all") else int(effect.get("bundle", {}).get(res, 0))
            p["resources"][res] -= min(amount, p["resources"][res])
    elif kind == "lose_authority":
        p["authority"] = max(0, p["authority"] - int(effect["amount"]))
        from games.ascendancy.engine.build import vulcan_fleet_cap

        vulcan_fleet_cap(ctx, seat)
    elif kind == "destroy_ships":
        if effect.get("unless") == "upgraded" and (p["weapons"] > 0 or p["shields"] > 0):
            return
        here = board.ships_in(p, sector)
        count = here if effect["count"] == "all" else min(int(effect["count"]), here)
        for _ in range(count):
            take_ship(p, sector)
        ctx.emit("ships_destroyed", seat=seat, system=sid, ships=count)
        check_fleet_sizes(ctx, seat)
    elif kind == "face_hazard":
        here = board.ships_in(p, sector)
        if here:
            units_here = [u for u in units(p) if unit_at(p, u) == sector]
            for u in units_here:
                face_hazard(ctx, seat, u, sid, unit_size(p, u), level=int(effect["level"]))
    elif kind == "research_tokens":
        ctx.state["systems"][sid]["research"] += int(effect["amount"])
    elif kind == "advance_project" and p["projects"]:
        project = p["projects"][0]  # RULINGS E4: the oldest Project
        project["research"] += int(effect["amount"])
        if project["research"] >= catalog.ADVANCEMENTS[project["card"]]["cost"]:
            from games.ascendancy.engine.build import complete_project

            complete_project(ctx, seat, project["card"])
    elif kind == "complete_project" and p["projects"]:
        from games.ascendancy.engine.build import complete_project

        complete_project(ctx, seat, p["projects"][0]["card"])
    elif kind == "place_system":
        traveler(ctx, seat, sid)
    elif kind == "control_ships":  # Dark Mirror (R276, RULINGS A44, B43): mirror.py
        effects.MECHANICS["dark_mirror"](ctx, seat, sid)
    elif kind in ENCOUNTERS:  # the Borg encounters (Borg Exploration cards and discs)
        effects.MECHANICS["borg_encounter"](ctx, seat, sid, effect)  # borg.py
    else:
        ctx.emit("effect_not_played", seat=seat, effect=kind)


# --- The Traveler (``place_system``, RULINGS E52) ----------------------------------------------------------
def traveler(ctx: Ctx, seat: int, sid: str) -> None:
    """The lane die is rolled (R55); the explorer then chooses where the lane and the new disc go, among the
    directions where both fit (decision ``place_system``). No free lane connection, no disc left or no room
    for that length: the card does nothing."""
    s = ctx.state
    p = ctx.player(seat)
    if (not s["stack"] or board.free_lane_slots(s, sid) <= 0 or board.ships_in(p, board.sys_sector(sid)) == 0
            or s["prompt"] is not None):
        ctx.emit("traveler_no_room", seat=seat, system=sid)
        return
    length = catalog.LANE_DIE[ctx.rng.below(len(catalog.LANE_DIE))]
    ctx.emit("lane_rolled", seat=seat, length=length)
    if not layout.placements(s, sid, length):
        ctx.emit("traveler_no_room", seat=seat, system=sid)
        return
    s["prompt"] = {"kind": "place_system", "seat": seat, "system": sid, "length": length}
    bump(s)


def traveler_options(state: State) -> list[dict[str, Any]]:
    prompt = state["prompt"]
    return [{"direction": d} for d in layout.placements(state, prompt["system"], int(prompt["length"]))]


def traveler_place(ctx: Ctx, seat: int, direction: int) -> None:
    """Lay the lane and the top disc of the stack at its end; every ship of the explorer in the explored
    system moves into the new one, which they discover as if they had explored it (R57, R63, R73)."""
    s = ctx.state
    prompt = s["prompt"]
    s["prompt"] = None
    bump(s)
    sid, length = prompt["system"], int(prompt["length"])
    lid = layout.place_lane(s, sid, direction, length)
    ctx.emit("lane_placed", seat=seat, lane=lid, system=sid, length=length, direction=direction)
    disc_id = s["stack"].pop()
    ctx.revealing = True
    disc = catalog.DISCS[disc_id]
    xy = layout.place_system(s, lid, disc_id, int(disc["max_lanes"]))
    s["systems"][disc_id] = new_system(disc_id, disc, xy)
    ctx.emit("system_discovered", seat=seat, system=disc_id, disc_kind=disc["kind"], hazard=disc["hazard"])
    p = ctx.player(seat)
    src, dst = board.sys_sector(sid), board.sys_sector(disc_id)
    moved: list[str] = []
    loose = p["ships"].pop(src, 0)
    if loose:
        p["ships"][dst] = loose
        moved.append(f"ship:{dst}")
    for fid in sorted(p["fleets"]):
        if p["fleets"][fid]["sector"] == src:
            p["fleets"][fid]["sector"] = dst
            moved.append(f"fleet:{fid}")
    ctx.emit("traveler_moved", seat=seat, src=sid, system=disc_id, ships=board.ships_in(p, dst))
    from games.ascendancy.engine.rounds import update_contact

    update_contact(ctx)
    _arrive(ctx, seat, disc_id, moved)
    board.remove_abandoned_lanes(s)


def _arrive(ctx: Ctx, seat: int, sid: str, moved: list[str]) -> None:
    """Ships that came into a system just placed: its Hazard, then a Phenomenon's Research or an Exploration
    card (what ``finish_move`` does for a ship that discovered it)."""
    s = ctx.state
    p = ctx.player(seat)
    sys = s["systems"][sid]
    survivors = board.ships_in(p, board.sys_sector(sid))
    if sys["hazard"] > 0 or sys["kind"] == "phenomenon":
        survivors = 0
        for unit in moved:
            size = p["ships"].get(board.sys_sector(sid), 0) if unit.startswith("ship:") else (
                p["fleets"][unit.partition(":")[2]]["ships"] if unit.partition(":")[2] in p["fleets"] else 0)
            if not size:
                continue
            left = face_hazard(ctx, seat, unit, sid, size, one_at_a_time=sys["kind"] == "phenomenon"
                               and effects.one_at_a_time(s, seat, unit))
            hazard_survived(ctx, seat, unit, sid, left)
            survivors += left
    if sys["kind"] == "phenomenon":
        sys["research"] += 1  # R73
        effects.trigger(ctx, seat, "on_discover_phenomenon", sid=sid)
        if survivors > 0:
            take_research(ctx, seat, sid)
        return
    effects.trigger(ctx, seat, "on_discover_system", sid=sid)
    if survivors > 0:
        explore(ctx, seat, sid)
    else:
        sys["face_down"] = draw_exploration(ctx)
ENCOUNTERS = ("nearest_cube", "new_cube", "place_spire", "spire_nodes", "tech_card", "hub_roll")


def develop_warp_civilization(sys: dict[str, Any], level: int, count: int) -> None:
    """R70: Warp tokens = level; nodes by priority Production, Research, Culture, each type filling its own
    slots and then free Open slots (the INFERRED algorithm, both book examples)."""
    sys["warp_level"] = level
    built = 0
    for kind in catalog.NODE_TYPES:
        for wanted in (kind, catalog.OPEN):
            for i, slot in enumerate(sys["slots"]):
                if built < count and slot == wanted and sys["nodes"][i] is None:
                    sys["nodes"][i] = kind
                    built += 1


__all__ = ["developed"]
