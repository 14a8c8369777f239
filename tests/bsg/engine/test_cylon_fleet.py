"""The Exodus Cylon Fleet option (bsg:R910-R919, R144): the setup, the CAG, activations that always do
something, the Cylon Fleet board and its pursuit track, placing ships on either board, the jump."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine import cylon_fleet
from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import place_ships
from games.bsg.engine.state import CONTENT, Ctx
from games.engine.core import Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import (
    BASE_5,
    State,
    act,
    act_events,
    fleet_game,
    place_only,
    play,
    start_game,
    to_step,
)

FLEET = CONTENT.cylon_fleet


class Dice(Rng):
    """An Rng whose die shows the given faces in turn (then the seeded ones)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(1)
        self.faces = list(faces)

    def die(self, sides: int = 6) -> int:
        return self.faces.pop(0) if self.faces else super().die(sides)


def area_numbered(number: int) -> str:
    return next(a.id for a in CONTENT.board.space_areas if a.number == number)


def seat_of(state: State, character: str) -> int:
    return next(p["seat"] for p in state["players"] if p["character"] == character)


def at_activation(card: str, **areas: dict[str, int]) -> State:
    """A Cylon Fleet game at its Cylon ship activation after ``card`` (whose icons then resolve), the main
    board holding only the ships given."""
    state = to_step(fleet_game(5, BASE_5), "crisis")
    state["decks"]["crisis"].remove(card)
    state["crisis"] = card
    state["step"] = "activation"
    return place_only(state, **areas)


def fleet_ships(state: State, kind: str) -> int:
    return sum(w[kind] for w in state["fleet"]["areas"].values())


@pytest.mark.rules("bsg:R144", "bsg:R910", "bsg:R919", "bsg:R233")
def test_the_setup_of_the_cylon_fleet() -> None:
    base = start_game(5, BASE_5)
    state = fleet_game(5, BASE_5)
    assert "fleet" not in base and base["reserves"]["viper"] == 6
    # 2 vipers back in the box, the 4 extra raiders in the supply, the pursuit marker on Start
    assert state["reserves"]["viper"] == base["reserves"]["viper"] - 2 == 4
    assert state["fleet"]["boxed_vipers"] == 2
    assert state["supply"]["raider"] == base["supply"]["raider"] + 4
    assert state["fleet"]["pursuit"] == 0
    assert all(not any(w.values()) for w in state["fleet"]["areas"].values())
    assert set(state["fleet"]["areas"]) == set(state["space"])  # the same areas as around Galactica
    # the Cylon Attack cards out of both decks, the "CAG chooses" cards in
    deck = [*state["decks"]["crisis"], *state["decks"]["crisis_discard"], *([state["crisis"]] if state["crisis"]
                                                                             else [])]
    assert not [c for c in deck if CONTENT.crises[c].type == "cylon_attack"]
    cag_cards = sorted(c.id for c in CONTENT.crises.values() if c.chooser == "cag")
    assert len(cag_cards) == 10 and sorted(c for c in deck if c in cag_cards) == cag_cards
    assert [c for c in base["decks"]["crisis"] if CONTENT.crises[c].type == "cylon_attack"]
    assert not set(cag_cards) & set(base["decks"]["crisis"])
    assert len(deck) == len(base["decks"]["crisis"]) == 70
    supers = state["decks"]["super_crisis"]
    assert supers and not [c for c in supers if CONTENT.super_crises[c].type == "cylon_attack"]


@pytest.mark.rules("bsg:R421", "bsg:R420")
def test_the_cag_by_succession() -> None:
    state = fleet_game(5, BASE_5)
    assert state["cag"] == seat_of(state, "kara_thrace")  # Lee Adama is not in play
    with_apollo = fleet_game(5, ["laura_roslin", "william_adama", "lee_adama", "gaius_baltar", "kara_thrace"])
    assert with_apollo["cag"] == seat_of(with_apollo, "lee_adama")
    assert "cag" not in start_game(5, BASE_5)  # no CAG without the option (RULINGS A30)


@pytest.mark.rules("bsg:R423", "bsg:R422")
def test_the_cag_in_the_brig_loses_the_title() -> None:
    state = fleet_game(5, BASE_5)
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    from games.bsg.engine.effects import send_to

    send_to(ctx, seat_of(state, "kara_thrace"), "brig")
    assert state["cag"] == seat_of(state, "william_adama")  # next on R160's line: Adama (no Boomer, no Helo)
    assert ("title_passed", "cag") in [(e.kind, e.data.get("title")) for e in ctx.events]


