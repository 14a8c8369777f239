"""Daybreak's state and its low-level rules (bsg:R145, R124, R1010, R402b, R1020-R1028): present only on a
table that plays Daybreak, so a base table's state is unchanged.

- ``players[s]["miracles"]``: the Miracle tokens on the sheet (R1010), 1 each at setup (R145 step 4);
  ``players[s]["mutiny"]``: the Mutiny cards in hand (secret, R1020).
- ``decks["mutiny"]``, ``decks["mutiny_discard"]`` (face up, R1020).
- ``state["daybreak"]``: the decisions and receipts due: ``mutineer_due`` (seats that received "You Are a
  Mutineer" and still draw their Mutiny card, pass their titles and, when it came face down, draw one more
  Loyalty card; R1026, R426), ``mutineer_pass`` (a revealed Mutineer giving the card away, R1028),
  ``mutineer_draw`` (the active player naming the human who draws the extra Sleeper Agent card, R405),
  ``mutiny_keep`` (seats in the Brig over their Mutiny limit, R1020, R1027), ``miracle_chooser`` (a seat
  naming who receives a Miracle token, R1010), ``destroyed`` (the sheets turned over, R318, R319),
  ``assault_raptors`` (R623: in the Reserves, beside the board, destroyed, unpiloted in space by area),
  ``raptors_at_jump`` (the active player choosing the Assault Raptors that stay at a jump) and
  ``pilots_at_jump`` (the pilots of Assault Raptors choosing, in turn).
- ``players[s]["craft"]``: ``"assault_raptor"`` while the pilot flies one instead of a viper (R623).

Once-per-game abilities (RULINGS G3) go through ``once_available`` / ``spend_once``: on a Daybreak table
they cost a Miracle token (R1010), otherwise they are spent for the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from games.bsg.engine import earth, planet
from games.bsg.engine.content import Character, Effect
from games.bsg.engine.options import loyalty_kinds
from games.bsg.engine.state import CONTENT, Ctx, State, card_id, next_key, out_of_play, table_sets

MUTINEER = "you_are_a_mutineer"
LOYALTY_SETS = ("base", "daybreak")
#: Daybreak cards that take a base card's place in the table's decks (a rule of the deck builder, SCHEMA.md):
#: Daybreak's Colonial One can be destroyed (R318)
REPLACES = {"bomb_on_colonial_one_daybreak": "bomb_on_colonial_one"}
#: the location whose place Hub Destroyed takes once the Cylon locations sheet is destroyed (R313, R319)
RESURRECTION = "resurrection_ship"
HUB_DESTROYED = "hub_destroyed"
#: the loyalty sides a Daybreak table plays with: the Sympathizer is removed from the game (R124 A)
LOYALTY_SIDES = ("cylon", "human", "mutineer")


def on(state: State) -> bool:
    """The table plays Daybreak."""
    return bool(state.get("options", {}).get("daybreak"))


def loyalty_cards(side: str, sets: Iterable[str] = LOYALTY_SETS, kinds: Iterable[str] = ()) -> list[str]:
    """The physical loyalty cards of one side on a Daybreak table: those of the table's sets (base and
    Daybreak, and Pegasus's and Exodus's when played: R124 A, RULINGS G135), with Conflicted Loyalties' kinds
    among the Not-a-Cylon cards (R127, RULINGS G134)."""
    return [f"{c}.{k}" for k, c in enumerate(CONTENT.loyalty_cards(side, sets, kinds))]


def table_loyalty(state: State, side: str) -> list[str]:
    """``loyalty_cards`` of the table: its sets and the Conflicted Loyalties kinds it chose (R127)."""
    return loyalty_cards(side, table_sets(state), loyalty_kinds(state["options"]))


def setup(ctx: Ctx) -> None:
    """R145 steps 4 and 6: a Miracle token on every sheet, the Mutiny deck shuffled beside the Crisis deck;
    the loyalty box holds the Daybreak cards, without the Sympathizer (R124 A)."""
    state = ctx.state
    for p in state["players"]:
        p["miracles"] = 1
        p["mutiny"] = []
    decks = state["decks"]
    decks["mutiny"] = ctx.rng.shuffled([f"{c}.{k}" for k, c in enumerate(CONTENT.mutiny_deck())])
    decks["mutiny_discard"] = []
    decks["loyalty_box"] = sorted(c for side in LOYALTY_SIDES for c in table_loyalty(state, side))
    state["daybreak"] = {"mutineer_due": [], "mutineer_pass": [], "mutineer_draw": None, "mutiny_keep": [],
                         "miracle_chooser": None, "destroyed": [],
                         "assault_raptors": _assault_raptors_at_setup(), "raptors_at_jump": None,
                         "pilots_at_jump": []}
    # R145 step 5: Daybreak's Skill, Crisis and Super Crisis cards are in the decks of the table's sets
    # (setup.py); a Daybreak card that takes a base card's place (REPLACES) leaves that one out
    for deck in ("crisis", "super_crisis"):
        gone = {REPLACES[c] for c in decks[deck] if c in REPLACES}
        decks[deck] = [c for c in decks[deck] if c not in gone]


def build_loyalty_deck(ctx: Ctx, characters: list[str], leader: bool = False) -> None:
    """R124 A-D: the Cylon and Not-a-Cylon cards counted out of their own shuffled decks (+1 Not-a-Cylon
    with Exodus and for the original Baltar and for Boomer), the Mutineer added where the table says, the
    whole shuffled; the unused cards go back to the box unseen. Dealing is the caller's (R124 E)."""
    state, rng = ctx.state, ctx.rng
    n_cylon, n_human, mutineer = CONTENT.daybreak_loyalty_need(
        state["n"], characters, leader=leader, exodus=bool(state["options"].get("exodus")))
    # R127: the Final Five and Personal Goals chosen are Not-a-Cylon cards, shuffled into that deck before
    # R124's counting (RULINGS G134)
    cylons = rng.shuffled(table_loyalty(state, "cylon"))
    humans = rng.shuffled(table_loyalty(state, "human"))
    mut = table_loyalty(state, "mutineer")
    deck = cylons[:n_cylon] + humans[:n_human] + (mut if mutineer else [])
    state["decks"]["loyalty_box"] = sorted(cylons[n_cylon:] + humans[n_human:] + ([] if mutineer else mut))
    state["decks"]["loyalty"] = rng.shuffled(deck)
    ctx.emit("loyalty_deck_built", size=len(deck))


