"""The content files: counts per civilization, references between files, and refusal of broken copies."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from games.ascendancy.engine import content as content_module
from games.ascendancy.engine.content import (
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
            assert disc.slots == () and disc.hazard is not None
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
    assert per_set == {"base": 30, "andorian": 10, "cardassian": 10, "ferengi": 10, "vulcan": 10}
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
    for card_id in ("fed_trade_1", "earth", "crystalline_entity", "rom_battle_group", "agenda_web_of_trade"):
        assert C.lookup(card_id).id == card_id


def test_content_is_cached_and_frozen():
    assert content() is C
    with pytest.raises(AttributeError):
        C.advancements["fed_universal_translator"].cost = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        C.advancements["x"] = None  # type: ignore[index]


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
    decisions, options = rulings.split("## 4. Table options", 1)
    for n in range(1, 54):
        assert f"- **A{n} " in decisions, f"A{n}"
    names = [line.split("`")[1] for line in options.splitlines() if line.startswith("| `")]
    assert len(names) >= 10
    for name in names:
        assert f"`{name}`" in decisions, f"option {name} has no ruling"
