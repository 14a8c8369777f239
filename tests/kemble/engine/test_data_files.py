"""The Kemble content files (games/kemble/engine/data/*.json): schema, counts, and the rules they serve.

Pure data checks, no database. The format is data/SCHEMA.md; the rules are shared/rules/kemble.md
(digest) and the Italian rulebook. Each test tagged with ``rules`` asserts exactly the rules it names.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parents[3] / "games" / "kemble" / "engine" / "data"
FILES = (
    "space_cards.json", "bosses.json", "mini_bosses.json", "sensor_cards.json", "powerups.json",
    "missions.json", "achievements.json", "upgrades.json", "solo_scenarios.json",
)

# --- SCHEMA.md, restated (the test must fail if a file drifts from the documented format) -------------
ID_RE = re.compile(r"^[a-z0-9_]+$")
LEVEL_DECKS = ("S1", "A1", "W1", "F1", "T1")
DECKS = (*LEVEL_DECKS, "special")
OBJECTS = {
    "empty", "fighter", "turret", "cruiser", "boss_part", "mini_boss", "powerup", "drone", "wormhole", "mine",
    "black_hole", "merchant", "labyrinth", "singularity", "asteroid", "wall", "mosquito", "bomb",
}
ENEMIES = {"fighter", "turret", "cruiser", "boss_part", "mini_boss"}
QUADRANT_KEYS = {
    "object", "energy", "threat", "distant", "gamma_distant", "omni", "reward", "immune", "extra_moves",
    "global_bellonium", "special",
}
REWARD_KEYS = {"bellonium", "glory", "energy"}
IMMUNITIES = {"flame", "missile", "laser", "gamma"}
SHOT_DIRS = {"n", "e", "s", "w"}
SYMBOLS = ("red", "blue", "green", "yellow", "purple")
TRIGGERS = {"on_reveal", "on_scroll", "on_destroyed", "on_entered", "on_turn_end"}
TARGETS = {"actor", "actor_if_adjacent", "all_on_board", "adjacent", "same_row", "same_column", "all_players"}
TIMINGS = {"turn", "immediate", "end_game"}
VERB_ARGS: dict[str, set[str]] = {
    "gain_glory": {"amount"}, "gain_bellonium": {"amount"}, "lose_bellonium": {"amount"},
    "gain_energy": {"amount"}, "lose_energy": {"amount"}, "add_threat": {"amount"}, "reduce_threat": {"amount"},
    "extra_moves": {"amount"}, "extra_fire": {"amount"}, "free_overloads": {"amount"},
    "overload_costs": {"first", "second"}, "free_rotation": set(), "draw_powerups": {"amount"},
    "shield": {"amount"}, "end_glory": {"amount"},
}
PROGRESS_STATS = {
    "kills", "kills_fighter", "kills_turret", "kills_cruiser", "kills_boss_part", "kills_mini_boss",
    "kills_asteroid", "kills_mine", "damage_dealt", "pvp_tokens_given", "players_destroyed", "rams",
    "powerups_collected", "powerups_played", "labyrinths_scored", "singularities_scored", "wormhole_jumps",
    "moves", "overloads", "power_downs", "rotations", "bellonium_gained", "upgrade_levels_bought",
    "drones_used", "survived_pushes",
}
STATE_STATS = {
    "bellonium", "energy", "glory", "upgrade_levels", "weapons_owned", "powerups_held", "in_top_row",
    "threat_level",
}
UPGRADE_TYPES = ("laser", "missile", "gamma", "flamethrower", "turret", "generator", "shield", "engine")
WEAPON_UPGRADES = ("laser", "missile", "gamma", "flamethrower")
LEVEL_KEYS = {
    "laser": {"shots"}, "missile": {"damage", "splash"}, "gamma": {"damage"}, "flamethrower": {"damage"},
    "turret": set(), "generator": {"max_energy", "recharge"}, "shield": {"reduce"}, "engine": {"moves"},
}

# --- the largest setups the decks must serve ------------------------------------------------------------
MAX_PLAYERS = 5
STANDARD_DRAW_5P = {"S1": 16, "A1": 12, "W1": 16, "F1": 12}  # R6, 4-5 players
STANDARD_DRAW_3P = {"S1": 12, "A1": 9, "W1": 12, "F1": 9}  # R6, 2-3 players
WIDE_ROW = 4  # cards per row with 4-5 players (R8)
TUNNEL_ROWS = {"A1": 6, "T1": 2, "F1": 3}  # rulebook "Mazzo tunnel / Affollato" (R86)
SOLO_WIDTH = 2  # R84


@cache
def load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def space_cards() -> list[dict[str, Any]]:
    return load("space_cards.json")


def deck(name: str) -> list[dict[str, Any]]:
    return [c for c in space_cards() if c["deck"] == name]


def sides(card: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [card["front"]] + ([card["back"]] if card.get("back") else [])


def all_quadrants() -> list[tuple[str, dict[str, Any]]]:
    """(where, quadrant) for every printed quadrant: level/special cards and boss cards, both sides."""
    out = []
    for c in space_cards():
        for s in sides(c):
            out += [(c["id"], q) for q in s]
    for b in load("bosses.json"):
        for bc in b["cards"]:
            for s in sides(bc):
                out += [(f"{b['id']}_{bc['number']}", q) for q in s]
    return out


def all_rules() -> list[tuple[str, dict[str, Any]]]:
    out = [(b["id"], r) for b in load("bosses.json") for r in b.get("special_rules", [])]
    out += [(m["id"], r) for m in load("mini_bosses.json") for r in m.get("special_rules", [])]
    return out


def all_effects() -> list[tuple[str, dict[str, Any]]]:
    out = [(f"rule {r['id']}", e) for _, r in all_rules() for e in r["effects"]]
    out += [(f"sensor {s['number']}", e) for s in load("sensor_cards.json") for e in s.get("effects", [])]
    out += [(f"power-up {p['id']}", e) for p in load("powerups.json") for e in p["effects"]]
    return out


def is_int(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


# =========================================================================================================
# Schema
# =========================================================================================================


@pytest.mark.parametrize("name", FILES)
def test_file_is_valid_json(name: str) -> None:
    data = load(name)
    assert isinstance(data, dict if name == "upgrades.json" else list)
    assert data, f"{name} is empty"


def check_keys(where: str, data: Any, allowed: set[str], required: set[str]) -> None:
    assert isinstance(data, dict), f"{where}: not an object"
    assert not set(data) - allowed, f"{where}: unknown keys {sorted(set(data) - allowed)}"
    assert not required - set(data), f"{where}: missing keys {sorted(required - set(data))}"


def check_quadrant(where: str, q: Any) -> None:
    check_keys(where, q, QUADRANT_KEYS, {"object"})
    assert q["object"] in OBJECTS, f"{where}: unknown object {q['object']!r}"
    if q.get("energy") is not None:
        assert is_int(q["energy"], 1), f"{where}: energy"
    for key in ("threat", "omni", "global_bellonium"):
        assert is_int(q.get(key, 0)), f"{where}: {key}"
    assert q.get("extra_moves", 0) in (0, 1, 2), f"{where}: extra_moves"
    for key in ("distant", "gamma_distant"):
        shots = q.get(key, [])
        assert isinstance(shots, list), f"{where}: {key}"
        for shot in shots:
            check_keys(f"{where}.{key}", shot, {"dir", "count"}, {"dir", "count"})
            assert shot["dir"] in SHOT_DIRS, f"{where}: shots are orthogonal only"
            assert is_int(shot["count"], 1), f"{where}: {key} count"
    reward = q.get("reward", {})
    check_keys(f"{where}.reward", reward, REWARD_KEYS, set())
    assert all(is_int(v) for v in reward.values()), f"{where}: reward values"
    immune = q.get("immune", [])
    assert isinstance(immune, list) and set(immune) <= IMMUNITIES, f"{where}: immune"
    assert len(set(immune)) == len(immune), f"{where}: duplicate immunity"
    assert q.get("special") is None or isinstance(q["special"], str), f"{where}: special"


def check_side(where: str, side: Any) -> None:
    assert isinstance(side, list) and len(side) == 2, f"{where}: a side is exactly [left, right]"
    for i, q in enumerate(side):
        check_quadrant(f"{where}[{i}]", q)


def check_effects(where: str, effects: Any) -> None:
    assert isinstance(effects, list), f"{where}: effects must be a list"
    for i, eff in enumerate(effects):
        w = f"{where}[{i}]"
        assert isinstance(eff, dict) and eff.get("verb") in VERB_ARGS, f"{w}: unknown verb {eff!r}"
        check_keys(w, eff, {"verb"} | VERB_ARGS[eff["verb"]], {"verb"} | VERB_ARGS[eff["verb"]])
        for arg in VERB_ARGS[eff["verb"]] - {"name"}:
            low = 0 if eff["verb"] == "overload_costs" else 1
            assert is_int(eff[arg], low), f"{w}: {arg} must be an integer >= {low}"


def check_rule(where: str, rule: Any) -> None:
    check_keys(where, rule, {"id", "trigger", "target", "effects"}, {"id", "trigger", "target", "effects"})
    assert rule["trigger"] in TRIGGERS, f"{where}: trigger {rule['trigger']!r}"
    assert rule["target"] in TARGETS, f"{where}: target {rule['target']!r}"
    assert rule["effects"], f"{where}: a rule with no effect"
    check_effects(f"{where}.effects", rule["effects"])


def check_goal(where: str, raw: Any) -> None:
    check_keys(where, raw, {"id", "name", "glory", "goal"}, {"id", "name", "glory", "goal"})
    assert is_int(raw["glory"]), f"{where}: glory"
    g = raw["goal"]
    check_keys(f"{where}.goal", g, {"stat", "at_least", "scope"}, {"stat", "at_least", "scope"})
    assert g["scope"] in ("game", "turn", "now"), f"{where}: scope"
    allowed = STATE_STATS if g["scope"] == "now" else PROGRESS_STATS
    assert g["stat"] in allowed, f"{where}: stat {g['stat']!r} not allowed with scope {g['scope']!r}"
    assert is_int(g["at_least"], 1), f"{where}: at_least"


def test_space_cards_schema() -> None:
    for i, c in enumerate(space_cards()):
        w = f"space_cards[{i}]"
        check_keys(w, c, {"id", "deck", "name", "front", "back", "mini_boss"}, {"id", "deck", "name", "front"})
        assert c["deck"] in DECKS, f"{w}: deck"
        assert isinstance(c["name"], str) and c["name"].strip(), f"{w}: name"
        check_side(f"{w}.front", c["front"])
        if c.get("back") is not None:
            check_side(f"{w}.back", c["back"])


def test_bosses_and_mini_bosses_schema() -> None:
    for i, b in enumerate(load("bosses.json")):
        w = f"bosses[{i}]"
        check_keys(w, b, {"id", "name", "rows", "warning", "cards", "special_rules"},
                   {"id", "name", "rows", "warning", "cards", "special_rules"})
        assert b["rows"] in (1, 2), f"{w}: rows"
        check_keys(f"{w}.warning", b["warning"], {"id", "name"}, {"id", "name"})
        for j, bc in enumerate(b["cards"]):
            check_keys(f"{w}.cards[{j}]", bc, {"number", "front", "back"}, {"number", "front"})
            assert is_int(bc["number"], 1)
            check_side(f"{w}.cards[{j}].front", bc["front"])
            if bc.get("back") is not None:
                check_side(f"{w}.cards[{j}].back", bc["back"])
        for j, r in enumerate(b["special_rules"]):
            check_rule(f"{w}.special_rules[{j}]", r)
    for i, m in enumerate(load("mini_bosses.json")):
        w = f"mini_bosses[{i}]"
        check_keys(w, m, {"id", "name", "special_rules"}, {"id", "name", "special_rules"})
        for j, r in enumerate(m["special_rules"]):
            check_rule(f"{w}.special_rules[{j}]", r)


def test_sensor_powerup_goal_upgrade_solo_schema() -> None:
    for i, s in enumerate(load("sensor_cards.json")):
        check_keys(f"sensor[{i}]", s, {"number", "symbol", "effects"}, {"number", "symbol"})
        assert s["symbol"] in SYMBOLS
        check_effects(f"sensor[{i}].effects", s.get("effects", []))
    for i, p in enumerate(load("powerups.json")):
        w = f"powerups[{i}]"
        check_keys(w, p, {"id", "name", "count", "timing", "effects"}, {"id", "name", "timing", "effects"})
        assert is_int(p.get("count", 1), 1), f"{w}: count"
        assert p["timing"] in TIMINGS, f"{w}: timing"
        assert p["effects"], f"{w}: a power-up that does nothing"
        check_effects(f"{w}.effects", p["effects"])
    for name in ("missions.json", "achievements.json"):
        for i, raw in enumerate(load(name)):
            check_goal(f"{name}[{i}]", raw)
    up = load("upgrades.json")
    assert set(up) == set(UPGRADE_TYPES) | {"powerup_price", "merchant_fee", "tunnel_vision_turret_price"}
    for t in UPGRADE_TYPES:
        check_keys(t, up[t], {"pile", "levels"}, {"pile", "levels"})
        assert is_int(up[t]["pile"], 1)
        for j, lvl in enumerate(up[t]["levels"]):
            check_keys(f"{t}[{j}]", lvl, {"price", "glory"} | LEVEL_KEYS[t], {"price", "glory"} | LEVEL_KEYS[t])
            assert all(is_int(v) for v in lvl.values()), f"{t}[{j}]"
            assert lvl["price"] >= 1, f"{t}[{j}]: a free upgrade level"
    for i, s in enumerate(load("solo_scenarios.json")):
        check_keys(f"solo[{i}]", s, {"id", "name", "boss", "order"}, {"id", "name", "boss", "order"})
        assert isinstance(s["order"], list)


def test_ids_are_slugs_and_unique_across_all_files() -> None:
    ids: list[str] = [c["id"] for c in space_cards()]
    for b in load("bosses.json"):
        ids += [b["id"], b["warning"]["id"]] + [f"{b['id']}_{bc['number']}" for bc in b["cards"]]
    ids += [m["id"] for m in load("mini_bosses.json")]
    ids += [r["id"] for _, r in all_rules()]
    ids += [f"sensor_{s['number']}" for s in load("sensor_cards.json")]
    for name in ("powerups.json", "missions.json", "achievements.json", "solo_scenarios.json"):
        ids += [x["id"] for x in load(name)]
    bad = [i for i in ids if not isinstance(i, str) or not ID_RE.match(i)]
    assert not bad, f"ids must be lowercase slugs: {bad}"
    dupes = [i for i, n in Counter(ids).items() if n > 1]
    assert not dupes, f"duplicate ids: {dupes}"


def test_names_are_unique_within_each_file() -> None:
    for name in ("space_cards.json", "bosses.json", "mini_bosses.json", "powerups.json", "missions.json",
                 "achievements.json", "solo_scenarios.json"):
        names = [x["name"] for x in load(name)]
        dupes = [n for n, k in Counter(names).items() if k > 1]
        assert not dupes, f"{name}: duplicate names {dupes}"


def test_engine_loads_the_content() -> None:
    """The engine's own loader accepts every file (it raises ContentError at import otherwise)."""
    from games.kemble.engine import content

    c = content.CONTENT
    assert len(c.sensors) == len(load("sensor_cards.json"))
    assert set(c.bosses) == {b["id"] for b in load("bosses.json")}
    assert len(c.powerups) == sum(p.get("count", 1) for p in load("powerups.json"))


