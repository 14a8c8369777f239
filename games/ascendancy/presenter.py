"""Star Trek: Ascendancy in the browser: the board as parts (issue 12), controls and translated texts.

Presentation only: the engine's view says what is where, ``legal_commands`` what may be done. The board is

- ``asc-status`` (public): round, phase, turn order, Initiative bids, decks as counts;
- ``asc-map-lanes``, ``asc-map-systems``, ``asc-map-marks``, ``asc-map-pieces-<seat>`` (public): the star
  map, SVG layers drawn one over the other from the table's geometry (lanes with their sectors; systems with
  slots, nodes, owners, starbases and hazards; the move or battle under way; each seat's ships and fleets,
  at that seat's own place around each sector, and its ships in warp beside the sector they left); every
  system, sector and ship links to the viewer's actions there (``#asc-act-…``), so a click on the map opens
  what may be done there;
- ``asc-map-borg`` (public, Borg games): the Borg's Cubes (the one acting marked), Spires with their
  Assimilation Nodes, and the Transwarp Hub; the status part carries the Borg turn's progress line
  ("Borg turn: cube 2 of 4"), and the seat's own ``asc-standing`` part the "skip to the end of the Borg
  turn" control (RULINGS B41); Borg log lines name the rule and the tie-break that made each decision;
- ``asc-actions`` (the seat's own): the legal commands that act on a place of the map, grouped by place, and
  the Initiative bids as a grid;
- ``asc-console-<seat>`` (public): each seat's console (resources, tracks, advancements, projects, fleets,
  trade agreements held, warp tokens), with only what every viewer sees;
- ``asc-secret`` (the seat's own): what only this seat knows (the Vulcan's secret Agenda, private Projects, its
  own secret Initiative bid while the bids are sealed: RULINGS I3; ``asc-status`` then shows every bid as
  "secret");
- ``asc-standing`` (the seat's own): its standing answers to off-turn decisions (engine/standing.py, RULINGS
  E50), and while the game waits for others, the forms that give or take one back.

The map's frame is what the galaxy draws (systems and lane sectors) with room for the pieces around them,
grown in steps (``map_frame``): discs read at the whole-map zoom while the galaxy is small; ascendancy.js
then picks the first zoom a disc reads at on the viewer's screen, centred on their home system.

The other legal commands (end a phase, research, upgrades, trade, answers to off-turn questions) stay in the
table page's decision panel. Card and system names come from the game's data files (English: the content's
names). board.html (the Django template the table page includes) places the parts: the map's layers are
stacked in one zoomable, scrollable frame.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, gettext_lazy, gettext_noop, ngettext

from games.ascendancy.engine.catalog import effects_of
from games.ascendancy.engine.geometry import suggested_table
from games.ascendancy.engine.messages import CHOICES, COUNTED_EVENTS, COUNTED_PROMPTS, NOUNS
from games.board_html import escape_value
from games.engine.core import Command, Decision, Rules
from games.parts import Part
from games.presenters import Presenter, fill, player_label, register_presenter, seat_ref
from games.selectors import loaded_state

_DATA = Path(__file__).with_name("engine") / "data"

#: A colour per civilization (CSS classes ``asc-civ-<id>`` in ascendancy.css).
CIV_CLASSES = ("federation", "klingon", "romulan", "andorian", "cardassian", "ferengi", "vulcan")

RESOURCE_NAMES = {
    "production": gettext_noop("Production"),
    "research": gettext_noop("Research"),
    "culture": gettext_noop("Culture"),
    "open": gettext_noop("open"),
}
PHASES = {
    "choose_civ": gettext_noop("Choosing civilizations"),
    "starting_cards": gettext_noop("Choosing starting cards"),
    "agenda": gettext_noop("Vulcan Agendas"),
    "bid": gettext_noop("Initiative bids"),
    "pick_card": gettext_noop("Turn Order cards"),
    "turn": gettext_noop("Action Stage"),
    "recharge": gettext_noop("Recharge Stage"),
    "over": gettext_noop("Game over"),
}
TURN_PHASES = {"build": gettext_noop("Build Phase"), "command": gettext_noop("Command Phase")}
#: How a game ends (the engine's MESSAGES keys: scoring.end_game's reasons and tie-breaks), said in words.
END_WORDS = frozenset({"authority_victory", "military_victory", "agenda_victory", "mixed_victory", "last_civilization",
                       "borg_victory", "round_limit", "round_limit_solo", "round_limit_borg", "stalemate", "stalemate_borg",
                       "tiebreak_systems", "most_authority"})

#: Command labels (English templates, translated): ``{x}`` are the command's arguments, made readable.
COMMANDS: dict[str, str] = {
    "choose_civ": gettext_noop("Play the {civ}"),
    "bid": gettext_noop("Bid {production} Production, {research} Research, {culture} Culture"),
    "pick_card": gettext_noop("Take Turn Order card {card}"),
    "reveal_agenda": gettext_noop("Reveal the Agenda {card}"),
    "build_ship": gettext_noop("Build a ship at {at}"),
    "colonize": gettext_noop("Colonize {at}"),
    "colonize_fleet": gettext_noop("Colonize {at} with {fleet}"),
    "build_node": gettext_noop("Build a {node} node in slot {slot} of {at}"),
    "fund": gettext_noop("Fund the project {project}"),
    "upgrade": gettext_noop("Upgrade {track}"),
    "buy_authority": gettext_noop("Buy 1 Authority"),
    "form_fleet": gettext_noop("Form {side} with {ships} ships at {at}"),
    "disband": gettext_noop("Disband {fleet}"),
    "fleet_join": gettext_noop("A ship joins {fleet}"),
    "fleet_leave": gettext_noop("A ship leaves {fleet}"),
    "swing": gettext_noop("Swing {system} to {direction}°"),
    "impulse": gettext_noop("Impulse move: {unit}"),
    "enter_warp": gettext_noop("Enter warp: {unit}"),
    "warp_boost": gettext_noop("Boost warp token {warp}"),
    "exit_warp": gettext_noop("Exit warp with token {warp}"),
    "starbase": gettext_noop("Build a starbase at {at}"),
    "launch": gettext_noop("Launch research projects"),
    "launch_card": gettext_noop("Launch the project {card}"),
    "attack": gettext_noop("Attack at {target}"),
    "invade": gettext_noop("Invade {at}"),
    "hegemony": gettext_noop("Cultural Hegemony on {at}"),
    "research": gettext_noop("Research the phenomenon {at}"),
    "research_ships": gettext_noop("Research the phenomenon {at}: ships facing the Hazard: {ships}"),
    "research_fleet": gettext_noop("Research the phenomenon {at}: {fleet} faces the Hazard"),
    "offer_trade": gettext_noop("Offer Trade Agreement {card} to {to}"),
    "swap_trade": gettext_noop("Swap Trade Agreement {card} with {to}"),
    "cancel_trade": gettext_noop("Break the Trade Agreement of {owner}"),
    "end_build": gettext_noop("End the Build Phase"),
    "end_turn": gettext_noop("End your turn"),
    "step_to": gettext_noop("Move to {to}"),
    "step_lane": gettext_noop("Roll for a new lane"),
    "step_direction": gettext_noop("Lay the new lane at {direction}°"),
    "step_connect": gettext_noop("Connect to {connect}"),
    "step_explore": gettext_noop("Explore a new system"),
    "stop": gettext_noop("Stop here"),
    "stay": gettext_noop("Stay and fight"),
    "continue": gettext_noop("Fight another round"),
    "retreat": gettext_noop("Retreat to {to}"),
    "allow_passage": gettext_noop("Allow passage"),
    "refuse_passage": gettext_noop("Refuse passage"),
    "hit": gettext_noop("Destroy {unit}"),
    "fight": gettext_noop("Fight on"),
    "surrender": gettext_noop("Surrender the system"),
    "accept_trade": gettext_noop("Accept the Trade Agreement"),
    "refuse_trade": gettext_noop("Refuse the Trade Agreement"),
    "discard_project": gettext_noop("Discard the project {card}"),
    "ask_cooperation": gettext_noop("Ask for cooperation in {at}"),
    "allow_cooperation": gettext_noop("Allow cooperation"),
    "refuse_cooperation": gettext_noop("Refuse cooperation"),
    "choose_starting_card": gettext_noop("Start with {card}"),
    "use_ability": gettext_noop("Use {card}"),
    "use_ability_at": gettext_noop("Use {card} on {at}"),
    "use_ability_other": gettext_noop("Use {card} to swap with {other}"),
    "use_ability_rival": gettext_noop("Use {card} to exhaust {rival_card} of {rival}"),
    "arrange_deck": gettext_noop("Put the cards back in the order {order}"),
    "place_system": gettext_noop("Place the new System at {direction}°"),
    "place_research": gettext_noop("Put a Research token on the project {project}"),
    "place_research_reserve": gettext_noop("Put the Research in your Reserve"),
    "mirror_move": gettext_noop("Move their ships to {to}"),
    "borg_tech_use": gettext_noop("Discard {card} and use it"),
    "borg_sacrifice": gettext_noop("Sacrifice {ships} ships (0: roll the dice)"),
    "borg_tech_keep": gettext_noop("Keep {card}"),
    "borg_tech_peek": gettext_noop("Discard {card}: look at the top Borg Commands"),
    "mirror_stay": gettext_noop("Leave their ships where they are"),
    "mirror_attack": gettext_noop("Start a Space Battle at {target}"),
    "mirror_hold": gettext_noop("Start no battle"),
    "use_ability_unit": gettext_noop("Use {card} to destroy {unit} of {rival}"),
    "upgrade_pay": gettext_noop("Upgrade {track}, paying in {pay}"),
    "launch_from": gettext_noop("Launch a project from the deck of {from}"),
    "remove_recon": gettext_noop("Remove the Recon token from {at}"),
    "dismantle_ship": gettext_noop("Dismantle a ship at {ship} to build it again"),
    "dismantle_system": gettext_noop("Dismantle the Control Node of {system} to use it again"),
    "retreat_group": gettext_noop("Retreat from {src} to {to}"),
    "cancel_battle": gettext_noop("Exhaust the card: cancel the battle"),
    "first_strike": gettext_noop("Exhaust the card: First Strike"),
    "decline": gettext_noop("Keep the card ready"),
    "split": gettext_noop("Roll {dice} dice against this Defender"),
    "reroll": gettext_noop("Re-roll die {die} with {card}"),
    "keep_dice": gettext_noop("Keep the dice"),
    "bombard": gettext_noop("Bombard the planet"),
    "no_bombard": gettext_noop("Roll to hit"),
    "destroy_node": gettext_noop("Destroy the node in slot {slot}"),
    "maneuver": gettext_noop("Tactical Maneuver from {src} to {to}"),
    "maneuver_part": gettext_noop("Tactical Maneuver from {src} to {to}: loose ships {ships}, fleets: {fleets}"),
    "hold": gettext_noop("Hold position"),
    "give_project": gettext_noop("Give the project {card}"),
    "sacrifice": gettext_noop("Sacrifice {ships} ships"),
    "roll_dice": gettext_noop("Roll the dice"),
    "borg_skip": gettext_noop("Skip to the end of the Borg turn"),
    # the Borg decisions that belong to a player (engine/commands.py, borg prompts)
    "choose_cube": gettext_noop("Activate the Borg Cube {cube} ({place})"),
    "borg_hit": gettext_noop("The Borg hit destroys {unit}"),
    "borg_retreat_yes": gettext_noop("Retreat from the Borg Cube"),
    "borg_retreat_no": gettext_noop("Fight on"),
    "borg_telemetry_yes": gettext_noop("Discard the Borg Telemetry Node: the Cube draws another Command"),
    "borg_telemetry_no": gettext_noop("Keep the Borg Telemetry Node"),
    "borg_assign_command": gettext_noop("Give the Borg Command {card} to the active Cube"),
    "borg_lose_node": gettext_noop("Lose a {node} node"),
    "borg_lose_starbase": gettext_noop("Lose the starbase"),
    "borg_reclaim_yes": gettext_noop("Fight another round to reclaim the system"),
    "borg_reclaim_no": gettext_noop("Stop reclaiming the system"),
}
#: The yes/no Borg answers: which argument says yes (``<kind>_yes`` / ``<kind>_no`` in ``COMMANDS``).
BORG_ANSWER_FLAGS = {"borg_retreat": "retreat", "borg_telemetry": "use", "borg_reclaim": "go_on"}

#: Why the Borg did not do something (the ``reason`` of their events), in words.
#: A Project whose face its holder alone sees (the table option ``projects`` ``private``, RULINGS I38).
FACE_DOWN_PROJECT = gettext_noop("a face-down Project")

BORG_REASONS = {
    "five_cubes": gettext_noop("five Cubes are in play"),
    "sector_has_cube": gettext_noop("a Cube is already there"),
    "no_hub": gettext_noop("no Transwarp Hub"),
    "hub_has_cube": gettext_noop("a Cube is on the Hub"),
    "cube_in_orbit": gettext_noop("a Cube is in orbit"),
    "no_cube": gettext_noop("no Cube in play"),
}
#: The tie-break a Borg decision used (its event's ``tiebreak``), in words, shown after the rule.
#: Why dice were rolled (``dice_rolled``'s ``why``: every ``ctx.roll`` of the engine), in words: the log's
#: "Dice (...)" lines.
DICE_REASONS = {
    "attack": gettext_noop("attacking in a space battle"),
    "defend": gettext_noop("defending in a space battle"),
    "invade": gettext_noop("invading a system"),
    "planet_defence": gettext_noop("a system's defence against invasion"),
    "reroll": gettext_noop("a re-rolled die"),
    "hegemony": gettext_noop("Cultural Hegemony"),
    "diplomacy": gettext_noop("a Diplomacy test"),
    "mines": gettext_noop("orbital mines"),
    "hazard": gettext_noop("a system's hazard"),
    "borg_reroll": gettext_noop("re-rolled dice against a Borg Cube"),
    "borg_attack": gettext_noop("the Borg Cube fires"),
    "borg_battle": gettext_noop("against a Borg Cube"),
    "borg_hub_roll": gettext_noop("the Transwarp Hub roll"),
    "borg_system_defence": gettext_noop("a Borg System's defence"),
    "assimilation_defence": gettext_noop("defence against Assimilation"),
    "reclaim": gettext_noop("reclaiming a Borg System"),
}
BORG_TIEBREAKS = {
    "lowest_turn_order": gettext_noop("lowest Turn Order card"),
    "nearest_then_sorted": gettext_noop("nearest, then in sorted order"),
    "fewest_sectors": gettext_noop("fewest sectors"),
    "physically_closest": gettext_noop("physically closest"),
    "random": gettext_noop("a die roll"),
    "random_lane": gettext_noop("a lane drawn at random"),
    "no_lane": gettext_noop("no lane leads on"),
    "already_there": gettext_noop("already there"),
    "blocked": gettext_noop("blocked"),
    "A33": gettext_noop("nowhere to retreat"),
}
#: Where the Borg turn stands (``view["borg"]["progress"]``, engine/borg.py ``progress``), per stage.
BORG_STAGES = {
    "start": gettext_noop("Borg turn: it begins"),
    "hub": gettext_noop("Borg turn: the Transwarp Hub roll"),
    "end": gettext_noop("Borg turn: it ends"),
}

#: Standing answers (engine/standing.py, RULINGS E50), ``{who}`` the rival they are about.
STANDING = {
    "refuse_passage": gettext_noop("Always refuse passage to %(who)s"),
    "allow_passage": gettext_noop("Always allow passage to %(who)s"),
    "refuse_trade": gettext_noop("Always refuse Trade Agreements from %(who)s"),
    "retreat_outnumbered": gettext_noop("Retreat from a space battle when outnumbered 2:1"),
}


def standing_text(answer: str, who: str) -> str:
    template = STANDING.get(answer)
    if template is None:
        return answer.replace("_", " ")
    return gettext(template) % {"who": who} if "%(who)s" in template else gettext(template)


#: Where the panel lists the commands left in it, by kind (the rest keep the engine's order).
PANEL_GROUP = {
    "end_build": "end", "end_turn": "end", "stop": "end",
    "buy_authority": "build", "upgrade": "build", "fund": "build", "launch": "build",
    "offer_trade": "trade", "swap_trade": "trade", "cancel_trade": "trade",
}


@cache
def _names() -> dict[str, str]:
    """Every content id with a name (systems, civilizations, cards, fleet sides) → its English name."""
    return dict(data_names())


def data_names() -> list[tuple[str, str]]:
    """(id, English name) of every named thing in the data files, in file order (translated by
    ``games/ascendancy/strings.py``, written by ``manage.py ascendancy_strings``)."""
    out: list[tuple[str, str]] = []
    for fname, key in (("civilizations", "civilizations"), ("advancements", "advancements"), ("systems", "systems"),
                       ("exploration", "exploration"), ("agendas", "agendas")):
        for item in json.loads((_DATA / f"{fname}.json").read_text(encoding="utf-8"))[key]:
            out.append((item["id"], item.get("name", item["id"])))
    for civ in json.loads((_DATA / "civilizations.json").read_text(encoding="utf-8"))["civilizations"]:
        out += [(rule["id"], rule["name"]) for rule in civ.get("rules", []) if rule.get("name")]  # special rules
    for fleet in json.loads((_DATA / "fleets.json").read_text(encoding="utf-8"))["fleets"]:
        for side in fleet["sides"]:
            out.append((side["id"], side.get("name", side["id"])))
    for fname, key in (("borg_systems", "systems"), ("borg_commands", "borg_commands"),
                       ("borg_exploration", "borg_exploration"), ("borg_tech", "borg_tech")):
        for item in json.loads((_DATA / f"{fname}.json").read_text(encoding="utf-8"))[key]:
            out.append((item["id"], item.get("name", item["id"])))
    return out


@cache
def _advancements() -> dict[str, dict[str, Any]]:
    data = json.loads((_DATA / "advancements.json").read_text(encoding="utf-8"))["advancements"]
    # Borg Tech cards kept in play are Advancements of no category (RULINGS B47)
    tech = json.loads((_DATA / "borg_tech.json").read_text(encoding="utf-8"))["borg_tech"]
    return {a["id"]: a for a in data} | {t["id"]: {**t, "category": ""} for t in tech if not t["discard"]}


@cache
def _civ_rules() -> dict[str, list[str]]:
    """Each civilization's special rules (ids, in the data's order): their names are its one-line flavour."""
    data = json.loads((_DATA / "civilizations.json").read_text(encoding="utf-8"))["civilizations"]
    return {c["id"]: [r["id"] for r in c.get("rules", []) if r.get("name")] for c in data}


@cache
def _trade_values() -> dict[str, list[dict[str, int]]]:
    out: dict[str, list[dict[str, int]]] = {}
    for t in json.loads((_DATA / "trade_agreements.json").read_text(encoding="utf-8"))["trade_agreements"]:
        out.setdefault(t["civ"], []).append(dict(t["value"]))
    return out


@cache
def _tracks() -> dict[str, dict[str, list[dict[str, int]]]]:
    """Each civilization's Weapons and Shields tracks (level 0 first)."""
    data = json.loads((_DATA / "civilizations.json").read_text(encoding="utf-8"))["civilizations"]
    return {c["id"]: {"weapons": c["weapons"], "shields": c["shields"]} for c in data}


