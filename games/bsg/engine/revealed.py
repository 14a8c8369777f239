"""Revealed Cylons (bsg:R220 G, R260-R265, R309-R312, R402, R404): the reveal as an Action, the Cylon
locations' actions in a revealed Cylon's turn and the Super Crisis cards.

- The reveal (R220 G): the card's action (in the Brig: none), then the procedure of ``loyalty.py`` (R402),
  then the turn ends (R402h, R232).
- Caprica (R309): play a Super Crisis card from hand, or draw 2 Crisis cards, resolve 1 and put the other at
  the bottom of the Crisis deck (prompt ``caprica_crisis``). No Cylon ship activation follows; the chosen
  card's jump icon does (R264, RULINGS G24).
- Cylon Fleet (R312): activate one kind of Cylon ship, or every basestar launches 2 raiders and 1 heavy raider.
- Human Fleet (R311): look at a human player's Skill cards and take 1 (prompt ``take_skill``), then a roll.
- Resurrection Ship (R310): draw a Super Crisis card, or swap the one held.

Each location's action is read from its effects in ``locations.json``; a ``choose`` effect offers its
options as ``option`` (index), with ``card`` (a Super Crisis card) or ``target`` (a human seat) where one is
needed.
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import cylons, daybreak, loyalty, planet, turns
from games.bsg.engine.checks import start_check
from games.bsg.engine.content import Effect
from games.bsg.engine.decks import draw_from
from games.bsg.engine.effects import apply_effect, apply_effects, damage_galactica, damage_pile, send_to
from games.bsg.engine.state import CONTENT, Ctx, Player, State, card_id, is_cylon_card, next_key
from games.bsg.engine.traits import resolute
from games.engine.core import IllegalCommand

# --- R220 G: the reveal ---------------------------------------------------------------------------------


def _chooses_target(card: str) -> bool:
    return any(
        e.kind == "send_to" and str(e.get("who")).endswith("_chooses")
        for e in CONTENT.loyalty[card_id(card)].effects
    )


def in_brig(p: Player) -> bool:
    """In the Brig, or in New Caprica's Detention, where a reveal has no card action either (R825, L817)."""
    return bool(p["location"] == "brig" or p["location"] == planet.board().roles["brig"])


def reveal_options(state: State, seat: int) -> list[dict[str, Any]]:
    """The arguments of every ``reveal_loyalty`` the seat may send in his Action: one per face-down "You Are
    a Cylon" card, with the character its action aims at when it names one (any human but himself). In the
    Brig the card is revealed without its action (R220 G), so it names nobody."""
    p = state["players"][seat]
    if p["cylon"]:
        return []
    out: list[dict[str, Any]] = []
    for card in sorted(c for c in p["loyalty"] if is_cylon_card(c)):
        if _chooses_target(card) and not in_brig(p):
            out += [{"card": card, "target": t} for t in loyalty.humans(state, besides=seat)]
        else:
            out.append({"card": card})
    return out


def reveal(ctx: Ctx, seat: int, card: str, target: int | None) -> None:
    """R220 G: turn the card face up, carry out its action, then the revealed-Cylon procedure (R402)."""
    state = ctx.state
    args: dict[str, Any] = {"card": card} if target is None else {"card": card, "target": target}
    if args not in reveal_options(state, seat):
        raise IllegalCommand("cannot_reveal", "bsg:R220", card=card)
    p = ctx.player(seat)
    p["loyalty"].remove(card)
    p["revealed"].append(card)
    ctx.emit("cylon_revealed", seat=seat, card=card)
    if in_brig(p):  # R220 G: no loyalty card action in the Brig, nor in Detention (R825)
        ctx.emit("loyalty_action_blocked", seat=seat)
    else:
        for effect in CONTENT.loyalty[card_id(card)].effects:
            if _reveal_effect(ctx, seat, effect, card, target):
                return  # a choice of damage token is open: choose_damage goes on
    _finish_reveal(ctx, seat)


