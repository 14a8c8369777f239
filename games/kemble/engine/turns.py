"""The round: secret sensor bids, the draw, Battle / Power Down / astral turns (kemble:R12-R18, R34, R52)."""

from __future__ import annotations

from games.engine.core import IllegalCommand
from games.kemble.engine import board, threat
from games.kemble.engine.boss import trigger_board
from games.kemble.engine.content import CONTENT
from games.kemble.engine.decks import draw_sensor
from games.kemble.engine.effects import apply_effects
from games.kemble.engine.goals import check_goals
from games.kemble.engine.ship import engine_moves, max_energy, recharge
from games.kemble.engine.space import enterable, open_standing_claim
from games.kemble.engine.state import Ctx, State, active_seats, bump_stat, next_key


def start_bidding(ctx: Ctx) -> None:
    state = ctx.state
    state["phase"] = "bid"
    for p in state["players"]:
        p["bid"] = None
    next_key(state)
    ctx.emit("round_started", round=state["round"])


def bid(ctx: Ctx, seat: int, card: str) -> None:
    """R13: each player secretly chooses a sensor card; nobody sees another's card before all have chosen."""
    p = ctx.player(seat)  # only a seat that has not chosen yet is asked (commands.pending)
    if card not in p["hand"]:
        raise IllegalCommand("sensor_not_in_hand", "kemble:R13", card=card)
    p["bid"] = card
    ctx.emit("sensor_chosen", visible_to=frozenset({seat}), redacted={"seat": seat}, seat=seat, card=card)
    if all(ctx.player(s)["bid"] is not None for s in active_seats(ctx.state)):
        ctx.state["phase"] = "reveal"  # an automatic step reveals them all at once
        next_key(ctx.state)


def reveal_bids(ctx: Ctx) -> None:
    """R13 reveal and order (highest first), R14 sensor texts, R15 draw back to 2."""
    state = ctx.state
    ctx.revealing = True
    seats = active_seats(state)
    for seat in seats:
        p = ctx.player(seat)
        if p["played"] is not None:
            state["decks"]["sensor_discard"].append(p["played"])
        p["played"] = p["bid"]
        p["hand"].remove(p["bid"])
        p["bid"] = None
        p["overload_costs"] = [1, 2]
        p["round_moves"] = 0
        p["round_fires"] = 0
    order = sorted(seats, key=lambda s: -CONTENT.sensors[ctx.player(s)["played"]].number)
    state["order"] = order
    ctx.emit("sensors_revealed", cards={str(s): ctx.player(s)["played"] for s in seats}, order=order)
    for seat in order:
        apply_effects(ctx, seat, CONTENT.sensors[ctx.player(seat)["played"]].effects, "sensor")  # R14
    for seat in order:  # R15
        card = draw_sensor(ctx)
        if card is not None:
            ctx.player(seat)["hand"].append(card)
            ctx.emit("sensor_drawn", visible_to=frozenset({seat}), redacted={"seat": seat}, seat=seat, card=card)
    state["phase"] = "turn"
    state["turn_index"] = 0
    start_turn(ctx)


def start_turn(ctx: Ctx) -> None:
    """Open the next player's turn, or hand over to the scroll when everyone has played (R12)."""
    state = ctx.state
    while state["turn_index"] < len(state["order"]) and ctx.player(state["order"][state["turn_index"]])["resigned"]:
        state["turn_index"] += 1
    next_key(state)
    if state["turn_index"] >= len(state["order"]):
        state["turn"] = None
        state["phase"] = "scroll"
        state["scroll"] = {"stage": "start", "queue": []}
        return
    seat = state["order"][state["turn_index"]]
    p = ctx.player(seat)
    p["tstats"] = {}
    base = 2 if state["options"]["tunnel_deck"] else 1  # R86: base movement 2 with the Tunnel deck
    if state["round"] == 1:
        mode = "battle"  # R16: round 1 is always Battle
    elif p["pos"] is None:
        mode = "astral"  # R52
    else:
        mode = "choose"
    state["turn"] = {
        "seat": seat, "mode": mode, "moves": base + engine_moves(p) + p["round_moves"],
        "fires": 1 + p.get("round_fires", 0), "fires_spent": 0, "overloads": 0, "free_overloads": 0,
        "weapons_used": [], "laser_shots": 0, "damage": {}, "tokens_given": [], "free_rotation": False,
        "merchant_paid": False, "claim": None, "wormhole": None, "ended": False,
    }
    p["round_moves"] = 0
    p["round_fires"] = 0
    ctx.emit("turn_started", seat=seat, mode=mode)


def choose_battle(ctx: Ctx, seat: int) -> None:
    ctx.state["turn"]["mode"] = "battle"
    open_standing_claim(ctx.state, seat)  # R71: a -M reward under the ship can be claimed this turn
    ctx.emit("battle_chosen", seat=seat)


def power_down(ctx: Ctx, seat: int) -> None:
    """R34 steps 1-3: recharge, resolve threat, return PvP tokens if the ship survived; then buying."""
    state = ctx.state  # round 1 is refused before (commands._h_power_down, R16)
    p = ctx.player(seat)
    turn = state["turn"]
    bump_stat(p, "power_downs")
    before = p["energy"]
    p["energy"] = min(max_energy(p), p["energy"] + recharge(p))
    ctx.emit("powered_down", seat=seat, recharged=p["energy"] - before, energy=p["energy"])
    threat.resolve_threat(ctx, seat)
    if turn["ended"]:
        return
    if p["tokens"]:
        ctx.emit("pvp_tokens_returned", seat=seat, tokens=dict(p["tokens"]))
        p["tokens"] = {}
    turn["mode"] = "buy"


def end_turn(ctx: Ctx, seat: int) -> None:
    """Close the Move/Fire or buy step: Battle R17 steps 2-3, Power Down R34 step 5."""
    state = ctx.state
    turn = state["turn"]
    mode = turn["mode"]
    p = ctx.player(seat)
    if mode == "battle" and p["pos"] is None and state["round"] == 1 and entry_columns(state):
        raise IllegalCommand("must_enter_in_round_1", "kemble:R16")
    if mode == "battle" and p["pos"] is not None:
        threat.resolve_threat(ctx, seat)
        if not turn["ended"]:
            threat.add_new_threat(ctx, seat)
    elif mode == "buy":
        threat.add_new_threat(ctx, seat)
    finish_turn(ctx)


def finish_turn(ctx: Ctx) -> None:
    """After a turn: object energy is restored (R27), on_turn_end rules, next player."""
    state = ctx.state
    turn = state["turn"]
    seat = turn["seat"]
    # R54: what the turn met is judged while it is still this player's turn - also when a destruction cut it
    # short (second audit: "5 moves this turn" made by the move onto a fatal mine was lost with the turn).
    check_goals(ctx)
    ctx.emit("turn_ended", seat=seat)
    state["turn"]["damage"] = {}
    trigger_board(ctx, "on_turn_end", seat)
    state["turn_index"] += 1  # start_turn replaces the turn (None once everyone has played)
    ctx.revealing = True
    start_turn(ctx)


def entry_columns(state: State) -> list[int]:
    """R22: quadrants of the bottom row a ship may enter."""
    bottom = board.num_rows(state)
    return [c for c in range(1, board.num_cols(state) + 1) if enterable(state, bottom, c)]
