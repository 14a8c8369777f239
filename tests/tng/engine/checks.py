"""Contracts every TNG position keeps, checked by ``helpers.run`` after the commands of each engine test: the
view's shape and what it shows of the state (``view.py``'s docstring), the zones the site mirrors, the open
decisions (a prompt the site can say, with its parameters) and the legal commands (each one accepted)."""

from __future__ import annotations

import re
from typing import Any

from games.engine.core import IllegalCommand, Rng
from games.tng.engine import RULES
from games.tng.engine.messages import PROMPTS
from games.tng.engine.state import borg_area, in_game

TOP = {"you", "scenario", "phase", "round", "first", "options", "players", "turn", "group", "stage", "starbase",
       "space", "removed", "in_game", "waiting_on", "quiet_rounds", "battles", "end"}
PLAYER = {"seat", "team", "ship", "shields_left", "hand_count", "deck_count", "discard", "played", "points", "mp",
          "influence", "xp", "ability", "ability_used", "defeated", "assimilated", "done", "acted", "resigned",
          "discard_phase"}
STAGE_KEYS = {"kind", "card", "seat", "order", "idx", "passes", "played", "groups", "gi", "ai", "defeated", "ready",
              "maneuvers", "bonus", "remaining", "dealt", "held", "hits"}


def check_view(state: dict[str, Any], seat: int | None) -> None:
    v = RULES.view(state, seat)
    assert set(v) == TOP
    assert (v["you"], v["phase"], v["round"], v["first"]) == (seat, state["phase"], state["round"], state["first"])
    assert v["scenario"] == state["options"]["scenario"] and v["options"] == state["options"]
    for p, e in zip(state["players"], v["players"], strict=True):
        assert set(e) == PLAYER | ({"hand"} if seat == p["seat"] else set())
        assert (e["seat"], e["team"], e["ship"]["card"], e["ship"]["damage"]) == (p["seat"], p["team"], p["ship"],
                                                                                 p["damage"])
        assert (e["hand_count"], e["deck_count"]) == (len(p["hand"]), len(p["deck"]))
        for key in ("discard", "played", "points", "influence", "xp", "ability", "ability_used", "defeated",
                    "assimilated", "done", "acted", "resigned"):
            assert e[key] == p[key], key
        assert e["discard_phase"] == p.get("discard_phase", False)
        if "hand" in e:
            assert e["hand"] == sorted(p["hand"])
    turn = state["turn"] if state["phase"] == "turn" else None
    assert v["turn"] == ({k: turn[k] for k in ("seat", "phase", "searches", "explores", "allies")} if turn else None)
    assert v["group"] == (state["group"] if state["phase"] == "group" else None)
    stage = state["stage"]
    assert v["stage"] == ({k: x for k, x in stage.items() if k in STAGE_KEYS} if stage else None)
    sb, sp = state["starbase"], state["space"]
    assert v["starbase"] == {"deck_count": len(sb["deck"]), "search": sb["search"], "discard": sb["discard"],
                             "basic": {k: len(x) for k, x in sb["basic"].items()}, "ensigns": len(sb["ensigns"])}
    assert v["space"] == {"deck_count": len(sp["deck"]), "missions": sp["missions"], "revealed": sp["revealed"],
                          "box": sp["box"], "cubes": sp["cubes"], "borg_area": len(borg_area(state)),
                          "borg_areas": [len(a) for a in sp["borg_areas"]] if sp.get("borg_areas") else None,
                          "queue": state["queue"]}
    assert v["removed"] == state["removed"] and v["in_game"] == in_game(state)
    assert v["end"] == state["end"] and v["battles"] == state.get("battles", [])
    assert v["waiting_on"] == sorted({s for d in RULES.pending(state) for s in d.seats})


def check_zones(state: dict[str, Any]) -> None:
    zones = RULES.zones(state)
    names = [z.name for z in zones]
    n, teams = state["n"], len(state["space"].get("borg_areas") or [])
    assert names == ["starbase_deck", "search_area", "starbase_discard", "ensigns", "space_deck", "missions",
                     "space_revealed", "space_queue", "box", "cubes_defeated", "borg_area", "removed",
                     *(f"borg_area:{t}" for t in range(teams)),
                     *(f"basic:{k}" for k in sorted(state["starbase"]["basic"])),
                     *(f"{pile}:{s}" for s in range(n) for pile in ("ship", "deck", "hand", "discard", "played",
                                                                     "points", "influence"))]
    for z in zones:
        kind, _, owner = z.name.partition(":")
        hidden = kind in ("starbase_deck", "space_deck", "deck")
        assert z.visibility == ("hidden" if hidden else "owner" if kind == "hand" else "public"), z.name
        if kind in ("ship", "deck", "hand", "discard", "played", "points", "influence"):
            assert z.owner == int(owner)
    cards = [c for z in zones for c in z.cards]
    assert len(cards) == len(set(cards))
    assert set(state["space"]["cubes"]) <= set(cards) and set(borg_area(state)) <= set(cards)
    assert {p["ship"] for p in state["players"]} <= set(cards) and set(state["starbase"]["ensigns"]) <= set(cards)


STAGE = {"seat", "card", "active"}
PARAMS = {"action_phase": {"seat"}, "discard_phase_done": {"seat"}, "choose_mission_to_bottom": STAGE,
          "event_goal": STAGE, "ship_encounter": STAGE, "choose_influence": STAGE, "battle_play_or_pass": STAGE,
          "choose_target": STAGE, "group_explore": set(), "end_round": set(), "group_actions": {"waiting", "searches"},
          "group_event_goal": {"card", "ready"}, "cube_battle": {"card", "ready"},
          "assign_cube_damage": {"remaining", "card"}}


def check_decisions(state: dict[str, Any]) -> None:
    """Each decision's prompt is one the site can say, with every parameter its text names; every legal
    command of a waiting seat is accepted, and a seat not waiting has none."""
    waiting: set[int] = set()
    for d in RULES.pending(state):
        assert d.prompt in PROMPTS and f".{d.prompt}." in d.key
        assert set(re.findall(r"{(\w+)}", PROMPTS[d.prompt])) <= set(d.params) == PARAMS[d.prompt]
        waiting |= d.seats
    for seat in range(state["n"]):
        legal = RULES.legal_commands(state, seat)
        if seat not in waiting:
            assert legal == []
        for command in legal:
            assert command.seat == seat
            try:
                RULES.apply(state, command, Rng.from_seed(1))
            except IllegalCommand as refusal:  # pragma: no cover - the assertion reports it
                raise AssertionError(f"legal {command} refused: {refusal.as_json()}") from refusal


def check_position(state: dict[str, Any]) -> None:
    for seat in (None, *range(state["n"])):
        check_view(state, seat)
    check_zones(state)
    check_decisions(state)
