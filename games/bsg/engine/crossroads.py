"""The Crossroads phase of the Ionian Nebula objective (bsg:R960-R980, the state machine of R985; RULINGS
G160-G179): the Battle of the Ionian Nebula, the Crossroads cards, the Trial / Archived Line, then the
interrupted turn goes on and the next jump wins (R979).

``state["crossroads"]`` while the phase lasts:

- ``stage``: ``battle`` | ``deal`` | ``commit`` | ``reveal`` | ``choose`` | ``remove`` | ``trial`` | ``filter`` |
  ``eliminate`` | ``president`` | ``cleanup``. Every stage but ``commit`` (each seat holding trauma, in
  parallel, secretly), ``choose`` (a seat without a token picks the result) and ``president`` (the President's
  tie choice, R970-5) is an automatic step the server applies one at a time (``step``), so the players see
  the phase unfold.
- ``then``: the step the interrupted turn resumes at (R979); ``active``: the active player at the start;
- ``cards``: seat -> his Crossroads card (his secret until revealed); ``committed``: seat -> the token he played
  beside it (his secret until revealed); ``revealed``: the seats whose card is face up; ``results``: seat ->
  the result applied;
- ``order``: the reveal order (the active player, then clockwise, R966), ``at``: the next to reveal;
- ``cylons``: the seats that are Cylon players for the Trial (an infiltrated Leader as at the start, R970-2);
- ``shown``: seat -> his tokens after the Trial's reveal (public); ``eliminated``: the seats eliminated;
  ``tied``: the humans tied for the most tokens, among whom the President chooses.
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import executions, loyalty, trauma, turns
from games.bsg.engine.decks import discard_skill
from games.bsg.engine.effects import apply_effects, leave_craft
from games.bsg.engine.ionian_data import ANTAGONISTIC, BENEVOLENT
from games.bsg.engine.setup import place_ships
from games.bsg.engine.state import CONTENT, Ctx, State, infiltrator, next_key
from games.engine.core import IllegalCommand

#: the stages no player decides: applied by the server one by one (R985)
AUTOMATIC = ("battle", "deal", "reveal", "remove", "trial", "filter", "eliminate", "cleanup")
RESULTS = (BENEVOLENT, ANTAGONISTIC)


def decision(state: State) -> tuple[str, list[int], dict[str, Any]] | None:
    """(prompt, seats, params) of what the phase waits for; no seat: an automatic step."""
    cr = state.get("crossroads")
    if cr is None:
        return None
    stage = cr["stage"]
    if stage in AUTOMATIC:
        return f"crossroads_{stage}", [], {"pace": 1}
    if stage == "commit":
        return "crossroads_commit", committers(state), {}
    if stage == "choose":
        seat = cr["order"][cr["at"]]
        return "crossroads_choose_result", [seat], {"seat": seat, "card": cr["cards"][str(seat)]}
    return "trial_choose_human", [president(state)], {"seat": president(state), "tied": list(cr["tied"])}


def committers(state: State) -> list[int]:
    """R964, R965: the seats holding a trauma token that have not played one yet."""
    cr = state["crossroads"]
    return [s for s in cr["order"] if str(s) not in cr["committed"] and state["players"][s].get("trauma")]


def president(state: State) -> int:
    """The President chooses among tied humans (R970-5); with no President, the active player (RULINGS G170)."""
    seat = state["president"]
    if seat is None or state["players"][seat].get("eliminated"):
        seat = state["current"]
    return int(seat)


def legal(state: State, seat: int) -> list[tuple[str, dict[str, Any]]]:
    cr = state["crossroads"]
    if cr["stage"] == "commit" and seat in committers(state):
        return [("commit_trauma", {"token": t}) for t in sorted(set(state["players"][seat]["trauma"]))]
    if cr["stage"] == "choose" and cr["order"][cr["at"]] == seat:
        return [("crossroads_choose", {"result": r}) for r in RESULTS]
    if cr["stage"] == "president" and seat == president(state):
        return [("trial_eliminate", {"target": t}) for t in cr["tied"]]
    return []


# --- the automatic steps ------------------------------------------------------------------------------------


def step(ctx: Ctx) -> None:
    """The automatic step due (R985): one stage's system work, then the stage that follows."""
    state = ctx.state
    cr = state["crossroads"]
    {"battle": _battle, "deal": _deal, "reveal": _reveal, "remove": _remove, "trial": _trial,
     "filter": _filter, "eliminate": _eliminate, "cleanup": _cleanup}[cr["stage"]](ctx)
    next_key(state)


