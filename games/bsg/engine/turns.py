"""The human player's turn (bsg:R200-R255): Receive Skills, Movement, Action, Crisis, Activate Cylon Ships,
Jump Preparation, the end of the turn; and the jump (R704), the Sleeper Agent phase (R405) and the end of
the game (R708, R709)."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product
from typing import Any

from games.bsg.engine import (
    acted,
    characters,
    conflicted,
    cylon_fleet,
    cylons,
    daybreak,
    earth,
    ionian,
    looks,
    loyalty,
    missions,
    motives,
    mutiny,
    new_caprica,
    planet,
    quorum,
    quorum_hand,
    rebel_basestar,
    trauma,
    treachery,
    vipers,
)
from games.bsg.engine.checks import start_check
from games.bsg.engine.content import SKILLS
from games.bsg.engine.decks import discard_skill, draw_from, draw_skill
from games.bsg.engine.dice import human_roll
from games.bsg.engine.effects import (
    EXECUTION,
    apply_effect,
    apply_effects,
    change_resources,
    effect_at,
    leave_craft,
    move_jump_track,
    queue_execution,
    roll_raptor,
    send_to,
)
from games.bsg.engine.ending import end_game
from games.bsg.engine.options import NEW_CAPRICA, modules
from games.bsg.engine.options import objective as objective_of
from games.bsg.engine.setup import deal_loyalty, empty_area, extra_loyalty, place_ships
from games.bsg.engine.state import (
    CONTENT,
    Ctx,
    State,
    damaged_locations,
    infiltrator,
    left_of,
    next_key,
    skill_types,
    table_sets,
)
from games.bsg.engine.traits import (
    attack_bonus,
    draw_penalty,
    extra_any_draws,
    hand_limit,
    location_bonus,
    sheet_effects,
)
from games.engine.core import IllegalCommand

STEPS = ("receive", "move", "action", "crisis", "activation", "jump", "end")
HAND_LIMIT = CONTENT.board.hand_limits["skill"]


def go_to(ctx: Ctx, step: str) -> None:
    """Move the turn on to ``step``. A revealed Cylon's turn has no Crisis and so no Cylon ship activation
    and no jump preparation of its own: after his action it ends (R232, R260-R265)."""
    if ctx.state["phase"] != "turn":  # the game ended on the way (R708b)
        return
    if ctx.state["players"][ctx.state["current"]]["cylon"]:
        step = _revealed_step(ctx.state, step)
    moved = ctx.state["step"] == "move" and step == "action"
    ctx.state["step"] = step
    next_key(ctx.state)
    if moved and ionian.on(ctx.state):  # R215: an ally met at the end of his own Movement phase
        ionian.after_movement(ctx, ctx.state["current"])
    if step == "end":
        end_turn(ctx)


def _revealed_step(state: State, step: str) -> str:
    """A revealed Cylon's turn: no Crisis (R232), no Cylon ship activation after a crisis Caprica resolved,
    and a Jump Preparation only for that crisis's jump icon (R264, RULINGS G24)."""
    if step == "crisis":
        return "end"
    card = state["crisis"]
    if step in ("activation", "jump"):
        return "jump" if card in CONTENT.crises and CONTENT.crises[card].jump else "end"
    return step


# --- R201 Receive Skills --------------------------------------------------------------------------

def receive_choices(state: State, seat: int) -> list[list[str]]:
    """Every list of picks the seat may send: one skill type per card whose type is his to choose.

    A human draws his sheet's skill set (R201); the fixed draws need no pick. In Sickbay he draws 1 card
    of a type of his skill set (RULINGS C16). A revealed Cylon draws 2 cards of any types (R261)."""
    p = state["players"][seat]
    sheet = CONTENT.characters[p["character"]]
    if p.get("friendly") and not p["cylon"]:  # R406c: infiltrated, 3 cards of 3 different types
        return [list(c) for c in combinations(SKILLS, 3)]
    if p.get("leader"):  # R802a, R803d: 2 cards of his own skill set, 3 while infiltrated (1 in Sickbay)
        if p["cylon"] and p["location"] != "sickbay":  # a revealed Cylon's 2 cards: 2 decks (R261, G190)
            return [list(c) for c in combinations(sheet.skill_types, 2)]
        count = 1 if p["location"] == "sickbay" else 3
        return [list(c) for c in combinations_with_replacement(sheet.skill_types, count)]
    if p["cylon"]:  # with Pegasus, Treachery too (RULINGS A34); with Pegasus or Exodus from 2 decks (R261)
        draw = combinations if different_decks(state) else combinations_with_replacement
        return [list(c) for c in draw(skill_types(state), 2)]
    if p["location"] == "sickbay":
        return [[t] for t in sheet.skill_types]
    options = [d.types for d in sheet.skills if len(d.types) > 1 for _ in range(d.count)]
    any_extra = extra_any_draws(state, seat)  # Baltar's Delusional Intuition (RULINGS C3)
    return [list(c) + list(e) for c in product(*options)
            for e in combinations_with_replacement(SKILLS, any_extra)]


def different_decks(state: State) -> bool:
    """R261 (L167): with Pegasus and/or Exodus (its cards or one of its modules) a revealed Cylon's 2 Skill
    cards come from 2 different decks."""
    return bool({"pegasus", "exodus"} & set(table_sets(state)) or modules(state["options"]))


def receive_skills(ctx: Ctx, seat: int, picks: list[str]) -> None:
    state = ctx.state
    if picks not in receive_choices(state, seat):
        raise IllegalCommand("bad_skill_picks", "bsg:R201")
    p = state["players"][seat]
    sheet = CONTENT.characters[p["character"]]
    draws: list[str] = list(picks)
    if not p["cylon"] and p["location"] != "sickbay" and not infiltrator(p):
        draws = [d.types[0] for d in sheet.skills if len(d.types) == 1 for _ in range(d.count)] + draws
        penalty = draw_penalty(state, seat)  # Tigh's Alcoholic: fewer fixed draws
        if penalty:
            draws = draws[penalty:]
    for skill in draws:
        draw_skill(ctx, seat, skill)
    ctx.emit("skills_received", seat=seat, count=len(draws))
    go_to(ctx, "crisis" if p["stranded"] else "move")  # RULINGS C4: no Movement, no Action while stranded


# --- R210-R214 Movement ---------------------------------------------------------------------------

def _ship_of(location: str | None) -> str | None:
    return planet.ship_of(location) if location is not None else None


def _held_on_ship(state: State, seat: int) -> str | None:
    """The ship a weakness keeps the character on (``stay_on_ship``), if any."""
    p = state["players"][seat]
    for a in CONTENT.characters[p["character"]].abilities:
        for e in a.effects:
            if e.kind == "stay_on_ship":
                title = e.get("while_title")
                if title is None or state.get(title) == seat:
                    ship: str = e.get("ship")
                    return ship
    return None


