"""The raiders' activation (bsg:R602, R604, R161, R432, R613): area by area in the active player's order,
each raider once, by its priority list."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import empty_area
from games.engine.core import Command, Event, IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, State, act, start_game, to_step


def board(characters: list[str] | None = None, **areas: dict[str, Any]) -> State:
    """A game at the activation of a raiders icon (Water Sabotaged), the space areas set as given."""
    state = to_step(start_game(5, characters or BASE_5), "crisis")
    state["decks"]["crisis"].append("water_sabotaged")
    state = act(state, state["current"], "draw_crisis")
    for area in state["space"]:
        where = state["space"][area]
        state["supply"]["raider"] += where["raider"]
        state["supply"]["basestar"] += len(where["basestar"])
        state["reserves"]["viper"] += where["viper"]
        state["decks"]["civilians"] += where["civilian"]
        state["space"][area] = empty_area()
    for area, ships in areas.items():
        where = state["space"][area]
        where["raider"] = ships.get("raider", 0)
        state["supply"]["raider"] -= where["raider"]
        where["viper"] = ships.get("viper", 0)
        state["reserves"]["viper"] -= where["viper"]
        for _ in range(ships.get("civilian", 0)):
            where["civilian"].append(state["decks"]["civilians"].pop())
    return act(state, state["current"], "activate_cylons")


def area(state: State, name: str, seed: int = 1) -> tuple[State, list[Event]]:
    out = RULES.apply(state, Command(state["current"], "activate_area", {"area": name}), Rng.from_seed(seed))
    return out.state, out.events


@pytest.mark.rules("bsg:R602")
def test_the_active_player_picks_the_order_of_the_areas() -> None:
    state = board(fore={"raider": 1, "civilian": 1}, aft={"raider": 1, "civilian": 1})
    decision = RULES.pending(state)[0]
    assert decision.prompt == "activate_area" and decision.seats == {state["current"]}
    assert sorted(c.args["area"] for c in RULES.legal_commands(state, state["current"])) == ["aft", "fore"]
    with pytest.raises(IllegalCommand) as info:
        act(state, state["current"], "activate_area", area="upper_aft")
    assert (info.value.code, info.value.rule) == ("area_not_due", "bsg:R602")
    state, _ = area(state, "aft")
    assert [c.args["area"] for c in RULES.legal_commands(state, state["current"])] == ["fore"]
    state, _ = area(state, "fore")
    assert state["activation"] is None and state["step"] == "jump"


@pytest.mark.rules("bsg:R604", "bsg:R613")
def test_a_raider_destroys_a_civilian_ship_in_its_area() -> None:
    state = board(aft={"raider": 1, "civilian": 2}, fore={"civilian": 1})
    res = dict(state["resources"])
    state, events = area(state, "aft")
    assert len(state["space"]["aft"]["civilian"]) == 1 and len(state["decks"]["civilians_destroyed"]) == 1
    destroyed = next(e for e in events if e.kind == "civilian_destroyed")
    loss = destroyed.data["loss"]
    assert state["resources"] == {k: v - loss.get(k, 0) for k, v in res.items()}
    assert state["space"]["aft"]["raider"] == 1


@pytest.mark.rules("bsg:R604", "bsg:R602")
@pytest.mark.scenarios("bsg:AS-43")
def test_a_raider_moves_toward_the_nearest_civilian_and_is_not_activated_again() -> None:
    """From fore (1) the civilians in upper aft (3) are two steps clockwise, those in lower aft (5) two
    counter-clockwise: equally near, so clockwise, to upper fore (2), which is not due any more."""
    state = board(fore={"raider": 2}, upper_aft={"civilian": 1}, lower_aft={"civilian": 1})
    state, events = area(state, "fore")
    assert state["space"]["fore"]["raider"] == 0 and state["space"]["upper_fore"]["raider"] == 2
    assert [e.data["to"] for e in events if e.kind == "raider_moved"] == ["upper_fore", "upper_fore"]
    assert state["activation"] is None  # nothing else was due
    state = board(fore={"raider": 1}, lower_fore={"civilian": 1}, upper_aft={"civilian": 1})
    state, _ = area(state, "fore")
    assert state["space"]["lower_fore"]["raider"] == 1  # one step counter-clockwise beats two clockwise


@pytest.mark.rules("bsg:R604", "bsg:R161")
def test_a_raider_attacks_an_unpiloted_viper_first() -> None:
    outcomes = set()
    for seed in range(60):
        state = board(fore={"raider": 1, "viper": 1, "civilian": 1})
        state, events = area(state, "fore", seed)
        attack = next(e for e in events if e.kind == "attack_rolled")
        roll, result = attack.data["roll"], attack.data["result"]
        assert result == ("destroyed" if roll == 8 else "damaged" if roll >= 5 else "missed")
        assert len(state["space"]["fore"]["civilian"]) == 1  # the viper drew the attack
        assert state["space"]["fore"]["viper"] == (1 if result == "missed" else 0)
        assert state["damaged_vipers"] == (1 if result == "damaged" else 0)
        assert state["vipers_lost"] == (1 if result == "destroyed" else 0)
        outcomes.add(result)
    assert outcomes == {"destroyed", "damaged", "missed"}


@pytest.mark.rules("bsg:R604", "bsg:R432")
def test_a_damaged_pilot_goes_to_sickbay() -> None:
    cast = ["laura_roslin", "william_adama", "lee_adama", "gaius_baltar", "saul_tigh"]
    for seed in range(60):
        s = board(cast, lower_fore={"raider": 1})
        apollo = next(p["seat"] for p in s["players"] if p["character"] == "lee_adama")
        assert s["players"][apollo]["viper"] == "lower_fore"  # he starts in his viper (RULINGS C3)
        s, events = area(s, "lower_fore", seed)
        attack = next(e for e in events if e.kind == "attack_rolled")
        if attack.data["result"] == "damaged":
            assert attack.data["pilot"] == apollo
            assert s["players"][apollo]["viper"] is None and s["players"][apollo]["location"] == "sickbay"
            assert s["damaged_vipers"] == 1
            return
    raise AssertionError("no damaging roll in 60 seeds")


@pytest.mark.rules("bsg:R604")
@pytest.mark.scenarios("bsg:AS-44")
def test_with_no_civilian_in_space_raiders_attack_galactica() -> None:
    """AS-44: no civilian ship anywhere, no viper in its area: the raider attacks Galactica; an 8 draws a
    damage token, a 7 does nothing."""
    rolls = set()
    for seed in range(40):
        state = board(aft={"raider": 1})
        tokens = len(state["decks"]["galactica_damage"])
        state, events = area(state, "aft", seed)
        attack = next(e for e in events if e.kind == "attack_rolled")
        assert attack.data["target"] == "galactica"
        damaged = [e for e in events if e.kind == "galactica_damaged"]
        assert len(damaged) == (1 if attack.data["roll"] == 8 else 0)
        assert len(state["decks"]["galactica_damage"]) == tokens - len(damaged)
        rolls.add(attack.data["roll"])
    assert {7, 8} <= rolls


def heavy(**areas: int) -> State:
    """A game at the activation of a heavy raiders icon (Dradis Contact), heavy raiders where given."""
    state = to_step(start_game(5, BASE_5), "crisis")
    state["decks"]["crisis"].append("dradis_contact")
    state = act(state, state["current"], "draw_crisis")
    for where in state["space"].values():
        state["supply"]["heavy_raider"] += where["heavy_raider"]
        where["heavy_raider"] = 0
    for name, count in areas.items():
        state["space"][name]["heavy_raider"] = count
        state["supply"]["heavy_raider"] -= count
    return state


@pytest.mark.rules("bsg:R606", "bsg:R625")
def test_heavy_raiders_move_toward_a_launch_area_and_board() -> None:
    """From fore (1) the launch area lower fore (6) is one step counter-clockwise; one in lower aft (5), a
    launch area, boards: a centurion on the first space, the heavy raider back to the supply."""
    state = heavy(fore=1, lower_aft=1)
    supply = state["supply"]["heavy_raider"]
    state = act(state, state["current"], "activate_cylons")
    assert state["space"]["fore"]["heavy_raider"] == 0 and state["space"]["lower_fore"]["heavy_raider"] == 1
    assert state["space"]["lower_aft"]["heavy_raider"] == 0 and state["boarding"] == [0]
    assert state["supply"]["heavy_raider"] == supply + 1
    assert state["space"]["fore"]["basestar"] and state["space"]["fore"]["heavy_raider"] == 0  # no launch


@pytest.mark.rules("bsg:R606", "bsg:R625", "bsg:R708")
@pytest.mark.scenarios("bsg:AS-47")
def test_centurions_advance_first_and_win_at_the_end_of_the_track() -> None:
    """AS-47: a centurion on space 1 and a heavy raider in a launch area: the old centurion moves to 2, the
    heavy raider leaves the board, a new centurion stands on the start space."""
    state = heavy(lower_fore=1)
    state["boarding"] = [1]
    supply = state["supply"]["heavy_raider"]
    after = act(state, state["current"], "activate_cylons")
    assert after["boarding"] == [2, 0]  # the new centurion does not advance in the same activation
    assert after["space"]["lower_fore"]["heavy_raider"] == 0 and after["supply"]["heavy_raider"] == supply + 1
    state["boarding"] = [3]
    after = act(state, state["current"], "activate_cylons")
    result = RULES.result(after)
    assert result is not None and result.reason == "centurions_boarded"


@pytest.mark.rules("bsg:R606", "bsg:R003")
def test_short_of_centurions_the_active_player_picks_whose_heavy_raider_boards() -> None:
    """R003 (L420: with too few tokens "the active player decides which to use first"; RULINGS G220): heavy
    raiders in both launch areas and 1 centurion left: the active player picks the area whose heavy raider
    boards; the other stays. With enough centurions, or all in one area, nobody is asked."""
    state = heavy(lower_fore=1, lower_aft=1)
    current = state["current"]
    state["boarding"] = [0, 0]
    plenty = act(state, current, "activate_cylons")
    assert plenty["boarding"] == [1, 1, 0, 0] and plenty["prompt"] is None
    state["boarding"] = [0, 0, 0]
    asked = act(state, current, "activate_cylons")
    decision = RULES.pending(asked)[0]
    assert decision.prompt == "choose_heavy_raiders_to_board_first" and decision.seats == {current}
    assert {(c.kind, c.args["area"]) for c in RULES.legal_commands(asked, current)} == {
        ("board_first", "lower_fore"), ("board_first", "lower_aft")}
    assert asked["boarding"] == [0, 0, 0]  # nothing moved before the answer
    with pytest.raises(IllegalCommand) as info:
        act(asked, current, "board_first", area="fore")
    assert (info.value.code, info.value.rule) == ("bad_boarding_area", "bsg:R003")
    for first, other in (("lower_fore", "lower_aft"), ("lower_aft", "lower_fore")):
        after = act(asked, current, "board_first", area=first)
        assert after["boarding"] == [1, 1, 1, 0]
        assert (after["space"][first]["heavy_raider"], after["space"][other]["heavy_raider"]) == (0, 1)
        assert after["prompt"] is None and after["step"] == "jump"
    state["space"]["lower_aft"]["heavy_raider"] = 0
    state["space"]["lower_fore"]["heavy_raider"] = 2
    alone = act(state, current, "activate_cylons")
    assert alone["boarding"] == [1, 1, 1, 0] and alone["space"]["lower_fore"]["heavy_raider"] == 1
    assert alone["prompt"] is None


def _rolled(make: Callable[[], State], name: str, roll: int) -> tuple[State, list[Event]]:
    """Activate ``name`` of a fresh board with the first seed whose raider attack rolls ``roll``."""
    for seed in range(1, 400):
        state, events = area(make(), name, seed)
        if any(e.kind == "attack_rolled" and e.data["roll"] == roll for e in events):
            return state, events
    raise AssertionError(f"no seed rolls {roll}")


@pytest.mark.rules("bsg:R604", "bsg:R161", "bsg:R612")
@pytest.mark.scenarios("bsg:AS-41")
def test_a_raider_attacks_the_unpiloted_viper_beside_a_piloted_one() -> None:
    """AS-41: Apollo's viper and an unpiloted viper with one raider in lower fore: the raider attacks the
    unpiloted viper, and a 5 sends it to the Damaged Vipers box; Apollo flies on."""
    cast = ["laura_roslin", "william_adama", "lee_adama", "gaius_baltar", "saul_tigh"]

    def make() -> State:
        return board(cast, lower_fore={"raider": 1, "viper": 1})

    state, events = _rolled(make, "lower_fore", 5)
    apollo = next(p for p in state["players"] if p["character"] == "lee_adama")
    attack = next(e for e in events if e.kind == "attack_rolled")
    assert (attack.data["target"], attack.data["pilot"], attack.data["result"]) == ("viper", None, "damaged")
    assert state["space"]["lower_fore"]["viper"] == 0 and state["damaged_vipers"] == 1
    assert apollo["viper"] == "lower_fore" and apollo["location"] is None


@pytest.mark.rules("bsg:R432", "bsg:R612")
@pytest.mark.scenarios("bsg:AS-56")
def test_a_destroyed_piloted_viper_sends_its_pilot_to_sickbay_and_leaves_the_game() -> None:
    """AS-56: a raider rolls 8 on Apollo's viper, alone in its area: Apollo to Sickbay, the viper removed
    from the game (not damaged, not back in the Reserves)."""
    cast = ["laura_roslin", "william_adama", "lee_adama", "gaius_baltar", "saul_tigh"]

    def make() -> State:
        return board(cast, lower_fore={"raider": 1})

    before = make()
    state, events = _rolled(make, "lower_fore", 8)
    apollo = next(p for p in state["players"] if p["character"] == "lee_adama")
    attack = next(e for e in events if e.kind == "attack_rolled")
    assert (attack.data["result"], attack.data["pilot"]) == ("destroyed", apollo["seat"])
    assert apollo["viper"] is None and apollo["location"] == "sickbay"
    assert state["vipers_lost"] == 1 and state["damaged_vipers"] == 0
    assert state["reserves"]["viper"] == before["reserves"]["viper"]
