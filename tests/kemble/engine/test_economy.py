"""Power Down, buying, the Merchant, power-ups (kemble:R34-R40, R78, R82)."""

from __future__ import annotations

import pytest

from games.engine.core import Rng
from games.kemble.engine.content import CONTENT

from .helpers import RULES, build, cmd, legal_kinds, player, refused, run


def price(kind: str, level: int) -> int:
    return int(CONTENT.upgrades[kind]["levels"][level - 1]["price"])


def turn_card() -> str:
    return next(k for k, p in sorted(CONTENT.powerups.items()) if p.timing == "turn")


@pytest.mark.rules("kemble:R34", "kemble:R78")
def test_power_down_recharges_two_or_three_with_a_generator_capped_at_max() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"energy": 4}}, turn=0, mode="choose")
    state, _ = run(state, cmd(0, "power_down"))
    assert player(state, 0)["energy"] == 5
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"energy": 3, "upgrades": {"generator": 1}}},
                  turn=0, mode="choose")
    state, _ = run(state, cmd(0, "power_down"))
    assert player(state, 0)["energy"] == 6


@pytest.mark.rules("kemble:R34", "kemble:R38")
def test_power_down_forbids_moves_fire_overload_and_powerups() -> None:
    card = turn_card()
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"powerups": [card]}}, turn=0, mode="choose")
    state, _ = run(state, cmd(0, "power_down"))
    assert RULES.pending(state)[0].prompt == "power_down_buy"
    for command in (cmd(0, "overload", gain="move"), cmd(0, "move", dir="n"), cmd(0, "fire", weapon="turret"),
                    cmd(0, "play_powerup", card=card), cmd(0, "rotate", dir="e")):
        refused(state, command, "not_now")
    assert {k for k, _ in legal_kinds(state, 0)} <= {"buy_upgrade", "buy_powerup", "end_turn"}


@pytest.mark.rules("kemble:R34", "kemble:R30")
def test_surviving_a_power_down_returns_pvp_tokens_without_effect() -> None:
    state = build(players=3, ships={0: (5, 2)}, players_set={0: {"tokens": {"1": 2, "2": 1}}}, turn=0,
                  mode="choose")
    state, _ = run(state, cmd(0, "power_down"))
    assert player(state, 0)["tokens"] == {} and player(state, 1)["glory"] == 0


@pytest.mark.rules("kemble:R34", "kemble:R32")
def test_power_down_ends_by_adding_new_threat() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): "fighter"}, turn=0, mode="choose")
    state, _ = run(state, cmd(0, "power_down"), cmd(0, "end_turn"))
    assert player(state, 0)["threat"] == [1, 0]


@pytest.mark.rules("kemble:R36", "kemble:R39")
def test_one_card_per_upgrade_type_and_levels_bought_in_a_row() -> None:
    money = price("missile", 1) + price("missile", 2) + price("missile", 3)
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"bellonium": money + 5, "upgrades": {"laser": 1}}},
                  turn=0, mode="buy")
    state, _ = run(state, cmd(0, "buy_upgrade", upgrade="missile"), cmd(0, "buy_upgrade", upgrade="missile"),
                   cmd(0, "buy_upgrade", upgrade="missile"))
    assert player(state, 0)["upgrades"]["missile"] == 3 and player(state, 0)["bellonium"] == 5
    refused(state, cmd(0, "buy_upgrade", upgrade="missile"), "upgrade_at_max_level")
    state, _ = run(state, cmd(0, "buy_upgrade", upgrade="laser"))
    assert player(state, 0)["upgrades"]["laser"] == 2


@pytest.mark.rules("kemble:R36")
def test_glory_printed_on_a_level_is_gained_on_purchase_and_piles_run_out() -> None:
    kind, level = next((k, i + 1) for k in sorted(CONTENT.upgrades)
                       for i, lv in enumerate(CONTENT.upgrades[k]["levels"]) if lv.get("glory"))
    have = {kind: level - 1} if level > 1 else {}
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"bellonium": 20, "upgrades": have}}, turn=0,
                  mode="buy")
    state, _ = run(state, cmd(0, "buy_upgrade", upgrade=kind))
    assert player(state, 0)["glory"] == CONTENT.upgrades[kind]["levels"][level - 1]["glory"]
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"bellonium": 20, "upgrades": {}}}, turn=0,
                  mode="buy")
    state["upgrade_piles"]["shield"] = 0
    refused(state, cmd(0, "buy_upgrade", upgrade="shield"), "upgrade_sold_out")


@pytest.mark.rules("kemble:R37", "kemble:R39")
def test_powerups_cost_two_and_are_drawn_secretly() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"bellonium": 1, "powerups": []}}, turn=0,
                  mode="buy", powerup=[turn_card()])
    refused(state, cmd(0, "buy_powerup"), "not_enough_bellonium")
    state["players"][0]["bellonium"] = 2
    state, events = run(state, cmd(0, "buy_powerup"))
    assert player(state, 0)["bellonium"] == 0 and len(player(state, 0)["powerups"]) == 1
    drawn = next(e for e in events if e.kind == "powerup_drawn")
    assert drawn.for_seat(1) == {"seat": 0, "source": "bought"} and drawn.for_seat(0)["card"] == turn_card()


