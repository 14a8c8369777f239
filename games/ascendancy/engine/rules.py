"""``AscendancyRules``: the engine contract (games.engine.core.rules) for Star Trek: Ascendancy."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.ascendancy.engine import build, catalog, commands, scoring, secrets, standing, view
from games.ascendancy.engine import options as options_module
from games.ascendancy.engine.setup import setup_game
from games.ascendancy.engine.state import Ctx, State, copy_state
from games.engine.core import Command, Decision, IllegalCommand, Outcome, Result, Rng, Rules, Zone
from games.engine.core.json_state import json_round_trip


class AscendancyRules(Rules):
    slug = "ascendancy"
    #: 2: the stalemate guard (RULINGS E56, option ``stall_rounds``). 3: the round limit gives the last free
    #: player against the Borg no win (RULINGS E57). Tables started on an older version keep it until
    #: ``manage.py replay_tables --migrate`` moves them (those whose replay is unchanged).
    engine_version = 3
    min_players = 3
    #: 1 and 2 players play only against the Borg in the Delta Quadrant (R266-R268, RULINGS B30): the engine takes
    #: them with ``borg_mode`` = ``delta_quadrant``; ``min_players`` stays 3 for the forms and checks that assume
    #: a count valid with the default options, until the site offers the Borg for 1-2 (RULINGS B40).
    borg_min_players = 1
    max_players = 7
    usual_players = 3
    factions = catalog.CIVS
    #: RULINGS E54: "any time" abilities (Tal Shiar, Obsidian Order, a Cloaking Device...) off-turn; the playout
    #: bots use them now and then.
    bot_off_turn_kinds = ("use_ability",)

    def option_schema(self) -> Sequence[Mapping[str, Any]]:
        return options_module.schema()

    def validate_options(self, num_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        solo = self.borg_min_players <= num_players < self.min_players
        if solo and options.get("borg_mode") != "delta_quadrant":
            raise IllegalCommand("borg_required", "ascendancy:R268", players=num_players)
        opts = super().validate_options(self.min_players if solo else num_players, options)
        options_module.check(opts, num_players)
        return opts

    def setup(self, *, num_players: int, options: Mapping[str, Any], rng: Rng) -> Outcome:
        opts = self.validate_options(num_players, options)
        ctx = setup_game(num_players, opts, rng)
        return Outcome(state=ctx.state, events=ctx.events)

    def setup_with_civs(self, civs: Sequence[str], options: Mapping[str, Any], rng: Rng) -> Outcome:
        """Setup when the seats' civilizations are already known (the seats' factions, a scenario)."""
        opts = self.validate_options(len(civs), options)
        ctx = setup_game(len(civs), opts, rng, civs=civs)
        return Outcome(state=ctx.state, events=ctx.events)

    def setup_seated(
        self, *, num_players: int, options: Mapping[str, Any], rng: Rng, factions: Sequence[str]
    ) -> Outcome:
        """A started table: the civilizations its seats chose in the lobby (no two the same). When no seat
        chose, the civilizations are chosen at the table (``choose_civ``); when some did, every seat that did
        not is given one at random from those left, by the table's seeded RNG."""
        chosen = [f or "" for f in factions]
        if len(chosen) != num_players:
            raise IllegalCommand("bad_argument", argument="factions")
        if not any(chosen):
            return self.setup(num_players=num_players, options=options, rng=rng)
        for civ in chosen:
            if civ and civ not in catalog.CIVS:
                raise IllegalCommand("unknown_civ", civ=civ)
        named = [c for c in chosen if c]
        if len(set(named)) != len(named):
            raise IllegalCommand("civ_taken", civ=next(c for c in named if named.count(c) > 1))
        left = rng.shuffled(sorted(c for c in catalog.CIVS if c not in named))
        civs = [c if c else left.pop() for c in chosen]
        return self.setup_with_civs(civs, options, rng)

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
        answered = standing.settle(ctx, commands.answer_prompt)  # RULINGS E50: off-turn decisions answered in advance
        build.open_discards(ctx)  # R132, RULINGS E53: a seat queued while another decision was open
        undoable = (command.kind in commands.UNDOABLE and not ctx.revealing and rng.draws == draws and not answered
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

    def rerandomise(self, state: State, seat: int | None, rng: Rng) -> State:
        return secrets.rerandomise(state, seat, rng)

    def dump(self, state: State) -> dict[str, Any]:
        data: dict[str, Any] = json_round_trip(state)
        return data

    def load(self, data: Mapping[str, Any]) -> State:
        state: State = json_round_trip(data)
        return state


__all__ = ["AscendancyRules"]
