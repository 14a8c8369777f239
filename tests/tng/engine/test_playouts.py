"""Random full games for every scenario and player count, with invariants after every command, plus
dump/load, replay and the no-leak views (tng:R8 game flow, R39/R42/R58 the ends of the game)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from games.engine.core import Command, Outcome
from games.tng.engine import RULES
from games.tng.engine.content import card
from games.tng.engine.messages import EVENTS
from games.tng.engine.state import HAND_SIZE
from tests.support.engine import (
    assert_replays,
    event_text_check,
    play_to_the_end,
    strings,
    walk_checking_apply,
)

SCENARIOS = ["exploration", "borg_invasion", "klingon_civil_war"]
VARIANTS = [(sc, n) for sc in SCENARIOS for n in (2, 3, 4)]
GAMES = 20
STEP_CAP = 12_000


def all_cards(state: dict[str, Any]) -> list[str]:
    sb, sp = state["starbase"], state["space"]
    out = list(sb["deck"]) + [c for c in sb["search"] if c] + sb["discard"] + sb["ensigns"]
    for pile in sb["basic"].values():
        out += pile
    out += sp["deck"] + sp["missions"] + sp["revealed"] + sp["box"] + sp["cubes"] + sp["borg"] + state["queue"]
    out += state["removed"]
    for area in sp.get("borg_areas") or []:
        out += area
    for p in state["players"]:
        out += p["deck"] + p["hand"] + p["discard"] + p["played"] + p["points"] + p["influence"] + [p["ship"]]
    return out


class Invariants:
    def __init__(self, state: dict[str, Any]) -> None:
        start = all_cards(state)
        self.cards = frozenset(start)
        assert len(self.cards) == len(start), "a card is in two zones at setup"

    def __call__(self, state: dict[str, Any], command: Command) -> None:
        now = all_cards(state)
        assert len(now) == len(self.cards) and set(now) == self.cards, f"cards not conserved after {command}"
        zone_cards = [c for z in RULES.zones(state) for c in z.cards]
        assert len(zone_cards) == len(now) and set(zone_cards) == self.cards, "zones() differ from the state"
        for p in state["players"]:
            assert p["xp"] >= 0 and p["damage"] >= 0 and p["shield_used"] >= 0
            assert not (p["assimilated"] and (p["hand"] or p["deck"]))
        assert len(state["space"]["missions"]) <= 2
        assert len(state["starbase"]["search"]) == 9
        if state["starbase"]["deck"]:
            assert all(state["starbase"]["search"]), "Search Area not refilled"
        if state["phase"] == "turn" and command.kind == "end_turn":
            p = state["players"][command.seat]
            assert len(p["hand"]) == min(HAND_SIZE, len(p["hand"]) + len(p["deck"]) + len(p["discard"]))
        if state["phase"] == "group" and command.kind == "end_round":
            for p in state["players"]:
                if not p["assimilated"]:
                    assert len(p["hand"]) >= min(HAND_SIZE, len(p["hand"]) + len(p["deck"]) + len(p["discard"]))
        for d in RULES.pending(state):
            for seat in d.seats:
                assert RULES.legal_commands(state, seat), f"seat {seat} waited on without commands"


@pytest.mark.rules("tng:R8", "tng:R39", "tng:R42")
@pytest.mark.parametrize(("scenario", "players"), VARIANTS, ids=lambda v: str(v))
def test_random_games_finish_with_invariants_holding(scenario: str, players: int) -> None:
    options = {"scenario": scenario}
    reasons: Counter[str] = Counter()
    for seed in range(GAMES):
        playout, result = play_to_the_end(RULES, players, options, seed, max_steps=STEP_CAP, invariants=Invariants,
                                          event_texts=EVENTS)
        reasons[result.reason] += 1
        flat = sorted(s for group in result.ranking for s in group)
        assert flat == list(range(players))
        assert set(result.scores) == set(range(players))
        if scenario == "borg_invasion":
            assert result.cooperative
        if seed == 0:
            assert_replays(RULES, playout, players, options, seed)
            json.dumps(result.as_json())
    assert sum(reasons.values()) == GAMES


@pytest.mark.rules("tng:R55a", "tng:R42")
@pytest.mark.parametrize("players", [2, 4])
def test_random_borg_team_games_finish_with_invariants_holding(players: int) -> None:
    """Borg team play (R55a.1, RULINGS B29): two teams, separate group turns, a Borg Card Area each."""
    options = {"scenario": "borg_invasion", "borg_teams": "teams"}
    reasons: Counter[str] = Counter()
    for seed in range(GAMES):
        _playout, result = play_to_the_end(RULES, players, options, seed, max_steps=STEP_CAP, invariants=Invariants,
                                           event_texts=EVENTS)
        assert not result.cooperative
        reasons[result.reason] += 1
        teams = {tuple(t) for t in result.teams}
        assert teams == ({(0,), (1,)} if players == 2 else {(0, 2), (1, 3)})
        assert not result.winners or tuple(sorted(result.winners)) in teams
    assert set(reasons) <= {"team_borg_area_empty", "team_assimilated", "locutus_defeated", "all_assimilated",
                            "space_deck_exhausted"}


OTHER_READINGS = [
    (3, {"scenario": "exploration", "mp_goal": 200, "mission_cost": "free", "battle_draw": "refill_hand",
         "shields": "battle", "round_limit": 60}),
    (2, {"scenario": "borg_invasion", "starting_ship_effects": False, "starting_ships": "assigned",
         "shields": "battle"}),
    (4, {"scenario": "klingon_civil_war", "battle_draw": "refill_hand", "mission_cost": "free"}),
]


@pytest.mark.rules("tng:R55a", "tng:R39")
@pytest.mark.parametrize(("players", "options"), OTHER_READINGS, ids=lambda v: str(v))
def test_random_games_with_the_other_table_options(players: int, options: dict[str, Any]) -> None:
    for seed in range(5):
        play_to_the_end(RULES, players, options, seed, max_steps=STEP_CAP, invariants=Invariants,
                        event_texts=EVENTS)


def check_no_leak(state: dict[str, Any], events: list[Any]) -> None:
    # The Space Deck's secret is its top ``unknown`` cards: the cards put under it since are public (secrets.py),
    # and a view may name them (a ship that escaped a battle this turn, in ``battles``).
    deck = state["space"]["deck"]
    unknown = deck[len(deck) - min(state["space"]["unknown"], len(deck)):]
    hidden = set(state["starbase"]["deck"]) | set(unknown)
    for p in state["players"]:
        hidden |= set(p["deck"])
    for seat in [None, *range(state["n"])]:
        seen = strings(RULES.view(state, seat))
        assert not seen & hidden, (seat, seen & hidden)
        for p in state["players"]:
            if p["seat"] != seat:
                assert not seen & set(p["hand"]), "another seat's hand leaked"
        for e in events:
            data = e.for_seat(seat)
            if data is not None and e.kind == "cards_drawn" and e.data["seat"] != seat:
                assert "cards" not in data
        z = {zone.name: zone for zone in RULES.zones(state)}
        for p in state["players"]:
            s = p["seat"]
            assert z[f"deck:{s}"].visibility == "hidden" and not z[f"deck:{s}"].visible_to(s)
            assert z[f"hand:{s}"].visible_to(s) and (seat == s or not z[f"hand:{s}"].visible_to(seat))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_apply_never_mutates_views_never_leak_and_legal_is_deterministic(scenario: str) -> None:
    for players in (2, 4):
        texts = event_text_check(EVENTS, players)

        def check(out: Outcome, texts: Any = texts) -> None:
            if out.undoable:
                assert not any(e.kind in ("cards_drawn", "card_explored", "search_area_refilled") for e in out.events)
            check_no_leak(out.state, out.events)
            texts(out.events)

        walk_checking_apply(RULES, players, {"scenario": scenario}, steps=300, check=check)
    _ = card


@pytest.mark.rules("tng:R39", "tng:R17")
@pytest.mark.parametrize("seed", [8, 10])
def test_games_without_a_round_limit_end(seed: int) -> None:
    """Issue 4: with ``round_limit: 0`` these two random 2-player games never ended (seed 8: both decks thinned to
    Ensigns by the Discard Phase, R17a, so nobody can win a card again; seed 10: only ships stronger than both
    players keep cycling under the Space Deck). The stalemate guard (RULINGS B14) ends them on points."""
    _playout, result = play_to_the_end(RULES, 2, {"round_limit": 0}, seed, max_steps=6000, invariants=Invariants,
                                       event_texts=EVENTS)
    assert result.reason == "stalemate"
