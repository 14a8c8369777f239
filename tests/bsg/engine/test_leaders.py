"""Cylon Leaders (bsg:R121, R125, R126, R141, R150, R802, R803, R805; RULINGS G58-G61): the option and its
setup (AS-08, AS-11), the Leader's turn as a revealed Cylon with his sheet in force, infiltration and the
return (AS-80), his Agenda kept secret and deciding his result."""

from __future__ import annotations

import pytest

from games.bsg.engine import new_caprica, planet
from games.bsg.engine.checks import contribution_limit
from games.bsg.engine.ending import agenda_met
from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import available_characters
from games.bsg.engine.state import CONTENT, card_id, skill_of
from games.engine.core import IllegalCommand, Rng
from games.engine.core.context import Ctx
from tests.bsg.engine.helpers import LEADER, State, act, choose_all, new_game, start_game, to_step
from tests.bsg.engine.test_loyalty import seat_of
from tests.bsg.engine.test_pegasus import finish_check

SIX = ["laura_roslin", "william_adama", "kara_thrace", "tom_zarek", "galen_tyrol", "leoben_conoy"]
FIVE = ["laura_roslin", "william_adama", "kara_thrace", "galen_tyrol", "leoben_conoy"]
LEADERS = {"leoben_conoy", "john_cavil", "caprica_six"}


def leader_game(characters: list[str] | None = None, seed: int = 1) -> tuple[State, int]:
    state = start_game(len(characters or FIVE), characters or FIVE, seed=seed, options=LEADER)
    return state, next(p["seat"] for p in state["players"] if p.get("leader"))


@pytest.mark.rules("bsg:R141", "bsg:R150")
def test_the_option_needs_pegasus_and_four_players() -> None:
    with pytest.raises(IllegalCommand) as refused:
        RULES.validate_options(5, {"cylon_leader": True})
    assert refused.value.code == "cylon_leader_needs_pegasus"
    with pytest.raises(IllegalCommand) as refused:
        RULES.validate_options(3, {"pegasus": True, "cylon_leader": True})
    assert (refused.value.code, refused.value.rule) == ("cylon_leader_not_with_3_players", "bsg:R150")
    RULES.validate_options(4, {"pegasus": True, "cylon_leader": True})
    assert "cylon_leader" not in new_game(5)["options"]  # a base table's state is the same as before


@pytest.mark.rules("bsg:R104", "bsg:R802")
def test_exactly_one_seat_plays_a_leader_and_the_last_one_must() -> None:
    state = new_game(5, options=LEADER)
    assert set(available_characters(state)) >= LEADERS
    assert not LEADERS & set(available_characters(new_game(5, options={"pegasus": True})))
    state = choose_all(state, ["laura_roslin", "william_adama", "kara_thrace", "galen_tyrol"])
    assert set(available_characters(state)) == LEADERS  # the last chooser, no Leader yet
    with pytest.raises(IllegalCommand):
        act(state, state["chooser"], "choose_character", character="tom_zarek")
    state = choose_all(new_game(5, options=LEADER), ["john_cavil"])
    assert not LEADERS & set(available_characters(state))  # one Leader only


@pytest.mark.rules("bsg:R121", "bsg:R126", "bsg:R150", "bsg:R141", "bsg:R805", "bsg:R108")
@pytest.mark.scenarios("bsg:AS-08", "bsg:AS-11")
def test_a_six_player_leader_table_deals_two_plus_eight_and_a_sympathetic_agenda() -> None:  # AS-08, AS-11
    state, leader = leader_game(SIX)
    p = state["players"][leader]
    assert p["cylon"] and p["location"] == "caprica" and p["loyalty"] == [] and p["revealed"] == []
    dealt = [c for q in state["players"] for c in q["loyalty"]]
    everything = dealt + state["decks"]["loyalty"]
    assert len(everything) == 10 and len(state["decks"]["loyalty"]) == 5  # 2 + 8, 1 each to the 5 others
    assert sum(1 for c in everything if card_id(c).startswith("cylon_")) == 2
    assert not any(card_id(c) == "sympathizer" for c in everything)  # R150d
    assert CONTENT.agendas[p["agenda"]].kind == "sympathetic"
    first = state["first"]
    expected = 0 if leader == first else 2
    assert len(p["hand"]) == expected
    assert all(len(q["hand"]) == 3 for q in state["players"] if q["seat"] not in (leader, first))
    assert state["president"] != leader and state["admiral"] != leader
    five, leader5 = leader_game(FIVE)
    assert CONTENT.agendas[five["players"][leader5]["agenda"]].kind == "hostile"  # R121: 5 players
    assert len(five["decks"]["loyalty"]) + sum(len(q["loyalty"]) for q in five["players"]) == 8


@pytest.mark.rules("bsg:R805", "bsg:R401")
def test_the_agenda_is_the_leaders_secret_until_the_end() -> None:
    state, leader = leader_game()
    agenda = state["players"][leader]["agenda"]
    assert RULES.view(state, leader)["players"][leader]["agenda"] == agenda
    other = (leader + 1) % 5
    assert "agenda" not in RULES.view(state, other)["players"][leader]
    assert RULES.view(state, other)["players"][leader]["leader"] is True
    assert agenda not in str(RULES.view(state, other)) and agenda not in str(RULES.view(state, None))