def move_targets(state: State, seat: int) -> list[tuple[str, bool]]:
    """(location, costs a discard) for every location the seat may move to now (R210-R214)."""
    p = state["players"][seat]
    if planet.active(state):  # R826: New Caprica's movement
        return planet.move_targets(state, seat)
    if p["location"] == "brig":  # RULINGS C16
        return []
    here = _ship_of(p["location"])
    held = _held_on_ship(state, seat)
    out: list[tuple[str, bool]] = []
    for loc in CONTENT.locations.values():
        if not daybreak.location_in_play(state, loc.id) or loc.id == p["location"] or loc.hazardous:  # R214, R318, R800
            continue
        cylon_loc = earth.ship_side(state, loc.ship) == "cylon"  # the Rebel Basestar by its marker (R1061)
        if cylon_loc != bool(p["cylon"]):  # R212
            continue
        change = p["viper"] is not None or (here is not None and loc.ship != here and not p["cylon"])
        change = change or (bool(p["cylon"]) and earth.cylon_move_costs(here, loc.ship))  # R1062
        if held is not None and loc.ship != held and here == held:
            continue
        out.append((loc.id, change))
    return out


def move(ctx: Ctx, seat: int, location: str, discard: str | None) -> None:
    state = ctx.state
    p = ctx.player(seat)
    targets = dict(move_targets(state, seat))
    if location not in targets:
        raise IllegalCommand("cannot_move_there", "bsg:R212", location=location)
    if targets[location]:  # R211, R213b: one Skill card
        if discard is None or discard not in p["hand"]:
            raise IllegalCommand("ship_change_needs_discard", "bsg:R211")
        p["hand"].remove(discard)
        discard_skill(ctx, discard)
        ctx.emit("skill_discarded", seat=seat, card=discard)
        treachery.discarded_by_choice(ctx, seat, discard)  # R1022
    elif discard is not None:
        raise IllegalCommand("bad_argument", "", argument="discard")
    leave_craft(state, seat)  # R213b: the viper (a Mark VII, an Assault Raptor) returns to the Reserves
    p["location"] = location
    ctx.emit("character_moved", seat=seat, location=location)
    go_to(ctx, "action")


def viper_targets(state: State, seat: int) -> list[str]:
    """R213a: an adjacent area; a Viper Mark VII moves up to 2 areas (R916)."""
    return cylon_fleet.pilot_reach(state, seat)


def move_viper(ctx: Ctx, seat: int, area: str) -> None:
    """R213a: a pilot moves his viper to an adjacent space area (a Mark VII up to 2 away, R916), free."""
    if area not in viper_targets(ctx.state, seat):
        raise IllegalCommand("viper_not_adjacent", "bsg:R213", area=area)
    ctx.player(seat)["viper"] = area
    ctx.emit("viper_moved", seat=seat, area=area)
    go_to(ctx, "action")


def stay(ctx: Ctx, seat: int) -> None:
    go_to(ctx, "action")


# --- R220 Action ----------------------------------------------------------------------------------

#: The locations whose action this engine carries out so far (R220 A); the others come with their effects.
LOCATION_ACTIONS = ("research_lab", "press_room", "administration", "admirals_quarters", "brig", "ftl_control",
                    "hangar_deck", "armory", "command", "weapons_control", "presidents_office", "communications",
                    "pegasus_cic", "main_batteries", "engine_room", "airlock",
                    # Daybreak's Earth objective (R315, R316; earth.json)
                    "demetrius_bridge", "tactical_plot", "captains_cabin", "hybrid_tank", "datastream", "raider_bay")


def pass_action(ctx: Ctx, seat: int) -> None:
    """R220 F: do nothing."""
    ctx.emit("action_skipped", seat=seat)
    go_to(ctx, "crisis")


def location_refusal(state: State, seat: int) -> tuple[str, str] | None:
    """Why the seat may not activate the location he stands in now: (code, rule), or None."""
    p = state["players"][seat]
    loc = p["location"]
    if loc is None:
        return "not_in_a_location", "bsg:R220"
    if loc in planet.board().locations:  # R827: the New Caprica board's actions are not commands yet
        return "new_caprica_no_action", "bsg:R827"
    if not daybreak.location_in_play(state, loc):  # a destroyed Colonial One (R318)
        return "location_out_of_play", "bsg:R318"
    if loc in damaged_locations(state):
        return "location_damaged", "bsg:R300"
    location = CONTENT.locations[loc]
    if earth.ship_side(state, location.ship) != ("cylon" if p["cylon"] else "human"):  # R1061, R1062
        return "rebel_basestar_not_allied", "bsg:R1061"
    if location.requires == "pilot" and not CONTENT.characters[p["character"]].pilot:
        return "location_needs_pilot", "bsg:R302"
    if location.requires == "president" and state["president"] != seat:
        return "location_needs_president", "bsg:R220"
    if location.requires == "revealed_cylon" and not p["cylon"]:
        return "location_needs_revealed_cylon", "bsg:R212"
    barred = any(e.kind == "location_barred" and e.get("location") == loc
                 for a in CONTENT.characters[p["character"]].abilities for e in a.effects)
    if barred:
        return "location_barred", "bsg:R220"
    if loc not in LOCATION_ACTIONS:
        return "location_action_not_available", "bsg:R220"
    if loc == "ftl_control" and not CONTENT.board.jump_track[state["jump"]].blue:
        return "ftl_needs_blue_space", "bsg:R303"
    if loc == "hangar_deck" and not state["reserves"]["viper"] and not cylon_fleet.mk7_reserves(state) and not any(
            w["viper"] or cylon_fleet.mk7_in(state, a) for a, w in state["space"].items()) and not (
            daybreak.assault_raptors_in_reserves(state)):
        return "no_viper_to_launch", "bsg:R302"
    if loc == "armory" and not state["boarding"]:
        return "no_centurion_aboard", "bsg:R308"
    if loc == "weapons_control" and not any(vipers.ship_targets(state, a) for a in state["space"]):
        return "no_cylon_ship_to_attack", "bsg:R610"
    if loc == "communications" and not looks.civilian_picks(state, 1):
        return "no_civilian_ship_in_space", "bsg:R220"
    if loc == "main_batteries" and not any(w["basestar"] for w in state["space"].values()):
        return "no_basestar_to_attack", "bsg:R800"
    if loc == "airlock" and not brig_occupants(state):
        return "nobody_in_the_brig", "bsg:R450"
    if loc == "pegasus_cic" and not (state["decks"]["crisis"] or state["decks"]["crisis_discard"]):
        return "location_action_not_available", "bsg:R220"
    if loc == earth.BRIDGE:  # R1053
        return missions.bridge_refusal(state)
    if loc == earth.RAIDER_BAY:  # R316
        return rebel_basestar.bay_refusal(state, seat)
    return None


