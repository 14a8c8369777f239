"""Missions, achievements, final scoring, Wingmen and solo results (kemble:R53-R55, R83, R84)."""

from __future__ import annotations

from typing import Any

import pytest

from games.kemble.engine.content import CONTENT

from .helpers import RULES, build, cmd, player, run


def end_now(state: dict) -> dict:
    """Force the end trigger: one row left when the scroll starts."""
    state = dict(state)
    state["board"] = state["board"][:1]
    for p in state["players"]:
        if p["pos"] is not None:
            p["pos"] = [1, p["pos"][1]]
    state["phase"], state["turn"], state["scroll"] = "scroll", None, {"stage": "start", "queue": []}
    state, _ = run(state, auto=True)
    return state


@pytest.mark.rules("kemble:R53")
def test_mission_completes_once_for_its_glory_and_no_new_mission() -> None:
    mission = CONTENT.missions["mission_1"]  # kills_fighter
    state = build(players=2, ships={0: (5, 2)}, board={(3, 2): "fighter"}, achievements_up=[],
                  players_set={0: {"mission": mission.id, "stats": {mission.stat: mission.at_least - 1}}}, turn=0)
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    assert player(state, 0)["mission_done"] and player(state, 0)["glory"] == mission.glory
    assert "mission_completed" in [e.kind for e in events]
    assert player(state, 0)["mission"] == mission.id and len(state["decks"]["mission"]) == len(CONTENT.missions) - 2
    state, events = run(state, cmd(0, "overload", gain="fire"), cmd(0, "fire", weapon="turret"))
    assert player(state, 0)["glory"] == mission.glory


@pytest.mark.rules("kemble:R54")
def test_one_player_takes_the_achievement_and_a_new_one_is_revealed() -> None:
    up = ["achievement_6", "achievement_1", "achievement_2", "achievement_3"]  # Vanguard: be in row 1
    state = build(players=2, ships={0: (2, 2)}, achievements_up=up, turn=0)
    state, events = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["achievements"] == ["achievement_6"]
    assert player(state, 0)["glory"] == CONTENT.achievements["achievement_6"].glory
    assert len(state["decks"]["achievements_up"]) == 4 and "achievement_6" not in state["decks"]["achievements_up"]
    assert "achievement_revealed" in [e.kind for e in events]


@pytest.mark.rules("kemble:R54")
def test_players_meeting_an_achievement_at_the_same_time_share_it_and_it_goes_to_the_box() -> None:
    up = ["achievement_9", "achievement_1", "achievement_2", "achievement_3"]  # Nemesis: players_destroyed
    state = build(players=3, ships={0: (5, 1), 1: (3, 3), 2: (3, 6)}, achievements_up=up,
                  players_set={1: {"threat": 6, "tokens": {"0": 1, "2": 1}}}, turn=1)
    state, _ = run(state, cmd(1, "end_turn"))
    glory = CONTENT.achievements["achievement_9"].glory
    assert player(state, 0)["glory"] == 2 + 1 + glory and player(state, 2)["glory"] == 2 + 1 + glory
    assert state["decks"]["box"] == ["achievement_9"]
    assert player(state, 0)["achievements"] == [] and len(state["decks"]["achievements_up"]) == 4


@pytest.mark.rules("kemble:R55")
def test_final_scoring_adds_glory_powerups_and_a_third_of_the_bellonium() -> None:
    state = build(players=2, ships={0: (2, 2), 1: (2, 5)},
                  players_set={0: {"glory": 10, "bellonium": 7, "powerups": ["medal#1", "star_chart#1"]},
                               1: {"glory": 14, "bellonium": 2, "powerups": []}}, achievements_up=[])
    state = end_now(state)
    result = RULES.result(state)
    assert result.scores[0]["total"] == 10 + 5 + 2 and result.scores[1]["total"] == 14
    assert result.scores[0]["revealed_powerups"] == ["medal#1", "star_chart#1"]
    assert result.winners == frozenset({0}) and result.ranking == [[0], [1]] and result.tiebreak == ""
    assert result.reason == "final_scoring"


@pytest.mark.rules("kemble:R55")
def test_ties_break_on_energy_then_achievements_then_are_shared() -> None:
    base = {"glory": 5, "bellonium": 0, "powerups": []}
    state = end_now(build(players=2, ships={0: (2, 2), 1: (2, 5)}, achievements_up=[],
                          players_set={0: {**base, "energy": 3}, 1: {**base, "energy": 4}}))
    result = RULES.result(state)
    assert result.winners == frozenset({1}) and result.tiebreak == "tiebreak_energy"
    state = end_now(build(players=2, ships={0: (2, 2), 1: (2, 5)}, achievements_up=[],
                          players_set={0: {**base, "achievements": ["achievement_1"]}, 1: base}))
    result = RULES.result(state)
    assert result.winners == frozenset({0}) and result.tiebreak == "tiebreak_achievements"
    state = end_now(build(players=2, ships={0: (2, 2), 1: (2, 5)}, achievements_up=[],
                          players_set={0: base, 1: base}))
    result = RULES.result(state)
    assert result.winners == frozenset({0, 1}) and result.ranking == [[0, 1]]
    assert result.tiebreak == "tiebreak_shared"


