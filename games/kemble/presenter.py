"""The Battle at Kemble's Cascade in the browser: board context, controls and translated texts.

Presentation only: the engine's view says what is where and ``legal_commands`` what may be done. The
presenter places each legal command on the quadrant it acts on (moves, entries, jumps, shots, turret
arrows) or in the decision panel (everything else), and turns card data into readable, translated text.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import get_language, gettext, gettext_lazy, gettext_noop, ngettext

from games.engine.core import Command, Decision, Rules
from games.kemble.engine.content import BLOCKING, CONTENT, DELTA, EMPTY, Quadrant, side
from games.parts import Part, drawn_digest_of, part_json
from games.presenters import Presenter, fill, per_language, player_label, register_presenter, seat_ref

DIR_NAMES = {
    "n": gettext_noop("north"),
    "ne": gettext_noop("north-east"),
    "e": gettext_noop("east"),
    "se": gettext_noop("south-east"),
    "s": gettext_noop("south"),
    "sw": gettext_noop("south-west"),
    "w": gettext_noop("west"),
    "nw": gettext_noop("north-west"),
}
ARROWS = {"n": "↑", "ne": "↗", "e": "→", "se": "↘", "s": "↓", "sw": "↙", "w": "←", "nw": "↖"}
SIDE_NAMES = {"left": gettext_noop("left"), "right": gettext_noop("right")}
SIDE_ARROWS = {"left": "←", "right": "→"}

OBJECTS: dict[str, tuple[str, str]] = {
    "empty": (gettext_noop("Empty space"), ""),
    "fighter": (gettext_noop("Fighter"), "✈"),
    "turret": (gettext_noop("Turret"), "⊕"),
    "cruiser": (gettext_noop("Cruiser"), "⬢"),
    "boss_part": (gettext_noop("Boss part"), "☠"),
    "mini_boss": (gettext_noop("Mini boss"), "⚑"),
    "powerup": (gettext_noop("Power-up"), "✦"),
    "drone": (gettext_noop("Recharge drone"), "⚙"),
    "wormhole": (gettext_noop("Wormhole"), "◎"),
    "mine": (gettext_noop("Mine"), "✹"),
    "black_hole": (gettext_noop("Black hole"), "◉"),
    "merchant": (gettext_noop("Merchant"), "¤"),
    "labyrinth": (gettext_noop("Space labyrinth"), "▦"),
    "singularity": (gettext_noop("Singularity"), "✴"),
    "asteroid": (gettext_noop("Asteroid"), "☄"),
    "wall": (gettext_noop("Wall"), "▩"),
    "mosquito": (gettext_noop("Space mosquito"), "⁂"),
    "bomb": (gettext_noop("Space bomb"), "☢"),
}
WEAPONS = {
    "turret": gettext_noop("turret gun"),
    "laser": gettext_noop("laser"),
    "missile": gettext_noop("missile"),
    "gamma": gettext_noop("gamma cannon"),
    "flamethrower": gettext_noop("flamethrower"),
}
UPGRADES = {
    "laser": gettext_noop("Laser"),
    "missile": gettext_noop("Missile"),
    "gamma": gettext_noop("Gamma cannon"),
    "flamethrower": gettext_noop("Flamethrower"),
    "turret": gettext_noop("Rotary turret"),
    "generator": gettext_noop("Generator"),
    "shield": gettext_noop("Shield"),
    "engine": gettext_noop("Engine"),
}
IMMUNITY_NAMES = {
    "flame": gettext_noop("flamethrower"),
    "missile": gettext_noop("missile"),
    "laser": gettext_noop("laser"),
    "gamma": gettext_noop("gamma"),
}
IMMUNITY_SHORT = {"flame": "F", "missile": "M", "laser": "L", "gamma": "γ"}
COLOURS = {
    "red": gettext_noop("red"),
    "blue": gettext_noop("blue"),
    "green": gettext_noop("green"),
    "yellow": gettext_noop("yellow"),
    "purple": gettext_noop("purple"),
}
PHASES = {
    "bid": gettext_noop("Sensor bid"),
    "reveal": gettext_noop("Reveal"),
    "turn": gettext_noop("Player turns"),
    "scroll": gettext_noop("Scrolling"),
    "upkeep": gettext_noop("End of round"),
    "over": gettext_noop("Game over"),
}
MODES = {
    "choose": gettext_noop("choosing Battle or Power Down"),
    "battle": gettext_noop("Battle"),
    "astral": gettext_noop("astral"),
    "buy": gettext_noop("Power Down: buying"),
    "power_down": gettext_noop("Power Down"),
}
TIMINGS = {
    "turn": gettext_noop("Play during your turn"),
    "immediate": gettext_noop("Resolves when drawn"),
    "end_game": gettext_noop("Secret glory, scored at the end"),
}
VERBS = {
    "gain_glory": gettext_noop("+{amount} glory"),
    "gain_bellonium": gettext_noop("+{amount} Bellonium"),
    "lose_bellonium": gettext_noop("−{amount} Bellonium"),
    "gain_energy": gettext_noop("+{amount} energy"),
    "lose_energy": gettext_noop("{amount} energy damage"),
    "add_threat": gettext_noop("+{amount} threat"),
    "reduce_threat": gettext_noop("threat level −{amount}"),
    "extra_moves": gettext_noop("extra moves this turn: +{amount}"),
    "extra_fire": gettext_noop("extra fire actions this turn: +{amount}"),
    "free_overloads": gettext_noop("free overloads this turn: {amount}"),
    "overload_costs": gettext_noop("overloads cost {first} then {second} energy this round"),
    "free_rotation": gettext_noop("free turret rotations this turn"),
    "draw_powerups": gettext_noop("draw power-ups: {amount}"),
    "shield": gettext_noop("threat level −{amount} at your next resolution"),
    "end_glory": gettext_noop("+{amount} glory at the end of the game"),
    "custom": gettext_noop("special: {name}"),
}
TRIGGERS = {
    "on_reveal": gettext_noop("When it appears"),
    "on_scroll": gettext_noop("At each scroll"),
    "on_destroyed": gettext_noop("When destroyed"),
    "on_entered": gettext_noop("When a ship enters it"),
    "on_turn_end": gettext_noop("After each turn"),
}
TARGETS = {
    "actor": gettext_noop("that player"),
    "actor_if_adjacent": gettext_noop("that player, if adjacent"),
    "all_on_board": gettext_noop("every ship in play"),
    "adjacent": gettext_noop("adjacent ships"),
    "same_row": gettext_noop("ships in its row"),
    "same_column": gettext_noop("ships in its column"),
    "all_players": gettext_noop("every player"),
}
STATS = {
    "kills": gettext_noop("objects destroyed"),
    "kills_fighter": gettext_noop("fighters destroyed"),
    "kills_turret": gettext_noop("turrets destroyed"),
    "kills_cruiser": gettext_noop("cruisers destroyed"),
    "kills_boss_part": gettext_noop("boss parts destroyed"),
    "kills_mini_boss": gettext_noop("mini bosses destroyed"),
    "kills_asteroid": gettext_noop("asteroids destroyed"),
    "kills_mine": gettext_noop("mines destroyed"),
    "damage_dealt": gettext_noop("damage dealt"),
    "pvp_tokens_given": gettext_noop("PvP tokens given"),
    "players_destroyed": gettext_noop("players destroyed"),
    "rams": gettext_noop("enemies rammed"),
    "powerups_collected": gettext_noop("power-ups collected"),
    "powerups_played": gettext_noop("power-ups played"),
    "labyrinths_scored": gettext_noop("labyrinths scored"),
    "singularities_scored": gettext_noop("singularities scored"),
    "wormhole_jumps": gettext_noop("wormhole jumps"),
    "moves": gettext_noop("moves"),
    "overloads": gettext_noop("overloads"),
    "power_downs": gettext_noop("Power Downs"),
    "rotations": gettext_noop("turret rotations"),
    "bellonium_gained": gettext_noop("Bellonium gained"),
    "upgrade_levels_bought": gettext_noop("upgrade levels bought"),
    "drones_used": gettext_noop("drones used"),
    "survived_pushes": gettext_noop("scroll pushes survived"),
    "bellonium": gettext_noop("Bellonium held"),
    "energy": gettext_noop("energy"),
    "glory": gettext_noop("glory"),
    "upgrade_levels": gettext_noop("upgrade levels owned"),
    "weapons_owned": gettext_noop("weapons owned"),
    "powerups_held": gettext_noop("power-ups held"),
    "in_top_row": gettext_noop("ship in the top row"),
    "threat_level": gettext_noop("threat level"),
}
SCOPES = {
    "game": gettext_noop("{stat}: {at_least} in the game"),
    "turn": gettext_noop("{stat}: {at_least} in one turn"),
    "now": gettext_noop("{stat}: {at_least} at once"),
}
SOURCES = {
    "sensor": gettext_noop("sensor card"),
    "powerup": gettext_noop("power-up"),
    "global": gettext_noop("Global Bellonium"),
    "reward": gettext_noop("reward"),
    "destruction": gettext_noop("a ship destroyed"),
    "labyrinth": gettext_noop("space labyrinth"),
    "singularity": gettext_noop("singularity"),
    "pvp_tokens": gettext_noop("PvP tokens"),
    "upgrade": gettext_noop("upgrade"),
    "drone": gettext_noop("recharge drone"),
    "generator": gettext_noop("Generator"),
    "bought": gettext_noop("bought"),
    "quadrant": gettext_noop("power-up quadrant"),
    "setup": gettext_noop("setup"),
    "position": gettext_noop("position"),
    "mission": gettext_noop("mission"),
    "achievement": gettext_noop("achievement"),
    "collision": gettext_noop("collision"),
    "ram": gettext_noop("ramming"),
    "mine": gettext_noop("mine"),
    "threat": gettext_noop("threat"),
    "overload": gettext_noop("overload"),
    "rotation": gettext_noop("turret rotation"),
    "black_hole": gettext_noop("black hole"),
    "ship": gettext_noop("a ship"),
    "bomb": gettext_noop("space bomb"),
}




def source_text(value: str) -> str:
    """A cause or source id from an event: a power-up copy, a special rule, or a known word."""
    if "#" in value:
        return str(powerup_card(value)["name"])
    if value in CONTENT.rules:
        return gettext("boss special rule")
    if value in SOURCES:
        return gettext(SOURCES[value])
    if value in OBJECTS:
        return gettext(OBJECTS[value][0])
    return value.replace("_", " ")


#: Prompts whose choices are (partly) on the board: say so.
BOARD_PROMPTS = {
    "battle_turn": gettext_noop(
        "Your Battle turn: click a highlighted quadrant to enter, move or fire (turn the weapons with the yellow "
        "arrows on your ship); overload or play power-ups here; then end your turn."
    ),
    "astral_turn": gettext_noop(
        "You are astral: buy first if you like, then click a highlighted quadrant of the bottom row to enter, "
        "or end the turn."
    ),
    "choose_wormhole": gettext_noop(
        "You reached a wormhole: click another wormhole on the board to jump there, or stay."
    ),
}

#: Decision-panel order of the commands that are not placed on the board.
PANEL_ORDER = (
    "battle",
    "power_down",
    "choose_side",
    "stay",
    "swap",
    "spend_move",
    "merchant",
    "overload",
    "rotate",
    "fire",
    "enter",
    "move",
    "teleport",
    "play_powerup",
    "buy_upgrade",
    "buy_powerup",
    "end_turn",
)


def _t(text: str) -> str:
    return gettext(text) if text else ""


def _json_args(args: Mapping[str, Any]) -> str:
    return json.dumps(dict(args), sort_keys=True, separators=(",", ":"))


def _player(n: int) -> str:
    return player_label(n)


def direction(d: str) -> str:
    return _t(DIR_NAMES.get(d, d))


def effect_text(effect: Mapping[str, Any]) -> str:
    template = VERBS.get(str(effect.get("verb")))
    if template is None:
        return str(effect.get("verb", ""))
    return fill(gettext(template), effect)


def effects_text(effects: Sequence[Mapping[str, Any]]) -> str:
    return "; ".join(effect_text(e) for e in effects)


def sensor_card(card_id: str) -> dict[str, Any]:
    return dict(_sensor_card(card_id))


@per_language
def _sensor_card(card_id: str) -> dict[str, Any]:
    s = CONTENT.sensors.get(card_id)
    if s is None:
        return {"id": card_id, "number": "?", "symbol": "", "symbol_name": "", "text": ""}
    return {
        "id": card_id,
        "number": s.number,
        "symbol": s.symbol,
        "symbol_name": _t(COLOURS.get(s.symbol, "")),
        "text": effects_text(s.effects),
    }


def powerup_card(card_id: str) -> dict[str, Any]:
    return dict(_powerup_card(card_id))


@per_language
def _powerup_card(card_id: str) -> dict[str, Any]:
    p = CONTENT.powerups.get(card_id)
    if p is None:
        return {"id": card_id, "name": card_id, "timing": "", "text": ""}
    return {
        "id": card_id,
        "name": gettext(p.name),
        "timing": _t(TIMINGS.get(p.timing, "")),
        "timing_id": p.timing,
        "text": effects_text(p.effects),
    }


def goal_card(goal_id: str | None, progress: int | None = None, done: bool = False) -> dict[str, Any] | None:
    return _goal_card(get_language(), goal_id, progress, done)


def _goal_card(
    language: str | None, goal_id: str | None, progress: int | None = None, done: bool = False
) -> dict[str, Any] | None:
    """``goal_card`` in ``language``, which must be the active language."""
    if not goal_id:
        return None
    g = CONTENT.missions.get(goal_id) or CONTENT.achievements.get(goal_id)
    if g is None:
        return {"id": goal_id, "name": goal_id, "text": "", "glory": 0}
    name, text = _goal_texts.in_language(language, goal_id)  # type: ignore[attr-defined]
    return {
        "id": goal_id,
        "name": name,
        "text": text,
        "glory": g.glory,
        "goal": g.at_least,
        "progress": progress,
        "done": done,
    }


@functools.lru_cache(maxsize=4096)
def _achievement(language: str | None, goal_id: str | None) -> dict[str, Any] | None:
    """``goal_card(goal_id)`` (no progress) in ``language``, the active one: shared, do not change it."""
    return _goal_card(language, goal_id)


@per_language
def _goal_texts(goal_id: str) -> tuple[str, str]:
    """A mission's or achievement's name and what it asks for."""
    g = CONTENT.missions.get(goal_id) or CONTENT.achievements[goal_id]
    text = fill(gettext(SCOPES[g.scope]), {"stat": _t(STATS.get(g.stat, g.stat)), "at_least": g.at_least})
    return gettext(g.name), text


@per_language
def rule_text(rule_id: str) -> str:
    rule = CONTENT.rules.get(rule_id)
    if rule is None:
        return ""
    return gettext("%(when)s, %(who)s: %(what)s") % {
        "when": _t(TRIGGERS.get(rule.trigger, rule.trigger)),
        "who": _t(TARGETS.get(rule.target, rule.target)),
        "what": effects_text(rule.effects),
    }


@per_language
def card_name(card_id: str | None) -> str:
    if not card_id:
        return ""
    try:
        card = CONTENT.card(card_id)
    except KeyError:
        return card_id
    if card.boss:
        boss = CONTENT.bosses.get(card.boss)
        return f"{gettext(boss.name) if boss else card.boss} {card.number}"
    if card.deck == "scenario":
        return gettext("Scenario card")
    return gettext(card.name)


@per_language
def boss_name(boss_id: str | None) -> str:
    boss = CONTENT.bosses.get(boss_id or "")
    return gettext(boss.name) if boss else (boss_id or "")


@per_language
def upgrade_level_text(kind: str, level: int) -> str:
    """What a level of an upgrade does, from its data."""
    spec = CONTENT.upgrades.get(kind, {}).get("levels", [])
    if not 1 <= level <= len(spec):
        return ""
    lv = spec[level - 1]
    if kind == "laser":
        return gettext("%(n)s shots of 1 damage") % {"n": lv["shots"]}
    if kind == "missile":
        return gettext("%(d)s damage, %(s)s blast to a neighbour") % {"d": lv["damage"], "s": lv["splash"]}
    if kind == "gamma":
        return gettext("%(d)s damage to the whole line") % {"d": lv["damage"]}
    if kind == "flamethrower":
        return gettext("%(d)s damage to the adjacent quadrant") % {"d": lv["damage"]}
    if kind == "turret":
        return gettext("turn the weapons for 1 energy") if level == 1 else gettext("turn the weapons freely")
    if kind == "generator":
        return gettext("max energy %(m)s, Power Down recharges %(r)s") % {
            "m": lv["max_energy"],
            "r": lv["recharge"],
        }
    if kind == "shield":
        return gettext("threat level −%(n)s when resolving") % {"n": lv["reduce"]}
    if kind == "engine":
        return gettext("extra moves per turn: +%(n)s") % {"n": lv["moves"]}
    return ""


# --- the quadrant --------------------------------------------------------------------------------


def _shots(items: Sequence[tuple[str, int]], kind: str) -> list[dict[str, Any]]:
    out = []
    for d, n in items:
        if kind == "gamma":
            title = gettext("Gamma distant threat %(n)s toward the %(dir)s (nothing blocks it)")
        else:
            title = gettext("Distant threat %(n)s toward the %(dir)s")
        out.append(
            {
                "dir": d,
                "arrow": ARROWS[d],
                "count": n,
                "kind": kind,
                "title": title % {"n": n, "dir": direction(d)},
            }
        )
    return out


@per_language
def quadrant_info(q: Quadrant) -> dict[str, Any]:
    """Every printed symbol of a quadrant, with a readable title for each.

    Cached per quadrant and language, and the board's HTML is cached per result
    (the board's parts hold it in their data): do not change the dict returned.
    """
    name, glyph = OBJECTS.get(q.object, (q.object, "?"))
    symbols: list[dict[str, Any]] = []
    threats: list[dict[str, Any]] = []
    if q.threat:
        threats.append(
            {
                "kind": "regular",
                "arrow": "",
                "count": q.threat,
                "title": gettext("Threat %(n)s to every adjacent ship") % {"n": q.threat},
            }
        )
    threats += _shots(q.distant, "distant") + _shots(q.gamma_distant, "gamma")
    if q.omni:
        threats.append(
            {
                "kind": "omni",
                "arrow": "Ω",
                "count": q.omni,
                "title": gettext("Omni threat %(n)s to every ship in play") % {"n": q.omni},
            }
        )
    rewards: list[dict[str, Any]] = []
    if q.bellonium:
        rewards.append(
            {
                "kind": "bellonium",
                "glyph": "◈",
                "count": q.bellonium,
                "title": gettext("Reward: %(n)s Bellonium") % {"n": q.bellonium},
            }
        )
    if q.glory:
        rewards.append(
            {
                "kind": "glory",
                "glyph": "♛",
                "count": q.glory,
                "title": gettext("Reward: %(n)s glory") % {"n": q.glory},
            }
        )
    if q.energy_reward:
        rewards.append(
            {
                "kind": "energy",
                "glyph": "⚡",
                "count": q.energy_reward,
                "title": gettext("Reward: +%(n)s energy") % {"n": q.energy_reward},
            }
        )
    if q.global_bellonium:
        symbols.append(
            {
                "kind": "global",
                "text": f"◈✶{q.global_bellonium}",
                "title": gettext("Global Bellonium %(n)s: every ship in play gains it when revealed")
                % {"n": q.global_bellonium},
            }
        )
    for im in sorted(q.immune):
        symbols.append(
            {
                "kind": "immune",
                "text": "⊘" + IMMUNITY_SHORT.get(im, im),
                "title": gettext("Immune to the %(weapon)s") % {"weapon": _t(IMMUNITY_NAMES.get(im, im))},
            }
        )
    if q.extra_moves:
        symbols.append(
            {
                "kind": "moves",
                "text": "-" + "M" * q.extra_moves,
                "title": ngettext(
                    "Spend %(n)s extra move here to get the reward",
                    "Spend %(n)s extra moves here to get the reward",
                    q.extra_moves,
                )
                % {"n": q.extra_moves},
            }
        )
    special = rule_text(q.special) if q.special else ""
    if q.special:
        symbols.append({"kind": "special", "text": "★", "title": special})
    if q.energy is not None:
        energy_title = (
            gettext("Damage needed in one turn for its glory: %(n)s")
            if q.object == "singularity"
            else gettext("Energy %(n)s: damage needed in one turn to destroy it")
        )
        energy_title = energy_title % {"n": q.energy}
    else:
        energy_title = ""
    parts = [gettext(name)]
    if q.energy is not None:
        parts.append(energy_title)
    parts += [t["title"] for t in threats] + [r["title"] for r in rewards] + [s["title"] for s in symbols]
    return {
        "object": q.object,
        "name": gettext(name),
        "glyph": glyph,
        "energy": q.energy,
        "energy_title": energy_title,
        "threats": threats,
        "rewards": rewards,
        "symbols": symbols,
        "blocking": q.blocking,
        "special": special,
        "summary": ". ".join(p for p in parts if p),
    }


class _Geometry:
    """Quadrants and ships of a view, to place shots on the quadrant they reach."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.rows = int(view["rows"])
        self.cols = int(view["cols"])
        self.board = view["board"]
        self.ships = {tuple(p["pos"]): p["seat"] for p in view["players"] if p["pos"] is not None}

    def on_board(self, r: int, c: int) -> bool:
        return 1 <= r <= self.rows and 1 <= c <= self.cols

    def quad(self, r: int, c: int) -> Quadrant:
        slot = self.board[r - 1][(c - 1) // 2]
        half = (c - 1) % 2
        if slot["covered"][half]:
            return EMPTY
        return side(slot["card"], slot["flipped"])[half]

    def line(self, r: int, c: int, d: str) -> list[tuple[int, int]]:
        dr, dc = DELTA[d]
        out = []
        r, c = r + dr, c + dc
        while self.on_board(r, c):
            out.append((r, c))
            r, c = r + dr, c + dc
        return out

    def aim(self, pos: Sequence[int], facing: str, weapon: str) -> tuple[int, int] | None:
        """The quadrant a shot is shown on: the first blocker, else the last quadrant of the line."""
        cells = self.line(pos[0], pos[1], facing)
        if not cells:
            return None
        if weapon == "flamethrower":
            return cells[0]
        for cell in cells:
            if cell in self.ships or self.quad(*cell).object in BLOCKING:
                return cell
        return cells[-1]


# --- the presenter -------------------------------------------------------------------------------


class KemblePresenter(Presenter):
    title = gettext_lazy("The Battle at Kemble's Cascade")
    board_template = "kemble/board.html"
    stylesheet = "kemble/kemble.css"

    # texts ------------------------------------------------------------------------------------------

    def describe_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        # The engine's sentences say "Player {seat}": seats become 1-based numbers, lists become names.
        out = dict(params)
        for key in ("seat", "victim", "player", "by", "target_seat"):
            if isinstance(out.get(key), int) and out[key] >= 0:
                out[key] = seat_ref(out[key])
        for key in ("direction",):
            if isinstance(out.get(key), str):
                out[key] = direction(out[key])
        if isinstance(out.get("side"), str):
            out["side"] = _t(SIDE_NAMES.get(out["side"], out["side"]))
        if isinstance(out.get("weapon"), str):
            out["weapon"] = _t(WEAPONS.get(out["weapon"], out["weapon"]))
        if isinstance(out.get("upgrade"), str):
            out["upgrade"] = _t(UPGRADES.get(out["upgrade"], out["upgrade"]))
        if isinstance(out.get("object"), str):
            out["object"] = source_text(out["object"])
        if isinstance(out.get("mode"), str):
            out["mode"] = _t(MODES.get(out["mode"], out["mode"]))
        if isinstance(out.get("gain"), str):
            out["gain"] = gettext("move") if out["gain"] == "move" else gettext("fire action")
        if isinstance(out.get("mission"), str):
            out["mission"] = (goal_card(out["mission"]) or {}).get("name", out["mission"])
        if isinstance(out.get("achievement"), str):
            out["achievement"] = (goal_card(out["achievement"]) or {}).get("name", out["achievement"])
        if isinstance(out.get("card"), str):
            card = out["card"]
            out["card"] = (
                str(sensor_card(card)["number"]) if card.startswith("sensor_") else powerup_card(card)["name"]
            )
        if isinstance(out.get("boss"), str):
            out["boss"] = boss_name(out["boss"])
        for key in ("source", "cause", "reason"):
            if isinstance(out.get(key), str):
                out[key] = source_text(out[key])
        if isinstance(out.get("rule"), str):
            out["rule"] = rule_text(out["rule"]) or out["rule"]
        for key in ("order", "chosen", "seats"):
            if isinstance(out.get(key), list):
                out[key] = ", ".join(_player(s) for s in out[key] if isinstance(s, int)) or "—"
        if isinstance(out.get("cards"), dict):
            out["cards"] = ", ".join(
                f"{_player(int(s))}: {sensor_card(c)['number']}" for s, c in sorted(out["cards"].items())
            )
        return out

    def event_text(self, rules: Rules, kind: str, data: Mapping[str, Any]) -> str:
        if kind == "special_rule_triggered" and isinstance(data.get("rule"), str):
            return gettext("Special rule: %(text)s.") % {"text": rule_text(data["rule"]) or data["rule"]}
        if kind == "sensors_revealed" and isinstance(data.get("cards"), dict):
            params = self.describe_params(data)
            return gettext("Sensor cards revealed (%(cards)s); turn order %(order)s.") % {
                "cards": params["cards"],
                "order": params.get("order", ""),
            }
        return super().event_text(rules, kind, data)

    def prompt_text(self, rules: Rules, decision: Decision) -> str:
        if decision.prompt == "choose_sensor":
            chosen = list(decision.params.get("chosen") or [])
            if not chosen:
                return gettext("Choose a sensor card in secret: the highest card plays first.")
            return gettext("Choose a sensor card in secret (already chosen: %(who)s).") % {
                "who": ", ".join(_player(s) for s in chosen)
            }
        if decision.prompt in BOARD_PROMPTS:
            return gettext(BOARD_PROMPTS[decision.prompt])
        return super().prompt_text(rules, decision)

    def command_label(self, rules: Rules, command: Command) -> str:
        k, a = command.kind, command.args
        if k == "bid":
            return gettext("Play sensor card %(n)s") % {"n": sensor_card(a["card"])["number"]}
        if k == "battle":
            return gettext("Battle")
        if k == "power_down":
            return gettext("Power Down")
        if k == "enter":
            return gettext("Enter here (row %(row)s, column %(col)s)") % {
                "row": a.get("row", "?"),
                "col": a["col"],
            }
        if k == "move":
            return gettext("Move %(dir)s") % {"dir": direction(a["dir"])}
        if k == "spend_move":
            return gettext("Spend a move for this quadrant's reward")
        if k == "teleport":
            return gettext("Jump to the wormhole at row %(row)s, column %(col)s") % a
        if k == "stay":
            return gettext("Stay here")
        if k == "fire":
            weapon = _t(WEAPONS.get(a["weapon"], a["weapon"]))
            if a["weapon"] == "missile":
                splash = a.get("splash", "none")
                if splash == "none":
                    return gettext("Fire the missile, no blast")
                return gettext("Fire the missile, blast to the %(dir)s") % {"dir": direction(splash)}
            return gettext("Fire the %(weapon)s") % {"weapon": weapon}
        if k == "rotate":
            return gettext("Turn the weapons %(dir)s") % {"dir": direction(a["dir"])}
        if k == "overload":
            return (
                gettext("Overload: +1 move")
                if a.get("gain") == "move"
                else gettext("Overload: +1 fire action")
            )
        if k == "play_powerup":
            card = powerup_card(a["card"])
            return gettext("Play %(name)s (%(text)s)") % {"name": card["name"], "text": card["text"]}
        if k == "merchant":
            return gettext("Pay the Merchant %(fee)s Bellonium to buy") % {
                "fee": CONTENT.prices["merchant_fee"]
            }
        if k == "buy_upgrade":
            return gettext("Buy %(upgrade)s") % {"upgrade": _t(UPGRADES.get(a["upgrade"], a["upgrade"]))}
        if k == "buy_powerup":
            return gettext("Buy a random power-up (%(price)s Bellonium)") % {
                "price": CONTENT.prices["powerup_price"]
            }
        if k == "end_turn":
            return gettext("End the turn")
        if k == "choose_side":
            return gettext("Step %(side)s") % {"side": _t(SIDE_NAMES.get(a["side"], a["side"]))}
        if k == "swap":
            return gettext("Swap with the card at row %(row)s, card %(card_col)s") % a
        return super().command_label(rules, command)

    # controls ---------------------------------------------------------------------------------------

    def controls(
        self, rules: Rules, view: Mapping[str, Any], legal: Sequence[Command], position: int | None
    ) -> list[dict[str, Any]]:
        if not legal or position is None:
            return []
        geo = _Geometry(view)
        me = view["players"][position]
        pos = me["pos"]
        out: list[dict[str, Any]] = []
        for command in legal:
            k, a = command.kind, command.args
            c: dict[str, Any] = {
                "kind": k,
                "args": _json_args(a),
                "label": self.command_label(rules, command),
                "group": k,
                "on_board": False,
                "title": "",
                "css": "",
            }
            cell: tuple[int, int] | None = None
            if k == "move" and pos is not None:
                dr, dc = DELTA[a["dir"]]
                cell = (pos[0] + dr, pos[1] + dc)
                c["glyph"] = ARROWS[a["dir"]]
            elif k == "enter":
                cell = (geo.rows, int(a["col"]))
                c["label"] = gettext("Enter here (row %(row)s, column %(col)s)") % {
                    "row": geo.rows,
                    "col": a["col"],
                }
                c["glyph"] = "⇡"
            elif k == "teleport":
                cell = (int(a["row"]), int(a["col"]))
                c["glyph"] = "◎"
            elif k == "fire" and pos is not None:
                cell = geo.aim(pos, me["facing"], a["weapon"])
                c["glyph"] = "✷"
                c["label"] = gettext("%(action)s %(dir)s") % {
                    "action": c["label"],
                    "dir": ARROWS[me["facing"]],
                }
            elif k == "rotate" and pos is not None:
                c["label"] = gettext("%(action)s (1 energy with the Rotary turret L1, free at L2)") % {
                    "action": c["label"]
                }
                c.update(on_board=True, cell=f"{pos[0]}-{pos[1]}", edge=a["dir"], glyph=ARROWS[a["dir"]])
            elif k == "bid":
                c.update(
                    template="kemble/_sensor_button.html",
                    card=sensor_card(a["card"]),
                    css="card-button",
                )
            elif k == "play_powerup":
                c.update(
                    template="kemble/_powerup_button.html",
                    card=powerup_card(a["card"]),
                    css="card-button",
                )
            elif k == "buy_upgrade":
                level = int(me["upgrades"].get(a["upgrade"], 0)) + 1
                levels = CONTENT.upgrades.get(a["upgrade"], {}).get("levels", [])
                price = levels[level - 1]["price"] if level <= len(levels) else "?"
                if a["upgrade"] == "turret" and view.get("options", {}).get("tunnel_vision"):
                    price = CONTENT.prices["tunnel_vision_turret_price"]
                glory = levels[level - 1].get("glory", 0) if level <= len(levels) else 0
                c["label"] = gettext("Buy %(upgrade)s level %(level)s (%(price)s Bellonium)") % {
                    "upgrade": _t(UPGRADES.get(a["upgrade"], a["upgrade"])),
                    "level": level,
                    "price": price,
                }
                c["title"] = upgrade_level_text(a["upgrade"], level) + (
                    " · " + gettext("+%(n)s glory") % {"n": glory} if glory else ""
                )
                c.update(
                    template="kemble/_upgrade_button.html",
                    card={
                        "name": _t(UPGRADES.get(a["upgrade"], a["upgrade"])),
                        "level": level,
                        "price": price,
                        "glory": glory,
                        "text": upgrade_level_text(a["upgrade"], level),
                    },
                    css="upgrade-button",
                )
            elif k == "end_turn":
                c["css"] = "end-turn"
                mode = (view.get("turn") or {}).get("mode")
                if mode == "astral":
                    c["label"] = gettext("End the turn (stay astral)")
                elif mode == "buy":
                    c["label"] = gettext("Done buying: end the turn")
            elif k == "choose_side":
                c["label"] = SIDE_ARROWS.get(a["side"], "") + " " + c["label"]
            elif k == "overload":
                costs = list(me.get("overload_costs") or [1, 2]) + [1, 2]
                c["title"] = gettext(
                    "Overloads cost %(first)s, then %(second)s energy this round (at most 2 per turn)"
                ) % {"first": costs[0], "second": costs[1]}
            elif k == "battle":
                c["title"] = gettext("Move and fire this turn, then resolve and add threat")
            elif k == "power_down":
                c["title"] = gettext(
                    "Recharge energy, resolve threat, give back PvP tokens, then buy upgrades and power-ups"
                )
                c["css"] = "secondary"
            if cell is not None:
                c.update(on_board=True, cell=f"{cell[0]}-{cell[1]}")
            if k == "rotate" and not c["on_board"]:
                c["css"] = "secondary"
            c["order"] = PANEL_ORDER.index(k) if k in PANEL_ORDER else len(PANEL_ORDER)
            out.append(c)
        out.sort(key=lambda c: c["order"])
        return out

    # the board --------------------------------------------------------------------------------------

    def extra_context(self, rules: Rules, view: Mapping[str, Any], position: int | None) -> dict[str, Any]:
        # The language is asked once (it is not free), and every text that depends only on it comes from
        # tables translated once per language (``_words``, ``per_language``); seat names do not.
        language = get_language()
        w = _words(language)
        turn = view.get("turn") or {}
        players = view["players"]
        colour_of = {p["seat"]: p["colour"] for p in players}
        # As ``player_label`` makes them, with its text translated once per language.
        labels = {p["seat"]: w.player % {"n": seat_ref(p["seat"])} for p in players}

        def label_of(seat: int) -> str:
            return labels.get(seat) or _player(seat)

        me = players[position] if position is not None and position < len(players) else None
        panels = [self._panel(view, p, position, me, turn, language, w, label_of, colour_of) for p in players]
        mine = None
        if me is not None:
            sensor, powerup = _sensor_card.in_language, _powerup_card.in_language  # type: ignore[attr-defined]
            mine = {
                "hand": [sensor(language, c) for c in me.get("hand", [])],
                "bid": sensor(language, me["bid"]) if me.get("bid") else None,
                "powerups": [powerup(language, c) for c in me.get("powerups", [])],
            }
        turn_info = None
        if turn:
            turn_info = {
                "seat": turn["seat"],
                "label": label_of(turn["seat"]),
                "mode": turn["mode"],
                "mode_name": w.mode(turn["mode"]),
                "moves": turn["moves"],
                "fires": turn["fires"],
                "overloads": turn["overloads"],
                "mine": turn["seat"] == position,
                "weapons_used": [w.weapon(x) for x in turn.get("weapons_used", [])],
                "laser_shots": turn.get("laser_shots", 0),
            }
        warning = view.get("warning")
        boss_id = view.get("boss") or (CONTENT.warnings.get(warning) if warning else None)
        boss = None
        if boss_id:
            b = CONTENT.bosses.get(boss_id)
            boss = {
                "id": boss_id,
                "name": boss_name.in_language(language, boss_id),  # type: ignore[attr-defined]
                "rows": b.rows if b else 0,
                "parts": view.get("boss_parts") or {},
                "rules": _boss_rules.in_language(language, boss_id),  # type: ignore[attr-defined]
            }
        order = list(view.get("order") or [])
        final = None
        if view.get("final"):
            final = []
            for s, row in sorted(view["final"].items(), key=lambda kv: -kv[1].get("total", 0)):
                final.append(
                    {
                        "seat": int(s),
                        "label": label_of(int(s)),
                        "colour": colour_of.get(int(s), ""),
                        **row,
                        "revealed": [
                            _powerup_card.in_language(language, c)["name"]  # type: ignore[attr-defined]
                            for c in row.get("revealed_powerups", [])
                        ],
                    }
                )
        return {
            "kemble": {
                "rows": self._rows(view, position, turn, me, language, label_of, colour_of),
                "cols": int(view["cols"]),
                "width": view["width"],
                "players": panels,
                "mine": mine,
                "turn": turn_info,
                "round": view["round"],
                "phase": view["phase"],
                "phase_name": w.phase(view["phase"]),
                "boss": boss,
                "decks": view.get("decks") or {},
                "achievements_up": [_achievement(language, a) for a in view.get("achievements_up", [])],
                "upgrade_piles": [
                    {"kind": k, "name": w.upgrade(k), "left": n}
                    for k, n in (view.get("upgrade_piles") or {}).items()
                ],
                "order": [{"seat": s, "label": label_of(s), "colour": colour_of.get(s, "")} for s in order],
                "final": final,
                "spectator": position is None,
                "bidding": view["phase"] == "bid",
            }
        }

    def board_parts(self, rules: Rules, ctx: Mapping[str, Any]) -> list[Part]:
        """The board as parts, in page order (``games/kemble/jinja2/kemble/``): the header, my cards, the
        boss, the column numbers, each space card of the rows (``k-card-<row>-<n>``), the legend, each player's panel, the final
        scoring and the market.

        ``ctx``: the table's context (``kemble`` from ``extra_context``, ``controls``, ``seats``, ``table``
        and what the command forms post). A part is public when its data is what the spectator's board
        has: a space card without my ship, my line of fire or my commands on it, another player's panel without
        power-ups, the header when it is not my turn, the legend, the boss and the market.
        """
        k = ctx["kemble"]
        names = seat_names_of(ctx)
        language = get_language()
        head = {key: k[key] for key in ("round", "phase", "phase_name", "turn", "order", "bidding")}
        if (k["turn"] or {}).get("mine"):
            parts = [Part("k-head", "kemble/head.jinja", {"k": head})]
        else:
            parts = [_public_part("k-head", "kemble/head.jinja", language, _frozen(head), lambda: {"k": head})]
        if k["mine"]:
            parts.append(Part("k-mine", "kemble/mine.jinja", {"mine_": k["mine"], "phase": k["phase"]}))
        parts.append(_public_part("k-boss", "kemble/boss.jinja", language, _frozen(k["boss"]), lambda: {"boss": k["boss"]}))
        rows = k["rows"]
        colnums = [[q["col"] for q in card["quadrants"]] for card in rows[0]["cards"]] if rows else []
        parts.append(_public_part("k-cols", "kemble/colnums.jinja", "", _frozen(colnums), lambda: {"cols": colnums}))
        by_cell = controls_by_cell(ctx.get("controls"))
        my_row, cols = my_row_and_cols(rows)
        forms, fills = board_forms(ctx) if by_cell else (None, ())
        for row in rows:
            # One part per space card, inside the row's outline (``kemble_tags.kemble_board``): a move
            # re-sends only the cards it changed. A card is public when the spectator's board has it alike:
            # without my ship, my line of fire or my commands on it.
            for i, card in enumerate(row["cards"], start=1):
                controls = {q["key"]: by_cell[q["key"]] for q in card["quadrants"] if q["key"] in by_cell}
                mine = controls or any(q["in_line"] or (q["ship"] or {}).get("me") for q in card["quadrants"])
                part_id = f"k-card-{row['row']}-{i}"
                if not controls:  # the same card entry draws the same part, for every seat alike
                    parts.append(_part_of_entry(part_id, "kemble/card.jinja", not mine, card, (), _card_data))
                    continue
                data = {
                    "c": {
                        "card": card,
                        "controls": controls,
                        "forms": forms if controls else None,
                        "my_row": my_row if controls else None,
                        "cols": cols if controls else 0,
                    }
                }
                parts.append(_kept_part(part_id, "kemble/card.jinja", data, not mine, data["c"], "card", fills))
        parts.append(_public_part("k-legend", "kemble/legend.jinja", language, (), lambda: {"legend": _legend_in(language)}))
        # Each panel spans a few of the rows on the left (the boss, the column numbers, the rows, the legend).
        span = max(1, (len(rows) + 2 + bool(k["boss"])) // max(1, len(k["players"])))
        for p in k["players"]:
            public = not (p["me"] or p["partner"] or p["powerups"] is not None)
            around = (names.get(str(p["seat"]), ""), bool(k["bidding"]), span)
            if public:  # a kept entry (``_panel``)
                parts.append(_part_of_entry(f"k-panel-{p['seat']}", "kemble/panel.jinja", True, p, around, _panel_data))
            else:
                parts.append(Part(f"k-panel-{p['seat']}", "kemble/panel.jinja", _panel_data(p, around)))
        if k["final"]:
            parts.append(Part("k-final", "kemble/final.jinja", {"rows": k["final"], "names": names}, public=True))
        market = {key: k[key] for key in ("achievements_up", "upgrade_piles", "decks")}
        parts.append(_public_part("k-market", "kemble/market.jinja", language, _frozen(market), lambda: {"k": market}))
        return parts

    @staticmethod
    def _rows(
        view: Mapping[str, Any],
        position: int | None,
        turn: Mapping[str, Any],
        me: Mapping[str, Any] | None,
        language: str | None,
        label_of: Callable[[int], str],
        colour_of: Mapping[int, str],
    ) -> list[dict[str, Any]]:
        """The rows of space cards, each card with its two quadrants (the board's row parts draw them).

        A card's entry is made by ``_card_entry`` from everything it shows, and kept: most cards look
        the same to every seat and for many moves.
        """
        players = view["players"]
        turn_seat = turn.get("seat")
        # What a ship shows (``_card_entry``): seat, label, colour, facing, mine, playing.
        ships = {
            tuple(p["pos"]): (p["seat"], label_of(p["seat"]), p["colour"], p["facing"])
            for p in players
            if p["pos"] is not None
        }
        damage = turn.get("damage") or {}
        line: set[tuple[int, int]] = set()
        if (
            me is not None
            and me["pos"] is not None
            and turn_seat == position
            and turn.get("mode") == "battle"
        ):
            line = set(_Geometry(view).line(me["pos"][0], me["pos"][1], me["facing"]))
        marked: dict[int, tuple[int, str, str]] = {}

        def marks(seats: Sequence[int]) -> tuple[tuple[int, str, str], ...]:
            if not seats:
                return ()
            out = []
            for s in seats:
                found = marked.get(s)
                if found is None:
                    found = marked[s] = (s, colour_of.get(s, ""), label_of(s))
                out.append(found)
            return tuple(out)

        def ship(r: int, c: int) -> tuple[Any, ...] | None:
            found = ships.get((r, c))
            if found is None:
                return None
            return (*found, found[0] == position, turn_seat == found[0])

        rows = []
        for r in range(1, int(view["rows"]) + 1):
            cards = []
            for cc, slot in enumerate(view["board"][r - 1], start=1):
                c = 2 * cc - 1
                covered, on = slot["covered"], slot["marks"]
                key = (
                    language,
                    r,
                    cc,
                    slot["card"],
                    slot["flipped"],
                    (bool(covered[0]), bool(covered[1])),
                    (marks(on[0]), marks(on[1])),
                    (ship(r, c), ship(r, c + 1)),
                    (damage.get(f"{r},{c}"), damage.get(f"{r},{c + 1}")) if damage else (None, None),
                    ((r, c) in line, (r, c + 1) in line) if line else (False, False),
                )
                cards.append(_card_entry(key))
            rows.append({"row": r, "cards": cards})
        return rows

    @classmethod
    def _panel(
        cls,
        view: Mapping[str, Any],
        p: Mapping[str, Any],
        position: int | None,
        me: Mapping[str, Any] | None,
        turn: Mapping[str, Any],
        language: str | None,
        w: _Words,
        label_of: Callable[[int], str],
        colour_of: Mapping[int, str],
    ) -> dict[str, Any]:
        """One player's panel (the board's panel parts draw it).

        A panel without secrets is kept, keyed by everything it is made of: another seat's panel often
        stays the same for many moves, and looks the same to every seat but its own and its wingman's.
        The viewer's own panel and its wingman's show power-ups (``"powerups"`` in the view's entry): they
        are made for this render only, so that nothing kept across renders holds a secret.
        """
        if "powerups" in p:
            return cls._make_panel(view, p, position, me, turn, language, w, label_of, colour_of)
        s = p["seat"]
        order = view.get("order") or []
        key = (
            language,
            _frozen(p),
            label_of(s),
            # Everything else the panel reads: who gave the tokens, whose panel, whose turn, which round.
            tuple((k, label_of(int(k)), colour_of.get(int(k), "")) for k in p.get("tokens", {})),
            s == position,
            me is not None
            and s != position
            and p.get("team") is not None
            and p.get("team") == me.get("team"),
            turn.get("seat") == s,
            view["round"] > 1,
            view["round"] == 1,
            order.index(s) + 1 if s in order and view["phase"] != "bid" else None,
        )
        found = _PANELS.get(key)
        if found is None:
            if len(_PANELS) > 4096:
                _PANELS.clear()
            found = _PANELS[key] = cls._make_panel(
                view, p, position, me, turn, language, w, label_of, colour_of
            )
        return found

    @staticmethod
    def _make_panel(
        view: Mapping[str, Any],
        p: Mapping[str, Any],
        position: int | None,
        me: Mapping[str, Any] | None,
        turn: Mapping[str, Any],
        language: str | None,
        w: _Words,
        label_of: Callable[[int], str],
        colour_of: Mapping[int, str],
    ) -> dict[str, Any]:
        s = p["seat"]
        level_text = upgrade_level_text.in_language  # type: ignore[attr-defined]
        upgrades = [
            {"kind": k, "name": w.upgrade(k), "level": lv, "text": level_text(language, k, lv)}
            for k, lv in sorted(p["upgrades"].items())
            if lv
        ]
        shield = int(p["upgrades"].get("shield", 0) or 0)
        shield_levels = CONTENT.upgrades.get("shield", {}).get("levels", [])
        reduce = shield_levels[shield - 1].get("reduce", 0) if 0 < shield <= len(shield_levels) else 0
        order = view.get("order") or []
        powerup = _powerup_card.in_language  # type: ignore[attr-defined]
        return {
            "danger": p["pos"] is not None
            and p["energy"] > 0
            and p["threat"]["level"] - reduce >= p["energy"],
            "seat": s,
            "label": label_of(s),
            "colour": p["colour"],
            "colour_name": w.colour(p["colour"]),
            "me": s == position,
            "team": p.get("team"),
            "partner": me is not None
            and s != position
            and p.get("team") is not None
            and p.get("team") == me.get("team"),
            "active": turn.get("seat") == s,
            "energy": p["energy"],
            "max_energy": p["max_energy"],
            "energy_pct": int(100 * p["energy"] / max(1, p["max_energy"])),
            "threat": p["threat"]["level"],
            "threat_partial": p["threat"]["partial"],
            "bellonium": p["bellonium"],
            "glory": p["glory"],
            "upgrades": upgrades,
            "facing": w.direction(p["facing"]),
            "arrow": ARROWS.get(p["facing"], "↑"),
            "pos": p["pos"],
            "astral": p["astral"] and view["round"] > 1,
            "resigned": p["resigned"],
            "waiting_to_enter": p["pos"] is None and view["round"] == 1,
            "hand_count": p["hand_count"],
            "powerup_count": p["powerup_count"],
            "chosen": p["chosen"],
            "played": _sensor_card.in_language(language, p["played"]) if p.get("played") else None,  # type: ignore[attr-defined]
            "mission": _goal_card(
                language, p.get("mission"), p.get("mission_progress"), p.get("mission_done")
            ),
            "achievements": [_achievement(language, a) for a in p.get("achievements", [])],
            "tokens": [
                {"seat": int(k), "label": label_of(int(k)), "colour": colour_of.get(int(k), ""), "count": v}
                for k, v in sorted(p.get("tokens", {}).items())
                if v
            ],
            "turn_place": order.index(s) + 1 if s in order and view["phase"] != "bid" else None,
            "overload_costs": p.get("overload_costs") or [],
            "powerups": [powerup(language, c) for c in p["powerups"]] if "powerups" in p else None,
        }


#: Panels without secrets, by everything they are made of (``KemblePresenter._panel``): shared between
#: renders (the board's parts hold them in their data), do not change them.
_PANELS: dict[tuple[Any, ...], dict[str, Any]] = {}


_DICT = object()  # marks a frozen dict: no JSON list holds it


def _frozen(value: Any) -> Any:
    """A JSON value as a hashable key: a dict as a tuple of ``_DICT`` and its items, a list as a tuple."""
    if type(value) is dict:
        return (_DICT, *[(k, _frozen(v)) for k, v in value.items()])
    if type(value) is list:
        return tuple([_frozen(v) for v in value])
    return value


class _Words:
    """The board's texts that depend only on the language, translated once per language (``_words``)."""

    def __init__(self) -> None:
        self.colours = {k: gettext(v) for k, v in COLOURS.items()}
        self.directions = {k: gettext(v) for k, v in DIR_NAMES.items()}
        self.upgrades = {k: gettext(v) for k, v in UPGRADES.items()}
        self.weapons = {k: gettext(v) for k, v in WEAPONS.items()}
        self.modes = {k: gettext(v) for k, v in MODES.items()}
        self.phases = {k: gettext(v) for k, v in PHASES.items()}
        self.player = gettext("Player %(n)s")  # player_label's
        self.ship_title = gettext("%(player)s's ship (%(colour)s), weapons facing %(dir)s")
        self.scored_here = gettext("%(player)s has scored here")
        self.row_col = gettext("Row %(row)s, column %(col)s")
        self.covered_summary = gettext("Covered: empty space")
        self.damage_title = gettext("%(n)s damage dealt this turn")

    # Each as ``_t(TABLE.get(key, key))``: an unknown key is translated as it is.
    def colour(self, key: str) -> str:
        return _known(self.colours, key)

    def direction(self, key: str) -> str:
        return _known(self.directions, key)

    def upgrade(self, key: str) -> str:
        return _known(self.upgrades, key)

    def weapon(self, key: str) -> str:
        return _known(self.weapons, key)

    def mode(self, key: str) -> str:
        return _known(self.modes, key)

    def phase(self, key: str) -> str:
        return _known(self.phases, key)


def _known(translated: Mapping[str, str], key: str) -> str:
    found = translated.get(key)
    return found if found is not None else _t(key)


@functools.cache
def _words(language: str | None) -> _Words:
    """The board's fixed texts in ``language``, which must be the active language."""
    return _Words()


@functools.lru_cache(maxsize=4096)
def _face(
    language: str | None, card_id: str | None, flipped: bool
) -> tuple[str, bool, bool, tuple[Any, Any]]:
    """A space card as it lies: (name, can still flip, is a boss card, the two quadrants' ``quadrant_info``)."""
    printed = side(card_id, flipped)
    info = quadrant_info.in_language  # type: ignore[attr-defined]
    return (
        card_name.in_language(language, card_id),  # type: ignore[attr-defined]
        bool(card_id) and not flipped and _has_back(card_id),
        bool(card_id and _is_boss(card_id)),
        (info(language, printed[0]), info(language, printed[1])),
    )


@functools.lru_cache(maxsize=4096)
def _card_entry(key: tuple[Any, ...]) -> dict[str, Any]:
    """A space card as the grid shows it, with its two quadrants, from ``key`` (``KemblePresenter._rows``).

    The key holds everything the entry shows: the language (the active one), the card's place, card and
    side, which quadrants are covered, the marks on them (seat, colour, label), the ship on them (seat,
    label, colour, facing, mine, playing), the damage dealt there this turn and whether they are in my
    line of fire. Shared between renders (the board's row parts hold it in their data): do not change it.
    """
    language, r, cc, card_id, flipped, covered, marks, ships, damage, in_line = key
    w = _words(language)
    name, can_flip, boss, faces = _face(language, card_id, flipped)
    quads = []
    for half in (0, 1):
        c = 2 * cc - 1 + half
        info = quadrant_info.in_language(language, EMPTY) if covered[half] else faces[half]  # type: ignore[attr-defined]
        ship = None
        if ships[half] is not None:
            seat, label, colour, facing, mine, active = ships[half]
            ship = {
                "seat": seat,
                "label": label,
                "colour": colour,
                "facing": facing,
                "arrow": ARROWS.get(facing, "↑"),
                "me": mine,
                "active": active,
                "title": w.ship_title
                % {"player": label, "colour": w.colour(colour), "dir": w.direction(facing)},
            }
        dmg = damage[half]
        summary = w.covered_summary if covered[half] else info["summary"]
        quads.append(
            {
                "row": r,
                "col": c,
                "key": f"{r}-{c}",
                "info": info,
                "covered": covered[half],
                "ship": ship,
                "damage": dmg,
                "marks": [
                    {"seat": s, "colour": colour, "title": w.scored_here % {"player": label}}
                    for s, colour, label in marks[half]
                ],
                "in_line": in_line[half],
                "label": f"{w.row_col % {'row': r, 'col': c}}: {summary}"
                + (f". {ship['title']}" if ship else ""),
                "damage_title": w.damage_title % {"n": dmg} if dmg else "",
            }
        )
    return {
        "card_col": cc,
        "id": card_id,
        "name": name,
        "flipped": flipped,
        "can_flip": can_flip,
        "quadrants": quads,
        "boss": boss,
    }


@per_language
def _boss_rules(boss_id: str) -> list[str]:
    """The texts of a boss's special rules (its own, and those printed on its cards), sorted."""
    b = CONTENT.bosses.get(boss_id)
    rules_text = []
    for rid in CONTENT.rules:
        if rid.startswith(boss_id + "_") or (
            b and any(q.special == rid for n, cid in b.cards.items() for q in CONTENT.cards[cid].front)
        ):
            rules_text.append(rule_text(rid))
    return sorted(set(rules_text))


@per_language
def legend() -> list[dict[str, str]]:
    """The board's symbols: each object's glyph and name (``games/kemble/templates/kemble/_legend.html``)."""
    return [{"glyph": g, "name": gettext(n)} for o, (n, g) in OBJECTS.items() if g]


def _has_back(card_id: str) -> bool:
    try:
        return CONTENT.card(card_id).back is not None
    except KeyError:
        return False


def _is_boss(card_id: str) -> bool:
    try:
        return CONTENT.card(card_id).boss is not None
    except KeyError:
        return False


register_presenter("kemble", KemblePresenter)


# --- the board as Jinja2 templates (games/kemble/jinja2/kemble/) ----------------------------------------


@functools.lru_cache(maxsize=1024)
def _command_url(table_pk: Any, script_prefix: str, urlconf: Any) -> str:
    """``reverse("table_command", args=[table_pk])``, kept: ``reverse`` costs more than the rest of the forms.

    Keyed by what ``reverse`` reads besides the table (the script prefix and the urlconf in use).
    """
    from django.urls import reverse

    return reverse("table_command", args=[table_pk], urlconf=urlconf)


#: Where a card's command forms take the decision's version and idempotency key (``board_forms``): filled
#: into the card's HTML after it is drawn (``Part.fills``), so that a card is drawn again only when its
#: commands change, not at each decision.
FORM_VERSION, FORM_KEY = "\x00kemble-form-version\x00", "\x00kemble-form-key\x00"


def board_forms(ctx: Mapping[str, Any]) -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    """What every command form of one render posts besides its command (as the decision panel's forms do):
    the URL, and the marks of the version and key, with the values the marks stand for (``Part.fills``)."""
    from django.urls import get_script_prefix, get_urlconf

    table = ctx.get("table")
    url = _command_url(table.pk, get_script_prefix(), get_urlconf()) if table is not None else ""
    values = ((FORM_VERSION, str(ctx.get("form_version", ""))), (FORM_KEY, str(ctx.get("idempotency_key", ""))))
    return {"url": url, "version": FORM_VERSION, "key": FORM_KEY}, values


def controls_by_cell(controls: Sequence[Mapping[str, Any]] | None) -> dict[str, dict[str, list[Any]]]:
    """The on-board controls by quadrant key: the commands on the quadrant and the turret arrows on its edges."""
    out: dict[str, dict[str, list[Any]]] = {}
    for c in controls or ():
        if c.get("on_board"):
            on = out.setdefault(c.get("cell"), {"cell": [], "edges": []})
            on["edges" if c.get("edge") else "cell"].append(
                {k: c[k] for k in ("kind", "args", "label", "glyph", "edge") if k in c}
            )
    return out


def seat_names_of(ctx: Mapping[str, Any]) -> dict[str, str]:
    """The users' shown names by seat (a string, as in JSON), from the context's seats."""
    names: dict[str, str] = {}
    for s in ctx.get("seats") or ():
        position = getattr(s, "position", None)
        if position is not None and str(position) not in names:
            names[str(position)] = str(s.user.shown_name)
    return names


def my_row_and_cols(rows: Sequence[Mapping[str, Any]]) -> tuple[int | None, int]:
    """The row of the viewer's ship (a menu opens away from it) and the grid's number of columns."""
    my_row = next(
        (q["row"] for row in rows for card in row["cards"] for q in card["quadrants"] if (q["ship"] or {}).get("me")),
        None,
    )
    cols = max((int(q["col"]) for row in rows for card in row["cards"] for q in card["quadrants"]), default=0)
    return my_row, cols


@dataclasses.dataclass(frozen=True)
class _KeptPart(Part):
    """A part whose drawn digest was worked out beforehand (``_kept_part``): the very one ``Part`` gives."""

    known_digest: str = ""

    @property
    def drawn_digest(self) -> str:
        return self.known_digest or Part.drawn_digest.func(self)  # type: ignore[attr-defined]


#: The JSON text of entries kept between renders (card entries, panels without secrets), by identity:
#: (entry, text). Most of a board's data is such entries, the same objects render after render.
_JSON: dict[int, tuple[Any, str]] = {}


def _json_kept(entry: Any) -> str:
    hit = _JSON.get(id(entry))
    if hit is not None and hit[0] is entry:
        return hit[1]
    text = part_json(entry)
    if len(_JSON) > 20_000:
        _JSON.clear()
    _JSON[id(entry)] = (entry, text)
    return text


def _kept_part(
    part_id: str,
    template: str,
    data: dict[str, Any],
    public: bool,
    holder: dict[str, Any],
    key: str,
    fills: tuple[tuple[str, str], ...] = (),
) -> Part:
    """``Part(part_id, template, data, public)`` with its digest worked out from the kept entries'
    JSON texts: ``holder[key]`` (a kept entry, or a list of them) is inside ``data``. The JSON text is
    the one ``Part.digest`` hashes, byte for byte, without serialising the kept entries again."""
    kept = holder[key]
    entries = kept if isinstance(kept, list) else [kept]
    marks = [f"\x00{i}" for i in range(len(entries))]
    holder[key] = marks if isinstance(kept, list) else marks[0]
    try:
        text = part_json([part_id, template, data])
    finally:
        holder[key] = kept
    # The same kept entries in the same surroundings: the digest worked out before (every seat's board
    # has most cards and panels alike, render after render).
    known = (text, tuple(id(entry) for entry in entries))
    hit = _DIGESTS.get(known)
    if hit is not None and all(a is b for a, b in zip(hit[0], entries, strict=True)):
        return _KeptPart(part_id, template, data, public, fills, hit[1])
    for i, entry in enumerate(entries):
        text = text.replace(f'"\\u0000{i}"', _json_kept(entry), 1)
    digest = drawn_digest_of(text)
    if len(_DIGESTS) > 20_000:
        _DIGESTS.clear()
    _DIGESTS[known] = (entries, digest)
    return _KeptPart(part_id, template, data, public, fills, digest)


def _card_data(card: dict[str, Any], _around: tuple[Any, ...]) -> dict[str, Any]:
    """A space card's part data when it has no command on it (``board_parts``)."""
    return {"c": {"card": card, "controls": {}, "forms": None, "my_row": None, "cols": 0}}


def _panel_data(p: dict[str, Any], around: tuple[Any, ...]) -> dict[str, Any]:
    """A player's panel's part data (``board_parts``): the panel entry, the name, bidding, span."""
    name, bidding, span = around
    return {"p": p, "name": name, "bidding": bidding, "span": span}


def _part_of_entry(
    part_id: str,
    template: str,
    public: bool,
    entry: dict[str, Any],
    around: tuple[Any, ...],
    make: Callable[[dict[str, Any], tuple[Any, ...]], dict[str, Any]],
) -> Part:
    """The part ``make(entry, around)`` is the data of, made once per kept ``entry`` (by identity), part
    id, template, public mark and ``around`` (the few plain values besides the entry), and shared: every
    seat's board draws most cards and panels from the very same entries (``_card_entry``, ``_panel``),
    so their parts are neither built nor digested again per seat. ``make`` is ``_card_data`` (the entry
    at ``data["c"]["card"]``) or ``_panel_data`` (at ``data["p"]``)."""
    key = (part_id, template, public, around, id(entry))
    hit = _PARTS.get(key)
    if hit is not None and hit[0] is entry:
        return hit[1]
    data = make(entry, around)
    holder, name = (data["c"], "card") if make is _card_data else (data, "p")
    part = _kept_part(part_id, template, data, public, holder, name)
    if len(_PARTS) > 20_000:
        _PARTS.clear()
    _PARTS[key] = (entry, part)
    return part


def _public_part(part_id: str, template: str, language: str | None, key: Any, make: Callable[[], dict[str, Any]]) -> Part:
    """The public part ``Part(part_id, template, make(), public=True)``, made once per ``key`` (everything its
    data is made of, hashable: ``_frozen`` of it) and language, and shared: the header, the boss, the column
    numbers, the legend and the market look alike to every seat, render after render, and a shared part's
    digest is worked out once (each was a JSON text and its hash per render: a third of a render's digests)."""
    memo_key = (part_id, template, language, key)
    part = _PUBLIC_PARTS.get(memo_key)
    if part is None:
        part = Part(part_id, template, make(), public=True)
        if len(_PUBLIC_PARTS) > 4096:
            _PUBLIC_PARTS.clear()
        _PUBLIC_PARTS[memo_key] = part
    return part


#: Public parts by what they are made of (``_public_part``).
_PUBLIC_PARTS: dict[tuple[Any, ...], Part] = {}


#: Parts made from kept entries (``_part_of_entry``), by what they are made of: (the entry, kept alive so
#: that no other object takes its id, the part).
_PARTS: dict[tuple[Any, ...], tuple[Any, Part]] = {}


#: The digests of kept parts (``_kept_part``) by their JSON text with the kept entries marked and those
#: entries' identities: (the entries, kept alive so that no other object takes their ids, the digest).
_DIGESTS: dict[tuple[str, tuple[int, ...]], tuple[list[Any], str]] = {}


@functools.lru_cache(maxsize=32)
def _legend_in(language: str | None) -> list[dict[str, str]]:
    """``legend()`` in ``language`` (the active one), made once per language: do not change it."""
    return legend()
