"""The Vulcan Commands that are not combat: placing, moving and removing Ambassadors (R206-R209), Honest
Meddling (R212), Vulcan Exodus (R214), and the answers to the Reliquary (R203) and Communication Network
(R204) decisions. The rules of who may do what come from the data: the civilization's console rules
(``move_ambassador`` adjacent, ``move_rival_ships``), the Consular Fleet side (``place_ambassador``) and the
Advancements (``move_ambassador`` connected_controlled, ``swap_home``, ``colonize`` on_complete, ``free_node``).
"""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import ambassadors, board, build, catalog, movement
from games.ascendancy.engine.state import Ctx, Player, State, adv_effects, bump, civ_effects
from games.engine.core import Command, IllegalCommand

PROMPTS = ("meddle_consent", *ambassadors.PROMPTS)


def _system(state: State, sid: Any, rule: str) -> dict[str, Any]:
    if not isinstance(sid, str) or sid not in state["systems"]:
        raise IllegalCommand("no_such_system", rule, system=str(sid))
    found: dict[str, Any] = state["systems"][sid]
    return found


def _command_phase(state: State, seat: int, cost: int, rule: str) -> None:
    turn = state["turn"]
    if turn["phase"] != "command":
        raise IllegalCommand("command_phase_only", "ascendancy:R22")
    if turn["move"] is not None:
        raise IllegalCommand("finish_the_move", "ascendancy:R44")
    if state["players"][seat]["ready"] < cost:
        raise IllegalCommand("no_command_left", "ascendancy:R21")


def _side_effect(p: Player, fid: Any, kind: str) -> dict[str, Any] | None:
    f = p["fleets"].get(fid) if isinstance(fid, str) else None
    if f is None:
        return None
    side = catalog.FLEET_SIDES.get(f["side"], {})
    return next((e for e in side.get("effects", []) if e["kind"] == kind), None)


# --- placing (R206) -------------------------------------------------------------------------------------
def welcomes(state: State, seat: int, sid: str) -> bool:
    """R206, RULINGS E13: an Independent system (an independent civilization nobody Controls: Pre-Warp tokens
    or Warp level) or a Peaceful one (Controlled by a rival whose Trade Agreement the Vulcan holds, R37)."""
    sys = state["systems"][sid]
    owner = sys["control"]
    if owner is None:
        return bool(sys["warp_level"]) or bool(sys["prewarp"])
    return owner != seat and board.at_peace(state, seat, owner)


