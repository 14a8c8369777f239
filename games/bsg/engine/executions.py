"""Executions (bsg:R450-R456, R808; RULINGS G46-G51): the rules of their own that Pegasus cards and
locations call for (an ``execute`` effect).

An ``execute`` effect only queues the character (``state["executions"]``, effects.py); the procedure runs once
the command that called for it is done (``run_queued``, from ``commands._after``), so a turn it ends is not
taken up again by the step the card or location was resolving (RULINGS G46).

- R450 Step 1: every Skill card discarded (Quorum cards in hand are kept), his Mutiny cards and Miracle token
  (Daybreak), the Quorum cards on his character discarded (with the die cards he readied and the reroll he
  armed: RULINGS G42).
- R451 Step 2: a player holding "You Are a Cylon" reveals one of them (no card action) and follows R453: the
  Resurrection Ship, the revealed-Cylon procedure without a Super Crisis card, his other face-down loyalty
  cards to a human of his choice at any distance (RULINGS G47). Otherwise he shows every loyalty card and
  follows R452: -1 morale, his character leaves the game, his loyalty cards are discarded face up, he chooses
  any character not in play (prompt ``new_character``; none left: the humans lose), then one Not-a-Cylon card
  from the box goes into the Loyalty deck, which is shuffled, and he draws 1 card.
- R454 Step 3: the active player's turn ends at once; a once-per-game ability already used stays used (the
  record is by seat, RULINGS G3); his titles pass by succession once the new character is in play.
- R456 replacements: Boomer after the Sleeper Agent phase starts in the Brig and draws 1 more loyalty card
  (RULINGS G50); Helo is stranded through his player's next turn; Apollo launches in a viper from the Reserves
  (``area``), or starts on the Hangar Deck; Baltar before the Sleeper Agent phase adds a Not-a-Cylon card and
  draws 1 more. A start location that is damaged or out of play means Sickbay (R434, RULINGS G49).

A revealed Cylon cannot be executed (RULINGS G48).
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import conflicted, cylon_fleet, daybreak, ionian, loyalty, planet, turns
from games.bsg.engine.content import LEADER
from games.bsg.engine.decks import discard_skill
from games.bsg.engine.effects import change_resources, draw_mutiny, leave_craft
from games.bsg.engine.ending import end_game
from games.bsg.engine.setup import chosen_characters, deal_loyalty
from games.bsg.engine.state import (
    CONTENT,
    Ctx,
    State,
    card_id,
    damaged_locations,
    infiltrator,
    is_cylon_card,
    next_key,
    out_of_play,
    table_sets,
)
from games.engine.core import IllegalCommand

RULE = "bsg:R452"
#: R456: Tom Zarek as a replacement draws a Mutiny card (Daybreak)
ZAREK = "tom_zarek"
#: R203: Samuel T. Anders chosen as a new character skips the Receive Skills step of his next turn
ANDERS = "samuel_anders"


def run_queued(ctx: Ctx) -> None:
    """Execute the queued characters one at a time: a new character's choice is answered before the next."""
    state = ctx.state
    while state.get("executions") and state["phase"] == "turn" and state["prompt"] is None:
        entry = state["executions"].pop(0)
        seat, turn = entry[0], entry[1]
        if not state["executions"]:
            del state["executions"]
        execute(ctx, seat, same_turn=turn == state["turn_no"], cylons_too=len(entry) > 2)


