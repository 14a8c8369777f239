"""The book's optional rules (R145-R157) where they need more than a switch in one place: Simultaneous first
turns (R145), Starting Project and Advancements (R147, R148), Unbridled Culture (R150), Mysterious Turn
Order (R152) and Allied Cooperation (R157). The switches themselves are in ``options.py``.

Simultaneous turns (R145, RULINGS E12). While a simultaneous round is played ``state["simultaneous"]``
holds every seat's turn (``turns``, seat -> the turn dict ``rounds.next_turn`` would make), the seats still
playing (``waiting``) and a per-seat counter (``seq``, for the decisions' keys). Each waiting seat has its
own decision; a command of a seat brings its turn into ``state["turn"]`` (``focus``), is played by the
ordinary code, and the turn goes back (``unfocus``) unless a prompt is open, which then waits alone. The
commands are applied one at a time in the order they arrive, so a game stays a replayable list of
commands. No First Contact may be made in such a round: a Connection that would join two homes is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.ascendancy.engine import board
from games.ascendancy.engine.state import Ctx, Player, State, bump, command_total
from games.engine.core import Decision, IllegalCommand

# --- R150 Unbridled Culture ---------------------------------------------------------------------------------
CULTURE_STANDS_FOR = ("production", "research")


def unbridled(p: Player) -> bool:
    return bool(p.get("unbridled_culture"))


def shortfall(p: Player, cost: dict[str, int]) -> int:
    """The Culture needed to cover what the named Production and Research tokens do not (R150); culture
    asked for by name is counted as well."""
    short: int = sum(max(0, int(amount) - int(p["resources"][res])) for res, amount in cost.items()
                     if res in CULTURE_STANDS_FOR)
    return short + int(cost.get("culture", 0))


def can_pay_unbridled(p: Player, cost: dict[str, int]) -> bool:
    if any(amount > p["resources"][res] for res, amount in cost.items() if res not in CULTURE_STANDS_FOR):
        return False
    return shortfall(p, cost) <= int(p["resources"]["culture"])


def pay_unbridled(p: Player, cost: dict[str, int]) -> None:
    """The named tokens first, then Culture for the rest (RULINGS E25)."""
    for res, amount in cost.items():
        if res in CULTURE_STANDS_FOR:
            own = min(amount, p["resources"][res])
            p["resources"][res] -= own
            p["resources"]["culture"] -= amount - own
        else:
            p["resources"][res] -= amount


# --- R147, R148 at setup ----------------------------------------------------------------------------------------
def starting_cards(ctx: Ctx, p: Player) -> None:
    """R147: one Project from the deck; R148: one more completed Advancement (drawn at random: the deck
    was shuffled, the top card is taken; chosen later with ``starting_cards_chosen``)."""
    opts = ctx.state["options"]
    if opts.get("starting_cards_chosen"):
        return
    if opts.get("starting_advancement") and p["deck"]:
        card = p["deck"].pop()
        p["advancements"].append({"card": card, "exhausted": False})
        ctx.emit("starting_advancement", seat=p["seat"], card=card)
    if opts.get("starting_project") and p["deck"]:
        card = p["deck"].pop()
        p["projects"].append({"card": card, "research": 0})
        ctx.emit("starting_project", seat=p["seat"], card=card)


STARTING_KINDS = (("starting_advancement", "advancement"), ("starting_project", "project"))
STARTING_RULE = {"project": "ascendancy:R147", "advancement": "ascendancy:R148"}


def starting_choices_open(state: State) -> list[tuple[int, str]]:
    """(seat, what) still to choose with ``starting_cards_chosen``: an Advancement first, then a Project."""
    opts = state["options"]
    if not opts.get("starting_cards_chosen"):
        return []
    out = []
    for p in state["players"]:
        done = p.get("starting_chosen", [])
        for option, what in STARTING_KINDS:
            if opts.get(option) and what not in done and p["deck"]:
                out.append((p["seat"], what))
                break
    return out


def starting_decisions(state: State) -> list[Decision]:
    return [Decision(key=f"starting:{seat}:{what}", seats=frozenset({seat}), prompt="starting_card",
                     params={"what": what}) for seat, what in starting_choices_open(state)]


def all_chosen(p: Player) -> IllegalCommand:
    """The refusal of a starting card to a seat that has chosen every one it gets: one of each kind (R147,
    R148), named by the last it chose."""
    last = (p.get("starting_chosen") or ["project"])[-1]
    return IllegalCommand("starting_cards_chosen", STARTING_RULE[last])


def choose_starting_card(ctx: Ctx, seat: int, card: Any) -> bool:
    """R147, R148 (experienced players): the seat takes ``card`` from its deck; the deck is then shuffled
    (RULINGS E8, E24). True once every seat has chosen everything."""
    s = ctx.state
    what = dict(starting_choices_open(s)).get(seat)
    p = s["players"][seat]
    if what is None:
        raise all_chosen(p)
    if card not in p["deck"]:
        raise IllegalCommand("not_in_your_deck", STARTING_RULE[what])
    p["deck"].remove(card)
    ctx.rng.shuffle(p["deck"])
    p["deck_known"] = 0
    p.setdefault("starting_chosen", []).append(what)
    if what == "advancement":
        p["advancements"].append({"card": card, "exhausted": False})
        p["commands"] = p["ready"] = command_total(s, seat)
    else:
        p["projects"].append({"card": card, "research": 0})
    ctx.emit(f"starting_{what}", seat=seat, card=card)
    bump(s)
    return not starting_choices_open(s)


# --- R152 Mysterious Turn Order --------------------------------------------------------------------------------
def turn_order_cards(ctx: Ctx, count: int) -> list[int]:
    """R7, R152: cards 1..count, or, with Mysterious Turn Order, ``count`` of the cards 1..2*count drawn at
    random; the other half is set aside unseen (never listed in the state)."""
    if not ctx.state["options"].get("mysterious_turn_order"):
        return list(range(1, count + 1))
    cards = ctx.rng.shuffled(list(range(1, 2 * count + 1)))[:count]
    return sorted(cards)


# --- R157 Allied Cooperation ------------------------------------------------------------------------------------
def occupies_for(state: State, seat: int, sector: str) -> bool:
    """R34 Occupy, or (R157) only the seat and one Peaceful rival who agreed this turn."""
    if board.occupies(state, seat, sector):
        return True
    if not state["options"].get("allied_cooperation") or not sector.startswith("S:"):
        return False
    sid = board.parse(sector)[1]
    ally = ((state["turn"] or {}).get("cooperation") or {}).get(sid)
    return ally is not None and board.present(state, sector) == sorted([seat, ally])


def cooperation_partner(state: State, seat: int, sid: str) -> int | None:
    """R157: the single Peaceful rival sharing the system with the seat, or None."""
    others = [o for o in board.present(state, board.sys_sector(sid)) if o != seat]
    if len(others) != 1 or seat not in board.present(state, board.sys_sector(sid)):
        return None
    other = others[0]
    return other if board.at_peace(state, seat, other) else None


def check_ask_cooperation(state: State, seat: int, args: dict[str, Any]) -> None:
    if not state["options"].get("allied_cooperation"):
        raise IllegalCommand("option_not_in_play", "ascendancy:R157", option="allied_cooperation")
    sid = args.get("at")
    if not isinstance(sid, str) or sid not in state["systems"]:
        raise IllegalCommand("no_such_system", "ascendancy:R157", system=str(sid))
    turn = state["turn"]
    if sid in (turn.get("cooperation") or {}) or sid in turn.get("cooperation_refused", []):
        raise IllegalCommand("cooperation_already_asked", "ascendancy:R157")
    if turn["battle"] is not None:
        raise IllegalCommand("conflict_under_way", "ascendancy:R83")
    if cooperation_partner(state, seat, sid) is None:
        raise IllegalCommand("no_peaceful_partner", "ascendancy:R157")


def ask_cooperation(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    s = ctx.state
    sid = args["at"]
    other = cooperation_partner(s, seat, sid)
    assert other is not None
    s["prompt"] = {"kind": "cooperation", "seat": other, "asker": seat, "at": sid}
    bump(s)
    ctx.emit("cooperation_asked", seat=seat, owner=other, system=sid)


def answer_cooperation(ctx: Ctx, seat: int, allow: bool) -> None:
    """R157: yes, the asker proceeds as if these ships were not there (this turn); no, he must Occupy."""
    s = ctx.state
    prompt = s["prompt"]
    s["prompt"] = None
    bump(s)
    turn = s["turn"]
    if allow:
        turn.setdefault("cooperation", {})[prompt["at"]] = seat
    else:
        turn.setdefault("cooperation_refused", []).append(prompt["at"])
    ctx.emit("cooperation_answered", seat=seat, asker=prompt["asker"], system=prompt["at"], allowed=allow)


# --- R145 Simultaneous first turns --------------------------------------------------------------------------
def simultaneous_round(state: State) -> bool:
    rounds = 2 if state["options"].get("simultaneous_second_round") else 1
    return bool(state["options"].get("simultaneous_first_turns")) and state["round"] <= rounds


def sim_idle(state: State) -> bool:
    """A simultaneous round with no seat's turn in front (every waiting seat may act)."""
    return bool(state.get("simultaneous")) and state["turn"] is None and state["prompt"] is None


