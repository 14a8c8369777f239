"""Star Trek: The Next Generation Deck Building Game in the browser: board context, controls, texts.

Presentation only: the engine's view (games.tng.engine.view) says what is where and ``legal_commands`` what
may be done. Commands that act on a public card of the table (obtain or search a Search Area slot, obtain a
basic character, complete a face-up mission) are placed on that card; everything else is in the decision
panel, playing cards as readable card buttons. Card texts are built from the card data (status bar,
effects, goal, reward...) and translated.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import get_language, gettext, gettext_lazy, gettext_noop, ngettext

from games.engine.core import Command, Decision, Rules
from games.parts import Part
from games.presenters import Presenter, fill, per_language, register_presenter, seat_ref
from games.presenters import player_label as base_player_label
from games.tng import board
from games.tng.engine.content import CONTENT, DATA_DIR, STATS
from games.tng.engine.messages import CHOICES

STAT_NAMES = {
    "attack": gettext_noop("Attack"),
    "speed": gettext_noop("Speed"),
    "diplomacy": gettext_noop("Diplomacy"),
    "defense": gettext_noop("Defense"),
    "shields": gettext_noop("Shields"),
    "characters": gettext_noop("Characters in play"),
    "team_allies": gettext_noop("Allied Ships of the team"),
}
STAT_GLYPHS = {"attack": "⚔", "speed": "➤", "diplomacy": "☮", "defense": "♜", "shields": "◍",
               "characters": "☺", "team_allies": "⚑"}
TYPE_NAMES = {
    "character": gettext_noop("Character"),
    "maneuver": gettext_noop("Maneuver"),
    "setup": gettext_noop("Setup"),
    "special": gettext_noop("Special"),
    "borg": gettext_noop("Borg card"),
    "ship": gettext_noop("Ship"),
    "mission": gettext_noop("Mission"),
    "event": gettext_noop("Event"),
    "cube": gettext_noop("Borg Cube"),
    "ally": gettext_noop("Allied Ship"),
    "influence": gettext_noop("Influence"),
}
VERBS = {
    "xp": gettext_noop("+{amount} XP"),
    "draw": gettext_noop("draw {amount}"),
    "search": gettext_noop("+{amount} search"),
    "explore": gettext_noop("+{amount} exploration"),
    "repair": gettext_noop("repair {amount} damage"),
    "damage": gettext_noop("{amount} damage"),
    "ensign": gettext_noop("gain an Ensign"),
    "mill": gettext_noop("discard the top {amount} of the deck"),
    "borg": gettext_noop("gain {amount} Borg card(s)"),
    "return_borg": gettext_noop("return {amount} Borg card(s)"),
    "explore_now": gettext_noop("the group explores {amount} more time(s)"),
    "blockade": gettext_noop("Influence holders lose them and take {amount} damage"),
    "boost": gettext_noop("+{amount} {stat} this turn"),
}
SCENARIO_NAMES = {
    "exploration": gettext_noop("Exploration"),
    "borg_invasion": gettext_noop("Borg Invasion"),
    "klingon_civil_war": gettext_noop("Klingon Civil War"),
    "borg": gettext_noop("Borg Invasion"),
    "klingon": gettext_noop("Klingon Civil War"),
}
STAGE_NAMES = {
    "mission_bottom": gettext_noop("Too many missions"),
    "event": gettext_noop("Event"),
    "ship": gettext_noop("Ship encounter"),
    "influence": gettext_noop("Influence"),
    "war": gettext_noop("Battle between the players: playing cards"),
    "war_fire": gettext_noop("Battle between the players: firing"),
    "cube": gettext_noop("Borg Cube battle"),
    "allocate": gettext_noop("Cube damage"),
}
DISCARD_TO = {
    "removed": gettext_noop("removed from the game"),
    "basic": gettext_noop("back to its pile"),
    "starbase": gettext_noop("to the Starbase discard"),
    "discard": gettext_noop("to the discard pile"),
    "borg": gettext_noop("back to the Borg Card Area"),
}
BREAKDOWN = {
    "ships": gettext_noop("Ships"),
    "missions": gettext_noop("Missions"),
    "events": gettext_noop("Events"),
    "allies": gettext_noop("Allied Ships"),
}

#: Decision-panel order of the command kinds (those not placed on a card of the table).
PANEL_ORDER = (
    "bottom", "keep_influence", "target", "assign_damage", "win_ship", "ally", "play", "explore", "repair",
    "ship_ability", "diplomacy", "fight", "resolve_event", "pass", "ready", "discard", "end_turn", "done",
)
ON_CARD = ("buy", "search", "buy_basic", "complete_mission", "discard")


def _raw_texts() -> dict[str, dict[str, str]]:
    """The data files' display texts (``text``, ``ability_text``), which the engine's Card does not keep."""
    out: dict[str, dict[str, str]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("id"), str) and "type" in node:
                out[node["id"]] = {k: node[k] for k in ("text", "ability_text") if node.get(k)}
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for path in sorted(DATA_DIR.glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return out


RAW_TEXTS = _raw_texts()




@per_language
def _t(text: str) -> str:
    return gettext(text) if text else ""


def _json_args(args: Mapping[str, Any]) -> str:
    return json.dumps(dict(args), sort_keys=True, separators=(",", ":"))


def player_label(seat: int) -> str:
    return base_player_label(seat)


@per_language
def seat_number(seat: int) -> str:
    """"Player 2": the seat's number only, for places that already show the player's name."""
    return gettext("Player %(n)s") % {"n": seat + 1}


@per_language
def stat_name(stat: str) -> str:
    return _t(STAT_NAMES.get(stat, stat))


@per_language
def stat_names() -> dict[str, str]:
    """Every value's name (``STATS`` and the goals' others), by its key."""
    return {k: stat_name(k) for k in (*STATS, *STAT_NAMES)}


@per_language
def option_texts(options: tuple[tuple[str, Any], ...]) -> list[str]:
    """The table's chosen options as texts (``options``: sorted (name, value) pairs)."""
    return [_t(CHOICES[f"{k}.{v}"]) for k, v in options if CHOICES.get(f"{k}.{v}")]