@pytest.mark.rules("bsg:R802", "bsg:R261", "bsg:R801")
def test_a_leader_draws_from_his_own_set_and_uses_his_sheet_every_turn() -> None:
    state, leader = leader_game()
    state["current"], state["step"] = leader, "receive"
    own = set(CONTENT.characters["leoben_conoy"].skill_types)
    picks = [c.args["picks"] for c in RULES.legal_commands(state, leader)]
    assert picks and all(len(p) == 2 and set(p) <= own for p in picks)  # R802a
    assert all(len(set(p)) == 2 for p in picks)  # R261: two different decks, as any revealed Cylon's
    state = act(state, leader, "receive_skills", picks=picks[0])
    state = act(state, leader, "stay")
    sheet = [c.args for c in RULES.legal_commands(state, leader) if c.kind == "use_ability"]
    assert {"ability": "sheet"} in sheet
    after = act(state, leader, "use_ability", ability="sheet")
    assert after["prompt"]["kind"] == "arrange" and len(after["prompt"]["cards"]) == 3
    assert leader not in after["once_used"]  # R802d: as often as he likes


@pytest.mark.rules("bsg:R803", "bsg:R311", "bsg:R435")
@pytest.mark.scenarios("bsg:AS-80", "bsg:AS-28")
def test_infiltration_makes_the_leader_a_human_player_until_he_returns() -> None:  # AS-80
    state, leader = leader_game()
    state["current"], state["step"] = leader, "action"
    state["players"][leader]["location"] = "human_fleet"
    offered = {c.args["location"] for c in RULES.legal_commands(state, leader) if c.kind == "infiltrate"}
    assert "command" in offered and "press_room" in offered and "brig" not in offered
    with pytest.raises(IllegalCommand) as refused:
        act(state, leader, "infiltrate", location="sickbay")
    assert refused.value.code == "cannot_infiltrate"
    state = act(state, leader, "infiltrate", location="command")
    p = state["players"][leader]
    assert not p["cylon"] and p["location"] == "command" and state["step"] == "crisis"  # R803b
    assert contribution_limit(state, leader) == 2  # R803g
    state["players"][leader]["location"] = "brig"
    assert contribution_limit(state, leader) == 1
    state["players"][leader]["location"] = "command"
    # R803d: 3 cards of his set in Receive Skills
    state["step"] = "receive"
    picks = [c.args["picks"] for c in RULES.legal_commands(state, leader)]
    assert all(len(p) == 3 for p in picks)
    # R803e: never a title
    state = to_step(act(state, leader, "receive_skills", picks=picks[0]), "action")
    assert state["president"] != leader
    # R803h: back to the Resurrection Ship from the Brig, keeping 3 Skill cards
    state["players"][leader]["location"] = "brig"
    state["players"][leader]["hand"] += [state["decks"]["skill"]["politics"].pop() for _ in range(3)]
    hand = len(state["players"][leader]["hand"])
    assert [c.kind for c in RULES.legal_commands(state, leader)].count("return_to_resurrection") == 1
    state = act(state, leader, "return_to_resurrection")
    p = state["players"][leader]
    assert p["cylon"] and p["location"] == "resurrection_ship"
    assert state["forced"] == {str(leader): hand - 3}


@pytest.mark.rules("bsg:R803", "bsg:R220", "bsg:R425")
def test_an_infiltrated_leader_is_refused_the_presidency_and_treachery() -> None:
    state, leader = leader_game()
    state["players"][leader]["cylon"] = False
    state["players"][leader]["location"] = "press_room"
    me = state["current"] if state["current"] != leader else (leader + 1) % 5
    state["current"], state["step"] = me, "action"
    state["players"][me]["location"] = "administration"
    targets = {c.args.get("target") for c in RULES.legal_commands(state, me) if c.kind == "activate_location"}
    assert leader in targets  # he may be named; the title never comes to him
    state = finish_check(act(state, me, "activate_location", target=leader), True)
    assert state["president"] != leader
    treachery = state["decks"]["skill"]["treachery"].pop()
    state["players"][leader]["hand"] = [treachery]
    state["current"], state["step"] = leader, "action"
    assert not [c for c in RULES.legal_commands(state, leader) if c.kind == "play_skill"]  # R803c
    assert skill_of(treachery) == "treachery"


@pytest.mark.rules("bsg:R805", "bsg:R708", "bsg:R712")
@pytest.mark.parametrize(("infiltrated", "brig", "winner", "met"), [
    (True, False, "humans", True), (False, False, "humans", False), (True, True, "humans", False),
    (True, False, "cylons", False)])
