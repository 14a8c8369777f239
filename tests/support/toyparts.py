"""The toy game's board as parts (``games.parts``), for the platform's tests of a board made of parts:
a public panel for the round, a public panel per player, and the seat's own hand (private), which a seat
has only while the round is bidding (so the board's structure changes during a game: the whole board is
sent then). Drawn with the generic panel template (games/jinja2/games/parts/panel.html)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import Any

from games.engine.core import Rules
from games.parts import Part
from games.presenters import _PRESENTERS, Presenter, register_presenter

PANEL = "games/parts/panel.html"


class ToyPartsPresenter(Presenter):
    def board_parts(self, rules: Rules, ctx: Mapping[str, Any]) -> list[Part] | None:
        view = ctx["view"]
        parts = [
            Part(
                "toy-round",
                PANEL,
                {"title": "Round", "rows": [["Round", view["round"]], ["Phase", view["phase"]], ["Deck", view["deck_size"]]]},
                public=True,
            )
        ]
        for seat, points in enumerate(view["points"]):
            rows = [
                ["Points", points],
                ["Track", view["track"][seat]],
                ["Cards", view["hand_sizes"][seat]],
                ["Bid", "yes" if view["has_bid"][seat] else "no"],
                ["Active", "yes" if view["active"] == seat else "no"],
            ]
            parts.append(Part(f"toy-panel-{seat}", PANEL, {"title": f"Player {seat + 1}", "rows": rows}, public=True))
        if ctx["position"] is not None and view["phase"] == "bid":
            rows = [["Card", card] for card in view["hand"]] + [["My bid", view["my_bid"] or "-"]]
            parts.append(Part("toy-hand", PANEL, {"title": "Your hand", "rows": rows, "css": "hand"}))
        return parts


@contextlib.contextmanager
def toy_with_parts() -> Iterator[None]:
    """The toy game presented with parts, for the length of the block."""
    before = _PRESENTERS.get("toy")
    register_presenter("toy", ToyPartsPresenter)
    try:
        yield
    finally:
        if before is None:
            _PRESENTERS.pop("toy", None)
            from games.presenters import presenter_for

            presenter_for.cache_clear()
        else:
            register_presenter("toy", before)
