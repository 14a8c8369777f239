"""Planetary invasions (R100-R110) and captures (R118-R120)."""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import ambassadors, board, effects, optional
from games.ascendancy.engine.build import developed, project_secrecy, take_control
from games.ascendancy.engine.combat import (
    INV_ATT,
    INV_DEF,
    MAX_ROUNDS,
    _advance,
    _ask,
    _die_hits,
    adv_sources,
    betray,
    side_shields,
    side_sources,
)
from games.ascendancy.engine.movement import check_command_phase, right_of
from games.ascendancy.engine.state import (
    MAX_CONTROL_NODES,
    Ctx,
    State,
    adv_effects,
    bump,
    civ_effects,
    control_nodes,
    shield_mod,
    weapons_roll,
)
from games.engine.core import IllegalCommand


# --- Planetary Invasion ---------------------------------------------------------------------------------
def check_invade(state: State, seat: int, args: dict[str, Any]) -> None:
    check_command_phase(state, seat)
    p = state["players"][seat]
    sid = args.get("at")
    if not isinstance(sid, str) or sid not in state["systems"]:
        raise IllegalCommand("no_such_system", "ascendancy:R100", system=str(sid))
    sys = state["systems"][sid]
    if effects.has(state, seat, "no_invasion"):
        raise IllegalCommand("prime_directive", "ascendancy:R159")
    if not developed(sys) or sys["control"] == seat:
        raise IllegalCommand("not_invadable", "ascendancy:R100")
    if not optional.occupies_for(state, seat, board.sys_sector(sid)):  # R157
        raise IllegalCommand("not_occupied", "ascendancy:R100")
    no_control_node_left(state, seat)
    owner = sys["control"]
    if civ_effects(p, "logical_observers") and owner is not None and state["players"][owner]["authority"] < p["authority"]:
        raise IllegalCommand("logical_observers", "ascendancy:R213")


def no_control_node_left(state: State, seat: int) -> None:
    """R41, RULINGS E61: a system is taken (Invasion, Hegemony) only with a Control Node to place on it."""
    if control_nodes(state, seat) >= MAX_CONTROL_NODES:
        raise IllegalCommand("no_control_nodes_left", "ascendancy:R41")


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
            n += sum(int(e["amount"]) for _, e in adv_sources(dp, "extra_dice", INV_DEF))
    n += ambassadors.defence_dice(s, b["system"])  # R211: an Ambassador's system (Vulcan High Command)
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
        if adv_sources(p, "annexation", INV_ATT):  # R189, RULINGS E44
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
    ctx.emit("project_captured", seat=seat, giver=giver, card=card,
             **project_secrecy(ctx.state, [seat, giver], {"seat": seat, "giver": giver, "card": None}))
