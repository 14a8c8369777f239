"""Daybreak's Motive cards of the Cylon Leader (bsg:R804, R711, R141; RULINGS G134, G137-G141).

With Daybreak a Cylon Leader gets no Agenda (RULINGS A28, G137): he is dealt 2 Motive cards when the loyalty
deck is dealt (R124 C) and 2 more in the Sleeper Agent phase (R405), each his secret (``p["motives"]``,
events ``visible_to`` him alone). A Motive card points to the humans or to the Cylons and says what must hold
before he may reveal it (``motives.json``, ``MOTIVE_REQUIREMENTS``). He reveals one **at any time** its
requirement holds (an interrupt, ``reveal_motive {card}``, whoever the game waits for); a card that says
"Reveal this card if the game is over" only once the game has ended (R711 step 3). Revealed cards lie face up
for everyone (``p["motives_revealed"]``).

At the end of the game every Motive whose requirement holds is revealed for him (RULINGS G138: revealing can
only help him), then he wins with the winning side when he holds at most 1 unrevealed Motive and has revealed
at least 2 that point to that side; with all 4 revealed, 2 to each side, he joins the side he chooses, which
at the end is the winning one (RULINGS A27, G139).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.bsg.engine.state import CONTENT, Ctx, Player, State, next_key
from games.engine.core import IllegalCommand

#: R804: Motive cards at setup and again in the Sleeper Agent phase
DEALT_AT_SETUP = 2
DEALT_AT_SLEEPER = 2
#: R804: the most unrevealed Motive cards a winning Leader may still hold at the end
MOST_UNREVEALED = 1
#: R804: the fewest revealed Motive cards pointing to the winning side
FEWEST_POINTING = 2


def on(state: State) -> bool:
    """The table deals Motive cards: a Cylon Leader with Daybreak (R141, R804)."""
    options = state.get("options", {})
    return bool(options.get("cylon_leader") and options.get("daybreak"))


def holder(p: Player) -> bool:
    """The player holds (or held) Motive cards: a Cylon Leader at a Daybreak table."""
    return "motives" in p


def setup_deck(state: State, shuffled: list[str]) -> None:
    """R804: the Motive deck, face down, shuffled (``shuffled`` is ``CONTENT.motive_deck()`` shuffled)."""
    state["decks"]["motives"] = shuffled


def deal(ctx: Ctx, seat: int, count: int) -> None:
    """R804: ``count`` Motive cards to the Leader, his alone."""
    p = ctx.player(seat)
    p.setdefault("motives", [])
    p.setdefault("motives_revealed", [])
    pile = ctx.state["decks"]["motives"]
    for _ in range(count):
        if not pile:
            return
        card = pile.pop()
        p["motives"].append(card)
        ctx.emit("motive_dealt", visible_to=frozenset({seat}), redacted={"seat": seat}, seat=seat, card=card)


def deal_at_sleeper(ctx: Ctx) -> None:
    """R405, R804: the Leader's 2 more Motive cards in the Sleeper Agent phase."""
    for p in ctx.state["players"]:
        if holder(p):
            deal(ctx, p["seat"], DEALT_AT_SLEEPER)


def _holds(state: State, p: Player, cond: Mapping[str, Any]) -> bool:
    kind = cond["kind"]
    if kind == "game_over":  # "Reveal this card if the game is over" (R711 step 3)
        return bool(state["phase"] == "over")
    if kind == "infiltrated":
        return not p["cylon"]
    if kind == "outside_brig":
        return p["location"] not in ("brig", "detention")
    if kind == "resource_at_most":
        return bool(state["resources"][cond["resource"]] <= cond["amount"])
    if kind == "resource_at_least":
        return bool(state["resources"][cond["resource"]] >= cond["amount"])
    if kind == "distance_at_least":
        return bool(state["distance"] >= cond["amount"])
    if kind == "galactica_damaged_at_least":
        return len(state["damage"]) >= int(cond["amount"])
    if kind == "pegasus_destroyed":
        return bool(state.get("pegasus", {}).get("destroyed"))
    if kind == "boarding_at_least":
        return len(state["boarding"]) >= int(cond["amount"])
    raise ValueError(kind)


def requirement_met(state: State, seat: int, card: str) -> bool:
    p = state["players"][seat]
    return all(_holds(state, p, cond) for cond in CONTENT.motives[card].requirement)


def reveal_options(state: State, seat: int) -> list[str]:
    """The Motive cards the seat may reveal now: his own, unrevealed, their requirement met (R804)."""
    p = state["players"][seat]
    if not holder(p) or state["phase"] not in ("turn", "over"):
        return []
    return sorted({c for c in p["motives"] if requirement_met(state, seat, c)})


def interrupts(state: State, seat: int) -> list[dict[str, Any]]:
    """R804 "at any time": a reveal the seat may send whoever the game waits for."""
    if state["phase"] != "turn":
        return []
    return [{"kind": "reveal_motive", "card": card} for card in reveal_options(state, seat)]


def reveal(ctx: Ctx, seat: int, card: str) -> None:
    state = ctx.state
    p = state["players"][seat]
    if not holder(p) or card not in p["motives"]:
        raise IllegalCommand("not_your_motive", "bsg:R804", card=card)
    if not requirement_met(state, seat, card):
        raise IllegalCommand("motive_requirement_not_met", "bsg:R804", card=card)
    p["motives"].remove(card)
    p["motives_revealed"].append(card)
    next_key(state)
    ctx.emit("motive_revealed", seat=seat, card=card, side=CONTENT.motives[card].side)


def reveal_at_end(ctx: Ctx) -> None:
    """R711 step 3 (RULINGS G138): once the game is over, every Motive whose requirement holds, "Reveal this
    card if the game is over" included, is revealed for its Leader."""
    for p in ctx.state["players"]:
        if holder(p):
            for card in reveal_options(ctx.state, p["seat"]):
                reveal(ctx, p["seat"], card)


def wins(state: State, seat: int, winner: str) -> bool:
    """R804 (RULINGS A27, G139): the Leader wins with ``winner``."""
    p = state["players"][seat]
    sides = [CONTENT.motives[c].side for c in p["motives_revealed"]]
    split = not p["motives"] and len(sides) == DEALT_AT_SETUP + DEALT_AT_SLEEPER \
        and sides.count("humans") == sides.count("cylons")
    if split:  # 2 and 2: he joins the side he chooses, at the end the winning one
        return True
    return len(p["motives"]) <= MOST_UNREVEALED and sides.count(winner) >= FEWEST_POINTING