def check_place(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    turn = state["turn"]
    if turn["phase"] != "command":
        raise IllegalCommand("command_phase_only", "ascendancy:R22")
    fid = args.get("fleet")
    eff = _side_effect(p, fid, "place_ambassador")
    if eff is None:
        raise IllegalCommand("no_consular_fleet", "ascendancy:R206")
    sys = _system(state, args.get("at"), "ascendancy:R206")
    sector = board.sys_sector(args["at"])
    move = turn["move"]
    if move is not None:  # R206: "or moving at Impulse": while its Impulse move stands in that system
        if move["unit"] != f"fleet:{fid}" or move["kind"] != "impulse" or move["at"] != sector \
                or move.get("lane_roll"):
            raise IllegalCommand("consular_fleet_not_there", "ascendancy:R206")
    elif p["fleets"][fid]["sector"] != sector:
        raise IllegalCommand("consular_fleet_not_there", "ascendancy:R206")
    if p["ready"] < int(eff.get("commands", 0)):
        raise IllegalCommand("no_command_left", "ascendancy:R21")
    if sys["kind"] == "phenomenon":
        raise IllegalCommand("ambassadors_on_planets_only", "ascendancy:R206")
    if sys.get("ambassador") is not None:
        raise IllegalCommand("ambassador_there", "ascendancy:R206")
    if ambassadors.supply(state, seat) < 1:
        raise IllegalCommand("no_ambassadors_left", "ascendancy:R206")
    if not welcomes(state, seat, args["at"]):
        raise IllegalCommand("not_independent_or_peaceful", "ascendancy:R206")


def place(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    eff = _side_effect(p, args["fleet"], "place_ambassador") or {}
    p["ready"] -= int(eff.get("commands", 0))
    ctx.state["systems"][args["at"]]["ambassador"] = seat
    ctx.emit("ambassador_placed", seat=seat, system=args["at"], left=ambassadors.supply(ctx.state, seat))


# --- moving (R208, R209) --------------------------------------------------------------------------------
def _move_rules(p: Player) -> dict[str, int]:
    """``to`` -> Command cost: ``adjacent`` from the console (R208), ``connected_controlled`` from a ready
    Vulcan High Council (R209)."""
    out: dict[str, int] = {}
    for e in civ_effects(p, "move_ambassador") + adv_effects(p, "move_ambassador"):
        cost = int(e.get("commands", 0))
        out[str(e["to"])] = min(cost, out.get(str(e["to"]), cost))
    return out


def move_cost(state: State, seat: int, src: str, dst: str) -> int | None:
    """The cheapest way the seat's Ambassador may go from ``src`` to ``dst``, or None."""
    rules = _move_rules(state["players"][seat])
    costs = []
    if "adjacent" in rules and dst in board.linked_systems(state, src):
        costs.append(rules["adjacent"])
    if "connected_controlled" in rules and state["systems"][dst]["control"] == seat \
            and dst in board.connected_systems(state, src):
        costs.append(rules["connected_controlled"])
    return min(costs) if costs else None


def check_move(state: State, seat: int, args: dict[str, Any]) -> None:
    src = _system(state, args.get("from"), "ascendancy:R208")
    dst = _system(state, args.get("to"), "ascendancy:R208")
    if src.get("ambassador") != seat:
        raise IllegalCommand("no_ambassador_there", "ascendancy:R208")
    if dst["kind"] == "phenomenon":
        raise IllegalCommand("ambassadors_on_planets_only", "ascendancy:R208")
    if dst.get("ambassador") is not None or args["to"] == args["from"]:
        raise IllegalCommand("ambassador_there", "ascendancy:R208")
    cost = move_cost(state, seat, args["from"], args["to"])
    if cost is None:
        raise IllegalCommand("ambassador_cannot_go_there", "ascendancy:R208")
    _command_phase(state, seat, cost, "ascendancy:R208")


def move(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    s = ctx.state
    cost = move_cost(s, seat, args["from"], args["to"])
    ctx.player(seat)["ready"] -= int(cost or 0)
    s["systems"][args["from"]]["ambassador"] = None
    s["systems"][args["to"]]["ambassador"] = seat
    ctx.emit("ambassador_moved", seat=seat, src=args["from"], dst=args["to"])


# --- removing (R207) ------------------------------------------------------------------------------------
def check_remove(state: State, seat: int, args: dict[str, Any]) -> None:
    sys = _system(state, args.get("at"), "ascendancy:R207")
    if state["turn"]["move"] is not None:
        raise IllegalCommand("finish_the_move", "ascendancy:R44")
    if sys["control"] != seat:
        raise IllegalCommand("not_your_system", "ascendancy:R207")
    if sys.get("ambassador") is None or sys["ambassador"] == seat:
        raise IllegalCommand("no_rival_ambassador_there", "ascendancy:R207")


def remove(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    sys = ctx.state["systems"][args["at"]]
    owner = sys["ambassador"]
    ambassadors.remove_all(ctx.state, args["at"])
    ctx.emit("ambassador_removed", seat=seat, system=args["at"], owner=owner)


# --- Honest Meddling (R212) -----------------------------------------------------------------------------
def meddle_targets(state: State, owner: int, unit: str) -> list[str]:
    """RULINGS E16: the sectors an Impulse move of the owner's unit reaches along the lanes on the map (2
    sectors, R45), never through or into a sector that would stop it or need the passage of a third player."""
    p = state["players"][owner]
    start = movement.unit_at(p, unit)
    if start is None:
        return []
    seen = {start}
    frontier = [start]
    for _ in range(movement.IMPULSE):
        nxt = []
        for sec in frontier:
            for n in board.neighbours(state, sec):
                if n in seen or board.blocked_for(state, owner, n) is not None \
                        or board.passage_from(state, owner, n, []) is not None:
                    continue
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return sorted(seen - {start})


def check_meddle(state: State, seat: int, args: dict[str, Any]) -> None:
    effects = civ_effects(state["players"][seat], "move_rival_ships")
    if not effects:
        raise IllegalCommand("no_honest_meddling", "ascendancy:R212")
    owner = args.get("owner")
    if not isinstance(owner, int) or not 0 <= owner < state["n"] or owner == seat \
            or state["players"][owner]["exterminated"]:
        raise IllegalCommand("bad_argument", "ascendancy:R212", argument="owner")
    if not board.at_peace(state, seat, owner):
        raise IllegalCommand("no_trade_agreement", "ascendancy:R212")
    unit = args.get("unit")
    if not isinstance(unit, str) or unit not in movement.units(state["players"][owner]):
        raise IllegalCommand("no_such_unit", "ascendancy:R212")
    if args.get("to") not in meddle_targets(state, owner, unit):
        raise IllegalCommand("step_not_possible", "ascendancy:R212")
    _command_phase(state, seat, int(effects[0].get("commands", 1)), "ascendancy:R212")


def meddle(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    """The Vulcan's Command is spent on asking (RULINGS E16); the owner answers."""
    s = ctx.state
    effects = civ_effects(ctx.player(seat), "move_rival_ships")
    ctx.player(seat)["ready"] -= int(effects[0].get("commands", 1))
    s["prompt"] = {"kind": "meddle_consent", "seat": args["owner"], "vulcan": seat, "unit": args["unit"],
                   "to": args["to"]}
    bump(s)
    ctx.emit("meddling_asked", seat=seat, owner=args["owner"], unit=args["unit"], to=args["to"])


def answer_meddle(ctx: Ctx, owner: int, accept: bool) -> None:
    """R212: accepted, the owner's unit moves; every result of the move (hazards, Research, Exploration) is
    the owner's."""
    s = ctx.state
    prompt = s["prompt"]
    s["prompt"] = None
    bump(s)
    ctx.emit("meddling_answered", seat=owner, vulcan=prompt["vulcan"], accepted=accept)
    if not accept:
        return
    p = ctx.player(owner)
    unit, dst = prompt["unit"], prompt["to"]
    src = movement.unit_at(p, unit)
    assert src is not None
    mover = unit if unit.startswith("fleet:") else "ship"
    s["turn"]["move"] = {"unit": mover, "kind": "impulse", "at": dst, "left": 0, "moved": True, "warp": None}
    movement._relocate(p, unit, src, dst)
    ctx.emit("ship_moved", seat=owner, unit=mover, src=src, dst=dst)
    movement.finish_move(ctx, owner)
    from games.ascendancy.engine.rounds import update_contact

    update_contact(ctx)


# --- Vulcan Exodus (R214) -------------------------------------------------------------------------------
def _exodus_card(p: Player) -> dict[str, Any] | None:
    for a in p["advancements"]:
        if not a["exhausted"] and any(e["kind"] == "swap_home" for e in catalog.effects_of(a["card"])):
            found: dict[str, Any] = a
            return found
    return None


def check_exodus(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    if state["turn"]["phase"] != "build":
        raise IllegalCommand("build_phase_over", "ascendancy:R214")
    if _exodus_card(p) is None:
        raise IllegalCommand("no_exodus_card", "ascendancy:R214")
    sys = _system(state, args.get("to"), "ascendancy:R214")
    if sys["control"] != seat:
        raise IllegalCommand("not_your_system", "ascendancy:R214")
    if sys["home_of"] is not None or sys["kind"] == "phenomenon":
        raise IllegalCommand("not_a_new_home", "ascendancy:R214")
    if not board.is_fixed(state, args["to"]):  # R58: a Home System is always Fixed (RULINGS E19)
        raise IllegalCommand("new_home_must_be_fixed", "ascendancy:R58")


def exodus(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    s = ctx.state
    p = ctx.player(seat)
    card = _exodus_card(p)
    assert card is not None
    card["exhausted"] = True
    old = board.home_of(s, seat)
    if old is not None:
        s["systems"][old]["home_of"] = None
    s["systems"][args["to"]]["home_of"] = seat
    ctx.emit("home_moved", seat=seat, src=old, dst=args["to"])


# --- the decisions --------------------------------------------------------------------------------------
def prompt_commands(state: State, seat: int) -> list[Command]:
    prompt = state["prompt"]
    kind = prompt["kind"]
    if kind == "meddle_consent":
        return [Command(seat, "accept_meddling"), Command(seat, "refuse_meddling")]
    if kind == "reliquary_colonize":
        return [Command(seat, "free_colonize", {"at": sid}) for sid in ambassadors.undeveloped_free(state, seat)]
    if kind == "free_node":
        return [Command(seat, "free_node", o) for o in ambassadors.free_node_options(state, seat, prompt["system"])]
    return []


def answer(ctx: Ctx, seat: int, kind: str, args: dict[str, Any]) -> None:
    s = ctx.state
    pk = s["prompt"]["kind"]
    if pk == "meddle_consent":
        answer_meddle(ctx, seat, kind == "accept_meddling")
    elif pk == "reliquary_colonize":
        s["prompt"] = None
        bump(s)
        ctx.emit("reliquary_colonizes", seat=seat, system=args["at"])
        build.colonize(ctx, seat, {"at": args["at"], "free": True})
    elif pk == "free_node":
        ambassadors.free_node(ctx, seat, int(args["slot"]), str(args["node"]))


# --- legal commands -------------------------------------------------------------------------------------
def candidates(state: State, seat: int) -> list[tuple[str, dict[str, Any]]]:
    """Candidates for ``legal_commands`` (each still goes through its check)."""
    p = state["players"][seat]
    out: list[tuple[str, dict[str, Any]]] = []
    out += [("remove_ambassador", {"at": sid}) for sid, sys in sorted(state["systems"].items())
            if sys.get("ambassador") is not None and sys["control"] == seat]
    if p["civ"] is None:
        return out
    turn = state["turn"]
    if turn["phase"] == "build" and _exodus_card(p) is not None:
        out += [("exodus", {"to": sid}) for sid, sys in sorted(state["systems"].items()) if sys["control"] == seat]
    if turn["phase"] != "command":
        return out
    for fid, f in sorted(p["fleets"].items()):
        if f["sector"] and f["sector"].startswith("S:") and _side_effect(p, fid, "place_ambassador"):
            out.append(("place_ambassador", {"at": board.parse(f["sector"])[1], "fleet": fid}))
    if _move_rules(p):
        for src in ambassadors.in_play(state, seat):
            near = board.connected_systems(state, src) - {src}
            out += [("move_ambassador", {"from": src, "to": dst}) for dst in sorted(near)]
    if civ_effects(p, "move_rival_ships"):
        for other in state["players"]:
            if other["seat"] == seat or not board.at_peace(state, seat, other["seat"]):
                continue
            for unit in movement.units(other):
                out += [("meddle", {"owner": other["seat"], "unit": unit, "to": t})
                        for t in meddle_targets(state, other["seat"], unit)]
    return out


def move_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """R206: the Consular Fleet may place while its Impulse move stands in a system."""
    move = state["turn"]["move"]
    if move is None or not move["unit"].startswith("fleet:") or not move["at"].startswith("S:"):
        return []
    fid = move["unit"].split(":", 1)[1]
    return [{"at": board.parse(move["at"])[1], "fleet": fid}]