# =========================================================================================================
# Effects: closed vocabulary, implemented by the engine
# =========================================================================================================


def used_verbs() -> set[str]:
    return {e["verb"] for _, e in all_effects()}


def test_effect_verbs_are_in_the_engine_vocabulary() -> None:
    from games.kemble.engine import content

    unknown = {(w, e["verb"]) for w, e in all_effects() if e["verb"] not in content.VERBS}
    assert not unknown, f"verbs outside the engine vocabulary: {sorted(unknown)}"


def test_effect_verbs_are_implemented_by_the_engine() -> None:
    """Every verb used is handled by effects.py (its SUPPORTED_VERBS export, see data/REQUESTS.md)."""
    from games.kemble.engine import effects

    missing = used_verbs() - set(effects.SUPPORTED_VERBS)
    assert not missing, f"verbs used by the data but not implemented: {sorted(missing)}"


def test_rule_triggers_and_targets_are_known_to_the_engine() -> None:
    from games.kemble.engine import content

    for owner, r in all_rules():
        assert r["trigger"] in content.TRIGGERS, f"{owner}: {r['id']}"
        assert r["target"] in content.TARGETS, f"{owner}: {r['id']}"


# =========================================================================================================
# Level decks and the setups they serve
# =========================================================================================================


@pytest.mark.rules("kemble:R6")
def test_level_decks_serve_the_largest_standard_setup() -> None:
    for name, need in STANDARD_DRAW_5P.items():
        assert len(deck(name)) >= need, f"{name}: {len(deck(name))} cards, 4-5 players draw {need}"
        assert len(deck(name)) >= STANDARD_DRAW_3P[name]


