"""Build any Ascendancy position from a short literal description, for tests and bug reports.

Example::

    from games.ascendancy.engine.scenario import build, cmd, run

    state = build(
        civs=["federation", "klingon", "romulan"],
        turn=0, phase="build",                                # seat 0 plays, in its Build Phase
        resources={0: {"production": 5}}, authority={1: 4},
        systems=[{"id": "vega", "slots": ["production"], "xy": [3, 0]}],
        lanes=[("l1", "earth", "vega", 2)],                   # lane id, a, b (None: open end), length
        ships={0: {"S:vega": 2}}, contact=[0, 1],
    )
    state, events = run(state, cmd(0, "colonize", at="vega"))

Keys: ``resources`` / ``authority`` / ``ready`` / ``weapons`` / ``shields`` (seat -> value; resources are
merged into the start), ``ships`` (seat -> {sector: count}: replaces that seat's loose ships), ``fleets``
(seat -> {card: (side, ships, sector)}), ``projects`` (seat -> [(card, research)]), ``advancements``
(seat -> [card]), ``trade_held`` (seat -> {owner: card index}), ``systems`` (extra systems: ``id``,
``slots``, ``nodes``, ``control``, ``kind``, ``hazard``, ``max_lanes``, ``warp_level``, ``prewarp``,
``ambassador`` (the Vulcan seat whose Ambassador stands there), ``xy``), ``lanes``, ``contact`` (seats with First Contact), ``stack`` / ``exploration`` (put on top,
top first), ``turn`` + ``phase`` (a fresh turn for that seat, ``build`` or ``command``), ``bidding``
(previous turn order: starts a new round's Initiative instead of a turn).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.ascendancy.engine import board, layout
from games.ascendancy.engine.setup import new_system
from games.ascendancy.engine.state import Ctx, State, bump
from games.engine.core import Command, Event, Rng


def cmd(seat: int, kind: str, **args: Any) -> Command:
    return Command(seat=seat, kind=kind, args=args)


def build(*, civs: Sequence[str] = ("federation", "klingon", "romulan"), seed: int = 0,
          options: Mapping[str, Any] | None = None, turn: int | None = 0, phase: str = "build",
          bidding: Sequence[int] | None = None,
          resources: Mapping[int, Mapping[str, int]] | None = None, authority: Mapping[int, int] | None = None,
          ready: Mapping[int, int] | None = None, weapons: Mapping[int, int] | None = None,
          shields: Mapping[int, int] | None = None, ships: Mapping[int, Mapping[str, int]] | None = None,
          fleets: Mapping[int, Mapping[str, tuple[str, int, str]]] | None = None,
          projects: Mapping[int, Sequence[tuple[str, int]]] | None = None,
          advancements: Mapping[int, Sequence[str]] | None = None,
          trade_held: Mapping[int, Mapping[int, int]] | None = None,
          systems: Sequence[Mapping[str, Any]] = (), lanes: Sequence[tuple[str, str, str | None, int]] = (),
          contact: Sequence[int] = (), stack: Sequence[str] = (), exploration: Sequence[str] = ()) -> State:
    from games.ascendancy.engine import RULES

    state: State = RULES.setup_with_civs(list(civs), dict(options or {}), Rng.from_seed(seed)).state
    s = state
    for spec in systems:
        disc = {"id": spec["id"], "slots": list(spec.get("slots", [])), "max_lanes": spec.get("max_lanes", 4),
                "kind": spec.get("kind", "planet"), "hazard": spec.get("hazard", 0)}
        sys = new_system(spec["id"], disc, list(spec.get("xy", [0.0, 0.0])))
        for key in ("nodes", "control", "warp_level", "prewarp", "research", "starbase", "home_of", "ambassador"):
            if key in spec:
                sys[key] = spec[key]
        s["systems"][spec["id"]] = sys
        if spec["id"] in s["stack"]:
            s["stack"].remove(spec["id"])
    layout.scenario_galaxy(s, float(s["galaxy"]["table"][0]), systems, lanes)
    for seat, res in (resources or {}).items():
        s["players"][seat]["resources"].update(res)
    for key, spec_ in (("authority", authority), ("ready", ready), ("weapons", weapons), ("shields", shields)):
        for seat, value in (spec_ or {}).items():
            s["players"][seat][key] = value
            if key == "authority":
                s["players"][seat]["authority_max"] = max(s["players"][seat]["authority_max"], value)
    for seat, where in (ships or {}).items():
        s["players"][seat]["ships"] = {sec: n for sec, n in where.items() if n > 0}
    for seat, fl in (fleets or {}).items():
        for card, (side, n, sector) in fl.items():
            s["players"][seat]["fleets"][card] = {"side": side, "ships": n, "sector": sector}
    for seat, prs in (projects or {}).items():
        p = s["players"][seat]
        for card, research in prs:
            for q in s["players"]:
                if card in q["deck"]:
                    q["deck"].remove(card)
            p["projects"].append({"card": card, "research": research})
    for seat, cards in (advancements or {}).items():
        for card in cards:
            for q in s["players"]:
                if card in q["deck"]:
                    q["deck"].remove(card)
            s["players"][seat]["advancements"].append({"card": card, "exhausted": False})
    for seat, held in (trade_held or {}).items():
        for owner, trade_card in held.items():
            s["players"][owner]["trade_hand"].remove(trade_card)
            s["players"][seat]["trade_held"][str(owner)] = {"card": trade_card, "exhausted": False}
    for seat in contact:
        s["players"][seat]["first_contact"] = True
    for disc_id in reversed(list(stack)):
        if disc_id in s["stack"]:
            s["stack"].remove(disc_id)
        s["stack"].append(disc_id)
    deck = s["exploration"]["deck"]
    for card in reversed(list(exploration)):
        if card in deck:
            deck.remove(card)
        deck.append(card)
    s["prompt"] = None
    if bidding is not None:
        from games.ascendancy.engine.rounds import start_round

        s["order"] = list(bidding)
        s["round"] = max(s["round"], 1)
        start_round(Ctx(state=s, rng=Rng.from_seed(seed + 1)))
        return s
    if turn is not None:
        others = [x for x in range(s["n"]) if x != turn]
        s["order"] = [turn, *others]
        s["cards"] = {str(x): i + 1 for i, x in enumerate(s["order"])}
        s["initiative"] = None
        s["phase"] = "turn"
        s["turn_index"] = 0
        s["turn"] = {"seat": turn, "phase": phase, "funded": [], "built": {}, "move": None, "battle": None,
                     "starts": sorted(board.occupied_sectors(s["players"][turn]))}
        bump(s)
    return s


def run(state: State, *commands: Command, seed: int = 0) -> tuple[State, list[Event]]:
    from games.ascendancy.engine import RULES

    rng = Rng.from_seed(seed)
    events: list[Event] = []
    for command in commands:
        out = RULES.apply(state, command, rng)
        state = out.state
        events += out.events
    return state, events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]
