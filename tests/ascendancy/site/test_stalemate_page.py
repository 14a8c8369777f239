"""The stalemate guard on the page (RULINGS E56): the status part shows the clock, the end says why, in the
reader's language; the new-table option is labelled."""

from __future__ import annotations

from typing import Any

from django.utils import translation

from games.ascendancy import presenter
from games.ascendancy.engine import RULES
from games.ascendancy.engine.messages import CHOICES, MESSAGES, OPTIONS
from games.ascendancy.engine.rounds import progress_mark
from games.ascendancy.engine.scenario import build, cmd, run
from games.parts import Part, render_parts

LABELS = {0: "Player 1 (Alice)", 1: "Player 2 (Bob)", 2: "Player 3 (Carol)"}
A_ROUND = [cmd(seat, kind) for seat in (0, 1, 2) for kind in ("end_build", "end_turn")]


def _quiet(quiet: int) -> dict[str, Any]:
    state: dict[str, Any] = build(options={"stall_rounds": "20"}, turn=0, phase="build", authority={1: 2})
    state["stall"] = {"mark": progress_mark(state), "quiet": quiet}
    return state


def _status_html(state: dict[str, Any], language: str) -> str:
    with translation.override(language):
        data = presenter.status_data(RULES.view(state, 0), LABELS)
        return str(render_parts([Part("asc-status", "ascendancy/status.html", data, public=True)]))


def test_the_status_part_shows_the_rounds_without_progress_once_there_are_some() -> None:
    assert "asc-quiet" not in _status_html(_quiet(0), "en")
    assert "Rounds without progress: 7 of 20" in _status_html(_quiet(7), "en")
    assert "Round senza progressi: 7 su 20" in _status_html(_quiet(7), "it")


def test_the_end_of_a_stalemate_is_said_in_the_readers_language_and_the_clock_goes() -> None:
    state, _ = run(_quiet(19), *A_ROUND)
    html = _status_html(state, "it")
    assert "Nulla è progredito per troppi round" in html and "asc-quiet" not in html
    with translation.override("it"):
        end = presenter.status_data(RULES.view(state, 1), LABELS)["end"]
    assert [w["who"] for w in end["winners"]] == ["Player 2 (Bob)"]


def test_the_stalemate_texts_and_the_option_are_translated() -> None:
    texts = [MESSAGES["stalemate"], MESSAGES["stalemate_borg"], OPTIONS["option_stall_rounds"],
             *(CHOICES[f"stall_rounds.{n}"] for n in ("20", "10", "40"))]
    with translation.override("it"):
        for text in texts:
            assert translation.gettext(text) != text
