"""Setup by player count and the variants' decks (kemble:R1-R11, R46, R82-R86)."""

from __future__ import annotations

import pytest

from games.engine.core import IllegalCommand
from games.kemble.engine.content import CONTENT

from .helpers import RULES, player, setup


def deck_of(card: str) -> str:
    return CONTENT.card(card).deck


@pytest.mark.rules("kemble:R6", "kemble:R7", "kemble:R8")
def test_three_players_get_a_42_card_pile_s1_first_and_the_warning_last() -> None:
    state = setup(3)
    board = state["board"]
    assert len(board) == 5 and all(len(row) == 3 for row in board)
    assert [deck_of(s["card"]) for row in board[1:] for s in row] == ["S1"] * 12
    assert [deck_of(s["card"]) for s in board[0]] == ["A1"] * 3
    pile = state["decks"]["space"]
    assert pile[0] in CONTENT.warnings  # bottom of the pile
    normal = pile[1:]
    assert len(normal) == 27
    # top of the pile is the end of the list: remaining A1 first, then W1, then F1 last
    assert [deck_of(c) for c in reversed(normal)] == ["A1"] * 6 + ["W1"] * 12 + ["F1"] * 9


@pytest.mark.rules("kemble:R6", "kemble:R8")
def test_five_players_play_four_cards_wide_with_36_cards_to_come() -> None:
    state = setup(5)
    assert all(len(row) == 4 for row in state["board"])
    assert [deck_of(s["card"]) for row in state["board"][1:] for s in row] == ["S1"] * 16
    assert [deck_of(s["card"]) for s in state["board"][0]] == ["A1"] * 4
    assert len(state["decks"]["space"]) == 36 + 1


@pytest.mark.rules("kemble:R7")
def test_only_one_warning_is_used_and_the_boss_stays_secret() -> None:
    state = setup(2)
    warnings = [c for c in state["decks"]["space"] if c in CONTENT.warnings]
    assert len(warnings) == 1
    assert state["boss"] is None
    assert RULES.view(state, 0)["boss"] is None


@pytest.mark.rules("kemble:R10", "kemble:R11")
def test_each_player_starts_with_two_sensors_a_powerup_a_mission_and_no_ship() -> None:
    state = setup(4, seed=3)
    for p in state["players"]:
        assert len(p["hand"]) == 2
        assert p["mission"] in CONTENT.missions
        assert p["energy"] == 5 and p["threat"] == [0, 0]
        assert p["upgrades"] == {"turret": 1} and p["facing"] == "n"
        assert p["pos"] is None
    drawn = sum(len(p["powerups"]) for p in state["players"]) + len(state["decks"]["powerup_discard"])
    assert drawn == 4  # one each (an "immediate" card is resolved and discarded)


@pytest.mark.rules("kemble:R1", "kemble:R2", "kemble:R3")
def test_scoreboard_piles_and_reserve() -> None:
    state = setup(2)
    assert all(p["glory"] == 0 for p in state["players"])
    assert set(state["upgrade_piles"]) == {"laser", "missile", "gamma", "flamethrower", "turret", "generator",
                                           "shield", "engine"}
    assert all(n >= 1 for n in state["upgrade_piles"].values())


@pytest.mark.rules("kemble:R4", "kemble:R5")
def test_four_achievements_face_up_and_shuffled_decks() -> None:
    a, b = setup(2, seed=1), setup(2, seed=2)
    assert len(a["decks"]["achievements_up"]) == 4
    total = len(a["decks"]["achievements_up"]) + len(a["decks"]["achievement"])
    assert total == len(CONTENT.achievements)
    assert a["decks"]["sensor"] != b["decks"]["sensor"]
    assert a["decks"]["powerup"] != b["decks"]["powerup"] or a["decks"]["mission"] != b["decks"]["mission"]


@pytest.mark.rules("kemble:R9")
def test_global_bellonium_in_the_initial_layout_is_paid_to_everyone() -> None:
    for seed in range(1, 30):
        state = setup(3, seed=seed)
        symbols = sum(q.global_bellonium for row in state["board"] for s in row for q in CONTENT.card(s["card"]).front)
        assert all(p["bellonium"] == symbols for p in state["players"])
        if symbols:
            return
    pytest.fail("no seed showed a Global Bellonium symbol")


