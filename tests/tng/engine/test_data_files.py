"""The card data: every verb implemented, every deck large enough for the largest setup, the sizes the
issue asks for (tng:R3 Space Deck of 40, R4 Starbase Deck, R45 Borg cards)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.tng.engine.content import CONTENT, VERBS, ContentError, parse_card
from games.tng.engine.mechanics import SUPPORTED_VERBS
from games.tng.engine.setup import BASIC_PILE, ENSIGNS

DATA = Path(__file__).resolve().parents[3] / "games" / "tng" / "engine" / "data"


def test_every_verb_used_by_the_data_is_implemented() -> None:
    used = {e["verb"] for e in CONTENT.all_effects()}
    assert used <= SUPPORTED_VERBS
    assert set(VERBS) == SUPPORTED_VERBS


def test_no_card_needs_a_custom_routine_the_vocabulary_covers_them_all() -> None:
    """The effect vocabulary covers every card (the "custom" escape hatch was never needed and is gone): a
    card asking for a named engine routine is refused when the data is read."""
    with pytest.raises(ContentError, match="unknown verb 'custom'"):
        parse_card({"id": "x", "name": "X", "type": "character", "effects": [{"verb": "custom", "name": "q"}]})


@pytest.mark.rules("tng:R4")
def test_the_starbase_deck_has_enough_cards_and_variety() -> None:
    sb = CONTENT.starbase
    assert sum(c.copies for c in sb) >= 60
    assert len([c for c in sb if c.type == "character"]) >= 20
    for kind in ("maneuver", "setup", "special"):
        assert [c for c in sb if c.type == kind]
    assert all(c.copies >= 2 for c in sb if c.type in ("maneuver", "setup"))


@pytest.mark.rules("tng:R3", "tng:R40")
def test_fifteen_ships_and_three_sets_of_twenty_five() -> None:
    assert len(CONTENT.ships) == 15 and all(c.type == "ship" for c in CONTENT.ships)
    for name, cards in CONTENT.space_sets.items():
        assert sum(c.copies for c in cards) == 25, name
    exploration = CONTENT.space_sets["exploration"]
    assert {c.type for c in exploration} == {"mission", "event"} and any(c.war for c in exploration)
    borg = CONTENT.space_sets["borg"]
    assert sum(1 for c in borg if c.locutus) == 1 and any(c.invasion for c in borg)
    assert sum(1 for c in borg if c.type == "cube") >= 4
    kl = CONTENT.space_sets["klingon"]
    assert sum(1 for c in kl if c.arbiter) == 1 and sum(1 for c in kl if c.type == "ally") >= 3
    assert sum(1 for c in kl if c.type == "influence" and c.romulan) == 1
    assert any(e["verb"] == "blockade" for c in kl for e in c.effects)


@pytest.mark.rules("tng:R45", "tng:R1", "tng:R6")
def test_every_deck_serves_the_largest_setup() -> None:
    """Four players: 4 starting ships per scenario, 4 starting decks, 25 Borg cards, enough supplies."""
    for scenario in ("borg", "klingon"):
        assert len(CONTENT.start_ships[scenario]) >= 4
    assert sum(c.copies for c in CONTENT.starting_deck) >= 5
    assert BASIC_PILE >= 4 and ENSIGNS >= 4 and len(CONTENT.basic) == 3
    assert sum(c.copies for c in CONTENT.starbase) >= 9
    from .helpers import setup

    for scenario in ("exploration", "borg_invasion", "klingon_civil_war"):
        state = setup(4, scenario=scenario)
        assert all(len(p["hand"]) == 5 for p in state["players"])
        assert len(state["space"]["deck"]) == 40
    assert len(setup(4, scenario="borg_invasion")["space"]["borg"]) == 25


def test_every_card_has_a_name_and_text_or_status() -> None:
    for c in CONTENT.cards.values():
        assert c.name
        if c.type in ("character", "maneuver", "setup", "special"):
            assert c.cost > 0 or c.classification in ("starting", "ensign")
            assert c.status or c.effects or c.classification == "ensign"
        if c.type in ("mission",):
            assert c.goal and c.mp > 0


def test_card_ids_are_unique_across_files_and_unknown_keys_are_refused() -> None:
    ids: list[str] = []

    def collect(obj: object) -> None:
        if isinstance(obj, dict):
            if "type" in obj and "id" in obj:
                ids.append(obj["id"])
            for v in obj.values():
                collect(v)
        elif isinstance(obj, list):
            for v in obj:
                collect(v)

    for path in sorted(DATA.glob("*.json")):
        collect(json.loads(path.read_text(encoding="utf-8")))
    assert len(ids) == len(set(ids)) == len(CONTENT.cards)
    with pytest.raises(ContentError):
        parse_card({"id": "x", "name": "X", "type": "character", "colour": "red"})
    with pytest.raises(ContentError):
        parse_card({"id": "x", "name": "X", "type": "character", "effects": [{"verb": "teleport", "amount": 1}]})
    with pytest.raises(ContentError):
        parse_card({"id": "x", "name": "X", "type": "character", "effects": [{"verb": "xp"}]})


@pytest.mark.rules("tng:R3", "tng:R40", "tng:R56")
def test_each_space_deck_holds_only_the_card_types_its_turn_resolves() -> None:
    """turns.reveal resolves missions, events, ships, Allied Ships and Influence cards; borg.reveal events,
    Cubes and ships: a card of another type in a Space Deck would have nowhere to go."""
    allowed = {"exploration": {"mission", "event", "ship"}, "klingon": {"mission", "event", "ship", "ally",
                                                                        "influence"},
               "borg": {"event", "cube", "ship"}}
    for scenario, cards in CONTENT.space_sets.items():
        assert {c.type for c in (*cards, *CONTENT.ships)} <= allowed[scenario], scenario


def test_a_card_is_read_with_every_field_of_the_schema_and_its_defaults() -> None:
    """data/SCHEMA.md: every key of a card becomes its field; a missing key takes the documented default."""
    from games.tng.engine.content import Card

    raw = {"id": "k", "name": "K", "type": "event", "cost": 2, "copies": 3, "affiliation": "klingon",
           "classification": "officer", "status": {"attack": 1}, "effects": [{"verb": "xp", "amount": 1}],
           "text": "t", "quote": "q", "mp": 15, "goal": {"speed": 2}, "reward": [{"verb": "draw", "amount": 1}],
           "failure": [{"verb": "damage", "amount": 2}], "flip": [{"verb": "mill", "amount": 1}], "war": True,
           "locutus": True, "invasion": 2, "arbiter": True, "strike": 3, "battle_bonus": {"attack": 1},
           "romulan": True, "ability": [{"verb": "boost", "amount": 1, "stat": "speed"}], "ability_text": "a"}
    assert parse_card(raw) == Card(
        id="k", name="K", type="event", cost=2, copies=3, affiliation="klingon", classification="officer",
        status={"attack": 1}, effects=({"verb": "xp", "amount": 1},), mp=15, goal={"speed": 2},
        reward=({"verb": "draw", "amount": 1},), failure=({"verb": "damage", "amount": 2},),
        flip=({"verb": "mill", "amount": 1},), war=True, locutus=True, invasion=2, arbiter=True, strike=3,
        battle_bonus={"attack": 1}, romulan=True, ability=({"verb": "boost", "amount": 1, "stat": "speed"},))
    bare = parse_card({"id": "b", "name": "B", "type": "ship"})
    assert bare == Card(id="b", name="B", type="ship")
    assert (bare.cost, bare.copies, bare.mp, bare.goal, bare.war, bare.romulan, bare.strike) == (0, 1, 0, None, False,
                                                                                                False, 0)
    assert (bare.affiliation, bare.classification, bare.status, bare.battle_bonus) == ("", "", {}, {})
    for bad, message in (({"status": {"luck": 1}}, "bad status"), ({"goal": {"luck": 1}}, "bad goal"),
                         ({"type": "planet"}, "bad type"), ({"effects": {}}, "must be a list"),
                         ({"effects": [{"verb": "xp"}]}, "needs an integer amount"),
                         ({"effects": [{"verb": "boost", "amount": 1}]}, "boost needs a stat"),
                         ({"effects": [{"verb": "xp", "amount": 1, "stat": "speed"}]}, "unknown keys"),
                         ({"colour": "red"}, "unknown keys")):
        with pytest.raises(ContentError, match=message):
            parse_card({"id": "x", "name": "X", "type": "character", **bad})
    assert parse_card({"id": "e", "name": "E", "type": "character", "effects": [{"verb": "ensign"}]}).effects == (
        {"verb": "ensign"},)


def test_the_data_files_load_into_every_collection_the_engine_reads() -> None:
    """A fresh load of data/ (not the module's CONTENT): the starting cards, the Starbase, the ships, each
    scenario's set and starting ships, and an instance id names its card."""
    from games.tng.engine.content import Content, card

    fresh = Content()
    assert [c.id for c in fresh.starting_deck] == ["crewman", "duty_officer", "evasive_pattern", "stellar_cartography"]
    assert [c.id for c in fresh.basic] == ["engineering_crew", "security_team", "operations_officer"]
    assert (fresh.ensign.id, fresh.starting_ship.id, fresh.borg_card.id) == ("ensign", "uss_renown", "borg_card")
    assert len(fresh.ships) == 15 and {c.type for c in fresh.ships} == {"ship"}
    assert len(fresh.starbase) > 20 and all(c.cost > 0 for c in fresh.starbase)
    assert sorted(fresh.space_sets) == ["borg", "exploration", "klingon"]
    assert {k: sum(c.copies for c in v) for k, v in fresh.space_sets.items()} == dict.fromkeys(fresh.space_sets, 25)
    assert [c.id for c in fresh.start_ships["klingon"]] == ["kl_negh_tar", "kl_pagh", "kl_qaw", "kl_ning_tao"]
    assert [c.id for c in fresh.start_ships["borg"]] == ["bi_enterprise_d", "bi_endeavour", "bi_melbourne",
                                                         "bi_saratoga"]
    assert fresh.start_ships["exploration"] == [fresh.starting_ship]
    assert fresh.cards == CONTENT.cards and len(fresh.all_effects()) == len(CONTENT.all_effects())
    assert [c for c in fresh.cards.values() if c.war] and [c for c in fresh.cards.values() if c.locutus]
    assert [c for c in fresh.cards.values() if c.arbiter] and [c for c in fresh.cards.values() if c.romulan]
    assert [c for c in fresh.cards.values() if c.strike] and [c for c in fresh.cards.values() if c.battle_bonus]
    assert [c for c in fresh.cards.values() if c.failure] and [c for c in fresh.cards.values() if c.reward]
    assert card("q_continuum#2") is CONTENT.cards["q_continuum"]
    with pytest.raises(ContentError, match="duplicate card id crewman"):
        fresh._add({"id": "crewman", "name": "C", "type": "character"})


def test_the_data_facts_the_mutation_exclusions_rely_on() -> None:
    """bench/mutation_exclusions_tng.toml lists mutants that cannot change the game because of these facts."""
    for c in CONTENT.cards.values():
        if c.type in ("ship", "cube", "ally"):
            assert c.stat("speed") >= 1 and c.stat("attack") >= 1, c.id
        for e in (*c.effects, *c.reward, *c.failure, *c.flip, *c.ability):
            assert not (e.get("plus_borg") and e["verb"] in ("xp", "explore_now")), c.id
        assert "#" not in c.id
    assert not any(e.get("stat") and e["verb"] == "boost" and e["amount"] < 0 for e in CONTENT.all_effects())
