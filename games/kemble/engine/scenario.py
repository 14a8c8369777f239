"""Build any Kemble position from a short literal description, for tests and bug reports.

Example::

    from games.kemble.engine.scenario import build, cmd, run

    state = build(
        players=2,
        board={(4, 2): "asteroid",                       # (row, col): object with default stats
               (3, 2): {"object": "cruiser", "energy": 3, "threat": 1, "reward": {"glory": 1}}},
        ships={0: (5, 2), 1: (5, 3, "e")},                # seat: (row, col[, facing])
        players_set={0: {"energy": 3, "threat": 2, "upgrades": {"engine": 1}, "bellonium": 4}},
        turn=0,                                           # seat 0 is playing its Battle turn
    )
    state, events = run(state, cmd(0, "move", dir="n"), cmd(0, "end_turn"))

Rows are 1 (top) to ``rows`` (bottom, default 5); columns are quadrants 1..2W where W (cards per row)
follows the player count (2 solo, 3 for 2-3 players, 4 for 4-5) unless ``width`` is given. Every quadrant
not listed is empty space. A quadrant value is an object name (see ``DEFAULTS`` for its stats) or a full
quadrant dict as in ``data/SCHEMA.md``. ``flips={(row, card_col): [left, right]}`` gives a card a back
side. The builder registers these synthetic cards (ids ``scn_<hash>``) in ``CONTENT.synthetic`` (apart from
the real content), so the state dumps and loads like any other within the process.

Other keys: ``round`` (default 2), ``phase`` (``turn`` by default when ``turn`` is given, else ``bid``),
``mode`` (default ``battle``, or ``astral`` for an off-board seat), ``turn_set`` (overrides of the turn
dict: ``moves``, ``fires``...), ``order`` (turn order), ``covers`` (quadrants covered with a sensor card),
``space`` (the space draw pile, top first; a boss warning may be included), ``sensor`` (sensor pile, top
first), ``powerup`` (power-up deck, top first), ``achievements_up``, ``options``, ``prompts``.
``seed`` (default 0) deals the new game the position starts from (the piles' order).
``players_set`` keys are player fields (``energy``, ``threat`` as a level or ``[level, partial]``,
``bellonium``, ``glory``, ``upgrades``, ``hand``, ``powerups``, ``mission``, ``tokens``, ``played``,
``overload_costs``, ``stats``...).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import Command, Event, Rng
from games.kemble.engine import RULES
from games.kemble.engine.content import CONTENT, SpaceCard, parse_quadrant
from games.kemble.engine.state import Ctx, State
from games.kemble.engine.turns import start_turn

#: Stats a bare object name gets in a scenario.
DEFAULTS: dict[str, dict[str, Any]] = {
    "empty": {},
    "fighter": {"energy": 1, "threat": 1, "reward": {"bellonium": 1}},
    "turret": {"energy": 2, "distant": [{"dir": "s", "count": 1}], "reward": {"bellonium": 1}},
    "cruiser": {"energy": 3, "threat": 1, "reward": {"bellonium": 1, "glory": 1}},
    "boss_part": {"energy": 3, "threat": 1, "reward": {"glory": 2}},
    "mini_boss": {"energy": 4, "threat": 1, "reward": {"glory": 3}},
    "asteroid": {}, "wall": {}, "mine": {}, "black_hole": {}, "mosquito": {}, "bomb": {}, "merchant": {},
    "powerup": {}, "drone": {"reward": {"energy": 1}}, "wormhole": {},
    "labyrinth": {"reward": {"glory": 2}}, "singularity": {"energy": 3, "reward": {"glory": 2}},
}


def quadrant_spec(value: str | Mapping[str, Any] | None) -> dict[str, Any]:
    if value is None:
        return {"object": "empty"}
    if isinstance(value, str):
        return {"object": value, **DEFAULTS[value]}
    return dict(value)


def synthetic_card(front: Sequence[Any], back: Sequence[Any] | None = None) -> str:
    """Register (once) a card with these quadrants and return its id."""
    f = [quadrant_spec(q) for q in front]
    b = [quadrant_spec(q) for q in back] if back is not None else None
    blob = json.dumps([f, b], sort_keys=True)
    cid = "scn_" + hashlib.sha1(blob.encode()).hexdigest()[:12]
    if cid not in CONTENT.synthetic:
        CONTENT.synthetic[cid] = SpaceCard(
            id=cid, deck="scenario", name=cid,
            front=(parse_quadrant(cid, f[0]), parse_quadrant(cid, f[1])),
            back=(parse_quadrant(cid, b[0]), parse_quadrant(cid, b[1])) if b else None,
        )
    return cid


def build(*, players: int = 2, options: Mapping[str, Any] | None = None, rows: int = 5, width: int | None = None,
          board: Mapping[tuple[int, int], Any] | None = None, flips: Mapping[tuple[int, int], Sequence[Any]] | None = None,
          ships: Mapping[int, Sequence[Any]] | None = None, players_set: Mapping[int, Mapping[str, Any]] | None = None,
          turn: int | None = None, mode: str | None = None, turn_set: Mapping[str, Any] | None = None,
          round: int = 2, phase: str | None = None, order: Sequence[int] | None = None,
          covers: Sequence[tuple[int, int]] = (), space: Sequence[str] | None = None,
          sensor: Sequence[str] | None = None, powerup: Sequence[str] | None = None,
          achievements_up: Sequence[str] | None = None, prompts: Sequence[Mapping[str, Any]] = (),
          seed: int = 0) -> State:
    rules = RULES
    opts = rules.validate_options(players, options or {})
    state: State = rules.setup(num_players=players, options=opts, rng=Rng.from_seed(seed)).state
    decks = state["decks"]
    w = width or state["width"]
    state["width"] = w
    # Return the dealt layout to the discard so decks still hold every card.
    for row in state["board"]:
        decks["space_discard"].extend(s["card"] for s in row if s["card"])
    layout = board or {}
    back = flips or {}
    state["board"] = []
    for r in range(1, rows + 1):
        row = []
        for cc in range(1, w + 1):
            left, right = layout.get((r, 2 * cc - 1)), layout.get((r, 2 * cc))
            card = synthetic_card([left, right], back.get((r, cc)))
            row.append({"card": card, "flip": False, "cover": [None, None], "marks": [[], []]})
        state["board"].append(row)
    for p in state["players"]:
        p["bellonium"] = 0
    for seat, spec in (ships or {}).items():
        p = state["players"][seat]
        p["pos"] = [int(spec[0]), int(spec[1])]
        if len(spec) > 2:
            p["facing"] = spec[2]
    for seat, fields in (players_set or {}).items():
        p = state["players"][seat]
        for key, value in fields.items():
            if key == "threat":
                value = [value, 0] if isinstance(value, int) else list(value)
            if key in ("hand", "powerups"):
                _take_cards(state, key, p[key], list(value))
            p[key] = json.loads(json.dumps(value))
    for r, c in covers:  # after the hands, so a cover never takes a card a hand was given
        card = decks["sensor"].pop()
        state["board"][r - 1][(c - 1) // 2]["cover"][(c - 1) % 2] = card
    if space is not None:
        decks["space_discard"].extend(c for c in decks["space"] if c not in CONTENT.warnings)
        decks["space"] = list(space)[::-1]
    if sensor is not None:
        decks["sensor"] = list(sensor)[::-1]
    if powerup is not None:
        decks["powerup"] = list(powerup)[::-1]
    if achievements_up is not None:
        decks["achievements_up"] = list(achievements_up)
    state["round"] = round
    state["order"] = list(order) if order is not None else list(range(players))
    if turn is not None:
        state["phase"] = "turn"
        state["turn_index"] = state["order"].index(turn)
        ctx = Ctx(state=state, rng=Rng.from_seed(seed))
        start_turn(ctx)
        p = state["players"][turn]
        state["turn"]["mode"] = mode or ("battle" if p["pos"] is not None or round == 1 else "astral")
        for key, value in (turn_set or {}).items():
            state["turn"][key] = value
    if phase is not None:
        state["phase"] = phase
        if phase == "scroll":
            state["turn"] = None
            state["scroll"] = {"stage": "start", "queue": []}
    state["prompts"] = [dict(pr) for pr in prompts]
    built: State = json.loads(json.dumps(state))
    return built


def _take_cards(state: State, key: str, current: list[str], wanted: list[str]) -> None:
    """Move cards between the hand and their draw pile so that no card exists twice (the discards are still
    empty: a new game's, and the covers are drawn after the hands)."""
    pile = state["decks"]["sensor" if key == "hand" else "powerup"]
    for card in current:
        if card not in wanted:
            pile.append(card)
    for card in wanted:
        if card in pile:
            pile.remove(card)
        else:
            for other in state["players"]:
                if other[key] is not current and card in other[key]:
                    other[key].remove(card)


def cmd(seat: int, kind: str, **args: Any) -> Command:
    return Command(seat, kind, args)


def run(state: State, *commands: Command, seed: int = 0, auto: bool = False) -> tuple[State, list[Event]]:
    """Apply the commands in order; with ``auto`` also every automatic step due after the last one."""
    rng = Rng.from_seed(seed)
    events: list[Event] = []
    for command in commands:
        out = RULES.apply(state, command, rng)
        state = out.state
        events += out.events
    while auto and (auto_cmd := RULES.auto_command(state)) is not None:
        out = RULES.apply(state, auto_cmd, rng)
        state = out.state
        events += out.events
    return state, events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]
