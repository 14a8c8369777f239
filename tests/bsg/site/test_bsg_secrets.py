"""BSG's secrets for the proof harness (games/bsg/secrets.py, through ``BsgPresenter.rerandomise``): a re-randomised
state keeps every card's place for the seat that knows it and every public fact, draws again what that seat may
not know, and the leak check catches a board that would show another seat's Loyalty cards."""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from typing import Any

import pytest

from games.bsg.engine.state import skill_of
from games.bsg.presenter import BsgPresenter
from games.engine import registry
from games.engine.core import Rng
from games.engine.core.testing import StepCapReached, play_random
from games.parts import Part
from games.presenters import presenter_for
from tests.proof.leakcheck import LeakCheck

RULES = registry.get("bsg")


def _cards(state: dict[str, Any]) -> Counter[str]:
    """Every skill and loyalty card wherever it lies."""
    decks = state["decks"]
    out: Counter[str] = Counter()
    for pile in [
        *decks["skill"].values(),
        *decks["skill_discard"].values(),
        decks["destiny"],
        decks["loyalty"],
    ]:
        out.update(pile)
    for p in state["players"]:
        out.update(p["hand"] + p["loyalty"] + p["revealed"])
    if state["check"] is not None:
        out.update(state["check"]["destiny"])
        for cards in state["check"]["played"].values():
            out.update(cards)
    return out


def test_a_seat_keeps_its_cards_and_the_others_are_drawn_again_within_their_skill_types():
    states: list[dict[str, Any]] = []
    with contextlib.suppress(StepCapReached):  # the 80th state of a random 4-player game, in its first turns
        play_random(
            RULES, seed=4, num_players=4, max_steps=80, after_each=lambda state, _c: states.append(state)
        )
    state = states[-1]
    assert state["phase"] == "turn"
    presenter = presenter_for("bsg")
    for seat in (None, 0, 1, 2, 3):
        other = presenter.rerandomise(RULES, state, seat, Rng.from_seed(9 + (seat or 0)))
        assert _cards(other) == _cards(state)
        assert RULES.view(other, seat) == RULES.view(state, seat)
        for p, q in zip(state["players"], other["players"], strict=True):
            assert sorted(map(skill_of, p["hand"])) == sorted(
                map(skill_of, q["hand"])
            )  # the backs are public
            if p["seat"] == seat:
                assert (p["hand"], p["loyalty"], p["quorum"]) == (q["hand"], q["loyalty"], q["quorum"])
        others = [p["hand"] for p in state["players"] if p["seat"] != seat]
        assert others != [p["hand"] for p in other["players"] if p["seat"] != seat]
        assert json.dumps(other["decks"]["crisis"]) != json.dumps(state["decks"]["crisis"])


@pytest.mark.django_db
def test_a_board_showing_another_seats_loyalty_is_caught(make_user, monkeypatch):
    """A presenter that read the stored state (not the seat's view) and drew every seat's Loyalty cards: the leak
    check sees it, because the re-randomised world deals the others' Loyalty cards again."""
    board_parts = BsgPresenter.board_parts

    def leaky(self, rules, ctx):  # type: ignore[no-untyped-def]
        parts = board_parts(self, rules, ctx)
        rows = [[f"seat {p['seat']}", ", ".join(p["loyalty"])] for p in ctx["table"].state["players"]]
        return [*parts, Part("bsg-leak", "games/parts/panel.html", {"title": "Loyalty", "rows": rows})]

    monkeypatch.setattr(BsgPresenter, "board_parts", leaky)
    users = [make_user(f"p{i}") for i in range(3)]
    stats = LeakCheck(
        game="bsg",
        seed=3,
        num_players=3,
        users=users,
        spectator=make_user("watcher"),
        check_every=10,
        max_commands=30,
    ).run()
    assert stats.leaks and {leak.surface for leak in stats.leaks} >= {"page"}
