"""Setting up a game (tng:R1-R8, R40-R41, R45, R56)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.core import Rng
from games.tng.engine.borg import start_round
from games.tng.engine.content import CONTENT, Card, instances
from games.tng.engine.mechanics import draw
from games.tng.engine.state import HAND_SIZE, SEARCH_SLOTS, Ctx, State, new_player
from games.tng.engine.turns import start_turn

SCENARIO_SETS = {"exploration": "exploration", "borg_invasion": "borg", "klingon_civil_war": "klingon"}
BASIC_PILE = 12  # RULINGS B1: 12 copies of each basic character
ENSIGNS = 16  # RULINGS B18


class _Numberer:
    """Gives every physical card a unique instance id ``<card>#<n>``."""

    def __init__(self) -> None:
        self.next: dict[str, int] = {}

    def take(self, c: Card, count: int) -> list[str]:
        start = self.next.get(c.id, 0)
        self.next[c.id] = start + count
        return [f"{c.id}#{i}" for i in range(start + 1, start + count + 1)]


def teams_for(scenario: str, n: int, options: Mapping[str, Any] | None = None) -> list[int | None]:
    """R56-R57: Klingon with 4 players is two teams of two, teammates not side by side (0+2 vs 1+3);
    with 2 or 3 players everyone plays alone (R62). Borg team play (R55a.1, RULINGS B29): two teams, of two
    (0+2 vs 1+3) with 4 players, of one with 2."""
    if scenario == "klingon" and n == 4:
        return [0, 1, 0, 1]
    if scenario == "borg" and (options or {}).get("borg_teams") == "teams":
        return [s % 2 for s in range(n)]
    return [None] * n


def setup_game(n: int, options: Mapping[str, Any], rng: Rng) -> Ctx:
    scenario = SCENARIO_SETS[options["scenario"]]
    num = _Numberer()
    # R2/R41/R56: starting ships
    if scenario == "exploration":
        ships = num.take(CONTENT.starting_ship, n)
    else:
        pool = list(CONTENT.start_ships[scenario])
        if options["starting_ships"] == "random":
            rng.shuffle(pool)
        ships = [num.take(c, 1)[0] for c in pool[:n]]
    teams = teams_for(scenario, n, options)
    state: State = {
        "n": n, "options": dict(options), "scenario": scenario, "phase": "setup", "round": 1, "dseq": 0,
        "first": 0, "turn": None, "group": None, "stage": None, "queue": [],
        "players": [new_player(s, ships[s], teams[s]) for s in range(n)],
        "starbase": {"deck": [], "search": [None] * SEARCH_SLOTS, "discard": [], "basic": {}, "ensigns": []},
        "space": {"deck": [], "unknown": 0, "missions": [], "revealed": [], "box": [], "cubes": [], "borg": []},
        "removed": [], "end": None, "scored_round": 0,
    }
    ctx = Ctx(state=state, rng=rng)
    for p in state["players"]:
        if scenario != "exploration" and (scenario == "klingon" or options["starting_ship_effects"]):
            p["ability"] = p["ship"].split("#")[0]  # R41: the effect stays even after a new ship
    # R1: the starting deck
    for p in state["players"]:
        deck: list[str] = []
        for c in CONTENT.starting_deck:
            deck += num.take(c, c.copies)
        p["deck"] = rng.shuffled(deck)
    # R4-R6: the Starbase
    sb = state["starbase"]
    pile: list[str] = []
    for c in CONTENT.starbase:
        pile += instances(c)
    sb["deck"] = rng.shuffled(pile)
    for i in range(SEARCH_SLOTS):
        sb["search"][i] = sb["deck"].pop()
    for c in CONTENT.basic:
        sb["basic"][c.id] = instances(c, BASIC_PILE)
    sb["ensigns"] = instances(CONTENT.ensign, ENSIGNS)
    # R3/R40/R56: the Space Deck, 15 ships + the scenario's 25 cards
    space: list[str] = []
    for c in CONTENT.ships:
        space += instances(c)
    for c in CONTENT.space_sets[scenario]:
        space += instances(c)
    state["space"]["deck"] = rng.shuffled(space)
    state["space"]["unknown"] = len(space)
    if scenario == "borg" and teams[0] is not None:  # R45 per team (RULINGS B29): 5 per player + 5 each
        sizes = [sum(1 for t in teams if t == team) for team in (0, 1)]
        borg = instances(CONTENT.borg_card, sum(5 * k + 5 for k in sizes))
        state["space"]["borg_areas"] = [borg[: 5 * sizes[0] + 5], borg[5 * sizes[0] + 5:]]
    elif scenario == "borg":  # R45
        state["space"]["borg"] = instances(CONTENT.borg_card, 5 * n + 5)
    ctx.emit("game_set_up", players=n, scenario=options["scenario"], ships=list(ships),
             search=list(sb["search"]))
    # R8: everyone draws 5, a random first player
    for s in range(n):
        draw(ctx, s, HAND_SIZE, "setup")
    state["first"] = rng.below(n)
    ctx.emit("first_player_chosen", seat=state["first"])
    if scenario == "borg":
        start_round(ctx)
    else:
        start_turn(ctx, state["first"])
    return ctx
