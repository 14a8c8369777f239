"""The pace of a Borg turn on the site: each automatic step asks for a pause, and any seated player may have
the rest of the turn run without them (``borg_skip``, RULINGS B41)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import RULES, borg
from games.engine.core import AUTO_SEAT, Command, IllegalCommand, Rng
from tests.ascendancy.engine.borg_helpers import borg_turn
from tests.ascendancy.engine.helpers import ev

AUTO = Command(AUTO_SEAT, "automaton_turn")
VEGA = {"id": "vega", "slots": ["production", "research"], "nodes": ["production", "research"], "control": 1,
        "xy": [45.0, 60.0]}
LANES = [("l1", "transwarp_hub", "vega", 1)]


def _auto_decision(state: dict[str, Any]) -> Any:
    return next(d for d in RULES.pending(state) if d.automatic)


def _step(state: dict[str, Any], command: Command = AUTO) -> tuple[dict[str, Any], list[Any]]:
    out = RULES.apply(state, command, Rng.from_seed(3))
    return out.state, list(out.events)


@pytest.mark.rules("ascendancy:R217")
def test_each_borg_step_asks_for_a_pause_until_a_player_skips_to_the_end_of_the_turn() -> None:
    state = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[VEGA], lanes=LANES)
    assert _auto_decision(state).params == {"pace": 1}
    state, _ = _step(state)  # the turn begins
    assert _auto_decision(state).params == {"pace": 1}
    key = _auto_decision(state).key
    skip = Command(1, "borg_skip")
    assert skip in RULES.legal_commands(state, 1) and Command(0, "borg_skip") in RULES.legal_commands(state, 0)
    state, events = _step(state, skip)
    assert ev(events, "borg_skip") == [{"seat": 1}]
    decision = _auto_decision(state)
    assert decision.params == {"pace": 0} and decision.key == key  # the same step, now without a pause
    assert RULES.view(state, 0)["borg"]["skip"] is True
    assert skip not in RULES.legal_commands(state, 1)
    with pytest.raises(IllegalCommand) as refused:
        _step(state, Command(0, "borg_skip"))
    assert refused.value.code == "borg_skip_already"


def _play_on(state: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """One step: the automaton's, or a player's first answer to the decision the Borg turn opened."""
    if any(d.automatic for d in RULES.pending(state)):
        return _step(state)
    seat = state["prompt"]["seat"]
    return _step(state, next(c for c in RULES.legal_commands(state, seat) if c.kind != "borg_skip"))


@pytest.mark.rules("ascendancy:R217", "ascendancy:R222")
def test_a_skip_changes_no_step_lasts_through_a_players_decision_and_ends_with_the_turn() -> None:
    start = borg_turn(cubes={"cube1": "S:transwarp_hub"}, systems=[VEGA], lanes=LANES)
    paced, skipped = start, _step(start, Command(0, "borg_skip"))[0]
    paced_events: list[Any] = []
    skipped_events: list[Any] = []
    prompts = 0
    while borg.turn_under_way(paced):
        if paced["prompt"] is not None:
            prompts += 1
            seat = paced["prompt"]["seat"]
            assert Command(seat, "borg_skip") not in RULES.legal_commands(paced, seat)
            with pytest.raises(IllegalCommand) as waited:  # the seat answers its decision first
                _step(paced, Command(seat, "borg_skip"))
            assert waited.value.code == "borg_skip_answer_first"
        paced, evs = _play_on(paced)
        paced_events += [(e.kind, dict(e.data)) for e in evs]
        skipped, evs = _play_on(skipped)
        skipped_events += [(e.kind, dict(e.data)) for e in evs]
        if any(d.automatic for d in RULES.pending(skipped)) and borg.turn_under_way(skipped):
            assert _auto_decision(skipped).params == {"pace": 0}
        assert len(paced_events) < 500
    assert prompts >= 1  # a player's decision opened in the middle, and the skip held after it
    assert ("borg_turn_ended", {"extra": False, "rule": "ascendancy:R222"}) in paced_events
    assert paced_events == skipped_events  # the same steps, dice and decisions
    assert "skip" not in skipped["borg"] and RULES.view(skipped, 0)["borg"]["skip"] is False
    assert Command(0, "borg_skip") not in RULES.legal_commands(skipped, 0)
    with pytest.raises(IllegalCommand) as refused:
        _step(skipped, Command(0, "borg_skip"))
    assert refused.value.code == "no_borg_turn" and refused.value.rule == "ascendancy:R217"
