"""Who must act, what they may send, and dispatching a command to the module that owns its rule.

Command kinds and args (all JSON ints/strings; rows/cols are 1-based, row 1 = top):

- ``bid {card}`` — secret sensor choice (R13)
- ``battle {}`` / ``power_down {}`` — the turn choice (R16)
- ``enter {col}`` — enter the bottom row (R22); ``move {dir}`` (``n ne e se s sw w nw``, R19)
- ``spend_move {}`` — -M/-MM (R71); ``teleport {row, col}`` — wormhole (R64); ``stay {}`` — refuse a jump
- ``fire {weapon}`` (``turret laser missile gamma flamethrower``) with ``splash`` (``n e s w none``) for
  the missile (R24-R25, R74-R77); ``rotate {dir}`` (``n e s w``, R26); ``overload {gain: move|fire}`` (R23)
- ``play_powerup {card}`` (R38); ``merchant {}`` (R40); ``buy_upgrade {upgrade}``; ``buy_powerup {}``
- ``end_turn {}``; ``choose_side {side: left|right}`` (R57, R61); ``swap {row, card_col}`` (R68)
- automatic (seat AUTO_SEAT): ``reveal {}`` (R13-R15), ``scroll {}`` (R41-R45), ``upkeep {}``
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine.core import AUTO_SEAT, Command, Decision, IllegalCommand
from games.kemble.engine import board, economy, firing, movement, scroll, turns
from games.kemble.engine.content import CONTENT, DIRS4, DIRS8, UPGRADE_TYPES, UPGRADE_WEAPONS
from games.kemble.engine.goals import check_goals
from games.kemble.engine.space import side_options, side_step, wormhole_targets
from games.kemble.engine.state import Ctx, State, next_key, team_of

AUTO_KINDS = ("reveal", "scroll", "upkeep")
PROMPT_IDS = {"side": "choose_side", "wormhole": "choose_wormhole", "mosquito": "choose_mosquito_swap"}
MODE_PROMPTS = {"choose": "choose_action", "battle": "battle_turn", "astral": "astral_turn",
                "buy": "power_down_buy"}
#: Kinds that may be undone when they drew no card and passed play to nobody.
UNDOABLE = {"battle", "move", "enter", "spend_move", "rotate", "overload", "fire", "bid", "teleport"}


def pending(state: State) -> list[Decision]:
    phase = state["phase"]
    key = f"r{state['round']}.{phase}.{state['dseq']}"
    if phase == "over":
        return []
    if state["prompts"]:
        pr = state["prompts"][0]
        return [Decision(key=key, seats=frozenset({pr["seat"]}), prompt=PROMPT_IDS[pr["kind"]],
                         params={k: v for k, v in pr.items() if k != "kind"})]
    if phase == "bid":
        chosen = [p["seat"] for p in state["players"] if not p["resigned"] and p["bid"] is not None]
        waiting = [p["seat"] for p in state["players"] if not p["resigned"] and p["bid"] is None]
        return [Decision(key=key, seats=frozenset(waiting), prompt="choose_sensor",
                         params={"chosen": chosen, "round": state["round"]})]
    if phase == "turn":
        turn = state["turn"]
        return [Decision(key=key, seats=frozenset({turn["seat"]}), prompt=MODE_PROMPTS[turn["mode"]],
                         params={"seat": turn["seat"], "round": state["round"]})]
    return [Decision(key=key, seats=frozenset(), prompt=phase, automatic=True)]


def auto_command(state: State) -> Command | None:
    if state["phase"] in AUTO_KINDS and not state["prompts"]:
        return Command(AUTO_SEAT, state["phase"], {})
    return None


def _c(seat: int, kind: str, **args: Any) -> Command:
    return Command(seat, kind, args)


def legal_commands(state: State, seat: int) -> list[Command]:
    decision = next((d for d in pending(state) if seat in d.seats), None)
    if decision is None:
        return []
    if state["prompts"]:
        return _prompt_commands(state, seat)
    if state["phase"] == "bid":
        return [_c(seat, "bid", card=card) for card in sorted(state["players"][seat]["hand"],
                                                             key=lambda c: CONTENT.sensors[c].number)]
    turn = state["turn"]
    mode = turn["mode"]
    p = state["players"][seat]
    out: list[Command] = []
    if mode == "choose":
        return [_c(seat, "battle"), _c(seat, "power_down")]
    if mode in ("buy", "astral") or (mode == "battle" and turn["merchant_paid"] and _on_merchant(state, seat)):
        out += _buy_commands(state, seat)
    if mode in ("battle", "astral"):
        if p["pos"] is None:
            if turn["moves"] > 0:
                out += [_c(seat, "enter", col=c) for c in turns.entry_columns(state)]
        else:
            out += [_c(seat, "move", dir=d) for d in DIRS8 if movement.move_refusal(state, seat, d) is None]
            claim = turn["claim"]
            if claim is not None and claim["pos"] == p["pos"] and turn["moves"] > 0:
                out.append(_c(seat, "spend_move"))
            if turn["wormhole"] is not None and turn["wormhole"] == p["pos"]:
                out += [_c(seat, "teleport", row=r, col=c) for r, c in wormhole_targets(state, seat)]
            for w in ("turret", *UPGRADE_WEAPONS):
                if firing.fire_refusal(state, seat, w) is None:
                    if w == "missile":
                        out += [_c(seat, "fire", weapon=w, splash=s) for s in firing.splash_options(state, seat)]
                    else:
                        out.append(_c(seat, "fire", weapon=w))
            if (mode == "battle" and not turn["merchant_paid"] and _on_merchant(state, seat)
                    and p["bellonium"] >= CONTENT.prices["merchant_fee"]):
                out.append(_c(seat, "merchant"))
        out += [_c(seat, "rotate", dir=d) for d in DIRS4 if movement.rotate_refusal(state, seat, d) is None]
        if mode == "battle" and movement.overload_refusal(state, seat) is None:
            out += [_c(seat, "overload", gain="move"), _c(seat, "overload", gain="fire")]
        for card in _playable_powerups(state, seat):
            out.append(_c(seat, "play_powerup", card=card))
    if not (mode == "battle" and p["pos"] is None and state["round"] == 1 and turns.entry_columns(state)):
        out.append(_c(seat, "end_turn"))
    return out


def _prompt_commands(state: State, seat: int) -> list[Command]:
    pr = state["prompts"][0]
    p = state["players"][seat]
    if pr["kind"] == "side":
        return [_c(seat, "choose_side", side=s) for s in side_options(state, p["pos"][0], p["pos"][1])]
    if pr["kind"] == "wormhole":
        return [_c(seat, "teleport", row=r, col=c) for r, c in wormhole_targets(state, seat)] + [_c(seat, "stay")]
    return [_c(seat, "swap", row=r, card_col=cc) for r, cc in firing.mosquito_targets(state, pr["row"],
                                                                                       pr["card_col"])]


def _buy_commands(state: State, seat: int) -> list[Command]:
    out = [_c(seat, "buy_upgrade", upgrade=t) for t in UPGRADE_TYPES
           if economy.upgrade_refusal(state, seat, t) is None]
    if economy.powerup_refusal(state, seat) is None:
        out.append(_c(seat, "buy_powerup"))
    return out


def _on_merchant(state: State, seat: int) -> bool:
    pos = state["players"][seat]["pos"]
    return pos is not None and board.quad(state, pos[0], pos[1]).object == "merchant"


def _playable_powerups(state: State, seat: int) -> list[str]:
    cards: list[str] = []
    for s in team_of(state, seat):
        cards += [c for c in state["players"][s]["powerups"] if CONTENT.powerups[c].timing == "turn"]
    return sorted(set(cards))


# --- dispatch ------------------------------------------------------------------------------------

def _arg(command: Command, name: str, kind: type = str) -> Any:
    value = command.args.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise IllegalCommand("bad_argument", "", argument=name)
    return value


def _need_mode(state: State, *modes: str, rule: str = "kemble:R16") -> None:
    if state["phase"] != "turn" or state["prompts"] or state["turn"]["mode"] not in modes:
        raise IllegalCommand("not_now", rule)


def _need_on_board(state: State, seat: int, rule: str) -> None:
    if state["players"][seat]["pos"] is None:
        raise IllegalCommand("ship_not_on_board", rule)


def _may_buy(state: State, seat: int) -> None:
    """R35: Power Down step 4, on the Merchant after paying (R40), or astral before entering (R52)."""
    turn = state["turn"]
    if state["phase"] != "turn" or state["prompts"]:
        raise IllegalCommand("not_now", "kemble:R35")
    if turn["mode"] in ("buy", "astral"):
        return
    if turn["mode"] == "battle" and turn["merchant_paid"] and _on_merchant(state, seat):
        return
    raise IllegalCommand("buying_not_allowed_now", "kemble:R35")  # choose, or battle off the Merchant


def _h_bid(ctx: Ctx, cmd: Command) -> None:
    if ctx.state["phase"] != "bid":
        raise IllegalCommand("not_now", "kemble:R13")
    turns.bid(ctx, cmd.seat, _arg(cmd, "card"))


def _h_battle(ctx: Ctx, cmd: Command) -> None:
    _need_mode(ctx.state, "choose")
    turns.choose_battle(ctx, cmd.seat)


def _h_power_down(ctx: Ctx, cmd: Command) -> None:
    if ctx.state["phase"] == "turn" and ctx.state["round"] == 1 and not ctx.state["prompts"]:
        raise IllegalCommand("battle_required_in_round_1", "kemble:R16")
    _need_mode(ctx.state, "choose", rule="kemble:R34")
    turns.power_down(ctx, cmd.seat)


def _h_enter(ctx: Ctx, cmd: Command) -> None:
    _need_mode(ctx.state, "battle", "astral", rule="kemble:R22")
    movement.enter(ctx, cmd.seat, _arg(cmd, "col", int))


def _h_move(ctx: Ctx, cmd: Command) -> None:
    _need_mode(ctx.state, "battle", rule="kemble:R34")
    movement.move(ctx, cmd.seat, _arg(cmd, "dir"))


def _h_spend_move(ctx: Ctx, cmd: Command) -> None:
    _need_mode(ctx.state, "battle", rule="kemble:R71")
    movement.spend_move(ctx, cmd.seat)


def _h_teleport(ctx: Ctx, cmd: Command) -> None:
    state = ctx.state
    row, col = _arg(cmd, "row", int), _arg(cmd, "col", int)
    if state["prompts"] and state["prompts"][0]["kind"] == "wormhole":
        state["prompts"].pop(0)
        next_key(state)
    else:
        _need_mode(state, "battle", rule="kemble:R64")
        turn = state["turn"]
        if turn["wormhole"] is None or turn["wormhole"] != state["players"][cmd.seat]["pos"]:
            raise IllegalCommand("not_on_wormhole", "kemble:R64")
    movement.teleport(ctx, cmd.seat, row, col)


def _h_stay(ctx: Ctx, cmd: Command) -> None:
    state = ctx.state
    if not state["prompts"] or state["prompts"][0]["kind"] != "wormhole":
        raise IllegalCommand("not_now", "kemble:R64")
    state["prompts"].pop(0)
    next_key(state)


def _h_fire(ctx: Ctx, cmd: Command) -> None:
    _need_mode(ctx.state, "battle", rule="kemble:R34")
    _need_on_board(ctx.state, cmd.seat, "kemble:R24")
    splash = cmd.args.get("splash", "none")
    if not isinstance(splash, str):
        raise IllegalCommand("bad_argument", "", argument="splash")
    firing.fire(ctx, cmd.seat, _arg(cmd, "weapon"), splash)


def _h_rotate(ctx: Ctx, cmd: Command) -> None:
    _need_mode(ctx.state, "battle", "astral", rule="kemble:R26")
    movement.rotate(ctx, cmd.seat, _arg(cmd, "dir"))


def _h_overload(ctx: Ctx, cmd: Command) -> None:
    _need_mode(ctx.state, "battle", rule="kemble:R23")
    movement.overload(ctx, cmd.seat, _arg(cmd, "gain"))


def _h_play_powerup(ctx: Ctx, cmd: Command) -> None:
    _need_mode(ctx.state, "battle", "astral", rule="kemble:R38")
    economy.play_powerup(ctx, cmd.seat, _arg(cmd, "card"))


def _h_merchant(ctx: Ctx, cmd: Command) -> None:
    _need_mode(ctx.state, "battle", rule="kemble:R40")
    turn = ctx.state["turn"]
    if not _on_merchant(ctx.state, cmd.seat):
        raise IllegalCommand("not_on_merchant", "kemble:R40")
    if turn["merchant_paid"]:
        raise IllegalCommand("merchant_already_used", "kemble:R40")
    fee = CONTENT.prices["merchant_fee"]
    p = ctx.player(cmd.seat)
    if p["bellonium"] < fee:
        raise IllegalCommand("not_enough_bellonium", "kemble:R40", price=fee, have=p["bellonium"])
    p["bellonium"] -= fee
    turn["merchant_paid"] = True
    ctx.emit("merchant_visited", seat=cmd.seat, fee=fee)


def _h_buy_upgrade(ctx: Ctx, cmd: Command) -> None:
    _may_buy(ctx.state, cmd.seat)
    economy.buy_upgrade(ctx, cmd.seat, _arg(cmd, "upgrade"))


def _h_buy_powerup(ctx: Ctx, cmd: Command) -> None:
    _may_buy(ctx.state, cmd.seat)
    economy.buy_powerup(ctx, cmd.seat)


def _h_end_turn(ctx: Ctx, cmd: Command) -> None:
    _need_mode(ctx.state, "battle", "astral", "buy", rule="kemble:R17")
    turns.end_turn(ctx, cmd.seat)


def _h_choose_side(ctx: Ctx, cmd: Command) -> None:
    state = ctx.state
    if not state["prompts"] or state["prompts"][0]["kind"] != "side":
        raise IllegalCommand("not_now", "kemble:R57")
    side = _arg(cmd, "side")
    pos = state["players"][cmd.seat]["pos"]
    if side not in side_options(state, pos[0], pos[1]):
        raise IllegalCommand("bad_side", "kemble:R57", side=side)
    state["prompts"].pop(0)
    next_key(state)
    side_step(ctx, cmd.seat, side)


def _h_swap(ctx: Ctx, cmd: Command) -> None:
    state = ctx.state
    if not state["prompts"] or state["prompts"][0]["kind"] != "mosquito":
        raise IllegalCommand("not_now", "kemble:R68")
    pr = state["prompts"][0]
    target = [_arg(cmd, "row", int), _arg(cmd, "card_col", int)]
    if target not in firing.mosquito_targets(state, pr["row"], pr["card_col"]):
        raise IllegalCommand("bad_swap_target", "kemble:R68", row=target[0], card_col=target[1])
    state["prompts"].pop(0)
    next_key(state)
    firing.swap_cards(ctx, pr["row"], pr["card_col"], target[0], target[1])


def _h_scroll(ctx: Ctx, cmd: Command) -> None:
    if ctx.state["phase"] != "scroll" or ctx.state["prompts"]:
        raise IllegalCommand("no_automatic_step_due", "kemble:R41")
    scroll.run_scroll(ctx)


def _h_reveal(ctx: Ctx, cmd: Command) -> None:
    if ctx.state["phase"] != "reveal":
        raise IllegalCommand("no_automatic_step_due", "kemble:R13")
    turns.reveal_bids(ctx)


def _h_upkeep(ctx: Ctx, cmd: Command) -> None:
    if ctx.state["phase"] != "upkeep":
        raise IllegalCommand("no_automatic_step_due", "kemble:R12")
    scroll.upkeep(ctx)


HANDLERS: dict[str, Callable[[Ctx, Command], None]] = {
    "bid": _h_bid, "battle": _h_battle, "power_down": _h_power_down, "enter": _h_enter, "move": _h_move,
    "spend_move": _h_spend_move, "teleport": _h_teleport, "stay": _h_stay, "fire": _h_fire,
    "rotate": _h_rotate, "overload": _h_overload, "play_powerup": _h_play_powerup, "merchant": _h_merchant,
    "buy_upgrade": _h_buy_upgrade, "buy_powerup": _h_buy_powerup, "end_turn": _h_end_turn,
    "choose_side": _h_choose_side, "swap": _h_swap, "reveal": _h_reveal, "scroll": _h_scroll,
    "upkeep": _h_upkeep,
}


def dispatch(ctx: Ctx, command: Command) -> None:
    state = ctx.state
    if state["phase"] == "over":
        raise IllegalCommand("game_over", "")
    handler = HANDLERS.get(command.kind)
    if handler is None:
        raise IllegalCommand("unknown_command", "", kind=command.kind)
    if command.seat == AUTO_SEAT:
        if command.kind not in AUTO_KINDS or auto_command(state) is None:
            raise IllegalCommand("no_automatic_step_due", "")
    else:
        if command.kind in AUTO_KINDS:
            raise IllegalCommand("automatic_step_only", "")
        decision = next((d for d in pending(state) if command.seat in d.seats), None)
        if decision is None:
            raise IllegalCommand("not_your_turn", "")
    handler(ctx, command)
    after_command(ctx)


def after_command(ctx: Ctx) -> None:
    """Close a turn cut short by destruction (R50.1), award goals, end a failed solo game."""
    state = ctx.state
    if state["options"]["solo"] and state["solo_failed"] and state["phase"] != "over":
        state["end_reason"] = "solo_destroyed"
        scroll.end_game(ctx)
        return
    if state["turn"] is not None and state["turn"]["ended"] and not state["prompts"]:
        turns.finish_turn(ctx)
    check_goals(ctx)
