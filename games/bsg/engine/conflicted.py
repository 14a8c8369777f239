"""Exodus Conflicted Loyalties (bsg:R127, R410, R411, R711): the Final Five and Personal Goal cards, two kinds of
"You Are Not a Cylon" card a table may add to the Not-a-Cylon pile (``options.loyalty_kinds``).

- A Final Five card another player looks at is shown to everyone at once (``looks.look_loyalty`` queues it in
  ``state["final_five_due"]`` and names it in ``state["public_loyalty"]``); after the command its effects strike
  the player who looked, unless he is a Cylon, and the owner shuffles it back among his cards (R410).
- A Personal Goal is revealed as an action while its condition holds: its effects, then, while the fleet has
  travelled 6 or less, a card of the Not-a-Cylon pile goes into the Loyalty deck, which is shuffled, and the
  player draws 1 (R411). One still face down in a human's hand when the humans would win costs its loss first,
  which may turn the win into a loss (R711 step 2).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine.effects import apply_effect, change_resources, discard_skills
from games.bsg.engine.setup import deal_loyalty
from games.bsg.engine.state import CONTENT, Ctx, State, card_id, is_cylon, next_key
from games.bsg.engine.traits import abilities_blocked
from games.engine.core import IllegalCommand

#: R411: the Not-a-Cylon pile feeds the Loyalty deck only while the distance is at most this
GOAL_DRAW_DISTANCE = 6


def resolve_final_five(ctx: Ctx) -> None:
    """R410: each Final Five card seen by another player: its effects on the looker (a Cylon is not affected),
    then the owner shuffles it back among his face-down cards."""
    state = ctx.state
    while state.get("final_five_due") and state["phase"] == "turn":
        due = state["final_five_due"].pop(0)
        card, looker, owner = due["card"], int(due["looker"]), int(due["owner"])
        _strike(ctx, card, owner, looker)
        cards = state["players"][owner]["loyalty"]
        ctx.rng.shuffle(cards)
        next_key(state)


def _strike(ctx: Ctx, card: str, owner: int, looker: int) -> None:
    """A Final Five card's effects on the player it strikes; a Cylon is not affected (R410)."""
    if is_cylon(ctx.state, looker):
        ctx.emit("final_five_no_effect", seat=looker, card=card)
        return
    for effect in CONTENT.loyalty[card_id(card)].effects:
        if effect.kind == "discard_skills":
            discard_skills(ctx, [looker], int(effect.get("count")), bool(effect.get("random")))
        else:
            apply_effect(ctx, effect, card_id(card), actor=owner, target=looker)


def executed_final_five(ctx: Ctx, seat: int, shown: list[str]) -> None:
    """R410: a Final Five card an executed human shows is resolved, then leaves the game with the other cards
    he shows (R452 C). Its effects strike the active player (RULINGS G193): nobody when that is the executed
    player himself, and a Cylon is not affected."""
    current = int(ctx.state["current"])
    for card in shown:
        if CONTENT.loyalty[card_id(card)].kind != "final_five":
            continue
        ctx.emit("final_five_at_execution", seat=seat, card=card, target=current)
        if current == seat:
            ctx.emit("final_five_no_effect", seat=seat, card=card)
        else:
            _strike(ctx, card, seat, current)


def _met(state: State, card: str) -> bool:
    cond = CONTENT.loyalty[card_id(card)].condition
    value = state["resources"][cond["resource"]]
    return bool(value <= cond["at_most"]) if "at_most" in cond else bool(value >= cond["at_least"])


def goal_options(state: State, seat: int) -> list[dict[str, Any]]:
    """``reveal_goal`` arguments: a face-down Personal Goal whose condition holds, for a human not in the Brig
    (R411, RULINGS G84)."""
    p = state["players"][seat]
    if p["cylon"] or abilities_blocked(state, seat):
        return []
    return [{"card": c} for c in sorted(p["loyalty"])
            if CONTENT.loyalty[card_id(c)].kind == "personal_goal" and _met(state, c)]


def reveal_goal(ctx: Ctx, seat: int, card: str) -> None:
    """R411: the Personal Goal face up, its effects, then (distance 6 or less) a Not-a-Cylon card into the
    Loyalty deck, shuffled, and 1 card drawn."""
    state = ctx.state
    if {"card": card} not in goal_options(state, seat):
        raise IllegalCommand("goal_not_revealable", "bsg:R411", card=card)
    p = ctx.player(seat)
    p["loyalty"].remove(card)
    p["revealed"].append(card)
    ctx.emit("goal_revealed", seat=seat, card=card)
    for effect in CONTENT.loyalty[card_id(card)].effects:
        apply_effect(ctx, effect, card_id(card), actor=seat)
    if state["distance"] > GOAL_DRAW_DISTANCE:
        return
    box = state["decks"]["loyalty_box"]
    humans = [c for c in box if CONTENT.loyalty[card_id(c)].side == "human"]
    if humans:  # the Not-a-Cylon pile is face down and shuffled: its top card is any of them
        added = humans[ctx.rng.below(len(humans))]
        box.remove(added)
        state["decks"]["loyalty"].append(added)
    ctx.rng.shuffle(state["decks"]["loyalty"])
    ctx.emit("loyalty_deck_grew", size=len(state["decks"]["loyalty"]))
    deal_loyalty(ctx, seat, 1)


def goal_losses(ctx: Ctx) -> None:
    """R411, R711 step 2: every Personal Goal still face down in a human's hand costs its loss."""
    for p in ctx.state["players"]:
        if p["cylon"]:
            continue
        for card in p["loyalty"]:
            loyalty = CONTENT.loyalty[card_id(card)]
            if loyalty.kind == "personal_goal":
                ctx.emit("goal_cost", seat=p["seat"], card=card, loss=dict(loyalty.end_loss))
                change_resources(ctx, {k: -v for k, v in loyalty.end_loss.items()})
