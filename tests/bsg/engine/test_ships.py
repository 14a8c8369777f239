"""Vipers, civilian ships and raptors moved by card effects (bsg:R612, R613, R624; RULINGS C6, G20)."""

from __future__ import annotations

import pytest

from games.bsg.engine.effects import damage_vipers, destroy_civilians
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, Ctx
from games.engine.core import Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import BASE_5, State, act, play, start_game, to_step


def ctx_of(state: State) -> Ctx:
    return Ctx(state=state, rng=Rng.from_seed(1))


@pytest.mark.rules("bsg:R612")
def test_damaged_vipers_come_from_the_reserves_or_space() -> None:
    state = start_game(5, BASE_5)
    assert state["reserves"]["viper"] == 6 and state["space"]["lower_fore"]["viper"] == 2
    damage_vipers(ctx_of(state), 2, "space")
    assert state["space"]["lower_fore"]["viper"] == 0 and state["damaged_vipers"] == 2
    damage_vipers(ctx_of(state), 1, "any")  # the Reserves first
    assert state["reserves"]["viper"] == 5 and state["damaged_vipers"] == 3
    damage_vipers(ctx_of(state), 1, "space")  # none left in space: nothing
    assert state["damaged_vipers"] == 3


@pytest.mark.rules("bsg:R613")
def test_destroying_a_civilian_takes_an_unplaced_one_first() -> None:
    state = start_game(5, BASE_5)
    pile = state["decks"]["civilians"]
    top = pile[-1]
    loss = next(c.loss for c in CONTENT.board.civilians if c.id == top)
    res = dict(state["resources"])
    destroy_civilians(ctx_of(state), 1)
    assert state["decks"]["civilians_destroyed"] == [top] and len(state["space"]["aft"]["civilian"]) == 2
    assert state["resources"] == {k: v - loss.get(k, 0) for k, v in res.items()}
    pile.clear()
    on_board = state["space"]["aft"]["civilian"][0]
    destroy_civilians(ctx_of(state), 1)
    assert state["decks"]["civilians_destroyed"][-1] == on_board


@pytest.mark.rules("bsg:R624", "bsg:R704")
def test_the_admiral_may_risk_a_raptor_at_a_destination() -> None:
    """Tylium Planet: -1 fuel, then the Admiral may risk a raptor: 3 or more, +2 fuel; else it is lost."""
    state = to_step(start_game(5, BASE_5), "crisis")
    admiral = state["admiral"]
    state["decks"]["crisis"].append("water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state["decks"]["destination"] += ["tylium_planet", "deep_space"]
    state = play(state, state["current"], "draw_crisis", "activate_cylons", "prepare_jump")
    state = act(state, admiral, "choose_destination", card="tylium_planet")
    decision = RULES.pending(state)[0]
    assert decision.prompt == "risk_raptor" and decision.seats == {admiral}
    fuel, raptors, current = state["resources"]["fuel"], state["reserves"]["raptor"], state["current"]
    declined = act(state, admiral, "risk_raptor", risk=False)
    assert declined["resources"]["fuel"] == fuel and declined["reserves"]["raptor"] == raptors
    assert declined["current"] == (current + 1) % 5
    seen = set()
    for seed in range(30):
        out = RULES.apply(state, Command(admiral, "risk_raptor", {"risk": True}), Rng.from_seed(seed))
        risked = next(e for e in out.events if e.kind == "raptor_risked")
        ok = risked.data["roll"] >= 3
        assert out.state["resources"]["fuel"] == fuel + (2 if ok else 0)
        assert out.state["reserves"]["raptor"] == raptors - (0 if ok else 1)
        seen.add(ok)
    assert seen == {True, False}


@pytest.mark.rules("bsg:R613", "bsg:R003")
def test_with_every_civilian_ship_on_the_board_the_player_picks_the_one_destroyed() -> None:
    """RULINGS G216 (L427): with no civilian ship left off the board, the player resolving the effect (here the
    active player's Crisis) destroys the one he picks, named by its area; ships of one area look alike."""
    state = to_step(start_game(5, BASE_5), "crisis")
    seat = state["current"]
    pile = state["decks"]["civilians"]
    state["space"]["fore"]["civilian"] += pile[:1]
    del pile[:]
    state["decks"]["crisis"].append("exo_tylium_fire")  # fuel -1, destroy 1 civilian ship
    fuel, fore, aft = state["resources"]["fuel"], list(state["space"]["fore"]["civilian"]), list(
        state["space"]["aft"]["civilian"])
    state = act(state, seat, "draw_crisis")
    decision = RULES.pending(state)[0]
    assert decision.prompt == "choose_civilian_to_destroy" and decision.seats == {seat}
    assert {(c.kind, c.args["area"]) for c in RULES.legal_commands(state, seat)} == {
        ("destroy_civilian", "fore"), ("destroy_civilian", "aft")}
    assert state["resources"]["fuel"] == fuel - 1 and state["space"]["fore"]["civilian"] == fore
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "destroy_civilian", area="lower_aft")  # no civilian ship there
    assert info.value.code == "no_civilian_there"
    after = act(state, seat, "destroy_civilian", area="aft")
    assert after["decks"]["civilians_destroyed"] == [aft[0]] and after["space"]["aft"]["civilian"] == aft[1:]
    assert after["space"]["fore"]["civilian"] == fore and RULES.pending(after)[0].prompt != (
        "choose_civilian_to_destroy")
    state = to_step(start_game(5, BASE_5), "crisis")  # every one in one area: nothing to pick
    state["decks"]["civilians"].clear()
    state["decks"]["crisis"].append("exo_tylium_fire")
    aft = list(state["space"]["aft"]["civilian"])
    state = act(state, state["current"], "draw_crisis")
    assert state["decks"]["civilians_destroyed"] == [aft[0]] and state["space"]["aft"]["civilian"] == aft[1:]
    assert RULES.pending(state)[0].prompt != "choose_civilian_to_destroy"
