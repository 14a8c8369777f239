"""Every refusal the TNG engine makes, with its rule ID and parameters (not only its code): the rule ID and
parameters are what the player is told (issue 17). ``test_every_refusal_code_of_the_engine_is_here`` keeps
the table complete."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.engine.core import AUTO_SEAT, Command, IllegalCommand, Rng
from games.tng.engine.content import CONTENT

from .helpers import RULES, build, cmd, inst, run

ENGINE = Path(__file__).resolve().parents[3] / "games" / "tng" / "engine"
Case = Callable[[], tuple[dict[str, Any], Command]]


def ex(**kw: Any) -> dict[str, Any]:
    kw.setdefault("turn", 0)
    return build(**kw)


def kl(**kw: Any) -> dict[str, Any]:
    kw.setdefault("options", {"starting_ships": "assigned"})
    return build(scenario="klingon", **kw)


def borg(**kw: Any) -> dict[str, Any]:
    return build(scenario="borg", options={"starting_ships": "assigned"}, first=0, **kw)


def acting(**kw: Any) -> dict[str, Any]:
    return borg(group_set={"step": "actions"}, **kw)


def explored(state: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    return run(state, cmd(seat, "explore"))[0]


def revealed(**kw: Any) -> dict[str, Any]:
    return run(borg(**kw), auto=True)[0]


def _allocating() -> tuple[dict[str, Any], int]:
    """A Cube nobody beats: once all are ready its damage waits for the lead player (seat 0) to allocate it."""
    state = revealed(space=["borg_cube_1"], players=3)
    state, _ = run(state, cmd(0, "ready"), cmd(1, "ready"), cmd(2, "ready"))
    assert state["stage"]["kind"] == "allocate"
    return state, 0


def _sitting_out() -> dict[str, Any]:
    """Player 1's ship was defeated this group turn (R47); player 0's ship repairs (RULINGS B32)."""
    state = acting(damage={1: 2})
    state["players"][0]["ability"] = "bi_endeavour"
    state["players"][1]["defeated"] = True
    return state


def _discarded() -> dict[str, Any]:
    """Player 1 took the Discard Phase this group turn (R46.3); player 0's ship repairs (RULINGS B33)."""
    state = acting(damage={1: 2}, hands={1: ["crewman", "duty_officer"]})
    state = run(state, cmd(1, "discard", card=inst(state, 1, "duty_officer")))[0]
    state["players"][0]["ability"] = "bi_endeavour"
    return state


def _ensign_pile_empty() -> dict[str, Any]:
    state = ex(xp={0: 9})
    state["starbase"]["basic"]["security_team"] = []
    return state


def _two_maneuvers() -> tuple[dict[str, Any], Command]:
    state = revealed(space=["borg_cube_1"], hands={0: ["evasive_pattern"], 1: ["evasive_pattern"]})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "evasive_pattern")))
    return state, cmd(1, "play", card=inst(state, 1, "evasive_pattern"))


def _mission_bottom() -> dict[str, Any]:
    return explored(ex(missions=["survey_neutral_zone", "peace_talks"], space=["chart_nebula"]))


def _influence_choice() -> dict[str, Any]:
    state = kl(turn=0, influence={0: ["influence_house_of_duras"]}, space=["influence_house_of_martok"])
    return explored(state)


def _war_fire() -> dict[str, Any]:
    state = explored(ex(players=3, space=["war_cardassian"]))
    state, _ = run(state, cmd(0, "pass"), cmd(1, "pass"), cmd(2, "pass"))
    assert state["stage"]["kind"] == "war_fire"
    return state


def _over() -> dict[str, Any]:
    state = ex()
    return RULES.resign(state, 1).state


