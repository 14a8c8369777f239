"""The Pegasus (bsg:R140, R800; RULINGS G52-G54): her board at setup, reaching her with a discard, her damage
tokens drawn instead of Galactica's by the active player's standing choice (AS-79), her destruction after 4
tokens, repairs, and her four locations (Pegasus CIC, Main Batteries, Engine Room, Airlock)."""

from __future__ import annotations

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, card_id, damaged_locations, skill_of, strength_of
from games.engine.core import AUTO_SEAT, Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, PEGASUS, State, act, act_events, place_only, start_game, to_step
from tests.bsg.engine.test_executions import pending_prompt
from tests.bsg.engine.test_locations import offered
from tests.bsg.engine.test_loyalty import seat_of, set_loyalty

PEGASUS_LOCATIONS = ("pegasus_cic", "main_batteries", "engine_room", "airlock")


def pegasus_at(step: str, characters: list[str] | None = None) -> State:
    return to_step(start_game(5, characters or BASE_5, options=PEGASUS), step)


def finish_check(state: State, winning: bool) -> State:
    """Every seat passes; the Destiny cards are the two strongest of a helping (or a hindering) skill."""
    colors = state["check"]["colors"]
    skill = colors[0] if winning else next(s for s in ("tactics", "piloting", "engineering", "politics")
                                           if s not in colors)
    pile = state["decks"]["skill"][skill]
    best = sorted((c for c in pile if skill_of(c) == skill), key=strength_of)[-2:]
    for card in best:
        pile.remove(card)
    state["check"]["destiny"] = best
    if winning:  # the first seat adds the two strongest cards of the last helping skill
        other = state["decks"]["skill"][colors[-1]]
        strong = sorted(other, key=strength_of)[-2:]
        first = state["check"]["order"][0]
        for card in strong:
            other.remove(card)
            state["players"][first]["hand"].append(card)
            state = act(state, first, "contribute", card=card)
    for seat in list(state["check"]["order"])[state["check"]["at"]:]:
        state = act(state, seat, "finish_contributing")
    after: State = RULES.apply(state, Command(AUTO_SEAT, "reveal_check", {}), Rng.from_seed(5)).state
    return after


def tokens_of(kind: str) -> list[str]:
    return [t.id for t in CONTENT.board.pegasus_damage if (t.location is not None) == (kind == "location")]


def reveal_sabotage(state: State, choose: int = 0) -> State:
    """The current player reveals "You Are a Cylon: sabotage" (draw 2 damage tokens, apply 1)."""
    me = state["current"]
    card = set_loyalty(state, me, "cylon_damage_galactica")[0]
    state = act(state, me, "reveal_loyalty", card=card)
    assert state["prompt"]["kind"] == "choose_damage"
    return act(state, me, "choose_damage", card=sorted(state["prompt"]["cards"])[choose])


@pytest.mark.rules("bsg:R140", "bsg:R800")
def test_a_pegasus_table_has_her_board_and_tokens_and_no_investigative_committee() -> None:
    state = start_game(5, BASE_5, options=PEGASUS)
    assert sorted(state["decks"]["pegasus_damage"]) == sorted(t.id for t in CONTENT.board.pegasus_damage)
    assert state["pegasus"] == {"damage": [], "destroyed": False, "prefer": []}
    politics = state["decks"]["skill"]["politics"] + [c for p in state["players"] for c in p["hand"]]
    assert not any(card_id(c) == "investigative_committee" for c in politics)
    assert "summary_justice" in state["decks"]["crisis"]
    base = start_game(5, BASE_5)
    assert "pegasus" not in base and "pegasus_damage" not in base["decks"]
    assert "summary_justice" not in base["decks"]["crisis"]
    assert any(card_id(c) == "investigative_committee" for c in base["decks"]["skill"]["politics"])


