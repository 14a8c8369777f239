"""``TngRules``: the engine contract (games.engine.core.rules) for Star Trek: The Next Generation DBG."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import Command, Decision, IllegalCommand, Outcome, Result, Rng, Rules, Zone
from games.engine.core.json_state import json_round_trip
from games.tng.engine import commands, options, scoring, secrets, view, war
from games.tng.engine.ending import end_game
from games.tng.engine.setup import setup_game
from games.tng.engine.state import Ctx, State, bump, copy_state, team_of, teams_play
from games.tng.engine.turns import end_turn


class TngRules(Rules):
    slug = "tng"
    #: 2: the stalemate guard (B14), ship abilities only where they do something, Borg team play.
    #: 3: starting ship effects judged without telling a secret (RULINGS B31). 4: a starting ship effect is
    #: a go of the War loop (R29). Tables started on an older version keep it until
    #: ``manage.py replay_tables --migrate`` moves them.
    engine_version = 4
    min_players = 2
    max_players = 4

    def option_schema(self) -> Sequence[Mapping[str, Any]]:
        return options.schema()

    def validate_options(self, num_players: int, options_: Mapping[str, Any]) -> dict[str, Any]:
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

    def auto_command(self, state: State) -> Command | None:
        return commands.auto_command(state)

    def apply(self, state: State, command: Command, rng: Rng) -> Outcome:
        ctx = Ctx(state=copy_state(state), rng=rng)
        draws = rng.draws
        commands.dispatch(ctx, command)
        undoable = (command.kind in commands.UNDOABLE and not ctx.revealing and rng.draws == draws
                    and ctx.state["phase"] != "over")
        return Outcome(state=ctx.state, events=ctx.events, undoable=undoable)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def zones(self, state: State) -> Sequence[Zone]:
        return view.zones(state)

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        return scoring.build_result(state)

    def resign(self, state: State, seat: int) -> Outcome:
        """RULINGS: a resigning player leaves; in the Borg game the group loses, otherwise the game ends when
        one side is left (the others continue in 3-4 player games, their turn skipped)."""
        if state["phase"] == "over":
            raise IllegalCommand("game_over")
        if not 0 <= seat < state["n"] or state["players"][seat]["resigned"]:
            raise IllegalCommand("not_in_game")
        ctx = Ctx(state=copy_state(state), rng=Rng(0))
        s = ctx.state
        s["players"][seat]["resigned"] = True
        ctx.emit("player_resigned", seat=seat)
        bump(s)
        if s["scenario"] == "borg":  # the group loses; in team play the other team wins (RULINGS B29)
            others = ([x for x in range(s["n"]) if s["players"][x]["team"] != s["players"][seat]["team"]
                       and not s["players"][x]["assimilated"] and not s["players"][x]["resigned"]]
                      if teams_play(s) else [])
            end_game(ctx, "resigned", winners=others)
            return Outcome(state=s, events=ctx.events)
        live = [p["seat"] for p in s["players"] if not p["resigned"]]
        sides = {tuple(team_of(s, x)) for x in live}
        if len(sides) <= 1:
            end_game(ctx, "others_resigned", winners=live)
            return Outcome(state=s, events=ctx.events)
        stage = s["stage"]
        if stage is not None and stage["kind"] in ("war", "war_fire"):
            war.finish(ctx)  # RULINGS: a battle in progress ends as it stands
        if s["phase"] == "turn" and s["turn"]["seat"] == seat:
            if s["stage"] is not None:
                s["space"]["revealed"].remove(s["stage"]["card"])
                s["space"]["deck"].insert(0, s["stage"]["card"])
                s["stage"] = None
            end_turn(ctx, seat)
        return Outcome(state=s, events=ctx.events)

    def rerandomise(self, state: State, seat: int | None, rng: Rng) -> State:
        return secrets.rerandomise(state, seat, rng)  # what a seat may not know: secrets.py

    def dump(self, state: State) -> dict[str, Any]:
        data: dict[str, Any] = json_round_trip(state)
        return data

    def load(self, data: Mapping[str, Any]) -> State:
        state: State = json_round_trip(data)
        return state


__all__ = ["TngRules"]