def _data(inst: str | None) -> Any:
    if not inst:
        return None
    return CONTENT.cards.get(str(inst).split("#", 1)[0])


@per_language
def card_name(inst: str | None) -> str:
    c = _data(inst)
    if c is None:
        return str(inst or "")
    return gettext(c.name)


def effect_text(effect: Mapping[str, Any]) -> str:
    template = VERBS.get(str(effect.get("verb")))
    if template is None:
        return str(effect.get("verb", ""))
    params = dict(effect)
    if "stat" in params:
        params["stat"] = stat_name(str(params["stat"]))
    text = fill(gettext(template), params)
    if effect.get("plus_borg"):
        text = gettext("%(effect)s, +1 per Borg card in hand") % {"effect": text}
    if effect.get("all"):
        text = gettext("every captain: %(effect)s") % {"effect": text}
    return text


def effects_text(effects: Sequence[Mapping[str, Any]]) -> str:
    return "; ".join(effect_text(e) for e in effects)


def stat_list(values: Mapping[str, int], keys: Sequence[str] = STATS) -> list[dict[str, Any]]:
    return [
        {"stat": k, "name": stat_name(k), "glyph": STAT_GLYPHS.get(k, ""), "value": values[k]}
        for k in keys
        if values.get(k)
    ]


def goal_text(goal: Mapping[str, int] | None) -> str:
    if not goal:
        return ""
    return ", ".join(f"{stat_name(k)} {v}" for k, v in goal.items())


