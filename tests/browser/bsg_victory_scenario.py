"""The last turn of a 4-player Battlestar Galactica game, for the human-victory browser test (no Django: the
engine alone plays it too, tests/bsg/engine/test_victory_scenario.py).

Built with the engine tests' scenario builder (tests/bsg/engine/helpers.py): Roslin (seat 0, the President and the
current player), Adama (seat 1, the Admiral), Starbuck (seat 2) and Baltar (seat 3). The fleet has travelled 8
(Deep Space 3, Barren Planet 2, Desolate Moon 3: the Kobol objective is reached, R709, and the Sleeper Agent phase
is past, R405) and its token stands on the Jump Preparation track's last space before Auto Jump (R702). Every
loyalty card is dealt: Starbuck is a hidden Cylon (frame-up), the others are human. It is the current player's
Crisis step, and the top Crisis card is Scouting for Fuel (a tactics and piloting check, difficulty 7, with the
jump preparation icon).

The plan: the current player draws the Crisis card; each seat, from the left of the current player round to him
(R501), puts the card the plan gives it (Adama and Roslin a tactics or piloting card, the hidden Cylon a politics
card against the check, Baltar none), then says it is done; the check passes (the Destiny cards 2 + 2, Adama 3,
Roslin 2, the Cylon's -2: 7 >= 7, +1 fuel); the Cylon ships activate (none are in play); Jump
Preparation moves the fleet token to Auto Jump (R250) and the fleet makes the last jump: the humans win, no
resource being at 0 (R709, R704), and the end reveals every loyalty card (R711).
"""

from __future__ import annotations

from typing import Any

CHARACTERS = ("laura_roslin", "william_adama", "kara_thrace", "gaius_baltar")
#: The setup's seed: the one whose first player is seat 0 (the characters are chosen from the first player on).
SETUP_SEED = 3
CRISIS = "scouting_for_fuel"
#: The hidden Cylon's seat and card.
CYLON_SEAT, CYLON_CARD = 2, "cylon_send_to_brig"
#: Each seat's hand (skill, strength), and the one card (skill, strength) the plan has it put into the check.
HANDS: dict[int, list[tuple[str, int]]] = {
    0: [("politics", 2), ("leadership", 2), ("piloting", 2)],
    1: [("leadership", 3), ("tactics", 3), ("leadership", 1)],
    2: [("piloting", 3), ("politics", 2), ("tactics", 1)],
    3: [("politics", 1), ("engineering", 2), ("leadership", 2)],
}
PUT_IN: dict[int, tuple[str, int] | None] = {0: ("piloting", 2), 1: ("tactics", 3), 2: ("politics", 2), 3: None}
#: The two Destiny cards on top of the Destiny deck (R501 step 2), both of the check's colours.
DESTINY = [("tactics", 2), ("piloting", 2)]
#: The Destination cards already behind the fleet (their distances: 3 + 2 + 3 = 8).
BEHIND = ["deep_space", "barren_planet", "desolate_moon"]


def scenario_state(seed: int = 0) -> dict[str, Any]:
    """The position (the same whatever ``seed``: the table's RNG, not the setup, takes it)."""
    from games.bsg.engine.state import CONTENT
    from tests.bsg.engine.helpers import skill_card, start_game, to_step
    from tests.bsg.engine.test_loyalty import set_loyalty

    state = to_step(start_game(4, CHARACTERS, seed=SETUP_SEED), "crisis")
    assert state["current"] == 0 and state["president"] == 0 and state["admiral"] == 1
    decks = state["decks"]
    state["turn_no"] = 17
    for card in BEHIND:
        decks["destination"].remove(card)
    state["destinations"] = list(BEHIND)
    state["distance"] = sum(CONTENT.destinations[c].distance for c in BEHIND)
    state["objective_reached"] = state["sleeper_done"] = True
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state["resources"] = {"fuel": 3, "food": 4, "morale": 5, "population": 6}
    for p in state["players"]:  # the hands the plan needs, the old cards to their discard piles
        for card in p["hand"]:
            decks["skill_discard"][_skill(card)].append(card)
        p["hand"] = [skill_card(state, skill, strength) for skill, strength in HANDS[p["seat"]]]
        kinds = ["not_a_cylon", "not_a_cylon"] + (["not_a_cylon"] if p["character"] == "gaius_baltar" else [])
        if p["seat"] == CYLON_SEAT:
            kinds = ["not_a_cylon", CYLON_CARD]
        set_loyalty(state, p["seat"], *kinds)
    decks["loyalty_box"] += decks["loyalty"]  # the Sleeper Agent phase dealt them all (R405): none left
    decks["loyalty"] = []
    decks["destiny"] += [skill_card(state, skill, strength) for skill, strength in DESTINY]
    if CRISIS in decks["crisis"]:
        decks["crisis"].remove(CRISIS)
    decks["crisis"].append(CRISIS)
    return state


def _skill(card: str) -> str:
    from games.bsg.engine.state import skill_of

    found: str = skill_of(card)
    return found


def choose(seat: int, legal: list[tuple[str, dict[str, Any]]], memo: dict[str, Any]) -> int:
    """The index in ``legal`` (kind, args: what the seat's page offers) of the command the plan takes for
    ``seat`` now; ``memo`` (kept by the caller) remembers what the plan did already."""
    kinds = [k for k, _ in legal]
    if "finish_contributing" in kinds:
        wanted = PUT_IN[seat]
        if wanted is not None and not memo.get(f"put_{seat}"):
            for i, (kind, args) in enumerate(legal):
                card = str(args.get("card", ""))
                if kind == "contribute" and _skill(card) == wanted[0] and int(card.split(".")[1]) == wanted[1]:
                    memo[f"put_{seat}"] = True
                    return i
            raise AssertionError(f"seat {seat}: no {wanted} card to put in among {legal}")
        return kinds.index("finish_contributing")
    for kind in ("draw_crisis", "activate_cylons", "activate_area", "prepare_jump"):
        if kind in kinds:
            return kinds.index(kind)
    raise AssertionError(f"seat {seat}: nothing to do among {legal}")
