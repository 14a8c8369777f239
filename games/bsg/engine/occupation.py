"""The New Caprica board's actions (bsg:R827, R829, R830; RULINGS G114, G120): a location's Human or Cylon
action, attacking the occupation forces (human) and arresting a human (Cylon). Each one is the turn's action:
the turn goes on with the Crisis.

Commands: ``attack_occupation {card?}`` (``card``: a Maximum Firepower to re-roll a miss), ``arrest_human {target}``, ``new_caprica_action {pick?}`` (``pick``: the
skill type of Resistance HQ's draw), ``order_departure {}`` (the Admiral's, after the return: R835).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import conflicted, effects, loyalty, new_caprica, planet
from games.bsg.engine.content import SKILLS
from games.bsg.engine.decks import discard_skill, draw_skill
from games.bsg.engine.dice import below, human_roll, readied_bonus
from games.bsg.engine.effects import send_to
from games.bsg.engine.ending import end_game
from games.bsg.engine.state import CONTENT, Ctx, State, card_id, infiltrator, is_cylon_card
from games.bsg.engine.turns import go_to
from games.engine.core import IllegalCommand

#: R829: the piloting card an attacker may discard to re-roll
FIREPOWER = "maximum_firepower"


def options(state: State, seat: int) -> list[tuple[str, dict[str, Any]]]:
    """(command kind, args) of every New Caprica action the seat may take now. Nobody acts from Detention
    (RULINGS G120); the attack and the arrest need a token in the player's location (R829, R830)."""
    if not planet.active(state):
        return []
    p = state["players"][seat]
    loc = p["location"]
    b = planet.board()
    out: list[tuple[str, dict[str, Any]]] = []
    if planet.returned(state) and state["admiral"] == seat and not p["cylon"] and loc != b.roles["brig"]:
        out.append(("order_departure", {}))  # R835: the new Admiral title card's action
    if loc not in b.locations or loc == b.roles["brig"]:
        return out
    nc = state["new_caprica"]
    guarded = loc in nc["occupation"]
    if p["cylon"]:
        if guarded:
            out += [("arrest_human", {"target": q["seat"]}) for q in state["players"]
                    if not q["cylon"] and q["location"] == loc]
        action = b.locations[loc].cylon_action
    else:
        if guarded:
            out.append(("attack_occupation", {}))
            out += [("attack_occupation", {"card": card}) for card in firepower_cards(p["hand"])]
        action = b.locations[loc].human_action
    if action == "draw_skill_any":
        out += [("new_caprica_action", {"pick": skill}) for skill in SKILLS]
    elif action == "make_operational" and nc["locked_down"] or action == "activate_occupation":
        out.append(("new_caprica_action", {}))
    return out


def _check(state: State, seat: int, kind: str, args: dict[str, Any], rule: str) -> None:
    if (kind, args) not in options(state, seat):
        raise IllegalCommand("new_caprica_action_not_possible", rule, **args)


def firepower_cards(hand: list[str]) -> list[str]:
    """One Maximum Firepower card of each strength in a hand: what an attack may name to re-roll (R829)."""
    found: dict[str, str] = {}
    for card in sorted(hand):
        if card_id(card) == FIREPOWER:
            found.setdefault(card.rsplit(".", 1)[0], card)
    return sorted(found.values())


