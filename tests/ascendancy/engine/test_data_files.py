"""The content files: counts per civilization, references between files, and refusal of broken copies."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from games.ascendancy.engine import content as content_module
from games.ascendancy.engine.content import (
    ACTIVATED,
    BORG_COMMAND_KINDS,
    BORG_TARGETS,
    CIVS,
    EFFECT_KINDS,
    ContentError,
    content,
    load,
)

C = content()


def _all_effects():
    for civ in C.civilizations.values():
        for rule in civ.rules:
            yield rule.id, rule.effects
    for adv in C.advancements.values():
        yield adv.id, adv.effects
    for side in C.fleet_sides.values():
        yield side.id, side.effects
    for disc in C.systems.values():
        yield disc.id, disc.effects
    for card in C.borg_commands.values():
        yield card.id, card.effects
    for tech in C.borg_tech.values():
        yield tech.id, tech.effects
    for card in C.exploration.values():
        yield card.id, card.effects
        if card.diplomacy:
            yield card.id, card.diplomacy.on_pass + card.diplomacy.on_fail
        if card.colonize:
            yield card.id, card.colonize.effects
        if card.ally:
            yield card.id, card.ally.effects


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(content_module.DATA_DIR, target)
    return target


def _edit(directory: Path, name: str, change) -> None:  # type: ignore[no-untyped-def]
    path = directory / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


# ------------------------------------------------------------------------------------------ counts


@pytest.mark.rules("ascendancy:R24", "ascendancy:R131", "ascendancy:R185")
def test_each_civilization_has_fifteen_advancements_one_of_them_starting():
    assert tuple(C.civilizations) == CIVS
    for civ in CIVS:
        cards = C.advancements_of(civ)
        assert len(cards) == 15
        starting = [a for a in cards if a.starting]
        assert [a.id for a in starting] == [C.civ(civ).starting_advancement]
        assert starting[0].cost == 0
        assert len(C.advancement_deck(civ)) == 14
        assert all(a.cost > 0 for a in cards if not a.starting)
    cardassian_start = C.advancements[C.civ("cardassian").starting_advancement]
    assert [(e.kind, e.get("amount")) for e in cardassian_start.effects] == [("base_commands", 6)]


@pytest.mark.rules("ascendancy:R124", "ascendancy:R129")
def test_three_fleet_cards_per_civilization_with_two_sides_of_at_least_three_ships():
    for civ in CIVS:
        cards = C.fleets_of(civ)
        assert [f.number for f in cards] == [1, 2, 3]
        for card in cards:
            assert len(card.sides) == 2
            for side in card.sides:
                assert 3 <= side.min_ships <= side.max_ships
                assert side.effects
    assert len(C.fleet_sides) == 42


@pytest.mark.rules("ascendancy:R78", "ascendancy:R194")
def test_three_trade_agreements_per_civilization_and_known_values():
    for civ in CIVS:
        assert len(C.trade_agreements_of(civ)) == 3
    values = {civ: sorted(t.value.production for t in C.trade_agreements_of(civ)) for civ in CIVS}
    assert 1 in values["federation"] and 2 in values["romulan"] and 3 in values["klingon"]
    assert {t.formula for t in C.trade_agreements_of("ferengi")} == {"ferengi"}
    assert all(
        t.formula is None and t.value.total > 0 for t in C.trade_agreements.values() if t.civ != "ferengi"
    )


@pytest.mark.rules("ascendancy:R36", "ascendancy:R39", "ascendancy:R54", "ascendancy:R73")
def test_system_discs_homes_and_stack_per_set():
    for civ in CIVS:
        home = C.home_of(civ)
        assert home.kind == "home" and home.civ == civ and home.capacity == 3 and not home.hazardous
    assert "culture" in C.home_of("ferengi").slots  # the Ferengi keep one Culture node (R190)
    assert len(C.stack_discs(["base"])) == 34
    assert len(C.stack_discs(C.sets_for(CIVS))) == 34 + 4 * 9
    for disc in C.systems.values():
        assert 1 <= disc.max_lanes <= 5
        if disc.kind == "phenomenon":
            assert disc.slots == () and (disc.hazard is not None) == (disc.transwarp is None)
        else:
            assert 1 <= disc.capacity <= 3
    # the discs the rulebook names keep its values
    assert C.systems["terra_nova"].slots == ("production", "research", "culture")
    assert C.systems["ardana"].slots == ("production", "research", "open")
    assert sorted(C.systems["delta_iv"].slots) == ["open", "research", "research"]
    assert C.systems["murasaki_312"].hazard == 5 and C.systems["stellar_nursery"].hazard == 4
    assert [e.kind for e in C.systems["temporal_anomaly"].effects] == ["refresh_commands"]
    # 7 players need 14 starting Planetary discs (§2.1 step 10)
    planetary = [d for d in C.stack_discs(C.sets_for(CIVS)) if d.kind == "planetary"]
    assert len(planetary) >= C.tables.starting_systems_per_player * 7


@pytest.mark.rules("ascendancy:R66", "ascendancy:R67", "ascendancy:R68", "ascendancy:R69", "ascendancy:R70")
def test_exploration_deck_base_plus_ten_per_expansion_with_every_type():
    per_set = Counter(c.set for c in C.exploration.values())
    assert per_set == {"base": 30, "andorian": 10, "cardassian": 10, "ferengi": 10, "vulcan": 10, "borg": 20}
    assert {c.type for c in C.exploration.values()} == {
        "crisis",
        "discovery",
        "virgin_worlds",
        "ally",
        "civilization",
    }
    for card in C.exploration.values():
        if card.type == "ally":
            assert card.diplomacy is not None and card.ally is not None
        if card.type == "civilization":
            enc = card.civilization
            assert enc is not None
            if enc.stage == "pre_warp":
                assert enc.tokens.total > 0 and card.remains_in_play
            else:
                assert 1 <= enc.level <= 3 and 1 <= enc.nodes <= 3  # cards give levels 1-3
    assert C.exploration["valakis"].civilization.stage == "pre_warp"
    assert len(C.exploration_cards(["base"], solo=True)) == 30 - 1  # Dark Mirror names a rival (A18)
    assert len(C.exploration_cards(C.sets_for(["federation", "vulcan", "klingon"]))) == 40


@pytest.mark.rules("ascendancy:R200")
def test_ten_vulcan_agendas_including_the_known_one():
    assert len(C.agendas) == 10
    known = [a for a in C.agendas.values() if a.goal == "rival_advancements"]
    assert len(known) == 1 and known[0].params["count"] == 3


@pytest.mark.rules(
    "ascendancy:R10",
    "ascendancy:R12",
    "ascendancy:R17",
    "ascendancy:R20",
    "ascendancy:R41",
    "ascendancy:R55",
    "ascendancy:R151",
    "ascendancy:R146",
)
def test_tables_keep_the_rulebook_numbers():
    t = C.tables
    assert t.ship_cost.as_dict() == {"production": 1}
    assert t.colonize_cost.as_dict() == {"culture": 1} and t.colonize_ships == 1
    assert t.authority_cost.as_dict() == {"culture": 5} and t.authority_cost_easier.as_dict() == {
        "culture": 4
    }
    assert t.start_extra_resources.as_dict() == {"production": 8, "research": 6, "culture": 4}
    assert (t.limits["ships"], t.limits["control_nodes"], t.limits["starbases"]) == (30, 10, 3)
    assert set(t.lane_die) <= {2, 3, 4} and len(t.lane_die) == 6
    for civ in C.civilizations.values():
        assert civ.weapons[0].value == 5 and civ.shields[0].value == 0
        assert all(level.cost > 0 for level in civ.weapons[1:] + civ.shields[1:])
    assert (
        C.civ("vulcan").authority == 3 and C.civ("vulcan").starbases == 0 and C.civ("vulcan").ambassadors == 5
    )
    assert C.civ("vulcan").can_win == ("agenda",)


def test_every_effect_kind_is_known_and_ids_resolve_across_files():
    kinds = Counter()
    for _, effects in _all_effects():
        for eff in effects:
            assert eff.kind in EFFECT_KINDS
            kinds[eff.kind] += 1
    assert len(kinds) >= 30  # a real vocabulary, not one free-text kind
    assert set(kinds) == set(EFFECT_KINDS)  # no kind is listed that no card uses
    for card_id in ("fed_trade_1", "earth", "crystalline_entity", "rom_battle_group", "agenda_web_of_trade"):
        assert C.lookup(card_id).id == card_id


def test_content_is_cached_and_frozen():
    assert content() is C
    with pytest.raises(AttributeError):
        C.advancements["fed_universal_translator"].cost = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        C.advancements["x"] = None  # type: ignore[index]


# ------------------------------------------------------------------------------------------ the Borg


@pytest.mark.rules(
    "ascendancy:R218", "ascendancy:R219", "ascendancy:R220", "ascendancy:R231", "ascendancy:R239"
)
def test_the_borg_box_counts():
    b = C.borg
    assert (b.pieces["cubes"], b.pieces["spires"], b.pieces["assimilation_nodes"]) == (5, 5, 15)
    assert (b.pieces["resource_nodes"], b.pieces["dice"]) == (6, 9)
    assert b.spire_max_nodes == 3 == b.spire_nodes_for_cube  # R219 (b), R220
    assert b.pieces["assimilation_nodes"] >= b.pieces["spires"] * b.spire_max_nodes
    assert len(C.borg_commands) == 30 and sum(c.red for c in C.borg_commands.values()) == 5
    borg_cards = [c for c in C.exploration.values() if c.set == "borg"]
    assert len(borg_cards) == 20 and sum(c.red for c in borg_cards) == 10
    assert not any(c.red for c in C.exploration.values() if c.set != "borg")
    assert len(C.borg_tech) == 20
    discs = [d for d in C.systems.values() if d.set == "borg"]
    assert Counter(d.transwarp or d.kind for d in discs) == {
        "planetary": 2,
        "phenomenon": 2,
        "conduit": 2,
        "hub": 1,
    }
    # RULINGS A45: the 6 Borg Resource Nodes are the pieces of the two Borg Planetary discs' slots
    assert sum(d.capacity for d in discs if d.kind == "planetary") == b.pieces["resource_nodes"]


@pytest.mark.rules(
    "ascendancy:R221",
    "ascendancy:R230",
    "ascendancy:R232",
    "ascendancy:R235",
    "ascendancy:R236",
    "ascendancy:R237",
    "ascendancy:R240",
    "ascendancy:R256",
    "ascendancy:R260",
    "ascendancy:R264",
    "ascendancy:R270",
)
def test_the_borg_command_board_tables():
    b = C.borg
    # one hit roll per number of Spires in play, 0..5, never harder as the Collective grows (R232)
    assert len(b.hit_roll) == b.defeat_spires + 1 == 6
    assert list(b.hit_roll) == sorted(b.hit_roll, reverse=True) and b.hit_roll[0] > b.hit_roll[-1]
    assert all(2 <= h <= 6 for h in b.hit_roll)
    assert b.hit(0) == b.hit_roll[0] and b.hit(5) == b.hit_roll[5] and b.hit(9) == b.hit_roll[-1]
    assert (b.defeat_spires, b.defeat_spires_three_spires) == (5, 3)  # R221, R270
    assert (b.dice, b.regenerate_face, b.shield_start, b.shield_per_round, b.shield_max) == (9, 6, 0, 1, 4)
    assert b.forced_retreat_hit == 7 and b.first_strike_rounds == 1
    assert b.starbase_assimilated_spire_nodes == 1  # R256
    assert dict(b.rewards) == {
        "tech_per_cube": 1,
        "tech_per_reclaim": 1,
        "klingon_cube_culture": 1,
        "marauder_cube_production": 1,
    }
    assert b.safe_exploration_per_player == 2 and b.safe_exploration_out_there == 3  # §2.3, R273
    assert b.humble_origins_factor == 2  # R275
    assert b.hub_distance_cm == 45 and 45 in b.hub_distance_choices  # §2.5


@pytest.mark.rules("ascendancy:R218")
def test_the_transwarp_hub_roll_is_a_die_face_set():
    b = C.borg
    assert b.hub_dice == 1
    assert set(b.hub_cube_on) < set(b.hub_cube_on_five_up) <= set(range(1, 7))
    assert 6 in b.hub_cube_on  # the Borg symbol


@pytest.mark.rules(
    "ascendancy:R224",
    "ascendancy:R225",
    "ascendancy:R226",
    "ascendancy:R227",
    "ascendancy:R243",
    "ascendancy:R244",
    "ascendancy:R269",
)
def test_borg_command_cards_targets_warp_and_named_commands():
    cards = list(C.borg_commands.values())
    movers = [c for c in cards if c.move is not None]
    assert len(movers) * 2 > len(cards)  # most are movement cards (R243)
    for card in cards:
        kinds = [e.kind for e in card.effects]
        assert set(kinds) <= set(BORG_COMMAND_KINDS)
        assert (card.move is None) == ("hold" in kinds)
        if card.move:
            assert card.move.target in BORG_TARGETS and 1 <= card.move.warp <= 4
            assert card.move.cubes in ("this", "all")
    assert {c.move.target for c in movers} == set(BORG_TARGETS)  # every target is used, none is unknown
    by_name = {c.name: c for c in cards}
    example = C.borg_commands["borg_command_01"]  # "Warp 2 toward the nearest Starbase" (R244)
    assert (example.move.target, example.move.warp) == ("starbase", 2)
    accelerated = by_name["Accelerated Assimilation"]
    assert accelerated.move is None and "spire_nodes" in [e.kind for e in accelerated.effects]
    resurrection = by_name["Command Resurrection"]
    assert [e.kind for e in resurrection.effects] == ["hold", "extra_turn"]
    aggression = by_name["Command::Aggression"]
    assert {"engage", "aggression"} <= {e.kind for e in aggression.effects} and aggression.move
    assert any(c.move and c.move.cubes == "all" for c in cards)  # multi-Cube cards (R225)
    # the Discovered Borg deck leaves out the 5 red cards (§2.3)
    assert len(C.borg_command_deck(red=True)) == 30 and len(C.borg_command_deck(red=False)) == 25
    assert not any(C.borg_commands[i].red for i in C.borg_command_deck(red=False))


@pytest.mark.rules("ascendancy:R228", "ascendancy:R233", "ascendancy:R262", "ascendancy:R263")
def test_borg_tech_cards_costs_discards_and_the_telemetry_node():
    cards = list(C.borg_tech.values())
    free = [c for c in cards if c.cost == 0]
    assert len(free) > 10 and len(free) < 20  # many cost 0, some need Research (R262)
    assert sum(c.discard for c in cards) > 5
    for card in cards:
        assert card.effects
        if card.discard:
            assert all(e.when in ACTIVATED and not e.exhaust for e in card.effects)
    telemetry = C.borg_tech["borg_tech_telemetry_node"]
    assert telemetry.name == "Borg Telemetry Node" and telemetry.discard
    assert [e.kind for e in telemetry.effects] == ["redraw_command"]
    # R233: only a card that says so lets Shields stop Borg hits
    assert [c.id for c in cards if any(e.kind == "borg_shields" for e in c.effects)] == [
        "borg_tech_multi_adaptive_shielding"
    ]
    assert C.borg_tech_deck() == tuple(C.borg_tech)
    # the Tech deck is no Advancement deck (R196, R263): no civilization's deck holds a Tech card
    for civ in CIVS:
        assert not set(C.advancement_deck(civ)) & set(C.borg_tech)
    assert (
        C.lookup("borg_tech_telemetry_node") is telemetry
        and C.lookup("borg_command_01").id == "borg_command_01"
    )


@pytest.mark.rules("ascendancy:R250", "ascendancy:R252", "ascendancy:R255", "ascendancy:R265")
def test_borg_exploration_cards_and_the_decks_they_join():
    borg = [c for c in C.exploration.values() if c.set == "borg"]
    kinds = Counter(e.kind for c in borg for e in c.effects)
    assert kinds["nearest_cube"] >= 3 and kinds["new_cube"] >= 3 and kinds["place_spire"] >= 2
    # without the Delta Quadrant the Borg are still met through the cards (§2.3): some non-red card
    # brings a Cube or a Spire from nothing
    plain = [c for c in borg if not c.red]
    assert any(e.kind in ("new_cube", "place_spire") for c in plain for e in c.effects)
    assert not any(c.solo_excluded for c in borg)
    civs = ["federation", "klingon", "romulan"]
    assert C.sets_for(civs) == ("base",) and C.sets_for(civs, borg=True) == ("base", "borg")
    assert len(C.exploration_cards(C.sets_for(civs))) == 30
    assert len(C.exploration_cards(C.sets_for(civs, borg=True))) == 30 + 10
    assert len(C.exploration_cards(C.sets_for(civs, borg=True), red=True)) == 30 + 20


@pytest.mark.rules("ascendancy:R73", "ascendancy:R248")
def test_borg_discs_the_hub_and_its_conduits():
    hub = C.hub()
    assert hub.id == "transwarp_hub" and hub.transwarp == "hub" and not hub.hazardous and hub.slots == ()
    conduits = [d for d in C.systems.values() if d.transwarp == "conduit"]
    assert len(conduits) == 2 and not any(d.hazardous for d in conduits)
    base_stack = C.stack_discs(C.sets_for(CIVS))
    assert not any(d.set == "borg" for d in base_stack)
    borg_stack = C.stack_discs(C.sets_for(CIVS, borg=True))
    assert len(borg_stack) == len(base_stack) + 6 and hub not in borg_stack  # the Hub is placed, not shuffled
    assert hub in C.stack_discs(C.sets_for(CIVS, borg=True), hub=True)  # Delta Quadrant Probe (R272)
    other = [d for d in C.systems.values() if d.set == "borg" and d.kind == "phenomenon" and not d.transwarp]
    assert all(d.hazardous and d.effects for d in other)
    assert {e.kind for d in other for e in d.effects} == {"new_cube", "tech_card"}


# ------------------------------------------------------------------------------------------ refusals


def test_an_untouched_copy_loads(data_copy: Path):
    assert len(load(data_copy).advancements) == 105


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("advancements.json", lambda d: d["advancements"].pop(3), "federation has 14 advancements"),
        (
            "advancements.json",
            lambda d: d["advancements"][1].update(id="fed_universal_translator"),
            "already used",
        ),
        (
            "advancements.json",
            lambda d: d["advancements"][0]["effects"].append({"kind": "win_game"}),
            "fed_universal_translator effect 2: unknown effect kind 'win_game'",
        ),
        (
            "advancements.json",
            lambda d: d["advancements"][0]["effects"][0].update(amount="one"),
            "fed_universal_translator",
        ),
        (
            "advancements.json",
            lambda d: d["advancements"][2].update(category="magic"),
            "fed_starbase_science_labs",
        ),
        (
            "civilizations.json",
            lambda d: d["civilizations"][6]["rules"][2]["effects"][0].pop("commands"),
            "vul_ambassadors effect 1 (move_ambassador): Commands are paid exactly by command_phase abilities",
        ),
        (
            "advancements.json",
            lambda d: d["advancements"][12]["effects"][0].update(when="passive", exhaust=False),
            "fed_subspace_telescopes effect 1 (peek_deck): peek_deck is an action",
        ),
        (
            "fleets.json",
            lambda d: d["fleets"][1]["sides"][0]["effects"][0].update(limit="once_per_turn"),
            "fed_defense_fleet effect 1 (shield): a limit applies to a triggered effect",
        ),
        (
            "exploration.json",
            lambda d: d["exploration"][2]["diplomacy"]["pass"][0].update(when="generation"),
            "plague_ship: encounter effects resolve when the card says",
        ),
        (
            "civilizations.json",
            lambda d: d["civilizations"][0].update(home="atlantis"),
            "federation: home 'atlantis' is not in systems.json",
        ),
        (
            "civilizations.json",
            lambda d: d["civilizations"][1].update(starting_advancement="fed_universal_translator"),
            "klingon: starting_advancement",
        ),
        (
            "civilizations.json",
            lambda d: d["civilizations"][0]["weapons"][2].update(hit=2),
            "federation.weapons",
        ),
        (
            "fleets.json",
            lambda d: d["fleets"][0]["sides"][0].update(min_ships=2),
            "fed_colonization_fleet.min_ships",
        ),
        (
            "fleets.json",
            lambda d: d["fleets"][0]["sides"].pop(),
            "fed_fleet_1: a fleet card has exactly 2 sides",
        ),
        (
            "trade_agreements.json",
            lambda d: d["trade_agreements"][0].update(value={"latinum": 1}),
            "fed_trade_1.value",
        ),
        ("systems.json", lambda d: d["systems"][10]["slots"].append("dilithium"), "systems.json: "),
        ("systems.json", lambda d: d["systems"].pop(), "set vulcan has"),
        ("exploration.json", lambda d: d["exploration"].pop(0), "set base has 29 exploration cards"),
        (
            "exploration.json",
            lambda d: d["exploration"][0].update(recurring="sideways"),
            "crystalline_entity",
        ),
        ("agendas.json", lambda d: d["agendas"].pop(), "9 agendas"),
        ("tables.json", lambda d: d.update(lane_die=[2, 3, 4, 5, 2, 3]), "lane_die face 5"),
        ("tables.json", lambda d: d["costs"].pop("ship"), "tables.json: costs: missing ['ship']"),
        ("borg_commands.json", lambda d: d["borg_commands"].pop(0), "29 cards of which 5 red"),
        ("borg_commands.json", lambda d: d["borg_commands"][0].update(red=True), "30 cards of which 6 red"),
        (
            "borg_commands.json",
            lambda d: d["borg_commands"][0]["move"].update(target="nearest_bar"),
            "borg_command_01.move.target",
        ),
        (
            "borg_commands.json",
            lambda d: d["borg_commands"][0]["move"].update(warp=0),
            "borg_command_01.move.warp",
        ),
        (
            "borg_commands.json",
            lambda d: d["borg_commands"][0]["effects"].append({"kind": "hold"}),
            "borg_command_01: a card either moves or holds",
        ),
        (
            "borg_commands.json",
            lambda d: d["borg_commands"][0]["effects"].append({"kind": "gain", "bundle": {"culture": 1}}),
            "'gain' is not a Borg Command effect",
        ),
        (
            "borg_commands.json",
            lambda d: d["borg_commands"][19]["effects"][0].update(when="any_time"),
            "borg_command_20: a Borg Command effect has no envelope",
        ),
        (
            "borg_exploration.json",
            lambda d: d["borg_exploration"][0]["effects"].append({"kind": "extra_turn"}),
            "borg_scout_probe effect 2: 'extra_turn' belongs on Borg Command cards only",
        ),
        (
            "borg_exploration.json",
            lambda d: d["borg_exploration"][0].update(red=True),
            "20 cards of which 11 red",
        ),
        (
            "borg_exploration.json",
            lambda d: d["borg_exploration"][0].pop("red"),
            "borg_scout_probe: missing ['red']",
        ),
        (
            "borg_exploration.json",
            lambda d: d["borg_exploration"][0].update(set="base"),
            "borg_scout_probe.set",
        ),
        ("exploration.json", lambda d: d["exploration"][0].update(red=False), "unknown keys ['red']"),
        (
            "borg_exploration.json",
            lambda d: d["borg_exploration"][2]["effects"][0].update(nodes=4),
            "borg_assimilated_outpost effect 1 (place_spire).nodes",
        ),
        (
            "borg_tech.json",
            lambda d: d["borg_tech"][19]["effects"][0].update(when="passive"),
            "borg_tech_tactical_data: a discard-to-use card",
        ),
        (
            "borg_tech.json",
            lambda d: d["borg_tech"][1].update(
                effects=[{"kind": "cube_damage", "amount": 1, "when": "any_time"}]
            ),
            "borg_tech_rotating_frequencies: a kept card's action",
        ),
        ("borg_tech.json", lambda d: d["borg_tech"].pop(), "19 cards, not 20"),
        (
            "borg_tech.json",
            lambda d: [c.update(cost=0) for c in d["borg_tech"]],
            "many Borg Tech cards cost 0 and some cost Research",
        ),
        ("borg_board.json", lambda d: d["hit_roll"].pop(), "hit_roll needs a row for 0..5 Spires"),
        ("borg_board.json", lambda d: d["hit_roll"][5].update(hit=6), "never get harder"),
        ("borg_board.json", lambda d: d["pieces"].update(assimilation_nodes=10), "cannot fill every Spire"),
        ("borg_board.json", lambda d: d["hub_roll"].update(cube_on=[7]), "hub_roll.cube_on"),
        ("borg_board.json", lambda d: d["combat"].update(forced_retreat_hit=6), "combat.forced_retreat_hit"),
        (
            "borg_systems.json",
            lambda d: d["systems"][1].update(hazard=3),
            "transwarp_conduit_alpha: a transwarp disc is a phenomenon",
        ),
        ("borg_systems.json", lambda d: d["systems"].pop(0), "the Borg discs are"),
        (
            "borg_systems.json",
            lambda d: d["systems"][5].update(transwarp="hub"),
            "jouret_iv: a transwarp disc",
        ),
        ("systems.json", lambda d: d["systems"][7].update(transwarp="hub"), "unknown keys ['transwarp']"),
    ],
)
def test_a_broken_file_is_refused_naming_file_and_entry(data_copy: Path, name, change, message):
    _edit(data_copy, name, change)
    with pytest.raises(ContentError) as err:
        load(data_copy)
    assert name.split(".")[0] in str(err.value) or name in str(err.value)
    assert message in str(err.value)


def test_a_missing_or_unreadable_file_is_refused(data_copy: Path):
    (data_copy / "agendas.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match="agendas.json: not valid JSON"):
        load(data_copy)
    (data_copy / "agendas.json").unlink()
    with pytest.raises(ContentError, match="agendas.json: file missing"):
        load(data_copy)


def test_schema_documents_every_effect_kind_and_timing():
    schema = (content_module.DATA_DIR / "SCHEMA.md").read_text(encoding="utf-8")
    for kind in EFFECT_KINDS:
        assert f"| `{kind}` |" in schema, kind
    for when in content_module.WHEN:
        assert f"`{when}`" in schema, when


def test_rulings_decide_every_ambiguity_and_list_their_options():
    rulings = (content_module.DATA_DIR.parent.parent / "RULINGS.md").read_text(encoding="utf-8")
    decisions, options = rulings.split("## 5. Table options", 1)
    for n in range(1, 54):
        assert f"- **A{n} " in decisions, f"A{n}"
    names = [line.split("`")[1] for line in options.splitlines() if line.startswith("| `")]
    assert len(names) >= 10
    for name in names:
        assert f"`{name}`" in decisions, f"option {name} has no ruling"


def test_rulings_rule_on_every_borg_rule_and_offer_the_seven_optional_borg_rules():
    rulings = (content_module.DATA_DIR.parent.parent / "RULINGS.md").read_text(encoding="utf-8")
    decisions, options = rulings.split("## 5. Table options", 1)
    borg = decisions.split("## 4. The Borg", 1)[1]
    entries = [line.split("**")[1].split()[0] for line in borg.splitlines() if line.startswith("- **B")]
    assert entries == [f"BN{n}" for n in range(1, 8)] + [f"B{n}" for n in range(1, 33)]
    for rule in range(216, 278):
        assert f"R{rule}" in rulings, f"R{rule}"
    rows = [line for line in options.splitlines() if line.startswith("| `")]
    for rule in range(269, 276):  # the seven optional Borg rules (R272 is borg_mode's delta_probe)
        assert any(f"R{rule}" in row for row in rows), f"R{rule}"
    borg_options = [row.split("`")[1] for row in rows if row.startswith("| `borg_")]
    assert len(borg_options) == 10
    for name in borg_options:
        assert f"`{name}`" in borg or f"`{name}`" in decisions.split("## 4. The Borg", 1)[0], name
