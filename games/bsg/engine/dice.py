"""Readied die cards (bsg:R221, R610, RULINGS G39): Strategic Planning and Evasive Maneuvers played ahead as
standing orders, spent by the roll they apply to.

``state["readied"]``: ``[{"seat", "card"}]``, face up, out of the hand. A readied Strategic Planning adds
its amount to the next roll made for the humans (``human_roll``: an attack by a viper, Galactica, a nuke or
the Armory, a raptor risked, a card's roll, the FTL roll); a readied Evasive Maneuvers rerolls the next
raider attack that would damage or destroy a viper (``evade``).
"""

from __future__ import annotations

from collections.abc import Callable

from games.bsg.engine.decks import discard_skill
from games.bsg.engine.state import CONTENT, Ctx, State, card_id, next_key
from games.bsg.engine.traits import abilities_blocked, sheet_effects, skill_text_blocked
from games.engine.core import IllegalCommand


def _kind(card: str) -> str | None:
    effects = CONTENT.skill_cards[card_id(card)].effects
    return next((e.kind for e in effects if e.kind in ("die_modifier", "reroll")), None)


def ready_options(state: State, seat: int) -> list[str]:
    """The die cards the seat may ready now (one physical card per kind and strength)."""
    if state["phase"] != "turn" or skill_text_blocked(state, seat):  # R260: a Leader among the Cylons too
        return []
    if str(seat) in state["forced"] or seat in state["discards"]:  # owed discards come first
        return []
    found: dict[str, str] = {}
    for card in sorted(state["players"][seat]["hand"]):
        if _kind(card) is not None:
            found.setdefault(card.rsplit(".", 1)[0], card)
    return sorted(found.values())


def ready(ctx: Ctx, seat: int, card: str) -> None:
    if card not in ready_options(ctx.state, seat):
        raise IllegalCommand("card_cannot_be_readied", "bsg:R221", card=card)
    ctx.state["players"][seat]["hand"].remove(card)
    ctx.state["readied"].append({"seat": seat, "card": card})
    next_key(ctx.state)
    ctx.emit("card_readied", seat=seat, card=card)


def _spend(ctx: Ctx, kind: str) -> tuple[str, int] | None:
    """Take the first readied card of an effect kind: (card, amount)."""
    for entry in ctx.state["readied"]:
        if _kind(entry["card"]) == kind and not ctx.state["players"][entry["seat"]]["cylon"]:
            ctx.state["readied"].remove(entry)
            discard_skill(ctx, entry["card"])
            effect = next(e for e in CONTENT.skill_cards[card_id(entry["card"])].effects if e.kind == kind)
            return entry["card"], int(effect.get("amount", 0))
    return None


def _bonus(state: State) -> int:
    """What the readied Strategic Planning that the next human roll would spend adds."""
    for entry in state["readied"]:
        if _kind(entry["card"]) == "die_modifier" and not state["players"][entry["seat"]]["cylon"]:
            effect = next(
                e for e in CONTENT.skill_cards[card_id(entry["card"])].effects if e.kind == "die_modifier"
            )
            return int(effect.get("amount", 0))
    return 0


def readied_bonus(state: State) -> int:
    """What the next human roll will add from a readied Strategic Planning (0 without one)."""
    return _bonus(state)


def reroll_seat(state: State) -> int | None:
    """The seat whose sheet rerolls a die once per turn (Zarek's Friends in Low Places), if usable now."""
    for p in state["players"]:
        seat = p["seat"]
        if f"{seat}:{state['turn_no']}" in state["rerolls"] or abilities_blocked(state, seat):
            continue
        if any(e.get("die") == "any" for e in sheet_effects(state, seat, "reroll", weakness_too=False)):
            return int(seat)
    return None


def arm_options(state: State, seat: int) -> bool:
    return state["phase"] == "turn" and reroll_seat(state) == seat and state["armed"] is None


def arm(ctx: Ctx, seat: int) -> None:
    """Zarek arms his reroll for this turn: the next roll made for the humans that would fail (G41)."""
    if not arm_options(ctx.state, seat):
        raise IllegalCommand("ability_not_usable", "bsg:R221")
    ctx.state["armed"] = {"seat": seat, "turn": ctx.state["turn_no"]}
    next_key(ctx.state)
    ctx.emit("reroll_armed", seat=seat)


def below(at_least: int) -> Callable[[int], bool]:
    """The failure of a roll that needs ``at_least``."""
    return lambda roll: roll < at_least


def human_roll(ctx: Ctx, fails: Callable[[int], bool] | None = None) -> int:
    """A die rolled for the humans: an armed reroll rolls again a result that ``fails`` (G41), then a readied
    Strategic Planning adds its amount (G39)."""
    state = ctx.state
    roll = ctx.rng.die(CONTENT.board.die_faces)
    armed = state["armed"]
    if armed is not None and armed["turn"] != state["turn_no"]:
        state["armed"] = armed = None  # it lasts one turn
    if armed is not None and fails is not None and fails(roll + _bonus(state)):
        state["armed"] = None
        state["rerolls"].append(f"{armed['seat']}:{state['turn_no']}")
        again = ctx.rng.die(CONTENT.board.die_faces)
        ctx.emit("roll_rerolled", seat=armed["seat"], roll=roll, result=again)
        roll = again
    spent = _spend(ctx, "die_modifier")
    if spent is not None:
        ctx.emit("roll_modified", card=spent[0], roll=roll, result=roll + spent[1])
        roll += spent[1]
    return roll


def evade(ctx: Ctx, roll: int, hits: Callable[[int], bool]) -> int:
    """A raider's attack on a viper that hits is rolled again with a readied Evasive Maneuvers (G39)."""
    if not hits(roll):
        return roll
    spent = _spend(ctx, "reroll")
    if spent is None:
        return roll
    again = ctx.rng.die(CONTENT.board.die_faces)
    ctx.emit("roll_modified", card=spent[0], roll=roll, result=again)
    return again
