"""The Tactical Maneuver's buttons (ascendancy:R98, RULINGS E39) say which ships go, in English and Italian."""

from __future__ import annotations

import re
from typing import cast

import pytest
from django.utils import translation

from games.ascendancy.engine import catalog
from games.ascendancy.engine.scenario import build
from games.ascendancy.presenter import AscendancyPresenter
from games.engine import registry
from games.engine.core import Command
from games.presenters import presenter_for

RULES = registry.get("ascendancy")
PRESENTER = cast(AscendancyPresenter, presenter_for("ascendancy"))
RAW = re.compile(r"[_={]|\b[SL]:|\bship:|\bfleet:")


@pytest.mark.rules("ascendancy:R98")
def test_a_partial_tactical_maneuver_names_the_ships_and_fleets_that_go() -> None:
    fleet = catalog.FLEETS["federation"][0]
    state = build(turn=0, fleets={0: {fleet["id"]: (fleet["sides"][0]["side"], 3, "S:earth")}},
                  ships={0: {"S:earth": 3}})
    view = RULES.view(state, 0)
    part = Command(0, "maneuver", {"src": "S:earth", "to": "S:earth", "ships": 2, "fleets": [fleet["id"]]})
    alone = Command(0, "maneuver", {"src": "S:earth", "to": "S:earth", "ships": 2, "fleets": []})
    for language, words in (("en", ("loose ships 2", "fleets: none")), ("it", ("navi fuori dalle flotte 2",
                                                                              "flotte: nessuna"))):
        with translation.override(language):
            text = str(PRESENTER.command_label(RULES, part, view))
            assert not RAW.search(text), text
            other = str(PRESENTER.command_label(RULES, alone, view))
            assert words[0] in text and words[1] not in text.lower(), text  # the fleet is named
            assert words[0] in other and words[1] in other.lower(), other
