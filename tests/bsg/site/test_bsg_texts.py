"""Italian: every text the BSG engine can show (refusal codes, prompts, events, table options), every name the
board takes from the data files and every rules text it shows from them (cards, locations, character abilities)
has an entry in the Italian catalogue; ``games/bsg/strings.py`` lists them all (``manage.py bsg_strings``); the
log and the board read in Italian."""

from __future__ import annotations

import gettext
import random
from html import unescape
from pathlib import Path

import pytest
from django.utils import translation

from games.bsg.engine import messages
from games.bsg.engine.state import CONTENT
from games.bsg.management.commands.bsg_strings import TARGET, collect, render
from games.bsg.presenter import (
    ABILITY_KINDS,
    COMMANDS,
    _worded,
    card_text,
    character_sheet,
    data_names,
    data_texts,
    name_of,
)
from games.engine import registry
from games.presenters import presenter_for
from tests.support.pages import logged_in_clients, random_step, seeded_table, table_page
from tests.support.tables import state_of

MO = Path(__file__).resolve().parents[3] / "locale" / "it" / "LC_MESSAGES" / "django.mo"


def _catalog() -> dict[str, str]:
    with MO.open("rb") as fh:
        found: dict[str, str] = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
    return found


def test_the_strings_module_is_up_to_date() -> None:
    assert Path(TARGET).read_text(encoding="utf-8") == render(), "run: manage.py bsg_strings"


def test_every_engine_text_data_name_and_command_label_has_an_italian_text() -> None:
    catalog = _catalog()
    for table in ("MESSAGES", "PROMPTS", "EVENTS", "OPTIONS"):
        texts = getattr(messages, table)
        assert texts, table
        assert not [key for key, text in texts.items() if not catalog.get(text)], table
    assert len(data_names()) > 50
    assert not [text for _, text in collect() if not catalog.get(text)]
    assert not [key for key, text in COMMANDS.items() if not catalog.get(text)]


def test_an_italian_player_reads_italian_names_and_events() -> None:
    rules = registry.get("bsg")
    presenter = presenter_for("bsg")
    with translation.override("it"):
        assert name_of("research_lab") == "Laboratorio di ricerca"
        assert name_of("repair.2.9") == "Riparazione 2"
        assert name_of("prison_labor") == "Lavoro dei detenuti"
        assert name_of("ragnar_anchorage") == "Ancoraggio di Ragnar"
        assert presenter.event_text(rules, "character_moved", {"seat": 1, "location": "sickbay"}) == (
            "Il giocatore 2 si è spostato in Infermeria."
        )
        attack = {"attacker": "raider", "target": "viper", "area": "fore", "roll": 6, "result": "damaged"}
        assert presenter.event_text(rules, "attack_rolled", attack) == (
            "Attacco di raider contro viper: 6, danneggiato."
        )
    with translation.override("en"):
        assert (
            presenter.event_text(rules, "attack_rolled", attack) == "A raider attacked a viper: 6, damaged."
        )
        assert presenter.event_text(rules, "character_moved", {"seat": 1, "location": "sickbay"}) == (
            "Player 2 moved to Sickbay."
        )


def test_the_log_says_which_resources_changed_and_places_one_ship_in_the_singular() -> None:
    rules = registry.get("bsg")
    presenter = presenter_for("bsg")
    changes = {"changes": {"fuel": -1, "population": -2}, "resources": {"fuel": 7, "population": 10}}
    with translation.override("it"):
        assert presenter.event_text(rules, "resources_changed", changes) == (
            "Le risorse sono cambiate: Carburante -1, Popolazione -2."
        )
    with translation.override("en"):
        assert presenter.event_text(rules, "resources_changed", changes) == (
            "Resources changed: Fuel -1, Population -2."
        )
        one = {"ship": "basestar", "area": "fore", "count": 1}
        assert presenter.event_text(rules, "ships_placed", one) == "1 basestar placed in Fore."
        three = {"ship": "raider", "area": "aft", "count": 3}
        assert presenter.event_text(rules, "ships_placed", three) == "3 raiders placed in Aft."


def test_a_choice_crisis_names_its_options_in_words() -> None:
    from games.bsg.engine.state import CONTENT
    from games.bsg.presenter import CRISIS_OPTIONS
    from games.engine.core import Command

    labels = {o.label for c in [*CONTENT.crises.values(), *CONTENT.super_crises.values()] for o in c.options}
    assert labels <= set(CRISIS_OPTIONS), labels - set(CRISIS_OPTIONS)
    rules = registry.get("bsg")
    presenter = presenter_for("bsg")
    view = {"prompt": {"kind": "crisis_choice", "seat": 0, "card": "strike_on_the_refinery"}, "players": []}
    with translation.override("it"):
        assert presenter.command_label(rules, Command(0, "choose_option", {"option": 0}), view) == (
            "Scegli: Cedere alle richieste"
        )
        assert presenter.event_text(rules, "crisis_option_chosen", {"seat": 0, "label": "hold_check"}) == (
            "Il giocatore 1 ha scelto Affrontare la prova di abilità."
        )
    catalog = _catalog()
    assert not [text for text in CRISIS_OPTIONS.values() if not catalog.get(text)]


