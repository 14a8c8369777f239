"""Space battles (R85-R98), planetary invasions (R100-R110), Cultural Hegemony (R111-R117), Trade
Agreements (R78-R84) and Betrayal (R82).

A battle or invasion lives in ``turn["battle"]``; after each Combat Round the decisions it needs (retreat,
continue, surrender) are asked through ``state["prompt"]``, one seat at a time.
"""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import ambassadors, andorians, board, effects, optional
from games.ascendancy.engine.build import check_fleet_sizes, developed, take_control, take_ship
from games.ascendancy.engine.movement import right_of
from games.ascendancy.engine.state import (
    Ctx,
    Player,
    State,
    adv_effects,
    bump,
    civ_effects,
    shield_mod,
    weapons_roll,
)
from games.engine.core import IllegalCommand

MAX_ROUNDS = 30  # RULINGS A10: a battle nobody can end is stopped


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


def starbase_bonus(state: State, seat: int, sectors: list[str]) -> int:
    """R92: +1 die if any involved ship orbits a system you Control with a Starbase."""
    for sector in sectors:
        kind, sid, _ = board.parse(sector)
        sys = state["systems"][sid] if kind == "S" else None
        if sys and sys["control"] == seat and sys["starbase"] and board.ships_in(state["players"][seat], sector):
            return 1
    return 0


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
    s["turn"]["battle"] = {"kind": "space", "attacker": seat, "target": target, "defenders": defenders,
                           "from": attack_sectors(s, seat, target), "round": 0, "queue": [],
                           "start": {str(d): board.ships_in(s["players"][d], target) for d in defenders}}
    ctx.emit("battle_started", seat=seat, target=target, defenders=defenders)
    combat_round(ctx)


def _losses(ctx: Ctx, seat: int, sectors: list[str], count: int) -> int:
    p = ctx.player(seat)
    lost = 0
    for sector in sectors:
        while lost < count and board.ships_in(p, sector) > 0:
            take_ship(p, sector)
            lost += 1
    check_fleet_sizes(ctx, seat)
    return lost


def combat_round(ctx: Ctx) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    b["round"] += 1
    att = s["players"][b["attacker"]]
    target = b["target"]
    from_ = [sec for sec in b["from"] if board.ships_in(att, sec) > 0]
    b["from"] = from_
    att_ships = sum(board.ships_in(att, sec) for sec in from_)
    dice_total = att_ships + starbase_bonus(s, b["attacker"], from_)
    defenders = b["defenders"]
    share = [dice_total // len(defenders) + (1 if i < dice_total % len(defenders) else 0)
             for i in range(len(defenders))]  # R88, RULINGS E1: dice split evenly, lower seats first
    hits_on: dict[int, int] = {}
    for d, count in zip(defenders, share, strict=True):
        shields = shield_mod(s["players"][d])
        dice = ctx.roll(b["attacker"], "attack", count)
        hits_on[d] = sum(1 for x in dice if is_hit(att, x, shields))
    allocs = [{"by": b["attacker"], "on": d, "count": hits_on[d], "sectors": [target]} for d in defenders]
    for d in defenders:
        dp = s["players"][d]
        n = board.ships_in(dp, target) + starbase_bonus(s, d, [target])
        dice = ctx.roll(d, "defend", n)
        hits = sum(1 for x in dice if is_hit(dp, x, shield_mod(att)))
        allocs.append({"by": d, "on": b["attacker"], "count": hits, "sectors": list(from_)})
    b["allocs"] = [a for a in allocs if a["count"] > 0]
    b["taken"] = {}
    allocate_hits(ctx)


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


def allocate_hits(ctx: Ctx) -> None:
    """R94: every hit destroys a ship; where there is a choice, the player who scored it chooses (one
    ``hit`` command per casualty); the losses then land together."""
    s = ctx.state
    b = s["turn"]["battle"]
    while b["allocs"]:
        alloc = b["allocs"][0]
        options = hit_options(s, alloc, b["taken"])
        if alloc["count"] <= 0 or not options:
            b["allocs"].pop(0)
            continue
        if len(options) > 1:
            s["prompt"] = {"kind": "allocate_hits", "seat": alloc["by"], "target": alloc["on"],
                           "hits": alloc["count"]}
            bump(s)
            return
        assign_hit(s, options[0])
    s["prompt"] = None
    bump(s)
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
        andorians.record_losses(b, seat, lost)
        ctx.emit("casualties", seat=seat, ships=lost, sector=b["target"])
    after_round(ctx)


def assign_hit(state: State, unit: str) -> None:
    b = state["turn"]["battle"]
    alloc = b["allocs"][0]
    mine = b["taken"].setdefault(str(alloc["on"]), {})
    mine[unit] = mine.get(unit, 0) + 1
    alloc["count"] -= 1


