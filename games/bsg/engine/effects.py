"""The effect vocabulary of the data files (SCHEMA.md), as far as this engine resolves it so far.

Resolved: ``resources`` (R004, R700), ``jump_track`` (R250, R702), ``place_ships`` (R230, R003),
``destroy_raptors`` / ``restore_raptors``, ``roll`` (R009). Every other kind is logged as
``effect_unresolved`` with its kind: the later commits of issue 16 resolve them.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.bsg.engine.content import RESOURCES, Effect
from games.bsg.engine.setup import place_ships
from games.bsg.engine.state import CONTENT, Ctx


def change_resources(ctx: Ctx, changes: dict[str, int]) -> None:
    """Change the dials; never above the cap (R004); a dial may fall below 0 (R700)."""
    res = ctx.state["resources"]
    for name, amount in changes.items():
        res[name] = min(CONTENT.board.resource_max, res[name] + amount)
    ctx.emit("resources_changed", changes=changes, resources=dict(res))


def move_jump_track(ctx: Ctx, steps: int) -> bool:
    """Move the fleet token (never behind Start); True when it reached Auto Jump (R250)."""
    last = len(CONTENT.board.jump_track) - 1
    ctx.state["jump"] = max(0, min(last, ctx.state["jump"] + steps))
    ctx.emit("jump_track_moved", steps=steps, position=ctx.state["jump"])
    return bool(CONTENT.board.jump_track[ctx.state["jump"]].auto)


def apply_effects(ctx: Ctx, effects: Iterable[Effect], source: str) -> None:
    for effect in effects:
        apply_effect(ctx, effect, source)


def apply_effect(ctx: Ctx, effect: Effect, source: str) -> None:
    state = ctx.state
    kind = effect.kind
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
        roll = ctx.rng.die(CONTENT.board.die_faces)
        ok = roll >= int(effect.get("at_least"))
        ctx.emit("die_rolled", roll=roll, at_least=effect.get("at_least"), success=ok)
        apply_effects(ctx, effect.get("success" if ok else "failure", ()), source)
    else:
        ctx.emit("effect_unresolved", effect=kind, source=source)
