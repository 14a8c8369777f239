"""Scenario helpers for the BSG engine tests: a game set up with chosen characters, commands applied by
kind, and positions built by editing a state (the scenario builder of issue 16, growing with the engine)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import empty_area
from games.bsg.engine.state import CONTENT
from games.bsg.engine.turns import receive_choices
from games.engine.core import Command, Event, Rng

State = dict[str, Any]


def new_game(players: int, seed: int = 1, options: Mapping[str, Any] | None = None) -> State:
    """A new game at the character choice (R104), with the table's options (the defaults unless given)."""
    opts = RULES.validate_options(players, options or {})
    state: State = RULES.setup(num_players=players, options=opts, rng=Rng.from_seed(seed)).state
    return state


#: the Exodus Cylon Fleet option (R910)
CYLON_FLEET = {"exodus_cylon_fleet": True}


#: the Exodus cards (R122 and the Exodus decks)
EXODUS = {"exodus": True}


def exodus_game(players: int, characters: Sequence[str], seed: int = 1, **options: Any) -> State:
    """``start_game`` with the Exodus cards."""
    return start_game(players, characters, seed, {**EXODUS, **options})


def fleet_game(players: int, characters: Sequence[str], seed: int = 1) -> State:
    """``start_game`` at a table that plays the Exodus Cylon Fleet option (R144)."""
    return start_game(players, characters, seed, CYLON_FLEET)


def act(state: State, seat: int, kind: str, **args: Any) -> State:
    after: State = RULES.apply(state, Command(seat, kind, args), Rng.from_seed(7)).state
    return after


def act_events(state: State, seat: int, kind: str, **args: Any) -> tuple[State, list[Event]]:
    out = RULES.apply(state, Command(seat, kind, args), Rng.from_seed(7))
    return out.state, out.events


def choose_all(state: State, characters: Sequence[str], area: str = "lower_fore") -> State:
    """Each seat from the first player on takes the next character of ``characters`` (R104)."""
    for character in characters:
        seat = state["chooser"]
        extra = {"area": area} if CONTENT.characters[character].start == "viper" else {}
        state = act(state, seat, "choose_character", character=character, **extra)
    return state


def start_game(
    players: int, characters: Sequence[str], seed: int = 1, options: Mapping[str, Any] | None = None
) -> State:
    """A game at the first player's Receive Skills step: characters chosen in order, every other player
    drawing 3 cards of his first skill type (R108)."""
    return _started(choose_all(new_game(players, seed, options), characters))


def _started(state: State) -> State:
    for p in state["players"]:
        if not p["started"]:
            own = CONTENT.characters[p["character"]].skill_types
            count = 2 if p.get("leader") and p["cylon"] else 3  # R141: a Cylon Leader draws 2 (Athena 3)
            state = act(state, p["seat"], "draw_starting_skills", types=[own[0]] * count)
    assert state["phase"] == "turn"
    return state


BASE_5 = ["laura_roslin", "william_adama", "kara_thrace", "gaius_baltar", "saul_tigh"]
PEGASUS = {"pegasus": True}
LEADER = {"pegasus": True, "cylon_leader": True}


def skill_card(state: State, skill: str, strength: int | None = None) -> str:
    """A skill card of that type (and strength) taken out of wherever it is (its deck first, then its
    discards, the Destiny deck, the hands), to give to a hand or a check."""
    d = state["decks"]
    piles = [d["skill"][skill], d["skill_discard"][skill], d["destiny"]] + [p["hand"] for p in state["players"]]
    for pile in piles:
        for card in reversed(pile):
            if card.startswith(tuple(c.id + "." for c in CONTENT.skill_cards.values() if c.skill == skill)) and (
                    strength is None or int(card.split(".")[1]) == strength):
                pile.remove(card)
                found: str = card
                return found
    raise AssertionError(f"no {skill} card of strength {strength} left")


def to_step(state: State, step: str) -> State:
    """Play the current seat's turn forward (fixed picks, no movement, no action) up to ``step``."""
    while state["step"] != step:
        seat = state["current"]
        s = state["step"]
        if s == "receive":
            state = act(state, seat, "receive_skills", picks=receive_choices(state, seat)[0])
        elif s == "move":
            state = act(state, seat, "stay")
        elif s == "action":
            state = act(state, seat, "pass_action")
        else:
            raise AssertionError(f"to_step cannot pass {s} (wanted {step})")
    return state


def all_loyalty(state: State) -> list[str]:
    d = state["decks"]
    cards = list(d["loyalty"]) + list(d["loyalty_box"])
    for p in state["players"]:
        cards += p["loyalty"] + p["revealed"]
    return cards


def play(state: State, seat: int, *kinds: str) -> State:
    """Apply argument-less commands of ``seat`` in turn; after ``activate_cylons`` the raiders' areas are
    activated in the order offered (R602)."""
    for kind in kinds:
        state = act(state, seat, kind)
        while kind == "activate_cylons" and state["activation"] is not None:
            area = RULES.legal_commands(state, state["current"])[0].args["area"]
            state = act(state, state["current"], "activate_area", area=area)
    return state


def place_only(state: State, **areas: dict[str, int]) -> State:
    """Every ship off the board (back to the supply, the Reserves and the civilian deck), then the given ones
    placed by area: ``raider``, ``heavy_raider`` and ``basestar`` from the supply, ``viper`` from the
    Reserves, ``civilian`` from the top of the civilian deck."""
    for area in state["space"]:
        where = state["space"][area]
        for kind in ("raider", "heavy_raider"):
            state["supply"][kind] += where[kind]
        state["supply"]["basestar"] += len(where["basestar"])
        state["reserves"]["viper"] += where["viper"]
        state["decks"]["civilians"] += where["civilian"]
        state["space"][area] = empty_area()
    for area, ships in areas.items():
        where = state["space"][area]
        for kind in ("raider", "heavy_raider"):
            where[kind] = ships.get(kind, 0)
            state["supply"][kind] -= where[kind]
        where["viper"] = ships.get("viper", 0)
        state["reserves"]["viper"] -= where["viper"]
        for _ in range(ships.get("basestar", 0)):
            where["basestar"].append({"damage": []})
            state["supply"]["basestar"] -= 1
        for _ in range(ships.get("civilian", 0)):
            where["civilian"].append(state["decks"]["civilians"].pop())
    return state