@pytest.mark.rules("bsg:R800", "bsg:R211", "bsg:R213")
def test_reaching_the_pegasus_costs_one_skill_card_even_from_a_viper() -> None:
    state = pegasus_at("move")
    me = state["current"]
    hand = list(state["players"][me]["hand"])
    moves = [c.args for c in RULES.legal_commands(state, me) if c.kind == "move"]
    assert {m["location"] for m in moves if m.get("discard")} >= set(PEGASUS_LOCATIONS)
    with pytest.raises(IllegalCommand) as refused:
        act(state, me, "move", location="engine_room")
    assert refused.value.code == "ship_change_needs_discard"
    state = act(state, me, "move", location="engine_room", discard=hand[0])
    assert state["players"][me]["location"] == "engine_room" and hand[0] not in state["players"][me]["hand"]
    # a pilot in his viper: one card too, and the viper goes back to the Reserves
    state = pegasus_at("move")
    me = state["current"]
    state["players"][me]["location"], state["players"][me]["viper"] = None, "lower_fore"
    reserves = state["reserves"]["viper"]
    state = act(state, me, "move", location="pegasus_cic", discard=state["players"][me]["hand"][0])
    assert state["players"][me]["viper"] is None and state["reserves"]["viper"] == reserves + 1
    # a base table has no Pegasus
    base = to_step(start_game(5, BASE_5), "move")
    with pytest.raises(IllegalCommand):
        act(base, base["current"], "move", location="engine_room", discard=base["players"][base["current"]]["hand"][0])


@pytest.mark.rules("bsg:R800", "bsg:R402")
@pytest.mark.scenarios("bsg:AS-79")
def test_the_active_player_may_draw_the_pegasus_tokens_instead_of_galacticas() -> None:  # AS-79
    state = pegasus_at("action")
    me = state["current"]
    galactica = len(state["decks"]["galactica_damage"])
    state = act(state, me, "damage_preference", ship="pegasus")
    assert RULES.view(state, me)["players"][me]["damage_ship"] == "pegasus"
    pile = list(state["decks"]["pegasus_damage"])
    before = reveal_sabotage(state)
    assert len(before["pegasus"]["damage"]) == 1 and before["pegasus"]["damage"][0] in pile[-2:]
    assert len(before["decks"]["pegasus_damage"]) == 7 and len(before["decks"]["galactica_damage"]) == galactica
    assert before["damage"] == []  # never Galactica's damage (L933)
    # back to Galactica by the same standing choice
    state = act(state, me, "damage_preference", ship="galactica")
    after = reveal_sabotage(state)
    assert after["pegasus"]["damage"] == [] and len(after["decks"]["galactica_damage"]) == galactica - 1


@pytest.mark.rules("bsg:R800", "bsg:R433")
@pytest.mark.scenarios("bsg:AS-79")
def test_the_fourth_token_destroys_the_pegasus_and_sends_everyone_aboard_to_sickbay() -> None:
    state = pegasus_at("action")
    me = state["current"]
    tigh, adama = seat_of(state, "saul_tigh"), seat_of(state, "william_adama")
    state["players"][tigh]["location"] = "main_batteries"
    state["players"][adama]["location"] = "command"
    resources = tokens_of("resources")
    for token in resources[:3]:  # three lost-resources tokens already on her
        state["decks"]["pegasus_damage"].remove(token)
        state["pegasus"]["damage"].append(token)
    state["decks"]["pegasus_damage"].remove(resources[3])
    state["decks"]["pegasus_damage"].append(resources[3])  # drawn next, with one location token
    state = act(state, me, "damage_preference", ship="pegasus")
    state = reveal_sabotage(state, choose=sorted(state["decks"]["pegasus_damage"][-2:]).index(resources[3]))
    assert state["pegasus"]["destroyed"] and len(state["pegasus"]["damage"]) == 4
    assert state["players"][tigh]["location"] == "sickbay" and state["players"][adama]["location"] == "command"
    assert state["damage"] == [] and state["phase"] == "turn"
    with pytest.raises(IllegalCommand) as refused:
        act(state, tigh, "damage_preference", ship="pegasus")
    assert refused.value.code == "pegasus_not_in_play"


