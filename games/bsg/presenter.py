"""Battlestar Galactica in the browser: the board as parts (games/parts.py), command labels and translated texts.

Presentation only: the engine's view (``games.bsg.engine.view``) says what is where, ``legal_commands`` what may
be done. The board is

- ``bsg-status`` (public): the turn and its step, the President and the Admiral, the four resource dials, the jump
  track and the distance travelled, the Boarding Party track, Galactica's damage, the decks as counts;
- ``bsg-crisis`` (public): the Crisis card in play and its skill check: colours, difficulty, each seat's number
  of face-down cards in contribution order, whose cards the check awaits;
- ``bsg-ships`` (public): Galactica's, Colonial One's and the Cylon locations with the characters standing there;
- ``bsg-space`` (public): the six space areas and their ships, the Reserves;
- ``bsg-players`` (public): every seat's character, where it is, its titles and how many cards it holds;
- ``bsg-hand`` (the seat's own): its Skill cards, Loyalty cards, Quorum and Super Crisis cards, the cards it put
  into the open check, the cards a prompt shows it alone (Destinations, Caprica's Crisis cards, damage tokens, the
  Human Fleet's hand, deck tops, civilian ships' backs), the others' Loyalty cards it has looked at, its readied
  die cards, and a form per interrupt it may send whoever the game waits for (``Rules.interrupts``).

The decision panel is the table page's: one form per legal command, labelled here (``command_label``); a command
kind this presenter does not know yet gets a readable default (its kind and its arguments by name), so what the
engine gains shows up at once. Names and rules texts come from the data files, translated where the catalogue has
them (``data_names``, ``data_texts``): a card's text beside or over its name, a location's over its name, a
character's abilities over the character's name.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from games.bsg import secrets
from games.bsg.engine.ionian_data import ionian_content
from games.bsg.engine.options import modules
from games.bsg.engine.state import CONTENT
from games.engine.core import Command, Rng, Rules
from games.parts import Part
from games.presenters import Presenter, fill, per_language, player_label, register_presenter, seat_ref

RESOURCES = {
    "fuel": gettext_noop("Fuel"),
    "food": gettext_noop("Food"),
    "morale": gettext_noop("Morale"),
    "population": gettext_noop("Population"),
}
PHASES = {
    "characters": gettext_noop("Choosing characters"),
    "starting_skills": gettext_noop("Drawing the starting Skill cards"),
    "turn": gettext_noop("Player turns"),
    "over": gettext_noop("Game over"),
}
STEPS = {
    "receive": gettext_noop("Receive Skills"),
    "move": gettext_noop("Movement"),
    "action": gettext_noop("Action"),
    "crisis": gettext_noop("Crisis"),
    "activation": gettext_noop("Activate Cylon ships"),
    "jump": gettext_noop("Prepare for jump"),
    "end": gettext_noop("End of turn"),
}
SHIPS = {
    "raider": gettext_noop("raiders"),
    "heavy_raider": gettext_noop("heavy raiders"),
    "viper": gettext_noop("vipers"),
    "basestar": gettext_noop("basestars"),
    "civilian": gettext_noop("civilian ships"),
    "galactica": gettext_noop("Galactica"),
    "centurion": gettext_noop("centurion"),
    "armory": gettext_noop("the Armory"),
    "pegasus": gettext_noop("Pegasus"),
}
#: A ship or weapon in an attack (the ``attacker`` and ``target`` of the engine's ``attack_rolled``), singular.
ATTACKERS = {
    "raider": gettext_noop("raider"),
    "heavy_raider": gettext_noop("heavy raider"),
    "viper": gettext_noop("viper"),
    "basestar": gettext_noop("basestar"),
    "civilian": gettext_noop("civilian ship"),
    "galactica": gettext_noop("Galactica"),
    "centurion": gettext_noop("centurion"),
    "armory": gettext_noop("the Armory"),
    "pegasus": gettext_noop("Pegasus"),
    "viper_mk7": gettext_noop("Viper Mark VII"),
}
#: What an attack did (its event's ``result``).
HITS = {
    "destroyed": gettext_noop("destroyed"),
    "damaged": gettext_noop("damaged"),
    "missed": gettext_noop("missed"),
    "damaged_twice": gettext_noop("damaged twice"),
    "every_ship": gettext_noop("every ship there destroyed"),
}
OUTCOMES = {
    "pass": gettext_noop("passed"),
    "partial": gettext_noop("partly passed"),
    "fail": gettext_noop("failed"),
}
WINNERS = {"humans": gettext_noop("humans"), "cylons": gettext_noop("Cylons")}
TITLES = {"president": gettext_noop("President"), "admiral": gettext_noop("Admiral"), "cag": gettext_noop("CAG")}

#: The options of a choice crisis (the data's ``options[].label`` ids), in words.
CRISIS_OPTIONS = {
    "convict": gettext_noop("Send a character to the Brig"),
    "hold_hearing": gettext_noop("Hold a hearing (skill check)"),
    "tolerate_market": gettext_noop("Let the market be"),
    "strip_ships": gettext_noop("Strip the civilian ships"),
    "spare_ships": gettext_noop("Spare the civilian ships"),
    "run_silent": gettext_noop("Run silent"),
    "hold_position": gettext_noop("Hold position"),
    "transfer_crew": gettext_noop("Transfer the crew"),
    "refuse_transfer": gettext_noop("Refuse the transfer"),
    "execute_prisoner": gettext_noop("Name a character to execute"),
    "stay_the_hand": gettext_noop("Stay the hand"),
    "abandon": gettext_noop("Abandon them"),
    "ask_politely": gettext_noop("Ask politely (skill check)"),
    "brig_self": gettext_noop("Go to the Brig"),
    "brig_someone": gettext_noop("Put a character in the Brig"),
    "concede": gettext_noop("Concede"),
    "crack_down": gettext_noop("Crack down"),
    "cut_rations": gettext_noop("Cut rations"),
    "destroy_it": gettext_noop("Shoot it down"),
    "give_in": gettext_noop("Give in"),
    "hold_check": gettext_noop("Face the skill check"),
    "keep_quiet": gettext_noop("Keep quiet"),
    "leave_them": gettext_noop("Leave them behind"),
    "let_it_be": gettext_noop("Let it be"),
    "martial_law": gettext_noop("Declare martial law"),
    "mine": gettext_noop("Mine the water"),
    "negotiate": gettext_noop("Negotiate (skill check)"),
    "network": gettext_noop("Network the computers"),
    "push_on": gettext_noop("Push on"),
    "ration_hard": gettext_noop("Ration hard"),
    "ration_soft": gettext_noop("Ration gently"),
    "send_the_strike": gettext_noop("Strike at the Hub (skill check)"),  # Daybreak
    "stand_down": gettext_noop("Stand down"),  # Daybreak
    "face_the_quorum": gettext_noop("Face the Quorum (skill check)"),  # Daybreak
    "stonewall": gettext_noop("Stonewall"),  # Daybreak
    "trust_the_numbers": gettext_noop("Trust the numbers"),  # Daybreak
    "recalculate": gettext_noop("Recalculate"),  # Daybreak
    "send_the_raptors": gettext_noop("Send the raptors"),  # Daybreak
    "play_it_safe": gettext_noop("Play it safe"),  # Daybreak
    "join_the_cult": gettext_noop("Join the cult"),  # Daybreak
    "denounce_it": gettext_noop("Denounce it"),  # Daybreak
    "requisition": gettext_noop("Requisition"),
    "rescue": gettext_noop("Rescue them"),
    "resign": gettext_noop("Resign the title"),
    "share_burden": gettext_noop("Share the burden"),
    "stay": gettext_noop("Stay in office"),
    "stay_offline": gettext_noop("Stay offline"),
    "tell_them": gettext_noop("Tell them"),
    "tolerate": gettext_noop("Tolerate it"),
    "turn_back": gettext_noop("Turn back"),
    # the Cylon Fleet's "CAG chooses" cards (R919)
    "engage": gettext_noop("Engage them"),
    "slip_away": gettext_noop("Slip away"),
    "intercept_late": gettext_noop("Intercept them late"),
    "burn_fuel": gettext_noop("Burn fuel to stay ahead"),
    "wait_for_them": gettext_noop("Wait for them"),
    "split_the_wing": gettext_noop("Split the wing"),
    "hold_the_wing": gettext_noop("Hold the wing together"),
    "search": gettext_noop("Search for them"),
    "write_off": gettext_noop("Write them off"),
    "send_raptor": gettext_noop("Send a raptor"),
    "stay_blind": gettext_noop("Stay blind"),
    "fight": gettext_noop("Fight (skill check)"),
    "fall_back": gettext_noop("Fall back"),
    "escort_them": gettext_noop("Escort them in"),
    "turn_them_away": gettext_noop("Turn them away"),
    "take_the_bait": gettext_noop("Take the bait"),
    "ignore_it": gettext_noop("Ignore it"),
    # the Exodus crises
    "deny_everything": gettext_noop("Deny everything"),
    "escort_convoy": gettext_noop("Escort the convoy"),
    "let_it_pass": gettext_noop("Let it pass"),
    "take_them_in": gettext_noop("Take them in"),
    "put_them_off": gettext_noop("Put them off the ship"),
}

#: How a game ended (the engine's ``end_game`` reasons: the result's ``reason``), in words.
REASONS = {
    "kobol_reached": gettext_noop("the fleet reached Kobol"),
    "ionian_nebula_reached": gettext_noop("the fleet reached the Ionian Nebula"),
    "centurions_boarded": gettext_noop("the centurions took Galactica"),
    "galactica_destroyed": gettext_noop("Galactica was destroyed"),
    "resource_exhausted": gettext_noop("a resource ran out"),
    "no_character_left": gettext_noop("no character was left for an executed player"),
    "new_caprica_departed": gettext_noop("Galactica left New Caprica"),
    "earth_reached": gettext_noop("the fleet found Earth"),  # Daybreak's Earth objective (R1052)
}

#: Log lines the presenter words itself (``BsgPresenter.event_text``), from the event's data.
EVENT_TEXTS = {
    "resources_changed": gettext_noop("Resources changed: {changes}."),
    "ship_placed": gettext_noop("1 {ship} placed in {area}."),
    # a contribution of one card, in the singular (the engine's sentence says "({count} cards)")
    "check_contribution_done": gettext_noop("Player {seat} is done (1 card)."),
    "check_passed_in_advance": gettext_noop("Player {seat} passed in advance (1 card)."),
}

#: Command labels (English templates, translated): ``{x}`` are the command's arguments, made readable. A key is
#: the command's kind, or the kind and the argument that picks a variant (``command_key``).
COMMANDS: dict[str, str] = {
    # Exodus's Ionian Nebula (R215, R945, R964, R970)
    "meet_ally": gettext_noop("Meet {card}"),
    "seed_ally": gettext_noop("Put one of your {token} tokens on the new Ally card"),
    "commit_trauma": gettext_noop("Play one of your {token} tokens beside your Crossroads card"),
    "crossroads_choose": gettext_noop("Apply the {result} result"),
    "trial_eliminate": gettext_noop("Eliminate {target}"),
    "choose_replacer": gettext_noop("{target} replaces the ally"),
    "choose_character": gettext_noop("Play {character}"),
    "choose_character_area": gettext_noop("Play {character}, launching in {area}"),
    "draw_starting_skills": gettext_noop("Draw {types}"),
    "receive_skills": gettext_noop("Receive: {picks}"),
    "move": gettext_noop("Move to {location}"),
    "move_discard": gettext_noop("Move to {location}, discarding {discard}"),
    "move_viper": gettext_noop("Fly your viper to {area}"),
    "stay": gettext_noop("Stay where you are"),
    "pass_action": gettext_noop("Take no action"),
    "activate_location": gettext_noop("Use {location}"),
    "activate_location_target": gettext_noop("Use {location} on {target}"),
    "activate_location_pick": gettext_noop("Use {location}, drawing {pick}"),
    "activate_location_area": gettext_noop("Use {location}, launching in {area}"),
    "apollo_bay_viper": gettext_noop("Apollo: fly one of the Raider Bay's vipers in {area} and activate it"),
    "move_anywhere": gettext_noop("Go to {location}"),
    "attack_occupation": gettext_noop("Attack the occupation forces"),
    "attack_occupation_card": gettext_noop("Attack the occupation forces, discarding {card} to re-roll a miss"),
    "order_departure": gettext_noop("Order Galactica to leave New Caprica"),
    "arrest_human": gettext_noop("Arrest {target}"),
    "new_caprica_action": gettext_noop("Take this New Caprica location's action"),
    "new_caprica_action_pick": gettext_noop("Take this location's action, drawing {pick}"),
    "draw_crisis": gettext_noop("Draw a Crisis card"),
    "choose_option": gettext_noop("Choose: {option}"),
    "contribute": gettext_noop("Put {card} into the check"),
    "finish_contributing": gettext_noop("I am done with this check"),
    "activate_cylons": gettext_noop("Activate the Cylon ships"),
    "activate_area": gettext_noop("Activate the raiders in {area}"),
    "launch_first": gettext_noop("The basestar in {area} launches first"),  # R003 (RULINGS G213)
    "board_first": gettext_noop("The heavy raiders in {area} board first"),  # R003 (RULINGS G220)
    "prepare_jump": gettext_noop("Prepare for the jump"),
    "choose_destination": gettext_noop("Jump to {card}"),
    "discard_excess": gettext_noop("Discard {card}"),
    "discard_forced": gettext_noop("Discard {card}"),
    "choose_target": gettext_noop("Send {target}"),
    "give_title": gettext_noop("Give the title to {target}"),
    "choose_new_character": gettext_noop("Play {character} from now on"),
    "infiltrate": gettext_noop("Infiltrate the humans: {location}"),
    "return_to_resurrection": gettext_noop("Return to the Resurrection Ship"),
    "place_stranded": gettext_noop("Turn up in {location}"),
    "risk_raptor_yes": gettext_noop("Risk a raptor"),
    "risk_raptor_no": gettext_noop("Keep the raptors"),
    # revealed Cylons (engine: revealed.py, loyalty.py)
    "reveal_loyalty": gettext_noop("Reveal {card}: you are a Cylon"),
    "reveal_loyalty_target": gettext_noop("Reveal {card} against {target}: you are a Cylon"),
    "choose_damage": gettext_noop("Damage Galactica: {card}"),
    "choose_damage_pegasus": gettext_noop("Damage the Pegasus: {card}"),
    "give_loyalty": gettext_noop("Give your Loyalty cards to {to}"),
    "activate_cylon_location": gettext_noop("Use {location}"),
    "activate_cylon_location_option": gettext_noop("Use {location}: {option}"),
    "activate_cylon_location_target": gettext_noop("Use {location} on {target}"),
    "activate_cylon_location_card": gettext_noop("Use {location}: swap {card} for another"),
    "choose_caprica_crisis": gettext_noop("Resolve {card}"),
    "take_skill": gettext_noop("Take {card}"),
    # vipers and nukes (vipers.py, actions.py)
    "activate_viper": gettext_noop("Activate your viper"),
    "launch_nuke": gettext_noop("Launch a nuke at {target} in {area}"),
    "viper_launch": gettext_noop("Launch a viper into {to}"),
    "viper_move": gettext_noop("Move a viper from {area} to {to}"),
    "viper_attack": gettext_noop("A viper in {area} attacks: {target}"),
    "viper_done": gettext_noop("Stop activating vipers"),
    # the Exodus Cylon Fleet (cylon_fleet.py, vipers.py)
    "viper_launch_mk7": gettext_noop("Launch a Viper Mark VII into {to}"),
    "viper_move_mk7": gettext_noop("Move a Viper Mark VII from {area} to {to}"),
    "viper_escort": gettext_noop("A viper in {area} escorts a civilian ship to safety"),
    "launch_nuke_area": gettext_noop("Launch a nuke at {area}"),
    "place_civilian": gettext_noop("Place a civilian ship in {area}"),
    "destroy_civilian": gettext_noop("Destroy a civilian ship in {area}"),  # R613 (RULINGS G216)
    "evacuate_civilian": gettext_noop("Evacuate the civilian ship to {area}"),
    "reveal_goal": gettext_noop("Reveal your Personal Goal {card}"),
    "activate_location_mk7": gettext_noop("Use {location}, launching a Viper Mark VII in {area}"),
    # R622 (RULINGS G211): with the Reserves empty, the unpiloted viper called back from the area ``pick``
    "activate_location_recall": gettext_noop("Use {location}, calling back the viper in {pick} to launch in {area}"),
    # R622 (RULINGS G215): with both Reserves empty, the unpiloted Viper Mark VII called back (``mk7.<area>``)
    "activate_location_mk7_recall": gettext_noop(
        "Use {location}, calling back the Viper Mark VII in {pick} to launch in {area}"
    ),
    # R308 (RULINGS G214): the Armory's target, by its space on the Boarding Party track (``centurion.<space>``)
    "activate_location_centurion": gettext_noop(
        "Use {location}, attacking the centurion on space {pick} of the Boarding Party track"
    ),
    "choose_new_character_mk7": gettext_noop("Play {character}, launching a Viper Mark VII in {area}"),
    # the Quorum hand (quorum.py, quorum_hand.py)
    "play_quorum": gettext_noop("Play {card}"),
    "play_quorum_target": gettext_noop("Play {card} on {target}"),
    "play_quorum_picks": gettext_noop("Play {card}: {picks}"),
    "quorum_draw": gettext_noop("Draw another Quorum card"),
    # Daybreak: Mutiny cards, the Mutineer, Miracle tokens (mutiny.py)
    "play_mutiny": gettext_noop("Play the Mutiny card {card}"),
    "discard_mutiny": gettext_noop("Discard the Mutiny card {card}"),
    "pass_mutineer": gettext_noop("Give \"You Are a Mutineer\" to {to}"),
    "mutineer_draw": gettext_noop("{target} draws one more Loyalty card"),
    "give_miracle": gettext_noop("Give a Miracle token to {to}"),
    "activate_location_assault_raptor": gettext_noop("Use {location}, launching in an Assault Raptor into {area}"),
    "pilot_stays_yes": gettext_noop("Stay in space in your Assault Raptor"),
    "pilot_stays_no": gettext_noop("Fly your Assault Raptor back to the Reserves"),
    "viper_launch_ship": gettext_noop("Launch an Assault Raptor into {to}"),
    "viper_move_ship": gettext_noop("Move an Assault Raptor from {area} to {to}"),
    "viper_attack_ship": gettext_noop("An Assault Raptor in {area} attacks: {target}"),
    "assault_raptors_stay": gettext_noop("Keep the Assault Raptors of {areas} in space"),
    "assault_raptors_stay_none": gettext_noop("Send every Assault Raptor back to the Reserves"),
    "bottom_quorum": gettext_noop("Put {card} at the bottom of the Quorum deck"),
    "discard_quorum": gettext_noop("Discard {card}"),
    # Skill cards' actions, character abilities, looks (skill_actions.py, characters.py, looks.py)
    "play_skill": gettext_noop("Play {card}"),
    "play_skill_pick": gettext_noop("Play {card}: {pick}"),
    "play_skill_picks": gettext_noop("Play {card}: {picks}"),
    "play_skill_target": gettext_noop("Play {card} on {target}"),
    "play_skill_target_pick": gettext_noop("Play {card} on {target}: {pick}"),
    "use_ability": gettext_noop("Use {ability}"),
    "use_ability_target": gettext_noop("Use {ability} on {target}"),
    "arrange_cards": gettext_noop("Leave on top, in this order: {order}"),
    "arrange_cards_none": gettext_noop("Put every card you looked at at the bottom"),
    "move_civilians": gettext_noop("Move the civilian ships to: {to}"),
    "choose_look": gettext_noop("Look at a Loyalty card of {target}"),
    "choose_look_none": gettext_noop("Nobody holds a Loyalty card to look at: go on"),
    # on a skill check (check_cards.py)
    "play_check_card": gettext_noop("Play {card} on the check"),
    "play_check_card_pick": gettext_noop("Play {card} on the check: {pick}"),
    "after_check": gettext_noop("Let the total stand"),
    "after_check_card": gettext_noop("Play {card}: the difficulty drops by 2"),
    "after_check_skill": gettext_noop("Against the Odds: remove every {skill} card"),
    # Daybreak, before any card is added (reckless.py, R507)
    "before_check": gettext_noop("Do not make the check reckless"),
    "before_check_reckless": gettext_noop("Make the check reckless: put {card} face up into it"),
    "before_check_restore": gettext_noop("Play {card}: the check can no longer be made reckless"),
    # interrupts, sent whoever the game waits for (dice.py, characters.py)
    "ready_card": gettext_noop("Ready {card} for the next roll it applies to"),
    "arm_reroll": gettext_noop("Friends in Low Places: reroll this turn's next failing roll"),
    "reveal_motive": gettext_noop("Reveal your Motive card {card}"),
    "damage_preference": gettext_noop("Damage tokens in my turns go to: {ship}"),
    "cancel_crisis": gettext_noop("Religious Visions: cancel this Crisis card"),
    "check_standing_pass_this_check": gettext_noop("Pass on this check"),
    "check_standing_pass_until_my_turn": gettext_noop("Pass on every check until my next turn"),
    "check_standing_off": gettext_noop("Stop passing"),
}

#: The seat's standing pass on skill checks as its own part shows it (RULINGS G43).
STANDING = {
    "pass_this_check": gettext_noop("You pass on this check in advance."),
    "pass_until_my_turn": gettext_noop("You pass on every check until your next turn begins."),
}

#: What a ``pick`` argument chooses (Launch Scout's deck, Executive Order's way, the Arbitrator's direction).
#: the space areas' ids: a Hangar Deck ``pick`` naming one is the area whose viper is called back (R622)
SPACE_AREAS = frozenset(a.id for a in CONTENT.board.space_areas)
PICKS = {
    "crisis": gettext_noop("look at the top Crisis card"),
    "destination": gettext_noop("look at the top Destination card"),
    "actions": gettext_noop("2 actions"),
    "move": gettext_noop("a move, then 1 action"),
    "easier": gettext_noop("3 easier"),
    "harder": gettext_noop("3 harder"),
}
#: A deck named in an event (``deck_looked_at``, ``deck_arranged``).
DECKS = {
    "crisis": gettext_noop("Crisis"),
    "destination": gettext_noop("Destination"),
    "quorum": gettext_noop("Quorum"),
    "super_crisis": gettext_noop("Super Crisis"),
}
#: The options of a Cylon location's choice (``activate_cylon_location``'s ``option``), by its first effect.
CYLON_OPTIONS = {
    "play_super_crisis": gettext_noop("play your Super Crisis card {card}"),
    "choose_crisis": gettext_noop("draw 2 Crisis cards, resolve 1"),
    "activate_cylons:raiders": gettext_noop("activate every raider"),
    "activate_cylons:heavy_raiders": gettext_noop("activate every heavy raider and centurion"),
    "activate_cylons:basestars": gettext_noop("activate every basestar"),
    "basestar_launch": gettext_noop("every basestar launches raiders"),
    "place_on_fleet": gettext_noop("a basestar to the Cylon Fleet board"),
    "advance_pursuit": gettext_noop("the pursuit marker one space on"),
}
#: A Crisis card's Cylon activation icon (the engine's ``cylon_icon_activated`` ``icon``), in words.
ICONS = {
    "raiders": gettext_noop("raiders"),
    "heavy_raiders": gettext_noop("heavy raiders"),
    "basestars": gettext_noop("basestars"),
    "launch_raiders": gettext_noop("every basestar launches raiders"),
    "occupation": gettext_noop("the occupation forces"),  # New Caprica (R832)
}
#: What the cards a prompt shows its seat are (the heading over them in the seat's own part).
PROMPT_CARDS = {
    "destination": gettext_noop("Destinations to choose from"),
    "caprica_crisis": gettext_noop("Crisis cards to choose from"),
    "choose_damage": gettext_noop("Damage tokens to choose from"),
    "take_skill": gettext_noop("The Skill cards you look at"),
    "quorum_office": gettext_noop("The Quorum card you drew"),
    "quorum_bottom": gettext_noop("The Quorum cards you drew"),
    "arrange": gettext_noop("The cards you look at"),
    "move_civilians": gettext_noop("The civilian ships you look at"),
}
#: Arguments that name a seat (a number), in commands and in the engine's events.
SEAT_KEYS = ("seat", "target", "president", "admiral", "to_seat", "player", "by", "to")


# --- names ----------------------------------------------------------------------------------------------------


def data_names() -> list[tuple[str, str]]:
    """(id, English name) of what the board names from the data files and the catalogue translates: locations,
    ships, space areas, skill types and cards, Loyalty cards, jump track spaces, Crisis, Super Crisis, Destination
    and Quorum cards, character abilities (collected by ``bsg_strings``). Characters keep their names; the rules
    texts are ``data_texts``."""
    out: list[tuple[str, str]] = []
    out += [(k, v.name) for k, v in CONTENT.locations.items()]
    out += [(k, v.name) for k, v in CONTENT.ships.items()]
    out += [(a.id, a.name) for a in CONTENT.board.space_areas]
    out += [(k, v.name) for k, v in CONTENT.skill_types.items()]
    out += [(k, v.name) for k, v in CONTENT.skill_cards.items()]
    out += [(k, v.name) for k, v in CONTENT.loyalty.items()]
    out += [(s.id, s.name) for s in CONTENT.board.jump_track]
    for table in (CONTENT.crises, CONTENT.super_crises, CONTENT.destinations, CONTENT.quorum, CONTENT.agendas,
                  CONTENT.motives):
        out += [(k, v.name) for k, v in table.items()]
    out += [(a.id, a.name) for c in CONTENT.characters.values() for a in c.abilities]
    out += [(k, v.name) for k, v in CONTENT.mutiny.items()]  # Daybreak
    out += [(k, v.name) for k, v in NC_LOCATIONS.items()]  # Pegasus's New Caprica board
    out += [(k, v.name) for k, v in CONTENT.missions.items()]  # Daybreak's Earth objective (R1053)
    out += [(k, v.name) for k, v in IONIAN.allies.items()]  # Exodus's Ionian Nebula
    out += [(k, v.name) for k, v in IONIAN.crossroads.items()]
    return out


#: The New Caprica board's locations (Pegasus, R317), shown as a board of their own once the phase begins.
NC_LOCATIONS: Mapping[str, Any] = CONTENT.new_caprica.locations if CONTENT.new_caprica is not None else {}
NEW_CAPRICA = gettext_noop("New Caprica")

#: Exodus's Ionian Nebula (R930-R985): its Ally and Crossroads cards, its trauma tokens' symbols (R940).
IONIAN = ionian_content()
TRAUMA = {
    "benevolent": gettext_noop("benevolent"),
    "antagonistic": gettext_noop("antagonistic"),
    "disaster": gettext_noop("disaster"),
}

#: The data files' tables whose entries carry a rules text (``data_texts``, ``card_text``).
_TEXT_TABLES = (
    CONTENT.crises,
    CONTENT.super_crises,
    CONTENT.destinations,
    CONTENT.quorum,
    CONTENT.loyalty,
    CONTENT.skill_cards,
    CONTENT.locations,
    CONTENT.agendas,
    CONTENT.mutiny,  # Daybreak
    CONTENT.motives,  # Daybreak's Motive cards (R804)
    NC_LOCATIONS,  # Pegasus's New Caprica board
    CONTENT.missions,  # Daybreak's Earth objective (R1053)
)


def data_texts() -> list[tuple[str, str]]:
    """(id, English text) of every rules text the board shows from the data files and the catalogue translates:
    Crisis, Super Crisis, Destination, Quorum, Loyalty and Skill cards, locations, character abilities (each
    ability, once-per-game ability and weakness has its own), the objective (collected by ``bsg_strings``)."""
    out: list[tuple[str, str]] = []
    for table in _TEXT_TABLES:
        out += [(k, v.text) for k, v in table.items()]
    out += [(a.id, a.text) for c in CONTENT.characters.values() for a in c.abilities]
    out += [(o.id, o.text) for o in CONTENT.board.objectives]
    for table in (IONIAN.allies, IONIAN.crossroads):  # Exodus's Ionian Nebula: both results of each card
        out += [(f"{k}.benevolent", v.text_benevolent) for k, v in table.items()]
        out += [(f"{k}.antagonistic", v.text_antagonistic) for k, v in table.items()]
    out += list(IONIAN.damage_texts.items())
    return out


ABILITIES = {a.id: a for c in CONTENT.characters.values() for a in c.abilities}
DAMAGE_TOKENS = {t.id: t for t in (*CONTENT.board.galactica_damage, *CONTENT.board.pegasus_damage)}
#: R162: a basestar damage token's name, by its kind (the base four, the Ionian Nebula's two)
BASESTAR_TOKEN_NAMES = {
    "critical_hit": gettext_noop("Critical Hit"),
    "hangar_disabled": gettext_noop("Hangar Disabled"),
    "weapons_disabled": gettext_noop("Weapons Disabled"),
    "structural_damage": gettext_noop("Structural Damage"),
    "collateral_damage": gettext_noop("Collateral Damage"),
    "personnel_damage": gettext_noop("Personnel Damage"),
}
BASESTAR_TOKENS = {t.id: t.kind for t in (*CONTENT.board.basestar_damage, *IONIAN.basestar_damage)}
PEGASUS_TOKENS = frozenset(t.id for t in CONTENT.board.pegasus_damage)
CIVILIANS = {c.id: c for c in CONTENT.board.civilians}


_TRANSLATED = frozenset(name for _, name in data_names())
_TRANSLATED_TEXTS = frozenset(text for _, text in data_texts())
OBJECTIVES = {o.id: o for o in CONTENT.board.objectives}


def _objective(view: Mapping[str, Any]) -> str:
    """The table's objective card (R111): the one its option chose where it has a card of its own (the Ionian
    Nebula, R146; Earth, R1051), Kobol otherwise (New Caprica's goal is its phase, ``_goal``)."""
    chosen = str((view.get("options") or {}).get("objective"))
    return chosen if chosen in OBJECTIVES else "kobol"


def _named(name: str) -> str:
    return gettext(name) if name in _TRANSLATED else name


def _worded(text: str) -> str:
    """A rules text from the data files, translated where the catalogue has it (``data_texts``)."""
    return gettext(text) if text in _TRANSLATED_TEXTS else text


@per_language
def name_of(ident: str) -> str:
    """A content id's name (a location, character, card, space area, skill type...); a physical card id
    (``<card>.<strength>.<copy>``, ``<card>.<copy>``) is named by its card, a skill card with its strength."""
    parts = ident.split(".")
    base = parts[0]
    if base in CONTENT.skill_cards and len(parts) == 3:
        return f"{_named(CONTENT.skill_cards[base].name)} {parts[1]}"
    for table in (
        CONTENT.locations,
        CONTENT.characters,
        CONTENT.skill_types,
        CONTENT.skill_cards,
        CONTENT.crises,
        CONTENT.super_crises,
        CONTENT.destinations,
        CONTENT.quorum,
        CONTENT.loyalty,
        CONTENT.ships,
        CONTENT.agendas,
        CONTENT.motives,
        CONTENT.mutiny,
        NC_LOCATIONS,
        CONTENT.missions,
        IONIAN.allies,
        IONIAN.crossroads,
    ):
        found = table.get(base)
        if found is not None:
            return _named(found.name)
    if base in TRAUMA:
        return str(gettext(TRAUMA[base]))
    area = next((a for a in CONTENT.board.space_areas if a.id == base), None)
    if area is not None:
        return _named(area.name)
    if base in ABILITIES:
        return _named(ABILITIES[base].name)
    if base in DAMAGE_TOKENS:
        token = DAMAGE_TOKENS[base]
        if token.location:
            return str(gettext("%(location)s damaged") % {"location": name_of(token.location)})
        return ", ".join(f"{name_of(k)} -{v}" for k, v in sorted(token.loss.items()))
    if base in BASESTAR_TOKENS and BASESTAR_TOKENS[base] in BASESTAR_TOKEN_NAMES:  # R162 (RULINGS G212)
        return gettext(BASESTAR_TOKEN_NAMES[BASESTAR_TOKENS[base]])
    if base in CIVILIANS:  # a civilian ship's back: what its loss would cost (Communications, RULINGS G38)
        loss = ", ".join(f"{name_of(k)} -{v}" for k, v in sorted(CIVILIANS[base].loss.items()))
        return str(gettext("civilian ship (%(loss)s)") % {"loss": loss or gettext("no loss")})
    if base in RESOURCES:
        return gettext(RESOURCES[base])
    if base in SHIPS:
        return gettext(SHIPS[base])
    if base in TITLES:
        return gettext(TITLES[base])
    return ident.replace("_", " ")


#: the goal the status shows at a New Caprica table (R820, R835): the phase's distance, not Kobol's
#: R834: once Galactica is back in New Caprica's orbit the jump track is no longer used; this line replaces it
NEW_CAPRICA_RETURNED = gettext_noop("Galactica is back in New Caprica's orbit: the jump track is no longer used, "
                                    "and the Admiral may order the departure.")
NEW_CAPRICA_GOAL = gettext_noop("New Caprica: at distance 7 the fleet settles the planet; after Galactica's return "
                                "the Admiral's order to depart ends the game.")


def _goal(view: Mapping[str, Any]) -> dict[str, Any]:
    """The distance the status counts towards, and its text: the objective card's (Kobol, the Ionian Nebula,
    Earth: R1052), or New Caprica's at its tables."""
    nc = CONTENT.new_caprica
    if (view.get("options") or {}).get("objective") == "new_caprica" and nc is not None:
        return {"goal": nc.trigger_distance, "goal_text": gettext(NEW_CAPRICA_GOAL)}
    card = OBJECTIVES[_objective(view)]  # Kobol, or the Ionian Nebula's or Daybreak's Earth's card in its place
    return {"goal": card.distance, "goal_text": card_text(card.id)}


@per_language
def card_text(ident: str) -> str:
    """The rules text of a card, location, character ability or objective (a physical card id is its card's),
    in our own words from the data files, translated (``data_texts``); "" for what has none."""
    base = ident.split(".")[0]
    for table in (
        *_TEXT_TABLES,
        ABILITIES,
        OBJECTIVES,
    ):
        found = table.get(base)
        if found is not None:
            return _worded(str(found.text))
    ally = IONIAN.allies.get(base) or IONIAN.crossroads.get(base)
    if ally is not None:  # an Ally or Crossroads card: its two results (R945, R963)
        return "\n".join((
            f"{gettext(TRAUMA['benevolent']).capitalize()}: {_worded(ally.text_benevolent)}",
            f"{gettext(TRAUMA['antagonistic']).capitalize()}: {_worded(ally.text_antagonistic)}"))
    if base in IONIAN.damage_texts:
        return _worded(IONIAN.damage_texts[base])
    return ""


#: The three abilities of a character sheet (``Ability.kind``), as the sheet heads them.
ABILITY_KINDS = {
    "ability": gettext_noop("Ability"),
    "once_per_game": gettext_noop("Once per game"),
    "weakness": gettext_noop("Weakness"),
}


@per_language
def character_sheet(character: str) -> str:
    """A character's abilities as one text (the players part shows it over the character's name): a line per
    ability, "kind: name: text", translated."""
    found = CONTENT.characters.get(character)
    if found is None:
        return ""
    return "\n".join(
        f"{gettext(ABILITY_KINDS[a.kind])}: {_named(a.name)}: {card_text(a.id)}"
        if a.kind in ABILITY_KINDS
        else f"{_named(a.name)}: {card_text(a.id)}"
        for a in found.abilities
    )


def skill_class(card: str) -> str:
    """The CSS class of a skill card's or skill type's colour (``bsg-skill-<type>``)."""
    base = card.split(".")[0]
    skill = CONTENT.skill_cards[base].skill if base in CONTENT.skill_cards else base
    return f"bsg-skill-{skill}" if skill in CONTENT.skill_types else ""


def describe(key: str, value: Any) -> Any:
    """A command argument or event value as words: seats as "2 (Bob)", content ids by name, lists joined."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if key in SEAT_KEYS and isinstance(value, int) and value >= 0:
        return seat_ref(value)
    if key == "position" and isinstance(value, int) and 0 <= value < len(CONTENT.board.jump_track):
        return _named(CONTENT.board.jump_track[value].name)  # the Jump Preparation track's space, by its name
    if isinstance(value, str):
        if key == "outcome" and value in OUTCOMES:
            return gettext(OUTCOMES[value])
        if key in ("winner", "side") and value in WINNERS:
            return gettext(WINNERS[value])
        if key == "reason" and value in REASONS:
            return gettext(REASONS[value])
        if key == "label" and value in CRISIS_OPTIONS:
            return gettext(CRISIS_OPTIONS[value])
        if key == "result" and value in HITS:
            return gettext(HITS[value])
        if key in ("attacker", "target") and value in ATTACKERS:
            return gettext(ATTACKERS[value])
        if key == "target" and value.startswith("basestar.") and value.split(".")[1].isdigit():
            return gettext("basestar %(n)s") % {"n": int(value.split(".")[1]) + 1}
        if key == "pick" and value in PICKS:
            return gettext(PICKS[value])
        if key == "pick" and value.startswith("mk7.") and value[4:] in SPACE_AREAS:
            return name_of(value[4:])  # the area whose Viper Mark VII is called back (RULINGS G215)
        if key == "pick" and value.startswith("centurion.") and value.split(".")[1].isdigit():
            return int(value.split(".")[1]) + 1  # the Boarding Party track's space, numbered as the board shows

        if key == "deck" and value in DECKS:
            return gettext(DECKS[value])
        if key == "icon" and value in ICONS:
            return gettext(ICONS[value])
        return name_of(value)
    if isinstance(value, list):
        return ", ".join(str(describe(key, v)) for v in value)
    if isinstance(value, dict):
        return ", ".join(
            f"{name_of(str(k))} {v:+d}" if isinstance(v, int) else f"{name_of(str(k))} {v}"
            for k, v in sorted(value.items())
        )
    return value


def command_key(command: Command) -> str:
    """The ``COMMANDS`` key of a command: its kind, or the variant its arguments pick."""
    kind, args = command.kind, command.args
    if kind == "choose_character" and args.get("area"):
        return "choose_character_area"
    if kind == "move" and args.get("discard"):
        return "move_discard"
    if kind == "activate_location" and args.get("pick") == "mk7":
        return "activate_location_mk7"
    if kind == "activate_location" and str(args.get("pick")).startswith("mk7."):  # R622 (RULINGS G215)
        return "activate_location_mk7_recall"
    if kind == "choose_new_character" and args.get("pick") == "mk7":  # R456, R916: Apollo in a Mark VII
        return "choose_new_character_mk7"
    if kind in ("viper_launch", "viper_move") and args.get("mk7"):
        return f"{kind}_mk7"
    if kind == "launch_nuke" and args.get("target") == "area":
        return "launch_nuke_area"
    if kind == "activate_location" and args.get("pick") == "assault_raptor":  # Daybreak (R623)
        return "activate_location_assault_raptor"
    if kind == "activate_location" and args.get("pick") in SPACE_AREAS:  # R622: the viper called back
        return "activate_location_recall"
    if kind == "activate_location" and str(args.get("pick")).startswith("centurion."):  # R308 (RULINGS G214)
        return "activate_location_centurion"
    if kind == "activate_location":
        return next(
            (f"activate_location_{k}" for k in ("target", "pick", "area") if args.get(k) is not None), kind
        )
    if kind == "choose_damage" and args.get("card") in PEGASUS_TOKENS:  # R800
        return "choose_damage_pegasus"
    if kind == "check_standing":  # answering skill checks in advance (RULINGS G43)
        return f"check_standing_{args.get('mode')}"
    if kind == "pilot_stays":  # Daybreak (R623)
        return "pilot_stays_yes" if args.get("stay") else "pilot_stays_no"
    if kind == "risk_raptor":
        return "risk_raptor_yes" if args.get("risk") else "risk_raptor_no"
    if kind == "reveal_loyalty" and args.get("target") is not None:
        return "reveal_loyalty_target"
    if kind == "activate_cylon_location":
        if args.get("option") is not None:
            return "activate_cylon_location_option"
        return next((f"{kind}_{k}" for k in ("target", "card") if args.get(k) is not None), kind)
    if kind == "before_check" and isinstance(args.get("card"), str):  # Daybreak (R507)
        reckless = CONTENT.skill_cards[str(args["card"]).split(".")[0]].reckless
        return "before_check_reckless" if reckless else "before_check_restore"
    if kind in ("play_quorum", "use_ability", "play_check_card", "after_check"):
        return next(
            (
                f"{kind}_{k}"
                for k in ("target", "picks", "pick", "card", "skill")
                if args.get(k) is not None and f"{kind}_{k}" in COMMANDS
            ),
            kind,
        )
    if kind == "play_skill":
        found = [k for k in ("target", "pick", "picks") if args.get(k) is not None]
        return "_".join([kind, *found]) if "_".join([kind, *found]) in COMMANDS else kind
    if kind in ("viper_launch", "viper_move", "viper_attack") and args.get("ship"):  # Daybreak (R1030)
        return f"{kind}_ship"
    if kind == "assault_raptors_stay" and not args.get("areas"):
        return "assault_raptors_stay_none"
    if kind == "arrange_cards" and not args.get("order"):
        return "arrange_cards_none"
    if kind == "choose_look" and args.get("target") == -1:
        return "choose_look_none"
    return kind


def _seat_label(seat: int, names: Mapping[int, str]) -> str:
    name = names.get(seat)
    who = gettext("Player %(n)s") % {"n": seat + 1}
    return f"{who} ({name})" if name else who


class BsgPresenter(Presenter):
    title = gettext_lazy("Battlestar Galactica")
    board_template = "bsg/board.html"
    stylesheet = "bsg/bsg.css"

    # --- texts -----------------------------------------------------------------------------------------------
    def describe_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        return {key: describe(key, value) for key, value in params.items()}

    def message_text(self, rules: Rules, message_id: str) -> str:
        """The result's reason in words (the result panel): a sentence of its own there, so capitalised (the
        log says it inside its own sentence, in lower case)."""
        if message_id in REASONS:
            return capfirst(gettext(REASONS[message_id]))
        return super().message_text(rules, message_id)

    def event_text(self, rules: Rules, kind: str, data: Mapping[str, Any]) -> str:
        """The engine's sentence, with what the log would otherwise leave out: which resources changed and by
        how much; a single ship placed in the singular."""
        if kind == "resources_changed" and isinstance(data.get("changes"), Mapping) and data["changes"]:
            return fill(gettext(EVENT_TEXTS["resources_changed"]), self.describe_params(data))
        if kind in ("check_contribution_done", "check_passed_in_advance") and data.get("count") == 1:
            return fill(gettext(EVENT_TEXTS[kind]), self.describe_params(data))
        if kind in ("cylon_fleet_pursues", "fleet_ship_placed", "fleet_ship_unavailable") and data.get(
            "ship"
        ) in ATTACKERS:  # one Cylon ship of the Cylon Fleet (R912, R913), in the singular
            return fill(
                gettext(self._table("EVENTS")[kind]),
                {**self.describe_params(data), "ship": describe("attacker", data["ship"])},
            )
        if kind == "ships_placed" and data.get("count") == 1 and data.get("ship") in ATTACKERS:
            return fill(
                gettext(EVENT_TEXTS["ship_placed"]),
                {**self.describe_params(data), "ship": describe("attacker", data["ship"])},
            )
        return super().event_text(rules, kind, data)

    def command_label(self, rules: Rules, command: Command, view: Mapping[str, Any] | None = None) -> str:
        args = dict(command.args)
        key = command_key(command)
        template = COMMANDS.get(key)
        shown = {
            k: player_label(v) if k in SEAT_KEYS and isinstance(v, int) and v >= 0 else describe(k, v)
            for k, v in args.items()
        }
        view = view or {}
        if command.kind == "activate_location":
            me = next((p for p in view.get("players", ()) if p["seat"] == command.seat), None)
            shown["location"] = name_of(me["location"]) if me and me.get("location") else "?"
        if command.kind == "choose_option":
            shown["option"] = _option_label(view, args.get("option"))
        me = next((p for p in view.get("players", ()) if p["seat"] == command.seat), None)
        if command.kind == "activate_cylon_location":  # Resolute names another location (Athena, R803j-l)
            location = args.get("location") or (me.get("location") if me else None)
            shown["location"] = name_of(location) if location else "?"
            if args.get("option") is not None:
                shown["option"] = _cylon_option_label(location, args["option"], shown.get("card", ""))
        if command.kind == "use_ability":
            character = me.get("character") if me else None
            found = next(
                (a for a in ABILITIES.values() if character and a.id in _once_per_game(character)), None
            )
            if args.get("ability") == "sheet" and character:  # a Cylon Leader's sheet action (R802d)
                found = next((a for a in CONTENT.characters[character].abilities if a.kind == "ability"), None)
            shown["ability"] = _named(found.name) if found else "?"
        if template is None:  # a command this presenter does not know yet: its kind and arguments, readable
            label = command.kind.replace("_", " ").capitalize()
            if shown:
                label += ": " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(shown.items()))
            return label
        return fill(gettext(template), shown)

    def controls(
        self, rules: Rules, view: Mapping[str, Any], legal: Sequence[Command], position: int | None
    ) -> list[dict[str, Any]]:
        out = []
        for c in legal:
            card = next(
                (v for k, v in c.args.items() if k in ("card", "discard") and isinstance(v, str)), None
            )
            out.append(
                {
                    "kind": c.kind,
                    "args": json.dumps(dict(c.args), sort_keys=True, separators=(",", ":")),
                    "label": self.command_label(rules, c, view),
                    "group": c.kind,
                    "css": f"bsg-command {skill_class(card)}".strip() if card else "bsg-command",
                }
            )
        return out

    def rerandomise(self, rules: Rules, state: Any, seat: int | None, rng: Rng) -> Any:
        """The engine's own once it has one; until then ``games.bsg.secrets``."""
        if type(rules).rerandomise is not Rules.rerandomise:
            return rules.rerandomise(state, seat, rng)
        return secrets.rerandomise(state, seat, rng)

    # --- the board as parts -----------------------------------------------------------------------------------
    def board_parts(self, rules: Rules, ctx: Mapping[str, Any]) -> list[Part]:
        view = ctx.get("view")
        if view is None:
            return []
        names: Mapping[int, str] = ctx.get("seat_names") or {}
        labels = {p["seat"]: _seat_label(p["seat"], names) for p in view["players"]}
        parts = [
            Part("bsg-status", "bsg/status.html", status_data(view, labels), public=True),
            Part("bsg-crisis", "bsg/crisis.html", crisis_data(view, labels), public=True),
            Part("bsg-ships", "bsg/ships.html", ships_data(view, labels), public=True),
            Part("bsg-space", "bsg/space.html", space_data(view, labels), public=True),
            Part("bsg-players", "bsg/players.html", players_data(view, labels), public=True),
        ]
        if view.get("ionian"):  # Exodus's Ionian Nebula: trauma counts, the Crossroads phase, the Trial
            parts.insert(4, Part("bsg-ionian", "bsg/ionian.html", ionian_data(view, labels), public=True))
        position = ctx.get("position")
        if position is not None:
            hand = hand_data(view, position)
            hand.update(self._interrupt_forms(rules, view, position, ctx))
            hand["away"] = ctx.get("away")  # the seat's away order, its own (RULINGS G45)
            parts.insert(2, Part("bsg-hand", "bsg/hand.html", hand, public=False))
        return parts

    def _interrupt_forms(
        self, rules: Rules, view: Mapping[str, Any], position: int, ctx: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The seat's interrupts (RULINGS G37, G39, G41: Religious Visions, readying a die card, Zarek's
        reroll), sent whoever the game waits for: forms in the seat's own part, posting as the panel's do."""
        me: Mapping[str, Any] = next((p for p in view["players"] if p["seat"] == position), {})
        table = ctx.get("table")
        if table is None or not ctx.get("is_active", True):
            return {"interrupts": []}
        forms = []
        for entry in me.get("interrupts") or []:
            args = {k: v for k, v in entry.items() if k != "kind"}
            command = Command(position, str(entry["kind"]), args)
            card = args.get("card")
            forms.append(
                {
                    "kind": command.kind,
                    "args": json.dumps(args, sort_keys=True, separators=(",", ":")),
                    "label": self.command_label(rules, command, view),
                    "css": f"bsg-command {skill_class(card)}".strip()
                    if isinstance(card, str)
                    else "bsg-command",
                }
            )
        return {
            "interrupts": forms,
            "url": reverse("table_command", args=[table.pk]),
            "version": str(ctx.get("form_version", "")),
            "key": str(ctx.get("idempotency_key", "")),
        }


def _once_per_game(character: str) -> list[str]:
    found = CONTENT.characters.get(character)
    return [a.id for a in found.abilities if a.kind == "once_per_game"] if found else []


def _cylon_option_label(location: str | None, option: Any, card: str) -> str:
    """A Cylon location's option in words, from the first effect of that option in the data."""
    found = CONTENT.locations.get(str(location))
    if found is None or not found.effects or not isinstance(option, int):
        return str(option)
    options = found.effects[0].get("options") or ()
    if not 0 <= option < len(options) or not options[option]:
        return str(option)
    words = []
    for effect in options[option]:  # every effect of the option (the Basestar Bridge takes two)
        key = f"{effect.kind}:{effect.get('icon')}" if effect.get("icon") else effect.kind
        if key not in CYLON_OPTIONS:
            return str(option)
        words.append(fill(gettext(CYLON_OPTIONS[key]), {"card": card}))
    return ", ".join(words)


