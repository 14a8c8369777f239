"""Pegasus's New Caprica objective (bsg:R820-R838; RULINGS G110-G115): the board's data, the phase's setup,
the occupation forces and the Shipyard, destroying civilians, the attack and arrest rolls, and where Sickbay,
the Brig and the Resurrection Ship lead on the planet."""

from __future__ import annotations

import copy
import json

import pytest

from games.bsg.engine import new_caprica, planet, turns
from games.bsg.engine.content import DATA_DIR, ContentError, load
from games.bsg.engine.effects import apply_effects, send_to
from games.bsg.engine.ending import agenda_met
from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import setup_game
from games.bsg.engine.state import CONTENT, Ctx
from games.engine.core import Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import (
    BASE_5,
    PEGASUS,
    State,
    act,
    act_events,
    choose_all,
    skill_card,
    start_game,
    to_step,
)

NEW_CAPRICA = {"pegasus": True, "objective": "new_caprica"}


def nc_game(seed: int = 1) -> State:
    """A Pegasus table with the New Caprica objective at the first player's Receive Skills step."""
    options = RULES.validate_options(5, {**PEGASUS, **NEW_CAPRICA})
    state: State = setup_game(5, options, Rng.from_seed(seed)).state
    state = choose_all(state, BASE_5)
    for p in state["players"]:
        if not p["started"]:
            own = CONTENT.characters[p["character"]].skill_types
            state = act(state, p["seat"], "draw_starting_skills", types=[own[0]] * 3)
    return state


def began(state: State | None = None) -> tuple[State, Ctx]:
    state = copy.deepcopy(state or nc_game())
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    new_caprica.begin(ctx)
    return state, ctx


@pytest.mark.rules("bsg:R317", "bsg:R827", "bsg:R833")
def test_the_board_has_six_locations_and_a_track_ending_at_the_shipyard() -> None:
    nc = CONTENT.new_caprica
    assert nc is not None and nc.set == "pegasus"
    assert len(nc.locations) == 6 and sorted(nc.occupation_track) == sorted(nc.locations)
    assert nc.occupation_track[-1] == nc.roles["shipyard"] == "shipyard"
    assert nc.locations["occupation_authority"].cylon_action == "activate_occupation"
    assert nc.locations["occupation_authority"].human_action is None
    assert nc.trigger_distance == 7


@pytest.mark.rules("bsg:R317", "bsg:R833")
def test_a_track_that_does_not_end_at_the_shipyard_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    for f in DATA_DIR.glob("*.json"):
        (tmp_path / f.name).write_text(f.read_text())
    raw = json.loads((DATA_DIR / "new_caprica.json").read_text())
    raw["occupation_track"] = list(reversed(raw["occupation_track"]))
    (tmp_path / "new_caprica.json").write_text(json.dumps(raw))
    with pytest.raises(ContentError, match="Shipyard ends the occupation track"):
        load(tmp_path)


@pytest.mark.rules("bsg:R820")
def test_the_phase_is_triggered_at_seven_distance_once() -> None:
    state = nc_game()
    state["distance"] = 6
    assert not new_caprica.triggered(state)
    state["distance"] = 7
    assert new_caprica.triggered(state)
    state, _ = began(state)
    assert not new_caprica.triggered(state) and new_caprica.active(state)


@pytest.mark.rules("bsg:R821")
def test_setup_moves_everyone_and_grounds_every_civilian_ship() -> None:
    state = nc_game()
    state["players"][1]["cylon"] = True
    state["space"]["fore"]["civilian"] = ["civ_pop1_a"]
    state["decks"]["civilians"].remove("civ_pop1_a")
    in_space = [c for a in sorted(CONTENT.board.space_areas, key=lambda a: a.number)
                for c in state["space"][a.id]["civilian"]]
    assert "civ_pop1_a" in in_space and len(in_space) > 1  # R110's two civilians as well
    pile = list(state["decks"]["civilians"])
    piloting = state["players"][2]  # Starbuck, launched from the Hangar Deck
    state["reserves"]["viper"] -= 1
    piloting["viper"], piloting["location"] = "lower_aft", None
    reserves = state["reserves"]["viper"]
    state["jump"] = 3
    state, ctx = began(state)
    for p in state["players"]:
        assert p["location"] == ("occupation_authority" if p["cylon"] else "resistance_hq")
    assert state["players"][piloting["seat"]]["viper"] is None and state["reserves"]["viper"] == reserves + 1
    nc = state["new_caprica"]
    assert nc["locked_down"] == [*in_space, *pile] and nc["operational"] == [] and nc["occupation"] == []
    assert state["decks"]["civilians"] == [] and all(not s["civilian"] for s in state["space"].values())
    assert state["jump"] == 0 and not nc["returned"]
    assert sorted(state["decks"]["crisis"]) == sorted(CONTENT.new_caprica_deck())  # R821 step 6, R831
    assert state["decks"]["crisis_discard"] == [] and len(state["decks"]["crisis_boxed"]) > 0
    assert json.loads(json.dumps(state)) == state


@pytest.mark.rules("bsg:R833")
@pytest.mark.scenarios("bsg:AS-101")
def test_occupation_forces_enter_then_move_right_and_the_shipyard_destroys() -> None:
    state, ctx = began()
    nc = state["new_caprica"]
    new_caprica.activate_occupation(ctx)  # none on the board: one enters
    assert nc["occupation"] == ["occupation_authority"]
    new_caprica.activate_occupation(ctx)
    assert nc["occupation"] == ["detention"]
    nc["occupation"] = ["breeders_canyon", "medical_center"]
    nc["locked_down"] = []
    nc["operational"] = ["civ_pop1_a", "civ_pop1_b"]
    population = state["resources"]["population"]
    new_caprica.activate_occupation(ctx)  # RULINGS G111: moved, then the token now in the Shipyard acts
    assert nc["occupation"] == ["resistance_hq"]
    assert nc["operational"] == ["civ_pop1_a"] and state["decks"]["civilians_destroyed"][-1] == "civ_pop1_b"
    assert state["resources"]["population"] == population - 1


