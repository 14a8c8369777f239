"""Card content: loads and validates the JSON files under ``data/`` once, at import (format: data/SCHEMA.md).

Cards in the game state are *instances* ``"<card id>#<n>"`` (``crewman#3``): several copies of one card
share the card id and its data. ``card(instance)`` finds the data of any instance.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent / "data"

STATS = ("attack", "speed", "diplomacy", "defense", "shields")
PLAYER_TYPES = ("character", "maneuver", "setup", "special")
TYPES = (*PLAYER_TYPES, "borg", "ship", "mission", "event", "cube", "ally", "influence")
GOAL_KEYS = (*STATS, "characters", "team_allies")
#: Effect verbs and the arguments each takes (SCHEMA.md "Effects").
VERBS: dict[str, tuple[str, ...]] = {
    "xp": ("amount",), "draw": ("amount",), "search": ("amount",), "explore": ("amount",),
    "repair": ("amount",), "damage": ("amount",), "ensign": (), "mill": ("amount",), "borg": ("amount",),
    "return_borg": ("amount",), "explore_now": ("amount",), "blockade": ("amount",),
    "boost": ("amount", "stat"),
}
EFFECT_FLAGS = ("all", "plus_borg")
CARD_KEYS = {
    "id", "name", "type", "cost", "copies", "affiliation", "classification", "status", "effects", "text", "quote",
    "mp", "goal", "reward", "failure", "flip", "war", "locutus", "invasion", "arbiter", "strike", "battle_bonus",
    "romulan", "ability", "ability_text",
}


class ContentError(Exception):
    """A data file breaks SCHEMA.md."""


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    type: str
    cost: int = 0
    copies: int = 1
    affiliation: str = ""
    classification: str = ""
    status: dict[str, int] = field(default_factory=dict)
    effects: tuple[dict[str, Any], ...] = ()
    mp: int = 0
    goal: dict[str, int] | None = None
    reward: tuple[dict[str, Any], ...] = ()
    failure: tuple[dict[str, Any], ...] = ()
    flip: tuple[dict[str, Any], ...] = ()
    war: bool = False
    locutus: bool = False
    invasion: int = 0
    arbiter: bool = False
    strike: int = 0
    battle_bonus: dict[str, int] = field(default_factory=dict)
    romulan: bool = False
    ability: tuple[dict[str, Any], ...] = ()

    def stat(self, name: str) -> int:
        return int(self.status.get(name, 0))


def _check_effects(where: str, effects: Any) -> tuple[dict[str, Any], ...]:
    if not isinstance(effects, list):
        raise ContentError(f"{where}: effects must be a list")
    out = []
    for eff in effects:
        verb = eff.get("verb")
        if verb not in VERBS:
            raise ContentError(f"{where}: unknown verb {verb!r}")
        extra = set(eff) - {"verb", *VERBS[verb], *EFFECT_FLAGS}
        if extra:
            raise ContentError(f"{where}: unknown keys {sorted(extra)} for {verb}")
        if verb != "ensign" and not isinstance(eff.get("amount"), int):
            raise ContentError(f"{where}: {verb} needs an integer amount")
        if verb == "boost" and eff.get("stat") not in STATS:
            raise ContentError(f"{where}: boost needs a stat")
        out.append(dict(eff))
    return tuple(out)


def parse_card(raw: dict[str, Any]) -> Card:
    cid = raw.get("id", "?")
    extra = set(raw) - CARD_KEYS
    if extra:
        raise ContentError(f"{cid}: unknown keys {sorted(extra)}")
    if raw.get("type") not in TYPES:
        raise ContentError(f"{cid}: bad type {raw.get('type')!r}")
    status = dict(raw.get("status", {}))
    if set(status) - set(STATS):
        raise ContentError(f"{cid}: bad status {status}")
    goal = raw.get("goal")
    if goal is not None and set(goal) - set(GOAL_KEYS):
        raise ContentError(f"{cid}: bad goal {goal}")
    return Card(
        id=cid, name=raw["name"], type=raw["type"], cost=int(raw.get("cost", 0)), copies=int(raw.get("copies", 1)),
        affiliation=raw.get("affiliation", ""), classification=raw.get("classification", ""), status=status,
        effects=_check_effects(cid, raw.get("effects", [])), mp=int(raw.get("mp", 0)),
        goal=dict(goal) if goal is not None else None, reward=_check_effects(cid, raw.get("reward", [])),
        failure=_check_effects(cid, raw.get("failure", [])), flip=_check_effects(cid, raw.get("flip", [])),
        war=bool(raw.get("war", False)), locutus=bool(raw.get("locutus", False)),
        invasion=int(raw.get("invasion", 0)), arbiter=bool(raw.get("arbiter", False)),
        strike=int(raw.get("strike", 0)), battle_bonus=dict(raw.get("battle_bonus", {})),
        romulan=bool(raw.get("romulan", False)), ability=_check_effects(cid, raw.get("ability", [])),
    )


class Content:
    def __init__(self) -> None:
        self.cards: dict[str, Card] = {}
        start = self._load("starting.json")
        self.starting_deck = [self._add(c) for c in start["starting_deck"]]
        self.basic = [self._add(c) for c in start["basic_characters"]]
        self.ensign = self._add(start["ensign"])
        self.starting_ship = self._add(start["starting_ship"])
        self.starbase = [self._add(c) for c in self._load("starbase.json")["cards"]]
        self.ships = [self._add(c) for c in self._load("ships.json")["ships"]]
        self.space_sets: dict[str, list[Card]] = {}
        self.start_ships: dict[str, list[Card]] = {}
        self.space_sets["exploration"] = [self._add(c) for c in self._load("exploration.json")["space_cards"]]
        borg = self._load("borg_invasion.json")
        self.space_sets["borg"] = [self._add(c) for c in borg["space_cards"]]
        self.borg_card = self._add(borg["borg_card"])
        self.start_ships["borg"] = [self._add(c) for c in borg["starting_ships"]]
        kl = self._load("klingon_civil_war.json")
        self.space_sets["klingon"] = [self._add(c) for c in kl["space_cards"]]
        self.start_ships["klingon"] = [self._add(c) for c in kl["starting_ships"]]
        self.start_ships["exploration"] = [self.starting_ship]
        for name, cards in self.space_sets.items():
            if sum(c.copies for c in cards) != 25:
                raise ContentError(f"the {name} set must have 25 cards")
        if len(self.ships) != 15:
            raise ContentError("there must be 15 ships")

    @staticmethod
    def _load(name: str) -> Any:
        return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))

    def _add(self, raw: dict[str, Any]) -> Card:
        c = parse_card(raw)
        if c.id in self.cards:
            raise ContentError(f"duplicate card id {c.id}")
        self.cards[c.id] = c
        return c

    def all_effects(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for c in self.cards.values():
            out += [*c.effects, *c.reward, *c.failure, *c.flip, *c.ability]
        return out


CONTENT = Content()


def card(instance: str) -> Card:
    return CONTENT.cards[instance.split("#", 1)[0]]


def instances(c: Card, count: int | None = None) -> list[str]:
    return [f"{c.id}#{i}" for i in range(1, (c.copies if count is None else count) + 1)]
