"""Star Trek: Ascendancy content: typed, frozen records loaded from the JSON files under ``data/``.

The formats are described in ``data/SCHEMA.md``. ``content()`` loads the packaged files once and caches them;
``load(path)`` reads any directory laid out the same way (tests use it on broken copies). Every problem found
raises ``ContentError`` naming the file and the entry.

Pure standard library: the engine imports this, never Django.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from games.engine.core import content_files
from games.engine.core.content_files import ContentFiles

DATA_DIR = Path(__file__).resolve().parent / "data"

CIVS = ("federation", "klingon", "romulan", "andorian", "cardassian", "ferengi", "vulcan")
BASE_CIVS = ("federation", "klingon", "romulan")
SETS = ("base", "andorian", "cardassian", "ferengi", "vulcan")
#: the Borg Assimilation expansion's set: its discs and Exploration cards join a game only with the Borg
BORG_SET = "borg"
RESOURCES = ("production", "research", "culture")
SLOT_TYPES = (*RESOURCES, "open")
CATEGORIES = ("science", "engineering", "military", "diplomacy", "espionage", "trade", "exploration")
DISC_KINDS = ("home", "planetary", "phenomenon")
CARD_TYPES = ("crisis", "discovery", "virgin_worlds", "ally", "civilization")
VICTORIES = ("authority", "military", "agenda")

ADVANCEMENTS_PER_CIV = 15
FLEET_CARDS_PER_CIV = 3
TRADE_AGREEMENTS_PER_CIV = 3
AGENDA_COUNT = 10
EXPLORATION_PER_SET = {"base": 30, "andorian": 10, "cardassian": 10, "ferengi": 10, "vulcan": 10}
#: (planetary, phenomena) discs per set, homes not counted
DISCS_PER_SET = {
    "base": (24, 10),
    "andorian": (6, 3),
    "cardassian": (6, 3),
    "ferengi": (6, 3),
    "vulcan": (6, 3),
}

# The Borg (R216-R275): counts of the Borg Assimilation box
BORG_COMMANDS = 30
BORG_COMMANDS_RED = 5
BORG_EXPLORATION = 20
BORG_EXPLORATION_RED = 10
BORG_TECH = 20
#: the 7 Borg discs: Planetary, Phenomena that are not transwarp discs, Conduits, the Hub
BORG_DISCS = {"planetary": 2, "phenomenon": 2, "conduit": 2, "hub": 1}
TRANSWARP = ("hub", "conduit")
#: what a Borg Command card's movement may aim at (R244, R245); SCHEMA.md "borg_commands.json"
BORG_TARGETS = (
    "starbase",
    "developed",
    "home",
    "fleet",
    "ships",
    "research_node",
    "production_node",
    "culture_node",
    "independent",
    "leader",
    "spire",
    "first_player_home",
)
#: the effect kinds a Borg Command card may carry, and only it may carry the first five
BORG_COMMAND_ONLY = ("hold", "engage", "aggression", "extra_turn", "hub_cube")
BORG_COMMAND_KINDS = (*BORG_COMMAND_ONLY, "spire_nodes")

WHEN = (
    "passive",
    "on_complete",
    "generation",
    "turn_start",
    "build",
    "command_phase",
    "own_turn",
    "any_time",
    "on_win_battle",
    "on_enemy_destroyed",
    "on_discover_phenomenon",
    "on_discover_system",
    "on_draw_civilization",
    "on_colonize",
    "on_take_control",
    "on_hazard_survived",
)
#: ``when`` values of an ability the owner chooses to use (the others are triggers or continuous)
ACTIVATED = ("build", "command_phase", "own_turn", "any_time")
#: kinds that are actions: they need an activated ``when`` (or ``on_complete`` for a one-off)
ACTION_KINDS = (
    "convert",
    "mine_phenomenon",
    "cancel_battle",
    "destroy_ship",
    "swap_fleets",
    "place_token",
    "move_ambassador",
    "place_ambassador",
    "move_rival_ships",
    "swap_home",
    "exhaust_rival_card",
    "peek_deck",
    "redraw_command",
    "no_regeneration",
    "cube_damage",
    "absorb_hits",
    "cancel_assimilation",
    "evade_engagement",
    "hold_adaptation",
)
SCOPES = (
    "all",
    "space_battle",
    "invasion_attack",
    "invasion_defense",
    "hazard",
    "hegemony",
    "borg_battle",
    "assimilation",
    "reclaim",
)
LIMITS = ("once_per_turn", "once_per_round")
ENVELOPE = ("kind", "when", "commands", "cost", "exhaust", "scope", "limit")
COUNTERS = (
    "starbase",
    "ship_orbiting_rival",
    "phenomenon_with_ship",
    "trade_agreement_held",
    "ambassador",
    "warp_civilization_controlled",
)
COST_ITEMS = (
    "ship",
    "node_production",
    "node_research",
    "node_culture",
    "colonize",
    "authority",
    "hegemony",
    "upgrade_weapons",
    "upgrade_shields",
)
BUILD_SITES = ("controlled", "controlled_with_node_production")

#: effect kind -> (required params, optional params); see SCHEMA.md "Effect kinds"
EFFECT_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # resources and economy
    "gain": (("bundle",), ("per",)),
    "lose": ((), ("bundle", "all")),
    "convert": (("pay", "get"), ()),
    "cost_change": (("item", "bundle"), ()),
    "pay_with": (("item", "pay", "instead"), ()),
    "base_commands": (("amount",), ()),
    "project_limit": (("amount",), ()),
    "launch": (("draw", "from"), ()),
    "mine_phenomenon": (("bundle",), ()),
    # combat and hazards
    "shield": (("amount",), ()),
    "always_hit": (("face",), ()),
    "extra_dice": (("amount",), ()),
    "starbase_dice": (("amount",), ()),
    "reroll": (("dice", "filter", "who"), ()),
    "first_strike": ((), ()),
    "node_strike": (("per_ship",), ()),
    "annexation": ((), ()),
    "sacrifice_attack": (("ratio",), ()),
    "mines": (("target",), ()),
    "cancel_battle": ((), ()),
    "destroy_ship": (("amount",), ()),
    "capture_ship": (("amount",), ()),
    "hazard_roll": (("amount",), ()),
    "hazard_one_at_a_time": ((), ()),
    "never_retreat": ((), ()),
    # movement and map
    "impulse": (("amount",), ()),
    "free_warp_entry": ((), ()),
    "pass_rivals": (("stop",), ()),
    "swap_fleets": ((), ()),
    "place_token": (("token",), ()),
    "place_system": ((), ()),
    "refresh_commands": (("amount",), ()),
    # build, control, influence
    "build_site": (("what", "where"), ()),
    "colonize": ((), ("ships", "disband", "need_occupy", "authority")),  # its price is the envelope's cost
    "free_node": (("node",), ()),
    "hegemony_roll": (("amount",), ()),
    "hegemony_no_authority": ((), ()),
    "diplomacy_roll": (("amount",), ()),
    "resistance": (("amount",), ()),
    "no_invasion": ((), ()),
    "no_colonize_pre_warp": ((), ()),
    "no_culture_nodes": ((), ()),
    "production_anywhere": ((), ()),
    "occupation": ((), ()),
    "pride": ((), ()),
    "never_defeated": (("bundle", "min_ships"), ()),
    "distrust": ((), ()),
    "independence": (("amount",), ()),
    "logical_observers": ((), ()),
    "vulcan_colonization": ((), ()),
    "move_ambassador": (("to",), ()),
    "place_ambassador": ((), ()),
    "ambassador_defense": (("amount",), ()),
    "move_rival_ships": ((), ()),
    "swap_home": ((), ()),
    "exhaust_rival_card": (("category",), ()),
    "peek_deck": (("deck", "count"), ()),
    # encounters
    "destroy_ships": (("count",), ("unless",)),
    "face_hazard": (("level",), ()),
    "research_tokens": (("amount",), ()),
    "control_ships": ((), ()),
    "advance_project": (("amount",), ()),
    "complete_project": ((), ()),
    "nodes": (("node", "count"), ()),
    "lose_authority": (("amount",), ()),
    # the Borg: players' cards against them (Borg Tech cards, allies)
    "borg_shields": ((), ()),
    "adaptive_shield": (("amount",), ()),
    "hit_roll": (("amount",), ()),
    "no_regeneration": ((), ()),
    "cube_damage": (("amount",), ()),
    "absorb_hits": (("amount",), ()),
    "cancel_assimilation": ((), ()),
    "evade_engagement": ((), ()),
    "hold_adaptation": ((), ()),
    "redraw_command": ((), ()),
    # the Borg: encounters (Borg Exploration cards and discs)
    "nearest_cube": ((), ()),
    "new_cube": ((), ()),
    "place_spire": (("nodes",), ()),
    "spire_nodes": (("amount", "spires"), ()),
    "tech_card": (("amount",), ()),
    "hub_roll": ((), ()),
    # the Borg: Command cards only (BORG_COMMAND_ONLY)
    "hold": ((), ()),
    "engage": ((), ()),
    "aggression": ((), ()),
    "extra_turn": ((), ()),
    "hub_cube": ((), ()),
}

GOAL_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "rival_advancements": (("count", "owners"), ()),
    "ambassadors": (("count",), ()),
    "trade_agreements": (("count",), ()),
    "peace_with_all": ((), ()),
    "controlled_systems": (("count",), ()),
    "systems_with_node": (("node", "count"), ()),
    "advancements": (("count",), ("category",)),
    "phenomena_research": (("count",), ()),
    "resources": (("bundle",), ()),
    "independents_peaceful": (("count",), ()),
}



class ContentError(content_files.ContentError):
    """A data file breaks SCHEMA.md. The message names the file and the entry."""


# --------------------------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class Bundle:
    """An amount of each resource. Only ``cost_change`` bundles may hold negative numbers."""

    production: int = 0
    research: int = 0
    culture: int = 0

    def get(self, resource: str) -> int:
        return int(getattr(self, resource))

    def as_dict(self) -> dict[str, int]:
        """The non-zero amounts, as in the JSON files."""
        return {r: self.get(r) for r in RESOURCES if self.get(r)}

    @property
    def total(self) -> int:
        return self.production + self.research + self.culture


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    when: str = "passive"
    commands: int = 0
    cost: Bundle = Bundle()
    exhaust: bool = False
    scope: str = "all"
    limit: str | None = None
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)


@dataclass(frozen=True, slots=True)
class TrackLevel:
    value: int  # Weapons: the roll needed to hit; Shields: the modifier
    cost: int  # Research to move to this level (level 0: 0)


@dataclass(frozen=True, slots=True)
class ConsoleRule:
    id: str
    name: str
    rule: str
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Civilization:
    id: str
    name: str
    set: str
    home: str
    starting_advancement: str
    authority: int
    commands: int
    starbases: int
    ambassadors: int
    can_win: tuple[str, ...]
    weapons: tuple[TrackLevel, ...]
    shields: tuple[TrackLevel, ...]
    rules: tuple[ConsoleRule, ...]


@dataclass(frozen=True, slots=True)
class Advancement:
    id: str
    civ: str
    name: str
    category: str
    cost: int
    starting: bool
    warp: int
    command: int
    culture: int
    effects: tuple[Effect, ...]
    text: str
    rule: str = ""
    refers_to_owner: bool = False


@dataclass(frozen=True, slots=True)
class FleetSide:
    id: str
    card: str
    name: str
    min_ships: int
    max_ships: int
    effects: tuple[Effect, ...]
    text: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class FleetCard:
    id: str
    civ: str
    number: int
    sides: tuple[FleetSide, FleetSide]


@dataclass(frozen=True, slots=True)
class TradeAgreement:
    id: str
    civ: str
    value: Bundle
    formula: str | None = None  # "ferengi": R194


@dataclass(frozen=True, slots=True)
class SystemDisc:
    id: str
    name: str
    kind: str
    set: str
    slots: tuple[str, ...]
    max_lanes: int
    hazard: int | None
    effects: tuple[Effect, ...] = ()
    civ: str | None = None
    transwarp: str | None = None  # Borg discs: "hub" or "conduit" (R248)

    @property
    def capacity(self) -> int:
        return len(self.slots)

    @property
    def hazardous(self) -> bool:
        return self.hazard is not None


@dataclass(frozen=True, slots=True)
class DiplomacyTest:
    number: int
    on_pass: tuple[Effect, ...]
    on_fail: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Encounter:
    """The civilization found by a ``civilization`` card (R69-R71)."""

    stage: str  # "pre_warp" or "warp"
    level: int = 0
    nodes: int = 0
    tokens: Bundle = Bundle()


@dataclass(frozen=True, slots=True)
class ColonizeTerms:
    cost: Bundle | None
    ships: int | None
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class AllyTerms:
    trade: Bundle | None
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ExplorationCard:
    id: str
    name: str
    type: str
    set: str
    effects: tuple[Effect, ...]
    remains_in_play: bool
    recurring: str | None
    solo_excluded: bool
    text: str
    diplomacy: DiplomacyTest | None = None
    civilization: Encounter | None = None
    colonize: ColonizeTerms | None = None
    ally: AllyTerms | None = None
    rule: str = ""
    red: bool = False  # Borg cards with the red symbol: Delta Quadrant games only (§2.3)


@dataclass(frozen=True, slots=True)
class BorgMove:
    """The movement of a Borg Command card (R244): toward the nearest ``target``, through up to ``warp``
    systems; ``cubes`` "this" (the drawing Cube) or "all" (every Cube in play, R225); ``stop``
    "developed": the move ends at the first Developed system entered."""

    target: str
    warp: int
    cubes: str = "this"
    stop: str | None = None


@dataclass(frozen=True, slots=True)
class BorgCommand:
    id: str
    name: str
    red: bool
    move: BorgMove | None  # None: the Cube does not move because of this card (a ``hold`` card)
    effects: tuple[Effect, ...]
    text: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class BorgTech:
    id: str
    name: str
    cost: int  # 0: straight to the Advancements Area; else Research to complete it as a Project (R262)
    discard: bool  # its ability is used by discarding it (to the bottom of the Tech deck)
    effects: tuple[Effect, ...]
    text: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class BorgBoard:
    """The Borg Command Board, the Cube Board and the Borg pieces (``borg_board.json``)."""

    pieces: Mapping[str, int]
    spire_max_nodes: int
    spire_nodes_for_cube: int
    spire_build_order: str
    defeat_spires: int
    defeat_spires_three_spires: int
    hit_roll: tuple[int, ...]  # index = Spires in play (R232)
    hub_dice: int
    hub_cube_on: tuple[int, ...]
    hub_cube_on_five_up: tuple[int, ...]
    dice: int
    regenerate_face: int
    shield_start: int
    shield_per_round: int
    shield_max: int
    forced_retreat_hit: int
    first_strike_rounds: int
    rewards: Mapping[str, int]
    starbase_assimilated_spire_nodes: int
    safe_exploration_per_player: int
    safe_exploration_out_there: int
    humble_origins_factor: int
    hub_distance_cm: int
    hub_distance_choices: tuple[int, ...]

    def hit(self, spires: int) -> int:
        """The roll a Borg die needs to hit with ``spires`` Spires in play (R232)."""
        return self.hit_roll[min(max(spires, 0), len(self.hit_roll) - 1)]


@dataclass(frozen=True, slots=True)
class Agenda:
    id: str
    name: str
    goal: str
    params: Mapping[str, Any]
    text: str


@dataclass(frozen=True, slots=True)
class Tables:
    ship_cost: Bundle
    colonize_cost: Bundle
    colonize_ships: int
    node_costs: Mapping[str, Bundle]
    authority_cost: Bundle
    authority_cost_easier: Bundle
    hegemony_attempt: Bundle
    hegemony_control: Bundle
    ferengi_culture: Bundle
    vulcan_colonize_authority: int
    commands: Mapping[str, int]
    start_resources: Bundle
    start_authority: int
    start_commands: int
    start_ships: int
    start_weapons_hit: int
    start_shields: int
    start_extra_resources: Bundle
    limits: Mapping[str, int]
    impulse_sectors: int
    retreat_sectors: int
    maneuver_sectors: int
    launch_projects_draw: int
    focused_research_choose: int
    lane_die: tuple[int, ...]
    lane_lengths: tuple[int, ...]
    victory_authority: int
    victory_home_systems: int
    starting_systems_per_player: int
    independent_hit_base: int


@dataclass(frozen=True, slots=True)
class Content:
    tables: Tables
    civilizations: Mapping[str, Civilization]
    advancements: Mapping[str, Advancement]
    fleets: Mapping[str, FleetCard]
    fleet_sides: Mapping[str, FleetSide]
    trade_agreements: Mapping[str, TradeAgreement]
    systems: Mapping[str, SystemDisc]
    exploration: Mapping[str, ExplorationCard]
    agendas: Mapping[str, Agenda]
    borg: BorgBoard
    borg_commands: Mapping[str, BorgCommand]
    borg_tech: Mapping[str, BorgTech]

    def civ(self, civ_id: str) -> Civilization:
        return self.civilizations[civ_id]

    def advancements_of(self, civ: str) -> tuple[Advancement, ...]:
        return tuple(a for a in self.advancements.values() if a.civ == civ)

    def advancement_deck(self, civ: str) -> tuple[str, ...]:
        """The ids of a civ's advancements that are shuffled into its deck (all but the starting one)."""
        return tuple(a.id for a in self.advancements.values() if a.civ == civ and not a.starting)

    def fleets_of(self, civ: str) -> tuple[FleetCard, ...]:
        return tuple(sorted((f for f in self.fleets.values() if f.civ == civ), key=lambda f: f.number))

    def trade_agreements_of(self, civ: str) -> tuple[TradeAgreement, ...]:
        return tuple(t for t in self.trade_agreements.values() if t.civ == civ)

    def home_of(self, civ: str) -> SystemDisc:
        return self.systems[self.civilizations[civ].home]

    def sets_for(self, civs: Iterable[str], borg: bool = False) -> tuple[str, ...]:
        """The content sets a game with these civilizations uses: always ``base``, plus each expansion civ's,
        plus ``borg`` in a game with the Borg."""
        chosen = set(civs)
        found = tuple(s for s in SETS if s == "base" or s in chosen)
        return (*found, BORG_SET) if borg else found

    def stack_discs(self, sets: Iterable[str], hub: bool = False) -> tuple[SystemDisc, ...]:
        """Every non-home disc of the given sets (§2.1 step 10), in file order. The Transwarp Hub only with
        ``hub`` (it is shuffled in only with the Delta Quadrant Probe, §2.4; RULINGS A30)."""
        wanted = set(sets)
        return tuple(
            d
            for d in self.systems.values()
            if d.set in wanted and d.kind != "home" and (hub or d.transwarp != "hub")
        )

    def exploration_cards(
        self, sets: Iterable[str], solo: bool = False, red: bool = False
    ) -> tuple[ExplorationCard, ...]:
        """The Exploration deck of the given sets, in file order (without rival-referencing cards when solo;
        the red Borg cards only with ``red``, Delta Quadrant games, §2.3)."""
        wanted = set(sets)
        return tuple(
            c
            for c in self.exploration.values()
            if c.set in wanted and not (solo and c.solo_excluded) and (red or not c.red)
        )

    def borg_command_deck(self, red: bool) -> tuple[str, ...]:
        """The Borg Command cards of a game, in file order: the red ones only in Delta Quadrant games."""
        return tuple(c.id for c in self.borg_commands.values() if red or not c.red)

    def borg_tech_deck(self) -> tuple[str, ...]:
        return tuple(self.borg_tech)

    def hub(self) -> SystemDisc:
        return next(d for d in self.systems.values() if d.transwarp == "hub")

    def lookup(self, any_id: str) -> Any:
        """The record with this id, whatever its kind (ids are unique across all files)."""
        for table in (
            self.civilizations,
            self.advancements,
            self.fleets,
            self.fleet_sides,
            self.trade_agreements,
            self.systems,
            self.exploration,
            self.agendas,
            self.borg_commands,
            self.borg_tech,
        ):
            if any_id in table:
                return table[any_id]
        raise KeyError(any_id)


