"""Galactica's damage and the basestars' and heavy raiders' activations (bsg:R162, R300, R433, R606, R607,
R614, R616, R708)."""

from __future__ import annotations

import pytest

from games.bsg.engine.effects import damage_galactica
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, Ctx
from games.bsg.engine.vipers import repair_location
from games.engine.core import Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, State, act, act_events, start_game, to_step


def game() -> State:
    return start_game(5, BASE_5)


@pytest.mark.rules("bsg:R162", "bsg:R614", "bsg:R433")
@pytest.mark.scenarios("bsg:AS-55")
def test_a_location_token_damages_it_and_sends_its_occupants_to_sickbay() -> None:
    """AS-55: Tigh and a second character in Command; Command is damaged and both go to Sickbay."""
    state = game()
    tigh = next(p for p in state["players"] if p["character"] == "saul_tigh")
    assert tigh["location"] == "command"
    roslin = next(p for p in state["players"] if p["character"] == "laura_roslin")
    roslin["location"] = "command"
    state["decks"]["galactica_damage"].remove("dmg_command")
    state["decks"]["galactica_damage"].append("dmg_command")
    damage_galactica(Ctx(state=state, rng=Rng.from_seed(1)), 1)
    assert state["damage"] == ["command"] and tigh["location"] == "sickbay" and roslin["location"] == "sickbay"
    assert "dmg_command" not in state["decks"]["galactica_damage"]


@pytest.mark.rules("bsg:R162", "bsg:R614")
def test_a_lost_resources_token_costs_them_and_leaves_the_game() -> None:
    state = game()
    state["decks"]["galactica_damage"].remove("dmg_lost_fuel")
    state["decks"]["galactica_damage"].append("dmg_lost_fuel")
    damage_galactica(Ctx(state=state, rng=Rng.from_seed(1)), 1)
    assert state["resources"]["fuel"] == 7 and state["damage"] == []
    assert state["decks"]["damage_removed"] == ["dmg_lost_fuel"]


@pytest.mark.rules("bsg:R616", "bsg:R708")
def test_six_damaged_locations_destroy_galactica() -> None:
    state = game()
    pile = state["decks"]["galactica_damage"]
    pile.sort(key=lambda t: not t.startswith("dmg_lost"))  # the two resource tokens at the bottom (first)
    damage_galactica(Ctx(state=state, rng=Rng.from_seed(1)), 5)
    assert len(state["damage"]) == 5 and state["phase"] == "turn"
    damage_galactica(Ctx(state=state, rng=Rng.from_seed(1)), 1)
    result = RULES.result(state)
    assert result is not None and result.reason == "galactica_destroyed"
    assert result.winners == {p["seat"] for p in state["players"] if any(c.startswith("cylon_")
                                                                         for c in p["revealed"])}


@pytest.mark.rules("bsg:R300")
def test_a_damaged_location_can_be_entered_but_not_activated() -> None:
    """AS-22 with the Admiral's Quarters: moving in is allowed, its action is refused until repaired."""
    state = to_step(game(), "move")
    seat = state["current"]
    state["players"][seat]["location"] = "command"
    undamaged = act(state, seat, "move", location="admirals_quarters")
    assert any(c.kind == "activate_location" for c in RULES.legal_commands(undamaged, seat))
    state["damage"] = ["admirals_quarters"]
    assert any(c.args.get("location") == "admirals_quarters" for c in RULES.legal_commands(state, seat))
    state = act(state, seat, "move", location="admirals_quarters")
    assert state["players"][seat]["location"] == "admirals_quarters"
    assert "activate_location" not in [c.kind for c in RULES.legal_commands(state, seat)]
    other = (seat + 1) % 5
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location", target=other)
    assert (info.value.code, info.value.rule) == ("location_damaged", "bsg:R300")


def _at_activation(crisis: str) -> State:
    state = to_step(game(), "crisis")
    state["decks"]["crisis"].append(crisis)
    state = act(state, state["current"], "draw_crisis")
    while state["forced"]:  # Loss of a Friend: the active player discards 1 card first
        seat = int(next(iter(state["forced"])))
        state = act(state, seat, "discard_forced", card=state["players"][seat]["hand"][0])
    return state


@pytest.mark.rules("bsg:R607", "bsg:R161")
@pytest.mark.scenarios("bsg:AS-50")
def test_basestars_attack_galactica_on_4_or_more() -> None:
    state = _at_activation("loss_of_a_friend")  # activation icon: basestars
    assert state["step"] == "activation"
    seen = set()
    for seed in range(40):
        out = RULES.apply(state, Command(state["current"], "activate_cylons", {}), Rng.from_seed(seed))
        rolls = [e.data["roll"] for e in out.events if e.kind == "attack_rolled"]
        damaged = [e for e in out.events if e.kind == "galactica_damaged"]
        assert len(rolls) == 1  # the one basestar of the setup
        assert len(damaged) == (1 if rolls[0] >= 4 else 0)
        seen.add(rolls[0] >= 4)
    assert seen == {True, False}
    state["space"]["fore"]["basestar"][0]["damage"] = ["bs_weapons_disabled"]
    out = RULES.apply(state, Command(state["current"], "activate_cylons", {}), Rng.from_seed(1))
    assert not [e for e in out.events if e.kind == "attack_rolled"]


