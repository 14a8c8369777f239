"""Every refusal of the Kemble engine, with the code, the rule ID and the parameters the player's message is
filled from (a wrong rule ID or a missing parameter is a wrong message). A check over the engine's source
keeps the table complete: each ``IllegalCommand(code, rule, ...)`` written there has a row here."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.engine.core import AUTO_SEAT, Command, IllegalCommand
from games.kemble.engine.content import CONTENT

from .helpers import RULES, build, cmd, refused

ENGINE = Path(__file__).resolve().parents[3] / "games" / "kemble" / "engine"


def end_game_card() -> str:
    return next(k for k, p in sorted(CONTENT.powerups.items()) if p.timing == "end_game")


def turn_card() -> str:
    return next(k for k, p in sorted(CONTENT.powerups.items()) if p.timing == "turn")


def on_board(**kw: Any) -> dict[str, Any]:
    """Seat 0 on (5, 2) facing up, in its Battle turn of round 2 (other keys as ``build``)."""
    ships = kw.pop("ships", {0: (5, 2)})
    return build(players=2, ships=ships, turn=0, **kw)


def off_board(**kw: Any) -> dict[str, Any]:
    """Seat 0 not yet in the play area, in its Battle turn (round 1 unless given)."""
    kw.setdefault("round", 1)
    return build(players=2, turn=0, mode="battle", **kw)


def bidding() -> dict[str, Any]:
    return build(players=2, players_set={0: {"hand": sorted(CONTENT.sensors)[:2]}})


WORMHOLES = {(5, 2): "wormhole", (2, 5): "wormhole", (3, 3): "fighter"}

# (id, position, command, code, rule, params)
CASES: list[tuple[str, Callable[[], dict[str, Any]], Command, str, str, dict[str, Any]]] = [
    # movement (R18, R19, R22, R71)
    ("unknown_direction", on_board, cmd(0, "move", dir="up"), "unknown_direction", "kemble:R19",
     {"direction": "up"}),
    ("move_off_board_ship", off_board, cmd(0, "move", dir="n"), "ship_not_on_board", "kemble:R22", {}),
    ("no_move_left", lambda: on_board(turn_set={"moves": 0}), cmd(0, "move", dir="n"), "no_move_left",
     "kemble:R18", {}),
    ("off_board", lambda: on_board(ships={0: (1, 2)}), cmd(0, "move", dir="ne"), "off_board", "kemble:R19",
     {"direction": "ne"}),
    ("quadrant_blocked", lambda: on_board(board={(4, 3): "asteroid"}), cmd(0, "move", dir="ne"),
     "quadrant_blocked", "kemble:R19", {"row": 4, "col": 3}),
    ("already_on_board", lambda: on_board(mode="battle"), cmd(0, "enter", col=2), "ship_already_on_board",
     "kemble:R22", {}),
    ("enter_no_move", lambda: off_board(turn_set={"moves": 0}), cmd(0, "enter", col=2), "no_move_left",
     "kemble:R22", {}),
    ("enter_blocked", lambda: off_board(board={(5, 4): "asteroid"}), cmd(0, "enter", col=4),
     "quadrant_blocked", "kemble:R22", {"row": 5, "col": 4}),
    ("nothing_to_claim", on_board, cmd(0, "spend_move"), "nothing_to_claim", "kemble:R71", {}),
    ("claim_no_move", lambda: on_board(turn_set={"moves": 0, "claim": {"pos": [5, 2], "left": 1}}),
     cmd(0, "spend_move"), "no_move_left", "kemble:R71", {}),
    # overload (R23), turret (R24, R26, R82)
    ("overload_off_board", off_board, cmd(0, "overload", gain="move"), "ship_not_on_board", "kemble:R23", {}),
    ("overload_limit", lambda: on_board(turn_set={"overloads": 2}), cmd(0, "overload", gain="fire"),
     "overload_limit", "kemble:R23", {}),
    ("overload_choice", on_board, cmd(0, "overload", gain="shield"), "bad_overload_choice", "kemble:R23",
     {"choice": "shield"}),
    ("overload_energy", lambda: on_board(players_set={0: {"energy": 2}}, turn_set={"overloads": 1}),
     cmd(0, "overload", gain="move"), "not_enough_energy", "kemble:R23", {"cost": 2, "energy": 2}),
    ("diagonal", on_board, cmd(0, "rotate", dir="ne"), "diagonal_fire_forbidden", "kemble:R24",
     {"direction": "ne"}),
    ("no_rotary_turret", lambda: on_board(options={"tunnel_vision": True}, players_set={0: {"upgrades": {}}}),
     cmd(0, "rotate", dir="e"), "no_rotary_turret", "kemble:R82", {}),
    ("already_facing", lambda: on_board(ships={0: (5, 2, "w")}), cmd(0, "rotate", dir="w"), "already_facing",
     "kemble:R26", {"direction": "w"}),
    ("rotate_energy", lambda: on_board(players_set={0: {"energy": 1}}), cmd(0, "rotate", dir="e"),
     "not_enough_energy", "kemble:R26", {"cost": 1, "energy": 1}),
    # wormholes (R64)
    ("bad_wormhole_target", lambda: on_board(board=WORMHOLES, turn_set={"wormhole": [5, 2]}),
     cmd(0, "teleport", row=3, col=3), "bad_wormhole_target", "kemble:R64", {"row": 3, "col": 3}),
    ("not_on_wormhole", lambda: on_board(board=WORMHOLES), cmd(0, "teleport", row=2, col=5), "not_on_wormhole",
     "kemble:R64", {}),
    ("stay_without_prompt", on_board, cmd(0, "stay"), "not_now", "kemble:R64", {}),
    # firing (R18, R24, R25, R75)
    ("unknown_weapon", on_board, cmd(0, "fire", weapon="phaser"), "unknown_weapon", "kemble:R24",
     {"weapon": "phaser"}),
    ("weapon_not_owned", lambda: on_board(players_set={0: {"upgrades": {}}}), cmd(0, "fire", weapon="laser"),
     "weapon_not_owned", "kemble:R25", {"weapon": "laser"}),
    ("weapon_already_used", lambda: on_board(players_set={0: {"upgrades": {"missile": 1}}},
                                             turn_set={"weapons_used": ["missile"]}),
     cmd(0, "fire", weapon="missile"), "weapon_already_used", "kemble:R25", {"weapon": "missile"}),
    ("turret_no_fire", lambda: on_board(turn_set={"fires": 0}), cmd(0, "fire", weapon="turret"),
     "no_fire_action_left", "kemble:R18", {}),
    ("weapon_no_fire", lambda: on_board(players_set={0: {"upgrades": {"gamma": 1}}}, turn_set={"fires": 0}),
     cmd(0, "fire", weapon="gamma"), "no_fire_action_left", "kemble:R18", {}),
    ("fire_off_board", off_board, cmd(0, "fire", weapon="turret"), "ship_not_on_board", "kemble:R24", {}),
    ("bad_splash", lambda: on_board(board={(3, 2): "cruiser"}, players_set={0: {"upgrades": {"missile": 1}}}),
     cmd(0, "fire", weapon="missile", splash="ne"), "bad_splash_direction", "kemble:R75", {"direction": "ne"}),
    # prompts: side step (R57), mosquito swap (R68)
    ("bad_side", lambda: on_board(ships={0: (5, 1)}, prompts=[{"kind": "side", "seat": 0}]),
     cmd(0, "choose_side", side="left"), "bad_side", "kemble:R57", {"side": "left"}),
    ("side_without_prompt", on_board, cmd(0, "choose_side", side="left"), "not_now", "kemble:R57", {}),
    ("bad_swap_target", lambda: on_board(prompts=[{"kind": "mosquito", "seat": 0, "row": 2, "card_col": 2}]),
     cmd(0, "swap", row=4, card_col=2), "bad_swap_target", "kemble:R68", {"row": 4, "card_col": 2}),
    ("swap_without_prompt", on_board, cmd(0, "swap", row=1, card_col=1), "not_now", "kemble:R68", {}),
    # buying (R35-R40, R86)
    ("buying_not_allowed_now", on_board, cmd(0, "buy_powerup"), "buying_not_allowed_now", "kemble:R35", {}),
    ("buy_in_choose", lambda: on_board(mode="choose"), cmd(0, "buy_upgrade", upgrade="laser"),
     "buying_not_allowed_now", "kemble:R35", {}),
    ("buy_while_bidding", bidding, cmd(0, "buy_upgrade", upgrade="laser"), "not_now", "kemble:R35", {}),
    ("buy_during_a_prompt", lambda: on_board(mode="buy", prompts=[{"kind": "side", "seat": 0}]),
     cmd(0, "buy_powerup"), "not_now", "kemble:R35", {}),
    ("unknown_upgrade", lambda: on_board(mode="buy"), cmd(0, "buy_upgrade", upgrade="cloak"), "unknown_upgrade",
     "kemble:R36", {"upgrade": "cloak"}),
    ("engine_not_sold", lambda: on_board(mode="buy", options={"tunnel_deck": True}),
     cmd(0, "buy_upgrade", upgrade="engine"), "engine_not_sold", "kemble:R86", {}),
    ("upgrade_at_max_level", lambda: on_board(mode="buy", players_set={0: {"bellonium": 9,
                                                                             "upgrades": {"shield": 2}}}),
     cmd(0, "buy_upgrade", upgrade="shield"), "upgrade_at_max_level", "kemble:R36",
     {"upgrade": "shield", "level": 2}),
    ("upgrade_sold_out", lambda: _sold_out("gamma"), cmd(0, "buy_upgrade", upgrade="gamma"), "upgrade_sold_out",
     "kemble:R36", {"upgrade": "gamma"}),
    ("upgrade_price", lambda: on_board(mode="buy", players_set={0: {"bellonium": 2}}),
     cmd(0, "buy_upgrade", upgrade="laser"), "not_enough_bellonium", "kemble:R39", {"price": 3, "have": 2}),
    ("powerup_price", lambda: on_board(mode="buy", players_set={0: {"bellonium": 1}}), cmd(0, "buy_powerup"),
     "not_enough_bellonium", "kemble:R37", {"price": 2, "have": 1}),
    ("powerup_deck_empty", lambda: _no_powerups(), cmd(0, "buy_powerup"), "powerup_deck_empty", "kemble:R37", {}),
    ("powerup_not_in_hand", on_board, cmd(0, "play_powerup", card="battery#1"), "powerup_not_in_hand",
     "kemble:R38", {"card": "battery#1"}),
    ("powerup_not_playable", lambda: on_board(players_set={0: {"powerups": [end_game_card()]}}),
     cmd(0, "play_powerup", card=end_game_card()), "powerup_not_playable", "kemble:R38",
     {"card": end_game_card()}),
    ("not_on_merchant", on_board, cmd(0, "merchant"), "not_on_merchant", "kemble:R40", {}),
    ("merchant_already_used", lambda: on_board(board={(5, 2): "merchant"}, turn_set={"merchant_paid": True}),
     cmd(0, "merchant"), "merchant_already_used", "kemble:R40", {}),
    ("merchant_fee", lambda: on_board(board={(5, 2): "merchant"}), cmd(0, "merchant"), "not_enough_bellonium",
     "kemble:R40", {"price": 1, "have": 0}),
    # the round (R12, R13, R16, R17, R34, R41)
    ("sensor_not_in_hand", bidding, cmd(0, "bid", card="nope"), "sensor_not_in_hand", "kemble:R13",
     {"card": "nope"}),
    ("bid_in_a_turn", on_board, cmd(0, "bid", card="nope"), "not_now", "kemble:R13", {}),
    ("battle_twice", on_board, cmd(0, "battle"), "not_now", "kemble:R16", {}),
    ("power_down_round_1", lambda: on_board(mode="choose", round=1), cmd(0, "power_down"),
     "battle_required_in_round_1", "kemble:R16", {}),
    ("power_down_in_battle", on_board, cmd(0, "power_down"), "not_now", "kemble:R34", {}),
    ("move_in_choose", lambda: on_board(mode="choose"), cmd(0, "move", dir="n"), "not_now", "kemble:R34", {}),
    ("enter_in_choose", lambda: on_board(mode="choose"), cmd(0, "enter", col=2), "not_now", "kemble:R22", {}),
    ("must_enter_in_round_1", off_board, cmd(0, "end_turn"), "must_enter_in_round_1", "kemble:R16", {}),
    ("end_turn_in_choose", lambda: on_board(mode="choose"), cmd(0, "end_turn"), "not_now", "kemble:R17", {}),
    ("rotate_in_choose", lambda: on_board(mode="choose"), cmd(0, "rotate", dir="e"), "not_now", "kemble:R26", {}),
    ("overload_in_choose", lambda: on_board(mode="choose"), cmd(0, "overload", gain="move"), "not_now", "kemble:R23",
     {}),
    ("spend_move_in_choose", lambda: on_board(mode="choose"), cmd(0, "spend_move"), "not_now", "kemble:R71", {}),
    ("merchant_in_choose", lambda: on_board(mode="choose"), cmd(0, "merchant"), "not_now", "kemble:R40", {}),
    ("play_in_choose", lambda: on_board(mode="choose"), cmd(0, "play_powerup", card="battery#1"), "not_now",
     "kemble:R38", {}),
    ("teleport_in_choose", lambda: on_board(mode="choose"), cmd(0, "teleport", row=1, col=1), "not_now",
     "kemble:R64", {}),
    ("reveal_not_due", lambda: build(players=2, phase="scroll"), Command(AUTO_SEAT, "reveal"),
     "no_automatic_step_due", "kemble:R13", {}),
    ("upkeep_not_due", lambda: build(players=2, phase="scroll"), Command(AUTO_SEAT, "upkeep"),
     "no_automatic_step_due", "kemble:R12", {}),
    ("scroll_not_due", lambda: build(players=2, phase="upkeep"), Command(AUTO_SEAT, "scroll"),
     "no_automatic_step_due", "kemble:R41", {}),
    # platform-level refusals (no rule)
    ("nothing_automatic_due", on_board, Command(AUTO_SEAT, "scroll"), "no_automatic_step_due", "", {}),
    ("automatic_step_only", on_board, cmd(0, "upkeep"), "automatic_step_only", "", {}),
    ("not_your_turn", on_board, cmd(1, "end_turn"), "not_your_turn", "", {}),
    ("unknown_command", on_board, cmd(0, "warp"), "unknown_command", "", {"kind": "warp"}),
    ("missing_argument", on_board, cmd(0, "move"), "bad_argument", "", {"argument": "dir"}),
    ("boolean_argument", on_board, cmd(0, "enter", col=True), "bad_argument", "", {"argument": "col"}),
    ("bad_splash_argument", on_board, cmd(0, "fire", weapon="missile", splash=2), "bad_argument", "",
     {"argument": "splash"}),
    ("game_over", lambda: build(players=2, phase="over"), cmd(0, "end_turn"), "game_over", "", {}),
]


def _sold_out(kind: str) -> dict[str, Any]:
    state = on_board(mode="buy", players_set={0: {"bellonium": 9}})
    state["upgrade_piles"][kind] = 0
    return state


def _no_powerups() -> dict[str, Any]:
    state = on_board(mode="buy", players_set={0: {"bellonium": 9}}, powerup=[])
    state["decks"]["powerup_discard"] = []
    return state


@pytest.mark.rules("kemble:R13", "kemble:R16", "kemble:R18", "kemble:R19", "kemble:R22", "kemble:R23",
                   "kemble:R24", "kemble:R25", "kemble:R26", "kemble:R35", "kemble:R36", "kemble:R37",
                   "kemble:R38", "kemble:R39", "kemble:R40", "kemble:R57", "kemble:R64", "kemble:R68",
                   "kemble:R71", "kemble:R75", "kemble:R82", "kemble:R86")
@pytest.mark.parametrize(("position", "command", "code", "rule", "params"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_refusal_code_rule_and_parameters(position: Callable[[], dict[str, Any]], command: Command, code: str,
                                          rule: str, params: dict[str, Any]) -> None:
    refused(position(), command, code, rule, **params)


class _Refusals(ast.NodeVisitor):
    def __init__(self) -> None:
        self.found: set[tuple[str, str]] = set()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if "__mutmut_" not in node.name:  # bench/mutation.py runs these tests on a copy holding mutants too
            self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if getattr(node.func, "id", None) == "IllegalCommand":
            literal = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if len(literal) == 2 and literal[1].startswith("kemble:"):
                self.found.add((literal[0], literal[1]))
        self.generic_visit(node)


def raised_in_source() -> set[tuple[str, str]]:
    """(code, rule) of every ``IllegalCommand`` the engine's source spells out with literal strings."""
    visitor = _Refusals()
    for path in sorted(ENGINE.glob("*.py")):
        visitor.visit(ast.parse(path.read_text()))
    return visitor.found