# --- R1010 Miracle tokens -----------------------------------------------------------------------------


def miracle_limit(state: State, seat: int) -> int:
    """How many Miracle tokens a character may hold (R1010): 1, or what his sheet says (the alternate Gaius
    Baltar: 3); he spends them all on his once-per-game ability."""
    character = state["players"][seat]["character"]
    if character is None:
        return 1
    return max([1] + [int(e.get("count")) for a in CONTENT.characters[character].abilities
                      for e in a.effects if e.kind == "miracle_limit"])


def once_available(state: State, seat: int) -> bool:
    """The seat may use its character's once-per-game ability now: it holds its Miracle tokens (R1010: one,
    or all 3 of the alternate Baltar's), or, without Daybreak, it has not used it yet (RULINGS G3)."""
    if on(state):
        return int(state["players"][seat].get("miracles", 0)) >= miracle_limit(state, seat)
    return seat not in state["once_used"]


def spend_once(ctx: Ctx, seat: int) -> None:
    """The once-per-game ability is used: its Miracle tokens discarded (R1010), or the ability spent (G3)."""
    state = ctx.state
    if on(state):
        p = ctx.player(seat)
        p["miracles"] -= miracle_limit(state, seat)
        ctx.emit("miracle_spent", seat=seat, left=p["miracles"])
    else:
        state["once_used"].append(seat)


def miracle_recipients(state: State) -> list[int]:
    """Who may receive a Miracle token (R1010): a human player or a Cylon Leader (R802b; never another revealed
    Cylon, R402b) holding fewer than his limit, i.e. none."""
    return [p["seat"] for p in state["players"]
            if (not p["cylon"] or p.get("leader")) and p.get("miracles", 0) < miracle_limit(state, p["seat"])]


