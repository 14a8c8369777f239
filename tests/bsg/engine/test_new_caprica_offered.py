"""New Caprica offered to the tables (bsg:R148, R822, R1070, R711; RULINGS G125-G128): the board's garbled
text is ignored for the prose's rolls, Daybreak's part of the phase's setup, and the end of the game after the
departure (the hidden Personal Goals last, every loss suffered before the result)."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine import daybreak, new_caprica, setup
from games.bsg.engine.content import Effect
from games.bsg.engine.effects import apply_effects
from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import setup_game
from games.bsg.engine.state import CONTENT, Ctx
from games.engine.core import Command, Rng
from tests.bsg.engine.helpers import act, act_events, to_step
from tests.bsg.engine.test_new_caprica import at_action, began

State = dict[str, Any]


def table(players: int, seed: int = 1, **options: Any) -> State:
    """A table with the New Caprica objective (and ``options``) at the first player's Receive Skills step."""
    opts = RULES.validate_options(players, {"pegasus": True, "objective": "new_caprica", **options})
    state: State = setup_game(players, opts, Rng.from_seed(seed)).state
    while state["phase"] == "characters":
        character = setup.available_characters(state)[0]
        extra = {"area": "lower_fore"} if CONTENT.characters[character].start == "viper" else {}
        state = act(state, state["chooser"], "choose_character", character=character, **extra)
    for p in state["players"]:
        if not p["started"]:
            own = CONTENT.characters[p["character"]].skill_types
            state = act(state, p["seat"], "draw_starting_skills", types=[own[0]] * 3)
    assert state["phase"] == "turn"
    return state


@pytest.mark.rules("bsg:R822", "bsg:R829")
def test_the_garbled_board_text_is_ignored_an_attack_hits_on_five_or_six() -> None:
    board = new_caprica.board()
    assert board.attack_at_least == 5  # the prose (R829), not the board's garbled "7 or more"
    state, seat = at_action("breeders_canyon")
    state["new_caprica"]["occupation"] = ["breeders_canyon"]
    hits = set()
    for seed in range(40):
        out = RULES.apply(state, Command(seat, "attack_occupation", {}), Rng.from_seed(seed))
        roll = next(e.data["roll"] for e in out.events if e.kind == "die_rolled")
        if roll in (5, 6):
            assert out.state["new_caprica"]["occupation"] == []
            hits.add(roll)
    assert hits == {5, 6}


@pytest.mark.rules("bsg:R822", "bsg:R830")
def test_the_garbled_board_text_is_ignored_an_arrest_follows_the_prose_table() -> None:
    want = {1: "detention", 2: "detention", 3: "detention", 4: "medical_center", 5: "medical_center",
            6: "medical_center", 7: "medical_center", 8: None}
    assert {roll: new_caprica.arrest_destination(roll) for roll in range(1, 9)} == want


@pytest.mark.rules("bsg:R1070", "bsg:R821")
def test_with_daybreak_the_phase_grounds_the_assault_raptors_and_flips_colonial_one() -> None:
    state = table(5, daybreak=True)
    ar = state["daybreak"]["assault_raptors"]
    reserves = ar["reserves"]
    pilot = state["players"][0]
    pilot.update({"viper": "lower_fore", "craft": daybreak.ASSAULT_RAPTOR})
    ar["reserves"] -= 2
    daybreak.place_assault_raptor(state, "upper_aft", 1)  # one unpiloted in space
    state["players"][1]["location"] = "press_room"  # aboard Colonial One when the phase begins
    state["distance"] = 7
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    new_caprica.begin(ctx)
    kinds = [e.kind for e in ctx.events]
    assert ar["reserves"] == reserves and ar["space"] == {}
    assert pilot["viper"] is None and "craft" not in pilot and pilot["location"] == "resistance_hq"
    assert daybreak.destroyed(state, "colonial_one") and "sheet_destroyed" in kinds
    assert all(p["location"] in new_caprica.board().locations for p in state["players"])  # nobody in Sickbay
    before = len(state["new_caprica"]["locked_down"])
    apply_effects(ctx, [Effect("place_ships", {"ship": "civilian", "area": "fore", "count": 1})], "test")
    assert len(state["new_caprica"]["locked_down"]) == before  # no civilian ship into space before the return
    assert all(not w["civilian"] for w in state["space"].values())


@pytest.mark.rules("bsg:R1070", "bsg:R711", "bsg:R835")
def test_with_daybreak_the_departure_destroys_and_executes_everything_before_the_result() -> None:
    state = table(5, daybreak=True)
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    state["distance"] = 7
    new_caprica.begin(ctx)
    state = to_step(state, "action")
    admiral = state["admiral"]
    state["current"] = admiral
    state["new_caprica"]["returned"] = True
    state["players"][admiral]["location"] = "command"
    state["new_caprica"]["locked_down"] = ["civ_pop1_a"]
    state["new_caprica"]["operational"] = ["civ_pop1_b"]
    left = [p["seat"] for p in state["players"] if p["location"] in new_caprica.board().locations
            and not p["cylon"]]
    after, events = act_events(state, admiral, "order_departure")
    kinds = [e.kind for e in events]
    over = kinds.index("game_over")
    assert kinds.count("character_executed") == len(left) >= 1
    assert max(i for i, k in enumerate(kinds) if k in ("character_executed", "civilian_destroyed",
                                                       "civilians_destroyed")) < over
    assert after["phase"] == "over" and after["new_caprica"]["operational"] == []


@pytest.mark.rules("bsg:R711", "bsg:R411", "bsg:R835")
def test_after_the_departure_a_hidden_personal_goal_costs_its_loss_before_the_result() -> None:
    state = table(5, exodus=True, exodus_conflicted_loyalties="personal_goals")
    state, _ = began(state)
    state = to_step(state, "action")
    admiral = state["admiral"]
    state["current"] = admiral
    state["new_caprica"]["returned"] = True
    for p in state["players"]:
        p["location"] = "command"
        p["loyalty"] = [c for c in p["loyalty"] if CONTENT.loyalty[c.split(".")[0]].kind != "personal_goal"]
    goal = next(c for c in CONTENT.loyalty.values() if c.kind == "personal_goal")
    human = next(p for p in state["players"] if not p["cylon"])
    human["loyalty"].append(f"{goal.id}.0")
    state["new_caprica"]["locked_down"], state["new_caprica"]["operational"] = [], []
    for resource, loss in goal.end_loss.items():
        state["resources"][resource] = loss  # the goal's loss brings it to 0
    after, events = act_events(state, admiral, "order_departure")
    kinds = [e.kind for e in events]
    assert kinds.index("goal_cost") < kinds.index("game_over")
    assert after["result"]["winner"] == "cylons"
