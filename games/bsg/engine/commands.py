"""Who must act, what they may send, and dispatching a command to the module that owns its rule.

Command kinds and args:

- ``choose_character {character, area?}`` (R104; ``area``: Apollo's launch area, RULINGS C3)
- ``draw_starting_skills {types: [3 skills]}`` (R108)
- ``receive_skills {picks: [skills]}`` (R201; a pick per card whose type is the player's choice)
- ``move {location, discard?}``, ``move_viper {area}``, ``stay {}`` (R210-R214)
- ``pass_action {}`` (R220 F); ``activate_location {target?, pick?, area?}`` (R220 A; ``target``: the
  chosen character of a location's check, ``pick``: the skill type of an either-type draw, ``area``: the
  launch area of the Hangar Deck, whose ``pick`` names the space area of the unpiloted viper called back
  when the Reserves hold none, R622; the Armory's ``pick``, ``centurion.<space>``, the centurion it
  attacks, R308, RULINGS G214);
  ``move_anywhere {location}`` (the Brig's passed check)
- ``draw_crisis {}`` (R230); ``choose_option {option}`` (a choice crisis, R005)
- ``contribute {card}``, ``finish_contributing {}`` (R501 step 4)
- ``activate_cylons {}`` (R240); ``activate_area {area}`` (R602: the next area whose raiders act);
  ``launch_first {area}`` (R003, RULINGS G213: the area whose basestars launch first when raiders run short);
  ``board_first {area}`` (R003, RULINGS G220: the launch area whose heavy raiders board first when centurion
  tokens run short);
  ``prepare_jump {}`` (R250); ``choose_destination {card}`` (R704)
- ``discard_excess {card}`` (R008); ``place_stranded {location}`` (RULINGS C4)
- ``risk_raptor {risk: bool}`` (an optional raptor gamble, RULINGS C6)
- ``discard_forced {card}`` (a card's "discard N Skill cards"); ``choose_target {target}`` (a card's
  "the President / the current player chooses a character to send to the Brig"); ``give_title {target}`` (a
  card's "the Admiral gives the President title to a character of his choice", RULINGS G202)
- ``reveal_loyalty {card, target?}`` (R220 G; ``target``: the character the card's action aims at);
  ``choose_damage {card}`` (the damage token a revealer applies); ``give_loyalty {to}`` (R402f, R403)
- ``activate_cylon_location {option?, target?, card?, location?}`` (R263: a ``choose`` location's option, the
  human of the Human Fleet, the Super Crisis card played or swapped; ``location``: another Cylon location, by
  Athena's Resolute, R803j-l); ``choose_caprica_crisis {card}`` (R309);
  ``take_skill {card}`` (the Human Fleet's card)
- ``activate_viper {}`` (R220 D, R621), ``launch_nuke {area, target}`` (R618); while viper activations are
  due (``state["viper_acts"]``, vipers.py): ``viper_launch {to}``, ``viper_move {area, to}``,
  ``viper_attack {area, target}``, ``viper_escort {area}`` (Cylon Fleet: R620 4), ``viper_done {}`` (R620);
  ``mk7: true`` on ``viper_launch`` / ``viper_move``: a Viper Mark VII (R916), as on ``activate_location``'s
  Hangar Deck ``pick: "mk7"`` (``"mk7.<area>"``: the one called back from that area when both Reserves are
  empty, RULINGS G215);
  with the Cylon Fleet ``launch_nuke``'s target may be ``area`` (an area without a basestar, R618)
- ``play_quorum {card, target?, picks?}`` (R220 E, the President; also the President's Office's second
  part), ``quorum_draw {}`` (the office's other choice), ``bottom_quorum {card}`` (Roslin's Skilled Politician)
- ``play_skill {card, target?, pick?, picks?}`` (R220 B, skill_actions.py), ``use_ability {target?}`` (R220 C,
  characters.py), ``arrange_cards {order}`` (the cards a look leaves on top, looks.py); an Executive Order's
  player answers ``ordered_movement`` / ``ordered_action`` with the movement and action commands
- ``before_check {card?}`` (Daybreak, R507: before any card is added, a Reckless card making the check
  reckless, Restore Order forbidding it, or nothing)
- ``play_check_card {card, pick?}`` (a card played before a check, on one's turn to contribute; the
  Arbitrator's ``pick``: ``easier`` / ``harder``), ``after_check
  {card?, skill?}`` (the window after the reveal: Declare Emergency, Against the Odds, or nothing; R509)
- ``move_civilians {to: [area per ship]}`` (Communications: where each looked-at civilian ship goes)
- ``reveal_goal {card}`` (R411: a Personal Goal revealed as the action, Conflicted Loyalties)
- ``attack_occupation {card?}``, ``arrest_human {target}``, ``new_caprica_action {pick?}``, ``order_departure {}`` (New Caprica: R827-R835);
  ``evacuate_civilian {area}`` (R834: the launch-icon area the evacuated civilian ship goes to, RULINGS G118)
- ``place_civilian {area}`` (R915: the CAG places a civilian ship the pursuit track calls for)
- ``destroy_civilian {area}`` (R613, RULINGS G216: with every civilian ship on the board, the one an effect
  destroys, picked by the player resolving it)
- ``discard_quorum {card}`` (R008: the President over 10 Quorum cards at the end of a turn)
- ``ready_card {card}`` (Strategic Planning or Evasive Maneuvers readied ahead, from any seat at any time)
- ``infiltrate {location}`` (R803: a Cylon Leader in the Human Fleet, as his action),
  ``return_to_resurrection {}`` (R803h: an infiltrated Leader, as his action)
- ``choose_new_character {character, area?, pick?}`` (R452 D, R456: an executed human's new character;
  ``area``: Apollo's launch area while the Reserves hold a viper; ``pick``: ``mk7`` for a Viper Mark VII, R916)
- ``choose_look {target}`` (a card's "look at a Loyalty card of a player of your choice"; -1 when nobody
  holds one)
- ``damage_preference {ship}`` (R800, RULINGS G53: ``galactica`` or ``pegasus``, the ship that takes the
  damage tokens drawn in the seat's turns; from any seat at any time while the Pegasus is in play)
- ``arm_reroll {}`` (Zarek: reroll this turn's next failing roll made for the humans, an interrupt)
- ``cancel_crisis {}`` (Roslin's Religious Visions: an interrupt her seat may send while the Crisis card's
  check has no card in or its choice is open, whoever the game waits for)
- ``reveal_motive {card}`` (R804: a Cylon Leader's Motive card whose requirement holds, Daybreak; an
  interrupt, from his seat at any time)
- ``check_standing {mode}`` (answering skill checks in advance, an interrupt: ``pass_this_check``,
  ``pass_until_my_turn`` or ``off``; RULINGS G43)
- Daybreak (mutiny.py): ``play_mutiny {card}`` (a Mutiny card as the action, R1020), ``discard_mutiny {card}``
  (in the Brig over the Mutiny limit, R1020, R1027), ``pass_mutineer {to}`` (R1028), ``mutineer_draw {target}``
  (R405), ``give_miracle {to}`` (R1010), ``assault_raptors_stay {areas}`` (the unpiloted Assault Raptors
  kept in space at a jump, R623), ``pilot_stays {stay}`` (an Assault Raptor's pilot at a jump, R623);
  ``activate_location`` on the Hangar Deck takes ``pick: "assault_raptor"`` (R623); ``viper_launch``, ``viper_move`` and ``viper_attack`` take ``ship:
  "assault_raptor"`` for an Assault Raptor (R1030)
- Daybreak's Earth objective: ``activate_location`` on the Demetrius Bridge turns up a Mission (R1053), on the
  Raider Bay takes ``area`` (R316); ``apollo_bay_viper {area}`` (the original Apollo's interrupt, R1066)
- the Ionian Nebula (ionian.py, crossroads.py): ``meet_ally {card}`` (R215: which ally, with several),
  ``choose_replacer {target}`` (R947: the tied Cylon who replaces a removed ally), ``seed_ally {token}`` (R945-3: the kind of one's own token put on a new Ally card), ``commit_trauma {token}``
  (R964), ``crossroads_choose {result}`` (R964: no token played), ``trial_eliminate {target}`` (R970-5)
- automatic (seat AUTO_SEAT): ``reveal_check {}`` (R501 steps 5-8), ``crossroads_step {}`` (R985: the
  Crossroads phase's system steps)
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from games.bsg.engine import (
    actions,
    characters,
    check_cards,
    checks,
    conflicted,
    crossroads,
    cylon_fleet,
    cylons,
    daybreak,
    dice,
    effects,
    executions,
    ionian,
    leaders,
    looks,
    loyalty,
    motives,
    mutiny,
    new_caprica,
    occupation,
    quorum,
    quorum_hand,
    rebel_basestar,
    reckless,
    revealed,
    setup,
    standing,
    turns,
    vipers,
)
from games.bsg.engine.state import CONTENT, Ctx, State
from games.engine.core import AUTO_SEAT, Command, Decision, IllegalCommand

AUTO_KINDS = ("reveal_check", "crossroads_step")
STEP_PROMPTS = {"receive": "receive_skills", "move": "movement", "action": "action", "crisis": "draw_crisis",
                "activation": "activate_cylon_ships", "jump": "jump_preparation"}
PROMPT_IDS = {"crisis_choice": "choose_crisis_option", "destination": "choose_destination",
              "place_stranded": "place_stranded", "move_anywhere": "move_anywhere",
              "choose_target": "choose_character_to_send", "risk_raptor": "risk_raptor",
              "title_target": "choose_title_holder",
              "choose_damage": "choose_damage_token", "caprica_crisis": "choose_caprica_crisis",
              "take_skill": "take_skill_card",
              "quorum_office": "presidents_office_choice", "quorum_bottom": "put_quorum_card_at_bottom",
              "arrange": "arrange_cards", "move_civilians": "move_civilian_ships",
              "quorum_limit": "discard_quorum_to_hand_limit", "look_target": "choose_loyalty_to_look_at",
              "new_character": "choose_new_character", "evacuate": "choose_evacuation_area",
              "choose_ally": "choose_ally", "seed_ally": "seed_ally_token",
              "choose_replacer": "choose_ally_replacer",  # the Ionian Nebula (R215, R945)
              "launch_first": "choose_basestar_to_launch_first",  # R003 (RULINGS G213)
              "board_first": "choose_heavy_raiders_to_board_first"}  # R003 (RULINGS G220)


def pending(state: State) -> list[Decision]:
    phase = state["phase"]
    key = f"t{state['turn_no']}.{phase}.{state['step']}.{state['dseq']}"
    if phase == "over":
        return []
    if phase == "characters":
        return [Decision(key=key, seats=frozenset({state["chooser"]}), prompt="choose_character",
                         params={"available": setup.available_characters(state)})]
    if phase == "starting_skills":
        waiting = [p["seat"] for p in state["players"] if not p["started"]]
        return [Decision(key=key, seats=frozenset(waiting), prompt="draw_starting_skills")]
    if state["forced"]:
        return [Decision(key=key, seats=frozenset(int(s) for s in state["forced"]), prompt="discard_skill_cards",
                         params={"counts": dict(state["forced"])})]
    if state["discards"]:
        return [Decision(key=key, seats=frozenset(state["discards"]), prompt="discard_to_hand_limit")]
    if state["give_away"]:
        return [Decision(key=key, seats=frozenset({state["give_away"][0]}), prompt="give_loyalty_cards",
                         params={"seat": state["give_away"][0]})]
    doomed = state.get("civilian_pick")
    if doomed is not None:  # R613 (RULINGS G216): the civilian ship destroyed, once the card's text is done
        return [Decision(key=key, seats=frozenset({int(doomed["seat"])}), prompt="choose_civilian_to_destroy",
                         params={"seat": int(doomed["seat"]), "left": int(doomed["left"])})]
    due_civilians = cylon_fleet.civilians_due(state)
    if due_civilians is not None:  # R915: the CAG (whoever holds the title now) places the pursuit's civilians
        return [Decision(key=key, seats=frozenset({due_civilians["seat"]}), prompt="place_civilian",
                         params=dict(due_civilians))]
    due = mutiny.decision(state)  # Daybreak: Mutiny cards, the Mutineer, Miracle tokens
    if due is not None:
        return [Decision(key=key, seats=frozenset({due[0]}), prompt=due[1], params={"seat": due[0]})]
    before = reckless.window_seat(state) if state["check"] is not None else None
    if before is not None:  # R507: before any card is added to the check
        return [Decision(key=key, seats=frozenset({before}), prompt="reckless_window", params={"seat": before})]
    if state["check"] is not None:
        seat = checks.waiting_for(state)
        window = check_cards.window_seat(state)
        if seat is None and window is not None:
            return [Decision(key=key, seats=frozenset({window}), prompt="after_check_window",
                             params={"seat": window})]
        if seat is None:
            return [Decision(key=key, seats=frozenset(), prompt="reveal_check", automatic=True)]
        return [Decision(key=key, seats=frozenset({seat}), prompt="contribute_to_check",
                         params={"seat": seat, **state["check"]["source"]})]
    if state["activation"] is not None:
        return [Decision(key=key, seats=frozenset({state["current"]}), prompt="activate_area",
                         params={"areas": cylons.areas_left(state)})]
    if state.get("viper_acts") is not None:
        acts = state["viper_acts"]
        return [Decision(key=key, seats=frozenset({acts["seat"]}), prompt="activate_vipers",
                         params={"seat": acts["seat"], "left": acts["left"], "mode": acts["mode"]})]
    if state["prompt"] is not None:
        pr = state["prompt"]
        return [Decision(key=key, seats=frozenset({pr["seat"]}), prompt=PROMPT_IDS[pr["kind"]],
                         params={"seat": pr["seat"]})]
    due_cr = crossroads.decision(state)  # the Ionian Nebula's Crossroads phase (R960-R985)
    if due_cr is not None:
        return [Decision(key=key, seats=frozenset(due_cr[1]), prompt=due_cr[0], params=due_cr[2],
                         automatic=not due_cr[1])]
    if state.get("ordered") is not None:  # an Executive Order (skill_actions.py)
        order = state["ordered"]
        return [Decision(key=key, seats=frozenset({order["seat"]}),
                         prompt="ordered_movement" if order["move"] else "ordered_action",
                         params={"seat": order["seat"], "left": order["left"]})]
    return [Decision(key=key, seats=frozenset({state["current"]}), prompt=STEP_PROMPTS[state["step"]],
                     params={"seat": state["current"]})]


def auto_command(state: State) -> Command | None:
    due_cr = crossroads.decision(state)
    if due_cr is not None and not due_cr[1] and state["phase"] == "turn" and not state["discards"] \
            and not state["forced"] and state["prompt"] is None and state["check"] is None \
            and not state["give_away"] and not state.get("executions"):
        return Command(AUTO_SEAT, "crossroads_step", {})
    if state["phase"] == "turn" and not state["discards"] and not state["forced"] and state["check"] is not None \
            and checks.waiting_for(state) is None and not state["check"].get("window") \
            and not state["check"].get("before"):
        return Command(AUTO_SEAT, "reveal_check", {})
    return None


def away_command(state: State, seat: int) -> Command | None:
    """What the site answers for a seat whose player is away (RULINGS G45): nothing more to the skill check
    under way (``finish_contributing``: the cards it already put in stay, none usually) and, after the
    reveal, let the total stand (``after_check`` without a card). Nothing else is answered in absence."""
    decision = next((d for d in pending(state) if seat in d.seats), None)
    if decision is None or state["phase"] != "turn":
        return None
    if decision.prompt == "contribute_to_check":
        return _c(seat, "finish_contributing")
    if decision.prompt == "after_check_window":
        return _c(seat, "after_check")
    if decision.prompt == "reckless_window":
        return _c(seat, "before_check")
    return None


def _c(seat: int, kind: str, **args: Any) -> Command:
    return Command(seat, kind, args)


def interrupts(state: State, seat: int) -> list[Command]:
    """Commands a seat may send whoever the game waits for (characters.interrupts); not legal commands."""
    return [Command(seat, str(i["kind"]), {k: v for k, v in i.items() if k != "kind"})
            for i in characters.interrupts(state, seat) + rebel_basestar.interrupts(state, seat)]


def legal_commands(state: State, seat: int) -> list[Command]:
    decision = next((d for d in pending(state) if seat in d.seats), None)
    if decision is None:
        return []
    p = state["players"][seat]
    hand = sorted(set(p["hand"]))
    prompt = decision.prompt
    if prompt == "choose_character":
        out = []
        for character in setup.available_characters(state):
            if CONTENT.characters[character].start == "viper":
                out += [_c(seat, "choose_character", character=character, area=a)
                        for a in CONTENT.board.launch_areas()]
            else:
                out.append(_c(seat, "choose_character", character=character))
        return out
    if prompt == "draw_starting_skills":
        own = CONTENT.characters[p["character"]].skill_types
        return [_c(seat, "draw_starting_skills", types=list(t))
                for t in combinations_with_replacement(own, setup.starting_count(state, seat))]
    if prompt == "discard_to_hand_limit":
        return [_c(seat, "discard_excess", card=card) for card in hand]
    if prompt == "choose_civilian_to_destroy":  # R613 (RULINGS G216)
        return [_c(seat, "destroy_civilian", area=a) for a in effects.civilian_pick_areas(state)]
    if prompt == "place_civilian":
        return [_c(seat, "place_civilian", area=a) for a in cylon_fleet.civilian_areas(state)]
    if prompt == "risk_raptor":
        return [_c(seat, "risk_raptor", risk=True), _c(seat, "risk_raptor", risk=False)]
    if prompt == "activate_area":
        return [_c(seat, "activate_area", area=a) for a in cylons.areas_left(state)]
    if prompt == "choose_basestar_to_launch_first":  # R003 (RULINGS G213)
        return [_c(seat, "launch_first", area=a) for a in state["prompt"]["areas"]]
    if prompt == "choose_heavy_raiders_to_board_first":  # R003 (RULINGS G220)
        return [_c(seat, "board_first", area=a) for a in state["prompt"]["areas"]]
    if prompt == "discard_skill_cards":
        return [_c(seat, "discard_forced", card=card) for card in hand]
    if prompt == "choose_character_to_send":
        return [_c(seat, "choose_target", target=s) for s in turns.send_targets(state)]
    if prompt == "choose_title_holder":
        return [_c(seat, "give_title", target=s) for s in turns.title_targets(state)]
    if prompt == "contribute_to_check":
        out = [_c(seat, "finish_contributing")]
        limit = checks.contribution_limit(state, seat)
        if limit is None or len(state["check"]["played"][str(seat)]) < limit:
            out += [_c(seat, "contribute", card=card) for card in hand]
        out += [_c(seat, "play_check_card", **args) for args in check_cards.before_options(state, seat)]
        return out
    if prompt == "after_check_window":
        return [_c(seat, "after_check")] + [_c(seat, "after_check", **a)
                                            for a in check_cards.window_options(state, seat)]
    if prompt == "reckless_window":
        return [_c(seat, "before_check")] + [_c(seat, "before_check", **a)
                                             for a in reckless.window_options(state, seat)]
    if prompt == "choose_crisis_option":
        crisis = CONTENT.crises[state["prompt"]["card"]]
        return [_c(seat, "choose_option", option=i) for i in range(len(crisis.options))]
    if prompt == "choose_destination":
        return [_c(seat, "choose_destination", card=card) for card in sorted(set(state["prompt"]["cards"]))]
    if prompt == "place_stranded":
        return [_c(seat, "place_stranded", location=loc) for loc in turns.stranded_targets()]
    if prompt == "receive_skills":
        return [_c(seat, "receive_skills", picks=picks) for picks in turns.receive_choices(state, seat)]
    if prompt == "choose_loyalty_to_look_at":
        return [_c(seat, "choose_look", target=t) for t in looks.look_targets(state, seat)] or [
            _c(seat, "choose_look", target=-1)]
    if prompt == "discard_quorum_to_hand_limit":
        return [_c(seat, "discard_quorum", card=card) for card in sorted(set(p["quorum"]))]
    if prompt == "move_civilian_ships":
        return [_c(seat, "move_civilians", to=to) for to in looks.civilian_moves(state)]
    if prompt == "arrange_cards":
        return [_c(seat, "arrange_cards", order=order) for order in looks.arrangements(state)]
    if prompt == "choose_evacuation_area":  # R834, RULINGS G118
        return [_c(seat, "evacuate_civilian", area=a) for a in new_caprica.evacuation_areas()]
    if prompt in ("movement", "ordered_movement"):
        out = [_c(seat, "stay")]
        out += [_c(seat, "move_viper", area=a) for a in turns.viper_targets(state, seat)]
        for loc, change in turns.move_targets(state, seat):
            if change:
                out += [_c(seat, "move", location=loc, discard=card) for card in hand]
            else:
                out.append(_c(seat, "move", location=loc))
        return out
    if prompt in ("action", "ordered_action"):
        return [_c(seat, "pass_action")] + [_c(seat, "activate_location", **args)
                                            for args in turns.location_options(state, seat)] + [
            _c(seat, kind, **args) for kind, args in actions.options(state, seat)] + (
            [_c(seat, "play_mutiny", **args) for args in mutiny.play_options(state, seat)]
            + [_c(seat, "reveal_loyalty", **args) for args in revealed.reveal_options(state, seat)]
            + [_c(seat, "activate_cylon_location", **args) for args in revealed.location_options(state, seat)]
            + [_c(seat, "infiltrate", location=loc) for loc in leaders.infiltrate_targets(state, seat)]
            + [_c(seat, "return_to_resurrection") for _ in leaders.return_options(state, seat)]
            + [_c(seat, kind, **args) for kind, args in occupation.options(state, seat)]
            if prompt == "action" else [])  # a reveal ends one's own turn: not in an Executive Order
    if prompt in ("keep_mutiny_cards", "pass_mutineer_card", "name_mutineer_draw", "give_miracle_token",
                  "keep_assault_raptors", "assault_raptor_pilot_at_jump"):
        return [_c(seat, kind, **args) for kind, args in mutiny.legal(state, seat, prompt)]
    if prompt == "give_loyalty_cards":
        return [_c(seat, "give_loyalty", to=s) for s in loyalty.give_targets(state, seat)]
    if prompt in ("choose_damage_token", "choose_caprica_crisis", "take_skill_card"):
        kind = {"choose_damage_token": "choose_damage", "choose_caprica_crisis": "choose_caprica_crisis",
                "take_skill_card": "take_skill"}[prompt]
        return [_c(seat, kind, card=card) for card in sorted(set(state["prompt"]["cards"]))]
    if prompt == "activate_vipers":
        return [_c(seat, "viper_done")] + [_c(seat, kind, **args) for kind, args in vipers.options(state, seat)]
    if prompt == "presidents_office_choice":
        return [_c(seat, "quorum_draw")] + [_c(seat, "play_quorum", **a) for a in quorum.play_options(state, seat)]
    if prompt == "put_quorum_card_at_bottom":
        return [_c(seat, "bottom_quorum", card=card) for card in sorted(set(state["prompt"]["cards"]))]
    if prompt == "move_anywhere":
        return [_c(seat, "move_anywhere", location=loc) for loc in turns.move_anywhere_targets(state, seat)]
    if prompt == "choose_ally":
        return [_c(seat, "meet_ally", card=card) for card in state["prompt"]["allies"]]
    if prompt == "choose_ally_replacer":
        return [_c(seat, "choose_replacer", target=t) for t in state["prompt"]["cylons"]]
    if prompt == "seed_ally_token":
        return [_c(seat, "seed_ally", token=t) for t in ionian.seed_options(state, seat)]
    if prompt in ("crossroads_commit", "crossroads_choose_result", "trial_choose_human"):
        return [_c(seat, kind, **args) for kind, args in crossroads.legal(state, seat)]
    if prompt == "choose_new_character":
        return [_c(seat, "choose_new_character", **a) for a in executions.replacement_options(state, seat)]
    if prompt == "draw_crisis":
        return [_c(seat, "draw_crisis")]
    if prompt == "activate_cylon_ships":
        return [_c(seat, "activate_cylons")]
    if prompt == "jump_preparation":
        return [_c(seat, "prepare_jump")]
    return []


# --- dispatch ------------------------------------------------------------------------------------

def _arg(command: Command, name: str, kind: type = str) -> Any:
    value = command.args.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise IllegalCommand("bad_argument", "", argument=name)
    return value


def _opt(command: Command, name: str) -> str | None:
    return None if command.args.get(name) is None else _arg(command, name)


def _flag(command: Command, name: str) -> bool:
    value = command.args.get(name)
    if not isinstance(value, bool):
        raise IllegalCommand("bad_argument", "", argument=name)
    return value


def _opt_flag(command: Command, name: str) -> bool:
    return False if command.args.get(name) is None else _flag(command, name)


def _opt_int(command: Command, name: str) -> int | None:
    return None if command.args.get(name) is None else int(_arg(command, name, int))


def _strings(command: Command, name: str) -> list[str]:
    value = command.args.get(name)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IllegalCommand("bad_argument", "", argument=name)
    return list(value)


def _need(state: State, seat: int, prompt: str | tuple[str, ...], rule: str) -> None:
    decision = next((d for d in pending(state) if seat in d.seats), None)
    if decision is None or decision.prompt not in ((prompt,) if isinstance(prompt, str) else prompt):
        raise IllegalCommand("not_now", rule)


ACTION = ("action", "ordered_action")


def _skill_args(command: Command) -> dict[str, Any]:
    args: dict[str, Any] = {"card": _arg(command, "card")}
    for name, value in (("target", _opt_int(command, "target")), ("pick", _opt(command, "pick")),
                        ("picks", _opt_strings(command, "picks"))):
        if value is not None:
            args[name] = value
    return args


def _opt_strings(command: Command, name: str) -> list[str] | None:
    return None if command.args.get(name) is None else _strings(command, name)


HANDLERS: dict[str, tuple[str | tuple[str, ...], str, Callable[[Ctx, Command], None]]] = {
    "choose_character": ("choose_character", "bsg:R104", lambda ctx, c: setup.choose_character(
        ctx, c.seat, _arg(c, "character"), _opt(c, "area"))),
    "draw_starting_skills": ("draw_starting_skills", "bsg:R108", lambda ctx, c: setup.draw_starting_skills(
        ctx, c.seat, _strings(c, "types"))),
    "receive_skills": ("receive_skills", "bsg:R201", lambda ctx, c: turns.receive_skills(
        ctx, c.seat, _strings(c, "picks"))),
    "move": (("movement", "ordered_movement"), "bsg:R210", lambda ctx, c: turns.move(ctx, c.seat, _arg(c, "location"),
                                                               _opt(c, "discard"))),
    "move_viper": (("movement", "ordered_movement"), "bsg:R213", lambda ctx, c: turns.move_viper(ctx, c.seat, _arg(c, "area"))),
    "stay": (("movement", "ordered_movement"), "bsg:R210", lambda ctx, c: turns.stay(ctx, c.seat)),
    "pass_action": (ACTION, "bsg:R220", lambda ctx, c: turns.pass_action(ctx, c.seat)),
    "activate_location": (ACTION, "bsg:R220", lambda ctx, c: turns.activate_location(
        ctx, c.seat, _opt_int(c, "target"), _opt(c, "pick"), _opt(c, "area"))),
    "move_anywhere": ("move_anywhere", "bsg:R306", lambda ctx, c: turns.move_anywhere(
        ctx, c.seat, _arg(c, "location"))),
    "draw_crisis": ("draw_crisis", "bsg:R230", lambda ctx, c: turns.draw_crisis(ctx, c.seat)),
    "choose_option": ("choose_crisis_option", "bsg:R005", lambda ctx, c: turns.choose_option(
        ctx, c.seat, _arg(c, "option", int))),
    "contribute": ("contribute_to_check", "bsg:R501", lambda ctx, c: checks.contribute(
        ctx, c.seat, _arg(c, "card"))),
    "finish_contributing": ("contribute_to_check", "bsg:R501",
                            lambda ctx, c: checks.finish_contributing(ctx, c.seat)),
    "activate_cylons": ("activate_cylon_ships", "bsg:R240", lambda ctx, c: turns.activate_cylons(ctx, c.seat)),
    "risk_raptor": ("risk_raptor", "bsg:R624", lambda ctx, c: turns.risk_raptor(ctx, c.seat, _flag(c, "risk"))),
    "activate_area": ("activate_area", "bsg:R602", lambda ctx, c: turns.activate_area(
        ctx, c.seat, _arg(c, "area"))),
    "launch_first": ("choose_basestar_to_launch_first", "bsg:R003", lambda ctx, c: _launch_first(
        ctx, c.seat, _arg(c, "area"))),
    "board_first": ("choose_heavy_raiders_to_board_first", "bsg:R003", lambda ctx, c: turns.board_first(
        ctx, c.seat, _arg(c, "area"))),
    "prepare_jump": ("jump_preparation", "bsg:R250", lambda ctx, c: turns.prepare_jump(ctx, c.seat)),
    "choose_destination": ("choose_destination", "bsg:R704", lambda ctx, c: turns.choose_destination(
        ctx, c.seat, _arg(c, "card"))),
    "discard_excess": ("discard_to_hand_limit", "bsg:R008", lambda ctx, c: turns.discard_excess(
        ctx, c.seat, _arg(c, "card"))),
    "discard_forced": ("discard_skill_cards", "bsg:R260", lambda ctx, c: turns.discard_forced(
        ctx, c.seat, _arg(c, "card"))),
    "choose_target": ("choose_character_to_send", "bsg:R436", lambda ctx, c: turns.choose_target(
        ctx, c.seat, _arg(c, "target", int))),
    "give_title": ("choose_title_holder", "bsg:R422", lambda ctx, c: turns.give_title(
        ctx, c.seat, _arg(c, "target", int))),
    "place_stranded": ("place_stranded", "bsg:R456", lambda ctx, c: turns.place_stranded(
        ctx, c.seat, _arg(c, "location"))),
    "reveal_loyalty": ("action", "bsg:R220", lambda ctx, c: revealed.reveal(
        ctx, c.seat, _arg(c, "card"), _opt_int(c, "target"))),
    "choose_damage": ("choose_damage_token", "bsg:R402", lambda ctx, c: revealed.choose_damage(
        ctx, c.seat, _arg(c, "card"))),
    "give_loyalty": ("give_loyalty_cards", "bsg:R403", lambda ctx, c: revealed.give_loyalty(
        ctx, c.seat, _arg(c, "to", int))),
    "activate_cylon_location": ("action", "bsg:R263", lambda ctx, c: revealed.activate(
        ctx, c.seat, _opt_int(c, "option"), _opt_int(c, "target"), _opt(c, "card"), _opt(c, "location"))),
    "choose_caprica_crisis": ("choose_caprica_crisis", "bsg:R309", lambda ctx, c: revealed.choose_caprica_crisis(
        ctx, c.seat, _arg(c, "card"))),
    "take_skill": ("take_skill_card", "bsg:R311", lambda ctx, c: revealed.take_skill(ctx, c.seat, _arg(c, "card"))),
    "activate_viper": (ACTION, "bsg:R621", lambda ctx, c: actions.activate_viper(ctx, c.seat)),
    "attack_occupation": ("action", "bsg:R829", lambda ctx, c: occupation.attack(ctx, c.seat, _opt(c, "card"))),
    "arrest_human": ("action", "bsg:R830", lambda ctx, c: occupation.arrest(ctx, c.seat, _arg(c, "target", int))),
    "new_caprica_action": ("action", "bsg:R827", lambda ctx, c: occupation.act(ctx, c.seat, _opt(c, "pick"))),
    "order_departure": ("action", "bsg:R835", lambda ctx, c: occupation.depart(ctx, c.seat)),
    "reveal_goal": (ACTION, "bsg:R411", lambda ctx, c: actions.reveal_goal(ctx, c.seat, _arg(c, "card"))),
    "launch_nuke": (ACTION, "bsg:R618", lambda ctx, c: actions.launch_nuke(
        ctx, c.seat, _arg(c, "area"), _arg(c, "target"))),
    "viper_launch": ("activate_vipers", "bsg:R620", lambda ctx, c: vipers.launch(
        ctx, c.seat, _arg(c, "to"), _opt_flag(c, "mk7"), _opt(c, "ship"))),
    "viper_move": ("activate_vipers", "bsg:R620", lambda ctx, c: vipers.move(
        ctx, c.seat, _arg(c, "area"), _arg(c, "to"), _opt_flag(c, "mk7"), _opt(c, "ship"))),
    "viper_attack": ("activate_vipers", "bsg:R620", lambda ctx, c: vipers.attack(
        ctx, c.seat, _arg(c, "area"), _arg(c, "target"), _opt(c, "ship"))),
    "viper_escort": ("activate_vipers", "bsg:R620", lambda ctx, c: vipers.escort(ctx, c.seat, _arg(c, "area"))),
    "viper_done": ("activate_vipers", "bsg:R620", lambda ctx, c: vipers.done(ctx, c.seat)),
    "play_quorum": ((*ACTION, "presidents_office_choice"), "bsg:R420", lambda ctx, c: actions.play_quorum(
        ctx, c.seat, _arg(c, "card"), _opt_int(c, "target"), _opt_strings(c, "picks"))),
    "quorum_draw": ("presidents_office_choice", "bsg:R420", lambda ctx, c: quorum_hand.office_draw(ctx, c.seat)),
    "bottom_quorum": ("put_quorum_card_at_bottom", "bsg:R420", lambda ctx, c: quorum_hand.bottom(
        ctx, c.seat, _arg(c, "card"))),
    "play_skill": (ACTION, "bsg:R220", lambda ctx, c: actions.play_skill(ctx, c.seat, _skill_args(c))),
    "use_ability": (ACTION, "bsg:R220", lambda ctx, c: actions.use_ability(
        ctx, c.seat, _opt_int(c, "target"), _opt(c, "ability"))),
    "play_check_card": ("contribute_to_check", "bsg:R509", lambda ctx, c: check_cards.play_before(
        ctx, c.seat, _arg(c, "card"), _opt(c, "pick"))),
    "after_check": ("after_check_window", "bsg:R509", lambda ctx, c: _after_check(
        ctx, c.seat, _opt(c, "card"), _opt(c, "skill"))),
    "before_check": ("reckless_window", "bsg:R507", lambda ctx, c: reckless.answer(ctx, c.seat, _opt(c, "card"))),
    "choose_look": ("choose_loyalty_to_look_at", "bsg:R401", lambda ctx, c: _choose_look(
        ctx, c.seat, _arg(c, "target", int))),
    "discard_quorum": ("discard_quorum_to_hand_limit", "bsg:R008", lambda ctx, c: _discard_quorum(
        ctx, c.seat, _arg(c, "card"))),
    "move_civilians": ("move_civilian_ships", "bsg:R220", lambda ctx, c: looks.move_civilians(
        ctx, c.seat, _strings(c, "to"))),
    "arrange_cards": ("arrange_cards", "bsg:R221", lambda ctx, c: _arrange(ctx, c.seat, _strings(c, "order"))),
    "evacuate_civilian": ("choose_evacuation_area", "bsg:R834", lambda ctx, c: _evacuate(
        ctx, c.seat, _arg(c, "area"))),
    "place_civilian": ("place_civilian", "bsg:R915", lambda ctx, c: _place_civilian(ctx, c.seat, _arg(c, "area"))),
    "destroy_civilian": ("choose_civilian_to_destroy", "bsg:R613", lambda ctx, c: _destroy_civilian(
        ctx, c.seat, _arg(c, "area"))),
    "infiltrate": ("action", "bsg:R803", lambda ctx, c: leaders.infiltrate(ctx, c.seat, _arg(c, "location"))),
    "return_to_resurrection": ("action", "bsg:R803", lambda ctx, c: leaders.return_to_resurrection(ctx, c.seat)),
    "choose_new_character": ("choose_new_character", "bsg:R452", lambda ctx, c: executions.choose_new_character(
        ctx, c.seat, _arg(c, "character"), _opt(c, "area"), _opt(c, "pick"))),
    # Exodus's Ionian Nebula (ionian.py, crossroads.py)
    "meet_ally": ("choose_ally", "bsg:R215", lambda ctx, c: ionian.choose_ally(ctx, c.seat, _arg(c, "card"))),
    "seed_ally": ("seed_ally_token", "bsg:R945", lambda ctx, c: _seed_ally(ctx, c.seat, _arg(c, "token"))),
    "choose_replacer": ("choose_ally_replacer", "bsg:R947", lambda ctx, c: ionian.choose_replacer(
        ctx, c.seat, _arg(c, "target", int))),
    "commit_trauma": ("crossroads_commit", "bsg:R964", lambda ctx, c: crossroads.commit(
        ctx, c.seat, _arg(c, "token"))),
    "crossroads_choose": ("crossroads_choose_result", "bsg:R964", lambda ctx, c: crossroads.choose(
        ctx, c.seat, _arg(c, "result"))),
    "trial_eliminate": ("trial_choose_human", "bsg:R970", lambda ctx, c: crossroads.trial_choice(
        ctx, c.seat, _arg(c, "target", int))),
    # Daybreak (mutiny.py)
    "play_mutiny": ("action", "bsg:R1020", lambda ctx, c: _play_mutiny(ctx, c.seat, _arg(c, "card"))),
    "discard_mutiny": ("keep_mutiny_cards", "bsg:R1020", lambda ctx, c: mutiny.discard(
        ctx, c.seat, _arg(c, "card"))),
    "pass_mutineer": ("pass_mutineer_card", "bsg:R1028", lambda ctx, c: mutiny.pass_mutineer(
        ctx, c.seat, _arg(c, "to", int))),
    "mutineer_draw": ("name_mutineer_draw", "bsg:R405", lambda ctx, c: mutiny.mutineer_draw(
        ctx, c.seat, _arg(c, "target", int))),
    "give_miracle": ("give_miracle_token", "bsg:R1010", lambda ctx, c: mutiny.give_miracle(
        ctx, c.seat, _arg(c, "to", int))),
    "assault_raptors_stay": ("keep_assault_raptors", "bsg:R623", lambda ctx, c: mutiny.raptors_stay(
        ctx, c.seat, _strings(c, "areas"))),
    "pilot_stays": ("assault_raptor_pilot_at_jump", "bsg:R623", lambda ctx, c: mutiny.pilot_stays(
        ctx, c.seat, _flag(c, "stay"))),
}


def _play_mutiny(ctx: Ctx, seat: int, card: str) -> None:
    """A Mutiny card as the action (RULINGS G92); the turn goes on with the Crisis."""
    mutiny.play(ctx, seat, card)
    turns.go_to(ctx, "crisis")


def _reveal_check(ctx: Ctx) -> None:
    then = ctx.state["check"]["then"]
    checks.reveal(ctx)
    if ctx.state["check"] is None:  # no after-reveal window: the result is applied
        turns.go_to(ctx, then)


def _arrange(ctx: Ctx, seat: int, order: list[str]) -> None:
    """The cards a look leaves on top; a revealed Cylon's turn (a Leader's sheet, R802d) ended meanwhile."""
    looks.arrange(ctx, seat, order)
    if ctx.state["step"] == "end":
        turns.finish_turn(ctx)


def _evacuate(ctx: Ctx, seat: int, area: str) -> None:
    """The evacuated civilian ship's area (R834, RULINGS G118), chosen in Jump Preparation: the turn ends."""
    new_caprica.evacuate_to(ctx, seat, area)
    turns.go_to(ctx, "end")


