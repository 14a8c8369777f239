"""Space effects of quadrants (kemble:R20, R28, R57-R73, RULINGS A10-A13)."""

from __future__ import annotations

import pytest

from .helpers import RULES, build, cmd, player, refused, run


def step_onto(obj, **kw) -> tuple[dict, list]:
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): obj}, turn=0, **kw)
    return run(state, cmd(0, "move", dir="n"))


@pytest.mark.rules("kemble:R60")
def test_ramming_an_enemy_costs_its_threat_and_destroys_it_without_reward() -> None:
    state, events = step_onto({"object": "fighter", "energy": 1, "threat": 2, "reward": {"bellonium": 3}})
    assert player(state, 0)["energy"] == 3 and player(state, 0)["bellonium"] == 0
    assert player(state, 0)["pos"] == [4, 2] and state["board"][3][0]["cover"][1] is not None
    state, _ = step_onto({"object": "turret", "energy": 2, "distant": [{"dir": "s", "count": 2}]})
    assert player(state, 0)["energy"] == 3  # distant only: its distant count (A10)


@pytest.mark.rules("kemble:R62")
def test_mine_deals_two_and_is_covered() -> None:
    state, events = step_onto("mine")
    assert player(state, 0)["energy"] == 3 and state["board"][3][0]["cover"][1] is not None


@pytest.mark.rules("kemble:R63")
def test_moving_into_a_black_hole_destroys_unless_the_table_forbids_it() -> None:
    state, _ = step_onto("black_hole")
    assert player(state, 0)["pos"] is None
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): "black_hole"}, turn=0,
                  options={"black_hole_entry": "forbidden"})
    refused(state, cmd(0, "move", dir="n"), "quadrant_blocked")


@pytest.mark.rules("kemble:R58", "kemble:R73")
def test_recharge_drone_gives_energy_capped_and_stays() -> None:
    state, _ = step_onto("drone", players_set={0: {"energy": 3}})
    assert player(state, 0)["energy"] == 4 and state["board"][3][0]["cover"][1] is None
    state, _ = step_onto("drone")
    assert player(state, 0)["energy"] == 5
    state, _ = step_onto("drone", players_set={0: {"energy": 3}}, options={"drone_reuse": "covered"})
    assert state["board"][3][0]["cover"][1] is not None


@pytest.mark.rules("kemble:R59")
def test_powerup_quadrant_draws_a_card_then_is_covered() -> None:
    state, events = step_onto("powerup", players_set={0: {"powerups": []}})
    drawn = len(player(state, 0)["powerups"]) + sum(1 for e in events if e.kind == "powerup_played")
    assert drawn == 1 and state["board"][3][0]["cover"][1] is not None


@pytest.mark.rules("kemble:R66")
def test_labyrinth_glory_once_per_player() -> None:
    lab = {"object": "labyrinth", "reward": {"glory": 2}}
    state, _ = step_onto(lab, achievements_up=[])
    assert player(state, 0)["glory"] == 2
    state, _ = run(state, cmd(0, "overload", gain="move"), cmd(0, "move", dir="s"), cmd(0, "overload", gain="move"),
                   cmd(0, "move", dir="n"))
    assert player(state, 0)["glory"] == 2


@pytest.mark.rules("kemble:R67", "kemble:R57")
def test_destructible_asteroid_is_shot_away_but_still_bumps_when_pushed() -> None:
    rock = {"object": "asteroid", "energy": 1, "reward": {"bellonium": 2}}
    state = build(players=2, ships={0: (5, 2)}, board={(3, 2): rock}, turn=0)
    state, _ = run(state, cmd(0, "fire", weapon="turret"))
    assert player(state, 0)["bellonium"] == 2
    state = build(players=2, ships={0: (5, 1)}, board={(4, 1): rock}, phase="scroll", space=[])
    state, _ = run(state, auto=True)
    assert player(state, 0)["energy"] == 4 and player(state, 0)["pos"] == [4, 2]


@pytest.mark.rules("kemble:R28", "kemble:R72")
def test_flip_card_turns_over_instead_of_being_covered_and_pays_new_global_bellonium() -> None:
    front = [{"object": "fighter", "energy": 1}, "empty"]
    back = [{"object": "empty", "global_bellonium": 1}, "drone"]
    state = build(players=2, ships={0: (5, 1), 1: (3, 2)}, board={(3, 1): front[0]}, flips={(3, 1): back},
                  players_set={1: {"energy": 3}}, turn=0)
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    slot = state["board"][2][0]
    assert slot["flip"] and slot["cover"] == [None, None]
    assert player(state, 0)["bellonium"] == 1 and player(state, 1)["bellonium"] == 1  # revealed Global
    assert player(state, 1)["energy"] == 4  # the ship on the flipped card resolves the drone


@pytest.mark.rules("kemble:R20")
def test_space_effects_resolve_after_each_move() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): "mine", (3, 2): "mine"}, turn=0,
                  turn_set={"moves": 2})
    state, _ = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["energy"] == 3
    state, _ = run(state, cmd(0, "move", dir="n"))
    assert player(state, 0)["energy"] == 1


