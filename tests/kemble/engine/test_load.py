"""``KembleRules.load``: the state a JSON round trip of its input gives, which the caller may change."""

from __future__ import annotations

import json

from games.kemble.engine import RULES
from tests.kemble.engine.helpers import bid_all, setup


def test_load_gives_the_state_a_json_round_trip_gives() -> None:
    data = json.loads(json.dumps(RULES.dump(bid_all(setup(4, seed=3)))))
    loaded = RULES.load(data)
    assert loaded == json.loads(json.dumps(data))
    assert json.dumps(loaded) == json.dumps(data)  # the same keys in the same order


def test_the_loaded_state_shares_nothing_mutable_with_its_input() -> None:
    data = json.loads(json.dumps(RULES.dump(bid_all(setup(3, seed=4)))))
    before = json.dumps(data)
    loaded = RULES.load(data)
    loaded["players"][0]["hand"].append("sensor_99")
    loaded["players"][1]["threat"][0] = 9
    loaded["board"][0][0]["marks"][1].append(2)
    loaded["decks"]["space"].clear()
    loaded["options"]["new"] = True
    assert json.dumps(data) == before

