"""What a BSG seat may not know, drawn again: the proof harness's re-randomiser (tests/proof, docs/adding-a-game.md
section 7) while the engine has no ``Rules.rerandomise`` of its own.

Pure Python (no Django): it reads the engine's state layout (``games/bsg/engine/state.py``) and keeps every public
fact and everything ``seat`` knows (its own hand, loyalty, Quorum and Super Crisis cards, its own skill check
cards, the Destination cards it drew), and draws again:

- skill cards, **within each skill type**: the draw decks, the Destiny deck, the other seats' hands, the other
  seats' face-down check cards and the check's Destiny cards. The type of a card in a hand is public (the backs
  are coloured, and the log says which deck each draw came from), its name and strength are not;
- loyalty cards: the other seats' unrevealed cards and the Loyalty deck (whose make-up is public, bsg:R120); the
  Sympathizer stays in the deck (it is revealed when dealt, R407); kept as they are once the game is over (the
  result names the teams);
- the other seats' Quorum and Super Crisis cards with their decks; the order of the Crisis, Super Crisis,
  Destination, Quorum and Galactica damage decks; the civilian ships (face down in space, and their pile); the
  Destination cards another seat is choosing from, with the Destination deck.

The engine's other engineers add state as they go: a new secret must be drawn again here too (or by the engine's
own ``rerandomise``, which the presenter prefers once it exists: ``BsgPresenter.rerandomise``).
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from games.bsg.engine.state import CONTENT, State, card_id, skill_of
from games.engine.core import Rng

Slot = tuple[list[Any], int]


def _deal_again(slots: list[Slot], rng: Rng) -> None:
    """Shuffle the cards in ``slots`` among those same slots."""
    cards = [pile[i] for pile, i in slots]
    rng.shuffle(cards)
    for (pile, i), card in zip(slots, cards, strict=True):
        pile[i] = card


def _slots(piles: list[list[Any]]) -> list[Slot]:
    return [(pile, i) for pile in piles for i in range(len(pile))]


def rerandomise(state: State, seat: int | None, rng: Rng) -> State:
    out: State = json.loads(json.dumps(state))
    decks = out["decks"]
    others = [p for p in out["players"] if p["seat"] != seat]

    # Skill cards, within each type.
    piles = [p["hand"] for p in others] + list(decks["skill"].values()) + [decks["destiny"]]
    check = out.get("check")
    if check is not None:
        piles.append(check["destiny"])
        piles += [cards for who, cards in check["played"].items() if seat is None or int(who) != seat]
    by_type: dict[str, list[Slot]] = defaultdict(list)
    for pile, i in _slots(piles):
        by_type[skill_of(pile[i])].append((pile, i))
    for skill in sorted(by_type):
        _deal_again(by_type[skill], rng)

    # Loyalty: the others' face-down cards and the deck, the Sympathizer kept in the deck.
    if out["phase"] != "over":

        def sympathizer(card: str) -> bool:
            return CONTENT.loyalty[card_id(card)].side == "sympathizer"

        slots = [
            (pile, i)
            for pile, i in _slots([p["loyalty"] for p in others] + [decks["loyalty"]])
            if not sympathizer(pile[i])
        ]
        _deal_again(slots, rng)
        rng.shuffle(decks["loyalty"])

    # Quorum and Super Crisis hands with their decks; the other decks' order.
    for hand, deck in (("quorum", "quorum"), ("super_crisis", "super_crisis")):
        _deal_again(_slots([p[hand] for p in others] + [decks[deck]]), rng)
    destination_piles = [decks["destination"]]
    prompt = out.get("prompt")
    if prompt is not None and prompt.get("seat") != seat and isinstance(prompt.get("cards"), list):
        destination_piles.append(prompt["cards"])
    _deal_again(_slots(destination_piles), rng)
    for name in ("crisis", "galactica_damage"):
        rng.shuffle(decks[name])

    # Civilian ships: face down in space and in their pile.
    civilians = [decks["civilians"]] + [area["civilian"] for _, area in sorted(out["space"].items())]
    _deal_again(_slots(civilians), rng)
    return out
