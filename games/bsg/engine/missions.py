"""The Demetrius Bridge and the Mission cards of Daybreak's Earth objective (bsg:R315, R1053-R1055, R231, R510).

Activating the Bridge turns up the top Mission card onto the Active Mission space and holds its skill check at
once (R1053); the active player who did so draws no Crisis card, and with no Crisis card his turn has no Cylon
ship activation and no Jump Preparation either (R231, RULINGS G182). The check is a Mission check (``{"mission":
id}`` as its source, ``checks.py``): nothing that affects Crisis cards or skill checks changes it and no skill
check ability resolves; the limits on how many cards a player may put in still hold (R510). Its result's
distance, face-down turn and the Rebel Basestar's allegiance are ``earth.mission_result``; the card leaves the
space at the next jump (``earth.remove_active``, R1054).
"""

from __future__ import annotations

from games.bsg.engine import earth
from games.bsg.engine.checks import start_check
from games.bsg.engine.decks import draw_from
from games.bsg.engine.state import Ctx, State


def bridge_refusal(state: State) -> tuple[str, str] | None:
    """Why the Bridge cannot be activated now: a card on the Active Mission space (R1053), or no Mission card
    left in the deck nor in the discard pile (they all lie beside the Earth card or on the space)."""
    if earth.active(state) is not None:
        return "mission_already_active", "bsg:R1053"
    if not state["decks"]["mission"] and not state["decks"]["mission_discard"]:
        return "no_mission_left", "bsg:R1053"
    return None


def activate(ctx: Ctx, seat: int) -> None:
    """R1053: the top Mission card face up on the Active Mission space (the discard pile shuffled into a new
    deck when the deck is empty), then its skill check at once. The active player's turn then ends with the
    check (R231); in another player's action (an Executive Order) the turn goes on with its Crisis."""
    state = ctx.state
    card = draw_from(ctx, "mission")
    state["earth"]["active"] = {"card": card, "face_up": True}
    ctx.emit("mission_activated", seat=seat, card=card)
    skip = seat == state["current"] and state.get("ordered") is None
    if skip:
        ctx.emit("crisis_skipped", seat=seat)
    start_check(ctx, {"mission": card, "target": None}, "end" if skip else "crisis")