def hit(ctx: Ctx, unit: str) -> None:
    assign_hit(ctx.state, unit)
    allocate_hits(ctx)


def _side_alive(state: State, b: dict[str, Any]) -> tuple[bool, list[int]]:
    att = state["players"][b["attacker"]]
    attacker_alive = any(board.ships_in(att, sec) > 0 for sec in b["from"])
    defenders = [d for d in b["defenders"] if board.ships_in(state["players"][d], b["target"]) > 0]
    return attacker_alive, defenders


def after_round(ctx: Ctx) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    attacker_alive, defenders = _side_alive(s, b)
    b["defenders"] = defenders
    if not attacker_alive or not defenders or b["round"] >= MAX_ROUNDS:
        end_battle(ctx, winner=b["attacker"] if attacker_alive and not defenders else (
            defenders[0] if defenders and not attacker_alive else None))
        return
    b["queue"] = [b["attacker"], *defenders]  # R96: the attacker decides first
    ask_retreat(ctx)


def ask_retreat(ctx: Ctx) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    while b["queue"]:
        who = b["queue"][0]
        if retreat_options(s, who):
            s["prompt"] = {"kind": "retreat", "seat": who}
            bump(s)
            return
        b["queue"].pop(0)  # R96: a blocked side cannot retreat
    s["prompt"] = None
    bump(s)
    att = s["players"][b["attacker"]]
    if not any(can_ever_hit(att, shield_mod(s["players"][d])) for d in b["defenders"]) and not any(
            can_ever_hit(s["players"][d], shield_mod(att)) for d in b["defenders"]):
        end_battle(ctx, winner=None)  # RULINGS A10: nobody can hit and nobody can retreat
        return
    combat_round(ctx)


def _retreat_from(state: State, seat: int) -> str:
    b = state["turn"]["battle"]
    if b["kind"] == "space" and seat == b["attacker"]:
        sector: str = b["from"][0] if b["target"] not in b["from"] else b["target"]
        return sector
    return str(b["target"])


def retreat_options(state: State, seat: int) -> list[str]:
    """R96: an Impulse move of up to 2 sectors along existing lanes, not through hostile ships."""
    src = _retreat_from(state, seat)
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
    return sorted(out)


def retreat(ctx: Ctx, seat: int, to: str | None) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    if b["queue"]:
        b["queue"].pop(0)
    if to is None:
        ctx.emit("battle_stayed", seat=seat)
        ask_retreat(ctx)
        return
    p = ctx.player(seat)
    sectors = b["from"] if b["kind"] == "space" and seat == b["attacker"] else [b["target"]]
    if b["kind"] == "invasion":
        sectors = [b["target"]]
    for sec in sectors:  # RULINGS E9: every retreating ship ends in the one chosen sector
        n = p["ships"].pop(sec, 0)
        if n:
            p["ships"][to] = p["ships"].get(to, 0) + n
        for f in p["fleets"].values():
            if f["sector"] == sec:
                f["sector"] = to
    ctx.emit("retreated", seat=seat, to=to)
    s["prompt"] = None
    if b["kind"] == "invasion" or seat == b["attacker"]:
        winner = None if b["kind"] == "invasion" else (b["defenders"][0] if len(b["defenders"]) == 1 else None)
        end_battle(ctx, winner=winner)
        return
    b["defenders"] = [d for d in b["defenders"] if d != seat]
    if not b["defenders"]:
        end_battle(ctx, winner=b["attacker"])
        return
    ask_retreat(ctx)


def end_battle(ctx: Ctx, winner: int | None) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    s["turn"]["battle"] = None
    s["prompt"] = None
    bump(s)
    ctx.emit("battle_ended", battle=b["kind"], winner=winner, target=b["target"])
    if b["kind"] == "space" and winner is not None:
        wp = s["players"][winner]
        biggest = max(b["start"].values(), default=0) if winner == b["attacker"] else 0
        if wp["civ"] == "klingon" and biggest >= 3:  # R164
            wp["resources"]["culture"] += 1
            ctx.emit("klingon_never_defeated", seat=winner, culture=1)
        andorians.field_testing(ctx, b, winner)  # R181
        effects.trigger(ctx, winner, "on_win_battle")  # R98: the cards' gains (R198)
    board.remove_abandoned_lanes(s)


# --- Planetary Invasion ---------------------------------------------------------------------------------
def check_invade(state: State, seat: int, args: dict[str, Any]) -> None:
    _command(state, seat)
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
    owner = sys["control"]
    if civ_effects(p, "logical_observers") and owner is not None and state["players"][owner]["authority"] < p["authority"]:
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
                           "queue": [], "from": [board.sys_sector(sid)], "start": {}}
    ctx.emit("invasion_started", seat=seat, system=sid, defender=owner)
    invasion_round(ctx)