def brig_occupants(state: State) -> list[int]:
    """The characters in the Brig (revealed Cylons are never there, R430)."""
    return [p["seat"] for p in state["players"] if p["location"] == "brig" and not p["cylon"]]


def location_options(state: State, seat: int) -> list[dict[str, Any]]:
    """The arguments of every ``activate_location`` the seat may send now."""
    if location_refusal(state, seat) is not None:
        return []
    loc = state["players"][seat]["location"]
    if loc == earth.RAIDER_BAY:  # R316: the area the ships go to
        return rebel_basestar.bay_options(state, seat)
    for effect in CONTENT.locations[loc].effects:
        if effect.kind == "skill_check" and effect.get("target") == "other_chosen":
            return [{"target": s} for s in range(state["n"])
                    if s != seat and not state["players"][s]["cylon"]
                    and not state["players"][s].get("eliminated")]  # R978: out of the game
        if effect.kind == "skill_check" and effect.get("target") == "not_president_chosen":  # G217
            return [{"target": s} for s in range(state["n"])
                    if s != state["president"] and not state["players"][s]["cylon"]
                    and not state["players"][s].get("eliminated")]  # Administration: himself too
        if effect.kind == "skill_check" and effect.get("target") == "brig_occupant_chosen":  # the Airlock
            return [{"target": s} for s in brig_occupants(state) if s != seat]
        if effect.kind == "draw_skills" and len(effect.get("types")) > 1:
            return [{"pick": t} for t in effect.get("types")]
        if effect.kind == "launch_self":  # a viper; ``pick``: a Viper Mark VII (R916), an Assault Raptor (R623)
            areas = CONTENT.board.launch_areas()
            crafts: list[dict[str, Any]] = [{"area": a} for a in areas] if state["reserves"]["viper"] else [
                {"area": a, "pick": s} for a in areas for s in recall_sources(state)]  # R622 (RULINGS G211)
            if cylon_fleet.mk7_reserves(state):
                crafts += [{"area": a, "pick": "mk7"} for a in areas]
            elif not state["reserves"]["viper"]:  # R622: every viper is out, a Mark VII from the area he picks
                crafts += [{"area": a, "pick": f"mk7.{s}"} for a in areas for s in mk7_recall_sources(state)]
            if daybreak.assault_raptors_in_reserves(state):
                crafts += [{"area": a, "pick": daybreak.ASSAULT_RAPTOR} for a in areas]
            return crafts
        if effect.kind == "attack" and effect.get("attacker") == "galactica":  # G8: any Cylon ship anywhere
            return [{"area": a, "pick": t} for a in state["space"] for t in vipers.ship_targets(state, a)]
        if effect.kind == "attack" and effect.get("attacker") == "pegasus":  # Main Batteries: a basestar
            return [{"area": a, "pick": t} for a in state["space"] for t in vipers.ship_targets(state, a)
                    if t.startswith("basestar")]
        if effect.kind == "look_civilians":  # Communications (RULINGS G38)
            return looks.civilian_picks(state, int(effect.get("count")))
        if effect.kind == "attack" and effect.get("target") == "centurion":  # the Armory (RULINGS G214)
            return centurion_picks(state)
    return [{}]


def centurion_picks(state: State) -> list[dict[str, Any]]:
    """R308 (RULINGS G214): the centurion the Armory's user attacks, by its space on the Boarding Party track;
    nothing to pick while every centurion stands on one space."""
    spaces = sorted(set(state["boarding"]))
    return [{"pick": f"centurion.{s}"} for s in spaces] if len(spaces) > 1 else [{}]


def activate_location(ctx: Ctx, seat: int, target: int | None, pick: str | None, area: str | None = None) -> None:
    """R220 A: the action of the location the character stands in. A location's skill check (R500) is aimed
    at the chosen character (Administration, Admiral's Quarters) or at the player himself (the Brig)."""
    state = ctx.state
    refusal = location_refusal(state, seat)
    if refusal is not None:
        raise IllegalCommand(refusal[0], refusal[1])
    args: dict[str, Any] = {k: v for k, v in (("target", target), ("pick", pick), ("area", area)) if v is not None}
    if args not in location_options(state, seat):
        raise IllegalCommand("bad_location_target", "bsg:R220", **args)
    loc = state["players"][seat]["location"]
    ctx.emit("location_activated", seat=seat, location=loc, target=target)
    if loc == earth.BRIDGE:  # R1053, R231: a Mission's check at once, and no Crisis card after it
        missions.activate(ctx, seat)
        characters.after_location(ctx, seat)
        return
    if loc == earth.RAIDER_BAY:  # R316, R1065
        rebel_basestar.raider_bay(ctx, seat, str(area))
        characters.after_location(ctx, seat)
        go_to(ctx, "crisis")
        return
    effects = CONTENT.locations[loc].effects
    check = next((e for e in effects if e.kind == "skill_check"), None)
    if check is not None:
        aimed = seat if check.get("target") == "self" else target
        start_check(ctx, {"location": loc, "target": aimed}, "crisis")
        characters.after_location(ctx, seat)  # Roslin's Terminal Illness
        return
    for effect in effects:
        if effect.kind == "jump":
            characters.after_location(ctx, seat)
            _ftl_jump(ctx)
            return
        if effect.kind == "launch_self" and pick == daybreak.ASSAULT_RAPTOR:
            _launch_in_assault_raptor(ctx, seat, str(area))
            for own in sheet_effects(state, seat, "activate_own_viper"):
                vipers.start(ctx, seat, int(own.get("count")), "own")
        elif effect.kind == "launch_self":
            mk7, _, called = str(pick).partition(".")  # "mk7", or "mk7.<area>" called back (RULINGS G215)
            if mk7 == "mk7":
                _launch_self(ctx, seat, str(area), True, called or None)
            else:
                _launch_self(ctx, seat, str(area), False, pick if pick in recall_sources(state) else None)
            for own in sheet_effects(state, seat, "activate_own_viper"):  # Apollo, Starbuck
                vipers.start(ctx, seat, int(own.get("count")), "own")
        elif effect.kind == "attack" and effect.get("attacker") in ("galactica", "pegasus"):
            vipers.attack_ship(ctx, str(effect.get("attacker")), str(area), str(pick), seat)
        elif effect.kind == "look_deck":  # Pegasus CIC
            looks.peek(ctx, seat, effect.get("deck"), int(effect.get("count")), bool(effect.get("reorder")),
                       bool(effect.get("bottom")))
        elif effect.kind == "look_civilians":
            looks.look_civilians(ctx, seat, [a for a in (area, pick) if a is not None])
        elif effect.kind == "draw_quorum":  # President's Office (RULINGS C15)
            office = any(e.kind == "choose" for e in effects)
            quorum_hand.draw(ctx, seat, int(effect.get("count")), then_office=office)
        elif effect.kind == "choose" and any(e.kind == "play_quorum" for e in effect.nested()):
            continue  # the office's second part: a decision quorum.draw opens
        elif effect.kind == "activate_vipers":  # R301 (RULINGS G7), Tigh +1
            vipers.start(ctx, seat, int(effect.get("count")) + location_bonus(state, seat, loc), "unpiloted")
        elif effect.kind == "attack" and effect.get("target") == "centurion":
            _attack_centurion(ctx, seat, pick)
        else:
            apply_effect(ctx, effect, loc, actor=seat, picks=[pick] if pick else None)
    characters.after_location(ctx, seat)  # Roslin's Terminal Illness, once the location's text is done
    go_to(ctx, "crisis")