def give_miracle(ctx: Ctx, seat: int) -> bool:
    """A Miracle token to ``seat`` if he may hold it; otherwise it is not given (R1010)."""
    if seat not in miracle_recipients(ctx.state):
        ctx.emit("miracle_not_given", seat=seat)
        return False
    ctx.player(seat)["miracles"] += 1
    ctx.emit("miracle_gained", seat=seat, count=ctx.player(seat)["miracles"])
    return True


def ask_miracle(ctx: Ctx, chooser: int) -> None:
    """A card's "a player of your choice gains a Miracle token": the chooser must name a player who holds
    none; with nobody eligible the token is not given (R1010)."""
    if not miracle_recipients(ctx.state):
        ctx.emit("miracle_not_given", seat=None)
        return
    ctx.state["daybreak"]["miracle_chooser"] = chooser
    next_key(ctx.state)


# --- R1020-R1028 Mutiny cards and the Mutineer ------------------------------------------------------------


def is_mutineer(state: State, seat: int) -> bool:
    """A human holding "You Are a Mutineer" face up (R1025)."""
    p = state["players"][seat]
    return not p["cylon"] and any(card_id(c) == MUTINEER for c in p["revealed"])


def mutiny_limit(state: State, seat: int) -> int:
    """Mutiny cards a player may hold before the Brig, and keeps there: 1, the Mutineer 2 (R1020, R1027)."""
    return CONTENT.mutiny_limits["mutineer" if is_mutineer(state, seat) else "holder"]


def mutineer_received(ctx: Ctx, seat: int, extra: bool) -> None:
    """A human who receives the Mutineer face down reveals it at once (R1026); a revealed Cylon keeps it face
    down, to give it away (R1028, R403). ``extra``: he then draws one more Loyalty card (not when the card
    came from another player, R403, nor from the Sleeper Agent phase's extra draw, R405)."""
    p = ctx.player(seat)
    if not on(ctx.state) or p["cylon"]:
        return
    for card in [c for c in p["loyalty"] if card_id(c) == MUTINEER]:
        p["loyalty"].remove(card)
        p["revealed"].append(card)
        ctx.emit("loyalty_revealed", seat=seat, card=card)
        ctx.state["daybreak"]["mutineer_due"].append({"seat": seat, "extra": extra})
        next_key(ctx.state)


def on_revealed(ctx: Ctx, seat: int) -> None:
    """R402b: a revealed Cylon discards his Miracle token and his Mutiny cards and never receives any again;
    a revealed Mutineer must give the Mutineer card to a human player (R1028)."""
    state = ctx.state
    if not on(state):
        return
    p = ctx.player(seat)
    if p["miracles"]:
        ctx.emit("miracle_discarded", seat=seat, count=p["miracles"])
        p["miracles"] = 0
    if p["mutiny"]:
        state["decks"]["mutiny_discard"] += p["mutiny"]
        ctx.emit("mutiny_discarded", seat=seat, cards=list(p["mutiny"]))
        p["mutiny"] = []
    day: dict[str, Any] = state["daybreak"]
    if seat in day["mutiny_keep"]:
        day["mutiny_keep"].remove(seat)
    if any(card_id(c) == MUTINEER for c in p["revealed"]) and seat not in day["mutineer_pass"]:
        day["mutineer_pass"].append(seat)
    next_key(state)


def leader_returned(ctx: Ctx, seat: int) -> None:
    """R803h: a Cylon Leader whose infiltration ends keeps his Miracle token and discards his Mutiny cards."""
    state = ctx.state
    if not on(state):
        return
    discard_mutiny(ctx, seat)
    next_key(state)


def discard_mutiny(ctx: Ctx, seat: int) -> None:
    """Every Mutiny card of ``seat`` to the Mutiny discard pile (an execution, R450; a Leader's return, R803h), and
    any choice of which to keep that was still his dropped."""
    state = ctx.state
    p = ctx.player(seat)
    if p["mutiny"]:
        state["decks"]["mutiny_discard"] += p["mutiny"]
        ctx.emit("mutiny_discarded", seat=seat, cards=list(p["mutiny"]))
        p["mutiny"] = []
    if seat in state["daybreak"]["mutiny_keep"]:
        state["daybreak"]["mutiny_keep"].remove(seat)