def _option_label(view: Mapping[str, Any], option: Any) -> str:
    prompt = view.get("prompt") or {}
    crisis = CONTENT.crises.get(str(prompt.get("card"))) or CONTENT.super_crises.get(str(prompt.get("card")))
    if crisis is None or not isinstance(option, int) or not 0 <= option < len(crisis.options):
        return str(option)
    label = crisis.options[option].label
    return gettext(CRISIS_OPTIONS[label]) if label in CRISIS_OPTIONS else str(label)


# --- part data (JSON-able; public parts only from what every viewer sees alike) -------------------------------


def status_data(view: Mapping[str, Any], labels: Mapping[int, str]) -> dict[str, Any]:
    board = CONTENT.board
    resources = view["resources"]
    centurions = list(view.get("boarding") or [])
    result = view.get("result") or None
    turn_phase = view["phase"] == "turn"
    returned = bool((view.get("new_caprica") or {}).get("returned"))  # R834: the jump track no longer used
    return {
        "turn": view["turn"],
        "phase": gettext(PHASES.get(view["phase"], view["phase"])),
        "step": gettext(STEPS[view["step"]]) if turn_phase and view.get("step") in STEPS else "",
        "current": labels.get(view["current"], "") if turn_phase else "",
        "president": labels.get(view["president"], "") if view.get("president") is not None else "",
        "admiral": labels.get(view["admiral"], "") if view.get("admiral") is not None else "",
        "cag": labels.get(view["cag"], "") if view.get("cag") is not None else "",
        "resources": [
            {
                "key": key,
                "name": gettext(RESOURCES[key]),
                "value": resources.get(key, 0),
                "max": board.resource_max,
                "low": resources.get(key, 0) <= board.resource_half.get(key, 0),
            }
            for key in RESOURCES
        ],
        "jump": [
            {
                "name": _named(s.name),
                "here": i == view["jump"],
                "blue": s.blue,
                "auto": s.auto,
                "population": s.population,
            }
            for i, s in enumerate(board.jump_track)
        ] if not returned else [],
        "returned": gettext(NEW_CAPRICA_RETURNED) if returned else "",
        "distance": view["distance"],
        **_goal(view),
        "boarding": [
            {"n": i + 1, "centurions": centurions.count(i), "win": i == board.boarding_win_at}
            for i in range(board.boarding_spaces)
        ],
        "damage": [name_of(loc) for loc in view.get("damaged_locations") or []],
        "decks": [
            (gettext("Crisis"), view["decks"]["crisis"]),
            (gettext("Destination"), view["decks"]["destination"]),
            (gettext("Quorum"), view["decks"]["quorum"]),
            (gettext("Loyalty"), view["decks"]["loyalty"]),
            (gettext("Destiny"), view["decks"]["destiny"]),
        ],
        "skills": [
            {"name": name_of(k), "css": skill_class(k), "count": n} for k, n in view["decks"]["skill"].items()
        ],
        "over": (
            gettext("The %(winner)s win.")
            % {"winner": gettext(WINNERS.get(result["winner"], result["winner"]))}
            if result and isinstance(result, Mapping) and result.get("winner")
            else ""
        ),
    }


