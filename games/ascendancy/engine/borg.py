"""The Borg automaton (R216-R275): its setup, and its turn as a sequence of automatic steps.

``state["borg"]``: ``cubes`` (Cubes in space: ``{"id", "sector", "placed"}``), ``spires`` (``{"system",
"nodes", "cube", "placed"}``; ``cube`` is the id of a Cube built on top, not yet launched), ``next_piece``,
``commands`` (``deck`` top = last, ``discard``), ``tech`` (``deck``), ``hub`` (the Transwarp Hub's system id
once on the table), ``extra_turn`` (R227) and ``cursor``: where the Borg turn stands, so that each
``automaton_turn`` command applies exactly one step (a Hub roll, one Spire's action, one Cube's engagement,
one Combat Round, one Command card, ...) and the players can follow it ("Borg turn: cube 2 of 4").

Every decision of the automaton is logged with the rule that made it and the tie-break used (``rule``,
``tiebreak`` in the event). Where the rules give the players a choice (which Cube activates next, R223) the
turn stops on a ``borg_choose_cube`` prompt for that seat.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable
from typing import Any

from games.ascendancy.engine import board, catalog, effects, layout
from games.ascendancy.engine.build import check_fleet_sizes, developed, enforce_project_limit
from games.ascendancy.engine.combat import (
    ATTACK_RULES,
    INV_ATT,
    INV_DEF,
    SPACE,
    adv_sources,
    fleet_effects,
    fleets_in,
    hits_needed,
    is_hit,
    lose_units,
    side_sources,
    starbase_bonus,
)
from games.ascendancy.engine.state import Ctx, State, adv_effects, bump, command_total, live_seats, shield_mod
from games.engine.core import Command, IllegalCommand

BORG = "borg"
BOARD = catalog.CONTENT.borg
MAX_DIE = 6


# --- setup (§2.3-§2.5) ---------------------------------------------------------------------------------------
def in_play(state: State) -> bool:
    return "borg" in state


def setup_borg(ctx: Ctx) -> None:
    """§2.3: the Borg take a Turn Order card every round; both Borg decks shuffled (I40); the Borg discs in the
    lower part of the stack (A31); the Hub at the centre in the Delta Quadrant (B27)."""
    from games.ascendancy.engine.setup import new_system, rng_shuffled

    s = ctx.state
    opts = s["options"]
    mode = opts["borg_mode"]
    red = mode in ("delta_quadrant", "delta_probe")
    s["automata"] = [BORG]
    s["borg"] = {
        "cubes": [], "spires": [], "next_piece": 1, "hub": None, "extra_turn": False, "cursor": None, "attack": None,
        "commands": {"deck": rng_shuffled(ctx.rng, list(catalog.CONTENT.borg_command_deck(red))), "discard": []},
        "tech": {"deck": rng_shuffled(ctx.rng, list(catalog.CONTENT.borg_tech_deck()))},
    }
    hub = catalog.CONTENT.hub().id
    discs = sorted(d for d, disc in catalog.BORG_DISCS.items() if disc["transwarp"] != "hub")
    keep = 0 if opts.get("random_galaxy") else 2 * s["n"]  # the starting Planetary discs on top (§2.1.10)
    split = len(s["stack"]) - keep
    lower, top = s["stack"][:split], s["stack"][split:]
    lower = ctx.rng.shuffled(lower + discs)
    if mode == "delta_probe":  # R272: the Hub is shuffled in; Humble Origins + Borg: in the lower half (R275)
        bottom = len(lower) // 2 if opts.get("borg_humble_origins") else len(lower)
        lower.insert(ctx.rng.below(bottom + 1), hub)
    s["stack"] = lower + top
    _exploration_deck(ctx, red)
    if mode == "delta_quadrant":
        disc = catalog.DISCS[hub]
        centre = _hub_point(s)
        s["systems"][hub] = new_system(hub, disc, [centre[0], centre[1]])
        layout.place_fixed(s, hub, centre, int(disc["max_lanes"]))
        s["borg"]["hub"] = hub
    ctx.emit("borg_set_up", mode=mode, hub=s["borg"]["hub"], rule="ascendancy:R216")


def _exploration_deck(ctx: Ctx, red: bool) -> None:
    """§2.3 step 2: 2 x players non-Borg cards set aside (3 x with They're Out There Somewhere, R273; doubled by
    Humble Origins + Borg, R275), the Borg cards in use shuffled into the rest, the set-aside cards on top. With
    1 player the cards naming a rival leave the deck (§2.5)."""
    s = ctx.state
    opts = s["options"]
    per = BOARD.safe_exploration_out_there if opts.get("borg_out_there") else BOARD.safe_exploration_per_player
    if opts.get("borg_humble_origins"):
        per *= BOARD.humble_origins_factor
    deck = [c for c in s["exploration"]["deck"] if not (s["n"] == 1 and catalog.EXPLORATION[c].get("solo_excluded"))]
    safe = min(len(deck), per * s["n"])
    rest, top = deck[: len(deck) - safe], deck[len(deck) - safe:]
    borg_cards = sorted(c for c, info in catalog.BORG_EXPLORATION.items() if red or not info.get("red"))
    s["exploration"]["deck"] = ctx.rng.shuffled(rest + borg_cards) + top


def _hub_point(s: State) -> tuple[float, float]:
    """B27: the table's centre (equidistant from every home); with 1 player ``borg_hub_distance`` cm from
    the home toward the centre (§2.5)."""
    g = layout.galaxy(s)
    cx, cy = g.table.centre
    if s["n"] > 1:
        return (cx, cy)
    hx, hy = s["systems"][board.home_of(s, 0) or ""]["xy"]
    dx, dy = cx - hx, cy - hy
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    d = float(s["options"].get("borg_hub_distance", "45"))
    return (round(hx + dx / length * d, 3), round(hy + dy / length * d, 3))


# --- pieces ----------------------------------------------------------------------------------------------------
def cube_count(state: State) -> int:
    """R220, B4: Cubes in space and Cubes on top of a Spire."""
    b = state["borg"]
    return len(b["cubes"]) + sum(1 for sp in b["spires"] if sp["cube"])


def cube(state: State, cid: str) -> dict[str, Any] | None:
    return next((c for c in state["borg"]["cubes"] if c["id"] == cid), None)


def cube_at(state: State, sector: str) -> dict[str, Any] | None:
    if not in_play(state):
        return None
    return next((c for c in state["borg"]["cubes"] if c["sector"] == sector), None)


def spire_systems(state: State) -> set[str]:
    if not in_play(state):
        return set()
    return {sp["system"] for sp in state["borg"]["spires"]}


def _piece_id(state: State, kind: str) -> tuple[str, int]:
    n: int = state["borg"]["next_piece"]
    state["borg"]["next_piece"] = n + 1
    return f"{kind}{n}", n


def new_cube(ctx: Ctx, sector: str, why: str, rule: str) -> str | None:
    """A Cube enters play in ``sector`` (the 5-Cube limit R220 and one Cube per sector R247)."""
    s = ctx.state
    if cube_count(s) >= BOARD.pieces["cubes"]:
        ctx.emit("borg_cube_not_placed", sector=sector, why=why, reason="five_cubes", rule="ascendancy:R220")
        return None
    if cube_at(s, sector) is not None:
        ctx.emit("borg_cube_not_placed", sector=sector, why=why, reason="sector_has_cube", rule="ascendancy:R247")
        return None
    cid, n = _piece_id(s, "cube")
    s["borg"]["cubes"].append({"id": cid, "sector": sector, "placed": n})
    cur = s["borg"]["cursor"]
    if cur is not None and cur["stage"] == "command":  # B6: a Cube entering play joins those to activate
        cur["todo"].append(cid)
        cur["total"] += 1
    ctx.emit("borg_cube_placed", cube=cid, sector=sector, why=why, rule=rule)
    return cid


def remove_cube(ctx: Ctx, cid: str) -> None:
    b = ctx.state["borg"]
    b["cubes"] = [c for c in b["cubes"] if c["id"] != cid]
    cur = b["cursor"]
    if cur is not None:
        cur["todo"] = [c for c in cur["todo"] if c != cid]


def draw_tech(ctx: Ctx, seat: int) -> None:
    """R262: a Borg Technology card (B17: an empty deck gives nothing). Kept in ``borg_tech``, in the open."""
    deck = ctx.state["borg"]["tech"]["deck"]
    if not deck:
        ctx.emit("borg_tech_none_left", seat=seat, rule="ascendancy:R262")
        return
    ctx.revealing = True
    card = deck.pop()
    p = ctx.player(seat)
    ctx.emit("borg_tech_drawn", seat=seat, card=card, rule="ascendancy:R262")
    tech = catalog.BORG_TECH[card]
    if tech["discard"]:  # B47: kept in hand, face up, until discarded to use
        p.setdefault("borg_tech", []).append(card)
        return
    if int(tech["cost"]) > 0:  # R262, B26: a Tech Project, funded like any other (R15), under R132's limit
        p["projects"].append({"card": card, "research": 0})
        ctx.emit("borg_tech_project", seat=seat, card=card, cost=int(tech["cost"]), rule="ascendancy:R262")
        enforce_project_limit(ctx, seat)
        return
    gains: dict[str, Any] = dict.fromkeys(catalog.RESOURCES, 0)  # R262: completed at once; one-off gains now
    for e in tech["effects"]:
        if e["kind"] == "gain" and e.get("when") == "on_complete":
            for res, amount in e["bundle"].items():
                gains[res] += int(amount)
    p["advancements"].append({"card": card, "exhausted": False})
    for res, amount in gains.items():
        p["resources"][res] += amount
    ctx.emit("borg_tech_gain", seat=seat, card=card, rule="ascendancy:R262", **gains)


def tech_held(p: dict[str, Any]) -> list[str]:
    """Every Borg Tech card the player holds (B47): his hand of discard-to-use cards, his Tech Projects and the
    Tech cards among his Advancements."""
    return sorted([*p.get("borg_tech", []),
                   *(pr["card"] for pr in p["projects"] if pr.get("card") in catalog.BORG_TECH),
                   *(a["card"] for a in p["advancements"] if a["card"] in catalog.BORG_TECH)])


# --- Borg Tech cards in play (R262, RULINGS B47) -----------------------------------------------------------------
BORG_BATTLE, ASSIMILATION, RECLAIM = "borg_battle", "assimilation", "reclaim"


def tech_effects(p: dict[str, Any], kind: str, scope: str) -> list[dict[str, Any]]:
    """The passive effects of this kind of the player's completed Tech cards (his Advancements), in scope."""
    return [e for src, e in adv_sources(p, kind, scope) if src.partition(":")[2] in catalog.BORG_TECH]


def tech_amount(p: dict[str, Any], kind: str, scope: str) -> int:
    return sum(int(e.get("amount", 0)) for e in tech_effects(p, kind, scope))


def shield_against(p: dict[str, Any], shield: int, scope: str = BORG_BATTLE) -> int:
    """What the player's roll must beat on top of his hit roll against a Cube (``scope`` ``borg_battle``) or a
    Borg System (``reclaim``): Rotating Phaser Frequencies lowers the Shield Modifier (never below 0),
    Interlink Frequency the roll itself."""
    return max(0, shield + tech_amount(p, "adaptive_shield", scope)) - tech_amount(p, "hit_roll", scope)


#: B48: when each discard-to-use Tech card is offered to its holder (its effect kinds, by moment).
OFFERS: dict[str, tuple[str, ...]] = {
    "round": ("cube_damage", "no_regeneration", "reroll"),  # a Combat Round against a Cube begins
    "hits": ("absorb_hits",),  # the Borg have rolled their hits on his ships
    "adapt": ("hold_adaptation",),  # a Combat Round against a Cube ends
    "engage": ("evade_engagement",),  # a Cube engages his ships
    "assimilate": ("cancel_assimilation",),  # a Cube is about to Assimilate his system
    "reclaim": ("first_strike",),  # he Invades a Borg System
    "reclaim_adapt": ("hold_adaptation",),  # the Borg System would gain a node after a round
}
FIRST_ROUND_ONLY = ("cube_damage", "no_regeneration")  # "at the start of a battle"


def hand_cards(p: dict[str, Any], kinds: tuple[str, ...]) -> list[tuple[str, dict[str, Any]]]:
    """(card, effect) of the discard-to-use Tech cards in the player's hand with one of these kinds."""
    return [(card, e) for card in sorted(set(p.get("borg_tech", []))) for e in catalog.BORG_TECH[card]["effects"]
            if e["kind"] in kinds]


