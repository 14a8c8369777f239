"""The TNG board's Jinja2 parts (games/tng/jinja2/tng/, data from games/tng/board.py) make the markup the
Django templates made, byte for byte (config/jinja2.py escapes values as Django does).

Whole boards are checked by ``bench/render.py --compare`` against a saved corpus; here, the cases a played
game rarely shows: values that need escaping, an unknown card, an empty Search Area slot, a teammate's
panel, and every text of the templates in the Italian catalogue.
"""

from __future__ import annotations

import gettext
import re
import types
from pathlib import Path
from typing import Any

import pytest
from django.template import engines
from django.utils import translation
from django.utils.translation import get_language

from config.jinja2 import CollapseLineBreaks
from games import parts as parts_module
from games.parts import Part, render_part
from games.tng import board
from games.tng.presenter import card_info

ROOT = Path(__file__).resolve().parents[3]
MO = ROOT / "locale" / "it" / "LC_MESSAGES" / "django.mo"

# The Django templates the board was first drawn with, as the reference.
CARD_TEMPLATE = """{% load i18n %}{% if card %}<div class="tng-card t-{{ card.type }}{% if card.starting %} starting{% endif %}{% if small %} small{% endif %}" data-card="{{ card.id }}" title="{{ card.title }}">
  <div class="tc-top"><span class="tc-name">{{ card.name }}</span>{% if card.cost %}<span class="tc-cost" title="{% translate 'Cost in XP' %}">{{ card.cost }} XP</span>{% endif %}</div>
  <div class="tc-type">{{ card.type_name }}{% if card.mp %} · <span class="tc-mp" title="{% translate 'Mission Points' %}">{{ card.mp }} MP</span>{% endif %}</div>
  {% if card.status %}<div class="tc-status">{% for s in card.status %}<span class="st st-{{ s.stat }}" title="{{ s.name }}">{{ s.glyph }}{% if card.type == "ship" or card.type == "cube" or card.type == "ally" %}{{ s.value }}{% else %}+{{ s.value }}{% endif %}</span>{% endfor %}</div>{% endif %}
  {% if not small %}{% for line in card.lines %}<div class="tc-text">{{ line }}</div>{% endfor %}{% endif %}
</div>{% endif %}
"""  # noqa: E501
COMMAND_FORM_TEMPLATE = """<form class="command tng-cmd tng-cmd-{{ c.kind }}" hx-post="{% url 'table_command' table.pk %}" ws-send hx-target="find .form-error" hx-swap="innerHTML" hx-disabled-elt="find button">
  <input type="hidden" name="kind" value="{{ c.kind }}">
  <input type="hidden" name="args" value="{{ c.args }}">
  <input type="hidden" name="version" value="{{ form_version }}">
  <input type="hidden" name="idempotency_key" value="{{ idempotency_key }}">
  <button type="submit" data-kind="{{ c.kind }}" data-args="{{ c.args }}"{% if c.css %} class="{{ c.css }}"{% endif %} title="{{ c.label }}">{{ c.label }}</button>
  <span class="form-error"></span>
</form>
"""  # noqa: E501

