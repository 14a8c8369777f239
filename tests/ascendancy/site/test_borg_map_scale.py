"""The Borg's pieces read on a large map: the whole map of a large table draws the Cubes and Spires bigger (a class
by the map's size, which the stylesheet scales), and a Borg System has a ring around its disc, as the Hub has."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games.ascendancy.engine import RULES
from games.ascendancy.engine.scenario import build
from games.ascendancy.presenter import BORG_SCALES, borg_scale, map_data, map_parts
from games.parts import render_parts
from tests.browser.asc_borg_scenario import COLONY, scenario_state

CSS = (
    Path(__file__).resolve().parents[3] / "games" / "ascendancy" / "static" / "ascendancy" / "ascendancy.css"
)


def _borg_svg(state: dict[str, Any]) -> tuple[dict[str, Any], str]:
    view = RULES.view(state, 0)
    data = map_data(view, {0: "Player 1"})
    html = str(render_parts(p for p in map_parts(data, [0]) if p.id == "asc-map-borg"))
    return data, html


def test_the_larger_the_map_the_bigger_the_borg_pieces() -> None:
    classes = [borg_scale(size) for size in (60.0, 80.0, 100.0, 130.0, 160.0, 220.0)]
    assert classes == ["", "", "asc-borg-x15", "asc-borg-x2", "asc-borg-x25", "asc-borg-x3"]
    stylesheet = CSS.read_text(encoding="utf-8")
    for css in [c for _, c in BORG_SCALES if c] + ["asc-borg-x3"]:  # each class the presenter gives is drawn
        assert re.search(rf"\.{css} \{{ --asc-borg-z1: [0-9.]+;", stylesheet), css


@pytest.mark.rules("ascendancy:R218", "ascendancy:R219")
def test_a_small_map_keeps_its_pieces_and_a_large_one_scales_them() -> None:
    state = scenario_state()
    state["borg"]["spires"] = [{"system": COLONY, "nodes": 2, "cube": None, "placed": 3}]
    data, html = _borg_svg(state)
    assert max(data["width"], data["height"]) <= 80 and data["borg"]["scale"] == ""
    assert 'class="asc-layer asc-layer-borg"' in html
    # the Borg System's ring, centred on its disc; the Cube on the colony's disc grows away from it
    spire = data["borg"]["spires"][0]
    assert f'<circle class="asc-borg-system" cx="{spire["cx"]}" cy="{spire["cy"]}"' in html
    assert html.count("asc-borg-cube asc-borg-beside") == 2  # cube1 at Terra Nova, cube2 on the Hub
    state["borg"]["cubes"][1]["sector"] = "L:l2:1"  # a Cube on a lane sector: scaled around its own centre
    _, html = _borg_svg(state)
    assert html.count("asc-borg-cube asc-borg-beside") == 1 and html.count('class="asc-borg-cube"') == 1

    # a 7-player table: its homes alone spread the map over more than 110 cm
    civs = ("federation", "klingon", "romulan", "andorian", "cardassian", "ferengi", "vulcan")
    state = build(seed=1, civs=civs, options={"borg_mode": "delta_quadrant"}, bidding=list(range(7)))
    state["borg"]["cubes"] = [{"id": "cube1", "sector": "S:transwarp_hub", "placed": 1}]
    state["borg"]["spires"] = [{"system": "earth", "nodes": 1, "cube": None, "placed": 2}]
    data, html = _borg_svg(state)
    assert max(data["width"], data["height"]) > 110
    assert data["borg"]["scale"] in ("asc-borg-x2", "asc-borg-x25", "asc-borg-x3")
    assert f'class="asc-layer asc-layer-borg {data["borg"]["scale"]}"' in html
    assert html.count("asc-borg-cube asc-borg-beside") == 1 and html.count('class="asc-borg-system"') == 1
