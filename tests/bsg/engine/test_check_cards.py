"""Cards and abilities on a skill check (bsg:R509, R221, R501, RULINGS G36): Scientific Research and
Investigative Committee before one's contribution, the window after the total for Declare Emergency and
Helo's Against the Odds, Boomer's Mysterious Intuition."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.state import skill_of
from games.engine.core import AUTO_SEAT, Command, Rng
from tests.bsg.engine.helpers import BASE_5, State, act, act_events, skill_card, start_game, to_step


def at_check(characters: list[str] | None = None) -> State:
    """Security Breach (leadership + tactics 10, partial from 6), every hand emptied."""
    state = to_step(start_game(5, characters or BASE_5), "crisis")
    state["decks"]["crisis"].append("security_breach")
    state = act(state, state["current"], "draw_crisis")
    for p in state["players"]:
        for card in p["hand"]:
            state["decks"]["skill_discard"][skill_of(card)].append(card)
        p["hand"] = []
    state["check"]["destiny"] = [skill_card(state, "tactics", 3), skill_card(state, "piloting", 1)]
    return state


def everyone_done(state: State, plays: dict[int, list[str]] | None = None) -> State:
    """Every seat still due puts in its listed cards, then finishes."""
    for seat in list(state["check"]["order"])[state["check"]["at"] :]:
        for card in (plays or {}).get(seat, []):
            state = act(state, seat, "contribute", card=card)
        state = act(state, seat, "finish_contributing")
    return state


def reveal(state: State) -> tuple[State, dict[str, Any]]:
    out = RULES.apply(state, Command(AUTO_SEAT, "reveal_check", {}), Rng.from_seed(3))
    return out.state, dict(next(e for e in out.events if e.kind == "check_revealed").data)


def give(state: State, seat: int, skill: str, strength: int) -> str:
    card = skill_card(state, skill, strength)
    state["players"][seat]["hand"].append(card)
    return card


@pytest.mark.rules("bsg:R509", "bsg:R221")
def test_declare_emergency_after_the_total_turns_a_partial_pass_into_a_pass() -> None:
    state = at_check()
    c = state["current"]
    holder = (c + 1) % 5
    emergency = give(state, holder, "leadership", 3)
    mine = [give(state, c, "leadership", 4), give(state, c, "leadership", 2)]
    morale = state["resources"]["morale"]
    state, data = reveal(everyone_done(state, {c: mine}))
    assert data["total"] == 8 and data["outcome"] == "partial"
    decision = RULES.pending(state)[0]
    assert decision.prompt == "after_check_window" and decision.seats == {holder}
    assert RULES.auto_command(state) is None
    offered = [dict(cmd.args) for cmd in RULES.legal_commands(state, holder)]
    assert offered == [{}, {"card": emergency}]
    state, events = act_events(state, holder, "after_check", card=emergency)
    assert next(e for e in events if e.kind == "check_result").data["outcome"] == "pass"
    assert state["check"] is None and state["resources"]["morale"] == morale and state["step"] == "activation"
    assert emergency in state["decks"]["skill_discard"]["leadership"]


@pytest.mark.rules("bsg:R509")
def test_no_window_when_nothing_could_change_the_result() -> None:
    state = at_check()
    c = state["current"]
    give(state, (c + 1) % 5, "leadership", 3)
    state, data = reveal(everyone_done(state, {c: [give(state, c, "engineering", 1)]}))
    assert data["outcome"] == "fail" and state["check"] is None  # 1 < 6 even at difficulty 8


@pytest.mark.rules("bsg:R509", "bsg:R501")
def test_scientific_research_makes_engineering_count_and_comes_before_ones_cards() -> None:
    state = at_check()
    c = state["current"]
    first = (c + 1) % 5
    research = give(state, first, "engineering", 3)
    engineering = give(state, first, "engineering", 5)
    assert {"kind": "play_check_card", "card": research} in [
        {"kind": cmd.kind, **cmd.args} for cmd in RULES.legal_commands(state, first)
    ]
    state = act(state, first, "play_check_card", card=research)
    assert state["check"]["extra_colors"] == ["engineering"]
    state = act(state, first, "contribute", card=engineering)
    assert not [cmd for cmd in RULES.legal_commands(state, first) if cmd.kind == "play_check_card"]
    state = act(state, first, "finish_contributing")
    state, data = reveal(everyone_done(state))
    assert data["positive"] == 3 + 5 and data["negative"] == 1


@pytest.mark.rules("bsg:R509", "bsg:R401")
def test_investigative_committee_turns_every_contribution_face_up() -> None:
    state = at_check()
    c = state["current"]
    first, second = (c + 1) % 5, (c + 2) % 5
    committee = give(state, first, "politics", 3)
    state = act(state, first, "play_check_card", card=committee)
    state = act(state, first, "finish_contributing")
    card = give(state, second, "tactics", 2)
    state, events = act_events(state, second, "contribute", card=card)
    played = next(e for e in events if e.kind == "check_card_played")
    assert played.visible_to is None and played.data["card"] == card
    assert RULES.view(state, c)["check"]["played"][str(second)] == [card]


@pytest.mark.rules("bsg:R509")
def test_helo_takes_every_card_of_a_type_out_of_the_check_once() -> None:
    helo = ["laura_roslin", "william_adama", "kara_thrace", "gaius_baltar", "karl_agathon"]
    state = at_check(helo)
    c = state["current"]
    agathon = next(p["seat"] for p in state["players"] if p["character"] == "karl_agathon")
    mine = [give(state, c, "leadership", 4), give(state, c, "leadership", 2)]
    state, data = reveal(everyone_done(state, {c: mine}))
    assert data["total"] == 8
    assert RULES.pending(state)[0].seats == {agathon}
    offered = [dict(cmd.args) for cmd in RULES.legal_commands(state, agathon)]
    assert offered == [{}, {"skill": "leadership"}, {"skill": "tactics"}]  # piloting out: 9, no change
    state, events = act_events(state, agathon, "after_check", skill="leadership")
    assert next(e for e in events if e.kind == "check_result").data["total"] == 2
    assert agathon in state["once_used"] and state["check"] is None


@pytest.mark.rules("bsg:R501")
def test_boomer_draws_a_card_after_a_check_she_put_cards_into() -> None:
    boomer = ["sharon_valerii", "laura_roslin", "william_adama", "gaius_baltar", "galen_tyrol"]
    state = at_check(boomer)
    c = state["current"]
    assert state["players"][c]["character"] == "sharon_valerii"
    state, _ = reveal(everyone_done(state, {c: [give(state, c, "tactics", 1)]}))
    assert len(state["players"][c]["hand"]) == 1 and skill_of(state["players"][c]["hand"][0]) == "piloting"


@pytest.mark.rules("bsg:R305", "bsg:R420")
def test_the_arbitrator_makes_an_admirals_quarters_check_three_harder() -> None:
    state = to_step(start_game(5, BASE_5), "action")
    c = state["current"]
    state["players"][c]["location"] = "admirals_quarters"
    holder = (c + 1) % 5
    state["decks"]["quorum"].remove("assign_arbitrator")
    state["attached"] = [{"card": "assign_arbitrator", "seat": holder}]
    state = act(state, c, "activate_location", target=(c + 3) % 5)  # Baltar
    assert state["check"]["difficulty"] == 7
    offered = [dict(cmd.args) for cmd in RULES.legal_commands(state, holder) if cmd.kind == "play_check_card"]
    assert {"card": "assign_arbitrator", "pick": "harder"} in offered
    state = act(state, holder, "play_check_card", card="assign_arbitrator", pick="harder")
    assert state["check"]["difficulty"] == 10 and state["attached"] == []
    assert state["decks"]["quorum_discard"] == ["assign_arbitrator"]
