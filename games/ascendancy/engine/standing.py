"""Standing answers: off-turn decisions a player answers in advance (RULINGS E50).

A seat may leave orders for the decisions the game would otherwise wait on it for, while another player is
on turn:

- ``refuse_passage`` / ``allow_passage`` to seat ``to``: the answer to R49's request for passage;
- ``refuse_trade`` from seat ``to``: the answer to its Trade Agreement offers (R79);
- ``retreat_outnumbered``: in a Space Battle, when the rival ships facing this seat's ships are at least
  twice as many after a Combat Round, retreat (R96) to the first sector the retreat may reach (sectors in
  their sorted order, then the group's own sector: RULINGS E38, each sector's ships retreat as a group), and
  so on for each of his other groups that must follow (``retreat_more``); otherwise the game asks as usual.

They are engine state (``state["standing"]``: seat -> list of ``{"answer", "to"?}``), set and cleared by the
commands ``standing`` and ``clear_standing`` (so a replay sees them), seen only by their owner (``view``).
After every command ``settle`` answers an open off-turn decision a standing answer covers, with the same
command the player would send, and logs ``standing_answer_applied``. A standing answer is set or cleared
only by a seat the game is not waiting on: the decision in front of a player is answered by him.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.ascendancy.engine import board
from games.ascendancy.engine.battle import retreat_moves
from games.ascendancy.engine.state import Ctx, State
from games.engine.core import Command, IllegalCommand

#: Answers about another seat (``to``) and answers about nobody in particular.
TO_SEAT = ("refuse_passage", "allow_passage", "refuse_trade")
ALONE = ("retreat_outnumbered",)
ANSWERS = TO_SEAT + ALONE
KINDS = ("standing", "clear_standing")
#: The rule each answer stands in for (refusal codes carry it).
RULE = {"refuse_passage": "ascendancy:R49", "allow_passage": "ascendancy:R49", "refuse_trade": "ascendancy:R79",
        "retreat_outnumbered": "ascendancy:R96"}
#: A side is outnumbered when the rival ships it faces are at least this many times its own.
OUTNUMBERED = 2


def answers(state: State, seat: int) -> list[dict[str, Any]]:
    """The seat's standing answers, in the order they were given."""
    found: list[dict[str, Any]] = (state.get("standing") or {}).get(str(seat), [])
    return found


def _entry(answer: str, to: int | None) -> dict[str, Any]:
    return {"answer": answer} if to is None else {"answer": answer, "to": to}


def _args(args: dict[str, Any], state: State, seat: int) -> tuple[str, int | None]:
    answer = args.get("answer")
    if answer not in ANSWERS or set(args) - {"answer", "to"}:
        raise IllegalCommand("unknown_standing_answer")
    if answer in ALONE:
        if "to" in args:
            raise IllegalCommand("bad_argument", argument="to")
        return str(answer), None
    to = args.get("to")
    if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < state["n"] or to == seat:
        raise IllegalCommand("bad_argument", argument="to")
    return str(answer), to


def check(state: State, seat: int, kind: str, args: dict[str, Any], waited_on: bool) -> tuple[str, int | None]:
    """``waited_on``: the game waits for this seat now (commands.pending)."""
    if state["phase"] in ("choose_civ", "over"):
        raise IllegalCommand("not_now")
    p = state["players"][seat]
    if p["exterminated"]:  # out of the game (R144), or in the Collective (R258)
        raise IllegalCommand("not_now", "ascendancy:R258" if p.get("assimilated") else "ascendancy:R144")
    answer, to = _args(args, state, seat)
    if waited_on:
        raise IllegalCommand("answer_the_open_decision", RULE[answer])
    have = _entry(answer, to) in answers(state, seat)
    if kind == "standing" and have:
        raise IllegalCommand("standing_answer_already_given", RULE[answer])
    if kind == "clear_standing" and not have:
        raise IllegalCommand("no_such_standing_answer", RULE[answer])
    return answer, to


