"""Daybreak's Assault Raptors (bsg:R623, R1030, R145, R604): one in the Reserves at setup; they count as
vipers (launched, moved and fired by viper activations, attacked by raiders before civilian ships), a damage
destroys them, they damage a basestar on 7-8, and at a jump the active player keeps the ones he wants in
space."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from games.bsg.engine import cylons, daybreak
from games.bsg.engine.effects import damage_vipers
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT
from games.engine.core import Command, Event, Rng
from games.engine.core.context import Ctx
from tests.bsg.engine.daybreak_helpers import State, start_daybreak
from tests.bsg.engine.helpers import act, place_only, play, to_step

FIVE = ["william_adama", "laura_roslin", "kara_thrace", "gaius_baltar", "saul_tigh"]
AR = {"ship": "assault_raptor"}


def at_command(**areas: dict[str, int]) -> State:
    state = place_only(to_step(start_daybreak(5, FIVE), "action"), **areas)
    state["players"][state["current"]]["location"] = "command"
    return state


def put_raptor(state: State, area: str, count: int = 1) -> None:
    ar = state["daybreak"]["assault_raptors"]
    moved = min(count, ar["reserves"])
    ar["reserves"] -= moved
    ar["beside"] -= count - moved
    ar["space"][area] = ar["space"].get(area, 0) + count


def until(state: State, seat: int, kind: str, wanted: Callable[[list[Event]], bool],
          **args: Any) -> tuple[State, list[Event]]:
    for seed in range(1, 400):
        out = RULES.apply(state, Command(seat, kind, args), Rng.from_seed(seed))
        if wanted(list(out.events)):
            return out.state, list(out.events)
    raise AssertionError("no seed gives the wanted roll")


def rolled(result: str, roll: int | None = None) -> Callable[[list[Event]], bool]:
    return lambda events: any(e.kind == "attack_rolled" and e.data["result"] == result
                              and (roll is None or e.data["roll"] == roll) for e in events)


@pytest.mark.rules("bsg:R145", "bsg:R623")
def test_one_assault_raptor_waits_in_the_reserves_the_others_beside_the_board() -> None:
    state = start_daybreak(5, FIVE)
    assert state["daybreak"]["assault_raptors"] == {"reserves": 1, "beside": 3, "lost": 0, "space": {}}
    assert state["reserves"] == {"viper": CONTENT.board.setup_reserves["viper"] - 2, "raptor": 4}


@pytest.mark.rules("bsg:R1030", "bsg:R620", "bsg:R301")
def test_command_launches_moves_and_fires_an_assault_raptor_like_a_viper() -> None:
    state = at_command(lower_fore={"raider": 1})
    seat = state["current"]
    state = act(state, seat, "activate_location")
    offered = [(c.kind, dict(c.args)) for c in RULES.legal_commands(state, seat)]
    assert ("viper_launch", {"to": "lower_fore", **AR}) in offered
    state = act(state, seat, "viper_launch", to="lower_fore", **AR)
    assert state["daybreak"]["assault_raptors"]["reserves"] == 0
    assert daybreak.assault_raptors_in(state, "lower_fore") == 1
    offered = [(c.kind, dict(c.args)) for c in RULES.legal_commands(state, seat)]
    assert ("viper_launch", {"to": "lower_fore", **AR}) not in offered  # R003: the Reserves held one
    assert ("viper_attack", {"area": "lower_fore", "target": "raider", **AR}) in offered
    assert ("viper_move", {"area": "lower_fore", "to": "fore", **AR}) in offered
    state, _ = until(state, seat, "viper_attack", rolled("destroyed"), area="lower_fore", target="raider", **AR)
    assert state["space"]["lower_fore"]["raider"] == 0


@pytest.mark.rules("bsg:R623", "bsg:R161")
def test_an_assault_raptor_damages_a_basestar_on_7_or_8_only() -> None:
    row = CONTENT.board.attack("assault_raptor", "basestar")
    assert row.damaged == {7, 8} and not row.destroyed
    assert CONTENT.board.attack("viper", "basestar").damaged == {8}
    state = at_command(lower_fore={"basestar": 1})
    put_raptor(state, "lower_fore")
    seat = state["current"]
    state = act(state, seat, "activate_location")
    after, _ = until(state, seat, "viper_attack", rolled("damaged", 7), area="lower_fore", target="basestar.0",
                     **AR)
    assert len(after["space"]["lower_fore"]["basestar"][0]["damage"]) == 1
    after, _ = until(state, seat, "viper_attack", rolled("miss", 6), area="lower_fore", target="basestar.0", **AR)
    assert after["space"]["lower_fore"]["basestar"][0]["damage"] == []


@pytest.mark.rules("bsg:R604", "bsg:R623", "bsg:R1030")
def test_a_raider_attacks_an_assault_raptor_before_civilians_and_a_damage_destroys_it() -> None:
    state = to_step(start_daybreak(5, FIVE), "action")
    state = place_only(state, fore={"raider": 1, "civilian": 1})
    put_raptor(state, "fore")
    state["activation"] = {"icon": "raiders", "todo": {"fore": 1}, "rest": []}
    seat = state["current"]
    for seed in range(1, 200):
        ctx = Ctx(state=copy.deepcopy(state), rng=Rng.from_seed(seed))
        cylons.activate_area(ctx, "fore")
        hit = [e for e in ctx.events if e.kind == "attack_rolled" and e.data["target"] == "assault_raptor"]
        assert hit and not [e for e in ctx.events if e.kind == "civilian_destroyed"], seat
        if hit[0].data["roll"] in (5, 6, 7):  # a viper would be damaged: the Assault Raptor is destroyed
            ar = ctx.state["daybreak"]["assault_raptors"]
            assert ar["space"] == {} and ar["lost"] == 1 and ctx.state["damaged_vipers"] == 0
            assert len(ctx.state["space"]["fore"]["civilian"]) == 1
            return
    raise AssertionError("no seed rolled 5-7")


@pytest.mark.rules("bsg:R623", "bsg:R1030")
def test_damage_to_vipers_destroys_an_assault_raptor_once_no_viper_is_left() -> None:
    state = to_step(start_daybreak(5, FIVE), "action")
    state = place_only(state)
    state["reserves"]["viper"] = 0
    state["vipers_lost"] += 8 - sum(w["viper"] for w in state["space"].values())  # no viper anywhere
    put_raptor(state, "aft")
    state["daybreak"]["assault_raptors"]["reserves"] += 1  # and one more in the Reserves
    state["daybreak"]["assault_raptors"]["beside"] -= 1
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    damage_vipers(ctx, 2, "any")
    ar = state["daybreak"]["assault_raptors"]
    assert ar["reserves"] == 0 and ar["space"] == {} and ar["lost"] == 2 and state["damaged_vipers"] == 0


@pytest.mark.rules("bsg:R623", "bsg:R704")
def test_at_a_jump_the_active_player_keeps_the_assault_raptors_he_wants_in_space() -> None:
    state = to_step(start_daybreak(5, FIVE), "crisis")
    state = place_only(state, fore={"viper": 1}, upper_aft={"raider": 1})
    put_raptor(state, "fore")
    put_raptor(state, "aft")
    seat = state["current"]
    state["jump"] = len(CONTENT.board.jump_track) - 2
    jumping = next(c.id for c in CONTENT.crises.values() if c.jump and c.type == "event"
                   and all(e.kind == "resources" for e in c.effects))
    state["decks"]["crisis"].append(jumping)
    state = play(state, seat, "draw_crisis")
    while state["step"] != "jump":
        cmd = RULES.legal_commands(state, seat)[0]
        state = act(state, seat, cmd.kind, **cmd.args)
    state = act(state, seat, "prepare_jump")
    assert RULES.pending(state)[0].prompt == "keep_assault_raptors"
    options = [c.args["areas"] for c in RULES.legal_commands(state, seat)]
    assert sorted(map(tuple, options)) == [(), ("aft",), ("aft", "fore"), ("fore",)]
    assert state["space"]["fore"]["viper"] == 0 and state["space"]["fore"]["raider"] == 0  # the rest left
    state = act(state, seat, "assault_raptors_stay", areas=["aft"])
    ar = state["daybreak"]["assault_raptors"]
    assert ar["space"] == {"aft": 1} and ar["reserves"] == 1
    assert RULES.pending(state)[0].prompt == "choose_destination"


@pytest.mark.rules("bsg:R623", "bsg:R302", "bsg:R432")
def test_a_pilot_launches_in_an_assault_raptor_and_a_hit_destroys_it() -> None:
    state = to_step(start_daybreak(5, ["kara_thrace", "laura_roslin", "william_adama", "gaius_baltar", "saul_tigh"]),
                    "action")
    seat = state["current"]
    assert state["players"][seat]["character"] == "kara_thrace" and state["players"][seat]["location"] == "hangar_deck"
    offered = [dict(c.args) for c in RULES.legal_commands(state, seat) if c.kind == "activate_location"]
    assert {"area": "lower_fore", "pick": "assault_raptor"} in offered and {"area": "lower_fore"} in offered
    state = act(state, seat, "activate_location", area="lower_fore", pick="assault_raptor")
    p = state["players"][seat]
    assert p["viper"] == "lower_fore" and p["craft"] == "assault_raptor" and p["location"] is None
    assert state["daybreak"]["assault_raptors"]["reserves"] == 0
    # a raider's damage destroys it; the pilot goes to Sickbay (R432)
    state = place_only(state, lower_fore={"raider": 1})
    state["activation"] = {"icon": "raiders", "todo": {"lower_fore": 1}, "rest": []}
    for seed in range(1, 200):
        ctx = Ctx(state=copy.deepcopy(state), rng=Rng.from_seed(seed))
        cylons.activate_area(ctx, "lower_fore")
        hit = [e for e in ctx.events if e.kind == "attack_rolled"]
        if hit and hit[0].data["result"] == "damaged":
            q = ctx.state["players"][seat]
            assert q["viper"] is None and "craft" not in q and q["location"] == "sickbay"
            assert ctx.state["daybreak"]["assault_raptors"]["lost"] == 1 and ctx.state["damaged_vipers"] == 0
            return
    raise AssertionError("no seed damaged it")


@pytest.mark.rules("bsg:R623", "bsg:R704")
def test_at_a_jump_the_pilot_of_an_assault_raptor_stays_in_space_or_flies_back() -> None:
    state = to_step(start_daybreak(5, FIVE), "crisis")
    seat = state["current"]
    pilot = (seat + 1) % 5
    p = state["players"][pilot]
    p["location"], p["viper"], p["craft"] = None, "fore", "assault_raptor"
    state["daybreak"]["assault_raptors"]["reserves"] -= 1
    state = place_only(state)
    state["jump"] = len(CONTENT.board.jump_track) - 2
    jumping = next(c.id for c in CONTENT.crises.values() if c.jump and c.type == "event"
                   and all(e.kind == "resources" for e in c.effects))
    state["decks"]["crisis"].append(jumping)
    state = play(state, seat, "draw_crisis")
    while state["step"] != "jump":
        cmd = RULES.legal_commands(state, seat)[0]
        state = act(state, seat, cmd.kind, **cmd.args)
    jumped = act(state, seat, "prepare_jump")
    assert RULES.pending(jumped)[0].prompt == "assault_raptor_pilot_at_jump"
    assert RULES.pending(jumped)[0].seats == {pilot}
    stayed = act(jumped, pilot, "pilot_stays", stay=True)
    assert stayed["players"][pilot]["viper"] == "fore" and stayed["players"][pilot]["craft"] == "assault_raptor"
    back = act(jumped, pilot, "pilot_stays", stay=False)
    q = back["players"][pilot]
    assert q["viper"] is None and q["location"] == "hangar_deck" and "craft" not in q
    assert back["daybreak"]["assault_raptors"]["reserves"] == 1
    assert RULES.pending(back)[0].prompt == "choose_destination"
