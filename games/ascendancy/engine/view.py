"""What each seat may see, and the zones the site mirrors.

Everything is public but the contents and order of the Advancement decks, the Exploration deck and the
disc stack (shown as counts), the Exploration card lying face down on a hazardous system whose discoverers
all died (R63: shown as ``face_down`` True), and with the table option ``projects`` ``private`` the faces of other seats'
Projects (RULINGS I38). Bids are open (R3, the rulebook: bids are placed on the Turn Order card in
turn, so the no-equal-total rule can be kept); with the table option ``bids`` ``secret`` (RULINGS I3) each bid
is its bidder's alone until everyone has bid: the others see that he has bid (``None``), not what.
"""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import ambassadors, layout
from games.ascendancy.engine.rounds import quiet_rounds
from games.ascendancy.engine.state import State, bids_sealed
from games.engine.core import Zone


def view(state: State, seat: int | None) -> dict[str, Any]:
    players = []
    for p in state["players"]:
        q = {k: v for k, v in p.items() if k not in ("deck", "deck_known", "agendas", "peeked")}
        if seat == p["seat"] and p.get("peeked"):  # the cards a seat looked at are its own knowledge (B48)
            q["peeked"] = p["peeked"]
        q["deck_count"] = len(p["deck"])
        if _faces_hidden(state, seat, p["seat"]):  # RULINGS I38: the Research on them stays public
            q["projects"] = [{"card": None, "research": pr["research"]} for pr in p["projects"]]
        if "agendas" in p:  # setup 2.1.9: one Agenda public, the other seen by the Vulcan only
            q["agendas"] = list(p["agendas"]) if seat == p["seat"] else (
                [p["agenda_public"]] if p["agenda_public"] else [])
        if p["civ"] is not None and ambassadors.supply(state, p["seat"]) + len(ambassadors.in_play(state, p["seat"])):
            q["ambassadors_supply"] = ambassadors.supply(state, p["seat"])  # R206: still to place
        players.append(q)
    return {
        "you": seat, "n": state["n"], "round": state["round"], "phase": state["phase"],
        # RULINGS E56: whole rounds without progress (the stalemate clock; its limit: options.stall_rounds)
        "quiet_rounds": quiet_rounds(state),
        "options": state["options"], "players": players,
        # systems[sid]["ambassador"]: the seat whose Vulcan Ambassador stands there, or None (R206);
        # systems[sid]["face_down"]: True where an Exploration card lies face down, unseen by all (R63, §8.1)
        "systems": {sid: {**sys, "ambassador": sys.get("ambassador"), "face_down": bool(sys.get("face_down"))}
                    for sid, sys in state["systems"].items()},
        "lanes": state["lanes"], "stack_count": len(state["stack"]),
        "exploration": {"deck_count": len(state["exploration"]["deck"]),
                        "discard": list(state["exploration"]["discard"])},
        "order": _order(state), "cards": _cards(state), "initiative": _initiative(state, seat),
        "turn": _turn(state, seat),
        "prompt": state["prompt"], "end": state["end"],
        "simultaneous": list(state["simultaneous"]["waiting"]) if state.get("simultaneous") else None,
        # The table's drawing (where discs and lanes lie, each sector's point): what the board needs to draw.
        "galaxy": layout.galaxy(state).view() if state.get("galaxy") else None,
        # RULINGS E50: a seat's standing answers are its own.
        "standing": list((state.get("standing") or {}).get(str(seat), [])) if seat is not None else [],
        "borg": _borg(state, seat),
    }


def _initiative(state: State, seat: int | None) -> dict[str, Any] | None:
    """RULINGS I3: sealed bids (``secret``: True) show only the viewer's own; another's is None."""
    ini: dict[str, Any] | None = state["initiative"]
    if ini is None:
        return None
    if not bids_sealed(state):
        return ini
    bids = {k: (v if seat is not None and k == str(seat) else None) for k, v in ini["bids"].items()}
    return {**ini, "bids": bids, "secret": True}