def apply(ctx: Ctx, seat: int, kind: str, args: dict[str, Any], waited_on: bool) -> None:
    """``standing`` (set; allowing passage replaces refusing it, and back) or ``clear_standing``."""
    s = ctx.state
    answer, to = check(s, seat, kind, args, waited_on)
    mine = list(answers(s, seat))
    if kind == "standing":
        opposite = {"refuse_passage": "allow_passage", "allow_passage": "refuse_passage"}.get(answer)
        if opposite is not None:
            mine = [e for e in mine if e != _entry(opposite, to)]
        mine.append(_entry(answer, to))
    else:
        mine = [e for e in mine if e != _entry(answer, to)]
    standing = s.setdefault("standing", {})
    if mine:
        standing[str(seat)] = mine
    else:
        standing.pop(str(seat), None)
    event = "standing_answer_set" if kind == "standing" else "standing_answer_cleared"
    ctx.emit(event, visible_to=frozenset({seat}), seat=seat, answer=answer, to=-1 if to is None else to)


def legal(state: State, seat: int) -> list[Command]:
    """What a seat the game is not waiting on may send: a standing answer to give or to take back."""
    if state["phase"] in ("choose_civ", "over") or state["players"][seat]["exterminated"]:
        return []
    out = []
    mine = answers(state, seat)
    for answer in ANSWERS:
        targets: list[int | None] = [None] if answer in ALONE else [o for o in range(state["n"]) if o != seat]
        for to in targets:
            entry = _entry(answer, to)
            out.append(Command(seat, "clear_standing" if entry in mine else "standing", dict(entry)))
    return out


# --- applying them ----------------------------------------------------------------------------------------------
def _battle_ships(state: State, seat: int) -> tuple[int, int]:
    """(this seat's ships in the battle, the rival ships they face)."""
    b = state["turn"]["battle"]
    att = state["players"][b["attacker"]]
    att_ships = sum(board.ships_in(att, sec) for sec in b["from"])
    if seat == b["attacker"]:
        return att_ships, sum(board.ships_in(state["players"][d], b["target"]) for d in b["defenders"])
    return board.ships_in(state["players"][seat], b["target"]), att_ships


def answer_for(state: State) -> tuple[int, str, Command] | None:
    """The open decision a standing answer covers: (seat, answer, the command it sends), or None."""
    prompt = state.get("prompt")
    if not prompt:
        return None
    seat = prompt.get("seat")
    if not isinstance(seat, int):
        return None
    mine = answers(state, seat)
    if not mine:
        return None
    kind = prompt["kind"]
    if kind == "passage":
        for answer in ("refuse_passage", "allow_passage"):
            if _entry(answer, prompt["mover"]) in mine:
                return seat, answer, Command(seat, answer)
    if kind == "trade_offer" and _entry("refuse_trade", prompt["from"]) in mine:
        return seat, "refuse_trade", Command(seat, "refuse_trade")
    if kind in ("retreat", "retreat_more") and _entry("retreat_outnumbered", None) in mine:
        battle = state["turn"].get("battle") or {}
        if battle.get("kind") != "space":
            return None
        own, rivals = _battle_ships(state, seat)
        if own > 0 and rivals >= OUTNUMBERED * own:
            moves = sorted(retreat_moves(state, seat), key=lambda m: (m["to"], m["src"]))
            if moves:  # RULINGS E38: one group (a sector's ships) at a time
                return seat, "retreat_outnumbered", Command(seat, "retreat", dict(moves[0]))
    return None


def settle(ctx: Ctx, answer_prompt: Callable[[Ctx, int, str, dict[str, Any]], None]) -> int:
    """Answer every open decision a standing answer covers (one answer may open the next decision), through
    ``answer_prompt`` (commands.answer_prompt: the checks of a player's own answer); how many."""
    applied = 0
    for _ in range(64):  # each answer closes a decision; the bound only guards against a loop
        found = answer_for(ctx.state)
        if found is None:
            break
        applied += 1
        seat, answer, command = found
        prompt = ctx.state["prompt"]
        about = prompt.get("mover", prompt.get("from", -1))
        ctx.emit("standing_answer_applied", seat=seat, answer=answer, to=about if isinstance(about, int) else -1,
                 command=command.kind)
        answer_prompt(ctx, seat, command.kind, dict(command.args))
    return applied
