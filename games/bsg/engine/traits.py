"""What a character's sheet changes in force (the ``passive`` and triggered parts of characters.json,
RULINGS C3): bonuses, limits and bars read by the rules that they change. A revealed Cylon's sheet is
ignored (R260), and so is every ability of a character in the Brig (RULINGS C16, its ``no_abilities``)."""

from __future__ import annotations

from collections.abc import Iterator

from games.bsg.engine.content import Ability, Effect
from games.bsg.engine.state import CONTENT, State


def sheet_active(state: State, seat: int) -> bool:
    """A human's sheet is in force; a revealed Cylon's is not (R260), but a Cylon Leader's always is (R802d)."""
    p = state["players"][seat]
    return not p["cylon"] or bool(p.get("leader"))


def abilities_blocked(state: State, seat: int) -> bool:
    """No character ability and no Skill card action: a revealed Cylon (R260), or a character standing in a
    location whose rules say ``no_abilities`` (the Brig, RULINGS C16)."""
    p = state["players"][seat]
    if p["cylon"] and not p.get("leader"):  # a Leader's sheet abilities are always active (R802d)
        return True
    loc = p["location"]
    return loc in CONTENT.locations and any(r.kind == "no_abilities" for r in CONTENT.locations[loc].rules)


def skill_text_blocked(state: State, seat: int) -> bool:
    """No Skill card text (a check card, a Reckless card, a die card): blocked abilities, and any revealed
    Cylon, a Leader among the Cylons too (R260, R802: his exceptions are his sheet, Miracle tokens and Mutiny
    cards, not Skill cards; infiltrated he uses them, R803c)."""
    return bool(state["players"][seat]["cylon"]) or abilities_blocked(state, seat)


def sheet_effects(
    state: State, seat: int | None, kind: str, *, weakness_too: bool = True
) -> Iterator[Effect]:
    """The effects of ``kind`` on the seat's sheet that are in force now. Weaknesses always hold (even in
    the Brig); abilities hold only when not blocked."""
    if seat is None or state["players"][seat]["character"] is None or not sheet_active(state, seat):
        return
    blocked = abilities_blocked(state, seat)
    for ability in CONTENT.characters[state["players"][seat]["character"]].abilities:
        if ability.kind == "weakness" and not weakness_too:
            continue
        if ability.kind != "weakness" and blocked:
            continue
        for effect in ability.effects:
            if effect.kind == kind:
                yield effect


def resolute(state: State, seat: int) -> Effect | None:
    """The sheet's ``activate_cylon_location`` in force (Athena's Resolute, R803j-l, RULINGS G197): not in the
    Brig, where no ability is (C16)."""
    return next(sheet_effects(state, seat, "activate_cylon_location", weakness_too=False), None)


def ability_of(state: State, seat: int, kind: str) -> Ability | None:
    """The seat's ability of a kind (``ability``, ``once_per_game``, ``weakness``)."""
    character = state["players"][seat]["character"]
    if character is None:
        return None
    return next((a for a in CONTENT.characters[character].abilities if a.kind == kind), None)


def attack_bonus(state: State, seat: int | None, attacker: str) -> int:
    """Helo's Marksman: +1 to rolls from Weapons Control (``galactica``) and the Armory."""
    if attacker not in ("galactica", "armory"):
        return 0
    return sum(
        int(e.get("amount"))
        for e in sheet_effects(state, seat, "die_modifier")
        if e.get("scope") == "galactica_attack"
    )


def repair_bonus(state: State, seat: int | None) -> int:
    """Tyrol's Maintenance Engineer: vipers repaired beyond a card's number."""
    return sum(int(e.get("amount")) for e in sheet_effects(state, seat, "repair_bonus"))


def location_bonus(state: State, seat: int, location: str) -> int:
    """Tigh's Veteran Officer: one more viper activation from Command."""
    return sum(
        int(e.get("amount"))
        for e in sheet_effects(state, seat, "location_bonus")
        if e.get("location") == location
    )


def hand_limit(state: State, seat: int) -> int:
    """R008, and Apollo's Headstrong: the most Skill cards held at the end of a turn."""
    limits = [int(e.get("count")) for e in sheet_effects(state, seat, "hand_limit")]
    return min([CONTENT.board.hand_limits["skill"], *limits])


def draw_penalty(state: State, seat: int) -> int:
    """Tigh's Alcoholic: cards fewer in Receive Skills while a resource is at half or lower."""
    half = CONTENT.board.resource_half
    return sum(
        int(e.get("count"))
        for e in sheet_effects(state, seat, "draw_penalty")
        if e.get("if_half") is None or state["resources"][e.get("if_half")] <= half[e.get("if_half")]
    )


def extra_any_draws(state: State, seat: int) -> int:
    """Baltar's Delusional Intuition: cards of any type drawn in Receive Skills on top of the sheet."""
    return sum(
        int(e.get("count")) for e in sheet_effects(state, seat, "draw_skills") if e.get("types") == "any"
    )


def check_difficulty_change(state: State, seat: int | None, location: str | None) -> int:
    """Starbuck's Insubordinate: the Admiral's Quarters check aimed at her is easier."""
    if location != "admirals_quarters":
        return 0
    return sum(
        int(e.get("amount"))
        for e in sheet_effects(state, seat, "check_difficulty")
        if e.get("scope") == "admirals_quarters_on_self"
    )
