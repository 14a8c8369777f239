"""Vulcan Ambassadors on the map (R199, R206-R211) and the Vulcan triggers other mechanics call: the
Ancient Vulcan Reliquary on completion (R203), the Communication Network on colonizing (R204).

An Ambassador is ``systems[sid]["ambassador"]`` = the Vulcan's seat (absent or None: none there; RULINGS E13:
at most one per system). The supply is the civilization's ``ambassadors`` (5, R199) minus those in play.
This module only reads and marks the state; the Commands that use it are in ``vulcans``.
"""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import board, catalog
from games.ascendancy.engine.state import (
    MAX_CONTROL_NODES,
    Ctx,
    State,
    adv_effects,
    bump,
    civ_effects,
    control_nodes,
)

PROMPTS = ("reliquary_colonize", "free_node")


def ambassador_at(state: State, sid: str) -> int | None:
    found: int | None = state["systems"][sid].get("ambassador")
    return found


def in_play(state: State, seat: int) -> list[str]:
    """The systems holding one of the seat's Ambassadors, sorted (R206: at most 5)."""
    return sorted(sid for sid, sys in state["systems"].items() if sys.get("ambassador") == seat)


def supply(state: State, seat: int) -> int:
    """Ambassadors the seat may still place (R199, R206)."""
    p = state["players"][seat]
    total = int(catalog.CIV[p["civ"]].get("ambassadors", 0)) if p["civ"] else 0
    return max(0, total - len(in_play(state, seat)))


def sectors(state: State, seat: int) -> set[str]:
    """R210: Ambassadors count as the Vulcan's pieces for Trade Agreement adjacency (R79)."""
    return {board.sys_sector(sid) for sid in in_play(state, seat)}


def defence_dice(state: State, sid: str) -> int:
    """R211: extra Defender dice in an Invasion of a system holding an Ambassador whose owner has a ready
    ``ambassador_defense`` card (Vulcan High Command)."""
    owner = state["systems"][sid].get("ambassador")
    if owner is None:
        return 0
    return sum(int(e["amount"]) for e in adv_effects(state["players"][owner], "ambassador_defense"))


def remove_all(state: State, sid: str) -> None:
    """The Ambassador leaves the map and goes back to its owner's supply."""
    state["systems"][sid]["ambassador"] = None


# --- the Vulcan triggers -----------------------------------------------------------------------------
def undeveloped_free(state: State, seat: int) -> list[str]:
    """Undeveloped, uncontrolled Planetary Systems anywhere (R201, R203), while a Control Node is left."""
    if control_nodes(state, seat) >= MAX_CONTROL_NODES:
        return []
    return sorted(sid for sid, sys in state["systems"].items()
                  if sys["kind"] != "phenomenon" and sys["control"] is None and sys["home_of"] is None
                  and not any(n is not None for n in sys["nodes"]) and sys["slots"])


def on_complete(ctx: Ctx, seat: int, card: str) -> None:
    """R203: a completed card with a ``colonize`` effect ``on_complete`` colonizes at once, for free: the
    player chooses where (RULINGS E17)."""
    if not any(e["kind"] == "colonize" and e.get("when") == "on_complete" for e in catalog.effects_of(card)):
        return
    if not undeveloped_free(ctx.state, seat):
        ctx.emit("reliquary_unused", seat=seat, card=card)
        return
    _open(ctx, {"kind": "reliquary_colonize", "seat": seat, "card": card})


def free_node_options(state: State, seat: int, sid: str) -> list[dict[str, Any]]:
    """R204: every (free slot, node type) the slot takes; an Open slot takes any type."""
    p = state["players"][seat]
    wanted = {str(e["node"]) for e in adv_effects(p, "free_node") if e.get("when") == "on_colonize"}
    if not wanted:
        return []
    sys = state["systems"][sid]
    no_culture = bool(civ_effects(p, "no_culture_nodes"))  # R190, RULINGS E59 (console rules)
    anywhere = bool(civ_effects(p, "production_anywhere"))  # R192
    out = []
    for i, slot in enumerate(sys["slots"]):
        if sys["nodes"][i] is not None:
            continue
        for node in catalog.NODE_TYPES:
            if node == "culture" and no_culture:
                continue
            fits = slot in (node, catalog.OPEN) or node == "production" and anywhere
            if fits and ("any" in wanted or node in wanted):
                out.append({"slot": i, "node": node})
    return out


def after_colonize(ctx: Ctx, seat: int, sid: str) -> None:
    """R204: the holder of Communication Network builds one Resource Node there for free (his choice)."""
    if free_node_options(ctx.state, seat, sid):
        _open(ctx, {"kind": "free_node", "seat": seat, "system": sid})


def free_node(ctx: Ctx, seat: int, slot: int, node: str) -> None:
    s = ctx.state
    sid = s["prompt"]["system"]
    s["prompt"] = None
    bump(s)
    s["systems"][sid]["nodes"][slot] = node
    ctx.emit("node_built", seat=seat, system=sid, node=node, slot=slot, replaced=None)
    ctx.emit("free_node_built", seat=seat, system=sid, node=node)


def _open(ctx: Ctx, prompt: dict[str, Any]) -> None:
    if ctx.state["prompt"] is not None:  # another decision is open: the trigger is lost (rare; logged)
        ctx.emit("effect_not_played", seat=prompt["seat"], effect=prompt["kind"])
        return
    ctx.state["prompt"] = prompt
    bump(ctx.state)

