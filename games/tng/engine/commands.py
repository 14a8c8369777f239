"""Who must act, what they may send, and dispatching a command to the module that owns its rule.

Command kinds and args (JSON ints/strings; a ``card`` is a card instance id such as ``"worf#1"``):

- standard turn (R9-R24): ``play {card}``, ``buy {slot}`` (0-8), ``buy_basic {pile}``, ``repair {amount}``,
  ``search {slot}``, ``explore {}``, ``complete_mission {card}``, ``discard {card}`` (the Discard Phase),
  ``end_turn {}``; Klingon: ``ally {card}``, ``ship_ability {target}``
- open stages: ``bottom {card}`` (R21), ``resolve_event {}`` (R23), ``diplomacy {keep: ship|points}`` /
  ``fight {}`` (R26-R27), ``keep_influence {card}`` (R60), ``pass {}`` (R29, with ``play``), ``target {target}`` (R30)
- Borg group turn: ``play``, ``ready {}`` (event goal / Cube battle), ``assign_damage {target}`` (R54),
  ``buy``, ``buy_basic``, ``repair``, ``search``, ``ship_ability {target}``, ``win_ship {card}`` (R48),
  ``discard {card}``, ``done {}``
- automatic (seat AUTO_SEAT): ``explore {}`` and ``end_round {}`` of the Borg group turn
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine.core import AUTO_SEAT, Command, Decision, IllegalCommand
from games.engine.core.errors import RulesError
from games.tng.engine import actions, borg, turns, war
from games.tng.engine.content import CONTENT, card
from games.tng.engine.mechanics import goal_met
from games.tng.engine.state import Ctx, State, actors

#: Kinds that may be undone when they showed no hidden card and used no chance.
UNDOABLE = {"play", "buy", "buy_basic", "repair", "complete_mission", "ally", "ship_ability", "win_ship"}
STAGE_PROMPTS = {"mission_bottom": "choose_mission_to_bottom", "event": "event_goal", "ship": "ship_encounter",
                 "influence": "choose_influence", "war": "battle_play_or_pass", "war_fire": "choose_target"}


def _key(state: State, prompt: str) -> str:
    return f"r{state['round']}.{prompt}.{state['dseq']}"


def pending(state: State) -> list[Decision]:
    phase = state["phase"]
    if phase == "over":
        return []
    stage = state["stage"]
    if phase == "group":
        g = state["group"]
        if stage is not None:
            if stage["kind"] == "allocate":
                seats = frozenset({borg.lead(state)})
                return [Decision(_key(state, "assign_cube_damage"), seats, "assign_cube_damage",
                                 {"remaining": stage["remaining"], "card": stage["card"]})]
            prompt = "group_event_goal" if stage["kind"] == "event" else "cube_battle"
            return [Decision(_key(state, prompt), frozenset(borg.waiting_ready(state)), prompt,
                             {"card": stage["card"], "ready": list(stage["ready"])})]
        if g["step"] == "explore":
            return [Decision(_key(state, "group_explore"), frozenset(), "group_explore", automatic=True)]
        waiting = actors(state)
        if not waiting:
            return [Decision(_key(state, "end_round"), frozenset(), "end_round", automatic=True)]
        return [Decision(_key(state, "group_actions"), frozenset(waiting), "group_actions",
                         {"waiting": waiting, "searches": g["searches"]})]
    turn = state["turn"]
    if stage is not None:
        prompt = STAGE_PROMPTS[stage["kind"]]
        if stage["kind"] == "war":
            seat = war.current(stage)
        elif stage["kind"] == "war_fire":
            attacker = war.attacker(stage)
            if attacker is None:  # the fire loop closes the War once every group has fired
                raise RulesError("a War's fire stage is open with no attacker left")
            seat = attacker
        else:
            seat = stage["seat"]
        return [Decision(_key(state, prompt), frozenset({seat}), prompt,
                         {"seat": seat, "card": stage["card"], "active": turn["seat"]})]
    prompt = "discard_phase_done" if turn["phase"] == "discard" else "action_phase"
    return [Decision(_key(state, prompt), frozenset({turn["seat"]}), prompt, {"seat": turn["seat"]})]


def auto_command(state: State) -> Command | None:
    for d in pending(state):
        if d.automatic:
            return Command(AUTO_SEAT, "explore" if d.prompt == "group_explore" else "end_round", {})
    return None


def _c(seat: int, kind_: str, **args: Any) -> Command:
    return Command(seat, kind_, args)


def _plays(state: State, seat: int, types: tuple[str, ...] | None = None) -> list[Command]:
    hand = sorted(set(state["players"][seat]["hand"]))
    out = []
    seen: set[str] = set()
    for inst in hand:
        if card(inst).id in seen:  # one command per distinct card: copies are interchangeable
            continue
        if actions.play_refusal(state, seat, inst) is None and (types is None or card(inst).type in types):
            seen.add(card(inst).id)
            out.append(_c(seat, "play", card=inst))
    return out


def _economy(state: State, seat: int) -> list[Command]:
    p = state["players"][seat]
    out: list[Command] = []
    for slot in range(len(state["starbase"]["search"])):
        if actions.buy_refusal(state, seat, slot) is None:
            out.append(_c(seat, "buy", slot=slot))
    for kind in sorted(state["starbase"]["basic"]):
        if actions.buy_basic_refusal(state, seat, kind) is None:
            out.append(_c(seat, "buy_basic", pile=kind))
    for amount in range(1, min(p["xp"], p["damage"]) + 1):
        out.append(_c(seat, "repair", amount=amount))
    for slot in range(len(state["starbase"]["search"])):
        if actions.search_refusal(state, seat, slot) is None:
            out.append(_c(seat, "search", slot=slot))
    return out


def _discards(state: State, seat: int) -> list[Command]:
    hand = state["players"][seat]["hand"]
    seen: set[str] = set()
    out = []
    for inst in sorted(hand):
        if card(inst).type == "borg" or card(inst).id in seen:
            continue
        seen.add(card(inst).id)
        out.append(_c(seat, "discard", card=inst))
    return out


def _abilities(state: State, seat: int) -> list[Command]:
    p = state["players"][seat]
    if p["ability"] is None or p["ability_used"]:
        return []
    return [_c(seat, "ship_ability", target=t) for t in actions.ability_targets(state, seat)
            if actions.ability_matters(state, seat, t)]


def legal_commands(state: State, seat: int) -> list[Command]:
    if not any(seat in d.seats for d in pending(state)):
        return []
    stage = state["stage"]
    if state["phase"] == "group":
        return _group_commands(state, seat)
    if stage is not None:
        kind = stage["kind"]
        if kind == "mission_bottom":
            return [_c(seat, "bottom", card=m) for m in state["space"]["missions"]]
        if kind == "event":
            return _plays(state, seat, ("character", "maneuver")) + [_c(seat, "resolve_event")]
        if kind == "ship":
            out = _plays(state, seat, ("character", "maneuver"))
            if actions.diplomacy_ok(state, seat, stage["card"]):
                out += [_c(seat, "diplomacy", keep="ship"), _c(seat, "diplomacy", keep="points")]
            return out + [_c(seat, "fight")]
        if kind == "influence":
            return [_c(seat, "keep_influence", card=stage["held"]), _c(seat, "keep_influence", card=stage["card"])]
        if kind == "war":  # R29: 1 card or effect (the starting ship's, R41/R56), or pass
            return _plays(state, seat, ("character", "maneuver")) + _abilities(state, seat) + [_c(seat, "pass")]
        return [_c(seat, "target", target=t) for t in war.targets(state, seat)]
    turn = state["turn"]
    if turn["phase"] == "discard":
        return [_c(seat, "end_turn")]
    out = _plays(state, seat) + _economy(state, seat)
    if turn["explores"] > 0 and state["space"]["deck"]:
        out.append(_c(seat, "explore"))
    cost_ok = state["options"]["mission_cost"] == "free" or turn["explores"] > 0
    for m in state["space"]["missions"]:
        if cost_ok and goal_met(state, seat, card(m).goal or {}):
            out.append(_c(seat, "complete_mission", card=m))
    for a in turn["allies"]:
        if turns.ally_ok(state, seat, a):
            out.append(_c(seat, "ally", card=a))
    out += _abilities(state, seat)
    if turn["phase"] is None:
        out += _discards(state, seat)
    out.append(_c(seat, "end_turn"))
    return out


def _group_commands(state: State, seat: int) -> list[Command]:
    stage = state["stage"]
    if stage is not None:
        if stage["kind"] == "allocate":
            return [_c(seat, "assign_damage", target=t) for t in borg.allocation_targets(state)]
        return _plays(state, seat, ("character", "maneuver")) + [_c(seat, "ready")]
    p = state["players"][seat]
    out = _plays(state, seat) + _economy(state, seat) + _abilities(state, seat)
    for inst in state["space"]["revealed"]:
        if card(inst).type == "ship" and actions.diplomacy_ok(state, seat, inst):
            out.append(_c(seat, "win_ship", card=inst))
    if not p["acted"]:
        out += _discards(state, seat)
    out.append(_c(seat, "done"))
    return out


# --- dispatch ------------------------------------------------------------------------------------------

def _arg(command: Command, name: str, kind: type = str) -> Any:
    value = command.args.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise IllegalCommand("bad_argument", "", argument=name)
    return value


def _stage(state: State, *kinds: str | None, rule: str) -> None:
    stage = state["stage"]
    if (stage["kind"] if stage is not None else None) not in kinds:
        raise IllegalCommand("not_now", rule)


def _standard_action(ctx: Ctx, cmd: Command, rule: str) -> None:
    s = ctx.state
    if s["phase"] != "turn":
        raise IllegalCommand("not_now", rule)
    _stage(s, None, rule=rule)
    turns.choose_action(ctx, cmd.seat)


def _h_play(ctx: Ctx, cmd: Command) -> None:
    s = ctx.state
    inst = _arg(cmd, "card")
    stage = s["stage"]
    if s["phase"] == "group":
        if stage is not None and stage["kind"] == "allocate":
            raise IllegalCommand("not_now", "tng:R54")
        actions.play_card(ctx, cmd.seat, inst)  # a setup in a Cube battle or for an event: play_refusal
        return
    if stage is None:
        turns.choose_action(ctx, cmd.seat)
        actions.play_card(ctx, cmd.seat, inst)
        return
    if stage["kind"] not in ("event", "ship", "war"):
        raise IllegalCommand("not_now", "tng:R11")
    if stage["kind"] == "war":
        war.war_play(ctx, cmd.seat, inst)
    else:
        actions.play_card(ctx, cmd.seat, inst)


def _group_action(ctx: Ctx, cmd: Command, rule: str) -> None:
    s = ctx.state
    if s["stage"] is not None or s["group"]["step"] != "actions":
        raise IllegalCommand("not_now", rule)


def _action(rule: str, fn: Callable[[Ctx, Command], None]) -> Callable[[Ctx, Command], None]:
    def handler(ctx: Ctx, cmd: Command) -> None:
        if ctx.state["phase"] == "group":
            _group_action(ctx, cmd, rule)
        else:
            _standard_action(ctx, cmd, rule)
        fn(ctx, cmd)

    return handler


def _h_explore(ctx: Ctx, cmd: Command) -> None:
    if ctx.state["phase"] == "group":
        if cmd.seat != AUTO_SEAT:
            raise IllegalCommand("no_exploration_left", "tng:R43")
        borg.explore(ctx)
        return
    _standard_action(ctx, cmd, "tng:R16")
    turns.explore(ctx, cmd.seat)


def _h_end_turn(ctx: Ctx, cmd: Command) -> None:
    s = ctx.state
    if s["phase"] != "turn":
        raise IllegalCommand("not_now", "tng:R18")
    _stage(s, None, rule="tng:R18")
    turns.end_turn(ctx, cmd.seat)


def _h_discard(ctx: Ctx, cmd: Command) -> None:
    s = ctx.state
    inst = _arg(cmd, "card")
    if s["phase"] == "group":
        _group_action(ctx, cmd, "tng:R46")
        borg.discard(ctx, cmd.seat, inst)
        return
    turns.discard_phase(ctx, cmd.seat, inst)  # refused once an action or a stage has begun (R9)


def _h_bottom(ctx: Ctx, cmd: Command) -> None:
    _stage(ctx.state, "mission_bottom", rule="tng:R21")
    turns.bottom_mission(ctx, cmd.seat, _arg(cmd, "card"))


def _h_resolve_event(ctx: Ctx, cmd: Command) -> None:
    if ctx.state["phase"] != "turn":
        raise IllegalCommand("not_now", "tng:R23")
    _stage(ctx.state, "event", rule="tng:R23")
    turns.resolve_event(ctx, cmd.seat)


def _h_diplomacy(ctx: Ctx, cmd: Command) -> None:
    _stage(ctx.state, "ship", rule="tng:R26")
    turns.diplomacy(ctx, cmd.seat, _arg(cmd, "keep"))


def _h_fight(ctx: Ctx, cmd: Command) -> None:
    s = ctx.state
    if s["phase"] == "turn" and s["stage"] is None and s["turn"]["allies"]:
        raise IllegalCommand("allied_ship_not_fought", "tng:R59")
    if s["phase"] == "group" and s["stage"] is None:
        raise IllegalCommand("no_battle_with_fleeing_ships", "tng:R48")
    _stage(s, "ship", rule="tng:R27")
    turns.fight(ctx, cmd.seat)


def _h_keep_influence(ctx: Ctx, cmd: Command) -> None:
    _stage(ctx.state, "influence", rule="tng:R60")
    turns.keep_influence(ctx, cmd.seat, _arg(cmd, "card"))


def _h_pass(ctx: Ctx, cmd: Command) -> None:
    _stage(ctx.state, "war", rule="tng:R29")
    war.war_pass(ctx, cmd.seat)


def _h_target(ctx: Ctx, cmd: Command) -> None:
    _stage(ctx.state, "war_fire", rule="tng:R30")
    war.choose_target(ctx, cmd.seat, _arg(cmd, "target", int))


def _h_ship_ability(ctx: Ctx, cmd: Command) -> None:
    """R41/R56: the starting ship's effect in the Action Phase, or as the "1 card/effect" of a go in the War
    loop (R29), by the player whose go it is, off turn too (RULINGS: starting ship effects in a War)."""
    stage = ctx.state["stage"]
    if ctx.state["phase"] == "turn" and stage is not None and stage["kind"] == "war":
        war.war_ability(ctx, cmd.seat, _arg(cmd, "target", int))
        return
    _ability_action(ctx, cmd)


def _h_ally(ctx: Ctx, cmd: Command) -> None:
    _standard_action(ctx, cmd, "tng:R59")
    turns.win_ally(ctx, cmd.seat, _arg(cmd, "card"))


def _h_ready(ctx: Ctx, cmd: Command) -> None:
    s = ctx.state
    if s["phase"] != "group":
        raise IllegalCommand("not_now", "tng:R53")
    _stage(s, "event", "cube", rule="tng:R53")
    borg.ready(ctx, cmd.seat)


def _h_assign(ctx: Ctx, cmd: Command) -> None:
    s = ctx.state
    if s["phase"] != "group":
        raise IllegalCommand("not_now", "tng:R54")
    _stage(s, "allocate", rule="tng:R54")
    amount = cmd.args.get("amount")
    if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
        raise IllegalCommand("bad_argument", "", argument="amount")
    borg.assign(ctx, cmd.seat, _arg(cmd, "target", int), amount)


def _h_done(ctx: Ctx, cmd: Command) -> None:
    s = ctx.state
    if s["phase"] != "group":
        raise IllegalCommand("not_now", "tng:R46")
    _group_action(ctx, cmd, "tng:R46")
    borg.done(ctx, cmd.seat)


def _h_end_round(ctx: Ctx, cmd: Command) -> None:
    borg.end_round(ctx)


_ability_action = _action("tng:R41", lambda ctx, c: actions.use_ability(ctx, c.seat, _arg(c, "target", int)))
HANDLERS: dict[str, Callable[[Ctx, Command], None]] = {
    "play": _h_play,
    "buy": _action("tng:R13", lambda ctx, c: actions.buy(ctx, c.seat, _arg(c, "slot", int))),
    "buy_basic": _action("tng:R13", lambda ctx, c: actions.buy_basic(ctx, c.seat, _arg(c, "pile"))),
    "repair": _action("tng:R14", lambda ctx, c: actions.repair(ctx, c.seat, _arg(c, "amount", int))),
    "search": _action("tng:R15", lambda ctx, c: actions.search(ctx, c.seat, _arg(c, "slot", int))),
    "explore": _h_explore,
    "complete_mission": _action("tng:R22", lambda ctx, c: turns.complete_mission(ctx, c.seat, _arg(c, "card"))),
    "ship_ability": _h_ship_ability,
    "win_ship": _action("tng:R48", lambda ctx, c: borg.ship_diplomacy(ctx, c.seat, _arg(c, "card"))),
    "ally": _h_ally,
    "discard": _h_discard,
    "end_turn": _h_end_turn,
    "bottom": _h_bottom,
    "resolve_event": _h_resolve_event,
    "diplomacy": _h_diplomacy,
    "fight": _h_fight,
    "keep_influence": _h_keep_influence,
    "pass": _h_pass,
    "target": _h_target,
    "ready": _h_ready,
    "assign_damage": _h_assign,
    "done": _h_done,
    "end_round": _h_end_round,
}
AUTO_KINDS = ("explore", "end_round")


def dispatch(ctx: Ctx, command: Command) -> None:
    s = ctx.state
    if s["phase"] == "over":
        raise IllegalCommand("game_over")
    handler = HANDLERS.get(command.kind)
    if handler is None:
        raise IllegalCommand("unknown_command", kind=command.kind)
    if command.seat == AUTO_SEAT:
        auto = auto_command(s)
        if auto is None or auto.kind != command.kind:
            raise IllegalCommand("no_automatic_step_due")
    else:
        if command.kind == "end_round" or (command.kind == "explore" and s["phase"] == "group"
                                           and s["group"]["step"] == "explore" and s["stage"] is None):
            raise IllegalCommand("automatic_step_only")
        decision = next((d for d in pending(s) if command.seat in d.seats), None)
        if decision is None:
            raise IllegalCommand("not_your_turn")
    handler(ctx, command)
    if s["phase"] == "turn":
        turns.close_after_defeat(ctx)


__all__ = ["CONTENT", "dispatch", "legal_commands", "pending"]