def _launch_first(ctx: Ctx, seat: int, area: str) -> None:
    """R003: the crisis icon's launch (RULINGS G213), or the Cylon Fleet location's or a Super Crisis's (G221)."""
    prompt = turns.launch_first(ctx, seat, area)
    if "ships" in prompt or "card" in prompt:
        revealed.after_launch(ctx, seat, prompt)


def _destroy_civilian(ctx: Ctx, seat: int, area: str) -> None:
    effects.destroy_civilian_in(ctx, seat, area)
    if ctx.state["step"] == "end":
        turns.finish_turn(ctx)


def _place_civilian(ctx: Ctx, seat: int, area: str) -> None:
    cylon_fleet.place_civilian(ctx, seat, area)
    if ctx.state["step"] == "end":
        turns.finish_turn(ctx)


def _choose_look(ctx: Ctx, seat: int, target: int) -> None:
    if target == -1 and not looks.look_targets(ctx.state, seat):  # nobody holds a face-down card
        ctx.state["prompt"] = None
    else:
        looks.choose_look(ctx, seat, target)
    if ctx.state["step"] == "end":
        turns.finish_turn(ctx)


def _seed_ally(ctx: Ctx, seat: int, token: str) -> None:
    """R945-3: a trauma token put on a new Ally card; a turn that ended meanwhile goes on to the next."""
    ionian.seed(ctx, seat, token)
    if ctx.state["step"] == "end":
        turns.finish_turn(ctx)