@per_language
def card_info(inst: str | None) -> dict[str, Any] | None:
    """A card as a reader needs it: name, type, cost, status bar, what it does, its Mission Points."""
    if not inst:
        return None
    c = _data(inst)
    if c is None:
        return {"id": inst, "name": str(inst), "type": "", "type_name": "", "lines": [], "status": []}
    raw = RAW_TEXTS.get(c.id, {})
    lines: list[str] = []
    if raw.get("text"):
        lines.append(gettext(raw["text"]))
    elif c.effects:
        lines.append(effects_text(c.effects))
    if c.goal and not raw.get("text"):
        lines.append(gettext("Goal: %(goal)s") % {"goal": goal_text(c.goal)})
    if c.reward:
        lines.append(gettext("Reward: %(effects)s") % {"effects": effects_text(c.reward)})
    if c.failure and not raw.get("text"):
        lines.append(gettext("Failure: %(effects)s") % {"effects": effects_text(c.failure)})
    if c.flip:
        lines.append(gettext("When revealed: %(effects)s") % {"effects": effects_text(c.flip)})
    if c.war:
        lines.append(gettext("War: every captain joins a battle; the best undefeated ship wins the card."))
    if c.strike:
        lines.append(gettext("When revealed: %(n)s damage to each holder of Borg cards") % {"n": c.strike})
    if c.invasion:
        lines.append(gettext("Reveals %(n)s more cards") % {"n": c.invasion})
    if c.battle_bonus:
        lines.append(gettext("In battles: %(bonus)s") % {
            "bonus": ", ".join(f"+{v} {stat_name(k)}" for k, v in c.battle_bonus.items())})
    if raw.get("ability_text"):
        lines.append(gettext(raw["ability_text"]))
    elif c.ability:
        lines.append(gettext("Ship effect, once per turn: %(effects)s") % {"effects": effects_text(c.ability)})
    if c.romulan:
        lines.append(gettext("Held besides another Influence card"))
    if c.type == "influence":
        lines.append(gettext("Adds its status while held"))
    if c.locutus and not raw.get("text"):
        lines.append(gettext("Locutus: meet the goal and the group wins"))
    if c.arbiter and not raw.get("text"):
        lines.append(gettext("The Arbiter: meet the goal and your team wins"))
    return {
        "id": inst,
        "cid": c.id,
        "name": gettext(c.name),
        "type": c.type,
        "type_name": _t(TYPE_NAMES.get(c.type, c.type)),
        "cost": c.cost,
        "mp": c.mp,
        "status": stat_list(c.status),
        "lines": [line for line in lines if line],
        "starting": c.classification == "starting",
        "basic": c.classification in ("basic", "ensign"),
        "title": f"{gettext(c.name)} ({_t(TYPE_NAMES.get(c.type, c.type))}). " + ". ".join(lines),
    }


@per_language
def ability_text(ship_id: str | None) -> str:
    """A scenario starting ship's effect (it lasts the whole game, whatever ship the player flies)."""
    c = _data(ship_id)
    if c is None:
        return ""
    raw = RAW_TEXTS.get(c.id, {})
    if raw.get("ability_text"):
        return gettext(raw["ability_text"])
    return gettext("Once per turn: %(effects)s") % {"effects": effects_text(c.ability)} if c.ability else ""


def goal_rows(view: Mapping[str, Any], seat: int, goal: Mapping[str, int]) -> list[dict[str, Any]]:
    """Each value a goal needs, what ``seat``'s ship and played cards have now, and whether it is met."""
    players = view["players"]
    have = dict(players[seat]["ship"]["stats"])
    team = players[seat]["team"]
    mates = [p for p in players if p["seat"] == seat or (team is not None and p["team"] == team)]
    have["team_allies"] = sum(1 for p in mates for x in p["points"] if getattr(_data(x), "type", "") == "ally")
    return [{"name": stat_name(k), "need": v, "have": have.get(k, 0), "met": have.get(k, 0) >= v}
            for k, v in goal.items()]


BATTLE_NAMES = {
    "war": gettext_noop("Battle between the players"),
    "ship": gettext_noop("Battle against a ship"),
    "cube": gettext_noop("Borg Cube battle"),
}