@pytest.mark.rules("bsg:R919", "bsg:R420")
def test_the_cag_chooses_the_cag_cards() -> None:
    state = to_step(fleet_game(5, BASE_5), "crisis")
    state["decks"]["crisis"].remove("cag_scouting_raiders")
    state["decks"]["crisis"].append("cag_scouting_raiders")
    state = place_only(state)
    current, cag = state["current"], state["cag"]
    state = act(state, current, "draw_crisis")
    decision = RULES.pending(state)[0]
    assert decision.prompt == "choose_crisis_option" and decision.seats == {cag}
    if cag != current:
        with pytest.raises(IllegalCommand):
            act(state, current, "choose_option", option=0)
    state = act(state, cag, "choose_option", option=0)
    assert state["space"]["fore"]["raider"] == 3


@pytest.mark.rules("bsg:R912", "bsg:R913", "bsg:R915", "bsg:R603")
@pytest.mark.scenarios("bsg:AS-94")
def test_raiders_with_nothing_on_the_main_board_go_to_the_cylon_fleet() -> None:
    """AS-94: no raider and no basestar around Galactica: the raiders' icon puts one raider on the Cylon
    Fleet board, in the area of the die's number, and the pursuit marker advances."""
    state = at_activation("water_sabotaged", aft={"civilian": 1})
    supply = state["supply"]["raider"]
    state, events = act_events(state, state["current"], "activate_cylons")
    placed = next(e.data for e in events if e.kind == "fleet_ship_placed")
    assert placed["ship"] == "raider" and placed["area"] == FLEET.area_for(placed["roll"])
    assert state["fleet"]["areas"][placed["area"]]["raider"] == 1 == fleet_ships(state, "raider")
    assert state["supply"]["raider"] == supply - 1
    assert state["fleet"]["pursuit"] == 1
    assert not any(w["raider"] for w in state["space"].values())
    assert state["step"] == "jump"


@pytest.mark.rules("bsg:R913")
@pytest.mark.scenarios("bsg:AS-94")
def test_a_roll_of_three_places_in_area_three() -> None:
    state = fleet_game(5, BASE_5)
    ctx = Ctx(state=state, rng=Dice(3))
    cylon_fleet.place_on_fleet(ctx, "raider")
    assert state["fleet"]["areas"][area_numbered(3)]["raider"] == 1


@pytest.mark.rules("bsg:R912")
def test_raiders_around_galactica_act_as_usual_and_a_basestar_launches() -> None:
    state = at_activation("water_sabotaged", aft={"basestar": 1})
    state = play(state, state["current"], "activate_cylons")
    assert state["space"]["aft"]["raider"] == CONTENT.board.cylon_activation["raiders_when_none"]
    assert fleet_ships(state, "raider") == 0 and state["fleet"]["pursuit"] == 0


@pytest.mark.rules("bsg:R912", "bsg:R606")
def test_heavy_raiders_icon_with_nothing_to_activate() -> None:
    state = at_activation("dradis_contact")
    state = act(state, state["current"], "activate_cylons")
    assert fleet_ships(state, "heavy_raider") == 1 and state["fleet"]["pursuit"] == 1
    # a centurion aboard is something to activate: it advances, nothing goes to the Cylon Fleet
    state = at_activation("dradis_contact")
    state["boarding"] = [0]
    state = act(state, state["current"], "activate_cylons")
    assert state["boarding"] == [1] and fleet_ships(state, "heavy_raider") == 0 and state["fleet"]["pursuit"] == 0


@pytest.mark.rules("bsg:R912", "bsg:R605", "bsg:R607")
@pytest.mark.parametrize("card", ["water_shortage", "loss_of_a_friend"])  # launch raiders, activate basestars
def test_basestar_icons_without_a_basestar(card: str) -> None:
    state = at_activation(card, fore={"raider": 2})
    state = act(state, state["current"], "activate_cylons")
    assert fleet_ships(state, "basestar") == 1 and state["fleet"]["pursuit"] == 1
    assert state["space"]["fore"]["raider"] == 2


@pytest.mark.rules("bsg:R913")
def test_with_the_kind_used_up_the_highest_area_comes_in() -> None:
    """Every basestar is on one board or the other: the highest-numbered Cylon Fleet area holding a basestar
    sends every ship it holds around Galactica."""
    state = fleet_game(5, BASE_5)
    state = place_only(state)
    two, five = area_numbered(2), area_numbered(5)
    state["supply"]["basestar"] -= 2
    state["supply"]["raider"] -= 3
    state["fleet"]["areas"][two]["basestar"] = 1
    state["fleet"]["areas"][five].update(basestar=1, raider=3)
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    cylon_fleet.place_on_fleet(ctx, "basestar")
    assert len(state["space"][five]["basestar"]) == 1 and state["space"][five]["raider"] == 3
    assert not any(state["fleet"]["areas"][five].values())
    assert state["fleet"]["areas"][two]["basestar"] == 1 and not state["space"][two]["basestar"]


