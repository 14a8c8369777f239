"""Daybreak's Motive cards of the Cylon Leader (bsg:R804, R141, R124, R405, R711; RULINGS G134, G137-G141): a
table chooses a Leader with Daybreak, he is dealt 2 Motives at setup and 2 in the Sleeper Agent phase, each
his secret, reveals one whenever its requirement holds and is judged by them at the end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from games.bsg.engine import ending, motives, turns
from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import setup_game
from games.bsg.engine.state import CONTENT
from games.engine.core import Command, Event, IllegalCommand, Rng
from games.engine.core.context import Ctx
from games.engine.core.testing import play_random
from tests.bsg.engine.helpers import _started, act_events
from tests.support.engine import assert_replays, strings

FIVE = ["laura_roslin", "william_adama", "kara_thrace", "galen_tyrol", "leoben_conoy"]
TABLE = {"pegasus": True, "cylon_leader": True, "daybreak": True}
State = dict[str, Any]


def leader_game(seed: int = 1, players: int = 5) -> tuple[State, int, list[Event]]:
    opts = RULES.validate_options(players, TABLE)
    state = setup_game(players, opts, Rng.from_seed(seed)).state
    events: list[Event] = []
    for character in FIVE[-players:]:
        seat = state["chooser"]
        state, evs = act_events(state, seat, "choose_character", character=character)
        events += evs
    state = _started(state)
    return state, next(p["seat"] for p in state["players"] if p.get("leader")), events


def ctx_of(state: State) -> Ctx:
    return Ctx(state=state, rng=Rng.from_seed(7))


def give(state: State, seat: int, hidden: Sequence[str], shown: Sequence[str] = ()) -> None:
    """The Leader's Motive cards set by hand (a fixture), the rest back in the deck."""
    p = state["players"][seat]
    p["motives"], p["motives_revealed"] = list(hidden), list(shown)
    state["decks"]["motives"] = [c for c in CONTENT.motive_deck() if c not in (*hidden, *shown)]


@pytest.mark.rules("bsg:R804", "bsg:R150", "bsg:R807")
def test_a_cylon_leader_may_play_at_a_daybreak_table_but_not_seven_players() -> None:
    assert RULES.validate_options(5, TABLE)["cylon_leader"]  # RULINGS G134: the refusal is gone
    assert RULES.validate_options(4, {"cylon_leader": True, "daybreak": True, "pegasus": True})["daybreak"]
    with pytest.raises(IllegalCommand) as info:  # R125, R807: the 7-player option is not with Daybreak
        RULES.validate_options(7, TABLE)
    assert (info.value.code, info.value.rule) == ("seven_players_not_with_daybreak", "bsg:R150")


@pytest.mark.rules("bsg:R804", "bsg:R141", "bsg:R124")
def test_the_leader_is_dealt_two_secret_motives_no_loyalty_card_and_no_agenda() -> None:
    state, leader, events = leader_game()
    p = state["players"][leader]
    assert len(p["motives"]) == motives.DEALT_AT_SETUP and p["motives_revealed"] == []
    assert p["loyalty"] == [] and "agenda" not in p and "agendas" not in state["decks"]  # RULINGS A28, G137
    assert len(p["hand"]) == 2  # R141: 2 starting Skill cards
    # R124: 5 players with a Leader: 1 Cylon + 7 Not-a-Cylon + the Mutineer, 1 card to each of the 4 others
    assert sum(len(q["loyalty"]) + len(q["revealed"]) for q in state["players"]) == 4
    assert len(state["decks"]["loyalty"]) == 9 - 4 - sum(
        1 for q in state["players"] if any(c.startswith("you_are_the_mutineer") for c in q["revealed"]))
    dealt = [e for e in events if e.kind == "motive_dealt"]
    assert sorted(e.data["card"] for e in dealt) == sorted(p["motives"])
    for e in dealt:  # his alone
        assert e.for_seat(leader) is not None and e.for_seat(leader)["card"] in p["motives"]
        for seat in [None, *(s for s in range(5) if s != leader)]:
            data = e.for_seat(seat)
            assert data is not None and not set(p["motives"]) & strings(dict(data))
    for seat in [None, *(s for s in range(5) if s != leader)]:  # the views: how many, never which
        seen = RULES.view(state, seat)
        mine = next(q for q in seen["players"] if q["seat"] == leader)
        assert mine["motive_count"] == 2 and mine["motives_revealed"] == [] and "motives" not in mine
        assert not set(p["motives"]) & strings(seen)
    own = next(q for q in RULES.view(state, leader)["players"] if q["seat"] == leader)
    assert own["motives"] == sorted(p["motives"])