OPTION_CASES = [
    (2, {"wingmen": True}, "wingmen_needs_4_players", "kemble:R83"),
    (2, {"solo_scenario": sorted(CONTENT.solo)[0]}, "solo_scenario_needs_1_player", "kemble:R84"),
    (3, {"solo_goal": "destroy_boss"}, "solo_goal_needs_1_player", "kemble:R84"),
]


def test_every_refusal_in_the_engine_has_a_row() -> None:
    tested = {(case[3], case[4]) for case in CASES} | {(case[2], case[3]) for case in OPTION_CASES}
    assert raised_in_source() - tested == set()


@pytest.mark.rules("kemble:R83", "kemble:R84")
@pytest.mark.parametrize(("players", "options", "code", "rule"), OPTION_CASES)
def test_option_refusals(players: int, options: dict[str, Any], code: str, rule: str) -> None:
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(players, options)
    assert info.value.as_json() == {"code": code, "rule": rule, "params": {"given": players}}


def test_resign_refusals() -> None:
    state = build(players=3, turn=0)
    for seat in (-1, 3):
        with pytest.raises(IllegalCommand) as info:
            RULES.resign(state, seat)
        assert info.value.as_json() == {"code": "not_in_game", "rule": "", "params": {}}
    state = RULES.resign(state, 1).state
    with pytest.raises(IllegalCommand) as info:
        RULES.resign(state, 1)
    assert info.value.code == "not_in_game"
    with pytest.raises(IllegalCommand) as info:
        RULES.resign(build(players=2, phase="over"), 0)
    assert info.value.as_json() == {"code": "game_over", "rule": "", "params": {}}
