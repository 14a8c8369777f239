"""Executions (bsg:R450-R456, R808; RULINGS G46-G51), reached through the Pegasus crisis "Summary Justice"
(the Admiral names a character, who is executed): a human's procedure (AS-68), the once-per-game ability
(AS-70), the replacements of R456 (AS-71), the Cylon branch, and the humans' loss when no character is left
(AS-73)."""

from __future__ import annotations

import pytest

from games.bsg.engine import characters, executions
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, card_id
from games.engine.core import IllegalCommand, Rng
from games.engine.core.context import Ctx
from tests.bsg.engine.helpers import BASE_5, State, act, skill_card, start_game, to_step
from tests.bsg.engine.test_loyalty import seat_of, set_loyalty


def at_crisis(characters_: list[str] | None = None) -> State:
    """The first player (Roslin with BASE_5) at his Crisis step, "Summary Justice" on top of the deck."""
    state = to_step(start_game(5, characters_ or BASE_5), "crisis")
    state["decks"]["crisis"].append("summary_justice")
    return state


def execute(state: State, target: int) -> State:
    """The crisis drawn, the Admiral picks the execution and names ``target``."""
    state = act(state, state["current"], "draw_crisis")
    admiral = state["admiral"]
    state = act(state, admiral, "choose_option", option=0)
    assert state["prompt"]["kind"] == "choose_target" and state["prompt"]["seat"] == admiral
    return act(state, admiral, "choose_target", target=target)


def pending_prompt(state: State) -> str:
    return RULES.pending(state)[0].prompt


@pytest.mark.rules("bsg:R450", "bsg:R451", "bsg:R452", "bsg:R454", "bsg:R808")
@pytest.mark.scenarios("bsg:AS-68")
def test_an_active_human_executed_discards_shows_loyalty_and_chooses_a_new_character() -> None:
    state = at_crisis()
    me = state["current"]
    assert state["players"][me]["character"] == "laura_roslin" and state["president"] == me
    shown = set_loyalty(state, me, "not_a_cylon")
    state["players"][me]["hand"] = [skill_card(state, "politics"), skill_card(state, "leadership")]
    hand = list(state["players"][me]["hand"])
    quorum = list(state["players"][me]["quorum"])
    morale = state["resources"]["morale"]
    box_humans = sum(1 for c in state["decks"]["loyalty_box"] if card_id(c) == "not_a_cylon")
    state = execute(state, me)
    p = state["players"][me]
    # R450: every Skill card discarded; R451/R452 C: the loyalty cards shown and discarded; A: -1 morale
    assert p["hand"] == [] and all(c in state["decks"]["skill_discard"][CONTENT.skill_cards[card_id(c)].skill]
                                   for c in hand)
    assert p["loyalty"] == [] and state["decks"]["loyalty_discard"] == shown
    assert state["resources"]["morale"] == morale - 1
    # B, D: the sheet leaves the game; the player chooses any character not in play
    assert pending_prompt(state) == "choose_new_character" and p["location"] is None
    offered = {c.args["character"] for c in RULES.legal_commands(state, me)}
    assert offered == {c.id for c in CONTENT.characters_in()} - set(BASE_5)
    with pytest.raises(IllegalCommand) as refused:
        act(state, me, "choose_new_character", character="laura_roslin")
    assert refused.value.code == "character_not_available"
    state = act(state, me, "choose_new_character", character="galen_tyrol")
    p = state["players"][me]
    assert p["character"] == "galen_tyrol" and p["location"] == "hangar_deck"
    # E: a Not-a-Cylon card from the box into the Loyalty deck, and 1 card drawn
    assert len(p["loyalty"]) == 1
    assert sum(1 for c in state["decks"]["loyalty_box"] if card_id(c) == "not_a_cylon") == box_humans - 1
    # R454: the title by succession (Baltar), the Quorum hand with it; the turn is over, no Cylon activation
    baltar = seat_of(state, "gaius_baltar")
    assert state["president"] == baltar and state["players"][baltar]["quorum"] == quorum
    assert state["current"] == (me + 1) % 5 and state["step"] == "receive"
    assert "laura_roslin" in state["gone"]


@pytest.mark.rules("bsg:R454")
@pytest.mark.parametrize("used", [False, True])
@pytest.mark.scenarios("bsg:AS-70")
def test_a_once_per_game_ability_already_used_stays_used(used: bool) -> None:
    state = at_crisis()
    me = state["current"]
    if used:
        state["once_used"].append(me)
    state = execute(state, me)
    state = act(state, me, "choose_new_character", character="tom_zarek")
    assert state["players"][me]["character"] == "tom_zarek"
    assert bool(characters.options(state, me)) is not used


