"""The playout check of emitted events (tests.support.engine.event_text_check) catches what it is for."""

from __future__ import annotations

import pytest

from games.engine.core import Event
from tests.support.engine import event_text_check

TEXTS = {"card_drawn": "Player {seat} draws {card}.", "game_ended": "The game is over."}


def test_known_kinds_whose_text_formats_for_every_viewer_pass() -> None:
    check = event_text_check(TEXTS, players=2)
    check([Event("game_ended"), Event("card_drawn", {"seat": 0, "card": "x"}, visible_to=frozenset({0}),
                                      redacted=None)])


def test_an_unknown_kind_fails() -> None:
    with pytest.raises(AssertionError, match="card_lost"):
        event_text_check(TEXTS, players=2)([Event("card_lost", {"seat": 0})])


def test_a_field_missing_from_the_data_or_from_a_seat_s_redacted_view_fails() -> None:
    check = event_text_check(TEXTS, players=2)
    with pytest.raises(AssertionError, match="card"):
        check([Event("card_drawn", {"seat": 0})])
    with pytest.raises(AssertionError, match="seen by None"):
        check([Event("card_drawn", {"seat": 0, "card": "x"}, visible_to=frozenset({0}), redacted={"seat": 0})])
