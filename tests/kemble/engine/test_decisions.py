"""Decisions and the commands listed for them, in the positions the random walk rarely reaches
(kemble:R12, R16, R18, R23, R26, R64)."""

from __future__ import annotations

import pytest

from games.engine.core import AUTO_SEAT, Command

from .helpers import RULES, build, cmd, legal_kinds, player, run


@pytest.mark.rules("kemble:R16")
def test_round_one_lists_end_turn_once_the_ship_is_in_or_cannot_enter() -> None:
    state = build(players=2, turn=0, round=1)
    kinds = [k for k, _ in legal_kinds(state, 0)]
    assert "end_turn" not in kinds and kinds.count("enter") == 6
    state, _ = run(state, cmd(0, "enter", col=2))
    assert "end_turn" in [k for k, _ in legal_kinds(state, 0)]
    blocked = build(players=2, turn=0, round=1, board={(5, c): "asteroid" for c in range(1, 7)})
    assert "enter" not in [k for k, _ in legal_kinds(blocked, 0)] and legal_kinds(blocked, 0)[-1] == ("end_turn", {})


@pytest.mark.rules("kemble:R64")
def test_a_wormhole_reached_by_a_move_offers_the_jumps_to_the_mover() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): "wormhole", (2, 5): "wormhole"}, turn=0,
                  turn_set={"moves": 2})
    state, _ = run(state, cmd(0, "move", dir="n"))
    assert RULES.view(state, 0)["turn"]["wormhole"] == [4, 2]
    assert Command(0, "teleport", {"row": 2, "col": 5}) in RULES.legal_commands(state, 0)
    state, events = run(state, cmd(0, "teleport", row=2, col=5))
    assert player(state, 0)["pos"] == [2, 5] and RULES.view(state, 0)["turn"]["wormhole"] is None
    assert [(e.kind, dict(e.data)) for e in events][0] == ("ship_teleported", {"seat": 0, "row": 2, "col": 5})
    assert "teleport" not in [k for k, _ in legal_kinds(state, 0)]


def test_a_prompt_is_asked_of_its_seat_with_its_fields_and_automatic_steps_name_their_phase() -> None:
    state = build(players=2, ships={0: (5, 2)}, turn=1, prompts=[{"kind": "mosquito", "seat": 0, "row": 2,
                                                                 "card_col": 3}])
    decision = RULES.pending(state)[0]
    assert (decision.seats, decision.prompt, dict(decision.params)) == (
        frozenset({0}), "choose_mosquito_swap", {"seat": 0, "row": 2, "card_col": 3})
    state = build(players=2, phase="scroll")
    decision = RULES.pending(state)[0]
    assert (decision.seats, decision.prompt, decision.automatic) == (frozenset(), "scroll", True)
    assert RULES.auto_command(state) == Command(AUTO_SEAT, "scroll", {})


@pytest.mark.rules("kemble:R14", "kemble:R18")
def test_a_turn_starts_with_the_round_s_extra_moves_and_fire_actions_then_spends_them() -> None:
    state = build(players=2, ships={0: (5, 2), 1: (5, 5)}, turn=0, players_set={1: {"round_moves": 2,
                                                                                     "round_fires": 1}})
    state, _ = run(state, cmd(0, "end_turn"))
    turn = state["turn"]
    assert (turn["seat"], turn["mode"], turn["moves"], turn["fires"]) == (1, "choose", 3, 2)
    assert (player(state, 1)["round_moves"], player(state, 1)["round_fires"]) == (0, 0)
    state, _ = run(state, cmd(1, "battle"), cmd(1, "end_turn"))
    assert state["phase"] == "scroll" and state["turn"] is None


@pytest.mark.rules("kemble:R26")
def test_a_free_rotation_pays_nothing_and_says_so() -> None:
    state = build(players=2, ships={0: (5, 2)}, turn=0, players_set={0: {"upgrades": {"turret": 2}}})
    state, events = run(state, cmd(0, "rotate", dir="e"))
    assert [(e.kind, dict(e.data)) for e in events] == [("turret_rotated", {"seat": 0, "direction": "e", "cost": 0})]
    state, events = run(build(players=2, ships={0: (5, 2)}, turn=0), cmd(0, "rotate", dir="w"))
    assert [(e.kind, dict(e.data)) for e in events] == [
        ("turret_rotated", {"seat": 0, "direction": "w", "cost": 1}),
        ("energy_paid", {"seat": 0, "amount": 1, "reason": "rotation"}),
        ("ship_damaged", {"seat": 0, "amount": 1, "energy": 4, "cause": "rotation"})]