def sim_decisions(state: State) -> list[Decision]:
    sim = state["simultaneous"]
    out = []
    for seat in sim["waiting"]:
        turn = sim["turns"][str(seat)]
        prompt = "move" if turn["move"] is not None else (
            "build_phase" if turn["phase"] == "build" else "command_phase")
        out.append(Decision(key=f"sim:{state['round']}:{seat}:{sim['seq'][str(seat)]}", seats=frozenset({seat}),
                            prompt=prompt, params={"simultaneous": True}))
    return out


def focused(state: State, seat: int) -> State:
    """A shallow copy of the state with the seat's turn in front (for reading only)."""
    return {**state, "turn": state["simultaneous"]["turns"][str(seat)]}


def focus(state: State, seat: int) -> None:
    state["turn"] = state["simultaneous"]["turns"].pop(str(seat))


def unfocus(state: State) -> None:
    sim = state.get("simultaneous")
    if not sim or state["turn"] is None or state["prompt"] is not None:
        return
    seat = state["turn"]["seat"]
    sim["turns"][str(seat)] = state["turn"]
    sim["seq"][str(seat)] += 1
    state["turn"] = None


def start_simultaneous(ctx: Ctx, andorian_pride: Callable[[Ctx, int], None]) -> None:
    """R145: every seat's turn opens at once, in Turn Order for the log (each turn starts as
    ``rounds.next_turn`` starts one: R179 Andorian Pride included)."""
    s = ctx.state
    seats = [x for x in s["order"] if isinstance(x, int) and not s["players"][x]["exterminated"]]
    s["simultaneous"] = {"turns": {}, "waiting": list(seats), "seq": {str(x): 0 for x in seats}}
    ctx.emit("simultaneous_turns", round=s["round"])
    for who in seats:
        p = s["players"][who]
        s["simultaneous"]["turns"][str(who)] = {
            "seat": who, "phase": "build", "funded": [], "built": {}, "move": None, "battle": None,
            "starts": sorted(board.occupied_sectors(p))}
        ctx.emit("turn_started", seat=who, card=s["cards"][str(who)])
        if p["civ"] == "andorian":
            andorian_pride(ctx, who)
    s["turn"] = None
    bump(s)


