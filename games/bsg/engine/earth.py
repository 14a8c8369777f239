"""Daybreak's Earth objective, "Search for Home" (bsg:R1050-R1066): its state and the low-level rules the rest of
the engine asks about. Present only at a table whose ``objective`` option is ``earth`` (R147), so another
table's state is unchanged.

- ``decks["mission"]`` (face down, secret order: R1053) and ``decks["mission_discard"]`` (face up, R1054).
- ``state["earth"]``:

  - ``active``: the card on the Active Mission space, ``{"card", "face_up"}``, or ``None`` (R1053);
  - ``beside``: the distance Missions placed beside the Earth Objective card (R1054, R1055);
  - ``allegiance``: the Rebel Basestar's marker, ``None`` until "Cylon Civil War" brings it into play, then
    ``human`` or ``cylon`` (R1060);
  - ``bay``: a Raider Bay's placement still being activated (``rebel_basestar.py``, R1065, R1066).

The Bridge and the Mission checks are ``missions.py``; the Rebel Basestar's actions ``rebel_basestar.py``.
This module sits below the checks and the daybreak module so that both can ask it.
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine.content import Objective
from games.bsg.engine.options import EARTH, KOBOL
from games.bsg.engine.options import objective as objective_of
from games.bsg.engine.state import CONTENT, Ctx, State, next_key

DEMETRIUS = "demetrius"
REBEL_BASESTAR = "rebel_basestar"
BRIDGE = "demetrius_bridge"
RAIDER_BAY = "raider_bay"


def on(state: State) -> bool:
    """The table plays the Earth objective (R147, R1050)."""
    return objective_of(state.get("options", {})) == EARTH


def objective_card(state: State) -> Objective:
    """The table's objective card: Earth replaces Kobol (R1051 step 2); New Caprica's tables read Kobol's
    Sleeper Agent threshold (R820)."""
    wanted = EARTH if on(state) else KOBOL
    return next(o for o in CONTENT.board.objectives if o.id == wanted)


def setup(ctx: Ctx) -> None:
    """R1051: after Daybreak's setup, the Mission deck is shuffled beside the Demetrius; the Rebel Basestar and
    its allegiance marker wait until "Cylon Civil War" (R1060)."""
    state = ctx.state
    state["decks"]["mission"] = ctx.rng.shuffled(sorted(CONTENT.missions))
    state["decks"]["mission_discard"] = []
    state["earth"] = {"active": None, "beside": [], "allegiance": None, "bay": None}


def allegiance(state: State) -> str | None:
    """The Rebel Basestar's allegiance marker: ``human``, ``cylon``, or None while it is not in play (R1060)."""
    if not on(state):
        return None
    side: str | None = state["earth"]["allegiance"]
    return side


def ship_side(state: State, ship: str) -> str:
    """Whose ship it is for movement and actions: the Rebel Basestar's by its marker (R1061, R1062)."""
    if ship == REBEL_BASESTAR:
        return allegiance(state) or "human"
    return CONTENT.ships[ship].side


def location_in_play(state: State, location: str) -> bool:
    """The Rebel Basestar's locations are in play only once its marker is on the board (R1060)."""
    return CONTENT.locations[location].ship != REBEL_BASESTAR or allegiance(state) is not None


def cylon_move_costs(here: str | None, ship: str) -> bool:
    """R1062: a Cylon player discards 1 Skill card to move between the Cylon locations and the Rebel Basestar."""
    return here is not None and here != ship and REBEL_BASESTAR in (here, ship)


def active(state: State) -> dict[str, Any] | None:
    """The card on the Active Mission space (R1053)."""
    if not on(state):
        return None
    found: dict[str, Any] | None = state["earth"]["active"]
    return found


def mission_result(ctx: Ctx, mission: str, outcome: str) -> None:
    """After a Mission's success or failure result (R1054): a distance Mission's success adds its distance at
    once (R1055); its failure turns it face down. "Cylon Civil War" puts the Rebel Basestar into play, its
    marker human side up on a success and Cylon side up on a failure (R1060)."""
    state = ctx.state
    card = CONTENT.missions[mission]
    if card.distance and outcome == "pass":
        state["distance"] += card.distance
        ctx.emit("mission_distance", card=mission, distance=state["distance"])
        goal = objective_card(state)
        if state["distance"] >= goal.distance and not state["objective_reached"]:  # R1052: the next jump wins
            state["objective_reached"] = True
            ctx.emit("objective_reached", objective=goal.id)
    elif card.distance:
        state["earth"]["active"]["face_up"] = False
        ctx.emit("mission_turned_down", card=mission)
    if card.allegiance:
        side = "human" if outcome == "pass" else "cylon"
        state["earth"]["allegiance"] = side
        ctx.emit(f"rebel_basestar_{side}")
    next_key(state)


def remove_active(ctx: Ctx) -> None:
    """R1054, at step A of every jump: a face-up Mission with a distance goes beside the Earth card (counted
    already, R1055), a face-up one without to the face-up discard pile, a face-down one back into the deck,
    which is shuffled."""
    state = ctx.state
    card = active(state)
    if card is None:
        return
    mission = card["card"]
    state["earth"]["active"] = None
    if not card["face_up"]:
        state["decks"]["mission"].append(mission)
        ctx.rng.shuffle(state["decks"]["mission"])
        ctx.emit("mission_removed", card=mission, to="deck")
    elif CONTENT.missions[mission].distance:
        state["earth"]["beside"].append(mission)
        ctx.emit("mission_removed", card=mission, to="earth")
    else:
        state["decks"]["mission_discard"].append(mission)
        ctx.emit("mission_removed", card=mission, to="discard")
    next_key(state)


def resume_bay(state: State) -> None:
    """R1066: once the original Apollo has activated the Raider Bay viper he took, the activations of the
    player who activated the Raider Bay go on (``rebel_basestar.apollo_takes_viper``)."""
    if not on(state) or state["earth"].get("bay") is None or state.get("viper_acts") is not None:
        return
    acts = state["earth"]["bay"]
    state["earth"]["bay"] = None
    if acts["left"] > 0 and any(n > 0 and state["space"][a]["viper"] for a, n in acts["bay"].items()):
        state["viper_acts"] = acts
    next_key(state)