@pytest.mark.rules("kemble:R35")
def test_buying_is_refused_during_a_battle_turn_off_the_merchant() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"bellonium": 9}}, turn=0)
    refused(state, cmd(0, "buy_upgrade", upgrade="laser"), "buying_not_allowed_now")
    refused(state, cmd(0, "buy_powerup"), "buying_not_allowed_now")


@pytest.mark.rules("kemble:R40", "kemble:R70")
def test_merchant_sells_for_one_bellonium_once_per_turn() -> None:
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): "merchant"},
                  players_set={0: {"bellonium": 1 + price("laser", 1)}}, turn=0)
    refused(state, cmd(0, "merchant"), "not_on_merchant")
    state, _ = run(state, cmd(0, "move", dir="n"))
    refused(state, cmd(0, "buy_upgrade", upgrade="laser"), "buying_not_allowed_now")  # the fee comes first
    assert not any(k.startswith("buy") for k, _ in legal_kinds(state, 0))
    state, _ = run(state, cmd(0, "merchant"))
    assert player(state, 0)["bellonium"] == price("laser", 1)
    refused(state, cmd(0, "merchant"), "merchant_already_used")
    state, _ = run(state, cmd(0, "buy_upgrade", upgrade="laser"))
    assert player(state, 0)["upgrades"]["laser"] == 1


@pytest.mark.rules("kemble:R38")
def test_powerups_play_on_your_own_battle_turn() -> None:
    card = next(k for k, p in sorted(CONTENT.powerups.items())
                if p.timing == "turn" and p.effects[0]["verb"] == "extra_moves")
    state = build(players=2, ships={0: (5, 2), 1: (5, 5)}, players_set={0: {"powerups": [card]}}, turn=0)
    before = state["turn"]["moves"]
    state, _ = run(state, cmd(0, "play_powerup", card=card))
    assert state["turn"]["moves"] == before + CONTENT.powerups[card].effects[0]["amount"]
    assert player(state, 0)["powerups"] == [] and card in state["decks"]["powerup_discard"]
    refused(state, cmd(1, "play_powerup", card=card), "not_your_turn")


@pytest.mark.rules("kemble:R38")
def test_immediate_powerups_resolve_when_drawn_even_in_a_power_down() -> None:
    card = next(k for k, p in sorted(CONTENT.powerups.items())
                if p.timing == "immediate" and p.effects[0]["verb"] == "gain_bellonium")
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"bellonium": 2, "powerups": []}}, turn=0, mode="buy",
                  powerup=[card])
    state, _ = run(state, cmd(0, "buy_powerup"))
    assert player(state, 0)["bellonium"] == CONTENT.powerups[card].effects[0]["amount"]
    assert player(state, 0)["powerups"] == []


@pytest.mark.rules("kemble:R78")
def test_buying_generator_one_raises_max_and_gives_one_energy() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"bellonium": price("generator", 1)}}, turn=0,
                  mode="buy")
    state, _ = run(state, cmd(0, "buy_upgrade", upgrade="generator"))
    assert player(state, 0)["energy"] == 6 and RULES.view(state, 0)["players"][0]["max_energy"] == 6


@pytest.mark.rules("kemble:R82", "kemble:R26")
def test_tunnel_vision_fires_only_upward_until_the_turret_is_bought_at_three() -> None:
    state = build(players=2, options={"tunnel_vision": True}, ships={0: (5, 2)},
                  players_set={0: {"upgrades": {}, "bellonium": 6}}, turn=0)
    refused(state, cmd(0, "rotate", dir="e"), "no_rotary_turret")
    state["turn"]["mode"] = "buy"
    state, events = run(state, cmd(0, "buy_upgrade", upgrade="turret"), cmd(0, "buy_upgrade", upgrade="turret"))
    assert [e.data["price"] for e in events if e.kind == "upgrade_bought"] == [3, 3]
    assert player(state, 0)["bellonium"] == 0


@pytest.mark.rules("kemble:R39")
def test_bellonium_from_rewards_and_never_negative() -> None:
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"bellonium": 0}}, turn=0, mode="buy")
    assert [k for k, _ in legal_kinds(state, 0)] == ["end_turn"]


