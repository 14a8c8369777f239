"""The scroll: pushes, removal, the new row, bosses, the shrinking end (kemble:R41-R47, R57, R61, R63, R69)."""

from __future__ import annotations

import pytest

from games.kemble.engine.content import CONTENT
from games.kemble.engine.scenario import synthetic_card

from .helpers import RULES, build, cmd, legal_kinds, player, refused, run


def scrolling(**kw) -> dict:
    return build(phase="scroll", **kw)


def auto(state: dict) -> dict:
    state, _ = run(state, auto=True)
    return state


@pytest.mark.rules("kemble:R41", "kemble:R57", "kemble:R61")
def test_pushes_one_by_one_in_turn_order_with_side_choices() -> None:
    state = scrolling(players=2, ships={0: (5, 2), 1: (5, 3)}, board={(4, 2): "asteroid"}, order=[0, 1],
                      space=[])
    state = auto(state)
    decision = RULES.pending(state)[0]
    assert decision.prompt == "choose_side" and decision.seats == frozenset({0})
    assert player(state, 0)["energy"] == 4
    assert legal_kinds(state, 0) == [("choose_side", {"side": "left"}), ("choose_side", {"side": "right"})]
    state, _ = run(state, cmd(0, "choose_side", side="right"))
    assert player(state, 0)["pos"] == [4, 3]
    state = auto(state)
    assert RULES.pending(state)[0].seats == frozenset({1})  # B pushed onto A
    assert player(state, 1)["energy"] == 4 and player(state, 1)["pos"] == [4, 3]
    assert [a["side"] for _, a in legal_kinds(state, 1)] == ["left", "right"]
    state, _ = run(state, cmd(1, "choose_side", side="right"))
    assert player(state, 1)["pos"] == [4, 4]


@pytest.mark.rules("kemble:R41", "kemble:R21")
def test_pushes_do_not_dodge_and_a_lone_side_is_taken_automatically() -> None:
    state = scrolling(players=2, ships={0: (5, 1)}, board={(4, 1): "asteroid"},
                      players_set={0: {"threat": 2}}, space=[])
    state = auto(state)
    assert player(state, 0)["pos"] == [4, 2] and player(state, 0)["threat"] == [2, 0]
    assert player(state, 0)["energy"] == 4


@pytest.mark.rules("kemble:R63", "kemble:R50", "kemble:R41")
def test_pushed_into_a_black_hole_is_destroyed_and_glory_paid() -> None:
    state = scrolling(players=3, ships={0: (5, 2), 1: (3, 3)}, board={(4, 2): "black_hole"}, space=[])
    state, events = run(state, auto=True)
    assert player(state, 0)["pos"] is None
    assert player(state, 1)["glory"] == 2 and player(state, 2)["glory"] == 0
    assert "ship_destroyed" in [e.kind for e in events]


@pytest.mark.rules("kemble:R42")
def test_new_row_shifts_ships_down_and_pays_global_bellonium_to_on_board_players() -> None:
    rich = synthetic_card([{"object": "empty", "global_bellonium": 1}, "empty"])
    plain = synthetic_card(["empty", "empty"])
    state = scrolling(players=3, ships={0: (3, 2), 1: (2, 5)}, space=[rich, plain, plain])
    state = auto(state)
    assert player(state, 0)["pos"] == [4, 2] and player(state, 1)["pos"] == [3, 5]
    assert [s["card"] for s in state["board"][0]] == [rich, plain, plain]
    assert [player(state, s)["bellonium"] for s in range(3)] == [1, 1, 0]


@pytest.mark.rules("kemble:R42", "kemble:R32")
def test_new_row_threat_goes_at_once_to_players_in_the_new_second_row() -> None:
    enemies = synthetic_card(["fighter", "fighter"])
    plain = synthetic_card(["empty", "empty"])
    state = scrolling(players=2, ships={0: (1, 2), 1: (1, 6)}, space=[enemies, plain, plain])
    state = auto(state)
    assert player(state, 0)["pos"] == [2, 2] and player(state, 0)["threat"] == [2, 0]
    assert player(state, 1)["threat"] == [0, 0]
    # every player in the new row 2 gets it, not only the first in seat order
    state = scrolling(players=3, ships={0: (3, 2), 1: (1, 1), 2: (1, 3)}, space=[enemies, plain, plain])
    state = auto(state)
    assert [player(state, s)["threat"] for s in range(3)] == [[0, 0], [2, 0], [1, 0]]
    # RULINGS A6/A7: an adjacent new-row enemy with only distant symbols gives its distant count
    gunner = synthetic_card([{"object": "turret", "energy": 2, "distant": [{"dir": "w", "count": 2}]}, "empty"])
    state = scrolling(players=2, ships={0: (1, 2)}, space=[gunner, plain, plain])
    state = auto(state)
    assert player(state, 0)["threat"] == [2, 0]
    # ...and none when the table reads the "Importante" paragraph literally (option adjacent_distant)
    state = scrolling(players=2, ships={0: (1, 2)}, space=[gunner, plain, plain], options={"adjacent_distant": "ignored"})
    state = auto(state)
    assert player(state, 0)["threat"] == [0, 0]


