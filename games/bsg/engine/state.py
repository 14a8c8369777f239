"""The game state: a plain JSON dict, copied once per command, plus the mutation context ``Ctx``.

Layout:

- ``phase``: ``characters`` (R104) | ``starting_skills`` (R108) | ``turn`` (R200) | ``over``.
- ``step`` (during ``turn``): ``receive`` | ``move`` | ``action`` | ``crisis`` | ``activation`` | ``jump`` |
  ``end`` (R200-R255); ``current`` is the active seat, ``first`` the first player (R103).
- ``players``: one dict per seat (``new_player``); seat + 1 is the player to the left (R010).
- ``decks``: ordered piles, the top of a pile is its last element. Every physical card has its own id:
  a skill card is ``<card>.<strength>.<copy>``, a loyalty card ``<card>.<copy>`` (``card_id`` strips it).
- ``check``: the open skill check (``checks.py``), ``prompt``: an open choice for one seat
  (``{"kind", "seat", ...}``), ``discards``: seats over the hand limit at the end of a turn (R008).
- ``space``: per space area, the ships in it; ``reserves``: vipers and raptors off the board.
- ``acted``: the Cylon ships activated in this turn, for the table's ``ship_activation_limit`` (``acted.py``).

Added by Pegasus, only at the tables that use it (a base table's state is as before):

- ``pegasus``: ``{"damage": [tokens on her board], "destroyed", "prefer": [seats whose damage tokens she takes]}``
  (R800, RULINGS G52, G53); ``decks["pegasus_damage"]`` her pile; ``decks["skill"]["treachery"]`` (R801).
- ``executions``: ``[seat, turn]`` waiting for the end of the command (executions.py, RULINGS G46); ``gone``: the
  executed characters, out of the game; ``decks["loyalty_discard"]``: the loyalty cards they showed (R452);
  ``stranded_later``: a Helo who replaced the active player's character (R456).
- a player's ``leader`` (a Cylon Leader, R802), ``friendly`` (a Sympathetic Cylon, R406) and ``agenda`` (his
  Agenda card, his secret, R805); ``decks["agendas"]``: the unused Agendas by kind. A Leader or Sympathetic
  Cylon with ``cylon`` false is infiltrated (R803). With Daybreak a Leader has ``motives`` (his face-down Motive
  cards, his secret) and ``motives_revealed`` instead of an Agenda, and ``decks["motives"]`` is the Motive
  deck (motives.py, R804). A player whose new character is Anders has ``skip_receive`` until his next turn
  begins (R203).
- ``ionian`` (Exodus's Ionian Nebula objective: ``trauma.py``, ``ionian.py``), ``crossroads`` (its phase, while it
  lasts: ``crossroads.py``); a player's ``trauma`` (his tokens) and ``eliminated`` (out of the game, R978)
- ``new_caprica`` (the New Caprica objective, only once its phase has begun: ``new_caprica.py``, R820-R838) and
  ``decks["crisis_boxed"]`` (the Crisis deck it boxed, R821 step 6); an ``executions`` entry may carry a third
  element, ``True``: an execution a revealed Cylon cannot ignore (R459).

Added by Daybreak's Earth objective, only at the tables that choose it (``earth.py``, R1050-R1066): ``earth``
(the Active Mission, the Missions beside the Earth card, the Rebel Basestar's allegiance marker, a Raider Bay
interrupted by Apollo), ``decks["mission"]`` (secret order) and ``decks["mission_discard"]``.
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine.content import SKILLS, TREACHERY, Content, content
from games.engine.core.context import Ctx as Ctx
from games.engine.core.context import copy_state as copy_state

State = dict[str, Any]
Player = dict[str, Any]

CONTENT: Content = content()



def table_sets(state: State) -> tuple[str, ...]:
    """The content sets a table plays with: ``base`` and each expansion its options turn on."""
    options = state.get("options", {})
    return ("base",) + tuple(name for name in ("pegasus", "exodus", "daybreak") if options.get(name))


def skill_types(state: State) -> tuple[str, ...]:
    """The table's Skill decks: the 5 colours, and Treachery with Pegasus or Daybreak (R140, R801, R145 step 5)."""
    sets = table_sets(state)
    return (*SKILLS, TREACHERY) if "pegasus" in sets or "daybreak" in sets else SKILLS