def _reveal_effect(ctx: Ctx, seat: int, effect: Effect, card: str, target: int | None) -> bool:
    """One effect of a loyalty card's action; True when it left a decision open. Before Galactica's return to
    New Caprica a damage is ignored (R834: ``apply_effect`` says so)."""
    state = ctx.state
    if effect.kind == "damage_galactica" and effect.get("choose_of") and not planet.before_return(state):
        name = damage_pile(state)  # R800: the Pegasus's tokens instead, by the seat's standing choice
        pile = state["decks"][name]
        drawn = [pile.pop() for _ in range(min(int(effect.get("choose_of")), len(pile)))]
        if len(drawn) <= 1:
            pile.extend(drawn)
            damage_galactica(ctx, len(drawn), name)
            return False
        state["prompt"] = {"kind": "choose_damage", "seat": seat, "cards": drawn}
        if name != "galactica_damage":
            state["prompt"]["pile"] = name
        next_key(state)
        ctx.emit(
            "damage_tokens_drawn",
            visible_to=frozenset({seat}),
            redacted={"seat": seat, "count": len(drawn)},
            seat=seat,
            count=len(drawn),
            cards=drawn,
        )
        return True
    if effect.kind == "send_to" and str(effect.get("who")).endswith("_chooses"):
        assert target is not None
        send_to(ctx, target, effect.get("location"))
    elif effect.kind == "discard_skills" and effect.get("who") == "target":
        assert target is not None
        count = min(int(effect.get("count")), len(state["players"][target]["hand"]))
        if count:  # the owner picks his cards (RULINGS G4)
            state["forced"][str(target)] = state["forced"].get(str(target), 0) + count
            next_key(state)
    else:
        apply_effect(ctx, effect, card, actor=seat, target=target)
    return False


def choose_damage(ctx: Ctx, seat: int, token: str) -> None:
    """The revealer applies one of the damage tokens he drew; the others go back into the pile, which is
    shuffled (RULINGS G22)."""
    state = ctx.state
    prompt = state["prompt"]
    if token not in prompt["cards"]:
        raise IllegalCommand("bad_damage_token", "bsg:R402", token=token)
    state["prompt"] = None
    next_key(state)
    name = prompt.get("pile", "galactica_damage")
    pile = state["decks"][name]
    pile.extend(t for t in prompt["cards"] if t != token)
    ctx.rng.shuffle(pile)
    pile.append(token)
    damage_galactica(ctx, 1, name)
    if state["phase"] == "turn":
        _finish_reveal(ctx, seat)


def _finish_reveal(ctx: Ctx, seat: int) -> None:
    """R402 a, c-f, then h: the turn ends at once, without a Crisis (R232)."""
    if ctx.state["phase"] != "turn":
        return
    loyalty.become_revealed(ctx, seat, super_crisis=True)
    turns.go_to(ctx, "end")


def give_loyalty(ctx: Ctx, seat: int, to: int) -> None:
    loyalty.give_loyalty(ctx, seat, to)
    if ctx.state["step"] == "end":
        turns.finish_turn(ctx)


# --- R263: the Cylon locations' actions ---------------------------------------------------------------------


def _effects(location: str, option: int | None) -> tuple[Effect, ...] | None:
    """The effects the action runs: a ``choose`` effect's option, or the whole list."""
    effects = CONTENT.locations[location].effects
    if effects and effects[0].kind == "choose":
        options = effects[0].get("options")
        if option is None or not 0 <= option < len(options):
            return None
        found: tuple[Effect, ...] = tuple(options[option])
        return found
    return effects if option is None else None


def _args_for(state: State, seat: int, effects: tuple[Effect, ...]) -> list[dict[str, Any]]:
    """The extra arguments the effects need ([] when they cannot be carried out now)."""
    p = state["players"][seat]
    out: list[dict[str, Any]] = [{}]
    for e in effects:
        if e.kind == "play_super_crisis":
            out = [{"card": c} for c in sorted(set(p["super_crisis"]))]
        elif e.kind == "draw_super_crisis":
            if not state["decks"]["super_crisis"]:
                return []
            if p["super_crisis"]:
                out = [{"card": c} for c in sorted(set(p["super_crisis"]))] if e.get("replace") else []
        elif e.kind == "choose_crisis" and not (state["decks"]["crisis"] or state["decks"]["crisis_discard"]):
            return []
        elif e.kind == "look_hand":
            out = [{"target": s} for s in loyalty.humans(state, besides=seat)]
    return out