BORG_TEMPLATE = """{% load i18n tng_tags %}<section class="tng-borg" aria-label="{% translate 'The Borg' %}">
  <h3>{% translate "The Borg" %}</h3>
  {% if t.borg_areas %}<ul class="borg-teams">{% for a in t.borg_areas %}<li class="borg-clock{% if a.count <= 5 %} danger{% endif %}{% if a.on_turn %} on-turn{% endif %}" data-team="{{ a.team }}">◼ <strong>{{ a.label }}</strong> ({% for s in a.seats %}{{ seats|tng_who:s }}{% if not forloop.last %}, {% endif %}{% endfor %}{% if a.mine %} · {% translate "your team" %}{% endif %}): {% blocktranslate count n=a.count %}{{ n }} Borg card left in the Borg Card Area{% plural %}{{ n }} Borg cards left in the Borg Card Area{% endblocktranslate %}{% if a.on_turn %} · {% translate "its group turn now" %}{% endif %}</li>{% endfor %}</ul>
  <p class="muted">{% translate "Each team has its own Borg Card Area: the team whose area empties first loses." %}</p>
  {% else %}<p class="borg-clock{% if t.borg_area <= 5 %} danger{% endif %}" title="{% translate 'When the Borg Card Area is empty, everyone loses' %}">◼ {% blocktranslate count n=t.borg_area %}{{ n }} Borg card left in the Borg Card Area{% plural %}{{ n }} Borg cards left in the Borg Card Area{% endblocktranslate %} · {% translate "at 0 the Borg win" %}</p>{% endif %}
  <p>{% blocktranslate count n=t.cubes %}{{ n }} Cube destroyed{% plural %}{{ n }} Cubes destroyed{% endblocktranslate %} · {% translate "Five Borg cards in hand: assimilated." %}{% if t.mine %} <strong>{% blocktranslate with n=t.mine.borg_in_hand %}You hold {{ n }} Borg card(s).{% endblocktranslate %}</strong>{% endif %}</p>
  {% if t.locutus %}<p class="muted">{% translate "To win: find and defeat" %} <span title="{{ t.locutus.title }}">{{ t.locutus.name }}</span>.</p>{% endif %}
  {% if t.group and not t.stage %}<ul class="done-list" aria-label="{% translate 'Who has declared done' %}">
    {% for p in t.players %}<li class="{% if p.done %}done{% elif p.assimilated or p.resigned %}out{% else %}acting{% endif %}" data-seat="{{ p.seat }}">{% if p.done %}✓{% elif p.assimilated %}✗{% else %}…{% endif %} {{ seats|tng_who:p.seat }}{% if p.me %} ({% translate "you" %}){% endif %}: {% if p.assimilated %}{% translate "assimilated" %}{% elif p.done and p.discard_phase %}{% translate "Discard Phase: out of the others' reach this turn" %}{% elif p.done %}{% translate "done" %}{% elif p.defeated %}{% translate "defeated this turn" %}{% else %}{% translate "still acting" %}{% endif %}</li>{% endfor %}
  </ul>{% endif %}
</section>
"""  # noqa: E501

AWKWARD = "O'Brien <Chief> & \"Miles\""
JINJA = engines["jinja2"].env  # type: ignore[attr-defined]
MACROS = JINJA.get_template("tng/_macros.html").module


def _render(source: str, **context: Any) -> str:
    """A Django template's HTML, its source's layout collapsed as the boards' Jinja2 environment does it
    (``config.jinja2.CollapseLineBreaks``): the two must agree but for the indentation they do not send."""
    return engines["django"].from_string(CollapseLineBreaks.collapse(source)).render(context)


def _ctx(**kwargs: Any) -> dict[str, Any]:
    values: dict[str, Any] = {"seats": [], "position": 0, "controls": [], "table": types.SimpleNamespace(pk=1),
                              "form_version": 7, "idempotency_key": "k"}
    values.update(kwargs)
    return values


def _seats(*names: str) -> list[Any]:
    return [types.SimpleNamespace(position=i, user=types.SimpleNamespace(shown_name=n)) for i, n in enumerate(names)]


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("small", [False, True])
@pytest.mark.parametrize(
    "card",
    [
        {"id": "x#1", "name": AWKWARD, "type": "character", "type_name": AWKWARD, "cost": 3, "mp": 10,
         "status": [{"stat": "attack", "name": AWKWARD, "glyph": "⚔", "value": 2}], "lines": [AWKWARD, "b"],
         "starting": True, "title": AWKWARD},
        {"id": "ship#1", "name": "s", "type": "ship", "type_name": "Ship", "cost": 0, "mp": 0,
         "status": [{"stat": "speed", "name": "Speed", "glyph": "➤", "value": 4}], "lines": [], "title": "t"},
        {"id": "mystery", "name": "mystery", "type": "", "type_name": "", "lines": [], "status": []},
        None,
    ],
    ids=["escaped", "ship", "unknown", "none"],
)
def test_a_card_is_the_templates_card(card, small, language):
    with translation.override(language):
        assert str(MACROS.card(card, small)) == _render(CARD_TEMPLATE, card=card, small=small)