@pytest.mark.rules("kemble:R43")
def test_empty_pile_removes_the_bottom_row_without_moving_the_rails() -> None:
    state = scrolling(players=2, ships={0: (3, 2)}, space=[])
    state = auto(state)
    assert len(state["board"]) == 4 and player(state, 0)["pos"] == [3, 2]
    assert state["phase"] == "bid" and state["round"] == 3


@pytest.mark.rules("kemble:R44", "kemble:R55")
def test_one_row_left_when_scrolling_ends_the_game() -> None:
    state = scrolling(players=2, rows=2, ships={0: (1, 2)}, space=[])
    state = auto(state)
    assert len(state["board"]) == 1 and state["phase"] == "bid"
    state = build(players=2, rows=1, ships={0: (1, 2)}, space=[], phase="scroll")
    state = auto(state)
    assert state["phase"] == "over" and RULES.result(state) is not None
    assert RULES.pending(state) == [] and RULES.legal_commands(state, 0) == []


@pytest.mark.rules("kemble:R44")
def test_end_check_after_removal_option() -> None:
    state = scrolling(players=2, rows=2, space=[], options={"end_check": "after_removal"})
    state = auto(state)
    assert state["phase"] == "over"


@pytest.mark.rules("kemble:R45", "kemble:R46")
def test_two_row_boss_uses_cards_1_to_3_then_5_to_7_with_three_players() -> None:
    state = scrolling(players=3, space=["warning_dreadnought"])
    state, events = run(state, auto=True)
    assert state["boss"] == "dreadnought" and "boss_revealed" in [e.kind for e in events]
    assert [s["card"] for s in state["board"][0]] == ["dreadnought_1", "dreadnought_2", "dreadnought_3"]
    assert RULES.view(state, None)["boss"] == "dreadnought"
    state = scrolling(players=3, space=[])
    state["boss"], state["boss_rows"] = "dreadnought", [["dreadnought_5", "dreadnought_6", "dreadnought_7"]]
    state = auto(state)
    assert [s["card"] for s in state["board"][0]] == ["dreadnought_5", "dreadnought_6", "dreadnought_7"]


@pytest.mark.rules("kemble:R46")
def test_boss_cards_by_player_count() -> None:
    four = auto(scrolling(players=4, space=["warning_hive"]))
    assert [s["card"] for s in four["board"][0]] == ["hive_1", "hive_2", "hive_3", "hive_4"]
    solo = auto(scrolling(players=1, space=["warning_dreadnought"]))
    assert [s["card"] for s in solo["board"][0]] == ["dreadnought_2", "dreadnought_3"]
    assert solo["boss_rows"] == [["dreadnought_6", "dreadnought_7"]]


@pytest.mark.rules("kemble:R47")
def test_boss_parts_are_destructible_only_with_energy() -> None:
    weak = {"object": "boss_part", "energy": 1, "reward": {"glory": 2}}
    hard = {"object": "boss_part", "threat": 1}
    state = build(players=2, board={(3, 2): hard, (3, 3): weak}, ships={0: (5, 2), 1: (5, 3)}, turn=0)
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    assert "object_destroyed" not in [e.kind for e in events]
    state, _ = run(state, cmd(0, "end_turn"), cmd(1, "battle"), cmd(1, "fire", weapon="turret"))
    assert player(state, 1)["glory"] == 2


