"""Engine level: ``Rules.rerandomise`` keeps everything a seat may know and changes what it may not.

For every registered game, random playouts; after each command, for every seat and a spectator, the
re-randomised state must give that seat the same view, decisions, legal commands, visible zones, zone
sizes and result, must survive dump/load, and must not touch the original. Over a playout it must
actually change something (else the leak check would prove nothing).
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from typing import Any

import pytest

from games.engine import registry
from games.engine.core import IllegalCommand, Rng
from games.engine.core.testing import play_random
from games.kemble.engine.content import CONTENT
from games.presenters import presenter_for
from tests.support.toygame import TOY

registry.register(TOY)

PLAYOUTS = {
    "toy": [(2, {}, s) for s in range(3)] + [(3, {"target": 2}, 7), (1, {}, 1), (4, {"endless": False}, 9)],
    # Battlestar Galactica: its secrets are drawn again by games/bsg/secrets.py (BsgPresenter.rerandomise).
    "bsg": [(3, {}, 1), (4, {}, 2), (6, {}, 3), (5, {"pegasus": True, "cylon_leader": True}, 4),
            (4, {"pegasus": True, "friendly_cylon": True}, 5),
            (5, {"exodus": True, "exodus_cylon_fleet": True, "exodus_conflicted_loyalties": "both"}, 6),
            (6, {"pegasus": True, "exodus": True, "exodus_cylon_fleet": True, "cylon_leader": True}, 7),
            (4, {"daybreak": True}, 8),
            (6, {"daybreak": True, "pegasus": True, "exodus": True, "exodus_cylon_fleet": True}, 9),
            (5, {"daybreak": True, "pegasus": True, "cylon_leader": True}, 10),
            (5, {"pegasus": True, "objective": "new_caprica"}, 35),  # reaches New Caprica (R820)
            (4, {"daybreak": True, "exodus": True, "exodus_conflicted_loyalties": "both"}, 11),
            (4, {"daybreak": True, "objective": "earth"}, 12),
            (4, {"exodus": True, "objective": "ionian_nebula"}, 13),
            (5, {"exodus": True, "objective": "ionian_nebula", "daybreak": True}, 14)],
    "kemble": [(2, {}, 1), (3, {"tunnel_deck": True}, 2), (4, {"wingmen": True}, 3), (5, {"special_cards": True}, 4),
               (1, {}, 5), (1, {"solo_scenario": sorted(CONTENT.solo)[0]}, 6)],
}


def _zones_for(rules: Any, state: Any, seat: int | None) -> list[tuple[Any, ...]]:
    return [
        (z.name, z.owner, z.visibility, tuple(sorted(z.seen_by)), len(z.cards), tuple(z.cards) if z.visible_to(seat) else None)
        for z in rules.zones(state)
    ]


def check_indistinguishable(rules: Any, state: Any, seat: int | None, rng: Rng) -> bool:
    """Assert the contract for one state and seat; return whether anything secret changed."""
    before = json.dumps(rules.dump(state), sort_keys=True)
    other = presenter_for(rules.slug).rerandomise(rules, state, seat, rng)  # the engine's, or its game's hook
    assert json.dumps(rules.dump(state), sort_keys=True) == before, "rerandomise mutated its input"
    other = rules.load(json.loads(json.dumps(rules.dump(other))))
    assert rules.view(other, seat) == rules.view(state, seat)
    assert rules.pending(other) == rules.pending(state)
    assert (rules.result(other) is None) == (rules.result(state) is None)
    if rules.result(state) is not None:
        assert rules.result(other).as_json() == rules.result(state).as_json()
    assert _zones_for(rules, other, seat) == _zones_for(rules, state, seat)
    assert rules.auto_command(other) == rules.auto_command(state)
    if seat is not None:
        assert list(rules.legal_commands(other, seat)) == list(rules.legal_commands(state, seat))
    return json.dumps(rules.dump(other), sort_keys=True) != before


@pytest.mark.parametrize(
    ("slug", "num_players", "options", "seed"),
    [(slug, n, o, s) for slug, runs in PLAYOUTS.items() for n, o, s in runs],
)
def test_rerandomise_keeps_what_the_seat_knows(slug, num_players, options, seed):
    rules = registry.get(slug)
    rng = Rng.from_seed(seed * 7919 + 1)
    changed = Counter()
    checked = Counter()
    step = [0]

    def after(state, _command):  # type: ignore[no-untyped-def]
        step[0] += 1
        if slug in ("kemble", "bsg") and step[0] % 5:
            return
        for seat in [None, *range(num_players)]:
            checked[seat] += 1
            changed[seat] += check_indistinguishable(rules, state, seat, rng)

    play_random(rules, seed=seed, num_players=num_players, options=options, after_each=after)
    assert sum(checked.values()) > 0
    # A spectator never knows the draw pile: something secret must change in most states.
    assert changed[None] >= checked[None] // 2, (changed, checked)


def _most_players_by_default(rules: Any) -> tuple[int, dict[str, Any]]:
    for players in range(rules.max_players, rules.min_players - 1, -1):
        try:
            return players, rules.validate_options(players, {})
        except IllegalCommand:
            continue
    raise AssertionError(f"{rules.slug}: no player count takes the default options")


def test_every_registered_game_implements_rerandomise():
    for rules in registry.all_rules():
        rng = Rng.from_seed(3)
        # the most players the default options take (Battlestar Galactica's 7 need the Cylon Leader option)
        players, options = _most_players_by_default(rules)
        state = rules.setup(num_players=players, options=options, rng=rng).state
        # A game whose seats first choose their factions (Ascendancy) has no secret until the choices are made:
        # play its first decisions until it has one.
        for _ in range(2 * players):
            if check_indistinguishable(rules, state, None, Rng.from_seed(4)):
                break
            seat = min(s for d in rules.pending(state) for s in d.seats)
            state = rules.apply(state, rules.legal_commands(state, seat)[0], rng).state
        assert check_indistinguishable(rules, state, None, Rng.from_seed(4)), rules.slug


def test_kemble_card_totals_are_kept():
    rules = registry.get("kemble")
    playout = play_random(rules, seed=11, num_players=3)
    state = playout.state

    def sensors_and_powerups(s: Any) -> tuple[Counter, Counter]:
        sensors = Counter(s["decks"]["sensor"]) + Counter(s["decks"]["sensor_discard"])
        powerups = Counter(s["decks"]["powerup"]) + Counter(s["decks"]["powerup_discard"])
        for p in s["players"]:
            sensors.update(p["hand"])
            powerups.update(p["powerups"])
            if p["played"]:
                sensors[p["played"]] += 1
        for row in s["board"]:
            for slot in row:
                sensors.update(c for c in slot["cover"] if c)
        return sensors, powerups

    for seat in (None, 0, 1, 2):
        other = rules.rerandomise(state, seat, Rng.from_seed(seat or 0))
        assert sensors_and_powerups(other) == sensors_and_powerups(state)
        for p, q in zip(state["players"], other["players"], strict=True):
            if q["bid"] is not None:
                assert q["bid"] in q["hand"]
            assert (p["bid"] is None) == (q["bid"] is None)


def test_kemble_space_pile_keeps_its_levels():
    rules = registry.get("kemble")
    state = rules.setup(num_players=3, options=rules.validate_options(3, {}), rng=Rng.from_seed(5)).state
    other = rules.rerandomise(state, 0, Rng.from_seed(6))
    from games.kemble.engine.secrets import _space_class

    assert [_space_class(c) for c in other["decks"]["space"]] == [_space_class(c) for c in state["decks"]["space"]]
    assert other["decks"]["space"] != state["decks"]["space"]
    assert len(set(other["decks"]["space"])) == len(other["decks"]["space"])


class _Enough(Exception):
    pass


@pytest.mark.parametrize("slug", [r.slug for r in registry.all_rules() if r.slug not in PLAYOUTS])
def test_rerandomise_of_every_other_registered_game_over_an_opening(slug):
    rules = registry.get(slug)
    players = 2 if rules.min_players <= 2 <= rules.max_players else rules.min_players
    rng = Rng.from_seed(99)
    seen = []

    def after(state, _command):  # type: ignore[no-untyped-def]
        changed = [check_indistinguishable(rules, state, seat, rng) for seat in [None, *range(players)]]  # all seats
        seen.append(any(changed))
        if len(seen) >= 80:
            raise _Enough

    with contextlib.suppress(_Enough):
        play_random(rules, seed=5, num_players=players, after_each=after)
    assert sum(seen) >= len(seen) // 2, seen


#: Borg games (issue 15): (players, options, seed, states checked). The automaton's turns are automatic steps;
#: its Command and Tech decks (and an Assimilated player's hand) must stay hidden from every seat.
BORG = [(1, {"borg_mode": "delta_quadrant"}, 2, 160), (3, {"borg_mode": "discovered"}, 3, 120),
        (2, {"borg_mode": "delta_quadrant", "borg_attack_command_attack": True}, 4, 120)]


@pytest.mark.parametrize(("num_players", "options", "seed", "states"), BORG,
                         ids=lambda v: "-".join(f"{k}={w}" for k, w in v.items()) if isinstance(v, dict) else str(v))
def test_rerandomise_of_borg_games_keeps_what_each_seat_knows(num_players, options, seed, states):
    rules = registry.get("ascendancy")
    rng = Rng.from_seed(seed * 31 + 7)
    seen: list[bool] = []
    automatic = [0]

    def after(state, command):  # type: ignore[no-untyped-def]
        automatic[0] += command.kind == "automaton_turn"
        changed = [check_indistinguishable(rules, state, seat, rng) for seat in [None, *range(num_players)]]
        seen.append(any(changed))
        if len(seen) >= states:
            raise _Enough

    with contextlib.suppress(_Enough):
        play_random(rules, seed=seed, num_players=num_players, options=options, after_each=after)
    assert automatic[0] > 0, "no Borg step was checked"
    assert sum(seen) >= len(seen) // 2, seen


def test_rerandomise_on_new_caprica_after_the_return_keeps_what_each_seat_knows():
    """Battlestar Galactica's New Caprica phase from its start, the fleet token near Auto Jump: the grounded
    civilian stacks, the New Caprica Crisis deck and the boxed Crisis deck stay hidden through the return,
    the evacuation choices and the departure (bsg:R821, R831, R834)."""
    from games.bsg.engine import new_caprica
    from games.bsg.engine.state import CONTENT as BSG
    from games.bsg.engine.state import Ctx
    from tests.bsg.engine.test_new_caprica import nc_game

    rules = registry.get("bsg")
    rng = Rng.from_seed(977)
    kinds: Counter[str] = Counter()
    seen: list[bool] = []
    for seed in (5, 12):  # one game ends in the departure, the other sees an attack on the occupation
        start = nc_game(seed)
        start["distance"] = 7
        new_caprica.begin(Ctx(state=start, rng=Rng.from_seed(seed)))
        start["jump"] = len(BSG.board.jump_track) - 3
        nc = start["new_caprica"]
        nc["operational"], nc["locked_down"] = nc["locked_down"][-3:], nc["locked_down"][:-3]  # 3 made operational

        def after(state, command):  # type: ignore[no-untyped-def]
            kinds[command.kind] += 1
            if len(seen) % 3 == 0 or command.kind == "evacuate_civilian":
                seen.append(any(check_indistinguishable(rules, state, seat, rng) for seat in [None, *range(5)]))
            else:
                seen.append(False)

        play_random(rules, seed=seed, num_players=5, start=start, after_each=after, max_steps=4000)
    assert kinds["evacuate_civilian"] > 0 and kinds["order_departure"] + kinds["attack_occupation"] > 0
    assert sum(seen) >= len(seen) // 6, seen
