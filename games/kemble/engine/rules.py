"""``KembleRules``: the engine contract (games.engine.core.rules) for The Battle at Kemble's Cascade."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import Command, Decision, IllegalCommand, Outcome, Result, Rng, Rules, Zone
from games.engine.core.json_state import json_round_trip
from games.kemble.engine import commands, options, scoring, scroll, secrets, view
from games.kemble.engine.setup import setup_game
from games.kemble.engine.state import Ctx, State, active_seats, copy_state, next_key


class KembleRules(Rules):
    slug = "kemble"
    #: 2: a rammed boss part's rule that reaches other ships happens (RULINGS A36). Tables started on an
    #: older version keep it until ``manage.py replay_tables --migrate`` moves them.
    engine_version = 2
    min_players = 1
    max_players = 5
    #: The reveal of the bids, the upkeep and the scroll: applied with the move that makes them due.
    automatic_steps_inline = True

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
                    and not ctx.state["prompts"])
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
        """RULINGS: the ship leaves without destruction glory; the game goes on for the others."""
        if state["phase"] == "over":
            raise IllegalCommand("game_over")
        if not 0 <= seat < state["n"] or state["players"][seat]["resigned"]:
            raise IllegalCommand("not_in_game")
        ctx = Ctx(state=copy_state(state), rng=Rng(0))
        s = ctx.state
        p = ctx.player(seat)
        p["resigned"] = True
        p["pos"] = None
        p["bid"] = None
        p["tokens"] = {}
        s["prompts"] = [pr for pr in s["prompts"] if pr["seat"] != seat]
        if s["scroll"]:
            s["scroll"]["queue"] = [q for q in s["scroll"]["queue"] if q != seat]
        ctx.emit("player_resigned", seat=seat)
        next_key(s)
        sides = {ctx.player(x)["team"] if ctx.player(x)["team"] is not None else f"s{x}" for x in active_seats(s)}
        if s["options"]["solo"]:  # with more players the game ends when one side is left (below)
            s["end_reason"] = "solo_destroyed"
            s["solo_failed"] = True
            scroll.end_game(ctx)
        elif len(sides) == 1:
            s["end_reason"] = "others_resigned"  # RULINGS: nobody is left to play against
            scroll.end_game(ctx)
        elif s["phase"] == "bid" and all(ctx.player(x)["bid"] is not None for x in active_seats(s)):
            s["phase"] = "reveal"
        elif s["phase"] == "turn" and s["turn"] is not None and s["turn"]["seat"] == seat:
            s["turn"]["ended"] = True
            commands.after_command(ctx)
        return Outcome(state=s, events=ctx.events)

    def rerandomise(self, state: State, seat: int | None, rng: Rng) -> State:
        return secrets.rerandomise(state, seat, rng)  # what a seat may not know: secrets.py

    def dump(self, state: State) -> dict[str, Any]:
        data: dict[str, Any] = json_round_trip(state)
        return data

    def load(self, data: Mapping[str, Any]) -> State:
        state: State = json_round_trip(data)
        return state


__all__ = ["KembleRules"]
