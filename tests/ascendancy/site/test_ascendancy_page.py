"""The Ascendancy table page: a table is created and started through the services, its board renders for
every seat and a spectator in English and Italian, offers one control per legal command (posting exactly
it), names no secret of another seat (advancement decks, the exploration deck, the disc stack, a Vulcan's
secret Agenda), and moves posted from the page's forms apply."""

from __future__ import annotations

import json
import random
import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.ascendancy.presenter import AscendancyPresenter, map_data
from games.engine import registry
from games.models import Table
from games.parts import Part
from games.presenters import presenter_for
from tests.support.pages import (
    leaks,
    legal_controls,
    logged_in_clients,
    posted_controls,
    seeded_table,
    table_page,
)
from tests.support.tables import run_automatic_steps, state_of

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


@pytest.fixture
def cast(alice, bob, charlie):  # type: ignore[no-untyped-def]
    return [alice, bob, charlie]


def _secrets(state: dict[str, Any], seat: int | None) -> set[str]:
    """What ``seat`` must never see: other seats' advancement decks (and its own deck's order is not shown
    by id at all), the exploration deck, the disc stack, another seat's secret Agenda."""
    out: set[str] = set(state["stack"]) | set(state["exploration"]["deck"])
    for p in state["players"]:
        if p["seat"] != seat:
            out |= set(p["deck"])
            out |= {a for a in p.get("agendas", []) if a != p.get("agenda_public")}
    return out


def _secret_names(state: dict[str, Any], seat: int | None) -> set[str]:
    """The secret cards by their shown names, where the name is not also public (drawn by a rival, say)."""
    from games.ascendancy.presenter import name_of

    public = set()
    for p in state["players"]:
        public |= {name_of(a["card"]) for a in p["advancements"]} | {name_of(pr["card"]) for pr in p["projects"]}
        public |= {name_of(sid) for sid in state["systems"]}
        public |= {name_of(c) for c in state["exploration"]["discard"]}
        if p.get("agenda_public"):
            public.add(name_of(p["agenda_public"]))
    agendas = set()
    for p in state["players"]:
        if p["seat"] != seat:
            agendas |= {a for a in p.get("agendas", []) if a != p.get("agenda_public")}
    return {name_of(a) for a in agendas} - public


def _page(client: Client, table: Table) -> str:
    """The table page, with the parts' quotes (Jinja2 writes ``&#34;``) spelled as Django's (``&quot;``)."""
    return table_page(client, table).replace("&#34;", "&quot;").replace("&#39;", "&#x27;")


def _check_page(client: Client, table: Table, seat: int | None) -> str:
    html = _page(client, table)
    state = state_of(table)
    setup = state["phase"] == "choose_civ"  # no galaxy yet: no map, no consoles, only the choice
    for layer in ("asc-map-lanes", "asc-map-systems", "asc-map-marks", "asc-map-pieces-0"):
        assert html.count(f'<svg id="{layer}"') == (0 if setup else 1)
    for p in state["players"]:
        assert (f'id="asc-console-{p["seat"]}"' in html) is not setup
    assert ("System discs left" in html or "Dischi sistema rimasti" in html) is not setup
    assert not leaks(html, _secrets(state, seat))
    for name in _secret_names(state, seat):
        assert name not in html, name
    if seat is not None:
        rules = registry.get("ascendancy")
        posted = posted_controls(html)
        # RULINGS E50: a seat the game does not wait on may give standing answers, each a form of its own;
        # E54: and use its "any time" cards, in the same part
        waited_on = table.status != Table.Status.ACTIVE or seat in rules.seats_to_act(state)
        off_turn = ("standing", "clear_standing") + (() if waited_on else ("use_ability",))
        standing = sorted(c for c in posted if c[0] in off_turn)
        # the Initiative bids: one form of three amounts (its own args: "{}"), whatever the legal mixes
        legal = sorted({("bid", "{}") if k == "bid" else (k, a) for k, a in legal_controls(rules, table, seat)})
        assert sorted(c for c in posted if c[0] not in off_turn) == legal
        assert standing == ([] if waited_on else sorted(
            (c.kind, json.dumps(dict(c.args), sort_keys=True, separators=(",", ":")))
            for c in rules.legal_commands(state, seat)))
    else:
        assert posted_controls(html) == []
    return html


