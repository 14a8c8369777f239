"""Setting up a game (kemble:R1-R11) and the variants' deck changes (R82-R86)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.core import Rng
from games.kemble.engine.content import CONTENT, SYMBOLS, UPGRADE_TYPES, side
from games.kemble.engine.decks import draw_sensor
from games.kemble.engine.effects import draw_powerups
from games.kemble.engine.state import Ctx, State, new_player
from games.kemble.engine.turns import start_bidding

#: R6: cards taken from each level deck, by table width (solo: RULINGS, the 2-3 player mix scaled to 2 wide).
LEVEL_COUNTS: dict[int, list[tuple[str, int]]] = {
    2: [("S1", 8), ("A1", 6), ("W1", 8), ("F1", 6)],
    3: [("S1", 12), ("A1", 9), ("W1", 12), ("F1", 9)],
    4: [("S1", 16), ("A1", 12), ("W1", 16), ("F1", 12)],
}
#: R86 (rulebook "Mazzo tunnel"): 6 rows of A1, 2 rows of T1, 3 rows of F1, then the boss.
TUNNEL_ROWS = [("A1", 6), ("T1", 2), ("F1", 3)]
ROWS = 5  # R8: five rails


def table_width(num_players: int) -> int:
    """R8/R84: 2 cards wide solo, 3 for 2-3 players, 4 for 4-5."""
    return 2 if num_players == 1 else (3 if num_players <= 3 else 4)


def level_piles(rng: Rng, width: int, options: Mapping[str, Any]) -> list[list[str]]:
    """Each level deck shuffled separately, the first N taken (R6); top of a pile = last element."""
    if options["tunnel_deck"]:
        plan = [(deck, rows * width) for deck, rows in TUNNEL_ROWS]
    else:
        plan = LEVEL_COUNTS[width]
    piles = []
    for deck, count in plan:
        cards = rng.shuffled(sorted(CONTENT.deck(deck)))
        piles.append(cards[:count])
    if options["tunnel_deck"] and "sp_merchant" in CONTENT.cards:
        f1 = piles[-1]  # the rulebook recommends adding the Merchant to F1 (RULINGS R86)
        f1[rng.below(len(f1))] = "sp_merchant"
    if options["special_cards"]:
        specials = rng.shuffled(sorted(c for c in CONTENT.deck("special") if c not in sum(piles, [])))
        for card in specials:  # R85: random pile (not the opening one), random place, one standard out
            pile = piles[1 + rng.below(len(piles) - 1)]
            standard = [i for i, cid in enumerate(pile) if CONTENT.cards[cid].deck != "special"]
            if not standard:
                continue
            pile.pop(standard[rng.below(len(standard))])
            pile.insert(rng.below(len(pile) + 1), card)
    return piles


def build_space_pile(rng: Rng, num_players: int, options: Mapping[str, Any]) -> tuple[list[str], str]:
    """R6/R7: S1 drawn first (A2), the boss warning at the bottom. Returns (pile, boss id)."""
    width = table_width(num_players)
    scenario = options["solo_scenario"]
    if num_players == 1 and scenario != "random_deck":
        data = CONTENT.solo[scenario]
        boss = data["boss"]
        order = list(data["order"])
        return [CONTENT.bosses[boss].warning_id] + order[::-1], boss
    warnings = rng.shuffled(sorted(CONTENT.warnings))
    warning = warnings[0]  # R7: the others go back to the box unseen
    pile = [warning]
    for p in reversed(level_piles(rng, width, options)):
        pile.extend(p)
    return pile, CONTENT.warnings[warning]


def initial_state(num_players: int, options: Mapping[str, Any], rng: Rng) -> tuple[State, Ctx]:
    width = table_width(num_players)
    opts = dict(options)
    opts["solo"] = num_players == 1
    space, _boss = build_space_pile(rng, num_players, options)
    state: State = {
        "v": 1, "n": num_players, "options": opts, "width": width, "round": 1, "phase": "bid",
        "board": [], "players": [new_player(s, SYMBOLS[s]) for s in range(num_players)],
        "order": list(range(num_players)), "turn_index": 0, "turn": None, "prompts": [], "scroll": None,
        "decks": {
            "space": space, "space_discard": [], "sensor": [], "sensor_discard": [], "powerup": [],
            "powerup_discard": [], "mission": [], "achievement": [], "achievements_up": [], "box": [],
        },
        "boss": None, "warning": None, "boss_rows": [],
        "upgrade_piles": {t: CONTENT.upgrades[t]["pile"] for t in UPGRADE_TYPES},
        "dseq": 0, "final": None, "end_reason": "", "solo_failed": False, "boss_parts": 0,
        "boss_parts_destroyed": 0,
    }
    return state, Ctx(state=state, rng=rng)


def setup_game(num_players: int, options: Mapping[str, Any], rng: Rng) -> Ctx:
    state, ctx = initial_state(num_players, options, rng)
    width = state["width"]
    decks = state["decks"]
    # R8: deal from row 5 (bottom) upward, left to right.
    rows: list[list[dict[str, Any]]] = []
    for _ in range(ROWS):
        row = [{"card": decks["space"].pop(), "flip": False, "cover": [None, None], "marks": [[], []]}
               for _ in range(width)]
        rows.insert(0, row)
    state["board"] = rows
    # R4, R5: achievements (4 face up), sensor, mission and power-up decks.
    achievements = rng.shuffled(sorted(CONTENT.achievements))
    decks["achievements_up"] = [achievements.pop() for _ in range(min(4, len(achievements)))]
    decks["achievement"] = achievements
    decks["sensor"] = rng.shuffled(sorted(CONTENT.sensors))
    decks["mission"] = rng.shuffled(sorted(CONTENT.missions))
    decks["powerup"] = rng.shuffled(sorted(CONTENT.powerups))
    ctx.emit("game_set_up", players=num_players, width=width, options=dict(state["options"]))
    # R9: Global Bellonium visible in the initial layout, paid to every player (A30).
    globals_ = sum(q.global_bellonium for row in rows for slot in row for q in side(slot["card"], False))
    for p in state["players"]:
        p["bellonium"] = globals_
        if not state["options"]["tunnel_vision"]:
            p["upgrades"]["turret"] = 1  # R10: Rotary Cage L1 facing up; R82: not in Tunnel Vision
        if state["options"]["wingmen"]:
            p["team"] = p["seat"] % 2  # R83: seats 0+2 against 1+3 (RULINGS A26)
    for p in state["players"]:  # R10: 2 sensor cards, 1 power-up, 1 mission
        seat = p["seat"]
        for _ in range(2):
            card = draw_sensor(ctx)
            if card is not None:
                p["hand"].append(card)
        ctx.emit("sensor_drawn", visible_to=frozenset({seat}), redacted={"seat": seat, "count": 2}, seat=seat,
                 cards=list(p["hand"]))
        if decks["mission"]:
            p["mission"] = decks["mission"].pop()
            ctx.emit("mission_dealt", seat=seat, mission=p["mission"])
        draw_powerups(ctx, seat, 1, "setup")
    start_bidding(ctx)
    return ctx
