"""Exodus Conflicted Loyalties (bsg:R127, R410, R411, R711): the Final Five and Personal Goal cards among the
Not-a-Cylon cards."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, Ctx, card_id
from games.bsg.engine.turns import jump
from games.engine.core import Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import State, act, act_events, exodus_game, to_step

FIVE = ["gaius_baltar", "william_adama", "kara_thrace", "laura_roslin", "galen_tyrol"]


def seat_of(state: State, character: str) -> int:
    return next(p["seat"] for p in state["players"] if p["character"] == character)


def game(decks: str = "both") -> State:
    return exodus_game(5, FIVE, exodus_conflicted_loyalties=decks)


def kinds_in_pool(state: State) -> Counter[Any]:
    pool = [*state["decks"]["loyalty"], *state["decks"]["loyalty_box"],
            *[c for p in state["players"] for c in p["loyalty"]]]
    return Counter(CONTENT.loyalty[card_id(c)].kind for c in pool)


@pytest.mark.rules("bsg:R127")
@pytest.mark.parametrize(("decks", "five", "goals"), [("both", 3, 4), ("final_five", 3, 0), ("personal_goals", 0, 4),
                                                        ("off", 0, 0)])
def test_the_chosen_decks_join_the_not_a_cylon_cards(decks: str, five: int, goals: int) -> None:
    counts = kinds_in_pool(game(decks))
    assert (counts["final_five"], counts["personal_goal"]) == (five, goals)
    state = game(decks)
    built = state["decks"]["loyalty"] + [c for p in state["players"] for c in p["loyalty"]]
    sides = Counter(CONTENT.loyalty[card_id(c)].side for c in built)
    assert (sides["cylon"], sides["human"]) == (2, 10)  # R122: 5 players, Baltar: they count as Not a Cylon


def _give(state: State, seat: int, card: str) -> State:
    """Put a physical copy of ``card`` face down in the seat's hand (from wherever it is)."""
    piles = [state["decks"]["loyalty_box"], state["decks"]["loyalty"], *[p["loyalty"] for p in state["players"]]]
    pile = next(p for p in piles if any(card_id(c) == card for c in p))
    found = next(c for c in pile if card_id(c) == card)
    pile.remove(found)
    state["players"][seat]["loyalty"].append(found)
    return state


@pytest.mark.rules("bsg:R410")
@pytest.mark.scenarios("bsg:AS-125")
def test_a_final_five_card_seen_by_another_player_is_shown_and_strikes_him() -> None:
    """AS-125: Baltar's Cylon Detector sees a Final Five card: it is shown to everyone, Baltar goes to the Brig,
    and the card goes back among its owner's cards."""
    state = game()
    baltar, roslin = seat_of(state, "gaius_baltar"), seat_of(state, "laura_roslin")
    state = _give(state, roslin, "final_five_soldier")
    for p in state["players"]:  # nobody is a Cylon here
        p["loyalty"] = [c for c in p["loyalty"] if CONTENT.loyalty[card_id(c)].side != "cylon"]
    state["current"] = baltar
    state = to_step(state, "action")
    card = next(c for c in state["players"][roslin]["loyalty"] if card_id(c) == "final_five_soldier")
    state, events = act_events(state, baltar, "use_ability", target=roslin)
    shown = next(e for e in events if e.kind == "final_five_revealed")
    assert shown.visible_to is None and shown.data["card"] == card and shown.data["by"] == baltar
    assert state["players"][baltar]["location"] == "brig"
    assert card in state["players"][roslin]["loyalty"] and card in state["public_loyalty"]
    assert not state["final_five_due"]


@pytest.mark.rules("bsg:R410")
def test_a_cylon_who_looks_is_not_affected() -> None:
    state = game()
    baltar, roslin = seat_of(state, "gaius_baltar"), seat_of(state, "laura_roslin")
    state = _give(state, roslin, "final_five_soldier")
    cylon = next(c for c in state["decks"]["loyalty_box"] if CONTENT.loyalty[card_id(c)].side == "cylon")
    state["decks"]["loyalty_box"].remove(cylon)
    state["players"][baltar]["loyalty"].append(cylon)
    state["current"] = baltar
    state = to_step(state, "action")
    location = state["players"][baltar]["location"]
    state, events = act_events(state, baltar, "use_ability", target=roslin)
    assert "final_five_no_effect" in [e.kind for e in events]
    assert state["players"][baltar]["location"] == location


def _goal_turn(distance: int, food: int) -> tuple[State, int, str]:
    state = game()
    seat = state["current"]
    state = _give(state, seat, "goal_secure_supplies")
    state["distance"], state["resources"]["food"] = distance, food
    state = to_step(state, "action")
    card = next(c for c in state["players"][seat]["loyalty"] if card_id(c) == "goal_secure_supplies")
    return state, seat, card


