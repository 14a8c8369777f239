"""Exodus's Ionian Nebula (bsg:R930-R948): the trauma pool and the tokens drawn from it (R931, R941, R943, R202),
the Ally deck and the allies on the board (R945-R947, R1071), the Exodus basestar damage tokens (R162). The
encounters and the seeding choices are ``ionian.py``, the Crossroads phase ``crossroads.py``.
alternate basestar damage, R943, R1071; RULINGS G150-G179). The Crossroads phase is ``crossroads.py``.

``state["ionian"]`` (only at a table whose objective is the Ionian Nebula; a table without it is unchanged):

- ``pool``: the trauma pool, face down (``benevolent`` / ``antagonistic`` / ``disaster``; the top is the last);
- ``places``: the face-down token on Sickbay and on the Brig (R202), None once it is gone;
- ``allies``: the Ally cards in play, in the order drawn: ``{"card", "location", "token", "by"}`` (``by``: the
  seat that seeded one of its own tokens on it, which alone knows it; None for a token from the pool, R945-3);
- ``ally_deck`` (the top is the last), ``ally_boxed``;
- ``met``: the turn number of the last ally encounter (R946: one per turn);
- ``seeds``: the Ally cards drawn whose trauma token is still due, in order: ``{"card", "seat"}`` (``seat``: who
  seeds one of his own tokens; None: a pool token, unseen; R945-3, R947);
- ``crossroads_deck``: the Crossroads cards, face down until the phase (R931 step 3);
- ``done``: the Crossroads phase is over (R979): every component of the option is boxed.

Each player of such a table has ``trauma``: his tokens, his secret (R944) until the Trial (R970).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import daybreak
from games.bsg.engine.content import DamageToken
from games.bsg.engine.ionian_data import (
    COLLATERAL,
    DISASTER,
    PERSONNEL,
    IonianNebula,
    ionian_content,
)
from games.bsg.engine.options import IONIAN_NEBULA
from games.bsg.engine.options import objective as objective_of
from games.bsg.engine.state import CONTENT, Ctx, State, next_key

#: R202: the locations that hold a trauma token
PLACES = ("sickbay", "brig")


def queue_execution(state: State, seat: int) -> None:
    """R941 A: the human who drew a disaster is executed once the command is done (as ``effects.queue_execution``,
    which this layer may not import)."""
    state.setdefault("executions", []).append([seat, state["turn_no"]])
    next_key(state)


def data() -> IonianNebula:
    return ionian_content()


def chosen(state: State) -> bool:
    """The table's objective is the Ionian Nebula (R146)."""
    return objective_of(state.get("options", {})) == IONIAN_NEBULA


def on(state: State) -> bool:
    """The option's trauma and allies are in play: set up and not boxed yet by the Trial (R979)."""
    return "ionian" in state and not state["ionian"].get("done")


def setup(ctx: Ctx) -> None:
    """R931 (step 6 of the Exodus setup, once every character is chosen, RULINGS G152): the trauma pool, a token
    on Sickbay and on the Brig, 3 tokens per player (a disaster set aside and replaced, then shuffled back), the
    Crossroads deck, 3 Ally cards (each with a pool token, unseen) and their tokens on the board."""
    state = ctx.state
    d = data()
    pool = [kind for kind, count in d.trauma.items() for _ in range(count)]
    ion: dict[str, Any] = {
        "pool": ctx.rng.shuffled(pool), "places": {}, "allies": [], "ally_boxed": [], "met": 0, "seeds": [],
        "ally_deck": ctx.rng.shuffled(sorted(d.allies)), "crossroads_deck": ctx.rng.shuffled(sorted(d.crossroads)),
        "done": False,
    }
    state["ionian"] = ion
    for place in PLACES:
        ion["places"][place] = _pop(state)
    for p in state["players"]:
        p["trauma"] = []
    for i in range(state["n"]):
        draw_replacing_disasters(ctx, (state["current"] + i) % state["n"], d.player_draw)
    ctx.emit("ionian_setup", pool=len(ion["pool"]))
    for _ in range(d.allies_in_play):
        card = draw_ally(ctx)
        if card is not None:
            _place_ally(ctx, card, _pop(state), None)


def _pop(state: State) -> str | None:
    pool = state["ionian"]["pool"]
    return str(pool.pop()) if pool else None


def _return(ctx: Ctx, tokens: list[str]) -> None:
    """R941 step 3: disaster tokens go back into the pool, which is shuffled."""
    if tokens:
        pool = ctx.state["ionian"]["pool"]
        pool += tokens
        ctx.rng.shuffle(pool)
        ctx.emit("trauma_pool_shuffled", returned=len(tokens))


