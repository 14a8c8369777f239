"""Card effects in play: which effects a seat has, their envelope (Commands, cost, exhaust, limit), the
triggers, the continuous modifiers and the activated abilities (the ``use_ability`` command).

A seat's effects come from (``sources``):

- its completed Advancements that are not Exhausted (R137), its Starting Advancement and captured rival cards
  included (R138: "you" follows the holder, R119);
- the sides of its Fleet cards in play; a fleet's combat/movement/hazard modifiers act for **that fleet
  only** (pass ``fleet=<card id>``), its triggers and abilities for the owner;
- its civilization's Command Console rules (always in play);
- its Allies (R68: an ally card's ``ally.effects``).

Effects are the raw JSON dicts of ``data/*.json`` (validated by ``content.py``): ``when`` defaults to
``passive``, ``scope`` to ``all``. ``HANDLERS`` names, for every effect kind this module plays, the function
that plays it; combat kinds are ``combat.py``'s, ``battle.py``'s and ``invasion.py``'s (asc-combat) and ambassador/console kinds the civs' owner's.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.ascendancy.engine import ambassadors, board, catalog
from games.ascendancy.engine.state import Ctx, Player, State, bump, command_total, starbases_controlled
from games.engine.core import IllegalCommand

#: Abilities whose use opens a decision of their own (kept out of reactions while another one is open).
OPENS_A_DECISION = ("peek_deck",)
ALL = "*"  #: ``fleet=ALL``: every fleet in play; ``fleet=None``: no fleet; a card id: that fleet only
ACTIVATED = ("build", "command_phase", "own_turn", "any_time")
RECON_TOKENS = 5  # RULINGS A24


@dataclass(frozen=True)
class Source:
    card: str  #: advancement id, fleet side id, console rule id or ally card id
    origin: str  #: ``advancement`` | ``fleet`` | ``console`` | ``ally``
    index: int  #: the effect's position on the card
    effect: dict[str, Any]
    fleet: str | None = None  #: the Fleet card id for a fleet side

    @property
    def key(self) -> str:
        return f"{self.card}:{self.index}"

    @property
    def kind(self) -> str:
        return str(self.effect["kind"])

    @property
    def when(self) -> str:
        return str(self.effect.get("when", "passive"))

    @property
    def scope(self) -> str:
        return str(self.effect.get("scope", "all"))


def _cards(state: State, seat: int, fleet: str | None) -> list[tuple[str, str, list[dict[str, Any]], str | None]]:
    p = state["players"][seat]
    out: list[tuple[str, str, list[dict[str, Any]], str | None]] = []
    for a in p["advancements"]:  # R137: an Exhausted card is out of play
        if not a["exhausted"]:
            out.append((a["card"], "advancement", catalog.effects_of(a["card"]), None))
    for fid in sorted(p["fleets"]):
        if fleet in (ALL, fid):
            side = p["fleets"][fid]["side"]
            out.append((side, "fleet", list(catalog.FLEET_SIDES.get(side, {}).get("effects", [])), fid))
    if p["civ"] is not None:
        for rule in catalog.CIV[p["civ"]]["rules"]:
            out.append((rule["id"], "console", list(rule["effects"]), None))
    for ally in p.get("allies", []):
        out.append((ally, "ally", list(catalog.EXPLORATION[ally].get("ally", {}).get("effects", [])), None))
    return out


def sources(state: State, seat: int, kind: str | None = None, *, when: str | None = None,
            scope: str | None = None, fleet: str | None = ALL) -> list[Source]:
    """The effects the seat has in play, filtered by kind, ``when`` and ``scope`` (``all`` matches any)."""
    out = []
    for card, origin, effects, fid in _cards(state, seat, fleet):
        for i, e in enumerate(effects):
            src = Source(card, origin, i, dict(e), fid)
            if kind is not None and src.kind != kind:
                continue
            if when is not None and src.when != when:
                continue
            if scope is not None and src.scope not in ("all", scope):
                continue
            out.append(src)
    return out


def has(state: State, seat: int, kind: str, *, fleet: str | None = ALL) -> bool:
    return bool(sources(state, seat, kind, when="passive", fleet=fleet))


def total(state: State, seat: int, kind: str, *, scope: str | None = None, fleet: str | None = None) -> int:
    """Sum of ``amount`` of the passive effects of a kind (Advancements, console, allies; one fleet's side)."""
    return sum(int(s.effect["amount"]) for s in sources(state, seat, kind, when="passive", scope=scope, fleet=fleet))


def fleet_total(state: State, seat: int, kind: str, fid: str, *, scope: str | None = None) -> int:
    """Sum of ``amount`` of one fleet side's passive effects of a kind (that fleet only)."""
    return sum(int(s.effect["amount"]) for s in sources(state, seat, kind, when="passive", scope=scope, fleet=fid)
               if s.fleet == fid)


def fleet_has(state: State, seat: int, kind: str, fid: str | None) -> list[Source]:
    if fid is None:
        return []
    return [s for s in sources(state, seat, kind, when="passive", fleet=fid) if s.fleet == fid]


def unit_fleet(unit: str | None) -> str | None:
    """``fleet:<card>`` -> the card id (its side's modifiers apply); a loose ship -> None."""
    if unit and unit.startswith("fleet:"):
        return unit.split(":", 1)[1]
    return None


# --- continuous modifiers ----------------------------------------------------------------------------------
def cost(state: State, seat: int, item: str, base: dict[str, int]) -> dict[str, int]:
    """``cost_change``: what ``item`` costs the seat, never below 0 of any resource (R162, and the like)."""
    out = dict(base)
    for s in sources(state, seat, "cost_change", when="passive"):
        if s.effect["item"] == item:
            for res, amount in s.effect["bundle"].items():
                out[res] = max(0, out.get(res, 0) + int(amount))
    return {res: amount for res, amount in out.items() if amount > 0}


def pay_with_options(state: State, seat: int, item: str) -> list[tuple[str, str]]:
    """``pay_with``: (pay, instead) resource swaps the seat may use for ``item`` (R277)."""
    return sorted({(str(s.effect["pay"]), str(s.effect["instead"]))
                   for s in sources(state, seat, "pay_with", when="passive") if s.effect["item"] == item})


def project_limit_bonus(state: State, seat: int) -> int:
    return total(state, seat, "project_limit")


def build_sites(state: State, seat: int, what: str) -> list[str]:
    """``build_site``: the systems an Advancement adds for building ships / forming fleets (R10c, R126); never
    a captured rival Home (R39)."""
    out: set[str] = set()
    for s in sources(state, seat, "build_site", when="passive"):
        if s.effect["what"] != what:
            continue
        for sid, sys in state["systems"].items():
            if sys["control"] != seat or (sys["home_of"] is not None and sys["home_of"] != seat):
                continue
            if s.effect["where"] == "controlled_with_node_production" and "production" not in sys["nodes"]:
                continue
            out.add(sid)
    return sorted(out)


def hazard_bonus(state: State, seat: int, unit: str | None) -> int:
    """``hazard_roll``: added to the Hazard target (harder to destroy), the unit's fleet side included."""
    return total(state, seat, "hazard_roll", scope="hazard", fleet=unit_fleet(unit))


def impulse_bonus(state: State, seat: int, unit: str | None) -> int:
    return total(state, seat, "impulse", fleet=unit_fleet(unit))


def hegemony_bonus(state: State, seat: int, sid: str) -> int:
    """``hegemony_roll`` of the seat's cards and of its fleets at the target, + a Recon token there (A24)."""
    p = state["players"][seat]
    bonus = total(state, seat, "hegemony_roll", scope="hegemony")
    for fid, f in sorted(p["fleets"].items()):
        if f["sector"] == board.sys_sector(sid):
            bonus += fleet_total(state, seat, "hegemony_roll", fid, scope="hegemony")
    if sid in p.get("recon", []):
        bonus += 1
    return bonus


def resistance_bonus(state: State, sid: str) -> int:
    owner = state["systems"][sid]["control"]
    return total(state, owner, "resistance") if isinstance(owner, int) else 0


def free_warp_entry(state: State, seat: int, unit: str) -> bool:
    """R195: this fleet enters Warp without a Command unless it exited Warp this turn."""
    fid = unit_fleet(unit)
    if fid is None or fid in state["turn"].get("warp_exited", []):
        return False
    return bool(fleet_has(state, seat, "free_warp_entry", fid))


def pass_rivals(state: State, seat: int, unit: str) -> dict[str, Any] | None:
    """R195: the ``pass_rivals`` effect of the moving fleet, if any."""
    found = fleet_has(state, seat, "pass_rivals", unit_fleet(unit))
    return found[0].effect if found else None


def one_at_a_time(state: State, seat: int, unit: str) -> bool:
    """R173: the unit's fleet faces a Hazard for Research one ship at a time."""
    return bool(fleet_has(state, seat, "hazard_one_at_a_time", unit_fleet(unit)))


def launch_effect(state: State, seat: int) -> dict[str, Any] | None:
    """R196: a ``launch`` effect drawing from rivals' decks."""
    found = sources(state, seat, "launch", when="passive")
    return found[0].effect if found else None


# --- counters and triggers ---------------------------------------------------------------------------------
def counter(state: State, seat: int, per: str) -> int:
    p = state["players"][seat]
    systems = state["systems"]
    if per == "starbase":
        return starbases_controlled(state, seat)
    if per == "ship_orbiting_rival":  # R193: whatever the agreements; Borg Systems too (R264)
        borg_systems = {sp["system"] for sp in (state.get("borg") or {}).get("spires", [])}
        orbiting = [board.ships_in(p, board.sys_sector(sid)) for sid, sys in sorted(systems.items())
                    if (sys["control"] is not None and sys["control"] != seat) or sid in borg_systems]
        if state["options"].get("ferengi_trade_authority") == "per_system":  # RULINGS A48
            return sum(1 for n in orbiting if n > 0)
        return sum(orbiting)
    if per == "phenomenon_with_ship":
        return sum(1 for sid, sys in systems.items()
                   if sys["kind"] == "phenomenon" and board.ships_in(p, board.sys_sector(sid)) > 0)
    if per == "trade_agreement_held":
        return len(p["trade_held"])
    if per == "ambassador":
        return len(ambassadors.in_play(state, seat))
    if per == "warp_civilization_controlled":
        return sum(1 for sys in systems.values() if sys["control"] == seat and sys.get("warp_civ"))
    raise ValueError(per)


def gain_bundle(state: State, seat: int, effect: dict[str, Any]) -> dict[str, int]:
    times = counter(state, seat, effect["per"]) if effect.get("per") else 1
    return {res: int(amount) * times for res, amount in effect["bundle"].items() if int(amount) * times}


def generation_gains(state: State, seat: int) -> dict[str, int]:
    """R26, R163, R193: what the seat's ``generation`` effects give in Resource Generation."""
    out = dict.fromkeys(catalog.RESOURCES, 0)
    for s in sources(state, seat, "gain", when="generation"):
        for res, amount in gain_bundle(state, seat, s.effect).items():
            out[res] += amount
    return out


def _limited(state: State, p: Player, src: Source) -> bool:
    limit = src.effect.get("limit")
    if limit == "once_per_turn":
        return src.key in ((state.get("turn") or {}).get("used") or [])
    if limit == "once_per_round":
        return src.key in p.get("used_round", [])
    return False


def _mark_used(state: State, p: Player, src: Source) -> None:
    limit = src.effect.get("limit")
    if limit == "once_per_turn" and state.get("turn"):
        state["turn"].setdefault("used", []).append(src.key)
    elif limit == "once_per_round":
        p.setdefault("used_round", []).append(src.key)


def trigger(ctx: Ctx, seat: int, when: str, *, sid: str | None = None, fleet: str | None = ALL,
            card: str | None = None) -> None:
    """Play the seat's effects triggered by ``when`` (``on_complete`` only the completed ``card``'s)."""
    s = ctx.state
    if not isinstance(seat, int) or s["players"][seat]["exterminated"]:
        return
    p = ctx.player(seat)
    for src in sources(s, seat, when=when, fleet=fleet):
        if card is not None and src.card != card:
            continue
        if _limited(s, p, src):
            continue
        handler = TRIGGERED.get(src.kind)
        if handler is None:
            continue
        if handler(ctx, seat, src, sid):
            _mark_used(s, p, src)


def _trig_gain(ctx: Ctx, seat: int, src: Source, sid: str | None) -> bool:
    p = ctx.player(seat)
    got = gain_bundle(ctx.state, seat, src.effect)
    for res, amount in got.items():
        p["resources"][res] += amount
    if got:
        amounts: dict[str, Any] = dict(got)
        ctx.emit("effect_gain", seat=seat, card=src.card, when=src.when, **amounts)
    return bool(got)


def _trig_free_node(ctx: Ctx, seat: int, src: Source, sid: str | None) -> bool:
    """R204 and the like (Genesis Terraforming): one free Resource Node on the colonized system; its holder
    chooses the slot and the type (RULINGS E18: decision ``free_node``), within the card's limit."""
    if sid is None or not ambassadors.free_node_options(ctx.state, seat, sid):
        return False
    ambassadors.after_colonize(ctx, seat, sid)
    return True


TRIGGERED: dict[str, Callable[[Ctx, int, Source, str | None], bool]] = {
    "gain": _trig_gain,
    "free_node": _trig_free_node,
}


# --- activated abilities (``use_ability``) --------------------------------------------------------------------
def _timing(state: State, seat: int, src: Source) -> None:
    turn = state.get("turn") or {}
    if state["phase"] != "turn" or turn.get("seat") != seat:
        raise IllegalCommand("not_your_turn_for_ability", "ascendancy:R135", card=src.card)
    if turn.get("move") is not None:
        raise IllegalCommand("finish_the_move", "ascendancy:R44")
    if src.when == "build" and turn["phase"] != "build":
        raise IllegalCommand("build_phase_ability", "ascendancy:R18", card=src.card)
    if src.when == "command_phase" and turn["phase"] != "command":
        raise IllegalCommand("command_phase_only", "ascendancy:R22")


def _envelope(state: State, seat: int, src: Source) -> None:
    p = state["players"][seat]
    commands = int(src.effect.get("commands", 0))
    if commands and p["ready"] < commands:
        raise IllegalCommand("no_command_left", "ascendancy:R135", commands=commands)
    price = dict(src.effect.get("cost", {}))
    if any(p["resources"][r] < int(a) for r, a in price.items()):
        raise IllegalCommand("not_enough_resources", "ascendancy:R135", cost=price)
    if _limited(state, p, src):
        raise IllegalCommand("ability_used_up", "ascendancy:R136", card=src.card)


def _pay_envelope(ctx: Ctx, seat: int, src: Source) -> None:
    p = ctx.player(seat)
    p["ready"] -= int(src.effect.get("commands", 0))  # R135: once per Command paid
    for res, amount in src.effect.get("cost", {}).items():
        p["resources"][res] -= int(amount)
    if src.effect.get("exhaust"):  # R136: once per round, refreshed in Recharge (R40)
        for a in p["advancements"]:
            if a["card"] == src.card:
                a["exhausted"] = True
                break
    _mark_used(ctx.state, p, src)


def find_ability(state: State, seat: int, args: dict[str, Any]) -> Source:
    card, index = args.get("card"), args.get("effect")
    p = state["players"][seat]
    if isinstance(card, str) and any(a["card"] == card and a["exhausted"] for a in p["advancements"]):
        raise IllegalCommand("card_exhausted", "ascendancy:R137", card=card)
    for src in sources(state, seat):
        if src.card == card and src.index == index and src.when in ACTIVATED and src.kind in ABILITIES:
            return src
    raise IllegalCommand("no_such_ability", "ascendancy:R135", card=str(card))


def check_use_ability(state: State, seat: int, args: dict[str, Any]) -> None:
    src = find_ability(state, seat, args)
    _timing(state, seat, src)
    _envelope(state, seat, src)
    ABILITIES[src.kind][1](state, seat, src, args)


def use_ability(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    src = find_ability(ctx.state, seat, args)
    _pay_envelope(ctx, seat, src)
    ctx.emit("ability_used", seat=seat, card=src.card, effect=src.index, ability=src.kind)
    ABILITIES[src.kind][2](ctx, seat, src, args)


# --- "any time" abilities off-turn (R135, RULINGS A2, E54) ----------------------------------------------------
def reaction_window(state: State, seat: int, waited_on: bool) -> bool:
    """True when the seat's ``use_ability`` is a reaction: in a player's turn, either the game is not waiting on
    this seat, or it waits on it for an off-turn decision (``prompt``). The seat's own turn keeps its own way
    (``check_use_ability``)."""
    if state["phase"] != "turn" or state.get("turn") is None or state["players"][seat]["exterminated"]:
        return False
    return not waited_on or state.get("prompt") is not None


def check_reaction(state: State, seat: int, args: dict[str, Any]) -> None:
    src = find_ability(state, seat, args)
    if src.when != "any_time":
        raise IllegalCommand("not_your_turn_for_ability", "ascendancy:R135", card=src.card)
    if src.kind in OPENS_A_DECISION and state.get("prompt") is not None:  # one open decision at a time
        raise IllegalCommand("not_now", "ascendancy:R135")
    _envelope(state, seat, src)
    ABILITIES[src.kind][1](state, seat, src, args)


def reaction_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    out = []
    for args in ability_candidates(state, seat):
        try:
            check_reaction(state, seat, args)
        except IllegalCommand:
            continue
        out.append(args)
    return out


def ability_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for src in sources(state, seat):
        if src.when in ACTIVATED and src.kind in ABILITIES:
            base = {"card": src.card, "effect": src.index}
            out += [{**base, **extra} for extra in ABILITIES[src.kind][0](state, seat, src)]
    return out


def _fleet_sector(state: State, seat: int, src: Source) -> str | None:
    f = state["players"][seat]["fleets"].get(src.fleet or "")
    return f["sector"] if f else None


# mine_phenomenon (R174)
def _mine_cands(state: State, seat: int, src: Source) -> list[dict[str, Any]]:
    return [{}]


def _mine_check(state: State, seat: int, src: Source, args: dict[str, Any]) -> None:
    sector = _fleet_sector(state, seat, src)
    if sector is None or not sector.startswith("S:") or state["systems"][sector[2:]]["kind"] != "phenomenon":
        raise IllegalCommand("fleet_not_on_phenomenon", "ascendancy:R174")


def _mine(ctx: Ctx, seat: int, src: Source, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    for res, amount in src.effect["bundle"].items():
        p["resources"][res] += int(amount)
    mined: dict[str, Any] = dict(src.effect["bundle"])
    ctx.emit("phenomenon_mined", seat=seat, fleet=src.fleet, **mined)


# convert (R192, RULINGS A25)
def _convert_check(state: State, seat: int, src: Source, args: dict[str, Any]) -> None:
    p = state["players"][seat]
    if any(p["resources"][r] < int(a) for r, a in src.effect["pay"].items()):
        raise IllegalCommand("not_enough_resources", "ascendancy:R192", cost=dict(src.effect["pay"]))


def _convert(ctx: Ctx, seat: int, src: Source, args: dict[str, Any]) -> None:
    p = ctx.player(seat)
    for res, amount in src.effect["pay"].items():
        p["resources"][res] -= int(amount)
    for res, amount in src.effect["get"].items():
        p["resources"][res] += int(amount)
    ctx.emit("resources_converted", seat=seat, card=src.card)


# place_token (R182, RULINGS A24)
def recon_targets(state: State, seat: int, src: Source) -> list[str]:
    sector = _fleet_sector(state, seat, src)
    if sector is None:
        return []
    kind, ident, _ = board.parse(sector)
    if kind == "S":
        near = [ident]
    else:
        lane = state["lanes"][ident]
        near = [x for x in (lane["a"], lane["b"]) if x is not None]
    mine = state["players"][seat].get("recon", [])
    return sorted(sid for sid in near if state["systems"][sid]["kind"] != "phenomenon" and sid not in mine)


def _recon_cands(state: State, seat: int, src: Source) -> list[dict[str, Any]]:
    return [{"at": sid} for sid in recon_targets(state, seat, src)]


def _recon_check(state: State, seat: int, src: Source, args: dict[str, Any]) -> None:
    if args.get("at") not in recon_targets(state, seat, src):
        raise IllegalCommand("recon_target_not_possible", "ascendancy:R182", system=str(args.get("at")))
    if len(state["players"][seat].get("recon", [])) >= RECON_TOKENS:
        raise IllegalCommand("no_recon_tokens_left", "ascendancy:R182")


def _recon(ctx: Ctx, seat: int, src: Source, args: dict[str, Any]) -> None:
    ctx.player(seat).setdefault("recon", []).append(args["at"])
    ctx.emit("recon_token_placed", seat=seat, system=args["at"])


def check_remove_recon(state: State, seat: int, args: dict[str, Any]) -> None:
    """R182: the Andorian removes his tokens at any time of his turn, even without the Recon Fleet."""
    if args.get("at") not in state["players"][seat].get("recon", []):
        raise IllegalCommand("no_recon_token_there", "ascendancy:R182", system=str(args.get("at")))
    if (state.get("turn") or {}).get("move") is not None:
        raise IllegalCommand("finish_the_move", "ascendancy:R44")


def remove_recon(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    ctx.player(seat)["recon"].remove(args["at"])
    ctx.emit("recon_token_removed", seat=seat, system=args["at"])


# swap_fleets (R183)
def _swap_others(state: State, seat: int, src: Source) -> list[str]:
    p = state["players"][seat]
    if _fleet_sector(state, seat, src) is None:
        return []
    return [fid for fid in sorted(p["fleets"]) if fid != src.fleet and p["fleets"][fid]["sector"] is not None]


def _swap_cands(state: State, seat: int, src: Source) -> list[dict[str, Any]]:
    return [{"other": fid} for fid in _swap_others(state, seat, src)]


def _swap_check(state: State, seat: int, src: Source, args: dict[str, Any]) -> None:
    if args.get("other") not in _swap_others(state, seat, src):
        raise IllegalCommand("no_fleet_to_swap", "ascendancy:R183", fleet=str(args.get("other")))


def _swap(ctx: Ctx, seat: int, src: Source, args: dict[str, Any]) -> None:
    fleets = ctx.player(seat)["fleets"]
    a, b = fleets[src.fleet or ""], fleets[args["other"]]
    a["sector"], b["sector"] = b["sector"], a["sector"]
    ctx.emit("fleets_swapped", seat=seat, fleet=src.fleet, other=args["other"])


# exhaust_rival_card (R139, R178, R197)
def exhaust_targets(state: State, seat: int, src: Source) -> list[tuple[int, str]]:
    category = src.effect["category"]
    out = []
    for q in state["players"]:
        if q["seat"] == seat or q["exterminated"]:
            continue
        if category == "trade_agreement":
            out += [(q["seat"], f"trade:{owner}") for owner, held in sorted(q["trade_held"].items())
                    if not held["exhausted"]]
            continue
        out += [(q["seat"], a["card"]) for a in q["advancements"] if not a["exhausted"]
                and (category == "any" or catalog.ADVANCEMENTS[a["card"]]["category"] == category)]
    return out


def _exhaust_cands(state: State, seat: int, src: Source) -> list[dict[str, Any]]:
    return [{"rival": r, "rival_card": c} for r, c in exhaust_targets(state, seat, src)]


def _exhaust_check(state: State, seat: int, src: Source, args: dict[str, Any]) -> None:
    if (args.get("rival"), args.get("rival_card")) not in exhaust_targets(state, seat, src):
        raise IllegalCommand("not_an_exhaustable_card", "ascendancy:R139", category=src.effect["category"])


def _exhaust(ctx: Ctx, seat: int, src: Source, args: dict[str, Any]) -> None:
    q = ctx.player(int(args["rival"]))
    target = str(args["rival_card"])
    if target.startswith("trade:"):
        q["trade_held"][target.split(":", 1)[1]]["exhausted"] = True
    else:
        next(a for a in q["advancements"] if a["card"] == target)["exhausted"] = True
        if catalog.ADVANCEMENTS[target]["command"]:
            q["commands"] = command_total(ctx.state, q["seat"])
    ctx.emit("rival_card_exhausted", seat=seat, player=q["seat"], card=target, by=src.card)
    MECHANICS["enforce_project_limit"](ctx, q["seat"])  # R132, R137: an exhausted card's Project limit is out of play


# peek_deck (an open decision: the cards are shown to the owner, who puts them back in his order)
def _peek_deck(state: State, src: Source) -> list[str]:
    deck: list[str] = state["stack"] if src.effect["deck"] == "systems" else state["exploration"]["deck"]
    return deck


def _peek_cands(state: State, seat: int, src: Source) -> list[dict[str, Any]]:
    return [{}]


def _peek_check(state: State, seat: int, src: Source, args: dict[str, Any]) -> None:
    if not _peek_deck(state, src):
        raise IllegalCommand("deck_empty", "ascendancy:R135", deck=src.effect["deck"])


def _peek(ctx: Ctx, seat: int, src: Source, args: dict[str, Any]) -> None:
    deck = _peek_deck(ctx.state, src)
    count = min(int(src.effect["count"]), len(deck))
    top = list(reversed(deck[-count:]))  # top first
    ctx.revealing = True
    ctx.emit("deck_peeked", visible_to=frozenset({seat}),
             redacted={"seat": seat, "deck": src.effect["deck"], "cards": [], "count": count}, seat=seat,
             deck=src.effect["deck"], cards=top, count=count)
    ctx.state["prompt"] = {"kind": "arrange_deck", "seat": seat, "deck": src.effect["deck"], "count": count}
    bump(ctx.state)


def arrange_options(state: State, seat: int) -> list[dict[str, Any]]:
    count = int(state["prompt"]["count"])
    return [{"order": list(perm)} for perm in itertools.permutations(range(count))]


def arrange(ctx: Ctx, seat: int, order: list[int]) -> None:
    """Put the peeked cards back on top: ``order`` lists the peeked positions (0 = the old top), new top first."""
    prompt = ctx.state["prompt"]
    deck = ctx.state["stack"] if prompt["deck"] == "systems" else ctx.state["exploration"]["deck"]
    if prompt["deck"] == "borg_commands":  # Unimatrix Coordinates (borg.py, RULINGS B48)
        deck = ctx.state["borg"]["commands"]["deck"]
    count = int(prompt["count"])
    top = list(reversed(deck[-count:]))
    del deck[-count:]
    deck.extend(reversed([top[i] for i in order]))
    ctx.player(seat).setdefault("peeked", {})[prompt["deck"]] = top  # the seat knows them (secrets.py)
    ctx.state["prompt"] = None
    bump(ctx.state)
    ctx.emit("deck_arranged", seat=seat, deck=prompt["deck"], count=count)


# destroy_ship (Sirillium Warheads; RULINGS E51)
def destroy_targets(state: State, seat: int, src: Source) -> list[tuple[int | str, str]]:
    """(rival, unit) a ``destroy_ship`` may hit: a rival's loose ships of a sector (``ship:<sector>``) or one of
    his fleets (``fleet:<card>``) in a sector Adjacent (R32) to one of the owner's ships; never in warp."""
    mine = list(board.occupied_sectors(state["players"][seat]))
    near = set(mine)
    for sec in mine:
        near.update(board.neighbours(state, sec))
    out: list[tuple[int | str, str]] = []
    for q in state["players"]:
        if q["seat"] == seat or q["exterminated"]:
            continue
        for sec in sorted(near):
            if q["ships"].get(sec, 0) > 0:
                out.append((q["seat"], f"ship:{sec}"))
            out += [(q["seat"], f"fleet:{fid}") for fid in sorted(q["fleets"])
                    if q["fleets"][fid]["sector"] == sec and q["fleets"][fid]["ships"] > 0]
    for c in (state.get("borg") or {}).get("cubes", []):  # R264: a Cube is a rival ship (1 damage per ship)
        if c["sector"] in near:
            out.append((BORG_RIVAL, f"cube:{c['id']}"))
    return out


BORG_RIVAL = "borg"  #: the ``rival`` of a ``destroy_ship`` aimed at a Cube (R264, RULINGS B49)


def _destroy_cands(state: State, seat: int, src: Source) -> list[dict[str, Any]]:
    return [{"rival": r, "unit": u} for r, u in destroy_targets(state, seat, src)]


def _destroy_check(state: State, seat: int, src: Source, args: dict[str, Any]) -> None:
    if (args.get("rival"), args.get("unit")) not in destroy_targets(state, seat, src):
        raise IllegalCommand("no_rival_ship_adjacent", "ascendancy:R32", unit=str(args.get("unit")))


def _destroy(ctx: Ctx, seat: int, src: Source, args: dict[str, Any]) -> None:
    """The owner chooses the ship (a loose one of a sector, or one of a fleet: R94's hitter chooses); a fleet
    left below 3 ships is disbanded (R129); holding the victim's Trade Agreement, he betrays it (R82)."""
    take_ship, check_fleet_sizes, betray = MECHANICS["take_ship"], MECHANICS["check_fleet_sizes"], MECHANICS["betray"]
    if args["rival"] == BORG_RIVAL:  # R264: 1 damage to the Cube per ship the card would destroy (borg.py)
        MECHANICS["borg_card_damage"](ctx, seat, str(args["unit"]).partition(":")[2],
                                      int(src.effect.get("amount", 1)), src.card)
        return
    rival = int(args["rival"])
    q = ctx.player(rival)
    kind, _, ident = str(args["unit"]).partition(":")
    betray(ctx, seat, [rival])
    count = min(int(src.effect.get("amount", 1)), q["fleets"][ident]["ships"] if kind == "fleet" else q["ships"][ident])
    sector = q["fleets"][ident]["sector"] if kind == "fleet" else ident
    for _ in range(count):
        if kind == "fleet":
            q["fleets"][ident]["ships"] -= 1
        else:
            take_ship(q, ident)
    ctx.emit("ship_destroyed_by_card", seat=seat, card=src.card, player=rival, sector=sector, ships=count)
    check_fleet_sizes(ctx, rival)
    for _ in range(count):
        trigger(ctx, seat, "on_enemy_destroyed", fleet=None)
    board.remove_abandoned_lanes(ctx.state)


#: The mechanics of the layers above this one that some effects end with (a ship taken, a fleet left too
#: small, a Trade Agreement betrayed, a Project limit checked again). Each is put here by the module that
#: owns it (build, combat) when it is imported, so that this module never imports a layer above it
#: (pyproject.toml: the engine's layers); the Rules class imports them all.
MECHANICS: dict[str, Callable[..., Any]] = {}

Cands = Callable[[State, int, Source], list[dict[str, Any]]]
Check = Callable[[State, int, Source, dict[str, Any]], None]
Act = Callable[[Ctx, int, Source, dict[str, Any]], None]
ABILITIES: dict[str, tuple[Cands, Check, Act]] = {
    "mine_phenomenon": (_mine_cands, _mine_check, _mine),
    "convert": (_mine_cands, _convert_check, _convert),
    "place_token": (_recon_cands, _recon_check, _recon),
    "swap_fleets": (_swap_cands, _swap_check, _swap),
    "exhaust_rival_card": (_exhaust_cands, _exhaust_check, _exhaust),
    "peek_deck": (_peek_cands, _peek_check, _peek),
    "destroy_ship": (_destroy_cands, _destroy_check, _destroy),
}


def refresh_round(p: Player) -> None:
    """R28, R40: once-per-round uses are refreshed with the cards."""
    p["used_round"] = []


#: every effect kind this engine plays outside combat, and the function that plays it (the catalog test reads it)
HANDLERS: dict[str, Callable[..., Any]] = {
    **dict(TRIGGERED),
    **{kind: fns[2] for kind, fns in ABILITIES.items()},
    "cost_change": cost,
    "pay_with": pay_with_options,
    "project_limit": project_limit_bonus,
    "build_site": build_sites,
    "hazard_roll": hazard_bonus,
    "impulse": impulse_bonus,
    "hegemony_roll": hegemony_bonus,
    "resistance": resistance_bonus,
    "free_warp_entry": free_warp_entry,
    "pass_rivals": pass_rivals,
    "hazard_one_at_a_time": one_at_a_time,
    "launch": launch_effect,
    "base_commands": total,
    "diplomacy_roll": total,
    "hegemony_no_authority": has,
    "no_invasion": has,
    "no_colonize_pre_warp": has,
    "no_culture_nodes": has,
    "production_anywhere": has,
    "occupation": has,
}
