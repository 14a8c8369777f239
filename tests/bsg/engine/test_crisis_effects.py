"""Crisis effects on players (bsg:R001, R002, R260, R430, R436): discards chosen by their owners, a character
chosen and sent to the Brig, everyone in a place sent to Sickbay; revealed Cylons are never affected."""

from __future__ import annotations

import pytest

from games.bsg.engine.effects import discard_skills
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import Ctx, is_cylon
from games.engine.core import IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, State, act, skill_card, start_game, to_step


def draw(state: State, crisis: str) -> State:
    state = to_step(state, "crisis")
    state["decks"]["crisis"].append(crisis)
    return act(state, state["current"], "draw_crisis")


@pytest.mark.rules("bsg:R001", "bsg:R002", "bsg:R260")
@pytest.mark.scenarios("bsg:AS-40")
def test_each_player_discards_but_a_revealed_cylon() -> None:
    """AS-40 with Detector Sabotage (each player discards 1), our data's card for the digest's fixture: the
    revealed Cylon is spared; an unrevealed Cylon is a human player and discards like everyone."""
    state = start_game(5, BASE_5)
    current = state["current"]
    revealed = (current + 1) % 5
    state["players"][revealed]["cylon"] = True
    hidden_cylon = (current + 2) % 5
    state["players"][hidden_cylon]["loyalty"] = ["cylon_reduce_morale.1"]
    assert is_cylon(state, hidden_cylon)
    state = to_step(state, "crisis")
    for p in state["players"]:
        assert p["hand"] or p["seat"] == current  # every other player holds his 3 starting cards
    state = draw(state, "detector_sabotage")
    expected = {s for s in range(5) if s != revealed and state["players"][s]["hand"]}
    assert set(map(int, state["forced"])) == expected
    decision = RULES.pending(state)[0]
    assert decision.prompt == "discard_skill_cards" and decision.seats == expected
    assert RULES.legal_commands(state, revealed) == []
    sizes = [len(p["hand"]) for p in state["players"]]
    for seat in sorted(expected):
        state = act(state, seat, "discard_forced", card=state["players"][seat]["hand"][0])
    assert [len(p["hand"]) for p in state["players"]] == [n - (1 if s in expected else 0)
                                                         for s, n in enumerate(sizes)]
    assert state["forced"] == {} and RULES.pending(state)[0].prompt == "activate_cylon_ships"


@pytest.mark.rules("bsg:R260")
def test_a_random_discard_and_a_short_hand() -> None:
    state = start_game(5, BASE_5)
    seat = (state["current"] + 1) % 5
    hand = list(state["players"][seat]["hand"])
    ctx = Ctx(state=state, rng=Rng.from_seed(3))
    discard_skills(ctx, [seat], 2, random=True)
    assert len(state["players"][seat]["hand"]) == len(hand) - 2
    discard_skills(ctx, [seat], 5, random=False)  # more than he holds: all he has
    assert state["forced"] == {str(seat): len(hand) - 2}
    with pytest.raises(IllegalCommand):
        act(state, seat, "discard_forced", card="no_such_card.1.1")


@pytest.mark.rules("bsg:R436", "bsg:R430", "bsg:R005")
def test_the_current_player_chooses_who_goes_to_the_brig() -> None:
    state = start_game(5, BASE_5)
    current = state["current"]
    cylon = (current + 3) % 5
    state["players"][cylon]["cylon"] = True
    state = draw(state, "a_traitor_accused")
    state = act(state, current, "choose_option", option=0)
    decision = RULES.pending(state)[0]
    assert decision.prompt == "choose_character_to_send" and decision.seats == {current}
    targets = [c.args["target"] for c in RULES.legal_commands(state, current)]
    assert cylon not in targets and len(targets) == 4
    with pytest.raises(IllegalCommand) as info:
        act(state, current, "choose_target", target=cylon)
    assert info.value.code == "bad_target"
    victim = (current + 1) % 5
    state = act(state, current, "choose_target", target=victim)
    assert state["players"][victim]["location"] == "brig" and state["prompt"] is None
    assert state["step"] == "activation"