def _faces_hidden(state: State, seat: int | None, owner: int) -> bool:
    """RULINGS I38: with the table option ``projects`` ``private`` only their holder sees his Projects' faces."""
    return state["options"].get("projects") == "private" and seat != owner


def _turn(state: State, seat: int | None) -> dict[str, Any] | None:
    turn: dict[str, Any] | None = state["turn"]
    if turn is None:
        return _simultaneous_turn(state, seat) if seat is not None else None
    if turn.get("funded") and _faces_hidden(state, seat, turn["seat"]):  # the Projects funded this Build Phase
        return {**turn, "funded": [None] * len(turn["funded"])}
    return turn


def _borg_hidden(state: State) -> bool:
    """R274, B28: the Borg's Turn Order card is shown to nobody until their turn."""
    return bool((state.get("borg") or {}).get("card_hidden"))


def _order(state: State) -> list[Any]:
    order: list[Any] = state["order"]
    return [x for x in order if x != "borg"] if _borg_hidden(state) else list(order)


def _cards(state: State) -> dict[str, int]:
    cards: dict[str, int] = state["cards"]
    return {k: v for k, v in cards.items() if k != "borg"} if _borg_hidden(state) else dict(cards)


def _borg(state: State, seat: int | None) -> dict[str, Any] | None:
    """The Borg pieces are public; their Command and Tech decks are counts only (I40)."""
    from games.ascendancy.engine.borg import progress

    b = state.get("borg")
    if b is None:
        return None
    return {
        "cubes": b["cubes"], "spires": b["spires"], "hub": b["hub"], "extra_turn": b["extra_turn"],
        "commands": {"deck_count": len(b["commands"]["deck"]), "discard": list(b["commands"]["discard"])},
        "tech": {"deck_count": len(b["tech"]["deck"])}, "progress": progress(state),
        "skip": bool(b.get("skip")),  # RULINGS B41: the rest of this Borg turn runs without pauses
        # R258: an Assimilated player's hand of Command cards is his alone
        "hand": list(b.get("hand") or []) if seat is not None and seat == _hand_owner(state) else None,
        "hand_count": len(b.get("hand") or []),
    }


def _hand_owner(state: State) -> int | None:
    cur = state["borg"]["cursor"]
    return cur.get("player") if cur is not None else None


def _simultaneous_turn(state: State, seat: int) -> dict[str, Any] | None:
    """R145: in a simultaneous round each seat sees its own turn."""
    sim = state.get("simultaneous")
    found: dict[str, Any] | None = sim["turns"].get(str(seat)) if sim else None
    return found


def zones(state: State) -> list[Zone]:
    out = [
        Zone(name="disc_stack", cards=list(state["stack"]), visibility="hidden"),
        Zone(name="exploration_deck", cards=list(state["exploration"]["deck"]), visibility="hidden"),
        Zone(name="exploration_discard", cards=list(state["exploration"]["discard"]), visibility="public"),
    ]
    if "borg" in state:
        b = state["borg"]
        out += [Zone(name="borg_command_deck", cards=list(b["commands"]["deck"]), visibility="hidden"),
                Zone(name="borg_command_discard", cards=list(b["commands"]["discard"]), visibility="public"),
                Zone(name="borg_tech_deck", cards=list(b["tech"]["deck"]), visibility="hidden")]
        if b.get("hand"):
            out.append(Zone(name="borg_hand", cards=list(b["hand"]), owner=_hand_owner(state), visibility="owner"))
    for p in state["players"]:
        out.append(Zone(name=f"advancement_deck_{p['seat']}", cards=list(p["deck"]), owner=p["seat"],
                        visibility="hidden"))
        out.append(Zone(name=f"projects_{p['seat']}", cards=[pr["card"] for pr in p["projects"]],
                        owner=p["seat"], visibility="owner" if state["options"].get("projects") == "private"
                        else "public"))
        out.append(Zone(name=f"advancements_{p['seat']}", cards=[a["card"] for a in p["advancements"]],
                        owner=p["seat"], visibility="public"))
    return out