def _discard_quorum(ctx: Ctx, seat: int, card: str) -> None:
    quorum_hand.discard(ctx, seat, card)
    if ctx.state["step"] == "end":
        turns.finish_turn(ctx)


def _after_check(ctx: Ctx, seat: int, card: str | None, skill: str | None) -> None:
    """An answer in the after-reveal window; the last one applies the result (check_cards.py)."""
    check_cards.answer(ctx, seat, card, skill)
    check = ctx.state["check"]
    if not check["window"]["queue"]:
        then = check["then"]
        checks.resolve(ctx)
        turns.go_to(ctx, then)


def dispatch(ctx: Ctx, command: Command) -> None:
    state = ctx.state
    if state["phase"] == "over":
        raise IllegalCommand("game_over", "")
    if command.seat == AUTO_SEAT:
        due = auto_command(state)
        if command.kind not in AUTO_KINDS or due is None or due.kind != command.kind:
            raise IllegalCommand("no_automatic_step_due", "")
        if command.kind == "crossroads_step":
            crossroads.step(ctx)
        else:
            _reveal_check(ctx)
        _after(ctx)
        return
    if command.kind in AUTO_KINDS:
        raise IllegalCommand("automatic_step_only", "")
    if command.kind == "cancel_crisis":  # an interrupt, not an answer to the pending decision
        turns.cancel_crisis(ctx, command.seat)
        _after(ctx)
        return
    if command.kind == "apollo_bay_viper":  # R1066: the original Apollo interrupts a Raider Bay's activations
        rebel_basestar.apollo_takes_viper(ctx, command.seat, _arg(command, "area"))
        _after(ctx)
        return
    if command.kind == "ready_card":  # a standing order, from any seat at any time (RULINGS G39)
        dice.ready(ctx, command.seat, _arg(command, "card"))
        return
    if command.kind == "check_standing":  # a standing pass on skill checks, at any time (RULINGS G43)
        standing.set_order(ctx, command.seat, _arg(command, "mode"))
        _after(ctx)
        return
    if command.kind == "damage_preference":  # R800: a standing choice of the ship damaged (RULINGS G53)
        effects.set_damage_preference(ctx, command.seat, _arg(command, "ship"))
        return
    if command.kind == "reveal_motive":  # R804: a Motive card revealed at any time its requirement holds
        motives.reveal(ctx, command.seat, _arg(command, "card"))
        return
    if command.kind == "arm_reroll":  # Zarek's standing order for this turn (RULINGS G41)
        dice.arm(ctx, command.seat)
        return
    entry = HANDLERS.get(command.kind)
    if entry is None:
        raise IllegalCommand("unknown_command", "", kind=command.kind)
    prompt, rule, handler = entry
    if command.seat not in {s for d in pending(state) for s in d.seats}:
        if command.kind in ("contribute", "finish_contributing") and state["check"] is not None:
            raise IllegalCommand("not_your_contribution", "bsg:R501", waiting_for=checks.waiting_for(state))
        raise IllegalCommand("not_your_turn", "")
    _need(state, command.seat, prompt, rule)
    answered = next(d.prompt for d in pending(state) if command.seat in d.seats)
    handler(ctx, command)
    if answered in ("ordered_movement", "ordered_action"):
        actions.after_ordered(ctx, command.seat, command.kind)
    _after(ctx)