@pytest.mark.rules("bsg:R433", "bsg:R430")
def test_everyone_in_a_place_goes_to_sickbay() -> None:
    state = start_game(5, BASE_5)
    current = state["current"]
    starbuck = next(p["seat"] for p in state["players"] if p["character"] == "kara_thrace")
    assert state["players"][starbuck]["location"] == "hangar_deck"
    other = next(s for s in range(5) if s not in (current, starbuck))
    state["players"][other]["location"] = "hangar_deck"
    state["players"][other]["cylon"] = True  # a revealed Cylon is never sent (R430)
    state = draw(state, "hangar_accident")
    colors = state["check"]["colors"]
    bad = next(s for s in ("politics", "leadership", "tactics") if s not in colors)
    state["check"]["destiny"] = [skill_card(state, bad, 5), skill_card(state, bad, 4)]
    for seat in list(state["check"]["order"]):
        state = act(state, seat, "finish_contributing")
    out = RULES.apply(state, RULES.auto_command(state), Rng.from_seed(2))  # type: ignore[arg-type]
    assert out.state["players"][starbuck]["location"] == "sickbay"
    assert out.state["players"][other]["location"] == "hangar_deck"


def _seat(state: State, character: str) -> int:
    found: int = next(p["seat"] for p in state["players"] if p["character"] == character)
    return found


@pytest.mark.rules("bsg:R230", "bsg:R420", "bsg:R422")
def test_a_president_who_resigns_hands_the_title_to_the_next_in_succession() -> None:
    """Requested Resignation, "resign" (RULINGS G201): the President title goes to the highest-ranked character
    on the President's line but the President himself; her Quorum cards go with it (G30)."""
    state = start_game(5, BASE_5)
    roslin, baltar = _seat(state, "laura_roslin"), _seat(state, "gaius_baltar")
    assert state["president"] == roslin
    quorum = list(state["players"][roslin]["quorum"])
    state = draw(state, "requested_resignation")
    state = act(state, roslin, "choose_option", option=0)
    assert state["president"] == baltar
    assert state["players"][baltar]["quorum"] == quorum and state["players"][roslin]["quorum"] == []
    assert state["step"] == "activation"


@pytest.mark.rules("bsg:R230", "bsg:R420", "bsg:R422", "bsg:R425")
def test_the_admiral_gives_the_presidency_to_a_character_of_his_choice() -> None:
    """Political Prisoner failed (RULINGS G202): the Admiral names the new President among the human players'
    characters who may hold the title (not a revealed Cylon); -1 morale."""
    state = start_game(5, BASE_5)
    adama, tigh, roslin = _seat(state, "william_adama"), _seat(state, "saul_tigh"), _seat(state, "laura_roslin")
    cylon = _seat(state, "kara_thrace")
    state["players"][cylon]["cylon"] = True
    state["players"][cylon]["location"] = "resurrection_ship"
    state = to_step(state, "crisis")
    state["decks"]["crisis"].append("political_prisoner")
    state = act(state, state["current"], "draw_crisis")
    state["check"]["destiny"] = [skill_card(state, "tactics", 5), skill_card(state, "tactics", 4)]
    for seat in list(state["check"]["order"]):
        state = act(state, seat, "finish_contributing")
    morale = state["resources"]["morale"]
    state = RULES.apply(state, RULES.auto_command(state), Rng.from_seed(2)).state  # type: ignore[arg-type]
    assert state["resources"]["morale"] == morale - 1
    decision = RULES.pending(state)[0]
    assert decision.prompt == "choose_title_holder" and decision.seats == {adama}
    targets = {c.args["target"] for c in RULES.legal_commands(state, adama)}
    assert targets == set(range(5)) - {cylon}
    with pytest.raises(IllegalCommand) as info:
        act(state, adama, "give_title", target=cylon)
    assert (info.value.code, info.value.rule) == ("bad_target", "bsg:R422")
    state = act(state, adama, "give_title", target=tigh)
    assert state["president"] == tigh and state["prompt"] is None
    assert state["players"][roslin]["quorum"] == []
    assert RULES.pending(state)[0].prompt == "activate_cylon_ships"