# --------------------------------------------------------------------------------------------- loading


@functools.cache
def content() -> Content:
    """The packaged content, loaded and validated once."""
    return load(DATA_DIR)


def load(directory: Path | str) -> Content:
    """Load and validate every data file of ``directory``; raises ``ContentError`` on the first problem."""
    return _Loader(Path(directory)).run()


class _Loader(ContentFiles):
    error = ContentError

    # ---- helpers (reading files and claiming ids: ContentFiles)
    @staticmethod
    def keys(where: str, obj: Any, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
        if not isinstance(obj, dict):
            raise ContentError(f"{where}: must be an object")
        req = set(required)
        missing = req - set(obj)
        if missing:
            raise ContentError(f"{where}: missing {sorted(missing)}")
        extra = set(obj) - req - set(optional)
        if extra:
            raise ContentError(f"{where}: unknown keys {sorted(extra)}")
        return obj

    @staticmethod
    def int_(where: str, value: Any, lo: int | None = None, hi: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ContentError(f"{where}: {value!r} is not an integer")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise ContentError(f"{where}: {value} is outside {lo}..{hi}")
        return value

    @staticmethod
    def str_(where: str, value: Any, choices: Iterable[str] | None = None) -> str:
        if not isinstance(value, str) or not value:
            raise ContentError(f"{where}: {value!r} is not a non-empty string")
        if choices is not None and value not in tuple(choices):
            raise ContentError(f"{where}: {value!r} is not one of {sorted(choices)}")
        return value

    @staticmethod
    def bool_(where: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise ContentError(f"{where}: {value!r} is not true/false")
        return value

    def bundle(self, where: str, value: Any, negative: bool = False) -> Bundle:
        if not isinstance(value, dict):
            raise ContentError(f"{where}: a bundle must be an object of resources")
        for r, n in value.items():
            if r not in RESOURCES:
                raise ContentError(f"{where}: {r!r} is not a resource")
            self.int_(f"{where}.{r}", n, None if negative else 0)
        return Bundle(**value)

    # ---- effects
    def effect(self, where: str, raw: Any, command: bool = False) -> Effect:
        if not isinstance(raw, dict) or "kind" not in raw:
            raise ContentError(f"{where}: an effect must be an object with a kind")
        kind = raw["kind"]
        if kind not in EFFECT_KINDS:
            raise ContentError(f"{where}: unknown effect kind {kind!r}")
        if command and kind not in BORG_COMMAND_KINDS:
            raise ContentError(f"{where}: {kind!r} is not a Borg Command effect ({list(BORG_COMMAND_KINDS)})")
        if kind in BORG_COMMAND_ONLY and not command:
            raise ContentError(f"{where}: {kind!r} belongs on Borg Command cards only")
        where = f"{where} ({kind})"
        required, optional = EFFECT_KINDS[kind]
        self.keys(where, raw, ("kind", *required), (*ENVELOPE, *optional))
        params = {k: self.param(where, kind, k, raw[k]) for k in raw if k not in ENVELOPE}
        when = self.str_(f"{where}.when", raw.get("when", "passive"), WHEN)
        commands = self.int_(f"{where}.commands", raw.get("commands", 0), 0, 3)
        if (commands > 0) != (when == "command_phase"):
            raise ContentError(f"{where}: Commands are paid exactly by command_phase abilities")
        if raw.get("exhaust") and when not in ACTIVATED:
            raise ContentError(f"{where}: only an ability the owner uses can exhaust its card")
        if "limit" in raw and not when.startswith("on_"):
            raise ContentError(f"{where}: a limit applies to a triggered effect (when on_...)")
        if kind in ACTION_KINDS and when not in (*ACTIVATED, "on_complete"):
            raise ContentError(f"{where}: {kind} is an action and needs when = one of {list(ACTIVATED)}")
        return Effect(
            kind=kind,
            when=when,
            commands=commands,
            cost=self.bundle(f"{where}.cost", raw.get("cost", {})),
            exhaust=self.bool_(f"{where}.exhaust", raw.get("exhaust", False)),
            scope=self.str_(f"{where}.scope", raw.get("scope", "all"), SCOPES),
            limit=self.str_(f"{where}.limit", raw["limit"], LIMITS) if "limit" in raw else None,
            params=MappingProxyType(params),
        )

    def effects(self, where: str, raw: Any, command: bool = False) -> tuple[Effect, ...]:
        if not isinstance(raw, list):
            raise ContentError(f"{where}: effects must be a list")
        return tuple(self.effect(f"{where} effect {i + 1}", e, command) for i, e in enumerate(raw))

    def param(self, where: str, kind: str, name: str, value: Any) -> Any:  # noqa: C901, PLR0911, PLR0912
        at = f"{where}.{name}"
        if name == "pay" and kind == "pay_with":
            return self.str_(at, value, RESOURCES)
        if name in ("bundle", "pay", "get"):
            if kind == "convert" and name in ("pay", "get"):
                b = self.bundle(at, value)
                if not b.total:
                    raise ContentError(f"{at}: must not be empty")
                return b
            return self.bundle(at, value, negative=(kind == "cost_change"))
        if name == "amount" and kind == "adaptive_shield":
            return self.int_(at, value, -4, -1)
        if name == "amount" and kind == "hit_roll":
            return self.int_(at, value, 1, 3)
        if name == "nodes":
            return self.int_(at, value, 0, 3)
        if name in ("amount", "per_ship", "ratio", "min_ships", "draw"):
            lo = -6 if kind in ("shield", "hazard_roll", "hegemony_roll", "diplomacy_roll") else 1
            return self.int_(at, value, lo, 10)
        if name in ("ships", "authority"):
            return self.int_(at, value, 0, 5)
        if name in ("stop", "disband", "need_occupy", "all"):
            return self.bool_(at, value)
        choices: dict[str, tuple[str, ...]] = {
            "per": COUNTERS,
            "item": COST_ITEMS,
            "instead": RESOURCES,
            "from": ("own", "rivals"),
            "filter": ("any", "misses", "ones", "hits"),
            "who": ("own", "enemy"),
            "token": ("recon",),
            "what": ("ships", "fleets"),
            "where": BUILD_SITES,
            "node": (*SLOT_TYPES[:3], "any"),
            "to": ("adjacent", "connected_controlled"),
            "category": (*CATEGORIES, "any", "trade_agreement"),
            "deck": ("exploration", "systems", "borg_commands"),
            "spires": ("all", "here"),
            "unless": ("upgraded",),
        }
        if name in choices:
            return self.str_(at, value, choices[name])
        if name == "face":
            return self.int_(at, value, 1, 6)
        if name in ("target", "level"):
            return self.int_(at, value, 1, 7)
        if name == "dice":
            return value if value == "all" else self.int_(at, value, 1, 10)
        if name == "count":
            return value if value == "all" and kind == "destroy_ships" else self.int_(at, value, 1, 10)
        raise ContentError(
            f"{at}: no rule to check parameter {name!r}"
        )  # pragma: no cover - table above is closed

    # ---- files
    def run(self) -> Content:
        tables = self.tables()
        advancements = self.advancements()
        civs = self.civilizations(advancements)
        fleets, sides = self.fleets()
        trade = self.trade_agreements()
        systems = self.systems()
        exploration = self.exploration()
        agendas = self.agendas()
        self.cross_check(civs, advancements, fleets, trade, systems)
        systems.update(self.borg_systems())
        exploration.update(self.borg_exploration())
        return Content(
            tables=tables,
            civilizations=MappingProxyType(civs),
            advancements=MappingProxyType(advancements),
            fleets=MappingProxyType(fleets),
            fleet_sides=MappingProxyType(sides),
            trade_agreements=MappingProxyType(trade),
            systems=MappingProxyType(systems),
            exploration=MappingProxyType(exploration),
            agendas=MappingProxyType(agendas),
            borg=self.borg_board(),
            borg_commands=MappingProxyType(self.borg_commands()),
            borg_tech=MappingProxyType(self.borg_tech()),
        )

    def tables(self) -> Tables:
        f = "tables.json"
        raw = self.keys(
            f,
            self.read(f, None),
            (
                "costs",
                "commands",
                "start",
                "start_extra_resources",
                "limits",
                "movement",
                "launch_projects_draw",
                "focused_research_choose",
                "lane_die",
                "lane_lengths",
                "victory",
                "starting_systems_per_player",
                "independent",
            ),
        )
        costs = self.keys(
            f"{f}: costs",
            raw["costs"],
            (
                "ship",
                "colonize",
                "colonize_ships",
                "node",
                "authority",
                "authority_easier",
                "hegemony_attempt",
                "hegemony_control",
                "ferengi_culture",
                "vulcan_colonize_authority",
            ),
        )
        nodes = self.keys(f"{f}: costs.node", costs["node"], RESOURCES)
        commands = raw["commands"]
        if not isinstance(commands, dict) or not commands:
            raise ContentError(f"{f}: commands must be an object")
        for name, n in commands.items():
            self.int_(f"{f}: commands.{name}", n, 0, 3)
        start = self.keys(
            f"{f}: start",
            raw["start"],
            ("resources", "authority", "commands", "ships", "weapons_hit", "shields"),
        )
        limits = self.keys(
            f"{f}: limits",
            raw["limits"],
            (
                "ships",
                "control_nodes",
                "starbases",
                "ambassadors",
                "fleet_cards",
                "fleet_min_ships",
                "turn_order_cards",
                "phenomenon_research_tokens",
            ),
        )
        for name, n in limits.items():
            self.int_(f"{f}: limits.{name}", n, 1)
        move = self.keys(
            f"{f}: movement", raw["movement"], ("impulse_sectors", "retreat_sectors", "maneuver_sectors")
        )
        lengths = raw["lane_lengths"]
        if not isinstance(lengths, list) or not lengths:
            raise ContentError(f"{f}: lane_lengths must be a non-empty list")
        for n in lengths:
            self.int_(f"{f}: lane_lengths", n, 1, 6)
        die = raw["lane_die"]
        if not isinstance(die, list) or len(die) != 6:
            raise ContentError(f"{f}: lane_die must list its 6 faces")
        for face in die:
            if face not in lengths:
                raise ContentError(f"{f}: lane_die face {face!r} is not a lane length")
        victory = self.keys(f"{f}: victory", raw["victory"], ("authority", "home_systems"))
        independent = self.keys(f"{f}: independent", raw["independent"], ("hit_base",))
        return Tables(
            ship_cost=self.bundle(f"{f}: costs.ship", costs["ship"]),
            colonize_cost=self.bundle(f"{f}: costs.colonize", costs["colonize"]),
            colonize_ships=self.int_(f"{f}: costs.colonize_ships", costs["colonize_ships"], 0, 3),
            node_costs=MappingProxyType(
                {r: self.bundle(f"{f}: costs.node.{r}", nodes[r]) for r in RESOURCES}
            ),
            authority_cost=self.bundle(f"{f}: costs.authority", costs["authority"]),
            authority_cost_easier=self.bundle(f"{f}: costs.authority_easier", costs["authority_easier"]),
            hegemony_attempt=self.bundle(f"{f}: costs.hegemony_attempt", costs["hegemony_attempt"]),
            hegemony_control=self.bundle(f"{f}: costs.hegemony_control", costs["hegemony_control"]),
            ferengi_culture=self.bundle(f"{f}: costs.ferengi_culture", costs["ferengi_culture"]),
            vulcan_colonize_authority=self.int_(
                f"{f}: costs.vulcan_colonize_authority", costs["vulcan_colonize_authority"], 0, 5
            ),
            commands=MappingProxyType(dict(commands)),
            start_resources=self.bundle(f"{f}: start.resources", start["resources"]),
            start_authority=self.int_(f"{f}: start.authority", start["authority"], 0, 5),
            start_commands=self.int_(f"{f}: start.commands", start["commands"], 1, 10),
            start_ships=self.int_(f"{f}: start.ships", start["ships"], 0, 10),
            start_weapons_hit=self.int_(f"{f}: start.weapons_hit", start["weapons_hit"], 2, 6),
            start_shields=self.int_(f"{f}: start.shields", start["shields"], 0, 3),
            start_extra_resources=self.bundle(f"{f}: start_extra_resources", raw["start_extra_resources"]),
            limits=MappingProxyType(dict(limits)),
            impulse_sectors=self.int_(f"{f}: movement.impulse_sectors", move["impulse_sectors"], 1, 6),
            retreat_sectors=self.int_(f"{f}: movement.retreat_sectors", move["retreat_sectors"], 1, 6),
            maneuver_sectors=self.int_(f"{f}: movement.maneuver_sectors", move["maneuver_sectors"], 1, 6),
            launch_projects_draw=self.int_(f"{f}: launch_projects_draw", raw["launch_projects_draw"], 1, 5),
            focused_research_choose=self.int_(
                f"{f}: focused_research_choose", raw["focused_research_choose"], 1, 5
            ),
            lane_die=tuple(die),
            lane_lengths=tuple(lengths),
            victory_authority=self.int_(f"{f}: victory.authority", victory["authority"], 1, 20),
            victory_home_systems=self.int_(f"{f}: victory.home_systems", victory["home_systems"], 2, 7),
            starting_systems_per_player=self.int_(
                f"{f}: starting_systems_per_player", raw["starting_systems_per_player"], 0, 5
            ),
            independent_hit_base=self.int_(f"{f}: independent.hit_base", independent["hit_base"], 2, 7),
        )

    def track(self, where: str, raw: Any, value_key: str) -> tuple[TrackLevel, ...]:
        if not isinstance(raw, list) or len(raw) < 2:
            raise ContentError(f"{where}: a track needs at least 2 levels")
        levels = []
        for i, lv in enumerate(raw):
            at = f"{where} level {i}"
            self.keys(at, lv, (value_key, "cost"))
            value = self.int_(f"{at}.{value_key}", lv[value_key], 0, 6)
            cost = self.int_(f"{at}.cost", lv["cost"], 0, 20)
            if (i == 0) != (cost == 0):
                raise ContentError(f"{at}: only level 0 costs 0")
            levels.append(TrackLevel(value, cost))
        values = [lv.value for lv in levels]
        step = -1 if value_key == "hit" else 1
        if any(b - a != step for a, b in zip(values, values[1:], strict=False)):
            raise ContentError(f"{where}: each level must change the {value_key} by {step}")
        return tuple(levels)

    def civilizations(self, advancements: Mapping[str, Advancement]) -> dict[str, Civilization]:
        f = "civilizations.json"
        out: dict[str, Civilization] = {}
        for i, raw in enumerate(self.read(f, "civilizations")):
            where = f"{f}: entry {i + 1}"
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                where = f"{f}: {raw['id']}"
            self.keys(
                where,
                raw,
                (
                    "id",
                    "name",
                    "set",
                    "home",
                    "starting_advancement",
                    "authority",
                    "commands",
                    "starbases",
                    "ambassadors",
                    "can_win",
                    "weapons",
                    "shields",
                    "rules",
                ),
            )
            cid = self.str_(f"{where}.id", raw["id"], CIVS)
            if cid in out:
                raise ContentError(f"{where}: civilization listed twice")
            self.claim(where, cid)
            rules = []
            if not isinstance(raw["rules"], list):
                raise ContentError(f"{where}: rules must be a list")
            for j, rr in enumerate(raw["rules"]):
                at = f"{where} rule {j + 1}"
                self.keys(at, rr, ("id", "name", "rule", "effects", "text"))
                rid = self.claim(at, rr["id"])
                rules.append(
                    ConsoleRule(
                        rid,
                        self.str_(f"{at}.name", rr["name"]),
                        self.str_(f"{at}.rule", rr["rule"]),
                        self.effects(f"{f}: {rid}", rr["effects"]),
                        self.str_(f"{at}.text", rr["text"]),
                    )
                )
            can_win = raw["can_win"]
            if not isinstance(can_win, list) or not can_win:
                raise ContentError(f"{where}: can_win must be a non-empty list")
            for v in can_win:
                self.str_(f"{where}.can_win", v, VICTORIES)
            start = raw["starting_advancement"]
            adv = advancements.get(start)
            if adv is None:
                raise ContentError(f"{where}: starting_advancement {start!r} is not in advancements.json")
            if adv.civ != cid or not adv.starting:
                raise ContentError(f"{where}: starting_advancement {start!r} is not a starting card of {cid}")
            out[cid] = Civilization(
                id=cid,
                name=self.str_(f"{where}.name", raw["name"]),
                set=self.str_(f"{where}.set", raw["set"], SETS),
                home=self.str_(f"{where}.home", raw["home"]),
                starting_advancement=start,
                authority=self.int_(f"{where}.authority", raw["authority"], 0, 5),
                commands=self.int_(f"{where}.commands", raw["commands"], 1, 10),
                starbases=self.int_(f"{where}.starbases", raw["starbases"], 0, 5),
                ambassadors=self.int_(f"{where}.ambassadors", raw["ambassadors"], 0, 5),
                can_win=tuple(can_win),
                weapons=self.track(f"{where}.weapons", raw["weapons"], "hit"),
                shields=self.track(f"{where}.shields", raw["shields"], "modifier"),
                rules=tuple(rules),
            )
        if tuple(out) != CIVS:
            raise ContentError(f"{f}: must list exactly {list(CIVS)} in that order, found {list(out)}")
        return out

    def advancements(self) -> dict[str, Advancement]:
        f = "advancements.json"
        out: dict[str, Advancement] = {}
        for i, raw in enumerate(self.read(f, "advancements")):
            where = (
                f"{f}: {raw['id']}"
                if isinstance(raw, dict) and isinstance(raw.get("id"), str)
                else f"{f}: entry {i + 1}"
            )
            self.keys(
                where,
                raw,
                ("id", "civ", "name", "category", "cost", "icons", "effects", "text"),
                ("starting", "rule", "refers_to_owner"),
            )
            aid = self.claim(where, raw["id"])
            icons = self.keys(f"{where}.icons", raw["icons"], ("warp", "command", "culture"))
            starting = self.bool_(f"{where}.starting", raw.get("starting", False))
            cost = self.int_(f"{where}.cost", raw["cost"], 0, 15)
            if starting != (cost == 0):
                raise ContentError(f"{where}: cost must be 0 exactly for a starting advancement")
            civ = self.str_(f"{where}.civ", raw["civ"], CIVS)
            adv = Advancement(
                id=aid,
                civ=civ,
                name=self.str_(f"{where}.name", raw["name"]),
                category=self.str_(f"{where}.category", raw["category"], CATEGORIES),
                cost=cost,
                starting=starting,
                warp=self.int_(f"{where}.icons.warp", icons["warp"], 0, 2),
                command=self.int_(f"{where}.icons.command", icons["command"], 0, 2),
                culture=self.int_(f"{where}.icons.culture", icons["culture"], 0, 2),
                effects=self.effects(where, raw["effects"]),
                text=self.str_(f"{where}.text", raw["text"]),
                rule=raw.get("rule", ""),
                refers_to_owner=self.bool_(f"{where}.refers_to_owner", raw.get("refers_to_owner", False)),
            )
            if adv.culture and civ != "romulan":
                raise ContentError(f"{where}: only Romulan cards carry a Culture icon (R170)")
            if not adv.effects and not (adv.warp or adv.command):
                raise ContentError(f"{where}: an advancement needs effects or an icon")
            out[aid] = adv
        per_civ = Counter(a.civ for a in out.values())
        starting_per_civ = Counter(a.civ for a in out.values() if a.starting)
        for civ in CIVS:
            if per_civ[civ] != ADVANCEMENTS_PER_CIV:
                raise ContentError(f"{f}: {civ} has {per_civ[civ]} advancements, not {ADVANCEMENTS_PER_CIV}")
            if starting_per_civ[civ] != 1:
                raise ContentError(f"{f}: {civ} has {starting_per_civ[civ]} starting advancements, not 1")
        return out

    def fleets(self) -> tuple[dict[str, FleetCard], dict[str, FleetSide]]:
        f = "fleets.json"
        cards: dict[str, FleetCard] = {}
        sides: dict[str, FleetSide] = {}
        for i, raw in enumerate(self.read(f, "fleets")):
            where = (
                f"{f}: {raw['id']}"
                if isinstance(raw, dict) and isinstance(raw.get("id"), str)
                else f"{f}: entry {i + 1}"
            )
            self.keys(where, raw, ("id", "civ", "number", "sides"))
            fid = self.claim(where, raw["id"])
            if not isinstance(raw["sides"], list) or len(raw["sides"]) != 2:
                raise ContentError(f"{where}: a fleet card has exactly 2 sides")
            pair = []
            for j, s in enumerate(raw["sides"]):
                at = f"{where} side {j + 1}"
                self.keys(at, s, ("id", "name", "min_ships", "max_ships", "effects", "text"), ("rule",))
                sid = self.claim(at, s["id"])
                at = f"{f}: {sid}"
                lo = self.int_(f"{at}.min_ships", s["min_ships"], 3, 30)
                hi = self.int_(f"{at}.max_ships", s["max_ships"], lo, 30)
                side = FleetSide(
                    sid,
                    fid,
                    self.str_(f"{at}.name", s["name"]),
                    lo,
                    hi,
                    self.effects(at, s["effects"]),
                    self.str_(f"{at}.text", s["text"]),
                    s.get("rule", ""),
                )
                if not side.effects:
                    raise ContentError(f"{at}: a fleet side needs a special rule")
                sides[sid] = side
                pair.append(side)
            cards[fid] = FleetCard(
                fid,
                self.str_(f"{where}.civ", raw["civ"], CIVS),
                self.int_(f"{where}.number", raw["number"], 1, FLEET_CARDS_PER_CIV),
                (pair[0], pair[1]),
            )
        for civ in CIVS:
            numbers = sorted(c.number for c in cards.values() if c.civ == civ)
            if numbers != list(range(1, FLEET_CARDS_PER_CIV + 1)):
                raise ContentError(
                    f"{f}: {civ} fleet cards are numbered {numbers}, not 1..{FLEET_CARDS_PER_CIV}"
                )
        return cards, sides

    def trade_agreements(self) -> dict[str, TradeAgreement]:
        f = "trade_agreements.json"
        out: dict[str, TradeAgreement] = {}
        for i, raw in enumerate(self.read(f, "trade_agreements")):
            where = (
                f"{f}: {raw['id']}"
                if isinstance(raw, dict) and isinstance(raw.get("id"), str)
                else f"{f}: entry {i + 1}"
            )
            self.keys(where, raw, ("id", "civ", "value"), ("formula",))
            tid = self.claim(where, raw["id"])
            civ = self.str_(f"{where}.civ", raw["civ"], CIVS)
            value = self.bundle(f"{where}.value", raw["value"])
            formula = raw.get("formula")
            if formula is not None:
                self.str_(f"{where}.formula", formula, ("ferengi",))
            if (civ == "ferengi") != (formula == "ferengi"):
                raise ContentError(f"{where}: Ferengi cards, and only they, use the ferengi formula (R194)")
            if (formula is None) == (value.total == 0):
                raise ContentError(f"{where}: a card has either a value or a formula")
            out[tid] = TradeAgreement(tid, civ, value, formula)
        counts = Counter(t.civ for t in out.values())
        for civ in CIVS:
            if counts[civ] != TRADE_AGREEMENTS_PER_CIV:
                raise ContentError(
                    f"{f}: {civ} has {counts[civ]} trade agreements, not {TRADE_AGREEMENTS_PER_CIV}"
                )
        return out

    def systems(self) -> dict[str, SystemDisc]:
        f = "systems.json"
        out = self.discs(f, borg=False)
        for s, (planetary, phenomena) in DISCS_PER_SET.items():
            got = Counter(d.kind for d in out.values() if d.set == s)
            if (got["planetary"], got["phenomenon"]) != (planetary, phenomena):
                raise ContentError(
                    f"{f}: set {s} has {got['planetary']} planetary and {got['phenomenon']} "
                    f"phenomena, not {planetary} and {phenomena}"
                )
        return out

    def borg_systems(self) -> dict[str, SystemDisc]:
        f = "borg_systems.json"
        out = self.discs(f, borg=True)
        got = Counter(d.transwarp or d.kind for d in out.values())
        if dict(got) != BORG_DISCS:
            raise ContentError(f"{f}: the Borg discs are {dict(got)}, not {BORG_DISCS}")
        return out

    def discs(self, f: str, borg: bool) -> dict[str, SystemDisc]:  # noqa: C901
        out: dict[str, SystemDisc] = {}
        for i, raw in enumerate(self.read(f, "systems")):
            where = (
                f"{f}: {raw['id']}"
                if isinstance(raw, dict) and isinstance(raw.get("id"), str)
                else f"{f}: entry {i + 1}"
            )
            self.keys(
                where,
                raw,
                ("id", "name", "kind", "set", "slots", "max_lanes", "hazard", "effects"),
                ("civ", "transwarp") if borg else ("civ",),
            )
            did = self.claim(where, raw["id"])
            kind = self.str_(f"{where}.kind", raw["kind"], DISC_KINDS)
            slots = raw["slots"]
            if not isinstance(slots, list):
                raise ContentError(f"{where}: slots must be a list")
            for s in slots:
                self.str_(f"{where}.slots", s, SLOT_TYPES)
            hazard = raw["hazard"]
            if hazard is not None:
                self.int_(f"{where}.hazard", hazard, 1, 6)
            civ = raw.get("civ")
            if kind == "home":
                if len(slots) != 3 or hazard is not None:
                    raise ContentError(f"{where}: a home has 3 slots and no hazard")
                self.str_(f"{where}.civ", civ, CIVS)
            elif civ is not None:
                raise ContentError(f"{where}: only a home names a civ")
            if kind == "planetary" and not 1 <= len(slots) <= 3:
                raise ContentError(f"{where}: a planetary system has 1 to 3 slots (R36)")
            transwarp = raw.get("transwarp")
            if transwarp is not None:
                self.str_(f"{where}.transwarp", transwarp, TRANSWARP)
                if kind != "phenomenon" or slots or hazard is not None or raw["effects"]:
                    raise ContentError(
                        f"{where}: a transwarp disc is a phenomenon without slots, hazard or effects (A46)"
                    )
            elif kind == "phenomenon" and (slots or hazard is None):
                raise ContentError(f"{where}: a phenomenon has no slots and is hazardous (R73)")
            if borg and kind == "home":
                raise ContentError(f"{where}: the Borg have no home disc")
            effects = self.effects(where, raw["effects"])
            if effects and kind != "phenomenon":
                raise ContentError(f"{where}: only phenomena carry effects")
            out[did] = SystemDisc(
                did,
                self.str_(f"{where}.name", raw["name"]),
                kind,
                self.str_(f"{where}.set", raw["set"], (BORG_SET,) if borg else SETS),
                tuple(slots),
                self.int_(f"{where}.max_lanes", raw["max_lanes"], 1, 5),
                hazard,
                effects,
                civ,
                transwarp,
            )
        return out

    def exploration(self) -> dict[str, ExplorationCard]:
        f = "exploration.json"
        out = self.cards(f, "exploration", borg=False)
        counts = Counter(c.set for c in out.values())
        for s, n in EXPLORATION_PER_SET.items():
            if counts[s] != n:
                raise ContentError(f"{f}: set {s} has {counts[s]} exploration cards, not {n}")
        return out

    def borg_exploration(self) -> dict[str, ExplorationCard]:
        f = "borg_exploration.json"
        out = self.cards(f, "borg_exploration", borg=True)
        red = sum(c.red for c in out.values())
        if (len(out), red) != (BORG_EXPLORATION, BORG_EXPLORATION_RED):
            raise ContentError(
                f"{f}: {len(out)} cards of which {red} red, not {BORG_EXPLORATION} of which "
                f"{BORG_EXPLORATION_RED} red"
            )
        return out

    def cards(self, f: str, key: str, borg: bool) -> dict[str, ExplorationCard]:  # noqa: C901
        out: dict[str, ExplorationCard] = {}
        for i, raw in enumerate(self.read(f, key)):
            where = (
                f"{f}: {raw['id']}"
                if isinstance(raw, dict) and isinstance(raw.get("id"), str)
                else f"{f}: entry {i + 1}"
            )
            self.keys(
                where,
                raw,
                (
                    "id",
                    "name",
                    "type",
                    "set",
                    "effects",
                    "remains_in_play",
                    "recurring",
                    "solo_excluded",
                    "text",
                ),
                ("diplomacy", "civilization", "colonize", "ally", "rule", *(("red",) if borg else ())),
            )
            if borg and "red" not in raw:
                raise ContentError(f"{where}: missing ['red']")
            cid = self.claim(where, raw["id"])
            ctype = self.str_(f"{where}.type", raw["type"], CARD_TYPES)
            recurring = raw["recurring"]
            if recurring is not None:
                self.str_(f"{where}.recurring", recurring, ("bottom", "shuffle"))
            diplomacy = None
            if "diplomacy" in raw:
                d = self.keys(f"{where}.diplomacy", raw["diplomacy"], ("number", "pass", "fail"))
                diplomacy = DiplomacyTest(
                    self.int_(f"{where}.diplomacy.number", d["number"], 1, 12),
                    self.effects(f"{where} pass", d["pass"]),
                    self.effects(f"{where} fail", d["fail"]),
                )
            encounter = None
            if "civilization" in raw:
                if ctype != "civilization":
                    raise ContentError(f"{where}: only civilization cards describe a civilization")
                c = raw["civilization"]
                stage = self.str_(
                    f"{where}.civilization.stage",
                    c.get("stage") if isinstance(c, dict) else None,
                    ("pre_warp", "warp"),
                )
                if stage == "pre_warp":
                    self.keys(f"{where}.civilization", c, ("stage", "tokens"))
                    tokens = self.bundle(f"{where}.civilization.tokens", c["tokens"])
                    if not tokens.total:
                        raise ContentError(f"{where}: a pre-warp civilization leaves tokens (R69)")
                    encounter = Encounter(stage, tokens=tokens)
                else:
                    self.keys(f"{where}.civilization", c, ("stage", "level", "nodes"))
                    encounter = Encounter(
                        stage,
                        self.int_(f"{where}.civilization.level", c["level"], 1, 3),
                        self.int_(f"{where}.civilization.nodes", c["nodes"], 1, 3),
                    )
            elif ctype == "civilization":
                raise ContentError(f"{where}: a civilization card needs its civilization")
            colonize = None
            if "colonize" in raw:
                c = self.keys(f"{where}.colonize", raw["colonize"], (), ("cost", "ships", "effects"))
                colonize = ColonizeTerms(
                    self.bundle(f"{where}.colonize.cost", c["cost"]) if "cost" in c else None,
                    self.int_(f"{where}.colonize.ships", c["ships"], 0, 3) if "ships" in c else None,
                    self.effects(f"{where} colonize", c.get("effects", [])),
                )
                if not raw["remains_in_play"]:
                    raise ContentError(f"{where}: colonize terms need the card to remain in play")
            ally = None
            if "ally" in raw:
                if ctype != "ally":
                    raise ContentError(f"{where}: only ally cards have ally terms")
                a = self.keys(f"{where}.ally", raw["ally"], (), ("trade", "effects"))
                ally = AllyTerms(
                    self.bundle(f"{where}.ally.trade", a["trade"]) if "trade" in a else None,
                    self.effects(f"{where} ally", a.get("effects", [])),
                )
                if ally.trade is None and not ally.effects:
                    raise ContentError(f"{where}: an ally gives a trade value or a special rule")
            elif ctype == "ally":
                raise ContentError(f"{where}: an ally card needs its ally terms")
            if ctype == "ally" and diplomacy is None:
                raise ContentError(f"{where}: an ally needs a Diplomacy Test (R68)")
            card = ExplorationCard(
                id=cid,
                name=self.str_(f"{where}.name", raw["name"]),
                type=ctype,
                set=self.str_(f"{where}.set", raw["set"], (BORG_SET,) if borg else SETS),
                effects=self.effects(where, raw["effects"]),
                remains_in_play=self.bool_(f"{where}.remains_in_play", raw["remains_in_play"]),
                recurring=recurring,
                solo_excluded=self.bool_(f"{where}.solo_excluded", raw["solo_excluded"]),
                text=self.str_(f"{where}.text", raw["text"]),
                diplomacy=diplomacy,
                civilization=encounter,
                colonize=colonize,
                ally=ally,
                rule=raw.get("rule", ""),
                red=self.bool_(f"{where}.red", raw["red"]) if borg else False,
            )
            timed = [e for e in card.effects if e.when != "passive"]
            if diplomacy:
                timed += [e for e in diplomacy.on_pass + diplomacy.on_fail if e.when != "passive"]
            if colonize:
                timed += [e for e in colonize.effects if e.when != "passive"]
            if timed:
                raise ContentError(f"{where}: encounter effects resolve when the card says, without a when")
            if card.remains_in_play and card.recurring:
                raise ContentError(f"{where}: a card cannot both remain in play and recur")
            out[cid] = card
        return out

    def agendas(self) -> dict[str, Agenda]:
        f = "agendas.json"
        out: dict[str, Agenda] = {}
        for i, raw in enumerate(self.read(f, "agendas")):
            where = (
                f"{f}: {raw['id']}"
                if isinstance(raw, dict) and isinstance(raw.get("id"), str)
                else f"{f}: entry {i + 1}"
            )
            self.keys(where, raw, ("id", "name", "goal", "text"))
            aid = self.claim(where, raw["id"])
            goal = raw["goal"]
            kind = self.str_(
                f"{where}.goal.kind", goal.get("kind") if isinstance(goal, dict) else None, GOAL_KINDS
            )
            required, optional = GOAL_KINDS[kind]
            self.keys(f"{where}.goal", goal, ("kind", *required), optional)
            params: dict[str, Any] = {}
            for k, v in goal.items():
                at = f"{where}.goal.{k}"
                if k == "count":
                    params[k] = self.int_(at, v, 1, 15)
                elif k == "owners":
                    params[k] = self.str_(at, v, ("all_if_4_or_less_else_3",))
                elif k == "node":
                    params[k] = self.str_(at, v, RESOURCES)
                elif k == "category":
                    params[k] = self.str_(at, v, CATEGORIES)
                elif k == "bundle":
                    params[k] = self.bundle(at, v)
            out[aid] = Agenda(
                aid,
                self.str_(f"{where}.name", raw["name"]),
                kind,
                MappingProxyType(params),
                self.str_(f"{where}.text", raw["text"]),
            )
        if len(out) != AGENDA_COUNT:
            raise ContentError(f"{f}: {len(out)} agendas, not {AGENDA_COUNT}")
        return out

    def cross_check(
        self,
        civs: Mapping[str, Civilization],
        advancements: Mapping[str, Advancement],
        fleets: Mapping[str, FleetCard],
        trade: Mapping[str, TradeAgreement],
        systems: Mapping[str, SystemDisc],
    ) -> None:
        del advancements, fleets, trade  # their civ references are checked against CIVS while loading
        f = "civilizations.json"
        for civ in civs.values():
            home = systems.get(civ.home)
            if home is None:
                raise ContentError(f"{f}: {civ.id}: home {civ.home!r} is not in systems.json")
            if home.kind != "home" or home.civ != civ.id:
                raise ContentError(f"{f}: {civ.id}: {civ.home!r} is not the home disc of {civ.id}")
            if home.set != civ.set:
                raise ContentError(f"{f}: {civ.id}: its home belongs to set {home.set}, not {civ.set}")
        homes = Counter(d.civ for d in systems.values() if d.kind == "home")
        for civ_id in CIVS:
            if homes[civ_id] != 1:
                raise ContentError(f"systems.json: {civ_id} has {homes[civ_id]} home discs, not 1")

    # ---- the Borg (R216-R275)
    def borg_board(self) -> BorgBoard:  # noqa: PLR0914
        f = "borg_board.json"
        raw = self.keys(
            f,
            self.read(f, None),
            (
                "pieces",
                "spire",
                "defeat",
                "hit_roll",
                "hub_roll",
                "combat",
                "rewards",
                "starbase_assimilated_spire_nodes",
                "setup",
            ),
        )
        pieces = self.keys(
            f"{f}: pieces",
            raw["pieces"],
            ("cubes", "spires", "assimilation_nodes", "resource_nodes", "dice", "activation_markers"),
        )
        for name, n in pieces.items():
            self.int_(f"{f}: pieces.{name}", n, 1, 30)
        spire = self.keys(f"{f}: spire", raw["spire"], ("max_nodes", "nodes_for_cube", "build_order"))
        max_nodes = self.int_(f"{f}: spire.max_nodes", spire["max_nodes"], 1, 5)
        for_cube = self.int_(f"{f}: spire.nodes_for_cube", spire["nodes_for_cube"], 1, max_nodes)
        if pieces["assimilation_nodes"] < pieces["spires"] * max_nodes:
            raise ContentError(f"{f}: pieces.assimilation_nodes cannot fill every Spire (R220)")
        defeat = self.keys(f"{f}: defeat", raw["defeat"], ("spires", "spires_three_spires"))
        spires = self.int_(f"{f}: defeat.spires", defeat["spires"], 1, pieces["spires"])
        three = self.int_(f"{f}: defeat.spires_three_spires", defeat["spires_three_spires"], 1, spires)
        table = raw["hit_roll"]
        if not isinstance(table, list):
            raise ContentError(f"{f}: hit_roll must be a list")
        hits = []
        for n, row in enumerate(table):
            at = f"{f}: hit_roll row {n + 1}"
            self.keys(at, row, ("spires", "hit"))
            if row["spires"] != n:
                raise ContentError(f"{at}: rows go 0, 1, 2, ... Spires; found {row['spires']!r}")
            hits.append(self.int_(f"{at}.hit", row["hit"], 2, 6))
        if len(hits) != spires + 1:
            raise ContentError(f"{f}: hit_roll needs a row for 0..{spires} Spires in play (R232)")
        if any(b > a for a, b in zip(hits, hits[1:], strict=False)):
            raise ContentError(f"{f}: hit_roll must never get harder as Spires are added")
        hub = self.keys(f"{f}: hub_roll", raw["hub_roll"], ("dice", "cube_on", "cube_on_five_up"))
        faces = {}
        for name in ("cube_on", "cube_on_five_up"):
            got = hub[name]
            if not isinstance(got, list) or not got or len(set(got)) != len(got):
                raise ContentError(f"{f}: hub_roll.{name} must list distinct faces")
            faces[name] = tuple(self.int_(f"{f}: hub_roll.{name}", x, 1, 6) for x in got)
        combat = self.keys(
            f"{f}: combat",
            raw["combat"],
            (
                "dice",
                "regenerate_face",
                "shield_start",
                "shield_per_round",
                "shield_max",
                "forced_retreat_hit",
                "first_strike_rounds",
            ),
        )
        dice = self.int_(f"{f}: combat.dice", combat["dice"], 1, pieces["dice"])
        rewards = self.keys(
            f"{f}: rewards",
            raw["rewards"],
            ("tech_per_cube", "tech_per_reclaim", "klingon_cube_culture", "marauder_cube_production"),
        )
        for name, n in rewards.items():
            self.int_(f"{f}: rewards.{name}", n, 0, 5)
        setup = self.keys(
            f"{f}: setup",
            raw["setup"],
            (
                "safe_exploration_per_player",
                "safe_exploration_out_there",
                "humble_origins_factor",
                "hub_distance_cm",
            ),
        )
        distance = self.keys(f"{f}: setup.hub_distance_cm", setup["hub_distance_cm"], ("default", "choices"))
        choices = distance["choices"]
        if not isinstance(choices, list) or not choices:
            raise ContentError(f"{f}: setup.hub_distance_cm.choices must be a non-empty list")
        cms = tuple(self.int_(f"{f}: setup.hub_distance_cm.choices", c, 10, 120) for c in choices)
        if distance["default"] not in cms:
            raise ContentError(f"{f}: setup.hub_distance_cm.default must be one of the choices")
        safe = self.int_(
            f"{f}: setup.safe_exploration_per_player", setup["safe_exploration_per_player"], 0, 5
        )
        return BorgBoard(
            pieces=MappingProxyType(dict(pieces)),
            spire_max_nodes=max_nodes,
            spire_nodes_for_cube=for_cube,
            spire_build_order=self.str_(f"{f}: spire.build_order", spire["build_order"], ("oldest_first",)),
            defeat_spires=spires,
            defeat_spires_three_spires=three,
            hit_roll=tuple(hits),
            hub_dice=self.int_(f"{f}: hub_roll.dice", hub["dice"], 1, 3),
            hub_cube_on=faces["cube_on"],
            hub_cube_on_five_up=faces["cube_on_five_up"],
            dice=dice,
            regenerate_face=self.int_(f"{f}: combat.regenerate_face", combat["regenerate_face"], 1, 6),
            shield_start=self.int_(f"{f}: combat.shield_start", combat["shield_start"], 0, 0),
            shield_per_round=self.int_(f"{f}: combat.shield_per_round", combat["shield_per_round"], 1, 3),
            shield_max=self.int_(f"{f}: combat.shield_max", combat["shield_max"], 1, 6),
            forced_retreat_hit=self.int_(
                f"{f}: combat.forced_retreat_hit", combat["forced_retreat_hit"], 7, 7
            ),
            first_strike_rounds=self.int_(
                f"{f}: combat.first_strike_rounds", combat["first_strike_rounds"], 0, 3
            ),
            rewards=MappingProxyType(dict(rewards)),
            starbase_assimilated_spire_nodes=self.int_(
                f"{f}: starbase_assimilated_spire_nodes",
                raw["starbase_assimilated_spire_nodes"],
                0,
                max_nodes,
            ),
            safe_exploration_per_player=safe,
            safe_exploration_out_there=self.int_(
                f"{f}: setup.safe_exploration_out_there", setup["safe_exploration_out_there"], safe, 6
            ),
            humble_origins_factor=self.int_(
                f"{f}: setup.humble_origins_factor", setup["humble_origins_factor"], 1, 3
            ),
            hub_distance_cm=distance["default"],
            hub_distance_choices=cms,
        )

    def borg_commands(self) -> dict[str, BorgCommand]:
        f = "borg_commands.json"
        out: dict[str, BorgCommand] = {}
        for i, raw in enumerate(self.read(f, "borg_commands")):
            where = (
                f"{f}: {raw['id']}"
                if isinstance(raw, dict) and isinstance(raw.get("id"), str)
                else f"{f}: entry {i + 1}"
            )
            self.keys(where, raw, ("id", "name", "red", "move", "effects", "text"), ("rule",))
            cid = self.claim(where, raw["id"])
            effects = self.effects(where, raw["effects"], command=True)
            move = None
            if raw["move"] is not None:
                m = self.keys(f"{where}.move", raw["move"], ("target", "warp", "cubes"), ("stop",))
                move = BorgMove(
                    self.str_(f"{where}.move.target", m["target"], BORG_TARGETS),
                    self.int_(f"{where}.move.warp", m["warp"], 1, 4),
                    self.str_(f"{where}.move.cubes", m["cubes"], ("this", "all")),
                    self.str_(f"{where}.move.stop", m["stop"], ("developed",)) if "stop" in m else None,
                )
            holds = any(e.kind == "hold" for e in effects)
            if (move is None) != holds:
                raise ContentError(f"{where}: a card either moves or holds (R226), never both or neither")
            kinds = [e.kind for e in effects]
            if len(set(kinds)) != len(kinds):
                raise ContentError(f"{where}: an effect kind appears twice")
            for e in effects:
                if (
                    e.when != "passive"
                    or e.commands
                    or e.cost.total
                    or e.exhaust
                    or e.limit
                    or e.scope != "all"
                ):
                    raise ContentError(
                        f"{where}: a Borg Command effect has no envelope (it resolves in order)"
                    )
                if e.kind == "spire_nodes" and e.get("spires") == "here" and move is None:
                    raise ContentError(f"{where}: feeding the Spire it reaches needs a move")
            out[cid] = BorgCommand(
                cid,
                self.str_(f"{where}.name", raw["name"]),
                self.bool_(f"{where}.red", raw["red"]),
                move,
                effects,
                self.str_(f"{where}.text", raw["text"]),
                raw.get("rule", ""),
            )
        red = sum(c.red for c in out.values())
        if (len(out), red) != (BORG_COMMANDS, BORG_COMMANDS_RED):
            raise ContentError(
                f"{f}: {len(out)} cards of which {red} red, not {BORG_COMMANDS} of which {BORG_COMMANDS_RED} red"
            )
        moving = sum(c.move is not None for c in out.values())
        if moving * 2 <= len(out):
            raise ContentError(f"{f}: most Borg Command cards are movement cards (R243), only {moving} move")
        return out

    def borg_tech(self) -> dict[str, BorgTech]:
        f = "borg_tech.json"
        out: dict[str, BorgTech] = {}
        for i, raw in enumerate(self.read(f, "borg_tech")):
            where = (
                f"{f}: {raw['id']}"
                if isinstance(raw, dict) and isinstance(raw.get("id"), str)
                else f"{f}: entry {i + 1}"
            )
            self.keys(where, raw, ("id", "name", "cost", "discard", "effects", "text"), ("rule",))
            tid = self.claim(where, raw["id"])
            card = BorgTech(
                tid,
                self.str_(f"{where}.name", raw["name"]),
                self.int_(f"{where}.cost", raw["cost"], 0, 10),
                self.bool_(f"{where}.discard", raw["discard"]),
                self.effects(where, raw["effects"]),
                self.str_(f"{where}.text", raw["text"]),
                raw.get("rule", ""),
            )
            if not card.effects:
                raise ContentError(f"{where}: a Borg Tech card needs an effect")
            if card.discard and any(e.when not in ACTIVATED or e.exhaust for e in card.effects):
                raise ContentError(
                    f"{where}: a discard-to-use card has only abilities used by discarding it (R262), "
                    f"when one of {list(ACTIVATED)}, never exhaust"
                )
            if not card.discard and any(e.kind in ACTION_KINDS and not e.exhaust for e in card.effects):
                raise ContentError(
                    f"{where}: a kept card's action must exhaust it or discard it (R136, R262)"
                )
            out[tid] = card
        if len(out) != BORG_TECH:
            raise ContentError(f"{f}: {len(out)} cards, not {BORG_TECH}")
        free = sum(c.cost == 0 for c in out.values())
        if not len(out) // 2 < free < len(out):
            raise ContentError(
                f"{f}: many Borg Tech cards cost 0 and some cost Research (R262); {free} cost 0"
            )
        return out