CASES: dict[str, tuple[Case, str, str, dict[str, Any]]] = {
    # platform-level refusals: no rule ID
    "game_over": (lambda: (_over(), cmd(0, "end_turn")), "game_over", "", {}),
    "unknown_command": (lambda: (ex(), cmd(0, "teleport")), "unknown_command", "", {"kind": "teleport"}),
    "no_automatic_step_due": (lambda: (ex(), Command(AUTO_SEAT, "explore", {})), "no_automatic_step_due", "", {}),
    "automatic_step_only": (lambda: (borg(), cmd(0, "explore")), "automatic_step_only", "", {}),
    "automatic_end_round": (lambda: (ex(), cmd(0, "end_round")), "automatic_step_only", "", {}),
    "not_your_turn": (lambda: (ex(), cmd(1, "end_turn")), "not_your_turn", "", {}),
    "bad_argument": (lambda: (ex(), cmd(0, "buy", slot="0")), "bad_argument", "", {"argument": "slot"}),
    "bad_argument_bool": (lambda: (ex(), cmd(0, "buy", slot=True)), "bad_argument", "", {"argument": "slot"}),
    "bad_keep": (lambda: (explored(ex(space=["pakled_freighter"])), cmd(0, "diplomacy", keep="both")),
                 "bad_argument", "", {"argument": "keep"}),
    "bad_amount": (lambda: (_allocating()[0], cmd(0, "assign_damage", target=0, amount="all")),
                   "bad_argument", "", {"argument": "amount"}),
    # playing cards (R11, R23, R25, R49, R52)
    "card_not_in_hand": (lambda: (ex(), cmd(0, "play", card="picard#1")), "card_not_in_hand", "tng:R11",
                         {"card": "picard#1"}),
    "borg_card_unplayable": (lambda: (lambda s: (s, cmd(0, "play", card=inst(s, 0, "borg_card"))))(
        acting(hands={0: ["borg_card"]})), "borg_card_unplayable", "tng:R49", {"card": "*"}),
    "setup_not_in_battle": (lambda: (lambda s: (s, cmd(0, "play", card=inst(s, 0, "stellar_cartography"))))(
        explored(ex(space=["romulan_scout"], hands={0: ["stellar_cartography"]}))),
        "setup_not_in_battle", "tng:R25", {"card": "*"}),
    "setup_not_for_event": (lambda: (lambda s: (s, cmd(0, "play", card=inst(s, 0, "stellar_cartography"))))(
        explored(ex(space=["ion_storm"], hands={0: ["stellar_cartography"]}))),
        "setup_not_for_event", "tng:R23", {"card": "*"}),
    "setup_not_for_group_event": (lambda: (lambda s: (s, cmd(0, "play", card=inst(s, 0, "stellar_cartography"))))(
        revealed(space=["wolf_359"], hands={0: ["stellar_cartography"]})),
        "setup_not_for_event", "tng:R23", {"card": "*"}),
    "setup_not_in_cube_battle": (lambda: (lambda s: (s, cmd(0, "play", card=inst(s, 0, "stellar_cartography"))))(
        revealed(space=["borg_cube_1"], hands={0: ["stellar_cartography"]})),
        "setup_not_in_battle", "tng:R25", {"card": "*"}),
    "maneuver_already_played": (_two_maneuvers, "maneuver_already_played", "tng:R52", {"card": "*"}),
    "play_while_allocating": (lambda: (_allocating()[0], cmd(0, "play", card="crewman#1")), "not_now", "tng:R54",
                              {}),
    "play_in_mission_choice": (lambda: (_mission_bottom(), cmd(0, "play", card="crewman#1")), "not_now",
                               "tng:R11", {}),
    # obtaining, repairing, searching (R6, R13-R15)
    "empty_slot_buy": (lambda: (ex(xp={0: 9}), cmd(0, "buy", slot=9)), "empty_slot", "tng:R13", {"slot": 9}),
    "empty_slot_negative": (lambda: (ex(xp={0: 9}), cmd(0, "buy", slot=-1)), "empty_slot", "tng:R13", {"slot": -1}),
    "not_enough_xp_buy": (lambda: (ex(search=["picard"], xp={0: 7}), cmd(0, "buy", slot=0)), "not_enough_xp",
                          "tng:R13", {"cost": 8, "xp": 7}),
    "unknown_basic": (lambda: (ex(xp={0: 9}), cmd(0, "buy_basic", pile="picard")), "unknown_basic", "tng:R6",
                      {"kind": "picard"}),
    "basic_pile_empty": (lambda: (_ensign_pile_empty(), cmd(0, "buy_basic", pile="security_team")),
                         "basic_pile_empty", "tng:R6", {"kind": "security_team"}),
    "not_enough_xp_basic": (lambda: (ex(xp={0: 2}), cmd(0, "buy_basic", pile="security_team")), "not_enough_xp",
                            "tng:R13", {"cost": 3, "xp": 2}),
    "bad_repair": (lambda: (ex(xp={0: 9}, damage={0: 2}), cmd(0, "repair", amount=3)), "bad_repair", "tng:R14",
                   {"amount": 3, "damage": 2}),
    "bad_repair_zero": (lambda: (ex(xp={0: 9}, damage={0: 2}), cmd(0, "repair", amount=0)), "bad_repair",
                        "tng:R14", {"amount": 0, "damage": 2}),
    "not_enough_xp_repair": (lambda: (ex(xp={0: 1}, damage={0: 2}), cmd(0, "repair", amount=2)), "not_enough_xp",
                             "tng:R14", {"cost": 2, "xp": 1}),
    "no_search_left": (lambda: (ex(turn_set={"searches": 0}), cmd(0, "search", slot=0)), "no_search_left",
                       "tng:R15", {}),
    "empty_slot_search": (lambda: (ex(), cmd(0, "search", slot=9)), "empty_slot", "tng:R15", {"slot": 9}),
    # the phases of the turn (R9, R16-R18)
    "discard_phase_chosen": (lambda: (lambda s: (run(s, cmd(0, "discard", card=s["players"][0]["hand"][0]))[0],
                                                 cmd(0, "explore")))(ex()), "discard_phase_chosen", "tng:R9", {}),
    "already_discarded": (lambda: (lambda s: (run(s, cmd(0, "discard", card=s["players"][0]["hand"][0]))[0],
                                              cmd(0, "discard", card=s["players"][0]["hand"][1])))(ex()),
                          "already_discarded", "tng:R17", {}),
    "action_phase_chosen": (lambda: (lambda s: (run(s, cmd(0, "repair", amount=1))[0],
                                                cmd(0, "discard", card=s["players"][0]["hand"][0])))(
        ex(xp={0: 1}, damage={0: 1})), "action_phase_chosen", "tng:R9", {}),
    "discard_in_a_stage": (lambda: (lambda s: (s, cmd(0, "discard", card=s["players"][0]["hand"][0])))(
        explored(ex(space=["romulan_scout"]))), "action_phase_chosen", "tng:R9", {}),
    "discard_not_in_hand": (lambda: (ex(), cmd(0, "discard", card="picard#1")), "card_not_in_hand", "tng:R17",
                            {"card": "picard#1"}),
    "no_exploration_left": (lambda: (ex(turn_set={"explores": 0}), cmd(0, "explore")), "no_exploration_left",
                            "tng:R16", {}),
    "space_deck_empty": (lambda: (ex(space_exact=[]), cmd(0, "explore")), "space_deck_empty", "tng:R16", {}),
    "explore_in_a_stage": (lambda: (explored(ex(space=["romulan_scout"])), cmd(0, "explore")), "not_now", "tng:R16",
                           {}),
    "end_turn_in_a_stage": (lambda: (explored(ex(space=["romulan_scout"])), cmd(0, "end_turn")), "not_now",
                            "tng:R18", {}),
    "end_turn_in_group": (lambda: (acting(), cmd(0, "end_turn")), "not_now", "tng:R18", {}),
    # missions and events (R21-R23)
    "bottom_not_a_mission": (lambda: (_mission_bottom(), cmd(0, "bottom", card="chart_nebula#1")),
                             "not_a_face_up_mission", "tng:R21", {"card": "chart_nebula#1"}),
    "bottom_not_now": (lambda: (ex(missions=["peace_talks"]), cmd(0, "bottom", card="peace_talks#1")), "not_now",
                       "tng:R21", {}),
    "complete_not_a_mission": (lambda: (ex(), cmd(0, "complete_mission", card="peace_talks#1")),
                               "not_a_face_up_mission", "tng:R22", {"card": "peace_talks#1"}),
    "complete_no_exploration": (lambda: (ex(missions=["science_survey"], turn_set={"explores": 0}),
                                         cmd(0, "complete_mission", card="science_survey#1")),
                                "no_exploration_left", "tng:R22", {}),
    "goal_not_met": (lambda: (ex(missions=["defend_outpost"]), cmd(0, "complete_mission", card="defend_outpost#1")),
                     "goal_not_met", "tng:R22", {"card": "defend_outpost#1"}),
    "resolve_event_not_now": (lambda: (ex(), cmd(0, "resolve_event")), "not_now", "tng:R23", {}),
    "resolve_event_in_group": (lambda: (acting(), cmd(0, "resolve_event")), "not_now", "tng:R23", {}),
    # Space Deck ships (R26-R27), Klingon allies and influence (R59-R60)
    "diplomacy_fails": (lambda: (explored(ex(space=["enterprise_d"])), cmd(0, "diplomacy", keep="ship")),
                        "diplomacy_fails", "tng:R26", {"card": "enterprise_d#1"}),
    "diplomacy_not_now": (lambda: (ex(), cmd(0, "diplomacy", keep="ship")), "not_now", "tng:R26", {}),
    "fight_not_now": (lambda: (ex(), cmd(0, "fight")), "not_now", "tng:R27", {}),
    "allied_ship_not_fought": (lambda: (explored(kl(turn=0, space=["ally_vorn"])), cmd(0, "fight")),
                               "allied_ship_not_fought", "tng:R59", {}),
    "no_such_ally": (lambda: (kl(turn=0), cmd(0, "ally", card="ally_vorn#1")), "no_such_ally", "tng:R59",
                     {"card": "ally_vorn#1"}),
    "ally_requirements_unmet": (lambda: (explored(kl(turn=0, space=["ally_bortas"])),
                                         cmd(0, "ally", card="ally_bortas#1")),
                                "ally_requirements_unmet", "tng:R59", {"card": "ally_bortas#1"}),
    "ally_in_the_borg_turn": (lambda: (acting(), cmd(0, "ally", card="x#1")), "not_now", "tng:R59", {}),
    "ally_in_a_stage": (lambda: (explored(kl(turn=0, space=["romulan_scout"])), cmd(0, "ally", card="x#1")),
                        "not_now", "tng:R59", {}),
    "bad_influence_choice": (lambda: (_influence_choice(), cmd(0, "keep_influence", card="influence_romulan#1")),
                             "bad_influence_choice", "tng:R60", {"card": "influence_romulan#1"}),
    "keep_influence_not_now": (lambda: (kl(turn=0), cmd(0, "keep_influence", card="x#1")), "not_now", "tng:R60",
                               {}),
    # starting ship effects (R41, R56)
    "no_ship_ability": (lambda: (ex(), cmd(0, "ship_ability", target=0)), "no_ship_ability", "tng:R41", {}),
    "ability_used": (lambda: (run(kl(players=4, turn=0, damage={0: 4}), cmd(0, "ship_ability", target=0))[0],
                              cmd(0, "ship_ability", target=0)), "ability_used", "tng:R41", {}),
    "bad_target_klingon": (lambda: (kl(players=4, turn=0, damage={1: 2}), cmd(0, "ship_ability", target=1)),
                           "bad_target", "tng:R56", {"target": 1}),
    "bad_target_borg": (lambda: (acting(damage={0: 2}), cmd(0, "ship_ability", target=5)), "bad_target", "tng:R41",
                        {"target": 5}),
    "ability_no_effect": (lambda: (kl(players=4, turn=0), cmd(0, "ship_ability", target=2)), "ability_no_effect",
                          "tng:R41", {"target": 2}),
    "target_sits_out": (lambda: (_sitting_out(), cmd(0, "ship_ability", target=1)), "target_sits_out", "tng:R47",
                        {"target": 1}),
    "target_discard_phase": (lambda: (_discarded(), cmd(0, "ship_ability", target=1)), "target_discard_phase",
                             "tng:R46", {"target": 1}),
    # battles between players (R29-R30, R61)
    "pass_not_now": (lambda: (ex(), cmd(0, "pass")), "not_now", "tng:R29", {}),
    "target_not_now": (lambda: (ex(), cmd(0, "target", target=1)), "not_now", "tng:R30", {}),
    "bad_war_target": (lambda: (_war_fire(), cmd(0, "target", target=0)), "bad_target", "tng:R61", {"target": 0}),
    # the Borg group turn (R43, R46, R48, R49, R53, R54)
    "no_exploration_left_borg": (lambda: (acting(), cmd(0, "explore")), "no_exploration_left", "tng:R43", {}),
    "group_action_in_a_stage": (lambda: (revealed(space=["wolf_359"], xp={0: 9}), cmd(0, "buy", slot=0)),
                                "not_now", "tng:R13", {}),
    "standard_action_in_a_stage": (lambda: (explored(ex(space=["romulan_scout"], xp={0: 9})),
                                            cmd(0, "buy", slot=0)), "not_now", "tng:R13", {}),
    "discard_after_acting": (lambda: (lambda s: (run(s, cmd(0, "play", card=inst(s, 0, "crewman")))[0],
                                                 cmd(0, "discard", card=inst(s, 0, "duty_officer"))))(
        acting(hands={0: ["crewman", "duty_officer"]})), "action_phase_chosen", "tng:R46", {}),
    "group_discard_not_in_hand": (lambda: (acting(), cmd(0, "discard", card="picard#1")), "card_not_in_hand",
                                  "tng:R46", {"card": "picard#1"}),
    "borg_card_not_discardable": (lambda: (lambda s: (s, cmd(0, "discard", card=inst(s, 0, "borg_card"))))(
        acting(hands={0: ["borg_card"]})), "borg_card_not_discardable", "tng:R49", {"card": "*"}),
    "group_discard_in_a_stage": (lambda: (revealed(space=["wolf_359"]), cmd(0, "discard", card="crewman#1")),
                                 "not_now", "tng:R46", {}),
    "no_such_ship": (lambda: (acting(), cmd(0, "win_ship", card="enterprise_d#1")), "no_such_ship", "tng:R48",
                     {"card": "enterprise_d#1"}),
    "diplomacy_fails_borg": (lambda: (revealed(space=["enterprise_d"]), cmd(0, "win_ship", card="enterprise_d#1")),
                             "diplomacy_fails", "tng:R48", {"card": "enterprise_d#1"}),
    "no_battle_with_fleeing_ships": (lambda: (revealed(space=["enterprise_d"]), cmd(0, "fight")),
                                     "no_battle_with_fleeing_ships", "tng:R48", {}),
    "ready_not_now": (lambda: (ex(), cmd(0, "ready")), "not_now", "tng:R53", {}),
    "ready_without_a_stage": (lambda: (acting(), cmd(0, "ready")), "not_now", "tng:R53", {}),
    "assign_not_now": (lambda: (ex(), cmd(0, "assign_damage", target=0)), "not_now", "tng:R54", {}),
    "assign_without_allocation": (lambda: (acting(), cmd(0, "assign_damage", target=0)), "not_now", "tng:R54", {}),
    "bad_cube_target": (lambda: (_allocating()[0], cmd(0, "assign_damage", target=7)), "bad_target", "tng:R54",
                        {"target": 7}),
    "must_take_until_defeated": (lambda: (_allocating()[0], cmd(0, "assign_damage", target=0, amount=1)),
                                 "must_take_until_defeated", "tng:R54", {"target": 0, "amount": "*"}),
    "done_not_now": (lambda: (ex(), cmd(0, "done")), "not_now", "tng:R46", {}),
    "done_in_a_stage": (lambda: (revealed(space=["wolf_359"]), cmd(0, "done")), "not_now", "tng:R46", {}),
}


