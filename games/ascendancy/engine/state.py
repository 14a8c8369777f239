"""The game state (one plain JSON dict, copied once per command) and the mutation context ``Ctx``.

Layout:

- ``n``, ``options``, ``round``, ``phase`` (``choose_civ``, ``bid``, ``pick_card``, ``turn``, ``over``),
  ``dseq`` (bumped whenever the open decision changes: the Decision key is built from it).
- ``players``: one dict per seat (``new_player``). Loose ships are counted per sector (``ships``); fleets
  sit in ``fleets`` (card id -> ``{"side", "ships", "sector"}``, sector None while in warp); ships and
  fleets in warp are ``warp`` entries (``{"id", "fleet", "ships", "origin", "tokens", "fresh"}``).
- ``systems``: system id -> disc, slots, ``nodes`` (one per slot, None when empty), ``control`` (seat or
  None), ``home_of``, ``starbase`` (True when one stands there), ``warp_level`` (independent warp
  civilization), ``prewarp`` (resources waiting for the first coloniser), ``research`` (tokens on a
  phenomenon), ``card`` (an exploration card that remains in play), ``xy`` (layout stand-in).
- ``lanes``: lane id -> ``{"a", "b" (None: open end), "length"}``. Sectors are ``S:<system>`` or
  ``L:<lane>:<k>`` (k = 1..length counted from ``a``).
- ``stack`` (system discs, top = last), ``exploration`` (``deck`` top = last, ``discard``).
- ``order``: this round's participants in turn order (seats; an automaton would be a string id, see
  ``automata``); ``cards``: participant -> Turn Order card number.
- ``initiative``: the open bidding (order, index, bids); ``turn``: the active seat's turn; ``prompt``: an
  off-turn decision interrupting it (retreat, trade offer...).
"""

from __future__ import annotations

from typing import Any

from games.engine.core.context import Ctx as _Ctx
from games.engine.core.context import copy_state as copy_state

State = dict[str, Any]
Player = dict[str, Any]


class Ctx(_Ctx):
    """The shared apply context (games/engine/core/context.py) with Ascendancy's logged dice."""

    def roll(self, seat: int | None, why: str, count: int = 1) -> list[int]:
        """Dice rolled on behalf of ``seat`` (R43: the roller is only who physically rolls), logged."""
        dice = [self.rng.die(6) for _ in range(count)]
        if count:
            self.emit("dice_rolled", seat=seat, why=why, dice=dice)
        return dice

MAX_SHIPS = 30  # R41
MAX_CONTROL_NODES = 10  # R41
MAX_STARBASES = 3  # R121
BASE_COMMANDS = 5  # R24
AUTHORITY_TO_WIN = 5  # R141
FLEET_MIN = 3  # R124, R129



def new_player(seat: int) -> Player:
    return {
        "seat": seat, "civ": None, "resources": {"production": 0, "research": 0, "culture": 0},
        "authority": 0, "authority_max": 0, "commands": BASE_COMMANDS, "ready": BASE_COMMANDS,
        "weapons": 0, "shields": 0, "deck": [], "projects": [], "advancements": [],
        "fleets": {}, "fleet_cards": [], "ships": {}, "warp": [], "trade_hand": [], "trade_held": {},
        "starbases_built": 0, "first_contact": False, "exterminated": False, "claimed_ships": 0, "allies": [],
    }




def bump(state: State) -> None:
    state["dseq"] += 1


def bids_sealed(state: State) -> bool:
    """RULINGS I3, option ``bids`` ``secret``: the bids placed so far are hidden (and unpaid) until all are in."""
    return bool(state["phase"] == "bid" and state["options"].get("bids") == "secret")


def ships_total(p: Player) -> int:
    """Every ship of the player on the table, in fleets and in warp included (R41)."""
    loose: int = sum(p["ships"].values())
    fleets: int = sum(f["ships"] for f in p["fleets"].values())
    warp: int = sum(w["ships"] for w in p["warp"] if w["fleet"] is None)
    return loose + fleets + warp


def control_nodes(state: State, seat: int) -> int:
    return sum(1 for s in state["systems"].values() if s["control"] == seat)


def starbases_controlled(state: State, seat: int) -> int:
    return sum(1 for s in state["systems"].values() if s["control"] == seat and s["starbase"])


def adv_total(p: Player, key: str, *, ready_only: bool = True) -> int:
    """Sum of an icon (``warp``, ``command``) on the player's completed advancements (R16, R137)."""
    from games.ascendancy.engine.catalog import ADVANCEMENTS

    return sum(ADVANCEMENTS[a["card"]][key] for a in p["advancements"] if not (ready_only and a["exhausted"]))


def has_adv(p: Player, card: str) -> bool:
    return any(a["card"] == card for a in p["advancements"])


def adv_effects(p: Player, kind: str, *, ready_only: bool = True) -> list[dict[str, Any]]:
    """The effects of this kind on the player's completed Advancements (exhausted ones are out, R137)."""
    from games.ascendancy.engine.catalog import effects_of

    return [e for a in p["advancements"] if not (ready_only and a["exhausted"])
            for e in effects_of(a["card"]) if e["kind"] == kind]


def civ_effects(p: Player, kind: str) -> list[dict[str, Any]]:
    """The effects of this kind on the player's Command Console special rules (civilizations.json ``rules``)."""
    from games.ascendancy.engine.catalog import CIV

    if p["civ"] is None:
        return []
    return [e for r in CIV[p["civ"]].get("rules", []) for e in r.get("effects", []) if e["kind"] == kind]


def command_total(state: State, seat: int) -> int:
    """R24: 5 (Cardassians 6), +1 per Starbase controlled, +1 per Command icon."""
    p = state["players"][seat]
    base = max([BASE_COMMANDS] + [int(e["amount"]) for e in adv_effects(p, "base_commands", ready_only=False)])  # R185
    adjust: int = p.get("command_adjust", 0)
    return base + starbases_controlled(state, seat) + adv_total(p, "command", ready_only=False) + adjust


def weapons_roll(p: Player) -> int:
    """The hit roll at the player's Weapons level (R17: 5+ to start)."""
    from games.ascendancy.engine.catalog import WEAPONS

    return int(WEAPONS[p["civ"]][int(p["weapons"])]["hit"])


def shield_mod(p: Player) -> int:
    """The Shield Modifier at the player's Shields level (R17: 0 to start)."""
    from games.ascendancy.engine.catalog import SHIELDS

    return int(SHIELDS[p["civ"]][int(p["shields"])]["modifier"])


def live_seats(state: State) -> list[int]:
    return [p["seat"] for p in state["players"] if not p["exterminated"]]