def discard(state: State, tokens: list[str]) -> None:
    """Trauma tokens discarded (an ally's revealed token, an executed human's, the Trial's): out of play for
    good (``discarded``, face down; a disaster revealed goes back into the pool instead, R941 step 3)."""
    state["ionian"].setdefault("discarded", []).extend(t for t in tokens if t is not None)


def _keep(ctx: Ctx, seat: int, token: str) -> None:
    ctx.player(seat)["trauma"].append(token)
    ctx.emit("trauma_taken", visible_to=frozenset({seat}), redacted={"seat": seat}, seat=seat, token=token)


def draw_replacing_disasters(ctx: Ctx, seat: int, count: int) -> None:
    """R931, R943: ``count`` tokens from the pool, a disaster revealed, set aside and replaced; then the
    disasters go back into the pool, shuffled. Nobody is executed."""
    aside: list[str] = []
    kept = 0
    while kept < count:
        token = _pop(ctx.state)
        if token is None:
            break
        if token == DISASTER:
            ctx.emit("disaster_revealed", seat=seat, executed=False)
            aside.append(token)
            continue
        _keep(ctx, seat, token)
        kept += 1
    _return(ctx, aside)


def acquire(ctx: Ctx, seat: int, token: str | None) -> None:
    """R941: a token taken from a location or drawn from the pool. A benevolent or antagonistic token is kept
    face down; a disaster is revealed: a human player is executed (R450, R457); a Cylon player draws 2 more,
    again at each further disaster, and keeps the others. The disasters go back into the pool, shuffled."""
    if token is None:
        return
    if token != DISASTER:
        _keep(ctx, seat, token)
        return
    p = ctx.player(seat)
    ctx.emit("disaster_revealed", seat=seat, executed=not p["cylon"])
    aside = [token]
    if not p["cylon"]:
        queue_execution(ctx.state, seat)
    else:
        due = 2
        while due:
            due -= 1
            more = _pop(ctx.state)
            if more is None:
                break
            if more == DISASTER:
                ctx.emit("disaster_revealed", seat=seat, executed=False)
                aside.append(more)
                due += 2
            else:
                _keep(ctx, seat, more)
    _return(ctx, aside)


def draw(ctx: Ctx, seat: int, count: int) -> None:
    """``count`` tokens from the pool, each acquired in turn (R941)."""
    for _ in range(count):
        acquire(ctx, seat, _pop(ctx.state))


def draw_effect(ctx: Ctx, players: str, count: int, actor: int | None) -> None:
    """A ``draw_trauma`` effect (a Crossroads card, Personnel Damage): who draws, each in seat order from the
    active player (R968)."""
    state = ctx.state
    if not on(state):
        return
    n = state["n"]
    for i in range(n):
        seat = (state["current"] + i) % n
        p = state["players"][seat]
        if p.get("eliminated"):
            continue
        if players == "all" or (players == "cylons" and p["cylon"]) or (players == "humans" and not p["cylon"]) \
                or (players == "self" and seat == (actor if actor is not None else state["current"])):
            draw(ctx, seat, count)


def turn_started(ctx: Ctx) -> None:
    """R202: a player beginning his turn in Sickbay or the Brig first takes its token (R941), then a pool token
    is put there unseen; only then does he draw his Skill cards (RULINGS G153: at the start of his turn)."""
    state = ctx.state
    if not on(state) or state["phase"] != "turn":
        return
    seat = state["current"]
    place = state["players"][seat]["location"]
    if place not in PLACES:
        return
    token = state["ionian"]["places"].get(place)
    state["ionian"]["places"][place] = None
    if token is not None:
        ctx.emit("trauma_from_location", seat=seat, location=place)
        acquire(ctx, seat, token)
    state["ionian"]["places"][place] = _pop(state)


def _unusable(state: State, card: str) -> bool:
    """R945-2, R1071: an Ally card showing a character in play or executed (with Daybreak, any version of it),
    or whose location is no longer in play."""
    ally = data().allies[card]
    if not daybreak.location_in_play(state, ally.location):
        return True
    if ally.character is None:
        return False
    taken = [p["character"] for p in state["players"] if p["character"] is not None] + list(state.get("gone", []))
    if daybreak.on(state):
        return daybreak.version_root(ally.character) in {daybreak.version_root(c) for c in taken}
    return ally.character in taken


