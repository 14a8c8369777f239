"""The Ionian Nebula's components (Exodus, bsg:R930-R985) from ``data/ionian.json``: the trauma tokens, the
Ally cards, the Crossroads cards and the Exodus basestar damage tokens. Every count and card is an authored
stand-in (RULINGS G150, G151), checked here as the other data files are (``content.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from games.bsg.engine.content import DATA_DIR, ContentError, DamageToken, Effect, _Loader

#: R940: the trauma symbols; a disaster is never held (R941)
BENEVOLENT = "benevolent"
ANTAGONISTIC = "antagonistic"
DISASTER = "disaster"
KINDS = (BENEVOLENT, ANTAGONISTIC, DISASTER)
#: R162: the Exodus basestar damage tokens that act when drawn
COLLATERAL = "collateral_damage"
PERSONNEL = "personnel_damage"
#: who draws trauma tokens in a ``draw_trauma`` effect
TRAUMA_PLAYERS = ("self", "cylons", "humans", "all")


@dataclass(frozen=True, slots=True)
class Ally:
    """An Ally card (R945): the character it shows (None: nobody a player may choose), the location of its
    token, its upper (benevolent) and lower (antagonistic) results."""

    id: str
    name: str
    character: str | None
    location: str
    benevolent: tuple[Effect, ...]
    antagonistic: tuple[Effect, ...]
    text_benevolent: str
    text_antagonistic: str

    def result(self, kind: str) -> tuple[Effect, ...]:
        return self.benevolent if kind == BENEVOLENT else self.antagonistic


@dataclass(frozen=True, slots=True)
class Crossroads:
    """A Crossroads card (R963-R966): a benevolent and an antagonistic result."""

    id: str
    name: str
    benevolent: tuple[Effect, ...]
    antagonistic: tuple[Effect, ...]
    text_benevolent: str
    text_antagonistic: str

    def result(self, kind: str) -> tuple[Effect, ...]:
        return self.benevolent if kind == BENEVOLENT else self.antagonistic


@dataclass(frozen=True, slots=True)
class IonianNebula:
    trauma: Mapping[str, int]
    player_draw: int
    allies_in_play: int
    trial_keep_above: int
    battle: Mapping[str, int]
    basestar_damage: tuple[DamageToken, ...]
    damage_texts: Mapping[str, str]
    damage_params: Mapping[str, int]
    allies: Mapping[str, Ally]
    crossroads: Mapping[str, Crossroads]

    def lookup(self, any_id: str) -> Ally | Crossroads:
        return self.allies[any_id] if any_id in self.allies else self.crossroads[any_id]


class _IonianLoader(_Loader):
    def load(self) -> IonianNebula:
        name = "ionian.json"
        raw = self.read(name, None)
        trauma_raw = self.need(name, raw, "trauma")
        trauma = {k: self.int_(f"{name}: trauma", trauma_raw, k, 0) for k in KINDS}
        if trauma[DISASTER] != 2:  # R941 B: "the other disaster token"
            raise ContentError(f"{name}: trauma: there are exactly 2 disaster tokens")
        battle_raw = self.need(name, raw, "battle")
        battle = {k: self.int_(f"{name}: battle", battle_raw, k, 0) for k in ("basestar", "raider", "vipers")}
        tokens, texts, params = [], {}, {}
        for i, t in enumerate(self.need(name, raw, "basestar_damage")):
            w = f"{name}: basestar_damage[{i}]"
            kind = self.one_of(w, self.need(w, t, "kind"), (COLLATERAL, PERSONNEL), "kind")
            tid = self.claim(w, self.need(w, t, "id"))
            tokens.append(DamageToken(tid, kind, None, MappingProxyType({}), 1, 0))
            texts[tid] = self.text(w, t)
            params[tid] = self.int_(w, t, "raiders_destroyed" if kind == COLLATERAL else "trauma_drawn", 1)
        allies: dict[str, Ally] = {}
        for i, a in enumerate(self.need(name, raw, "allies")):
            w = f"{name}: allies[{i}]"
            aid = self.claim(w, self.need(w, a, "id"))
            character = a.get("character")
            if character is not None and not isinstance(character, str):
                raise ContentError(f"{w}: character must be a character id or null")
            allies[aid] = Ally(aid, self.text(w, a, "name"), character, str(self.need(w, a, "location")),
                               *self._results(w, a))
        crossroads: dict[str, Crossroads] = {}
        for i, c in enumerate(self.need(name, raw, "crossroads")):
            w = f"{name}: crossroads[{i}]"
            cid = self.claim(w, self.need(w, c, "id"))
            crossroads[cid] = Crossroads(cid, self.text(w, c, "name"), *self._results(w, c))
        return IonianNebula(
            trauma=MappingProxyType(trauma), player_draw=self.int_(name, raw, "player_draw", 1),
            allies_in_play=self.int_(name, raw, "allies_in_play", 1),
            trial_keep_above=self.int_(name, raw, "trial_keep_above", 0),
            battle=MappingProxyType(battle), basestar_damage=tuple(tokens),
            damage_texts=MappingProxyType(texts), damage_params=MappingProxyType(params),
            allies=MappingProxyType(allies), crossroads=MappingProxyType(crossroads))

    def _results(self, where: str, entry: Mapping[str, Any]) -> tuple[Any, ...]:
        return (self.effects(f"{where}.benevolent", self.need(where, entry, "benevolent")),
                self.effects(f"{where}.antagonistic", self.need(where, entry, "antagonistic")),
                self.text(where, entry, "text_benevolent"), self.text(where, entry, "text_antagonistic"))

    def effect_refs(self, where: str, kind: str, params: Mapping[str, Any]) -> None:
        if kind == "draw_trauma":
            self.one_of(where, params["players"], TRAUMA_PLAYERS, "players")
        super().effect_refs(where, kind, params)


def check_refs(data: IonianNebula) -> None:
    """The characters and locations the Ally cards name exist (``content.py`` holds them)."""
    from games.bsg.engine.state import CONTENT

    for ally in data.allies.values():
        if ally.character is not None and ally.character not in CONTENT.characters:
            raise ContentError(f"ionian.json: {ally.id}: unknown character {ally.character!r}")
        if ally.location not in CONTENT.locations:
            raise ContentError(f"ionian.json: {ally.id}: unknown location {ally.location!r}")


@lru_cache(maxsize=1)
def ionian_content(directory: str = str(DATA_DIR)) -> IonianNebula:
    data = _IonianLoader(Path(directory)).load()
    check_refs(data)
    return data