def _cylon_location(state: State, loc: str) -> bool:
    return loc in CONTENT.locations and CONTENT.locations[loc].requires == "revealed_cylon" \
        and daybreak.location_in_play(state, loc)


def _location_args(state: State, seat: int, loc: str) -> list[dict[str, Any]]:
    effects = CONTENT.locations[loc].effects
    if effects and effects[0].kind == "choose":
        out = []
        for i in range(len(effects[0].get("options"))):
            out += [{"option": i, **a} for a in _args_for(state, seat, _effects(loc, i) or ())]
        return out
    return _args_for(state, seat, effects)


def location_options(state: State, seat: int) -> list[dict[str, Any]]:
    """The arguments of every ``activate_cylon_location`` a revealed Cylon may send in his Action (R263); with
    Resolute (G197) also ``location``: another Cylon location in play, activated from wherever the Leader stands,
    infiltrated too. The Human Fleet's infiltration by Resolute is ``infiltrate`` (leaders.py)."""
    p = state["players"][seat]
    loc = p["location"]
    out = _location_args(state, seat, loc) if p["cylon"] and _cylon_location(state, loc) else []
    if resolute(state, seat) is not None:
        for other in sorted(CONTENT.locations):
            if other != loc and _cylon_location(state, other):
                out += [{"location": other, **a} for a in _location_args(state, seat, other)]
    return out


def activate(ctx: Ctx, seat: int, option: int | None, target: int | None, card: str | None,
             location: str | None = None) -> None:
    """R263: the action of the Cylon location the revealed Cylon stands in; or, with Resolute, of ``location``
    (G197)."""
    state = ctx.state
    args = {k: v for k, v in (("location", location), ("option", option), ("target", target), ("card", card))
            if v is not None}
    if args not in location_options(state, seat):
        raise IllegalCommand("cylon_location_not_available", "bsg:R263", **args)
    loc = location or state["players"][seat]["location"]
    ctx.emit("location_activated", seat=seat, location=loc, target=target)
    _run(ctx, seat, list(_effects(loc, option) or ()), target, card, option, loc)


