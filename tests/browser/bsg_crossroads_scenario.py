"""A 4-player Battlestar Galactica table with Exodus's Ionian Nebula objective at the moment the Crossroads phase
begins (bsg:R960), for screenshots of the phase in the browser (``bench/bsg_browser_game.py --scenario``; no
Django: the engine's scenario builder makes it).

Roslin, Adama, Starbuck and Baltar; the fleet has travelled 8 and its jump has emptied the board (R704 A); the
phase's first automatic step, the Battle of the Ionian Nebula, is due. Starbuck holds 5 antagonistic tokens, so
the Trial eliminates somebody whatever the others play.
"""

from __future__ import annotations

from typing import Any

CHARACTERS = ("laura_roslin", "william_adama", "kara_thrace", "gaius_baltar")


def scenario_state(seed: int = 0) -> dict[str, Any]:
    from games.bsg.engine import ionian
    from games.bsg.engine.state import Ctx
    from games.engine.core import Rng
    from tests.bsg.engine.helpers import start_game, to_step

    state = to_step(start_game(4, CHARACTERS, seed=3, options={"exodus": True, "objective": "ionian_nebula"}),
                    "action")
    state["distance"] = 8
    state["sleeper_done"] = True
    for area, where in state["space"].items():  # R704 A: the jump emptied the board
        for ship in ("raider", "heavy_raider"):
            state["supply"][ship] += where[ship]
        state["supply"]["basestar"] += len(where["basestar"])
        state["reserves"]["viper"] += where["viper"]
        state["space"][area] = {**where, "raider": 0, "heavy_raider": 0, "basestar": [], "viper": 0}
    starbuck = next(p for p in state["players"] if p["character"] == "kara_thrace")
    pool = state["ionian"]["pool"]
    while starbuck["trauma"].count("antagonistic") < 5 and "antagonistic" in pool:
        pool.remove("antagonistic")
        starbuck["trauma"].append("antagonistic")
    ctx = Ctx(state=state, rng=Rng.from_seed(seed))
    ionian.begin_crossroads(ctx, "crisis")
    return ctx.state
