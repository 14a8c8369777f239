"""Secret looks (bsg:R401, 6.1): at another player's Loyalty cards (Cylon Detector, Release Cylon Mugshots)
and at the top of a deck (Launch Scout, Raptor Ace), with the decision that puts the looked-at cards back.

What a seat has seen of others' Loyalty cards is kept in ``state["known"]`` (its view shows it). A look at a
deck leaves the cards where they are and opens ``state["prompt"]`` ``{"kind": "arrange", "seat", "deck",
"cards": [top first], "reorder", "bottom"}``; only its seat sees the cards (view.py hides a prompt's cards).
"""

from __future__ import annotations

from itertools import permutations

from games.bsg.engine.state import CONTENT, Ctx, State, card_id, next_key
from games.engine.core import IllegalCommand


def look_targets(state: State, seat: int) -> list[int]:
    """The players whose Loyalty cards ``seat`` may choose to look at: any other holding face-down cards."""
    return [s for s in range(state["n"]) if s != seat and state["players"][s]["loyalty"]
            and not state["players"][s].get("eliminated")]  # R978: out of the game


def choose_look(ctx: Ctx, seat: int, target: int) -> None:
    """A card's "look at a Loyalty card of a player of your choice" (RULINGS G40)."""
    if target not in look_targets(ctx.state, seat):
        raise IllegalCommand("bad_target", "bsg:R401", target=target)
    count = ctx.state["prompt"]["count"]
    ctx.state["prompt"] = None
    next_key(ctx.state)
    look_loyalty(ctx, seat, target, count)


def look_loyalty(ctx: Ctx, seat: int, target: int, count: int | str) -> None:
    """``seat`` secretly looks at ``count`` of ``target``'s face-down Loyalty cards, at random, or ``all``."""
    cards = list(ctx.state["players"][target]["loyalty"])
    if count != "all":
        picked = []
        for _ in range(min(int(count), len(cards))):
            picked.append(cards.pop(ctx.rng.below(len(cards))))
        cards = picked
    known = ctx.state["known"].setdefault(str(seat), [])
    known += [c for c in cards if c not in known]
    ctx.emit(
        "loyalty_looked_at",
        visible_to=frozenset({seat}),
        redacted={"seat": seat, "target": target, "count": len(cards)},
        seat=seat,
        target=target,
        count=len(cards),
        cards=cards,
    )
    for card in cards:  # R410: a Final Five card seen by another player is shown to everyone (conflicted.py)
        if seat != target and CONTENT.loyalty[card_id(card)].kind == "final_five":
            ctx.state.setdefault("public_loyalty", []).append(card)
            ctx.state.setdefault("final_five_due", []).append({"card": card, "owner": target, "looker": seat})
            ctx.emit("final_five_revealed", seat=target, by=seat, card=card)


def peek(ctx: Ctx, seat: int, deck: str, count: int, reorder: bool, bottom: bool) -> None:
    """Look at the top ``count`` cards of the crisis or destination deck (its discards shuffled in below it
    first when it is short, RULINGS G2); the seat then puts them back."""
    decks = ctx.state["decks"]
    if len(decks[deck]) < count and decks[f"{deck}_discard"]:
        decks[deck][:0] = ctx.rng.shuffled(decks[f"{deck}_discard"])
        decks[f"{deck}_discard"] = []
        ctx.emit("deck_reshuffled", deck=deck)
    cards = list(reversed(decks[deck][-count:]))
    if not cards:
        return
    ctx.emit(
        "deck_looked_at",
        visible_to=frozenset({seat}),
        redacted={"seat": seat, "deck": deck, "count": len(cards)},
        seat=seat,
        deck=deck,
        count=len(cards),
        cards=cards,
    )
    ctx.state["prompt"] = {
        "kind": "arrange",
        "seat": seat,
        "deck": deck,
        "cards": cards,
        "reorder": reorder,
        "bottom": bottom,
    }
    next_key(ctx.state)


def arrangements(state: State) -> list[list[str]]:
    """Every ``order`` the seat may send: the cards that stay on top, top first; a card left out goes to the
    bottom (only where the look allows it)."""
    prompt = state["prompt"]
    cards = prompt["cards"]
    if prompt["reorder"]:
        return [list(p) for p in permutations(cards)]
    out = [list(cards)]
    if prompt["bottom"]:
        out.append([])
    return out


def arrange(ctx: Ctx, seat: int, order: list[str]) -> None:
    state = ctx.state
    if order not in arrangements(state):
        raise IllegalCommand("bad_arrangement", "bsg:R221")
    prompt = state["prompt"]
    pile = state["decks"][prompt["deck"]]
    looked = prompt["cards"]
    del pile[len(pile) - len(looked) :]
    pile[:0] = [c for c in looked if c not in order]
    pile += list(reversed(order))
    state["prompt"] = None
    next_key(state)
    ctx.emit("deck_arranged", seat=seat, deck=prompt["deck"], bottom=len(looked) - len(order))


# --- Communications: the backs of civilian ships (RULINGS C15, G38) ---------------------------------------


def civilian_picks(state: State, count: int) -> list[dict[str, str]]:
    """``activate_location`` arguments of Communications: up to ``count`` (2) civilian ships in space, named
    by their areas (``area`` and, for a second one, ``pick``); the ships of one area look alike, so the first
    ones of the area are taken."""
    ring = sorted(CONTENT.board.space_areas, key=lambda a: a.number)
    ships = [a.id for a in ring for _ in state["space"][a.id]["civilian"]]
    if not ships:
        return []
    if count < 2 or len(ships) == 1:
        return [{"area": a} for a in dict.fromkeys(ships)]
    out = []
    for i, first in enumerate(ring):
        for second in ring[i:]:
            need = 2 if first.id == second.id else 1
            if len(state["space"][first.id]["civilian"]) >= need and state["space"][second.id]["civilian"]:
                out.append({"area": first.id, "pick": second.id})
    return out


def look_civilians(ctx: Ctx, seat: int, areas: list[str]) -> None:
    """Secretly look at the backs of the named civilian ships; then each may move one area (a decision)."""
    state = ctx.state
    taken: dict[str, int] = {}
    cards = []
    for area in areas:
        index = taken.get(area, 0)
        cards.append(state["space"][area]["civilian"][index])
        taken[area] = index + 1
    ctx.emit(
        "civilians_looked_at",
        visible_to=frozenset({seat}),
        redacted={"seat": seat, "areas": areas},
        seat=seat,
        areas=areas,
        cards=cards,
    )
    state["prompt"] = {"kind": "move_civilians", "seat": seat, "areas": list(areas), "cards": cards}
    next_key(state)


def civilian_moves(state: State) -> list[list[str]]:
    """Every ``to`` the seat may send: for each looked-at ship, its area (it stays) or an adjacent one."""
    out: list[list[str]] = [[]]
    for area in state["prompt"]["areas"]:
        out = [[*done, to] for done in out for to in (area, *CONTENT.board.adjacent(area))]
    return out


def move_civilians(ctx: Ctx, seat: int, to: list[str]) -> None:
    state = ctx.state
    if to not in civilian_moves(state):
        raise IllegalCommand("bad_civilian_move", "bsg:R220")
    prompt = state["prompt"]
    for area, civ, dest in zip(prompt["areas"], prompt["cards"], to, strict=True):
        if dest != area:
            state["space"][area]["civilian"].remove(civ)
            state["space"][dest]["civilian"].append(civ)
            ctx.emit("civilian_moved", area=area, to=dest)
    state["prompt"] = None
    next_key(state)