@pytest.mark.rules("bsg:R804", "bsg:R405")
def test_the_sleeper_agent_phase_deals_the_leader_two_more_motives() -> None:
    state, leader, _ = leader_game()
    before = list(state["players"][leader]["motives"])
    ctx = ctx_of(state)
    turns.sleeper_phase(ctx)
    p = ctx.state["players"][leader]
    assert len(p["motives"]) == 4 and p["motives"][:2] == before and p["loyalty"] == []
    assert sum(1 for e in ctx.events if e.kind == "motive_dealt") == motives.DEALT_AT_SLEEPER


@pytest.mark.rules("bsg:R804", "bsg:R221", "bsg:R711")
def test_a_motive_is_revealed_at_any_time_only_once_its_requirement_holds() -> None:
    state, leader, _ = leader_game()
    give(state, leader, ["break_their_spirit", "a_debt_repaid"])
    other = (leader + 1) % 5
    for card in ("break_their_spirit", "a_debt_repaid"):  # morale 10; the game is not over (R711 step 3)
        with pytest.raises(IllegalCommand) as info:
            RULES.apply(state, Command(leader, "reveal_motive", {"card": card}), Rng.from_seed(7))
        assert (info.value.code, info.value.rule) == ("motive_requirement_not_met", "bsg:R804")
    state["resources"]["morale"] = 4
    reveals = [c for c in RULES.interrupts(state, leader) if c.kind == "reveal_motive"]
    assert reveals == [Command(leader, "reveal_motive", {"card": "break_their_spirit"})]
    assert all(c.kind != "reveal_motive" for c in RULES.interrupts(state, other))
    with pytest.raises(IllegalCommand) as info:  # not his card
        RULES.apply(state, Command(other, "reveal_motive", {"card": "break_their_spirit"}), Rng.from_seed(7))
    assert info.value.code == "not_your_motive"
    waiting = {s for d in RULES.pending(state) for s in d.seats}
    assert leader not in waiting  # whoever the game waits for
    out = RULES.apply(state, Command(leader, "reveal_motive", {"card": "break_their_spirit"}), Rng.from_seed(7))
    p = out.state["players"][leader]
    assert p["motives"] == ["a_debt_repaid"] and p["motives_revealed"] == ["break_their_spirit"]
    shown = [e for e in out.events if e.kind == "motive_revealed"]
    assert len(shown) == 1 and shown[0].for_seat(None) == {"seat": leader, "card": "break_their_spirit",
                                                           "side": "cylons"}
    assert {s for d in RULES.pending(out.state) for s in d.seats} == waiting
    for seat in (None, other):
        view = next(q for q in RULES.view(out.state, seat)["players"] if q["seat"] == leader)
        assert view["motives_revealed"] == ["break_their_spirit"] and view["motive_count"] == 1


@pytest.mark.rules("bsg:R804", "bsg:R711", "bsg:R712")
def test_at_the_end_he_wins_with_two_revealed_for_the_winners_and_at_most_one_hidden() -> None:
    state, leader, _ = leader_game()
    give(state, leader, ["thin_the_herd", "a_debt_repaid"], ["witness_the_journey", "wound_the_flagship"])
    ctx = ctx_of(state)
    ending.end_game(ctx, "humans", "kobol_reached")  # A Debt Repaid is revealed once the game is over
    p = ctx.state["players"][leader]
    assert "a_debt_repaid" in p["motives_revealed"] and p["motives"] == ["thin_the_herd"]  # population 12
    assert ctx.state["result"]["leaders"] == {str(leader): True}
    assert leader in RULES.result(ctx.state).winners
    assert any(e.kind == "motives_won" and e.data["seat"] == leader for e in ctx.events)


@pytest.mark.rules("bsg:R804", "bsg:R712")
def test_two_hidden_motives_or_too_few_for_the_winners_lose() -> None:
    state, leader, _ = leader_game()
    give(state, leader, ["thin_the_herd", "empty_stores"], ["witness_the_journey", "steady_hearts"])
    ctx = ctx_of(state)
    ending.end_game(ctx, "humans", "kobol_reached")  # 2 for the humans, but 2 still hidden
    assert ctx.state["result"]["leaders"] == {str(leader): False}
    assert leader not in RULES.result(ctx.state).winners
    state, leader, _ = leader_game()
    give(state, leader, ["a_debt_repaid"], ["witness_the_journey", "wound_the_flagship", "break_their_spirit"])
    ctx = ctx_of(state)
    ending.end_game(ctx, "cylons", "resource_exhausted")  # A Debt Repaid points to the humans: 2 for the Cylons
    assert ctx.state["result"]["leaders"] == {str(leader): True}
    state, leader, _ = leader_game()
    give(state, leader, [], ["witness_the_journey", "wound_the_flagship"])
    ctx = ctx_of(state)
    ending.end_game(ctx, "cylons", "resource_exhausted")  # only 1 for the Cylons
    assert ctx.state["result"]["leaders"] == {str(leader): False}
    assert any(e.kind == "motives_lost" for e in ctx.events)