def _after(ctx: Ctx) -> None:
    """What follows every command: Final Five cards seen are resolved (R410), then the executions the command
    called for (R450), then Daybreak's receipts due; the titles' belongings go with the titles."""
    conflicted.resolve_final_five(ctx)
    executions.run_queued(ctx)
    if ionian.settle(ctx) and ctx.state["phase"] == "turn" and ctx.state["step"] == "end":
        turns.finish_turn(ctx)  # the trauma tokens due on new Ally cards (R945-3, R947) held the turn's end
    _daybreak(ctx)
    _fill_vacant_admiral(ctx)
    vipers.sync_nukes(ctx.state)
    quorum_hand.sync_hand(ctx.state)
    _standing_passes(ctx)


def _daybreak(ctx: Ctx) -> None:
    """Daybreak: the Mutineer's receipts still due (R1026, R426) are carried out, and a turn that waited on a
    Daybreak decision passes once none is due (R255)."""
    state = ctx.state
    if not daybreak.on(state) or state["phase"] == "over":
        return
    mutiny.settle(ctx)
    mutiny.drop_impossible(ctx)
    if state["phase"] == "turn" and state["step"] == "end":
        turns.finish_turn(ctx)


def _standing_passes(ctx: Ctx) -> None:
    """A pass on every check lapses as its seat's turn begins; then the check skips, one after another, the
    seats that passed in advance (standing.py, RULINGS G43)."""
    standing.lapse(ctx)
    while True:
        decision = next(iter(pending(ctx.state)), None)
        if decision is None or decision.prompt != "contribute_to_check":
            return
        if not standing.apply(ctx, checks.waiting_for(ctx.state)):
            return


def _fill_vacant_admiral(ctx: Ctx) -> None:
    """A vacant Admiral title (everyone eligible was in the Brig, R423) goes by succession as soon as someone
    can hold it again (RULINGS G29)."""
    state = ctx.state
    for title in ("admiral", "cag"):  # the CAG only with the Cylon Fleet (R420, R423)
        if state["phase"] == "turn" and title in state and state[title] is None:
            state[title] = setup.title_holder(state, title)
            if state[title] is not None:
                ctx.emit("title_passed", title=title, seat=state[title], reason="vacant")
