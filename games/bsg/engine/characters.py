"""Character sheets in play (bsg:R220 C, R260, RULINGS C3, G3, G35): the once-per-game actions, read from
characters.json by their effect kinds, and the sheet texts that trigger on an event of the turn (Roslin's
Terminal Illness). The bonuses and limits a sheet keeps in force are in traits.py.

``use_ability {target?}``: the seat's once-per-game ability whose ``when`` is ``action``; ``target`` the
character it names. ``state["once_used"]``: the seats that used theirs (G3).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import daybreak, dice, looks, motives, planet, standing, vipers
from games.bsg.engine.content import Effect
from games.bsg.engine.effects import change_resources, discard_skills, move_jump_track, send_to
from games.bsg.engine.state import CONTENT, Ctx, State, damaged_locations
from games.bsg.engine.traits import abilities_blocked, ability_of, sheet_effects
from games.engine.core import IllegalCommand

RULE = "bsg:R220"


def _effect_options(state: State, seat: int, effect: Effect) -> list[dict[str, Any]] | None:
    kind = effect.kind
    humans = [p["seat"] for p in state["players"] if not p["cylon"] and not p.get("eliminated")]  # R978
    if kind == "look_loyalty":
        return [
            {"target": s} for s in range(state["n"]) if s != seat and state["players"][s]["loyalty"]
            and not state["players"][s].get("eliminated")  # R978: out of the game
        ] or None
    if kind == "send_to" and effect.get("who") == "other_chosen":
        where = planet.brig_for(state, seat) if effect.get("location") == "brig" else effect.get("location")
        return [
            {"target": s} for s in humans if s != seat and state["players"][s]["location"] != where
        ] or None
    if kind == "give_title":
        who = effect.get("who")
        holder = seat if who == "self" else state[who] if who in ("president", "admiral") else None
        title = effect.get("title")
        return [{}] if holder is not None and state[title] != holder else None
    if kind in ("activate_vipers", "repair_location") and planet.before_return(state):
        return None  # R834: the ships around Galactica and her locations wait for her return to New Caprica
    if kind == "jump_track" and planet.returned(state):
        return None  # R834: after the return the jump track is no longer used
    if kind == "activate_vipers":
        probe = {"seat": seat, "left": 1, "mode": "unpiloted"}
        return [{}] if vipers.options(state, seat, probe) else None
    if kind == "jump_track" and int(effect.get("steps")) < 0:  # a Leader's sabotage: not from Start
        return [{}] if state["jump"] > 0 else None
    if kind == "jump_track":
        return [{}] if not CONTENT.board.jump_track[state["jump"]].auto else None
    if kind == "look_deck":
        return (
            [{}]
            if state["decks"][effect.get("deck")] or state["decks"][f"{effect.get('deck')}_discard"]
            else None
        )
    if kind == "repair_location":
        return [{}] if damaged_locations(state) else None
    if kind in ("resources", "miracle_limit"):  # Daybreak: the alternate Baltar's Broadcast (R1010)
        return [{}]
    return None


def _ability_options(state: State, seat: int, kind: str) -> list[dict[str, Any]]:
    ability = ability_of(state, seat, kind)
    if ability is None or ability.when != "action":
        return []
    found: list[dict[str, Any]] = [{}]
    for effect in ability.effects:
        opts = _effect_options(state, seat, effect)
        if opts is None:
            return []
        found = [{**a, **b} for a in found for b in opts]
    return found


def options(state: State, seat: int) -> list[dict[str, Any]]:
    """``use_ability`` arguments: the seat's unused once-per-game action (G3), not in the Brig (C16). A Cylon
    Leader also has his sheet's action ability, as often as he likes, instead of his location's action
    (R802d): ``ability: "sheet"``."""
    if abilities_blocked(state, seat):
        return []
    out = _ability_options(state, seat, "once_per_game") if daybreak.once_available(state, seat) else []
    if state["players"][seat].get("leader"):
        out += [{"ability": "sheet", **a} for a in _ability_options(state, seat, "ability")]
    return out


def use(ctx: Ctx, seat: int, target: int | None, which: str | None = None) -> None:
    """Use the once-per-game action ability (R220 C); it is spent for the rest of the game (G3). A Leader's
    sheet ability (``which`` = ``sheet``) is not spent (R802d)."""
    state = ctx.state
    args: dict[str, Any] = {} if target is None else {"target": target}
    if which is not None:
        args["ability"] = which
    if which is None and not daybreak.once_available(state, seat):
        if daybreak.on(state):
            raise IllegalCommand("no_miracle_token", "bsg:R1010")
        raise IllegalCommand("ability_already_used", "bsg:R454")
    if args not in options(state, seat):
        raise IllegalCommand("ability_not_usable", RULE, **args)
    ability = ability_of(state, seat, "ability" if which == "sheet" else "once_per_game")
    assert ability is not None
    if which is None:
        daybreak.spend_once(ctx, seat)  # a Miracle token on a Daybreak table (R1010)
    ctx.emit("ability_used", seat=seat, ability=ability.id, target=target)
    for effect in ability.effects:
        _apply(ctx, seat, effect, target)


def _apply(ctx: Ctx, seat: int, effect: Effect, target: int | None) -> None:
    state = ctx.state
    kind = effect.kind
    if kind == "look_loyalty" and target is not None:
        looks.look_loyalty(ctx, seat, target, effect.get("count"))
    elif kind == "send_to" and target is not None:  # his Brig is Detention while he is on New Caprica (R825d)
        where = effect.get("location")
        send_to(ctx, target, planet.brig_for(state, seat) if where == "brig" else where)
    elif kind == "give_title":
        who = effect.get("who")
        holder = seat if who == "self" else state[who]
        state[effect.get("title")] = holder
        ctx.emit("title_given", title=effect.get("title"), seat=holder)
    elif kind == "activate_vipers":
        vipers.start(ctx, seat, int(effect.get("count")), "unpiloted")
    elif kind == "jump_track":
        move_jump_track(ctx, int(effect.get("steps")))  # reaching Auto Jump jumps in Jump Preparation
    elif kind == "look_deck":
        looks.peek(
            ctx,
            seat,
            effect.get("deck"),
            int(effect.get("count")),
            bool(effect.get("reorder")),
            bool(effect.get("bottom")),
        )
    elif kind == "repair_location":
        for location in damaged_locations(state):  # Galactica's and the Pegasus's (R800)
            vipers.repair_location(ctx, location)
    elif kind == "resources":
        change_resources(ctx, {r: int(v) for r, v in effect.params.items()})


def after_location(ctx: Ctx, seat: int) -> None:
    """Roslin's Terminal Illness: after activating a location, Skill cards discarded at random."""
    for effect in sheet_effects(ctx.state, seat, "discard_skills"):
        ability = next(
            a for a in CONTENT.characters[ctx.player(seat)["character"]].abilities if effect in a.effects
        )
        if ability.when == "after_activate_location":
            discard_skills(ctx, [seat], int(effect.get("count")), bool(effect.get("random")))