@pytest.mark.rules("bsg:R800", "bsg:R300", "bsg:R433")
def test_a_damaged_pegasus_location_sends_its_occupants_to_sickbay_until_repaired() -> None:
    state = pegasus_at("action", ["galen_tyrol", "william_adama", "kara_thrace", "gaius_baltar", "saul_tigh"])
    me = state["current"]
    tigh = seat_of(state, "saul_tigh")
    state["players"][tigh]["location"] = "engine_room"
    token = next(t.id for t in CONTENT.board.pegasus_damage if t.location == "engine_room")
    state["decks"]["pegasus_damage"].remove(token)
    state["decks"]["pegasus_damage"].append(token)
    state["decks"]["pegasus_damage"].insert(0, state["decks"]["pegasus_damage"].pop(-2))  # no other location
    state = act(state, me, "damage_preference", ship="pegasus")
    state = reveal_sabotage(state, choose=sorted(state["decks"]["pegasus_damage"][-2:]).index(token))
    assert "engine_room" in damaged_locations(state) and state["players"][tigh]["location"] == "sickbay"
    # repaired like Galactica's (Tyrol's Emergency Repairs): the token goes back into her pile
    state = pegasus_at("action", ["galen_tyrol", "william_adama", "kara_thrace", "gaius_baltar", "saul_tigh"])
    me = state["current"]
    state["decks"]["pegasus_damage"].remove(token)
    state["pegasus"]["damage"].append(token)
    state["players"][me]["location"] = "engine_room"
    with pytest.raises(IllegalCommand) as refused:
        act(state, me, "activate_location")
    assert refused.value.code == "location_damaged"
    state = act(state, me, "use_ability")
    assert state["pegasus"]["damage"] == [] and token in state["decks"]["pegasus_damage"]


@pytest.mark.rules("bsg:R800", "bsg:R610")
def test_main_batteries_fire_at_a_basestar_only() -> None:
    state = pegasus_at("action")
    me = state["current"]
    state["players"][me]["location"] = "main_batteries"
    state = place_only(state, upper_fore={"raider": 2})
    with pytest.raises(IllegalCommand) as refused:
        act(state, me, "activate_location", area="upper_fore", pick="raider")
    assert refused.value.code == "no_basestar_to_attack"
    state = place_only(state, upper_fore={"raider": 2, "basestar": 1})
    assert offered(state) == [{"area": "upper_fore", "pick": "basestar.0"}]
    after, events = act_events(state, me, "activate_location", area="upper_fore", pick="basestar.0")
    rolled = next(e.data for e in events if e.kind == "attack_rolled")
    assert rolled["attacker"] == "pegasus"
    assert (rolled["result"] == "damaged") == (rolled["roll"] >= 3)
    assert bool(after["space"]["upper_fore"]["basestar"][0]["damage"]) == (rolled["roll"] >= 3)


@pytest.mark.rules("bsg:R800", "bsg:R500")
@pytest.mark.parametrize("winning", [True, False])
def test_the_engine_room_check_moves_the_fleet_token(winning: bool) -> None:
    state = pegasus_at("action")
    me = state["current"]
    state["players"][me]["location"] = "engine_room"
    jump, fuel = state["jump"], state["resources"]["fuel"]
    state = finish_check(act(state, me, "activate_location"), winning)
    assert state["jump"] == jump + (1 if winning else 0)
    assert state["resources"]["fuel"] == fuel - (0 if winning else 1)


@pytest.mark.rules("bsg:R800", "bsg:R221")
def test_pegasus_cic_looks_at_the_top_crisis_and_may_bury_it() -> None:
    state = pegasus_at("action")
    me = state["current"]
    state["players"][me]["location"] = "pegasus_cic"
    top = state["decks"]["crisis"][-1]
    state = act(state, me, "activate_location")
    assert state["prompt"]["kind"] == "arrange" and state["prompt"]["cards"] == [top]
    state = act(state, me, "arrange_cards", order=[])
    assert state["decks"]["crisis"][0] == top and state["step"] == "crisis"


