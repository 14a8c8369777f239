"""Daybreak's Mutiny cards and the Mutineer (bsg:R1020-R1028, R426, R251, R405) and the Miracle token a
card gives to a player of one's choice (R1010). The state is ``daybreak.py``'s.

Commands: ``play_mutiny {card}`` (the holder's action, RULINGS G92), ``discard_mutiny {card}`` (in the Brig
over the limit, keep the rest: R1020, R1027), ``pass_mutineer {to}`` (a Mutineer who turned out to be a Cylon,
R1028), ``mutineer_draw {target}`` (the Sleeper Agent phase's extra Loyalty card, R405), ``give_miracle
{to}`` (R1010).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import daybreak
from games.bsg.engine.effects import apply_effects, draw_mutiny
from games.bsg.engine.setup import deal_loyalty, title_holder
from games.bsg.engine.state import CONTENT, Ctx, State, card_id, next_key
from games.engine.core import IllegalCommand

TITLES = ("president", "admiral", "cag")  # every Title card (R426); the CAG with the Cylon Fleet (G72)


def humans(state: State, besides: int | None = None) -> list[int]:
    return [p["seat"] for p in state["players"] if not p["cylon"] and p["seat"] != besides
            and not p.get("eliminated")]  # R978: out of the game


def draw_targets(state: State) -> list[int]:
    """R405: the humans who may be named to draw the extra loyalty card; never a Cylon Leader, even
    infiltrated: he takes no loyalty card (R126, R802e, RULINGS A29, G137)."""
    return [s for s in humans(state) if not state["players"][s].get("leader")]


def draw(ctx: Ctx, seat: int) -> str | None:
    """R1020: a Mutiny card (effects.draw_mutiny, where the Brig is)."""
    return draw_mutiny(ctx, seat)


def discard(ctx: Ctx, seat: int, card: str) -> None:
    """R1020, R1027: one Mutiny card of the seat's choice discarded face up, until he holds his limit."""
    state = ctx.state
    keep = state["daybreak"]["mutiny_keep"]
    p = ctx.player(seat)
    if not keep or keep[0] != seat:
        raise IllegalCommand("no_mutiny_discard_due", "bsg:R1020")
    if card not in p["mutiny"]:
        raise IllegalCommand("card_not_in_hand", "bsg:R1020")
    p["mutiny"].remove(card)
    state["decks"]["mutiny_discard"].append(card)
    ctx.emit("mutiny_discarded", seat=seat, cards=[card])
    if len(p["mutiny"]) <= daybreak.mutiny_limit(state, seat):
        keep.pop(0)
    next_key(state)


def play_options(state: State, seat: int) -> list[dict[str, Any]]:
    """The Mutiny cards the seat may play as his action: all he holds, also in the Brig (R1020); never a
    revealed Cylon (R402b), but a Cylon Leader may (R802c)."""
    p = state["players"][seat]
    if not daybreak.on(state) or (p["cylon"] and not p.get("leader")):
        return []
    return [{"card": c} for c in sorted(set(state["players"][seat]["mutiny"]))]


def play(ctx: Ctx, seat: int, card: str) -> None:
    """A Mutiny card played as the action (RULINGS G92): discarded face up, then its text carried out."""
    state = ctx.state
    if {"card": card} not in play_options(state, seat):
        raise IllegalCommand("mutiny_card_not_playable", "bsg:R1020", card=card)
    p = ctx.player(seat)
    p["mutiny"].remove(card)
    state["decks"]["mutiny_discard"].append(card)
    ctx.emit("mutiny_played", seat=seat, card=card)
    apply_effects(ctx, CONTENT.mutiny[card_id(card)].effects, card_id(card), actor=seat)


# --- the Mutineer (R1025-R1028, R426) -------------------------------------------------------------------


