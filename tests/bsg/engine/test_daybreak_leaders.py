"""A Cylon Leader at a Daybreak table (bsg:R802b, R802c, R803h; RULINGS G132): he holds a Miracle token and
may receive one, draws, holds and plays Mutiny cards, and discards them when his infiltration ends. His
Motive cards are test_motives.py's (G134)."""

from __future__ import annotations

import pytest

from games.bsg.engine import daybreak, loyalty, mutiny
from games.bsg.engine.effects import draw_mutiny
from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import available_characters, setup_game
from games.engine.core import IllegalCommand, Rng
from games.engine.core.context import Ctx
from tests.bsg.engine.helpers import LEADER, State, _started, act, choose_all

FIVE = ["laura_roslin", "william_adama", "kara_thrace", "galen_tyrol", "leoben_conoy"]


def leader_game(seed: int = 1) -> tuple[State, int]:
    opts = {**RULES.validate_options(5, LEADER), "daybreak": True}
    state = _started(choose_all(setup_game(5, opts, Rng.from_seed(seed)).state, FIVE))
    return state, next(p["seat"] for p in state["players"] if p.get("leader"))


def ctx_of(state: State) -> Ctx:
    return Ctx(state=state, rng=Rng.from_seed(7))


@pytest.mark.rules("bsg:R802", "bsg:R1010")
def test_a_cylon_leader_holds_a_miracle_token_and_may_receive_one() -> None:
    state, leader = leader_game()
    p = state["players"][leader]
    assert p["cylon"] and p["miracles"] == 1 and daybreak.once_available(state, leader)
    assert leader not in daybreak.miracle_recipients(state)
    p["miracles"] = 0
    assert leader in daybreak.miracle_recipients(state)
    assert daybreak.give_miracle(ctx_of(state), leader) and p["miracles"] == 1


@pytest.mark.rules("bsg:R802", "bsg:R1023", "bsg:R1020")
def test_a_cylon_leader_draws_and_plays_mutiny_cards_and_stays_among_the_cylons_over_his_limit() -> None:
    state, leader = leader_game()
    p = state["players"][leader]
    location = p["location"]
    ctx = ctx_of(state)
    first = draw_mutiny(ctx, leader)
    assert first is not None and p["mutiny"] == [first]
    second = draw_mutiny(ctx, leader)
    assert second is not None and len(p["mutiny"]) == 2
    assert p["location"] == location != "brig"  # RULINGS G132: no Brig for a Leader among the Cylons
    assert state["daybreak"]["mutiny_keep"] == [leader]
    mutiny.discard(ctx, leader, first)
    assert p["mutiny"] == [second] and state["daybreak"]["mutiny_keep"] == []
    assert mutiny.play_options(state, leader) == [{"card": second}]


@pytest.mark.rules("bsg:R402", "bsg:R1023")
def test_another_revealed_cylon_still_draws_no_mutiny_card() -> None:
    state, leader = leader_game()
    other = next(p for p in state["players"] if p["seat"] != leader)
    other["cylon"] = True
    assert draw_mutiny(ctx_of(state), other["seat"]) is None and other["mutiny"] == []
    assert mutiny.play_options(state, other["seat"]) == []
    assert other["seat"] not in daybreak.miracle_recipients(state)


@pytest.mark.rules("bsg:R803")
def test_a_leader_whose_infiltration_ends_discards_his_mutiny_cards_and_keeps_his_miracle_token() -> None:
    state, leader = leader_game()
    p = state["players"][leader]
    p["cylon"], p["location"] = False, "command"  # infiltrated (R803)
    ctx = ctx_of(state)
    card = state["decks"]["mutiny"][-1]
    draw_mutiny(ctx, leader)
    assert p["mutiny"] == [card]
    loyalty.leave_infiltration(ctx, leader)
    assert p["cylon"] and p["mutiny"] == [] and card in state["decks"]["mutiny_discard"]
    assert p["miracles"] == 1


@pytest.mark.rules("bsg:R1001", "bsg:R104", "bsg:R141")
def test_a_daybreak_table_with_pegasus_and_exodus_offers_every_sets_characters_one_version_each() -> None:
    opts = {**RULES.validate_options(5, {**LEADER, "exodus": True}), "daybreak": True}
    state = setup_game(5, opts, Rng.from_seed(3)).state
    offered = set(available_characters(state))
    # R104: characters of every set of the table, support ones, and a Leader while none is taken
    assert {"helena_cain", "felix_gaeta", "louis_hoshi", "louanne_katraine", "samuel_anders",
            "brendan_costanza", "anastasia_dualla", "callandra_tyrol", "sherman_cottle"} <= offered
    assert {"leoben_conoy", "john_cavil", "caprica_six"} <= offered
    state = act(state, state["chooser"], "choose_character", character="karl_agathon")
    assert "karl_agathon_alt" not in available_characters(state)
    state = act(state, state["chooser"], "choose_character", character="john_cavil")
    assert not {"leoben_conoy", "caprica_six"} & set(available_characters(state))  # one Leader (G58)