def _post(client: Client, table: Table, kind: str, args: str) -> int:
    table.refresh_from_db()
    response = client.post(
        reverse("table_command", args=[table.pk]),
        {"kind": kind, "args": args, "version": table.version, "idempotency_key": str(uuid.uuid4())},
        headers=HX,
    )
    return response.status_code


def _waiting_seat(table: Table) -> int | None:
    rules = registry.get("ascendancy")
    pending = rules.pending(state_of(table))
    seats = sorted({s for d in pending for s in d.seats})
    return seats[0] if seats else None


@pytest.mark.rules("ascendancy:R1")
def test_a_table_is_created_and_every_seat_and_a_spectator_sees_the_board_in_english_and_italian(
    cast, make_user
):
    table = seeded_table("ascendancy", cast, 11)
    assert table.status == Table.Status.ACTIVE
    viewer = make_user("watcher")
    for language in ("en", "it"):
        for u in [*cast, viewer]:
            u.language = language
            u.save()
        clients = logged_in_clients(cast)
        watcher = logged_in_clients([viewer])[0]
        for seat, client in enumerate(clients):
            html = _check_page(client, table, seat)
            assert f'<html lang="{language}">' in html
            if seat == _waiting_seat(table):  # the engine's prompt, translated
                assert ("Scegli la tua civiltà." if language == "it" else "Choose your civilization.") in html
                assert ("Gioca con Federazione Unita dei Pianeti" if language == "it"
                        else "Play the United Federation of Planets") in html
                # the choice comes first, above everything of the board (round 0 has no map yet)
                assert html.index('id="asc-decide"') < html.index('id="frag-decision"')
                assert ("Mai Sconfitti" if language == "it" else "Never Defeated") in _part(html, "asc-decide")
        html = _check_page(watcher, table, None)
        assert ("Scelta delle civiltà" if language == "it" else "Choosing civilizations") in html
        assert "Star map" not in html and "Mappa stellare" not in html and 'id="asc-decide"' not in html


@pytest.mark.rules("ascendancy:R1", "ascendancy:R3")
def test_moves_posted_from_the_page_apply_and_the_board_follows(cast, make_user):
    """Civilizations chosen, then the first turns played by posting the page's own forms (chosen at random,
    favouring the map's actions), checking every seat's and a spectator's page as the game goes."""
    table = seeded_table("ascendancy", cast, 5)
    clients = logged_in_clients(cast)
    watcher = logged_in_clients([make_user("watcher")])[0]
    rnd = random.Random(5)
    kinds: set[str] = set()
    for step in range(40):
        run_automatic_steps(table)
        table.refresh_from_db()
        seat = _waiting_seat(table)
        if seat is None or table.status != Table.Status.ACTIVE:
            break
        html = _check_page(clients[seat], table, seat)
        if step % 8 == 0:
            for other in range(len(cast)):
                if other != seat:
                    _check_page(clients[other], table, other)
            _check_page(watcher, table, None)
        forms = posted_controls(html)
        on_map = set(posted_controls(_part(html, "asc-actions")))
        weights = [0.2 if k in ("end_turn", "end_build") else 3.0 if (k, a) in on_map else 1.0 for k, a in forms]
        kind, args = rnd.choices(forms, weights)[0]
        version = table.version
        assert _post(clients[seat], table, kind, args) == 200
        table.refresh_from_db()
        assert table.version > version
        kinds.add(kind)
    assert "choose_civ" in kinds
    assert kinds & {"build_ship", "impulse", "step", "colonize", "bid", "pick_card", "end_build"}


def _part(html: str, part_id: str) -> str:
    match = re.search(rf'<(\w+) id="{part_id}".*?</\1>', html, re.S)
    return match.group(0) if match else ""


