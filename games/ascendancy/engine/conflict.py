"""Space battles (R85-R99), planetary invasions (R100-R110), captures (R118-R120), Cultural Hegemony
(R111-R117), Trade Agreements (R78-R84) and Betrayal (R82).

A battle or invasion lives in ``turn["battle"]``. It runs as a queue of steps (``b["steps"]``: roll, re-roll,
score, allocate hits, retreat...); a step that needs a player's choice puts it in ``state["prompt"]`` and stays
at the head of the queue, and the answer (``answer``) resumes the queue. Combat effects come from the data:
the player's completed Advancements, his civilization's rules and the Fleets taking part (R86: a rule of a
fleet in any sector of the battle applies to the whole side).
"""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import board
from games.ascendancy.engine.build import check_fleet_sizes, developed, take_control
from games.ascendancy.engine.movement import right_of, romulan_mines
from games.ascendancy.engine.state import Ctx, Player, State, adv_effects, bump, shield_mod, weapons_roll
from games.engine.core import IllegalCommand

MAX_ROUNDS = 30  # RULINGS A10: a battle nobody can end is stopped
SPACE, INV_ATT, INV_DEF = "space_battle", "invasion_attack", "invasion_defense"
ATTACK_RULES = ("extra_dice", "reroll", "first_strike")  # R130: a fleet with one of these rolls apart
#: The decisions a battle asks, with the commands that answer them (``commands`` hands them to ``answer``).
PROMPTS = ("cancel_battle", "first_strike", "split_dice", "reroll", "allocate_hits", "retreat", "retreat_more",
           "invasion_continue", "surrender", "bombard", "collateral", "maneuver", "give_project", "sacrifice")


def _command(state: State, seat: int) -> None:
    turn = state["turn"]
    if turn["phase"] != "command":
        raise IllegalCommand("command_phase_only", "ascendancy:R22")
    if turn["move"] is not None:
        raise IllegalCommand("finish_the_move", "ascendancy:R44")
    if state["players"][seat]["ready"] < 1:
        raise IllegalCommand("no_command_left", "ascendancy:R21")


def betray(ctx: Ctx, seat: int, victims: list[int]) -> None:
    """R82: attacking (or trying Hegemony on) a player whose card you hold returns it."""
    p = ctx.player(seat)
    for v in victims:
        if str(v) in p["trade_held"]:
            held = p["trade_held"].pop(str(v))
            ctx.player(v)["trade_hand"].append(held["card"])
            ctx.player(v)["trade_hand"].sort()
            ctx.emit("betrayal", seat=seat, victim=v)


def hits_needed(shooter: Player, target_shields: int) -> int:
    return weapons_roll(shooter) + target_shields  # R90


def is_hit(shooter: Player, die: int, target_shields: int) -> bool:
    if any(die == int(e["face"]) for e in adv_effects(shooter, "always_hit")):  # R165
        return True
    need = hits_needed(shooter, target_shields)
    return need <= 6 and die >= need  # R91


def can_ever_hit(shooter: Player, target_shields: int) -> bool:
    return bool(adv_effects(shooter, "always_hit")) or hits_needed(shooter, target_shields) <= 6


# --- combat effects from the data -----------------------------------------------------------------------
def _in_scope(e: dict[str, Any], scope: str) -> bool:
    return e.get("scope", "all") in ("all", scope)


def _passive(e: dict[str, Any]) -> bool:
    return bool(e.get("when", "passive") == "passive")


def civ_effects(p: Player, kind: str) -> list[dict[str, Any]]:
    """The effects of this kind among the civilization's own rules (the console, R164...)."""
    from games.ascendancy.engine.catalog import CIV

    return [e for r in CIV[p["civ"]].get("rules", []) for e in r.get("effects", []) if e["kind"] == kind]


def fleet_effects(p: Player, fid: str) -> list[dict[str, Any]]:
    from games.ascendancy.engine.catalog import FLEET_SIDES

    found: list[dict[str, Any]] = FLEET_SIDES[p["fleets"][fid]["side"]].get("effects", [])
    return found


def fleets_in(p: Player, sectors: list[str]) -> list[str]:
    return sorted(fid for fid, f in p["fleets"].items() if f["sector"] in sectors and f["ships"] > 0)