def name_of(ident: str | None) -> str:
    if ident is None:
        return ""
    name = _names().get(ident)
    return gettext(name) if name else ident.replace("_", " ")


def civ_class(civ: str | None) -> str:
    return f"asc-civ-{civ}" if civ in CIV_CLASSES else "asc-civ-none"


def anchor(sector: str) -> str:
    """The DOM id of the viewer's actions on a sector (``S:earth`` → ``asc-act-S-earth``)."""
    return "asc-act-" + sector.replace(":", "-")


def sector_text(view: Mapping[str, Any], sector: str) -> str:
    parts = sector.split(":")
    if parts[0] == "S" and len(parts) == 2:
        return name_of(view["systems"].get(parts[1], {}).get("disc", parts[1]))
    if parts[0] == "L" and len(parts) == 3:
        lane = view["lanes"].get(parts[1], {})
        ends = " – ".join(name_of(view["systems"].get(e, {}).get("disc", e)) for e in (lane.get("a"), lane.get("b")) if e)
        return gettext("sector %(k)s of the lane from %(ends)s") % {"k": parts[2], "ends": ends or parts[1]}
    return sector


def unit_text(view: Mapping[str, Any], seat: int | None, unit: str) -> str:
    kind, _, ident = unit.partition(":")
    if kind == "fleet":
        for p in view["players"]:
            fleet = p["fleets"].get(ident)
            if fleet is not None:
                return gettext("the fleet %(name)s") % {"name": name_of(fleet.get("side"))}
        return ident
    return gettext("a ship at %(place)s") % {"place": sector_text(view, ident)}


