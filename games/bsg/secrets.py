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
- the other seats' Quorum and Super Crisis cards with their decks; the other seats' Agenda cards with the
  Agenda deck of their kind (Pegasus, R805); the order of the Crisis, Super Crisis, Destination, Quorum, Galactica
  and Pegasus damage decks; the civilian ships (face down in space, and their pile); the
  cards another seat's prompt shows it alone, with the pile they came from (the Destinations it chooses from,
  Caprica's two Crisis cards, a revealer's damage tokens, the Quorum cards the President drew).

What a seat has seen stays as it is for it: the Loyalty cards of others it looked at (``known``, RULINGS G35,
G40), the hand the Human Fleet shows it (R311), the deck tops it is putting back (``arrange``: Launch Scout,
Raptor Ace) and the civilian ships it looks at (Communications, RULINGS G38). A skill check's cards are no secret
once Investigative Committee has turned them face up (with their owners, RULINGS G36) and, after the reveal,
only their owners are (the cards are dealt again among the other seats' contributions and the Destiny cards).
A prompt that copies cards from elsewhere (the Human Fleet's hand, a deck's top, the ships looked at) follows
them when they are dealt again.

The engine's other engineers add state as they go: a new secret must be drawn again here too (or by the engine's
own ``rerandomise``, which the presenter prefers once it exists: ``BsgPresenter.rerandomise``).
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from games.bsg.engine.state import CONTENT, State, card_id, skill_of
from games.engine.core import Rng

Slot = tuple[Any, Any]  # a pile and an index, or a dict and a key


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
    prompt: dict[str, Any] = out.get("prompt") or {}
    kind = prompt.get("kind")
    mine = bool(prompt) and seat is not None and prompt.get("seat") == seat
    # the hand the Human Fleet shows the revealed Cylon (R311): known to him while he picks
    shown_hand = prompt["target"] if kind == "take_skill" and mine else None

    # Skill cards, within each type.
    piles = [p["hand"] for p in others if p["seat"] != shown_hand] + list(decks["skill"].values())
    piles.append(decks["destiny"])
    check = out.get("check")
    after_reveal: list[list[Any]] = []
    if check is not None:
        theirs = [cards for who, cards in check["played"].items() if seat is None or int(who) != seat]
        if check.get("open"):  # Investigative Committee: face up with their owners (RULINGS G36)
            pass
        elif check.get("revealed"):  # revealed without owners: only who put in which is still a secret
            after_reveal = [*theirs, check["destiny"]]
        else:
            piles += [check["destiny"], *theirs]
    for group in (piles, after_reveal):
        by_type: dict[str, list[Slot]] = defaultdict(list)
        for pile, i in _slots(group):
            by_type[skill_of(pile[i])].append((pile, i))
        for skill in sorted(by_type):
            _deal_again(by_type[skill], rng)
    # Standing passes on skill checks (RULINGS G43): the others' orders are their secrets, dropped here.
    out["standing"] = {
        k: v for k, v in (out.get("standing") or {}).items() if seat is not None and int(k) == seat
    }
    if check is not None and check.get("passing"):
        check["passing"] = [s for s in check["passing"] if s == seat]
    if kind == "take_skill" and not mine:  # the prompt copies the target's hand
        prompt["cards"] = sorted(out["players"][prompt["target"]]["hand"])

    # Loyalty: the others' face-down cards and the deck, the Sympathizer kept in the deck, and the cards this
    # seat has looked at kept where they are.
    if out["phase"] != "over":
        seen = set(out.get("known", {}).get(str(seat), [])) if seat is not None else set()

        def fixed(card: str) -> bool:
            # the Mutineer (Daybreak) is face down only in the deck: a human dealt it reveals it (R1026)
            side = CONTENT.loyalty[card_id(card)].side
            return side in ("sympathizer", "sympathetic_cylon", "mutineer") or card in seen

        slots = [
            (pile, i)
            for pile, i in _slots([p["loyalty"] for p in others] + [decks["loyalty"]])
            if not fixed(pile[i])
        ]
        _deal_again(slots, rng)
        if not seen & set(decks["loyalty"]):
            rng.shuffle(decks["loyalty"])

    # Agendas (Pegasus, R805): the others' cards with the deck of their kind, until the end.
    if out["phase"] != "over" and "agendas" in decks:
        for agenda_kind, pile in sorted(decks["agendas"].items()):
            holders = [p for p in others if p.get("agenda") and CONTENT.agendas[p["agenda"]].kind == agenda_kind]
            cards = pile + [p["agenda"] for p in holders]
            rng.shuffle(cards)
            for p in holders:
                p["agenda"] = cards.pop()
            pile[:] = cards

    # Motive cards (Daybreak, R804): a Leader's face-down ones with the Motive deck.
    if "motives" in decks:
        _deal_again(_slots([p["motives"] for p in others if "motives" in p] + [decks["motives"]]), rng)

    # The Mission deck's order (Daybreak's Earth objective, R1053): nobody has seen it.
    if "mission" in decks:
        rng.shuffle(decks["mission"])

    # Mutiny cards (Daybreak, R1020): the others' hands with the deck.
    if "mutiny" in decks:
        _deal_again(_slots([p["mutiny"] for p in others] + [decks["mutiny"]]), rng)

    # Quorum and Super Crisis hands with their decks.
    for hand, deck in (("quorum", "quorum"), ("super_crisis", "super_crisis")):
        _deal_again(_slots([p[hand] for p in others] + [decks[deck]]), rng)
    if kind == "quorum_bottom" and not mine:  # the cards just drawn are the last ones of the President's hand
        drawn = len(prompt["cards"])
        prompt["cards"] = out["players"][prompt["seat"]]["quorum"][-drawn:]

    # Cards a prompt shows another seat alone go back among the pile they came from.
    from_pile = {
        "destination": "destination",
        "caprica_crisis": "crisis",
        "choose_damage": str(prompt.get("pile", "galactica_damage")),  # the Pegasus's tokens too (R800)
    }
    secret_prompt = bool(prompt) and not mine and kind in from_pile and isinstance(prompt.get("cards"), list)
    for name in ("destination", "crisis", "galactica_damage", "pegasus_damage"):
        if name not in decks:
            continue
        pile = decks[name]
        # the deck's top this seat is looking at and putting back (Launch Scout, Raptor Ace) stays where it is
        kept = len(prompt["cards"]) if mine and kind == "arrange" and prompt.get("deck") == name else 0
        group = [pile] if not kept else [pile[: len(pile) - kept]]
        if secret_prompt and from_pile[str(kind)] == name:
            group.append(prompt["cards"])
        slots = _slots(group)
        _deal_again(slots, rng)
        for (sub, i), (card_pile, j) in zip(_slots(group[:1]), _slots([pile]), strict=False):
            card_pile[j] = sub[i]
    if kind == "arrange" and not mine:  # the prompt copies the deck's top, top first
        top = decks[prompt["deck"]][-len(prompt["cards"]) :] if prompt["cards"] else []
        prompt["cards"] = list(reversed(top))

    # Civilian ships: face down in space and in their pile; the ones this seat is looking at stay.
    looked = set(_in_order(prompt["areas"])) if kind == "move_civilians" else set()
    space = sorted(out["space"].items())
    slots = _slots([decks["civilians"]]) + [
        (ships["civilian"], i)
        for area, ships in space
        for i in range(len(ships["civilian"]))
        if not (mine and (area, i) in looked)
    ]
    if "new_caprica" in out:  # the New Caprica stacks are face down too (R821 step 5); the boxed Crisis deck
        slots += _slots([out["new_caprica"]["locked_down"], out["new_caprica"]["operational"]])
        rng.shuffle(decks["crisis_boxed"])
    _deal_again(slots, rng)
    if kind == "move_civilians" and not mine:  # the prompt copies the ships looked at
        prompt["cards"] = [out["space"][area]["civilian"][i] for area, i in _in_order(prompt["areas"])]
    if "ionian" in out and out["phase"] != "over":
        _ionian(out, seat, rng)
    return out


