"""What the Ascendancy pages say at the game's end (the status line, the log, the score table's columns), and
where the map puts the ship badges (clear of the lanes)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from django.utils import translation

from games.ascendancy import presenter
from games.ascendancy.engine import RULES
from games.ascendancy.engine.scenario import cmd, run
from games.presenters import presenter_for
from tests.browser.asc_victory_scenario import scenario_state

PLAYS = [(0, "buy_authority"), (0, "end_build"), (0, "end_turn"), (1, "buy_authority"), (1, "end_build"),
         (1, "end_turn"), (2, "end_build"), (2, "end_turn")]


def _over() -> dict[str, Any]:
    state = scenario_state()
    state, _ = run(state, *(cmd(seat, kind) for seat, kind in PLAYS))
    return state


@pytest.mark.rules("ascendancy:R140", "ascendancy:R141", "ascendancy:R143")
def test_the_status_line_names_the_winner_the_reason_and_the_tie_break_in_the_readers_language() -> None:
    view = RULES.view(_over(), 1)
    labels = {0: "Player 1 (Alice)", 1: "Player 2 (Bob)", 2: "Player 3 (Carol)"}
    with translation.override("it"):
        end = presenter.status_data(view, labels)["end"]
    assert [w["who"] for w in end["winners"]] == ["Player 1 (Alice)"]
    assert end["winners"][0]["civ"] == "asc-civ-federation"
    assert end["won"] == "Vincitore:"
    assert end["reason"].startswith("Vittoria per Autorità")
    assert end["tiebreak"].startswith("Pareggio risolto da: Il maggior numero di sistemi")
    with translation.override("en"):
        log_reason = presenter.AscendancyPresenter("ascendancy").describe_params({"reason": "authority_victory"})
    assert log_reason["reason"] == "Authority victory: 5 Authority and their own Home System"
    assert presenter.status_data(RULES.view(scenario_state(), 1), labels)["end"] is None  # not before the end


def test_the_score_tables_columns_are_named_in_the_readers_language() -> None:
    shown = presenter_for("ascendancy")
    with translation.override("it"):
        assert [shown.score_label(RULES, k) for k in ("total", "authority", "systems", "homes")] == [
            "Totale", "Autorità", "Sistemi", "Sistemi Natali"]
    assert presenter_for("ascendancy").score_label(RULES, "unknown_key") == "unknown_key"


def _gap(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


@pytest.mark.parametrize("n", [3, 4, 5])  # (7 badges do not fit beside two lanes: they keep their places)
def test_a_discs_badges_keep_clear_of_its_lanes_and_of_each_other(n: int) -> None:
    exits = (225.0, 300.0, 90.0)  # up-left, up-right, down
    angles = presenter._disc_badge_angles(exits, n)
    assert len(angles) == n
    assert all(180 <= a <= 360 for a in angles)  # the upper half: the name is below
    assert all(_gap(a, e) >= presenter.LANE_CLEARANCE for a in angles for e in exits)
    assert all(_gap(a, b) >= min(28.0, 170.0 / n) for i, a in enumerate(angles) for b in angles[i + 1:])
    # no lane above: the places of old (evenly spread over the upper half)
    assert presenter._disc_badge_angles((90.0,), 3) == [210.0, 270.0, 330.0]


def test_a_lane_sectors_badges_sit_beside_the_lane() -> None:
    state = scenario_state()
    state["players"][0]["ships"]["L:l1:1"] = 2
    state["players"][1]["ships"]["L:l1:1"] = 1
    data = presenter.map_data(RULES.view(state, 0), {})
    lane = next(ln for ln in data["lanes"] if ln["id"] == "l1")
    sector = lane["sectors"][0]
    dx, dy = lane["x2"] - lane["x1"], lane["y2"] - lane["y1"]
    length = math.hypot(dx, dy)
    badges = [p for p in data["pieces"] if p["href"].endswith(sector["href"][1:]) and not p["in_warp"]]
    assert sorted(p["seat"] for p in badges) == [0, 1]
    for p in badges:  # off the line by more than half a badge's diagonal, on opposite sides
        off = ((p["x"] - sector["x"]) * dy - (p["y"] - sector["y"]) * dx) / length
        assert abs(off) > 1.8
    sides = {math.copysign(1, (p["x"] - sector["x"]) * dy - (p["y"] - sector["y"]) * dx) for p in badges}
    assert len(sides) == 2