@pytest.mark.rules("bsg:R804")
def test_two_and_two_revealed_he_joins_the_side_he_chooses_the_winning_one() -> None:
    for winner in ("humans", "cylons"):
        state, leader, _ = leader_game()
        give(state, leader, [], ["witness_the_journey", "walk_among_them", "wound_the_flagship", "empty_stores"])
        ctx = ctx_of(state)
        ending.end_game(ctx, winner, "kobol_reached")
        assert ctx.state["result"]["leaders"] == {str(leader): True}
        assert motives.wins(ctx.state, leader, winner)


def _motive_check(state: State, command: Command | None, events: Sequence[Event]) -> None:
    from tests.bsg.engine.test_daybreak_playouts import check
    from tests.bsg.engine.test_playouts import secrets_from

    check(state, command, events)
    held = list(state["decks"]["motives"]) + [c for p in state["players"]
                                              for c in p.get("motives", []) + p.get("motives_revealed", [])]
    assert sorted(held) == sorted(CONTENT.motive_deck()), command  # every Motive card in one place
    for p in state["players"]:
        if p.get("leader") and state["phase"] != "characters":  # dealt once the loyalty cards are (R124 C)
            assert len(p["motives"]) + len(p["motives_revealed"]) == (4 if state["sleeper_done"] else 2)
            assert p["loyalty"] == [] and not p.get("agenda")
    for seat in [None, *range(state["n"])]:
        hidden = secrets_from(state, seat)
        assert not hidden & strings(RULES.view(state, seat)), (seat, command)
        for event in events:
            data = event.for_seat(seat)
            if data is not None:
                assert not hidden & strings(dict(data)), (seat, event.kind)


@pytest.mark.rules("bsg:R804", "bsg:R200", "bsg:R711")
@pytest.mark.parametrize(("players", "table"), [(4, TABLE), (5, TABLE), (6, {**TABLE, "exodus": True})])
def test_random_games_with_a_leader_and_his_motives_keep_every_invariant(players: int, table: dict[str, Any]) -> None:
    """Whole Daybreak games with a Cylon Leader (the bots also reveal Motives whenever they may): every Motive
    card in one place, the face-down ones secret, a result that judges the Leader, and a replay."""
    from tests.bsg.engine.test_playouts import BOTS

    kinds: dict[str, int] = {}
    for seed in (1, 2, 3):
        seen: list[Event] = []

        def on_events(evs: Sequence[Event], seen: list[Event] = seen) -> None:
            seen[:] = list(evs)
            for e in evs:
                kinds[e.kind] = kinds.get(e.kind, 0) + 1

        def after(state: State, command: Command, seen: list[Event] = seen) -> None:
            _motive_check(state, command, seen)

        playout = play_random(BOTS, seed=seed, num_players=players, options=table, max_steps=8000,
                              after_each=after, on_events=on_events)
        assert BOTS.result(playout.state) is not None
        leader = next(p["seat"] for p in playout.state["players"] if p.get("leader"))
        assert set(playout.state["result"]["leaders"]) == {str(leader)}
        assert_replays(BOTS, playout, players, table, seed)
    assert kinds.get("motive_dealt", 0) > 0 and kinds.get("motive_revealed", 0) > 0
    assert kinds.get("motives_won", 0) + kinds.get("motives_lost", 0) == 3


@pytest.mark.rules("bsg:R405", "bsg:R802")
def test_the_mutineers_extra_sleeper_card_never_goes_to_a_leader_even_infiltrated() -> None:
    from games.bsg.engine import mutiny

    state, leader, _ = leader_game()
    p = state["players"][leader]
    p["cylon"], p["location"] = False, "command"  # infiltrated: a human player (R803)
    assert leader in mutiny.humans(state) and leader not in mutiny.draw_targets(state)
    state["daybreak"]["mutineer_draw"] = state["current"]
    chooser = state["current"]
    assert leader not in {c.args["target"] for c in RULES.legal_commands(state, chooser)
                          if c.kind == "mutineer_draw"}
    with pytest.raises(IllegalCommand) as refused:
        RULES.apply(state, Command(chooser, "mutineer_draw", {"target": leader}), Rng.from_seed(7))
    assert refused.value.code == "bad_target"
