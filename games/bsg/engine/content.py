"""Battlestar Galactica content: typed, frozen records loaded from the JSON files under ``data/``.

The formats are described in ``data/SCHEMA.md``. ``content()`` loads the packaged files once and caches them;
``load(path)`` reads any directory laid out the same way (tests use it on broken copies). Every problem found
raises ``ContentError`` naming the file and the entry. Every card and component carries the ``set`` it
belongs to (``base`` now; ``pegasus``, ``exodus`` and ``daybreak`` later), so a table's options pick the decks.

Pure standard library: the engine imports this, never Django.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from games.engine.core import content_files
from games.engine.core.content_files import ContentFiles

DATA_DIR = Path(__file__).resolve().parent / "data"

SETS = ("base", "pegasus", "exodus", "daybreak")
SKILLS = ("politics", "leadership", "tactics", "piloting", "engineering")
#: R801: the sixth Skill deck (set ``pegasus``): never a check's colour, so always negative in a check
TREACHERY = "treachery"
ALL_SKILLS = (*SKILLS, TREACHERY)
RESOURCES = ("fuel", "food", "morale", "population")
CHARACTER_TYPES = ("political", "military", "pilot", "support")
ABILITY_KINDS = ("ability", "once_per_game", "weakness")
#: when a character ability applies or may be used
ABILITY_WHEN = (
    "passive",
    "action",
    "setup",
    "sleeper",
    "receive_skills",
    "draw_quorum",
    "after_crisis_revealed",
    "after_activate_location",
    "activate_location",
    "before_roll",
    "after_roll",
    "choose_destination",
    "after_check_revealed",
    "after_check_contributed",
    "after_launch",
    "repair",
)
ABILITY_LIMITS = ("once_per_turn",)
#: when a Skill card may be played
SKILL_TIMINGS = ("action", "before_check", "after_check", "before_roll", "after_roll", "sca")
#: a character's start: a location id, or one of these
SPECIAL_STARTS = ("viper", "stranded")
#: R802: a Cylon Leader's character type (Pegasus); he starts in a Cylon location and never holds a title
LEADER = "cylon_leader"
#: R805: the Agenda decks and what an Agenda's conditions may ask at the end of the game
AGENDA_KINDS = ("sympathetic", "hostile")
AGENDA_CONDITIONS: dict[str, tuple[str, ...]] = {
    "infiltrated": (),  # the Leader is infiltrated (R803) when the game ends
    "outside_brig": (),  # ... and not in the Brig
    "resource_at_most": ("resource", "amount"),
    "resource_at_least": ("resource", "amount"),
    "galactica_damaged_at_least": ("amount",),  # damaged Galactica locations
    "pegasus_destroyed": (),
    "boarding_at_least": ("amount",),  # centurions on the Boarding Party track
}
#: R804: what a Daybreak Motive card asks before its Leader may reveal it (RULINGS G137): the Agenda conditions,
#: the fleet's distance, and "Reveal this card if the game is over" (``game_over``, R711 step 3)
MOTIVE_REQUIREMENTS: dict[str, tuple[str, ...]] = {
    **AGENDA_CONDITIONS, "distance_at_least": ("amount",), "game_over": (),
}
CRISIS_TYPES = ("skill_check", "choice", "cylon_attack", "event")
#: the Cylon ship activation icons of a Crisis card (R601-R607)
ACTIVATIONS = ("raiders", "launch_raiders", "heavy_raiders", "basestars")
#: R832: the New Caprica crises' icon that activates the occupation forces
OCCUPATION_ICON = "occupation"
CHOOSERS = ("current", "president", "admiral", "self", "cag")
#: an expansion's modules (table options of their own): a card that carries one is used only with it
MODULES = ("cylon_fleet", "conflicted_loyalties", "ionian_nebula")
TITLES = ("president", "admiral")
SHIPS = ("viper", "raptor", "raider", "heavy_raider", "basestar", "civilian")
CYLON_SHIPS = ("raider", "heavy_raider", "basestar")
LOCATION_REQUIRES = ("pilot", "president", "revealed_cylon")
#: the objectives that bring locations of their own (Daybreak's Earth: the Demetrius, the Rebel Basestar, R1050)
OBJECTIVE_LOCATIONS = ("earth",)
LOYALTY_SIDES = ("cylon", "human", "sympathizer", "sympathetic_cylon", "mutineer")
#: Conflicted Loyalties' Not-a-Cylon cards (R127, R410, R411)
LOYALTY_KINDS = ("final_five", "personal_goal")
#: the Daybreak sheets that can be destroyed (R318 Colonial One, R319 the Cylon locations; a ship id each)
SHEETS = ("colonial_one", "cylon_locations")
#: the Daybreak Mutiny hand limits (R1020, R1027): before the Brig, and kept there
MUTINY_HOLDERS = ("holder", "mutineer")
#: who an effect acts on or who picks its target
WHO = (
    "self",
    "current",
    "president",
    "admiral",
    "all",
    "target",
    "other_chosen",
    "not_president_chosen",  # any human character but the President (Administration, RULINGS G217)
    "current_chooses",
    "president_chooses",
    "admiral_chooses",
    "next_in_succession",
    "hangar_deck_occupants",
    "colonial_one_occupants",
    "brig_occupant_chosen",
    "each_other_by_current",
)
SKILL_DRAW_TYPES = ("any", "own")
ATTACKERS = ("viper", "own_viper", "galactica", "pegasus", "armory", "raider", "basestar", "nuke", "assault_raptor")
ATTACK_TARGETS = (
    "cylon_ship",
    "centurion",
    "raider",
    "heavy_raider",
    "basestar",
    "viper",
    "galactica",
    "civilian",
    "assault_raptor",
)
DECKS = ("crisis", "destination", "crisis_or_destination", "quorum")
DIE_FACES = 8
#: the numbers of the activation icons (R604-R606): raiders each basestar launches, and how far ships move
CYLON_ACTIVATION_KEYS = (
    "launch_raiders",
    "raiders_when_none",
    "heavy_raiders_when_none",
    "raider_move",
    "heavy_raider_move",
)

#: how many cards of each deck the base game holds (the published box; RULINGS.md C1)
BASE_COUNTS = {
    "crises": 70,
    "cylon_attacks": 10,
    "super_crises": 5,
    "destinations": 22,
    "quorum": 20,
    "characters": 10,
    "skill_cards_per_type": 21,
    "cylon_loyalty": 5,
    "not_cylon_loyalty": 11,
    "sympathizer": 1,
    "civilians": 12,
    "galactica_damage": 8,
}

#: how many cards of each deck the Pegasus set adds (RULINGS G57; checked on load like the base counts)
PEGASUS_COUNTS = {
    "crises": 20,
    "super_crises": 2,
    "destinations": 6,
    "quorum": 5,
    "characters": 4,
    "leaders": 3,
    "sympathetic_agendas": 4,
    "hostile_agendas": 4,
    "not_cylon_loyalty": 2,
    "treachery": 21,
    "pegasus_damage": 8,
    "pegasus_locations": 4,
}

#: effect kind -> (required params, optional params); SCHEMA.md "Effect kinds". The engine implements these.
EFFECT_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # resources and tracks
    "resources": ((), RESOURCES),
    "jump_track": (("steps",), ()),
    "jump": (("risk_population",), ()),
    "if_resources_low": (("then", "else"), ()),
    # Galactica, the fleet and its ships
    "damage_galactica": (("count",), ("choose_of",)),
    "repair_location": ((), ("where",)),
    "destroy_civilians": (("count",), ()),
    "look_civilians": (("count",), ("move",)),
    "destroy_raptors": (("count",), ()),
    "restore_raptors": (("count",), ()),
    "risk_raptor": (("at_least", "success"), ("optional", "chooser")),
    "damage_vipers": (("count",), ("where",)),
    "repair_vipers": (("count",), ("where",)),
    "repair_bonus": (("amount",), ()),
    "activate_vipers": (("count",), ("unpiloted_only",)),
    "activate_own_viper": (("count",), ()),
    "launch_self": ((), ()),
    "attack": (("attacker", "target", "count"), ()),
    # Cylon ships
    "place_ships": (("ship", "area", "count"), ()),
    "place_centurion": (("count",), ()),
    "destroy_cylon_ships": (("ship", "count"), ()),
    "activate_cylons": (("icon",), ()),
    "place_on_fleet": (("ship", "count"), ()),  # R913: ships put on the Cylon Fleet board, a die each
    "advance_pursuit": ((), ()),  # R915: the pursuit marker one space on
    "gain_nukes": (("count",), ()),  # R917: the Admiral takes nukes, never holding more than nuke_limit
    "basestar_launch": (("raiders", "heavy_raiders"), ()),
    # cards
    "draw_skills": (("who", "count", "types"), ()),
    "discard_skills": (("who", "count"), ("random",)),
    "draw_penalty": (("count",), ("if_half",)),
    "draw_limit": (("count",), ()),
    "hand_limit": (("count",), ("sickbay",)),  # sickbay: discarding down to it sends her there (R437)
    "draw_quorum": (("count",), ("bottom",)),
    "play_quorum": ((), ()),
    "remove_card": ((), ()),
    "look_deck": (("deck", "count"), ("reorder", "bottom")),
    "look_hand": (("target",), ("take",)),
    "cancel_crisis": ((), ()),
    "choose_crisis": (("draw",), ()),
    "play_super_crisis": ((), ()),
    "draw_super_crisis": ((), ("replace",)),
    "destination_draw": (("count",), ()),
    "destination_chooser": (("draw",), ("discard_after",)),
    # skill checks and dice
    "skill_check": (("colors", "difficulty", "pass", "fail"), ("target",)),
    "contribution_limit": (("count",), ()),
    "open_contributions": ((), ()),
    "count_positive": (("skill",), ()),
    # Daybreak's Restore Order (R507, RULINGS G144): the check cannot be made reckless; no SCA resolves in it
    "no_reckless": ((), ()),
    "no_skill_check_abilities": ((), ()),
    "check_difficulty": (("amount",), ("scope", "either_way", "discard_after")),
    "remove_check_cards": (("skill",), ()),
    "roll": (("at_least", "success", "failure"), ()),
    "reroll": (("die",), ()),
    "die_modifier": (("amount",), ("scope",)),
    # characters, titles, loyalty
    "send_to": (("who", "location"), ()),
    "move_character": (("who", "to"), ()),
    "no_movement": ((), ()),
    "no_abilities": ((), ()),
    "stay_on_ship": (("ship",), ("while_title",)),
    "location_barred": (("location",), ()),
    "location_bonus": (("location", "amount"), ()),
    "extra_actions": (("who", "count"), ("move",)),
    "stranded": ((), ()),
    "give_title": (("title", "who"), ()),
    "title_barred": (("title",), ()),
    "succession_first": (("title",), ()),
    "look_loyalty": (("target", "count"), ()),
    "extra_loyalty": (("count", "at"), ()),
    "become_cylon": (("super_crisis",), ()),
    "execute": (("who",), ("cylons_too",)),  # cylons_too: a revealed Cylon cannot ignore it (R459)
    # Daybreak: Miracle tokens (R1010) and Mutiny cards (R1020)
    "gain_miracle": (("who",), ()),
    "draw_mutiny": (("who",), ()),
    # Daybreak's Earth objective (earth.json, R1053, R316): the Demetrius Bridge, the Rebel Basestar's Raider Bay
    "activate_mission": ((), ()),
    "raider_bay": (("vipers", "raiders"), ()),
    # Exodus's Ionian Nebula: trauma tokens drawn from the pool (R941; ionian.py)
    "draw_trauma": (("players", "count"), ()),
    # Daybreak: the Colonial One and Cylon locations sheets can be destroyed (R318, R319)
    "destroy_sheet": (("sheet",), ()),
    # Daybreak: a sheet's Miracle token limit, all of them spent on its once-per-game ability (R1010)
    "miracle_limit": (("count",), ()),
    # Daybreak's Athena, Resolute (R803j-l, RULINGS G195): a Cylon location activated from anywhere, infiltrated
    # too; not onto that ship from the Human Fleet while infiltrated; the location that ends her infiltration,
    # and where she goes then
    "activate_cylon_location": ((), ("infiltrated_not_onto", "ends_infiltration_at", "moves_to")),
    # a choice between effect lists
    "choose": (("options",), ("chooser",)),
}
#: params that hold a nested effect list (``options`` holds a list of them)
NESTED = ("success", "failure", "then", "else", "pass", "fail")



class ContentError(content_files.ContentError):
    """A data file breaks SCHEMA.md. The message names the file and the entry."""


# --------------------------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)

    def nested(self) -> tuple[Effect, ...]:
        """Every effect this one holds (outcomes of a roll, a check, a choice), one level down."""
        found: list[Effect] = []
        for name in NESTED:
            found.extend(self.params.get(name, ()))
        for option in self.params.get("options", ()):
            found.extend(option)
        return tuple(found)


@dataclass(frozen=True, slots=True)
class SkillType:
    id: str
    name: str
    colour: str
    set: str


@dataclass(frozen=True, slots=True)
class SkillCard:
    id: str
    name: str
    skill: str
    set: str
    strengths: tuple[tuple[int, int], ...]  # (strength, copies)
    timing: str
    effects: tuple[Effect, ...]
    text: str
    #: Daybreak (RULINGS G144, G146): a Reckless card may make a check reckless (R507); ``sca``: a Treachery
    #: card's skill check ability besides its Cylon action (R505, R508); ``mutiny_on_discard``: discarded by
    #: its owner's choice, it makes him draw a Mutiny card (R1022)
    reckless: bool = False
    sca: tuple[Effect, ...] = ()
    mutiny_on_discard: bool = False

    @property
    def copies(self) -> int:
        return sum(n for _, n in self.strengths)


@dataclass(frozen=True, slots=True)
class SkillDraw:
    types: tuple[str, ...]  # one type, or the types the player picks from for each card
    count: int


@dataclass(frozen=True, slots=True)
class Ability:
    id: str
    name: str
    kind: str
    when: str
    limit: str | None
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    set: str
    type: str
    pilot: bool
    start: str
    skills: tuple[SkillDraw, ...]
    abilities: tuple[Ability, ...]
    #: Daybreak's alternate versions: the character this one is another version of (R1001)
    version_of: str | None = None
    #: a Cylon Leader who starts the game infiltrated, in his human ``start`` location (Athena, R141, R802)
    infiltrated: bool = False

    @property
    def skill_types(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(t for d in self.skills for t in d.types))

    @property
    def draw_count(self) -> int:
        return sum(d.count for d in self.skills)

    def ability(self, kind: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.kind == kind)


@dataclass(frozen=True, slots=True)
class Ship:
    id: str
    name: str
    set: str
    side: str
    damageable: bool


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    name: str
    ship: str
    set: str
    hazardous: bool
    requires: str | None
    effects: tuple[Effect, ...]
    rules: tuple[Effect, ...]
    text: str
    module: str | None = None  # in play only with this expansion module (the Cylon Fleet's Basestar Bridge)
    objective: str | None = None  # in play only with this objective (Daybreak's Earth: earth.json, R1050)

    def in_play(self, modules: Iterable[str]) -> bool:
        """Not left out by the table's modules: a location of no module, or of one the table plays (whether its
        set is in play is the table's sets' call, ``state.out_of_play``)."""
        return self.module is None or self.module in set(modules)


@dataclass(frozen=True, slots=True)
class Check:
    colors: tuple[str, ...]
    difficulty: int
    on_pass: tuple[Effect, ...]
    on_fail: tuple[Effect, ...]
    partial_at: int | None = None
    on_partial: tuple[Effect, ...] = ()
    consequence: tuple[Effect, ...] = ()

    def outcome(self, total: int) -> str:
        """``pass``, ``partial`` or ``fail`` for a check total (R501 step 8)."""
        if total >= self.difficulty:
            return "pass"
        if self.partial_at is not None and total >= self.partial_at:
            return "partial"
        return "fail"


@dataclass(frozen=True, slots=True)
class Mission:
    """A Mission card of Daybreak's Earth objective (earth.json, R1053-R1060): its skill check, the distance its
    success adds (0: none), and whether it brings the Rebel Basestar into play (``allegiance``, R1060)."""

    id: str
    name: str
    set: str
    distance: int
    allegiance: bool
    check: Check
    text: str


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    label: str
    check: Check | None
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Crisis:
    id: str
    name: str
    set: str
    copies: int
    type: str
    check: Check | None
    chooser: str | None
    options: tuple[ChoiceOption, ...]
    effects: tuple[Effect, ...]
    activation: tuple[str, ...]
    jump: bool
    super: bool
    text: str
    module: str | None = None  # used only with this expansion module (the Cylon Fleet's "CAG chooses" cards)
    deck: str = "crisis"  # "new_caprica": the New Caprica Crisis deck (R831), never in the Crisis deck
    evacuation: bool = False  # the evacuation icon of a New Caprica crisis (R834)


@dataclass(frozen=True, slots=True)
class Destination:
    id: str
    name: str
    set: str
    copies: int
    distance: int
    effects: tuple[Effect, ...]
    text: str
    #: a card only a table with this objective shuffles in (the Gas Cloud: ``new_caprica``, RULINGS G125)
    objective: str | None = None


@dataclass(frozen=True, slots=True)
class QuorumCard:
    id: str
    name: str
    set: str
    copies: int
    attach: bool
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class LoyaltyCard:
    id: str
    name: str
    set: str
    copies: int
    side: str
    effects: tuple[Effect, ...]
    text: str
    #: Conflicted Loyalties (R127): ``final_five`` (its effects strike whoever looks at it, R410) or
    #: ``personal_goal`` (its effects are its reveal action, R411); both count as "You Are Not a Cylon"
    kind: str | None = None
    condition: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))  # a goal's reveal condition
    end_loss: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))  # a goal held at the end


@dataclass(frozen=True, slots=True)
class MutinyCard:
    """A Daybreak Mutiny card (R1020): its holder plays it as his action, then it is discarded face up."""

    id: str
    name: str
    set: str
    copies: int
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class NewCapricaLocation:
    """A location of the New Caprica board (R317, R825, R827): its Human and Cylon actions (None: none)."""

    id: str
    name: str
    human_action: str | None
    cylon_action: str | None
    text: str


@dataclass(frozen=True, slots=True)
class NewCaprica:
    """Pegasus's New Caprica board and its numbers (new_caprica.json, R820-R838; RULINGS G110-G113)."""

    set: str
    trigger_distance: int
    locations: Mapping[str, NewCapricaLocation]
    occupation_track: tuple[str, ...]  # left to right (R833, RULINGS G110)
    roles: Mapping[str, str]  # NEW_CAPRICA_ROLES -> location id
    occupation_tokens: int
    attack_at_least: int
    arrest: Mapping[int, str | None]  # die face -> where the human goes (R830)
    return_above: Mapping[str, int]  # ships placed in each area above Galactica (R834)
    return_vipers: int  # vipers launched into each launch-icon area (R834)


