"""content.py: what the engine reads from the data files is exactly what they say, and a malformed file is
refused with a message naming the place and the fault (data/SCHEMA.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.kemble.engine import content
from games.kemble.engine.content import ContentError, Quadrant, load_content, parse_quadrant

DATA = Path(__file__).resolve().parents[3] / "games" / "kemble" / "engine" / "data"


def raw(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def expected_quadrant(q: dict[str, Any]) -> Quadrant:
    """The quadrant as SCHEMA.md section 4 reads, written out independently of content.py."""
    reward = q.get("reward") or {}

    def shots(key: str) -> tuple[tuple[str, int], ...]:
        return tuple((s["dir"], s["count"]) for s in q.get(key) or [])

    return Quadrant(object=q["object"], energy=q.get("energy"), threat=q.get("threat", 0), distant=shots("distant"),
                    gamma_distant=shots("gamma_distant"), omni=q.get("omni", 0),
                    bellonium=reward.get("bellonium", 0), glory=reward.get("glory", 0),
                    energy_reward=reward.get("energy", 0), immune=frozenset(q.get("immune") or []),
                    extra_moves=q.get("extra_moves", 0), global_bellonium=q.get("global_bellonium", 0),
                    special=q.get("special"))


def side(pair: list[dict[str, Any]] | None) -> tuple[Quadrant, Quadrant] | None:
    return (expected_quadrant(pair[0]), expected_quadrant(pair[1])) if pair else None


def test_a_fresh_load_carries_every_card_quadrant_and_rule_of_the_files() -> None:
    c = load_content()
    for card in raw("space_cards.json"):
        got = c.cards[card["id"]]
        assert (got.deck, got.name, got.mini_boss) == (card["deck"], card.get("name", card["id"]), card.get("mini_boss"))
        assert (got.front, got.back) == (side(card["front"]), side(card.get("back"))), card["id"]
    rules = {}
    for boss in raw("bosses.json"):
        got = c.bosses[boss["id"]]
        assert (got.name, got.rows, got.warning_id) == (boss.get("name", boss["id"]), boss["rows"],
                                                       boss["warning"]["id"])
        assert c.warnings[boss["warning"]["id"]] == boss["id"]
        for card in boss["cards"]:
            cid = f"{boss['id']}_{card['number']}"
            assert got.cards[card["number"]] == cid
            made = c.cards[cid]
            assert (made.deck, made.boss, made.number) == ("boss", boss["id"], card["number"])
            assert (made.front, made.back) == (side(card["front"]), side(card.get("back")))
        rules |= {r["id"]: r for r in boss.get("special_rules", [])}
    for mini in raw("mini_bosses.json"):
        rules |= {r["id"]: r for r in mini.get("special_rules", [])}
    assert {k: (r.trigger, r.target, list(r.effects)) for k, r in c.rules.items()} == {
        k: (r["trigger"], r["target"], r["effects"]) for k, r in rules.items()}


def test_a_fresh_load_carries_sensors_powerups_goals_upgrades_and_solo_scenarios() -> None:
    c = load_content()
    assert {k: (s.number, s.symbol, list(s.effects)) for k, s in c.sensors.items()} == {
        f"sensor_{s['number']}": (s["number"], s["symbol"], s.get("effects", [])) for s in raw("sensor_cards.json")}
    want = {}
    for p in raw("powerups.json"):
        for k in range(1, p.get("count", 1) + 1):
            want[f"{p['id']}#{k}"] = (p["id"], p.get("name", p["id"]), p["timing"], p["effects"])
    assert {k: (p.id, p.name, p.timing, list(p.effects)) for k, p in c.powerups.items()} == want
    for name, goals in (("missions.json", c.missions), ("achievements.json", c.achievements)):
        assert {k: (g.name, g.glory, g.stat, g.at_least, g.scope) for k, g in goals.items()} == {
            g["id"]: (g["name"], g["glory"], g["goal"]["stat"], g["goal"]["at_least"], g["goal"]["scope"])
            for g in raw(name)}
    up = raw("upgrades.json")
    assert c.prices == {k: up[k] for k in ("powerup_price", "merchant_fee", "tunnel_vision_turret_price")}
    assert c.upgrades == {k: v for k, v in up.items() if isinstance(v, dict)}
    assert c.solo == {s["id"]: s for s in raw("solo_scenarios.json")}


@pytest.mark.parametrize(("data", "message"), [
    ({"object": "fighter", "colour": "red"}, "q: unknown keys ['colour']"),
    ({"energy": 1}, "q: missing keys ['object']"),
    ("fighter", "q: expected an object"),
    ({"object": "dragon"}, "q: unknown object 'dragon'"),
    ({"object": "fighter", "reward": {"fame": 1}}, "q.reward: unknown keys ['fame']"),
    ({"object": "fighter", "immune": ["water"]}, "q: unknown immunity 'water'"),
    ({"object": "fighter", "energy": 0}, "q: expected an integer >= 1, got 0"),
    ({"object": "fighter", "threat": True}, "q: expected an integer >= 0, got True"),
    ({"object": "labyrinth", "extra_moves": 3}, "q: extra_moves is 0, 1 or 2"),
    ({"object": "turret", "distant": [{"dir": "ne", "count": 1}]}, "q.distant[0]: dir must be one of"),
    ({"object": "turret", "distant": [{"dir": "n", "count": 0}]}, "q.distant: expected an integer >= 1, got 0"),
    ({"object": "turret", "gamma_distant": [{"dir": "n"}]}, "q.gamma_distant[0]: missing keys ['count']"),
])
def test_a_malformed_quadrant_is_refused_with_its_place_and_fault(data: Any, message: str) -> None:
    with pytest.raises(ContentError) as info:
        parse_quadrant("q", data)
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(("data", "message"), [
    ([{"verb": "fly"}], "e[0]: unknown verb 'fly'"),
    (["gain_glory"], "e[0]: unknown verb 'gain_glory'"),
    ([{"verb": "gain_glory"}], "e[0]: missing keys ['amount']"),
    ([{"verb": "free_rotation", "amount": 1}], "e[0]: unknown keys ['amount']"),
    ([{"verb": "gain_glory", "amount": -1}], "e[0]: expected an integer >= 0, got -1"),
    ({"verb": "gain_glory"}, "e: effects must be a list"),
])
def test_malformed_effects_are_refused(data: Any, message: str) -> None:
    with pytest.raises(ContentError) as info:
        content.validate_effects("e", data)
    assert str(info.value) == message


def test_well_formed_effects_are_kept() -> None:
    effects = [{"verb": "overload_costs", "first": 0, "second": 1}, {"verb": "free_rotation"}]
    assert content.validate_effects("e", effects) == tuple(effects)


def loading_with(monkeypatch: pytest.MonkeyPatch, name: str, change: Any) -> str:
    """The message of the ContentError a copy of the data files with ``change`` applied to ``name`` gives."""
    real = content._read

    def read(file: str) -> Any:
        data = copy.deepcopy(real(file))
        return change(data) if file == name else data

    monkeypatch.setattr(content, "_read", read)
    with pytest.raises(ContentError) as info:
        load_content()
    return str(info.value)


def first(key: str, value: Any) -> Any:
    def change(data: list[dict[str, Any]]) -> list[dict[str, Any]]:
        data[0][key] = value
        return data
    return change


@pytest.mark.parametrize(("name", "change", "message"), [
    ("space_cards.json", first("deck", "Z9"), "space_cards.json[0]: unknown deck 'Z9'"),
    ("space_cards.json", first("id", "bad id"), "space_cards.json[0]: bad id 'bad id'"),
    ("space_cards.json", lambda d: [*d, d[0]], "space_cards.json[%d]: duplicate id"),
    ("space_cards.json", first("front", [{"object": "empty"}]),
     "space_cards.json[0].front: a card side is a list of exactly 2 quadrants"),
    ("bosses.json", first("rows", 3), "bosses.json[0]: rows is 1 or 2"),
    ("bosses.json", lambda d: [{**d[0], "cards": d[0]["cards"][1:]}, *d[1:]], "bosses.json[0]: boss card 1 missing"),
    ("sensor_cards.json", first("number", 401), "sensor_cards.json[0]: number above 400"),
    ("sensor_cards.json", first("number", 9), "sensor_cards.json[0]: expected an integer >= 10, got 9"),
    ("sensor_cards.json", first("symbol", "black"), "sensor_cards.json[0]: unknown symbol 'black'"),
    ("powerups.json", first("timing", "later"), "powerups.json[0]: unknown timing 'later'"),
    ("missions.json", lambda d: [{**d[0], "goal": {**d[0]["goal"], "scope": "week"}}, *d[1:]],
     "missions.json[0]: unknown scope 'week'"),
    ("achievements.json", lambda d: [{**d[0], "goal": {**d[0]["goal"], "stat": "energy", "scope": "game"}}, *d[1:]],
     "achievements.json[0]: stat 'energy' not allowed with scope game"),
    ("upgrades.json", lambda d: {k: v for k, v in d.items() if k != "shield"}, "upgrades.json: missing shield"),
    ("upgrades.json", lambda d: {**d, "cloak": {}}, "upgrades.json: unknown keys ['cloak']"),
    ("upgrades.json", lambda d: {**d, "laser": {**d["laser"], "levels": d["laser"]["levels"][:2]}},
     "upgrades.json.laser: needs 3 levels"),
    ("solo_scenarios.json", first("boss", "nobody"), "solo_scenarios.json[0]: unknown boss 'nobody'"),
    ("solo_scenarios.json", first("order", ["nowhere"]), "solo_scenarios.json[0]: unknown level card 'nowhere'"),
    ("achievements.json", lambda d: d[:3], "content: need >= 40 sensor cards, a boss, missions and >= 4 achievements"),
])
def test_a_malformed_data_file_is_refused_with_its_place_and_fault(monkeypatch: pytest.MonkeyPatch, name: str,
                                                                   change: Any, message: str) -> None:
    got = loading_with(monkeypatch, name, change)
    if "%d" in message:
        assert got.startswith(message.split("[%d]")[0]) and message.split("]", 1)[1] in got
    else:
        assert got == message or got.startswith(message + " ")
