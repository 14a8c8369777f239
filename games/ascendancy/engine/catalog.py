"""The content the engine core reads, behind one small interface.

STAND-IN: the asc-data helper owns the real content (``content.py`` + ``data/*.json``). Until it is merged,
this module carries a minimal, self-consistent catalog so that the round can be played and tested. Every
value here is marked NOT IN TEXT in the digest (§7.2) unless a rule ID says otherwise. The integrator
swaps ``CATALOG`` for one built from ``content.py``; the engine only reads the names defined here.
"""

from __future__ import annotations

from typing import Any

CIVS = ("federation", "klingon", "romulan", "andorian", "cardassian", "ferengi", "vulcan")
BASE_CIVS = ("federation", "klingon", "romulan")
RESOURCES = ("production", "research", "culture")
NODE_TYPES = RESOURCES
OPEN = "open"

HOMES: dict[str, dict[str, Any]] = {
    "federation": {"disc": "earth", "slots": ["production", "research", "culture"], "max_lanes": 4},
    "klingon": {"disc": "qonos", "slots": ["production", "production", "culture"], "max_lanes": 4},
    "romulan": {"disc": "romulus", "slots": ["production", "research", "research"], "max_lanes": 4},
    "andorian": {"disc": "andor", "slots": ["production", "research", "culture"], "max_lanes": 4},
    "cardassian": {"disc": "cardassia_prime", "slots": ["production", "production", "research"], "max_lanes": 4},
    "ferengi": {"disc": "ferenginar", "slots": ["production", "culture", "open"], "max_lanes": 4},  # R190
    "vulcan": {"disc": "vulcan", "slots": ["research", "culture", "open"], "max_lanes": 4},
}

STARTING_ADVANCEMENT = {  # R160, R165, R185, R193, R209; the others are authored
    "federation": "federation_universal_translator", "klingon": "klingon_warrior_tradition",
    "romulan": "romulan_tal_shiar", "andorian": "andorian_imperial_guard",
    "cardassian": "cardassian_totalitarian_regime", "ferengi": "ferengi_trade_authority",
    "vulcan": "vulcan_high_council",
}

# Build costs (the Turn Summary card's icons, NOT IN TEXT except R10 ship = 1 Production, R12 colonize =
# 1 Culture + a ship, R20 Authority = 5 Culture).
COSTS: dict[str, dict[str, int]] = {
    "ship": {"production": 1},
    "colonize": {"culture": 1},
    "production_node": {"production": 2},
    "research_node": {"production": 2},
    "culture_node": {"production": 2},
    "authority": {"culture": 5},
}
#: Research paid for the next level (R17): weapons 5+ -> 4+ -> 3+ -> 2+; shields 0 -> 1 -> 2 -> 3.
WEAPON_COSTS = (3, 5, 7)
SHIELD_COSTS = (3, 5, 7)
LANE_DIE = (2, 2, 3, 3, 4, 4)  # R55: a length of 2-4


def _advancements(civ: str) -> list[dict[str, Any]]:
    cats = ("science", "military", "diplomacy", "espionage", "engineering")
    out = [{"id": STARTING_ADVANCEMENT[civ], "civ": civ, "cost": 0, "category": "diplomacy", "warp": 0,
            "command": 0, "culture": 0, "starting": True}]
    for i in range(1, 15):
        out.append({"id": f"{civ}_adv_{i:02d}", "civ": civ, "cost": 2 + (i % 5), "category": cats[i % 5],
                    "warp": 1 if i % 5 == 1 else 0, "command": 1 if i % 5 == 3 else 0,
                    "culture": 1 if civ == "romulan" and i % 4 == 0 else 0, "starting": False})
    return out


ADVANCEMENTS: dict[str, dict[str, Any]] = {a["id"]: a for civ in CIVS for a in _advancements(civ)}

