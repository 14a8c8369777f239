"""The round (R1): Initiative (R2-R7), the Action Stage's turns in Turn Order (R8), the Recharge (R25-R30).

Participants of a round are seats (ints) and automata (string ids in ``state["automata"]``: the Borg,
later). Every participant holds a Turn Order card; an automaton never bids and is dealt a random card
after the bidders (R216), then plays its turn at its card's position through ``automaton_turn``.
"""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import andorians, board, catalog, effects
from games.ascendancy.engine.state import (
    AUTHORITY_TO_WIN,
    Ctx,
    State,
    bids_sealed,
    bump,
    command_total,
    live_seats,
    ships_total,
)


def participants(state: State) -> list[Any]:
    return [*live_seats(state), *state["automata"]]


def update_contact(ctx: Ctx) -> None:
    """R38: First Contact is made as soon as the home is Connected to another home; it is permanent."""
    for p in ctx.state["players"]:
        if p["first_contact"] or p["exterminated"]:
            continue
        borg_contact = effects.MECHANICS.get("borg_contact")  # the Borg's (borg.py), when they are in play
        if board.first_contact(ctx.state, p["seat"]) or (
                borg_contact is not None and borg_contact(ctx.state, p["seat"])):  # R38, R259
            p["first_contact"] = True
            ctx.emit("first_contact", seat=p["seat"])


# --- Initiative -----------------------------------------------------------------------------------------
def start_round(ctx: Ctx) -> None:
    s = ctx.state
    s["round"] += 1
    ctx.emit("round_started", round=s["round"])
    previous = [x for x in s["order"] if x in participants(s)]
    if not previous:
        previous = participants(s)
    bidders = [] if s["options"].get("random_turn_order") else [
        x for x in previous if isinstance(x, int) and s["players"][x]["first_contact"]]  # R2, R3, R149
    from games.ascendancy.engine.optional import turn_order_cards

    s["initiative"] = {"bidders": bidders, "index": 0, "bids": {}, "picking": [], "cards_left":
                       turn_order_cards(ctx, len(participants(s)))}  # R7, R152
    s["cards"] = {}
    s["phase"] = "bid"
    bump(s)
    _advance_initiative(ctx)


def bid_total(bid: dict[str, int]) -> int:
    return sum(bid.values())


def forbidden_totals(state: State) -> set[int]:
    """R4: a total already committed by another player may not be bid again (0 always may)."""
    return {bid_total(b) for b in state["initiative"]["bids"].values() if bid_total(b) > 0}


def place_bid(ctx: Ctx, seat: int, bid: dict[str, int]) -> None:
    """R3, R4: the bid is paid and shown at once; with secret bids (RULINGS I3) only its bidder sees it, and
    every bid is paid and shown when the last bidder has bid (``_reveal_bids``)."""
    s = ctx.state
    ini = s["initiative"]
    amounts: dict[str, Any] = dict(bid)
    ini["bids"][str(seat)] = bid
    ini["index"] += 1
    if bids_sealed(s):
        ctx.emit("bid_sealed", seat=seat)
        ctx.emit("bid_placed", visible_to=frozenset({seat}), seat=seat, total=bid_total(bid), **amounts)
    else:
        p = s["players"][seat]
        for res, amount in bid.items():
            p["resources"][res] -= amount
        ctx.emit("bid_placed", seat=seat, total=bid_total(bid), **amounts)
    bump(s)
    _advance_initiative(ctx)


def _reveal_bids(ctx: Ctx) -> None:
    """RULINGS I3: everyone has bid in secret; each bid is paid from its bidder's Reserve and shown, in the
    order they were placed."""
    s = ctx.state
    ini = s["initiative"]
    for who in ini["bidders"]:
        bid = ini["bids"].get(str(who))
        if bid is None:
            continue
        p = s["players"][who]
        for res, amount in bid.items():
            p["resources"][res] -= amount
        amounts: dict[str, Any] = dict(bid)
        ctx.emit("bid_revealed", seat=who, total=bid_total(bid), **amounts)
    ctx.revealing = True