def unit_sector(view: Mapping[str, Any], unit: str) -> str | None:
    kind, _, ident = unit.partition(":")
    if kind == "fleet":
        for p in view["players"]:
            fleet = p["fleets"].get(ident)
            if fleet is not None:
                return fleet.get("sector")
        return None
    return ident


def command_target(view: Mapping[str, Any], command: Command) -> str | None:
    """The sector of the map a command acts on (its actions are listed under that place), or None."""
    args = command.args
    if command.kind in ("build_ship", "colonize", "build_node", "starbase", "invade", "hegemony", "research",
                        "form_fleet"):
        return f"S:{args['at']}"
    if command.kind in ("impulse", "enter_warp", "hit") and "unit" in args:
        return unit_sector(view, str(args["unit"]))
    if command.kind in ("disband", "fleet_join"):
        return unit_sector(view, f"fleet:{args['fleet']}")
    if command.kind == "swing" or (command.kind == "dismantle" and "system" in args):
        return f"S:{args['system']}"
    if command.kind == "dismantle" and "ship" in args:
        return str(args["ship"])
    if command.kind == "attack":
        return str(args["target"])
    if command.kind in ("retreat", "maneuver"):  # a maneuver's choices, listed at their destination (E39)
        return str(args["to"])
    if command.kind == "step":
        if "to" in args:
            return str(args["to"])
        if "connect" in args:
            return f"S:{args['connect']}"
        move = (view.get("turn") or {}).get("move") or {}
        return move.get("at")
    return None


SEAT_KEYS = frozenset({"seat", "controller", "mover", "target", "to", "from", "giver", "owner", "victim", "winner", "defender",
                       "attacker", "player", "by"})
SECTOR_KEYS = frozenset({"src", "dst", "at", "origin", "to", "target", "sector"})
NAME_KEYS = frozenset({"civ", "card", "system", "a", "b", "ally", "disc", "project", "toward", "hub", "goal"})
WORD_KEYS = frozenset({"how", "why", "reason", "type", "outcome", "effect"})


def _sector_words(sector: str) -> str:
    parts = sector.split(":")
    if parts[0] == "S" and len(parts) == 2:
        return name_of(parts[1])
    if parts[0] == "L" and len(parts) == 3:
        return gettext("lane %(lane)s, sector %(k)s") % {"lane": parts[1].lstrip("l"), "k": parts[2]}
    return sector


def _unit_words(unit: str) -> str:
    kind, _, ident = unit.partition(":")
    if kind == "fleet":
        return gettext("the fleet of card %(n)s") % {"n": ident.rsplit("_", 1)[-1]}
    if kind == "ship":
        return gettext("a ship at %(place)s") % {"place": _sector_words(ident)} if ident else gettext("a ship")
    return unit


def _card_words(card: str) -> str:
    head, _, number = card.rpartition("_fleet_")
    if head and number.isdigit():  # a fleet card (both its sides have names: the card has a number)
        return gettext("Fleet card %(n)s") % {"n": number}
    return name_of(card)


def _end_words(key: str) -> str:
    from games.ascendancy.engine.messages import MESSAGES

    return gettext(MESSAGES[key])


def _describe(key: str, value: Any) -> Any:
    if value is None and key in ("card", "project"):  # a redacted Project (RULINGS I38)
        return gettext(FACE_DOWN_PROJECT)
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, int) and key in SEAT_KEYS:
        return seat_ref(value) if value >= 0 else value
    if isinstance(value, str):
        if key == "cube" and value.startswith("cube") and value[4:].isdigit():
            return f"#{value[4:]}"
        if key == "reason" and value in BORG_REASONS:
            return gettext(BORG_REASONS[value])
        if key == "why" and value in DICE_REASONS:
            return gettext(DICE_REASONS[value])
        if key == "mode" and f"borg_mode.{value}" in CHOICES:
            return gettext(CHOICES[f"borg_mode.{value}"])
        if key == "unit":
            return _unit_words(value)
        if key in SECTOR_KEYS and (value.startswith("S:") or value.startswith("L:")):
            return _sector_words(value)
        if key in NAME_KEYS or key in ("at", "target", "to"):
            return _card_words(value)
        if key == "track":
            return gettext("Weapons") if value == "weapons" else gettext("Shields")
        if key == "node":
            return gettext(RESOURCE_NAMES.get(value, value))
        if key == "reason" and value in END_WORDS:  # the log's "The game ends (...)": the reason in words
            return _end_words(value).rstrip(".")
        if key in WORD_KEYS:
            return value.replace("_", " ")
        return value
    if isinstance(value, list):
        if key == "cubes" and all(isinstance(v, str) for v in value):
            return ", ".join(str(_describe("cube", v)) for v in value)
        if key in ("cards", "civs"):
            return ", ".join(name_of(v) if isinstance(v, str) else gettext(FACE_DOWN_PROJECT) if v is None
                             else str(v) for v in value)
        if key in ("defenders", "seats"):
            return ", ".join(seat_ref(v) if isinstance(v, int) else str(v) for v in value)
        return ", ".join(str(v) for v in value)
    return value


def counted(counts: Mapping[str, str] | None, params: Mapping[str, Any]) -> Mapping[str, Any]:
    """``params`` with the counts of a text (``counts``: ``messages.COUNTED_EVENTS`` or ``COUNTED_PROMPTS``) said
    with their nouns, in the singular or the plural as the number wants ("1 hit", "3 hits"; "1 colpo", "3 colpi")."""
    if not counts:
        return params
    out = dict(params)
    for name, noun in counts.items():
        n = params.get(name)
        one, many = NOUNS[noun]
        if isinstance(n, int) and not isinstance(n, bool):
            out[name] = fill(ngettext(one, many, n), {"n": n})
        elif isinstance(n, list):
            out[name] = fill(ngettext(one, many, len(n)), {"n": _describe(name, n)})
    return out