@pytest.mark.rules("bsg:R914")
@pytest.mark.scenarios("bsg:AS-95")
def test_placing_on_the_main_board_takes_from_the_lowest_fleet_areas() -> None:
    """AS-95: 2 basestars to place, 1 in the supply, one each in Cylon Fleet areas 2 and 5: the supply's and
    area 2's are placed."""
    state = place_only(fleet_game(5, BASE_5))
    two, five = area_numbered(2), area_numbered(5)
    state["supply"]["basestar"] = 1  # the procedure as the scenario gives it (3 basestars in all)
    state["fleet"]["areas"][two]["basestar"] = 1
    state["fleet"]["areas"][five]["basestar"] = 1
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    assert place_ships(ctx, "basestar", "aft", 2) == 2
    assert len(state["space"]["aft"]["basestar"]) == 2 and state["supply"]["basestar"] == 0
    assert state["fleet"]["areas"][two]["basestar"] == 0 and state["fleet"]["areas"][five]["basestar"] == 1


@pytest.mark.rules("bsg:R914")
def test_supply_first_then_fleet_then_what_is_missing_is_not_placed() -> None:
    state = place_only(fleet_game(5, BASE_5))
    supply = state["supply"]["raider"]
    one, three = area_numbered(1), area_numbered(3)
    state["supply"]["raider"] = 2
    state["fleet"]["areas"][three]["raider"] = 2
    state["fleet"]["areas"][one]["raider"] = 1
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    assert place_ships(ctx, "raider", "aft", 4) == 4
    assert state["supply"]["raider"] == 0
    assert state["fleet"]["areas"][one]["raider"] == 0 and state["fleet"]["areas"][three]["raider"] == 1
    assert place_ships(ctx, "raider", "aft", 3) == 1  # step 3: only one left anywhere
    assert state["space"]["aft"]["raider"] == 5 and supply > 2


def _pursuit_at(position: int) -> State:
    state = at_activation("water_sabotaged")
    state["fleet"]["pursuit"] = position
    return state


@pytest.mark.rules("bsg:R915")
def test_the_cag_places_civilians_on_the_pursuit_track() -> None:
    spot = next(i for i, s in enumerate(FLEET.pursuit) if s.civilians == 1)
    state = _pursuit_at(spot - 1)
    state["space"]["fore"]["civilian"].append(state["decks"]["civilians"].pop())
    state = act(state, state["current"], "activate_cylons")
    assert state["fleet"]["pursuit"] == spot
    decision = RULES.pending(state)[0]
    assert decision.prompt == "place_civilian" and decision.seats == {state["cag"]}
    legal = sorted(c.args["area"] for c in RULES.legal_commands(state, state["cag"]))
    assert legal == sorted(a for a in state["space"] if a != "fore")  # an area without a civilian ship
    with pytest.raises(IllegalCommand) as info:
        act(state, state["cag"], "place_civilian", area="fore")
    assert (info.value.code, info.value.rule) == ("civilian_area_has_civilian", "bsg:R915")
    pile = len(state["decks"]["civilians"])
    state = act(state, state["cag"], "place_civilian", area="aft")
    assert len(state["space"]["aft"]["civilian"]) == 1 and len(state["decks"]["civilians"]) == pile - 1
    assert state["cag_civilians"] is None and RULES.pending(state)[0].prompt == "jump_preparation"


@pytest.mark.rules("bsg:R915")
def test_two_civilians_and_every_area_taken() -> None:
    spot = next(i for i, s in enumerate(FLEET.pursuit) if s.civilians == 2)
    state = _pursuit_at(spot - 1)
    for area in state["space"]:
        state["space"][area]["civilian"].append(state["decks"]["civilians"].pop())
    state = act(state, state["current"], "activate_cylons")
    legal = sorted(c.args["area"] for c in RULES.legal_commands(state, state["cag"]))
    assert legal == sorted(state["space"])  # no empty area: any
    state = act(state, state["cag"], "place_civilian", area="aft")
    assert RULES.pending(state)[0].prompt == "place_civilian"
    state = act(state, state["cag"], "place_civilian", area="aft")
    assert len(state["space"]["aft"]["civilian"]) == 3 and state["cag_civilians"] is None