@pytest.mark.rules("bsg:R124")
def test_a_daybreak_table_with_exodus_deals_from_every_sets_loyalty_cards_with_one_more_not_a_cylon() -> None:
    opts = RULES.validate_options(4, {"daybreak": True, "pegasus": True, "exodus": True})
    state = setup_game(4, opts, Rng.from_seed(2)).state
    every = state["decks"]["loyalty_box"]
    assert {"not_a_cylon_pegasus", "not_a_cylon_exodus", "cylon_fuel_leak", "you_are_a_mutineer"} <= {
        c.split(".")[0] for c in every}
    assert not {"sympathizer", "sympathetic_cylon"} & {c.split(".")[0] for c in every}  # R124 A
    state = choose_all(state, ["laura_roslin", "william_adama", "kara_thrace", "galen_tyrol"])
    cards = list(state["decks"]["loyalty"]) + [c for p in state["players"] for c in p["loyalty"] + p["revealed"]]
    sides = [c.split(".")[0] for c in cards]
    # R124: 4 players, 1 Cylon and 7 Not-a-Cylon cards, +1 for Exodus, and the Mutineer
    assert sum(1 for s in sides if s.startswith("cylon_")) == 1 and sides.count("you_are_a_mutineer") == 1
    assert len(cards) == 1 + 8 + 1


@pytest.mark.rules("bsg:R803", "bsg:R1060", "bsg:R1061", "bsg:R1062", "bsg:R318")
def test_a_leader_infiltrates_only_where_a_human_may_go_the_rebel_basestar_by_its_marker() -> None:
    """R803a: infiltrated, he is a human player: a Rebel Basestar location only once it is in play and human
    side up (R1060-R1062), never a location of a destroyed Colonial One (R318)."""
    opts = {**RULES.validate_options(5, LEADER), "daybreak": True, "objective": "earth"}
    state = _started(choose_all(setup_game(5, opts, Rng.from_seed(1)).state, FIVE))
    leader = next(p["seat"] for p in state["players"] if p.get("leader"))
    state["current"], state["step"] = leader, "action"
    state["players"][leader]["location"] = "human_fleet"

    def offered() -> set[str]:
        return {c.args["location"] for c in RULES.legal_commands(state, leader) if c.kind == "infiltrate"}

    rebel = {"hybrid_tank", "datastream", "raider_bay"}
    assert "demetrius_bridge" in offered() and not rebel & offered()  # not in play before "Cylon Civil War"
    state["earth"]["allegiance"] = "cylon"
    assert not rebel & offered()
    with pytest.raises(IllegalCommand) as refused:
        act(state, leader, "infiltrate", location="datastream")
    assert refused.value.code == "cannot_infiltrate"
    state["earth"]["allegiance"] = "human"
    assert rebel <= offered()
    state["daybreak"]["destroyed"].append("colonial_one")
    assert "presidents_office" not in offered() and "command" in offered()


@pytest.mark.rules("bsg:R803", "bsg:R313")
def test_a_leader_leaving_his_infiltration_goes_to_hub_destroyed_once_the_cylon_locations_are_destroyed() -> None:
    """R803h sends him to the Resurrection Ship; with the Cylon locations destroyed "Hub Destroyed replaces the
    Resurrection Ship in every respect" (L434)."""
    state, seat = leader_game()
    state["daybreak"]["destroyed"].append("cylon_locations")
    state["players"][seat].update(cylon=False, location="command")
    ctx = ctx_of(state)
    loyalty.leave_infiltration(ctx, seat)
    assert state["players"][seat]["location"] == daybreak.HUB_DESTROYED and state["players"][seat]["cylon"]


@pytest.mark.rules("bsg:R802", "bsg:R260", "bsg:R507")
def test_a_leader_among_the_cylons_uses_no_skill_card_text_in_checks_or_rolls() -> None:
    """R802 keeps a Leader under every revealed-Cylon rule but his sheet, Miracle tokens and Mutiny cards; R260:
    a revealed Cylon cannot use Skill cards' abilities. Not infiltrated, he can neither make a check reckless
    nor play Restore Order or Declare Emergency, nor ready a die card; infiltrated, he may (R803c)."""
    from games.bsg.engine import check_cards, dice, reckless
    from tests.bsg.engine.helpers import to_step
    from tests.bsg.engine.test_daybreak_skills import take

    state, leader = leader_game()
    state = to_step(state, "crisis")
    if state["current"] == leader:
        state = to_step(state, "crisis")
    p = state["players"][leader]
    state["decks"]["skill_discard"]["politics"] += p["hand"]
    p["hand"] = [take(state, "restore_order", 3), take(state, "calculated_risk", 1),
                 take(state, "strategic_planning", 3), take(state, "declare_emergency", 3)]
    state["decks"]["crisis"].append("tylium_refinery_fire")
    state = act(state, state["current"], "draw_crisis")
    assert state["check"] is not None and state["players"][leader]["cylon"]
    p = state["players"][leader]
    assert reckless.window_options(state, leader) == []
    assert not any("card" in a for a in check_cards.before_options(state, leader))
    assert dice.ready_options(state, leader) == []
    p["cylon"], p["location"] = False, "command"  # infiltrated: a human player (R803c)
    assert reckless.window_options(state, leader) != []
    assert dice.ready_options(state, leader) != []
