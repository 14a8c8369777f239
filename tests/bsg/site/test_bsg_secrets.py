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


# --- the human side's secrets: looks, prompts that show one seat cards, a check turned face up ------------------


def _found(predicate: Any, players: int = 4, seeds: int = 30) -> dict[str, Any]:
    """The first state of random games (the bots also send interrupts) that ``predicate`` accepts."""
    from tests.bsg.engine.test_playouts import BOTS

    found: list[dict[str, Any]] = []

    def look(state: dict[str, Any], _command: Any) -> None:
        if not found and predicate(state):
            found.append(state)

    for seed in range(1, seeds + 1):
        with contextlib.suppress(StepCapReached):
            play_random(BOTS, seed=seed, num_players=players, max_steps=3000, after_each=look)
        if found:
            return found[0]
    raise AssertionError("no such state in the random games")


def _same_for(state: dict[str, Any], seat: int | None, rng_seed: int) -> dict[str, Any]:
    other = presenter_for("bsg").rerandomise(RULES, state, seat, Rng.from_seed(rng_seed))
    assert RULES.view(other, seat) == RULES.view(state, seat)
    assert RULES.pending(other) == RULES.pending(state)
    if seat is not None:
        assert list(RULES.legal_commands(other, seat)) == list(RULES.legal_commands(state, seat))
    return other


@pytest.mark.rules("bsg:R401")
def test_loyalty_cards_a_seat_has_looked_at_stay_where_it_saw_them():
    def seen_elsewhere(state: dict[str, Any]) -> bool:
        return state["phase"] == "turn" and any(
            card in p["loyalty"]
            for s, cards in state["known"].items()
            for p in state["players"]
            if p["seat"] != int(s)
            for card in cards
        )

    state = _found(seen_elsewhere)
    looker = next(int(s) for s, cards in state["known"].items() if cards)
    holders = {c: p["seat"] for p in state["players"] for c in p["loyalty"]}
    for rng_seed in range(5):
        other = _same_for(state, looker, rng_seed)
        held = {c: p["seat"] for p in other["players"] for c in p["loyalty"]}
        for card in state["known"][str(looker)]:
            assert held.get(card) == holders.get(card), card


@pytest.mark.rules("bsg:R311")
@pytest.mark.parametrize(
    "kind", ["take_skill", "arrange", "quorum_bottom", "move_civilians", "caprica_crisis"]
)
def test_cards_a_prompt_shows_one_seat_are_kept_for_it_and_follow_their_pile_for_the_others(kind: str):
    state = _found(lambda s: s["prompt"] is not None and s["prompt"]["kind"] == kind)
    prompt = state["prompt"]
    looker = prompt["seat"]
    mine = _same_for(state, looker, 1)
    assert mine["prompt"]["cards"] == prompt["cards"]
    if kind == "take_skill":
        assert mine["players"][prompt["target"]]["hand"] == state["players"][prompt["target"]]["hand"]
    if kind == "arrange":
        count = len(prompt["cards"])
        assert mine["decks"][prompt["deck"]][-count:] == state["decks"][prompt["deck"]][-count:]
    for seat in [None, *(p["seat"] for p in state["players"] if p["seat"] != looker)]:
        for rng_seed in range(3):
            other = _same_for(state, seat, rng_seed)
            cards = other["prompt"]["cards"]
            assert len(cards) == len(prompt["cards"])
            if kind == "take_skill":
                assert cards == sorted(other["players"][prompt["target"]]["hand"])
            elif kind == "arrange":
                assert cards == list(reversed(other["decks"][prompt["deck"]][-len(cards) :]))
            elif kind == "quorum_bottom":
                assert cards == other["players"][looker]["quorum"][-len(cards) :]
            elif kind == "move_civilians":
                firsts: dict[str, int] = {}
                for area, card in zip(prompt["areas"], cards, strict=True):
                    assert other["space"][area]["civilian"][firsts.get(area, 0)] == card
                    firsts[area] = firsts.get(area, 0) + 1
            else:  # drawn from the Crisis deck: dealt again with it
                pool = Counter(state["decks"]["crisis"]) + Counter(prompt["cards"])
                assert Counter(other["decks"]["crisis"]) + Counter(cards) == pool


@pytest.mark.rules("bsg:R509")
def test_a_check_turned_face_up_keeps_its_cards_with_their_owners():
    def open_check(s: dict[str, Any]) -> bool:
        check = s["check"]
        return (
            check is not None
            and bool(check.get("open"))
            and not check.get("revealed")
            and sum(1 for cards in check["played"].values() if cards) >= 2
        )

    state = _found(open_check)
    for seat in (None, *range(state["n"])):
        other = _same_for(state, seat, 2)
        assert other["check"]["played"] == state["check"]["played"]