def _battle(ctx: Ctx) -> None:
    """R962: 1 basestar and 4 raiders in each area above Galactica (with the Cylon Fleet as R914 says:
    ``place_ships``), 2 vipers launched into each launch-icon area from the Reserves, the fleet token back to
    Start."""
    state = ctx.state
    battle = trauma.data().battle
    areas = sorted(CONTENT.board.space_areas, key=lambda a: a.number)
    for area in areas:
        if area.above:
            place_ships(ctx, "basestar", area.id, battle["basestar"])
            place_ships(ctx, "raider", area.id, battle["raider"])
    for area in areas:
        if area.launch:
            place_ships(ctx, "viper", area.id, battle["vipers"])
    state["jump"] = 0
    ctx.emit("ionian_battle_set_up")
    state["crossroads"]["stage"] = "deal"


def _deal(ctx: Ctx) -> None:
    """R963: the Crossroads deck shuffled, 1 card face down to every player, his alone."""
    state = ctx.state
    cr = state["crossroads"]
    deck = state["ionian"]["crossroads_deck"]
    ctx.rng.shuffle(deck)
    for seat in cr["order"]:
        if deck:
            card = str(deck.pop())
            cr["cards"][str(seat)] = card
            ctx.emit("crossroads_dealt", visible_to=frozenset({seat}), redacted={"seat": seat}, seat=seat, card=card)
    cr["stage"] = "commit" if committers(state) else "reveal"


def _reveal(ctx: Ctx) -> None:
    """R966, R967: the next player in order shows his card and his token and its result is applied; without a
    token he chooses the result (``choose``). An executed player's card is still resolved in his place."""
    state = ctx.state
    cr = state["crossroads"]
    seat = cr["order"][cr["at"]]
    card = cr["cards"].get(str(seat))
    token = cr["committed"].get(str(seat))
    if card is not None:
        cr["revealed"].append(seat)
    if token is None:
        ctx.emit("crossroads_revealed_no_token", seat=seat, card=card)
    else:
        ctx.emit("crossroads_revealed", seat=seat, card=card, token=token)
    if card is None:  # the deck ran out (RULINGS G162)
        _next(ctx)
    elif token is None:
        cr["stage"] = "choose"
    else:
        _resolve(ctx, seat, token)


def choose(ctx: Ctx, seat: int, result: str) -> None:
    """R964: a player who played no token picks the result he prefers."""
    if result not in RESULTS:
        raise IllegalCommand("bad_crossroads_result", "bsg:R964", result=result)
    ctx.emit("crossroads_result_chosen", seat=seat, result=result)
    _resolve(ctx, seat, result)


def _resolve(ctx: Ctx, seat: int, result: str) -> None:
    state = ctx.state
    cr = state["crossroads"]
    card = cr["cards"][str(seat)]
    cr["results"][str(seat)] = result
    ctx.emit("crossroads_resolved", seat=seat, card=card, result=result)
    _next(ctx)
    apply_effects(ctx, trauma.data().crossroads[card].result(result), card, actor=seat)


def _next(ctx: Ctx) -> None:
    cr = ctx.state["crossroads"]
    cr["at"] += 1
    cr["stage"] = "reveal" if cr["at"] < len(cr["order"]) else "remove"
    next_key(ctx.state)