@pytest.mark.rules("bsg:R411")
@pytest.mark.scenarios("bsg:AS-124")
def test_a_personal_goal_revealed_at_distance_six_draws_a_loyalty_card() -> None:
    """AS-124: revealed at distance 6: its effect, a Not-a-Cylon card into the Loyalty deck, 1 card drawn."""
    state, seat, card = _goal_turn(6, 5)
    held, deck = len(state["players"][seat]["loyalty"]), len(state["decks"]["loyalty"])
    state = act(state, seat, "reveal_goal", card=card)
    p = state["players"][seat]
    assert card in p["revealed"] and state["resources"]["food"] == 6
    assert len(p["loyalty"]) == held and len(state["decks"]["loyalty"]) == deck  # one in, one drawn
    assert state["step"] == "crisis"
    late, seat, card = _goal_turn(7, 5)
    held = len(late["players"][seat]["loyalty"])
    late = act(late, seat, "reveal_goal", card=card)
    assert len(late["players"][seat]["loyalty"]) == held - 1  # at distance 7, no draw


@pytest.mark.rules("bsg:R411")
def test_a_personal_goal_needs_its_condition() -> None:
    state, seat, card = _goal_turn(2, 6)
    assert not [c for c in RULES_legal(state, seat) if c.kind == "reveal_goal"]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "reveal_goal", card=card)
    assert (info.value.code, info.value.rule) == ("goal_not_revealable", "bsg:R411")


@pytest.mark.rules("bsg:R411", "bsg:R711", "bsg:R709")
@pytest.mark.scenarios("bsg:AS-82")
def test_a_hidden_personal_goal_can_turn_the_humans_win_into_a_loss() -> None:
    """AS-82: the Kobol jump with morale 2 and a hidden goal costing 2 morale: the Cylons win."""
    state = game()
    human = next(p["seat"] for p in state["players"] if not any(
        CONTENT.loyalty[card_id(c)].side == "cylon" for c in p["loyalty"]))
    state = _give(state, human, "goal_keep_spirits")
    state["objective_reached"] = True
    state["resources"]["morale"] = 2
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    jump(ctx, then="end")
    assert state["resources"]["morale"] == 0
    assert state["result"]["winner"] == "cylons"
    other = game()
    other["objective_reached"] = True
    ctx = Ctx(state=other, rng=Rng.from_seed(1))
    jump(ctx, then="end")
    assert other["result"]["winner"] == "humans"


def RULES_legal(state: State, seat: int) -> list[Any]:
    return list(RULES.legal_commands(state, seat))


def _execution_at_crisis(decks: str, seed: int = 1) -> State:
    """A Conflicted Loyalties game at its first player's Crisis step, nobody a Cylon, "Summary Justice" (the
    Admiral executes a character) on top of the Crisis deck."""
    from tests.bsg.engine.test_loyalty import set_loyalty

    state = to_step(exodus_game(5, FIVE, seed, exodus_conflicted_loyalties=decks), "crisis")
    for p in state["players"]:
        set_loyalty(state, p["seat"], "not_a_cylon")
    state["decks"]["crisis"].append("summary_justice")
    return state


@pytest.mark.rules("bsg:R410", "bsg:R451", "bsg:R452")
def test_a_final_five_card_shown_at_an_execution_strikes_the_active_player_and_leaves_the_game() -> None:
    """R410: a Final Five card "examined because of an execution": its owner resolves it, then it leaves the
    game; its effect strikes the active player (RULINGS G193), who goes to the Brig."""
    from tests.bsg.engine.test_executions import execute
    from tests.bsg.engine.test_loyalty import set_loyalty

    state = _execution_at_crisis("final_five")
    me = state["current"]
    target = next(p["seat"] for p in state["players"] if p["seat"] != me)
    card = set_loyalty(state, target, "final_five_soldier")[0]
    state = execute(state, target)
    assert state["players"][me]["location"] == "brig"
    assert card in state["decks"]["loyalty_discard"]
    assert not any(card in p["loyalty"] for p in state["players"]) and card not in state["decks"]["loyalty"]
    # the active player executed himself: the card strikes nobody
    state = _execution_at_crisis("final_five")
    me = state["current"]
    card = set_loyalty(state, me, "final_five_soldier")[0]
    where = {p["seat"]: p["location"] for p in state["players"] if p["seat"] != me}
    state = execute(state, me)
    assert card in state["decks"]["loyalty_discard"]
    assert {s: state["players"][s]["location"] for s in where} == where


@pytest.mark.rules("bsg:R452", "bsg:R127")
def test_the_not_a_cylon_card_after_an_execution_is_the_top_of_the_shuffled_pile() -> None:
    """R452 E with Conflicted Loyalties: the card put into the Loyalty deck for the new character is the top
    card of the face-down, shuffled Not-a-Cylon pile: any of its cards, not always the same Final Five one."""
    from tests.bsg.engine.test_executions import execute

    kinds = set()
    start = _execution_at_crisis("both")
    target = start["admiral"]
    box = list(start["decks"]["loyalty_box"])
    start = execute(start, target)
    for seed in range(1, 13):
        choice = Command(target, "choose_new_character", {"character": "samuel_anders"})
        state = RULES.apply(start, choice, Rng.from_seed(seed)).state
        (added,) = set(box) - set(state["decks"]["loyalty_box"])
        kinds.add(card_id(added))
    assert len(kinds) > 1 and kinds & {"not_a_cylon", "not_a_cylon_exodus"}, kinds
