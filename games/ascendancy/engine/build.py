"""The Build Phase (R9-R20) and the actions open in either phase of your turn (Authority R20, fleets
R125-R129, projects R131-R133)."""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import ambassadors, board, catalog, effects, optional
from games.ascendancy.engine.state import (
    FLEET_MIN,
    MAX_CONTROL_NODES,
    MAX_SHIPS,
    Ctx,
    Player,
    State,
    bump,
    civ_effects,
    command_total,
    control_nodes,
    has_adv,
    ships_total,
)
from games.engine.core import IllegalCommand


def _claimed_first(p: Player, cost: dict[str, int]) -> tuple[dict[str, int], int]:
    """R181: ships claimed by Andorian Field Testing are spent as Research tokens, before the real ones; the
    rest of the cost and the claimed ships used."""
    used = min(int(p["claimed_ships"]), cost.get("research", 0))
    if not used:
        return cost, 0
    return {**cost, "research": cost["research"] - used}, used


def pay(p: Player, cost: dict[str, int]) -> None:
    cost, claimed = _claimed_first(p, cost)
    p["claimed_ships"] -= claimed
    if optional.unbridled(p):  # R150
        optional.pay_unbridled(p, cost)
        return
    for res, amount in cost.items():
        p["resources"][res] -= amount


def can_pay(p: Player, cost: dict[str, int]) -> bool:
    cost, _ = _claimed_first(p, cost)
    if optional.unbridled(p):  # R150
        return optional.can_pay_unbridled(p, cost)
    return all(p["resources"][res] >= amount for res, amount in cost.items())


def need(p: Player, cost: dict[str, int], rule: str) -> None:
    if not can_pay(p, cost):
        raise IllegalCommand("not_enough_resources", rule, cost=dict(cost))


def _system(state: State, sid: Any, rule: str) -> dict[str, Any]:
    if not isinstance(sid, str) or sid not in state["systems"]:
        raise IllegalCommand("no_such_system", rule, system=str(sid))
    found: dict[str, Any] = state["systems"][sid]
    return found


# --- ships -----------------------------------------------------------------------------------------------
def ship_yards(state: State, seat: int, what: str = "ships") -> list[str]:
    """R10, R39, R126: systems you Control with a Starbase, your own Home while you Control it, and those an
    Advancement allows (R10c, ``build_site``: ``what`` is ``ships`` or ``fleets``)."""
    out = []
    for sid, sys in sorted(state["systems"].items()):
        if sys["control"] != seat:
            continue
        if sys["starbase"] or sys["home_of"] == seat:
            out.append(sid)
    return sorted(set(out) | set(effects.build_sites(state, seat, what)))


def ship_cost(state: State, seat: int) -> dict[str, int]:
    return effects.cost(state, seat, "ship", catalog.COSTS["ship"])