def commit(ctx: Ctx, seat: int, token: str) -> None:
    """R964: one of his trauma tokens face down beside his card; R965: the reveals start once all are in."""
    state = ctx.state
    p = ctx.player(seat)
    if seat not in committers(state):
        raise IllegalCommand("no_commitment_due", "bsg:R964")
    if token not in p["trauma"]:
        raise IllegalCommand("bad_trauma_token", "bsg:R964", token=token)
    p["trauma"].remove(token)
    state["crossroads"]["committed"][str(seat)] = token
    ctx.emit("trauma_committed", seat=seat)
    next_key(state)
    if not committers(state):
        state["crossroads"]["stage"] = "reveal"


def _remove(ctx: Ctx) -> None:
    """R970-1: the tokens beside the cards, on the Ally cards, on the Brig and Sickbay discarded; the Ally cards,
    their tokens and the Crossroads cards boxed for good."""
    state = ctx.state
    ion = state["ionian"]
    cr = state["crossroads"]
    trauma.discard(state, [a["token"] for a in ion["allies"]] + list(ion["places"].values())
                   + list(cr["committed"].values()))
    ion["ally_boxed"] += [a["card"] for a in ion["allies"]]
    ion["allies"] = []
    ion["places"] = dict.fromkeys(ion["places"])
    ion["seeds"] = []
    cr["committed"] = {}
    ctx.emit("trial_began")
    cr["stage"] = "trial"


def _trial(ctx: Ctx) -> None:
    """R970-2: every player shows his tokens; the humans (unrevealed Cylons too) discard the benevolent ones,
    the Cylon players the antagonistic ones (an infiltrated Leader as at the start of the phase)."""
    state = ctx.state
    cr = state["crossroads"]
    for seat in cr["order"]:
        p = state["players"][seat]
        cylon = seat in cr["cylons"] if infiltrator(p) else bool(p["cylon"])
        shown = sorted(p.get("trauma", []))
        drop = ANTAGONISTIC if cylon else BENEVOLENT
        p["trauma"] = [t for t in shown if t != drop]
        trauma.discard(state, [t for t in shown if t == drop])
        cr["shown"][str(seat)] = {"tokens": shown, "cylon": cylon, "kept": len(p["trauma"])}
        ctx.emit("trauma_shown", seat=seat, benevolent=shown.count(BENEVOLENT),
                 antagonistic=shown.count(ANTAGONISTIC), cylon=cylon, kept=len(p["trauma"]))
    cr["stage"] = "filter"


def _filter(ctx: Ctx) -> None:
    """R970-3: a player left with 2 or fewer tokens discards them all."""
    state = ctx.state
    keep_above = trauma.data().trial_keep_above
    for seat in state["crossroads"]["order"]:
        p = state["players"][seat]
        if 0 < len(p["trauma"]) <= keep_above:
            ctx.emit("trauma_discarded", seat=seat, count=len(p["trauma"]))
            trauma.discard(state, p["trauma"])
            p["trauma"] = []
        state["crossroads"]["shown"][str(seat)]["kept"] = len(p["trauma"])
    state["crossroads"]["stage"] = "eliminate"


def _eliminate(ctx: Ctx) -> None:
    """R970-4, R970-5: nobody with tokens: no elimination. Otherwise the most tokens is eliminated: every tied
    Cylon, and one tied human (the President's choice among several)."""
    state = ctx.state
    cr = state["crossroads"]
    counts = {s: len(state["players"][s]["trauma"]) for s in cr["order"]}
    most = max(counts.values(), default=0)
    if most == 0:
        ctx.emit("trial_nobody_eliminated")
        cr["stage"] = "cleanup"
        return
    tied = [s for s in cr["order"] if counts[s] == most]
    cylons = [s for s in tied if cr["shown"][str(s)]["cylon"]]
    humans = [s for s in tied if s not in cylons]
    cr["eliminated"] = list(cylons)
    if len(humans) == 1:
        cr["eliminated"].append(humans[0])
    if len(humans) > 1:
        cr["tied"] = humans
        cr["stage"] = "president"
        return
    _carry_out(ctx)


