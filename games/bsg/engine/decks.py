"""Drawing from the decks, with the reshuffles of RULINGS G1 (Destiny) and G2 (empty decks)."""

from __future__ import annotations

from games.bsg.engine.state import CONTENT, Ctx, skill_of, skill_types


def take_skill(ctx: Ctx, skill: str) -> str | None:
    """The top card of a skill deck (the Treachery deck too), taken off it; None when the deck and its discards
    are both empty. An empty deck is rebuilt from its discards, shuffled (RULINGS G2)."""
    decks = ctx.state["decks"]
    pile = decks["skill"][skill]
    if not pile:
        pile.extend(ctx.rng.shuffled(decks["skill_discard"][skill]))
        decks["skill_discard"][skill] = []
        if pile:
            ctx.emit("skill_deck_reshuffled", skill=skill)
    return str(pile.pop()) if pile else None


def draw_skill(ctx: Ctx, seat: int, skill: str) -> str | None:
    """Draw the top card of a skill deck into the seat's hand (R201); None when the deck and its discards are
    both empty (``take_skill``)."""
    card = take_skill(ctx, skill)
    if card is None:
        return None
    ctx.player(seat)["hand"].append(card)
    ctx.emit("skill_drawn", visible_to=frozenset({seat}), redacted={"seat": seat, "skill": skill},
             seat=seat, skill=skill, card=card)
    return card


def discard_skill(ctx: Ctx, card: str) -> None:
    ctx.state["decks"]["skill_discard"][skill_of(card)].append(card)


def build_destiny(ctx: Ctx) -> None:
    """A new Destiny deck: the cards left in it go to their discards, then 2 of each skill deck, shuffled
    (R109, RULINGS G1)."""
    decks = ctx.state["decks"]
    for card in decks["destiny"]:
        discard_skill(ctx, card)
    decks["destiny"] = []
    for skill in skill_types(ctx.state):  # with Pegasus, 2 Treachery cards too (R140, R801)
        for _ in range(CONTENT.board.destiny_per_skill):
            pile = decks["skill"][skill]
            if not pile:
                pile.extend(ctx.rng.shuffled(decks["skill_discard"][skill]))
                decks["skill_discard"][skill] = []
            if pile:
                decks["destiny"].append(pile.pop())
    ctx.rng.shuffle(decks["destiny"])
    ctx.emit("destiny_built", count=len(decks["destiny"]))


def draw_destiny(ctx: Ctx) -> list[str]:
    """The Destiny cards of a skill check (R501 step 2), rebuilding the deck first when it is short (G1)."""
    need = CONTENT.board.destiny_draw
    if len(ctx.state["decks"]["destiny"]) < need:
        build_destiny(ctx)
    return [ctx.state["decks"]["destiny"].pop() for _ in range(need)]


def draw_from(ctx: Ctx, deck: str) -> str:
    """The top card of the crisis, destination or quorum deck, its discards reshuffled in when empty (G2)."""
    decks = ctx.state["decks"]
    if not decks[deck]:
        decks[deck] = ctx.rng.shuffled(decks[f"{deck}_discard"])
        decks[f"{deck}_discard"] = []
        ctx.emit("deck_reshuffled", deck=deck)
    card: str = decks[deck].pop()
    return card
