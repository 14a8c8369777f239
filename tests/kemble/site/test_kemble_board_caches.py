"""The Kemble board keeps parts of its render between renders (card entries, panels without secrets, and
each part's HTML by its data's digest): a board drawn with everything kept is the board drawn from
nothing, for every seat and the spectator, in English and Italian, all along random games; what is kept
holds no secret; and a part marked public has the same data for every seat and the spectator."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from django.utils import translation

from games import parts
from games.engine import registry
from games.engine.core.testing import StepCapReached, play_random
from games.kemble import presenter as kemble
from games.presenters import seat_names
from tests.support.engine import new_state

RULES = registry.get("kemble")
PRESENTER = kemble.KemblePresenter("kemble")
NAMES = {0: "Ann", 1: "B<b>", 2: "Cé", 3: "D&amp;", 4: "Eve"}


class _Seat:
    """What ``board_parts`` reads of a seat in the context: its position and its user's shown name."""

    def __init__(self, position: int, name: str) -> None:
        self.position = position
        self.user = type("U", (), {"shown_name": name})()


SEATS = [_Seat(p, n) for p, n in NAMES.items()]


def _states(seed: int, players: int, options: dict[str, Any], steps: int, every: int) -> list[dict[str, Any]]:
    """A random game's first state, every ``every``-th state of its first ``steps`` commands, and its last."""
    seen: list[dict[str, Any]] = []
    with contextlib.suppress(StepCapReached):  # a game cut short after ``steps`` commands
        play_random(RULES, seed=seed, num_players=players, options=options, max_steps=steps,
                    after_each=lambda state, _command: seen.append(state))
    picked = [s for i, s in enumerate(seen, start=1) if i % every == 0]
    return [new_state(RULES, players, seed, **options), *picked, seen[-1]]


def _parts(state: dict[str, Any], position: int | None, version: int = 7) -> list[parts.Part]:
    view = RULES.view(state, position)
    legal = []
    if position is not None and any(position in d.seats for d in RULES.pending(state)):
        legal = list(RULES.legal_commands(state, position))
    ctx = {
        "kemble": PRESENTER.extra_context(RULES, view, position)["kemble"],
        "controls": PRESENTER.controls(RULES, view, legal, position),
        "seats": SEATS,
        "form_version": version,
        "idempotency_key": f"key-{version}",
    }
    return PRESENTER.board_parts(RULES, ctx)


def _board(state: dict[str, Any], position: int | None, version: int = 7) -> str:
    return parts.render_parts(_parts(state, position, version))


def _forget_everything() -> None:
    kemble._PANELS.clear()
    kemble._card_entry.cache_clear()
    kemble._face.cache_clear()
    kemble._achievement.cache_clear()
    kemble._JSON.clear()
    kemble._PARTS.clear()
    kemble._legend_in.cache_clear()
    kemble._PUBLIC_PARTS.clear()
    kemble._DIGESTS.clear()
    parts._RENDERED.clear()