@pytest.mark.rules("kemble:R6", "kemble:R8")
def test_initial_layout_of_five_rows_is_s1_then_a1() -> None:
    """5 rows of 4: rows 5-2 take 16 S1, row 1 the first 4 A1 (R8 deals from the top of the pile)."""
    layout = 5 * WIDE_ROW
    assert STANDARD_DRAW_5P["S1"] + WIDE_ROW == layout
    assert len(deck("A1")) >= WIDE_ROW
    s1_rows = [deck("S1")[i:i + WIDE_ROW] for i in range(0, STANDARD_DRAW_5P["S1"], WIDE_ROW)]
    assert all(len(r) == WIDE_ROW for r in s1_rows)


@pytest.mark.rules("kemble:R86")
def test_tunnel_deck_serves_the_crowded_setup() -> None:
    """Tunnel setup: 6 rows of A1 + 2 rows of T1 + 3 rows of F1 + 1 boss, rows 4 cards wide at 5 players."""
    for name, rows in TUNNEL_ROWS.items():
        assert len(deck(name)) >= rows * WIDE_ROW, f"{name}: tunnel setup needs {rows * WIDE_ROW}"
    walls = [q for c in deck("T1") for q in c["front"] if q["object"] == "wall"]
    assert len(walls) >= len(deck("T1")), "T1 is a deck of walls (about one per card)"
    # straight lanes: most T1 cards keep one side open, and the wall mostly on the same side
    left_walls = sum(1 for c in deck("T1") if c["front"][0]["object"] == "wall")
    assert left_walls >= 0.7 * len(deck("T1"))


