"""rerandomise: what a seat may not know is drawn again, everything it knows is kept (kemble:R13, R37, 7)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from games.engine.core import Rng
from games.kemble.engine.content import CONTENT
from games.kemble.engine.secrets import _space_class

from .helpers import RULES, build, cmd, run


def mid_game(**options: Any) -> dict[str, Any]:
    """Seat 0's Battle turn in round 2: sensor hands, power-ups held (not by seat 2), a covered quadrant."""
    sensors = sorted(CONTENT.sensors)
    powerups = sorted(k for k, p in CONTENT.powerups.items() if p.timing == "turn")
    players = 4 if options.get("wingmen") else 3
    state = build(players=players, options=options, ships={0: (5, 2), 1: (4, 4)}, turn=0, covers=[(3, 3)],
                  players_set={s: {"hand": sensors[2 * s:2 * s + 2], "powerups": powerups[2 * s:2 * s + 2]}
                               for s in range(players)})
    state["players"][2]["powerups"] = []
    return state


def cards(state: dict[str, Any]) -> dict[str, Counter]:
    d = state["decks"]
    covers = [c for row in state["board"] for s in row for c in s["cover"] if c]
    return {
        "sensor": Counter(d["sensor"] + covers + [c for p in state["players"] for c in p["hand"]]),
        "powerup": Counter(d["powerup"] + [c for p in state["players"] for c in p["powerups"]]),
        "mission": Counter(d["mission"]), "achievement": Counter(d["achievement"]),
    }


@pytest.mark.rules("kemble:R13", "kemble:R37")
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_the_seat_cannot_tell_the_states_apart_and_every_card_is_kept(seat: int | None) -> None:
    state = mid_game()
    before = json.dumps(state, sort_keys=True)
    changed = False
    for seed in range(6):
        other = RULES.rerandomise(state, seat, Rng.from_seed(seed))
        assert json.dumps(state, sort_keys=True) == before
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert cards(other) == cards(state)
        for p, q in zip(state["players"], other["players"], strict=True):
            assert len(q["hand"]) == len(p["hand"]) and len(q["powerups"]) == len(p["powerups"])
            if p["seat"] == seat:
                assert (q["hand"], q["powerups"]) == (p["hand"], p["powerups"])
        assert [_space_class(c) for c in other["decks"]["space"]] == [_space_class(c) for c in state["decks"]["space"]]
        changed |= any(p["hand"] != q["hand"] for p, q in zip(state["players"], other["players"], strict=True))
        changed |= other["decks"]["powerup"] != state["decks"]["powerup"]
        changed |= other["decks"]["space"] != state["decks"]["space"]
    assert changed


def test_a_chosen_bid_stays_chosen_and_is_one_of_its_hand_s_cards() -> None:
    state = build(players=3, players_set={s: {"hand": sorted(CONTENT.sensors)[2 * s:2 * s + 2]} for s in range(3)})
    state, _ = run(state, cmd(1, "bid", card=state["players"][1]["hand"][0]))
    for seed in range(5):
        other = RULES.rerandomise(state, 0, Rng.from_seed(seed))
        assert other["players"][1]["bid"] in other["players"][1]["hand"]
        assert other["players"][2]["bid"] is None and other["players"][0]["bid"] is None


@pytest.mark.rules("kemble:R83")
def test_wingmen_partners_power_ups_are_known_to_the_team() -> None:
    state = mid_game(wingmen=True)
    team = [p["seat"] for p in state["players"] if p["team"] == state["players"][0]["team"]]
    for seed in range(5):
        other = RULES.rerandomise(state, 0, Rng.from_seed(seed))
        for s in team:
            assert other["players"][s]["powerups"] == state["players"][s]["powerups"]


def test_space_cards_seen_anywhere_are_not_dealt_into_the_pile() -> None:
    state = mid_game()
    visible = {s["card"] for row in state["board"] for s in row} | set(state["decks"]["space_discard"])
    for seed in range(5):
        other = RULES.rerandomise(state, None, Rng.from_seed(seed))
        assert not set(other["decks"]["space"]) & (visible - set(state["decks"]["space"]))
        assert len(set(other["decks"]["space"])) == len(other["decks"]["space"])


def test_the_warning_covers_and_space_pile_are_drawn_again() -> None:
    state = mid_game()
    pile = state["decks"]["space"]
    at = next(i for i, c in enumerate(pile) if c in CONTENT.warnings)
    covered = state["board"][2][1]["cover"][0]
    warnings, covers, piles = set(), set(), set()
    for seed in range(12):
        other = RULES.rerandomise(state, None, Rng.from_seed(seed))
        warnings.add(other["decks"]["space"][at])
        covers.add(other["board"][2][1]["cover"][0])
        piles.add(tuple(other["decks"]["space"]))
        assert other["decks"]["space"][at] in CONTENT.warnings
    assert covered and len(warnings) > 1 and len(covers) > 1 and len(piles) == 12
