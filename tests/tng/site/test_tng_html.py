"""The TNG board drawn in Python (games/tng/html.py) makes the markup the templates made.

Whole boards are checked byte for byte by ``bench/render.py --compare`` against a corpus rendered by the
templates; here, the cases a played game rarely shows: values that need escaping, an unknown card, an
empty Search Area slot, and every text still in the Italian catalogue.
"""

from __future__ import annotations

import ast
import gettext
import types
from pathlib import Path
from typing import Any

import pytest
from django.template import engines
from django.utils import translation

from games.tng import html as tng_html
from games.tng.presenter import card_info

ROOT = Path(__file__).resolve().parents[3]
MO = ROOT / "locale" / "it" / "LC_MESSAGES" / "django.mo"

# The templates these functions replaced (as they were before the move to Python), as the reference.
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
    {% for p in t.players %}<li class="{% if p.done %}done{% elif p.assimilated or p.resigned %}out{% else %}acting{% endif %}" data-seat="{{ p.seat }}">{% if p.done %}✓{% elif p.assimilated %}✗{% else %}…{% endif %} {{ seats|tng_who:p.seat }}{% if p.me %} ({% translate "you" %}){% endif %}: {% if p.assimilated %}{% translate "assimilated" %}{% elif p.done %}{% translate "done" %}{% elif p.defeated %}{% translate "defeated this turn" %}{% else %}{% translate "still acting" %}{% endif %}</li>{% endfor %}
  </ul>{% endif %}
</section>
"""  # noqa: E501

AWKWARD = "O'Brien <Chief> & \"Miles\""


def _render(source: str, **context: Any) -> str:
    return engines["django"].from_string(source).render(context)


def _page(**kwargs: Any) -> tng_html.Page:
    values: dict[str, Any] = {"seats": [], "position": 0, "controls": [], "url": "/tables/1/command/",
                              "version": "7", "key": "k"}
    values.update(kwargs)
    return tng_html.Page(**values)


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
        assert tng_html.card(card, small) == _render(CARD_TEMPLATE, card=card, small=small)


@pytest.mark.parametrize("language", ["en", "it"])
def test_real_cards_are_the_templates_cards(language):
    with translation.override(language):
        for inst in ("worf#1", "crewman#1", "survey_neutral_zone#1", "romulan_scout#1", "enterprise_d#1",
                     "ally_bortas#1", "influence_high_council#1", "borg_cube_1#1", "borg_card#2", "q_continuum#1"):
            c = card_info(inst)
            assert tng_html.card(c) == _render(CARD_TEMPLATE, card=c, small=False)


def test_a_card_dicts_html_is_kept_and_a_changed_copy_is_drawn_again():
    c = {"id": "x#1", "name": "a", "type": "event", "type_name": "Event", "lines": ["one"], "status": []}
    first = tng_html.card(c)
    assert tng_html.card(c) is first
    assert tng_html.card({**c, "name": "b"}) != first
    assert tng_html.card(c, small=True) != first


@pytest.mark.parametrize("css", ["", "secondary discard"])
def test_a_command_form_is_the_templates_form(css):
    c = {"kind": "buy", "args": '{"slot":1}', "label": AWKWARD, "css": css}
    context = {"table": types.SimpleNamespace(pk=1), "form_version": 12, "idempotency_key": "5f0c-'"}
    page = tng_html.Page.from_context(context)
    assert tng_html.command_form(c, page) == _render(COMMAND_FORM_TEMPLATE, c=c, **context)


def test_seat_names_are_escaped_and_an_empty_seat_is_player_n():
    seats = [types.SimpleNamespace(position=0, user=types.SimpleNamespace(shown_name=AWKWARD))]
    page = _page(seats=seats)
    assert page.who(0) == "O&#x27;Brien &lt;Chief&gt; &amp; &quot;Miles&quot;"
    assert page.who(2) == "Player 3"


def test_an_empty_search_area_slot_says_so_and_keeps_its_forms():
    t = {"slots": [{"slot": 0, "card": None}], "basic": [], "missions": [], "starbase_deck": 1,
         "starbase_discard": 0, "ensigns": 2, "space_deck": 3, "box": 0}
    controls = [{"kind": "search", "args": '{"slot":0}', "label": "Search", "on_board": True, "slot": 0, "css": ""}]
    with translation.override("it"):
        html = tng_html.table(t, _page(controls=controls))
    assert '<div class="tng-slot" data-slot="0">\n          <div class="tng-card empty">vuota</div>\n' in html
    assert 'name="kind" value="search"' in html


def _board_msgids() -> tuple[set[str], set[tuple[str, str]]]:
    """The fixed texts and the (singular, plural) pairs tng_html translates."""
    tree = ast.parse((ROOT / "games" / "tng" / "html.py").read_text(encoding="utf-8"))
    plurals = {
        (node.args[0].value, node.args[1].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ngettext"
    }
    return set(tng_html._FIXED), plurals


def test_every_text_of_the_board_is_in_the_italian_catalogue():
    """The board keeps the templates' msgids: the Italian catalogue has each, with its plural."""
    with MO.open("rb") as fh:
        catalog = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
    texts, plurals = _board_msgids()
    assert len(texts) > 90 and len(plurals) >= 11
    assert not [t for t in texts if t not in catalog]
    assert not [p for p in plurals if (p[0], 0) not in catalog or (p[0], 1) not in catalog]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_borg_panel_is_the_templates_panel_with_players_out_and_team_areas(language):
    seats = [types.SimpleNamespace(position=i, user=types.SimpleNamespace(shown_name=name))
             for i, name in enumerate(["ann", AWKWARD, "cy"])]
    players = [
        {"seat": 0, "me": True, "done": False, "assimilated": False, "resigned": False, "defeated": True},
        {"seat": 1, "me": False, "done": False, "assimilated": True, "resigned": False, "defeated": False},
        {"seat": 2, "me": False, "done": False, "assimilated": False, "resigned": True, "defeated": False},
        {"seat": 3, "me": False, "done": True, "assimilated": False, "resigned": False, "defeated": False},
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
            assert tng_html.borg(t, _page(seats=seats)) == expected
