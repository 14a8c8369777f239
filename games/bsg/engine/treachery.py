"""Daybreak's Treachery cards discarded by choice (bsg:R1022, RULINGS G148): some of them (``mutiny_on_discard``
in skills.json) make the player who discards one of his own choice draw a Mutiny card, at most one a turn this
way however many he discards. A discard is of his choice when he picks the card: to the hand limit (R008), for
a card's "discard N Skill cards" (RULINGS G4), to change ships (R211). Cards discarded at random, played
(into a check, as an action) or lost with an execution are not.

``state["daybreak"]["treachery_mutiny"]``: ``"seat:turn"`` marks of the draws made this way.
"""

from __future__ import annotations

from games.bsg.engine import daybreak
from games.bsg.engine.effects import draw_mutiny
from games.bsg.engine.state import CONTENT, Ctx, card_id, next_key


def discarded_by_choice(ctx: Ctx, seat: int, card: str) -> None:
    """After the seat discarded ``card`` of his own choice: a Mutiny card, the first time this turn (R1022)."""
    state = ctx.state
    if not daybreak.on(state) or not CONTENT.skill_cards[card_id(card)].mutiny_on_discard:
        return
    marks: list[str] = state["daybreak"].setdefault("treachery_mutiny", [])
    turn = f":{state['turn_no']}"
    marks[:] = [m for m in marks if m.endswith(turn)]  # only this turn's marks matter
    mark = f"{seat}{turn}"
    if mark in marks:
        ctx.emit("treachery_mutiny_spent", seat=seat, card=card)
        return
    marks.append(mark)
    next_key(state)
    ctx.emit("treachery_mutiny", seat=seat, card=card)
    draw_mutiny(ctx, seat)
