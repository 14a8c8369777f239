"""scenario.build, the position builder every engine test relies on: cards are moved, never copied or lost."""

from __future__ import annotations

from collections import Counter

from games.engine.kemble.content import CONTENT
from games.engine.kemble.scenario import build, synthetic_card

SENSORS = sorted(CONTENT.sensors)


def sensor_cards(state: dict) -> Counter:
    d = state["decks"]
    covers = [c for row in state["board"] for s in row for c in s["cover"] if c]
    return Counter(d["sensor"] + d["sensor_discard"] + covers + [c for p in state["players"] for c in p["hand"]])


def test_covers_hands_and_power_ups_are_taken_from_where_they_were() -> None:
    state = build(players=3, covers=[(2, 3), (4, 6)],
                  players_set={0: {"hand": SENSORS[:2], "powerups": ["battery#1"]}, 1: {"hand": SENSORS[2:4]}})
    assert state["board"][1][1]["cover"][0] and state["board"][3][2]["cover"][1]
    assert state["board"][1][1]["cover"][1] is None
    assert sensor_cards(state) == Counter(list(CONTENT.sensors))
    d = state["decks"]
    powerups = d["powerup"] + d["powerup_discard"] + [c for p in state["players"] for c in p["powerups"]]
    assert sorted(powerups) == sorted(CONTENT.powerups)
    stolen = build(players=3, players_set={0: {"hand": SENSORS[:2]}, 1: {"hand": SENSORS[:1] + SENSORS[5:6]}})
    assert stolen["players"][0]["hand"] == SENSORS[1:2] and stolen["players"][1]["hand"] == [SENSORS[0], SENSORS[5]]
    assert sensor_cards(stolen) == Counter(list(CONTENT.sensors))


def test_a_given_space_pile_returns_the_dealt_one_to_the_discard_without_the_warning() -> None:
    card = CONTENT.deck("S1")[0]
    dealt = build(players=2)["decks"]["space"]
    state = build(players=2, space=[card])
    d = state["decks"]
    assert d["space"] == [card]
    assert not set(d["space_discard"]) & set(CONTENT.warnings)
    assert set(dealt) - set(CONTENT.warnings) <= set(d["space_discard"])


def test_order_width_prompts_and_synthetic_cards() -> None:
    state = build(players=3, width=2, order=[2, 0, 1], prompts=[{"kind": "side", "seat": 1}])
    assert state["width"] == 2 and len(state["board"][0]) == 2 and state["order"] == [2, 0, 1]
    assert state["prompts"] == [{"kind": "side", "seat": 1}]
    a = synthetic_card(["fighter", {"object": "empty"}], back=["empty", "mine"])
    assert a == synthetic_card([{"object": "fighter", **{"energy": 1, "threat": 1, "reward": {"bellonium": 1}}},
                                "empty"], back=["empty", "mine"])
    card = CONTENT.card(a)
    assert a.startswith("scn_") and card.name == a and card.deck == "scenario"
    assert card.front[0].object == "fighter" and card.back[1].object == "mine"
    assert synthetic_card(["empty", "fighter"]) != synthetic_card(["fighter", "empty"])