@pytest.mark.rules("kemble:R57", "kemble:R65")
def test_pushed_onto_a_singularity_bumps_sideways() -> None:
    state = build(players=2, ships={0: (5, 6)}, board={(4, 6): "singularity"}, phase="scroll", space=[])
    state, _ = run(state, auto=True)
    assert player(state, 0)["pos"] == [4, 5] and player(state, 0)["energy"] == 4
    assert RULES.pending(state)[0].prompt == "choose_sensor"


@pytest.mark.rules("kemble:R60", "kemble:R72")
def test_ramming_deals_the_damage_before_the_enemy_is_destroyed() -> None:
    """Audit: the enemy used to be removed first, so a ship killed by the ram still saw its card flip and
    collected the Global Bellonium revealed on the back."""
    rammed = {"object": "fighter", "energy": 1, "threat": 2}
    state = build(players=2, ships={0: (5, 1), 1: (2, 6)}, board={(4, 1): rammed},
                  flips={(4, 1): [{"object": "empty", "global_bellonium": 1}, "empty"]},
                  players_set={0: {"energy": 2}}, turn=0)
    state, events = run(state, cmd(0, "move", dir="n"))
    order = [e.kind for e in events]
    assert order.index("ship_destroyed") < order.index("card_flipped")
    assert player(state, 0)["bellonium"] == 0 and player(state, 1)["bellonium"] == 1
    assert state["board"][3][0]["flip"]


@pytest.mark.rules("kemble:R71", "kemble:R28")
def test_a_side_step_on_your_own_turn_onto_a_minus_m_reward_can_be_claimed() -> None:
    """Audit: only a move or an entry opened the -M claim; a side step after a flip on your own turn did not."""
    lab = {"object": "labyrinth", "extra_moves": 1, "reward": {"glory": 2}}
    state = build(players=2, ships={0: (4, 1, "e")}, board={(4, 2): {"object": "fighter", "energy": 1}},
                  flips={(4, 1): ["asteroid", lab]}, achievements_up=[], turn=0)
    state, _ = run(state, cmd(0, "fire", weapon="turret"))
    assert player(state, 0)["pos"] == [4, 2] and player(state, 0)["energy"] == 4
    state, _ = run(state, cmd(0, "spend_move"))
    assert player(state, 0)["glory"] == 2


@pytest.mark.rules("kemble:R60", "kemble:R28")
def test_a_rammed_boss_part_gives_no_reward_rule_but_still_weakens_the_boss() -> None:
    """RULINGS A36: the part's "when destroyed" rule for its destroyer is a reward (none when rammed);
    a rule that reaches other ships happens whether the part is rammed or shot down."""
    shield = {"object": "boss_part", "energy": 2, "threat": 1, "special": "dreadnought_shield"}
    bridge = {"object": "boss_part", "energy": 2, "threat": 1, "special": "dreadnought_bridge"}
    # Rammed: the bridge's rule (every ship on the board loses 2 threat) still happens.
    state = build(players=2, ships={0: (5, 2), 1: (2, 6)}, board={(4, 2): bridge},
                  players_set={1: {"threat": [4, 0]}}, turn=0)
    state, events = run(state, cmd(0, "move", dir="n"))
    assert "special_rule_triggered" in [e.kind for e in events]
    assert player(state, 1)["threat"][0] == 2
    # Rammed: the shield's rule (an extra fire action for its destroyer) is a reward, so it does not happen.
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): shield}, turn=0)
    before = state["turn"]["fires"]
    state, events = run(state, cmd(0, "move", dir="n"))
    assert "special_rule_triggered" not in [e.kind for e in events] and state["turn"]["fires"] == before
    # Shot down: the same rule is the destroyer's reward.
    state = build(players=2, ships={0: (5, 2, "n")}, board={(4, 2): dict(shield, energy=1)}, turn=0)
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    assert "special_rule_triggered" in [e.kind for e in events] and state["turn"]["fires"] == 1


@pytest.mark.rules("kemble:R66", "kemble:R71")
def test_a_labyrinth_on_a_left_half_already_scored_offers_no_standing_claim() -> None:
    lab = {"object": "labyrinth", "extra_moves": 1, "reward": {"glory": 2}}
    state = build(players=2, ships={0: (4, 3)}, board={(4, 3): lab}, turn=0, mode="choose")
    state["board"][3][1]["marks"] = [[0], []]
    state, _ = run(state, cmd(0, "battle"))
    assert state["turn"]["claim"] is None
    state = build(players=2, ships={0: (4, 3)}, board={(4, 3): lab}, turn=0, mode="choose")
    state, _ = run(state, cmd(0, "battle"))
    assert state["turn"]["claim"] == {"pos": [4, 3], "left": 1}


@pytest.mark.rules("kemble:R60", "kemble:R32")
def test_ramming_an_enemy_with_omni_threat_costs_its_omni_symbols_too() -> None:
    """Its threat level is what it adds to a ship's threat (A39: regular, else distant, plus omni): a ram costs
    all of it (A10)."""
    state, _ = step_onto({"object": "cruiser", "energy": 3, "threat": 1, "omni": 1})
    assert player(state, 0)["energy"] == 3
    state, _ = step_onto({"object": "turret", "energy": 2, "distant": [{"dir": "s", "count": 1}], "omni": 2})
    assert player(state, 0)["energy"] == 2