def execute(ctx: Ctx, seat: int, same_turn: bool = True, cylons_too: bool = False, replaced: bool = True) -> None:
    """The procedure for ``seat``; ``same_turn``: still in the turn that called for it (only then may it end
    that turn, R454); ``cylons_too``: a revealed Cylon cannot ignore it (R459, RULINGS G122); ``replaced``: a
    human chooses a new character (not one the Ionian Nebula's Trial eliminates, R978)."""
    state = ctx.state
    p = ctx.player(seat)
    if p["cylon"] and cylons_too:  # R459, G122: back where a revealed Cylon resurrects
        ctx.emit("character_executed", seat=seat, character=p["character"])
        p["location"] = daybreak.resurrection(state)  # the Medical Center before Galactica's return (R825a)
        ctx.emit("character_moved", seat=seat, location=p["location"])
        return
    if p["cylon"]:  # RULINGS G48
        ctx.emit("execution_ignored", seat=seat)
        return
    ctx.emit("character_executed", seat=seat, character=p["character"])
    if infiltrator(p):  # an infiltrated Leader (RULINGS G61): back to the Resurrection Ship, his hand gone
        for card in p["hand"]:
            discard_skill(ctx, card)
        p["hand"] = []
        state["forced"].pop(str(seat), None)
        _miracles_discarded(ctx, seat)  # R450: his Mutiny cards and his Miracle token too
        loyalty.leave_the_human_side(ctx, seat)
        loyalty.leave_infiltration(ctx, seat)
        if same_turn and seat == state["current"] and state["step"] != "end":
            turns.go_to(ctx, "end")
        return
    # R450: every Skill card; the Quorum cards on him (his Quorum hand, if President, stays with him)
    for card in p["hand"]:
        discard_skill(ctx, card)
    if p["hand"]:
        ctx.emit("hand_discarded", seat=seat, count=len(p["hand"]))
    p["hand"] = []
    state["forced"].pop(str(seat), None)
    if seat in state["discards"]:
        state["discards"].remove(seat)
    loyalty.leave_the_human_side(ctx, seat)
    ends_turn = same_turn and seat == state["current"]
    cylon_cards = sorted(c for c in p["loyalty"] if is_cylon_card(c))
    if cylon_cards:  # R451, R453
        card = cylon_cards[0]
        p["loyalty"].remove(card)
        p["revealed"].append(card)
        ctx.emit("cylon_revealed", seat=seat, card=card)
        sets = set(table_sets(state))  # R451: given only with Pegasus or Daybreak + Exodus (RULINGS G191)
        gives = "pegasus" in sets or {"daybreak", "exodus"} <= sets
        loyalty.become_revealed(ctx, seat, super_crisis=False, any_distance=True, give_away=gives)
    else:  # R451, R452
        # R455 (Daybreak): a Mutineer who revealed only Not-a-Cylon cards keeps "You Are a Mutineer" face up
        # for his new character
        mutineer = [c for c in p["revealed"] if card_id(c) == daybreak.MUTINEER] if daybreak.on(state) else []
        shown = sorted(p["loyalty"]) + [c for c in p["revealed"] if c not in mutineer]
        p["loyalty"], p["revealed"] = [], mutineer
        _miracles_discarded(ctx, seat)
        ctx.emit("loyalty_shown", seat=seat, cards=shown)
        ionian.human_executed(ctx, seat)  # R943: his trauma tokens too
        state["decks"].setdefault("loyalty_discard", []).extend(shown)
        conflicted.executed_final_five(ctx, seat, shown)  # R410: resolved, then out of the game
        change_resources(ctx, {"morale": -1})
        state.setdefault("gone", []).append(p["character"])
        leave_craft(state, seat)  # his viper to its Reserves, a Viper Mark VII to the Mark VII's (RULINGS G79)
        p["location"] = None
        p["stranded"] = False
        if replaced:  # eliminated by the Ionian Nebula's Trial, he chooses none (R978, RULINGS G164)
            if not replacements(state):  # R452 D: no character left, the humans lose
                end_game(ctx, "cylons", "no_character_left")
                return
            state["prompt"] = {"kind": "new_character", "seat": seat}
            next_key(state)
    if ends_turn and state["step"] != "end":  # R454
        turns.go_to(ctx, "end")


# --- R452 D, R456: the new character ---------------------------------------------------------------------


def replacements(state: State) -> list[str]:
    """Any character of the table's sets neither in play nor executed (R452 D); never a Cylon Leader, who is
    no human character (R802), nor another version of a character in play (Daybreak, R1001)."""
    gone = set(state.get("gone", []))  # the executed character's sheet is out of the game (R452 B)
    taken = set(chosen_characters(state)) | gone
    playing = {daybreak.version_root(c) for c in chosen_characters(state) if c not in gone} if daybreak.on(
        state) else set()
    return [c.id for c in CONTENT.characters_in(table_sets(state)) if c.id not in taken and c.type != LEADER
            and daybreak.version_root(c.id) not in playing]


