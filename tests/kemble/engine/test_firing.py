"""Firing, weapons, damage accumulation, immunities, PvP (kemble:R24-R30, R56, R65, R68, R74-R77)."""

from __future__ import annotations

import pytest

from games.kemble.engine.content import CONTENT

from .helpers import build, cmd, legal_kinds, player, refused, run


def shooter(board: dict, upgrades: dict | None = None, facing: str = "n", pos=(5, 2), **kw) -> dict:
    ups = {"turret": 1, **(upgrades or {})}
    return build(players=kw.pop("players", 2), board=board, ships={0: (*pos, facing), **kw.pop("ships", {})},
                 players_set={0: {"upgrades": ups, **kw.pop("me", {})}, **kw.pop("others", {})}, turn=0, **kw)


@pytest.mark.rules("kemble:R24")
def test_no_diagonal_fire() -> None:
    state = shooter({(4, 3): "fighter"})
    refused(state, cmd(0, "rotate", dir="ne"), "diagonal_fire_forbidden")
    state, _ = run(state, cmd(0, "fire", weapon="turret"))
    assert state["board"][3][1]["cover"] == [None, None]  # nothing in the column: the fighter is untouched


@pytest.mark.rules("kemble:R24", "kemble:R56", "kemble:R28")
def test_shot_passes_non_blocking_objects_and_hits_the_first_blocker() -> None:
    board = {(4, 2): "powerup", (3, 2): "wormhole", (2, 2): "fighter", (1, 2): "fighter"}
    state = shooter(board)
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    assert [(e.data["row"], e.data["col"]) for e in events if e.kind == "object_destroyed"] == [(2, 2)]
    assert player(state, 0)["bellonium"] == 1
    assert state["board"][1][0]["cover"][1] is not None  # covered with a sensor card
    assert state["board"][0][0]["cover"][1] is None


@pytest.mark.rules("kemble:R27")
def test_damage_adds_up_within_a_turn_and_resets_after_it() -> None:
    state = shooter({(3, 2): {"object": "cruiser", "energy": 3, "threat": 1}}, ships={1: (5, 3, "n")})
    state, _ = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "overload", gain="fire"),
                   cmd(0, "fire", weapon="turret"))
    assert state["turn"]["damage"] == {"3,2": 2}
    state, _ = run(state, cmd(0, "end_turn"))
    assert state["board"][2][0]["cover"][1] is None
    state, _ = run(state, cmd(1, "battle"), cmd(1, "rotate", dir="w"), cmd(1, "move", dir="nw"))
    assert player(state, 1)["pos"] == [4, 2]
    state, _ = run(state, cmd(1, "rotate", dir="n"), cmd(1, "fire", weapon="turret"))
    assert state["turn"]["damage"] == {"3,2": 1}
    assert state["board"][2][0]["cover"][1] is None


@pytest.mark.rules("kemble:R27")
def test_objects_without_energy_cannot_be_destroyed() -> None:
    state = shooter({(3, 2): "asteroid"}, upgrades={"gamma": 3})
    state, events = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "overload", gain="fire"),
                        cmd(0, "fire", weapon="gamma"))
    assert "object_destroyed" not in [e.kind for e in events]


@pytest.mark.rules("kemble:R25")
def test_upgrade_weapons_fire_once_per_turn_but_the_turret_gun_repeats() -> None:
    state = shooter({(2, 2): {"object": "cruiser", "energy": 9}}, upgrades={"missile": 1})
    state, _ = run(state, cmd(0, "fire", weapon="missile", splash="none"), cmd(0, "overload", gain="fire"))
    refused(state, cmd(0, "fire", weapon="missile", splash="none"), "weapon_already_used")
    state, _ = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "overload", gain="fire"),
                   cmd(0, "fire", weapon="turret"))
    assert state["turn"]["damage"] == {"2,2": 4}
    refused(state, cmd(0, "fire", weapon="laser"), "weapon_not_owned")