def test_the_end_of_the_game_says_why_in_words() -> None:
    rules = registry.get("bsg")
    presenter = presenter_for("bsg")
    with translation.override("it"):
        assert presenter.message_text(rules, "kobol_reached") == "La flotta ha raggiunto Kobol"
        assert presenter.event_text(
            rules, "game_over", {"winner": "cylons", "reason": "galactica_destroyed"}
        ) == ("La partita è finita, vittoria: Cylon (il Galactica è stato distrutto).")
    with translation.override("en"):
        assert presenter.event_text(rules, "game_over", {"winner": "humans", "reason": "kobol_reached"}) == (
            "The game is over: the humans win (the fleet reached Kobol)."
        )
        # the result panel says it as a sentence of its own, the log inside its own (above)
        assert presenter.message_text(rules, "kobol_reached") == "The fleet reached Kobol"


def test_the_log_names_a_cylon_activation_icon_in_words() -> None:
    """The Crisis card's activation icon was shown by its engine id ("raiders", "launch raiders") on Italian
    pages too (seen in the human-victory browser test's log)."""
    from games.bsg.engine.state import CONTENT
    from games.bsg.presenter import ICONS

    icons = {icon for c in CONTENT.crises.values() for icon in c.activation}
    assert icons <= set(ICONS), icons - set(ICONS)
    rules = registry.get("bsg")
    presenter = presenter_for("bsg")
    with translation.override("it"):
        assert presenter.event_text(rules, "cylon_icon_activated", {"icon": "raiders"}) == (
            "Le navi cylon si attivano: raider."
        )
        assert presenter.event_text(rules, "cylon_icon_activated", {"icon": "launch_raiders"}) == (
            "Le navi cylon si attivano: ogni basestar lancia raider."
        )
    with translation.override("en"):
        assert presenter.event_text(rules, "cylon_icon_activated", {"icon": "heavy_raiders"}) == (
            "Cylon ships activate: heavy raiders."
        )
    catalog = _catalog()
    assert not [text for text in ICONS.values() if not catalog.get(text)]


def test_a_one_card_contribution_and_the_jump_track_space_read_in_words() -> None:
    """The human-victory browser test's log said "(1 cards)" ("(1 carte)") and "on space 5" for Auto Jump."""
    rules = registry.get("bsg")
    presenter = presenter_for("bsg")
    with translation.override("en"):
        assert presenter.event_text(rules, "check_contribution_done", {"seat": 0, "count": 1}) == (
            "Player 1 is done (1 card)."
        )
        assert presenter.event_text(rules, "check_contribution_done", {"seat": 0, "count": 2}) == (
            "Player 1 is done (2 cards)."
        )
        assert presenter.event_text(rules, "jump_track_moved", {"steps": 1, "position": 5}) == (
            "The fleet token is on space Auto Jump."
        )
    with translation.override("it"):
        assert presenter.event_text(rules, "check_contribution_done", {"seat": 1, "count": 1}) == (
            "Il giocatore 2 ha finito (1 carta)."
        )
        assert presenter.event_text(rules, "check_passed_in_advance", {"seat": 1, "count": 1}) == (
            "Il giocatore 2 ha passato in anticipo (1 carta)."
        )
        assert presenter.event_text(rules, "jump_track_moved", {"steps": 0, "position": 0}) == (
            "Il segnalino flotta è sulla casella Partenza."
        )


# --- the rules texts from the data files (issue 16) -----------------------------------------------------------

#: Data texts whose Italian is the same as the English (none yet: every rules text is a sentence).
SAME_IN_ITALIAN: frozenset[str] = frozenset()


def test_every_rules_text_of_the_data_files_has_an_italian_text_of_its_own() -> None:
    catalog = _catalog()
    texts = data_texts()
    # every card, location, character ability (ability, once per game, weakness) and the objective
    abilities = [a for c in CONTENT.characters.values() for a in c.abilities]
    assert len(abilities) == 3 * len(CONTENT.characters)
    ids = {ident for ident, _ in texts}
    assert {a.id for a in abilities} <= ids
    assert set(CONTENT.locations) | set(CONTENT.crises) | set(CONTENT.skill_cards) <= ids
    assert len(texts) > 150
    assert not [text for _, text in texts if not catalog.get(text)]
    assert not [text for _, text in texts if catalog[text] == text and text not in SAME_IN_ITALIAN]
    assert not [text for text in ABILITY_KINDS.values() if not catalog.get(text)]
    collected = {text for _, text in collect()}
    assert {text for _, text in texts} <= collected