@pytest.mark.rules("kemble:R83")
def test_wingmen_teams_sum_glory_and_win_together() -> None:
    base = {"bellonium": 0, "powerups": []}
    state = build(players=4, options={"wingmen": True}, achievements_up=[],
                  players_set={0: {**base, "glory": 9}, 1: {**base, "glory": 5}, 2: {**base, "glory": 0},
                               3: {**base, "glory": 5}})
    state = end_now(state)
    result = RULES.result(state)
    assert result.winners == frozenset({1, 3}) and result.teams == [[0, 2], [1, 3]]


@pytest.mark.rules("kemble:R83", "kemble:R38")
def test_wingmen_share_powerups_seen_and_played_by_both_partners() -> None:
    card = next(k for k, p in sorted(CONTENT.powerups.items()) if p.timing == "turn")
    state = build(players=4, options={"wingmen": True}, ships={0: (5, 2)}, turn=0,
                  players_set={2: {"powerups": [card]}, 0: {"powerups": []}})
    assert RULES.view(state, 0)["players"][2]["powerups"] == [card]
    assert "powerups" not in RULES.view(state, 1)["players"][2]
    zone = next(z for z in RULES.zones(state) if z.name == "powerups:2")
    assert zone.visibility == "team" and zone.seen_by == frozenset({0, 2})
    state, _ = run(state, cmd(0, "play_powerup", card=card))
    assert player(state, 2)["powerups"] == []


@pytest.mark.rules("kemble:R84")
def test_solo_is_lost_when_the_ship_is_destroyed_and_won_by_surviving() -> None:
    state = build(players=1, ships={0: (5, 2)}, board={(4, 2): "black_hole"}, turn=0)
    state, _ = run(state, cmd(0, "move", dir="n"))
    result = RULES.result(state)
    assert result.reason == "solo_destroyed" and result.winners == frozenset() and result.cooperative
    state = end_now(build(players=1, ships={0: (2, 2)}))
    result = RULES.result(state)
    assert result.reason == "solo_survived" and result.winners == frozenset({0})


@pytest.mark.rules("kemble:R84", "kemble:R47")
def test_solo_destroy_boss_goal_needs_every_destructible_boss_part() -> None:
    state = build(players=1, ships={0: (2, 2)}, options={"solo_goal": "destroy_boss"})
    state["boss_parts"], state["boss_parts_destroyed"] = 3, 2
    assert RULES.result(end_now(state)).winners == frozenset()
    state = build(players=1, ships={0: (5, 2)}, options={"solo_goal": "destroy_boss"},
                  board={(3, 2): {"object": "boss_part", "energy": 1}}, turn=0)
    state["boss_parts"] = 1
    state, _ = run(state, cmd(0, "fire", weapon="turret"))
    assert state["boss_parts_destroyed"] == 1
    assert RULES.result(end_now(state)).winners == frozenset({0})


def counting(**kw: Any) -> dict[str, Any]:
    """Seat 0 on (5, 2) in its Battle turn with a turret and every counter at 0."""
    ships = kw.pop("ships", {0: (5, 2)})
    me = kw.pop("me", {})
    kw.setdefault("achievements_up", [])
    return build(players=kw.pop("players", 2), ships=ships, turn=0,
                 players_set={0: {"upgrades": {"turret": 1}, "energy": 5, **me}}, **kw)


def target(obj: str) -> dict[str, Any]:
    return {"object": obj, "energy": 1}