@pytest.mark.rules("ascendancy:R31")
def test_the_map_draws_systems_lanes_sectors_and_ships_and_links_them_to_the_actions_there(cast):
    table = seeded_table("ascendancy", cast, 3)
    clients = logged_in_clients(cast)
    rules = registry.get("ascendancy")
    # Everyone chooses a civilization from the page.
    for _ in range(3):
        seat = _waiting_seat(table)
        html = _page(clients[seat], table)
        kind, args = posted_controls(html)[0]
        assert kind == "choose_civ"
        assert _post(clients[seat], table, kind, args) == 200
    state = state_of(table)
    view = rules.view(state, None)
    data = map_data(view, {})
    assert {s["id"] for s in data["systems"]} == set(state["systems"])
    homes = [s for s in data["systems"] if s["home"]]
    assert len(homes) == 3 and all(s["owner"] != "asc-civ-none" for s in homes)
    assert sum(p["ships"] for p in data["pieces"] if not p["in_warp"]) == sum(sum(p["ships"].values())
                                                                           for p in state["players"])
    # The seat in its Build Phase finds "build a ship" under its home system, linked from the map.
    seat = _waiting_seat(table)
    html = _page(clients[seat], table)
    home = next(sid for sid, s in state["systems"].items() if s["home_of"] == seat)
    assert f'href="#asc-act-S-{home}"' in _part(html, "asc-map-systems")
    group = re.search(rf'<div class="asc-action-group" id="asc-act-S-{home}">.*?</div>\s*</div>', html, re.S)
    assert group is not None and 'name="kind" value="build_ship"' in group.group(0)


def test_public_parts_are_equal_for_every_seat_and_the_spectator(cast):
    table = seeded_table("ascendancy", cast, 9)
    clients = logged_in_clients(cast)
    for _ in range(3):
        seat = _waiting_seat(table)
        kind, args = posted_controls(_page(clients[seat], table))[0]
        assert _post(clients[seat], table, kind, args) == 200
    rules = registry.get("ascendancy")
    presenter = presenter_for("ascendancy")
    assert isinstance(presenter, AscendancyPresenter)
    state = state_of(table)
    by_viewer: list[dict[str, Part]] = []
    for position in [None, 0, 1, 2]:
        view = rules.view(state, position)
        legal = list(rules.legal_commands(state, position)) if position is not None else []
        ctx = {"view": view, "position": position, "table": table, "seat_names": {0: "alice", 1: "bob", 2: "charlie"},
               "controls": presenter.controls(rules, view, legal, position), "form_version": 1,
               "idempotency_key": "k"}
        by_viewer.append({p.id: p for p in presenter.board_parts(rules, ctx)})
    public_ids = {pid for pid, p in by_viewer[0].items() if p.public}
    assert {"asc-map-lanes", "asc-map-systems", "asc-map-marks", "asc-map-pieces-0", "asc-map-pieces-2", "asc-status", "asc-console-0"} <= public_ids
    for parts in by_viewer[1:]:
        for pid in public_ids:
            assert parts[pid].public and parts[pid].data == by_viewer[0][pid].data, pid
        assert "asc-actions" in parts and not parts["asc-actions"].public
        json.dumps([p.data for p in parts.values()])  # JSON-able


def _played_state(seed: int, steps: int) -> dict[str, Any]:
    """A 3-player game some random commands in (favouring moves, so that lanes and discs are laid)."""
    from games.engine.core import Rng

    rules = registry.get("ascendancy")
    rng = Rng.from_seed(seed)
    state = rules.setup(num_players=3, options=rules.validate_options(3, {}), rng=rng).state
    rnd = random.Random(seed)
    for _ in range(steps):
        pending = rules.pending(state)
        if not pending or state["phase"] == "over":
            break
        seat = min(s for d in pending for s in d.seats)
        legal = list(rules.legal_commands(state, seat))
        if not legal:
            break
        weights = [0.2 if c.kind in ("end_turn", "stop") else 3 if c.kind in ("step", "impulse") else 1 for c in legal]
        state = rules.apply(state, rnd.choices(legal, weights)[0], rng).state
    return state