def sim_next_turn(ctx: Ctx, andorian_pride: Callable[[Ctx, int], None]) -> bool:
    """Called where ``rounds.next_turn`` begins: True when the simultaneous round took over."""
    s = ctx.state
    sim = s.get("simultaneous")
    if sim:
        if s["turn"] is not None:  # the seat in front ended its turn
            sim["waiting"].remove(s["turn"]["seat"])
            s["turn"] = None
            bump(s)
        if sim["waiting"]:
            return True
        s["simultaneous"] = None
        s["turn_index"] = len(s["order"])  # every turn of the round is played: the Recharge Stage
        return False
    if s["turn_index"] == -1 and simultaneous_round(s):
        start_simultaneous(ctx, andorian_pride)
        return True
    return False


def makes_contact(state: State, seat: int, src: str, target: str) -> bool:
    """R145: joining ``src`` and ``target`` would Connect the seat's home (or any home) to another home."""
    joined = board.connected_systems(state, src) | board.connected_systems(state, target)
    homes = {state["systems"][sid]["home_of"] for sid in joined if state["systems"][sid]["home_of"] is not None}
    return len(homes) > 1


def check_no_contact(state: State, seat: int, kind: str, args: dict[str, Any]) -> None:
    if not state.get("simultaneous") or kind != "step" or args.get("connect") is None:
        return
    move = (state["turn"] or {}).get("move") or {}
    at = move.get("at")
    target = args["connect"]
    if not at or not isinstance(target, str) or target not in state["systems"]:
        return
    if makes_contact(state, seat, board.parse(at)[1], target):  # the option's name, for the player (RULINGS E55)
        option = "simultaneous_second_round" if state["round"] >= 2 else "simultaneous_first_turns"
        raise IllegalCommand("no_contact_in_simultaneous_round", "ascendancy:R145", option=option)
