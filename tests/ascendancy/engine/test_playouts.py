"""Random full games for every player count, with invariants after every command; replay, views, secrets
and the message texts (ascendancy:R1 the round never stalls, R41 piece limits, R140 the game ends)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from games.ascendancy.engine import RULES, catalog, layout, messages
from games.ascendancy.engine.state import MAX_CONTROL_NODES, MAX_SHIPS, ships_total
from games.engine.core import Command, IllegalCommand, Rng
from tests.support.engine import assert_replays, play_to_the_end, strings, walk_checking_apply

HOME_DISCS = {h["disc"] for h in catalog.HOMES.values()}
OPTIONS_ON = {"extra_resources": True, "easier_authority": True, "free_trade_routes": True,
              "focused_research": True, "random_galaxy": True, "humble_origins": False,
              "simultaneous_first_turns": True, "simultaneous_second_round": True, "starting_project": True,
              "starting_advancement": True, "unbridled_culture": True, "mysterious_turn_order": True,
              "allied_cooperation": True, "starting_cards_chosen": True}


def card_places(state: dict[str, Any]) -> Counter[str]:
    out: Counter[str] = Counter()
    for p in state["players"]:
        out.update(p["deck"])
        out.update(pr["card"] for pr in p["projects"])
        out.update(a["card"] for a in p["advancements"])
        out.update(p["allies"])
        out.update(p.get("borg_tech", []))  # Borg Tech cards in hand (RULINGS B47, B48)
    if "borg" in state:  # the Tech deck: every Tech card is there, in a hand, a Project or an Advancement
        out.update(state["borg"]["tech"]["deck"])
    ex = state["exploration"]
    out.update(ex["deck"])
    out.update(ex["discard"])
    for sys in state["systems"].values():
        out.update(c for c in (sys["card"], sys.get("face_down")) if c)
        if sys["disc"] not in HOME_DISCS:  # Vulcan Exodus (R214) moves home_of, never a disc
            out[f"disc:{sys['disc']}"] += 1
    out.update(f"disc:{d}" for d in state["stack"])
    return out


def invariants(start: dict[str, Any]) -> Any:
    expected = None
    checked_map: list[Any] = [None]

    def check(state: dict[str, Any], command: Command) -> None:
        nonlocal expected
        if state["phase"] == "choose_civ":
            return
        places = card_places(state)
        if expected is None:
            expected = places
        assert places == expected, "a card or disc was lost or duplicated"
        assert all(v == 1 for v in places.values())
        for p in state["players"]:
            assert ships_total(p) <= MAX_SHIPS
            assert sum(1 for s in state["systems"].values() if s["control"] == p["seat"]) <= MAX_CONTROL_NODES
            assert p["starbases_built"] <= 3
            assert all(v >= 0 for v in p["resources"].values()), p["resources"]
            assert 0 <= p["ready"] <= p["commands"] + 2
            assert all(f["ships"] >= 3 for f in p["fleets"].values())
            assert all(v > 0 for v in p["ships"].values())
        for lane in state["lanes"].values():
            assert lane["a"] in state["systems"] and (lane["b"] is None or lane["b"] in state["systems"])
        if state["galaxy"] != checked_map[0]:  # the map changed: no crossing lanes, no touching discs
            assert layout.violations(state) == []
            checked_map[0] = state["galaxy"]
        drawn = {ln["id"]: (ln["a"], ln["b"], ln["length"]) for ln in state["galaxy"]["lanes"]}
        assert drawn == {lid: (ln["a"], ln["b"], ln["length"]) for lid, ln in state["lanes"].items()}
        assert {s["id"] for s in state["galaxy"]["systems"]} == set(state["systems"])

    return check


@pytest.mark.rules("ascendancy:R1", "ascendancy:R41", "ascendancy:R140")
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("options", [{}, OPTIONS_ON], ids=["plain", "options"])
def test_random_games_always_end(players: int, options: dict[str, Any]) -> None:
    line_ups: set[tuple[str, ...]] = set()
    for seed in range(10):
        playout, result = play_to_the_end(RULES, players, options, seed * 7 + players, 40_000, invariants,
                                          messages.EVENTS)
        assert result.winners and result.reason in messages.MESSAGES
        if seed < 2:
            assert_replays(RULES, playout, players, options, seed * 7 + players)
        line_ups.add(tuple(p["civ"] for p in playout.state["players"]))
    # The civilizations are mixed: chosen at the table (choose_civ), a different line-up from game to game.
    assert len(line_ups) >= 5, line_ups
    assert {civ for line_up in line_ups for civ in line_up} == set(catalog.CIVS)


@pytest.mark.rules("ascendancy:R1")
def test_apply_never_mutates_and_legal_commands_are_stable_and_legal() -> None:
    def check(out: Any) -> None:
        json.dumps([e.as_json() for e in out.events])

    walk_checking_apply(RULES, 4, {}, 600, check)
    state = RULES.setup(num_players=3, options={}, rng=Rng.from_seed(5)).state
    rng = Rng.from_seed(6)
    for _ in range(300):
        if RULES.result(state) is not None:
            break
        seat = sorted(RULES.seats_to_act(state))[0]
        for command in RULES.legal_commands(state, seat):
            try:
                RULES.apply(state, command, rng.copy())
            except IllegalCommand as exc:  # pragma: no cover - a failure message
                raise AssertionError(f"legal command refused: {command} {exc.as_json()}") from exc
        legal = RULES.legal_commands(state, seat)
        state = RULES.apply(state, legal[rng.below(len(legal))], rng).state


def test_every_code_prompt_and_event_has_a_text() -> None:
    import pathlib
    import re

    src = "".join(p.read_text() for p in pathlib.Path("games/ascendancy/engine").glob("*.py"))
    codes = set(re.findall(r'IllegalCommand\(\s*"([a-z_]+)"', src))
    assert codes <= set(messages.MESSAGES), codes - set(messages.MESSAGES)
    prompts = set(re.findall(r'prompt="([a-z_]+)"', src)) | set(re.findall(r'"kind": "([a-z_]+)", "seat"', src))
    assert prompts <= set(messages.PROMPTS), prompts - set(messages.PROMPTS)
    events = set(re.findall(r'emit\(\s*"([a-z_]+)"', src))
    assert events <= set(messages.EVENTS), events - set(messages.EVENTS)


def test_views_hide_the_decks_and_rerandomise_keeps_every_public_fact() -> None:
    state = RULES.setup(num_players=3, options={}, rng=Rng.from_seed(2)).state
    for seat, civ in enumerate(("federation", "klingon", "romulan")):
        state = RULES.apply(state, Command(seat, "choose_civ", {"civ": civ}), Rng.from_seed(2)).state
    hidden = set(state["players"][0]["deck"]) | set(state["exploration"]["deck"]) | set(state["stack"])
    for seat in (None, 0, 1, 2):
        view = RULES.view(state, seat)
        # the table options are public settings whose names may be a card's id too (temporal_anomaly)
        seen = strings({k: v for k, v in view.items() if k != "options"})
        assert not hidden & seen
        other = RULES.rerandomise(state, seat, Rng.from_seed(9))
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert other["stack"] != state["stack"] or len(state["stack"]) < 2
    assert state["players"][0]["deck"] != RULES.rerandomise(state, 0, Rng.from_seed(4))["players"][0]["deck"]
    zones = {z.name: z for z in RULES.zones(state)}
    assert not zones["advancement_deck_0"].visible_to(0) and zones["exploration_discard"].visible_to(None)
    assert set(catalog.CIVS) == set(RULES.factions)


def connected_start(seed: int) -> dict[str, Any]:
    """Three homes already joined through two discs (Earth, Qo'noS, Romulus on the 90 cm table)."""
    from games.ascendancy.engine.scenario import build

    return build(seed=seed, turn=None, bidding=[0, 1, 2], contact=[0, 1, 2],
                 systems=[{"id": "hub_a", "slots": ["production", "research"], "xy": [33.5, 51.6]},
                          {"id": "hub_b", "slots": ["culture", "open"], "xy": [56.5, 51.6]}],
                 lanes=[("c1", "earth", "hub_a", 4), ("c2", "qonos", "hub_a", 4), ("c3", "hub_a", "hub_b", 4),
                        ("c4", "romulus", "hub_b", 4), ("c5", "earth", "hub_b", 4)],
                 resources={s: {"production": 6, "research": 4, "culture": 4} for s in range(3)})


@pytest.mark.rules("ascendancy:R2", "ascendancy:R4", "ascendancy:R79", "ascendancy:R85", "ascendancy:R96")
def test_random_games_between_neighbours_bid_trade_fight_and_end() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(12):
        state = connected_start(seed)
        check = invariants(state)
        game, bot = Rng.from_seed(seed), Rng.from_seed(seed + 1000)
        for _ in range(30_000):
            if RULES.result(state) is not None:
                break
            seats = sorted(RULES.seats_to_act(state))
            assert seats, "nobody to act"
            legal = RULES.legal_commands(state, seats[bot.below(len(seats))])
            assert legal
            command = legal[bot.below(len(legal))]
            state = RULES.apply(state, command, game).state
            kinds[command.kind] += 1
            check(state, command)
        assert RULES.result(state) is not None
    for kind in ("bid", "pick_card", "offer_trade", "accept_trade", "attack", "stay", "retreat"):
        assert kinds[kind] > 0, (kind, kinds)


def test_the_secret_agenda_never_shows_and_is_redrawn_for_rivals() -> None:
    state = RULES.setup(num_players=3, options={}, rng=Rng.from_seed(8)).state
    for seat, civ in enumerate(("vulcan", "klingon", "romulan")):
        state = RULES.apply(state, Command(seat, "choose_civ", {"civ": civ}), Rng.from_seed(8)).state
    public, secret = state["players"][0]["agendas"]
    state = RULES.apply(state, Command(0, "reveal_agenda", {"card": public}), Rng.from_seed(8)).state
    for seat in (None, 1, 2):
        view = RULES.view(state, seat)
        assert secret not in strings(view) and public in strings(view)
        redrawn = {RULES.rerandomise(state, seat, Rng.from_seed(k))["players"][0]["agendas"][1] for k in range(12)}
        assert len(redrawn) > 1
        assert RULES.view(RULES.rerandomise(state, seat, Rng.from_seed(3)), seat) == view
    assert secret in strings(RULES.view(state, 0))
    assert RULES.rerandomise(state, 0, Rng.from_seed(3))["players"][0]["agendas"] == [public, secret]


@pytest.mark.rules("ascendancy:R135", "ascendancy:R178")
def test_the_bots_use_any_time_abilities_off_turn() -> None:
    """RULINGS E54: the playout bots (``play_random``, bench/playouts.py) now and then use an "any time" ability
    in another player's turn: here the Tal Shiar and the Obsidian Order, each with a rival card to Exhaust."""
    from games.ascendancy.engine.scenario import build
    from games.engine.core.testing import play_random

    off_turn: Counter[str] = Counter()
    for seed in range(3):
        start = build(civs=["romulan", "cardassian", "klingon"], seed=seed, turn=0,
                      advancements={0: ["rom_tal_shiar", "rom_science_directorate"],
                                    1: ["car_obsidian_order", "car_uridium_processing"]})
        before = [start]
        check = invariants(start)

        def after(state: dict[str, Any], command: Command, check: Any = check, before: Any = before) -> None:
            if command.kind == "use_ability" and command.seat not in RULES.seats_to_act(before[0]):
                off_turn[command.args["card"]] += 1
                assert state["players"][command.args["rival"]]["advancements"] != \
                    before[0]["players"][command.args["rival"]]["advancements"]
            check(state, command)
            before[0] = state

        playout = play_random(RULES, seed=seed, num_players=3, start=start, max_steps=40_000, after_each=after)
        assert RULES.result(playout.state) is not None
    assert off_turn["rom_tal_shiar"] > 0 and off_turn["car_obsidian_order"] > 0, off_turn


SMALL_TABLE = {"bids": "secret", "table_size": 75, "connections_from_any_system": True}


@pytest.mark.rules("ascendancy:R1", "ascendancy:R3", "ascendancy:R60")
@pytest.mark.parametrize("players", [3, 7])
def test_random_games_with_secret_bids_on_the_smallest_table_end(players: int) -> None:
    """RULINGS G5, G11, I3: on a 75 cm table, with Connections from any system, neighbours meet early and bid in
    secret; every game still ends, with the invariants (resources never negative: a sealed bid is paid at the
    reveal) and every event's text checked after every command."""
    bids = 0
    for seed in range(2):
        playout, result = play_to_the_end(RULES, players, SMALL_TABLE, seed + players, 40_000, invariants,
                                          messages.EVENTS)
        assert result.winners and playout.state["galaxy"]["table"] == [75.0, 75.0]
        bids += playout.kinds.get("bid", 0)
    assert bids > 0