# (id, position, seat 0's commands, the counters they leave)
COUNTERS = [
    ("move", lambda: counting(), [cmd(0, "move", dir="n")], {"moves": 1}),
    ("enter", lambda: build(players=2, turn=0, round=1, achievements_up=[]), [cmd(0, "enter", col=2)],
     {"moves": 1}),
    ("overload", lambda: counting(), [cmd(0, "overload", gain="move")], {"overloads": 1}),
    ("rotate", lambda: counting(), [cmd(0, "rotate", dir="e")], {"rotations": 1}),
    ("fighter", lambda: counting(board={(3, 2): "fighter"}), [cmd(0, "fire", weapon="turret")],
     {"kills": 1, "kills_fighter": 1, "damage_dealt": 1, "bellonium_gained": 1}),
    *[(obj, lambda obj=obj: counting(board={(3, 2): target(obj)}), [cmd(0, "fire", weapon="turret")],
       {"kills": 1, stat: 1, "damage_dealt": 1})
      for obj, stat in (("turret", "kills_turret"), ("cruiser", "kills_cruiser"), ("boss_part", "kills_boss_part"),
                        ("mini_boss", "kills_mini_boss"), ("asteroid", "kills_asteroid"),
                        ("wall", "kills_asteroid"), ("mine", "kills_mine"))],
    ("pvp", lambda: counting(ships={0: (5, 2), 1: (3, 2)}), [cmd(0, "fire", weapon="turret")],
     {"damage_dealt": 1, "pvp_tokens_given": 1}),
    ("singularity", lambda: counting(board={(4, 2): target("singularity")}), [cmd(0, "fire", weapon="turret")],
     {"damage_dealt": 1, "singularities_scored": 1}),
    ("ram", lambda: counting(board={(4, 2): "fighter"}), [cmd(0, "move", dir="n")], {"moves": 1, "rams": 1}),
    ("wormhole", lambda: counting(board={(4, 2): "wormhole", (2, 5): "wormhole"}),
     [cmd(0, "move", dir="n"), cmd(0, "teleport", row=2, col=5)], {"moves": 1, "wormhole_jumps": 1}),
    ("powerup", lambda: counting(board={(4, 2): "powerup"}, powerup=["battery#1"]), [cmd(0, "move", dir="n")],
     {"moves": 1, "powerups_collected": 1}),
    ("drone", lambda: counting(board={(4, 2): "drone"}, me={"energy": 3}), [cmd(0, "move", dir="n")],
     {"moves": 1, "drones_used": 1}),
    ("labyrinth", lambda: counting(board={(4, 2): "labyrinth"}), [cmd(0, "move", dir="n")],
     {"moves": 1, "labyrinths_scored": 1}),
    ("power_down", lambda: counting(mode="choose"), [cmd(0, "power_down")], {"power_downs": 1}),
    ("upgrade", lambda: counting(mode="buy", me={"bellonium": 5}), [cmd(0, "buy_upgrade", upgrade="laser")],
     {"upgrade_levels_bought": 1}),
]


@pytest.mark.rules("kemble:R53", "kemble:R54", "kemble:R22")
@pytest.mark.parametrize(("position", "commands", "counters"), [c[1:] for c in COUNTERS], ids=[c[0] for c in COUNTERS])
def test_what_a_command_does_is_counted_for_the_goals(position: Any, commands: list, counters: dict) -> None:
    """The counters missions and achievements read (game-long ``stats``, this turn's ``tstats``)."""
    state, _ = run(position(), *commands)
    assert player(state, 0)["stats"] == counters
    assert player(state, 0)["tstats"] == counters


@pytest.mark.rules("kemble:R54", "kemble:R22")
def test_entering_counts_as_a_move_toward_speed_demon_and_only_this_turn_s_moves_count() -> None:
    up = ["achievement_1", "achievement_3", "achievement_2", "achievement_4"]  # Speed demon: 5 moves in a turn
    state = build(players=2, turn=0, round=1, achievements_up=up, turn_set={"moves": 5},
                  players_set={0: {"stats": {"moves": 40}, "tstats": {"moves": 4}}})
    state, _ = run(state, cmd(0, "enter", col=2), cmd(0, "move", dir="n"), cmd(0, "move", dir="n"),
                   cmd(0, "move", dir="n"))
    assert player(state, 0)["achievements"] == []  # the game's 44 moves and the last turn's 4 do not count
    state, events = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["achievements"] == ["achievement_3"]
    assert [e.data for e in events if e.kind == "achievement_claimed"] == [
        {"seats": [0], "achievement": "achievement_3", "glory": 2, "shared": False}]


@pytest.mark.rules("kemble:R54")
def test_triple_kill_counts_the_kills_of_this_turn() -> None:
    up = ["achievement_1", "achievement_3", "achievement_2", "achievement_4"]
    state = counting(board={(4, 2): "fighter", (3, 2): "fighter", (2, 2): "fighter"}, achievements_up=up,
                     turn_set={"fires": 3}, me={"stats": {"kills": 9}})
    state, _ = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "fire", weapon="turret"))
    assert player(state, 0)["achievements"] == []
    state, _ = run(state, cmd(0, "fire", weapon="turret"))
    assert player(state, 0)["achievements"] == ["achievement_1"] and player(state, 0)["stats"]["kills"] == 12


