"""Who the game waits for (``pending``), what they may send (``legal_commands``) and ``dispatch``.

Each command kind has a check (raises ``IllegalCommand``, never mutates) and an action. ``legal_commands``
proposes candidates and keeps those the check accepts, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.ascendancy.engine import (
    battle,
    board,
    borg,
    build,
    catalog,
    conflict,
    effects,
    ferengi,
    mirror,
    movement,
    optional,
    rounds,
    standing,
    vulcans,
)
from games.ascendancy.engine.setup import after_starting_cards, finish_setup
from games.ascendancy.engine.state import Ctx, State, bids_sealed, bump
from games.engine.core import AUTO_SEAT, Command, Decision, IllegalCommand

Check = Callable[[State, int, dict[str, Any]], None]
Act = Callable[[Ctx, int, dict[str, Any]], None]

BUILD_ONLY = {"build_ship", "colonize", "build_node", "fund", "upgrade"}  # R19
ANY_PHASE = {"buy_authority", "disband", "form_fleet", "offer_trade", "swap_trade", "cancel_trade", "swing",
             "fleet_join", "remove_ambassador", "buy_culture"}

TURN_ACTIONS: dict[str, tuple[Check, Act]] = {
    "build_ship": (build.check_build_ship, build.build_ship),
    "colonize": (build.check_colonize, build.colonize),
    "build_node": (build.check_build_node, build.build_node),
    "fund": (build.check_fund, build.fund),
    "upgrade": (build.check_upgrade, build.upgrade),
    "buy_authority": (build.check_buy_authority, build.buy_authority),
    "form_fleet": (build.check_form_fleet, build.form_fleet),
    "disband": (build.check_disband, build.disband),
    "swing": (build.check_swing, build.swing),
    "fleet_join": (build.check_fleet_join, build.fleet_join),
    "launch": (build.check_launch, build.launch),
    "starbase": (build.check_starbase, build.starbase),
    "impulse": (movement.check_impulse, movement.impulse),
    "enter_warp": (movement.check_enter_warp, movement.enter_warp),
    "warp_boost": (movement.check_warp_boost, movement.warp_boost),
    "exit_warp": (movement.check_exit_warp, movement.exit_warp),
    "research": (movement.check_research, movement.research),
    "attack": (conflict.check_attack, conflict.attack),
    "invade": (conflict.check_invade, conflict.invade),
    "hegemony": (conflict.check_hegemony, conflict.hegemony),
    "offer_trade": (conflict.check_offer_trade, conflict.offer_trade),
    "swap_trade": (conflict.check_swap_trade, conflict.swap_trade),
    "cancel_trade": (conflict.check_cancel_trade, conflict.cancel_trade),
    "place_ambassador": (vulcans.check_place, vulcans.place),  # R206
    "move_ambassador": (vulcans.check_move, vulcans.move),  # R208, R209
    "remove_ambassador": (vulcans.check_remove, vulcans.remove),  # R207
    "meddle": (vulcans.check_meddle, vulcans.meddle),  # R212
    "exodus": (vulcans.check_exodus, vulcans.exodus),  # R214
    "buy_culture": (ferengi.check_buy_culture, ferengi.buy_culture),  # R192
    "ask_cooperation": (optional.check_ask_cooperation, optional.ask_cooperation),  # R157
    "use_ability": (effects.check_use_ability, effects.use_ability),  # R18, R135-R137
    "remove_recon": (effects.check_remove_recon, effects.remove_recon),  # R182
    "dismantle": (build.check_dismantle, build.dismantle),  # R41, RULINGS E61
    "attack_cube": (borg.check_attack_cube, borg.attack_cube),  # R242
    "reclaim": (borg.check_reclaim, borg.reclaim),  # R260
    "borg_tech_peek": (borg.check_peek, borg.peek_action),  # R262, RULINGS B48: Unimatrix Coordinates
}
MOVE_ACTIONS: dict[str, tuple[Check, Act]] = {
    "step": (movement.check_step, movement.step),
    "stop": (movement.check_stop, movement.stop),
    "place_ambassador": (vulcans.check_place, vulcans.place),  # R206: the Consular Fleet at Impulse
}
#: Commands that reveal nothing and use no dice (the platform may offer undo).
UNDOABLE = {"build_ship", "build_node", "fund", "upgrade", "buy_authority", "form_fleet", "disband",
            "end_build", "impulse", "stop", "colonize", "starbase", "buy_culture"}


# --- pending -------------------------------------------------------------------------------------------------
def pending(state: State) -> list[Decision]:
    phase = state["phase"]
    key = f"{phase}:{state['dseq']}"
    if phase == "over":
        return []
    if phase == "choose_civ":
        seat = next(p["seat"] for p in state["players"] if p["civ"] is None)
        return [Decision(key=key, seats=frozenset({seat}), prompt="choose_civ")]
    if phase == "starting_cards":  # R147, R148: each seat chooses from its own deck
        return optional.starting_decisions(state)
    if phase == "bid":
        ini = state["initiative"]
        seat = ini["bidders"][ini["index"]]
        if bids_sealed(state):  # RULINGS I3: the totals taken are not shown to the table
            return [Decision(key=key, seats=frozenset({seat}), prompt="bid_secret")]
        return [Decision(key=key, seats=frozenset({seat}), prompt="bid",
                         params={"forbidden": sorted(rounds.forbidden_totals(state))})]
    if phase == "agenda":
        seat = next(p["seat"] for p in state["players"] if p["civ"] == "vulcan" and p["agenda_public"] is None)
        return [Decision(key=key, seats=frozenset({seat}), prompt="reveal_agenda")]
    if phase == "pick_card":
        seat = state["initiative"]["picking"][0]
        return [Decision(key=key, seats=frozenset({seat}), prompt="pick_card")]
    if optional.sim_idle(state):  # R145: every seat still playing its simultaneous turn
        return optional.sim_decisions(state)
    turn = state["turn"]
    prompt = state["prompt"]
    if prompt is not None:
        params = {k: v for k, v in prompt.items() if k not in ("kind", "seat")}
        return [Decision(key=key, seats=frozenset({prompt["seat"]}), prompt=prompt["kind"], params=params)]
    if "automaton" in turn:  # ``pace``: the site's pause before the step (borg.pace)
        return [Decision(key=key, seats=frozenset(), prompt="automaton_turn", automatic=True,
                         params={"pace": borg.pace(state)})]
    seat = turn["seat"]
    if turn["move"] is not None:
        return [Decision(key=key, seats=frozenset({seat}), prompt="move")]
    return [Decision(key=key, seats=frozenset({seat}),
                     prompt="build_phase" if turn["phase"] == "build" else "command_phase")]


def auto_command(state: State) -> Command | None:
    if state["phase"] == "turn" and state["prompt"] is None and "automaton" in (state["turn"] or {}):
        return Command(seat=AUTO_SEAT, kind="automaton_turn")
    return None


# --- legal commands ----------------------------------------------------------------------------------------
def _bids(state: State, seat: int) -> list[dict[str, int]]:
    """Every mix up to 5 tokens, and one mix (Production first) for each larger total."""
    res = state["players"][seat]["resources"]
    forbidden = rounds.forbidden_totals(state)
    out = []
    for pr in range(min(res["production"], 5) + 1):
        for rs in range(min(res["research"], 5 - pr) + 1):
            for cu in range(min(res["culture"], 5 - pr - rs) + 1):
                if pr + rs + cu not in forbidden:
                    out.append({"production": pr, "research": rs, "culture": cu})
    total = sum(res.values())
    for t in range(6, total + 1):
        if t in forbidden:
            continue
        left, mix = t, {}
        for r in catalog.RESOURCES:
            mix[r] = min(res[r], left)
            left -= mix[r]
        out.append(mix)
    return out


def _turn_candidates(state: State, seat: int) -> list[tuple[str, dict[str, Any]]]:
    p = state["players"][seat]
    turn = state["turn"]
    out: list[tuple[str, dict[str, Any]]] = []
    systems = sorted(state["systems"])
    mine = [sid for sid in systems if state["systems"][sid]["control"] == seat]
    if turn["phase"] == "build":
        out += [("build_ship", {"at": sid}) for sid in build.ship_yards(state, seat)]
        out += [("colonize", {"at": sid}) for sid in systems]
        out += [("colonize", {"at": board.parse(f["sector"])[1], "fleet": fid}) for fid, f in sorted(p["fleets"].items())
                if f["sector"] and f["sector"].startswith("S:")]
        for sid in mine:
            for slot in range(len(state["systems"][sid]["slots"])):
                out += [("build_node", {"at": sid, "slot": slot, "node": k}) for k in catalog.NODE_TYPES]
        out += [("fund", {"project": pr["card"]}) for pr in p["projects"]]
        out += [("upgrade", {"track": t}) for t in ("weapons", "shields")]
        out += [("upgrade", {"track": t, "pay": pay}) for t in ("weapons", "shields")
                for pay, _ in effects.pay_with_options(state, seat, f"upgrade_{t}")]
    out.append(("buy_authority", {}))
    for sid in build.ship_yards(state, seat, "fleets"):
        here = p["ships"].get(board.sys_sector(sid), 0)
        for f in catalog.FLEETS[p["civ"]]:
            for side in f["sides"]:
                out += [("form_fleet", {"at": sid, "card": f["id"], "side": side["side"], "ships": k})
                        for k in range(side["min"], min(side["max"], here) + 1)]
    out += [("disband", {"fleet": fid}) for fid in sorted(p["fleets"])]
    for fid in sorted(p["fleets"]):
        out += [("fleet_join", {"fleet": fid}), ("fleet_join", {"fleet": fid, "leave": True})]
    from games.ascendancy.engine import layout

    for sid in systems:
        if sid not in turn.get("swung", []) and board.is_floating(state, sid):
            out += [("swing", {"system": sid, "direction": d}) for d in layout.swing_options(state, sid)]
    if turn["phase"] == "command":
        for unit in movement.units(p):
            out += [("impulse", {"unit": unit}), ("enter_warp", {"unit": unit})]
        for w in p["warp"]:
            out += [("warp_boost", {"warp": w["id"]}), ("exit_warp", {"warp": w["id"]})]
        out += [("starbase", {"at": sid}) for sid in mine]
        if state["options"].get("focused_research"):
            out += [("launch", {"card": c}) for c in sorted(p["deck"])]
        else:
            out.append(("launch", {}))
        if effects.launch_effect(state, seat) is not None:  # R196
            out += [("launch", {"from": q["seat"]}) for q in state["players"] if q["seat"] != seat]
        targets = sorted({t for sec in board.occupied_sectors(p) for t in [sec, *board.neighbours(state, sec)]})
        out += [("attack", {"target": t}) for t in targets]
        out += [("attack_cube", {"cube": c["id"]}) for c in (state.get("borg") or {}).get("cubes", [])]
        out += [("reclaim", {"at": sp["system"]}) for sp in (state.get("borg") or {}).get("spires", [])]
        here = sorted(board.parse(sec)[1] for sec in board.occupied_sectors(p) if sec.startswith("S:"))
        out += [("invade", {"at": sid}) for sid in here]
        out += [("hegemony", {"at": sid}) for sid in here]
        out += [("research", a) for sid in here for a in movement.research_candidates(state, seat, sid)]
    if state["options"].get("allied_cooperation"):  # R157
        out += [("ask_cooperation", {"at": board.parse(sec)[1]}) for sec in board.occupied_sectors(p)
                if sec.startswith("S:")]
    out += [("use_ability", args) for args in effects.ability_candidates(state, seat)]
    out += [("remove_recon", {"at": sid}) for sid in p.get("recon", [])]
    out += [("dismantle", args) for args in build.dismantle_candidates(state, seat)]
    out += [(c.kind, dict(c.args)) for c in borg.peek_commands(state, seat)]
    for other in range(state["n"]):
        if other == seat:
            continue
        out += [("offer_trade", {"to": other, "card": c}) for c in p["trade_hand"]]
        out += [("swap_trade", {"to": other, "card": c}) for c in p["trade_hand"]]
        out.append(("cancel_trade", {"owner": other}))
    out += vulcans.candidates(state, seat)
    out.append(("buy_culture", {}))
    return out


def _prompt_commands(state: State, seat: int) -> list[Command]:
    prompt = state["prompt"]
    kind = prompt["kind"]
    if kind in conflict.PROMPTS:
        return [Command(seat, k, a) for k, a in conflict.prompt_commands(state, seat)]
    if kind == "passage":
        return [Command(seat, "allow_passage"), Command(seat, "refuse_passage")]
    if kind == "cooperation":  # R157
        return [Command(seat, "allow_cooperation"), Command(seat, "refuse_cooperation")]
    if kind == "trade_offer":
        return [Command(seat, "accept_trade"), Command(seat, "refuse_trade")]
    if kind == "discard_project":
        return [Command(seat, "discard_project", {"card": pr["card"]})
                for pr in state["players"][seat]["projects"]]
    if kind in vulcans.PROMPTS:
        return vulcans.prompt_commands(state, seat)
    if kind == "arrange_deck":
        return [Command(seat, "arrange_deck", o) for o in effects.arrange_options(state, seat)]
    if kind in mirror.PROMPTS:  # Dark Mirror (R276, RULINGS B43)
        return mirror.prompt_commands(state, seat)
    if kind == "place_research":  # R74, RULINGS I7
        return [Command(seat, "place_research", o) for o in movement.place_research_options(state, seat)]
    if kind == "place_system":  # The Traveler (RULINGS E52)
        return [Command(seat, "place_system", o) for o in movement.traveler_options(state)]
    if kind == "borg_choose_cube":  # R223
        return [Command(seat, "choose_cube", {"cube": c}) for c in prompt["cubes"]]
    if kind == "borg_allocate_hits":  # R234
        return [Command(seat, "borg_hit", {"unit": u}) for u in prompt["units"]]
    if kind == "borg_telemetry":  # R228
        return [Command(seat, "borg_telemetry", {"use": True}), Command(seat, "borg_telemetry", {"use": False})]
    if kind == "borg_assign_command":  # R258
        return [Command(seat, "borg_assign_command", {"card": c}) for c in sorted(set(state["borg"]["hand"]))]
    if kind == "borg_lose_structure":  # R253
        return [Command(seat, "borg_lose_structure", {"structure": o}) for o in prompt["options"]]
    if kind == "borg_reclaim":  # B25
        return [Command(seat, "borg_reclaim", {"go_on": True}), Command(seat, "borg_reclaim", {"go_on": False})]
    if kind == "borg_tech_offer":  # R262, RULINGS B48
        return borg.offer_commands(state, seat)
    if kind == "borg_sacrifice":  # R264, R166, RULINGS B49
        return borg.sacrifice_commands(state, seat)
    if kind == "borg_retreat":  # R96, B16
        return [Command(seat, "borg_retreat", {"retreat": True}), Command(seat, "borg_retreat", {"retreat": False})]
    return []


def legal_commands(state: State, seat: int) -> list[Command]:
    if optional.sim_idle(state):  # R145: the seat's own turn of the simultaneous round
        if seat not in state["simultaneous"]["waiting"]:
            return []
        state = optional.focused(state, seat)
    decision = next((d for d in pending(state) if seat in d.seats), None)
    if decision is None:  # RULINGS E50: answers given in advance, off-turn; E54: "any time" abilities
        return standing.legal(state, seat) + _reactions(state, seat, waited_on=False) + borg.skip_commands(state, seat)
    phase = state["phase"]
    if phase == "choose_civ":
        taken = {p["civ"] for p in state["players"]}
        return [Command(seat, "choose_civ", {"civ": c}) for c in catalog.CIVS if c not in taken]
    if phase == "starting_cards":
        return [Command(seat, "choose_starting_card", {"card": c}) for c in sorted(state["players"][seat]["deck"])]
    if phase == "bid":
        return [Command(seat, "bid", b) for b in _bids(state, seat)]
    if phase == "pick_card":
        return [Command(seat, "pick_card", {"card": c}) for c in sorted(state["initiative"]["cards_left"])]
    if phase == "agenda":
        return [Command(seat, "reveal_agenda", {"card": c}) for c in state["players"][seat]["agendas"]]
    if state["prompt"] is not None:
        return _prompt_commands(state, seat) + _reactions(state, seat, waited_on=True)
    turn = state["turn"]
    if turn["move"] is not None:
        stop = [] if turn["move"].get("lane_roll") else [Command(seat, "stop")]
        steps = [o for o in movement.step_options(state, seat)
                 if not (state.get("simultaneous") and o.get("connect") is not None
                         and optional.makes_contact(state, seat, board.parse(turn["move"]["at"])[1], o["connect"]))]
        place = []
        for a in vulcans.move_candidates(state, seat):
            try:
                vulcans.check_place(state, seat, a)
            except IllegalCommand:
                continue
            place.append(Command(seat, "place_ambassador", a))
        return [Command(seat, "step", o) for o in steps] + stop + place
    out = []
    for kind, args in _turn_candidates(state, seat):
        try:
            _check_turn_action(state, seat, kind, args)
        except IllegalCommand:
            continue
        out.append(Command(seat, kind, args))
    out.append(Command(seat, "end_build" if turn["phase"] == "build" else "end_turn"))
    return out


def _reactions(state: State, seat: int, waited_on: bool) -> list[Command]:
    """RULINGS E54: the seat's ``any_time`` abilities it may use now, outside its own turn's flow."""
    if not effects.reaction_window(state, seat, waited_on):
        return []
    return [Command(seat, "use_ability", args) for args in effects.reaction_candidates(state, seat)]


def _check_turn_action(state: State, seat: int, kind: str, args: dict[str, Any]) -> None:
    turn = state["turn"]
    if kind in BUILD_ONLY and turn["phase"] != "build":
        raise IllegalCommand("build_phase_over", "ascendancy:R19")
    TURN_ACTIONS[kind][0](state, seat, args)


# --- dispatch ------------------------------------------------------------------------------------------------
def dispatch(ctx: Ctx, command: Command) -> None:
    s = ctx.state
    if command.seat != AUTO_SEAT and optional.sim_idle(s) and command.seat in s["simultaneous"]["waiting"]:
        optional.focus(s, command.seat)  # R145: this seat's simultaneous turn comes in front
    try:
        if s["phase"] != "over" and s["turn"] is not None:
            optional.check_no_contact(s, command.seat, command.kind, dict(command.args))
        _dispatch(ctx, command)
    finally:
        optional.unfocus(s)


def _dispatch(ctx: Ctx, command: Command) -> None:
    s = ctx.state
    if s["phase"] == "over":
        raise IllegalCommand("game_over")
    kind, args, seat = command.kind, dict(command.args), command.seat
    decisions = pending(s)
    if seat == AUTO_SEAT:
        if kind != "automaton_turn" or not any(d.automatic for d in decisions):
            raise IllegalCommand("no_automatic_step_due")
        rounds.automaton_turn(ctx, s["turn"]["automaton"])
        return
    if kind == "borg_skip":  # RULINGS B41: pacing only, by a seat the game is not waiting on
        if args:
            raise IllegalCommand("bad_argument", argument=sorted(args)[0])
        borg.skip(ctx, seat, waited_on=any(seat in d.seats for d in decisions))
        return
    if kind in standing.KINDS:  # RULINGS E50: by a seat the game is not waiting on
        standing.apply(ctx, seat, kind, args, waited_on=any(seat in d.seats for d in decisions))
        return
    waited_on = any(seat in d.seats for d in decisions)
    if kind == "use_ability" and effects.reaction_window(s, seat, waited_on):  # R135, RULINGS E54
        effects.check_reaction(s, seat, args)
        effects.use_ability(ctx, seat, args)
        battle.withdraw_void_offer(ctx)  # a battle's offer the card's use made void
        return
    if not waited_on:
        raise _off_turn(s, seat, kind)
    if kind == "automaton_turn":
        raise IllegalCommand("automatic_step_only")
    phase = s["phase"]
    if phase == "choose_civ":
        _expect(kind, "choose_civ")
        civ = args.get("civ")
        if civ not in catalog.CIVS:
            raise IllegalCommand("unknown_civ", civ=str(civ))
        if any(p["civ"] == civ for p in s["players"]):
            raise IllegalCommand("civ_taken", civ=civ)
        s["players"][seat]["civ"] = civ
        ctx.emit("civ_chosen", seat=seat, civ=civ)
        bump(s)
        if all(p["civ"] is not None for p in s["players"]):
            finish_setup(ctx)
        return
    if phase == "starting_cards":
        _expect(kind, "choose_starting_card")
        if optional.choose_starting_card(ctx, seat, args.get("card")):
            after_starting_cards(ctx)
        return
    if phase == "bid":
        _expect(kind, "bid")
        bid = {r: args.get(r, 0) for r in catalog.RESOURCES}
        if set(args) - set(catalog.RESOURCES) or not all(type(v) is int and v >= 0 for v in bid.values()):  # not True
            raise IllegalCommand("bad_argument", "ascendancy:R4", argument="bid")
        p = s["players"][seat]
        if any(p["resources"][r] < v for r, v in bid.items()):
            raise IllegalCommand("not_enough_resources", "ascendancy:R4", cost=bid)
        total = rounds.bid_total(bid)
        if total in rounds.forbidden_totals(s):
            raise IllegalCommand("bid_total_taken", "ascendancy:R4", total=total)
        rounds.place_bid(ctx, seat, bid)
        return
    if phase == "agenda":
        _expect(kind, "reveal_agenda")
        p = s["players"][seat]
        if args.get("card") not in p["agendas"]:
            raise IllegalCommand("not_your_agenda", "ascendancy:R200")
        p["agenda_public"] = args["card"]
        ctx.revealing = True
        ctx.emit("agenda_revealed", seat=seat, card=args["card"])
        if all(q["agenda_public"] is not None for q in s["players"] if q["civ"] == "vulcan"):
            rounds.start_round(ctx)
        else:
            bump(s)
        return
    if phase == "pick_card":
        _expect(kind, "pick_card")
        card = args.get("card")
        if not isinstance(card, int) or card not in s["initiative"]["cards_left"]:
            raise IllegalCommand("card_not_available", "ascendancy:R5", card=str(card))
        rounds.pick_card(ctx, seat, card)
        return
    if s["prompt"] is not None:
        _answer_prompt(ctx, seat, kind, args)
        return
    turn = s["turn"]
    if turn["move"] is not None:
        if kind not in MOVE_ACTIONS:
            raise IllegalCommand("finish_the_move", "ascendancy:R44")
        check, act = MOVE_ACTIONS[kind]
        check(s, seat, args)
        act(ctx, seat, args)
        return
    if kind == "end_build":
        if turn["phase"] != "build":
            raise IllegalCommand("build_phase_over", "ascendancy:R19")
        turn["phase"] = "command"
        bump(s)
        ctx.emit("command_phase_started", seat=seat)
        return
    if kind == "end_turn":
        if turn["phase"] != "command":
            raise IllegalCommand("command_phase_only", "ascendancy:R22")
        rounds.end_turn(ctx, seat)
        return
    if kind not in TURN_ACTIONS:
        raise IllegalCommand("unknown_command", kind=kind)
    _check_turn_action(s, seat, kind, args)
    TURN_ACTIONS[kind][1](ctx, seat, args)
    rounds.update_contact(ctx)


def _off_turn(s: State, seat: int, kind: str) -> IllegalCommand:
    """The refusal of a command from a seat the game is not waiting on, naming the rule that keeps it from
    him where one does: no bid without First Contact (R2, digest S2), bids in turn order (R3), the cards the
    bidders choose in order (R5) and the others' dealt at random (R6), starting cards already chosen (R147,
    R148), a retreat none of his groups can make (R96, digest S47; R107), turns in Turn Order (R8).
    Otherwise the platform's plain ``not_your_turn``."""
    phase = s["phase"]
    ini = s.get("initiative") or {}
    if kind == "bid" and phase in ("bid", "pick_card"):
        if seat not in ini["bidders"]:
            return IllegalCommand("bid_without_first_contact", "ascendancy:R2")
        if phase == "bid":
            return IllegalCommand("not_your_turn", "ascendancy:R3")
    if kind == "pick_card" and phase == "pick_card":
        if seat in ini["picking"] or rounds.bid_total(ini["bids"].get(str(seat)) or {}) > 0:
            return IllegalCommand("not_your_turn", "ascendancy:R5")
        return IllegalCommand("card_dealt_at_random", "ascendancy:R6")
    if kind == "choose_starting_card" and phase == "starting_cards":
        return optional.all_chosen(s["players"][seat])
    if phase == "turn" and kind == "retreat":
        refusal = battle.off_turn_retreat(s, seat)
        if refusal is not None:
            return refusal
    turn = s["turn"] if phase == "turn" else None
    if turn is not None and s["prompt"] is None and "automaton" not in turn and turn.get("seat", seat) != seat:
        return IllegalCommand("not_your_turn", "ascendancy:R8")
    return IllegalCommand("not_your_turn")


