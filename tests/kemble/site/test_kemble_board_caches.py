"""The Kemble board keeps parts of its render between renders (card entries and HTML, panels without
secrets, quadrants): a board drawn with everything kept is the board drawn from nothing, for every seat
and the spectator, in English and Italian, all along random games; and what is kept holds no secret."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from django.utils import translation

from games.engine import registry
from games.engine.core.testing import StepCapReached, play_random
from games.kemble import html as kemble_html
from games.kemble import presenter as kemble
from games.presenters import seat_names
from tests.support.engine import new_state

RULES = registry.get("kemble")
PRESENTER = kemble.KemblePresenter("kemble")
FORMS = kemble_html.Forms(url="/tables/1/command/", version="7", key="k")
NAMES = {0: "Ann", 1: "B<b>", 2: "Cé", 3: "D&amp;", 4: "Eve"}


def _states(seed: int, players: int, options: dict[str, Any], steps: int, every: int) -> list[dict[str, Any]]:
    """A random game's first state, every ``every``-th state of its first ``steps`` commands, and its last."""
    seen: list[dict[str, Any]] = []
    with contextlib.suppress(StepCapReached):  # a game cut short after ``steps`` commands
        play_random(RULES, seed=seed, num_players=players, options=options, max_steps=steps,
                    after_each=lambda state, _command: seen.append(state))
    picked = [s for i, s in enumerate(seen, start=1) if i % every == 0]
    return [new_state(RULES, players, seed, **options), *picked, seen[-1]]


def _board(state: dict[str, Any], position: int | None) -> str:
    view = RULES.view(state, position)
    legal = []
    if position is not None and any(position in d.seats for d in RULES.pending(state)):
        legal = list(RULES.legal_commands(state, position))
    controls = PRESENTER.controls(RULES, view, legal, position)
    k = PRESENTER.extra_context(RULES, view, position)["kemble"]
    return kemble_html.board(k, controls, FORMS, NAMES, "<legend>")


def _forget_everything() -> None:
    kemble._PANELS.clear()
    kemble._card_entry.cache_clear()
    kemble._face.cache_clear()
    kemble._achievement.cache_clear()
    kemble_html._PANELS.clear()
    kemble_html._CARDS.clear()
    kemble_html._QUADRANTS.clear()
    kemble_html._PRINTED.clear()


@pytest.mark.parametrize(
    "seed,players,options", [(11, 2, {}), (12, 4, {}), (13, 4, {"wingmen": True, "tunnel_vision": True})]
)
def test_a_board_drawn_with_what_was_kept_is_the_board_drawn_from_nothing(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    viewers: list[int | None] = [*range(players), None]
    states = _states(seed, players, options, steps=200, every=1)
    _forget_everything()
    with seat_names(NAMES):
        # Every move, every viewer, keeping everything (as a server does) ...
        warm = {}
        for i, state in enumerate(states):
            for language in ("en", "it"):
                with translation.override(language):
                    for v in viewers:
                        warm[i, language, v] = _board(state, v)
        # ... is what each of those renders draws from nothing.
        for (i, language, v), html in warm.items():
            _forget_everything()
            with translation.override(language):
                assert _board(states[i], v) == html, (i, language, v)


def test_what_is_kept_holds_no_secret() -> None:
    """Kept panels come from entries without power-ups or hands; kept cards show only the public board."""
    _forget_everything()
    with seat_names(NAMES), translation.override("en"):
        for state in _states(14, 4, {"wingmen": True}, steps=300, every=30):
            for v in [0, 1, 2, 3, None]:
                _board(state, v)
    assert kemble._PANELS
    for panel in kemble._PANELS.values():
        assert panel["powerups"] is None and not panel["me"] and not panel["partner"]
    for key in kemble._PANELS:
        fields = {pair[0] for pair in key[1][1:]}  # the view's entry of the player, frozen
        assert "hand_count" in fields and not fields & {"hand", "bid", "powerups"}
    for entry, _html in kemble_html._PANELS.values():
        assert entry["powerups"] is None
