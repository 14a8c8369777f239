"""scenario.build, the position builder every engine test relies on: cards are moved, never copied or lost."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from unittest.mock import patch

import pytest

from games.engine.core import Rng
from games.kemble.engine import RULES
from games.kemble.engine.content import CONTENT, ContentError
from games.kemble.engine.decks import draw_powerup_card, draw_sensor
from games.kemble.engine.scenario import build, cmd, run, synthetic_card
from games.kemble.engine.state import Ctx
from tests.support.engine import new_state

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


@pytest.fixture
def fresh_registry() -> Iterator[None]:
    """An empty ``CONTENT.synthetic`` (restored afterwards), so ``synthetic_card`` builds its cards anew rather
    than finding them registered by an earlier test."""
    with patch.dict(CONTENT.synthetic, {}, clear=True):
        yield


def test_a_synthetic_card_is_made_from_its_quadrants(fresh_registry: None) -> None:
    cid = synthetic_card(["fighter", "asteroid"], back=["mine", {"object": "cruiser", "energy": 5}])
    assert list(CONTENT.synthetic) == [cid]
    card = CONTENT.card(cid)
    assert card.id == cid and card.name == cid and card.deck == "scenario"
    assert [q.object for q in card.front] == ["fighter", "asteroid"]
    assert card.front[0].energy == 1 and card.front[0].bellonium == 1
    assert [q.object for q in card.back] == ["mine", "cruiser"] and card.back[1].energy == 5
    assert CONTENT.card(synthetic_card(["empty", "wall"])).back is None
    assert cid not in CONTENT.deck("scenario"), "synthetic cards stay out of the real decks"


@pytest.mark.parametrize("bad", [0, 1, 2, 3], ids=["front left", "front right", "back left", "back right"])
def test_a_bad_synthetic_quadrant_is_refused_naming_the_card(fresh_registry: None, bad: int) -> None:
    quadrants: list[object] = ["fighter", "asteroid", "mine", "wall"]
    quadrants[bad] = {"object": "nonsense"}
    with pytest.raises(ContentError, match=r"^scn_[0-9a-f]{12}: unknown object 'nonsense'$"):
        synthetic_card(quadrants[:2], back=quadrants[2:])
    assert not CONTENT.synthetic


def test_the_dealt_layout_goes_back_to_the_space_discard() -> None:
    dealt = new_state(RULES, 3, seed=0)
    on_board = [s["card"] for row in dealt["board"] for s in row]
    state = build(players=3)
    d = state["decks"]
    assert d["space"] == dealt["decks"]["space"]
    assert Counter(d["space_discard"]) == Counter(on_board)


def test_the_default_deal_is_seed_0() -> None:
    assert build()["decks"] == build(seed=0)["decks"] != build(seed=1)["decks"]


def test_a_built_scroll_phase_is_the_one_the_last_turn_of_a_round_opens() -> None:
    reached, _ = run(build(ships={0: (5, 2), 1: (5, 3)}, turn=1, order=[0, 1]), cmd(1, "end_turn"))
    built = build(ships={0: (5, 2), 1: (5, 3)}, order=[0, 1], phase="scroll")
    assert built["phase"] == reached["phase"] == "scroll"
    assert built["scroll"] == reached["scroll"] and built["turn"] is reached["turn"] is None


def test_given_piles_are_listed_top_first() -> None:
    sensors, powerups, space = SENSORS[:3], sorted(CONTENT.powerups)[:3], CONTENT.deck("S1")[:3]
    state = build(sensor=sensors, powerup=powerups, space=space, achievements_up=sorted(CONTENT.achievements)[:2])
    d = state["decks"]
    assert d["sensor"] == sensors[::-1] and d["powerup"] == powerups[::-1] and d["space"] == space[::-1]
    assert d["achievements_up"] == sorted(CONTENT.achievements)[:2]
    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    assert [draw_sensor(ctx) for _ in sensors] == sensors
    assert [draw_powerup_card(ctx) for _ in powerups] == powerups


def test_a_built_player_has_a_new_games_fields_and_no_bid() -> None:
    fresh = new_state(RULES, 2, seed=0)
    state = build(players_set={1: {"energy": 2}})
    for p, q in zip(state["players"], fresh["players"], strict=True):
        assert set(p) == set(q) and p["bid"] is None