def invasion_round(ctx: Ctx) -> None:
    """R101-R110."""
    s = ctx.state
    b = s["turn"]["battle"]
    b["round"] += 1
    sid = b["system"]
    sys = s["systems"][sid]
    att = s["players"][b["attacker"]]
    owner = b["defender"]
    sector = b["target"]
    n_nodes = defence_nodes(sys)
    level = int(sys["warp_level"])
    if owner is None:  # R110: the civ's hit roll 6 - L, Shields L
        def_shields, def_roll, roller = level, 6 - level if level else 5, right_of(s, b["attacker"])
    else:
        dp = s["players"][owner]
        def_shields, def_roll, roller = shield_mod(dp), weapons_roll(dp), owner
    dice = ctx.roll(b["attacker"], "invade", board.ships_in(att, sector))
    hits = sum(1 for d in dice if is_hit(att, d, def_shields))
    ddice = ctx.roll(roller, "planet_defence", n_nodes + ambassadors.defence_dice(s, sid))  # R211
    need = def_roll + shield_mod(att)
    back = sum(1 for d in ddice if need <= 6 and d >= need)
    lost = _losses(ctx, b["attacker"], [sector], back)
    ctx.emit("invasion_round", seat=b["attacker"], system=sid, hits=hits, nodes=n_nodes, attacker_lost=lost)
    if hits > n_nodes:  # R103: successful invasion, the nodes stay
        end_invasion(ctx, "invasion_succeeded")
        take_control(ctx, b["attacker"], sid, "invaded")
        return
    if hits == n_nodes:  # total destruction
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
    destroyed = 0  # collateral damage: the attacker's choice, RULINGS E3: the last slots first
    for i in range(len(sys["nodes"]) - 1, -1, -1):
        if destroyed < hits and sys["nodes"][i] is not None:
            sys["nodes"][i] = None
            destroyed += 1
    if destroyed:
        ctx.emit("collateral_damage", system=sid, nodes=destroyed)
        if owner is not None:
            from games.ascendancy.engine.build import enforce_project_limit

            enforce_project_limit(ctx, owner)
    if board.ships_in(att, sector) == 0:  # R106
        end_invasion(ctx, "invasion_failed")
        return
    if b["round"] >= MAX_ROUNDS:
        end_invasion(ctx, "invasion_failed")
        return
    s["prompt"] = {"kind": "invasion_continue", "seat": b["attacker"]}
    bump(s)


def end_invasion(ctx: Ctx, how: str) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    s["turn"]["battle"] = None
    s["prompt"] = None
    bump(s)
    ctx.emit("invasion_ended", seat=b["attacker"], system=b["system"], outcome=how)


def invasion_continue(ctx: Ctx, seat: int) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    if b["defender"] is not None and int(b["round"]) >= 1:
        s["prompt"] = {"kind": "surrender", "seat": b["defender"]}  # R108: at the start of a round
        bump(s)
        return
    s["prompt"] = None
    invasion_round(ctx)


def surrender(ctx: Ctx, seat: int, yes: bool) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    s["prompt"] = None
    if yes:
        ctx.emit("surrendered", seat=seat, system=b["system"])
        end_invasion(ctx, "surrendered")
        take_control(ctx, b["attacker"], b["system"], "surrender")
        return
    invasion_round(ctx)


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
    if not optional.occupies_for(state, seat, board.sys_sector(sid)):  # R157
        raise IllegalCommand("not_occupied", "ascendancy:R111")
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


def check_offer_trade(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    to, card = args.get("to"), args.get("card")
    if not isinstance(to, int) or not 0 <= to < state["n"] or to == seat or state["players"][to]["exterminated"]:
        raise IllegalCommand("bad_argument", argument="to")
    if card not in p["trade_hand"]:
        raise IllegalCommand("no_such_trade_card", "ascendancy:R78")
    if str(seat) in state["players"][to]["trade_held"]:
        raise IllegalCommand("already_holds_your_card", "ascendancy:R78")
    if state["turn"]["battle"] is not None:
        raise IllegalCommand("conflict_under_way", "ascendancy:R83")
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
    receiver["trade_held"][str(giver)] = {"card": offer["card"], "exhausted": bool(civ_effects(receiver, "distrust"))}
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


def swap_trade(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    other = ctx.player(args["to"])
    held = other["trade_held"][str(seat)]
    p["trade_hand"].remove(args["card"])
    p["trade_hand"].append(held["card"])
    p["trade_hand"].sort()
    other["trade_held"][str(seat)] = {"card": args["card"], "exhausted": bool(civ_effects(other, "distrust"))}  # R171
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
