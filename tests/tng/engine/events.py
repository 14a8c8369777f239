"""The event contract of the TNG engine: the fields each event kind carries, of which kind of value (the page
and the game log read them: ``games/tng/presenter.py``, ``messages.EVENTS``), and what only one seat may
see. ``helpers.run`` checks every event of every command the engine tests run."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from games.engine.core import Event
from games.tng.engine.content import CONTENT, TYPES
from games.tng.engine.messages import EVENTS

SEAT, SEAT_OR_NONE, CARD, CARDS, COUNT, TEXT, SLOT, SEATS = (
    "seat", "seat_or_none", "card", "cards", "count", "text", "slot", "seats")

#: kind -> field -> what it holds
FIELDS: dict[str, dict[str, str]] = {
    "ability_used": {"seat": SEAT, "target": SEAT, "ability": TEXT},
    "ally_won": {"seat": SEAT, "card": CARD},
    "battle_passed": {"seat": SEAT},
    "borg_card_gained": {"seat": SEAT, "cause": TEXT, "left": COUNT},
    "borg_cards_returned": {"seat": SEAT, "count": COUNT, "left": COUNT},
    "borg_cards_revealed": {"card": CARD, "bonus": COUNT, "counts": "counts"},
    "card_discarded": {"seat": SEAT, "card": CARD, "to": TEXT},
    "card_explored": {"seat": SEAT_OR_NONE, "card": CARD, "card_type": TEXT},
    "card_obtained": {"seat": SEAT, "card": CARD, "cost": COUNT, "slot": SLOT, "xp": COUNT},
    "card_played": {"seat": SEAT, "card": CARD},
    "card_searched_away": {"seat": SEAT, "card": CARD, "slot": SLOT},
    "card_to_bottom": {"card": CARD},
    "cards_drawn": {"seat": SEAT, "count": COUNT, "cards": CARDS, "reason": TEXT},
    "cards_milled": {"seat": SEAT, "cards": CARDS, "source": TEXT},
    "combat_started": {"seat": SEAT, "card": CARD, "player": "stats", "enemy": "stats"},
    "cube_battle_started": {"card": CARD, "bonus": COUNT, "revealed": COUNT, "cubes": COUNT},
    "cube_damage_assigned": {"seat": SEAT_OR_NONE, "target": SEAT, "amount": COUNT},
    "cube_destroyed": {"card": CARD, "defeated": COUNT},
    "cube_fired": {"amount": COUNT},
    "deck_reshuffled": {"seat": SEAT, "cards": COUNT},
    "enemy_defeated": {"seat": SEAT, "card": CARD, "damage": COUNT},
    "enemy_escaped": {"seat": SEAT_OR_NONE, "card": CARD, "damage": COUNT},
    "enemy_fired": {"card": CARD, "target": SEAT, "amount": COUNT},
    "enemy_hit": {"seat": SEAT, "card": CARD, "amount": COUNT, "taken": COUNT},
    "ensign_gained": {"seat": SEAT, "card": CARD},
    "ensign_supply_empty": {"seat": SEAT},
    "event_failed": {"seat": SEAT_OR_NONE, "card": CARD},
    "event_succeeded": {"seat": SEAT_OR_NONE, "card": CARD},
    "explorations_gained": {"seat": SEAT, "amount": COUNT, "source": TEXT},
    "first_player_chosen": {"seat": SEAT},
    "forced_exploration": {"amount": COUNT, "source": TEXT},
    "game_ended": {"reason": TEXT, "winners": SEATS},
    "game_set_up": {"players": COUNT, "scenario": TEXT, "ships": CARDS, "search": "search"},
    "influence_lost": {"seat": SEAT, "cards": CARDS},
    "influence_taken": {"seat": SEAT, "card": CARD},
    "invasion_revealed": {"cards": CARDS},
    "mission_completed": {"seat": SEAT, "card": CARD},
    "mission_placed": {"card": CARD},
    "player_assimilated": {"seat": SEAT},
    "player_done": {"seat": SEAT},
    "player_ready": {"seat": SEAT},
    "player_resigned": {"seat": SEAT},
    "points_gained": {"seat": SEAT, "card": CARD, "mp": COUNT, "total": COUNT, "how": TEXT},
    "round_ended": {"round": COUNT},
    "round_started": {"round": COUNT},
    "search_area_refilled": {"card": CARD, "slot": SLOT},
    "searches_gained": {"seat": SEAT, "amount": COUNT, "source": TEXT},
    "ship_boosted": {"seat": SEAT, "stat": TEXT, "amount": COUNT, "source": TEXT},
    "ship_damaged": {"seat": SEAT, "amount": COUNT, "absorbed": COUNT, "taken": COUNT, "damage": COUNT,
                     "cause": TEXT},
    "ship_defeated": {"seat": SEAT, "cause": TEXT},
    "ship_face_up": {"card": CARD},
    "ship_fired": {"seat": SEAT, "target": SEAT, "amount": COUNT},
    "ship_left": {"card": CARD},
    "ship_repaired": {"seat": SEAT, "amount": COUNT, "damage": COUNT, "source": TEXT},
    "ship_replaced": {"seat": SEAT, "old": CARD, "new": CARD},
    "ship_won_by_diplomacy": {"seat": SEAT, "card": CARD, "keep": TEXT},
    "starbase_reshuffled": {"cards": COUNT},
    "target_chosen": {"seat": SEAT, "target": SEAT},
    "team_turn_started": {"round": COUNT, "team": COUNT, "order": SEATS},
    "turn_ended": {"seat": SEAT, "defeated": "bool"},
    "turn_started": {"seat": SEAT, "round": COUNT},
    "war_ended": {"card": CARD, "winner": SEAT_OR_NONE, "defeated": SEATS},
    "war_fire_started": {"groups": "groups"},
    "war_started": {"seat": SEAT, "card": CARD, "order": SEATS},
    "xp_gained": {"seat": SEAT, "amount": COUNT, "total": COUNT, "source": TEXT},
}
STAT_KEYS = {"attack", "speed", "diplomacy", "defense", "shields"}
#: fields that name one of a few fixed reasons (the log says them), or else the card whose effect it was
WORDS: dict[tuple[str, str], set[str]] = {
    ("cards_drawn", "reason"): {"setup", "end_of_turn", "defeat", "after_battle"},
    ("points_gained", "how"): {"event", "mission", "combat", "diplomacy", "old_ship", "war", "ally"},
    ("card_discarded", "to"): {"removed", "basic", "ensigns", "starbase_discard"},
    ("ship_won_by_diplomacy", "keep"): {"ship", "points"},
    ("game_set_up", "scenario"): {"exploration", "borg_invasion", "klingon_civil_war"},
    ("ship_boosted", "stat"): STAT_KEYS,
    ("ship_repaired", "source"): {"xp"},
    ("borg_card_gained", "cause"): {"defeat"},
    ("ship_defeated", "cause"): set(),
    ("ship_damaged", "cause"): set(),
}


def _is_card(value: Any) -> bool:
    return isinstance(value, str) and "#" in value and value.split("#")[0] in CONTENT.cards


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _ok(what: str, value: Any, n: int) -> bool:
    seat = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n
    checks = {
        SEAT: lambda: seat,
        SEAT_OR_NONE: lambda: value is None or seat,
        SEATS: lambda: isinstance(value, list) and all(_ok(SEAT, x, n) for x in value),
        CARD: lambda: _is_card(value),
        CARDS: lambda: isinstance(value, list) and all(_is_card(x) for x in value),
        COUNT: lambda: _is_count(value),
        TEXT: lambda: isinstance(value, str) and value != "" and "XX" not in value,
        SLOT: lambda: value is None or (_is_count(value) and value < 9),
        "bool": lambda: isinstance(value, bool),
        "counts": lambda: isinstance(value, dict) and all(_ok(SEAT, int(k), n) and _is_count(v)
                                                          for k, v in value.items()),
        "stats": lambda: isinstance(value, dict) and set(value) >= STAT_KEYS,
        "search": lambda: isinstance(value, list) and len(value) == 9 and all(_is_card(x) for x in value),
        "groups": lambda: isinstance(value, list) and all(_ok(SEATS, g, n) and g for g in value),
    }
    return bool(checks[what]())


def check_events(state: dict[str, Any], events: Sequence[Event]) -> None:
    """Every event has a kind the site can say, exactly its fields, each holding what it should; a drawn card
    is shown only to the seat that drew it."""
    n = state["n"]
    for e in events:
        assert e.kind in FIELDS and e.kind in EVENTS, e.kind
        fields = FIELDS[e.kind]
        assert set(e.data) == set(fields), (e.kind, sorted(e.data))
        for key, what in fields.items():
            assert _ok(what, e.data[key], n), (e.kind, key, e.data[key])
            words = WORDS.get((e.kind, key))
            if words is not None:  # a fixed word, or the card, starting ship (id) or seat that caused it
                value = e.data[key]
                assert value in words or _is_card(value) or value in CONTENT.cards or re.fullmatch(r"seat\d", value), (e.kind, key, value)
        if e.kind == "cards_drawn":
            assert e.data["count"] == len(e.data["cards"]) > 0
            assert e.visible_to == frozenset({e.data["seat"]})
            assert e.redacted == {"seat": e.data["seat"], "count": e.data["count"]}
        else:
            assert e.visible_to is None and e.redacted is None, e.kind
        if e.kind == "card_explored":
            assert e.data["card_type"] == CONTENT.cards[e.data["card"].split("#")[0]].type in TYPES
        if e.kind == "ship_damaged":
            assert e.data["taken"] == e.data["amount"] - e.data["absorbed"]
        if e.kind == "enemy_hit":
            assert e.data["taken"] <= e.data["amount"]
        if e.kind == "points_gained":
            assert e.data["mp"] == CONTENT.cards[e.data["card"].split("#")[0]].mp <= e.data["total"]
        if e.kind == "game_ended":
            assert e.data["winners"] == sorted(e.data["winners"])
