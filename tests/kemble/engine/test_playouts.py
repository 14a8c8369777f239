"""Random full games for every player count and variant, with invariants after every command, plus
dump/load and replay (kemble:R12 game flow as a whole)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine.core import Command
from games.kemble.engine import RULES
from games.kemble.engine.content import CONTENT
from games.kemble.engine.messages import EVENTS
from games.kemble.engine.ship import max_energy
from tests.support.engine import assert_replays, play_to_the_end, strings, walk_checking_apply

VARIANTS: list[tuple[int, dict[str, Any]]] = []
for n in range(1, 6):
    VARIANTS += [(n, {}), (n, {"tunnel_vision": True}), (n, {"special_cards": True}), (n, {"tunnel_deck": True})]
VARIANTS += [(4, {"wingmen": True}), (4, {"wingmen": True, "tunnel_deck": True}),
             (3, {"special_cards": True, "tunnel_deck": True, "tunnel_vision": True}),
             (2, {"fire_action": "volley", "black_hole_entry": "forbidden", "fatal_payments": True,
                  "end_check": "after_removal", "drone_reuse": "covered"})]
VARIANTS += [(1, {"solo_scenario": name, "solo_goal": "destroy_boss"}) for name in sorted(CONTENT.solo)]
GAMES = 20


class Invariants:
    def __init__(self, state: dict[str, Any]) -> None:
        self.glory = [p["glory"] for p in state["players"]]
        self.space = self.space_count(state)

    @staticmethod
    def space_count(state: dict[str, Any]) -> int:
        d = state["decks"]
        board = [s["card"] for row in state["board"] for s in row
                 if s["card"] and CONTENT.card(s["card"]).deck != "boss"]
        discard = [c for c in d["space_discard"] if CONTENT.card(c).deck != "boss"]
        return len(d["space"]) + len(discard) + len(board) + (1 if state["warning"] else 0)

    def __call__(self, state: dict[str, Any], command: Command) -> None:
        d = state["decks"]
        side_prompt = {pr["seat"] for pr in state["prompts"] if pr["kind"] == "side"}
        seen: dict[tuple[int, int], int] = {}
        for p in state["players"]:
            assert 0 <= p["energy"] <= max_energy(p), (command, p)
            if p["pos"] is not None:
                assert p["energy"] >= 1
                r, c = p["pos"]
                assert 1 <= r <= len(state["board"]) and 1 <= c <= 2 * state["width"]
                key = (r, c)
                if key in seen:
                    assert {seen[key], p["seat"]} & side_prompt, f"two ships on {key}"
                seen[key] = p["seat"]
            assert p["glory"] >= self.glory[p["seat"]], "glory decreased"
            self.glory[p["seat"]] = p["glory"]
            assert p["threat"][0] >= 0 and p["threat"][1] >= 0
        covers = [c for row in state["board"] for s in row for c in s["cover"] if c]
        sensors = (d["sensor"] + d["sensor_discard"] + covers
                   + [c for p in state["players"] for c in p["hand"]]
                   + [p["played"] for p in state["players"] if p["played"]])
        assert sorted(sensors) == sorted(CONTENT.sensors), "sensor cards not conserved"
        # R15 "each player always holds two sensor cards" (RULINGS A38): never a bid with fewer
        assert all(len(p["hand"]) == 2 for p in state["players"] if not p["resigned"]), "a short sensor hand"
        powerups = d["powerup"] + d["powerup_discard"] + [c for p in state["players"] for c in p["powerups"]]
        assert sorted(powerups) == sorted(CONTENT.powerups), "power-ups not conserved"
        ach = d["achievement"] + d["achievements_up"] + d["box"] + [a for p in state["players"]
                                                                       for a in p["achievements"]]
        assert sorted(ach) == sorted(CONTENT.achievements)
        assert self.space_count(state) == self.space, "space cards not conserved"
        assert len(d["achievements_up"]) == min(4, len(d["achievements_up"]) + len(d["achievement"]))


@pytest.mark.rules("kemble:R12", "kemble:R44")
@pytest.mark.parametrize(("players", "options"), VARIANTS, ids=lambda v: str(v))
def test_random_games_finish_with_invariants_holding(players: int, options: dict[str, Any]) -> None:
    for seed in range(GAMES):
        playout, result = play_to_the_end(RULES, players, options, seed, max_steps=6000, invariants=Invariants,
                                          event_texts=EVENTS)
        flat = [s for group in result.ranking for s in group]
        assert sorted(flat) == list(range(players))
        if seed == 0:
            assert_replays(RULES, playout, players, options, seed)


def test_apply_never_mutates_and_views_never_leak() -> None:
    for players in (2, 4):
        walk_checking_apply(RULES, players, {}, steps=400, check=lambda out: check_no_leak(out.state))


def check_no_leak(state: dict[str, Any]) -> None:
    d = state["decks"]
    hidden_everywhere = set(d["sensor"]) | set(d["powerup"]) | set(d["mission"]) | set(d["achievement"])
    hidden_everywhere |= {c for row in state["board"] for s in row for c in s["cover"] if c}
    hidden_everywhere |= {c for c in d["space"] if c not in CONTENT.warnings or c != state["warning"]}
    for seat in [None, *range(state["n"])]:
        seen = strings(RULES.view(state, seat))
        assert not seen & hidden_everywhere, (seat, seen & hidden_everywhere)
        for p in state["players"]:
            if p["seat"] == seat:
                continue
            assert not seen & set(p["hand"]), "another seat's sensor hand leaked"
            if seat is None or seat not in [q["seat"] for q in state["players"] if q["team"] is not None
                                            and q["team"] == p["team"]]:
                assert not seen & set(p["powerups"]), "another seat's power-ups leaked"
        assert "rng" not in json.dumps(RULES.view(state, seat)).lower()