@pytest.mark.rules("kemble:R28")
def test_flip_cards_have_both_sides() -> None:
    flips = [c for c in space_cards() if c.get("back")]
    assert flips, "no flip card at all"
    for c in flips:
        assert len(c["front"]) == 2 and len(c["back"]) == 2, c["id"]
        assert c["back"] != c["front"], f"{c['id']}: back identical to front"
        destructible = [q for q in c["front"] if q.get("energy") is not None and q["object"] != "singularity"]
        assert destructible, f"{c['id']}: a flip card flips when a front quadrant is destroyed; none can be"
    for name in LEVEL_DECKS[:4]:
        assert any(c.get("back") for c in deck(name)), f"{name} has no flip card"


@pytest.mark.rules("kemble:R85")
def test_special_star_cards() -> None:
    specials = deck("special")
    objects = Counter(q["object"] for c in specials for q in c["front"])
    for obj in ("mosquito", "bomb", "merchant"):
        assert objects[obj] >= 1, f"no {obj} among the special cards"
    for obj in ("mosquito", "bomb", "merchant"):
        where = {c["deck"] for c in space_cards() for q in c["front"] if q["object"] == obj}
        assert where <= {"special"}, f"{obj} must only appear on special cards"


def test_quadrant_objects_are_complete() -> None:
    """Per-object data the engine needs: enemies are destructible, drones/labyrinths/singularities pay."""
    for where, q in all_quadrants():
        obj = q["object"]
        if obj in ("fighter", "turret", "cruiser"):
            assert q.get("energy"), f"{where}: a standard enemy needs energy"
            threat = q.get("threat", 0) + sum(s["count"] for s in q.get("distant", []) + q.get("gamma_distant", []))
            assert threat + q.get("omni", 0) >= 1, f"{where}: an enemy that threatens nobody"
        if obj == "turret":
            assert q.get("distant") or q.get("gamma_distant"), f"{where}: turrets are distant-attack specialists"
        if obj == "drone":
            assert q.get("reward", {}).get("energy", 0) >= 1, f"{where}: drone gives energy (R58)"
        if obj == "labyrinth":
            assert q.get("reward", {}).get("glory", 0) >= 1, f"{where}: labyrinth glory (R66)"
        if obj == "singularity":
            assert q.get("energy") and q.get("reward", {}).get("glory", 0) >= 1, f"{where}: singularity (R65)"
        if obj in ("empty", "powerup", "wormhole", "merchant", "black_hole", "mosquito", "bomb"):
            assert not q.get("reward", {}).get("bellonium") and not q.get("reward", {}).get("glory"), where
        if q.get("extra_moves"):
            assert obj in ("labyrinth", "powerup", "drone"), f"{where}: -M only where there is a reward to take"
        if obj not in ENEMIES:
            assert not q.get("threat") and not q.get("distant") and not q.get("gamma_distant"), \
                f"{where}: only enemies shoot"
            assert not q.get("omni"), f"{where}: only enemies shoot"


