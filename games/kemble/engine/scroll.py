"""The scroll: pushes, removing the bottom row, the new row, the shrinking end game
(kemble:R41-R45, R69, RULINGS A7-A9, A29)."""

from __future__ import annotations

from typing import Any

from games.kemble.engine import board, threat
from games.kemble.engine.boss import reveal_boss, trigger_board
from games.kemble.engine.content import CONTENT, side
from games.kemble.engine.decks import draw_sensor
from games.kemble.engine.goals import check_goals
from games.kemble.engine.scoring import final_scores
from games.kemble.engine.space import arrive, pay_global_bellonium
from games.kemble.engine.state import Ctx, bump_stat, next_key
from games.kemble.engine.turns import start_bidding


def run_scroll(ctx: Ctx) -> None:
    """Advance the scroll as far as it goes without a player's choice (an automatic step)."""
    state = ctx.state
    scroll = state["scroll"]
    if scroll["stage"] == "start":
        if board.num_rows(state) <= 1 and state["options"]["end_check"] == "before_push":
            end_game(ctx)  # R44, RULINGS A9
            return
        ctx.emit("scroll_started", round=state["round"])
        bottom = board.num_rows(state)
        scroll["queue"] = [s for s in state["order"]
                           if state["players"][s]["pos"] is not None and state["players"][s]["pos"][0] == bottom]
        scroll["stage"] = "push"
    if scroll["stage"] == "push":
        while scroll["queue"]:
            if state["prompts"]:
                return
            seat = scroll["queue"].pop(0)
            p = state["players"][seat]
            if p["pos"] is None or p["pos"][0] != board.num_rows(state):
                continue
            r, c = p["pos"]
            ctx.emit("ship_pushed", seat=seat, row=r - 1, col=c)  # R41: one by one, in turn order
            arrive(ctx, seat, r - 1, c, "push")
            if p["pos"] is not None:
                bump_stat(p, "survived_pushes")
        if state["prompts"]:
            return
    remove_bottom_row(ctx)  # the scroll ends in this same step, so no "remove" stage is ever read
    if state["decks"]["space"] or state["boss_rows"]:
        add_row(ctx)  # R42
    else:
        ctx.emit("play_area_shrank", rows=board.num_rows(state))  # R43
    trigger_board(ctx, "on_scroll", None)
    state["scroll"] = None
    if state["options"]["end_check"] == "after_removal" and board.num_rows(state) <= 1:
        end_game(ctx)
        return
    state["phase"] = "upkeep"
    next_key(state)


def remove_bottom_row(ctx: Ctx) -> None:
    """R41.4: the bottom row's cards and covers go to their discards; a bomb there detonates (R69)."""
    state = ctx.state
    row = state["board"].pop()
    bombs = 0
    for slot in row:
        for half in (0, 1):
            cover = slot["cover"][half]
            if cover:
                state["decks"]["sensor_discard"].append(cover)
            elif cover is None and side(slot["card"], slot["flip"])[half].object == "bomb":
                bombs += 1
        if slot["card"] is not None:
            state["decks"]["space_discard"].append(slot["card"])
    ctx.emit("bottom_row_removed", rows=len(state["board"]))
    for p in state["players"]:  # nobody should be left there; a ship still in it leaves the board
        if p["pos"] is not None and p["pos"][0] > len(state["board"]):
            p["pos"] = None
    for _ in range(bombs):
        detonate_bomb(ctx)


def detonate_bomb(ctx: Ctx) -> None:
    """R69: reveal 5 sensor cards; each on-board player whose colour shows gets 2 threat."""
    state = ctx.state
    revealed = []
    for _ in range(5):
        card = draw_sensor(ctx)
        if card is not None:
            revealed.append(card)
    state["decks"]["sensor_discard"].extend(revealed)
    colours = {CONTENT.sensors[c].symbol for c in revealed}
    ctx.emit("bomb_detonated", cards=revealed)
    for p in state["players"]:
        if p["colour"] in colours:
            threat.give_threat(ctx, p["seat"], 2, "bomb")


def add_row(ctx: Ctx) -> None:
    """R42 B-C: every row moves down, a new row is dealt at the top; R45 a boss warning brings its rows."""
    state = ctx.state
    width = state["width"]
    space = state["decks"]["space"]
    if not state["boss_rows"] and space and space[-1] in CONTENT.warnings:
        warning = space.pop()
        state["warning"] = warning
        reveal_boss(ctx, warning)
    if state["boss_rows"]:
        cards: list[str | None] = list(state["boss_rows"].pop(0))
    else:
        cards = []
        while len(cards) < width and space and space[-1] not in CONTENT.warnings:
            cards.append(space.pop())
        cards += [None] * (width - len(cards))
    new_row: list[dict[str, Any]] = [{"card": cid, "flip": False, "cover": [None, None], "marks": [[], []]}
                                     for cid in cards]
    state["board"].insert(0, new_row)
    for p in state["players"]:
        if p["pos"] is not None:
            p["pos"][0] += 1
    ctx.emit("row_added", cards=cards)
    glob = sum(q.global_bellonium for slot in new_row for q in side(slot["card"], False))
    pay_global_bellonium(ctx, glob)  # R42, R72
    threat.new_row_threat(ctx)  # R42, RULINGS A7
    trigger_board(ctx, "on_reveal", None, rows=[1])


def upkeep(ctx: Ctx) -> None:
    """End-of-round upkeep: next round, back to the sensor bids."""
    state = ctx.state
    state["round"] += 1
    start_bidding(ctx)


def end_game(ctx: Ctx) -> None:
    """R44 -> R55. Goals met up to the end are awarded first (second audit: a goal met by the pushes of the
    last scroll, with the ``after_removal`` end check, was lost)."""
    state = ctx.state
    check_goals(ctx)
    state["phase"] = "over"
    state["turn"] = None
    state["scroll"] = None
    state["prompts"] = []
    state["final"] = final_scores(state)
    ctx.revealing = True
    ctx.emit("game_ended", scores=state["final"])
    next_key(state)
