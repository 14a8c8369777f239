"""What space battles and invasions share: combat effects read from the data, the step queue, rolling,
re-rolling, scoring and allocating hits (R42, R86-R95, R130).

A battle or invasion lives in ``turn["battle"]``. It runs as a queue of steps (``b["steps"]``: roll, re-roll,
score, allocate hits, retreat...); a step that needs a player's choice puts it in ``state["prompt"]`` and stays
at the head of the queue, and the answer (``conflict.answer``) resumes the queue. Combat effects come from the
data: the player's completed Advancements, his civilization's rules and the Fleets taking part (R86: a rule of a
fleet in any sector of the battle applies to the whole side).
"""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import andorians, board, effects
from games.ascendancy.engine.build import check_fleet_sizes
from games.ascendancy.engine.state import (
    Ctx,
    Player,
    State,
    adv_effects,
    bump,
    shield_mod,
    weapons_roll,
)

MAX_ROUNDS = 30  # RULINGS A10: a battle nobody can end is stopped
SPACE, INV_ATT, INV_DEF = "space_battle", "invasion_attack", "invasion_defense"
ATTACK_RULES = ("extra_dice", "reroll", "first_strike")  # R130: a fleet with one of these rolls apart
#: The decisions a battle asks, with the commands that answer them (``commands`` hands them to ``answer``).
PROMPTS = ("cancel_battle", "first_strike", "split_dice", "reroll", "allocate_hits", "retreat", "retreat_more",
           "invasion_continue", "surrender", "bombard", "collateral", "maneuver", "give_project", "sacrifice")


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
STEPS: dict[str, Any] = {}  # filled by conflict: step name -> function


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
    """R42, R93, R172, R175: each distinct rule re-rolls a die at most once (option ``reroll_limit``
    ``once_per_die``: a die is re-rolled once in all, RULINGS A8), within its per-round budget, on
    the dice its filter names (misses, ones, any) and, for a fleet's rule, on that fleet's dice only."""
    b = state["turn"]["battle"]
    dice = b["dice"].get(str(seat), [])
    once_per_die = state["options"].get("reroll_limit") == "once_per_die"  # RULINGS A8: no chaining
    out = []
    for src, e in reroll_sources(state, b, seat):
        budget = len(dice) if e["dice"] == "all" else int(e["dice"])
        if b["used"].get(f"{seat}:{src}", 0) >= budget:
            continue
        for i, d in enumerate(dice):
            if src in d["by"] or (once_per_die and d["by"]) or d["group"] == "sacrifice" or (src.startswith("fleet:") and d["group"] != src):
                continue
            flt = e["filter"]
            if (flt == "misses" and _die_hits(d)) or (flt == "ones" and d["face"] != 1) or (
                    flt == "hits" and not _die_hits(d)):
                continue
            out.append({"card": source_card(state["players"][seat], src), "die": i})
    return out


def _step_reroll(ctx: Ctx, b: dict[str, Any], seat: int) -> bool:
    if f"keep:{seat}" in b["used"] or not reroll_options(ctx.state, seat):
        b["used"].pop(f"keep:{seat}", None)
        return True
    _ask(ctx.state, "reroll", seat)
    return False


def source_card(p: Player, source: str) -> str:
    """The card a rule is printed on: the Advancement, or the side of the fleet's card."""
    kind, _, ident = source.partition(":")
    return str(p["fleets"][ident]["side"]) if kind == "fleet" else ident


def do_reroll(ctx: Ctx, seat: int, card: str, die: int) -> None:
    b = ctx.state["turn"]["battle"]
    p = ctx.player(seat)
    source = next(src for src, _ in reroll_sources(ctx.state, b, seat) if source_card(p, src) == card)
    d = b["dice"][str(seat)][die]
    old = d["face"]
    d["face"] = ctx.roll(seat, "reroll")[0]
    d["by"].append(source)
    b["used"][f"{seat}:{source}"] = b["used"].get(f"{seat}:{source}", 0) + 1
    ctx.emit("die_rerolled", seat=seat, card=card, old=old, new=d["face"], hit=_die_hits(d))


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
    disbanded this round); hits beyond the target's ships destroy nothing. The owner's own ``on_enemy_destroyed``
    effects (Advancements, console, allies: effects.trigger) play once per enemy ship destroyed."""
    p = ctx.player(seat)
    landed = min(len(hits), sum(board.ships_in(ctx.state["players"][target], sec)
                                for sec in battle_sectors(b, target)))
    if target != seat:
        for _ in range(landed):
            effects.trigger(ctx, seat, "on_enemy_destroyed", fleet=None)
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
        lost = lose_units(ctx, seat, units)
        andorians.record_losses(b, seat, lost)  # for Field Testing (R181)
        ctx.emit("casualties", seat=seat, ships=lost, sector=b["target"])
    b["taken"] = {}
    return True


def assign_hit(state: State, unit: str) -> None:
    b = state["turn"]["battle"]
    alloc = b["allocs"][0]
    mine = b["taken"].setdefault(str(alloc["on"]), {})
    mine[unit] = mine.get(unit, 0) + 1
    alloc["count"] -= 1


effects.MECHANICS["betray"] = betray


def lose_units(ctx: Ctx, seat: int, units: dict[str, int]) -> int:
    """Remove the ships a seat lost (``{"fleet:<id>" | <sector>: count}``), disband fleets left too small
    (R129), and answer how many were lost."""
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
    return lost