@pytest.mark.rules("bsg:R452", "bsg:R454")
def test_another_players_execution_does_not_end_the_turn() -> None:
    state = at_crisis()
    me = state["current"]
    tigh = seat_of(state, "saul_tigh")
    set_loyalty(state, tigh, "not_a_cylon")
    state = execute(state, tigh)
    assert pending_prompt(state) == "choose_new_character"
    assert RULES.pending(state)[0].seats == frozenset({tigh})
    state = act(state, tigh, "choose_new_character", character="sharon_valerii")
    assert state["players"][tigh]["location"] == "armory"  # before the Sleeper Agent phase: her start
    assert state["current"] == me and state["step"] == "activation"


@pytest.mark.rules("bsg:R456")
@pytest.mark.parametrize("reserves", [0, 3])
@pytest.mark.scenarios("bsg:AS-71")
def test_apollo_replacement_launches_or_waits_on_the_hangar_deck(reserves: int) -> None:  # AS-71
    state = at_crisis(["laura_roslin", "william_adama", "kara_thrace", "gaius_baltar", "saul_tigh"])
    tigh = seat_of(state, "saul_tigh")
    set_loyalty(state, tigh, "not_a_cylon")
    state["reserves"]["viper"] = reserves
    state = execute(state, tigh)
    options = [c.args for c in RULES.legal_commands(state, tigh) if c.args["character"] == "lee_adama"]
    if reserves:
        assert options == [{"character": "lee_adama", "area": a} for a in CONTENT.board.launch_areas()]
        area = options[0]["area"]
        state = act(state, tigh, "choose_new_character", character="lee_adama", area=area)
        assert state["players"][tigh]["viper"] == area and state["reserves"]["viper"] == reserves - 1
    else:
        assert options == [{"character": "lee_adama"}]
        state = act(state, tigh, "choose_new_character", character="lee_adama")
        assert state["players"][tigh]["location"] == "hangar_deck" and state["players"][tigh]["viper"] is None


@pytest.mark.rules("bsg:R456", "bsg:R126")
def test_boomer_after_the_sleeper_phase_starts_in_the_brig_with_one_more_loyalty_card() -> None:
    state = at_crisis()
    state["sleeper_done"] = True
    tigh = seat_of(state, "saul_tigh")
    set_loyalty(state, tigh, "not_a_cylon")
    state["decks"]["loyalty_box"] += state["decks"]["loyalty"]
    state["decks"]["loyalty"] = []  # as the deck arithmetic leaves it after the Sleeper Agent phase
    state = execute(state, tigh)
    state = act(state, tigh, "choose_new_character", character="sharon_valerii")
    p = state["players"][tigh]
    assert p["location"] == "brig" and len(p["loyalty"]) == 2


@pytest.mark.rules("bsg:R456")
@pytest.mark.parametrize("sleeper_done", [False, True])
def test_baltar_before_the_sleeper_phase_draws_one_more_loyalty_card(sleeper_done: bool) -> None:
    state = at_crisis(["laura_roslin", "william_adama", "kara_thrace", "sharon_valerii", "saul_tigh"])
    state["sleeper_done"] = sleeper_done
    tigh = seat_of(state, "saul_tigh")
    set_loyalty(state, tigh, "not_a_cylon")
    state = execute(state, tigh)
    state = act(state, tigh, "choose_new_character", character="gaius_baltar")
    assert len(state["players"][tigh]["loyalty"]) == (1 if sleeper_done else 2)


@pytest.mark.rules("bsg:R456")
def test_helo_replacing_the_active_player_is_stranded_through_his_next_turn() -> None:
    state = at_crisis(["laura_roslin", "william_adama", "kara_thrace", "gaius_baltar", "saul_tigh"])
    me = state["current"]
    set_loyalty(state, me, "not_a_cylon")
    state = execute(state, me)
    state = act(state, me, "choose_new_character", character="karl_agathon")
    assert state["current"] == (me + 1) % 5 and state["players"][me]["stranded"]
    assert "stranded_later" not in state and state["prompt"] is None  # not placed at this turn's end
    state["current"], state["turn_no"] = me, state["turn_no"] + 4  # his next turn (the others skipped)
    picks = RULES.legal_commands(state, me)[0].args["picks"]
    state = act(state, me, "receive_skills", picks=picks)
    assert state["step"] == "crisis"  # stranded: no Movement, no Action (RULINGS C4)
    state = act(state, me, "draw_crisis")
    while state["prompt"] is not None and state["prompt"]["kind"] == "crisis_choice":
        state = act(state, state["prompt"]["seat"], "choose_option", option=1)
    while state["phase"] == "turn" and state["current"] == me and pending_prompt(state) != "place_stranded":
        command = RULES.auto_command(state) or RULES.legal_commands(state, min(RULES.pending(state)[0].seats))[0]
        state = RULES.apply(state, command, Rng.from_seed(3)).state
    assert pending_prompt(state) == "place_stranded" and RULES.pending(state)[0].seats == frozenset({me})