@pytest.mark.rules("bsg:R837")
def test_destroying_a_civilian_takes_the_locked_down_top_first_then_operational_then_nothing() -> None:
    state, ctx = began()
    nc = state["new_caprica"]
    nc["locked_down"], nc["operational"] = ["civ_pop1_a"], ["civ_pop1_b"]
    assert new_caprica.destroy_civilian(ctx) == "civ_pop1_a"
    assert new_caprica.destroy_civilian(ctx) == "civ_pop1_b"
    before = copy.deepcopy(state)
    assert new_caprica.destroy_civilian(ctx) is None and state == before


@pytest.mark.rules("bsg:R003")
def test_effects_place_no_more_tokens_than_the_supply() -> None:
    state, ctx = began()
    for _ in range(CONTENT.new_caprica.occupation_tokens):  # type: ignore[union-attr]
        assert new_caprica.place_occupation(ctx, "shipyard")
    assert not new_caprica.place_occupation(ctx, "shipyard")


@pytest.mark.rules("bsg:R829", "bsg:R830")
def test_attack_hits_on_five_and_arrest_sends_by_the_roll() -> None:
    assert [new_caprica.attack_hits(r) for r in range(1, 9)] == [False] * 4 + [True] * 4
    assert [new_caprica.arrest_destination(r) for r in range(1, 9)] == (
        ["detention"] * 3 + ["medical_center"] * 4 + [None])
    assert new_caprica.arrest_destination(10) is None  # a modified roll above 8 counts as 8


@pytest.mark.rules("bsg:R825")
def test_sickbay_brig_and_resurrection_ship_lead_elsewhere_on_the_planet() -> None:
    state, _ = began()
    human = next(p["seat"] for p in state["players"] if not p["cylon"])
    assert planet.redirect(state, "sickbay", human) == "medical_center"
    assert planet.redirect(state, "brig", human) == "detention"
    assert planet.redirect(state, "resurrection_ship", human) == "medical_center"
    state["players"][human]["cylon"] = True
    assert planet.redirect(state, "brig", human) == "brig"  # R825g: never a Cylon in Detention
    state["players"][human]["location"] = "command"  # on Galactica after the return
    state["new_caprica"]["returned"] = True
    assert planet.redirect(state, "sickbay", human) == "sickbay"
    assert planet.redirect(state, "resurrection_ship", human) == "resurrection_ship"


@pytest.mark.rules("bsg:R111", "bsg:R150", "bsg:R148")
def test_the_objective_option_new_caprica_needs_pegasus_and_is_offered_with_it() -> None:
    assert "objective" not in RULES.setup(num_players=5, options=RULES.validate_options(5, {}),
                                          rng=Rng.from_seed(1)).state["options"]  # older tables replay unchanged
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(5, {"objective": "new_caprica"})
    assert (info.value.code, info.value.rule) == ("new_caprica_needs_pegasus", "bsg:R150")
    options = RULES.validate_options(5, NEW_CAPRICA)
    assert options["objective"] == "new_caprica"
    state = RULES.setup(num_players=5, options=options, rng=Rng.from_seed(1)).state
    assert state["options"]["objective"] == "new_caprica"
    assert "new_caprica" not in state  # R148: the board is set up only when the phase begins (R820)
    assert nc_game()["options"]["objective"] == "new_caprica"


def at_destination(state: State, distance: int) -> tuple[State, str]:
    """The Admiral choosing a Destination of ``distance`` that leaves the fleet at ``distance`` + 5."""
    state = to_step(state, "action")
    card = next(d.id for d in CONTENT.destinations.values()
                if d.distance == distance and all(e.kind == "resources" for e in d.effects))
    state["distance"] = 5
    state["prompt"] = {"kind": "destination", "seat": state["admiral"], "cards": [card], "then": "end"}
    return state, card


@pytest.mark.rules("bsg:R820", "bsg:R704")
def test_a_jump_to_seven_begins_the_phase_and_kobol_never_counts() -> None:
    state, card = at_destination(nc_game(), 2)
    after = act(state, state["admiral"], "choose_destination", card=card)
    assert planet.active(after) and after["distance"] == 7
    assert {p["location"] for p in after["players"]} == {"resistance_hq"}
    kobol, card3 = at_destination(start_game(5, BASE_5, options=PEGASUS), 3)  # the Kobol table as before
    assert not planet.active(act(kobol, kobol["admiral"], "choose_destination", card=card3))
    state, card3 = at_destination(nc_game(), 3)
    state["distance"] = 6
    after = act(state, state["admiral"], "choose_destination", card=card3)  # 9: past Kobol's 8, no win
    assert planet.active(after) and not after["objective_reached"]


@pytest.mark.rules("bsg:R704", "bsg:R838", "bsg:R148")
def test_the_gas_cloud_that_begins_the_phase_looks_at_the_new_caprica_deck() -> None:
    state, _ = at_destination(nc_game(), 2)
    assert "gas_cloud" in state["decks"]["destination"]  # shuffled in at a New Caprica table (RULINGS G125)
    state["prompt"]["cards"] = ["gas_cloud"]
    state["decks"]["destination"].remove("gas_cloud")
    admiral, fuel = state["admiral"], state["resources"]["fuel"]
    after, events = act_events(state, admiral, "choose_destination", card="gas_cloud")
    assert planet.active(after) and after["distance"] == 7 and after["resources"]["fuel"] == fuel - 1
    looked = next(e for e in events if e.kind == "deck_looked_at")
    top3 = list(reversed(after["decks"]["crisis"][-3:]))
    assert looked.data["cards"] == top3 and all(CONTENT.crises[c].deck == "new_caprica" for c in top3)
    assert looked.visible_to == frozenset({admiral})
    assert [e.kind for e in events].index("new_caprica_began") < [e.kind for e in events].index("deck_looked_at")
    assert RULES.pending(after)[0].prompt == "arrange_cards" and RULES.pending(after)[0].seats == {admiral}
    order = [top3[2], top3[0], top3[1]]
    done = act(after, admiral, "arrange_cards", order=order)
    assert list(reversed(done["decks"]["crisis"][-3:])) == order and done["prompt"] is None
    assert done["turn_no"] == after["turn_no"] + 1 or done["discards"] or done["forced"]


