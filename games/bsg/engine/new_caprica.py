"""Pegasus's New Caprica objective (bsg:R820-R838; RULINGS G110-G128): the phase's trigger and setup, the
occupation forces, the civilian ships grounded on the planet, and the two die rolls of the board.

``state["new_caprica"]`` (only once the phase has begun; a table without it is unchanged):
``{"returned": bool`` (Galactica back in orbit, R834), ``"occupation": [location ids]`` (one entry per
occupation forces token on the board, R833), ``"locked_down": [civilian ids]``, ``"operational": [civilian
ids]`` (the two stacks by the Shipyard, the top of a stack its last element, R821 step 5, R834)``}``.

The Crisis deck's pile ``decks["crisis"]`` holds the New Caprica Crisis deck once the phase begins (R831: what
affects the Crisis deck affects it), the boxed cards lie in ``decks["crisis_boxed"]``. The board's actions and
the departure are in ``occupation.py``; the Gas Cloud's look at the deck in ``turns.choose_destination``
(RULINGS G126). An evacuation waits for the active player's choice: ``state["prompt"]`` ``{"kind": "evacuate",
"seat"}`` (RULINGS G118).
"""

from __future__ import annotations

from games.bsg.engine import cylon_fleet, daybreak, effects
from games.bsg.engine.content import OCCUPATION_ICON
from games.bsg.engine.planet import active, board, returned
from games.bsg.engine.setup import place_ships
from games.bsg.engine.state import CONTENT, Ctx, State, next_key
from games.engine.core import IllegalCommand


def triggered(state: State) -> bool:
    """R820: the phase begins as soon as the humans have travelled 7 or more, once."""
    return not active(state) and state["distance"] >= board().trigger_distance


def begin(ctx: Ctx) -> None:
    """R821, in its order (RULINGS G112): the ships in space and the centurions stay where they are (step 2);
    the humans go to Resistance HQ and the Cylons to Occupation Authority (3, 4; a pilot leaves his viper,
    which goes to the Reserves); every civilian ship not destroyed, in space or in the pile, is stacked
    locked-down by the Shipyard (5: those in space first, area by area, then the pile in its order, so the
    pile's top is the stack's top); the Crisis deck and its discards are boxed and the New Caprica Crisis deck
    shuffled in its place (6, R831); the fleet token goes back to Start (7). With Daybreak (R821, R1070; RULINGS
    G127) a pilot's Assault Raptor and the unpiloted ones in space go to the Reserves and Colonial One is flipped
    to its destroyed side (nobody is aboard by then)."""
    state = ctx.state
    roles = board().roles
    for p in state["players"]:
        if daybreak.flies_assault_raptor(p):  # R821 Daybreak: the pilots too go to Resistance HQ
            daybreak.release_craft(state, p)
        elif p["viper"] is not None:
            cylon_fleet.pilot_off(state, p["seat"])
        p["stranded"] = False
        p["location"] = roles["cylon_start"] if p["cylon"] else roles["human_start"]
    locked: list[str] = []
    for area in sorted(CONTENT.board.space_areas, key=lambda a: a.number):
        locked += state["space"][area.id]["civilian"]
        state["space"][area.id]["civilian"] = []
    locked += state["decks"]["civilians"]
    state["decks"]["civilians"] = []
    state["new_caprica"] = {"returned": False, "occupation": [], "locked_down": locked, "operational": []}
    raptors = daybreak.assault_raptors(state)
    if raptors is not None and raptors["space"]:  # R821, R1070 (Daybreak): the Assault Raptors to the Reserves
        raptors["reserves"] += sum(raptors["space"].values())
        raptors["space"] = {}
        ctx.emit("assault_raptors_returned")
    effects.destroy_sheet(ctx, "colonial_one")  # R821 (Daybreak): Colonial One flipped; nothing without it
    decks = state["decks"]  # step 6: the Crisis deck is boxed, the New Caprica deck takes its place (R831)
    decks["crisis_boxed"] = decks["crisis"] + decks["crisis_discard"]
    decks["crisis"] = ctx.rng.shuffled(list(CONTENT.new_caprica_deck()))
    decks["crisis_discard"] = []
    state["jump"] = 0
    ctx.emit("new_caprica_began", locked_down=len(locked))


def destroy_civilian(ctx: Ctx) -> str | None:
    """R837 (and R833's Shipyard): the top locked-down civilian ship is destroyed, otherwise the top operational
    one; with both stacks empty nothing is (``effects.destroy_civilians``, ``planet.pop_civilian``)."""
    destroyed = ctx.state["decks"]["civilians_destroyed"]
    before = len(destroyed)
    effects.destroy_civilians(ctx, 1)
    return str(destroyed[-1]) if len(destroyed) > before else None