def settle(ctx: Ctx) -> None:
    """The receipts of "You Are a Mutineer" still due (R1026, R426): one more Loyalty card when it came face
    down, then the card's text (a Mutiny card), then every title he holds down its line of succession."""
    state = ctx.state
    if not daybreak.on(state):
        return
    due = state["daybreak"]["mutineer_due"]
    while due:
        entry = due.pop(0)
        seat = int(entry["seat"])
        next_key(state)
        if state["players"][seat]["cylon"]:
            continue
        ctx.emit("mutineer_received", seat=seat)
        if entry["extra"]:
            deal_loyalty(ctx, seat, 1)
        mutineer = next(c for c in CONTENT.loyalty.values() if c.side == "mutineer")
        for effect in mutineer.effects:
            if effect.kind == "draw_mutiny":
                draw(ctx, seat)
        for title in TITLES:
            if state.get(title) == seat:
                _pass_title_away(ctx, title, seat)


def _pass_title_away(ctx: Ctx, title: str, seat: int) -> None:
    """R426: the title to the next in its line of succession, the Mutineer left out this once."""
    state = ctx.state
    probe = {**state, "players": [{**p, "cylon": True} if p["seat"] == seat else p for p in state["players"]]}
    new = title_holder(probe, title)
    state[title] = new
    ctx.emit("title_passed", title=title, seat=new, reason="mutineer")


def pass_targets(state: State, seat: int) -> list[int]:
    return humans(state, besides=seat)


def pass_mutineer(ctx: Ctx, seat: int, to: int) -> None:
    """R1028: a Mutineer who turned out to be a Cylon gives the card face up to a human of his choice,
    whatever the distance; the receiver draws a Mutiny card and passes his titles, but draws no Loyalty
    card."""
    state = ctx.state
    day = state["daybreak"]
    if not day["mutineer_pass"] or day["mutineer_pass"][0] != seat:
        raise IllegalCommand("no_mutineer_to_pass", "bsg:R1028")
    if to not in pass_targets(state, seat):
        raise IllegalCommand("bad_recipient", "bsg:R1028", to=to)
    day["mutineer_pass"].pop(0)
    giver = ctx.player(seat)
    card = next(c for c in giver["revealed"] if card_id(c) == daybreak.MUTINEER)
    giver["revealed"].remove(card)
    ctx.player(to)["revealed"].append(card)
    ctx.emit("mutineer_passed", seat=seat, to=to, card=card)
    day["mutineer_due"].append({"seat": to, "extra": False})
    next_key(state)
    settle(ctx)


def drop_impossible(ctx: Ctx) -> None:
    """A Mutineer to pass with no human left keeps it: nothing to decide."""
    day = ctx.state["daybreak"]
    for seat in list(day["mutineer_pass"]):
        if not pass_targets(ctx.state, seat):
            day["mutineer_pass"].remove(seat)


# --- R405 the Sleeper Agent phase -------------------------------------------------------------------------


def after_sleeper(ctx: Ctx) -> None:
    """R405 with Daybreak: a human dealt the Mutineer reveals it and draws one more card (R1026); if the
    Mutineer is still in the Loyalty deck, the active player names a human player who draws one more card."""
    state = ctx.state
    if not daybreak.on(state):
        return
    for i in range(state["n"]):
        daybreak.mutineer_received(ctx, (state["current"] + i) % state["n"], extra=True)
    if any(card_id(c) == daybreak.MUTINEER for c in state["decks"]["loyalty"]) and draw_targets(state):
        state["daybreak"]["mutineer_draw"] = int(state["current"])
        next_key(state)


def mutineer_draw(ctx: Ctx, seat: int, target: int) -> None:
    state = ctx.state
    if state["daybreak"]["mutineer_draw"] != seat:
        raise IllegalCommand("not_now", "bsg:R405")
    if target not in draw_targets(state):
        raise IllegalCommand("bad_target", "bsg:R405", target=target)
    state["daybreak"]["mutineer_draw"] = None
    next_key(state)
    ctx.emit("mutineer_draw_named", seat=seat, target=target)
    deal_loyalty(ctx, target, 1)
    daybreak.mutineer_received(ctx, target, extra=False)  # no further extra card (R405)
    settle(ctx)


# --- R1010 a Miracle token to a player of one's choice ------------------------------------------------------


def give_miracle(ctx: Ctx, seat: int, to: int) -> None:
    state = ctx.state
    if state["daybreak"]["miracle_chooser"] != seat:
        raise IllegalCommand("not_now", "bsg:R1010")
    if to not in daybreak.miracle_recipients(state):
        raise IllegalCommand("miracle_already_held", "bsg:R1010", to=to)
    state["daybreak"]["miracle_chooser"] = None
    next_key(state)
    daybreak.give_miracle(ctx, to)


