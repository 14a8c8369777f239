"""The end of the game: victories (R140-R143), the last civilization standing, the round-limit and stalemate options."""

from __future__ import annotations

from collections.abc import Sequence

from games.ascendancy.engine.state import Ctx, State, bump, live_seats
from games.engine.core import Result


def systems_controlled(state: State, seat: int) -> int:
    return sum(1 for sys in state["systems"].values() if sys["control"] == seat)


def score(state: State, seat: int) -> dict[str, int]:
    p = state["players"][seat]
    return {"authority": int(p["authority"]), "systems": systems_controlled(state, seat),
            "homes": sum(1 for s in state["systems"].values() if s["home_of"] is not None and s["control"] == seat)}


def end_game(ctx: Ctx, reason: str, winners: Sequence[int], tiebreak: str = "") -> None:
    s = ctx.state
    s["phase"] = "over"
    s["turn"] = None
    s["prompt"] = None
    s["end"] = {"reason": reason, "winners": sorted(winners), "tiebreak": tiebreak}
    bump(s)
    ctx.emit("game_ended", reason=reason, winners=sorted(winners))


def end_by_round_limit(ctx: Ctx) -> None:
    """RULINGS E11 (table option ``round_limit``): most Authority, then most systems; still tied: shared. Alone
    against the Borg (R268, RULINGS B50) there is nobody to have more Authority than: the player, who did not
    reach 5 Authority in time, loses. So does the last free player of a larger game, every other one Assimilated
    (R266: he must win before being absorbed; RULINGS E57): the Borg hold out and nobody wins."""
    s = ctx.state
    if "borg" in s and s["n"] == 1:
        end_game(ctx, "round_limit_solo", [])
        return
    if "borg" in s and len(live_seats(s)) <= 1:
        end_game(ctx, "round_limit_borg", [])
        return
    _most_authority(ctx, "round_limit")


def end_by_stalemate(ctx: Ctx) -> None:
    """RULINGS E56 (table option ``stall_rounds``): as the round limit (E11), most Authority, then most systems;
    still tied: shared. With the Borg and a single free player left (1 player, or every other one Assimilated,
    R266-R268) nobody wins: that player had to win by the Victory Check before being absorbed."""
    s = ctx.state
    if "borg" in s and len(live_seats(s)) <= 1:
        end_game(ctx, "stalemate_borg", [])
        return
    _most_authority(ctx, "stalemate")


def _most_authority(ctx: Ctx, reason: str) -> None:
    s = ctx.state
    alive = live_seats(s)
    key = {seat: (score(s, seat)["authority"], score(s, seat)["systems"]) for seat in alive}
    best = max(key.values())
    tied = sum(1 for seat in alive if key[seat][0] == best[0]) > 1  # the systems decided, or the win is shared
    end_game(ctx, reason, [seat for seat in alive if key[seat] == best], tiebreak="most_authority" if tied else "")


def build_result(state: State) -> Result:
    end = state["end"]
    winners = frozenset(end["winners"])
    others = sorted((p["seat"] for p in state["players"] if p["seat"] not in winners),
                    key=lambda seat: (-score(state, seat)["authority"], -score(state, seat)["systems"], seat))
    ranking: list[list[int]] = [sorted(winners)] if winners else []
    ranking += [[seat] for seat in others]
    scores = {p["seat"]: {"total": score(state, p["seat"])["authority"], **score(state, p["seat"])}
              for p in state["players"]}
    return Result(winners=winners, reason=end["reason"], ranking=ranking, scores=scores,
                  tiebreak=end.get("tiebreak", ""))