def trial_choice(ctx: Ctx, seat: int, target: int) -> None:
    """R970-5, R976: the President names one of the tied humans (himself too), publicly."""
    cr = ctx.state["crossroads"]
    if target not in cr["tied"]:
        raise IllegalCommand("bad_trial_target", "bsg:R970", target=target)
    ctx.emit("trial_human_chosen", seat=seat, target=target)
    cr["eliminated"].append(target)
    cr["tied"] = []
    _carry_out(ctx)


def _carry_out(ctx: Ctx) -> None:
    """R978, R458: each eliminated player's character is executed first (a human's morale loss), without a new
    character; a Cylon player goes to no Resurrection Ship: his sheet is boxed, his Super Crisis cards
    discarded. He takes no further turn; his titles pass by succession. What his execution's reveal still asks
    of a hidden Cylon (his other loyalty cards given away, R451; the Mutineer passed, R1028) he does (RULINGS
    G165)."""
    state = ctx.state
    cr = state["crossroads"]
    for seat in cr["eliminated"]:
        p = ctx.player(seat)
        ctx.emit("player_eliminated", seat=seat, character=p["character"])
        if not p["cylon"]:
            executions.execute(ctx, seat, same_turn=False, replaced=False)
        if state["phase"] == "over":
            return
        p["eliminated"] = True
        p["location"] = None
        trauma.discard(state, p["trauma"])
        for card in p["hand"]:  # a revealed Cylon's Skill cards (a human's went with his execution)
            discard_skill(ctx, card)
        p["hand"], p["trauma"] = [], []
        state["decks"]["super_crisis_discard"] += p["super_crisis"]
        p["super_crisis"] = []
        leave_craft(state, seat)  # a viper, a Viper Mark VII or an Assault Raptor to its own Reserves
        for title in loyalty.TITLES:
            if state.get(title) == seat:
                loyalty.pass_title(ctx, title, "eliminated")
    cr["stage"] = "cleanup"
    next_key(state)


def _cleanup(ctx: Ctx) -> None:
    """R970-6, R979: every trauma token boxed; the next jump wins. The interrupted turn resumes; if its player
    was executed or eliminated meanwhile, the next player's turn begins."""
    state = ctx.state
    cr = state["crossroads"]
    for p in state["players"]:
        p["trauma"] = []
    ion = state["ionian"]
    ion["pool"], ion["done"] = [], True
    ion["trial"] = {"shown": cr["shown"], "eliminated": cr["eliminated"]}  # the Trial's outcome, public
    ion["crossroads_deck"] = []
    state["objective_reached"] = True
    del state["crossroads"]
    ctx.emit("crossroads_ended")
    next_key(state)
    if state["players"][state["current"]].get("eliminated"):
        state["step"] = "end"
        turns.end_turn(ctx)
    elif state["step"] == "end":
        turns.finish_turn(ctx)
    else:
        turns.go_to(ctx, cr["then"])


def view(state: State, seat: int | None) -> dict[str, Any] | None:
    """The phase as a seat sees it: whose card and token lie face down, his own card and token, the revealed
    cards with their results, the Trial's shown tokens (R963-R970)."""
    cr = state.get("crossroads")
    if cr is None:
        return None
    shown_cards = {str(s): cr["cards"][str(s)] for s in cr["revealed"]}
    if seat is not None and str(seat) in cr["cards"]:
        shown_cards[str(seat)] = cr["cards"][str(seat)]
    return {
        "stage": cr["stage"], "active": cr["active"], "order": list(cr["order"]), "at": cr["at"],
        "dealt": sorted(int(s) for s in cr["cards"]), "cards": shown_cards, "revealed": list(cr["revealed"]),
        "committed": sorted(int(s) for s in cr["committed"]),
        "mine_committed": cr["committed"].get(str(seat)) if seat is not None else None,
        "results": dict(cr["results"]), "tokens": {str(s): cr["committed"][str(s)] for s in cr["revealed"]
                                                  if str(s) in cr["committed"]},
        "shown": {k: dict(v) for k, v in cr["shown"].items()}, "eliminated": list(cr["eliminated"]),
        "tied": list(cr["tied"]), "waiting": committers(state) if cr["stage"] == "commit" else [],
    }