def cancel_crisis_seat(state: State) -> int | None:
    """The seat that may cancel the Crisis card being resolved now (Roslin's Religious Visions, once per
    game, not from the Brig, not a revealed Cylon): while its check has no card in yet (a Reckless card put into
    it is one, R507), or its choice is open (RULINGS G37; A2: never a Super Crisis)."""
    check, prompt = state["check"], state["prompt"]
    if state["crisis"] is None or state["step"] != "crisis":
        return None
    open_check = (
        check is not None
        and "card" in check["source"]
        and check["at"] == 0
        and not any(check["played"].values())
        and not check.get("reckless")  # a Reckless card is in it (R507)
    )
    open_choice = check is None and prompt is not None and prompt["kind"] == "crisis_choice"
    if not (open_check or open_choice):
        return None
    for p in state["players"]:
        ability = ability_of(state, p["seat"], "once_per_game")
        if (
            ability is not None
            and ability.when == "after_crisis_revealed"
            and daybreak.once_available(state, p["seat"])
            and not abilities_blocked(state, p["seat"])
        ):
            return int(p["seat"])
    return None


def interrupts(state: State, seat: int) -> list[dict[str, Any]]:
    """What a seat may send whoever the game waits for: Religious Visions (G37), readying a die card (G39), a
    standing pass on skill checks (G43), the ship damaged in its turns (R800, G53).
    They answer no decision, so they are not legal commands; the seat's view lists them."""
    if state["phase"] != "turn":
        return []
    out: list[dict[str, Any]] = [{"kind": "cancel_crisis"}] if cancel_crisis_seat(state) == seat else []
    if dice.arm_options(state, seat):
        out.append({"kind": "arm_reroll"})
    out += [{"kind": "ready_card", "card": card} for card in dice.ready_options(state, seat)]
    pegasus = state.get("pegasus")
    if pegasus is not None and not pegasus["destroyed"]:
        # R800 (RULINGS G53): the ship that takes the damage tokens of the seat's turns, the other one offered
        out.append({"kind": "damage_preference", "ship": "galactica" if seat in pegasus["prefer"] else "pegasus"})
    out += motives.interrupts(state, seat)  # R804: a Leader's Motive card revealed at any time
    return out + standing.options(state, seat)
