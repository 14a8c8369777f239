"""``BsgRules``: the engine contract (games.engine.core.rules) for Battlestar Galactica, base game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.bsg.engine import commands, options, view
from games.bsg.engine.setup import setup_game
from games.bsg.engine.state import Ctx, State, copy_state, is_cylon
from games.engine.core import Command, Decision, Outcome, Result, Rng, Rules, Zone
from games.engine.core.json_state import json_round_trip


class BsgRules(Rules):
    slug = "bsg"
    #: 2: the table option ``ship_activation_limit`` (R602, RULINGS A3) and the turn's record of the Cylon
    #: ships activated (``state["acted"]``). No base card activates a ship twice in one turn, so play is
    #: unchanged, but a version 1 table's replay now has another state (the option, the record): such tables
    #: keep version 1 (``manage.py replay_tables`` reports them as differing).
    engine_version = 2
    min_players = 3
    #: 7 only with Pegasus and a Cylon Leader (R125, R807, R150i: options.check_combination)
    max_players = 7
    usual_players = 5

    def option_schema(self) -> Sequence[Mapping[str, Any]]:
        return options.schema()

    def validate_options(self, num_players: int, options_: Mapping[str, Any]) -> dict[str, Any]:
        if options_.get(options.RETIRED) is False:  # never offered, replaced by an objective choice (R146)
            options_ = {k: v for k, v in options_.items() if k != options.RETIRED}
        out = super().validate_options(num_players, options_)
        options.check_combination(num_players, out)
        return out

    def setup(self, *, num_players: int, options: Mapping[str, Any], rng: Rng) -> Outcome:
        opts = self.validate_options(num_players, options)
        ctx = setup_game(num_players, opts, rng)
        return Outcome(state=ctx.state, events=ctx.events)

    def pending(self, state: State) -> Sequence[Decision]:
        return commands.pending(state)

    def legal_commands(self, state: State, seat: int) -> Sequence[Command]:
        return commands.legal_commands(state, seat)

    def interrupts(self, state: State, seat: int) -> Sequence[Command]:
        return commands.interrupts(state, seat)

    def auto_command(self, state: State) -> Command | None:
        return commands.auto_command(state)

    def away_command(self, state: State, seat: int) -> Command | None:
        return commands.away_command(state, seat)

    def apply(self, state: State, command: Command, rng: Rng) -> Outcome:
        ctx = Ctx(state=copy_state(state), rng=rng)
        commands.dispatch(ctx, command)
        return Outcome(state=ctx.state, events=ctx.events)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def zones(self, state: State) -> Sequence[Zone]:
        return view.zones(state)

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        res = state["result"]
        # a Cylon Leader is on neither side: he wins by his Agenda (R805)
        leaders = frozenset(int(s) for s in res.get("leaders", {}))
        cylons = frozenset(s for s in range(state["n"]) if is_cylon(state, s)) - leaders
        humans = frozenset(range(state["n"])) - cylons - leaders
        winners = humans if res["winner"] == "humans" else cylons
        winners |= frozenset(int(s) for s, met in res.get("leaders", {}).items() if met)
        if state["options"].get(options.ELIMINATED, options.OUT) == options.OUT:  # R978, RULINGS G174
            winners -= frozenset(p["seat"] for p in state["players"] if p.get("eliminated"))
        losers = sorted(frozenset(range(state["n"])) - winners)
        # a side nobody played (no Cylon among the players: RULINGS G44) is no team and no place
        ranking = [group for group in (sorted(winners), losers) if group]
        teams = [sorted(humans), sorted(cylons)] if humans and cylons else []
        return Result(
            winners=winners, reason=res["reason"], ranking=ranking, teams=teams, cooperative=not winners
        )

    def dump(self, state: State) -> dict[str, Any]:
        data: dict[str, Any] = json_round_trip(state)
        return data

    def load(self, data: Mapping[str, Any]) -> State:
        loaded: State = json_round_trip(data)
        return loaded


RULES = BsgRules()

__all__ = ["RULES", "BsgRules"]