def _advance_initiative(ctx: Ctx) -> None:
    s = ctx.state
    ini = s["initiative"]
    if ini["index"] < len(ini["bidders"]):
        return  # the next bidder's decision is open
    if s["phase"] == "bid":
        if bids_sealed(s) and ini["bids"]:
            _reveal_bids(ctx)
        committed = [(bid_total(b), int(seat)) for seat, b in ini["bids"].items() if bid_total(b) > 0]
        # R5: descending amount; the uniqueness rule (R4) leaves no ties among positive bids
        ini["picking"] = [seat for _, seat in sorted(committed, key=lambda t: -t[0])]
        s["phase"] = "pick_card"
    if ini["picking"]:
        return
    _deal_rest(ctx)


def pick_card(ctx: Ctx, seat: int, card: int) -> None:
    s = ctx.state
    ini = s["initiative"]
    ini["picking"].remove(seat)
    ini["cards_left"].remove(card)
    s["cards"][str(seat)] = card
    ctx.emit("turn_order_card_chosen", seat=seat, card=card)
    bump(s)
    if not ini["picking"]:
        _deal_rest(ctx)


def _deal_rest(ctx: Ctx) -> None:
    """R5: committed resources go to the supply; R6: the others (and automata, R216) get random cards."""
    s = ctx.state
    ini = s["initiative"]
    rest = [x for x in participants(s) if str(x) not in s["cards"]]
    players_first = [x for x in rest if isinstance(x, int)] + [x for x in rest if not isinstance(x, int)]
    cards = ctx.rng.shuffled(sorted(ini["cards_left"]))
    hidden = bool(s["options"].get("borg_mysterious_turn_order")) and not any(
        p.get("assimilated") for p in s["players"])  # R274, B28
    for who, card in zip(players_first, cards, strict=False):
        s["cards"][str(who)] = card
        secret = hidden and not isinstance(who, int)
        ctx.emit("turn_order_card_dealt", visible_to=frozenset() if secret else None,
                 seat=who if isinstance(who, int) else None, automaton=None if isinstance(who, int) else who,
                 card=card)
        if secret:
            s["borg"]["card_hidden"] = True
    s["order"] = sorted(participants(s), key=lambda x: s["cards"][str(x)])
    s["initiative"] = None
    s["phase"] = "turn"
    s["turn_index"] = -1
    next_turn(ctx)


# --- the Action Stage ------------------------------------------------------------------------------------
def next_turn(ctx: Ctx) -> None:
    """R8: the next holder of a Turn Order card plays; after the last, the Recharge Stage."""
    s = ctx.state
    from games.ascendancy.engine.optional import sim_next_turn

    if sim_next_turn(ctx, andorians.pride):  # R145: a simultaneous round
        return
    s["turn"] = None
    while True:
        s["turn_index"] += 1
        if s["turn_index"] >= len(s["order"]):
            recharge(ctx)
            return
        who = s["order"][s["turn_index"]]
        if isinstance(who, int) and s["players"][who]["exterminated"]:
            continue
        break
    bump(s)
    if not isinstance(who, int):
        s["turn"] = {"automaton": who}
        return
    p = s["players"][who]
    s["turn"] = {"seat": who, "phase": "build", "funded": [], "built": {}, "move": None, "battle": None,
                 "starts": sorted(board.occupied_sectors(p))}
    ctx.emit("turn_started", seat=who, card=s["cards"][str(who)])
    andorians.pride(ctx, who)  # R179
    effects.trigger(ctx, who, "turn_start")


def end_turn(ctx: Ctx, seat: int) -> None:
    ctx.emit("turn_ended", seat=seat)
    board.remove_abandoned_lanes(ctx.state)
    next_turn(ctx)


def automaton_turn(ctx: Ctx, who: str) -> None:
    """One automatic step of an automaton's turn (R217): the Borg's (``borg.automaton_step``)."""
    automaton_step = effects.MECHANICS.get("automaton_step")
    if automaton_step is not None and automaton_step(ctx, who):
        update_contact(ctx)
        return
    ctx.emit("automaton_turn", automaton=who)
    next_turn(ctx)


