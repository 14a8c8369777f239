"""What a seat may not know, drawn again (``Rules.rerandomise``, checked by the proof harness).

Secret to a seat: the order of every draw pile (its own deck too), the other players' hands (their hand and
deck together hold a publicly known set of cards: only the split and the order are secret), the Starbase Deck
(order and content), and the order of the Space Deck's top ``space.unknown`` cards (the cards put under the
Space Deck since the shuffle are known to everyone, in order).
"""

from __future__ import annotations

from games.engine.core import Rng
from games.tng.engine.state import State, copy_state


def rerandomise(state: State, seat: int | None, rng: Rng) -> State:
    s = copy_state(state)
    for p in s["players"]:
        if p["seat"] == seat:
            rng.shuffle(p["deck"])
            continue
        pool = p["hand"] + p["deck"]
        rng.shuffle(pool)
        count = len(p["hand"])
        p["hand"] = sorted(pool[:count])
        p["deck"] = pool[count:]
    rng.shuffle(s["starbase"]["deck"])
    sp = s["space"]
    unknown = min(sp["unknown"], len(sp["deck"]))
    if unknown:
        top = sp["deck"][len(sp["deck"]) - unknown:]
        rng.shuffle(top)
        sp["deck"][len(sp["deck"]) - unknown:] = top
    return s
