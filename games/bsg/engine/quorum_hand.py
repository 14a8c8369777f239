"""The President's Quorum hand itself (bsg:R420, R008, RULINGS G30): drawing (President's Office, Roslin's
Skilled Politician, cards that say "draw a Quorum card"), the hand limit, and the hand going with the title.
Playing the cards is quorum.py."""

from __future__ import annotations

from games.bsg.engine.decks import draw_from
from games.bsg.engine.state import CONTENT, Ctx, State, next_key
from games.bsg.engine.traits import sheet_effects
from games.engine.core import IllegalCommand

RULE = "bsg:R420"


# --- drawing ----------------------------------------------------------------------------------------


def draw(ctx: Ctx, seat: int, count: int, then_office: bool = False) -> None:
    """The President draws Quorum cards (secretly). Roslin draws 1 more and then puts 1 of the drawn cards
    at the bottom of the deck (a decision: ``quorum_bottom``). ``then_office``: the President's Office's
    choice follows."""
    extra = sum(int(e.get("count")) for e in sheet_effects(ctx.state, seat, "draw_quorum"))
    drawn = []
    for _ in range(count + extra):
        if not ctx.state["decks"]["quorum"] and not ctx.state["decks"]["quorum_discard"]:
            break  # every card is in a hand, on a character or out of the game
        card = draw_from(ctx, "quorum")
        ctx.player(seat)["quorum"].append(card)
        drawn.append(card)
        ctx.emit("quorum_drawn", visible_to=frozenset({seat}), redacted={"seat": seat}, seat=seat, card=card)
    if extra and drawn:
        ctx.state["prompt"] = {"kind": "quorum_bottom", "seat": seat, "cards": drawn, "office": then_office}
        next_key(ctx.state)
    elif then_office:
        office_choice(ctx, seat)


def office_choice(ctx: Ctx, seat: int) -> None:
    """President's Office, second part: draw 1 more Quorum card or play one (R220 A, RULINGS C15)."""
    ctx.state["prompt"] = {"kind": "quorum_office", "seat": seat}
    next_key(ctx.state)


def bottom(ctx: Ctx, seat: int, card: str) -> None:
    """Skilled Politician: one of the cards just drawn goes to the bottom of the Quorum deck."""
    prompt = ctx.state["prompt"]
    if card not in prompt["cards"] or card not in ctx.player(seat)["quorum"]:
        raise IllegalCommand("bad_quorum_card", RULE, card=card)
    ctx.player(seat)["quorum"].remove(card)
    ctx.state["decks"]["quorum"].insert(0, card)
    ctx.state["prompt"] = None
    next_key(ctx.state)
    ctx.emit("quorum_bottomed", seat=seat)
    if prompt["office"]:
        office_choice(ctx, seat)


def office_draw(ctx: Ctx, seat: int) -> None:
    ctx.state["prompt"] = None
    next_key(ctx.state)
    draw(ctx, seat, 1)


def sync_hand(state: State) -> None:
    """The Quorum hand goes with the President title (RULINGS G30)."""
    president = state["president"]
    if president is None:
        return
    for p in state["players"]:
        if p["seat"] != president and p["quorum"]:
            state["players"][president]["quorum"] += p["quorum"]
            p["quorum"] = []


def over_limit(ctx: Ctx) -> None:
    """R008: at the end of a turn the President holds at most ``hand_limits.quorum`` Quorum cards; he picks
    the ones he discards (RULINGS G4): a decision ``quorum_limit``."""
    state = ctx.state
    president = state["president"]
    if president is None:
        return
    if len(state["players"][president]["quorum"]) > CONTENT.board.hand_limits["quorum"]:
        state["prompt"] = {"kind": "quorum_limit", "seat": president}
        next_key(state)


def discard(ctx: Ctx, seat: int, card: str) -> None:
    state = ctx.state
    hand = state["players"][seat]["quorum"]
    if card not in hand:
        raise IllegalCommand("card_not_in_hand", "bsg:R008")
    hand.remove(card)
    state["decks"]["quorum_discard"].append(card)
    ctx.emit("quorum_discarded", seat=seat, card=card)
    if len(hand) <= CONTENT.board.hand_limits["quorum"]:
        state["prompt"] = None
    next_key(state)