@pytest.mark.rules("kemble:R69", "kemble:R51")
def test_bomb_leaving_the_board_gives_two_threat_to_the_revealed_colours() -> None:
    def of(colour: str, n: int) -> list[str]:
        return [k for k, s in CONTENT.sensors.items() if s.symbol == colour][:n]

    revealed = of("red", 2) + of("blue", 1) + of("green", 1) + of("purple", 1)
    # seats: 0 red, 1 blue, 2 green (astral), 3 yellow (on the board, colour not revealed)
    state = scrolling(players=4, board={(5, 8): "bomb"}, ships={0: (2, 2), 1: (2, 4), 3: (3, 6)}, space=[],
                      sensor=revealed)
    state, events = run(state, auto=True)
    assert "bomb_detonated" in [e.kind for e in events]
    assert player(state, 0)["threat"] == [2, 0] and player(state, 1)["threat"] == [2, 0]
    assert player(state, 2)["threat"] == [0, 0]  # revealed, but astral (R51)
    assert player(state, 3)["threat"] == [0, 0]  # on the board, colour not revealed
    assert set(revealed) <= set(state["decks"]["sensor_discard"])


@pytest.mark.rules("kemble:R64")
def test_pushed_onto_a_wormhole_offers_a_jump_or_stay() -> None:
    state = scrolling(players=2, ships={0: (5, 2)}, board={(4, 2): "wormhole", (1, 1): "wormhole"}, space=[])
    state = auto(state)
    assert RULES.pending(state)[0].prompt == "choose_wormhole"
    assert legal_kinds(state, 0) == [("teleport", {"row": 1, "col": 1}), ("stay", {})]
    state, _ = run(state, cmd(0, "teleport", row=1, col=1))
    state = auto(state)
    assert player(state, 0)["pos"] == [1, 1] and state["phase"] == "bid"


@pytest.mark.rules("kemble:R41", "kemble:R64")
def test_a_pushed_ship_cannot_jump_into_the_row_being_removed() -> None:
    """Audit: a jump to a bottom-row wormhole during the pushes used to take the ship off with the row."""
    state = scrolling(players=2, ships={0: (5, 2)}, board={(4, 2): "wormhole", (5, 5): "wormhole",
                                                         (2, 1): "wormhole"}, space=[])
    state = auto(state)
    assert legal_kinds(state, 0) == [("teleport", {"row": 2, "col": 1}), ("stay", {})]
    refused(state, cmd(0, "teleport", row=5, col=5), "bad_wormhole_target")
    state, _ = run(state, cmd(0, "stay"), auto=True)
    assert player(state, 0)["pos"] == [4, 2]


@pytest.mark.rules("kemble:R42")
def test_a_new_row_takes_exactly_one_card_per_column_and_pays_only_its_front_s_global_bellonium() -> None:
    plain = synthetic_card(["empty", "empty"])
    flipped_rich = synthetic_card(["empty", "empty"], back=[{"object": "empty", "global_bellonium": 2}, "empty"])
    state = scrolling(players=2, ships={0: (3, 2)}, space=[flipped_rich, plain, plain, plain])
    state = auto(state)
    assert [s["card"] for s in state["board"][0]] == [flipped_rich, plain, plain]
    assert state["decks"]["space"] == [plain] and player(state, 0)["bellonium"] == 0


@pytest.mark.rules("kemble:R41")
def test_the_removed_row_s_covers_go_to_the_sensor_discard() -> None:
    state = scrolling(players=2, ships={0: (3, 2)}, covers=[(5, 1), (5, 4)], space=[])
    covers = [c for s in state["board"][4] for c in s["cover"] if c]
    before = list(state["decks"]["sensor_discard"])
    state = auto(state)
    assert state["decks"]["sensor_discard"][: len(before) + 2] == before + covers


@pytest.mark.rules("kemble:R46", "kemble:R47")
def test_a_two_row_boss_with_four_players_brings_cards_5_to_8_and_counts_its_destructible_parts() -> None:
    four = auto(scrolling(players=4, space=["warning_dreadnought"]))
    assert four["boss_rows"] == [[f"dreadnought_{n}" for n in (5, 6, 7, 8)]]
    rows = [[f"dreadnought_{n}" for n in numbers] for numbers in ((1, 2, 3, 4), (5, 6, 7, 8))]
    parts = sum(1 for row in rows for cid in row for q in CONTENT.card(cid).front
                if q.object == "boss_part" and q.energy is not None)
    hard = sum(1 for row in rows for cid in row for q in CONTENT.card(cid).front
               if q.object == "boss_part" and q.energy is None)
    assert four["boss_parts"] == parts and parts > 0 and hard > 0
    assert RULES.view(four, None)["boss_parts"] == {"total": parts, "destroyed": 0}
