"""Exodus's Ionian Nebula objective: meeting allies and seeding trauma on them (bsg:R215, R945, R946, R947),
trauma and executions (R943), the Crossroads trigger (R960), what a seat sees of it all (R944, 6.1; RULINGS
G150-G179). The trauma pool and the Ally deck are ``trauma.py``, the Crossroads phase ``crossroads.py``."""

from __future__ import annotations

from typing import Any

from games.bsg.engine import daybreak
from games.bsg.engine.effects import apply_effects
from games.bsg.engine.ionian_data import ANTAGONISTIC, BENEVOLENT, DISASTER
from games.bsg.engine.state import CONTENT, Ctx, State, left_of, next_key
from games.bsg.engine.trauma import (
    _place_ally,
    _pop,
    _return,
    allies_at,
    chosen,
    data,
    discard,
    draw_ally,
    draw_replacing_disasters,
    on,
    on_board,
    remove_ally,
    replacers,
)
from games.engine.core import IllegalCommand

__all__ = ["chosen", "on"]


def after_movement(ctx: Ctx, seat: int) -> None:
    """R215, R946: at the end of his own Movement phase, a character standing with an ally token must meet it
    (with several, he chooses which), once per turn. A pilot in a viper is in no location (RULINGS G154)."""
    state = ctx.state
    here = allies_at(state, state["players"][seat]["location"])
    if not here or state["ionian"]["met"] == state["turn_no"]:
        return
    if len(here) == 1:
        encounter(ctx, seat, here[0])
    else:
        state["prompt"] = {"kind": "choose_ally", "seat": seat, "allies": here}
        next_key(state)


def choose_ally(ctx: Ctx, seat: int, card: str) -> None:
    state = ctx.state
    prompt = state["prompt"]
    if card not in prompt["allies"]:
        raise IllegalCommand("bad_ally", "bsg:R215", card=card)
    state["prompt"] = None
    next_key(state)
    encounter(ctx, seat, card)


def encounter(ctx: Ctx, seat: int, card: str) -> None:
    """R945: the token on the card is revealed and picks its result (a disaster: neither, and nobody is
    executed); the token is discarded (a disaster back into the pool, RULINGS G155); the ally token leaves the
    board and the card is boxed; a new Ally card is drawn, and its trauma token is due from the player."""
    state = ctx.state
    ion = state["ionian"]
    entry = next(a for a in ion["allies"] if a["card"] == card)
    ion["allies"].remove(entry)
    ion["ally_boxed"].append(card)
    ion["met"] = state["turn_no"]
    token = entry["token"]
    ctx.emit("ally_met", seat=seat, card=card, token=token)
    if token == DISASTER:
        _return(ctx, [DISASTER])
    else:
        discard(state, [token])
    if token in (BENEVOLENT, ANTAGONISTIC):
        apply_effects(ctx, data().allies[card].result(token), card, actor=seat)
    new = draw_ally(ctx)  # R945-2: once the result is resolved
    if new is not None:
        ion["seeds"].append({"card": new, "seat": seat, "location": data().allies[new].location})
        next_key(state)


def choose_replacer(ctx: Ctx, seat: int, target: int) -> None:
    """R947: the active player names which of the tied Cylon players replaces the ally (RULINGS G157)."""
    state = ctx.state
    if target not in state["prompt"]["cylons"]:
        raise IllegalCommand("bad_target", "bsg:R947", target=target)
    state["prompt"] = None
    next_key(state)
    state["ionian"]["seeds"][0]["seat"] = target
    ctx.emit("ally_replacer_chosen", seat=seat, target=target)


def seed_options(state: State, seat: int) -> list[str]:
    """The kinds of his own tokens a player may put on a new Ally card (R945-3)."""
    return sorted(set(state["players"][seat]["trauma"]))


def seed(ctx: Ctx, seat: int, token: str) -> None:
    """R945-3, R947: the player puts one of his own tokens face down on the Ally card drawn."""
    state = ctx.state
    if token not in seed_options(state, seat):
        raise IllegalCommand("bad_trauma_token", "bsg:R945", token=token)
    state["prompt"] = None
    next_key(state)
    _seed_with(ctx, seat, token)


def _seed_with(ctx: Ctx, seat: int | None, token: str | None) -> None:
    ion = ctx.state["ionian"]
    due = ion["seeds"].pop(0)
    if seat is not None and token is not None:
        ctx.player(seat)["trauma"].remove(token)
    _place_ally(ctx, due["card"], token, seat if token is not None else None)
    ctx.emit("ally_seeded", seat=seat, card=due["card"], own=seat is not None and token is not None)