@pytest.mark.rules("bsg:R704")
def test_a_gas_cloud_short_of_seven_looks_at_the_crisis_deck_and_kobol_tables_never_hold_it() -> None:
    state, _ = at_destination(nc_game(), 2)
    state["distance"] = 3
    state["prompt"]["cards"] = ["gas_cloud"]
    after, events = act_events(state, state["admiral"], "choose_destination", card="gas_cloud")
    assert not planet.active(after)
    looked = next(e for e in events if e.kind == "deck_looked_at")
    assert all(CONTENT.crises[c].deck == "crisis" for c in looked.data["cards"]) and len(looked.data["cards"]) == 3
    kobol = start_game(5, BASE_5, options=PEGASUS)
    assert "gas_cloud" not in kobol["decks"]["destination"]


@pytest.mark.rules("bsg:R826", "bsg:R212")
def test_before_the_return_everyone_moves_only_on_new_caprica_for_free() -> None:
    state, _ = began()
    state = to_step(state, "move")
    seat = state["current"]
    targets = dict(turns.move_targets(state, seat))
    assert set(targets) == {"occupation_authority", "breeders_canyon", "shipyard"}
    assert not any(targets.values())
    with pytest.raises(IllegalCommand):
        act(state, seat, "move", location="command")
    after = act(state, seat, "move", location="shipyard")
    assert after["players"][seat]["location"] == "shipyard"
    with pytest.raises(IllegalCommand) as info:  # the board's actions are not commands yet
        act(after, seat, "activate_location")
    assert info.value.code == "new_caprica_no_action"


@pytest.mark.rules("bsg:R826")
def test_after_the_return_ships_cost_a_card_and_colonial_one_stays_closed() -> None:
    state, _ = began()
    state["new_caprica"]["returned"] = True
    human = state["current"]
    targets = dict(planet.move_targets(state, human))
    assert targets["command"] and targets["pegasus_cic"] and not targets["shipyard"]
    assert not any(CONTENT.locations[loc].ship == "colonial_one" for loc in targets if loc in CONTENT.locations)
    state["players"][human]["location"] = "command"
    targets = dict(planet.move_targets(state, human))
    assert targets["shipyard"] and not targets["armory"] and targets["pegasus_cic"]
    state["players"][human]["location"] = "detention"
    assert planet.move_targets(state, human) == []


@pytest.mark.rules("bsg:R831", "bsg:R832", "bsg:R833")
def test_new_caprica_crises_are_drawn_and_their_cylon_icons_ignored_before_the_return() -> None:
    state, _ = began()
    state = to_step(state, "crisis")
    state["decks"]["crisis"].append("grounded_ship_sabotaged")  # event; icon: the occupation forces
    locked = list(state["new_caprica"]["locked_down"])
    state = act(state, state["current"], "draw_crisis")
    assert state["new_caprica"]["locked_down"] == locked[:-1]  # R837: the top locked-down ship destroyed
    state = act(state, state["current"], "activate_cylons")
    assert state["new_caprica"]["occupation"] == ["occupation_authority"]
    assert state["step"] in ("jump", "end")


@pytest.mark.rules("bsg:R832", "bsg:R834")
def test_raider_icons_and_ship_placements_are_ignored_before_the_return() -> None:
    state, ctx = began()
    state["crisis"] = "fuel_cache_raided"
    state["step"] = "activation"
    before = copy.deepcopy(state["space"])
    assert new_caprica.icon(ctx, "launch_raiders")
    crisis = CONTENT.crises["jammed_assault"]
    apply_effects(ctx, crisis.effects, crisis.id)
    assert state["space"] == before
    ignored = [e.data["effect"] for e in ctx.events if e.kind == "new_caprica_ignored"]
    assert ignored == ["launch_raiders", "place_ships", "place_ships", "place_ships"]
    assert state["decks"]["civilians_destroyed"] == []  # its raptor loss is not a ship around Galactica


