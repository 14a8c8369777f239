"""What players are told: the events of the common moves, in order, with every field (the log and the
site's texts are made from them)."""

from __future__ import annotations

from typing import Any

import pytest

from games.kemble.engine.content import CONTENT, Goal
from games.kemble.engine.goals import goal_value

from .helpers import build, cmd, player, run

SENSORS = sorted(CONTENT.sensors, key=lambda s: CONTENT.sensors[s].number)


def told(events: list) -> list[tuple[str, dict[str, Any]]]:
    return [(e.kind, dict(e.data)) for e in events]


@pytest.mark.rules("kemble:R34")
def test_a_power_down() -> None:
    state = build(players=2, ships={0: (5, 2)}, turn=0, mode="choose", players_set={0: {"energy": 2, "threat": 1}})
    state, events = run(state, cmd(0, "power_down"))
    assert told(events) == [
        ("powered_down", {"seat": 0, "recharged": 2, "energy": 4}),
        ("threat_resolved", {"seat": 0, "level": 1, "shield": 0}),
        ("ship_damaged", {"seat": 0, "amount": 1, "energy": 3, "cause": "threat"}),
    ]
    assert state["turn"]["mode"] == "buy"


@pytest.mark.rules("kemble:R36", "kemble:R78")
def test_buying_the_generator() -> None:
    state = build(players=2, ships={0: (5, 2)}, turn=0, mode="buy", players_set={0: {"energy": 3, "bellonium": 9}})
    price = CONTENT.upgrades["generator"]["levels"][0]["price"]
    state, events = run(state, cmd(0, "buy_upgrade", upgrade="generator"))
    assert told(events) == [
        ("upgrade_bought", {"seat": 0, "upgrade": "generator", "level": 1, "price": price}),
        ("energy_gained", {"seat": 0, "amount": 1, "energy": 4, "source": "generator"}),
    ]
    price2 = CONTENT.upgrades["generator"]["levels"][1]["price"]
    state, events = run(state, cmd(0, "buy_upgrade", upgrade="generator"))
    assert told(events) == [
        ("upgrade_bought", {"seat": 0, "upgrade": "generator", "level": 2, "price": price2}),
        ("glory_gained", {"seat": 0, "amount": 1, "source": "upgrade"}),
    ]


@pytest.mark.rules("kemble:R38", "kemble:R83")
def test_playing_a_partner_s_power_up() -> None:
    card = "afterburner#1"
    state = build(players=4, options={"wingmen": True}, ships={0: (5, 2), 2: (5, 6)}, turn=0)
    partner = next(p["seat"] for p in state["players"] if p["team"] == state["players"][0]["team"] and p["seat"])
    state["players"][partner]["powerups"] = [card]
    state["decks"]["powerup"] = [c for c in state["decks"]["powerup"] if c != card]
    before = state["turn"]["moves"]
    state, events = run(state, cmd(0, "play_powerup", card=card))
    assert told(events) == [("powerup_played", {"seat": 0, "card": card, "owner": partner, "immediate": False})]
    assert state["turn"]["moves"] == before + 2 and player(state, 0)["stats"] == {"powerups_played": 1}
    assert player(state, partner)["powerups"] == [] and state["decks"]["powerup_discard"][-1] == card


@pytest.mark.rules("kemble:R53", "kemble:R54")
def test_a_mission_and_an_achievement_at_once() -> None:
    up = ["achievement_6", "achievement_1", "achievement_2", "achievement_3"]
    mission = CONTENT.missions["mission_1"]
    state = build(players=2, ships={0: (2, 2)}, board={(1, 2): "fighter"}, achievements_up=up, turn=0,
                  players_set={0: {"mission": mission.id, "stats": {mission.stat: mission.at_least - 1},
                                   "upgrades": {"turret": 1}}})
    nxt = state["decks"]["achievement"][-1]
    state, events = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "move", dir="ne"))
    tail = told(events)[-3:]
    assert ("mission_completed", {"seat": 0, "mission": "mission_1", "glory": mission.glory}) in told(events)
    assert tail[-2:] == [
        ("achievement_claimed", {"seats": [0], "achievement": "achievement_6", "glory": 2, "shared": False}),
        ("achievement_revealed", {"achievement": nxt}),
    ]
    assert state["decks"]["achievements_up"] == [nxt, "achievement_1", "achievement_2", "achievement_3"]


