"""``json_round_trip``: every engine's ``dump`` and ``load``. It must give what the standard library's JSON
round trip gives (the state a table had before it was taken over), byte for byte once written, and refuse
what JSON cannot hold."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import json
from typing import Any

import pytest
from hypothesis import given, settings

from games.engine import registry
from games.engine.core.json_state import json_round_trip
from games.engine.core.testing import StepCapReached, play_random
from tests.support.json_values import json_like


def _stdlib(value: Any) -> Any:
    return json.loads(json.dumps(value))


values = json_like()


@settings(max_examples=300, deadline=None)
@given(values)
def test_it_gives_what_the_standard_librarys_round_trip_gives(value: Any) -> None:
    ours = json_round_trip(value)
    assert json.dumps(ours) == json.dumps(_stdlib(value))


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("kemble", 4, {}), ("tng", 3, {}), ("ascendancy", 3, {}), ("bsg", 4, {"pegasus": True, "exodus": True})],
)
def test_every_state_of_a_random_game_comes_back_as_the_standard_library_gives_it(game: str, players: int,
                                                                                 options: dict[str, Any]) -> None:
    rules = registry.get(game)
    seen = 0

    def check(state: Any, _command: Any) -> None:
        nonlocal seen
        dumped = rules.dump(state)
        assert json.dumps(dumped) == json.dumps(_stdlib(state))
        assert json.dumps(rules.load(dumped)) == json.dumps(dumped)
        seen += 1

    with contextlib.suppress(StepCapReached):  # the first 400 steps of a longer game are enough
        play_random(rules, seed=11, num_players=players, options=options, max_steps=400, after_each=check)
    assert seen > 20


def test_nothing_is_shared_with_the_value_it_was_made_from() -> None:
    inner = [1, [2]]
    value = {"a": inner, "b": {"c": inner}}
    copied = json_round_trip(value)
    copied["a"][1].append(3)
    copied["b"]["c"].append(4)
    assert value == {"a": [1, [2]], "b": {"c": [1, [2]]}}


@dataclasses.dataclass
class _Card:
    name: str


@pytest.mark.parametrize("value", [{1, 2}, _Card("x"), datetime.date(2026, 11, 28), object()])
def test_what_json_cannot_hold_is_refused_as_the_standard_library_refuses_it(value: Any) -> None:
    with pytest.raises(TypeError):
        json.dumps({"x": value})
    with pytest.raises(TypeError):
        json_round_trip({"x": value})
