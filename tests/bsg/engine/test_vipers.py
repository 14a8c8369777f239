"""Vipers and the humans' guns (bsg:R620, R621, R301, R610, R611, R614, R615, R618, R220 D-E, R626): viper
activations from Command and from a pilot's own viper, Weapons Control, basestar damage, the Admiral's
nukes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.engine.core import Command, Event, IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, State, act, place_only, start_game, to_step

APOLLO_5 = ["lee_adama", "william_adama", "laura_roslin", "gaius_baltar", "saul_tigh"]




def at_action(characters: list[str], location: str | None = None, **areas: dict[str, int]) -> State:
    state = place_only(to_step(start_game(5, characters), "action"), **areas)
    if location is not None:
        state["players"][state["current"]]["location"] = location
    return state


def until(
    state: State, seat: int, kind: str, wanted: Callable[[list[Event]], bool], **args: Any
) -> tuple[State, list[Event]]:
    """Apply the command with the first seed whose dice give the wanted events."""
    for seed in range(1, 400):
        out = RULES.apply(state, Command(seat, kind, args), Rng.from_seed(seed))
        if wanted(list(out.events)):
            return out.state, list(out.events)
    raise AssertionError("no seed gives the wanted roll")


def result_is(result: str) -> Callable[[list[Event]], bool]:
    return lambda events: any(e.kind == "attack_rolled" and e.data["result"] == result for e in events)


def kinds(state: State, seat: int) -> list[tuple[str, dict[str, Any]]]:
    return [(c.kind, dict(c.args)) for c in RULES.legal_commands(state, seat)]


@pytest.mark.rules("bsg:R301", "bsg:R620", "bsg:R611", "bsg:R626")
def test_command_gives_two_activations_of_unpiloted_vipers() -> None:
    state = at_action(BASE_5, "command", lower_fore={"viper": 1, "raider": 1})
    seat = state["current"]
    reserves = state["reserves"]["viper"]
    state = act(state, seat, "activate_location")
    assert RULES.pending(state)[0].prompt == "activate_vipers" and state["viper_acts"]["left"] == 2
    offered = kinds(state, seat)
    assert ("viper_launch", {"to": "lower_aft"}) in offered
    assert ("viper_move", {"area": "lower_fore", "to": "fore"}) in offered
    assert ("viper_attack", {"area": "lower_fore", "target": "raider"}) in offered
    empty = dict(state, reserves={**state["reserves"], "viper": 0})
    assert not [k for k, _ in kinds(empty, seat) if k == "viper_launch"]  # R626: only what the Reserves hold
    state = act(state, seat, "viper_launch", to="lower_aft")
    assert state["reserves"]["viper"] == reserves - 1 and state["space"]["lower_aft"]["viper"] == 1
    supply = state["supply"]["raider"]
    state, _ = until(state, seat, "viper_attack", result_is("destroyed"), area="lower_fore", target="raider")
    assert state["space"]["lower_fore"]["raider"] == 0 and state["supply"]["raider"] == supply + 1
    assert state["viper_acts"] is None and RULES.pending(state)[0].prompt == "draw_crisis"


@pytest.mark.rules("bsg:R301", "bsg:R620")
def test_activations_move_vipers_and_can_be_left_unused() -> None:
    state = at_action(BASE_5, "command", fore={"viper": 1})
    seat = state["current"]
    state = act(state, seat, "activate_location")
    state = act(state, seat, "viper_move", area="fore", to="upper_fore")
    assert state["space"]["fore"]["viper"] == 0 and state["space"]["upper_fore"]["viper"] == 1
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "viper_move", area="fore", to="upper_fore")
    assert (info.value.code, info.value.rule) == ("viper_activation_not_possible", "bsg:R620")
    with pytest.raises(IllegalCommand):
        act(state, (seat + 1) % 5, "viper_done")
    state = act(state, seat, "viper_done")
    assert state["viper_acts"] is None and state["step"] == "crisis"


@pytest.mark.rules("bsg:R301")
def test_tigh_activates_one_more_viper_from_command() -> None:
    tigh_first = ["saul_tigh", "laura_roslin", "kara_thrace", "gaius_baltar", "william_adama"]
    state = at_action(tigh_first, "command", fore={"viper": 1})
    state = act(state, state["current"], "activate_location")
    assert state["viper_acts"]["left"] == 3


@pytest.mark.rules("bsg:R621", "bsg:R220")
def test_a_pilot_activates_his_own_viper_as_his_action() -> None:
    state = at_action(APOLLO_5, lower_fore={"raider": 1, "viper": 1})
    seat = state["current"]
    state["players"][seat]["viper"] = "lower_fore"
    assert ("activate_viper", {}) in kinds(state, seat)
    state = act(state, seat, "activate_viper")
    offered = kinds(state, seat)
    assert ("viper_move", {"area": "lower_fore", "to": "fore"}) in offered
    assert ("viper_launch", {"to": "lower_aft"}) not in offered  # only his own viper (R620)
    state = act(state, seat, "viper_move", area="lower_fore", to="fore")
    assert state["players"][seat]["viper"] == "fore" and state["space"]["lower_fore"]["viper"] == 1
    assert state["viper_acts"] is None and state["step"] == "crisis"
    grounded = at_action(BASE_5)
    assert ("activate_viper", {}) not in kinds(grounded, grounded["current"])
    with pytest.raises(IllegalCommand) as info:
        act(grounded, grounded["current"], "activate_viper")
    assert (info.value.code, info.value.rule) == ("not_piloting", "bsg:R621")


@pytest.mark.rules("bsg:R621", "bsg:R302")
def test_starbuck_activates_her_viper_twice_after_launching() -> None:
    state = at_action(BASE_5, "hangar_deck", lower_aft={"raider": 2})
    starbuck = next(p["seat"] for p in state["players"] if p["character"] == "kara_thrace")
    state["current"] = starbuck
    state = act(state, starbuck, "activate_location", area="lower_aft")
    assert state["viper_acts"] == {"seat": starbuck, "left": 2, "mode": "own"}
    assert RULES.pending(state)[0].seats == {starbuck}


@pytest.mark.rules("bsg:R610", "bsg:R614", "bsg:R615")
def test_weapons_control_fires_at_any_cylon_ship_and_basestars_fall_at_three_damage() -> None:
    state = at_action(BASE_5, "weapons_control", fore={"basestar": 1}, aft={"raider": 1})
    seat = state["current"]
    offered = [args for kind, args in kinds(state, seat) if kind == "activate_location"]
    assert sorted(offered, key=str) == sorted(
        [{"area": "fore", "pick": "basestar.0"}, {"area": "aft", "pick": "raider"}], key=str
    )
    hit, events = until(
        state, seat, "activate_location", result_is("damaged"), area="fore", pick="basestar.0"
    )
    basestar = hit["space"]["fore"]["basestar"]
    assert len(basestar) == 1 and len(basestar[0]["damage"]) == 1 and hit["step"] == "crisis"
    assert any(e.kind == "basestar_damaged" for e in events)
    state["space"]["fore"]["basestar"][0]["damage"] = ["bs_critical_hit"]
    supply = state["supply"]["basestar"]
    gone, events = until(
        state, seat, "activate_location", result_is("damaged"), area="fore", pick="basestar.0"
    )
    assert gone["space"]["fore"]["basestar"] == [] and gone["supply"]["basestar"] == supply + 1
    assert any(e.kind == "basestar_destroyed" for e in events)
    empty = at_action(BASE_5, "weapons_control")
    with pytest.raises(IllegalCommand) as info:
        act(empty, empty["current"], "activate_location")
    assert info.value.code == "no_cylon_ship_to_attack"


@pytest.mark.rules("bsg:R618", "bsg:R220")
@pytest.mark.scenarios("bsg:AS-53")
def test_the_admiral_launches_a_nuke_at_a_basestar() -> None:
    """AS-53: a 7 destroys the basestar and 3 of the 4 raiders of its area; a 2 gives it two damage tokens;
    the nuke is spent either way."""
    adama_first = ["william_adama", "laura_roslin", "kara_thrace", "gaius_baltar", "saul_tigh"]
    state = at_action(adama_first, fore={"basestar": 1, "raider": 4})
    seat = state["current"]
    assert state["admiral"] == seat and state["players"][seat]["nukes"] == 2
    assert ("launch_nuke", {"area": "fore", "target": "basestar.0"}) in kinds(state, seat)
    wiped, _ = until(
        state,
        seat,
        "launch_nuke",
        lambda ev: any(e.kind == "nuke_launched" and e.data["roll"] == 7 for e in ev),
        area="fore",
        target="basestar.0",
    )
    assert wiped["space"]["fore"]["basestar"] == [] and wiped["space"]["fore"]["raider"] == 1
    assert wiped["players"][seat]["nukes"] == 1 and wiped["step"] == "crisis"
    dented, events = until(
        state,
        seat,
        "launch_nuke",
        # two tokens without the Critical Hit, which with any other destroys it (RULINGS G25)
        lambda ev: any(e.kind == "nuke_launched" and e.data["roll"] == 2 for e in ev)
        and not any(e.kind == "basestar_destroyed" for e in ev),
        area="fore",
        target="basestar.0",
    )
    assert len([e for e in events if e.kind == "basestar_damaged"]) == 2  # two tokens drawn
    assert len(dented["space"]["fore"]["basestar"][0]["damage"]) == 2
    assert dented["players"][seat]["nukes"] == 1 and dented["space"]["fore"]["raider"] == 4
    state["players"][seat]["nukes"] = 0
    assert not [k for k, _ in kinds(state, seat) if k == "launch_nuke"]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "launch_nuke", area="fore", target="basestar.0")
    assert (info.value.code, info.value.rule) == ("no_nukes_left", "bsg:R618")


@pytest.mark.rules("bsg:R618", "bsg:R162", "bsg:R161")
def test_structural_damage_adds_two_to_a_nuke_against_that_basestar() -> None:
    """R162 (L715: "all attacks against the basestar get +2"): the nuke is an attack on the basestar (its row
    of the attack table, R161 row 7), so a 5 reads as a 7 (destroyed with 3 raiders of its area) and a 1 as a
    3 (destroyed, not damaged twice) (RULINGS G210)."""
    adama_first = ["william_adama", "laura_roslin", "kara_thrace", "gaius_baltar", "saul_tigh"]
    state = at_action(adama_first, fore={"basestar": 1, "raider": 4})
    seat = state["current"]
    state["space"]["fore"]["basestar"][0]["damage"] = ["bs_structural_damage"]

    def rolled(value: int) -> Callable[[list[Event]], bool]:
        return lambda ev: any(e.kind == "nuke_launched" and e.data["roll"] == value for e in ev)

    five, events = until(state, seat, "launch_nuke", rolled(5), area="fore", target="basestar.0")
    assert next(e for e in events if e.kind == "nuke_launched").data["result"] == "destroyed"
    assert five["space"]["fore"]["basestar"] == [] and five["space"]["fore"]["raider"] == 1
    one, events = until(state, seat, "launch_nuke", rolled(1), area="fore", target="basestar.0")
    assert next(e for e in events if e.kind == "nuke_launched").data["result"] == "destroyed"
    assert one["space"]["fore"]["basestar"] == [] and one["space"]["fore"]["raider"] == 4
    assert not [e for e in events if e.kind == "basestar_damaged"]


@pytest.mark.rules("bsg:R618")
def test_only_the_admiral_nukes_and_the_nukes_follow_the_title() -> None:
    state = at_action(BASE_5, fore={"basestar": 1})
    seat = state["current"]
    assert state["admiral"] != seat
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "launch_nuke", area="fore", target="basestar.0")
    assert (info.value.code, info.value.rule) == ("only_the_admiral", "bsg:R618")
    old = state["admiral"]
    state["admiral"] = seat
    state = act(state, seat, "pass_action")
    assert state["players"][seat]["nukes"] == 2 and state["players"][old]["nukes"] == 0


@pytest.mark.rules("bsg:R162", "bsg:R610")
@pytest.mark.scenarios("bsg:AS-52")
def test_structural_damage_turns_a_vipers_6_into_an_8() -> None:
    """AS-52: a viper attacks a basestar with Structural Damage and rolls 6: 6 + 2 = 8, damaged."""
    state = at_action(BASE_5, "command", fore={"basestar": 1, "viper": 1})
    seat = state["current"]
    state["space"]["fore"]["basestar"][0]["damage"] = ["bs_structural_damage"]
    state = act(state, seat, "activate_location")
    hit, events = until(
        state, seat, "viper_attack",
        lambda ev: any(e.kind == "attack_rolled" and e.data["roll"] == 6 for e in ev),
        area="fore", target="basestar.0",
    )
    attack = next(e for e in events if e.kind == "attack_rolled")
    assert attack.data["result"] == "damaged"
    assert len(hit["space"]["fore"]["basestar"][0]["damage"]) == 2
    plain = dict(state, space={**state["space"], "fore": {**state["space"]["fore"], "basestar": [{"damage": []}]}})
    _, events = until(
        plain, seat, "viper_attack",
        lambda ev: any(e.kind == "attack_rolled" and e.data["roll"] == 6 for e in ev),
        area="fore", target="basestar.0",
    )
    assert next(e for e in events if e.kind == "attack_rolled").data["result"] == "miss"  # without it


@pytest.mark.rules("bsg:R620", "bsg:R301")
@pytest.mark.scenarios("bsg:AS-58")
def test_command_may_activate_one_unpiloted_viper_twice_but_not_a_piloted_one() -> None:
    """AS-58: from Command, the one unpiloted viper moves twice; Apollo's viper (another player's) cannot be
    activated."""
    cast = ["william_adama", "lee_adama", "laura_roslin", "gaius_baltar", "saul_tigh"]
    state = at_action(cast, "command", fore={"viper": 1}, lower_fore={"raider": 1})
    seat = state["current"]
    apollo = next(p for p in state["players"] if p["character"] == "lee_adama")
    assert apollo["seat"] != seat and apollo["viper"] == "lower_fore"
    state = act(state, seat, "activate_location")
    start = state
    state = act(state, seat, "viper_move", area="fore", to="upper_fore")
    state = act(state, seat, "viper_move", area="upper_fore", to="upper_aft")
    assert state["space"]["upper_aft"]["viper"] == 1 and state["viper_acts"] is None
    for kind, args in (("viper_move", {"area": "lower_fore", "to": "lower_aft"}),
                       ("viper_attack", {"area": "lower_fore", "target": "raider"})):
        assert (kind, args) not in kinds(start, seat)
        with pytest.raises(IllegalCommand) as info:
            act(start, seat, kind, **args)
        assert (info.value.code, info.value.rule) == ("viper_activation_not_possible", "bsg:R620")
    assert start["players"][apollo["seat"]]["viper"] == "lower_fore"
