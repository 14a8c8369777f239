"""The Borg browser test's game (tests/browser/asc_borg_scenario.py) played by the engine alone, the player
following the same plan: it must reach the two Borg decisions that belong to the player in round 2 (the
Cube activation order, R223; the Borg hits' allocation, R234) and round 4 with the player still in the game,
or the browser test (which plays it on the live site, a click at a time) would not see them."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import RULES
from games.engine.core import Rng
from tests.browser.asc_borg_scenario import FIRST_CUBE, FIRST_HIT, SEED, choose, scenario_state

#: The player's page's side controls (the standing answers' part), which the plan never clicks.
SIDE = ("standing", "clear_standing", "use_ability", "borg_skip")


def play_plan(
    rounds_until: int = 4,
) -> tuple[dict[str, Any], list[tuple[int, str, dict[str, Any]]], list[Any]]:
    """The scenario played as the site plays it (one random-number stream: the table's) until round
    ``rounds_until`` begins; the player's commands (round, kind, args) and every event."""
    state = scenario_state(SEED)
    rng = Rng.from_seed(SEED)
    memo: dict[str, Any] = {}
    taken: list[tuple[int, str, dict[str, Any]]] = []
    events: list[Any] = []
    for _ in range(400):
        if state["phase"] == "over" or state["round"] >= rounds_until:
            break
        command = RULES.auto_command(state)
        if command is None:
            legal = [c for c in RULES.legal_commands(state, 0) if c.kind not in SIDE]
            command = legal[choose([(c.kind, dict(c.args)) for c in legal], memo)]
            taken.append((state["round"], command.kind, dict(command.args)))
        out = RULES.apply(state, command, rng)
        state = out.state
        events += out.events
    return state, taken, events


@pytest.mark.rules("ascendancy:R223", "ascendancy:R234", "ascendancy:R268")
def test_the_plan_reaches_the_players_borg_decisions_and_round_four() -> None:
    state, taken, events = play_plan()
    assert state["phase"] != "over" and state["round"] == 4
    round_two = [(kind, args) for r, kind, args in taken if r == 2]
    borg = [kind for kind, _ in round_two if kind in ("choose_cube", "borg_hit", "borg_retreat")]
    assert borg[:2] == ["choose_cube", "borg_hit"]
    assert ("choose_cube", {"cube": FIRST_CUBE}) in round_two
    assert ("borg_hit", {"unit": FIRST_HIT}) in round_two
    assert any(kind == "choose_cube" for r, kind, _ in taken if r == 3)  # the second Borg turn asks again
    activated = [e.data for e in events if e.kind == "borg_cube_activated"]
    assert activated[0] == {
        "cube": FIRST_CUBE,
        "number": 1,
        "of": 2,
        "chosen_by": 0,
        "rule": "ascendancy:R223",
    }
    casualties = [e.data for e in events if e.kind == "borg_casualties"]
    assert casualties and casualties[0]["seat"] == 0