@pytest.mark.rules("kemble:R13", "kemble:R14", "kemble:R15")
def test_the_reveal() -> None:
    low, high = SENSORS[0], SENSORS[-1]
    state = build(players=2, players_set={0: {"hand": [low, SENSORS[1]], "played": SENSORS[5],
                                              "round_moves": 1, "round_fires": 1},
                                          1: {"hand": [high, SENSORS[2]]}}, sensor=[SENSORS[3], SENSORS[4]])
    state["turn_index"] = 2  # where the last round's turns left it
    state, _ = run(state, cmd(0, "bid", card=low), cmd(1, "bid", card=high))
    state, events = run(state, auto=True)
    kinds = told(events)
    assert kinds[0] == ("sensors_revealed", {"cards": {"0": low, "1": high}, "order": [1, 0]})
    drawn = [e for e in events if e.kind == "sensor_drawn"]
    assert [(e.data["seat"], e.redacted, e.visible_to) for e in drawn] == [
        (1, {"seat": 1}, frozenset({1})), (0, {"seat": 0}, frozenset({0}))]
    assert state["decks"]["sensor_discard"][-1] == SENSORS[5] and player(state, 0)["played"] == low
    assert (player(state, 0)["round_moves"], player(state, 0)["round_fires"]) == (0, 0)
    assert state["phase"] == "turn" and state["turn"]["seat"] == 1 and state["turn_index"] == 0


@pytest.mark.rules("kemble:R42")
def test_a_new_row() -> None:
    a, b = CONTENT.deck("S1")[:2]
    state = build(players=2, phase="scroll", ships={0: (3, 2)}, space=[a, b])
    state, events = run(state, auto=True)
    added = next(d for k, d in told(events) if k == "row_added")
    assert added == {"cards": [a, b, None]}
    assert state["board"][0] == [{"card": a, "flip": False, "cover": [None, None], "marks": [[], []]},
                                 {"card": b, "flip": False, "cover": [None, None], "marks": [[], []]},
                                 {"card": None, "flip": False, "cover": [None, None], "marks": [[], []]}]


@pytest.mark.rules("kemble:R45")
def test_a_boss_warning_on_top_brings_the_boss_rows() -> None:
    warning = sorted(CONTENT.warnings)[0]
    boss = CONTENT.warnings[warning]
    state = build(players=2, phase="scroll", ships={0: (3, 2)}, space=[warning, CONTENT.deck("S1")[0]])
    state, events = run(state, auto=True)
    assert state["warning"] == warning and state["boss"] == boss
    assert ("boss_revealed", {"boss": boss, "warning": warning, "rows": CONTENT.bosses[boss].rows}) in told(events)
    assert [s["card"] for s in state["board"][0]] == [CONTENT.bosses[boss].cards[n] for n in (1, 2, 3)]


@pytest.mark.rules("kemble:R24", "kemble:R25")
def test_firing_a_weapon() -> None:
    state = build(players=2, ships={0: (5, 2, "n")}, board={(3, 2): {"object": "cruiser", "energy": 3}}, turn=0,
                  players_set={0: {"upgrades": {"turret": 1, "flamethrower": 1}}})
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    assert told(events) == [
        ("weapon_fired", {"seat": 0, "weapon": "turret", "direction": "n"}),
        ("object_hit", {"seat": 0, "row": 3, "col": 2, "amount": 1, "total": 1, "weapon": "turret"}),
    ]


@pytest.mark.rules("kemble:R53", "kemble:R54")
@pytest.mark.parametrize(("stat", "fields", "value"), [
    ("bellonium", {"bellonium": 7}, 7), ("glory", {"glory": 4}, 4),
    ("upgrade_levels", {"upgrades": {"laser": 2, "shield": 1}}, 3),
    ("weapons_owned", {"upgrades": {"laser": 2, "shield": 1, "gamma": 1, "turret": 1}}, 2),
    ("powerups_held", {"powerups": ["afterburner#1", "battery#1"]}, 2),
    ("threat_level", {"threat": [3, 1]}, 3), ("energy", {"energy": 4}, 4), ("in_top_row", {}, 1),
])
def test_goals_reading_the_position(stat: str, fields: dict[str, Any], value: int) -> None:
    state = build(players=2, ships={0: (1, 2)}, players_set={0: fields})
    goal = Goal("g", "g", 1, stat, 1, "now")
    assert goal_value(state, state["players"][0], goal) == value
    state["players"][0]["pos"] = None
    astral = goal_value(state, state["players"][0], goal)
    assert astral == (0 if stat in ("energy", "in_top_row") else value)


