"""Table options: the player count (bsg:R150), the expansions, reserved until their issue, and the rulings a
table may play otherwise (``"detail"``: most tables leave them as they are)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import IllegalCommand

EXPANSIONS = ("pegasus", "exodus", "daybreak")
#: R141, R802-R805: one player plays a Cylon Leader with an Agenda, or Motive cards with Daybreak (Pegasus; not
#: with 3 players, R150c)
CYLON_LEADER = "cylon_leader"
#: R128, R406, R806: the Sympathetic Cylon card replaces the Sympathizer (Pegasus; not with Daybreak, R150a)
FRIENDLY_CYLON = "friendly_cylon"

#: Exodus's modules, each a table option of its own (R144, R127, R146); played with or without the Exodus
#: cards (``exodus``: RULINGS G70).
CYLON_FLEET = "exodus_cylon_fleet"
#: R127: Conflicted Loyalties uses the Final Five deck, the Personal Goals deck, or both
CONFLICTED = "exodus_conflicted_loyalties"
CONFLICTED_CHOICES = ["off", "final_five", "personal_goals", "both"]
EXODUS_MODULES = (CYLON_FLEET, CONFLICTED)
#: the Ionian Nebula's bool module, never offered: the objective choice ``ionian_nebula`` replaced it (R146);
#: an old table's options may still name it (off), and it is dropped (``BsgRules.validate_options``)
RETIRED = "exodus_ionian_nebula"

#: R111, R148, R820: the objective card; each but Kobol needs its expansion (R150).
OBJECTIVE = "objective"
KOBOL = "kobol"
NEW_CAPRICA = "new_caprica"
#: R146, R930: Exodus's Ionian Nebula (needs the Exodus cards, R150g)
IONIAN_NEBULA = "ionian_nebula"
#: R147, R1050: Daybreak's Earth objective, "Search for Home" (needs Daybreak, R150)
EARTH = "earth"
OBJECTIVE_CHOICES = [KOBOL, NEW_CAPRICA, IONIAN_NEBULA, EARTH]

#: options added after engine version 2: recorded in a table's state only when not at their default, so a
#: table that does not use them replays to the very same state (``recorded``); read with their default
LATER_OPTIONS = (CYLON_LEADER, FRIENDLY_CYLON, *EXODUS_MODULES, "cylon_fleet_nuke_eight", "cylon_fleet_basestar_damage",
                 OBJECTIVE, "ionian_eliminated")

#: R602, RULINGS A3: how often one Cylon ship may be activated. ``per_turn`` is the rulebook's text (once in
#: a given player's turn, L87); ``per_activation`` is the reading the digest believes original (every
#: activation moves or fires every ship again).
SHIP_ACTIVATION_LIMIT = "ship_activation_limit"
PER_TURN = "per_turn"
PER_ACTIVATION = "per_activation"

#: CF-2, RULINGS A18, G78: what a Cylon Fleet nuke's 8 destroys in its area. ``every_ship`` is the text ("ogni
#: nave nell'area", the humans' too); ``cylon_ships`` spares the vipers and civilian ships.
NUKE_EIGHT = "cylon_fleet_nuke_eight"
#: RULINGS G74: a basestar going to the Cylon Fleet board leaves its damage tokens (``repaired``, the default)
#: or carries them along and comes back with them (``kept``).
BASESTAR_DAMAGE = "cylon_fleet_basestar_damage"
REPAIRED = "repaired"
KEPT = "kept"
EVERY_SHIP = "every_ship"
CYLON_SHIPS = "cylon_ships"
#: RULINGS G174: whether a player the Ionian Nebula's Trial eliminates (R978) shares his side's win. ``out``
#: reads "completely excluded from the game" (L1123) as out of the win too; ``with_side`` lets his side's
#: win be his.
ELIMINATED = "ionian_eliminated"
OUT = "out"
WITH_SIDE = "with_side"

OPTION_SCHEMA: list[dict[str, Any]] = [
    {"name": name, "type": "bool", "default": False, "label": f"option_{name}"}
    for name in EXPANSIONS
] + [
    {"name": CYLON_LEADER, "type": "bool", "default": False, "label": "option_cylon_leader",
     "help": "option_cylon_leader_help"},
    {"name": FRIENDLY_CYLON, "type": "bool", "default": False, "label": "option_friendly_cylon",
     "help": "option_friendly_cylon_help"},
] + [
    {"name": CYLON_FLEET, "type": "bool", "default": False, "label": f"option_{CYLON_FLEET}",
     "help": f"option_{CYLON_FLEET}_help"},
    {"name": CONFLICTED, "type": "choice", "default": "off", "choices": CONFLICTED_CHOICES,
     "label": f"option_{CONFLICTED}", "help": f"option_{CONFLICTED}_help"},
] + [
    {"name": OBJECTIVE, "type": "choice", "default": KOBOL, "choices": OBJECTIVE_CHOICES,
     "label": f"option_{OBJECTIVE}", "help": f"option_{OBJECTIVE}_help"},
] + [
    {"name": SHIP_ACTIVATION_LIMIT, "type": "choice", "default": PER_TURN, "choices": [PER_TURN, PER_ACTIVATION],
     "label": "option_ship_activation_limit", "help": "option_ship_activation_limit_help", "detail": True},
    {"name": BASESTAR_DAMAGE, "type": "choice", "default": REPAIRED, "choices": [REPAIRED, KEPT],
     "label": f"option_{BASESTAR_DAMAGE}", "help": f"option_{BASESTAR_DAMAGE}_help", "detail": True},
    {"name": NUKE_EIGHT, "type": "choice", "default": EVERY_SHIP, "choices": [EVERY_SHIP, CYLON_SHIPS],
     "label": f"option_{NUKE_EIGHT}", "help": f"option_{NUKE_EIGHT}_help", "detail": True},
    {"name": ELIMINATED, "type": "choice", "default": OUT, "choices": [OUT, WITH_SIDE],
     "label": f"option_{ELIMINATED}", "help": f"option_{ELIMINATED}_help", "detail": True},
]


def schema() -> Sequence[Mapping[str, Any]]:
    return OPTION_SCHEMA


_DEFAULTS = {spec["name"]: spec["default"] for spec in OPTION_SCHEMA}


def recorded(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a table's state records: every option of engine version 2, and a later one only when it is
    not at its default (``LATER_OPTIONS``)."""
    return {k: v for k, v in options.items() if k not in LATER_OPTIONS or v != _DEFAULTS.get(k)}


