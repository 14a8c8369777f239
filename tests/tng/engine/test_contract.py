"""The engine contract around the rules: options, messages, views, zones, resign, undo, dump/load."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.engine import registry
from games.engine.core import AUTO_SEAT, IllegalCommand, Rng
from games.tng.engine import RULES
from games.tng.engine.commands import STAGE_PROMPTS
from games.tng.engine.messages import CHOICES, EVENTS, MESSAGES, OPTIONS, PROMPTS

from .helpers import build, cmd, inst, player, refused, run, setup

ENGINE = Path(__file__).resolve().parents[3] / "games" / "tng" / "engine"


def test_module_exposes_the_rules_the_registry_expects() -> None:
    from games.tng import engine as tng

    registry.register(tng.RULES)
    rules = registry.get("tng")
    assert rules is RULES and rules.min_players == 2 and rules.max_players == 4


def test_every_code_prompt_event_kind_and_end_reason_has_an_english_text() -> None:
    source = "\n".join(p.read_text() for p in ENGINE.glob("*.py"))
    codes = set(re.findall(r'IllegalCommand\(\s*"([a-z_0-9]+)"', source))
    assert codes - set(MESSAGES) == set()
    kinds = set(re.findall(r'emit\(\s*"([a-z_]+)"', source))
    assert kinds - set(EVENTS) == set()
    reasons = set(re.findall(r'(?:end_game|group_loses)\(ctx, "([a-z_]+)"', source))
    assert reasons - set(MESSAGES) == set()
    prompts = set(STAGE_PROMPTS.values()) | set(re.findall(r'prompt = "([a-z_]+)"', source))
    prompts |= {"action_phase", "discard_phase_done", "group_explore", "group_event_goal", "cube_battle",
                "assign_cube_damage", "group_actions", "end_round"}
    assert prompts - set(PROMPTS) == set()
    assert {o["label"] for o in RULES.option_schema()} <= set(OPTIONS)
    for o in RULES.option_schema():
        for value in o.get("choices", []):
            assert f"{o['name']}.{value}" in CHOICES


def test_option_defaults_and_refusals() -> None:
    opts = RULES.validate_options(3, {})
    assert opts["scenario"] == "exploration" and opts["mp_goal"] == 400
    for bad, code in (({"nonsense": 1}, "unknown_option"), ({"scenario": "dominion"}, "bad_option_value")):
        with pytest.raises(IllegalCommand) as info:
            RULES.validate_options(3, bad)
        assert info.value.code == code
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(5, {})
    assert info.value.code == "bad_player_count"


def test_view_hides_other_hands_and_every_draw_pile() -> None:
    state = setup(3)
    spectator = RULES.view(state, None)
    assert all("hand" not in p for p in spectator["players"])
    assert [p["hand_count"] for p in spectator["players"]] == [5, 5, 5]
    mine = RULES.view(state, 1)
    assert mine["players"][1]["hand"] == sorted(player(state, 1)["hand"])
    assert "hand" not in mine["players"][0] and "deck" not in mine["players"][1]
    text = json.dumps(mine)
    assert not any(c in text for c in player(state, 1)["deck"])
    assert not any(c in text for c in state["space"]["deck"] + state["starbase"]["deck"])
    assert mine["starbase"]["deck_count"] == len(state["starbase"]["deck"])
    assert mine["waiting_on"] == [state["first"]]


def test_zones_name_every_pile_with_its_visibility() -> None:
    zones = {z.name: z for z in RULES.zones(setup(2))}
    assert zones["hand:0"].visibility == "owner" and zones["hand:0"].visible_to(0)
    assert not zones["hand:0"].visible_to(1) and not zones["hand:0"].visible_to(None)
    assert zones["deck:0"].visibility == "hidden" and not zones["deck:0"].visible_to(0)
    for name in ("discard:0", "played:0", "points:0", "search_area", "missions", "starbase_discard"):
        assert zones[name].visibility == "public"
    assert zones["space_deck"].visibility == "hidden" and zones["starbase_deck"].visibility == "hidden"


def test_drawn_cards_are_shown_to_their_owner_only() -> None:
    state = build(turn=0)
    out = RULES.apply(state, cmd(0, "end_turn"), Rng.from_seed(0))
    drawn = next(e for e in out.events if e.kind == "cards_drawn")
    assert drawn.for_seat(0)["cards"] and "cards" not in drawn.for_seat(1) and "cards" not in drawn.for_seat(None)
    assert drawn.for_seat(1)["count"] == 5


def test_off_turn_decisions_name_the_seats_the_game_waits_on() -> None:
    state = build(players=3, turn=0, space=["war_cardassian"])
    state, _ = run(state, cmd(0, "explore"), cmd(0, "pass"))
    decision = RULES.pending(state)[0]
    assert decision.seats == frozenset({1}) and decision.prompt == "battle_play_or_pass"
    assert RULES.view(state, None)["waiting_on"] == [1]
    borg = build(scenario="borg", group_set={"step": "actions"})
    assert RULES.pending(borg)[0].seats == frozenset({0, 1})


def test_undoable_only_for_commands_that_reveal_nothing() -> None:
    state = build(turn=0, hands={0: ["crewman", "guinan"]}, xp={0: 5}, damage={0: 2}, space=["shore_leave"])
    assert RULES.apply(state, cmd(0, "play", card=inst(state, 0, "crewman")), Rng.from_seed(0)).undoable
    assert RULES.apply(state, cmd(0, "repair", amount=1), Rng.from_seed(0)).undoable
    assert RULES.apply(state, cmd(0, "buy_basic", pile="security_team"), Rng.from_seed(0)).undoable
    assert not RULES.apply(state, cmd(0, "play", card=inst(state, 0, "guinan")), Rng.from_seed(0)).undoable
    assert not RULES.apply(state, cmd(0, "buy", slot=0), Rng.from_seed(0)).undoable
    assert not RULES.apply(state, cmd(0, "explore"), Rng.from_seed(0)).undoable
    assert not RULES.apply(state, cmd(0, "end_turn"), Rng.from_seed(0)).undoable


def test_dump_load_round_trip_is_exact() -> None:
    state = setup(4, seed=5, scenario="borg_invasion")
    assert RULES.load(json.loads(json.dumps(RULES.dump(state)))) == state


def test_unknown_wrong_seat_and_automatic_commands_are_refused() -> None:
    state = build(turn=0)
    for command, code in ((cmd(0, "dance"), "unknown_command"), (cmd(1, "end_turn"), "not_your_turn"),
                          (cmd(0, "play"), "bad_argument"), (cmd(0, "end_round"), "automatic_step_only"),
                          (cmd(AUTO_SEAT, "explore"), "no_automatic_step_due")):
        refused(state, command, code)


def test_resign_in_two_players_ends_the_game_for_the_other() -> None:
    state = build(turn=0)
    s = RULES.resign(state, 0).state
    result = RULES.result(s)
    assert result.reason == "others_resigned" and result.winners == frozenset({1})


def test_resign_in_three_players_skips_the_seat() -> None:
    state = build(players=3, turn=1)
    s = RULES.resign(state, 1).state
    assert RULES.result(s) is None and s["turn"]["seat"] == 2
    s, _ = run(s, cmd(2, "end_turn"))
    assert s["turn"]["seat"] == 0


def test_resigning_on_your_turn_with_a_card_waiting_puts_it_under_the_space_deck_and_the_turn_passes() -> None:
    """RULINGS Resigning: with 3 players the seat is skipped; the ship waiting for its encounter goes under
    the Space Deck and the next player starts their turn."""
    state = build(players=3, turn=0, space=["romulan_scout"])
    state, _ = run(state, cmd(0, "explore"))
    scout = state["stage"]["card"]
    out = RULES.resign(state, 0)
    s = out.state
    assert out.events[0].kind == "player_resigned" and out.events[0].data == {"seat": 0}
    assert s["stage"] is None and s["space"]["deck"][0] == scout and scout not in s["space"]["revealed"]
    assert s["turn"]["seat"] == 1 and [e.kind for e in out.events][-1] == "turn_started"
    assert RULES.pending(s)[0].seats == frozenset({1}) and s["players"][0]["resigned"]


def test_resigning_during_a_war_ends_the_battle_as_it_stands_and_the_active_turn_goes_on() -> None:
    """RULINGS Resigning: the War ends as it stands (no ship has fired: the best status wins, R31); the
    player who resigned neither wins it nor draws (it crashed on the missing ``defeated`` list before)."""
    state = build(players=3, turn=0, space=["war_cardassian"], ships={1: "enterprise_d", 2: "dderidex"})
    state, _ = run(state, cmd(0, "explore"), cmd(0, "pass"))
    war_card = state["stage"]["card"]
    out = RULES.resign(state, 2)  # the D'deridex (Attack 7) would win; it resigned
    s = out.state
    assert [e.kind for e in out.events][0] == "player_resigned" and "war_ended" in [e.kind for e in out.events]
    assert s["stage"] is None and war_card in s["players"][1]["points"]  # the strongest ship still in it wins
    assert s["turn"]["seat"] == 0 and RULES.pending(s)[0].prompt == "action_phase"


def test_resigning_while_a_war_fires_ends_it_too() -> None:
    state = build(players=3, turn=1, space=["war_cardassian"])
    state, _ = run(state, cmd(1, "explore"), cmd(1, "pass"), cmd(2, "pass"), cmd(0, "pass"))
    assert state["stage"]["kind"] == "war_fire"
    s = RULES.resign(state, 0).state
    assert s["stage"] is None and s["turn"]["seat"] == 1 and RULES.result(s) is None


def test_resign_in_the_borg_game_loses_for_the_group() -> None:
    state = build(scenario="borg")
    result = RULES.result(RULES.resign(state, 1).state)
    assert result.cooperative and result.winners == frozenset()


def test_rerandomise_keeps_what_a_seat_knows_and_redraws_the_rest() -> None:
    state = build(players=3, turn=0, space=["galor"], hands={0: ["photon_spread"]})
    state, _ = run(state, cmd(0, "explore"), cmd(0, "fight"))  # the Galor escapes under the Space Deck
    for seat in (None, 0, 1):
        other = RULES.rerandomise(state, seat, Rng.from_seed(3))
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert other["space"]["deck"][0] == state["space"]["deck"][0]  # the known bottom card stays
        assert sorted(other["space"]["deck"]) == sorted(state["space"]["deck"])
        assert other["space"]["deck"] != state["space"]["deck"]
        if seat is not None:
            assert other["players"][seat]["hand"] == state["players"][seat]["hand"]
            assert RULES.legal_commands(other, seat) == RULES.legal_commands(state, seat)
    other = RULES.rerandomise(state, 0, Rng.from_seed(3))
    assert other["players"][1]["hand"] != state["players"][1]["hand"] or \
        other["players"][1]["deck"] != state["players"][1]["deck"]
    for x in (1, 2):  # another player's hand and deck: the same cards, split and ordered anew
        mine, theirs = other["players"][x], state["players"][x]
        assert sorted(mine["hand"] + mine["deck"]) == sorted(theirs["hand"] + theirs["deck"])
        assert len(mine["hand"]) == len(theirs["hand"]) and mine["hand"] == sorted(mine["hand"])
    assert sorted(other["starbase"]["deck"]) == sorted(state["starbase"]["deck"])


@pytest.mark.parametrize("scenario,players", [("exploration", 2), ("borg_invasion", 3), ("klingon_civil_war", 4),
                                              ("borg_invasion", 4)])
def test_every_event_kind_has_its_field_contract_and_setup_keeps_it(scenario: str, players: int) -> None:
    """``events.FIELDS`` (checked by ``helpers.run`` on every command of these tests) covers every event kind
    the engine emits and the site can say; the setup's events keep the contract too."""
    from .events import FIELDS, check_events

    source = "\n".join(p.read_text() for p in ENGINE.glob("*.py"))
    assert set(re.findall(r'emit\(\s*"([a-z_]+)"', source)) == set(FIELDS) <= set(EVENTS)
    options = {"scenario": scenario, "borg_teams": "teams"} if players == 4 and scenario == "borg_invasion" else {
        "scenario": scenario}
    out = RULES.setup(num_players=players, options=RULES.validate_options(players, options), rng=Rng.from_seed(3))
    check_events(out.state, out.events)
    assert [e.kind for e in out.events][:1] == ["game_set_up"]


