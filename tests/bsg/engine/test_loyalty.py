"""Loyalty cards and the reveal (bsg:R220 G, R400-R407, R422, R423): a "You Are a Cylon" card revealed as the
Action with its own action, the revealed-Cylon procedure in its order (AS-26), titles by succession (AS-77),
the give-away of face-down cards within distance 6, the Sleeper Agent phase's give-away by a revealed Cylon
and the Sympathizer (AS-64, RULINGS C13)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, card_id
from games.engine.core import Event, IllegalCommand
from tests.bsg.engine.helpers import BASE_5, State, act, act_events, skill_card, start_game, to_step
from tests.support.engine import strings


def seen(event: Event, seat: int | None) -> Mapping[str, Any]:
    """What ``seat`` sees of an event (it must see it)."""
    data = event.for_seat(seat)
    assert data is not None
    return data


def set_loyalty(state: State, seat: int, *kinds: str) -> list[str]:
    """The seat's face-down loyalty cards become one card of each kind (taken from wherever they are); his
    old ones go back to the box."""
    d = state["decks"]
    p = state["players"][seat]
    d["loyalty_box"] += p["loyalty"]
    p["loyalty"] = []
    for kind in kinds:
        piles = [d["loyalty"], d["loyalty_box"]] + [q["loyalty"] for q in state["players"]]
        pile = next(pile for pile in piles if any(card_id(c) == kind for c in pile))
        card = next(c for c in pile if card_id(c) == kind)
        pile.remove(card)
        p["loyalty"].append(card)
    return list(p["loyalty"])


def at_action(players: int = 5, characters: list[str] | None = None) -> State:
    return to_step(start_game(players, characters or BASE_5), "action")


def trim_hand(state: State, seat: int, keep: int = 3) -> None:
    """The seat keeps ``keep`` Skill cards; the rest go to their discard piles."""
    p = state["players"][seat]
    for card in p["hand"][keep:]:
        state["decks"]["skill_discard"][CONTENT.skill_cards[card_id(card)].skill].append(card)
    p["hand"] = p["hand"][:keep]


def seat_of(state: State, character: str) -> int:
    found: int = next(p["seat"] for p in state["players"] if p["character"] == character)
    return found


@pytest.mark.rules("bsg:R220", "bsg:R402", "bsg:R232", "bsg:R260", "bsg:R404")
def test_a_reveal_follows_the_procedure_in_order() -> None:
    """AS-26 (base): the President holding 7 Skill cards reveals "propaganda" at distance 3: -1 morale, he
    discards down to 3 cards of his choice, the title passes, he stands on the Resurrection Ship with one
    Super Crisis card, gives his other face-down card to a human of his choice, and his turn ends with no
    Crisis card drawn."""
    state = at_action()
    seat = state["current"]
    assert state["players"][seat]["character"] == "laura_roslin" and state["president"] == seat
    cylon, other = set_loyalty(state, seat, "cylon_reduce_morale", "not_a_cylon")
    trim_hand(state, seat, 0)
    p = state["players"][seat]
    p["hand"] += [skill_card(state, "politics") for _ in range(7)]
    quorum = list(p["quorum"])
    state["distance"] = 3
    morale, crises = state["resources"]["morale"], len(state["decks"]["crisis"])
    assert {"card": cylon} in [
        c.args for c in RULES.legal_commands(state, seat) if c.kind == "reveal_loyalty"
    ]
    state, events = act_events(state, seat, "reveal_loyalty", card=cylon)
    p = state["players"][seat]
    assert p["cylon"] and p["revealed"] == [cylon] and p["loyalty"] == [other]
    assert state["resources"]["morale"] == morale - 1
    baltar = seat_of(state, "gaius_baltar")
    assert state["president"] == baltar and state["players"][baltar]["quorum"] == quorum and p["quorum"] == []
    assert p["location"] == "resurrection_ship" and len(p["super_crisis"]) == 1
    assert state["step"] == "end" and len(state["decks"]["crisis"]) == crises
    decision = RULES.pending(state)[0]
    assert decision.prompt == "discard_skill_cards" and state["forced"] == {str(seat): 4}
    kinds = [e.kind for e in events]
    assert kinds.index("cylon_revealed") < kinds.index("resources_changed") < kinds.index("title_passed")
    for card in list(p["hand"])[:4]:
        state = act(state, seat, "discard_forced", card=card)
    assert len(state["players"][seat]["hand"]) == 3
    assert RULES.pending(state)[0].prompt == "give_loyalty_cards"
    targets = {c.args["to"] for c in RULES.legal_commands(state, seat)}
    assert targets == set(range(5)) - {seat}
    state, events = act_events(state, seat, "give_loyalty", to=baltar)
    assert state["players"][seat]["loyalty"] == [] and other in state["players"][baltar]["loyalty"]
    given = next(e for e in events if e.kind == "loyalty_received")
    assert seen(given, baltar)["cards"] == [other] and "cards" not in seen(given, seat)
    assert state["current"] == (seat + 1) % 5 and state["step"] == "receive"


@pytest.mark.rules("bsg:R401", "bsg:R402")
def test_the_reveal_shows_the_card_and_keeps_the_super_crisis_secret() -> None:
    state = at_action()
    seat = state["current"]
    (cylon,) = set_loyalty(state, seat, "cylon_jump_sabotage")
    other = (seat + 1) % 5
    assert cylon not in strings(RULES.view(state, other))
    state = act(state, seat, "reveal_loyalty", card=cylon)
    (super_crisis,) = state["players"][seat]["super_crisis"]
    for s in range(5):
        view = RULES.view(state, s)
        assert view["players"][seat]["revealed"] == [cylon] and view["players"][seat]["cylon"]
        assert (super_crisis in strings(view)) == (s == seat)
        assert view["players"][seat]["super_crisis_count"] == 1


@pytest.mark.rules("bsg:R402", "bsg:R702")
def test_ftl_sabotage_moves_the_fleet_token_back_never_behind_start() -> None:
    state = at_action()
    seat = state["current"]
    (cylon,) = set_loyalty(state, seat, "cylon_jump_sabotage")
    state["jump"] = 3
    after = act(state, seat, "reveal_loyalty", card=cylon)
    assert after["jump"] == 1
    state["jump"] = 1
    assert act(state, seat, "reveal_loyalty", card=cylon)["jump"] == 0


@pytest.mark.rules("bsg:R220", "bsg:R400")
def test_only_a_face_down_cylon_card_can_be_revealed() -> None:
    state = at_action()
    seat = state["current"]
    (human,) = set_loyalty(state, seat, "not_a_cylon")
    assert not [c for c in RULES.legal_commands(state, seat) if c.kind == "reveal_loyalty"]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "reveal_loyalty", card=human)
    assert info.value.code == "cannot_reveal" and info.value.rule == "bsg:R220"
    (cylon,) = set_loyalty(state, seat, "cylon_reduce_morale")
    state["players"][seat]["cylon"] = True  # already revealed: a revealed Cylon reveals no more
    with pytest.raises(IllegalCommand):
        act(state, seat, "reveal_loyalty", card=cylon)


@pytest.mark.rules("bsg:R402", "bsg:R423", "bsg:R430", "bsg:R422")
def test_frame_up_puts_a_chosen_human_in_the_brig_and_the_admiral_loses_his_title() -> None:
    state = at_action()
    seat = state["current"]
    (cylon,) = set_loyalty(state, seat, "cylon_send_to_brig")
    offered = {c.args.get("target") for c in RULES.legal_commands(state, seat) if c.kind == "reveal_loyalty"}
    assert offered == set(range(5)) - {seat}
    admiral = state["admiral"]
    state = act(state, seat, "reveal_loyalty", card=cylon, target=admiral)
    assert state["players"][admiral]["location"] == "brig"
    assert state["admiral"] == seat_of(state, "saul_tigh")
    with pytest.raises(IllegalCommand):
        act(at_action(), seat, "reveal_loyalty", card=cylon)  # the target is needed


@pytest.mark.rules("bsg:R402", "bsg:R260")
def test_ambush_sends_a_human_to_sickbay_and_he_discards_five_of_his_choice() -> None:
    state = at_action()
    seat = state["current"]
    (cylon,) = set_loyalty(state, seat, "cylon_send_to_sickbay")
    target = (seat + 2) % 5
    state["players"][target]["hand"] += [skill_card(state, "tactics") for _ in range(4)]
    state = act(state, seat, "reveal_loyalty", card=cylon, target=target)
    assert state["players"][target]["location"] == "sickbay"
    assert state["forced"] == {str(target): 5, str(seat): len(state["players"][seat]["hand"]) - 3}


@pytest.mark.rules("bsg:R402", "bsg:R614", "bsg:R162")
def test_sabotage_shows_two_damage_tokens_to_the_revealer_who_applies_one() -> None:
    state = at_action()
    seat = state["current"]
    (cylon,) = set_loyalty(state, seat, "cylon_damage_galactica")
    state["decks"]["galactica_damage"] += ["dmg_lost_food", "dmg_command"]
    pile = len(state["decks"]["galactica_damage"])
    state = act(state, seat, "reveal_loyalty", card=cylon)
    decision = RULES.pending(state)[0]
    assert decision.prompt == "choose_damage_token" and decision.seats == {seat}
    assert {c.args["card"] for c in RULES.legal_commands(state, seat)} == {"dmg_lost_food", "dmg_command"}
    assert "cards" not in RULES.view(state, (seat + 1) % 5)["prompt"]
    assert not state["players"][seat]["cylon"]  # the procedure waits for the choice
    state = act(state, seat, "choose_damage", card="dmg_command")
    assert state["damage"] == ["command"] and "dmg_lost_food" in state["decks"]["galactica_damage"]
    assert len(state["decks"]["galactica_damage"]) == pile - 1
    assert state["players"][seat]["cylon"] and state["step"] == "end"


@pytest.mark.rules("bsg:R220", "bsg:R435")
def test_from_the_brig_the_card_is_revealed_without_its_action() -> None:
    state = at_action()
    seat = state["current"]
    (cylon,) = set_loyalty(state, seat, "cylon_reduce_morale")
    state["players"][seat]["location"] = "brig"
    morale = state["resources"]["morale"]
    state = act(state, seat, "reveal_loyalty", card=cylon)
    assert state["resources"]["morale"] == morale
    assert state["players"][seat]["cylon"] and state["players"][seat]["location"] == "resurrection_ship"


@pytest.mark.rules("bsg:R402", "bsg:R213")
def test_a_pilot_who_reveals_leaves_his_viper_in_the_reserves() -> None:
    state = at_action(5, ["lee_adama", "laura_roslin", "william_adama", "kara_thrace", "gaius_baltar"])
    seat = state["current"]
    assert state["players"][seat]["viper"] is not None
    reserves = state["reserves"]["viper"]
    (cylon,) = set_loyalty(state, seat, "cylon_reduce_morale")
    state = act(state, seat, "reveal_loyalty", card=cylon)
    assert state["players"][seat]["viper"] is None and state["reserves"]["viper"] == reserves + 1


@pytest.mark.rules("bsg:R402", "bsg:R401")
def test_past_distance_six_the_other_loyalty_cards_stay_with_the_revealer() -> None:
    """RULINGS A10: the give-away happens only while the distance is 6 or less."""
    state = at_action()
    seat = state["current"]
    cylon, other = set_loyalty(state, seat, "cylon_reduce_morale", "cylon_jump_sabotage")
    trim_hand(state, seat)
    state["distance"] = 7
    far = act(state, seat, "reveal_loyalty", card=cylon)
    assert far["give_away"] == [] and far["players"][seat]["loyalty"] == [other]
    state["distance"] = 6
    fresh = act(state, seat, "reveal_loyalty", card=cylon)
    assert fresh["give_away"] == [seat]
    # a second Cylon card given away makes its receiver a Cylon, unrevealed
    receiver = (seat + 3) % 5
    fresh = act(fresh, seat, "give_loyalty", to=receiver)
    assert other in fresh["players"][receiver]["loyalty"] and not fresh["players"][receiver]["cylon"]
    with pytest.raises(IllegalCommand) as info:
        act(fresh, seat, "give_loyalty", to=receiver)
    assert info.value.code in ("not_now", "no_give_away_due", "not_your_turn")


@pytest.mark.rules("bsg:R422", "bsg:R160")
@pytest.mark.scenarios("bsg:AS-77")
def test_a_revealed_roslin_passes_the_presidency_to_baltar() -> None:
    """AS-77: Roslin, President, revealed; Baltar (rank 2), Apollo and Tigh in play: Baltar is President."""
    state = at_action(4, ["laura_roslin", "saul_tigh", "lee_adama", "gaius_baltar"])
    seat = state["current"]
    (cylon,) = set_loyalty(state, seat, "cylon_reduce_morale")
    state = act(state, seat, "reveal_loyalty", card=cylon)
    assert state["president"] == seat_of(state, "gaius_baltar") and state["admiral"] == seat_of(
        state, "saul_tigh"
    )


# --- R403, R405, R407: the Sleeper Agent phase and the Sympathizer -------------------------------------------


def sleeper_turn(players: int, characters: list[str]) -> State:
    """A game whose next destination choice reaches distance 4 (R405): the Admiral holds the prompt."""
    state = to_step(start_game(players, characters), "crisis")
    state["decks"]["crisis"].append("water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state["distance"] = 3
    state["decks"]["destination"] += ["tylium_planet", "icy_moon"]
    state = act(state, state["current"], "draw_crisis")
    state = act(state, state["current"], "activate_cylons")
    while state["activation"] is not None:
        area = RULES.legal_commands(state, state["current"])[0].args["area"]
        state = act(state, state["current"], "activate_area", area=area)
    return act(state, state["current"], "prepare_jump")


@pytest.mark.rules("bsg:R405", "bsg:R403", "bsg:R407")
@pytest.mark.scenarios("bsg:AS-64")
def test_a_revealed_cylon_who_draws_the_sympathizer_gives_it_to_a_human_who_resolves_it() -> None:
    """AS-64 with a healthy fleet: the revealed Cylon does not reveal the Sympathizer; the human he gives
    his cards to reveals it at once and, no resource being at half or lower, goes to the Brig (C13)."""
    state = sleeper_turn(4, ["william_adama", "laura_roslin", "kara_thrace", "gaius_baltar"])
    admiral = state["admiral"]
    cylon = (admiral + 1) % 4
    state["players"][cylon]["cylon"] = True
    state["players"][cylon]["location"] = "resurrection_ship"
    deck = state["decks"]["loyalty"]
    symp = next(c for c in deck if card_id(c) == "sympathizer")
    deck.remove(symp)
    # one card each, dealt from the active player round (RULINGS G9): the Cylon's is this far from the top
    position = (cylon - state["current"]) % 4
    deck.insert(len(deck) - position, symp)
    state = act(state, admiral, "choose_destination", card="icy_moon")
    assert symp in state["players"][cylon]["loyalty"] and symp not in state["players"][cylon]["revealed"]
    assert RULES.pending(state)[0].prompt == "give_loyalty_cards" and state["give_away"] == [cylon]
    human = (cylon + 1) % 4
    state = act(state, cylon, "give_loyalty", to=human)
    p = state["players"][human]
    assert symp in p["revealed"] and not p["cylon"] and p["location"] == "brig"
    assert state["players"][cylon]["loyalty"] == []


@pytest.mark.rules("bsg:R407", "bsg:R405", "bsg:R422")
def test_the_sympathizer_with_a_resource_at_half_joins_the_cylons_without_a_super_crisis() -> None:
    state = sleeper_turn(4, ["william_adama", "laura_roslin", "kara_thrace", "gaius_baltar"])
    admiral = state["admiral"]
    state["resources"]["food"] = CONTENT.board.resource_half["food"]
    symp = next(c for c in state["decks"]["loyalty"] if card_id(c) == "sympathizer")
    state["decks"]["loyalty"].remove(symp)
    state["decks"]["loyalty"].append(symp)  # the first card drawn: the active player's
    drawer = state["current"]
    state = act(state, admiral, "choose_destination", card="icy_moon")
    p = state["players"][drawer]
    assert symp in p["revealed"] and p["cylon"] and p["location"] == "resurrection_ship"
    assert p["super_crisis"] == []
    assert state["president"] != drawer and state["admiral"] != drawer


@pytest.mark.rules("bsg:R422", "bsg:R420")
def test_a_revealed_admiral_hands_his_nukes_on_with_the_title() -> None:
    state = at_action(5, ["william_adama", "laura_roslin", "kara_thrace", "gaius_baltar", "saul_tigh"])
    seat = state["current"]
    assert state["admiral"] == seat and state["players"][seat]["nukes"] == CONTENT.board.admiral_nukes
    (cylon,) = set_loyalty(state, seat, "cylon_reduce_morale")
    state = act(state, seat, "reveal_loyalty", card=cylon)
    tigh = seat_of(state, "saul_tigh")
    assert state["admiral"] == tigh and state["players"][tigh]["nukes"] == CONTENT.board.admiral_nukes
    assert state["players"][seat]["nukes"] == 0


@pytest.mark.rules("bsg:R402")
def test_a_revealed_cylon_leaves_his_quorum_cards_and_readied_die_cards_behind() -> None:
    """RULINGS G42: the Vice President card on the revealer and his readied Strategic Planning are discarded."""
    state = at_action()
    seat = state["current"]
    (cylon,) = set_loyalty(state, seat, "cylon_reduce_morale")
    vice = next(c for c in state["decks"]["quorum"] if c.startswith("assign_vice_president"))
    state["decks"]["quorum"].remove(vice)
    state["attached"].append({"card": vice, "seat": seat})
    planning = skill_card(state, "tactics", 3)
    assert planning.startswith("strategic_planning."), planning
    state["readied"].append({"seat": seat, "card": planning})
    state, events = act_events(state, seat, "reveal_loyalty", card=cylon)
    assert state["attached"] == [] and vice in state["decks"]["quorum_discard"]
    assert state["readied"] == [] and planning in state["decks"]["skill_discard"]["tactics"]
    assert {"quorum_detached", "readied_discarded"} <= {e.kind for e in events}


@pytest.mark.rules("bsg:R402", "bsg:R008")
def test_a_revealer_over_the_hand_limit_keeps_three_cards() -> None:
    """R402a and R008: a player holding 14 Skill cards reveals; his turn ends with him both over the hand limit
    and bound to discard down to 3. Once he has discarded down to 3 he is under the limit: he keeps his 3
    cards and play passes, he is not asked for a hand-limit discard as well."""
    state = at_action()
    seat = state["current"]
    cylon, _ = set_loyalty(state, seat, "cylon_reduce_morale", "not_a_cylon")
    trim_hand(state, seat, 0)
    state["players"][seat]["hand"] += [skill_card(state, "politics") for _ in range(14)]
    state["distance"] = 7  # no give-away to wait for
    state = act(state, seat, "reveal_loyalty", card=cylon)
    assert state["forced"] == {str(seat): 11}
    while state["forced"]:
        state = act(state, seat, "discard_forced", card=state["players"][seat]["hand"][0])
    assert len(state["players"][seat]["hand"]) == 3
    assert state["discards"] == [] and state["current"] == (seat + 1) % 5 and state["step"] == "receive"