class AscendancyPresenter(Presenter):
    title = gettext_lazy("Star Trek: Ascendancy")
    board_template = "ascendancy/board.html"
    stylesheet = "ascendancy/ascendancy.css"

    # --- texts -----------------------------------------------------------------------------------------------
    def describe_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Event and prompt parameters as the engine's sentences want them ("Player {seat}": seat numbers;
        systems, cards and civilizations by name; sectors and units in words; lists joined)."""
        out: dict[str, Any] = {}
        for key, value in params.items():
            out[key] = _describe(key, value)
        if isinstance(params.get("answer"), str) and params["answer"] in STANDING:
            to = params.get("to")
            out["answer"] = standing_text(params["answer"], seat_ref(to) if isinstance(to, int) and to >= 0 else "")
        return out

    def event_text(self, rules: Rules, kind: str, data: Mapping[str, Any]) -> str:
        """The engine's sentence; a Borg decision's also names the rule and the tie-break that made it, so
        that players can check that the automaton played by the rules."""
        text = super().event_text(rules, kind, counted(COUNTED_EVENTS.get(kind), data))
        rule = data.get("rule")
        if not (isinstance(rule, str) and (kind.startswith("borg_") or kind == "player_assimilated")):
            return text
        ref = rule.rpartition(":")[2]
        tiebreak = data.get("tiebreak")
        if isinstance(tiebreak, str) and tiebreak:
            words = gettext(BORG_TIEBREAKS[tiebreak]) if tiebreak in BORG_TIEBREAKS else tiebreak.replace("_", " ")
            return f"{text} " + gettext("(rule %(rule)s; tie-break: %(tiebreak)s)") % {"rule": ref, "tiebreak": words}
        return f"{text} " + gettext("(rule %(rule)s)") % {"rule": ref}

    def prompt_text(self, rules: Rules, decision: Decision) -> str:
        if decision.prompt == "bid" and not decision.params.get("forbidden"):  # nothing barred: its own sentence
            decision = replace(decision, prompt="bid_open")
        return super().prompt_text(rules, replace(decision, params=counted(COUNTED_PROMPTS.get(decision.prompt), decision.params)))

    def command_label(self, rules: Rules, command: Command, view: Mapping[str, Any] | None = None) -> str:
        kind, args = command.kind, dict(command.args)
        key = kind
        if kind == "step":
            key = "step_" + next((k for k in ("to", "lane", "direction", "connect", "explore") if k in args), "to")
        elif kind == "colonize" and "fleet" in args:
            key = "colonize_fleet"
        elif kind == "launch" and "card" in args:
            key = "launch_card"
        elif kind == "fleet_join" and args.get("leave"):
            key = "fleet_leave"
        elif kind == "use_ability":  # card effects (engine/effects.py)
            key = next((f"use_ability_{k}" for k in ("at", "other", "unit", "rival") if k in args), key)
        elif kind == "upgrade" and "pay" in args:
            key = "upgrade_pay"
        elif kind == "launch" and "from" in args:
            key = "launch_from"
        elif kind == "retreat" and "src" in args:
            key = "retreat_group"
        elif kind == "research" and ("ships" in args or "fleet" in args):
            key = "research_ships" if "ships" in args else "research_fleet"
        elif kind == "maneuver" and "ships" in args:  # RULINGS E39: some of the ships
            key = "maneuver_part"
        elif kind == "place_research" and "project" not in args:
            key = "place_research_reserve"
        elif kind == "dismantle":
            key = "dismantle_ship" if "ship" in args else "dismantle_system"
        elif kind in BORG_ANSWER_FLAGS:
            key = f"{kind}_{'yes' if args.get(BORG_ANSWER_FLAGS[kind]) else 'no'}"
        elif kind == "borg_lose_structure":
            key = "borg_lose_starbase" if args.get("structure") == "starbase" else "borg_lose_node"
        if kind in ("standing", "clear_standing") and args.get("answer") in STANDING:
            to = args.get("to")
            text = standing_text(str(args["answer"]), player_label(to) if isinstance(to, int) else "")
            return text if kind == "standing" else gettext("Take back: %(answer)s") % {"answer": text}
        template = COMMANDS.get(key)
        if template is None:
            return super().command_label(rules, command)
        shown: dict[str, Any] = dict(args)
        view = view or {"systems": {}, "lanes": {}, "players": []}
        for k in ("at", "connect", "system"):
            if k in args:
                shown[k] = name_of(view["systems"].get(args[k], {}).get("disc", args[k]))
        for k in ("civ", "card", "project", "side"):
            if isinstance(args.get(k), str):
                shown[k] = name_of(args[k])
        if kind in ("offer_trade", "swap_trade") and isinstance(args.get("card"), int):
            shown["card"] = args["card"] + 1
        if "die" in args:
            shown["die"] = int(args["die"]) + 1
        for k in ("to", "owner", "src"):
            if isinstance(args.get(k), int):
                shown[k] = player_label(args[k])
            elif isinstance(args.get(k), str):
                shown[k] = sector_text(view, args[k])
        if "target" in args:
            shown["target"] = sector_text(view, str(args["target"]))
        if kind == "dismantle" and isinstance(args.get("ship"), str):
            shown["ship"] = sector_text(view, args["ship"])
        if "unit" in args:
            shown["unit"] = unit_text(view, command.seat, str(args["unit"]))
        if "fleet" in args:
            shown["fleet"] = unit_text(view, command.seat, f"fleet:{args['fleet']}")
        if "track" in args:
            shown["track"] = gettext("Weapons") if args["track"] == "weapons" else gettext("Shields")
        if "node" in args:
            shown["node"] = gettext(RESOURCE_NAMES.get(args["node"], args["node"]))
        if "slot" in args:
            shown["slot"] = int(args["slot"]) + 1
        if "direction" in args:
            shown["direction"] = int(args["direction"]) * 15
        for k in ("rival", "from"):
            if isinstance(args.get(k), int):
                shown[k] = player_label(args[k])
        if isinstance(args.get("rival_card"), str):
            shown["rival_card"] = name_of(args["rival_card"])
        if kind == "maneuver" and isinstance(args.get("fleets"), list):
            shown["fleets"] = ", ".join(unit_text(view, command.seat, f"fleet:{f}") for f in args["fleets"]) or gettext(
                "none")
        if isinstance(args.get("other"), str):
            shown["other"] = unit_text(view, command.seat, f"fleet:{args['other']}")
        if isinstance(args.get("order"), list):
            shown["order"] = ", ".join(str(int(i) + 1) for i in args["order"])
        if isinstance(args.get("pay"), str):
            shown["pay"] = gettext(RESOURCE_NAMES.get(args["pay"], args["pay"]))
        if kind == "choose_cube" and isinstance(args.get("cube"), str):
            shown["cube"] = _describe("cube", args["cube"])
            sector = next((c.get("sector") for c in (view.get("borg") or {}).get("cubes") or []
                           if c.get("id") == args["cube"]), None)
            shown["place"] = sector_text(view, sector) if isinstance(sector, str) else ""
        if kind == "borg_lose_structure" and isinstance(args.get("structure"), str):
            node = args["structure"].partition(":")[2]
            shown["node"] = gettext(RESOURCE_NAMES.get(node, node))
        return fill(gettext(template), shown)

    def controls(
        self, rules: Rules, view: Mapping[str, Any], legal: Sequence[Command], position: int | None
    ) -> list[dict[str, Any]]:
        out = []
        for c in legal:
            target = command_target(view, c)
            if c.kind == "bid":  # one form for every bid, at the top of the board (``decide_data``)
                if not any(o["kind"] == "bid" for o in out):
                    out.append({"kind": "bid", "args": "{}", "label": gettext("Bid"), "group": "bid", "target": None,
                                "on_board": True, "section": "bid"})
                continue
            if c.kind == "choose_civ":  # the civilizations, at the top of the board (``decide_data``)
                out.append({
                    "kind": c.kind, "args": json.dumps(dict(c.args), sort_keys=True, separators=(",", ":")),
                    "label": self.command_label(rules, c, view), "group": "civ", "target": None, "on_board": True,
                    "section": "civ", "civ": str(dict(c.args).get("civ", "")),
                })
                continue
            out.append({
                "kind": c.kind,
                "args": json.dumps(dict(c.args), sort_keys=True, separators=(",", ":")),
                "label": self.command_label(rules, c, view),
                "group": PANEL_GROUP.get(c.kind, c.kind),
                "target": target,
                "on_board": target is not None,
            })
        return out

    # --- the board as parts -----------------------------------------------------------------------------------
    def board_parts(self, rules: Rules, ctx: Mapping[str, Any]) -> list[Part]:
        view = ctx.get("view")
        if view is None:
            return []
        names: Mapping[int, str] = ctx.get("seat_names") or {}
        labels = {p["seat"]: _seat_label(p["seat"], names) for p in view["players"]}
        position = ctx.get("position")
        parts = [
            Part("asc-status", "ascendancy/status.html", status_data(view, labels), public=True),
        ]
        if position is not None:
            parts.append(Part("asc-decide", "ascendancy/decide.html", decide_data(view, ctx), public=False))
        if view["phase"] == "choose_civ":  # no galaxy, no consoles yet: only the choice (and who made it)
            return parts
        parts += map_parts(map_data(view, labels), [p["seat"] for p in view["players"]])
        if position is not None:
            parts.append(Part("asc-actions", "ascendancy/actions.html", actions_data(view, ctx), public=False))
            standing = standing_data(view, ctx, labels)
            standing["abilities"] = [{"text": self.command_label(rules, c, view), "args": json.dumps(
                dict(c.args), sort_keys=True, separators=(",", ":"))} for c in off_turn_abilities(rules, ctx)]
            standing["borg_skip"] = borg_skip_offered(view, ctx)
            parts.append(Part("asc-standing", "ascendancy/standing.html", standing, public=False))
            secret = secret_data(view, position)
            if secret["agendas"] or secret["projects"] or secret["bid"]:
                parts.append(Part("asc-secret", "ascendancy/secret.html", secret, public=False))
        order = list(view["players"])
        if position is not None:  # my console first
            order.sort(key=lambda p: p["seat"] != position)
        for p in order:
            parts.append(Part(f"asc-console-{p['seat']}", "ascendancy/console.html",
                              console_data(view, p, labels), public=True))
        return parts


def _seat_label(seat: int, names: Mapping[int, str]) -> str:
    name = names.get(seat)
    who = gettext("Player %(n)s") % {"n": seat + 1}
    return f"{who} ({name})" if name else who


# --- part data (JSON-able; public parts only from what every viewer sees alike) -------------------------------

def status_data(view: Mapping[str, Any], labels: Mapping[int, str]) -> dict[str, Any]:
    players = {p["seat"]: p for p in view["players"]}
    turn = view.get("turn") or {}
    initiative = view.get("initiative") or {}
    bids = []
    sealed = bool(initiative.get("secret"))  # RULINGS I3: the same "secret" for every viewer, the bidder too
    for seat, bid in sorted(((int(k), v) for k, v in (initiative.get("bids") or {}).items())):
        total = (gettext("secret") if sealed else
                 sum(v for v in bid.values() if isinstance(v, int)) if isinstance(bid, Mapping) else bid)
        bids.append({"who": labels.get(seat, str(seat)), "civ": civ_class(players.get(seat, {}).get("civ")),
                     "total": total})
    cards = view.get("cards") or {}
    move = turn.get("move") or None
    battle = turn.get("battle") or None
    end = view.get("end") if view["phase"] == "over" else None
    setup = view["phase"] == "choose_civ"  # round 0: the civilizations, chosen one seat after the other
    return {
        "setup": setup,
        "chosen": [{"who": labels.get(p["seat"], str(p["seat"])), "civ": civ_class(p.get("civ")),
                    "name": name_of(p["civ"]) if p.get("civ") else gettext("choosing")}
                   for p in view["players"]] if setup else [],
        "end": _end_data(end, labels, players) if end else None,
        "move": {"place": sector_text(view, move["at"]), "left": move.get("left", 0),
                 "warp": move.get("kind") == "warp"} if move and move.get("at") else None,
        "battle": {"place": sector_text(view, battle["target"]), "invasion": battle.get("kind") == "invasion",
                   "attacker": labels.get(battle.get("attacker"), ""),
                   "defenders": ", ".join(labels.get(d, str(d)) for d in battle.get("defenders", []))}
        if battle and battle.get("target") else None,
        "round": view["round"],
        # RULINGS E56: the stalemate clock, shown once a round passed without progress
        "quiet_rounds": view.get("quiet_rounds") or 0,
        "stall_rounds": (view.get("options") or {}).get("stall_rounds", "20"),
        "phase": gettext(PHASES.get(view["phase"], view["phase"])),
        "turn_who": (labels.get(turn["seat"], "") if view["phase"] == "turn" and turn.get("seat") in labels
                     else _automaton_label(turn["automaton"], labels) if view["phase"] == "turn" and turn.get("automaton")
                     else ""),
        "turn_civ": civ_class(players.get(turn.get("seat"), {}).get("civ")) if turn else "asc-civ-none",
        "turn_phase": gettext(TURN_PHASES[turn["phase"]]) if turn.get("phase") in TURN_PHASES else "",
        "order": [{"who": labels.get(s, str(s)) if isinstance(s, int) else _automaton_label(str(s), labels),
                   "civ": civ_class(players.get(s, {}).get("civ")) if isinstance(s, int) else "asc-civ-borg",
                   "card": cards.get(str(s))} for s in view.get("order") or []],
        "borg": borg_status(view),
        "bids": bids,
        "stack": view.get("stack_count", 0),
        "exploration": (view.get("exploration") or {}).get("deck_count", 0),
        "discard": [name_of(c) for c in (view.get("exploration") or {}).get("discard", [])[-3:]],
    }


def _automaton_label(who: str, labels: Mapping[Any, str]) -> str:
    """"The Borg", or an Assimilated player playing a Borg turn (``borg:<seat>``, R258)."""
    head, _, seat = who.partition(":")
    if head == "borg" and seat.isdigit():
        return gettext("The Borg (%(who)s)") % {"who": labels.get(int(seat), seat)}
    return gettext("The Borg") if head == "borg" else who


def borg_progress(progress: Mapping[str, Any] | None) -> str:
    """The progress line of a Borg turn ("Borg turn: cube 2 of 4"), from ``view["borg"]["progress"]``."""
    if not progress:
        return ""
    stage = progress.get("stage")
    if stage == "command":
        if progress.get("cube"):
            return gettext("Borg turn: cube %(n)s of %(of)s") % {"n": progress["cube"], "of": progress["of"]}
        return gettext("Borg turn: the Command Phase")
    if stage == "build":
        spires = int(progress.get("spires") or 0)
        n = min(int(progress.get("spire") or 0) + 1, spires)
        return gettext("Borg turn: Spire %(n)s of %(of)s") % {"n": n, "of": spires} if spires else ""
    return gettext(BORG_STAGES[stage]) if stage in BORG_STAGES else ""


def borg_status(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The Borg in the status part: the progress line, whether the rest of the turn runs without pauses
    (RULINGS B41), and their pieces and decks as counts."""
    b = view.get("borg")
    if not b:
        return None
    return {"progress": borg_progress(b.get("progress")), "skip": bool(b.get("skip")),
            "cubes": len(b.get("cubes") or []), "spires": len(b.get("spires") or []),
            "hub": name_of(b["hub"]) if b.get("hub") else "", "commands": (b.get("commands") or {}).get("deck_count", 0),
            "tech": (b.get("tech") or {}).get("deck_count", 0)}