def check_combination(num_players: int, options: Mapping[str, Any]) -> None:
    """Refused mixes (R150). Each objective but Kobol needs its expansion. A Cylon Leader needs Pegasus (R141) and at least 4 players
    (R150c); 7 players need a Cylon Leader (R125, R150i); the Sympathetic Cylon needs Pegasus and not Daybreak
    (R150a); with Daybreak a Cylon Leader plays with Motive cards (R804, RULINGS G134);
    Conflicted Loyalties needs the Exodus cards (R127), and plays with Daybreak too (R124, G134)."""
    check_leader(num_players, options)
    chosen = objective(options)
    if chosen == NEW_CAPRICA and not options.get("pegasus"):  # R111, R150
        raise IllegalCommand("new_caprica_needs_pegasus", "bsg:R150")
    if chosen == IONIAN_NEBULA and not options.get("exodus"):  # R150g
        raise IllegalCommand("ionian_nebula_needs_exodus", "bsg:R150")
    if chosen == EARTH and not options.get("daybreak"):  # R147, R150h
        raise IllegalCommand("earth_needs_daybreak", "bsg:R150")
    if module_on(options, CONFLICTED) and not options.get("exodus"):  # R122 step 1, R127
        raise IllegalCommand("conflicted_loyalties_need_exodus", "bsg:R127")


def check_leader(num_players: int, options: Mapping[str, Any]) -> None:
    if num_players == 7 and not (options.get("pegasus") and options.get(CYLON_LEADER)):
        raise IllegalCommand("seven_players_need_a_cylon_leader", "bsg:R150")
    if num_players == 7 and options.get("daybreak"):
        raise IllegalCommand("seven_players_not_with_daybreak", "bsg:R150")
    if options.get(CYLON_LEADER) and not options.get("pegasus"):
        raise IllegalCommand("cylon_leader_needs_pegasus", "bsg:R141")
    if options.get(CYLON_LEADER) and num_players < 4:
        raise IllegalCommand("cylon_leader_not_with_3_players", "bsg:R150")
    if options.get(FRIENDLY_CYLON) and not options.get("pegasus"):
        raise IllegalCommand("friendly_cylon_needs_pegasus", "bsg:R806")
    if options.get(FRIENDLY_CYLON) and options.get("daybreak"):
        raise IllegalCommand("friendly_cylon_not_with_daybreak", "bsg:R150")


def module_on(options: Mapping[str, Any], name: str) -> bool:
    """Whether the table plays an Exodus module (Conflicted Loyalties is a choice whose "off" is off)."""
    return options.get(name) not in (None, False, "off")


def loyalty_kinds(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The Conflicted Loyalties cards the table's loyalty deck may hold (R127)."""
    value = options.get(CONFLICTED)
    return {"final_five": ("final_five",), "personal_goals": ("personal_goal",),
            "both": ("final_five", "personal_goal")}.get(str(value), ())


def cylon_fleet(options: Mapping[str, Any]) -> bool:
    """Whether the table plays the Exodus Cylon Fleet option (R910). Tables older than the option lack it."""
    return bool(options.get(CYLON_FLEET, False))


def modules(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The content modules of the table's options, as the data files name them (``content.MODULES``)."""
    return tuple(name.removeprefix("exodus_") for name in EXODUS_MODULES if module_on(options, name))


def objective(options: Mapping[str, Any]) -> str:
    """The table's objective card (R111): Kobol, or Pegasus's New Caprica. Tables older than the option lack it."""
    return str(options.get(OBJECTIVE, KOBOL))