def _expect(kind: str, wanted: str) -> None:
    if kind != wanted:
        raise IllegalCommand("not_now")


def answer_prompt(ctx: Ctx, seat: int, kind: str, args: dict[str, Any]) -> None:
    """Answer the open off-turn decision (also a standing answer's way in, standing.settle)."""
    _answer_prompt(ctx, seat, kind, args)


def _answer_prompt(ctx: Ctx, seat: int, kind: str, args: dict[str, Any]) -> None:
    s = ctx.state
    prompt = s["prompt"]
    if prompt["kind"] in conflict.PROMPTS:
        conflict.answer(ctx, seat, kind, args)
        return
    legal = [(c.kind, dict(c.args)) for c in _prompt_commands(s, seat)]
    if (kind, args) not in legal:
        raise IllegalCommand("not_now")
    pk = prompt["kind"]
    if pk == "passage":
        movement.answer_passage(ctx, seat, kind == "allow_passage")
    elif pk == "cooperation":
        optional.answer_cooperation(ctx, seat, kind == "allow_cooperation")
    elif pk == "trade_offer":
        conflict.answer_trade(ctx, seat, kind == "accept_trade")
    elif pk == "discard_project":
        build.discard_project(ctx, seat, args["card"])
    elif pk in vulcans.PROMPTS:
        vulcans.answer(ctx, seat, kind, args)
    elif pk == "arrange_deck":
        effects.arrange(ctx, seat, list(args["order"]))
    elif pk in mirror.PROMPTS:
        mirror.answer(ctx, seat, kind, args)
    elif pk == "place_research":
        movement.place_research(ctx, seat, args)
    elif pk == "place_system":
        movement.traveler_place(ctx, seat, int(args["direction"]))
    elif pk == "borg_choose_cube":
        borg.choose_cube(ctx, seat, args["cube"])
    elif pk == "borg_allocate_hits":
        borg.allocate_hit(ctx, seat, args["unit"])
    elif pk == "borg_retreat":
        borg.answer_retreat(ctx, seat, bool(args["retreat"]))
    elif pk == "borg_reclaim":
        borg.answer_reclaim(ctx, seat, bool(args["go_on"]))
    elif pk == "borg_lose_structure":
        borg.lose_structure(ctx, seat, args["structure"])
    elif pk == "borg_assign_command":
        borg.assign_command(ctx, seat, args["card"])
    elif pk == "borg_telemetry":
        borg.answer_telemetry(ctx, seat, bool(args["use"]))
    elif pk == "borg_tech_offer":
        borg.answer_offer(ctx, seat, kind == "borg_tech_use")
    elif pk == "borg_sacrifice":
        borg.answer_sacrifice(ctx, seat, int(args["ships"]))