@pytest.mark.rules("bsg:R834")
@pytest.mark.scenarios("bsg:AS-106")
def test_auto_jump_brings_galactica_back_and_only_a_later_card_evacuates() -> None:
    state, _ = began()
    for area in state["space"].values():  # the ships of the setup back in their supply
        state["supply"]["basestar"] += len(area["basestar"])
        state["supply"]["raider"] += area["raider"]
        state["reserves"]["viper"] += area["viper"]
        area.update({"raider": 0, "heavy_raider": 0, "basestar": [], "viper": 0, "civilian": []})
    state = to_step(state, "crisis")
    state["jump"] = len(CONTENT.board.jump_track) - 2  # one space before Auto Jump
    state["new_caprica"]["operational"] = ["civ_pop1_a", "civ_pop1_b"]
    seat = state["current"]
    state["crisis"], state["step"] = "ration_lines", "activation"  # resolved; jump and evacuation icons
    state = act(state, seat, "activate_cylons")
    if state["step"] == "jump":
        state = act(state, seat, "prepare_jump")
    assert planet.returned(state)
    above = [a.id for a in CONTENT.board.space_areas if a.above]
    launch = [a.id for a in CONTENT.board.space_areas if a.launch]
    for a in above:
        assert len(state["space"][a]["basestar"]) == 1 and state["space"][a]["raider"] == 4
    for a in launch:
        assert state["space"][a]["viper"] == 2
    assert state["new_caprica"]["operational"] == ["civ_pop1_a", "civ_pop1_b"]  # that card does not evacuate
    ctx = Ctx(state=copy.deepcopy(state), rng=Rng.from_seed(1))
    new_caprica.evacuate(ctx, "curfew_sweep", seat)  # no evacuation icon
    assert ctx.state["new_caprica"]["operational"] == ["civ_pop1_a", "civ_pop1_b"] and ctx.state["prompt"] is None
    new_caprica.evacuate(ctx, "ration_lines", seat)  # the active player chooses the area (RULINGS G118)
    assert ctx.state["prompt"] == {"kind": "evacuate", "seat": seat}
    new_caprica.evacuate_to(ctx, seat, launch[1])
    assert ctx.state["new_caprica"]["operational"] == ["civ_pop1_a"]
    assert ctx.state["space"][launch[1]]["civilian"] == ["civ_pop1_b"]


@pytest.mark.rules("bsg:R834", "bsg:R252")
def test_the_active_player_chooses_where_an_evacuated_civilian_goes() -> None:
    state, _ = began()
    state["new_caprica"]["returned"] = True
    state["new_caprica"]["operational"] = ["civ_pop1_a", "civ_pop1_b"]
    state = to_step(state, "crisis")
    seat = state["current"]
    state["crisis"], state["step"] = "ration_lines", "jump"  # resolved; it has the evacuation icon
    turn = state["turn_no"]
    state = act(state, seat, "prepare_jump")
    assert RULES.pending(state)[0].prompt == "choose_evacuation_area" and state["turn_no"] == turn
    launch = [a.id for a in sorted(CONTENT.board.space_areas, key=lambda a: a.number) if a.launch]
    assert len(launch) == 2
    assert sorted(c.args["area"] for c in RULES.legal_commands(state, seat)) == sorted(launch)
    assert RULES.legal_commands(state, (seat + 1) % 5) == []
    with pytest.raises(IllegalCommand) as err:
        act(state, seat, "evacuate_civilian", area=next(a for a in state["space"] if a not in launch))
    assert err.value.code == "bad_evacuation_area"
    before = len(state["space"][launch[1]]["civilian"])
    state = act(state, seat, "evacuate_civilian", area=launch[1])
    assert state["space"][launch[1]]["civilian"][before:] == ["civ_pop1_b"]
    assert state["new_caprica"]["operational"] == ["civ_pop1_a"]
    assert state["turn_no"] == turn + 1 or state["discards"] or state["forced"]  # the turn went on to its end


@pytest.mark.rules("bsg:R834")
def test_with_one_launch_icon_area_the_ship_goes_there_without_a_decision(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    state, ctx = began()
    state["new_caprica"]["returned"] = True
    state["new_caprica"]["operational"] = ["civ_pop1_a"]
    only = new_caprica.evacuation_areas()[0]
    monkeypatch.setattr(new_caprica, "evacuation_areas", lambda: [only])
    new_caprica.evacuate(ctx, "ration_lines", state["current"])
    assert state["prompt"] is None and state["space"][only]["civilian"][-1] == "civ_pop1_a"
    assert state["new_caprica"]["operational"] == []


@pytest.mark.rules("bsg:R825", "bsg:R424")
def test_a_crisis_sending_a_planet_character_to_the_brig_sends_him_to_detention() -> None:
    state, ctx = began()
    admiral = state["admiral"]
    send_to(ctx, admiral, "brig")
    assert state["players"][admiral]["location"] == "detention" and state["admiral"] == admiral


def at_action(location: str, cylon_seat: int | None = None) -> tuple[State, int]:
    """The phase begun, the current player at his Action step in ``location``."""
    state, _ = began()
    state = to_step(state, "action")
    seat = state["current"]
    state["players"][seat]["location"] = location
    if cylon_seat is not None:
        state["players"][cylon_seat]["cylon"] = True
    return state, seat


def legal(state: State, seat: int) -> list[tuple[str, tuple[tuple[str, object], ...]]]:
    return [(c.kind, tuple(sorted(c.args.items()))) for c in RULES.legal_commands(state, seat)]


@pytest.mark.rules("bsg:R829")
def test_attacking_the_occupation_forces_needs_a_token_and_removes_it_on_five() -> None:
    state, seat = at_action("breeders_canyon")
    assert ("attack_occupation", ()) not in legal(state, seat)
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "attack_occupation")
    assert info.value.rule == "bsg:R829"
    state["new_caprica"]["occupation"] = ["breeders_canyon"]
    assert ("attack_occupation", ()) in legal(state, seat)
    results = set()
    for seed in range(12):
        out = RULES.apply(state, Command(seat, "attack_occupation", {}), Rng.from_seed(seed))
        roll = next(e.data["roll"] for e in out.events if e.kind == "die_rolled")
        results.add(roll >= 5)
        assert (out.state["new_caprica"]["occupation"] == []) == (roll >= 5)
        assert out.state["step"] == "crisis"
    assert results == {True, False}


@pytest.mark.rules("bsg:R830")
def test_a_cylon_arrests_a_human_beside_him_and_a_token() -> None:
    state, _ = began()
    state = to_step(state, "action")
    cylon = state["current"]
    human = (cylon + 1) % 5
    state["players"][cylon]["cylon"] = True
    for s in (cylon, human):
        state["players"][s]["location"] = "shipyard"
    assert ("arrest_human", (("target", human),)) not in legal(state, cylon)
    state["new_caprica"]["occupation"] = ["shipyard"]
    assert ("arrest_human", (("target", human),)) in legal(state, cylon)
    seen = set()
    for seed in range(30):
        out = RULES.apply(state, Command(cylon, "arrest_human", {"target": human}), Rng.from_seed(seed))
        roll = next(e.data["roll"] for e in out.events if e.kind == "human_arrested")
        want = "detention" if roll <= 3 else "medical_center" if roll <= 7 else "shipyard"
        assert out.state["players"][human]["location"] == want
        seen.add(want)
    assert {"detention", "medical_center"} <= seen