def _end_data(end: Mapping[str, Any], labels: Mapping[int, str],
              players: Mapping[int, Mapping[str, Any]]) -> dict[str, Any]:
    """The status line's last words: who won (each in their civilization's colour), why, and the tie-break."""
    winners = [{"who": labels.get(w, str(w)), "civ": civ_class(players.get(w, {}).get("civ"))}
               for w in end.get("winners") or []]
    reason, tiebreak = end.get("reason", ""), end.get("tiebreak", "")
    return {"winners": winners,
            "won": ngettext("Winner:", "Winners:", len(winners)) if winners else gettext("Nobody won."),
            "reason": _end_words(reason) if reason in END_WORDS else reason.replace("_", " "),
            "tiebreak": " ".join((gettext("Tie broken by:"),
                                  _end_words(tiebreak) if tiebreak in END_WORDS else tiebreak.replace("_", " ")))
            if tiebreak else ""}


def _geometry(view: Mapping[str, Any]) -> dict[str, Any]:
    """Discs and lanes as drawn: the galaxy's own drawing (``view["galaxy"]``, galaxy.Galaxy.view()) when the
    view carries it, otherwise from the systems' centres (open lanes then point away from the table's centre)."""
    galaxy = view.get("galaxy")
    if galaxy:
        return galaxy
    systems = view["systems"]
    xs = [s["xy"][0] for s in systems.values()] or [45.0]
    ys = [s["xy"][1] for s in systems.values()] or [45.0]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    lanes = []
    open_count: dict[str, int] = {}
    for lid, ln in sorted(view["lanes"].items()):
        a = systems.get(ln["a"])
        if a is None:
            continue
        ax, ay = a["xy"]
        b = systems.get(ln["b"]) if ln.get("b") else None
        if b is not None:
            bx, by = b["xy"]
            d = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / d, (by - ay) / d
            p = (ax + ux * 3.5, ay + uy * 3.5)
            q = (bx - ux * 3.5, by - uy * 3.5)
        else:
            k = open_count.get(ln["a"], 0)
            open_count[ln["a"]] = k + 1
            angle = math.atan2(ay - cy, ax - cx) + (k - 1) * 0.7 if (ax, ay) != (cx, cy) else k * 1.2
            ux, uy = math.cos(angle), math.sin(angle)
            p = (ax + ux * 3.5, ay + uy * 3.5)
            q = (p[0] + ux * 4.0 * ln["length"], p[1] + uy * 4.0 * ln["length"])
        n = ln["length"]
        sectors = [[p[0] + (q[0] - p[0]) * (k - 0.5) / n, p[1] + (q[1] - p[1]) * (k - 0.5) / n] for k in range(1, n + 1)]
        lanes.append({"id": lid, "a": ln["a"], "b": ln.get("b"), "length": n, "from": list(p), "to": list(q),
                      "sectors": sectors})
    table = suggested_table(int(view.get("n") or len(view["players"]) or 3))
    return {
        "table": [max(table.width, max(xs) + 5), max(table.height, max(ys) + 5)],
        "systems": [{"id": sid, "x": s["xy"][0], "y": s["xy"][1]} for sid, s in sorted(systems.items())],
        "lanes": lanes,
    }


def _ambassador(value: Any, civ_of: Mapping[int, str], labels: Mapping[int, str]) -> dict[str, str] | None:
    """An ambassador on a system (asc-civs puts it in the view: a seat, a civilization, or a dict with one)."""
    if isinstance(value, Mapping):
        value = value.get("seat", value.get("civ"))
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return {"civ": civ_of.get(value, "asc-civ-none"), "title": labels.get(value, "")}
    return {"civ": civ_class(str(value)), "title": name_of(str(value))}


def _r(x: float) -> float:
    return round(float(x), 2)