#: the Crossroads stages after the Trial's reveal (R970-2): every player's tokens are public
_SHOWN = ("filter", "eliminate", "president", "cleanup")


def _ionian(out: State, seat: int | None, rng: Rng) -> None:
    """Exodus's Ionian Nebula (R944, 6.1): the trauma tokens this seat does not know are dealt again among their
    places (the pool, Sickbay and the Brig, the Ally cards it did not seed, the other players' tokens and the
    tokens they played beside their Crossroads cards); a disaster never goes to a player, who never holds one
    (R941). The Ally deck's order, the Crossroads deck with the other seats' unrevealed Crossroads cards."""
    ion = out["ionian"]
    cr = out.get("crossroads")
    held: list[Slot] = []
    if not (cr is not None and cr["stage"] in _SHOWN):
        held += _slots([p["trauma"] for p in out["players"] if p["seat"] != seat and "trauma" in p])
    if cr is not None:
        held += [(cr["committed"], k) for k in sorted(cr["committed"])
                 if (seat is None or int(k) != seat) and int(k) not in cr["revealed"]]
    anywhere: list[Slot] = _slots([ion["pool"]])
    anywhere += [(ion["places"], k) for k in sorted(ion["places"]) if ion["places"][k] is not None]
    anywhere += [(a, "token") for a in ion["allies"] if a["token"] is not None and (seat is None or a["by"] != seat)]
    tokens = [pile[i] for pile, i in held + anywhere]
    disasters = sum(1 for t in tokens if t == "disaster")
    others = [t for t in tokens if t != "disaster"]
    rng.shuffle(others)
    spots = list(range(len(anywhere)))
    rng.shuffle(spots)
    chosen = set(spots[:disasters])
    for i, (pile, key) in enumerate(anywhere):
        pile[key] = "disaster" if i in chosen else others.pop()
    for pile, key in held:
        pile[key] = others.pop()
    rng.shuffle(ion["ally_deck"])
    if cr is not None:
        hidden = [k for k in sorted(cr["cards"]) if (seat is None or int(k) != seat) and int(k) not in cr["revealed"]]
        cards = [cr["cards"][k] for k in hidden] + ion["crossroads_deck"]
        rng.shuffle(cards)
        for k in hidden:
            cr["cards"][k] = cards.pop()
        ion["crossroads_deck"][:] = cards
    else:
        rng.shuffle(ion["crossroads_deck"])


def _in_order(areas: list[str]) -> list[tuple[str, int]]:
    """(area, index) of each civilian ship named by area, the first ones of an area first (looks.py)."""
    taken: dict[str, int] = {}
    out = []
    for area in areas:
        out.append((area, taken.get(area, 0)))
        taken[area] = taken.get(area, 0) + 1
    return out