@pytest.mark.rules("kemble:R25")
def test_volley_option_lets_one_fire_action_fire_every_weapon() -> None:
    state = shooter({(2, 2): {"object": "cruiser", "energy": 9}}, upgrades={"missile": 1, "flamethrower": 1},
                    options={"fire_action": "volley"})
    state, _ = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "fire", weapon="missile", splash="none"))
    assert state["turn"]["damage"] == {"2,2": 3}
    assert ("fire", {"weapon": "flamethrower"}) in legal_kinds(state, 0)


@pytest.mark.rules("kemble:R74")
def test_laser_shots_can_be_spread_over_the_turn() -> None:
    state = shooter({(3, 2): "fighter", (3, 3): "fighter"}, upgrades={"laser": 1})
    state, events = run(state, cmd(0, "fire", weapon="laser"))
    assert state["turn"]["laser_shots"] == 1 and state["turn"]["fires"] == 0
    state, _ = run(state, cmd(0, "move", dir="e"))
    refused(state, cmd(0, "fire", weapon="turret"), "no_fire_action_left")
    state, events = run(state, cmd(0, "fire", weapon="laser"))
    assert [e.data["col"] for e in events if e.kind == "object_destroyed"] == [3]
    assert player(state, 0)["bellonium"] == 2
    refused(state, cmd(0, "fire", weapon="laser"), "weapon_already_used")


@pytest.mark.rules("kemble:R75", "kemble:R28")
def test_missile_splash_destroys_both_and_pays_both_rewards() -> None:
    board = {(3, 2): {"object": "cruiser", "energy": 2, "reward": {"bellonium": 1}},
             (3, 3): {"object": "fighter", "energy": 1, "reward": {"glory": 1}}}
    state = shooter(board, upgrades={"missile": 1})
    splashes = [a["splash"] for k, a in legal_kinds(state, 0) if k == "fire" and a["weapon"] == "missile"]
    assert splashes == ["n", "e", "s", "w", "none"]
    state, events = run(state, cmd(0, "fire", weapon="missile", splash="e"))
    assert sum(1 for e in events if e.kind == "object_destroyed") == 2
    assert player(state, 0)["bellonium"] == 1 and player(state, 0)["glory"] == 1


@pytest.mark.rules("kemble:R75", "kemble:R29")
def test_missile_splash_respects_immunity_and_never_hits_the_firer() -> None:
    board = {(4, 2): {"object": "fighter", "energy": 1},
             (4, 3): {"object": "fighter", "energy": 1, "immune": ["missile"]}}
    state = shooter(board, upgrades={"missile": 1})
    splashes = [a["splash"] for k, a in legal_kinds(state, 0) if k == "fire" and a["weapon"] == "missile"]
    assert "s" not in splashes  # (5, 2) is the firer
    refused(state, cmd(0, "fire", weapon="missile", splash="s"), "bad_splash_direction")
    state, events = run(state, cmd(0, "fire", weapon="missile", splash="e"))
    assert [e.kind for e in events].count("object_destroyed") == 1
    assert "shot_absorbed" in [e.kind for e in events]


@pytest.mark.rules("kemble:R76", "kemble:R24")
def test_gamma_passes_asteroids_and_black_holes() -> None:
    board = {(4, 2): "asteroid", (3, 2): "black_hole", (1, 2): {"object": "fighter", "energy": 1}}
    state = shooter(board, upgrades={"gamma": 1})
    state, events = run(state, cmd(0, "fire", weapon="gamma"))
    assert [(e.data["row"], e.data["col"]) for e in events if e.kind == "object_destroyed"] == [(1, 2)]


@pytest.mark.rules("kemble:R76", "kemble:R29", "kemble:R30")
def test_gamma_respects_gamma_immunity_and_hits_players_on_the_line() -> None:
    board = {(3, 2): {"object": "fighter", "energy": 1, "immune": ["gamma"]}}
    state = shooter(board, upgrades={"gamma": 2}, ships={1: (2, 2)})
    state, events = run(state, cmd(0, "fire", weapon="gamma"))
    assert "object_destroyed" not in [e.kind for e in events]
    assert player(state, 1)["threat"] == [2, 0] and player(state, 1)["tokens"] == {"0": 1}