def activate_occupation(ctx: Ctx) -> None:
    """R833 (RULINGS G110, G111): with no token on the board one enters at Occupation Authority, if the supply
    has one (R003). Otherwise every token moves one space right along the track; then each token standing in
    the Shipyard is removed and destroys a civilian ship (R837)."""
    state = ctx.state
    nc = state["new_caprica"]
    b = board()
    if not nc["occupation"]:
        nc["occupation"].append(b.roles["enter"])
        ctx.emit("occupation_placed", location=b.roles["enter"])
        return
    track = b.occupation_track
    nc["occupation"] = [track[min(track.index(loc) + 1, len(track) - 1)] for loc in nc["occupation"]]
    ctx.emit("occupation_moved", locations=list(nc["occupation"]))
    shipyard = b.roles["shipyard"]
    while shipyard in nc["occupation"]:
        nc["occupation"].remove(shipyard)
        ctx.emit("occupation_removed", location=shipyard)
        destroy_civilian(ctx)


def place_occupation(ctx: Ctx, location: str) -> bool:
    """An occupation forces token placed by an effect, if the supply has one left (R003)."""
    nc = ctx.state["new_caprica"]
    if len(nc["occupation"]) >= board().occupation_tokens:
        return False
    nc["occupation"].append(location)
    ctx.emit("occupation_placed", location=location)
    return True


def attack_hits(roll: int) -> bool:
    """R829: an attack on the occupation forces removes a token on 5 or more (the roll as modified)."""
    return roll >= board().attack_at_least


def remove_occupation(ctx: Ctx, location: str) -> None:
    """R829: one occupation forces token leaves the attacker's location."""
    ctx.state["new_caprica"]["occupation"].remove(location)
    ctx.emit("occupation_removed", location=location)


def arrest_destination(roll: int) -> str | None:
    """R830: where an arrested human goes: Detention on 1-3, the Medical Center on 4-7, nowhere on 8."""
    return board().arrest[min(max(roll, 1), 8)]


def icon(ctx: Ctx, name: str) -> bool:
    """R832, R833: a New Caprica crisis's activation icon during the phase. The occupation forces icon activates
    them; before the return every Cylon ship icon is ignored. True when the icon was handled here."""
    state = ctx.state
    if not active(state):
        return False
    if name == OCCUPATION_ICON:
        ctx.emit("cylon_icon_activated", icon=name)
        activate_occupation(ctx)
        return True
    if not state["new_caprica"]["returned"]:
        ctx.emit("new_caprica_ignored", card=state["crisis"], effect=name)
        return True
    return False


def galactica_returns(ctx: Ctx) -> None:
    """R834 1-3: the fleet token reached Auto Jump; Galactica is back in orbit: 1 basestar and 4 raiders in each
    area above her, 2 vipers launched into each launch-icon area; from now on the Cylon ship icons act and the
    jump track is no longer used (with the Cylon Fleet the ships come as R914 says: ``place_ships``)."""
    state = ctx.state
    b = board()
    state["new_caprica"]["returned"] = True
    state["jump"] = 0
    ctx.emit("galactica_returned")
    for area in sorted(CONTENT.board.space_areas, key=lambda a: a.number):
        if area.above:
            for ship in ("basestar", "raider"):
                place_ships(ctx, ship, area.id, b.return_above.get(ship, 0))
    for area in sorted(CONTENT.board.space_areas, key=lambda a: a.number):
        if area.launch:
            place_ships(ctx, "viper", area.id, b.return_vipers)


def evacuation_areas() -> list[str]:
    """R834: the space areas an evacuated civilian ship may go to: those with a viper launch icon, in order."""
    return [a.id for a in sorted(CONTENT.board.space_areas, key=lambda a: a.number) if a.launch]


def evacuate(ctx: Ctx, card: str, seat: int) -> None:
    """R834 after the return (RULINGS G118): a New Caprica crisis's evacuation icon makes the active player
    (``seat``) move the top operational civilian ship into a launch-icon area of his choice: a decision
    (``state["prompt"]`` ``{"kind": "evacuate", "seat"}``), answered by ``evacuate_to``; with one such area only
    the ship goes there at once. No operational ship: the icon is ignored."""
    state = ctx.state
    if not (returned(state) and CONTENT.crises[card].evacuation):
        return
    if not state["new_caprica"]["operational"]:
        return
    areas = evacuation_areas()
    if len(areas) == 1:
        _lift_off(ctx, areas[0])
        return
    state["prompt"] = {"kind": "evacuate", "seat": seat}
    next_key(state)


def evacuate_to(ctx: Ctx, seat: int, area: str) -> None:
    """The active player's choice of the launch-icon area (R834, RULINGS G118)."""
    prompt = ctx.state["prompt"]
    if prompt is None or prompt["kind"] != "evacuate" or prompt["seat"] != seat or area not in evacuation_areas():
        raise IllegalCommand("bad_evacuation_area", "bsg:R834", area=area)
    ctx.state["prompt"] = None
    next_key(ctx.state)
    _lift_off(ctx, area)


def _lift_off(ctx: Ctx, area: str) -> None:
    civ = ctx.state["new_caprica"]["operational"].pop()
    ctx.state["space"][area]["civilian"].append(civ)
    ctx.emit("civilian_evacuated", civilian=civ, area=area)


def make_operational(ctx: Ctx) -> str | None:
    """R834: the top locked-down civilian ship goes to the bottom of the operational stack."""
    nc = ctx.state["new_caprica"]
    if not nc["locked_down"]:
        return None
    civ = str(nc["locked_down"].pop())
    nc["operational"].insert(0, civ)
    ctx.emit("civilian_made_operational", civilian=civ)
    return civ