#: what the engine asks of the New Caprica board: where each role of R821, R825, R833 is
NEW_CAPRICA_ROLES = ("human_start", "cylon_start", "sickbay", "brig", "resurrection", "enter", "shipyard")
#: the kinds of the New Caprica locations' actions (R827)
NEW_CAPRICA_ACTIONS = ("draw_skill_any", "make_operational", "activate_occupation")


@dataclass(frozen=True, slots=True)
class DaybreakDeal:
    """One row of the Daybreak loyalty table (R124)."""

    players: int
    leader: bool
    cylon: int
    not_cylon: int
    mutineer: bool


@dataclass(frozen=True, slots=True)
class SpaceArea:
    id: str
    name: str
    number: int
    launch: bool
    above: bool


@dataclass(frozen=True, slots=True)
class JumpSpace:
    id: str
    name: str
    blue: bool
    population: int
    auto: bool


@dataclass(frozen=True, slots=True)
class AttackRow:
    attacker: str
    target: str
    destroyed: frozenset[int]
    damaged: frozenset[int]
    no_roll: bool

    def result(self, roll: int) -> str:
        """``destroyed``, ``damaged`` or ``miss`` for a (modified) roll; rolls above 8 count as 8."""
        face = max(1, min(DIE_FACES, roll))
        if self.no_roll or face in self.destroyed:
            return "destroyed"
        return "damaged" if face in self.damaged else "miss"


@dataclass(frozen=True, slots=True)
class NukeRow:
    rolls: frozenset[int]
    result: str
    raiders_destroyed: int


@dataclass(frozen=True, slots=True)
class DamageToken:
    id: str
    kind: str  # galactica: location | resources; basestar: critical_hit | hangar_disabled | ...
    location: str | None
    loss: Mapping[str, int]
    damage: int
    attack_bonus: int


@dataclass(frozen=True, slots=True)
class Civilian:
    id: str
    loss: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Objective:
    id: str
    name: str
    set: str
    distance: int
    sleeper_at: int
    text: str


@dataclass(frozen=True, slots=True)
class LoyaltyDeal:
    players: int
    cylon: int
    not_cylon: int
    sympathizer: bool


@dataclass(frozen=True, slots=True)
class Board:
    set: str
    die_faces: int
    start_resources: Mapping[str, int]
    resource_max: int
    resource_half: Mapping[str, int]
    hand_limits: Mapping[str, int]
    starting_skills: int
    first_player_skills: int
    space_areas: tuple[SpaceArea, ...]
    setup_ships: tuple[tuple[str, str, int], ...]  # (ship, area, count)
    components: Mapping[str, int]
    setup_reserves: Mapping[str, int]
    admiral_nukes: int
    president_quorum: int
    civilians: tuple[Civilian, ...]
    jump_track: tuple[JumpSpace, ...]
    ftl_roll_loss_at_most: int
    cylon_activation: Mapping[str, int]
    boarding_spaces: int
    boarding_win_at: int
    attack_table: tuple[AttackRow, ...]
    nuke_table: tuple[NukeRow, ...]
    galactica_damage: tuple[DamageToken, ...]
    galactica_destroyed_at: int
    pegasus_damage: tuple[DamageToken, ...]
    pegasus_destroyed_at: int
    basestar_damage: tuple[DamageToken, ...]
    basestar_destroyed_at: int
    destiny_per_skill: int
    destiny_draw: int
    objectives: tuple[Objective, ...]
    loyalty_deal: tuple[LoyaltyDeal, ...]
    extra_not_cylon_for: tuple[str, ...]
    succession: Mapping[str, tuple[str, ...]]

    def area(self, area_id: str) -> SpaceArea:
        return next(a for a in self.space_areas if a.id == area_id)

    def adjacent(self, area_id: str) -> tuple[str, str]:
        """The two neighbours of a space area on the ring: (counter-clockwise, clockwise)."""
        ring = sorted(self.space_areas, key=lambda a: a.number)
        i = next(n for n, a in enumerate(ring) if a.id == area_id)
        return ring[i - 1].id, ring[(i + 1) % len(ring)].id

    def launch_areas(self) -> tuple[str, ...]:
        return tuple(a.id for a in self.space_areas if a.launch)

    def attack(self, attacker: str, target: str) -> AttackRow:
        return next(r for r in self.attack_table if r.attacker == attacker and r.target == target)

    def deal(self, players: int) -> LoyaltyDeal:
        return next(d for d in self.loyalty_deal if d.players == players)


@dataclass(frozen=True, slots=True)
class Agenda:
    id: str
    name: str
    set: str
    copies: int
    kind: str  # sympathetic | hostile (AGENDA_KINDS)
    side: str  # the side that must win: humans | cylons
    conditions: tuple[Mapping[str, Any], ...]
    text: str


@dataclass(frozen=True, slots=True)
class Motive:
    """R804: a Daybreak Motive card of the Cylon Leader (motives.json): the side it points to and what must
    hold when he reveals it."""

    id: str
    name: str
    set: str
    copies: int
    side: str  # humans | cylons
    requirement: tuple[Mapping[str, Any], ...]
    text: str


@dataclass(frozen=True, slots=True)
class LeaderDeal:
    """R121, R125: the loyalty deck of a table with a Cylon Leader, and the Agenda deck he draws from."""

    players: int
    cylon: int
    not_cylon: int
    agenda: str