@pytest.mark.rules("kemble:R77", "kemble:R24")
def test_flamethrower_reaches_only_the_adjacent_quadrant() -> None:
    state = shooter({(3, 2): {"object": "fighter", "energy": 1}}, upgrades={"flamethrower": 1})
    state, events = run(state, cmd(0, "fire", weapon="flamethrower"))
    assert "object_hit" not in [e.kind for e in events]
    state = shooter({(4, 2): {"object": "cruiser", "energy": 2}}, upgrades={"flamethrower": 1})
    state, events = run(state, cmd(0, "fire", weapon="flamethrower"))
    assert "object_destroyed" in [e.kind for e in events]


@pytest.mark.rules("kemble:R29")
def test_immune_objects_still_block_other_shots() -> None:
    board = {(4, 2): {"object": "fighter", "energy": 1, "immune": ["laser"]}, (3, 2): "fighter"}
    state = shooter(board, upgrades={"laser": 1})
    state, events = run(state, cmd(0, "fire", weapon="laser"), cmd(0, "fire", weapon="laser"))
    assert [e.kind for e in events].count("shot_absorbed") == 2
    assert "object_destroyed" not in [e.kind for e in events]


@pytest.mark.rules("kemble:R30", "kemble:R33")
def test_pvp_damage_is_threat_and_one_token_per_turn() -> None:
    state = shooter({}, ships={1: (3, 2)}, others={1: {"threat": 4}})
    state, _ = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "overload", gain="fire"),
                   cmd(0, "fire", weapon="turret"))
    assert player(state, 1)["threat"] == [5, 1]
    assert player(state, 1)["energy"] == 5 and player(state, 1)["tokens"] == {"0": 1}


@pytest.mark.rules("kemble:R30", "kemble:R51")
def test_astral_players_cannot_be_targeted() -> None:
    state = shooter({(2, 2): "fighter"})
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    assert player(state, 1)["threat"] == [0, 0] and "object_destroyed" in [e.kind for e in events]


@pytest.mark.rules("kemble:R65")
def test_singularity_glory_once_per_player_and_it_remains() -> None:
    sing = {"object": "singularity", "energy": 2, "reward": {"glory": 3}}
    state = shooter({(3, 2): sing})
    state, _ = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "overload", gain="fire"),
                   cmd(0, "fire", weapon="turret"))
    assert player(state, 0)["glory"] == 3
    assert state["board"][2][0]["marks"][1] == [0] and state["board"][2][0]["cover"][1] is None
    state, _ = run(state, cmd(0, "end_turn"), cmd(1, "end_turn"))
    state = build(players=2, board={(3, 2): sing}, ships={0: (5, 2)}, turn=0)
    state["board"][2][0]["marks"][1] = [0]
    state, _ = run(state, cmd(0, "overload", gain="fire"), cmd(0, "fire", weapon="turret"),
                   cmd(0, "fire", weapon="turret"))
    assert player(state, 0)["glory"] == 0


@pytest.mark.rules("kemble:R68")
def test_shooting_the_mosquito_swaps_its_card_and_ships_travel_with_cards() -> None:
    state = shooter({(3, 1): "mosquito"}, pos=(5, 1), ships={1: (2, 2)})
    state, _ = run(state, cmd(0, "fire", weapon="turret"))
    from .helpers import RULES

    decision = RULES.pending(state)[0]
    assert decision.prompt == "choose_mosquito_swap" and decision.seats == frozenset({0})
    targets = [(a["row"], a["card_col"]) for k, a in legal_kinds(state, 0)]
    assert targets == [(2, 1), (3, 2), (4, 1)]
    mosquito_card = state["board"][2][0]["card"]
    state, _ = run(state, cmd(0, "swap", row=2, card_col=1))
    assert state["board"][1][0]["card"] == mosquito_card
    assert player(state, 1)["pos"] == [3, 2]
    assert RULES.pending(state)[0].prompt == "battle_turn"


