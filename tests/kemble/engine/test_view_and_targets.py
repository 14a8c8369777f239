"""The seat's view and the mirrored zones field by field (kemble:R13, R37, 7), and whom a boss or mini boss
special rule reaches (kemble:R47)."""

from __future__ import annotations

from typing import Any

import pytest

from games.kemble.engine import RULES
from games.kemble.engine.boss import _players_for
from games.kemble.engine.content import CONTENT, Rule

from .helpers import build, cmd, run

SENSORS = sorted(CONTENT.sensors)
TURN_CARDS = sorted(k for k, p in CONTENT.powerups.items() if p.timing == "turn")


def position() -> dict[str, Any]:
    state = build(players=3, ships={0: (5, 2, "e"), 1: (3, 4)}, turn=0, covers=[(2, 3)],
                  players_set={0: {"hand": SENSORS[:2], "powerups": TURN_CARDS[:1], "bellonium": 4, "glory": 3,
                                   "energy": 4, "threat": [2, 1], "upgrades": {"turret": 1, "laser": 2},
                                   "tokens": {"1": 1}, "mission": "mission_1", "stats": {"kills_fighter": 1}},
                               1: {"hand": SENSORS[2:4], "powerups": TURN_CARDS[1:3], "played": SENSORS[9]},
                               2: {"hand": SENSORS[4:6]}},
                  prompts=[{"kind": "side", "seat": 0}])
    state["players"][2]["achievements"] = ["achievement_9"]
    return state


@pytest.mark.rules("kemble:R13", "kemble:R37")
def test_a_player_s_entry_shows_every_public_field_and_its_own_secrets_only() -> None:
    state = position()
    me = RULES.view(state, 0)["players"][0]
    assert me == {
        "seat": 0, "colour": state["players"][0]["colour"], "team": None, "energy": 4, "max_energy": 5,
        "threat": {"level": 2, "partial": 1}, "bellonium": 4, "glory": 3, "upgrades": {"turret": 1, "laser": 2},
        "facing": "e", "pos": [5, 2], "astral": False, "hand_count": 2, "chosen": False, "played": None,
        "powerup_count": 1, "mission": "mission_1", "mission_done": False, "mission_progress": 1,
        "achievements": [], "tokens": {"1": 1}, "resigned": False, "overload_costs": [1, 2],
        "hand": SENSORS[:2], "bid": None, "powerups": TURN_CARDS[:1],
    }
    other = RULES.view(state, 0)["players"][1]
    assert set(me) - set(other) == {"hand", "bid", "powerups"}
    assert (other["powerup_count"], other["played"], other["pos"], other["astral"]) == (2, SENSORS[9], [3, 4], False)
    third = RULES.view(state, None)["players"][2]
    assert third["astral"] is True and third["pos"] is None and third["achievements"] == ["achievement_9"]
    assert "hand" not in third and "powerups" not in third


def test_the_table_part_of_the_view() -> None:
    state = position()
    v = RULES.view(state, 1)
    assert (v["you"], v["round"], v["phase"], v["width"], v["rows"], v["cols"]) == (1, 2, "turn", 3, 5, 6)
    assert v["board"][1][1] == {"card": state["board"][1][1]["card"], "flipped": False, "covered": [True, False],
                                "marks": [[], []]}
    assert v["turn"] == {k: state["turn"][k] for k in ("seat", "mode", "moves", "fires", "overloads", "weapons_used",
                                                       "laser_shots", "damage", "claim", "wormhole", "merchant_paid")}
    assert v["prompt"] == {"kind": "side", "seat": 0} and v["order"] == [0, 1, 2]
    assert (v["boss"], v["warning"], v["boss_parts"]) == (None, state["warning"], {"total": 0, "destroyed": 0})
    d = state["decks"]
    assert v["decks"] == {k: len(d[k]) for k in ("space", "space_discard", "sensor", "sensor_discard", "powerup",
                                                 "powerup_discard", "mission", "achievement", "box")}
    assert v["achievements_up"] == d["achievements_up"] and v["box"] == d["box"]
    assert v["space_discard"] == d["space_discard"] and v["sensor_discard"] == d["sensor_discard"]
    assert v["upgrade_piles"] == state["upgrade_piles"] and v["options"] == state["options"] and v["final"] is None
    state, _ = run(state, cmd(0, "choose_side", side="left"), cmd(0, "end_turn"))
    assert RULES.view(state, 1)["prompt"] is None


