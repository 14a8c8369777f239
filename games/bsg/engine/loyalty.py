"""Loyalty cards (bsg:R400-R407): the revealed-Cylon procedure (R402 a, c-f: discard to 3, titles by
succession, the Resurrection Ship, a Super Crisis card, the give-away of the other face-down loyalty cards),
the Sleeper Agent phase's give-away by revealed Cylons (R403, R405) and the Sympathizer (R407, RULINGS C13).
The reveal as an Action (R220 G) and the end of the turn it brings are in ``revealed.py``.

``state["give_away"]``: the seats that must now give all their face-down loyalty cards to one human player
of their choice (R402f, R403), first in line first.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.bsg.engine import daybreak
from games.bsg.engine.content import Effect
from games.bsg.engine.decks import discard_skill
from games.bsg.engine.effects import apply_effect, leave_craft
from games.bsg.engine.setup import title_holder
from games.bsg.engine.state import CONTENT, Ctx, State, card_id, infiltrator, next_key
from games.engine.core import IllegalCommand

#: R402a: a revealed Cylon keeps at most this many Skill cards.
REVEAL_HAND = 3
#: R402f (RULINGS A10): the face-down loyalty cards are given away only while the distance is at most this.
GIVE_AWAY_DISTANCE = 6
#: R402d: where a revealed Cylon goes.
RESURRECTION = "resurrection_ship"
TITLES = ("president", "admiral", "cag")  # the CAG only with the Cylon Fleet (R420)


def humans(state: State, besides: int | None = None) -> list[int]:
    """Human players (R002: everyone who is not a revealed Cylon), ``besides`` left out."""
    return [p["seat"] for p in state["players"] if not p["cylon"] and p["seat"] != besides
            and not p.get("eliminated")]  # R978: out of the game


def become_revealed(ctx: Ctx, seat: int, super_crisis: bool, any_distance: bool = False,
                    give_away: bool = True) -> None:
    """The revealed-Cylon procedure (R402 a, c-f): discard down to 3 Skill cards (his own pick), titles by
    succession, the standee to the Resurrection Ship (a pilot's viper back to the Reserves), a random Super
    Crisis card (not for the Sympathizer, C13), and, while the distance is at most 6, all his other
    face-down loyalty cards to one human player of his choice (after an execution at any distance: R451,
    RULINGS G47; ``give_away`` false: he keeps them face down, an execution without Pegasus, G191)."""
    state = ctx.state
    p = ctx.player(seat)
    p["cylon"] = True
    excess = len(p["hand"]) - REVEAL_HAND
    if excess > 0:
        state["forced"][str(seat)] = excess
        next_key(state)
    for title in TITLES:
        if state.get(title) == seat:
            pass_title(ctx, title, "revealed")
    leave_craft(state, seat)  # a pilot's viper (a Mark VII, an Assault Raptor) back to the Reserves
    p["location"] = daybreak.resurrection(state)  # Hub Destroyed in its stead (Daybreak, R313)
    p["stranded"] = False
    ctx.emit("character_moved", seat=seat, location=p["location"])
    leave_the_human_side(ctx, seat)
    daybreak.on_revealed(ctx, seat)  # R402b: the Miracle token and the Mutiny cards; R1028 the Mutineer
    if super_crisis:
        draw_super_crisis(ctx, seat)
    if give_away and p["loyalty"] and (any_distance or state["distance"] <= GIVE_AWAY_DISTANCE) \
            and give_targets(state, seat):
        queue_give_away(ctx, seat)


def leave_the_human_side(ctx: Ctx, seat: int) -> None:
    """RULINGS G42 (and an execution's step 1, R450): the Quorum cards lying on the revealer's character go to their discard pile, his die cards
    readied ahead to theirs, and a reroll he armed lapses."""
    state = ctx.state
    for entry in [e for e in state["attached"] if e["seat"] == seat]:
        state["attached"].remove(entry)
        state["decks"]["quorum_discard"].append(entry["card"])
        ctx.emit("quorum_detached", seat=seat, card=entry["card"])
    for entry in [e for e in state["readied"] if e["seat"] == seat]:
        state["readied"].remove(entry)
        discard_skill(ctx, entry["card"])
        ctx.emit("readied_discarded", seat=seat, card=entry["card"])
    if state["armed"] is not None and state["armed"]["seat"] == seat:
        state["armed"] = None


def leave_infiltration(ctx: Ctx, seat: int) -> None:
    """The Leader stops being a human player and stands in the Resurrection Ship (R803h, an execution: G61)."""
    state = ctx.state
    p = ctx.player(seat)
    if p["viper"] is not None:
        state["reserves"]["viper"] += 1
        p["viper"] = None
    p["cylon"] = True
    p["location"] = daybreak.resurrection(state)  # Hub Destroyed (R313), the Medical Center on New Caprica (R825a)
    ctx.emit("leader_returned", seat=seat)
    daybreak.leader_returned(ctx, seat)  # R803h: his Mutiny cards discarded, his Miracle token kept


def pass_title(ctx: Ctx, title: str, reason: str) -> None:
    """R422: the title to the next in its line of succession; the Admiral's nukes and the President's
    Quorum cards go with the title card (RULINGS G22)."""
    state = ctx.state
    old = state[title]
    new = title_holder(state, title)
    state[title] = new
    if new is not None and old is not None and new != old:
        if title == "admiral":
            ctx.player(new)["nukes"] += ctx.player(old)["nukes"]
            ctx.player(old)["nukes"] = 0
        elif title == "president":
            ctx.player(new)["quorum"] += ctx.player(old)["quorum"]
            ctx.player(old)["quorum"] = []
    ctx.emit("title_passed", title=title, seat=new, reason=reason)


def draw_super_crisis(ctx: Ctx, seat: int) -> str | None:
    """R402e: one Super Crisis card at random, kept secret in his hand; none when the deck is empty
    (RULINGS G2)."""
    pile = ctx.state["decks"]["super_crisis"]
    if not pile:
        return None
    card: str = pile.pop(ctx.rng.below(len(pile)))
    ctx.player(seat)["super_crisis"].append(card)
    ctx.emit(
        "super_crisis_drawn", visible_to=frozenset({seat}), redacted={"seat": seat}, seat=seat, card=card
    )
    return card


# --- R402f, R403: the give-away ------------------------------------------------------------------------


def queue_give_away(ctx: Ctx, seat: int) -> None:
    if seat not in ctx.state["give_away"]:
        ctx.state["give_away"].append(seat)
        next_key(ctx.state)


def give_targets(state: State, seat: int) -> list[int]:
    """A human player; never an infiltrated Cylon Leader, who takes no loyalty card (R802e)."""
    return [s for s in humans(state, besides=seat) if not infiltrator(state["players"][s])]


def give_loyalty(ctx: Ctx, seat: int, to: int) -> None:
    """All the giver's face-down loyalty cards to one human player (R402f, R403). Everyone sees who gave how
    many to whom; only the receiver sees the cards. A Sympathizer among them is revealed by the receiver at
    once, as if dealt to him (R403)."""
    state = ctx.state
    if not state["give_away"] or state["give_away"][0] != seat:
        raise IllegalCommand("no_give_away_due", "bsg:R403")
    if to not in give_targets(state, seat):
        raise IllegalCommand("bad_recipient", "bsg:R403", to=to)
    state["give_away"].pop(0)
    next_key(state)
    cards = list(ctx.player(seat)["loyalty"])
    ctx.player(seat)["loyalty"] = []
    ctx.player(to)["loyalty"] += cards
    ctx.emit("loyalty_given", seat=seat, to=to, count=len(cards))
    ctx.emit(
        "loyalty_received",
        visible_to=frozenset({to}),
        redacted={"seat": to, "count": len(cards)},
        seat=to,
        count=len(cards),
        cards=cards,
    )
    resolve_sympathizers(ctx, [to])
    daybreak.mutineer_received(ctx, to, extra=False)  # R1028, R403: revealed at once, no extra card


# --- R405, R407: the Sleeper Agent phase and the Sympathizer ------------------------------------------------


def after_sleeper_deal(ctx: Ctx) -> None:
    """R405 after every player drew: a revealed Cylon gives all his face-down loyalty cards to one human of
    his choice, a Sympathizer among them unrevealed (R403); a human who drew the Sympathizer reveals and
    resolves it at once (R407)."""
    state = ctx.state
    order = [(state["current"] + i) % state["n"] for i in range(state["n"])]  # RULINGS G9
    for seat in order:
        if (
            state["players"][seat]["cylon"]
            and state["players"][seat]["loyalty"]
            and give_targets(state, seat)
        ):
            queue_give_away(ctx, seat)
    resolve_sympathizers(ctx, [p["seat"] for p in state["players"] if not p["cylon"]])


def resolve_sympathizers(ctx: Ctx, seats: Iterable[int]) -> None:
    for seat in seats:
        p = ctx.player(seat)
        if p["cylon"]:
            continue
        for card in [c for c in p["loyalty"] if CONTENT.loyalty[card_id(c)].side == "sympathetic_cylon"]:
            sympathetic_cylon(ctx, seat, card)
        if p["cylon"]:
            continue
        for card in [c for c in p["loyalty"] if CONTENT.loyalty[card_id(c)].side == "sympathizer"]:
            p["loyalty"].remove(card)
            p["revealed"].append(card)
            ctx.emit("loyalty_revealed", seat=seat, card=card)
            _sympathizer_effects(ctx, seat, CONTENT.loyalty[card_id(card)].effects, card)


def sympathetic_cylon(ctx: Ctx, seat: int, card: str) -> None:
    """R406 (RULINGS G62): the human reveals the card at once and is a revealed Cylon without a Super Crisis
    card, then draws a Sympathetic Agenda card, his alone, which decides his result; he may infiltrate from the
    Human Fleet like a Cylon Leader (leaders.py)."""
    p = ctx.player(seat)
    p["loyalty"].remove(card)
    p["revealed"].append(card)
    p["friendly"] = True
    ctx.emit("loyalty_revealed", seat=seat, card=card)
    become_revealed(ctx, seat, super_crisis=False)
    pile = ctx.state["decks"]["agendas"]["sympathetic"]
    if pile:
        agenda = pile.pop()
        p["agenda"] = agenda
        ctx.emit("agenda_dealt", visible_to=frozenset({seat}), redacted={"seat": seat, "deck": "sympathetic"},
                 seat=seat, deck="sympathetic", card=agenda)


def resources_low(state: State) -> bool:
    """Any resource at its ``half`` value or lower (RULINGS C13)."""
    return any(state["resources"][r] <= half for r, half in CONTENT.board.resource_half.items())


def _sympathizer_effects(ctx: Ctx, seat: int, effects: Iterable[Effect], card: str) -> None:
    for effect in effects:
        if effect.kind == "if_resources_low":
            low = resources_low(ctx.state)
            ctx.emit("sympathizer_resolved", seat=seat, joins_cylons=low)
            _sympathizer_effects(ctx, seat, effect.get("then" if low else "else", ()), card)
        elif effect.kind == "become_cylon":
            become_revealed(ctx, seat, super_crisis=bool(effect.get("super_crisis")))
        else:
            apply_effect(ctx, effect, card, actor=seat)