def skill_sets(state: State, skill: str) -> tuple[str, ...]:
    """The sets whose cards make one of the table's Skill decks: a Daybreak table's Treachery deck is
    Daybreak's Treachery cards alone, even with Pegasus (R145 step 5, RULINGS G146)."""
    sets = table_sets(state)
    return ("daybreak",) if skill == TREACHERY and "daybreak" in sets else sets


def damaged_locations(state: State) -> list[str]:
    """The damaged locations of Galactica (R162) and of the Pegasus (R800): none of them can be activated. A
    destroyed Pegasus's locations are out of play, not damaged: nothing repairs them (RULINGS G52)."""
    out = list(state["damage"])
    pegasus = state.get("pegasus")
    if pegasus is not None and not pegasus["destroyed"]:
        tokens = {t.id: t.location for t in CONTENT.board.pegasus_damage}
        out += [str(tokens[t]) for t in pegasus["damage"] if tokens[t] is not None]
    return out


def out_of_play(state: State, location: str) -> bool:
    """A location of a set the table does not use or of a module it does not play, or of a destroyed Pegasus
    (R800, RULINGS G52)."""
    loc = CONTENT.locations[location]
    if loc.objective is not None:  # the Demetrius and the Rebel Basestar: with their objective only (R1050)
        return bool(state.get("options", {}).get("objective") != loc.objective)
    if loc.module is not None:  # a module's location (the Cylon Fleet's Basestar Bridge): with its module only,
        # whether or not the table uses its set's cards (RULINGS G70); the option is named exodus_<module>
        return state.get("options", {}).get(f"exodus_{loc.module}") in (None, False, "off")
    if loc.set not in table_sets(state):
        return True
    return loc.ship == "pegasus" and bool(state.get("pegasus", {}).get("destroyed"))


def new_player(seat: int) -> Player:
    return {
        "seat": seat,
        "character": None,
        "location": None,  # a location id; None while piloting a viper or stranded
        "viper": None,  # the space area of the viper he pilots (R213)
        "stranded": False,  # Helo at the start (RULINGS C4)
        "hand": [],  # skill cards (physical ids)
        "loyalty": [],  # face-down loyalty cards (physical ids)
        "revealed": [],  # loyalty cards turned face up
        "cylon": False,  # a revealed Cylon player (R001)
        "quorum": [],
        "super_crisis": [],
        "nukes": 0,
        "started": False,  # drew his starting skill cards (R108)
        "turns": 0,
    }


def skill_of(card: str) -> str:
    """The skill type (colour) of a physical skill card."""
    return CONTENT.skill_cards[card_id(card)].skill


def strength_of(card: str) -> int:
    return int(card.split(".")[1])


def card_id(card: str) -> str:
    """The content id of a physical card id."""
    return card.split(".")[0]


def infiltrator(p: Player) -> bool:
    """A Cylon Leader (R802) or a Sympathetic Cylon (R406b): he may infiltrate the humans and, while he does,
    is a human player who never holds a title nor takes loyalty cards (R803)."""
    return bool(p.get("leader") or p.get("friendly"))


def is_cylon_card(card: str) -> bool:
    return CONTENT.loyalty[card_id(card)].side == "cylon"


def is_cylon(state: State, seat: int) -> bool:
    """Holds a "You Are a Cylon" card, revealed or not (R401)."""
    p = state["players"][seat]
    return p["cylon"] or any(is_cylon_card(c) for c in p["loyalty"] + p["revealed"])


def left_of(state: State, seat: int) -> int:
    """The next player clockwise; a player eliminated by the Ionian Nebula's Trial is out of the game (R978)."""
    n: int = state["n"]
    nxt = (seat + 1) % n
    while state["players"][nxt].get("eliminated") and nxt != seat:
        nxt = (nxt + 1) % n
    return nxt




def next_key(state: State) -> None:
    """A new decision replaced the open one."""
    state["dseq"] += 1