def offer(ctx: Ctx, holder: dict[str, Any], moment: str, seats: list[int], rnd: int | None = None,
          **about: Any) -> bool:
    """B48: ask the next seat (turn order) holding a card for this moment, once per card, moment and round
    (``holder["offered"]`` keeps the keys); True while a seat is asked (``borg_tech_offer``)."""
    s = ctx.state
    asked = holder.setdefault("offered", [])
    rnd = holder.get("round", 1) if rnd is None else rnd
    for seat in sorted(set(seats), key=lambda x: turn_rank(s, x)):
        p = s["players"][seat]
        if p["exterminated"]:
            continue
        for card, e in hand_cards(p, OFFERS[moment]):
            if e["kind"] in FIRST_ROUND_ONLY and rnd != 1:
                continue
            key = f"{rnd}:{moment}:{seat}:{card}"
            if key in asked:
                continue
            asked.append(key)
            s["prompt"] = {"kind": "borg_tech_offer", "seat": seat, "card": card, "moment": moment, **about}
            return True
    return False


def offer_commands(state: State, seat: int) -> list[Command]:
    card = state["prompt"]["card"]
    return [Command(seat, "borg_tech_use", {"card": card}), Command(seat, "borg_tech_keep", {"card": card})]


def discard_tech(ctx: Ctx, seat: int, card: str, rule: str = "ascendancy:R262") -> dict[str, Any]:
    """The card leaves the hand for the bottom of the Tech deck (B26); its effect (the first) is returned."""
    p = ctx.player(seat)
    p["borg_tech"].remove(card)
    ctx.state["borg"]["tech"]["deck"].insert(0, card)
    ctx.emit("borg_tech_used", seat=seat, card=card, rule=rule)
    effect: dict[str, Any] = catalog.BORG_TECH[card]["effects"][0]
    return effect


def answer_offer(ctx: Ctx, seat: int, use: bool) -> None:
    """The answer to ``borg_tech_offer``: the card is discarded and played, or kept; the moment goes on."""
    s = ctx.state
    prompt = s["prompt"]
    s["prompt"] = None
    bump(s)
    moment, card = prompt["moment"], prompt["card"]
    effect = discard_tech(ctx, seat, card) if use else None
    if moment in ("round", "hits", "adapt"):
        f = current_fight(s)
        if effect is not None:
            _play_in_fight(ctx, f, seat, effect)
        _route(ctx, f, space_round(ctx, f) if moment == "round" else finish_round(ctx, f))
    elif moment in ("engage", "assimilate"):  # the Borg's step runs again at its next automatic command
        if effect is not None:
            s["borg"]["cursor"]["flags"].setdefault(moment, []).append(seat)
    elif moment == "reclaim":
        reclaim_round(ctx, seat, prompt["system"], first_strike=effect is not None, opening=True)
    elif moment == "reclaim_adapt":
        _reclaim_after(ctx, seat, prompt["system"], hold=effect is not None)


def _play_in_fight(ctx: Ctx, f: dict[str, Any], seat: int, effect: dict[str, Any]) -> None:
    kind = effect["kind"]
    if kind == "cube_damage":  # Transphasic Torpedoes
        f["damage"] = min(BOARD.dice, f["damage"] + int(effect["amount"]))
        ctx.emit("borg_cube_damaged", seat=seat, cube=f["cube"], damage=f["damage"], rule="ascendancy:R239")
    elif kind == "no_regeneration":  # Nanoprobe Countermeasures
        f["no_regeneration"] = True
    elif kind == "reroll":  # Borg Tactical Data
        f.setdefault("reroll_all", {})[str(seat)] = True
    elif kind == "absorb_hits":  # Ablative Hull Armor
        for a in f["allocs"]:
            if a["seat"] == seat:
                a["count"] = max(0, a["count"] - int(effect["amount"]))
    elif kind == "hold_adaptation":  # Adaptation Inhibitor
        f["hold"] = True


def peek_commands(state: State, seat: int) -> list[Command]:
    """Unimatrix Coordinates (B48): in his own turn, with nothing else open, while the Command deck has cards."""
    turn = state["turn"]
    if (not in_play(state) or turn is None or turn.get("seat") != seat or turn.get("move") is not None
            or state["prompt"] is not None or not state["borg"]["commands"]["deck"]):
        return []
    return [Command(seat, "borg_tech_peek", {"card": card})
            for card, _ in hand_cards(state["players"][seat], ("peek_deck",))]


def check_peek(state: State, seat: int, args: dict[str, Any]) -> None:
    if Command(seat, "borg_tech_peek", {"card": args.get("card")}) not in peek_commands(state, seat):
        raise IllegalCommand("no_such_tech_card", "ascendancy:R262")