def test_the_command_that_ends_the_game_cannot_be_undone() -> None:
    """A completed mission is undoable (no hidden card, no chance) unless it ends the game (R39)."""
    from .test_scoring import HIGH

    state = build(turn=0, points={0: HIGH}, missions=["survey_neutral_zone"], ships={0: "galor"},
                  hands={0: ["full_impulse"]})  # 380 MP + 20; Galor Speed 3 + Full Impulse
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "full_impulse")))
    mission = state["space"]["missions"][0]
    quiet = build(turn=0, missions=["survey_neutral_zone"], ships={0: "galor"}, hands={0: ["full_impulse"]})
    quiet, _ = run(quiet, cmd(0, "play", card=inst(quiet, 0, "full_impulse")))
    assert RULES.apply(quiet, cmd(0, "complete_mission", card=mission), Rng.from_seed(0)).undoable
    out = RULES.apply(state, cmd(0, "complete_mission", card=mission), Rng.from_seed(0))
    assert out.state["phase"] == "over" and not out.undoable


def test_the_position_builder_takes_a_scenario_by_either_name_and_runs_automatic_steps_only_when_asked() -> None:
    """scenario.py (the builder the tests and bug reports use): ``klingon`` or ``klingon_civil_war``; ``run``
    leaves the Borg group's automatic exploration pending unless ``auto``."""
    from games.tng.engine import scenario

    assert scenario.build(scenario="klingon_civil_war")["scenario"] == "klingon"
    assert scenario.build(scenario="borg")["options"]["scenario"] == "borg_invasion"
    state = scenario.build(scenario="borg")
    same, events = scenario.run(state)
    assert events == [] and RULES.pending(same)[0].prompt == "group_explore"
    moved, events = scenario.run(state, auto=True)
    assert "card_explored" in [e.kind for e in events]