@pytest.mark.rules("bsg:R915")
def test_the_end_of_the_pursuit_track_brings_the_whole_cylon_fleet() -> None:
    state = _pursuit_at(len(FLEET.pursuit) - 2)
    state["supply"]["basestar"] -= 1
    state["supply"]["heavy_raider"] -= 1
    state["fleet"]["areas"]["upper_aft"].update(basestar=1, heavy_raider=1)
    state = act(state, state["current"], "activate_cylons")
    raider_area = next(a for a in state["space"] if state["space"][a]["raider"])
    assert state["space"][raider_area]["raider"] == 1  # the raider just placed came in too
    assert len(state["space"]["upper_aft"]["basestar"]) == 1 and state["space"]["upper_aft"]["heavy_raider"] == 1
    assert all(not any(w.values()) for w in state["fleet"]["areas"].values())
    assert state["fleet"]["pursuit"] == 0


@pytest.mark.rules("bsg:R704", "bsg:R918")
def test_the_jump_leaves_the_civilians_and_sends_the_cylons_to_the_cylon_fleet() -> None:
    state = fleet_game(5, BASE_5)
    state = place_only(state, fore={"raider": 2, "basestar": 1, "civilian": 1, "viper": 1},
                       aft={"heavy_raider": 1, "civilian": 2})
    state["space"]["fore"]["basestar"][0]["damage"] = ["bs_critical_hit"]
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    from games.bsg.engine.turns import jump

    reserves = state["reserves"]["viper"]
    jump(ctx, then="end")
    assert len(state["space"]["fore"]["civilian"]) == 1 and len(state["space"]["aft"]["civilian"]) == 2
    assert state["fleet"]["areas"]["fore"] == {"raider": 2, "heavy_raider": 0, "basestar": 1}
    assert state["fleet"]["areas"]["aft"]["heavy_raider"] == 1
    assert not any(w["raider"] or w["heavy_raider"] or w["basestar"] or w["viper"] for w in state["space"].values())
    assert state["reserves"]["viper"] == reserves + 1


def _vipers_to_activate(state: State, count: int = 2) -> State:
    state["viper_acts"] = {"seat": state["current"], "left": count, "mode": "unpiloted"}
    state["dseq"] += 1
    return state


@pytest.mark.rules("bsg:R620")
@pytest.mark.scenarios("bsg:AS-97")
def test_a_viper_escorts_a_civilian_ship_to_safety() -> None:
    """AS-97: the civilian ship goes back into the unused pile, which is shuffled; the activation is spent."""
    state = to_step(fleet_game(5, BASE_5), "action")
    state = _vipers_to_activate(place_only(state, aft={"viper": 1, "civilian": 2}, fore={"civilian": 1}))
    seat = state["current"]
    legal = [c.args for c in RULES.legal_commands(state, seat) if c.kind == "viper_escort"]
    assert legal == [{"area": "aft"}]  # only where a viper and a civilian ship meet
    first = state["space"]["aft"]["civilian"][0]
    pile = list(state["decks"]["civilians"])
    state, events = act_events(state, seat, "viper_escort", area="aft")
    assert state["space"]["aft"]["civilian"] == [c for c in state["space"]["aft"]["civilian"] if c != first]
    assert len(state["space"]["aft"]["civilian"]) == 1 and first in state["decks"]["civilians"]
    assert sorted(state["decks"]["civilians"]) == sorted([*pile, first])
    assert "civilian_escorted" in [e.kind for e in events]
    assert state["viper_acts"]["left"] == 1
    # no escort at a base table
    base = _vipers_to_activate(place_only(to_step(start_game(5, BASE_5), "action"), aft={"viper": 1, "civilian": 2}))
    assert not [c for c in RULES.legal_commands(base, base["current"]) if c.kind == "viper_escort"]
    with pytest.raises(IllegalCommand) as info:
        act(base, base["current"], "viper_escort", area="aft")
    assert info.value.code == "viper_activation_not_possible"


def _admiral_at_action(**areas: dict[str, int]) -> State:
    state = place_only(to_step(fleet_game(5, BASE_5), "action"), **areas)
    for p in state["players"]:
        p["nukes"] = 0
    state["admiral"] = state["current"]
    state["players"][state["current"]]["nukes"] = 2
    return state


def _nuke(state: State, face: int, area: str, target: str) -> tuple[State, list[Any]]:
    out = RULES.apply(state, Command(state["current"], "launch_nuke", {"area": area, "target": target}), Dice(face))
    return out.state, list(out.events)