@pytest.mark.rules("kemble:R27", "kemble:R68")
def test_damage_travels_with_the_card_the_mosquito_swaps() -> None:
    """Audit: the mosquito's hit stayed on its old position and counted toward the card swapped in there."""
    cruiser = {"object": "cruiser", "energy": 2, "threat": 1, "reward": {"glory": 1}}
    state = shooter({(3, 2): "mosquito", (2, 2): cruiser}, turn_set={"fires": 2})
    state, _ = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "swap", row=2, card_col=1))
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    assert "object_destroyed" not in [e.kind for e in events] and player(state, 0)["glory"] == 0
    assert state["turn"]["damage"] == {"3,2": 1, "2,2": 1}


@pytest.mark.rules("kemble:R27", "kemble:R28")
def test_a_flipped_card_starts_with_no_damage_this_turn() -> None:
    front = [{"object": "cruiser", "energy": 2}, {"object": "fighter", "energy": 1}]
    back = [{"object": "cruiser", "energy": 2, "reward": {"glory": 1}}, "empty"]
    state = build(players=2, ships={0: (5, 1, "n"), 1: (5, 6)}, board={(3, 1): front[0], (3, 2): front[1]},
                  flips={(3, 1): back}, players_set={0: {"upgrades": {"turret": 2}}}, turn=0,
                  turn_set={"fires": 3, "moves": 2})
    state, _ = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "move", dir="e"), cmd(0, "fire", weapon="turret"))
    assert state["board"][2][0]["flip"] and state["turn"]["damage"] == {}
    state, _ = run(state, cmd(0, "move", dir="w"))
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    assert "object_destroyed" not in [e.kind for e in events] and player(state, 0)["glory"] == 0


@pytest.mark.rules("kemble:R75")
def test_missile_levels_deal_their_target_and_splash_damage() -> None:
    """Audit: no test told the splash damage (1, 1, 2) from the target damage (2, 3, 3)."""
    wall = {"object": "cruiser", "energy": 9}
    for level, target, splash in ((1, 2, 1), (2, 3, 1), (3, 3, 2)):
        state = shooter({(3, 2): wall, (3, 3): wall}, upgrades={"missile": level})
        state, _ = run(state, cmd(0, "fire", weapon="missile", splash="e"))
        assert state["turn"]["damage"] == {"3,2": target, "3,3": splash}, level


@pytest.mark.rules("kemble:R74")
@pytest.mark.parametrize("level", [2, 3])
def test_higher_laser_levels_fire_their_own_number_of_shots(level: int) -> None:
    shots = CONTENT.upgrades["laser"]["levels"][level - 1]["shots"]
    state = shooter({(4, 2): {"object": "cruiser", "energy": 9}}, upgrades={"laser": level})
    for left in range(shots - 1, -1, -1):
        state, events = run(state, cmd(0, "fire", weapon="laser"))
        assert state["turn"]["laser_shots"] == left
    hits = [e for e in events if e.kind == "object_hit"]
    assert hits[-1].data["total"] == shots and state["turn"]["fires"] == 0
    refused(state, cmd(0, "fire", weapon="laser"), "weapon_already_used", "kemble:R25", weapon="laser")


@pytest.mark.rules("kemble:R25")
def test_in_a_volley_the_turret_gun_still_spends_a_fire_action() -> None:
    state = shooter({(2, 2): {"object": "cruiser", "energy": 9}}, upgrades={"missile": 1},
                    options={"fire_action": "volley"}, turn_set={"fires": 1})
    state, _ = run(state, cmd(0, "fire", weapon="missile", splash="none"))
    assert (state["turn"]["fires"], state["turn"]["fires_spent"]) == (0, 1)
    refused(state, cmd(0, "fire", weapon="turret"), "no_fire_action_left", "kemble:R18")