def map_data(view: Mapping[str, Any], labels: Mapping[int, str]) -> dict[str, Any]:
    geo = _geometry(view)
    players = {p["seat"]: p for p in view["players"]}
    civ_of = {s: civ_class(p.get("civ")) for s, p in players.items()}
    points: dict[str, tuple[float, float]] = {}
    systems = []
    for g in geo["systems"]:
        sid = g["id"]
        s = view["systems"].get(sid)
        if s is None:
            continue
        x, y = float(g["x"]), float(g["y"])
        points[f"S:{sid}"] = (x, y)
        n = len(s.get("slots", []))
        slots = []
        for j, kind in enumerate(s.get("slots", [])):
            node = (s.get("nodes") or [None] * n)[j] if j < len(s.get("nodes") or []) else None
            slots.append({"x": _r(x + (j - (n - 1) / 2) * 1.9), "y": _r(y + 0.9), "kind": node or kind,
                          "built": node is not None,
                          "title": gettext(RESOURCE_NAMES.get(node or kind, node or kind))})
        owner = s.get("control")
        systems.append({
            "id": sid, "x": _r(x), "y": _r(y), "name": name_of(s.get("disc", sid)),
            "href": "#" + anchor(f"S:{sid}"), "kind": s.get("kind", ""),
            "owner": civ_of.get(owner, "asc-civ-none") if owner is not None else "asc-civ-none",
            "owner_label": labels.get(owner, "") if owner is not None else "",
            "home": s.get("home_of") is not None, "starbase": bool(s.get("starbase")),
            "hazard": s.get("hazard") or 0, "warp_level": s.get("warp_level") or 0, "slots": slots,
            "prewarp": bool(s.get("prewarp")),
            "home_of": s.get("home_of") if isinstance(s.get("home_of"), int) else "",
            "ambassador": _ambassador(s.get("ambassador"), civ_of, labels),
        })
    lanes = []
    for ln in geo["lanes"]:
        sectors = []
        for k, pt in enumerate(ln["sectors"], start=1):
            sector = f"L:{ln['id']}:{k}"
            points[sector] = (float(pt[0]), float(pt[1]))
            sectors.append({"x": _r(pt[0]), "y": _r(pt[1]), "href": "#" + anchor(sector), "k": k,
                            "title": sector_title(k)})
        lanes.append({"id": ln["id"], "x1": _r(ln["from"][0]), "y1": _r(ln["from"][1]), "x2": _r(ln["to"][0]),
                      "y2": _r(ln["to"][1]), "open": ln.get("b") is None, "sectors": sectors})
    # Ships and fleets per sector, one badge per player, side by side.
    present: dict[str, list[dict[str, Any]]] = {}
    for seat, p in sorted(players.items()):
        counts: dict[str, dict[str, int]] = {}
        for sector, count in p.get("ships", {}).items():
            if count > 0:
                counts.setdefault(sector, {"ships": 0, "fleets": 0})["ships"] += count
        for fleet in p.get("fleets", {}).values():
            if fleet.get("sector"):
                c = counts.setdefault(fleet["sector"], {"ships": 0, "fleets": 0})
                c["fleets"] += 1
                c["ships"] += fleet.get("ships", 0)
        for sector, c in counts.items():
            present.setdefault(sector, []).append({"seat": seat, **c})
    # Each seat's badge keeps its place around a sector, whoever else is there (a seat's layer of pieces then
    # changes only with its own ships): over a disc, along its upper half (its name is below) clear of the
    # lanes leaving it; on a lane, beside it, off the line.
    exits, across = _lane_sides(geo, points)
    pieces = []
    n = max(1, len(players))
    for sector, items in sorted(present.items()):
        if sector not in points:
            continue
        x, y = points[sector]
        on_disc = sector.startswith("S:")
        for item in items:
            if on_disc:
                angle = math.radians(_disc_badge_angles(tuple(exits.get(sector, ())), n)[item["seat"] % n])
                bx, by = x + 6.0 * math.cos(angle), y + 6.0 * math.sin(angle)
            else:
                nx, ny = across.get(sector, (0.0, -1.0))
                side = 1 if item["seat"] % 2 == 0 else -1  # alternate sides, then further out
                out = side * (2.4 + 3.6 * (item["seat"] // 2))
                bx, by = x + out * nx, y + out * ny
            pieces.append({
                "seat": item["seat"], "x": _r(bx), "y": _r(by),
                "civ": civ_of.get(item["seat"], "asc-civ-none"), "ships": item["ships"], "fleets": item["fleets"],
                "href": "#" + anchor(sector), "title": labels.get(item["seat"], ""), "in_warp": False, "warp": 0,
                "counts": piece_counts(item["ships"], item["fleets"], None),
            })
    # Ships in warp: a marker beside the sector they left, with their Warp tokens.
    for seat, p in sorted(players.items()):
        for w in p.get("warp", []):
            if w.get("origin") not in points:
                continue
            x, y = points[w["origin"]]
            on_disc = w["origin"].startswith("S:")
            angle = math.radians(180 + 180 * (seat + 0.5) / n if on_disc else 90 + 360 * seat / n)
            radius = 8.8 if on_disc else 3.2  # over a disc: a ring beyond its ships
            pieces.append({
                "seat": seat, "x": _r(x + radius * math.cos(angle)), "y": _r(y + radius * math.sin(angle)),
                "civ": civ_of.get(seat, "asc-civ-none"), "ships": w.get("ships", 0), "fleets": 1 if w.get("fleet") else 0,
                "href": "#" + anchor(w["origin"]), "title": labels.get(seat, ""), "in_warp": True, "warp": w.get("tokens", 0),
                "counts": piece_counts(w.get("ships", 0), 1 if w.get("fleet") else 0, w.get("tokens", 0)),
            })
    turn = view.get("turn") or {}
    marks = []
    for key, field_, css in (("move", "at", "asc-mark-move"), ("battle", "target", "asc-mark-battle")):
        marked = (turn.get(key) or {}).get(field_)
        if isinstance(marked, str) and marked in points:
            sector = marked
            x, y = points[sector]
            marks.append({"x": _r(x), "y": _r(y), "r": 4.6 if sector.startswith("S:") else 1.8, "css": css})
    left, top, right, bottom = map_frame(points.values(), geo["table"])
    borg = borg_map(view, points)
    if borg is not None:
        borg["scale"] = borg_scale(max(right - left, bottom - top))
    return {"left": _r(left), "top": _r(top), "width": _r(right - left), "height": _r(bottom - top),
            "systems": systems, "lanes": lanes, "pieces": pieces, "marks": marks, "borg": borg}


#: How much bigger the Borg's pieces are drawn at the "Whole map" zoom (and half that at ×2, never below their
#: size), by the map's larger side in table units (cm): (up to this size, CSS class). The whole map fits the
#: frame, so the larger the map, the fewer pixels a unit: a Cube 2.2 units wide would be a speck of 10-12 px
#: on a 7-player table. ascendancy.css scales each piece around its own centre.
BORG_SCALES = ((80.0, ""), (110.0, "asc-borg-x15"), (140.0, "asc-borg-x2"), (170.0, "asc-borg-x25"))


def borg_scale(size: float) -> str:
    """The CSS class that draws the Borg's pieces bigger on a map of ``size`` (its larger side), or ""."""
    return next((css for limit, css in BORG_SCALES if size <= limit), "asc-borg-x3")


def borg_map(view: Mapping[str, Any], points: Mapping[str, tuple[float, float]]) -> dict[str, Any] | None:
    """The Borg's pieces where they are: each Cube (below its disc's right, or on its lane sector, marked if
    it is the one acting now), each Spire with its Assimilation Nodes and the Cube built on it (and a ring around
    its Borg System's disc, ``cx``/``cy``), the Hub."""
    b = view.get("borg")
    if not b:
        return None
    active = (b.get("progress") or {}).get("active")
    cubes = []
    for c in b.get("cubes") or []:
        if c.get("sector") not in points:
            continue
        x, y = points[c["sector"]]
        on_disc = c["sector"].startswith("S:")
        number = _describe("cube", c["id"])
        cubes.append({"x": _r(x + 4.2 if on_disc else x), "y": _r(y + 2.4 if on_disc else y), "label": number,
                      "href": "#" + anchor(c["sector"]), "active": c["id"] == active, "beside": on_disc,
                      "title": gettext("Borg Cube %(n)s") % {"n": number}})
    spires = []
    for sp in b.get("spires") or []:
        sector = f"S:{sp['system']}"
        if sector not in points:
            continue
        x, y = points[sector]
        nodes = sp.get("nodes", 0)
        title = ngettext("Borg Spire: %(n)s Assimilation Node", "Borg Spire: %(n)s Assimilation Nodes", nodes) % {
            "n": nodes
        }
        if sp.get("cube"):
            title += ", " + gettext("a Cube on top")
        spires.append({"x": _r(x - 4.2), "y": _r(y + 2.4), "cx": _r(x), "cy": _r(y), "nodes": sp.get("nodes", 0),
                       "cube": bool(sp.get("cube")),
                       "href": "#" + anchor(sector), "title": title})
    hub = None
    if b.get("hub") and f"S:{b['hub']}" in points:
        x, y = points[f"S:{b['hub']}"]
        hub = {"x": _r(x), "y": _r(y), "href": "#" + anchor(f"S:{b['hub']}"), "title": name_of(b["hub"])}
    return {"cubes": cubes, "spires": spires, "hub": hub}


def _lane_sides(geo: Mapping[str, Any], points: Mapping[str, tuple[float, float]]
                ) -> tuple[dict[str, list[float]], dict[str, tuple[float, float]]]:
    """Where the lanes leave each disc (degrees, per ``S:<id>``), and each lane sector's unit normal."""
    exits: dict[str, list[float]] = {}
    across: dict[str, tuple[float, float]] = {}
    for ln in geo["lanes"]:
        pts = [(float(pt[0]), float(pt[1])) for pt in ln["sectors"]]
        if not pts:
            continue
        for end, near in ((ln.get("a"), pts[0]), (ln.get("b"), pts[-1])):
            if end is not None and f"S:{end}" in points:
                cx, cy = points[f"S:{end}"]
                exits.setdefault(f"S:{end}", []).append(math.degrees(math.atan2(near[1] - cy, near[0] - cx)) % 360)
        (fx, fy), (tx, ty) = ln["from"], ln["to"]
        length = math.hypot(tx - fx, ty - fy) or 1.0
        for k in range(1, len(pts) + 1):
            across[f"L:{ln['id']}:{k}"] = (-(ty - fy) / length, (tx - fx) / length)
    return exits, across


#: A badge (3 units wide, 6 from a disc's centre) keeps this many degrees from a lane leaving the disc.
LANE_CLEARANCE = 22.0


@cache
def _disc_badge_angles(exits: tuple[float, ...], n: int) -> list[float]:
    """The angle (degrees; 270 is up) of each seat's badge around a disc: its place among ``n`` spread over
    the upper half, moved to the nearest angle clear of the lanes (and of the badges already placed)."""
    spacing = min(28.0, 170.0 / n)
    candidates = [185.0 + 2.5 * i for i in range(69)]  # 185 .. 355

    def gap(a: float, b: float) -> float:
        d = abs(a - b) % 360
        return min(d, 360 - d)

    free = [a for a in candidates if all(gap(a, e) >= LANE_CLEARANCE for e in exits)]
    chosen: list[float] = []
    for seat in range(n):
        ideal = 180 + 180 * (seat + 0.5) / n
        fits = [a for a in free if all(gap(a, c) >= spacing for c in chosen)]
        chosen.append(min(fits, key=lambda a: (gap(a, ideal), a)) if fits else ideal)
    return chosen


#: Frames grow in steps of this many table units (a new system far out re-frames the map, a ship does not).
FRAME_STEP = 10.0
#: Room around the outermost points drawn: a disc (3.5), its badges and warp markers (up to 8.8 + 1.5).
FRAME_MARGIN = 11.0


def map_frame(points: Any, table: Sequence[float]) -> tuple[float, float, float, float]:
    """The part of the table the map shows: what is drawn (systems and lane sectors) with room for the badges
    around them, grown to whole steps so that it changes only when the galaxy grows much; never larger than
    the table with its margin."""
    pts = list(points)
    w, h = float(table[0]), float(table[1])
    if not pts:
        return -FRAME_MARGIN, -FRAME_MARGIN, w + FRAME_MARGIN, h + FRAME_MARGIN
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]

    def down(v: float) -> float:
        return math.floor(v / FRAME_STEP) * FRAME_STEP

    def up(v: float) -> float:
        return math.ceil(v / FRAME_STEP) * FRAME_STEP

    left = max(-FRAME_MARGIN, down(min(xs) - FRAME_MARGIN))
    top = max(-FRAME_MARGIN, down(min(ys) - FRAME_MARGIN))
    right = min(w + FRAME_MARGIN, up(max(xs) + FRAME_MARGIN))
    bottom = min(h + FRAME_MARGIN, up(max(ys) + FRAME_MARGIN))
    return left, top, right, bottom


#: The map's layers, drawn one over the other (ascendancy.css), each changing on its own: a ship's move
#: re-sends only its owner's pieces, a new lane only the lanes.
MAP_LAYERS = (("asc-map-lanes", "map_lanes.html", ("left", "top", "width", "height", "lanes")),
              ("asc-map-systems", "map_systems.html", ("systems",)))


def map_parts(data: Mapping[str, Any], seats: Sequence[int]) -> list[Part]:
    """The map as parts: lanes, systems, what is under way (a move, a battle), then each seat's ships."""
    frame = f"{data['left']} {data['top']} {data['width']} {data['height']}"
    parts = [Part(pid, f"ascendancy/{template}", {"frame": frame, **{k: data[k] for k in keys}}, public=True)
             for pid, template, keys in MAP_LAYERS]
    parts.append(Part("asc-map-marks", "ascendancy/map_pieces.html",
                      {"frame": frame, "marks": data["marks"], "pieces": []}, public=True))
    if data.get("borg") is not None:  # the Borg's pieces: a layer of their own, changing with their turn
        parts.append(Part("asc-map-borg", "ascendancy/map_borg.html", {"frame": frame, **data["borg"]}, public=True))
    for seat in seats:
        parts.append(Part(f"asc-map-pieces-{seat}", "ascendancy/map_pieces.html",
                          {"frame": frame, "marks": [], "pieces": [p for p in data["pieces"] if p["seat"] == seat]},
                          public=True))
    return parts


def decide_data(view: Mapping[str, Any], ctx: Mapping[str, Any]) -> dict[str, Any]:
    """The decisions the viewer makes first, above the map: the civilization to play (round 0), each with its
    special rules' names; the Initiative bid (R3, R4), one form of three amounts, checked by the server."""
    controls = ctx.get("controls") or []
    rules_of = _civ_rules()
    civs = [{"kind": c["kind"], "args": c["args"], "name": name_of(c["civ"]), "title": c["label"],
             "civ": civ_class(c["civ"]), "flavour": " · ".join(name_of(r) for r in rules_of.get(c["civ"], []))}
            for c in controls if c.get("section") == "civ"]
    bid = None
    if any(c.get("section") == "bid" for c in controls):
        me: Mapping[str, Any] = next((p for p in view["players"] if p["seat"] == ctx.get("position")), {})
        have = me.get("resources") or {}
        decision = ctx.get("my_decision")
        params = getattr(decision, "params", None) or {}
        forbidden = [int(t) for t in params.get("forbidden") or []]  # none said with secret bids (RULINGS I3)
        bid = {"fields": [{"name": f"arg_{r}", "label": gettext(RESOURCE_NAMES[r]), "res": r, "max": int(have.get(r, 0))}
                          for r in ("production", "research", "culture")],
               "forbidden": forbidden, "forbidden_text": ", ".join(str(t) for t in forbidden),
               "secret": bool((view.get("initiative") or {}).get("secret"))}
    if not civs and bid is None:  # nothing to decide here: the same empty part at every version, never re-sent
        return {"url": "", "version": "", "key": "", "civs": [], "bid": None}
    table = ctx.get("table")
    return {
        "url": reverse("table_command", args=[table.pk]) if table is not None else "",
        "version": str(ctx.get("form_version", "")),
        "key": str(ctx.get("idempotency_key", "")),
        "civs": civs,
        "bid": bid,
    }


def actions_data(view: Mapping[str, Any], ctx: Mapping[str, Any]) -> dict[str, Any]:
    """The viewer's controls on the map, grouped by place (in the order the places are first named)."""
    groups: dict[str, dict[str, Any]] = {}
    for c in ctx.get("controls") or []:
        target = c.get("target")
        if not c.get("on_board") or not target:
            continue
        group = groups.setdefault(target, {"id": anchor(target), "place": sector_text(view, target), "hint": "",
                                           "controls": []})
        group["controls"].append({"kind": c["kind"], "args": c["args"], "label": c["label"], "title": ""})
    table = ctx.get("table")
    return {
        "url": reverse("table_command", args=[table.pk]) if table is not None else "",
        "version": str(ctx.get("form_version", "")),
        "key": str(ctx.get("idempotency_key", "")),
        "groups": list(groups.values()),
    }


def off_turn_abilities(rules: Rules, ctx: Mapping[str, Any]) -> list[Command]:
    """RULINGS E54: the "any time" abilities the viewer may use while the game does not wait on him (when it
    does, they are among his decision's commands)."""
    table = ctx.get("table")
    position = ctx.get("position")
    seat = ctx.get("my_seat")
    if (not isinstance(position, int) or ctx.get("my_decision") is not None or table is None
            or getattr(table, "status", None) != "active" or getattr(table, "state", None) is None
            or getattr(seat, "resigned", False)):
        return []
    me = next((p for p in (ctx.get("view") or {}).get("players", []) if p.get("seat") == position), None)
    if me is None or not any(not a.get("exhausted") and any(e.get("when") == "any_time" for e in effects_of(a["card"]))
                             for a in me.get("advancements", [])):
        return []  # no ready "any time" Advancement (the only cards the data gives one): no state loaded
    state = loaded_state(table, rules)
    return [c for c in rules.legal_commands(state, position) if c.kind == "use_ability"]


def borg_skip_offered(view: Mapping[str, Any], ctx: Mapping[str, Any]) -> bool:
    """RULINGS B41: a seated player the game does not wait on may have the rest of the Borg turn under way run
    without pauses (the engine's ``borg_skip``, ``borg.skip_commands``), read from the view alone."""
    table = ctx.get("table")
    b = view.get("borg")
    if (not b or b.get("skip") or not isinstance(ctx.get("position"), int) or ctx.get("my_decision") is not None
            or table is None or getattr(table, "status", None) != "active"
            or getattr(ctx.get("my_seat"), "resigned", False) or view.get("phase") == "over"):
        return False
    turn = view.get("turn") or {}
    return b.get("progress") is not None or (view.get("phase") == "turn" and bool(turn.get("automaton")))


def standing_data(view: Mapping[str, Any], ctx: Mapping[str, Any], labels: Mapping[int, str]) -> dict[str, Any]:
    """The viewer's standing answers (their own: the view holds only theirs) and, while the game does not wait
    on them, the forms that give or take one back (the engine's ``standing`` / ``clear_standing``)."""
    position = ctx.get("position")
    mine = [dict(e) for e in view.get("standing") or []]
    players = {p["seat"]: p for p in view["players"]}

    def who(seat: Any) -> str:
        if not isinstance(seat, int):
            return ""
        civ = players.get(seat, {}).get("civ")
        label = labels.get(seat, str(seat))
        return f"{label} — {name_of(civ)}" if civ else label

    def args(entry: Mapping[str, Any]) -> str:
        return json.dumps(dict(entry), sort_keys=True, separators=(",", ":"))

    given = [{"text": standing_text(e["answer"], who(e.get("to"))), "args": args(e)} for e in mine]
    offers: list[dict[str, Any]] = []
    phase = view.get("phase")
    open_ = phase not in ("choose_civ", "over") and ctx.get("my_decision") is None and ctx.get("table") is not None
    me = players.get(position, {}) if isinstance(position, int) else {}
    if open_ and me and not me.get("exterminated"):
        rivals = [q["seat"] for q in view["players"] if q["seat"] != position]
        for answer in ("refuse_passage", "allow_passage", "refuse_trade"):
            for rival in rivals:
                entry = {"answer": answer, "to": rival}
                if entry not in mine:
                    offers.append({"text": standing_text(answer, who(rival)), "args": args(entry),
                                   "civ": civ_class(players.get(rival, {}).get("civ"))})
        if {"answer": "retreat_outnumbered"} not in mine:
            offers.append({"text": standing_text("retreat_outnumbered", ""),
                           "args": args({"answer": "retreat_outnumbered"}), "civ": ""})
    table = ctx.get("table")
    return {
        "given": given if open_ else [dict(g, fixed=True) for g in given],
        "offers": offers, "open": open_,
        "url": reverse("table_command", args=[table.pk]) if table is not None else "",
        "version": str(ctx.get("form_version", "")), "key": str(ctx.get("idempotency_key", "")),
    }


def secret_data(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    me: Mapping[str, Any] = next((p for p in view["players"] if p["seat"] == seat), {})
    public = me.get("agenda_public")
    return {"agendas": [{"name": name_of(a), "revealed": a == public} for a in me.get("agendas", [])
                        if a != public],
            # RULINGS I38: private Projects are shown face down on the public console, face up here
            "projects": _projects(me) if _projects_private(view) else [],
            "bid": _sealed_bid(view, seat)}


def _sealed_bid(view: Mapping[str, Any], seat: int) -> dict[str, int] | None:
    """RULINGS I3: the seat's own secret bid while the bids are sealed (the status line says "secret")."""
    initiative = view.get("initiative") or {}
    bid = (initiative.get("bids") or {}).get(str(seat)) if initiative.get("secret") else None
    if not isinstance(bid, Mapping):
        return None
    amounts = {r: int(bid.get(r, 0)) for r in ("production", "research", "culture")}
    return {**amounts, "total": sum(amounts.values())}


def _projects_private(view: Mapping[str, Any]) -> bool:
    return bool((view.get("options") or {}).get("projects") == "private")


def _projects(p: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{"name": name_of(pr["card"]) if pr.get("card") else gettext(FACE_DOWN_PROJECT),
             "research": pr.get("research", 0), "cost": _advancements().get(pr.get("card") or "", {}).get("cost", 0)}
            for pr in p.get("projects", [])]


#: The console's fixed words, the same in every console: translated once per language (``console_words``) and
#: printed as ``_("...")`` prints them (translated, not escaped), instead of 18 translation lookups per console.
CONSOLE_WORDS: dict[str, str] = {
    "exterminated_note": gettext_noop("Exterminated"),
    "authority": gettext_noop("Authority"),
    "commands_ready": gettext_noop("Commands ready"),
    "weapons": gettext_noop("Weapons"),
    "shields": gettext_noop("Shields"),
    "ships": gettext_noop("Ships"),
    "control_nodes": gettext_noop("Control nodes"),
    "starbases": gettext_noop("Starbases"),
    "advancement_deck": gettext_noop("Advancement deck"),
    "first_contact": gettext_noop("First Contact made"),
    "advancements": gettext_noop("Advancements"),
    "exhausted": gettext_noop("exhausted"),
    "none": gettext_noop("none"),
    "projects": gettext_noop("Projects"),
    "fleets": gettext_noop("Fleets"),
    "not_formed": gettext_noop("not formed"),
    "in_warp": gettext_noop("In warp"),
    "trade_held": gettext_noop("Trade Agreements held"),
}


@cache
def _console_words(language: str) -> dict[str, str]:
    return {k: mark_safe(gettext(v)) for k, v in CONSOLE_WORDS.items()}  # noqa: S308 - our own .po's words


@lru_cache(maxsize=4096)
def _piece_counts(language: str, ships: int, fleets: int, warp: int | None) -> str:
    def count(singular: str, plural: str, num: int) -> str:  # as ``ngettext(...)`` prints in a board template
        words: str = ngettext(singular, plural, num)
        return words % {"num": escape_value(num)}

    text = count("%(num)s ship", "%(num)s ships", ships)
    if fleets:
        text += ", " + count("%(num)s fleet", "%(num)s fleets", fleets)
    if warp is not None:
        text += " — " + count("in warp with %(num)s token", "in warp with %(num)s tokens", warp)
    safe: str = mark_safe(text)  # noqa: S308 - our own .po's words and integers
    return safe


def piece_counts(ships: int, fleets: int, warp: int | None) -> str:
    """A piece's tooltip after its owner's name: its ships, fleets and (in warp) tokens, in the active language,
    remembered per language and counts (a map has dozens of pieces and the counts repeat)."""
    return _piece_counts(get_language() or "", ships, fleets, warp)


@lru_cache(maxsize=256)
def _sector_title(language: str, k: int) -> str:
    safe: str = mark_safe(gettext("Lane sector %(k)s") % {"k": escape_value(k)})  # noqa: S308 - as _() prints it
    return safe


def sector_title(k: int) -> str:
    """A lane sector's tooltip in the active language (remembered: a map has a hundred sectors, numbered 1-4)."""
    return _sector_title(get_language() or "", k)


def console_words() -> dict[str, str]:
    """``CONSOLE_WORDS`` in the active language."""
    return _console_words(get_language() or "")


def _track_value(civ: str | None, track: str, level: int, key: str) -> int | None:
    steps = _tracks().get(civ or "", {}).get(track, [])
    return steps[level].get(key) if 0 <= level < len(steps) else None


def console_data(view: Mapping[str, Any], p: Mapping[str, Any], labels: Mapping[int, str]) -> dict[str, Any]:
    seat = p["seat"]
    civ = p.get("civ")
    on_map = sum(c for c in p.get("ships", {}).values()) + sum(f.get("ships", 0) for f in p.get("fleets", {}).values())
    nodes = sum(1 for s in view["systems"].values() if s.get("control") == seat for n in s.get("nodes", []) if n)
    advancements = []
    for a in p.get("advancements", []):
        info = _advancements().get(a["card"], {})
        advancements.append({"name": name_of(a["card"]), "exhausted": bool(a.get("exhausted")),
                             "category": info.get("category", ""), "text": info.get("text", "")})
    projects = _projects(p) if not _projects_private(view) else [  # the console is public: faces for no one
        {"name": gettext(FACE_DOWN_PROJECT), "research": pr.get("research", 0), "cost": "?"}
        for pr in p.get("projects", [])]
    fleets = []
    formed = p.get("fleets", {})
    for card in p.get("fleet_cards", []):
        f = formed.get(card)
        if f is None:
            fleets.append({"name": _card_words(card), "formed": False,
                           "ships": 0, "where": ""})
        else:
            fleets.append({"name": name_of(f.get("side")), "formed": True, "ships": f.get("ships", 0),
                           "where": sector_text(view, f["sector"]) if f.get("sector") else gettext("in warp")})
    held = []
    values = _trade_values()
    for giver, h in sorted((p.get("trade_held") or {}).items()):
        giver_civ = next((q.get("civ") for q in view["players"] if str(q["seat"]) == str(giver)), None)
        card = h.get("card") if isinstance(h, Mapping) else h
        value = {}
        if giver_civ and isinstance(card, int) and card < len(values.get(giver_civ, [])):
            value = values[giver_civ][card]
        held.append({"from": labels.get(int(giver), str(giver)), "civ": civ_class(giver_civ),
                     "exhausted": bool(h.get("exhausted")) if isinstance(h, Mapping) else False,
                     "value": ", ".join(f"{v} {gettext(RESOURCE_NAMES.get(k, k))}" for k, v in sorted(value.items()))})
    warp = [{"id": w["id"], "ships": w.get("ships", 0), "tokens": w.get("tokens", 0),
             "fleet": name_of(formed.get(w["fleet"], {}).get("side")) if w.get("fleet") else "",
             "origin": sector_text(view, w["origin"]) if w.get("origin") else ""} for w in p.get("warp", [])]
    return {
        "seat": seat, "who": labels.get(seat, str(seat)), "civ": civ_class(civ), "civ_name": name_of(civ) if civ else "",
        "resources": [{"kind": k, "name": gettext(RESOURCE_NAMES[k]), "amount": p.get("resources", {}).get(k, 0)}
                      for k in ("production", "research", "culture")],
        "authority": p.get("authority", 0), "authority_max": p.get("authority_max", 0),
        "commands": p.get("commands", 0), "ready": p.get("ready", 0),
        "weapons": p.get("weapons", 0), "shields": p.get("shields", 0),
        "hit": _track_value(civ, "weapons", p.get("weapons", 0), "hit"),
        "modifier": _track_value(civ, "shields", p.get("shields", 0), "modifier"),
        "ships": on_map, "nodes": nodes, "starbases": p.get("starbases_built", 0),
        "advancements": advancements, "projects": projects, "fleets": fleets, "held": held, "warp": warp,
        "trade_hand": len(p.get("trade_hand", [])), "deck": p.get("deck_count", 0),
        "first_contact": bool(p.get("first_contact")), "exterminated": bool(p.get("exterminated")),
        "agenda": name_of(p["agenda_public"]) if p.get("agenda_public") else "",
        "t": console_words(),
    }


register_presenter("ascendancy", AscendancyPresenter)
