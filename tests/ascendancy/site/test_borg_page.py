"""The Borg on the Ascendancy page: the progress line of a Borg turn, the Borg's pieces on the map (Cubes,
Spires, the Transwarp Hub), the "skip to the end of the Borg turn" control, and Borg log lines that read as
sentences naming the rule and the tie-break, in English and Italian."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games import services
from games.ascendancy.presenter import borg_progress
from games.engine import registry
from games.models import Event, Table
from games.presenters import presenter_for
from tests.support.borg import borg_table
from tests.support.borg import player_move as _player_move
from tests.support.pages import logged_in_clients, table_page
from tests.support.tables import state_of

pytestmark = pytest.mark.django_db

RULES = registry.get("ascendancy")


@pytest.fixture
def cast(alice, bob, charlie):  # type: ignore[no-untyped-def]
    return [alice, bob, charlie]


def _to_a_cube_activation(table: Table, users: list[Any]) -> dict[str, Any]:
    """Automatic steps (and the players' answers) until a Cube is the one acting in the Borg turn."""
    for _ in range(200):
        state = state_of(table)
        progress = RULES.view(state, None)["borg"]["progress"]
        if progress and progress["stage"] == "command" and progress["cube"]:
            return state
        if table.auto_step_since is not None:
            services.automatic_step_apply(table_id=table.pk, expected_version=table.version)
        else:
            assert _player_move(table, users)
        table.refresh_from_db()
    raise AssertionError("no Cube activated")


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.rules("ascendancy:R217", "ascendancy:R222")
def test_the_page_shows_the_borg_turn_its_pieces_and_the_skip_control(cast) -> None:  # type: ignore[no-untyped-def]
    table = borg_table(cast)
    state = _to_a_cube_activation(table, cast)
    b = state["borg"]
    progress = RULES.view(state, None)["borg"]["progress"]
    waited = {s for d in RULES.pending(state) for s in d.seats}
    seat = next(s for s in range(3) if s not in waited)
    client = logged_in_clients([cast[seat]])[0]
    html = table_page(client, table)
    text = _text(html)
    assert f"Borg turn: cube {progress['cube']} of {progress['of']}" in text
    layer = re.search(r'<svg id="asc-map-borg".*?</svg>', html, re.S)
    assert layer is not None
    assert layer.group(0).count('class="asc-borg-cube') == len(b["cubes"]) >= 1
    assert layer.group(0).count('class="asc-borg-spire') == len(b["spires"])
    assert ('class="asc-borg-hub"' in layer.group(0)) == (b["hub"] is not None)
    assert "asc-borg-active" in layer.group(0)  # the Cube acting now
    assert "Skip to the end of the Borg turn" in text
    assert '"borg_skip"' in html.replace("&#34;", '"').replace("&quot;", '"')
    spectator = Client()
    assert "Skip to the end of the Borg turn" not in _text(table_page(spectator, table))
    cast[seat].language = "it"
    cast[seat].save()
    italian = _text(table_page(logged_in_clients([cast[seat]])[0], table))
    assert f"Turno dei Borg: cubo {progress['cube']} di {progress['of']}" in italian
    assert "Salta alla fine del turno dei Borg" in italian


def test_the_progress_line_names_each_stage() -> None:
    with translation.override("en"):
        assert borg_progress(None) == ""
        assert borg_progress({"stage": "command", "cube": 2, "of": 4}) == "Borg turn: cube 2 of 4"
        assert borg_progress({"stage": "command", "cube": 0, "of": 4}) == "Borg turn: the Command Phase"
        assert borg_progress({"stage": "build", "spire": 1, "spires": 3}) == "Borg turn: Spire 2 of 3"
        assert borg_progress({"stage": "hub"}) == "Borg turn: the Transwarp Hub roll"
    with translation.override("it"):
        assert borg_progress({"stage": "command", "cube": 2, "of": 4}) == "Turno dei Borg: cubo 2 di 4"


@pytest.mark.rules("ascendancy:R245", "ascendancy:R218")
def test_borg_log_lines_read_as_sentences_with_their_rule_and_tie_break() -> None:
    presenter = presenter_for("ascendancy")
    moved = {"cube": "cube3", "target": "none", "goal": "transwarp_hub", "path": ["S:transwarp_hub"],
             "to": "S:transwarp_hub", "warp": 1, "blocked": None, "rule": "ascendancy:R245", "tiebreak": "random_lane"}
    with translation.override("en"):
        assert presenter.event_text(RULES, "borg_cube_moved", moved) == (
            "Cube #3 moves to Transwarp Hub. (rule R245; tie-break: a lane drawn at random)")
        assert presenter.event_text(RULES, "borg_hub_no_roll", {"reason": "hub_has_cube", "rule": "ascendancy:R218"}
                                    ) == "No Transwarp Hub roll (a Cube is on the Hub). (rule R218)"
        assert presenter.event_text(RULES, "borg_set_up", {"mode": "delta_quadrant", "hub": "transwarp_hub",
                                                            "rule": "ascendancy:R216"}
                                    ) == "The Borg are in the game (Delta Quadrant Connection). (rule R216)"
        assert presenter.event_text(RULES, "borg_command_drawn", {"cube": "cube1", "card": "borg_command_01",
                                                                   "rule": "ascendancy:R243"}
                                    ) == "Cube #1 draws the Command Acquire Starbase. (rule R243)"
    with translation.override("it"):
        assert presenter.event_text(RULES, "borg_cube_moved", moved) == (
            "Il Cubo #3 si muove in Fulcro di Transcurvatura. (regola R245; spareggio: una rotta scelta a caso)")


@pytest.mark.rules("ascendancy:R217")
def test_every_borg_line_of_a_played_turn_names_its_rule(cast) -> None:  # type: ignore[no-untyped-def]
    table = borg_table(cast)
    start = table.version
    _to_a_cube_activation(table, cast)
    presenter = presenter_for("ascendancy")
    events = Event.objects.filter(table=table, seq__gt=start, kind__startswith="borg_")
    assert events.count() >= 3
    with translation.override("en"):
        for e in events:
            line = presenter.event_text(RULES, e.kind, e.data)
            assert "_" not in line and "{" not in line, line
            if "rule" in e.data:
                assert re.search(r"\(rule R\d+", line), line
