"""The contract every game implements (boardgame.io's Game, OpenSpiel's State, TM's waitingFor).

An engine is a ``Rules`` subclass with no I/O, no clock and no randomness but the ``Rng`` it is
handed. ``apply`` never mutates its input. The platform drives it:

- ``setup(num_players, options, rng)`` -> Outcome (the first state and its events);
- ``pending(state)`` -> the open decisions (who must act);
- ``legal_commands(state, seat)`` -> every command that seat may send now, in a deterministic order;
- ``apply(state, command, rng)`` -> Outcome, or raises ``IllegalCommand``;
- ``auto_command(state)`` -> the command for an automatic step, when ``pending`` holds one;
- ``away_command(state, seat)`` (optional) -> the answer the platform sends for a seat that is away, when
  the game waits on it for something a seat may answer in its absence;
- ``view(state, seat)`` -> what that seat (None: a spectator) may see, as JSON;
- ``zones(state)`` -> the deck-like piles, mirrored as database rows;
- ``result(state)`` -> the Result once the game is over;
- ``dump``/``load`` -> JSON round trip of the state;
- ``rerandomise(state, seat, rng)`` (optional) -> a state that seat cannot tell apart from ``state``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.engine.core.errors import IllegalCommand
from games.engine.core.rng import Rng
from games.engine.core.types import AUTO_SEAT, Command, Decision, Outcome, Result, Zone


class Rules:
    slug: ClassVar[str]
    engine_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    #: The player count a new table starts with on the site's form (None: 2, within min and max).
    usual_players: ClassVar[int | None] = None
    #: Faction/colour choices offered when taking a seat (ids the site translates); empty: none.
    factions: ClassVar[Sequence[str]] = ()
    #: Command kinds a seat may send while the game does not wait on it, which the random playout bots
    #: (``testing.play_random``) send now and then; empty: the bots only answer the open decisions.
    bot_off_turn_kinds: ClassVar[tuple[str, ...]] = ()
    #: How rarely the bots look at those commands: at 1 step in this many.
    bot_off_turn_odds: ClassVar[int] = 8
    #: Whether its automatic steps are bookkeeping done in a blink (a reveal, an upkeep) that nobody
    #: watches unfold: the site then applies one due at no pace in the transaction of the move that made
    #: it due, as the next version, instead of the worker (one push to the seats, not two). Off: the worker
    #: applies every automatic step (the Borg's turns, BSG's resolutions, whatever players follow).
    automatic_steps_inline: ClassVar[bool] = False

    # --- options ---------------------------------------------------------------------------------
    def option_schema(self) -> Sequence[Mapping[str, Any]]:
        """The table options, each ``{"name", "type": "bool"|"choice"|"int", "default", "choices"?, "label"}``.

        An ``int`` option has ``"min"`` and ``"max"`` (inclusive) and may default to None ("left empty": the
        engine decides, e.g. by the player count). Any option may have a ``"help"``: a text id shown under
        the field.

        Three optional keys tell the site's form how to show an option: ``"players"`` lists the player
        counts it applies to (absent: every count), ``"detail": True`` marks a ruling most players leave
        as it is (shown folded away), and ``"unavailable": True`` an option listed but not offered yet (shown
        greyed out, kept at its default). None changes what ``validate_options`` accepts.
        """
        return ()

    def validate_options(self, num_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Return the complete options (defaults filled in), or raise IllegalCommand for a refused mix."""
        if not self.min_players <= num_players <= self.max_players:
            raise IllegalCommand(
                "bad_player_count", minimum=self.min_players, maximum=self.max_players, given=num_players
            )
        out: dict[str, Any] = {}
        schema = {o["name"]: o for o in self.option_schema()}
        for name in options:
            if name not in schema:
                raise IllegalCommand("unknown_option", option=name)
        for name, spec in schema.items():
            value = options.get(name, spec["default"])
            if spec["type"] == "bool":
                if not isinstance(value, bool):
                    raise IllegalCommand("bad_option_value", option=name)
            elif spec["type"] == "choice" and value not in spec["choices"]:
                raise IllegalCommand("bad_option_value", option=name)
            elif spec["type"] == "int" and not (value is None and spec["default"] is None):
                if not isinstance(value, int) or isinstance(value, bool):
                    raise IllegalCommand("bad_option_value", option=name)
                if not spec["min"] <= value <= spec["max"]:
                    raise IllegalCommand(
                        "option_out_of_range", option=name, minimum=spec["min"], maximum=spec["max"], given=value
                    )
            out[name] = value
        return out

    def default_players(self) -> int:
        """The player count a new table's form proposes."""
        usual = self.usual_players if self.usual_players is not None else 2
        return min(max(usual, self.min_players), self.max_players)

    # --- the game --------------------------------------------------------------------------------
    def setup(self, *, num_players: int, options: Mapping[str, Any], rng: Rng) -> Outcome:
        raise NotImplementedError

    def setup_seated(
        self, *, num_players: int, options: Mapping[str, Any], rng: Rng, factions: Sequence[str]
    ) -> Outcome:
        """Setup for a started table whose seats chose ``factions`` in the lobby ("" = no choice), in seat
        order. A game with factions overrides it; the default ignores them."""
        return self.setup(num_players=num_players, options=options, rng=rng)

    def pending(self, state: Any) -> Sequence[Decision]:
        raise NotImplementedError

    def legal_commands(self, state: Any, seat: int) -> Sequence[Command]:
        raise NotImplementedError

    def apply(self, state: Any, command: Command, rng: Rng) -> Outcome:
        raise NotImplementedError

    def interrupts(self, state: Any, seat: int) -> Sequence[Command]:
        """Commands the seat may send now whoever the game waits for (a standing order, a card played out of
        turn): no answer to a decision, so not among ``legal_commands``. The site accepts them as it accepts
        legal commands; the presenter gives them their controls. By default there are none."""
        return ()

    def auto_command(self, state: Any) -> Command | None:
        """The command for the automatic step now due, if any (seat ``AUTO_SEAT``)."""
        return None

    def away_command(self, state: Any, seat: int) -> Command | None:
        """The answer the platform sends for ``seat`` while its player is away (a time-bound order kept by the
        site, which the engine never sees: it knows no clock), when the game waits on that seat for something
        the game declares answerable in absence (BSG: an empty contribution to the skill check under way);
        None otherwise. It must be one of the seat's legal commands, and it is logged as the seat's own.
        By default nothing is: a game that answers nothing in absence offers no "away" order."""
        return None

    def answers_in_absence(self) -> bool:
        """Whether this game answers anything for an away seat (it overrides ``away_command``)."""
        return type(self).away_command is not Rules.away_command

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def zones(self, state: Any) -> Sequence[Zone]:
        return ()

    def result(self, state: Any) -> Result | None:
        raise NotImplementedError

    def resign(self, state: Any, seat: int) -> Outcome:
        """A seat leaves a started game. By default the game ends with the others as co-winners."""
        raise IllegalCommand("resign_not_supported")

    def dump(self, state: Any) -> dict[str, Any]:
        raise NotImplementedError

    def load(self, data: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    # --- secrets (the proof harness, tests/proof) --------------------------------------------------
    def rerandomise(self, state: Any, seat: int | None, rng: Rng) -> Any:
        """A state ``seat`` (None: a spectator) cannot tell apart from ``state``: everything it may not
        know (other seats' hands, the order and contents of draw piles, its own included, face-down
        cards, secret choices not yet revealed, hidden roles) drawn again with ``rng``; every public fact
        and everything this seat knows kept as it is. Never mutates ``state``.

        Optional: the leak check renders every surface for ``seat`` from both states and requires the
        two to be identical. An engine that does not implement it cannot be checked.
        """
        raise NotImplementedError

    # --- helpers every engine gets ---------------------------------------------------------------
    def seats_to_act(self, state: Any) -> frozenset[int]:
        out: set[int] = set()
        for d in self.pending(state):
            out |= d.seats
        return frozenset(out)

    def decision_for(self, state: Any, seat: int) -> Decision | None:
        for d in self.pending(state):
            if seat in d.seats:
                return d
        return None

    def is_automatic_due(self, state: Any) -> bool:
        return any(d.automatic for d in self.pending(state))

    def check_turn(self, state: Any, command: Command, rule: str = "") -> None:
        """Raise ``not_your_turn`` unless the command's seat is among those the game waits for."""
        if command.seat == AUTO_SEAT:
            if not self.is_automatic_due(state):
                raise IllegalCommand("no_automatic_step_due", rule)
            return
        if command.seat not in self.seats_to_act(state):
            raise IllegalCommand("not_your_turn", rule)