def blocking(state: State) -> bool:
    """A Daybreak decision or receipt is still due: the turn does not pass yet."""
    if not on(state):
        return False
    day = state["daybreak"]
    return bool(day["mutineer_due"] or day["mutineer_pass"] or day["mutiny_keep"]
                or day["mutineer_draw"] is not None or day["miracle_chooser"] is not None
                or day["raptors_at_jump"] is not None or bool(day.get("pilots_at_jump")))


# --- R318, R319, R313 the Colonial One and Cylon locations sheets ---------------------------------------------


def destroyed(state: State, sheet: str) -> bool:
    """The sheet (``colonial_one``, ``cylon_locations``) was destroyed and flipped (R318, R319)."""
    return on(state) and sheet in state["daybreak"]["destroyed"]


def location_in_play(state: State, location: str) -> bool:
    """A location of the table: of the sets and modules it plays (``state.out_of_play``); not on a destroyed
    Colonial One (R318); the Resurrection Ship until the Cylon locations sheet is destroyed, Hub Destroyed
    after (R319, R313)."""
    loc = CONTENT.locations[location]
    if out_of_play(state, location):  # of a set or module the table does not play, or of a destroyed Pegasus
        return False
    if not earth.location_in_play(state, location):  # the Rebel Basestar before "Cylon Civil War" (R1060)
        return False
    if not on(state):
        return True
    if loc.ship == "colonial_one" and destroyed(state, "colonial_one"):
        return False
    if location == RESURRECTION:
        return not destroyed(state, "cylon_locations")
    if location == HUB_DESTROYED:
        return destroyed(state, "cylon_locations")
    return True


def resurrection(state: State) -> str:
    """Where a revealed Cylon goes (R402d): the Resurrection Ship, or Hub Destroyed in its stead (R313); the
    Medical Center before Galactica returns to New Caprica (R825a)."""
    if planet.before_return(state):
        return planet.board().roles["resurrection"]
    return HUB_DESTROYED if destroyed(state, "cylon_locations") else RESURRECTION


# --- R623, R1030 Assault Raptors ---------------------------------------------------------------------------
#
# ``state["daybreak"]["assault_raptors"]``: ``reserves`` (in the Reserves), ``beside`` (the others, beside the
# board: R145 step 2), ``lost`` (destroyed, out of the game), ``space`` (area -> unpiloted ones there).

ASSAULT_RAPTOR = "assault_raptor"


def _assault_raptors_at_setup() -> dict[str, Any]:
    total = CONTENT.board.components[ASSAULT_RAPTOR]
    reserves = CONTENT.board.setup_reserves[ASSAULT_RAPTOR]
    return {"reserves": reserves, "beside": total - reserves, "lost": 0, "space": {}}


def assault_raptors(state: State) -> dict[str, Any] | None:
    """The Assault Raptors' record, on a Daybreak table."""
    if not on(state):
        return None
    found: dict[str, Any] = state["daybreak"]["assault_raptors"]
    return found


def assault_raptors_in(state: State, area: str) -> int:
    ar = assault_raptors(state)
    return 0 if ar is None else int(ar["space"].get(area, 0))


def assault_raptors_in_reserves(state: State) -> int:
    ar = assault_raptors(state)
    return 0 if ar is None else int(ar["reserves"])


def place_assault_raptor(state: State, area: str, change: int) -> None:
    """One more (``change`` 1) or one fewer (-1) unpiloted Assault Raptor in an area."""
    space = state["daybreak"]["assault_raptors"]["space"]
    space[area] = space.get(area, 0) + change
    if not space[area]:
        del space[area]


def lose_assault_raptor(ctx: Ctx, area: str | None) -> None:
    """An Assault Raptor is destroyed, from an area or (``None``) from the Reserves: a damage destroys it too
    (R623); it leaves the game."""
    ar = ctx.state["daybreak"]["assault_raptors"]
    if area is None:
        ar["reserves"] -= 1
    else:
        place_assault_raptor(ctx.state, area, -1)
    ar["lost"] += 1
    ctx.emit("assault_raptor_destroyed", area=area)


