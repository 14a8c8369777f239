"""What the rest of the engine asks about Pegasus's New Caprica phase (bsg:R820-R838): whether it is on,
whether Galactica is back in orbit, where Sickbay, the Brig and the Resurrection Ship lead (R825), which
civilian ship a destruction takes (R837), and what is ignored before the return (R834). The phase itself is
``new_caprica.py``; this module sits below the effects so that they can ask it."""

from __future__ import annotations

from games.bsg.engine.content import NewCaprica
from games.bsg.engine.state import CONTENT, State

RESURRECTION = "resurrection_ship"


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


def before_return(state: State) -> bool:
    """R834: the phase is on and Galactica is not back yet (ships around her, the centurions, her and the
    Pegasus's locations are out of reach)."""
    return active(state) and not state["new_caprica"]["returned"]


def on_planet(state: State, seat: int) -> bool:
    return state["players"][seat]["location"] in board().locations


def redirect(state: State, location: str, seat: int) -> str:
    """R825 a-c (RULINGS G115): while a character stands on New Caprica, Sickbay is the Medical Center and the
    Brig is Detention (a Cylon never goes to Detention, R825g); until Galactica returns, the Resurrection Ship is
    the Medical Center for everyone."""
    if not active(state):
        return location
    roles = board().roles
    if location == RESURRECTION and not state["new_caprica"]["returned"]:
        return roles["resurrection"]
    if on_planet(state, seat) and location == "sickbay":
        return roles["sickbay"]
    if on_planet(state, seat) and location == "brig" and not state["players"][seat]["cylon"]:
        return roles["brig"]
    return location


def brig_for(state: State, seat: int) -> str:
    """What "the Brig" means in an ability of this seat's character or, for the President, in his Quorum
    cards: Detention while he stands on New Caprica (R825d, R825e)."""
    if active(state) and on_planet(state, seat):
        return str(board().roles["brig"])
    return "brig"


def pop_civilian(state: State) -> str | None:
    """R837: the civilian ship a destruction takes during the phase: the top locked-down one, otherwise the top
    operational one; None when both stacks are empty."""
    nc = state["new_caprica"]
    pile = nc["locked_down"] or nc["operational"]
    return str(pile.pop()) if pile else None


def ship_of(location: str) -> str:
    """The ship (or the planet, ``new_caprica``) a location is on."""
    return "new_caprica" if location in board().locations else CONTENT.locations[location].ship


def move_targets(state: State, seat: int) -> list[tuple[str, bool]]:
    """R826 (RULINGS G119): (location, costs a discard) for every place the seat may move to during the phase.
    Before the return only the New Caprica locations; after it the humans may also go to Galactica and the
    Pegasus, the Cylons to their own locations, a change between the planet and a ship (or between ships)
    costing a Skill card. Colonial One never. Nobody moves into the Medical Center or Detention (they stand
    for Sickbay and the Brig, R214), and nobody moves out of Detention (as from the Brig, RULINGS C16)."""
    p = state["players"][seat]
    roles = board().roles
    here = p["location"]
    if here == roles["brig"]:
        return []
    here_ship = None if here is None else ship_of(here)
    flying = p["viper"] is not None
    closed = (roles["sickbay"], roles["brig"], here)
    out = [(loc, flying or (here_ship is not None and here_ship != "new_caprica"))
           for loc in board().locations if loc not in closed]
    if not state["new_caprica"]["returned"]:
        return out
    pegasus = state.get("pegasus")
    for loc in CONTENT.locations.values():
        if loc.id == here or loc.hazardous or loc.ship == "colonial_one":
            continue
        if p["cylon"]:
            if CONTENT.ships[loc.ship].side != "cylon" or (loc.set != "base" and loc.ship != "cylon_locations"):
                continue
            out.append((loc.id, here_ship == "new_caprica"))
        elif loc.ship == "galactica" or (loc.ship == "pegasus" and pegasus is not None and not pegasus["destroyed"]):
            out.append((loc.id, flying or here_ship != loc.ship))
    return out
