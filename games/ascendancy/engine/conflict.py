"""Space battles and invasions' decisions (``prompt_commands``, ``answer``; the steps live in ``combat``,
``battle`` and ``invasion``), Cultural Hegemony (R111-R117), Trade Agreements (R78-R84) and Betrayal (R82).
"""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import ambassadors, board, effects, optional
from games.ascendancy.engine.battle import (
    _activatable,
    _step_end_round,
    _step_offer,
    _step_retreat_more,
    _step_retreats,
    _step_round,
    attack,
    check_attack,
    end_battle,
    maneuver,
    maneuver_moves,
    retreat,
    retreat_moves,
)
from games.ascendancy.engine.build import developed, take_control
from games.ascendancy.engine.combat import (
    PROMPTS,
    STEPS,
    _advance,
    _exhaust,
    _sacrificers,
    _step_allocate,
    _step_reroll,
    _step_roll,
    _step_score,
    assign_hit,
    betray,
    do_reroll,
    hit_options,
    is_hit,
    reroll_options,
)
from games.ascendancy.engine.invasion import (
    _destroy_nodes,
    _give_projects,
    _step_bombard,
    _step_collateral,
    _step_continue,
    _step_inv_casualties,
    _step_inv_end,
    _step_inv_nodes,
    _step_inv_round,
    _step_roll_planet,
    _step_surrender,
    capture_projects,
    check_invade,
    collateral_options,
    end_invasion,
    give_project,
    invade,
    no_control_node_left,
)
from games.ascendancy.engine.movement import check_command_phase
from games.ascendancy.engine.state import Ctx, Player, State, bump, civ_effects
from games.engine.core import IllegalCommand

__all__ = ["PROMPTS", "answer", "attack", "check_attack", "check_invade", "invade", "is_hit", "prompt_commands"]


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
            do_reroll(ctx, seat, args["card"], int(args["die"]))
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


STEPS.update({
    "offer": _step_offer, "round": _step_round, "roll": _step_roll, "reroll": _step_reroll,
    "score": _step_score, "allocate": _step_allocate, "end_round": _step_end_round, "retreats": _step_retreats,
    "retreat_more": _step_retreat_more, "inv_round": _step_inv_round, "surrender": _step_surrender,
    "bombard": _step_bombard, "roll_planet": _step_roll_planet, "inv_nodes": _step_inv_nodes,
    "collateral": _step_collateral, "inv_casualties": _step_inv_casualties, "inv_end": _step_inv_end,
    "continue": _step_continue,
})


# --- Cultural Hegemony ----------------------------------------------------------------------------------
def resistance(state: State, sid: str) -> int:
    """R112, R113."""
    sys = state["systems"][sid]
    nodes = sum(1 for n in sys["nodes"] if n is not None)
    if sys["control"] is None:
        return nodes + int(sys["warp_level"])
    return (nodes + 1 + (1 if sys["starbase"] else 0) + int(state["players"][sys["control"]]["authority"])
            + effects.resistance_bonus(state, sid))


def check_hegemony(state: State, seat: int, args: dict[str, Any]) -> None:
    check_command_phase(state, seat)
    p = state["players"][seat]
    sid = args.get("at")
    if not isinstance(sid, str) or sid not in state["systems"]:
        raise IllegalCommand("no_such_system", "ascendancy:R111", system=str(sid))
    sys = state["systems"][sid]
    if sys["prewarp"]:
        raise IllegalCommand("no_hegemony_on_prewarp", "ascendancy:R114")
    if not developed(sys) or sys["control"] == seat:
        raise IllegalCommand("not_a_hegemony_target", "ascendancy:R111")
    if not optional.occupies_for(state, seat, board.sys_sector(sid)):  # R157
        raise IllegalCommand("not_occupied", "ascendancy:R111")
    no_control_node_left(state, seat)
    price = hegemony_cost(state, seat)
    if p["resources"]["culture"] < price + 1:
        raise IllegalCommand("not_enough_resources", "ascendancy:R111", cost={"culture": price + 1})
    owner = sys["control"]
    if civ_effects(p, "logical_observers") and owner is not None and state["players"][owner]["authority"] < p["authority"]:
        raise IllegalCommand("logical_observers", "ascendancy:R213")


def hegemony_cost(state: State, seat: int) -> int:
    """R111: the attempt's Culture, less a ``cost_change`` of ``hegemony`` (R162, RULINGS E29)."""
    return int(effects.cost(state, seat, "hegemony", {"culture": 1}).get("culture", 0))


def hegemony(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    s = ctx.state
    p = ctx.player(seat)
    sid = args["at"]
    p["ready"] -= 1
    p["resources"]["culture"] -= hegemony_cost(s, seat)
    owner = s["systems"][sid]["control"]
    if owner is not None:
        betray(ctx, seat, [owner])  # R116
    die = ctx.roll(seat, "hegemony")[0]
    bonus = 0 if effects.has(s, seat, "hegemony_no_authority") else int(p["authority"])  # R191
    bonus += effects.hegemony_bonus(s, seat, sid)  # R160 and the cards, fleets and Recon tokens (A24)
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
    out |= ambassadors.sectors(state, seat)  # R210
    out |= {board.sys_sector(sid) for sid in p.get("recon", [])}  # RULINGS A24: Recon tokens count
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
        raise IllegalCommand("bad_argument", "ascendancy:R78", argument="to")
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
    receiver["trade_held"][str(giver)] = {"card": offer["card"], "exhausted": False}
    _distrust(s, receiver, str(giver))
    ctx.emit("trade_accepted", seat=seat, giver=giver, card=offer["card"])  # R171: Romulans exhaust it


def _distrust(state: State, receiver: Player, giver: str) -> None:
    """R171: the Romulans' Trade Agreement just received (or taken in a swap) enters Exhausted; with the table
    option ``romulan_distrust`` ``all`` every one they hold does (RULINGS A13)."""
    if not civ_effects(receiver, "distrust"):
        return
    every = state["options"].get("romulan_distrust") == "all"
    for owner, held in receiver["trade_held"].items():
        if every or owner == giver:
            held["exhausted"] = True


def check_swap_trade(state: State, seat: int, args: dict[str, Any]) -> None:
    """R80: a card already given may be replaced by another still in hand, at any distance."""
    p = state["players"][seat]
    to, card = args.get("to"), args.get("card")
    if not isinstance(to, int) or not 0 <= to < state["n"]:
        raise IllegalCommand("bad_argument", "ascendancy:R80", argument="to")
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
    other["trade_held"][str(seat)] = {"card": args["card"], "exhausted": False}
    _distrust(ctx.state, other, str(seat))
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
