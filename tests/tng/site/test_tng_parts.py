"""The TNG board's parts (``TngPresenter.board_parts``): over random games, every part marked public has the
same data for every seat as for the spectator (so one rendering serves them all and carries nobody's
secret or controls), ids are unique, and every part renders one root element carrying its id."""

from __future__ import annotations

import re
import types
from typing import Any

import pytest

from games.engine.core import Rng
from games.parts import render_part
from games.presenters import presenter_for, seat_names
from games.tng.engine import RULES
from tests.support.engine import new_state

ROOT = re.compile(r'\A<(\w+)[^>]*\bid="([^"]+)"')


def _parts(state: dict[str, Any], position: int | None, seats: list[Any]) -> list[Any]:
    """The parts ``position`` (None: a spectator) is drawn, as ``board_context`` makes its context."""
    presenter = presenter_for("tng")
    view = RULES.view(state, position)
    pending = RULES.pending(state)
    legal = []
    if position is not None and any(position in d.seats for d in pending):
        legal = list(RULES.legal_commands(state, position))
    ctx: dict[str, Any] = {
        "table": types.SimpleNamespace(pk=1),
        "seats": seats,
        "position": position,
        "controls": presenter.controls(RULES, view, legal, position),
        # Each seat's forms post its own version and key: a public part must carry neither.
        "form_version": 100 + (position if position is not None else -1),
        "idempotency_key": f"key-of-{position}",
    }
    ctx.update(presenter.extra_context(RULES, view, position))
    return presenter.board_parts(RULES, ctx)


@pytest.mark.parametrize(
    "scenario,players,seed",
    [("exploration", 4, 3), ("exploration", 2, 5), ("borg_invasion", 4, 7), ("klingon_civil_war", 4, 11)],
)
def test_public_parts_have_the_spectators_data_for_every_seat_over_a_random_game(scenario, players, seed):
    state = new_state(RULES, players, seed, scenario=scenario)
    rng, bot = Rng.from_seed(seed), Rng.from_seed(seed + 1)
    seats = [types.SimpleNamespace(position=i, user=types.SimpleNamespace(shown_name=f"P'{i} <x>"))
             for i in range(players)]
    names = {s.position: s.user.shown_name for s in seats}
    public_seen = private_of_shared_ids = 0
    for step in range(400):
        if RULES.result(state) is not None:
            break
        if step % 3 == 0:
            with seat_names(names):
                spectator = {p.id: p for p in _parts(state, None, seats)}
                assert all(p.public for p in spectator.values() if p.id.startswith(("tng-player-", "tng-slot-", "tng-pile-", "tng-starbase", "tng-space")))
                for position in range(players):
                    parts = _parts(state, position, seats)
                    ids = [p.id for p in parts]
                    assert len(ids) == len(set(ids)), ids
                    for part in parts:
                        if part.public:
                            public_seen += 1
                            assert part.id in spectator, part.id
                            assert part.data == spectator[part.id].data, (step, position, part.id)
                            assert part.digest == spectator[part.id].digest
                        elif part.id in spectator:
                            private_of_shared_ids += 1
                    if step % 30 == 0:
                        for part in parts:
                            html = render_part(part)
                            root = ROOT.match(html)
                            assert root and root.group(2) == part.id, part.id
                            assert html.rstrip().endswith(f"</{root.group(1)}>")
        command = RULES.auto_command(state)
        if command is None:
            acting = sorted(RULES.seats_to_act(state))
            legal = RULES.legal_commands(state, acting[bot.below(len(acting))])
            command = legal[bot.below(len(legal))]
        state = RULES.apply(state, command, rng).state
    # Both kinds occurred: shared parts drawn once for everyone, and a seat's own forms or checks on them.
    assert public_seen > 100 and private_of_shared_ids > 0
