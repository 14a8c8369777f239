"""``KembleRules.load``: the state a JSON round trip of its input gives, which the caller may change."""

from __future__ import annotations

import json

from games.kemble.engine import RULES
from games.kemble.engine.state import copy_json
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


def test_copy_json_copies_what_is_not_json_deeply_too() -> None:
    inner = [1, 2]
    data = {"t": (inner, 3), "l": [{"s": {4}}]}
    copied = copy_json(data)
    assert copied == data
    assert copied["t"][0] is not inner
    assert copied["l"][0]["s"] is not data["l"][0]["s"]