def settle(ctx: Ctx) -> bool:
    """After every command: the trauma tokens due on new Ally cards (R945-3, R947). A player with one kind of
    token puts it at once, with none a pool token goes there unseen; with both kinds he chooses."""
    state = ctx.state
    if not on(state) or state["phase"] != "turn":
        return False
    ion = state["ionian"]
    settled = False
    while ion["seeds"] and state["prompt"] is None and not state.get("executions"):
        due = ion["seeds"][0]
        if due.pop("replace", False):  # R947: who replaces a removed ally
            tied = replacers(state)
            if len(tied) > 1:
                state["prompt"] = {"kind": "choose_replacer", "seat": int(state["current"]), "cylons": tied}
                next_key(state)
                break
            due["seat"] = tied[0] if tied else None
        seat = due["seat"]
        options = seed_options(state, seat) if seat is not None else []
        settled = True
        if not options:
            _seed_with(ctx, None, _pop(state))
        elif len(options) == 1:
            _seed_with(ctx, seat, options[0])
        else:
            state["prompt"] = {"kind": "seed_ally", "seat": seat, "card": due["card"]}
            next_key(state)
    return settled and not ion["seeds"]


def human_executed(ctx: Ctx, seat: int) -> None:
    """R943: a player proven human discards all his trauma tokens with his loyalty cards."""
    p = ctx.player(seat)
    if on(ctx.state) and p.get("trauma"):
        ctx.emit("trauma_discarded", seat=seat, count=len(p["trauma"]))
        discard(ctx.state, p["trauma"])
        p["trauma"] = []


def new_character(ctx: Ctx, seat: int) -> None:
    """R943: after choosing his new character he draws 3 tokens, a disaster replaced; R947: an ally showing
    that character leaves the board."""
    state = ctx.state
    if not on(state):
        return
    draw_replacing_disasters(ctx, seat, data().player_draw)
    character = str(state["players"][seat]["character"])
    for card in on_board(state):  # an ally whose trauma token is still due too (R945-2)
        shown = data().allies[card].character
        if shown is not None and daybreak.version_root(shown) == daybreak.version_root(character):
            remove_ally(ctx, card, "character_chosen")


def view(state: State, seat: int | None) -> dict[str, Any] | None:
    """The public part (the counts, the allies and where they are), a seat's own tokens, the kind of a token it
    seeded on an Ally card (R944 and 6.1)."""
    if "ionian" not in state:
        return None
    ion = state["ionian"]
    out: dict[str, Any] = {
        "done": ion["done"], "pool": len(ion["pool"]), "ally_deck": len(ion["ally_deck"]),
        "places": {k: v is not None for k, v in ion["places"].items()},
        "allies": [{"card": a["card"], "location": a["location"], "token": a["token"] is not None,
                    **({"known": a["token"]} if seat is not None and a["by"] == seat else {})}
                   for a in ion["allies"]],
        "trauma_counts": {str(p["seat"]): len(p.get("trauma", [])) for p in state["players"]},
        "seeds": [{"card": s["card"], "seat": s["seat"]} for s in ion["seeds"]],
        "met": ion["met"],
        "trial": ion.get("trial"),  # the Trial's outcome once the phase is over (public)
    }
    if seat is not None:
        out["mine"] = sorted(state["players"][seat].get("trauma", []))
    return out



# --- R960 the Crossroads trigger (the phase itself: crossroads.py) ---------------------------------------


def crossroads_active(state: State) -> bool:
    return state.get("crossroads") is not None


def crossroads_triggered(state: State) -> bool:
    """R960: with the Ionian Nebula, once the humans have travelled 8 or more, once per game."""
    return on(state) and not crossroads_active(state) and state["distance"] >= CONTENT.board.objectives[0].distance


def begin_crossroads(ctx: Ctx, then: str) -> None:
    """R960: the active player's turn is interrupted at once; the battle is set up in place of the jump's step
    D (``turns.choose_destination`` calls this instead of moving the turn on). ``crossroads.py`` runs it."""
    state = ctx.state
    seat = int(state["current"])
    order = [seat]
    while left_of(state, order[-1]) != seat:
        order.append(left_of(state, order[-1]))
    cylons = [s for s in order if state["players"][s]["cylon"]]
    state["crossroads"] = {"stage": "battle", "then": then, "active": seat, "cards": {}, "committed": {},
                           "revealed": [], "results": {}, "order": order, "at": 0, "cylons": cylons,
                           "shown": {}, "eliminated": [], "tied": []}
    next_key(state)
    ctx.emit("crossroads_began", seat=seat)