def peek_action(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    peek(ctx, seat, str(args["card"]))


def peek(ctx: Ctx, seat: int, card: str) -> None:
    """Look at the top Borg Command cards (seen by this seat alone) and put them back in any order."""
    s = ctx.state
    effect = discard_tech(ctx, seat, card)
    deck = s["borg"]["commands"]["deck"]
    count = min(int(effect["count"]), len(deck))
    top = list(reversed(deck[-count:]))
    ctx.revealing = True
    ctx.emit("deck_peeked", visible_to=frozenset({seat}),
             redacted={"seat": seat, "deck": "borg_commands", "cards": [], "count": count}, seat=seat,
             deck="borg_commands", cards=top, count=count)
    s["prompt"] = {"kind": "arrange_deck", "seat": seat, "deck": "borg_commands", "count": count}
    bump(s)


def contact(state: State, seat: int) -> bool:
    """R259, B24: the home is Connected to a Cube's sector or to a Borg System."""
    if not in_play(state):
        return False
    home = board.home_of(state, seat)
    if home is None:
        return False
    reach = board.connected_systems(state, home)
    if reach & spire_systems(state):
        return True
    for c in state["borg"]["cubes"]:
        kind, ident, _ = board.parse(c["sector"])
        ends = {ident} if kind == "S" else {state["lanes"][ident]["a"], state["lanes"][ident]["b"]}
        if reach & ends:
            return True
    return False


# --- the turn: one step per ``automaton_turn`` ---------------------------------------------------------------
def progress(state: State) -> dict[str, Any] | None:
    """Where the Borg turn stands, for the page's progress line ("Borg turn: cube 2 of 4")."""
    cur = state["borg"]["cursor"] if in_play(state) else None
    if cur is None:
        return None
    return {"stage": cur["stage"], "cube": cur["index"], "of": cur["total"], "active": cur["active"],
            "act": cur["act"], "spire": cur["spire"], "spires": len(state["borg"]["spires"])}


def pace(state: State) -> int:
    """The pause the site puts before the next automatic step, in its pace units: 1 so that players can
    follow the Borg turn step by step, 0 once a player asked to skip to the end of this Borg turn."""
    return 0 if (state.get("borg") or {}).get("skip") else 1


def skip_commands(state: State, seat: int) -> list[Command]:
    """A seated player may have the rest of the Borg turn under way run without pauses (``borg_skip``)."""
    if not turn_under_way(state) or state["borg"].get("skip"):
        return []
    return [Command(seat, "borg_skip")]


def turn_under_way(state: State) -> bool:
    """A Borg turn (the Borg's own, or an Assimilated player's) is due or being played."""
    b = state.get("borg")
    if b is None or state["phase"] == "over":
        return False
    return b["cursor"] is not None or (state["phase"] == "turn" and "automaton" in (state.get("turn") or {}))


def skip(ctx: Ctx, seat: int, waited_on: bool = False) -> None:
    """``borg_skip``: the remaining steps of this Borg turn are applied without the site's pause (RULINGS
    B41). Pacing only: no step changes, the game's state has no other difference, and the flag ends with
    the turn. Any seat the game is not waiting on may ask; the open decision keeps its key."""
    s = ctx.state
    if not turn_under_way(s):
        raise IllegalCommand("no_borg_turn", "ascendancy:R217")
    if waited_on:
        raise IllegalCommand("borg_skip_answer_first", "ascendancy:R217")
    b = s["borg"]
    if b.get("skip"):
        raise IllegalCommand("borg_skip_already", "ascendancy:R217")
    b["skip"] = True
    ctx.emit("borg_skip", seat=seat)


def _new_cursor(extra: bool) -> dict[str, Any]:
    return {"stage": "start", "extra": extra, "spire": 0, "todo": [], "active": None, "act": None, "fight": None,
            "index": 0, "total": 0, "chosen": 0, "again": [], "reactivated": [], "flags": {}}


def assimilated_seat(who: str) -> int | None:
    """The seat playing a Borg turn as an Assimilated player (automaton id ``borg:<seat>``, R258)."""
    return int(who.split(":", 1)[1]) if who.startswith(BORG + ":") else None


def assimilated_players(state: State) -> list[int]:
    return [p["seat"] for p in state["players"] if p.get("assimilated")]


def step(ctx: Ctx, who: str = BORG) -> None:
    """Apply exactly one step of the Borg turn (R217), then hand over when the turn is over. ``who``: the
    Borg's own turn, or an Assimilated player's Borg turn (``borg:<seat>``, R258)."""
    s = ctx.state
    b = s["borg"]
    if b["cursor"] is None:
        b["cursor"] = {**_new_cursor(extra=False), "player": assimilated_seat(who), "who": who}
    cur = b["cursor"]
    STAGES[cur["stage"]](ctx, cur)
    bump(s)
    if s["phase"] == "over" or cur["stage"] != "end":
        return
    ctx.emit("borg_turn_ended", extra=cur["extra"], rule="ascendancy:R222")
    b.pop("skip", None)  # a skip asked for is this turn's only (RULINGS B41)
    if b.get("hand"):  # R258: cards left in the Assimilated player's hand are discarded
        b["commands"]["discard"] += b["hand"]
        b["hand"] = []
    if b["extra_turn"] and not cur["extra"]:  # R227, B9: one more whole turn (never chained)
        b["extra_turn"] = False
        b["cursor"] = {**_new_cursor(extra=True), "player": cur.get("player"), "who": cur.get("who", BORG)}
        if s["options"].get("borg_resurrection") == "command_phase":
            b["cursor"]["stage"] = "build"
            b["cursor"]["spire"] = len(b["spires"])
        ctx.emit("borg_extra_turn", rule="ascendancy:R227")
        return
    b["extra_turn"] = False
    b["cursor"] = None
    from games.ascendancy.engine.rounds import next_turn

    next_turn(ctx)


def _start(ctx: Ctx, cur: dict[str, Any]) -> None:
    s = ctx.state
    b = s["borg"]
    if b.pop("card_hidden", False):  # R274, B28: the Borg's card is shown when their turn comes
        ctx.revealing = True
    ctx.emit("borg_turn_started", card=s["cards"].get(cur.get("who", BORG)), player=cur.get("player"),
             extra=cur["extra"], rule="ascendancy:R217" if cur.get("player") is None else "ascendancy:R258")
    if not b["cubes"] and not b["spires"] and b["hub"] is None:  # R216, B1
        ctx.emit("borg_turn_idle", rule="ascendancy:R216")
        cur["stage"] = "end"
        return
    cur["stage"] = "hub"


def _hub(ctx: Ctx, cur: dict[str, Any]) -> None:
    hub_roll(ctx)
    cur["stage"] = "build"


def hub_roll(ctx: Ctx) -> None:
    """R218, B2: one Borg die; a Cube on the Hub on a face of ``hub_roll`` (option ``borg_hub_roll``)."""
    s = ctx.state
    hub = s["borg"]["hub"]
    if hub is None:
        ctx.emit("borg_hub_no_roll", reason="no_hub", rule="ascendancy:R218")
        return
    sector = board.sys_sector(hub)
    if cube_at(s, sector) is not None or cube_count(s) >= BOARD.pieces["cubes"]:
        reason = "hub_has_cube" if cube_at(s, sector) is not None else "five_cubes"
        ctx.emit("borg_hub_no_roll", reason=reason, rule="ascendancy:R218")
        return
    faces = BOARD.hub_cube_on_five_up if s["options"].get("borg_hub_roll") == "five_up" else BOARD.hub_cube_on
    dice = ctx.roll(None, "borg_hub_roll", BOARD.hub_dice)
    made = any(d in faces for d in dice)
    ctx.emit("borg_hub_roll", dice=dice, cube=made, rule="ascendancy:R218")
    if made:
        new_cube(ctx, sector, "hub_roll", "ascendancy:R218")


def _build(ctx: Ctx, cur: dict[str, Any]) -> None:
    """R219: one Spire's action per step, oldest first (B3); then the Command Phase begins."""
    s = ctx.state
    spires = sorted(s["borg"]["spires"], key=lambda sp: sp["placed"])
    if cur["spire"] < len(spires):
        spire_action(ctx, spires[cur["spire"]])
        cur["spire"] += 1
        if cur["spire"] < len(spires):
            return
    cur["stage"] = "command"
    cur["todo"] = [c["id"] for c in sorted(s["borg"]["cubes"], key=lambda c: c["placed"])]
    cur["total"] = len(cur["todo"])
    ctx.emit("borg_command_phase", cubes=len(cur["todo"]), rule="ascendancy:R222")
    player = cur.get("player")
    if player is not None and cur["todo"]:  # R258: the Assimilated player draws one card per Cube in play
        hand = [draw_command(ctx) for _ in cur["todo"]]
        s["borg"]["hand"] = hand
        ctx.emit("borg_hand_drawn", visible_to=frozenset({player}), redacted={"seat": player, "cards": len(hand)},
                 seat=player, cards=list(hand), rule="ascendancy:R258")


def spire_action(ctx: Ctx, sp: dict[str, Any]) -> None:
    """R219, R220, B3: a node; else a Cube on top; else launch it (not into a sector holding a Cube)."""
    s = ctx.state
    sid = sp["system"]
    if sp["cube"] is None and sp["nodes"] < BOARD.spire_nodes_for_cube:
        sp["nodes"] += 1
        ctx.emit("borg_spire_node", system=sid, nodes=sp["nodes"], rule="ascendancy:R219")
    elif sp["cube"] is None:
        if cube_count(s) >= BOARD.pieces["cubes"]:
            ctx.emit("borg_spire_waits", system=sid, reason="five_cubes", rule="ascendancy:R220")
            return
        sp["cube"], _ = _piece_id(s, "cube")
        ctx.emit("borg_spire_cube", system=sid, cube=sp["cube"], rule="ascendancy:R219")
    else:
        sector = board.sys_sector(sid)
        if cube_at(s, sector) is not None:
            ctx.emit("borg_spire_waits", system=sid, reason="cube_in_orbit", rule="ascendancy:R220")
            return
        cid = sp["cube"]
        sp["cube"] = None
        sp["nodes"] = 0
        s["borg"]["cubes"].append({"id": cid, "sector": sector, "placed": int(cid[4:])})
        ctx.emit("borg_cube_launched", system=sid, cube=cid, rule="ascendancy:R219")


# --- the Command Phase -----------------------------------------------------------------------------------------
def borg_master(state: State) -> int | None:
    """R258, A43, B6, B14: the Assimilated player who makes the Borg's choices now: the one whose Borg turn it
    is, else the one with the lowest Turn Order card (or, before he holds one, the first assimilated)."""
    cur = state["borg"]["cursor"]
    if cur is not None and cur.get("player") is not None:
        return int(cur["player"])
    found = assimilated_players(state)
    if not found:
        return None
    return min(found, key=lambda x: (int(state["cards"].get(f"{BORG}:{x}", 99)), x))


def chooser(state: State, cur: dict[str, Any]) -> int | None:
    """R223, B6: the players in this round's turn order take turns choosing the next Cube; with Assimilated
    players, the Borg's master chooses (R258), except in a Command Resurrection turn, where the Assimilated
    players take turns (R227, RULINGS E71)."""
    master = borg_master(state)
    if master is not None and cur.get("extra"):  # R227, RULINGS E71: they take turns, the master first
        team = sorted(assimilated_players(state), key=lambda x: (int(state["cards"].get(f"{BORG}:{x}", 99)), x))
        k = team.index(master)
        team = team[k:] + team[:k]
        return int(team[cur["chosen"] % len(team)])
    if master is not None:
        return master
    seats = [x for x in state["order"] if isinstance(x, int) and not state["players"][x]["exterminated"]]
    if not seats:
        return None
    return int(seats[cur["chosen"] % len(seats)])


def _command(ctx: Ctx, cur: dict[str, Any]) -> None:
    s = ctx.state
    if cur["active"] is None:
        if cur["again"]:  # R247, B20: the Cube stopped short of is activated again, unmarked
            cid = cur["again"].pop(0)
            if cube(s, cid) is not None:
                cur["active"], cur["act"], cur["flags"] = cid, "engage", {"again": True}
                ctx.emit("borg_cube_reactivated", cube=cid, rule="ascendancy:R247")
            return
        cur["todo"] = [c for c in cur["todo"] if cube(s, c) is not None]
        if not cur["todo"]:
            cur["stage"] = "end"
            return
        seat = chooser(s, cur)
        if len(cur["todo"]) > 1 and seat is not None:
            s["prompt"] = {"kind": "borg_choose_cube", "seat": seat, "cubes": list(cur["todo"])}
            ctx.emit("borg_cube_choice", seat=seat, cubes=list(cur["todo"]), rule="ascendancy:R223")
            return
        _activate(ctx, cur, cur["todo"][0], seat=None)
        return
    ACTS[cur["act"]](ctx, cur)


def choose_cube(ctx: Ctx, seat: int, cid: str) -> None:
    """R223: the chooser names the next Cube to activate."""
    s = ctx.state
    s["prompt"] = None
    cur = s["borg"]["cursor"]
    cur["chosen"] += 1
    _activate(ctx, cur, cid, seat=seat)
    bump(s)


def _activate(ctx: Ctx, cur: dict[str, Any], cid: str, seat: int | None) -> None:
    cur["todo"].remove(cid)
    cur["active"], cur["act"], cur["flags"] = cid, "engage", {}
    cur["index"] += 1
    ctx.emit("borg_cube_activated", cube=cid, number=cur["index"], of=cur["total"], chosen_by=seat,
             rule="ascendancy:R222" if seat is None else "ascendancy:R223")


def _done(ctx: Ctx, cur: dict[str, Any]) -> None:
    cid = cur["active"]
    if cube(ctx.state, cid) is not None and not cur["flags"].get("again"):
        ctx.emit("borg_cube_marked", cube=cid, rule="ascendancy:R222")
    cur["active"], cur["act"], cur["fight"] = None, None, None


def _engage(ctx: Ctx, cur: dict[str, Any]) -> None:
    """R229: a Space Battle against every player ship in the Cube's sector and the Adjacent ones."""
    after = "card" if cur["act"] == "engage" else "assimilate"
    c = cube(ctx.state, cur["active"])
    if c is None:
        cur["act"] = "done"
        return
    seats = engaged(ctx.state, c["sector"])
    if offer(ctx, cur["flags"], "engage", seats, rnd=0 if cur["act"] == "engage" else 1, cube=c["id"]):
        return  # B48: Cortical Node Interface; the step runs again once answered
    evaded = cur["flags"].get("engage", [])
    for seat in evaded:
        if seat in seats:
            ctx.emit("borg_engagement_evaded", seat=seat, cube=c["id"], rule="ascendancy:R229")
    seats = [x for x in seats if x not in evaded]
    if not seats:
        ctx.emit("borg_no_engagement", cube=c["id"], rule="ascendancy:R229")
        cur["act"] = after
        return
    cur["fight"] = start_fight(ctx, c, seats, after)
    cur["act"] = "fight"


def engaged(state: State, sector: str) -> list[int]:
    """R229, B11: seats with ships (not in Warp) in the sector or an Adjacent one, in turn order (B14)."""
    area = battle_area(state, sector)
    seats = [seat for seat in live_seats(state) if any(board.ships_in(state["players"][seat], x) for x in area)]
    return sorted(seats, key=lambda seat: turn_rank(state, seat))


def battle_area(state: State, sector: str) -> list[str]:
    return [sector, *board.neighbours(state, sector)]


def turn_rank(state: State, seat: int) -> tuple[int, int]:
    card = state["cards"].get(str(seat))
    return (int(card) if card is not None else 99, seat)


def start_fight(ctx: Ctx, c: dict[str, Any], seats: list[int], after: str,
                system: str | None = None) -> dict[str, Any]:
    """R231, R236: 9 dice, Shield Modifier 0, at the start of every battle and Assimilation (B15)."""
    fight = {"cube": c["id"], "sector": c["sector"], "damage": int(c.pop("damage", 0)),  # B49: a card's damage
             "shield": BOARD.shield_start, "round": 1,
             "seats": list(seats), "after": after, "system": system,
             "first_strike": not (cur_flag(ctx.state, "aggression")
                                  and ctx.state["options"].get("borg_attack_command_attack"))}
    ctx.emit("borg_battle_started", cube=c["id"], sector=c["sector"], seats=list(seats), system=system,
             rule="ascendancy:R253" if system else "ascendancy:R229")
    return fight


def cur_flag(state: State, name: str) -> bool:
    cur = state["borg"]["cursor"]
    return bool(cur and cur["flags"].get(name))


def _fight(ctx: Ctx, cur: dict[str, Any]) -> None:
    f = cur["fight"]
    _after_round(ctx, cur, f, space_round(ctx, f) if f["system"] is None else assimilation_round(ctx, f))


def _after_round(ctx: Ctx, cur: dict[str, Any], f: dict[str, Any], over: bool | None) -> None:
    if ctx.state["phase"] == "over":
        return
    if over:
        cur["fight"] = None
        cur["act"] = "done" if cube(ctx.state, f["cube"]) is None else f["after"]


def borg_roll(ctx: Ctx, f: dict[str, Any]) -> tuple[int, int]:
    """R231, R232, R235: every die still in the pool; hits at the hit roll for the Spires in play, 6s always."""
    pool = BOARD.dice - f["damage"]
    if pool <= 0:
        return 0, 0
    need = BOARD.hit(len(ctx.state["borg"]["spires"]))
    dice = ctx.roll(None, "borg_attack", pool)
    hits = sum(1 for d in dice if d >= need or d == BOARD.regenerate_face)
    sixes = sum(1 for d in dice if d == BOARD.regenerate_face)
    f["borg_dice"] = [d for d in dice if d >= need or d == BOARD.regenerate_face]
    ctx.emit("borg_fired", cube=f["cube"], dice=dice, need=need, hits=hits, rule="ascendancy:R232")
    return hits, sixes


def _sacrificers(s: State, f: dict[str, Any], area: list[str]) -> list[int]:
    return [seat for seat in sorted(_left(s, f, area), key=lambda x: turn_rank(s, x))
            if adv_sources(s["players"][seat], "sacrifice_attack", "space_battle")]


def _ask_sacrifice(ctx: Ctx, f: dict[str, Any], area: list[str]) -> bool:
    """R264, R166, B49: a player with The Cult of Kahless is asked each round, before any die, how many of his
    engaged ships he sacrifices instead of rolling (0: he rolls); each is 1 damage to the Cube."""
    s = ctx.state
    chosen = f.setdefault("sacrifice", {})
    for seat in _sacrificers(s, f, area):
        if str(seat) not in chosen:
            ships = sum(board.ships_in(s["players"][seat], x) for x in area)
            s["prompt"] = {"kind": "borg_sacrifice", "seat": seat, "cube": f["cube"], "ships": ships}
            return True
    return False


def sacrifice_commands(state: State, seat: int) -> list[Command]:
    return [Command(seat, "borg_sacrifice", {"ships": k}) for k in range(int(state["prompt"]["ships"]) + 1)]


def answer_sacrifice(ctx: Ctx, seat: int, ships: int) -> None:
    s = ctx.state
    s["prompt"] = None
    bump(s)
    f = current_fight(s)
    f["sacrifice"][str(seat)] = ships
    _route(ctx, f, space_round(ctx, f))


def _players_fire(ctx: Ctx, f: dict[str, Any], area: list[str]) -> int:
    """R90 against the Cube's Shield Modifier; the Starbase bonus (R92)."""
    s = ctx.state
    hits = 0
    for seat in f["seats"]:
        p = s["players"][seat]
        sectors = [x for x in area if board.ships_in(p, x)]
        count = sum(board.ships_in(p, x) for x in sectors)
        if not count:
            continue
        sacrificed = int(f.get("sacrifice", {}).get(str(seat), 0))
        if sacrificed:  # The Cult of Kahless: those ships are lost, each 1 damage; his others do not roll
            from games.ascendancy.engine.build import take_ship

            left = sacrificed
            for x in sectors:
                while left and board.ships_in(p, x):
                    take_ship(p, x)
                    left -= 1
            check_fleet_sizes(ctx, seat)
            hits += sacrificed
            ctx.emit("borg_sacrificed", seat=seat, cube=f["cube"], ships=sacrificed, rule="ascendancy:R264")
            continue
        groups = _dice_groups(s, seat, sectors)
        target = shield_against(p, f["shield"])
        dice = list(ctx.roll(seat, "borg_battle", len(groups)))  # a copy: the logged roll stays as rolled
        _card_rerolls(ctx, seat, sectors, dice, groups, target)
        misses = [i for i, d in enumerate(dice) if not is_hit(p, d, target)]
        again = sum(len(misses) if e["dice"] == "all" else int(e["dice"]) for e in tech_effects(p, "reroll", BORG_BATTLE))
        if str(seat) in f.get("reroll_all", {}):  # Borg Tactical Data, discarded this round (B48)
            again = len(misses)
        again = min(again, len(misses))
        if again:  # Adaptive Targeting Matrix (B47): missed dice rolled again, once
            for i, d in zip(misses[:again], ctx.roll(seat, "borg_reroll", again), strict=True):
                dice[i] = d
        mine = sum(1 for d in dice if is_hit(p, d, target))
        hits += mine
        ctx.emit("borg_cube_hit", seat=seat, cube=f["cube"], hits=mine, need=hits_needed(p, target),
                 rule="ascendancy:R239")
    return hits


def _dice_groups(s: State, seat: int, sectors: list[str]) -> list[str]:
    """R229, R264, RULINGS E72: a Cube battle is a Space Battle: one die per ship, the ``space_battle`` extra dice
    of his Advancements and the Starbase bonus (R92) with his ships; a fleet whose rule changes its attack (R130)
    rolls its ships and extra dice apart. One group name per die (``ships`` or ``fleet:<id>``)."""
    p = s["players"][seat]
    out = ["ships"] * sum(p["ships"].get(x, 0) for x in sectors)
    for fid in fleets_in(p, sectors):
        effs = [e for e in fleet_effects(p, fid) if e.get("scope", "all") in ("all", SPACE)]
        n = int(p["fleets"][fid]["ships"])
        if any(e["kind"] in ATTACK_RULES for e in effs):
            out += [f"fleet:{fid}"] * (n + sum(int(e["amount"]) for e in effs if e["kind"] == "extra_dice"))
        else:
            out += ["ships"] * n
    extra = sum(int(e["amount"]) for _, e in adv_sources(p, "extra_dice", SPACE)) + starbase_bonus(s, seat, sectors)
    return out + ["ships"] * extra


def _card_rerolls(ctx: Ctx, seat: int, sectors: list[str], dice: list[int], groups: list[str], target: int) -> None:
    """R42, RULINGS E72: each re-roll rule of his side (a fleet's on its own dice) re-rolls, once each, its budget of
    the dice its filter names, at once and on misses only: against a Cube a re-rolled miss can only help. With
    ``reroll_limit`` ``once_per_die`` (A8) a die is re-rolled once in all."""
    p = ctx.state["players"][seat]
    once_per_die = ctx.state["options"].get("reroll_limit") == "once_per_die"
    done: list[set[str]] = [set() for _ in dice]
    for src, e in side_sources(p, "reroll", SPACE, sectors):
        if e.get("who", "own") != "own" or e["filter"] not in ("misses", "ones", "any"):
            continue
        picks = [i for i, d in enumerate(dice) if not is_hit(p, d, target) and src not in done[i]
                 and not (once_per_die and done[i]) and (e["filter"] != "ones" or d == 1)
                 and not (src.startswith("fleet:") and groups[i] != src)]
        picks = picks[: len(picks) if e["dice"] == "all" else int(e["dice"])]
        if not picks:
            continue
        for i, d in zip(picks, ctx.roll(seat, "borg_reroll", len(picks)), strict=True):
            dice[i] = d
            done[i].add(src)


def _damage(ctx: Ctx, f: dict[str, Any], hits: int) -> bool:
    f["damage"] = min(BOARD.dice, f["damage"] + hits)
    return bool(f["damage"] >= BOARD.dice)


def space_round(ctx: Ctx, f: dict[str, Any]) -> bool | None:
    """One Combat Round against a Cube (R230-R241). True when the battle is over, False when it goes on, None
    while a player chooses where the Borg hits land (R234: ``borg_allocate_hits``)."""
    s = ctx.state
    area = battle_area(s, f["sector"])
    if offer(ctx, f, "round", _left(s, f, area)):  # B48: Transphasic Torpedoes, Nanoprobes, Tactical Data
        return None
    if _ask_sacrifice(ctx, f, area):  # R264, R166: The Cult of Kahless
        return None
    if f["damage"] >= BOARD.dice:  # Transphasic Torpedoes finished it before any die
        cube_destroyed(ctx, f, list(f["seats"]))
        return True
    first = f["round"] == 1 and f["first_strike"]
    player_hits = _players_fire(ctx, f, area)
    destroyed = False
    if first:  # R230: Slow and Methodical, the Cube takes its damage before it rolls
        destroyed = _damage(ctx, f, player_hits)
        if destroyed:
            cube_destroyed(ctx, f, list(f["seats"]))
            return True
    borg_hits, sixes = borg_roll(ctx, f)
    if not first:
        destroyed = _damage(ctx, f, player_hits)
    f["allocs"] = split_borg_hits(s, f, area, borg_hits, f.pop("borg_dice", None))
    f["taken"] = {}
    f["sixes"], f["destroyed"] = sixes, destroyed
    return finish_round(ctx, f)


def finish_round(ctx: Ctx, f: dict[str, Any]) -> bool | None:
    """Casualties (asking where there is a choice, R234), then regeneration, adaptation, forced retreats and
    each engaged player's choice to retreat (R96, B16). True: the battle is over; False: another round;
    None: a seat is asked."""
    s = ctx.state
    area = battle_area(s, f["sector"])
    if f.get("phase", "allocate") == "allocate":
        if offer(ctx, f, "hits", [a["seat"] for a in f["allocs"] if a["count"] > 0]):  # Ablative Hull Armor
            return None
        if not _allocate(ctx, f, area):
            return None
        if f.pop("destroyed"):  # R235: no regeneration for a Cube destroyed this round
            cube_destroyed(ctx, f, list(f["seats"]))
            return True
        if f.get("no_regeneration"):  # Nanoprobe Countermeasures (B48)
            f.pop("sixes")
        else:
            regenerate(ctx, f, f.pop("sixes"))
        f["phase"] = "adapt"
    if f["phase"] == "adapt":
        if offer(ctx, f, "adapt", _left(s, f, area)):  # Adaptation Inhibitor
            return None
        if f.pop("hold", False):
            ctx.emit("borg_shields_held", cube=f["cube"], shield=f["shield"], rule="ascendancy:R236")
        else:
            adapt(ctx, f)
        f.pop("reroll_all", None)
        f.pop("sacrifice", None)
        for seat in _left(s, f, area):
            if must_retreat(s["players"][seat], shield_against(s["players"][seat], f["shield"])):
                forced_retreat(ctx, f, seat, area)
        f["round"] += 1
        f["phase"] = "retreats"
        f["asks"] = [seat for seat in _left(s, f, area) if can_retreat(s, seat, area)]
    while f["asks"]:
        seat = f["asks"][0]
        if seat in _left(s, f, area) and can_retreat(s, seat, area):
            s["prompt"] = {"kind": "borg_retreat", "seat": seat, "cube": f["cube"]}
            return None
        f["asks"].pop(0)
    f["phase"] = "allocate"
    if not _left(s, f, area):  # R238, R241: the Cube never retreats and makes no Tactical Maneuver
        ctx.emit("borg_battle_won", cube=f["cube"], rule="ascendancy:R241")
        return True
    return False


def _left(s: State, f: dict[str, Any], area: list[str]) -> list[int]:
    return [seat for seat in f["seats"] if any(board.ships_in(s["players"][seat], x) for x in area)]


def can_retreat(s: State, seat: int, area: list[str]) -> bool:
    """R96, R169: a group with somewhere to go; never the Klingons, nor a player whose natural 6 always hits
    (B16)."""
    p = s["players"][seat]
    if never_retreats(p):
        return False
    return any(_retreat_to(s, seat, x, area) is not None for x in area if board.ships_in(p, x))


def answer_retreat(ctx: Ctx, seat: int, retreat: bool) -> None:
    """The answer to ``borg_retreat``: every engaged group of the seat retreats (R96), or fights on."""
    s = ctx.state
    s["prompt"] = None
    f = current_fight(s)
    f["asks"].pop(0)
    if retreat:
        forced_retreat(ctx, f, seat, battle_area(s, f["sector"]), voluntary=True)
    _resume(ctx, f)
    bump(s)


def current_fight(s: State) -> dict[str, Any]:
    b = s["borg"]
    cur = b["cursor"]
    found: dict[str, Any] = cur["fight"] if cur is not None and cur.get("fight") else b["attack"]
    return found


def _resume(ctx: Ctx, f: dict[str, Any]) -> None:
    _route(ctx, f, finish_round(ctx, f))


def _route(ctx: Ctx, f: dict[str, Any], result: bool | None) -> None:
    """After a Combat Round resumed by an answer: a player's attack goes on at once, the Borg's at its step."""
    if f.get("driver") == "attack":
        if result is False:
            run_attack(ctx)
        elif result:
            _end_attack(ctx, f)
        return
    _after_round(ctx, ctx.state["borg"]["cursor"], f, result)


def regenerate(ctx: Ctx, f: dict[str, Any], sixes: int) -> None:
    back = min(sixes, f["damage"])
    if back:
        f["damage"] -= back
        ctx.emit("borg_regenerated", cube=f["cube"], dice=back, damage=f["damage"], rule="ascendancy:R235")


def adapt(ctx: Ctx, f: dict[str, Any]) -> None:
    if f["shield"] < BOARD.shield_max:
        f["shield"] = min(BOARD.shield_max, f["shield"] + BOARD.shield_per_round)
        ctx.emit("borg_shields_adapted", cube=f["cube"], shield=f["shield"], rule="ascendancy:R236")


def never_retreats(p: dict[str, Any]) -> bool:
    """R169: the Klingons never retreat from the Borg, their Warrior Tradition Exhausted or not; B16: nor does a
    player whose natural 6 always hits."""
    return p["civ"] == "klingon" or bool(adv_effects(p, "always_hit"))


def must_retreat(p: dict[str, Any], shield: int) -> bool:
    """R237, B16: needing 7+ forces a retreat; never on a player who cannot retreat (Klingon, R165, R169)."""
    return not never_retreats(p) and hits_needed(p, shield) >= BOARD.forced_retreat_hit


def forced_retreat(ctx: Ctx, f: dict[str, Any], seat: int, area: list[str], voluntary: bool = False) -> None:
    """R237, R96: each sector's group moves at Impulse (up to 2 sectors, existing lanes) out of the Cube's
    reach, to the nearest such sector (sorted on ties); blocked groups stay and fight on (A33)."""
    s = ctx.state
    p = s["players"][seat]
    for src in [x for x in area if board.ships_in(p, x)]:
        dst = _retreat_to(s, seat, src, area)
        if dst is None:
            ctx.emit("borg_retreat_blocked", seat=seat, sector=src, rule="ascendancy:R237", tiebreak="A33")
            continue
        n = p["ships"].pop(src, 0)
        if n:
            p["ships"][dst] = p["ships"].get(dst, 0) + n
        for fl in p["fleets"].values():
            if fl["sector"] == src:
                fl["sector"] = dst
        ctx.emit("borg_retreat" if voluntary else "borg_forced_retreat", seat=seat, sector=src, to=dst,
                 rule="ascendancy:R96" if voluntary else "ascendancy:R237", tiebreak="nearest_then_sorted")


def _retreat_to(s: State, seat: int, src: str, area: list[str]) -> str | None:
    seen = {src: 0}
    frontier = deque([src])
    found: list[tuple[int, str]] = []
    while frontier:
        x = frontier.popleft()
        if seen[x] >= catalog.CONTENT.tables.retreat_sectors:
            continue
        for n in board.neighbours(s, x):
            if n in seen or cube_at(s, n) is not None or board.blocked_for(s, seat, n) is not None:
                continue
            seen[n] = seen[x] + 1
            frontier.append(n)
            if n not in area:
                found.append((seen[n], n))
    return min(found)[1] if found else None


def split_borg_hits(state: State, f: dict[str, Any], area: list[str], hits: int,
                    dice: list[int] | None = None) -> list[dict[str, Any]]:
    """R234, B14: the engaged player with the lowest Turn Order card absorbs hits until all his engaged ships
    are destroyed, then the next. Multi-Adaptive Shielding (R233's exception, B47): against its holder only
    the hitting dice that also beat the hit roll plus his Shield Modifier count (6s always do); he takes the
    lowest of those, the others pass on."""
    left = sorted(dice) if dice is not None else [MAX_DIE] * hits
    out = []
    for seat in sorted(f["seats"], key=lambda x: turn_rank(state, x)):
        p = state["players"][seat]
        mine = sum(board.ships_in(p, x) for x in area)
        need = BOARD.hit(len(state["borg"]["spires"])) + (shield_mod(p) if tech_effects(p, "borg_shields", BORG_BATTLE)
                                                          else 0)
        hitting = [d for d in left if d >= need or d == BOARD.regenerate_face]
        count = min(len(hitting), mine)
        if count > 0:
            out.append({"seat": seat, "count": count})
            for d in hitting[:count]:
                left.remove(d)
    return out


def hit_units(state: State, f: dict[str, Any], seat: int, area: list[str]) -> list[str]:
    """The player's engaged loose ships (``ship:<sector>``) and Fleets (``fleet:<id>``) a hit may still land on."""
    p = state["players"][seat]
    taken = f["taken"].get(str(seat), {})
    out = []
    for sector in area:
        if p["ships"].get(sector, 0) - taken.get(f"ship:{sector}", 0) > 0:
            out.append(f"ship:{sector}")
        for fid in sorted(p["fleets"]):
            fl = p["fleets"][fid]
            if fl["sector"] == sector and fl["ships"] - taken.get(f"fleet:{fid}", 0) > 0:
                out.append(f"fleet:{fid}")
    return out


def _allocate(ctx: Ctx, f: dict[str, Any], area: list[str]) -> bool:
    """R234: the player taking the hits chooses which of his ships (one ``borg_hit`` per hit, asked only when
    there is a choice); then the losses land together. False while a seat is asked."""
    s = ctx.state
    while f["allocs"]:
        alloc = f["allocs"][0]
        units = hit_units(s, f, alloc["seat"], area)
        if alloc["count"] <= 0 or not units:
            f["allocs"].pop(0)
            continue
        left = sum(board.ships_in(s["players"][alloc["seat"]], x) for x in area) - sum(
            f["taken"].get(str(alloc["seat"]), {}).values())
        if len(units) > 1 and alloc["count"] < left:  # R234: an Assimilated player chooses, if any
            master = borg_master(s)
            s["prompt"] = {"kind": "borg_allocate_hits", "seat": alloc["seat"] if master is None else master,
                           "hits": alloc["count"], "units": units, "target": alloc["seat"]}
            return False
        _take(f, alloc, units[0])
    for seat_key, units_taken in sorted(f.pop("taken").items()):
        seat = int(seat_key)
        lost = lose_units(ctx, seat, units_taken)
        ctx.emit("borg_casualties", seat=seat, ships=lost, cube=f["cube"], rule="ascendancy:R234",
                 tiebreak="lowest_turn_order")
    f["taken"] = {}
    return True


def _take(f: dict[str, Any], alloc: dict[str, Any], unit: str) -> None:
    mine = f["taken"].setdefault(str(alloc["seat"]), {})
    mine[unit] = mine.get(unit, 0) + 1
    alloc["count"] -= 1


def allocate_hit(ctx: Ctx, seat: int, unit: str) -> None:
    """The answer to ``borg_allocate_hits``: one hit lands on ``unit``; the round goes on when all are placed."""
    s = ctx.state
    s["prompt"] = None
    f = current_fight(s)
    _take(f, f["allocs"][0], unit)
    _resume(ctx, f)
    bump(s)


def check_attack_cube(state: State, seat: int, args: dict[str, Any]) -> None:
    """R242: a Space Battle against a Cube in a sector Adjacent to the player's ships, on his own turn."""
    from games.ascendancy.engine.movement import check_command_phase

    check_command_phase(state, seat)
    cid = args.get("cube")
    c = cube(state, cid) if in_play(state) and isinstance(cid, str) else None
    if c is None:
        raise IllegalCommand("no_such_cube", "ascendancy:R242")
    if not any(board.ships_in(state["players"][seat], x) for x in battle_area(state, c["sector"])):
        raise IllegalCommand("target_not_adjacent", "ascendancy:R242")


def attack_cube(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    """R242: one Command; only the attacker's ships fight (others cannot join); the players' First Strike
    (R230) holds; rounds go on until the Cube is destroyed or the attacker has no ship left there."""
    s = ctx.state
    ctx.player(seat)["ready"] -= 1
    c = cube(s, args["cube"])
    assert c is not None
    f = start_fight(ctx, c, [seat], "none")
    f["driver"] = "attack"
    s["borg"]["attack"] = f
    run_attack(ctx)


def run_attack(ctx: Ctx) -> None:
    """Combat Rounds of a player's attack on a Cube, until it ends or a seat is asked."""
    s = ctx.state
    f = s["borg"]["attack"]
    while True:
        result = space_round(ctx, f)
        if result is None:
            return
        if result:
            _end_attack(ctx, f)
            return


def _end_attack(ctx: Ctx, f: dict[str, Any]) -> None:
    ctx.state["borg"]["attack"] = None


def cube_destroyed(ctx: Ctx, f: dict[str, Any], rewarded: list[int]) -> None:
    """R240, B17: every player who took part draws a Borg Tech card, in turn order; Klingons +1 Culture (R264)."""
    s = ctx.state
    remove_cube(ctx, f["cube"])
    ctx.emit("borg_cube_destroyed", cube=f["cube"], sector=f["sector"], rule="ascendancy:R240")
    for seat in sorted(rewarded, key=lambda x: turn_rank(s, x)):
        if s["players"][seat]["exterminated"]:
            continue
        for _ in range(BOARD.rewards["tech_per_cube"]):
            draw_tech(ctx, seat)
        if s["players"][seat]["civ"] == "klingon":
            s["players"][seat]["resources"]["culture"] += BOARD.rewards["klingon_cube_culture"]
        marauders = _marauders(s, seat, battle_area(s, f["sector"])) if f.get("system") is None else []
        if marauders:  # R264: a Marauder Fleet takes only its 1 Production per Cube, not one per die
            gain = BOARD.rewards["marauder_cube_production"] * len(marauders)
            s["players"][seat]["resources"]["production"] += gain
            ctx.emit("borg_marauder_production", seat=seat, fleets=len(marauders), production=gain,
                     rule="ascendancy:R264")


def _marauders(s: State, seat: int, area: list[str]) -> list[str]:
    """The seat's fleets in the battle whose side gains for enemy ships destroyed (``on_enemy_destroyed``)."""
    p = s["players"][seat]
    return [fid for fid in sorted(p["fleets"]) if p["fleets"][fid]["sector"] in area
            and any(src.fleet == fid for src in effects.sources(s, seat, "gain", when="on_enemy_destroyed",
                                                                  fleet=fid))]


def card_damage(ctx: Ctx, seat: int, cid: str, amount: int, card: str) -> None:
    """R264, B49: a card that destroys rival ships, or rolls once per ship, damages a Cube outside a battle; the
    damage stays on it until its next battle or Assimilation starts with it; at 9 the Cube is destroyed and the
    card's owner draws the Tech card (R240)."""
    c = cube(ctx.state, cid)
    if c is None:
        return
    c["damage"] = min(BOARD.dice, int(c.get("damage", 0)) + amount)
    ctx.emit("borg_cube_damaged", seat=seat, cube=cid, damage=c["damage"], rule="ascendancy:R264")
    if c["damage"] >= BOARD.dice:
        cube_destroyed(ctx, {"cube": cid, "sector": c["sector"], "system": None}, [seat])


def cube_mines(ctx: Ctx, c: dict[str, Any]) -> None:
    """R264, B49: Cloaked Orbital Mines roll once per Cube that ends its move in Orbit of their owner's system
    (R176's roll against Shields 0): a hit is 1 damage."""
    s = ctx.state
    kind, sid, _ = board.parse(c["sector"])
    owner = s["systems"][sid]["control"] if kind == "S" else None
    if owner is None or s["players"][owner]["exterminated"]:
        return
    for e in adv_effects(s["players"][owner], "mines"):
        die = ctx.roll(owner, "mines", 1)[0]
        if die >= int(e["target"]):
            card_damage(ctx, owner, c["id"], 1, "mines")


# --- Step 2: the Command card and movement --------------------------------------------------------------------
def draw_command(ctx: Ctx) -> str:
    """R224, B7: a new deck from the discard pile when the deck is empty."""
    cmds = ctx.state["borg"]["commands"]
    if not cmds["deck"]:
        cmds["deck"] = ctx.rng.shuffled(sorted(cmds["discard"]))
        cmds["discard"] = []
        ctx.emit("borg_commands_reshuffled", rule="ascendancy:R224")
    ctx.revealing = True
    card: str = cmds["deck"].pop()
    return card


def _card(ctx: Ctx, cur: dict[str, Any]) -> None:
    """R243: draw one Command card for the Cube and execute it; in an Assimilated player's Borg turn he assigns
    one from his hand instead (R258)."""
    s = ctx.state
    hand = s["borg"].get("hand") or []
    if hand and cur.get("player") is not None:
        if len(hand) > 1:
            s["prompt"] = {"kind": "borg_assign_command", "seat": cur["player"], "cube": cur["active"]}
            return
        ctx.revealing = True
        execute_command(ctx, cur, hand.pop())
        return
    execute_command(ctx, cur, draw_command(ctx))


def assign_command(ctx: Ctx, seat: int, card_id: str) -> None:
    """The answer to ``borg_assign_command``: the Assimilated player gives this card to the active Cube."""
    s = ctx.state
    s["prompt"] = None
    s["borg"]["hand"].remove(card_id)
    ctx.revealing = True
    execute_command(ctx, s["borg"]["cursor"], card_id)
    bump(s)


TELEMETRY = "borg_tech_telemetry_node"


def execute_command(ctx: Ctx, cur: dict[str, Any], card_id: str) -> None:
    """R243: the card is revealed; a holder of the Borg Telemetry Node may first have it redrawn (R228)."""
    ctx.emit("borg_command_drawn", cube=cur["active"], card=card_id, rule="ascendancy:R243")
    cur["revealed"], cur["telemetry"] = card_id, []
    _telemetry_or_run(ctx, cur)


def _telemetry_or_run(ctx: Ctx, cur: dict[str, Any]) -> None:
    s = ctx.state
    holders = [seat for seat in sorted(live_seats(s), key=lambda x: turn_rank(s, x))
               if TELEMETRY in s["players"][seat].get("borg_tech", []) and seat not in cur["telemetry"]]
    if holders:  # B10: any player, once per revealed card, in turn order
        s["prompt"] = {"kind": "borg_telemetry", "seat": holders[0], "card": cur["revealed"], "cube": cur["active"]}
        return
    run_command(ctx, cur, cur.pop("revealed"))


def answer_telemetry(ctx: Ctx, seat: int, use: bool) -> None:
    """R228, B10: discard the Telemetry Node (to the bottom of the Tech deck) and the revealed card; a
    replacement is drawn for the same Cube (an Assimilated player adds it to his hand and chooses)."""
    s = ctx.state
    s["prompt"] = None
    cur = s["borg"]["cursor"]
    if not use:
        cur["telemetry"].append(seat)
        _telemetry_or_run(ctx, cur)
        bump(s)
        return
    s["players"][seat]["borg_tech"].remove(TELEMETRY)
    s["borg"]["tech"]["deck"].insert(0, TELEMETRY)  # R262: discarded Tech cards go to the bottom
    s["borg"]["commands"]["discard"].append(cur.pop("revealed"))
    ctx.emit("borg_telemetry_used", seat=seat, cube=cur["active"], rule="ascendancy:R228")
    if cur.get("player") is not None:
        s["borg"].setdefault("hand", []).append(draw_command(ctx))
        s["prompt"] = {"kind": "borg_assign_command", "seat": cur["player"], "cube": cur["active"]}
    else:
        execute_command(ctx, cur, draw_command(ctx))
    bump(s)


def run_command(ctx: Ctx, cur: dict[str, Any], card_id: str) -> None:
    s = ctx.state
    cid = cur["active"]
    card = catalog.CONTENT.borg_commands[card_id]
    kinds = [e.kind for e in card.effects]
    cur["flags"]["aggression"] = "aggression" in kinds
    if card.move is not None and "hold" not in kinds:
        movers = [cid] if card.move.cubes == "this" else [cid] + [
            c["id"] for c in sorted(s["borg"]["cubes"], key=lambda c: c["placed"]) if c["id"] != cid]
        for mover in movers:  # R225, B8: the drawing Cube first, then the others by age
            if cube(s, mover) is not None:
                move_cube(ctx, mover, card.move.target, card.move.warp, card.move.stop, reactivate=mover == cid)
    elif "hold" in kinds:
        ctx.emit("borg_cube_holds", cube=cid, rule="ascendancy:R226")
    for e in card.effects:
        if e.kind == "spire_nodes":
            c = cube(s, cid)
            here = board.parse(c["sector"])[1] if c else None
            spire_nodes(ctx, int(e.get("amount")), None if e.get("spires") == "all" else here)
        elif e.kind == "hub_cube" and s["borg"]["hub"] is not None:
            new_cube(ctx, board.sys_sector(s["borg"]["hub"]), card_id, "ascendancy:R218")
        elif e.kind == "extra_turn":
            if cur["extra"]:
                ctx.emit("borg_extra_turn_ignored", rule="ascendancy:R227", tiebreak="B9")
            else:
                s["borg"]["extra_turn"] = True
    s["borg"]["commands"]["discard"].append(card_id)
    again = "engage" in kinds or bool(s["options"].get("borg_attack_command_attack"))  # R269, B11
    cur["act"] = "engage_again" if again and cube(s, cid) is not None else "assimilate"


def spire_nodes(ctx: Ctx, amount: int, only: str | None) -> None:
    for sp in ctx.state["borg"]["spires"]:
        if only is not None and sp["system"] != only:
            continue
        before = sp["nodes"]
        sp["nodes"] = min(BOARD.spire_max_nodes, sp["nodes"] + amount)
        if sp["nodes"] != before:
            ctx.emit("borg_spire_node", system=sp["system"], nodes=sp["nodes"], rule="ascendancy:R220")


def targets(state: State, target: str) -> list[str]:
    """The systems qualifying as a Command card's Target (R244, SCHEMA ``move.target``; Spire systems are never
    Developed or Home, R263)."""
    spires = spire_systems(state)
    out = []
    live = live_seats(state)
    top = max((state["players"][x]["authority"] for x in live), default=0)
    first = min(live, key=lambda x: turn_rank(state, x)) if live else None
    for sid, sys in sorted(state["systems"].items()):
        sector = board.sys_sector(sid)
        if target == "spire":
            ok = sid in spires
        elif sid in spires:
            ok = False
        elif target == "starbase":
            ok = bool(sys["starbase"])
        elif target == "developed":
            ok = developed(sys)
        elif target == "home":
            ok = sys["home_of"] is not None
        elif target == "fleet":
            ok = any(f["sector"] == sector for x in live for f in state["players"][x]["fleets"].values())
        elif target == "ships":
            ok = bool(board.present(state, sector))
        elif target.endswith("_node"):
            ok = target[: -len("_node")] in sys["nodes"]
        elif target == "independent":
            ok = sys["control"] is None and sys["warp_level"] > 0
        elif target == "leader":
            ok = sys["control"] in live and state["players"][sys["control"]]["authority"] == top
        elif target == "first_player_home":
            ok = first is not None and sys["home_of"] == first
        else:
            ok = False
        if ok:
            out.append(sid)
    return out


def _steps(state: State, sector: str) -> list[str]:
    """Sectors one step away for the Borg: lanes, and the Hub-Conduit links as one sector (R248)."""
    return list(board.neighbours(state, sector)) + layout.warp_linked(state, sector)


def _distances(state: State, start: str) -> dict[str, int]:
    out = {start: 0}
    frontier = deque([start])
    while frontier:
        x = frontier.popleft()
        for n in _steps(state, x):
            if n not in out:
                out[n] = out[x] + 1
                frontier.append(n)
    return out


def _blocks(state: State, sector: str) -> bool:
    """R246, B19: player ships (not in Warp) block a Cube; with It Takes a Fleet (R271) only Fleets."""
    if state["options"].get("borg_takes_a_fleet"):
        return any(bool(f["sector"] == sector) for x in live_seats(state)
                   for f in state["players"][x]["fleets"].values())
    return bool(board.present(state, sector))


def _free_route(state: State, back: dict[str, int], warp: int, stop: str | None) -> Callable[[str, int], bool]:
    """B18, R246: whether stepping into ``sector`` (``entered`` systems entered so far) lets the Cube go on along
    some shortest route to the end of this move (the goal, its Warp Value, a ``stop``, another Cube) without
    meeting player ships."""
    spires = spire_systems(state)

    @functools.cache
    def free(sector: str, entered: int) -> bool:
        if _blocks(state, sector):
            return False
        if back[sector] == 0 or cube_at(state, sector) is not None:
            return True
        if sector.startswith("S:"):
            entered += 1
            sid = sector[2:]
            if entered >= warp or (stop == "developed" and developed(state["systems"][sid]) and sid not in spires):
                return True
        return any(free(n, entered) for n in _steps(state, sector) if back.get(n) == back[sector] - 1)

    return free


def move_cube(ctx: Ctx, cid: str, target: str, warp: int, stop: str | None, reactivate: bool) -> None:
    """R244-R247, B18: toward the nearest qualifying target through the fewest sectors, through up to ``warp``
    systems; ties by the lowest Turn Order card's control, then the seeded RNG (A34)."""
    s = ctx.state
    c = cube(s, cid)
    assert c is not None
    start = c["sector"]
    wanted = targets(s, target)
    here = board.parse(start)
    if here[0] == "S" and here[1] in wanted:
        ctx.emit("borg_cube_stays", cube=cid, target=target, system=here[1], rule="ascendancy:R244",
                 tiebreak="already_there")
        return
    dist = _distances(s, start)
    reach = {sid: dist[board.sys_sector(sid)] for sid in wanted if board.sys_sector(sid) in dist}
    if not reach:
        unconnected(ctx, cid, warp, wanted, (target, stop))
        return
    best = min(reach.values())
    tied = sorted(sid for sid, d in reach.items() if d == best)
    tiebreak = "fewest_sectors"
    if len(tied) > 1:
        ranks = {sid: turn_rank(s, s["systems"][sid]["control"])[0] if s["systems"][sid]["control"] is not None
                 else 99 for sid in tied}
        low = min(ranks.values())
        tied = [sid for sid in tied if ranks[sid] == low]
        tiebreak = "lowest_turn_order"
        if len(tied) > 1:
            tied = [tied[ctx.rng.below(len(tied))]]
            tiebreak = "random"
    goal = tied[0]
    back = _distances(s, board.sys_sector(goal))
    at = start
    path: list[str] = []
    entered = 0
    blocked_by = None
    free = _free_route(s, back, warp, stop)
    while at != board.sys_sector(goal):
        options = sorted(n for n in _steps(s, at) if back.get(n) == back[at] - 1)
        if len(options) > 1:  # B18: a route no ship blocks first ("dover attraversare", R246)
            options = [n for n in options if free(n, entered)] or options
        nxt = options[ctx.rng.below(len(options))] if len(options) > 1 else options[0]
        if _blocks(s, nxt):
            blocked_by = "ships"
            break
        other = cube_at(s, nxt)
        if other is not None:
            blocked_by = other["id"]
            break
        at = nxt
        path.append(at)
        if at.startswith("S:"):
            entered += 1
            if stop == "developed" and developed(s["systems"][at[2:]]) and at[2:] not in spire_systems(s):
                break
            if entered >= warp:
                break
    c["sector"] = at
    ctx.emit("borg_cube_moved", cube=cid, target=target, goal=goal, path=path, to=at, warp=warp,
             blocked=blocked_by, rule="ascendancy:R245", tiebreak=tiebreak)
    if path:
        cube_mines(ctx, c)
    if blocked_by not in (None, "ships") and reactivate:  # R247: the other Cube is activated (once, A36)
        cur = s["borg"]["cursor"]
        if blocked_by not in cur["reactivated"]:
            cur["reactivated"].append(blocked_by)
            cur["again"].append(blocked_by)


def unconnected(ctx: Ctx, cid: str, warp: int, wanted: list[str] | None = None,
                card: tuple[str, str | None] | None = None) -> None:
    """R249-R251, B31: a new lane toward the home of the lowest Turn Order card; a Floating system swung onto
    its end when that Connects the Cube to a target (``wanted``; the Cube then moves on with the Warp left,
    ``card`` = its target and stop); else a new system at its end; else along a random lane to the next
    system (R251); with no lane at all the Cube stays."""
    s = ctx.state
    c = cube(s, cid)
    assert c is not None
    kind, ident, _ = board.parse(c["sector"])
    entered = 0
    if kind == "L":  # to the nearest system first
        lane = s["lanes"][ident]
        ends = [e for e in (lane["a"], lane["b"]) if e is not None]
        dist = _distances(s, c["sector"])
        sid = min(ends, key=lambda e: (dist.get(board.sys_sector(e), 99), e))
        if _blocks(s, board.sys_sector(sid)) or cube_at(s, board.sys_sector(sid)):
            ctx.emit("borg_cube_stays", cube=cid, target="none", system=None, rule="ascendancy:R251",
                     tiebreak="blocked")
            return
        c["sector"] = board.sys_sector(sid)
        entered = 1
    else:
        sid = ident
    live = sorted(live_seats(s), key=lambda x: turn_rank(s, x))
    home = board.home_of(s, live[0]) if live else None
    # A Cube already in that Home System has no lane to point at it: the random lane (RULINGS B42).
    if home is not None and home != sid and board.free_lane_slots(s, sid) > 0:
        placed = _new_lane(ctx, c, sid, home, set(wanted or []))
        if placed == "swung" and card is not None and warp - entered > 0:  # R249 step 3: now Connected
            move_cube(ctx, cid, card[0], warp - entered, card[1], reactivate=False)
        if placed:
            return
    linked = sorted(x for x in board.linked_systems(s, sid)
                    if not _blocks(s, board.sys_sector(x)) and cube_at(s, board.sys_sector(x)) is None)
    if not linked:
        ctx.emit("borg_cube_stays", cube=cid, target="none", system=sid, rule="ascendancy:R251", tiebreak="no_lane")
        return
    dst = linked[ctx.rng.below(len(linked))]
    c["sector"] = board.sys_sector(dst)
    ctx.emit("borg_cube_moved", cube=cid, target="none", goal=dst, path=[c["sector"]], to=c["sector"], warp=warp,
             blocked=None, rule="ascendancy:R251", tiebreak="random_lane")


def _new_lane(ctx: Ctx, c: dict[str, Any], sid: str, home: str, wanted: set[str]) -> str:
    """R249, R250, B31, B32: lane length rolled (R55), the direction closest to the home's bearing (G16); a
    Floating system swung onto its end if that Connects the Cube to a target (``swung``), else a new system
    (``system``); "" when neither could be done (the stack empty, no room)."""
    s = ctx.state
    length = catalog.LANE_DIE[ctx.rng.below(len(catalog.LANE_DIE))]
    options = layout.lane_directions(s, sid, length)
    if not options:
        return ""
    bearing = layout.galaxy(s).direction_towards(sid, board.sys_sector(home))
    count = 24
    direction = min(options, key=lambda d: (min((d - bearing) % count, (bearing - d) % count), d))
    if _swing_onto(ctx, c, sid, home, direction, length, wanted):
        return "swung"
    if not s["stack"]:
        return ""
    lid = layout.place_lane(s, sid, direction, length)
    ctx.emit("borg_lane_placed", cube=c["id"], system=sid, lane=lid, length=length, toward=home,
             rule="ascendancy:R249")
    if not layout.disc_fits(s, lid):
        layout.remove_lanes(s, [lid])
        return ""
    from games.ascendancy.engine.setup import new_system

    disc_id = s["stack"].pop()
    disc = catalog.DISCS[disc_id]
    ctx.revealing = True
    xy = layout.place_system(s, lid, disc_id, int(disc["max_lanes"]))
    s["systems"][disc_id] = new_system(disc_id, disc, xy)
    if disc.get("transwarp"):
        layout.link_transwarp(s, disc_id)
    c["sector"] = board.sys_sector(disc_id)
    ctx.emit("borg_system_discovered", cube=c["id"], system=disc_id, rule="ascendancy:R250")
    if disc["kind"] != "phenomenon":
        borg_explore(ctx, disc_id)
    return "system"


def _swing_onto(ctx: Ctx, c: dict[str, Any], sid: str, home: str, direction: int, length: int,
                wanted: set[str]) -> bool:
    """R249 step 3, B31: among the Floating systems whose group holds a target, the swings that put one at the
    end of the new lane; the one leaving the Cube the fewest sectors to its nearest target, then the seeded
    RNG. The lane joins the Cube's system to it (both logged)."""
    s = ctx.state
    if not wanted:
        return False
    holding = [f for f in s["systems"] if board.connected_systems(s, f) & wanted]
    scored = []
    for f, d, joined, lid in layout.swing_connections(s, sid, direction, length, holding):
        far = joined.distances(c["sector"], warp_links=True)
        route = min((far[board.sys_sector(t)] for t in wanted if board.sys_sector(t) in far), default=None)
        if route is not None:
            scored.append((route, f, d, joined, lid))
    if not scored:
        return False
    best = min(x[0] for x in scored)
    tied = [x for x in scored if x[0] == best]
    pick = tied[ctx.rng.below(len(tied))] if len(tied) > 1 else tied[0]
    route, f, d, joined, lid = pick
    layout.store(s, joined)
    ctx.emit("borg_system_swung", cube=c["id"], system=f, direction=d, lane=lid, a=sid, length=length,
             toward=home, route=route, rule="ascendancy:R249", tiebreak="random" if len(tied) > 1 else "fewest_sectors")
    return True


def borg_explore(ctx: Ctx, sid: str) -> None:
    """R250, B32: a Civilization card develops the system (R69, R70); every other card is discarded."""
    from games.ascendancy.engine.movement import develop_warp_civilization, draw_exploration

    s = ctx.state
    card = draw_exploration(ctx)
    if card is None:
        return
    info = catalog.EXPLORATION.get(card, {})
    civ = info.get("civilization") if info.get("type") == "civilization" else None
    if civ is not None:
        if civ["stage"] == "pre_warp":
            s["systems"][sid]["prewarp"] = dict(civ["tokens"])
        else:
            develop_warp_civilization(s["systems"][sid], int(civ["level"]), int(civ["nodes"]))
    # R250: Allies, Crises and Discoveries are ignored; a "Remains in play" card is left on the system (A38)
    stays = bool(info.get("remains_in_play")) and info.get("type") not in ("ally", "crisis", "discovery")
    if stays:
        s["systems"][sid]["card"] = card
    else:
        s["exploration"]["discard"].append(card)
    ctx.emit("borg_exploration", system=sid, card=card, used=civ is not None or stays, rule="ascendancy:R250")


# --- Step 3: Assimilation ---------------------------------------------------------------------------------------
def structures(sys: dict[str, Any]) -> int:
    """R253, R256, B51: what an Assimilation must destroy and what rolls against it: every Node, the Control Node
    included ("as in a standard Planetary Invasion", R101), and a Starbase."""
    return (sum(1 for n in sys["nodes"] if n is not None) + (1 if sys["starbase"] else 0)
            + (1 if sys["control"] is not None else 0))


def _assimilate(ctx: Ctx, cur: dict[str, Any]) -> None:
    """R253, B22: a Cube alone in a Developed system that is not a Borg System assimilates it."""
    s = ctx.state
    c = cube(s, cur["active"])
    cur["act"] = "done"
    if c is None:
        return
    kind, sid, _ = board.parse(c["sector"])
    if kind != "S" or sid in spire_systems(s) or not developed(s["systems"][sid]) or board.present(s, c["sector"]):
        return
    sys = s["systems"][sid]
    if structures(sys) == 0:
        ctx.emit("borg_assimilation_started", cube=c["id"], system=sid, rule="ascendancy:R253")
        assimilated(ctx, sid)
        return
    owner = sys["control"]
    if owner is not None and offer(ctx, cur["flags"], "assimilate", [owner], cube=c["id"], system=sid):
        cur["act"] = "assimilate"  # B48: Neural Suppressor; the step runs again once answered
        return
    if owner in cur["flags"].get("assimilate", []):
        ctx.emit("borg_assimilation_cancelled", seat=owner, cube=c["id"], system=sid, rule="ascendancy:R253")
        return
    cur["fight"] = start_fight(ctx, c, [owner] if owner is not None else [], "done", system=sid)
    cur["act"] = "fight"


def _system_fires(ctx: Ctx, f: dict[str, Any]) -> int:
    s = ctx.state
    sys = s["systems"][f["system"]]
    owner = sys["control"]
    count = structures(sys)  # R253, R256, B51: a die per Node, the Control Node included, and the Starbase
    if owner is not None and count:  # Assimilation Resistance Protocols (B47); R253: an Invasion's defence cards
        count += tech_amount(s["players"][owner], "extra_dice", ASSIMILATION)
        count += sum(int(e["amount"]) for _, e in adv_sources(s["players"][owner], "extra_dice", INV_DEF))
    if owner is not None and sys["starbase"]:  # R256 "as in Space Battles": the Armed Starbase's 3 (R187, B22)
        count += max([1] + [int(e["amount"]) for e in adv_effects(s["players"][owner], "starbase_dice")]) - 1
    if not count:
        return 0
    dice = ctx.roll(owner, "assimilation_defence", count)
    if owner is not None:
        p = s["players"][owner]
        hits = sum(1 for d in dice if is_hit(p, d, f["shield"]))
    else:  # R71: an independent civilization hits on 6 - level
        need = catalog.CONTENT.tables.independent_hit_base - int(sys["warp_level"] or 1) + f["shield"]
        hits = sum(1 for d in dice if need <= MAX_DIE and d >= need)
    ctx.emit("borg_cube_hit", seat=owner, cube=f["cube"], hits=hits, need=None, rule="ascendancy:R253")
    return hits


def assimilation_round(ctx: Ctx, f: dict[str, Any]) -> bool | None:
    """R253-R256: the system fires first in round 1 (R230); each Borg hit destroys a Structure, of the
    controller's choice (the Borg's master's with Assimilated players, R258). None while he chooses."""
    first = f["round"] == 1 and f["first_strike"]
    hits = _system_fires(ctx, f)
    if first and _damage(ctx, f, hits):
        _assimilation_repelled(ctx, f)
        return True
    borg_hits, sixes = borg_roll(ctx, f)
    f["destroyed"] = False if first else _damage(ctx, f, hits)
    f["loss"], f["sixes"], f["lost"] = borg_hits, sixes, 0
    return finish_assimilation_round(ctx, f)


def structure_options(sys: dict[str, Any]) -> list[str]:
    """The kinds of Structure a Borg hit may destroy: ``node:<type>`` and ``starbase``."""
    return sorted({f"node:{n}" for n in sys["nodes"] if n is not None}) + (["starbase"] if sys["starbase"] else [])


def finish_assimilation_round(ctx: Ctx, f: dict[str, Any]) -> bool | None:
    s = ctx.state
    sid = f["system"]
    sys = s["systems"][sid]
    while f["loss"] > 0 and structures(sys) > 0:
        options = structure_options(sys)
        if not options:  # RULINGS B51: the Control Node goes last, and with it the system
            f["previous"] = sys["control"]
            sys["control"] = None
            f["loss"] -= 1
            f["lost"] += 1
            continue
        master = borg_master(s)
        chooser = master if master is not None else sys["control"]
        others = structures(sys) - (1 if sys["control"] is not None else 0)  # the Control Node goes last
        if len(options) > 1 and f["loss"] < others and chooser is not None:
            s["prompt"] = {"kind": "borg_lose_structure", "seat": chooser, "system": sid, "hits": f["loss"],
                           "options": options}
            return None
        if len(options) > 1 or options == ["starbase"]:
            destroy_structures(ctx, sid, 1)  # RULINGS B33: nobody to ask, or every Structure goes
        else:
            _destroy(ctx, sid, options[0])
        f["loss"] -= 1
        f["lost"] += 1
    if f["lost"]:
        ctx.emit("borg_structures_destroyed", system=sid, count=f["lost"], left=structures(sys),
                 rule="ascendancy:R253")
    f["loss"] = f["lost"] = 0
    if f.pop("destroyed"):
        _assimilation_repelled(ctx, f)
        return True
    if structures(sys) == 0:
        assimilated(ctx, sid, f.get("previous"))
        return True
    regenerate(ctx, f, f.pop("sixes"))
    adapt(ctx, f)
    f["round"] += 1
    return False


def _destroy(ctx: Ctx, sid: str, option: str) -> None:
    sys = ctx.state["systems"][sid]
    if option == "starbase":
        _starbase_destroyed(ctx, sid)
        return
    kind = option.split(":", 1)[1]
    slot = max(i for i, n in enumerate(sys["nodes"]) if n == kind)
    sys["nodes"][slot] = None


def lose_structure(ctx: Ctx, seat: int, option: str) -> None:
    """The answer to ``borg_lose_structure``: one Borg hit destroys that Structure (R253)."""
    s = ctx.state
    s["prompt"] = None
    cur = s["borg"]["cursor"]
    f = cur["fight"]
    _destroy(ctx, f["system"], option)
    f["loss"] -= 1
    f["lost"] += 1
    _after_round(ctx, cur, f, finish_assimilation_round(ctx, f))
    bump(s)


def destroy_structures(ctx: Ctx, sid: str, hits: int) -> int:
    """R253, B22; RULINGS B33 (the controller's default): the last-built slot first, then the Starbase; B51: the
    Control Node last of all."""
    sys = ctx.state["systems"][sid]
    lost = 0
    for i in reversed(range(len(sys["nodes"]))):
        if hits > 0 and sys["nodes"][i] is not None:
            sys["nodes"][i] = None
            hits -= 1
            lost += 1
    if hits > 0 and sys["starbase"]:
        _starbase_destroyed(ctx, sid)
        hits -= 1
        lost += 1
    if hits > 0 and sys["control"] is not None and not any(n is not None for n in sys["nodes"]):
        sys["control"] = None
        lost += 1
    return lost


def _starbase_destroyed(ctx: Ctx, sid: str) -> None:
    """R256, R122: a Borg hit destroys the Starbase, out of the game; its controller loses its Command at once
    (R123, as when a Starbase changes hands). ``borg_starbase`` marks it for this Assimilation's success."""
    s = ctx.state
    sys = s["systems"][sid]
    sys["starbase"] = False
    sys["borg_starbase"] = True
    owner = sys["control"]
    if owner is not None:
        q = s["players"][owner]
        q["commands"] = command_total(s, owner)
        q["ready"] = min(q["ready"], q["commands"])


def _assimilation_repelled(ctx: Ctx, f: dict[str, Any]) -> None:
    """B17: a Cube destroyed by a system's dice gives its controller 1 Tech card (independent: none). A Starbase
    it destroyed stays out of the game, and feeds no Spire (R256: only an Assimilation that succeeds does)."""
    ctx.state["systems"][f["system"]].pop("borg_starbase", None)
    owner = ctx.state["systems"][f["system"]]["control"]
    if owner is None:
        owner = f.get("previous")  # B51: its Control Node fell in the round that destroyed the Cube
    cube_destroyed(ctx, f, [owner] if owner is not None else [])


def assimilated(ctx: Ctx, sid: str, previous: int | None = None) -> None:
    """R255-R257, B5, A40: a Spire (or the Borg win), the Starbase out of the game, home assimilated.
    ``previous``: the controller whose Control Node the last Borg hit destroyed (B51)."""
    s = ctx.state
    b = s["borg"]
    sys = s["systems"][sid]
    limit = BOARD.defeat_spires_three_spires if s["options"].get("borg_three_spires") else BOARD.defeat_spires
    owner = sys["control"] if sys["control"] is not None else previous
    had_starbase = bool(sys.pop("borg_starbase", False) or sys["starbase"])
    sys["starbase"] = False
    sys["nodes"] = [None] * len(sys["nodes"])
    sys["control"] = None  # B22: the Control Node goes back to its owner
    sys["warp_level"] = 0
    sys["prewarp"] = {}
    if sys.get("ambassador") is not None:  # R210
        sys["ambassador"] = None
    if len(b["spires"]) >= limit:  # R221, R270, B5
        ctx.emit("borg_spire_limit", system=sid, spires=len(b["spires"]), rule="ascendancy:R270"
                 if s["options"].get("borg_three_spires") else "ascendancy:R221")
        from games.ascendancy.engine.scoring import end_game

        end_game(ctx, "borg_victory", [])
        return
    _, n = _piece_id(s, "spire")
    b["spires"].append({"system": sid, "nodes": 0, "cube": None, "placed": n})
    ctx.emit("borg_system_assimilated", system=sid, previous=owner, rule="ascendancy:R255")
    if had_starbase:  # R256, A40: every Spire, the new one included
        ctx.emit("borg_starbase_assimilated", system=sid, rule="ascendancy:R256")
        spire_nodes(ctx, BOARD.starbase_assimilated_spire_nodes, None)
    if sys["home_of"] is not None and not s["players"][sys["home_of"]]["exterminated"]:
        home_assimilated(ctx, int(sys["home_of"]))


def home_assimilated(ctx: Ctx, seat: int) -> None:
    """R257, B23: the player joins the Collective: his ships leave the board, each system he Controls becomes an
    independent civilization of level = its Resource Nodes (none: Undeveloped), and he is Exterminated."""
    from games.ascendancy.engine.rounds import extermination

    s = ctx.state
    p = s["players"][seat]
    p["ships"], p["fleets"], p["warp"] = {}, {}, []
    for _sid, sys in sorted(s["systems"].items()):
        if sys["control"] == seat:
            sys["control"] = None
            sys["warp_level"] = sum(1 for n in sys["nodes"] if n is not None)
    join_collective(ctx, seat, "ascendancy:R257")
    extermination(ctx)
    if not live_seats(s):  # R268: the last player is absorbed
        from games.ascendancy.engine.scoring import end_game

        end_game(ctx, "borg_victory", [])


def join_collective(ctx: Ctx, seat: int, rule: str) -> None:
    """R258: a player whose home was Assimilated, or who was Exterminated by rivals (RULINGS E70), is an
    Assimilated player until the end of the game: a Turn Order card and a Borg turn from the next round."""
    s = ctx.state
    p = s["players"][seat]
    if p.get("assimilated"):
        return
    p["assimilated"] = True
    s["automata"].append(f"{BORG}:{seat}")
    ctx.emit("player_assimilated", seat=seat, rule=rule)


# --- Reclaiming Borg Systems (R260, R261, B25) -------------------------------------------------------------------
def spire_of(state: State, sid: str) -> dict[str, Any] | None:
    if not in_play(state):
        return None
    return next((sp for sp in state["borg"]["spires"] if sp["system"] == sid), None)


def borg_structures(sp: dict[str, Any]) -> int:
    """R260: the Spire, its Assimilation Nodes and a Cube on top all count."""
    return 1 + int(sp["nodes"]) + (1 if sp["cube"] else 0)


def check_reclaim(state: State, seat: int, args: dict[str, Any]) -> None:
    """R260, B25: one Command; the player Occupies the Borg System with at least as many ships as Structures."""
    from games.ascendancy.engine.movement import check_command_phase
    from games.ascendancy.engine.optional import occupies_for

    check_command_phase(state, seat)
    sid = args.get("at")
    sp = spire_of(state, sid) if isinstance(sid, str) else None
    if sp is None or not isinstance(sid, str):
        raise IllegalCommand("not_a_borg_system", "ascendancy:R260")
    sector = board.sys_sector(sid)
    if not occupies_for(state, seat, sector):
        raise IllegalCommand("not_occupied", "ascendancy:R260")
    if board.ships_in(state["players"][seat], sector) < borg_structures(sp):
        raise IllegalCommand("too_few_ships_to_reclaim", "ascendancy:R260", structures=borg_structures(sp))


def reclaim(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    ctx.player(seat)["ready"] -= 1
    ctx.emit("borg_reclaim_started", seat=seat, system=args["at"], rule="ascendancy:R260")
    if offer(ctx, {}, "reclaim", [seat], system=args["at"]):  # B48: Tactical Cube Schematics
        return
    reclaim_round(ctx, seat, args["at"], opening=True)


def reclaim_round(ctx: Ctx, seat: int, sid: str, first_strike: bool = False, opening: bool = False) -> None:
    """R260, R261, A41, B25: both sides fire together (no First Strike); the player needs his roll plus the
    Spire's nodes; the Borg System rolls 1 die per Structure at the Borg hit roll; hits >= Structures reclaims
    it, fewer do nothing; after the round the Spire gains a node (cap 3)."""
    s = ctx.state
    sp = spire_of(s, sid)
    assert sp is not None
    p = s["players"][seat]
    sector = board.sys_sector(sid)
    need_structs = borg_structures(sp)
    extra = sum(int(e["amount"]) for _, e in side_sources(p, "extra_dice", INV_ATT, [sector]))  # an Invasion's cards
    dice = ctx.roll(seat, "reclaim", board.ships_in(p, sector) + tech_amount(p, "extra_dice", RECLAIM) + extra)
    if opening and side_sources(p, "first_strike", INV_ATT, [sector]):  # B25: a card that gives First Strike
        first_strike = True
    hits = sum(1 for d in dice if is_hit(p, d, shield_against(p, int(sp["nodes"]), RECLAIM)))
    borg_hits = 0
    if not (first_strike and hits >= need_structs):  # with First Strike a successful roll leaves it no fire
        borg_dice = ctx.roll(None, "borg_system_defence", need_structs)
        need = BOARD.hit(len(s["borg"]["spires"]))
        borg_hits = sum(1 for d in borg_dice if d >= need or d == BOARD.regenerate_face)
    ctx.emit("borg_reclaim_round", seat=seat, system=sid, hits=hits, structures=need_structs, borg_hits=borg_hits,
             rule="ascendancy:R260")
    from games.ascendancy.engine.build import take_ship

    for _ in range(min(borg_hits, board.ships_in(p, sector))):
        take_ship(p, sector)  # RULINGS B37: loose ships first, then the smallest Fleet
    check_fleet_sizes(ctx, seat)
    if hits >= need_structs:
        s["borg"]["spires"] = [x for x in s["borg"]["spires"] if x["system"] != sid]
        ctx.emit("borg_system_reclaimed", seat=seat, system=sid, rule="ascendancy:R260")
        for _ in range(BOARD.rewards["tech_per_reclaim"]):
            draw_tech(ctx, seat)
        return
    if sp["nodes"] < BOARD.spire_max_nodes and offer(ctx, {}, "reclaim_adapt", [seat], system=sid):
        return  # B48: Adaptation Inhibitor
    _reclaim_after(ctx, seat, sid, hold=False)


def _reclaim_after(ctx: Ctx, seat: int, sid: str, hold: bool) -> None:
    """After a round that did not reclaim: the Spire's node (R261) unless held, then fight on or stop (B25)."""
    s = ctx.state
    sp = spire_of(s, sid)
    assert sp is not None
    p = s["players"][seat]
    sector = board.sys_sector(sid)
    if hold:
        ctx.emit("borg_shields_held", cube=None, shield=sp["nodes"], rule="ascendancy:R261")
    elif sp["nodes"] < BOARD.spire_max_nodes:  # R261
        sp["nodes"] += 1
        ctx.emit("borg_spire_node", system=sid, nodes=sp["nodes"], rule="ascendancy:R261")
    if board.ships_in(p, sector) < borg_structures(sp):  # B25: he can no longer reclaim
        ctx.emit("borg_reclaim_failed", seat=seat, system=sid, rule="ascendancy:R260")
        return
    s["prompt"] = {"kind": "borg_reclaim", "seat": seat, "system": sid}


def answer_reclaim(ctx: Ctx, seat: int, go_on: bool) -> None:
    """B25 (R107): after a round without success the attacker fights on or stops."""
    s = ctx.state
    sid = s["prompt"]["system"]
    s["prompt"] = None
    if go_on:
        reclaim_round(ctx, seat, sid)
    else:
        ctx.emit("borg_reclaim_failed", seat=seat, system=sid, rule="ascendancy:R260")
    bump(s)


# --- Borg encounters (Borg Exploration cards and discs) ---------------------------------------------------------
def encounter(ctx: Ctx, seat: int, sid: str, effect: dict[str, Any]) -> None:
    """SCHEMA "The Borg: encounters": a Borg Exploration card or disc resolved for ``seat`` at ``sid``."""
    s = ctx.state
    kind = effect["kind"]
    sector = board.sys_sector(sid)
    if not in_play(s):
        ctx.emit("effect_not_played", seat=seat, effect=kind)
        return
    if kind == "nearest_cube":
        nearest_cube(ctx, sid)
    elif kind == "new_cube":  # 5 Cubes in play: the nearest Cube moves in instead
        if cube_count(s) >= BOARD.pieces["cubes"]:
            nearest_cube(ctx, sid)
        else:
            new_cube(ctx, sector, "exploration", "ascendancy:R252")
    elif kind == "place_spire":
        place_spire(ctx, sid, int(effect.get("nodes", 0)))
    elif kind == "spire_nodes":
        spire_nodes(ctx, int(effect.get("amount", 1)), None if effect.get("spires", "all") == "all" else sid)
    elif kind == "tech_card":
        for _ in range(int(effect.get("amount", 1))):
            draw_tech(ctx, seat)
    elif kind == "hub_roll":
        hub_roll(ctx)


def nearest_cube(ctx: Ctx, sid: str) -> None:
    """R72, R252, B21: the Cube with the fewest sectors (Hub links counted) to the system, else the physically
    closest; ties by the seeded RNG. It jumps there, unless a Cube already holds that sector."""
    s = ctx.state
    sector = board.sys_sector(sid)
    cubes = s["borg"]["cubes"]
    if not cubes:
        ctx.emit("borg_cube_not_placed", sector=sector, why="nearest_cube", reason="no_cube", rule="ascendancy:R252")
        return
    if cube_at(s, sector) is not None:
        ctx.emit("borg_cube_not_placed", sector=sector, why="nearest_cube", reason="sector_has_cube",
                 rule="ascendancy:R252")
        return
    dist = _distances(s, sector)
    connected = {c["id"]: dist[c["sector"]] for c in cubes if c["sector"] in dist}
    if connected:
        best = min(connected.values())
        tied = sorted(cid for cid, d in connected.items() if d == best)
        tiebreak = "fewest_sectors"
    else:
        g = layout.galaxy(s)
        far = {c["id"]: round(g.physical_distance(c["sector"], sector), 6) for c in cubes}
        best_far = min(far.values())
        tied = sorted(cid for cid, d in far.items() if d == best_far)
        tiebreak = "physically_closest"
    if len(tied) > 1:
        tied = [tied[ctx.rng.below(len(tied))]]
        tiebreak += "_random"
    c = cube(s, tied[0])
    assert c is not None
    src = c["sector"]
    c["sector"] = sector
    ctx.emit("borg_cube_moved", cube=c["id"], target="explored", goal=sid, path=[sector], to=sector, warp=0,
             blocked=None, rule="ascendancy:R252", tiebreak=tiebreak, src=src)


def place_spire(ctx: Ctx, sid: str, nodes: int) -> None:
    """A Borg Spire with ``nodes`` Assimilation Nodes on the system (R255; R221 when none is left)."""
    s = ctx.state
    b = s["borg"]
    if sid in spire_systems(s):
        return
    limit = BOARD.defeat_spires_three_spires if s["options"].get("borg_three_spires") else BOARD.defeat_spires
    if len(b["spires"]) >= limit:  # R221, R270, B5
        ctx.emit("borg_spire_limit", system=sid, spires=len(b["spires"]), rule="ascendancy:R270"
                 if s["options"].get("borg_three_spires") else "ascendancy:R221")
        from games.ascendancy.engine.scoring import end_game

        end_game(ctx, "borg_victory", [])
        return
    _, n = _piece_id(s, "spire")
    b["spires"].append({"system": sid, "nodes": min(nodes, BOARD.spire_max_nodes), "cube": None, "placed": n})
    ctx.emit("borg_spire_placed", system=sid, nodes=nodes, rule="ascendancy:R255")


STAGES = {"start": _start, "hub": _hub, "build": _build, "command": _command}
ACTS = {"engage": _engage, "engage_again": _engage, "fight": _fight, "card": _card, "assimilate": _assimilate,
        "done": _done}


def automaton_step(ctx: Ctx, who: str) -> bool:
    """One step of the automaton ``who`` if it is the Borg (or an Assimilated player playing their turn)."""
    if who == BORG or who.startswith(BORG + ":"):
        step(ctx, who)
        return True
    return False


# The rounds, the setup and exploration reach the Borg through the mechanics table (they are layers below).
effects.MECHANICS.update(borg_card_damage=card_damage, borg_contact=contact, automaton_step=automaton_step, setup_borg=setup_borg,
                         borg_encounter=encounter, borg_join_collective=join_collective)