@pytest.mark.rules("kemble:R81", "kemble:R40", "kemble:R52")
def test_an_engine_bought_during_the_turn_moves_the_ship_this_turn() -> None:
    """Audit: the move budget was fixed at the start of the turn, so an Engine bought on the Merchant or by an
    astral player before entering gave nothing until the next turn (a weapon bought there fires at once)."""
    state = build(players=2, ships={0: (5, 2)}, board={(4, 2): "merchant"}, turn=0,
                  players_set={0: {"bellonium": 1 + price("engine", 1) + price("engine", 2)}})
    state, _ = run(state, cmd(0, "move", dir="n"), cmd(0, "merchant"), cmd(0, "buy_upgrade", upgrade="engine"))
    assert state["turn"]["moves"] == 1
    state, _ = run(state, cmd(0, "buy_upgrade", upgrade="engine"))
    assert state["turn"]["moves"] == 2
    state = build(players=2, players_set={0: {"energy": 0, "bellonium": price("engine", 1)}}, turn=0)
    state, _ = run(state, cmd(0, "buy_upgrade", upgrade="engine"), cmd(0, "enter", col=2), cmd(0, "move", dir="n"))
    assert player(state, 0)["pos"] == [4, 2]
    state = build(players=2, ships={0: (5, 2)}, players_set={0: {"bellonium": price("engine", 1)}}, turn=0,
                  mode="buy")
    state, _ = run(state, cmd(0, "buy_upgrade", upgrade="engine"))
    assert state["turn"]["moves"] == 1  # a Power Down has no moves to add to


@pytest.mark.rules("kemble:R78", "kemble:R36")
def test_only_the_generator_s_first_level_gives_energy() -> None:
    """R78 is the Generator's: another type's first level, or the Generator's second, gives none."""
    for kind, have in (("shield", {}), ("laser", {}), ("engine", {}), ("generator", {"generator": 1})):
        state = build(players=2, ships={0: (5, 2)}, turn=0, mode="buy",
                      players_set={0: {"energy": 3, "bellonium": 9, "upgrades": have}})
        state, events = run(state, cmd(0, "buy_upgrade", upgrade=kind))
        assert player(state, 0)["energy"] == 3, kind
        assert "energy_gained" not in [e.kind for e in events]


@pytest.mark.rules("kemble:R36")
def test_a_first_level_takes_its_card_from_the_pile_and_a_higher_level_does_not() -> None:
    state = build(players=2, ships={0: (5, 2)}, turn=0, mode="buy", players_set={0: {"bellonium": 20}})
    piles = dict(state["upgrade_piles"])
    state, events = run(state, cmd(0, "buy_upgrade", upgrade="missile"))
    assert state["upgrade_piles"] == {**piles, "missile": piles["missile"] - 1}
    state, events = run(state, cmd(0, "buy_upgrade", upgrade="missile"))
    assert state["upgrade_piles"] == {**piles, "missile": piles["missile"] - 1}
    assert [e.data for e in events if e.kind == "upgrade_bought"] == [
        {"seat": 0, "upgrade": "missile", "level": 2, "price": price("missile", 2)}]
    assert player(state, 0)["bellonium"] == 20 - price("missile", 1) - price("missile", 2)
    assert player(state, 0)["stats"]["upgrade_levels_bought"] == 2


@pytest.mark.rules("kemble:R37")
def test_an_empty_power_up_deck_is_refilled_from_the_shuffled_discard() -> None:
    discard = ["battery#1", "afterburner#1", "gyro#1"]
    state = build(players=2, ships={0: (5, 2)}, turn=0, mode="buy", players_set={0: {"bellonium": 2, "powerups": []}},
                  powerup=[])
    state["decks"]["powerup_discard"] = list(discard)
    out = RULES.apply(state, cmd(0, "buy_powerup"), Rng.from_seed(3))
    assert [e.kind for e in out.events][:2] == ["powerup_bought", "powerup_deck_reshuffled"]
    assert next(e.data for e in out.events if e.kind == "powerup_deck_reshuffled") == {"size": 3}
    d = out.state["decks"]
    assert d["powerup_discard"] == [] and sorted(d["powerup"] + player(out.state, 0)["powerups"]) == sorted(discard)
    assert not out.undoable
    state["decks"]["powerup"], state["decks"]["powerup_discard"] = ["battery#1"], []
    assert [e.kind for e in RULES.apply(state, cmd(0, "buy_powerup"), Rng.from_seed(3)).events] == [
        "powerup_bought", "powerup_drawn"]


@pytest.mark.rules("kemble:R15")
def test_an_empty_sensor_pile_is_refilled_from_the_shuffled_discard() -> None:
    from games.kemble.engine.decks import draw_sensor
    from games.kemble.engine.state import Ctx

    state = build(players=2, sensor=[])
    state["decks"]["sensor_discard"] = ["sensor_10", "sensor_20"]
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    card = draw_sensor(ctx)
    assert state["decks"]["sensor"] == [c for c in ("sensor_10", "sensor_20") if c != card]
    assert [(e.kind, dict(e.data)) for e in ctx.events] == [("sensor_pile_reshuffled", {"size": 2})]
    assert ctx.revealing and state["decks"]["sensor_discard"] == []
