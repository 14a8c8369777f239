"""Build any TNG position from a short literal description, for tests and bug reports.

Example::

    from games.tng.engine.scenario import build, cmd, run

    state = build(
        players=2, scenario="exploration", turn=0,          # seat 0 is starting its turn
        hands={0: ["worf", "crewman", "crewman"]},          # card ids; copies are found anywhere
        ships={1: "enterprise_d"}, damage={0: 3}, xp={0: 2},
        space=["romulan_scout", "ion_storm"],               # on top of the Space Deck, top first
        missions=["survey_neutral_zone"], search=["picard", "data"],
    )
    state, events = run(state, cmd(0, "play", card=inst(state, 0, "worf")), cmd(0, "explore"))

Cards are named by card id; the builder moves a free copy (instance ``id#n``) from wherever it is (supplies
first) so that every physical card is still in exactly one place. Keys: ``hands``, ``decks`` (top first;
the deck becomes exactly this, the old cards leave to ``removed``), ``discards``, ``played``, ``points``,
``influence`` (seat -> card ids), ``ships`` (seat -> ship card id), ``damage``, ``xp`` (seat -> int),
``space`` (top of the Space Deck), ``space_exact`` (the whole Space Deck), ``missions``, ``search``
(the first slots of the Search Area), ``borg_area`` (how many Borg cards stay there), ``turn`` (the active
seat, a fresh turn), ``turn_set`` (overrides of the turn dict: ``explores``, ``searches``, ``phase``),
``group_set`` (Borg group dict overrides), ``first``, ``options``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from games.engine.core import Command, Event, Rng
from games.tng.engine import RULES
from games.tng.engine.content import card
from games.tng.engine.state import Ctx, State
from games.tng.engine.turns import start_turn

SCENARIOS = {"exploration": "exploration", "borg": "borg_invasion", "klingon": "klingon_civil_war"}


def _piles(state: State) -> Iterator[list[str]]:
    sb, sp = state["starbase"], state["space"]
    yield sb["deck"]
    yield sb["discard"]
    yield from (sb["basic"][k] for k in sorted(sb["basic"]))
    yield sb["ensigns"]
    yield sp["deck"]
    yield sp["box"]
    yield sp["borg"]
    yield from sp.get("borg_areas") or []
    yield state["removed"]
    for p in state["players"]:
        yield p["deck"]
        yield p["discard"]
    for p in state["players"]:
        yield p["hand"]
    for p in state["players"]:
        yield p["points"]


class _Taker:
    def __init__(self, state: State) -> None:
        self.state = state
        self.claimed: set[str] = set()

    def take(self, cid: str, prefer: list[str] | None = None) -> str:
        piles = ([prefer] if prefer is not None else []) + list(_piles(self.state))
        for pile in piles:
            for inst in reversed(pile):
                if inst.split("#")[0] == cid and inst not in self.claimed:
                    pile.remove(inst)
                    self.claimed.add(inst)
                    return inst
        search: list[str | None] = self.state["starbase"]["search"]
        for i, slot in enumerate(search):
            if slot is not None and slot.split("#")[0] == cid and slot not in self.claimed:
                search[i] = self.state["starbase"]["deck"].pop() if self.state["starbase"]["deck"] else None
                self.claimed.add(slot)
                return slot
        raise ValueError(f"no free copy of {cid!r} left")


def build(*, players: int = 2, scenario: str = "exploration", options: Mapping[str, Any] | None = None,
          seed: int = 0, turn: int | None = None, first: int | None = None,
          hands: Mapping[int, Sequence[str]] | None = None, decks: Mapping[int, Sequence[str]] | None = None,
          discards: Mapping[int, Sequence[str]] | None = None, played: Mapping[int, Sequence[str]] | None = None,
          points: Mapping[int, Sequence[str]] | None = None, influence: Mapping[int, Sequence[str]] | None = None,
          ships: Mapping[int, str] | None = None, damage: Mapping[int, int] | None = None,
          xp: Mapping[int, int] | None = None, space: Sequence[str] | None = None,
          space_exact: Sequence[str] | None = None, missions: Sequence[str] | None = None,
          search: Sequence[str] | None = None, borg_area: int | None = None,
          turn_set: Mapping[str, Any] | None = None, group_set: Mapping[str, Any] | None = None) -> State:
    opts = dict(options or {})
    opts.setdefault("scenario", SCENARIOS.get(scenario, scenario))
    opts = RULES.validate_options(players, opts)
    state: State = RULES.setup(num_players=players, options=opts, rng=Rng.from_seed(seed)).state
    t = _Taker(state)
    ps = state["players"]
    if search is not None:
        sb = state["starbase"]
        for i, cid in enumerate(search):
            if sb["search"][i] is not None:
                sb["deck"].insert(0, sb["search"][i])
            sb["search"][i] = None
            sb["search"][i] = t.take(cid)
    for seat, cid in (ships or {}).items():
        state["removed"].append(ps[seat]["ship"])
        ps[seat]["ship"] = t.take(cid)
    for seat, cards in (hands or {}).items():
        ps[seat]["deck"] += ps[seat]["hand"]
        ps[seat]["hand"] = []
        for cid in cards:
            ps[seat]["hand"].append(t.take(cid, ps[seat]["deck"]))
    for key, spec in (("discard", discards), ("played", played), ("points", points), ("influence", influence)):
        for seat, cards in (spec or {}).items():
            for cid in cards:
                ps[seat][key].append(t.take(cid))
    for seat, cids in (decks or {}).items():
        chosen = [t.take(cid, ps[seat]["deck"]) for cid in cids]
        state["removed"] += ps[seat]["deck"]
        ps[seat]["deck"] = chosen[::-1]
    for seat, value in (damage or {}).items():
        ps[seat]["damage"] = value
    if space_exact is not None:
        chosen = [t.take(cid) for cid in space_exact]
        state["space"]["box"] += state["space"]["deck"]
        state["space"]["deck"] = chosen[::-1]
    if space is not None:
        chosen = [t.take(cid) for cid in space]
        state["space"]["deck"] += chosen[::-1]
    for cid in missions or ():
        state["space"]["missions"].append(t.take(cid))
    if borg_area is not None:
        area = state["space"]["borg"]
        state["removed"] += area[borg_area:]
        del area[borg_area:]
    state["space"]["unknown"] = len(state["space"]["deck"])
    if first is not None:
        state["first"] = first
    ctx = Ctx(state=state, rng=Rng.from_seed(seed))
    if turn is not None and state["scenario"] != "borg":
        start_turn(ctx, turn)
    for key, value in (turn_set or {}).items():
        state["turn"][key] = value
    for key, value in (group_set or {}).items():
        state["group"][key] = value
    for seat, value in (xp or {}).items():
        ps[seat]["xp"] = value
    built: State = RULES.load(RULES.dump(state))
    return built


def inst(state: State, seat: int, cid: str, pile: str = "hand") -> str:
    """The instance id of a copy of ``cid`` in a player's pile."""
    cards: list[str] = sorted(state["players"][seat][pile])
    for c in cards:
        if card(c).id == cid:
            return c
    raise ValueError(f"seat {seat} has no {cid} in {pile}")


def space_inst(state: State, cid: str, where: str = "revealed") -> str:
    cards: list[str] = state["space"][where]
    for c in cards:
        if card(c).id == cid:
            return c
    raise ValueError(f"no {cid} in space {where}")


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