def test_ramming_an_enemy_always_hurts() -> None:
    """Design guard for R60: ram damage is the regular threat, else the distant threat, plus omni (A10).

    An enemy, mini boss or destructible boss part with neither would be removed by a free ram, so the
    cheapest way to kill a boss core would be to fly into it.
    """
    for where, q in all_quadrants():
        if q["object"] in ENEMIES and q.get("energy") is not None:
            ram = (q.get("threat", 0) or sum(s["count"] for s in q.get("distant", []) + q.get("gamma_distant", []))) + q.get(
                "omni", 0)
            assert ram >= 1, f"{where}: a {q['object']} that can be rammed for free"


def test_boss_cores_punish_rams() -> None:
    """The strongest part of each boss carries an on_entered rule, so a ram costs more than its threat."""
    for b in load("bosses.json"):
        rules = {r["id"]: r for r in b["special_rules"]}
        core = max((q for bc in b["cards"] for q in bc["front"]), key=lambda q: q.get("energy") or 0)
        if b["id"] == "twin_reavers":
            continue  # two equal cores whose fall enrages the twin instead
        assert core.get("special") and rules[core["special"]]["trigger"] == "on_entered", b["id"]


@pytest.mark.rules("kemble:R9", "kemble:R72")
def test_global_bellonium_appears_in_the_starting_decks() -> None:
    for name in ("S1", "A1"):
        total = sum(q.get("global_bellonium", 0) for c in deck(name) for s in sides(c) for q in s)
        assert total >= 2, f"{name}: setup pays Global Bellonium; the start decks should show some"


# --- deck themes (design, not rules) --------------------------------------------------------------------


def share(name: str, objects: set[str]) -> float:
    qs = [q for c in deck(name) for q in c["front"]]
    return sum(1 for q in qs if q["object"] in objects) / len(qs)