@pytest.mark.rules("kemble:R55")
def test_the_final_scores_are_recorded_field_by_field_and_shown() -> None:
    state = build(players=2, ships={0: (2, 2), 1: (2, 5)}, achievements_up=[],
                  players_set={0: {"glory": 10, "bellonium": 7, "powerups": ["medal#1", "battery#1"], "energy": 4,
                                   "mission": "mission_1", "mission_done": True, "achievements": ["achievement_9"]},
                               1: {"glory": 14, "bellonium": 2, "powerups": []}})
    state = end_now(state)
    medal = CONTENT.powerups["medal#1"].effects[0]["amount"]
    assert state["final"]["0"] == {
        "glory": 10, "powerups": medal, "bellonium": 2, "total": 12 + medal, "energy": 4, "achievements": 1,
        "mission": True, "resigned": False, "revealed_powerups": ["medal#1"]}
    assert state["final"]["1"]["mission"] is False and state["final"]["1"]["revealed_powerups"] == []
    assert RULES.view(state, None)["final"] == state["final"] and RULES.view(state, None)["turn"] is None
    assert RULES.result(state).scores[0] == state["final"]["0"] and state["scroll"] is None


@pytest.mark.rules("kemble:R54", "kemble:R50")
def test_an_achievement_met_by_the_move_that_destroys_the_ship_is_still_taken() -> None:
    """Second audit: the fifth move of a turn onto a mine met "5 moves this turn", but the destruction ended
    the turn before the goals were looked at, and the turn's count was gone with it."""
    speed = CONTENT.achievements["achievement_3"]  # moves >= 5 within one turn
    assert (speed.stat, speed.scope, speed.at_least) == ("moves", "turn", 5)
    up = ["achievement_3", "achievement_1", "achievement_2", "achievement_4"]
    state = build(players=2, ships={0: (5, 1), 1: (2, 8)}, board={(4, 5): "mine"}, achievements_up=up,
                  players_set={0: {"energy": 2}}, turn=0, turn_set={"moves": 5})
    state, _ = run(state, *[cmd(0, "move", dir="e")] * 4, cmd(0, "move", dir="n"))
    assert player(state, 0)["pos"] is None and state["turn"]["seat"] == 1  # destroyed, the turn passed on
    assert player(state, 0)["achievements"] == ["achievement_3"]
    assert player(state, 0)["glory"] == speed.glory
    assert player(state, 1)["glory"] == 2  # R50: the on-board player's destruction glory only


@pytest.mark.rules("kemble:R54")
def test_a_newly_revealed_achievement_already_met_is_taken_at_once() -> None:
    """Second audit: the replacement card was only looked at after the next command, so a player who already
    met it waited (and would share it with anyone meeting it in that next command)."""
    up = ["achievement_6", "achievement_1", "achievement_2", "achievement_3"]  # Vanguard: be in row 1
    state = build(players=2, ships={0: (4, 2), 1: (2, 5)}, achievements_up=up, turn=1,
                  players_set={0: {"bellonium": 12}})
    rest = [a for a in state["decks"]["achievement"] if a != "achievement_5"]
    state["decks"]["achievement"] = [*rest, "achievement_5"]  # Hoarder (12 Bellonium) is revealed next
    state, events = run(state, cmd(1, "move", dir="n"))
    claims = [e.data["seats"] for e in events if e.kind == "achievement_claimed"]
    assert claims == [[1], [0]]
    assert player(state, 1)["achievements"] == ["achievement_6"]
    assert player(state, 0)["achievements"] == ["achievement_5"]
    assert player(state, 0)["glory"] == CONTENT.achievements["achievement_5"].glory
    assert len(state["decks"]["achievements_up"]) == 4 and "achievement_5" not in state["decks"]["achievements_up"]


@pytest.mark.rules("kemble:R54", "kemble:R44", "kemble:R55")
def test_an_achievement_met_during_the_last_scroll_counts_in_the_final_scores() -> None:
    """Second audit: with the end checked after the removal (RULINGS A9 option), a goal met by the pushes of
    the last scroll was never awarded: the game was over before the goals were looked at."""
    pushes = CONTENT.achievements["achievement_15"]  # survived_pushes >= 3 in the game
    assert (pushes.stat, pushes.scope) == ("survived_pushes", "game")
    up = ["achievement_15", "achievement_1", "achievement_2", "achievement_3"]
    state = build(players=2, rows=2, ships={0: (2, 2), 1: (1, 6)}, achievements_up=up, space=[],
                  options={"end_check": "after_removal"}, phase="scroll",
                  players_set={0: {"stats": {"survived_pushes": pushes.at_least - 1}},
                               1: {"glory": 1}})
    state, _ = run(state, auto=True)
    assert state["phase"] == "over"
    assert player(state, 0)["achievements"] == ["achievement_15"]
    result = RULES.result(state)
    assert result.scores[0]["glory"] == pushes.glory and result.winners == frozenset({0})