@dataclass(frozen=True, slots=True)
class PursuitSpace:
    id: str
    civilians: int  # civilian ships the CAG places on the main board when the marker arrives here (R915)


@dataclass(frozen=True, slots=True)
class AreaNukeRow:
    """CF-2: a nuke against a space area (R618, R917)."""

    rolls: frozenset[int]
    basestar: str  # what happens to the area's basestar: damaged_twice | destroyed
    raiders_destroyed: int
    every_ship: bool  # every ship in the area is destroyed (RULINGS A18)


@dataclass(frozen=True, slots=True)
class CylonFleet:
    """The Exodus Cylon Fleet board and what the option changes (R144, R910-R919): ``cylon_fleet.json``."""

    set: str
    rolls: Mapping[int, str]  # die face -> the Cylon Fleet area (the same ids as the areas around Galactica)
    pursuit: tuple[PursuitSpace, ...]  # Start first, the end last
    vipers_to_box: int
    extra_raiders: int
    mk7: int  # Viper Mark VII, in the Damaged Vipers box at setup
    mk7_move: int
    mk7_attacked: AttackRow  # a raider's attack on a Viper Mark VII (CF-1)
    nuke_table: tuple[AreaNukeRow, ...]
    cag_succession: tuple[str, ...]
    removed_destinations: tuple[str, ...] = ()  # R144: out of the Destination deck (Pegasus's Mining Asteroid)

    def area_for(self, roll: int) -> str:
        return self.rolls[min(max(roll, 1), DIE_FACES)]