def test_deck_themes_hold() -> None:
    # S1: mostly expendable enemies (fighters, energy 1-2)
    s1_enemies = [q for c in deck("S1") for q in c["front"] if q["object"] in ENEMIES]
    assert share("S1", ENEMIES) >= 0.4
    assert sum(q["energy"] for q in s1_enemies) / len(s1_enemies) <= 1.6
    assert Counter(q["object"] for q in s1_enemies).most_common(1)[0][0] == "fighter"
    # A1: many asteroids, riches
    a1 = Counter(q["object"] for c in deck("A1") for q in c["front"])
    assert a1.most_common(1)[0][0] == "asteroid"
    assert share("A1", {"asteroid", "mine"}) >= 0.4
    # W1: wormholes (a teleport needs another visible wormhole) and space oddities
    assert share("W1", {"wormhole"}) >= 0.2
    assert share("W1", {"black_hole", "singularity", "labyrinth"}) >= 0.1
    # F1: more and more enemies, the most of any deck
    assert share("F1", ENEMIES) > max(share(d, ENEMIES) for d in ("S1", "A1", "W1", "T1"))


@pytest.mark.rules("kemble:R47")
def test_w1_and_f1_each_include_a_mini_boss() -> None:
    minis = {m["id"]: m for m in load("mini_bosses.json")}
    for name in ("W1", "F1"):
        cards = [c for c in deck(name) if c.get("mini_boss")]
        assert cards, f"{name} has no mini boss"
        for c in cards:
            assert c["mini_boss"] in minis, f"{c['id']}: unknown mini boss {c['mini_boss']!r}"
            assert all(q["object"] == "mini_boss" for q in c["front"]), c["id"]
            assert any(q.get("energy") for q in c["front"]), f"{c['id']}: an indestructible mini boss"
    on_cards = {c.get("mini_boss") for c in space_cards()} - {None}
    assert on_cards == set(minis), "every mini boss has a card and every card names a known mini boss"
    assert not [c["id"] for c in space_cards() if any(q["object"] == "mini_boss" for q in c["front"])
                and not c.get("mini_boss")]


def test_special_symbols_point_to_the_owners_rules() -> None:
    """A quadrant's ``special`` names a rule of its own boss / mini boss; every rule is carried somewhere."""
    used: set[str] = set()
    for b in load("bosses.json"):
        own = {r["id"] for r in b["special_rules"]}
        for bc in b["cards"]:
            for s in sides(bc):
                for q in s:
                    if q.get("special"):
                        assert q["special"] in own, f"{b['id']}_{bc['number']}: {q['special']!r}"
                        used.add(q["special"])
    minis = {m["id"]: {r["id"] for r in m["special_rules"]} for m in load("mini_bosses.json")}
    for c in space_cards():
        for s in sides(c):
            for q in s:
                if q.get("special"):
                    assert c.get("mini_boss") in minis, f"{c['id']}: special outside a boss / mini boss"
                    assert q["special"] in minis[c["mini_boss"]], f"{c['id']}: {q['special']!r}"
                    used.add(q["special"])
    unused = {r["id"] for _, r in all_rules()} - used
    assert not unused, f"rules no quadrant carries: {sorted(unused)}"


# =========================================================================================================
# Bosses
# =========================================================================================================


@pytest.mark.rules("kemble:R7", "kemble:R45", "kemble:R46", "kemble:R47")
def test_every_boss_has_a_warning_and_numbered_cards() -> None:
    bosses = load("bosses.json")
    assert len(bosses) >= 3
    assert {b["rows"] for b in bosses} == {1, 2}, "need bosses of one row and of two rows"
    for b in bosses:
        assert b["warning"]["id"] and b["warning"]["name"], b["id"]
        numbers = sorted(bc["number"] for bc in b["cards"])
        assert numbers == list(range(1, 4 * b["rows"] + 1)), f"{b['id']}: cards {numbers}"
        assert b["special_rules"], f"{b['id']}: a boss has special rules"
        for bc in b["cards"]:
            assert all(q["object"] == "boss_part" for q in bc["front"]), f"{b['id']}_{bc['number']}"
        for subset in boss_subsets(b["rows"]):
            parts = [q for bc in b["cards"] if bc["number"] in subset for q in bc["front"]]
            assert any(q.get("energy") for q in parts), f"{b['id']} {subset}: nothing destructible"
            assert sum(q.get("reward", {}).get("glory", 0) for q in parts) >= 4, f"{b['id']} {subset}: glory"
            assert any(q.get("special") for q in parts), f"{b['id']} {subset}: none of its special rules"


def boss_subsets(rows: int) -> list[list[int]]:
    """The card numbers used: 2-3 players 1-3 (+5-7), 4-5 players all, solo 2-3 (+6-7). R46, R84."""
    three = [1, 2, 3] + ([5, 6, 7] if rows == 2 else [])
    solo = [2, 3] + ([6, 7] if rows == 2 else [])
    return [three, list(range(1, 4 * rows + 1)), solo]


