"""A 4-player Battlestar Galactica table on New Caprica, for a browser game of the phase (bench/bsg_browser_game.py
``--scenario tests.browser.bsg_new_caprica_scenario:scenario_state``; no Django: the engine builds it).

A Pegasus table with the New Caprica objective, its characters chosen and starting cards drawn as the engine's
setup deals them from ``seed``; the fleet has travelled 7 (Deep Space 3, Barren Planet 2, Remote Planet 2: the
Sleeper Agent phase is past, R405) and the New Caprica phase has begun (R820, R821); the fleet token stands two
spaces before Auto Jump, so Galactica returns soon (R834), and the top three grounded civilian ships are already
operational, so the evacuation icons have ships to lift off (R834, RULINGS G118).
"""

from __future__ import annotations

from typing import Any

BEHIND = ["deep_space", "barren_planet", "remote_planet"]


def scenario_state(seed: int = 0) -> dict[str, Any]:
    from games.bsg.engine import new_caprica, setup, turns
    from games.bsg.engine.rules import RULES
    from games.bsg.engine.state import CONTENT, Ctx
    from games.engine.core import Rng
    from tests.bsg.engine.helpers import act

    options = RULES.validate_options(4, {"pegasus": True, "objective": "new_caprica"})
    state: dict[str, Any] = setup.setup_game(4, options, Rng.from_seed(seed)).state
    while state["phase"] == "characters":
        character = setup.available_characters(state)[0]
        extra = {"area": "lower_fore"} if CONTENT.characters[character].start == "viper" else {}
        state = act(state, state["chooser"], "choose_character", character=character, **extra)
    for p in state["players"]:
        if not p["started"]:
            own = CONTENT.characters[p["character"]].skill_types
            state = act(state, p["seat"], "draw_starting_skills", types=[own[0]] * 3)
    ctx = Ctx(state=state, rng=Rng.from_seed(seed))
    for card in BEHIND:
        state["decks"]["destination"].remove(card)
    state["destinations"] = list(BEHIND)
    state["distance"] = sum(CONTENT.destinations[c].distance for c in BEHIND)
    turns.sleeper_phase(ctx)
    new_caprica.begin(ctx)
    state["jump"] = len(CONTENT.board.jump_track) - 3
    nc = state["new_caprica"]
    nc["operational"], nc["locked_down"] = nc["locked_down"][-3:], nc["locked_down"][:-3]
    return state