@pytest.mark.rules("ascendancy:R31", "ascendancy:R55")
def test_the_map_draws_lanes_and_sectors_where_the_galaxy_puts_them():
    from games.ascendancy.engine import layout

    state = next(s for s in (_played_state(seed, 300) for seed in range(1, 20)) if len(s["lanes"]) >= 3)
    view = registry.get("ascendancy").view(state, None)
    # Without the galaxy's drawing in the view: every lane is drawn with one dot per sector, from its disc.
    plain = map_data(view, {})
    assert {ln["id"]: len(ln["sectors"]) for ln in plain["lanes"]} == {
        lid: ln["length"] for lid, ln in state["lanes"].items()}
    # With it: exactly where the galaxy puts each disc and each sector.
    galaxy = layout.galaxy(state).view()
    drawn = map_data({**view, "galaxy": galaxy}, {})
    where = {s["id"]: (s["x"], s["y"]) for s in drawn["systems"]}
    for s in galaxy["systems"]:
        assert where[s["id"]] == (round(s["x"], 2), round(s["y"], 2))
    lanes = {ln["id"]: ln for ln in drawn["lanes"]}
    for ln in galaxy["lanes"]:
        assert [(p["x"], p["y"]) for p in lanes[ln["id"]]["sectors"]] == [(round(x, 2), round(y, 2))
                                                                          for x, y in ln["sectors"]]
        assert lanes[ln["id"]]["open"] == (ln["b"] is None)
    # Every ship on a sector of the map is drawn there, in its owner's colour.
    on_map = sum(c for p in state["players"] for sec, c in p["ships"].items())
    on_map += sum(f["ships"] for p in state["players"] for f in p["fleets"].values() if f["sector"])
    assert sum(p["ships"] for p in drawn["pieces"] if not p["in_warp"]) == on_map
    # Ships in warp: a marker beside the sector they left, with their tokens.
    in_warp = sorted((p["seat"], w["ships"], w["tokens"]) for p in state["players"] for w in p["warp"])
    assert sorted((p["seat"], p["ships"], p["warp"]) for p in drawn["pieces"] if p["in_warp"]) == in_warp


@pytest.mark.rules("ascendancy:R44", "ascendancy:R88")
def test_the_board_renders_for_every_viewer_through_random_games_and_shows_moves_and_battles():
    """Random games: every few commands the board renders for each seat and the spectator in both languages
    (the parts' templates take nothing undefined); moves and battles under way are named and marked."""
    from django.utils import translation

    from games.engine.core import Rng
    from games.parts import render_parts

    rules = registry.get("ascendancy")
    presenter = presenter_for("ascendancy")
    seen: set[str] = set()
    for seed in (1, 2, 3):
        rng = Rng.from_seed(seed)
        state = rules.setup(num_players=3, options=rules.validate_options(3, {}), rng=rng).state
        rnd = random.Random(seed)
        for step in range(400):
            pending = rules.pending(state)
            if not pending or state["phase"] == "over":
                break
            seat = min(s for d in pending for s in d.seats)
            legal = list(rules.legal_commands(state, seat))
            if step % 7 == 0 or (state["turn"] or {}).get("battle"):
                for position in (None, 0, 1, 2):
                    view = rules.view(state, position)
                    mine = legal if position == seat else []
                    ctx = {"view": view, "position": position, "table": None, "seat_names": {},
                           "controls": presenter.controls(rules, view, mine, position), "form_version": 1,
                           "idempotency_key": "k"}
                    with translation.override("it" if step % 2 else "en"):
                        html = str(render_parts(presenter.board_parts(rules, ctx)))
                    assert html.count('id="asc-map-marks"') == (0 if state["phase"] == "choose_civ" else 1)
                    seen |= {m for m in ("asc-mark-move", "asc-mark-battle") if m in html}
                    if position == seat:
                        assert html.count("<form") == sum(1 for c in ctx["controls"] if c["on_board"])
            if not legal:
                break
            weights = [0.2 if c.kind in ("end_turn", "stop") else 4 if c.kind in ("attack", "invade", "step") else 1
                       for c in legal]
            state = rules.apply(state, rnd.choices(legal, weights)[0], rng).state
    assert "asc-mark-move" in seen, seen


