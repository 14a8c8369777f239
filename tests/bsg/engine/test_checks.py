"""Skill checks (bsg:R500-R503): two Destiny cards, secret contributions in seat order from the left of the
active player to the active player, the shuffled anonymous reveal, strength by colour, pass / partial / fail."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.bsg.engine.checks import strength
from games.bsg.engine.content import SKILLS
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, skill_of
from games.engine.core import AUTO_SEAT, Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, State, act, act_events, skill_card, start_game, to_step


def at_check(card: str = "security_breach", players: int = 5, seed: int = 1) -> State:
    """A game whose active player just drew ``card``, a skill check crisis."""
    chars = BASE_5 if players == 5 else BASE_5[:players]
    state = to_step(start_game(players, chars, seed), "crisis")
    state["decks"]["crisis"].append(card)
    state = act(state, state["current"], "draw_crisis")
    assert state["check"] is not None
    return state


def rig(state: State, destiny: list[str], hands: dict[int, list[str]]) -> None:
    """Set the check's Destiny cards and the given seats' hands to known cards."""
    state["check"]["destiny"] = destiny
    for seat, cards in hands.items():
        state["players"][seat]["hand"] = cards


def play_all(state: State, plays: dict[int, list[str]]) -> State:
    """Every seat in order puts in its listed cards, then finishes."""
    for seat in list(state["check"]["order"]):
        for card in plays.get(seat, []):
            state = act(state, seat, "contribute", card=card)
        state = act(state, seat, "finish_contributing")
    return state


def reveal(state: State, seed: int = 3) -> tuple[State, dict]:  # type: ignore[type-arg]
    out = RULES.apply(state, Command(AUTO_SEAT, "reveal_check", {}), Rng.from_seed(seed))
    revealed = next(e for e in out.events if e.kind == "check_revealed")
    return out.state, dict(revealed.data)


@pytest.mark.rules("bsg:R501", "bsg:R010")
@pytest.mark.scenarios("bsg:AS-29")
def test_contributions_run_from_the_left_of_the_active_player_to_him() -> None:
    """AS-29: active seat c, the order is c+1, c+2, ..., c; an early contribution is refused."""
    state = at_check()
    c = state["current"]
    order = [(c + i) % 5 for i in range(1, 6)]
    assert state["check"]["order"] == order
    for i, seat in enumerate(order):
        assert RULES.seats_to_act(state) == {seat}
        if i < 4:
            later = order[-1]
            with pytest.raises(IllegalCommand) as info:
                act(state, later, "contribute", card=state["players"][later]["hand"][0])
            assert (info.value.code, info.value.rule) == ("not_your_contribution", "bsg:R501")
            assert info.value.params == {"waiting_for": seat}
        state = act(state, seat, "finish_contributing")
    # the result waits for nobody but the automatic reveal
    decision = RULES.pending(state)[0]
    assert decision.automatic and decision.prompt == "reveal_check"
    assert RULES.auto_command(state) == Command(AUTO_SEAT, "reveal_check", {})


@pytest.mark.rules("bsg:R501")
def test_two_destiny_cards_start_the_pile() -> None:
    state = to_step(start_game(5, BASE_5), "crisis")
    before = list(state["decks"]["destiny"])
    state["decks"]["crisis"].append("security_breach")
    state = act(state, state["current"], "draw_crisis")
    assert state["check"]["destiny"] == before[-2:][::-1]
    assert state["decks"]["destiny"] == before[:-2]


@pytest.mark.rules("bsg:R501")
@pytest.mark.scenarios("bsg:AS-32")
@pytest.mark.parametrize(("politics", "total", "outcome"), [(0, 6, "fail"), (4, 10, "pass")])
def test_a_check_at_its_difficulty_passes(politics: int, total: int, outcome: str) -> None:
    """AS-32 played through a check: Colonial Day, politics + leadership at 10; Destiny politics 2 and
    piloting 1; leadership 3, leadership 4 and tactics 2 put in by three seats: 6, a fail (-1 morale); with
    one more politics 4, 10, equal to the difficulty: a pass (+1 morale)."""
    state = at_check("colonial_day")
    assert (sorted(state["check"]["colors"]), state["check"]["difficulty"]) == (["leadership", "politics"], 10)
    order = state["check"]["order"]
    destiny = [skill_card(state, "politics", 2), skill_card(state, "piloting", 1)]
    plays = {order[0]: [skill_card(state, "leadership", 3)], order[1]: [skill_card(state, "leadership", 4)],
             order[2]: [skill_card(state, "tactics", 2)]}
    if politics:
        plays[order[3]] = [skill_card(state, "politics", politics)]
    rig(state, destiny, {seat: list(cards) for seat, cards in plays.items()})
    morale = state["resources"]["morale"]
    state = play_all(state, plays)
    state, data = reveal(state)
    assert (data["total"], data["outcome"]) == (total, outcome)
    assert state["resources"]["morale"] == morale + (1 if outcome == "pass" else -1)


@pytest.mark.rules("bsg:R501")
def test_strength_by_colour() -> None:
    """AS-32: leadership + politics at 10; Destiny politics 2 and piloting 1; leadership 3, leadership 4 and
    tactics 2 contributed: 2 + 3 + 4 - 1 - 2 = 6; one more politics 4 makes 10."""
    state = start_game(5, BASE_5)
    cards = [skill_card(state, "politics", 2), skill_card(state, "piloting", 1), skill_card(state, "leadership", 3),
             skill_card(state, "leadership", 4), skill_card(state, "tactics", 2)]
    positive, negative = strength(["leadership", "politics"], cards)
    assert (positive, negative, positive - negative) == (9, 3, 6)
    positive, negative = strength(["leadership", "politics"], [*cards, skill_card(state, "politics", 4)])
    assert positive - negative == 10


@pytest.mark.rules("bsg:R501")
@pytest.mark.parametrize(("extra", "outcome", "morale"), [(5, "pass", 10), (1, "partial", 9), (0, "fail", 9)])
def test_pass_partial_and_fail(extra: int, outcome: str, morale: int) -> None:
    """Security Breach: leadership + tactics 10, partial pass from 6 (-1 morale), fail -1 morale and more.
    Destiny tactics 3 and piloting 1; the active player adds leadership 4 and a second card: leadership 5
    passes (11), leadership 1 is a partial pass (7), engineering 1 fails (5)."""
    state = at_check("security_breach")
    c = state["current"]
    destiny = [skill_card(state, "tactics", 3), skill_card(state, "piloting", 1)]
    mine = [skill_card(state, "leadership", 4)]
    if extra:
        mine.append(skill_card(state, "leadership", extra))
    else:
        mine.append(skill_card(state, "engineering", 1))
    rig(state, destiny, {c: list(mine)})
    state = play_all(state, {c: mine})
    state, data = reveal(state)
    assert data["outcome"] == outcome
    assert data["total"] == {5: 11, 1: 7, 0: 5}[extra]
    assert state["resources"]["morale"] == morale
    assert state["check"] is None and state["step"] == "activation"
    for card in destiny + mine:  # every card of the check to its discard pile
        assert card in state["decks"]["skill_discard"][skill_of(card)]


@pytest.mark.rules("bsg:R501")
def test_the_reveal_is_shuffled_and_anonymous() -> None:
    state = at_check()
    order = state["check"]["order"]
    plays = {seat: state["players"][seat]["hand"][:2] for seat in order if len(state["players"][seat]["hand"]) >= 2}
    state = play_all(state, plays)
    pile = list(state["check"]["destiny"]) + [c for s in order for c in plays.get(s, [])]
    orders = set()
    for seed in range(8):
        _, data = reveal(state, seed)
        assert Counter(data["cards"]) == Counter(pile)
        assert set(data) == {"cards", "positive", "negative", "total", "difficulty", "outcome", "source"}
        orders.add(tuple(data["cards"]))
    assert len(orders) > 1  # the pile is shuffled, not laid out seat by seat


@pytest.mark.rules("bsg:R501", "bsg:R401")
def test_contributions_are_secret_until_the_reveal() -> None:
    state = at_check()
    first = state["check"]["order"][0]
    card = state["players"][first]["hand"][0]
    state, events = act_events(state, first, "contribute", card=card)
    played = next(e for e in events if e.kind == "check_card_played")
    assert played.visible_to == frozenset({first})
    assert played.redacted == {"seat": first, "count": 1}
    for seat in range(5):
        v = RULES.view(state, seat)
        assert v["check"]["counts"][str(first)] == 1 and v["check"]["destiny_count"] == 2
        assert "destiny" not in v["check"]
        if seat == first:
            assert v["check"]["mine"] == [card]
        else:
            assert v["check"]["mine"] == [] and card not in str(v)
    assert card not in str(RULES.view(state, None))


@pytest.mark.rules("bsg:R502", "bsg:R435")
def test_a_character_in_the_brig_puts_in_one_card() -> None:
    state = at_check()
    first = state["check"]["order"][0]
    state["players"][first]["location"] = "brig"
    hand = state["players"][first]["hand"]
    assert len(hand) >= 2
    state = act(state, first, "contribute", card=hand[0])
    assert [c.kind for c in RULES.legal_commands(state, first)] == ["finish_contributing"]
    with pytest.raises(IllegalCommand) as info:
        act(state, first, "contribute", card=state["players"][first]["hand"][0])
    assert (info.value.code, info.value.rule, dict(info.value.params)) == (
        "contribution_limit_reached", "bsg:R502", {"limit": 1})


@pytest.mark.rules("bsg:R501")
def test_only_cards_in_hand_can_be_contributed() -> None:
    state = at_check()
    first = state["check"]["order"][0]
    other = state["check"]["order"][1]
    with pytest.raises(IllegalCommand) as info:
        act(state, first, "contribute", card=state["players"][other]["hand"][0])
    assert info.value.code == "card_not_in_hand"


@pytest.mark.rules("bsg:R109", "bsg:R501", "bsg:R511")
def test_a_short_destiny_deck_is_rebuilt() -> None:
    """RULINGS G1: with fewer than 2 Destiny cards left, they are discarded and a new deck of 2 per skill
    type is dealt and shuffled before the draw."""
    state = to_step(start_game(5, BASE_5), "crisis")
    leftover = state["decks"]["destiny"][0]
    state["decks"]["destiny"] = [leftover]
    state["decks"]["crisis"].append("security_breach")
    state = act(state, state["current"], "draw_crisis")
    assert len(state["decks"]["destiny"]) == 8 and len(state["check"]["destiny"]) == 2
    assert leftover in state["decks"]["skill_discard"][skill_of(leftover)]
    both = state["decks"]["destiny"] + state["check"]["destiny"]
    assert Counter(skill_of(c) for c in both) == dict.fromkeys(SKILLS, 2)


@pytest.mark.rules("bsg:R230", "bsg:R501")
def test_a_choice_with_a_check_runs_the_check() -> None:
    state = to_step(start_game(5, BASE_5), "crisis")
    card = next(c.id for c in CONTENT.crises.values() if c.type == "choice" and any(o.check for o in c.options))
    index = next(i for i, o in enumerate(CONTENT.crises[card].options) if o.check is not None)
    state["decks"]["crisis"].append(card)
    state = act(state, state["current"], "draw_crisis")
    chooser = next(iter(RULES.seats_to_act(state)))
    state = act(state, chooser, "choose_option", option=index)
    assert state["check"]["source"] == {"card": card, "option": index}
    assert state["check"]["difficulty"] == CONTENT.crises[card].options[index].check.difficulty  # type: ignore[union-attr]


@pytest.mark.rules("bsg:R506", "bsg:R504")
@pytest.mark.scenarios("bsg:AS-35")
@pytest.mark.parametrize(("extra", "outcome"), [(5, "pass"), (0, "fail")])
def test_a_crisis_checks_consequence_applies_whatever_the_outcome(
    extra: int, outcome: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No base Crisis card prints a Consequence, but the engine carries the rule for the expansions' cards: a
    Consequence (here -1 fuel, set on Security Breach's check for the test) applies after the result, pass or
    fail; a location's check never has one (R504)."""
    from dataclasses import replace

    from games.bsg.engine import checks
    from games.bsg.engine.content import Effect

    plain = checks.check_of

    def with_consequence(source: dict) -> Any:  # type: ignore[type-arg]
        found = plain(source)
        if source.get("card") == "security_breach":
            return replace(found, consequence=(Effect("resources", {"fuel": -1}),))
        return found

    monkeypatch.setattr(checks, "check_of", with_consequence)
    state = at_check("security_breach")
    c = state["current"]
    fuel, morale = state["resources"]["fuel"], state["resources"]["morale"]
    destiny = [skill_card(state, "tactics", 3), skill_card(state, "piloting", 1)]
    mine = [skill_card(state, "leadership", 4), skill_card(state, "leadership", 5)] if extra else []
    rig(state, destiny, {c: list(mine)})
    state = play_all(state, {c: mine})
    state, data = reveal(state)
    assert data["outcome"] == outcome
    assert state["resources"]["fuel"] == fuel - 1  # the Consequence, either way
    assert state["resources"]["morale"] == (morale if outcome == "pass" else morale - 1)
    assert checks.check_of({"location": "administration"}).consequence == ()