@pytest.mark.rules("kemble:R47")
def test_a_turn_end_rule_on_the_bottom_row_reaches_the_adjacent_actor_unless_covered() -> None:
    vent = {"object": "boss_part", "energy": 2, "threat": 1, "special": "dreadnought_vent"}
    state = build(players=2, ships={0: (4, 5), 1: (1, 1)}, board={(5, 5): vent}, turn=0)
    state, events = run(state, cmd(0, "end_turn"))
    assert ("special_rule_triggered", {"rule": "dreadnought_vent", "trigger": "on_turn_end", "targets": [0]}) \
        in told(events)
    assert player(state, 0)["energy"] == 4
    state = build(players=2, ships={0: (4, 5), 1: (1, 1)}, board={(5, 5): vent}, turn=0, covers=[(5, 5)])
    state, events = run(state, cmd(0, "end_turn"))
    assert "special_rule_triggered" not in [k for k, _ in told(events)] and player(state, 0)["energy"] == 5


@pytest.mark.rules("kemble:R54")
def test_with_no_achievement_left_to_reveal_the_claimed_slot_is_gone() -> None:
    up = ["achievement_1", "achievement_6", "achievement_2"]
    state = build(players=2, ships={0: (2, 2)}, achievements_up=up, turn=0)
    state["decks"]["achievement"] = []
    state, events = run(state, cmd(0, "move", dir="n"))
    assert state["decks"]["achievements_up"] == ["achievement_1", "achievement_2"]
    assert "achievement_revealed" not in [e.kind for e in events]


@pytest.mark.rules("kemble:R37", "kemble:R38")
def test_an_immediate_power_up_bought_is_played_at_once_and_an_empty_deck_is_told() -> None:
    card = "salvage#1"
    state = build(players=2, ships={0: (5, 2)}, turn=0, mode="buy", players_set={0: {"bellonium": 2, "powerups": []}},
                  powerup=[card])
    state["decks"]["powerup_discard"] = []
    state, events = run(state, cmd(0, "buy_powerup"))
    assert told(events) == [
        ("powerup_bought", {"seat": 0, "price": 2}),
        ("powerup_drawn", {"seat": 0, "card": card, "source": "bought"}),
        ("powerup_played", {"seat": 0, "card": card, "immediate": True}),
        ("bellonium_gained", {"seat": 0, "amount": 2, "source": card}),
    ]
    from games.engine.core import Rng
    from games.kemble.engine.effects import draw_powerups
    from games.kemble.engine.state import Ctx

    state["decks"]["powerup"], state["decks"]["powerup_discard"] = [], []
    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    draw_powerups(ctx, 0, 2, "quadrant")
    assert [(e.kind, dict(e.data)) for e in ctx.events] == [("powerup_deck_exhausted", {"seat": 0})]


@pytest.mark.rules("kemble:R47", "kemble:R20")
def test_entering_a_quadrant_with_an_on_entered_rule_fires_it_on_the_ship() -> None:
    state = build(players=2, ships={0: (5, 2), 1: (1, 1)}, board={(4, 2): {"object": "empty",
                                                                          "special": "dreadnought_prow"}}, turn=0)
    state, events = run(state, cmd(0, "move", dir="n"))
    assert ("special_rule_triggered", {"rule": "dreadnought_prow", "trigger": "on_entered", "targets": [0]}) \
        in told(events)
    assert player(state, 0)["energy"] == 4