@pytest.mark.rules("ascendancy:R85", "ascendancy:R94", "ascendancy:R96")
def test_a_battle_under_way_is_shown_to_everyone_and_its_decision_is_made_from_the_map(cast, make_user):
    from games.ascendancy.engine.scenario import build, cmd, run
    from games.models import Seat
    from tests.support.pages import load_state

    rules = registry.get("ascendancy")
    vega = {"id": "vega", "slots": ["production", "research"], "xy": [45.0, 56.5], "max_lanes": 3}
    for seed in range(40):
        state = build(turn=0, phase="command", systems=[vega], lanes=[("l1", "earth", "vega", 2)],
                      ships={0: {"S:earth": 2, "L:l1:2": 2}, 1: {"L:l1:1": 3}})
        state, _ = run(state, cmd(0, "attack", target="L:l1:1"), seed=seed)
        if state["prompt"] is not None and state["turn"]["battle"] is not None:
            break
    else:
        pytest.fail("no battle left a decision open")
    table = seeded_table("ascendancy", cast, 1)
    load_state(rules, table, state)
    deciding = state["prompt"]["seat"]
    Seat.objects.filter(table=table, position=deciding).update(decision_since=table.version)
    clients = logged_in_clients(cast)
    watcher = logged_in_clients([make_user("watcher")])[0]
    for seat, client in [*enumerate(clients), (None, watcher)]:
        html = _check_page(client, table, seat)
        assert "asc-mark-battle" in _part(html, "asc-map-marks")
        assert "Battle at" in _part(html, "asc-status")
    html = _page(clients[deciding], table)
    on_map = posted_controls(_part(html, "asc-actions"))
    assert on_map, state["prompt"]
    kind, args = on_map[0]
    assert _post(clients[deciding], table, kind, args) == 200
    assert state_of(table) != state


def test_the_log_and_the_prompts_speak_in_words_not_ids():
    """Every event, prompt and command of random games reads as a sentence: seats as players, systems and cards by name,
    sectors and ships in words; no sector id, unit id or unfilled placeholder left."""
    from games.engine.core import Rng

    rules = registry.get("ascendancy")
    presenter = presenter_for("ascendancy")
    kinds: set[str] = set()
    for seed in (1, 2):
        rng = Rng.from_seed(seed)
        out = rules.setup(num_players=3, options=rules.validate_options(3, {}), rng=rng)
        state, events = out.state, list(out.events)
        rnd = random.Random(seed)
        for _ in range(300):
            pending = rules.pending(state)
            if not pending or state["phase"] == "over":
                break
            for d in pending:
                text = presenter.prompt_text(rules, d)
                assert "{" not in text and "_" not in text, text
            seat = min(s for d in pending for s in d.seats)
            legal = list(rules.legal_commands(state, seat))
            view = rules.view(state, seat)
            for c in legal:  # every command has its own sentence
                label = presenter.command_label(rules, c, view)
                assert not re.search(r"[_={]|\b[SL]:", label), (c, label)
            weights = [0.2 if c.kind in ("end_turn", "stop") else 3 if c.kind in ("step", "impulse") else 1
                       for c in legal]
            step = rules.apply(state, rnd.choices(legal, weights)[0], rng)
            state = step.state
            events += step.events
        for e in events:
            text = presenter.event_text(rules, e.kind, e.data)
            kinds.add(e.kind)
            assert not re.search(r"\b[SL]:|\bship:|\bfleet:|\{", text), (e.kind, e.data, text)
    assert {"ship_moved", "civ_chosen", "turn_started"} <= kinds


