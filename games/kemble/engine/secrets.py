"""What a seat may not know in Kemble's Cascade, drawn again: ``KembleRules.rerandomise`` (kemble:R13
secret bids, R37 secret power-ups, 7 hidden information).

For ``seat`` (None: a spectator) these are secret, and are re-dealt from pools that keep every size:

- sensor cards: the draw pile, the hands of the other seats and their chosen (not yet revealed) bids,
  and the sensor cards lying face down as covers on the board (a cover emptied while the piles were
  empty, ``""``, stays so: the covers pile's size is public);
- power-ups of the seats outside this seat's Wingmen team, and the power-up draw pile;
- the order of the mission and achievement draw piles;
- the space draw pile: each card is replaced by one of the same level deck (or a boss warning by a
  boss warning) taken from the cards not visible anywhere, so the pile's level structure is kept.

Everything else (the board, discards, the box, missions, scores, whose turn it is, who has bid) is
public and kept. The state is never mutated.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.engine.core import Rng
from games.kemble.engine.content import CONTENT
from games.kemble.engine.state import State, copy_state, team_of


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _space_class(card: str) -> str | None:
    if card in CONTENT.warnings:
        return "warning"
    found = CONTENT.cards.get(card)
    return found.deck if found is not None else None


def rerandomise(state: State, seat: int | None, rng: Rng) -> State:
    s = copy_state(state)
    players = s["players"]
    decks = s["decks"]
    others = [p for p in players if p["seat"] != seat]

    # Sensor cards: pile + other hands (a chosen bid is one of its hand's cards) + covers.
    pool: list[str] = list(decks["sensor"])
    for p in others:
        pool += p["hand"]
    covers = [(slot, half) for row in s["board"] for slot in row for half in (0, 1) if slot["cover"][half]]
    pool += [slot["cover"][half] for slot, half in covers]
    rng.shuffle(pool)
    for p in others:
        had_bid = p["bid"] is not None
        p["hand"] = [pool.pop() for _ in p["hand"]]
        p["bid"] = p["hand"][rng.below(len(p["hand"]))] if had_bid and p["hand"] else None
    for slot, half in covers:
        slot["cover"][half] = pool.pop()
    decks["sensor"] = pool

    # Power-ups: seen by the seat's own team only.
    team = set(team_of(s, seat)) if seat is not None else set()
    strangers = [p for p in players if p["seat"] not in team]
    pool = list(decks["powerup"])
    for p in strangers:
        pool += p["powerups"]
    rng.shuffle(pool)
    for p in strangers:
        p["powerups"] = [pool.pop() for _ in p["powerups"]]
    decks["powerup"] = pool

    decks["mission"] = rng.shuffled(decks["mission"])
    decks["achievement"] = rng.shuffled(decks["achievement"])

    # The space pile: same level at every depth, any card of that level not seen anywhere.
    pile = decks["space"]
    seen = set(_strings(s))  # the pile's own cards too: they are excluded from `unseen` below anyway
    by_class: dict[str, list[str]] = {}
    for card in pile:
        cls = _space_class(card)
        if cls is not None:
            by_class.setdefault(cls, []).append(card)
    for cls, cards in by_class.items():
        every = sorted(CONTENT.warnings) if cls == "warning" else CONTENT.deck(cls)
        unseen = [c for c in every if c not in seen and c not in cards]
        by_class[cls] = rng.shuffled(cards + unseen)[: len(cards)]
    decks["space"] = [by_class[cls].pop() if (cls := _space_class(card)) is not None else card for card in pile]
    return s