def test_join_the_colonials_wins_only_with_the_humans_infiltrated_outside_the_brig(
        infiltrated: bool, brig: bool, winner: str, met: bool) -> None:
    state, leader = leader_game()
    state["players"][leader]["agenda"] = "join_the_colonials"
    state["players"][leader]["cylon"] = not infiltrated
    state["players"][leader]["location"] = "brig" if brig else ("command" if infiltrated else "caprica")
    assert agenda_met(state, leader, winner) is met
    state["phase"], state["result"] = "over", {"winner": winner, "reason": "kobol_reached", "cylons": [],
                                                "leaders": {str(leader): met}}
    result = RULES.result(state)
    assert result is not None and (leader in result.winners) is met
    assert all(leader not in team for team in result.teams)


@pytest.mark.rules("bsg:R450", "bsg:R803")
def test_an_executed_infiltrated_leader_goes_back_to_the_resurrection_ship() -> None:
    state, leader = leader_game()
    state["players"][leader]["cylon"] = False
    state["players"][leader]["location"] = "brig"
    state["players"][leader]["hand"] = [state["decks"]["skill"]["tactics"].pop()]
    me = state["current"] if state["current"] != leader else (leader + 1) % 5
    state["current"], state["step"] = me, "action"
    state["players"][me]["location"] = "airlock"
    morale = state["resources"]["morale"]
    state = finish_check(act(state, me, "activate_location", target=leader), True)
    p = state["players"][leader]
    assert p["cylon"] and p["location"] == "resurrection_ship" and p["hand"] == []
    assert p["character"] == "leoben_conoy" and state["resources"]["morale"] == morale
    assert state["prompt"] is None or state["prompt"]["kind"] != "new_character"
    assert seat_of(state, "leoben_conoy") == leader


SEVEN = ["laura_roslin", "william_adama", "kara_thrace", "tom_zarek", "galen_tyrol", "helena_cain", "caprica_six"]


@pytest.mark.rules("bsg:R125", "bsg:R807", "bsg:R126", "bsg:R143")
def test_seven_players_with_a_leader_deal_two_plus_ten_and_a_hostile_agenda() -> None:
    state, leader = leader_game(SEVEN)
    assert state["n"] == 7 and state["players"][leader]["character"] == "caprica_six"
    everything = state["decks"]["loyalty"] + [c for p in state["players"] for c in p["loyalty"]]
    assert len(everything) == 12 and len(state["decks"]["loyalty"]) == 6
    assert sum(1 for c in everything if card_id(c).startswith("cylon_")) == 2
    assert CONTENT.agendas[state["players"][leader]["agenda"]].kind == "hostile"
    with pytest.raises(IllegalCommand) as refused:
        RULES.validate_options(7, {"pegasus": True})
    assert refused.value.code == "seven_players_need_a_cylon_leader"


@pytest.mark.rules("bsg:R803", "bsg:R435", "bsg:R501")
@pytest.mark.scenarios("bsg:AS-31")
@pytest.mark.parametrize("brig", [False, True])
def test_an_infiltrated_leader_puts_at_most_two_cards_into_a_check_one_from_the_brig(brig: bool) -> None:
    state, leader = leader_game()
    state["players"][leader]["cylon"] = False
    state["players"][leader]["location"] = "brig" if brig else "command"
    me = state["current"] if state["current"] != leader else (leader + 1) % 5
    state["current"], state["step"] = me, "action"
    state["players"][me]["location"] = "engine_room"
    state = act(state, me, "activate_location")
    cards = [state["decks"]["skill"]["tactics"].pop() for _ in range(3)]
    state["players"][leader]["hand"] = list(cards)
    while RULES.pending(state)[0].seats != frozenset({leader}):
        (waiting,) = RULES.pending(state)[0].seats
        state = act(state, waiting, "finish_contributing")
    allowed = 1 if brig else 2
    for card in cards[:allowed]:
        state = act(state, leader, "contribute", card=card)
    with pytest.raises(IllegalCommand) as refused:
        act(state, leader, "contribute", card=cards[allowed])
    assert refused.value.code == "contribution_limit_reached"


@pytest.mark.rules("bsg:R803", "bsg:R825")
def test_a_leader_returning_from_detention_keeps_only_three_skill_cards() -> None:
    """R803h: "se usa questa azione quando si trova nelle 'Celle' o in 'Detenzione'": Detention (New Caprica)
    as the Brig; before Galactica's return he goes to the Medical Center (R825a)."""
    state = start_game(5, FIVE, options={**LEADER, "objective": "new_caprica"})
    new_caprica.begin(Ctx(state=state, rng=Rng.from_seed(1)))
    leader = next(p["seat"] for p in state["players"] if p.get("leader"))
    roles = planet.board().roles
    p = state["players"][leader]
    p["cylon"], p["location"] = False, roles["brig"]
    p["hand"] = [state["decks"]["skill"]["politics"].pop() for _ in range(5)]
    state["current"], state["step"] = leader, "action"
    state = act(state, leader, "return_to_resurrection")
    p = state["players"][leader]
    assert p["cylon"] and p["location"] == roles["resurrection"]
    assert state["forced"] == {str(leader): 2}