@dataclass(frozen=True, slots=True)
class Content:
    board: Board
    skill_types: Mapping[str, SkillType]
    skill_cards: Mapping[str, SkillCard]
    characters: Mapping[str, Character]
    ships: Mapping[str, Ship]
    locations: Mapping[str, Location]
    crises: Mapping[str, Crisis]
    super_crises: Mapping[str, Crisis]
    destinations: Mapping[str, Destination]
    quorum: Mapping[str, QuorumCard]
    loyalty: Mapping[str, LoyaltyCard]
    agendas: Mapping[str, Agenda]
    leader_deal: tuple[LeaderDeal, ...]

    def agenda_deck(self, kind: str, sets: Iterable[str] = ("pegasus",)) -> tuple[str, ...]:
        """R805: the Sympathetic or the Hostile Agenda deck."""
        return self._deck((a for a in self.agendas.values() if a.kind == kind), sets)

    def motive_deck(self) -> tuple[str, ...]:
        """R804: the Daybreak Motive deck, one entry per copy, in file order."""
        return self._deck(self.motives.values(), ("daybreak",))

    def leader_need(self, players: int, characters: Iterable[str], exodus: bool = False) -> LeaderDeal:
        """R121, R125: the deal with a Leader at the table, +1 Not-a-Cylon card for Baltar and Boomer; R123:
        with the Exodus cards one Not-a-Cylon card more (4 players 1 + 6, 5 players 1 + 8, 6 players 2 + 9)."""
        deal = next(d for d in self.leader_deal if d.players == players)
        extra = sum(1 for c in characters if c in self.board.extra_not_cylon_for) + (1 if exodus else 0)
        return LeaderDeal(players, deal.cylon, deal.not_cylon + extra, deal.agenda)
    cylon_fleet: CylonFleet
    exodus_deal: tuple[LoyaltyDeal, ...]  # R122: the loyalty deck of a table with the Exodus cards
    #: Daybreak (mutiny.json, loyalty.json's ``daybreak_deal``)
    mutiny: Mapping[str, MutinyCard] = field(default_factory=lambda: MappingProxyType({}))
    mutiny_limits: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    daybreak_deal: tuple[DaybreakDeal, ...] = ()
    #: Pegasus's New Caprica objective (new_caprica.json, R820-R838)
    new_caprica: NewCaprica | None = None
    #: Daybreak's Motive cards of the Cylon Leader (motives.json, R804)
    motives: Mapping[str, Motive] = field(default_factory=lambda: MappingProxyType({}))
    #: Daybreak's Earth objective: the Mission deck (earth.json, R1053)
    missions: Mapping[str, Mission] = field(default_factory=lambda: MappingProxyType({}))

    @staticmethod
    def _deck(cards: Iterable[Any], sets: Iterable[str]) -> tuple[str, ...]:
        wanted = set(sets)
        return tuple(c.id for c in cards if c.set in wanted for _ in range(c.copies))

    def skill_deck(self, skill: str, sets: Iterable[str] = ("base",)) -> tuple[tuple[str, int], ...]:
        """A skill type's deck as (card id, strength), one entry per physical card, in file order."""
        wanted = set(sets)
        return tuple(
            (card.id, strength)
            for card in self.skill_cards.values()
            if card.skill == skill and card.set in wanted
            for strength, copies in card.strengths
            for _ in range(copies)
        )

    def crisis_deck(self, sets: Iterable[str] = ("base",), modules: Iterable[str] = ()) -> tuple[str, ...]:
        return self._crises((c for c in self.crises.values() if c.deck == "crisis"), sets, modules)

    def new_caprica_deck(self) -> tuple[str, ...]:
        """R831: the New Caprica Crisis deck, one entry per copy, in file order."""
        return tuple(c.id for c in self.crises.values() if c.deck == "new_caprica" for _ in range(c.copies))

    def super_crisis_deck(self, sets: Iterable[str] = ("base",), modules: Iterable[str] = ()) -> tuple[str, ...]:
        return self._crises(self.super_crises.values(), sets, modules)

    @staticmethod
    def _crises(cards: Iterable[Crisis], sets: Iterable[str], modules: Iterable[str]) -> tuple[str, ...]:
        """The cards of the sets in use, a module's own cards only with that module (whatever the sets); the
        Cylon Fleet takes every Cylon Attack out (R144 step 1, R919)."""
        wanted, on = set(sets), set(modules)
        return tuple(
            c.id for c in cards
            if (c.module in on if c.module is not None else c.set in wanted)
            and not ("cylon_fleet" in on and c.type == "cylon_attack")
            for _ in range(c.copies)
        )

    def destination_deck(self, sets: Iterable[str] = ("base",), objective: str | None = None,
                         modules: Iterable[str] = ()) -> tuple[str, ...]:
        """The Destination deck of the sets in use; a card tied to an objective only at its tables (G125); the
        Cylon Fleet's removals with that module (R144)."""
        removed = set(self.cylon_fleet.removed_destinations) if "cylon_fleet" in set(modules) else set()
        return self._deck((d for d in self.destinations.values() if d.objective in (None, objective)
                           and d.id not in removed), sets)

    def quorum_deck(self, sets: Iterable[str] = ("base",)) -> tuple[str, ...]:
        return self._deck(self.quorum.values(), sets)

    def loyalty_cards(self, side: str, sets: Iterable[str] = ("base",), kinds: Iterable[str] = ()) -> tuple[str, ...]:
        """Every loyalty card of one side, one entry per copy; Conflicted Loyalties' cards only of ``kinds``."""
        wanted = set(kinds)
        return self._deck((c for c in self.loyalty.values() if c.side == side and (c.kind is None or c.kind in wanted)),
                          sets)

    def characters_in(self, sets: Iterable[str] = ("base",)) -> tuple[Character, ...]:
        wanted = set(sets)
        return tuple(c for c in self.characters.values() if c.set in wanted)

    def loyalty_need(
        self, players: int, characters: Iterable[str], sets: Iterable[str] = ("base",)
    ) -> tuple[int, int, bool]:
        """(Cylon cards, Not-a-Cylon cards, Sympathizer?) of the loyalty deck: the base game's (R120), or with
        the Exodus cards R122's, one Not-a-Cylon card more."""
        deal = (
            next(d for d in self.exodus_deal if d.players == players) if "exodus" in set(sets)
            else self.board.deal(players)
        )
        extra = sum(1 for c in characters if c in self.board.extra_not_cylon_for)
        return deal.cylon, deal.not_cylon + extra, deal.sympathizer

    def mutiny_deck(self, sets: Iterable[str] = ("daybreak",)) -> tuple[str, ...]:
        return self._deck(self.mutiny.values(), sets)

    def daybreak_loyalty_need(
        self, players: int, characters: Iterable[str], leader: bool = False, exodus: bool = False
    ) -> tuple[int, int, bool]:
        """(Cylon cards, Not-a-Cylon cards, Mutineer?) of a Daybreak loyalty deck (R124): the table's row, +1
        Not-a-Cylon card with Exodus and for each of the original Gaius Baltar and Sharon "Boomer" Valerii."""
        deal = next(d for d in self.daybreak_deal if d.players == players and d.leader == leader)
        extra = sum(1 for c in characters if c in self.board.extra_not_cylon_for) + (1 if exodus else 0)
        return deal.cylon, deal.not_cylon + extra, deal.mutineer

    def lookup(self, any_id: str) -> Any:
        """The record with this id, whatever its kind (ids are unique across all files)."""
        for table in (
            self.skill_types,
            self.skill_cards,
            self.characters,
            self.ships,
            self.locations,
            self.crises,
            self.super_crises,
            self.destinations,
            self.quorum,
            self.loyalty,
            self.agendas,
            self.mutiny,
            self.motives,
            self.missions,
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


def walk(effects: Iterable[Effect]) -> Iterable[Effect]:
    """Every effect of a list, nested outcomes included, depth first."""
    for effect in effects:
        yield effect
        yield from walk(effect.nested())


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Loader(ContentFiles):
    error = ContentError
    other_keys = True

    def __init__(self, directory: Path) -> None:
        super().__init__(directory)
        #: (where, kind of reference, id) checked once everything is loaded
        self.refs: list[tuple[str, str, str]] = []

    # ---- helpers (reading files and claiming ids: ContentFiles)
    @staticmethod
    def need(where: str, entry: Mapping[str, Any], key: str) -> Any:
        if not isinstance(entry, Mapping) or key not in entry:
            raise ContentError(f"{where}: missing {key!r}")
        return entry[key]

    def text(self, where: str, entry: Mapping[str, Any], key: str = "text") -> str:
        value = self.need(where, entry, key)
        if not isinstance(value, str) or not value.strip():
            raise ContentError(f"{where}: {key!r} must be a non-empty string")
        return value

    def int_(
        self, where: str, entry: Mapping[str, Any], key: str, low: int = 0, high: int | None = None
    ) -> int:
        value = self.need(where, entry, key)
        if not _is_int(value) or value < low or (high is not None and value > high):
            bounds = f"{low}..{high}" if high is not None else f">= {low}"
            raise ContentError(f"{where}: {key!r} must be an integer {bounds}, not {value!r}")
        return int(value)

    def bool_(self, where: str, entry: Mapping[str, Any], key: str) -> bool:
        value = self.need(where, entry, key)
        if not isinstance(value, bool):
            raise ContentError(f"{where}: {key!r} must be true or false")
        return value

    @staticmethod
    def one_of(where: str, value: Any, allowed: Iterable[Any], what: str) -> Any:
        allowed = tuple(allowed)
        if value not in allowed:
            raise ContentError(f"{where}: {what} {value!r} is not one of {', '.join(map(str, allowed))}")
        return value

    def set_(self, where: str, entry: Mapping[str, Any]) -> str:
        return str(self.one_of(where, self.need(where, entry, "set"), SETS, "set"))

    def loss(self, where: str, value: Any) -> Mapping[str, int]:
        if not isinstance(value, Mapping):
            raise ContentError(f"{where}: a loss must be an object of resources")
        for key, amount in value.items():
            self.one_of(where, key, RESOURCES, "resource")
            if not _is_int(amount) or amount <= 0:
                raise ContentError(f"{where}: loss of {key} must be a positive integer")
        return MappingProxyType(dict(value))

    # ---- effects
    def effects(self, where: str, value: Any) -> tuple[Effect, ...]:
        if not isinstance(value, list):
            raise ContentError(f"{where}: effects must be a list")
        return tuple(self.effect(f"{where}[{i}]", raw) for i, raw in enumerate(value))

    def effect(self, where: str, raw: Any) -> Effect:
        if not isinstance(raw, Mapping):
            raise ContentError(f"{where}: an effect must be an object")
        kind = self.one_of(where, raw.get("kind"), EFFECT_KINDS, "effect kind")
        where = f"{where} ({kind})"
        required, optional = EFFECT_KINDS[kind]
        params = {k: v for k, v in raw.items() if k != "kind"}
        for name in required:
            if name not in params:
                raise ContentError(f"{where}: missing {name!r}")
        unknown = set(params) - set(required) - set(optional)
        if unknown:
            raise ContentError(f"{where}: unknown {', '.join(sorted(unknown))}")
        if kind == "resources" and (not params or any(not _is_int(v) or v == 0 for v in params.values())):
            raise ContentError(f"{where}: give at least one resource, each a non-zero integer")
        for name in NESTED:
            if name in params:
                params[name] = self.effects(f"{where}.{name}", params[name])
        if "options" in params:
            options = params["options"]
            if not isinstance(options, list) or len(options) < 2:
                raise ContentError(f"{where}: options must be a list of at least 2 effect lists")
            params["options"] = tuple(self.effects(f"{where}.options[{i}]", o) for i, o in enumerate(options))
        self.effect_refs(where, kind, params)
        return Effect(kind, MappingProxyType(params))

    def effect_refs(self, where: str, kind: str, params: Mapping[str, Any]) -> None:
        for key in ("who", "target"):
            if key in params and kind != "attack":  # an attack's target is a ship, not a player
                self.one_of(where, params[key], WHO, key)
        if "count" in params and params["count"] != "all":
            value = params["count"]
            if not _is_int(value) or value < 0:
                raise ContentError(f"{where}: count must be a non-negative integer or 'all'")
        if kind == "place_ships":
            self.one_of(where, params["ship"], SHIPS, "ship")
            self.refs.append((where, "area", params["area"]))
        if kind in ("destroy_cylon_ships", "place_on_fleet"):
            self.one_of(where, params["ship"], CYLON_SHIPS, "ship")
        if kind == "activate_cylons":
            self.one_of(where, params["icon"], ACTIVATIONS, "icon")
        if kind == "destroy_sheet":
            self.one_of(where, params["sheet"], SHEETS, "sheet")
        if kind == "attack":
            self.one_of(where, params["attacker"], ATTACKERS, "attacker")
            self.one_of(where, params["target"], ATTACK_TARGETS, "target")
        if kind == "draw_skills":
            types = params["types"]
            if isinstance(types, list):
                for t in types:
                    self.one_of(where, t, SKILLS, "skill")
            else:
                self.one_of(where, types, SKILL_DRAW_TYPES, "types")
        if kind in ("count_positive",):
            self.one_of(where, params["skill"], SKILLS, "skill")
        if kind == "remove_check_cards" and params["skill"] != "chosen":
            self.one_of(where, params["skill"], SKILLS, "skill")
        if kind in ("give_title", "title_barred", "succession_first"):
            self.one_of(where, params["title"], TITLES, "title")
        if kind in ("send_to",):
            self.refs.append((where, "location", params["location"]))
        if kind == "move_character" and params["to"] != "any":
            self.refs.append((where, "location", params["to"]))
        if kind in ("location_barred", "location_bonus"):
            self.refs.append((where, "location", params["location"]))
        if kind == "stay_on_ship":
            self.refs.append((where, "ship", params["ship"]))
        if kind == "look_deck":
            self.one_of(where, params["deck"], DECKS, "deck")
        if kind == "extra_loyalty":
            self.one_of(where, params["at"], ("setup", "sleeper"), "at")
        if kind == "skill_check":
            self.check_colors(where, params["colors"])
            if not _is_int(params["difficulty"]) or params["difficulty"] < 1:
                raise ContentError(f"{where}: difficulty must be a positive integer")
        if kind in ("roll", "risk_raptor") and (
            not _is_int(params["at_least"]) or not 1 <= params["at_least"] <= DIE_FACES
        ):
            raise ContentError(f"{where}: at_least must be a die face 1..{DIE_FACES}")
        if "chooser" in params:
            self.one_of(where, params["chooser"], CHOOSERS, "chooser")
        if "if_half" in params:
            self.one_of(where, params["if_half"], RESOURCES, "resource")

    def check_colors(self, where: str, colors: Any) -> tuple[str, ...]:
        if not isinstance(colors, list) or not colors or len(set(colors)) != len(colors):
            raise ContentError(f"{where}: colors must be a non-empty list of distinct skills")
        for c in colors:
            self.one_of(where, c, SKILLS, "skill colour")
        return tuple(colors)

    def check(self, where: str, raw: Any) -> Check:
        if not isinstance(raw, Mapping):
            raise ContentError(f"{where}: a check must be an object")
        unknown = set(raw) - {"colors", "difficulty", "pass", "fail", "partial", "consequence"}
        if unknown:
            raise ContentError(f"{where}: unknown {', '.join(sorted(unknown))}")
        colors = self.check_colors(where, self.need(where, raw, "colors"))
        difficulty = self.int_(where, raw, "difficulty", 1)
        partial_at: int | None = None
        on_partial: tuple[Effect, ...] = ()
        if raw.get("partial") is not None:
            partial = raw["partial"]
            partial_at = self.int_(f"{where}.partial", partial, "at_least", 0)
            if partial_at >= difficulty:
                raise ContentError(f"{where}: the partial pass ({partial_at}) must be below the difficulty")
            on_partial = self.effects(f"{where}.partial", self.need(where, partial, "effects"))
        return Check(
            colors=colors,
            difficulty=difficulty,
            on_pass=self.effects(f"{where}.pass", self.need(where, raw, "pass")),
            on_fail=self.effects(f"{where}.fail", self.need(where, raw, "fail")),
            partial_at=partial_at,
            on_partial=on_partial,
            consequence=self.effects(f"{where}.consequence", raw.get("consequence", [])),
        )

    # ---- files
    def run(self) -> Content:
        board = self.load_board()
        skill_types, skill_cards = self.load_skills()
        ships, locations = self.load_locations()
        characters = self.load_characters()
        crises = self.load_crises("crises.json", "crises", False)
        super_crises = self.load_crises("super_crises.json", "super_crises", True)
        destinations = self.load_destinations()
        quorum = self.load_quorum()
        loyalty = self.load_loyalty()
        agendas = self.load_agendas()
        leader_deal = self.load_leader_deal()
        fleet = self.load_cylon_fleet(board)
        exodus_deal = self.load_exodus()
        mutiny, mutiny_limits = self.load_mutiny()
        daybreak_deal = self.load_daybreak_deal()
        new_caprica = self.load_new_caprica()
        missions = self.load_missions()
        crises.update(self.load_crises("new_caprica.json", "crises", False, "new_caprica"))
        result = Content(
            board=board,
            skill_types=MappingProxyType(skill_types),
            skill_cards=MappingProxyType(skill_cards),
            characters=MappingProxyType(characters),
            ships=MappingProxyType(ships),
            locations=MappingProxyType(locations),
            crises=MappingProxyType(crises),
            super_crises=MappingProxyType(super_crises),
            destinations=MappingProxyType(destinations),
            quorum=MappingProxyType(quorum),
            loyalty=MappingProxyType(loyalty),
            agendas=MappingProxyType(agendas),
            leader_deal=leader_deal,
            cylon_fleet=fleet,
            exodus_deal=exodus_deal,
            mutiny=MappingProxyType(mutiny),
            mutiny_limits=MappingProxyType(mutiny_limits),
            daybreak_deal=daybreak_deal,
            new_caprica=new_caprica,
            motives=MappingProxyType(self.load_motives()),
            missions=MappingProxyType(missions),
        )
        self.resolve(result)
        self.counts(result)
        self.daybreak_counts(result)
        return result

    def load_board(self) -> Board:
        name = "board.json"
        raw = self.read(name, None)
        where = name
        res = self.need(where, raw, "resources")
        start = self.need(where, res, "start")
        half = self.need(where, res, "half")
        for table, label in ((start, "resources.start"), (half, "resources.half")):
            if not isinstance(table, Mapping) or set(table) != set(RESOURCES):
                raise ContentError(f"{where}: {label} must give exactly {', '.join(RESOURCES)}")
        resource_max = self.int_(where, res, "max", 1)
        for r in RESOURCES:
            if not _is_int(start[r]) or not 0 < start[r] <= resource_max or not 0 < half[r] < start[r]:
                raise ContentError(f"{where}: {r}: 0 < half < start <= max is required")
        areas = []
        for i, a in enumerate(self.need(where, raw, "space_areas")):
            w = f"{where}: space_areas[{i}]"
            areas.append(
                SpaceArea(
                    id=self.claim(w, self.need(w, a, "id")),
                    name=self.text(w, a, "name"),
                    number=self.int_(w, a, "number", 1),
                    launch=self.bool_(w, a, "launch"),
                    above=self.bool_(w, a, "above"),
                )
            )
        numbers = sorted(a.number for a in areas)
        if numbers != list(range(1, len(areas) + 1)) or len(areas) != 6:
            raise ContentError(f"{where}: space_areas must be 6 areas numbered 1..6 around Galactica")
        if sum(a.launch for a in areas) != 2 or sum(a.above for a in areas) != 2:
            raise ContentError(
                f"{where}: exactly 2 space areas carry the launch icon and 2 lie above Galactica"
            )
        area_ids = {a.id for a in areas}
        components = self.need(where, raw, "components")
        for ship in (*SHIPS, "centurion", "nuke", "nuke_limit"):
            if ship != "civilian":
                self.int_(f"{where}: components", components, ship, 1)
        setup_ships = []
        placed: dict[str, int] = {}
        for i, s in enumerate(self.need(where, raw, "setup_ships")):
            w = f"{where}: setup_ships[{i}]"
            ship = self.one_of(w, self.need(w, s, "ship"), SHIPS, "ship")
            area = self.one_of(w, self.need(w, s, "area"), area_ids, "area")
            count = self.int_(w, s, "count", 1)
            placed[ship] = placed.get(ship, 0) + count
            setup_ships.append((ship, area, count))
        civilians = []
        for i, c in enumerate(self.need(where, raw, "civilians")):
            w = f"{where}: civilians[{i}]"
            civilians.append(
                Civilian(self.claim(w, self.need(w, c, "id")), self.loss(w, self.need(w, c, "loss")))
            )
        for ship, count in placed.items():
            supply = len(civilians) if ship == "civilian" else components[ship]
            if count > supply:
                raise ContentError(f"{where}: setup places {count} {ship} but only {supply} exist")
        reserves = self.need(where, raw, "setup_reserves")
        for ship in ("viper", "raptor"):
            if self.int_(f"{where}: setup_reserves", reserves, ship, 0) > components[ship]:
                raise ContentError(f"{where}: more {ship}s in the Reserves than exist")
        jump = []
        for i, j in enumerate(self.need(where, raw, "jump_track")):
            w = f"{where}: jump_track[{i}]"
            jump.append(
                JumpSpace(
                    id=self.claim(w, self.need(w, j, "id")),
                    name=self.text(w, j, "name"),
                    blue=self.bool_(w, j, "blue"),
                    population=self.int_(w, j, "population", 0),
                    auto=bool(j.get("auto", False)),
                )
            )
        if len(jump) < 3 or not jump[-1].auto or any(s.auto for s in jump[:-1]) or jump[0].blue:
            raise ContentError(
                f"{where}: the jump track runs from a plain Start to a single Auto Jump at its end"
            )
        if not any(s.blue for s in jump):
            raise ContentError(f"{where}: the jump track needs at least one blue space")
        boarding = self.need(where, raw, "boarding_track")
        spaces = self.int_(f"{where}: boarding_track", boarding, "spaces", 2)
        win_at = self.int_(f"{where}: boarding_track", boarding, "win_at", 1, spaces - 1)
        rows = []
        for i, r in enumerate(self.need(where, raw, "attack_table")):
            w = f"{where}: attack_table[{i}]"
            destroyed = self.faces(w, self.need(w, r, "destroyed"))
            damaged = self.faces(w, self.need(w, r, "damaged"))
            if destroyed & damaged:
                raise ContentError(f"{w}: a roll cannot both damage and destroy")
            rows.append(
                AttackRow(
                    attacker=self.one_of(w, self.need(w, r, "attacker"), ATTACKERS, "attacker"),
                    target=self.one_of(w, self.need(w, r, "target"), ATTACK_TARGETS, "target"),
                    destroyed=destroyed,
                    damaged=damaged,
                    no_roll=bool(r.get("no_roll", False)),
                )
            )
        pairs = [(r.attacker, r.target) for r in rows]
        if len(set(pairs)) != len(pairs):
            raise ContentError(f"{where}: attack_table repeats an attacker and target pair")
        nukes = []
        seen: set[int] = set()
        for i, n in enumerate(self.need(where, raw, "nuke_table")):
            w = f"{where}: nuke_table[{i}]"
            faces = self.faces(w, self.need(w, n, "rolls"))
            if faces & seen:
                raise ContentError(f"{w}: a roll appears twice in the nuke table")
            seen |= faces
            result = self.one_of(w, self.need(w, n, "result"), ("damaged_twice", "destroyed"), "result")
            nukes.append(NukeRow(faces, result, self.int_(w, n, "raiders_destroyed", 0)))
        if seen != set(range(1, DIE_FACES + 1)):
            raise ContentError(f"{where}: the nuke table must cover every die face once")
        galactica = self.ship_damage(where, raw, "galactica")
        pegasus = self.ship_damage(where, raw, "pegasus")
        basestar = []
        for i, t in enumerate(self.need(where, raw, "basestar_damage")):
            w = f"{where}: basestar_damage[{i}]"
            kind = self.one_of(
                w,
                self.need(w, t, "kind"),
                ("critical_hit", "hangar_disabled", "weapons_disabled", "structural_damage"),
                "kind",
            )
            basestar.append(
                DamageToken(
                    self.claim(w, self.need(w, t, "id")),
                    kind,
                    None,
                    MappingProxyType({}),
                    self.int_(w, t, "damage", 1),
                    int(t.get("attack_bonus", 0)),
                )
            )
        destiny = self.need(where, raw, "destiny")
        objectives = []
        for i, o in enumerate(self.need(where, raw, "objectives")):
            w = f"{where}: objectives[{i}]"
            objectives.append(
                Objective(
                    id=self.claim(w, self.need(w, o, "id")),
                    name=self.text(w, o, "name"),
                    set=self.set_(w, o),
                    distance=self.int_(w, o, "distance", 1),
                    sleeper_at=self.int_(w, o, "sleeper_at", 1),
                    text=self.text(w, o),
                )
            )
        deals = []
        for i, d in enumerate(self.need(where, raw, "loyalty_deal")):
            w = f"{where}: loyalty_deal[{i}]"
            deals.append(
                LoyaltyDeal(
                    players=self.int_(w, d, "players", 3, 6),
                    cylon=self.int_(w, d, "cylon", 1),
                    not_cylon=self.int_(w, d, "not_cylon", 1),
                    sympathizer=self.bool_(w, d, "sympathizer"),
                )
            )
        if sorted(d.players for d in deals) != [3, 4, 5, 6]:
            raise ContentError(f"{where}: loyalty_deal needs exactly one row for each of 3..6 players")
        extra = tuple(self.need(where, raw, "extra_not_cylon_for"))
        for c in extra:
            self.refs.append((f"{where}: extra_not_cylon_for", "character", c))
        titles = self.need(where, raw, "titles")
        if not isinstance(titles, Mapping) or set(titles) != set(TITLES):
            raise ContentError(f"{where}: titles must give the succession of {', '.join(TITLES)}")
        succession: dict[str, tuple[str, ...]] = {}
        for title, line in titles.items():
            if not isinstance(line, list) or len(set(line)) != len(line):
                raise ContentError(f"{where}: titles.{title} must be a list without repeats")
            for c in line:
                self.refs.append((f"{where}: titles.{title}", "character", c))
            succession[title] = tuple(line)
        activation = self.need(where, raw, "cylon_activation")
        if not isinstance(activation, Mapping) or set(activation) != set(CYLON_ACTIVATION_KEYS):
            raise ContentError(
                f"{where}: cylon_activation must give exactly {', '.join(CYLON_ACTIVATION_KEYS)}"
            )
        hands = self.need(where, raw, "hand_limits")
        skills = self.need(where, raw, "starting_skills")
        return Board(
            set=self.set_(where, raw),
            die_faces=self.int_(f"{where}: die", self.need(where, raw, "die"), "faces", DIE_FACES, DIE_FACES),
            start_resources=MappingProxyType(dict(start)),
            resource_max=resource_max,
            resource_half=MappingProxyType(dict(half)),
            hand_limits=MappingProxyType(
                {k: self.int_(f"{where}: hand_limits", hands, k, 1) for k in ("skill", "quorum")}
            ),
            starting_skills=self.int_(f"{where}: starting_skills", skills, "default", 0),
            first_player_skills=self.int_(f"{where}: starting_skills", skills, "first_player", 0),
            space_areas=tuple(areas),
            setup_ships=tuple(setup_ships),
            components=MappingProxyType(dict(components)),
            setup_reserves=MappingProxyType(dict(reserves)),
            admiral_nukes=self.int_(where, raw, "admiral_nukes", 0, components["nuke"]),
            president_quorum=self.int_(where, raw, "president_quorum", 0),
            civilians=tuple(civilians),
            jump_track=tuple(jump),
            ftl_roll_loss_at_most=self.int_(where, raw, "ftl_roll_loss_at_most", 1, DIE_FACES),
            cylon_activation=MappingProxyType(
                {k: self.int_(f"{where}: cylon_activation", activation, k, 1) for k in CYLON_ACTIVATION_KEYS}
            ),
            boarding_spaces=spaces,
            boarding_win_at=win_at,
            attack_table=tuple(rows),
            nuke_table=tuple(nukes),
            galactica_damage=tuple(galactica),
            galactica_destroyed_at=self.int_(where, raw, "galactica_destroyed_at", 1),
            pegasus_damage=tuple(pegasus),
            pegasus_destroyed_at=self.int_(where, raw, "pegasus_destroyed_at", 1),
            basestar_damage=tuple(basestar),
            basestar_destroyed_at=self.int_(where, raw, "basestar_destroyed_at", 1),
            destiny_per_skill=self.int_(f"{where}: destiny", destiny, "per_skill", 1),
            destiny_draw=self.int_(f"{where}: destiny", destiny, "draw", 1),
            objectives=tuple(objectives),
            loyalty_deal=tuple(sorted(deals, key=lambda d: d.players)),
            extra_not_cylon_for=extra,
            succession=MappingProxyType(succession),
        )

    def ship_damage(self, where: str, raw: Mapping[str, Any], ship: str) -> list[DamageToken]:
        """A damageable ship's tokens (R162, R800): a location of that ship, or lost resources."""
        out = []
        for i, t in enumerate(self.need(where, raw, f"{ship}_damage")):
            w = f"{where}: {ship}_damage[{i}]"
            kind = self.one_of(w, self.need(w, t, "kind"), ("location", "resources"), "kind")
            location = None
            loss: Mapping[str, int] = MappingProxyType({})
            if kind == "location":
                location = self.need(w, t, "location")
                self.refs.append((w, f"{ship}_location", location))
            else:
                loss = self.loss(w, self.need(w, t, "loss"))
                if not loss:
                    raise ContentError(f"{w}: a lost-resources token must lose something")
            out.append(DamageToken(self.claim(w, self.need(w, t, "id")), kind, location, loss, 1, 0))
        return out

    def deals(self, where: str, raw: Any) -> tuple[LoyaltyDeal, ...]:
        deals = []
        for i, d in enumerate(raw if isinstance(raw, list) else []):
            w = f"{where}[{i}]"
            deals.append(
                LoyaltyDeal(
                    players=self.int_(w, d, "players", 3, 6),
                    cylon=self.int_(w, d, "cylon", 1),
                    not_cylon=self.int_(w, d, "not_cylon", 1),
                    sympathizer=self.bool_(w, d, "sympathizer"),
                )
            )
        if sorted(d.players for d in deals) != [3, 4, 5, 6]:
            raise ContentError(f"{where} needs exactly one row for each of 3..6 players")
        return tuple(sorted(deals, key=lambda d: d.players))

    def load_exodus(self) -> tuple[LoyaltyDeal, ...]:
        """``exodus.json``: what the Exodus cards change that is no card (R122's loyalty deal)."""
        name = "exodus.json"
        raw = self.read(name, None)
        if self.set_(name, raw) != "exodus":
            raise ContentError(f"{name}: set must be exodus")
        return self.deals(f"{name}: loyalty_deal", self.need(name, raw, "loyalty_deal"))

    def load_cylon_fleet(self, board: Board) -> CylonFleet:
        """``cylon_fleet.json`` (SCHEMA.md): every die face names one Cylon Fleet area, the pursuit track runs
        from a plain Start to a plain end, the area nuke table covers every face once."""
        name = "cylon_fleet.json"
        raw = self.read(name, None)
        where = name
        areas = {a.id for a in board.space_areas}
        rolls: dict[int, str] = {}
        for i, a in enumerate(self.need(where, raw, "areas")):
            w = f"{where}: areas[{i}]"
            area = self.one_of(w, self.need(w, a, "area"), areas, "area")
            for face in self.faces(w, self.need(w, a, "rolls")):
                if face in rolls:
                    raise ContentError(f"{w}: die face {face} already names {rolls[face]}")
                rolls[face] = area
        if set(rolls) != set(range(1, DIE_FACES + 1)) or set(rolls.values()) != areas:
            raise ContentError(f"{where}: the die faces must name every area, each face once")
        pursuit = []
        for i, p in enumerate(self.need(where, raw, "pursuit_track")):
            w = f"{where}: pursuit_track[{i}]"
            pursuit.append(PursuitSpace(self.claim(w, self.need(w, p, "id")), self.int_(w, p, "civilians", 0, 2)))
        if len(pursuit) < 3 or pursuit[0].civilians or pursuit[-1].civilians:
            raise ContentError(f"{where}: the pursuit track runs from Start to its end, both without civilians")
        setup = self.need(where, raw, "setup")
        mk7 = self.need(where, raw, "viper_mk7")
        attacked = self.need(f"{where}: viper_mk7", mk7, "attacked")
        destroyed = self.faces(f"{where}: viper_mk7.attacked", self.need(where, attacked, "destroyed"))
        damaged = self.faces(f"{where}: viper_mk7.attacked", self.need(where, attacked, "damaged"))
        if destroyed & damaged:
            raise ContentError(f"{where}: viper_mk7.attacked: a roll cannot both damage and destroy")
        nukes = []
        seen: set[int] = set()
        for i, n in enumerate(self.need(where, raw, "nuke_table")):
            w = f"{where}: nuke_table[{i}]"
            faces = self.faces(w, self.need(w, n, "rolls"))
            if faces & seen:
                raise ContentError(f"{w}: a roll appears twice in the nuke table")
            seen |= faces
            nukes.append(AreaNukeRow(
                faces, self.one_of(w, self.need(w, n, "basestar"), ("damaged_twice", "destroyed"), "basestar"),
                self.int_(w, n, "raiders_destroyed", 0), bool(n.get("every_ship", False))))
        if seen != set(range(1, DIE_FACES + 1)):
            raise ContentError(f"{where}: the nuke table must cover every die face once")
        line = self.need(where, raw, "cag_succession")
        if not isinstance(line, list) or len(set(line)) != len(line):
            raise ContentError(f"{where}: cag_succession must be a list without repeats")
        for c in line:
            self.refs.append((f"{where}: cag_succession", "character", c))
        removed = setup.get("removed_destinations", [])
        if not isinstance(removed, list) or any(not isinstance(d, str) for d in removed):
            raise ContentError(f"{where}: setup.removed_destinations must be a list of Destination ids")
        for d in removed:
            self.refs.append((f"{where}: setup.removed_destinations", "destination", d))
        if self.need(where, raw, "module") != "cylon_fleet":
            raise ContentError(f"{where}: module must be cylon_fleet")
        return CylonFleet(
            set=self.set_(where, raw),
            rolls=MappingProxyType(rolls),
            pursuit=tuple(pursuit),
            vipers_to_box=self.int_(f"{where}: setup", setup, "vipers_to_box", 0, board.setup_reserves["viper"]),
            extra_raiders=self.int_(f"{where}: setup", setup, "extra_raiders", 0),
            mk7=self.int_(f"{where}: viper_mk7", mk7, "count", 0),
            mk7_move=self.int_(f"{where}: viper_mk7", mk7, "move", 1),
            mk7_attacked=AttackRow("raider", "viper_mk7", destroyed, damaged, False),
            nuke_table=tuple(nukes),
            cag_succession=tuple(line),
            removed_destinations=tuple(removed),
        )

    @staticmethod
    def faces(where: str, value: Any) -> frozenset[int]:
        if not isinstance(value, list) or any(not _is_int(v) or not 1 <= v <= DIE_FACES for v in value):
            raise ContentError(f"{where}: die results must be a list of faces 1..{DIE_FACES}")
        if len(set(value)) != len(value):
            raise ContentError(f"{where}: a die face is listed twice")
        return frozenset(value)

    def load_skills(self) -> tuple[dict[str, SkillType], dict[str, SkillCard]]:
        name = "skills.json"
        raw = self.read(name, None)
        types: dict[str, SkillType] = {}
        for i, t in enumerate(self.need(name, raw, "types")):
            w = f"{name}: types[{i}]"
            tid = self.one_of(w, self.need(w, t, "id"), ALL_SKILLS, "skill")
            types[self.claim(w, tid)] = SkillType(
                tid, self.text(w, t, "name"), self.text(w, t, "colour"), self.set_(w, t)
            )
            if (types[tid].set == "base") != (tid in SKILLS):
                raise ContentError(f"{w}: the 5 colours are base skills, Treachery a Pegasus one")
        if tuple(types) != ALL_SKILLS:
            raise ContentError(f"{name}: types must be the 6 skills in order: {', '.join(ALL_SKILLS)}")
        if len({t.colour for t in types.values()}) != len(types):
            raise ContentError(f"{name}: every skill type needs its own colour")
        cards: dict[str, SkillCard] = {}
        for i, c in enumerate(self.need(name, raw, "cards")):
            w = f"{name}: cards[{i}]"
            cid = self.claim(w, self.need(w, c, "id"))
            w = f"{name}: {cid}"
            strengths = []
            for s in self.need(w, c, "strengths"):
                strengths.append((self.int_(w, s, "strength", 0), self.int_(w, s, "copies", 1)))
            if not strengths:
                raise ContentError(f"{w}: strengths must not be empty")
            cards[cid] = SkillCard(
                id=cid,
                name=self.text(w, c, "name"),
                skill=self.one_of(w, self.need(w, c, "skill"), ALL_SKILLS, "skill"),
                set=self.set_(w, c),
                strengths=tuple(strengths),
                timing=self.one_of(w, self.need(w, c, "timing"), SKILL_TIMINGS, "timing"),
                effects=self.effects(w, self.need(w, c, "effects")),
                text=self.text(w, c),
                reckless=self.bool_(w, c, "reckless") if "reckless" in c else False,
                sca=self.effects(w, c["sca"]) if "sca" in c else (),
                mutiny_on_discard=self.bool_(w, c, "mutiny_on_discard") if "mutiny_on_discard" in c else False,
            )
            if not cards[cid].effects:
                raise ContentError(f"{w}: a Skill card needs at least one effect")
            if cards[cid].skill == TREACHERY and (cards[cid].set in ("base", "exodus") or cards[cid].timing != "action"):
                raise ContentError(f"{w}: a Treachery card is a Pegasus or Daybreak card played as an action (R801)")
            if (cards[cid].sca or cards[cid].mutiny_on_discard) and cards[cid].skill != TREACHERY:
                raise ContentError(f"{w}: only a Treachery card has 'sca' or 'mutiny_on_discard' (R508, R1022)")
            if cards[cid].set != "daybreak" and (cards[cid].reckless or cards[cid].sca or cards[cid].mutiny_on_discard):
                raise ContentError(f"{w}: Reckless cards and Treachery abilities are Daybreak's (R507, R508, R1022)")
        return types, cards

    def load_locations(self) -> tuple[dict[str, Ship], dict[str, Location]]:
        ships: dict[str, Ship] = {}
        locations: dict[str, Location] = {}
        for name in ("locations.json", "earth.json"):  # earth.json: the Demetrius and the Rebel Basestar (R1050)
            self.load_ships_and_locations(name, ships, locations)
        return ships, locations

    def load_ships_and_locations(self, name: str, ships: dict[str, Ship], locations: dict[str, Location]) -> None:
        raw = self.read(name, None)
        for i, s in enumerate(self.need(name, raw, "ships")):
            w = f"{name}: ships[{i}]"
            sid = self.claim(w, self.need(w, s, "id"))
            ships[sid] = Ship(
                sid,
                self.text(w, s, "name"),
                self.set_(w, s),
                self.one_of(w, self.need(w, s, "side"), ("human", "cylon"), "side"),
                self.bool_(w, s, "damageable"),
            )
        for i, loc in enumerate(self.need(name, raw, "locations")):
            w = f"{name}: locations[{i}]"
            lid = self.claim(w, self.need(w, loc, "id"))
            w = f"{name}: {lid}"
            requires = self.need(w, loc, "requires")
            if requires is not None:
                self.one_of(w, requires, LOCATION_REQUIRES, "requires")
            locations[lid] = Location(
                id=lid,
                name=self.text(w, loc, "name"),
                ship=self.one_of(w, self.need(w, loc, "ship"), ships, "ship"),
                set=self.set_(w, loc),
                hazardous=self.bool_(w, loc, "hazardous"),
                requires=requires,
                effects=self.effects(w, self.need(w, loc, "effects")),
                rules=self.effects(f"{w}.rules", loc.get("rules", [])),
                text=self.text(w, loc),
                module=None if loc.get("module") is None else self.one_of(w, loc["module"], MODULES, "module"),
                objective=None if loc.get("objective") is None else self.one_of(
                    w, loc["objective"], OBJECTIVE_LOCATIONS, "objective"),
            )
            if not locations[lid].effects and not locations[lid].hazardous:
                raise ContentError(f"{w}: only a hazardous location may have no action")

    def load_missions(self) -> dict[str, Mission]:
        """earth.json's Mission deck (R1053-R1060): one card each; a success adds ``distance`` (R1055)."""
        name = "earth.json"
        out: dict[str, Mission] = {}
        for i, m in enumerate(self.read(name, "missions")):
            w = f"{name}: missions[{i}]"
            mid = self.claim(w, self.need(w, m, "id"))
            w = f"{name}: {mid}"
            out[mid] = Mission(
                id=mid,
                name=self.text(w, m, "name"),
                set=self.set_(w, m),
                distance=self.int_(w, m, "distance", 0, 4),
                allegiance=bool(m.get("allegiance", False)),
                check=self.check(f"{w}.check", self.need(w, m, "check")),
                text=self.text(w, m),
            )
        if sum(1 for m in out.values() if m.allegiance) != 1:
            raise ContentError(f"{name}: exactly one Mission brings the Rebel Basestar into play (R1060)")
        return out

    def load_characters(self) -> dict[str, Character]:
        name = "characters.json"
        out: dict[str, Character] = {}
        for i, c in enumerate(self.read(name, "characters")):
            w = f"{name}: characters[{i}]"
            cid = self.claim(w, self.need(w, c, "id"))
            w = f"{name}: {cid}"
            skills = []
            for s in self.need(w, c, "skills"):
                types = self.need(w, s, "types")
                if not isinstance(types, list) or not types:
                    raise ContentError(f"{w}: a skill draw names at least one type")
                for t in types:
                    self.one_of(w, t, SKILLS, "skill")
                skills.append(SkillDraw(tuple(types), self.int_(w, s, "count", 1)))
            abilities = []
            for a in self.need(w, c, "abilities"):
                aw = f"{w}: ability"
                aid = self.claim(aw, self.need(aw, a, "id"))
                aw = f"{w}: {aid}"
                limit = a.get("limit")
                if limit is not None:
                    self.one_of(aw, limit, ABILITY_LIMITS, "limit")
                abilities.append(
                    Ability(
                        id=aid,
                        name=self.text(aw, a, "name"),
                        kind=self.one_of(aw, self.need(aw, a, "kind"), ABILITY_KINDS, "kind"),
                        when=self.one_of(aw, self.need(aw, a, "when"), ABILITY_WHEN, "when"),
                        limit=limit,
                        effects=self.effects(aw, self.need(aw, a, "effects")),
                        text=self.text(aw, a),
                    )
                )
            kinds = sorted(a.kind for a in abilities)
            if kinds != sorted(ABILITY_KINDS):
                raise ContentError(
                    f"{w}: a character has exactly one ability, one once-per-game ability, one weakness"
                )
            start = self.need(w, c, "start")
            leader = c.get("type") == LEADER
            infiltrated = bool(c.get("infiltrated", False))
            if infiltrated and not leader:
                raise ContentError(f"{w}: only a Cylon Leader starts infiltrated")
            if leader and not infiltrated:  # R802: a Cylon Leader starts in a Cylon location
                self.refs.append((w, "cylon_location", start))
            elif start not in SPECIAL_STARTS:
                self.refs.append((w, "human_location", start))
            out[cid] = Character(
                id=cid,
                name=self.text(w, c, "name"),
                set=self.set_(w, c),
                type=self.one_of(w, self.need(w, c, "type"), (*CHARACTER_TYPES, LEADER), "type"),
                pilot=self.bool_(w, c, "pilot"),
                start=start,
                skills=tuple(skills),
                abilities=tuple(abilities),
                version_of=c.get("version_of"),
                infiltrated=infiltrated,
            )
            if c.get("version_of") is not None:
                self.refs.append((w, "character", str(c["version_of"])))
            if start == "viper" and not out[cid].pilot:
                raise ContentError(f"{w}: only a pilot can start in a viper")
        return out

    def load_crises(self, name: str, key: str, is_super: bool, deck: str = "crisis") -> dict[str, Crisis]:
        out: dict[str, Crisis] = {}
        for i, c in enumerate(self.read(name, key)):
            w = f"{name}: {key}[{i}]"
            cid = self.claim(w, self.need(w, c, "id"))
            w = f"{name}: {cid}"
            ctype = self.one_of(w, self.need(w, c, "type"), CRISIS_TYPES, "type")
            check = self.check(f"{w}.check", c["check"]) if "check" in c else None
            chooser: str | None = None
            options: list[ChoiceOption] = []
            if "choice" in c:
                choice = c["choice"]
                chooser = self.one_of(w, self.need(w, choice, "chooser"), CHOOSERS, "chooser")
                for j, o in enumerate(self.need(w, choice, "options")):
                    ow = f"{w}.options[{j}]"
                    label = self.need(ow, o, "label")
                    if not isinstance(label, str) or not content_files.ID.match(label):
                        raise ContentError(f"{ow}: label must be a lowercase slug")
                    if ("check" in o) == ("effects" in o):
                        raise ContentError(f"{ow}: an option has either a check or effects")
                    options.append(
                        ChoiceOption(
                            label,
                            self.check(f"{ow}.check", o["check"]) if "check" in o else None,
                            self.effects(ow, o.get("effects", [])),
                        )
                    )
            effects = self.effects(w, c.get("effects", []))
            shape = {
                "skill_check": check is not None and not options and not effects,
                "choice": check is None and len(options) >= 2 and not effects,
                "cylon_attack": check is None and not options and bool(effects),
                "event": check is None and not options and bool(effects),
            }
            if not shape[ctype]:
                raise ContentError(
                    f"{w}: a {ctype} card has "
                    + {
                        "skill_check": "a check and nothing else",
                        "choice": "a choice of at least 2 options and nothing else",
                        "cylon_attack": "effects only",
                        "event": "effects only",
                    }[ctype]
                )
            if ctype == "cylon_attack" and not any(e.kind == "place_ships" for e in effects):
                raise ContentError(f"{w}: a Cylon attack places ships")
            activation = self.need(w, c, "activation")
            if not isinstance(activation, list) or not activation:
                raise ContentError(f"{w}: activation must list at least one icon")
            for icon in activation:  # R832: the occupation forces icon only on the New Caprica deck
                self.one_of(w, icon, ACTIVATIONS + ((OCCUPATION_ICON,) if deck == "new_caprica" else ()),
                            "activation icon")
            out[cid] = Crisis(
                id=cid,
                name=self.text(w, c, "name"),
                set=self.set_(w, c),
                copies=self.int_(w, c, "copies", 1),
                type=ctype,
                check=check,
                chooser=chooser,
                options=tuple(options),
                effects=effects,
                activation=tuple(activation),
                jump=self.bool_(w, c, "jump"),
                super=is_super,
                text=self.text(w, c),
                module=None if c.get("module") is None else self.one_of(w, c["module"], MODULES, "module"),
                deck=deck,
                evacuation=self.bool_(w, c, "evacuation") if deck == "new_caprica" else False,
            )
            if out[cid].chooser == "cag" and out[cid].module != "cylon_fleet":
                raise ContentError(f"{w}: only a Cylon Fleet card lets the CAG choose (R919)")
            if out[cid].module == "cylon_fleet" and out[cid].type == "cylon_attack":
                raise ContentError(f"{w}: the Cylon Fleet takes every Cylon Attack out (R919)")
        return out

    def load_destinations(self) -> dict[str, Destination]:
        name = "destinations.json"
        out: dict[str, Destination] = {}
        for i, d in enumerate(self.read(name, "destinations")):
            w = f"{name}: destinations[{i}]"
            did = self.claim(w, self.need(w, d, "id"))
            w = f"{name}: {did}"
            out[did] = Destination(
                id=did,
                name=self.text(w, d, "name"),
                set=self.set_(w, d),
                copies=self.int_(w, d, "copies", 1),
                distance=self.int_(w, d, "distance", 0, 4),
                effects=self.effects(w, self.need(w, d, "effects")),
                text=self.text(w, d),
                objective=None if d.get("objective") is None else self.one_of(
                    w, d["objective"], ("new_caprica",), "objective"),
            )
        return out

    def load_quorum(self) -> dict[str, QuorumCard]:
        name = "quorum.json"
        out: dict[str, QuorumCard] = {}
        for i, q in enumerate(self.read(name, "quorum")):
            w = f"{name}: quorum[{i}]"
            qid = self.claim(w, self.need(w, q, "id"))
            w = f"{name}: {qid}"
            out[qid] = QuorumCard(
                id=qid,
                name=self.text(w, q, "name"),
                set=self.set_(w, q),
                copies=self.int_(w, q, "copies", 1),
                attach=self.bool_(w, q, "attach"),
                effects=self.effects(w, self.need(w, q, "effects")),
                text=self.text(w, q),
            )
            if not out[qid].effects:
                raise ContentError(f"{w}: a Quorum card needs at least one effect")
        return out

    def load_loyalty(self) -> dict[str, LoyaltyCard]:
        name = "loyalty.json"
        out: dict[str, LoyaltyCard] = {}
        for i, c in enumerate(self.read(name, "loyalty")):
            w = f"{name}: loyalty[{i}]"
            lid = self.claim(w, self.need(w, c, "id"))
            w = f"{name}: {lid}"
            side = self.one_of(w, self.need(w, c, "side"), LOYALTY_SIDES, "side")
            effects = self.effects(w, self.need(w, c, "effects"))
            kind = c.get("kind")
            if kind is not None:
                self.one_of(w, kind, LOYALTY_KINDS, "kind")
                if side != "human" or not effects or c.get("set") != "exodus":
                    raise ContentError(f"{w}: a {kind} card is an Exodus Not-a-Cylon card with effects (R127)")
            elif (side == "human") == bool(effects):
                raise ContentError(f"{w}: Cylon and Sympathizer cards have a reveal effect, human cards none")
            condition: Mapping[str, Any] = MappingProxyType({})
            end_loss: Mapping[str, int] = MappingProxyType({})
            if kind == "personal_goal":
                cond = self.need(w, c, "condition")
                self.one_of(w, self.need(w, cond, "resource"), RESOURCES, "resource")
                if set(cond) not in ({"resource", "at_most"}, {"resource", "at_least"}):
                    raise ContentError(f"{w}: a condition gives a resource and at_most or at_least")
                self.int_(w, cond, "at_most" if "at_most" in cond else "at_least", 0)
                condition = MappingProxyType(dict(cond))
                end_loss = self.loss(w, self.need(w, c, "end_loss"))
                if not end_loss:
                    raise ContentError(f"{w}: a Personal Goal costs something at the end (R411)")
            out[lid] = LoyaltyCard(
                id=lid,
                name=self.text(w, c, "name"),
                set=self.set_(w, c),
                copies=self.int_(w, c, "copies", 1),
                side=side,
                effects=effects,
                text=self.text(w, c),
                kind=kind,
                condition=condition,
                end_loss=end_loss,
            )
        return out

    def load_agendas(self) -> dict[str, Agenda]:
        name = "agendas.json"
        out: dict[str, Agenda] = {}
        for i, a in enumerate(self.read(name, "agendas")):
            w = f"{name}: agendas[{i}]"
            aid = self.claim(w, self.need(w, a, "id"))
            w = f"{name}: {aid}"
            conditions = []
            for j, cond in enumerate(self.need(w, a, "conditions")):
                cw = f"{w}.conditions[{j}]"
                kind = self.one_of(cw, self.need(cw, cond, "kind"), AGENDA_CONDITIONS, "condition")
                wanted = {"kind", *AGENDA_CONDITIONS[kind]}
                if set(cond) != wanted:
                    raise ContentError(f"{cw}: a {kind} condition takes exactly {', '.join(sorted(wanted))}")
                if "resource" in cond:
                    self.one_of(cw, cond["resource"], RESOURCES, "resource")
                if "amount" in cond and not (_is_int(cond["amount"]) and cond["amount"] >= 0):
                    raise ContentError(f"{cw}: amount must be a non-negative integer")
                conditions.append(MappingProxyType(dict(cond)))
            out[aid] = Agenda(
                id=aid,
                name=self.text(w, a, "name"),
                set=self.set_(w, a),
                copies=self.int_(w, a, "copies", 1),
                kind=self.one_of(w, self.need(w, a, "kind"), AGENDA_KINDS, "kind"),
                side=self.one_of(w, self.need(w, a, "side"), ("humans", "cylons"), "side"),
                conditions=tuple(conditions),
                text=self.text(w, a),
            )
            if (out[aid].kind == "sympathetic") != (out[aid].side == "humans"):
                raise ContentError(f"{w}: a Sympathetic Agenda sides with the humans, a Hostile one with the Cylons")
        return out

    def load_motives(self) -> dict[str, Motive]:
        """R804: Daybreak's Motive cards (motives.json; SCHEMA.md)."""
        name = "motives.json"
        out: dict[str, Motive] = {}
        for i, m in enumerate(self.read(name, "motives")):
            w = f"{name}: motives[{i}]"
            mid = self.claim(w, self.need(w, m, "id"))
            w = f"{name}: {mid}"
            requirement = []
            for j, cond in enumerate(self.need(w, m, "requirement")):
                cw = f"{w}.requirement[{j}]"
                kind = self.one_of(cw, self.need(cw, cond, "kind"), MOTIVE_REQUIREMENTS, "requirement")
                wanted = {"kind", *MOTIVE_REQUIREMENTS[kind]}
                if set(cond) != wanted:
                    raise ContentError(f"{cw}: a {kind} requirement takes exactly {', '.join(sorted(wanted))}")
                if "resource" in cond:
                    self.one_of(cw, cond["resource"], RESOURCES, "resource")
                if "amount" in cond and not (_is_int(cond["amount"]) and cond["amount"] >= 0):
                    raise ContentError(f"{cw}: amount must be a non-negative integer")
                requirement.append(MappingProxyType(dict(cond)))
            if not requirement:
                raise ContentError(f"{w}: a Motive card has a requirement")
            out[mid] = Motive(
                id=mid,
                name=self.text(w, m, "name"),
                set=self.set_(w, m),
                copies=self.int_(w, m, "copies", 1),
                side=self.one_of(w, self.need(w, m, "side"), ("humans", "cylons"), "side"),
                requirement=tuple(requirement),
                text=self.text(w, m),
            )
        return out

    def load_leader_deal(self) -> tuple[LeaderDeal, ...]:
        where = "board.json: loyalty_deal_leader"
        rows = []
        for i, d in enumerate(self.need("board.json", self.read("board.json", None), "loyalty_deal_leader")):
            w = f"{where}[{i}]"
            rows.append(LeaderDeal(
                players=self.int_(w, d, "players", 4, 7),
                cylon=self.int_(w, d, "cylon", 1),
                not_cylon=self.int_(w, d, "not_cylon", 1),
                agenda=self.one_of(w, self.need(w, d, "agenda"), AGENDA_KINDS, "agenda"),
            ))
        if sorted(r.players for r in rows) != [4, 5, 6, 7]:
            raise ContentError(f"{where}: one row for each of 4..7 players (R121, R125)")
        return tuple(sorted(rows, key=lambda r: r.players))

    # ---- cross-file checks
    def resolve(self, c: Content) -> None:
        areas = {a.id for a in c.board.space_areas}
        human = {lid for lid, loc in c.locations.items() if c.ships[loc.ship].side == "human"}
        cylon = {lid for lid, loc in c.locations.items() if c.ships[loc.ship].side == "cylon"}
        galactica = {lid for lid, loc in c.locations.items() if loc.ship == "galactica"}
        pegasus = {lid for lid, loc in c.locations.items() if loc.ship == "pegasus"}
        for where, what, ref in self.refs:
            known: Iterable[str]
            if what == "area":
                known = areas
            elif what == "location":
                known = c.locations
            elif what == "human_location":
                known = human
            elif what == "cylon_location":
                known = cylon
            elif what == "galactica_location":
                known = galactica
            elif what == "pegasus_location":
                known = pegasus
            elif what == "ship":
                known = c.ships
            elif what == "destination":
                known = c.destinations
            else:
                known = c.characters
            if ref not in set(known):
                raise ContentError(f"{where}: unknown {what.replace('_', ' ')} {ref!r}")
        for title, line in (*c.board.succession.items(), ("cag", c.cylon_fleet.cag_succession)):
            missing = {ch.id for ch in c.characters.values() if ch.type != LEADER} - set(line)  # R160, R425
            if {ch.id for ch in c.characters.values() if ch.type == LEADER} & set(line):
                raise ContentError(f"board.json: titles.{title} names a Cylon Leader (R425)")
            if missing:
                raise ContentError(f"board.json: titles.{title} leaves out {', '.join(sorted(missing))}")
        damaged = [t.location for t in c.board.galactica_damage if t.location]
        if len(set(damaged)) != len(damaged):
            raise ContentError("board.json: two Galactica damage tokens name the same location")
        if c.board.galactica_destroyed_at > len(damaged):
            raise ContentError("board.json: galactica_destroyed_at exceeds the location damage tokens")
        for lid in damaged:
            if c.locations[str(lid)].hazardous:
                raise ContentError(f"board.json: {lid} is hazardous and cannot carry a damage token")
        on_pegasus = [t.location for t in c.board.pegasus_damage if t.location]
        if len(set(on_pegasus)) != len(on_pegasus):
            raise ContentError("board.json: two Pegasus damage tokens name the same location")
        if not 0 < c.board.pegasus_destroyed_at <= len(c.board.pegasus_damage):
            raise ContentError("board.json: pegasus_destroyed_at must be reachable with the Pegasus tokens")

    def counts(self, c: Content) -> None:
        """The base game's deck sizes and the loyalty arithmetic (RULINGS.md C1, R120, R126)."""
        want = BASE_COUNTS
        got = {
            "crises": len(c.crisis_deck()),
            "cylon_attacks": sum(
                x.copies for x in c.crises.values() if x.set == "base" and x.type == "cylon_attack"
            ),
            "super_crises": len(c.super_crisis_deck()),
            "destinations": len(c.destination_deck()),
            "quorum": len(c.quorum_deck()),
            "characters": len(c.characters_in()),
            "cylon_loyalty": len(c.loyalty_cards("cylon")),
            "not_cylon_loyalty": len(c.loyalty_cards("human")),
            "sympathizer": len(c.loyalty_cards("sympathizer")),
            "civilians": len(c.board.civilians),
            "galactica_damage": len(c.board.galactica_damage),
        }
        for skill in SKILLS:
            n = len(c.skill_deck(skill))
            if n != want["skill_cards_per_type"]:
                raise ContentError(
                    f"skills.json: the base {skill} deck has {n} cards, not {want['skill_cards_per_type']}"
                )
            if n < c.board.destiny_per_skill:
                raise ContentError(f"skills.json: the {skill} deck cannot feed the Destiny deck")
        for key, n in got.items():
            if n != want[key]:
                raise ContentError(f"base game: {key} counts {n}, not {want[key]}")
        extras = c.board.extra_not_cylon_for
        for deal in c.board.loyalty_deal:
            cylon, not_cylon, _ = c.loyalty_need(deal.players, extras)
            if cylon > got["cylon_loyalty"] or not_cylon > got["not_cylon_loyalty"]:
                raise ContentError(
                    f"board.json: loyalty_deal for {deal.players} players needs more cards than exist"
                )
            total = cylon + not_cylon + (1 if deal.sympathizer else 0)
            if total != 2 * deal.players + len(extras):
                raise ContentError(
                    f"board.json: {deal.players} players: the deck ({total}) is not one card per player at setup"
                    " and one in the Sleeper Agent phase, plus Baltar's and Boomer's extra card"
                )
        pegasus = ("pegasus",)
        got_pegasus = {
            "crises": len(c.crisis_deck(pegasus)),
            "super_crises": len(c.super_crisis_deck(pegasus)),
            "destinations": len(c.destination_deck(pegasus)),
            "quorum": len(c.quorum_deck(pegasus)),
            "characters": sum(1 for ch in c.characters_in(pegasus) if ch.type != LEADER),
            "leaders": sum(1 for ch in c.characters_in(pegasus) if ch.type == LEADER),
            "sympathetic_agendas": len(c.agenda_deck("sympathetic")),
            "hostile_agendas": len(c.agenda_deck("hostile")),
            "not_cylon_loyalty": len(c.loyalty_cards("human", pegasus)),
            "treachery": len(c.skill_deck(TREACHERY, pegasus)),
            "pegasus_damage": len(c.board.pegasus_damage),
            "pegasus_locations": sum(1 for loc in c.locations.values() if loc.ship == "pegasus"),
        }
        for key, n in got_pegasus.items():
            if n != PEGASUS_COUNTS[key]:
                raise ContentError(f"pegasus: {key} counts {n}, not {PEGASUS_COUNTS[key]}")
        for row in c.leader_deal:  # R126: one card per other player at setup and one in the Sleeper phase
            if row.cylon + row.not_cylon != 2 * (row.players - 1):
                raise ContentError(f"board.json: loyalty_deal_leader for {row.players} players does not add up (R126)")
            humans = len(c.loyalty_cards("human", ("base", "pegasus")))
            if row.cylon > len(c.loyalty_cards("cylon")) or row.not_cylon + 2 > humans:
                raise ContentError(f"board.json: loyalty_deal_leader for {row.players} players needs more cards")
        exodus = ("base", "exodus")
        for deal in c.exodus_deal:  # R122: one card more than the base deck's, from base and Exodus cards
            cylon, not_cylon, _ = c.loyalty_need(deal.players, extras, exodus)
            if cylon > len(c.loyalty_cards("cylon", exodus)) or not_cylon > len(c.loyalty_cards("human", exodus)):
                raise ContentError(f"exodus.json: loyalty_deal for {deal.players} players needs more cards than exist")
            total = cylon + not_cylon + (1 if deal.sympathizer else 0)
            if total != 2 * deal.players + len(extras) + 1:
                raise ContentError(f"exodus.json: {deal.players} players: the deck is not one card more than the base")
        types = {ch.type for ch in c.characters_in()}
        if types != set(CHARACTER_TYPES):
            raise ContentError("characters.json: the base game needs every character type")


    # ---- Daybreak (R124, R1020-R1028)
    def load_mutiny(self) -> tuple[dict[str, MutinyCard], dict[str, int]]:
        name = "mutiny.json"
        raw = self.read(name, "mutiny")
        limits_raw = self.need(name, self.read(name, None), "limits")
        if not isinstance(limits_raw, Mapping) or set(limits_raw) != set(MUTINY_HOLDERS):
            raise ContentError(f"{name}: limits must give exactly {', '.join(MUTINY_HOLDERS)}")
        limits = {k: self.int_(f"{name}: limits", limits_raw, k, 1) for k in MUTINY_HOLDERS}
        out: dict[str, MutinyCard] = {}
        for i, c in enumerate(raw):
            w = f"{name}: mutiny[{i}]"
            mid = self.claim(w, self.need(w, c, "id"))
            w = f"{name}: {mid}"
            out[mid] = MutinyCard(
                id=mid,
                name=self.text(w, c, "name"),
                set=self.set_(w, c),
                copies=self.int_(w, c, "copies", 1),
                effects=self.effects(w, self.need(w, c, "effects")),
                text=self.text(w, c),
            )
            if not out[mid].effects:
                raise ContentError(f"{w}: a Mutiny card needs at least one effect")
        return out, limits

    def load_new_caprica(self) -> NewCaprica:
        """new_caprica.json: the New Caprica board (R820-R838)."""
        name = "new_caprica.json"
        raw = self.read(name, None)
        locations: dict[str, NewCapricaLocation] = {}
        for i, loc in enumerate(self.need(name, raw, "locations")):
            w = f"{name}: locations[{i}]"
            lid = self.claim(w, self.need(w, loc, "id"))
            w = f"{name}: {lid}"
            acts: dict[str, str | None] = {}
            for side in ("human_action", "cylon_action"):
                act = self.need(w, loc, side)
                if act is not None:
                    self.text(f"{w}.{side}", act)
                    act = str(self.one_of(f"{w}.{side}", self.need(f"{w}.{side}", act, "kind"),
                                          NEW_CAPRICA_ACTIONS, "action"))
                acts[side] = act
            locations[lid] = NewCapricaLocation(lid, self.text(w, loc, "name"), acts["human_action"],
                                                acts["cylon_action"], self.text(w, loc))
        if len(locations) != 6:  # R317
            raise ContentError(f"{name}: the New Caprica board has 6 locations, not {len(locations)}")
        track = tuple(self.need(name, raw, "occupation_track"))
        if sorted(track) != sorted(locations):
            raise ContentError(f"{name}: occupation_track must name each New Caprica location once")
        roles = self.need(name, raw, "roles")
        if not isinstance(roles, Mapping) or set(roles) != set(NEW_CAPRICA_ROLES):
            raise ContentError(f"{name}: roles must give exactly {', '.join(NEW_CAPRICA_ROLES)}")
        for role, lid in roles.items():
            self.one_of(f"{name}: roles.{role}", lid, locations, "location")
        if track[-1] != roles["shipyard"]:
            raise ContentError(f"{name}: the Shipyard ends the occupation track (a token moving right reaches it)")
        arrest: dict[int, str | None] = {}
        for j, row in enumerate(self.need(name, raw, "arrest")):
            w = f"{name}: arrest[{j}]"
            to = self.need(w, row, "to")
            if to is not None:
                self.one_of(w, to, locations, "location")
            for face in self.need(w, row, "faces"):
                if not _is_int(face) or not 1 <= face <= 8 or face in arrest:
                    raise ContentError(f"{w}: faces must be die faces 1-8, each once")
                arrest[int(face)] = to
        if sorted(arrest) != list(range(1, 9)):
            raise ContentError(f"{name}: arrest must cover the faces 1-8")
        back = self.need(name, raw, "return")
        above = self.need(f"{name}: return", back, "above")
        if not isinstance(above, Mapping) or not set(above) <= {"basestar", "raider"}:
            raise ContentError(f"{name}: return.above places basestars and raiders")
        return NewCaprica(
            set=self.set_(name, raw),
            trigger_distance=self.int_(name, raw, "trigger_distance", 1),
            locations=MappingProxyType(locations),
            occupation_track=track,
            roles=MappingProxyType(dict(roles)),
            occupation_tokens=self.int_(name, raw, "occupation_tokens", 1),
            attack_at_least=self.int_(name, raw, "attack_at_least", 1, 8),
            arrest=MappingProxyType(arrest),
            return_above=MappingProxyType({k: self.int_(f"{name}: return.above", above, k, 0) for k in above}),
            return_vipers=self.int_(f"{name}: return", back, "launch_vipers", 0),
        )

    def load_daybreak_deal(self) -> tuple[DaybreakDeal, ...]:
        name = "loyalty.json"
        rows = self.need(name, self.read(name, None), "daybreak_deal")
        out: list[DaybreakDeal] = []
        for i, r in enumerate(rows):
            w = f"{name}: daybreak_deal[{i}]"
            out.append(DaybreakDeal(
                players=self.int_(w, r, "players", 3, 7),
                leader=self.bool_(w, r, "leader"),
                cylon=self.int_(w, r, "cylon", 1),
                not_cylon=self.int_(w, r, "not_cylon", 1),
                mutineer=self.bool_(w, r, "mutineer"),
            ))
        keys = [(d.players, d.leader) for d in out]
        if len(set(keys)) != len(keys) or {p for p, leader in keys if not leader} != {3, 4, 5, 6}:
            raise ContentError(f"{name}: daybreak_deal needs one row per player count 3-6 (and per Leader row)")
        return tuple(out)

    def daybreak_counts(self, c: Content) -> None:
        """R124: the Daybreak loyalty cards cover every row, and each row is used up by one card per player
        (not the Leader) at setup and one in the Sleeper Agent phase, plus the extra card the Mutineer brings
        (R1026, R405), plus Baltar's and Boomer's extra card."""
        sets = ("base", "daybreak")
        have_cylon = len(c.loyalty_cards("cylon", sets))
        have_not = len(c.loyalty_cards("human", sets))
        if len(c.loyalty_cards("mutineer", sets)) != 1:
            raise ContentError("loyalty.json: Daybreak needs exactly one \"You Are a Mutineer\" card")
        if any(x.set != "daybreak" for x in c.loyalty.values() if x.side == "mutineer"):
            raise ContentError("loyalty.json: the Mutineer belongs to the daybreak set")
        extras = c.board.extra_not_cylon_for
        for deal in c.daybreak_deal:
            cylon, not_cylon, mutineer = c.daybreak_loyalty_need(deal.players, extras, deal.leader, exodus=True)
            if cylon > have_cylon or not_cylon > have_not:
                raise ContentError(
                    f"loyalty.json: daybreak_deal for {deal.players} players needs more cards than exist"
                )
            total = deal.cylon + deal.not_cylon + (1 if mutineer else 0)
            if total != 2 * (deal.players - (1 if deal.leader else 0)) + (1 if mutineer else 0):
                raise ContentError(
                    f"loyalty.json: daybreak_deal for {deal.players} players is not one card per player at setup"
                    " and one in the Sleeper Agent phase, plus the Mutineer's extra card"
                )
        if any(m.set != "daybreak" for m in c.mutiny.values()):
            raise ContentError("mutiny.json: every Mutiny card belongs to the daybreak set")
        # R160, R1001: Daybreak's characters stand in both lines of succession; an alternate version is of a
        # character of another set
        for ch in c.characters_in(("daybreak",)):
            for title, line in c.board.succession.items():
                if ch.id not in line and ch.type != LEADER:  # a Cylon Leader never holds a title (R425)
                    raise ContentError(f"board.json: titles.{title} leaves out {ch.id}")
            if ch.version_of is not None and c.characters[ch.version_of].set == "daybreak":
                raise ContentError(f"characters.json: {ch.id}: an alternate version is of another set's character")
        # R145 step 2, R623: the Assault Raptors, one in the Reserves, and their rows of the attack table
        board = c.board
        total = board.components.get("assault_raptor", 0)
        if not 1 <= board.setup_reserves.get("assault_raptor", 0) <= total:
            raise ContentError("board.json: Daybreak puts 1 to all of the Assault Raptors in the Reserves")
        pairs = {(r.attacker, r.target) for r in board.attack_table}
        need = {("assault_raptor", t) for t in ("raider", "heavy_raider", "basestar")} | {("raider", "assault_raptor")}
        if not need <= pairs:
            raise ContentError("board.json: the attack table needs the Assault Raptor's rows (R623)")
