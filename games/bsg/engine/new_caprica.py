"""Pegasus's New Caprica objective (bsg:R820-R838; RULINGS G110-G115): the phase's trigger and setup, the
occupation forces, the civilian ships grounded on the planet, and the two die rolls of the board.

``state["new_caprica"]`` (only once the phase has begun; a table without it is unchanged):
``{"returned": bool`` (Galactica back in orbit, R834), ``"occupation": [location ids]`` (one entry per
occupation forces token on the board, R833), ``"locked_down": [civilian ids]``, ``"operational": [civilian
ids]`` (the two stacks by the Shipyard, the top of a stack its last element, R821 step 5, R834)``}``.

Not built yet: the New Caprica Crisis deck (R831, R832), the jump preparation and evacuation icons and
Galactica's return (R834), the Admiral's departure and the end (R835, R459, R838), and the ``objective``
table option that would start all this; the functions below are the rules those steps will call.
"""

from __future__ import annotations

from games.bsg.engine.content import NewCaprica
from games.bsg.engine.effects import change_resources
from games.bsg.engine.state import CONTENT, Ctx, State


def board() -> NewCaprica:
    nc = CONTENT.new_caprica
    assert nc is not None  # the packaged content always has it (content.load_new_caprica)
    return nc


def active(state: State) -> bool:
    """Whether the New Caprica phase has begun (R820)."""
    return state.get("new_caprica") is not None


def returned(state: State) -> bool:
    """Whether Galactica is back in New Caprica's orbit (R834)."""
    return bool(active(state) and state["new_caprica"]["returned"])


def triggered(state: State) -> bool:
    """R820: the phase begins as soon as the humans have travelled 7 or more, once."""
    return not active(state) and state["distance"] >= board().trigger_distance


def begin(ctx: Ctx) -> None:
    """R821, in its order (RULINGS G112): the ships in space and the centurions stay where they are (step 2);
    the humans go to Resistance HQ and the Cylons to Occupation Authority (3, 4; a pilot leaves his viper,
    which goes to the Reserves); every civilian ship not destroyed, in space or in the pile, is stacked
    locked-down by the Shipyard (5: those in space first, area by area, then the pile in its order, so the
    pile's top is the stack's top); the fleet token goes back to Start (7). Step 6, the New Caprica Crisis
    deck, is not built yet."""
    state = ctx.state
    roles = board().roles
    for p in state["players"]:
        if p["viper"] is not None:
            state["reserves"]["viper"] += 1
            p["viper"] = None
        p["stranded"] = False
        p["location"] = roles["cylon_start"] if p["cylon"] else roles["human_start"]
    locked: list[str] = []
    for area in sorted(CONTENT.board.space_areas, key=lambda a: a.number):
        locked += state["space"][area.id]["civilian"]
        state["space"][area.id]["civilian"] = []
    locked += state["decks"]["civilians"]
    state["decks"]["civilians"] = []
    state["new_caprica"] = {"returned": False, "occupation": [], "locked_down": locked, "operational": []}
    state["jump"] = 0
    ctx.emit("new_caprica_began", locked_down=len(locked))


def destroy_civilian(ctx: Ctx) -> str | None:
    """R837 (and R833's Shipyard): the top locked-down civilian ship is destroyed, otherwise the top operational
    one; with both stacks empty nothing is. A destroyed ship is shown, its loss suffered, and it leaves the
    game (the example of L872-879)."""
    state = ctx.state
    nc = state["new_caprica"]
    pile = nc["locked_down"] or nc["operational"]
    if not pile:
        return None
    civ = str(pile.pop())
    state["decks"]["civilians_destroyed"].append(civ)
    loss = next(c.loss for c in CONTENT.board.civilians if c.id == civ)
    ctx.emit("civilian_destroyed", area=None, civilian=civ, loss=dict(loss))
    if loss:
        change_resources(ctx, {k: -v for k, v in loss.items()})
    return civ


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


def redirect(state: State, location: str, seat: int) -> str:
    """R825 a-c: while a character stands on New Caprica, Sickbay is the Medical Center and the Brig is
    Detention (a Cylon never goes to Detention, R825g); until Galactica returns, the Resurrection Ship is the
    Medical Center for everyone."""
    if not active(state):
        return location
    b = board()
    on_planet = state["players"][seat]["location"] in b.locations
    if location == "resurrection_ship" and not state["new_caprica"]["returned"]:
        return b.roles["resurrection"]
    if on_planet and location == "sickbay":
        return b.roles["sickbay"]
    if on_planet and location == "brig" and not state["players"][seat]["cylon"]:
        return b.roles["brig"]
    return location
