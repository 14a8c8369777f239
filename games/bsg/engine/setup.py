"""The game's start (bsg:R101-R110): resources, ships, decks, character choice, titles, loyalty deal,
starting skills and the Destiny deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.bsg.engine import acted, cylon_fleet, daybreak, earth, motives, trauma
from games.bsg.engine.content import CHARACTER_TYPES, LEADER
from games.bsg.engine.decks import build_destiny, draw_from, draw_skill
from games.bsg.engine.options import CYLON_LEADER, FRIENDLY_CYLON, loyalty_kinds, modules, objective, recorded
from games.bsg.engine.state import (
    CONTENT,
    Ctx,
    State,
    infiltrator,
    new_player,
    next_key,
    skill_sets,
    skill_types,
    table_sets,
)
from games.engine.core import IllegalCommand, Rng

#: R140: the base cards a Pegasus table leaves out (the 7 Investigative Committee politics cards).
PEGASUS_REMOVES = ("investigative_committee",)

#: The character types whose availability decides the choice (R104); support characters are exempt.
CHOICE_TYPES = tuple(t for t in CHARACTER_TYPES if t != "support")


def empty_area() -> dict[str, Any]:
    return {"raider": 0, "heavy_raider": 0, "basestar": [], "viper": 0, "civilian": []}


def setup_game(num_players: int, options: Mapping[str, Any], rng: Rng) -> Ctx:
    board = CONTENT.board
    state: State = {
        "n": num_players, "options": recorded(options),
        "phase": "characters", "step": None, "dseq": 0,
        "turn_no": 0, "first": 0, "current": 0, "chooser": 0,
        "players": [new_player(s) for s in range(num_players)],
        "president": None, "admiral": None,
        "resources": dict(board.start_resources),  # R101
        "jump": 0, "distance": 0, "destinations": [], "sleeper_done": False, "objective_reached": False,
        "reserves": {"viper": board.setup_reserves["viper"], "raptor": board.setup_reserves["raptor"]},  # R102
        "damaged_vipers": 0, "vipers_lost": 0, "activation": None, "damage": [], "boarding": [],
        "acted": acted.empty(),  # the Cylon ships activated in this turn (acted.py, R602)
        "supply": {k: board.components[k] for k in ("raider", "heavy_raider", "basestar")},
        "space": {a.id: empty_area() for a in board.space_areas},
        "decks": {}, "crisis": None, "check": None, "prompt": None, "discards": [], "forced": {},
        "give_away": [],  # seats giving their face-down loyalty cards to a human (R402f, R403)
        "result": None,
        "viper_acts": None,  # viper activations a seat has left to spend (vipers.py)
        "attached": [],  # Quorum cards lying on a character (quorum.py)
        "known": {},  # seat -> the loyalty cards of others it has looked at
        "once_used": [],  # seats whose character used his once-per-game ability (RULINGS G3)
        "ordered": None,  # an Executive Order's actions still due (skill_actions.py)
        "readied": [],  # die cards played ahead as standing orders (dice.py)
        "armed": None,  # Zarek's reroll armed for this turn: {"seat", "turn"} (dice.py)
        "rerolls": [],  # "<seat>:<turn>" once Zarek rerolled that turn
        "intuition": [],  # "<seat>:<turn>" once Boomer's Mysterious Intuition drew that turn (checks.py)
    }
    ctx = Ctx(state=state, rng=rng)
    decks: dict[str, Any] = state["decks"]
    # R107: every deck shuffled from the seed; skill cards split by type.
    sets = table_sets(state)
    removed = PEGASUS_REMOVES if "pegasus" in sets else ()
    decks["skill"] = {}
    for skill in skill_types(state):
        cards = [f"{cid}.{strength}.{k}" for k, (cid, strength) in enumerate(CONTENT.skill_deck(
                     skill, skill_sets(state, skill)))
                 if cid not in removed]
        decks["skill"][skill] = rng.shuffled(cards)
    decks["skill_discard"] = {skill: [] for skill in skill_types(state)}
    decks["destiny"] = []
    mods = modules(options)  # R144 step 1, R919: the Cylon Fleet's crisis decks
    for name, pile in (("crisis", CONTENT.crisis_deck(sets, mods)),
                       ("super_crisis", CONTENT.super_crisis_deck(sets, mods)),
                       ("destination", CONTENT.destination_deck(sets, objective(options), mods)),
                       ("quorum", CONTENT.quorum_deck(sets))):
        decks[name] = rng.shuffled(list(pile))
        decks[f"{name}_discard"] = []
    decks["civilians"] = rng.shuffled([c.id for c in board.civilians])
    decks["galactica_damage"] = rng.shuffled([t.id for t in board.galactica_damage])
    decks["damage_removed"] = []
    if "pegasus" in sets:  # R140, R800: the Pegasus board and its damage tokens
        decks["pegasus_damage"] = rng.shuffled([t.id for t in board.pegasus_damage])
        state["pegasus"] = {"damage": [], "destroyed": False, "prefer": []}
    decks["civilians_destroyed"] = []
    decks["quorum_removed"] = []
    decks["loyalty"] = []
    # every loyalty card waits in the box until the deck is built (R106), so each card is always somewhere
    decks["loyalty_box"] = sorted(f"{c}.{k}" for side in ("cylon", "human", "sympathizer", "sympathetic_cylon")
                                  for k, c in enumerate(CONTENT.loyalty_cards(side, sets, loyalty_kinds(options))))
    if motives.on(state):  # R804: with Daybreak the Leader's Motive deck, in the Agendas' place (RULINGS G137)
        motives.setup_deck(state, rng.shuffled(list(CONTENT.motive_deck())))
    elif state["options"].get(CYLON_LEADER) or state["options"].get(FRIENDLY_CYLON):  # R805, R406: secret
        decks["agendas"] = {kind: rng.shuffled(list(CONTENT.agenda_deck(kind, sets)))
                            for kind in ("sympathetic", "hostile")}
    if cylon_fleet.active(state):  # R144 steps 2-3
        cylon_fleet.setup(state)
    if daybreak.on(state):  # R145: Miracle tokens, the Mutiny deck, the Daybreak loyalty cards
        daybreak.setup(ctx)
    if earth.on(state):  # R147, R1051: the Earth objective, after Daybreak's setup
        earth.setup(ctx)
    # R110: the opening ships (RULINGS C5).
    for ship, area, count in board.setup_ships:
        place_ships(ctx, ship, area, count)
    # R103: the first player, at random; he chooses first.
    state["first"] = state["current"] = state["chooser"] = rng.below(num_players)
    ctx.emit("first_player_chosen", seat=state["first"])
    return ctx


def place_ships(ctx: Ctx, ship: str, area: str, count: int) -> int:
    """Put up to ``count`` ships of a kind in a space area, as many as the supply holds (R003); how many.
    With the Cylon Fleet, vipers the Reserves lack are Viper Mark VII while there are some (R916, RULINGS
    G194), and Cylon ships the supply lacks come off the Cylon Fleet board, its lowest-numbered areas first;
    what is still missing is not placed (R914; a card's placements in its order, RULINGS G75)."""
    state = ctx.state
    where = state["space"][area]
    placed = 0
    for _ in range(count):
        if ship == "viper":
            if state["reserves"]["viper"] > 0:
                state["reserves"]["viper"] -= 1
                where["viper"] += 1
            elif cylon_fleet.mk7_reserves(state):  # R916: a Viper Mark VII once no normal one is left (G194)
                state["mk7"]["reserves"] -= 1
                state["mk7"]["space"][area] += 1
            else:
                break
        elif ship == "civilian":
            if not state["decks"]["civilians"]:
                break
            where["civilian"].append(state["decks"]["civilians"].pop())
        elif ship == "basestar":
            basestar: dict[str, Any] | None = None
            if state["supply"]["basestar"] > 0:
                state["supply"]["basestar"] -= 1
                basestar = {"damage": []}
            elif cylon_fleet.active(state):  # R914 step 2 (with the damage it carries: RULINGS G74)
                basestar = cylon_fleet.take_basestar(state)
            if basestar is None:
                break
            where["basestar"].append(basestar)
        elif state["supply"][ship] > 0:
            state["supply"][ship] -= 1
            where[ship] += 1
        elif cylon_fleet.active(state) and cylon_fleet.take_from_fleet(state, ship):  # R914 step 2
            where[ship] += 1
        else:
            break
        placed += 1
    if placed:
        ctx.emit("ships_placed", ship=ship, area=area, count=placed)
    return placed


# --- R104 character choice -------------------------------------------------------------------------

def chosen_characters(state: State) -> list[str]:
    return [p["character"] for p in state["players"] if p["character"] is not None]


def is_leader(state: State, seat: int) -> bool:
    """R802: the seat plays a Cylon Leader."""
    return bool(state["players"][seat].get("leader"))


def available_characters(state: State) -> list[str]:
    """The characters the choosing seat may take: those of the type(s) with the most characters still
    available among political, military and pilot, plus any support character (R104). With the Cylon Leader
    option exactly one seat plays a Leader: any seat may take one while none is taken, and the last seat to
    choose must when none is (RULINGS G58)."""
    taken = set(chosen_characters(state))
    free = [c for c in CONTENT.characters_in(table_sets(state)) if c.id not in taken]
    leaders = [c.id for c in free if c.type == LEADER]
    free = [c for c in free if c.type != LEADER]
    if state["options"].get(CYLON_LEADER) and not any(q.get("leader") for q in state["players"]):
        last = sum(1 for q in state["players"] if q["character"] is None) == 1
        if last:
            return leaders
    else:
        leaders = []
    if daybreak.on(state):  # R1001: one version of each character, of every set of the table (G133)
        return daybreak.available_characters(taken, CHOICE_TYPES, free) + leaders
    counts = Counter(c.type for c in free if c.type in CHOICE_TYPES)
    most = max(counts.values(), default=0)
    return [c.id for c in free if c.type == "support" or (c.type in CHOICE_TYPES and counts[c.type] == most)] \
        + leaders


def choose_character(ctx: Ctx, seat: int, character: str, area: str | None) -> None:
    state = ctx.state
    table = {c.id for c in CONTENT.characters_in(table_sets(state))}
    if character not in table or character in chosen_characters(state):
        raise IllegalCommand("character_not_available", "bsg:R104", character=character)
    if daybreak.on(state) and daybreak.version_root(character) in {
            daybreak.version_root(c) for c in chosen_characters(state)}:
        raise IllegalCommand("character_version_in_play", "bsg:R1001", character=character)
    if character not in available_characters(state):
        raise IllegalCommand("character_type_not_most_available", "bsg:R104", character=character)
    sheet = CONTENT.characters[character]
    p = ctx.player(seat)
    if sheet.start == "viper":  # RULINGS C3: Apollo starts in a viper, in a launch area of his choice
        if area not in CONTENT.board.launch_areas():
            raise IllegalCommand("bad_launch_area", "bsg:R104", area=area)
        state["reserves"]["viper"] -= 1
        p["viper"] = area
    elif area is not None:
        raise IllegalCommand("bad_argument", "", argument="area")
    elif sheet.start == "stranded":  # RULINGS C4
        p["stranded"] = True
    else:
        p["location"] = sheet.start
    if sheet.type == LEADER:  # R802: a revealed Cylon from the start, in his Cylon location
        p["leader"] = True
        p["cylon"] = not sheet.infiltrated  # Athena starts infiltrated, in her human location (R141, G196)
    p["character"] = character
    ctx.emit("character_chosen", seat=seat, character=character, location=p["location"], viper=p["viper"])
    next_key(state)
    if all(q["character"] is not None for q in state["players"]):
        finish_setup(ctx)
    else:
        state["chooser"] = (seat + 1) % state["n"]


# --- R105-R109 -------------------------------------------------------------------------------------

def title_holder(state: State, title: str, besides: int | None = None) -> int | None:
    """The seat whose character ranks highest on the title's line of succession (R105, R422, RULINGS C19):
    revealed Cylons are skipped, and infiltrated ones (R803e, R406b), characters barred from the title by their
    sheet, and for the Admiral a character in the Brig (R423); ``besides``: a seat left out (the holder who hands
    the title on, RULINGS G201)."""
    by_character: dict[str, int] = {p["character"]: p["seat"] for p in state["players"] if not p["cylon"]
                                    and not infiltrator(p)
                                    and not (title in ("admiral", "cag") and p["location"] == "brig")
                                    and not p.get("eliminated")  # R978
                                    and p["seat"] != besides}
    for entry in state.get("attached", []):  # Assign Vice President: first in line (RULINGS G32)
        if any(e.kind == "succession_first" and e.get("title") == title
               for e in CONTENT.quorum[entry["card"]].effects) and entry["seat"] in by_character.values():
            return int(entry["seat"])
    line = CONTENT.cylon_fleet.cag_succession if title == "cag" else CONTENT.board.succession[title]
    for character in line:
        seat = by_character.get(character)
        if seat is None:
            continue
        barred = any(e.kind == "title_barred" and e.get("title") == title
                     for a in CONTENT.characters[character].abilities for e in a.effects)
        if not barred:
            return seat
    return None


def extra_loyalty(character: str, at: str) -> int:
    """Loyalty cards a sheet adds at ``setup`` or ``sleeper`` (Baltar, Boomer: RULINGS C3, A1)."""
    return sum(e.get("count", 1) for a in CONTENT.characters[character].abilities for e in a.effects
               if e.kind == "extra_loyalty" and e.get("at") == at)


def deal_loyalty(ctx: Ctx, seat: int, count: int = 1) -> None:
    for _ in range(count):
        deck = ctx.state["decks"]["loyalty"]
        if not deck:
            return
        card = deck.pop()
        ctx.player(seat)["loyalty"].append(card)
        ctx.emit("loyalty_dealt", visible_to=frozenset({seat}), redacted={"seat": seat}, seat=seat, card=card)


def build_loyalty(ctx: Ctx) -> None:
    """R120: the Cylon cards shuffled and counted out, the Not-a-Cylon cards (+1 for Baltar and Boomer),
    shuffled and dealt, then the Sympathizer shuffled in at 4 and 6 players; the rest is kept back for the
    Sleeper Agent phase. Unused cards go back to the box unseen."""
    state, rng = ctx.state, ctx.rng
    chars = chosen_characters(state)
    if daybreak.on(state):
        build_daybreak_loyalty(ctx, chars)
        return
    sets = table_sets(state)  # R122: base and Exodus cards in one Cylon and one Not-a-Cylon pile
    leader = next((q["seat"] for q in state["players"] if q.get("leader")), None)
    if leader is None:
        n_cylon, n_human, sympathizer = CONTENT.loyalty_need(state["n"], chars, sets)
    else:  # R121, R125: the Leader's table, R123 with the Exodus cards; never the Sympathizer (R150d)
        deal = CONTENT.leader_need(state["n"], chars, exodus="exodus" in sets)
        n_cylon, n_human, sympathizer = deal.cylon, deal.not_cylon, False
    kinds = loyalty_kinds(state["options"])  # R127: the Final Five and Personal Goals join the Not-a-Cylon pile
    cylons = rng.shuffled([f"{c}.{k}" for k, c in enumerate(CONTENT.loyalty_cards("cylon", sets))])
    humans = rng.shuffled([f"{c}.{k}" for k, c in enumerate(CONTENT.loyalty_cards("human", sets, kinds))]) if (
        "exodus" in sets) else [f"{c}.{k}" for k, c in enumerate(CONTENT.loyalty_cards("human", sets))]
    symp = [f"{c}.{k}" for k, c in enumerate(CONTENT.loyalty_cards("sympathizer", sets))]
    friendly = [f"{c}.{k}" for k, c in enumerate(CONTENT.loyalty_cards("sympathetic_cylon", sets))]
    if state["options"].get(FRIENDLY_CYLON):  # R128: the Sympathetic Cylon in the Sympathizer's place
        symp, friendly = friendly, symp
    deck = cylons[:n_cylon] + humans[:n_human]
    state["decks"]["loyalty_box"] = sorted(cylons[n_cylon:] + humans[n_human:] + ([] if sympathizer else symp)
                                           + friendly)
    state["decks"]["loyalty"] = rng.shuffled(deck)
    ctx.emit("loyalty_deck_built", size=len(deck))
    for i in range(state["n"]):
        seat = (state["first"] + i) % state["n"]
        if seat != leader:  # R126, R802e: a Leader is dealt no loyalty card
            deal_loyalty(ctx, seat, 1 + extra_loyalty(state["players"][seat]["character"], "setup"))
    if leader is not None:  # R121, R805: a random Agenda of the kind the player count names, secret
        deal_agenda(ctx, leader, CONTENT.leader_need(state["n"], chars).agenda)
    if sympathizer:
        state["decks"]["loyalty"] = rng.shuffled(state["decks"]["loyalty"] + symp)
        ctx.emit("sympathizer_added", size=len(state["decks"]["loyalty"]))


def deal_agenda(ctx: Ctx, seat: int, kind: str) -> None:
    pile = ctx.state["decks"]["agendas"][kind]
    card = pile.pop()
    ctx.player(seat)["agenda"] = card
    ctx.emit("agenda_dealt", visible_to=frozenset({seat}), redacted={"seat": seat, "deck": kind}, seat=seat,
             deck=kind, card=card)


def starting_count(state: State, seat: int) -> int:
    """R108, R141: 3 starting Skill cards; a Cylon Leader draws 2, but 3 when he starts infiltrated (Athena,
    L243)."""
    p = state["players"][seat]
    return 2 if is_leader(state, seat) and p["cylon"] else int(CONTENT.board.starting_skills)


def build_daybreak_loyalty(ctx: Ctx, chars: list[str]) -> None:
    """R124: the Daybreak deck (no Sympathizer, the Mutineer at 4 and 6 players), 1 card to each player and
    2 to the original Baltar (R124 E); a human dealt the Mutineer reveals it at once and draws one more card
    (R1026: the draw, his Mutiny card and his titles follow once the deal is done, mutiny.py)."""
    state = ctx.state
    leader = next((q["seat"] for q in state["players"] if q.get("leader")), None)
    daybreak.build_loyalty_deck(ctx, chars, leader is not None)
    order = [(state["first"] + i) % state["n"] for i in range(state["n"]) if (state["first"] + i) % state["n"] != leader]
    for seat in order:  # R124 E: none to the Cylon Leader
        deal_loyalty(ctx, seat, 1 + extra_loyalty(state["players"][seat]["character"], "setup"))
    if leader is not None:  # R124 C, R804: his 2 Motive cards
        motives.deal(ctx, leader, motives.DEALT_AT_SETUP)
    for seat in order:
        daybreak.mutineer_received(ctx, seat, extra=True)


def finish_setup(ctx: Ctx) -> None:
    state = ctx.state
    board = CONTENT.board
    president = title_holder(state, "president")
    admiral = title_holder(state, "admiral")
    state["president"], state["admiral"] = president, admiral
    ctx.emit("titles_assigned", president=president, admiral=admiral)
    if cylon_fleet.active(state):  # R144 step 4, R421: the CAG by succession
        state["cag"] = title_holder(state, "cag")
        ctx.emit("title_given", title="cag", seat=state["cag"])
    if admiral is not None:
        ctx.player(admiral)["nukes"] = board.admiral_nukes  # R105
    if president is not None:
        for _ in range(board.president_quorum):
            card = draw_from(ctx, "quorum")
            ctx.player(president)["quorum"].append(card)
            ctx.emit("quorum_drawn", visible_to=frozenset({president}), redacted={"seat": president},
                     seat=president, card=card)
    build_loyalty(ctx)  # R106
    if trauma.chosen(state):  # R146, R931: trauma, the allies, the Crossroads deck
        trauma.setup(ctx)
    state["phase"] = "starting_skills"  # R108
    state["players"][state["first"]]["started"] = True
    if all(p["started"] for p in state["players"]):
        start_play(ctx)


def draw_starting_skills(ctx: Ctx, seat: int, types: list[str]) -> None:
    """R108: every player but the first draws 3 cards from the decks of his skill set, in any mix."""
    p = ctx.player(seat)
    own = CONTENT.characters[p["character"]].skill_types
    count = starting_count(ctx.state, seat)
    if len(types) != count or any(t not in own for t in types):
        raise IllegalCommand("bad_starting_skills", "bsg:R108", count=count)
    for skill in types:
        draw_skill(ctx, seat, skill)
    p["started"] = True
    next_key(ctx.state)
    if all(q["started"] for q in ctx.state["players"]):
        start_play(ctx)


def start_play(ctx: Ctx) -> None:
    build_destiny(ctx)  # R109
    state = ctx.state
    state["phase"] = "turn"
    state["current"] = state["first"]
    state["turn_no"] = 1
    state["step"] = "receive"
    next_key(state)
    ctx.emit("turn_started", seat=state["current"], turn=1)
    trauma.turn_started(ctx)  # R202