@pytest.mark.rules("tng:R9", "tng:R11", "tng:R13", "tng:R14", "tng:R15", "tng:R16", "tng:R17", "tng:R18",
                   "tng:R21", "tng:R22", "tng:R23", "tng:R25", "tng:R26", "tng:R27", "tng:R29", "tng:R30",
                   "tng:R41", "tng:R43", "tng:R46", "tng:R48", "tng:R49", "tng:R52", "tng:R53", "tng:R54",
                   "tng:R56", "tng:R59", "tng:R60", "tng:R61", "tng:R6")
@pytest.mark.parametrize("name", sorted(CASES))
def test_a_refusal_names_its_rule_and_parameters(name: str) -> None:
    make, code, rule, params = CASES[name]
    state, command = make()
    with pytest.raises(IllegalCommand) as info:
        RULES.apply(state, command, Rng.from_seed(0))
    err = info.value
    got = dict(err.params)
    for key, value in params.items():
        if value == "*":  # an instance id or amount the position decides: present, of the right kind
            assert key in got, err.as_json()
            got[key] = "*"
    assert (err.code, err.rule, got) == (code, rule, params), err.as_json()


def test_refusals_outside_a_command() -> None:
    """Options and resigning: the platform-level codes with their parameters."""
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(3, {"scenario": "borg_invasion", "borg_teams": "teams"})
    assert info.value.as_json() == {"code": "borg_teams_player_count", "rule": "", "params": {"given": 3}}
    state = ex(players=3)
    after = RULES.resign(state, 2).state
    with pytest.raises(IllegalCommand) as info:
        RULES.resign(after, 2)
    assert info.value.as_json() == {"code": "not_in_game", "rule": "", "params": {}}
    with pytest.raises(IllegalCommand) as info:
        RULES.resign(state, 3)
    assert info.value.code == "not_in_game"
    with pytest.raises(IllegalCommand) as info:
        RULES.resign(_over(), 0)
    assert info.value.as_json() == {"code": "game_over", "rule": "", "params": {}}


def test_every_refusal_code_of_the_engine_is_here() -> None:
    source = "\n".join(p.read_text() for p in ENGINE.glob("*.py"))
    codes = set(re.findall(r'IllegalCommand\(\s*"([a-z_0-9]+)"', source))
    tested = {code for _, code, _, _ in CASES.values()} | {"borg_teams_player_count", "not_in_game"}
    assert codes - tested == set()
    assert CONTENT.borg_card.id == "borg_card"  # the id the cases above hold in hand