@pytest.mark.rules("kemble:R84")
def test_solo_plays_two_cards_wide_with_a_scaled_deck() -> None:
    state = setup(1)
    assert all(len(row) == 2 for row in state["board"])
    assert len(state["decks"]["space"]) == 28 - 10 + 1


@pytest.mark.rules("kemble:R84")
def test_solo_scenario_gives_the_exact_card_order() -> None:
    name = sorted(CONTENT.solo)[0]
    order = CONTENT.solo[name]["order"]
    state = setup(1, solo_scenario=name)
    dealt = [s["card"] for row in reversed(state["board"]) for s in row]
    assert dealt == order[:10]
    assert state["decks"]["space"][-1] == order[10]
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(2, {"solo_scenario": name})
    assert info.value.code == "solo_scenario_needs_1_player"


@pytest.mark.rules("kemble:R82")
def test_tunnel_vision_starts_without_the_rotary_cage() -> None:
    state = setup(2, tunnel_vision=True)
    assert all("turret" not in p["upgrades"] for p in state["players"])


@pytest.mark.rules("kemble:R83")
def test_wingmen_needs_four_players_and_pairs_seats() -> None:
    with pytest.raises(IllegalCommand) as info:
        RULES.validate_options(3, {"wingmen": True})
    assert info.value.code == "wingmen_needs_4_players"
    state = setup(4, wingmen=True)
    assert [p["team"] for p in state["players"]] == [0, 1, 0, 1]


@pytest.mark.rules("kemble:R85")
def test_special_cards_replace_standard_cards_keeping_pile_sizes() -> None:
    found = False
    for seed in range(1, 6):
        state = setup(3, seed=seed, special_cards=True)
        pile = state["decks"]["space"][1:] + [s["card"] for row in state["board"] for s in row]
        assert len(pile) == 42
        specials = [c for c in pile if deck_of(c) == "special"]
        assert len(specials) == len(CONTENT.deck("special"))
        found = found or bool(specials)
        # never in the initial S1 layout (rows 2-5)
        assert all(deck_of(s["card"]) == "S1" for row in state["board"][1:] for s in row)
    assert found


@pytest.mark.rules("kemble:R86")
def test_tunnel_deck_is_a1_t1_f1_rows_with_two_base_moves_and_no_engine() -> None:
    state = setup(2, tunnel_deck=True)
    pile = list(reversed(state["decks"]["space"][1:]))
    layout = [s["card"] for row in reversed(state["board"]) for s in row]
    decks = [deck_of(c) for c in layout + pile]
    assert decks[:18] == ["A1"] * 18
    assert decks[18:24] == ["T1"] * 6
    assert [d if d != "special" else "F1" for d in decks[24:]] == ["F1"] * 9
    assert player(state, 0)["energy"] == 5


def test_player_count_bounds() -> None:
    for n in (0, 6):
        with pytest.raises(IllegalCommand) as info:
            RULES.validate_options(n, {})
        assert info.value.code == "bad_player_count"


@pytest.mark.rules("kemble:R5", "kemble:R10")
def test_what_setting_up_tells_and_leaves() -> None:
    from games.engine.core import Rng

    out = RULES.setup(num_players=3, options=RULES.validate_options(3, {}), rng=Rng.from_seed(2))
    state = out.state
    assert set(state["decks"]) == {"space", "space_discard", "sensor", "sensor_discard", "powerup",
                                   "powerup_discard", "mission", "achievement", "achievements_up", "box"}
    assert all(not s["flip"] and s["cover"] == [None, None] and s["marks"] == [[], []]
               for row in state["board"] for s in row)
    assert (state["phase"], state["round"], state["boss_parts"], state["boss"]) == ("bid", 1, 0, None)
    first = out.events[0]
    assert (first.kind, dict(first.data)) == ("game_set_up", {"players": 3, "width": 3,
                                                             "options": dict(state["options"])})
    drawn = [e for e in out.events if e.kind == "sensor_drawn"]
    assert [(e.redacted, e.visible_to, e.data["seat"]) for e in drawn] == [
        ({"seat": s, "count": 2}, frozenset({s}), s) for s in range(3)]
    assert all(sorted(e.data["cards"]) == sorted(state["players"][e.data["seat"]]["hand"]) for e in drawn)
    dealt = [dict(e.data) for e in out.events if e.kind == "mission_dealt"]
    assert dealt == [{"seat": s, "mission": state["players"][s]["mission"]} for s in range(3)]
