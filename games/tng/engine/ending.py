"""How the game ends, below every rule that can end it: the end itself and its winners (tng:R39, R42,
R49.1, R58; RULINGS B14, B26), Mission Points, and how the Borg beat the group or a team (R49, RULINGS B29).

The mechanics, the phases and the Rules class end the game through here; the Result is built in
scoring.py, above.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.tng.engine.content import card
from games.tng.engine.state import Ctx, Player, State, bump, in_game, team_of, teams_play

ASSIMILATION = 5  # R49.2


def mission_points(p: Player) -> int:
    return sum(card(c).mp for c in p["points"])


def side_mp(state: State, seat: int) -> int:
    """The Mission Points of ``seat``'s side: its own, or its team's total in the Klingon team game."""
    return sum(mission_points(state["players"][x]) for x in team_of(state, seat))


def leaders(state: State) -> list[int]:
    """RULINGS B26: most Mission Points (a team's total in the Klingon team game); ties share the win."""
    live = [p["seat"] for p in state["players"] if not p["resigned"]] or list(range(state["n"]))
    best = max(side_mp(state, x) for x in live)
    return [x for x in live if side_mp(state, x) == best]


def end_game(ctx: Ctx, reason: str, winners: Sequence[int] | None = None) -> None:
    s = ctx.state
    if s["phase"] == "over":
        return
    if winners is None:
        winners = leaders(s)
    s["phase"] = "over"
    s["stage"] = None
    s["end"] = {"reason": reason, "winners": sorted(winners)}
    bump(s)
    ctx.emit("game_ended", reason=reason, winners=sorted(winners))


# --- the Borg scenario: losing to the Borg ---------------------------------------------------------

def group_loses(ctx: Ctx, reason: str) -> None:
    if ctx.state["phase"] != "over":
        end_game(ctx, reason, winners=[])


def team_loses(ctx: Ctx, seat: int, reason: str) -> None:
    """RULINGS B29: in team play a team that loses to the Borg (its Borg Card Area empty, all assimilated)
    leaves the race: the other team survived longer and wins."""
    s = ctx.state
    team = s["players"][seat]["team"]
    end_game(ctx, reason, winners=[x for x in in_game(s) if s["players"][x]["team"] != team])


def check_assimilation(ctx: Ctx, seat: int) -> None:
    """R49.2: five Borg cards in hand: the player leaves the game with all their cards."""
    s = ctx.state
    p = ctx.player(seat)
    if p["assimilated"] or s["phase"] == "over":
        return
    if sum(1 for c in p["hand"] if card(c).type == "borg") < ASSIMILATION:
        return
    p["assimilated"] = True
    for pile in ("deck", "hand", "discard", "played", "points", "influence"):
        s["removed"] += p[pile]
        p[pile] = []
    ctx.emit("player_assimilated", seat=seat)
    if not in_game(s):
        group_loses(ctx, "all_assimilated")
    elif teams_play(s) and not [x for x in in_game(s) if s["players"][x]["team"] == p["team"]]:
        team_loses(ctx, seat, "team_assimilated")