def draw_ally(ctx: Ctx) -> str | None:
    """The top Ally card; one that cannot be used is boxed and the next drawn (R931 step 4, R945-2, R1071).
    None once the deck is empty (R947)."""
    ion = ctx.state["ionian"]
    while ion["ally_deck"]:
        card = str(ion["ally_deck"].pop())
        if _unusable(ctx.state, card):
            ion["ally_boxed"].append(card)
            ctx.emit("ally_boxed", card=card)
            continue
        return card
    return None


def _place_ally(ctx: Ctx, card: str, token: str | None, by: int | None) -> None:
    location = data().allies[card].location
    ctx.state["ionian"]["allies"].append({"card": card, "location": location, "token": token, "by": by})
    ctx.emit("ally_placed", card=card, location=location)


def allies_at(state: State, location: str | None) -> list[str]:
    if not on(state) or location is None:
        return []
    return [a["card"] for a in state["ionian"]["allies"] if a["location"] == location]


def remove_ally(ctx: Ctx, card: str, reason: str) -> None:
    """R947: an ally token leaves the board outside an encounter: its trauma token is discarded (a disaster
    back into the pool), the card is boxed, and a replacement is drawn and seeded (``replacer``). An ally whose
    trauma token is still due (``seeds``) is on the board already (R945-2 before R945-3): it leaves the same way,
    with no token on its card yet."""
    ion = ctx.state["ionian"]
    entry = next((a for a in ion["allies"] if a["card"] == card), None)
    if entry is not None:
        ion["allies"].remove(entry)
        token = entry["token"]
    else:
        ion["seeds"].remove(next(s for s in ion["seeds"] if s["card"] == card))
        token = None
    ion["ally_boxed"].append(card)
    ctx.emit("ally_removed", card=card, reason=reason)
    if token == DISASTER:
        _return(ctx, [DISASTER])
    else:
        discard(ctx.state, [token] if token is not None else [])
    new = draw_ally(ctx)
    if new is not None:
        ion["seeds"].append({"card": new, "seat": None, "location": data().allies[new].location, "replace": True})
        next_key(ctx.state)


def location_damaged(ctx: Ctx, location: str) -> None:
    """R947, RULINGS G156: a damaged (or destroyed) location loses its allies, those whose trauma token is still
    due as well (their token is on the board, R945-2)."""
    for card in on_board(ctx.state, location):
        remove_ally(ctx, card, "damaged")


def on_board(state: State, location: str | None = None) -> list[str]:
    """The Ally cards whose token is on the board (in ``location`` if given): those in play and those whose trauma
    token is still due (R945-2, R947)."""
    if not on(state):
        return []
    ion = state["ionian"]
    return [e["card"] for e in ion["allies"] + ion["seeds"] if location is None or e["location"] == location]


def blocking(state: State) -> bool:
    """A trauma token still due on a new Ally card: the turn waits for it (R945-3)."""
    return on(state) and bool(state["ionian"]["seeds"])


def replacers(state: State) -> list[int]:
    """R947: the Cylon players with the most trauma tokens, one of whom draws and seeds the replacement (the
    active player chooses among several, RULINGS G157); none when no Cylon holds any (a pool token)."""
    n = state["n"]
    cylons = [(state["current"] + i) % n for i in range(n)]
    cylons = [s for s in cylons if state["players"][s]["cylon"] and state["players"][s]["trauma"]
              and not state["players"][s].get("eliminated")]
    if not cylons:
        return []
    most = max(len(state["players"][s]["trauma"]) for s in cylons)
    return [int(s) for s in cylons if len(state["players"][s]["trauma"]) == most]


def basestar_tokens(state: State) -> tuple[DamageToken, ...]:
    """R931 step 1, R162: the Exodus tokens with the Ionian Nebula (the base four and Collateral and Personnel
    Damage, RULINGS G158), the base ones otherwise."""
    base = CONTENT.board.basestar_damage
    return base + data().basestar_damage if "ionian" in state else base


def basestar_token_drawn(ctx: Ctx, area: str, token: str) -> None:
    """R162: Collateral Damage destroys up to 3 raiders in the basestar's area; Personnel Damage makes every
    Cylon player draw 2 trauma tokens (none once the Trial boxed them)."""
    d = data()
    record = next((t for t in d.basestar_damage if t.id == token), None)
    if record is None:
        return
    state = ctx.state
    if record.kind == COLLATERAL:
        lost = min(d.damage_params[token], state["space"][area]["raider"])
        state["space"][area]["raider"] -= lost
        state["supply"]["raider"] += lost
        ctx.emit("raiders_destroyed", area=area, count=lost)
    elif record.kind == PERSONNEL:
        draw_effect(ctx, "cylons", d.damage_params[token], None)
