"""Space battles (R85-R99): starting one, its rounds, retreats, the end and the Tactical Maneuver."""

from __future__ import annotations

from typing import Any

from games.ascendancy.engine import andorians, board, effects
from games.ascendancy.engine.combat import (
    MAX_ROUNDS,
    SPACE,
    _advance,
    _alive,
    _ask,
    _participants,
    _sacrificers,
    _scope,
    adv_sources,
    battle_sectors,
    betray,
    can_ever_hit,
    fleet_effects,
    fleets_in,
    side_shields,
    side_sources,
)
from games.ascendancy.engine.invasion import (
    end_invasion,
)
from games.ascendancy.engine.movement import check_command_phase, group_move_ended, romulan_mines
from games.ascendancy.engine.state import Ctx, Player, State, bump, civ_effects
from games.engine.core import IllegalCommand


# --- Space Battle ----------------------------------------------------------------------------------------
def attack_sectors(state: State, seat: int, target: str) -> list[str]:
    """R87: every sector of yours adjacent to the target (the target itself included)."""
    p = state["players"][seat]
    return [sec for sec in board.occupied_sectors(p) if board.adjacent(state, sec, target)]


def check_attack(state: State, seat: int, args: dict[str, Any]) -> None:
    check_command_phase(state, seat)
    target = args.get("target")
    if not isinstance(target, str) or not board.exists(state, target):
        raise IllegalCommand("bad_argument", "ascendancy:R85", argument="target")
    if not [x for x in board.present(state, target) if x != seat]:
        raise IllegalCommand("no_enemy_there", "ascendancy:R85")
    if not attack_sectors(state, seat, target):
        raise IllegalCommand("target_not_adjacent", "ascendancy:R85")