def test_boss_auras_can_be_silenced() -> None:
    """A destructible second-row part carrying a lasting rule (on_scroll / on_turn_end) must not hide behind an
    indestructible first-row part in the same column: the second row arrives on top (R45, A8), so shots from
    below would never reach it except with gamma."""
    lasting = {"on_scroll", "on_turn_end"}
    for b in load("bosses.json"):
        if b["rows"] != 2:
            continue
        rules = {r["id"]: r for r in b["special_rules"]}
        cards = {bc["number"]: bc["front"] for bc in b["cards"]}
        for n in range(5, 9):
            for half in (0, 1):
                q = cards[n][half]
                if q.get("energy") and q.get("special") and rules[q["special"]]["trigger"] in lasting:
                    below = cards[n - 4][half]
                    assert below.get("energy"), f"{b['id']}_{n}: its aura hides behind an indestructible part"


@pytest.mark.rules("kemble:R46", "kemble:R84")
def test_boss_core_sits_on_the_cards_every_player_count_uses() -> None:
    """Solo uses cards 2-3 (6-7): each boss shows its heaviest part there, so solo meets the real boss."""
    for b in load("bosses.json"):
        best = max((q.get("energy") or 0, bc["number"]) for bc in b["cards"] for q in bc["front"])
        assert best[1] in (2, 3, 6, 7), f"{b['id']}: the strongest part is on card {best[1]}"


# =========================================================================================================
# Sensor cards
# =========================================================================================================


@pytest.mark.rules("kemble:R13")
def test_sensor_numbers_are_unique_between_10_and_400() -> None:
    numbers = [s["number"] for s in load("sensor_cards.json")]
    assert len(numbers) >= 40
    assert len(set(numbers)) == len(numbers), "sensor numbers never tie"
    assert all(is_int(n) and 10 <= n <= 400 for n in numbers)


@pytest.mark.rules("kemble:R14")
def test_sensor_texts_are_the_four_printed_effects() -> None:
    printed = [
        [{"verb": "extra_moves", "amount": 1}],
        [{"verb": "gain_bellonium", "amount": 1}],
        [{"verb": "overload_costs", "first": 0, "second": 2}],
        [{"verb": "overload_costs", "first": 1, "second": 3}],
    ]
    texts = [s["effects"] for s in load("sensor_cards.json") if s.get("effects")]
    for t in texts:
        assert t in printed, f"sensor text not among the four printed ones: {t}"
    for p in printed:
        assert texts.count(p) >= 2, f"printed text {p} on fewer than 2 cards"
    assert len(texts) < len(load("sensor_cards.json")), "only some sensor cards carry text"


@pytest.mark.rules("kemble:R69")
def test_sensor_symbols_cover_every_player_colour_evenly() -> None:
    counts = Counter(s["symbol"] for s in load("sensor_cards.json"))
    assert set(counts) == set(SYMBOLS)
    assert max(counts.values()) - min(counts.values()) <= 1, counts


@pytest.mark.rules("kemble:R10", "kemble:R15")
def test_sensor_pile_serves_five_players_and_covers() -> None:
    """5 players hold 2 each, one more is revealed per player; covers come from the same pile."""
    assert len(load("sensor_cards.json")) >= MAX_PLAYERS * 3 + 10


# =========================================================================================================
# Power-ups, missions, achievements
# =========================================================================================================


def powerup_deck() -> list[dict[str, Any]]:
    return [p for p in load("powerups.json") for _ in range(p.get("count", 1))]


@pytest.mark.rules("kemble:R10", "kemble:R37")
def test_powerup_deck_size() -> None:
    assert len(load("powerups.json")) >= 20, "at least 20 distinct power-ups"
    assert len(powerup_deck()) >= 2 * 20, "enough copies for setup, purchases and power-up quadrants"


@pytest.mark.rules("kemble:R38", "kemble:R55")
def test_powerup_kinds_required_by_the_rules() -> None:
    pus = load("powerups.json")
    end = [p for p in pus if p["timing"] == "end_game"]
    assert end and all(any(e["verb"] == "end_glory" for e in p["effects"]) for p in end)
    assert all(p["timing"] == "end_game" for p in pus if any(e["verb"] == "end_glory" for e in p["effects"]))
    assert [p for p in pus if p["timing"] == "immediate"], "no 'play immediately when drawn' power-up"
    assert [p for p in pus if any(e["verb"] == "reduce_threat" for e in p["effects"])], "none reduces threat"
    assert [p for p in pus if p["timing"] == "turn"]


@pytest.mark.rules("kemble:R10", "kemble:R53")
def test_missions() -> None:
    missions = load("missions.json")
    assert len(missions) >= 12 and len(missions) >= MAX_PLAYERS
    assert all(m["glory"] >= 2 for m in missions), "a mission is worth chasing"
    assert len({m["goal"]["stat"] for m in missions}) >= 10, "missions should differ"