@pytest.mark.parametrize(
    "seed,players,options", [(11, 2, {}), (12, 4, {}), (13, 4, {"wingmen": True, "tunnel_vision": True})]
)
def test_a_board_drawn_with_what_was_kept_is_the_board_drawn_from_nothing(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    viewers: list[int | None] = [*range(players), None]
    states = _states(seed, players, options, steps=200, every=1)
    _forget_everything()
    with seat_names(NAMES):
        # Every move, every viewer, keeping everything (as a server does) ...
        warm = {}
        for i, state in enumerate(states):
            for language in ("en", "it"):
                with translation.override(language):
                    for v in viewers:  # each state a decision of its own: its forms' version and key
                        warm[i, language, v] = _board(state, v, version=i)
        # ... is what each of those renders draws from nothing (every third move: a board drawn from
        # nothing renders each of its parts' templates).
        for (i, language, v), html in warm.items():
            if i % 3:
                continue
            _forget_everything()
            with translation.override(language):
                assert _board(states[i], v, version=i) == html, (i, language, v)


def test_a_card_with_commands_is_drawn_once_and_filled_with_each_decisions_version_and_key() -> None:
    """The same commands on a card at a later decision: the card is not drawn again, and its forms post
    that decision's version and key (``Part.fills``); the part's digest changes, so the page is sent it."""
    _forget_everything()
    state, seat = next((s, seat) for s in _states(17, 2, {}, steps=60, every=1)
                       for seat in sorted({seat for d in RULES.pending(s) for seat in d.seats})
                       if any(p.fills for p in _parts(s, seat)))
    with seat_names(NAMES), translation.override("en"):
        first = [p for p in _parts(state, seat, version=7) if p.fills]
        html7 = parts.rendered_parts(first)
        drawn = len(parts._RENDERED)
        later = [p for p in _parts(state, seat, version=8) if p.fills]
        html8 = parts.rendered_parts(later)
        assert len(parts._RENDERED) == drawn  # nothing drawn again
    for part7, part8, a, b in zip(first, later, html7, html8, strict=True):
        assert part7.drawn_digest == part8.drawn_digest and part7.digest != part8.digest
        assert 'name="version" value="7"' in a and 'value="key-7"' in a and "\x00" not in a
        assert 'name="version" value="8"' in b and 'value="key-8"' in b and 'value="key-7"' not in b


def test_what_is_kept_holds_no_secret() -> None:
    """Kept panels come from entries without power-ups or hands."""
    _forget_everything()
    with seat_names(NAMES), translation.override("en"):
        for state in _states(14, 4, {"wingmen": True}, steps=300, every=30):
            for v in [0, 1, 2, 3, None]:
                _board(state, v)
    assert kemble._PANELS
    for panel in kemble._PANELS.values():
        assert panel["powerups"] is None and not panel["me"] and not panel["partner"]
    for key in kemble._PANELS:
        fields = {pair[0] for pair in key[1][1:]}  # the view's entry of the player, frozen
        assert "hand_count" in fields and not fields & {"hand", "bid", "powerups"}



@pytest.mark.parametrize("seed,players,options", [(15, 4, {}), (16, 4, {"wingmen": True, "tunnel_vision": True})])
def test_a_public_part_has_the_same_data_for_every_seat_and_the_spectator(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    """Over a random playout: every part a seat's board marks public is the spectator's part of the same
    id, data and all (so one render of it serves every viewer, and it holds nothing of the seat's own)."""
    checked = 0
    with seat_names(NAMES), translation.override("en"):
        for state in _states(seed, players, options, steps=400, every=5):
            spectator = {p.id: p for p in _parts(state, None)}
            assert all(p.public for p in spectator.values() if p.id != "k-head" or not p.data["k"]["turn"])
            for seat in range(players):
                for part in _parts(state, seat):
                    if part.public:
                        assert part.id in spectator, part.id
                        assert part.data == spectator[part.id].data, (seat, part.id)
                        assert part.digest == spectator[part.id].digest
                        checked += 1
                    else:  # a private part is private for a reason: the seat's own view differs
                        assert part.id not in spectator or part.data != spectator[part.id].data, (seat, part.id)
    assert checked > 100


def test_the_parts_have_stable_unique_ids_each_the_id_of_its_one_root_element() -> None:
    with seat_names(NAMES), translation.override("it"):
        for state in _states(17, 3, {}, steps=150, every=15):
            for v in [0, 1, 2, None]:
                board = _parts(state, v)
                ids = [p.id for p in board]
                assert len(ids) == len(set(ids))
                cards = [tuple(map(int, i.split("-")[2:])) for i in ids if i.startswith("k-card-")]
                assert cards == sorted(cards) and cards[0] == (1, 1)
                for before, after in zip(cards, cards[1:], strict=False):  # rows 1, 2, ... each of cards 1, 2, ...
                    assert after in ((before[0], before[1] + 1), (before[0] + 1, 1))
                assert {"k-head", "k-boss", "k-cols", "k-legend", "k-market"} <= set(ids)
                assert ("k-mine" in ids) == (v is not None)
                for p in board:
                    # a digest worked out from kept entries is the digest of the part's data
                    assert p.digest == parts.Part(p.id, p.template, p.data, p.public, p.fills).digest, p.id
                    html = parts.render_part(p)
                    assert html.startswith("<") and html.endswith(">"), p.id
                    assert f'id="{p.id}"' in html.split(">", 1)[0], p.id
