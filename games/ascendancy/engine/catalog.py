"""The content the engine core reads, behind one small interface, from ``data/*.json``.

The files are read only after ``content.content()`` (asc-data's typed loader) has validated every one of them
(ids, references, effect kinds and parameters, counts: ``data/SCHEMA.md``), so a broken data file stops the
import with a ``ContentError``. The engine still reads the plain shapes below (dicts, effects as in the JSON);
moving each reader to the typed records is a later, per-module change. Card effects are read where the
engine already plays them (``effects_of``).
"""

from __future__ import annotations

import json
from typing import Any

from games.ascendancy.engine import content

CONTENT = content.content()  # validated once; raises ContentError on a broken data file


def _load(name: str) -> Any:
    return json.loads((content.DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))


_TABLES: dict[str, Any] = _load("tables")
_CIVS: list[dict[str, Any]] = _load("civilizations")["civilizations"]

RESOURCES = ("production", "research", "culture")
NODE_TYPES = RESOURCES
OPEN = "open"

CIVS: tuple[str, ...] = tuple(c["id"] for c in _CIVS)
CIV: dict[str, dict[str, Any]] = {c["id"]: c for c in _CIVS}
STARTING_ADVANCEMENT: dict[str, str] = {c["id"]: c["starting_advancement"] for c in _CIVS}
WEAPONS: dict[str, list[dict[str, int]]] = {c["id"]: c["weapons"] for c in _CIVS}  # R17: level 0 first
SHIELDS: dict[str, list[dict[str, int]]] = {c["id"]: c["shields"] for c in _CIVS}

COSTS: dict[str, dict[str, int]] = {
    "ship": _TABLES["costs"]["ship"],  # R10
    "colonize": _TABLES["costs"]["colonize"],  # R12
    "authority": _TABLES["costs"]["authority"],  # R20
    "authority_easier": _TABLES["costs"]["authority_easier"],  # R151
    **{f"{k}_node": v for k, v in _TABLES["costs"]["node"].items()},  # R13
}
LANE_DIE: tuple[int, ...] = tuple(_TABLES["lane_die"])  # R55
START = _TABLES["start"]
START_EXTRA = _TABLES["start_extra_resources"]


def _disc(d: dict[str, Any]) -> dict[str, Any]:
    kind = {"planetary": "planet", "phenomenon": "phenomenon", "home": "home"}[d["kind"]]
    return {"id": d["id"], "kind": kind, "slots": list(d["slots"]), "max_lanes": int(d["max_lanes"]),
            "hazard": int(d["hazard"] or 0), "expansion": None if d["set"] == "base" else d["set"],
            "civ": d.get("civ"), "effects": d.get("effects", []), "transwarp": d.get("transwarp")}


DISCS: dict[str, dict[str, Any]] = {d["id"]: _disc(d) for d in _load("systems")["systems"]}
#: the 7 Borg discs (expansion "borg"): in a game only with the Borg (``borg.stack_discs``)
BORG_DISCS: dict[str, dict[str, Any]] = {d["id"]: _disc(d) for d in _load("borg_systems")["systems"]}
DISCS.update(BORG_DISCS)
HOMES: dict[str, dict[str, Any]] = {
    c["id"]: {"disc": c["home"], "slots": DISCS[c["home"]]["slots"], "max_lanes": DISCS[c["home"]]["max_lanes"]}
    for c in _CIVS
}


def _adv(a: dict[str, Any]) -> dict[str, Any]:
    return {"id": a["id"], "civ": a["civ"], "cost": int(a["cost"]), "category": a["category"],
            "warp": int(a["icons"]["warp"]), "command": int(a["icons"]["command"]),
            "culture": int(a["icons"]["culture"]), "starting": bool(a.get("starting", False)),
            "effects": a.get("effects", [])}


ADVANCEMENTS: dict[str, dict[str, Any]] = {a["id"]: _adv(a) for a in _load("advancements")["advancements"]}

#: The Borg Tech cards a player keeps in play (RULINGS B26, B47): those not discarded to use. Each is an
#: Advancement of the ``borg`` deck with no category and no icons: a Research cost makes it a Tech Project
#: (R262), a cost of 0 completes it at once. The discard-to-use cards stay in the player's ``borg_tech`` hand.
BORG_TECH_CIV = "borg"
BORG_TECH: dict[str, dict[str, Any]] = {t["id"]: t for t in _load("borg_tech")["borg_tech"]}
ADVANCEMENTS.update({
    t["id"]: {"id": t["id"], "civ": BORG_TECH_CIV, "cost": int(t["cost"]), "category": None, "warp": 0, "command": 0,
              "culture": 0, "starting": False, "effects": t.get("effects", [])}
    for t in BORG_TECH.values() if not t["discard"]})

FLEETS: dict[str, list[dict[str, Any]]] = {c: [] for c in CIVS}  # R124
FLEET_SIDES: dict[str, dict[str, Any]] = {}
for _f in _load("fleets")["fleets"]:
    FLEETS[_f["civ"]].append({"id": _f["id"], "sides": [
        {"side": s["id"], "min": int(s["min_ships"]), "max": int(s["max_ships"]), "effects": s.get("effects", [])}
        for s in _f["sides"]]})
    for _s in _f["sides"]:
        FLEET_SIDES[_s["id"]] = _s

TRADE: dict[str, list[dict[str, int]]] = {c: [] for c in CIVS}  # R78; index = card number - 1
TRADE_FORMULA: dict[str, str | None] = {}
for _t in _load("trade_agreements")["trade_agreements"]:
    TRADE[_t["civ"]].append(dict(_t["value"]))
    TRADE_FORMULA[_t["civ"]] = _t.get("formula")

AGENDAS: dict[str, dict[str, Any]] = {a["id"]: a for a in _load("agendas")["agendas"]}  # R200

EXPLORATION: dict[str, dict[str, Any]] = {}
for _c in _load("exploration")["exploration"]:
    EXPLORATION[_c["id"]] = {**_c, "expansion": None if _c["set"] == "base" else _c["set"]}
#: the 20 Borg Exploration cards (expansion "borg"): shuffled in only with the Borg (``borg.setup_borg``)
BORG_EXPLORATION: dict[str, dict[str, Any]] = {
    _c["id"]: {**_c, "expansion": "borg"} for _c in _load("borg_exploration")["borg_exploration"]}
EXPLORATION.update(BORG_EXPLORATION)


def advancement_deck(civ: str) -> list[str]:
    """R6 setup: the civ's 15 cards but the Starting Advancement (RULINGS A3)."""
    return [a["id"] for a in ADVANCEMENTS.values() if a["civ"] == civ and not a["starting"]]


def discs_in_play(civs: list[str]) -> list[str]:
    """The disc stack: base discs and the 9 of each expansion civilization in play, never a home."""
    return [d["id"] for d in DISCS.values() if d["kind"] != "home" and (d["expansion"] is None
                                                                         or d["expansion"] in civs)]


def exploration_in_play(civs: list[str]) -> list[str]:
    return [c["id"] for c in EXPLORATION.values() if c["expansion"] is None or c["expansion"] in civs]


def effects_of(card: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = ADVANCEMENTS[card]["effects"]
    return found