@pytest.mark.rules("kemble:R30", "kemble:R34", "kemble:R71")
def test_a_hit_player_a_spent_extra_move_and_returned_tokens_are_told() -> None:
    state = build(players=2, ships={0: (5, 2), 1: (3, 2)}, turn=0, players_set={0: {"upgrades": {"turret": 1}}})
    state, events = run(state, cmd(0, "fire", weapon="turret"))
    assert told(events)[1:] == [("player_hit", {"seat": 0, "victim": 1, "amount": 1, "level": 1, "partial": 0}),
                                ("pvp_token_given", {"seat": 0, "victim": 1})]
    state = build(players=2, ships={0: (5, 2)}, turn=0, turn_set={"claim": {"pos": [5, 2], "left": 2}})
    state, events = run(state, cmd(0, "spend_move"))
    assert told(events) == [("extra_move_spent", {"seat": 0, "left": 1})]
    state = build(players=2, ships={0: (5, 2)}, turn=0, mode="choose", players_set={0: {"tokens": {"1": 2}}})
    state, events = run(state, cmd(0, "power_down"))
    assert ("pvp_tokens_returned", {"seat": 0, "tokens": {"1": 2}}) in told(events)


def test_a_ship_on_the_mosquito_s_own_card_travels_with_it_on_its_half() -> None:
    state = build(players=3, ships={0: (5, 3, "n"), 2: (3, 4)}, board={(3, 3): "mosquito"}, turn=0,
                  players_set={0: {"upgrades": {"turret": 1}}})
    state, _ = run(state, cmd(0, "fire", weapon="turret"), cmd(0, "swap", row=2, card_col=2))
    assert player(state, 2)["pos"] == [2, 4]


def test_a_resigned_seat_s_chosen_sensor_is_forgotten() -> None:
    from games.kemble.engine import RULES

    state = build(players=3, players_set={0: {"hand": SENSORS[:2]}})
    state, _ = run(state, cmd(0, "bid", card=SENSORS[0]))
    state = RULES.resign(state, 0).state
    assert player(state, 0)["bid"] is None and RULES.view(state, 1)["players"][0]["chosen"] is False


@pytest.mark.rules("kemble:R47", "kemble:R42")
def test_an_on_reveal_rule_of_the_new_row_fires_as_it_appears() -> None:
    from games.kemble.engine.scenario import synthetic_card

    broadside = synthetic_card([{"object": "turret", "energy": 2, "special": "warden_broadside"}, "empty"])
    plain = synthetic_card(["empty", "empty"])
    state = build(players=2, phase="scroll", ships={0: (4, 2)}, space=[broadside, plain, plain])
    state, events = run(state, auto=True)
    assert ("special_rule_triggered", {"rule": "warden_broadside", "trigger": "on_reveal", "targets": [0]}) \
        in told(events)


@pytest.mark.rules("kemble:R57", "kemble:R58", "kemble:R72", "kemble:R12")
def test_a_bump_a_drone_global_bellonium_and_a_turn_end_are_told_with_their_fields() -> None:
    state = build(players=2, ships={0: (5, 2), 1: (3, 5)}, board={(4, 2): "drone"}, turn=0,
                  players_set={0: {"energy": 3}})
    state, events = run(state, cmd(0, "move", dir="n"), cmd(0, "end_turn"))
    assert ("energy_gained", {"seat": 0, "amount": 1, "energy": 4, "source": "drone"}) in told(events)
    assert ("turn_ended", {"seat": 0}) in told(events)
    from games.engine.core import Rng
    from games.kemble.engine.space import bump, pay_global_bellonium
    from games.kemble.engine.state import Ctx

    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    pay_global_bellonium(ctx, 2)
    bump(ctx, 1, 3, 5, "asteroid")
    assert [(e.kind, dict(e.data)) for e in ctx.events][:3] == [
        ("bellonium_gained", {"seat": 0, "amount": 2, "source": "global"}),
        ("bellonium_gained", {"seat": 1, "amount": 2, "source": "global"}),
        ("ship_bumped", {"seat": 1, "row": 3, "col": 5, "object": "asteroid"})]


@pytest.mark.rules("kemble:R14")
def test_a_sensor_text_is_applied_at_the_reveal_and_names_its_source() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"hand": ["sensor_110", SENSORS[0]]},
                                                            1: {"hand": [SENSORS[1], SENSORS[2]]}})
    state, _ = run(state, cmd(0, "bid", card="sensor_110"), cmd(1, "bid", card=SENSORS[1]))
    state, events = run(state, auto=True)
    assert ("bellonium_gained", {"seat": 0, "amount": 1, "source": "sensor"}) in told(events)