@pytest.mark.rules("bsg:R606", "bsg:R605", "bsg:R162")
def test_with_no_heavy_raiders_each_basestar_launches_one() -> None:
    state = _at_activation("dradis_contact")  # places a heavy raider; icon: heavy raiders
    for area in state["space"].values():
        state["supply"]["heavy_raider"] += area["heavy_raider"]
        area["heavy_raider"] = 0
    after = act(state, state["current"], "activate_cylons")
    assert after["space"]["fore"]["heavy_raider"] == 1
    state["space"]["fore"]["basestar"][0]["damage"] = ["bs_hangar_disabled"]
    after = act(state, state["current"], "activate_cylons")
    assert after["space"]["fore"]["heavy_raider"] == 0


@pytest.mark.rules("bsg:R300", "bsg:R162")
@pytest.mark.scenarios("bsg:AS-22")
def test_a_damaged_ftl_control_can_be_entered_but_not_activated_until_repaired() -> None:
    """AS-22: FTL Control damaged, the fleet token on a blue space: a player may move in, but activating it
    is refused; once repaired it jumps the fleet."""
    state = to_step(game(), "move")
    seat = state["current"]
    state["players"][seat]["location"] = "command"
    state["jump"] = next(i for i, s in enumerate(CONTENT.board.jump_track) if s.blue)
    state["damage"] = ["ftl_control"]
    state = act(state, seat, "move", location="ftl_control")
    assert state["players"][seat]["location"] == "ftl_control"
    assert "activate_location" not in [c.kind for c in RULES.legal_commands(state, seat)]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location")
    assert (info.value.code, info.value.rule) == ("location_damaged", "bsg:R300")
    repair_location(Ctx(state=state, rng=Rng.from_seed(1)), "ftl_control")
    assert state["damage"] == []
    assert "activate_location" in [c.kind for c in RULES.legal_commands(state, seat)]
    state, events = act_events(state, seat, "activate_location")
    assert any(e.kind == "fleet_jumped" for e in events)


@pytest.mark.rules("bsg:R605", "bsg:R003", "bsg:R162")
@pytest.mark.scenarios("bsg:AS-46")
def test_launch_raiders_with_two_left_launches_two_and_none_from_a_disabled_hangar() -> None:
    """AS-46: Water Shortage's Launch Raiders icon, 1 basestar and 2 raiders left in the supply: 2 are launched;
    with Hangar Disabled on that basestar, none."""
    state = to_step(game(), "crisis")
    state["decks"]["crisis"].append("water_shortage")
    state = act(state, state["current"], "draw_crisis")
    state = act(state, state["president"], "choose_option", option=0)
    while state["forced"]:
        seat = int(next(iter(state["forced"])))
        state = act(state, seat, "discard_forced", card=state["players"][seat]["hand"][0])
    assert state["step"] == "activation"
    assert [len(w["basestar"]) for w in state["space"].values()].count(1) == 1
    raiders = state["space"]["fore"]["raider"]
    state["supply"]["raider"] = 2
    after = act(state, state["current"], "activate_cylons")
    assert after["space"]["fore"]["raider"] == raiders + 2 and after["supply"]["raider"] == 0
    state["space"]["fore"]["basestar"][0]["damage"] = ["bs_hangar_disabled"]
    after = act(state, state["current"], "activate_cylons")
    assert after["space"]["fore"]["raider"] == raiders and after["supply"]["raider"] == 2


@pytest.mark.rules("bsg:R605", "bsg:R003")
def test_two_basestars_short_of_raiders_launch_first_where_the_active_player_says() -> None:
    """R003 (L420: with too few ships "the active player decides which to use first"; RULINGS G213): Launch
    Raiders with basestars in Fore and Aft and 4 raiders left asks the active player which basestar launches
    first: it launches its 3, the other the 1 left; with enough raiders nobody is asked."""
    state = to_step(game(), "crisis")
    state["decks"]["crisis"].append("water_shortage")
    state = act(state, state["current"], "draw_crisis")
    state = act(state, state["president"], "choose_option", option=0)
    while state["forced"]:
        seat = int(next(iter(state["forced"])))
        state = act(state, seat, "discard_forced", card=state["players"][seat]["hand"][0])
    state["space"]["aft"]["basestar"].append({"damage": []})
    state["supply"]["basestar"] -= 1
    fore, aft = state["space"]["fore"]["raider"], state["space"]["aft"]["raider"]
    current = state["current"]
    plenty = act(state, current, "activate_cylons")
    assert (plenty["space"]["fore"]["raider"], plenty["space"]["aft"]["raider"]) == (fore + 3, aft + 3)
    state["supply"]["raider"] = 4
    asked = act(state, current, "activate_cylons")
    decision = RULES.pending(asked)[0]
    assert decision.prompt == "choose_basestar_to_launch_first" and decision.seats == {current}
    assert [(c.kind, dict(c.args)) for c in RULES.legal_commands(asked, current)] == [
        ("launch_first", {"area": "fore"}), ("launch_first", {"area": "aft"})]
    with pytest.raises(IllegalCommand) as info:
        act(asked, current, "launch_first", area="upper_aft")
    assert (info.value.code, info.value.rule) == ("bad_launch_area", "bsg:R003")
    after = act(asked, current, "launch_first", area="aft")
    assert (after["space"]["fore"]["raider"], after["space"]["aft"]["raider"]) == (fore + 1, aft + 3)
    assert after["supply"]["raider"] == 0 and after["prompt"] is None and after["step"] == "jump"
