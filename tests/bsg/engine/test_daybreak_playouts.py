"""Random Daybreak games (bsg:R1000, R1010, R1020, R124): whole games with the Miracle tokens, the Mutiny deck
and the Mutineer in play reach a result and replay, each command followed by Daybreak's invariants and the
secrecy of the Mutiny hands. The bots' rules set the option themselves (test_playouts.py plays it as tables do)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from games.bsg.engine import cylon_fleet, daybreak
from games.bsg.engine.messages import EVENTS
from games.bsg.engine.state import CONTENT, card_id
from games.engine.core import Command, Event
from games.engine.core.testing import play_random
from tests.bsg.engine.daybreak_helpers import DAYBREAK_RULES
from tests.support.engine import assert_replays, event_text_check, strings


def all_loyalty(state: dict[str, Any]) -> list[str]:
    return sorted(c for side in daybreak.LOYALTY_SIDES for c in daybreak.table_loyalty(state, side))

ALL_MUTINY = sorted(f"{c}.{k}" for k, c in enumerate(CONTENT.mutiny_deck()))


def check(state: dict[str, Any], command: Command | None, events: Sequence[Event]) -> None:
    d = state["decks"]
    loyalty = d["loyalty"] + d["loyalty_box"] + d.get("loyalty_discard", []) + [
        c for p in state["players"] for c in p["loyalty"] + p["revealed"]]  # an execution's discards (R452)
    assert sorted(loyalty) == all_loyalty(state), command
    mutiny = d["mutiny"] + d["mutiny_discard"] + [c for p in state["players"] for c in p["mutiny"]]
    assert sorted(mutiny) == ALL_MUTINY, command
    keep = state["daybreak"]["mutiny_keep"]
    for p in state["players"]:
        assert 0 <= p["miracles"] <= daybreak.miracle_limit(state, p["seat"])
        if p["cylon"] and not p.get("leader"):  # R402b; a Cylon Leader keeps his (R802b, R802c)
            assert p["miracles"] == 0 and p["mutiny"] == [], command
        elif p["seat"] not in keep:  # R1020, R1027: over the limit only while choosing what to keep
            assert len(p["mutiny"]) <= daybreak.mutiny_limit(state, p["seat"]), command
        if len(p["mutiny"]) > daybreak.mutiny_limit(state, p["seat"]) and not p["cylon"]:
            # sent to the Brig; a check's result may have moved him on (to Sickbay) before he chose what to keep
            assert p["location"] == "brig" or p["seat"] in keep, command
    # R623: every Assault Raptor in one place (the Reserves, beside the board, space, destroyed)
    ar = state["daybreak"]["assault_raptors"]
    assert min(ar["reserves"], ar["beside"], ar["lost"], *ar["space"].values(), 0) >= 0
    pilots = sum(1 for p in state["players"] if p.get("craft") == "assault_raptor")
    assert all(p["viper"] is not None for p in state["players"] if p.get("craft"))
    assert ar["reserves"] + ar["beside"] + ar["lost"] + sum(ar["space"].values()) + pilots == 4, command
    vipers = (state["reserves"]["viper"] + sum(w["viper"] for w in state["space"].values()) + state["damaged_vipers"]
              + state["vipers_lost"] + sum(1 for p in state["players"]
                                           if p["viper"] is not None and not p.get("craft") and not p.get("mk7"))
              + (state["fleet"]["boxed_vipers"] if cylon_fleet.active(state) else 0))
    assert vipers == CONTENT.board.components["viper"], command
    holders = [p["seat"] for p in state["players"] if any(card_id(c) == daybreak.MUTINEER for c in p["revealed"])]
    assert len(holders) <= 1
    # nobody sees another's Mutiny cards or the Mutiny deck (R1020)
    for seat in [None, *range(state["n"])]:
        hidden = set(d["mutiny"]) | {c for p in state["players"] if p["seat"] != seat for c in p["mutiny"]}
        hidden -= set(d["mutiny_discard"])
        assert not hidden & strings(DAYBREAK_RULES.view(state, seat)), (seat, command)
        for event in events:
            data = event.for_seat(seat)
            if data is not None:
                assert not hidden & strings(dict(data)), (seat, event.kind)


@pytest.mark.rules("bsg:R1000", "bsg:R1010", "bsg:R1020", "bsg:R124", "bsg:R200", "bsg:R507", "bsg:R508")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_daybreak_games_end_with_every_invariant_kept(players: int) -> None:
    kinds: dict[str, int] = {}
    for seed in (1, 2, 3):
        seen: list[Event] = []
        texts = event_text_check(EVENTS, players)

        def on_events(events: Sequence[Event], seen: list[Event] = seen, texts: Any = texts) -> None:
            seen[:] = list(events)
            texts(events)
            for event in events:
                kinds[event.kind] = kinds.get(event.kind, 0) + 1

        def after(state: dict[str, Any], command: Command, seen: list[Event] = seen) -> None:
            check(state, command, seen)

        playout = play_random(DAYBREAK_RULES, seed=seed, num_players=players, max_steps=8000, after_each=after,
                              on_events=on_events)
        assert DAYBREAK_RULES.result(playout.state) is not None
        assert_replays(DAYBREAK_RULES, playout, players, {}, seed)
        for kind, n in playout.kinds.items():
            kinds[kind] = kinds.get(kind, 0) + n
    assert kinds.get("use_ability", 0) > 0
    assert kinds.get("check_made_reckless", 0) > 0  # R507: the bots make checks reckless
    if players in (4, 6):  # the Mutineer is in the deck (R124): he draws Mutiny cards
        assert kinds.get("mutiny_drawn", 0) > 0


#: (character, players, seed): seeds whose random character choice gives Daybreak's Leaders (RULINGS G195)
DAYBREAK_LEADER_GAMES = [("sharon_agathon", 5, 1), ("sharon_agathon", 4, 2), ("aaron_doral", 5, 3),
                         ("aaron_doral", 4, 5)]


@pytest.mark.rules("bsg:R141", "bsg:R802", "bsg:R803", "bsg:R804", "bsg:R510")
@pytest.mark.parametrize(("character", "players", "seed"), DAYBREAK_LEADER_GAMES)
def test_random_daybreak_games_with_athena_or_doral_as_the_leader_reach_a_result_and_replay(
        character: str, players: int, seed: int) -> None:
    """A Daybreak table with the Leader option whose Leader is Athena (infiltrated from the start, Resolute) or
    Doral (Vanity): Daybreak's invariants after every command, a result with the Leader's Motive outcome, and the
    same game again from its seed."""
    from games.bsg.engine.checks import contribution_limit
    from games.bsg.engine.rules import RULES

    table = {"daybreak": True, "pegasus": True, "cylon_leader": True}
    seen: list[Event] = []
    leader: list[int] = []

    def on_events(events: Sequence[Event]) -> None:
        seen[:] = list(events)

    def after(state: dict[str, Any], command: Command) -> None:
        check(state, command, seen)
        if command.kind == "choose_character" and command.args["character"] == character:
            leader.append(command.seat)
            assert state["players"][command.seat]["cylon"] == (character != "sharon_agathon")  # L243
        if leader and character == "aaron_doral" and state["check"] is not None:
            assert contribution_limit(state, leader[0]) == 1  # Vanity, wherever he stands
            assert len(state["check"]["played"][str(leader[0])]) <= 1

    playout = play_random(RULES, seed=seed, num_players=players, options=table, max_steps=8000,
                          after_each=after, on_events=on_events)
    assert leader, "the seed no longer gives this Leader: choose another"
    result = RULES.result(playout.state)
    assert result is not None and str(leader[0]) in playout.state["result"]["leaders"]
    assert_replays(RULES, playout, players, table, seed)