def _ftl_jump(ctx: Ctx) -> None:
    """R303, R703: from a blue space, a roll of 6 or less costs the population printed on it; then the
    fleet jumps, and the turn goes on with the Crisis."""
    state = ctx.state
    space = CONTENT.board.jump_track[state["jump"]]
    roll = human_roll(ctx, lambda r: r <= CONTENT.board.ftl_roll_loss_at_most)  # RULINGS G39, G41
    ctx.emit("die_rolled", roll=roll, at_least=CONTENT.board.ftl_roll_loss_at_most + 1,
             success=roll > CONTENT.board.ftl_roll_loss_at_most)
    if roll <= CONTENT.board.ftl_roll_loss_at_most and space.population:
        change_resources(ctx, {"population": -space.population})
    jump(ctx, then="crisis")
    if state["phase"] == "turn" and state["prompt"] is None and state["step"] == "action":
        go_to(ctx, "crisis")  # a jump that drew no Destination (RULINGS G200)


def mk7_recall_sources(state: State) -> list[str]:
    """R622 (RULINGS G215): the space areas holding an unpiloted Viper Mark VII a pilot may call back to fly
    it, while neither Reserves holds a viper (areas by number; none without the Cylon Fleet)."""
    if state["reserves"]["viper"] or cylon_fleet.mk7_reserves(state):
        return []
    return [a.id for a in sorted(CONTENT.board.space_areas, key=lambda a: a.number)
            if cylon_fleet.mk7_in(state, a.id)]


def recall_sources(state: State) -> list[str]:
    """R622: the space areas holding an unpiloted viper a pilot may call back to the Reserves to fly it, while
    the Reserves hold none (areas by number)."""
    if state["reserves"]["viper"]:
        return []
    return [a.id for a in sorted(CONTENT.board.space_areas, key=lambda a: a.number) if state["space"][a.id]["viper"]]


def _launch_self(ctx: Ctx, seat: int, area: str, mk7: bool = False, source: str | None = None) -> None:
    """R302, R622 (RULINGS G21, G211, G215): the pilot takes a viper from the Reserves (a Viper Mark VII if he
    picks one, R916), or, with none there, the unpiloted viper (or Mark VII) he picked in space (``source``),
    into a launch area; his standee leaves the location."""
    state = ctx.state
    if mk7:
        if source is not None:  # R622 (G215): every viper is in play, the unpiloted Mark VII he picked comes back
            state["mk7"]["space"][source] -= 1
            state["mk7"]["reserves"] += 1
            ctx.emit("viper_recalled", area=source)
        cylon_fleet.board_pilot(state, seat, area, True)
        ctx.player(seat)["location"] = None
        ctx.emit("pilot_launched", seat=seat, area=area)
        return
    if not state["reserves"]["viper"]:
        source = source if source is not None else recall_sources(state)[0]
        state["space"][source]["viper"] -= 1
        state["reserves"]["viper"] += 1
        ctx.emit("viper_recalled", area=source)
    state["reserves"]["viper"] -= 1
    p = ctx.player(seat)
    p["viper"] = area
    p["location"] = None
    ctx.emit("pilot_launched", seat=seat, area=area)


def _launch_in_assault_raptor(ctx: Ctx, seat: int, area: str) -> None:
    """R302 with Daybreak (R623, RULINGS G106): the pilot takes the Assault Raptor waiting in the Reserves."""
    state = ctx.state
    state["daybreak"]["assault_raptors"]["reserves"] -= 1
    p = ctx.player(seat)
    p["viper"] = area
    p["craft"] = daybreak.ASSAULT_RAPTOR
    p["location"] = None
    ctx.emit("pilot_launched", seat=seat, area=area)


def _attack_centurion(ctx: Ctx, seat: int, pick: str | None) -> None:
    """R308 (RULINGS G21, G214): a roll on the attack table destroys the centurion the player picked (``pick``,
    ``centurion.<space>``; with every centurion on one space, one of them). Helo adds his Marksman bonus."""
    state = ctx.state
    row = CONTENT.board.attack("armory", "centurion")
    bonus = attack_bonus(state, seat, "armory")
    roll = human_roll(ctx, lambda r: row.result(r + bonus) != "destroyed")
    hit = row.result(roll + bonus) == "destroyed"
    ctx.emit("attack_rolled", attacker="armory", target="centurion", area=None, roll=roll,
             result="destroyed" if hit else "missed")
    if hit:
        state["boarding"].remove(int(pick.split(".")[1]) if pick else state["boarding"][0])


def move_anywhere_targets(state: State, seat: int) -> list[str]:
    """Where a character an effect moves "anywhere" may go: a human location that is not hazardous. During
    New Caprica (R826): a New Caprica location (not the Medical Center nor Detention), and after Galactica's
    return hers and the Pegasus's (not destroyed) too; never Colonial One."""
    here = state["players"][seat]["location"]
    if planet.active(state):
        roles = planet.board().roles
        out = [loc for loc in planet.board().locations if loc not in (roles["sickbay"], roles["brig"], here)]
        if planet.returned(state):
            pegasus = state.get("pegasus")
            out += [loc.id for loc in CONTENT.locations.values() if not loc.hazardous and loc.id != here and (
                loc.ship == "galactica" or loc.ship == "pegasus" and pegasus is not None and not pegasus["destroyed"])]
        return out
    return [loc.id for loc in CONTENT.locations.values()
            if daybreak.location_in_play(state, loc.id) and earth.ship_side(state, loc.ship) == "human"
            and not loc.hazardous and loc.id != here]