@pytest.mark.rules("bsg:R827")
def test_the_locations_human_and_cylon_actions() -> None:
    state, seat = at_action("shipyard")
    locked = list(state["new_caprica"]["locked_down"])
    assert ("new_caprica_action", ()) in legal(state, seat)
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location")
    assert info.value.code == "new_caprica_no_action"
    after = act(state, seat, "new_caprica_action")
    assert after["new_caprica"]["operational"] == [locked[-1]] and after["step"] == "crisis"
    state, seat = at_action("resistance_hq")
    hand = len(state["players"][seat]["hand"])
    after = act(state, seat, "new_caprica_action", pick="engineering")
    assert len(after["players"][seat]["hand"]) == hand + 1
    state, seat = at_action("occupation_authority")
    assert ("new_caprica_action", ()) not in legal(state, seat)  # a Cylon action
    state["players"][seat]["cylon"] = True
    after = act(state, seat, "new_caprica_action")
    assert after["new_caprica"]["occupation"] == ["occupation_authority"]
    state, seat = at_action("detention")
    state["new_caprica"]["occupation"] = ["detention"]
    assert not any(k in ("attack_occupation", "new_caprica_action") for k, _ in legal(state, seat))


@pytest.mark.rules("bsg:R835")
def test_the_admiral_departs_after_the_return_and_those_left_behind_are_lost() -> None:
    state, _ = began()
    state = to_step(state, "action")
    admiral = state["admiral"]
    state["current"] = admiral
    assert not any(c.kind == "order_departure" for c in RULES.legal_commands(state, admiral))  # not before
    state["new_caprica"]["returned"] = True
    for p in state["players"]:
        p["location"] = "command"
    state["players"][(admiral + 1) % 5]["location"] = "shipyard"  # one human left behind
    state["new_caprica"]["locked_down"] = ["civ_pop1_a"]
    state["new_caprica"]["operational"] = ["civ_empty_b"]  # no loss
    morale, population = state["resources"]["morale"], state["resources"]["population"]
    after = act(state, admiral, "order_departure")
    assert after["phase"] == "over" and after["result"]["reason"] == "new_caprica_departed"
    assert after["resources"]["morale"] == morale - 1 and after["resources"]["population"] == population - 1
    assert after["new_caprica"]["locked_down"] == [] and after["new_caprica"]["operational"] == []
    assert after["result"]["winner"] == "humans"
    state["resources"]["morale"] = 1
    assert act(state, admiral, "order_departure")["result"]["winner"] == "cylons"


@pytest.mark.rules("bsg:R825", "bsg:R805")
def test_an_agenda_needing_the_leader_outside_the_brig_fails_in_detention() -> None:
    state, _ = began()
    agenda = next(a for a in CONTENT.agendas.values() if any(c["kind"] == "outside_brig" for c in a.conditions))
    p = state["players"][0]
    p["agenda"], p["cylon"], p["location"] = agenda.id, False, "detention"
    assert not agenda_met(state, 0, agenda.side)


@pytest.mark.rules("bsg:R459", "bsg:R838", "bsg:R825")
def test_resistance_bombing_executes_a_revealed_cylon_who_goes_to_the_medical_center() -> None:
    state, _ = began()
    state = to_step(state, "crisis")
    cylon = (state["current"] + 2) % 5
    if cylon == state["admiral"]:
        cylon = (cylon + 1) % 5
    state["players"][cylon].update(cylon=True, location="occupation_authority")
    state["decks"]["crisis"].append("resistance_bombing")
    state = act(state, state["current"], "draw_crisis")
    admiral = state["admiral"]
    state = act(state, admiral, "choose_option", option=0)
    assert cylon in [c.args["target"] for c in RULES.legal_commands(state, admiral) if c.kind == "choose_target"]
    state, events = act_events(state, admiral, "choose_target", target=cylon)
    assert any(e.kind == "character_executed" and e.data["seat"] == cylon for e in events)
    assert state["players"][cylon]["location"] == "medical_center" and state["players"][cylon]["cylon"]
    assert "executions" not in state


@pytest.mark.rules("bsg:R401", "bsg:R821")
def test_the_view_shows_the_occupation_and_the_stacks_sizes_but_not_the_ships() -> None:
    state, ctx = began()
    new_caprica.activate_occupation(ctx)
    shown = RULES.view(state, 0)
    assert shown["new_caprica"] == {"returned": False, "occupation": ["occupation_authority"],
                                    "locked_down": len(state["new_caprica"]["locked_down"]), "operational": 0}
    text = json.dumps(shown)
    assert not any(f'"{civ}"' in text for civ in state["new_caprica"]["locked_down"])
    assert not any(f'"{card}"' in text for card in state["decks"]["crisis_boxed"] if card != state["crisis"])
    zones = {z.name: z for z in RULES.zones(state)}
    assert zones["new_caprica:locked_down"].visibility == "hidden" and zones["crisis_boxed"].visibility == "hidden"


@pytest.mark.rules("bsg:R401")
def test_rerandomising_shuffles_the_face_down_stacks_and_keeps_the_seats_view() -> None:
    from games.bsg.secrets import rerandomise
    state, _ = began()
    stacks = state["new_caprica"]["locked_down"] + state["new_caprica"]["operational"]
    moved = False
    for seed in range(5):
        out = rerandomise(state, 0, Rng.from_seed(seed))
        assert RULES.view(out, 0) == RULES.view(state, 0)
        assert sorted(out["new_caprica"]["locked_down"]) == sorted(stacks)
        moved |= out["new_caprica"]["locked_down"] != state["new_caprica"]["locked_down"]
    assert moved