def battles_info(view: Mapping[str, Any], position: int | None) -> list[dict[str, Any]]:
    """Who hit whom in the latest battles (view key ``battles``: the latest turn that had any, kept until a
    later turn has one): each hit with what the Shields stopped and the damage taken, and how each ended."""
    out = []
    turn = view.get("turn")
    for b in view.get("battles") or []:
        hits = []
        for h in b.get("hits") or []:
            hits.append({
                "by_seat": h.get("seat"), "by_card": card_name(h["card"]) if h.get("card") else "",
                "target_seat": h.get("target"),
                "target_card": card_name(h["target_card"]) if h.get("target_card") else "",
                "amount": h.get("amount", 0), "absorbed": h.get("absorbed", 0), "taken": h.get("taken", 0),
                "defeated": bool(h.get("defeated")),
                "me_hit": position is not None and h.get("target") == position,
            })
        if not hits and not b.get("over"):
            continue  # still being fought and nothing has hit yet: the stage panel says where it stands
        if isinstance(b.get("round"), int) and b["round"] < view.get("round", 0) - 1:
            continue  # older than the previous round: no longer news
        kind = str(b.get("kind", ""))
        out.append({
            "kind": kind, "name": _t(BATTLE_NAMES.get(kind, kind)), "card": card_name(b.get("card")),
            "hits": hits, "over": bool(b.get("over")), "winner": b.get("winner"),
            "enemy_defeated": b.get("enemy_defeated"), "round": b.get("round"), "seat": b.get("seat"),
            # Kept until a later turn has a battle: those of an earlier turn are folded away.
            "now": b.get("round") == view.get("round") and (
                b.get("seat") == turn["seat"] if turn else view.get("phase") == "group"),
        })
    return out