def attack(ctx: Ctx, seat: int, firepower: str | None = None) -> None:
    """R829 (RULINGS G124): a roll of 5 or more (a readied Strategic Planning adds its 2) removes a token from
    his location. ``firepower``: a Maximum Firepower card of his hand, discarded to roll a miss once more (with
    the same Strategic Planning bonus)."""
    _check(ctx.state, seat, "attack_occupation", {} if firepower is None else {"card": firepower}, "bsg:R829")
    state = ctx.state
    at_least = planet.board().attack_at_least
    bonus = readied_bonus(state)
    roll = human_roll(ctx, below(at_least))
    hit = new_caprica.attack_hits(roll)
    ctx.emit("die_rolled", roll=roll, at_least=at_least, success=hit)
    if not hit and firepower is not None:
        state["players"][seat]["hand"].remove(firepower)
        discard_skill(ctx, firepower)
        ctx.emit("skill_discarded", seat=seat, card=firepower)
        roll = ctx.rng.die(CONTENT.board.die_faces) + bonus
        hit = new_caprica.attack_hits(roll)
        ctx.emit("die_rolled", roll=roll, at_least=at_least, success=hit)
    if hit:
        new_caprica.remove_occupation(ctx, ctx.state["players"][seat]["location"])
    go_to(ctx, "crisis")


def arrest(ctx: Ctx, seat: int, target: int) -> None:
    """R830: a Cylon beside a human and a token rolls: 1-3 Detention, 4-7 the Medical Center, 8 nothing."""
    _check(ctx.state, seat, "arrest_human", {"target": target}, "bsg:R830")
    roll = ctx.rng.die(CONTENT.board.die_faces)
    where = new_caprica.arrest_destination(roll)
    ctx.emit("human_arrested", seat=seat, target=target, roll=roll, location=where)
    if where is not None:
        send_to(ctx, target, where)
    go_to(ctx, "crisis")


def act(ctx: Ctx, seat: int, pick: str | None) -> None:
    """R827 (RULINGS G114): the Human or Cylon action of the New Caprica location he stands in."""
    args = {} if pick is None else {"pick": pick}
    _check(ctx.state, seat, "new_caprica_action", args, "bsg:R827")
    loc = ctx.state["players"][seat]["location"]
    p = ctx.state["players"][seat]
    spot = planet.board().locations[loc]
    action = spot.cylon_action if p["cylon"] else spot.human_action
    ctx.emit("location_activated", seat=seat, location=loc, target=None)
    if action == "draw_skill_any" and pick is not None:
        draw_skill(ctx, seat, pick)
    elif action == "make_operational":
        new_caprica.make_operational(ctx)
    elif action == "activate_occupation":
        new_caprica.activate_occupation(ctx)
    go_to(ctx, "crisis")


def depart(ctx: Ctx, seat: int) -> None:
    """R835 (RULINGS G121): the Admiral orders Galactica away from New Caprica and the game ends. Every civilian
    ship still in the two stacks is destroyed (its loss suffered), every human player still on a New Caprica
    location is executed (1 morale each, R452-A, A23; nobody replaces him: the game is over; one holding a "You
    Are a Cylon" card costs nothing, R451, R453, and an infiltrated Leader goes back to the Resurrection Ship,
    R803h, G61: RULINGS G175); the humans win
    if no resource is at 0 or below, else the Cylons. The Leaders' Agendas are then shown (R805, ``end_game``)."""
    _check(ctx.state, seat, "order_departure", {}, "bsg:R835")
    state = ctx.state
    nc = state["new_caprica"]
    ctx.emit("galactica_departed", seat=seat)
    left = len(nc["locked_down"]) + len(nc["operational"])
    effects.destroy_civilians(ctx, left)
    for p in state["players"]:
        if not p["cylon"] and p["location"] in planet.board().locations:
            ctx.emit("character_executed", seat=p["seat"], character=p["character"])
            if infiltrator(p):  # R803h, RULINGS G61: back to the Resurrection Ship, no longer infiltrated
                loyalty.leave_infiltration(ctx, p["seat"])
            elif not any(is_cylon_card(c) for c in p["loyalty"]):  # R451: a Cylon card follows R453, no loss
                effects.change_resources(ctx, {"morale": -1})
    conflicted.goal_losses(ctx)  # R711 step 2: the hidden Personal Goals, once everyone is lost (RULINGS G128)
    winner = "humans" if all(v > 0 for v in state["resources"].values()) else "cylons"
    end_game(ctx, winner, "new_caprica_departed")