def move_anywhere(ctx: Ctx, seat: int, location: str) -> None:
    if location not in move_anywhere_targets(ctx.state, seat):
        raise IllegalCommand("cannot_move_there", "bsg:R306", location=location)
    ctx.player(seat)["location"] = location
    ctx.state["prompt"] = None
    next_key(ctx.state)
    ctx.emit("character_moved", seat=seat, location=location)


# --- R230 Crisis ----------------------------------------------------------------------------------

def chooser_seat(state: State, chooser: str | None) -> int:
    if chooser in ("president", "admiral", "cag") and state.get(chooser) is not None:
        seat: int = state[chooser]
        return seat
    current: int = state["current"]
    return current


def draw_crisis(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    card = draw_from(ctx, "crisis")
    state["crisis"] = card
    ctx.emit("crisis_drawn", seat=seat, card=card)
    resolve_crisis(ctx, seat, card)


def cancel_crisis(ctx: Ctx, seat: int) -> None:
    """Religious Visions (RULINGS G37): while the Crisis card's check has no card in yet, or its choice is
    still open, Roslin discards it unresolved (the Destiny cards go back on their deck) and the next one is
    drawn and resolved instead."""
    state = ctx.state
    if characters.cancel_crisis_seat(state) != seat:
        raise IllegalCommand("ability_not_usable", "bsg:R230")
    if state["check"] is not None:
        state["decks"]["destiny"] += state["check"]["destiny"]
        state["check"] = None
    state["prompt"] = None
    daybreak.spend_once(ctx, seat)  # a Miracle token on a Daybreak table (R1010)
    state["decks"]["crisis_discard"].append(state["crisis"])
    ctx.emit("ability_used", seat=seat, ability="roslin_religious_visions", target=None)
    state["crisis"] = draw_from(ctx, "crisis")
    next_key(state)
    ctx.emit("crisis_drawn", seat=state["current"], card=state["crisis"])
    resolve_crisis(ctx, state["current"], state["crisis"])


def resolve_crisis(ctx: Ctx, seat: int, card: str) -> None:
    """R230: a skill check, a choice, or a Cylon attack / event's text."""
    state = ctx.state
    crisis = CONTENT.crises[card]
    if crisis.type == "skill_check":
        start_check(ctx, {"card": card, "option": None}, "activation")
    elif crisis.type == "choice":
        state["prompt"] = {"kind": "crisis_choice", "seat": chooser_seat(state, crisis.chooser), "card": card}
        next_key(state)
    else:  # cylon_attack (R601: carry out its text), event
        apply_effects(ctx, crisis.effects, card)
        go_to(ctx, "activation")


def choose_option(ctx: Ctx, seat: int, option: int) -> None:
    state = ctx.state
    prompt = state["prompt"]
    crisis = CONTENT.crises[prompt["card"]]
    if not 0 <= option < len(crisis.options):
        raise IllegalCommand("bad_option", "bsg:R005", option=option)
    state["prompt"] = None
    chosen = crisis.options[option]
    ctx.emit("crisis_option_chosen", seat=seat, card=prompt["card"], option=option, label=chosen.label)
    if chosen.check is not None:
        start_check(ctx, {"card": prompt["card"], "option": option}, "activation")
    else:
        apply_effects(ctx, chosen.effects, prompt["card"])
        go_to(ctx, "activation")


# --- R240 Activate Cylon ships --------------------------------------------------------------------

def _has(basestar: dict[str, Any], kind: str) -> bool:
    return any(t.id in basestar["damage"] for t in CONTENT.board.basestar_damage if t.kind == kind)


def hangar_disabled(basestar: dict[str, Any]) -> bool:
    return _has(basestar, "hangar_disabled")


def _launch(ctx: Ctx, ship: str, per_basestar: int, first: str | None = None) -> None:
    """Each basestar launches into its own area, unless its hangar is disabled (R605, R162); the basestars of
    ``first`` before the others (the active player's pick, R003), then by area (RULINGS G213)."""
    space = ctx.state["space"]
    for area in sorted(space, key=lambda a: (a != first, CONTENT.board.area(a).number)):
        for basestar in space[area]["basestar"]:
            if not _has(basestar, "hangar_disabled"):
                place_ships(ctx, ship, area, per_basestar)


def launch_choice(state: State, ships: dict[str, int] | None = None) -> list[str]:
    """R003 (RULINGS G213, G221): the areas the active player picks from, the one whose basestars launch
    first, when the supply holds fewer ships than the basestars with working hangars would launch (``ships``:
    how many of each kind each launches; Launch Raiders' 3 raiders by default) and those stand in more than
    one area; empty when there is nothing to pick (and always with the Cylon Fleet, whose placements follow
    R914, G75)."""
    if cylon_fleet.active(state):
        return []
    per = ships if ships is not None else {"raider": CONTENT.board.cylon_activation["launch_raiders"]}
    launching = [(a, b) for a, w in state["space"].items() for b in w["basestar"] if not hangar_disabled(b)]
    areas = sorted({a for a, _ in launching}, key=lambda a: CONTENT.board.area(a).number)
    short = any(0 < state["supply"][kind] < n * len(launching) for kind, n in per.items() if n)
    return areas if len(areas) > 1 and short else []


def launch_in_order(ctx: Ctx, ships: dict[str, int], first: str | None = None) -> None:
    """Each basestar with a working hangar launches ``ships`` into its area (R003, R605), the basestars of
    ``first`` first (the active player's pick, G221), then by area."""
    for ship, count in ships.items():
        if count:
            _launch(ctx, ship, count, first)


def launch_first(ctx: Ctx, seat: int, area: str) -> dict[str, Any]:
    """R003 (RULINGS G213, G221): the active player's pick of the area whose basestars launch first when raiders
    run short. The launch the prompt was asked for is made (the ``ships`` of the Cylon Fleet location, else a
    Launch Raiders icon's); after a crisis card's icon the icons left on it resolve. Returns the answered prompt:
    the Cylon Fleet location's text or a Super Crisis card goes on from it (``revealed.after_launch``)."""
    state = ctx.state
    prompt: dict[str, Any] = state["prompt"]
    if area not in prompt["areas"]:
        raise IllegalCommand("bad_launch_area", "bsg:R003", area=area)
    state["prompt"] = None
    next_key(state)
    ctx.emit("launch_order_chosen", seat=seat, area=area)
    launch_in_order(ctx, dict(prompt.get("ships") or {"raider": CONTENT.board.cylon_activation["launch_raiders"]}),
                    first=area)
    if "ships" not in prompt and "card" not in prompt:
        _resolve_icons(ctx, list(prompt["rest"]))
    return prompt


def board_first(ctx: Ctx, seat: int, area: str) -> None:
    """R003 (RULINGS G220): the active player's pick of the launch area whose heavy raiders board first when
    centurion tokens run short; then the icons left on the card resolve."""
    state = ctx.state
    prompt = state["prompt"]
    if area not in prompt["areas"]:
        raise IllegalCommand("bad_boarding_area", "bsg:R003", area=area)
    state["prompt"] = None
    next_key(state)
    ctx.emit("boarding_order_chosen", seat=seat, area=area)
    cylons.heavy_raiders(ctx, first=area)
    _resolve_icons(ctx, list(prompt["rest"]))


def _basestars_attack(ctx: Ctx) -> None:
    """R607: each basestar whose weapons work attacks Galactica (the attack table, R161); with the table's
    limit, not one activated earlier in the turn (RULINGS A3)."""
    state = ctx.state
    every = [(area, b) for area, where in state["space"].items() for b in where["basestar"]]
    due = [(area, b) for area, b in every if acted.basestar_due(state, b)]
    cylons.skipped_before(ctx, len(every) - len(due))
    for area, basestar in due:
        if state["phase"] != "turn":
            break
        acted.mark_basestar(state, basestar)
        if _has(basestar, "weapons_disabled"):
            continue
        cylons.attack_galactica(ctx, "basestar", area)


def activate_cylons(ctx: Ctx, seat: int) -> None:
    """The crisis card's activation icons, left to right (R240, R601)."""
    card = ctx.state["crisis"]
    _resolve_icons(ctx, list(CONTENT.crises[card].activation) if card is not None else [])


def activate_area(ctx: Ctx, seat: int, area: str) -> None:
    """R602: the active player picks the next space area whose raiders act."""
    if area not in cylons.areas_left(ctx.state):
        raise IllegalCommand("area_not_due", "bsg:R602", area=area)
    cylons.activate_area(ctx, area)
    if ctx.state["phase"] == "turn" and not ctx.state["activation"]["todo"]:
        rest = ctx.state["activation"]["rest"]
        ctx.state["activation"] = None
        _resolve_icons(ctx, rest)


def resolve_icons(ctx: Ctx, icons: list[str]) -> None:
    _resolve_icons(ctx, icons)


def _resolve_icons(ctx: Ctx, icons: list[str]) -> None:
    state = ctx.state
    while icons and state["phase"] == "turn":
        icon = icons.pop(0)
        if new_caprica.icon(ctx, icon):  # R832, R833: New Caprica's icons
            continue
        if icon == "raiders" and any(w["raider"] for w in state["space"].values()):
            ctx.emit("cylon_icon_activated", icon=icon)  # R602, R604: area by area, in the active player's order
            if cylons.start_raiders(ctx, icons):
                return
            continue  # every raider in play was activated earlier in the turn (RULINGS A3)
        if icon == "launch_raiders" and launch_choice(state):  # R003: which basestar launches first (G213)
            ctx.emit("cylon_icon_activated", icon=icon)
            state["prompt"] = {"kind": "launch_first", "seat": state["current"], "areas": launch_choice(state),
                               "rest": list(icons)}
            next_key(state)
            return
        if icon == "heavy_raiders" and cylons.boarding_choice(state):
            ctx.emit("cylon_icon_activated", icon=icon)  # R003: whose heavy raiders board first (G220)
            state["prompt"] = {"kind": "board_first", "seat": state["current"],
                               "areas": cylons.boarding_choice(state), "rest": list(icons)}
            next_key(state)
            return
        icon_effect(ctx, icon)
    go_to(ctx, "jump")


def icon_effect(ctx: Ctx, icon: str) -> None:
    """One activation icon, but for raiders in play (their areas act one by one: ``cylons``). With the Cylon
    Fleet, an icon that would do nothing puts a ship on the Cylon Fleet board instead (R912)."""
    state = ctx.state
    act = CONTENT.board.cylon_activation
    ctx.emit("cylon_icon_activated", icon=icon)
    if cylon_fleet.active(state) and icon in cylon_fleet.FALLBACK_SHIP and cylon_fleet.nothing_happens(state, icon):
        cylon_fleet.pursue(ctx, icon)
        return
    if icon == "launch_raiders":  # R605
        _launch(ctx, "raider", act["launch_raiders"])
    elif icon == "raiders":  # R604: none in play, every basestar launches 2
        _launch(ctx, "raider", act["raiders_when_none"])
    elif icon == "heavy_raiders":  # R606: none in play, every basestar launches 1
        if not cylons.heavy_raiders(ctx) and state["phase"] == "turn":
            _launch(ctx, "heavy_raider", act["heavy_raiders_when_none"])
    elif icon == "basestars":
        _basestars_attack(ctx)
    else:
        ctx.emit("cylon_activation_unresolved", icon=icon)


# --- R250 Jump preparation, R704 the jump -----------------------------------------------------------

def prepare_jump(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    card = state["crisis"]
    if planet.returned(state):  # R834: after the return no jump icon, the evacuation icon instead
        if card is not None:
            new_caprica.evacuate(ctx, card, seat)  # a decision (RULINGS G118)
    elif card is not None and CONTENT.crises[card].jump:
        move_jump_track(ctx, 1)
        if daybreak.is_mutineer(state, seat):  # R251: the Mutineer draws a Mutiny card
            mutiny.draw(ctx, seat)
    if planet.before_return(state) and CONTENT.board.jump_track[state["jump"]].auto:
        new_caprica.galactica_returns(ctx)  # R834: Galactica is back in orbit instead of a jump
    elif not planet.returned(state) and CONTENT.board.jump_track[state["jump"]].auto:
        jump(ctx, then="end")
    if state["phase"] == "turn" and state["prompt"] is None:
        go_to(ctx, "end")


def jump(ctx: Ctx, then: str) -> None:
    """R704: remove every ship, then the Admiral's Destination (or, past the objective, the win: R709); the
    turn goes on with ``then`` (the end after Jump Preparation, R706; the Crisis after FTL Control)."""
    state = ctx.state
    earth.remove_active(ctx)  # R1054: the Active Mission leaves its space at step A
    fleet = cylon_fleet.active(state)
    if fleet:  # R704 A, R918: the civilian ships stay, the Cylon ships go to the Cylon Fleet board
        cylon_fleet.jump_cylons(ctx)
    for area in state["space"]:
        where = state["space"][area]
        state["reserves"]["viper"] += where["viper"]
        if fleet:
            where["viper"] = 0
            continue
        state["decks"]["civilians"] += where["civilian"]
        for ship in ("raider", "heavy_raider"):
            state["supply"][ship] += where[ship]
        state["supply"]["basestar"] += len(where["basestar"])
        state["space"][area] = empty_area()
    acted.forget(state)
    daybreak.raptors_at_jump(ctx)  # R623: the Assault Raptors may stay (Daybreak)
    if not fleet:
        ctx.rng.shuffle(state["decks"]["civilians"])
    cylon_fleet.mk7_home(state)
    for p in state["players"]:
        if p["viper"] is not None and not daybreak.flies_assault_raptor(p):
            cylon_fleet.pilot_off(state, p["seat"])
            p["location"] = "hangar_deck"
    ctx.emit("fleet_jumped", distance=state["distance"])
    if state["objective_reached"] and not all(v > 0 for v in state["resources"].values()):
        # R709: with a resource at 0 the last jump is no win, and draws no Destination; a resource still at 0
        # when the turn ends is the Cylons' win (R708a), else the next jump wins (RULINGS G200)
        ctx.emit("winning_jump_blocked")
        state["jump"] = 0
        ctx.emit("jump_track_moved", steps=0, position=0)
        return  # the caller goes on with ``then`` (no Destination prompt is open)
    if state["objective_reached"]:  # R709 Kobol: the last jump, no Destination
        conflicted.goal_losses(ctx)  # R711 step 2: the hidden Personal Goals first
        reason = ("earth_reached" if earth.on(state)  # R1052
                  else "ionian_nebula_reached" if ionian.chosen(state) else "kobol_reached")  # R979
        end_game(ctx, "humans" if all(v > 0 for v in state["resources"].values()) else "cylons", reason)
        return
    admiral = chooser_seat(state, "admiral")
    count = 2
    specialist = quorum.holder(state, "destination_chooser")
    if specialist is not None:  # Assign Mission Specialist: its holder chooses, then the card is discarded
        admiral = specialist[0]
        count = int(next(e for e in CONTENT.quorum[specialist[1]].effects
                         if e.kind == "destination_chooser").get("draw"))
        quorum.discard_attached(ctx, specialist[1])
    elif state["admiral"] == admiral:  # Adama's Command Experience
        count = max([count] + [int(e.get("count")) for e in sheet_effects(state, admiral, "destination_draw")])
    cards = [draw_from(ctx, "destination") for _ in range(count)]
    state["prompt"] = {"kind": "destination", "seat": admiral, "cards": cards, "then": then}
    next_key(state)
    ctx.emit("destinations_drawn", visible_to=frozenset({admiral}), redacted={"seat": admiral}, seat=admiral,
             cards=cards)


def choose_destination(ctx: Ctx, seat: int, card: str) -> None:
    """R704 B-D: the chosen card face up, the other secretly to the bottom; distance, text, thresholds."""
    state = ctx.state
    prompt = state["prompt"]
    if card not in prompt["cards"]:
        raise IllegalCommand("bad_destination", "bsg:R704", card=card)
    other = list(prompt["cards"])
    other.remove(card)
    state["decks"]["destination"][:0] = other
    state["prompt"] = None
    dest = CONTENT.destinations[card]
    state["destinations"].append(card)
    state["distance"] += dest.distance
    ctx.emit("destination_chosen", seat=seat, card=card, distance=state["distance"])
    looks_at = [e for e in dest.effects if e.kind == "look_deck"]  # the Gas Cloud's, after the thresholds
    apply_effects(ctx, [e for e in dest.effects if e.kind != "look_deck"], card, actor=seat)
    objective = earth.objective_card(state)  # Kobol, or Earth in its place (R1051)
    if state["distance"] >= objective.sleeper_at and not state["sleeper_done"]:
        sleeper_phase(ctx)
    if objective_of(state["options"]) == NEW_CAPRICA:  # R820: the phase at 7, no Kobol
        if new_caprica.triggered(state):
            new_caprica.begin(ctx)
    elif ionian.chosen(state):  # R960: the Crossroads at 8, in place of step D; the turn waits for it
        if ionian.crossroads_triggered(state):
            ionian.begin_crossroads(ctx, prompt["then"])
            return
    elif state["distance"] >= objective.distance and not state["objective_reached"]:
        state["objective_reached"] = True
        ctx.emit("objective_reached", objective=objective.id)
    state["jump"] = 0
    ctx.emit("jump_track_moved", steps=0, position=0)
    if state["phase"] == "turn" and state["prompt"] is None:  # R704-C, L432 (G126): on the New Caprica deck
        for effect in looks_at[:1]:  # if the phase just began
            looks.peek(ctx, chooser_seat(state, "admiral"), effect.get("deck"), int(effect.get("count")),
                       bool(effect.get("reorder")), bool(effect.get("bottom")))
    go_to(ctx, prompt["then"])


def sleeper_phase(ctx: Ctx) -> None:
    """R405: every player draws 1 loyalty card (Boomer 2, RULINGS A1), from the active player round."""
    state = ctx.state
    state["sleeper_done"] = True
    ctx.emit("sleeper_phase")
    for i in range(state["n"]):
        seat = (state["current"] + i) % state["n"]
        if not state["players"][seat].get("leader"):  # R802e, RULINGS A29: a Leader draws none
            deal_loyalty(ctx, seat, 1 + extra_loyalty(state["players"][seat]["character"], "sleeper"))
    motives.deal_at_sleeper(ctx)  # R804: the Leader's 2 more Motive cards (Daybreak)
    loyalty.after_sleeper_deal(ctx)  # R403, R407: revealed Cylons give their cards away, the Sympathizer
    mutiny.after_sleeper(ctx)  # R405, R1026: the Mutineer dealt or still in the deck (Daybreak)


# --- R255 End of turn -----------------------------------------------------------------------------

def end_turn(ctx: Ctx) -> None:
    state = ctx.state
    if state["crisis"] is not None:
        boxed = planet.active(state) and CONTENT.crises[state["crisis"]].deck != "new_caprica"  # R821 step 6
        state["decks"]["crisis_boxed" if boxed else "crisis_discard"].append(state["crisis"])
        state["crisis"] = None
    state["discards"] = [p["seat"] for p in state["players"]
                         if len(p["hand"]) > hand_limit(state, p["seat"])]  # R008, Apollo's Headstrong
    next_key(state)
    finish_turn(ctx)


def stranded_targets() -> list[str]:
    return [loc.id for loc in CONTENT.locations.values() if loc.ship == "galactica" and not loc.hazardous]


def place_stranded(ctx: Ctx, seat: int, location: str) -> None:
    if location not in stranded_targets():
        raise IllegalCommand("cannot_move_there", "bsg:R456", location=location)
    p = ctx.player(seat)
    p["stranded"] = False
    p["location"] = location
    ctx.state["prompt"] = None
    ctx.emit("character_moved", seat=seat, location=location)
    next_key(ctx.state)
    finish_turn(ctx)


def discard_excess(ctx: Ctx, seat: int, card: str) -> None:
    """R008: the owner discards down to the hand limit (RULINGS G4)."""
    state = ctx.state
    p = ctx.player(seat)
    if seat not in state["discards"]:
        raise IllegalCommand("no_discard_due", "bsg:R008")
    if card not in p["hand"]:
        raise IllegalCommand("card_not_in_hand", "bsg:R008")
    p["hand"].remove(card)
    discard_skill(ctx, card)
    ctx.emit("skill_discarded", seat=seat, card=card)
    treachery.discarded_by_choice(ctx, seat, card)  # R1022
    if len(p["hand"]) <= hand_limit(state, seat):
        state["discards"].remove(seat)
        if any(e.get("sickbay") for e in sheet_effects(state, seat, "hand_limit")) \
                and p["location"] not in ("brig", "detention") and not p["cylon"]:
            # Kat's Stim Junkie (RULINGS G142): to Sickbay, but never out of the Brig (R437)
            ctx.emit("stim_junkie_sickbay", seat=seat)
            send_to(ctx, seat, "sickbay")
    next_key(state)
    finish_turn(ctx)


def discard_forced(ctx: Ctx, seat: int, card: str) -> None:
    """One card of a "discard N Skill cards" effect, chosen by its owner (RULINGS G4)."""
    state = ctx.state
    p = ctx.player(seat)
    if card not in p["hand"]:
        raise IllegalCommand("card_not_in_hand", "bsg:R260")
    p["hand"].remove(card)
    discard_skill(ctx, card)
    ctx.emit("skill_discarded", seat=seat, card=card)
    treachery.discarded_by_choice(ctx, seat, card)  # R1022
    left = state["forced"][str(seat)] - 1
    if left and p["hand"]:
        state["forced"][str(seat)] = left
    else:
        del state["forced"][str(seat)]
    _drop_settled_discards(state)
    next_key(state)
    if state["step"] == "end":
        finish_turn(ctx)


def _drop_settled_discards(state: State) -> None:
    """R008: a seat listed at the end of the turn as over the hand limit owes no more once other discards (a
    revealer's down to 3, R402a) have brought his hand within it."""
    state["discards"] = [s for s in state["discards"] if len(state["players"][s]["hand"]) > hand_limit(state, s)]


def risk_raptor(ctx: Ctx, seat: int, risk: bool) -> None:
    """The answer to an optional raptor gamble (RULINGS C6): risk it, or let the chance go."""
    state = ctx.state
    prompt = state["prompt"]
    state["prompt"] = None
    next_key(state)
    effect = effect_at(prompt["source"], prompt["index"])
    ctx.emit("raptor_risk_answered", seat=seat, risk=risk)
    if risk:
        roll_raptor(ctx, effect, prompt["source"], seat)
    if state["step"] == "end":
        finish_turn(ctx)


def send_targets(state: State) -> list[int]:
    """The characters a card's chooser may send to the Brig or Sickbay: any but a revealed Cylon's (R430); any
    at all for an execution a revealed Cylon cannot ignore (R459)."""
    prompt = state.get("prompt") or {}
    return [p["seat"] for p in state["players"] if (not p["cylon"] or prompt.get("cylons_too"))
            and not p.get("eliminated")]  # R978: out of the game


def choose_target(ctx: Ctx, seat: int, target: int) -> None:
    state = ctx.state
    if target not in send_targets(state):
        raise IllegalCommand("bad_target", "bsg:R430", target=target)
    where = state["prompt"]["send_to"]
    cylons_too = bool(state["prompt"].get("cylons_too"))
    state["prompt"] = None
    next_key(state)
    ctx.emit("character_chosen_for", seat=seat, target=target, location=where)
    if where == EXECUTION:  # R450: executed once this command is done (executions.py)
        queue_execution(state, target, cylons_too)
    else:
        send_to(ctx, target, where)
    if state["step"] == "end":
        finish_turn(ctx)


def title_targets(state: State) -> list[int]:
    """The characters a card's chooser may give the prompt's title to (RULINGS G202): a human player's who may hold
    it (not a revealed Cylon, not an infiltrated Cylon Leader, R425, not barred by his sheet; for the Admiral or
    the CAG not in the Brig, R423), the chooser and the holder too."""
    title = state["prompt"]["title"]
    out = []
    for p in state["players"]:
        if p["cylon"] or infiltrator(p) or p.get("eliminated") or (title != "president" and p["location"] == "brig"):
            continue
        if any(e.kind == "title_barred" and e.get("title") == title
               for a in CONTENT.characters[p["character"]].abilities for e in a.effects):
            continue
        out.append(p["seat"])
    return out


def give_title(ctx: Ctx, seat: int, target: int) -> None:
    """The chooser's pick of a card's "gives the title to a character of his choice" (RULINGS G202); the
    title's belongings (the President's Quorum cards, the Admiral's nukes) follow it after the command."""
    state = ctx.state
    if target not in title_targets(state):
        raise IllegalCommand("bad_target", "bsg:R422", target=target)
    title = state["prompt"]["title"]
    state["prompt"] = None
    next_key(state)
    state[title] = target
    ctx.emit("title_given", title=title, seat=target)
    if state["step"] == "end":
        finish_turn(ctx)


def finish_turn(ctx: Ctx) -> None:
    """Once the discards and the stranded placement are done: R708a, then the next player (R255)."""
    state = ctx.state
    _drop_settled_discards(state)
    if state["discards"] or state["forced"] or state["prompt"] is not None or state["phase"] != "turn" \
            or state["give_away"] or state.get("cag_civilians") or state.get("civilian_pick") \
            or daybreak.blocking(state) \
            or ionian.crossroads_active(state) or trauma.blocking(state):
        return
    quorum_hand.over_limit(ctx)  # R008: the President's Quorum hand, once no other question is open
    if state["prompt"] is not None:
        return
    p = ctx.player(state["current"])
    later = state.get("stranded_later", [])
    if p["seat"] in later:  # R456: a Helo who replaced an executed character in this turn: the next one
        later.remove(p["seat"])
        if not later:
            del state["stranded_later"]
    elif p["stranded"]:  # RULINGS C4: placed at the end of his first turn
        state["prompt"] = {"kind": "place_stranded", "seat": p["seat"]}
        next_key(state)
        return
    if any(v <= 0 for v in state["resources"].values()):
        end_game(ctx, "cylons", "resource_exhausted")
        return
    state["players"][state["current"]]["turns"] += 1
    acted.forget(state)  # R602: once in a given player's turn
    state["current"] = left_of(state, state["current"])
    state["turn_no"] += 1
    state["step"] = "receive"
    next_key(state)
    ctx.emit("turn_started", seat=state["current"], turn=state["turn_no"])
    trauma.turn_started(ctx)  # R202
    if state["players"][state["current"]].pop("skip_receive", False):  # R203: Anders as a new character
        ctx.emit("receive_skipped", seat=state["current"])
        go_to(ctx, "move")
