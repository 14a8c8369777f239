"""The Kemble table page: renders for every seat and spectators in every phase, one control per legal
command (posting exactly it, nothing else), and no secret of another seat in a seat's page."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games import services
from games.engine import registry
from games.kemble.engine.scenario import build
from games.kemble.presenter import KemblePresenter
from games.models import Table
from games.presenters import presenter_for
from tests.support.pages import (
    check_table_pages,
    checked_seat_page,
    load_state,
    logged_in_clients,
    posted_controls,
    random_step,
    seeded_table,
    table_page,
)
from tests.support.tables import state_of

pytestmark = pytest.mark.django_db

RULES = registry.get("kemble")


def _kemble_table(users: list[Any], seed: int, **options: Any) -> Table:
    return seeded_table("kemble", users, seed, **options)


def _secrets(state: dict[str, Any], seat: int) -> set[str]:
    """Card ids seat ``seat`` must never see: others' sensor hands and bids, and power-ups outside its team."""
    out: set[str] = set()
    me = state["players"][seat]
    for p in state["players"]:
        if p["seat"] == seat:
            continue
        out |= set(p["hand"])
        if p["bid"]:
            out.add(p["bid"])
        if me["team"] is None or p["team"] != me["team"]:
            out |= set(p["powerups"])
    return out


def _check_seat_page(client: Client, table: Table, seat: int) -> str:
    return checked_seat_page(RULES, client, table, seat, _secrets(state_of(table), seat))


def _weight(kind: str) -> float:
    """Prefer the board's actions over ending the turn, to reach shots, scrolls and later rounds."""
    return 0.3 if kind == "end_turn" else 3 if kind in ("fire", "move", "enter") else 1


@pytest.fixture
def cast(alice, bob, charlie, make_user):  # type: ignore[no-untyped-def]
    return [alice, bob, charlie, make_user("dave"), make_user("erin")]


@pytest.mark.parametrize("players,seed", [(1, 11), (2, 3), (2, 7), (3, 5), (4, 13), (5, 17)])
def test_random_play_every_legal_command_has_exactly_one_control_and_no_secret_leaks(cast, make_user, players, seed):
    users = cast[:players]
    table = _kemble_table(users, seed)
    clients = logged_in_clients(users)
    watcher = logged_in_clients([make_user("watcher")])[0]
    anonymous = Client()
    rnd = random.Random(seed)
    phases: set[str] = set()
    steps = 70 if players <= 2 else 45
    for step in range(steps):
        state = state_of(table)
        phases.add(state["phase"])
        waiting = {s for d in RULES.pending(state) for s in d.seats}
        # Every step: the seats that must act. Every fifth step: every seat and the spectators.
        hidden = {c for p in state["players"] for c in [*p["hand"], *p["powerups"], p["bid"] or ""] if c}
        check_table_pages(table, clients, [watcher, anonymous], waiting=waiting, everyone=step % 5 == 0,
                          check_seat_page=_check_seat_page, hidden=hidden)
        if not random_step(RULES, table, users, rnd, _weight):
            break
    assert {"bid", "turn"} <= phases | {state_of(table)["phase"]}


def test_the_bid_shows_who_has_chosen_but_never_what(alice, bob):
    table = _kemble_table([alice, bob], seed=5)
    a, b = logged_in_clients([alice, bob])
    card = state_of(table)["players"][0]["hand"][0]
    services.command_submit(table_id=table.pk, user=alice, kind="bid", args={"card": card},
                            expected_version=table.version, idempotency_key=uuid.uuid4())
    table.refresh_from_db()
    bob_page = table_page(b, table)
    assert card not in bob_page
    assert bob_page.count("kb-bid-state chosen") == 1 and bob_page.count("kb-bid-state thinking") == 1
    alice_page = table_page(a, table)
    assert f'data-card="{card}"' in alice_page  # her choice, shown to her alone
    assert "kb-your-bid" in alice_page
    _check_seat_page(b, table, 1)