@pytest.mark.rules("ascendancy:R200")
def test_the_vulcan_sees_its_secret_agenda_and_nobody_else_does(cast, make_user):
    from games.ascendancy.presenter import name_of

    table = seeded_table("ascendancy", cast, 21)
    clients = logged_in_clients(cast)
    watcher = logged_in_clients([make_user("watcher")])[0]
    for civ in ("vulcan", "klingon", "romulan"):
        seat = _waiting_seat(table)
        args = json.dumps({"civ": civ}, separators=(",", ":"))
        assert ("choose_civ", args) in posted_controls(_page(clients[seat], table))
        assert _post(clients[seat], table, "choose_civ", args) == 200
    vulcan = next(p for p in state_of(table)["players"] if p["civ"] == "vulcan")
    for _ in range(3):  # the Agenda revealed, if the game asks for it now
        seat = _waiting_seat(table)
        forms = posted_controls(_page(clients[seat], table)) if seat is not None else []
        if not forms or forms[0][0] != "reveal_agenda":
            break
        assert _post(clients[seat], table, *forms[0]) == 200
    state = state_of(table)
    vulcan = state["players"][vulcan["seat"]]
    secret = [a for a in vulcan["agendas"] if a != vulcan.get("agenda_public")]
    assert secret
    html = _check_page(clients[vulcan["seat"]], table, vulcan["seat"])
    assert all(name_of(a) in _part(html, "asc-secret") for a in secret)
    for seat in range(3):
        if seat != vulcan["seat"]:
            assert 'id="asc-secret"' not in _check_page(clients[seat], table, seat)
    assert 'id="asc-secret"' not in _check_page(watcher, table, None)


@pytest.mark.rules("ascendancy:R3")
def test_the_initiative_bid_is_one_form_above_the_map_and_a_posted_bid_applies(cast, make_user):
    from games.ascendancy.engine.scenario import build
    from games.models import Seat
    from tests.support.pages import load_state

    rules = registry.get("ascendancy")
    state = build(bidding=[0, 1, 2], contact=[0, 1, 2], resources={0: {"production": 2, "research": 1}})
    bidder = min(s for d in rules.pending(state) for s in d.seats)
    assert state["phase"] == "bid"
    table = seeded_table("ascendancy", cast, 1)
    load_state(rules, table, state)
    Seat.objects.filter(table=table, position=bidder).update(decision_since=table.version)
    clients = logged_in_clients(cast)
    html = _check_page(clients[bidder], table, bidder)
    decide = _part(html, "asc-decide")
    assert html.index('id="asc-decide"') < html.index('class="asc-map"')  # before the map
    assert posted_controls(decide) == [("bid", "{}")]  # one form, not a button per mix
    have = state["players"][bidder]["resources"]
    for res in ("production", "research", "culture"):
        assert f'name="arg_{res}" value="0" min="0" max="{have[res]}"' in decide
    assert 'id="asc-act-bid"' not in _part(html, "asc-actions")
    response = clients[bidder].post(reverse("table_command", args=[table.pk]), {
        "kind": "bid", "args": "{}", "arg_production": "1", "arg_research": "0", "arg_culture": "0",
        "version": table.version, "idempotency_key": str(uuid.uuid4())}, headers=HX)
    assert response.status_code == 200, response.content.decode()
    after = state_of(table)
    assert after["initiative"]["bids"][str(bidder)] == {"production": 1, "research": 0, "culture": 0}
    for seat in range(3):
        _check_page(clients[seat], table, seat)
    _check_page(logged_in_clients([make_user("watcher")])[0], table, None)


