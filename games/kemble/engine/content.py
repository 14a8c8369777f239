"""Card content: loads and validates the JSON files under ``data/`` once, at import.

The format is defined in ``data/SCHEMA.md``. Everything here is read-only after loading; the game state
refers to cards by id only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent / "data"

DIRS8 = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
DIRS4 = ("n", "e", "s", "w")
#: (row delta, column delta); north is toward row 1.
DELTA: dict[str, tuple[int, int]] = {
    "n": (-1, 0), "ne": (-1, 1), "e": (0, 1), "se": (1, 1),
    "s": (1, 0), "sw": (1, -1), "w": (0, -1), "nw": (-1, -1),
}
WEAPONS = ("turret", "laser", "missile", "gamma", "flamethrower")
UPGRADE_WEAPONS = ("laser", "missile", "gamma", "flamethrower")
UPGRADE_TYPES = ("laser", "missile", "gamma", "flamethrower", "turret", "generator", "shield", "engine")
UPGRADE_LEVEL_KEYS: dict[str, tuple[str, ...]] = {
    "laser": ("shots",), "missile": ("damage", "splash"), "gamma": ("damage",), "flamethrower": ("damage",),
    "turret": (), "generator": ("max_energy", "recharge"), "shield": ("reduce",), "engine": ("moves",),
}
IMMUNITIES = ("flame", "missile", "laser", "gamma")
#: The immunity that protects against each weapon (the base turret gun has none, R29).
WEAPON_IMMUNITY = {"laser": "laser", "missile": "missile", "gamma": "gamma", "flamethrower": "flame"}
SYMBOLS = ("red", "blue", "green", "yellow", "purple")
DECKS = ("S1", "A1", "W1", "F1", "T1", "special")

ENEMIES = frozenset({"fighter", "turret", "cruiser", "boss_part", "mini_boss"})
#: Objects that stop shots (R24, R56); a ship also blocks.
BLOCKING = frozenset(
    {"fighter", "turret", "cruiser", "boss_part", "mini_boss", "mine", "black_hole", "singularity", "asteroid",
     "wall", "mosquito", "bomb"}
)
#: Objects a ship may never enter deliberately (R19). Boss parts / mini bosses only without energy.
NO_ENTRY = frozenset({"asteroid", "wall", "singularity", "mosquito", "bomb"})
OBJECTS = frozenset(
    {"empty", "powerup", "drone", "wormhole", "merchant", "labyrinth"} | BLOCKING
)
TRIGGERS = ("on_reveal", "on_scroll", "on_destroyed", "on_entered", "on_turn_end")
TARGETS = ("actor", "actor_if_adjacent", "all_on_board", "adjacent", "same_row", "same_column", "all_players")
POWERUP_TIMINGS = ("turn", "immediate", "end_game")
PROGRESS_STATS = (
    "kills", "kills_fighter", "kills_turret", "kills_cruiser", "kills_boss_part", "kills_mini_boss",
    "kills_asteroid", "kills_mine", "damage_dealt", "pvp_tokens_given", "players_destroyed", "rams",
    "powerups_collected", "powerups_played", "labyrinths_scored", "singularities_scored", "wormhole_jumps",
    "moves", "overloads", "power_downs", "rotations", "bellonium_gained", "upgrade_levels_bought",
    "drones_used", "survived_pushes",
)
STATE_STATS = (
    "bellonium", "energy", "glory", "upgrade_levels", "weapons_owned", "powerups_held", "in_top_row",
    "threat_level",
)
#: Effect verbs and their required integer arguments (SCHEMA.md section 9).
VERBS: dict[str, tuple[str, ...]] = {
    "gain_glory": ("amount",), "gain_bellonium": ("amount",), "lose_bellonium": ("amount",),
    "gain_energy": ("amount",), "lose_energy": ("amount",), "add_threat": ("amount",),
    "reduce_threat": ("amount",), "extra_moves": ("amount",), "extra_fire": ("amount",),
    "free_overloads": ("amount",), "overload_costs": ("first", "second"), "free_rotation": (),
    "draw_powerups": ("amount",), "shield": ("amount",), "end_glory": ("amount",),
}


class ContentError(Exception):
    """A data file breaks SCHEMA.md."""


@dataclass(frozen=True, slots=True)
class Quadrant:
    object: str = "empty"
    energy: int | None = None
    threat: int = 0
    distant: tuple[tuple[str, int], ...] = ()
    gamma_distant: tuple[tuple[str, int], ...] = ()
    omni: int = 0
    bellonium: int = 0
    glory: int = 0
    energy_reward: int = 0
    immune: frozenset[str] = frozenset()
    extra_moves: int = 0
    global_bellonium: int = 0
    special: str | None = None

    @property
    def blocking(self) -> bool:
        return self.object in BLOCKING

    @property
    def enemy(self) -> bool:
        return self.object in ENEMIES

    @property
    def destructible(self) -> bool:
        return self.energy is not None and self.object not in ("singularity", "mosquito", "bomb", "black_hole")

    @property
    def ram_damage(self) -> int:
        """Damage taken when moving onto this enemy (R60): its threat level, regular threat else distant (not
        summed), plus its omni threat (RULINGS A10, A39)."""
        if self.threat:
            return self.threat + self.omni
        return sum(n for _, n in self.distant) + sum(n for _, n in self.gamma_distant) + self.omni


EMPTY = Quadrant()


@dataclass(frozen=True, slots=True)
class SpaceCard:
    id: str
    deck: str
    name: str
    front: tuple[Quadrant, Quadrant]
    back: tuple[Quadrant, Quadrant] | None = None
    mini_boss: str | None = None
    boss: str | None = None
    number: int | None = None


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    trigger: str
    target: str
    effects: tuple[dict[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Boss:
    id: str
    name: str
    rows: int
    warning_id: str
    cards: dict[int, str]  # number -> space card id


@dataclass(frozen=True, slots=True)
class Goal:
    id: str
    name: str
    glory: int
    stat: str
    at_least: int
    scope: str


@dataclass(frozen=True, slots=True)
class Powerup:
    id: str
    name: str
    timing: str
    effects: tuple[dict[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Sensor:
    number: int
    symbol: str
    effects: tuple[dict[str, Any], ...]


@dataclass
class Content:
    cards: dict[str, SpaceCard] = field(default_factory=dict)
    bosses: dict[str, Boss] = field(default_factory=dict)
    warnings: dict[str, str] = field(default_factory=dict)  # warning id -> boss id
    rules: dict[str, Rule] = field(default_factory=dict)
    sensors: dict[str, Sensor] = field(default_factory=dict)  # "sensor_<n>" -> Sensor
    powerups: dict[str, Powerup] = field(default_factory=dict)  # copy id "x#1" -> Powerup
    missions: dict[str, Goal] = field(default_factory=dict)
    achievements: dict[str, Goal] = field(default_factory=dict)
    upgrades: dict[str, dict[str, Any]] = field(default_factory=dict)
    prices: dict[str, int] = field(default_factory=dict)
    solo: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Cards made up by ``scenario.py`` for tests; never dealt, kept apart from the real content.
    synthetic: dict[str, SpaceCard] = field(default_factory=dict)

    def card(self, card_id: str) -> SpaceCard:
        found = self.cards.get(card_id)
        return found if found is not None else self.synthetic[card_id]

    def deck(self, name: str) -> list[str]:
        return [c.id for c in self.cards.values() if c.deck == name]


def _check_keys(where: str, data: dict[str, Any], allowed: set[str], required: set[str]) -> None:
    if not isinstance(data, dict):
        raise ContentError(f"{where}: expected an object")
    extra = set(data) - allowed
    if extra:
        raise ContentError(f"{where}: unknown keys {sorted(extra)}")
    missing = required - set(data)
    if missing:
        raise ContentError(f"{where}: missing keys {sorted(missing)}")


def _int(where: str, value: Any, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ContentError(f"{where}: expected an integer >= {low}, got {value!r}")
    return value


def _shots(where: str, items: Any) -> tuple[tuple[str, int], ...]:
    out = []
    for i, item in enumerate(items or []):
        _check_keys(f"{where}[{i}]", item, {"dir", "count"}, {"dir", "count"})
        if item["dir"] not in DIRS4:
            raise ContentError(f"{where}[{i}]: dir must be one of {DIRS4}")
        out.append((item["dir"], _int(where, item["count"], 1)))
    return tuple(out)


def parse_quadrant(where: str, data: dict[str, Any]) -> Quadrant:
    keys = {"object", "energy", "threat", "distant", "gamma_distant", "omni", "reward", "immune", "extra_moves",
            "global_bellonium", "special"}
    _check_keys(where, data, keys, {"object"})
    if data["object"] not in OBJECTS:
        raise ContentError(f"{where}: unknown object {data['object']!r}")
    reward = data.get("reward") or {}
    _check_keys(f"{where}.reward", reward, {"bellonium", "glory", "energy"}, set())
    immune = data.get("immune") or []
    for im in immune:
        if im not in IMMUNITIES:
            raise ContentError(f"{where}: unknown immunity {im!r}")
    energy = data.get("energy")
    if energy is not None:
        _int(where, energy, 1)
    extra = _int(where, data.get("extra_moves", 0))
    if extra > 2:
        raise ContentError(f"{where}: extra_moves is 0, 1 or 2")
    return Quadrant(
        object=data["object"], energy=energy, threat=_int(where, data.get("threat", 0)),
        distant=_shots(f"{where}.distant", data.get("distant")),
        gamma_distant=_shots(f"{where}.gamma_distant", data.get("gamma_distant")),
        omni=_int(where, data.get("omni", 0)), bellonium=_int(where, reward.get("bellonium", 0)),
        glory=_int(where, reward.get("glory", 0)), energy_reward=_int(where, reward.get("energy", 0)),
        immune=frozenset(immune), extra_moves=extra, global_bellonium=_int(where, data.get("global_bellonium", 0)),
        special=data.get("special"),
    )


def _pair(where: str, data: Any) -> tuple[Quadrant, Quadrant]:
    if not isinstance(data, list) or len(data) != 2:
        raise ContentError(f"{where}: a card side is a list of exactly 2 quadrants")
    return parse_quadrant(f"{where}[0]", data[0]), parse_quadrant(f"{where}[1]", data[1])


def validate_effects(where: str, effects: Any) -> tuple[dict[str, Any], ...]:
    if not isinstance(effects, list):
        raise ContentError(f"{where}: effects must be a list")
    out = []
    for i, eff in enumerate(effects):
        w = f"{where}[{i}]"
        if not isinstance(eff, dict) or eff.get("verb") not in VERBS:
            raise ContentError(f"{w}: unknown verb {eff.get('verb') if isinstance(eff, dict) else eff!r}")
        args = VERBS[eff["verb"]]
        _check_keys(w, eff, {"verb", *args}, {"verb", *args})
        for a in args:
            _int(w, eff[a])
        out.append(dict(eff))
    return tuple(out)


def _rule(where: str, data: dict[str, Any]) -> Rule:
    _check_keys(where, data, {"id", "trigger", "target", "effects"}, {"id", "trigger", "target", "effects"})
    if data["trigger"] not in TRIGGERS:
        raise ContentError(f"{where}: unknown trigger {data['trigger']!r}")
    if data["target"] not in TARGETS:
        raise ContentError(f"{where}: unknown target {data['target']!r}")
    return Rule(data["id"], data["trigger"], data["target"], validate_effects(f"{where}.effects", data["effects"]))


def _goal(where: str, data: dict[str, Any]) -> Goal:
    _check_keys(where, data, {"id", "name", "glory", "goal"}, {"id", "name", "glory", "goal"})
    g = data["goal"]
    _check_keys(f"{where}.goal", g, {"stat", "at_least", "scope"}, {"stat", "at_least", "scope"})
    if g["scope"] not in ("game", "turn", "now"):
        raise ContentError(f"{where}: unknown scope {g['scope']!r}")
    stats = STATE_STATS if g["scope"] == "now" else PROGRESS_STATS
    if g["stat"] not in stats:
        raise ContentError(f"{where}: stat {g['stat']!r} not allowed with scope {g['scope']}")
    return Goal(data["id"], data["name"], _int(where, data["glory"]), g["stat"], _int(where, g["at_least"], 1),
                g["scope"])


def _read(name: str) -> Any:
    try:
        return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ContentError(f"{name}: {exc}") from exc


def load_content() -> Content:
    c = Content()
    ids: set[str] = set()

    def claim(where: str, ident: Any) -> str:
        if not isinstance(ident, str) or not ident or not all(ch.isalnum() or ch == "_" for ch in ident):
            raise ContentError(f"{where}: bad id {ident!r}")
        if ident in ids:
            raise ContentError(f"{where}: duplicate id {ident!r}")
        ids.add(ident)
        return ident

    for i, raw in enumerate(_read("space_cards.json")):
        w = f"space_cards.json[{i}]"
        _check_keys(w, raw, {"id", "deck", "name", "front", "back", "mini_boss"}, {"id", "deck", "front"})
        if raw["deck"] not in DECKS:
            raise ContentError(f"{w}: unknown deck {raw['deck']!r}")
        back = raw.get("back")
        c.cards[claim(w, raw["id"])] = SpaceCard(
            id=raw["id"], deck=raw["deck"], name=raw.get("name", raw["id"]), front=_pair(f"{w}.front", raw["front"]),
            back=_pair(f"{w}.back", back) if back else None, mini_boss=raw.get("mini_boss"),
        )
    for i, raw in enumerate(_read("bosses.json")):
        w = f"bosses.json[{i}]"
        _check_keys(w, raw, {"id", "name", "rows", "warning", "cards", "special_rules"},
                    {"id", "rows", "warning", "cards"})
        bid = claim(w, raw["id"])
        if raw["rows"] not in (1, 2):
            raise ContentError(f"{w}: rows is 1 or 2")
        _check_keys(f"{w}.warning", raw["warning"], {"id", "name"}, {"id"})
        wid = claim(f"{w}.warning", raw["warning"]["id"])
        numbers: dict[int, str] = {}
        for j, card in enumerate(raw["cards"]):
            cw = f"{w}.cards[{j}]"
            _check_keys(cw, card, {"number", "front", "back"}, {"number", "front"})
            n = _int(cw, card["number"], 1)
            if n > 4 * raw["rows"] or n in numbers:
                raise ContentError(f"{cw}: bad or duplicate number {n}")
            cid = claim(cw, f"{bid}_{n}")
            back = card.get("back")
            c.cards[cid] = SpaceCard(id=cid, deck="boss", name=f"{raw.get('name', bid)} {n}",
                                     front=_pair(f"{cw}.front", card["front"]),
                                     back=_pair(f"{cw}.back", back) if back else None, boss=bid, number=n)
            numbers[n] = cid
        for k in range(1, 4 * raw["rows"] + 1):
            if k not in numbers:
                raise ContentError(f"{w}: boss card {k} missing")
        for j, rule in enumerate(raw.get("special_rules", [])):
            r = _rule(f"{w}.special_rules[{j}]", rule)
            c.rules[claim(f"{w}.special_rules[{j}]", r.id)] = r
        c.bosses[bid] = Boss(bid, raw.get("name", bid), raw["rows"], wid, numbers)
        c.warnings[wid] = bid
    for i, raw in enumerate(_read("mini_bosses.json")):
        w = f"mini_bosses.json[{i}]"
        _check_keys(w, raw, {"id", "name", "special_rules"}, {"id"})
        claim(w, raw["id"])
        for j, rule in enumerate(raw.get("special_rules", [])):
            r = _rule(f"{w}.special_rules[{j}]", rule)
            c.rules[claim(f"{w}.special_rules[{j}]", r.id)] = r
    for card in c.cards.values():
        for side in (card.front, card.back or ()):
            for q in side:
                if q.special is not None and q.special not in c.rules:
                    raise ContentError(f"card {card.id}: unknown special rule {q.special!r}")
    for i, raw in enumerate(_read("sensor_cards.json")):
        w = f"sensor_cards.json[{i}]"
        _check_keys(w, raw, {"number", "symbol", "effects"}, {"number", "symbol"})
        n = _int(w, raw["number"], 10)
        if n > 400:
            raise ContentError(f"{w}: number above 400")
        if raw["symbol"] not in SYMBOLS:
            raise ContentError(f"{w}: unknown symbol {raw['symbol']!r}")
        sid = claim(w, f"sensor_{n}")
        c.sensors[sid] = Sensor(n, raw["symbol"], validate_effects(f"{w}.effects", raw.get("effects", [])))
    for i, raw in enumerate(_read("powerups.json")):
        w = f"powerups.json[{i}]"
        _check_keys(w, raw, {"id", "name", "count", "timing", "effects"}, {"id", "timing", "effects"})
        pid = claim(w, raw["id"])
        if raw["timing"] not in POWERUP_TIMINGS:
            raise ContentError(f"{w}: unknown timing {raw['timing']!r}")
        p = Powerup(pid, raw.get("name", pid), raw["timing"], validate_effects(f"{w}.effects", raw["effects"]))
        for k in range(1, _int(w, raw.get("count", 1), 1) + 1):
            c.powerups[f"{pid}#{k}"] = p
    for i, raw in enumerate(_read("missions.json")):
        g = _goal(f"missions.json[{i}]", raw)
        c.missions[claim(f"missions.json[{i}]", g.id)] = g
    for i, raw in enumerate(_read("achievements.json")):
        g = _goal(f"achievements.json[{i}]", raw)
        c.achievements[claim(f"achievements.json[{i}]", g.id)] = g
    raw_up = _read("upgrades.json")
    for key in ("powerup_price", "merchant_fee", "tunnel_vision_turret_price"):
        c.prices[key] = _int(f"upgrades.json.{key}", raw_up.get(key))
    for t in UPGRADE_TYPES:
        if t not in raw_up:
            raise ContentError(f"upgrades.json: missing {t}")
        spec = raw_up[t]
        _check_keys(f"upgrades.json.{t}", spec, {"pile", "levels"}, {"pile", "levels"})
        want = 3 if t in UPGRADE_WEAPONS else 2
        if len(spec["levels"]) != want:
            raise ContentError(f"upgrades.json.{t}: needs {want} levels")
        for j, lvl in enumerate(spec["levels"]):
            lw = f"upgrades.json.{t}.levels[{j}]"
            _check_keys(lw, lvl, {"price", "glory", *UPGRADE_LEVEL_KEYS[t]}, {"price", *UPGRADE_LEVEL_KEYS[t]})
            for v in lvl.values():
                _int(lw, v)
        c.upgrades[t] = {"pile": _int(t, spec["pile"], 1), "levels": [dict(lv) for lv in spec["levels"]]}
    extra = set(raw_up) - set(UPGRADE_TYPES) - set(c.prices)
    if extra:
        raise ContentError(f"upgrades.json: unknown keys {sorted(extra)}")
    for i, raw in enumerate(_read("solo_scenarios.json")):
        w = f"solo_scenarios.json[{i}]"
        _check_keys(w, raw, {"id", "name", "boss", "order"}, {"id", "boss", "order"})
        claim(w, raw["id"])
        if raw["boss"] not in c.bosses:
            raise ContentError(f"{w}: unknown boss {raw['boss']!r}")
        for cid in raw["order"]:
            if cid not in c.cards or c.cards[cid].deck not in DECKS[:5]:
                raise ContentError(f"{w}: unknown level card {cid!r}")
        c.solo[raw["id"]] = dict(raw)
    if len(c.sensors) < 40 or not c.bosses or len(c.missions) < 1 or len(c.achievements) < 4:
        raise ContentError("content: need >= 40 sensor cards, a boss, missions and >= 4 achievements")
    return c


CONTENT = load_content()


def side(card_id: str | None, flipped: bool) -> tuple[Quadrant, Quadrant]:
    if card_id is None:
        return (EMPTY, EMPTY)
    card = CONTENT.card(card_id)
    if flipped and card.back is not None:
        return card.back
    return card.front