def adv_sources(p: Player, kind: str, scope: str, *, activated: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """(source id, effect) of the player's ready Advancements: passive ones, or those he activates."""
    from games.ascendancy.engine.catalog import effects_of

    return [(f"adv:{a['card']}", e) for a in p["advancements"] if not a["exhausted"]
            for e in effects_of(a["card"]) if e["kind"] == kind and _in_scope(e, scope)
            and (_passive(e) != activated)]


def side_sources(p: Player, kind: str, scope: str, sectors: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """Passive Advancement effects plus those of the fleets in the battle's sectors (R86)."""
    out = adv_sources(p, kind, scope)
    for fid in fleets_in(p, sectors):
        out += [(f"fleet:{fid}", e) for e in fleet_effects(p, fid) if e["kind"] == kind and _in_scope(e, scope)]
    return out


def _exhaust(p: Player, source: str) -> None:
    card = source.partition(":")[2]
    for a in p["advancements"]:
        if a["card"] == card:
            a["exhausted"] = True


def _scope(b: dict[str, Any], seat: int | None) -> str:
    if b["kind"] == "space":
        return SPACE
    return INV_ATT if seat == b["attacker"] else INV_DEF


def battle_sectors(b: dict[str, Any], seat: int) -> list[str]:
    if b["kind"] == "space" and seat == b["attacker"]:
        return list(b["from"])
    return [b["target"]]


def side_shields(state: State, b: dict[str, Any], seat: int) -> int:
    p = state["players"][seat]
    extra = sum(int(e["amount"]) for _, e in side_sources(p, "shield", _scope(b, seat), battle_sectors(b, seat)))
    return shield_mod(p) + extra


def starbase_bonus(state: State, seat: int, sectors: list[str]) -> int:
    """R92, R123: +1 die (Armed Starbase R187: 3) if any involved ship orbits a system you Control with a
    Starbase; no ships, no dice."""
    p = state["players"][seat]
    for sector in sectors:
        kind, sid, _ = board.parse(sector)
        sys = state["systems"][sid] if kind == "S" else None
        if sys and sys["control"] == seat and sys["starbase"] and board.ships_in(p, sector):
            return max([1] + [int(e["amount"]) for _, e in adv_sources(p, "starbase_dice", SPACE)])
    return 0


def ambassador_dice(state: State, b: dict[str, Any]) -> int:
    """R211 hook (asc-civs): extra defence dice of an invaded system's owner; none here."""
    return 0


def _groups(state: State, b: dict[str, Any], seat: int) -> list[tuple[str, int]]:
    """The seat's dice this round, by group (R89, R130): the ships (with the side's extra dice) and apart each
    fleet whose rule changes its attack."""
    p = state["players"][seat]
    sectors = battle_sectors(b, seat)
    scope = _scope(b, seat)
    main = sum(p["ships"].get(sec, 0) for sec in sectors)
    groups: list[tuple[str, int]] = []
    for fid in fleets_in(p, sectors):
        effs = [e for e in fleet_effects(p, fid) if _in_scope(e, scope)]
        n = p["fleets"][fid]["ships"]
        if any(e["kind"] in ATTACK_RULES or e.get("when") == "on_enemy_destroyed" for e in effs):
            groups.append((f"fleet:{fid}", n + sum(int(e["amount"]) for e in effs if e["kind"] == "extra_dice")))
        else:
            main += n
    if main or groups:
        main += sum(int(e["amount"]) for _, e in adv_sources(p, "extra_dice", scope))
        if b["kind"] == "space":
            main += starbase_bonus(state, seat, sectors)
    return [("ships", main), *groups] if main else groups


# --- the step queue ----------------------------------------------------------------------------------------
def _ask(state: State, kind: str, seat: int, **params: Any) -> None:
    state["prompt"] = {"kind": kind, "seat": seat, **params}
    bump(state)


def _advance(ctx: Ctx) -> None:
    s = ctx.state
    while s["prompt"] is None:
        b = s["turn"]["battle"] if s["turn"] else None
        if b is None or not b["steps"]:
            return
        step = b["steps"][0]
        done = STEPS[step[0]](ctx, b, *step[1:])
        if done is not False and s["turn"]["battle"] is b and b["steps"] and b["steps"][0] is step:
            b["steps"].pop(0)


def _participants(b: dict[str, Any]) -> list[int]:
    return [b["attacker"], *b["defenders"]]


# --- Space Battle ----------------------------------------------------------------------------------------
def attack_sectors(state: State, seat: int, target: str) -> list[str]:
    """R87: every sector of yours adjacent to the target (the target itself included)."""
    p = state["players"][seat]
    return [sec for sec in board.occupied_sectors(p) if board.adjacent(state, sec, target)]


def check_attack(state: State, seat: int, args: dict[str, Any]) -> None:
    _command(state, seat)
    target = args.get("target")
    if not isinstance(target, str) or not board.exists(state, target):
        raise IllegalCommand("bad_argument", argument="target")
    if not [x for x in board.present(state, target) if x != seat]:
        raise IllegalCommand("no_enemy_there", "ascendancy:R85")
    if not attack_sectors(state, seat, target):
        raise IllegalCommand("target_not_adjacent", "ascendancy:R85")


def attack(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    s = ctx.state
    ctx.player(seat)["ready"] -= 1
    target = args["target"]
    defenders = [x for x in board.present(s, target) if x != seat]
    betray(ctx, seat, defenders)
    sectors = attack_sectors(s, seat, target)
    start = {str(d): board.ships_in(s["players"][d], target) for d in defenders}
    start[str(seat)] = sum(board.ships_in(s["players"][seat], sec) for sec in sectors)
    s["turn"]["battle"] = {"kind": "space", "attacker": seat, "target": target, "defenders": defenders,
                           "from": sectors, "round": 0, "queue": [], "start": start, "gone": [],
                           "asked": [], "first_strike": [], "dice": {}, "split": {}, "used": {}, "sacrifice": {},
                           "steps": [["offer", "cancel_battle"], ["offer", "first_strike"], ["round"]]}
    ctx.emit("battle_started", seat=seat, target=target, defenders=defenders)
    _advance(ctx)


def _activatable(state: State, b: dict[str, Any], seat: int, kind: str) -> str | None:
    p = state["players"][seat]
    scope = _scope(b, seat)
    found = [src for src, e in adv_sources(p, kind, scope, activated=True) if e.get("exhaust")]
    if kind == "first_strike" and side_sources(p, kind, scope, battle_sectors(b, seat)):
        return None  # already has it without spending a card
    return found[0] if found else None


def _step_offer(ctx: Ctx, b: dict[str, Any], kind: str) -> bool:
    """R99, R177 (cancel) and R95 (a First Strike card to exhaust): asked once, before the first round,
    of each participant holding such a ready card."""
    s = ctx.state
    for seat in _participants(b):
        if f"{kind}:{seat}" in b["asked"]:
            continue
        source = _activatable(s, b, seat, kind)
        if source is not None:
            _ask(s, kind, seat, card=source.partition(":")[2])
            return False
    return True


def _step_round(ctx: Ctx, b: dict[str, Any]) -> None:
    s = ctx.state
    b["round"] += 1
    b["split"] = {}
    b["used"] = {}
    seats = _participants(b)
    fs: set[int] = set()
    if b["round"] == 1:  # R95: First Strike is for the first Combat Round only
        fs = {x for x in seats if x in b["first_strike"]
              or side_sources(s["players"][x], "first_strike", SPACE, battle_sectors(b, x))}
    att_fs = b["attacker"] in fs
    def_fs = [d for d in b["defenders"] if d in fs]
    if att_fs and def_fs:
        ctx.emit("first_strike_cancelled", seats=sorted(fs))  # R95: both sides have it, neither uses it
        waves = [seats]
    elif att_fs:
        waves = [[b["attacker"]], list(b["defenders"])]
    elif def_fs:
        waves = [def_fs, [x for x in seats if x not in def_fs]]
    else:
        waves = [seats]
    if len(waves) > 1:
        ctx.emit("first_strike", seats=waves[0])
    steps: list[list[Any]] = []
    for wave in waves:
        steps += [["roll", x] for x in wave] + [["reroll", x] for x in wave] + [["score", wave], ["allocate"]]
    b["steps"][1:1] = [*steps, ["end_round"]]


def _alive(state: State, b: dict[str, Any], seat: int) -> bool:
    return any(board.ships_in(state["players"][seat], sec) > 0 for sec in battle_sectors(b, seat))


def _target_need(state: State, b: dict[str, Any], shooter: int, target: int | None) -> int:
    """R90, R110: the shooter's hit roll plus the target's Shield Modifier."""
    if b["kind"] == "invasion" and shooter == b["attacker"] and b["defender"] is None:
        return weapons_roll(state["players"][shooter]) + int(state["systems"][b["system"]]["warp_level"])
    assert target is not None
    return weapons_roll(state["players"][shooter]) + side_shields(state, b, target)


def _step_roll(ctx: Ctx, b: dict[str, Any], seat: int) -> bool:
    s = ctx.state
    b["dice"].pop(str(seat), None)
    if not _alive(s, b, seat):
        return True
    if b["kind"] == "invasion" and b.get("bombard"):
        return True  # R105: the bombarding ships destroy nodes instead of rolling
    groups = _groups(s, b, seat)
    if b["kind"] == "space" and _sacrificers(s, b, seat):  # R166: sacrifice instead of rolling?
        key = f"sacrifice:{b['round']}:{seat}"
        if key not in b["sacrifice"]:
            _ask(s, "sacrifice", seat, ships=_ships_in_battle(s, b, seat))
            return False
        if b["sacrifice"][key]:
            groups = [("sacrifice", int(b["sacrifice"][key]))]
    total = sum(n for _, n in groups)
    if b["kind"] == "space" and seat == b["attacker"]:
        targets = [d for d in b["defenders"] if _alive(s, b, d)]
        if len(targets) > 1 and sum(b["split"].values()) < total:  # R88: the Attacker declares the split
            undecided = [d for d in targets if str(d) not in b["split"]]
            if len(undecided) > 1:
                left = total - sum(b["split"].values())
                b["split_for"] = undecided[0]
                _ask(s, "split_dice", seat, defender=undecided[0], dice=left)
                return False
            b["split"][str(undecided[0])] = total - sum(b["split"].values())
        on = [d for d in targets for _ in range(b["split"].get(str(d), total if len(targets) == 1 else 0))]
    elif b["kind"] == "space":
        on = [b["attacker"]] * total
    else:
        on = [b["defender"]] * total
    p = s["players"][seat]
    always = sorted({int(e["face"]) for e in adv_effects(p, "always_hit")})
    records: list[dict[str, Any]] = []
    why = ("attack" if seat == b["attacker"] else "defend") if b["kind"] == "space" else "invade"
    for group, n in groups:
        for face in ctx.roll(seat, why, n) if group != "sacrifice" else [6] * n:
            target = on[len(records)] if len(records) < len(on) else (on[-1] if on else None)
            records.append({"face": face, "group": group, "on": target, "by": [], "always": always,
                            "need": _target_need(s, b, seat, target)})
    b["dice"][str(seat)] = records
    return True


def _die_hits(d: dict[str, Any]) -> bool:
    return d["group"] == "sacrifice" or d["face"] in d["always"] or (d["need"] <= 6 and d["face"] >= d["need"])


def _sacrificers(state: State, b: dict[str, Any], seat: int) -> list[tuple[str, dict[str, Any]]]:
    return adv_sources(state["players"][seat], "sacrifice_attack", SPACE)


def _ships_in_battle(state: State, b: dict[str, Any], seat: int) -> int:
    return sum(board.ships_in(state["players"][seat], sec) for sec in battle_sectors(b, seat))


def reroll_sources(state: State, b: dict[str, Any], seat: int) -> list[tuple[str, dict[str, Any]]]:
    if str(seat) not in b["dice"] or seat is None:
        return []
    p = state["players"][seat]
    return side_sources(p, "reroll", _scope(b, seat), battle_sectors(b, seat))


def reroll_options(state: State, seat: int) -> list[dict[str, Any]]:
    """R42, R93, R172, R175: each distinct rule re-rolls a die at most once, within its per-round budget, on
    the dice its filter names (misses, ones, any) and, for a fleet's rule, on that fleet's dice only."""
    b = state["turn"]["battle"]
    dice = b["dice"].get(str(seat), [])
    out = []
    for src, e in reroll_sources(state, b, seat):
        budget = len(dice) if e["dice"] == "all" else int(e["dice"])
        if b["used"].get(f"{seat}:{src}", 0) >= budget:
            continue
        for i, d in enumerate(dice):
            if src in d["by"] or d["group"] == "sacrifice" or (src.startswith("fleet:") and d["group"] != src):
                continue
            flt = e["filter"]
            if (flt == "misses" and _die_hits(d)) or (flt == "ones" and d["face"] != 1) or (
                    flt == "hits" and not _die_hits(d)):
                continue
            out.append({"source": src, "die": i})
    return out


def _step_reroll(ctx: Ctx, b: dict[str, Any], seat: int) -> bool:
    if f"keep:{seat}" in b["used"] or not reroll_options(ctx.state, seat):
        b["used"].pop(f"keep:{seat}", None)
        return True
    _ask(ctx.state, "reroll", seat)
    return False


def do_reroll(ctx: Ctx, seat: int, source: str, die: int) -> None:
    b = ctx.state["turn"]["battle"]
    d = b["dice"][str(seat)][die]
    old = d["face"]
    d["face"] = ctx.roll(seat, "reroll")[0]
    d["by"].append(source)
    b["used"][f"{seat}:{source}"] = b["used"].get(f"{seat}:{source}", 0) + 1
    ctx.emit("die_rerolled", seat=seat, source=source, old=old, new=d["face"], hit=_die_hits(d))


def _step_score(ctx: Ctx, b: dict[str, Any], wave: list[int]) -> None:
    """R90, R91, R94, R168: count the hits, log what the dice decided, then the hits to allocate."""
    allocs: list[dict[str, Any]] = []
    for seat in wave:
        records = b["dice"].pop(str(seat), [])
        if not records:
            continue
        by_target: dict[int, list[dict[str, Any]]] = {}
        for d in records:
            by_target.setdefault(d["on"], []).append(d)
        sacrificed = sum(1 for d in records if d["group"] == "sacrifice")
        if sacrificed:  # R166: his own ships go with the casualties, all together
            ratio = int(_sacrificers(ctx.state, b, seat)[0][1]["ratio"])
            allocs.append({"by": seat, "on": seat, "count": -(-sacrificed // ratio),
                           "sectors": battle_sectors(b, seat)})
            ctx.emit("ships_sacrificed", seat=seat, ships=-(-sacrificed // ratio), hits=sacrificed)
        for target, ds in sorted(by_target.items()):
            hits = [d for d in ds if _die_hits(d)]
            ctx.emit("combat_dice", seat=seat, on=target, dice=[d["face"] for d in ds], need=ds[0]["need"],
                     hits=len(hits))
            allocs.append({"by": seat, "on": target, "count": len(hits),
                           "sectors": battle_sectors(b, target)})
            _plunder(ctx, b, seat, target, hits)
    b["allocs"] = [a for a in allocs if a["count"] > 0]
    b["taken"] = {}


def _plunder(ctx: Ctx, b: dict[str, Any], seat: int, target: int, hits: list[dict[str, Any]]) -> None:
    """R168, R94: a fleet paid per rival ship it destroys earns before the casualties land (so also when it is
    disbanded this round); hits beyond the target's ships destroy nothing."""
    p = ctx.player(seat)
    landed = min(len(hits), sum(board.ships_in(ctx.state["players"][target], sec)
                                for sec in battle_sectors(b, target)))
    for fid in fleets_in(p, battle_sectors(b, seat)):
        for e in fleet_effects(p, fid):
            if e["kind"] == "gain" and e.get("when") == "on_enemy_destroyed":
                mine = min(landed, sum(1 for d in hits if d["group"] == f"fleet:{fid}"))
                landed -= mine
                for res, amount in e["bundle"].items():
                    p["resources"][res] += amount * mine
                if mine:
                    ctx.emit("fleet_plunder", seat=seat, fleet=fid, ships=mine, **{
                        k: v * mine for k, v in e["bundle"].items()})


def hit_options(state: State, alloc: dict[str, Any], taken: dict[str, dict[str, int]]) -> list[str]:
    """The target's ships or fleets a hit may still land on (R94), after the losses already allocated."""
    p = state["players"][alloc["on"]]
    mine = taken.get(str(alloc["on"]), {})
    out = []
    for sec in alloc["sectors"]:
        if p["ships"].get(sec, 0) - mine.get(f"ship:{sec}", 0) > 0:
            out.append(f"ship:{sec}")
        for fid in sorted(p["fleets"]):
            f = p["fleets"][fid]
            if f["sector"] == sec and f["ships"] - mine.get(f"fleet:{fid}", 0) > 0:
                out.append(f"fleet:{fid}")
    return out


def _step_allocate(ctx: Ctx, b: dict[str, Any]) -> bool:
    """R94: every hit destroys a ship; where there is a choice, the player who scored it chooses (one
    ``hit`` command per casualty); the losses then land together."""
    s = ctx.state
    while b["allocs"]:
        alloc = b["allocs"][0]
        options = hit_options(s, alloc, b["taken"])
        if alloc["count"] <= 0 or not options:
            b["allocs"].pop(0)
            continue
        if len(options) > 1 and alloc["by"] is not None:
            _ask(s, "allocate_hits", alloc["by"], target=alloc["on"], hits=alloc["count"])
            return False
        assign_hit(s, options[0])
    for seat_key, units in sorted(b.pop("taken").items()):
        seat = int(seat_key)
        p = ctx.player(seat)
        lost = 0
        for unit, n in sorted(units.items()):
            kind, _, ident = unit.partition(":")
            if kind == "fleet":
                p["fleets"][ident]["ships"] -= n
            else:
                p["ships"][ident] -= n
                if p["ships"][ident] == 0:
                    del p["ships"][ident]
            lost += n
        check_fleet_sizes(ctx, seat)
        ctx.emit("casualties", seat=seat, ships=lost, sector=b["target"])
    b["taken"] = {}
    return True


def assign_hit(state: State, unit: str) -> None:
    b = state["turn"]["battle"]
    alloc = b["allocs"][0]
    mine = b["taken"].setdefault(str(alloc["on"]), {})
    mine[unit] = mine.get(unit, 0) + 1
    alloc["count"] -= 1


def _step_end_round(ctx: Ctx, b: dict[str, Any]) -> None:
    s = ctx.state
    attacker_alive = _alive(s, b, b["attacker"])
    for d in b["defenders"]:
        if not _alive(s, b, d):
            b["gone"].append(d)
    defenders = [d for d in b["defenders"] if _alive(s, b, d)]
    b["defenders"] = defenders
    if not attacker_alive or not defenders or b["round"] >= MAX_ROUNDS:
        end_battle(ctx, winner=b["attacker"] if attacker_alive and not defenders else (
            defenders[0] if len(defenders) == 1 and not attacker_alive else None),
            annihilated=not attacker_alive and not defenders)
        return
    b["queue"] = [b["attacker"], *defenders]  # R96: the attacker decides first
    b["steps"].insert(1, ["retreats"])


def _step_retreats(ctx: Ctx, b: dict[str, Any]) -> bool:
    s = ctx.state
    while b["queue"]:
        who = b["queue"][0]
        if retreat_options(s, who):
            _ask(s, "retreat", who)
            return False
        b["queue"].pop(0)  # R96: a blocked side cannot retreat
    att = s["players"][b["attacker"]]
    if not any(can_ever_hit(att, side_shields(s, b, d)) for d in b["defenders"]) and not any(
            can_ever_hit(s["players"][d], side_shields(s, b, b["attacker"])) for d in b["defenders"]):
        end_battle(ctx, winner=None)  # RULINGS A10: nobody can hit and nobody can retreat
        return True
    b["steps"].insert(1, ["round"])
    return True


def impulse_destinations(state: State, seat: int, src: str, avoid: list[str]) -> list[str]:
    """R96, R98: an Impulse move of up to 2 sectors along existing lanes, not through hostile ships."""
    out: set[str] = set()
    frontier = [src]
    for _ in range(2):
        nxt_frontier = []
        for sec in frontier:
            for nxt in board.neighbours(state, sec):
                if nxt == src or nxt in out or board.blocked_for(state, seat, nxt) is not None:
                    continue
                out.add(nxt)
                nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return sorted(out - set(avoid))


def _never_retreats(p: Player, sector: str) -> bool:
    return any(e["kind"] == "never_retreat" for fid in fleets_in(p, [sector]) for e in fleet_effects(p, fid))


def retreat_moves(state: State, seat: int) -> list[dict[str, str]]:
    """R96: each sector's ships retreat as one group to one sector; blocked groups, and a group with a fleet
    that never retreats (Honor Guard), cannot. Every group of the side may go its own way."""
    b = state["turn"]["battle"]
    if b is None:
        return []
    p = state["players"][seat]
    avoid = [b["target"], *b["from"]] if b["kind"] == "space" else [b["target"]]
    out = []
    for src in battle_sectors(b, seat):
        if board.ships_in(p, src) == 0 or _never_retreats(p, src):
            continue
        out += [{"src": src, "to": to} for to in impulse_destinations(state, seat, src, avoid)]
    return out


def retreat_options(state: State, seat: int) -> list[str]:
    return sorted({m["to"] for m in retreat_moves(state, seat)})


def retreat(ctx: Ctx, seat: int, move: dict[str, str] | None) -> None:
    """R96: ``move`` is ``{"src": sector, "to": sector}`` (one group), None to stay."""
    s = ctx.state
    b = s["turn"]["battle"]
    s["prompt"] = None
    bump(s)
    if move is None:
        ctx.emit("battle_stayed", seat=seat)
        b["queue"].pop(0)
        _advance(ctx)
        return
    p = ctx.player(seat)
    src, to = move["src"], move["to"]
    n = p["ships"].pop(src, 0)
    if n:
        p["ships"][to] = p["ships"].get(to, 0) + n
    for f in p["fleets"].values():
        if f["sector"] == src:
            f["sector"] = to
    ctx.emit("retreated", seat=seat, to=to, src=src)
    if b["kind"] == "invasion":
        end_invasion(ctx, "attacker_retreated")
        return
    if seat == b["attacker"]:
        b["from"] = [sec for sec in b["from"] if sec != src]
    if retreat_moves(s, seat):  # R96: his other groups go too, each its own way
        if not (b["steps"] and b["steps"][0][0] == "retreat_more"):
            b["steps"].insert(0, ["retreat_more", seat])
        _ask(s, "retreat_more", seat)
        return
    _retreat_done(ctx, seat)


def _step_retreat_more(ctx: Ctx, b: dict[str, Any], seat: int) -> bool:
    if retreat_moves(ctx.state, seat):
        _ask(ctx.state, "retreat_more", seat)
        return False
    _retreat_done(ctx, seat)
    return True


def _retreat_done(ctx: Ctx, seat: int) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    if b["steps"] and b["steps"][0][0] == "retreat_more":
        b["steps"].pop(0)
    if b["queue"] and b["queue"][0] == seat:
        b["queue"].pop(0)
    if seat == b["attacker"]:
        if not _alive(s, b, seat):
            b["retreated"] = True
            end_battle(ctx, winner=b["defenders"][0] if len(b["defenders"]) == 1 else None)
            return
    elif not _alive(s, b, seat):
        b["defenders"] = [d for d in b["defenders"] if d != seat]
        b["gone"].append(seat)
        if not b["defenders"]:
            end_battle(ctx, winner=b["attacker"])
            return
    _advance(ctx)


def end_battle(ctx: Ctx, winner: int | None, *, annihilated: bool = False, cancelled: bool = False) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    s["turn"]["battle"] = None
    s["prompt"] = None
    bump(s)
    ctx.emit("battle_ended", battle=b["kind"], winner=winner, target=b["target"])
    if not cancelled:  # R99, R164: a cancelled battle gives nothing
        _never_defeated(ctx, b, winner, annihilated)
        if winner is not None and winner == b["attacker"]:  # R181: claims destroyed ships (data)
            for e in civ_effects(ctx.player(winner), "capture_ship"):
                ctx.player(winner)["claimed_ships"] += int(e["amount"])
                ctx.emit("andorian_field_testing", seat=winner)
    board.remove_abandoned_lanes(s)
    if winner is not None and not cancelled:
        sectors = [b["target"]] if winner != b["attacker"] else [b["target"], *b["from"]]
        sectors = sorted({sec for sec in sectors if board.ships_in(s["players"][winner], sec) > 0})
        if maneuver_moves(s, winner, sectors):  # R98: a Tactical Maneuver, if he wants one
            _ask(s, "maneuver", winner, sectors=sectors)


def _never_defeated(ctx: Ctx, b: dict[str, Any], winner: int | None, annihilated: bool) -> None:
    """R164: a Klingon winning (attacking or defending), or both sides wiped out, against a side that fielded
    enough ships; when he loses against several Defenders, one such Defender destroyed or gone is enough."""
    s = ctx.state
    for seat in sorted({b["attacker"], *[int(k) for k in b["start"]]}):
        p = s["players"][seat]
        for e in civ_effects(p, "never_defeated"):
            least = int(e["min_ships"])
            if seat == b["attacker"]:
                foes = [int(k) for k in b["start"] if int(k) != seat]
                earned = any(b["start"][str(f)] >= least for f in foes) and (winner == seat or annihilated)
                earned = earned or any(b["start"][str(f)] >= least for f in b["gone"])
            else:
                att_out = b.get("retreated") or not _alive(s, b, b["attacker"])
                earned = b["start"][str(b["attacker"])] >= least and (
                    (att_out and seat in b["defenders"]) or annihilated)
            if earned:
                for res, amount in e["bundle"].items():
                    p["resources"][res] += amount
                ctx.emit("klingon_never_defeated", seat=seat, culture=int(e["bundle"].get("culture", 0)))


def maneuver_moves(state: State, seat: int, sectors: list[str]) -> list[dict[str, str]]:
    p = state["players"][seat]
    return [{"src": src, "to": to} for src in sectors if board.ships_in(p, src) > 0
            for to in impulse_destinations(state, seat, src, [])]


def maneuver(ctx: Ctx, seat: int, move: dict[str, str] | None) -> None:
    """R98: the winner's ships of one sector move up to 2 sectors together, without a Command."""
    s = ctx.state
    s["prompt"] = None
    bump(s)
    if move is None:
        return
    p = ctx.player(seat)
    n = p["ships"].pop(move["src"], 0)
    if n:
        p["ships"][move["to"]] = p["ships"].get(move["to"], 0) + n
    for f in p["fleets"].values():
        if f["sector"] == move["src"]:
            f["sector"] = move["to"]
    ctx.emit("tactical_maneuver", seat=seat, src=move["src"], to=move["to"])
    board.remove_abandoned_lanes(s)
    romulan_mines(ctx, seat, move["to"])


# --- Planetary Invasion ---------------------------------------------------------------------------------
def check_invade(state: State, seat: int, args: dict[str, Any]) -> None:
    _command(state, seat)
    p = state["players"][seat]
    sid = args.get("at")
    if not isinstance(sid, str) or sid not in state["systems"]:
        raise IllegalCommand("no_such_system", "ascendancy:R100", system=str(sid))
    sys = state["systems"][sid]
    if p["civ"] == "federation":
        raise IllegalCommand("prime_directive", "ascendancy:R159")
    if not developed(sys) or sys["control"] == seat:
        raise IllegalCommand("not_invadable", "ascendancy:R100")
    if not board.occupies(state, seat, board.sys_sector(sid)):
        raise IllegalCommand("not_occupied", "ascendancy:R100")
    owner = sys["control"]
    if p["civ"] == "vulcan" and owner is not None and state["players"][owner]["authority"] < p["authority"]:
        raise IllegalCommand("logical_observers", "ascendancy:R213")


def defence_nodes(sys: dict[str, Any]) -> int:
    """R101, R110: every node on the planet, the Control Node included."""
    return sum(1 for n in sys["nodes"] if n is not None) + (1 if sys["control"] is not None else 0)


def invade(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    s = ctx.state
    ctx.player(seat)["ready"] -= 1
    sid = args["at"]
    owner = s["systems"][sid]["control"]
    if owner is not None:
        betray(ctx, seat, [owner])
    s["turn"]["battle"] = {"kind": "invasion", "attacker": seat, "target": board.sys_sector(sid), "system": sid,
                           "defender": owner, "defenders": [] if owner is None else [owner], "round": 0,
                           "queue": [], "from": [board.sys_sector(sid)], "start": {}, "gone": [], "asked": [],
                           "dice": {}, "used": {}, "steps": [["inv_round"]]}
    ctx.emit("invasion_started", seat=seat, system=sid, defender=owner)
    _advance(ctx)


def _step_inv_round(ctx: Ctx, b: dict[str, Any]) -> None:
    s = ctx.state
    b["round"] += 1
    b["used"] = {}
    b["bombard"] = False
    b["outcome"] = None
    att = b["attacker"]
    p = s["players"][att]
    steps: list[list[Any]] = []
    if b["defender"] is not None:
        steps.append(["surrender"])  # R108: at the start of every Combat Round, the first included
    if side_sources(p, "node_strike", INV_ATT, [b["target"]]):
        steps.append(["bombard"])
    fs = b["round"] == 1 and bool(side_sources(p, "first_strike", INV_ATT, [b["target"]]))
    b["first_strike"] = fs
    attacker = [["roll", att], ["reroll", att]]
    planet = [["roll_planet"]] + ([["reroll", b["defender"]]] if b["defender"] is not None else [])
    if fs:  # R95: the planet loses its nodes before it rolls
        ctx.emit("first_strike", seats=[att])
        steps += [*attacker, ["inv_nodes"], *planet, ["inv_casualties"], ["inv_end"]]
    else:
        steps += [*attacker, *planet, ["inv_nodes"], ["inv_casualties"], ["inv_end"]]
    b["steps"][1:1] = steps


def _step_surrender(ctx: Ctx, b: dict[str, Any]) -> bool:
    if f"surrender:{b['round']}" in b["asked"]:
        return True
    _ask(ctx.state, "surrender", b["defender"], system=b["system"])
    return False


def _step_bombard(ctx: Ctx, b: dict[str, Any]) -> bool:
    if f"bombard:{b['round']}" in b["asked"]:
        return True
    _ask(ctx.state, "bombard", b["attacker"], system=b["system"])
    return False


def _step_roll_planet(ctx: Ctx, b: dict[str, Any]) -> None:
    """R101, R110: a die per node, Control Node included; an independent civ's are rolled by the player to
    the Attacker's right at 6 - L; the Attacker's Shields apply."""
    s = ctx.state
    sys = s["systems"][b["system"]]
    b["dice"].pop("planet", None)
    if b["outcome"] is not None:
        return
    att = s["players"][b["attacker"]]
    owner = b["defender"]
    n = defence_nodes(sys)
    if owner is None:
        level = int(sys["warp_level"])
        need, roller, always = (6 - level if level else 5) + shield_mod(att), right_of(s, b["attacker"]), []
    else:
        dp = s["players"][owner]
        need = weapons_roll(dp) + side_shields(s, b, b["attacker"])
        roller, always = owner, sorted({int(e["face"]) for e in adv_effects(dp, "always_hit")})
        if n:
            n += sum(int(e["amount"]) for _, e in adv_sources(dp, "extra_dice", INV_DEF)) + ambassador_dice(s, b)
    dice = ctx.roll(roller, "planet_defence", n)
    records = [{"face": f, "group": "planet", "on": b["attacker"], "by": [], "always": always, "need": need}
               for f in dice]
    if owner is None:
        b["dice"]["planet"] = records
    else:
        b["dice"][str(owner)] = records


def _step_inv_nodes(ctx: Ctx, b: dict[str, Any]) -> None:
    """R103-R105, R189: the Attacker's hits against the N nodes (Control Node included)."""
    s = ctx.state
    sid = b["system"]
    sys = s["systems"][sid]
    p = s["players"][b["attacker"]]
    n_nodes = defence_nodes(sys)
    if b["bombard"]:
        per = max(int(e["per_ship"]) for _, e in side_sources(p, "node_strike", INV_ATT, [b["target"]]))
        hits = per * board.ships_in(p, b["target"])
        dice: list[int] = []
    else:
        records = b["dice"].pop(str(b["attacker"]), [])
        hits = sum(1 for d in records if _die_hits(d))
        dice = [d["face"] for d in records]
    ctx.emit("invasion_round", seat=b["attacker"], system=sid, hits=hits, nodes=n_nodes, dice=dice,
             bombard=bool(b["bombard"]))
    if hits > n_nodes and not b["bombard"]:
        b["outcome"] = "invasion_succeeded"
    elif hits >= n_nodes:
        b["outcome"] = "total_destruction"
        if adv_sources(p, "annexation", INV_ATT):  # R189, RULINGS E21
            b["outcome"] = "annexed"
    else:
        resource = [i for i, nd in enumerate(sys["nodes"]) if nd is not None]
        if hits >= len(resource):
            _destroy_nodes(ctx, b, resource)
        else:
            b["collateral"] = hits
            b["steps"].insert(1, ["collateral"])
    if b["first_strike"] and b["outcome"] is not None:
        b["steps"][1:] = [["inv_end"]]


def _destroy_nodes(ctx: Ctx, b: dict[str, Any], slots: list[int]) -> None:
    sys = ctx.state["systems"][b["system"]]
    for i in slots:
        sys["nodes"][i] = None
    if slots:
        ctx.emit("collateral_damage", system=b["system"], nodes=len(slots), slots=slots)


def collateral_options(state: State) -> list[int]:
    sys = state["systems"][state["turn"]["battle"]["system"]]
    return [i for i, nd in enumerate(sys["nodes"]) if nd is not None]


def _step_collateral(ctx: Ctx, b: dict[str, Any]) -> bool:
    """R103: the Attacker chooses the Resource Nodes his hits destroy (never the Control Node)."""
    if b.get("collateral", 0) > 0 and collateral_options(ctx.state):
        _ask(ctx.state, "collateral", b["attacker"], system=b["system"], hits=b["collateral"])
        return False
    return True


def _step_inv_casualties(ctx: Ctx, b: dict[str, Any]) -> None:
    key = "planet" if b["defender"] is None else str(b["defender"])
    records = b["dice"].pop(key, [])
    hits = sum(1 for d in records if _die_hits(d))
    if records:
        ctx.emit("combat_dice", seat=b["defender"], on=b["attacker"], dice=[d["face"] for d in records],
                 need=records[0]["need"], hits=hits)
    b["allocs"] = [{"by": b["defender"], "on": b["attacker"], "count": hits, "sectors": [b["target"]]}]
    b["taken"] = {}
    b["steps"].insert(1, ["allocate"])


def _step_inv_end(ctx: Ctx, b: dict[str, Any]) -> None:
    s = ctx.state
    sid = b["system"]
    sys = s["systems"][sid]
    owner = b["defender"]
    outcome = b["outcome"]
    if outcome in ("invasion_succeeded", "annexed"):  # R103, R104, R189
        if outcome == "annexed":
            _destroy_nodes(ctx, b, [i for i, nd in enumerate(sys["nodes"]) if nd is not None])
        end_invasion(ctx, outcome, enforce=False)
        take_control(ctx, b["attacker"], sid, "invaded")
        capture_projects(ctx, b["attacker"], owner, sid)
        return
    if outcome == "total_destruction":  # R103, R120, R122: the Starbase stays, uncontrolled
        sys["nodes"] = [None] * len(sys["nodes"])
        sys["control"] = None
        sys["warp_level"] = 0
        if owner is not None and sys["starbase"]:
            from games.ascendancy.engine.state import command_total

            op = s["players"][owner]
            op["commands"] = command_total(s, owner)
            op["ready"] = min(op["ready"], op["commands"])
        end_invasion(ctx, "total_destruction")
        return
    if board.ships_in(s["players"][b["attacker"]], b["target"]) == 0 or b["round"] >= MAX_ROUNDS:  # R106
        end_invasion(ctx, "invasion_failed")
        return
    b["steps"].insert(1, ["continue"])


def _step_continue(ctx: Ctx, b: dict[str, Any]) -> bool:
    _ask(ctx.state, "invasion_continue", b["attacker"])  # R107, R109
    return False


def end_invasion(ctx: Ctx, how: str, *, enforce: bool = True) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    s["turn"]["battle"] = None
    s["prompt"] = None
    bump(s)
    ctx.emit("invasion_ended", seat=b["attacker"], system=b["system"], outcome=how)
    board.remove_abandoned_lanes(s)
    if b["defender"] is not None and enforce:
        from games.ascendancy.engine.build import enforce_project_limit

        enforce_project_limit(ctx, b["defender"])  # R132: nodes lost to collateral damage


def capture_projects(ctx: Ctx, seat: int, previous: int | None, sid: str) -> None:
    """R118: one Project per intact Research Node captured, chosen by the loser; its Research is discarded;
    R132 then applies to the capturer."""
    if previous is None or previous == seat:
        return
    count = sum(1 for nd in ctx.state["systems"][sid]["nodes"] if nd == "research")
    _give_projects(ctx, seat, previous, count)


def _give_projects(ctx: Ctx, seat: int, giver: int, count: int) -> None:
    from games.ascendancy.engine.build import enforce_project_limit

    s = ctx.state
    gp = ctx.player(giver)
    while count > 0 and gp["projects"]:
        if len(gp["projects"]) > count:
            _ask(s, "give_project", giver, to=seat, left=count)
            return
        give_project(ctx, giver, seat, gp["projects"][0]["card"])
        count -= 1
    s["prompt"] = None
    bump(s)
    enforce_project_limit(ctx, seat)
    enforce_project_limit(ctx, giver)


def give_project(ctx: Ctx, giver: int, seat: int, card: str) -> None:
    gp = ctx.player(giver)
    gp["projects"] = [pr for pr in gp["projects"] if pr["card"] != card]
    ctx.player(seat)["projects"].append({"card": card, "research": 0})
    ctx.emit("project_captured", seat=seat, giver=giver, card=card)


# --- answering the battle's decisions ---------------------------------------------------------------------
def prompt_commands(state: State, seat: int) -> list[tuple[str, dict[str, Any]]]:  # noqa: PLR0911
    prompt = state["prompt"]
    kind = prompt["kind"]
    b = state["turn"]["battle"]
    if kind in ("cancel_battle", "first_strike"):
        return [(kind, {}), ("decline", {})]
    if kind == "split_dice":
        return [("split", {"dice": k}) for k in range(prompt["dice"] + 1)]
    if kind == "reroll":
        return [("keep_dice", {})] + [("reroll", o) for o in reroll_options(state, seat)]
    if kind == "allocate_hits":
        return [("hit", {"unit": u}) for u in hit_options(state, b["allocs"][0], b["taken"])]
    if kind == "retreat":
        return [("stay", {})] + [("retreat", m) for m in retreat_moves(state, seat)]
    if kind == "retreat_more":
        return [("retreat", m) for m in retreat_moves(state, seat)]
    if kind == "invasion_continue":
        return [("continue", {})] + [("retreat", m) for m in retreat_moves(state, seat)]
    if kind == "surrender":
        return [("fight", {}), ("surrender", {})]
    if kind == "bombard":
        return [("bombard", {}), ("no_bombard", {})]
    if kind == "sacrifice":
        ratio = int(_sacrificers(state, b, seat)[0][1]["ratio"])
        return [("roll_dice", {})] + [("sacrifice", {"ships": k}) for k in range(1, prompt["ships"] + 1)
                                      if k % ratio == 0 or ratio == 1]
    if kind == "collateral":
        return [("destroy_node", {"slot": i}) for i in collateral_options(state)]
    if kind == "maneuver":
        return [("hold", {})] + [("maneuver", m) for m in maneuver_moves(state, seat, prompt["sectors"])]
    if kind == "give_project":
        return [("give_project", {"card": pr["card"]}) for pr in state["players"][seat]["projects"]]
    return []


REFUSALS = {
    "retreat": ("retreat_not_possible", "ascendancy:R96"), "reroll": ("reroll_not_allowed", "ascendancy:R42"),
    "split": ("bad_dice_split", "ascendancy:R88"), "hit": ("no_such_casualty", "ascendancy:R94"),
    "destroy_node": ("node_not_destroyable", "ascendancy:R103"),
    "maneuver": ("maneuver_not_possible", "ascendancy:R98"),
    "give_project": ("no_such_project", "ascendancy:R118"),
    "sacrifice": ("too_many_sacrificed", "ascendancy:R166"),
}


def answer(ctx: Ctx, seat: int, kind: str, args: dict[str, Any]) -> None:  # noqa: C901, PLR0912
    s = ctx.state
    prompt = s["prompt"]
    if (kind, args) not in prompt_commands(s, seat):
        if kind not in REFUSALS:
            raise IllegalCommand("not_now")
        code, rule = REFUSALS[kind]
        raise IllegalCommand(code, rule)
    pk = prompt["kind"]
    b = s["turn"]["battle"]
    if pk == "allocate_hits":
        s["prompt"] = None
        assign_hit(s, args["unit"])
    elif pk in ("retreat", "retreat_more", "invasion_continue"):
        if kind == "continue":
            s["prompt"] = None
            b["steps"][0] = ["inv_round"]
        else:
            retreat(ctx, seat, dict(args) if kind == "retreat" else None)
            return
    elif pk == "maneuver":
        maneuver(ctx, seat, dict(args) if kind == "maneuver" else None)
        return
    elif pk == "give_project":
        give_project(ctx, seat, prompt["to"], args["card"])
        _give_projects(ctx, prompt["to"], seat, prompt["left"] - 1)
        return
    else:
        s["prompt"] = None
        _answer_step(ctx, b, seat, pk, kind, args)
        if s["turn"]["battle"] is None:
            return
    bump(s)
    _advance(ctx)


def _answer_step(ctx: Ctx, b: dict[str, Any], seat: int, pk: str, kind: str, args: dict[str, Any]) -> None:
    s = ctx.state
    if pk in ("cancel_battle", "first_strike"):
        b["asked"].append(f"{pk}:{seat}")
        if kind == "decline":
            return
        source = _activatable(s, b, seat, pk)
        assert source is not None
        _exhaust(ctx.player(seat), source)
        if pk == "first_strike":
            b["first_strike"].append(seat)
            ctx.emit("first_strike_used", seat=seat, card=source.partition(":")[2])
        else:
            ctx.emit("battle_cancelled", seat=seat, card=source.partition(":")[2])  # R99, R177
            end_battle(ctx, winner=None, cancelled=True)
    elif pk == "split_dice":
        b["split"][str(b["split_for"])] = int(args["dice"])
    elif pk == "reroll":
        if kind == "keep_dice":
            b["used"][f"keep:{seat}"] = 1
        else:
            do_reroll(ctx, seat, args["source"], int(args["die"]))
    elif pk == "surrender":
        b["asked"].append(f"surrender:{b['round']}")
        if kind == "surrender":
            ctx.emit("surrendered", seat=seat, system=b["system"])
            end_invasion(ctx, "surrendered", enforce=False)
            take_control(ctx, b["attacker"], b["system"], "surrender")
            capture_projects(ctx, b["attacker"], seat, b["system"])
    elif pk == "sacrifice":
        b["sacrifice"][f"sacrifice:{b['round']}:{seat}"] = int(args["ships"]) if kind == "sacrifice" else 0
    elif pk == "bombard":
        b["asked"].append(f"bombard:{b['round']}")
        b["bombard"] = kind == "bombard"
    elif pk == "collateral":
        _destroy_nodes(ctx, b, [int(args["slot"])])
        b["collateral"] -= 1


STEPS: dict[str, Any] = {
    "offer": _step_offer, "round": _step_round, "roll": _step_roll, "reroll": _step_reroll,
    "score": _step_score, "allocate": _step_allocate, "end_round": _step_end_round, "retreats": _step_retreats,
    "retreat_more": _step_retreat_more, "inv_round": _step_inv_round, "surrender": _step_surrender,
    "bombard": _step_bombard, "roll_planet": _step_roll_planet, "inv_nodes": _step_inv_nodes,
    "collateral": _step_collateral, "inv_casualties": _step_inv_casualties, "inv_end": _step_inv_end,
    "continue": _step_continue,
}


# --- Cultural Hegemony ----------------------------------------------------------------------------------
def resistance(state: State, sid: str) -> int:
    """R112, R113."""
    sys = state["systems"][sid]
    nodes = sum(1 for n in sys["nodes"] if n is not None)
    if sys["control"] is None:
        return nodes + int(sys["warp_level"])
    return nodes + 1 + (1 if sys["starbase"] else 0) + int(state["players"][sys["control"]]["authority"])


def check_hegemony(state: State, seat: int, args: dict[str, Any]) -> None:
    _command(state, seat)
    p = state["players"][seat]
    sid = args.get("at")
    if not isinstance(sid, str) or sid not in state["systems"]:
        raise IllegalCommand("no_such_system", "ascendancy:R111", system=str(sid))
    sys = state["systems"][sid]
    if sys["prewarp"]:
        raise IllegalCommand("no_hegemony_on_prewarp", "ascendancy:R114")
    if not developed(sys) or sys["control"] == seat:
        raise IllegalCommand("not_a_hegemony_target", "ascendancy:R111")
    if not board.occupies(state, seat, board.sys_sector(sid)):
        raise IllegalCommand("not_occupied", "ascendancy:R111")
    if p["resources"]["culture"] < 2:
        raise IllegalCommand("not_enough_resources", "ascendancy:R111", cost={"culture": 2})
    owner = sys["control"]
    if p["civ"] == "vulcan" and owner is not None and state["players"][owner]["authority"] < p["authority"]:
        raise IllegalCommand("logical_observers", "ascendancy:R213")


def hegemony(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    s = ctx.state
    p = ctx.player(seat)
    sid = args["at"]
    p["ready"] -= 1
    p["resources"]["culture"] -= 1
    owner = s["systems"][sid]["control"]
    if owner is not None:
        betray(ctx, seat, [owner])  # R116
    die = ctx.roll(seat, "hegemony")[0]
    bonus = 0 if p["civ"] == "ferengi" else int(p["authority"])  # R191
    bonus += sum(int(e["amount"]) for e in adv_effects(p, "hegemony_roll") if e.get("scope") in (None, "hegemony"))
    total = die + bonus
    need = resistance(s, sid)
    success = total > need
    ctx.emit("hegemony_attempted", seat=seat, system=sid, die=die, total=total, resistance=need, success=success)
    if success:  # R111.3, R115: the second Culture is paid
        p["resources"]["culture"] -= 1
        if owner is None:
            p["independents_peaceful"] = p.get("independents_peaceful", 0) + 1
        take_control(ctx, seat, sid, "hegemony")
        capture_projects(ctx, seat, owner, sid)  # R116, R118


# --- Trade Agreements ----------------------------------------------------------------------------------
def piece_sectors(state: State, seat: int) -> set[str]:
    """Ships and Control Nodes (R79)."""
    p = state["players"][seat]
    out = set(board.occupied_sectors(p))
    out |= {board.sys_sector(sid) for sid, sys in state["systems"].items() if sys["control"] == seat}
    return out


def trade_adjacent(state: State, a: int, b: int) -> bool:
    theirs = piece_sectors(state, b)
    if not theirs:
        return False
    near = set()
    for x in piece_sectors(state, a):
        near.add(x)
        near.update(board.neighbours(state, x))
    return bool(near & theirs)


def _no_conflict(state: State, seat: int, other: int) -> None:
    """R83: the participants of a conflict under way exchange no Trade Agreements until it is over."""
    b = state["turn"]["battle"] if state.get("turn") else None
    if b is not None and {seat, other} & {b["attacker"], *b["defenders"]}:
        raise IllegalCommand("conflict_under_way", "ascendancy:R83")


def check_offer_trade(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    to, card = args.get("to"), args.get("card")
    if not isinstance(to, int) or not 0 <= to < state["n"] or to == seat or state["players"][to]["exterminated"]:
        raise IllegalCommand("bad_argument", argument="to")
    if card not in p["trade_hand"]:
        raise IllegalCommand("no_such_trade_card", "ascendancy:R78")
    if str(seat) in state["players"][to]["trade_held"]:
        raise IllegalCommand("already_holds_your_card", "ascendancy:R78")
    _no_conflict(state, seat, to)
    if not (p["first_contact"] and state["players"][to]["first_contact"]):
        raise IllegalCommand("no_first_contact", "ascendancy:R79")
    if not trade_adjacent(state, seat, to):
        raise IllegalCommand("not_adjacent", "ascendancy:R79")


def offer_trade(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    ctx.state["prompt"] = {"kind": "trade_offer", "seat": args["to"], "from": seat, "card": args["card"]}
    bump(ctx.state)
    ctx.emit("trade_offered", seat=seat, to=args["to"])


def answer_trade(ctx: Ctx, seat: int, accept: bool) -> None:
    s = ctx.state
    offer = s["prompt"]
    s["prompt"] = None
    bump(s)
    giver = offer["from"]
    if not accept:
        ctx.emit("trade_refused", seat=seat, to=giver)
        return
    gp = ctx.player(giver)
    gp["trade_hand"].remove(offer["card"])
    receiver = ctx.player(seat)
    receiver["trade_held"][str(giver)] = {"card": offer["card"], "exhausted": receiver["civ"] == "romulan"}
    ctx.emit("trade_accepted", seat=seat, giver=giver, card=offer["card"])  # R171: Romulans exhaust it


def check_swap_trade(state: State, seat: int, args: dict[str, Any]) -> None:
    """R80: a card already given may be replaced by another still in hand, at any distance."""
    p = state["players"][seat]
    to, card = args.get("to"), args.get("card")
    if not isinstance(to, int) or not 0 <= to < state["n"]:
        raise IllegalCommand("bad_argument", argument="to")
    held = state["players"][to]["trade_held"].get(str(seat))
    if held is None:
        raise IllegalCommand("no_card_given", "ascendancy:R80")
    if held["exhausted"]:
        raise IllegalCommand("trade_card_exhausted", "ascendancy:R84")
    if card not in p["trade_hand"]:
        raise IllegalCommand("no_such_trade_card", "ascendancy:R78")
    _no_conflict(state, seat, to)


def swap_trade(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    other = ctx.player(args["to"])
    held = other["trade_held"][str(seat)]
    p["trade_hand"].remove(args["card"])
    p["trade_hand"].append(held["card"])
    p["trade_hand"].sort()
    other["trade_held"][str(seat)] = {"card": args["card"], "exhausted": other["civ"] == "romulan"}  # R171
    ctx.emit("trade_swapped", seat=seat, to=args["to"], card=args["card"])


def check_cancel_trade(state: State, seat: int, args: dict[str, Any]) -> None:
    """R81: the holder gives the card back (never while exhausted, R84)."""
    owner = args.get("owner")
    held = state["players"][seat]["trade_held"].get(str(owner))
    if held is None:
        raise IllegalCommand("no_such_trade_card", "ascendancy:R81")
    if held["exhausted"]:
        raise IllegalCommand("trade_card_exhausted", "ascendancy:R84")


def cancel_trade(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    owner = int(args["owner"])
    held = ctx.player(seat)["trade_held"].pop(str(owner))
    ctx.player(owner)["trade_hand"].append(held["card"])
    ctx.player(owner)["trade_hand"].sort()
    ctx.emit("trade_cancelled", seat=seat, owner=owner)
