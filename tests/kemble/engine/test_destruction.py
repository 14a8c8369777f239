"""Destruction, astral players and the glory it pays (kemble:R48-R52, RULINGS A17)."""

from __future__ import annotations

import pytest

from .helpers import RULES, build, cmd, legal_kinds, player, run


@pytest.mark.rules("kemble:R50")
def test_destruction_pays_two_to_on_board_players_and_one_per_token() -> None:
    state = build(players=4, ships={0: (5, 2), 1: (5, 4), 3: (3, 6)},
                  players_set={1: {"tokens": {"0": 3, "2": 1}, "threat": 5}}, turn=1)
    state, _ = run(state, cmd(1, "end_turn"))
    assert player(state, 1)["pos"] is None
    assert [player(state, s)["glory"] for s in range(4)] == [5, 0, 1, 2]
    assert player(state, 1)["tokens"] == {}


@pytest.mark.rules("kemble:R49", "kemble:R50")
def test_destroyed_current_player_ends_the_turn_at_once() -> None:
    state = build(players=2, ships={0: (5, 2), 1: (3, 5)}, board={(4, 2): "mine"},
                  players_set={0: {"energy": 2, "threat": 3}}, turn=0)
    state, events = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["pos"] is None and player(state, 0)["threat"] == [0, 0]
    assert state["turn"]["seat"] == 1
    assert "threat_resolved" not in [e.kind for e in events]


@pytest.mark.rules("kemble:R51")
def test_astral_players_get_no_threat_no_global_bellonium_and_no_damage() -> None:
    state = build(players=2, ships={1: (5, 2)}, turn=1)
    from games.engine.core import Rng
    from games.kemble.engine.destruction import damage_ship
    from games.kemble.engine.space import pay_global_bellonium
    from games.kemble.engine.state import Ctx
    from games.kemble.engine.threat import give_threat

    ctx = Ctx(state=state, rng=Rng(0))
    give_threat(ctx, 0, 3, "test")
    assert not damage_ship(ctx, 0, 3, "test")
    assert player(state, 0)["threat"] == [0, 0]
    pay_global_bellonium(ctx, 2)
    assert player(state, 0)["bellonium"] == 0 and player(state, 1)["bellonium"] == 2


@pytest.mark.rules("kemble:R51", "kemble:R13")
def test_astral_players_still_bid_sensor_cards() -> None:
    state = build(players=2, ships={1: (5, 2)})
    assert RULES.pending(state)[0].seats == frozenset({0, 1})
    assert legal_kinds(state, 0)[0][0] == "bid"


@pytest.mark.rules("kemble:R52")
def test_re_entry_with_generator_one_sets_energy_to_five() -> None:
    state = build(players=2, players_set={0: {"energy": 0, "upgrades": {"turret": 1, "generator": 1}}}, turn=0)
    state, _ = run(state, cmd(0, "enter", col=3))
    assert player(state, 0)["energy"] == 5 and player(state, 0)["pos"] == [5, 3]
    state, _ = run(state, cmd(0, "overload", gain="move"), cmd(0, "move", dir="n"))
    assert player(state, 0)["pos"] == [4, 3]


@pytest.mark.rules("kemble:R48")
def test_no_lives_limit_a_ship_can_be_destroyed_and_return_again() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): "black_hole"}, turn=0,
                  players_set={0: {"destroyed": 3}})
    state, _ = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["destroyed"] == 4 and player(state, 0)["pos"] is None
    state, _ = run(state, cmd(1, "end_turn"), auto=True)
    assert state["phase"] == "bid"