def attack(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    ctx.player(seat)["ready"] -= 1
    target = args["target"]
    start_space_battle(ctx, seat, target, attack_sectors(ctx.state, seat, target))


def start_space_battle(ctx: Ctx, seat: int, target: str, sectors: list[str], *, betrayal: bool = True) -> None:
    """R85-R87: ``seat`` attacks every other player's ships in ``target`` with his ships in ``sectors`` (a
    Dark Mirror battle, RULINGS B43: those of one sector, no Betrayal)."""
    s = ctx.state
    defenders = [x for x in board.present(s, target) if x != seat]
    if betrayal:
        betray(ctx, seat, defenders)
    start = {str(d): board.ships_in(s["players"][d], target) for d in defenders}
    start[str(seat)] = sum(board.ships_in(s["players"][seat], sec) for sec in sectors)
    s["turn"]["battle"] = {"kind": "space", "attacker": seat, "target": target, "defenders": defenders,
                           "from": sectors, "round": 0, "queue": [], "start": start, "gone": [],
                           "asked": [], "first_strike": [], "dice": {}, "split": {}, "used": {}, "sacrifice": {},
                           "steps": [["offer", "cancel_battle"], ["offer", "first_strike"], ["round"]]}
    ctx.emit("battle_started", seat=seat, target=target, defenders=defenders)
    _advance(ctx)


def _activatable(state: State, b: dict[str, Any], seat: int, kind: str) -> str | None:
    p = state["players"][seat]
    scope = _scope(b, seat)
    found = [src for src, e in adv_sources(p, kind, scope, activated=True) if e.get("exhaust")]
    if kind == "first_strike" and side_sources(p, kind, scope, battle_sectors(b, seat)):
        return None  # already has it without spending a card
    return found[0] if found else None


def _step_offer(ctx: Ctx, b: dict[str, Any], kind: str) -> bool:
    """R99, R177 (cancel) and R95 (a First Strike card to exhaust): asked once, before the first round,
    of each participant holding such a ready card."""
    s = ctx.state
    for seat in _participants(b):
        if f"{kind}:{seat}" in b["asked"]:
            continue
        source = _activatable(s, b, seat, kind)
        if source is not None:
            _ask(s, kind, seat, card=source.partition(":")[2])
            return False
    return True


def _step_round(ctx: Ctx, b: dict[str, Any]) -> None:
    s = ctx.state
    b["round"] += 1
    b["split"] = {}
    b["used"] = {}
    seats = _participants(b)
    fs: set[int] = set()
    if b["round"] == 1:  # R95: First Strike is for the first Combat Round only
        fs = {x for x in seats if x in b["first_strike"]
              or side_sources(s["players"][x], "first_strike", SPACE, battle_sectors(b, x))}
    att_fs = b["attacker"] in fs
    def_fs = [d for d in b["defenders"] if d in fs]
    if att_fs and def_fs:
        ctx.emit("first_strike_cancelled", seats=sorted(fs))  # R95: both sides have it, neither uses it
        waves = [seats]
    elif att_fs:
        waves = [[b["attacker"]], list(b["defenders"])]
    elif def_fs:
        waves = [def_fs, [x for x in seats if x not in def_fs]]
    else:
        waves = [seats]
    if len(waves) > 1:
        ctx.emit("first_strike", seats=waves[0])
    steps: list[list[Any]] = []
    for wave in waves:
        steps += [["roll", x] for x in wave] + [["reroll", x] for x in wave] + [["score", wave], ["allocate"]]
    b["steps"][1:1] = [*steps, ["end_round"]]


def _step_end_round(ctx: Ctx, b: dict[str, Any]) -> None:
    s = ctx.state
    attacker_alive = _alive(s, b, b["attacker"])
    for d in b["defenders"]:
        if not _alive(s, b, d):
            b["gone"].append(d)
    defenders = [d for d in b["defenders"] if _alive(s, b, d)]
    b["defenders"] = defenders
    if not attacker_alive or not defenders or b["round"] >= MAX_ROUNDS:
        end_battle(ctx, winner=b["attacker"] if attacker_alive and not defenders else (
            defenders[0] if len(defenders) == 1 and not attacker_alive else None),
            annihilated=not attacker_alive and not defenders)
        return
    b["queue"] = [b["attacker"], *defenders]  # R96: the attacker decides first
    b["steps"].insert(1, ["retreats"])


def _step_retreats(ctx: Ctx, b: dict[str, Any]) -> bool:
    s = ctx.state
    while b["queue"]:
        who = b["queue"][0]
        if retreat_options(s, who):
            _ask(s, "retreat", who)
            return False
        b["queue"].pop(0)  # R96: a blocked side cannot retreat
    att = s["players"][b["attacker"]]
    if not any(can_ever_hit(att, side_shields(s, b, d)) for d in b["defenders"]) and not any(
            can_ever_hit(s["players"][d], side_shields(s, b, b["attacker"])) for d in b["defenders"]):
        end_battle(ctx, winner=None)  # RULINGS A10: nobody can hit and nobody can retreat
        return True
    b["steps"].insert(1, ["round"])
    return True


def impulse_destinations(state: State, seat: int, src: str, avoid: list[str]) -> list[str]:
    """R96, R98: an Impulse move of up to 2 sectors along existing lanes, not through hostile ships."""
    out: set[str] = set()
    frontier = [src]
    for _ in range(2):
        nxt_frontier = []
        for sec in frontier:
            for nxt in board.neighbours(state, sec):
                if nxt == src or nxt in out or board.blocked_for(state, seat, nxt) is not None:
                    continue
                out.add(nxt)
                nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return sorted(out - set(avoid))


def _never_retreats(p: Player, sector: str) -> bool:
    return any(e["kind"] == "never_retreat" for fid in fleets_in(p, [sector]) for e in fleet_effects(p, fid))


def retreat_moves(state: State, seat: int) -> list[dict[str, str]]:
    """R96: each sector's ships retreat as one group to one sector; blocked groups, and a group with a fleet
    that never retreats (Honor Guard), cannot. Every group of the side may go its own way."""
    b = state["turn"]["battle"]
    if b is None:
        return []
    p = state["players"][seat]
    avoid = [b["target"], *b["from"]] if b["kind"] == "space" else [b["target"]]
    enemy = _fled_from(state, b, seat)
    out = []
    for src in battle_sectors(b, seat):
        if board.ships_in(p, src) == 0 or _never_retreats(p, src):
            continue
        out += [{"src": src, "to": to} for to in impulse_destinations(state, seat, src, avoid)
                if not any(board.adjacent(state, to, sec) for sec in enemy)]
    return out


def off_turn_retreat(state: State, seat: int) -> IllegalCommand | None:
    """Why a side of the battle under way may not retreat when the game is not asking it: the Defender of an
    Invasion never does (R107); a side none of whose groups can move (blocked lanes, an Honor Guard) skips the
    decision (R96, digest S47); the others decide in turn, the Attacker first (R96). None: not in a battle."""
    b = state["turn"]["battle"] if state.get("turn") else None
    if b is None or seat not in (b["attacker"], *b["defenders"]):
        return None
    if b["kind"] != "space" and seat != b["attacker"]:
        return IllegalCommand("defender_never_retreats", "ascendancy:R107")
    if not retreat_moves(state, seat):
        return IllegalCommand("retreat_blocked", "ascendancy:R96")
    return IllegalCommand("not_your_turn", "ascendancy:R96")


def _fled_from(state: State, b: dict[str, Any], seat: int) -> list[str]:
    """RULINGS A9: the sectors of the enemy ships a retreating group flees from (those still there), which it
    may not end Adjacent to; none with the table option ``retreat_adjacent`` ``allowed``, nor from an Invasion (a planet has no
    ships)."""
    if b["kind"] != "space" or state["options"].get("retreat_adjacent") == "allowed":
        return []
    if seat == b["attacker"]:
        return [b["target"]]
    return [sec for sec in b["from"] if board.ships_in(state["players"][b["attacker"]], sec)]


def retreat_options(state: State, seat: int) -> list[str]:
    return sorted({m["to"] for m in retreat_moves(state, seat)})


def retreat(ctx: Ctx, seat: int, move: dict[str, str] | None) -> None:
    """R96: ``move`` is ``{"src": sector, "to": sector}`` (one group), None to stay."""
    s = ctx.state
    b = s["turn"]["battle"]
    s["prompt"] = None
    bump(s)
    if move is None:
        ctx.emit("battle_stayed", seat=seat)
        b["queue"].pop(0)
        _advance(ctx)
        return
    p = ctx.player(seat)
    src, to = move["src"], move["to"]
    n = p["ships"].pop(src, 0)
    if n:
        p["ships"][to] = p["ships"].get(to, 0) + n
    fleets = sorted(fid for fid, f in p["fleets"].items() if f["sector"] == src)
    for fid in fleets:
        p["fleets"][fid]["sector"] = to
    ctx.emit("retreated", seat=seat, to=to, src=src)
    group_move_ended(ctx, seat, to, n, fleets, in_battle=True)  # R51, R96, RULINGS E62
    if b["kind"] == "invasion":
        end_invasion(ctx, "attacker_retreated")
        return
    if seat == b["attacker"]:
        b["from"] = [sec for sec in b["from"] if sec != src]
    if retreat_moves(s, seat):  # R96: his other groups go too, each its own way
        if not (b["steps"] and b["steps"][0][0] == "retreat_more"):
            b["steps"].insert(0, ["retreat_more", seat])
        _ask(s, "retreat_more", seat)
        return
    _retreat_done(ctx, seat)


def _step_retreat_more(ctx: Ctx, b: dict[str, Any], seat: int) -> bool:
    if retreat_moves(ctx.state, seat):
        _ask(ctx.state, "retreat_more", seat)
        return False
    _retreat_done(ctx, seat)
    return True


def _retreat_done(ctx: Ctx, seat: int) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    if b["steps"] and b["steps"][0][0] == "retreat_more":
        b["steps"].pop(0)
    if b["queue"] and b["queue"][0] == seat:
        b["queue"].pop(0)
    if seat == b["attacker"]:
        if not _alive(s, b, seat):
            b["retreated"] = True
            end_battle(ctx, winner=b["defenders"][0] if len(b["defenders"]) == 1 else None)
            return
    elif not _alive(s, b, seat):
        b["defenders"] = [d for d in b["defenders"] if d != seat]
        b["gone"].append(seat)
        if not b["defenders"]:
            end_battle(ctx, winner=b["attacker"])
            return
    _advance(ctx)


def end_battle(ctx: Ctx, winner: int | None, *, annihilated: bool = False, cancelled: bool = False) -> None:
    s = ctx.state
    b = s["turn"]["battle"]
    s["turn"]["battle"] = None
    s["prompt"] = None
    bump(s)
    ctx.emit("battle_ended", battle=b["kind"], winner=winner, target=b["target"])
    if not cancelled:  # R99, R164: a cancelled battle gives nothing
        _never_defeated(ctx, b, winner, annihilated)
        if winner is not None:
            andorians.field_testing(ctx, b, winner)  # R181, RULINGS E21: claims destroyed ships (data)
            effects.trigger(ctx, winner, "on_win_battle")  # R98: the cards' gains (R198)
    board.remove_abandoned_lanes(s)
    if winner is not None and not cancelled:
        sectors = [b["target"]] if winner != b["attacker"] else [b["target"], *b["from"]]
        sectors = sorted({sec for sec in sectors if board.ships_in(s["players"][winner], sec) > 0})
        if maneuver_moves(s, winner, sectors):  # R98: a Tactical Maneuver, if he wants one
            _ask(s, "maneuver", winner, sectors=sectors)


def _never_defeated(ctx: Ctx, b: dict[str, Any], winner: int | None, annihilated: bool) -> None:
    """R164: a Klingon winning (attacking or defending), or both sides wiped out, against a side that fielded
    enough ships; when he loses against several Defenders, one such Defender destroyed or gone is enough."""
    s = ctx.state
    for seat in sorted({b["attacker"], *[int(k) for k in b["start"]]}):
        p = s["players"][seat]
        for e in civ_effects(p, "never_defeated"):
            least = int(e["min_ships"])
            if seat == b["attacker"]:
                foes = [int(k) for k in b["start"] if int(k) != seat]
                earned = any(b["start"][str(f)] >= least for f in foes) and (winner == seat or annihilated)
                earned = earned or any(b["start"][str(f)] >= least for f in b["gone"])
            else:
                att_out = b.get("retreated") or not _alive(s, b, b["attacker"])
                earned = b["start"][str(b["attacker"])] >= least and (
                    (att_out and seat in b["defenders"]) or annihilated)
            if earned:
                for res, amount in e["bundle"].items():
                    p["resources"][res] += amount
                ctx.emit("klingon_never_defeated", seat=seat, culture=int(e["bundle"].get("culture", 0)))


def maneuver_moves(state: State, seat: int, sectors: list[str]) -> list[dict[str, Any]]:
    """R98 (RULINGS E39): each sector of his there and each destination: ``{"src", "to"}`` moves every ship of his
    in that sector (the default), ``ships`` (his loose ships that go) with ``fleets`` (the fleets that go) moves
    only some of them."""
    p = state["players"][seat]
    out: list[dict[str, Any]] = []
    for src in sectors:
        if board.ships_in(p, src) <= 0:
            continue
        loose = p["ships"].get(src, 0)
        here = sorted(fid for fid, f in p["fleets"].items() if f["sector"] == src)
        subsets = [[fid for i, fid in enumerate(here) if mask >> i & 1] for mask in range(1 << len(here))]
        parts: list[dict[str, Any]] = [{"ships": k, "fleets": sub} for sub in subsets for k in range(loose + 1)
                                       if (k or sub) and not (k == loose and len(sub) == len(here))]
        for to in impulse_destinations(state, seat, src, []):
            out.append({"src": src, "to": to})
            out += [{"src": src, "to": to, **part} for part in parts]
    return out


def maneuver(ctx: Ctx, seat: int, move: dict[str, Any] | None) -> None:
    """R98 (RULINGS E39): the chosen ships of one sector (all of them without ``ships``/``fleets``) move up to 2
    sectors together, without a Command."""
    s = ctx.state
    s["prompt"] = None
    bump(s)
    if move is None:
        return
    p = ctx.player(seat)
    src, to = move["src"], move["to"]
    here = sorted(fid for fid, f in p["fleets"].items() if f["sector"] == src)
    n = int(move["ships"]) if "ships" in move else p["ships"].get(src, 0)
    fleets = sorted(move["fleets"]) if "fleets" in move else here
    already = p["ships"].get(to, 0)  # his loose ships already in orbit there: they do not enter it (R176)
    if n:
        left = p["ships"].get(src, 0) - n
        if left:
            p["ships"][src] = left
        else:
            p["ships"].pop(src, None)
        p["ships"][to] = p["ships"].get(to, 0) + n
    for fid in fleets:
        p["fleets"][fid]["sector"] = to
    ctx.emit("tactical_maneuver", seat=seat, src=src, to=to, ships=n, fleets=fleets)
    board.remove_abandoned_lanes(s)
    group_move_ended(ctx, seat, to, n, fleets, in_battle=False)  # R51, R98, RULINGS E62
    # R176 (RULINGS E46): the ships that moved and survived the Hazard (a disbanded fleet's ships are loose now)
    romulan_mines(ctx, seat, to, loose=max(0, p["ships"].get(to, 0) - already), fleets=tuple(fleets))


def withdraw_void_offer(ctx: Ctx) -> None:
    """After a card was exhausted off-turn (RULINGS E54): an open offer to use a card that is no longer ready
    (First Strike, cancelling the battle, the Cult of Kahless) is withdrawn, and the battle goes on."""
    s = ctx.state
    prompt = s["prompt"]
    b = (s.get("turn") or {}).get("battle")
    if prompt is None or b is None or prompt["kind"] not in ("cancel_battle", "first_strike", "sacrifice"):
        return
    seat = prompt["seat"]
    if prompt["kind"] == "sacrifice":
        if _sacrificers(s, b, seat):
            return
        b["sacrifice"][f"sacrifice:{b['round']}:{seat}"] = 0
    else:
        if _activatable(s, b, seat, prompt["kind"]) is not None:
            return
        b["asked"].append(f"{prompt['kind']}:{seat}")
    s["prompt"] = None
    bump(s)
    ctx.emit("offer_withdrawn", seat=seat, offer=prompt["kind"])
    _advance(ctx)
