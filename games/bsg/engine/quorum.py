"""The President's Quorum hand (bsg:R420, R220 E, RULINGS G30-G33): drawing (President's Office, Roslin's
Skilled Politician), playing a card as the President's action, and the cards given to a character.

A Quorum card's chosen character comes with the command that plays it (``target``): who may be named
follows from the card's effects (``*_chooses``: any human character; ``brig_occupant_chosen``: one in the
Brig; ``look_loyalty``: another player holding face-down cards; an attached card: any character, another
one for the Vice President). ``state["attached"]``: ``[{"card", "seat"}]``, the cards lying on a character;
``decks["quorum_removed"]``: the cards that left the game.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from games.bsg.engine import acted, planet
from games.bsg.engine.content import SKILLS
from games.bsg.engine.decks import draw_skill
from games.bsg.engine.dice import below, human_roll
from games.bsg.engine.effects import apply_effect, queue_execution, send_to
from games.bsg.engine.looks import look_loyalty
from games.bsg.engine.state import CONTENT, Ctx, State, infiltrator, next_key
from games.engine.core import IllegalCommand

RULE = "bsg:R420"
ATTACH_KINDS = ("succession_first", "check_difficulty", "destination_chooser")


#: R825e: the New Caprica President title card: on this roll or less he is sent to Detention
PRESIDENT_DETAINED_AT_MOST = 3


# --- playing ------------------------------------------------------------------------------------------


def _humans(state: State) -> list[int]:
    """Human players; an infiltrated Leader among them, but never for a title or Assign Vice President
    (R803e, R803f: ``targets``)."""
    return [p["seat"] for p in state["players"] if not p["cylon"] and not p.get("eliminated")]  # R978


def _barred(state: State, seat: int, title: str) -> bool:
    character = state["players"][seat]["character"]
    return any(
        e.kind == "title_barred" and e.get("title") == title
        for a in CONTENT.characters[character].abilities
        for e in a.effects
    )


def targets(state: State, seat: int, card: str) -> list[int] | None:
    """The characters the card may be aimed at; None when it names nobody."""
    effects = CONTENT.quorum[card].effects
    for e in effects:
        who = str(e.get("who", e.get("target", "")))
        if e.kind == "give_title" and who.endswith("_chooses"):
            title = e.get("title")
            return [
                s
                for s in _humans(state)
                if s != state[title]
                and state["players"][s]["location"] != "brig"
                and not _barred(state, s, title)
                and not infiltrator(state["players"][s])
            ]
        if who == "brig_occupant_chosen":
            return [s for s in _humans(state) if state["players"][s]["location"] == planet.brig_for(state, seat)]
        if e.kind == "look_loyalty":
            return [s for s in range(state["n"]) if s != seat and state["players"][s]["loyalty"]
                    and not state["players"][s].get("eliminated")]  # R978: out of the game
        if who.endswith("_chooses"):
            return _humans(state)
        if e.kind == "succession_first":
            return [s for s in _humans(state) if s != seat and not infiltrator(state["players"][s])]
    if CONTENT.quorum[card].attach:
        return _humans(state)
    return None


def _needs_picks(card: str) -> int:
    return sum(
        int(e.get("count"))
        for e in CONTENT.quorum[card].effects
        if e.kind == "draw_skills" and e.get("types") == "any"
    )


def play_options(state: State, seat: int) -> list[dict[str, Any]]:
    """The arguments of every ``play_quorum`` the seat may send now: the President (R220 E), also from the
    Brig, where he keeps the title and all its abilities (R423)."""
    if state["president"] != seat or state["players"][seat]["cylon"]:
        return []
    out: list[dict[str, Any]] = []
    for card in sorted(set(state["players"][seat]["quorum"])):
        named = targets(state, seat, card)
        if named is not None and not named:
            continue
        picks = [list(c) for c in combinations_with_replacement(SKILLS, _needs_picks(card))]
        for target in named if named is not None else [None]:
            for pick in picks:
                args: dict[str, Any] = {"card": card}
                if target is not None:
                    args["target"] = target
                if pick:
                    args["picks"] = pick
                out.append(args)
    return out


def play(ctx: Ctx, seat: int, card: str, target: int | None, picks: list[str] | None) -> None:
    """Play a Quorum card from the President's hand: its effects, then the card to the discards, out of the
    game (``remove_card``) or onto the named character (an attached card)."""
    state = ctx.state
    if state["president"] != seat:
        raise IllegalCommand("only_the_president", RULE)
    if card not in state["players"][seat]["quorum"]:
        raise IllegalCommand("card_not_in_hand", RULE)
    args: dict[str, Any] = {"card": card}
    if target is not None:
        args["target"] = target
    if picks:
        args["picks"] = picks
    if args not in play_options(state, seat):
        raise IllegalCommand("bad_quorum_target", RULE, card=card)
    state["players"][seat]["quorum"].remove(card)
    ctx.emit("quorum_played", seat=seat, card=card, target=target)
    fate = {"removed": False}
    on_planet = planet.active(state) and planet.on_planet(state, seat)
    _resolve(ctx, CONTENT.quorum[card].effects, card, seat, target, list(picks or []), fate)
    if CONTENT.quorum[card].attach and target is not None:
        state["attached"].append({"card": card, "seat": target})
        ctx.emit("quorum_attached", card=card, seat=target)
    elif fate["removed"]:
        state["decks"]["quorum_removed"].append(card)
    else:
        state["decks"]["quorum_discard"].append(card)
    if on_planet:  # R825e: the New Caprica President title card's roll, once the card is resolved (RULINGS G177)
        roll = ctx.rng.die(CONTENT.board.die_faces)
        detention = planet.board().roles["brig"]
        ctx.emit("president_quorum_roll", seat=seat, roll=roll)
        if roll <= PRESIDENT_DETAINED_AT_MOST and state["players"][seat]["location"] != detention:
            send_to(ctx, seat, detention)


def _resolve(
    ctx: Ctx, effects: Any, card: str, seat: int, target: int | None, picks: list[str], fate: dict[str, bool]
) -> None:
    state = ctx.state
    for effect in effects:
        kind = effect.kind
        who = str(effect.get("who", ""))
        if kind == "roll":
            at_least = int(effect.get("at_least"))
            roll = human_roll(ctx, below(at_least))
            ok = roll >= at_least
            ctx.emit("die_rolled", roll=roll, at_least=effect.get("at_least"), success=ok)
            _resolve(ctx, effect.get("success" if ok else "failure", ()), card, seat, target, picks, fate)
        elif kind == "remove_card":
            fate["removed"] = True
        elif kind == "send_to" and who.endswith("_chooses") and target is not None:
            where = effect.get("location")
            send_to(ctx, target, planet.brig_for(state, seat) if where == "brig" else where)  # R825e
        elif kind == "give_title" and who.endswith("_chooses") and target is not None \
                and not infiltrator(state["players"][target]):  # R803e
            state[effect.get("title")] = target
            ctx.emit("title_given", title=effect.get("title"), seat=target)
        elif kind == "move_character" and who == "brig_occupant_chosen" and target is not None:
            state["prompt"] = {"kind": "move_anywhere", "seat": target}
            next_key(state)
        elif kind == "look_loyalty" and target is not None:
            look_loyalty(ctx, seat, target, effect.get("count"))
        elif kind == "execute" and target is not None:  # Sentence of Death (R450, RULINGS G46)
            queue_execution(state, target)
        elif kind == "destroy_cylon_ships" and planet.before_return(state):  # R834, RULINGS G117
            ctx.emit("new_caprica_ignored", card=card, effect=kind)
        elif kind == "destroy_cylon_ships":
            destroy_ships(ctx, effect.get("ship"), int(effect.get("count")))
        elif kind == "draw_skills" and effect.get("types") == "any":
            for _ in range(int(effect.get("count"))):
                draw_skill(ctx, seat, picks.pop(0))
        elif kind in ATTACH_KINDS:
            continue  # in force while the card lies on its holder (state["attached"])
        else:
            apply_effect(ctx, effect, card, actor=seat, target=target)


def destroy_ships(ctx: Ctx, ship: str, count: int) -> None:
    """Destroy up to ``count`` Cylon ships of a kind anywhere (RULINGS G31: the areas by number)."""
    state = ctx.state
    for area in sorted(CONTENT.board.space_areas, key=lambda a: a.number):
        where = state["space"][area.id]
        gone = min(count, where[ship])
        if gone:
            where[ship] -= gone
            state["supply"][ship] += gone
            acted.settle(state, area.id)
            count -= gone
            ctx.emit("raiders_destroyed", area=area.id, count=gone)


# --- cards on a character -------------------------------------------------------------------------------


def holder(state: State, kind: str) -> tuple[int, str] | None:
    """(seat, card) of the attached card whose effect is of ``kind``, if one lies on a character."""
    for entry in state.get("attached", []):
        if any(e.kind == kind for e in CONTENT.quorum[entry["card"]].effects):
            return int(entry["seat"]), str(entry["card"])
    return None


def discard_attached(ctx: Ctx, card: str) -> None:
    ctx.state["attached"] = [e for e in ctx.state["attached"] if e["card"] != card]
    ctx.state["decks"]["quorum_discard"].append(card)