@pytest.mark.rules("bsg:R829")
def test_maximum_firepower_rerolls_a_missed_attack_and_is_discarded() -> None:
    state, seat = at_action("breeders_canyon")
    state["new_caprica"]["occupation"] = ["breeders_canyon"]
    card = skill_card(state, "piloting", 3)
    assert card.startswith("maximum_firepower.")
    state["players"][seat]["hand"].append(card)
    assert ("attack_occupation", (("card", card),)) in legal(state, seat)
    rerolled = kept = 0
    for seed in range(20):
        out = RULES.apply(state, Command(seat, "attack_occupation", {"card": card}), Rng.from_seed(seed))
        rolls = [e.data["roll"] for e in out.events if e.kind == "die_rolled"]
        if rolls[0] < 5:  # a miss: the card goes, the die is rolled again
            assert len(rolls) == 2 and card not in out.state["players"][seat]["hand"]
            assert (out.state["new_caprica"]["occupation"] == []) == (rolls[1] >= 5)
            rerolled += 1
        else:  # a hit keeps the card
            assert len(rolls) == 1 and card in out.state["players"][seat]["hand"]
            kept += 1
    assert rerolled and kept


@pytest.mark.rules("bsg:R608", "bsg:R832")
def test_every_cylon_ship_activation_icon_is_ignored_until_galactica_returns() -> None:
    state, ctx = began()
    state["crisis"] = "fuel_cache_raided"
    for icon in ("raiders", "launch_raiders", "heavy_raiders", "basestars"):
        assert new_caprica.icon(ctx, icon), icon  # handled: ignored
    ignored = [e.data["effect"] for e in ctx.events if e.kind == "new_caprica_ignored"]
    assert ignored == ["raiders", "launch_raiders", "heavy_raiders", "basestars"]
    state["new_caprica"]["returned"] = True  # once Galactica is back, the icons act as usual
    assert not any(new_caprica.icon(ctx, icon) for icon in ("raiders", "launch_raiders", "heavy_raiders", "basestars"))


@pytest.mark.rules("bsg:R834", "bsg:R303")
def test_after_the_return_the_jump_track_is_not_used_and_ftl_control_cannot_jump() -> None:
    """R834 (L870): once Galactica is back "the Jump Preparation track is no longer used": an effect that would
    move the fleet token (Starbuck's Secret Destiny, a Cylon's FTL sabotage, ...) leaves it at Start, so FTL
    Control never finds a blue space to jump from."""
    state, ctx = began()
    state["new_caprica"]["returned"] = True
    for name in ("starbuck_secret_destiny", "cain_blind_jump"):
        ability = next(a for c in CONTENT.characters.values() for a in c.abilities if a.id == name)
        apply_effects(ctx, list(ability.effects), ability.id)
    assert state["jump"] == 0
    assert [e.kind for e in ctx.events].count("jump_track_unused") == 2
    state = to_step(state, "action")
    seat = state["current"]
    state["players"][seat]["location"] = "ftl_control"
    assert not any(c.kind == "activate_location" for c in RULES.legal_commands(state, seat))


@pytest.mark.rules("bsg:R834")
def test_before_the_return_the_jump_track_moves_as_usual() -> None:
    state, ctx = began()
    secret = next(a for c in CONTENT.characters.values() for a in c.abilities if a.id == "cain_blind_jump")
    apply_effects(ctx, list(secret.effects), secret.id)
    assert state["jump"] == 2


@pytest.mark.rules("bsg:R835", "bsg:R451", "bsg:R453", "bsg:R803")
def test_the_departure_executes_a_hidden_cylon_or_an_infiltrated_leader_without_a_morale_loss() -> None:
    """R835 executes every human player left on the planet; an execution proves loyalty first (R451): one who
    holds a "You Are a Cylon" card follows R453 (no morale lost), an infiltrated Leader goes back to the
    Resurrection Ship and is no longer infiltrated (R803h, RULINGS G61). Only a real human costs 1 morale."""
    state, _ = began()
    state = to_step(state, "action")
    admiral = state["admiral"]
    state["current"] = admiral
    state["new_caprica"]["returned"] = True
    state["new_caprica"]["locked_down"], state["new_caprica"]["operational"] = [], []
    for p in state["players"]:
        p["location"] = "command"
    hidden, leader, human = [(admiral + k) % 5 for k in (1, 2, 3)]
    cylon_card = next(c for c in state["decks"]["loyalty"] + state["decks"]["loyalty_box"]
                      if CONTENT.loyalty[c.split(".")[0]].side == "cylon")
    for pile in (state["decks"]["loyalty"], state["decks"]["loyalty_box"]):
        if cylon_card in pile:
            pile.remove(cylon_card)
    state["players"][hidden]["loyalty"].append(cylon_card)
    mine = state["players"][human]["loyalty"]
    state["decks"]["loyalty_box"] += [c for c in mine if CONTENT.loyalty[c.split(".")[0]].side == "cylon"]
    mine[:] = [c for c in mine if CONTENT.loyalty[c.split(".")[0]].side != "cylon"]
    state["players"][leader].update(leader=True, loyalty=[])
    for seat in (hidden, leader, human):
        state["players"][seat]["location"] = "shipyard"
    morale = state["resources"]["morale"]
    after = act(state, admiral, "order_departure")
    assert after["phase"] == "over"
    assert after["resources"]["morale"] == morale - 1  # the real human only
    assert after["players"][leader]["location"] == "resurrection_ship" and after["players"][leader]["cylon"]


