"""BSG's secrets at the positions random play from the opening rarely reaches (issue 16): a skill check with
face-down contributions, the Sleeper Agent phase, a Cylon just revealed, the end of the game.

Each position is the first such state of a seeded engine playout (the bots of tests/bsg/engine/test_playouts.py),
put on a started table (``LeakCheck(start=...)``); the leak check (every surface, every seat and the spectator,
the re-randomised worlds: games/bsg/secrets.py) runs there and for a few random commands after it.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from games.engine import registry
from games.engine.core.testing import play_random
from games.models import Table
from tests.proof.leakcheck import LeakCheck, Stats

pytestmark = pytest.mark.django_db

RULES = registry.get("bsg")
PLAYERS = 3
State = dict[str, Any]


def _position(seed: int, predicate: Callable[[State, State], bool], players: int = PLAYERS) -> State:
    """The first state of the seeded playout that ``predicate(before, after)`` accepts (a copy)."""
    from tests.bsg.engine.test_playouts import BOTS

    found: list[State] = []
    before: list[State] = []

    def look(state: State, _command: Any) -> None:
        if not found and before and predicate(before[-1], state):
            found.append(copy.deepcopy(state))
        before[:] = [copy.deepcopy(state)] if not found else []

    play_random(BOTS, seed=seed, num_players=players, max_steps=3000, after_each=look)
    assert found, f"seed {seed}: no such position"
    return found[0]


def _check(cast: Any, start: State, seed: int, commands: int, every: int) -> Stats:
    users, watcher = cast
    players = start["n"]
    stats = LeakCheck(game="bsg", seed=seed, num_players=players, users=users, spectator=watcher,
                      check_every=every, max_commands=commands, start=start).run()
    assert not stats.leaks, "\n\n".join(map(str, stats.leaks[:5]))
    assert stats.states >= 1 and stats.surfaces["page"] >= players + 1, stats.summary()
    return stats


@pytest.fixture
def cast(make_user):  # type: ignore[no-untyped-def]
    return [make_user(f"p{i}") for i in range(4)], make_user("watcher")


def _face_down_check(_before: State, state: State) -> bool:
    check = state["check"]
    return (check is not None and not check.get("open") and not check.get("revealed")
            and sum(1 for cards in check["played"].values() if cards) >= 2)


@pytest.mark.rules("bsg:R501", "bsg:R502")
def test_a_skill_check_with_face_down_contributions_shows_them_to_nobody(cast):
    start = _position(1, _face_down_check)
    # a check in progress (R501 step 4): two seats' cards in the pile, face down, a seat still to contribute
    assert start["phase"] == "turn" and start["check"]["destiny"]  # the Destiny cards still face down
    assert [d.prompt for d in RULES.pending(start)] == ["contribute_to_check"]
    stats = _check(cast, start, 1, 6, 2)
    assert stats.states >= 3  # the position and three after it


def _check_revealed(_before: State, state: State) -> bool:
    check = state["check"]
    return check is not None and bool(check.get("revealed")) and len(check.get("contributed", [])) >= 2


@pytest.mark.rules("bsg:R501", "bsg:R509")
@pytest.mark.parametrize(("seed", "opened"), [(1, False), (2, True)])
def test_a_revealed_check_shows_its_pile_and_no_owner_it_hid(cast, seed, opened):
    """The pile turned face up, shuffled (R501 step 5), in the window after the reveal: its cards are public,
    who put which is not, unless Investigative Committee opened the contributions (seed 2: R509)."""
    start = _position(seed, _check_revealed)
    check = start["check"]
    assert check["revealed"] and not any(check["played"].values()) and bool(check.get("open")) is opened
    assert [d.prompt for d in RULES.pending(start)] == ["after_check_window"]
    _check(cast, start, seed, 2, 1)


def _sleeper_dealt(before: State, state: State) -> bool:
    return state["sleeper_done"] and not before["sleeper_done"]


@pytest.mark.rules("bsg:R405", "bsg:R120", "bsg:R126", "bsg:R401", "bsg:R403", "bsg:R407")
@pytest.mark.parametrize("players", [3, 4])
def test_the_sleeper_agent_deal_shows_each_seat_only_its_own_loyalty_cards(cast, players):
    """3 players: the deal just done, the game goes on with the next turn. 4 players: the deal under way, a
    human who drew the Sympathizer revealed it and, now a Cylon, is to give his face-down cards away (R403)."""
    start = _position(1, _sleeper_dealt, players)
    # the second deal: every player drew one more loyalty card than at setup
    assert start["sleeper_done"] and RULES.result(start) is None
    assert sum(len(p["loyalty"]) + len(p["revealed"]) for p in start["players"]) >= 2 * players
    pending = [d.prompt for d in RULES.pending(start)]
    if players == 4:
        assert pending == ["give_loyalty_cards"] and any(p["cylon"] and p["loyalty"] for p in start["players"])
    else:
        assert pending == ["receive_skills"] and not any(p["cylon"] for p in start["players"])
    _check(cast, start, 1, 4, 2)


def _cylon_revealed(before: State, state: State) -> bool:
    return sum(p["cylon"] for p in state["players"]) > sum(p["cylon"] for p in before["players"])


@pytest.mark.rules("bsg:R402", "bsg:R403", "bsg:R401")
def test_a_cylon_just_revealed_shows_no_other_seats_loyalty(cast):
    start = _position(3, _cylon_revealed)
    cylons = [p for p in start["players"] if p["cylon"]]
    assert cylons and all(p["revealed"] for p in cylons) and RULES.result(start) is None
    assert any(not p["cylon"] and p["loyalty"] for p in start["players"])  # secrets are left to leak
    _check(cast, start, 3, 4, 2)


@pytest.mark.rules("bsg:R708", "bsg:R709", "bsg:R711")
def test_the_end_of_the_game_shows_every_loyalty_card_and_the_rules_result(cast):
    from tests.bsg.engine.test_playouts import BOTS

    end = play_random(BOTS, seed=2, num_players=PLAYERS, max_steps=3000).state
    result = RULES.result(end)
    assert result is not None
    assert all(not p["loyalty"] and p["revealed"] for p in end["players"])  # nothing face down is left
    stats = _check(cast, end, 2, 1, 1)
    assert stats.states == 1
    table = Table.objects.get()
    assert table.status == Table.Status.FINISHED and table.result == result.as_json()
    users, watcher = cast
    c = Client()
    c.force_login(watcher)
    html = c.get(f"/tables/{table.pk}/").content.decode()
    section = re.search(r'id="frag-result".*?</section>', html, re.S)
    assert section is not None
    for seat in result.winners:
        assert users[seat].shown_name in section.group(0)


@pytest.mark.rules("bsg:R501", "bsg:R405")
@pytest.mark.parametrize("position", ["check", "sleeper"])
def test_a_leak_planted_at_the_position_is_caught(cast, monkeypatch, position):
    """The positions' secrets really are re-randomised: a board that read the stored state and showed whose
    cards lie face down in the check, or every seat's Loyalty cards after the Sleeper deal, is caught."""
    from games.bsg.presenter import BsgPresenter
    from games.parts import Part

    board_parts = BsgPresenter.board_parts

    def leaky(self, rules, ctx):  # type: ignore[no-untyped-def]
        state = ctx["table"].state
        if position == "check":
            played = (state["check"] or {}).get("played", {})
            rows = [[f"seat {s}", ", ".join(cards)] for s, cards in sorted(played.items())]
        else:
            rows = [[f"seat {p['seat']}", ", ".join(p["loyalty"])] for p in state["players"]]
        return [*board_parts(self, rules, ctx), Part("bsg-leak", "games/parts/panel.html",
                                                      {"title": "Leak", "rows": rows})]

    monkeypatch.setattr(BsgPresenter, "board_parts", leaky)
    start = _position(1, _face_down_check if position == "check" else _sleeper_dealt)
    users, watcher = cast
    stats = LeakCheck(game="bsg", seed=1, num_players=PLAYERS, users=users, spectator=watcher,
                      check_every=1, max_commands=0, start=start).run()
    assert stats.leaks and {leak.surface for leak in stats.leaks} >= {"page"}
    assert {leak.version for leak in stats.leaks} == {Table.objects.get().version}  # at the position itself