@pytest.mark.rules("bsg:R800", "bsg:R450", "bsg:R452")
def test_the_airlock_executes_a_character_in_the_brig_on_a_pass() -> None:
    state = pegasus_at("action")
    me = state["current"]
    state["players"][me]["location"] = "airlock"
    with pytest.raises(IllegalCommand) as refused:
        act(state, me, "activate_location", target=1)
    assert refused.value.code == "nobody_in_the_brig"
    tigh = seat_of(state, "saul_tigh")
    state["players"][tigh]["location"] = "brig"
    set_loyalty(state, tigh, "not_a_cylon")
    assert offered(state) == [{"target": tigh}]
    morale = state["resources"]["morale"]
    failed = finish_check(act(state, me, "activate_location", target=tigh), False)
    assert failed["players"][tigh]["location"] == "brig" and failed["resources"]["morale"] == morale - 1
    passed = finish_check(act(state, me, "activate_location", target=tigh), True)
    assert pending_prompt(passed) == "choose_new_character" and passed["gone"] == ["saul_tigh"]
    assert passed["resources"]["morale"] == morale - 1  # R452 A


@pytest.mark.rules("bsg:R140")
def test_a_pegasus_table_adds_her_crisis_super_crisis_destination_and_quorum_cards() -> None:
    state = start_game(5, BASE_5, options=PEGASUS)
    sets = ("base", "pegasus")
    d = state["decks"]
    president = state["players"][state["president"]]["quorum"]
    assert sorted(d["crisis"]) == sorted(CONTENT.crisis_deck(sets))
    assert sorted(d["super_crisis"]) == sorted(CONTENT.super_crisis_deck(sets))
    assert sorted(d["destination"]) == sorted(CONTENT.destination_deck(sets))
    assert sorted(d["quorum"] + president) == sorted(CONTENT.quorum_deck(sets))
    pegasus = ("pegasus",)
    assert (len(CONTENT.crisis_deck(pegasus)), len(CONTENT.super_crisis_deck(pegasus)),
            len(CONTENT.destination_deck(pegasus)), len(CONTENT.quorum_deck(pegasus))) == (20, 2, 6, 5)


@pytest.mark.rules("bsg:R450", "bsg:R420")
def test_sentence_of_death_executes_a_character_in_the_brig() -> None:
    state = pegasus_at("action")
    president = state["president"]
    state["current"] = president
    tigh = seat_of(state, "saul_tigh")
    set_loyalty(state, tigh, "not_a_cylon")
    state["players"][president]["quorum"].append("sentence_of_death")
    assert not [c for c in RULES.legal_commands(state, president)
                if c.kind == "play_quorum" and c.args["card"] == "sentence_of_death"]  # nobody in the Brig
    state["players"][tigh]["location"] = "brig"
    plays = [c.args for c in RULES.legal_commands(state, president)
             if c.kind == "play_quorum" and c.args["card"] == "sentence_of_death"]
    assert plays == [{"card": "sentence_of_death", "target": tigh}]
    state = act(state, president, "play_quorum", card="sentence_of_death", target=tigh)
    assert pending_prompt(state) == "choose_new_character" and state["gone"] == ["saul_tigh"]
    assert "sentence_of_death" in state["decks"]["quorum_discard"]


@pytest.mark.rules("bsg:R452", "bsg:R802", "bsg:R160")
def test_an_executed_human_never_takes_a_cylon_leader_as_his_new_character() -> None:
    """R452 D: the new character is a human character ("qualsiasi nuovo personaggio" of the characters a human
    player may play); a Cylon Leader is a revealed Cylon from the start (R802) and never a replacement."""
    state = pegasus_at("action")
    me = state["current"]
    state["players"][me]["location"] = "airlock"
    tigh = seat_of(state, "saul_tigh")
    state["players"][tigh]["location"] = "brig"
    set_loyalty(state, tigh, "not_a_cylon")
    passed = finish_check(act(state, me, "activate_location", target=tigh), True)
    assert pending_prompt(passed) == "choose_new_character"
    offered_ = {c.args["character"] for c in RULES.legal_commands(passed, tigh)}
    leaders = {c.id for c in CONTENT.characters.values() if c.type == "cylon_leader"}
    assert leaders and not offered_ & leaders and "helena_cain" in offered_
    with pytest.raises(IllegalCommand) as refused:
        act(passed, tigh, "choose_new_character", character="leoben_conoy")
    assert refused.value.code == "character_not_available"