@pytest.mark.rules("bsg:R618", "bsg:R917")
def test_a_nuke_against_an_area_with_eight_destroys_every_ship() -> None:
    state = _admiral_at_action(fore={"basestar": 1, "raider": 4, "heavy_raider": 1, "viper": 1, "civilian": 1},
                               aft={"raider": 1})
    targets = sorted((c.args["area"], c.args["target"]) for c in RULES.legal_commands(state, state["current"])
                     if c.kind == "launch_nuke")
    assert targets == [("aft", "area"), ("fore", "basestar.0")]  # any area with a Cylon ship
    civ = state["space"]["fore"]["civilian"][0]
    lost = state["vipers_lost"]
    state, events = _nuke(state, 8, "fore", "basestar.0")
    fore = state["space"]["fore"]
    assert not fore["basestar"] and not fore["raider"] and not fore["heavy_raider"]
    assert not fore["viper"] and not fore["civilian"] and state["vipers_lost"] == lost + 1
    assert civ in state["decks"]["civilians_destroyed"]
    assert state["space"]["aft"]["raider"] == 1
    assert state["players"][state["admiral"]]["nukes"] == 1
    assert "area_wiped_out" in [e.kind for e in events]


@pytest.mark.rules("bsg:R618")
@pytest.mark.parametrize(("face", "hits", "raiders", "destroyed"), [(1, 2, 4, None), (4, 0, 4, True), (7, 0, 1, True)])
def test_a_nuke_against_an_area_by_the_die(face: int, hits: int, raiders: int, destroyed: bool | None) -> None:
    """1-2: the basestar is damaged twice (a Critical Hit among the two tokens destroys it), 3-6 destroyed, 7
    destroyed with 3 raiders; the vipers there are spared."""
    state = _admiral_at_action(fore={"basestar": 1, "raider": 4, "viper": 1})
    state, events = _nuke(state, face, "fore", "basestar.0")
    fore = state["space"]["fore"]
    assert (fore["raider"], fore["viper"]) == (raiders, 1)
    assert [e.kind for e in events].count("basestar_damaged") == hits
    if destroyed:
        assert not fore["basestar"]


@pytest.mark.rules("bsg:R618")
def test_a_nuke_against_an_area_without_a_basestar() -> None:
    state = _admiral_at_action(aft={"raider": 4, "civilian": 1})
    quiet, _ = _nuke(state, 5, "aft", "area")
    assert quiet["space"]["aft"]["raider"] == 4 and quiet["players"][quiet["admiral"]]["nukes"] == 1
    seven, _ = _nuke(state, 7, "aft", "area")
    assert seven["space"]["aft"]["raider"] == 1 and len(seven["space"]["aft"]["civilian"]) == 1


@pytest.mark.rules("bsg:R916", "bsg:R144")
def test_the_viper_mark_vii_start_damaged_and_are_repaired_first() -> None:
    state = fleet_game(5, BASE_5)
    assert state["mk7"]["damaged"] == 4 and state["mk7"]["reserves"] == 0
    state["damaged_vipers"] = 1
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    from games.bsg.engine.vipers import repair_vipers

    repair_vipers(ctx, None, 2)
    assert state["mk7"] == {**state["mk7"], "damaged": 2, "reserves": 2} and state["damaged_vipers"] == 1


@pytest.mark.rules("bsg:R916", "bsg:R620")
def test_a_viper_mark_vii_launches_instead_of_a_viper_and_moves_two_areas() -> None:
    state = to_step(fleet_game(5, BASE_5), "action")
    state = _vipers_to_activate(place_only(state, upper_fore={"viper": 1}), count=3)
    state["mk7"].update(damaged=2, reserves=2)
    seat = state["current"]
    launch = next(a.id for a in CONTENT.board.space_areas if a.launch)
    state = act(state, seat, "viper_launch", to=launch, mk7=True)
    assert state["mk7"]["space"][launch] == 1 and state["mk7"]["reserves"] == 1
    two_away = [a for a in cylon_fleet.reach(launch, 2) if a not in CONTENT.board.adjacent(launch)]
    assert len(two_away) == 2
    moves = {(c.args["area"], c.args["to"]) for c in RULES.legal_commands(state, seat)
             if c.kind == "viper_move" and c.args.get("mk7")}
    assert moves == {(launch, a) for a in cylon_fleet.reach(launch, 2)}
    normal_far = [a for a in cylon_fleet.reach("upper_fore", 2) if a not in CONTENT.board.adjacent("upper_fore")]
    with pytest.raises(IllegalCommand):  # a normal viper still moves one area
        act(state, seat, "viper_move", area="upper_fore", to=normal_far[0])
    state = act(state, seat, "viper_move", area=launch, to=two_away[0], mk7=True)
    assert state["mk7"]["space"][two_away[0]] == 1 and state["mk7"]["space"][launch] == 0


