"""A quadrant's menu of several actions opens on the side away from the player's own ship (issue 11,
item 12: the two-choice menu covered the ship): below the quadrant, or above it when the ship is lower;
and towards the middle of the grid, so that on a phone it stays on the screen."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from games.engine import registry
from games.kemble.html import Forms, grid
from games.presenters import presenter_for
from tests.support.tables import started_table, state_of

pytestmark = pytest.mark.django_db


def _rows_with_my_ship(alice, bob, ship_row: int) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    table = started_table(alice, bob, game="kemble")
    rules = registry.get("kemble")
    view = rules.view(state_of(table), 0)
    rows = copy.deepcopy(presenter_for("kemble").extra_context(rules, view, 0)["kemble"]["rows"])
    quad = rows[ship_row - 1]["cards"][0]["quadrants"][0]
    quad["ship"] = {"seat": 0, "colour": "red", "facing": "n", "arrow": "↑", "me": True, "active": True,
                    "title": "me", "label": "Player 1"}
    return rows


def _menus(rows: list[dict[str, Any]], card: int = 0, quadrant: int = 0) -> dict[int, str]:
    """The menu's classes on one quadrant of every row (its ``card``-th card, ``quadrant``-th half), each
    given two actions."""
    controls = [
        {"kind": kind, "args": "{}", "label": kind, "glyph": "✷", "on_board": True,
         "cell": row["cards"][card]["quadrants"][quadrant]["key"]}
        for row in rows
        for kind in ("fire", "move")
    ]
    html = grid(rows, controls, Forms(url="/tables/1/command/", version="1", key="k"), "en")
    out: dict[int, str] = {}
    for quad in html.split('<div class="kb-q ')[1:]:
        menu = re.search(r'<details class="(q-action menu[^"]*)"', quad)
        if menu:
            out[int(re.search(r'data-row="(\d+)"', quad).group(1))] = menu.group(1)  # type: ignore[union-attr]
    return out


def test_a_menu_above_my_ship_opens_upwards_and_one_below_it_downwards(alice, bob):
    rows = _rows_with_my_ship(alice, bob, ship_row=2)
    assert len(rows) >= 3
    menus = _menus(rows)
    assert "opens-up" in menus[1]
    assert "opens-up" not in menus[2] and "opens-up" not in menus[3]
    assert len(menus) == len(rows)


def test_a_menu_in_the_grids_right_half_opens_leftwards(alice, bob):
    rows = _rows_with_my_ship(alice, bob, ship_row=2)
    assert all("opens-left" not in css for css in _menus(rows).values())
    assert all("opens-left" in css for css in _menus(rows, card=-1, quadrant=-1).values())
