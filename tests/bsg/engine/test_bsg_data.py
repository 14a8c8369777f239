"""The Battlestar Galactica content files: schema, base-game counts, references, effect kinds, broken copies."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from games.bsg.engine import content as content_module
from games.bsg.engine.content import (
    ACTIVATIONS,
    CHARACTER_TYPES,
    EFFECT_KINDS,
    LEADER,
    SKILLS,
    ContentError,
    Effect,
    content,
    load,
    walk,
)
from games.bsg.engine.ionian_data import ionian_content

C = content()

#: R160's lines of succession: all 26 characters of the four sets, in the digest's order (its table).
R160_ADMIRAL = ("helena_cain", "william_adama", "saul_tigh", "karl_agathon", "felix_gaeta", "louis_hoshi",
                "tom_zarek_alt", "lee_adama", "anastasia_dualla", "karl_agathon_alt", "kara_thrace",
                "louanne_katraine", "sharon_valerii", "brendan_costanza", "samuel_anders", "galen_tyrol",
                "callandra_tyrol", "sherman_cottle", "lee_adama_alt", "tom_zarek", "ellen_tigh",
                "gaius_baltar_alt", "gaius_baltar", "romo_lampkin", "tory_foster", "laura_roslin")  # fmt: skip
R160_PRESIDENT = ("laura_roslin", "gaius_baltar", "lee_adama_alt", "tom_zarek", "romo_lampkin", "tory_foster",
                  "ellen_tigh", "lee_adama", "tom_zarek_alt", "felix_gaeta", "william_adama", "karl_agathon",
                  "galen_tyrol", "gaius_baltar_alt", "callandra_tyrol", "sherman_cottle", "helena_cain",
                  "anastasia_dualla", "louis_hoshi", "karl_agathon_alt", "sharon_valerii", "saul_tigh",
                  "brendan_costanza", "samuel_anders", "kara_thrace", "louanne_katraine")  # fmt: skip
R160_CAG = ("lee_adama", "kara_thrace", "louanne_katraine", "karl_agathon_alt", "sharon_valerii",
            "brendan_costanza", "samuel_anders", "lee_adama_alt", "karl_agathon", "william_adama", "helena_cain",
            "saul_tigh", "felix_gaeta", "anastasia_dualla", "louis_hoshi", "tom_zarek_alt", "galen_tyrol",
            "callandra_tyrol", "sherman_cottle", "tom_zarek", "ellen_tigh", "gaius_baltar_alt", "gaius_baltar",
            "tory_foster", "romo_lampkin", "laura_roslin")  # fmt: skip


def _all_effects() -> Iterable[tuple[str, tuple[Effect, ...]]]:
    for card in C.skill_cards.values():
        yield card.id, card.effects
    for ch in C.characters.values():
        for ability in ch.abilities:
            yield ability.id, ability.effects
    for loc in C.locations.values():
        yield loc.id, loc.effects + loc.rules
    for crisis in (*C.crises.values(), *C.super_crises.values()):
        checks = [crisis.check] + [o.check for o in crisis.options]
        yield crisis.id, crisis.effects + tuple(e for o in crisis.options for e in o.effects)
        for check in checks:
            if check is not None:
                yield crisis.id, check.on_pass + check.on_fail + check.on_partial + check.consequence
    for group in (C.destinations, C.quorum, C.loyalty, C.mutiny):
        for record in group.values():
            yield record.id, record.effects
    ionian = ionian_content()  # Exodus's Ionian Nebula: the Ally and Crossroads cards (ionian.json)
    for table in (ionian.allies, ionian.crossroads):
        for card in table.values():
            yield card.id, card.benevolent + card.antagonistic


def _kinds() -> Counter[str]:
    return Counter(e.kind for _, effects in _all_effects() for e in walk(effects))


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(content_module.DATA_DIR, target)
    return target


def _edit(directory: Path, name: str, change: Callable[[Any], None]) -> None:
    path = directory / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


# ------------------------------------------------------------------------------------------ the whole


def test_content_is_loaded_once_and_every_id_is_unique_across_files() -> None:
    assert content() is C
    ids: list[str] = []
    for table in (C.skill_types, C.skill_cards, C.characters, C.ships, C.locations, C.crises, C.super_crises,
                  C.destinations, C.quorum, C.loyalty):  # fmt: skip
        ids.extend(table)
    assert len(ids) == len(set(ids))
    assert C.lookup("william_adama").name == "William Adama"
    with pytest.raises(KeyError):
        C.lookup("no_such_card")


def test_every_record_belongs_to_a_set_and_the_base_decks_hold_only_base_records() -> None:
    records: list[Any] = [*C.skill_types.values(), *C.skill_cards.values(), *C.characters.values(),
                          *C.ships.values(), *C.locations.values(), *C.crises.values(), *C.super_crises.values(),
                          *C.destinations.values(), *C.quorum.values(), *C.loyalty.values(), *C.board.objectives]  # fmt: skip
    assert {r.set for r in records} == {"base", "pegasus", "exodus", "daybreak"}
    assert {C.crises[c].set for c in C.crisis_deck()} == {"base"}
    assert {C.loyalty[c].set for c in C.loyalty_cards("human")} == {"base"}  # the base decks stay base
    assert {C.crises[c].set for c in C.crisis_deck(("pegasus",))} == {"pegasus"}
    # a card of a module is Exodus's (R919: the Cylon Fleet's "CAG chooses" cards, its Basestar Bridge)
    assert {r.set for r in records if getattr(r, "module", None)} == {"exodus"}
    assert all(c.module in (None, "cylon_fleet") for c in C.crises.values() if c.set == "exodus")
    # the Exodus set's own crises, without the Cylon Fleet's module cards
    assert {C.crises[c].module for c in C.crisis_deck(("exodus",))} == {None}


def test_every_effect_kind_is_one_the_engine_implements_and_every_listed_kind_is_used() -> None:
    used = _kinds()
    assert set(used) <= set(EFFECT_KINDS)
    assert set(EFFECT_KINDS) - set(used) == set(), "a listed effect kind no card uses"


def test_every_card_and_location_has_its_own_text() -> None:
    texts = [r.text for group in (C.skill_cards, C.locations, C.crises, C.super_crises, C.destinations, C.quorum,
                                  C.loyalty, C.mutiny) for r in group.values()]  # fmt: skip
    texts += [a.text for ch in C.characters.values() for a in ch.abilities]
    assert all(t.strip() for t in texts)
    assert len(texts) == len(set(texts))


# ------------------------------------------------------------------------------------------ skills and Destiny


@pytest.mark.rules("bsg:R107", "bsg:R109")
def test_five_skill_decks_of_21_cards_with_their_colours_and_a_ten_card_destiny_deck() -> None:
    assert tuple(C.skill_types) == (*SKILLS, "treachery")  # R801: the sixth deck, Pegasus's
    assert [t.id for t in C.skill_types.values() if t.set == "base"] == list(SKILLS)
    assert len({t.colour for t in C.skill_types.values()}) == 6
    for skill in SKILLS:
        deck = C.skill_deck(skill)
        assert len(deck) == 21
        assert Counter(s for _, s in deck) == {1: 8, 2: 6, 3: 4, 4: 2, 5: 1}
        assert len({card for card, _ in deck}) == 2
    assert C.board.destiny_per_skill * len(SKILLS) == 10
    assert C.board.destiny_draw == 2


@pytest.mark.rules("bsg:R140")
def test_investigative_committee_is_seven_politics_cards_so_pegasus_can_remove_them() -> None:
    committee = C.skill_cards["investigative_committee"]
    assert committee.skill == "politics" and committee.copies == 7


@pytest.mark.rules("bsg:R610")
def test_strategic_planning_adds_two_to_a_die_roll() -> None:
    card = C.skill_cards["strategic_planning"]
    assert card.skill == "tactics" and card.timing == "before_roll"
    assert [(e.kind, e.get("amount")) for e in card.effects] == [("die_modifier", 2)]


@pytest.mark.rules("bsg:R162")
def test_an_engineering_card_can_repair_a_damaged_location() -> None:
    repair = C.skill_cards["repair"]
    assert repair.skill == "engineering"
    kinds = {e.kind for e in walk(repair.effects)}
    assert "repair_location" in kinds and "repair_vipers" in kinds


# ------------------------------------------------------------------------------------------ characters, titles


@pytest.mark.rules("bsg:R104")
def test_the_base_roster_has_three_of_each_leading_type_and_one_support_character() -> None:
    roster = C.characters_in()
    assert Counter(c.type for c in roster) == {"political": 3, "military": 3, "pilot": 3, "support": 1}
    for ch in roster:
        assert ch.pilot == (ch.type == "pilot")
        assert 4 <= ch.draw_count <= 5
        assert set(ch.skill_types) <= set(SKILLS)
        assert sorted(a.kind for a in ch.abilities) == ["ability", "once_per_game", "weakness"]
    human = {lid for lid, loc in C.locations.items() if C.ships[loc.ship].side == "human"}
    assert {ch.start for ch in roster} - human == {"viper", "stranded"}
    assert C.characters["lee_adama"].start == "viper" and C.characters["karl_agathon"].start == "stranded"


@pytest.mark.rules("bsg:R105", "bsg:R160", "bsg:R422")
def test_titles_pass_down_the_base_part_of_the_succession_lists() -> None:
    assert C.board.succession["admiral"] == R160_ADMIRAL
    assert C.board.succession["president"] == R160_PRESIDENT
    assert C.cylon_fleet.cag_succession == R160_CAG
    # every character but the Cylon Leaders stands on each line (R425)
    humans = {ch.id for ch in C.characters.values() if ch.type != "cylon_leader"}
    for line in (R160_ADMIRAL, R160_PRESIDENT, R160_CAG):
        assert set(line) == humans
    base = {ch.id for ch in C.characters_in()}  # the base game's own order (R105) is the lines' base part
    assert [c for c in C.board.succession["president"] if c in base][:3] == ["laura_roslin", "gaius_baltar", "tom_zarek"]
    assert [c for c in C.board.succession["admiral"] if c in base][:3] == ["william_adama", "saul_tigh", "karl_agathon"]
    assert C.board.admiral_nukes == 2 and C.board.president_quorum == 1


@pytest.mark.rules("bsg:R108")
def test_every_player_but_the_first_draws_three_skill_cards_at_setup() -> None:
    assert (C.board.starting_skills, C.board.first_player_skills) == (3, 0)


# ------------------------------------------------------------------------------------------ loyalty


@pytest.mark.rules("bsg:R120")
def test_the_loyalty_deal_follows_the_base_table() -> None:
    rows = {d.players: (d.cylon, d.not_cylon, d.sympathizer) for d in C.board.loyalty_deal}
    assert rows == {3: (1, 5, False), 4: (1, 6, True), 5: (2, 8, False), 6: (2, 9, True)}
    assert C.loyalty_need(4, ["gaius_baltar", "kara_thrace"]) == (1, 7, True)
    assert C.loyalty_need(6, ["gaius_baltar", "sharon_valerii", "saul_tigh"]) == (2, 11, True)


@pytest.mark.rules("bsg:R120", "bsg:R126", "bsg:R405")
def test_the_loyalty_cards_suffice_and_are_used_up_by_setup_and_the_sleeper_phase() -> None:
    cylon, human, sympathizer = (len(C.loyalty_cards(s)) for s in ("cylon", "human", "sympathizer"))
    assert (cylon, human, sympathizer) == (5, 11, 1)
    assert len(set(C.loyalty_cards("cylon"))) == 5  # every Cylon card has its own reveal action
    for players in (3, 4, 5, 6):
        for extras in ([], ["gaius_baltar"], ["gaius_baltar", "sharon_valerii"]):
            need_cylon, need_human, symp = C.loyalty_need(players, extras)
            assert need_cylon <= cylon and need_human <= human
            # R126: one card each at setup and one each in the Sleeper phase, plus Baltar's and Boomer's extra
            assert need_cylon + need_human + symp == 2 * players + len(extras)


@pytest.mark.rules("bsg:R407")
def test_the_sympathizer_turns_on_the_state_of_the_resources() -> None:
    card = C.loyalty["sympathizer"]
    (effect,) = card.effects
    assert effect.kind == "if_resources_low"
    assert [e.kind for e in effect.get("then")] == ["become_cylon"]
    assert effect.get("then")[0].get("super_crisis") is False
    assert [(e.kind, e.get("location")) for e in effect.get("else")] == [("send_to", "brig")]


# ------------------------------------------------------------------------------------------ board


@pytest.mark.rules("bsg:R101", "bsg:R004")
def test_resources_start_at_8_8_10_12_and_never_exceed_15() -> None:
    assert dict(C.board.start_resources) == {"fuel": 8, "food": 8, "morale": 10, "population": 12}
    assert C.board.resource_max == 15


@pytest.mark.rules("bsg:R009", "bsg:R008")
def test_one_eight_sided_die_and_hand_limits_of_ten() -> None:
    assert C.board.die_faces == 8
    assert dict(C.board.hand_limits) == {"skill": 10, "quorum": 10}
    for row in C.board.attack_table:
        assert row.destroyed | row.damaged <= set(range(1, 9))


@pytest.mark.rules("bsg:R604", "bsg:R605", "bsg:R606")
def test_the_numbers_of_the_activation_icons() -> None:
    assert dict(C.board.cylon_activation) == {
        "launch_raiders": 3,
        "raiders_when_none": 2,
        "heavy_raiders_when_none": 1,
        "raider_move": 1,
        "heavy_raider_move": 1,
    }


@pytest.mark.rules("bsg:R102", "bsg:R110")
def test_setup_puts_8_vipers_and_4_raptors_in_reserve_and_the_opening_ships_around_galactica() -> None:
    assert dict(C.board.setup_reserves) == {"viper": 8, "raptor": 4, "assault_raptor": 1}  # the last: Daybreak (R145)
    placed: Counter[str] = Counter()
    areas: dict[str, set[str]] = {}
    for ship, area, count in C.board.setup_ships:
        placed[ship] += count
        areas.setdefault(ship, set()).add(area)
    assert placed == {"basestar": 1, "raider": 3, "viper": 2, "civilian": 2}
    assert areas["basestar"] == areas["raider"]  # in front of Galactica
    (viper_area,) = areas["viper"]
    assert C.board.area(viper_area).launch  # below Galactica
    assert areas["civilian"].isdisjoint(areas["raider"])  # behind Galactica


@pytest.mark.rules("bsg:R604", "bsg:R606", "bsg:R620")
def test_six_space_areas_form_a_ring_with_two_launch_areas_and_two_above_galactica() -> None:
    areas = C.board.space_areas
    assert len(areas) == 6
    assert len(C.board.launch_areas()) == 2
    assert sum(a.above for a in areas) == 2
    for area in areas:
        ccw, cw = C.board.adjacent(area.id)
        assert area.id in C.board.adjacent(cw) and area.id in C.board.adjacent(ccw)
        assert ccw != cw


@pytest.mark.rules("bsg:R161", "bsg:R610")
def test_the_attack_table() -> None:
    b = C.board
    assert [b.attack("viper", "raider").result(r) for r in range(1, 9)] == ["miss"] * 2 + ["destroyed"] * 6
    assert [b.attack("viper", "heavy_raider").result(r) for r in (6, 7, 8)] == [
        "miss",
        "destroyed",
        "destroyed",
    ]
    assert [b.attack("raider", "viper").result(r) for r in (4, 5, 7, 8)] == [
        "miss",
        "damaged",
        "damaged",
        "destroyed",
    ]
    assert [b.attack("armory", "centurion").result(r) for r in (6, 7)] == ["miss", "destroyed"]
    assert (
        b.attack("raider", "galactica").result(7) == "miss"
        and b.attack("raider", "galactica").result(8) == "damaged"
    )
    assert (
        b.attack("basestar", "galactica").result(3) == "miss"
        and b.attack("basestar", "galactica").result(4) == "damaged"
    )
    assert (
        b.attack("viper", "basestar").result(8) == "damaged"
        and b.attack("viper", "basestar").result(7) == "miss"
    )
    assert b.attack("galactica", "basestar").result(5) == "damaged"
    assert b.attack("raider", "civilian").result(1) == "destroyed"  # no roll (R604b)
    assert b.attack("viper", "raider").result(11) == "destroyed"  # a modified roll above 8 counts as 8


@pytest.mark.rules("bsg:R618", "bsg:R161")
def test_a_nuke_damages_a_basestar_twice_or_destroys_it_and_on_7_or_8_three_raiders() -> None:
    by_face = {face: (row.result, row.raiders_destroyed) for row in C.board.nuke_table for face in row.rolls}
    assert by_face[1] == by_face[2] == ("damaged_twice", 0)
    assert {by_face[f] for f in (3, 4, 5, 6)} == {("destroyed", 0)}
    assert by_face[7] == by_face[8] == ("destroyed", 3)


@pytest.mark.rules("bsg:R162", "bsg:R615", "bsg:R616")
def test_damage_tokens_of_galactica_and_of_the_basestars() -> None:
    locations = [t.location for t in C.board.galactica_damage if t.kind == "location"]
    assert len(locations) == 6 and C.board.galactica_destroyed_at == 6
    assert all(C.locations[str(lid)].ship == "galactica" for lid in locations)
    losses = [dict(t.loss) for t in C.board.galactica_damage if t.kind == "resources"]
    assert sorted(map(str, losses)) == sorted(map(str, [{"food": 1}, {"fuel": 1}]))
    basestar = {t.kind: t for t in C.board.basestar_damage}
    assert set(basestar) == {"critical_hit", "hangar_disabled", "weapons_disabled", "structural_damage"}
    assert basestar["critical_hit"].damage == 2 and basestar["structural_damage"].attack_bonus == 2
    assert C.board.basestar_destroyed_at == 3


@pytest.mark.rules("bsg:R702", "bsg:R303", "bsg:R250")
def test_the_jump_track_runs_from_start_over_two_blue_spaces_to_auto_jump() -> None:
    track = C.board.jump_track
    assert track[0].name == "Start" and track[-1].auto
    assert [(s.blue, s.population) for s in track if s.blue] == [(True, 3), (True, 1)]
    assert C.board.ftl_roll_loss_at_most == 6
    (ftl,) = C.locations["ftl_control"].effects
    assert ftl.kind == "jump" and ftl.get("risk_population") is True


@pytest.mark.rules("bsg:R625", "bsg:R708")
def test_a_centurion_at_the_end_of_the_boarding_track_wins_for_the_cylons() -> None:
    assert 0 < C.board.boarding_win_at == C.board.boarding_spaces - 1


@pytest.mark.rules("bsg:R709", "bsg:R405", "bsg:R111")
def test_kobol_needs_8_distance_and_the_sleeper_phase_comes_at_4() -> None:
    kobol, *others = C.board.objectives  # Kobol first; the Ionian Nebula's (Exodus, R146) and Earth's (Daybreak)
    assert (kobol.id, kobol.distance, kobol.sleeper_at) == ("kobol", 8, 4)
    assert [(o.id, o.set, o.distance) for o in others] == [("earth", "daybreak", 10),  # R1052
                                                            ("ionian_nebula", "exodus", 8)]  # R960


@pytest.mark.rules("bsg:R003")
def test_component_supplies_cover_the_biggest_placements() -> None:
    supply = C.board.components
    for crisis in (*C.crises.values(), *C.super_crises.values()):
        placed: Counter[str] = Counter()
        for e in walk(crisis.effects):
            if e.kind == "place_ships":
                placed[e.get("ship")] += e.get("count")
        for ship, count in placed.items():
            limit = len(C.board.civilians) if ship == "civilian" else supply[ship]
            assert count <= limit, crisis.id
    assert supply["nuke_limit"] == 3 and supply["viper"] == 8


# ------------------------------------------------------------------------------------------ locations


@pytest.mark.rules("bsg:R007", "bsg:R214", "bsg:R435", "bsg:R307")
def test_sickbay_and_the_brig_are_the_hazardous_locations_and_the_brig_limits_checks_to_one_card() -> None:
    assert {lid for lid, loc in C.locations.items() if loc.hazardous} == {"sickbay", "brig"}
    brig_rules = {e.kind: e for e in C.locations["brig"].rules}
    assert brig_rules["contribution_limit"].get("count") == 1
    assert {e.kind: e.get("count") for e in C.locations["sickbay"].rules} == {"draw_limit": 1}


@pytest.mark.rules("bsg:R500", "bsg:R304", "bsg:R305", "bsg:R306")
def test_administration_the_admirals_quarters_and_the_brig_hold_skill_checks() -> None:
    for lid, colours, difficulty in (("administration", ("politics", "leadership"), 5),
                                     ("admirals_quarters", ("leadership", "tactics"), 7),
                                     ("brig", ("politics", "tactics"), 7)):  # fmt: skip
        (check,) = [e for e in C.locations[lid].effects if e.kind == "skill_check"]
        assert tuple(check.get("colors")) == colours and check.get("difficulty") == difficulty
    (quarters,) = C.locations["admirals_quarters"].effects
    assert [(e.kind, e.get("location")) for e in quarters.get("pass")] == [("send_to", "brig")]


@pytest.mark.rules("bsg:R212", "bsg:R309", "bsg:R310", "bsg:R311", "bsg:R302", "bsg:R301", "bsg:R308")
def test_the_locations_of_each_ship() -> None:
    by_ship: dict[str, set[str]] = {}
    for lid, loc in C.locations.items():
        if loc.set in ("base", "exodus"):  # Exodus's one location: the Cylon Fleet's Basestar Bridge
            by_ship.setdefault(loc.ship, set()).add(lid)
    assert len(by_ship["galactica"]) == 10
    assert by_ship["colonial_one"] == {"presidents_office", "press_room", "administration"}
    assert by_ship["cylon_locations"] == {"caprica", "cylon_fleet", "human_fleet", "resurrection_ship",
                                          "basestar_bridge"}
    assert [loc.id for loc in C.locations.values() if not loc.in_play(())] == ["basestar_bridge"]
    assert C.locations["basestar_bridge"].in_play(("cylon_fleet",))  # the Cylon Fleet's (R314)
    assert all(C.locations[lid].requires == "revealed_cylon" for lid in by_ship["cylon_locations"])
    assert C.locations["hangar_deck"].requires == "pilot"
    assert [e.kind for e in C.locations["command"].effects] == ["activate_vipers"]
    (armory,) = C.locations["armory"].effects
    assert (armory.kind, armory.get("attacker"), armory.get("target")) == ("attack", "armory", "centurion")


# ------------------------------------------------------------------------------------------ crisis decks


@pytest.mark.rules("bsg:R107", "bsg:R230", "bsg:R601", "bsg:R250")
def test_the_base_crisis_deck() -> None:
    deck = C.crisis_deck()
    assert len(deck) == 70
    cards = [C.crises[cid] for cid in deck]
    assert sum(c.type == "cylon_attack" for c in cards) == 10
    assert all(c.activation and set(c.activation) <= set(ACTIVATIONS) for c in cards)
    assert {a for c in cards for a in c.activation} == set(ACTIVATIONS)
    jumps = sum(c.jump for c in cards)
    # enough icons to reach Auto Jump, not so many that the fleet never needs FTL Control
    assert 30 <= jumps <= 50
    for c in cards:
        checks = [c.check] if c.check else [o.check for o in c.options if o.check]
        for check in checks:
            assert check is not None and 1 <= check.difficulty <= 20
            assert check.partial_at is None or check.partial_at < check.difficulty


@pytest.mark.rules("bsg:R501")
def test_a_check_total_gives_pass_partial_or_fail() -> None:
    check = C.crises["prisoner_revolt"].check
    assert check is not None
    assert (check.difficulty, check.partial_at) == (11, 6)
    assert [check.outcome(t) for t in (12, 11, 10, 6, 5, -3)] == [
        "pass",
        "pass",
        "partial",
        "partial",
        "fail",
        "fail",
    ]
    plain = C.crises["fuel_leak"].check
    assert plain is not None and plain.outcome(plain.difficulty - 1) == "fail"


@pytest.mark.rules("bsg:R005")
def test_choice_crises_name_a_chooser_and_offer_at_least_two_sections() -> None:
    choices = [c for c in C.crises.values() if c.type == "choice"]
    assert choices
    for c in choices:
        assert c.chooser in ("current", "president", "admiral", *(("cag",) if c.module == "cylon_fleet" else ()))
        assert len(c.options) >= 2
        assert len({o.label for o in c.options}) == len(c.options)


@pytest.mark.rules("bsg:R402", "bsg:R404")
def test_five_super_crises() -> None:
    assert len(C.super_crisis_deck()) == 5
    assert all(c.super for c in C.super_crises.values())
    assert "bomb_on_colonial_one" in C.super_crises


@pytest.mark.rules("bsg:R704", "bsg:R705")
def test_the_destination_deck_holds_22_cards_whose_distances_reach_kobol() -> None:
    deck = [C.destinations[d] for d in C.destination_deck()]
    assert len(deck) == 22
    assert {d.distance for d in deck} == {1, 2, 3}
    assert sum(d.distance for d in deck) >= 2 * C.board.objectives[0].distance


@pytest.mark.rules("bsg:R420")
def test_the_quorum_deck_holds_20_cards() -> None:
    assert len(C.quorum_deck()) == 20
    assert {"assign_vice_president", "arrest_order", "inspirational_speech"} <= set(C.quorum)


# ------------------------------------------------------------------------------------------ broken copies


def test_a_repeated_id_is_refused(data_copy: Path) -> None:
    _edit(data_copy, "quorum.json", lambda d: d["quorum"][0].__setitem__("id", "arrest_order"))
    with pytest.raises(ContentError, match="already used"):
        load(data_copy)


def test_an_unknown_effect_kind_is_refused(data_copy: Path) -> None:
    _edit(data_copy, "crises.json", lambda d: d["crises"][10]["effects"].append({"kind": "teleport_fleet"}))
    with pytest.raises(ContentError, match="effect kind 'teleport_fleet'"):
        load(data_copy)


def test_an_unknown_parameter_or_a_missing_one_is_refused(data_copy: Path) -> None:
    _edit(
        data_copy, "destinations.json", lambda d: d["destinations"][3]["effects"][0].__setitem__("water", 2)
    )
    with pytest.raises(ContentError, match="unknown water"):
        load(data_copy)
    shutil.rmtree(data_copy)
    shutil.copytree(content_module.DATA_DIR, data_copy)
    _edit(data_copy, "loyalty.json", lambda d: d["loyalty"][3]["effects"][0].pop("location"))
    with pytest.raises(ContentError, match="missing 'location'"):
        load(data_copy)


def test_a_ship_placed_in_an_unknown_space_area_is_refused(data_copy: Path) -> None:
    _edit(
        data_copy,
        "crises.json",
        lambda d: d["crises"][0]["effects"][0].__setitem__("area", "behind_the_moon"),
    )
    with pytest.raises(ContentError, match="unknown area 'behind_the_moon'"):
        load(data_copy)


def test_a_nested_outcome_is_validated_too(data_copy: Path) -> None:
    _edit(
        data_copy,
        "quorum.json",
        lambda d: d["quorum"][0]["effects"][0]["success"].append({"kind": "resources"}),
    )
    with pytest.raises(ContentError, match="at least one resource"):
        load(data_copy)


def test_a_partial_pass_must_be_below_the_difficulty(data_copy: Path) -> None:
    def change(d: Any) -> None:
        card = next(c for c in d["crises"] if c["id"] == "prisoner_revolt")
        card["check"]["partial"]["at_least"] = 11

    _edit(data_copy, "crises.json", change)
    with pytest.raises(ContentError, match="partial pass"):
        load(data_copy)


def test_a_deck_of_the_wrong_size_is_refused(data_copy: Path) -> None:
    _edit(data_copy, "crises.json", lambda d: d["crises"].pop(0))
    with pytest.raises(ContentError, match="crises counts 69, not 70"):
        load(data_copy)


def test_a_character_starting_in_a_cylon_location_is_refused(data_copy: Path) -> None:
    _edit(data_copy, "characters.json", lambda d: d["characters"][0].__setitem__("start", "caprica"))
    with pytest.raises(ContentError, match="unknown human location 'caprica'"):
        load(data_copy)


def test_a_crisis_of_the_wrong_shape_is_refused(data_copy: Path) -> None:
    def change(d: Any) -> None:
        card = next(c for c in d["crises"] if c["id"] == "fuel_leak")
        card["type"] = "event"

    _edit(data_copy, "crises.json", change)
    with pytest.raises(ContentError, match="a event card has effects only"):
        load(data_copy)


def test_a_loyalty_deal_that_the_cards_cannot_cover_is_refused(data_copy: Path) -> None:
    _edit(data_copy, "board.json", lambda d: d["loyalty_deal"][3].__setitem__("not_cylon", 12))
    with pytest.raises(ContentError, match="6 players"):
        load(data_copy)


def test_a_damage_token_on_an_unknown_location_is_refused(data_copy: Path) -> None:
    _edit(data_copy, "board.json", lambda d: d["galactica_damage"][0].__setitem__("location", "press_room"))
    with pytest.raises(ContentError, match="unknown galactica location 'press_room'"):
        load(data_copy)


# ------------------------------------------------------------------------------------------ Daybreak


@pytest.mark.rules("bsg:R1020", "bsg:R1027", "bsg:R124")
def test_the_daybreak_mutiny_deck_and_loyalty_table() -> None:
    """18 Mutiny cards of the daybreak set, each with an effect; the Brig limits 1 and 2 (R1020, R1027); the
    Daybreak loyalty rows of R124 (Leader rows kept for Pegasus), one Mutineer."""
    assert len(C.mutiny_deck()) == 18 and C.mutiny_deck(("base",)) == ()
    assert all(m.set == "daybreak" and m.effects for m in C.mutiny.values())
    assert dict(C.mutiny_limits) == {"holder": 1, "mutineer": 2}
    rows = {(d.players, d.leader): (d.cylon, d.not_cylon, d.mutineer) for d in C.daybreak_deal}
    assert rows[(3, False)] == (1, 5, False) and rows[(4, False)] == (1, 7, True)
    assert rows[(5, False)] == (2, 8, False) and rows[(6, False)] == (2, 10, True)
    assert rows[(7, True)] == (2, 10, True)
    assert C.daybreak_loyalty_need(6, ["gaius_baltar", "sharon_valerii"], exodus=True) == (2, 13, True)
    assert C.loyalty_cards("mutineer", ("base", "daybreak")) == ("you_are_a_mutineer",)


def test_a_broken_daybreak_file_is_refused(data_copy: Path) -> None:
    _edit(data_copy, "mutiny.json", lambda d: d["mutiny"][0].update(set="base"))
    with pytest.raises(ContentError, match="every Mutiny card belongs to the daybreak set"):
        load(data_copy)
    _edit(data_copy, "mutiny.json", lambda d: d["mutiny"][0].update(set="daybreak"))
    _edit(data_copy, "mutiny.json", lambda d: d["limits"].pop("mutineer"))
    with pytest.raises(ContentError, match="limits must give exactly holder, mutineer"):
        load(data_copy)
    _edit(data_copy, "mutiny.json", lambda d: d["limits"].update(mutineer=2))
    _edit(data_copy, "loyalty.json", lambda d: d["daybreak_deal"][1].update(not_cylon=6))
    with pytest.raises(ContentError, match="daybreak_deal for 4 players is not one card per player"):
        load(data_copy)
    _edit(data_copy, "loyalty.json", lambda d: d["daybreak_deal"][1].update(not_cylon=7, cylon=9))
    with pytest.raises(ContentError, match="needs more cards than exist"):
        load(data_copy)


@pytest.mark.rules("bsg:R160", "bsg:R1001", "bsg:R104")
def test_the_daybreak_characters_and_where_r160_ranks_them() -> None:
    day = {ch.id: ch for ch in C.characters_in(("daybreak",)) if ch.type != LEADER}
    assert len(day) == 8 and {ch.type for ch in day.values()} == set(CHARACTER_TYPES)
    # and its 2 Cylon Leaders (L243, L1182; RULINGS G195), in no line of succession (R425)
    assert {ch.id for ch in C.characters_in(("daybreak",)) if ch.type == LEADER} == {"sharon_agathon", "aaron_doral"}
    assert {ch.version_of for ch in day.values() if ch.version_of} == {
        "lee_adama", "tom_zarek", "karl_agathon", "gaius_baltar"}
    assert (day["lee_adama_alt"].type, day["tom_zarek_alt"].type) == ("political", "military")
    assert (day["karl_agathon_alt"].type, day["gaius_baltar_alt"].type) == ("pilot", "support")
    line = [c for c in C.board.succession["president"] if c in day or C.characters[c].set == "base"]
    assert line[:5] == ["laura_roslin", "gaius_baltar", "lee_adama_alt", "tom_zarek", "romo_lampkin"]
    line = [c for c in C.board.succession["admiral"] if c in day or C.characters[c].set == "base"]
    assert line[:5] == ["william_adama", "saul_tigh", "karl_agathon", "louis_hoshi", "tom_zarek_alt"]
    extra = {c: sum(1 for a in d.abilities for e in a.effects if e.kind == "draw_skills" and e.get("types") == "any")
             for c, d in day.items()}
    assert all(d.draw_count + extra[c] == 5 for c, d in day.items())  # five cards a turn, like the base sheets