@pytest.mark.rules("ascendancy:R44")
def test_a_ship_moving_changes_only_its_owners_pieces_on_the_map():
    """The map's layers change on their own: a step that leaves the galaxy as it was (no lane abandoned, no
    system taken) re-draws the mover's pieces (and the mark of the move under way), never the lanes, the
    systems or the other seats' pieces."""
    from games.ascendancy.engine import layout
    from games.engine.core import Rng

    rules = registry.get("ascendancy")
    presenter = presenter_for("ascendancy")

    def map_of(state: dict[str, Any]) -> dict[str, Any]:
        view = rules.view(state, None)
        view = {**view, "galaxy": layout.galaxy(state).view()}
        ctx = {"view": view, "position": None, "seat_names": {}, "controls": []}
        return {p.id: p.data for p in presenter.board_parts(rules, ctx) if p.id.startswith("asc-map-")}

    checked = 0
    for seed in range(1, 6):
        rng = Rng.from_seed(seed)
        state = rules.setup(num_players=3, options=rules.validate_options(3, {}), rng=rng).state
        rnd = random.Random(seed)
        for _ in range(300):
            pending = rules.pending(state)
            if not pending or state["phase"] == "over":
                break
            seat = min(s for d in pending for s in d.seats)
            legal = list(rules.legal_commands(state, seat))
            steps = [c for c in legal if c.kind == "step" and "to" in c.args]
            if steps and state["prompt"] is None:
                before = map_of(state)
                after_state = rules.apply(state, steps[0], Rng.from_seed(seed)).state
                same_galaxy = (after_state["lanes"], after_state["systems"]) == (state["lanes"], state["systems"])
                if same_galaxy and after_state["prompt"] is None and after_state["turn"]["battle"] is None:
                    after = map_of(after_state)
                    changed = {pid for pid in before if before[pid] != after[pid]}
                    assert changed <= {f"asc-map-pieces-{seat}", "asc-map-marks"}, changed
                    assert f"asc-map-pieces-{seat}" in changed
                    checked += 1
            weights = [0.2 if c.kind in ("end_turn", "stop") else 3 if c.kind in ("step", "impulse") else 1
                       for c in legal]
            state = rules.apply(state, rnd.choices(legal, weights)[0], rng).state
    assert checked >= 10


@pytest.mark.rules("ascendancy:R49")
def test_standing_answers_are_given_from_the_page_off_turn_seen_only_by_their_owner_and_applied(cast, make_user):
    """RULINGS E50 on the page: a seat the game does not wait on gives a standing answer from its own part
    (asc-standing, never public), sees it listed with a form to take it back, and the engine applies it."""
    from games.ascendancy.engine.scenario import build
    from tests.support.pages import load_state

    rules = registry.get("ascendancy")
    vega = {"id": "vega", "slots": ["production", "research"], "xy": [45.0, 56.5], "max_lanes": 3}
    state = build(turn=0, phase="command", systems=[vega], lanes=[("l1", "earth", "vega", 2)],
                  ships={1: {"L:l1:1": 1}}, trade_held={0: {1: 0}})
    table = seeded_table("ascendancy", cast, 1)
    load_state(rules, table, state)
    clients = logged_in_clients(cast)
    html = _check_page(clients[1], table, 1)
    standing = _part(html, "asc-standing")
    refuse = json.dumps({"answer": "refuse_passage", "to": 0}, sort_keys=True, separators=(",", ":"))
    assert ("standing", refuse) in posted_controls(standing)
    assert "Always refuse passage to Player 1 (alice)" in standing
    assert _post(clients[1], table, "standing", refuse) == 200
    assert state_of(table)["standing"] == {"1": [{"answer": "refuse_passage", "to": 0}]}
    html = _check_page(clients[1], table, 1)
    assert ("clear_standing", refuse) in posted_controls(_part(html, "asc-standing"))
    for seat in (0, 2):  # the others never see it (nor a form of another seat's)
        other = _check_page(clients[seat], table, seat)
        assert "asc-standing-given" not in other and "clear_standing" not in other
    watcher = logged_in_clients([make_user("watcher")])[0]
    assert 'id="asc-standing"' not in _check_page(watcher, table, None)
    # The seat on turn sees no standing forms (its decision is answered directly).
    assert posted_controls(_part(_check_page(clients[0], table, 0), "asc-standing")) == []
    # Alice moves in: Bob's standing answer refuses her passage; the log says so.
    for kind, args in (("impulse", {"unit": "ship:S:earth"}), ("step", {"to": "L:l1:1"})):
        assert _post(clients[0], table, kind, json.dumps(args, sort_keys=True, separators=(",", ":"))) == 200
    after = state_of(table)
    assert after["prompt"] is None and after["players"][0]["ships"]["S:earth"] == 3
    assert "Applied standing answer of" in _page(clients[0], table)