@pytest.mark.rules("bsg:R916", "bsg:R604")
@pytest.mark.parametrize(("face", "result"), [(5, "missed"), (6, "damaged"), (7, "damaged"), (8, "destroyed")])
def test_a_raider_attacks_a_viper_mark_vii_on_its_own_row(face: int, result: str) -> None:
    """CF-1: a Viper Mark VII is damaged on 6-7 and destroyed on 8 (a normal viper: 5-7, 8)."""
    state = place_only(fleet_game(5, BASE_5), aft={"raider": 1})
    state["mk7"]["space"]["aft"] = 1
    state["mk7"]["damaged"] = 3
    ctx = Ctx(state=state, rng=Dice(face))
    from games.bsg.engine.cylons import _attack_viper

    assert _attack_viper(ctx, "aft")
    rolled = next(e.data for e in ctx.events if e.kind == "attack_rolled")
    assert (rolled["target"], rolled["result"]) == ("viper_mk7", result)
    assert state["mk7"]["space"]["aft"] == (1 if result == "missed" else 0)
    assert state["mk7"]["damaged"] == 3 + (result == "damaged") and state["mk7"]["lost"] == (result == "destroyed")


@pytest.mark.rules("bsg:R916", "bsg:R302", "bsg:R213")
def test_a_pilot_flies_a_viper_mark_vii() -> None:
    state = to_step(fleet_game(5, BASE_5), "move")
    seat = seat_of(state, "kara_thrace")
    state["current"] = seat
    state["players"][seat]["location"] = "hangar_deck"
    state["mk7"].update(damaged=3, reserves=1)
    state = act(state, seat, "stay")
    launch = next(a.id for a in CONTENT.board.space_areas if a.launch)
    assert {"area": launch, "pick": "mk7"} in [c.args for c in RULES.legal_commands(state, seat)
                                               if c.kind == "activate_location"]
    state = act(state, seat, "activate_location", area=launch, pick="mk7")
    p = state["players"][seat]
    assert p["viper"] == launch and p["mk7"] and state["mk7"]["reserves"] == 0
    # Starbuck activates her own viper after launching: a Mark VII moves up to 2 areas (so does her Movement)
    assert RULES.pending(state)[0].prompt == "activate_vipers"
    assert sorted(c.args["to"] for c in RULES.legal_commands(state, seat)
                  if c.kind == "viper_move") == sorted(cylon_fleet.reach(launch, 2))
    assert cylon_fleet.pilot_reach(state, seat) == cylon_fleet.reach(launch, 2)
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    from games.bsg.engine.turns import jump

    jump(ctx, then="end")  # R704 A: back to the Hangar Deck, the Mark VII to its Reserves
    assert p["viper"] is None and "mk7" not in p and state["mk7"]["reserves"] == 1


def _revealed_at(state: State, location: str) -> tuple[State, int]:
    seat = state["current"]
    p = state["players"][seat]
    p.update(cylon=True, location=location)
    for title in ("president", "admiral", "cag"):
        if state.get(title) == seat:
            state[title] = next(s for s in range(state["n"]) if s != seat)
    return state, seat


@pytest.mark.rules("bsg:R314", "bsg:R911")
def test_a_revealed_cylon_reaches_the_basestar_bridge_without_a_discard() -> None:
    state, seat = _revealed_at(to_step(fleet_game(5, BASE_5), "move"), "caprica")
    moves = [c.args for c in RULES.legal_commands(state, seat) if c.kind == "move"]
    assert {"location": "basestar_bridge"} in moves  # no discard asked (R911)
    assert not [m for m in moves if m.get("discard")]
    base, seat = _revealed_at(to_step(start_game(5, BASE_5), "move"), "caprica")
    assert not [c for c in RULES.legal_commands(base, seat) if c.args.get("location") == "basestar_bridge"]
    human = to_step(fleet_game(5, BASE_5), "move")
    assert not [c for c in RULES.legal_commands(human, human["current"])
                if c.args.get("location") == "basestar_bridge"]


@pytest.mark.rules("bsg:R314", "bsg:R913", "bsg:R915")
def test_the_basestar_bridge_takes_two_different_actions() -> None:
    state, seat = _revealed_at(place_only(to_step(fleet_game(5, BASE_5), "action")), "basestar_bridge")
    options = sorted(c.args["option"] for c in RULES.legal_commands(state, seat)
                     if c.kind == "activate_cylon_location")
    assert options == [0, 1, 2]
    state = act(state, seat, "activate_cylon_location", option=0)
    assert fleet_ships(state, "basestar") == 1 and state["fleet"]["pursuit"] == 1
    assert state["current"] != seat  # his turn is over