SCENARIOS: dict[str, dict[str, Any]] = {
    "battle_with_everything": {
        "players": 2,
        "board": {(3, 2): "cruiser", (4, 3): "wormhole", (2, 5): "wormhole", (1, 2): "labyrinth",
               (4, 1): {"object": "turret", "energy": 2, "distant": [{"dir": "e", "count": 1}],
                        "gamma_distant": [{"dir": "s", "count": 1}], "omni": 1, "immune": ["flame", "gamma"],
                        "reward": {"bellonium": 1, "glory": 1, "energy": 1}, "extra_moves": 1,
                        "global_bellonium": 1}},
        "flips": {(1, 3): [{"object": "fighter", "energy": 1, "threat": 1}, "empty"]},
        "ships": {0: (4, 2, "n"), 1: (5, 4, "w")},
        "players_set": {0: {"upgrades": {"turret": 2, "missile": 1, "laser": 1, "gamma": 1, "flamethrower": 1,
                                      "engine": 1},
                         "powerups": ["afterburner#1", "medal#1"], "bellonium": 9, "tokens": {"1": 1}},
                     1: {"powerups": ["thrusters#1"]}},
        "turn": 0,
    },
    "power_down_buying": {"players": 3, "ships": {0: (4, 2), 1: (5, 4), 2: (3, 5)},
                              "players_set": {0: {"bellonium": 12}}, "turn": 0, "mode": "buy"},
    "astral": {"players": 2, "ships": {1: (5, 4)}, "players_set": {0: {"bellonium": 5}}, "turn": 0, "mode": "astral"},
    "push_choice": {"players": 2, "board": {(4, 3): "asteroid"}, "ships": {0: (4, 3), 1: (5, 4)},
                        "prompts": [{"kind": "side", "seat": 0}], "phase": "scroll"},
    "wormhole_choice": {"players": 2, "board": {(4, 3): "wormhole", (1, 1): "wormhole"}, "ships": {0: (4, 3)},
                            "prompts": [{"kind": "wormhole", "seat": 0}], "turn": 0},
    "mosquito_choice": {"players": 2, "board": {(3, 3): "mosquito"}, "ships": {0: (5, 3)},
                            "prompts": [{"kind": "mosquito", "seat": 0, "row": 3, "card_col": 2}], "turn": 0},
    "wingmen": {"players": 4, "options": {"wingmen": True}, "ships": {0: (5, 1), 1: (5, 3), 2: (5, 5), 3: (5, 7)},
                    "players_set": {0: {"powerups": ["jink#1"]}, 1: {"powerups": ["battery#1"]},
                                 2: {"powerups": ["gyro#1"]}, 3: {"powerups": ["relic#1"]}}, "turn": 0},
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario_pages_render_with_exact_controls(cast, make_user, name):
    spec = dict(SCENARIOS[name])
    n = spec["players"]
    try:
        state = build(**spec)
    except (TypeError, KeyError, ValueError) as exc:  # the builder's options differ: say which
        pytest.skip(f"scenario builder refused {name}: {exc!r}")
    users = cast[:n]
    table = _kemble_table(users, seed=1, **({"wingmen": True} if spec.get("options", {}).get("wingmen") else {}))
    load_state(RULES, table, state)
    clients = logged_in_clients(users)
    for seat in range(n):
        html = _check_seat_page(clients[seat], table, seat)
        assert "kb-grid" in html
    spectator = table_page(logged_in_clients([make_user("watcher")])[0], table)
    assert not posted_controls(spectator)
    if name == "wingmen":
        team = {p["seat"]: p["team"] for p in state["players"]}
        html = table_page(clients[0], table)
        partner = next(s for s in team if s != 0 and team[s] == team[0])
        for card in state["players"][partner]["powerups"]:
            assert f'data-card="{card}"' in html  # a wingman sees the partner's power-ups


def test_board_controls_sit_on_the_quadrant_they_act_on(cast):
    state = build(**SCENARIOS["battle_with_everything"])
    table = _kemble_table(cast[:2], seed=1)
    load_state(RULES, table, state)
    html = table_page(logged_in_clients(cast[:1])[0], table)
    quadrants = {chunk.split('"', 1)[0]: chunk for chunk in html.split('id="q-')[1:]}
    # A move north goes to the quadrant above the ship (row 3, column 2), inside that quadrant's element.
    assert 'name="args" value="{&quot;dir&quot;:&quot;n&quot;}"' in quadrants["3-2"]
    # The turret arrows are on the ship's own quadrant; the shots on the cruiser the turret faces.
    assert "kb-edge-e" in quadrants["4-2"] and 'value="rotate"' in quadrants["4-2"]
    assert 'value="fire"' in quadrants["3-2"]
    assert 'value="fire"' not in quadrants["4-2"]


def test_texts_are_translated_for_an_italian_reader(cast):
    cast[0].language = "it"
    cast[0].save()
    state = build(**SCENARIOS["battle_with_everything"])
    table = _kemble_table(cast[:2], seed=1)
    load_state(RULES, table, state)
    with translation.override("it"):
        html = table_page(logged_in_clients(cast[:1])[0], table)
    for italian in ("Le tue carte sensore", "Incrociatore", "Ruota le armi verso est", "Sovraccarico: +1 movimento",
                    "Termina il turno", "Postbruciatore", "Riga 3, colonna 2"):
        assert italian in html, italian
    for english in ("Your sensor cards", "Cruiser", "Turn the weapons", "End the turn", "Afterburner"):
        assert english not in html, english


def test_the_engine_strings_module_is_up_to_date():
    from pathlib import Path

    from games.kemble.management.commands.kemble_strings import TARGET, render

    assert Path(TARGET).read_text(encoding="utf-8") == render(), "run: manage.py kemble_strings && makemessages"


def test_the_presenter_is_registered():
    assert isinstance(presenter_for("kemble"), KemblePresenter)
