"""The human-victory browser test's position (tests/browser/bsg_victory_scenario.py), played by the engine alone
with the plan the browser test follows: the last Crisis's skill check, the jump preparation and the last jump
past the Kobol objective win for the humans (bsg:R709), and the end reveals every loyalty card (R711)."""

from __future__ import annotations

import pytest

from games.bsg.engine.rules import RULES
from games.engine.core import Command, Rng
from tests.browser.bsg_victory_scenario import CHARACTERS, CYLON_SEAT, SETUP_SEED, choose, scenario_state
from tests.bsg.engine.helpers import all_loyalty, start_game


@pytest.mark.rules("bsg:R709", "bsg:R704", "bsg:R250", "bsg:R711", "bsg:R501")
def test_the_scenario_plan_ends_in_a_human_victory_at_the_last_jump() -> None:
    state = scenario_state()
    setup = start_game(4, CHARACTERS, seed=SETUP_SEED)
    assert sorted(all_loyalty(state)) == sorted(all_loyalty(setup))  # the builder moved loyalty cards, lost none
    assert state["distance"] == 8 and state["objective_reached"] and state["step"] == "crisis"
    rng = Rng.from_seed(0)
    memo: dict[str, object] = {}
    moves: list[tuple[int, str]] = []
    for _ in range(40):
        if RULES.result(state) is not None:
            break
        auto = RULES.auto_command(state)
        if auto is not None:  # the reveal of the check (the site's worker)
            state = RULES.apply(state, auto, rng).state
            continue
        (seat,) = {s for d in RULES.pending(state) for s in d.seats}
        legal = [(c.kind, dict(c.args)) for c in RULES.legal_commands(state, seat)]
        kind, args = legal[choose(seat, legal, memo)]
        state = RULES.apply(state, Command(seat, kind, args), rng).state
        moves.append((seat, kind))
    result = RULES.result(state)
    assert result is not None and result.reason == "kobol_reached"
    assert result.winners == {0, 1, 3} and [list(t) for t in result.teams] == [[0, 1, 3], [CYLON_SEAT]]
    assert moves[0] == (0, "draw_crisis") and moves[-1] == (0, "prepare_jump")
    assert state["resources"]["fuel"] == 4  # the check passed: +1 fuel (Scouting for Fuel)
    assert all(p["loyalty"] == [] and p["revealed"] for p in state["players"])
    assert RULES.pending(state) == []