@pytest.mark.rules("bsg:R618")
def test_a_table_may_read_the_eight_as_the_cylon_ships_only() -> None:
    """RULINGS G78, A18: the detail option spares the vipers and civilian ships."""
    state = _admiral_at_action(fore={"basestar": 1, "raider": 2, "viper": 1, "civilian": 1})
    state["options"]["cylon_fleet_nuke_eight"] = "cylon_ships"
    lost = state["vipers_lost"]
    state, _ = _nuke(state, 8, "fore", "basestar.0")
    fore = state["space"]["fore"]
    assert not fore["basestar"] and not fore["raider"]
    assert fore["viper"] == 1 and len(fore["civilian"]) == 1 and state["vipers_lost"] == lost


@pytest.mark.rules("bsg:R704", "bsg:R914", "bsg:R615")
def test_a_table_may_keep_a_jumping_basestars_damage() -> None:
    """RULINGS G74: by default the tokens go back to the pile; with ``kept`` they go along and come back."""
    for mode, back in (("repaired", []), ("kept", ["bs_critical_hit"])):
        state = place_only(fleet_game(5, BASE_5), fore={"basestar": 1}, lower_fore={"basestar": 1})
        state["options"]["cylon_fleet_basestar_damage"] = mode
        state["space"]["fore"]["basestar"][0]["damage"] = ["bs_critical_hit"]
        ctx = Ctx(state=state, rng=Rng.from_seed(1))
        from games.bsg.engine.turns import jump

        jump(ctx, then="end")
        assert state["fleet"]["areas"]["fore"]["basestar"] == 1
        assert cylon_fleet.carried_tokens(state) == set(back)
        assert state["supply"]["basestar"] == 0
        assert place_ships(ctx, "basestar", "aft", 1) == 1  # R914: off the Cylon Fleet board, area 1 first
        assert state["space"]["aft"]["basestar"][0]["damage"] == back


@pytest.mark.rules("bsg:R916", "bsg:R452", "bsg:R431")
def test_an_executed_pilot_leaves_his_viper_mark_vii_to_the_mark_vii_reserves() -> None:
    """R452 B: the executed character leaves the game; the Viper Mark VII he flew goes back to the Mark VII's
    Reserves (RULINGS G79), not to the normal vipers'."""
    from tests.bsg.engine.test_executions import execute
    from tests.bsg.engine.test_loyalty import set_loyalty

    state = to_step(fleet_game(5, BASE_5), "crisis")
    state["decks"]["crisis"].append("summary_justice")
    kara = seat_of(state, "kara_thrace")
    set_loyalty(state, kara, "not_a_cylon")
    launch = next(a.id for a in CONTENT.board.space_areas if a.launch)
    state["mk7"].update(damaged=3, reserves=0)
    state["players"][kara].update(viper=launch, mk7=True, location=None)
    normal = state["reserves"]["viper"]
    state = execute(state, kara)
    p = state["players"][kara]
    assert p["viper"] is None and "mk7" not in p
    assert state["mk7"]["reserves"] == 1 and state["reserves"]["viper"] == normal


@pytest.mark.rules("bsg:R916", "bsg:R620")
def test_a_cards_vipers_take_a_viper_mark_vii_when_no_normal_viper_is_left() -> None:
    """R916: the Mark VII "may always be used instead of normal vipers": a card that places vipers with one
    normal viper left in the Reserves places it, then a Mark VII (RULINGS G194)."""
    state = fleet_game(5, BASE_5)
    state["damaged_vipers"] += state["reserves"]["viper"] - 1
    state["reserves"]["viper"] = 1
    state["mk7"].update(damaged=2, reserves=2)
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    before = state["space"]["lower_aft"]["viper"]
    assert place_ships(ctx, "viper", "lower_aft", 2) == 2
    assert state["space"]["lower_aft"]["viper"] == before + 1 and state["reserves"]["viper"] == 0
    assert state["mk7"]["space"]["lower_aft"] == 1 and state["mk7"]["reserves"] == 1
    assert place_ships(ctx, "viper", "lower_aft", 3) == 1  # the last Mark VII, then nothing is left
    assert state["mk7"]["space"]["lower_aft"] == 2 and state["mk7"]["reserves"] == 0


@pytest.mark.rules("bsg:R144", "bsg:R919")
def test_with_pegasus_the_cylon_fleet_removes_the_mining_asteroid() -> None:
    """R144: "if Pegasus is used, remove the Destination 'Mining Asteroid' from the game" (L348)."""
    pegasus = start_game(5, BASE_5, options={"pegasus": True})
    both = start_game(5, BASE_5, options={"pegasus": True, "exodus_cylon_fleet": True})
    assert "mining_asteroid" in pegasus["decks"]["destination"]
    assert "mining_asteroid" not in both["decks"]["destination"]
    assert sorted(both["decks"]["destination"] + ["mining_asteroid"]) == sorted(pegasus["decks"]["destination"])