@pytest.mark.rules("bsg:R451", "bsg:R453", "bsg:R402")
def test_an_executed_cylon_reveals_one_card_and_gives_the_others_away_at_any_distance() -> None:
    state = to_step(start_game(5, BASE_5, options={"pegasus": True}), "crisis")  # given with Pegasus (G191)
    state["decks"]["crisis"].append("summary_justice")
    me = state["current"]
    set_loyalty(state, me, "cylon_reduce_morale", "cylon_send_to_brig", "not_a_cylon")
    state["distance"] = 7  # beyond 6: a reveal would keep them (R402f); an execution gives them (G47)
    morale = state["resources"]["morale"]
    super_crises = len(state["decks"]["super_crisis"])
    state = execute(state, me)
    p = state["players"][me]
    assert p["cylon"] and p["character"] == "laura_roslin" and p["location"] == "resurrection_ship"
    assert [card_id(c) for c in p["revealed"]] == ["cylon_reduce_morale"]
    assert p["super_crisis"] == [] and len(state["decks"]["super_crisis"]) == super_crises  # R453 B
    assert state["resources"]["morale"] == morale  # no morale loss: not the human branch
    assert state["give_away"] == [me] and pending_prompt(state) == "give_loyalty_cards"
    to = seat_of(state, "saul_tigh")
    state = act(state, me, "give_loyalty", to=to)
    assert sorted(card_id(c) for c in state["players"][to]["loyalty"])[:2] == ["cylon_send_to_brig",
                                                                               "not_a_cylon"]
    assert state["current"] == (me + 1) % 5  # R454: his turn ended


@pytest.mark.rules("bsg:R452", "bsg:R710")
@pytest.mark.scenarios("bsg:AS-73")
def test_the_humans_lose_when_no_character_is_left() -> None:  # AS-73
    state = at_crisis()
    me = state["current"]
    set_loyalty(state, me, "not_a_cylon")
    state["gone"] = [c.id for c in CONTENT.characters_in() if c.id not in BASE_5]
    state = execute(state, me)
    assert state["phase"] == "over" and state["result"]["winner"] == "cylons"
    assert state["result"]["reason"] == "no_character_left"


@pytest.mark.rules("bsg:R430")
def test_a_revealed_cylon_cannot_be_named_for_an_execution() -> None:
    state = at_crisis()
    tigh = seat_of(state, "saul_tigh")
    state["players"][tigh]["cylon"] = True
    state = act(state, state["current"], "draw_crisis")
    state = act(state, state["admiral"], "choose_option", option=0)
    assert tigh not in {c.args["target"] for c in RULES.legal_commands(state, state["admiral"])}
    with pytest.raises(IllegalCommand):
        act(state, state["admiral"], "choose_target", target=tigh)


@pytest.mark.rules("bsg:R434", "bsg:R452")
def test_a_new_character_whose_start_location_is_damaged_starts_in_sickbay() -> None:
    state = at_crisis()
    tigh = seat_of(state, "saul_tigh")
    set_loyalty(state, tigh, "not_a_cylon")
    state["damage"].append("hangar_deck")
    state = execute(state, tigh)
    state = act(state, tigh, "choose_new_character", character="galen_tyrol")
    assert state["players"][tigh]["location"] == "sickbay"
    state["damage"].remove("hangar_deck")
    assert CONTENT.characters["galen_tyrol"].start == "hangar_deck"


@pytest.mark.rules("bsg:R451", "bsg:R453")
@pytest.mark.parametrize(("options", "given"), [({"exodus": True}, False), ({"pegasus": True}, True)])
def test_an_executed_cylons_other_cylon_cards_are_given_only_with_pegasus(options: dict[str, bool],
                                                                         given: bool) -> None:
    """R451 (L293): he reveals one "You Are a Cylon" card and keeps the others face down; only with Pegasus (or
    Daybreak with Exodus) are they given to a human of his choice (RULINGS G191)."""
    state = to_step(start_game(5, BASE_5, options=options), "crisis")
    me = state["current"]
    set_loyalty(state, me, "cylon_reduce_morale", "cylon_send_to_brig")
    state["distance"] = 2
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    executions.execute(ctx, me)
    p = state["players"][me]
    assert p["cylon"] and [card_id(c) for c in p["revealed"]] == ["cylon_reduce_morale"]
    assert (state["give_away"] == [me]) is given
    if not given:
        assert [card_id(c) for c in p["loyalty"]] == ["cylon_send_to_brig"]  # kept face down
