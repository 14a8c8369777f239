"""The Action step's other choices (bsg:R220 B-E): a Skill card's action, a character action, activating
one's own viper, a title's action (the Admiral's nukes, R618) or a Quorum card. Each one is the turn's
action: the turn goes on with the Crisis, after any decision it opened (viper activations, a target to
name) is answered.
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import characters, conflicted, quorum, skill_actions, vipers
from games.bsg.engine.state import Ctx, State, next_key
from games.bsg.engine.turns import go_to
from games.engine.core import IllegalCommand


def options(state: State, seat: int) -> list[tuple[str, dict[str, Any]]]:
    """(command kind, args) of every R220 B-E action the seat may take now."""
    p = state["players"][seat]
    out: list[tuple[str, dict[str, Any]]] = []
    if p["viper"] is not None and vipers.options(state, seat, {"seat": seat, "left": 1, "mode": "own"}):
        out.append(("activate_viper", {}))
    if state["admiral"] == seat and p["nukes"] > 0:
        out += [("launch_nuke", t) for t in vipers.nuke_targets(state)]
    out += [("play_quorum", a) for a in quorum.play_options(state, seat)]
    out += [("reveal_goal", a) for a in conflicted.goal_options(state, seat)]  # R411
    out += [("play_skill", a) for a in skill_actions.options(state, seat)]
    out += [("use_ability", a) for a in characters.options(state, seat)]
    return out


def activate_viper(ctx: Ctx, seat: int) -> None:
    """R220 D, R621: the pilot activates his own viper once (move or attack)."""
    if ctx.player(seat)["viper"] is None:
        raise IllegalCommand("not_piloting", "bsg:R621")
    if ("activate_viper", {}) not in options(ctx.state, seat):
        raise IllegalCommand("viper_activation_not_possible", "bsg:R621")
    vipers.start(ctx, seat, 1, "own")
    go_to(ctx, "crisis")


def launch_nuke(ctx: Ctx, seat: int, area: str, target: str) -> None:
    """R220 E, R618: the Admiral's title action."""
    vipers.launch_nuke(ctx, seat, area, target)
    go_to(ctx, "crisis")


def reveal_goal(ctx: Ctx, seat: int, card: str) -> None:
    """R411: a Personal Goal revealed as the action."""
    conflicted.reveal_goal(ctx, seat, card)
    go_to(ctx, "crisis")


def play_quorum(ctx: Ctx, seat: int, card: str, target: int | None, picks: list[str] | None) -> None:
    """R220 E: the President plays a Quorum card as his action, or as the President's Office's second part
    (the location was his action already)."""
    prompt = ctx.state["prompt"]
    office = prompt is not None and prompt["kind"] == "quorum_office"
    if office:
        ctx.state["prompt"] = None
    quorum.play(ctx, seat, card, target, picks)
    if not office:
        go_to(ctx, "crisis")


def play_skill(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    """R220 B: a Skill card's action."""
    skill_actions.play(ctx, seat, args)
    go_to(ctx, "crisis")


def use_ability(ctx: Ctx, seat: int, target: int | None, which: str | None = None) -> None:
    """R220 C: the character's once-per-game action; a Cylon Leader's sheet action (R802d)."""
    characters.use(ctx, seat, target, which)
    go_to(ctx, "crisis")


#: the command kinds that are one action (R220), for an Executive Order's count
ACTION_KINDS = (
    "pass_action",
    "activate_location",
    "activate_viper",
    "launch_nuke",
    "play_quorum",
    "reveal_goal",
    "play_skill",
    "use_ability",
)
MOVE_KINDS = ("move", "stay", "move_viper")


def after_ordered(ctx: Ctx, seat: int, kind: str) -> None:
    """Count an Executive Order's move and actions (RULINGS G34): its movement keeps the turn where it was
    (the Action step is over), each action counts one."""
    state = ctx.state
    ordered = state.get("ordered")
    if ordered is None or ordered["seat"] != seat:
        return
    if ordered["move"] and kind in MOVE_KINDS:
        ordered["move"] = False
        state["step"] = "crisis"
        next_key(state)
    elif not ordered["move"] and kind in ACTION_KINDS:
        ordered["left"] -= 1
        if ordered["left"] <= 0:
            state["ordered"] = None
        next_key(state)
