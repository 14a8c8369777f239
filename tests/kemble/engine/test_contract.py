"""The engine contract around the rules: options, messages, views, zones, resign, undo, dump/load."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.engine import registry
from games.engine.core import IllegalCommand, Rng
from games.kemble.engine import RULES
from games.kemble.engine.messages import CHOICES, EVENTS, MESSAGES, OPTIONS, PROMPTS

from .helpers import bid_all, build, cmd, player, run, setup

ENGINE = Path(__file__).resolve().parents[3] / "games" / "kemble" / "engine"


def test_module_exposes_the_rules_the_registry_expects() -> None:
    from games.kemble import engine as kemble

    registry.register(kemble.RULES)  # the test suite's conftest pre-registers a toy game
    rules = registry.get("kemble")
    assert rules is RULES and rules.slug == "kemble" and rules.min_players == 1 and rules.max_players == 5


def test_every_code_prompt_and_event_kind_has_an_english_text() -> None:
    source = "\n".join(p.read_text() for p in ENGINE.glob("*.py"))
    codes = set(re.findall(r'IllegalCommand\(\s*"([a-z_0-9]+)"', source))
    assert codes - set(MESSAGES) == set()
    kinds = set(re.findall(r'emit\(\s*"([a-z_]+)"', source))
    assert kinds - set(EVENTS) == set()
    for name in ("choose_sensor", "choose_action", "battle_turn", "astral_turn", "power_down_buy",
                 "choose_side", "choose_wormhole", "choose_mosquito_swap", "reveal", "scroll", "upkeep"):
        assert name in PROMPTS
    assert {o["label"] for o in RULES.option_schema()} <= set(OPTIONS)
    for o in RULES.option_schema():
        for value in o.get("choices", []):
            assert f"{o['name']}.{value}" in CHOICES or o["name"] == "solo_scenario"


def test_option_schema_defaults_validate() -> None:
    opts = RULES.validate_options(3, {})
    assert opts["fire_action"] == "one_weapon" and opts["tunnel_vision"] is False
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(3, {"nonsense": True})
    assert info.value.code == "unknown_option"


def test_events_are_past_tense_and_json() -> None:
    state = setup(3)
    out = RULES.setup(num_players=3, options=RULES.validate_options(3, {}), rng=Rng.from_seed(1))
    assert out.state == state
    for e in out.events:
        json.dumps(e.as_json())
        assert e.kind.endswith(("ed", "_up", "_set_up")) or e.kind in EVENTS


def test_spectator_view_is_public_only() -> None:
    state = bid_all(setup(3))
    view = RULES.view(state, None)
    assert all("hand" not in p and "powerups" not in p for p in view["players"])
    assert all(p["hand_count"] == 2 for p in view["players"])
    mine = RULES.view(state, 1)
    assert mine["players"][1]["hand"] == sorted(player(state, 1)["hand"])
    assert "hand" not in mine["players"][0]
    json.dumps(view)


def test_zones_name_every_pile_with_its_visibility() -> None:
    state = setup(2)
    zones = {z.name: z for z in RULES.zones(state)}
    assert zones["sensor_draw"].visibility == "hidden" and zones["space_draw"].visibility == "hidden"
    assert zones["hand:0"].visibility == "owner" and zones["hand:0"].owner == 0
    assert zones["sensor_discard"].visibility == "public"
    assert zones["powerups:1"].visible_to(1) and not zones["powerups:1"].visible_to(0)


def test_dump_load_round_trip_is_exact() -> None:
    state = bid_all(setup(4, seed=5))
    data = json.loads(json.dumps(RULES.dump(state)))
    assert RULES.load(data) == state


def test_undoable_only_for_commands_that_reveal_nothing() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(4, 3): "powerup"}, turn=0, turn_set={"moves": 3})
    out = RULES.apply(state, cmd(0, "rotate", dir="e"), Rng.from_seed(0))
    assert out.undoable
    out = RULES.apply(state, cmd(0, "move", dir="n"), Rng.from_seed(0))
    assert out.undoable
    out = RULES.apply(state, cmd(0, "move", dir="ne"), Rng.from_seed(0))
    assert not out.undoable  # draws a power-up
    out = RULES.apply(state, cmd(0, "end_turn"), Rng.from_seed(0))
    assert not out.undoable


def test_resign_removes_the_ship_and_the_game_goes_on() -> None:
    state = build(players=3, ships={0: (5, 2), 1: (4, 4)}, players_set={1: {"tokens": {"0": 2}}}, turn=1)
    out = RULES.resign(state, 1)
    s = out.state
    assert player(s, 1)["resigned"] and player(s, 1)["pos"] is None and player(s, 0)["glory"] == 0
    assert s["turn"]["seat"] == 2
    s, _ = run(s, cmd(2, "end_turn"), auto=True)
    assert s["phase"] == "bid" and RULES.pending(s)[0].seats == frozenset({0, 2})
    s = RULES.resign(s, 0).state
    result = RULES.result(s)
    assert result is not None and result.reason == "others_resigned"
    assert result.winners == frozenset({2}) and result.ranking[0] == [2]


def test_a_wingmen_team_resigning_ends_the_game_for_the_other_team() -> None:
    state = build(players=4, options={"wingmen": True})
    state = RULES.resign(state, 1).state
    assert RULES.result(state) is None
    state = RULES.resign(state, 3).state
    assert RULES.result(state).winners == frozenset({0, 2})


@pytest.mark.rules("kemble:R84")
def test_resigning_a_solo_game_loses_it() -> None:
    state = build(players=1, ships={0: (5, 2)}, turn=0)
    out = RULES.resign(state, 0)
    result = RULES.result(out.state)
    assert result.reason == "solo_destroyed" and result.winners == frozenset() and result.cooperative
    assert [e.kind for e in out.events][:1] == ["player_resigned"] and "game_ended" in [e.kind for e in out.events]


def test_resigning_the_last_missing_bid_lets_the_reveal_run() -> None:
    state = build(players=3)
    state, _ = run(state, RULES.legal_commands(state, 0)[0], RULES.legal_commands(state, 1)[0])
    state = RULES.resign(state, 2).state
    assert state["phase"] == "reveal" and RULES.auto_command(state).kind == "reveal"


def test_unknown_and_wrong_seat_commands_are_refused() -> None:
    state = build(players=2, ships={0: (5, 2)}, turn=0)
    for command, code in ((cmd(0, "dance"), "unknown_command"), (cmd(1, "end_turn"), "not_your_turn"),
                          (cmd(0, "move"), "bad_argument"), (cmd(0, "scroll"), "automatic_step_only")):
        with pytest.raises(IllegalCommand) as info:
            RULES.apply(state, command, Rng.from_seed(0))
        assert info.value.code == code
