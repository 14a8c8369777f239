"""What a seat may not know, drawn again (``Rules.rerandomise``).

Hidden from everyone (owner included): the order of each Advancement deck above the cards put under it
in the open (``deck_known``, R133), the Exploration deck above its known bottom cards (``known``, R68) and the
Exploration cards lying face down on systems (R63), the disc stack above its known bottom discs
(``stack_known``). Other seats' standing answers (RULINGS E50) are dropped: only their owner knows them. With the table option ``projects`` ``private`` other seats' Projects
are drawn again from the decks they came from (RULINGS I38). Bids are open (R3); sealed ones (option ``bids``
``secret``, RULINGS I3) are drawn again, each made up of any mix of its bidder's resources: the totals bid
before a bidder's turn stay for him (he was refused them, the only thing that leaks), dealt again among their
bidders; the others are any totals their bidders could pay. Every other fact is public, so nothing else
changes.
"""

from __future__ import annotations

from games.ascendancy.engine import catalog
from games.ascendancy.engine.state import State, bids_sealed, copy_state
from games.engine.core import Rng


def _shuffle_above(rng: Rng, pile: list[str], known_bottom: int, fixed: frozenset[str] = frozenset()) -> None:
    """Shuffle above the known bottom; ``fixed`` cards (seen by the seat, RULINGS E32) keep their places."""
    known = min(known_bottom, len(pile))
    places = [i for i in range(known, len(pile)) if pile[i] not in fixed]
    moving = [pile[i] for i in places]
    rng.shuffle(moving)
    for i, card in zip(places, moving, strict=True):
        pile[i] = card


def _shuffle_exploration(s: State, seat: int | None, rng: Rng) -> None:
    """The Exploration deck above its known bottom (R68) and the cards lying face down where the discoverers
    died (R63), unseen by all: one pool of unknown cards, dealt back to the same places. A card the seat
    looked at (RULINGS E32) keeps its place, in the deck or on its system."""
    seen = _peeked(s, seat, "exploration")
    deck = s["exploration"]["deck"]
    places = [i for i in range(min(s["exploration"].get("known", 0), len(deck)), len(deck)) if deck[i] not in seen]
    face_down = sorted(sid for sid, sys in s["systems"].items() if sys.get("face_down") and sys["face_down"] not in seen)
    pool = [deck[i] for i in places] + [s["systems"][sid]["face_down"] for sid in face_down]
    rng.shuffle(pool)
    for i, card in zip(places, pool[: len(places)], strict=True):
        deck[i] = card
    for sid, card in zip(face_down, pool[len(places):], strict=True):
        s["systems"][sid]["face_down"] = card


def _peeked(state: State, seat: int | None, deck: str) -> frozenset[str]:
    if seat is None:
        return frozenset()
    return frozenset(state["players"][seat].get("peeked", {}).get(deck, []))


def _redraw_borg_card(s: State, rng: Rng) -> None:
    """R274, B28: the Borg's hidden Turn Order card is any card of the Mysterious set (1..2 x participants) no
    one else holds, after the card now playing (the Borg have not played yet); the order follows it."""
    cards = s["cards"]
    held = {v for k, v in cards.items() if k != "borg"}
    index = s.get("turn_index", -1)
    now = cards.get(str(s["order"][index])) if 0 <= index < len(s["order"]) else 0
    pool = [c for c in range(1, 2 * len(cards) + 1) if c not in held and c > (now or 0)]
    if not pool:
        return
    cards["borg"] = pool[rng.below(len(pool))]
    done, rest = s["order"][: index + 1], list(s["order"][index + 1:])
    s["order"] = done + sorted(rest, key=lambda x: cards[str(x)])


def _redraw_projects(s: State, seat: int | None, rng: Rng) -> None:
    """RULINGS I38: with private Projects another seat's Project may be any card still hidden in the deck it
    came from (swapped with one above the deck's known bottom), or itself."""
    for p in s["players"]:
        if p["seat"] == seat:
            continue
        for pr in p["projects"]:
            civ = catalog.ADVANCEMENTS[pr["card"]]["civ"]
            owner = next((q for q in s["players"] if q["civ"] == civ), None)
            if owner is None:
                continue
            places = list(range(min(owner.get("deck_known", 0), len(owner["deck"])), len(owner["deck"])))
            pick = rng.below(len(places) + 1)
            if pick < len(places):
                i = places[pick]
                owner["deck"][i], pr["card"] = pr["card"], owner["deck"][i]