@pytest.mark.parametrize("language", ["en", "it"])
def test_real_cards_are_the_templates_cards(language):
    with translation.override(language):
        for inst in ("worf#1", "crewman#1", "survey_neutral_zone#1", "romulan_scout#1", "enterprise_d#1",
                     "ally_bortas#1", "influence_high_council#1", "borg_cube_1#1", "borg_card#2", "q_continuum#1"):
            c = card_info(inst)
            assert str(MACROS.card(c)) == _render(CARD_TEMPLATE, card=c, small=False)


def test_a_part_is_drawn_once_per_data_and_language_and_again_when_its_data_changes():
    c = {"id": "x#1", "name": "a", "type": "event", "type_name": "Event", "lines": ["one"], "status": []}
    space = {"space_deck": 3, "missions": [], "revealed": [c], "queue": [], "box": 0}
    part = Part("tng-space", "tng/space.html", {"t": space, "forms": {}}, public=True)
    first = render_part(part)
    again = Part("tng-space", "tng/space.html", {"t": dict(space), "forms": {}})
    assert again.digest == part.digest and (part.digest, get_language()) in parts_module._RENDERED
    assert render_part(again) == first
    changed = render_part(Part("tng-space", "tng/space.html", {"t": {**space, "revealed": [{**c, "name": "b"}]},
                                                                 "forms": {}}))
    assert changed != first and 'class="tc-name">b<' in changed
    with translation.override("it"):
        assert render_part(part) != first


@pytest.mark.parametrize("css", ["", "secondary discard"])
def test_a_command_form_is_the_templates_form(css):
    c = {"kind": "buy", "args": '{"slot":1}', "label": AWKWARD, "css": css}
    context = {"table": types.SimpleNamespace(pk=1), "form_version": 12, "idempotency_key": "5f0c-'"}
    forms = board.on_card_forms([{**c, "on_board": True, "slot": 1}], "/tables/1/command/", 12, "5f0c-'")
    assert str(MACROS.forms_on(forms, "slot:1")) == _render(COMMAND_FORM_TEMPLATE, c=c, **context)


def _player(seat: int, **kwargs: Any) -> dict[str, Any]:
    p = {"seat": seat, "seat_no": f"#{seat + 1}", "me": False, "partner": False, "team": None, "hand_count": 5,
         "stats": [], "ship": {}, "played": [], "influence": [], "points": []}
    p.update(kwargs)
    return p


def test_seat_names_are_escaped_and_an_empty_seat_is_player_n():
    t = {"players": [_player(0, me=True), _player(1), _player(2)], "slots": [], "basic": [], "missions": []}
    parts = {p.id: p for p in board.parts(t, _ctx(seats=_seats("me", AWKWARD)))}
    assert "tng-player-0" not in parts  # my panel is tng-mine's
    assert "O&#x27;Brien &lt;Chief&gt; &amp; &quot;Miles&quot; <small>" in render_part(parts["tng-player-1"])
    assert '</span>Player 3 <small>' in render_part(parts["tng-player-2"])


def test_a_teammates_panel_is_private_and_says_so_and_the_others_are_public():
    t = {"players": [_player(0, me=True, team=0), _player(1, team=0, partner=True), _player(2, team=1)],
         "slots": [], "basic": [], "missions": []}
    parts = {p.id: p for p in board.parts(t, _ctx(seats=_seats("a", "b", "c")))}
    assert not parts["tng-player-1"].public and "your teammate" in render_part(parts["tng-player-1"])
    assert parts["tng-player-2"].public and "your teammate" not in render_part(parts["tng-player-2"])
    assert not parts["tng-head"].public