@pytest.mark.rules("bsg:R825", "bsg:R220")
def test_a_reveal_in_detention_carries_out_no_loyalty_card_action() -> None:
    """R825 (L817): as in the Brig, a player who reveals in Detention cannot use his loyalty card's action."""
    state, seat = at_action("detention")
    piles = [state["decks"]["loyalty"], state["decks"]["loyalty_box"], *(q["loyalty"] for q in state["players"])]
    card = next(c for pile in piles for c in pile if c.split(".")[0] == "cylon_reduce_morale")
    for pile in piles:
        if card in pile:
            pile.remove(card)
    p = state["players"][seat]
    state["decks"]["loyalty_box"] += p["loyalty"]
    p["loyalty"] = [card]
    morale = state["resources"]["morale"]
    state, events = act_events(state, seat, "reveal_loyalty", card=card)
    assert "loyalty_action_blocked" in [e.kind for e in events]
    assert state["resources"]["morale"] == morale and state["players"][seat]["cylon"]


def leader_on_planet(location: str, returned: bool = False) -> tuple[State, int]:
    """The phase begun, the current player an infiltrated Cylon Leader at his Action step in ``location``."""
    state, seat = at_action(location)
    p = state["players"][seat]
    state["decks"]["loyalty_box"] += p["loyalty"]
    p.update(leader=True, loyalty=[], cylon=False)
    for title in ("president", "admiral"):
        if state[title] == seat:
            state[title] = (seat + 1) % 5
    state["new_caprica"]["returned"] = returned
    return state, seat


@pytest.mark.rules("bsg:R803", "bsg:R825")
def test_a_leader_returning_from_detention_keeps_three_cards_and_goes_to_the_medical_center() -> None:
    """R803h: from the Brig **or Detention** he discards down to 3 Skill cards; R825a: until Galactica returns,
    one who would go to the Resurrection Ship goes to the Medical Center."""
    state, seat = leader_on_planet("detention")
    p = state["players"][seat]
    p["hand"] += [state["decks"]["skill"]["politics"].pop() for _ in range(5)]
    hand = len(p["hand"])
    assert hand > 3
    state = act(state, seat, "return_to_resurrection")
    p = state["players"][seat]
    assert p["cylon"] and p["location"] == "medical_center"
    assert state["forced"] == {str(seat): hand - 3}


@pytest.mark.rules("bsg:R803", "bsg:R825")
def test_a_leader_returning_after_galactica_is_back_goes_to_the_resurrection_ship() -> None:
    state, seat = leader_on_planet("shipyard", returned=True)
    state = act(state, seat, "return_to_resurrection")
    assert state["players"][seat]["location"] == "resurrection_ship" and state["forced"] == {}


@pytest.mark.rules("bsg:R826", "bsg:R803", "bsg:R311")
def test_a_leader_cannot_infiltrate_onto_colonial_one_during_the_phase() -> None:
    """R826 (L784): during the phase nobody may go to Colonial One, even after Galactica's return."""
    state, seat = leader_on_planet("shipyard", returned=True)
    state["players"][seat].update(cylon=True, location="human_fleet")
    offered = {c.args["location"] for c in RULES.legal_commands(state, seat) if c.kind == "infiltrate"}
    assert "command" in offered
    assert not any(CONTENT.locations[loc].ship == "colonial_one" for loc in offered)
    with pytest.raises(IllegalCommand) as refused:
        act(state, seat, "infiltrate", location="press_room")
    assert refused.value.code == "cannot_infiltrate"


@pytest.mark.rules("bsg:R834", "bsg:R220")
def test_before_the_return_a_revealed_sabotage_card_damages_nothing() -> None:
    """R834 (L895): until Galactica returns her and the Pegasus's locations can be neither damaged nor repaired;
    a "You Are a Cylon" card that damages Galactica, revealed on the planet, draws no token."""
    state, seat = at_action("shipyard")
    piles = [state["decks"]["loyalty"], state["decks"]["loyalty_box"], *(q["loyalty"] for q in state["players"])]
    card = next(c for pile in piles for c in pile
                if any(e.kind == "damage_galactica" for e in CONTENT.loyalty[c.split(".")[0]].effects))
    for pile in piles:
        if card in pile:
            pile.remove(card)
    p = state["players"][seat]
    state["decks"]["loyalty_box"] += p["loyalty"]
    p["loyalty"] = [card]
    tokens = list(state["decks"]["galactica_damage"])
    state, events = act_events(state, seat, "reveal_loyalty", card=card)
    assert state["damage"] == [] and state["decks"]["galactica_damage"] == tokens
    assert state["prompt"] is None or state["prompt"]["kind"] != "choose_damage"
    assert any(e.kind == "new_caprica_ignored" for e in events)


@pytest.mark.rules("bsg:R834", "bsg:R618", "bsg:R220")
def test_before_the_return_no_nuke_viper_activation_or_repair_reaches_galactica_and_after_it_no_track_move() -> None:
    """R834 (L895; R821 step 2): the ships left around Galactica are unaffected until she returns and her
    locations can be neither damaged nor repaired: the Admiral's nukes, Apollo's CAG and the Chief's Emergency
    Repairs are not offered. After the return the jump track is not used: Starbuck's Secret Destiny is not."""
    from games.bsg.engine import actions, characters

    state, seat = at_action("resistance_hq")
    area = next(iter(state["space"]))
    state["space"][area]["basestar"].append({"damage": []})
    state["space"][area]["viper"] += 1
    state["damage"].append("armory")
    state["admiral"] = seat
    p = state["players"][seat]
    p["nukes"] = 1
    assert not any(kind == "launch_nuke" for kind, _ in actions.options(state, seat))
    for character in ("lee_adama", "galen_tyrol"):
        p["character"] = character
        assert characters.options(state, seat) == [], character
    state["new_caprica"]["returned"] = True
    assert any(kind == "launch_nuke" for kind, _ in actions.options(state, seat))
    p["character"] = "galen_tyrol"
    assert characters.options(state, seat) == [{}]
    p["character"] = "kara_thrace"
    assert characters.options(state, seat) == []