def _redraw_sealed_bids(s: State, seat: int | None, rng: Rng) -> None:
    """RULINGS I3: the other bidders' sealed bids drawn again, each a random mix of its bidder's resources. A
    bidder whose turn to bid has come knows the totals bid before his (he was refused them): those are shuffled
    among their bidders (where each can pay his new one; else kept). The totals he cannot know (anyone's, for a
    seat not bidding or a spectator) are any their bidders could pay, no two the same above 0 (R4)."""
    ini = s["initiative"]
    bids: dict[str, dict[str, int]] = ini["bids"]
    others = [k for k in bids if seat is None or k != str(seat)]
    means = {k: sum(s["players"][int(k)]["resources"].values()) for k in others}
    totals = {k: sum(bids[k].values()) for k in others}
    bidders: list[int] = ini["bidders"]
    mine = bidders.index(seat) if seat in bidders else None
    known = [str(b) for b in bidders[:mine] if str(b) in bids] if mine is not None and ini["index"] >= mine else []
    dealt = [totals[k] for k in known]
    rng.shuffle(dealt)
    if all(total <= means[k] for k, total in zip(known, dealt, strict=True)):
        totals.update(zip(known, dealt, strict=True))
    own = bids.get(str(seat)) if seat is not None else None
    taken = ({totals[k] for k in known} | ({sum(own.values())} if own else set())) - {0}
    unknown = [k for k in others if k not in known]
    rng.shuffle(unknown)
    for k in unknown:
        free = [t for t in range(means[k] + 1) if t not in taken]
        totals[k] = free[rng.below(len(free))]
        taken |= {totals[k]} - {0}
    for k in others:
        left = dict(s["players"][int(k)]["resources"])
        bid = dict.fromkeys(catalog.RESOURCES, 0)
        for _ in range(totals[k]):
            open_ = [r for r in catalog.RESOURCES if left[r] > 0]
            r = open_[rng.below(len(open_))]
            left[r] -= 1
            bid[r] += 1
        bids[k] = bid


def rerandomise(state: State, seat: int | None, rng: Rng) -> State:
    s = copy_state(state)
    if bids_sealed(s):
        _redraw_sealed_bids(s, seat, rng)
    for p in s["players"]:
        _shuffle_above(rng, p["deck"], p.get("deck_known", 0))
    if s["options"].get("projects") == "private":
        _redraw_projects(s, seat, rng)
    _shuffle_exploration(s, seat, rng)
    _shuffle_above(rng, s["stack"], s.get("stack_known", 0), _peeked(s, seat, "systems"))
    if "agenda_deck" in s:
        rng.shuffle(s["agenda_deck"])
        for p in s["players"]:
            if p["civ"] != "vulcan" or p["seat"] == seat:
                continue
            secret = [c for c in p["agendas"] if c != p["agenda_public"]]
            pool = s["agenda_deck"] + secret
            rng.shuffle(pool)
            redrawn = pool[: len(secret)]
            s["agenda_deck"] = pool[len(secret):]
            public = [p["agenda_public"]] if p["agenda_public"] else []
            p["agendas"] = sorted(public + redrawn) if not public else [*public, *redrawn]
    if "borg" in s:  # I40: the Borg Command and Tech decks are hidden from everyone
        _shuffle_above(rng, s["borg"]["commands"]["deck"], 0, _peeked(s, seat, "borg_commands"))  # B48
        rng.shuffle(s["borg"]["tech"]["deck"])
        hand = s["borg"].get("hand") or []
        owner = (s["borg"]["cursor"] or {}).get("player")
        if hand and seat != owner:  # R258: another seat does not know the Assimilated player's hand
            pool = hand + s["borg"]["commands"]["deck"]
            rng.shuffle(pool)
            s["borg"]["hand"], s["borg"]["commands"]["deck"] = pool[: len(hand)], pool[len(hand):]
        if s["borg"].get("card_hidden"):
            _redraw_borg_card(s, rng)
    if s.get("standing"):  # RULINGS E50: a seat's standing answers are its own; others do not know them
        s["standing"] = {k: v for k, v in s["standing"].items() if seat is not None and k == str(seat)}
    return s