def test_an_empty_search_area_slot_says_so_and_keeps_its_forms_in_a_private_part():
    t = {"slots": [{"slot": 0, "card": None}], "basic": [], "missions": [], "starbase_deck": 1,
         "starbase_discard": 0, "ensigns": 2, "space_deck": 3, "box": 0}
    controls = [{"kind": "search", "args": '{"slot":0}', "label": "Search", "on_board": True, "slot": 0, "css": ""}]
    with translation.override("it"):
        parts = {p.id: p for p in board.parts(t, _ctx(controls=controls))}
        html = render_part(parts["tng-slot-0"])
        bare = render_part({p.id: p for p in board.parts(t, _ctx())}["tng-slot-0"])
        page = board.render_board(list(parts.values()))
    assert not parts["tng-slot-0"].public and parts["tng-space"].public and parts["tng-starbase-piles"].public
    assert html.startswith('<div class="tng-slot" id="tng-slot-0" data-slot="0">\n<div class="tng-card empty">vuota</div>\n')
    assert 'name="kind" value="search"' in html and 'name="version" value="7"' in html
    assert 'name="kind"' not in bare and 'class="tng-card empty"' in bare
    # The outline: the slot in the Search Area of the Starbase, beside Space in the table's layout box.
    assert re.search(r'<div class="tng-table">\n<section class="tng-starbase" aria-label="Starbase">\n'
                     r'<h3>[^<]+</h3>\n<div class="tng-search">\n<div class="tng-slot" id="tng-slot-0"', page)
    assert re.search(r'</p>\n</section>\n<section class="tng-space" id="tng-space"[^>]*>.*</section>\n</div>\n</div>\n\Z',
                     page, re.S)


def _board_msgids() -> tuple[set[str], set[tuple[str, str]]]:
    """The texts and the (singular, plural) pairs the board's templates translate."""
    texts: set[str] = set()
    plurals: set[tuple[str, str]] = set()
    for path in (ROOT / "games" / "tng" / "jinja2" / "tng").glob("*.html"):
        for _line, func, message in JINJA.extract_translations(path.read_text(encoding="utf-8")):
            if func == "ngettext":
                plurals.add((message[0], message[1]))
            else:  # a tuple when the call has keyword arguments
                texts.add(message[0] if isinstance(message, tuple) else message)
    return texts, plurals


def test_every_text_of_the_board_is_in_the_italian_catalogue():
    """The board keeps the Django templates' msgids: the Italian catalogue has each, with its plural."""
    with MO.open("rb") as fh:
        catalog = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
    texts, plurals = _board_msgids()
    assert len(texts) > 90 and len(plurals) >= 11
    assert not [t for t in texts if t not in catalog]
    assert not [p for p in plurals if (p[0], 0) not in catalog or (p[0], 1) not in catalog]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_borg_panel_is_the_templates_panel_with_players_out_and_team_areas(language):
    seats = _seats("ann", AWKWARD, "cy")
    players = [
        {"seat": 0, "me": True, "done": False, "assimilated": False, "resigned": False, "defeated": True},
        {"seat": 1, "me": False, "done": False, "assimilated": True, "resigned": False, "defeated": False},
        {"seat": 2, "me": False, "done": False, "assimilated": False, "resigned": True, "defeated": False},
        {"seat": 3, "me": False, "done": True, "assimilated": False, "resigned": False, "defeated": False},
        {"seat": 3, "me": False, "done": True, "assimilated": False, "resigned": False, "defeated": False,
         "discard_phase": True},
    ]
    with translation.override(language):
        locutus = card_info("locutus#1") or {"title": AWKWARD, "name": AWKWARD}
        for t in (
            {"borg_areas": [], "borg_area": 5, "cubes": 1, "mine": {"borg_in_hand": 2}, "locutus": locutus,
             "group": {"searches": 1}, "stage": None, "players": players},
            {"borg_areas": [{"team": 0, "label": "Team 1", "count": 1, "mine": True, "on_turn": True, "seats": [0, 2]},
                            {"team": 1, "label": AWKWARD, "count": 9, "mine": False, "on_turn": False, "seats": [1]}],
             "borg_area": 0, "cubes": 0, "mine": None, "locutus": None, "group": None, "stage": None,
             "players": players},
        ):
            expected = _render(BORG_TEMPLATE, t=t, seats=seats, position=0)
            parts = {p.id: p for p in board.parts({**t, "scenario": "borg_invasion"}, _ctx(seats=seats))}
            html = render_part(parts["tng-borg"])
            assert html == expected.replace('<section class="tng-borg"', '<section class="tng-borg" id="tng-borg"', 1).rstrip("\n")
