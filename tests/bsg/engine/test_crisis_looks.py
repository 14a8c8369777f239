"""Crisis results on the human side (bsg:R230, R401, R420, RULINGS G30, G40): a Quorum card drawn by the
President, Loyalty cards looked at in secret, a character of the current player's choice sent to the Brig."""

from __future__ import annotations

import pytest

from games.bsg.engine.rules import RULES
from games.engine.core import AUTO_SEAT, Command, Event, Rng
from tests.bsg.engine.helpers import BASE_5, State, act, skill_card, start_game, to_step

SKILLS = ("politics", "leadership", "tactics", "piloting", "engineering")


def resolved(card: str, passing: bool) -> tuple[State, list[Event]]:
    """``card`` drawn by the first player, every seat passing, the Destiny cards making it pass or fail."""
    state = to_step(start_game(5, BASE_5), "crisis")
    state["decks"]["crisis"].append(card)
    state = act(state, state["current"], "draw_crisis")
    colors = state["check"]["colors"]
    skill = colors[0] if passing else next(s for s in SKILLS if s not in colors)
    state["check"]["destiny"] = [skill_card(state, skill, 5), skill_card(state, skill, 4)]
    for seat in list(state["check"]["order"]):
        if passing:  # and a card of the check's colour from each seat
            card = skill_card(state, colors[-1])
            state["players"][seat]["hand"].append(card)
            state = act(state, seat, "contribute", card=card)
        state = act(state, seat, "finish_contributing")
    out = RULES.apply(state, Command(AUTO_SEAT, "reveal_check", {}), Rng.from_seed(2))
    return out.state, list(out.events)


@pytest.mark.rules("bsg:R420")
def test_fulfiller_of_prophecy_gives_the_president_a_quorum_card() -> None:
    state, events = resolved("fulfiller_of_prophecy", True)
    president = state["president"]  # Roslin: 1 more, then 1 to the bottom (Skilled Politician)
    assert len(state["players"][president]["quorum"]) == 3
    assert RULES.pending(state)[0].prompt == "put_quorum_card_at_bottom"
    drawn = [e for e in events if e.kind == "quorum_drawn"]
    assert drawn and drawn[-1].visible_to == frozenset({president})


@pytest.mark.rules("bsg:R401")
def test_cylon_screenings_shows_the_current_player_one_card_of_each_other_player() -> None:
    state, events = resolved("cylon_screenings", False)
    looks = [e for e in events if e.kind == "loyalty_looked_at"]
    current = state["current"]
    assert sorted(e.data["target"] for e in looks) == sorted(s for s in range(5) if s != current)
    assert all(e.visible_to == frozenset({current}) and len(e.data["cards"]) == 1 for e in looks)


@pytest.mark.rules("bsg:R401")
def test_build_cylon_detector_lets_the_current_player_choose_whose_card_he_sees() -> None:
    state, _ = resolved("build_cylon_detector", True)
    current = state["current"]
    decision = RULES.pending(state)[0]
    assert decision.prompt == "choose_loyalty_to_look_at" and decision.seats == {current}
    target = (current + 2) % 5
    out = RULES.apply(state, Command(current, "choose_look", {"target": target}), Rng.from_seed(1))
    look = next(e for e in out.events if e.kind == "loyalty_looked_at")
    assert look.data["target"] == target and look.data["cards"][0] in state["players"][target]["loyalty"]
    assert RULES.pending(out.state)[0].prompt == "activate_cylon_ships"


@pytest.mark.rules("bsg:R436")
def test_guilt_by_collusion_sends_a_character_of_the_current_players_choice_to_the_brig() -> None:
    state, _ = resolved("guilt_by_collusion", True)
    current = state["current"]
    assert RULES.pending(state)[0].prompt == "choose_character_to_send"
    target = (current + 1) % 5
    state = act(state, current, "choose_target", target=target)
    assert state["players"][target]["location"] == "brig"