# --- the Recharge Stage ----------------------------------------------------------------------------------
def recharge(ctx: Ctx) -> None:
    s = ctx.state
    s["phase"] = "recharge"
    if victory_check(ctx):  # R140
        return
    extermination(ctx)  # R144
    alive = live_seats(s)
    if "borg" in s and not alive:  # R266, R268: every player absorbed
        from games.ascendancy.engine.scoring import end_game

        end_game(ctx, "borg_victory", [])
        return
    if len(alive) <= 1 and "borg" not in s:  # R266: against the Borg the last player plays on
        from games.ascendancy.engine.scoring import end_game

        end_game(ctx, "last_civilization", alive)
        return
    if stalemate(ctx):  # RULINGS E56
        return
    generate(ctx)  # R26, R27
    upkeep(ctx)  # R28-R30
    limit = s["options"].get("round_limit", "none")
    if limit != "none" and s["round"] >= int(limit):
        from games.ascendancy.engine.scoring import end_by_round_limit

        end_by_round_limit(ctx)
        return
    start_round(ctx)


def stall_rounds(state: State) -> int:
    """RULINGS E56: the stalemate guard's number of rounds (tables from before the option: 20)."""
    return int(state["options"].get("stall_rounds", "20"))


def quiet_rounds(state: State) -> int:
    """RULINGS E56: whole rounds, counted at their Victory Check, in which nothing progressed."""
    return int((state.get("stall") or {}).get("quiet", 0))


def progress_mark(state: State) -> dict[str, Any]:
    """RULINGS E56: what a round must change to count as progress: a new highest Authority for someone, a system
    Controlled by someone else (colonized, invaded, annexed, lost, reclaimed), a Spire placed or taken (a system
    assimilated or reclaimed), a system found or destroyed."""
    spires = sorted(sp["system"] for sp in (state.get("borg") or {}).get("spires", []))
    return {"authority": [int(p["authority_max"]) for p in state["players"]],
            "control": {sid: sys["control"] for sid, sys in sorted(state["systems"].items())},
            "spires": spires}


def stalemate(ctx: Ctx) -> bool:
    """RULINGS E56 (table option ``stall_rounds``): at each Victory Check the round is compared with the last one;
    after ``stall_rounds`` whole rounds without progress the game ends (most Authority, as E11)."""
    s = ctx.state
    mark = progress_mark(s)
    stall = s.get("stall")
    if stall is None or stall["mark"] != mark:
        s["stall"] = {"mark": mark, "quiet": 0}
        return False
    stall["quiet"] += 1
    if stall["quiet"] < stall_rounds(s):
        return False
    from games.ascendancy.engine.scoring import end_by_stalemate

    end_by_stalemate(ctx)
    return True


def controls_home(state: State, seat: int) -> bool:
    home = board.home_of(state, seat)
    return home is not None and state["systems"][home]["control"] == seat


def victory_check(ctx: Ctx) -> bool:
    """R140-R143: Authority (5 and your home), Military (3 homes, yours included); ties by systems."""
    s = ctx.state
    qualified: list[tuple[int, str]] = []
    for seat in live_seats(s):
        p = s["players"][seat]
        if p["civ"] == "vulcan":  # R200: by his Agenda only, his home not needed
            from games.ascendancy.engine.agendas import agenda_won

            if agenda_won(s, p):
                qualified.append((seat, "agenda_victory"))
            continue
        if not controls_home(s, seat):
            continue
        homes = sum(1 for sys in s["systems"].values() if sys["home_of"] is not None and sys["control"] == seat)
        if p["authority"] >= AUTHORITY_TO_WIN:
            qualified.append((seat, "authority_victory"))
        elif homes >= 3:
            qualified.append((seat, "military_victory"))
    if not qualified:
        return False
    from games.ascendancy.engine.scoring import end_game, systems_controlled

    best = max(systems_controlled(s, seat) for seat, _ in qualified)
    winners = [seat for seat, _ in qualified if systems_controlled(s, seat) == best]
    reason = qualified[0][1] if len({r for _, r in qualified}) == 1 else "mixed_victory"
    end_game(ctx, reason, winners, tiebreak="tiebreak_systems" if len(qualified) > 1 else "")
    return True


