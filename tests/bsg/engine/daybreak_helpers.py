"""Daybreak tables for the tests, set up with ``daybreak`` on through ``setup_game`` itself (the helpers were
written while the option was refused; tables now choose it, test_playouts.py plays it as they do)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.bsg.engine.rules import RULES, BsgRules
from games.bsg.engine.setup import setup_game
from games.bsg.engine.state import CONTENT
from games.engine.core import Rng
from tests.bsg.engine.helpers import act, choose_all

State = dict[str, Any]
DAYBREAK = {"daybreak": True}


class DaybreakRules(BsgRules):
    """The rules with the Daybreak option let through (for playouts)."""

    def validate_options(self, num_players: int, options_: Mapping[str, Any]) -> dict[str, Any]:
        opts = dict(options_)
        on = bool(opts.pop("daybreak", True))
        out = super().validate_options(num_players, opts)
        out["daybreak"] = on
        return out


DAYBREAK_RULES = DaybreakRules()


def new_daybreak_game(players: int, seed: int = 1) -> State:
    opts = {**RULES.validate_options(players, {}), **DAYBREAK}
    state: State = setup_game(players, opts, Rng.from_seed(seed)).state
    return state


def start_daybreak(players: int, characters: Sequence[str], seed: int = 1) -> State:
    """A Daybreak game at the first player's Receive Skills step (see helpers.start_game)."""
    state = choose_all(new_daybreak_game(players, seed), characters)
    for p in state["players"]:
        if not p["started"]:
            own = CONTENT.characters[p["character"]].skill_types
            state = act(state, p["seat"], "draw_starting_skills", types=[own[0]] * 3)
    assert state["phase"] == "turn"
    return state
