"""The engine contract around the rules: the registry, message texts, options, JSON round trips."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.bsg.engine import RULES
from games.bsg.engine.commands import PROMPT_IDS, STEP_PROMPTS
from games.bsg.engine.messages import EVENTS, MESSAGES, OPTIONS, PROMPTS
from games.engine import registry
from games.engine.core import IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, start_game

ENGINE = Path(__file__).resolve().parents[3] / "games" / "bsg" / "engine"


def test_module_exposes_the_rules_the_registry_expects() -> None:
    registry.register(RULES)
    rules = registry.get("bsg")
    assert rules is RULES and rules.slug == "bsg" and (rules.min_players, rules.max_players) == (3, 7)


@pytest.mark.rules("bsg:R150")
def test_every_code_prompt_and_event_kind_has_an_english_text() -> None:
    source = "\n".join(p.read_text() for p in ENGINE.glob("*.py"))
    codes = set(re.findall(r'IllegalCommand\(\s*"([a-z_0-9]+)"', source))
    codes |= set(re.findall(r'return "([a-z_0-9]+)", "bsg:', source))
    assert codes and codes - set(MESSAGES) == set()
    kinds = set(re.findall(r'emit\(\s*"([a-z_]+)"', source))
    assert kinds and kinds - set(EVENTS) == set()
    prompts = set(re.findall(r'prompt="([a-z_]+)"', source)) | set(STEP_PROMPTS.values()) | set(PROMPT_IDS.values())
    assert prompts - set(PROMPTS) == set()
    assert {o["label"] for o in RULES.option_schema()} <= set(OPTIONS)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(4, {"nonsense": True})
    assert info.value.code == "unknown_option"


def test_state_and_events_are_json() -> None:
    out = RULES.setup(num_players=5, options=RULES.validate_options(5, {}), rng=Rng.from_seed(3))
    for e in out.events:
        json.dumps(e.as_json())
    state = start_game(5, BASE_5)
    assert RULES.load(json.loads(json.dumps(RULES.dump(state)))) == state
    json.dumps(RULES.view(state, None))