def replacement_options(state: State, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for character in replacements(state):
        launches: list[dict[str, Any]] = []
        if CONTENT.characters[character].start == "viper":  # R456 Apollo; a Viper Mark VII is one too (R916)
            if state["reserves"]["viper"] > 0:
                launches += [{"character": character, "area": a} for a in CONTENT.board.launch_areas()]
            if cylon_fleet.mk7_reserves(state):
                launches += [{"character": character, "area": a, "pick": "mk7"} for a in CONTENT.board.launch_areas()]
        out += launches or [{"character": character}]
    return out


def _start_location(state: State, location: str) -> str:
    """A damaged location or one out of play is unavailable: Sickbay instead (R434, RULINGS G49)."""
    if location in damaged_locations(state) or out_of_play(state, location):
        return "sickbay"
    if planet.active(state) and CONTENT.locations[location].ship == "colonial_one":  # closed: R826, RULINGS G123
        return "sickbay"
    return location


def choose_new_character(ctx: Ctx, seat: int, character: str, area: str | None, pick: str | None = None) -> None:
    state = ctx.state
    args = {"character": character} if area is None else {"character": character, "area": area}
    if pick is not None:
        args["pick"] = pick
    if args not in replacement_options(state, seat):
        raise IllegalCommand("character_not_available", RULE, character=character)
    p = ctx.player(seat)
    gone = p["character"]
    p["character"] = character
    state["prompt"] = None
    next_key(state)
    sheet = CONTENT.characters[character]
    extra_cards = 0
    if sheet.start == "viper":  # R456 Apollo: launched at once, or the Hangar Deck
        if area is not None:
            cylon_fleet.board_pilot(state, seat, area, pick == "mk7")  # a Viper Mark VII if picked (R916)
        else:
            p["location"] = _start_location(state, "hangar_deck")
    elif sheet.start == "stranded":  # R456 Helo: stranded through his player's next turn
        p["stranded"] = True
        if seat == state["current"]:
            state.setdefault("stranded_later", []).append(seat)
    else:
        p["location"] = _start_location(state, sheet.start)
    if any(e.kind == "extra_loyalty" and e.get("at") == "sleeper" for a in sheet.abilities for e in a.effects) \
            and state["sleeper_done"]:  # R456 Boomer after the Sleeper Agent phase (RULINGS G50)
        p["location"] = "brig"
        _box_card(ctx, seat)
    if any(e.kind == "extra_loyalty" and e.get("at") == "setup" for a in sheet.abilities for e in a.effects) \
            and not state["sleeper_done"]:  # R456 Baltar before the Sleeper Agent phase
        extra_cards += 1
    if planet.before_return(state):  # R825f, RULINGS G123: on New Caprica, Resistance HQ (Detention for the Brig)
        if p["viper"] is not None:
            cylon_fleet.pilot_off(state, seat)
        p["stranded"] = False
        if seat in state.get("stranded_later", []):
            state["stranded_later"].remove(seat)
        roles = planet.board().roles
        p["location"] = roles["brig"] if p["location"] == "brig" else roles["human_start"]
    ctx.emit("new_character_chosen", seat=seat, character=character, replaces=gone, location=p["location"],
             viper=p["viper"])
    for _ in range(1 + extra_cards):  # R452 E
        _not_cylon_card(ctx, seat)
    if daybreak.version_root(character) == ANDERS:  # R203 (RULINGS G143): no Skill cards in his next turn
        p["skip_receive"] = True
    ionian.new_character(ctx, seat)  # R943, R947: 3 trauma tokens; an ally showing him leaves the board
    if daybreak.on(state) and daybreak.version_root(character) == ZAREK:  # R456, R1023 (RULINGS G131)
        draw_mutiny(ctx, seat)
    for title in loyalty.TITLES:  # R454: the title by succession, the new character among the candidates
        if state.get(title) == seat:  # the CAG only with the Cylon Fleet (R420)
            loyalty.pass_title(ctx, title, "executed")
    loyalty.resolve_sympathizers(ctx, [seat])
    if state["step"] == "end":
        turns.finish_turn(ctx)


def _miracles_discarded(ctx: Ctx, seat: int) -> None:
    """R450, R1010 (Daybreak): the executed character's Miracle tokens are discarded; his replacement starts
    without one. His Mutiny cards are discarded too, face up (R450 "scarta anche la sua carta Ammutinamento",
    RULINGS G130)."""
    state = ctx.state
    p = ctx.player(seat)
    if not daybreak.on(state):
        return
    if p.get("miracles"):
        ctx.emit("miracle_discarded", seat=seat, count=p["miracles"])
        p["miracles"] = 0
    daybreak.discard_mutiny(ctx, seat)
    next_key(state)


def _not_cylon_card(ctx: Ctx, seat: int) -> None:
    """A Not-a-Cylon card from the box into the Loyalty deck, shuffled, then 1 card drawn (R452 E; RULINGS
    A12: the unused cards are kept aside in every game)."""
    decks = ctx.state["decks"]
    spare = sorted(c for c in decks["loyalty_box"] if CONTENT.loyalty[card_id(c)].side == "human")
    if spare:  # the pile is face down and shuffled: with Conflicted Loyalties' cards in it, any of them (R127)
        plain = all(CONTENT.loyalty[card_id(c)].kind is None for c in spare)
        card = spare[0] if plain else spare[ctx.rng.below(len(spare))]
        decks["loyalty_box"].remove(card)
        decks["loyalty"].append(card)
    ctx.rng.shuffle(decks["loyalty"])
    deal_loyalty(ctx, seat, 1)


def _box_card(ctx: Ctx, seat: int) -> None:
    """Boomer's extra card (RULINGS G50): the Loyalty deck's top card; when it is empty, one card at random
    among the unused "You Are a Cylon" and "You Are Not a Cylon" cards of the box."""
    decks = ctx.state["decks"]
    if not decks["loyalty"]:
        spare = sorted(c for c in decks["loyalty_box"] if CONTENT.loyalty[card_id(c)].side in ("cylon", "human"))
        if not spare:
            return
        card = spare[ctx.rng.below(len(spare))]
        decks["loyalty_box"].remove(card)
        decks["loyalty"].append(card)
    deal_loyalty(ctx, seat, 1)
