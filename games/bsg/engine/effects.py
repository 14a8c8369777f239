"""The effect vocabulary of the data files (SCHEMA.md), as far as this engine resolves it so far.

Resolved: ``resources`` (R004, R700), ``jump_track`` (R250, R702), ``place_ships`` (R230, R003),
``destroy_raptors`` / ``restore_raptors``, ``roll`` (R009), ``draw_skills`` (a single type, or the picks
the player sent), ``give_title`` (R420), ``send_to`` (R430, R431, R423), ``move_character`` (to ``any``:
a prompt for that player), ``damage_galactica`` (R162, R614, R616; not yet its ``choose_of``),
``damage_vipers`` / ``repair_vipers`` (RULINGS G20), ``destroy_civilians`` (R613), ``risk_raptor`` (C6; an
optional one asks its chooser), ``discard_skills`` (at random, or each player picks his cards:
``state["forced"]``), ``send_to`` a chosen
character (``*_chooses``: a prompt for the chooser) or everyone in a place (``*_occupants``),
``draw_quorum`` (the President, quorum_hand.py), ``look_loyalty`` (looks.py; RULINGS G40); with the Exodus
Cylon Fleet ``place_on_fleet`` and ``advance_pursuit`` (cylon_fleet.py, R913, R915), and ``gain_nukes`` (R917).
Revealed Cylons
ignore them all (R001, R260). Every other kind is logged as ``effect_unresolved`` with its kind: the later
commits of issue 16 resolve them.

``actor`` is the seat the effect's "self"/"current" means (the active player unless said otherwise),
``target`` the character a location or card was aimed at.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.bsg.engine import cylon_fleet, daybreak, planet, quorum_hand, trauma
from games.bsg.engine.content import RESOURCES, Effect
from games.bsg.engine.decks import discard_skill, draw_skill
from games.bsg.engine.dice import human_roll
from games.bsg.engine.ending import end_game
from games.bsg.engine.looks import look_loyalty
from games.bsg.engine.setup import place_ships, title_holder
from games.bsg.engine.state import CONTENT, Ctx, State, infiltrator, next_key
from games.engine.core import IllegalCommand


def change_resources(ctx: Ctx, changes: dict[str, int]) -> None:
    """Change the dials; never above the cap (R004); a dial may fall below 0 (R700)."""
    res = ctx.state["resources"]
    for name, amount in changes.items():
        res[name] = min(CONTENT.board.resource_max, res[name] + amount)
    ctx.emit("resources_changed", changes=changes, resources=dict(res))


def move_jump_track(ctx: Ctx, steps: int) -> bool:
    """Move the fleet token (never behind Start); True when it reached Auto Jump (R250). After Galactica's
    return to New Caprica the track is no longer used (R834): the token stays at Start."""
    if planet.returned(ctx.state):
        ctx.emit("jump_track_unused")
        return False
    last = len(CONTENT.board.jump_track) - 1
    ctx.state["jump"] = max(0, min(last, ctx.state["jump"] + steps))
    ctx.emit("jump_track_moved", steps=steps, position=ctx.state["jump"])
    return bool(CONTENT.board.jump_track[ctx.state["jump"]].auto)


def apply_effects(ctx: Ctx, effects: Iterable[Effect], source: str, actor: int | None = None,
                  target: int | None = None, picks: list[str] | None = None) -> None:
    for effect in effects:
        apply_effect(ctx, effect, source, actor, target, picks)


def _who(ctx: Ctx, who: str | None, actor: int | None, target: int | None) -> int | None:
    if who == "target":
        return target
    if who in ("self", "current"):
        return actor if actor is not None else int(ctx.state["current"])
    if who in ("president", "admiral"):
        seat: int | None = ctx.state[who]
        return seat
    return None


def _occupants(state: dict[str, Any], place: str) -> list[int]:
    """Everyone standing in a location, or anywhere aboard a ship."""
    return [p["seat"] for p in state["players"] if p["location"] is not None
            and place in (p["location"], planet.ship_of(p["location"]))]


def discard_skills(ctx: Ctx, seats: list[int], count: int, random: bool) -> None:
    """Each of ``seats`` discards ``count`` Skill cards (all he has, if fewer): at random now, or of his own
    choice as a decision (``state["forced"]``). Revealed Cylons are never forced to discard (R260)."""
    state = ctx.state
    for seat in seats:
        p = ctx.player(seat)
        if p["cylon"] or not p["hand"]:
            continue
        n = min(count, len(p["hand"]))
        if random:
            for _ in range(n):
                card = p["hand"].pop(ctx.rng.below(len(p["hand"])))
                discard_skill(ctx, card)
                ctx.emit("skill_discarded", seat=seat, card=card)
        else:
            state["forced"][str(seat)] = state["forced"].get(str(seat), 0) + n
            next_key(state)


def send_to(ctx: Ctx, seat: int, location: str) -> None:
    """Move a character to the Brig or Sickbay: revealed Cylons are immune (R430), a pilot's viper goes back
    to the Reserves (R431), an Admiral or a CAG sent to the Brig loses the title (R423)."""
    state = ctx.state
    p = ctx.player(seat)
    if p["cylon"]:
        ctx.emit("cylon_immune", seat=seat, location=location)
        return
    location = planet.redirect(state, location, seat)  # R825: Medical Center, Detention on New Caprica
    leave_craft(state, seat)  # R431: the viper (a Mark VII, an Assault Raptor) back to the Reserves
    p["location"] = location
    p["stranded"] = False
    ctx.emit("character_sent", seat=seat, location=location)
    for title in ("admiral", "cag"):  # R423: the Admiral and the CAG lose their title in the Brig
        if location == "brig" and state.get(title) == seat:
            state[title] = title_holder(state, title)
            ctx.emit("title_passed", title=title, seat=state[title], reason="brig")


def pegasus_chosen(state: dict[str, Any]) -> bool:
    """R800: a Galactica damage token the active player would draw comes from the Pegasus instead, while she
    is in play with tokens left and his standing choice says so (RULINGS G53)."""
    pegasus = state.get("pegasus")
    return bool(pegasus is not None and not pegasus["destroyed"] and state["decks"]["pegasus_damage"]
                and state["current"] in pegasus["prefer"])


def damage_pile(state: dict[str, Any]) -> str:
    """The pile the next damage token is drawn from (R800)."""
    return "pegasus_damage" if pegasus_chosen(state) else "galactica_damage"


def set_damage_preference(ctx: Ctx, seat: int, ship: str) -> None:
    """R800 (RULINGS G53): the seat's standing choice, from any seat at any time, of the ship that takes the
    damage tokens drawn in its turns; public, as the draw it decides."""
    pegasus = ctx.state.get("pegasus")
    if pegasus is None or pegasus["destroyed"]:
        raise IllegalCommand("pegasus_not_in_play", "bsg:R800")
    if ship not in ("galactica", "pegasus"):
        raise IllegalCommand("bad_argument", "", argument="ship")
    prefer = pegasus["prefer"]
    if ship == "pegasus" and seat not in prefer:
        prefer.append(seat)
        prefer.sort()
    elif ship == "galactica" and seat in prefer:
        prefer.remove(seat)
    ctx.emit("damage_preference_set", seat=seat, ship=ship)


def destroy_sheet(ctx: Ctx, sheet: str) -> None:
    """Daybreak's sheets (RULINGS G99): Colonial One destroyed is flipped, everyone aboard goes to Sickbay and
    its locations leave the game (R318); the Cylon locations sheet destroyed is flipped, everyone stays where
    he is: whoever stood in the Resurrection Ship now stands in Hub Destroyed, which takes its place in every
    effect (R319, R313). Without Daybreak, or destroyed already, nothing happens."""
    state = ctx.state
    if not daybreak.on(state) or daybreak.destroyed(state, sheet):
        return
    state["daybreak"]["destroyed"].append(sheet)
    ctx.emit("sheet_destroyed", sheet=sheet)
    if sheet == "colonial_one":
        for seat in _occupants(state, "colonial_one"):
            send_to(ctx, seat, "sickbay")
        if "ionian" in state:  # R947 (L1026): the allies in a location removed from the game leave the board
            for loc in CONTENT.locations.values():
                if loc.ship == "colonial_one":
                    trauma.location_damaged(ctx, loc.id)
        return
    for p in state["players"]:
        if p["location"] == daybreak.RESURRECTION:
            p["location"] = daybreak.HUB_DESTROYED
            ctx.emit("character_moved", seat=p["seat"], location=daybreak.HUB_DESTROYED)


def draw_mutiny(ctx: Ctx, seat: int) -> str | None:
    """R1020: a Mutiny card into the seat's secret hand (never a revealed Cylon's, R1023). One card over his
    limit (his 2nd, the Mutineer's 3rd: R1021, R1027) sends him to the Brig at once; in the Brig over the
    limit he keeps as many as the limit and discards the rest, of his choice. An empty deck is made anew
    from the discards (RULINGS G93)."""
    state = ctx.state
    p = ctx.player(seat)
    if not daybreak.on(state) or (p["cylon"] and not p.get("leader")):  # a Cylon Leader may (R802c)
        return None
    decks = state["decks"]
    if not decks["mutiny"]:
        decks["mutiny"] = ctx.rng.shuffled(decks["mutiny_discard"])
        decks["mutiny_discard"] = []
        if not decks["mutiny"]:
            return None
        ctx.emit("mutiny_deck_reshuffled", size=len(decks["mutiny"]))
    card: str = decks["mutiny"].pop()
    p["mutiny"].append(card)
    ctx.emit("mutiny_drawn", visible_to=frozenset({seat}), redacted={"seat": seat, "count": len(p["mutiny"])},
             seat=seat, card=card, count=len(p["mutiny"]))
    if len(p["mutiny"]) > daybreak.mutiny_limit(state, seat):
        if p["location"] != "brig" and not p["cylon"]:  # a Leader among the Cylons stays there (G132)
            ctx.emit("mutiny_to_brig", seat=seat, count=len(p["mutiny"]))
            send_to(ctx, seat, "brig")
        keep = state["daybreak"]["mutiny_keep"]
        if seat not in keep:
            keep.append(seat)
        next_key(state)
    return card


def damage_galactica(ctx: Ctx, count: int, pile: str | None = None) -> None:
    """Draw Galactica damage tokens and apply them (R614, R162): a location token damages that location
    and sends everyone in it to Sickbay (R433); a lost-resources token costs its resources and leaves the
    game. Six damaged locations destroy Galactica: the Cylons win at once (R616, R708b). With the Pegasus in
    play each token may be drawn from hers instead (R800; ``pile``: the pile a choice already fixed)."""
    state = ctx.state
    tokens = {t.id: t for t in CONTENT.board.galactica_damage}
    for _ in range(count):
        if state["phase"] != "turn":
            return
        if (pile or damage_pile(state)) == "pegasus_damage":
            damage_pegasus(ctx)
            continue
        pile_ = state["decks"]["galactica_damage"]
        if not pile_:
            return
        token = tokens[pile_.pop()]
        ctx.emit("galactica_damaged", token=token.id, location=token.location, loss=dict(token.loss))
        if token.location is not None:
            state["damage"].append(token.location)
            for p in state["players"]:
                if p["location"] == token.location:
                    send_to(ctx, p["seat"], "sickbay")
            if "ionian" in state:  # R947: the allies there leave the board
                trauma.location_damaged(ctx, token.location)
        else:
            state["decks"]["damage_removed"].append(token.id)
            change_resources(ctx, {k: -v for k, v in token.loss.items()})
        if len(state["damage"]) >= CONTENT.board.galactica_destroyed_at:
            end_game(ctx, "cylons", "galactica_destroyed")
            return


def damage_pegasus(ctx: Ctx) -> None:
    """R800 (RULINGS G52): a Pegasus token stays on her board: a location token damages that location and
    sends everyone in it to Sickbay, a lost-resources token costs its resources. With ``pegasus_destroyed_at``
    tokens on her the Pegasus is destroyed: everyone aboard goes to Sickbay and her locations leave play. Her
    damage never counts toward Galactica's destruction."""
    state = ctx.state
    pegasus = state["pegasus"]
    pile = state["decks"]["pegasus_damage"]
    if not pile or pegasus["destroyed"]:
        return
    token = next(t for t in CONTENT.board.pegasus_damage if t.id == pile[-1])
    pile.pop()
    pegasus["damage"].append(token.id)
    ctx.emit("pegasus_damaged", token=token.id, location=token.location, loss=dict(token.loss))
    if token.location is not None:
        for p in state["players"]:
            if p["location"] == token.location:
                send_to(ctx, p["seat"], "sickbay")
    else:
        change_resources(ctx, {k: -v for k, v in token.loss.items()})
    if len(pegasus["damage"]) >= CONTENT.board.pegasus_destroyed_at:
        pegasus["destroyed"] = True
        pegasus["prefer"] = []
        ctx.emit("pegasus_destroyed")
        for p in state["players"]:
            if p["location"] is not None and planet.ship_of(p["location"]) == "pegasus":
                send_to(ctx, p["seat"], "sickbay")


#: what a ``choose_target`` prompt sends its character to when an ``execute`` effect opened it
EXECUTION = "execution"


def queue_execution(state: dict[str, Any], seat: int, cylons_too: bool = False) -> None:
    """R450-R454: the character is executed once the command that called for it is done (``executions.py``
    runs the queue: the procedure asks the player for a new character and may end the turn). ``cylons_too``:
    an execution a revealed Cylon cannot ignore (R459; the entry gets a third element, so older queues are
    unchanged)."""
    state.setdefault("executions", []).append([seat, state["turn_no"], True] if cylons_too
                                              else [seat, state["turn_no"]])
    next_key(state)


def effect_at(source: str, index: int) -> Effect:
    """The ``index``-th top-level effect of a destination, crisis or location (what a prompt points back to)."""
    record = CONTENT.lookup(source)
    found: Effect = record.effects[index]
    return found


def roll_raptor(ctx: Ctx, effect: Effect, source: str, actor: int | None) -> None:
    """Risk a raptor (RULINGS C6): at least ``at_least`` gives ``success``, below it the raptor is lost."""
    state = ctx.state
    if state["reserves"]["raptor"] <= 0:
        ctx.emit("raptor_unavailable")
        return
    roll = human_roll(ctx, lambda r: r < int(effect.get("at_least")))  # RULINGS G39, G41
    ok = roll >= int(effect.get("at_least"))
    ctx.emit("raptor_risked", roll=roll, at_least=effect.get("at_least"), success=ok)
    if ok:
        apply_effects(ctx, effect.get("success", ()), source, actor)
    else:
        state["reserves"]["raptor"] -= 1


def leave_craft(state: dict[str, Any], seat: int) -> None:
    """A pilot leaves his craft (R213b, R431): a viper or a Viper Mark VII to its Reserves (the Cylon Fleet), an
    Assault Raptor to its own (Daybreak)."""
    p = state["players"][seat]
    if p["viper"] is None:
        return
    if daybreak.flies_assault_raptor(p):
        daybreak.release_craft(state, p)
    else:
        cylon_fleet.pilot_off(state, seat)


def damage_vipers(ctx: Ctx, count: int, where: str) -> None:
    """Unpiloted vipers to the Damaged Vipers box (RULINGS G20): from the Reserves, from space (areas by
    number), or ``any``: the Reserves first."""
    state = ctx.state
    areas = [a.id for a in sorted(CONTENT.board.space_areas, key=lambda a: a.number)]
    for _ in range(count):
        if where in ("reserves", "any") and state["reserves"]["viper"] > 0:
            state["reserves"]["viper"] -= 1
        elif where in ("space", "any") and any(state["space"][a]["viper"] for a in areas):
            state["space"][next(a for a in areas if state["space"][a]["viper"])]["viper"] -= 1
        elif where in ("reserves", "any") and cylon_fleet.mk7_reserves(state):  # Mark VII last (RULINGS G79)
            state["mk7"]["reserves"] -= 1
            state["mk7"]["damaged"] += 1
            ctx.emit("viper_damaged", where=where)
            continue
        elif where in ("space", "any") and any(cylon_fleet.mk7_in(state, a) for a in areas):
            state["mk7"]["space"][next(a for a in areas if cylon_fleet.mk7_in(state, a))] -= 1
            state["mk7"]["damaged"] += 1
            ctx.emit("viper_damaged", where=where)
            continue
        elif _damage_assault_raptor(ctx, where):
            continue
        else:
            return
        state["damaged_vipers"] += 1
        ctx.emit("viper_damaged", where=where)


def _damage_assault_raptor(ctx: Ctx, where: str) -> bool:
    """Daybreak: with no viper left to damage, an Assault Raptor counts as one and is destroyed (R623,
    RULINGS G101): from the Reserves first, then space (areas by number)."""
    state = ctx.state
    if daybreak.assault_raptors(state) is None:
        return False
    if where in ("reserves", "any") and daybreak.assault_raptors_in_reserves(state):
        daybreak.lose_assault_raptor(ctx, None)
        return True
    if where in ("space", "any"):
        area = next((a.id for a in sorted(CONTENT.board.space_areas, key=lambda a: a.number)
                     if daybreak.assault_raptors_in(state, a.id)), None)
        if area is not None:
            daybreak.lose_assault_raptor(ctx, area)
            return True
    return False


#: R834: before Galactica returns to New Caprica's orbit, the effects on the ships around her, the centurions,
#: and her and the Pegasus's locations are ignored (RULINGS G117)
IGNORED_BEFORE_RETURN = frozenset({"place_ships", "place_centurion", "destroy_cylon_ships", "activate_cylons",
                                   "basestar_launch", "damage_galactica", "repair_location", "attack",
                                   "activate_vipers", "damage_vipers", "repair_vipers"})


def destroy_civilians(ctx: Ctx, count: int, chooser: int | None = None) -> None:
    """R613: a civilian ship not on the board is destroyed (its back shown, its loss suffered); when all
    are on the board, the one the player resolving the effect picks (RULINGS G216, L427): by its area, asked
    once the effect's card is done (``state["civilian_pick"]``); with ships in one area only, nothing is asked
    (they look alike: the first one there)."""
    state = ctx.state
    for done in range(count):
        pile = state["decks"]["civilians"]
        if planet.active(state):  # R837: the New Caprica stacks, never a ship in space
            popped = planet.pop_civilian(state)
            if popped is None:
                return
            lose_civilian(ctx, popped, None)
        elif pile:
            lose_civilian(ctx, pile.pop(), None)
        elif len(civilian_pick_areas(state)) > 1:
            due = state.get("civilian_pick")
            seat = int(state["current"]) if chooser is None else chooser
            if due is not None:  # one still asked of an earlier effect: this one waits behind it
                due["left"] += count - done
            else:
                state["civilian_pick"] = {"seat": seat, "left": count - done}
            next_key(state)
            return
        elif civilian_pick_areas(state):
            area = civilian_pick_areas(state)[0]
            lose_civilian(ctx, state["space"][area]["civilian"].pop(0), area)
        else:
            return


def civilian_pick_areas(state: State) -> list[str]:
    """The space areas holding a civilian ship (by number), where a player destroying one picks it (G216)."""
    return [a.id for a in sorted(CONTENT.board.space_areas, key=lambda a: a.number)
            if state["space"][a.id]["civilian"]]


def destroy_civilian_in(ctx: Ctx, seat: int, area: str) -> None:
    """R613 (RULINGS G216): the player's pick of the civilian ship destroyed, by its area; the ones still due
    of the same effect follow (asked again while the ships stand in more than one area)."""
    state = ctx.state
    due = state.get("civilian_pick")
    if due is None or int(due["seat"]) != seat:
        raise IllegalCommand("no_civilian_to_destroy", "bsg:R613")
    if area not in civilian_pick_areas(state):
        raise IllegalCommand("no_civilian_there", "bsg:R613", area=area)
    state["civilian_pick"] = None
    next_key(state)
    lose_civilian(ctx, state["space"][area]["civilian"].pop(0), area)
    if int(due["left"]) > 1 and state["phase"] == "turn":
        destroy_civilians(ctx, int(due["left"]) - 1, seat)


def lose_civilian(ctx: Ctx, civ: str, area: str | None) -> None:
    """A destroyed civilian ship: turned face up, its loss suffered, out of the game (R613)."""
    ctx.state["decks"]["civilians_destroyed"].append(civ)
    loss = next(c.loss for c in CONTENT.board.civilians if c.id == civ)
    ctx.emit("civilian_destroyed", area=area, civilian=civ, loss=dict(loss))
    if loss:
        change_resources(ctx, {k: -v for k, v in loss.items()})


def apply_effect(ctx: Ctx, effect: Effect, source: str, actor: int | None = None, target: int | None = None,
                 picks: list[str] | None = None) -> None:
    state = ctx.state
    kind = effect.kind
    if kind in IGNORED_BEFORE_RETURN and planet.before_return(state):  # R834, RULINGS G117
        ctx.emit("new_caprica_ignored", card=source, effect=kind)
        return
    if kind == "resources":
        change_resources(ctx, {r: int(effect.get(r)) for r in RESOURCES if effect.get(r)})
    elif kind == "jump_track":
        move_jump_track(ctx, int(effect.get("steps")))  # reaching Auto Jump jumps in the jump step
    elif kind == "place_ships":
        place_ships(ctx, effect.get("ship"), effect.get("area"), int(effect.get("count")))
    elif kind == "destroy_raptors":
        lost = min(int(effect.get("count")), state["reserves"]["raptor"])
        state["reserves"]["raptor"] -= lost
        ctx.emit("raptors_destroyed", count=lost)
    elif kind == "restore_raptors":
        state["reserves"]["raptor"] = CONTENT.board.components["raptor"]
        ctx.emit("raptors_restored", count=state["reserves"]["raptor"])
    elif kind == "roll":
        roll = human_roll(ctx, lambda r: r < int(effect.get("at_least")))  # RULINGS G39, G41
        ok = roll >= int(effect.get("at_least"))
        ctx.emit("die_rolled", roll=roll, at_least=effect.get("at_least"), success=ok)
        apply_effects(ctx, effect.get("success" if ok else "failure", ()), source, actor, target, picks)
    elif kind == "draw_skills" and isinstance(effect.get("types"), list | tuple):
        seat = _who(ctx, effect.get("who"), actor, target)
        types = list(effect.get("types"))
        for _ in range(int(effect.get("count"))):
            skill = types[0] if len(types) == 1 else (picks or []).pop(0)
            if seat is not None:
                draw_skill(ctx, seat, skill)
    elif kind == "damage_vipers":
        damage_vipers(ctx, int(effect.get("count")), str(effect.get("where", "any")))
    elif kind == "repair_vipers" and effect.get("where") is None:
        ctx.emit("vipers_repaired", count=cylon_fleet.repair(state, int(effect.get("count"))))
    elif kind == "destroy_civilians":
        destroy_civilians(ctx, int(effect.get("count")), actor)
    elif kind == "risk_raptor" and not effect.get("optional"):
        roll_raptor(ctx, effect, source, actor)
    elif kind == "risk_raptor":
        chooser = _who(ctx, effect.get("chooser", "current"), actor, target)
        record = CONTENT.lookup(source)
        index = next((i for i, e in enumerate(record.effects) if e is effect), None)
        if index is None:  # not a top-level effect: nothing to point back to, so no question is asked
            roll_raptor(ctx, effect, source, actor)
        elif state["reserves"]["raptor"] > 0:
            state["prompt"] = {"kind": "risk_raptor", "seat": chooser if chooser is not None else actor,
                               "source": source, "index": index}
            next_key(state)
    elif kind == "damage_galactica" and not effect.get("choose_of"):
        damage_galactica(ctx, int(effect.get("count")))
    elif kind == "give_title" and effect.get("who") == "next_in_succession":  # RULINGS G201
        title = str(effect.get("title"))
        seat = title_holder(state, title, besides=state.get(title))
        if seat is not None:
            state[title] = seat
            ctx.emit("title_passed", title=title, seat=seat, reason="succession")
    elif kind == "give_title" and str(effect.get("who")).endswith("_chooses"):  # RULINGS G202
        chooser = _who(ctx, str(effect.get("who"))[: -len("_chooses")], actor, target)
        state["prompt"] = {"kind": "title_target", "seat": int(state["current"]) if chooser is None else chooser,
                           "title": effect.get("title")}
        next_key(state)
    elif kind == "give_title":
        seat = _who(ctx, effect.get("who"), actor, target)
        if seat is not None and infiltrator(state["players"][seat]):  # R803e: never a Leader's
            ctx.emit("title_refused", seat=seat, title=effect.get("title"))
        elif seat is not None:
            state[effect.get("title")] = seat
            ctx.emit("title_given", title=effect.get("title"), seat=seat)
    elif kind == "send_to" and str(effect.get("who")).endswith("_occupants"):
        for seat in _occupants(state, str(effect.get("who"))[: -len("_occupants")]):
            send_to(ctx, seat, effect.get("location"))
    elif kind == "send_to" and str(effect.get("who")).endswith("_chooses"):
        chooser = _who(ctx, str(effect.get("who"))[: -len("_chooses")], actor, target)
        if chooser is None:
            chooser = int(state["current"])
        state["prompt"] = {"kind": "choose_target", "seat": chooser, "send_to": effect.get("location")}
        next_key(state)
    elif kind == "send_to":
        seat = _who(ctx, effect.get("who"), actor, target)
        if seat is not None:
            send_to(ctx, seat, effect.get("location"))
    elif kind == "discard_skills" and effect.get("who") != "target":
        who = effect.get("who")
        seats = list(range(state["n"])) if who == "all" else [s for s in [_who(ctx, who, actor, target)]
                                                              if s is not None]
        discard_skills(ctx, seats, int(effect.get("count")), bool(effect.get("random")))
    elif kind == "place_on_fleet" and cylon_fleet.active(state):  # the Basestar Bridge (R913, RULINGS G80)
        for _ in range(int(effect.get("count"))):
            cylon_fleet.place_on_fleet(ctx, str(effect.get("ship")))
    elif kind == "advance_pursuit" and cylon_fleet.active(state):  # the Basestar Bridge (R915)
        cylon_fleet.advance_pursuit(ctx)
    elif kind == "gain_nukes":  # R917, AS-98: never more than the limit in the Admiral's hands
        admiral = state["admiral"]
        if admiral is not None:
            p = ctx.player(admiral)
            p["nukes"] = min(CONTENT.board.components["nuke_limit"], p["nukes"] + int(effect.get("count")))
            ctx.emit("nukes_gained", seat=admiral, nukes=p["nukes"])
    elif kind == "place_centurion":  # a card's boarding party: on the track's first space, as the supply allows
        placed = min(int(effect.get("count")), CONTENT.board.components["centurion"] - len(state["boarding"]))
        state["boarding"] += [0] * placed
        ctx.emit("centurion_boarded", area=None, count=placed)
    elif kind == "draw_quorum":  # a card that gives the President Quorum cards (RULINGS G30)
        if state["president"] is not None:
            quorum_hand.draw(ctx, int(state["president"]), int(effect.get("count")))
    elif kind == "look_loyalty" and effect.get("target") == "each_other_by_current":
        current = int(state["current"])
        for seat in range(state["n"]):
            if seat != current and state["players"][seat]["loyalty"]:
                look_loyalty(ctx, current, seat, effect.get("count"))
    elif kind == "look_loyalty" and str(effect.get("target")).endswith("_chooses"):  # RULINGS G40
        chooser = _who(ctx, str(effect.get("target"))[: -len("_chooses")], actor, target)
        state["prompt"] = {"kind": "look_target", "seat": int(state["current"]) if chooser is None else chooser,
                           "count": effect.get("count")}
        next_key(state)
    elif kind == "execute" and str(effect.get("who")).endswith("_chooses"):  # R450: a chosen character
        chooser = _who(ctx, str(effect.get("who"))[: -len("_chooses")], actor, target)
        state["prompt"] = {"kind": "choose_target", "seat": int(state["current"]) if chooser is None else chooser,
                           "send_to": EXECUTION}
        if effect.get("cylons_too"):  # R459
            state["prompt"]["cylons_too"] = True
        next_key(state)
    elif kind == "execute":
        seat = _who(ctx, effect.get("who"), actor, target)
        if seat is not None:
            queue_execution(state, seat, bool(effect.get("cylons_too")))
    elif kind == "move_character" and str(effect.get("who")).endswith("_chooses") and effect.get("to") == "brig":
        chooser = _who(ctx, str(effect.get("who"))[: -len("_chooses")], actor, target)
        state["prompt"] = {"kind": "choose_target", "seat": int(state["current"]) if chooser is None else chooser,
                           "send_to": "brig"}
        next_key(state)
    elif kind == "move_character" and effect.get("to") == "any":
        seat = _who(ctx, effect.get("who"), actor, target)
        if seat is not None:
            state["prompt"] = {"kind": "move_anywhere", "seat": seat}
            next_key(state)
    elif kind == "draw_mutiny":  # R1020 (Daybreak)
        seat = _who(ctx, effect.get("who"), actor, target)
        if seat is not None:
            draw_mutiny(ctx, seat)
    elif kind == "draw_trauma":  # R941, R968: the Ionian Nebula's trauma tokens
        trauma.draw_effect(ctx, str(effect.get("players")), int(effect.get("count")), actor)
    elif kind == "destroy_sheet":  # R318, R319 (Daybreak)
        destroy_sheet(ctx, str(effect.get("sheet")))
    elif kind == "gain_miracle" and daybreak.on(state):  # R1010 (Daybreak)
        who = str(effect.get("who"))
        if who.endswith("_chooses"):  # a player of the chooser's choice who holds none (RULINGS G90)
            chooser = _who(ctx, who[: -len("_chooses")], actor, target)
            daybreak.ask_miracle(ctx, int(state["current"]) if chooser is None else chooser)
        else:
            seat = _who(ctx, who, actor, target)
            if seat is not None:
                daybreak.give_miracle(ctx, seat)
    else:
        ctx.emit("effect_unresolved", effect=kind, source=source)
