"""Random games against the Borg, 1 to 7 players, every Borg mode and optional rule: every command applies,
the invariants of the base game hold, the texts format, and each game reaches a result (ascendancy:R1, R216,
R266-R268)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import RULES, messages
from tests.ascendancy.engine.test_playouts import invariants
from tests.support.engine import assert_replays, play_to_the_end

BORG_OPTIONS_ON = {"borg_attack_command_attack": True, "borg_three_spires": True, "borg_takes_a_fleet": True,
                   "borg_out_there": True, "borg_hub_roll": "five_up", "borg_resurrection": "command_phase"}
CONFIGS = [
    (1, {"borg_mode": "delta_quadrant"}),
    (1, {"borg_mode": "delta_quadrant", "borg_hub_distance": "30", **BORG_OPTIONS_ON}),
    (2, {"borg_mode": "delta_quadrant"}),
    (3, {"borg_mode": "discovered"}),
    (3, {"borg_mode": "delta_probe", **BORG_OPTIONS_ON}),
    (4, {"borg_mode": "delta_quadrant", "mysterious_turn_order": True, "borg_mysterious_turn_order": True,
         "humble_origins": True, "borg_humble_origins": True}),
    (5, {"borg_mode": "delta_quadrant", **BORG_OPTIONS_ON}),
    (6, {"borg_mode": "discovered", **BORG_OPTIONS_ON}),
    (7, {"borg_mode": "delta_probe"}),
]
#: Games per configuration (issue 15: at least 10 in CI; bench/playouts.py plays thousands).
GAMES = 10


@pytest.mark.rules("ascendancy:R216", "ascendancy:R217", "ascendancy:R266", "ascendancy:R267", "ascendancy:R268")
@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CONFIGS)])
def test_random_games_against_the_borg_reach_a_result(players: int, options: dict[str, Any]) -> None:
    borg_steps = 0
    for seed in range(GAMES):
        playout, result = play_to_the_end(RULES, players, options, seed * 11 + players, 40_000, invariants,
                                          messages.EVENTS)
        assert result.reason in messages.MESSAGES
        assert len(playout.commands) >= 20
        borg_steps += sum(1 for c in playout.commands if c.kind == "automaton_turn")
        if seed == 0:
            assert_replays(RULES, playout, players, options, seed * 11 + players)
    assert borg_steps > 0