FLEETS: dict[str, list[dict[str, Any]]] = {  # R124: 3 cards, 2 sides, at least 3 ships
    civ: [{"id": f"{civ}_fleet_{k}", "sides": [{"side": "a", "min": 3, "max": 6}, {"side": "b", "min": 3, "max": 8}]}
          for k in (1, 2, 3)]
    for civ in CIVS
}

TRADE: dict[str, list[dict[str, Any]]] = {  # R78; Federation 1 P, Romulan 2, Klingon 3 (§1.1)
    "federation": [{"production": 1}, {"research": 1}, {"culture": 1}],
    "klingon": [{"production": 3}, {"production": 1}, {"research": 1}],
    "romulan": [{"production": 2}, {"research": 1}, {"culture": 1}],
    "andorian": [{"production": 2}, {"research": 1}, {"production": 1}],
    "cardassian": [{"production": 2}, {"production": 1}, {"research": 1}],
    "ferengi": [{}, {}, {}],  # R194: variable
    "vulcan": [{"research": 2}, {"culture": 1}, {"research": 1}],
}


def _discs() -> list[dict[str, Any]]:
    layouts = [["production"], ["research"], ["culture"], ["open"], ["production", "research"],
               ["production", "culture"], ["research", "culture"], ["production", "open"],
               ["research", "research", "open"], ["production", "research", "culture"]]
    out = []
    for i in range(30):
        if i % 5 == 4:
            out.append({"id": f"phenomenon_{i:02d}", "kind": "phenomenon", "slots": [], "max_lanes": 3,
                        "hazard": 4 if i % 2 else 5, "expansion": None})
        else:
            out.append({"id": f"system_{i:02d}", "kind": "planet", "slots": layouts[i % len(layouts)],
                        "max_lanes": 3 + (i % 2), "hazard": 4 if i % 7 == 3 else 0, "expansion": None})
    for civ in CIVS[3:]:
        for k in range(9):
            kind = "phenomenon" if k == 8 else "planet"
            out.append({"id": f"{civ}_disc_{k}", "kind": kind,
                        "slots": [] if kind == "phenomenon" else layouts[(k + 3) % len(layouts)],
                        "max_lanes": 3, "hazard": 5 if kind == "phenomenon" else 0, "expansion": civ})
    return out


DISCS: dict[str, dict[str, Any]] = {d["id"]: d for d in _discs()}


def _exploration() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i in range(8):
        out.append({"id": f"virgin_{i}", "type": "virgin_worlds", "effect": {}})
        out.append({"id": f"discovery_{i}", "type": "discovery", "effect": {"gain": {RESOURCES[i % 3]: 1 + i % 2}}})
        out.append({"id": f"crisis_{i}", "type": "crisis", "effect": {"diplomacy": 4 + i % 3,
                                                                   "fail_lose_ships": 1}})
        out.append({"id": f"allies_{i}", "type": "allies", "effect": {"diplomacy": 4 + i % 2}})
        if i % 2:
            out.append({"id": f"prewarp_{i}", "type": "civilization",
                        "effect": {"pre_warp": {"production": 1 + i % 3}}})
        else:
            out.append({"id": f"warpciv_{i}", "type": "civilization", "effect": {"warp_level": 1 + i % 4}})
    for civ in CIVS[3:]:
        for k in range(10):
            out.append({"id": f"{civ}_exp_{k}", "type": "discovery", "expansion": civ,
                        "effect": {"gain": {RESOURCES[k % 3]: 1}}})
    return out


EXPLORATION: dict[str, dict[str, Any]] = {c["id"]: c for c in _exploration()}


def advancement_deck(civ: str) -> list[str]:
    return [a["id"] for a in ADVANCEMENTS.values() if a["civ"] == civ and not a["starting"]]


def discs_in_play(civs: list[str]) -> list[str]:
    return [d["id"] for d in DISCS.values() if d["expansion"] is None or d["expansion"] in civs]


def exploration_in_play(civs: list[str]) -> list[str]:
    return [c["id"] for c in EXPLORATION.values() if c.get("expansion") is None or c["expansion"] in civs]