def check_build_ship(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    sid = args.get("at")
    _system(state, sid, "ascendancy:R10")
    if sid not in ship_yards(state, seat):
        raise IllegalCommand("not_a_shipyard", "ascendancy:R10", system=sid)
    if ships_total(p) >= MAX_SHIPS:
        raise IllegalCommand("no_ships_left", "ascendancy:R41")
    need(p, ship_cost(state, seat), "ascendancy:R10")


def build_ship(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    sid = args["at"]
    pay(p, ship_cost(ctx.state, seat))
    sector = board.sys_sector(sid)
    p["ships"][sector] = p["ships"].get(sector, 0) + 1
    built = ctx.state["turn"]["built"]
    built[sid] = built.get(sid, 0) + 1
    ctx.emit("ship_built", seat=seat, system=sid)


# --- colonizing --------------------------------------------------------------------------------------------
def developed(sys: dict[str, Any]) -> bool:
    """R36: at least one node of any kind (a Control Node counts)."""
    return sys["control"] is not None or any(n is not None for n in sys["nodes"])


def check_colonize(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    if args.get("free"):  # only the Reliquary's decision colonizes for free (R203)
        raise IllegalCommand("bad_argument", "ascendancy:R203", argument="free")
    sys = _system(state, args.get("at"), "ascendancy:R12")
    if sys["kind"] != "planet":
        raise IllegalCommand("not_a_planet", "ascendancy:R12")
    if developed(sys):
        raise IllegalCommand("system_developed", "ascendancy:R12")
    if control_nodes(state, seat) >= MAX_CONTROL_NODES:
        raise IllegalCommand("no_control_nodes_left", "ascendancy:R41")
    if civ_effects(p, "vulcan_colonization"):  # R201
        if p["authority"] < 1:
            raise IllegalCommand("not_enough_authority", "ascendancy:R201")
        return
    if sys["prewarp"] and effects.has(state, seat, "no_colonize_pre_warp"):
        raise IllegalCommand("prime_directive", "ascendancy:R159")
    sector = board.sys_sector(args["at"])
    if not optional.occupies_for(state, seat, sector):  # R157: or with a Peaceful rival's leave
        raise IllegalCommand("not_occupied", "ascendancy:R12")
    fleet = args.get("fleet")
    if fleet is not None:  # R161: a fleet that colonizes on its own terms
        f = p["fleets"].get(fleet)
        if f is None or f["sector"] != sector or colonize_effect(p, fleet) is None:
            raise IllegalCommand("no_colonization_fleet_there", "ascendancy:R161")
    cost, ships = colonize_terms(state, p, args["at"], fleet)
    if board.ships_in(p, sector) < ships:
        raise IllegalCommand("not_enough_ships_there", "ascendancy:R12")
    need(p, cost, "ascendancy:R12")


def colonize_effect(p: Player, fleet: str) -> dict[str, Any] | None:
    f = p["fleets"].get(fleet)
    if f is None:
        return None
    side = catalog.FLEET_SIDES.get(f["side"], {})
    return next((e for e in side.get("effects", []) if e["kind"] == "colonize"), None)


def colonize_terms(state: State, p: Player, sid: str, fleet: str | None) -> tuple[dict[str, int], int]:
    """R12: 1 Culture and 1 ship, unless an Exploration card on the system changes it (the card wins, R64),
    or a fleet colonizes on its own terms (R161)."""
    card = state["systems"][sid]["card"]
    spec = catalog.EXPLORATION[card].get("colonize") if card else None
    if spec and ("cost" in spec or "ships" in spec):
        return dict(spec.get("cost", catalog.COSTS["colonize"])), int(spec.get("ships", 1))
    if fleet is not None:
        eff = colonize_effect(p, fleet) or {}
        return dict(eff.get("cost", {})), int(eff.get("ships", 1))
    return effects.cost(state, p["seat"], "colonize", catalog.COSTS["colonize"]), 1


def take_ship(p: Player, sector: str) -> None:
    """Remove one ship of the player from a sector: a loose one first, else one from its smallest fleet."""
    if p["ships"].get(sector, 0) > 0:
        p["ships"][sector] -= 1
        if p["ships"][sector] == 0:
            del p["ships"][sector]
        return
    fleets = sorted((f["ships"], fid) for fid, f in p["fleets"].items() if f["sector"] == sector)
    fid = fleets[0][1]
    p["fleets"][fid]["ships"] -= 1


def check_fleet_sizes(ctx: Ctx, seat: int) -> None:
    """R129: a fleet below 3 ships is disbanded at once."""
    p = ctx.player(seat)
    for fid in sorted(p["fleets"]):
        f = p["fleets"][fid]
        if f["ships"] < FLEET_MIN and f["sector"] is not None:
            disband_fleet(ctx, seat, fid, reason="too_small")


def take_control(ctx: Ctx, seat: int, sid: str, how: str) -> None:
    s = ctx.state
    sys = s["systems"][sid]
    previous = sys["control"]
    sys["control"] = seat
    if sys["warp_level"]:
        sys["warp_civ"] = True  # counted by ``gain.per = warp_civilization_controlled``
    sys["warp_level"] = 0  # R71
    ctx.emit("system_controlled", seat=seat, system=sid, how=how, previous=previous)
    if sys["starbase"]:  # R120: the capturer gains a command token, exhausted
        for who in (seat, previous):
            if who is None:
                continue
            q = s["players"][who]
            q["commands"] = command_total(s, who)
            q["ready"] = min(q["ready"], q["commands"])
    if how in ("invaded", "hegemony", "surrender"):
        effects.trigger(ctx, seat, "on_take_control", sid=sid)


def colonize(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    sid = args["at"]
    sys = ctx.state["systems"][sid]
    if args.get("free"):  # R203: the Ancient Vulcan Reliquary colonizes without any price
        pass
    elif civ_effects(p, "vulcan_colonization"):  # R201
        p["authority"] -= 1
        from games.ascendancy.engine.build import vulcan_fleet_cap

        vulcan_fleet_cap(ctx, seat)
    else:
        fleet = args.get("fleet")
        cost, ships = colonize_terms(ctx.state, p, sid, fleet)
        pay(p, cost)
        sector = board.sys_sector(sid)
        for _ in range(ships):  # R12: the ship is used up
            if fleet is not None and fleet in p["fleets"] and p["fleets"][fleet]["ships"] > 0:
                p["fleets"][fleet]["ships"] -= 1
            else:
                take_ship(p, sector)
        eff = colonize_effect(p, fleet) if fleet else None
        if eff and eff.get("disband") and fleet is not None and fleet in p["fleets"]:
            disband_fleet(ctx, seat, fleet, reason="colonized")
        check_fleet_sizes(ctx, seat)
    if sys["prewarp"]:
        p["independents_peaceful"] = p.get("independents_peaceful", 0) + 1
    take_control(ctx, seat, sid, "colonized")
    for res, amount in sorted(sys["prewarp"].items()):  # R69
        p["resources"][res] += amount
    if sys["prewarp"]:
        ctx.emit("prewarp_resources_taken", seat=seat, system=sid, **sys["prewarp"])
    sys["prewarp"] = {}
    if sys["card"] is not None:  # R64: a card that remains in play is resolved and discarded when colonized
        spec = catalog.EXPLORATION[sys["card"]].get("colonize") or {}
        for effect in spec.get("effects", []):
            colonize_card_effect(ctx, seat, sid, effect)
        ctx.state["exploration"]["discard"].append(sys["card"])
        sys["card"] = None
    effects.trigger(ctx, seat, "on_colonize", sid=sid)


def colonize_card_effect(ctx: Ctx, seat: int, sid: str, effect: dict[str, Any]) -> None:
    """The card's gift on colonizing: free nodes (on free slots that take them, Production first for ``any``)
    or resources."""
    p = ctx.player(seat)
    sys = ctx.state["systems"][sid]
    if effect["kind"] == "gain":
        for res, amount in effect["bundle"].items():
            p["resources"][res] += int(amount)
    elif effect["kind"] == "nodes":
        no_culture = effects.has(ctx.state, seat, "no_culture_nodes")  # R190, RULINGS E59
        anywhere = effects.has(ctx.state, seat, "production_anywhere")  # R192
        for _ in range(int(effect["count"])):
            for i, slot in enumerate(sys["slots"]):
                if sys["nodes"][i] is not None:
                    continue
                node = effect["node"]
                fits = slot in (node, catalog.OPEN)
                if node == "any":
                    node, fits = (slot if slot != catalog.OPEN else "production"), True
                    if node == "culture" and no_culture and anywhere:
                        node = "production"  # on any slot
                if node == "culture" and no_culture:
                    continue
                if fits:
                    sys["nodes"][i] = node
                    ctx.emit("node_built", seat=seat, system=sid, node=node, slot=i, replaced=None)
                    break


def vulcan_fleet_cap(ctx: Ctx, seat: int) -> None:
    """R202: Vulcan fleets above Authority are disbanded at once (RULINGS E6: the card id that sorts last first);
    everyone's are with the table option ``fleet_cap`` ``always`` (RULINGS A27). A fleet in Warp stays until
    its move out of Warp ends (R50), when this is checked again; the others go first (RULINGS E58)."""
    p = ctx.player(seat)
    everyone = ctx.state["options"].get("fleet_cap") == "always"
    while (everyone or p["civ"] == "vulcan") and len(p["fleets"]) > p["authority"]:
        move = ctx.state["turn"].get("move") if ctx.state["turn"] else None
        moving = move["unit"] if move else None
        on_map = [fid for fid in sorted(p["fleets"])
                  if p["fleets"][fid]["sector"] is not None and f"fleet:{fid}" != moving]
        if not on_map:
            break
        disband_fleet(ctx, seat, on_map[-1], reason="fleet_cap")


# --- resource nodes ---------------------------------------------------------------------------------------
def check_build_node(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    sys = _system(state, args.get("at"), "ascendancy:R13")
    kind = args.get("node")
    slot = args.get("slot")
    if kind not in catalog.NODE_TYPES:
        raise IllegalCommand("bad_argument", "ascendancy:R13", argument="node")
    if sys["control"] != seat:
        raise IllegalCommand("not_your_system", "ascendancy:R13")
    if not isinstance(slot, int) or not 0 <= slot < len(sys["slots"]):
        raise IllegalCommand("bad_argument", "ascendancy:R13", argument="slot")
    if kind == "culture" and effects.has(state, seat, "no_culture_nodes"):
        raise IllegalCommand("ferengi_no_culture_nodes", "ascendancy:R190")
    slot_type = sys["slots"][slot]
    current = sys["nodes"][slot]
    ferengi_any = kind == "production" and effects.has(state, seat, "production_anywhere")  # R192
    if slot_type not in (kind, catalog.OPEN) and not ferengi_any:
        raise IllegalCommand("wrong_slot_type", "ascendancy:R13", slot=slot_type, kind=kind)
    if current is not None and (slot_type != catalog.OPEN or current == kind):  # R14: Open slots only
        raise IllegalCommand("slot_taken", "ascendancy:R14")
    need(p, node_cost(state, seat, kind), "ascendancy:R13")


def node_cost(state: State, seat: int, kind: str) -> dict[str, int]:
    return effects.cost(state, seat, f"node_{kind}", catalog.COSTS[f"{kind}_node"])


def build_node(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    sys = ctx.state["systems"][args["at"]]
    pay(p, node_cost(ctx.state, seat, args["node"]))
    replaced = sys["nodes"][args["slot"]]
    sys["nodes"][args["slot"]] = args["node"]
    ctx.emit("node_built", seat=seat, system=args["at"], node=args["node"], slot=args["slot"], replaced=replaced)
    if replaced == "research":
        enforce_project_limit(ctx, seat)


# --- research ---------------------------------------------------------------------------------------------
def research_nodes(state: State, seat: int) -> int:
    return sum(1 for s in state["systems"].values() if s["control"] == seat for n in s["nodes"] if n == "research")


def check_fund(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    card = args.get("project")
    if not any(pr["card"] == card for pr in p["projects"]):
        raise IllegalCommand("no_such_project", "ascendancy:R15")
    if card in state["turn"]["funded"]:
        raise IllegalCommand("project_already_funded", "ascendancy:R15")
    if not can_pay(p, {"research": 1}):  # R150: Culture may stand for it; R181: a claimed ship too
        raise IllegalCommand("not_enough_resources", "ascendancy:R15", cost={"research": 1})


def fund(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    card = args["project"]
    pay(p, {"research": 1})  # R181: a claimed ship first
    ctx.state["turn"]["funded"].append(card)
    project = next(pr for pr in p["projects"] if pr["card"] == card)
    project["research"] += 1
    ctx.emit("project_funded", seat=seat, card=card, research=project["research"],
             **project_secrecy(ctx.state, [seat], {"seat": seat, "card": None, "research": project["research"]}))
    if project["research"] >= catalog.ADVANCEMENTS[card]["cost"]:
        complete_project(ctx, seat, card)


def complete_project(ctx: Ctx, seat: int, card: str) -> None:
    """R16: the project becomes an Advancement; Command icon -> +1 token, exhausted (R23); Romulan Culture
    icon -> +1 Culture for the Romulan player (R170)."""
    p = ctx.player(seat)
    p["projects"] = [pr for pr in p["projects"] if pr["card"] != card]
    p["advancements"].append({"card": card, "exhausted": False})
    info = catalog.ADVANCEMENTS[card]
    ctx.emit("advancement_completed", seat=seat, card=card)
    if info["command"]:
        p["commands"] = command_total(ctx.state, seat)
    if info["culture"] and p["civ"] == "romulan" and info["civ"] == "romulan":
        p["resources"]["culture"] += info["culture"]
        ctx.emit("romulan_culture", seat=seat, culture=info["culture"])
    ambassadors.on_complete(ctx, seat, card)  # R203
    effects.trigger(ctx, seat, "on_complete", card=card)


def over_project_limit(state: State, seat: int) -> int:
    """R132: projects above the Research Nodes you Control."""
    p = state["players"][seat]
    return max(0, len(p["projects"]) - research_nodes(state, seat) - effects.project_limit_bonus(state, seat))


def enforce_project_limit(ctx: Ctx, seat: int) -> None:
    """R132: a seat over its limit must discard. Every seat that goes over is queued (``state["discards_due"]``)
    and asked in turn, one discard decision at a time, once no other decision is open (RULINGS E53)."""
    due = ctx.state.setdefault("discards_due", [])
    if over_project_limit(ctx.state, seat) and seat not in due:
        due.append(seat)
    open_discards(ctx)


def open_discards(ctx: Ctx) -> None:
    """Ask the first queued seat still over its limit to discard, if no decision is open now."""
    s = ctx.state
    due = s.get("discards_due") or []
    while due and s["prompt"] is None:
        seat = due[0]
        if over_project_limit(s, seat) and not s["players"][seat]["exterminated"]:
            s["prompt"] = {"kind": "discard_project", "seat": seat}
            bump(s)
            return
        due.pop(0)
    if not due:
        s.pop("discards_due", None)


def under_owner_deck(state: State, card: str) -> None:
    """R133: a discarded Advancement card goes to the bottom of its owner's deck, without shuffling (a Borg
    Tech card under the Borg Tech deck, RULINGS B26)."""
    if catalog.ADVANCEMENTS[card]["civ"] == catalog.BORG_TECH_CIV:
        state["borg"]["tech"]["deck"].insert(0, card)
    else:
        owner = next(q for q in state["players"] if q["civ"] == catalog.ADVANCEMENTS[card]["civ"])
        owner["deck"].insert(0, card)
        owner["deck_known"] = owner.get("deck_known", 0) + 1


def discard_project(ctx: Ctx, seat: int, card: str) -> None:
    """R133: to the bottom of its owner's deck, without shuffling; its Research goes to the supply."""
    p = ctx.player(seat)
    p["projects"] = [pr for pr in p["projects"] if pr["card"] != card]
    under_owner_deck(ctx.state, card)
    ctx.emit("project_discarded", seat=seat, card=card,
             **project_secrecy(ctx.state, [seat], {"seat": seat, "card": None}))  # face down (RULINGS I38)
    if not over_project_limit(ctx.state, seat):
        ctx.state["prompt"] = None
        bump(ctx.state)
        open_discards(ctx)  # the next seat over its limit, if any


def check_upgrade(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    track = args.get("track")
    if track not in ("weapons", "shields"):
        raise IllegalCommand("bad_argument", "ascendancy:R17", argument="track")
    level = int(p[track])
    if level + 1 >= len(track_of(p, track)):
        raise IllegalCommand("track_at_maximum", "ascendancy:R17", track=track)
    need(p, upgrade_price(state, seat, track, args.get("pay")), "ascendancy:R17")


def upgrade_price(state: State, seat: int, track: str, pay_in: Any = None) -> dict[str, int]:
    """R17 with ``cost_change`` (``upgrade_<track>``) and ``pay_with`` (the whole payment in another resource,
    R277)."""
    p = state["players"][seat]
    price = effects.cost(state, seat, f"upgrade_{track}", upgrade_cost(p, track))
    if pay_in is None:
        return price
    swaps = dict(effects.pay_with_options(state, seat, f"upgrade_{track}"))
    if pay_in not in swaps:
        raise IllegalCommand("cannot_pay_with", "ascendancy:R17", resource=str(pay_in))
    instead = swaps[pay_in]
    out = {r: a for r, a in price.items() if r != instead}
    if price.get(instead):
        out[pay_in] = out.get(pay_in, 0) + price[instead]
    return out


def track_of(p: Player, track: str) -> list[dict[str, int]]:
    return (catalog.WEAPONS if track == "weapons" else catalog.SHIELDS)[p["civ"]]


def upgrade_cost(p: Player, track: str) -> dict[str, int]:
    """R17: the Research printed next to the next level, paid at once."""
    return {"research": int(track_of(p, track)[int(p[track]) + 1]["cost"])}


def upgrade(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    track = args["track"]
    pay(p, upgrade_price(ctx.state, seat, track, args.get("pay")))
    p[track] += 1
    ctx.emit("upgraded", seat=seat, track=track, level=p[track])


# --- Authority --------------------------------------------------------------------------------------------
def authority_cost(state: State, seat: int | None = None) -> dict[str, int]:
    base = catalog.COSTS["authority_easier" if state["options"].get("easier_authority") else "authority"]
    return base if seat is None else effects.cost(state, seat, "authority", base)


def check_buy_authority(state: State, seat: int, args: dict[str, Any]) -> None:
    need(state["players"][seat], authority_cost(state, seat), "ascendancy:R20")


def buy_authority(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    pay(p, authority_cost(ctx.state, seat))
    p["authority"] += 1
    p["authority_max"] = max(p["authority_max"], p["authority"])
    ctx.emit("authority_gained", seat=seat, authority=p["authority"])


# --- fleets -----------------------------------------------------------------------------------------------
def fleet_side(civ: str, card: str, side: str) -> dict[str, Any] | None:
    for f in catalog.FLEETS[civ]:
        if f["id"] == card:
            for sd in f["sides"]:
                if sd["side"] == side:
                    found: dict[str, Any] = sd
                    return found
    return None


def check_form_fleet(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    sid, card, side, ships = args.get("at"), args.get("card"), args.get("side"), args.get("ships")
    _system(state, sid, "ascendancy:R126")
    assert isinstance(sid, str)  # _system checked it
    spec = fleet_side(p["civ"], card, side) if isinstance(card, str) and isinstance(side, str) else None
    if spec is None:
        raise IllegalCommand("no_such_fleet_card", "ascendancy:R124")
    if card in p["fleets"]:
        raise IllegalCommand("fleet_in_play", "ascendancy:R124")
    if len(p["fleets"]) >= p["authority"]:
        raise IllegalCommand("fleet_cap", "ascendancy:R125", authority=p["authority"])
    if not isinstance(ships, int) or not spec["min"] <= ships <= spec["max"]:
        raise IllegalCommand("bad_fleet_size", "ascendancy:R124", minimum=spec["min"], maximum=spec["max"])
    if p["ships"].get(board.sys_sector(sid), 0) < ships:
        raise IllegalCommand("not_enough_ships_there", "ascendancy:R126")
    if sid not in ship_yards(state, seat, "fleets"):
        raise IllegalCommand("not_a_shipyard", "ascendancy:R126", system=sid)
    turn = state["turn"]
    if turn["phase"] == "build":  # R11: free with 3+ ships just built there
        if turn["built"].get(sid, 0) < ships:
            raise IllegalCommand("fleet_needs_new_ships", "ascendancy:R11")
    elif p["ready"] < fleet_command_cost(p):
        raise IllegalCommand("no_command_left", "ascendancy:R21")


def fleet_command_cost(p: Player) -> int:
    return max([1] + [int(e["amount"]) for e in civ_effects(p, "independence")])  # R180


def form_fleet(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    sector = board.sys_sector(args["at"])
    turn = ctx.state["turn"]
    if turn["phase"] == "build":
        turn["built"][args["at"]] -= args["ships"]
    else:
        p["ready"] -= fleet_command_cost(p)
    p["ships"][sector] -= args["ships"]
    if p["ships"][sector] == 0:
        del p["ships"][sector]
    p["fleets"][args["card"]] = {"side": args["side"], "ships": args["ships"], "sector": sector}
    ctx.emit("fleet_formed", seat=seat, card=args["card"], side=args["side"], ships=args["ships"],
             sector=sector)


def check_disband(state: State, seat: int, args: dict[str, Any]) -> None:
    f = state["players"][seat]["fleets"].get(args.get("fleet"))
    if f is None:
        raise IllegalCommand("no_such_fleet", "ascendancy:R128")
    if f["sector"] is None:
        raise IllegalCommand("fleet_in_warp", "ascendancy:R128")
    move = state["turn"].get("move")
    if move and move["unit"] == f"fleet:{args['fleet']}":
        raise IllegalCommand("fleet_moving", "ascendancy:R50")


def disband_fleet(ctx: Ctx, seat: int, fid: str, reason: str = "chosen") -> None:
    p = ctx.player(seat)
    f = p["fleets"].pop(fid)
    if f["ships"] > 0:
        p["ships"][f["sector"]] = p["ships"].get(f["sector"], 0) + f["ships"]
    ctx.emit("fleet_disbanded", seat=seat, card=fid, reason=reason)


def disband(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    disband_fleet(ctx, seat, args["fleet"])


# --- projects (a Command) ---------------------------------------------------------------------------------
def check_launch(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    if state["turn"]["phase"] != "command":
        raise IllegalCommand("command_phase_only", "ascendancy:R22")
    if p["ready"] < 1:
        raise IllegalCommand("no_command_left", "ascendancy:R21")
    rival = args.get("from")
    if rival is not None:  # R196: one card from a rival's Advancement deck
        if effects.launch_effect(state, seat) is None:
            raise IllegalCommand("no_rival_launch", "ascendancy:R196")
        if not isinstance(rival, int) or not 0 <= rival < state["n"] or rival == seat:
            if isinstance(rival, str) and rival.startswith("borg"):  # digest S86
                raise IllegalCommand("borg_tech_not_an_advancement_deck", "ascendancy:R262")
            raise IllegalCommand("bad_argument", "ascendancy:R196", argument="from")
        if not state["players"][rival]["deck"]:
            raise IllegalCommand("advancement_deck_empty", "ascendancy:R196")
        return
    if not p["deck"]:
        raise IllegalCommand("advancement_deck_empty", "ascendancy:R131")
    if state["options"].get("focused_research") and args.get("card") not in p["deck"]:  # R156
        raise IllegalCommand("option_choose_a_card", "ascendancy:R156", option="focused_research")


def launch(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    """R131: draw 2 (R156: choose 1); then the limit (R132)."""
    p = ctx.player(seat)
    p["ready"] -= 1
    rival = args.get("from")
    if rival is not None:  # R196
        q = ctx.player(rival)
        eff = effects.launch_effect(ctx.state, seat) or {"draw": 1}
        cards = [q["deck"].pop() for _ in range(min(int(eff["draw"]), len(q["deck"])))]
        q["deck_known"] = min(q.get("deck_known", 0), len(q["deck"]))
        ctx.revealing = True
        for card in cards:
            p["projects"].append({"card": card, "research": 0})
        ctx.emit("projects_launched", seat=seat, cards=cards, rival=rival,
                 **project_secrecy(ctx.state, [seat], {"seat": seat, "cards": [None] * len(cards), "rival": rival}))
        enforce_project_limit(ctx, seat)
        return
    if ctx.options.get("focused_research"):
        cards = [args["card"]]
        p["deck"].remove(args["card"])
        ctx.rng.shuffle(p["deck"])  # a searched deck is shuffled (RULINGS E8)
        p["deck_known"] = 0
    else:
        cards = [p["deck"].pop() for _ in range(min(2, len(p["deck"])))]
        p["deck_known"] = min(p.get("deck_known", 0), len(p["deck"]))
        ctx.revealing = True
    for card in cards:
        p["projects"].append({"card": card, "research": 0})
    ctx.emit("projects_launched", seat=seat, cards=cards,
             **project_secrecy(ctx.state, [seat], {"seat": seat, "cards": [None] * len(cards)}))
    enforce_project_limit(ctx, seat)


def projects_private(state: State) -> bool:
    """RULINGS I38: with the table option ``projects`` ``private`` a Project's face is its holder's alone."""
    return bool(state["options"].get("projects") == "private")


def project_secrecy(state: State, seats: list[int], redacted: dict[str, Any]) -> dict[str, Any]:
    """The ``visible_to`` and ``redacted`` of an event naming a Project: public unless Projects are private."""
    if not projects_private(state):
        return {}
    return {"visible_to": frozenset(seats), "redacted": redacted}


def check_starbase(state: State, seat: int, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    sys = _system(state, args.get("at"), "ascendancy:R121")
    if int(catalog.CIV[p["civ"]].get("starbases", 3)) == 0:  # R199, R205: the Vulcans have none
        raise IllegalCommand("vulcans_build_no_starbases", "ascendancy:R205")
    if state["turn"]["phase"] != "command":
        raise IllegalCommand("command_phase_only", "ascendancy:R22")
    if sys["control"] != seat:
        raise IllegalCommand("not_your_system", "ascendancy:R121")
    if sys["starbase"]:
        raise IllegalCommand("starbase_there", "ascendancy:R121")
    if p["starbases_built"] >= 3:
        raise IllegalCommand("no_starbases_left", "ascendancy:R121")
    current = state["options"].get("starbase_limit") == "current_authority"
    level = p["authority"] if current else p["authority_max"]
    if p["starbases_built"] >= level:  # R121, RULINGS A15: the highest Authority reached, or the option's
        if current and p["starbases_built"] < p["authority_max"]:  # the table's option refuses it (RULINGS E55)
            raise IllegalCommand("option_starbase_limit", "ascendancy:R121", authority=level, option="starbase_limit")
        raise IllegalCommand("starbase_needs_authority", "ascendancy:R121", authority=level)
    if p["ready"] < fleet_command_cost(p):
        raise IllegalCommand("no_command_left", "ascendancy:R21")


def starbase(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    p["ready"] -= fleet_command_cost(p)  # R180: Andorians pay 2
    ctx.state["systems"][args["at"]]["starbase"] = True
    p["starbases_built"] += 1
    p["commands"] = command_total(ctx.state, seat)  # R23: the new token enters exhausted
    ctx.emit("starbase_built", seat=seat, system=args["at"])


def check_swing(state: State, seat: int, args: dict[str, Any]) -> None:
    """R59: during your turn, any Floating system may swing around the system it is joined to."""
    from games.ascendancy.engine import layout

    sid, direction = args.get("system"), args.get("direction")
    _system(state, sid, "ascendancy:R59")
    assert isinstance(sid, str)  # _system checked it
    if state["turn"].get("move") is not None:
        raise IllegalCommand("finish_the_move", "ascendancy:R44")
    if sid in state["turn"].get("swung", []):  # RULINGS E5: each Floating system swings once per turn
        raise IllegalCommand("already_swung", "ascendancy:R59", system=sid)
    if not isinstance(direction, int) or layout.galaxy(state).swing_problem(sid, direction) is not None:
        raise IllegalCommand("swing_not_possible", "ascendancy:R59", system=sid)


def swing(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    from games.ascendancy.engine import layout

    layout.swing(ctx.state, args["system"], int(args["direction"]))
    ctx.state["turn"].setdefault("swung", []).append(args["system"])
    ctx.emit("system_swung", seat=seat, system=args["system"], direction=args["direction"])


def check_fleet_join(state: State, seat: int, args: dict[str, Any]) -> None:
    """R127: a ship in the fleet's sector joins it, within the card's limit; never while it moves or warps."""
    p = state["players"][seat]
    f = p["fleets"].get(args.get("fleet"))
    if f is None:
        raise IllegalCommand("no_such_fleet", "ascendancy:R127")
    if f["sector"] is None or (state["turn"].get("move") or {}).get("unit") == f"fleet:{args['fleet']}":
        raise IllegalCommand("fleet_moving", "ascendancy:R50")
    spec = fleet_side(p["civ"], args["fleet"], f["side"]) or {"min": FLEET_MIN, "max": FLEET_MIN}
    if args.get("leave"):
        if f["ships"] - 1 < spec["min"]:
            raise IllegalCommand("bad_fleet_size", "ascendancy:R127", minimum=spec["min"], maximum=spec["max"])
        return
    if p["ships"].get(f["sector"], 0) < 1:
        raise IllegalCommand("not_enough_ships_there", "ascendancy:R127")
    if f["ships"] + 1 > spec["max"]:
        raise IllegalCommand("bad_fleet_size", "ascendancy:R127", minimum=spec["min"], maximum=spec["max"])


def fleet_join(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    f = p["fleets"][args["fleet"]]
    sector = f["sector"]
    if args.get("leave"):
        f["ships"] -= 1
        p["ships"][sector] = p["ships"].get(sector, 0) + 1
    else:
        f["ships"] += 1
        p["ships"][sector] -= 1
        if p["ships"][sector] == 0:
            del p["ships"][sector]
    ctx.emit("fleet_changed", seat=seat, card=args["fleet"], ships=f["ships"])


# --- running out of components (R41) -------------------------------------------------------------------------
def check_dismantle(state: State, seat: int, args: dict[str, Any]) -> None:
    """R41: with all 30 ships (all 10 Control Nodes) in play, one in play may be dismantled to be used again;
    ``{"ship": sector}`` or ``{"system": id}``, in either phase of the player's own turn (RULINGS E61)."""
    p = state["players"][seat]
    if set(args) not in ({"ship"}, {"system"}):
        raise IllegalCommand("bad_argument", "ascendancy:R41", argument="dismantle")
    if "ship" in args:
        if ships_total(p) < MAX_SHIPS:
            raise IllegalCommand("components_left", "ascendancy:R41")
        sector = args["ship"]
        if not isinstance(sector, str) or board.ships_in(p, sector) == 0:
            raise IllegalCommand("no_ship_there", "ascendancy:R41", sector=str(sector))
        return
    if control_nodes(state, seat) < MAX_CONTROL_NODES:
        raise IllegalCommand("components_left", "ascendancy:R41")
    sid = args["system"]
    if not isinstance(sid, str) or sid not in state["systems"] or state["systems"][sid]["control"] != seat:
        raise IllegalCommand("not_your_system", "ascendancy:R41", system=str(sid))


def dismantle(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    """R41, RULINGS A20: a dismantled Control Node takes the system's Resource Nodes with it; the system is left
    Undeveloped and uncontrolled, its Starbase uncontrolled (its Command lost, R120)."""
    s = ctx.state
    p = ctx.player(seat)
    if "ship" in args:
        take_ship(p, args["ship"])
        ctx.emit("ship_dismantled", seat=seat, sector=args["ship"])
        check_fleet_sizes(ctx, seat)
        return
    sid = args["system"]
    sys = s["systems"][sid]
    sys["control"] = None
    sys["nodes"] = [None] * len(sys["nodes"])
    p["commands"] = command_total(s, seat)
    p["ready"] = min(p["ready"], p["commands"])
    ctx.emit("control_node_dismantled", seat=seat, system=sid)
    enforce_project_limit(ctx, seat)  # R132: its Research Nodes are gone


def dismantle_candidates(state: State, seat: int) -> list[dict[str, str]]:
    p = state["players"][seat]
    out: list[dict[str, str]] = []
    if ships_total(p) >= MAX_SHIPS:
        out += [{"ship": sec} for sec in sorted(board.occupied_sectors(p))]
    if control_nodes(state, seat) >= MAX_CONTROL_NODES:
        out += [{"system": sid} for sid in sorted(state["systems"]) if state["systems"][sid]["control"] == seat]
    return out


def has_card(p: Player, card: str) -> bool:
    return has_adv(p, card)


effects.MECHANICS.update(take_ship=take_ship, check_fleet_sizes=check_fleet_sizes,
                         enforce_project_limit=enforce_project_limit)