@pytest.mark.rules("kemble:R4", "kemble:R54")
def test_achievements() -> None:
    ach = load("achievements.json")
    assert len(ach) >= 12 and len(ach) >= 4
    assert all(a["glory"] >= 1 for a in ach)
    keys = [(a["goal"]["stat"], a["goal"]["scope"], a["goal"]["at_least"]) for a in ach]
    assert len(set(keys)) == len(keys), "two achievements with the same requirement"


def test_goals_are_reachable_with_the_content() -> None:
    """A goal about labyrinths, singularities, mini bosses or wormholes needs such objects in the decks."""
    objects = Counter(q["object"] for _, q in all_quadrants())
    needs = {"labyrinths_scored": "labyrinth", "singularities_scored": "singularity",
             "kills_mini_boss": "mini_boss", "wormhole_jumps": "wormhole", "kills_mine": "mine",
             "kills_turret": "turret", "kills_cruiser": "cruiser", "kills_asteroid": "asteroid"}
    for g in load("missions.json") + load("achievements.json"):
        obj = needs.get(g["goal"]["stat"])
        if obj:
            assert objects[obj] >= g["goal"]["at_least"] + 1, f"{g['id']}: too few {obj} quadrants"


# =========================================================================================================
# Upgrades
# =========================================================================================================


def levels(t: str) -> list[dict[str, Any]]:
    return load("upgrades.json")[t]["levels"]


@pytest.mark.rules("kemble:R2", "kemble:R36")
def test_upgrade_piles() -> None:
    up = load("upgrades.json")
    for t in UPGRADE_TYPES:
        assert up[t]["pile"] >= MAX_PLAYERS, f"{t}: every player may own one"
        assert len(levels(t)) == (3 if t in WEAPON_UPGRADES else 2), t


@pytest.mark.rules("kemble:R74", "kemble:R75", "kemble:R76", "kemble:R77")
def test_weapon_levels_match_the_rulebook() -> None:
    assert [lv["shots"] for lv in levels("laser")] == [2, 3, 4]
    assert [(lv["damage"], lv["splash"]) for lv in levels("missile")] == [(2, 1), (3, 1), (3, 2)]
    assert [lv["damage"] for lv in levels("gamma")] == [1, 2, 3]
    assert [lv["damage"] for lv in levels("flamethrower")] == [2, 3, 4]


@pytest.mark.rules("kemble:R78", "kemble:R79", "kemble:R81")
def test_ship_modification_levels_match_the_rulebook() -> None:
    assert [(lv["max_energy"], lv["recharge"]) for lv in levels("generator")] == [(6, 3), (7, 3)]
    assert [lv["reduce"] for lv in levels("shield")] == [1, 2]
    assert [lv["moves"] for lv in levels("engine")] == [1, 2]


@pytest.mark.rules("kemble:R37", "kemble:R40", "kemble:R82")
def test_fixed_prices_from_the_rulebook() -> None:
    up = load("upgrades.json")
    assert up["powerup_price"] == 2
    assert up["merchant_fee"] == 1
    assert up["tunnel_vision_turret_price"] == 3


def test_upgrade_prices_are_sane() -> None:
    """Design: the flamethrower is the cheap weapon, glory on purchase comes only with the upper levels."""
    for t in UPGRADE_TYPES:
        assert levels(t)[0]["glory"] == 0, f"{t}: level 1 gives no glory"
        assert all(1 <= lv["price"] <= 6 for lv in levels(t)), t
    cheapest = min(WEAPON_UPGRADES, key=lambda t: sum(lv["price"] for lv in levels(t)))
    assert cheapest == "flamethrower"


# =========================================================================================================
# Solo
# =========================================================================================================


@pytest.mark.rules("kemble:R84")
def test_solo_scenarios_give_an_exact_card_order() -> None:
    scenarios = load("solo_scenarios.json")
    assert scenarios
    bosses = {b["id"] for b in load("bosses.json")}
    cards = {c["id"]: c for c in space_cards()}
    for s in scenarios:
        order = s["order"]
        assert s["boss"] in bosses, s["id"]
        assert len(order) >= 5 * SOLO_WIDTH and len(order) % SOLO_WIDTH == 0, f"{s['id']}: whole rows"
        assert len(set(order)) == len(order), f"{s['id']}: a card twice"
        for cid in order:
            assert cid in cards and cards[cid]["deck"] in LEVEL_DECKS, f"{s['id']}: {cid}"
        # same stacking as the standard game (R6): S1 first, then A1, W1, F1
        rank = [LEVEL_DECKS.index(cards[cid]["deck"]) for cid in order]
        assert rank == sorted(rank), f"{s['id']}: decks out of order"
        assert all(cards[cid]["deck"] == "S1" for cid in order[: 4 * SOLO_WIDTH]), f"{s['id']}: rows 5-2 S1"
    assert len({s["boss"] for s in scenarios}) >= 2