class TngPresenter(Presenter):
    title = gettext_lazy("Star Trek: The Next Generation Deck Building Game")
    board_template = "tng/board.html"
    stylesheet = "tng/tng.css"

    # texts ------------------------------------------------------------------------------------------

    def describe_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        # The engine's sentences say "Player {seat}": seats become 1-based numbers, cards their names.
        out = dict(params)
        for key in ("seat", "target", "active", "player", "by"):
            if isinstance(out.get(key), int) and not isinstance(out.get(key), bool) and out[key] >= 0:
                out[key] = seat_ref(out[key])
        for key in ("card", "new", "old"):
            if isinstance(out.get(key), str):
                out[key] = card_name(out[key])
        if isinstance(out.get("stat"), str):
            out["stat"] = stat_name(out["stat"])
        if isinstance(out.get("scenario"), str):
            out["scenario"] = _t(SCENARIO_NAMES.get(out["scenario"], out["scenario"]))
        if isinstance(out.get("to"), str):
            out["to"] = _t(DISCARD_TO.get(out["to"], out["to"].replace("_", " ")))
        for key in ("waiting", "winners", "order", "ready"):
            if isinstance(out.get(key), list):
                out[key] = ", ".join(player_label(s) for s in out[key] if isinstance(s, int)) or "—"
        if isinstance(out.get("slot"), int):
            out["slot"] = out["slot"] + 1
        return out

    def prompt_text(self, rules: Rules, decision: Decision) -> str:
        if decision.prompt == "battle_play_or_pass":
            return gettext("Battle between the players: play one Character or Maneuver, or pass.")
        if decision.prompt == "group_actions":
            # Who is still acting is on the board (the Borg panel) and in the status line, by name.
            return gettext("Group turn: act in any order (play, obtain, repair, search, use ship effects), "
                           "then declare you are done.")
        return super().prompt_text(rules, decision)

    def command_label(self, rules: Rules, command: Command) -> str:
        k, a = command.kind, command.args
        if k == "play":
            return gettext("Play %(card)s") % {"card": card_name(a.get("card"))}
        if k == "buy":
            return gettext("Obtain (slot %(slot)s)") % {"slot": int(a.get("slot", 0)) + 1}
        if k == "buy_basic":
            return gettext("Obtain %(card)s") % {"card": card_name(str(a.get("pile")))}
        if k == "repair":
            return ngettext("Repair %(n)s damage (%(n)s XP)", "Repair %(n)s damage (%(n)s XP)", a.get("amount", 1)) % {
                "n": a.get("amount", 1)}
        if k == "search":
            return gettext("Search away (slot %(slot)s)") % {"slot": int(a.get("slot", 0)) + 1}
        if k == "explore":
            return gettext("Explore the Space Deck")
        if k == "complete_mission":
            return gettext("Complete %(card)s") % {"card": card_name(a.get("card"))}
        if k == "discard":
            return gettext("Discard Phase: discard %(card)s") % {"card": card_name(a.get("card"))}
        if k == "end_turn":
            return gettext("End the turn")
        if k == "ally":
            return gettext("Win the Allied Ship %(card)s") % {"card": card_name(a.get("card"))}
        if k == "ship_ability":
            return gettext("Use your ship effect on %(player)s") % {"player": player_label(int(a["target"]))}
        if k == "bottom":
            return gettext("Put %(card)s under the Space Deck") % {"card": card_name(a.get("card"))}
        if k == "resolve_event":
            return gettext("Resolve the event")
        if k == "diplomacy":
            if a.get("keep") == "ship":
                return gettext("Diplomacy: take it as your ship")
            return gettext("Diplomacy: put it in your Points Area")
        if k == "fight":
            return gettext("Fight")
        if k == "keep_influence":
            return gettext("Keep %(card)s") % {"card": card_name(a.get("card"))}
        if k == "pass":
            return gettext("Pass")
        if k == "target":
            return gettext("Fire at %(player)s") % {"player": player_label(int(a["target"]))}
        if k == "ready":
            return gettext("Ready")
        if k == "assign_damage":
            return gettext("Assign the damage to %(player)s") % {"player": player_label(int(a["target"]))}
        if k == "win_ship":
            return gettext("Win %(card)s by Diplomacy") % {"card": card_name(a.get("card"))}
        if k == "done":
            return gettext("Done for this turn")
        return super().command_label(rules, command)

    # controls ---------------------------------------------------------------------------------------

    def controls(
        self, rules: Rules, view: Mapping[str, Any], legal: Sequence[Command], position: int | None
    ) -> list[dict[str, Any]]:
        if not legal or position is None:
            return []
        search = list(view["starbase"]["search"])
        out: list[dict[str, Any]] = []
        for command in legal:
            k, a = command.kind, command.args
            c: dict[str, Any] = {
                "kind": k,
                "args": _json_args(a),
                "label": self.command_label(rules, command),
                "group": k,
                "on_board": k in ON_CARD,
                "title": "",
                "css": "",
            }
            if k in ("buy", "search"):
                slot = int(a["slot"])
                c["slot"] = slot
                inst = search[slot] if 0 <= slot < len(search) else None
                if k == "buy":
                    info = card_info(inst) or {}
                    c["label"] = gettext("Obtain %(card)s for %(cost)s XP") % {
                        "card": info.get("name", ""), "cost": info.get("cost", "?")}
                else:
                    c["label"] = gettext("Search away %(card)s") % {"card": card_name(inst)}
                    c["css"] = "secondary"
            elif k == "buy_basic":
                c["pile"] = a["pile"]
                c["label"] = gettext("Obtain %(card)s for %(cost)s XP") % {
                    "card": card_name(str(a["pile"])), "cost": getattr(_data(str(a["pile"])), "cost", "?")}
            elif k == "complete_mission":
                c["card"] = a["card"]
            elif k == "play":
                c.update(template="tng/_card_button.html", card=card_info(a["card"]), css="card-button",
                         caption=gettext("Play"))
            elif k == "discard":
                c.update(css="secondary discard", card=a["card"], label=gettext("Discard Phase: discard it"))
            elif k in ("end_turn", "done"):
                c["css"] = "end-turn"
            elif k in ("pass", "ready"):
                c["css"] = "pass"
            elif k in ("keep_influence", "bottom", "win_ship", "ally"):
                c.update(template="tng/_card_button.html", card=card_info(a["card"]), css="card-button",
                         caption=c["label"])
            elif k == "repair":
                c["css"] = "secondary"
            elif k in ("target", "assign_damage", "ship_ability"):
                c.update(template="tng/_seat_button.html", seat=int(a["target"]),
                         seat_label=player_label(int(a["target"])))
                if k == "ship_ability":
                    c["css"] = "secondary"
            c["order"] = PANEL_ORDER.index(k) if k in PANEL_ORDER else len(PANEL_ORDER)
            out.append(c)
        out.sort(key=lambda c: c["order"])
        return out

    # the board --------------------------------------------------------------------------------------

    def board_parts(self, rules: Rules, ctx: Mapping[str, Any]) -> list[Part]:
        """The board as parts, in page order (``ctx``: the viewer's board context, with ``tng`` from
        ``extra_context``): see ``games.tng.board.parts``."""
        return board.parts(ctx["tng"], ctx)

    def extra_context(self, rules: Rules, view: Mapping[str, Any], position: int | None) -> dict[str, Any]:
        players = view["players"]
        scenario = view["scenario"]
        # The language once per render: card_info and the other cached texts are looked up by it.
        language = get_language()
        info = functools.partial(card_info.in_language, language)
        names = stat_names.in_language(language)
        turn = view.get("turn") or {}
        group = view.get("group")
        stage = view.get("stage")
        waiting = set(view.get("waiting_on") or [])
        me = players[position] if position is not None and position < len(players) else None
        my_team = me["team"] if me is not None else None
        panels = []
        for p in players:
            s = p["seat"]
            ship = info(p["ship"]["card"]) or {}
            stats = p["ship"]["stats"]
            allies = [x for x in p["points"] if (_data(x) is not None and _data(x).type == "ally")]
            panels.append({
                "seat": s,
                "label": player_label(s),
                "seat_no": seat_number.in_language(language, s),
                "me": s == position,
                "team": p["team"],
                "partner": me is not None and s != position and p["team"] is not None and p["team"] == my_team,
                "active": turn.get("seat") == s,
                "waiting": s in waiting,
                "ship": ship,
                "damage": p["ship"]["damage"],
                "stats": [
                    {"stat": k, "name": names[k], "glyph": STAT_GLYPHS[k], "value": stats.get(k, 0),
                     # Shields are a budget per turn (RULINGS B9): what is left of it, when the engine says.
                     "left": p.get("shields_left") if k == "shields" else None}
                    for k in STATS
                ],
                "shields_left": p.get("shields_left"),
                "defense": stats.get("defense", 0),
                "hull_pct": max(0, min(100, int(100 * (stats.get("defense", 0) - p["ship"]["damage"])
                                                / max(1, stats.get("defense", 0))))),
                "hand_count": p["hand_count"],
                "deck_count": p["deck_count"],
                "discard_count": len(p["discard"]),
                "discard_top": info(p["discard"][-1]) if p["discard"] else None,
                "played": [info(x) for x in p["played"]],
                "points": [info(x) for x in p["points"]],
                "mp": p["mp"],
                "influence": [info(x) for x in p["influence"]],
                "allies": len(allies),
                "xp": p["xp"],
                "ability": ability_text.in_language(language, p.get("ability")),
                "ability_used": p["ability_used"],
                "defeated": p["defeated"],
                "assimilated": p["assimilated"],
                "done": p["done"],
                "discard_phase": bool(p.get("discard_phase", False)),
                "acted": p["acted"],
                "resigned": p["resigned"],
            })
        mine = None
        if me is not None and "hand" in me:
            hand = [info(x) for x in me["hand"]]
            mine = {
                "hand": hand,
                "borg_in_hand": sum(1 for h in hand if h and h["type"] == "borg"),
            }
        sb = view["starbase"]
        slots = [{"slot": i, "card": info(x)} for i, x in enumerate(sb["search"])]
        basic = [
            {"pile": kind, "count": n, "card": info(f"{kind}#0")}
            for kind, n in sb["basic"].items()
        ]
        sp = view["space"]
        stage_info = None
        if stage is not None:
            stage_info = self._stage(view, stage, position, info)
        team_info = None
        if scenario == "klingon_civil_war":
            teams: dict[Any, list[int]] = {}
            for p in players:
                teams.setdefault(p["team"] if p["team"] is not None else f"solo{p['seat']}", []).append(p["seat"])
            team_info = []
            for key, seats in teams.items():
                team_info.append({
                    "label": (gettext("Team %(n)s") % {"n": int(key) + 1}) if isinstance(key, int)
                    else player_label(seats[0]),
                    "seats": seats,
                    "mine": position in seats,
                    "mp": sum(players[s]["mp"] for s in seats),
                    "allies": sum(1 for s in seats for x in players[s]["points"]
                                  if _data(x) is not None and _data(x).type == "ally"),
                    "influence": [info(x) for s in seats for x in players[s]["influence"]],
                })
        arbiter = next((c for c in CONTENT.space_sets.get("klingon", []) if c.arbiter), None)
        locutus = next((c for c in CONTENT.space_sets.get("borg", []) if c.locutus), None)
        final = None
        end = view.get("end")
        if end:
            winners = set(end.get("winners") or [])
            final = []
            for p in sorted(players, key=lambda p: (p["seat"] not in winners, -p["mp"])):
                row = dict.fromkeys(BREAKDOWN, 0)
                for x in p["points"]:
                    c = _data(x)
                    key = {"ship": "ships", "mission": "missions", "event": "events", "ally": "allies"}.get(
                        c.type if c else "")
                    if key:
                        row[key] += c.mp
                final.append({"seat": p["seat"], "label": player_label(p["seat"]), "seat_no": seat_number(p["seat"]),
                              "winner": p["seat"] in winners, "me": p["seat"] == position,
                              "team": p["team"],
                              "cards": len(p["points"]), "total": p["mp"],
                              "parts": [{"name": _t(BREAKDOWN[k]), "value": row[k]} for k in BREAKDOWN
                                        if k != "allies" or scenario == "klingon_civil_war"]})
        return {
            "tng": {
                "scenario": scenario,
                "scenario_name": _t(SCENARIO_NAMES.get(scenario, scenario)),
                "round": view["round"],
                "phase": view["phase"],
                "turn": {
                    "seat": turn["seat"], "label": player_label(turn["seat"]), "mine": turn["seat"] == position,
                    "searches": turn.get("searches", 0), "explores": turn.get("explores", 0),
                    "phase": turn.get("phase"),
                } if turn else None,
                "group": group,
                # Who the game waits on, when it is not (only) me: the header names them.
                # (Not when it is just the player whose turn it is: the header says whose turn it is.)
                "waiting_others": [] if end or (turn and waiting == {turn["seat"]})
                else [w for w in sorted(waiting) if w != position],
                "waiting_me": position in waiting,
                "players": panels,
                "me": next((p for p in panels if p["me"]), None),
                "others": [p for p in panels if not p["me"]],
                "mine": mine,
                "xp": me["xp"] if me is not None else 0,
                "slots": slots,
                "basic": basic,
                "starbase_deck": sb["deck_count"],
                "starbase_discard": len(sb["discard"]),
                "starbase_discard_top": info(sb["discard"][-1]) if sb["discard"] else None,
                "ensigns": sb["ensigns"],
                "space_deck": sp["deck_count"],
                "missions": [
                    {"card": info(x),
                     "goal_rows": goal_rows(view, position, _data(x).goal) if me is not None and _data(x) is not None
                     and _data(x).goal else []}
                    for x in sp["missions"]
                ],
                "revealed": [info(x) for x in sp["revealed"]
                             if stage is None or x != stage.get("card")],
                "queue": [info(x) for x in sp.get("queue", [])],
                "box": len(sp["box"]),
                "cubes": len(sp["cubes"]),
                "borg_area": sp["borg_area"],
                # Borg team play (RULINGS B29): each team's Borg Card Area, and the team taking its group turn.
                "borg_areas": [
                    {"team": i, "label": gettext("Team %(n)s") % {"n": i + 1}, "count": n,
                     "mine": my_team == i, "on_turn": (group or {}).get("team") == i,
                     "seats": [p["seat"] for p in players if p["team"] == i]}
                    for i, n in enumerate(sp.get("borg_areas") or [])
                ],
                "group_team": (group or {}).get("team"),
                "stage": stage_info,
                "battles": battles_info(view, position),
                "quiet_rounds": view.get("quiet_rounds") or 0,
                "stall_rounds": view["options"].get("stall_rounds"),
                "teams": team_info,
                "arbiter": info(f"{arbiter.id}#1") if arbiter else None,
                "locutus": info(f"{locutus.id}#1") if locutus else None,
                "mp_goal": view["options"].get("mp_goal"),
                "round_limit": view["options"].get("round_limit"),
                "final": final,
                "end_reason": self.message_text(rules, end["reason"]) if end else "",
                "spectator": position is None,
                "option_texts": option_texts.in_language(language, tuple(sorted(view["options"].items()))),
            }
        }

    def _stage(self, view: Mapping[str, Any], stage: Mapping[str, Any], position: int | None,
               info: Callable[[str | None], dict[str, Any] | None] = card_info) -> dict[str, Any]:
        players = view["players"]
        kind = stage["kind"]
        out: dict[str, Any] = {
            "kind": kind,
            "name": _t(STAGE_NAMES.get(kind, kind)),
            "card": info(stage.get("card")),
            "seat": stage.get("seat"),
            "seat_label": player_label(stage["seat"]) if isinstance(stage.get("seat"), int) else "",
            "mine": stage.get("seat") == position,
        }
        c = _data(stage.get("card"))
        actor = stage.get("seat")
        if c is not None and c.goal and isinstance(actor, int) and kind in ("event",) and view["phase"] == "turn":
            out["goal"] = goal_rows(view, actor, c.goal)
        if kind == "ship" and c is not None and isinstance(actor, int):
            mine = players[actor]["ship"]["stats"]
            out["versus"] = [
                {"name": stat_name(k), "glyph": STAT_GLYPHS[k], "them": c.stat(k), "you": mine.get(k, 0)}
                for k in STATS
            ]
        if kind in ("war", "war_fire"):
            order = list(stage.get("order") or [])
            current = order[stage["idx"]] if kind == "war" and order else None
            played = stage.get("played") or {}
            out["order"] = [
                {"seat": s, "label": player_label(s), "seat_no": seat_number(s), "current": s == current,
                 "me": s == position,
                 "played": played.get(str(s), 0),
                 "stats": {k: players[s]["ship"]["stats"].get(k, 0) for k in ("attack", "speed", "diplomacy", "shields")},
                 "shields_left": players[s].get("shields_left"),
                 "damage": players[s]["ship"]["damage"], "defense": players[s]["ship"]["stats"].get("defense", 0),
                 "defeated": s in (stage.get("defeated") or [])}
                for s in order
            ]
            out["passes"] = stage.get("passes", 0)
            # Targets already chosen in the Speed group firing now: they land together (R30).
            out["chosen"] = [{"by": a, "target": t} for a, t in stage.get("hits") or []]
            out["current_seat"] = current
            if kind == "war_fire":
                groups = stage.get("groups") or []
                gi, ai = stage.get("gi", 0), stage.get("ai", 0)
                shooter = groups[gi][ai] if gi < len(groups) and ai < len(groups[gi]) else None
                out["current_seat"] = shooter
        if kind == "cube" and c is not None:
            bonus = int(stage.get("bonus") or 0)
            out["cube"] = [{"name": stat_name(k), "glyph": STAT_GLYPHS[k], "value": c.stat(k) + bonus} for k in STATS]
            out["bonus"] = bonus
            live = [p for p in players if p["seat"] in view["in_game"]]
            out["group_attack"] = sum(p["ship"]["stats"].get("attack", 0) for p in live)
            out["cube_defense"] = c.stat("defense") + bonus
        if kind in ("cube", "event") and view["phase"] == "group":
            ready = set(stage.get("ready") or [])
            out["ready"] = [{"seat": p["seat"], "label": player_label(p["seat"]), "ready": p["seat"] in ready}
                            for p in players if p["seat"] in view["in_game"]]
            if c is not None and c.goal:
                n = len(view["in_game"])
                out["group_goal"] = [
                    {"name": stat_name(k), "need": v * n,
                     "have": sum(players[s]["ship"]["stats"].get(k, 0) for s in view["in_game"])}
                    for k, v in c.goal.items()
                ]
                for g in out["group_goal"]:
                    g["met"] = g["have"] >= g["need"]
        if kind == "allocate":
            out["remaining"] = stage.get("remaining")
        if kind == "influence":
            out["held"] = info(stage.get("held"))
        return out


register_presenter("tng", TngPresenter)