@pytest.mark.rules("kemble:R29", "kemble:R77")
def test_a_flame_immune_object_absorbs_the_flamethrower() -> None:
    state = shooter({(4, 2): {"object": "cruiser", "energy": 2, "immune": ["flame"]}}, upgrades={"flamethrower": 1})
    state, events = run(state, cmd(0, "fire", weapon="flamethrower"))
    assert [(e.kind, dict(e.data)) for e in events][1:] == [
        ("shot_absorbed", {"seat": 0, "row": 4, "col": 2, "weapon": "flamethrower"})]


@pytest.mark.rules("kemble:R68")
def test_the_mosquito_on_a_right_half_names_its_card_and_reaches_the_card_to_its_left() -> None:
    state = shooter({(3, 4): "mosquito"}, pos=(5, 4), ships={1: (2, 4)})
    state, _ = run(state, cmd(0, "fire", weapon="turret"))
    assert state["prompts"] == [{"kind": "mosquito", "seat": 0, "row": 3, "card_col": 2}]
    assert [(a["row"], a["card_col"]) for _, a in legal_kinds(state, 0)] == [(2, 2), (3, 3), (4, 2), (3, 1)]
    state, events = run(state, cmd(0, "swap", row=2, card_col=2))
    assert player(state, 1)["pos"] == [3, 4]  # the right half of the card it travelled with
    assert ("cards_swapped", {"row": 3, "card_col": 2, "row2": 2, "card_col2": 2}) in [
        (e.kind, dict(e.data)) for e in events]


@pytest.mark.rules("kemble:R27", "kemble:R68")
def test_damage_on_a_right_half_travels_with_its_card() -> None:
    cruiser = {"object": "cruiser", "energy": 3}
    state = shooter({(3, 4): "mosquito", (2, 6): cruiser}, pos=(5, 4), turn_set={"fires": 2},
                    ships={1: (5, 6, "n")})
    state["turn"]["damage"] = {"2,6": 1}
    state, _ = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "swap", row=3, card_col=3))
    assert state["turn"]["damage"] == {"2,6": 1, "3,6": 1}  # the mosquito's hit went to card 3; card (2, 3) kept its own


@pytest.mark.rules("kemble:R28", "kemble:R73")
def test_a_destroyed_object_s_rewards_are_told_and_paid_to_the_shooter() -> None:
    rich = {"object": "cruiser", "energy": 1, "reward": {"bellonium": 2, "glory": 1, "energy": 1}}
    state = shooter({(3, 2): rich}, me={"energy": 3})
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    told = [(e.kind, dict(e.data)) for e in events]
    assert told[2:6] == [
        ("object_destroyed", {"seat": 0, "row": 3, "col": 2, "object": "cruiser"}),
        ("bellonium_gained", {"seat": 0, "amount": 2, "source": "reward"}),
        ("glory_gained", {"seat": 0, "amount": 1, "source": "reward"}),
        ("energy_gained", {"seat": 0, "amount": 1, "energy": 4, "source": "reward"})]


@pytest.mark.rules("kemble:R75", "kemble:R65", "kemble:R19")
def test_a_missile_without_a_splash_argument_and_what_a_move_and_a_singularity_tell() -> None:
    state = shooter({(3, 2): {"object": "cruiser", "energy": 9}}, upgrades={"missile": 1})
    state, events = run(state, cmd(0, "fire", weapon="missile"))
    assert [e.data["amount"] for e in events if e.kind == "object_hit"] == [2]
    state, events = run(shooter({}), cmd(0, "move", dir="ne"))
    assert [(e.kind, dict(e.data)) for e in events][0] == (
        "ship_moved", {"seat": 0, "direction": "ne", "row": 4, "col": 3, "threat": 0})
    state, events = run(shooter({(3, 2): {"object": "singularity", "energy": 1, "reward": {"glory": 2}}}),
                        cmd(0, "fire", weapon="turret"))
    assert ("glory_gained", {"seat": 0, "amount": 2, "source": "singularity"}) in [
        (e.kind, dict(e.data)) for e in events]