def test_a_rules_text_reads_in_the_viewers_language_and_one_not_in_the_catalogue_as_it_is() -> None:
    with translation.override("it"):
        assert card_text("repair.2.9").startswith("Azione: ripara il luogo danneggiato in cui ti trovi")
        assert card_text("sickbay").startswith("Nessuna azione.")
        assert card_text("prison_labor") == (
            "Prova di abilità: politica, leadership, tattica, 8. Fallimento: -1 popolazione e il Presidente va "
            "in Cella."
        )
        assert card_text("baltar_coward") == "All'inizio della partita ricevi 2 carte Lealtà invece di 1."
        assert character_sheet("gaius_baltar").splitlines()[-1] == (
            "Debolezza: Codardo: All'inizio della partita ricevi 2 carte Lealtà invece di 1."
        )
        assert _worded("A text no data file holds.") == "A text no data file holds."
        assert card_text("no_such_card") == ""
    with translation.override("en"):
        assert card_text("sickbay").startswith("No action.")
        assert character_sheet("gaius_baltar").splitlines()[-1] == (
            "Weakness: Coward: You are dealt 2 Loyalty cards at the start of the game instead of 1."
        )


@pytest.mark.django_db
def test_an_italian_board_shows_the_crisis_card_the_skill_cards_and_the_locations_in_italian(
    alice, bob, charlie
) -> None:
    bob.language = "it"
    bob.save()
    cast = [alice, bob, charlie]
    table = seeded_table("bsg", cast, seed=7)
    rules = registry.get("bsg")
    rnd = random.Random(7)
    for _ in range(200):  # until the first Crisis card is in play (seed 7: the first player's turn)
        if state_of(table)["crisis"]:
            break
        assert random_step(rules, table, cast, rnd, lambda kind: 0.1 if kind == "pass_action" else 1.0)
    state = state_of(table)
    crisis, hand = state["crisis"], state["players"][1]["hand"]
    assert crisis and hand
    html = unescape(table_page(logged_in_clients([bob])[0], table))
    with translation.override("it"):
        italian = [card_text(crisis), card_text(hand[0]), card_text("sickbay"), card_text("research_lab")]
    with translation.override("en"):
        english = [card_text(crisis), card_text(hand[0]), card_text("sickbay"), card_text("research_lab")]
    for it, en in zip(italian, english, strict=True):
        assert it != en
        assert it in html, it
        assert en not in html, en
    assert "Nessuna azione. Finché sei qui" in html  # Sickbay, over its name on Galactica


def test_the_platforms_log_lines_name_a_bsg_player_as_the_engines_do() -> None:
    """A move taken back read "2 (Bob) took back their last move." on a BSG board (BSG's own sentences say
    "Player {seat}" and give only the number): the platform's lines name the player in full."""
    from games.presenters import seat_names

    rules = registry.get("bsg")
    presenter = presenter_for("bsg")
    with seat_names({1: "Bob"}), translation.override("en"):
        assert presenter.event_text(rules, "command_undone", {"seat": 1, "undone_kind": "move"}) == (
            "Player 2 (Bob) took back their last move."
        )


@pytest.mark.rules("bsg:R820", "bsg:R833")
def test_the_board_shows_new_caprica_with_its_occupation_forces_once_the_phase_begins() -> None:
    from games.bsg import presenter
    from games.bsg.engine import new_caprica
    from games.bsg.engine.rules import RULES
    from games.bsg.engine.state import Ctx
    from games.engine.core import Rng
    from tests.bsg.engine.test_new_caprica import nc_game

    state = nc_game()
    assert all(s["id"] != "new_caprica" for s in presenter.ships_data(RULES.view(state, 0), {})["ships"])
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    new_caprica.begin(ctx)
    new_caprica.activate_occupation(ctx)
    ships = presenter.ships_data(RULES.view(state, 0), {0: "Ann"})["ships"]
    board = next(s for s in ships if s["id"] == "new_caprica")
    assert board["name"].startswith("New Caprica (civilian ships locked down: ")
    rows = {loc["id"]: loc for loc in board["locations"]}
    assert rows["occupation_authority"]["name"] == "Occupation Authority · occupation forces: 1"
    assert sorted(p["who"] for p in rows["resistance_hq"]["people"]) == ["", "", "", "", "Ann"]  # every human (R821)
    with translation.override("it"):
        ships = presenter.ships_data(RULES.view(state, 0), {0: "Ann"})["ships"]
        board = next(s for s in ships if s["id"] == "new_caprica")
        assert board["name"].startswith("Nuova Caprica (navi civili bloccate: ")
        assert any(loc["name"] == "QG della Resistenza" for loc in board["locations"])
