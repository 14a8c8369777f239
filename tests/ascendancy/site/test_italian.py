"""Italian: every text the Ascendancy engine can show (refusal codes, prompts, events, table options and their
choices) and every name in its data files (civilizations, advancements, systems, exploration cards, fleets,
agendas) has an entry in the Italian catalogue; ``games/ascendancy/strings.py`` lists them all; the site shows
them in Italian to an Italian player."""

from __future__ import annotations

import gettext
from pathlib import Path

from django.utils import translation

from games.ascendancy.engine import messages
from games.ascendancy.management.commands.ascendancy_strings import TARGET, collect, render

MO = Path(__file__).resolve().parents[3] / "locale" / "it" / "LC_MESSAGES" / "django.mo"


def _catalog() -> dict[str, str]:
    with MO.open("rb") as fh:
        found: dict[str, str] = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
    return found


def test_the_strings_module_is_up_to_date() -> None:
    assert Path(TARGET).read_text(encoding="utf-8") == render(), "run: manage.py ascendancy_strings"


def test_every_message_prompt_event_and_option_has_an_italian_text() -> None:
    catalog = _catalog()
    for table in ("MESSAGES", "PROMPTS", "EVENTS", "OPTIONS", "CHOICES"):
        texts = getattr(messages, table)
        assert texts, table
        missing = [key for key, text in texts.items() if not catalog.get(text)]
        assert not missing, (table, missing)


def test_every_data_name_has_an_italian_name() -> None:
    from games.ascendancy.presenter import data_names

    catalog = _catalog()
    names = data_names()
    kinds = {ident.split("_")[0] for ident, _ in names}
    assert len(names) > 300 and {"federation", "klingon"} <= kinds
    assert not [(ident, name) for ident, name in names if not catalog.get(name)]
    assert not [text for _, text in collect() if not catalog.get(text)]


def test_an_italian_player_reads_italian_names_and_events() -> None:
    from games.ascendancy.presenter import name_of
    from games.messages import engine_text, option_label

    with translation.override("it"):
        assert name_of("federation") == "Federazione Unita dei Pianeti"
        assert name_of("earth") == "Terra"
        event = engine_text("ascendancy", "EVENTS", "starting_project") or ""
        assert translation.gettext(event) == "Il giocatore {seat} inizia con il Progetto {card}."
        assert option_label("ascendancy", {"name": "unbridled_culture", "label": "option_unbridled_culture"}
                            ).startswith("Cultura sfrenata")
    with translation.override("en"):
        assert name_of("federation") == "United Federation of Planets"