def test_zones_name_every_pile_with_who_sees_it() -> None:
    state = position()
    state["warning"] = sorted(CONTENT.warnings)[0]
    zones = {z.name: z for z in RULES.zones(state)}
    public = {"space_discard", "sensor_discard", "powerup_discard", "achievements_up", "box", "board", "boss_warning"}
    hidden = {"space_draw", "sensor_draw", "powerup_draw", "mission_draw", "achievement_draw", "covers"}
    per_seat = {"hand": "owner", "bid": "owner", "played": "public", "powerups": "owner", "mission": "public",
                "achievements": "public"}
    assert set(zones) == public | hidden | {f"{k}:{s}" for k in per_seat for s in range(3)}
    assert {n for n, z in zones.items() if z.visibility == "public" and ":" not in n} == public
    assert {n for n, z in zones.items() if z.visibility == "hidden"} == hidden
    for s in range(3):
        for k, vis in per_seat.items():
            assert (zones[f"{k}:{s}"].visibility, zones[f"{k}:{s}"].owner) == (vis, s)
    assert zones["covers"].cards == (state["board"][1][1]["cover"][0],)
    assert zones["boss_warning"].cards == (state["warning"],)
    assert zones["played:1"].cards == (SENSORS[9],) and zones["played:0"].cards == ()
    assert zones["mission:0"].cards == ("mission_1",) and zones["achievements:2"].cards == ("achievement_9",)
    assert zones["powerups:1"].cards == tuple(TURN_CARDS[1:3]) and zones["hand:2"].cards == tuple(SENSORS[4:6])
    state, _ = run(build(players=3, players_set={0: {"hand": SENSORS[:2]}}), cmd(0, "bid", card=SENSORS[1]))
    zones = {z.name: z for z in RULES.zones(state)}
    assert zones["bid:0"].cards == (SENSORS[1],) and zones["bid:1"].cards == ()
    assert "boss_warning" not in zones


@pytest.mark.rules("kemble:R83")
def test_wingmen_power_ups_are_a_team_zone() -> None:
    state = build(players=4, options={"wingmen": True})
    zones = {z.name: z for z in RULES.zones(state)}
    for p in state["players"]:
        team = frozenset(q["seat"] for q in state["players"] if q["team"] == p["team"])
        z = zones[f"powerups:{p['seat']}"]
        assert (z.visibility, z.seen_by, len(team)) == ("team", team, 2)


def targets(target: str, actor: int | None, spots: list[tuple[int, int]]) -> list[int]:
    """Seat 0 resigned, seat 1 astral, seats 2-4 on (3, 2), (4, 5), (5, 5)."""
    state = build(players=5, ships={0: (1, 1), 2: (3, 2), 3: (4, 5), 4: (5, 5)})
    state["players"][0]["resigned"] = True
    return _players_for(state, Rule("r", "on_entered", target, ()), actor, spots)


@pytest.mark.rules("kemble:R47")
@pytest.mark.parametrize(("target", "actor", "spots", "seats"), [
    ("actor", 3, [(1, 1)], [3]),
    ("actor", 1, [(1, 1)], [1]),
    ("actor_if_adjacent", 3, [(3, 4)], [3]),
    ("actor_if_adjacent", 3, [(2, 5)], []),
    ("actor_if_adjacent", 1, [(3, 4)], []),
    ("all_players", None, [(1, 1)], [1, 2, 3, 4]),
    ("all_on_board", None, [(1, 1)], [2, 3, 4]),
    ("adjacent", None, [(1, 1), (4, 6)], [3, 4]),
    ("same_row", None, [(1, 1), (4, 1)], [3]),
    ("same_column", None, [(2, 5), (9, 2)], [2, 3, 4]),
])
def test_whom_a_special_rule_reaches(target: str, actor: int | None, spots: list, seats: list[int]) -> None:
    assert targets(target, actor, spots) == seats