def raptors_at_jump(ctx: Ctx) -> None:
    """R623, R704 A: the unpiloted Assault Raptors in space may stay in their areas at a jump; the active
    player decides (RULINGS G102). Each pilot of one decides for his own (``pilots_at_jump``)."""
    state = ctx.state
    ar = assault_raptors(state)
    if ar is None:
        return
    if ar["space"]:
        state["daybreak"]["raptors_at_jump"] = int(state["current"])
        next_key(state)
    pilots = [p["seat"] for p in state["players"] if p["viper"] is not None and flies_assault_raptor(p)]
    if pilots:
        state["daybreak"]["pilots_at_jump"] = pilots
        next_key(state)


def flies_assault_raptor(player: dict[str, Any]) -> bool:
    """The pilot is in an Assault Raptor, not a viper (R623)."""
    return player.get("craft") == ASSAULT_RAPTOR


def release_craft(state: State, player: dict[str, Any]) -> None:
    """The pilot leaves his craft: a viper, or an Assault Raptor, goes back to its Reserves (R213b, R431)."""
    if player["viper"] is None:
        return
    if flies_assault_raptor(player):
        state["daybreak"]["assault_raptors"]["reserves"] += 1
        del player["craft"]
    else:
        state["reserves"]["viper"] += 1
    player["viper"] = None


def lose_craft(ctx: Ctx, player: dict[str, Any], damaged: bool) -> None:
    """A raider hit the pilot's craft (R432): a viper goes to the Damaged Vipers box or is destroyed; an
    Assault Raptor is destroyed either way (R623)."""
    state = ctx.state
    if flies_assault_raptor(player):
        del player["craft"]
        state["daybreak"]["assault_raptors"]["lost"] += 1
        ctx.emit("assault_raptor_destroyed", area=player["viper"])
    elif damaged:
        state["damaged_vipers"] += 1
    else:
        state["vipers_lost"] += 1
    player["viper"] = None


# --- R104, R1001 the characters of a Daybreak table ---------------------------------------------------------


def version_root(character: str) -> str:
    """The character a Daybreak alternate version is of; the character itself otherwise (R1001)."""
    return CONTENT.characters[character].version_of or character


def available_characters(taken: Iterable[str], choice_types: Iterable[str],
                         candidates: Iterable[Character]) -> list[str]:
    """R104 with Daybreak (R1001, A39, RULINGS G103): base and Daybreak characters; never a second version of
    a character in play, though an unchosen version still counts in the totals of its type; the choosing
    player takes a support character or one of the type(s) with the most characters left. When the only
    characters of those types are such blocked versions, any free character may be taken. ``candidates``: the
    characters of the table's sets, Cylon Leaders apart (setup.py, RULINGS G133)."""
    taken = set(taken)
    roots = {version_root(c) for c in taken}
    kinds = tuple(choice_types)
    free = [c for c in candidates if c.id not in taken]
    counts = Counter(c.type for c in free if c.type in kinds)
    most = max(counts.values(), default=0)
    open_ = [c for c in free if version_root(c.id) not in roots]
    found = [c.id for c in open_ if c.type == "support" or (c.type in kinds and counts[c.type] == most)]
    return found or [c.id for c in open_]


# --- R505 skill check abilities ----------------------------------------------------------------------------


def has_skill_check_ability(card: str) -> bool:
    """A Daybreak card with the skill check ability icon: a ``sca`` Skill card, or a Treachery card with one
    (R505, R508, RULINGS G146)."""
    found = CONTENT.skill_cards[card_id(card)]
    return found.timing == "sca" or bool(found.sca)


def skill_check_ability(kind: str) -> tuple[Effect, ...]:
    """What a card's skill check ability does: a ``sca`` card's effects, a Treachery card's ``sca``."""
    found = CONTENT.skill_cards[kind]
    return found.effects if found.timing == "sca" else found.sca


def skill_check_abilities(pile: list[str]) -> list[str]:
    """The skill check abilities a revealed pile resolves (R505, RULINGS G107): one per kind of card, in the
    order of the colours (politics, leadership, tactics, piloting, engineering) and then of the card ids."""
    kinds = {card_id(c) for c in pile if has_skill_check_ability(c)}
    order = {s: i for i, s in enumerate(CONTENT.skill_types)}
    return sorted(kinds, key=lambda k: (order.get(CONTENT.skill_cards[k].skill, 99), k))