def _run(
    ctx: Ctx,
    seat: int,
    effects: list[Effect],
    target: int | None,
    card: str | None,
    option: int | None = None,
    location: str | None = None,
) -> None:
    """Carry out the effects in order; an effect that opens a decision or hands the turn on returns. Then the
    turn goes on: a revealed Cylon's ends, an infiltrated Leader's (Resolute, G197) goes on to its Crisis."""
    state = ctx.state
    loc = location or state["players"][seat]["location"]
    while effects and state["phase"] == "turn":
        e = effects.pop(0)
        if e.kind == "play_super_crisis":
            assert card is not None
            play_super_crisis(ctx, seat, card, "end" if state["players"][seat]["cylon"] else "crisis")
            return
        if e.kind == "choose_crisis":
            available = len(state["decks"]["crisis"]) + len(state["decks"]["crisis_discard"])
            cards = [draw_from(ctx, "crisis") for _ in range(min(int(e.get("draw")), available))]
            state["prompt"] = {"kind": "caprica_crisis", "seat": seat, "cards": cards}
            next_key(state)
            ctx.emit(
                "crises_drawn",
                visible_to=frozenset({seat}),
                redacted={"seat": seat, "count": len(cards)},
                seat=seat,
                count=len(cards),
                cards=cards,
            )
            return
        if e.kind == "activate_cylons" and not state["players"][seat]["cylon"]:
            activate_now(ctx, str(e.get("icon")))  # Resolute, infiltrated: at once, then her Crisis (G197)
            continue
        if e.kind == "activate_cylons":
            turns.resolve_icons(ctx, [e.get("icon")])
            return
        if e.kind == "look_hand":
            assert target is not None
            hand = sorted(state["players"][target]["hand"])
            if hand:
                state["prompt"] = {
                    "kind": "take_skill",
                    "seat": seat,
                    "target": target,
                    "cards": hand,
                    "location": loc,
                    "rest": len(effects),
                    "option": option,
                }
                next_key(state)
                ctx.emit("hand_looked_at", seat=seat, target=target)
                return
        elif e.kind == "draw_super_crisis":
            _swap_super_crisis(ctx, seat, card)
        elif e.kind == "basestar_launch":
            ships = {"raider": int(e.get("raiders")), "heavy_raider": int(e.get("heavy_raiders"))}
            if turns.launch_choice(state, ships):  # R003: which basestar launches first (RULINGS G221)
                state["prompt"] = {"kind": "launch_first", "seat": seat, "areas": turns.launch_choice(state, ships),
                                   "ships": ships, "location": loc, "option": option, "rest": len(effects),
                                   "target": target}
                next_key(state)
                return
            turns.launch_in_order(ctx, ships)
        else:
            apply_effect(ctx, e, loc, actor=seat, target=target)
    if state["phase"] == "turn":
        _resolute_ends_infiltration(ctx, seat, loc)
    turns.go_to(ctx, "crisis")  # a revealed Cylon's turn ends there (R232)


def _resolute_ends_infiltration(ctx: Ctx, seat: int, loc: str) -> None:
    """R803l (G197): an infiltrated Leader who activated Hub Destroyed by Resolute goes to the Cylon Fleet, a
    revealed Cylon again: his turn ends (R232)."""
    p = ctx.player(seat)
    effect = resolute(ctx.state, seat)
    if p["cylon"] or effect is None or loc != effect.get("ends_infiltration_at"):
        return
    loyalty.leave_the_human_side(ctx, seat)
    loyalty.leave_infiltration(ctx, seat)
    p["location"] = effect.get("moves_to")
    ctx.emit("character_moved", seat=seat, location=p["location"])


def take_skill(ctx: Ctx, seat: int, card: str) -> None:
    """Human Fleet: the Cylon takes the chosen card from the human's hand, then the rest of the action."""
    state = ctx.state
    prompt = state["prompt"]
    if card not in prompt["cards"]:
        raise IllegalCommand("card_not_in_hand", "bsg:R311")
    state["prompt"] = None
    next_key(state)
    target = prompt["target"]
    state["players"][target]["hand"].remove(card)
    ctx.player(seat)["hand"].append(card)
    ctx.emit(
        "skill_taken",
        visible_to=frozenset({seat}),
        redacted={"seat": seat, "target": target},
        seat=seat,
        target=target,
        card=card,
    )
    effects = _effects(prompt["location"], prompt["option"]) or ()
    _run(ctx, seat, list(effects[len(effects) - prompt["rest"] :]), target, None, prompt["option"], prompt["location"])


def _swap_super_crisis(ctx: Ctx, seat: int, card: str | None) -> None:
    """Resurrection Ship: a Super Crisis card if he holds none; or the one held discarded for another."""
    p = ctx.player(seat)
    if card is not None:
        p["super_crisis"].remove(card)
        ctx.state["decks"]["super_crisis_discard"].append(card)
        ctx.emit("super_crisis_discarded", seat=seat)
    loyalty.draw_super_crisis(ctx, seat)


def after_launch(ctx: Ctx, seat: int, prompt: dict[str, Any]) -> None:
    """After the active player's pick of the basestars that launch first (``turns.launch_first``, RULINGS G221),
    asked by the Cylon Fleet location's launch (``ships``) or by a Super Crisis's Launch Raiders icon (``card``):
    the rest of the location's text, or of the card, goes on."""
    if "ships" in prompt:
        effects = _effects(prompt["location"], prompt["option"]) or ()
        _run(ctx, seat, list(effects[len(effects) - prompt["rest"] :]), prompt["target"], None, prompt["option"],
             prompt["location"])
        return
    _super_crisis_text(ctx, seat, prompt["card"], int(prompt["index"]), prompt["then"])