# --- the decisions --------------------------------------------------------------------------------------


def decision(state: State) -> tuple[int, str] | None:
    """(seat, prompt) of the Daybreak decision due now, if any."""
    if not daybreak.on(state):
        return None
    day = state["daybreak"]
    if day["mutiny_keep"]:
        return int(day["mutiny_keep"][0]), "keep_mutiny_cards"
    if day["mutineer_pass"]:
        return int(day["mutineer_pass"][0]), "pass_mutineer_card"
    if day["mutineer_draw"] is not None:
        return int(day["mutineer_draw"]), "name_mutineer_draw"
    if day["miracle_chooser"] is not None:
        return int(day["miracle_chooser"]), "give_miracle_token"
    if day["raptors_at_jump"] is not None:
        return int(day["raptors_at_jump"]), "keep_assault_raptors"
    if day.get("pilots_at_jump"):
        return int(day["pilots_at_jump"][0]), "assault_raptor_pilot_at_jump"
    return None


def legal(state: State, seat: int, prompt: str) -> list[tuple[str, dict[str, Any]]]:
    p = state["players"][seat]
    if prompt == "keep_mutiny_cards":
        return [("discard_mutiny", {"card": c}) for c in sorted(set(p["mutiny"]))]
    if prompt == "pass_mutineer_card":
        return [("pass_mutineer", {"to": s}) for s in pass_targets(state, seat)]
    if prompt == "name_mutineer_draw":
        return [("mutineer_draw", {"target": s}) for s in draw_targets(state)]
    if prompt == "give_miracle_token":
        return [("give_miracle", {"to": s}) for s in daybreak.miracle_recipients(state)]
    if prompt == "assault_raptor_pilot_at_jump":
        return [("pilot_stays", {"stay": True}), ("pilot_stays", {"stay": False})]
    if prompt == "keep_assault_raptors":
        areas = sorted(state["daybreak"]["assault_raptors"]["space"])
        return [("assault_raptors_stay", {"areas": [a for i, a in enumerate(areas) if mask >> i & 1]})
                for mask in range(1 << len(areas))]
    return []


# --- R623 Assault Raptors at a jump ------------------------------------------------------------------------


def pilot_stays(ctx: Ctx, seat: int, stay: bool) -> None:
    """R623 (RULINGS G106): at a jump the pilot of an Assault Raptor keeps it, and himself, in its space area,
    or flies back: the Assault Raptor to the Reserves, the pilot to the Hangar Deck."""
    state = ctx.state
    pilots = state["daybreak"].get("pilots_at_jump") or []
    if not pilots or pilots[0] != seat:
        raise IllegalCommand("not_now", "bsg:R623")
    pilots.pop(0)
    p = ctx.player(seat)
    if not stay and daybreak.flies_assault_raptor(p):
        daybreak.release_craft(state, p)
        p["location"] = "hangar_deck"
    next_key(state)
    if stay:
        ctx.emit("assault_raptor_stays", seat=seat, area=p["viper"])
    else:
        ctx.emit("assault_raptor_flies_back", seat=seat)


def raptors_stay(ctx: Ctx, seat: int, areas: list[str]) -> None:
    """R623 (RULINGS G102): the active player keeps the unpiloted Assault Raptors of ``areas`` where they are;
    the others go back to the Reserves with the vipers."""
    state = ctx.state
    day = state["daybreak"]
    if day["raptors_at_jump"] != seat:
        raise IllegalCommand("not_now", "bsg:R623")
    ar = day["assault_raptors"]
    if len(set(areas)) != len(areas) or not set(areas) <= set(ar["space"]):
        raise IllegalCommand("bad_argument", "", argument="areas")
    day["raptors_at_jump"] = None
    back = 0
    for area in list(ar["space"]):
        if area not in areas:
            back += ar["space"].pop(area)
    ar["reserves"] += back
    next_key(state)
    ctx.emit("assault_raptors_at_jump", seat=seat, stayed=sum(ar["space"].values()), returned=back)