def president_on_planet(card: str, location: str = "resistance_hq") -> tuple[State, int]:
    """The phase begun, the President at his Action step on ``location`` holding only ``card``."""
    state, _ = began()
    state = to_step(state, "action")
    president = state["president"]
    state["current"] = president
    p = state["players"][president]
    state["decks"]["quorum"] += p["quorum"]
    state["decks"]["quorum"].remove(card)
    p["quorum"], p["location"] = [card], location
    return state, president


def quorum_rolls(events: list) -> list[int]:  # type: ignore[type-arg]
    return [e.data["roll"] for e in events if e.kind == "president_quorum_roll"]


@pytest.mark.rules("bsg:R825")
def test_a_president_on_new_caprica_rolls_after_each_quorum_card_and_goes_to_detention_on_three_or_less() -> None:
    """R825e (L815): the New Caprica President title card: each time he plays a Quorum card while on a New
    Caprica location he rolls a die; on 3 or less he is sent to Detention."""
    state, president = president_on_planet("inspirational_speech")
    seen = set()
    for seed in range(20):
        out = RULES.apply(state, Command(president, "play_quorum", {"card": "inspirational_speech"}),
                          Rng.from_seed(seed))
        rolls = quorum_rolls(list(out.events))
        assert len(rolls) == 1
        where = out.state["players"][president]["location"]
        assert where == ("detention" if rolls[0] <= 3 else "resistance_hq")
        assert out.state["president"] == president  # the title stays with him (R423)
        seen.add(where)
    assert seen == {"detention", "resistance_hq"}
    state["new_caprica"]["returned"] = True
    state["players"][president]["location"] = "command"  # back aboard: no roll
    out = RULES.apply(state, Command(president, "play_quorum", {"card": "inspirational_speech"}), Rng.from_seed(1))
    assert quorum_rolls(list(out.events)) == []


@pytest.mark.rules("bsg:R825", "bsg:R424")
def test_the_presidents_quorum_cards_that_name_the_brig_mean_detention_while_he_is_on_the_planet() -> None:
    """R825e: while the President stands on New Caprica a Quorum effect that applies to the Brig applies to
    Detention: Arrest Order sends there even a character aboard Galactica, Presidential Pardon and Sentence of
    Death choose among those in Detention."""
    state, president = president_on_planet("arrest_order")
    state["new_caprica"]["returned"] = True
    aboard = (president + 1) % 5
    state["players"][aboard]["location"] = "command"
    out = RULES.apply(state, Command(president, "play_quorum", {"card": "arrest_order", "target": aboard}),
                      Rng.from_seed(9))
    assert out.state["players"][aboard]["location"] == "detention"
    state, president = president_on_planet("presidential_pardon")
    held = (president + 2) % 5
    state["players"][held]["location"] = "detention"
    targets = [c.args.get("target") for c in RULES.legal_commands(state, president) if c.kind == "play_quorum"]
    assert targets == [held]


@pytest.mark.rules("bsg:R826", "bsg:R834")
def test_a_pardoned_character_moves_only_where_the_phase_allows() -> None:
    """R826: until Galactica returns nobody goes anywhere but a New Caprica location, and never to Colonial
    One: a character an effect moves "anywhere" is offered New Caprica's places (not the Medical Center or
    Detention), and after the return Galactica's and the Pegasus's too."""
    state, _ = began()
    seat = state["current"]
    state["players"][seat]["location"] = "detention"
    before = turns.move_anywhere_targets(state, seat)
    assert sorted(before) == sorted(set(planet.board().locations) - {"detention", "medical_center"})
    state["new_caprica"]["returned"] = True
    after = turns.move_anywhere_targets(state, seat)
    assert "command" in after and "resistance_hq" in after
    assert not any(loc in CONTENT.locations and CONTENT.locations[loc].ship == "colonial_one" for loc in after)


@pytest.mark.rules("bsg:R834")
def test_brutal_force_destroys_no_raider_around_galactica_before_the_return() -> None:
    state, president = president_on_planet("authorization_of_brutal_force", "shipyard")
    area = next(iter(state["space"]))
    state["space"][area]["raider"] += 2
    state["supply"]["raider"] -= 2
    raiders = sum(w["raider"] for w in state["space"].values())
    out = RULES.apply(state, Command(president, "play_quorum", {"card": "authorization_of_brutal_force"}),
                      Rng.from_seed(1))
    assert sum(w["raider"] for w in out.state["space"].values()) == raiders
    assert any(e.kind == "new_caprica_ignored" for e in out.events)


@pytest.mark.rules("bsg:R825")
def test_a_brig_ability_used_from_new_caprica_sends_to_detention() -> None:
    """R825d (L814): a character ability that applies to the Brig applies to Detention while its character is
    on New Caprica: Adama's Hard Decision from the planet sends even a character aboard Galactica there."""
    from games.bsg.engine import characters

    state, seat = at_action("resistance_hq")
    state["new_caprica"]["returned"] = True
    p = state["players"][seat]
    p["character"] = "william_adama"
    aboard = (seat + 1) % 5
    state["players"][aboard]["location"] = "command"
    assert {"target": aboard} in characters.options(state, seat)
    after = act(state, seat, "use_ability", target=aboard)
    assert after["players"][aboard]["location"] == "detention"
    p["location"] = "command"  # aboard himself, his Brig is the Brig
    after = act(state, seat, "use_ability", target=aboard)
    assert after["players"][aboard]["location"] == "brig"