def extermination(ctx: Ctx) -> None:
    """R144: no ships (in warp included) and no controlled system: out, every card discarded."""
    s = ctx.state
    for p in s["players"]:
        if p["exterminated"]:
            continue
        seat = p["seat"]
        if ships_total(p) > 0 or any(sys["control"] == seat for sys in s["systems"].values()):
            continue
        p["exterminated"] = True
        for other in s["players"]:
            other["trade_held"].pop(str(seat), None)
        p["trade_held"] = {}
        from games.ascendancy.engine.build import discard_project, under_owner_deck

        for project in list(p["projects"]):
            discard_project(ctx, seat, project["card"])
        ctx.state["prompt"] = None
        for adv in list(p["advancements"]):  # the Advancements he took from rivals go back under their decks
            if catalog.ADVANCEMENTS[adv["card"]]["civ"] != p["civ"]:
                p["advancements"].remove(adv)
                under_owner_deck(s, adv["card"])
        p["fleets"] = {}
        ctx.state["exploration"]["discard"] += p["allies"]
        p["allies"] = []
        ctx.emit("civilization_exterminated", seat=seat)
        join_collective = effects.MECHANICS.get("borg_join_collective")
        if join_collective is not None and "borg" in s:  # R258: "o che viene Sterminato dai rivali" (E70)
            join_collective(ctx, seat, "ascendancy:R258")


def node_income(state: State, seat: int) -> dict[str, int]:
    """R26 with Cardassian Occupation (R186) and the cards' ``generation`` gains (R163, R193: ``effects``)."""
    p = state["players"][seat]
    out = dict.fromkeys(catalog.RESOURCES, 0)
    occupation = effects.has(state, seat, "occupation")
    for sid, sys in sorted(state["systems"].items()):
        if sys["control"] == seat:
            if occupation and board.ships_in(p, board.sys_sector(sid)) == 0:
                continue
            for node in sys["nodes"]:
                if node is not None:
                    out[node] += 1
    for res, amount in effects.generation_gains(state, seat).items():
        out[res] += amount
    return out


def trade_income(state: State, seat: int) -> dict[str, int]:
    """R27: every Trade Agreement held from a rival that is not exhausted; Ferengi cards per R194."""
    p = state["players"][seat]
    out = dict.fromkeys(catalog.RESOURCES, 0)
    for owner, held in sorted(p["trade_held"].items()):
        if held["exhausted"]:
            continue
        civ = state["players"][int(owner)]["civ"]
        if catalog.TRADE_FORMULA.get(civ) == "ferengi":  # R194
            ferengi = state["players"][int(owner)]
            out["production"] += sum(1 for sid, sys in state["systems"].items() if sys["control"] == seat
                                     and board.ships_in(ferengi, board.sys_sector(sid)) > 0)
            continue
        for res, amount in catalog.TRADE[civ][held["card"]].items():
            out[res] += amount
    for ally in p["allies"]:  # R68: an ally that counts as a Trade Agreement
        for res, amount in catalog.EXPLORATION[ally].get("ally", {}).get("trade", {}).items():
            out[res] += amount
    return out


def generate(ctx: Ctx) -> None:
    s = ctx.state
    for seat in live_seats(s):
        gains = node_income(s, seat)
        for res, amount in trade_income(s, seat).items():
            gains[res] += amount
        for res, amount in gains.items():
            s["players"][seat]["resources"][res] += amount
        amounts: dict[str, Any] = dict(gains)
        ctx.emit("resources_generated", seat=seat, **amounts)


def upkeep(ctx: Ctx) -> None:
    s = ctx.state
    for seat in live_seats(s):
        p = s["players"][seat]
        p["commands"] = command_total(s, seat)
        p["ready"] = p["commands"]  # R28
        for a in p["advancements"]:
            a["exhausted"] = False
        effects.refresh_round(p)  # R40
        for held in p["trade_held"].values():
            held["exhausted"] = False
        for w in p["warp"]:  # R29
            w["tokens"] += 1
            w["fresh"] = False
    for sys in s["systems"].values():  # R30
        if sys["kind"] == "phenomenon" and sys["research"] == 0 and not sys.get("transwarp"):  # A46
            sys["research"] = 1
    ctx.emit("recharged", round=s["round"])
