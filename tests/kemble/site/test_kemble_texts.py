"""Kemble texts on the page: every event of random games reads as a sentence (no placeholders, ids or
"Player Player"), in English and Italian; card and command texts exist for every card."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.engine import registry
from games.engine.core import Rng
from games.kemble.engine.content import CONTENT
from games.kemble.presenter import goal_card, powerup_card, quadrant_info, rule_text, sensor_card
from games.presenters import presenter_for

RULES = registry.get("kemble")
RAW_ID = re.compile(r"\{\w+\}|Player Player|Giocatore Giocatore|#\d|sensor_\d|mission_\d|achievement_\d|\b[a-z]+_[a-z_]+\b")


def _events(seed: int, players: int, steps: int = 1500) -> list:  # type: ignore[type-arg]
    rng, bots = Rng.from_seed(seed), Rng.from_seed(seed + 1000)
    out = RULES.setup(num_players=players, options=RULES.validate_options(players, {}), rng=rng)
    state, events = out.state, list(out.events)
    for _ in range(steps):
        if RULES.result(state) is not None:
            break
        command = RULES.auto_command(state)
        if command is None:
            seats = sorted(RULES.seats_to_act(state))
            seat = seats[bots.below(len(seats))]
            legal = RULES.legal_commands(state, seat)
            command = legal[bots.below(len(legal))]
        out = RULES.apply(state, command, rng)
        state, events = out.state, events + list(out.events)
    return events


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 5)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_every_event_reads_as_a_sentence(seed, players, language):
    presenter = presenter_for("kemble")
    kinds = set()
    with translation.override(language):
        for event in _events(seed, players):
            text = presenter.event_text(RULES, event.kind, event.data)
            kinds.add(event.kind)
            assert text and not RAW_ID.search(text), (event.kind, event.data, text)
    assert {"round_started", "sensors_revealed", "turn_started"} <= kinds


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_card_has_a_readable_text(language):
    with translation.override(language):
        for card_id in CONTENT.sensors:
            card = sensor_card(card_id)
            assert card["number"] != "?" and not RAW_ID.search(card["text"])
        for card_id in CONTENT.powerups:
            card = powerup_card(card_id)
            assert card["name"] and card["text"] and not RAW_ID.search(card["text"] + card["timing"])
        for goal_id in [*CONTENT.missions, *CONTENT.achievements]:
            goal = goal_card(goal_id)
            assert goal and goal["name"] and not RAW_ID.search(goal["text"])
        for rule_id in CONTENT.rules:
            assert rule_text(rule_id) and not RAW_ID.search(rule_text(rule_id))
        for card in CONTENT.cards.values():
            for side in (card.front, card.back or ()):
                for quadrant in side:
                    info = quadrant_info(quadrant)
                    assert info["summary"] and not RAW_ID.search(info["summary"]), (card.id, info["summary"])


def test_italian_card_texts_are_translated():
    with translation.override("it"):
        assert powerup_card("afterburner#1")["name"] == "Postbruciatore"
        assert "movimenti extra" in powerup_card("afterburner#1")["text"]
        assert quadrant_info(CONTENT.cards["s1_01"].front[0])["name"] == "Caccia"