def _crisis_type(card: str) -> str:
    """A Crisis card's kind (skill_check, choice, cylon_attack, event), for the page's structure."""
    found = CONTENT.crises.get(card) or CONTENT.super_crises.get(card)
    return found.type if found else ""


def crisis_data(view: Mapping[str, Any], labels: Mapping[int, str]) -> dict[str, Any]:
    crisis = view.get("crisis")
    check = view.get("check")
    out: dict[str, Any] = {
        "crisis": {
            "id": crisis,
            "name": name_of(crisis),
            "text": card_text(crisis),
            "type": _crisis_type(crisis),
        }
        if crisis
        else None,
        "check": None,
        "prompt": None,
    }
    if check is not None:
        before = check.get("before") is not None  # Daybreak's reckless window: nobody contributes yet (R507)
        waiting = check.get("waiting_for")
        order = list(check["order"])
        at = order.index(waiting) if waiting in order else len(order)
        counts = check.get("counts") or {}
        source = check.get("card") or check.get("location") or check.get("mission") or ""
        out["check"] = {
            "source": name_of(source) if source else "",
            # a Mission's check (Daybreak's Earth objective, R1053): its card's text beside the check
            "text": card_text(check["mission"]) if check.get("mission") else "",
            "target": labels.get(check["target"], "") if isinstance(check.get("target"), int) else "",
            "colors": [{"name": name_of(c), "css": skill_class(c)} for c in check["colors"]],
            "difficulty": check["difficulty"],
            "partial_at": check.get("partial_at"),
            "destiny": check.get("destiny_count", 0),
            "order": [
                {
                    "who": labels.get(s, str(s)),
                    "count": counts.get(str(s), 0),
                    "state": "done" if i < at else "waiting" if i == at and not before else "later",
                }
                for i, s in enumerate(order)
            ],
            "waiting": labels.get(waiting, "") if waiting is not None else "",
        }
        reckless = check.get("reckless")  # Daybreak (R507): the Reckless card, face up with its owner
        out["check"]["reckless"] = (
            {"who": labels.get(reckless["seat"], ""), "card": name_of(reckless["card"]),
             "css": skill_class(reckless["card"])} if reckless else None)
        out["check"]["restored"] = bool(check.get("restored"))
        asked = check.get("before")
        out["check"]["before"] = labels.get(asked, "") if isinstance(asked, int) else ""
    prompt = view.get("prompt")
    if prompt is not None and isinstance(prompt.get("seat"), int):
        out["prompt"] = {"who": labels.get(prompt["seat"], ""), "kind": str(prompt.get("kind", ""))}
    return out