@pytest.mark.rules("bsg:R622", "bsg:R916", "bsg:R302")
def test_with_every_viper_in_play_a_pilot_may_take_an_unpiloted_viper_mark_vii_from_space() -> None:
    """R622: with every viper in play, the Hangar Deck's pilot may bring any viper of space back to the
    Reserves to fly it; a Viper Mark VII is a viper (R916), so with only Mark VII unpiloted in space he takes one."""
    state = to_step(fleet_game(5, BASE_5), "move")
    seat = seat_of(state, "kara_thrace")
    state["current"] = seat
    state["players"][seat]["location"] = "hangar_deck"
    state = place_only(state)
    state["vipers_lost"] += state["reserves"]["viper"]
    state["reserves"]["viper"] = 0
    state["mk7"].update(damaged=2, reserves=0)
    state["mk7"]["space"]["aft"] = 1
    state["mk7"]["space"]["fore"] = 1
    state = act(state, seat, "stay")
    launch = next(a.id for a in CONTENT.board.space_areas if a.launch)
    offered = [c.args for c in RULES.legal_commands(state, seat) if c.kind == "activate_location"]
    # RULINGS G215: he picks the area whose Mark VII comes back, as with a normal viper (G211)
    mk7 = [o for o in offered if str(o.get("pick")).startswith("mk7")]
    assert {o["pick"] for o in mk7} == {"mk7.aft", "mk7.fore"}
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location", area=launch, pick="mk7")
    assert info.value.code == "bad_location_target"
    state = act(state, seat, "activate_location", area=launch, pick="mk7.aft")
    p = state["players"][seat]
    assert p["viper"] == launch and p["mk7"]
    assert state["mk7"]["space"]["aft"] == 0 and state["mk7"]["space"]["fore"] == 1
    assert state["mk7"]["reserves"] == 0


@pytest.mark.rules("bsg:R456", "bsg:R916")
def test_apollo_chosen_after_an_execution_may_launch_in_a_viper_mark_vii() -> None:
    """R456: Apollo chosen as a new character launches at once in a viper of the Reserves, and only with none
    there waits on the Hangar Deck; a Viper Mark VII of the Reserves is one (R916: "if available, they may
    always be used instead of normal vipers")."""
    from tests.bsg.engine.test_executions import execute
    from tests.bsg.engine.test_loyalty import set_loyalty

    state = to_step(fleet_game(5, BASE_5), "crisis")
    state["decks"]["crisis"].append("summary_justice")
    tigh = seat_of(state, "saul_tigh")
    set_loyalty(state, tigh, "not_a_cylon")
    state["vipers_lost"] += state["reserves"]["viper"]
    state["reserves"]["viper"] = 0
    state["mk7"].update(damaged=3, reserves=1)
    state = execute(state, tigh)
    launch = CONTENT.board.launch_areas()
    options = [c.args for c in RULES.legal_commands(state, tigh) if c.args["character"] == "lee_adama"]
    assert options == [{"character": "lee_adama", "area": a, "pick": "mk7"} for a in launch]
    state = act(state, tigh, "choose_new_character", character="lee_adama", area=launch[0], pick="mk7")
    p = state["players"][tigh]
    assert p["viper"] == launch[0] and p["mk7"] and state["mk7"]["reserves"] == 0 and p["location"] is None


@pytest.mark.rules("bsg:R915", "bsg:R423", "bsg:R420")
def test_the_civilians_due_follow_the_cag_title() -> None:
    """R915 (RULINGS G72, G73): the civilian ships are placed by the CAG, whoever holds the title when they are
    placed: a CAG sent to the Brig before placing them (in the same command) leaves them to his successor."""
    spot = next(i for i, s in enumerate(FLEET.pursuit) if s.civilians == 2)
    state = _pursuit_at(spot - 1)
    state = act(state, state["current"], "activate_cylons")
    old = state["cag"]
    assert RULES.pending(state)[0].seats == {old}
    state = act(state, old, "place_civilian", area="aft")
    from games.bsg.engine.effects import send_to

    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    send_to(ctx, old, "brig")
    new = state["cag"]
    assert new is not None and new != old
    decision = RULES.pending(state)[0]
    assert decision.prompt == "place_civilian" and decision.seats == {new} and decision.params["seat"] == new
    assert RULES.legal_commands(state, old) == []
    with pytest.raises(IllegalCommand):
        act(state, old, "place_civilian", area="fore")
    state = act(state, new, "place_civilian", area="fore")
    assert state["cag_civilians"] is None and len(state["space"]["fore"]["civilian"]) == 1