# --- R309: Caprica's crises and the Super Crisis cards ----------------------------------------------------


def choose_caprica_crisis(ctx: Ctx, seat: int, card: str) -> None:
    """The chosen crisis is resolved as in the Crisis step; the other goes to the bottom of the deck. No Cylon
    ship activation follows, the jump icon does (R264; ``turns.go_to``)."""
    state = ctx.state
    prompt = state["prompt"]
    if card not in prompt["cards"]:
        raise IllegalCommand("bad_crisis", "bsg:R309", card=card)
    state["prompt"] = None
    next_key(state)
    rest = list(prompt["cards"])
    rest.remove(card)
    state["decks"]["crisis"][:0] = rest
    state["crisis"] = card
    crisis = CONTENT.crises[card]
    ctx.emit("crisis_drawn", seat=seat, card=card)
    if crisis.type == "skill_check":
        start_check(ctx, {"card": card, "option": None}, "activation")
    elif crisis.type == "choice":
        state["prompt"] = {
            "kind": "crisis_choice",
            "seat": turns.chooser_seat(state, crisis.chooser),
            "card": card,
        }
        next_key(state)
    else:
        apply_effects(ctx, crisis.effects, card, actor=seat)
        turns.go_to(ctx, "activation")


def play_super_crisis(ctx: Ctx, seat: int, card: str, then: str = "end") -> None:
    """R309, R404: the Super Crisis card from his hand, face up, resolved like a crisis (its check, or its
    text), then to the Super Crisis discards. Its activation icons are not resolved (R264, RULINGS G24). ``then``:
    the step after it (an infiltrated Leader's Crisis, played by Resolute, G197)."""
    state = ctx.state
    p = ctx.player(seat)
    p["super_crisis"].remove(card)
    state["decks"]["super_crisis_discard"].append(card)
    ctx.emit("super_crisis_played", seat=seat, card=card)
    crisis = CONTENT.super_crises[card]
    if crisis.type == "skill_check":
        start_check(ctx, {"card": card, "option": None}, then)
        return
    _super_crisis_text(ctx, seat, card, 0, then)


def _super_crisis_text(ctx: Ctx, seat: int, card: str, start: int, then: str) -> None:
    """A Super Crisis card's text from its effect ``start`` on; a Launch Raiders icon short of raiders asks the
    active player which basestar launches first and the text waits (R003, RULINGS G221)."""
    state = ctx.state
    effects = CONTENT.super_crises[card].effects
    for index in range(start, len(effects)):
        effect = effects[index]
        if state["phase"] != "turn":
            return
        if effect.kind == "activate_cylons" and effect.get("icon") == "launch_raiders" and turns.launch_choice(state):
            ctx.emit("cylon_icon_activated", icon="launch_raiders")
            state["prompt"] = {"kind": "launch_first", "seat": int(state["current"]),
                               "areas": turns.launch_choice(state), "card": card, "index": index + 1, "then": then}
            next_key(state)
            return
        if effect.kind == "activate_cylons":
            activate_now(ctx, str(effect.get("icon")))
        else:
            apply_effect(ctx, effect, card, actor=seat)
    turns.go_to(ctx, then)


def activate_now(ctx: Ctx, icon: str) -> None:
    """An activation icon a card's text calls for (RULINGS G24): as in the Cylon ship step, except that the
    raiders' areas act in the order of their numbers (nobody is asked)."""
    state = ctx.state
    if icon != "raiders" or not any(w["raider"] for w in state["space"].values()):
        turns.icon_effect(ctx, icon)
        return
    cylons.start_raiders(ctx, [])
    for area in cylons.areas_left(state):
        if state["phase"] == "turn":
            cylons.activate_area(ctx, area)
    state["activation"] = None