@pytest.mark.rules("ascendancy:R135", "ascendancy:R178")
def test_an_any_time_card_is_used_from_the_page_off_turn(cast):
    """RULINGS E54 on the page: while the Klingon plays, the Romulan's asc-standing part offers Tal Shiar
    against the Klingon's Espionage card; posting it exhausts that card."""
    from games.ascendancy.engine.scenario import build
    from tests.support.pages import load_state

    rules = registry.get("ascendancy")
    state = build(civs=("klingon", "romulan", "federation"), turn=0, phase="command",
                  advancements={0: ["kli_cloaking_device"], 1: ["rom_tal_shiar"]})
    table = seeded_table("ascendancy", cast, 1)
    load_state(rules, table, state)
    clients = logged_in_clients(cast)
    html = _check_page(clients[1], table, 1)
    tal = json.dumps({"card": "rom_tal_shiar", "effect": 0, "rival": 0, "rival_card": "kli_cloaking_device"},
                     sort_keys=True, separators=(",", ":"))
    assert ("use_ability", tal) in posted_controls(_part(html, "asc-standing"))
    assert posted_controls(_part(_check_page(clients[2], table, 2), "asc-standing")) != []  # standing only
    assert "use_ability" not in _part(_check_page(clients[2], table, 2), "asc-standing")
    assert _post(clients[1], table, "use_ability", tal) == 200
    after = state_of(table)
    assert {a["card"]: a["exhausted"] for a in after["players"][0]["advancements"]}["kli_cloaking_device"]
    assert "use_ability" not in _part(_check_page(clients[1], table, 1), "asc-standing")


def test_the_map_frame_fits_what_is_drawn_and_grows_in_steps():
    from games.ascendancy.presenter import FRAME_MARGIN, map_frame

    assert map_frame([(45.0, 71.5), (22.05, 31.75), (67.95, 31.75)], [90.0, 90.0]) == (10.0, 20.0, 80.0, 90.0)
    assert map_frame([(46.0, 72.0), (22.05, 31.75), (67.95, 31.75)], [90.0, 90.0]) == (10.0, 20.0, 80.0, 90.0)
    assert map_frame([(1.0, 1.0), (89.0, 89.0)], [90.0, 90.0]) == (-10.0, -10.0, 100.0, 100.0)
    assert map_frame([(0.5, 0.5), (89.5, 89.5)], [90.0, 90.0]) == (-FRAME_MARGIN, -FRAME_MARGIN, 90 + FRAME_MARGIN,
                                                                     90 + FRAME_MARGIN)  # never beyond the table
    assert map_frame([], [90.0, 90.0]) == (-FRAME_MARGIN, -FRAME_MARGIN, 90 + FRAME_MARGIN, 90 + FRAME_MARGIN)


@pytest.mark.rules("ascendancy:R131")
def test_private_projects_are_face_down_on_the_public_console_and_face_up_in_their_holders_secret_part() -> None:
    """RULINGS I38: with ``projects`` ``private`` the public console shows every Project face down (it is the
    same page part for everyone), the holder reads his own in the part only he sees."""
    from games.ascendancy.engine.scenario import build, cmd, run
    from games.ascendancy.presenter import name_of
    from games.parts import render_parts

    rules = registry.get("ascendancy")
    presenter = presenter_for("ascendancy")
    state, _ = run(build(turn=0, phase="command", options={"projects": "private"}), cmd(0, "launch"))
    names = [name_of(pr["card"]) for pr in state["players"][0]["projects"]]
    by_viewer: list[dict[str, Part]] = []
    for position in (None, 0, 1):
        view = rules.view(state, position)
        ctx = {"view": view, "position": position, "table": None, "seat_names": {},
               "controls": presenter.controls(rules, view, [], position), "form_version": 1, "idempotency_key": "k"}
        by_viewer.append({p.id: p for p in presenter.board_parts(rules, ctx) or []})
    for parts in by_viewer:
        assert parts["asc-console-0"].data == by_viewer[0]["asc-console-0"].data
        public = str(render_parts([p for p in parts.values() if p.public]))
        assert not any(name in public for name in names) and "a face-down Project" in public
    mine = str(render_parts([by_viewer[1]["asc-secret"]]))
    assert all(f"Project: {name}" in mine for name in names)
    assert "asc-secret" not in by_viewer[0] and "asc-secret" not in by_viewer[2]