@pytest.mark.rules("kemble:R50", "kemble:R30")
def test_what_players_are_told_of_a_destruction() -> None:
    """The events in order with their fields: the damage, the destruction, 2 glory to each ship still in the
    play area, 1 per PvP token to its giver (who counts a player destroyed), and the victim's state after."""
    state = build(players=4, ships={0: (5, 2), 1: (5, 4), 3: (3, 6)},
                  players_set={1: {"tokens": {"3": 2, "0": 1}, "threat": 5, "energy": 3}}, turn=1,
                  prompts=[{"kind": "wormhole", "seat": 0}, {"kind": "side", "seat": 1}],
                  turn_set={"claim": {"pos": [5, 4], "left": 1}})
    from games.engine.core import Rng
    from games.kemble.engine.destruction import damage_ship
    from games.kemble.engine.state import Ctx

    ctx = Ctx(state=state, rng=Rng(0))
    assert damage_ship(ctx, 1, 3, "threat") is True
    ctx_events = [(e.kind, dict(e.data)) for e in ctx.events]
    assert ctx_events == [
        ("ship_damaged", {"seat": 1, "amount": 3, "energy": 0, "cause": "threat"}),
        ("ship_destroyed", {"seat": 1, "cause": "threat"}),
        ("glory_gained", {"seat": 0, "amount": 2, "source": "destruction"}),
        ("glory_gained", {"seat": 3, "amount": 2, "source": "destruction"}),
        ("glory_gained", {"seat": 0, "amount": 1, "source": "pvp_tokens"}),
        ("glory_gained", {"seat": 3, "amount": 2, "source": "pvp_tokens"}),
    ]
    victim = player(state, 1)
    assert (victim["pos"], victim["energy"], victim["threat"], victim["destroyed"], victim["tokens"]) == (
        None, 0, [0, 0], 1, {})
    assert state["prompts"] == [{"kind": "wormhole", "seat": 0}]
    assert state["turn"]["ended"] is True and state["turn"]["claim"] is None
    assert player(state, 0)["stats"] == {"players_destroyed": 1} and player(state, 3)["stats"] == {"players_destroyed": 1}
    assert damage_ship(ctx, 0, 2, "mine") is False and player(state, 0)["energy"] == 3
    assert damage_ship(ctx, 0, 0, "mine") is False and len(ctx.events) == 7


@pytest.mark.rules("kemble:R50")
def test_another_seat_destroyed_leaves_the_turn_and_its_claim_alone() -> None:
    from games.engine.core import Rng
    from games.kemble.engine.destruction import destroy_player
    from games.kemble.engine.state import Ctx

    state = build(players=2, ships={0: (5, 2), 1: (3, 5)}, turn=0, turn_set={"claim": {"pos": [5, 2], "left": 1}})
    ctx = Ctx(state=state, rng=Rng(0))
    destroy_player(ctx, 1, "mine")
    assert state["turn"]["ended"] is False and state["turn"]["claim"] == {"pos": [5, 2], "left": 1}
    assert not state["solo_failed"]


@pytest.mark.rules("kemble:R84")
def test_a_destroyed_solo_ship_fails_the_game() -> None:
    from games.engine.core import Rng

    state = build(players=1, ships={0: (5, 2)}, board={(4, 2): "black_hole"}, turn=0)
    out = RULES.apply(state, cmd(0, "move", dir="n"), Rng.from_seed(0))
    assert out.state["solo_failed"] and RULES.result(out.state).reason == "solo_destroyed"
    assert not out.undoable and out.state["scroll"] is None  # the end of a game is never taken back


def test_resigning_tells_everyone_and_clears_the_seat() -> None:
    state = build(players=3, ships={0: (5, 2), 1: (3, 3)}, turn=1, players_set={1: {"tokens": {"0": 2}}},
                  prompts=[{"kind": "wormhole", "seat": 2}, {"kind": "side", "seat": 1}])
    out = RULES.resign(state, 1)
    s = out.state
    assert [(e.kind, dict(e.data)) for e in out.events][:1] == [("player_resigned", {"seat": 1})]
    p = player(s, 1)
    assert (p["resigned"], p["pos"], p["bid"], p["tokens"]) == (True, None, None, {})
    assert s["prompts"] == [{"kind": "wormhole", "seat": 2}] and s["dseq"] > state["dseq"]
    assert s["turn"]["seat"] == 1 and RULES.result(s) is None  # the open prompt is answered first
    assert player(state, 1)["resigned"] is False  # the input is left alone


def test_resigning_on_your_own_turn_passes_play_and_a_resigned_seat_leaves_the_scroll_queue() -> None:
    state = build(players=3, ships={0: (5, 2), 1: (3, 3)}, turn=1)
    out = RULES.resign(state, 1)
    assert out.state["turn"]["seat"] == 2 and "turn_ended" in [e.kind for e in out.events]
    state = build(players=3, ships={0: (5, 2), 1: (3, 3)}, turn=0)
    assert RULES.resign(state, 1).state["turn"]["seat"] == 0
    state = build(players=3, ships={0: (5, 2), 1: (4, 3), 2: (4, 5)}, phase="scroll")
    state["scroll"] = {"stage": "push", "queue": [1, 2, 0]}
    assert RULES.resign(state, 2).state["scroll"]["queue"] == [1, 0]
