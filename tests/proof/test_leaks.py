"""Secrets (issue 5, F1-F5): no surface shows a seat anything it may not know; planted leaks are seen.

CI runs a bounded number of playouts per registered game; ``bench/leaks.py`` runs thousands of states.
"""

from __future__ import annotations

import re

import pytest
from django.test import override_settings

from games.engine import registry
from games.models import Table
from tests.proof.leakcheck import SURFACES, LeakCheck, Stats

pytestmark = pytest.mark.django_db

#: game -> [(players, options, seed, check_every, max_commands or None for the whole game)]. A registered
#: game not listed here gets its opening checked (DEFAULT); bench/leaks.py plays every game to the end.
PLAYOUTS = {
    "toy": [(2, {}, 1, 1, None), (3, {"target": 2}, 2, 3, None)],
    "kemble": [(2, {}, 3, 50, None), (4, {"wingmen": True}, 4, 12, 36), (1, {}, 6, 4, 16)],
    # Every scenario: Borg Invasion's ship effects once offered by what a secret hand held (RULINGS B31).
    "tng": [(2, {}, 1, 10, 40), (4, {"scenario": "borg_invasion", "borg_teams": "teams"}, 5, 4, 200),
            (3, {"scenario": "klingon_civil_war"}, 2, 10, 40)],
    # A 3-player game through its first skill checks and a 5-player opening: no seat's page shows another's Skill
    # or Loyalty cards (re-randomised by games/bsg/secrets.py through BsgPresenter.rerandomise). The positions these
    # rarely reach (a check, the Sleeper deal, a reveal, the end): tests/proof/test_bsg_leak_positions.py.
    "bsg": [(3, {}, 1, 12, 120), (5, {}, 2, 30, 90)],
    # Secret bids (RULINGS I3): on a small table with Connections from anywhere seed 7 makes First Contact and
    # its 259th command leaves one bid sealed; that state is checked (259 = 7 x 37). The Borg (issue 15): their
    # Command and Tech decks are hidden; a 1-player Delta Quadrant game against the automaton (its turns are
    # automatic steps) and a 3-player game where the Borg are discovered.
    "ascendancy": [(3, {}, 1, 10, 40),
                   (3, {"bids": "secret", "table_size": 75, "connections_from_any_system": True}, 7, 37, 259),
                   (1, {"borg_mode": "delta_quadrant"}, 2, 6, 240), (3, {"borg_mode": "discovered"}, 3, 10, 160)],
}
DEFAULT = (1, 10, 40)  # seed, check_every, max_commands


def _plans() -> list[tuple[str, int, dict, int, int, int | None]]:
    plans = []
    for rules in registry.all_rules():
        if rules.slug in PLAYOUTS:
            plans += [(rules.slug, *plan) for plan in PLAYOUTS[rules.slug]]
        else:
            players = 2 if rules.min_players <= 2 <= rules.max_players else rules.min_players
            plans.append((rules.slug, players, {}, *DEFAULT))
    return plans


@pytest.fixture
def cast(make_user):  # type: ignore[no-untyped-def]
    return [make_user(f"p{i}") for i in range(5)], make_user("watcher")


def run(cast, game, players, options, seed, every, max_commands=None) -> Stats:  # type: ignore[no-untyped-def]
    users, watcher = cast
    return LeakCheck(game=game, seed=seed, num_players=players, users=users, spectator=watcher,
                     options=options, check_every=every, max_commands=max_commands or 5000).run()


@pytest.mark.parametrize(("game", "players", "options", "seed", "every", "commands"), _plans(),
                         ids=lambda v: str(v) if not isinstance(v, dict) else "-".join(v) or "std")
def test_no_surface_shows_a_secret(cast, game, players, options, seed, every, commands):
    stats = run(cast, game, players, options, seed, every, commands)
    assert not stats.leaks, "\n\n".join(map(str, stats.leaks[:5]))
    optional = {"command", "ws_command", "ws_push", "public_part"}
    assert stats.states >= 2 and set(SURFACES) - optional <= set(stats.surfaces), stats.summary()
    if game == "toy" and commands is None:  # its board is made of parts (leakcheck.DataShowingPresenter)
        assert {"ws_push", "public_part"} <= set(stats.surfaces), stats.summary()
    if commands is None:
        assert Table.objects.get().status == Table.Status.FINISHED


@pytest.mark.parametrize("surface", ["page", "fragments", "log", "websocket", "email", "command", "refused_post",
                                     "ws_command", "ws_push", "public_part"])
def test_a_planted_leak_is_caught(cast, surface):
    """Each surface really is seen: a leak planted there makes the check fail, on that surface (the answer
    to a move over the socket: planted where both paths' answers are made, ``commands.answer_html``)."""
    plant = {"refused_post": "error", "ws_command": "command", "ws_push": "part_push"}.get(surface, surface)
    with override_settings(HYPERLANE_PLANT_LEAK=plant):
        # A move with every page open comes third in each round of moves (leakcheck): a longer game.
        stats = run(cast, "toy", 2, {"target": 2 if surface == "ws_push" else 1}, 5, 1)
    assert stats.leaks, f"a leak planted on {surface} was not seen"
    assert surface in {leak.surface for leak in stats.leaks}


def test_the_end_of_game_reveal_is_the_rules_result(cast):
    """F5: the result shown is the engine's result of the true final state (re-randomising what stays
    secret after the end does not change it: checked above at the final state)."""
    run(cast, "toy", 3, {"target": 1}, 8, 1000)
    table = Table.objects.get()
    rules = registry.get("toy")
    result = rules.result(rules.load(table.state))
    assert table.result == result.as_json()
    users, watcher = cast
    from django.test import Client

    c = Client()
    c.force_login(watcher)
    html = c.get(f"/tables/{table.pk}/").content.decode()
    section = re.search(r'id="frag-result".*?</section>', html, re.S).group(0)
    winner = users[next(iter(result.winners))]
    assert winner.shown_name in section
    losers = [u for i, u in enumerate(users[:3]) if i not in result.winners]
    assert not any(re.search(rf"<strong>\s*{re.escape(u.shown_name)}\s*</strong>", section) for u in losers)


def test_every_registered_game_is_checked():
    assert {r.slug for r in registry.all_rules()} == {plan[0] for plan in _plans()}