def _place(p: Mapping[str, Any]) -> str:
    if p.get("eliminated"):  # the Ionian Nebula's Trial (R978)
        return gettext("eliminated")
    if p.get("viper") and p.get("craft") == "assault_raptor":  # Daybreak (R623)
        return gettext("in an Assault Raptor, %(area)s") % {"area": name_of(p["viper"])}
    if p.get("viper"):
        return gettext("in a viper, %(area)s") % {"area": name_of(p["viper"])}
    if p.get("stranded"):
        return gettext("stranded")
    if p.get("location"):
        return name_of(p["location"])
    return ""


def _new_caprica_board(view: Mapping[str, Any], here: Mapping[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The New Caprica board once its phase has begun (R820): its locations with their occupation forces tokens
    (R833), and the grounded civilian ships' stacks (R821, R834)."""
    nc = view.get("new_caprica")
    if not nc:
        return []
    tokens = list(nc["occupation"])
    locations = [
        {
            "id": lid,
            "name": _named(loc.name) + (
                " · " + gettext("occupation forces: %(n)d") % {"n": tokens.count(lid)} if lid in tokens else ""),
            "text": card_text(lid),
            "damaged": False,
            "hazardous": False,
            "people": here.get(lid, []),
        }
        for lid, loc in NC_LOCATIONS.items()
    ]
    stacks = gettext("civilian ships locked down: %(locked)d, operational: %(operational)d") % {
        "locked": nc["locked_down"], "operational": nc["operational"]}
    return [{"id": "new_caprica", "name": f"{gettext(NEW_CAPRICA)} ({stacks})", "locations": locations}]


#: Daybreak's Earth objective (R1050): the Demetrius, and the Rebel Basestar once its marker is on it (R1060)
EARTH_SHIPS = ("demetrius", "rebel_basestar")
ALLEGIANCE = {"human": gettext_noop("allied with the humans"), "cylon": gettext_noop("allied with the Cylons")}


def _earth_board(view: Mapping[str, Any], here: Mapping[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The Demetrius with the Active Mission space, the Mission deck and the distance Missions beside the Earth
    card (R1053-R1055); the Rebel Basestar with its allegiance marker once "Cylon Civil War" put it in play."""
    e = view.get("earth")
    if not e:
        return []
    active = e.get("active")
    lines = []
    if active is None:
        lines.append({"label": gettext("Active Mission"), "value": gettext("none: the Bridge is open"), "text": ""})
    elif active["face_up"]:
        mission = CONTENT.missions[active["card"]]
        extra = " · " + gettext("distance %(n)d") % {"n": mission.distance} if mission.distance else ""
        lines.append({"label": gettext("Active Mission"), "value": _named(mission.name) + extra,
                      "text": card_text(mission.id)})
    else:
        lines.append({"label": gettext("Active Mission"),
                      "value": gettext("%(name)s, failed (face down)") % {"name": name_of(active["card"])},
                      "text": card_text(active["card"])})
    lines.append({"label": gettext("Missions"), "value": gettext("deck %(deck)d, discard pile %(discard)d") % {
        "deck": e["mission_deck"], "discard": len(e["mission_discard"])}, "text": ""})
    beside = e.get("beside") or []
    if beside:
        lines.append({"label": gettext("Beside Earth"),
                      "value": ", ".join(f"{name_of(m)} (+{CONTENT.missions[m].distance})" for m in beside),
                      "text": ""})
    out = []
    for ship_id in EARTH_SHIPS:
        if ship_id == "rebel_basestar" and e.get("allegiance") is None:
            continue
        ship = CONTENT.ships[ship_id]
        name = _named(ship.name)
        if ship_id == "rebel_basestar":
            name += " (" + gettext(ALLEGIANCE[e["allegiance"]]) + ")"
        locations = [
            {"id": loc.id, "name": _named(loc.name), "text": card_text(loc.id), "damaged": False,
             "hazardous": False, "people": here.get(loc.id, [])}
            for loc in CONTENT.locations.values() if loc.ship == ship_id
        ]
        out.append({"id": ship_id, "name": name, "locations": locations,
                    "lines": lines if ship_id == "demetrius" else [],
                    "side": e.get("allegiance") if ship_id == "rebel_basestar" else None})
    return out


def ships_data(view: Mapping[str, Any], labels: Mapping[int, str]) -> dict[str, Any]:
    """The ships of the table's sets (the Pegasus only at a Pegasus table, and not once destroyed, R800)."""
    damaged = set(view.get("damaged_locations") or [])
    pegasus = view.get("pegasus") or {}
    tokens = {t.id: t.location for t in CONTENT.board.pegasus_damage}
    damaged |= {str(tokens[t]) for t in pegasus.get("damage", []) if tokens.get(t)}
    sets = {"base"} | {name for name in ("pegasus", "exodus", "daybreak") if (view.get("options") or {}).get(name)}
    here: dict[str, list[dict[str, Any]]] = {}
    for p in view["players"]:
        if p.get("location"):
            here.setdefault(p["location"], []).append(
                {
                    "who": labels.get(p["seat"], ""),
                    "character": name_of(p["character"]) if p["character"] else "",
                    "seat": p["seat"],
                    "cylon": bool(p.get("cylon")),
                }
            )
    ion = view.get("ionian") or {}
    allies: dict[str, list[dict[str, Any]]] = {}
    for a in ion.get("allies") or []:  # R945: the allies waiting in their locations, their cards public (A19)
        allies.setdefault(a["location"], []).append({"id": a["card"], "name": name_of(a["card"]),
                                                     "text": card_text(a["card"])})
    trauma_places = {k for k, v in (ion.get("places") or {}).items() if v} if not ion.get("done") else set()
    ships = []
    for ship in CONTENT.ships.values():
        if ship.set not in sets or (ship.id == "pegasus" and pegasus.get("destroyed")):
            continue
        if ship.id in EARTH_SHIPS:  # Daybreak's Earth objective: shown with its Missions (_earth_board)
            continue
        mods = modules(view.get("options", {}))
        locations = [
            {
                "id": loc.id,
                "name": _named(loc.name),
                "text": card_text(loc.id),
                "damaged": loc.id in damaged,
                "hazardous": loc.hazardous,
                "people": here.get(loc.id, []),
                "allies": allies.get(loc.id, []),
                "trauma": loc.id in trauma_places,
            }
            for loc in CONTENT.locations.values()
            # a module's location (the Cylon Fleet's Basestar Bridge) with its module, whatever the sets
            if loc.ship == ship.id and (loc.in_play(mods) if loc.module is not None else loc.set in sets)
        ]
        if ship.id == "cylon_locations" and not any(loc["people"] for loc in locations):
            continue  # nobody has turned Cylon yet
        ships.append({"id": ship.id, "name": _named(ship.name), "locations": locations})
    ships += _new_caprica_board(view, here)
    ships += _earth_board(view, here)
    away = [
        {
            "who": labels.get(p["seat"], ""),
            "character": name_of(p["character"]) if p["character"] else "",
            "place": _place(p),
        }
        for p in view["players"]
        if p.get("character") and not p.get("location")
    ]
    return {"ships": ships, "away": away}


def space_data(view: Mapping[str, Any], labels: Mapping[int, str]) -> dict[str, Any]:
    pilots: dict[str, list[str]] = {}
    for p in view["players"]:
        if p.get("viper"):
            pilots.setdefault(p["viper"], []).append(labels.get(p["seat"], ""))
    fleet = view.get("cylon_fleet")  # the Exodus Cylon Fleet (R910-R916), or None
    mk7 = (fleet or {}).get("mk7") or {}
    areas = []
    for area in sorted(CONTENT.board.space_areas, key=lambda a: a.number):
        ships = view["space"].get(area.id, {})
        areas.append(
            {
                "id": area.id,
                "number": area.number,
                "name": _named(area.name),
                "launch": area.launch,
                "raiders": ships.get("raider", 0),
                "heavy_raiders": ships.get("heavy_raider", 0),
                "vipers": ships.get("viper", 0),
                "basestars": list(ships.get("basestars", [])),
                # R162: each basestar's damage tokens, face up, by name (RULINGS G212)
                "basestar_tokens": [[name_of(t) for t in held] for held in ships.get("basestar_damage", [])],
                "civilians": ships.get("civilians", 0),
                "pilots": pilots.get(area.id, []),
                "mk7": (mk7.get("space") or {}).get(area.id, 0),
            }
        )
    reserves = view.get("reserves") or {}
    raptors = (view.get("daybreak") or {}).get("assault_raptors")  # Daybreak (R623)
    for a in areas:
        a["assault_raptors"] = ((raptors or {}).get("space") or {}).get(a["id"], 0)
    return {
        "assault_raptors": raptors["reserves"] if raptors else None,
        "fleet": _fleet_board(fleet) if fleet else None,
        "areas": areas,
        "vipers": reserves.get("viper", 0),
        "raptors": reserves.get("raptor", 0),
        "damaged_vipers": view.get("damaged_vipers", 0),
        "civilians_lost": len(view.get("civilians_destroyed") or []),
    }


def _fleet_board(fleet: Mapping[str, Any]) -> dict[str, Any]:
    """The Cylon Fleet board (R910, R913): its areas by number with their ships, the pursuit track (R915) with
    the marker and the spaces where the CAG places civilian ships, the Viper Mark VII off the board (R916)."""
    areas = []
    for area in sorted(CONTENT.board.space_areas, key=lambda a: a.number):
        ships = (fleet.get("areas") or {}).get(area.id, {})
        areas.append(
            {
                "id": area.id,
                "number": area.number,
                "name": _named(area.name),
                "rolls": sorted(r for r, a in CONTENT.cylon_fleet.rolls.items() if a == area.id),
                "raiders": ships.get("raider", 0),
                "heavy_raiders": ships.get("heavy_raider", 0),
                "basestars": ships.get("basestar", 0),
            }
        )
    last = len(fleet.get("track") or []) - 1
    track = [
        {"n": i, "here": i == fleet.get("pursuit"), "civilians": s.get("civilians", 0), "start": i == 0, "end": i == last}
        for i, s in enumerate(fleet.get("track") or [])
    ]
    mk7 = fleet.get("mk7") or {}
    return {
        "areas": areas,
        "track": track,
        "mk7_reserves": mk7.get("reserves", 0),
        "mk7_damaged": mk7.get("damaged", 0),
        "boxed": fleet.get("boxed_vipers", 0),
    }


def players_data(view: Mapping[str, Any], labels: Mapping[int, str]) -> dict[str, Any]:
    rows = []
    for p in view["players"]:
        titles = [gettext(TITLES[t]) for t in ("president", "admiral", "cag") if view.get(t) == p["seat"]]
        rows.append(
            {
                "seat": p["seat"],
                "who": labels.get(p["seat"], ""),
                "character": name_of(p["character"]) if p.get("character") else "",
                "sheet": character_sheet(p["character"]) if p.get("character") else "",
                "place": _place(p),
                "titles": titles,
                "current": view["phase"] == "turn" and view["current"] == p["seat"],
                "hand": p["hand_count"],
                "loyalty": p["loyalty_count"],
                "quorum": p["quorum_count"],
                "super_crisis": p["super_crisis_count"],
                "nukes": p.get("nukes", 0),
                # Daybreak: the Miracle tokens and how many Mutiny cards, public (R1010, R1020)
                "miracles": p.get("miracles"),
                "mutiny": p.get("mutiny_count", 0),
                "cylon": bool(p.get("cylon")),
                # public: a Cylon Leader or a Sympathetic Cylon, and whether he is infiltrated (R802, R803, R406)
                "leader": gettext("Cylon Leader") if p.get("leader")
                else gettext("Sympathetic Cylon") if p.get("friendly") else "",
                "infiltrated": bool(p.get("infiltrated")),
                # Daybreak: a Leader's Motive cards, how many face down and the revealed ones face up (R804)
                "motive_count": p.get("motive_count"),
                "motives_revealed": [{"name": name_of(c), "text": card_text(c)}
                                     for c in p.get("motives_revealed") or []],
                "revealed": [{"name": name_of(c), "text": card_text(c)} for c in p.get("revealed") or []],
                # Final Five cards shown to everyone, back face down in the hand (R410)
                "shown": [{"name": name_of(c), "text": card_text(c)} for c in p.get("shown_loyalty") or []],
                # public: the Quorum cards lying on the character, the die cards readied face up (RULINGS G32, G39)
                "attached": [
                    {"name": name_of(a["card"]), "text": card_text(a["card"])}
                    for a in view.get("attached") or []
                    if a.get("seat") == p["seat"]
                ],
                "readied": _skill_cards(
                    [str(r["card"]) for r in view.get("readied") or [] if r.get("seat") == p["seat"]]
                ),
            }
        )
    return {"players": rows}


def _skill_cards(cards: Sequence[str]) -> list[dict[str, Any]]:
    out = []
    for card in cards:
        base, strength = card.split(".")[0], card.split(".")[1]
        info = CONTENT.skill_cards.get(base)
        out.append(
            {
                "id": card,
                "name": _named(info.name) if info else card,
                "strength": strength,
                "skill": name_of(info.skill) if info else "",
                "css": skill_class(card),
                "text": card_text(card) if info else "",
            }
        )
    return out


def hand_data(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    me: Mapping[str, Any] = next((p for p in view["players"] if p["seat"] == seat), {})
    check = view.get("check") or {}
    prompt = view.get("prompt") or {}
    kind = str(prompt.get("kind", "")) if prompt.get("cards") else ""
    return {
        # what this seat has seen of others' Loyalty cards (RULINGS G35, G40)
        "known": [{"id": c, "name": name_of(c), "text": card_text(c)} for c in me.get("known_loyalty") or []],
        # its die cards readied ahead, face up until the roll they apply to (RULINGS G39)
        "readied": _skill_cards([str(r["card"]) for r in view.get("readied") or [] if r.get("seat") == seat]),
        # its standing pass on skill checks, its own secret (RULINGS G43)
        "standing": gettext(STANDING[str(me["standing"])]) if me.get("standing") in STANDING else "",
        "choices_title": gettext(PROMPT_CARDS[kind])
        if kind in PROMPT_CARDS
        else gettext("Cards to choose from"),
        "hand": _skill_cards(me.get("hand") or []),
        "loyalty": [{"id": c, "name": name_of(c), "text": card_text(c)} for c in me.get("loyalty") or []],
        # a Cylon Leader's or Sympathetic Cylon's Agenda card, his alone (R805, R406)
        "agenda": {"id": me["agenda"], "name": name_of(me["agenda"]), "text": card_text(me["agenda"])}
        if me.get("agenda") else None,
        # a Cylon Leader's Motive cards with Daybreak: his own face down, and those he revealed (R804)
        "motives": [{"id": c, "name": name_of(c), "text": card_text(c)} for c in me.get("motives") or []],
        "motives_revealed": [{"id": c, "name": name_of(c), "text": card_text(c)}
                             for c in me.get("motives_revealed") or []],
        # its Mutiny cards, its alone (Daybreak, R1020)
        "mutiny": [{"id": c, "name": name_of(c), "text": card_text(c)} for c in me.get("mutiny") or []],
        # its cards face up (a reveal, the Sympathizer, the end of the game): "none yet" would be untrue
        "revealed": [{"id": c, "name": name_of(c)} for c in me.get("revealed") or []],
        "quorum": [{"id": c, "name": name_of(c), "text": card_text(c)} for c in me.get("quorum") or []],
        "super_crisis": [
            {"id": c, "name": name_of(c), "text": card_text(c)} for c in me.get("super_crisis") or []
        ],
        "played": _skill_cards(check.get("mine") or []),
        "choices": [
            {
                "id": c,
                "name": name_of(c),
                "text": card_text(c),
                "distance": getattr(CONTENT.destinations.get(c), "distance", None),
            }
            for c in prompt.get("cards") or []
        ],
        "limit": CONTENT.board.hand_limits.get("skill", 10),
        **_own_trauma(view, seat),
    }


def _own_trauma(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """Exodus's Ionian Nebula: the seat's own trauma tokens and Crossroads card with the token it played, its
    secrets (R944, R963, R964)."""
    ion = view.get("ionian")
    if not ion or ion.get("done"):
        return {}
    cr = view.get("crossroads") or {}
    card = (cr.get("cards") or {}).get(str(seat))
    committed = cr.get("mine_committed")
    return {
        "trauma": [{"kind": t, "name": name_of(t)} for t in ion.get("mine") or []],
        "crossroads_card": {"id": card, "name": name_of(card), "text": card_text(card),
                            "committed": name_of(committed) if committed else ""} if card else None,
    }


def ionian_data(view: Mapping[str, Any], labels: Mapping[int, str]) -> dict[str, Any]:
    """Exodus's Ionian Nebula, as everyone sees it: how many trauma tokens each player holds, the pool and the
    Ally deck; during the Crossroads phase whose card and token lie face down, the cards revealed with their
    results, and the Trial's tokens shown, its eliminations (R960-R978)."""
    ion = view["ionian"]
    cr = view.get("crossroads") or {}
    trial = ion.get("trial") or {}  # the phase is over: its Trial's outcome stays on show
    shown = cr.get("shown") or trial.get("shown") or {}
    gone = set(cr.get("eliminated") or trial.get("eliminated") or [])
    revealed = set(cr.get("revealed") or [])
    rows = []
    for p in view["players"]:
        key = str(p["seat"])
        card = (cr.get("cards") or {}).get(key) if p["seat"] in revealed else None
        result = (cr.get("results") or {}).get(key)
        row: dict[str, Any] = {
            "who": labels.get(p["seat"], ""), "seat": p["seat"],
            "count": (ion.get("trauma_counts") or {}).get(key, 0),
            "eliminated": bool(p.get("eliminated")) or p["seat"] in gone,
            "dealt": p["seat"] in (cr.get("dealt") or []), "committed": p["seat"] in (cr.get("committed") or []),
            "waiting": p["seat"] in (cr.get("waiting") or []),
            "card": {"name": name_of(card), "text": card_text(card)} if card else None,
            "token": name_of(str((cr.get("tokens") or {}).get(key))) if key in (cr.get("tokens") or {}) else "",
            "result": name_of(result) if result else "",
        }
        if key in shown:
            got = shown[key]["tokens"]
            row["shown"] = gettext("%(b)d benevolent, %(a)d antagonistic; keeps %(k)d") % {
                "b": got.count("benevolent"), "a": got.count("antagonistic"), "k": shown[key]["kept"]}
        rows.append(row)
    stage = cr.get("stage")
    return {
        "done": ion.get("done"), "pool": ion.get("pool"), "ally_deck": ion.get("ally_deck"),
        "rows": rows, "phase": bool(cr), "stage": gettext(CROSSROADS_STAGES[stage]) if stage in CROSSROADS_STAGES
        else "",
        "tied": [labels.get(s, "") for s in cr.get("tied") or []],
    }


#: The Crossroads phase's stages, as its panel names them (R961-R970).
CROSSROADS_STAGES = {
    "battle": gettext_noop("The Battle of the Ionian Nebula is set up"),
    "deal": gettext_noop("The Crossroads cards are dealt"),
    "commit": gettext_noop("Each player plays a trauma token face down"),
    "reveal": gettext_noop("The Crossroads cards are revealed, one by one"),
    "choose": gettext_noop("A player without a token chooses his result"),
    "remove": gettext_noop("The Trial: the cards and tokens in play are removed"),
    "trial": gettext_noop("The Trial: every player shows his trauma tokens"),
    "filter": gettext_noop("The Trial: 2 tokens or fewer are discarded"),
    "eliminate": gettext_noop("The Trial: the most tokens is eliminated"),
    "president": gettext_noop("The Trial: the President chooses among the tied humans"),
    "cleanup": gettext_noop("The Crossroads phase ends"),
}


register_presenter("bsg", BsgPresenter)
